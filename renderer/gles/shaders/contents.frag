// SPDX-License-Identifier: Apache-2.0
// Contents (RS-4; contents.c): the sub-image contents_rect of one or two images (a cross-fade,
// RS-4.8) drawn into their destinations in the layer's plane, nine-sliced by contents_center
// (RS-4.6), through the clip box and, when the layer masks to bounds, its rounded bounds (RS-4.4).
precision highp float;
in vec2 v_local;
uniform vec4 u_vp;
uniform sampler2D u_tex0; uniform sampler2D u_tex1;
uniform vec4 u_dest0; uniform vec4 u_dest1;  // destinations, layer space
uniform vec4 u_src0; uniform vec4 u_src1;  // contents_rect (unit image space)
uniform vec4 u_slice0; uniform vec4 u_slice1;  // fixed left, right, top, bottom (points); x < 0: one quad
uniform vec4 u_center;  // contents_center
uniform float u_w0; uniform float u_w1;  // weights (with opacity)
uniform float u_bias; uniform int u_flip;
uniform vec4 u_clip;  // device px box, x0 < -1e8: none
uniform vec4 u_bounds; uniform float u_radius; uniform int u_clip_bounds;
uniform float u_corner;
uniform vec4 u_tint;  // the instance colour, premultiplied
out vec4 o_color;
#include "sd_shape.glsl"
#include "aa.glsl"
// One axis of the nine-slice: position t in [0, D] to the sub-image's unit coordinate.
float axis(float t, float D, float a, float b, float c0, float cw) {
  if (t < a) return c0 * t / a;
  if (t > D - b) return (c0 + cw) + (1.0 - c0 - cw) * (t - (D - b)) / b;
  float m = D - a - b;
  return m > 0.0 ? c0 + cw * (t - a) / m : c0;
}
vec4 img(sampler2D t, vec4 dest, vec4 src, vec4 slice, vec2 l) {
  vec2 h = 0.5 * dest.zw, p = l - (dest.xy + h);
  float cov = box_cov(p, h, 0.0);
  vec2 d = clamp(l - dest.xy, vec2(0.0), dest.zw);
  if (u_flip != 0) d.y = dest.w - d.y;
  vec2 s = d / max(dest.zw, vec2(1e-6));
  if (slice.x >= 0.0) {
    s.x = axis(d.x, dest.z, slice.x, slice.y, u_center.x, u_center.z);
    s.y = axis(d.y, dest.w, slice.z, slice.w, u_center.y, u_center.w);
  }
  return texture(t, src.xy + s * src.zw, u_bias) * cov;
}
void main() {
  g_corner = u_corner;
  aa_begin(v_local);
  vec4 o = img(u_tex0, u_dest0, u_src0, u_slice0, v_local) * u_w0;
  if (u_w1 > 0.0) o += img(u_tex1, u_dest1, u_src1, u_slice1, v_local) * u_w1;
  if (u_clip_bounds != 0) {
    vec2 h = 0.5 * u_bounds.zw, p = v_local - (u_bounds.xy + h);
    o *= box_cov(p, h, clamp(u_radius, 0.0, min(h.x, h.y)));
  }
  if (u_clip.x > -1e8) {
    vec2 dp = vec2(gl_FragCoord.x - u_vp.x, u_vp.w - (gl_FragCoord.y - u_vp.y));
    vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
    o *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  }
  o_color = o * u_tint;
}
