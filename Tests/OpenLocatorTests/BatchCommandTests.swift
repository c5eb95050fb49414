import Foundation
import Testing

@testable import OpenLocator

/// `locator batch` end to end with the real binary: formats, quoting, every row kept in
/// order, the reverse → forward round trip, interruption and resuming, a remote service.
@Suite struct BatchCommandTests {
    /// CSV rows read back with the test's own reader.
    static func csvRows(_ url: URL) throws -> [[String]] {
        var reader = CSVReader(try ByteReader(path: url.path))
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        return rows
    }

    /// The point addresses of the default gazetteer, read from its table.
    static func addresses() throws -> [PlaceRecord] {
        let pointAddress = try #require(CategoryTree.world["Point Address"])
        return try allPlaces(in: Fixtures.defaultGazetteerURL(), category: pointAddress).sorted { $0.id < $1.id }
    }

    /// A CSV of `count` rows (`id,address,note`), the addresses repeating.
    static func addressFile(_ folder: URL, count: Int) throws -> URL {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let places = try addresses()
        var text = "id,address,note\n"
        for index in 0..<count {
            let place = places[index % places.count]
            text += "\(index),\"\(place.street) \(place.houseNumber), \(place.postal) \(place.city)\",\n"
        }
        let url = folder.appendingPathComponent("addresses.csv")
        try text.write(to: url, atomically: false, encoding: .utf8)
        return url
    }

    @Test func everyRowComesOutOnceInOrderWithItsFieldsAndMatch() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("in.csv")
        // A BOM, CRLF, a quoted comma, a quoted line break and doubled quotes, an empty address,
        // a short row, nonsense, and a name with a category near a point.
        let text =
            "\u{FEFF}ref,Address,comment\r\n"
            + "a1,\"Mannerheimintie 10, Helsinki\",\"first, \"\"quoted\"\"\"\r\n"
            + "a2,,\"two\nlines\"\r\n" + "a3,zzqx vvbnm,\r\n" + "a4\r\n" + "a5,Stockmann,last"
        try text.write(to: input, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out.csv")
        let outcome = try CLI.run(["batch", input.path, "--out", output.path, "--near", "60.1699,24.9384"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("batch: 5 rows in"))
        #expect(outcome.stderr.contains("1 matched, 1 tied, 3 unmatched"))
        let rows = try Self.csvRows(output)
        #expect(
            rows[0] == [
                "ref", "Address", "comment", "match_addr", "lat", "lon", "score", "addr_type", "place_name", "status",
            ])
        #expect(rows.dropFirst().map { $0[0] } == ["a1", "a2", "a3", "a4", "a5"])
        #expect(
            rows[1][0...3] == [
                "a1", "Mannerheimintie 10, Helsinki", "first, \"quoted\"", "Mannerheimintie 10, 00100 Helsinki",
            ])
        #expect(rows[1][7...9] == ["PointAddress", "", "matched"])
        #expect(
            try abs(#require(Double(rows[1][4])) - 60.17) < 0.01 && abs(#require(Double(rows[1][5])) - 24.94) < 0.01)
        #expect(rows[2] == ["a2", "", "two\nlines", "", "", "", "", "", "", "unmatched"])
        #expect(rows[3].last == "unmatched" && rows[4].last == "unmatched")
        #expect(rows[5][3] == "Stockmann" && rows[5][8] == "Stockmann" && rows[5][9] == "tied")
        #expect(rows.allSatisfy { $0.count == 10 })
    }

