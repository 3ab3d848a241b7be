# SPDX-License-Identifier: Apache-2.0
"""Lamina: Core Animation's layer model for Python.

A tree of layers whose property changes animate implicitly inside transactions, and a
presentation tree that tells the host what is on screen at any moment::

    import lamina

    with lamina.Engine() as engine:
        layer = engine.layer(bounds=(0, 0, 100, 100), background_color=lamina.RED)
        engine.tick(0.0)                      # commits: the layer now has a presentation
        layer.background_color = lamina.BLUE  # animates implicitly over 0.25 s
        engine.tick(0.1)
        print(layer.presentation().background_color)

The library is loaded from ``$LAMINA_LIBRARY``, the copy bundled with the package, or the
system's ``liblamina`` (in that order).

The package's modules are layered: each imports only modules of the lines above its own,
never one of its line or below, at module level or inside a function, so there is no import
cycle (tests/test_import_layering.py reads this list and checks it)::

    _errors, _loader         errors (LaminaError and its subclasses); finding the C library
    _capi                    the C declarations: structs, constants, functions, error check
    _types                   plain values: Point, Size, Rect, Color, Transform3D, timing
    _contents                images and paths
    _filters                 Filter, DrawFilter, BlendMode: layer filter values (issue 32)
    _values                  tagged values (lamina_value_t) to and from Python
    _keys, _markers          property names, keys and LayerKind; NO_ACTION and VIEW_POLICY
    _callbacks               the C callback trampolines
    _animation               explicit animations
    _props                   the typed property descriptors, on the lean call paths
    _introspection           AnimationTiming and TransitionInfo
    _presentation            Presentation
    _style                   Style
    _layer                   Layer
    _kinds                   ShapeLayer, GradientLayer, ReplicatorLayer and their presentations
    _drawlist, _transaction  DrawRecord, DrawShape, DrawGradient; Transaction
    _animator                PropertyAnimator (issue 27): UIViewPropertyAnimator's rules
    _textprovider            TextLayout, TextRequest: a text layout provider written in Python
    _propsdict               the constructors' keywords as TypedDicts (type checkers only)
    _engine                  Engine
    _render                  render(): the reference compositor
    _renderer                Renderer: the compositor in the host's own GL context
    _flags                   Corner, Edge: named bits of the bit-mask properties
    _lottie                  LottieAnimation, Engine.load_lottie: the Lottie importer
    __init__                 this module: the public names

Four annotations name a class of a line below, because public types refer to each other (a
Layer's ``engine`` is an Engine, a Presentation's ``layer`` a Layer, a Transaction is an
Engine's, and so is a PropertyAnimator): those modules import the class under ``if typing.TYPE_CHECKING:`` only, which type
checkers read and Python never runs. The test lists each such import.
"""
from __future__ import annotations

from . import _capi
from ._animation import (
    REPEAT_FOREVER,
    Animation,
    AnimationGroup,
    BasicAnimation,
    KeyframeAnimation,
    PropertyAnimation,
    SpringAnimation,
    TransitionAnimation,
)
from ._animation import (  # interaction (R17)
    DECELERATION_RATE_FAST,
    DECELERATION_RATE_NORMAL,
    RUBBER_BAND_COEFFICIENT,
    DecayAnimation,
    Spring,
    decay_duration,
    decay_projection,
    decay_sample,
    rubber_band,
)
from ._contents import Image, Path
from ._drawlist import DRAW_RECORD_FIELDS, DrawGradient, DrawRecord, DrawShape, TextGlyphRun, TextLine
from ._textprovider import TextLayout, TextLayoutProvider, TextRequest, TextSpan
from ._engine import Engine, ViewAnimationOptions, clock_now
from ._errors import (
    InvalidArgumentError,
    LaminaError,
    LaminaMemoryError,
    MisuseError,
    NoPresentationError,
    NotFoundError,
    StaleHandleError,
    TypeMismatchError,
    UnknownKeyError,
)
from ._introspection import AnimationTiming, TransitionInfo
from ._keys import LayerKind
from ._kinds import (
    GradientLayer,
    GradientPresentation,
    ReplicatorLayer,
    ReplicatorPresentation,
    ShapeLayer,
    ShapePresentation,
    TextLayer,
    TextPresentation,
)
from ._layer import Layer
from ._markers import NO_ACTION, VIEW_POLICY
from ._presentation import Presentation
from ._style import Style
from ._transaction import Transaction
from ._types import (
    BLACK,
    BLUE,
    CLEAR,
    GREEN,
    IDENTITY,
    RED,
    WHITE,
    Color,
    FillRule,
    GradientType,
    LineCap,
    LineJoin,
    Point,
    Rect,
    Size,
    TimingFunction,
    Transform3D,
    Vector3,
)
# The reference compositor (liblamina-gles, loaded on first use): pictures of a tree.
from ._render import RenderedImage, RenderError, RendererUnavailableError, render, renderer_path
from ._renderer import Renderer
from ._flags import Corner, Edge
# The Lottie importer (liblamina-lottie, loaded on first use; issue 28): adds Engine.load_lottie.
from ._lottie import LottieAnimation, LottieError, LottieUnavailableError, lottie_library_path

