import Foundation
import Testing

@testable import OpenLocator

/// `reverseGeocode(batch:)`: the nearest town of points all over the world, checked against
/// a brute-force scan of the raw GeoNames file (``RawGeoNames``), and every answer the same as
/// the one-point reverse geocode's (which goes through the R*Tree, not the batch's tree in memory).
@Suite struct BatchReverseTests {
    /// Points near GeoNames places of every continent (up to ~40 km off), points anywhere on
    /// the globe (oceans, poles), and edge cases: the ±180° line, the poles, a null island.
    static func worldPoints(count: Int, seed: UInt64) -> [Point] {
        var random = SplitMix64(seed: seed)
        let places = RawGeoNames.shared.places
        var points: [Point] = [
            Point(latitude: 90, longitude: 0), Point(latitude: -90, longitude: 180),
            Point(latitude: -16.5, longitude: 179.99), Point(latitude: -16.5, longitude: -179.99),
            Point(latitude: 0, longitude: 0), Point(latitude: 64.84, longitude: -147.72),
        ]
        while points.count < count {
            if points.count % 5 == 4 {
                points.append(
                    Point(
                        latitude: asin(Double.random(in: -1...1, using: &random)) * 180 / .pi,
                        longitude: Double.random(in: -180...180, using: &random)))
            } else {
                let place = places[Int.random(in: 0..<places.count, using: &random)]
                let lat = min(90, max(-90, place.latitude + Double.random(in: -0.35...0.35, using: &random)))
                var lon = place.longitude + Double.random(in: -0.35...0.35, using: &random)
                if lon > 180 { lon -= 360 }
                if lon < -180 { lon += 360 }
                points.append(Point(latitude: lat, longitude: lon))
            }
        }
        return points
    }

    /// Haversine, written here again so the truth does not lean on the code under test.
    static func metres(_ a: Point, _ lat: Double, _ lon: Double) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let dLat = (lat - a.y) * rad, dLon = (lon - a.x) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.y * rad) * cos(lat * rad) * pow(sin(dLon / 2), 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    @Test func theNearestTownIsTheNearestPlaceOfGeoNamesAnywhere() async throws {
        let task = LocatorTask(gazetteer: try Fixtures.defaultGazetteerURL())  // a state of its own
        let points = Self.worldPoints(count: 3_000, seed: 25)
        let parameters = ReverseGeocodeParameters()
        parameters.addFeatureType(.locality)
        parameters.maxDistance = 50_000
        parameters.addResultAttributeName("*")
        let matches = try await task.reverseGeocode(batch: points, parameters: parameters)
        #expect(matches.count == points.count)
        // Every raw place by latitude: those more than 0.46° (51 km) north or south cannot be within 50 km.
        let raw = RawGeoNames.shared.places.sorted { $0.latitude < $1.latitude }
        func band(_ latitude: Double) -> ArraySlice<RawGeoNames.Place> {
            func first(_ bound: Double) -> Int {
                var (low, high) = (0, raw.count)
                while low < high {
                    let middle = (low + high) / 2
                    if raw[middle].latitude < bound { low = middle + 1 } else { high = middle }
                }
                return low
            }
            return raw[first(latitude - 0.46)..<first(latitude + 0.46)]
        }
        var agreeing = 0, withTruth = 0, nearerThanTruth: [String] = []
        for (point, match) in zip(points, matches) {
            // The truth: every raw place, by distance.
            var best: (distance: Double, place: RawGeoNames.Place)?
            for place in band(point.y) {
                let d = Self.metres(point, place.latitude, place.longitude)
                if d <= 50_000, d < (best?.distance ?? .infinity) { best = (d, place) }
            }
            guard let truth = best else {
                // Nothing of GeoNames within 50 km: only the street extract's own districts may answer.
                if let result = match.result {
                    #expect(result.attributeValues["Country"]?.stringValue == "FIN", "\(point): \(result.label)")
                }
                continue
            }
            withTruth += 1
            let result = try #require(match.result, "\(point): unmatched, GeoNames has \(truth.place.name)")
            let distance = try #require(match.distance)
            let location = try #require(result.displayLocation)
            // Never farther than the raw nearest; and the distance is the true great-circle one.
            #expect(
                distance <= truth.distance + 0.5,
                "\(point): \(result.label) at \(distance) m, \(truth.place.name) at \(truth.distance) m")
            #expect(abs(distance - Self.metres(point, location.y, location.x)) < 0.01)
            if abs(distance - truth.distance) < 0.5 {
                agreeing += 1
            } else {
                nearerThanTruth.append("\(result.label) (\(result.attributeValues["Country"]?.stringValue ?? ""))")
            }
        }
        #expect(withTruth > 2_000, "points near GeoNames places: \(withTruth)")
        // Nearer answers come only from the street extract's own (OSM) districts of Helsinki.
        #expect(
            nearerThanTruth.allSatisfy { $0.hasSuffix("(FIN)") },
            "\(agreeing) of \(withTruth) agree; nearer: \(nearerThanTruth.prefix(10))")
    }

    /// The third case asks for its attributes in lower case: each point still gets its own
    /// distance under the key it asked for.
    @Test(arguments: zip([false, true, true], [["*"], ["*"], ["distance", "placename", "country"]]))
    func aBatchAnswersWhatOnePointAtATimeAnswers(townsOnly: Bool, attributes: [String]) async throws {
        let url = try Fixtures.defaultGazetteerURL()
        let single = LocatorTask(gazetteer: url)  // never batches: the R*Tree path
        let batch = LocatorTask(gazetteer: url)
        var random = SplitMix64(seed: 26)
        // Central Helsinki (POIs, addresses, streets) and the world (localities, nothing).
        var points = (0..<400).map { _ in
            Point(
                latitude: Double.random(in: 60.160...60.180, using: &random),
                longitude: Double.random(in: 24.930...24.955, using: &random))
        }
        points += Self.worldPoints(count: 600, seed: 27)
        points.append(Point(x: 2_776_164, y: 8_437_963, spatialReference: .webMercator))  // Helsinki in 3857
        points.append(Point(latitude: 95, longitude: 0))  // not a point: unmatched
        let parameters = ReverseGeocodeParameters()
        if townsOnly {
            parameters.addFeatureType(.locality)
            parameters.maxDistance = 20_000
        }
        for name in attributes { parameters.addResultAttributeName(name) }
        parameters.outputSpatialReference = townsOnly ? .webMercator : nil
        let matches = try await batch.reverseGeocode(batch: points, parameters: parameters)
        var matched = 0
        for (point, match) in zip(points, matches) {
            let one =
                point.isValid ? try await single.reverseGeocode(forLocation: point, parameters: parameters).first : nil
            #expect(match.result == one, "\(point)")
            #expect(match.status == (one == nil ? .unmatched : .matched))
            if let one {
                matched += 1
                let key = attributes.contains("distance") ? "distance" : "Distance"
                let reported = try #require(one.attributeValues[key]?.doubleValue)
                #expect(match.result?.attributeValues[key] == one.attributeValues[key])
                #expect(abs(try #require(match.distance) - reported) <= 0.005)
            }
        }
        #expect(matched > 600, "matched \(matched) of \(points.count)")
        // A second batch copies the places' results the first one built: the same answers, each
        // with its own point's distance and input, in the new order.
        let again = try await batch.reverseGeocode(batch: points.reversed(), parameters: parameters)
        #expect(again == matches.reversed())
        // Once a batch has built the tree, one-point searches use it: still the same answers.
        for point in points.prefix(50) + points.suffix(50) where point.isValid {
            let before = try await single.reverseGeocode(forLocation: point, parameters: parameters)
            let after = try await batch.reverseGeocode(forLocation: point, parameters: parameters)
            #expect(before == after, "\(point)")
        }
    }

    @Test func anEmptyBatchAndBadParametersAreToldApart() async throws {
        let task = try Fixtures.task()
        #expect(try await task.reverseGeocode(batch: []).isEmpty)
        let parameters = ReverseGeocodeParameters()
        parameters.maxDistance = -1
        await #expect(throws: LocatorError.self) {
            try await task.reverseGeocode(batch: [Point(latitude: 60.17, longitude: 24.94)], parameters: parameters)
        }
    }
}

