# SPDX-License-Identifier: Apache-2.0
"""Layer content and the renderer-facing model (issue 10, R14): images, contents properties,
masks, paths and shadowPath, group opacity, and damage. RS-x.y items are cited per test."""
import gc

import pytest

import lamina
from lamina import Image, Path, Point, Rect


def test_create_image_from_bytes_like(engine):
    """RS-4.1: RGBA8 copied from any bytes-like object; premultiplied when asked."""
    data = bytearray([255, 0, 0, 128, 10, 20, 30, 255])
    img = engine.create_image(2, 1, data)
    data[0] = 0  # copied
    assert isinstance(img, Image)
    assert (img.width, img.height) == (2, 1)
    assert img.pixels()[:4] == bytes([128, 0, 0, 128])  # premultiplied (255 * 128 / 255)
    assert img.external_handle is None
    pre = engine.create_image(1, 1, memoryview(b"\x10\x20\x30\x40"), premultiplied=True)
    assert pre.pixels() == b"\x10\x20\x30\x40"
    ext = engine.create_external_image(99, 64, 32)
    assert ext.external_handle == 99 and ext.width == 64 and ext.pixels() == b""


def test_bad_images_raise(engine):
    with pytest.raises(lamina.InvalidArgumentError):
        engine.create_image(2, 2, b"\x00" * 15)
    with pytest.raises(lamina.InvalidArgumentError):
        engine.create_image(0, 1, b"")
    with pytest.raises(TypeError):
        engine.create_image(1, 1, 42)


def test_contents_properties_by_key_and_name(engine):
    """RS-4.2-4.7: every contents property through the typed (snake case) and key-value APIs."""
    layer = engine.layer(bounds=(0, 0, 80, 60), position=(40, 30))
    img = engine.create_image(20, 10, b"\xff" * 800)
    layer.contents = img
    assert layer.contents == img
    layer["contentsGravity"] = "topLeft"
    assert layer.contents_gravity == "topLeft"
    layer.minification_filter = "trilinear"
    layer["magnificationFilter"] = "nearest"
    layer.minification_filter_bias = -1.0
    layer.contents_rect = Rect.of(0, 0, 0.5, 1)
    layer.contents_center = Rect.of(0.25, 0.25, 0.5, 0.5)
    layer.contents_scale = 2
    with pytest.raises(lamina.InvalidArgumentError):
        layer.contents_gravity = "middle"
    with pytest.raises(lamina.InvalidArgumentError):
        layer.magnification_filter = "cubic"
    engine.tick(0)
    (rec,) = engine.draw_list(layer)
    assert rec.contents == img
    assert rec.contents_gravity == "topLeft"
    # RS-4.3 topLeft = (minX, maxY); size = contentsRect share / scale = (5, 5)
    assert rec.contents_dest == Rect.of(0, 55, 5, 5)
    assert rec.minification_filter == "trilinear" and rec.magnification_filter == "nearest"
    assert rec.minification_filter_bias == -1.0
    assert rec.contents_rect == Rect.of(0, 0, 0.5, 1)
    assert rec.contents_center == Rect.of(0.25, 0.25, 0.5, 0.5)
    assert rec.contents_scale == 2


@pytest.mark.parametrize("gravity,dest", [
    ("resize", (0, 0, 80, 60)), ("resizeAspect", (0, 10, 80, 40)),
    ("resizeAspectFill", (-20, 0, 120, 60)), ("center", (30, 25, 20, 10)),
    ("top", (30, 50, 20, 10)), ("bottom", (30, 0, 20, 10)), ("left", (0, 25, 20, 10)),
    ("right", (60, 25, 20, 10)), ("topLeft", (0, 50, 20, 10)), ("topRight", (60, 50, 20, 10)),
    ("bottomLeft", (0, 0, 20, 10)), ("bottomRight", (60, 0, 20, 10)),
])
def test_all_twelve_gravities(engine, gravity, dest):
    """RS-4.3's measured test vector: B = 80x60, S = 20x10."""
    layer = engine.layer(bounds=(0, 0, 80, 60), contents_gravity=gravity)
    layer.contents = engine.create_image(20, 10, b"\x00" * 800)
    engine.tick(0)
    assert engine.draw_list(layer)[0].contents_dest == Rect.of(*dest)


