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
