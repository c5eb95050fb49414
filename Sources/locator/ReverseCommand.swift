import Foundation
import OpenLocator

/// `locator reverse`: the address or place at a point (ArcGIS reverseGeocode).
enum ReverseCommand: Command {
    static let name = "reverse"
    static let abstract = "Find the address or place at a point."
    static let spec = CommandLineArguments.Spec(
        options: [
            "feature-types", "max-distance", "max", "format", "gazetteer", "service", "sr", "lang",
            "in-sr",
        ],
        flags: ["intersection"], maxPositionals: 1)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator reverse LAT,LON | X,Y --in-sr 3857 [--feature-types TYPE,...] [--intersection]
                               [--max-distance M] [--max N]
                               [--lang CODE] [--sr WKID] [--format table|json]
                               [--gazetteer PATH | --service URL]

        ARGUMENTS:
          LAT,LON                 The point, in degrees (e.g. 60.1690,24.9410).

        OPTIONS:
          --feature-types TYPES   Comma list of POI, PointAddress, StreetName, Locality, Postal,
                                  StreetInt, StreetAddress, Subaddress.
                                  With POI alone it answers the nearest named place; with
                                  PointAddress alone the nearest address point; with Postal the
                                  nearest postal area within 3 km; with StreetInt the nearest
                                  crossing of two streets. Default: all but StreetInt, in ArcGIS's
                                  order (a POI within 25 m, an address within 50 m, the nearest street, ...).
          --intersection          The nearest street intersection (as --feature-types StreetInt;
                                  ArcGIS returnIntersection=true).
          --max-distance M        How far the answer may be, in metres (default: 100; at most 50000).
          --max N                 How many answers, nearest first (default: 1; table format only).
          --lang CODE             Write names and addresses in this language where the data has
                                  them (sv, en, fi, ...).
          --in-sr WKID            The point in 4326 (LAT,LON, default), 3857 (X,Y in metres) or any
                                  EPSG or ESRI WKID PROJ knows (LAT,LON for 4258, X,Y for 3067...).
          --sr WKID               Output coordinates in 4326 (default), 3857 or any EPSG or ESRI
                                  WKID PROJ knows (3067, 2056, 32633...).
          --format FORMAT         table (default) or json (ArcGIS reverseGeocode response; with
                                  nothing found, ArcGIS's "Unable to find address" error and exit
                                  status 1).
          --gazetteer PATH        Use this gazetteer instead of the default one.
          --service URL           Ask this ArcGIS REST GeocodeServer instead (also LOCATOR_SERVICE);
                                  an API key is read from ARCGIS_API_KEY.
          -h, --help              Show help information.

        EXAMPLES:
          locator reverse 60.1690,24.9410
          locator reverse 60.1690,24.9410 --feature-types PointAddress --format json
          locator reverse 60.1685,24.9415 --intersection

        \(attributionHelp)
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        guard let text = arguments.positionals.first else { throw UsageError("give the point as LAT,LON") }
        let input = try ArgumentValues.inputSpatialReference(arguments)
        let location = try ArgumentValues.point(text, option: "LAT,LON", in: input)
        let parameters = ReverseGeocodeParameters()
        for type in try featureTypes(arguments) { parameters.addFeatureType(type) }
        if arguments.has("intersection") {
            guard arguments.value("feature-types") == nil else {
                throw UsageError("--intersection is --feature-types StreetInt; give one of them")
            }
            parameters.featureTypes = [.streetIntersection]
        }
        if let distance = arguments.value("max-distance") {
            parameters.maxDistance = try ArgumentValues.number(
                distance, option: "--max-distance", range: 0...50_000, unit: "metres")
        }
        if let max = arguments.value("max") {
            parameters.maxResults = try ArgumentValues.integer(
                max, option: "--max", range: 1...GeocodeParameters.maxResultsLimit)
        }
        parameters.outputLanguageCode = try arguments.value("lang").map {
            try ArgumentValues.language($0, option: "--lang")
        }
        let sr = try arguments.value("sr").map { try ArgumentValues.spatialReference($0, option: "--sr") } ?? .wgs84
        parameters.outputSpatialReference = sr
        parameters.addResultAttributeName("*")
        let format = try format(arguments, choices: ["table", "json"])

        let task = try locatorTask(arguments)
        if input == .wgs84 { SwappedCoordinates.warnIfSwapped(location, option: "the point", task: task) }
        let results = try await task.reverseGeocode(forLocation: location, parameters: parameters)
        if format == "json" {
            guard let first = results.first else {
                // ArcGIS's answer is an error object: a script reading it must not take it for an
                // address (exit status 0 would say it is one).
                Output.data(ArcGISResponses.unableToFindAddress.serialized(pretty: true))
                return 1
            }
            Output.data(ArcGISResponses.reverseGeocode(first, spatialReference: sr).serialized(pretty: true))
        } else if results.isEmpty {
            let searched =
                parameters.featureTypes.contains(.postal)
                ? max(parameters.maxDistance, ReverseGeocodeParameters.postalTolerance) : parameters.maxDistance
            Output.data("No address found within \(TableFormatter.formatDistance(searched)) of \(location).")
        } else {
            Output.data(TableFormatter.table(results, showDistance: true, width: Output.tableWidth))
        }
        return 0
    }
}

extension ReverseCommand {
    /// `--feature-types POI,PointAddress,...`, checked.
    static func featureTypes(_ arguments: CommandLineArguments) throws -> [ReverseGeocodeParameters.FeatureType] {
        try (arguments.value("feature-types") ?? "").split(separator: ",").map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard let type = ReverseGeocodeParameters.FeatureType(name: trimmed) else {
                let names = ReverseGeocodeParameters.FeatureType.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown feature type '\(trimmed.prefix(40))'; use \(names)")
            }
            return type
        }
    }
}
