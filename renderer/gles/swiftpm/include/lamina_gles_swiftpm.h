/* SPDX-License-Identifier: Apache-2.0
 * The SwiftPM target of the compositor's C sources (LaminaGLESCompositor) exports nothing of
 * its own to Swift: LaminaGLES sees lamina_gles.h through the CLaminaGLES module. SwiftPM wants
 * a public header directory; this is it. */
#ifndef LAMINA_GLES_SWIFTPM_H
#define LAMINA_GLES_SWIFTPM_H
#endif
