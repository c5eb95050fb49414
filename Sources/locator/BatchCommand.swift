import Foundation
@_spi(CLI) import OpenLocator

/// `locator batch`: a file of addresses geocoded into a file of matches, or (`--reverse`) a
/// file of points into what lies at each.
enum BatchCommand: Command {
    static let name = "batch"
    static let abstract =
        "Geocode a CSV or JSON-lines file of addresses (or reverse geocode points), every row kept in order."
    static let spec = CommandLineArguments.Spec(
        options: [
            "column", "columns", "near", "out", "format", "min-score", "gazetteer", "service", "country",
            "lang", "in-sr", "feature-types", "max-distance",
        ],
        repeatable: ["category"], flags: ["resume", "reverse", "no-header"], maxPositionals: 1)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator batch INPUT [--column NAME | --columns A,B,...] [--near LAT,LON]
                             [--in-sr WKID] [--category NAME]... [--country CODE] [--lang CODE]
                             [--min-score S] [--out FILE]
                             [--format csv|jsonl|geojson] [--resume] [--no-header]
                             [--gazetteer PATH | --service URL]
               locator batch INPUT --reverse [--columns LAT,LON | --column NAME]
                             [--feature-types TYPE,...] [--max-distance M] [--lang CODE] [--out FILE] ...

        ARGUMENTS:
          INPUT                   A CSV file with a header row (RFC 4180: quoted fields may hold
                                  commas and line breaks; UTF-8, with or without a BOM; fields
                                  separated by commas, semicolons, tabs or bars, told from the
                                  header), or JSON lines (.jsonl/.ndjson: one object per line).
                                  Gzipped or zipped (one file in the archive) is read as is.
                                  "-" reads stdin. CSV output keeps the input's separator.

