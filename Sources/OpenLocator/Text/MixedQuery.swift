/// A category and a place in one query: "cafes in Kallio", "hotel Malibu", "coffee near
/// Kamppi", "Kallio cafes".
///
/// The longest run of leading (or else trailing) words that names a category is the
/// category; the rest, without connecting words ("in", "near", "close to"), names the place.
///
/// ```swift
/// let q = MixedQuery("coffee shops near Kamppi", resolver: .world)!
/// q.categories.map(\.name)   // ["Coffee Shop"]
/// q.placeWords               // ["kamppi"]
/// ```
struct MixedQuery {
    var categories: [Category]
    var placeWords: [String]

    /// Words that join a category to a place, in English, Finnish and Swedish.
    static let connectors: Set<String> = [
        "in", "near", "at", "around", "by", "close", "to", "nearby", "next", "of", "the", "lahella", "vid", "i", "nara",
    ]

    init?(_ text: String, resolver: CategoryResolver) {
        let words = TextFolding.words(text)
        guard words.count >= 2 else { return nil }
        for split in stride(from: words.count - 1, through: 1, by: -1) {
            let categories = resolver.categories(matching: words[..<split].joined(separator: " "))
            let place = Array(words[split...].drop(while: Self.connectors.contains))
            if !categories.isEmpty, !place.isEmpty {
                self.categories = categories
                placeWords = place
                return
            }
        }
        for split in 1..<words.count {
            let categories = resolver.categories(matching: words[split...].joined(separator: " "))
            var place = Array(words[..<split])
            while let last = place.last, Self.connectors.contains(last) { place.removeLast() }
            if !categories.isEmpty, !place.isEmpty {
                self.categories = categories
                placeWords = place
                return
            }
        }
        return nil
    }
}
