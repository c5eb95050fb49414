import Foundation
import Testing

@testable import OpenLocator

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Results as stops for routers, from the real CLI: every format routes to the same access
/// points (`X`/`Y` of the ArcGIS JSON), and those that carry the place keep it too.
@Suite struct StopFormatTests {
    static let query = ["find", "coffee shop", "--near", "60.1699,24.9384", "--max", "5"]

    static func run(_ extra: [String]) throws -> String {
        let result = try CLI.run(Self.query + extra)
        #expect(result.status == 0, "\(extra): \(result.stderr)")
        return result.stdout
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text.prefix(200))")
    }

    /// The access points (X, Y), display points and names of the ArcGIS JSON answer.
    static func reference() throws -> [(route: (Double, Double), display: (Double, Double), name: String)] {
        let candidates = try #require(try json(run(["--format", "json"]))["candidates"] as? [[String: Any]])
        return try candidates.map { candidate in
            let attributes = try #require(candidate["attributes"] as? [String: Any])
            let location = try #require(candidate["location"] as? [String: Double])
            return (
                (attributes["X"] as! Double, attributes["Y"] as! Double), (location["x"]!, location["y"]!),
                attributes["PlaceName"] as! String
            )
        }
    }

    static func close(_ a: (Double, Double), _ b: (Double, Double), _ tolerance: Double = 1e-7) -> Bool {
        abs(a.0 - b.0) <= tolerance && abs(a.1 - b.1) <= tolerance
    }

    @Test func everyFormatRoutesToTheAccessPoints() throws {
        let reference = try Self.reference()
        #expect(reference.count == 5)
        // The access points are on the street, not the places: most differ from them.
        #expect(reference.filter { !Self.close($0.route, $0.display) }.count >= 3)

        let stops = try Self.json(Self.run(["--format", "stops"]))
        #expect((stops["spatialReference"] as? [String: Any])?["wkid"] as? Int == 4326)
        let features = try #require(stops["features"] as? [[String: Any]])
        let stopsGeoJSON = try #require(
            try Self.json(Self.run(["--format", "stops-geojson"]))["features"] as? [[String: Any]])
        let osrm = try Self.run(["--format", "osrm"]).trimmingCharacters(in: .whitespacesAndNewlines)
            .split(separator: ";").map { $0.split(separator: ",").map { Double($0)! } }
        let valhalla = try #require(try Self.json(Self.run(["--format", "valhalla"]))["locations"] as? [[String: Any]])
        let graphHopper = try Self.json(Self.run(["--format", "graphhopper"]))
        let points = try #require(graphHopper["points"] as? [[Double]])
        #expect((graphHopper["point_hints"] as? [String])?.count == 5)
        let counts: [Int] = [features.count, stopsGeoJSON.count, osrm.count, valhalla.count, points.count]
        #expect(counts == [5, 5, 5, 5, 5])
        for (index, expected) in reference.enumerated() {
            let geometry = try #require(features[index]["geometry"] as? [String: Double])
            let stop: (Double, Double) = (geometry["x"]!, geometry["y"]!)
            #expect(Self.close(stop, expected.route))
            let stopName = (features[index]["attributes"] as? [String: Any])?["Name"] as? String
            #expect(stopName == expected.name)
            let feature = stopsGeoJSON[index]
            let coordinates = try #require((feature["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            let featurePoint: (Double, Double) = (coordinates[0], coordinates[1])
            #expect(Self.close(featurePoint, expected.route))
            let display = try #require((feature["properties"] as? [String: Any])?["display"] as? [Double])
            let displayPoint: (Double, Double) = (display[0], display[1])
            #expect(Self.close(displayPoint, expected.display))
            let osrmPoint: (Double, Double) = (osrm[index][0], osrm[index][1])
            #expect(Self.close(osrmPoint, expected.route, 1e-6))  // 7 decimals
            let location = valhalla[index]
            let valhallaRoute: (Double, Double) = (location["lon"] as! Double, location["lat"] as! Double)
            let valhallaDisplay: (Double, Double) = (
                location["display_lon"] as! Double, location["display_lat"] as! Double
            )
            #expect(Self.close(valhallaRoute, expected.route))
            #expect(Self.close(valhallaDisplay, expected.display))
            #expect(location["name"] as? String == expected.name)
            let graphHopperPoint: (Double, Double) = (points[index][0], points[index][1])
            #expect(Self.close(graphHopperPoint, expected.route))
        }
    }

    /// GPX read back with an XML parser: a waypoint per result at its access point.
    @Test func gpxIsWaypointsAtTheAccessPoints() throws {
        let reference = try Self.reference()
        let gpx = try Self.run(["--format", "gpx"])
        final class Waypoints: NSObject, XMLParserDelegate {
            var points: [(Double, Double)] = []
            var names: [String] = []
            var text = ""
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) {
                if name == "wpt" { points.append((Double(attributes["lon"]!)!, Double(attributes["lat"]!)!)) }
                text = ""
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?)
            {
                if name == "name" { names.append(text) }
            }
        }
        let parser = XMLParser(data: Data(gpx.utf8))
        let waypoints = Waypoints()
        parser.delegate = waypoints
        #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
        #expect(waypoints.points.count == 5)
        for (index, expected) in reference.enumerated() {
            let waypoint: (Double, Double) = waypoints.points[index]
            #expect(Self.close(waypoint, expected.route, 1e-6))
            #expect(waypoints.names[index] == expected.name)
        }
    }

    @Test func arcGISStopsHonourWebMercator() throws {
        let reference = try Self.reference()
        let stops = try Self.json(Self.run(["--format", "stops", "--sr", "3857"]))
        #expect((stops["spatialReference"] as? [String: Any])?["latestWkid"] as? Int == 3857)
        let features = try #require(stops["features"] as? [[String: Any]])
        for (index, expected) in reference.enumerated() {
            let geometry = try #require(features[index]["geometry"] as? [String: Double])
            let metres = WebMercatorCLITests.mercator(latitude: expected.route.1, longitude: expected.route.0)
            let (dx, dy) = (abs(geometry["x"]! - metres.x), abs(geometry["y"]! - metres.y))
            #expect(dx < 0.01 && dy < 0.01)
        }
    }

    /// Names are escaped in GPX and JSON alike; a result without a place name is named by its address.
    @Test func namesAreEscapedAndAddressesNameTheirStops() throws {
        let place = Point(latitude: 60.17, longitude: 24.94)
        let results = [
            GeocodeResult(
                label: "Tom & Jerry's <Café>", displayLocation: place, routeLocation: place, score: 100,
                attributes: ["PlaceName": "Tom & Jerry's <Café>", "Place_addr": "A \"quoted\" street"], extent: nil),
            GeocodeResult(
                label: "Yrjönkatu 10, Helsinki", displayLocation: place, routeLocation: nil, score: 100,
                attributes: ["PlaceName": ""], extent: nil),
        ]
        let stops = results.compactMap(Stop.init)
        #expect(stops.map(\.name) == ["Tom & Jerry's <Café>", "Yrjönkatu 10, Helsinki"])
        #expect(stops[1].routeLocation == place)  // no access point: the place
        let gpx = StopFormatter.gpx(stops)
        #expect(gpx.contains("<name>Tom &amp; Jerry's &lt;Café&gt;</name>"))
        #expect(gpx.contains("<desc>A &quot;quoted&quot; street</desc>"))
        #expect(XMLParser(data: Data(gpx.utf8)).parse())
        let valhalla = StopFormatter.valhallaLocations(stops).serialized()
        #expect(try JSONSerialization.jsonObject(with: Data(valhalla.utf8)) is [String: Any])
    }
}
