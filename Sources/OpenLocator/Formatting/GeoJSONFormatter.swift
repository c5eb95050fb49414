/// Writes results as a GeoJSON FeatureCollection of points (always longitude/latitude, as
/// RFC 7946 requires), with the attributes as properties.
public enum GeoJSONFormatter {
    /// The FeatureCollection for `results`.
    public static func featureCollection(_ results: [GeocodeResult]) -> JSONValue {
        .object([
            ("type", .string("FeatureCollection")),
            ("features", .array(results.compactMap(feature))),
        ])
    }

    private static func feature(_ result: GeocodeResult) -> JSONValue? {
        guard let location = result.displayLocation?.projected(to: .wgs84) else { return nil }
        var properties: [(String, JSONValue)] = [("label", .string(result.label)), ("score", .number(result.score))]
        if case .object(let members) = ArcGISResponses.attributes(
            result.attributes, rank: ArcGISResponses.candidateRank)
        {
            properties += members
        }
        return .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([
                    ("type", .string("Point")), ("coordinates", .array([.number(location.x), .number(location.y)])),
                ])
            ),
            ("properties", .object(properties)),
        ])
    }
}
