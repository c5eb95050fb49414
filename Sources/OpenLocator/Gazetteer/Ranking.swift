import Foundation

/// The order of free-text matches: a blend of how well the text matched, how near the place is
/// to the search point, and how important it is.
///
/// ```
/// rank = score + 12 × proximity(d) + 2 × importance     with a preferredSearchLocation
/// rank = score + 12 × importance                        without one
/// proximity(d) = max(0, 1 − log10(1 + d / 1 km) / log10(1 + 20,000))
/// ```
///
/// `score` is the 0–100 text score (``TextMatch``), `importance` 0–1 (population, place type),
/// `d` the great-circle distance. A match through an alternate name ranks 2 lower, and an
/// address point 5 higher when the query has a house number, and a street named exactly by
/// the query 3 higher, a postal area named by its code and locality 14 higher. While typing (suggest) a prefix
/// earns 0.97 instead of 0.9 and an alternate name costs 10. The proximity decays with the logarithm of distance: 1 at
/// the point, 0.76 at 10 km, 0.49 at 150 km (half), 0.30 at 1,000 km, 0 at 20,000 km. A log
/// decay keeps telling homonyms apart at every scale: a Springfield 5 km away beats one
/// 400 km away, and a Paris 150 km away beats one 8,000 km away, while the capital's larger
/// importance still decides between far-away ones and when there is no point.
///
/// The blend adds at most 14 points, less than one misspelt word costs (15), so a fuzzy
/// match never outranks an exact one; and it may reorder matches a few points apart, so a
/// "San Teodoro" next to the user beats a "San" across the world. The rank depends only on
/// the place and the query, never on `maxResults`, so the first n results are the same
/// whether n or 4n are asked for.
enum Ranking {
    static let proximityWeight = 12.0
    static let importanceWeightNearPoint = 2.0
    static let importanceWeight = 12.0
    /// Where the proximity reaches 0: about half the Earth's circumference, in kilometres.
    static let farthestKilometres = 20_000.0
    /// Extra rank for an address point when the query has a house number: "Korkeavuorenkatu
    /// 30" means the address, not a shop named after it.
    static let addressPointBonus = 5.0
    /// Extra rank for a street whose whole name the query is ("Kaivokatu"): the street, not
    /// the bus stop named after it.
    static let exactStreetBonus = 3.0
    /// Extra rank for a postal area that the query names whole, by its code and its locality
    /// ("00100 Helsinki"): the area, not the station in that postcode named Helsinki. As much
    /// as the blend can add, so nothing else matching every word outranks it.
    static let wholePostcodeBonus = 14.0
    /// Rank lost by a place found through an alternate name (an old name, another language's):
    /// "Paris" means Paris before Parys, once also called Paris, and "Frankfort" Frankfort,
    /// Kentucky, before Frankfurt am Main, once called so in English. As much importance as
    /// about 75 times the population (``GeoNamesImporter/importance(population:featureCode:)``):
    /// "Roma" is still Rome before Roma, Queensland.
    static let alternateNamePenalty = 3.0
    /// Extra rank for a place whose own name is in the text as typed, accents and all
    /// (``Candidate/nameAsTyped``): "Paraná" means Paraná before the larger Paranã.
    static let asTypedBonus = 1.5
    /// The same while typing (suggest), where the suggestion shows the place's own name and
    /// "Chan" suggesting Shenzhen (an alternate name's prefix) puzzles.
    static let typingAlternateNamePenalty = 10.0

    /// 1 at the search point, falling with the logarithm of the distance to 0 at 20,000 km.
    static func proximity(metres: Double) -> Double {
        max(0, 1 - log10(1 + metres / 1000) / log10(1 + farthestKilometres))
    }

    /// The blended rank of a candidate; higher ranks first.
    static func rank(_ candidate: Candidate, hasCenter: Bool, wantsAddress: Bool, typing: Bool = false) -> Double {
        var rank = 0.0
        terms(candidate, hasCenter: hasCenter, wantsAddress: wantsAddress, typing: typing) { rank += $1 }
        return rank
    }

    /// The terms a candidate's rank adds up to, named as `--explain` shows them.
    static func breakdown(_ candidate: Candidate, hasCenter: Bool, wantsAddress: Bool, typing: Bool = false)
        -> [(name: String, value: Double)]
    {
        var found: [(name: String, value: Double)] = []
        terms(candidate, hasCenter: hasCenter, wantsAddress: wantsAddress, typing: typing) { found.append(($0, $1)) }
        return found
    }

    /// Calls `each` with each term of the rank that is not 0 (the score always).
    private static func terms(
        _ candidate: Candidate, hasCenter: Bool, wantsAddress: Bool, typing: Bool, _ each: (String, Double) -> Void
    ) {
        each("score", candidate.score)
        func add(_ name: String, _ value: Double) { if value != 0 { each(name, value) } }
        if candidate.anchor != nil {
            // A category around a place: nearest the place first, whatever their importance.
            add("proximity to the place", proximityWeight * proximity(metres: candidate.distance))
            return
        }
        if hasCenter {
            add("proximity", proximityWeight * proximity(metres: candidate.distance))
            add("importance", importanceWeightNearPoint * candidate.importance)
        } else {
            add("importance", importanceWeight * candidate.importance)
        }
        if wantsAddress, candidate.kind == .pointAddress { add("address point", addressPointBonus) }
        if candidate.kind == .streetName, candidate.score == 100 { add("whole street name", exactStreetBonus) }
        if candidate.kind == .postal, candidate.score == 100 { add("whole postcode", wholePostcodeBonus) }
        if candidate.viaAlternateName {
            add("alternate name", -(typing ? typingAlternateNamePenalty : alternateNamePenalty))
        }
        if candidate.nameAsTyped { add("as typed", asTypedBonus) }
    }

    /// A candidate that explains every word at least this well (a score of 90: the whole name,
    /// perhaps with a word more) makes those far weaker than it no answer.
    static let wholeTextFloor = 90.0
    /// How much weaker than the best whole-text match a candidate may score and still be
    /// listed: "Paris, TX" answers Paris, Texas (100), not Chengdu (50) after it; "Ateneum,
    /// Helsingfors" the museum (100), not Helsinki (69) for one of its words.
    static let farWeaker = 25.0

    /// The score below which ranked candidates are far weaker than the best whole-text match
    /// (``wholeTextFloor``, ``farWeaker``); `nil` when none explains the text that well.
    /// Candidates of a category around a place ("cafes in Kamppi") rank by distance and are
    /// never cut.
    static func farWeakerScore(_ candidates: [Candidate]) -> Double? {
        let best = candidates.lazy.filter { $0.unmatchedWords == 0 && $0.anchor == nil }.map(\.score).max()
        guard let best, best >= wholeTextFloor else { return nil }
        return best - farWeaker
    }

    /// Candidates best first: by rank, then nearer, then more important, then by id, so the
    /// order is total and repeatable.
    static func sorted(_ candidates: [Candidate], hasCenter: Bool, wantsAddress: Bool, typing: Bool = false)
        -> [Candidate]
    {
        candidates.map { (rank($0, hasCenter: hasCenter, wantsAddress: wantsAddress, typing: typing), $0) }
            .sorted { a, b in
                if a.0 != b.0 { return a.0 > b.0 }
                if a.1.distance != b.1.distance { return a.1.distance < b.1.distance }
                if a.1.importance != b.1.importance { return a.1.importance > b.1.importance }
                return a.1.id < b.1.id
            }
            .map(\.1)
    }
}
