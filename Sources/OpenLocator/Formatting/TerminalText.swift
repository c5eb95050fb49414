/// Text made safe for a terminal or a log line: control characters from the data (ESC, BEL,
/// CR, C1 controls, DEL) are shown as `\x1b`-style escapes, so a place name cannot recolour,
/// retitle or rewrite the user's terminal, or forge a log line.
///
/// ```swift
/// TerminalText.printable("Caf\u{1B}[31mé")   // "Caf\x1b[31mé"
/// ```
public enum TerminalText {
    /// `text` with its control characters escaped; newlines are kept when `keepingNewlines`.
    public static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value == 10 { return !keepingNewlines }
            return value < 0x20 || (0x7F...0x9F).contains(value)
        }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar) {
                let hex = String(scalar.value, radix: 16)
                out.append(contentsOf: "\\x\(hex.count < 2 ? "0" : "")\(hex)".unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
