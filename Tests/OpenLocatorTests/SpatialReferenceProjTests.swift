import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// Output spatial references through PROJ, checked against pyproj (PyPI, with its own PROJ
/// and proj.db): the expected coordinates are always pyproj's transform of WGS84 points, never
/// OpenLocator's. In process, from the real `locator serve` and from the real CLI.
@Suite struct SpatialReferenceProjTests {
    /// A Python with pyproj 3.7.1: `.build/proj-venv`.
    static func python() throws -> URL { try PythonVenv.python("proj-venv", installs: [["pyproj==3.7.1"]]) }

    /// pyproj's EPSG:4326 → EPSG:wkid transform of WGS84 (longitude, latitude) points.
    static func pyproj(_ asked: [Int: [(Double, Double)]]) throws -> [Int: [(x: Double, y: Double)]] {
        let request = Dictionary(uniqueKeysWithValues: asked.map { (String($0.key), $0.value.map { [$0.0, $0.1] }) })
        let results = try #require(try askPyproj(request)["results"] as? [String: [[Double]]])
        var truth: [Int: [(x: Double, y: Double)]] = [:]
        for (wkid, points) in results { truth[Int(wkid)!] = points.map { (x: $0[0], y: $0[1]) } }
        return truth
    }

    /// pyproj's answers for ESRI codes: the EPSG code of the same CRS (`nil` when none is) and
    /// the transform of `points` to each.
    static func pyprojESRI(_ codes: [Int], points: [(Double, Double)]) throws -> (
        epsg: [Int: Int?], transformed: [Int: [(x: Double, y: Double)]]
    ) {
        var request: [String: Any] = ["identify_esri": codes]
        for code in codes { request["ESRI:\(code)"] = points.map { [$0.0, $0.1] } }
        let answer = try askPyproj(request)
        let epsg = try #require(answer["epsg"] as? [String: Any])
        let results = try #require(answer["results"] as? [String: [[Double]]])
        var transformed: [Int: [(x: Double, y: Double)]] = [:]
        for (key, points) in results { transformed[Int(key.dropFirst(5))!] = points.map { (x: $0[0], y: $0[1]) } }
        return (Dictionary(uniqueKeysWithValues: epsg.map { (Int($0.key)!, $0.value as? Int) }), transformed)
    }

