// SPDX-License-Identifier: Apache-2.0
// One quad (u_quad, layer space) in a layer's plane (u_r1, u_r2, u_r4: rows 1, 2 and 4 of its
// local-to-root matrix): the vertex stage of every program but the batched primitives.
uniform vec4 u_r1; uniform vec4 u_r2; uniform vec4 u_r4;
uniform vec4 u_quad; uniform vec4 u_vp; uniform float u_scale;
out vec2 v_local;
void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  vec2 p = u_quad.xy + corner * u_quad.zw;
  vec4 q = p.x * u_r1 + p.y * u_r2 + u_r4;
  float sx = 2.0 * u_scale / u_vp.z, sy = 2.0 * u_scale / u_vp.w;
  gl_Position = vec4(q.x * sx - q.w, q.w - q.y * sy, 0.0, q.w);
  v_local = p;
}
