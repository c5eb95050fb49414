/// Geocoding on the gazetteer: a ``ForwardGeocoder`` per text, inside one read.
extension GazetteerBackend {
    func geocode(searchText: String, parameters: GeocodeOptions) async throws -> GeocodeResponse {
        try geocodeNow(searchText: searchText, parameters: parameters)
    }

    func geocodeNow(searchText: String, parameters: GeocodeOptions) throws -> GeocodeResponse {
        try read("geocode") { db, state in
            try ForwardGeocoder(backend: self, db: db, state: state, parameters: parameters).geocode(searchText)
        }
    }

    /// The parts of `ranges` that also lie in `filter` (all of them when there is no filter).
    static func intersect(_ ranges: [ClosedRange<Int>], with filter: [ClosedRange<Int>]?) -> [ClosedRange<Int>] {
        guard let filter else { return ranges }
        return ranges.flatMap { range in
            filter.compactMap { f in
                range.overlaps(f) ? max(range.lowerBound, f.lowerBound)...min(range.upperBound, f.upperBound) : nil
            }
        }
    }
}
