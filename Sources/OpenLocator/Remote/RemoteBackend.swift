import Foundation

/// The remote backend: the same API answered by any ArcGIS REST GeocodeServer (the ArcGIS
/// World Geocoding Service, ArcGIS Enterprise, or another OpenLocator running `locator serve`).
///
/// Parameters map to REST as the ArcGIS SDKs do: `preferredSearchLocation` → `location`,
/// `searchArea` → `searchExtent`, `maxResults` → `maxLocations`, `categories` → `category`,
/// `resultAttributeNames` → `outFields`, `outputSpatialReference` → `outSR`, `countryCode` →
/// `sourceCountry`. `minScore` is applied to the answers here.
final class RemoteBackend: LocatorBackend {
    let client: GeocodeServiceClient
    /// The service's batch size, once asked (``geocode(batch:parameters:)``).
    let batchSizeCache = LockedValue<Int>()

    init(url: URL, apiKey: String?, options: RemoteServiceOptions) {
        client = GeocodeServiceClient(serviceURL: url, apiKey: apiKey, options: options)
    }

    func geocode(searchText: String, parameters: GeocodeOptions) async throws -> GeocodeResponse {
        GeocodeResponse(results: try await candidates(Self.request(searchText, parameters), parameters: parameters))
    }

    func geocode(suggestion: SuggestResult, parameters: GeocodeOptions) async throws -> [GeocodeResult] {
        var request = Self.request(suggestion.label, parameters)
        request.magicKey = suggestion.magicKey.isEmpty ? nil : suggestion.magicKey
        return try await candidates(request, parameters: parameters)
    }

    /// The findAddressCandidates request for text and parameters; empty attribute names ask
    /// for the same default fields the embedded gazetteer returns.
    static func request(_ text: String, _ parameters: GeocodeOptions) -> FindAddressCandidatesRequest {
        var request = FindAddressCandidatesRequest()
        request.singleLine = text
        request.categories = parameters.categories
        request.outFields =
            parameters.resultAttributeNames.isEmpty ? ResultAttributes.defaultFields : parameters.resultAttributeNames
        request.maxLocations = parameters.maxResults
        request.outSR = parameters.outputSpatialReference ?? .wgs84
        request.searchExtent = parameters.searchArea
        request.location = parameters.preferredSearchLocation
        request.sourceCountry = parameters.countryCode.flatMap { $0.isEmpty ? nil : $0 }
        request.maxDistance = parameters.maxDistance
        request.langCode = parameters.outputLanguageCode
        request.forStorage = parameters.isForStorage
        request.distance = parameters.preferredSearchLocation == nil ? nil : parameters.preferredSearchRadius
        request.locationType = parameters.locationType == .rooftop ? nil : parameters.locationType
        request.matchOutOfRange = parameters.matchOutOfRange
        return request
    }

    private func candidates(_ request: FindAddressCandidatesRequest, parameters: GeocodeOptions) async throws
        -> [GeocodeResult]
    {
        let response = try await client.send(
            "findAddressCandidates", request.parameters, as: FindAddressCandidatesResponse.self)
        let input = parameters.preferredSearchLocation?.projected(to: response.spatialReference)
        return response.candidates.filter { $0.score >= parameters.minScore ?? 0 }.prefix(parameters.maxResults).map {
            candidate in
            // ArcGIS's X/Y are the street-side point to route to; the location is the display point.
            let x = candidate.attributes.first { $0.key.lowercased() == "x" }?.value.doubleValue
            let y = candidate.attributes.first { $0.key.lowercased() == "y" }?.value.doubleValue
            let route = x.flatMap { x in y.map { Point(x: x, y: $0, spatialReference: response.spatialReference) } }
            return GeocodeResult(
                label: candidate.address, displayLocation: candidate.location, inputLocation: input,
                routeLocation: route ?? candidate.location, score: candidate.score, attributes: candidate.attributes,
                extent: candidate.extent)
        }
    }

