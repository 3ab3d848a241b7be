# SPDX-License-Identifier: Apache-2.0
"""The draw records of shape, gradient and replicator layers from Python (issue 15,
docs/draw-records.md): the record's kind, instance index and colour, its shape data (RS-8) and
gradient data (RS-9), and the replicator's expansion of its sublayers (RS-13): instance order,
instanceTransform^k, instance colours with offsets, time shifted by k * instanceDelay."""
import math

import pytest

import lamina
from lamina import (
    BLUE,
    GREEN,
    RED,
    WHITE,
    BasicAnimation,
    Color,
    LayerKind,
    Path,
    Point,
    Transform3D,
)

TOL = 1e-9


def approx_color(c, ref, tol=TOL):
    return c is not None and all(abs(x - y) <= tol for x, y in zip(c, ref))


def centre(record):
    """The root-space centre of a record's bounds (its transform maps layer space to root)."""
    b = record.bounds
    return record.transform.apply((b.x + b.width / 2, b.y + b.height / 2))


# --- plain layers: the new fields' defaults -----------------------------------------------------
def test_plain_records_have_the_default_kind_fields(engine):
    root = engine.layer(bounds=(0, 0, 10, 10))
    root.add_sublayer(engine.layer(bounds=(0, 0, 5, 5)))
    engine.tick(0)
    for r in engine.draw_list(root):
        assert r.kind is LayerKind.PLAIN
        assert r.instance_index == 0
        assert r.instance_color == WHITE
        assert r.shape is None and r.gradient is None


def test_the_record_array_has_the_appended_fields(engine):
    root = engine.layer(bounds=(0, 0, 10, 10))
    engine.tick(0)
    fields = lamina.DRAW_RECORD_FIELDS
    for name in ("layer_kind", "instance_index", "instance_color.r", "instance_color.a", "shape",
                 "gradient"):
        assert name in fields
    assert fields["instance_index"][0] == fields["layer_kind"][0] + 4
    assert fields["instance_color.r"][0] == fields["layer_kind"][0] + 8
    arr = engine.draw_list_array(root)  # numpy: tools/run-tests.sh provides it
    assert int(arr["layer_kind"][0]) == 0 and int(arr["instance_index"][0]) == 0
    assert float(arr["instance_color"]["a"][0]) == 1.0 and float(arr["instance_color"]["g"][0]) == 1.0
    assert int(arr["shape"][0]) == 0 and int(arr["gradient"][0]) == 0


# --- shape records (RS-8) -----------------------------------------------------------------------
@pytest.fixture
def shape_scene(engine):
    root = engine.layer(bounds=(0, 0, 100, 100), position=(50, 50))
    ring = engine.shape_layer(bounds=(0, 0, 80, 80), position=(50, 50),
                              path=Path.ellipse((0, 0, 80, 80)), fill_color=None,
                              stroke_color=BLUE, line_width=6, line_cap="round",
                              line_join="bevel", miter_limit=3, line_dash_pattern=[4, 2],
                              line_dash_phase=1, stroke_start=0.25, stroke_end=0.75,
                              fill_rule="even-odd")
    root.add_sublayer(ring)
    engine.tick(0)
    return root, ring


def test_shape_record_carries_the_shape(engine, shape_scene):
    root, ring = shape_scene
    records = engine.draw_list(root)
    assert [r.kind for r in records] == [LayerKind.PLAIN, LayerKind.SHAPE]
    r = records[1]
    assert r.layer is ring and type(r.layer) is lamina.ShapeLayer
    s = r.shape
    assert isinstance(s, lamina.DrawShape)
    assert s.path == Path.ellipse((0, 0, 80, 80))  # layer space, as set
    assert s.fill_color is None                    # nil fillColor: no fill
    assert s.stroke_color == BLUE
    assert (s.fill_rule, s.line_cap, s.line_join) == ("even-odd", "round", "bevel")
    assert (s.line_width, s.miter_limit) == (6.0, 3.0)
    assert s.line_dash_pattern == [4.0, 2.0] and s.line_dash_phase == 1.0
    assert (s.stroke_start, s.stroke_end) == (0.25, 0.75)
    assert r.gradient is None and r.instance_color == WHITE


