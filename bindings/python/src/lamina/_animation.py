# SPDX-License-Identifier: Apache-2.0
"""Explicit animations as Python objects, converted to lamina_animation_t when added."""
from __future__ import annotations

from ctypes import byref, c_double, c_int32, c_size_t, c_uint32
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from . import _capi as C
from ._errors import NotFoundError
from ._callbacks import animation_delegate, free_trampoline
from ._types import (
    c_string,
    PointLike,
    TimingLike,
    as_point,
    as_timing,
    to_c_point,
    to_c_timing,
)
from ._values import from_c_value, to_c_value

_FILL = {"removed": 0, "forwards": 1, "backwards": 2, "both": 3}
_VALUE_FUNCTIONS = {
    None: 0, "rotate-x": 1, "rotate-y": 2, "rotate-z": 3, "scale": 4, "scale-x": 5,
    "scale-y": 6, "scale-z": 7, "translate": 8, "translate-x": 9, "translate-y": 10,
    "translate-z": 11,
}
_CALC = {"linear": 0, "discrete": 1, "paced": 2, "cubic": 3, "cubic-paced": 4}
_ROTATION = {None: 0, "auto": 1, "auto-reverse": 2}
TRANSITION_TYPES = {"fade": 0, "move-in": 1, "push": 2, "reveal": 3}
TRANSITION_SUBTYPES = {None: 0, "from-left": 1, "from-right": 2, "from-top": 3, "from-bottom": 4}
_PATH = {"move": 0, "line": 1, "quad": 2, "cubic": 3, "close": 4}

_MISSING = object()
#: The common settings' defaults, left out of reprs.
_DEFAULTS: Dict[str, Any] = {
    "duration": 0.0, "begin_time": 0.0, "speed": 1.0, "time_offset": 0.0, "repeat_count": 0.0,
    "repeat_duration": 0.0, "autoreverses": False, "fill_mode": "removed",
    "removed_on_completion": True, "additive": False, "cumulative": False,
}

#: A repeat count that repeats forever.
REPEAT_FOREVER = float("inf")

ValueHint = Callable[[str], int]


def _lookup(table: Dict[Any, int], name: Any, what: str) -> int:
    try:
        return int(table[name])
    except KeyError:
        raise ValueError(f"unknown {what} {name!r}; expected one of {[k for k in table if k]}") from None


