# SPDX-License-Identifier: Apache-2.0
"""Generates src/lamina/_propsdict.py: the keyword arguments of the layer constructors
(``engine.layer(**props)`` ...) as TypedDicts (PEP 692), from the property descriptors of each
Layer class, so a misspelt property or a value of the wrong type fails ``mypy --strict``.

    python3 bindings/python/tools/gen_props_typeddict.py [--check]

Run with the package importable (PYTHONPATH=bindings/python/src and LAMINA_LIBRARY set).
--check exits 1 when the committed file differs (tests/test_typing.py runs it).
"""
import os
import sys

import lamina
from lamina import _kinds as K
from lamina import _props as P

#: The type each descriptor class's setter takes, as source text of _propsdict.py.
SETTER_TYPES = {
    P._BoolProp: "bool",
    P._NumberProp: "float",
    P._IntProp: "int",
    P._PointProp: "PointLike",
    P._SizeProp: "SizeLike",
    P._RectProp: "RectLike",
    P._ColorProp: "Optional[ColorLike]",
    P._SolidColorProp: "ColorLike",
    P._ColorsProp: "Optional[Sequence[ColorLike]]",
    P._NumbersProp: "Optional[Sequence[float]]",
    P._TransformProp: "TransformLike",
    P._NameProp: "Optional[str]",
    P._TextProp: "str",
    P._StrValueProp: "str",
    P._ImageProp: "Optional[Image]",
    P._PathProp: "Optional[Path]",
    P._FillRuleProp: "FillRule",
    P._LineCapProp: "LineCap",
    P._LineJoinProp: "LineJoin",
    P._GradientTypeProp: "GradientType",
    K._StringProp: "Union[None, str, bytes, Sequence[TextPiece]]",
    K._TextEnumProp: "str",
    P._FiltersProp: "Optional[Sequence[Filter]]",
    P._BlendModeProp: "Optional[str]",
}

#: (TypedDict name, Layer class, the TypedDict it extends or None)
CLASSES = [
    ("LayerProperties", lamina.Layer, None),
    ("ShapeLayerProperties", lamina.ShapeLayer, "LayerProperties"),
    ("GradientLayerProperties", lamina.GradientLayer, "LayerProperties"),
    ("ReplicatorLayerProperties", lamina.ReplicatorLayer, "LayerProperties"),
    ("TextLayerProperties", lamina.TextLayer, "LayerProperties"),
]

HEADER = '''# SPDX-License-Identifier: Apache-2.0
"""The layer constructors' keyword arguments as TypedDicts (PEP 692): ``engine.layer(**props)``
takes ``Unpack[LayerProperties]``, so a misspelt property or a wrong value type fails a type
checker. Generated from the property descriptors by tools/gen_props_typeddict.py; do not edit.
Read by type checkers only (nothing here runs).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from typing import Any, Callable, Optional, Sequence, Union

    from typing_extensions import TypedDict

    from ._contents import Image, Path
    from ._filters import Filter
    from ._kinds import TextPiece
    from ._props import TransformLike
    from ._style import Style
    from ._types import (ColorLike, FillRule, GradientType, LineCap, LineJoin, PointLike,
                         RectLike, SizeLike)
'''


def generate() -> str:
    out = [HEADER]
    for name, cls, base in CLASSES:
        parent = base or "TypedDict"
        own = {}
        for klass in reversed(cls.__mro__):
            if base and klass in (lamina.Layer,) + lamina.Layer.__mro__:
                continue  # the base TypedDict has those
            for attr, desc in vars(klass).items():
                if isinstance(desc, P._Prop):
                    kind = type(desc)
                    if kind not in SETTER_TYPES:
                        raise SystemExit(f"gen_props_typeddict: no setter type for {kind.__name__} "
                                         f"({cls.__name__}.{attr}): add it to SETTER_TYPES")
                    own[attr] = SETTER_TYPES[kind]
        if base is None:  # the constructor's extra arguments: properties, not descriptors
            for attr in lamina.Engine._EXTRA_ARGS:
                setter = getattr(cls, attr).fset
                ann = [v for k, v in setter.__annotations__.items() if k != "return"][0]
                own[attr] = ann.replace("'", "")
        doc = f"The keyword arguments of the {cls.__name__} constructor: its settable properties."
        out.append(f"\n    class {name}({parent}, total=False):\n        \"\"\"{doc}\"\"\"\n\n")
        out.extend(f"        {attr}: {typ}\n" for attr, typ in sorted(own.items()))
    return "".join(out)


def main() -> int:
    target = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src", "lamina",
                          "_propsdict.py")
    text = generate()
    if "--check" in sys.argv[1:]:
        with open(target, encoding="utf-8") as f:
            if f.read() != text:
                print("gen_props_typeddict: src/lamina/_propsdict.py is stale: run "
                      "bindings/python/tools/gen_props_typeddict.py")
                return 1
        print("gen_props_typeddict: src/lamina/_propsdict.py is current")
        return 0
    with open(target, "w", encoding="utf-8") as f:
        f.write(text)
    print(f"gen_props_typeddict: wrote {os.path.normpath(target)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
