import Foundation
import OpenLocator

/// `locator build`: a gazetteer from OSM PBF extracts and GeoNames files.
enum BuildCommand: Command {
    static let name = "build"
    static let abstract = "Build a gazetteer from OpenStreetMap and GeoNames files."
    static let spec = CommandLineArguments.Spec(
        options: ["out", "mapping"], repeatable: ["osm", "geonames"], maxPositionals: 64)
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator build [--osm FILE...] [--geonames FILE...] --out FILE [--mapping FILE]

        OPTIONS:
          --osm FILE...           OpenStreetMap PBF extracts (.osm.pbf).
          --geonames FILE...      GeoNames dumps (cities500.txt, allCountries.txt, optionally .gz;
                                  admin1CodesASCII.txt and countryInfo.txt beside them are read too),
                                  or the lat,lon,name,admin1,admin2,cc CSV.
          --out FILE              The gazetteer to write. It is replaced only when the build succeeds.
          --mapping FILE          OSM tag -> category rules (default: Gazetteer/osm-categories.tsv).
          -h, --help              Show help information.

        EXAMPLES:
          locator build --osm Gazetteer/sources/Helsinki.osm.pbf \\
                        --geonames Gazetteer/sources/cities500.txt.gz --out helsinki.gazetteer

        Licences travel with the data: a gazetteer built from OpenStreetMap is ODbL 1.0 and must
        credit "© OpenStreetMap contributors"; GeoNames data is CC BY 4.0 and must credit GeoNames.
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        // Files listed after --osm/--geonames without repeating the flag arrive as positionals:
        // they belong to the option given last before them.
        let (osm, geoNames) = try inputFiles(arguments)
        guard let out = arguments.value("out") else { throw UsageError("give the gazetteer to write with --out FILE") }
        guard !osm.isEmpty || !geoNames.isEmpty else { throw UsageError("give at least one --osm or --geonames file") }
        for file in osm + geoNames {
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
        let builder = GazetteerBuilder(osm: osm, geoNames: geoNames, categoryMapping: mapping)
        let report = try builder.build(to: URL(fileURLWithPath: out)) { Output.diagnostic($0) }
        let counts = report.counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
        Output.data(
            String(
                format: "wrote %@ (%.1f MB) in %.1f s: %@", out, Double(report.fileSize) / 1_048_576, report.seconds,
                counts))
        return 0
    }

    /// `--osm a.pbf b.pbf --geonames c.txt`: repeated flags, or several files after one flag.
    private static func inputFiles(_ arguments: CommandLineArguments) throws -> (osm: [URL], geoNames: [URL]) {
        var osm = arguments.all("osm")
        var geoNames = arguments.all("geonames")
        for file in arguments.positionals {
            if file.lowercased().hasSuffix(".pbf") {
                osm.append(file)
            } else if !geoNames.isEmpty || osm.isEmpty {
                geoNames.append(file)
            } else {
                throw UsageError("unexpected argument '\(file.prefix(60))'; put it after --osm or --geonames")
            }
        }
        return (osm.map { URL(fileURLWithPath: $0) }, geoNames.map { URL(fileURLWithPath: $0) })
    }
}
