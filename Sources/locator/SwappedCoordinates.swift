import OpenLocator

/// A one-line warning when a LAT,LON point looks given the other way round: read as typed the
/// gazetteer has no POIs or addresses near it (within a quarter-degree coverage cell), read
/// swapped it has. The command still answers for the point as typed.
///
/// ```
/// $ locator find cafe --near 24.94,60.17
/// warning: --near 24.94,60.17 is outside the gazetteer's detailed areas, but 60.17,24.94 is around Helsinki, Uusimaa, Finland: are latitude and longitude swapped? (LAT,LON)
/// ```
enum SwappedCoordinates {
    /// Warns on stderr when `point` (WGS84, as given in degrees to `option`) looks swapped.
    static func warnIfSwapped(_ point: Point, option: String, task: LocatorTask) {
        guard let area = swappedArea(point, task: task) else { return }
        Output.diagnostic(
            "warning: \(option) \(text(point.y)),\(text(point.x)) is outside the gazetteer's detailed areas, but "
                + "\(text(point.x)),\(text(point.y)) is \(area): are latitude and longitude swapped? (LAT,LON)")
    }

    /// Warns when the centre of a box given LAT first to `option` looks swapped.
    static func warnIfSwapped(_ box: Envelope, option: String, task: LocatorTask) {
        guard let area = swappedArea(box.center, task: task) else { return }
        Output.diagnostic(
            "warning: the \(option) box is outside the gazetteer's detailed areas, but swapped it is \(area): "
                + "are latitude and longitude swapped? (MINLAT,MINLON,MAXLAT,MAXLON)")
    }

    /// Where the swapped point lies ("around Helsinki, Uusimaa, Finland"), when the gazetteer
    /// has POIs or addresses near it and none near the point as typed: a few index seeks,
    /// whatever the file's size.
    private static func swappedArea(_ point: Point, task: LocatorTask) -> String? {
        guard abs(point.x) <= 90, point.x != point.y else { return nil }
        let swapped = Point(latitude: point.x, longitude: point.y)
        guard (try? task.hasCoverage(near: point)) == false, (try? task.hasCoverage(near: swapped)) == true else {
            return nil
        }
        let surroundings = try? task.surroundings(of: swapped)
        return surroundings ?? String(format: "at lat %.2f, lon %.2f", swapped.y, swapped.x)
    }

    private static func text(_ degrees: Double) -> String {
        var text = String(degrees)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
