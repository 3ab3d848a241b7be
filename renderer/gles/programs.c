/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The shader programs of liblamina-gles: compiled from the sources renderer/gles/shaders holds
 * (embedded at build time, lgl_shaders.h) with the context's #version line, their uniform
 * locations looked up once; the small helpers that set the uniforms several passes share, and
 * the data textures (RGBA32F rows) shapes and gradients read.
 */
#include "compositor.h"
#include "lgl_shaders.h"

#include <stdint.h>
#include <string.h>

static const char *const img_uniform_names[IU_COUNT] = {
    "u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale", "u_tex0", "u_tex1", "u_dest0", "u_dest1",
    "u_src0", "u_src1", "u_slice0", "u_slice1", "u_center", "u_w0", "u_w1", "u_bias", "u_flip",
    "u_clip", "u_bounds", "u_radius", "u_clip_bounds", "u_corner", "u_tint"};

/* One stage, its #version line first: 300 es under OpenGL ES, 330 core on desktop GL. */
static GLuint compile(lamina_gles_renderer_t *r, GLenum type, const char *src) {
    const char *head = r->is_es ? "#version 300 es\n" : "#version 330 core\n";
    const char *parts[2] = {head, src};
    GLuint s = glCreateShader(type);
    GLint ok = 0;
    glShaderSource(s, 2, parts, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[400] = "";
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "shader did not compile: %s", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

GLuint lgl_link_program(lamina_gles_renderer_t *r, const char *vs, const char *fs) {
    GLuint v = compile(r, GL_VERTEX_SHADER, vs);
    GLuint f = v ? compile(r, GL_FRAGMENT_SHADER, fs) : 0;
    GLuint p = 0;
    GLint ok = 0;
    if (v && f) {
        p = glCreateProgram();
        glAttachShader(p, v);
        glAttachShader(p, f);
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &ok);
        if (!ok) {
            char log[400] = "";
            glGetProgramInfoLog(p, sizeof log, NULL, log);
            lgl_fail(LAMINA_GLES_STATUS_GL_ERROR, "program did not link: %s", log);
            glDeleteProgram(p);
            p = 0;
        }
    }
    if (v) glDeleteShader(v);
    if (f) glDeleteShader(f);
    return p;
}

void lgl_delete_gl(lamina_gles_renderer_t *r) {
    if (r->prim) glDeleteProgram(r->prim);
    if (r->prim_ext) glDeleteProgram(r->prim_ext);
    if (r->rect) glDeleteProgram(r->rect);
    if (r->img_inst) glDeleteProgram(r->img_inst);
    if (r->img_rect) glDeleteProgram(r->img_rect);
    if (r->shadow_tex_prog) glDeleteProgram(r->shadow_tex_prog);
    if (r->card_prog) glDeleteProgram(r->card_prog);
    if (r->card_round_prog) glDeleteProgram(r->card_round_prog);
    if (r->shadow) glDeleteProgram(r->shadow);
    if (r->comp) glDeleteProgram(r->comp);
    if (r->img) glDeleteProgram(r->img);
    if (r->path) glDeleteProgram(r->path);
    if (r->blur) glDeleteProgram(r->blur);
    if (r->seg_tex) glDeleteTextures(1, &r->seg_tex);
    if (r->shp) glDeleteProgram(r->shp);
    if (r->grad) glDeleteProgram(r->grad);
    if (r->edge_tex) glDeleteTextures(1, &r->edge_tex);
    if (r->stop_tex) glDeleteTextures(1, &r->stop_tex);
    for (size_t i = 0; i < r->tex_count; i++) glDeleteTextures(1, &r->texs[i].tex);
    lgl_evict_rasters(r, 1, 1);
    r->tex_count = 0;
    lgl_evict_shadow_texs(r, 1);
    if (r->atlas_tex) glDeleteTextures(1, &r->atlas_tex);
    r->atlas_tex = 0;
    r->atlas_x = r->atlas_y = r->atlas_row_h = 0;
    r->atlas_live = 0;
    if (r->tex_slots) memset(r->tex_slots, 0, r->tex_slot_cap * sizeof *r->tex_slots);
    for (int i = 0; i < 4; i++)
        if (r->fx_prog[i]) glDeleteProgram(r->fx_prog[i]);
    if (r->fcomp_prog) glDeleteProgram(r->fcomp_prog);
    for (int i = 0; i < 16; i++)
        if (r->fblend_prog[i]) glDeleteProgram(r->fblend_prog[i]);
    memset(r->fblend_prog, 0, sizeof r->fblend_prog);
    if (r->backdrop_prog) glDeleteProgram(r->backdrop_prog);
    for (int i = 0; i < (int)(sizeof r->fx / sizeof r->fx[0]); i++) {
        if (r->fx[i].fbo) glDeleteFramebuffers(1, &r->fx[i].fbo);
        if (r->fx[i].tex) glDeleteTextures(1, &r->fx[i].tex);
        r->fx[i] = (lgl_target_t){0, 0, 0, 0};
    }
    if (r->vbo) glDeleteBuffers(1, &r->vbo);
    if (r->vao) glDeleteVertexArrays(1, &r->vao);
    if (r->rect_vao) glDeleteVertexArrays(1, &r->rect_vao);
    for (int i = 0; i < 2 * MAX_PASS_DEPTH; i++) {
        if (r->targets[i].fbo) glDeleteFramebuffers(1, &r->targets[i].fbo);
        if (r->targets[i].tex) glDeleteTextures(1, &r->targets[i].tex);
    }
}

/* u_vp for shaders that need device pixels from gl_FragCoord (clip boxes, shapes): the
 * host's viewport origin when drawing into its framebuffer, 0 in the offscreen targets. */
void lgl_set_device_vp(lgl_frame_t *f, GLint loc) {
    glUniform4f(loc, f->at_host ? (float)f->host_vp[0] : 0.0f, f->at_host ? (float)f->host_vp[1] : 0.0f,
                (float)f->vp_w, (float)f->vp_h);
}

void lgl_clip_box(const lgl_frame_t *f, const lamina_draw_record_t *rec, float out[4]) {
    if (!(rec->flags & LAMINA_DRAW_HAS_CLIP)) {
        out[0] = out[1] = -1e9f;
        out[2] = out[3] = 1e9f;
        return;
    }
    double b[4] = {rec->clip_rect.origin.x, rec->clip_rect.origin.y,
                   rec->clip_rect.origin.x + rec->clip_rect.size.width,
                   rec->clip_rect.origin.y + rec->clip_rect.size.height};
    for (int k = 0; k < f->n_relax; k++)
        for (int e = 0; e < 4; e++) {
            double eps = 1e-6 * (1 + fabs(b[e]));
            if (fabs(b[e] - f->relax[k][e]) <= eps && !(fabs(b[e] - f->keep[k][e]) <= eps))
                b[e] += (e < 2 ? -1.0 : 1.0) / f->scale;
        }
    for (int e = 0; e < 4; e++) out[e] = (float)(b[e] * f->scale);
}

void lgl_set_clip_uniform(lgl_frame_t *f, GLint loc, const lamina_draw_record_t *rec) {
    float c[4];
    lgl_clip_box(f, rec, c);
    glUniform4fv(loc, 1, c);
}

/* Sets plane.vert's uniforms of `prog` (whose locations are in `u`: r1, r2, r4, quad, vp, scale). */
void lgl_set_quad_uniforms(lgl_frame_t *f, const GLint *u, const lamina_transform3d_t *m,
                           lamina_rect_t quad) {
    glUniform4f(u[0], (float)m->m11, (float)m->m12, (float)m->m13, (float)m->m14);
    glUniform4f(u[1], (float)m->m21, (float)m->m22, (float)m->m23, (float)m->m24);
    glUniform4f(u[2], (float)m->m41, (float)m->m42, (float)m->m43, (float)m->m44);
    glUniform4f(u[3], (float)quad.origin.x, (float)quad.origin.y, (float)quad.size.width,
                (float)quad.size.height);
    glUniform4f(u[4], 0.0f, 0.0f, (float)f->vp_w, (float)f->vp_h);
    glUniform1f(u[5], (float)f->scale);
}

/* Uploads `rows` rows of LGL_TEX_W RGBA32F texels into *tex (created, or grown, as needed; else
 * updated in place: no reallocation per frame in steady state). `texels` are meaningful. */
void lgl_upload_rows(GLuint *tex, size_t *cap_rows, const float *data, size_t texels, size_t rows) {
    if (!*tex) glGenTextures(1, tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, *tex);
    if (rows > *cap_rows) {
        size_t cap = *cap_rows ? *cap_rows : 1;
        while (cap < rows) cap *= 2;
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, LGL_TEX_W, (GLsizei)cap, 0, GL_RGBA, GL_FLOAT, NULL);
        *cap_rows = cap;
    }
    GLsizei w = rows == 1 ? (GLsizei)texels : LGL_TEX_W;
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, w, (GLsizei)rows, GL_RGBA, GL_FLOAT, data);
}

