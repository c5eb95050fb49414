import Foundation

/// The intersection reading: each street found by its name (with the locality's words, as an
/// address's street is), then where the two meet (``GazetteerBackend/crossings(of:and:db:)``),
/// answered as `Addr_type` StreetInt "A & B" at the crossing.
///
/// The score is the two streets' name scores, weighed by their words, less
/// ``approachDeduction`` where the streets only pass near each other.
enum IntersectionStage {
    /// How many differently placed streets of each name are tried.
    static let maxStreets = 8
    /// What an answer loses when the streets do not meet but pass within the tolerance.
    static let approachDeduction = 5.0
    /// How the two names are joined in the answer.
    static let joiner = " & "

    static func candidates(_ reading: IntersectionReading, in context: inout SearchContext) throws -> StageResult {
        let backend = context.backend
        let intersection = backend.tree["Intersection"]!.codeRange
        guard GazetteerBackend.intersect([intersection], with: context.filter.categoryRanges).count > 0 else {
            return StageResult(candidates: [], note: "the category filter allows no intersection")
        }
        let first = try streets(reading.first, locality: reading.locality, in: &context)
        let second = try streets(reading.second, locality: reading.locality, in: &context)
        guard !first.isEmpty, !second.isEmpty else {
            return StageResult(candidates: [], note: "\(first.isEmpty ? "first" : "second") street not found")
        }
        let crossings = try backend.crossings(of: first.map(\.id), and: second.map(\.id), db: context.db)
        let rows = try backend.places(for: first + second, db: context.db)
        let scores = Dictionary((first + second).map { ($0.id, $0.score) }, uniquingKeysWith: max)
        // (A street found by another of its names: its crossings rank after its namesake's.)
        let byOtherName = Set((first + second).filter(\.viaAlternateName).map(\.id))
        let (firstWeight, secondWeight) = (context.weight(of: reading.first), context.weight(of: reading.second))
        var found: [Candidate] = []
        // A street the data splits into pieces (each carriageway of a divided road) meets the
        // other at one crossing: the meetings of same-named pieces within
        // ``GazetteerBackend/sameCrossingRadius`` are one, an exact meeting standing for them.
        var kept: [(names: String, point: Coordinate)] = []
        let ordered = crossings.sorted {
            ($0.preference.0, $0.preference.1, $0.first, $0.second) < (
                $1.preference.0, $1.preference.1, $1.first, $1.second
            )
        }
        for crossing in ordered {
            guard let a = rows[crossing.first], let b = rows[crossing.second] else { continue }
            let names = TextFolding.fold(a.name) + "|" + TextFolding.fold(b.name)
            guard TextFolding.fold(a.name) != TextFolding.fold(b.name),
                !kept.contains(where: {
                    $0.names == names
                        && GreatCircle.distance(
                            latitude1: $0.point.lat, longitude1: $0.point.lon, latitude2: crossing.point.lat,
                            longitude2: crossing.point.lon) < GazetteerBackend.sameCrossingRadius
                })
            else { continue }
            kept.append((names, crossing.point))
            let nameScore =
                (scores[a.id, default: 0] * firstWeight + scores[b.id, default: 0] * secondWeight)
                / max(firstWeight + secondWeight, .leastNonzeroMagnitude)
            let place = Self.place(a, b, at: crossing.point)
            guard context.filter.allows(longitude: place.longitude, latitude: place.latitude) else { continue }
            let distance =
                context.center.map { $0.distance(to: Point(latitude: place.latitude, longitude: place.longitude)) }
                ?? 0
            found.append(
                Candidate(
                    id: place.id, longitude: place.longitude, latitude: place.latitude,
                    score: max(0, nameScore - (crossing.gap > 0 ? approachDeduction : 0)), distance: distance,
                    importance: max(a.importance, b.importance), kind: .streetIntersection, place: place,
                    viaAlternateName: byOtherName.contains(a.id) || byOtherName.contains(b.id), sameAs: nil))
        }
        return StageResult(
            candidates: found, note: "\(first.count)×\(second.count) streets, \(found.count) crossings")
    }

    /// The street rows that best match some words, each differently placed, best first.
    private static func streets(_ words: [Int], locality: [Int], in context: inout SearchContext) throws
        -> [Candidate]
    {
        var filter = context.filter
        filter.categoryRanges = [context.backend.tree["Street Name"]!.codeRange]
        var query = context.query(words + locality, prefixAllowed: false)
        var (found, _) = try context.textCandidates(&query, filter: filter, partial: false)
        if found.isEmpty, !locality.isEmpty {
            query = context.query(words, prefixAllowed: false)
            (found, _) = try context.textCandidates(&query, filter: filter, partial: false)
        }
        let streets = found.filter { $0.kind == .streetName }
        let best = streets.map(\.score).max() ?? 0
        // The best-named streets only: "Kaivokatu" is not every street with "katu" in it.
        return Array(
            Ranking.sorted(
                streets.filter { $0.score >= best - 10 }, hasCenter: context.center != nil, wantsAddress: false
            )
            .prefix(maxStreets))
    }

    /// The answer at a crossing of two streets: named "A & B", in the first street's locality.
    /// Its id is negative (never a stored place's) and the same for the same crossing.
    static func place(_ a: PlaceRecord, _ b: PlaceRecord, at point: Coordinate) -> PlaceRecord {
        var place = a
        let name = a.name + joiner + b.name
        let hash = FNV1a.hash("\(a.id)|\(b.id)|\(point.lon)|\(point.lat)".utf8)
        place.id = -Int64(bitPattern: (hash & 0x3FFF_FFFF_FFFF_FFFF) | 0x4000_0000_0000_0000)
        place.name = name
        place.street = name
        place.houseNumber = ""
        place.addressType = .streetIntersection
        place.category = CategoryTree.world["Intersection"]!.code
        place.longitude = point.lon
        place.latitude = point.lat
        place.source = "intersection of \(a.source) and \(b.source)"
        place.localizedNames = ""
        place.placeAddress = AddressFormat.placeAddress(of: place)
        return place
    }
}
