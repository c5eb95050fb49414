import CZlib
import Foundation

/// The gazetteer OpenLocator ships: built on first use from `Gazetteer/sources/` (the Helsinki
/// OSM extract and GeoNames cities) into a cache folder, then reused until the sources, the
/// category mapping or the schema change.
///
/// ```swift
/// let url = try DefaultGazetteer.url { print($0) }   // builds once, ~seconds
/// let task = LocatorTask(gazetteer: url)
/// ```
public enum DefaultGazetteer {
    /// The folder holding `sources/` and `osm-categories.tsv`, the first of:
    /// 1. `$OPENLOCATOR_DATA`, when set;
    /// 2. `share/openlocator` beside the running program's `bin/` folder (an installed
    ///    `/usr/local/bin/locator` reads `/usr/local/share/openlocator`), or an `openlocator`
    ///    folder next to the program itself;
    /// 3. the `Gazetteer/` folder of the source checkout this library was built from.
    ///
    /// The first that holds `osm-categories.tsv` wins; when none does, the checkout's folder is
    /// named, so the message about missing sources says where they were looked for.
    public static var dataDirectory: URL { dataFolder.url }

    /// How ``dataDirectory`` is found.
    static let dataFolder = InstalledFolder(
        variable: "OPENLOCATOR_DATA", installed: "", checkout: "Gazetteer", marker: "osm-categories.tsv")

    /// `$XDG_CACHE_HOME/openlocator`, else `~/.cache/openlocator`.
    public static var cacheDirectory: URL {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("openlocator", isDirectory: true)
        }
        let home =
            environment["HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser
        return home.appendingPathComponent(".cache/openlocator", isDirectory: true)
    }

    /// The builder for the default gazetteer's sources.
    public static var builder: GazetteerBuilder {
        let sources = dataDirectory.appendingPathComponent("sources", isDirectory: true)
        var builder = GazetteerBuilder(
            osm: [sources.appendingPathComponent("Helsinki.osm.pbf")],
            geoNames: [sources.appendingPathComponent("cities500.txt.gz")],
            categoryMapping: dataDirectory.appendingPathComponent("osm-categories.tsv"))
        // The towns' names in 190 languages ("it" Roma, "sv" Helsingfors), for answers in a
        // language, when the data has them (an installed tiny data set may not).
        let languages = sources.appendingPathComponent("alternateNames.txt.gz")
        if FileManager.default.isReadableFile(atPath: languages.path) {
            builder.geoNamesAlternateNamesFiles = [languages]
        }
        return builder
    }

    private static let buildLock = NSLock()

    /// The default gazetteer's file, built first if the cache lacks a current one.
    ///
    /// Safe to call from many threads and processes: each build writes its own temporary file
    /// and renames it into place.
    /// - Parameter progress: called with one line per build stage (never when the cache is current).
    /// - Throws: ``LocatorError`` when the sources are missing or the build fails.
    public static func url(progress: (String) -> Void = { _ in }) throws -> URL {
        buildLock.lock()
        defer { buildLock.unlock() }
        let builder = builder
        let inputs =
            builder.osmFiles + builder.geoNamesFiles + builder.geoNamesAlternateNamesFiles + [builder.categoryMapping]
            + builder.genericWordFiles + (builder.namedTypesFile.map { [$0] } ?? [])
        for input in inputs where !FileManager.default.isReadableFile(atPath: input.path) {
            throw LocatorError(
                .gazetteerUnavailable,
                "the default gazetteer's source '\(input.lastPathComponent)' is missing; install the data into share/openlocator beside the program's bin folder (see docs/install.md), set OPENLOCATOR_DATA to a folder with sources/ and osm-categories.tsv, or pass --gazetteer"
            )
        }
        let target = cacheDirectory.appendingPathComponent("default-\(try fingerprint(of: inputs)).gazetteer")
        if FileManager.default.fileExists(atPath: target.path) { return target }
        progress("building the default gazetteer into \(target.path) (once)")
        let report = try builder.build(to: target, progress: { progress("  " + $0) })
        progress(String(format: "built %d places in %.1f s", report.counts.values.reduce(0, +), report.seconds))
        removeStale(in: cacheDirectory, keeping: target)
        return target
    }

    /// A checksum of the schema version, the category tree and every source file's bytes.
    static func fingerprint(of files: [URL]) throws -> String {
        var crc = crc32(0, nil, 0)
        let header = "schema \(GazetteerSchema.version) categories \(CategoryTree.world.categories.count)"
        crc = header.withCString {
            crc32(crc, UnsafeRawPointer($0).assumingMemoryBound(to: Bytef.self), uInt(strlen($0)))
        }
        for file in files {
            guard let data = try? Data(contentsOf: file, options: .mappedIfSafe) else {
                throw LocatorError(
                    .gazetteerUnavailable, "cannot read the default gazetteer's source '\(file.lastPathComponent)'")
            }
            crc = data.withUnsafeBytes { crc32(crc, $0.bindMemory(to: Bytef.self).baseAddress, uInt($0.count)) }
        }
        return String(format: "v%d-%08lx", GazetteerSchema.version, crc)
    }

    /// Removes what earlier builds left in the cache: temporary files more than an hour old
    /// (builds that were killed), and default gazetteers of other sources or versions not
    /// written for a day. (Removing those at once made two installed versions of OpenLocator
    /// sharing a cache rebuild each other's gazetteer on every run.)
    static func removeStale(in directory: URL, keeping current: URL, now: Date = Date()) {
        let files = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        func age(_ file: URL) -> TimeInterval {
            let modified = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate]) as? Date
            return modified.map { now.timeIntervalSince($0) } ?? 0
        }
        for file in files where file.pathExtension == "partial" && age(file) > 3600 {
            try? FileManager.default.removeItem(at: file)
        }
        for file in files
        where file.lastPathComponent.hasPrefix("default-") && file.pathExtension == "gazetteer"
            && file.lastPathComponent != current.lastPathComponent && age(file) > 86_400
        {
            try? FileManager.default.removeItem(at: file)
        }
    }
}

extension LocatorTask {
    /// A task over the default gazetteer, building it on first use.
    ///
    /// ```swift
    /// let task = try LocatorTask.withDefaultGazetteer()
    /// ```
    public static func withDefaultGazetteer(progress: (String) -> Void = { _ in }) throws -> LocatorTask {
        LocatorTask(gazetteer: try DefaultGazetteer.url(progress: progress))
    }
}
