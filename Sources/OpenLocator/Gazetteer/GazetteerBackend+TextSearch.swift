import Foundation

/// Full-text retrieval: FTS5 over folded names, alternate names and localities, each match
/// scored by ``TextMatch``. Which words to search for is the query analysis's business
/// (``QueryAnalysis``), the order of the results the ranking's (``Ranking``), once, in
/// ``ForwardGeocoder``; this finds the candidates.
extension GazetteerBackend {
    /// How many full-text matches are scored at most.
    static let textCandidateLimit = 3000
    /// How many matches of one word a partial search scores at most (in storage order; the most
    /// important ones and those near the search point are read as well when there are more).
    static let partialWordLimit = 1000

    /// How a text retrieval found its candidates.
    enum TextRetrieval: String, Sendable {
        /// Every word matched as typed.
        case strict = "every word"
        /// Every word, misspelt ones corrected.
        case corrected = "every word, with corrections"
        /// Some of the words, rarest first.
        case partial = "some words"
        case none = "nothing"
    }

    /// The scored matches of a query: strict first (every word must match); when that finds
    /// nothing, strict again with misspelt words corrected; then partial (the matches of each
    /// word, the rarest first, so the best are found whatever their order in storage, while a
    /// place could still score `floor`). A query that matches as typed is never corrected. The
    /// query's weights are set from the index. A filter limited to categories no place of the
    /// file has finds nothing without reading any word's places, and so does a strict search
    /// of streets and address points for a word none of them has (``StreetVocabulary``).
    func textCandidates(
        _ query: inout TextQuery, center: Point?, filter: SearchFilter, partial: Bool = true, floor: Double = 0,
        db: SQLiteConnection, state: State
    ) throws -> (candidates: [Candidate], retrieval: TextRetrieval) {
        try completeLastWord(&query, db: db)
        if query.documents.count != query.words.count { try weigh(&query, db: db, state: state) }
        guard try state.mayMatch(filter, db: db) else { return ([], .none) }
        func strict() throws -> (candidates: [Candidate], complete: Bool) {
            guard try state.streetsMayMatch(query, filter, tree: tree, db: db) else { return ([], true) }
            return try strictMatches(query, center: center, filter: filter, db: db, state: state)
        }
        var (candidates, complete) = try strict()
        if !candidates.isEmpty { return (candidates, .strict) }
        let corrections = try corrections(for: query, db: db, state: state)
        if !corrections.isEmpty {
            query.alternatives.merge(corrections) { $0.merging($1, uniquingKeysWith: min) }
            try weigh(&query, db: db, state: state)
            (candidates, complete) = try strict()
            if !candidates.isEmpty { return (candidates, .corrected) }
        }
        guard partial, query.words.count > 1 else { return ([], .none) }
        candidates = try partialMatches(
            query, center: center, filter: filter, floor: floor, noPlaceHasEveryWord: complete, db: db, state: state)
        return (candidates, candidates.isEmpty ? .none : .partial)
    }

    /// Looks up the words a prefix last word completes to (at most
    /// ``maxSpelledOutCompletions``), so the FTS5 query names them instead of a prefix.
    func completeLastWord(_ query: inout TextQuery, db: SQLiteConnection) throws {
        guard query.lastWordIsPrefix, query.lastWordCompletions == nil, let last = query.words.last else { return }
        let statement = try db.statement("SELECT term FROM vocabulary WHERE term >= ?1 AND term < ?2 LIMIT ?3")
        var completions: [String] = []
        try statement.forEachRow([
            .text(last), .text(last + "\u{10FFFF}"), .integer(Int64(Self.maxSpelledOutCompletions + 1)),
        ]) { completions.append($0.text(0)) }
        if completions.count <= Self.maxSpelledOutCompletions {
            query.lastWordCompletions = completions
        } else {
            query.lastWordHasManyCompletions = true
        }
    }

    /// More completions than this are left to FTS5's prefix query.
    static let maxSpelledOutCompletions = 24

    /// Ranked candidates without the later ones that are the same place to a reader
    /// (``Candidate/sameAs``).
    static func distinct(_ ranked: [Candidate]) -> [Candidate] {
        var shown: Set<String> = []
        return ranked.filter { $0.sameAs.map { shown.insert($0).inserted } ?? true }
    }

