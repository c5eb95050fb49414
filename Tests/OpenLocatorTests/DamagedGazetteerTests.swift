import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// A gazetteer whose rows were damaged or tampered with after `build` (which refuses such values):
/// no number or text read from the file may crash the process. Every endpoint and every
/// `outFields` name runs over a copy of the real default gazetteer in which each place row got
/// one of a set of bad values (NaN-turned-NULL, ±inf, 1e308, negatives, huge and control-laden
/// strings, blobs, wrong types) in its numeric and display columns.
@Suite(.serialized) struct DamagedGazetteerTests {
    /// The bad values, cycled over the rows by id (so every Helsinki café gets some).
    static let badNumbers = [
        "NULL", "1e999", "-1e999", "1e308", "-1e308", "-5", "'abc'", "x'00ff'", "9223372036854775807",
    ]
    static let badTexts = ["NULL", "''", "x'ff00fe'", "char(27) || '[31mred' || char(7)", "3.5"]

    /// A copy of the default gazetteer with every place row damaged, its NOT NULLs lifted first.
    static let damaged: Result<URL, any Error> = Result {
        let copy = try Fixtures.temporaryDirectory().appendingPathComponent("damaged.gazetteer")
        try FileManager.default.copyItem(at: try Fixtures.defaultGazetteerURL(), to: copy)
        do {
            let db = try SQLiteConnection(path: copy.path, writable: true)
            try db.execute(
                """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = replace(sql, 'NOT NULL', '') WHERE name = 'places';
                PRAGMA writable_schema = OFF;
                """)
        }  // closed, so the next connection reads the edited schema
        let again = try SQLiteConnection(path: copy.path, writable: true)
        func cycled(_ column: String, _ values: [String]) -> String {
            "\(column) = CASE id % \(values.count) "
                + values.enumerated().map { "WHEN \($0.offset) THEN \($0.element)" }.joined(separator: " ")
                + " END"
        }
        // Numbers: one bad value per row per column, shifted per column so a row's columns differ.
        for (shift, column) in ["importance", "lon", "lat", "population", "category"].enumerated() {
            try again.execute(
                "UPDATE places SET "
                    + cycled(column, Array(badNumbers[shift...] + badNumbers[..<shift]))
                    + " WHERE id % 3 <> 0")
        }
        for column in ["name", "place_addr", "street", "city", "country", "addr_type", "house_number", "phone"] {
            try again.execute("UPDATE places SET \(cycled(column, badTexts)) WHERE id % 3 = 1")
        }
        // A few dozen rows with huge names and addresses (100,000 characters), Helsinki POIs among them.
        try again.execute(
            "UPDATE places SET name = replace(hex(zeroblob(50000)), '0', 'x'), place_addr = name WHERE id % 100 = 2 AND (source LIKE 'osm:%' OR id % 20000 = 2)"
        )
        return copy
    }

    static let requests: [String] = {
        let path = GeocodeServerRoutes.servicePath
        let fields = ["*"] + ResultAttributes.candidateFields + ResultAttributes.reverseFields
        var targets: [String] = []
        for field in Set(fields).sorted() {
            let out = "outFields=\(field == "*" ? "*" : field)"
            targets += [
                "\(path)/findAddressCandidates?category=Coffee%20Shop&location=24.9384,60.1699&maxLocations=50&\(out)&f=json",
                "\(path)/findAddressCandidates?singleLine=Helsinki&maxLocations=50&\(out)&f=pjson",
                "\(path)/findAddressCandidates?singleLine=cafe&location=24.9384,60.1699&\(out)&f=geojson",
                "\(path)/reverseGeocode?location=24.9384,60.1699&\(out)&f=json",
            ]
        }
        targets += [
            "\(path)/findAddressCandidates?singleLine=Mannerheimintie%2010&outFields=*&f=json",
            "\(path)/findAddressCandidates?singleLine=Portland,%20ME&outFields=*&f=json",
            "\(path)/findAddressCandidates?singleLine=Rochester%20Public%20Library&location=-92.47,44.02&outFields=*&f=json",
            "\(path)/findAddressCandidates?category=Coffee%20Shop&location=151.21,-33.87&outFields=*&f=json",
            "\(path)/suggest?text=sto&location=24.9384,60.1699&f=json",
            "\(path)/suggest?text=hel&f=json",
            "\(path)/reverseGeocode?location=24.95,60.17&featureTypes=POI&outFields=*&f=json",
            "\(path)/reverseGeocode?location=-0.1,51.5&featureTypes=Locality&outFields=*&f=json",
            "\(path)/geocodeAddresses?addresses=%7B%22records%22%3A%5B%7B%22attributes%22%3A%7B%22OBJECTID%22%3A1%2C%22SingleLine%22%3A%22Stockmann%22%7D%7D%5D%7D&outFields=*&f=json",
            "\(path)?f=json",
        ]
        return targets
    }()

    @Test func everyEndpointAndEveryFieldAnswersOverADamagedFile() throws {
        let routes = GeocodeServerRoutes(task: LocatorTask(gazetteer: try Self.damaged.get()))
        let server = HTTPServer(limits: .init()) { routes.respond($0) }
        let port = try server.start(host: "127.0.0.1", port: 0)
        defer { server.shutdown() }
        var candidates = 0
        var ranks: [Int] = []
        for target in Self.requests {
            let answer = try #require(
                try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                "no answer to \(target): the server is down")
            #expect([200, 400].contains(answer.status), "\(answer.status) for \(target)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any], "\(target)")
            for candidate in json["candidates"] as? [[String: Any]] ?? [] {
                candidates += 1
                if let rank = (candidate["attributes"] as? [String: Any])?["Rank"] as? Int { ranks.append(rank) }
            }
            if let features = json["features"] as? [Any] { candidates += features.count }
        }
        // Not vacuous: damaged rows were found and formatted, Rank among them.
        #expect(candidates > 500)
        #expect(ranks.count > 50 && ranks.allSatisfy { (0...20).contains($0) }, "\(ranks.prefix(20))")
        let health = try #require(
            try RawHTTP.exchange(port: port, "GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        #expect(health.status == 200)
    }

    @Test func theCLIPrintsDamagedRowsWithoutCrashing() throws {
        let gazetteer = try Self.damaged.get().path
        let runs: [[String]] = [
            ["find", "coffee shop", "--near", "60.1699,24.9384", "--max", "50"],
            ["find", "coffee shop", "--near", "60.1699,24.9384", "--format", "json"],
            ["find", "Helsinki", "--format", "geojson"],
            ["find", "cafe", "--near", "60.1699,24.9384", "--explain"],
            ["reverse", "60.1699,24.9384"],
            ["identify", "60.1699,24.9384", "--tolerance", "500"],
            ["suggest", "sto"],
            ["info"],
        ]
        var printedRows = 0
        for arguments in runs {
            let run = try CLI.run(arguments + ["--gazetteer", gazetteer])
            #expect(run.status == 0 || run.status == 1, "\(arguments): exit \(run.status), \(run.stderr)")
            #expect(!run.stdout.contains("\u{1B}"), "\(arguments): a terminal escape from the data reached the output")
            printedRows += run.stdout.split(separator: "\n").count
        }
        #expect(printedRows > 40)
    }
}
