import Foundation

/// Turns an OSM PBF extract into places: named POIs and localities whose tags the category
/// mapping knows (nodes, ways and multipolygon relations, at the node or the area's centroid),
/// address points (`addr:street` + `addr:housenumber`), and streets (named highways).
///
/// What scales with a country stays on disk: node locations and way node lists
/// (``OSMGeometryStore``), address points until all are read and merged
/// (``AddressPointSpool``), and the streets' segments (``StreetSegmentFile``). POIs,
/// localities and one record per street are held in memory.
///
/// Extracts cut by a bounding box reference nodes outside the file: geometry is made from the
/// nodes that are present, and an object with none is skipped.
struct OSMImporter {
    let mapping: OSMCategoryMapping
    /// The named things `mapping` leaves out, with a Type of their own (squares, tram stops,
    /// fountains: `Gazetteer/osm-named-types.tsv`); `nil` for none.
    let namedTypes: OSMCategoryMapping?
    /// Where the temporary files go (next to the gazetteer being built, not a RAM-backed /tmp).
    let directory: URL
    private(set) var places: [PlaceRecord] = []
    /// Streets: one or more named ways joined end to end. Their straight pieces are in
    /// ``streetSegments``, each with its street's index here.
    private(set) var streets: [PlaceRecord] = []
    /// The address points, on disk until every file is read (see ``AddressPointSpool``).
    private var addressPoints: AddressPointSpool?
    /// The cities and districts whose boundaries the files hold whole, to place places in.
    private(set) var administrativeAreas = AdministrativeAreas()
    /// The streets' straight pieces, on disk.
    private var streetSegments: StreetSegmentFile?
    /// The index of the file being read, among those read so far.
    private var file = -1
    /// Named highway ways by name, with the first and last of their nodes present in the file
    /// (their geometry stays in the ``OSMGeometryStore`` until the file is read) and their
    /// other names.
    private var streetWays: [String: [StreetWay]] = [:]
    private struct StreetWay {
        var id: Int64
        var ends: (Int64, Int64)
        var names: OtherNames
    }
    private let streetName = CategoryTree.world["Street Name"]!.code
    private let populatedPlace = CategoryTree.world["Populated Place"]!

    init(mapping: OSMCategoryMapping, namedTypes: OSMCategoryMapping? = nil, directory: URL) {
        (self.mapping, self.namedTypes, self.directory) = (mapping, namedTypes, directory)
    }

    /// Hands over the places, streets and address points read, leaving the importer empty, so
    /// a build holds one copy of them. (`nil` files: no file was read.)
    mutating func takeResults() -> (
        places: [PlaceRecord], streets: [PlaceRecord], streetSegments: StreetSegmentFile?,
        addressPoints: AddressPointSpool?, administrativeAreas: AdministrativeAreas
    ) {
        defer { self = OSMImporter(mapping: mapping, namedTypes: namedTypes, directory: directory) }
        return (places, streets, streetSegments, addressPoints, administrativeAreas)
    }

    /// Reads one PBF file. Node locations and way node lists go to an ``OSMGeometryStore`` on
    /// disk, so the file's size is not limited by memory. `progress` is called after each block
    /// with the fraction of the file read and the places and address points found so far.
    mutating func read(_ url: URL, progress: (_ fraction: Double, _ found: Int) -> Void = { _, _ in }) throws {
        file += 1
        if addressPoints == nil { addressPoints = try AddressPointSpool(directory: directory) }
        if streetSegments == nil { streetSegments = try StreetSegmentFile(directory: directory) }
        let store = try OSMGeometryStore(directory: directory)
        let reader: OSMPBFReader
        do {
            reader = try OSMPBFReader(contentsOf: url)
        } catch let error as OSMPBFError {
            throw LocatorError(.invalidInput, "\(url.lastPathComponent): \(error)")
        }
        do {
            try reader.forEach(
                { element in
                    switch element {
                    case .node(let node): try addNode(node, store: store)
                    case .way(let way): try addWay(way, store: store)
                    case .relation(let relation): try addRelation(relation, store: store)
                    }
                },
                afterBlock: { fraction in progress(fraction, places.count + (addressPoints?.count ?? 0)) })
        } catch let error as OSMPBFError {
            throw LocatorError(.invalidInput, "\(url.lastPathComponent): \(error)")
        }
        try finishStreets(store: store)
    }

