# SPDX-License-Identifier: Apache-2.0
"""lamina.render() draws shape, gradient and replicator layers (issue 15) through the
reference compositor: fills, strokes and partial strokes (RS-8), axial gradients (RS-9) and
replicator instances with their colours (RS-13). Pixels are 8-bit, compared within a stated
tolerance (TOL levels: anti-aliasing at edges is avoided by sampling away from them)."""
import os

import pytest

import lamina
from lamina import BLUE, GREEN, RED, Path, Transform3D

TOL = 8  # of 255: the compositor's gradient and blending rounding


def close(pixel, ref, tol=TOL):
    return all(abs(a - b) <= tol for a, b in zip(pixel, ref))


try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

# As tests/test_render.py: skipped only where liblamina-gles is not built, unless
# LAMINA_REQUIRE_GLES=1 (CI sets it) turns that into a failure.
if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)


def test_a_filled_shape_is_drawn_inside_its_path(engine):
    root = engine.layer(bounds=(0, 0, 60, 60), position=(30, 30))
    root.add_sublayer(engine.shape_layer(bounds=(0, 0, 60, 60), position=(30, 30),
                                         path=Path.rect((10, 10, 40, 20)), fill_color=GREEN))
    engine.tick(0)
    img = lamina.render(root, (60, 60))
    assert close(img.pixel(30, 20), (0, 255, 0, 255))
    assert img.pixel(30, 45)[3] == 0 and img.pixel(5, 5)[3] == 0


def test_even_odd_leaves_the_inner_ring_empty(engine):
    path = Path.rect((0, 0, 60, 60))
    path.elements += Path.rect((20, 20, 20, 20)).elements
    root = engine.shape_layer(bounds=(0, 0, 60, 60), position=(30, 30), path=path, fill_color=RED)
    engine.tick(0)
    assert close(lamina.render(root, (60, 60)).pixel(30, 30), (255, 0, 0, 255))  # non-zero
    root.fill_rule = "even-odd"
    engine.tick(0)
    img = lamina.render(root, (60, 60))
    assert img.pixel(30, 30)[3] == 0 and close(img.pixel(10, 10), (255, 0, 0, 255))


def test_a_stroke_and_its_partial_stroke_end(engine):
    ring = engine.shape_layer(bounds=(0, 0, 100, 100), position=(50, 50),
                              path=Path.ellipse((10, 10, 80, 80)), fill_color=None,
                              stroke_color=BLUE, line_width=8)
    engine.tick(0)
    img = lamina.render(ring, (100, 100))
    on_ring = [(90, 50), (50, 90), (10, 50), (50, 10)]  # 3, 6, 9 and 12 o'clock
    assert all(close(img.pixel(x, y), (0, 0, 255, 255)) for x, y in on_ring)
    assert img.pixel(50, 50)[3] == 0  # no fill
    ring.stroke_end = 0.5  # from 3 o'clock half-way round: to 9 o'clock
    engine.tick(0)
    engine.tick(10)  # after the implicit animation
    img = lamina.render(ring, (100, 100))
    bottom, top = img.pixel(50, 90)[3] > 128, img.pixel(50, 10)[3] > 128
    assert bottom != top  # exactly one half of the circle is stroked


def test_an_axial_gradient_goes_from_its_first_to_its_last_colour(engine):
    g = engine.gradient_layer(bounds=(0, 0, 101, 10), position=(50.5, 5), colors=[RED, BLUE],
                              start_point=(0, 0.5), end_point=(1, 0.5))
    engine.tick(0)
    img = lamina.render(g, (101, 10))
    assert close(img.pixel(0, 5), (255, 0, 0, 255), tol=6)
    assert close(img.pixel(100, 5), (0, 0, 255, 255), tol=6)
    assert close(img.pixel(50, 5), (128, 0, 128, 255))


