import Foundation
import Testing

@testable import OpenLocator

/// The real `locator` binary, end to end, against the default gazetteer.
@Suite struct CLITests {
    init() throws { _ = try Fixtures.defaultGazetteerURL() }

    @Test func findsTheNearestCafesOfCentralHelsinki() throws {
        let outcome = try CLI.run(["find", "coffee shop", "--near", "60.1699,24.9384"])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Name") == true && lines.first?.contains("Distance") == true)
        #expect(lines.count == 11)
        #expect(lines.dropFirst().allSatisfy { $0.contains("Coffee Shop") && $0.contains(" m ") })
    }

    @Test func aCategoryFarFromItsPlacesSaysInOneLineWhereTheGazetteerHasThem() throws {
        let outcome = try CLI.run(["find", "coffee shop", "--near", "34.027,-118.805"])
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("No Coffee Shop within 50 km of 34.0270,-118.8050"))
        #expect(line.contains("only around Helsinki, Uusimaa, Finland") && line.contains("from Helsinki.osm.pbf"))
        #expect(line.contains("locator build --osm") && line.contains("docs/data.md"))
        let json = try CLI.run(["find", "--category", "Hotel", "--near", "-33.87,151.21", "--format", "json"])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((body["candidates"] as? [Any])?.isEmpty == true)
        #expect(
            ((body["coverage"] as? [String: Any])?["summary"] as? String)?.hasPrefix("No Hotel within 50 km") == true)
        #expect(json.stderr.hasPrefix("No Hotel within 50 km"))
        let wider = try CLI.run([
            "find", "coffee shop", "--near", "34.027,-118.805", "--max-distance", "10000km", "--max", "2",
        ])
        #expect(wider.status == 0 && wider.stdout.contains("Coffee Shop") && wider.stdout.contains("km"))
        for bad in ["0", "-3", "far", "99999km"] {
            let refused = try CLI.run(["find", "cafe", "--near", "60.17,24.94", "--max-distance", bad])
            #expect(refused.status == 64, "--max-distance \(bad)")
            #expect(refused.stderr.contains("--max-distance"))
        }
        let info = try CLI.run(["info"])
        #expect(info.stdout.contains("POIs around Helsinki, Uusimaa, Finland"))
    }

    @Test func explainPrintsTheReadingsOnStandardError() throws {
        for (query, stage) in [
            ("Mannerheimintie 10, Helsinki", "address"), ("Hamilton, New Zealand", "qualified place"),
            ("hotels near Stockmann", "category + place"), ("Hotel Kamp Qzxv", "name"),
        ] {
            let outcome = try CLI.run(["find", query, "--explain", "--max", "1"])
            #expect(outcome.status == 0)
            #expect(outcome.stderr.hasPrefix("words: "), "\(query)")
            #expect(outcome.stderr.contains("reading 1, "))
            #expect(outcome.stderr.contains(", \(stage) (penalty "), "\(query): \(outcome.stderr)")
            #expect(outcome.stderr.contains("\nfirst: "))
            #expect(outcome.stdout.split(separator: "\n").count == 2, "the table is unchanged")
        }
    }

    @Test func suggestsAsYouTypeAndTheMagicKeyFindsTheSuggestionAgain() throws {
        let table = try CLI.run(["suggest", "stockm", "--near", "60.1699,24.9384"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.first?.contains("Suggestion") == true && lines.first?.contains("Magic key") == true)
        #expect(lines.dropFirst().first?.contains("Stockmann, Aleksanterinkatu 52") == true)
        let json = try CLI.run(["suggest", "coff", "--near", "60.1699,24.9384", "--format", "json"])
        let body = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let suggestions = try #require(body["suggestions"] as? [[String: Any]])
        #expect(suggestions.count == 5)
        #expect(suggestions.first?["text"] as? String == "Coffee Shop")
        #expect(suggestions.first?["isCollection"] as? Bool == true)
        let place = try #require(suggestions.first { $0["isCollection"] as? Bool == false })
        let text = try #require(place["text"] as? String)
        let key = try #require(place["magicKey"] as? String)
        let found = try CLI.run(["find", text, "--magic-key", key, "--format", "json"])
        #expect(found.status == 0)
        let candidates = try #require(
            (try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any])?["candidates"]
                as? [[String: Any]])
        #expect(candidates.count == 1)
        #expect((candidates.first?["attributes"] as? [String: Any])?["LongLabel"] as? String == text)
        let none = try CLI.run(["suggest", "qqqqxz"])
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("No suggestions for 'qqqqxz'"))
    }

    @Test func printsArcGISFindAddressCandidatesJSON() throws {
        let outcome = try CLI.run([
            "find", "--category", "Hotel", "--near", "60.1699,24.9384", "--max", "3", "--format", "json",
        ])
        #expect(outcome.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
        let sr = try #require(json["spatialReference"] as? [String: Any])
        #expect(sr["wkid"] as? Int == 4326)
        let candidates = try #require(json["candidates"] as? [[String: Any]])
        #expect(candidates.count == 3)
        for candidate in candidates {
            #expect(candidate["address"] is String)
            let location = try #require(candidate["location"] as? [String: Any])
            #expect(location["x"] is Double && location["y"] is Double)
            #expect(candidate["score"] as? Double == 100)
            let attributes = try #require(candidate["attributes"] as? [String: Any])
            #expect(attributes["Type"] as? String == "Hotel")
            #expect(attributes["Addr_type"] as? String == "POI")
            for field in [
                "PlaceName", "Place_addr", "Distance", "Match_addr", "LongLabel", "ShortLabel", "StAddr", "City",
                "Region", "Postal", "Country", "X", "Y", "Score",
            ] {
                #expect(attributes[field] != nil, "missing \(field)")
            }
            let extent = try #require(candidate["extent"] as? [String: Any])
            #expect(Set(extent.keys) == ["xmin", "ymin", "xmax", "ymax"])
        }
    }

    @Test func printsGeoJSONAndWebMercator() throws {
        let geojson = try CLI.run(["find", "parks", "--near", "60.1699,24.9384", "--format", "geojson", "--max", "2"])
        let collection = try #require(
            try JSONSerialization.jsonObject(with: Data(geojson.stdout.utf8)) as? [String: Any])
        #expect(collection["type"] as? String == "FeatureCollection")
        let features = try #require(collection["features"] as? [[String: Any]])
        #expect(features.count == 2)
        for feature in features {
            // Names unique ignoring case (GDAL renames "score" beside "Score"), the label kept.
            let names = try #require(feature["properties"] as? [String: Any]).keys
            #expect(Set(names.map { $0.lowercased() }).count == names.count, "\(names.sorted())")
            #expect(names.contains("label") && names.contains("Score"))
        }
        let mercator = try CLI.run([
            "find", "parks", "--near", "60.1699,24.9384", "--format", "json", "--sr", "3857", "--max", "1",
        ])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(mercator.stdout.utf8)) as? [String: Any])
        #expect((json["spatialReference"] as? [String: Any])?["latestWkid"] as? Int == 3857)
        let x = try #require(
            ((json["candidates"] as? [[String: Any]])?.first?["location"] as? [String: Any])?["x"] as? Double)
        #expect(x > 2_700_000 && x < 2_800_000)
    }

    @Test func reverseAndIdentifyAnswerInTheirShapes() throws {
        let reverse = try CLI.run(["reverse", "60.1690,24.9410", "--format", "json"])
        #expect(reverse.status == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(reverse.stdout.utf8)) as? [String: Any])
        let address = try #require(json["address"] as? [String: Any])
        for key in ["Match_addr", "LongLabel", "Addr_type", "Address", "City", "Region", "Postal", "CountryCode"] {
            #expect(address[key] != nil, "missing \(key)")
        }
        #expect(((json["location"] as? [String: Any])?["spatialReference"] as? [String: Any])?["wkid"] as? Int == 4326)

        let nothing = try CLI.run(["reverse", "0,-30", "--feature-types", "PointAddress", "--format", "json"])
        #expect(nothing.stdout.contains("Unable to find address for the specified location."))
        #expect(nothing.status == 1, "an error object is no answer")
        let nothingAsTable = try CLI.run(["reverse", "0,-30", "--feature-types", "PointAddress"])
        #expect(nothingAsTable.status == 0)
        #expect(nothingAsTable.stdout.hasPrefix("No address found within 100 m"))

        let identify = try CLI.run(["identify", "60.1690,24.9410", "--tolerance", "50"])
        #expect(identify.status == 0)
        #expect(identify.stdout.split(separator: "\n").count == 3)
        let none = try CLI.run(["identify", "60.0,24.0"])
        #expect(none.status == 0)
        #expect(none.stdout.hasPrefix("No place within 25 m"))
    }

    @Test(arguments: [
        (["find", "cafe", "--near", "91,24"], "latitude must be between -90 and 90"),
        (["find", "cafe", "--max", "0"], "--max must be between 1 and 50"),
        (["find", "cafe", "--near"], "missing value for '--near'"),
        (["find", "cafe", "--bogus"], "unknown option '--bogus'"),
        (["find"], "give TEXT"),
        (["find", "cafe", "--format", "xml"], "--format must be one of"),
        (["find", "--category", "Spaceport"], "unknown category 'Spaceport'"),
        (["find", "cafe", "--within", "1,2,3"], "--within expects"),
        (["reverse", "60.1,abc"], "expects LAT,LON"),
        (["reverse", "60.1,24.9", "--feature-types", "House"], "unknown feature type 'House'"),
        (["identify", "60.1,24.9", "--tolerance", "-5"], "--tolerance must be between"),
        (["frobnicate"], "unknown subcommand 'frobnicate'"),
        (["build", "--osm", "x.pbf"], "--out"),
        (["find", "--category", ""], "--category needs a category name"),
        (["find", "cafe", "--gazetteer", ""], "--gazetteer needs the path"),
        (["suggest"], "give TEXT to complete"),
        (["suggest", "sto", "--max", "16"], "--max must be between 1 and 15"),
        (["suggest", "sto", "--format", "geojson"], "--format must be one of"),
        (["suggest", "sto", "--category", "Spaceport"], "unknown category 'Spaceport'"),
        (["find", "--magic-key", "place:1"], "give TEXT"),
        (
            ["find", "cafe", "--within", "60.16,24.93,60.18,24.96", "--within-lonlat", "24.93,60.16,24.96,60.18"],
            "not both"
        ),
        (["find", "cafe", "--within", "24.93,60.16,24.96"], "--within expects MINLAT,MINLON,MAXLAT,MAXLON"),
        (["find", "cafe", "--within", "60.18,24.93,60.16,24.96"], "MINLAT <= MAXLAT"),
        (["find", "cafe", "--within-lonlat", "1,2,3,4", "--in-sr", "3857"], "--within-lonlat takes degrees"),
        (["find", "cafe", "--nearr", "60.17,24.94"], "unknown option '--nearr'; did you mean '--near'?"),
        (["suggest", "sto", "--categroy", "Food"], "did you mean '--category'?"),
        (["fnd", "cafe"], "unknown subcommand 'fnd'. Did you mean 'find'?"),
        (["find", "--category", "Cofee Shop"], "unknown category 'Cofee Shop'; did you mean 'Coffee Shop'?"),
        (["find", "--category", "Gas Statoin"], "did you mean 'Gas Station'?"),
    ])
    func usageErrorsExit64WithAOneLineHint(arguments: [String], message: String) throws {
        let outcome = try CLI.run(arguments)
        #expect(outcome.status == 64, "\(arguments) -> \(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(outcome.stderr.split(separator: "\n").count <= 2)
        #expect(outcome.stdout.isEmpty)
    }

    @Test func oddSearchTextGivesACleanAnswer() throws {
        for text in [#""NEAR("#, "'; DROP TABLE places;--", "*^\"", "cafe\u{7}"] {
            let outcome = try CLI.run(["find", text, "--near", "60.1699,24.9384"])
            #expect(outcome.status == 0, "\(text): \(outcome.stderr)")
            #expect(!outcome.stdout.localizedCaseInsensitiveContains("sqlite"))
            #expect(!outcome.stderr.localizedCaseInsensitiveContains("sql"))
        }
        let long = try CLI.run(["find", String(repeating: "a", count: 100_000)])
        #expect(long.status == 64)
        #expect(long.stderr.contains("too long"))
    }

    @Test func runtimeErrorsExit1WithoutPathsOfTheirOwn() throws {
        let outcome = try CLI.run(["find", "cafe", "--gazetteer", "/nonexistent/nothing.gazetteer"])
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("no readable gazetteer file 'nothing.gazetteer'"))
    }

    @Test func aPortInUseIsARuntimeErrorNotAUsageOne() throws {
        // Hold a port on 127.0.0.1, then ask `locator serve` for it.
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let held = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        try #require(held)
        let port = UInt16(bigEndian: address.sin_port)
        let outcome = try CLI.run(["serve", "--port", String(port)])
        #expect(outcome.status == 1, "\(outcome.status): \(outcome.stderr)")
        #expect(outcome.stderr.trimmingCharacters(in: .newlines) == "Error: cannot listen: 127.0.0.1:\(port) is in use")
    }

    @Test func helpIsPinnedForEveryCommandAndCarriesTheAttribution() throws {
        let root = try CLI.run(["--help"])
        #expect(root.status == 0)
        for command in ["find", "suggest", "reverse", "identify", "batch", "build", "info", "serve"] {
            #expect(root.stdout.contains("  \(command) "))
            let help = try CLI.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.stdout.hasPrefix("OVERVIEW: "))
            #expect(help.stdout.contains("USAGE: locator \(command)"))
        }
        #expect(root.stdout.contains("© OpenStreetMap contributors"))
        #expect(root.stdout.contains("GeoNames"))
        let find = try CLI.run(["find", "--help"]).stdout
        #expect(find.contains("--near LAT,LON"))
        #expect(find.contains("--within MINLAT,MINLON,MAXLAT,MAXLON"))
        #expect(find.contains("ODbL"))
    }

    @Test func buildsAndDescribesAGazetteer() throws {
        let folder = try Fixtures.temporaryDirectory()
        let out = folder.appendingPathComponent("h.gazetteer").path
        let build = try CLI.run(["build", "--osm", Fixtures.helsinkiPBF.path, "--out", out])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("wrote "))
        let info = try CLI.run(["info", "--gazetteer", out])
        #expect(info.status == 0)
        #expect(info.stdout.contains("Coffee Shop"))
        #expect(info.stdout.contains("© OpenStreetMap contributors"))
        let missing = try CLI.run(["build", "--osm", "/nonexistent.pbf", "--out", out])
        #expect(missing.status == 1)
        #expect(FileManager.default.fileExists(atPath: out))
    }
}

