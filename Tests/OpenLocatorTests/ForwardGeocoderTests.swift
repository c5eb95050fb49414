import Foundation
import Testing

@testable import OpenLocator

/// The whole text path on the real default gazetteer: explanations, the search radius and
/// the coverage answer, the minimum score.
@Suite struct ForwardGeocoderTests {
    static func response(
        _ text: String, near point: Point? = nil, _ change: (GeocodeParameters) -> Void = { _ in }
    )
        async throws -> GeocodeResponse
    {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = point
        parameters.explain = true
        parameters.addResultAttributeName("*")
        change(parameters)
        return try await Fixtures.task().geocodeResponse(forSearchText: text, using: parameters)
    }

    @Test func explainsTheReadingsOfAnAddressAQualifiedCityACategoryNearAPlaceAndAPartialName() async throws {
        // A number the data lacks: the address stage interpolates it.
        let address = try #require(try await Self.response("Eteläranta 10, Helsinki").explanation)
        let street = try #require(address.readings.first { $0.stage == "address" })
        #expect(street.reading.contains("street \"etelaranta\", number 10, locality \"helsinki\""))
        #expect(street.best?.hasPrefix("Eteläranta 10") == true && street.bestScore == 90)
        #expect(address.winner?.hasPrefix("first: Eteläranta 10") == true)
        // A number it has: the name reading finds the address point, and the stage is not run.
        let point = try #require(try await Self.response("Mannerheimintie 10, Helsinki").explanation)
        #expect(point.readings.first { $0.stage == "address" }?.outcome.hasPrefix("skipped") == true)
        #expect(point.winner?.hasPrefix("first: Mannerheimintie 10") == true)

        let city = try #require(try await Self.response("Rochester, MN").explanation)
        let qualified = try #require(city.readings.first { $0.stage == "qualified place" })
        #expect(qualified.reading.contains("Minnesota, United States"))
        #expect(qualified.best?.hasPrefix("Rochester, Minnesota") == true && qualified.bestScore == 100)
        #expect(city.readings.first { $0.stage == "name" }.map { ($0.bestScore ?? 100) < 50 } == true)
        #expect(city.winner?.contains("(qualified place)") == true)

        let cafes = try #require(try await Self.response("cafes in Kamppi", near: Fixtures.helsinkiCentre).explanation)
        let around = try #require(cafes.readings.first { $0.stage == "category + place" })
        #expect(around.reading.contains("category Coffee Shop in place \"kamppi\""))
        #expect(around.candidates > 0 && around.penalty == 0)
        #expect(cafes.winner?.contains("proximity to the place") == true)

        let partial = try #require(try await Self.response("Hotel Kamp Qzxv").explanation)
        let name = try #require(partial.readings.first { $0.stage == "name" })
        #expect(name.outcome == "some words" && name.best?.hasPrefix("Hotel Kämp") == true)
        #expect(partial.winner?.hasPrefix("first: Hotel Kämp") == true)
        #expect(partial.description.contains("minimum score 50"))
    }

    @Test func aCategorySearchFarFromItsPlacesIsEmptyAndSaysWhereTheyAre() async throws {
        let malibu = Point(latitude: 34.027, longitude: -118.805)
        let alone = try await Self.response("coffee shop", near: malibu)
        #expect(alone.results.isEmpty)
        let coverage = try #require(alone.coverage)
        #expect(coverage.radius == GeocodeParameters.defaultMaxDistance)
        #expect(coverage.areas.map(\.source) == ["Helsinki.osm.pbf"])
        #expect(coverage.areas.first?.label == "Helsinki, Uusimaa, Finland")
        #expect(try #require(coverage.nearestDistance) > 9_000_000)
        #expect(coverage.summary.hasPrefix("No Coffee Shop within 50 km of 34.0270,-118.8050"))

        let inPlace = try await Self.response("hotels in Malibu")
        #expect(inPlace.results.isEmpty, "the place is found, its hotels are not: no fallback to the town")
        #expect(inPlace.coverage?.place == "Malibu, California")

        // Asked for, the radius reaches Helsinki, 9,000 km away.
        let far = try await Self.response("coffee shop", near: malibu) { $0.maxDistance = 10_000_000 }
        #expect(far.results.count == 10 && far.coverage == nil)
    }

