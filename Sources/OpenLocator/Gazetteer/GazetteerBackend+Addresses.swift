import Foundation

/// Street addresses: the street found by its name (typos and abbreviations included), then the
/// house number on it — the address point itself, or a position interpolated between its
/// neighbours when the data lacks that number.
///
/// Scores start from how well the street name matched, the number counting as one more exactly
/// matched word (100 for an exact street name), and lose:
/// - 2 when the number matched but its letter did not ("10 A" for a lone "10"),
/// - 10 for a number interpolated between two known ones (`Addr_type` StreetAddress),
/// - 20 for a number beyond the known ones, placed at the nearest (StreetAddressExt),
/// - 30 for a street with no known numbers, answered with the street (StreetName).
extension GazetteerBackend {
    static let letterMismatchDeduction = 2.0
    static let interpolatedDeduction = 10.0
    static let outOfRangeDeduction = 20.0
    static let streetOnlyDeduction = 30.0
    /// How many differently named or placed streets are tried for one address.
    static let maxStreetsPerAddress = 3

    /// The best places for an address query on up to ``maxStreetsPerAddress`` matching streets.
    func addressCandidates(
        _ address: AddressQuery, query: ParsedQuery, center: Point?, filter: SearchFilter, db: SQLiteConnection,
        state: State
    ) throws -> [Candidate] {
        // Streets are found through their address points and street rows; what is returned
        // (an address point, an interpolated Street Address, a street) must pass the filter.
        let kinds = ["Point Address", "Street Address", "Street Name"].map { tree[$0]!.codeRange }
        guard !Self.intersect(kinds, with: filter.categoryRanges).isEmpty else { return [] }
        var streetFilter = filter
        streetFilter.categoryRanges = SearchFilter.merged([kinds[0], kinds[2]])
        var streetQuery = ParsedQuery(address.streetText)
        streetQuery.addAlternatives(address.expansions)
        let matches = try textSearch(streetQuery, k: 20, center: center, filter: streetFilter, db: db)
        let rows = try places(for: matches, db: db)
        var seen: Set<String> = []
        var found: [Candidate] = []
        for match in matches {
            guard let row = rows[match.id] else { continue }
            let street = row.street.isEmpty ? row.name : row.street
            guard seen.insert(TextFolding.fold(street) + "|" + row.city).inserted else { continue }
            let locality = [
                row.postal, row.city, row.neighborhood, row.region, row.country,
                state.results.countryNames[row.country] ?? "",
            ]
            let streetScore =
                TextMatch.score(
                    streetQuery, name: TextFolding.fold(street), alternateNames: "",
                    locality: TextFolding.fold(locality.joined(separator: " ")))?.score ?? match.score
            // The number is one more word of the query, matched exactly: a typo in a one-word
            // street costs half as much as it would alone, as in ``TextMatch``.
            let words = Double(streetQuery.words.count)
            let nameDeduction = (100 - streetScore) * words / (words + 1)
            if var candidate = try locate(
                address.houseNumber, street: street, city: row.city,
                streetMatch: row.addressType == .streetName ? (match, row) : nil, query: query, db: db)
            {
                candidate.score = max(0, candidate.score - nameDeduction)
                candidate.distance =
                    center.map { $0.distance(to: Point(latitude: candidate.latitude, longitude: candidate.longitude)) }
                    ?? 0
                let category = candidate.place?.category ?? -1
                if filter.allows(longitude: candidate.longitude, latitude: candidate.latitude),
                    filter.categoryRanges?.contains(where: { $0.contains(category) }) ?? true
                {
                    found.append(candidate)
                }
            }
            if seen.count >= Self.maxStreetsPerAddress { break }
        }
        return found
    }

