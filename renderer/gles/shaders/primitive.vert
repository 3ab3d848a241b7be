// SPDX-License-Identifier: Apache-2.0
// The batched primitives (backgrounds, borders, bounds-shaped shadows; batch.c): one instance
// of a unit quad each (gl_VertexID picks the corner), 9 vec4 attributes (36 floats), mapped by
// the record's local-to-root matrix. No #version line: the renderer prepends it.
layout(location=0) in vec4 a_r1;  // rows 1, 2 and 4 of local -> root (row vectors)
layout(location=1) in vec4 a_r2;
layout(location=2) in vec4 a_r4;
layout(location=3) in vec4 a_rect;  // shape rect x, y, w, h (local)
layout(location=4) in vec4 a_quad;  // drawn quad x, y, w, h (local)
layout(location=5) in vec4 a_fill;  // premultiplied
layout(location=6) in vec4 a_border;  // premultiplied
layout(location=7) in vec4 a_params;  // radius, border width, kind, sigma
layout(location=8) in vec4 a_clip;  // device px x0, y0, x1, y1 from the top-left
uniform vec4 u_vp;  // viewport x, y, w, h in pixels
uniform float u_scale;
out vec2 v_local;
flat out vec4 v_rect; flat out vec4 v_fill; flat out vec4 v_border;
flat out vec4 v_params; flat out vec4 v_clip;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_quad.xy + corner * a_quad.zw;
  vec4 q = p.x * a_r1 + p.y * a_r2 + a_r4;
  float sx = 2.0 * u_scale / u_vp.z, sy = 2.0 * u_scale / u_vp.w;
  gl_Position = vec4(q.x * sx - q.w, q.w - q.y * sy, 0.0, q.w);
  v_local = p; v_rect = a_rect; v_fill = a_fill; v_border = a_border;
  v_params = a_params; v_clip = a_clip;
}
