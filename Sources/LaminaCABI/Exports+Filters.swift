// SPDX-License-Identifier: Apache-2.0
// Layer filters (issue 32, R19): the C face of `Filter` and the filter-array values.

import CLamina
import Lamina

@_cdecl("lamina_filter_init")
public func lamina_filter_init(
    _ type: lamina_filter_type_t, _ name: UnsafePointer<CChar>?,
    _ outFilter: UnsafeMutablePointer<lamina_filter_t>?
) -> lamina_status_t {
    guard let outFilter else { return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_filter_init: out_filter is NULL") }
    var f = lamina_filter_t()
    f.type = type
    f.name = name
    switch type {
    case LAMINA_FILTER_TYPE_GAUSSIAN_BLUR: f.params.0 = 10
    case LAMINA_FILTER_TYPE_COLOR_MATRIX:
        f.params.0 = 1; f.params.6 = 1; f.params.12 = 1; f.params.18 = 1
    case LAMINA_FILTER_TYPE_COLOR_CONTROLS: f.params.0 = 1; f.params.2 = 1
    case LAMINA_FILTER_TYPE_COLOR_INVERT: break
    case LAMINA_FILTER_TYPE_COLOR_MONOCHROME:
        f.params.0 = 0.6; f.params.1 = 0.45; f.params.2 = 0.3; f.params.3 = 1; f.params.4 = 1
    case LAMINA_FILTER_TYPE_ALPHA: f.params.0 = 1
    default:
        return fail(LAMINA_STATUS_INVALID_ARGUMENT, "lamina_filter_init: unknown filter type \(type)")
    }
    outFilter.pointee = f
    return LAMINA_STATUS_OK
}
