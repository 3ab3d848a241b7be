// SPDX-License-Identifier: Apache-2.0
// Batched contents (contents.c, issue 29) under a map that only scales and translates, every
// edge antialiased, the same filter both ways and no mipmaps: image_inst.frag without its
// screen-gradient maths, as rect.frag is box.frag's. v_params: opacity, flipped, then the
// device pixels per layer unit along x and y (|m11| and |m22| x scale).
#include "primitive_in.glsl"
uniform sampler2D u_tex;
#include "clip_cov.glsl"
void main() {
  vec2 h = 0.5 * v_rect.zw;
  vec2 e = clamp(0.5 - (abs(v_local - (v_rect.xy + h)) - h) * v_params.zw, 0.0, 1.0);
  vec2 d = clamp(v_local - v_rect.xy, vec2(0.0), v_rect.zw);
  if (v_params.y != 0.0) d.y = v_rect.w - d.y;
  vec2 s = d / max(v_rect.zw, vec2(1e-6));
  vec4 o = texture(u_tex, v_fill.xy + s * v_fill.zw) * (e.x * e.y) * v_params.x;
  if (v_clip.x > -1e8) o *= clip_cov();
  o_color = o * v_border;
}