    /// An FTS5 query over the searchable columns: each folded word quoted (so no FTS5 syntax
    /// reaches SQLite from user text), the last one as a prefix when it may be one.
    ///
    /// ``TextMatch`` keeps only places with a word in a name, so the index is asked for no
    /// others where that is cheap to say: a one-word query and the lenient (any word) query
    /// search names only ("Helsinki" is not every place whose locality is Helsinki); a strict
    /// query of several words needs each word in some column, a locality word included.
    static func matchExpression(_ query: TextQuery, lenient: Bool) -> String {
        var indices = Array(query.words.indices)
        if leavesLastWordToScoring(query) { indices.removeLast() }
        let terms = indices.map { term(query, $0) }
        if lenient || Set(terms).count == 1 {
            return "{name alt_names} : (\(withoutRepeats(terms).joined(separator: " OR ")))"
        }
        return allOf(terms)
    }

    /// Whether the FTS5 expression of text being typed leaves its last word to the scoring: a
    /// word of one letter, or one that completes to more words than are spelled out. As an
    /// FTS5 prefix it would read every word starting with it ("Robert's C"; "Wuhan Bus St"
    /// took 0.6 s at 5M places), while the other words select few places.
    static func leavesLastWordToScoring(_ query: TextQuery) -> Bool {
        query.typing && query.lastWordIsPrefix && query.words.count > 1
            && (query.words.last?.count == 1 || query.lastWordHasManyCompletions)
    }

    /// An expression every one of `terms` must match, in the name, alternate names or locality
    /// (or the `columns` given).
    static func allOf(_ terms: [String], columns: String = "name alt_names locality") -> String {
        "{\(columns)} : (\(withoutRepeats(terms).joined(separator: " AND ")))"
    }

    /// Terms without repeats, in order: "s AND s AND s" selects what "s" does, and FTS5 would
    /// read the posting list once per copy (a hostile "s s s …" of 24 words took seconds).
    private static func withoutRepeats(_ terms: [String]) -> [String] {
        var seen: Set<String> = []
        return terms.filter { seen.insert($0).inserted }
    }

    /// One word of a query as an FTS5 term: quoted, a prefix or its completions when it may be
    /// one, or-ed with its alternatives.
    static func term(_ query: TextQuery, _ index: Int) -> String {
        let word = query.words[index]
        var exact = "\"\(word)\""
        if index == query.words.count - 1, query.lastWordIsPrefix {
            if let completions = query.lastWordCompletions, !completions.isEmpty {
                exact =
                    completions.count == 1
                    ? "\"\(completions[0])\"" : "(" + completions.map { "\"\($0)\"" }.joined(separator: " OR ") + ")"
            } else {
                exact += "*"
            }
        }
        guard let fixes = query.alternatives[word], !fixes.isEmpty else { return exact }
        return "(" + ([exact] + fixes.keys.sorted().map { "\"\($0)\"" }).joined(separator: " OR ") + ")"
    }

    /// The scored matches of every word of a query: all of them when there are few; when there
    /// are more than the limit, the most important ones too (when its rarest word is in at most
    /// ``importanceSortLimit`` places' text) and, with a search point, the ones within 50 km of
    /// it, so a common word ("san") still finds San Teodoro next to the user and San Francisco.
    ///
    /// Words in more than ``commonShare`` of the places' text ("street", "al") are left out of
    /// the FTS5 expression when the rest surely select few places (an estimate of at most
    /// ``fewMatches`` by their document counts): FTS5 would read their long lists only to
    /// intersect them away. The score checks them instead, and a match without one is dropped.
    ///
    /// `complete` is true when every match was read and scored (fewer than the limit), so an
    /// empty answer says that no place the scorer accepts has every word.
    private func strictMatches(
        _ query: TextQuery, center: Point?, filter: SearchFilter, db: SQLiteConnection, state: State
    ) throws -> (candidates: [Candidate], complete: Bool) {
        let (expression, leftOut) = Self.strictExpression(query, places: state.placeCount)
        var found = try fetchTextMatches(
            query, expression: expression, center: center, filter: filter, order: .storage, db: db, state: state)
        if leftOut != 0 { found.candidates.removeAll { $0.unmatchedWords & leftOut != 0 } }
        guard found.rows >= Self.textCandidateLimit else { return (found.candidates, true) }
        let rarest = query.documents.map { $0 ?? Int64.max }.min() ?? Int64.max
        var more =
            try rarest <= orderableMatches(filter, db: db, state: state)
            ? try fetchTextMatches(
                query, expression: expression, center: center, filter: filter, order: .importance, db: db, state: state
            ).candidates : []
        if let center {
            more += try nearbyMatches(
                query, expression: expression, words: Array(query.words.indices), center: center,
                filter: filter, db: db, state: state)
        }
        var seen = Set(found.candidates.map(\.id))
        for candidate in more where seen.insert(candidate.id).inserted && candidate.unmatchedWords & leftOut == 0 {
            found.candidates.append(candidate)
        }
        return (found.candidates, false)
    }

