// SPDX-License-Identifier: Apache-2.0
// One direction of a Gaussian blur of a filter chain (filter.c, issue 32): sigma and taps in
// source texels (truncated at 3 sigma, weights normalised), u_dir one texel along the axis;
// premultiplied values, so colours do not bleed from transparent texels.
precision highp float;
in vec2 v_uv;
uniform sampler2D u_src; uniform vec4 u_src_rect; uniform vec2 u_dir;
uniform float u_sigma; uniform int u_taps;
out vec4 o_color;
void main() {
  vec2 uv = u_src_rect.xy + v_uv * u_src_rect.zw;
  vec4 sum = vec4(0.0); float wsum = 0.0;
  for (int i = -u_taps; i <= u_taps; i++) {
    float x = float(i), wt = exp(-(x * x) / (2.0 * u_sigma * u_sigma));
    sum += wt * texture(u_src, uv + u_dir * x);
    wsum += wt;
  }
  o_color = sum / wsum;
}
