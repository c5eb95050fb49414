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
        withFolded(text) { String(decoding: $0, as: UTF8.self) }
    }

    /// `fold(parts.joined(separator: " "))`, made without joining the parts when they are
    /// ASCII.
    ///
    /// ```swift
    /// TextFolding.fold(joining: ["Mannerheimintie", "10 B"])   // "mannerheimintie 10 b"
    /// ```
    public static func fold(joining parts: [String]) -> String {
        withFolded(joining: parts) { String(decoding: $0, as: UTF8.self) }
    }

    /// `fold(first + " " + second)`, made without joining them when they are ASCII, and
    /// without an array of the two (as a build folds every address's street and number, through
    /// ``withFolded(joining:_:_:)``).
    public static func fold(joining first: String, _ second: String) -> String {
        withFolded(joining: first, second) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 of ``fold(_:)``, valid only inside `body`: a build copies it
    /// into its rows without making a string of it.
    static func withFolded<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var text = text
        return text.withUTF8 { text in
            // ASCII, the usual case, is folded straight from the string's own bytes.
            if text.allSatisfy({ $0 < 0x80 }) {
                let input = UnsafeBufferPointer(rebasing: text.prefix(maxInputBytes))
                return withFoldedASCII(capacity: input.count, { $0.fold(input) }, body)
            }
            var end = text.count
            if end > maxInputBytes {
                end = maxInputBytes
                while end > 0, text[end] & 0xC0 == 0x80 { end -= 1 }  // cut before a character, not inside it
            }
            let input = UnsafeBufferPointer(rebasing: text[..<end])
            // (Made on the stack for all but long text.)
            let capacity = input.count * 8 + 64
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output in
                let length = input.withMemoryRebound(to: CChar.self) { chars in
                    output.withMemoryRebound(to: CChar.self) {
                        ol_fold_utf8(chars.baseAddress, chars.count, $0.baseAddress, capacity)
                    }
                }
                guard length >= 0 else {
                    let ascii = input.filter { $0 < 0x80 }
                    return ascii.withUnsafeBufferPointer { ascii in
                        withFoldedASCII(capacity: ascii.count, { $0.fold(ascii) }, body)
                    }
                }
                return body(UnsafeBufferPointer(rebasing: output[..<Int(length)]))
            }
        }
    }

    /// Calls `body` with the UTF-8 of ``fold(joining:)-([String])``, valid only inside `body`.
    static func withFolded<Result>(joining parts: [String], _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withFolded(
            joining: { each in for part in parts { each(part) } }, otherwise: { parts.joined(separator: " ") }, body)
    }

    /// Calls `body` with the UTF-8 of ``fold(joining:_:)``, valid only inside `body`.
    static func withFolded<Result>(
        joining first: String, _ second: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withFolded(
            joining: { each in
                each(first)
                each(second)
            }, otherwise: { first + " " + second }, body)
    }

    /// The parts that `forEachPart` gives, folded as if joined by spaces: straight from their
    /// bytes when they are ASCII, else `withFolded(joined())`.
    private static func withFolded<Result>(
        joining forEachPart: ((String) -> Void) -> Void, otherwise joined: () -> String,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        var (length, ascii) = (0, true)
        forEachPart { part in
            guard ascii else { return }
            ascii = part.utf8.withContiguousStorageIfAvailable { $0.allSatisfy { $0 < 0x80 } } == true
            length += part.utf8.count + 1
        }
        guard ascii, length <= maxInputBytes else { return withFolded(joined(), body) }
        return withFoldedASCII(
            capacity: length,
            { folder in
                forEachPart { part in
                    _ = part.utf8.withContiguousStorageIfAvailable { folder.fold($0) }
                    folder.separate()
                }
            }, body)
    }

    /// The fast path: plain ASCII needs no transliteration, only lowercasing and separating.
    /// `fold` folds into a buffer of `capacity` bytes (on the stack for all but long text), and
    /// `body` gets what it wrote.
    private static func withFoldedASCII<Result>(
        capacity: Int, _ fold: (inout ASCIIFolder) -> Void, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(capacity, 1)) { out in
            var folder = ASCIIFolder(out)
            fold(&folder)
            return body(UnsafeBufferPointer(rebasing: out[..<folder.written]))
        }
    }

    /// The folded words of `text`.
    public static func words(_ text: String) -> [String] {
        fold(text).split(separator: " ").map(String.init)
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
