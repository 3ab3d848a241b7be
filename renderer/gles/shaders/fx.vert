// SPDX-License-Identifier: Apache-2.0
// A texture-to-texture pass of the filter chain (filter.c, issue 32): one quad over the whole
// bound target; v_uv runs 0..1 across it.
out vec2 v_uv;
void main() {
  vec2 c = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
  v_uv = c;
  gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
}