class Animation:
    """Base of every explicit animation: media timing (CA-5), timing function, removal and
    delegate callbacks.

    Args:
        duration: one pass in seconds; 0 takes the transaction's duration when added.
        begin_time: in the layer's time; 0 starts when the adding transaction commits.
        speed, time_offset, repeat_count, repeat_duration, autoreverses: CAMediaTiming's.
        fill_mode: "removed", "forwards", "backwards" or "both".
        timing_function: a name ("ease-in", ...), a TimingFunction or four control points.
        removed_on_completion: whether it leaves the layer when done.
        on_start: called as ``on_start(layer, key)`` when it starts (CA-11.8).
        on_stop: called as ``on_stop(layer, key, finished)`` when it leaves its layer.

    Example: ``layer.add_animation(lamina.BasicAnimation('opacity', 0, 1, duration=1), 'fade')``
    """

    def __init__(
        self,
        *,
        duration: float = 0.0,
        begin_time: float = 0.0,
        speed: float = 1.0,
        time_offset: float = 0.0,
        repeat_count: float = 0.0,
        repeat_duration: float = 0.0,
        autoreverses: bool = False,
        fill_mode: str = "removed",
        timing_function: Optional[TimingLike] = None,
        removed_on_completion: bool = True,
        on_start: Optional[Callable[..., Any]] = None,
        on_stop: Optional[Callable[..., Any]] = None,
    ) -> None:
        self.duration = duration
        self.begin_time = begin_time
        self.speed = speed
        self.time_offset = time_offset
        self.repeat_count = repeat_count
        self.repeat_duration = repeat_duration
        self.autoreverses = autoreverses
        self.fill_mode = fill_mode
        self.timing_function = timing_function
        self.removed_on_completion = removed_on_completion
        self.on_start = on_start
        self.on_stop = on_stop

    def __repr__(self) -> str:
        # The settings that differ from the defaults, like a dataclass repr but short.
        items = [f"{k}={v!r}" for k, v in vars(self).items()
                 if not k.startswith("_") and v is not _UNSET and v is not None
                 and _DEFAULTS.get(k, _MISSING) != v]
        return f"lamina.{type(self).__name__}({', '.join(items)})"

    # subclasses create the object and set their own fields
    def _create(self) -> Any:
        raise NotImplementedError

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        pass

    def _to_c(self, hint: ValueHint, engine: Any = None) -> Any:
        """An owned lamina_animation_t (the caller releases it)."""
        anim = C.AnimationP()
        self._create_into(anim)
        try:
            mt = C.media_timing_init()
            mt.begin_time = self.begin_time
            mt.duration = self.duration
            mt.speed = self.speed
            mt.time_offset = self.time_offset
            mt.repeat_count = self.repeat_count
            mt.repeat_duration = self.repeat_duration
            mt.autoreverses = int(bool(self.autoreverses))
            mt.fill_mode = _lookup(_FILL, self.fill_mode, "fill mode")
            C.lib.lamina_animation_set_media_timing(anim, byref(mt))
            if self.timing_function is not None:
                tf = to_c_timing(self.timing_function)
                C.lib.lamina_animation_set_timing_function(anim, byref(tf))
            C.lib.lamina_animation_set_removed_on_completion(anim, int(bool(self.removed_on_completion)))
            self._fill(anim, hint, engine)
            if self.on_start is not None or self.on_stop is not None:
                delegate, userdata = animation_delegate(self.on_start, self.on_stop, engine)
                C.lib.lamina_animation_set_delegate(anim, byref(delegate), userdata, free_trampoline)
        except BaseException:
            C.lib.lamina_animation_release(anim)
            raise
        return anim

    def _create_into(self, anim: Any) -> None:
        raise NotImplementedError


_UNSET: Any = object()


class PropertyAnimation(Animation):
    """An animation of one property or key path (``key_path``).

    Example: ``anim.key_path  # e.g. 'position.x'``
    """

    def __init__(
        self,
        key_path: Optional[str],
        *,
        additive: bool = False,
        cumulative: bool = False,
        value_function: Optional[str] = None,
        **timing: Any,
    ) -> None:
        super().__init__(**timing)
        self.key_path = key_path
        self.additive = additive
        self.cumulative = cumulative
        self.value_function = value_function

    def _key(self) -> Optional[bytes]:
        return c_string(self.key_path, "a key path") if self.key_path else None

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        C.lib.lamina_animation_set_additive(anim, int(bool(self.additive)))
        C.lib.lamina_animation_set_cumulative(anim, int(bool(self.cumulative)))
        C.lib.lamina_animation_set_value_function(
            anim, _lookup(_VALUE_FUNCTIONS, self.value_function, "value function"))

    def _hint(self, hint: ValueHint) -> int:
        if self.value_function in ("scale", "translate"):
            return C.VALUE_VECTOR3  # three numbers are (x, y, z), not a colour (CA-7.5)
        if self.value_function is not None or not self.key_path:
            return -1
        return hint(self.key_path)