def test_contents_change_cross_fades(engine):
    """RS-4.8: the default action of contents is a fade; the record has both images."""
    a = engine.create_image(1, 1, b"\xff\xff\xff\xff")
    b = engine.create_image(1, 1, b"\x00\x00\x00\xff")
    layer = engine.layer(bounds=(0, 0, 10, 10), contents=a)
    engine.tick(0)
    layer.contents = b
    engine.tick(0)
    rec = engine.draw_list(layer, at=0.125)[0]
    assert rec.contents == b and rec.contents_previous == a
    assert 0 < rec.contents_fade < 1
    assert rec.transition is not None and rec.transition.type == "fade"
    engine.tick(1)
    rec = engine.draw_list(layer)[0]
    assert rec.contents == b and rec.contents_previous is None and rec.contents_fade == 1


def test_contents_rect_animates(engine):
    """contentsRect is animatable (CA-3.12): an implicit change interpolates."""
    layer = engine.layer(bounds=(0, 0, 10, 10))
    engine.tick(0)
    layer.contents_rect = Rect.of(0, 0, 0.5, 0.5)
    engine.tick(0)
    mid = engine.draw_list(layer, at=0.125)[0].contents_rect
    assert 0.5 < mid.size.width < 1


def test_image_outlives_python_object_while_shown(engine):
    layer = engine.layer(bounds=(0, 0, 4, 4))
    layer.contents = engine.create_image(1, 1, b"\x01\x02\x03\x04", premultiplied=True)
    gc.collect()
    assert layer.contents.pixels() == b"\x01\x02\x03\x04"


def test_mask_and_clip_in_records(engine):
    """RS-5.1-5.4: the mask subtree follows its host; clips chain through clip_index."""
    root = engine.layer(bounds=(0, 0, 100, 100))
    host = engine.layer(bounds=(0, 0, 50, 50), position=(25, 25), masks_to_bounds=True,
                        corner_radius=5, masked_corners=1 | 8, corner_curve="continuous")
    child = engine.layer(bounds=(0, 0, 10, 10))
    mask = engine.layer(bounds=(0, 0, 20, 20), position=(10, 10))
    root.add_sublayer(host)
    host.add_sublayer(child)
    host.mask = mask
    assert host.mask is mask
    with pytest.raises(lamina.MisuseError):
        host.mask = root
    engine.tick(0)
    recs = engine.draw_list(root)
    assert [r.layer for r in recs] == [root, host, child, mask]
    h = recs[1]
    assert h.mask_index == 3 and h.mask_count == 1 and h.group
    assert h.masked_corners == 9 and h.corner_curve == "continuous"
    assert recs[2].clip_index == 1 and not recs[2].clip_is_rect
    assert recs[3].mask_content
    host.mask = None
    assert [r.layer for r in engine.draw_list(root)] == [root, host, child]


def test_group_opacity(engine):
    """RS-2.2: a subtree with opacity < 1 composites as a group; RS-2.3 when not allowed."""
    root = engine.layer(bounds=(0, 0, 10, 10), opacity=0.5)
    root.add_sublayer(engine.layer(bounds=(0, 0, 5, 5), opacity=0.5))
    engine.tick(0)
    r0, r1 = engine.draw_list(root)
    assert r0.group and r0.group_opacity == 0.5 and r0.target_opacity == 1
    assert r1.group_index == 0 and r1.target_opacity == 0.5
    root.allows_group_opacity = False
    engine.tick(1)
    r0, r1 = engine.draw_list(root)
    assert not r0.group and r1.group_index is None and r1.target_opacity == 0.25


