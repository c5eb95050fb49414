import Foundation

/// Streams the records of a CSV file (RFC 4180): quoted fields with commas, doubled quotes and
/// line breaks inside, CRLF or LF line ends, a UTF-8 byte-order mark or none. Blank lines are
/// skipped. Bytes that are not UTF-8 become U+FFFD.
///
/// ```swift
/// var csv = CSVReader(try ByteReader(path: "addresses.csv"))
/// while let record = try csv.next() { print(record.line, record.fields) }
/// ```
public struct CSVReader {
    /// One record: its fields and the line it starts on (1-based).
    public struct Record: Sendable, Equatable {
        public var fields: [String]
        public var line: Int
        /// Whether the file ended inside a quoted field (the record holds what was there).
        public var unterminatedQuote = false
        /// Whether the record ended with a line break (the last record of a file may not).
        public var terminated = true
    }

    /// One record's fields as bytes (see ``CSVReader/nextFields()``).
    public struct Fields {
        /// The fields one after another, and where each ends.
        fileprivate let bytes: [UInt8]
        fileprivate let ends: [Int]
        fileprivate let encoding: TextEncoding
        /// The line the record starts on (1-based).
        public let line: Int
        /// Whether the file ended inside a quoted field (the record holds what was there).
        public let unterminatedQuote: Bool
        /// Whether the record ended with a line break (the last record of a file may not).
        public let terminated: Bool

        public var count: Int { ends.count }

        /// Where field `index` lies in ``bytes``.
        private func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

        /// Whether field `index` is empty.
        public func isEmpty(_ index: Int) -> Bool { range(index).isEmpty }

        /// Field `index` as text, in the file's encoding (bytes that are not UTF-8 in a UTF-8
        /// file become U+FFFD).
        public func text(_ index: Int) -> String {
            let range = range(index)
            guard encoding == .utf8 else { return CSVReader.windows1252Text(Array(bytes[range])) }
            return bytes.withUnsafeBufferPointer { String(decoding: $0[range], as: UTF8.self) }
        }

        /// Calls `body` with field `index`'s bytes, valid only inside `body`.
        public func withBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
            -> Result
        {
            let range = range(index)
            return try bytes.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
        }
    }

    /// How a file's bytes are text.
    public enum TextEncoding: Sendable {
        /// UTF-8; bytes that are not become U+FFFD.
        case utf8
        /// Windows-1252 (Latin-1 with typographic marks), which spreadsheets on Windows write
        /// when asked for plain "CSV".
        case windows1252
    }

    private let source: ByteReader
    /// The field separator.
    public let delimiter: UInt8
    /// How the fields' bytes are text.
    public var encoding = TextEncoding.utf8
    private var block: [UInt8] = []
    private var position = 0
    private var line = 1
    /// Whether a byte-order mark may still be coming (the file's first bytes).
    private var markPossible = true
    /// Whether the last record had a quoted field (so a lone empty field was written `""`).
    private var lastRecordQuoted = false
    /// The last record's fields, one after another, and where each ends in `fieldBytes`
    /// (kept to reuse their storage).
    private var fieldBytes: [UInt8] = []
    private var fieldEnds: [Int] = []
    /// Bytes of the input up to the end of the last record returned.
    public private(set) var offset: Int64 = 0

    /// - Parameter delimiter: the field separator (`,`; a tab for TSV).
    public init(_ source: ByteReader, delimiter: UInt8 = UInt8(ascii: ",")) {
        self.source = source
        self.delimiter = delimiter
    }

    /// A reader for a spreadsheet's CSV as people have them: the delimiter told from the header
    /// (``delimiter(guessedFrom:)``; a tab for a `.tsv` file) and the encoding from the first
    /// bytes (``encoding(guessedFrom:)``).
    public init(guessingFormatOf source: ByteReader) throws {
        let head = try source.peekFirstBlock() ?? []
        self.init(
            source,
            delimiter: source.name.lowercased().hasSuffix(".tsv")
                ? UInt8(ascii: "\t") : Self.delimiter(guessedFrom: head))
        encoding = Self.encoding(guessedFrom: head)
    }

