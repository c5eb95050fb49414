import Foundation
import Testing

@testable import OpenLocator

/// Other-language names, with truth from the OSM extract's own elements (read element by
/// element here, not through the gazetteer): the Swedish names of streets and places.
extension RelevanceSuiteTests {
    /// What the extract says about names in Swedish.
    struct RawSwedishNames: Sendable {
        /// Each named highway's name and its `name:sv`, where the two differ (highways with a
        /// piece inside the extract: two of their nodes in the file).
        var streets: [String: String] = [:]
        /// Addresses (`addr:street` + `addr:housenumber`) on those streets, each once.
        var addresses: [(street: String, number: String)] = []
        /// Named nodes with a different `name:sv` that the category mapping makes places (not
        /// private), and where they are.
        var places: [(name: String, swedish: String, at: Point, isLocality: Bool)] = []
    }

    static let rawSwedishNames: RawSwedishNames = {
        var raw = RawSwedishNames()
        var addresses: [(String, String)] = []
        var nodes: Set<Int64> = []
        let mapping = try? OSMCategoryMapping(contentsOf: Fixtures.categoryMapping)
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node):
                nodes.insert(node.id)
                if let street = node.tags["addr:street"], let number = node.tags["addr:housenumber"] {
                    addresses.append((street, number))
                }
                if let name = node.tags["name"], let swedish = node.tags["name:sv"], swedish != name,
                    node.tags["access"] != "private", mapping?.category(for: node.tags) != nil
                {
                    raw.places.append(
                        (
                            name, swedish, Point(latitude: node.latitude, longitude: node.longitude),
                            node.tags["place"] != nil
                        ))
                }
            case .way(let way):
                if let street = way.tags["addr:street"], let number = way.tags["addr:housenumber"] {
                    addresses.append((street, number))
                }
                if way.tags["highway"] != nil, let name = way.tags["name"], let swedish = way.tags["name:sv"],
                    swedish != name, raw.streets[name] == nil, way.nodeRefs.filter(nodes.contains).count >= 2
                {
                    raw.streets[name] = swedish
                }
            case .relation: break
            }
        }
        var seen: Set<String> = []
        raw.addresses = addresses.filter { raw.streets[$0.0] != nil && seen.insert("\($0.0)|\($0.1)").inserted }
            .map { (street: $0.0, number: $0.1) }
        return raw
    }()

    /// Every address on a street with a Swedish name, written with it ("Georgsgatan 10"):
    /// the first answer lies within 40 m of the first answer to the Finnish form, with the
    /// same score, and that one is the address itself (issue floor 95 %).
    @Test func addressesWrittenWithTheSwedishStreetName() async throws {
        let raw = Self.rawSwedishNames
        let tally = Tally("addresses by their street's Swedish name", floor: 0.95)
        // A fixed sample when there are many (each address is two queries).
        var stream = Stream(state: 22)
        var sample = raw.addresses
        while sample.count > 250 { sample.remove(at: stream.next(sample.count)) }
        for address in sample {
            let finnish = try await Self.geocode("\(address.street) \(address.number)", max: 1).first
            let swedish = try await Self.geocode("\(raw.streets[address.street]!) \(address.number)", max: 1).first
            let apart = finnish?.displayLocation.flatMap { a in swedish?.displayLocation.map { a.distance(to: $0) } }
            let finnishIsTheAddress =
                text(finnish, "StName").lowercased() == address.street.lowercased()
                && text(finnish, "AddNum").lowercased() == address.number.lowercased()
            tally.record(
                finnishIsTheAddress && (apart ?? .infinity) <= 40 && finnish?.score == swedish?.score,
                "'\(raw.streets[address.street]!) \(address.number)' -> \(swedish?.label ?? "nothing") \(swedish?.score ?? 0); '\(address.street) \(address.number)' -> \(finnish?.label ?? "nothing") \(finnish?.score ?? 0)"
            )
        }
        tally.finish(minimumQueries: 100)
    }

    /// `outputLanguageCode` "sv" on every street and place with a Swedish name: found by its
    /// own name, the answer carries the Swedish one (streets in `StName` and the address,
    /// places in `PlaceName`, or the address of a square mapped as a street too) (issue floor 95 %).
    @Test func answersInSwedishUseTheSwedishNames() async throws {
        let raw = Self.rawSwedishNames
        let tally = Tally("answers in Swedish", floor: 0.95)
        let task = try Fixtures.task()
        for (street, swedish) in raw.streets.sorted(by: { $0.key < $1.key }) {
            let parameters = GeocodeParameters()
            parameters.outputLanguageCode = "sv"
            parameters.addCategory("Street Name")
            parameters.maxResults = 1
            parameters.addResultAttributeName("*")
            let first = try await task.geocode(forSearchText: street, using: parameters).first
            tally.record(
                text(first, "StName") == swedish && (first?.label.hasPrefix(swedish) ?? false),
                "street '\(street)' -> \(first?.label ?? "nothing"), want \(swedish)")
        }
        for place in raw.places {
            let parameters = GeocodeParameters()
            parameters.outputLanguageCode = "sv"
            parameters.preferredSearchLocation = place.at
            parameters.addResultAttributeName("*")
            let results = try await task.geocode(forSearchText: place.name, using: parameters)
            // The answer for this element: a named place at its node (POIs merged into their
            // building lie within 50 m of it; a locality's GeoNames point within 3 km), else a
            // street there.
            let radius = place.isLocality ? 3_000.0 : 50
            let near = results.filter { ($0.displayLocation?.distance(to: place.at) ?? .infinity) <= radius }
            let found = near.first { ["POI", "Locality"].contains(text($0, "Addr_type")) } ?? near.first
            // (Other things of that name there, a stop or a platform, have Swedish names too.)
            let swedishThere = Set(
                RawOSM.helsinki.named(place.name).filter { $0.isNear(place.at, within: radius) }.compactMap(\.swedish))
            tally.record(
                text(found, "PlaceName") == place.swedish || swedishThere.contains(text(found, "PlaceName"))
                    || (text(found, "Addr_type") == "StreetName" && text(found, "StName") == place.swedish),
                "'\(place.name)' -> \(found.map { text($0, "PlaceName") + " " + text($0, "Addr_type") } ?? "nothing at its node"), want \(place.swedish)"
            )
        }
        tally.finish(minimumQueries: 100)
    }
}
