// SPDX-License-Identifier: Apache-2.0
// Backgrounds and borders (RS-1.1-1.4): the fill in the rounded bounds, the border ring over it.
void main() {
  g_corner = v_params.z;
  vec2 h = 0.5 * v_rect.zw;
  vec2 p = v_local - (v_rect.xy + h);
  float r = clamp(v_params.x, 0.0, min(h.x, h.y));
  // Local units per device pixel, from the interpolated local coordinates.
  float fw = max(0.5 * (length(dFdx(v_local)) + length(dFdy(v_local))), 1e-6);
  float outer;
  if (r > 0.0) outer = clamp(0.5 - sd_rrect(p, h, r) / fw, 0.0, 1.0);
  else { vec2 c = clamp((h - abs(p)) / fw + 0.5, 0.0, 1.0); outer = c.x * c.y; }
  float bw = v_params.y, bcov = 0.0;
  if (bw > 0.0) {
    vec2 hi2 = h - bw;
    float inner = 0.0;
    if (hi2.x > 0.0 && hi2.y > 0.0)
      inner = clamp(0.5 - sd_rrect(p, hi2, max(r - bw, 0.0)) / fw, 0.0, 1.0);
    bcov = max(outer - inner, 0.0);
  }
  vec4 c = v_border * bcov + v_fill * outer * (1.0 - v_border.a * bcov);
  if (v_clip.x > -1e8) c *= clip_cov();
  o_color = c;
}
