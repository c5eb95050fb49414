import Foundation
import Testing

@testable import OpenLocator

/// A real router takes our stops: Routino (Debian's `routino`, which `.ci/run` installs) reads
/// the same Helsinki extract with `planetsplitter` and routes on foot from the centre to the
/// nearest result of each of the seed's five categories, ending at its access point. Its
/// programs are run; nothing of Routino is linked into OpenLocator.
@Suite struct RoutinoTests {
    /// The routing database, made once from the extract.
    static let database = Result { () throws -> URL in
        let folder = try Fixtures.temporaryDirectory()
        let split = try run(
            "/usr/bin/planetsplitter",
            ["--dir=\(folder.path)", "--tagging=/usr/share/routino/tagging.xml", Fixtures.helsinkiPBF.path])
        guard split.status == 0 else { throw LocatorError(.buildFailed, "planetsplitter: \(split.output.suffix(300))") }
        return folder
    }

    static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// One row of Routino's text output: where, what kind of point, and the totals so far.
    struct RoutePoint {
        var latitude, longitude: Double
        var totalKilometres: Double
        var type: String
    }

    /// Routes on foot, shortest, from `start` to `stop`; the rows of `--output-text`.
    static func route(from start: Point, to stop: Point) throws -> [RoutePoint] {
        let result = try run(
            "/usr/bin/routino-router",
            [
                "--dir=\(try database.get().path)", "--profiles=/usr/share/routino/profiles.xml",
                "--transport=foot", "--shortest", "--output-text", "--output-stdout", "--quiet",
                "--lat1=\(start.latitude)", "--lon1=\(start.longitude)", "--lat2=\(stop.latitude)",
                "--lon2=\(stop.longitude)",
            ])
        #expect(result.status == 0, "\(result.output.suffix(300))")
        return result.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let fields = line.split(separator: "\t").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count >= 7, let lat = Double(fields[0]), let lon = Double(fields[1]),
                let total = Double(fields[4].split(separator: " ").first ?? "")
            else { return nil }
            return RoutePoint(latitude: lat, longitude: lon, totalKilometres: total, type: fields[6])
        }
    }

    /// Whether the extract has any `amenity=fuel` node or way.
    static let extractHasFuel: Bool = {
        var found = false
        try? OSMPBFReader(contentsOf: Fixtures.helsinkiPBF).forEach { element in
            switch element {
            case .node(let node): found = found || node.tags["amenity"] == "fuel"
            case .way(let way): found = found || way.tags["amenity"] == "fuel"
            case .relation(let relation): found = found || relation.tags["amenity"] == "fuel"
            }
        }
        return found
    }()

    @Test(arguments: ["coffee shop", "gas station", "food", "hotel", "parks"])
    func routinoRoutesToTheNearestOfEachCategory(category: String) async throws {
        let parameters = GeocodeParameters()
        parameters.preferredSearchLocation = Fixtures.helsinkiCentre
        parameters.maxResults = 1
        parameters.addResultAttributeName("*")
        let response = try await Fixtures.task().geocodeResponse(forSearchText: category, using: parameters)
        guard let found = response.results.first else {
            // Only where the extract has none (it has no fuel station: checked in its own
            // elements), and then the answer says where the data is.
            #expect(category == "gas station" && !Self.extractHasFuel, "\(category): nothing found")
            #expect(response.coverage != nil, "\(category): an empty answer says where the data is")
            return
        }
        let stop = try #require(Stop(found))
        let route = try Self.route(from: Fixtures.helsinkiCentre, to: stop.routeLocation)
        let end = try #require(route.last, "\(category): no route")
        #expect(end.type == "Waypt#2", "\(category): \(end.type)")
        // The route ends where we said to go: the access point, on a street Routino knows.
        let arrival = Point(latitude: end.latitude, longitude: end.longitude)
        #expect(
            arrival.distance(to: stop.routeLocation) <= 5, "\(category): ends \(arrival), stop \(stop.routeLocation)")
        // And its length is a walk to the place, not across town: within 3 times the straight line (and 300 m).
        let straight = Fixtures.helsinkiCentre.distance(to: stop.routeLocation)
        #expect(end.totalKilometres * 1000 <= max(300, 3 * straight), "\(category): \(end.totalKilometres) km")
    }
}