    /// Runs Clients/pyproj_truth.py on one JSON request.
    static func askPyproj(_ request: [String: Any]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = try python()
        process.arguments = [
            Fixtures.repositoryRoot.appendingPathComponent("Tests/OpenLocatorTests/Clients/pyproj_truth.py").path
        ]
        let input = Pipe()
        let out = Pipe()
        let err = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = err
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
        try input.fileHandleForWriting.close()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try #require(process.terminationStatus == 0, "\(problems)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// WGS84 (longitude, latitude) points inside each CRS's area of use, cities across it.
    static let cases: [Int: [(Double, Double)]] = [
        // ETRS89 / TM35FIN: Helsinki, Turku, Rovaniemi, Utsjoki.
        3067: [(24.9384, 60.1699), (22.2666, 60.4518), (25.7294, 66.5039), (27.02, 69.91)],
        // ETRS89 (geographic): Helsinki, Lisbon, Berlin, Tromsø.
        4258: [(24.9384, 60.1699), (-9.1393, 38.7223), (13.405, 52.52), (18.9553, 69.6492)],
        // CH1903+ / LV95: Zürich, Geneva, Lugano, St. Gallen.
        2056: [(8.5417, 47.3769), (6.1432, 46.2044), (8.9511, 46.0037), (9.3767, 47.4245)],
        // WGS 84 / UTM 33N: Berlin, Vienna, Tripoli, the equator, Svalbard.
        32633: [(13.405, 52.52), (16.3738, 48.2082), (13.1913, 32.8872), (15.0, 0.5), (15.6, 78.2)],
        // WGS 84 / UTM 35S: Johannesburg, Pretoria, Lusaka, Harare.
        32735: [(28.0473, -26.2041), (28.1881, -25.7461), (28.2833, -15.4167), (31.0522, -17.8292)],
        // OSGB36 / British National Grid: London, Edinburgh, Cardiff, Lerwick.
        27700: [(-0.1276, 51.5072), (-3.1883, 55.9533), (-3.1791, 51.4816), (-1.145, 60.155)],
        // RGF93 / Lambert-93: Paris, Marseille, Brest, Strasbourg.
        2154: [(2.3522, 48.8566), (5.3698, 43.2965), (-4.4861, 48.3904), (7.7521, 48.5734)],
        // ETRS89-extended / LAEA Europe: Helsinki, Lisbon, Athens, Reykjavík.
        3035: [(24.9384, 60.1699), (-9.1393, 38.7223), (23.7275, 37.9838), (-21.9426, 64.1466)],
        // NAD83 / New York Long Island (US survey feet): Midtown, Brooklyn, Staten Island, Montauk.
        2263: [(-73.9855, 40.758), (-73.9442, 40.6782), (-74.1502, 40.5795), (-71.9545, 41.0359)],
        // Amersfoort / RD New: Amsterdam, Rotterdam, Groningen, Maastricht.
        28992: [(4.9041, 52.3676), (4.4777, 51.9244), (6.5665, 53.2194), (5.6909, 50.8514)],
        // Web Mercator, built in (no PROJ): Helsinki, Sydney, Quito, Anchorage, near the date line.
        3857: [(24.9384, 60.1699), (151.2093, -33.8688), (-78.4678, -0.1807), (-149.9003, 61.2181), (179.9, -80)],
    ]

    /// Within 1 mm (the CRS's unit: metres, or US feet for 2263), or 1e-8° for geographic ones.
    static func tolerance(_ wkid: Int) -> Double {
        switch wkid {
        case 4258: return 1e-8
        case 2263: return 0.001 / 0.3048006096
        default: return 0.001
        }
    }

    @Test func tenEPSGCodesAndWebMercatorMatchPyprojToAMillimetre() throws {
        let truth = try Self.pyproj(Self.cases)
        for (wkid, points) in Self.cases.sorted(by: { $0.key < $1.key }) {
            let sr = try #require(SpatialReference(wkid: wkid), "PROJ should know \(wkid)")
            #expect(sr.isBuiltIn == (wkid == 3857))
            let expected = try #require(truth[wkid])
            for ((longitude, latitude), want) in zip(points, expected) {
                let got = Point(latitude: latitude, longitude: longitude).projected(to: sr)
                #expect(got.spatialReference == sr)
                #expect(
                    abs(got.x - want.x) <= Self.tolerance(wkid) && abs(got.y - want.y) <= Self.tolerance(wkid),
                    "\(wkid) at \(longitude),\(latitude): ours \(got.x),\(got.y), pyproj \(want.x),\(want.y)")
                // And back: the inverse lands on the point given (within 1e-7°, a centimetre:
                // PROJ's inverse of a datum shift by Helmert parameters is off by about 1e-8°).
                let back = got.projected(to: .wgs84)
                #expect(abs(back.x - longitude) < 1e-7 && abs(back.y - latitude) < 1e-7, "\(wkid) back: \(back)")
            }
        }
    }