class BasicAnimation(PropertyAnimation):
    """CABasicAnimation: from/to/by values (CA-7.1). With none set it animates from the
    presentation value to the model value. ``None`` as a value is a nil colour.

    Example: ``lamina.BasicAnimation('position', to_value=(100, 100), duration=0.5)``
    """

    def __init__(
        self,
        key_path: Optional[str],
        from_value: Any = _UNSET,
        to_value: Any = _UNSET,
        by_value: Any = _UNSET,
        **options: Any,
    ) -> None:
        super().__init__(key_path, **options)
        self.from_value = from_value
        self.to_value = to_value
        self.by_value = by_value

    def _create_into(self, anim: Any) -> None:
        C.lib.lamina_animation_create_basic(self._key() or b"", byref(anim))
        if not self.key_path:  # no key path: an action animates the property that changed
            C.lib.lamina_animation_set_key_path(anim, None)

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        super()._fill(anim, hint, engine)
        h = self._hint(hint)
        for value, setter in (
            (self.from_value, C.lib.lamina_animation_set_from_value),
            (self.to_value, C.lib.lamina_animation_set_to_value),
            (self.by_value, C.lib.lamina_animation_set_by_value),
        ):
            if value is not _UNSET:
                v = to_c_value(value, h, self.key_path or "")
                setter(anim, byref(v))


