/* SPDX-License-Identifier: Apache-2.0 */
/* lamina-viewer's --lottie mode (lottie.c), built when liblamina-lottie is. */
#ifndef LAMINA_VIEWER_LOTTIE_H
#define LAMINA_VIEWER_LOTTIE_H
/* Plays `file` in a window, or renders the frame at `progress` headless to `shot` when set.
 * Returns the process exit status. */
int lottie_main(const char *file, double progress, const char *shot, double scale);
#endif