/// `locator batch --reverse` with the real binary: every row once, in order, with what lies at
/// its point and how far; a row whose point is not one is unmatched with a warning.
@Suite struct BatchReverseCommandTests {
    @Test func everyPointRowComesOutWithWhatLiesThere() throws {
        let folder = try Fixtures.temporaryDirectory()
        let input = folder.appendingPathComponent("points.csv")
        try "id;Latitude;Longitude\n1;60,1690;24,9410\n2;-33.8688;151.2093\n3;abc;24.9\n4;95;24\n5;0;-140\n"
            .write(to: input, atomically: false, encoding: .utf8)
        let out = folder.appendingPathComponent("towns.csv")
        let run = try CLI.run([
            "batch", input.path, "--reverse", "--feature-types", "Locality", "--max-distance", "50000", "--out",
            out.path,
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("line 4: latitude 'abc' is not a number; written as unmatched"), "\(run.stderr)")
        #expect(run.stderr.contains("line 5: latitude 95 is outside -90…90"), "\(run.stderr)")
        var reader = CSVReader(try ByteReader(path: out.path), delimiter: UInt8(ascii: ";"))  // the input's separator
        var rows: [[String]] = []
        while let record = try reader.next() { rows.append(record.fields) }
        #expect(
            rows.first
                == [
                    "id", "Latitude", "Longitude", "match_addr", "lat", "lon", "distance", "addr_type",
                    "place_name", "status",
                ])
        #expect(rows.dropFirst().map { $0[0] } == ["1", "2", "3", "4", "5"])
        #expect(rows[1][8] != "" && rows[1][9] == "matched", "decimal commas read: \(rows[1])")
        #expect(rows[2][8] == "Sydney" && rows[2][9] == "matched", "\(rows[2])")
        #expect(Double(rows[2][6]).map { $0 > 0 && $0 < 5_000 } == true, "\(rows[2])")
        #expect(rows[3][9] == "unmatched" && rows[4][9] == "unmatched" && rows[5][9] == "unmatched")
        // Geocoding options are refused with --reverse, reverse options without it.
        let near = try CLI.run(["batch", input.path, "--reverse", "--near", "60.17,24.94"])
        #expect(near.status == 64 && near.stderr.contains("--near is for geocoding addresses"), "\(near.stderr)")
        let types = try CLI.run(["batch", input.path, "--feature-types", "POI"])
        #expect(types.status == 64 && types.stderr.contains("add --reverse"), "\(types.stderr)")
    }
}
