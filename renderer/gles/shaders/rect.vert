// SPDX-License-Identifier: Apache-2.0
// Plain rectangles' vertex stage (background.c, issue 29): primitive.vert for a map that only
// scales and translates, fed 6 vec4 attributes (24 floats) instead of 9, since at 100,000
// records the upload and llvmpipe's vertex fetch cost in proportion to the instance's size.
// The same outputs and the same arithmetic as primitive.vert (the zero terms included), so
// rect.frag draws the same pixels. No #version line: the renderer prepends it.
layout(location=0) in vec4 a_xf;    // m11, m22, m41, m42 of local -> root
layout(location=1) in vec4 a_rect;  // shape rect x, y, w, h (local)
layout(location=2) in vec4 a_quad;  // drawn quad x, y, w, h (local)
layout(location=3) in vec4 a_fill;  // premultiplied
layout(location=4) in vec4 a_aa;    // device pixels per layer unit along x and y, 0, 0
layout(location=5) in vec4 a_clip;  // device px x0, y0, x1, y1 from the top-left
uniform vec4 u_vp;  // viewport x, y, w, h in pixels
uniform float u_scale;
out vec2 v_local;
flat out vec4 v_rect; flat out vec4 v_fill; flat out vec4 v_border;
flat out vec4 v_params; flat out vec4 v_clip;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = a_quad.xy + corner * a_quad.zw;
  vec4 q = p.x * vec4(a_xf.x, 0.0, 0.0, 0.0) + p.y * vec4(0.0, a_xf.y, 0.0, 0.0) +
           vec4(a_xf.z, a_xf.w, 0.0, 1.0);
  float sx = 2.0 * u_scale / u_vp.z, sy = 2.0 * u_scale / u_vp.w;
  gl_Position = vec4(q.x * sx - q.w, q.w - q.y * sy, 0.0, q.w);
  v_local = p; v_rect = a_rect; v_fill = a_fill; v_border = a_aa;
  v_params = vec4(0.0); v_clip = a_clip;
}
