# SPDX-License-Identifier: Apache-2.0
"""Issue 25 from Python: the edge flags (RS-11.1, RS-11.2; on by default in Lamina) and
shouldRasterize (RS-11.3) in the draw record and in lamina.render, whose stats say when a
rasterized subtree's cached texture is reused. Skipped where liblamina-gles is not built, unless
LAMINA_REQUIRE_GLES=1 (CI sets it)."""
import os

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

needs_gles = pytest.mark.skipif(not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1",
                                reason="liblamina-gles is not available")


def test_record_carries_the_flags(engine):
    layer = engine.layer(bounds=(0, 0, 10, 10), position=(5, 5))
    engine.tick(0)
    (r,) = engine.draw_list(layer)
    assert layer.allows_edge_antialiasing is True  # Lamina's default (docs/decisions.md)
    assert r.allows_edge_antialiasing and not r.should_rasterize and r.rasterization_scale == 1
    layer.allows_edge_antialiasing = False
    layer.should_rasterize = True
    layer.rasterization_scale = 2
    engine.tick(10)
    engine.tick(20)  # shouldRasterize and rasterizationScale animate implicitly (a step)
    (r,) = engine.draw_list(layer, at=20)
    assert not r.allows_edge_antialiasing
    assert r.should_rasterize and r.rasterization_scale == 2


def _scene(engine):
    root = engine.layer(bounds=(0, 0, 120, 120), position=(60, 60), background_color=lamina.WHITE)
    # x 20.25 ... 80.25: pixel 20 is three quarters covered.
    box = engine.layer(bounds=(0, 0, 60, 60), position=(50.25, 60), background_color=lamina.BLACK)
    root.add_sublayer(box)
    engine.tick(0)
    return root, box


@needs_gles
def test_edge_flags_render(engine):
    root, box = _scene(engine)
    img = lamina.render(root, (120, 120), at=0)
    assert abs(img.pixel(20, 60)[0] - 64) <= 3  # antialiased: 1/4 white
    box.allows_edge_antialiasing = False
    engine.tick(10)
    img = lamina.render(root, (120, 120), at=10)
    assert img.pixel(20, 60)[:3] == (0, 0, 0)  # its centre is inside: whole
    assert img.pixel(80, 60)[:3] == (255, 255, 255)  # its centre is outside: none
    box.allows_edge_antialiasing = True
    box.edge_antialiasing_mask = 2  # maxX only
    engine.tick(20)
    engine.tick(30)
    img = lamina.render(root, (120, 120), at=30)
    assert img.pixel(20, 60)[:3] == (0, 0, 0)
    assert abs(img.pixel(80, 60)[0] - 191) <= 3


@needs_gles
def test_should_rasterize_reuses_its_texture(engine):
    root, box = _scene(engine)
    inner = engine.layer(bounds=(0, 0, 20, 20), position=(10, 10), background_color=lamina.RED)
    box.add_sublayer(inner)
    box.should_rasterize = True
    engine.tick(10)
    engine.tick(20)
    first = lamina.render(root, (120, 120), at=20)
    assert (first.rasters_drawn, first.rasters_reused) == (1, 0)
    again = lamina.render(root, (120, 120), at=20)
    assert (again.rasters_drawn, again.rasters_reused) == (0, 1)
    assert again.rgba == first.rgba
    inner.background_color = lamina.BLUE  # a change inside: drawn again
    engine.tick(30)
    engine.tick(40)
    changed = lamina.render(root, (120, 120), at=40)
    assert (changed.rasters_drawn, changed.rasters_reused) == (1, 0)
    assert changed.pixel(30, 40)[:3] == (0, 0, 255)


@needs_gles
@pytest.mark.parametrize("scale", [0, -1, 1e9])
def test_should_rasterize_bad_scale_draws_directly(engine, scale):
    """A rasterizationScale the raster cannot use (zero, negative, a texture past 4096 pixels)
    draws the subtree directly, uncached, and never fails."""
    root, box = _scene(engine)
    direct = lamina.render(root, (120, 120), at=0)
    box.rasterization_scale = scale
    box.should_rasterize = True
    engine.tick(10)
    engine.tick(20)
    img = lamina.render(root, (120, 120), at=20)
    assert (img.rasters_drawn, img.rasters_reused) == (0, 0)
    assert img.rgba == direct.rgba