    @Test func jsonLinesKeepTheirTypesAndOrderAndSeveralColumnsMakeTheAddress() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("in.jsonl")
        try """
        [1, 2, 3]
        {"street":"Mannerheimintie 10","city":"Helsinki","postal":"00100","id":7,"tags":["a"]}

        {"id":12345678901234567890, "street":"Kaivokatu 1","city":"Helsinki"}
        not json at all
        {"street":"Yrjönkatu 13","lat":1}
        """.write(to: input, atomically: false, encoding: .utf8)
        let outcome = try CLI.run(["batch", input.path, "--columns", "street,city,postal", "--format", "jsonl"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stderr.contains("warning: line 1: not a JSON object; written as unmatched"))
        #expect(outcome.stderr.contains("warning: line 5: invalid JSON"))
        var lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        // A first line that is no object is a row like any other; the columns come from the next.
        #expect(try JSONValue.parse(lines.removeFirst())["status"]?.text == "unmatched")
        let first = try JSONValue.parse(lines[0])
        guard case .object(let members) = first else {
            Issue.record("not an object: \(lines[0])")
            return
        }
        #expect(
            members.map(\.0) == [
                "street", "city", "postal", "id", "tags", "match_addr", "lat", "lon", "score", "addr_type",
                "place_name", "status",
            ])
        #expect(first["id"] == .number(7) && first["tags"] == .array([.string("a")]))
        // The input object passes through as written: a number beyond a double's precision too.
        #expect(
            lines[1].hasPrefix(#"{"id":12345678901234567890, "street":"Kaivokatu 1","city":"Helsinki","match_addr":"#))
        #expect(first["match_addr"]?.text == "Mannerheimintie 10, 00100 Helsinki")
        #expect(try JSONValue.parse(lines[1])["match_addr"]?.text == "Kaivokatu 1, 00100 Helsinki")
        #expect(try JSONValue.parse(lines[2])["status"]?.text == "unmatched")
        // An input column named like an output column keeps its value; the match's gets a prefix.
        let last = try JSONValue.parse(lines[3])
        #expect(last["lat"] == .number(1) && last["status"]?.text == "matched")
        #expect(try #require(last["locator_lat"]?.number) > 60)
    }

    @Test func jsonLineNumbersKeepEveryDigitInCSVAndGeoJSONOutput() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("ids.jsonl")
        try """
        {"id":12345678901234567890,"street":"Kaivokatu 1","ratio":0.1000000000000000055511151231257827,"n":-0}
        {"id":98765432109876543210,"street":"zqxjkvw vyqzx"}

        """.write(to: input, atomically: false, encoding: .utf8)
        let csv = try CLI.run(["batch", input.path, "--column", "street", "--format", "csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let rows = csv.stdout.split(separator: "\r\n").map(String.init)
        #expect(rows.first?.hasPrefix("id,street,ratio,n,match_addr,") == true)
        #expect(
            rows.dropFirst().first?.hasPrefix(
                "12345678901234567890,Kaivokatu 1,0.1000000000000000055511151231257827,-0,") == true)
        #expect(rows.dropFirst(2).first?.hasPrefix("98765432109876543210,zqxjkvw vyqzx,,,") == true)

        let geojson = try CLI.run(["batch", input.path, "--column", "street", "--format", "geojson"])
        #expect(geojson.status == 0, "\(geojson.stderr)")
        #expect(geojson.stdout.contains(#""properties":{"id":12345678901234567890,"street":"Kaivokatu 1","#))
        #expect(geojson.stdout.contains(#""properties":{"id":98765432109876543210,"#))
        // Still one valid FeatureCollection with both features, the first one placed.
        let collection = try JSONValue.parse(geojson.stdout)
        guard case .array(let features)? = collection["features"] else {
            Issue.record("no features: \(geojson.stdout.prefix(300))")
            return
        }
        #expect(features.count == 2)
        #expect(features[0]["geometry"]?["type"]?.text == "Point")
        #expect(features[0]["properties"]?["status"]?.text == "matched")
        #expect(features[1]["geometry"] == .null && features[1]["properties"]?["status"]?.text == "unmatched")
    }

