/// One suggestion for text being typed: a place, a category or a chain.
///
/// Pass it to ``LocatorTask/geocode(forSuggestResult:using:)`` to get the place (or, for a
/// collection, the places) it stands for.
///
/// ```swift
/// let first = try await task.suggest(forSearchText: "stockm").first!
/// first.label          // "Stockmann, Aleksanterinkatu 52, 00100 Helsinki"
/// first.isCollection   // false
/// let places = try await task.geocode(forSuggestResult: first)
/// ```
public struct SuggestResult: Sendable, Hashable {
    /// The text to show: a place with its address, a category or chain name.
    public let label: String
    /// True for a category ("Coffee Shop") or a chain ("R-kioski"): it stands for many places.
    public let isCollection: Bool
    /// An opaque key that finds exactly this suggestion again.
    public let magicKey: String

    public init(label: String, isCollection: Bool, magicKey: String) {
        self.label = label
        self.isCollection = isCollection
        self.magicKey = magicKey
    }
}
