import Foundation
import Testing

@testable import OpenLocator

/// Query forms a city's people type (a transit app's searches): a place and its town, in
/// Finnish and Swedish; squares, stops and stations by their own names; generic words in
/// another language, or left out. Truth from the extract's own elements (``RawOSM``): the first
/// answer must lie within 150 m of a named object of that name, and be no town.
extension RelevanceSuiteTests {
    /// How near the first answer must lie to an object of the asked name.
    static let nearObject = 150.0

    /// Keys whose named objects are things a person may look for, as OSM documents them.
    static let featureKeys: Set<String> = [
        "amenity", "shop", "tourism", "leisure", "historic", "office", "craft", "public_transport", "railway",
        "highway", "place", "man_made", "building", "natural", "landuse", "memorial", "artwork_type", "aeroway",
        "emergency", "healthcare", "club", "sport", "addr:street",
    ]

    /// The named objects a person may look for: a feature's tags (or an address), not private,
    /// not a street, route, boundary, rail line or a stop's position on the road (its platform
    /// or stop is the thing), and a name of three letters or more that no town has.
    static let lookedFor: [RawOSM.Object] = {
        let streets: Set<String> = [
            "residential", "primary", "secondary", "tertiary", "unclassified", "service", "footway", "cycleway",
            "steps", "path", "living_street", "primary_link", "secondary_link", "tertiary_link", "track", "trunk",
            "motorway", "construction", "corridor",
        ]
        let towns = Set(RawGeoNames.shared.places.map { $0.name.lowercased() })
        return RawOSM.helsinki.objects.filter { object in
            let tags = object.tags
            guard object.name.count >= 3, !towns.contains(object.name.lowercased()),
                tags["access"] != "private", tags.keys.contains(where: featureKeys.contains),
                tags["type"].map({ ["multipolygon", "site", "public_transport"].contains($0) }) ?? true,
                tags["boundary"] == nil, tags["route"] == nil, tags["public_transport"] != "stop_position",
                !object.has("railway", ["rail", "tram", "subway", "light_rail", "level_crossing", "switch", "crossing"]),
                // A street, unless a pedestrian square drawn as an area.
                !(object.has("highway", streets)),
                !(object.has("highway", ["pedestrian"]) && tags["area"] != "yes" && tags["type"] != "multipolygon"
                    && tags["place"] == nil)
            else { return false }
            return true
        }
    }()

    /// Whether an answer lies within ``nearObject`` of an object named `name` (any of its
    /// names) that `keep` accepts, and is no town unless that object is one (a district's
    /// `place` node: "Kallio, Helsinki" is the district).
    static func landsOnObject(
        _ answer: GeocodeResult?, named name: String, where keep: (RawOSM.Object) -> Bool = { _ in true }
    ) -> Bool {
        guard let answer, let location = answer.displayLocation else { return false }
        let isTown = text(answer, "Addr_type") == "Locality"
        return RawOSM.helsinki.named(name).contains {
            keep($0) && $0.isNear(location, within: nearObject)
                && (!isTown || ($0.tags["place"] != nil && $0.tags["place"] != "square"))
        }
    }

    // MARK: - A place and its town

    /// Every named thing of the extract with its town, as forms and transit apps write it:
    /// "Ateneum, Helsinki", "Ateneum, Helsingfors", "Ateneum Helsinki"; its Swedish name with
    /// either ("Salutorget, Helsingfors"). The place, not the town, comes first.
    @Test func aPlaceWithItsTownFindsThePlaceNotTheTown() async throws {
        let tally = Tally("a place, its town (Finnish and Swedish)", floor: 0.95)
        var stream = Stream(state: 52)
        for (index, object) in Self.lookedFor.enumerated() where index % 2 == 0 {
            let towns = ["Helsinki", "Helsingfors"]
            let town = towns[stream.next(2)]
            var queries = ["\(object.name), \(town)"]
            if index % 6 == 0 { queries.append("\(object.name) \(town)") }
            if let swedish = object.swedish { queries.append("\(swedish), \(towns[stream.next(2)])") }
            for query in queries {
                let asked = query.hasPrefix(object.name) ? object.name : object.swedish ?? object.name
                let first = try await Self.geocode(query, max: 1).first
                tally.record(
                    Self.landsOnObject(first, named: asked),
                    "'\(query)' -> \(first.map { "\($0.label) \(text($0, "Addr_type")) \($0.score)" } ?? "nothing") (\(object.id))"
                )
            }
        }
        tally.finish(minimumQueries: 600)
    }

