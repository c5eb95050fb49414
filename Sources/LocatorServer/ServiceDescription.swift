import OpenLocator

/// The root resource (`GeocodeServer?f=json`): what clients read before they search —
/// `capabilities` (esri-leaflet enables suggest from it), `singleLineAddressField`,
/// `addressFields`, `candidateFields`, `spatialReference`, `locatorProperties` (batch sizes) and
/// the `categories` tree.
enum ServiceDescription {
    static let numericFields: Set<String> = [
        "Score", "Rank", "Distance", "X", "Y", "DisplayX", "DisplayY", "Xmin", "Xmax", "Ymin", "Ymax",
    ]
    static let requiredFields: Set<String> = ["Shape", "Status", "Score", "Match_addr"]

    static func root() -> JSONValue {
        .object([
            ("currentVersion", .number(11.1)),
            (
                "serviceDescription",
                .string("OpenLocator: offline place search (© OpenStreetMap contributors, GeoNames)")
            ),
            (
                "addressFields",
                .array(
                    [
                        ("Address", "Address or Place", 100), ("Address2", "Address2", 100),
                        ("Address3", "Address3", 100),
                        ("Neighborhood", "Neighborhood", 50), ("City", "City", 50), ("Subregion", "County", 50),
                        ("Region", "State", 50), ("Postal", "ZIP", 20), ("PostalExt", "ZIP4", 20),
                        ("CountryCode", "Country", 100),
                    ].map { field(name: $0.0, alias: $0.1, length: $0.2) })
            ),
            ("singleLineAddressField", field(name: "SingleLine", alias: "Single Line Input", length: 200)),
            (
                "candidateFields",
                .array(
                    ["Shape"].map { field(name: $0, type: "esriFieldTypeGeometry", required: true) }
                        + ResultAttributes.candidateFields.map { name in
                            field(
                                name: name,
                                type: numericFields.contains(name) ? "esriFieldTypeDouble" : "esriFieldTypeString",
                                length: numericFields.contains(name) ? nil : 500,
                                required: requiredFields.contains(name))
                        })
            ),
            ("spatialReference", ArcGISResponses.spatialReference(.wgs84)),
            (
                "locatorProperties",
                .object([
                    ("MinimumCandidateScore", .string("0")), ("MinimumMatchScore", .string("0")),
                    ("SuggestedBatchSize", .number(150)), ("MaxBatchSize", .number(1000)),
                    ("LoadBalancerTimeOut", .number(60)), ("isAGOWorldLocator", .bool(false)),
                    ("supportsBatchOutFields", .string("True")),
                ])
            ),
            ("categories", .array(CategoryTree.world.roots.map(category))),
            ("capabilities", .string("Geocode,ReverseGeocode,Suggest")),
        ])
    }

    private static func field(
        name: String, alias: String? = nil, type: String = "esriFieldTypeString", length: Int? = nil,
        required: Bool = false
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("type", .string(type)), ("alias", .string(alias ?? name)),
            ("required", .bool(required)),
        ]
        if let length { members.append(("length", .number(Double(length)))) }
        return .object(members)
    }

    private static func category(_ category: Category) -> JSONValue {
        let children = CategoryTree.world.children(of: category)
        return .object(
            [("name", .string(category.name))]
                + (children.isEmpty ? [] : [("categories", JSONValue.array(children.map(Self.category)))]))
    }
}
