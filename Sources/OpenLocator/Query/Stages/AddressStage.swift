import Foundation

/// The address reading: the street found by its name (typos and abbreviations included, the
/// locality's words helping), then the house number on it (``GazetteerBackend/locate(_:street:city:streetMatch:query:db:)``),
/// on up to ``maxStreets`` differently named or placed streets. With a qualifier
/// ("…, Springfield, IL") only addresses inside its regions are kept.
enum AddressStage {
    /// How many differently named or placed streets are tried for one address.
    static let maxStreets = 3
    /// How many street matches are looked at to find them.
    static let streetMatches = 20

    static func candidates(_ address: AddressReading, in context: inout SearchContext) throws -> StageResult {
        let backend = context.backend
        let tree = backend.tree
        // Streets are found through their address points and street rows; what is returned
        // (an address point, an interpolated Street Address, a street) must pass the filter.
        let kinds = ["Point Address", "Street Address", "Street Name"].map { tree[$0]!.codeRange }
        guard !GazetteerBackend.intersect(kinds, with: context.filter.categoryRanges).isEmpty else {
            return StageResult(candidates: [], note: "the category filter allows no address")
        }
        var streetFilter = context.filter
        streetFilter.categoryRanges = SearchFilter.merged([kinds[0], kinds[2]])
        // The street with its postcode and locality words, every one of them as typed or
        // corrected; failing that, the street alone (the locality may be written in a way the
        // data does not have it: "Helsingfors").
        var streetQuery = context.query(address.street + address.postcodeWords + address.locality)
        var (found, _) = try context.textCandidates(&streetQuery, filter: streetFilter, partial: false)
        if found.isEmpty, streetQuery.words.count > address.street.count {
            streetQuery = context.query(address.street)
            (found, _) = try context.textCandidates(&streetQuery, filter: streetFilter, partial: false)
        }
        let matches = Array(
            GazetteerBackend.distinct(Ranking.sorted(found, hasCenter: context.center != nil, wantsAddress: false))
                .prefix(streetMatches))
        let rows = try backend.places(for: matches, db: context.db)
        let wholeQuery = context.query(Array(context.text.words.indices))
        let regions = address.qualifier?.regions
        var seen: Set<String> = []
        var located: [Candidate] = []
        for match in matches {
            guard let row = rows[match.id] else { continue }
            let street = row.street.isEmpty ? row.name : row.street
            guard seen.insert(TextFolding.fold(street) + "|" + row.city).inserted else { continue }
            let locality = [
                row.postal, row.city, row.neighborhood, row.region, row.country,
                context.state.results.countryNames[row.country] ?? "",
            ]
            // (Matched by another of its names, "Georgsgatan" for Yrjönkatu: that match's score.)
            let streetScore =
                match.viaAlternateName
                ? match.score
                : TextMatch.score(
                    streetQuery, name: TextFolding.fold(street), alternateNames: "",
                    locality: TextFolding.fold(locality.joined(separator: " ")))?.score ?? match.score
            // The number is one more word of the query, matched exactly: a typo in a one-word
            // street costs half as much as it would alone, as in ``TextMatch``.
            let words = Double(streetQuery.words.count)
            let nameDeduction = (100 - streetScore) * words / (words + 1)
            if var candidate = try backend.locate(
                address.houseNumber, street: street, city: row.city,
                streetMatch: row.addressType == .streetName ? (match, row) : nil, query: wholeQuery, db: context.db)
            {
                candidate.score = max(0, candidate.score - nameDeduction)
                // Found through the street's other name ("heikinkatu", Mannerheimintie's old one):
                // ranked as any place found by an alternate name, after an equal match of a
                // street's own name ("Eeikinkatu 1" is one letter from both), not by storage order.
                candidate.viaAlternateName = candidate.viaAlternateName || match.viaAlternateName
                candidate.distance =
                    context.center.map {
                        $0.distance(to: Point(latitude: candidate.latitude, longitude: candidate.longitude))
                    } ?? 0
                let category = candidate.place?.category ?? -1
                let inRegion = regions.map { regions in
                    candidate.place.map { place in Self.place(place, isIn: regions) } ?? false
                }
                if context.filter.allows(longitude: candidate.longitude, latitude: candidate.latitude),
                    context.filter.allows(category: category), inRegion ?? true
                {
                    located.append(candidate)
                }
            }
            if seen.count >= maxStreets { break }
        }
        return StageResult(candidates: located, note: "\(seen.count) street\(seen.count == 1 ? "" : "s") tried")
    }

    /// Whether a place lies in one of a qualifier's regions (by its country and `region`).
    static func place(_ place: PlaceRecord, isIn regions: [QualifierLexicon.Region]) -> Bool {
        let region = place.region.lowercased()
        let folded = TextFolding.fold(place.region)
        return regions.contains { candidate in
            candidate.country == place.country
                && (candidate.name == nil || candidate.forms.contains(region) || candidate.forms.contains(folded))
        }
    }
}