def test_paths_and_shadow_path(engine):
    """RS-3.4 / RS-8.5: constructors; shadowPath in the record; same structures animate."""
    assert len(Path.rect(Rect.of(0, 0, 10, 10)).elements) == 5
    assert len(Path.ellipse(Rect.of(0, 0, 10, 10)).elements) == 6
    a = Path.rounded_rect(Rect.of(0, 0, 10, 10), 2)
    b = Path.rounded_rect(Rect.of(0, 0, 20, 20), 4)
    built = Path().move_to((0, 0)).line_to((1, 0)).quad_to((2, 0), (2, 1)).curve_to((2, 2), (1, 2), (0, 2)).close()
    assert [e[0] for e in built.elements] == ["move", "line", "quad", "cubic", "close"]
    layer = engine.layer(bounds=(0, 0, 10, 10), shadow_path=a, shadow_opacity=1)
    assert layer.shadow_path == a
    engine.tick(0)
    assert engine.draw_list(layer)[0].shadow_path == a
    anim = lamina.BasicAnimation("shadowPath", from_value=a, to_value=b, duration=1)
    layer.add_animation(anim, "p")
    engine.tick(0)
    mid = engine.draw_list(layer, at=0.5)[0].shadow_path
    assert mid.elements[0][1] == Point(3, 0)  # move (2,0) -> (4,0)
    # Different structures switch at 0.5 (RS-8.5).
    layer.add_animation(lamina.BasicAnimation("shadowPath", from_value=a, to_value=Path.rect(Rect.of(0, 0, 5, 5)), duration=1), "q")
    engine.tick(0)
    assert engine.draw_list(layer, at=0.25)[0].shadow_path == a


def test_look_flags(engine):
    layer = engine.layer(bounds=(0, 0, 10, 10), position=(5, 5), opaque=True, edge_antialiasing_mask=5,
                         allows_edge_antialiasing=True, geometry_flipped=True)
    child = engine.layer(bounds=(0, 0, 10, 4), position=(5, 2))
    layer.add_sublayer(child)
    engine.tick(0)
    r0, r1 = engine.draw_list(layer)
    assert r0.opaque and r0.edge_antialiasing_mask == 5
    assert r1.contents_flipped  # RS-4.5: under a flipped superlayer, local +y points up
    # geometryFlipped: the child at y 0...4 in the flipped space lands at 6...10.
    assert r1.transform.m42 == pytest.approx(10) and r1.transform.m22 == pytest.approx(-1)


def test_damage(engine):
    """RS-10: empty when nothing changed; small when one layer moves; never smaller than
    what changed (each differing record's old and new extents are covered)."""
    root = engine.layer(bounds=(0, 0, 1000, 1000), position=(500, 500))
    a = engine.layer(bounds=(0, 0, 10, 10), position=(100, 100), background_color=lamina.RED)
    b = engine.layer(bounds=(0, 0, 10, 10), position=(800, 800), shadow_opacity=1, shadow_radius=2)
    root.add_sublayer(a)
    root.add_sublayer(b)
    engine.tick(0)
    first = engine.damage(root)
    assert len(first) == 1 and first[0].size.width >= 1000  # unknown: everything
    before = engine.draw_list(root)
    engine.draw_list(root)
    assert engine.damage(root) == []
    with engine.transaction(disable_actions=True):
        a.position = (300, 100)
        b.shadow_radius = 6
    engine.tick(1)
    after = engine.draw_list(root)
    rects = engine.damage(root)
    assert 2 <= len(rects) <= 4
    assert sum(r.size.width * r.size.height for r in rects) < 120 * 120  # small
    changed = [(x, y) for x, y in zip(before, after) if x != y]
    assert {x.layer for x, _ in changed} == {a, b}

    def covered(px, py):
        return any(r.origin.x <= px <= r.origin.x + r.size.width and
                   r.origin.y <= py <= r.origin.y + r.size.height for r in rects)
    # Old and new extents of a, and b's shadow reach (3 x 6 around the offset bounds).
    for (px, py) in [(95, 95), (104, 104), (295, 95), (304, 104), (795 - 18, 795 - 3 - 18)]:
        assert covered(px, py)


def test_transition_carries_whole_before_state(engine):
    """Item 6 (CA-10.2, RS-7): the record of a transitioning layer has its old appearance."""
    layer = engine.layer(bounds=(0, 0, 10, 10), background_color=lamina.BLUE, corner_radius=2)
    engine.tick(1)
    layer.add_animation(lamina.TransitionAnimation("push", "from-right", duration=1))
    with engine.transaction(disable_actions=True):
        layer.background_color = lamina.RED
        layer.corner_radius = 4
    engine.tick(1)
    rec = engine.draw_list(layer, at=1.5)[0]
    assert rec.transition.type == "push"
    assert rec.background_color == lamina.RED and rec.corner_radius == 4
    before = rec.transition_before
    assert before is not None
    assert before.background_color == lamina.BLUE and before.corner_radius == 2
    assert before.transform == rec.transform and before.transition_before is None
    assert engine.draw_list(layer, at=3)[0].transition_before is None


