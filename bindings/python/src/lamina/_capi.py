# SPDX-License-Identifier: Apache-2.0
"""Private ctypes declarations of the C ABI (include/lamina/lamina.h).

Nothing here is public API. The function table below is generated from the header by
``tools/gen_capi.py`` and bound with explicit argtypes/restype; every function that returns a
``lamina_status_t`` goes through one errcheck, :func:`_check`, which raises the matching
:class:`~lamina.LaminaError` subclass and re-raises an exception stashed by a Python callback.
"""
from __future__ import annotations

import sys
import threading
from ctypes import (
    CFUNCTYPE,
    POINTER,
    Structure,
    Union,
    c_char_p,
    c_double,
    c_int32,
    c_int64,
    c_size_t,
    c_uint32,
    c_uint64,
    c_uint8,
    c_void_p,
    sizeof,
)
from typing import Any, List

from ._errors import error_for_status
from ._loader import load_library


class Point(Structure):
    _fields_ = [("x", c_double), ("y", c_double)]


class Size(Structure):
    _fields_ = [("width", c_double), ("height", c_double)]


class Rect(Structure):
    _fields_ = [("origin", Point), ("size", Size)]


class Color(Structure):
    _fields_ = [("r", c_double), ("g", c_double), ("b", c_double), ("a", c_double)]


class Transform3D(Structure):
    _fields_ = [(f"m{r}{c}", c_double) for r in range(1, 5) for c in range(1, 5)]


class TimingFunction(Structure):
    _fields_ = [("c1x", c_double), ("c1y", c_double), ("c2x", c_double), ("c2y", c_double)]


class _PathRef(Structure):
    # Elements are lamina_path_element_t (PathElement, defined below).
    _fields_ = [("elements", c_void_p), ("count", c_size_t)]


class _NumbersRef(Structure):
    # lamina_value_t.u.numbers (since 0.2): copied on set, borrowed on get.
    _fields_ = [("items", POINTER(c_double)), ("count", c_size_t)]


class _ColorsRef(Structure):
    # lamina_value_t.u.colors (since 0.2): copied on set, borrowed on get.
    _fields_ = [("items", POINTER(Color)), ("count", c_size_t)]


class Vector3(Structure):
    _fields_ = [("x", c_double), ("y", c_double), ("z", c_double)]


class Filter(Structure):
    # lamina_filter_t (issue 32, R19): a filter as the host gives it.
    _fields_ = [("type", c_int32), ("reserved", c_uint32), ("name", c_char_p), ("params", c_double * 20)]


class _FiltersRef(Structure):
    # lamina_value_t.u.filters (since 0.2, issue 32): copied on set, borrowed on get.
    _fields_ = [("items", POINTER(Filter)), ("count", c_size_t)]


class _ValueUnion(Union):
    _fields_ = [
        ("number", c_double),
        ("point", Point),
        ("size", Size),
        ("rect", Rect),
        ("color", Color),
        ("transform", Transform3D),
        ("boolean", c_uint32),
        ("string", c_char_p),
        ("image", c_uint64),
        ("path", _PathRef),
        ("vector3", Vector3),
        ("numbers", _NumbersRef),
        ("colors", _ColorsRef),
        ("filters", _FiltersRef),
    ]


class Value(Structure):
    _fields_ = [("type", c_int32), ("reserved", c_uint32), ("u", _ValueUnion)]


VALUE_NULL, VALUE_NUMBER, VALUE_POINT, VALUE_SIZE, VALUE_RECT = 0, 1, 2, 3, 4
VALUE_COLOR, VALUE_TRANSFORM, VALUE_BOOL, VALUE_STRING = 5, 6, 7, 8
VALUE_IMAGE, VALUE_PATH = 9, 10
VALUE_VECTOR3 = 11
VALUE_NUMBER_ARRAY, VALUE_COLOR_ARRAY = 12, 13  # since 0.2 (issue 15)
VALUE_FILTER_ARRAY = 14  # since 0.2 (issue 32)

# lamina_layer_kind_t (issue 15)
LAYER_KIND_PLAIN, LAYER_KIND_SHAPE, LAYER_KIND_GRADIENT, LAYER_KIND_REPLICATOR = 0, 1, 2, 3
# The enumerations of lamina_draw_shape_t / lamina_draw_gradient_t, by index.
FILL_RULES = ("non-zero", "even-odd")
LINE_CAPS = ("butt", "round", "square")
LINE_JOINS = ("miter", "round", "bevel")
GRADIENT_TYPES = ("axial", "radial", "conic")
DRAW_SHAPE_FILL, DRAW_SHAPE_STROKE = 1 << 0, 1 << 1
# Text layers (issue 26, R15).
LAYER_KIND_TEXT = 4
TEXT_STATUSES = ("ok", "no-provider", "failed")
TEXT_RUN_RTL, TEXT_RUN_HAS_COLOR = 1 << 0, 1 << 1
TEXT_LINE_TRUNCATED = 1 << 0


class MediaTiming(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("begin_time", c_double),
        ("duration", c_double),
        ("speed", c_double),
        ("time_offset", c_double),
        ("repeat_count", c_double),
        ("repeat_duration", c_double),
        ("autoreverses", c_uint32),
        ("fill_mode", c_int32),
    ]


def media_timing_init() -> MediaTiming:
    from ctypes import sizeof

    return MediaTiming(sizeof(MediaTiming), 0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0, 0)


class Spring(Structure):
    _fields_ = [
        ("mass", c_double),
        ("stiffness", c_double),
        ("damping", c_double),
        ("initial_velocity", c_double),
        ("allows_overdamping", c_uint32),
        ("reserved", c_uint32),
    ]


class PathElement(Structure):
    _fields_ = [("type", c_int32), ("reserved", c_uint32), ("points", Point * 3)]


