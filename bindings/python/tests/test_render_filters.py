# SPDX-License-Identifier: Apache-2.0
"""Issue 32 from Python, through the reference compositor: a layer's filters, background
filters and blend mode drawn by lamina.render, whose stats say when a filtered subtree's
filtered texture is reused (filters_applied, filters_reused) and when a backdrop was read
(backdrops_filtered); and the frosted-glass example's headless frame. Skipped where
liblamina-gles is not built, unless LAMINA_REQUIRE_GLES=1 (CI sets it)."""
import math
import os
import pathlib
import subprocess
import sys

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False

needs_gles = pytest.mark.skipif(not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1",
                                reason="liblamina-gles is not available")

ROOT = pathlib.Path(__file__).resolve().parents[3]


def phi(x: float) -> float:
    return 0.5 * math.erfc(-x / math.sqrt(2))


@needs_gles
def test_blur_is_the_gaussian_and_is_cached(engine):
    """A white square blurred by 6 on black: a row across its edge is the Gaussian of sigma 6
    (within 4/255); drawn again unchanged it is not filtered again; a change inside filters it
    again."""
    root = engine.layer(bounds=(0, 0, 120, 120), position=(60, 60), background_color=(0, 0, 0, 1))
    square = engine.layer(bounds=(0, 0, 60, 60), position=(60, 60), background_color=(1, 1, 1, 1))
    inner = engine.layer(bounds=(0, 0, 10, 10), position=(30, 30), background_color=(1, 1, 1, 1))
    square.add_sublayer(inner)
    root.add_sublayer(square)
    square.filters = [lamina.Filter.gaussian_blur("blur", radius=6)]
    engine.tick(10)
    engine.tick(20)
    first = lamina.render(root, (120, 120), at=20)
    assert (first.filters_applied, first.filters_reused) == (1, 0)
    for x in range(20, 50):  # the square's left edge is at x = 30, far from the others
        want = 255 * (phi((90 - (x + 0.5)) / 6) - phi((30 - (x + 0.5)) / 6))
        assert abs(first.pixel(x, 60)[1] - want) <= 4, x
    again = lamina.render(root, (120, 120), at=20)
    assert (again.filters_applied, again.filters_reused) == (0, 1)
    assert again.rgba == first.rgba
    inner.background_color = (1, 0, 0, 1)  # a change inside: filtered again
    engine.tick(30)
    engine.tick(40)
    changed = lamina.render(root, (120, 120), at=40)
    assert (changed.filters_applied, changed.filters_reused) == (1, 0)


@needs_gles
def test_backdrop_and_blend(engine):
    """A card's background filters blur what lies under it (a black and a white half) and
    leave the rest alone; a multiply layer multiplies the colour beneath."""
    root = engine.layer(bounds=(0, 0, 120, 120), position=(60, 60), background_color=(0, 0, 0, 1))
    white = engine.layer(bounds=(0, 0, 60, 120), position=(90, 60), background_color=(1, 1, 1, 1))
    card = engine.layer(bounds=(0, 0, 80, 40), position=(60, 30))
    card.background_filters = [lamina.Filter.gaussian_blur("frost", radius=5)]
    tint = engine.layer(bounds=(0, 0, 40, 30), position=(90, 90), background_color=(0.2, 0.6, 1, 1))
    tint.compositing_filter = "multiplyBlendMode"
    for layer in (white, card, tint):
        root.add_sublayer(layer)
    engine.tick(10)
    engine.tick(20)
    img = lamina.render(root, (120, 120), at=20)
    assert img.backdrops_filtered == 1
    for x in range(50, 70):
        assert abs(img.pixel(x, 30)[1] - 255 * phi((x + 0.5 - 60) / 5)) <= 4, x
    assert img.pixel(58, 60)[:3] == (0, 0, 0)  # below the card: the black half, untouched
    assert img.pixel(62, 60)[:3] == (255, 255, 255)
    r, g, b, _ = img.pixel(90, 90)  # white x tint = the tint
    assert abs(r - 51) <= 2 and abs(g - 153) <= 2 and b == 255


@needs_gles
def test_frosted_example_headless(tmp_path):
    """examples/window/frosted.py --png draws the frame the C example draws: the same trace line
    (examples/expected/frosted.txt: one backdrop read, the card centre's colour), and a PNG."""
    out = tmp_path / "frosted.png"
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(lamina.__file__)))
    run = subprocess.run([sys.executable, str(ROOT / "examples/window/frosted.py"), "--png", str(out),
                          "--at", "0.5"], env=env, capture_output=True, text=True, timeout=120, check=True)
    assert run.stdout == (ROOT / "examples/expected/frosted.txt").read_text()
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