#: The loaded C library's version string, e.g. "0.1.0".
library_version: str = _capi.lib.lamina_version_string().decode("ascii")
#: Where the C library was loaded from.
library_path: str = getattr(_capi.lib, "_lamina_path", "")
#: The package's version: the C library's (single-sourced from lamina_version.h, issue 13).
__version__: str = library_version

from ._animator import PropertyAnimator  # noqa: E402 - issue 27's block, kept apart for merging
from ._filters import BlendMode, DrawFilter, Filter  # noqa: E402 - issue 32's block, kept apart for merging

__all__ = [
    "Animation", "AnimationGroup", "AnimationTiming", "BasicAnimation", "BLACK", "BLUE",
    "CLEAR", "Color", "DrawRecord", "Engine", "GREEN", "IDENTITY", "InvalidArgumentError",
    "KeyframeAnimation", "Layer", "LaminaError", "LaminaMemoryError", "MisuseError",
    "NO_ACTION", "NoPresentationError", "NotFoundError", "Point", "Presentation",
    "PropertyAnimation", "RED", "REPEAT_FOREVER", "Rect", "Size", "SpringAnimation",
    "StaleHandleError", "Style", "TimingFunction", "Transaction", "Transform3D",
    "TransitionAnimation", "TransitionInfo", "TypeMismatchError", "UnknownKeyError",
    "VIEW_POLICY", "ViewAnimationOptions", "WHITE", "clock_now", "library_path", "library_version",
    # the reference compositor
    "RenderedImage", "RenderError", "RendererUnavailableError", "render", "renderer_path",
    "Renderer", "Corner", "Edge",
    # layer content
    "Image", "Path",
    "Vector3",
    "DRAW_RECORD_FIELDS",
    # layer kinds (issue 15)
    "LayerKind", "ShapeLayer", "GradientLayer", "ReplicatorLayer", "ShapePresentation",
    "GradientPresentation", "ReplicatorPresentation", "DrawShape", "DrawGradient",
    "FillRule", "LineCap", "LineJoin", "GradientType",
    # text layers (issue 26)
    "TextLayer", "TextPresentation", "TextGlyphRun", "TextLine",
    "TextLayout", "TextLayoutProvider", "TextRequest", "TextSpan",
    # interaction (issue 27, R17)
    "Spring", "DecayAnimation", "decay_projection", "decay_sample", "decay_duration", "rubber_band",
    "DECELERATION_RATE_NORMAL", "DECELERATION_RATE_FAST", "RUBBER_BAND_COEFFICIENT",
    # the Lottie importer (issue 28)
    "LottieAnimation", "LottieError", "LottieUnavailableError", "lottie_library_path",
    # property animators (issue 27, R17.9-R17.21)
    "PropertyAnimator",
    # layer filters (issue 32, R19)
    "Filter", "DrawFilter", "BlendMode",
]
