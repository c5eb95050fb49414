import Foundation
import OpenLocator

/// `GET /map/towns?bbox=xmin,ymin,xmax,ymax[&limit=N]`: the most populous towns and cities in
/// a box as GeoJSON points (name, population), so the map page has something to read wherever
/// the gazetteer has no streets: the world's towns from GeoNames. Any box up to the whole
/// world; at most ``maxTowns``, the largest first.
///
/// ```json
/// {"type": "FeatureCollection", "features": [{"type": "Feature",
///   "geometry": {"type": "Point", "coordinates": [36.81667, -1.28333]},
///   "properties": {"name": "Nairobi", "population": 2750547}}, …]}
/// ```
enum MapTowns {
    static let path = "/map/towns"
    static let maxTowns = 500
    static let defaultTowns = 200

    static func answer(_ parameters: WireParameters, task: LocatorTask) throws -> JSONValue {
        let box = try MapBoundingBox.read(parameters)
        let limit = try parameters.integer("limit", in: 1...maxTowns) ?? defaultTowns
        func degrees(_ value: Double) -> JSONValue { .number((value * 1e5).rounded() / 1e5) }
        let features: [JSONValue] = try task.townsBlocking(in: box, limit: limit).map { town in
            .object([
                ("type", .string("Feature")),
                (
                    "geometry",
                    .object([
                        ("type", .string("Point")),
                        ("coordinates", .array([degrees(town.location.longitude), degrees(town.location.latitude)])),
                    ])
                ),
                (
                    "properties",
                    .object([("name", .string(town.name)), ("population", .number(Double(town.population)))])
                ),
            ])
        }
        return .object([("type", .string("FeatureCollection")), ("features", .array(features))])
    }
}
