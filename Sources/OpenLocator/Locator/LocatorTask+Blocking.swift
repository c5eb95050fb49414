import Foundation

/// Synchronous calls for `locator serve`'s worker threads, on the embedded gazetteer only.
///
/// A server thread waiting on Swift concurrency can starve the cooperative thread pool (two
/// threads on two cores) when other code blocks it too; the gazetteer's work is synchronous
/// underneath, so the server calls it directly and keeps no task waiting.
extension LocatorTask {
    func gazetteer() throws -> GazetteerBackend {
        guard let backend = backend as? GazetteerBackend else {
            throw LocatorError(.invalidParameter, "blocking calls need a gazetteer, not a remote service")
        }
        return backend
    }

    /// ``geocode(forSearchText:using:)``, on the calling thread.
    package func geocodeBlocking(forSearchText text: String, using parameters: GeocodeParameters) throws
        -> [GeocodeResult]
    {
        try geocodeResponseBlocking(forSearchText: text, using: parameters).results
    }

    /// ``geocodeResponse(forSearchText:using:)``, on the calling thread.
    package func geocodeResponseBlocking(forSearchText text: String, using parameters: GeocodeParameters) throws
        -> GeocodeResponse
    {
        try Self.checkLength(text)
        return try gazetteer().geocodeNow(searchText: text, parameters: parameters.validated())
    }

    /// ``geocode(forSuggestResult:using:)``, on the calling thread.
    package func geocodeBlocking(forSuggestResult suggestion: SuggestResult, using parameters: GeocodeParameters)
        throws -> [GeocodeResult]
    {
        try Self.checkLength(suggestion.label)
        return try gazetteer().geocodeNow(suggestion: suggestion, parameters: parameters.validated())
    }

    /// ``reverseGeocode(forLocation:parameters:)``, on the calling thread.
    package func reverseGeocodeBlocking(forLocation location: Point, parameters: ReverseGeocodeParameters) throws
        -> [GeocodeResult]
    {
        guard location.isValid else {
            throw LocatorError.invalidParameter("location is not a valid point: \(location)")
        }
        return try gazetteer().reverseGeocodeNow(location: location, parameters: parameters.validated())
    }

    /// Swaps in a new gazetteer renamed over this task's file since it was opened (see
    /// ``GazetteerPin`` for answers wholly from one file); false when there is none.
    package func reloadGazetteerIfReplaced() throws -> Bool {
        try gazetteer().reloadIfReplaced()
    }

    /// The streets inside `box` to draw at map zoom `zoom` (pieces shorter than a pixel or
    /// two are left out), at most `limit` pieces; see ``StreetLines``.
    package func streetLinesBlocking(in box: Envelope, zoom: Int, limit: Int) throws -> StreetLines {
        // A 256-pixel tile spans 40,075 km at zoom 0; two pixels at this zoom and latitude.
        let metresPerPixel = 40_075_016.7 / 256 / pow(2, Double(zoom)) * cos(box.center.y * .pi / 180)
        return try gazetteer().streetLines(in: box, minLength: 2 * metresPerPixel, limit: limit)
    }

    /// The `limit` most populous towns inside `box`, to label the map; see ``MapTown``.
    package func townsBlocking(in box: Envelope, limit: Int) throws -> [MapTown] {
        try gazetteer().towns(in: box, limit: limit)
    }

    /// ``locatorInfo``, on the calling thread.
    package func locatorInfoBlocking() throws -> LocatorInfo { try gazetteer().infoNow() }

    /// ``suggest(forSearchText:parameters:)``, on the calling thread.
    package func suggestBlocking(forSearchText text: String, parameters: SuggestParameters) throws -> [SuggestResult] {
        try Self.checkLength(text)
        return try gazetteer().suggestNow(searchText: text, parameters: parameters.validated())
    }
}
