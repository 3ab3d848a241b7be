# SPDX-License-Identifier: Apache-2.0
"""lamina.render: the reference compositor headless (issue 11). Exact geometry, a half-way
implicit move, the RenderedImage API and errors. Skipped only where liblamina-gles is not built, unless
LAMINA_REQUIRE_GLES=1 (CI sets it) turns that into a failure."""
import os
import struct
import zlib

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)

RED = (255, 0, 0, 255)
WHITE = (255, 255, 255, 255)


def scene(engine):
    root = engine.layer(bounds=(0, 0, 200, 200), position=(100, 100),
                        background_color=lamina.WHITE)
    box = engine.layer(bounds=(0, 0, 100, 100), position=(100, 100),
                       background_color=lamina.RED)
    root.add_sublayer(box)
    engine.tick(0.0)
    return root, box


def assert_rect(img, x0, y0, x1, y1, inside=RED, outside=WHITE):
    for y in range(img.height):
        for x in range(img.width):
            want = inside if (x0 <= x < x1 and y0 <= y < y1) else outside
            assert img.pixel(x, y) == want, (x, y)


def test_red_square_covers_exactly_its_pixels(engine):
    root, _ = scene(engine)
    img = lamina.render(root, size=(200, 200), at=0.0)
    assert (img.width, img.height) == (200, 200)
    assert len(img.rgba) == 200 * 200 * 4
    assert_rect(img, 50, 50, 150, 150)
    assert img.draw_calls == 1


def test_scale_two(engine):
    root, _ = scene(engine)
    img = lamina.render(root, size=(400, 400), at=0.0, scale=2.0)
    assert img.pixel(99, 99) == WHITE
    assert img.pixel(100, 100) == RED
    assert img.pixel(299, 299) == RED
    assert img.pixel(300, 300) == WHITE


def test_half_way_implicit_move_is_drawn_half_way(engine):
    root, box = scene(engine)
    with engine.transaction(duration=1.0, timing=lamina.TimingFunction.named("linear")):
        box.position = (200, 100)
    engine.tick(0.0)
    assert_rect(lamina.render(root, size=(200, 200), at=0.5), 100, 50, 200, 150)
    # `at` defaults to the engine's time.
    engine.tick(0.25)
    assert_rect(lamina.render(root, size=(200, 200)), 75, 50, 175, 150)


def test_translucent_pixels_are_not_premultiplied(engine):
    layer = engine.layer(bounds=(0, 0, 10, 10), position=(5, 5),
                         background_color=lamina.Color(0.2, 0.4, 1.0, 0.5))
    engine.tick(0.0)
    r, g, b, a = lamina.render(layer, size=(10, 10), at=0.0).pixel(5, 5)
    assert abs(a - 128) <= 1
    assert abs(r - 51) <= 2 and abs(g - 102) <= 2 and b >= 253


def test_save_png_round_trips(engine, tmp_path):
    root, _ = scene(engine)
    img = lamina.render(root, size=(200, 200), at=0.0)
    path = tmp_path / "frame.png"
    img.save_png(path)
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    w, h, depth, ctype = struct.unpack(">IIBB", data[16:26])
    assert (w, h, depth, ctype) == (200, 200, 8, 6)
    # Decode the single IDAT chunk: filter byte 0 per row, then the RGBA rows.
    n = struct.unpack(">I", data[33:37])[0]
    assert data[37:41] == b"IDAT"
    raw = zlib.decompress(data[41:41 + n])
    rows = b"".join(raw[y * 801 + 1:(y + 1) * 801] for y in range(200))
    assert rows == img.rgba


def test_pixel_outside_raises(engine):
    root, _ = scene(engine)
    img = lamina.render(root, size=(20, 10), at=0.0)
    with pytest.raises(IndexError):
        img.pixel(20, 0)
    with pytest.raises(IndexError):
        img.pixel(0, -1)


def test_bad_input_raises(engine):
    root, _ = scene(engine)
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.render(root, size=(0, 10))
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.render(root, size=(10, 100000))
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.render(root, size=(10, 10), scale=0.0)
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.render(root, size=(10, 10), at=float("nan"))
    with pytest.raises(TypeError):
        lamina.render(root, size=10)
    fresh = engine.layer(bounds=(0, 0, 10, 10))
    with pytest.raises(lamina.NoPresentationError):
        lamina.render(fresh, size=(10, 10), at=0.0)


def test_closed_engine_raises():
    engine = lamina.Engine()
    root, _ = scene(engine)
    engine.close()
    with pytest.raises(lamina.StaleHandleError):
        lamina.render(root, size=(10, 10), at=0.0)


def test_group_opacity_switch(engine):
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50),
                        background_color=lamina.WHITE)
    group = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), opacity=0.5)
    a = engine.layer(bounds=(0, 0, 60, 60), position=(30, 30), background_color=lamina.RED)
    b = engine.layer(bounds=(0, 0, 60, 60), position=(70, 70),
                     background_color=lamina.Color(0, 0, 1, 1))
    root.add_sublayer(group)
    group.add_sublayer(a)
    group.add_sublayer(b)
    engine.tick(0.0)
    grouped = lamina.render(root, size=(100, 100), at=0.0).pixel(50, 50)
    flat = lamina.render(root, size=(100, 100), at=0.0, group_opacity=False).pixel(50, 50)
    assert abs(grouped[1] - 128) <= 2  # green: only blue at 50% over white (RS-2.2)
    assert abs(flat[1] - 64) <= 2      # green: blue over red over white (RS-2.3)
