import Foundation

/// Stops in the forms routers read: an ArcGIS Route `stops` FeatureSet, GPX waypoints, a
/// GeoJSON FeatureCollection, and the request coordinates of OSRM, Valhalla and GraphHopper.
/// Each routes to the stops' access points; those that can say so keep the place's own point
/// too (Valhalla's `display_lat`/`display_lon`, the GeoJSON `display` member).
public enum StopFormatter {
    /// An ArcGIS Route service `stops` parameter: a FeatureSet of points in `spatialReference`
    /// (any: 4326, 3857 or one PROJ knows), each with its `Name`.
    public static func arcGISStops(_ stops: [Stop], spatialReference: SpatialReference = .wgs84) -> JSONValue {
        .object([
            ("geometryType", .string("esriGeometryPoint")),
            ("spatialReference", ArcGISResponses.spatialReference(spatialReference)),
            (
                "features",
                .array(
                    stops.map { stop in
                        let point = stop.routeLocation.projected(to: spatialReference)
                        return .object([
                            ("geometry", .object([("x", .number(point.x)), ("y", .number(point.y))])),
                            ("attributes", .object([("Name", .string(stop.name))])),
                        ])
                    })
            ),
        ])
    }

    /// A GPX 1.1 document with a waypoint per stop (WGS84, as GPX is), its name and address.
    public static func gpx(_ stops: [Stop]) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<gpx version="1.1" creator="OpenLocator" xmlns="http://www.topografix.com/GPX/1/1">"#,
        ]
        for stop in stops {
            let point = stop.routeLocation.projected(to: .wgs84)
            lines.append(#"  <wpt lat="\#(decimal(point.y))" lon="\#(decimal(point.x))">"#)
            lines.append("    <name>\(escaped(stop.name))</name>")
            if let address = stop.attributes["Place_addr"]?.stringValue, !address.isEmpty {
                lines.append("    <desc>\(escaped(address))</desc>")
            }
            lines.append("  </wpt>")
        }
        lines.append("</gpx>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A GeoJSON FeatureCollection of the stops' access points (WGS84), each with its name, side
    /// and the place's own point as `display`.
    public static func geoJSON(_ stops: [Stop]) -> JSONValue {
        .object([
            ("type", .string("FeatureCollection")),
            (
                "features",
                .array(
                    stops.map { stop in
                        let (route, display) = (
                            stop.routeLocation.projected(to: .wgs84), stop.displayLocation.projected(to: .wgs84)
                        )
                        return .object([
                            ("type", .string("Feature")),
                            (
                                "geometry",
                                .object([
                                    ("type", .string("Point")),
                                    ("coordinates", .array([.number(route.x), .number(route.y)])),
                                ])
                            ),
                            (
                                "properties",
                                .object([
                                    ("name", .string(stop.name)), ("side", .string(stop.side)),
                                    ("display", .array([.number(display.x), .number(display.y)])),
                                ])
                            ),
                        ])
                    })
            ),
        ])
    }

    /// OSRM's coordinates, `lon,lat;lon,lat`, for `/route/v1/{profile}/{coordinates}`.
    public static func osrmCoordinates(_ stops: [Stop]) -> String {
        stops.map { stop in
            let point = stop.routeLocation.projected(to: .wgs84)
            return "\(decimal(point.x)),\(decimal(point.y))"
        }.joined(separator: ";")
    }

    /// Valhalla's `locations` for a `/route` request: each access point with its name and the
    /// place's own point (`display_lat`, `display_lon`), which Valhalla uses for the side of street.
    public static func valhallaLocations(_ stops: [Stop]) -> JSONValue {
        .object([
            (
                "locations",
                .array(
                    stops.map { stop in
                        let (route, display) = (
                            stop.routeLocation.projected(to: .wgs84), stop.displayLocation.projected(to: .wgs84)
                        )
                        return .object([
                            ("lat", .number(route.y)), ("lon", .number(route.x)), ("name", .string(stop.name)),
                            ("display_lat", .number(display.y)), ("display_lon", .number(display.x)),
                        ])
                    })
            )
        ])
    }

    /// GraphHopper's `points` (`[lon, lat]`) for a POST `/route` request, with the stops' names
    /// as `point_hints`.
    public static func graphHopperPoints(_ stops: [Stop]) -> JSONValue {
        .object([
            (
                "points",
                .array(
                    stops.map { stop in
                        let point = stop.routeLocation.projected(to: .wgs84)
                        return .array([.number(point.x), .number(point.y)])
                    })
            ),
            ("point_hints", .array(stops.map { .string($0.attributes["StName"]?.stringValue ?? "") })),
        ])
    }

    /// A coordinate with 7 decimals (about a centimetre), as OSM writes them.
    private static func decimal(_ value: Double) -> String { String(format: "%.7f", value) }

    /// Text safe in XML.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
