// SPDX-License-Identifier: Apache-2.0
// Backgrounds and borders (RS-1.1-1.4): the fill in the rounded bounds, the border ring over it.
void main() {
  g_corner = v_params.z;
  vec2 h = 0.5 * v_rect.zw;
  vec2 p = v_local - (v_rect.xy + h);
  float r = clamp(v_params.x, 0.0, min(h.x, h.y));
  aa_begin(v_local);  // each edge antialiased by its own screen gradient (aa.glsl)
  float outer = box_cov(p, h, r);
  float bw = v_params.y, bcov = 0.0;
  if (bw > 0.0) {
    vec2 hi2 = h - bw;
    float inner = 0.0;
    if (hi2.x > 0.0 && hi2.y > 0.0) inner = box_cov(p, hi2, max(r - bw, 0.0));
    bcov = max(outer - inner, 0.0);
  }
  vec4 c = v_border * bcov + v_fill * outer * (1.0 - v_border.a * bcov);
  if (v_clip.x > -1e8) c *= clip_cov();
  o_color = c;
}
