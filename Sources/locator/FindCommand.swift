import Foundation
import OpenLocator

/// `locator find`: places by category, name or address, nearest first with `--near`.
enum FindCommand: Command {
    static let name = "find"
    static let abstract = "Find places by category, name or address."
    static let spec = CommandLineArguments.Spec(
        options: [
            "near", "max", "within", "within-lonlat", "format", "gazetteer", "service", "min-score", "country", "sr",
            "magic-key",
            "max-distance", "lang", "in-sr",
        ],
        repeatable: ["category"], flags: ["explain"], maxPositionals: 64)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator find [TEXT] [--near LAT,LON] [--category NAME]... [--max N]
                            [--within MINLAT,MINLON,MAXLAT,MAXLON] [--min-score S] [--country CODE]
                            [--max-distance D] [--lang CODE] [--in-sr WKID] [--sr WKID]
                            [--format table|json|geojson|stops|stops-geojson|gpx|osrm|valhalla|graphhopper]
                            [--gazetteer PATH | --service URL] [--magic-key KEY] [--explain]

        ARGUMENTS:
          TEXT                    A category ("coffee shop", "gas station", "food", "hotel", "parks"),
                                  a name ("Stockmann"), a place with its region or country
                                  ("Rochester, MN", "Hamilton, New Zealand") or an address
                                  ("Mannerheimintie 10, Helsinki"). May be left out when --category
                                  is given.

        OPTIONS:
          --near LAT,LON          Rank by distance from this point; Distance is measured from it.
          --category NAME         Only places of this category (any level: "Coffee Shop", "Food",
                                  "Parks and Outdoors"); repeat for several.
          --max N                 How many results, 1 to 50 (default: 10).
          --within MINLAT,MINLON,MAXLAT,MAXLON
                                  Only places inside this box, latitude first like every point
                                  (south, west, north, east).
          --within-lonlat MINLON,MINLAT,MAXLON,MAXLAT
                                  The same box longitude first, as GeoJSON's bbox and ArcGIS's
                                  searchExtent write it.
          --min-score S           Drop results scoring below S, 0 to 100 (default: 50; 0 keeps every
                                  candidate, junk included).
          --country CODE          Only places in this country (FI, FIN or Finland).
          --max-distance D        How far from --near (or the place of "cafes in Kamppi") a category
                                  search looks, in metres or as 50km (default: 50km).
          --lang CODE             Write names and addresses in this language where the data has
                                  them (sv, en, fi, ...); the place's own name otherwise.
          --in-sr WKID            --near and --within in 4326 (LAT,LON degrees, default), 3857
                                  (X,Y and XMIN,YMIN,XMAX,YMAX in Web Mercator metres) or any EPSG
                                  or ESRI WKID PROJ knows (LAT,LON for 4258, X,Y for 3067...).
          --sr WKID               Output coordinates in 4326 (WGS84, default), 3857 (Web Mercator)
                                  or any EPSG or ESRI WKID PROJ knows (3067, 2056, 32633...), in
                                  every format but geojson and the WGS84-only router formats:
                                  GeoJSON takes 3857 (named in its crs member), else stays WGS84.
          --format FORMAT         table (default), json (ArcGIS findAddressCandidates) or geojson; or
                                  the results as stops for a router, at their access points on the
                                  street: stops (an ArcGIS Route stops FeatureSet, in --sr),
                                  stops-geojson, gpx (waypoints), osrm (lon,lat;… coordinates),
                                  valhalla (locations JSON) or graphhopper (points JSON).
          --gazetteer PATH        Search this gazetteer instead of the default one.
          --service URL           Ask this ArcGIS REST GeocodeServer instead (also LOCATOR_SERVICE);
                                  an API key is read from ARCGIS_API_KEY.
          --magic-key KEY         Find the suggestion TEXT with this key from 'locator suggest'.
          --explain               Print how the text was read and why the first result won (stderr).
          -h, --help              Show help information.

        EXAMPLES:
          locator find "coffee shop" --near 60.1699,24.9384
          locator find --category Hotel --near 60.1699,24.9384 --max 3 --format json
          locator find "Mannerheimintie 10, Helsinki"
          locator find Helsinki --lang sv