    @Test func theGazetteersOwnAddressesRoundTripWithin50Metres() async throws {
        // Reverse geocode a grid of points, then geocode the addresses found, as a batch.
        let task = try Fixtures.task()
        let parameters = ReverseGeocodeParameters()
        parameters.addFeatureType(.pointAddress)
        parameters.maxDistance = 500
        var expected: [(String, Point)] = []
        var lat = 60.1650
        while expected.count < 1200, lat < 60.1790 {
            var lon = 24.9360
            while expected.count < 1200, lon < 24.9530 {
                if let found = try await task.reverseGeocode(
                    forLocation: Point(latitude: lat, longitude: lon), parameters: parameters
                ).first, let location = found.displayLocation {
                    expected.append((found.label, location))
                }
                lon += 0.0004
            }
            lat += 0.0003
        }
        #expect(expected.count >= 1000)
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("round-trip.csv")
        try ("address\n" + expected.map { CSVReader.escaped($0.0) + "\n" }.joined())
            .write(to: input, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out.csv")
        let outcome = try CLI.run(["batch", input.path, "--out", output.path])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let rows = try Self.csvRows(output).dropFirst()
        #expect(rows.count == expected.count)
        let within = zip(rows, expected).filter { row, truth in
            guard let lat = Double(row[2]), let lon = Double(row[3]) else { return false }
            return Point(latitude: lat, longitude: lon).distance(to: truth.1) <= 50
        }.count
        let rate = Double(within) / Double(expected.count)
        print("batch round trip: \(within)/\(expected.count) = \(String(format: "%.3f", rate)) within 50 m")
        #expect(rate >= 0.95)
    }

    @Test func semicolonAndTabSeparatedFilesKeepTheirSeparatorAndResume() throws {
        let folder = try Fixtures.temporaryDirectory()
        // A spreadsheet in a decimal-comma locale: semicolons, a quoted field holding one, a comma.
        let semicolons = folder.appendingPathComponent("osoitteet.csv")
        try "\u{FEFF}id;osoite;huom\r\n1;Mannerheimintie 10, Helsinki;a,b\r\n2;\"Kaivokatu 1; Helsinki\";\r\n"
            .write(to: semicolons, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("tulos.csv")
        let first = try CLI.run(["batch", semicolons.path, "--column", "osoite", "--out", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        let rows = try String(contentsOf: out, encoding: .utf8).split(separator: "\r\n").map(String.init)
        #expect(rows.count == 3)
        #expect(rows[0] == "id;osoite;huom;match_addr;lat;lon;score;addr_type;place_name;status")
        #expect(rows[1].hasPrefix("1;Mannerheimintie 10, Helsinki;a,b;Mannerheimintie 10, 00100 Helsinki;60.1"))
        #expect(rows[2].hasPrefix(#"2;"Kaivokatu 1; Helsinki";;Kaivokatu 1, 00100 Helsinki;60.1"#))
        #expect(rows.dropFirst().allSatisfy { $0.hasSuffix(";matched") }, "\(rows)")
        // Resuming reads the semicolon file back: nothing is left to do, nothing is added.
        let again = try CLI.run(["batch", semicolons.path, "--column", "osoite", "--out", out.path, "--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8).split(separator: "\r\n").count == 3)

        // Plain "CSV" from a spreadsheet on Windows: Windows-1252, and an address column named
        // in Finnish.
        let windows = folder.appendingPathComponent("excel.csv")
        try Data([UInt8]("id;osoite\r\n1;Yrj".utf8) + [0xF6] + Array("nkatu 13, Helsinki\r\n".utf8)).write(to: windows)
        let excel = try CLI.run(["batch", windows.path])
        #expect(excel.status == 0, "\(excel.stderr)")
        #expect(excel.stderr.contains("warning: 'excel.csv' is not UTF-8; read as Windows-1252"))
        #expect(excel.stdout.contains("1;Yrjönkatu 13, Helsinki;Yrjönkatu 13, 00120 Helsinki;60.1"))

        let tabs = folder.appendingPathComponent("places.tsv")
        try "id\taddress\n7\tMannerheimintie 10, Helsinki\n".write(to: tabs, atomically: false, encoding: .utf8)
        let tsv = try CLI.run(["batch", tabs.path])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        let lines = tsv.stdout.split(separator: "\r\n").map(String.init)
        #expect(lines.first == "id\taddress\tmatch_addr\tlat\tlon\tscore\taddr_type\tplace_name\tstatus")
        #expect(
            lines.dropFirst().first?.hasPrefix("7\tMannerheimintie 10, Helsinki\tMannerheimintie 10, 00100 Helsinki\t")
                == true)
        #expect(!tsv.stderr.contains("warning"))
    }

    @Test func anInterruptedBatchLeavesAValidFileThatResumeCompletes() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = try Self.addressFile(folder, count: 1500)
        let text = try Data(contentsOf: input)
        // The first 1,100 rows go through a pipe that is then left open: the batch writes two
        // chunks of 512 and waits for more input, so it is surely running when the signal
        // comes, however fast or loaded the machine.
        let firstRows = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).prefix(1101)
        let head = Data(firstRows.joined(separator: [UInt8(ascii: "\n")]) + [UInt8(ascii: "\n")])
        for (format, signal) in [("csv", SIGTERM), ("geojson", SIGINT), ("jsonl", SIGKILL)] {
            let output = folder.appendingPathComponent("out.\(format)")
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["batch", "-", "--out", output.path]
            let feed = Pipe()
            let errors = Pipe()
            process.standardInput = feed
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            feed.fileHandleForWriting.write(head)
            func rowsWritten() -> Int {
                ((try? Data(contentsOf: output)) ?? Data()).reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, rowsWritten() < 1024, Date() < deadline { usleep(10_000) }
            #expect(process.isRunning, "the batch waits for more input")
            kill(process.processIdentifier, signal)
            if signal != SIGKILL {
                // Once the batch says it is stopping, the end of input lets it finish. (Read on
                // a thread of its own, with a deadline, so a missing line cannot hang the test.)
                let said = StderrLog(errors.fileHandleForReading)
                let until = Date().addingTimeInterval(60)
                while !said.text.contains("stopping after the rows in hand"), Date() < until { usleep(10_000) }
                #expect(said.text.contains("stopping after the rows in hand"))
            }
            try feed.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == (signal == SIGKILL ? SIGKILL : 128 + signal))
            var written = try Data(contentsOf: output)
            if signal != SIGKILL {
                // A graceful stop leaves a file any reader takes whole: the chunks written.
                let rows = try format == "csv" ? Self.csvRows(output).count - 1 : Self.geoJSONIDs(output).count
                #expect(rows == 1024, "\(format): \(rows) rows")
            } else {
                // A kill may cut a row in two: simulate the worst case.
                written += Data(#"{"id":"59"#.utf8)
                try written.write(to: output)
            }
            let resumed = try CLI.run(["batch", input.path, "--out", output.path, "--resume"])
            #expect(resumed.status == 0, "\(resumed.stderr)")
            #expect(resumed.stderr.contains("1,024 done before"), "\(resumed.stderr)")
            let ids: [String] =
                switch format {
                case "csv": try Self.csvRows(output).dropFirst().map { $0[0] }
                case "geojson": try Self.geoJSONIDs(output)
                default:
                    try String(decoding: Data(contentsOf: output), as: UTF8.self).split(separator: "\n").map {
                        try JSONValue.parse(String($0))["id"]?.text ?? ""
                    }
                }
            #expect(ids == (0..<1500).map(String.init), "\(format): every row once, in order")
        }
    }

    static func geoJSONIDs(_ url: URL) throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        let features = try #require(json?["features"] as? [[String: Any]])
        return features.map { (($0["properties"] as? [String: Any])?["id"] as? String) ?? "?" }
    }

    @Test func aRemoteServiceGivesTheSameFileAsTheGazetteer() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let folder = try Fixtures.temporaryDirectory()
        let input = try Self.addressFile(folder, count: 400)
        let local = try CLI.run(["batch", input.path, "--near", "60.1699,24.9384"])
        let remote = try CLI.run([
            "batch", input.path, "--near", "60.1699,24.9384", "--service", mirror.serviceURL.absoluteString,
        ])
        #expect(local.status == 0 && remote.status == 0, "\(remote.stderr)")
        #expect(
            local.stdout.components(separatedBy: "\r\n").count == 402,
            "a header, 400 rows, and after the last CRLF nothing")
        #expect(remote.stdout == local.stdout)
    }

    @Test func edgesOfTheFormatsKeepEveryValue() throws {
        let folder = try Fixtures.temporaryDirectory()
        // GeoJSON on standard output is one valid FeatureCollection.
        let input = try Self.addressFile(folder, count: 700)
        let geo = try CLI.run(["batch", input.path, "--format", "geojson"])
        #expect(geo.status == 0, "\(geo.stderr)")
        let collection = try JSONSerialization.jsonObject(with: Data(geo.stdout.utf8)) as? [String: Any]
        #expect((collection?["features"] as? [Any])?.count == 700)
        // Repeated column names keep each column's own value.
        let repeated = folder.appendingPathComponent("repeated.csv")
        try "name,name,address\nfirst,second,Kaivokatu 1\n".write(to: repeated, atomically: false, encoding: .utf8)
        let twice = try CLI.run(["batch", repeated.path, "--column", "address"])
        #expect(twice.stdout.hasPrefix("name,name,address,match_addr"))
        #expect(twice.stdout.contains("\r\nfirst,second,Kaivokatu 1,"))
        // JSON lines with a byte-order mark.
        let marked = folder.appendingPathComponent("marked.jsonl")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"{"address":"Kaivokatu 1"}"#.utf8)).write(to: marked)
        let bom = try CLI.run(["batch", marked.path])
        #expect(bom.status == 0 && bom.stdout.hasSuffix(",matched\r\n"), "\(bom.stderr)")
        let unnamed = folder.appendingPathComponent("marked.data")
        try Data(contentsOf: marked).write(to: unnamed)
        let sniffed = try CLI.run(["batch", unnamed.path, "--format", "jsonl"])
        #expect(sniffed.stdout.contains("\"status\":\"matched\""), "a BOM before '{' is still JSON lines")
        // Resuming onto the output of a longer input, or onto foreign JSON lines, is refused.
        let output = folder.appendingPathComponent("out.jsonl")
        #expect(try CLI.run(["batch", input.path, "--out", output.path]).status == 0)
        let short = try Self.addressFile(folder.appendingPathComponent("short", isDirectory: true), count: 10)
        let shorter = try CLI.run(["batch", short.path, "--out", output.path, "--resume"])
        // (The recorded fingerprint tells first: the output was made from another input.)
        #expect(shorter.status == 1 && shorter.stderr.contains("was made from another input"), "\(shorter.stderr)")
        let foreign = folder.appendingPathComponent("foreign.jsonl")
        try "{\"a\":1}\n{\"b\":2}\n".write(to: foreign, atomically: false, encoding: .utf8)
        let refused = try CLI.run(["batch", input.path, "--out", foreign.path, "--resume"])
        #expect(refused.status == 1 && refused.stderr.contains("cannot be resumed"))
        #expect(try String(contentsOf: foreign, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n")
    }

    /// The issue's case: 19 rows removed from the top of the input, or another --column, must
    /// not resume silently (it used to exit 0 with 18 rows missing).
    @Test func resumeRefusesAnotherInputOrOtherOptions() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = try Self.addressFile(folder.appendingPathComponent("in", isDirectory: true), count: 60)
        let output = folder.appendingPathComponent("out.csv")
        let first = try CLI.run(["batch", input.path, "--out", output.path])
        #expect(first.status == 0, "\(first.stderr)")
        // Cut the output short, as a kill would, and cut the input's top.
        let rows = try String(contentsOf: output, encoding: .utf8).components(separatedBy: "\r\n")
        try (rows.prefix(31).joined(separator: "\r\n") + "\r\n").write(to: output, atomically: false, encoding: .utf8)
        let kept = try String(contentsOf: output, encoding: .utf8)
        let lines = try String(contentsOf: input, encoding: .utf8).components(separatedBy: "\n")
        let trimmed = folder.appendingPathComponent("in/trimmed.csv")
        try ([lines[0]] + lines.dropFirst(20)).joined(separator: "\n").write(
            to: trimmed, atomically: false, encoding: .utf8)
        let original = URL(fileURLWithPath: input.path)
        try FileManager.default.removeItem(at: original)
        try FileManager.default.moveItem(at: trimmed, to: original)
        let cut = try CLI.run(["batch", input.path, "--out", output.path, "--resume"])
        #expect(cut.status == 1)
        #expect(cut.stderr.contains("was made from another input"), "\(cut.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8) == kept, "the output is left as it was")
        // The same input with another --column is refused too.
        try ([lines[0]] + lines.dropFirst()).joined(separator: "\n").write(
            to: original, atomically: false, encoding: .utf8)
        let columns = lines[0].split(separator: ",").map(String.init)
        let other = try CLI.run(["batch", input.path, "--column", columns[0], "--out", output.path, "--resume"])
        #expect(other.status == 1)
        #expect(
            other.stderr.contains("made with other options") || other.stderr.contains("another input"),
            "\(other.stderr)")
        // The untouched input resumes.
        let again = try CLI.run(["batch", input.path, "--out", output.path, "--resume"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOf: output, encoding: .utf8).components(separatedBy: "\r\n").count == rows.count)
    }

    @Test func mistakesGetOneLineErrors() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("two.csv")
        try "name,town\nStockmann,Helsinki\n".write(to: input, atomically: false, encoding: .utf8)
        let cases: [([String], Int32, String)] = [
            (
                ["batch", input.path], 64,
                "say which column holds the address with --column NAME or --columns A,B (columns: 'name', 'town')"
            ),
            (
                ["batch", input.path, "--column", "street"], 64,
                "no column 'street' in the input (columns: 'name', 'town')"
            ),
            (["batch", input.path, "--column", "name", "--resume"], 64, "--resume needs the --out file to continue"),
            (
                ["batch", input.path, "--column", "name", "--out", input.path], 64,
                "--out would overwrite the INPUT file"
            ),
            (["batch", "/nonexistent/in.csv", "--column", "name"], 1, "no readable input file 'in.csv'"),
            (["batch", input.path, "--column", "name", "--format", "xml"], 64, "--format"),
            (["batch"], 64, "give the INPUT file"),
        ]
        for (arguments, status, message) in cases {
            let outcome = try CLI.run(arguments)
            #expect(outcome.status == status, "\(arguments)")
            #expect(outcome.stderr.contains(message), "\(arguments): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("/nonexistent"), "no paths in messages")
        }
        // Resuming a file that is not this batch's output is refused, and the file is kept.
        let other = folder.appendingPathComponent("other.csv")
        try "something,else\n1,2\n".write(to: other, atomically: false, encoding: .utf8)
        let refused = try CLI.run(["batch", input.path, "--column", "name", "--out", other.path, "--resume"])
        #expect(refused.status == 1 && refused.stderr.contains("is not the csv output of this batch"))
        #expect(try String(contentsOf: other, encoding: .utf8) == "something,else\n1,2\n")
    }
}

