// SPDX-License-Identifier: Apache-2.0
// One direction of a Gaussian blur (blur.c; sigma in target pixels, truncated at 3 sigma,
// RS-3.6) of a target the size of the viewport; u_vp.xy is where the viewport starts in the
// bound target.
precision highp float;
in vec2 v_local;
uniform sampler2D u_src; uniform vec2 u_dir; uniform float u_sigma; uniform int u_taps;
uniform vec4 u_vp; uniform vec4 u_clip; uniform vec2 u_shift; uniform vec4 u_tint;
out vec4 o_color;
void main() {
  vec2 px = gl_FragCoord.xy - u_vp.xy - u_shift;
  vec4 sum = vec4(0.0); float wsum = 0.0;
  for (int i = -u_taps; i <= u_taps; i++) {
    float x = float(i), wt = exp(-(x * x) / (2.0 * u_sigma * u_sigma));
    sum += wt * texture(u_src, (px + u_dir * x) / u_vp.zw);
    wsum += wt;
  }
  vec4 o = sum / wsum;
  if (u_tint.a >= 0.0) o = u_tint * o.a;  // an alpha-derived shadow's colour
  if (u_clip.x > -1e8) {
    vec2 dp = vec2(px.x, u_vp.w - px.y);
    vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
    o *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  }
  o_color = o;
}
