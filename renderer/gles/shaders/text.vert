// SPDX-License-Identifier: Apache-2.0
// Text layers' glyphs (R15.5; text.c): one instance per glyph, its quad in layer space
// (a_rect: x, y, w, h) mapped through its record's local-to-root matrix rows (a_r1, a_r2,
// a_r4) like plane.vert, its atlas texels (a_uv), premultiplied colour (a_color) and its
// record's clip box (a_clip, device pixels): glyphs of many records draw in one call. The same
// stage places text tiles' quads (R15.8, text_tile.frag).
layout(location = 0) in vec4 a_rect;
layout(location = 1) in vec4 a_uv;
layout(location = 2) in vec4 a_color;
layout(location = 3) in vec4 a_r1;
layout(location = 4) in vec4 a_r2;
layout(location = 5) in vec4 a_r4;
layout(location = 6) in vec4 a_clip;
uniform vec4 u_vp; uniform float u_scale;
out vec2 v_uv;
out vec4 v_color;
out vec4 v_clip;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_rect.xy + corner * a_rect.zw;
  vec4 q = p.x * a_r1 + p.y * a_r2 + a_r4;
  float sx = 2.0 * u_scale / u_vp.z, sy = 2.0 * u_scale / u_vp.w;
  gl_Position = vec4(q.x * sx - q.w, q.w - q.y * sy, 0.0, q.w);
  v_uv = mix(a_uv.xy, a_uv.zw, corner);
  v_color = a_color;
  v_clip = a_clip;
}
