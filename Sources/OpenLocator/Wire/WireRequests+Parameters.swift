/// What a GeocodeServer request asks a locator for: the same mapping as ``RemoteBackend``
/// uses to send, read backwards, for a server answering from its own ``LocatorTask``.
extension FindAddressCandidatesRequest {
    /// The request as geocode parameters; `maxLocations` defaults to the service limit (50).
    package var geocodeParameters: GeocodeParameters {
        let parameters = GeocodeParameters()
        parameters.addCategories(categories)
        parameters.addResultAttributeNames(outFields)
        parameters.maxResults = maxLocations ?? GeocodeParameters.maxResultsLimit
        parameters.outputSpatialReference = outSR
        parameters.searchArea = searchExtent
        parameters.preferredSearchLocation = location
        parameters.countryCode = sourceCountry
        parameters.maxDistance = maxDistance
        parameters.outputLanguageCode = langCode
        parameters.isForStorage = forStorage
        parameters.preferredSearchRadius = distance
        parameters.locationType = locationType ?? .rooftop
        parameters.matchOutOfRange = matchOutOfRange
        return parameters
    }
}

extension GeocodeAddressesRequest {
    /// The request as the parameters of a batch (every field unless `outFields` names some).
    package var geocodeParameters: GeocodeParameters {
        let parameters = GeocodeParameters()
        parameters.addCategories(categories)
        parameters.addResultAttributeNames(outFields)
        parameters.outputSpatialReference = outSR
        parameters.searchArea = searchExtent
        parameters.countryCode = sourceCountry
        parameters.preferredSearchLocation = location
        parameters.outputLanguageCode = langCode
        parameters.isForStorage = forStorage
        parameters.locationType = locationType ?? .rooftop
        parameters.matchOutOfRange = matchOutOfRange
        return parameters
    }
}

extension ReverseGeocodeRequest {
    /// The request as reverse-geocode parameters; unknown feature types are an error, and
    /// `returnIntersection=true` asks for the nearest intersection whatever `featureTypes` says.
    package func reverseParameters() throws -> ReverseGeocodeParameters {
        let parameters = ReverseGeocodeParameters()
        for name in featureTypes {
            guard let type = ReverseGeocodeParameters.FeatureType(name: name) else {
                let names = ReverseGeocodeParameters.FeatureType.allCases.map(\.rawValue).joined(separator: ", ")
                throw LocatorError.invalidParameter("unknown featureTypes value '\(name.prefix(40))'; use \(names)")
            }
            parameters.addFeatureType(type)
        }
        if returnIntersection { parameters.featureTypes = [.streetIntersection] }
        parameters.locationType = locationType ?? .rooftop
        parameters.addResultAttributeNames(outFields)
        parameters.outputSpatialReference = outSR
        if let distance { parameters.maxDistance = distance }
        parameters.outputLanguageCode = langCode
        parameters.isForStorage = forStorage
        return parameters
    }
}

extension SuggestRequest {
    /// The request as suggest parameters.
    package var suggestParameters: SuggestParameters {
        let parameters = SuggestParameters()
        parameters.preferredSearchLocation = location
        parameters.categories = categories
        parameters.searchArea = searchExtent
        parameters.maxResults = maxSuggestions ?? 5
        parameters.countryCode = countryCode
        return parameters
    }
}
