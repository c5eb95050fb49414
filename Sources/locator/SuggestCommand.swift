import Foundation
import OpenLocator

/// `locator suggest`: completions for text being typed, with the magic keys that find them.
enum SuggestCommand: Command {
    static let name = "suggest"
    static let abstract = "Suggest places, categories and chains for text being typed."
    static let spec = CommandLineArguments.Spec(
        options: ["near", "max", "within", "within-lonlat", "format", "gazetteer", "service", "country", "in-sr"],
        repeatable: ["category"],
        maxPositionals: 64)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator suggest TEXT [--near LAT,LON] [--category NAME]... [--max N]
                               [--within MINLAT,MINLON,MAXLAT,MAXLON] [--country CODE]
                               [--in-sr WKID] [--format table|json] [--gazetteer PATH | --service URL]

        ARGUMENTS:
          TEXT                    The start of a name, address or category, 2 characters or more
                                  ("sto", "Mannerheimin", "coff").

        OPTIONS:
          --near LAT,LON          Suggest places near this point first.
          --category NAME         Only places of this category; repeat for several.
          --max N                 How many suggestions, 1 to 15 (default: 5).
          --within MINLAT,MINLON,MAXLAT,MAXLON
                                  Only places inside this box, latitude first like every point.
          --within-lonlat MINLON,MINLAT,MAXLON,MAXLAT
                                  The same box longitude first (GeoJSON's bbox order).
          --country CODE          Only places in this country (FI, FIN or Finland).
          --in-sr WKID            --near and --within in 4326 (degrees, default), 3857 (metres) or
                                  any EPSG or ESRI WKID PROJ knows (LAT,LON for 4258, X,Y for 3067).
          --format FORMAT         table (default) or json (ArcGIS suggest).
          --gazetteer PATH        Search this gazetteer instead of the default one.
          --service URL           Ask this ArcGIS REST GeocodeServer instead (also LOCATOR_SERVICE);
                                  an API key is read from ARCGIS_API_KEY.
          -h, --help              Show help information.

        A suggestion's magic key finds it again: locator find TEXT --magic-key KEY.

        EXAMPLES:
          locator suggest sto --near 60.1699,24.9384
          locator suggest "coff" --format json

        \(attributionHelp)
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("give TEXT to complete, such as 'sto' or 'coff'")
        }
        let parameters = SuggestParameters()
        let input = try ArgumentValues.inputSpatialReference(arguments)
        parameters.preferredSearchLocation = try arguments.value("near").map {
            try ArgumentValues.point($0, option: "--near", in: input)
        }
        if let max = arguments.value("max") {
            parameters.maxResults = try ArgumentValues.integer(
                max, option: "--max", range: 1...SuggestParameters.maxResultsLimit)
        }
        parameters.searchArea = try ArgumentValues.searchArea(arguments, in: input)
        parameters.countryCode = arguments.value("country")
        parameters.categories = arguments.all("category")
        let format = try format(arguments, choices: ["table", "json"])
        let task = try locatorTask(arguments)
        if input == .wgs84, let near = parameters.preferredSearchLocation {
            SwappedCoordinates.warnIfSwapped(near, option: "--near", task: task)
        }
        let suggestions = try await task.suggest(forSearchText: text, parameters: parameters)
        switch format {
        case "json": Output.data(ArcGISResponses.suggest(suggestions).serialized(pretty: true))
        default:
            guard !suggestions.isEmpty else {
                Output.data("No suggestions for '\(text.prefix(80))'.")
                return 0
            }
            var rows = [["#", "Suggestion", "Kind", "Magic key"]]
            for (index, suggestion) in suggestions.enumerated() {
                rows.append([
                    String(index + 1), suggestion.label, suggestion.isCollection ? "collection" : "place",
                    suggestion.magicKey,
                ])
            }
            Output.data(TableFormatter.aligned(rows, width: Output.tableWidth))
        }
        return 0
    }
}
