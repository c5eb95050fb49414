import Foundation
import Testing

@testable import OpenLocator

/// Postcodes, with truth from the OSM extract's own elements (every node and way with
/// `addr:postcode`, read element by element), not from the gazetteer.
extension RelevanceSuiteTests {
    /// Each postcode of the extract with its points and the most common `addr:city` of them.
    static let osmPostcodes: [(code: String, city: String, points: [Point])] = {
        var points: [String: [Point]] = [:]
        var cities: [String: [String: Int]] = [:]
        var nodes: [Int64: Coordinate] = [:]
        func add(_ tags: [String: String], _ point: Coordinate?) {
            guard let code = tags["addr:postcode"]?.trimmingCharacters(in: .whitespaces), !code.isEmpty,
                let point
            else { return }
            points[code, default: []].append(Point(latitude: point.lat, longitude: point.lon))
            if let city = tags["addr:city"] { cities[code, default: [:]][city, default: 0] += 1 }
        }
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node):
                nodes[node.id] = Coordinate(lon: node.longitude, lat: node.latitude)
                add(node.tags, nodes[node.id])
            case .way(let way):
                add(way.tags, OSMGeometry.representativePoint(way.nodeRefs.compactMap { nodes[$0] }))
            case .relation: break
            }
        }
        return points.keys.sorted().map { code in
            let city = cities[code]?.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key ?? "Helsinki"
            return (code, city, points[code]!)
        }
    }()

    /// Every postcode with 5+ points, alone and with its locality before and after: the first
    /// answer is a Postal match inside the points' extent grown by 300 m (issue floor 95 %).
    @Test func everyPostcodeFindsItsArea() async throws {
        let tally = Tally("postcodes (alone, with locality)", floor: 0.95)
        for postcode in Self.osmPostcodes where postcode.points.count >= 5 {
            // The points' extent grown by 300 m (a degree of latitude is 111.32 km).
            let (lons, lats) = (postcode.points.map(\.x), postcode.points.map(\.y))
            let dLat = 300 / 111_320.0
            let dLon = dLat / cos(lats.max()! * .pi / 180)
            let longitudes = (lons.min()! - dLon)...(lons.max()! + dLon)
            let latitudes = (lats.min()! - dLat)...(lats.max()! + dLat)
            for query in [postcode.code, "\(postcode.code) \(postcode.city)", "\(postcode.city) \(postcode.code)"] {
                let first = try await Self.geocode(query).first
                let inside =
                    first?.displayLocation.map { longitudes.contains($0.x) && latitudes.contains($0.y) } ?? false
                tally.record(
                    inside && text(first, "Addr_type") == "Postal" && text(first, "Postal") == postcode.code,
                    "'\(query)' -> \(first?.label ?? "nothing") \(text(first, "Addr_type"))")
            }
        }
        tally.finish(minimumQueries: 15)
    }
}
