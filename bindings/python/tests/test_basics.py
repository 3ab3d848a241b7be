# SPDX-License-Identifier: Apache-2.0
"""Library, loader, value types, errors."""
import math
import os
import re
import subprocess
import sys

import pytest

import lamina
from lamina import Color, Point, Rect, Size, TimingFunction, Transform3D


def test_version_and_path():
    header = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "include",
                          "lamina", "lamina_version.h")
    if os.path.exists(header):  # in the repository (not in an sdist's copy of the tests)
        with open(header) as f:
            want = re.search(r'LAMINA_VERSION_STRING "([^"]+)"', f.read()).group(1)
        assert lamina.library_version == want
    assert re.fullmatch(r"\d+\.\d+\.\d+(-dev)?", lamina.library_version)
    assert os.path.exists(lamina.library_path)


def test_a_lamina_library_that_does_not_load_fails_the_import(tmp_path):
    # Issue 30 item 8: never a silent fall-back to the bundled copy when a path is asked for.
    env = dict(os.environ, LAMINA_LIBRARY=str(tmp_path / "nope.so"),
               PYTHONPATH=os.path.dirname(os.path.dirname(lamina.__file__)))
    r = subprocess.run([sys.executable, "-c", "import lamina"], env=env, capture_output=True,
                       text=True, cwd=str(tmp_path))
    assert r.returncode != 0
    assert "ImportError: LAMINA_LIBRARY does not name a loadable Lamina library" in r.stderr
    assert "nope.so: no such file" in r.stderr and "unset LAMINA_LIBRARY" in r.stderr


def test_public_api_hides_ctypes():
    import ctypes
    for name in lamina.__all__:
        obj = getattr(lamina, name)
        assert not (isinstance(obj, type) and issubclass(obj, (ctypes.Structure, ctypes._SimpleCData)))


def test_value_types():
    r = Rect.of(1, 2, 3, 4)
    assert r.origin == Point(1, 2) and r.size == Size(3, 4)
    assert (r.max_x, r.max_y, r.mid) == (4, 6, Point(2.5, 4))
    assert Color(1, 0, 0) == Color(1, 0, 0, 1)
    assert Point(1, 2) + (1, 1) == Point(2, 3)


def test_transform_helpers():
    t = Transform3D.translation(10, 20)
    assert t.apply((1, 1)) == Point(11, 21)
    r = Transform3D.rotation(math.pi / 2)
    p = r.apply((1, 0))
    assert p.x == pytest.approx(0, abs=1e-12) and p.y == pytest.approx(1)
    # a @ b applies a, then b
    s = Transform3D.scaling(2, 2) @ Transform3D.translation(5, 0)
    assert s.apply((1, 1)) == Point(7, 2)
    assert Transform3D.identity().is_identity and not t.is_identity
    assert t.inverted().apply((11, 21)) == Point(1, 1)
    assert not Transform3D.scaling(0, 0, 0).is_invertible
    # translated applies the translation before the transform
    assert Transform3D.scaling(2, 2).translated(1, 0).apply((0, 0)) == Point(2, 0)


def test_timing_functions():
    lin = TimingFunction.named("linear")
    assert lin(0.3) == pytest.approx(0.3)
    assert TimingFunction.named("default") == TimingFunction(0.25, 0.1, 0.25, 1.0)
    assert TimingFunction.named("ease-in-out") == TimingFunction.named("ease-in-ease-out")
    assert TimingFunction(0.42, 0, 1, 1)(1.0) == pytest.approx(1.0)
    with pytest.raises(ValueError):
        TimingFunction.named("bouncy")
    with pytest.raises(lamina.InvalidArgumentError):
        TimingFunction(2, 0, 0, 1)(0.5)


def test_clock_is_monotonic():
    a = lamina.clock_now()
    assert lamina.clock_now() >= a


def test_every_declared_function_is_exported():
    from lamina import _capi

    assert len(_capi._FUNCTIONS) >= 178
    assert _capi.missing == []


def test_loader_order(monkeypatch, tmp_path):
    from lamina import _loader

    monkeypatch.setenv("LAMINA_LIBRARY", str(tmp_path / "custom.so"))
    origins = [origin for origin, _ in _loader._candidates()]
    assert origins == ["$LAMINA_LIBRARY", "bundled", "find_library('lamina')"]
    monkeypatch.setattr(_loader, "_candidates", lambda: [
        ("$LAMINA_LIBRARY", str(tmp_path / "custom.so")),
        ("bundled", str(tmp_path / "liblamina.so")),
        ("find_library('lamina')", "(not found)"),
    ])
    with pytest.raises(ImportError) as ei:
        _loader.load_library()
    text = str(ei.value)  # LAMINA_LIBRARY is set: only it is tried
    assert "custom.so" in text and str(tmp_path / "liblamina.so") not in text
    monkeypatch.delenv("LAMINA_LIBRARY")
    monkeypatch.setattr(_loader, "_candidates", lambda: [
        ("bundled", str(tmp_path / "liblamina.so")),
        ("find_library('lamina')", "(not found)"),
    ])
    with pytest.raises(ImportError) as ei:
        _loader.load_library()
    text = str(ei.value)  # unset: every candidate, in order
    assert str(tmp_path / "liblamina.so") in text and "find_library" in text
    import ctypes.util
    libm = ctypes.util.find_library("m")
    if libm:
        monkeypatch.setattr(_loader, "_candidates", lambda: [("find_library('lamina')", libm)])
        with pytest.raises(ImportError, match="not a Lamina library"):
            _loader.load_library()


