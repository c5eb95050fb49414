extension Collection where Element == GeocodeResult {
    /// The result whose `displayLocation` lies nearest a tapped point, if within `tolerance` metres.
    ///
    /// This is the identify-on-tap of map apps: show results as markers, then on a tap
    /// ```swift
    /// if let hit = results.nearest(to: tap, within: 12 * metresPerPixel) { showCallout(hit) }
    /// ```
    /// - Returns: the nearest result, or `nil` when none lies within the tolerance.
    public func nearest(to point: Point, within tolerance: Double) -> GeocodeResult? {
        var best: (result: GeocodeResult, distance: Double)?
        for result in self {
            guard let location = result.displayLocation else { continue }
            let distance = location.distance(to: point)
            if distance <= tolerance, distance < (best?.distance ?? .infinity) {
                best = (result, distance)
            }
        }
        return best?.result
    }
}

extension Collection where Element == GeocodeResult {
    /// The result whose marker lies nearest a tap, if within `points` screen points at the
    /// map's scale: the Find places tutorial's identify (12 points at 1:72,000), among the
    /// markers shown rather than by a new query.
    ///
    /// A screen point is 1/96 inch, so 12 points at 1:72,000 are 228.6 metres of the map.
    /// Distances are measured on the Web Mercator map, as on the screen: at latitude φ a map
    /// metre is cos φ metres on the ground (189 m for those 12 points in Malibu).
    /// ```swift
    /// if let (hit, callout) = results.identify(at: tap, withinScreenPoints: 12, mapScale: 72_000) {
    ///     show(callout.title, callout.detail, at: tap)
    /// }
    /// ```
    public func identify(at tap: Point, withinScreenPoints points: Double, mapScale: Double) -> (
        result: GeocodeResult, callout: Callout
    )? {
        let tolerance = GeocodeResult.mapMetres(screenPoints: points, mapScale: mapScale)
        let here = tap.projected(to: .webMercator)
        var best: (result: GeocodeResult, distance: Double)?
        for result in self {
            guard let location = result.displayLocation?.projected(to: .webMercator) else { continue }
            let distance =
                ((location.x - here.x) * (location.x - here.x) + (location.y - here.y) * (location.y - here.y))
                .squareRoot()
            if distance <= tolerance, distance < (best?.distance ?? .infinity) { best = (result, distance) }
        }
        return best.map { ($0.result, $0.result.callout(at: tap)) }
    }
}

/// What a map shows on a tapped result, as the Find places tutorial writes it.
public struct Callout: Sendable, Hashable {
    /// `PlaceName`, or "Unknown".
    public var title: String
    /// `Place_addr`, or "no address provided".
    public var detail: String
    /// Where it is shown: the tap.
    public var location: Point
}

extension GeocodeResult {
    /// The map metres of `points` screen points (1/96 inch each) at a map scale of 1:`mapScale`.
    public static func mapMetres(screenPoints points: Double, mapScale: Double) -> Double {
        points * 0.0254 / 96 * mapScale
    }

    /// The tutorial's callout for this result, shown at `tap`.
    public func callout(at tap: Point) -> Callout {
        let name = attributeValues["PlaceName"]?.stringValue ?? ""
        let address = attributeValues["Place_addr"]?.stringValue ?? ""
        return Callout(
            title: name.isEmpty ? "Unknown" : name, detail: address.isEmpty ? "no address provided" : address,
            location: tap)
    }
}
