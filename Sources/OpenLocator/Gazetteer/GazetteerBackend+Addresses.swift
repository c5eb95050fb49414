import Foundation

/// House numbers on a street (``AddressStage`` finds the streets): the address point itself,
/// or a position interpolated between its neighbours when the data lacks that number.
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

    /// The house number on one street, scored out of 100. Of several points with that number
    /// the one whose written address best matches the whole query wins ("Yrjönkatu 13" is 13,
    /// not the range 12-14 across the street); then the number itself, then with more written
    /// after it ("13, 2. krs"), then a range holding it; then the lowest id. Street names compare
    /// case-insensitively ("Alvar Aallon Katu" = "Alvar Aallon katu").
    /// - Parameter streetMatch: the street the text search matched, with its row, if it was one: the
    ///   answer when the street has no numbers.
    func locate(
        _ wanted: HouseNumber, street: String, city: String, streetMatch: (match: Candidate, row: PlaceRecord)?,
        query: TextQuery,
        db: SQLiteConnection
    ) throws -> Candidate? {
        // The street's numbers are read as two short columns and only the one or two points
        // chosen are read whole: a long street has hundreds of points, and a whole row costs
        // several µs to decode. The address type is written into the SQL, not bound: only then
        // can SQLite use the partial index on point addresses (`places_by_street`).
        let statement = try db.statement(
            "SELECT id, house_number, street FROM places WHERE lower(street) = lower(?1) AND addr_type = '\(AddressType.pointAddress.rawValue)' AND city = ?2 ORDER BY id"
        )
        var numbered: [NumberedPoint] = []
        try statement.forEachRow([.text(street), .text(city)]) { row in
            let written = row.text(1)
            if let number = HouseNumber(written) {
                numbered.append(NumberedPoint(id: row.int(0), number: number, written: written, street: row.text(2)))
            }
        }
        func candidate(_ place: PlaceRecord, score: Double) -> Candidate {
            Candidate(
                id: place.id, longitude: place.longitude, latitude: place.latitude, score: score, distance: 0,
                importance: place.importance, kind: place.addressType, place: place)
        }
        func record(_ point: NumberedPoint) throws -> PlaceRecord? {
            try placeRows(sorted: [point.id], db: db)[0]
        }
        func closeness(_ entry: NumberedPoint) -> (Double, Int) {
            let written = entry.written.lowercased().filter { !$0.isWhitespace }
            let kind = entry.number != wanted ? 2 : written == entry.number.description ? 0 : 1
            let text = TextFolding.fold(entry.street + " " + entry.written)
            return (-(TextMatch.score(query, name: text, alternateNames: "", locality: "")?.score ?? 0), kind)
        }
        // Each entry's closeness once, not per comparison (it folds and scores text).
        if let best = numbered.filter({ $0.number.matches(wanted) }).map({ ($0, closeness($0)) })
            .min(by: { $0.1 < $1.1 })?.0, let place = try record(best)
        {
            return candidate(place, score: 100)
        }
        if let sameNumber = numbered.filter({ $0.number.number == wanted.number })
            .min(by: { ($0.number.letter.isEmpty ? 0 : 1) < ($1.number.letter.isEmpty ? 0 : 1) }),
            let place = try record(sameNumber)
        {
            return candidate(place, score: 100 - Self.letterMismatchDeduction)
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
        func surrounding(_ side: [NumberedPoint]) -> (below: NumberedPoint, above: NumberedPoint)? {
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
            // Both neighbours in one read (the id order `placeRows` wants puts the lower id first).
            let rows = try placeRows(sorted: [below.id, above.id].sorted(), db: db)
            guard var place = rows.first(where: { $0?.id == below.id }) ?? nil,
                let upper = rows.first(where: { $0?.id == above.id }) ?? nil
            else { return nil }
            let t = Double(wanted.number - below.number.number) / Double(above.number.number - below.number.number)
            place.longitude += t * (upper.longitude - place.longitude)
            place.latitude += t * (upper.latitude - place.latitude)
            return candidate(
                Self.synthesized(place, number: wanted, type: .streetAddress), score: 100 - Self.interpolatedDeduction)
        }
        let ends = sameSide.isEmpty ? numbered : sameSide
        let nearest = ends.min { abs($0.number.number - wanted.number) < abs($1.number.number - wanted.number) }!
        guard let place = try record(nearest) else { return nil }
        return candidate(
            Self.synthesized(place, number: wanted, type: .streetAddressExt), score: 100 - Self.outOfRangeDeduction)
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
        (place.access, place.side) = (nil, "")  // (the neighbour's access is not this point's)
        place.placeAddress = AddressFormat.placeAddress(of: place)
        return place
    }
}

