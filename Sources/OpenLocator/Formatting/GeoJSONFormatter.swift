/// Writes results as a GeoJSON FeatureCollection of points, with the attributes as properties:
/// longitude/latitude, as RFC 7946 requires, or Web Mercator metres when asked, named in the
/// collection's `crs` member as the 2008 GeoJSON format did (GDAL and QGIS read it). Other
/// spatial references (those PROJ transforms to) are not written: such a collection stays in
/// WGS84, as the standard has it. Property
/// names are unique ignoring case: `label` and `score` lead unless an attribute has the name.
public enum GeoJSONFormatter {
    /// The FeatureCollection for `results`, its coordinates in `spatialReference` when that is
    /// WGS84 or Web Mercator, else in WGS84.
    public static func featureCollection(_ results: [GeocodeResult], spatialReference: SpatialReference = .wgs84)
        -> JSONValue
    {
        let spatialReference = spatialReference.isBuiltIn ? spatialReference : .wgs84
        var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
        if spatialReference != .wgs84 {
            members.append(
                (
                    "crs",
                    .object([
                        ("type", .string("name")),
                        ("properties", .object([("name", .string("urn:ogc:def:crs:EPSG::\(spatialReference.wkid)"))])),
                    ])
                ))
        }
        members.append(("features", .array(results.compactMap { feature($0, in: spatialReference) })))
        return .object(members)
    }

    private static func feature(_ result: GeocodeResult, in spatialReference: SpatialReference) -> JSONValue? {
        guard let location = result.displayLocation?.projected(to: spatialReference) else { return nil }
        var properties: [(String, JSONValue)] = []
        if case .object(let members) = ArcGISResponses.attributes(
            result.attributeValues, rank: ArcGISResponses.candidateRank)
        {
            properties = members
        }
        // `label` and `score` unless an attribute already has the name in some case ("Score"):
        // GDAL and shapefiles treat names case-insensitively and would rename one of the two.
        let taken = Set(properties.map { $0.0.lowercased() })
        let summary: [(String, JSONValue)] = [("label", .string(result.label)), ("score", .number(result.score))]
        properties.insert(contentsOf: summary.filter { !taken.contains($0.0) }, at: 0)
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
