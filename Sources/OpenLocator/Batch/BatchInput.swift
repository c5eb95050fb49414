/// One row of a batch: its fields as read (CSV text, or JSON values from a JSON line) and
/// the line it starts on.
public struct BatchRecord: Sendable {
    public var fields: [(name: String, value: JSONValue)] { didSet { valueText = [] } }
    public var line: Int
    /// A JSON line's object as written, so JSON-lines output keeps it byte for byte (numbers
    /// beyond a double's precision included) and only appends the match's fields.
    public var json: [UInt8]? { didSet { valueText = [] } }
    /// Where each field's value lies in ``json``, when it came from there (forgotten when
    /// either changes).
    var valueText: [Range<Int>] = []

    public init(fields: [(name: String, value: JSONValue)], line: Int, json: [UInt8]? = nil) {
        self.fields = fields
        self.line = line
        self.json = json
    }

    /// A field's value as a CSV field: text as is, numbers as the JSON line wrote them (so
    /// 12345678901234567890 stays exact), null empty.
    func csvText(_ index: Int) -> String {
        if case .number = fields[index].value, let json, index < valueText.count,
            valueText[index].upperBound <= json.count
        {
            return String(decoding: json[valueText[index]], as: UTF8.self)
        }
        return fields[index].value.csvText
    }

    /// The CSV text of the field named `name` (in any case), or "" without one.
    func csvText(named name: String) -> String { index(named: name).map(csvText) ?? "" }

    /// The value of a field, its name in any case.
    public subscript(name: String) -> JSONValue? { index(named: name).map { fields[$0].value } }

    /// The first field named exactly `name`, else the first named so in another case.
    private func index(named name: String) -> Int? {
        fields.firstIndex { $0.name == name } ?? fields.firstIndex { $0.name.lowercased() == name.lowercased() }
    }
}

/// The rows of a batch input: CSV with a header row, or JSON lines (one object per line),
/// told apart by the file's name or, failing that, its first character.
///
/// ```swift
/// var input = try BatchInput(path: "addresses.csv")
/// input.columns            // ["id", "address"]
/// while let row = try input.next() { … }
/// ```
public struct BatchInput {
    public enum Format: String, Sendable { case csv, jsonl }

    public let format: Format
    /// The CSV field delimiter, guessed from the header (``CSVReader/delimiter(guessedFrom:)``;
    /// a tab for `.tsv` files); CSV output uses it too.
    public private(set) var delimiter = UInt8(ascii: ",")
    /// The columns: the CSV header, or the keys of the first JSON line.
    public private(set) var columns: [String] = []
    /// The input file, for its name and size.
    public let source: ByteReader
    /// Bytes of the input file up to the end of the last row handed out (the header's
    /// included): what the rows so far came from, for a progress bar that moves row by row
    /// (``ByteReader/consumed`` moves a block at a time). Out of ``ByteReader/size`` too for a
    /// compressed file, estimated within a block.
    public private(set) var consumedBytes: Int64 = 0
    /// Problems with single rows (a short CSV row, a line that is not JSON): each row is still
    /// read, and written out, once.
    public private(set) var warnings: [String] = []

    private var csv: CSVReader?
    private var lines: LineReader?
    /// Rows read ahead (JSON lines up to the first object, which names the columns), each with
    /// the reader's offset at its end.
    private var pending: [(record: BatchRecord, end: Int64)] = []

    /// Opens `path` ("-" for standard input) and reads its header. A CSV file without one
    /// (`hasHeader` false) names its columns `column_1`, `column_2`, … and its first line is a
    /// row; a header row that looks like data (a field that is a number) gets a warning.
    /// `blockSize` is how much is read at a time (``ByteReader``).
    /// - Throws: ``LocatorError`` `invalidInput` when the file cannot be read or has no header.
    public init(path: String, hasHeader: Bool = true, blockSize: Int = 1 << 20) throws {
        source = try ByteReader(path: path, blockSize: blockSize)
        let lowercased = path.lowercased()
        if lowercased.hasSuffix(".jsonl") || lowercased.hasSuffix(".ndjson") || lowercased.hasSuffix(".json") {
            format = .jsonl
        } else if lowercased.hasSuffix(".csv") || lowercased.hasSuffix(".txt") || lowercased.hasSuffix(".tsv") {
            format = .csv
        } else {
            format = try source.startsWithJSONObject() ? .jsonl : .csv
        }
        switch format {
        case .csv:
            var reader = try CSVReader(guessingFormatOf: source)
            delimiter = reader.delimiter
            if reader.encoding == .windows1252 {
                warnings.append(
                    "'\(source.name)' is not UTF-8; read as Windows-1252 (save as \"CSV UTF-8\" to be sure)")
            }
            guard let header = try reader.next() else {
                throw LocatorError(
                    .invalidInput, "'\(source.name)' is empty: \(hasHeader ? "a CSV header row is needed" : "no rows")")
            }
            guard hasHeader else {
                columns = header.fields.indices.map { "column_\($0 + 1)" }
                csv = reader
                pending = [(csvRecord(header), reader.offset)]
                break
            }
            columns = header.fields.enumerated().map { index, name in
                let trimmed = name.trimmedSpaces
                return trimmed.isEmpty ? "column_\(index + 1)" : trimmed
            }
            if let number = header.fields.first(where: { Double($0.trimmedSpaces) != nil }) {
                warnings.append(
                    "the first line of '\(source.name)' looks like data (its field '\(number.trimmedSpaces.prefix(40))' is a number) but is read as the header; give --no-header if the file has none"
                )
            }
            csv = reader
        case .jsonl:
            lines = LineReader(source)
            // The columns are the keys of the first object; lines before it that are not
            // objects are kept, to be written as unmatched rows in their place.
            while let record = try nextJSONLine() {
                pending.append((record, lines?.offset ?? 0))
                if !record.fields.isEmpty { break }
                if pending.count >= 1000 {
                    throw LocatorError(
                        .invalidInput, "'\(source.name)' has no JSON object in its first 1,000 lines")
                }
            }
            columns = pending.last?.record.fields.map(\.name) ?? []
        }
        // Before the first row: past the header, or at the start when rows were read ahead.
        consumedBytes = pending.isEmpty ? source.fileOffset(atBlockOffset: readerOffset) : 0
    }

