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
        return text.withUTF8 { text in
            // ASCII, the usual case, is folded straight from the string's own bytes.
            if text.allSatisfy({ $0 < 0x80 }) { return foldASCII(text) }
            var end = text.count
            if end > maxInputBytes {
                end = maxInputBytes
                while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }  // cut before a character, not inside it
            }
            let input = UnsafeBufferPointer(rebasing: text[..<end])
            // (Made on the stack for all but long text.)
            let capacity = input.count * 8 + 64
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { output in
                let length = input.withMemoryRebound(to: CChar.self) { chars in
                    ol_fold_utf8(chars.baseAddress, chars.count, output.baseAddress, capacity)
                }
                guard length >= 0 else { return input.filter { $0 < 0x80 }.withUnsafeBufferPointer(foldASCII) }
                return String(cString: output.baseAddress!)  // (ol_fold_utf8 ends it with a NUL)
            }
        }
    }

    /// `fold(parts.joined(separator: " "))`, made without joining the parts when they are
    /// ASCII (a build folds every address's street and number this way).
    ///
    /// ```swift
    /// TextFolding.fold(joining: ["Mannerheimintie", "10 B"])   // "mannerheimintie 10 b"
    /// ```
    public static func fold(joining parts: [String]) -> String {
        fold(joining: { each in for part in parts { each(part) } }, otherwise: { parts.joined(separator: " ") })
    }

    /// `fold(first + " " + second)`, made without joining them when they are ASCII, and
    /// without an array of the two.
    public static func fold(joining first: String, _ second: String) -> String {
        fold(joining: { each in (each(first), each(second)) }, otherwise: { first + " " + second })
    }

    /// The parts that `forEachPart` gives, folded as if joined by spaces: straight from their
    /// bytes when they are ASCII, else `fold(joined())`.
    private static func fold(
        joining forEachPart: ((String) -> Void) -> Void, otherwise joined: () -> String
    ) -> String {
        var (length, ascii) = (0, true)
        forEachPart { part in
            guard ascii else { return }
            ascii = part.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } == true
            length += part.utf8.count + 1
        }
        guard ascii, length <= maxInputBytes else { return fold(joined()) }
        return String(unsafeUninitializedCapacity: length) { out in
            var folder = ASCIIFolder(out)
            forEachPart { part in
                _ = part.utf8.withContiguousStorageIfAvailable { folder.fold($0) }
                folder.separate()
            }
            return folder.written
        }
    }

    /// The folded words of `text`.
    public static func words(_ text: String) -> [String] {
        fold(text).split(separator: " ").map(String.init)
    }

    /// The fast path: plain ASCII needs no transliteration, only lowercasing and separating.
    private static func foldASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let input = UnsafeBufferPointer(rebasing: bytes.prefix(maxInputBytes))
        return String(unsafeUninitializedCapacity: input.count) { out in
            var folder = ASCIIFolder(out)
            folder.fold(input)
            return folder.written
        }
    }

    /// Writes folded ASCII into a buffer as large as its input: letters lowercased, digits
    /// kept, apostrophes dropped, and any run of other bytes between words one space.
    private struct ASCIIFolder {
        let out: UnsafeMutableBufferPointer<UInt8>
        private(set) var written = 0
        private var pendingSpace = false

        init(_ out: UnsafeMutableBufferPointer<UInt8>) { self.out = out }

        mutating func fold(_ input: UnsafeBufferPointer<UInt8>) {
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
        }

        /// What a space between two parts does.
        mutating func separate() { pendingSpace = true }
    }
}
