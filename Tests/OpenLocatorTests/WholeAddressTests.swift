import Foundation
import Testing

@testable import OpenLocator

/// A text that is a street and a house number written as the data writes them is answered
/// through the street index (``WholeAddressStage``), with every place that names it whole.
@Suite struct WholeAddressTests {
    /// Every address point of the default gazetteer with a number of digits alone, read straight
    /// from its `places` table: each typed "street number" comes first, found by the
    /// whole-address reading (the name reading's full-text search skipped); among the answers
    /// are every place whose folded name is the folded text and every point of the street whose
    /// house number has that number as a word ("12-14", "26, 14. krs." for 14), both worked out
    /// from one scan of the whole table.
    @Test func everyPlaceNamedByAnAddressIsFoundWithoutTheFullTextSearch() async throws {
        let db = try SQLiteConnection(path: try Fixtures.defaultGazetteerURL().path)
        var named: [String: Set<String>] = [:]  // folded name → the sources of the places so named
        var points: [(street: String, number: String, id: Int64)] = []
        var numbered: [String: Set<String>] = [:]  // "street|number" → the sources of its points
        try db.statement("SELECT search_name, source, addr_type, street, house_number, id FROM places").forEachRow {
            named[$0.text(0), default: []].insert($0.text(1))
            let number = $0.text(4)
            guard $0.text(2) == "PointAddress" else { return }
            if !number.isEmpty, number.allSatisfy(\.isASCII), number.allSatisfy(\.isNumber) {
                points.append(($0.text(3), number, $0.int(5)))
            }
            for word in number.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.allSatisfy(\.isNumber)
            {
                numbered["\($0.text(3).lowercased())|\(word)", default: []].insert($0.text(1))
            }
        }
        #expect(points.count > 400)
        var namedBySomethingElse = 0
        var numberedOtherwise = 0
        let task = try Fixtures.task()
        for (street, number, _) in points {
            let text = "\(street) \(number)"
            let truth = (named[TextFolding.fold(text)] ?? []).union(numbered["\(street.lowercased())|\(number)"] ?? [])
            let parameters = GeocodeParameters()
            parameters.maxResults = 50
            parameters.explain = true
            parameters.addResultAttributeName("*")
            let response = try await task.geocodeResponse(forSearchText: text, using: parameters)
            let first = response.results.first
            #expect(first?.attributes["Addr_type"] as? String == "PointAddress", "\(text)")
            #expect((first?.attributes["StName"] as? String)?.lowercased() == street.lowercased(), "\(text)")
            #expect(first?.attributes["AddNum"] as? String == number, "\(text)")
            let found = Set(response.results.compactMap { $0.attributes["Source_id"] as? String })
            #expect(truth.isSubset(of: found), "\(text): missing \(truth.subtracting(found))")
            // (A street stored with a comma, "Kaivopiha, Mannerheimintie", is text of two sections:
            // not a street and a number alone, it goes through the full-text readings.)
            let readings = try #require(response.explanation).readings
            let whole = !street.contains(",")
            #expect(
                (readings.first?.stage == "whole address" && readings.first?.candidates ?? 0 >= 1) == whole, "\(text)")
            #expect(readings.first { $0.stage == "name" }?.outcome.hasPrefix("skipped") == whole, "\(text)")
            if named[TextFolding.fold(text)]?.count ?? 0 > 1 { namedBySomethingElse += 1 }
            if numbered["\(street.lowercased())|\(number)"]?.count ?? 0 > 1 { numberedOtherwise += 1 }
        }
        // (Some places are named by their address, a stop "Korkeavuorenkatu 30"; some numbers
        // are written with more, "Yrjönkatu 12-14".)
        #expect(namedBySomethingElse > 0 && numberedOtherwise > 0)

