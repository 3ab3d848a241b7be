// SPDX-License-Identifier: Apache-2.0
// The system headers liblamina-text uses (SwiftPM's view of them; see module.modulemap).
#include <hb.h>
#include <fribidi/fribidi.h>
#include <linebreak.h>
#include <fontconfig/fontconfig.h>
