// SPDX-License-Identifier: Apache-2.0
// A layer's mask read per pixel by the filter composites (filter.c, issue 32): u_mask holds the
// mask layer's records rendered in the target's pixels (px: the fragment's pixel in the
// viewport, y up); u_mask_mode 0 none, 1 alpha, 2 one minus alpha, 3 luminance (Rec. 709
// weights of the premultiplied colour), 4 one minus luminance (RS-5.1, R16.9).
uniform sampler2D u_mask; uniform int u_mask_mode;
float mask_gate(vec2 px) {
  if (u_mask_mode == 0) return 1.0;
  vec4 m = texelFetch(u_mask, ivec2(floor(px)), 0);
  float g = u_mask_mode >= 3 ? clamp(dot(m.rgb, vec3(0.2126, 0.7152, 0.0722)), 0.0, 1.0) : m.a;
  return (u_mask_mode == 2 || u_mask_mode == 4) ? 1.0 - g : g;
}
