# SPDX-License-Identifier: Apache-2.0
"""lamina.PropertyAnimator: UIViewPropertyAnimator's states and rules (R17.9-R17.21)."""
from __future__ import annotations

import weakref
from ctypes import byref, c_double, c_int32, c_uint32
from typing import TYPE_CHECKING, Any, Callable, List, Optional, Union

from . import _capi as C
from . import _callbacks
from ._animation import Spring
from ._types import TimingLike, to_c_timing

if TYPE_CHECKING:
    from ._engine import Engine

_STATES = ("inactive", "active", "stopped")
_POSITIONS = {"end": 0, "start": 1, "current": 2}
_POSITION_NAMES = ("end", "start", "current")


def _animations(userdata: Optional[int]) -> None:
    fn = _callbacks._get(userdata)
    if fn is not None:
        _callbacks._guard(fn)


def _completion(userdata: Optional[int], position: int) -> None:
    fn = _callbacks._get(userdata)
    if fn is not None:
        name = _POSITION_NAMES[position] if 0 <= position < 3 else "current"
        _callbacks._guard(fn, name)


_animations_trampoline = C.CALLBACK_FN(_animations)
_completion_trampoline = C.ANIMATOR_COMPLETION_FN(_completion)


def _params(duration: float, curve: Union[TimingLike, None], spring: Optional[Spring]) -> Any:
    p = C.AnimatorParams()
    p.duration = float(duration)
    if spring is not None:
        if curve is not None:
            raise ValueError("give an animator a curve or a spring, not both")
        p.has_spring = 1
        p.spring = spring._to_c()
    else:
        p.curve = to_c_timing("ease-in-out" if curve is None else curve)
    return p