    /// The next record, or `nil` at the end of the input.
    public mutating func next() throws -> Record? {
        guard let fields = try nextFields() else { return nil }
        var record = Record(fields: [], line: fields.line)
        record.fields.reserveCapacity(fields.count)
        for index in 0..<fields.count { record.fields.append(fields.text(index)) }
        (record.unterminatedQuote, record.terminated) = (fields.unterminatedQuote, fields.terminated)
        return record
    }

    /// The next record as bytes, or `nil` at the end of the input: for a reader that makes
    /// strings of only some fields, and reads numbers from the bytes.
    ///
    /// The record shares the reader's storage, which the next call reuses: read it before
    /// then. (Kept longer, it stays right, and the next call allocates new storage.)
    ///
    /// ```swift
    /// while let fields = try csv.nextFields() {
    ///     let street = fields.text(3)
    ///     let longitude = fields.withBytes(0) { plainDecimal($0) }
    /// }
    /// ```
    public mutating func nextFields() throws -> Fields? {
        while true {
            guard let (line, unterminatedQuote, terminated) = try nextRecord() else { return nil }
            // A blank line is no record; a line of `""` is one, with one empty field.
            if fieldEnds.count == 1, fieldEnds[0] == 0, !lastRecordQuoted { continue }
            return Fields(
                bytes: fieldBytes, ends: fieldEnds, encoding: encoding, line: line,
                unterminatedQuote: unterminatedQuote, terminated: terminated)
        }
    }

    private mutating func nextByte() throws -> UInt8? {
        guard let byte = try peekByte() else { return nil }
        position += 1
        offset += 1
        return byte
    }

    private mutating func peekByte() throws -> UInt8? {
        if position == block.count {
            guard let next = try source.nextBlock() else { return nil }
            block = next
            position = 0
        }
        return block[position]
    }

    /// What stopped a scan through a block: the byte that ends a run of field text.
    private enum Stop {
        case delimiter, lineEnd, quote, blockEnd
    }