def test_replicator_instances_are_drawn_with_their_colours(engine):
    root = engine.layer(bounds=(0, 0, 80, 20), position=(40, 10))
    rep = engine.replicator_layer(bounds=(0, 0, 80, 20), position=(40, 10), instance_count=3,
                                  instance_transform=Transform3D.translation(20, 0),
                                  instance_red_offset=-0.5)
    rep.add_sublayer(engine.layer(bounds=(0, 0, 10, 10), position=(10, 10), background_color=RED))
    root.add_sublayer(rep)
    engine.tick(0)
    img = lamina.render(root, (80, 20))
    assert close(img.pixel(10, 10), (255, 0, 0, 255))
    assert close(img.pixel(30, 10), (128, 0, 0, 255))
    assert close(img.pixel(50, 10), (0, 0, 0, 255))
    assert img.pixel(70, 10)[3] == 0  # no fourth instance
    assert img.pixel(20, 10)[3] == 0  # between the instances


def _lottie_highlight(h, a):
    """A 200 x 200 Lottie file: a circle of radius 85 at (100, 100) filled with a radial
    gradient from (100, 100) to (180, 100) (r = 80), white to t = 0.1 then black (a hard step),
    with the highlight `h` (percent) at `a` degrees."""
    import json
    grad = {"ty": "gf", "t": 2, "s": {"a": 0, "k": [0, 0]}, "e": {"a": 0, "k": [80, 0]},
            "h": {"a": 0, "k": h}, "a": {"a": 0, "k": a}, "o": {"a": 0, "k": 100}, "r": 1,
            "g": {"p": 4, "k": {"a": 0, "k": [0, 1, 1, 1, 0.1, 1, 1, 1, 0.1, 0, 0, 0, 1, 0, 0, 0]}}}
    ellipse = {"ty": "el", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [170, 170]}}
    tr = {"ty": "tr", "p": {"a": 0, "k": [100, 100]}, "a": {"a": 0, "k": [0, 0]},
          "s": {"a": 0, "k": [100, 100]}, "r": {"a": 0, "k": 0}, "o": {"a": 0, "k": 100}}
    layer = {"ty": 4, "ind": 1, "ip": 0, "op": 10, "st": 0, "ks": {},
             "shapes": [{"ty": "gr", "it": [ellipse, grad, tr]}]}
    return json.dumps({"v": "5.7.0", "fr": 30, "ip": 0, "op": 10, "w": 200, "h": 200,
                       "layers": [layer]}).encode()


@pytest.mark.parametrize("h, a", [(60, 30), (-45, 120), (150, -90), (0, 0)])
def test_a_lottie_radial_highlight_moves_the_focal_point_rs_9_10(engine, h, a):
    # lottie-web's focal point F: h % of r (clamped to +-99 %) from the start at the angle of
    # start -> end plus a. The white region t < 0.1 is the circle shrunk by 0.1 about F, so its
    # centroid is 0.9 F + 0.1 S: within a pixel of that, and not at S unless h = 0.
    import math
    anim = engine.load_lottie(_lottie_highlight(h, a))
    assert not any("highlight" in w for w in anim.warnings)
    anim.seek(0)
    engine.tick(engine.time + 1)
    img = lamina.render(anim.root, (200, 200))
    p = max(-0.99, min(0.99, h / 100))
    fx, fy = 100 + 80 * p * math.cos(math.radians(a)), 100 + 80 * p * math.sin(math.radians(a))
    want = (0.9 * fx + 0.1 * 100, 0.9 * fy + 0.1 * 100)
    sx = sy = n = 0.0
    for y in range(200):
        for x in range(200):
            r, g, b, alpha = img.pixel(x, y)
            w = (r / 255) * (alpha / 255)  # white's share (antialiased edge pixels weigh less)
            sx += w * (x + 0.5)
            sy += w * (y + 0.5)
            n += w
    assert n > 100, "a white region is drawn"
    assert abs(sx / n - want[0]) < 1.0 and abs(sy / n - want[1]) < 1.0, (sx / n, sy / n, want)
