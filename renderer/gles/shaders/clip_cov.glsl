// SPDX-License-Identifier: Apache-2.0
// The coverage of this pixel by the record's clip box (RS-5.4/5.5: device pixels from the
// viewport's top-left); u_vp.xy is where the viewport starts in the bound framebuffer.
float clip_cov() {
  vec2 dp = vec2(gl_FragCoord.x - u_vp.x, u_vp.w - (gl_FragCoord.y - u_vp.y));
  vec2 lo = max(dp - 0.5, v_clip.xy), hi = min(dp + 0.5, v_clip.zw);
  return clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
}
