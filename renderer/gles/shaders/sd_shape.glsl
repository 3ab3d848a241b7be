// SPDX-License-Identifier: Apache-2.0
// The bounds shape (docs/draw-records.md section 8) as a signed distance, negative inside: p
// from the centre, half size h, radius r (already clamped to min(h)). g_corner (set by main()
// from the record) holds maskedCorners in bits 0-3 (RS-1.5: 1 = minX minY, the visual top-left
// in the y-down layer space, 2 maxX minY, 4 minX maxY, 8 maxX maxY) and 16 for the continuous
// curve (RS-1.6, RS-1.7 with its variant (b) near the size limit).
float g_corner = 15.0;
float corner_on(vec2 p) {
  int bits = int(g_corner + 0.5);
  int idx = (p.x < 0.0 ? 0 : 1) + (p.y < 0.0 ? 0 : 2);
  return ((bits >> idx) & 1) != 0 ? 1.0 : 0.0;
}
// One continuous corner: q = distances from the corner along x and y (interior +q).
float sd_cont(vec2 q, float r, float L) {
  if (q.y > q.x) q = q.yx;
  float p3x = 0.63149379 * r, p3y = 0.07491139 * r;
  if (q.x <= p3x) return length(q - vec2(r)) - r;  // the middle cubic: ~ a circle
  float d = L - r;
  float x0 = L, x1 = L - (0.04 * r + 0.75697 * d), x2 = L - (0.18 * r + 0.90847 * d);
  float t = clamp((x0 - q.x) / max(x0 - p3x, 1e-6), 0.0, 1.0);
  for (int i = 0; i < 4; i++) {
    float u = 1.0 - t;
    float x = u * u * u * x0 + 3.0 * u * u * t * x1 + 3.0 * u * t * t * x2 + t * t * t * p3x;
    float dx = 3.0 * u * u * (x1 - x0) + 6.0 * u * t * (x2 - x1) + 3.0 * t * t * (p3x - x2);
    if (abs(dx) > 1e-6) t = clamp(t - (x - q.x) / dx, 0.0, 1.0);
  }
  float u = 1.0 - t;
  float dx = 3.0 * u * u * (x1 - x0) + 6.0 * u * t * (x2 - x1) + 3.0 * t * t * (p3x - x2);
  float y = t * t * t * p3y, dy = 3.0 * t * t * p3y;
  float k = abs(dx) > 1e-6 ? dy / dx : 0.0;
  return (y - q.y) / sqrt(1.0 + k * k);
}
float sd_rrect(vec2 p, vec2 h, float r) {
  r *= corner_on(p);
  int code = int(g_corner + 0.5);
  if ((code & 16) != 0 && r > 0.0) {
    float L = min(min(h.x, h.y), 1.528665 * r);
    vec2 q = h - abs(p);
    if (q.x >= 0.0 && q.y >= 0.0 && q.x < L && q.y < L) return sd_cont(q, r, L);
    return length(max(-q, 0.0)) + min(max(-q.x, -q.y), 0.0);
  }
  vec2 q = abs(p) - h + r;
  return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
}