/// A point address of a street as the house-number search first reads it: its id, number and
/// the columns its closeness to the query needs, without the rest of its row.
private struct NumberedPoint {
    var id: Int64
    var number: HouseNumber
    /// The house number as written ("13 A", "12-14").
    var written: String
    var street: String
}

extension GazetteerBackend {
    /// The address points on a street of this name (compared as `locate` compares streets,
    /// ignoring ASCII case) whose house number is written one of `numbers` ways or, for a number
    /// of digits alone, has it as a word of its own ("12-14", "26, 14. krs." for 14: what a
    /// full-text search of the street and number finds too), scored against `query`; through
    /// `places_by_street`, whose entries end in the house number from schema 31, so only the
    /// points found are read. At most ``textCandidateLimit``.
    func addressPoints(
        onStreet street: String, numbered numbers: [String], query: TextQuery, center: Point?, filter: SearchFilter,
        db: SQLiteConnection
    ) throws -> [Candidate] {
        let (condition, values) = filter.sql(firstIndex: 4 + numbers.count)
        let forms = numbers.indices.map { "?\(4 + $0)" }.joined(separator: ", ")
        // A word of its own ("5 A", "4-6", not "15" or "5a", which the full-text index keeps as
        // one word): SQLite keeps the numbers that hold the digits and something else, checked
        // on the index entry (a GLOB with a word boundary there cost 1 µs an entry), and the
        // words are compared here. Nothing more for a number with a letter ("10a").
        let digits = numbers[0].allSatisfy { $0.isASCII && $0.isNumber } ? numbers[0] : ""
        // (The address type is written into the SQL, so SQLite may use the partial index.)
        let statement = try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns), p.house_number FROM places p INDEXED BY places_by_street
            WHERE lower(p.street) = lower(?1) AND p.addr_type = '\(AddressType.pointAddress.rawValue)'
            AND (p.house_number IN (\(forms))
                 OR (?3 <> '' AND instr(p.house_number, ?3) > 0 AND p.house_number GLOB '*[^0-9]*'))\(condition)
            LIMIT ?2
            """)
        var found: [Candidate] = []
        try statement.forEachRow(
            [.text(street), .integer(Int64(Self.textCandidateLimit)), .text(digits)] + numbers.map { .text($0) }
                + values
        ) { row in
            let written = row.text(Self.scoredColumnCount + 1)
            guard
                numbers.contains(written)
                    || written.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains(where: { $0 == digits })
            else { return }
            if let candidate = Self.scoredCandidate(query, row: row, center: center) { found.append(candidate) }
        }
        return found
    }
}

extension GazetteerBackend {
    /// The places other than address points whose folded name is one of `names` and that match
    /// every word of `query` exactly (a score of 100), through `places_by_numbered_name`: the
    /// stop or building named by an address, found without reading the full-text lists of the
    /// address's words. At most ``textCandidateLimit``.
    func placesNamed(
        _ names: [String], query: TextQuery, center: Point?, filter: SearchFilter, db: SQLiteConnection
    ) throws -> [Candidate] {
        let (condition, values) = filter.sql(firstIndex: 3)
        let statement = try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns) FROM places p INDEXED BY places_by_numbered_name
            WHERE p.search_name = ?1 AND \(GazetteerSchema.numberedNameCondition)\(condition) LIMIT ?2
            """)
        var found: [Candidate] = []
        for name in names where found.count < Self.textCandidateLimit {
            try statement.forEachRow([.text(name), .integer(Int64(Self.textCandidateLimit - found.count))] + values) {
                row in
                if let candidate = Self.scoredCandidate(query, row: row, center: center),
                    candidate.score >= ForwardGeocoder.wholeTextScore
                {
                    found.append(candidate)
                }
            }
        }
        return found
    }
}
