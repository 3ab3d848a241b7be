// SPDX-License-Identifier: Apache-2.0
// The library version, the same as the C header's LAMINA_VERSION_STRING.

/// Lamina's version, "MAJOR.MINOR.PATCH", with "-dev" between releases (the numbers of the
/// release it leads to).
public let laminaVersion = "0.2.0-dev"
