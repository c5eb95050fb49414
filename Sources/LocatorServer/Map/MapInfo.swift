import Foundation
import OpenLocator

/// `GET /map/info`: what the map page needs before it draws: the gazetteer's coverage (where
/// it has POIs and addresses, as GeoJSON rectangles), the view to open on, the attribution
/// line, whether Leaflet and a tile layer are there, and where its layers are (``MapStreets``
/// with its limits, ``MapTowns``).
///
/// ```json
/// {"name": "OpenLocator gazetteer", "attribution": "© OpenStreetMap contributors, GeoNames",
///  "view": {"xmin": 24.93, "ymin": 60.16, "xmax": 24.95, "ymax": 60.18}, "leaflet": true, …}
/// ```
enum MapInfo {
    static let path = "/map/info"

    static func answer(info: LocatorInfo?, site: MapSite) -> JSONValue {
        let areas = info?.coverage ?? []
        // Open on the largest area of POIs (what the category picker finds), else of addresses.
        let view = (areas.first { $0.kind == "POI" } ?? areas.first)?.extent
        func envelope(_ extent: Envelope) -> JSONValue {
            .object([
                ("xmin", .number(extent.xmin)), ("ymin", .number(extent.ymin)), ("xmax", .number(extent.xmax)),
                ("ymax", .number(extent.ymax)),
            ])
        }
        let features: [JSONValue] = areas.map { area in
            let e = area.extent
            let ring: [JSONValue] = [
                (e.xmin, e.ymin), (e.xmax, e.ymin), (e.xmax, e.ymax), (e.xmin, e.ymax), (e.xmin, e.ymin),
            ]
            .map { .array([.number($0.0), .number($0.1)]) }
            return .object([
                ("type", .string("Feature")),
                ("geometry", .object([("type", .string("Polygon")), ("coordinates", .array([.array(ring)]))])),
                (
                    "properties",
                    .object([
                        ("kind", .string(area.kind)), ("source", .string(area.source)),
                        ("places", .number(Double(area.places))), ("label", area.label.map(JSONValue.string) ?? .null),
                    ])
                ),
            ])
        }
        return .object([
            ("name", .string(info?.name ?? "OpenLocator")),
            ("attribution", .string(attribution(info))),
            ("view", view.map(envelope) ?? .null),
            ("coverage", .object([("type", .string("FeatureCollection")), ("features", .array(features))])),
            ("leaflet", .bool(site.hasLeaflet)),
            ("tiles", site.tiles.map(JSONValue.string) ?? .null),
            ("streets", .object([("path", .string(MapStreets.path)), ("maxSpan", .number(MapStreets.maxSpan))])),
            ("towns", .object([("path", .string(MapTowns.path))])),
            ("service", .string(GeocodeServerRoutes.servicePath)),
        ])
    }

    /// "© OpenStreetMap contributors, GeoNames": the short credit for each source the
    /// gazetteer's attribution lines name (both when it names none), as maps print it.
    static func attribution(_ info: LocatorInfo?) -> String {
        let lines = (info?.attribution ?? []).map { $0.lowercased() }
        let credits = [
            ("openstreetmap", "© OpenStreetMap contributors"), ("geonames", "GeoNames"),
            ("openaddresses", "OpenAddresses"),
        ].filter { key, _ in lines.contains { $0.contains(key) } }.map(\.1)
        return credits.isEmpty ? "© OpenStreetMap contributors, GeoNames" : credits.joined(separator: ", ")
    }
}