    func reverseGeocode(location: Point, parameters: ReverseGeocodeOptions) async throws -> [GeocodeResult] {
        var request = ReverseGeocodeRequest(location: location)
        request.featureTypes = parameters.featureTypes.map(\.rawValue)
        request.outFields = parameters.resultAttributeNames.isEmpty ? ["*"] : parameters.resultAttributeNames
        request.outSR = parameters.outputSpatialReference ?? .wgs84
        request.distance = parameters.maxDistance
        request.langCode = parameters.outputLanguageCode
        request.forStorage = parameters.isForStorage
        request.locationType = parameters.locationType == .rooftop ? nil : parameters.locationType
        let response: ReverseGeocodeResponse
        do {
            response = try await client.send("reverseGeocode", request.parameters, as: ReverseGeocodeResponse.self)
        } catch let error as LocatorError where error.code == .badRequest && error.message.contains("Unable to find") {
            return []  // ArcGIS's way of saying nothing is near
        }
        guard let found = response.location else { return [] }
        let distance = found.distance(to: location)
        guard distance <= parameters.maxDistance else { return [] }
        var attributes = response.address
        let wantsDistance =
            parameters.resultAttributeNames.isEmpty
            || parameters.resultAttributeNames.contains { $0 == "*" || $0.lowercased() == "distance" }
        if wantsDistance, !attributes.keys.contains(where: { $0.lowercased() == "distance" }) {
            attributes["Distance"] = .double((distance * 100).rounded() / 100)
        }
        let label =
            attributes["Match_addr"]?.stringValue ?? attributes["LongLabel"]?.stringValue
            ?? attributes["Address"]?.stringValue ?? ""
        return [
            GeocodeResult(
                label: label, displayLocation: found, inputLocation: location.projected(to: found.spatialReference),
                routeLocation: found, score: 100, attributes: attributes, extent: nil)
        ]
    }

    func suggest(searchText: String, parameters: SuggestOptions) async throws -> [SuggestResult] {
        var request = SuggestRequest(text: searchText)
        request.location = parameters.preferredSearchLocation
        request.categories = parameters.categories
        request.searchExtent = parameters.searchArea
        request.maxSuggestions = parameters.maxResults
        request.countryCode = parameters.countryCode.flatMap { $0.isEmpty ? nil : $0 }
        let response = try await client.send("suggest", request.parameters, as: SuggestResponse.self)
        return Array(response.suggestions.prefix(parameters.maxResults))
    }

    func info() async throws -> LocatorInfo {
        let root = try await client.send("", WireParameters([("f", "json")]), as: ServiceInfoResponse.self)
        var info = LocatorInfo(
            name: root.description.isEmpty ? "GeocodeServer at \(client.hostDescription)" : root.description,
            description: "ArcGIS REST GeocodeServer at \(client.hostDescription)"
                + (root.capabilities.isEmpty ? "" : " (\(root.capabilities.joined(separator: ", ")))"),
            sources: [client.hostDescription], attribution: root.copyright.map { [$0] } ?? [], buildDate: nil,
            categoryCounts: [:], placeCount: root.properties["PlaceCount"].flatMap { Int($0) },
            spatialReference: root.spatialReference)
        info.resultAttributes = root.candidateFields
        info.searchAttributes = root.addressFields
        info.properties = root.properties
        // What the service says of itself (`locator serve` does), else what its fields and
        // categories imply: POI among the categories, an Address field to search by.
        func said(_ name: String) -> Bool? { root.properties[name].map { $0.lowercased() == "true" } }
        let addressed = root.addressFields.contains { $0.name.lowercased() == "address" }
        info.supportsPOI = said("SupportsPOI") ?? root.rootCategories.contains { $0.lowercased() == "poi" }
        info.supportsAddresses = said("SupportsAddresses") ?? addressed
        info.supportsIntersections = said("SupportsIntersections") ?? addressed
        return info
    }
}
