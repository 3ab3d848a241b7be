// SPDX-License-Identifier: Apache-2.0
// The block means of a reduced-resolution blur (filter.c, issue 32): each target texel is the
// mean of a u_factor x u_factor block of source texels (u_texel: one source texel in uv),
// fetched between texel pairs so each bilinear fetch is the mean of 2 x 2 texels.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_src; uniform vec4 u_src_rect; uniform vec2 u_texel; uniform int u_factor;
out vec4 o_color;
void main() {
  vec2 uv = u_src_rect.xy + v_uv * u_src_rect.zw;
  int n = u_factor / 2;
  vec2 corner = uv - 0.5 * float(u_factor) * u_texel;
  vec4 sum = vec4(0.0);
  for (int j = 0; j < 8; j++) {
    if (j >= n) break;
    for (int i = 0; i < 8; i++) {
      if (i >= n) break;
      sum += texture(u_src, corner + vec2(float(2 * i + 1), float(2 * j + 1)) * u_texel);
    }
  }
  o_color = sum / float(n * n);
}