/* The programs, each a vertex and a fragment stage of lgl_shaders.h. */
int lgl_create_programs(lamina_gles_renderer_t *r) {
    r->prim = lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_box_frag);
    r->prim_ext = r->prim ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_box_ext_frag) : 0;
    r->rect = r->prim_ext ? lgl_link_program(r, lgl_shader_rect_vert, lgl_shader_rect_frag) : 0;
    r->img_inst = r->rect ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_image_inst_frag) : 0;
    r->img_rect = r->img_inst ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_image_rect_frag) : 0;
    r->shadow_tex_prog = r->img_rect ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_shadow_tex_frag) : 0;
    r->shadow = r->shadow_tex_prog ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_shadow_frag) : 0;
    r->card_prog = r->shadow ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_card_frag) : 0;
    r->card_round_prog = r->card_prog ? lgl_link_program(r, lgl_shader_primitive_vert, lgl_shader_card_round_frag) : 0;
    r->comp = r->card_round_prog ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_composite_frag) : 0;
    r->img = r->comp ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_contents_frag) : 0;
    r->path = r->img ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_shadow_path_frag) : 0;
    r->blur = r->path ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_blur_frag) : 0;
    r->shp = r->blur ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_coverage_frag) : 0;
    r->grad = r->shp ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_gradient_frag) : 0;
    /* Filters (issue 32): one program per pass kind (llvmpipe would run every branch of one). */
    const char *const fx_fs[4] = {lgl_shader_fx_color_frag, lgl_shader_fx_blur_frag,
                                  lgl_shader_fx_down_frag, lgl_shader_fx_copy_frag};
    for (int i = 0; i < 4; i++)
        r->fx_prog[i] = r->grad && (i == 0 || r->fx_prog[i - 1]) ? lgl_link_program(r, lgl_shader_fx_vert, fx_fs[i]) : 0;
    r->fcomp_prog = r->fx_prog[3] ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_fcomp_frag) : 0;
    r->backdrop_prog = r->fcomp_prog ? lgl_link_program(r, lgl_shader_plane_vert, lgl_shader_backdrop_frag) : 0;
    if (!r->fcomp_prog || !r->backdrop_prog) return 0;
    if (!r->prim || !r->prim_ext || !r->rect || !r->img_inst || !r->img_rect || !r->shadow_tex_prog || !r->shadow || !r->comp || !r->img || !r->path || !r->blur ||
        !r->shp || !r->grad)
        return 0; /* message set by link_program */
    r->prim_u_vp = glGetUniformLocation(r->prim, "u_vp");
    r->prim_u_scale = glGetUniformLocation(r->prim, "u_scale");
    r->prim_ext_u_vp = glGetUniformLocation(r->prim_ext, "u_vp");
    r->prim_ext_u_scale = glGetUniformLocation(r->prim_ext, "u_scale");
    r->rect_u_vp = glGetUniformLocation(r->rect, "u_vp");
    r->rect_u_scale = glGetUniformLocation(r->rect, "u_scale");
    r->img_inst_u_vp = glGetUniformLocation(r->img_inst, "u_vp");
    r->img_inst_u_scale = glGetUniformLocation(r->img_inst, "u_scale");
    r->img_inst_u_tex = glGetUniformLocation(r->img_inst, "u_tex");
    r->img_inst_u_bias = glGetUniformLocation(r->img_inst, "u_bias");
    r->img_rect_u_vp = glGetUniformLocation(r->img_rect, "u_vp");
    r->img_rect_u_scale = glGetUniformLocation(r->img_rect, "u_scale");
    r->img_rect_u_tex = glGetUniformLocation(r->img_rect, "u_tex");
    r->shadow_tex_u_vp = glGetUniformLocation(r->shadow_tex_prog, "u_vp");
    r->shadow_tex_u_scale = glGetUniformLocation(r->shadow_tex_prog, "u_scale");
    r->shadow_tex_u_tex = glGetUniformLocation(r->shadow_tex_prog, "u_tex");
    r->card_u_vp = glGetUniformLocation(r->card_prog, "u_vp");
    r->card_u_scale = glGetUniformLocation(r->card_prog, "u_scale");
    r->card_u_tex = glGetUniformLocation(r->card_prog, "u_tex");
    r->card_u_shadow_size = glGetUniformLocation(r->card_prog, "u_shadow_size");
    r->card_round_u_vp = glGetUniformLocation(r->card_round_prog, "u_vp");
    r->card_round_u_scale = glGetUniformLocation(r->card_round_prog, "u_scale");
    r->card_round_u_tex = glGetUniformLocation(r->card_round_prog, "u_tex");
    r->card_round_u_shadow_size = glGetUniformLocation(r->card_round_prog, "u_shadow_size");
    r->shadow_u_vp = glGetUniformLocation(r->shadow, "u_vp");
    r->shadow_u_scale = glGetUniformLocation(r->shadow, "u_scale");
