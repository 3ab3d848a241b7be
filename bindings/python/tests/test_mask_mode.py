# SPDX-License-Identifier: Apache-2.0
"""Mask modes (R16.9, issue 28): ``Layer.mask_mode`` reads the mask as alpha (Core Animation's),
inverted alpha, luminance or inverted luminance; the draw record carries it and the reference
compositor draws it."""
import os

import pytest

import lamina

MODES = ("alpha", "alphaInverted", "luminance", "luminanceInverted")


def masked_scene(engine, mode):
    """A red 40 x 40 layer at (10, 10) over white whose mask covers its left half in grey
    (0.5, 0.5, 0.5) at alpha 0.5."""
    root = engine.layer(bounds=(0, 0, 64, 64), position=(32, 32), background_color=lamina.WHITE)
    host = engine.layer(bounds=(0, 0, 40, 40), position=(30, 30), background_color=lamina.RED,
                        mask_mode=mode)
    host.mask = engine.layer(bounds=(0, 0, 20, 40), position=(10, 20),
                             background_color=(0.5, 0.5, 0.5, 0.5))
    root.add_sublayer(host)
    engine.tick(0)
    return root, host


def test_default_round_trip_and_errors(engine):
    layer = engine.layer()
    assert layer.mask_mode == "alpha"
    for mode in MODES:
        layer.mask_mode = mode
        assert layer.mask_mode == mode
        assert layer.value("maskMode") == mode
    with pytest.raises(lamina.InvalidArgumentError):
        layer.mask_mode = "luma"
    assert layer.mask_mode == "luminanceInverted"


@pytest.mark.parametrize("mode", MODES)
def test_record_carries_the_mode(engine, mode):
    root, host = masked_scene(engine, mode)
    recs = engine.draw_list(root)
    (masked,) = [r for r in recs if r.mask_index is not None]
    assert masked.layer is host and masked.mask_mode == mode
    assert all(r.mask_mode == "alpha" for r in recs if r.mask_index is None)


try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False


@pytest.mark.skipif(not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1",
                    reason="liblamina-gles is not available")
@pytest.mark.parametrize("mode,left,right", [("alpha", 0.5, 0.0), ("alphaInverted", 0.5, 1.0),
                                             ("luminance", 0.25, 0.0),
                                             ("luminanceInverted", 0.75, 1.0)])
def test_compositor_draws_the_mode(engine, mode, left, right):
    # Red over white at coverage g shows green 255 (1 - g); the mask's premultiplied colour is
    # (0.25, 0.25, 0.25, 0.5): luminance 0.25, alpha 0.5. Tolerance 2/255.
    root, _ = masked_scene(engine, mode)
    img = lamina.render(root, (64, 64), at=0.0)
    for (x, g) in ((15, left), (45, right)):
        r, gr, b, _ = img.pixel(x, 30)
        assert r == 255 and abs(gr - 255 * (1 - g)) <= 2 and abs(b - 255 * (1 - g)) <= 2, (mode, x, img.pixel(x, 30))
    assert img.pixel(5, 5) == (255, 255, 255, 255)