class PropertyAnimator:
    """A property animator (R17.9-R17.21), made by ``engine.animator(duration=..., curve=...)``
    or ``engine.animator(duration=..., spring=lamina.Spring(...))``.

    Blocks added with :meth:`add_animations` change layer properties; each change becomes an
    animation this animator drives from the value on screen to the new value. It starts,
    pauses, scrubs (:attr:`fraction_complete`), reverses (:attr:`reversed`), continues, stops
    and finishes with UIViewPropertyAnimator's rules; a call in the wrong state raises
    :class:`lamina.MisuseError`. Completions run at a later ``engine.tick()`` with ``"end"``,
    ``"start"`` or ``"current"``. The engine keeps an active animator alive.

    Example::

        a = engine.animator(duration=0.5, curve="ease-in-out")
        a.add_animations(lambda: setattr(card, "position", (300, 200)))
        a.pause()
        a.fraction_complete = 0.4   # follows a finger
        a.continue_animation()
    """

    def __init__(self, engine: "Engine", duration: float = 0.25, curve: Union[TimingLike, None] = None,
                 spring: Optional[Spring] = None) -> None:
        self._engine = engine
        self._keys: List[int] = []
        ptr = C.AnimatorP()
        C.lib.lamina_animator_create(engine._ptr(), byref(_params(duration, curve, spring)), byref(ptr))
        self._handle: Any = ptr
        # The completions live here; one C completion calls them in order, then lets the
        # engine drop the animator (weakly held: the callback registry must not keep it).
        self._completions: List[Callable[[str], Any]] = []
        self._hooked = False

    def _keep(self) -> None:
        self._engine._live_animators.add(self)

    def _release(self) -> None:
        self._engine._live_animators.discard(self)

    def _sync(self) -> None:
        if self.state == "inactive":
            self._release()
        else:
            self._keep()

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle:
            try:
                C.lib.lamina_animator_destroy(handle)
            except Exception:  # noqa: BLE001 - interpreter shutdown
                pass
            self._handle = None
        try:
            for key in getattr(self, "_keys", []):
                _callbacks._free(key)
        except Exception:  # noqa: BLE001 - interpreter shutdown: the registry is gone
            pass

    # -- blocks --------------------------------------------------------------------------

    def add_animations(self, fn: Callable[[], Any]) -> None:
        """Adds a block of property changes (R17.10): kept until the animator starts, pauses or
        is scrubbed; while active it runs now, over the remaining portion of the run. Raises
        :class:`lamina.MisuseError` while stopped."""
        key = _callbacks.register(fn)
        self._keys.append(key)
        C.lib.lamina_animator_add_animations(self._handle, _animations_trampoline, key)

    def add_completion(self, fn: Callable[[str], Any]) -> None:
        """Adds a completion, called at a tick after the animator finishes with ``"end"``,
        ``"start"`` or ``"current"`` (R17.16); never after ``stop(without_finishing=True)``."""
        self._completions.append(fn)
        if self._hooked:
            return
        me = weakref.ref(self)

        def fire(position: str) -> None:
            animator = me()
            if animator is None:
                return
            fns = animator._completions
            animator._completions = []
            animator._hooked = False
            for f in fns:
                _callbacks._guard(f, position)
            animator._release()

        key = _callbacks.register(fire)
        self._keys.append(key)
        C.lib.lamina_animator_add_completion(self._handle, _completion_trampoline, key)
        self._hooked = True

    # -- control -------------------------------------------------------------------------

    def start(self, delay: float = 0.0) -> None:
        """Starts after ``delay`` seconds, or resumes a paused animator (R17.11)."""
        C.lib.lamina_animator_start(self._handle, float(delay))
        self._sync()

    def pause(self) -> None:
        """Pauses where it is; an inactive animator becomes active and paused (R17.11)."""
        C.lib.lamina_animator_pause(self._handle)
        self._sync()

    def continue_animation(self, timing: Union[TimingLike, Spring, None] = None,
                           duration_factor: float = 1.0) -> None:
        """Resumes an active animator (R17.13), with ``timing`` (a curve or a
        :class:`lamina.Spring`) for the rest of the run if given; the rest lasts
        ``duration_factor`` times the duration (0: the original pace)."""
        curve = None
        spring = None
        if isinstance(timing, Spring):
            spring = byref(timing._to_c())
        elif timing is not None:
            curve = byref(to_c_timing(timing))
        C.lib.lamina_animator_continue(self._handle, curve, spring, float(duration_factor))
        self._sync()

    def stop(self, without_finishing: bool = True) -> None:
        """Stops (R17.16). True: the layers keep the values on screen, no completion runs and it
        is inactive. False: it is ``"stopped"`` and :meth:`finish` must follow."""
        C.lib.lamina_animator_stop(self._handle, 1 if without_finishing else 0)
        if without_finishing:  # the library dropped the completions
            self._completions = []
            self._hooked = False
        self._sync()

    def finish(self, at: str = "end") -> None:
        """Finishes a stopped animator at ``"end"``, ``"start"`` or ``"current"`` (R17.16)."""
        try:
            position = _POSITIONS[at]
        except KeyError:
            raise ValueError(f"unknown position {at!r}; expected 'end', 'start' or 'current'") from None
        C.lib.lamina_animator_finish(self._handle, position)
        self._keep()  # until its completions have run at the next tick

    # -- properties ----------------------------------------------------------------------

    @property
    def state(self) -> str:
        """``"inactive"``, ``"active"`` or ``"stopped"`` (R17.9)."""
        out = c_int32()
        C.lib.lamina_animator_get_state(self._handle, byref(out))
        return _STATES[out.value]

    @property
    def running(self) -> bool:
        """Whether it is active and not paused."""
        out = c_uint32()
        C.lib.lamina_animator_is_running(self._handle, byref(out))
        return bool(out.value)

    @property
    def duration(self) -> float:
        """The duration it was made with, in seconds."""
        out = c_double()
        C.lib.lamina_animator_get_duration(self._handle, byref(out))
        return out.value

    @property
    def fraction_complete(self) -> float:
        """The fraction of the duration played, 0 to 1; set it while paused to scrub (R17.12)."""
        out = c_double()
        C.lib.lamina_animator_get_fraction_complete(self._handle, byref(out))
        return out.value

    @fraction_complete.setter
    def fraction_complete(self, value: float) -> None:
        C.lib.lamina_animator_set_fraction_complete(self._handle, float(value))
        self._sync()

    @property
    def reversed(self) -> bool:
        """Whether it runs back to the start; set while running it heads back at once (R17.14)."""
        out = c_uint32()
        C.lib.lamina_animator_get_reversed(self._handle, byref(out))
        return bool(out.value)

    @reversed.setter
    def reversed(self, value: bool) -> None:
        C.lib.lamina_animator_set_reversed(self._handle, 1 if value else 0)

    @property
    def scrubs_linearly(self) -> bool:
        """Whether scrubbing shows the fraction linearly (True, the default) (R17.15)."""
        out = c_uint32()
        C.lib.lamina_animator_get_scrubs_linearly(self._handle, byref(out))
        return bool(out.value)

    @scrubs_linearly.setter
    def scrubs_linearly(self, value: bool) -> None:
        C.lib.lamina_animator_set_scrubs_linearly(self._handle, 1 if value else 0)

    @property
    def pauses_on_completion(self) -> bool:
        """Whether at its end it stays active and paused instead of finishing (R17.17)."""
        out = c_uint32()
        C.lib.lamina_animator_get_pauses_on_completion(self._handle, byref(out))
        return bool(out.value)

    @pauses_on_completion.setter
    def pauses_on_completion(self, value: bool) -> None:
        C.lib.lamina_animator_set_pauses_on_completion(self._handle, 1 if value else 0)

    @property
    def interruptible(self) -> bool:
        """Whether it can be paused, scrubbed, reversed or stopped (True; set while inactive,
        R17.18)."""
        out = c_uint32()
        C.lib.lamina_animator_get_interruptible(self._handle, byref(out))
        return bool(out.value)

    @interruptible.setter
    def interruptible(self, value: bool) -> None:
        C.lib.lamina_animator_set_interruptible(self._handle, 1 if value else 0)

    def __repr__(self) -> str:
        return (f"<lamina.PropertyAnimator {self.state} running={self.running} "
                f"fraction={self.fraction_complete:.3f} reversed={self.reversed}>")


__all__ = ["PropertyAnimator"]