    /// The share of the places' text above which a word is common enough to leave out of a
    /// strict expression.
    static let commonShare = 0.05
    /// How many places the words kept in a strict expression are estimated to select at most.
    static let fewMatches = 50.0

    /// The strict FTS5 expression of a query, and the words left out of it as bits (see
    /// ``strictMatches(_:center:filter:db:state:)``).
    static func strictExpression(_ query: TextQuery, places: Int64) -> (String, UInt32) {
        let plain = matchExpression(query, lenient: false)
        guard query.words.count >= 2, query.words.count <= 32, query.documents.count == query.words.count, places > 0
        else { return (plain, 0) }
        let total = Double(places)
        var kept: [Int] = []
        var leftOut: UInt32 = 0
        var estimate = total
        for index in query.words.indices {
            let isPrefix = index == query.words.count - 1 && query.lastWordIsPrefix
            guard !isPrefix, let documents = query.documents[index] else {
                kept.append(index)
                continue
            }
            if Double(documents) / total > commonShare {
                leftOut |= 1 << UInt32(index)
            } else {
                kept.append(index)
                estimate *= Double(documents) / total
            }
        }
        guard leftOut != 0, kept.contains(where: { query.wordHasLetter[$0] }), estimate <= fewMatches,
            !(query.typing && query.lastWordIsPrefix)
        else { return (plain, 0) }
        return (allOf(kept.map { term(query, $0) }), leftOut)
    }