def test_shape_record_defaults_fill_black_and_do_not_stroke(engine):
    root = engine.shape_layer(bounds=(0, 0, 10, 10), path=Path.rect((0, 0, 10, 10)))
    engine.tick(0)
    s = engine.draw_list(root)[0].shape
    assert s.fill_color == lamina.BLACK and s.stroke_color is None
    assert (s.fill_rule, s.line_cap, s.line_join) == ("non-zero", "butt", "miter")
    assert (s.line_width, s.miter_limit, s.line_dash_phase) == (1.0, 10.0, 0.0)
    assert s.line_dash_pattern is None
    assert (s.stroke_start, s.stroke_end) == (0.0, 1.0)


def test_shape_record_without_a_path_has_no_shape(engine):
    root = engine.shape_layer(bounds=(0, 0, 10, 10), stroke_color=RED)
    engine.tick(0)
    r = engine.draw_list(root)[0]
    assert r.kind is LayerKind.SHAPE and r.shape is None


@pytest.mark.parametrize("change", [
    {"line_width": 0.0},
    {"stroke_start": 0.6, "stroke_end": 0.4},
    {"stroke_start": 0.5, "stroke_end": 0.5},
    {"stroke_color": None},
])
def test_shape_record_drops_a_stroke_that_draws_nothing(engine, change):
    props = dict(bounds=(0, 0, 10, 10), path=Path.rect((0, 0, 10, 10)), stroke_color=RED)
    props.update(change)
    root = engine.shape_layer(**props)
    engine.tick(0)
    s = engine.draw_list(root)[0].shape
    assert s.stroke_color is None and s.fill_color == lamina.BLACK


def test_shape_record_clamps_stroke_start_and_end(engine):
    root = engine.shape_layer(bounds=(0, 0, 10, 10), path=Path.rect((0, 0, 10, 10)),
                              stroke_color=RED, stroke_start=-0.5, stroke_end=1.5)
    engine.tick(0)
    assert root.stroke_start == -0.5 and root.stroke_end == 1.5  # the model keeps them
    s = engine.draw_list(root)[0].shape
    assert (s.stroke_start, s.stroke_end) == (0.0, 1.0) and s.stroke_color == RED


def test_shape_record_follows_an_animated_stroke_end(engine, shape_scene):
    root, ring = shape_scene
    with engine.transaction(duration=1.0, timing="linear"):
        ring.stroke_end = 0.25 + 0.5 * 0.5  # from 0.75 to 0.5
    engine.tick(0)
    s = engine.draw_list(root, at=0.5)[1].shape
    assert s.stroke_end == pytest.approx(0.625, abs=TOL)


def test_shape_data_pointer_is_in_the_record_array(engine, shape_scene):
    root, _ = shape_scene
    arr = engine.draw_list_array(root)
    assert list(arr["layer_kind"]) == [0, 1]
    assert int(arr["shape"][0]) == 0 and int(arr["shape"][1]) != 0


# --- gradient records (RS-9) --------------------------------------------------------------------
def test_gradient_record_carries_the_gradient(engine):
    g = engine.gradient_layer(bounds=(0, 0, 40, 20), colors=[RED, GREEN, (0, 0, 1, 0.5)],
                              start_point=(0, 0.5), end_point=(1, 0.5), type="conic")
    engine.tick(0)
    r = engine.draw_list(g)[0]
    assert r.kind is LayerKind.GRADIENT and r.shape is None
    d = r.gradient
    assert isinstance(d, lamina.DrawGradient)
    assert d.type == "conic"
    assert d.colors == [RED, GREEN, Color(0, 0, 1, 0.5)]
    assert d.locations == pytest.approx([0.0, 0.5, 1.0], abs=TOL)  # nil: evenly spread
    assert (d.start_point, d.end_point) == (Point(0, 0.5), Point(1, 0.5))
    with engine.transaction(disable_actions=True):  # locations would animate implicitly
        g.locations = [0.25, 0.5, 0.75]
        g.type = "radial"
    engine.tick(0)
    d = engine.draw_list(g)[0].gradient
    assert d.locations == [0.25, 0.5, 0.75] and d.type == "radial"


