// SPDX-License-Identifier: Apache-2.0
// Backgrounds and borders with masked or continuous corners (RS-1.5-1.7; background.c).
#include "primitive_in.glsl"
#include "sd_shape.glsl"
#include "aa.glsl"
#include "clip_cov.glsl"
#include "box_main.glsl"
