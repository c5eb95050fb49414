/// The values of a ``SuggestParameters`` as one call reads them (see ``GeocodeOptions``);
/// each field means what the same-named property there says.
struct SuggestOptions: Sendable, Hashable {
    var preferredSearchLocation: Point?
    var searchArea: Envelope?
    var maxResults = 5
    var categories: [String] = []
    var countryCode: String?

    /// Checks every value and throws ``LocatorError`` naming the first bad one.
    func validated() throws -> SuggestOptions {
        guard (1...SuggestParameters.maxResultsLimit).contains(maxResults) else {
            throw LocatorError.invalidParameter(
                "maxResults must be between 1 and \(SuggestParameters.maxResultsLimit), got \(maxResults)")
        }
        if let point = preferredSearchLocation, !point.isValid {
            throw LocatorError.invalidParameter("preferredSearchLocation is not a valid location: \(point)")
        }
        if let area = searchArea, !area.isValid {
            throw LocatorError.invalidParameter(
                "searchArea must have finite edges with xmin <= xmax and ymin <= ymax (in degrees for WGS84)")
        }
        return self
    }

    /// The geocode options a suggestion's filters carry over to.
    var geocodeOptions: GeocodeOptions {
        var options = GeocodeOptions()
        options.preferredSearchLocation = preferredSearchLocation
        options.searchArea = searchArea
        options.countryCode = countryCode
        options.addCategories(categories)
        return options
    }
}
