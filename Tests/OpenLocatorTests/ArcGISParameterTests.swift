import Foundation
import LocatorServer
import Testing

@testable import OpenLocator

/// The ArcGIS parameters of docs/api.md's table that issue 26 added or changed, each against a
/// real server on 127.0.0.1 over the default gazetteer; where a parameter makes a relevance
/// claim (the nearest intersection, the nearest address, the radius `distance` boosts) the
/// truth is read straight from the gazetteer's tables, not from our own answers.
@Suite struct ArcGISParameterTests {
    static let path = GeocodeServerRoutes.servicePath

    static func get(_ port: UInt16, _ operation: String, _ query: String) throws -> [String: Any] {
        try LocatorServerTests.json(LocatorServerTests.get(port, "\(path)/\(operation)?\(query)&f=json").body)
    }

    static func candidates(_ answer: [String: Any]) -> [[String: Any]] {
        answer["candidates"] as? [[String: Any]] ?? []
    }

    static func attributes(_ item: [String: Any]) -> [String: Any] {
        item["attributes"] as? [String: Any] ?? item["address"] as? [String: Any] ?? [:]
    }

    static func point(_ item: [String: Any]) -> (x: Double, y: Double)? {
        guard let location = item["location"] as? [String: Any], let x = location["x"] as? Double,
            let y = location["y"] as? Double
        else { return nil }
        return (x, y)
    }

    /// The one-line detail of an ArcGIS error answer, or nil when it is none.
    static func errorDetail(_ answer: [String: Any]) -> String? {
        guard let error = answer["error"] as? [String: Any], error["code"] as? Int == 400 else { return nil }
        return (error["details"] as? [String])?.first
    }

    /// Metres between two WGS84 points (haversine), the test's own.
    static func metres(_ lon1: Double, _ lat1: Double, _ lon2: Double, _ lat2: Double) -> Double {
        let r = 6_371_008.8
        let p1 = lat1 * .pi / 180, p2 = lat2 * .pi / 180
        let dp = (lat2 - lat1) * .pi / 180, dl = (lon2 - lon1) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * r * asin(min(1, sqrt(h)))
    }

    static func database() throws -> SQLiteConnection {
        try SQLiteConnection(path: Fixtures.defaultGazetteerURL().path)
    }

    // MARK: - findAddressCandidates