@pytest.mark.parametrize("colors", [None, [], [RED]])
def test_gradient_record_is_absent_when_it_draws_nothing_rs_9_3(engine, colors):
    g = engine.gradient_layer(bounds=(0, 0, 40, 20), colors=colors)
    engine.tick(0)
    r = engine.draw_list(g)[0]
    assert r.kind is LayerKind.GRADIENT and r.gradient is None


def test_gradient_record_follows_animated_colors(engine):
    g = engine.gradient_layer(bounds=(0, 0, 40, 20), colors=[RED, BLUE])
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        g.colors = [BLUE, RED]
    engine.tick(0)
    d = engine.draw_list(g, at=0.5)[0].gradient
    assert approx_color(d.colors[0], (0.5, 0, 0.5, 1)) and approx_color(d.colors[1], (0.5, 0, 0.5, 1))


def test_gradient_record_carries_the_focal_point_rs_9_10(engine):
    # RS-9.10: focal_point = start_point + focal_offset; equal to start_point without one.
    g = engine.gradient_layer(bounds=(0, 0, 40, 20), colors=[RED, BLUE], type="radial",
                              start_point=(0.5, 0.5), end_point=(1, 1))
    assert g.focal_offset == Point(0, 0)
    engine.tick(0)
    assert engine.draw_list(g)[0].gradient.focal_point == Point(0.5, 0.5)
    with engine.transaction(disable_actions=True):
        g.focal_offset = (0.25, -0.125)
    assert g.focal_offset == Point(0.25, -0.125)
    engine.tick(0)
    assert engine.draw_list(g)[0].gradient.focal_point == Point(0.75, 0.375)
    # Animatable: half-way through a linear second, half-way there.
    with engine.transaction(duration=1.0, timing="linear"):
        g.focal_offset = (0.25, 0.375)
    engine.tick(0)
    f = engine.draw_list(g, at=0.5)[0].gradient.focal_point
    assert f.x == pytest.approx(0.75, abs=TOL) and f.y == pytest.approx(0.625, abs=TOL)
    assert g.presentation(0.5).focal_offset.y == pytest.approx(0.125, abs=TOL)
    # Only gradient layers have it.
    with pytest.raises(lamina.UnknownKeyError):
        engine.layer().set_value("focalOffset", Point(0, 0))


# --- replicator records (RS-13) -----------------------------------------------------------------
@pytest.fixture
def replicator_scene(engine):
    root = engine.layer(bounds=(0, 0, 200, 200), position=(100, 100))
    rep = engine.replicator_layer(bounds=(0, 0, 100, 100), position=(100, 100),
                                  instance_count=3,
                                  instance_transform=Transform3D.translation(20, 0),
                                  instance_color=(1, 1, 1, 1), instance_red_offset=-0.25,
                                  instance_blue_offset=-0.5, instance_alpha_offset=-0.125)
    dot = engine.layer(bounds=(0, 0, 10, 10), position=(10, 50), background_color=RED)
    tail = engine.shape_layer(bounds=(0, 0, 4, 4), position=(5, 5), path=Path.rect((0, 0, 4, 4)))
    dot.add_sublayer(tail)
    rep.add_sublayer(dot)
    root.add_sublayer(rep)
    engine.tick(0)
    return root, rep, dot, tail


