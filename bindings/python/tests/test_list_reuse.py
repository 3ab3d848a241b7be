# SPDX-License-Identifier: Apache-2.0
"""Reusing an unchanged draw list (issue 28) through the binding: with nothing changed the C
call hands back the same records without walking the tree (the engine's build counter stays),
and a change walks again, matching a list built with reuse off."""
from ctypes import POINTER, byref, c_size_t, c_uint64, c_void_p

import lamina
from lamina import _capi as C


def _builds(engine):
    n = c_uint64()
    assert C.lib.lamina_testing_get_draw_list_builds(engine._ptr(), byref(n)) == 0
    return n.value


def _raw_list(engine, root, t):
    raw, n = c_void_p(), c_size_t()
    assert C.lib.lamina_engine_draw_list_sized(engine._ptr(), root._handle, t, C.sizeof(C.DrawRecord),
                                                byref(raw), byref(n)) == 0
    return raw.value, n.value


def _scene(engine):
    root = engine.layer()
    root.bounds = (0, 0, 100, 59)
    root.position = (50, 29.5)
    a = engine.layer()
    a.bounds = (0, 0, 20, 20)
    a.background_color = (1, 0, 0, 1)
    root.add_sublayer(a)
    engine.tick(0)
    return root, a


def test_second_call_with_nothing_changed_is_the_same_list(engine):
    root, _ = _scene(engine)
    first, n = _raw_list(engine, root, 0.0)
    before = _builds(engine)
    for f in range(1, 6):
        engine.tick(f / 60)
        again, m = _raw_list(engine, root, f / 60)
        assert (again, m) == (first, n)
    assert _builds(engine) == before
    # The binding's own draw_list (which reads the engine's time) walks no more either.
    recs = engine.draw_list(root)
    assert _builds(engine) == before and len(recs) == 2


def test_a_change_walks_again_and_matches_a_fresh_list(engine):
    root, a = _scene(engine)
    engine.draw_list(root, 0)
    before = _builds(engine)
    with engine.transaction(disable_actions=True):
        a.position = (40, 30)
    got = engine.draw_list(root, 0)
    assert _builds(engine) == before + 1
    C.lib.lamina_testing_set_draw_list_reuse(engine._ptr(), 0)
    want = engine.draw_list(root, 0)
    assert [(r.layer, r.transform, r.bounds, r.opacity) for r in got] == \
        [(r.layer, r.transform, r.bounds, r.opacity) for r in want]
    assert got[1].transform.m41 == 30  # position.x − half the width
    # Off: every call walks.
    n0 = _builds(engine)
    engine.draw_list(root, 0)
    engine.draw_list(root, 0)
    assert _builds(engine) == n0 + 2
