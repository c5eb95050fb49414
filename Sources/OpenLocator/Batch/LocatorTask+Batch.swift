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
    func geocodeNow(batch texts: [String], parameters: GeocodeOptions) throws -> [BatchMatch] {
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, texts.count))
        let results = BatchSlots(count: texts.count)
        // The budget and the pinned file of the request are in force on every thread of the batch.
        let budget = WorkBudget.current
        let pin = GazetteerPin.current
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            GazetteerPin.run(pin) {
                WorkBudget.run(budget) { geocodeClaimed(texts, into: results, parameters: parameters) }
            }
        }
        return try results.values()
    }

    /// Geocodes the records this thread claims until none are left, or the budget is spent.
    private func geocodeClaimed(_ texts: [String], into results: BatchSlots, parameters: GeocodeOptions) {
        let budget = WorkBudget.current
        while let index = results.claim()?.lowerBound {  // one at a time
            if let budget, budget.isSpent {
                results.store(.failure(budget.exceeded), at: index)
                continue
            }
            let text = texts[index]
            guard LocatorTask.isSearchable(text) else {
                results.store(.success(BatchMatch(result: nil, status: .unmatched)), at: index)
                continue
            }
            do {
                let ranked = try geocodeNow(searchText: text, parameters: parameters).results
                results.store(.success(BatchMatch(ranked: ranked, minScore: parameters.minScore ?? 0)), at: index)
            } catch let error as LocatorError where error.code == .invalidParameter {
                // A text this search cannot take is an unmatched record, not a failed batch.
                results.store(.success(BatchMatch(result: nil, status: .unmatched)), at: index)
            } catch {
                results.store(.failure(error), at: index)
            }
        }
    }
}