    @Test func theRadiusKeepsExactlyThePlacesInsideIt() async throws {
        let cafes = try allPlaces(
            in: Fixtures.defaultGazetteerURL(), category: #require(CategoryTree.world["Coffee Shop"]))
        for radius in [60.0, 150, 400] {
            let truth = cafes.filter { Fixtures.helsinkiCentre.distance(to: $0.location) <= radius }.count
            let response = try await Self.response("cafe", near: Fixtures.helsinkiCentre) {
                $0.maxDistance = radius
                $0.maxResults = 50
            }
            #expect(response.results.count == min(50, truth), "within \(radius) m")
            #expect(
                response.results.allSatisfy { ($0.attributeValues["Distance"]?.doubleValue ?? .infinity) <= radius })
            #expect(truth > 0 || response.coverage != nil)
        }
    }

    @Test func namesAreFoundAtAnyDistanceAndTheMinimumScoreDropsJunk() async throws {
        let texas = Point(latitude: 32.78, longitude: -96.80)
        let paris = try await Self.response("Paris", near: texas)
        #expect(text(paris.results.first, "Region") == "Texas")
        let tokyo = try await Self.response("Paris", near: Point(latitude: 35.68, longitude: 139.69))
        #expect(text(tokyo.results.first, "Region") == "Ile-de-France", "9,700 km away, and found")

        let junk = "Nonexistent Street 99 Nowhere"
        let dropped = try await Self.response(junk)
        #expect(dropped.results.isEmpty)
        let kept = try await Self.response(junk) { $0.minScore = 0 }
        #expect(!kept.results.isEmpty && kept.results.allSatisfy { $0.score < GeocodeParameters.defaultMinimumScore })
    }

    @Test func aLandmarkTheDataLacksIsItsLocalityWithALowerScore() async throws {
        let nearMinnesota = Point(latitude: 44.05, longitude: -92.45)
        let response = try await Self.response("Rochester Public Library", near: nearMinnesota)
        let first = try #require(response.results.first)
        #expect(text(first, "Region") == "Minnesota" && text(first, "Addr_type") == "Locality")
        #expect(first.score >= GeocodeParameters.defaultMinimumScore && first.score < 90)
        let nearNewYork = try await Self.response(
            "Rochester Public Library", near: Point(latitude: 43.1, longitude: -77.6))
        #expect(text(nearNewYork.results.first, "Region") == "New York")
    }

    /// "Saint Louis" is also spelled "St. Louis": the landmark's locality is each town of either
    /// spelling, the one nearest the point first (GeoNames has St. Louis, Missouri and
    /// Saint-Louis, Senegal).
    @Test func aLandmarksLocalityIsFoundByEverySpellingOfItsName() async throws {
        let nearMissouri = try await Self.response(
            "Saint Louis Public Library", near: Point(latitude: 38.6, longitude: -90.2))
        let first = try #require(nearMissouri.results.first)
        #expect(text(first, "Region") == "Missouri" && text(first, "Addr_type") == "Locality", "\(first.label)")
        let nearSenegal = try await Self.response(
            "St Louis Public Library", near: Point(latitude: 16.0, longitude: -16.5))
        #expect(text(nearSenegal.results.first, "Country") == "SEN", "\(nearSenegal.results.map(\.label))")
    }

    @Test func aQualifierInAnAddressRestrictsItAndNeverSwitchesCountry() async throws {
        let finland = try await Self.response("Mannerheimintie 10, Helsinki, FI")
        #expect(text(finland.results.first, "Addr_type") == "PointAddress" && finland.results.first?.score == 100)
        let suomi = try await Self.response("Mannerheimintie 10, Helsinki, Suomi")
        #expect(suomi.results.first?.label == finland.results.first?.label)
        let elsewhere = try await Self.response("Mannerheimintie 10, Helsinki, US")
        #expect(elsewhere.results.isEmpty, "\(elsewhere.results.map(\.label))")
        let asked = try await Self.response("Mannerheimintie 10, Helsinki, US") { $0.minScore = 0 }
        #expect(asked.results.first.map { $0.score < GeocodeParameters.defaultMinimumScore } == true)
    }

    @Test func badRadiiAreRefused() async throws {
        for radius in [0, -5, Double.nan, .infinity] {
            await #expect(throws: LocatorError.self) {
                _ = try await Self.response("cafe", near: Fixtures.helsinkiCentre) { $0.maxDistance = radius }
            }
        }
    }
}
