// SPDX-License-Identifier: Apache-2.0
// Cards under a uniform scale (shadow.c, issue 29): card.frag for the common case of a corner
// radius above the border width, every edge antialiased and the same device pixels per layer
// unit on both axes (v_params.w). box.frag's coverage is then clamp(0.5 - d x pixels per unit)
// of the rounded box's distance d, corners and straight edges alike, for the outer box and the
// border's inner one; without its screen gradients and corner zones llvmpipe shades a card
// about a third faster. v_clip and u_shadow_size carry the shadow as in card.frag.
#include "primitive_in.glsl"
#include "sd_simple.glsl"
uniform sampler2D u_tex;
uniform vec2 u_shadow_size;
vec2 unpack12(float v) {
  float hi = floor(v / 4096.0);
  return vec2(hi, v - hi * 4096.0) / 4095.0;
}
void main() {
  vec2 h = 0.5 * v_rect.zw;
  vec2 p = v_local - (v_rect.xy + h);
  float r = clamp(v_params.x, 0.0, min(h.x, h.y));
  float bw = v_params.y, ppu = v_params.w;
  float outer = clamp(0.5 - sd_rrect(p, h, r) * ppu, 0.0, 1.0);
  float inner = clamp(0.5 - sd_rrect(p, h - bw, r - bw) * ppu, 0.0, 1.0);
  float bcov = bw > 0.0 ? max(outer - inner, 0.0) : 0.0;
  vec4 c = v_border * bcov + v_fill * outer * (1.0 - v_border.a * bcov);
  vec2 s = (v_local - v_clip.xy) / u_shadow_size;
  vec4 sc = vec4(unpack12(v_clip.z), unpack12(v_clip.w));
  o_color = c + sc * (texture(u_tex, vec2(s.x, 1.0 - s.y)).a * (1.0 - c.a));
}