def test_companions_of_a_lamina_library_never_come_from_the_system(monkeypatch, tmp_path):
    # Issue 30 item 5: a development build named by LAMINA_LIBRARY is tested with its own
    # companions (liblamina-gles, -text, -lottie from its directory or their own variables),
    # never with copies installed in /usr/local or bundled in an installed wheel, which were
    # built against another liblamina.
    import ctypes.util
    from lamina import _loader

    installed = "/usr/local/lib/liblamina-gles.so.0"
    monkeypatch.setattr(ctypes.util, "find_library", lambda stem: installed)
    core = str(tmp_path / "build" / "liblamina.so")
    monkeypatch.setenv("LAMINA_LIBRARY", core)
    monkeypatch.delenv("LAMINA_GLES_LIBRARY", raising=False)
    got = _loader.companion_candidates("LAMINA_GLES_LIBRARY", "lamina-gles", core, tmp_path / "wheel")
    assert [o for o, _ in got] == ["beside liblamina", "beside liblamina"]
    assert all(p.startswith(str(tmp_path / "build")) for _, p in got)
    monkeypatch.setenv("LAMINA_GLES_LIBRARY", "/opt/gles/liblamina-gles.so")
    got = _loader.companion_candidates("LAMINA_GLES_LIBRARY", "lamina-gles", core, tmp_path / "wheel")
    assert got[0] == ("$LAMINA_GLES_LIBRARY", "/opt/gles/liblamina-gles.so") and len(got) == 3
    # Without LAMINA_LIBRARY (an installed package): bundled, then the system's.
    monkeypatch.delenv("LAMINA_LIBRARY")
    monkeypatch.delenv("LAMINA_GLES_LIBRARY")
    got = _loader.companion_candidates("LAMINA_GLES_LIBRARY", "lamina-gles", core, tmp_path / "wheel")
    assert [o for o, _ in got][-2:] == ["bundled", "find_library('lamina-gles')"]
    assert got[-1][1] == installed


def test_named_corner_and_edge_bits(engine):
    # Issue 30 item 8: the bit masks have names, with Core Animation's values (RS-1.5, RS-11.1).
    assert [int(c) for c in (lamina.Corner.MIN_X_MIN_Y, lamina.Corner.MAX_X_MIN_Y,
                             lamina.Corner.MIN_X_MAX_Y, lamina.Corner.MAX_X_MAX_Y)] == [1, 2, 4, 8]
    assert [int(e) for e in (lamina.Edge.LEFT, lamina.Edge.RIGHT, lamina.Edge.BOTTOM,
                             lamina.Edge.TOP)] == [1, 2, 4, 8]
    assert lamina.Corner.ALL == 15 and lamina.Edge.ALL == 15
    layer = engine.layer(masked_corners=lamina.Corner.MIN_X_MIN_Y | lamina.Corner.MAX_X_MAX_Y)
    assert layer.masked_corners == 9 == lamina.Corner.MIN_X_MIN_Y | lamina.Corner.MAX_X_MAX_Y


def test_building_from_source_without_swift_says_what_to_install(tmp_path):
    # Issue 30 item 8: the package's CMake entry names the missing toolchain and the way out.
    import shutil
    cmake = shutil.which("cmake")
    assert cmake, "cmake is needed by this test (Scripts/install-deps.sh installs it)"
    here = os.path.dirname(os.path.abspath(__file__))
    bin_dir = tmp_path / "bin"  # a PATH with CMake and Ninja only: no swiftc wherever it lives
    bin_dir.mkdir()
    for tool in ("cmake", "ninja"):
        if shutil.which(tool):
            os.symlink(shutil.which(tool), bin_dir / tool)
    env = dict(os.environ, PATH=str(bin_dir))
    r = subprocess.run([cmake, "-G", "Ninja", "-S", os.path.join(here, ".."), "-B", str(tmp_path / "b")],
                       env=env, capture_output=True, text=True)
    assert r.returncode != 0
    text = " ".join(r.stderr.split())
    assert "needs the Swift toolchain" in text and "swift.org/install/linux" in text