    @Test func unknownOrNonHorizontalWKIDsAreRefused() {
        // 999999: no such code; 5703: a vertical CRS; 4978: geocentric; 9001: a unit, not a CRS.
        for wkid in [999_999, 5703, 4978, 9001, 0, -4326, Int.max] {
            #expect(SpatialReference(wkid: wkid) == nil, "\(wkid)")
        }
        #expect(SpatialReference(wkid: 102100) == .webMercator)
        #expect(SpatialReference(wkid: 3067)?.description == "ETRS89 / TM35FIN(E,N) (3067)")
        // ESRI's own codes, after EPSG's.
        #expect(SpatialReference(wkid: 54030)?.description == "World_Robinson (54030)")
        #expect(SpatialReference(wkid: 4258)?.isGeographic == true)
        #expect(SpatialReference(wkid: 3067)?.isGeographic == false)
        // A point outside what PROJ can take back to the globe is no valid point.
        let finland = SpatialReference(wkid: 3067)!
        #expect(Point(x: 385_611, y: 6_672_118, spatialReference: finland).isValid)
        #expect(
            Point(x: 385_611.3167, y: 6_672_118.38, spatialReference: finland).description
                == "x=385611.32 y=6672118.38 (3067)")
        #expect(!Point(x: 1e30, y: 6_672_118, spatialReference: finland).isValid)
        // Nor one far outside its area of use: degrees taken as Swiss metres land in the Atlantic.
        #expect(!Point(x: 60.17, y: 24.94, spatialReference: SpatialReference(wkid: 2056)!).isValid)
        #expect(Point(x: 2_683_186, y: 1_247_157, spatialReference: SpatialReference(wkid: 2056)!).isValid)
    }

    /// An ESRI WKID answers with its own code as `wkid` and, as Esri's servers do, the EPSG
    /// code of the same CRS as `latestWkid` (itself when EPSG has none); its coordinates are
    /// pyproj's for the ESRI CRS.
    @Test func esriWKIDsPublishTheirEPSGEquivalentAsLatestWkid() throws {
        // State planes New York Long Island and Pennsylvania South (US feet), EUREF FIN
        // TM35FIN, USGS's Conus Albers: with an EPSG twin; Robinson, Europe's and the US's
        // Albers: without.
        let codes = [102718, 102729, 102139, 102039, 54030, 102013, 102003]
        let points = [(24.9384, 60.1699), (-73.9855, 40.758), (-75.1652, 39.9526)]
        let truth = try Self.pyprojESRI(codes, points: points)
        #expect(truth.epsg.values.contains { $0 != nil }, "some ESRI code should have an EPSG twin: \(truth.epsg)")
        #expect(truth.epsg.values.contains { $0 == nil }, "some ESRI code should have none: \(truth.epsg)")
        for code in codes {
            guard let sr = SpatialReference(wkid: code) else {
                Issue.record("PROJ should know ESRI:\(code)")
                continue
            }
            #expect(sr.esriWKID == code)
            #expect(
                sr.latestWKID == (truth.epsg[code] ?? nil) ?? code,
                "\(code): pyproj says \(String(describing: truth.epsg[code]))")
            // Only where the CRS is meant to be used: far outside it PROJ versions may differ.
            for ((longitude, latitude), want) in zip(points, truth.transformed[code]!)
            where PROJCatalog.entry(code)!.covers(longitude: longitude, latitude: latitude, margin: 0) {
                let got = Point(latitude: latitude, longitude: longitude).projected(to: sr)
                #expect(abs(got.x - want.x) <= 0.001 && abs(got.y - want.y) <= 0.001, "\(code): \(got) vs \(want)")
            }
        }
    }

    /// PROJ's contexts are not thread-safe: every thread gets the same answers at once.
    @Test func transformsFromManyThreadsAtOnceGiveTheSameAnswers() throws {
        let wkids = Self.cases.keys.sorted()
        let alone = wkids.map { wkid in
            Self.cases[wkid]!.map {
                Point(latitude: $0.1, longitude: $0.0).projected(to: SpatialReference(wkid: wkid)!)
            }
        }
        final class Answers: @unchecked Sendable {
            let lock = NSLock()
            var points: [[Point]]
            init(_ count: Int) { points = Array(repeating: [], count: count) }
        }
        let together = Answers(wkids.count * 4)
        DispatchQueue.concurrentPerform(iterations: wkids.count * 4) { index in
            let wkid = wkids[index % wkids.count]
            var points: [Point] = []
            for _ in 0..<200 {
                points = Self.cases[wkid]!.map {
                    Point(latitude: $0.1, longitude: $0.0).projected(to: SpatialReference(wkid: wkid)!)
                }
            }
            together.lock.withLock { together.points[index] = points }
        }
        for (index, points) in together.lock.withLock({ together.points }).enumerated() {
            #expect(points == alone[index % wkids.count], "\(wkids[index % wkids.count])")
        }
    }

    // MARK: - The real server and CLI

    static func get(_ port: UInt16, _ target: String) throws -> (status: Int, body: [String: Any]) {
        let response = try #require(
            try RawHTTP.exchange(port: port, "GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"))
        let body = try #require(
            try JSONSerialization.jsonObject(with: Data(response.body.utf8)) as? [String: Any], "\(response.body)")
        return (response.status, body)
    }

    static func xy(_ json: Any?) throws -> (x: Double, y: Double) {
        let point = try #require(json as? [String: Any])
        return (try #require(point["x"] as? Double), try #require(point["y"] as? Double))
    }

    static func expectNear(_ got: (x: Double, y: Double), _ want: (x: Double, y: Double), _ what: String) {
        #expect(abs(got.x - want.x) <= 0.001 && abs(got.y - want.y) <= 0.001, "\(what): ours \(got), pyproj \(want)")
    }

    @Test func locatorServeAnswersInAnyOutSRAsPyprojWould() throws {
        let (process, port, _) = try ServeCommandTests.launch()
        defer {
            process.terminate()
            process.waitUntilExit()
        }
        let path = GeocodeServerRoutes.servicePath
        let find = "\(path)/findAddressCandidates?singleLine=Stockmann%20Helsinki&maxLocations=1&f=json"
        let inDegrees = try #require((try Self.get(port, find).body["candidates"] as? [[String: Any]])?.first)
        #expect(inDegrees["address"] as? String == "Stockmann")
        let place = try Self.xy(inDegrees["location"])
        let box = try #require(inDegrees["extent"] as? [String: Double])
        let corners = [
            (box["xmin"]!, box["ymin"]!), (box["xmin"]!, box["ymax"]!), (box["xmax"]!, box["ymin"]!),
            (box["xmax"]!, box["ymax"]!),
        ]
        let street = try #require(
            (try Self.get(port, "\(path)/findAddressCandidates?singleLine=Mannerheimintie%2010%2C%20Helsinki&f=json")
                .body["candidates"] as? [[String: Any]])?.first)
        #expect((street["address"] as? String)?.hasPrefix("Mannerheimintie 10") == true, "\(street)")
        let door = try Self.xy(street["location"])
        let reverse = "\(path)/reverseGeocode?location=\(door.x),\(door.y)&featureTypes=PointAddress&f=json"
        let reverseInDegrees = try Self.get(port, reverse).body
        let reversed = try Self.xy(reverseInDegrees["location"])
        let truth = try Self.pyproj([3067: [(place.x, place.y)] + corners + [door], 2056: [reversed]])

        let finnish = try Self.get(port, find + "&outSR=3067").body
        let srJSON = try #require(finnish["spatialReference"] as? [String: Any])
        #expect(srJSON["wkid"] as? Int == 3067 && srJSON["latestWkid"] as? Int == 3067)
        let candidate = try #require((finnish["candidates"] as? [[String: Any]])?.first)
        Self.expectNear(try Self.xy(candidate["location"]), truth[3067]![0], "Stockmann in 3067")
        let extent = try #require(candidate["extent"] as? [String: Double])
        let projectedCorners = truth[3067]![1...4]
        Self.expectNear(
            (extent["xmin"]!, extent["ymin"]!), (projectedCorners.map(\.x).min()!, projectedCorners.map(\.y).min()!),
            "extent's lower corner")
        Self.expectNear(
            (extent["xmax"]!, extent["ymax"]!), (projectedCorners.map(\.x).max()!, projectedCorners.map(\.y).max()!),
            "extent's upper corner")

        // geocodeAddresses and the legacy find write their locations in outSR too.
        let records = WireParameters.escape(
            #"{"records":[{"attributes":{"OBJECTID":1,"SingleLine":"Mannerheimintie 10, Helsinki"}}]}"#)
        let batch = try Self.get(port, "\(path)/geocodeAddresses?addresses=\(records)&outSR=3067&f=json").body
        #expect((batch["spatialReference"] as? [String: Any])?["wkid"] as? Int == 3067)
        let record = try #require((batch["locations"] as? [[String: Any]])?.first)
        Self.expectNear(try Self.xy(record["location"]), truth[3067]![5], "geocodeAddresses in 3067")
        let legacy = try Self.get(port, "\(path)/find?text=Stockmann%20Helsinki&maxLocations=1&outSR=3067&f=json").body
        let feature = try #require((legacy["locations"] as? [[String: Any]])?.first?["feature"] as? [String: Any])
        Self.expectNear(try Self.xy(feature["geometry"]), truth[3067]![0], "legacy find in 3067")

        let swiss = try Self.get(port, reverse + "&outSR=" + WireParameters.escape(#"{"wkid":2056}"#))
        #expect(swiss.status == 200)
        #expect(swiss.body["address"] as? [String: Any] != nil)
        let location = try #require(swiss.body["location"] as? [String: Any])
        Self.expectNear(try Self.xy(location), truth[2056]![0], "Mannerheimintie 10 in 2056")
        let swissSR = try #require(location["spatialReference"] as? [String: Any])
        #expect(swissSR["wkid"] as? Int == 2056 && swissSR["latestWkid"] as? Int == 2056)

        // An ESRI WKID: its own code as `wkid`, the EPSG twin pyproj names as `latestWkid`.
        let esri = try Self.pyprojESRI([102139], points: [(place.x, place.y)])
        let esriAnswer = try Self.get(port, find + "&outSR=102139").body
        let esriSR = try #require(esriAnswer["spatialReference"] as? [String: Any])
        #expect(esriSR["wkid"] as? Int == 102139 && esriSR["latestWkid"] as? Int == esri.epsg[102139] ?? nil)
        let esriCandidate = try #require((esriAnswer["candidates"] as? [[String: Any]])?.first)
        Self.expectNear(
            try Self.xy(esriCandidate["location"]), esri.transformed[102139]![0], "Stockmann in ESRI:102139")

        // A point given in 3067 is the same place: the same address comes back.
        let given = WireParameters.escape(
            #"{"x":\#(truth[3067]![0].x),"y":\#(truth[3067]![0].y),"spatialReference":{"wkid":3067}}"#)
        let fromFinnish = try Self.get(port, "\(path)/reverseGeocode?location=\(given)&f=json").body
        let fromDegrees = try Self.get(port, "\(path)/reverseGeocode?location=\(place.x),\(place.y)&f=json").body
        let address = (fromFinnish["address"] as? [String: Any])?["Match_addr"] as? String
        #expect(address != nil && address == (fromDegrees["address"] as? [String: Any])?["Match_addr"] as? String)

        // Unknown WKIDs: ArcGIS's 400 error, naming the WKID, for outSR and for a point's own.
        for target in [
            find + "&outSR=999999", find + "&outSR=" + WireParameters.escape(#"{"wkid":999999}"#),
            "\(path)/reverseGeocode?location="
                + WireParameters.escape(#"{"x":1,"y":2,"spatialReference":{"wkid":999999}}"#) + "&f=json",
        ] {
            let refused = try Self.get(port, target)
            let error = try #require(refused.body["error"] as? [String: Any], "\(target)")
            #expect(error["code"] as? Int == 400)
            let details = (error["details"] as? [String])?.joined() ?? ""
            #expect("\(error["message"] ?? "") \(details)".contains("999999"), "\(error)")
        }
    }

    @Test func theCLIWritesItsJSONInAnySR() throws {
        func candidate(_ extra: [String]) throws -> [String: Any] {
            let result = try CLI.run(["find", "Stockmann Helsinki", "--max", "1", "--format", "json"] + extra)
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            if !extra.isEmpty {
                let sr = try #require(json["spatialReference"] as? [String: Any])
                #expect(sr["wkid"] as? Int == 3067)
            }
            return try #require((json["candidates"] as? [[String: Any]])?.first)
        }
        let degrees = try Self.xy(try candidate([])["location"])
        let truth = try Self.pyproj([3067: [(degrees.x, degrees.y)]])
        let finnish = try candidate(["--sr", "3067"])
        #expect(finnish["address"] as? String == "Stockmann")
        Self.expectNear(try Self.xy(finnish["location"]), truth[3067]![0], "locator find --sr 3067")

        // The same point given back in 3067 reverse-geocodes to where it is.
        let point = String(format: "%.3f,%.3f", truth[3067]![0].x, truth[3067]![0].y)
        let reverse = try CLI.run(["reverse", point, "--in-sr", "3067", "--sr", "3067", "--format", "json"])
        #expect(reverse.status == 0, "\(reverse.stderr)")
        #expect(reverse.stdout.contains("\"wkid\" : 3067") || reverse.stdout.contains("\"wkid\": 3067"))

        let unknown = try CLI.run(["find", "Stockmann", "--sr", "999999"])
        #expect(unknown.status == 64)
        let firstLine = unknown.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(firstLine.contains("999999"), "\(unknown.stderr)")
    }
}
