import Foundation

@testable import OpenLocator

/// The Helsinki extract's named objects, read element by element here (only the PBF decoding
/// is the library's; no category mapping, no geometry of the importer's), for relevance truth:
/// every node, way and relation with a `name`, its tags, and every point it has in the file.
struct RawOSM: Sendable {
    struct Object: Sendable {
        /// "node/1", "way/2", "relation/3".
        var id: String
        var tags: [String: String]
        /// Its node's position, or the positions of the nodes of its way or of its member ways
        /// that the extract holds.
        var points: [Point]

        var name: String { tags["name"] ?? "" }
        var swedish: String? { tags["name:sv"].flatMap { $0 == name ? nil : $0 } }
        /// Every name it has: `name`, `name:xx`, `alt_name`…
        var names: [String] {
            tags.filter { $0.key == "name" || $0.key.hasPrefix("name:") || $0.key.hasSuffix("_name") }
                .flatMap { $0.value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) } }
        }

        func has(_ key: String, _ values: Set<String>? = nil) -> Bool {
            guard let value = tags[key] else { return false }
            return values?.contains(value) ?? true
        }

        /// Whether a point lies within `metres` of one of its points.
        func isNear(_ point: Point, within metres: Double) -> Bool {
            points.contains { $0.distance(to: point) <= metres }
        }
    }

    var objects: [Object] = []

    /// The objects with a name as written, by that name lower-cased (any of its names).
    func named(_ name: String) -> [Object] { byName[name.lowercased()] ?? [] }
    private var byName: [String: [Object]] = [:]

    static let helsinki: RawOSM = {
        var raw = RawOSM()
        var nodes: [Int64: Point] = [:]
        var ways: [Int64: [Int64]] = [:]
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node):
                let point = Point(latitude: node.latitude, longitude: node.longitude)
                nodes[node.id] = point
                if node.tags["name"] != nil {
                    raw.objects.append(Object(id: "node/\(node.id)", tags: node.tags, points: [point]))
                }
            case .way(let way):
                ways[way.id] = way.nodeRefs
                if way.tags["name"] != nil {
                    let points = way.nodeRefs.compactMap { nodes[$0] }
                    if !points.isEmpty { raw.objects.append(Object(id: "way/\(way.id)", tags: way.tags, points: points)) }
                }
            case .relation(let relation):
                guard relation.tags["name"] != nil else { return }
                let points = relation.members.flatMap { member -> [Point] in
                    switch member.kind {
                    case .node: return nodes[member.ref].map { [$0] } ?? []
                    case .way: return (ways[member.ref] ?? []).compactMap { nodes[$0] }
                    case .relation: return []
                    }
                }
                if !points.isEmpty {
                    raw.objects.append(Object(id: "relation/\(relation.id)", tags: relation.tags, points: points))
                }
            }
        }
        for object in raw.objects {
            for name in Set(object.names.map { $0.lowercased() }) { raw.byName[name, default: []].append(object) }
        }
        return raw
    }()
}