    /// Reads the next record's fields into ``fieldBytes`` and ``fieldEnds``; `nil` at the end of
    /// the input.
    private mutating func nextRecord() throws -> (line: Int, unterminatedQuote: Bool, terminated: Bool)? {
        fieldBytes.removeAll(keepingCapacity: true)
        fieldEnds.removeAll(keepingCapacity: true)
        let recordLine = line
        var fieldStart = 0  // where the field being read starts in `fieldBytes`
        var inQuotes = false
        lastRecordQuoted = false
        var sawAnything = false
        if markPossible {
            // A byte-order mark is skipped; the bytes of a partial one are text.
            markPossible = false
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            while fieldBytes.count < mark.count, try peekByte() == mark[fieldBytes.count] {
                fieldBytes.append(try nextByte()!)
            }
            sawAnything = !fieldBytes.isEmpty
            if fieldBytes.count == mark.count { fieldBytes.removeAll(keepingCapacity: true) }
        }
        /// Ends the field being read (without the CR of a CRLF line end).
        func endField(atLineEnd: Bool) {
            if atLineEnd, fieldBytes.count > fieldStart, fieldBytes.last == UInt8(ascii: "\r") {
                fieldBytes.removeLast()
            }
            fieldEnds.append(fieldBytes.count)
            fieldStart = fieldBytes.count
        }
        while try peekByte() != nil {
            sawAnything = true
            // The run of plain text up to the next byte that means something.
            let (stop, end, newLines) = Self.run(in: block, from: position, inQuotes: inQuotes, delimiter: delimiter)
            // (Through a pointer: appending the block's slice retained and released the block.)
            block.withUnsafeBufferPointer {
                fieldBytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[position..<end]))
            }
            line += newLines
            offset += Int64(end - position)
            position = end
            switch stop {
            case .blockEnd:
                // One record may not take more than a megabyte (a file of one huge line).
                if fieldBytes.count > LineReader.maxLineBytes {
                    throw LineReader.tooLong(source.name, line: recordLine)
                }
                continue
            case .delimiter:
                (position, offset) = (position + 1, offset + 1)
                endField(atLineEnd: false)
            case .lineEnd:
                (position, offset) = (position + 1, offset + 1)
                line += 1
                endField(atLineEnd: true)
                return (recordLine, false, true)
            case .quote:
                (position, offset) = (position + 1, offset + 1)
                if inQuotes {
                    if try peekByte() == UInt8(ascii: "\"") {
                        _ = try nextByte()
                        fieldBytes.append(UInt8(ascii: "\""))
                    } else {
                        inQuotes = false
                    }
                } else if fieldBytes.count == fieldStart {
                    inQuotes = true
                    lastRecordQuoted = true
                } else {
                    fieldBytes.append(UInt8(ascii: "\""))
                }
            }
        }
        guard sawAnything else { return nil }
        endField(atLineEnd: !inQuotes)
        return (recordLine, inQuotes, false)
    }

    /// Where the run of field text that starts at `start` ends, what ends it, and the line
    /// breaks in it (a quoted run may hold some).
    private static func run(
        in block: [UInt8], from start: Int, inQuotes: Bool, delimiter: UInt8
    ) -> (stop: Stop, end: Int, newLines: Int) {
        block.withUnsafeBufferPointer { bytes in
            var index = start
            var newLines = 0
            if inQuotes {
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "\"") { return (.quote, index, newLines) }
                    if byte == UInt8(ascii: "\n") { newLines += 1 }
                    index += 1
                }
            } else {
                while index < bytes.count {
                    let byte = bytes[index]
                    if byte == delimiter { return (.delimiter, index, 0) }
                    if byte == UInt8(ascii: "\n") { return (.lineEnd, index, 0) }
                    if byte == UInt8(ascii: "\"") { return (.quote, index, 0) }
                    index += 1
                }
            }
            return (.blockEnd, index, newLines)
        }
    }

    /// A field as CSV: quoted when it holds the delimiter, a quote, a line break or edge spaces.
    public static func escaped(_ field: String, delimiter: UInt8 = UInt8(ascii: ",")) -> String {
        let needsQuotes =
            field.utf8.contains {
                $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
            } || field.hasPrefix(" ") || field.hasSuffix(" ")
        guard needsQuotes else { return field }
        // (Not Foundation's replacingOccurrences: it bridges through NSString, and was a tenth
        // of `locator batch --reverse`'s time.)
        guard field.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + field + "\"" }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// The delimiters ``delimiter(guessedFrom:)`` recognises: comma, semicolon (spreadsheets in
    /// locales with a decimal comma write it), tab and bar.
    public static let recognisedDelimiters: [UInt8] = [",", ";", "\t", "|"].map { UInt8(ascii: $0) }

    /// The delimiter of a CSV file, from its first line (the header): whichever recognised
    /// delimiter appears most often outside quotes; a comma when none does or on a tie.
    ///
    /// ```swift
    /// CSVReader.delimiter(guessedFrom: Array("id;osoite;kaupunki\n".utf8))  // ";"
    /// ```
    public static func delimiter(guessedFrom head: [UInt8]) -> UInt8 {
        var counts = [Int](repeating: 0, count: recognisedDelimiters.count)
        var quoted = false
        for byte in head {
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted, byte == 0x0A || byte == 0x0D {
                break
            } else if !quoted, let index = recognisedDelimiters.firstIndex(of: byte) {
                counts[index] += 1
            }
        }
        let best = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }!
        return counts[best] > 0 ? recognisedDelimiters[best] : UInt8(ascii: ",")
    }

    /// The encoding of a CSV file from its first bytes: UTF-8 when they are (or start with a
    /// UTF-8 byte-order mark), else Windows-1252, the other encoding spreadsheets write.
    public static func encoding(guessedFrom head: [UInt8]) -> TextEncoding {
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        // Up to the last line break, so a character cut at the block's end does not count.
        let lines = head.lastIndex(of: 0x0A).map { head[...$0] } ?? head[...]
        return String(validating: lines, as: UTF8.self) != nil ? .utf8 : .windows1252
    }

    /// Windows-1252 bytes as text: Latin-1, with typographic marks in 0x80–0x9F.
    static func windows1252Text(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            let value = (0x80...0x9F).contains(byte) ? windows1252High[Int(byte) - 0x80] : UInt32(byte)
            text.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        }
        return String(text)
    }

    /// Windows-1252's 0x80–0x9F (the five unassigned bytes map to the C1 controls, as in Latin-1).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