def test_replicator_emits_itself_once_and_its_subtree_per_instance(engine, replicator_scene):
    """RS-13.1: the replicator once, then its sublayers' subtree per instance, in order."""
    root, rep, dot, tail = replicator_scene
    records = engine.draw_list(root)
    assert [r.layer for r in records] == [root, rep] + [dot, tail] * 3
    assert [r.kind for r in records] == [LayerKind.PLAIN, LayerKind.REPLICATOR] + [LayerKind.PLAIN, LayerKind.SHAPE] * 3
    assert [r.instance_index for r in records] == [0, 0, 0, 0, 1, 1, 2, 2]
    assert records[1].instance_color == WHITE  # the replicator itself is not an instance
    assert all(r.shape is not None for r in records if r.kind is LayerKind.SHAPE)


def test_instance_colours_add_the_offsets_per_instance(engine, replicator_scene):
    """RS-13.3: c_k = instanceColor + k * offsets, for the instance's whole subtree."""
    root, *_ = replicator_scene
    records = engine.draw_list(root)[2:]
    assert len(records) == 6  # three instances of dot and its tail
    expected = [(1.0, 1.0, 1.0, 1.0), (0.75, 1.0, 0.5, 0.875), (0.5, 1.0, 0.0, 0.75)]
    for k, ref in enumerate(expected):
        for r in records[2 * k:2 * k + 2]:  # the instance's whole subtree
            assert approx_color(r.instance_color, ref), (k, r.instance_color)


def test_instance_colours_clamp_to_0_1(engine, replicator_scene):
    """RS-13.3: each component is clamped to [0, 1]."""
    root, rep, *_ = replicator_scene
    with engine.transaction(disable_actions=True):  # no animation of the count (RS-13.1)
        rep.instance_count = 5
    engine.tick(0)
    colours = [r.instance_color for r in engine.draw_list(root)[2::2]]
    assert approx_color(colours[3], (0.25, 1.0, 0.0, 0.625))  # blue clamped at 0
    assert approx_color(colours[4], (0.0, 1.0, 0.0, 0.5))


def test_instance_colours_multiply_with_an_outer_replicator(engine, replicator_scene):
    """RS-13.3: nested replicators multiply their instance colours."""
    root, rep, *_ = replicator_scene
    outer = engine.replicator_layer(bounds=(0, 0, 200, 200), position=(100, 100),
                                    instance_count=2, instance_color=(0.5, 0.5, 0.5, 1))
    root.add_sublayer(outer)
    outer.add_sublayer(rep)
    engine.tick(0)
    records = [r for r in engine.draw_list(root) if r.kind is LayerKind.SHAPE]
    assert len(records) == 6  # 2 outer instances x 3 inner
    assert approx_color(records[0].instance_color, (0.5, 0.5, 0.5, 1.0))
    assert approx_color(records[1].instance_color, (0.375, 0.5, 0.25, 0.875))


def test_instance_transforms_are_powers_of_the_instance_transform(engine, replicator_scene):
    """RS-13.2: instance k is transformed by instanceTransform k times."""
    root, *_ = replicator_scene
    dots = [r for r in engine.draw_list(root) if r.layer.kind is LayerKind.PLAIN][1:]
    assert len(dots) == 3
    c = [centre(r) for r in dots]
    for k in range(3):
        assert c[k].x - c[0].x == pytest.approx(20.0 * k, abs=TOL)
        assert c[k].y == pytest.approx(c[0].y, abs=TOL)


def test_a_rotating_instance_transform_rings_the_anchor_point(engine):
    """RS-13.2: about the replicator's anchor point (the classic spinner)."""
    root = engine.layer(bounds=(0, 0, 200, 200), position=(100, 100))
    rep = engine.replicator_layer(bounds=(0, 0, 100, 100), position=(100, 100), instance_count=4,
                                  instance_transform=Transform3D.rotation(math.pi / 2))
    rep.add_sublayer(engine.layer(bounds=(0, 0, 10, 10), position=(50, 10)))
    root.add_sublayer(rep)
    engine.tick(0)
    centres = [centre(r) for r in engine.draw_list(root)[2:]]
    assert len(centres) == 4
    mid = Point(100, 100)  # the replicator's anchor point in root space
    vectors = [(p.x - mid.x, p.y - mid.y) for p in centres]
    for k, (x, y) in enumerate(vectors):
        assert math.hypot(x, y) == pytest.approx(40.0, abs=1e-6), k
    for (x0, y0), (x1, y1) in zip(vectors, vectors[1:]):
        assert x0 * x1 + y0 * y1 == pytest.approx(0.0, abs=1e-6)  # a quarter turn apart
    assert vectors[2] == pytest.approx((-vectors[0][0], -vectors[0][1]), abs=1e-6)