        OPTIONS:
          --column NAME           The column holding the address (default: one named address,
                                  singleline, query, …, or the only column). With --reverse: a
                                  column of LAT,LON text.
          --columns A,B,...       Several columns making up the address, joined in this order
                                  (street,city,postal). With --reverse: the latitude column, then
                                  the longitude column (default: lat/latitude/y and lon/lng/x).
          --no-header             The CSV file has no header row: its first line is a row, and its
                                  columns are column_1, column_2, … (--column 2 names column_2).
          --near LAT,LON          Prefer matches near this point.
          --in-sr WKID            --near in 4326 (LAT,LON degrees, default), 3857 (X,Y metres) or
                                  any EPSG or ESRI WKID PROJ knows (LAT,LON for 4258, X,Y for 3067).
          --category NAME         Only match places of this category; repeat for several.
          --country CODE          Only match places in this country (FI, FIN or Finland).
          --lang CODE             Write names and addresses in this language where the data has them.
          --min-score S           Rows whose best match scores below S (0 to 100) are unmatched.
          --reverse               Each row is a point, in degrees: write what lies there (reverse
                                  geocoding, as 'locator reverse'), with its distance in metres.
          --feature-types TYPES   With --reverse: POI, PointAddress, StreetName, Locality, Postal, StreetInt
                                  (default: all, in ArcGIS's order). Locality alone with
                                  --max-distance 50000 gives each point its nearest town.
          --max-distance M        With --reverse: how far the answer may be, in metres (default:
                                  100; at most 50000).
          --out FILE              Where to write (default: standard output). The file is replaced
                                  unless --resume is given.
          --format FORMAT         csv, jsonl or geojson (default: from --out's name, else csv).
          --resume                Continue an interrupted run: keep the rows --out already holds
                                  and geocode the rest. Refused when the input or the options
                                  differ from the run that wrote --out (.OUT.resume records them).
          --gazetteer PATH        Search this gazetteer instead of the default one.
          --service URL           Use this ArcGIS REST GeocodeServer (geocodeAddresses, in batches
                                  of its SuggestedBatchSize); an API key is read from ARCGIS_API_KEY.
          -h, --help              Show help information.

        OUTPUT:
          Every input row once, in order: its fields, then match_addr, lat, lon, score, addr_type,
          place_name and status (matched, tied or unmatched; unmatched rows have no location).
          With --reverse, distance (metres from the row's point) in place of score; a row whose
          point cannot be read is unmatched, with a warning naming its line. With --no-header the
          output's header names the input's columns column_1, column_2, …
          An output column named like an input column is prefixed with "locator_".
          Progress goes to stderr: a bar on a terminal, a line every 5 seconds otherwise
          (LOCATOR_PROGRESS=bar or LOCATOR_PROGRESS=lines chooses). Its share and ETA count the
          input's bytes; from a pipe, whose size is unknown, it shows rows and their rate only
          ("- < FILE" has a size).
          Ctrl-C or SIGTERM stops after the rows in hand are written; the output is then valid,
          and 'locator batch ... --resume' continues it.

        EXAMPLES:
          locator batch addresses.csv --column address --out matched.csv
          locator batch shops.csv --columns street,city,postal --near 60.1699,24.9384 --out shops.geojson
          locator batch big.csv --column address --out matched.csv --resume
          locator batch visits.csv --reverse --feature-types Locality --max-distance 50000 --out towns.csv

        \(attributionHelp)
        """

    /// The running job, for the signal handler, which stops it after its chunk.
    static let running = RunningBatch()

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let reverse = arguments.has("reverse")
        guard let input = arguments.positionals.first else {
            throw UsageError(
                "give the INPUT file of \(reverse ? "points" : "addresses") (CSV or JSON lines; - for stdin)")
        }
        var options = BatchJob.Options()
        if reverse {
            options.reverse = try reverseParameters(arguments)
        } else if let option = ["feature-types", "max-distance"].first(where: { arguments.value($0) != nil }) {
            throw UsageError("--\(option) is for reverse geocoding: add --reverse")
        }
        if arguments.value("column") != nil, arguments.value("columns") != nil {
            throw UsageError("give --column or --columns, not both")
        }
        options.hasHeader = !arguments.has("no-header")
        if let column = arguments.value("column") {
            guard !column.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError("--column needs a column name")
            }
            options.columns = [column]
        } else if let columns = arguments.value("columns") {
            options.columns = columns.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !options.columns.isEmpty, !options.columns.contains(where: \.isEmpty) else {
                throw UsageError("--columns needs column names separated by commas, such as street,city,postal")
            }
        }
        if !options.hasHeader {  // columns by number: "2" is column_2
            options.columns = options.columns.map { name in
                Int(name).map { "column_\($0)" } ?? name
            }
        }
        if reverse,
            let option = ["near", "category", "country", "min-score", "in-sr"].first(where: {
                !arguments.all($0).isEmpty
            })
        {
            throw UsageError("--\(option) is for geocoding addresses; with --reverse each row's point is searched")
        }
        let inputReference = try ArgumentValues.inputSpatialReference(arguments)
        options.parameters.preferredSearchLocation = try arguments.value("near").map {
            try ArgumentValues.point($0, option: "--near", in: inputReference)
        }
        try ArgumentValues.addCategories(arguments.all("category"), to: options.parameters)
        options.parameters.countryCode = arguments.value("country")
        options.parameters.outputLanguageCode = try arguments.value("lang").map {
            try ArgumentValues.language($0, option: "--lang")
        }
        options.reverse?.outputLanguageCode = options.parameters.outputLanguageCode
        if let minScore = arguments.value("min-score") {
            options.parameters.minScore = try ArgumentValues.number(minScore, option: "--min-score", range: 0...100)
        }
        options.format = try arguments.value("format").map {
            BatchOutput.Format(
                rawValue: try ArgumentValues.choice(
                    $0, option: "--format", from: BatchOutput.Format.allCases.map(\.rawValue)))!
        }
        options.resume = arguments.has("resume")
        let out = arguments.value("out") ?? "-"
        guard !out.isEmpty else { throw UsageError("--out needs a file name") }
        if options.resume, out == "-" { throw UsageError("--resume needs the --out file to continue") }
        if out != "-", input != "-", isSameFile(out, input) {
            throw UsageError("--out would overwrite the INPUT file; write somewhere else")
        }

        let task = try locatorTask(arguments)
        if let near = options.parameters.preferredSearchLocation, inputReference == .wgs84 {
            SwappedCoordinates.warnIfSwapped(near, option: "--near", task: task)
        }
        let job = BatchJob(task: task, input: input, output: out, options: options)
        let display = ProgressDisplay()
        running.start(job)
        defer { running.end() }
        let summary = try await job.run { progress in
            for warning in progress.warnings { display.note("warning: \(warning)") }
            display.update(progress)
        }
        for warning in summary.progress.warnings { display.note("warning: \(warning)") }
        display.finish(summary, output: out)
        if summary.cancelled {
            Output.diagnostic(
                "stopped after \(summary.progress.rows) rows; the output is complete up to there. Continue with --resume."
            )
            return 128 + (running.stoppedBy ?? SIGINT)
        }
        return 0
    }
}

extension BatchCommand {
    /// `--feature-types` and `--max-distance`, as `locator reverse` reads them.
    static func reverseParameters(_ arguments: CommandLineArguments) throws -> ReverseGeocodeParameters {
        let parameters = ReverseGeocodeParameters()
        for type in try ReverseCommand.featureTypes(arguments) { parameters.addFeatureType(type) }
        if let distance = arguments.value("max-distance") {
            parameters.maxDistance = try ArgumentValues.number(
                distance, option: "--max-distance", range: 0...50_000, unit: "metres")
        }
        return parameters
    }
}

/// The batch job in progress, shared with the signal handler's thread. `@unchecked Sendable`:
/// guarded by `lock`.
final class RunningBatch: @unchecked Sendable {
    private let lock = NSLock()
    private var job: BatchJob?
    private var signal: Int32?

    func start(_ job: BatchJob) { lock.withLock { self.job = job } }
    func end() { lock.withLock { job = nil } }

    /// The signal that stopped the job, if one did.
    var stoppedBy: Int32? { lock.withLock { signal } }

    /// Asks the running job to stop after its chunk; `false` when there is none, or a signal
    /// already asked (a second Ctrl-C ends the program at once).
    func stop(by signal: Int32) -> Bool {
        lock.withLock {
            guard let job, self.signal == nil else { return false }
            self.signal = signal
            job.cancel()
            Output.diagnostic("stopping after the rows in hand are written (again to quit at once)")
            return true
        }
    }
}