/// What a process writes to a pipe, gathered on a thread of its own. `@unchecked Sendable`:
/// guarded by `lock`.
private final class StderrLog: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                lock.withLock { data += chunk }
            }
        }.start()
    }

    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}

/// `--no-header`: a file without a header row keeps its first row, its columns named by
/// number; and a header row that looks like data is warned about.
@Suite struct BatchHeaderlessTests {
    @Test func aFileWithoutAHeaderKeepsItsFirstRow() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("addresses.csv")
        try "\"Mannerheimintie 10, Helsinki\",a\n\"Aleksanterinkatu 52, Helsinki\",b\n".write(
            to: input, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("out.csv")
        let run = try CLI.run(["batch", input.path, "--no-header", "--column", "1", "--out", out.path])
        #expect(run.status == 0, "\(run.stderr)")
        let rows = try BatchCommandTests.csvRows(out)
        #expect(rows.count == 3, "\(rows)")  // the header written, then both rows
        #expect(Array(rows[0].prefix(3)) == ["column_1", "column_2", "match_addr"])
        #expect(rows[1][0] == "Mannerheimintie 10, Helsinki" && rows[1][1] == "a")
        #expect(rows[1][2].hasPrefix("Mannerheimintie 10"), "\(rows[1])")
        #expect(rows[2][2].hasPrefix("Aleksanterinkatu 52"), "\(rows[2])")
        #expect(!run.stderr.contains("looks like data"))

        // Read with a header, the first row would be lost: its numbers are warned about.
        let points = folder.appendingPathComponent("points.csv")
        try "60.1690,24.9410\n-33.8688,151.2093\n".write(to: points, atomically: false, encoding: .utf8)
        let warned = try CLI.run(["batch", points.path, "--reverse", "--columns", "60.1690,24.9410"])
        #expect(warned.stderr.contains("looks like data"), "\(warned.stderr)")
        #expect(warned.stderr.contains("--no-header"))
        let reversed = try CLI.run(["batch", points.path, "--reverse", "--no-header", "--columns", "1,2"])
        #expect(reversed.status == 0, "\(reversed.stderr)")
        let lines = reversed.stdout.split(whereSeparator: \.isNewline)  // CSV lines end in CRLF
        #expect(lines.count == 3, "\(reversed.stdout)")
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(",matched") }, "\(reversed.stdout)")
        #expect(!reversed.stderr.contains("looks like data"))
    }
}
