/* SPDX-License-Identifier: Apache-2.0 */
/* Generated from renderer/gles/shaders by embed_shaders.cmake: do not edit. */
#ifndef LGL_SHADERS_H
#define LGL_SHADERS_H
/* Each shader's source without its #version line (the renderer adds it). */
extern const char lgl_shader_backdrop_frag[];
extern const char lgl_shader_blur_frag[];
extern const char lgl_shader_box_frag[];
extern const char lgl_shader_box_ext_frag[];
extern const char lgl_shader_card_frag[];
extern const char lgl_shader_card_round_frag[];
extern const char lgl_shader_composite_frag[];
extern const char lgl_shader_contents_frag[];
extern const char lgl_shader_coverage_frag[];
extern const char lgl_shader_fblend_frag[];
extern const char lgl_shader_fcomp_frag[];
extern const char lgl_shader_fx_vert[];
extern const char lgl_shader_fx_blur_frag[];
extern const char lgl_shader_fx_color_frag[];
extern const char lgl_shader_fx_copy_frag[];
extern const char lgl_shader_fx_down_frag[];
extern const char lgl_shader_gradient_frag[];
extern const char lgl_shader_image_inst_frag[];
extern const char lgl_shader_image_rect_frag[];
extern const char lgl_shader_plane_vert[];
extern const char lgl_shader_primitive_vert[];
extern const char lgl_shader_rect_frag[];
extern const char lgl_shader_rect_vert[];
extern const char lgl_shader_shadow_frag[];
extern const char lgl_shader_shadow_path_frag[];
extern const char lgl_shader_shadow_tex_frag[];
extern const char lgl_shader_text_frag[];
extern const char lgl_shader_text_vert[];
extern const char lgl_shader_text_tile_frag[];
#endif