    /// The next row, or `nil` at the end.
    public mutating func next() throws -> BatchRecord? {
        if !pending.isEmpty {
            let (record, end) = pending.removeFirst()
            consumedBytes = source.fileOffset(atBlockOffset: end)
            return record
        }
        let record: BatchRecord?
        switch format {
        case .csv:
            guard var reader = csv else { return nil }
            let fields = try reader.next()
            csv = reader
            record = fields.map { csvRecord($0) }
        case .jsonl:
            record = try nextJSONLine()
        }
        consumedBytes = source.fileOffset(atBlockOffset: readerOffset)
        return record
    }

    /// The CSV or line reader's offset: the end of the last row it read.
    private var readerOffset: Int64 { csv?.offset ?? lines?.offset ?? 0 }

    /// A CSV line as a row of the columns, its problems noted in ``warnings``.
    private mutating func csvRecord(_ record: CSVReader.Record) -> BatchRecord {
        if record.unterminatedQuote {
            warnings.append("line \(record.line): a quoted field runs to the end of the file")
        }
        if record.fields.count > columns.count {
            warnings.append(
                "line \(record.line): \(record.fields.count) fields but \(columns.count) columns; the extra fields are left out"
            )
        }
        let fields = columns.enumerated().map { index, name in
            (name: name, value: JSONValue.string(index < record.fields.count ? record.fields[index] : ""))
        }
        return BatchRecord(fields: fields, line: record.line)
    }

    private mutating func nextJSONLine() throws -> BatchRecord? {
        guard var reader = lines else { return nil }
        defer { lines = reader }
        while let line = try reader.next() {
            guard line.bytes.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }  // blank
            do {
                let (value, valueText) = try JSONValue.parseKeepingMemberText(line.bytes)
                guard case .object(let members) = value else {
                    warnings.append("line \(line.number): not a JSON object; written as unmatched")
                    return BatchRecord(fields: [], line: line.number)
                }
                // Invalid UTF-8 is not passed through: the row is written anew from its parsed
                // values (with U+FFFD), as RFC 8259 and RFC 7946 want.
                let valid = String(validating: line.bytes, as: UTF8.self) != nil
                var record = BatchRecord(
                    fields: members.map { (name: $0.0, value: $0.1) }, line: line.number, json: valid ? line.bytes : nil
                )
                if valid { record.valueText = valueText }
                return record
            } catch {
                warnings.append("line \(line.number): \(error); written as unmatched")
                return BatchRecord(fields: [], line: line.number)
            }
        }
        return nil
    }

    /// Adds problems found with rows after they were read (a point that is not one).
    public mutating func addWarnings(_ more: [String]) { warnings += more }

    /// Takes the warnings gathered so far.
    public mutating func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }
}

/// Which columns of a batch row make up the address to search for.
public struct BatchQueryColumns: Sendable, Equatable {
    /// The column names, in the order their values are joined (by ", ").
    public let names: [String]

    /// Column names people give an address column, tried in order when none is named: English,
    /// then the word in other languages (Finnish, Swedish, German, French, Spanish, Italian,
    /// Portuguese, Dutch and Polish).
    static let usualNames = [
        "singleline", "single_line", "address", "full_address", "fulladdress", "query", "text", "search",
        "location", "addr", "osoite", "adress", "adresse", "anschrift", "dirección", "direccion", "indirizzo",
        "endereço", "endereco", "adres",
    ]

    /// The named columns (matched in any case), or when none are named the one column that is
    /// obviously the address: a usual name, or the only column there is.
    /// - Throws: ``LocatorError`` `invalidParameter` naming the columns there are.
    public init(_ requested: [String], available: [String]) throws {
        let list = available.isEmpty ? "none" : available.map { "'\($0)'" }.joined(separator: ", ")
        if requested.isEmpty {
            if let usual = Self.usualNames.lazy.compactMap({ name in
                available.first { $0.lowercased() == name }
            }).first {
                names = [usual]
            } else if available.count == 1 {
                names = available
            } else {
                throw LocatorError.invalidParameter(
                    "say which column holds the address with --column NAME or --columns A,B (columns: \(list))")
            }
            return
        }
        names = try requested.map { name in
            guard
                let column = available.first(where: { $0 == name })
                    ?? available.first(where: {
                        $0.lowercased() == name.lowercased()
                    })
            else {
                throw LocatorError.invalidParameter("no column '\(name.prefix(60))' in the input (columns: \(list))")
            }
            return column
        }
    }

    /// The search text of a row: its columns' values joined by ", ", blanks left out.
    public func text(of record: BatchRecord) -> String {
        names.compactMap { record[$0]?.text?.trimmedSpaces }.filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
