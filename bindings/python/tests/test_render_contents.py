# SPDX-License-Identifier: Apache-2.0
"""lamina.render draws layer content (issue 10's record fields, rendered by issue 11's
compositor): contents images with gravity and contentsRect (RS-4), masks (RS-5.1) and
allowsGroupOpacity per layer (RS-2.3). Skipped only where liblamina-gles is not built, unless
LAMINA_REQUIRE_GLES=1 (CI sets it)."""
import os

import pytest

import lamina
from lamina import Rect

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)


def close(px, want, tol=2):
    return all(abs(a - b) <= tol for a, b in zip(px, want))


def quadrants(engine):
    """A 2 x 2 image: red, green / blue, white (row 0 the top, straight alpha)."""
    data = bytes([255, 0, 0, 255, 0, 255, 0, 255,
                  0, 0, 255, 255, 255, 255, 255, 255])
    return engine.create_image(2, 2, data)


def test_contents_upright_and_nearest(engine):
    """RS-4.2: row 0 of the image is drawn at the top (minY) of the y-down layer; nearest
    magnification keeps each pixel a solid 50 x 50 square."""
    layer = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50),
                         magnification_filter="nearest")
    layer.contents = quadrants(engine)
    engine.tick(0.0)
    img = lamina.render(layer, size=(100, 100), at=0.0)
    assert img.pixel(10, 10) == (255, 0, 0, 255)
    assert img.pixel(90, 10) == (0, 255, 0, 255)
    assert img.pixel(10, 90) == (0, 0, 255, 255)
    assert img.pixel(90, 90) == (255, 255, 255, 255)
    assert img.pixel(49, 49) == (255, 0, 0, 255) and img.pixel(50, 50) == (255, 255, 255, 255)


def test_contents_rect_and_gravity(engine):
    """RS-4.2/4.3: contentsRect picks the green pixel; center gravity places the 1 x 1 point
    sub-image (contentsScale 1) in the middle, leaving the rest transparent."""
    layer = engine.layer(bounds=(0, 0, 20, 20), position=(10, 10),
                         contents_gravity="center", magnification_filter="nearest")
    layer.contents = quadrants(engine)
    layer.contents_rect = Rect.of(0.5, 0, 0.5, 0.5)
    engine.tick(0.0)
    big = lamina.render(layer, size=(200, 200), at=0.0, scale=10.0)
    assert big.pixel(100, 100) == (0, 255, 0, 255)  # the centre point (9.5..10.5) * 10
    assert big.pixel(20, 20)[3] == 0


def test_mask_gates_alpha(engine):
    """RS-5.1: a half-size mask shows the host only where the mask draws."""
    host = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50),
                        background_color=lamina.RED)
    mask = engine.layer(bounds=(0, 0, 50, 100), position=(25, 50),
                        background_color=lamina.Color(0, 0, 0, 1))
    host.mask = mask
    engine.tick(0.0)
    img = lamina.render(host, size=(100, 100), at=0.0)
    assert img.pixel(20, 50) == (255, 0, 0, 255)
    assert img.pixel(80, 50)[3] == 0


def test_allows_group_opacity_per_layer(engine):
    """RS-2.2/2.3: allowsGroupOpacity NO on one layer draws its sublayers each at 50%."""
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50),
                        background_color=lamina.WHITE)
    group = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), opacity=0.5)
    group["allowsGroupOpacity"] = False
    a = engine.layer(bounds=(0, 0, 60, 60), position=(30, 30), background_color=lamina.RED)
    b = engine.layer(bounds=(0, 0, 60, 60), position=(70, 70),
                     background_color=lamina.Color(0, 0, 1, 1))
    root.add_sublayer(group)
    group.add_sublayer(a)
    group.add_sublayer(b)
    engine.tick(0.0)
    px = lamina.render(root, size=(100, 100), at=0.0).pixel(50, 50)
    assert close(px[:3], (128, 64, 191), 3)  # blue over red over white, each at 50%