    /// The best partial matches, in two steps, each stopped where no place left could score
    /// `floor`:
    /// 1. with three words or more, the places with every word but one (the lightest left out
    ///    first): a misspelt or unknown word, or one the place lacks ("Tokyo Coffee Shop 97",
    ///    "Stockmann Helsinki Qzx"), costs only its own share. Like a common word's, a set's
    ///    matches are read up to ``partialWordLimit`` and, with a search point, within 50 km:
    ///    an intersection of common words is read along their whole posting lists ("new york
    ///    city business facility", 4,129 matches at 20M synthetic places, took 86 ms for 3,000
    ///    of them), and the places beyond the first thousand score what those score;
    /// 2. when those find nothing, the places of each word with a letter, the rarest first:
    ///    every match of a rare word (in at most ``partialWordLimit`` places' text), so a place
    ///    with a rare word is found whatever its order in storage; of a common one, only when no
    ///    rarer word matched anything, the first ones, the most important ones (when it is in at
    ///    most ``importanceSortLimit`` places: ordering more costs too much) and, with a search
    ///    point, those within 50 km. Once a word's matches are all read, a place not among them
    ///    can only score what the words still unread weigh.
    ///
    /// The second step is skipped when what the first one proved, and a few cheap searches of
    /// sets of words with a rare one, leave no place able to score `floor`
    /// (``bestPartialShare``): "Lagos Hotel 27774", whose number belongs to a place in another
    /// city, would read a thousand Lagos hotels to score each 36.
    /// `noPlaceHasEveryWord`: the strict search read and scored every match, and none passed.
    private func partialMatches(
        _ query: TextQuery, center: Point?, filter: SearchFilter, floor: Double, noPlaceHasEveryWord: Bool,
        db: SQLiteConnection, state: State
    ) throws -> [Candidate] {
        var seen: Set<Int64> = []
        var found: [Candidate] = []
        func add(_ candidates: [Candidate]) {
            for candidate in candidates where seen.insert(candidate.id).inserted { found.append(candidate) }
        }
        func share(_ words: [Int]) -> Double { 100 * words.reduce(0) { $0 + query.weights[$1] } / query.totalWeight }
        func documents(_ index: Int) -> Int64 {
            (query.documents.count > index ? query.documents[index] : nil) ?? Int64.max
        }
        // A word no place's text has (nor its alternatives) matches nothing: it counts against
        // every place alike.
        let all = Array(query.words.indices)
        let matchable = all.filter { documents($0) > 0 }
        // The words whose "every word but this one" search proved that no place the scorer
        // accepts has all the others.
        var noPlaceHasAllBut: Set<Int> = []
        if all.count >= 3 {
            let lightestFirst = all.sorted { (query.weights[$0], $0) < (query.weights[$1], $1) }
            for left in lightestFirst.prefix(Self.maxPartialSubsets) {
                let kept = all.filter { $0 != left }
                if !kept.allSatisfy({ documents($0) > 0 }) { noPlaceHasAllBut.insert(left) }
                guard share(kept) >= floor, kept.allSatisfy({ documents($0) > 0 }),
                    kept.contains(where: { query.wordHasLetter[$0] })
                else { continue }
                let expression = Self.allOf(kept.map { Self.term(query, $0) })
                let matches = try fetchTextMatches(
                    query, expression: expression, center: center, filter: filter, order: .storage,
                    limit: Self.partialWordLimit, db: db, state: state)
                if matches.rows < Self.partialWordLimit, matches.candidates.isEmpty { noPlaceHasAllBut.insert(left) }
                add(matches.candidates)
                if matches.rows >= Self.partialWordLimit, let center {
                    add(
                        try nearbyMatches(
                            query, expression: expression, words: kept, center: center,
                            filter: filter, db: db, state: state))
                }
            }
            if !found.isEmpty { return found }
        }
        // What the searches so far proved, and probes of the heaviest sets of words still
        // possible while one of their words is rare (cheap to intersect): when no place left
        // could reach the floor, reading single words' matches would only find what is dropped.
        var ruledOut = noPlaceHasAllBut.map { Set(all).subtracting([$0]) }
        if noPlaceHasEveryWord { ruledOut.append(Set(all)) }
        for probe in 0...Self.maxBoundProbes {
            guard let (best, words) = Self.bestPartialShare(query, matchable: matchable, ruledOut: ruledOut) else {
                break  // too many words to weigh every set of
            }
            if best < floor - 1e-9 { return found }
            guard probe < Self.maxBoundProbes, words.contains(where: { documents($0) <= Self.partialWordLimit }) else {
                break
            }
            let matches = try fetchTextMatches(
                query, expression: Self.allOf(words.sorted().map { Self.term(query, $0) }), center: center,
                filter: filter, order: .storage, db: db, state: state)
            guard matches.rows < Self.textCandidateLimit, matches.candidates.isEmpty else { break }
            ruledOut.append(words)
        }
        let order = matchable.filter { query.wordHasLetter[$0] }.sorted {
            (query.weights[$0], -$0) > (query.weights[$1], -$1)
        }
        var unread = Set(matchable)
        for index in order where unread.contains(index) {
            guard share(Array(unread)) >= floor else { break }
            let common = documents(index) > Int64(Self.partialWordLimit)
            if common, !found.isEmpty { break }
            let sameWord = all.filter { query.words[$0] == query.words[index] }
            let expression = "{name alt_names} : \(Self.term(query, index))"
            let matches = try fetchTextMatches(
                query, expression: expression, center: center, filter: filter, order: .storage,
                limit: Self.partialWordLimit, db: db, state: state)
            add(matches.candidates)
            guard matches.rows >= Self.partialWordLimit else {
                unread.subtract(sameWord)  // every match read
                continue
            }
            if try documents(index) <= orderableMatches(filter, db: db, state: state) {
                add(
                    try fetchTextMatches(
                        query, expression: expression, center: center, filter: filter, order: .importance,
                        limit: Self.partialWordLimit, db: db, state: state
                    ).candidates)
            }
            if let center {
                add(
                    try nearbyMatches(
                        query, expression: expression, words: [index], center: center, filter: filter,
                        db: db, state: state))
            }
        }
        return found
    }

    /// The most "every word but one" searches a partial retrieval makes.
    static let maxPartialSubsets = 6

