import Foundation
import OpenLocator

/// `locator identify`: the nearest named place within a tolerance (identify-on-tap).
enum IdentifyCommand: Command {
    static let name = "identify"
    static let abstract = "Name the place at a point, within a tolerance."
    static let spec = CommandLineArguments.Spec(
        options: ["tolerance", "format", "gazetteer", "service", "lang", "in-sr", "sr"], repeatable: ["category"],
        maxPositionals: 1)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator identify LAT,LON | X,Y --in-sr 3857 [--tolerance M] [--category NAME]... [--lang CODE]
                                [--sr WKID] [--format table|json] [--gazetteer PATH | --service URL]

        ARGUMENTS:
          LAT,LON                 The point, in degrees (e.g. 60.1690,24.9410).

        OPTIONS:
          --tolerance M           How far the place may be, in metres (default: 25).
          --category NAME         Only places of this category; repeat for several.
          --lang CODE             Write the name and address in this language where the data has them.
          --in-sr WKID            The point in 4326 (LAT,LON, default), 3857 (X,Y in metres) or any
                                  EPSG or ESRI WKID PROJ knows (LAT,LON for 4258, X,Y for 3067...).
          --sr WKID               Output coordinates (json) in 4326 (default), 3857 or any EPSG or
                                  ESRI WKID PROJ knows (3067, 2056, 32633...).
          --format FORMAT         table (default) or json (an ArcGIS candidate).
          --gazetteer PATH        Use this gazetteer instead of the default one.
          --service URL           Ask this ArcGIS REST GeocodeServer instead (also LOCATOR_SERVICE);
                                  an API key is read from ARCGIS_API_KEY.
          -h, --help              Show help information.

        EXAMPLES:
          locator identify 60.1690,24.9410
          locator identify 60.1690,24.9410 --tolerance 100 --category "Coffee Shop"

        \(attributionHelp)
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        guard let text = arguments.positionals.first else { throw UsageError("give the point as LAT,LON") }
        let input = try ArgumentValues.inputSpatialReference(arguments)
        let location = try ArgumentValues.point(text, option: "LAT,LON", in: input)
        let sr = try arguments.value("sr").map { try ArgumentValues.spatialReference($0, option: "--sr") } ?? .wgs84
        let tolerance =
            try arguments.value("tolerance").map {
                try ArgumentValues.number($0, option: "--tolerance", range: 0...50_000, unit: "metres")
            } ?? 25
        let format = try format(arguments, choices: ["table", "json"])
        let task = try locatorTask(arguments)
        if input == .wgs84 { SwappedCoordinates.warnIfSwapped(location, option: "the point", task: task) }
        let language = try arguments.value("lang").map { try ArgumentValues.language($0, option: "--lang") }
        let place = try await task.identify(
            at: location, tolerance: tolerance, categories: arguments.all("category"), language: language,
            outputSpatialReference: sr)
        if format == "json" {
            Output.data(
                ArcGISResponses.findAddressCandidates(
                    place.map { [$0] } ?? [], spatialReference: sr
                ).serialized(pretty: true))
        } else if let place {
            let name = place.attributeValues["PlaceName"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } ?? "Unknown"
            let address =
                place.attributeValues["Place_addr"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
                ?? "no address provided"
            let distance = place.attributeValues["Distance"]?.doubleValue.map(TableFormatter.formatDistance) ?? ""
            let type = place.attributeValues["Type"]?.stringValue ?? ""
            Output.data("\(name)\n\(address)\n\(type), \(distance) away")
        } else {
            Output.data("No place within \(TableFormatter.formatDistance(tolerance)) of \(location).")
        }
        return 0
    }
}
