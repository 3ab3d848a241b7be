// SPDX-License-Identifier: Apache-2.0
// One pass of a layer's filter chain (filter.c, issue 32), premultiplied sRGB-encoded values
// in and out (what Chromium's `filter:` does). u_src_rect maps the target's 0..1 onto the
// source's uv. mode 0: up to 8 colour matrices in order, each on the straight colour (4x4 +
// offset, clamped to 0..1 after each, like one feColorMatrix per filter); 1: one direction of a
// Gaussian blur (sigma and taps in source texels, u_dir one texel); 2: the mean of each
// u_factor x u_factor block (u_factor / 2 squared bilinear fetches between texels); 3: a copy
// (bilinear: the upsampling of a reduced blur).
precision highp float;
in vec2 v_uv;
uniform sampler2D u_src; uniform vec4 u_src_rect; uniform vec2 u_texel;
uniform int u_mode; uniform vec2 u_dir; uniform float u_sigma; uniform int u_taps;
uniform int u_factor; uniform int u_nmat; uniform mat4 u_mat[8]; uniform vec4 u_off[8];
out vec4 o_color;
void main() {
  vec2 uv = u_src_rect.xy + v_uv * u_src_rect.zw;
  if (u_mode == 0) {
    vec4 c = texture(u_src, uv);
    vec4 s = vec4(c.a > 0.0 ? c.rgb / c.a : vec3(0.0), c.a);
    for (int k = 0; k < 8; k++) {
      if (k >= u_nmat) break;
      s = clamp(u_mat[k] * s + u_off[k], 0.0, 1.0);
    }
    o_color = vec4(s.rgb * s.a, s.a);
  } else if (u_mode == 1) {
    vec4 sum = vec4(0.0); float wsum = 0.0;
    for (int i = -u_taps; i <= u_taps; i++) {
      float x = float(i), wt = exp(-(x * x) / (2.0 * u_sigma * u_sigma));
      sum += wt * texture(u_src, uv + u_dir * x);
      wsum += wt;
    }
    o_color = sum / wsum;
  } else if (u_mode == 2) {
    // The block's first texel centre is half a texel in from its corner: fetch between texel
    // pairs (2k + 1 texels from the corner), each bilinear fetch the mean of 2 x 2 texels.
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
  } else {
    o_color = texture(u_src, uv);
  }
}