    /// The best score (as a share of the query's weight, 0–100) that a place found by the
    /// second step of ``partialMatches`` could have, and the words that would score it: the
    /// heaviest set of matchable words with a letter in it (that step reads only such words'
    /// matches) holding none of the sets `ruledOut` (sets of words no place the scorer accepts
    /// has all of). A place scores at most the share of the words it matches (a correction or a
    /// prefix earns less than the word's weight, unmatched name words cost more), so below the
    /// floor nothing that step could find would be kept. `nil` for queries of more than
    /// ``maxBoundedWords`` matchable words.
    static func bestPartialShare(_ query: TextQuery, matchable: [Int], ruledOut: [Set<Int>]) -> (
        share: Double, words: Set<Int>
    )? {
        guard matchable.count <= maxBoundedWords, query.totalWeight > 0 else { return nil }
        let ruledOutMasks = ruledOut.map { set in
            matchable.indices.reduce(0) { set.contains(matchable[$1]) ? $0 | 1 << $1 : $0 }
        }
        // (A ruled-out set with a word that is not matchable holds no set of matchable words.)
        let holdable = zip(ruledOut, ruledOutMasks).filter { set, _ in set.allSatisfy(matchable.contains) }.map(\.1)
        // Sets as bit masks over `matchable`, summed without building one (4,095 sets at 12 words).
        let weights = matchable.map { query.weights[$0] }
        let withLetter = matchable.indices.reduce(0) { query.wordHasLetter[matchable[$1]] ? $0 | 1 << $1 : $0 }
        var best: (share: Double, mask: Int) = (0, 0)
        for mask in 1..<(1 << matchable.count)
        where mask & withLetter != 0 && !holdable.contains(where: { mask & $0 == $0 }) {
            var weight = 0.0
            for bit in matchable.indices where mask & (1 << bit) != 0 { weight += weights[bit] }
            let share = 100 * weight / query.totalWeight
            if share > best.share { best = (share, mask) }
        }
        return (best.share, Set(matchable.indices.filter { best.mask & (1 << $0) != 0 }.map { matchable[$0] }))
    }

    /// The most matchable words ``bestPartialShare`` weighs every set of.
    static let maxBoundedWords = 12
    /// The most sets of words a partial search looks for to prove that none can reach the floor.
    static let maxBoundProbes = 8
    /// The most places' text a word may be in for its matches to be ordered by importance by
    /// reading their rows (``keyedScanLimit`` with the places' keys).
    static let importanceSortLimit = 20_000

    /// The localities whose own name is exactly the query's words, or the words with some of
    /// their alternatives ("st louis" for "saint louis", at most ``maxNameSpellings``), through
    /// `places_by_locality_name`, not the full-text index; scored, at most
    /// ``textCandidateLimit``.
    func localitiesNamed(_ query: TextQuery, center: Point?, filter: SearchFilter, db: SQLiteConnection) throws
        -> [Candidate]
    {
        let (condition, values) = filter.sql(firstIndex: 3)
        let statement = try db.statement(
            """
            SELECT p.id, \(Self.scoredColumns)
            FROM places p WHERE p.search_name = ?1 AND p.addr_type = 'Locality'\(condition) LIMIT ?2
            """)
        var found: [Candidate] = []
        for name in Self.spellings(query) where found.count < Self.textCandidateLimit {
            try statement.forEachRow([.text(name), .integer(Int64(Self.textCandidateLimit - found.count))] + values) {
                row in
                if let candidate = Self.scoredCandidate(query, row: row, center: center) { found.append(candidate) }
            }
        }
        return found
    }

    /// The query's words joined as a folded name, as typed first, then with words replaced by
    /// their alternatives (cheapest first), ``maxNameSpellings`` at most.
    static func spellings(_ query: TextQuery) -> [String] {
        var names: [[String]] = [[]]
        for word in query.words {
            let others = (query.alternatives[word] ?? [:]).sorted { ($0.value, $0.key) < ($1.value, $1.key) }.map(\.key)
            names = ([word] + others).flatMap { spelling in names.map { $0 + [spelling] } }
            names = Array(names.prefix(maxNameSpellings))
        }
        return names.map { $0.joined(separator: " ") }
    }

    /// The most spellings of a name ``localitiesNamed(_:center:filter:db:)`` looks up.
    static let maxNameSpellings = 16

