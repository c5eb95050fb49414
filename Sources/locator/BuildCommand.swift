import Foundation
import OpenLocator

/// `locator build`: a gazetteer from OpenStreetMap, GeoNames, OpenAddresses and your own places.
enum BuildCommand: Command {
    static let name = "build"
    static let abstract = "Build a gazetteer from OpenStreetMap, GeoNames, OpenAddresses and your own places."
    static let spec = CommandLineArguments.Spec(
        options: ["out", "mapping"],
        repeatable: ["osm", "geonames", "geonames-postal", "geonames-alternate-names", "openaddresses", "places"],
        maxPositionals: 256)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator build [--osm FILE...] [--geonames FILE...] [--geonames-postal FILE...]
                             [--geonames-alternate-names FILE...] [--openaddresses FILE...]
                             [--places FILE...] --out FILE [--mapping FILE]

        OPTIONS:
          --osm FILE...           OpenStreetMap PBF extracts (.osm.pbf), files or https:// URLs
                                  (downloaded once into the cache, resumed if stopped, checked
                                  against the .md5 beside them). Node locations, way node
                                  lists, address points and street geometry go to temporary files
                                  beside --out (16 bytes a node, 8 a way's node, and the rest).
          --geonames FILE...      GeoNames dumps (cities500.txt, allCountries.txt, or the .zip as
                                  downloaded; admin1CodesASCII.txt and countryInfo.txt beside them
                                  are read too), or the lat,lon,name,admin1,admin2,cc CSV.
          --geonames-postal FILE...
                                  GeoNames postal-code dumps (allCountries.txt of the zip export, or a
                                  country's FI.txt; plain, .gz or .zip): each row a postal area, in
                                  place of the one the addresses' postcodes would make.
          --geonames-alternate-names FILE...
                                  GeoNames alternateNamesV2.txt (or .zip): the --geonames places'
                                  names with their languages, for answers in a language (--lang)
                                  and as names that find them.
          --openaddresses FILE... OpenAddresses CSVs (LON,LAT,NUMBER,STREET,UNIT,CITY,DISTRICT,
                                  REGION,POSTCODE,ID,HASH) or GeoJSON (.geojson.gz, a Feature per
                                  line), streamed: any size fits in memory.
          --places FILE...        Your own places: CSV with name, category, lat, lon and optional
                                  house_number, street, postal, city, region, phone, url, importance
                                  columns; or GeoJSON (.geojson: a FeatureCollection or a Feature per
                                  line) with the same names as properties. category is an ArcGIS
                                  category of any level ("Coffee Shop", "Warehouse", "Food").
          --out FILE              The gazetteer to write. It is replaced only when the build succeeds.
          --mapping FILE          OSM tag -> category rules (default: Gazetteer/osm-categories.tsv).
          -h, --help              Show help information.

        Files other than PBF may be gzipped (.gz) or a ZIP archive holding the one file, and are
        read as they are, without unpacking to disk.

        Rows that cannot be read (bad coordinates, no street, an unknown category) are left out
        and reported with their line numbers; they never stop the build (a build left with no
        place at all fails and says why). An address that OSM already has within 100 m is not
        added twice.

        EXAMPLES:
          locator build --osm Gazetteer/sources/Helsinki.osm.pbf \\
                        --geonames Gazetteer/sources/cities500.txt.gz --out helsinki.gazetteer
          locator build --geonames cities500.zip --openaddresses fi/countrywide.csv \\
                        --places depots.geojson --out finland.gazetteer

        Licences travel with the data: a gazetteer built from OpenStreetMap is ODbL 1.0 and must
        credit "© OpenStreetMap contributors"; GeoNames data is CC BY 4.0 and must credit GeoNames;
        each OpenAddresses source carries its own licence.
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let inputs = try await downloaded(inputFiles(arguments))
        guard let out = arguments.value("out") else { throw UsageError("give the gazetteer to write with --out FILE") }
        guard !inputs.allSatisfy(\.value.isEmpty) else {
            throw UsageError("give at least one --osm, --geonames, --geonames-postal, --openaddresses or --places file")
        }
        for file in inputs.values.joined() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder),
                FileManager.default.isReadableFile(atPath: file.path)
            else { throw LocatorError(.invalidInput, "no readable input file '\(file.path)'") }
            guard !isFolder.boolValue else {
                throw LocatorError(.invalidInput, "'\(file.path)' is a folder; give the data files in it")
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out, isDirectory: &isDirectory), isDirectory.boolValue {
            throw UsageError("--out must be a file, but '\(out)' is a folder")
        }
        let mapping =
            arguments.value("mapping").map { URL(fileURLWithPath: $0) }
            ?? DefaultGazetteer.dataDirectory.appendingPathComponent("osm-categories.tsv")
        var builder = GazetteerBuilder(
            osm: inputs["osm"] ?? [], geoNames: inputs["geonames"] ?? [], categoryMapping: mapping)
        builder.openAddressesFiles = inputs["openaddresses"] ?? []
        builder.geoNamesPostalFiles = inputs["geonames-postal"] ?? []
        builder.geoNamesAlternateNamesFiles = inputs["geonames-alternate-names"] ?? []
        builder.placeFiles = inputs["places"] ?? []
        let report = try builder.build(to: URL(fileURLWithPath: out)) { Output.diagnostic($0) }
        for source in report.sources {
            let what = source.kind == "geonames-alternate-names" ? "names" : "places"
            var line = "  \(source.name) (\(source.kind)): \(source.places) \(what)"
            if source.duplicates > 0 { line += ", \(source.duplicates) duplicates left out" }
            if source.skipped > 0 { line += ", \(source.skipped) rows skipped" }
            Output.diagnostic(line)
            for row in source.firstSkipped { Output.diagnostic("    skipped \(row)") }
            if source.skipped > source.firstSkipped.count {
                Output.diagnostic("    … and \(source.skipped - source.firstSkipped.count) more")
            }
        }
        let counts = report.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        let places = report.counts.values.reduce(0, +)
        Output.data(
            String(
                format: "wrote %@ (%.1f MB, %d bytes a place) in %.1f s (%.0f places/s): %@", out,
                Double(report.fileSize) / 1_048_576, places > 0 ? Int(report.fileSize) / places : 0, report.seconds,
                Double(places) / max(report.seconds, 0.001), counts))
        return 0
    }