    /// The house number on one street, scored out of 100. Of several points with that number
    /// the one whose written address best matches the whole query wins ("Yrjönkatu 13" is 13,
    /// not the range 12-14 across the street); then the number itself, then with more written
    /// after it ("13, 2. krs"), then a range holding it; then the lowest id. Street names compare
    /// case-insensitively ("Alvar Aallon Katu" = "Alvar Aallon katu").
    /// - Parameter streetMatch: the street the text search matched, with its row, if it was one: the
    ///   answer when the street has no numbers.
    private func locate(
        _ wanted: HouseNumber, street: String, city: String, streetMatch: (match: Candidate, row: PlaceRecord)?,
        query: ParsedQuery,
        db: SQLiteConnection
    ) throws -> Candidate? {
        // The address type is written into the SQL, not bound: only then can SQLite use the
        // partial index on point addresses (`places_by_street`).
        let statement = try db.statement(
            "SELECT \(PlaceRecord.columns) FROM places WHERE lower(street) = lower(?1) AND addr_type = '\(AddressType.pointAddress.rawValue)' AND city = ?2 ORDER BY id"
        )
        var numbered: [(number: HouseNumber, place: PlaceRecord)] = []
        try statement.forEachRow([.text(street), .text(city)]) { row in
            let place = PlaceRecord(row: row)
            if let number = HouseNumber(place.houseNumber) { numbered.append((number, place)) }
        }
        func candidate(_ place: PlaceRecord, score: Double) -> Candidate {
            Candidate(
                id: place.id, longitude: place.longitude, latitude: place.latitude, score: score, distance: 0,
                importance: place.importance, kind: place.addressType, place: place)
        }
        func closeness(_ entry: (number: HouseNumber, place: PlaceRecord)) -> (Double, Int) {
            let written = entry.place.houseNumber.lowercased().filter { !$0.isWhitespace }
            let kind = entry.number != wanted ? 2 : written == entry.number.description ? 0 : 1
            let text = TextFolding.fold(entry.place.street + " " + entry.place.houseNumber)
            return (-(TextMatch.score(query, name: text, alternateNames: "", locality: "")?.score ?? 0), kind)
        }
        // Each entry's closeness once, not per comparison (it folds and scores text).
        if let best = numbered.filter({ $0.number.matches(wanted) }).map({ ($0, closeness($0)) })
            .min(by: { $0.1 < $1.1 })?.0
        {
            return candidate(best.place, score: 100)
        }
        if let sameNumber = numbered.filter({ $0.number.number == wanted.number })
            .min(by: { ($0.number.letter.isEmpty ? 0 : 1) < ($1.number.letter.isEmpty ? 0 : 1) })
        {
            return candidate(sameNumber.place, score: 100 - Self.letterMismatchDeduction)
        }
        if numbered.isEmpty {
            // The piece of the street the search ranked first. (A point address matched instead
            // has no number that reads as one: that street is not answered.)
            guard let streetMatch else { return nil }
            var found = candidate(streetMatch.row, score: 100 - Self.streetOnlyDeduction)
            found.sameAs = streetMatch.match.sameAs
            return found
        }
        // Between neighbours on the same side of the street (same parity) where they surround
        // the number, else between any that do; beyond the street's numbers, at the nearest.
        func surrounding(_ side: [(number: HouseNumber, place: PlaceRecord)])
            -> (below: (number: HouseNumber, place: PlaceRecord), above: (number: HouseNumber, place: PlaceRecord))?
        {
            guard
                let below = side.filter({ $0.number.number < wanted.number }).max(by: {
                    $0.number.number < $1.number.number
                }),
                let above = side.filter({ $0.number.number > wanted.number }).min(by: {
                    $0.number.number < $1.number.number
                })
            else { return nil }
            return (below, above)
        }
        let sameSide = numbered.filter { $0.number.number % 2 == wanted.number % 2 }
        if let (below, above) = surrounding(sameSide) ?? surrounding(numbered) {
            let t = Double(wanted.number - below.number.number) / Double(above.number.number - below.number.number)
            var place = below.place
            place.longitude += t * (above.place.longitude - below.place.longitude)
            place.latitude += t * (above.place.latitude - below.place.latitude)
            return candidate(
                Self.synthesized(place, number: wanted, type: .streetAddress), score: 100 - Self.interpolatedDeduction)
        }
        let ends = sameSide.isEmpty ? numbered : sameSide
        let nearest = ends.min { abs($0.number.number - wanted.number) < abs($1.number.number - wanted.number) }!
        return candidate(
            Self.synthesized(nearest.place, number: wanted, type: .streetAddressExt),
            score: 100 - Self.outOfRangeDeduction)
    }

    /// An address the data lacks, built from a neighbour on the same street. Its id is the
    /// neighbour's negated, so it never collides with a stored place.
    private static func synthesized(_ neighbour: PlaceRecord, number: HouseNumber, type: AddressType) -> PlaceRecord {
        var place = neighbour
        place.id = -neighbour.id
        place.name = ""  // the neighbour's own name ("Kaivopiha") is not this address's
        place.addressType = type
        place.category = CategoryTree.world["Street Address"]!.code
        place.houseNumber = number.description
        place.importance = 0
        place.source = "interpolated"
        place.placeAddress = AddressFormat.placeAddress(
            streetAddress: AddressFormat.streetAddress(
                number: place.houseNumber, street: place.street, country: place.country),
            postal: place.postal, city: place.city, region: place.region, country: place.country)
        return place
    }
}
