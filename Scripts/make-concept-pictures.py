#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Renders the pictures of the documentation site's concept pages with the reference
compositor (lamina.render, liblamina-gles, headless EGL), so they never drift from the code:

    Scripts/make-concept-pictures.py OUT_DIR

Each picture is a filmstrip: one scene rendered at several times, the frames stacked top to
bottom (time runs downwards), with a thin grey rule between frames. Scripts/build-docs.sh runs
it on every docs build (CI included); without EGL, lamina.render raises and this exits 1.

  model-presentation.png  a 1 s move: the outline marks the model value, the solid box the
                          presentation (CA-1)
  transactions.png        the implicit transaction's 0.25 s default against an explicit 1 s
                          transaction moving, growing and recolouring a layer together (CA-2)
  actions.png             one colour change, three action searches: the implicit fade, a
                          custom push transition (listing 7.6) and a view-backed layer (CA-3, CA-4)
  timing.png              four timing functions and an autoreversing animation (CA-5, CA-6)
  layer-kinds.png         a progress ring (a shape layer's strokeEnd), a gradient whose colours
                          change and a replicator spinner (RS-8, RS-9, RS-13)
"""
import math
import os
import sys

import lamina

GREY = lamina.Color(0.82, 0.82, 0.85, 1)
TRACK = lamina.Color(0.95, 0.95, 0.97, 1)
ORANGE = lamina.Color(1, 0.55, 0, 1)
RULE = 2  # grey pixels between frames


def filmstrip(path, engine, root, size, times, prepare=None):
    """Renders `root` at each time of `times` (ticking the engine there first) and writes the
    frames stacked vertically as one PNG."""
    width, height = size
    rows = []
    rule = bytes((200, 200, 205, 255)) * width * RULE
    for i, t in enumerate(times):
        engine.tick(t)
        if prepare is not None:
            prepare(t)
        image = lamina.render(root, size=size, at=t)
        if i:
            rows.append(rule)
        rows.append(image.rgba)
    total = len(times) * height + (len(times) - 1) * RULE
    lamina.RenderedImage(width, total, b"".join(rows)).save_png(path)
    print(f"make-concept-pictures: wrote {path} ({width}x{total}, {len(times)} frames)")


def screen(engine, width, height):
    return engine.layer(bounds=(0, 0, width, height), position=(width / 2, height / 2),
                        background_color=lamina.WHITE)


def track(engine, parent, y, width, height=36):
    """A light rail the boxes run along, so frames line up by eye."""
    rail = engine.layer(bounds=(0, 0, width - 20, height), position=(width / 2, y),
                        background_color=TRACK, corner_radius=6)
    parent.add_sublayer(rail)
    return rail


def model_presentation(out):
    with lamina.Engine() as engine:
        root = screen(engine, 400, 70)
        track(engine, root, 35, 400, 50)
        box = engine.layer(bounds=(0, 0, 40, 40), position=(40, 35),
                           background_color=lamina.BLUE, corner_radius=6)
        ghost = engine.layer(bounds=(0, 0, 44, 44), position=(360, 35), border_width=2,
                             border_color=ORANGE, corner_radius=8)
        root.add_sublayer(box)
        root.add_sublayer(ghost)
        engine.tick(0.0)
        with engine.transaction(duration=1.0, timing="linear"):
            box.position = (360, 35)       # the model is there at once; the view follows
        filmstrip(os.path.join(out, "model-presentation.png"), engine, root, (400, 70),
                  [0.0, 0.25, 0.5, 0.75, 1.0])


def transactions(out):
    with lamina.Engine() as engine:
        root = screen(engine, 400, 110)
        track(engine, root, 30, 400)
        track(engine, root, 80, 400)
        quick = engine.layer(bounds=(0, 0, 28, 28), position=(34, 30),
                             background_color=lamina.RED, corner_radius=4)
        slow = engine.layer(bounds=(0, 0, 28, 28), position=(34, 80),
                            background_color=lamina.RED, corner_radius=4)
        root.add_sublayer(quick)
        root.add_sublayer(slow)
        engine.tick(0.0)
        quick.position = (366, 30)          # the implicit transaction: 0.25 s, default curve
        with engine.transaction(duration=1.0, timing="linear"):
            slow.position = (356, 80)       # one explicit transaction: everything together
            slow.bounds = (0, 0, 48, 32)
            slow.background_color = lamina.GREEN
            slow.corner_radius = 16
        engine.tick(0.0)
        filmstrip(os.path.join(out, "transactions.png"), engine, root, (400, 110),
                  [0.0, 0.125, 0.25, 0.5, 0.75, 1.0])


def actions(out):
    with lamina.Engine() as engine:
        root = screen(engine, 400, 60)
        fade = engine.layer(bounds=(0, 0, 110, 44), position=(70, 30),
                            background_color=lamina.RED, corner_radius=6)
        push = engine.layer(bounds=(0, 0, 110, 44), position=(200, 30),
                            background_color=lamina.RED, corner_radius=6, masks_to_bounds=True)
        view = engine.layer(bounds=(0, 0, 110, 44), position=(330, 30),
                            background_color=lamina.RED, corner_radius=6, view_backed=True)
        for layer in (fade, push, view):
            root.add_sublayer(layer)
        engine.tick(0.0)
        push.set_action("backgroundColor", lamina.TransitionAnimation("push", "from-left"))
        for layer in (fade, push, view):
            layer.background_color = lamina.GREEN
        engine.tick(0.0)
        filmstrip(os.path.join(out, "actions.png"), engine, root, (400, 60),
                  [0.0, 0.05, 0.1, 0.15, 0.2, 0.25])


def timing(out):
    curves = ["linear", "ease-in", "ease-out", "ease-in-ease-out"]
    rows = len(curves) + 1
    height = 40 * rows
    with lamina.Engine() as engine:
        root = screen(engine, 400, height)
        boxes = []
        for i in range(rows):
            y = 20 + 40 * i
            track(engine, root, y, 400, 32)
            box = engine.layer(bounds=(0, 0, 24, 24), position=(30, y),
                               background_color=lamina.BLUE if i < len(curves) else ORANGE,
                               corner_radius=4)
            root.add_sublayer(box)
            boxes.append((box, y))
        engine.tick(0.0)
        for (box, y), curve in zip(boxes, curves):
            with engine.transaction(duration=1.0, timing=curve):
                box.position = (370, y)
        # Media timing: a 0.5 s pass that autoreverses (there and back in 1 s), additive to
        # nothing: an explicit animation leaves the model value alone.
        there_and_back = lamina.BasicAnimation(
            "position.x", from_value=30, to_value=370, duration=0.5, autoreverses=True,
            timing_function="ease-in-ease-out")
        boxes[-1][0].add_animation(there_and_back, "there-and-back")
        engine.tick(0.0)
        filmstrip(os.path.join(out, "timing.png"), engine, root, (400, height),
                  [0.0, 0.2, 0.4, 0.6, 0.8, 1.0])


def ring_path(cx, cy, r):
    """A circle from its top, clockwise on screen: four cubic quarter arcs."""
    k = 0.5522847498307936 * r
    return (lamina.Path()
            .move_to((cx, cy - r))
            .curve_to((cx + k, cy - r), (cx + r, cy - k), (cx + r, cy))
            .curve_to((cx + r, cy + k), (cx + k, cy + r), (cx, cy + r))
            .curve_to((cx - k, cy + r), (cx - r, cy + k), (cx - r, cy))
            .curve_to((cx - r, cy - k), (cx - k, cy - r), (cx, cy - r))
            .close())


def layer_kinds(out):
    with lamina.Engine() as engine:
        root = screen(engine, 400, 120)
        # A progress ring: the track, and the ring whose strokeEnd fills in 1 s.
        rings = [engine.shape_layer(bounds=(0, 0, 100, 100), position=(70, 60),
                                    path=ring_path(50, 50, 40), fill_color=None,
                                    stroke_color=colour, line_width=10, line_cap="round",
                                    stroke_end=end)
                 for end, colour in ((1.0, TRACK), (0.0, lamina.BLUE))]
        for ring in rings:
            root.add_sublayer(ring)
        # A gradient whose two colours change in 1 s.
        gradient = engine.gradient_layer(bounds=(0, 0, 110, 100), position=(200, 60),
                                         corner_radius=10, start_point=(0, 0.5),
                                         end_point=(1, 0.5),
                                         colors=[lamina.RED, lamina.BLUE])
        root.add_sublayer(gradient)
        # A spinner: one dot, eight instances, one opacity animation staggered 1/8 s apart.
        spinner = engine.replicator_layer(bounds=(0, 0, 100, 100), position=(330, 60),
                                          instance_count=8, instance_delay=0.125,
                                          instance_transform=lamina.Transform3D.rotation(math.pi / 4))
        dot = engine.layer(bounds=(0, 0, 16, 16), position=(50, 16), corner_radius=8,
                           background_color=(0.25, 0.25, 0.3, 1))
        spinner.add_sublayer(dot)
        root.add_sublayer(spinner)
        engine.tick(0.0)
        with engine.transaction(duration=1.0, timing="linear"):
            rings[1].stroke_end = 1.0
            gradient.colors = [ORANGE, lamina.GREEN]
        dot.add_animation(lamina.BasicAnimation("opacity", from_value=1.0, to_value=0.15,
                                                duration=1.0, repeat_count=lamina.REPEAT_FOREVER),
                          "fade")
        engine.tick(0.0)
        filmstrip(os.path.join(out, "layer-kinds.png"), engine, root, (400, 120),
                  [0.0, 0.25, 0.5, 0.75, 1.0])


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    try:
        lamina.renderer_path()
        model_presentation(out)
        transactions(out)
        actions(out)
        timing(out)
        layer_kinds(out)
    except lamina.RenderError as error:  # RendererUnavailableError too: no library, no EGL
        print(f"make-concept-pictures: error: the reference compositor cannot render here: {error}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
