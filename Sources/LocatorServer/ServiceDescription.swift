import OpenLocator

/// The root resource (`GeocodeServer?f=json`): what clients read before they search —
/// `capabilities` (esri-leaflet enables suggest from it), `singleLineAddressField`,
/// `addressFields`, `candidateFields`, `spatialReference`, `locatorProperties` (batch sizes) and
/// the `categories` tree.
enum ServiceDescription {
    /// The description of a service answering from a gazetteer described by `info` (its place
    /// count and what it finds go in `locatorProperties`, as OpenLocator's remote backend reads them).
    /// Where ArcGIS Server describes itself; clients ask it whether tokens are needed.
    static let infoPath = "/arcgis/rest/info"

    /// `/arcgis/rest/info`: the server's version and whether it takes tokens (then from where:
    /// `tokenServicesUrl`).
    static func info(tokenServicesUrl: String?) -> JSONValue {
        var auth: [(String, JSONValue)] = [("isTokenBasedSecurity", .bool(tokenServicesUrl != nil))]
        if let tokenServicesUrl {
            auth += [("tokenServicesUrl", .string(tokenServicesUrl)), ("shortLivedTokenValidity", .number(60))]
        }
        return .object([
            ("currentVersion", .number(11.1)), ("fullVersion", .string("11.1.0")), ("owningSystemUrl", .string("")),
            ("authInfo", .object(auth)),
        ])
    }

    static func root(info: LocatorInfo? = nil) -> JSONValue {
        var properties: [(String, JSONValue)] = [
            ("MinimumCandidateScore", .string("0")), ("MinimumMatchScore", .string("0")),
            ("SuggestedBatchSize", .number(150)), ("MaxBatchSize", .number(1000)),
            ("LoadBalancerTimeOut", .number(60)), ("isAGOWorldLocator", .bool(false)),
            ("supportsBatchOutFields", .string("True")),
        ]
        if let info {
            if let count = info.placeCount { properties.append(("PlaceCount", .string(String(count)))) }
            properties += [
                ("SupportsPOI", .string(String(info.supportsPOI))),
                ("SupportsAddresses", .string(String(info.supportsAddresses))),
                ("SupportsIntersections", .string(String(info.supportsIntersections))),
            ]
        }
        return .object([
            ("currentVersion", .number(11.1)),
            (
                "serviceDescription",
                .string("OpenLocator: offline place search (© OpenStreetMap contributors, GeoNames)")
            ),
            ("addressFields", .array(LocatorAttribute.searchFields.map { field($0, length: 100) })),
            (
                "singleLineAddressField",
                field(LocatorAttribute(name: "SingleLine", displayName: "Single Line Input"), length: 200)
            ),
            (
                "candidateFields",
                .array(
                    [field(LocatorAttribute(name: "Shape", type: .geometry, isRequired: true))]
                        + LocatorAttribute.resultFields.map { field($0, length: $0.type == .string ? 500 : nil) })
            ),
            ("spatialReference", ArcGISResponses.spatialReference(.wgs84)),
            ("locatorProperties", .object(properties)),
            ("categories", .array(CategoryTree.world.roots.map(category))),
            ("capabilities", .string("Geocode,ReverseGeocode,Suggest")),
        ])
    }

    private static func field(_ attribute: LocatorAttribute, length: Int? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("name", .string(attribute.name)), ("type", .string(attribute.type.esriName)),
            ("alias", .string(attribute.displayName)),
            ("required", .bool(attribute.isRequired)),
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
