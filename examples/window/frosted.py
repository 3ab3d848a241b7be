# SPDX-License-Identifier: Apache-2.0
"""A frosted-glass card over a moving background in Python (issue 32; frosted.c is the C
version): coloured stripes slide back and forth under a rounded card whose background filters
blur (inputRadius 20) and saturate (inputSaturation 1.6) what lies beneath it, inside its
rounded bounds only. A click toggles the blur between 20 and 4, animated implicitly through the
key path "backgroundFilters.frost.inputRadius". The window needs PySDL2 (``pip install
pysdl2``); ``--png`` does not.

    python3 frosted.py
    python3 frosted.py --png out.png [--at T]   (one frame at time T, headless; prints stats)
"""
import argparse
import ctypes

import lamina

W, H = 480, 320
COLOURS = [(0.95, 0.30, 0.25, 1), (0.98, 0.80, 0.20, 1), (0.20, 0.70, 0.40, 1),
           (0.20, 0.45, 0.90, 1), (0.55, 0.30, 0.80, 1)]


def build(engine: lamina.Engine) -> "tuple[lamina.Layer, lamina.Layer]":
    """The root (stripes sliding forever) and the frosted card."""
    def add(parent: lamina.Layer, x: float, y: float, w: float, h: float, colour=None) -> lamina.Layer:
        layer = engine.layer(bounds=(0, 0, w, h), position=(x + w / 2, y + h / 2))
        if colour:
            layer.background_color = colour
        parent.add_sublayer(layer)
        return layer

    root = engine.layer(bounds=(0, 0, W, H), position=(W / 2, H / 2),
                        background_color=(0.97, 0.97, 0.98, 1))
    strip = add(root, -120, 0, W + 240, H)
    for k in range(12):
        add(strip, 20 + 60 * k, 0, 30, H, COLOURS[k % 5])
    add(strip, 0, 140, W + 240, 24, (0.1, 0.1, 0.1, 1))
    slide = lamina.BasicAnimation("position", from_value=(W / 2 - 60, H / 2), to_value=(W / 2 + 60, H / 2),
                                  duration=2.0, repeat_count=lamina.REPEAT_FOREVER, autoreverses=True)
    strip.add_animation(slide, "slide")
    card = add(root, 90, 70, 300, 180, (1, 1, 1, 0.22))
    card.corner_radius = 24
    card.background_filters = [lamina.Filter.gaussian_blur("frost", radius=20),
                               lamina.Filter.color_controls("vivid", saturation=1.6)]
    add(card, 24, 24, 140, 18, (1, 1, 1, 0.85))  # a title bar
    add(card, 24, 56, 220, 10, (1, 1, 1, 0.6))   # two lines of text
    add(card, 24, 74, 180, 10, (1, 1, 1, 0.6))
    return root, card


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--png")
    args.add_argument("--at", type=float, default=0.5)
    opts = args.parse_args()
    if opts.png:
        engine = lamina.Engine()
        root, _ = build(engine)
        engine.tick(0.0)
        engine.tick(opts.at)
        img = lamina.render(root, (W, H), at=opts.at)
        img.save_png(opts.png)
        r, g, b, _ = img.pixel(240, 160)
        print(f"frosted: {W}x{H} at t={opts.at:.3f}, backdrops filtered {img.backdrops_filtered}, "
              f"card centre rgb({r}, {g}, {b})")
        return

    import sdl2  # the window only

    if sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) != 0:
        raise SystemExit(f"SDL: {sdl2.SDL_GetError().decode()}")
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_PROFILE_MASK, sdl2.SDL_GL_CONTEXT_PROFILE_ES)
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_MAJOR_VERSION, 3)
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_MINOR_VERSION, 0)
    window = sdl2.SDL_CreateWindow(b"Lamina: frosted glass", sdl2.SDL_WINDOWPOS_CENTERED,
                                   sdl2.SDL_WINDOWPOS_CENTERED, W, H,
                                   sdl2.SDL_WINDOW_OPENGL | sdl2.SDL_WINDOW_ALLOW_HIGHDPI)
    context = sdl2.SDL_GL_CreateContext(window)
    if not context:
        raise SystemExit(f"no OpenGL ES 3 context: {sdl2.SDL_GetError().decode()}")
    sdl2.SDL_GL_SetSwapInterval(1)
    engine = lamina.Engine(clock="monotonic")  # commits read the time themselves
    root, card = build(engine)
    engine.tick()
    renderer = lamina.Renderer()
    soft, event, running = False, sdl2.SDL_Event(), True
    while running:
        while sdl2.SDL_PollEvent(ctypes.byref(event)):
            if event.type == sdl2.SDL_QUIT:
                running = False
            elif event.type == sdl2.SDL_MOUSEBUTTONDOWN:
                soft = not soft  # the blur animates there (its key path's implicit action)
                card.set_value("backgroundFilters.frost.inputRadius", 4.0 if soft else 20.0)
        engine.tick()
        dw, dh = ctypes.c_int(), ctypes.c_int()
        sdl2.SDL_GL_GetDrawableSize(window, ctypes.byref(dw), ctypes.byref(dh))
        renderer.render(root, scale=dw.value / W)  # device pixels per point (high DPI)
        sdl2.SDL_GL_SwapWindow(window)
    renderer.close()
    sdl2.SDL_GL_DeleteContext(context)
    sdl2.SDL_DestroyWindow(window)
    sdl2.SDL_Quit()


if __name__ == "__main__":
    main()
