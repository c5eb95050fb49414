import CICU

/// Folds text to the form both the index and queries use: ICU `Any-Latin; Latin-ASCII; Lower`,
/// then only ASCII letters and digits, words separated by one space.
///
/// ```swift
/// TextFolding.fold("Straße Café")   // "strasse cafe"
/// TextFolding.fold("Москва")        // "moskva"
/// TextFolding.words("Hämeentie 10, Helsinki")   // ["hameentie", "10", "helsinki"]
/// ```
public enum TextFolding {
    /// The longest input folded; longer text is cut (at a character boundary) first.
    static let maxInputBytes = 64 * 1024

    /// The folded form of `text`: lowercase ASCII letters and digits separated by single spaces.
    public static func fold(_ text: String) -> String {
        var text = text
        // ASCII, the usual case, is folded straight from the string's own bytes.
        if let folded = text.withUTF8({ bytes in bytes.allSatisfy({ $0 < 0x80 }) ? foldASCII(bytes) : nil }) {
            return folded
        }
        var utf8 = Array(text.utf8)
        if utf8.count > maxInputBytes {
            var end = maxInputBytes
            while end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }  // cut before a character, not inside it
            utf8.removeSubrange(end...)
        }
        let capacity = utf8.count * 8 + 64
        var output = [CChar](repeating: 0, count: capacity)
        let length = utf8.withUnsafeBufferPointer { input in
            input.withMemoryRebound(to: CChar.self) { chars in
                ol_fold_utf8(chars.baseAddress, chars.count, &output, capacity)
            }
        }
        guard length >= 0 else { return utf8.filter { $0 < 0x80 }.withUnsafeBufferPointer(foldASCII) }
        return String(decoding: output.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The folded words of `text`.
    public static func words(_ text: String) -> [String] {
        fold(text).split(separator: " ").map(String.init)
    }

    /// The fast path: plain ASCII needs no transliteration, only lowercasing and separating.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let input = UnsafeBufferPointer(rebasing: bytes.prefix(maxInputBytes))
        return String(unsafeUninitializedCapacity: input.count) { out in
            var written = 0
            var pendingSpace = false
            for byte in input {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "A")...UInt8(ascii: "Z"):
                    if pendingSpace, written > 0 {
                        out[written] = UInt8(ascii: " ")
                        written += 1
                    }
                    pendingSpace = false
                    out[written] = byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0)
                    written += 1
                case UInt8(ascii: "'"):
                    break
                default:
                    pendingSpace = true
                }
            }
            return written
        }
    }
}
