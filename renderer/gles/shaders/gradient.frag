// SPDX-License-Identifier: Apache-2.0
// Gradient layers (RS-9; gradient.c): t per fragment from the layer-space point (axial RS-9.6,
// radial RS-9.7, conic RS-9.8), the stops looked up by binary search in a texture (colour,
// location pairs; exact hard steps at equal locations, any count), padded past the ends
// (RS-9.4), interpolated in straight RGBA, then premultiplied (RS-9.9) and tinted by the
// instance colour; four samples a pixel apart along t antialias hard steps and the conic seam;
// covered by the rounded bounds (RS-9.2).
precision highp float;
in vec2 v_local;
uniform highp sampler2D u_stops; uniform int u_count; uniform int u_type;
uniform vec4 u_se;  // S and E in layer space
uniform vec2 u_axes;  // radial semi-axes a, b
uniform vec2 u_focal;  // radial focal point in the unit circle's coordinates, |f| <= 0.99 (RS-9.10)
uniform vec4 u_tint; uniform float u_alpha;  // straight instance colour, opacity
uniform vec4 u_vp; uniform vec4 u_clip;
uniform vec4 u_bounds; uniform float u_radius; uniform float u_corner;
out vec4 o_color;
#include "sd_shape.glsl"
#include "aa.glsl"
vec4 texel(int i) { return texelFetch(u_stops, ivec2(i & 1023, i >> 10), 0); }
float loc(int i) { return texel(2 * i + 1).x; }
// The premultiplied colour at t: padded ends, binary search, straight mix (RS-9.4, 9.9).
vec4 ramp(float t) {
  int n = u_count;
  vec4 c;
  if (!(t > loc(0))) c = texel(0);
  else if (t >= loc(n - 1)) c = texel(2 * (n - 1));
  else {
    int lo = 0, hi = n - 1;
    for (int k = 0; k < 24 && hi - lo > 1; k++) {
      int mid = (lo + hi) / 2;
      if (loc(mid) <= t) lo = mid; else hi = mid;
    }
    float l0 = loc(lo), l1 = loc(hi);
    float f = l1 > l0 ? clamp((t - l0) / (l1 - l0), 0.0, 1.0) : 1.0;
    c = mix(texel(2 * lo), texel(2 * hi), f);
  }
  return vec4(c.rgb * c.a, c.a);
}
void main() {
  g_corner = u_corner;
  aa_begin(v_local);
  vec2 p = v_local, S = u_se.xy, E = u_se.zw, d = E - S;
  // t, and dt: how much t changes across one device pixel (for the antialiasing below), from
  // t's layer-space gradient and the pixel's own screen gradient (aa.glsl): exact under a
  // non-uniform scale or skew.
  float t, dt;
  if (u_type == 1) {
    if (u_axes.x <= 0.0) { t = 1e30; dt = 0.0; }
    else {
      vec2 q = (p - S) / u_axes, gt;
      if (u_focal == vec2(0.0)) {
        t = length(q);
        gt = t > 1e-6 ? (q / u_axes) / t : vec2(1.0 / min(u_axes.x, u_axes.y), 0.0);
      } else {
        // RS-9.10: t = |q - f| / s, s the distance from f to the unit circle along f -> q (SVG's
        // fx/fy). W = f + s u is where the ray meets the circle; t's gradient in q is
        // W / (1 - W.f) (differentiate |f + (q - f)/t| = 1), positive since |f| < 1.
        vec2 f = u_focal, v = q - f;
        float l = length(v);
        vec2 u = l > 1e-6 ? v / l : vec2(1.0, 0.0);
        float fu = dot(f, u), sd = -fu + sqrt(max(fu * fu + 1.0 - dot(f, f), 0.0));
        t = l / sd;
        vec2 W = f + sd * u;
        gt = (W / (1.0 - dot(W, f))) / u_axes;
      }
      dt = length(vec2(dot(gt, g_dx), dot(gt, g_dy)));
    }
  } else if (u_type == 2) {
    float a = atan(p.y - S.y, p.x - S.x) - (dot(d, d) > 0.0 ? atan(d.y, d.x) : 0.0);
    t = fract(a / 6.28318530717958648);
    vec2 v = p - S;
    vec2 gt = vec2(-v.y, v.x) / (6.28318530717958648 * max(dot(v, v), 1e-12));
    dt = min(length(vec2(dot(gt, g_dx), dot(gt, g_dy))), 1.0);
  } else {
    float dd = dot(d, d);
    t = dd > 0.0 ? dot(p - S, d) / dd : 1e30;
    vec2 gt = dd > 0.0 ? d / dd : vec2(0.0);
    dt = length(vec2(dot(gt, g_dx), dot(gt, g_dy)));
  }
  // A pixel-wide box filter along t (four samples): hard steps (RS-9.4) and the conic seam
  // (RS-9.8, wrapping) are antialiased; smooth parts keep their value.
  vec4 c = vec4(0.0);
  for (int k = 0; k < 4; k++) {
    float tk = t + (float(k) - 1.5) * 0.25 * dt;
    c += ramp(u_type == 2 ? fract(tk) : tk);
  }
  c *= 0.25 * vec4(u_tint.rgb * u_tint.a, u_tint.a);
  vec2 h = 0.5 * u_bounds.zw, q = p - (u_bounds.xy + h);
  float cov = box_cov(q, h, clamp(u_radius, 0.0, min(h.x, h.y)));
  if (u_clip.x > -1e8) {
    vec2 dp = vec2(gl_FragCoord.x - u_vp.x, u_vp.w - (gl_FragCoord.y - u_vp.y));
    vec2 lo2 = max(dp - 0.5, u_clip.xy), hi2 = min(dp + 0.5, u_clip.zw);
    cov *= clamp(hi2.x - lo2.x, 0.0, 1.0) * clamp(hi2.y - lo2.y, 0.0, 1.0);
  }
  o_color = c * (u_alpha * cov);
}
