import Testing

@testable import OpenLocator

@Suite struct GeometryTests {
    @Test func projectsToWebMercatorAndBack() {
        let helsinki = Point(latitude: 60.1699, longitude: 24.9384)
        let mercator = helsinki.projected(to: .webMercator)
        #expect(abs(mercator.x - 2_776_129.99) < 1)
        #expect(abs(mercator.y - 8_437_661.78) < 1)
        let back = mercator.projected(to: .wgs84)
        #expect(abs(back.latitude - 60.1699) < 1e-9 && abs(back.longitude - 24.9384) < 1e-9)
        #expect(SpatialReference(wkid: 102100) == .webMercator)
        #expect(SpatialReference(wkid: 999_999) == nil)
        #expect(SpatialReference(wkid: 2193)?.description == "NZGD2000 / New Zealand Transverse Mercator 2000 (2193)")
    }

    @Test func measuresGreatCircleDistances() {
        let helsinki = Point(latitude: 60.1699, longitude: 24.9384)
        let tallinn = Point(latitude: 59.4370, longitude: 24.7536)
        #expect(abs(helsinki.distance(to: tallinn) - 82_000) < 1_000)
        #expect(helsinki.distance(to: helsinki) == 0)
        #expect(
            abs(Point(latitude: 0, longitude: 0).distance(to: Point(latitude: 0, longitude: 180)) - 20_015_115) < 10)
    }

    @Test func validatesCoordinates() {
        #expect(!Point(latitude: 91, longitude: 0).isValid)
        #expect(!Point(latitude: 0, longitude: .nan).isValid)
        #expect(Point(latitude: -90, longitude: 180).isValid)
        #expect(!Envelope(xmin: 1, ymin: 0, xmax: 0, ymax: 1).isValid)
    }

    @Test func picksTheResultNearestATapWithinTheTolerance() {
        func result(_ name: String, _ lat: Double, _ lon: Double) -> GeocodeResult {
            let p = Point(latitude: lat, longitude: lon)
            return GeocodeResult(
                label: name, displayLocation: p, routeLocation: p, score: 100, attributes: [:], extent: nil)
        }
        let results = [result("a", 60.1700, 24.9400), result("b", 60.1702, 24.9400), result("c", 60.1800, 24.9400)]
        let tap = Point(latitude: 60.17015, longitude: 24.9400)
        #expect(results.nearest(to: tap, within: 30)?.label == "b")
        #expect(results.nearest(to: Point(latitude: 60.1750, longitude: 24.94), within: 30) == nil)
    }
}
