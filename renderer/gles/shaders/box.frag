// SPDX-License-Identifier: Apache-2.0
// Backgrounds and borders with four circular corners: the common, cheap case (background.c).
#include "primitive_in.glsl"
#include "sd_simple.glsl"
#include "aa.glsl"
#include "clip_cov.glsl"
#include "box_main.glsl"
