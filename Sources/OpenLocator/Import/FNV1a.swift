/// The 64-bit FNV-1a hash: stable across runs, unlike `Hasher`, so a build's order does not
/// vary; used where a build keeps a key's hash instead of its text, and for the open dialects'
/// `place_id`.
///
/// ```swift
/// FNV1a.hash("mannerheimintie 10".utf8)
/// ```
package enum FNV1a {
    package static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
