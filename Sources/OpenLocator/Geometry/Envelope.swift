/// A rectangle in a spatial reference, as ArcGIS `Envelope`: a result's extent or a search area.
///
/// ```swift
/// let downtown = Envelope(xmin: 24.93, ymin: 60.16, xmax: 24.96, ymax: 60.18)
/// downtown.contains(Point(latitude: 60.17, longitude: 24.94))   // true
/// ```
public struct Envelope: Sendable, Hashable {
    /// The west edge.
    public var xmin: Double
    /// The south edge.
    public var ymin: Double
    /// The east edge.
    public var xmax: Double
    /// The north edge.
    public var ymax: Double
    /// The coordinate system of the edges.
    public var spatialReference: SpatialReference

    /// Makes an envelope from its edges (WGS84 degrees when no spatial reference is given).
    public init(xmin: Double, ymin: Double, xmax: Double, ymax: Double, spatialReference: SpatialReference = .wgs84) {
        self.xmin = xmin
        self.ymin = ymin
        self.xmax = xmax
        self.ymax = ymax
        self.spatialReference = spatialReference
    }

    /// Whether the edges are finite, ordered (`xmin <= xmax`, `ymin <= ymax`) and, for WGS84, on
    /// the globe; in a PROJ spatial reference, whether PROJ takes the corners back to the globe.
    public var isValid: Bool {
        let finite = [xmin, ymin, xmax, ymax].allSatisfy(\.isFinite)
        guard finite, xmin <= xmax, ymin <= ymax else { return false }
        if spatialReference == .wgs84 { return xmin >= -180 && xmax <= 180 && ymin >= -90 && ymax <= 90 }
        if spatialReference.isBuiltIn { return true }
        return corners.allSatisfy(\.isValid)
    }

    /// The four corners, in this envelope's spatial reference.
    private var corners: [Point] {
        [(xmin, ymin), (xmin, ymax), (xmax, ymin), (xmax, ymax)].map {
            Point(x: $0.0, y: $0.1, spatialReference: spatialReference)
        }
    }

    /// Whether a point lies inside or on the edge (after projecting it into this envelope's reference).
    public func contains(_ point: Point) -> Bool {
        let p = point.projected(to: spatialReference)
        return contains(x: p.x, y: p.y)
    }

    /// Whether coordinates in this envelope's reference lie inside or on the edge.
    func contains(x: Double, y: Double) -> Bool { x >= xmin && x <= xmax && y >= ymin && y <= ymax }

    /// The middle of the rectangle, in its spatial reference (ArcGIS `Envelope.center`).
    public var center: Point {
        Point(x: (xmin + xmax) / 2, y: (ymin + ymax) / 2, spatialReference: spatialReference)
    }

    /// The smallest envelope holding this one and another (same spatial reference).
    func union(_ other: Envelope) -> Envelope {
        Envelope(
            xmin: min(xmin, other.xmin), ymin: min(ymin, other.ymin), xmax: max(xmax, other.xmax),
            ymax: max(ymax, other.ymax), spatialReference: spatialReference)
    }

    /// The part of this envelope inside another one (same spatial reference), or `nil` when
    /// they do not overlap.
    func intersection(_ other: Envelope) -> Envelope? {
        let clipped = Envelope(
            xmin: max(xmin, other.xmin), ymin: max(ymin, other.ymin), xmax: min(xmax, other.xmax),
            ymax: min(ymax, other.ymax), spatialReference: spatialReference)
        return clipped.xmin <= clipped.xmax && clipped.ymin <= clipped.ymax ? clipped : nil
    }

    /// The same rectangle in another spatial reference: between WGS84 and Web Mercator its
    /// corners, through PROJ the box around its four projected corners (a projection bends edges).
    public func projected(to target: SpatialReference) -> Envelope {
        if target == spatialReference { return self }
        if !spatialReference.isBuiltIn || !target.isBuiltIn {
            let points = corners.map { $0.projected(to: target) }
            return Envelope(
                xmin: points.map(\.x).min()!, ymin: points.map(\.y).min()!, xmax: points.map(\.x).max()!,
                ymax: points.map(\.y).max()!, spatialReference: target)
        }
        let lo = Point(x: xmin, y: ymin, spatialReference: spatialReference).projected(to: target)
        let hi = Point(x: xmax, y: ymax, spatialReference: spatialReference).projected(to: target)
        return Envelope(xmin: lo.x, ymin: lo.y, xmax: hi.x, ymax: hi.y, spatialReference: target)
    }

    /// A small square around a point, `metres` from the centre to each edge (the extent ArcGIS gives a POI).
    static func around(_ point: Point, metres: Double) -> Envelope {
        GreatCircle.boundingBox(around: point.projected(to: .wgs84), radius: metres)
    }
}
