import Foundation

/// Recognises category phrases in folded text: exact ArcGIS names and everyday synonyms,
/// singular or plural, any case or accent ("Coffee shops", "café", "petrol station", "parks").
///
/// ```swift
/// CategoryResolver.world.categories(matching: "coffee shops")   // [Coffee Shop]
/// CategoryResolver.world.categories(matching: "fuel")           // [Gas Station]
/// ```
struct CategoryResolver: Sendable {
    let tree: CategoryTree
    /// Singular folded phrase -> category codes.
    private let phrases: [String: [Int]]
    /// The first and last words of every phrase (singular), so text that starts or ends with
    /// none of them is known to hold no phrase there without joining any words.
    private let firstWords: Set<String>
    private let lastWords: Set<String>

    /// The resolver over ArcGIS World names plus ``CategorySynonyms``.
    static let world = CategoryResolver(tree: .world, synonyms: CategorySynonyms.byCategory)

    init(tree: CategoryTree, synonyms: [String: [String]]) {
        self.tree = tree
        var phrases: [String: [Int]] = [:]
        func add(_ phrase: String, _ code: Int) {
            let key = Self.singularPhrase(TextFolding.fold(phrase))
            guard !key.isEmpty else { return }
            if !(phrases[key]?.contains(code) ?? false) { phrases[key, default: []].append(code) }
        }
        for category in tree.categories { add(category.name, category.code) }
        for (name, words) in synonyms.sorted(by: { $0.key < $1.key }) {
            guard let category = tree[name] else { continue }
            for word in words { add(word, category.code) }
        }
        self.phrases = phrases
        firstWords = Set(phrases.keys.compactMap { $0.split(separator: " ").first.map(String.init) })
        lastWords = Set(phrases.keys.compactMap { $0.split(separator: " ").last.map(String.init) })
    }

    /// Whether a category phrase may start with this folded word.
    func mayStartPhrase(_ word: String) -> Bool { firstWords.contains(Self.singular(word)) }
    /// Whether a category phrase may end with this folded word.
    func mayEndPhrase(_ word: String) -> Bool { lastWords.contains(Self.singular(word)) }

    /// The categories a whole phrase names, or empty when it is not a category phrase.
    func categories(matching text: String) -> [Category] {
        categories(matchingFolded: TextFolding.fold(text).split(separator: " "))
    }

    /// The categories folded words name together ("coffee", "shops"), or empty.
    func categories(matchingFolded words: some Collection<some StringProtocol>) -> [Category] {
        let key = words.map { Self.singular(String($0)) }.joined(separator: " ")
        return (phrases[key] ?? []).compactMap { tree.category(code: $0) }
    }

    /// Categories of places (POIs and populated places) whose name or a synonym starts with
    /// the folded text, best first: an exact phrase, then shorter phrases. For suggest, so
    /// the text must be 3+ letters and most (60 %) of the phrase's first word: "caf" and
    /// "coff" suggest cafés, "sto" does not suggest Storage.
    ///
    /// ```swift
    /// CategoryResolver.world.categories(startingWith: "coff")   // [Coffee Shop]
    /// ```
    func categories(startingWith text: String) -> [Category] {
        let folded = TextFolding.fold(text)
        guard folded.count >= 3 else { return [] }
        let singular = Self.singularPhrase(folded)
        func order(_ phrase: String) -> (Int, Int, String) {
            (phrase == singular || phrase == folded ? 0 : 1, phrase.count, phrase)
        }
        func covered(_ phrase: String) -> Bool {
            let firstWord = phrase.prefix(while: { $0 != " " }).count
            return folded.count >= firstWord || folded.count * 5 >= firstWord * 3
        }
        let matches = phrases.keys.filter { ($0.hasPrefix(folded) || $0.hasPrefix(singular)) && covered($0) }
            .sorted { order($0) < order($1) }
        let places = [tree["POI"]!, tree["Populated Place"]!]
        var seen: Set<Int> = []
        return matches.flatMap { phrases[$0]! }.compactMap { code in
            guard seen.insert(code).inserted, places.contains(where: { $0.codeRange.contains(code) }) else {
                return nil
            }
            return tree.category(code: code)
        }
    }

    /// Resolves user-given filter names (exact names or synonyms), throwing for unknown ones.
    func filterCategories(_ names: [String]) throws -> [Category] {
        var found: [Category] = []
        for name in names {
            for part in name.split(separator: ",") where !part.trimmedSpaces.isEmpty {
                let matches = categories(matching: String(part))
                guard !matches.isEmpty else {
                    let hint =
                        closestName(to: String(part)).map { "did you mean '\($0)'?" }
                        ?? "try names such as 'Coffee Shop', 'Food', 'Hotel', 'Gas Station' or 'Parks and Outdoors'"
                    throw LocatorError.invalidParameter("unknown category '\(part.trimmedSpaces.prefix(60))'; \(hint)")
                }
                found.append(contentsOf: matches)
            }
        }
        return found
    }

    /// The category name (or synonym) nearest a mistyped one: "Cofee Shop" -> "Coffee Shop".
    func closestName(to typed: String) -> String? {
        let names = tree.categories.map(\.name)
        return DidYouMean.closest(to: typed, among: names)
            ?? DidYouMean.closest(to: typed, among: phrases.keys.sorted())
    }

    /// Makes each word singular so "coffee shops" and "coffee shop" meet.
    static func singularPhrase(_ folded: String) -> String {
        folded.split(separator: " ").map { singular(String($0)) }.joined(separator: " ")
    }

    /// A plain English singular: "bakeries" -> "bakery", "lunches" -> "lunch", "parks" -> "park".
    static func singular(_ word: String) -> String {
        guard word.count > 3, word.last == "s", !word.hasSuffix("ss"), !word.hasSuffix("us"),
            !word.hasSuffix("is")
        else { return word }
        if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for suffix in ["ches", "shes", "sses", "xes", "zes"] where word.hasSuffix(suffix) {
            return String(word.dropLast(2))
        }
        return String(word.dropLast())
    }
}