def test_instance_count_zero_draws_no_sublayers(engine, replicator_scene):
    """RS-13.1: no instance, no sublayers; the replicator itself still draws."""
    root, rep, *_ = replicator_scene
    with engine.transaction(disable_actions=True):  # no animation of the count (RS-13.1)
        rep.instance_count = 0
    engine.tick(0)
    assert [r.layer for r in engine.draw_list(root)] == [root, rep]


def test_instance_delay_staggers_one_animation(engine, replicator_scene):
    """RS-13.4: instance k's sublayers are evaluated k * instanceDelay seconds earlier."""
    root, rep, dot, _ = replicator_scene
    rep.instance_delay = 0.25
    dot.add_animation(BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0,
                                     timing_function="linear"), key="fade")
    engine.tick(0)  # commits: the animation begins at 0
    dots = [r for r in engine.draw_list(root, at=0.6) if r.layer == dot]
    assert [r.instance_index for r in dots] == [0, 1, 2]
    assert [r.opacity for r in dots] == pytest.approx([0.6, 0.35, 0.1], abs=TOL)
    # instance 2 at 0.3 is at -0.2: before the animation, it shows the model value (opacity 1)
    dots = [r for r in engine.draw_list(root, at=0.3) if r.layer == dot]
    assert [r.opacity for r in dots] == pytest.approx([0.3, 0.05, 1.0], abs=TOL)
    # at 1.1 instance 0's animation is over (the model value), 1 and 2 still run
    dots = [r for r in engine.draw_list(root, at=1.1) if r.layer == dot]
    assert [r.opacity for r in dots] == pytest.approx([1.0, 0.85, 0.6], abs=TOL)
    # an instance whose opacity is 0 has no record at all (docs/draw-records.md §3)
    dots = [r for r in engine.draw_list(root, at=0.5) if r.layer == dot]
    assert [r.instance_index for r in dots] == [0, 1]


def test_hit_testing_sees_instance_zero_only(engine, replicator_scene):
    """RS-13.5: hit testing sees instance 0 only."""
    root, rep, dot, _ = replicator_scene
    # instance 0's dot covers root-space (55..65, 95..105); instance 1's is 20 points right
    assert root.hit_test((57, 100)) == dot
    hit = root.hit_test((77, 100))
    assert hit == rep and type(hit) is lamina.ReplicatorLayer


def test_replicator_fields_in_the_record_array(engine, replicator_scene):
    root, *_ = replicator_scene
    arr = engine.draw_list_array(root)
    assert list(arr["instance_index"]) == [0, 0, 0, 0, 1, 1, 2, 2]
    assert list(arr["layer_kind"]) == [0, 3, 0, 1, 0, 1, 0, 1]
    assert list(arr["instance_color"]["r"][2::2]) == pytest.approx([1.0, 0.75, 0.5], abs=TOL)


def test_draw_records_wrap_their_layers_by_the_records_kind(engine, monkeypatch):
    import gc

    root = engine.layer()
    root.add_sublayer(engine.gradient_layer())
    root.add_sublayer(engine.replicator_layer())
    engine.tick(0)
    gc.collect()  # no Python objects for the sublayers: the records make them

    def no_lookup(handle):
        raise AssertionError("the record's layer_kind names the class: no get_kind call")

    monkeypatch.setattr(engine, "_class_of", no_lookup)
    assert [type(r.layer) for r in engine.draw_list(root)] == [lamina.Layer, lamina.GradientLayer,
                                                              lamina.ReplicatorLayer]


