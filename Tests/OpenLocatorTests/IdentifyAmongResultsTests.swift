import Foundation
import Testing

@testable import OpenLocator

/// Identify as the Find places tutorial does it: among the markers shown, at 12 screen points
/// at the map's scale, with its two-line callout at the tap.
@Suite struct IdentifyAmongResultsTests {
    /// A result `metres` north of `point` on the ground (a degree of latitude is 111,195 m on
    /// the sphere the distances use).
    static func marker(_ name: String, north metres: Double, of point: Point, address: String = "") -> GeocodeResult {
        let location = Point(latitude: point.latitude + metres / 111_195, longitude: point.longitude)
        return GeocodeResult(
            label: name, displayLocation: location.projected(to: .webMercator), routeLocation: nil, score: 100,
            attributes: ["PlaceName": .string(name), "Place_addr": .string(address)], extent: nil)
    }

    @Test func twelvePointsAtTheTutorialsScaleReachWhatTheScreenShows() throws {
        // 12 points at 1:72,000 are 228.6 map metres: 228.6 × cos(34.027°) = 189.4 m in Malibu.
        #expect(abs(GeocodeResult.mapMetres(screenPoints: 12, mapScale: 72_000) - 228.6) < 1e-9)
        let tap = Point(latitude: 34.027, longitude: -118.805)
        let near = Self.marker("Near", north: 150, of: tap, address: "1 Pacific Coast Hwy")
        let far = Self.marker("Far", north: 200, of: tap)
        let found = try #require([far, near].identify(at: tap, withinScreenPoints: 12, mapScale: 72_000))
        #expect(found.result.label == "Near")
        #expect(found.callout == Callout(title: "Near", detail: "1 Pacific Coast Hwy", location: tap))
        // 200 m on the ground is 241 map metres there: beyond the 12 points.
        #expect([far].identify(at: tap, withinScreenPoints: 12, mapScale: 72_000) == nil)
        // Zoomed out to 1:144,000 it is within them.
        #expect([far].identify(at: tap, withinScreenPoints: 12, mapScale: 144_000)?.result.label == "Far")
        // The same markers in metres on the ground: the library's other helper.
        #expect([far, near].nearest(to: tap, within: 160)?.label == "Near")
    }

    @Test func theCalloutSaysUnknownAndNoAddressWhenTheResultHasNone() {
        let tap = Point(latitude: 60.1699, longitude: 24.9384)
        let bare = GeocodeResult(
            label: "Mannerheimintie 10", displayLocation: tap, routeLocation: nil, score: 100, attributes: [:],
            extent: nil)
        #expect(bare.callout(at: tap) == Callout(title: "Unknown", detail: "no address provided", location: tap))
        #expect([GeocodeResult]().identify(at: tap, withinScreenPoints: 12, mapScale: 72_000) == nil)
    }

    /// On real results: the markers of a coffee-shop search, tapped at the first one's place.
    @Test func aTapOnAMarkerOfARealSearchGivesItsCallout() async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.addResultAttributeNames(["PlaceName", "Place_addr"])
        parameters.outputSpatialReference = .webMercator
        let results = try await Fixtures.task().geocode(forSearchText: "coffee shop", using: parameters)
        let first = try #require(results.first)
        let tap = try #require(first.displayLocation)
        let found = try #require(results.identify(at: tap, withinScreenPoints: 12, mapScale: 2_000))
        #expect(found.result.label == first.label)
        #expect(found.callout.title == text(first, "PlaceName"))
        #expect(found.callout.detail == text(first, "Place_addr"))
        #expect(found.callout.location == tap)
    }
}
