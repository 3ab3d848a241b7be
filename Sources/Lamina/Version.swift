// SPDX-License-Identifier: Apache-2.0
// The library version, the same as the C header's LAMINA_VERSION_STRING.

/// Lamina's version, "MAJOR.MINOR.PATCH".
public let laminaVersion = "0.1.0"
