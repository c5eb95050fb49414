import Foundation
import Testing

@testable import OpenLocator

/// Reverse geocoding and identify on the real default gazetteer.
@Suite struct ReverseGeocodeTests {
    @Test func pointAddressAloneAnswersTheNearestAddressPoint() async throws {
        let task = try Fixtures.task()
        let everyAddress = try allPlaces(
            in: Fixtures.defaultGazetteerURL(), category: #require(CategoryTree.world["Point Address"]))
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.pointAddress]
        parameters.maxDistance = 500
        parameters.addResultAttributeName("*")
        for point in Fixtures.helsinkiGrid {
            let nearest = everyAddress.min { point.distance(to: $0.location) < point.distance(to: $1.location) }!
            let answer = try await task.reverseGeocode(forLocation: point, parameters: parameters).first
            #expect(answer?.attributeValues["Address"]?.stringValue == "\(nearest.street) \(nearest.houseNumber)")
            #expect(answer?.attributeValues["Addr_type"] == "PointAddress")
        }
    }

    @Test func poiAloneAnswersTheNearestNamedPlace() async throws {
        let task = try Fixtures.task()
        let everyPOI = try allPlaces(in: Fixtures.defaultGazetteerURL(), category: #require(CategoryTree.world["POI"]))
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.poi]
        parameters.maxDistance = 1000
        parameters.addResultAttributeName("*")
        for point in Fixtures.helsinkiGrid {
            let nearest = everyPOI.map { point.distance(to: $0.location) }.min()!
            let answer = try #require(try await task.reverseGeocode(forLocation: point, parameters: parameters).first)
            #expect(abs((answer.attributeValues["Distance"]?.doubleValue ?? -1) - nearest) < 0.01)
            #expect(!text(answer, "PlaceName").isEmpty)
        }
    }

    @Test func defaultReverseAnswersSomethingNearbyInTheCityAndNothingAtSea() async throws {
        let task = try Fixtures.task()
        let here = try await task.reverseGeocode(forLocation: Fixtures.helsinkiCentre)
        #expect(here.count == 1)
        #expect(here[0].attributeValues["City"] == "Helsinki")
        let parameters = ReverseGeocodeParameters()
        parameters.featureTypes = [.poi, .pointAddress, .streetName]
        let atSea = try await task.reverseGeocode(
            forLocation: Point(latitude: 0, longitude: -30), parameters: parameters)
        #expect(atSea.isEmpty)
    }

    @Test func identifyFindsThePlaceUnderATapOrSaysNothing() async throws {
        let task = try Fixtures.task()
        let cafes = try allPlaces(
            in: Fixtures.defaultGazetteerURL(), category: #require(CategoryTree.world["Coffee Shop"]))
        let cafe = try #require(cafes.first)
        let tap = Point(latitude: cafe.latitude + 0.00005, longitude: cafe.longitude)
        let found = try await task.identify(at: tap, tolerance: 25, categories: ["Coffee Shop"])
        #expect(found?.attributeValues["PlaceName"]?.stringValue == cafe.name)
        #expect(!text(found, "Place_addr").isEmpty)
        let nothing = try await task.identify(at: Point(latitude: 60.0, longitude: 24.0), tolerance: 25)
        #expect(nothing == nil)
    }

    @Test func rejectsBadLocationsAndDistances() async throws {
        let task = try Fixtures.task()
        await #expect(throws: LocatorError.self) {
            _ = try await task.reverseGeocode(forLocation: Point(latitude: 91, longitude: 0))
        }
        let parameters = ReverseGeocodeParameters()
        parameters.maxDistance = -1
        await #expect(throws: LocatorError.self) {
            _ = try await task.reverseGeocode(forLocation: Fixtures.helsinkiCentre, parameters: parameters)
        }
    }
}
