// SPDX-License-Identifier: Apache-2.0
// Cards (shadow.c, issue 29): a leaf's cached bounds-shaped shadow (shadow_tex.frag's texture)
// and its background and border (box.frag's maths, four circular corners) in one instance, the
// box composited over the shadow here. A run of shadowed layers is then one instanced draw in
// painter's order instead of two programs alternating per layer (a draw call each on llvmpipe).
// Source-over is associative, so this is the two draws' result up to 8-bit rounding. Records
// with a clip draw as before, so v_clip carries the shadow: its texture's destination origin
// (xy, layer units) and its premultiplied colour, 12 bits a channel, two to a float (zw:
// integers below 2^24, exact). u_shadow_size is the texture's extent in layer units.
#include "primitive_in.glsl"
#include "sd_simple.glsl"
#include "aa.glsl"
uniform sampler2D u_tex;
uniform vec2 u_shadow_size;
vec2 unpack12(float v) {
  float hi = floor(v / 4096.0);
  return vec2(hi, v - hi * 4096.0) / 4095.0;
}
void main() {
  g_corner = v_params.z;
  vec2 h = 0.5 * v_rect.zw;
  vec2 p = v_local - (v_rect.xy + h);
  float r = clamp(v_params.x, 0.0, min(h.x, h.y));
  aa_begin(v_local);
  float outer = box_cov(p, h, r);
  float bw = v_params.y, bcov = 0.0;
  if (bw > 0.0) {
    vec2 hi2 = h - bw;
    float inner = 0.0;
    if (hi2.x > 0.0 && hi2.y > 0.0) inner = box_cov(p, hi2, max(r - bw, 0.0));
    bcov = max(outer - inner, 0.0);
  }
  vec4 c = v_border * bcov + v_fill * outer * (1.0 - v_border.a * bcov);
  // The texture reaches 3 sigma and a texel past the shadow, so its clamped edge is clear.
  vec2 s = (v_local - v_clip.xy) / u_shadow_size;
  vec4 sc = vec4(unpack12(v_clip.z), unpack12(v_clip.w));
  o_color = c + sc * (texture(u_tex, vec2(s.x, 1.0 - s.y)).a * (1.0 - c.a));
}
