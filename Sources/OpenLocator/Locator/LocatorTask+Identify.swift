extension LocatorTask {
    /// The nearest named place to a point, if one lies within `tolerance` metres — what a map
    /// app shows when the user taps (the seed tutorial's identify).
    ///
    /// ```swift
    /// if let place = try await task.identify(at: tap, tolerance: 25) {
    ///     print(place.attributes["PlaceName"] ?? "Unknown", place.attributes["Place_addr"] ?? "")
    /// }
    /// ```
    /// - Parameters:
    ///   - location: the point to identify.
    ///   - tolerance: how far, in metres, the place may be (default 25).
    ///   - categories: restrict to these categories (default: every POI).
    ///   - language: the language to write the answer in (``GeocodeParameters/outputLanguageCode``).
    ///   - outputSpatialReference: the spatial reference of the answer's locations (WGS84 when `nil`).
    /// - Returns: the nearest place with all attributes, or `nil` when none is within the tolerance.
    public func identify(
        at location: Point, tolerance: Double = 25, categories: [String] = [], language: String? = nil,
        outputSpatialReference: SpatialReference? = nil
    ) async throws -> GeocodeResult? {
        guard location.isValid else {
            throw LocatorError.invalidParameter("location is not a valid point: \(location)")
        }
        guard tolerance.isFinite, tolerance >= 0, tolerance <= 50_000 else {
            throw LocatorError.invalidParameter("tolerance must be between 0 and 50000 metres, got \(tolerance)")
        }
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = location
        parameters.addCategories(categories.isEmpty ? ["POI"] : categories)
        parameters.maxResults = 1
        parameters.outputLanguageCode = language
        parameters.outputSpatialReference = outputSpatialReference
        parameters.addResultAttributeName("*")
        let box = Envelope.around(location.projected(to: .wgs84), metres: tolerance)
        parameters.searchArea = Envelope(
            xmin: max(-180, box.xmin), ymin: box.ymin, xmax: min(180, box.xmax), ymax: box.ymax)
        let nearest = try await geocode(forSearchText: "", using: parameters).first
        guard let nearest, let place = nearest.displayLocation, place.distance(to: location) <= tolerance else {
            return nil
        }
        return nearest
    }
}
