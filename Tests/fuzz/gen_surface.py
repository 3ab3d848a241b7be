# SPDX-License-Identifier: Apache-2.0
"""Generates Tests/fuzz/fuzz_surface.inc: one fuzzed call of every public function of lamina.h
that Tests/fuzz/fuzz_calls.c does not call by hand (issue 31 item 11), so the fuzz target
reaches the whole header. Each parameter gets a value from the fuzz input by its C type (see
ARGS); objects a call hands out (animations, actions, styles, images) go to the harness's
pools, which release them. Run from the repository root after the header changes:

    python3 Tests/fuzz/gen_surface.py > Tests/fuzz/fuzz_surface.inc

Scripts/fuzz-coverage.py fails when a public function is reached by neither file.
"""
import re
import sys

HEADER = "include/lamina/lamina.h"
HARNESS = "Tests/fuzz/fuzz_calls.c"

# C type of a parameter -> the harness expression that makes one (helpers in fuzz_calls.c).
ARGS = {
    "lamina_engine_t *": "eng_or_null(r, ei)",
    "lamina_layer_t": "layer_of(r, ei)",
    "double": "number(r)",
    "const char *": "str(r)",
    "const lamina_animation_t *": "anim(r)",
    "lamina_animation_t *": "anim(r)",
    "size_t": "count(r)",
    "uint32_t": "u32(r)",
    "uint64_t": "u64(r)",
    "lamina_bool_t": "(lamina_bool_t)(byte(r) % 3)",
    "lamina_rect_t": "rc(r)",
    "lamina_point_t": "pt(r)",
    "lamina_size_t": "sz(r)",
    "lamina_color_t": "col(r)",
    "lamina_transform3d_t": "xf(r)",
    "const lamina_transform3d_t *": "pxf(r)",
    "const lamina_timing_function_t *": "ptf(r)",
    "const lamina_spring_t *": "psp(r)",
    "const lamina_media_timing_t *": "pmt(r)",
    "const lamina_value_t *": "pval(r)",
    "const double *": "dbls(r)",
    "const uint8_t *": "pixels_in(r)",
    "const lamina_path_element_t *": "pels(r)",
    "const lamina_action_t *": "act(r)",
    "lamina_action_t *": "act(r)",
    "const lamina_style_t *": "sty(r)",
    "lamina_style_t *": "sty(r)",
    "lamina_image_t": "img(r)",
    "void *": "NULL",
    "lamina_free_fn": "(byte(r) & 1 ? free_cb : NULL)",
    "lamina_clock_fn": "(byte(r) & 3 ? clock_cb : NULL)",
    "lamina_view_animation_completion_fn": "(byte(r) & 1 ? view_completion_cb : NULL)",
    "const lamina_animation_delegate_t *": "(byte(r) & 1 ? &anim_delegate : NULL)",
    "lamina_animator_t *": "animr(r)",
    "const lamina_animator_params_t *": "pap(r)",
}
# Enumerations (int32): a small value, sometimes out of range.
ENUMS = ("lamina_tree_t", "lamina_transition_type_t", "lamina_transition_subtype_t",
         "lamina_timing_name_t", "lamina_value_function_t", "lamina_calculation_mode_t",
         "lamina_rotation_mode_t", "lamina_status_t", "lamina_animating_position_t",
         "lamina_filter_type_t")
# Owned objects handed out through T **: kept in the harness's pools (which release them).
KEEP = {"lamina_animation_t **": ("lamina_animation_t *", "keep_anim"),
        "lamina_action_t **": ("lamina_action_t *", "keep_action"),
        "lamina_style_t **": ("lamina_style_t *", "keep_style"),
        "lamina_animator_t **": ("lamina_animator_t *", "keep_animator")}
# Calls written by hand (ownership a generic rule would get wrong), in fuzz_calls.c's surface().
BY_HAND = {"lamina_animation_retain", "lamina_action_retain", "lamina_style_retain",
           "lamina_image_retain", "lamina_style_release", "lamina_image_release",
           "lamina_image_create_rgba8", "lamina_image_create_external", "lamina_animator_destroy"}


def prototypes():
    src = re.sub(r"/\*.*?\*/", "", open(HEADER).read(), flags=re.S)
    for ret, name, params in re.findall(r"LAMINA_API\s+([\w\s\*]+?)\b(lamina_\w+)\s*\(([^)]*)\)\s*;", src):
        ps = [" ".join(p.split()) for p in params.split(",")]
        ps = [] if ps == ["void"] else ps
        yield " ".join(ret.split()), name, [re.sub(r"\s*\b\w+$", "", p).replace(" *", " *") for p in ps]


def arg(t, pre):
    if t in ARGS:
        return ARGS[t]
    if t in ENUMS:
        return f"({t})sint(r)"
    if t in KEEP:
        ctype, _ = KEEP[t]
        pre.append(f"{ctype}made = NULL;")
        return "maybe(r, &made)"
    if t.endswith("*"):  # an out-parameter or out-buffer: scratch memory, sometimes NULL
        base = t[:-1].strip().replace("const ", "")
        return f"({t})out(r, sizeof({base}))"
    raise SystemExit(f"gen_surface: no rule for parameter type '{t}'")


def main():
    harness = open(HARNESS).read()
    # The lamina_text.h and lamina_gles.h sections call a few lamina.h functions in their own
    # way, in builds with those libraries only: the generated calls keep covering those.
    start, end = harness.find("/* ---- lamina_text.h"), harness.find("/* The calls whose ownership")
    if 0 <= start < end:
        harness = harness[:start] + harness[end:]
    cases = []
    for ret, name, params in prototypes():
        if name in BY_HAND or re.search(r"\b%s\b" % name, harness):
            continue
        pre = []
        args = ", ".join(arg(t, pre) for t in params)
        call = f"{name}({args})"
        post = []
        for t in params:
            if t in KEEP:
                post.append(f"{KEEP[t][1]}(made);")
        body = " ".join(pre)
        if ret == "lamina_status_t":
            body += f" check({call});"
        else:
            body += f" (void){call};"
        body += "".join(" " + p for p in post)
        cases.append((name, body.strip()))
    out = sys.stdout
    out.write("/* SPDX-License-Identifier: Apache-2.0 */\n")
    out.write("/* Generated by Tests/fuzz/gen_surface.py from include/lamina/lamina.h: do not edit.\n")
    out.write(" * One fuzzed call of every public function fuzz_calls.c does not call by hand. */\n")
    out.write(f"enum {{ SURFACE_CALLS = {len(cases)} }};\n\n")
    out.write("static void surface_call(struct reader *r, int ei, unsigned which) {\n")
    out.write("    switch (which % SURFACE_CALLS) {\n")
    for i, (name, body) in enumerate(cases):
        out.write(f"    case {i}: {{ /* {name} */\n        {body}\n        break;\n    }}\n")
    out.write("    }\n}\n")


if __name__ == "__main__":
    main()
