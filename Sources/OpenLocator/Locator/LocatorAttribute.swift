/// One field a locator reads or writes, as in ArcGIS `LocatorAttribute` and a GeocodeServer's
/// `addressFields` and `candidateFields`.
///
/// ```swift
/// let info = try await task.locatorInfo
/// info.searchAttributes.map(\.name)   // ["Address", "Address2", …, "CountryCode"]
/// ```
public struct LocatorAttribute: Sendable, Hashable {
    /// The kind of value a field holds.
    public enum FieldType: String, Sendable, Hashable {
        case string, double, integer, geometry
    }

    /// The field's name, e.g. `PlaceName` or `City`.
    public var name: String
    /// A name to show people, e.g. "Address or Place".
    public var displayName: String
    public var type: FieldType
    /// Whether every result has it (`Score`, `Match_addr`) or a request needs it.
    public var isRequired: Bool

    public init(name: String, displayName: String? = nil, type: FieldType = .string, isRequired: Bool = false) {
        self.name = name
        self.displayName = displayName ?? name
        self.type = type
        self.isRequired = isRequired
    }

    /// The multiline address fields OpenLocator reads (``LocatorTask/searchValueFields``),
    /// with ArcGIS's display names.
    public static let searchFields: [LocatorAttribute] = zip(
        LocatorTask.searchValueFields,
        [
            "Address or Place", "Address2", "Address3", "Neighborhood", "City", "County", "State", "ZIP", "ZIP4",
            "Country",
        ]
    ).map { LocatorAttribute(name: $0, displayName: $1) }

    /// The fields of a result (``ResultAttributes/candidateFields``), typed.
    public static let resultFields: [LocatorAttribute] = ResultAttributes.candidateFields.map { name in
        LocatorAttribute(
            name: name, type: numericFields.contains(name) ? .double : .string,
            isRequired: ["Status", "Score", "Match_addr"].contains(name))
    }

    /// The result fields that hold numbers.
    static let numericFields: Set<String> = [
        "Score", "Rank", "Distance", "X", "Y", "DisplayX", "DisplayY", "Xmin", "Xmax", "Ymin", "Ymax",
    ]
}
