import Foundation

extension LocatorTask {
    /// The most source ids one lookup takes, as Nominatim's `/lookup` does.
    public static let maxLookupIDs = 50

    /// The places with these source ids, in the order given, each once; ids the data does
    /// not hold are left out. A source id says where a place came from: `Source_id` of a
    /// result, "osm:node/123", "osm:way/45", "geonames:658225".
    ///
    /// ```swift
    /// let stockmann = try await task.places(withSourceIDs: ["osm:way/24308451"])
    /// ```
    /// - Throws: ``LocatorError`` `invalidParameter` for more than ``maxLookupIDs`` ids, or on
    ///   a remote service (ArcGIS has no such operation).
    public func places(withSourceIDs ids: [String], using parameters: GeocodeParameters = GeocodeParameters())
        async throws -> [GeocodeResult]
    {
        try placesBlocking(withSourceIDs: ids, using: parameters)
    }

    /// ``places(withSourceIDs:using:)``, on the calling thread.
    package func placesBlocking(withSourceIDs ids: [String], using parameters: GeocodeParameters) throws
        -> [GeocodeResult]
    {
        guard ids.count <= Self.maxLookupIDs else {
            throw LocatorError.invalidParameter(
                "\(ids.count) source ids asked for; at most \(Self.maxLookupIDs) are looked up at once")
        }
        guard let backend = backend as? GazetteerBackend else {
            throw LocatorError.invalidParameter("a lookup by source id needs a gazetteer, not a remote service")
        }
        return try backend.placesNow(sourceIDs: ids, parameters: parameters.validated())
    }
}
