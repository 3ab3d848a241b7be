// SPDX-License-Identifier: Apache-2.0
// The view policy's question for host delegates (CA-4.1, issue 8 item 5).

import CLamina
import Lamina

@_cdecl("lamina_view_animation_is_open")
public func lamina_view_animation_is_open(
    _ engine: OpaquePointer?, _ outOpen: UnsafeMutablePointer<lamina_bool_t>?
) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in
        try required(outOpen, "out_open").pointee = e.isViewAnimationBlockOpen ? 1 : 0
    }
}