    private mutating func addNode(_ node: OSMNode, store: OSMGeometryStore) throws {
        // A corrupt file can hold coordinates off the globe: such nodes are left out.
        guard abs(node.latitude) <= 90, abs(node.longitude) <= 180 else { return }
        let coordinate = Coordinate(lon: node.longitude, lat: node.latitude)
        try store.addNode(id: node.id, at: coordinate)
        guard !node.tags.isEmpty else { return }
        try addFeature(tags: node.tags, at: coordinate, source: "osm:node/\(node.id)")
    }

    private mutating func addWay(_ way: OSMWay, store: OSMGeometryStore) throws {
        // Clipped extracts refer to nodes outside the file: the way is what is present.
        var present: [Int64] = []
        var points: [Coordinate] = []
        for ref in way.nodeRefs {
            if let point = try store.node(ref) {
                present.append(ref)
                points.append(point)
            }
        }
        guard !points.isEmpty else { return }
        try store.addWay(id: way.id, refs: present)
        if let highway = way.tags["highway"], let name = way.tags["name"], !name.isEmpty,
            !Self.nonStreetHighways.contains(highway)
        {
            // Only the ends join ways into streets.
            streetWays[name, default: []].append(
                StreetWay(id: way.id, ends: (present.first!, present.last!), names: OtherNames(way.tags)))
        }
        guard let location = OSMGeometry.representativePoint(points) else { return }
        if addPostalBoundary(way.tags, rings: [points], source: "osm:way/\(way.id)") { return }
        try addFeature(tags: way.tags, at: location, source: "osm:way/\(way.id)")
    }

    private mutating func addRelation(_ relation: OSMRelation, store: OSMGeometryStore) throws {
        guard ["multipolygon", "boundary", "site"].contains(relation.tags["type"] ?? ""),
            relation.tags["name"] != nil || relation.tags["addr:housenumber"] != nil
                || relation.tags["boundary"] == "postal_code"
        else { return }
        let outers = try relation.members.filter { $0.kind == .way && $0.role != "inner" }.compactMap { member in
            try store.wayNodes(member.ref).map { refs in try refs.compactMap { try store.node($0) } }
        }.filter { !$0.isEmpty }
        guard !outers.isEmpty else { return }
        try addAdministrativeArea(relation, outers: outers, store: store)
        let areas = outers.compactMap(OSMGeometry.areaCentroid)
        let location = areas.isEmpty ? OSMGeometry.mean(outers.flatMap { $0 }) : Self.weightedCentroid(areas)
        guard let location else { return }
        if addPostalBoundary(relation.tags, rings: outers, source: "osm:relation/\(relation.id)") { return }
        try addFeature(tags: relation.tags, at: location, source: "osm:relation/\(relation.id)")
    }

    /// Keeps a city's or district's boundary whose ways the file holds, every one of them.
    private mutating func addAdministrativeArea(_ relation: OSMRelation, outers: [[Coordinate]], store: OSMGeometryStore)
        throws
    {
        guard relation.tags["boundary"] == "administrative", let name = relation.tags["name"],
            let level = relation.tags["admin_level"].flatMap({ Int($0) }), AdministrativeAreas.levels.contains(level)
        else { return }
        let ways = relation.members.filter { $0.kind == .way }
        guard try ways.allSatisfy({ try store.wayNodes($0.ref) != nil }),
            outers.count == ways.filter({ $0.role != "inner" }).count
        else { return }
        let inners = try ways.filter { $0.role == "inner" }.compactMap { member in
            try store.wayNodes(member.ref).map { refs in try refs.compactMap { try store.node($0) } }
        }
        administrativeAreas.add(name: name, level: level, outer: outers, inner: inners)
    }