    /// One retrieval of at most ``textCandidateLimit`` matches, scored; `rows` counts the
    /// matches read, scored or not.
    ///
    /// Through the places' keys (``keyedTextMatches``) when they choose the rows to read: an
    /// order other than storage's, an area or categories ("Street Name" for an address's
    /// street), with no country or region. Otherwise (where
    /// ``MatchOrder/nearest(_:)`` reads in storage order) the full-text index
    /// drives a join (`CROSS JOIN` keeps SQLite to that order): with a country and a category,
    /// SQLite would otherwise read every place of them through `places_by_country` and run the
    /// match once per place ("Helsinki" among the United States' towns: 172 ms against 5 ms).
    func fetchTextMatches(
        _ query: TextQuery, expression: String, center: Point?, filter: SearchFilter, order: MatchOrder,
        limit: Int = textCandidateLimit, db: SQLiteConnection, state: State
    ) throws -> (candidates: [Candidate], rows: Int) {
        if order.needsKeys || filter.area != nil || filter.categoryRanges != nil,
            let keys = try keysChoose(filter, db: db, state: state)
        {
            return try keyedTextMatches(
                query, expression: expression, center: center, filter: filter, order: order, limit: limit,
                keys: keys, db: db)
        }
        let (condition, values) = filter.sql(firstIndex: 3)
        // (The ids again on the full-text side, where FTS5 skips to the first and stops after the last.)
        let ids = filter.ids.map { " AND f.rowid BETWEEN \($0.lowerBound) AND \($0.upperBound)" } ?? ""
        let statement = try db.statement(
            """
            SELECT f.rowid, \(Self.scoredColumns)
            FROM places_fts f CROSS JOIN places p ON p.id = f.rowid
            WHERE places_fts MATCH ?1\(ids)\(condition)\(order.isImportance ? " ORDER BY p.importance DESC, f.rowid" : "") LIMIT ?2
            """)
        var found: [Candidate] = []
        var rows = 0
        try statement.forEachRow([.text(expression), .integer(Int64(limit))] + values) { row in
            if let candidate = Self.scoredCandidate(query, row: row, center: center) { found.append(candidate) }
            rows += 1
        }
        return (found, rows)
    }

    /// The columns a text retrieval selects after a place's id, for
    /// ``scoredCandidate(_:row:center:)``; a query's own columns come after them, from
    /// ``scoredColumnCount`` + 1 on.
    static let scoredColumns =
        "p.search_name, p.search_alt_names, p.search_locality, p.lon, p.lat, p.importance, p.addr_type, p.category, p.name, p.names"
    /// How many columns ``scoredColumns`` are.
    static let scoredColumnCount: Int32 = 10

    /// A row of (id, ``scoredColumns``: folded name, folded alternate names, folded locality,
    /// lon, lat, importance, addr_type, category, name, names in languages) scored against the
    /// query; `nil` when it does not match.
    static func scoredCandidate(_ query: TextQuery, row: SQLiteStatement, center: Point?) -> Candidate? {
        let kind = AddressType(rawValue: row.text(7))
        guard
            let match = TextMatch.score(
                query, name: row.bytes(1), alternateNames: row.bytes(2), locality: row.bytes(3),
                nameIsCode: kind == .postal, category: Int(row.int(8)))
        else { return nil }
        let lon = row.longitude(4), lat = row.latitude(5)
        let distance =
            center.map { GreatCircle.distance(latitude1: $0.y, longitude1: $0.x, latitude2: lat, longitude2: lon) } ?? 0
        var candidate = Candidate(
            id: row.int(0), longitude: lon, latitude: lat, score: match.score, distance: distance,
            importance: row.fraction(6), kind: kind, viaAlternateName: match.viaAlternateName,
            sameAs: kind == .streetName ? "street|\(row.text(1))|\(row.text(3))" : nil,
            unmatchedWords: match.unmatchedWords)
        candidate.category = Int(row.int(8))
        if let range = match.localizedName {
            let names = row.bytes(2)
            candidate.localizedName = String(decoding: UnsafeBufferPointer(rebasing: names[range]), as: UTF8.self)
        }
        // (Only a strong match's name is worth comparing as written: the few that may come first;
        // and only one with letters beyond ASCII, whose accents the text may or may not have.)
        if match.score >= TextMatch.asTypedFloor, !match.viaAlternateName, !query.written.allSatisfy(\.isASCII) {
            candidate.nameAsTyped =
                query.isWrittenAsTyped(row.text(9))
                || LocalizedNames.decode(row.text(10)).contains { query.isWrittenAsTyped($0.name) }
        }
        return candidate
    }
}