    /// `--osm a.pbf b.pbf --geonames c.txt`: repeated flags, or several files after one flag.
    private static func inputFiles(_ arguments: CommandLineArguments) throws -> [String: [URL]] {
        let kinds = ["osm", "geonames", "geonames-postal", "geonames-alternate-names", "openaddresses", "places"]
        var files = Dictionary(uniqueKeysWithValues: kinds.map { ($0, arguments.all($0)) })
        for (file, option) in zip(arguments.positionals, arguments.positionalOptions) {
            guard let option, kinds.contains(option) else {
                throw UsageError(
                    "unexpected argument '\(file.prefix(60))'; put it after --osm, --geonames, --geonames-postal, --openaddresses or --places"
                )
            }
            files[option]!.append(file)
        }
        return files.mapValues {
            $0.map { SourceDownload.isURL($0) ? URL(string: $0) ?? URL(fileURLWithPath: $0) : URL(fileURLWithPath: $0) }
        }
    }

    /// The inputs with every `https://` source replaced by its downloaded copy (see
    /// ``SourceDownload``). A GeoNames dump needs its companion files beside it, so it is
    /// downloaded by hand.
    private static func downloaded(_ inputs: [String: [URL]]) async throws -> [String: [URL]] {
        var local: [String: [URL]] = [:]
        for (kind, urls) in inputs {
            for url in urls {
                guard !url.isFileURL else {
                    local[kind, default: []].append(url)
                    continue
                }
                guard kind != "geonames" else {
                    throw UsageError(
                        "--geonames needs a file, with admin1CodesASCII.txt and countryInfo.txt beside it; download the three first"
                    )
                }
                local[kind, default: []].append(
                    try await SourceDownload.localCopy(of: url) { Output.diagnostic($0) })
            }
        }
        return local
    }
}
