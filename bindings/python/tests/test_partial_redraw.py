# SPDX-License-Identifier: Apache-2.0
"""Partial redraw (issue 29 item 2): ``lamina.render(..., previous=img)`` and
``Renderer.render(..., partial=True)`` draw only the engine's damage, and the frame is what a
full render draws (within 1/255); an idle frame draws nothing.

Skipped where liblamina-gles or EGL is missing, unless LAMINA_REQUIRE_GLES=1 (CI sets it)."""
import os

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False
if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)

from test_renderer import H, W, HostContext  # noqa: E402  (the host's own EGL context)


def scene(engine):
    root = engine.layer(bounds=(0, 0, W, H), position=(W / 2, H / 2), background_color=lamina.WHITE)
    card = engine.layer(bounds=(0, 0, 30, 20), position=(25, 20), background_color=lamina.RED,
                        corner_radius=5)
    other = engine.layer(bounds=(0, 0, 20, 20), position=(90, 50), background_color=lamina.BLUE)
    root.add_sublayer(card)
    root.add_sublayer(other)
    engine.tick(0.0)
    return root, card


def worst(a, b):
    return max(abs(x - y) for x, y in zip(a, b))


def move(engine, card, pos, t):
    with engine.transaction(disable_actions=True):
        card.position = pos
    engine.tick(t)


def test_render_over_the_previous_image_matches_a_full_render(engine):
    root, card = scene(engine)
    img = lamina.render(root, (W, H), previous=None)
    assert img.redraw == (0, 0, W, H)
    img = lamina.render(root, (W, H), previous=img)      # damage unknown at first: everything
    for k in range(1, 4):
        move(engine, card, (25 + 10 * k, 20 + 5 * k), k / 60)
        img = lamina.render(root, (W, H), previous=img)
        x, y, w, h = img.redraw
        assert 0 < w * h < W * H / 3
        # The card's old and new boxes are inside the region (y from the top).
        assert x <= 25 + 10 * k - 15 and x + w >= 25 + 10 * k + 15
        assert y <= 20 + 5 * k - 10 and y + h >= 20 + 5 * k + 10
        full = lamina.render(root, (W, H))
        assert worst(img.rgba, full.rgba) <= 1
    idle = lamina.render(root, (W, H), previous=img)
    assert idle.redraw[2] == 0 and idle.draw_calls == 0
    assert idle.rgba == img.rgba


def test_render_previous_of_another_size_is_refused(engine):
    root, _ = scene(engine)
    img = lamina.render(root, (W, H))
    with pytest.raises(lamina.InvalidArgumentError):
        lamina.render(root, (W + 1, H), previous=img)


def test_renderer_partial_frames_in_the_hosts_framebuffer(engine):
    root, card = scene(engine)
    host = HostContext()
    try:
        with lamina.Renderer() as renderer:
            renderer.render(root, at=0.0, clear=(0, 0, 0, 0), partial=True, buffer_age=1)
            assert renderer.stats["redraw_width"] * renderer.stats["redraw_height"] == W * H
            renderer.render(root, at=0.0, clear=(0, 0, 0, 0), partial=True, buffer_age=1)
            assert renderer.stats["redraw_width"] == 0 and renderer.stats["draw_calls"] == 0
            move(engine, card, (60, 30), 0.1)
            renderer.render(root, at=0.1, clear=(0, 0, 0, 0), partial=True, buffer_age=1)
            st = renderer.stats
            assert 0 < st["redraw_width"] * st["redraw_height"] < W * H / 3
            got = host.pixels()
            want = lamina.render(root, (W, H), at=0.1)   # headless: its own context, then none
            host.egl.eglMakeCurrent(host.display, None, None, host.context)
            assert worst(got, want.rgba) <= 1
            # Damage given by the host: its box in pixels (y up in the stats).
            renderer.render(root, at=0.1, clear=(0, 0, 0, 0), partial=True, buffer_age=1,
                            damage=[(10, 10, 5, 5)])
            st = renderer.stats
            assert (st["redraw_x"], st["redraw_y"], st["redraw_width"], st["redraw_height"]) == \
                (10, H - 15, 5, 5)
            with pytest.raises(lamina.InvalidArgumentError):
                renderer.render(root, at=0.1, clear=None, partial=True)
            with pytest.raises(TypeError):
                renderer.render(root, at=0.1, partial=True, damage=[(1, 2, 3)])
            with pytest.raises(lamina.RenderError) as e:
                renderer.swap_buffers()             # no EGL window surface here
            assert e.value.name == "LAMINA_GLES_STATUS_NO_CONTEXT"
    finally:
        host.release()
