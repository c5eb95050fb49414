/// The values of a ``ReverseGeocodeParameters`` as one call reads them (see
/// ``GeocodeOptions``); each field means what the same-named property there says.
struct ReverseGeocodeOptions: Sendable, Hashable {
    var featureTypes: [ReverseGeocodeParameters.FeatureType] = []
    var maxDistance: Double = 100
    var maxResults = 1
    var resultAttributeNames: [String] = []
    var outputSpatialReference: SpatialReference?
    var outputLanguageCode: String?
    var isForStorage = false
    var locationType = GeocodeParameters.LocationType.rooftop

    /// Checks every value and throws ``LocatorError`` naming the first bad one.
    func validated() throws -> ReverseGeocodeOptions {
        guard maxDistance.isFinite, maxDistance >= 0, maxDistance <= 50_000 else {
            throw LocatorError.invalidParameter("maxDistance must be between 0 and 50000 metres, got \(maxDistance)")
        }
        try GeocodeOptions.checkLanguage(outputLanguageCode)
        guard (1...GeocodeParameters.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(GeocodeParameters.maxResultsLimit), got \(maxResults)")
        }
        return self
    }
}
