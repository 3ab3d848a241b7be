// SPDX-License-Identifier: Apache-2.0
// Text layers' glyphs (R15.5; text.c): one instance per glyph, its quad in layer space
// (a_rect: x, y, w, h) mapped through the record's local-to-root matrix rows (u_r1, u_r2,
// u_r4) like plane.vert, its atlas texels (a_uv) and premultiplied colour (a_color).
layout(location = 0) in vec4 a_rect;
layout(location = 1) in vec4 a_uv;
layout(location = 2) in vec4 a_color;
uniform vec4 u_r1; uniform vec4 u_r2; uniform vec4 u_r4;
uniform vec4 u_vp; uniform float u_scale;
out vec2 v_uv;
out vec4 v_color;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_rect.xy + corner * a_rect.zw;
  vec4 q = p.x * u_r1 + p.y * u_r2 + u_r4;
  float sx = 2.0 * u_scale / u_vp.z, sy = 2.0 * u_scale / u_vp.w;
  gl_Position = vec4(q.x * sx - q.w, q.w - q.y * sy, 0.0, q.w);
  v_uv = mix(a_uv.xy, a_uv.zw, corner);
  v_color = a_color;
}
