# SPDX-License-Identifier: Apache-2.0
"""Tree operations, geometry and hit testing (CA-12), the draw list."""
import math

import pytest

import lamina
from lamina import BLUE, RED, Point, Rect


def test_tree_ops(engine):
    root = engine.layer()
    a, b, c, d = (engine.layer(name=n) for n in "abcd")
    root.add_sublayer(a)
    root.add_sublayer(b)
    root.insert_sublayer(c, at=0)
    assert [l.name for l in root.sublayers] == ["c", "a", "b"]
    root.insert_sublayer(d, above=c)
    assert [l.name for l in root.sublayers] == ["c", "d", "a", "b"]
    d.remove_from_superlayer()
    root.insert_sublayer(d, below=c)
    assert [l.name for l in root.sublayers] == ["d", "c", "a", "b"]
    assert a.superlayer is root
    e = engine.layer(name="e")
    root.replace_sublayer(a, e)
    assert [l.name for l in root.sublayers] == ["d", "c", "e", "b"]
    assert a.superlayer is None
    root.insert_sublayer(a, at=100)  # clamped
    assert root.sublayers[-1] is a
    with pytest.raises(TypeError):
        root.insert_sublayer(a)


def test_layers_in_a_tree_outlive_their_python_objects(engine):
    root = engine.layer()
    child = engine.layer(name="kept")
    root.add_sublayer(child)
    del child
    import gc
    gc.collect()
    assert root.sublayers[0].name == "kept"


def test_frame_and_conversion_ca_12(engine):
    layer = engine.layer(bounds=(0, 0, 100, 50), position=(100, 100))
    assert layer.frame == Rect.of(50, 75, 100, 50)
    layer.frame = (0, 0, 20, 20)
    assert layer.position == Point(10, 10) and layer.bounds.size == lamina.Size(20, 20)
    # CA-12.4: a rect converted into a sibling scaled by 0.5 about its centre (200, 200):
    # p_b = (p_root - 200) * 2 + 100
    root = engine.layer(bounds=(0, 0, 500, 500))
    a = engine.layer(frame=(0, 0, 200, 200))
    b = engine.layer(frame=(100, 100, 200, 200))
    b.transform = lamina.Transform3D.scaling(0.5, 0.5)
    root.add_sublayer(a)
    root.add_sublayer(b)
    r = a.convert_rect((50, 50, 200, 200), to=b)
    assert tuple(r.origin) + tuple(r.size) == pytest.approx((-200, -200, 400, 400))
    p = b.convert_point((0, 0), from_=a)
    assert a.convert_point(p, from_=b) == pytest.approx(Point(0, 0))
    assert a.contains_point((199.9, 0)) and not a.contains_point((200, 0))


def test_hit_test_model_vs_presentation_listing_7_7(engine):
    root = engine.layer(bounds=(0, 0, 400, 400), position=(200, 200))
    mover = engine.layer(bounds=(0, 0, 50, 50), position=(25, 25), background_color=RED)
    root.add_sublayer(mover)
    engine.tick(0)
    with engine.transaction(duration=4.0, timing="linear"):
        mover.position = (325, 25)
    engine.tick(0)  # commit here: R2 begins it at the next tick
    engine.tick(2.0)  # on screen the layer is half-way: centre (175, 25)
    assert root.hit_test((175, 25), presentation=True) is mover
    assert root.hit_test((175, 25)) is root          # the model has it at (325, 25) already
    assert root.hit_test((325, 25)) is mover
    assert root.hit_test((325, 25), presentation=True) is root
    assert root.hit_test((1000, 1000)) is None
    assert mover.get_frame(presentation=True).origin == pytest.approx(Point(150, 0))
    assert mover.presentation().frame.origin == pytest.approx(Point(150, 0))


def test_hidden_and_masks_hit_test(engine):
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), masks_to_bounds=True)
    child = engine.layer(frame=(80, 80, 50, 50))
    root.add_sublayer(child)
    assert root.hit_test((90, 90)) is child
    assert root.hit_test((120, 120)) is None   # clipped by masksToBounds
    child.hidden = True
    assert root.hit_test((90, 90)) is root


def test_draw_list_painters_order(engine):
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50), background_color=RED)
    a = engine.layer(name="a", frame=(0, 0, 10, 10), background_color=BLUE)
    b = engine.layer(name="b", frame=(0, 0, 10, 10), z_position=1)
    c = engine.layer(name="c", frame=(0, 0, 10, 10), opacity=0.5)
    hidden = engine.layer(name="h", hidden=True)
    root.add_sublayer(b)
    root.add_sublayer(a)
    a.add_sublayer(c)
    root.add_sublayer(hidden)
    engine.tick(0)
    recs = engine.draw_list(root)
    assert [r.layer for r in recs] == [root, a, c, b]   # zPosition last; subtree contiguous
    assert [r.depth for r in recs] == [0, 1, 2, 1]
    assert recs[0].descendant_count == 3 and recs[1].descendant_count == 1
    assert recs[0].background_color == RED and recs[3].background_color is None
    assert recs[2].opacity == 0.5
    assert recs[1].transform.m41 == 0 and recs[0].transform.m41 == 0
    assert all(isinstance(r, lamina.DrawRecord) for r in recs)


def test_convert_time_ca_16(engine):
    root = engine.layer()
    mid = engine.layer(begin_time=2, speed=3, time_offset=0.25)
    leaf = engine.layer(begin_time=1, speed=2, time_offset=0.5)
    root.add_sublayer(mid)
    mid.add_sublayer(leaf)
    assert mid.convert_time(10, to=leaf) == pytest.approx(18.5)
    assert leaf.convert_time(10, from_=root) == pytest.approx(47)
    assert leaf.convert_time(10, to=mid) == pytest.approx(5.75)
    assert leaf.convert_time(10, to=root) == pytest.approx(23 / 6)
