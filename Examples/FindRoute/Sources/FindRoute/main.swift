// The Find a route tutorial with OpenLocator and Routino: the nearest coffee shop to a point,
// then the walk there and its directions. OpenLocator finds the place and its access point on
// the street; Routino (Debian's `routino`) routes, from the same OSM extract.
//
//     swift run --package-path Examples/FindRoute FindRoute [LAT,LON]
import Foundation
import OpenLocator

let arguments = CommandLine.arguments.dropFirst()
let numbers = (arguments.first ?? "60.1699,24.9384").split(separator: ",").compactMap { Double($0) }
guard numbers.count == 2 else {
    print("usage: FindRoute [LAT,LON]")
    exit(64)
}
let start = Point(latitude: numbers[0], longitude: numbers[1])

// 1. The nearest coffee shop, as the Find places tutorial asks for it.
let parameters = GeocodeParameters()
parameters.preferredSearchLocation = start
parameters.addResultAttributeNames(["PlaceName", "Place_addr", "Distance", "Side"])
parameters.maxResults = 1
let task = LocatorTask(gazetteer: try DefaultGazetteer.url())
let response = try await task.geocodeResponse(forSearchText: "coffee shop", using: parameters)
guard let cafe = response.results.first, let stop = Stop(cafe) else {
    print(response.coverage?.summary ?? "No coffee shop found.")
    exit(1)
}
let address = cafe.attributes["Place_addr"] as? String ?? "no address provided"
print("Nearest coffee shop: \(stop.name), \(address)")
print(String(format: "  the place at %.6f, %.6f", stop.displayLocation.latitude, stop.displayLocation.longitude))
print(
    String(
        format: "  its access point at %.6f, %.6f (side %@)", stop.routeLocation.latitude,
        stop.routeLocation.longitude, stop.side.isEmpty ? "-" : stop.side))

// 2. The route: Routino's database from the same extract, then a walk to the access point.
func run(_ program: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw NSError(
            domain: program, code: Int(process.terminationStatus), userInfo: [NSLocalizedDescriptionKey: output])
    }
    return output
}
// (A folder of this run's own: two runs at once must not write one database.)
let database = FileManager.default.temporaryDirectory.appendingPathComponent("findroute-routino-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: database, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: database) }
let extract = DefaultGazetteer.dataDirectory.appendingPathComponent("sources/Helsinki.osm.pbf")
_ = try run(
    "/usr/bin/planetsplitter", ["--dir=\(database.path)", "--tagging=/usr/share/routino/tagging.xml", extract.path])
let html = try run(
    "/usr/bin/routino-router",
    [
        "--dir=\(database.path)", "--profiles=/usr/share/routino/profiles.xml", "--transport=foot", "--shortest",
        "--output-html", "--output-stdout", "--quiet", "--lat1=\(start.latitude)", "--lon1=\(start.longitude)",
        "--lat2=\(stop.routeLocation.latitude)", "--lon2=\(stop.routeLocation.longitude)",
    ])

// 3. The directions: Routino's instructions, one a line, tags taken out.
let text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    .replacingOccurrences(of: "&nbsp;", with: " ")
let instructions = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
    .filter { line in ["Start at", "Follow", "At ", "Stop at", "Total"].contains { line.hasPrefix($0) } }
print("Route (on foot, shortest, by Routino):")
for line in instructions { print("  \(line)") }