    /// The area-weighted mean of several rings' centroids.
    private static func weightedCentroid(_ areas: [(centroid: Coordinate, area: Double)]) -> Coordinate {
        var lon = 0.0
        var lat = 0.0
        var total = 0.0
        for (centroid, area) in areas {
            lon += centroid.lon * area
            lat += centroid.lat * area
            total += area
        }
        return Coordinate(lon: lon / total, lat: lat / total)
    }

    /// Adds the POI or locality and the address point an object's tags describe.
    private mutating func addFeature(tags: [String: String], at location: Coordinate, source: String) throws {
        let address = Self.address(from: tags)
        if let name = tags["name"], !name.isEmpty, tags["access"] != "private",
            let (category, type) = mapping.match(tags) ?? namedTypes?.match(tags)
        {
            let isLocality = populatedPlace.contains(category)
            var place = PlaceRecord(
                name: name, addressType: isLocality ? .locality : .poi, category: category.code, type: type,
                longitude: location.lon, latitude: location.lat,
                importance: Self.importance(tags: tags, isLocality: isLocality), source: source)
            place.houseNumber = address.houseNumber
            place.street = address.street
            place.postal = address.postal
            place.city = address.city
            place.phone = tags["phone"] ?? tags["contact:phone"] ?? ""
            place.url = tags["website"] ?? tags["contact:website"] ?? ""
            let names = OtherNames(tags)
            place.alternateNames = names.searchable
            place.localizedNames = LocalizedNames.encode(names.localized)
            places.append(place)
        }
        if !address.houseNumber.isEmpty, !address.street.isEmpty {
            // Entrances, buildings and shops that share an address are merged once all are
            // read: the building (or else a bare address node) gives the location, rather
            // than a shop somewhere inside a large block.
            try addressPoints?.add(
                AddressPointSpool.Point(
                    houseNumber: address.houseNumber, street: address.street, postal: address.postal,
                    city: address.city, location: location,
                    precedence: tags["building"] != nil ? 0 : tags["name"] == nil ? 1 : 2, source: source, file: file))
        }
    }

    /// Adds a `boundary=postal_code` area as a postal area (its code from `postal_code`, else
    /// `ref`), at the centre of its rings' extent, with that extent; whether the tags were one.
    private mutating func addPostalBoundary(_ tags: [String: String], rings: [[Coordinate]], source: String) -> Bool {
        guard tags["boundary"] == "postal_code" else { return false }
        guard let written = tags["postal_code"] ?? tags["ref"], let code = PostalAreas.postcode(written),
            let first = rings.first?.first
        else { return true }
        var box = Envelope(xmin: first.lon, ymin: first.lat, xmax: first.lon, ymax: first.lat)
        for point in rings.joined() {
            box = box.union(Envelope(xmin: point.lon, ymin: point.lat, xmax: point.lon, ymax: point.lat))
        }
        places.append(
            PostalAreas.area(
                code: code, city: tags["addr:city"] ?? tags["postal_code:city"] ?? "",
                at: Coordinate(lon: (box.xmin + box.xmax) / 2, lat: (box.ymin + box.ymax) / 2), importance: 0.1,
                source: source, extent: box))
        return true
    }