class SpringAnimation(BasicAnimation):
    """CASpringAnimation: a basic animation whose progress follows a damped spring (CA-9).

    Example: ``lamina.SpringAnimation('position.x', to_value=100, damping=12)``
    """

    def __init__(
        self,
        key_path: Optional[str],
        from_value: Any = _UNSET,
        to_value: Any = _UNSET,
        by_value: Any = _UNSET,
        *,
        mass: float = 1.0,
        stiffness: float = 100.0,
        damping: float = 10.0,
        initial_velocity: float = 0.0,
        allows_overdamping: bool = False,
        inherits_velocity: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(key_path, from_value, to_value, by_value, **options)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initial_velocity = initial_velocity
        self.allows_overdamping = allows_overdamping
        #: Start from the presentation value and velocity when it begins (R17.6), so that
        #: replacing a running animation keeps its speed; needs ``to_value``.
        self.inherits_velocity = inherits_velocity

    @classmethod
    def perceptual(cls, key_path: str, duration: float, bounce: float = 0.0, **kwargs: Any) -> "SpringAnimation":
        """A spring for a perceptual duration and a bounce (CA-9.5)."""
        s = C.Spring()
        C.lib.lamina_spring_init_perceptual(duration, bounce, byref(s))
        return cls(key_path, mass=s.mass, stiffness=s.stiffness, damping=s.damping,
                   allows_overdamping=bool(s.allows_overdamping), **kwargs)

    def _spring(self) -> Any:
        return C.Spring(self.mass, self.stiffness, self.damping, self.initial_velocity,
                        int(bool(self.allows_overdamping)), 0)

    @property
    def settling_duration(self) -> float:
        """The time after which the spring stays at rest (CA-9.4); inf when undamped."""
        out = c_double()
        C.lib.lamina_spring_get_settling_duration(byref(self._spring()), byref(out))
        return out.value

    def _create_into(self, anim: Any) -> None:
        C.lib.lamina_animation_create_spring(self._key() or b"", byref(anim))
        if not self.key_path:  # no key path: an action animates the property that changed
            C.lib.lamina_animation_set_key_path(anim, None)

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        super()._fill(anim, hint, engine)
        C.lib.lamina_animation_set_spring(anim, byref(self._spring()))
        if self.inherits_velocity:
            C.lib.lamina_animation_set_inherits_velocity(anim, 1)


PathElement = Tuple[Any, ...]


class KeyframeAnimation(PropertyAnimation):
    """CAKeyframeAnimation (CA-8): ``values`` or a ``path`` of elements such as
    ``("move", p)``, ``("line", p)``, ``("quad", c, p)``, ``("cubic", c1, c2, p)``,
    ``("close",)``; ``key_times``, per-segment ``timing_functions``, ``calculation_mode``
    ("linear", "discrete", "paced", "cubic", "cubic-paced"), tension/continuity/bias values
    and ``rotation_mode`` (None, "auto", "auto-reverse").

    Example: ``lamina.KeyframeAnimation('opacity', [0, 1, 0], key_times=[0, 0.5, 1], duration=2)``
    """

    def __init__(
        self,
        key_path: Optional[str],
        values: Optional[Sequence[Any]] = None,
        *,
        key_times: Optional[Sequence[float]] = None,
        timing_functions: Optional[Sequence[TimingLike]] = None,
        calculation_mode: str = "linear",
        tension_values: Optional[Sequence[float]] = None,
        continuity_values: Optional[Sequence[float]] = None,
        bias_values: Optional[Sequence[float]] = None,
        path: Optional[Sequence[PathElement]] = None,
        rotation_mode: Optional[str] = None,
        **options: Any,
    ) -> None:
        super().__init__(key_path, **options)
        self.values = values
        self.key_times = key_times
        self.timing_functions = timing_functions
        self.calculation_mode = calculation_mode
        self.tension_values = tension_values
        self.continuity_values = continuity_values
        self.bias_values = bias_values
        self.path = path
        self.rotation_mode = rotation_mode

    def _create_into(self, anim: Any) -> None:
        C.lib.lamina_animation_create_keyframe(self._key() or b"", byref(anim))
        if not self.key_path:  # no key path: an action animates the property that changed
            C.lib.lamina_animation_set_key_path(anim, None)

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        super()._fill(anim, hint, engine)
        if self.values is not None:
            h = self._hint(hint)
            # The converted values stay referenced until the call returns: a path or array
            # value points into a buffer its Value object keeps (the array holds copies).
            converted = [to_c_value(v, h, self.key_path or "") for v in self.values]
            arr = (C.Value * len(converted))(*converted)
            C.lib.lamina_animation_set_keyframe_values(anim, arr, len(converted))
            del converted
        for seq, setter in (
            (self.key_times, C.lib.lamina_animation_set_key_times),
            (self.tension_values, C.lib.lamina_animation_set_tension_values),
            (self.continuity_values, C.lib.lamina_animation_set_continuity_values),
            (self.bias_values, C.lib.lamina_animation_set_bias_values),
        ):
            if seq is not None:
                setter(anim, (c_double * len(seq))(*[float(x) for x in seq]), len(seq))
        if self.timing_functions is not None:
            tfs = (C.TimingFunction * len(self.timing_functions))(
                *[to_c_timing(t) for t in self.timing_functions])
            C.lib.lamina_animation_set_keyframe_timing_functions(anim, tfs, len(self.timing_functions))
        C.lib.lamina_animation_set_calculation_mode(anim, _lookup(_CALC, self.calculation_mode, "calculation mode"))
        if self.path is not None:
            elems = (C.PathElement * len(self.path))()
            for i, el in enumerate(self.path):
                elems[i].type = _lookup(_PATH, el[0], "path element")
                for j, p in enumerate(el[1:4]):
                    elems[i].points[j] = to_c_point(p)
            C.lib.lamina_animation_set_path(anim, elems, len(self.path))
        C.lib.lamina_animation_set_rotation_mode(anim, _lookup(_ROTATION, self.rotation_mode, "rotation mode"))


class TransitionAnimation(Animation):
    """CATransition (CA-10.1): ``type`` "fade", "move-in", "push" or "reveal"; ``subtype``
    None, "from-left", "from-right", "from-top" or "from-bottom"; a progress window.

    Example: ``layer.add_animation(lamina.TransitionAnimation('push', 'from-left', duration=0.3))``
    """

    def __init__(
        self,
        type: str = "fade",
        subtype: Optional[str] = None,
        *,
        start_progress: float = 0.0,
        end_progress: float = 1.0,
        **timing: Any,
    ) -> None:
        super().__init__(**timing)
        self.type = type
        self.subtype = subtype
        self.start_progress = start_progress
        self.end_progress = end_progress

    def _create_into(self, anim: Any) -> None:
        C.lib.lamina_animation_create_transition(
            _lookup(TRANSITION_TYPES, self.type, "transition type"),
            _lookup(TRANSITION_SUBTYPES, self.subtype, "transition subtype"), byref(anim))

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        C.lib.lamina_animation_set_transition_progress(anim, self.start_progress, self.end_progress)


class AnimationGroup(Animation):
    """CAAnimationGroup (CA-10.5): children run concurrently in the group's time.

    Example: ``lamina.AnimationGroup([fade, move], duration=1.0)``
    """

    def __init__(self, animations: Sequence[Animation] = (), **timing: Any) -> None:
        super().__init__(**timing)
        self.animations: List[Animation] = list(animations)

    def _create_into(self, anim: Any) -> None:
        C.lib.lamina_animation_create_group(byref(anim))

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        for child in self.animations:
            c = child._to_c(hint, engine)
            try:
                C.lib.lamina_animation_group_add(anim, c)
            finally:
                C.lib.lamina_animation_release(c)


def _read_string(getter: Any, obj: Any) -> str:
    n = c_size_t()
    getter(obj, None, 0, byref(n))
    from ctypes import create_string_buffer
    buf = create_string_buffer(n.value + 1)
    getter(obj, buf, n.value + 1, byref(n))
    return buf.value.decode("utf-8")


def animation_from_c(anim: Any) -> Animation:
    """Reads back the main fields of a lamina_animation_t (for introspection)."""
    kind = c_int32()
    C.lib.lamina_animation_get_kind(anim, byref(kind))
    mt = C.media_timing_init()
    C.lib.lamina_animation_get_media_timing(anim, byref(mt))
    tf = C.TimingFunction()
    is_set = c_uint32()
    C.lib.lamina_animation_get_timing_function(anim, byref(tf), byref(is_set))
    roc = c_uint32()
    C.lib.lamina_animation_get_removed_on_completion(anim, byref(roc))
    fill = {v: k for k, v in _FILL.items()}[mt.fill_mode]
    common = dict(duration=mt.duration, begin_time=mt.begin_time, speed=mt.speed,
                  time_offset=mt.time_offset, repeat_count=mt.repeat_count,
                  repeat_duration=mt.repeat_duration, autoreverses=bool(mt.autoreverses),
                  fill_mode=fill, removed_on_completion=bool(roc.value),
                  timing_function=as_timing((tf.c1x, tf.c1y, tf.c2x, tf.c2y)) if is_set.value else None)
    k = kind.value
    if k == 3:
        t, s = c_int32(), c_int32()
        C.lib.lamina_animation_get_transition_type(anim, byref(t))
        C.lib.lamina_animation_get_transition_subtype(anim, byref(s))
        a, b = c_double(), c_double()
        C.lib.lamina_animation_get_transition_progress(anim, byref(a), byref(b))
        return TransitionAnimation({v: k for k, v in TRANSITION_TYPES.items()}[t.value],
                                   {v: k for k, v in TRANSITION_SUBTYPES.items()}[s.value],
                                   start_progress=a.value, end_progress=b.value, **common)
    if k == 4:
        n = c_size_t()
        C.lib.lamina_animation_group_get_count(anim, byref(n))
        children = []
        for i in range(n.value):
            child = C.AnimationP()
            C.lib.lamina_animation_group_copy_child(anim, i, byref(child))
            try:
                children.append(animation_from_c(child))
            finally:
                C.lib.lamina_animation_release(child)
        return AnimationGroup(children, **common)
    key_path = _read_string(C.lib.lamina_animation_get_key_path, anim) or None
    add, cum = c_uint32(), c_uint32()
    C.lib.lamina_animation_get_additive(anim, byref(add))
    C.lib.lamina_animation_get_cumulative(anim, byref(cum))
    common.update(additive=bool(add.value), cumulative=bool(cum.value))
    if k == 2:
        return KeyframeAnimation(key_path, **common)
    vals = []
    for getter in (C.lib.lamina_animation_get_from_value, C.lib.lamina_animation_get_to_value,
                   C.lib.lamina_animation_get_by_value):
        v = C.Value()
        try:
            getter(anim, byref(v))
            vals.append(from_c_value(v))
        except NotFoundError:
            vals.append(_UNSET)
    if k == 1:
        sp = C.Spring()
        C.lib.lamina_animation_get_spring(anim, byref(sp))
        return SpringAnimation(key_path, *vals, mass=sp.mass, stiffness=sp.stiffness, damping=sp.damping,
                               initial_velocity=sp.initial_velocity,
                               allows_overdamping=bool(sp.allows_overdamping), **common)
    return BasicAnimation(key_path, *vals, **common)


# -- interaction (R17) -----------------------------------------------------------------------

#: UIScrollView's deceleration rates, per millisecond (R17.7).
DECELERATION_RATE_NORMAL = 0.998
DECELERATION_RATE_FAST = 0.99
#: UIScrollView's rubber-band coefficient (R17.7).
RUBBER_BAND_COEFFICIENT = 0.55


class DecayAnimation(BasicAnimation):
    """A decay animation (R17.7): ``key`` moves from its value when it begins (or
    ``from_value``) with ``velocity`` per second — a number, or a Point/Size/Rect/Color for
    such keys — slowing by ``deceleration_rate`` each millisecond as UIScrollView does
    (:data:`DECELERATION_RATE_NORMAL` 0.998, :data:`DECELERATION_RATE_FAST` 0.99). It lasts
    until its speed is below 0.01 units/s; set the model value to the projection
    (:func:`decay_projection`) so that the motion ends where it comes to rest.

    Example: ``layer.add_animation(lamina.DecayAnimation("position.y", velocity=-2400), "fling")``
    """

    def __init__(self, key_path: str, velocity: Any, deceleration_rate: float = DECELERATION_RATE_NORMAL,
                 from_value: Any = _UNSET, **options: Any) -> None:
        super().__init__(key_path, from_value, **options)
        self.velocity = velocity
        self.deceleration_rate = deceleration_rate

    def _fill(self, anim: Any, hint: ValueHint, engine: Any) -> None:
        super()._fill(anim, hint, engine)
        v = to_c_value(self.velocity, self._hint(hint), self.key_path or "")
        C.lib.lamina_animation_set_decay(anim, byref(v), float(self.deceleration_rate))


class Spring:
    """A spring for implicit animations (R17.5, R17.6): ``Spring(duration=0.5, bounce=0.2)``
    (the perceptual form) or ``Spring(mass=1, stiffness=100, damping=10, initial_velocity=0)``.
    Used by ``engine.animate(spring=...)`` and ``engine.transaction(spring=...)``: a change
    then springs from the presentation value *with* the presentation velocity.

    ``initial_velocity`` is in distances per second toward the target (CA-9.2) and adds to the
    velocity the spring inherits. A bad value raises ``ValueError`` (here) or
    :class:`lamina.InvalidArgumentError` (when used).

    Example: ``with engine.animate(spring=lamina.Spring(duration=0.5, bounce=0.2)): card.position = (300, 200)``
    """

    __slots__ = ("mass", "stiffness", "damping", "initial_velocity", "allows_overdamping")

    def __init__(
        self,
        duration: Optional[float] = None,
        bounce: Optional[float] = None,
        *,
        mass: Optional[float] = None,
        stiffness: Optional[float] = None,
        damping: Optional[float] = None,
        initial_velocity: float = 0.0,
    ) -> None:
        physical = mass is not None or stiffness is not None or damping is not None
        if duration is not None or bounce is not None:
            if physical:
                raise ValueError("give a spring either duration/bounce or mass/stiffness/damping, not both")
            s = C.Spring()
            C.lib.lamina_spring_init_perceptual(float(0.5 if duration is None else duration),
                                                float(0.0 if bounce is None else bounce), byref(s))
            self.mass, self.stiffness, self.damping = s.mass, s.stiffness, s.damping
            self.allows_overdamping = bool(s.allows_overdamping)
        else:
            self.mass = 1.0 if mass is None else float(mass)
            self.stiffness = 100.0 if stiffness is None else float(stiffness)
            self.damping = 10.0 if damping is None else float(damping)
            self.allows_overdamping = False
        self.initial_velocity = float(initial_velocity)

    def _to_c(self) -> Any:
        return C.Spring(self.mass, self.stiffness, self.damping, self.initial_velocity,
                        int(bool(self.allows_overdamping)), 0)

    @classmethod
    def _from_c(cls, s: Any) -> "Spring":
        out = cls(mass=s.mass, stiffness=s.stiffness, damping=s.damping, initial_velocity=s.initial_velocity)
        out.allows_overdamping = bool(s.allows_overdamping)
        return out

    @property
    def settling_duration(self) -> float:
        """How long the spring takes to come to rest (CA-9.4); what its animations last."""
        out = c_double()
        C.lib.lamina_spring_get_settling_duration(byref(self._to_c()), byref(out))
        return out.value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Spring):
            return NotImplemented
        return (self.mass, self.stiffness, self.damping, self.initial_velocity, self.allows_overdamping) == (
            other.mass, other.stiffness, other.damping, other.initial_velocity, other.allows_overdamping)

    def __repr__(self) -> str:
        return (f"lamina.Spring(mass={self.mass!r}, stiffness={self.stiffness!r}, damping={self.damping!r}, "
                f"initial_velocity={self.initial_velocity!r})")