class DrawShape(Structure):
    """lamina_draw_shape_t (issue 15): a shape layer's drawing, borrowed like the records."""

    _fields_ = [
        ("path", POINTER(PathElement)),
        ("path_count", c_size_t),
        ("flags", c_uint32),
        ("fill_rule", c_int32),
        ("fill_color", Color),
        ("stroke_color", Color),
        ("line_width", c_double),
        ("miter_limit", c_double),
        ("line_cap", c_int32),
        ("line_join", c_int32),
        ("line_dash_pattern", POINTER(c_double)),
        ("line_dash_count", c_size_t),
        ("line_dash_phase", c_double),
        ("stroke_start", c_double),
        ("stroke_end", c_double),
    ]


class DrawGradient(Structure):
    """lamina_draw_gradient_t (issue 15): a gradient layer's fill, borrowed like the records."""

    _fields_ = [
        ("type", c_int32),
        ("reserved", c_uint32),
        ("colors", POINTER(Color)),
        ("locations", POINTER(c_double)),
        ("count", c_size_t),
        ("start_point", Point),
        ("end_point", Point),
        ("focal_point", Point),  # RS-9.10; since 0.2
    ]


class TextGlyphRun(Structure):
    """lamina_text_glyph_run_t (issue 26): positioned glyphs of one face, size and colour."""

    _fields_ = [
        ("font_id", c_uint64),
        ("font_path", c_char_p),
        ("face_index", c_int32),
        ("flags", c_uint32),
        ("size", c_double),
        ("glyph_ids", POINTER(c_uint32)),
        ("positions", POINTER(Point)),
        ("glyph_count", c_size_t),
        ("color", Color),
        ("line_index", c_uint32),
        ("reserved", c_uint32),
    ]


class TextLine(Structure):
    """lamina_text_line_t (issue 26): one laid-out line."""

    _fields_ = [
        ("box", Rect),
        ("baseline", c_double),
        ("start", c_size_t),
        ("length", c_size_t),
        ("flags", c_uint32),
        ("reserved", c_uint32),
    ]


class DrawText(Structure):
    """lamina_draw_text_t (issue 26): a text layer's drawing, borrowed like the records."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("status", c_int32),
        ("message", c_char_p),
        ("size", Size),
        ("runs", POINTER(TextGlyphRun)),
        ("run_count", c_size_t),
        ("lines", POINTER(TextLine)),
        ("line_count", c_size_t),
    ]


class TextRun(Structure):
    """lamina_text_run_t (issue 26): an attributed run as a host sets it."""

    _fields_ = [
        ("start", c_size_t),
        ("length", c_size_t),
        ("font", c_char_p),
        ("font_size", c_double),
        ("has_color", c_uint32),
        ("reserved", c_uint32),
        ("color", Color),
    ]


class TextSpan(Structure):
    """lamina_text_span_t (issue 26): a byte range with its look, as a provider is asked."""

    _fields_ = [
        ("start", c_size_t),
        ("length", c_size_t),
        ("font", c_char_p),
        ("font_size", c_double),
        ("has_color", c_uint32),
        ("reserved", c_uint32),
        ("color", Color),
    ]


class TextRequest(Structure):
    """lamina_text_request_t (issue 26): what a layout depends on."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("alignment", c_int32),
        ("truncation", c_int32),
        ("wrapped", c_int32),
        ("string", c_void_p),
        ("length", c_size_t),
        ("spans", POINTER(TextSpan)),
        ("span_count", c_size_t),
        ("width", c_double),
        ("height", c_double),
        ("contents_scale", c_double),
    ]


class TextLayout(Structure):
    """lamina_text_layout_t (issue 26): a provider's answer."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("size", Size),
        ("runs", POINTER(TextGlyphRun)),
        ("run_count", c_size_t),
        ("lines", POINTER(TextLine)),
        ("line_count", c_size_t),
        ("message", c_char_p),
        ("provider_data", c_void_p),
    ]


class TextProvider(Structure):
    """lamina_text_provider_t (issue 26): a text layout provider's functions."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("reserved", c_uint32),
        ("user_data", c_void_p),
        ("layout", c_void_p),
        ("release", c_void_p),
        ("destroy", c_void_p),
    ]


class DrawFilter(Structure):
    """lamina_draw_filter_t (issue 32): one filter of a record, evaluated."""

    _fields_ = [("type", c_int32), ("reserved", c_uint32), ("params", c_double * 20),
                ("sigma", c_double), ("matrix", c_double * 20)]


class DrawFilters(Structure):
    """lamina_draw_filters_t (issue 32): a record's filters, background filters, blend mode."""

    _fields_ = [
        ("struct_size", c_uint32),
        ("blend_mode", c_int32),
        ("filters", POINTER(DrawFilter)),
        ("filter_count", c_size_t),
        ("background_filters", POINTER(DrawFilter)),
        ("background_filter_count", c_size_t),
        ("reach", c_double),
        ("background_reach", c_double),
    ]


# lamina_draw_record_t.flags2 bits of filters (issue 32, docs/draw-records.md section 18).
DRAW2_FILTERS, DRAW2_BACKDROP, DRAW2_BLEND = 1 << 11, 1 << 12, 1 << 13


