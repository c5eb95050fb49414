import Foundation

@testable import OpenLocator

/// A GeoNames file read whole, as a build streams it (companion tables beside it first).
struct GeoNamesFile {
    var places: [PlaceRecord] = []
    var summary: SourceSummary?

    static func read(_ url: URL) throws -> GeoNamesFile {
        var importer = GeoNamesImporter()
        try importer.readCompanions(among: [url])
        var reader = try importer.placeReader(for: url)
        var file = GeoNamesFile()
        while let place = try reader.next() { file.places.append(place) }
        file.summary = reader.summary
        return file
    }
}
