import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where batch results go, in one of three formats, written a chunk of rows at a time so the
/// file is valid whenever a chunk is done: CSV (a header, then a row per record), JSON lines
/// (an object per record) or a GeoJSON FeatureCollection (a feature per line, the closing
/// `]}` rewritten after each chunk).
///
/// A file cut short by a kill mid-chunk ends in a partial row; ``resume(expectedHeader:)``
/// finds the last whole row, cuts the rest, and says how many rows are done.
public final class BatchOutput {
    public enum Format: String, Sendable, CaseIterable {
        case csv, jsonl, geojson

        /// The format a file name suggests (`.jsonl`, `.ndjson`, `.geojson`, `.json`), else CSV.
        public init(fileName: String) {
            let name = fileName.lowercased()
            if name.hasSuffix(".jsonl") || name.hasSuffix(".ndjson") {
                self = .jsonl
            } else if name.hasSuffix(".geojson") || name.hasSuffix(".json") {
                self = .geojson
            } else {
                self = .csv
            }
        }
    }

    public let format: Format
    /// The CSV field delimiter (the input's).
    public let delimiter: UInt8
    /// The file's name, for messages.
    public let name: String
    private let fd: Int32
    private let isFile: Bool
    /// Where the next bytes go (files only).
    private var end: Int64 = 0
    /// Whether any row is written, so the next GeoJSON feature needs a comma first.
    private var hasRows = false

    static let geoJSONHeader = #"{"type":"FeatureCollection","features":["# + "\n"
    static let geoJSONFooter = "]}\n"