/// Interrupting a build leaves neither the target nor a temporary file.
@Suite struct CLIInterruptTests {
    @Test func anInterruptedBuildLeavesNothingBehind() throws {
        let folder = try Fixtures.temporaryDirectory()
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "build", "--osm", Fixtures.helsinkiPBF.path, "--geonames",
            Fixtures.sources.appendingPathComponent("cities500.txt.gz").path, "--out",
            folder.appendingPathComponent("out.gazetteer").path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the database is being written, then interrupt.
        var seen = ""
        while !seen.contains("writing"), process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        let partials = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        process.interrupt()
        process.waitUntilExit()
        #expect(seen.contains("writing"))
        #expect(partials.contains { $0.hasSuffix(".partial") }, "the build should have been under way: \(partials)")
        #expect(process.terminationStatus == 130)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// `kill -9` gives no chance to clean up: the next build of the same output removes what
    /// the killed one left, but not the file of a build still running.
    @Test func theNextBuildRemovesWhatAKilledBuildLeft() throws {
        let folder = try Fixtures.temporaryDirectory()
        let out = folder.appendingPathComponent("out.gazetteer")
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = [
            "build", "--osm", Fixtures.helsinkiPBF.path, "--geonames",
            Fixtures.sources.appendingPathComponent("cities500.txt.gz").path, "--out", out.path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var seen = ""
        while !seen.contains("writing"), process.isRunning {
            let chunk = errors.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left.contains { $0.hasSuffix(".partial") }, "the killed build left its files: \(left)")
        // A build in progress (this process holds its lock) keeps its file.
        let live = folder.appendingPathComponent(".out.gazetteer.live.partial")
        let lock = try BuildLock(path: live.path)
        let csv = folder.appendingPathComponent("one.csv")
        try "name,category,lat,lon\nDepot,Coffee Shop,60.17,24.94\n".write(to: csv, atomically: true, encoding: .utf8)
        let next = try CLI.run(["build", "--places", csv.path, "--out", out.path])
        #expect(next.status == 0, "\(next.stderr)")
        let after = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(after == [".out.gazetteer.live.partial", "one.csv", "out.gazetteer"])
        withExtendedLifetime(lock) {}
    }
}

@Suite struct CLIBuildFailureTests {
    /// A build that cannot write (here a file-size limit, as a full disk would) says what
    /// failed in one line, without SQL or paths, and leaves neither of its files behind.
    @Test func aBuildThatCannotWriteSaysWhyAndLeavesNothing() throws {
        let folder = try Fixtures.temporaryDirectory()
        var rows = ["LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,REGION,POSTCODE,ID,HASH"]
        for n in 1...50_000 { rows.append("24.9\(n % 1000),60.1\(n / 1000),\(n),Testikuja,,Helsinki,,,00150,,") }
        let input = folder.appendingPathComponent("many.csv")
        try rows.joined(separator: "\n").write(to: input, atomically: false, encoding: .utf8)
        let output = folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Files may grow to 4 MB (8,000 blocks of 512 bytes in dash, of 1 KiB in bash: 8 MB):
        // the build's 2 MB R*Tree spool fits, its 16 MB gazetteer does not. (Writes past the
        // limit fail with EFBIG once SIGXFSZ is ignored.)
        process.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 8000; exec \"$0\" \"$@\"", CLI.executable.path, "build",
            "--openaddresses", input.path, "--out", output.appendingPathComponent("g.gazetteer").path,
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        let lastLine = stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(lastLine.hasPrefix("Error: writing the gazetteer failed: disk I/O error (SQLite error "), "\(stderr)")
        #expect(!stderr.contains(folder.path) && !stderr.contains("INSERT"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
    }
}

/// One coordinate order, LAT first, and a warning when a point looks swapped: outside the
/// gazetteer's detailed areas as given, inside one swapped. The answer is still for the point
/// as given.
@Suite struct SwappedCoordinatesCLITests {
    @Test(arguments: [
        ["find", "cafe", "--near", "24.9384,60.1699"],
        ["suggest", "sto", "--near", "24.9384,60.1699"],
        ["reverse", "24.9410,60.1690"],
        ["identify", "24.9410,60.1690"],
        ["find", "--category", "Hotel", "--within", "24.93,60.16,24.96,60.18"],
    ])
    func aSwappedPointIsWarnedAbout(arguments: [String]) throws {
        let swapped = try CLI.run(arguments)
        #expect(swapped.status == 0, "\(arguments): \(swapped.stderr)")
        let warning = swapped.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warning.count == 1, "\(arguments): \(swapped.stderr)")
        #expect(warning.first?.contains("Helsinki") == true, "\(warning)")
        #expect(warning.first?.contains("swapped") == true)
    }

    @Test(arguments: [
        ["find", "cafe", "--near", "60.1699,24.9384"],
        ["reverse", "60.1690,24.9410"],
        ["find", "--category", "Hotel", "--within", "60.16,24.93,60.18,24.96"],
        ["find", "Sydney", "--near", "-33.87,151.21"],  // swapped, not a point on Earth
        ["find", "Portland", "--near", "45.52,-122.68"],  // swapped in Antarctica, where no detail is either
        ["find", "cafe", "--near", "2776164,8437963", "--in-sr", "3857"],  // metres, not degrees
    ])
    func aPointAsMeantIsNot(arguments: [String]) throws {
        let outcome = try CLI.run(arguments)
        #expect(outcome.status == 0, "\(arguments): \(outcome.stderr)")
        #expect(!outcome.stderr.contains("warning:"), "\(arguments): \(outcome.stderr)")
    }
}

/// `COLUMNS` (or the terminal's width) cuts the table to fit, and a pipe gets it whole.
@Suite struct TableWidthCLITests {
    @Test func aTableFitsTheWidthItIsGiven() throws {
        let arguments = ["find", "cafe", "--near", "60.1699,24.9384", "--max", "10"]
        let whole = try CLI.run(arguments)
        #expect(whole.status == 0)
        let wholeLines = whole.stdout.split(separator: "\n")
        #expect(!whole.stdout.contains("…"))
        #expect(wholeLines.contains { DisplayWidth.columns(String($0)) > 60 }, "no line to cut: \(wholeLines)")
        let cut = try CLI.run(arguments, environment: ["COLUMNS": "60"])
        #expect(cut.status == 0)
        let cutLines = cut.stdout.split(separator: "\n")
        #expect(cutLines.count == wholeLines.count)
        #expect(cutLines.allSatisfy { DisplayWidth.columns(String($0)) <= 60 }, "\(cutLines)")
        #expect(cut.stdout.contains("…"))
        // Each line still starts with its row's number and name.
        for (a, b) in zip(wholeLines, cutLines) { #expect(a.prefix(4) == b.prefix(4)) }
    }
}
