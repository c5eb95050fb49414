import OpenLocator

/// The `bbox=xmin,ymin,xmax,ymax` parameter of the map page's layers (``MapStreets``,
/// ``MapTowns``): WGS84 degrees, longitude first, as GeoJSON and Leaflet's `toBBoxString()`.
enum MapBoundingBox {
    static func read(_ parameters: WireParameters) throws -> Envelope {
        guard let text = parameters.nonEmpty("bbox") else {
            throw LocatorError(.invalidParameter, "bbox is required: xmin,ymin,xmax,ymax in degrees (longitude first)")
        }
        let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, let xmin = numbers[0], let ymin = numbers[1], let xmax = numbers[2],
            let ymax = numbers[3], [xmin, ymin, xmax, ymax].allSatisfy(\.isFinite), xmin <= xmax, ymin <= ymax,
            (-180...180).contains(xmin), (-180...180).contains(xmax), (-90...90).contains(ymin),
            (-90...90).contains(ymax)
        else {
            throw LocatorError(
                .invalidParameter,
                "bbox must be xmin,ymin,xmax,ymax in degrees with xmin <= xmax and ymin <= ymax, got '\(text.prefix(60))'"
            )
        }
        return Envelope(xmin: xmin, ymin: ymin, xmax: xmax, ymax: ymax)
    }
}
