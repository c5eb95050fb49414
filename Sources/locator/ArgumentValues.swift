import OpenLocator

/// Parsing of option values, with messages that say what was wrong.
enum ArgumentValues {
    /// Adds each `--category` value to `parameters`; a value with no letter is no category name.
    static func addCategories(_ names: [String], to parameters: GeocodeParameters) throws {
        for name in names {
            guard name.contains(where: { $0.isLetter }) else {
                throw UsageError("--category needs a category name, such as 'Coffee Shop' or 'Food'")
            }
            parameters.addCategory(name)
        }
    }

    /// "60.1699,24.9384" -> a WGS84 point.
    /// A point as given: LAT,LON in degrees, or X,Y in metres with `--in-sr 3857` (Web
    /// Mercator, as map apps and the offline routing sample give their points), as WGS84.
    /// With another `--in-sr` PROJ knows, LAT,LON for a geographic one (4258), X,Y in its
    /// units for a projected one (3067).
    static func point(_ text: String, option: String, in input: SpatialReference) throws -> Point {
        if input == .wgs84 { return try point(text, option: option) }
        guard input == .webMercator else { return try pointThroughPROJ(text, option: option, in: input) }
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
            throw UsageError(
                "\(option) expects X,Y in metres with --in-sr 3857, such as 2776164,8437963; got '\(text.prefix(60))'")
        }
        guard abs(x) <= webMercatorLimit, abs(y) <= webMercatorLimit else {
            throw UsageError(
                "Web Mercator X and Y must be within ±20037508.34 metres, got \(parts[0]),\(parts[1]) (\(option) takes X,Y with --in-sr 3857)"
            )
        }
        return Point(x: x, y: y, spatialReference: .webMercator).projected(to: .wgs84)
    }

    /// A point in a spatial reference PROJ transforms (neither 4326 nor 3857), as WGS84.
    private static func pointThroughPROJ(_ text: String, option: String, in input: SpatialReference) throws -> Point {
        let given: Point
        if input.isGeographic {
            let degrees = try point(text, option: option)
            given = Point(x: degrees.x, y: degrees.y, spatialReference: input)
        } else {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw UsageError(
                    "\(option) expects X,Y (easting,northing) with --in-sr \(input.wkid); got '\(text.prefix(60))'")
            }
            given = Point(x: x, y: y, spatialReference: input)
        }
        let wgs84 = given.projected(to: .wgs84)
        guard given.isValid, wgs84.isValid else {
            throw UsageError("\(option) \(text.prefix(60)) is outside what \(input) covers")
        }
        return wgs84
    }

    /// The edge of the Web Mercator square, in metres (π × 6,378,137).
    static let webMercatorLimit = 20_037_508.342789244

    /// The spatial reference of the points and boxes given (`--in-sr 4326|3857`; default 4326).
    static func inputSpatialReference(_ arguments: CommandLineArguments) throws -> SpatialReference {
        try arguments.value("in-sr").map { try spatialReference($0, option: "--in-sr") } ?? .wgs84
    }

    /// "LAT,LON" in degrees -> a point.
    static func point(_ text: String, option: String) throws -> Point {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
            latitude.isFinite, longitude.isFinite
        else {
            throw UsageError("\(option) expects LAT,LON in degrees, such as 60.1699,24.9384; got '\(text.prefix(60))'")
        }
        guard (-90...90).contains(latitude) else {
            throw UsageError("latitude must be between -90 and 90, got \(parts[0]) (\(option) takes LAT,LON)")
        }
        guard (-180...180).contains(longitude) else {
            throw UsageError("longitude must be between -180 and 180, got \(parts[1]) (\(option) takes LAT,LON)")
        }
        return Point(latitude: latitude, longitude: longitude)
    }

    /// A box as given to `--within`: MINLAT,MINLON,MAXLAT,MAXLON in degrees (latitude first, as
    /// every point), or XMIN,YMIN,XMAX,YMAX in metres with `--in-sr 3857`, as WGS84.
    static func envelope(_ text: String, option: String, in input: SpatialReference) throws -> Envelope {
        guard input == .webMercator else {
            let numbers = text.split(separator: ",", omittingEmptySubsequences: false)
            if input != .wgs84, !input.isGeographic { return try projectedEnvelope(text, option: option, in: input) }
            guard numbers.count == 4 else {
                throw UsageError("\(option) expects MINLAT,MINLON,MAXLAT,MAXLON, such as 60.16,24.93,60.18,24.96")
            }
            let lonLat = [numbers[1], numbers[0], numbers[3], numbers[2]].joined(separator: ",")
            let degrees = try envelope(lonLat, option: option, order: "MINLAT,MINLON,MAXLAT,MAXLON")
            guard input != .wgs84 else { return degrees }
            return try wgs84(
                Envelope(
                    xmin: degrees.xmin, ymin: degrees.ymin, xmax: degrees.xmax, ymax: degrees.ymax,
                    spatialReference: input), text: text, option: option)
        }
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, text.split(separator: ",").count == 4,
            numbers.allSatisfy({ $0.isFinite && abs($0) <= webMercatorLimit }), numbers[0] <= numbers[2],
            numbers[1] <= numbers[3]
        else {
            throw UsageError(
                "\(option) expects XMIN,YMIN,XMAX,YMAX in metres with --in-sr 3857 (within ±20037508.34, mins first)")
        }
        let low = Point(x: numbers[0], y: numbers[1], spatialReference: .webMercator).projected(to: .wgs84)
        let high = Point(x: numbers[2], y: numbers[3], spatialReference: .webMercator).projected(to: .wgs84)
        return Envelope(xmin: low.x, ymin: low.y, xmax: high.x, ymax: high.y)
    }

    /// XMIN,YMIN,XMAX,YMAX in a projected spatial reference PROJ transforms, as WGS84.
    private static func projectedEnvelope(_ text: String, option: String, in input: SpatialReference) throws
        -> Envelope
    {
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, text.split(separator: ",").count == 4, numbers.allSatisfy(\.isFinite),
            numbers[0] <= numbers[2], numbers[1] <= numbers[3]
        else {
            throw UsageError("\(option) expects XMIN,YMIN,XMAX,YMAX with --in-sr \(input.wkid) (mins first)")
        }
        return try wgs84(
            Envelope(xmin: numbers[0], ymin: numbers[1], xmax: numbers[2], ymax: numbers[3], spatialReference: input),
            text: text, option: option)
    }

    /// A box given in a PROJ spatial reference, as WGS84; an error when PROJ cannot take it there.
    private static func wgs84(_ box: Envelope, text: String, option: String) throws -> Envelope {
        let wgs84 = box.projected(to: .wgs84)
        guard box.isValid, wgs84.isValid else {
            throw UsageError("\(option) \(text.prefix(60)) is outside what \(box.spatialReference) covers")
        }
        return wgs84
    }

    /// The box of `--within` (latitude first, or X,Y with `--in-sr 3857`) or `--within-lonlat`
    /// (longitude first, degrees), `nil` when neither is given.
    static func searchArea(_ arguments: CommandLineArguments, in input: SpatialReference) throws -> Envelope? {
        switch (arguments.value("within"), arguments.value("within-lonlat")) {
        case (nil, nil): return nil
        case (let box?, nil): return try envelope(box, option: "--within", in: input)
        case (nil, let box?):
            guard input == .wgs84 else {
                throw UsageError(
                    "--within-lonlat takes degrees (WGS84); with --in-sr \(input.wkid) give --within \(input.isGeographic ? "MINLAT,MINLON,MAXLAT,MAXLON" : "XMIN,YMIN,XMAX,YMAX")"
                )
            }
            return try envelope(box, option: "--within-lonlat")
        default: throw UsageError("give one of --within (LAT first) and --within-lonlat (LON first), not both")
        }
    }

    /// "MINLON,MINLAT,MAXLON,MAXLAT" (`--within-lonlat`, GeoJSON's bbox order) -> an envelope;
    /// messages name the box as `order` says the user wrote it.
    static func envelope(_ text: String, option: String, order: String = "MINLON,MINLAT,MAXLON,MAXLAT") throws
        -> Envelope
    {
        let numbers = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard numbers.count == 4, text.split(separator: ",").count == 4 else {
            let example = order.hasPrefix("MINLAT") ? "60.16,24.93,60.18,24.96" : "24.93,60.16,24.96,60.18"
            throw UsageError("\(option) expects \(order), such as \(example)")
        }
        let envelope = Envelope(xmin: numbers[0], ymin: numbers[1], xmax: numbers[2], ymax: numbers[3])
        guard envelope.isValid else {
            throw UsageError(
                "\(option) must have MINLAT <= MAXLAT within -90..90 and MINLON <= MAXLON within -180..180 (\(order))")
        }
        return envelope
    }

    /// A whole number within a range.
    static func integer(_ text: String, option: String, range: ClosedRange<Int>) throws -> Int {
        guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError("\(option) expects a whole number, got '\(text.prefix(40))'")
        }
        guard range.contains(value) else {
            throw UsageError("\(option) must be between \(range.lowerBound) and \(range.upperBound), got \(value)")
        }
        return value
    }

    /// A number within a range; `unit` ("metres") is named in messages.
    static func number(_ text: String, option: String, range: ClosedRange<Double>, unit: String = "") throws -> Double {
        let suffix = unit.isEmpty ? "" : " " + unit
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw UsageError(
                "\(option) expects a number\(suffix.isEmpty ? "" : " of" + suffix), got '\(text.prefix(40))'")
        }
        guard range.contains(value) else {
            throw UsageError(
                "\(option) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound))\(suffix), got \(text.prefix(40))"
            )
        }
        return value
    }

    /// A distance in metres, written as metres ("800", "800m") or kilometres ("50km").
    static func distance(_ text: String, option: String, range: ClosedRange<Double>) throws -> Double {
        var number = text.trimmingCharacters(in: .whitespaces).lowercased()
        var scale = 1.0
        if number.hasSuffix("km") {
            (number, scale) = (String(number.dropLast(2)), 1000)
        } else if number.hasSuffix("m") {
            number.removeLast()
        }
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else {
            throw UsageError(
                "\(option) expects a distance in metres (800) or kilometres (50km), got '\(text.prefix(40))'")
        }
        guard range.contains(value * scale) else {
            throw UsageError(
                "\(option) must be between \(Int(range.lowerBound)) and \(Int(range.upperBound)) metres, got \(text.prefix(40))"
            )
        }
        return value * scale
    }

    /// One of a fixed set of words.
    static func choice(_ text: String, option: String, from choices: [String]) throws -> String {
        guard choices.contains(text.lowercased()) else {
            throw UsageError("\(option) must be one of \(choices.joined(separator: ", ")); got '\(text.prefix(40))'")
        }
        return text.lowercased()
    }

    /// A language code for answers ("sv", "en-GB"), checked.
    static func language(_ text: String, option: String) throws -> String {
        guard GeocodeParameters.isLanguageCode(text) else {
            throw UsageError("\(option) must be a language code such as sv or en-GB, got '\(text.prefix(20))'")
        }
        return text
    }

    /// "4326", "3857" (also 102100) or any EPSG or ESRI WKID PROJ knows ("3067") -> a spatial reference.
    static func spatialReference(_ text: String, option: String) throws -> SpatialReference {
        guard let wkid = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError(
                "\(option) expects a WKID such as 4326 (WGS84), 3857 (Web Mercator) or 3067, got '\(text.prefix(20))'")
        }
        guard let sr = SpatialReference(wkid: wkid) else {
            throw UsageError(
                "\(option) \(wkid) is not a spatial reference PROJ knows: give 4326, 3857 or an EPSG or ESRI WKID"
                    + SpatialReference.missingPROJ)
        }
        return sr
    }
}
