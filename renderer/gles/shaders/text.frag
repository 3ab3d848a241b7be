// SPDX-License-Identifier: Apache-2.0
// Text layers' glyphs (R15.5; text.c): the glyph's grey-scale coverage from the atlas (FreeType,
// unhinted, at the device size and quarter-pixel phase it is drawn at) times the premultiplied
// colour, through its record's clip box (device pixels from the viewport's top-left). Text tiles
// have their own fragment stage (text_tile.frag): a branch here would cost every fragment both.
precision highp float;
in vec2 v_uv;
in vec4 v_color;
in vec4 v_clip;  // the record's clip box, device px; x0 < -1e8: none
uniform sampler2D u_atlas;
uniform vec4 u_dvp;   // where the viewport starts in the framebuffer (xy) and its size (zw)
out vec4 o_color;
void main() {
  vec2 dp = vec2(gl_FragCoord.x - u_dvp.x, u_dvp.w - (gl_FragCoord.y - u_dvp.y));
  vec2 lo = max(dp - 0.5, v_clip.xy), hi = min(dp + 0.5, v_clip.zw);
  float clip = clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  o_color = v_color * (texture(u_atlas, v_uv).r * clip);
}