        // What the lookup leaves out, on purpose: a point whose street is written with more
        // ("Rautatieasema, Kaivokatu" 1, the station's building) matches every word of
        // "Kaivokatu 1", and the full-text search listed it after the address; the whole
        // address is what the text names, and the street index knows no such street.
        let parameters = GeocodeParameters()
        parameters.maxResults = 50
        parameters.addResultAttributeName("*")
        let kaivokatu = try await task.geocode(forSearchText: "Kaivokatu 1", using: parameters)
        #expect(kaivokatu.first?.attributes["StAddr"] as? String == "Kaivokatu 1")
        #expect(!kaivokatu.contains { ($0.attributes["StName"] as? String ?? "").contains(",") })
        let station = try await task.geocode(forSearchText: "Rautatieasema, Kaivokatu 1", using: parameters)
        #expect(station.first?.attributes["StName"] as? String == "Rautatieasema, Kaivokatu")
    }

    /// Streets on three continents, numbered ones among them ("Calle 10" in Bogotá and in
    /// Medellín, where a house number 10 is also the street's): each written address finds its
    /// points in every city that has it, number first too, and the shops named by it; a
    /// category filter keeps only what it allows; text the index cannot find (other
    /// capitals than ASCII ones, a typo, a comma) is still found by the full-text readings.
    @Test func aWrittenAddressIsFoundInEveryCityThatHasIt() async throws {
        let folder = try Fixtures.temporaryDirectory()
        let csv = folder.appendingPathComponent("addresses.csv")
        var rows = ["name,category,lat,lon,house_number,street,city"]
        let streets: [(street: String, city: String, lat: Double, lon: Double)] = [
            ("Calle 10", "Bogotá", 4.60, -74.08), ("Calle 10", "Medellín", 6.24, -75.58),
            ("Calle 11", "Bogotá", 4.61, -74.07), ("Rua São Bento", "São Paulo", -23.55, -46.63),
            ("Jalan Sudirman", "Jakarta", -6.21, 106.82), ("Main Street", "Springfield", 39.80, -89.64),
        ]
        for (index, place) in streets.enumerated() {
            for number in 1...60 {
                let lat = place.lat + Double(number) * 1e-4, lon = place.lon + Double(index) * 1e-5
                rows.append(",Point Address,\(lat),\(lon),\(number),\(place.street),\(place.city)")
            }
        }
        rows.append("Calle 10 45,Coffee Shop,\(4.60 + 45e-4 + 2e-4),-74.08,,,Bogotá")
        rows.append("Calle 10 45,Coffee Shop,\(6.24 + 45e-4 + 0.05),-75.58,,,Medellín")  // 5.5 km off
        rows.append("45 Calle 10,Coffee Shop,3.45,-76.53,,,Cali")  // the number first
        rows.append("Calle 10 45 Bar,Bar,4.61,-74.08,,,Bogotá")  // more than the address
        try rows.joined(separator: "\n").write(to: csv, atomically: true, encoding: .utf8)
        var builder = GazetteerBuilder(osm: [], geoNames: [], categoryMapping: Fixtures.categoryMapping)
        builder.placeFiles = [csv]
        let gazetteer = folder.appendingPathComponent("addresses.gazetteer")
        try builder.build(to: gazetteer)
        let task = LocatorTask(gazetteer: gazetteer)

        func answers(_ text: String, category: String? = nil) async throws -> (
            results: [GeocodeResult], stages: [String: String]
        ) {
            let parameters = GeocodeParameters()
            parameters.maxResults = 50
            parameters.explain = true
            parameters.addResultAttributeName("*")
            if let category { parameters.addCategory(category) }
            let response = try await task.geocodeResponse(forSearchText: text, using: parameters)
            let stages = Dictionary(
                try #require(response.explanation).readings.map { ($0.stage, $0.outcome) },
                uniquingKeysWith: { a, _ in a }
            )
            return (response.results, stages)
        }
        func describe(_ result: GeocodeResult) -> String {
            [
                result.attributes["Addr_type"], result.attributes["StAddr"], result.attributes["City"],
                result.attributes["PlaceName"],
            ].map { "\($0 ?? "")" }.joined(separator: "|")
        }

        let calle = try await answers("Calle 10 45")
        let points = calle.results.filter { $0.attributes["Addr_type"] as? String == "PointAddress" }
        #expect(Set(points.map { $0.attributes["City"] as? String ?? "" }) == ["Bogotá", "Medellín"])
        #expect(points.allSatisfy { $0.attributes["AddNum"] as? String == "45" && $0.score == 100 })
        // The shops named by the address, wherever they are and either way round; not the bar
        // whose name says more (the address is what the text names).
        let shops = calle.results.filter { $0.attributes["Addr_type"] as? String == "POI" }
        #expect(
            Set(shops.map { $0.attributes["City"] as? String ?? "" }) == ["Bogotá", "Medellín", "Cali"],
            "\(calle.results.map(describe))")
        #expect(shops.allSatisfy { $0.attributes["Type"] as? String == "Coffee Shop" })
        #expect(calle.stages["name"]?.hasPrefix("skipped") == true, "\(calle.stages)")
        // A house number that is also the street's: no other street's 10 and no 10's other numbers.
        let tens = try await answers("Calle 10 10")
        #expect(
            tens.results.count == 2 && tens.results.allSatisfy { $0.attributes["StAddr"] as? String == "Calle 10 10" })

        for text in ["10 Calle 11", "rua são bento 7", "Jalan Sudirman 60", "main street 1", "1 Main Street"] {
            let found = try await answers(text)
            #expect(found.results.first?.score == 100, "\(text): \(found.results.map(describe))")
            #expect(found.results.first?.attributes["Addr_type"] as? String == "PointAddress", "\(text)")
            #expect(found.stages["whole address"]?.contains("1 address point") == true, "\(text): \(found.stages)")
        }
        // Not written as the data writes it: the full-text readings still find it.
        for (text, street) in [
            ("RUA SÃO BENTO 7", "Rua São Bento 7"), ("Calle 10 45, Bogotá", "Calle 10 45"),
            ("Jalan Sudirmna 60", "Jalan Sudirman 60"),
        ] {
            let found = try await answers(text)
            #expect(
                found.results.first?.attributes["StAddr"] as? String == street,
                "\(text): \(found.results.map(describe))")
            #expect(found.stages["name"]?.hasPrefix("skipped") != true, "\(text): \(found.stages)")
        }
        // The category filter: the shop alone, or the points alone.
        let onlyShops = try await answers("Calle 10 45", category: "Coffee Shop")
        #expect(
            onlyShops.results.count == 3
                && onlyShops.results.allSatisfy { $0.attributes["Addr_type"] as? String == "POI" })
        let onlyPoints = try await answers("Calle 10 45", category: "Point Address")
        #expect(
            onlyPoints.results.count == 2
                && onlyPoints.results.allSatisfy { $0.attributes["Addr_type"] as? String == "PointAddress" })
        // No such number on the street: the address reading places it beyond the last one.
        let missing = try await answers("Jalan Sudirman 61")
        #expect(missing.stages["whole address"] == "no address point is written so")
        #expect(missing.results.first?.attributes["Addr_type"] as? String == "StreetAddressExt")

        // A file built before the lookup (no `places_by_numbered_name`): the full-text readings
        // answer, as they did.
        let older = folder.appendingPathComponent("older.gazetteer")
        try FileManager.default.copyItem(at: gazetteer, to: older)
        try SQLiteConnection(path: older.path, writable: true).execute("DROP INDEX places_by_numbered_name")
        let parameters = GeocodeParameters()
        parameters.explain = true
        parameters.addResultAttributeName("*")
        let response = try await LocatorTask(gazetteer: older).geocodeResponse(
            forSearchText: "Calle 10 45", using: parameters)
        let readings = try #require(response.explanation).readings
        #expect(readings.first?.outcome == "this gazetteer predates the lookup (rebuild it)")
        #expect(readings.first { $0.stage == "name" }?.outcome.hasPrefix("skipped") == false)
        #expect(response.results.first?.attributes["StAddr"] as? String == "Calle 10 45")
    }
}
