/// A town written by another of its names where a text gives the town of a place ("Ateneum,
/// Helsingfors"; "Colosseo, Roma"), read as its own name too, so the place in that town is
/// found as if the town were written as the data writes its places' towns ("Ateneum,
/// Helsinki"): the word gets the town's own name as an alternative in every retrieval.
///
/// Looked for in the last word of the text when there are two or more, and in the last word
/// before a trailing country or region ("Salutorget, Helsingfors, Finland"). The word must be a
/// whole other name (in a language, or an alternate one) of a locality more important than
/// every locality whose own name it is ("Roma" is Rome's; "Paris" is Paris's own), and that
/// locality's own name one word.
///
/// ```swift
/// TownAliases.find(QueryText("Ateneum, Helsingfors"), backend: backend, db: db, state: state)
/// // ["helsingfors": "helsinki"]
/// ```
enum TownAliases {
    static func find(
        _ text: QueryText, backend: GazetteerBackend, db: SQLiteConnection, state: GazetteerBackend.State
    ) throws -> [String: String] {
        guard text.words.count >= 2 else { return [:] }
        var positions = [text.words.count - 1]
        let all = Array(text.words.indices)
        if let (_, rest) = QueryAnalysis.trailingQualifier(all, in: text, lexicon: state.lexicon), rest.count >= 2,
            let last = rest.last
        {
            positions.append(last)
        }
        var aliases: [String: String] = [:]
        for position in positions {
            let word = text.words[position]
            guard word.hasLetter, word.folded.count >= 3, aliases[word.folded] == nil,
                let ownName = try backend.mostImportantLocality(calledOtherwise: word.folded, db: db, state: state)
            else { continue }
            aliases[word.folded] = ownName
        }
        return aliases
    }
}
