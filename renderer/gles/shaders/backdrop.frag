// SPDX-License-Identifier: Apache-2.0
// A layer's background filters (filter.c, issue 32): the filtered backdrop u_fx and the
// unfiltered one u_dst (copies of the same framebuffer pixels, from u_dst_org on) mixed by the
// coverage of the layer's rounded bounds (its corner radius, masked corners and curve), times
// u_alpha (the layer's opacity) and the ancestors' clip box; GL blending is off.
precision highp float;
in vec2 v_local;
uniform sampler2D u_fx; uniform sampler2D u_dst;
uniform vec4 u_bounds; uniform vec4 u_vp; uniform vec4 u_clip; uniform vec4 u_dst_org;
uniform float u_alpha; uniform float u_radius; uniform float u_corner;
out vec4 o_color;
#include "sd_shape.glsl"
#include "aa.glsl"
void main() {
  g_corner = u_corner;
  aa_begin(v_local);
  ivec2 t = ivec2(floor(gl_FragCoord.xy - u_dst_org.xy));
  if (t.x < 0 || t.y < 0 || float(t.x) >= u_dst_org.z || float(t.y) >= u_dst_org.w) discard;
  vec2 h = 0.5 * u_bounds.zw, p = v_local - (u_bounds.xy + h);
  float cov = box_cov(p, h, clamp(u_radius, 0.0, min(h.x, h.y))) * u_alpha;
  vec2 px = gl_FragCoord.xy - u_vp.xy;
  vec2 dp = vec2(px.x, u_vp.w - px.y);
  vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
  cov *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  o_color = mix(texelFetch(u_dst, t, 0), texelFetch(u_fx, t, 0), cov);
}
