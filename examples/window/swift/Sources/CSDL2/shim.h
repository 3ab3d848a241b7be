// SPDX-License-Identifier: Apache-2.0
#include <SDL.h>
#include <GLES3/gl3.h>
