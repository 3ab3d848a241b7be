// SPDX-License-Identifier: Apache-2.0
// The composite pass (offscreen.c, transition.c): an offscreen target (group) or two
// (transition, mask) drawn through a layer's plane. mode 0: new * alpha; 1: fade
// (premultiplied mix); 2: new over old; 3: old over new; 4: new through the rounded bounds;
// 5: new gated by old's alpha; 6: by one minus it; 7: by old's luminance; 8: by one minus it
// (R16.9 mask modes).
precision highp float;
in vec2 v_local;
uniform vec4 u_r1; uniform vec4 u_r2; uniform vec4 u_r4;
uniform vec4 u_vp; uniform float u_scale;
uniform sampler2D u_old; uniform sampler2D u_new;
uniform int u_mode; uniform float u_p; uniform float u_alpha;
uniform vec4 u_bounds; uniform vec2 u_shift_old; uniform vec2 u_shift_new;
uniform int u_clip_bounds; uniform float u_radius; uniform float u_corner;
out vec4 o_color;
#include "sd_shape.glsl"
#include "aa.glsl"
bool inside(vec2 l) {
  return l.x >= u_bounds.x && l.y >= u_bounds.y &&
         l.x <= u_bounds.x + u_bounds.z && l.y <= u_bounds.y + u_bounds.w;
}
// The colour the target shows at the root-space image of local point l.
vec4 fetch(sampler2D t, vec2 l) {
  vec4 q = l.x * u_r1 + l.y * u_r2 + u_r4;
  if (q.w <= 0.0) return vec4(0.0);
  vec2 d = q.xy / q.w * u_scale;
  return texture(t, vec2(d.x / u_vp.z, 1.0 - d.y / u_vp.w));
}
void main() {
  g_corner = u_corner;
  aa_begin(v_local);
  if (u_mode == 0) { o_color = fetch(u_new, v_local) * u_alpha; return; }
  // mode 5: the layer's group gated by its mask's alpha (RS-5.1-5.3).
  if (u_mode == 5) { o_color = fetch(u_new, v_local) * (fetch(u_old, v_local).a * u_alpha); return; }
  // modes 6-8 (R16.9): the mask read as one minus its alpha, or its luminance (Rec. 709 weights
  // of the premultiplied colour: transparent is black), or one minus that.
  if (u_mode >= 6 && u_mode <= 8) {
    vec4 m = fetch(u_old, v_local);
    float g = u_mode == 6 ? m.a : clamp(dot(m.rgb, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0);
    if (u_mode != 7) g = 1.0 - g;
    o_color = fetch(u_new, v_local) * (g * u_alpha);
    return;
  }
  // mode 4: the sublayers seen through the masking layer's rounded bounds (RS-5.4/5.6).
  if (u_mode == 4) {
    vec2 h = 0.5 * u_bounds.zw, p = v_local - (u_bounds.xy + h);
    float cov = box_cov(p, h, clamp(u_radius, 0.0, min(h.x, h.y)));
    o_color = fetch(u_new, v_local) * (cov * u_alpha);
    return;
  }
  if (u_clip_bounds != 0 && !inside(v_local)) { o_color = vec4(0.0); return; }
  vec2 ln = v_local - u_shift_new, lo = v_local - u_shift_old;
  vec4 n = inside(ln) ? fetch(u_new, ln) : vec4(0.0);
  vec4 o = inside(lo) ? fetch(u_old, lo) : vec4(0.0);
  vec4 c;
  if (u_mode == 1) c = mix(o, n, u_p);
  else if (u_mode == 2) c = n + o * (1.0 - n.a);
  else c = o + n * (1.0 - o.a);
  o_color = c * u_alpha;
}
