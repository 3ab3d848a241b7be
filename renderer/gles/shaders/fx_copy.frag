// SPDX-License-Identifier: Apache-2.0
// A bilinear copy (filter.c, issue 32): a reduced blur sampled back up to full resolution.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_src; uniform vec4 u_src_rect;
out vec4 o_color;
void main() { o_color = texture(u_src, u_src_rect.xy + v_uv * u_src_rect.zw); }
