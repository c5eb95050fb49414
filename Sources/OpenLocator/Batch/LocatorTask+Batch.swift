import Foundation

extension LocatorTask {
    /// Geocodes many addresses, one best match each, in the order given.
    ///
    /// On a gazetteer the work is spread over every core; on a remote GeocodeServer the texts
    /// go as `geocodeAddresses` requests of the service's `SuggestedBatchSize`. A text that
    /// cannot be searched (empty, or longer than ``maxSearchTextLength``) is unmatched, never
    /// a failed batch. `maxResults` is ignored (two are compared to tell a tie); `minScore`
    /// makes weaker matches unmatched.
    ///
    /// ```swift
    /// let parameters = GeocodeParameters()
    /// parameters.preferredSearchLocation = Point(latitude: 60.17, longitude: 24.94)
    /// let matches = try await task.geocode(batch: addresses, using: parameters)
    /// ```
    /// - Throws: ``LocatorError`` `invalidParameter` for parameters that are wrong, among them
    ///   an unknown category, country or result attribute.
    public func geocode(batch texts: [String], using parameters: GeocodeParameters = GeocodeParameters())
        async throws -> [BatchMatch]
    {
        try Task.checkCancellation()
        return try await backend.geocode(batch: texts, parameters: Self.batchParameters(parameters))
    }

    /// ``geocode(batch:using:)`` on the calling thread, for `locator serve`'s workers.
    package func geocodeBlocking(batch texts: [String], using parameters: GeocodeParameters) throws -> [BatchMatch] {
        try gazetteer().geocodeNow(batch: texts, parameters: Self.batchParameters(parameters))
    }

    /// The parameters every batch search uses: checked, two results (to tell a tie), and all
    /// fields unless some are named.
    private static func batchParameters(_ parameters: GeocodeParameters) throws -> GeocodeOptions {
        var parameters = try parameters.validated()
        parameters.maxResults = 2
        if parameters.resultAttributeNames.isEmpty { parameters.addResultAttributeName("*") }
        return parameters
    }

    /// Whether a text can be searched at all: not blank, not too long.
    static func isSearchable(_ text: String) -> Bool {
        !text.trimmedSpaces.isEmpty && (try? checkLength(text)) != nil
    }
}

extension GazetteerBackend {
    func geocode(batch texts: [String], parameters: GeocodeOptions) async throws -> [BatchMatch] {
        // The work is synchronous: run it on threads of its own, not the cooperative pool.
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                continuation.resume(with: Result { try self.geocodeNow(batch: texts, parameters: parameters) })
            }
        }
    }

    /// Geocodes each text on as many threads as there are cores, results in input order.
    /// - Throws: ``LocatorError`` `invalidParameter` for a category, country or result
    ///   attribute it does not know: the batch's mistake, not every record's.
    func geocodeNow(batch texts: [String], parameters: GeocodeOptions) throws -> [BatchMatch] {
        _ = try searchFilter(
            categories: parameters.categories, area: parameters.searchArea, countryCode: parameters.countryCode,
            state: try state())
        _ = try ResultAttributes.selectedFields(
            parameters.resultAttributeNames, all: ResultAttributes.candidateFields,
            defaults: ResultAttributes.defaultFields)
        return try EveryCore.map(texts.count, chunk: 1) { range in
            try range.map { try geocodeMatch(texts[$0], parameters: parameters) }
        }
    }

    /// The best match of one record of a batch; a text this search cannot take is unmatched,
    /// not a failed batch.
    private func geocodeMatch(_ text: String, parameters: GeocodeOptions) throws -> BatchMatch {
        guard LocatorTask.isSearchable(text) else { return BatchMatch(result: nil, status: .unmatched) }
        do {
            let ranked = try geocodeNow(searchText: text, parameters: parameters).results
            return BatchMatch(ranked: ranked, minScore: parameters.minScore ?? 0)
        } catch let error as LocatorError where error.code == .invalidParameter {
            return BatchMatch(result: nil, status: .unmatched)
        }
    }
}