def test_a_replicator_expansion_too_large_is_out_of_memory(engine):
    """RS-13.1: replicators may add at most 2**22 records to one list (nested counts
    multiply); past that the draw list raises before building anything."""
    root = engine.replicator_layer(instance_count=10000)
    inner = engine.replicator_layer(instance_count=10000)
    inner.add_sublayer(engine.layer(bounds=(0, 0, 1, 1)))
    root.add_sublayer(inner)
    engine.tick(0)
    with pytest.raises(lamina.LaminaMemoryError):
        engine.draw_list(root)
    with pytest.raises(lamina.LaminaMemoryError):
        engine.draw_list_array(root)
    with engine.transaction(disable_actions=True):  # no animation of the count (RS-13.1)
        inner.instance_count = 30  # 10000 x 30 = 300k: within the bound
    engine.tick(0)
    assert len(engine.draw_list_array(root)) == 1 + 10000 * (1 + 30)


# --- replicator time and animated counts (issue 23) ---------------------------------------------
def _fade(**kw):
    return BasicAnimation("opacity", from_value=0.0, to_value=1.0, duration=1.0,
                          timing_function="linear", **kw)


def test_an_animation_stays_until_the_last_instance_is_done(engine, replicator_scene):
    """RS-13.4: removedOnCompletion waits for the most delayed instance: instances 1 and 2
    keep fading after instance 0's end, then every instance shows the model value."""
    root, rep, dot, _ = replicator_scene
    with engine.transaction(disable_actions=True):
        rep.instance_delay = 0.25
    engine.tick(0)
    dot.add_animation(_fade(), key="fade")
    engine.tick(1)  # the fade runs from 1 to 2 in instance 0
    engine.tick(2.1)
    assert dot.animation_keys == ["fade"]
    dots = [r for r in engine.draw_list(root) if r.layer == dot]
    assert [r.opacity for r in dots] == pytest.approx([1.0, 0.85, 0.6], abs=TOL)
    engine.tick(2.5)  # instance 2 sees 2.0
    assert dot.animation_keys == []
    assert [r.opacity for r in engine.draw_list(root) if r.layer == dot] == [1.0, 1.0, 1.0]


def test_an_implicit_change_staggers_from_the_old_value(engine, replicator_scene):
    """RS-13.4: an instance behind an implicit change holds its start (old) value."""
    root, rep, dot, _ = replicator_scene
    with engine.transaction(disable_actions=True):
        rep.instance_delay = 0.25
    engine.tick(0)
    with engine.transaction(duration=1.0, timing="linear"):
        dot.opacity = 0.2
    engine.tick(1)
    dots = [r for r in engine.draw_list(root, at=1.2) if r.layer == dot]
    assert [r.opacity for r in dots] == pytest.approx([0.84, 1.0, 1.0], abs=TOL)


def test_next_frame_time_covers_every_instance(engine, replicator_scene):
    """RS-13.4: while a delayed instance still plays an animation that instance 0 holds at its
    end, the next frame is now; once every instance holds it, infinity."""
    root, rep, dot, _ = replicator_scene
    with engine.transaction(disable_actions=True):
        rep.instance_delay = 0.25
    engine.tick(0)
    dot.add_animation(_fade(fill_mode="forwards", removed_on_completion=False), key="fade")
    engine.tick(1)
    engine.tick(2.1)
    assert engine.next_frame_time == 2.1
    engine.tick(2.5)
    assert engine.next_frame_time == math.inf


def test_an_animated_instance_count_draws_whole_instances(engine, replicator_scene):
    """RS-13.1: the count animates in whole steps, the floor of its value."""
    root, rep, dot, _ = replicator_scene
    rep.add_animation(BasicAnimation("instanceCount", from_value=0, to_value=10, duration=1.0,
                                     timing_function="linear"), key="n")
    engine.tick(1)
    for t, n in [(1.0, 0), (1.55, 5), (1.99, 9)]:
        dots = [r for r in engine.draw_list(root, at=t) if r.layer == dot]
        assert [r.instance_index for r in dots] == list(range(n)), t

