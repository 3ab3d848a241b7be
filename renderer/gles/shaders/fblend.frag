// SPDX-License-Identifier: Apache-2.0
// A layer's group (filter.c, issue 32) blended through its plane with a blend mode other than
// normal (BLEND_MODE, compiled in: blend.glsl): the source as fcomp.frag computes it, the
// backdrop from u_dst, a copy of the target's pixels from u_dst_org (framebuffer pixels) on;
// GL blending is off, and fragments outside the copy keep what is there.
precision highp float;
in vec2 v_local;
uniform sampler2D u_tex; uniform sampler2D u_dst;
uniform vec4 u_ext; uniform vec4 u_vp; uniform vec4 u_clip; uniform vec4 u_dst_org;
uniform float u_alpha;
out vec4 o_color;
#include "mask_gate.glsl"
#include "blend.glsl"
void main() {
  ivec2 t = ivec2(floor(gl_FragCoord.xy - u_dst_org.xy));
  if (t.x < 0 || t.y < 0 || float(t.x) >= u_dst_org.z || float(t.y) >= u_dst_org.w) discard;
  vec2 uv = (v_local - u_ext.xy) / u_ext.zw;
  vec4 s = texture(u_tex, vec2(uv.x, 1.0 - uv.y)) * u_alpha;
  vec2 px = gl_FragCoord.xy - u_vp.xy;
  vec2 dp = vec2(px.x, u_vp.w - px.y);
  vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
  s *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0) * mask_gate(px);
  o_color = blend_over(texelFetch(u_dst, t, 0), s);
}
