# SPDX-License-Identifier: Apache-2.0
"""Python callbacks: exceptions re-raised after the C call, other threads, lifetimes."""
import gc
import threading

import pytest

import lamina
from lamina import BasicAnimation
from lamina import _callbacks


class Boom(Exception):
    pass


def test_completion_exception_reraised_by_tick(engine):
    layer = engine.layer()
    engine.tick(0)

    def fail():
        raise Boom("from a completion")

    with engine.transaction(completion=fail):
        layer.opacity = 0.5
    with pytest.raises(Boom, match="from a completion"):
        engine.tick(0)  # commit here: R2 begins it at the next tick
        engine.tick(1.0)
    engine.tick(2.0)  # the engine is fine afterwards; the exception was raised once


def test_custom_action_exception_reraised_by_setter(engine):
    layer = engine.layer()
    engine.tick(0)

    def action(l, event):
        raise Boom(event)

    layer.set_action("opacity", action)
    with pytest.raises(Boom, match="opacity"):
        layer.opacity = 0.5
    assert layer.opacity == 0.5  # the change itself stands


def test_delegate_exception_reraised(engine):
    layer = engine.layer()
    engine.tick(0)

    def delegate(l, event):
        raise Boom("delegate")

    layer.delegate = delegate
    with pytest.raises(Boom):
        layer.position = (1, 1)
    layer.delegate = None


def test_animation_delegate_exception_reraised(engine):
    layer = engine.layer()
    engine.tick(0)
    layer.add_animation(BasicAnimation("opacity", to_value=0.0, duration=1.0,
                                       on_start=lambda l, k: 1 / 0), key="a")
    with pytest.raises(ZeroDivisionError):
        engine.tick(0.1)


def test_tick_on_another_thread_runs_callbacks_there(engine):
    layer = engine.layer()
    engine.tick(0)
    seen = []
    with engine.transaction(duration=0.5, completion=lambda: seen.append(threading.get_ident())):
        layer.opacity = 0.0
    errors = []

    def worker():
        try:
            engine.tick(0)  # commit here: R2 begins it at the next tick
            engine.tick(1.0)
        except BaseException as e:  # pragma: no cover
            errors.append(e)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert not errors
    assert seen == [t.ident] and t.ident != threading.get_ident()


def test_exception_in_callback_on_other_thread_raised_there(engine):
    layer = engine.layer()
    engine.tick(0)

    def fail():
        raise Boom("thread")

    with engine.transaction(completion=fail):
        layer.opacity = 0.5
    caught = []

    def worker():
        try:
            engine.tick(0)  # commit here: R2 begins it at the next tick
            engine.tick(1.0)
        except Boom as e:
            caught.append(e)

    t = threading.Thread(target=worker)
    t.start()
    t.join()
    assert len(caught) == 1
    engine.tick(1.0)  # commit here: R2 begins it at the next tick
    engine.tick(2.0)  # nothing left over on this thread


def test_changes_from_many_threads(engine):
    root = engine.layer()
    engine.tick(0)

    def worker(i):
        child = engine.layer(name=f"c{i}")
        root.add_sublayer(child)
        engine.flush()

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    engine.tick(1)
    assert sorted(l.name for l in root.sublayers) == sorted(f"c{i}" for i in range(8))


def test_callables_are_released():
    gc.collect()
    base = _callbacks.registered_count()
    with lamina.Engine() as engine:
        layer = engine.layer()
        engine.tick(0)
        layer.set_action("opacity", lambda l, e: None)
        layer.delegate = lambda l, e: None
        with engine.transaction(completion=lambda: None):
            layer.opacity = 0.4
        layer.add_animation(BasicAnimation("opacity", to_value=1.0, on_stop=lambda *a: None), key="x")
        assert _callbacks.registered_count() > base
    gc.collect()
    assert _callbacks.registered_count() == base


def test_completion_can_change_layers(engine):
    layer = engine.layer(opacity=1.0)
    engine.tick(0)
    with engine.transaction(completion=lambda: setattr(layer, "opacity", 0.25)):
        layer.opacity = 0.5
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(1)
    assert layer.opacity == 0.25