        \(attributionHelp)
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let text = arguments.positionals.joined(separator: " ")
        let parameters = GeocodeParameters()
        try ArgumentValues.addCategories(arguments.all("category"), to: parameters)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty || !parameters.categories.isEmpty else {
            throw UsageError("give TEXT to search for, or --category NAME")
        }
        let input = try ArgumentValues.inputSpatialReference(arguments)
        let near = try arguments.value("near").map { try ArgumentValues.point($0, option: "--near", in: input) }
        parameters.preferredSearchLocation = near
        if let max = arguments.value("max") {
            parameters.maxResults = try ArgumentValues.integer(
                max, option: "--max", range: 1...GeocodeParameters.maxResultsLimit)
        }
        parameters.searchArea = try ArgumentValues.searchArea(arguments, in: input)
        if let minScore = arguments.value("min-score") {
            parameters.minScore = try ArgumentValues.number(minScore, option: "--min-score", range: 0...100)
        }
        parameters.countryCode = arguments.value("country")
        if let maxDistance = arguments.value("max-distance") {
            parameters.maxDistance = try ArgumentValues.distance(
                maxDistance, option: "--max-distance", range: 1...20_038_000)
        }
        parameters.outputLanguageCode = try arguments.value("lang").map {
            try ArgumentValues.language($0, option: "--lang")
        }
        parameters.explain = arguments.has("explain")
        let sr = try arguments.value("sr").map { try ArgumentValues.spatialReference($0, option: "--sr") } ?? .wgs84
        parameters.outputSpatialReference = sr
        parameters.addResultAttributeName("*")
        let format = try format(
            arguments,
            choices: ["table", "json", "geojson", "stops", "stops-geojson", "gpx", "osrm", "valhalla", "graphhopper"])

        let task = try locatorTask(arguments)
        if input == .wgs84 {
            if let near { SwappedCoordinates.warnIfSwapped(near, option: "--near", task: task) }
            if arguments.value("within") != nil, let box = parameters.searchArea {
                SwappedCoordinates.warnIfSwapped(box, option: "--within", task: task)
            }
        }
        var response: GeocodeResponse
        if let key = arguments.value("magic-key") {
            guard !text.isEmpty else { throw UsageError("--magic-key needs the suggestion's TEXT too") }
            response = GeocodeResponse(
                results: try await task.geocode(
                    forSuggestResult: SuggestResult(label: text, isCollection: false, magicKey: key), using: parameters)
            )
        } else {
            response = try await task.geocodeResponse(forSearchText: text, using: parameters)
        }
        let results = response.results
        if parameters.explain {
            Output.diagnostic(response.explanation?.description ?? "(no explanation: the service does not give one)")
        }
        switch format {
        case "json":
            Output.data(
                ArcGISResponses.findAddressCandidates(results, spatialReference: sr, coverage: response.coverage)
                    .serialized(pretty: true))
            if let coverage = response.coverage { Output.diagnostic(coverage.summary) }
        case "geojson":
            if !sr.isBuiltIn {
                Output.diagnostic("GeoJSON is written in WGS84 (RFC 7946), not --sr \(sr.wkid); json and stops take it")
            }
            Output.data(GeoJSONFormatter.featureCollection(results, spatialReference: sr).serialized(pretty: true))
            if let coverage = response.coverage { Output.diagnostic(coverage.summary) }
        case "stops", "stops-geojson", "gpx", "osrm", "valhalla", "graphhopper":
            let stops = results.compactMap(Stop.init)
            switch format {
            case "stops": Output.data(StopFormatter.arcGISStops(stops, spatialReference: sr).serialized(pretty: true))
            case "stops-geojson": Output.data(StopFormatter.geoJSON(stops).serialized(pretty: true))
            case "gpx": Output.data(String(StopFormatter.gpx(stops).dropLast()))  // (data adds the last newline)
            case "osrm": Output.data(StopFormatter.osrmCoordinates(stops))
            case "valhalla": Output.data(StopFormatter.valhallaLocations(stops).serialized(pretty: true))
            default: Output.data(StopFormatter.graphHopperPoints(stops).serialized(pretty: true))
            }
            if let coverage = response.coverage { Output.diagnostic(coverage.summary) }
        default:
            if results.isEmpty, let coverage = response.coverage {
                Output.data(coverage.summary)
            } else if results.isEmpty {
                let what = text.isEmpty ? parameters.categories.joined(separator: ", ") : "'\(text)'"
                let near = near.map { " near \($0)" } ?? ""
                let within = parameters.searchArea == nil ? "" : " inside the --within box"
                Output.data("No places found for \(what.prefix(80))\(near)\(within).")
            } else {
                Output.data(TableFormatter.table(results, showDistance: near != nil, width: Output.tableWidth))
            }
        }
        return 0
    }
}
