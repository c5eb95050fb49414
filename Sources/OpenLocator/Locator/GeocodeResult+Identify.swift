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
