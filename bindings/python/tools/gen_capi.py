# SPDX-License-Identifier: Apache-2.0
"""Generates the function table of src/lamina/_capi.py from include/lamina/lamina.h.

Run from the repository root: python3 bindings/python/tools/gen_capi.py > /tmp/funcs.py
"""
import re
import sys

SRC = open(sys.argv[1] if len(sys.argv) > 1 else "include/lamina/lamina.h").read()
SRC = re.sub(r"/\*.*?\*/", "", SRC, flags=re.S)
SRC = re.sub(r"//[^\n]*", "", SRC)

TYPES = {
    "void": "None",
    "int32_t": "c_int32",
    "uint32_t": "c_uint32",
    "uint64_t": "c_uint64",
    "int64_t": "c_int64",
    "double": "c_double",
    "size_t": "c_size_t",
    "lamina_status_t": "c_int32",
    "lamina_bool_t": "c_uint32",
    "lamina_layer_t": "c_uint64",
    "lamina_tree_t": "c_int32",
    "lamina_timing_name_t": "c_int32",
    "lamina_animation_kind_t": "c_int32",
    "lamina_fill_mode_t": "c_int32",
    "lamina_value_function_t": "c_int32",
    "lamina_calculation_mode_t": "c_int32",
    "lamina_rotation_mode_t": "c_int32",
    "lamina_transition_type_t": "c_int32",
    "lamina_transition_subtype_t": "c_int32",
    "lamina_action_kind_t": "c_int32",
    "lamina_layer_kind_t": "c_int32",
    "lamina_point_t": "Point",
    "lamina_size_t": "Size",
    "lamina_rect_t": "Rect",
    "lamina_color_t": "Color",
    "lamina_transform3d_t": "Transform3D",
    "lamina_timing_function_t": "TimingFunction",
    "lamina_value_t": "Value",
    "lamina_media_timing_t": "MediaTiming",
    "lamina_spring_t": "Spring",
    "lamina_path_element_t": "PathElement",
    "lamina_draw_record_t": "DrawRecord",
    "lamina_draw_shape_t": "DrawShape",
    "lamina_draw_gradient_t": "DrawGradient",
    "lamina_image_t": "c_uint64",
    "lamina_image_info_t": "ImageInfo",
    "uint8_t": "c_uint8",
    "lamina_animation_timing_t": "AnimationTiming",
    "lamina_transition_state_t": "TransitionState",
    "lamina_animation_delegate_t": "AnimationDelegate",
    "lamina_layer_delegate_t": "LayerDelegate",
    "lamina_engine_t": "EngineStruct",
    "lamina_animation_t": "AnimationStruct",
    "lamina_action_t": "ActionStruct",
    "lamina_style_t": "StyleStruct",
    "lamina_callback_fn": "CALLBACK_FN",
    "lamina_free_fn": "FREE_FN",
    "lamina_action_fn": "ACTION_FN",
    "lamina_view_animation_completion_fn": "VIEW_COMPLETION_FN",
    "lamina_clock_fn": "CLOCK_FN",
}
OPAQUE = {"EngineStruct": "EngineP", "AnimationStruct": "AnimationP",
          "ActionStruct": "ActionP", "StyleStruct": "StyleP"}


def ctype(decl):
    decl = decl.replace("const ", "").strip()
    stars = decl.count("*")
    base = decl.replace("*", "").strip()
    t = TYPES[base]
    if base == "void" and stars:
        return "c_void_p" if stars == 1 else "POINTER(c_void_p)"
    if base == "char" or t is None and False:
        pass
    if t in OPAQUE:
        t = OPAQUE[t]
        stars -= 1
    for _ in range(stars):
        t = f"POINTER({t})"
    return t


out = []
for m in re.finditer(r"LAMINA_API\s+([\w\s\*]+?)\s*(\w+)\s*\(([^)]*)\)\s*;", SRC):
    ret, name, args = m.group(1), m.group(2), m.group(3).strip()
    argtypes = []
    if args and args != "void":
        for a in args.split(","):
            a = a.strip()
            a = re.sub(r"\s*\w+$", "", a) if not a.endswith("*") else a
            a = re.sub(r"\*\s*\w+$", "*", a)
            if a.replace("const", "").replace("*", "").strip() == "char":
                argtypes.append("c_char_p" if a.count("*") == 1 else "POINTER(c_char_p)")
            else:
                argtypes.append(ctype(a))
    if ret.replace("const", "").replace("*", "").strip() == "char":
        rt = "c_char_p"
    else:
        rt = ctype(ret)
    out.append(f"    ({name!r}, [{', '.join(argtypes)}], {rt}),")
print(f"# {len(out)} functions")
print("\n".join(out))