class DrawRecord(Structure):
    _fields_ = [
        ("layer", c_uint64),
        ("flags", c_uint32),
        ("depth", c_uint32),
        ("descendant_count", c_uint32),
        ("clip_index", c_int32),
        ("transform", Transform3D),
        ("bounds", Rect),
        ("clip_rect", Rect),
        ("opacity", c_double),
        ("corner_radius", c_double),
        ("border_width", c_double),
        ("background_color", Color),
        ("border_color", Color),
        ("shadow_color", Color),
        ("shadow_opacity", c_double),
        ("shadow_offset", Size),
        ("shadow_radius", c_double),
        ("transition_type", c_int32),
        ("transition_subtype", c_int32),
        ("transition_progress", c_double),
        ("reserved", c_double * 2),
        # Since 0.2 (issue 10; docs/draw-records.md).
        ("struct_size", c_uint32),
        ("flags2", c_uint32),
        ("contents", c_uint64),
        ("contents_previous", c_uint64),
        ("contents_fade", c_double),
        ("contents_dest", Rect),
        ("contents_previous_dest", Rect),
        ("contents_rect", Rect),
        ("contents_center", Rect),
        ("contents_scale", c_double),
        ("minification_filter_bias", c_double),
        ("contents_gravity", c_int32),
        ("minification_filter", c_int32),
        ("magnification_filter", c_int32),
        ("corner_curve", c_int32),
        ("masked_corners", c_uint32),
        ("edge_antialiasing_mask", c_uint32),
        ("mask_index", c_int32),
        ("mask_count", c_uint32),
        ("mask_host_index", c_int32),
        ("group_index", c_int32),
        ("target_opacity", c_double),
        ("group_opacity", c_double),
        ("rasterization_scale", c_double),
        ("shadow_path", POINTER(PathElement)),
        ("shadow_path_count", c_size_t),
        ("transition_before", c_void_p),
        # Since 0.2 (issue 15): layer kinds, replicator instances, shape and gradient data.
        ("layer_kind", c_int32),
        ("instance_index", c_uint32),
        ("instance_color", Color),
        ("shape", POINTER(DrawShape)),
        ("gradient", POINTER(DrawGradient)),
        # Since 0.2 (issue 26): text layers.
        ("text", POINTER(DrawText)),
        # Since 0.2 (issue 32): filters, background filters and the blend mode.
        ("filters", POINTER(DrawFilters)),
    ]


class ImageInfo(Structure):
    _fields_ = [
        ("struct_size", c_uint32),
        ("width", c_uint32),
        ("height", c_uint32),
        ("is_external", c_uint32),
        ("external_handle", c_uint64),
        ("pixels", POINTER(c_uint8)),
    ]


class AnimationTiming(Structure):
    _fields_ = [
        ("phase", c_int32),
        ("contributing", c_uint32),
        ("iteration", c_int64),
        ("iteration_progress", c_double),
        ("active_duration", c_double),
        ("end_time", c_double),
        ("begin_time", c_double),
        ("has_begin_time", c_uint32),
        ("reserved", c_uint32),
    ]


class TransitionState(Structure):
    _fields_ = [("type", c_int32), ("subtype", c_int32), ("progress", c_double)]


# Opaque handle kinds: each its own pointer type, so passing the wrong kind fails loudly.
class EngineStruct(Structure):
    pass


class AnimationStruct(Structure):
    pass


class AnimatorStruct(Structure):
    pass


class AnimatorParams(Structure):
    _fields_ = [("duration", c_double), ("curve", TimingFunction), ("has_spring", c_uint32),
                ("spring", Spring)]


class ActionStruct(Structure):
    pass


class StyleStruct(Structure):
    pass


EngineP = POINTER(EngineStruct)
AnimationP = POINTER(AnimationStruct)
AnimatorP = POINTER(AnimatorStruct)
ActionP = POINTER(ActionStruct)
StyleP = POINTER(StyleStruct)

CALLBACK_FN = CFUNCTYPE(None, c_void_p)
FREE_FN = CFUNCTYPE(None, c_void_p)
ACTION_FN = CFUNCTYPE(None, c_void_p, c_uint64, c_char_p)
VIEW_COMPLETION_FN = CFUNCTYPE(None, c_void_p, c_uint32)
DID_START_FN = CFUNCTYPE(None, c_void_p, c_uint64, c_char_p)
DID_STOP_FN = CFUNCTYPE(None, c_void_p, c_uint64, c_char_p, c_uint32)
ACTION_FOR_LAYER_FN = CFUNCTYPE(c_int32, c_void_p, c_uint64, c_char_p, POINTER(ActionP))
CLOCK_FN = CFUNCTYPE(c_double, c_void_p)
ANIMATOR_COMPLETION_FN = CFUNCTYPE(None, c_void_p, c_int32)


class AnimationDelegate(Structure):
    _fields_ = [("did_start", DID_START_FN), ("did_stop", DID_STOP_FN)]


class LayerDelegate(Structure):
    _fields_ = [("action_for_layer", ACTION_FOR_LAYER_FN)]


# --- Exceptions raised inside Python callbacks --------------------------------------------
_pending = threading.local()
# How many stashed exceptions wait on any thread: every C call checks this one global (cheap)
# instead of the thread-local (not), since almost no call has one.
_pending_count = 0


def stash_exception(exc: BaseException) -> None:
    """Keeps an exception raised in a callback until the C call that ran it returns."""
    global _pending_count
    lst = getattr(_pending, "errors", None)
    if lst is None:
        lst = _pending.errors = []
    lst.append(exc)
    _pending_count += 1


def _take_pending() -> "BaseException | None":
    """Removes and returns what callbacks raised on this thread: the exception itself when one
    did, and when several did, all of them — an ExceptionGroup on Python >= 3.11, or the last
    one with the earlier ones on its ``__context__`` chain — so none is lost silently."""
    global _pending_count
    lst = getattr(_pending, "errors", None)
    if not lst:
        return None
    errors = list(lst)
    _pending_count -= len(lst)
    del lst[:]
    if len(errors) == 1:
        first: BaseException = errors[0]
        return first
    message = f"{len(errors)} Lamina callbacks raised during one call"
    if sys.version_info >= (3, 11):
        if all(isinstance(e, Exception) for e in errors):
            return ExceptionGroup(message, errors)  # noqa: F821 - builtin on 3.11+
        return BaseExceptionGroup(message, errors)  # noqa: F821
    for earlier, later in zip(errors, errors[1:]):
        if later.__context__ is None:
            later.__context__ = earlier
    return errors[-1]


