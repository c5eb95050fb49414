import Foundation
import OpenLocator

/// `GET /map/streets?bbox=xmin,ymin,xmax,ymax&zoom=Z`: the gazetteer's streets inside a box as
/// GeoJSON, to draw a base map with no tile server (one `MultiLineString` feature per street,
/// named; pieces shorter than two pixels at that zoom left out). Bounded: a box of at most
/// ``maxSpan`` degrees a side and at most ``maxPieces`` pieces, the longest kept, with
/// `"truncated": true` when some were left out.
enum MapStreets {
    static let path = "/map/streets"
    static let maxSpan = 1.0
    static let maxPieces = 20_000

    static func answer(_ parameters: WireParameters, task: LocatorTask) throws -> JSONValue {
        let box = try MapBoundingBox.read(parameters)
        guard box.xmax - box.xmin <= maxSpan, box.ymax - box.ymin <= maxSpan else {
            throw LocatorError(
                .invalidParameter,
                "bbox is too large: at most \(Int(maxSpan)) degree a side; zoom in to see streets")
        }
        let zoom = try parameters.integer("zoom", in: 0...22) ?? 16
        let lines = try task.streetLinesBlocking(in: box, zoom: zoom, limit: maxPieces)
        func degrees(_ value: Double) -> JSONValue { .number((value * 1e6).rounded() / 1e6) }
        let features: [JSONValue] = lines.streets.map { street in
            .object([
                ("type", .string("Feature")),
                (
                    "geometry",
                    .object([
                        ("type", .string("MultiLineString")),
                        (
                            "coordinates",
                            .array(
                                street.pieces.map { piece in
                                    .array([
                                        .array([degrees(piece.lon1), degrees(piece.lat1)]),
                                        .array([degrees(piece.lon2), degrees(piece.lat2)]),
                                    ])
                                })
                        ),
                    ])
                ),
                ("properties", .object([("name", .string(street.name))])),
            ])
        }
        return .object([
            ("type", .string("FeatureCollection")), ("features", .array(features)),
            ("truncated", .bool(lines.truncated)), ("piecesInBox", .number(Double(lines.piecesInBox))),
        ])
    }
}
