import Foundation
import Testing

@testable import OpenLocator

/// Access points (`routeLocation`), with truth from the OSM extract's own highways: the nearest
/// point of the place's own street within 100 m (an address's, by name), else of any named
/// highway there, found by measuring every piece of every one.
extension RelevanceSuiteTests {
    /// Every named highway piece of the extract, by name (pieces join consecutive nodes the
    /// file has, as a clipped extract gives them).
    static let osmHighwayPieces: [(name: String, a: Coordinate, b: Coordinate)] = {
        // The highways that are no street (the importer's definition of a street, restated).
        let notStreets: Set<String> = [
            "bus_stop", "platform", "elevator", "street_lamp", "traffic_signals", "crossing", "stop", "give_way",
            "turning_circle", "milestone", "speed_camera", "emergency_access_point", "rest_area", "services",
            "construction", "proposed",
        ]
        var nodes: [Int64: Coordinate] = [:]
        var pieces: [(String, Coordinate, Coordinate)] = []
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node): nodes[node.id] = Coordinate(lon: node.longitude, lat: node.latitude)
            case .way(let way):
                guard let highway = way.tags["highway"], !notStreets.contains(highway), let name = way.tags["name"],
                    !name.isEmpty
                else { return }
                let points = way.nodeRefs.compactMap { nodes[$0] }
                for (a, b) in zip(points, points.dropFirst()) { pieces.append((name, a, b)) }
            case .relation: break
            }
        }
        return pieces.map { (name: $0.0, a: $0.1, b: $0.2) }
    }()

    /// The brute-force access point of a place at `point` whose street is `street`, and the
    /// side of its piece the place is on ("L" left of the piece's direction).
    static func truthAccess(at point: Point, street: String) -> (point: Point, side: String)? {
        let here = Coordinate(lon: point.longitude, lat: point.latitude)
        var best: (point: Coordinate, distance: Double, own: Bool, side: String)?
        for piece in osmHighwayPieces {
            // The nearest point of the piece, on a plane scaled at the place's latitude.
            let k = cos(here.lat * .pi / 180)
            let (ax, ay, bx, by) = (
                (piece.a.lon - here.lon) * k, piece.a.lat - here.lat, (piece.b.lon - here.lon) * k,
                piece.b.lat - here.lat
            )
            let (dx, dy) = (bx - ax, by - ay)
            let t = dx * dx + dy * dy > 0 ? max(0, min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy))) : 0
            let q = Coordinate(
                lon: piece.a.lon + (piece.b.lon - piece.a.lon) * t, lat: piece.a.lat + (piece.b.lat - piece.a.lat) * t)
            let distance = Point(latitude: q.lat, longitude: q.lon).distance(to: point)
            guard distance <= 100 else { continue }
            let own = !street.isEmpty && piece.name.lowercased() == street.lowercased()
            if let current = best, current.own && !own || (current.own == own && current.distance <= distance) {
                continue
            }
            let cross = dx * (-ay) - dy * (-ax)  // the piece's direction × the way from its start to the place
            best = (q, distance, own, cross > 0 ? "L" : cross < 0 ? "R" : "")
        }
        return best.map { (Point(latitude: $0.point.lat, longitude: $0.point.lon), $0.side) }
    }

    /// Addresses and POIs across central Helsinki: the route location is the brute-force
    /// access point within 1 m, or the place itself where no street is within 100 m
    /// (floor 99 %).
    @Test func everyPlaceIsReachedFromItsStreet() async throws {
        let tally = Tally("access points (route location)", floor: 0.99)
        let task = try Fixtures.task()
        var seen: Set<String> = []
        for point in Fixtures.helsinkiGrid {
            for category in ["Point Address", "POI"] {
                let parameters = GeocodeParameters()
                parameters.preferredSearchLocation = point
                parameters.addCategory(category)
                parameters.maxResults = 5
                parameters.addResultAttributeName("*")
                for result in try await task.geocode(forSearchText: "", using: parameters)
                where seen.insert(result.label + text(result, "X")).inserted {
                    let place = try #require(result.displayLocation)
                    let route = try #require(result.routeLocation)
                    let truth = Self.truthAccess(at: place, street: text(result, "StName"))
                    let hit =
                        truth.map { route.distance(to: $0.point) <= 1 && text(result, "Side") == $0.side }
                        ?? (route == place && text(result, "Side").isEmpty)
                    tally.record(
                        hit,
                        "\(result.label): route \(route) side \(text(result, "Side")), truth \(truth.map { "\($0.point) side \($0.side)" } ?? "none (the place)")"
                    )
                }
            }
        }
        tally.finish(minimumQueries: 150)
    }
}
