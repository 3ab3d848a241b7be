// SPDX-License-Identifier: Apache-2.0
// Engine clocks (R1, R2): the monotonic clock or a host callback, and tick() at the clock.

import CLamina
import Lamina

/// A host clock callback with its userdata; `free` runs once, when the engine drops the clock
/// (replaced, cleared, or the engine destroyed).
private final class HostClockBox: @unchecked Sendable {
    let fn: lamina_clock_fn
    let userdata: UnsafeMutableRawPointer?
    let free: lamina_free_fn?

    init(_ fn: lamina_clock_fn, _ userdata: UnsafeMutableRawPointer?, _ free: lamina_free_fn?) {
        self.fn = fn
        self.userdata = userdata
        self.free = free
    }

    deinit { free?(userdata) }

    func read() -> Double { fn(userdata) }
}

@_cdecl("lamina_engine_set_clock")
public func lamina_engine_set_clock(
    _ engine: OpaquePointer?, _ clock: lamina_clock_fn?, _ userdata: UnsafeMutableRawPointer?,
    _ freeUserdata: lamina_free_fn?
) -> lamina_status_t {
    var box: HostClockBox? = nil
    let status = withEngine(engine) { e throws(LaminaError) in
        if let clock {
            let b = HostClockBox(clock, userdata, freeUserdata)
            box = b
            e.clock = { b.read() }
        } else {
            e.clock = nil
        }
    }
    // Not kept (a failed call, or NULL to go back to hand-driven time): released at once, as
    // the header promises.
    if box == nil { freeUserdata?(userdata) }
    return status
}

@_cdecl("lamina_engine_use_monotonic_clock")
public func lamina_engine_use_monotonic_clock(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in e.clock = Engine.monotonicClock }
}

@_cdecl("lamina_engine_tick_now")
public func lamina_engine_tick_now(_ engine: OpaquePointer?) -> lamina_status_t {
    withEngine(engine) { e throws(LaminaError) in try e.tickNowChecked() }
}
