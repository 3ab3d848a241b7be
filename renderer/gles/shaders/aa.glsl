// SPDX-License-Identifier: Apache-2.0
// Antialiasing per edge in screen space (after sd_shape.glsl or sd_simple.glsl): a distance d in
// layer units, measured along the layer-space unit direction g, is turned into device pixels by
// dividing it by the length of its own screen gradient (g . dl/dx, g . dl/dy). One isotropic
// width would spread an edge under a non-uniform scale, skew or perspective over several pixels;
// this keeps every edge's ramp one pixel wide. main() calls aa_begin(v_local) first.
// The edge flags (RS-11.1/11.2) ride in g_corner above bit 5: bit 5 minX, 6 maxX, 7 minY, 8 maxY
// name the quad edges drawn aliased (their coverage is the pixel centre's side); corners stay
// antialiased, as shapes do.
vec2 g_dx = vec2(1.0, 0.0), g_dy = vec2(0.0, 1.0);
void aa_begin(vec2 l) { g_dx = dFdx(l); g_dy = dFdy(l); }
// Device pixels per layer unit along g, inverted: layer units per device pixel along g.
float aa_lpp(vec2 g) { return max(length(vec2(dot(g, g_dx), dot(g, g_dy))), 1e-6); }
// The coverage of a pixel whose centre is d layer units outside an edge with normal g.
float aa_cov(float d, vec2 g) { return clamp(0.5 - d / aa_lpp(g), 0.0, 1.0); }
// Whether the edge with bit `bit` (1 minX, 2 maxX, 4 minY, 8 maxY) is drawn aliased.
bool aa_hard(int bit) { return ((int(g_corner + 0.5) >> 5) & bit) != 0; }
float aa_edge(float d, vec2 g, int bit) {
  return aa_hard(bit) ? (d < 0.0 ? 1.0 : 0.0) : aa_cov(d, g);
}
// The coverage of the box of half size h (p from its centre) with corner radius r (clamped to
// min(h); g_corner's maskedCorners and curve apply as in sd_rrect).
float box_cov(vec2 p, vec2 h, float r) {
  vec2 s = vec2(p.x < 0.0 ? -1.0 : 1.0, p.y < 0.0 ? -1.0 : 1.0);
  int bx = p.x < 0.0 ? 1 : 2, by = p.y < 0.0 ? 4 : 8;
  float rc = r * corner_on(p);
  if (rc > 0.0) {
    float d = sd_rrect(p, h, r);
    bool cont = (int(g_corner + 0.5) & 16) != 0;
    float zone = cont ? min(min(h.x, h.y), 1.528665 * rc) : rc;
    vec2 q = abs(p) - h + rc;
    vec2 e = h - abs(p);
    // In a corner (rounded): its own normal, always antialiased; else the nearer straight edge.
    if (e.x < zone && e.y < zone) {
      vec2 g = (q.x > 0.0 && q.y > 0.0) ? normalize(q) * s : (q.x > q.y ? vec2(s.x, 0.0) : vec2(0.0, s.y));
      return aa_cov(d, g);
    }
    if (e.x < e.y) return aa_edge(d, vec2(s.x, 0.0), bx);
    return aa_edge(d, vec2(0.0, s.y), by);
  }
  return aa_edge(abs(p.x) - h.x, vec2(1.0, 0.0), bx) * aa_edge(abs(p.y) - h.y, vec2(0.0, 1.0), by);
}
