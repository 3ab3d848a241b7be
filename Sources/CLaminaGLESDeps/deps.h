// SPDX-License-Identifier: Apache-2.0
// The system headers the reference compositor uses (SwiftPM's view of them; see module.modulemap).
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <png.h>
#include <ft2build.h>
#include FT_FREETYPE_H