def decay_projection(value: float, velocity: float, deceleration_rate: float = DECELERATION_RATE_NORMAL) -> float:
    """Where a fling from ``value`` at ``velocity`` (units/s) comes to rest under UIScrollView's
    deceleration: ``value - velocity / (1000 ln r)`` (R17.7). Raises
    :class:`lamina.InvalidArgumentError` for a non-finite velocity or a rate outside (0, 1).

    Example: ``lamina.decay_projection(0.0, 1000.0)`` is about 499.5."""
    out = c_double()
    C.lib.lamina_decay_projection(float(value), float(velocity), float(deceleration_rate), byref(out))
    return out.value


def decay_sample(value: float, velocity: float, time: float,
                 deceleration_rate: float = DECELERATION_RATE_NORMAL) -> Tuple[float, float]:
    """(position, velocity) ``time`` seconds into that deceleration (R17.7).

    Example: ``x, v = lamina.decay_sample(0.0, 1000.0, 0.1)``"""
    x, v = c_double(), c_double()
    C.lib.lamina_decay_sample(float(value), float(velocity), float(deceleration_rate), float(time),
                              byref(x), byref(v))
    return x.value, v.value


def decay_duration(velocity: float, deceleration_rate: float = DECELERATION_RATE_NORMAL,
                   threshold: float = 0.5) -> float:
    """How long until the speed falls below ``threshold`` units/s (R17.7).

    Example: ``lamina.decay_duration(1000.0)`` is about 3.8 s."""
    out = c_double()
    C.lib.lamina_decay_duration(float(velocity), float(deceleration_rate), float(threshold), byref(out))
    return out.value


def rubber_band(offset: float, dimension: float, coefficient: float = RUBBER_BAND_COEFFICIENT) -> float:
    """UIScrollView's rubber band: how far content pulled ``offset`` past its bounds shows,
    ``(1 - 1/(|offset| c / dimension + 1)) dimension`` with offset's sign (R17.7).

    Example: ``lamina.rubber_band(100.0, 500.0)`` is about 49.5."""
    out = c_double()
    C.lib.lamina_rubber_band(float(offset), float(dimension), float(coefficient), byref(out))
    return out.value
