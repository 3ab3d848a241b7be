// SPDX-License-Identifier: Apache-2.0
// A filtered layer's group (filter.c, issue 32) drawn through its plane, source-over (GL's
// blending): the group texture covers u_ext (layer space; row 0 at u_ext's maxY), times
// u_alpha, the ancestors' clip box (u_clip, device pixels) and the layer's mask (mask_gate.glsl).
precision highp float;
in vec2 v_local;
uniform sampler2D u_tex;
uniform vec4 u_ext; uniform vec4 u_vp; uniform vec4 u_clip; uniform float u_alpha;
out vec4 o_color;
#include "mask_gate.glsl"
void main() {
  vec2 uv = (v_local - u_ext.xy) / u_ext.zw;
  vec4 s = texture(u_tex, vec2(uv.x, 1.0 - uv.y)) * u_alpha;
  vec2 px = gl_FragCoord.xy - u_vp.xy;
  vec2 dp = vec2(px.x, u_vp.w - px.y);
  vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
  o_color = s * (clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0) * mask_gate(px));
}
