// SPDX-License-Identifier: Apache-2.0
// Plain rectangles (background.c, issue 29): a fill without corner radius or border, every edge
// antialiased, under a map that only scales and translates. box.frag's coverage for that case
// without its corner and screen-gradient maths: each edge's distance in layer units times the
// device pixels per layer unit along its axis (v_border.xy: |m11| and |m22| x scale, constant
// over the quad), the two axes multiplied, as box_cov does with no radius.
#include "primitive_in.glsl"
#include "clip_cov.glsl"
void main() {
  vec2 h = 0.5 * v_rect.zw;
  vec2 d = abs(v_local - (v_rect.xy + h)) - h;
  vec2 c = clamp(0.5 - d * v_border.xy, 0.0, 1.0);
  vec4 col = v_fill * (c.x * c.y);
  if (v_clip.x > -1e8) col *= clip_cov();
  o_color = col;
}
