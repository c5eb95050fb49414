import Foundation
import Testing

@testable import OpenLocator

/// Intersections, with truth from the OSM extract's own ways: two named streets that share a
/// node meet there. (No two streets of the extract meet twice far apart: the nearest of
/// several crossings is tested on a made-up town, in ``IntersectionTests``.)
extension RelevanceSuiteTests {
    /// Each pair of differently named streets that share nodes (names in order), with the nodes.
    static let osmStreetMeetings: [(first: String, second: String, nodes: [Point])] = {
        // Highways people do not give as streets (the test's own list, not the importer's).
        let notStreets: Set<String> = ["platform", "bus_stop", "elevator", "construction", "proposed", "corridor"]
        var nodes: [Int64: Point] = [:]
        var namesAtNode: [Int64: Set<String>] = [:]
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node): nodes[node.id] = Point(latitude: node.latitude, longitude: node.longitude)
            case .way(let way):
                guard let highway = way.tags["highway"], !notStreets.contains(highway), let name = way.tags["name"],
                    way.nodeRefs.filter({ nodes[$0] != nil }).count >= 2
                else { return }
                for ref in way.nodeRefs where nodes[ref] != nil { namesAtNode[ref, default: []].insert(name) }
            case .relation: break
            }
        }
        var meetings: [String: (String, String, [Point])] = [:]
        // (Every pair of the names at a node: three streets may meet at one.)
        for (node, names) in namesAtNode where names.count >= 2 {
            let sorted = names.sorted()
            for (i, first) in sorted.enumerated() {
                for second in sorted[(i + 1)...] {
                    meetings["\(first)|\(second)", default: (first, second, [])].2.append(nodes[node]!)
                }
            }
        }
        return meetings.keys.sorted().map { meetings[$0]! }.map { (first: $0.0, second: $0.1, nodes: $0.2) }
    }()

    /// Every pair of streets that share a node, written each way people join them: the first
    /// answer is a StreetInt within 15 m of a shared node (issue floor 95 %).
    @Test func streetsThatShareANodeMeetThere() async throws {
        let meetings = Self.osmStreetMeetings
        let tally = Tally("intersections (&, and, /, corner of, ja)", floor: 0.95)
        let forms: [(String, String) -> String] = [
            { "\($0) & \($1)" }, { "\($0) and \($1)" }, { "\($0)/\($1)" }, { "corner of \($0) and \($1)" },
            { "\($1) ja \($0)" }, { "\($0) at \($1)" },
        ]
        for meeting in meetings {
            for form in forms {
                let query = form(meeting.first, meeting.second)
                let first = try await Self.geocode(query, max: 1).first
                let nearest = first?.displayLocation.map { found in meeting.nodes.map { $0.distance(to: found) }.min()!
                }
                tally.record(
                    text(first, "Addr_type") == "StreetInt" && (nearest ?? .infinity) <= 15,
                    "'\(query)' -> \(first?.label ?? "nothing") \(text(first, "Addr_type")) \(nearest.map { "\(Int($0)) m" } ?? "")"
                )
            }
        }
        tally.finish(minimumQueries: 500)
    }
}
