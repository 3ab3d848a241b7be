// SPDX-License-Identifier: Apache-2.0
// Cached shadows (shadow.c, issue 29): a blurred bounds-shaped shadow's coverage, rendered once
// by shadow.frag into a texture whose texels sit where the device pixels do, filtered
// bilinearly over its destination v_rect (flipped: rendered bottom-up) and tinted by the
// premultiplied shadow colour v_fill. No edge antialiasing: the texture reaches 3 sigma and 1.5
// pixels past the shadow's rect, where the shadow is gone, and one texel more.
#include "primitive_in.glsl"
uniform sampler2D u_tex;
#include "clip_cov.glsl"
void main() {
  vec2 s = (v_local - v_rect.xy) / v_rect.zw;
  vec4 c = v_fill * texture(u_tex, vec2(s.x, 1.0 - s.y)).a;
  if (v_clip.x > -1e8) c *= clip_cov();
  o_color = c;
}
