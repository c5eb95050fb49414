import Foundation

/// Geometry as ArcGIS REST writes it, decoded tolerantly: numbers or numeric strings, a
/// missing or `"NaN"` extent, a spatial reference by `wkid` or `latestWkid`.
enum WireGeometry {
    /// `{"wkid":102100,"latestWkid":3857}` → Web Mercator; 4326 → WGS84; any other WKID PROJ
    /// knows → its spatial reference; unknown ones → `nil`.
    static func spatialReference(_ json: JSONValue?) -> SpatialReference? {
        guard let json else { return nil }
        for key in ["latestWkid", "wkid"] {
            if let wkid = json[key]?.integer, let sr = SpatialReference(wkid: wkid) { return sr }
        }
        return nil
    }

    /// `{"x":…,"y":…}`, or `nil` when either is missing or not a finite number.
    static func point(_ json: JSONValue?, spatialReference: SpatialReference) -> Point? {
        guard let json, let x = json["x"]?.number, let y = json["y"]?.number else { return nil }
        return Point(x: x, y: y, spatialReference: self.spatialReference(json["spatialReference"]) ?? spatialReference)
    }

    /// `{"xmin","ymin","xmax","ymax"}`, or `nil` when missing, `"NaN"` or not a box.
    static func envelope(_ json: JSONValue?, spatialReference: SpatialReference) -> Envelope? {
        guard let json, let xmin = json["xmin"]?.number, let ymin = json["ymin"]?.number,
            let xmax = json["xmax"]?.number, let ymax = json["ymax"]?.number, xmin <= xmax, ymin <= ymax
        else { return nil }
        return Envelope(
            xmin: xmin, ymin: ymin, xmax: xmax, ymax: ymax,
            spatialReference: self.spatialReference(json["spatialReference"]) ?? spatialReference)
    }

    /// A point as a request parameter: "x,y" in WGS84 degrees.
    static func parameter(_ point: Point) -> String {
        let p = point.projected(to: .wgs84)
        return "\(p.x),\(p.y)"
    }

    /// An envelope as a request parameter: JSON with its spatial reference.
    static func parameter(_ envelope: Envelope) -> String {
        let e = envelope.projected(to: .wgs84)
        return JSONValue.object([
            ("xmin", .number(e.xmin)), ("ymin", .number(e.ymin)), ("xmax", .number(e.xmax)), ("ymax", .number(e.ymax)),
            ("spatialReference", .object([("wkid", .number(4326))])),
        ]).serialized()
    }
}
