/* SPDX-License-Identifier: Apache-2.0 */
/* lamina-viewer's --gesture mode (gesture.c, issue 27 item 6). */
#ifndef LAMINA_VIEWER_GESTURE_H
#define LAMINA_VIEWER_GESTURE_H

#include <SDL.h>

/* Runs the gesture demo: in a window (interactive, or `shot` a screenshot of the script played
 * to `at`), or headless (`png` one frame at `at`, `frames_dir` the script's frames, `strip` the
 * docs' filmstrip). In the interactive window, `trace` (or NULL) is a file that logs the live
 * pointer path, its motion and hand-offs, and `shots` (or NULL) a directory for the frames
 * drawn after each hand-off. Returns the process exit status. */
int gesture_main(double at, double scale, const char *shot, const char *png, const char *frames_dir,
                 const char *strip, const char *trace, const char *shots);

/* An SDL window with an OpenGL ES 3 (or desktop GL 3.3 core) context current, `hidden` for
 * screenshots; NULL, with a message and SDL shut down, when there is none (viewer.c). */
SDL_GLContext viewer_open_window(const char *title, int w, int h, int hidden, SDL_Window **out_win);

/* The window's back buffer (w x h pixels) as a PNG at `path` (viewer.c). Returns 0 or 1. */
int viewer_screenshot(int w, int h, const char *path);

#endif
