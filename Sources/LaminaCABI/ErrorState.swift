// SPDX-License-Identifier: Apache-2.0
// The calling thread's last error (status + message), like errno: the one piece of global
// state the C ABI needs besides engine validation. A pthread key's destructor frees it.

import CLamina
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A malloc'd C string that the C side borrows until the next `set`.
final class CStringSlot {
    private(set) var pointer: UnsafeMutablePointer<CChar>

    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    func set(_ string: String) {
        let bytes = string.utf8CString
        let fresh = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        bytes.withUnsafeBufferPointer { fresh.initialize(from: $0.baseAddress!, count: bytes.count) }
        pointer.deallocate()
        pointer = fresh
    }
}

/// Per-thread storage for the last error and for borrowed strings handed back to C.
final class ThreadState {
    var status: lamina_status_t = LAMINA_STATUS_OK
    /// Borrowed by lamina_last_error_message().
    let message = CStringSlot()
    /// The last string value returned in a lamina_value_t; borrowed until the next one.
    let stringValue = CStringSlot()
    /// The last path value returned in a lamina_value_t (Exports+Contents.swift).
    let pathValue = CPathSlot()
    /// The last number array returned in a lamina_value_t.
    let numbersValue = CArraySlot<Double>()
    /// The last colour array returned in a lamina_value_t.
    let colorsValue = CArraySlot<lamina_color_t>()
    /// The last filter array returned in a lamina_value_t (Exports+Filters.swift).
    let filtersValue = CFilterSlot()
}

private let threadStateKey: pthread_key_t = {
    var key = pthread_key_t()
    pthread_key_create(&key) { raw in
        guard let raw else { return }
        Unmanaged<ThreadState>.fromOpaque(raw).release()
    }
    return key
}()

/// The calling thread's state, created on first use.
func currentThreadState() -> ThreadState {
    if let raw = pthread_getspecific(threadStateKey) {
        return Unmanaged<ThreadState>.fromOpaque(raw).takeUnretainedValue()
    }
    let state = ThreadState()
    pthread_setspecific(threadStateKey, Unmanaged.passRetained(state).toOpaque())
    return state
}

/// Records a failure for the calling thread and returns its status: the single choke point
/// every C error passes through (one breakpoint catches them all, as cairo's _cairo_error).
@inline(never)
func fail(_ status: lamina_status_t, _ message: String) -> lamina_status_t {
    let state = currentThreadState()
    state.status = status
    state.message.set(message)
    return status
}
