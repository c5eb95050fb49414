import Foundation

/// Batch geocoding against a GeocodeServer: `geocodeAddresses` requests of the service's
/// `SuggestedBatchSize` (150 when it does not say), matched back to the input by `ResultID`.
extension RemoteBackend {
    func geocode(batch texts: [String], parameters: GeocodeOptions) async throws -> [BatchMatch] {
        let size = try await batchSize()
        var matches = Array(repeating: BatchMatch(result: nil, status: .unmatched), count: texts.count)
        let searchable = texts.indices.filter { LocatorTask.isSearchable(texts[$0]) }
        for start in stride(from: 0, to: searchable.count, by: size) {
            try Task.checkCancellation()
            let indices = searchable[start..<min(searchable.count, start + size)]
            var request = GeocodeAddressesRequest(records: indices.map { .init(id: $0 + 1, text: texts[$0]) })
            request.categories = parameters.categories
            // Status tells matched from tied; ask for it whatever else is asked.
            request.outFields =
                parameters.resultAttributeNames.contains("*") || parameters.resultAttributeNames.isEmpty
                ? parameters.resultAttributeNames : parameters.resultAttributeNames + ["Status"]
            request.outSR = parameters.outputSpatialReference ?? .wgs84
            request.searchExtent = parameters.searchArea
            request.sourceCountry = parameters.countryCode.flatMap { $0.isEmpty ? nil : $0 }
            request.location = parameters.preferredSearchLocation
            request.langCode = parameters.outputLanguageCode
            request.forStorage = parameters.isForStorage
            let response = try await client.send(
                "geocodeAddresses", request.parameters, as: GeocodeAddressesResponse.self)
            for location in response.locations {
                guard
                    let id = location.attributes.first(where: { $0.key.lowercased() == "resultid" })?.value.doubleValue,
                    let index = Int(exactly: id).map({ $0 - 1 }), indices.contains(index)
                else { continue }
                let status = BatchMatch.Status(
                    code: location.attributes.first { $0.key.lowercased() == "status" }?.value.stringValue ?? "")
                guard status != .unmatched, location.location != nil, location.score >= parameters.minScore ?? 0 else {
                    continue
                }
                let result = GeocodeResult(
                    label: location.address, displayLocation: location.location, inputLocation: nil,
                    routeLocation: location.location, score: location.score, attributes: location.attributes,
                    extent: location.extent)
                matches[index] = BatchMatch(result: result, status: status)
            }
        }
        return matches
    }

    /// The service's `SuggestedBatchSize` (within its `MaxBatchSize` and 1,000; 150 when it
    /// does not say), asked once.
    private func batchSize() async throws -> Int {
        if let known = batchSizeCache.value { return known }
        let info = try await client.send("", WireParameters([("f", "json")]), as: ServiceInfoResponse.self)
        let size = max(1, min(info.suggestedBatchSize ?? 150, info.maxBatchSize ?? 1000, 1000))
        batchSizeCache.value = size
        return size
    }
}

/// A value set once and read from any thread. `@unchecked Sendable`: guarded by `lock`.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Batch reverse geocoding against a GeocodeServer, which has no batch operation for it: a
/// `reverseGeocode` request per point, ``reverseRequestsInFlight`` at a time.
extension RemoteBackend {
    static let reverseRequestsInFlight = 4

    func reverseGeocode(batch locations: [Point], parameters: ReverseGeocodeOptions) async throws -> [BatchMatch] {
        var matches = Array(repeating: BatchMatch(result: nil, status: .unmatched), count: locations.count)
        let valid = locations.indices.filter { locations[$0].isValid }
        try await withThrowingTaskGroup(of: (Int, GeocodeResult?).self) { group in
            var pending = valid.makeIterator()
            func startNext() {
                guard let index = pending.next() else { return }
                group.addTask {
                    (index, try await self.reverseGeocode(location: locations[index], parameters: parameters).first)
                }
            }
            for _ in 0..<Self.reverseRequestsInFlight { startNext() }
            while let (index, result) = try await group.next() {
                // The service's Distance, else measured from where the answer is.
                let distance =
                    result?.attributeValues["Distance"]?.doubleValue
                    ?? result?.displayLocation.map { $0.distance(to: locations[index]) }
                matches[index] = BatchMatch(result: result, status: .matched, distance: distance)
                startNext()
            }
        }
        return matches
    }
}
