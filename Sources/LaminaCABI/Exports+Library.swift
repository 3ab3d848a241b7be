// SPDX-License-Identifier: Apache-2.0
// Library-level exports: version, status names, last error, clock.

import CLamina
import Lamina

private let versionString: StaticString = "0.2.0-dev"

@_cdecl("lamina_version_number")
public func lamina_version_number() -> Int32 {
    Int32(LAMINA_VERSION_MAJOR * 1_000_000 + LAMINA_VERSION_MINOR * 1000 + LAMINA_VERSION_PATCH)
}

@_cdecl("lamina_version_string")
public func lamina_version_string() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

private func staticCString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

@_cdecl("lamina_status_string")
public func lamina_status_string(_ status: lamina_status_t) -> UnsafePointer<CChar>? {
    switch status {
    case LAMINA_STATUS_OK: return staticCString("LAMINA_STATUS_OK")
    case LAMINA_STATUS_INVALID_ARGUMENT: return staticCString("LAMINA_STATUS_INVALID_ARGUMENT")
    case LAMINA_STATUS_MISUSE: return staticCString("LAMINA_STATUS_MISUSE")
    case LAMINA_STATUS_STALE_HANDLE: return staticCString("LAMINA_STATUS_STALE_HANDLE")
    case LAMINA_STATUS_UNKNOWN_KEY: return staticCString("LAMINA_STATUS_UNKNOWN_KEY")
    case LAMINA_STATUS_TYPE_MISMATCH: return staticCString("LAMINA_STATUS_TYPE_MISMATCH")
    case LAMINA_STATUS_NOT_FOUND: return staticCString("LAMINA_STATUS_NOT_FOUND")
    case LAMINA_STATUS_NO_PRESENTATION: return staticCString("LAMINA_STATUS_NO_PRESENTATION")
    case LAMINA_STATUS_OUT_OF_MEMORY: return staticCString("LAMINA_STATUS_OUT_OF_MEMORY")
    default: return staticCString("LAMINA_STATUS_UNKNOWN")
    }
}

@_cdecl("lamina_last_error_status")
public func lamina_last_error_status() -> lamina_status_t {
    currentThreadState().status
}

@_cdecl("lamina_last_error_message")
public func lamina_last_error_message() -> UnsafePointer<CChar>? {
    UnsafePointer(currentThreadState().message.pointer)
}

@_cdecl("lamina_clock_now")
public func lamina_clock_now() -> Double {
    MonotonicClock.now()
}
