# SPDX-License-Identifier: Apache-2.0
"""Reliability, round 3 (issue 31) with the reference compositor: renders and draw lists of one
engine on two threads (item 7b), and an image wider than the GL maximum (item 9). Skipped only
where liblamina-gles is not built, unless LAMINA_REQUIRE_GLES=1 (CI sets it) makes that a
failure."""
import os
import threading
import time

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)


def test_render_and_draw_list_on_two_threads(engine):
    # Item 7b: lamina.render() on one thread rebuilt the engine's draw list while draw_list()
    # on another still converted it: a segfault within about a second. Serialised now.
    a = engine.layer(bounds=(0, 0, 64, 64), position=(32, 32), background_color=lamina.WHITE)
    for i in range(300):
        a.add_sublayer(engine.layer(bounds=(0, 0, 2, 2), position=(float(i % 60), float(i // 60)),
                                    background_color=lamina.RED, opacity=0.5)).release()
    b = engine.layer(bounds=(0, 0, 64, 64))
    for i in range(3000):  # a bigger list: building it moves the engine's buffer
        b.add_sublayer(engine.layer(opacity=0.75)).release()
    engine.tick(0)
    stop = time.monotonic() + 1.5
    errors = []

    def loop(work):
        try:
            while time.monotonic() < stop:
                work()
        except BaseException as e:  # noqa: BLE001 - reported below
            errors.append(e)

    def renders():
        img = lamina.render(a, (64, 64))
        assert img.pixel(32, 60)[:3] != (0, 0, 0)

    def lists():
        ops = [r.opacity for r in engine.draw_list(b)]
        assert len(ops) == 3001 and set(ops[1:]) == {0.75}

    threads = [threading.Thread(target=loop, args=(f,)) for f in (renders, lists)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []


def test_image_wider_than_the_gl_maximum_renders_every_frame(engine):
    # Item 9: 32768 x 2 (above llvmpipe's and most GPUs' 16384): the first frame failed with a
    # GL error and later ones drew nothing. Downscaled now: red left, blue right, each frame.
    w, h = 32768, 2
    row = bytes([255, 0, 0, 255]) * (w // 2) + bytes([0, 0, 255, 255]) * (w // 2)
    img = engine.create_image(w, h, row * h, premultiplied=True)
    layer = engine.layer(bounds=(0, 0, 100, 20), position=(50, 10), contents=img)
    engine.tick(0)
    for _ in range(2):
        frame = lamina.render(layer, (100, 20))
        assert frame.pixel(10, 10) == (255, 0, 0, 255)
        assert frame.pixel(90, 10) == (0, 0, 255, 255)
    if os.environ.get("LAMINA_TEST_PICTURES"):
        frame.save_png(os.path.join(os.environ["LAMINA_TEST_PICTURES"], "oversized-image.png"))
