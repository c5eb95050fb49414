import Foundation
import Testing

@testable import OpenLocator

/// The streaming CSV reader and the order-keeping JSON parser that batch input and the
/// importers read with.
@Suite struct TabularTests {
    static func file(_ bytes: [UInt8]) throws -> String {
        let url = try Fixtures.temporaryDirectory().appendingPathComponent("input.csv")
        try Data(bytes).write(to: url)
        return url.path
    }

    static func records(_ text: String, blockSize: Int = 1 << 20) throws -> [CSVReader.Record] {
        var reader = CSVReader(try ByteReader(path: file(Array(text.utf8)), blockSize: blockSize))
        var records: [CSVReader.Record] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    @Test(arguments: [1, 2, 7, 1 << 20])
    func csvReadsQuotesLineBreaksAndBOMWhateverTheBlockSize(blockSize: Int) throws {
        let text =
            "\u{FEFF}id,address,note\r\n1,\"Mannerheimintie 10, Helsinki\",\"say \"\"hi\"\"\"\r\n\r\n2,plain,\"two\nlines\"\n3,,last"
        let records = try Self.records(text, blockSize: blockSize)
        #expect(
            records.map(\.fields) == [
                ["id", "address", "note"], ["1", "Mannerheimintie 10, Helsinki", "say \"hi\""],
                ["2", "plain", "two\nlines"], ["3", "", "last"],
            ])
        #expect(records.map(\.line) == [1, 2, 4, 6])
        #expect(records.map(\.terminated) == [true, true, true, false])
    }

