// SPDX-License-Identifier: Apache-2.0
// Text tiles (R15.8; text.c): a text record drawn from its tile, the record's glyphs drawn once
// into the RGBA tile atlas (premultiplied), times the record's opacity (v_color.a), through its
// clip box (device pixels from the viewport's top-left). text.c samples the atlas with nearest
// filtering where the tile lands texel for pixel, linear filtering at fractional positions.
precision highp float;
in vec2 v_uv;
in vec4 v_color;
in vec4 v_clip;  // the record's clip box, device px; x0 < -1e8: none
uniform sampler2D u_tiles;
uniform vec4 u_dvp;   // where the viewport starts in the framebuffer (xy) and its size (zw)
out vec4 o_color;
void main() {
  vec2 dp = vec2(gl_FragCoord.x - u_dvp.x, u_dvp.w - (gl_FragCoord.y - u_dvp.y));
  vec2 lo = max(dp - 0.5, v_clip.xy), hi = min(dp + 0.5, v_clip.zw);
  float clip = clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  o_color = texture(u_tiles, v_uv) * (v_color.a * clip);
}
