// SPDX-License-Identifier: Apache-2.0
// Reliability limits a host may set (issue 31 item 6) and test-only hooks (item 4): the hooks
// move the counters behind handles near their wrap so that a test can prove handles never
// alias there without creating 65,535 engines or 16,777,215 layers; they change no behaviour a
// host relies on.

import CLamina
import Lamina

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

@_cdecl("lamina_testing_set_next_engine_tag")
public func lamina_testing_set_next_engine_tag(_ tag: UInt32) -> lamina_status_t {
    guard tag >= 1, tag <= UInt32(UInt16.max) else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "engine tag \(tag) is outside 1...65535")
    }
    Engine.testingSetNextTag(UInt16(tag))
    return LAMINA_STATUS_OK
}

@_cdecl("lamina_testing_age_layer_slots")
public func lamina_testing_age_layer_slots(_ engine: OpaquePointer?, _ generation: UInt32) -> lamina_status_t {
    guard generation >= 1, generation <= (1 << 24) - 1 else {
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "generation \(generation) is outside 1...16777215")
    }
    return withEngine(engine) { e throws(LaminaError) in e.testingAgeSlots(to: generation) }
}

@_cdecl("lamina_engine_set_draw_list_budget")
public func lamina_engine_set_draw_list_budget(_ engine: OpaquePointer?, _ bytes: Int) -> lamina_status_t {
    withEngine(engine) { _ throws(LaminaError) in
        guard bytes > 0 else { throw LaminaError(.invalidArgument, "the draw list budget must be above 0 bytes") }
        guard let storage = box(engine!).drawList else { throw LaminaError(.staleHandle, "engine was destroyed") }
        // Under the list's mutex: a list being built on another thread keeps the old budget.
        pthread_mutex_lock(storage.mutex)
        storage.side.sideDataBudget = bytes
        pthread_mutex_unlock(storage.mutex)
    }
}
