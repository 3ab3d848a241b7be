// SPDX-License-Identifier: Apache-2.0
// A layer's background filters (filter.c, issue 32): the filtered backdrop u_fx (bilinear at
// (texel + 0.5) * u_fx_map: at full resolution, or a reduced blur's result sampled back up)
// and the unfiltered one u_dst (a copy of the framebuffer pixels from u_dst_org on) mixed by the
// coverage of the layer's rounded bounds, times u_alpha (the layer's opacity) and the
// ancestors' clip box; GL blending is off. The shape is the circular rounded rectangle (its
// maskedCorners bits in u_corner; a continuous curve is drawn circular here), antialiased over
// one pixel: the general corner code of sd_shape.glsl would cost llvmpipe every branch of it.
precision highp float;
in vec2 v_local;
uniform sampler2D u_fx; uniform sampler2D u_dst;
uniform vec4 u_bounds; uniform vec4 u_vp; uniform vec4 u_clip; uniform vec4 u_dst_org;
uniform float u_alpha; uniform float u_radius; uniform float u_corner; uniform vec2 u_fx_map;
out vec4 o_color;
#include "mask_gate.glsl"
void main() {
  ivec2 t = ivec2(floor(gl_FragCoord.xy - u_dst_org.xy));
  if (t.x < 0 || t.y < 0 || float(t.x) >= u_dst_org.z || float(t.y) >= u_dst_org.w) discard;
  vec2 h = 0.5 * u_bounds.zw, p = v_local - (u_bounds.xy + h);
  int idx = (p.x < 0.0 ? 0 : 1) + (p.y < 0.0 ? 0 : 2);
  float r = ((int(u_corner + 0.5) >> idx) & 1) != 0 ? clamp(u_radius, 0.0, min(h.x, h.y)) : 0.0;
  vec2 q = abs(p) - h + r;
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
  vec2 gx = dFdx(v_local), gy = dFdy(v_local);
  float lpp = max(0.5 * (length(vec2(gx.x, gy.x)) + length(vec2(gx.y, gy.y))), 1e-6);
  float cov = clamp(0.5 - d / lpp, 0.0, 1.0) * u_alpha;
  vec2 px = gl_FragCoord.xy - u_vp.xy;
  vec2 dp = vec2(px.x, u_vp.w - px.y);
  vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
  cov *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  cov *= mask_gate(px);
  o_color = mix(texelFetch(u_dst, t, 0), texture(u_fx, (vec2(t) + 0.5) * u_fx_map), cov);
}
