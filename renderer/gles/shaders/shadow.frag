// SPDX-License-Identifier: Apache-2.0
// Bounds-shaped shadows (RS-3; shadow.c): Evan Wallace's Gaussian-blurred rounded box (exact
// for r = 0, close otherwise), sigma = v_params.w; 0 gives a hard shadow. A program of its own,
// so the box program stays cheap on a CPU rasteriser.
#include "primitive_in.glsl"
#include "sd_shape.glsl"
#include "aa.glsl"
#include "clip_cov.glsl"
vec2 erf2(vec2 x) {
  vec2 s = sign(x), a = abs(x);
  x = 1.0 + (0.278393 + (0.230389 + 0.078108 * (a * a)) * a) * a;
  x *= x;
  return s - s / (x * x);
}
float gauss(float x, float s) { return exp(-(x * x) / (2.0 * s * s)) / (2.5066282746 * s); }
float shadow_x(float x, float y, float s, float r, vec2 h) {
  float delta = min(h.y - r - abs(y), 0.0);
  float curved = h.x - r + sqrt(max(0.0, r * r - delta * delta));
  vec2 integral = 0.5 + 0.5 * erf2((x + vec2(-curved, curved)) * (0.70710678 / s));
  return integral.y - integral.x;
}
float shadow(vec2 p, vec2 h, float s, float r) {
  float lo = p.y - h.y, hi = p.y + h.y;
  float start = clamp(-3.0 * s, lo, hi), end = clamp(3.0 * s, lo, hi);
  float st = (end - start) / 8.0;
  float y = start + st * 0.5, v = 0.0;
  for (int i = 0; i < 8; i++) { v += shadow_x(p.x, p.y - y, s, r, h) * gauss(y, s) * st; y += st; }
  return v;
}
void main() {
  g_corner = v_params.z;
  vec2 h = 0.5 * v_rect.zw;
  vec2 p = v_local - (v_rect.xy + h);
  float r = clamp(v_params.x, 0.0, min(h.x, h.y));
  aa_begin(v_local);
  float s = v_params.w, a;
  // Blurred: the analytic rounded box with this quadrant's radius (masked corners and
  // continuous curves are approximated by circular ones of the same radius).
  if (s > 0.0) a = shadow(p, h, s, r * corner_on(p));
  else a = box_cov(p, h, r);
  o_color = v_fill * (a * clip_cov());
}