def test_transition_carries_whole_before_subtree(engine):
    """CA-10.2 (issue 25): a swap of sublayers under a fade: the old side's records (the red
    sublayer, in root space) follow the before record; the new side has the blue one."""
    root = engine.layer(bounds=(0, 0, 200, 200), position=(100, 100))
    box = engine.layer(bounds=(0, 0, 50, 50), position=(45, 55))
    red = engine.layer(bounds=(0, 0, 40, 40), position=(25, 25), background_color=lamina.RED)
    blue = engine.layer(bounds=(0, 0, 40, 40), position=(25, 25), background_color=lamina.BLUE,
                        hidden=True)
    root.add_sublayer(box)
    box.add_sublayer(red)
    box.add_sublayer(blue)
    engine.tick(0)
    with engine.transaction(disable_actions=True):
        red.hidden = True
        blue.hidden = False
        box.add_animation(lamina.TransitionAnimation("fade", duration=1))
    engine.tick(0)
    records = engine.draw_list(root, at=0.5)
    assert [r.layer for r in records] == [root, box, blue]
    rec = records[1]
    assert rec.transition.type == "fade"
    assert rec.transition_before.descendant_count == 1
    (old,) = rec.transition_before_sublayers
    assert old.layer == red and old.background_color == lamina.RED
    assert old.transform == records[2].transform and old.depth == 2
    assert old.transition is None
    assert engine.draw_list(root, at=3)[1].transition_before_sublayers == ()


def test_explicit_contents_animations_cross_fade(engine):
    """CA-3.15, RS-4.8: an explicit basic animation of contents cross-fades (the record carries
    both images and the progress); linear keyframes blend adjacent images; discrete ones flip."""
    imgs = [engine.create_image(1, 1, bytes([k, 0, 0, 255])) for k in range(3)]
    layer = engine.layer(bounds=(0, 0, 10, 10))
    engine.tick(0)
    layer.add_animation(lamina.BasicAnimation("contents", from_value=imgs[0], to_value=imgs[1],
                                              duration=1.0), key="swap")
    engine.tick(0)
    begin = layer.animation("swap").begin_time
    rec = engine.draw_list(layer, at=begin + 0.25)[0]
    assert rec.contents == imgs[1] and rec.contents_previous == imgs[0]
    assert rec.contents_fade == pytest.approx(0.25, abs=1e-12)
    assert rec.transition is None
    layer.remove_all_animations()

    layer.add_animation(lamina.KeyframeAnimation("contents", imgs, duration=2.0), key="linear")
    engine.tick(1)
    begin = layer.animation("linear").begin_time
    rec = engine.draw_list(layer, at=begin + 1.5)[0]  # progress 0.75: segment 1, half way
    assert rec.contents == imgs[2] and rec.contents_previous == imgs[1]
    assert rec.contents_fade == pytest.approx(0.5, abs=1e-12)
    layer.remove_all_animations()

    layer.add_animation(lamina.KeyframeAnimation("contents", imgs, calculation_mode="discrete",
                                                 duration=3.0), key="discrete")
    engine.tick(2)
    begin = layer.animation("discrete").begin_time
    rec = engine.draw_list(layer, at=begin + 1.5)[0]
    assert rec.contents == imgs[1] and rec.contents_previous is None and rec.contents_fade == 1


def test_contents_action_is_the_fade_transition(engine):
    """RS-4.8: action_for_key("contents") reports the fade transition the implicit change runs."""
    layer = engine.layer(bounds=(0, 0, 10, 10))
    engine.tick(0)
    action = layer.action_for_key("contents")
    assert isinstance(action, lamina.TransitionAnimation)
    assert action.type == "fade" and action.duration == 0.25
    assert isinstance(layer.action_for_key("opacity"), lamina.BasicAnimation)
    layer.contents = engine.create_image(1, 1, b"\x00\x00\x00\xff")
    running = layer.animation("contents")
    assert isinstance(running, lamina.TransitionAnimation) and running.type == action.type