    /// Opens `path` for writing ("-" for standard output), emptied unless it is to be resumed.
    public init(path: String, format: Format, truncate: Bool, delimiter: UInt8 = UInt8(ascii: ",")) throws {
        self.format = format
        self.delimiter = delimiter
        if path == "-" {
            name = "standard output"
            fd = 1
            isFile = false
            return
        }
        name = URL(fileURLWithPath: path).lastPathComponent
        let opened = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (truncate ? O_TRUNC : 0), 0o644)
        guard opened >= 0 else { throw LocatorError(.invalidInput, "cannot write the output file '\(name)'") }
        fd = opened
        isFile = true
    }

    deinit { if isFile { close(fd) } }

    /// Starts an empty output: the CSV header or the GeoJSON opening.
    public func begin(columns: [String]) throws {
        switch format {
        case .csv: try write(Array((Self.csvLine(columns, delimiter: delimiter) + "\r\n").utf8))
        case .jsonl: break
        case .geojson: try write(Array(Self.geoJSONHeader.utf8), then: Self.geoJSONFooter)
        }
    }

    /// Reads back what an earlier run wrote to `path`: the number of whole rows, after cutting
    /// any partial row a kill left. `nil` when there is nothing to resume (no file, or empty).
    /// - Throws: ``LocatorError`` `invalidInput` when the file is not this batch's output.
    public static func completedRows(
        at path: String, format: Format, expectedHeader: [String], delimiter: UInt8 = UInt8(ascii: ",")
    ) throws -> (rows: Int, length: Int64)? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let reader = try ByteReader(path: path)
        guard reader.size ?? 0 > 0 else { return nil }
        let name = reader.name
        let foreign = LocatorError(
            .invalidInput, "'\(name)' is not the \(format.rawValue) output of this batch, so it cannot be resumed")
        switch format {
        case .csv:
            var csv = CSVReader(reader, delimiter: delimiter)
            guard let header = try csv.next(), header.terminated, header.fields == expectedHeader else { throw foreign }
            var rows = 0
            var length = csv.offset
            while let record = try csv.next(), record.terminated, !record.unterminatedQuote {
                rows += 1
                length = csv.offset
            }
            return (rows, length)
        case .jsonl:
            // Each row ends with the batch's own fields, the status last.
            let status = expectedHeader.last ?? "status"
            var lines = LineReader(reader)
            var rows = 0
            var length: Int64 = 0
            while let line = try lines.next() {
                guard line.terminated, case .object(let members)? = try? JSONValue.parse(line.bytes),
                    members.last?.0 == status
                else {
                    // Only the last line can be cut short by a kill; a bad line before it is foreign.
                    if try lines.next() != nil || rows == 0 && line.terminated { throw foreign }
                    break
                }
                rows += 1
                length = lines.offset
            }
            return (rows, length)
        case .geojson:
            var lines = LineReader(reader)
            guard let first = try lines.next(), first.terminated,
                String(decoding: first.bytes, as: UTF8.self) + "\n" == geoJSONHeader
            else { throw foreign }
            var rows = 0
            var length = lines.offset
            while let line = try lines.next() {
                var bytes = line.bytes[...]
                if rows > 0, bytes.first == UInt8(ascii: ",") { bytes = bytes.dropFirst() }
                guard line.terminated, (try? JSONValue.parse(Array(bytes)))?["type"]?.text == "Feature" else {
                    // The footer, or a line a kill cut short, ends the rows; anything after is foreign.
                    if try lines.next() != nil, String(decoding: line.bytes, as: UTF8.self) + "\n" != geoJSONFooter {
                        throw foreign
                    }
                    break
                }
                rows += 1
                length = lines.offset
            }
            return (rows, length)
        }
    }

    /// Continues a file of `rows` whole rows, cutting it at `length` (the end of the last).
    public func resume(rows: Int, length: Int64) throws {
        guard isFile, ftruncate(fd, off_t(length)) == 0 else {
            throw LocatorError(.invalidInput, "cannot continue the output file '\(name)'")
        }
        end = length
        hasRows = rows > 0
        if format == .geojson { try write([], then: Self.geoJSONFooter) }
    }

    /// Appends one chunk of rows: each record's fields and its match.
    public func append(_ rows: [(record: BatchRecord, match: BatchMatch)], columns: [String], names: OutputNames)
        throws
    {
        guard !rows.isEmpty else { return }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(rows.count * 256)
        for (record, match) in rows {
            switch format {
            case .csv:
                // By position when the row has the header's columns (names may repeat), else by name.
                let aligned =
                    record.fields.count == columns.count && zip(record.fields, columns).allSatisfy { $0.name == $1 }
                let input =
                    aligned ? record.fields.indices.map(record.csvText) : columns.map { record.csvText(named: $0) }
                let line = Self.csvLine(input + names.values(match).map { $0.csvText }, delimiter: delimiter)
                bytes += Array((line + "\r\n").utf8)
            case .jsonl:
                bytes += Self.jsonLine(record, match, names)
                bytes.append(0x0A)
            case .geojson:
                if hasRows { bytes.append(UInt8(ascii: ",")) }
                let geometry: JSONValue =
                    match.result?.displayLocation.map { point in
                        let p = point.projected(to: .wgs84)
                        return .object([
                            ("type", .string("Point")),
                            ("coordinates", .array([.number(Self.coordinate(p.x)), .number(Self.coordinate(p.y))])),
                        ])
                    } ?? .null
                // The properties are the JSON-lines row: a JSON line's own values pass through as written.
                bytes += Array(#"{"type":"Feature","geometry":"#.utf8) + geometry.utf8()
                bytes += Array(#","properties":"#.utf8) + Self.jsonLine(record, match, names) + [UInt8(ascii: "}")]
                bytes.append(0x0A)
            }
            hasRows = true
        }
        try write(bytes, then: format == .geojson ? Self.geoJSONFooter : nil)
    }

    /// Ends a standard-output GeoJSON (a file's footer is already in place).
    public func finish() throws {
        if !isFile, format == .geojson { try write(Array(Self.geoJSONFooter.utf8)) }
    }

    /// The names of the columns a batch adds, kept apart from the input's own.
    public struct OutputNames: Sendable {
        public static let standard = ["match_addr", "lat", "lon", "score", "addr_type", "place_name", "status"]
        /// A reverse batch's: the distance from the row's point in metres where the score would be.
        public static let reverse = ["match_addr", "lat", "lon", "distance", "addr_type", "place_name", "status"]
        /// The standard (or reverse) names, with "locator_" before any the input already uses.
        public let names: [String]
        /// The names before any "locator_" was added.
        private let base: [String]

        public init(avoiding inputColumns: [String], reverse: Bool = false) {
            base = reverse ? Self.reverse : Self.standard
            let taken = Set(inputColumns.map { $0.lowercased() })
            names = base.map { taken.contains($0) ? "locator_" + $0 : $0 }
        }

        private init(names: [String], base: [String]) {
            self.names = names
            self.base = base
        }

        /// These names, also kept apart from `more` (a JSON row's own keys).
        func alsoAvoiding(_ more: [String]) -> OutputNames {
            let taken = Set(more.map { $0.lowercased() })
            guard base.contains(where: taken.contains) else { return self }
            return OutputNames(
                names: zip(base, names).map { taken.contains($0) ? "locator_" + $0 : $1 }, base: base)
        }

        /// A match's values, in the order of `names`.
        func values(_ match: BatchMatch) -> [JSONValue] {
            guard let result = match.result else {
                return [.null, .null, .null, .null, .null, .null, .string(match.status.rawValue)]
            }
            let point = result.displayLocation.map { $0.projected(to: .wgs84) }
            func text(_ key: String) -> JSONValue {
                result.attributeValues[key]?.stringValue.map(JSONValue.string) ?? .null
            }
            let measure: JSONValue =
                base == Self.reverse
                ? match.distance.map { .number(($0 * 100).rounded() / 100) } ?? .null
                : .number((result.score * 100).rounded() / 100)
            return [
                .string(result.label), point.map { .number(BatchOutput.coordinate($0.y)) } ?? .null,
                point.map { .number(BatchOutput.coordinate($0.x)) } ?? .null, measure, text("Addr_type"),
                text("PlaceName"), .string(match.status.rawValue),
            ]
        }
    }

    /// A JSON-lines row: the input object as written with the match's fields added before its
    /// closing brace (so its own values pass through unchanged), or built anew.
    private static func jsonLine(_ record: BatchRecord, _ match: BatchMatch, _ names: OutputNames) -> [UInt8] {
        let added = added(record, match, names)
        var json = record.json ?? []
        while let last = json.last, [0x20, 0x09, 0x0D, 0x0A].contains(last) { json.removeLast() }
        guard json.last == UInt8(ascii: "}") else {
            return JSONValue.object(record.fields.map { ($0.name, $0.value) } + added).utf8()
        }
        json.removeLast()
        var tail = JSONValue.object(added).utf8()  // {"match_addr":…}
        tail.removeFirst()
        json += (record.fields.isEmpty ? [] : [UInt8(ascii: ",")]) + tail
        return json
    }

    /// Fields as one CSV line (without its line break).
    private static func csvLine(_ fields: [String], delimiter: UInt8) -> String {
        fields.map { CSVReader.escaped($0, delimiter: delimiter) }.joined(separator: String(UnicodeScalar(delimiter)))
    }

    /// Coordinates to 7 decimals (about a centimetre).
    static func coordinate(_ value: Double) -> Double { (value * 1e7).rounded() / 1e7 }

    /// The match's fields under names this record does not use.
    private static func added(_ record: BatchRecord, _ match: BatchMatch, _ names: OutputNames) -> [(
        String, JSONValue
    )] {
        Array(zip(names.alsoAvoiding(record.fields.map(\.name)).names, names.values(match)))
    }

    /// Writes `bytes` where the last chunk ended, then `footer` after them without counting it
    /// as written, so the next chunk overwrites it.
    private func write(_ bytes: [UInt8], then footer: String? = nil) throws {
        // Standard output cannot take a footer back: it gets one at the end, from finish().
        let footer = isFile ? footer : nil
        let all = bytes + Array((footer ?? "").utf8)
        var offset = 0
        while offset < all.count {
            let count = all.withUnsafeBytes { raw in
                isFile
                    ? pwrite(fd, raw.baseAddress! + offset, all.count - offset, off_t(end) + off_t(offset))
                    : Glibc.write(fd, raw.baseAddress! + offset, all.count - offset)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw LocatorError(.invalidInput, "writing the output file '\(name)' failed") }
            offset += count
        }
        end += Int64(bytes.count)
        if isFile, footer != nil, ftruncate(fd, off_t(end) + off_t(all.count - bytes.count)) != 0 {
            throw LocatorError(.invalidInput, "writing the output file '\(name)' failed")
        }
    }
}

extension JSONValue {
    /// The value as a CSV field: text as is, numbers as JSON writes them, null empty.
    var csvText: String {
        switch self {
        case .null: return ""
        case .string(let s): return s
        default: return serialized()
        }
    }
}