#define U(name) r->comp_##name = glGetUniformLocation(r->comp, #name)
    U(u_r1); U(u_r2); U(u_r4); U(u_quad); U(u_vp); U(u_scale); U(u_old); U(u_new); U(u_mode);
    U(u_p); U(u_alpha); U(u_bounds); U(u_shift_old); U(u_shift_new); U(u_clip_bounds);
    U(u_radius); U(u_corner);
#undef U
    for (int i = 0; i < IU_COUNT; i++) r->img_u[i] = glGetUniformLocation(r->img, img_uniform_names[i]);
    {
        static const char *const pn[10] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_segs", "u_nseg", "u_color", "u_clip"};
        static const char *const bn[13] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_src", "u_dir", "u_sigma", "u_taps", "u_clip",
                                           "u_shift", "u_tint"};
        for (int i = 0; i < 10; i++) r->path_u[i] = glGetUniformLocation(r->path, pn[i]);
        for (int i = 0; i < 13; i++) r->blur_u[i] = glGetUniformLocation(r->blur, bn[i]);
        static const char *const sn[16] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_edges", "u_cells", "u_color", "u_rule", "u_clip",
                                           "u_bounds", "u_radius", "u_clip_bounds", "u_corner",
                                           "u_rows"};
        static const char *const gn[18] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_stops", "u_count", "u_type", "u_se", "u_axes",
                                           "u_tint", "u_alpha", "u_clip", "u_bounds", "u_radius",
                                           "u_corner", "u_focal"};
        for (int i = 0; i < 16; i++) r->shp_u[i] = glGetUniformLocation(r->shp, sn[i]);
        for (int i = 0; i < 18; i++) r->grad_u[i] = glGetUniformLocation(r->grad, gn[i]);
        /* Filters (issue 32; filter.c). */
        static const char *const xn[11] = {"u_src", "u_src_rect", "u_texel", "u_mode", "u_dir",
                                           "u_sigma", "u_taps", "u_factor", "u_nmat", "u_mat",
                                           "u_off"};
        static const char *const cn[15] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_tex", "u_dst", "u_ext", "u_clip", "u_dst_org",
                                           "u_alpha", "u_blend", "u_mask", "u_mask_mode"};
        static const char *const dn[17] = {"u_r1", "u_r2", "u_r4", "u_quad", "u_vp", "u_scale",
                                           "u_fx", "u_dst", "u_bounds", "u_clip", "u_dst_org",
                                           "u_alpha", "u_radius", "u_corner", "u_fx_map",
                                           "u_mask", "u_mask_mode"};
        for (int p = 0; p < 4; p++)
            for (int i = 0; i < 11; i++) r->fx_u[p][i] = glGetUniformLocation(r->fx_prog[p], xn[i]);
        for (int i = 0; i < 15; i++) r->fcomp_u[i] = glGetUniformLocation(r->fcomp_prog, cn[i]);
        for (int i = 0; i < 17; i++) r->bd_u[i] = glGetUniformLocation(r->backdrop_prog, dn[i]);
    }
    return 1;
}
