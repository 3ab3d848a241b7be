// SPDX-License-Identifier: Apache-2.0
// A run of colour filters (filter.c, issue 32): up to 8 colour matrices in order, each on the
// straight sRGB-encoded colour (4x4 + offset), clamped to 0..1 after each (one feColorMatrix
// per filter, as Chromium's `filter:` does). Premultiplied in and out; u_src_rect maps the
// target's 0..1 onto the source's uv. One program per pass kind: llvmpipe runs every branch.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_src; uniform vec4 u_src_rect;
uniform int u_nmat; uniform mat4 u_mat[8]; uniform vec4 u_off[8];
out vec4 o_color;
void main() {
  vec4 c = texture(u_src, u_src_rect.xy + v_uv * u_src_rect.zw);
  vec4 s = vec4(c.a > 0.0 ? c.rgb / c.a : vec3(0.0), c.a);
  for (int k = 0; k < 8; k++) {
    if (k >= u_nmat) break;
    s = clamp(u_mat[k] * s + u_off[k], 0.0, 1.0);
  }
  o_color = vec4(s.rgb * s.a, s.a);
}
