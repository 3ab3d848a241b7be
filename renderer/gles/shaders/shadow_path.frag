// SPDX-License-Identifier: Apache-2.0
// shadowPath (RS-3.4; shadow.c): the path's silhouette (non-zero winding over its flattened
// segments, a texture of x0 y0 x1 y1 rows, antialiased by the distance to the nearest one) in
// the layer's plane; blur.frag blurs it when the shadow has a radius.
precision highp float;
in vec2 v_local;
uniform highp sampler2D u_segs; uniform int u_nseg;
uniform vec4 u_color; uniform vec4 u_vp; uniform vec4 u_clip;
out vec4 o_color;
void main() {
  vec2 gdx = dFdx(v_local), gdy = dFdy(v_local);
  vec2 p = v_local;
  int w = 0; float d = 1e9; vec2 n = vec2(1.0, 0.0);
  for (int i = 0; i < u_nseg; i++) {
    vec4 s = texelFetch(u_segs, ivec2(i, 0), 0);
    vec2 a = s.xy, b = s.zw, e = b - a, q = p - a;
    float h = clamp(dot(q, e) / max(dot(e, e), 1e-12), 0.0, 1.0);
    vec2 v = q - e * h;
    float dv = length(v);
    if (dv < d) { d = dv; if (dv > 1e-9) n = v / dv; }
    float c = e.x * q.y - e.y * q.x;
    if (a.y <= p.y) { if (b.y > p.y && c > 0.0) w++; }
    else if (b.y <= p.y && c < 0.0) w--;
  }
  // The distance in device pixels along its own direction (non-uniform scale, skew: aa.glsl).
  float fw = max(length(vec2(dot(n, gdx), dot(n, gdy))), 1e-6);
  float cov = w != 0 ? clamp(0.5 + d / fw, 0.0, 1.0) : clamp(0.5 - d / fw, 0.0, 1.0);
  if (u_clip.x > -1e8) {
    vec2 dp = vec2(gl_FragCoord.x - u_vp.x, u_vp.w - (gl_FragCoord.y - u_vp.y));
    vec2 lo = max(dp - 0.5, u_clip.xy), hi = min(dp + 0.5, u_clip.zw);
    cov *= clamp(hi.x - lo.x, 0.0, 1.0) * clamp(hi.y - lo.y, 0.0, 1.0);
  }
  o_color = u_color * cov;
}
