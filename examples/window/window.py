# SPDX-License-Identifier: Apache-2.0
"""A first windowed Lamina program in Python: PySDL2 (``pip install pysdl2``) opens a window with
an OpenGL ES 3 context, lamina.Renderer draws the layer tree into it, and a click on the card
(hit-tested on the presentation tree, where the card is on screen) flips its colour and sends it
to the other side; a click elsewhere moves it there. Every change animates implicitly.

    python3 window.py
    python3 window.py --screenshot out.png [--click X,Y]   (draw a few frames, save one, quit)
"""
import argparse
import ctypes

import sdl2

import lamina

W, H = 480, 320
BLUE, ORANGE = (0.20, 0.45, 0.90, 1), (0.95, 0.45, 0.20, 1)


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--screenshot")
    args.add_argument("--click")
    opts = args.parse_args()

    if sdl2.SDL_Init(sdl2.SDL_INIT_VIDEO) != 0:
        raise SystemExit(f"SDL: {sdl2.SDL_GetError().decode()}")
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_PROFILE_MASK, sdl2.SDL_GL_CONTEXT_PROFILE_ES)
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_MAJOR_VERSION, 3)
    sdl2.SDL_GL_SetAttribute(sdl2.SDL_GL_CONTEXT_MINOR_VERSION, 0)
    window = sdl2.SDL_CreateWindow(b"Lamina", sdl2.SDL_WINDOWPOS_CENTERED,
                                   sdl2.SDL_WINDOWPOS_CENTERED, W, H,
                                   sdl2.SDL_WINDOW_OPENGL | sdl2.SDL_WINDOW_ALLOW_HIGHDPI)
    context = sdl2.SDL_GL_CreateContext(window)
    if not context:
        raise SystemExit(f"no OpenGL ES 3 context: {sdl2.SDL_GetError().decode()}")
    sdl2.SDL_GL_SetSwapInterval(1)

    engine = lamina.Engine(clock="monotonic")  # commits read the time themselves
    root = engine.layer(bounds=(0, 0, W, H), position=(W / 2, H / 2),
                        background_color=(0.95, 0.95, 0.97, 1))
    card = engine.layer(bounds=(0, 0, 160, 100), position=(140, 160), background_color=BLUE,
                        corner_radius=16, shadow_opacity=0.3, shadow_radius=8,
                        shadow_offset=(0, 4))
    root.add_sublayer(card)
    engine.tick()  # commit: the tree now has a presentation
    renderer = lamina.Renderer()

    def click(x: float, y: float) -> None:
        if root.hit_test((x, y), presentation=True) == card:  # where it is on screen now
            flipped = card.background_color == BLUE
            card.background_color = ORANGE if flipped else BLUE
            card.position = (340 if flipped else 140, 160)
        else:
            card.position = (x, y)

    if opts.click:
        click(*(float(v) for v in opts.click.split(",")))
    event, frame, running = sdl2.SDL_Event(), 0, True
    while running:
        while sdl2.SDL_PollEvent(ctypes.byref(event)):
            if event.type == sdl2.SDL_QUIT:
                running = False
            elif event.type == sdl2.SDL_MOUSEBUTTONDOWN:
                click(event.button.x, event.button.y)
        engine.tick()
        dw, dh = ctypes.c_int(), ctypes.c_int()
        sdl2.SDL_GL_GetDrawableSize(window, ctypes.byref(dw), ctypes.byref(dh))
        renderer.render(root, scale=dw.value / W)  # device pixels per point (high DPI)
        if opts.screenshot and frame == 40:  # the click's 0.25 s animation has finished
            save(opts.screenshot, dw.value, dh.value)
            running = False
        sdl2.SDL_GL_SwapWindow(window)
        if opts.screenshot:
            sdl2.SDL_Delay(10)  # vsync may be off under Xvfb: let the clock move
        frame += 1
    renderer.close()
    sdl2.SDL_GL_DeleteContext(context)
    sdl2.SDL_DestroyWindow(window)
    sdl2.SDL_Quit()


def save(path: str, w: int, h: int) -> None:
    """Reads the frame back (GL rows are bottom first) and writes a PNG."""
    gl = ctypes.CDLL("libGLESv2.so.2")
    buf = ctypes.create_string_buffer(w * h * 4)
    gl.glReadPixels(0, 0, w, h, 0x1908, 0x1401, buf)  # GL_RGBA, GL_UNSIGNED_BYTE
    rows = [buf.raw[y * w * 4:(y + 1) * w * 4] for y in range(h)]
    lamina.RenderedImage(w, h, b"".join(reversed(rows))).save_png(path)


if __name__ == "__main__":
    main()