def raise_pending() -> None:
    """Re-raises what callbacks raised on this thread (see _take_pending), if anything."""
    if _pending_count:
        exc = _take_pending()
        if exc is not None:
            raise exc


def _check(result: int, func: Any, args: Any) -> int:
    if result != 0:
        message = lib.lamina_last_error_message()
        text = message.decode("utf-8", "replace") if message else ""
        name = lib.lamina_status_string(result).decode("ascii", "replace")
        err = error_for_status(result, name, text, func.__name__)
        exc = _take_pending() if _pending_count else None
        if exc is not None:
            raise exc from err
        raise err
    if _pending_count:
        raise_pending()
    return result


_NOT_STATUS = {
    "lamina_version_number",
    "lamina_version_string",
    "lamina_status_string",
    "lamina_last_error_status",
    "lamina_last_error_message",
    "lamina_clock_now",
}

_FUNCTIONS: List[Any] = [
    ('lamina_version_number', [], c_int32),
    ('lamina_version_string', [], c_char_p),
    ('lamina_status_string', [c_int32], c_char_p),
    ('lamina_last_error_status', [], c_int32),
    ('lamina_last_error_message', [], c_char_p),
    ('lamina_clock_now', [], c_double),
    ('lamina_engine_create', [POINTER(EngineP)], c_int32),
    ('lamina_engine_destroy', [EngineP], c_int32),
    ('lamina_engine_tick', [EngineP, c_double], c_int32),
    ('lamina_engine_get_time', [EngineP, POINTER(c_double)], c_int32),
    ('lamina_engine_register_property', [EngineP, c_char_p, POINTER(Value)], c_int32),
    ('lamina_layer_create', [EngineP, POINTER(c_uint64)], c_int32),
    ('lamina_layer_retain', [EngineP, c_uint64], c_int32),
    ('lamina_layer_release', [EngineP, c_uint64], c_int32),
    ('lamina_layer_add_sublayer', [EngineP, c_uint64, c_uint64], c_int32),
    ('lamina_layer_insert_sublayer_at', [EngineP, c_uint64, c_uint64, c_uint32], c_int32),
    ('lamina_layer_insert_sublayer_above', [EngineP, c_uint64, c_uint64, c_uint64], c_int32),
    ('lamina_layer_insert_sublayer_below', [EngineP, c_uint64, c_uint64, c_uint64], c_int32),
    ('lamina_layer_remove_from_superlayer', [EngineP, c_uint64], c_int32),
    ('lamina_layer_replace_sublayer', [EngineP, c_uint64, c_uint64, c_uint64], c_int32),
    ('lamina_layer_get_superlayer', [EngineP, c_uint64, POINTER(c_uint64)], c_int32),
    ('lamina_layer_get_sublayers', [EngineP, c_uint64, POINTER(c_uint64), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_layer_set_value', [EngineP, c_uint64, c_char_p, POINTER(Value)], c_int32),
    ('lamina_layer_get_value', [EngineP, c_uint64, c_char_p, POINTER(Value)], c_int32),
    ('lamina_layer_set_number', [EngineP, c_uint64, c_char_p, c_double], c_int32),
    ('lamina_layer_get_number', [EngineP, c_uint64, c_char_p, POINTER(c_double)], c_int32),
    ('lamina_layer_set_point', [EngineP, c_uint64, c_char_p, Point], c_int32),
    ('lamina_layer_get_point', [EngineP, c_uint64, c_char_p, POINTER(Point)], c_int32),
    ('lamina_layer_set_size', [EngineP, c_uint64, c_char_p, Size], c_int32),
    ('lamina_layer_get_size', [EngineP, c_uint64, c_char_p, POINTER(Size)], c_int32),
    ('lamina_layer_set_rect', [EngineP, c_uint64, c_char_p, Rect], c_int32),
    ('lamina_layer_get_rect', [EngineP, c_uint64, c_char_p, POINTER(Rect)], c_int32),
    ('lamina_layer_set_color', [EngineP, c_uint64, c_char_p, Color], c_int32),
    ('lamina_layer_get_color', [EngineP, c_uint64, c_char_p, POINTER(Color)], c_int32),
    ('lamina_layer_set_transform', [EngineP, c_uint64, c_char_p, Transform3D], c_int32),
    ('lamina_layer_get_transform', [EngineP, c_uint64, c_char_p, POINTER(Transform3D)], c_int32),
    ('lamina_layer_set_bool', [EngineP, c_uint64, c_char_p, c_uint32], c_int32),
    ('lamina_layer_get_bool', [EngineP, c_uint64, c_char_p, POINTER(c_uint32)], c_int32),
    ('lamina_layer_set_name', [EngineP, c_uint64, c_char_p], c_int32),
    ('lamina_layer_get_name', [EngineP, c_uint64, c_char_p, c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_layer_set_position', [EngineP, c_uint64, Point], c_int32),
    ('lamina_layer_get_position', [EngineP, c_uint64, POINTER(Point)], c_int32),
    ('lamina_layer_set_bounds', [EngineP, c_uint64, Rect], c_int32),
    ('lamina_layer_get_bounds', [EngineP, c_uint64, POINTER(Rect)], c_int32),
    ('lamina_layer_set_opacity', [EngineP, c_uint64, c_double], c_int32),
    ('lamina_layer_get_opacity', [EngineP, c_uint64, POINTER(c_double)], c_int32),
    ('lamina_layer_set_action_none', [EngineP, c_uint64, c_char_p], c_int32),
    ('lamina_layer_remove_action', [EngineP, c_uint64, c_char_p], c_int32),
    ('lamina_layer_has_presentation', [EngineP, c_uint64, POINTER(c_uint32)], c_int32),
    ('lamina_layer_get_presentation_value', [EngineP, c_uint64, c_char_p, POINTER(Value)], c_int32),
    ('lamina_layer_get_presentation_value_at', [EngineP, c_uint64, c_char_p, c_double, POINTER(Value)], c_int32),
    ('lamina_transaction_begin', [EngineP], c_int32),
    ('lamina_transaction_commit', [EngineP], c_int32),
    ('lamina_transaction_flush', [EngineP], c_int32),
    ('lamina_transaction_set_duration', [EngineP, c_double], c_int32),
    ('lamina_transaction_get_duration', [EngineP, POINTER(c_double)], c_int32),
    ('lamina_transaction_set_timing_function', [EngineP, POINTER(TimingFunction)], c_int32),
    ('lamina_transaction_get_timing_function', [EngineP, POINTER(TimingFunction), POINTER(c_uint32)], c_int32),
    ('lamina_transaction_set_disable_actions', [EngineP, c_uint32], c_int32),
    ('lamina_transaction_get_disable_actions', [EngineP, POINTER(c_uint32)], c_int32),
    ('lamina_transaction_set_completion', [EngineP, CALLBACK_FN, c_void_p, FREE_FN], c_int32),
    ('lamina_transaction_has_completion', [EngineP, POINTER(c_uint32)], c_int32),
    ('lamina_transaction_set_value', [EngineP, c_char_p, POINTER(Value)], c_int32),
    ('lamina_transaction_get_value', [EngineP, c_char_p, POINTER(Value)], c_int32),
    ('lamina_timing_function_named', [c_int32, POINTER(TimingFunction)], c_int32),
    ('lamina_timing_function_evaluate', [POINTER(TimingFunction), c_double, POINTER(c_double)], c_int32),
    ('lamina_transform3d_make_translation', [c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_make_scale', [c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_make_rotation', [c_double, c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_concat', [POINTER(Transform3D), POINTER(Transform3D), POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_translate', [POINTER(Transform3D), c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_scale', [POINTER(Transform3D), c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_rotate', [POINTER(Transform3D), c_double, c_double, c_double, c_double, POINTER(Transform3D)], c_int32),
    ('lamina_transform3d_invert', [POINTER(Transform3D), POINTER(Transform3D), POINTER(c_uint32)], c_int32),
    ('lamina_transform3d_is_identity', [POINTER(Transform3D), POINTER(c_uint32)], c_int32),
    ('lamina_transform3d_apply_to_point', [POINTER(Transform3D), Point, POINTER(Point)], c_int32),
    ('lamina_layer_get_frame', [EngineP, c_uint64, c_int32, c_double, POINTER(Rect)], c_int32),
    ('lamina_layer_set_frame', [EngineP, c_uint64, Rect], c_int32),
    ('lamina_layer_convert_point', [EngineP, c_uint64, c_uint64, Point, c_int32, c_double, POINTER(Point)], c_int32),
    ('lamina_layer_convert_rect', [EngineP, c_uint64, c_uint64, Rect, c_int32, c_double, POINTER(Rect)], c_int32),
    ('lamina_layer_contains_point', [EngineP, c_uint64, Point, c_int32, c_double, POINTER(c_uint32)], c_int32),
    ('lamina_layer_hit_test', [EngineP, c_uint64, Point, c_int32, c_double, POINTER(c_uint64)], c_int32),
    ('lamina_layer_create_kind', [EngineP, c_int32, POINTER(c_uint64)], c_int32),
    # Text layers (issue 26).
    ('lamina_engine_set_text_provider', [EngineP, POINTER(TextProvider)], c_int32),
    ('lamina_text_layer_set_runs', [EngineP, c_uint64, POINTER(TextRun), c_size_t], c_int32),
    ('lamina_text_layer_preferred_frame_size', [EngineP, c_uint64, c_double, POINTER(Size)], c_int32),
    ('lamina_text_layer_layout_count', [EngineP, c_uint64, POINTER(c_uint64)], c_int32),
    ('lamina_filter_init', [c_int32, c_char_p, POINTER(Filter)], c_int32),
    ('lamina_layer_get_kind', [EngineP, c_uint64, POINTER(c_int32)], c_int32),
    ('lamina_engine_draw_list', [EngineP, c_uint64, c_double, POINTER(POINTER(DrawRecord)), POINTER(c_size_t)], c_int32),
    ('lamina_engine_next_frame_time', [EngineP, POINTER(c_double)], c_int32),
    ('lamina_animation_create_basic', [c_char_p, POINTER(AnimationP)], c_int32),
    ('lamina_animation_create_spring', [c_char_p, POINTER(AnimationP)], c_int32),
    ('lamina_animation_create_keyframe', [c_char_p, POINTER(AnimationP)], c_int32),
    ('lamina_animation_create_transition', [c_int32, c_int32, POINTER(AnimationP)], c_int32),
    ('lamina_animation_create_group', [POINTER(AnimationP)], c_int32),
    ('lamina_animation_retain', [AnimationP], c_int32),
    ('lamina_animation_release', [AnimationP], c_int32),
    ('lamina_animation_copy', [AnimationP, POINTER(AnimationP)], c_int32),
    ('lamina_animation_get_kind', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_key_path', [AnimationP, c_char_p], c_int32),
    ('lamina_animation_get_key_path', [AnimationP, c_char_p, c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_from_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_set_to_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_set_by_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_get_from_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_get_to_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_get_by_value', [AnimationP, POINTER(Value)], c_int32),
    ('lamina_animation_set_additive', [AnimationP, c_uint32], c_int32),
    ('lamina_animation_get_additive', [AnimationP, POINTER(c_uint32)], c_int32),
    ('lamina_animation_set_cumulative', [AnimationP, c_uint32], c_int32),
    ('lamina_animation_get_cumulative', [AnimationP, POINTER(c_uint32)], c_int32),
    ('lamina_animation_set_value_function', [AnimationP, c_int32], c_int32),
    ('lamina_animation_get_value_function', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_removed_on_completion', [AnimationP, c_uint32], c_int32),
    ('lamina_animation_get_removed_on_completion', [AnimationP, POINTER(c_uint32)], c_int32),
    ('lamina_animation_set_timing_function', [AnimationP, POINTER(TimingFunction)], c_int32),
    ('lamina_animation_get_timing_function', [AnimationP, POINTER(TimingFunction), POINTER(c_uint32)], c_int32),
    ('lamina_animation_set_media_timing', [AnimationP, POINTER(MediaTiming)], c_int32),
    ('lamina_animation_get_media_timing', [AnimationP, POINTER(MediaTiming)], c_int32),
    ('lamina_animation_set_spring', [AnimationP, POINTER(Spring)], c_int32),
    ('lamina_animation_get_spring', [AnimationP, POINTER(Spring)], c_int32),
    ('lamina_spring_init_perceptual', [c_double, c_double, POINTER(Spring)], c_int32),
    ('lamina_spring_get_settling_duration', [POINTER(Spring), POINTER(c_double)], c_int32),
    ('lamina_animation_set_keyframe_values', [AnimationP, POINTER(Value), c_size_t], c_int32),
    ('lamina_animation_get_keyframe_values', [AnimationP, POINTER(Value), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_key_times', [AnimationP, POINTER(c_double), c_size_t], c_int32),
    ('lamina_animation_get_key_times', [AnimationP, POINTER(c_double), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_keyframe_timing_functions', [AnimationP, POINTER(TimingFunction), c_size_t], c_int32),
    ('lamina_animation_get_keyframe_timing_functions', [AnimationP, POINTER(TimingFunction), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_calculation_mode', [AnimationP, c_int32], c_int32),
    ('lamina_animation_get_calculation_mode', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_tension_values', [AnimationP, POINTER(c_double), c_size_t], c_int32),
    ('lamina_animation_get_tension_values', [AnimationP, POINTER(c_double), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_continuity_values', [AnimationP, POINTER(c_double), c_size_t], c_int32),
    ('lamina_animation_get_continuity_values', [AnimationP, POINTER(c_double), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_bias_values', [AnimationP, POINTER(c_double), c_size_t], c_int32),
    ('lamina_animation_get_bias_values', [AnimationP, POINTER(c_double), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_path', [AnimationP, POINTER(PathElement), c_size_t], c_int32),
    ('lamina_animation_get_path', [AnimationP, POINTER(PathElement), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_animation_set_rotation_mode', [AnimationP, c_int32], c_int32),
    ('lamina_animation_get_rotation_mode', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_transition_type', [AnimationP, c_int32], c_int32),
    ('lamina_animation_get_transition_type', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_transition_subtype', [AnimationP, c_int32], c_int32),
    ('lamina_animation_get_transition_subtype', [AnimationP, POINTER(c_int32)], c_int32),
    ('lamina_animation_set_transition_progress', [AnimationP, c_double, c_double], c_int32),
    ('lamina_animation_get_transition_progress', [AnimationP, POINTER(c_double), POINTER(c_double)], c_int32),
    ('lamina_animation_group_add', [AnimationP, AnimationP], c_int32),
    ('lamina_animation_group_get_count', [AnimationP, POINTER(c_size_t)], c_int32),
    ('lamina_animation_group_copy_child', [AnimationP, c_size_t, POINTER(AnimationP)], c_int32),
    ('lamina_animation_group_remove_all', [AnimationP], c_int32),
    ('lamina_animation_set_delegate', [AnimationP, POINTER(AnimationDelegate), c_void_p, FREE_FN], c_int32),
    ('lamina_layer_add_animation', [EngineP, c_uint64, AnimationP, c_char_p], c_int32),
    ('lamina_layer_copy_animation', [EngineP, c_uint64, c_char_p, POINTER(AnimationP)], c_int32),
    ('lamina_layer_get_animation_count', [EngineP, c_uint64, POINTER(c_size_t)], c_int32),
    ('lamina_layer_get_animation_key', [EngineP, c_uint64, c_size_t, c_char_p, c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_layer_remove_animation', [EngineP, c_uint64, c_char_p], c_int32),
    ('lamina_layer_remove_all_animations', [EngineP, c_uint64], c_int32),
    ('lamina_layer_get_animation_timing', [EngineP, c_uint64, c_char_p, POINTER(AnimationTiming)], c_int32),
    ('lamina_layer_get_animation_timing_at', [EngineP, c_uint64, c_char_p, c_double, POINTER(AnimationTiming)], c_int32),
    ('lamina_layer_get_transition', [EngineP, c_uint64, c_double, POINTER(TransitionState), POINTER(c_uint32)], c_int32),
    ('lamina_layer_get_transition_before_value', [EngineP, c_uint64, c_char_p, c_double, POINTER(Value)], c_int32),
    ('lamina_layer_convert_time', [EngineP, c_uint64, c_uint64, c_double, POINTER(c_double)], c_int32),
    ('lamina_action_create_animation', [AnimationP, POINTER(ActionP)], c_int32),
    ('lamina_action_create_custom', [ACTION_FN, c_void_p, FREE_FN, POINTER(ActionP)], c_int32),
    ('lamina_action_retain', [ActionP], c_int32),
    ('lamina_action_release', [ActionP], c_int32),
    ('lamina_action_get_kind', [ActionP, POINTER(c_int32)], c_int32),
    ('lamina_action_copy_animation', [ActionP, POINTER(AnimationP)], c_int32),
    ('lamina_layer_set_action', [EngineP, c_uint64, c_char_p, ActionP], c_int32),
    ('lamina_engine_set_default_action', [EngineP, c_char_p, ActionP], c_int32),
    ('lamina_engine_set_default_no_action', [EngineP, c_char_p], c_int32),
    ('lamina_layer_get_action', [EngineP, c_uint64, c_char_p, POINTER(ActionP)], c_int32),
    ('lamina_layer_set_delegate', [EngineP, c_uint64, POINTER(LayerDelegate), c_void_p, FREE_FN], c_int32),
    ('lamina_style_create', [StyleP, POINTER(StyleP)], c_int32),
    ('lamina_style_retain', [StyleP], c_int32),
    ('lamina_style_release', [StyleP], c_int32),
    ('lamina_style_set_action', [StyleP, c_char_p, ActionP], c_int32),
    ('lamina_style_set_no_action', [StyleP, c_char_p], c_int32),
    ('lamina_layer_set_style', [EngineP, c_uint64, StyleP], c_int32),
    ('lamina_layer_set_view_backed', [EngineP, c_uint64, c_uint32], c_int32),
    ('lamina_layer_get_view_backed', [EngineP, c_uint64, POINTER(c_uint32)], c_int32),
    ('lamina_view_animation_begin', [EngineP, c_double, c_double, c_uint64, VIEW_COMPLETION_FN, c_void_p, FREE_FN], c_int32),
    ('lamina_view_animation_commit', [EngineP], c_int32),
    ('lamina_engine_set_clock', [EngineP, CLOCK_FN, c_void_p, FREE_FN], c_int32),
    ('lamina_engine_use_monotonic_clock', [EngineP], c_int32),
    ('lamina_engine_tick_now', [EngineP], c_int32),
    ('lamina_view_animation_is_open', [EngineP, POINTER(c_uint32)], c_int32),
    ('lamina_image_create_rgba8', [EngineP, c_uint32, c_uint32, POINTER(c_uint8), c_size_t, c_uint32, POINTER(c_uint64)], c_int32),
    ('lamina_image_create_external', [EngineP, c_uint64, c_uint32, c_uint32, POINTER(c_uint64)], c_int32),
    ('lamina_image_retain', [c_uint64], c_int32),
    ('lamina_image_release', [c_uint64], c_int32),
    ('lamina_image_get_info', [c_uint64, POINTER(ImageInfo)], c_int32),
    ('lamina_path_rect', [Rect, POINTER(PathElement), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_path_ellipse', [Rect, POINTER(PathElement), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_path_rounded_rect', [Rect, c_double, c_double, POINTER(PathElement), c_size_t, POINTER(c_size_t)], c_int32),
    ('lamina_layer_set_contents', [EngineP, c_uint64, c_uint64], c_int32),
    ('lamina_layer_get_contents', [EngineP, c_uint64, POINTER(c_uint64)], c_int32),
    ('lamina_layer_set_mask', [EngineP, c_uint64, c_uint64], c_int32),
    ('lamina_layer_get_mask', [EngineP, c_uint64, POINTER(c_uint64)], c_int32),
    ('lamina_engine_draw_list_sized', [EngineP, c_uint64, c_double, c_size_t, POINTER(c_void_p), POINTER(c_size_t)], c_int32),
    ('lamina_engine_damage', [EngineP, c_uint64, POINTER(POINTER(Rect)), POINTER(c_size_t)], c_int32),
    ('lamina_layers_set_number', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, POINTER(c_double)], c_int32),
    ('lamina_layers_set_point', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, POINTER(Point)], c_int32),
    ('lamina_layers_get_number', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, POINTER(c_double)], c_int32),
    ('lamina_layers_get_presentation_number', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, POINTER(c_double)], c_int32),
    ('lamina_layers_get_presentation_number_at', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, c_double, POINTER(c_double)], c_int32),
    ('lamina_layers_get_presentation_point', [EngineP, POINTER(c_uint64), c_size_t, c_char_p, POINTER(Point)], c_int32),
    # reliability limits and test hooks (issue 31)
    ('lamina_engine_set_draw_list_budget', [EngineP, c_size_t], c_int32),
    ('lamina_testing_set_next_engine_tag', [c_uint32], c_int32),
    ('lamina_testing_age_layer_slots', [EngineP, c_uint32], c_int32),
    # draw-list reuse test hooks (issue 28)
    ('lamina_testing_set_draw_list_reuse', [EngineP, c_uint32], c_int32),
    ('lamina_testing_get_draw_list_builds', [EngineP, POINTER(c_uint64)], c_int32),
    # Interaction (R17)
    ('lamina_layer_get_presentation_velocity', [EngineP, c_uint64, c_char_p, c_double, POINTER(Value)], c_int32),
    ('lamina_transaction_set_spring', [EngineP, POINTER(Spring)], c_int32),
    ('lamina_transaction_get_spring', [EngineP, POINTER(Spring), POINTER(c_uint32)], c_int32),
    ('lamina_decay_projection', [c_double, c_double, c_double, POINTER(c_double)], c_int32),
    ('lamina_decay_sample', [c_double, c_double, c_double, c_double, POINTER(c_double), POINTER(c_double)], c_int32),
    ('lamina_decay_duration', [c_double, c_double, c_double, POINTER(c_double)], c_int32),
    ('lamina_rubber_band', [c_double, c_double, c_double, POINTER(c_double)], c_int32),
    ('lamina_animation_set_decay', [AnimationP, POINTER(Value), c_double], c_int32),
    ('lamina_animation_set_inherits_velocity', [AnimationP, c_uint32], c_int32),
    ('lamina_animation_get_inherits_velocity', [AnimationP, POINTER(c_uint32)], c_int32),
    ('lamina_view_animation_set_spring', [EngineP, POINTER(Spring)], c_int32),
    # Property animators (R17.9-R17.21)
    ('lamina_animator_create', [EngineP, POINTER(AnimatorParams), POINTER(AnimatorP)], c_int32),
    ('lamina_animator_destroy', [AnimatorP], c_int32),
    ('lamina_animator_add_animations', [AnimatorP, CALLBACK_FN, c_void_p], c_int32),
    ('lamina_animator_add_completion', [AnimatorP, ANIMATOR_COMPLETION_FN, c_void_p], c_int32),
    ('lamina_animator_start', [AnimatorP, c_double], c_int32),
    ('lamina_animator_pause', [AnimatorP], c_int32),
    ('lamina_animator_get_fraction_complete', [AnimatorP, POINTER(c_double)], c_int32),
    ('lamina_animator_set_fraction_complete', [AnimatorP, c_double], c_int32),
    ('lamina_animator_get_reversed', [AnimatorP, POINTER(c_uint32)], c_int32),
    ('lamina_animator_set_reversed', [AnimatorP, c_uint32], c_int32),
    ('lamina_animator_continue', [AnimatorP, POINTER(TimingFunction), POINTER(Spring), c_double], c_int32),
    ('lamina_animator_stop', [AnimatorP, c_uint32], c_int32),
    ('lamina_animator_finish', [AnimatorP, c_int32], c_int32),
    ('lamina_animator_get_state', [AnimatorP, POINTER(c_int32)], c_int32),
    ('lamina_animator_is_running', [AnimatorP, POINTER(c_uint32)], c_int32),
    ('lamina_animator_get_duration', [AnimatorP, POINTER(c_double)], c_int32),
    ('lamina_animator_set_scrubs_linearly', [AnimatorP, c_uint32], c_int32),
    ('lamina_animator_get_scrubs_linearly', [AnimatorP, POINTER(c_uint32)], c_int32),
    ('lamina_animator_set_pauses_on_completion', [AnimatorP, c_uint32], c_int32),
    ('lamina_animator_get_pauses_on_completion', [AnimatorP, POINTER(c_uint32)], c_int32),
    ('lamina_animator_set_interruptible', [AnimatorP, c_uint32], c_int32),
    ('lamina_animator_get_interruptible', [AnimatorP, POINTER(c_uint32)], c_int32),
]

lib = load_library()


class _Missing:
    """Stands in for a function the loaded library lacks (an older build): calling it
    raises, importing the package does not (py-sdl2's approach)."""

    def __init__(self, name: str) -> None:
        self.__name__ = name

    def __call__(self, *args: Any) -> Any:
        path = getattr(lib, "_lamina_path", "?")
        raise NotImplementedError(
            f"{self.__name__} is missing from the loaded Lamina library ({path}); "
            "rebuild liblamina or point LAMINA_LIBRARY at a newer build"
        )


#: The values each C integer type holds: ctypes converts a Python int outside them by
#: silently keeping the low bits (``2**32 + 1`` became 1), so the binding checks first.
_INT_RANGES = {
    c_uint8: (0, 0xFF),
    c_int32: (-(1 << 31), (1 << 31) - 1),
    c_uint32: (0, 0xFFFF_FFFF),
    c_int64: (-(1 << 63), (1 << 63) - 1),
    c_uint64: (0, 0xFFFF_FFFF_FFFF_FFFF),
    c_size_t: (0, (1 << (8 * sizeof(c_size_t))) - 1),
}


class _RangeChecked:
    """A bound C function whose integer arguments are range-checked before the call (issue 31
    item 10): an int the C type cannot hold raises InvalidArgumentError naming the function,
    never wraps. Wraps only the functions that take a 32-bit or size integer (layer handles
    alone, the common case, come from the binding's own objects and skip the check)."""

    __slots__ = ("_fn", "_ranges", "__name__")

    def __init__(self, fn: Any, ranges: List[Any]) -> None:
        self._fn = fn
        self._ranges = ranges
        self.__name__ = fn.__name__

    def __call__(self, *args: Any) -> Any:
        for i, (lo, hi) in self._ranges:
            if i < len(args):
                v = args[i]
                if v.__class__ is int and not lo <= v <= hi:
                    raise error_for_status(
                        1, "LAMINA_STATUS_INVALID_ARGUMENT",
                        f"argument {i + 1} ({v}) is outside the C type's range {lo}...{hi}",
                        self.__name__)
        return self._fn(*args)

    def __getattr__(self, name: str) -> Any:  # argtypes, restype, ... of the C function
        return getattr(self._fn, name)


#: Names of declared functions the loaded library does not export.
missing: List[str] = []

for _name, _argtypes, _restype in _FUNCTIONS:
    try:
        _fn = getattr(lib, _name)
    except AttributeError:
        missing.append(_name)
        setattr(lib, _name, _Missing(_name))
        continue
    _fn.argtypes = _argtypes
    _fn.restype = _restype
    if _name not in _NOT_STATUS:
        _fn.errcheck = _check
    _ranges = [(i, _INT_RANGES[t]) for i, t in enumerate(_argtypes) if t in _INT_RANGES]
    if any(r is not _INT_RANGES[c_uint64] for _, r in _ranges):
        setattr(lib, _name, _RangeChecked(_fn, _ranges))
del _name, _argtypes, _restype, _fn, _ranges
