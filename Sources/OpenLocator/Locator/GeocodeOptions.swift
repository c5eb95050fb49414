/// The values of a ``GeocodeParameters`` as one call reads them: taken whole when the call
/// starts, so a caller changing the parameters meanwhile (or another task sharing them)
/// cannot change a search in progress. Each field means what the same-named property of
/// ``GeocodeParameters`` says.
struct GeocodeOptions: Sendable, Hashable {
    var preferredSearchLocation: Point?
    var searchArea: Envelope?
    var maxResults = 10
    var minScore: Double?
    var maxDistance: Double?
    var explain = false
    var categories: [String] = []
    var resultAttributeNames: [String] = []
    var outputSpatialReference: SpatialReference?
    var countryCode: String?
    var outputLanguageCode: String?
    var answersInLocalLanguage = false
    var isForStorage = false
    var locationType = GeocodeParameters.LocationType.rooftop
    var matchOutOfRange = true
    var preferredSearchRadius: Double?

    mutating func addCategory(_ name: String) { categories.append(name) }
    mutating func addCategories(_ names: [String]) { categories.append(contentsOf: names) }
    mutating func addResultAttributeName(_ name: String) { resultAttributeNames.append(name) }
    mutating func addResultAttributeNames(_ names: [String]) { resultAttributeNames.append(contentsOf: names) }

    /// Checks every value and throws ``LocatorError`` naming the first bad one.
    func validated() throws -> GeocodeOptions {
        guard (1...GeocodeParameters.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(GeocodeParameters.maxResultsLimit), got \(maxResults)")
        }
        if let minScore, !(minScore.isFinite && (0...100).contains(minScore)) {
            throw LocatorError.invalidParameter("minScore must be between 0 and 100, got \(minScore)")
        }
        if let maxDistance, !(maxDistance.isFinite && maxDistance > 0) {
            throw LocatorError.invalidParameter("maxDistance must be a positive number of metres, got \(maxDistance)")
        }
        if let preferredSearchRadius, !(preferredSearchRadius.isFinite && preferredSearchRadius > 0) {
            throw LocatorError.invalidParameter(
                "preferredSearchRadius must be a positive number of metres, got \(preferredSearchRadius)")
        }
        if let point = preferredSearchLocation, !point.isValid {
            throw LocatorError.invalidParameter("preferredSearchLocation is not a valid location: \(point)")
        }
        try Self.checkLanguage(outputLanguageCode)
        if let area = searchArea, !area.isValid {
            throw LocatorError.invalidParameter(
                "searchArea must have finite edges with xmin <= xmax and ymin <= ymax (in degrees for WGS84)")
        }
        return self
    }

    /// Throws unless `code` is `nil` or reads as a language code.
    static func checkLanguage(_ code: String?) throws {
        if let code, LanguageCode.lookupOrder(code) == nil {
            throw LocatorError.invalidParameter(
                "outputLanguageCode (langCode) must be a language code such as 'sv' or 'en-GB': two or three letters, optionally a region"
            )
        }
    }
}

extension GeocodeParameters.LocationType {
    /// `results` placed as this type says: `.street` moves each display location to its
    /// route location (the street access point, where the data has one).
    func placed(_ results: [GeocodeResult]) -> [GeocodeResult] {
        guard self == .street else { return results }
        return results.map { result in
            var result = result
            if let route = result.routeLocation { result.displayLocation = route }
            return result
        }
    }
}
