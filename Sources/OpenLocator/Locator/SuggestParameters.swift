import Foundation

/// Options for ``LocatorTask/suggest(forSearchText:parameters:)``, named as in ArcGIS
/// `SuggestParameters`.
///
/// A class, safe to share across calls, tasks and threads, as ``GeocodeParameters`` is.
///
/// ```swift
/// let parameters = SuggestParameters()
/// parameters.preferredSearchLocation = Point(latitude: 60.1699, longitude: 24.9384)
/// let suggestions = try await task.suggest(forSearchText: "sto", parameters: parameters)
/// ```
public final class SuggestParameters: @unchecked Sendable {  // `values` is only touched under `lock`
    /// The most suggestions one call returns (the ArcGIS World service's limit).
    public static let maxResultsLimit = 15

    private let lock = NSLock()
    private var values = SuggestOptions()

    /// Where the user is: nearby places are suggested before far ones of the same name.
    public var preferredSearchLocation: Point? {
        get { lock.withLock { values.preferredSearchLocation } }
        set { lock.withLock { values.preferredSearchLocation = newValue } }
    }
    /// A hard filter: nothing outside this envelope is suggested.
    public var searchArea: Envelope? {
        get { lock.withLock { values.searchArea } }
        set { lock.withLock { values.searchArea = newValue } }
    }
    /// How many suggestions, 1 to 15 (default 5).
    public var maxResults: Int {
        get { lock.withLock { values.maxResults } }
        set { lock.withLock { values.maxResults = newValue } }
    }
    /// Category names to restrict suggestions to (as in ``GeocodeParameters/categories``).
    public var categories: [String] {
        get { lock.withLock { values.categories } }
        set { lock.withLock { values.categories = newValue } }
    }
    /// An ISO 3166 country code or name to restrict suggestions to.
    public var countryCode: String? {
        get { lock.withLock { values.countryCode } }
        set { lock.withLock { values.countryCode = newValue } }
    }

    public init() {}

    /// The values, checked: ``LocatorError`` naming the first bad one.
    func validated() throws -> SuggestOptions { try lock.withLock { values }.validated() }
}
