/// Encodes results in the exact JSON shapes of the ArcGIS GeocodeServer REST API.
public enum ArcGISResponses {
    /// `{"wkid":4326,"latestWkid":4326}` (Web Mercator: `{"wkid":102100,"latestWkid":3857}`).
    public static func spatialReference(_ sr: SpatialReference) -> JSONValue {
        .object([("wkid", .number(Double(sr.esriWKID))), ("latestWkid", .number(Double(sr.latestWKID)))])
    }

    /// A `findAddressCandidates` response: `spatialReference` and `candidates[]` with `address`,
    /// `location{x,y}`, `score`, `attributes` (in ArcGIS field order) and `extent`.
    public static func findAddressCandidates(
        _ results: [GeocodeResult], spatialReference sr: SpatialReference, coverage: Coverage? = nil
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("spatialReference", spatialReference(sr)), ("candidates", .array(results.map(candidate))),
        ]
        if let coverage { members.append(("coverage", Self.coverage(coverage))) }
        return .object(members)
    }

    /// Why a category search answered nothing (OpenLocator's own member, beside the candidates,
    /// which clients that do not know it skip): its radius and where the gazetteer has POIs.
    public static func coverage(_ coverage: Coverage) -> JSONValue {
        .object([
            ("summary", .string(coverage.summary)),
            ("categories", .array(coverage.categories.map { .string($0) })),
            ("searchRadius", .number(coverage.radius)),
            ("areaCount", .number(Double(coverage.areaCount))),
            (
                "areas",
                .array(
                    coverage.areas.map { area in
                        .object([
                            ("source", .string(area.source)), ("kind", .string(area.kind)),
                            ("places", .number(Double(area.places))),
                            ("label", area.label.map { .string($0) } ?? .null),
                            (
                                "extent",
                                .object([
                                    ("xmin", .number(area.extent.xmin)), ("ymin", .number(area.extent.ymin)),
                                    ("xmax", .number(area.extent.xmax)), ("ymax", .number(area.extent.ymax)),
                                ])
                            ),
                        ])
                    })
            ),
        ])
    }

    /// One candidate.
    public static func candidate(_ result: GeocodeResult) -> JSONValue {
        var members: [(String, JSONValue)] = [("address", .string(result.label))]
        if let location = result.displayLocation {
            members.append(("location", .object([("x", .number(location.x)), ("y", .number(location.y))])))
        }
        members.append(("score", .number((result.score * 100).rounded() / 100)))
        members.append(("attributes", attributes(result.attributeValues, rank: candidateRank)))
        if let extent = result.extent {
            members.append(
                (
                    "extent",
                    .object([
                        ("xmin", .number(extent.xmin)), ("ymin", .number(extent.ymin)),
                        ("xmax", .number(extent.xmax)), ("ymax", .number(extent.ymax)),
                    ])
                ))
        }
        return .object(members)
    }

    /// The legacy `find` operation's answer: each result as a location with its `name`,
    /// `extent` (the result's, or 100 m around its point) and a `feature` of its point and
    /// attributes.
    public static func findLocations(_ results: [GeocodeResult], spatialReference sr: SpatialReference) -> JSONValue {
        let locations = results.compactMap { result -> JSONValue? in
            guard let location = result.displayLocation else { return nil }
            let extent =
                result.extent
                ?? Envelope.around(location.projected(to: .wgs84), metres: 100).projected(to: location.spatialReference)
            var attributes = attributes(result.attributeValues, rank: candidateRank)
            if case .object(var members) = attributes, !members.contains(where: { $0.0 == "Score" }) {
                members.append(("Score", .number((result.score * 100).rounded() / 100)))
                attributes = .object(members)
            }
            return .object([
                ("name", .string(result.label)),
                (
                    "extent",
                    .object([
                        ("xmin", .number(extent.xmin)), ("ymin", .number(extent.ymin)),
                        ("xmax", .number(extent.xmax)), ("ymax", .number(extent.ymax)),
                    ])
                ),
                (
                    "feature",
                    .object([
                        ("geometry", .object([("x", .number(location.x)), ("y", .number(location.y))])),
                        ("attributes", attributes),
                    ])
                ),
            ])
        }
        return .object([("spatialReference", spatialReference(sr)), ("locations", .array(locations))])
    }

    /// One location of a `geocodeAddresses` response: the candidate with `ResultID` and
    /// `Status` (M, T or U) first among its attributes; unmatched, the text with score 0.
    public static func batchLocation(_ match: BatchMatch, resultID: Int, text: String) -> JSONValue {
        let head: [(String, JSONValue)] = [
            ("ResultID", .number(Double(resultID))), ("Status", .string(match.status.code)),
        ]
        guard let result = match.result, case .object(var members) = candidate(result),
            let index = members.firstIndex(where: { $0.0 == "attributes" }),
            case .object(let attributes) = members[index].1
        else {
            return .object([("address", .string(text)), ("score", .number(0)), ("attributes", .object(head))])
        }
        members[index].1 = .object(head + attributes.filter { $0.0 != "ResultID" && $0.0 != "Status" })
        return .object(members)
    }

    /// A `reverseGeocode` response: `address{…}` and `location{x,y,spatialReference}`.
    public static func reverseGeocode(_ result: GeocodeResult, spatialReference sr: SpatialReference) -> JSONValue {
        let location = result.displayLocation ?? Point(x: .nan, y: .nan, spatialReference: sr)
        return .object([
            ("address", attributes(result.attributeValues, rank: reverseRank)),
            (
                "location",
                .object([
                    ("x", .number(location.x)), ("y", .number(location.y)), ("spatialReference", spatialReference(sr)),
                ])
            ),
        ])
    }

    /// A `suggest` response: `{"suggestions":[{"text","magicKey","isCollection"}]}`.
    public static func suggest(_ suggestions: [SuggestResult]) -> JSONValue {
        .object([
            (
                "suggestions",
                .array(
                    suggestions.map {
                        .object([
                            ("text", .string($0.label)), ("magicKey", .string($0.magicKey)),
                            ("isCollection", .bool($0.isCollection)),
                        ])
                    })
            )
        ])
    }

    /// The error ArcGIS returns when nothing lies near a reverse-geocoded point.
    public static let unableToFindAddress = error(
        code: 400, message: "Cannot perform query. Invalid query parameters.",
        details: ["Unable to find address for the specified location."])

    /// `{"error":{"code":…,"message":…,"details":[…]}}`.
    public static func error(code: Int, message: String, details: [String]) -> JSONValue {
        .object([
            (
                "error",
                .object([
                    ("code", .number(Double(code))), ("message", .string(message)),
                    ("details", .array(details.map(JSONValue.string))),
                ])
            )
        ])
    }

    /// Attributes with the known fields first, in the order `rank` gives (see ``ranks(_:)``),
    /// then any others alphabetically.
    static func attributes(_ values: [String: AttributeValue], rank: [String: Int]) -> JSONValue {
        // Each key's rank is looked up once (a key is usually spelled as its field is).
        let keys = values.keys.map { key in (rank[key] ?? rank[key.lowercased()] ?? Int.max, key) }.sorted { a, b in
            a.0 != b.0 ? a.0 < b.0 : a.1 < b.1
        }
        return .object(keys.map { ($0.1, JSONValue(values[$0.1]!)) })
    }

    /// Field name (as spelled and lowercased) → position in `order`.
    static func ranks(_ order: [String]) -> [String: Int] {
        var rank: [String: Int] = [:]
        for (index, name) in order.enumerated() {
            if rank[name] == nil { rank[name] = index }
            if rank[name.lowercased()] == nil { rank[name.lowercased()] = index }
        }
        return rank
    }
    /// The position of each candidate field, for ``attributes(_:rank:)``.
    static let candidateRank = ranks(ResultAttributes.candidateFields)
    /// The position of each reverse-geocode field.
    static let reverseRank = ranks(ResultAttributes.reverseFields)
}