    /// Groups each name's ways into streets of connected ways and places each street at the
    /// point of its ways nearest the middle of its extent.
    private mutating func finishStreets(store: OSMGeometryStore) throws {
        guard let streetSegments else { return }
        for (name, ways) in streetWays.sorted(by: { $0.key < $1.key }) {
            var parent = Array(ways.indices)
            func root(_ i: Int) -> Int {
                var i = i
                while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
                return i
            }
            var owner: [Int64: Int] = [:]
            for (index, way) in ways.enumerated() {
                for ref in [way.ends.0, way.ends.1] {
                    if let other = owner[ref] { parent[root(index)] = root(other) } else { owner[ref] = index }
                }
            }
            let groups = Dictionary(grouping: ways.indices, by: root)
            for (_, members) in groups.sorted(by: { $0.key < $1.key }) {
                var segments: [(Coordinate, Coordinate)] = []
                for member in members {
                    let points = try (store.wayNodes(ways[member].id) ?? []).compactMap { try store.node($0) }
                    segments.append(contentsOf: zip(points, points.dropFirst()).map { ($0, $1) })
                }
                let allPoints = segments.flatMap { [$0.0, $0.1] }
                guard let first = allPoints.first else { continue }
                let middle = Coordinate(
                    lon: (allPoints.map(\.lon).min()! + allPoints.map(\.lon).max()!) / 2,
                    lat: (allPoints.map(\.lat).min()! + allPoints.map(\.lat).max()!) / 2)
                var best = (first, Double.infinity)
                for (a, b) in segments {
                    let candidate = OSMGeometry.nearestPoint(on: a, b, to: middle)
                    if candidate.1 < best.1 { best = candidate }
                }
                var place = PlaceRecord(
                    name: name, addressType: .streetName, category: streetName, longitude: best.0.lon,
                    latitude: best.0.lat, importance: 0.05, source: "osm:way/\(ways[members.min()!].id)")
                place.street = name
                // Every name any of its ways has: "Georgsgatan" finds Yrjönkatu and its addresses.
                let names = OtherNames(merging: members.map { ways[$0].names })
                place.alternateNames = names.searchable
                place.localizedNames = LocalizedNames.encode(names.localized)
                for (a, b) in segments { try streetSegments.append(street: streets.count, a, b) }
                streets.append(place)
            }
        }
        streetWays = [:]
    }

    /// Highway values that are not streets people give as addresses.
    static let nonStreetHighways: Set<String> = [
        "bus_stop", "platform", "elevator", "street_lamp", "traffic_signals", "crossing", "stop", "give_way",
        "turning_circle", "milestone", "speed_camera", "emergency_access_point", "rest_area", "services",
        "construction", "proposed",
    ]

    private static func address(from tags: [String: String]) -> (
        houseNumber: String, street: String, postal: String, city: String
    ) {
        (
            tags["addr:housenumber"] ?? "", tags["addr:street"] ?? tags["addr:place"] ?? "",
            tags["addr:postcode"] ?? "", tags["addr:city"] ?? ""
        )
    }

    /// A feature's names besides `name`: those that find it (``searchable``) and those in a
    /// language (``localized``), which answers in that language show.
    struct OtherNames {
        /// The keys of names that find a place too, each also with a language (`alt_name:sv`).
        static let searchableKeys: Set<String> = [
            "alt_name", "old_name", "official_name", "short_name", "loc_name", "int_name", "nat_name", "reg_name",
            "brand",
        ]

        private(set) var searchable: [String] = []
        private(set) var localized: [(language: String, name: String)] = []

        init(_ tags: [String: String]) {
            for (key, value) in tags.sorted(by: { $0.key < $1.key }) where !value.isEmpty {
                if let language = LocalizedNames.language(ofNameKey: key) {
                    localized.append((language, value))
                } else {
                    let base = key.prefix { $0 != ":" }
                    guard Self.searchableKeys.contains(String(base)),
                        base.count == key.count || LanguageCode.isWellFormed(key.dropFirst(base.count + 1))
                    else { continue }
                }
                // ("Kamppi;Kampen": each name on its own)
                searchable += value.split(separator: ";").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
            }
        }

        /// The names of several ways of one street: each once, the first way's name in a
        /// language winning.
        init(merging all: [OtherNames]) {
            var seen: Set<String> = []
            for names in all {
                searchable += names.searchable.filter { seen.insert($0).inserted }
                localized += names.localized.filter { entry in !localized.contains { $0.language == entry.language } }
            }
        }
    }

    /// POIs with a Wikipedia/Wikidata entry or a brand are more prominent; localities by rank.
    private static func importance(tags: [String: String], isLocality: Bool) -> Double {
        if isLocality {
            switch tags["place"] ?? "" {
            case "city": return 0.8
            case "town": return 0.6
            case "suburb", "borough": return 0.45
            case "village", "quarter": return 0.4
            case "city_block": return 0.1  // (a block of a city, Aasi: a POI's weight)
            default: return 0.35
            }
        }
        var importance = 0.1
        if tags["wikidata"] != nil || tags["wikipedia"] != nil { importance += 0.1 }
        if tags["brand"] != nil { importance += 0.02 }
        if tags["tourism"] != nil { importance += 0.02 }
        return importance
    }
}
