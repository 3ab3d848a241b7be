// SPDX-License-Identifier: Apache-2.0
// Contents drawn as batched instances (contents.c, issue 29): a record with one image, no
// cross-fade, no nine-slice and no masksToBounds. contents.frag's arithmetic for that case, its
// uniforms moved into the instance: v_rect the destination, v_fill contents_rect, v_border the
// premultiplied instance colour, v_params (opacity, flipped, corner and edge code, 0). The
// records of one batch share a texture, its filters and the bias.
#include "primitive_in.glsl"
uniform sampler2D u_tex;
uniform float u_bias;
#include "sd_simple.glsl"
#include "aa.glsl"
#include "clip_cov.glsl"
void main() {
  g_corner = v_params.z;
  aa_begin(v_local);
  vec2 h = 0.5 * v_rect.zw, p = v_local - (v_rect.xy + h);
  float cov = box_cov(p, h, 0.0);
  vec2 d = clamp(v_local - v_rect.xy, vec2(0.0), v_rect.zw);
  if (v_params.y != 0.0) d.y = v_rect.w - d.y;
  vec2 s = d / max(v_rect.zw, vec2(1e-6));
  vec4 o = texture(u_tex, v_fill.xy + s * v_fill.zw, u_bias) * cov * v_params.x;
  if (v_clip.x > -1e8) o *= clip_cov();
  o_color = o * v_border;
}