    @Test func distanceRanksTheCandidatesWithinItsRadiusFirstAndFiltersNothing() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        // (150 km: New Portland, Maine, 137 km away, ranks after Portlands farther away.)
        let (lon, lat, radius) = (-70.26, 43.66, 150_000.0)
        let query = "singleLine=Portland&location=\(lon),\(lat)&outFields=Match_addr&maxLocations=50"
        let plain = Self.candidates(try Self.get(mirror.port, "findAddressCandidates", query))
        let boosted = Self.candidates(try Self.get(mirror.port, "findAddressCandidates", query + "&distance=\(radius)"))
        func within(_ candidate: [String: Any]) -> Bool {
            guard let p = Self.point(candidate) else { return false }
            return Self.metres(lon, lat, p.x, p.y) <= radius
        }
        // Within the radius first, then the rest; nothing dropped: the same candidates.
        let flags = boosted.map(within)
        #expect(flags.contains(true) && flags.contains(false))
        #expect(flags == flags.sorted { $0 && !$1 }, "every candidate within \(radius) m comes before every other")
        #expect(
            Set(boosted.compactMap { $0["address"] as? String }) == Set(plain.compactMap { $0["address"] as? String }))
        #expect(plain.map(within) != flags, "without distance a farther Portland ranks among the near ones")
        // The truth: every populated place named Portland within the radius, from the table.
        let db = try Self.database()
        var near: Set<String> = []
        try db.statement("SELECT name, lon, lat FROM places WHERE addr_type = 'Locality' AND name LIKE '%Portland%'")
            .forEachRow([]) { row in
                if Self.metres(lon, lat, row.double(1), row.double(2)) <= radius { near.insert(row.text(0)) }
            }
        #expect(near.count >= 2)
        let leading = boosted.prefix { within($0) }.compactMap { Self.attributes($0)["Match_addr"] as? String }
        for name in near { #expect(leading.contains { $0.hasPrefix(name + ",") }, "\(name) is boosted") }
        // The legacy find ranks alike.
        let legacy = try Self.get(
            mirror.port, "find", "text=Portland&location=\(lon),\(lat)&maxLocations=50&distance=\(radius)")
        let names = (legacy["locations"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names == boosted.compactMap { $0["address"] as? String })
        // distance without a location says what it needs; a bad one says what it takes.
        let lonely = try Self.get(mirror.port, "findAddressCandidates", "singleLine=Portland&distance=1000")
        #expect(Self.errorDetail(lonely)?.contains("distance needs location") == true)
        let bad = try Self.get(mirror.port, "findAddressCandidates", "singleLine=Portland&location=1,2&distance=-5")
        #expect(Self.errorDetail(bad)?.contains("distance must be a positive number") == true)
    }

    @Test func locationTypeStreetPlacesTheCandidateAtItsStreetAccessPoint() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let db = try Self.database()
        var truth: (lon: Double, lat: Double, accessLon: Double, accessLat: Double)?
        try db.statement(
            "SELECT lon, lat, access_lon, access_lat FROM places WHERE addr_type = 'PointAddress' AND street = 'Mannerheimintie' AND house_number = '10' AND city = 'Helsinki'"
        ).forEachRow([]) { truth = ($0.double(0), $0.double(1), $0.double(2), $0.double(3)) }
        let row = try #require(truth)
        let query = "singleLine=Mannerheimintie%2010%2C%20Helsinki&outFields=X,Y,DisplayX,DisplayY&maxLocations=1"
        for (type, expected) in [
            ("", (row.lon, row.lat)), ("&locationType=rooftop", (row.lon, row.lat)),
            ("&locationType=STREET", (row.accessLon, row.accessLat)),
        ] {
            let first = try #require(
                Self.candidates(try Self.get(mirror.port, "findAddressCandidates", query + type)).first)
            let p = try #require(Self.point(first))
            #expect(Self.metres(p.x, p.y, expected.0, expected.1) < 0.01, "\(type)")
            // The attributes say both points whatever the geometry is.
            let attributes = Self.attributes(first)
            #expect(
                Self.metres(
                    attributes["X"] as? Double ?? 0, attributes["Y"] as? Double ?? 0, row.accessLon, row.accessLat)
                    < 0.01)
            #expect(
                Self.metres(
                    attributes["DisplayX"] as? Double ?? 0, attributes["DisplayY"] as? Double ?? 0, row.lon, row.lat)
                    < 0.01)
        }
        #expect(Self.metres(row.lon, row.lat, row.accessLon, row.accessLat) > 5, "the two points differ")
        // The batch and the reverse geocode take it too.
        let records = #"{"records":[{"attributes":{"OBJECTID":1,"SingleLine":"Mannerheimintie 10, Helsinki"}}]}"#
        let batch = try Self.get(
            mirror.port, "geocodeAddresses",
            "addresses=\(WireParameters.escape(records))&locationType=street")
        let location = try #require((batch["locations"] as? [[String: Any]])?.first)
        let b = try #require(Self.point(location))
        #expect(Self.metres(b.x, b.y, row.accessLon, row.accessLat) < 0.01)
        let reverse = try Self.get(
            mirror.port, "reverseGeocode",
            "location=\(row.lon),\(row.lat)&featureTypes=PointAddress&locationType=street")
        let r = try #require(Self.point(reverse))
        #expect(Self.metres(r.x, r.y, row.accessLon, row.accessLat) < 0.01)
        let legacy = try Self.get(
            mirror.port, "find", "text=Mannerheimintie%2010%2C%20Helsinki&maxLocations=1&locationType=street")
        let feature = try #require((legacy["locations"] as? [[String: Any]])?.first?["feature"] as? [String: Any])
        let geometry = try #require(feature["geometry"] as? [String: Any])
        #expect(
            Self.metres(geometry["x"] as? Double ?? 0, geometry["y"] as? Double ?? 0, row.accessLon, row.accessLat)
                < 0.01, "the legacy find too")
        let wrong = try Self.get(mirror.port, "findAddressCandidates", query + "&locationType=door")
        #expect(Self.errorDetail(wrong)?.contains("locationType must be rooftop or street") == true)
    }

    @Test func matchOutOfRangeFalseDropsHouseNumbersBeyondTheStreets() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        // The truth: Mannerheimintie's highest number in the data is below 999, and 11 lies
        // between two numbers it has (9 and 13A) without being one.
        let db = try Self.database()
        var numbers: [String] = []
        try db.statement(
            "SELECT house_number FROM places WHERE addr_type = 'PointAddress' AND street = 'Mannerheimintie' AND city = 'Helsinki'"
        ).forEachRow([]) { numbers.append($0.text(0)) }
        let values = numbers.compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(values.max() ?? 1000 < 999)
        #expect(!numbers.contains("11") && values.contains(9) && values.contains { $0 > 11 })
        func types(_ text: String, _ extra: String) throws -> [String] {
            Self.candidates(
                try Self.get(
                    mirror.port, "findAddressCandidates",
                    "singleLine=\(WireParameters.escape(text))&outFields=Addr_type&maxLocations=10\(extra)")
            ).compactMap { Self.attributes($0)["Addr_type"] as? String }
        }
        #expect(try types("Mannerheimintie 999, Helsinki", "").first == "StreetAddressExt")
        #expect(try types("Mannerheimintie 999, Helsinki", "&matchOutOfRange=true").first == "StreetAddressExt")
        let dropped = try types("Mannerheimintie 999, Helsinki", "&matchOutOfRange=false")
        #expect(!dropped.contains("StreetAddressExt") && dropped.contains("StreetName"), "\(dropped)")
        #expect(try types("Mannerheimintie 11, Helsinki", "&matchOutOfRange=false").first == "StreetAddress")
        // The batch too.
        let records = #"{"records":[{"attributes":{"OBJECTID":7,"SingleLine":"Mannerheimintie 999, Helsinki"}}]}"#
        let batch = try Self.get(
            mirror.port, "geocodeAddresses",
            "addresses=\(WireParameters.escape(records))&matchOutOfRange=false&outFields=Addr_type")
        let location = try #require((batch["locations"] as? [[String: Any]])?.first)
        #expect(Self.attributes(location)["Addr_type"] as? String != "StreetAddressExt")
        // The legacy find too.
        let legacy = try Self.get(
            mirror.port, "find", "text=Mannerheimintie%20999%2C%20Helsinki&matchOutOfRange=false")
        let found = (legacy["locations"] as? [[String: Any]] ?? []).compactMap {
            (($0["feature"] as? [String: Any])?["attributes"] as? [String: Any])?["Addr_type"] as? String
        }
        #expect(!found.isEmpty && !found.contains("StreetAddressExt"), "\(found)")
        let wrong = try Self.get(mirror.port, "findAddressCandidates", "singleLine=x&matchOutOfRange=maybe")
        #expect(Self.errorDetail(wrong)?.contains("matchOutOfRange must be true or false") == true)
    }

    @Test func preferredLabelValuesAndPostalExtAreAcceptedAndBadLabelValuesRefused() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let query = "singleLine=Mannerheimintie%2010%2C%20Helsinki&outFields=*&maxLocations=3"
        let plain = try LocatorServerTests.get(mirror.port, "\(Self.path)/findAddressCandidates?\(query)&f=json").body
        for labels in ["postalCity", "localCity,primaryStreet", "MATCHEDCITY,matchedStreet"] {
            let labelled = try LocatorServerTests.get(
                mirror.port, "\(Self.path)/findAddressCandidates?\(query)&preferredLabelValues=\(labels)&f=json"
            ).body
            #expect(labelled == plain, "one city and one street name per place: \(labels) labels alike")
        }
        let multifield = "address=Mannerheimintie%2010&city=Helsinki&postal=00100&outFields=Match_addr"
        let withExt = try Self.get(mirror.port, "findAddressCandidates", multifield + "&postalExt=1234")
        let without = try Self.get(mirror.port, "findAddressCandidates", multifield)
        #expect(!Self.candidates(without).isEmpty)
        #expect(
            Self.candidates(withExt).compactMap { $0["address"] as? String }
                == Self.candidates(without).compactMap { $0["address"] as? String })
        for (operation, base) in [
            ("findAddressCandidates", "singleLine=Helsinki"), ("find", "text=Helsinki"), ("suggest", "text=Hels"),
            ("reverseGeocode", "location=24.9415,60.1685"),
            (
                "geocodeAddresses",
                "addresses=\(WireParameters.escape(#"{"records":[{"attributes":{"SingleLine":"Helsinki"}}]}"#))"
            ),
        ] {
            let fine = try Self.get(mirror.port, operation, base + "&preferredLabelValues=localCity")
            #expect(Self.errorDetail(fine) == nil, "\(operation)")
            let bad = try Self.get(mirror.port, operation, base + "&preferredLabelValues=capitalCity")
            #expect(Self.errorDetail(bad)?.contains("preferredLabelValues takes") == true, "\(operation)")
            let two = try Self.get(mirror.port, operation, base + "&preferredLabelValues=postalCity,localCity")
            #expect(Self.errorDetail(two)?.contains("at most one city") == true, "\(operation)")
        }
    }

    // MARK: - suggest

    @Test func suggestTakesReturnCollectionsAndIgnoresDistance() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        func suggestions(_ query: String) throws -> [[String: Any]] {
            try Self.get(mirror.port, "suggest", "text=coff&location=24.94,60.17&\(query)")["suggestions"]
                as? [[String: Any]] ?? []
        }
        let all = try suggestions("")
        #expect(all.contains { $0["isCollection"] as? Bool == true })
        #expect(
            try suggestions("returnCollections=true").map { $0["text"] as? String } == all.map { $0["text"] as? String }
        )
        let places = try suggestions("returnCollections=FALSE")
        #expect(!places.isEmpty && places.allSatisfy { $0["isCollection"] as? Bool == false })
        let wrong = try Self.get(mirror.port, "suggest", "text=coff&returnCollections=nope")
        #expect(Self.errorDetail(wrong)?.contains("returnCollections must be true or false") == true)
        #expect(try suggestions("distance=1000").map { $0["text"] as? String } == all.map { $0["text"] as? String })
    }

    // MARK: - reverseGeocode

    /// The nearest place where two differently named streets meet, by brute force over every
    /// segment near `(lon, lat)` (planar, metres about the point): where two segments cross or
    /// share an end, or where they pass within 25 m (the streets' data often stops short of
    /// the other street), halfway between their nearest points.
    static func nearestMeeting(lon: Double, lat: Double, box: Double) throws -> (names: Set<String>, metres: Double)? {
        let db = try database()
        var names: [Int64: String] = [:]
        typealias XY = (x: Double, y: Double)
        var segments: [(id: Int64, a: XY, b: XY)] = []
        let kx = 111_320 * cos(lat * .pi / 180)
        let ky = 111_320.0
        try db.statement(
            "SELECT place_id, lon1, lat1, lon2, lat2 FROM street_segments WHERE max_lon >= ?1 AND min_lon <= ?2 AND max_lat >= ?3 AND min_lat <= ?4"
        ).forEachRow([.double(lon - box), .double(lon + box), .double(lat - box / 2), .double(lat + box / 2)]) { row in
            segments.append(
                (
                    row.int(0), ((row.double(1) - lon) * kx, (row.double(2) - lat) * ky),
                    ((row.double(3) - lon) * kx, (row.double(4) - lat) * ky)
                ))
        }
        for id in Set(segments.map(\.id)) {
            try db.statement("SELECT name FROM places WHERE id = ?").forEachRow([.integer(id)]) {
                names[id] = $0.text(0)
            }
        }
        /// The point of segment a–b nearest c.
        func foot(_ a: XY, _ b: XY, _ c: XY) -> XY {
            let d = (x: b.x - a.x, y: b.y - a.y)
            let length = d.x * d.x + d.y * d.y
            let t = length == 0 ? 0 : max(0, min(1, ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / length))
            return (a.x + t * d.x, a.y + t * d.y)
        }
        var best: (names: Set<String>, metres: Double)?
        for i in segments.indices {
            for j in segments.indices where j > i {
                let (s, t) = (segments[i], segments[j])
                guard let n1 = names[s.id], let n2 = names[t.id], n1.lowercased() != n2.lowercased() else { continue }
                let r = (x: s.b.x - s.a.x, y: s.b.y - s.a.y)
                let q = (x: t.b.x - t.a.x, y: t.b.y - t.a.y)
                let denominator = r.x * q.y - r.y * q.x
                var meeting: XY?
                if abs(denominator) > 1e-12 {
                    let u = ((t.a.x - s.a.x) * q.y - (t.a.y - s.a.y) * q.x) / denominator
                    let v = ((t.a.x - s.a.x) * r.y - (t.a.y - s.a.y) * r.x) / denominator
                    if (0...1).contains(u), (0...1).contains(v) { meeting = (s.a.x + u * r.x, s.a.y + u * r.y) }
                }
                if meeting == nil {
                    // The nearest pair of points: an end of one and its foot on the other.
                    let pairs = [
                        (s.a, foot(t.a, t.b, s.a)), (s.b, foot(t.a, t.b, s.b)), (t.a, foot(s.a, s.b, t.a)),
                        (t.b, foot(s.a, s.b, t.b)),
                    ]
                    let nearest = pairs.min {
                        hypot($0.0.x - $0.1.x, $0.0.y - $0.1.y) < hypot($1.0.x - $1.1.x, $1.0.y - $1.1.y)
                    }!
                    if hypot(nearest.0.x - nearest.1.x, nearest.0.y - nearest.1.y) <= 25 {
                        meeting = ((nearest.0.x + nearest.1.x) / 2, (nearest.0.y + nearest.1.y) / 2)
                    }
                }
                guard let point = meeting else { continue }
                let distance = hypot(point.x, point.y)
                if distance < best?.metres ?? .infinity { best = ([n1, n2], distance) }
            }
        }
        return best
    }

    @Test func returnIntersectionAndStreetIntAnswerTheNearestCrossingOfTwoStreets() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        for (lon, lat) in [(24.9415, 60.1685), (24.9452, 60.1712), (24.9318, 60.1636)] {
            let truth = try #require(try Self.nearestMeeting(lon: lon, lat: lat, box: 0.01))
            for query in [
                "returnIntersection=true", "featureTypes=StreetInt", "featureTypes=POI&returnIntersection=true",
            ] {
                let answer = try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&distance=500&\(query)")
                let address = Self.attributes(answer)
                #expect(address["Addr_type"] as? String == "StreetInt", "\(query) at \(lon),\(lat)")
                let names = Set(
                    (address["ShortLabel"] as? String ?? "").components(separatedBy: " & ").filter { !$0.isEmpty })
                #expect(names == truth.names, "\(query) at \(lon),\(lat): \(names) vs \(truth)")
                let p = try #require(Self.point(answer))
                let metres = Self.metres(lon, lat, p.x, p.y)
                // Never nearer than the nearest meeting (none was missed); where the same two
                // streets both cross and pass near, the crossing stands for them (within 60 m).
                #expect(
                    metres >= truth.metres - 1 && metres <= truth.metres + GazetteerBackend.sameCrossingRadius,
                    "at the nearest meeting: \(metres) vs \(truth.metres)")
                #expect(abs((address["Distance"] as? Double ?? -1) - metres) < 1)
            }
        }
        // returnIntersection=false is the plain answer; within a too small distance, nothing.
        let plain = try Self.get(mirror.port, "reverseGeocode", "location=24.9415,60.1685&returnIntersection=false")
        #expect(Self.attributes(plain)["Addr_type"] as? String != "StreetInt")
        let none = try Self.get(
            mirror.port, "reverseGeocode", "location=24.9415,60.1685&returnIntersection=true&distance=1")
        #expect(Self.errorDetail(none)?.contains("Unable to find address") == true)
        let wrong = try Self.get(mirror.port, "reverseGeocode", "location=24.9415,60.1685&returnIntersection=yes%3F")
        #expect(Self.errorDetail(wrong)?.contains("returnIntersection must be true or false") == true)
    }

    @Test func reverseFeatureTypesStreetAddressPostalAndSubaddressAreAccepted() throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let (lon, lat) = (24.9415, 60.1685)
        // StreetAddress: the nearest address point, by brute force over the table.
        let db = try Self.database()
        var nearest: (label: String, metres: Double)?
        try db.statement(
            "SELECT street, house_number, lon, lat FROM places WHERE addr_type = 'PointAddress' AND lon BETWEEN ?1 AND ?2 AND lat BETWEEN ?3 AND ?4"
        ).forEachRow([.double(lon - 0.01), .double(lon + 0.01), .double(lat - 0.005), .double(lat + 0.005)]) { row in
            let metres = Self.metres(lon, lat, row.double(2), row.double(3))
            if metres < nearest?.metres ?? .infinity { nearest = ("\(row.text(0)) \(row.text(1))", metres) }
        }
        let truth = try #require(nearest)
        let street = Self.attributes(
            try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&featureTypes=StreetAddress"))
        #expect(street["Addr_type"] as? String == "PointAddress")
        #expect(street["ShortLabel"] as? String == truth.label)
        #expect(abs((street["Distance"] as? Double ?? -1) - truth.metres) < 1)
        // Postal: a postcode area's point.
        let postal = Self.attributes(
            try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&featureTypes=Postal"))
        #expect(postal["Addr_type"] as? String == "Postal")
        // Subaddress: no units in the data, so alone it finds nothing, and beside POI the POI answers.
        let sub = try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&featureTypes=Subaddress")
        #expect(Self.errorDetail(sub)?.contains("Unable to find address") == true)
        let both = try Self.get(
            mirror.port, "reverseGeocode", "location=\(lon),\(lat)&featureTypes=subaddress,poi&distance=200")
        #expect(Self.attributes(both)["Addr_type"] as? String == "POI")
        let unknown = try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&featureTypes=Building")
        #expect(Self.errorDetail(unknown)?.contains("StreetInt") == true)
        // distance: a bad one is refused, not ignored.
        for bad in ["abc", "-3", "60000"] {
            let refused = try Self.get(mirror.port, "reverseGeocode", "location=\(lon),\(lat)&distance=\(bad)")
            #expect(Self.errorDetail(refused)?.contains("distance must be") == true, "\(bad)")
        }
    }

    @Test func theReverseCommandTakesIntersection() throws {
        let crossing = try CLI.run(["reverse", "60.1685,24.9415", "--intersection", "--format", "json"])
        #expect(crossing.status == 0)
        let json = try LocatorServerTests.json(crossing.stdout)
        #expect(Self.attributes(json)["Addr_type"] as? String == "StreetInt")
        let typed = try CLI.run(["reverse", "60.1685,24.9415", "--feature-types", "StreetInt", "--format", "json"])
        #expect(typed.stdout == crossing.stdout)
        let both = try CLI.run(["reverse", "60.1685,24.9415", "--intersection", "--feature-types", "POI"])
        #expect(both.status == 64 && both.stderr.contains("--intersection is --feature-types StreetInt"))
        let unknown = try CLI.run(["reverse", "60.1685,24.9415", "--feature-types", "House"])
        #expect(unknown.status == 64 && unknown.stderr.contains("StreetAddress, StreetInt, Subaddress"))
    }

    // MARK: - The library

    @Test func aRemoteServiceIsSentTheParameters() async throws {
        let mirror = try GazetteerMirror.start()
        defer { mirror.stop() }
        let remote = LocatorTask(url: mirror.serviceURL)
        let local = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.matchOutOfRange = false
        parameters.locationType = .street
        parameters.addResultAttributeNames(["Addr_type", "X", "Y"])
        for query in ["Mannerheimintie 999, Helsinki", "Mannerheimintie 10, Helsinki"] {
            let far = try await remote.geocode(forSearchText: query, using: parameters)
            let near = try await local.geocode(forSearchText: query, using: parameters)
            #expect(!far.isEmpty && far.map { text($0, "Addr_type") } == near.map { text($0, "Addr_type") })
            #expect(far.first?.displayLocation == near.first?.displayLocation, "\(query)")
        }
        parameters.preferredSearchLocation = Point(latitude: 43.66, longitude: -70.26)
        parameters.preferredSearchRadius = 20_000
        let far = try await remote.geocode(forSearchText: "Portland", using: parameters)
        let near = try await local.geocode(forSearchText: "Portland", using: parameters)
        #expect(far.map(\.label) == near.map(\.label))
        let reverse = ReverseGeocodeParameters()
        reverse.featureTypes = [.streetIntersection]
        reverse.maxDistance = 500
        let crossing = try await remote.reverseGeocode(
            forLocation: Point(latitude: 60.1685, longitude: 24.9415), parameters: reverse)
        #expect(crossing.first.map { text($0, "Addr_type") } == "StreetInt")
    }

    @Test func theLibraryHasTheSameParameters() async throws {
        let task = try Fixtures.task()
        let parameters = GeocodeParameters()
        parameters.matchOutOfRange = false
        let inRange = try await task.geocode(forSearchText: "Mannerheimintie 999, Helsinki", using: parameters)
        #expect(!inRange.contains { text($0, "Addr_type") == "StreetAddressExt" })
        parameters.matchOutOfRange = true
        parameters.locationType = .street
        let street = try #require(
            try await task.geocode(forSearchText: "Mannerheimintie 10, Helsinki", using: parameters).first)
        #expect(street.displayLocation == street.routeLocation)
        parameters.preferredSearchRadius = -1
        await #expect(throws: LocatorError.self) { try await task.geocode(forSearchText: "x", using: parameters) }
        let reverse = ReverseGeocodeParameters()
        reverse.featureTypes = [.streetIntersection]
        reverse.maxDistance = 500
        let crossing = try #require(
            try await task.reverseGeocode(
                forLocation: Point(latitude: 60.1685, longitude: 24.9415), parameters: reverse
            )
            .first)
        #expect(text(crossing, "Addr_type") == "StreetInt")
        #expect(ReverseGeocodeParameters.FeatureType(name: "streetint") == .streetIntersection)
        #expect(GeocodeParameters.LocationType(name: "Street") == .street)
    }
}
