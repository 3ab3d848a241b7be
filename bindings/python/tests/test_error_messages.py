# SPDX-License-Identifier: Apache-2.0
"""Issue 23 item 9: errors about a layer name it (``layer "card" (shape layer)``, or its handle
and kind without a name) and an unknown key gets the closest known key as a suggestion;
docs/decisions.md, "Error messages"."""
import pytest

import lamina


def test_a_named_layer_is_named_with_its_kind(engine):
    card = engine.layer(name="card")
    with pytest.raises(lamina.UnknownKeyError) as ei:
        card.set_value("cornerRadious", 4)
    assert ei.value.message == ("layer \"card\" (plain layer): unknown property key 'cornerRadious'; "
                                "did you mean 'cornerRadius'?")
    assert ei.value.message in str(ei.value)
    with pytest.raises(lamina.UnknownKeyError) as ei:
        card.value("opcaity")
    assert ei.value.message.endswith("did you mean 'opacity'?")


def test_an_unnamed_layer_is_named_by_handle_and_kind(engine):
    ring = engine.shape_layer()
    with pytest.raises(lamina.UnknownKeyError) as ei:
        ring.set_value("lineWidht", 2)
    assert ei.value.message == (f"layer {ring._handle} (shape layer): unknown property key 'lineWidht'; "
                                "did you mean 'lineWidth'?")


def test_garbage_gets_no_suggestion(engine):
    layer = engine.layer(name="bg")
    for garbage in ("xyzzy", "q", "notAPropertyAtAll"):
        with pytest.raises(lamina.UnknownKeyError) as ei:
            layer.set_value(garbage, 1)
        assert ei.value.message == f"layer \"bg\" (plain layer): unknown property key '{garbage}'"


def test_custom_keys_are_suggested(engine):
    engine.register_property("glowRadius", 0.0)
    layer = engine.layer(name="glow")
    with pytest.raises(lamina.UnknownKeyError, match="did you mean 'glowRadius'"):
        layer.set_value("glowRadus", 1)


def test_python_side_mismatches_name_the_layer_too(engine):
    card = engine.layer(name="card")
    with pytest.raises(lamina.TypeMismatchError) as ei:
        card.set_value("opacity", (1, 2))
    assert ei.value.message == "layer \"card\" (plain layer): 'opacity' takes a number, not (1, 2)"
    rep = engine.replicator_layer()
    with pytest.raises(lamina.TypeMismatchError) as ei:
        rep.instance_count = "3"
    assert ei.value.message == f"layer {rep._handle} (replicator layer): 'instanceCount' takes an int, not '3'"
    # A key of another kind of layer, through the library: named, with both kinds.
    with pytest.raises(lamina.UnknownKeyError) as ei:
        card.set_value("lineWidth", 2)
    assert ei.value.message == ("layer \"card\" (plain layer): 'lineWidth' is a property of shape layers; "
                                "this layer is a plain layer")


def test_misuse_names_the_layer_and_stale_handles_keep_their_number(engine):
    parent, child = engine.layer(name="parent"), engine.layer(name="child")
    parent.add_sublayer(child)
    with pytest.raises(lamina.MisuseError) as ei:
        child.add_sublayer(parent)
    assert ei.value.message.startswith('layer "child" (plain layer): ')
    gone = engine.layer(name="gone")
    handle = gone._handle
    gone.release()
    # The Python object refuses first; the library's own answer keeps the handle number.
    with pytest.raises(lamina.StaleHandleError):
        gone.set_value("opacty", 1)
    with pytest.raises(lamina.StaleHandleError) as ei:
        lamina._capi.lib.lamina_layer_set_number(engine._ptr(), handle, b"opacty", 1.0)
    assert ei.value.message == f"layer handle {handle} is not alive in this engine"


def test_layer_keyword_arguments_suggest_the_closest_name(engine):
    with pytest.raises(TypeError, match=r"unknown Layer property 'corner_radious'; did you mean 'corner_radius'\?"):
        engine.layer(corner_radious=4)
    with pytest.raises(TypeError) as ei:
        engine.layer(qwerty=1)
    assert str(ei.value) == "unknown Layer property 'qwerty'"
