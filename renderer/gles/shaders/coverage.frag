// SPDX-License-Identifier: Apache-2.0
// Shape layers (RS-8; shape.c): the exact area coverage of each pixel under the shape's edges
// (device pixels, y down; shape_geom.c builds them, binned in cells of a pixel row by a tile,
// each with the summed height of the edges wholly left of it as a carry). Each edge adds its
// signed area to the right of it inside the pixel square (the winding number integrated over
// the pixel), split where it crosses the square's sides so the sum is exact; non-zero keeps
// min(|sum|, 1), even-odd folds it (RS-8.1). Antialiasing is therefore exact for one edge and
// at device resolution under any transform (RS-8.2). Quad: the geometry's layer-space box in
// the layer's plane, so masksToBounds can clip by the rounded bounds as contents do.
precision highp float;
// Cell and edge indices pass 2^15 for a shape a few hundred pixels tall: GLSL ES gives a
// fragment shader's int mediump (16 bits on Mesa) unless told, which drew such fills in bands.
precision highp int;
in vec2 v_local;
uniform highp sampler2D u_edges;
uniform vec4 u_cells;  // first cell x, y; tile width; tiles
uniform float u_rows;  // rows of cells
uniform vec4 u_color; uniform int u_rule;  // premultiplied; 1: even-odd
uniform vec4 u_vp; uniform vec4 u_clip;
uniform vec4 u_bounds; uniform float u_radius; uniform int u_clip_bounds;
uniform float u_corner;
out vec4 o_color;
#include "sd_shape.glsl"
#include "aa.glsl"
vec4 texel(int i) { return texelFetch(u_edges, ivec2(i & 1023, i >> 10), 0); }
float right_of(float x, float x1) { return clamp(x1 - x, 0.0, 1.0); }
// The signed area of pixel square [x0,x1]x[y0,y1] to the right of edge a->b, times dy's sign.
float edge_area(vec4 e, float x0, float x1, float y0, float y1) {
  vec2 a = e.xy, b = e.zw;
  float dy = b.y - a.y;
  float ta = (y0 - a.y) / dy, tb = (y1 - a.y) / dy;
  float tlo = clamp(min(ta, tb), 0.0, 1.0), thi = clamp(max(ta, tb), 0.0, 1.0);
  if (thi <= tlo) return 0.0;
  float dx = b.x - a.x, t1 = tlo, t2 = thi;
  if (abs(dx) > 1e-12) {
    float u0 = (x0 - a.x) / dx, u1 = (x1 - a.x) / dx;
    t1 = clamp(min(u0, u1), tlo, thi); t2 = clamp(max(u0, u1), tlo, thi);
  }
  float s = (t1 - tlo) * right_of(a.x + dx * 0.5 * (tlo + t1), x1)
          + (t2 - t1) * right_of(a.x + dx * 0.5 * (t1 + t2), x1)
          + (thi - t2) * right_of(a.x + dx * 0.5 * (t2 + thi), x1);
  return s * dy;
}
void main() {
  g_corner = u_corner;
  aa_begin(v_local);
  vec2 dp = vec2(gl_FragCoord.x - u_vp.x, u_vp.w - (gl_FragCoord.y - u_vp.y));
  int col = int(floor(dp.x)) - int(u_cells.x), row = int(floor(dp.y)) - int(u_cells.y);
  int tw = int(u_cells.z), tiles = int(u_cells.w);
  if (col < 0 || row < 0 || row >= int(u_rows) || col >= tiles * tw) discard;
  vec4 hd = texel(row * tiles + col / tw);
  int start = int(hd.x), n = int(hd.y);
  float acc = hd.z;
  for (int i = 0; i < n; i++)
    acc += edge_area(texel(start + i), dp.x - 0.5, dp.x + 0.5, dp.y - 0.5, dp.y + 0.5);
  acc = abs(acc);
  // Float sums of many pieces land a hair off whole windings: snap (1e-4 px^2 is unseen).
  if (abs(acc - floor(acc + 0.5)) < 1e-4) acc = floor(acc + 0.5);
  float cov = u_rule == 1 ? 1.0 - abs(1.0 - mod(acc, 2.0)) : min(acc, 1.0);
  if (u_clip_bounds != 0) {
    vec2 h = 0.5 * u_bounds.zw, p = v_local - (u_bounds.xy + h);
    cov *= box_cov(p, h, clamp(u_radius, 0.0, min(h.x, h.y)));
  }
  if (u_clip.x > -1e8) {
    vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
    cov *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  }
  o_color = u_color * cov;
}
