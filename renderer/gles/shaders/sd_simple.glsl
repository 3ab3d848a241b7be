// SPDX-License-Identifier: Apache-2.0
// Four circular corners: the rounded box alone (g_corner is ignored). llvmpipe runs this much
// faster than sd_shape.glsl, so records with the default corners use a program of their own
// (box.frag).
float g_corner = 15.0;
float corner_on(vec2 p) { return 1.0; }
float sd_rrect(vec2 p, vec2 h, float r) {
  vec2 q = abs(p) - h + r;
  return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}