    /// Random records written as CSV (quoted where they must be, LF or CRLF line ends, with or
    /// without a byte-order mark and a last line end) read back as they were, on the lines they
    /// start on, whatever the block size.
    @Test(arguments: [1, 3, 64, 1 << 20])
    func csvReadsBackWhatWasWrittenWhateverTheBlockSize(blockSize: Int) throws {
        var random = SplitMix64(seed: UInt64(blockSize))
        let pieces = ["a", "Bc", "", " ", ",", "\"", "\"\"", "\n", "\r\n", "é", "東京", "x\"y", ";", "\t"]
        for _ in 0..<200 {
            var expected: [[String]] = []
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let fields = (0..<Int.random(in: 1...5, using: &random)).map { _ in
                    (0..<Int.random(in: 0...3, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                        .joined()
                }
                expected.append(fields)
            }
            var text = Bool.random(using: &random) ? "\u{FEFF}" : ""
            var lines: [Int] = []
            for (index, fields) in expected.enumerated() {
                lines.append(text.filter { $0 == "\n" || $0 == "\r\n" }.count + 1)
                // (A lone empty field is written quoted: an empty line is no record.)
                text += fields == [""] ? "\"\"" : fields.map { CSVReader.escaped($0) }.joined(separator: ",")
                if index < expected.count - 1 || Bool.random(using: &random) {
                    text += Bool.random(using: &random) ? "\n" : "\r\n"
                }
            }
            let records = try Self.records(text, blockSize: blockSize)
            #expect(records.map(\.fields) == expected, "\(text.debugDescription)")
            #expect(records.map(\.line) == lines, "\(text.debugDescription)")
        }
    }

    @Test(arguments: [
        ("id,address,note\n", ","), ("id;osoite;kaupunki\r\n1;a,b;c\n", ";"), ("id\tname, with comma\tx\n", "\t"),
        ("a|b|c\n", "|"), ("address\n", ","), (#""a;b;c",d"# + "\n", ","), ("a;b,c;d\n", ";"), ("", ","),
        ("a,b;c;d", ";"), ("a;b,c,d\nx;y;z;w;v\n", ","),
    ])
    func theDelimiterIsWhicheverTheHeaderUsesMostOutsideQuotes(header: String, expected: String) {
        #expect(CSVReader.delimiter(guessedFrom: Array(header.utf8)) == UInt8(ascii: Unicode.Scalar(expected)!))
    }

    /// A blank line is skipped, but a line holding `""` is a record of one empty field: a
    /// batch keeps it as a row (unmatched), as every row of its input.
    @Test func aQuotedEmptyLineIsARecordAndABlankLineIsNot() throws {
        let folder = try Fixtures.temporaryDirectory()
        let url = folder.appendingPathComponent("rows.csv")
        try "address\r\nKaivokatu 1\r\n\"\"\r\n\r\nKaivokatu 3\n\"\"".write(to: url, atomically: false, encoding: .utf8)
        var csv = CSVReader(try ByteReader(path: url.path))
        var records: [([String], Int)] = []
        while let record = try csv.next() { records.append((record.fields, record.line)) }
        #expect(records.map(\.0) == [["address"], ["Kaivokatu 1"], [""], ["Kaivokatu 3"], [""]])
        #expect(records.map(\.1) == [1, 2, 3, 5, 6])
    }

    /// A cell's line breaks and tabs become single spaces; text on one line is left as it is.
    @Test(arguments: [
        ("  Main\r\n\r\n  Street\t1 ", "Main Street 1"), ("Testikuja\n", "Testikuja"), ("\t\n", ""),
        ("Café  Regatta", "Café  Regatta"), ("A\u{2028}B\nC", "A\u{2028}B C"), ("A\u{2028}B", "A\u{2028}B"),
        (" Kaivokatu 1", "Kaivokatu 1"), ("Kaivokatu 1\t", "Kaivokatu 1"), ("\t", ""), ("", ""), ("x", "x"),
    ])
    func aFieldIsReadOnOneLine(field: String, expected: String) {
        #expect(field.oneLine == expected)
    }

    /// Importers read records as bytes and make strings of the fields they use: the same text
    /// as ``CSVReader/next()``, on one line, even for a record kept past the next read.
    @Test(arguments: [2, 5, 1 << 20])
    func fieldsReadAsBytesAreTheRecordsText(blockSize: Int) throws {
        let text = "a,\"b, c\",,é\r\n1,\"two\nlines\",  3 ,x\n\n\" 60,17 \",24.5,nan,\"\"\"\""
        var csv = CSVReader(try ByteReader(path: Self.file(Array(text.utf8)), blockSize: blockSize))
        let first = try #require(try csv.nextFields())
        let second = try #require(try csv.nextFields())
        let third = try #require(try csv.nextFields())
        #expect(try csv.nextFields()?.line == nil)
        #expect((0..<first.count).map(first.text) == ["a", "b, c", "", "é"])
        #expect((0..<second.count).map { CSVColumns.value(second, $0) } == ["1", "two lines", "3", "x"])
        #expect((0..<third.count).map(third.text) == [" 60,17 ", "24.5", "nan", "\""])
        #expect([first.line, second.line, third.line] == [1, 2, 5] as [Int])
        #expect([first.terminated, third.terminated] == [true, false])
        #expect(CSVColumns.value(second, 9) == "" && CSVColumns.value(second, nil) == "")
        // A decimal comma and spaces are read as text; the plain decimal from the bytes.
        let coordinate = try CSVColumns.coordinate(third, latitude: 0, longitude: 1).get()
        #expect(coordinate.lat == 60.17 && coordinate.lon == 24.5)
        #expect((try? CSVColumns.coordinate(third, latitude: 2, longitude: 1).get()) == nil)  // "nan"
        #expect((try? CSVColumns.coordinate(third, latitude: 0, longitude: 7).get()) == nil)  // no column 7
    }

    /// Coordinates are read by a fast path for plain decimals, and longer ones from their bytes;
    /// both must give exactly the double `Double(_:)` gives, and leave everything else to it.
    @Test func plainDecimalsReadAsDoubleReadsThem() {
        var generator = SystemRandomNumberGenerator()
        var texts = [
            "0", "-0", "+0", "0.0", "-0.0", "5.", ".5", "-.5", "24.7116323", "-179.9999999", "90", "180.0000001",
            "123456789012345", "1234567890123456", "0.000000000000001", "0.1", "0.2", "0.3", "60.1699",
            "999999999999999", "9007199254740993", ".", "-", "+", "", "1.2.3", "1e5", "1E-3", "0x1p3", "nan", "inf",
            " 1", "1 ", "1,5", "--1", "+-1", "٣", "1_000", "60.16990000000000000000", "24.93840000000000000001",
            "9223372036854775808", "99999999999999999999", String(repeating: "9", count: 40), "-0.0000000000000000001",
            "38.065302614251046", "-6.670116390335908", "-1.5e-3", "2E+2", "1e400", "-1e-400", "4.9e-324", "1e", "e5",
            "1e5e5", "+.e1", String(repeating: "1", count: 70),
        ]
        for _ in 0..<20_000 {
            let digits = Int.random(in: 1...40, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            let point = Int.random(in: 0...digits, using: &generator)
            if Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: point))
            }
            if Bool.random(using: &generator) { text = "-" + text }
            texts.append(text)
        }
        for text in texts {
            // Longer decimals and exponents are read from their bytes too, exactly as `Double(_:)`
            // reads them; anything else is left to it.
            let viaBytes = Array(text.utf8).withUnsafeBufferPointer(decimalNumber)
            if let viaBytes {
                #expect(viaBytes.bitPattern == Double(text)?.bitPattern, "\(text): \(viaBytes)")
            } else if text.utf8.count <= 64, !text.isEmpty, text.allSatisfy({ "0123456789.+-eE".contains($0) }) {
                #expect(Double(text) == nil, "\(text)")
            }
            let fast = plainDecimal(text)
            if let fast {
                #expect(
                    fast.bitPattern == Double(text)?.bitPattern,
                    "\(text): \(fast) against \(String(describing: Double(text)))")
            } else {
                // Only what the fast path does not take: more than 15 digits, or not a plain decimal.
                let digitCount = text.filter(\.isASCII).filter(\.isNumber).count
                let plain = text.allSatisfy { $0.isASCII && ($0.isNumber || "+-.".contains($0)) }
                #expect(!plain || digitCount > 15 || digitCount == 0 || Double(text) == nil, "\(text)")
            }
        }
    }

    @Test func aFileThatIsNotUTF8IsReadAsWindows1252() {
        let utf8 = Array("id,osoite\n1,Yrjönkatu 13\n".utf8)
        #expect(CSVReader.encoding(guessedFrom: utf8) == .utf8)
        // A block that ends inside "ö" (after its first byte) is still UTF-8.
        let cut = Array(utf8.prefix(through: utf8.firstIndex(of: 0xC3)!))
        #expect(String(validating: cut, as: UTF8.self) == nil)
        #expect(CSVReader.encoding(guessedFrom: cut) == .utf8)
        let latin: [UInt8] = Array("id,osoite\n1,Yrj".utf8) + [0xF6] + Array("nkatu 13 \u{20}".utf8) + [0x80, 0x0A]
        #expect(CSVReader.encoding(guessedFrom: latin) == .windows1252)
        #expect(CSVReader.windows1252Text([0x59, 0x72, 0x6A, 0xF6, 0x80, 0x93, 0x94, 0x81]) == "Yrjö€“”\u{81}")
    }

    @Test func csvKeepsWhatAnUnterminatedQuoteHoldsAndReplacesBadBytes() throws {
        let records = try Self.records("a,\"open\nstill open")
        #expect(records.count == 1)
        #expect(records[0].fields == ["a", "open\nstill open"])
        #expect(records[0].unterminatedQuote)
        var reader = CSVReader(try ByteReader(path: Self.file([0x61, 0xFF, 0x2C, 0x62, 0x0A])))
        #expect(try reader.next()?.fields == ["a\u{FFFD}", "b"])
        #expect(try Self.records(#"x,"a ""b"", c",d"#).map(\.fields) == [["x", #"a "b", c"#, "d"]])
        #expect(CSVReader.escaped("plain") == "plain")
        #expect(CSVReader.escaped("a,b") == #""a,b""#)
        #expect(CSVReader.escaped("say \"hi\"\n") == "\"say \"\"hi\"\"\n\"")
        #expect(CSVReader.escaped("\"") == "\"\"\"\"")
        #expect(CSVReader.escaped("\"\"a,") == "\"\"\"\"\"a,\"")
    }

    @Test(arguments: [1, 5, 1 << 20])
    func aGzipFileReadsAsItsContentAndATruncatedOneIsAnError(blockSize: Int) throws {
        // Two gzip members one after the other (as `cat a.gz b.gz` makes), read through.
        let folder = try Fixtures.temporaryDirectory()
        let text = (0..<5000).map { "row \($0),\"quoted, \($0)\"" }.joined(separator: "\n") + "\n"
        let first = folder.appendingPathComponent("a.csv")
        try Data(text.utf8).write(to: first)
        let member = try Data(contentsOf: try Fixtures.gzip(first, keeping: true))
        let joined = folder.appendingPathComponent("joined.csv.gz")
        try (member + member).write(to: joined)
        var reader = CSVReader(try ByteReader(path: joined.path, blockSize: blockSize))
        var rows = 0
        while let record = try reader.next() {
            #expect(record.fields == ["row \(rows % 5000)", "quoted, \(rows % 5000)"])
            rows += 1
        }
        #expect(rows == 10_000)
        // Zero padding after the last member is ignored, as gzip itself does.
        let padded = folder.appendingPathComponent("padded.csv.gz")
        try (member + Data(count: 512)).write(to: padded)
        var paddedReader = CSVReader(try ByteReader(path: padded.path, blockSize: blockSize))
        var paddedRows = 0
        while try paddedReader.next() != nil { paddedRows += 1 }
        #expect(paddedRows == 5000)
        let truncated = folder.appendingPathComponent("cut.csv.gz")
        try member.prefix(member.count / 2).write(to: truncated)
        var cut = CSVReader(try ByteReader(path: truncated.path, blockSize: blockSize))
        #expect(throws: LocatorError.self) { while try cut.next() != nil {} }
    }

    /// GeoNames and OpenAddresses hand out ZIP archives: the one file in one reads as itself,
    /// deflated or stored, with ZIP64 records, beside macOS metadata and folders; anything else
    /// is a one-line error naming the archive.
    @Test(arguments: [7, 1 << 20])
    func theOneFileInAZipArchiveReadsAsItsContent(blockSize: Int) throws {
        let folder = try Fixtures.temporaryDirectory()
        let text = (0..<5000).map { "row \($0),\"quoted, \($0)\"" }.joined(separator: "\n") + "\n"
        let data = Data(text.utf8)
        func rows(_ name: String) throws -> Int {
            var reader = CSVReader(try ByteReader(path: folder.appendingPathComponent(name).path, blockSize: blockSize))
            var count = 0
            while let record = try reader.next() {
                #expect(record.fields == ["row \(count)", "quoted, \(count)"])
                count += 1
            }
            return count
        }
        let archives: [(String, [TinyZip.Entry], Bool)] = [
            ("deflated.zip", [.init(name: "rows.csv", data: data)], false),
            ("stored.zip", [.init(name: "rows.csv", data: data, deflated: false)], false),
            ("zip64.zip", [.init(name: "rows.csv", data: data)], true),
            (
                "mac.zip",
                [
                    .init(name: "rows/", data: Data()), .init(name: "__MACOSX/rows/._rows.csv", data: Data("x".utf8)),
                    .init(name: "rows/.DS_Store", data: Data("x".utf8)), .init(name: "rows/rows.csv", data: data),
                ], false
            ),
        ]
        for (name, entries, zip64) in archives {
            try TinyZip.write(entries, to: folder.appendingPathComponent(name), zip64: zip64)
            #expect(try rows(name) == 5000, "\(name)")
        }
        let source = try ByteReader(path: folder.appendingPathComponent("deflated.zip").path)
        #expect(source.size.map { $0 > 0 && $0 < Int64(data.count) } == true)  // the compressed entry's size

        try TinyZip.write(
            [.init(name: "a.csv", data: data), .init(name: "b.csv", data: data)],
            to: folder.appendingPathComponent("two.zip"))
        let archive = try Data(contentsOf: folder.appendingPathComponent("deflated.zip"))
        try archive.prefix(archive.count - 30).write(to: folder.appendingPathComponent("cut.zip"))
        var corrupt = archive
        corrupt[60] ^= 0xFF  // inside the deflate stream
        try corrupt.write(to: folder.appendingPathComponent("corrupt.zip"))
        let errors: [(String, String)] = [
            ("two.zip", "'two.zip' is a ZIP archive of 2 files (a.csv, b.csv); unzip it and give the files you want"),
            ("cut.zip", "'cut.zip' is not a readable ZIP archive"),
        ]
        for (name, message) in errors {
            #expect(throws: LocatorError(.invalidInput, message)) { _ = try rows(name) }
        }
        #expect(throws: LocatorError.self) { _ = try rows("corrupt.zip") }
    }

    @Test func jsonParsingKeepsMemberOrderAndDecodesEscapes() throws {
        let value = try JSONValue.parse(
            #"{"z":1,"a":[true,false,null,-2.5e3],"m":"caf\u00e9 \ud83d\ude00 \"q\" \\ \/ \n","e":{}}"#)
        guard case .object(let members) = value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.0) == ["z", "a", "m", "e"])
        #expect(value["m"]?.text == "café 😀 \"q\" \\ / \n")
        #expect(value["a"] == .array([.bool(true), .bool(false), .null, .number(-2500)]))
        #expect(try JSONValue.parse(" 42 ") == .number(42))
    }

    @Test(arguments: [
        "", "{", "[1,]", "{\"a\":}", "{'a':1}", "01", "1.", "\"tab\there\"", "\"\\x\"", "nul", "{} {}",
        String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ])
    func badJSONIsASyntaxErrorWithAnOffset(text: String) {
        #expect(throws: JSONValue.SyntaxError.self) { _ = try JSONValue.parse(text) }
    }
}
