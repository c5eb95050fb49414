import Foundation

extension GazetteerBackend {
    /// The places with these source ids ("osm:node/123", "geonames:658225"), in the order
    /// asked, each once; ids the gazetteer does not hold are skipped. Scored 100, with the
    /// distance from the preferred search location when one is given.
    func placesNow(sourceIDs: [String], parameters: GeocodeOptions) throws -> [GeocodeResult] {
        var seen = Set<String>()
        let wanted = sourceIDs.filter { !$0.isEmpty && seen.insert($0).inserted }
        guard !wanted.isEmpty else { return [] }
        let center = parameters.preferredSearchLocation?.projected(to: .wgs84)
        return try read("lookup") { db, state in
            // One place per id: a source id names one object (the first row, should a file
            // made from overlapping extracts hold it twice).
            let statement = try db.statement("SELECT id FROM places WHERE source = ?1 ORDER BY id LIMIT 1")
            var ids: [Int64] = []
            for source in wanted {
                try statement.forEachRow([.text(source)]) { ids.append($0.int(0)) }
            }
            let candidates = ids.map {
                Candidate(id: $0, longitude: 0, latitude: 0, score: 100, distance: 0, importance: 0)
            }
            let rows = try places(for: candidates, db: db)
            let fields = try ResultAttributes.selectedFields(
                parameters.resultAttributeNames, all: ResultAttributes.candidateFields,
                defaults: ResultAttributes.defaultFields)
            let localizer = PlaceLocalizer(language: parameters.outputLanguageCode, db: db)
            return try ids.compactMap { id in
                guard let place = rows[id] else { return nil }
                return try state.results.result(
                    place, score: 100, distance: center.map { $0.distance(to: place.location) } ?? 0, input: center,
                    outputSpatialReference: parameters.outputSpatialReference ?? .wgs84, fields: fields,
                    localizer: localizer)
            }
        }
    }
}
