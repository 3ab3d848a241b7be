// SPDX-License-Identifier: Apache-2.0
// The primitives' fragment inputs (primitive.vert's outputs) and output.
precision highp float;
in vec2 v_local;
flat in vec4 v_rect; flat in vec4 v_fill; flat in vec4 v_border;
flat in vec4 v_params; flat in vec4 v_clip;
uniform vec4 u_vp;
out vec4 o_color;