    /// Every named thing that has a Swedish name, by that name alone: as well found as by its
    /// Finnish one.
    @Test func aPlaceByItsSwedishNameAlone() async throws {
        let tally = Tally("a place by its Swedish name", floor: 0.95)
        for object in Self.lookedFor {
            guard let swedish = object.swedish, swedish.count >= 3 else { continue }
            let first = try await Self.geocode(swedish, near: Fixtures.helsinkiCentre, max: 1).first
            tally.record(
                Self.landsOnObject(first, named: swedish),
                "'\(swedish)' -> \(first.map { "\($0.label) \(text($0, "Addr_type"))" } ?? "nothing") (\(object.id))")
        }
        tally.finish(minimumQueries: 30)
    }

    // MARK: - Squares, stops and stations

    /// Named squares (`place=square`, pedestrian areas), tram and bus stops and platforms,
    /// metro and railway stations, by their own names, alone and with the town, near the
    /// centre: the first answer lies on a thing of that name (a stop named after its street may
    /// answer the street; not the town), and the square, stop or station itself is among the
    /// first five.
    @Test func squaresStopsAndStationsByTheirOwnNames() async throws {
        let tally = Tally("squares, stops and stations", floor: 0.95)
        func isTransitOrSquare(_ object: RawOSM.Object) -> Bool {
            object.has("place", ["square"]) || object.has("highway", ["pedestrian", "bus_stop"])
                || object.has("railway", ["tram_stop", "station", "halt", "subway_entrance"])
                || object.has("public_transport", ["platform", "station", "stop_area"])
                || object.has("amenity", ["bus_station"])
        }
        var asked: Set<String> = []
        for object in Self.lookedFor where isTransitOrSquare(object) {
            for name in [object.name] + (object.swedish.map { [$0] } ?? []) where asked.insert(name).inserted {
                for query in [name, "\(name), \(name == object.name ? "Helsinki" : "Helsingfors")"] {
                    let results = try await Self.geocode(query, near: Fixtures.helsinkiCentre, max: 5)
                    tally.record(
                        Self.landsOnObject(results.first, named: name)
                            && results.contains { Self.landsOnObject($0, named: name, where: isTransitOrSquare) },
                        "'\(query)' -> \(results.first.map { "\($0.label) \(text($0, "Type"))" } ?? "nothing") (\(object.id))")
                }
            }
        }
        tally.finish(minimumQueries: 60)
    }

    // MARK: - Generic words

    /// Generic words of place names in English, Finnish and Swedish, the test's own table:
    /// each group means one thing.
    static let genericWordGroups: [[String]] = [
        ["hotel", "hotelli", "hotell"], ["hostel", "hostelli", "vandrarhem"], ["museum", "museo", "museet"],
        ["church", "kirkko", "kyrka"], ["park", "puisto", "parken"], ["theatre", "teatteri", "teater"],
        ["restaurant", "ravintola", "restaurang"], ["cafe", "kahvila", "kafé"], ["bar", "baari"],
        ["library", "kirjasto", "bibliotek"], ["station", "asema", "stationen"], ["square", "tori", "torget"],
        ["school", "koulu", "skola"], ["bridge", "silta", "bron"], ["tower", "torni", "tornet"],
        ["market hall", "kauppahalli", "saluhall"],
    ]

    /// Every named thing whose name has a generic word of its own ("Hotel Kämp", "Ravintola
    /// Savoy", "Vanha kirkko"), asked with that word in the other languages, and without it,
    /// with its town: "Hotelli Kämp, Helsinki", "Kämp, Helsinki".
    @Test func genericWordsInAnotherLanguageOrLeftOut() async throws {
        let tally = Tally("generic words translated or left out", floor: 0.95)
        for object in Self.lookedFor {
            let words = object.name.split(separator: " ").map(String.init)
            guard words.count >= 2,
                let (position, group) = words.enumerated().lazy.compactMap({ word -> (Int, [String])? in
                    Self.genericWordGroups.first { $0.contains(word.element.lowercased()) }.map { (word.offset, $0) }
                }).first
            else { continue }
            var variants = group.filter { $0 != words[position].lowercased() && !$0.contains(" ") }.map { other in
                var changed = words
                changed[position] = other.prefix(1).uppercased() + other.dropFirst()
                return changed.joined(separator: " ")
            }
            var without = words
            without.remove(at: position)
            if without.joined().count >= 4 { variants.append(without.joined(separator: " ")) }
            for variant in variants {
                let query = "\(variant), Helsinki"
                let first = try await Self.geocode(query, max: 1).first
                tally.record(
                    Self.landsOnObject(first, named: object.name),
                    "'\(query)' for \(object.name) -> \(first.map { "\($0.label) \($0.score)" } ?? "nothing")")
            }
        }
        tally.finish(minimumQueries: 60)
    }
}
