// SPDX-License-Identifier: Apache-2.0
// The W3C Compositing and Blending Level 1 blend modes (section 10), on straight colours: B(cb,
// cs) for BLEND_MODE 0 normal, 1 multiply, 2 screen, 3 overlay, 4 darken, 5 lighten, 6 color-dodge,
// 7 color-burn, 8 soft-light, 9 hard-light, 10 difference, 11 exclusion (separable), 12 hue,
// 13 saturation, 14 color, 15 luminosity (non-separable, the spec's Lum/Sat/ClipColor).
#ifndef BLEND_MODE
#define BLEND_MODE 0
#endif
float b_dodge(float b, float s) { return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
float b_burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }
float b_hard(float b, float s) { return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0); }
float b_soft(float b, float s) {
  if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
  float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
  return b + (2.0 * s - 1.0) * (d - b);
}
float b_lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }
vec3 b_clip(vec3 c) {
  float l = b_lum(c), n = min(min(c.r, c.g), c.b), x = max(max(c.r, c.g), c.b);
  if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
  if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
  return c;
}
vec3 b_set_lum(vec3 c, float l) { return b_clip(c + (l - b_lum(c))); }
float b_sat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }
vec3 b_set_sat(vec3 c, float s) {
  float mx = max(max(c.r, c.g), c.b), mn = min(min(c.r, c.g), c.b);
  if (mx <= mn) return vec3(0.0);
  return (c - mn) * s / (mx - mn);
}
// The mode is compiled in (BLEND_MODE, defined before this file by filter.c): one program per
// mode, since llvmpipe would run every branch of a uniform switch.
vec3 blend_fn(vec3 b, vec3 s) {
#if BLEND_MODE == 1
  return b * s;
#elif BLEND_MODE == 2
  return b + s - b * s;
#elif BLEND_MODE == 3
  return vec3(b_hard(s.r, b.r), b_hard(s.g, b.g), b_hard(s.b, b.b));
#elif BLEND_MODE == 4
  return min(b, s);
#elif BLEND_MODE == 5
  return max(b, s);
#elif BLEND_MODE == 6
  return vec3(b_dodge(b.r, s.r), b_dodge(b.g, s.g), b_dodge(b.b, s.b));
#elif BLEND_MODE == 7
  return vec3(b_burn(b.r, s.r), b_burn(b.g, s.g), b_burn(b.b, s.b));
#elif BLEND_MODE == 8
  return vec3(b_soft(b.r, s.r), b_soft(b.g, s.g), b_soft(b.b, s.b));
#elif BLEND_MODE == 9
  return vec3(b_hard(b.r, s.r), b_hard(b.g, s.g), b_hard(b.b, s.b));
#elif BLEND_MODE == 10
  return abs(b - s);
#elif BLEND_MODE == 11
  return b + s - 2.0 * b * s;
#elif BLEND_MODE == 12
  return b_set_lum(b_set_sat(s, b_sat(b)), b_lum(b));
#elif BLEND_MODE == 13
  return b_set_lum(b_set_sat(b, b_sat(s)), b_lum(b));
#elif BLEND_MODE == 14
  return b_set_lum(s, b_lum(b));
#elif BLEND_MODE == 15
  return b_set_lum(b, b_lum(s));
#else
  return s;
#endif
}
// Premultiplied source `s` over premultiplied backdrop `b` through mode m (the spec's general
// formula: co = cs (1 - ab) + cb (1 - as) + as ab B(Cb, Cs)).
vec4 blend_over(vec4 b, vec4 s) {
  vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0), cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
  vec3 mixed = clamp(blend_fn(cb, cs), 0.0, 1.0);
  return vec4(s.rgb * (1.0 - b.a) + b.rgb * (1.0 - s.a) + s.a * b.a * mixed, s.a + b.a - s.a * b.a);
}
