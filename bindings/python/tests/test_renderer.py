# SPDX-License-Identifier: Apache-2.0
"""lamina.Renderer: the reference compositor in a GL context the host made (issue 30 item 1).

The test is the host: it makes its own OpenGL ES 3 context with EGL (Mesa's surfaceless
platform, through ctypes) and a framebuffer, draws with a Renderer, reads the pixels back and
compares them with lamina.render's headless frame of the same scene, which must be identical.
Skipped where liblamina-gles or EGL is missing, unless LAMINA_REQUIRE_GLES=1 (CI sets it)."""
import ctypes
import ctypes.util
import os
import threading

import pytest

import lamina

try:
    lamina.renderer_path()
    HAVE_GLES = True
except lamina.RendererUnavailableError:
    HAVE_GLES = False
if not HAVE_GLES and os.environ.get("LAMINA_REQUIRE_GLES") != "1":
    pytest.skip("liblamina-gles is not available", allow_module_level=True)

W, H = 120, 80


class HostContext:
    """A host's own GLES 3 context on an offscreen framebuffer of W x H pixels."""

    def __init__(self):
        egl = ctypes.CDLL(ctypes.util.find_library("EGL") or "libEGL.so.1")
        gl = ctypes.CDLL(ctypes.util.find_library("GLESv2") or "libGLESv2.so.2")
        vp = ctypes.c_void_p
        egl.eglGetProcAddress.restype = vp
        egl.eglGetProcAddress.argtypes = [ctypes.c_char_p]
        get_platform_display = ctypes.CFUNCTYPE(vp, ctypes.c_uint, vp, vp)(
            egl.eglGetProcAddress(b"eglGetPlatformDisplayEXT"))
        self.display = get_platform_display(0x31DD, None, None)  # EGL_PLATFORM_SURFACELESS_MESA
        egl.eglInitialize.argtypes = [vp, vp, vp]
        if not self.display or not egl.eglInitialize(self.display, None, None):
            pytest.skip("no EGL surfaceless display here")
        egl.eglBindAPI(0x30A0)  # EGL_OPENGL_ES_API
        attrs = (ctypes.c_int * 5)(0x3040, 0x0040, 0x3033, 0, 0x3038)  # ES3 bit, no surface
        config = vp()
        n = ctypes.c_int()
        egl.eglChooseConfig.argtypes = [vp, vp, ctypes.POINTER(vp), ctypes.c_int, vp]
        egl.eglChooseConfig(self.display, attrs, ctypes.byref(config), 1, ctypes.byref(n))
        egl.eglCreateContext.restype = vp
        egl.eglCreateContext.argtypes = [vp, vp, vp, vp]
        cattrs = (ctypes.c_int * 3)(0x3098, 3, 0x3038)  # EGL_CONTEXT_MAJOR_VERSION 3
        self.context = egl.eglCreateContext(self.display, config, None, cattrs)
        egl.eglMakeCurrent.argtypes = [vp, vp, vp, vp]
        if not self.context or not egl.eglMakeCurrent(self.display, None, None, self.context):
            pytest.skip("no OpenGL ES 3 context here")
        self.egl, self.gl = egl, gl
        ids = (ctypes.c_uint * 1)()
        gl.glGenRenderbuffers(1, ids)
        gl.glBindRenderbuffer(0x8D41, ids[0])
        gl.glRenderbufferStorage(0x8D41, 0x8058, W, H)  # GL_RGBA8
        fbo = (ctypes.c_uint * 1)()
        gl.glGenFramebuffers(1, fbo)
        gl.glBindFramebuffer(0x8D40, fbo[0])
        gl.glFramebufferRenderbuffer(0x8D40, 0x8CE0, 0x8D41, ids[0])
        gl.glViewport(0, 0, W, H)

    def pixels(self):
        """RGBA rows top first (GL reads bottom first)."""
        buf = ctypes.create_string_buffer(W * H * 4)
        self.gl.glReadPixels(0, 0, W, H, 0x1908, 0x1401, buf)  # GL_RGBA, GL_UNSIGNED_BYTE
        rows = [buf.raw[y * W * 4:(y + 1) * W * 4] for y in range(H)]
        return b"".join(reversed(rows))

    def release(self):
        vp = ctypes.c_void_p
        self.egl.eglMakeCurrent(self.display, None, None, None)
        self.egl.eglDestroyContext.argtypes = [vp, vp]
        self.egl.eglDestroyContext(self.display, self.context)


def scene(engine):
    root = engine.layer(bounds=(0, 0, W, H), position=(W / 2, H / 2), background_color=lamina.WHITE)
    card = engine.layer(bounds=(0, 0, 60, 40), position=(50, 40), background_color=lamina.RED,
                        corner_radius=8)
    root.add_sublayer(card)
    engine.tick(0.0)
    return root, card


def test_renderer_draws_what_render_draws_in_the_hosts_context(engine):
    root, card = scene(engine)
    card.position = (70, 40)           # an implicit move, drawn half-way
    engine.tick(1.0)
    want = lamina.render(root, (W, H), at=1.125)
    host = HostContext()
    try:
        with lamina.Renderer() as renderer:
            renderer.render(root, at=1.125, clear=(0, 0, 0, 0))
            got = host.pixels()
            assert renderer.stats["records"] == 2
    finally:
        host.release()
    # Opaque pixels are identical; the headless frame is non-premultiplied, the host's
    # framebuffer premultiplied, which differs only where alpha < 255 (none here).
    assert got == want.rgba
    def px(x, y):
        return tuple(got[4 * (y * W + x):4 * (y * W + x) + 4])
    assert px(60, 40) == (255, 0, 0, 255) and px(5, 5) == (255, 255, 255, 255)


def test_renderer_without_a_current_context_says_so():
    with pytest.raises(lamina.RenderError) as e:
        lamina.Renderer()
    assert e.value.name == "LAMINA_GLES_STATUS_NO_CONTEXT"


def test_renderer_closed_or_on_another_thread_is_misuse(engine):
    root, _ = scene(engine)
    host = HostContext()
    try:
        renderer = lamina.Renderer()
        errors = []

        def other():
            try:
                renderer.render(root)
            except lamina.MisuseError as e:
                errors.append(e)
        t = threading.Thread(target=other)
        t.start()
        t.join()
        assert len(errors) == 1 and "thread" in str(errors[0])
        renderer.close()
        renderer.close()  # twice: nothing
        with pytest.raises(lamina.MisuseError, match="closed"):
            renderer.render(root)
        with pytest.raises(lamina.InvalidArgumentError):
            lamina.Renderer().render(root, scale=0.0)
    finally:
        host.release()
