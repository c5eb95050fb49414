import Foundation
import Testing

@testable import OpenLocator

/// Shared test data: the repository's sources and the real default gazetteer, built once per
/// test process (and cached across runs in `$XDG_CACHE_HOME/openlocator`).
enum Fixtures {
    /// The repository root (Tests/OpenLocatorTests/Support/Fixtures.swift -> up four).
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url
    }()

    static let sources = repositoryRoot.appendingPathComponent("Gazetteer/sources")
    static let helsinkiPBF = sources.appendingPathComponent("Helsinki.osm.pbf")
    static let categoryMapping = repositoryRoot.appendingPathComponent("Gazetteer/osm-categories.tsv")

    private static let defaultGazetteer = Result { try DefaultGazetteer.url() }

    /// The default gazetteer, as `locator find` uses it with no `--gazetteer`.
    static func defaultGazetteerURL() throws -> URL { try defaultGazetteer.get() }

    /// A task over the default gazetteer, one for the whole test process (as an app keeps
    /// one: opening a gazetteer reads its country and region tables into a lexicon).
    static func task() throws -> LocatorTask { try sharedTask.get() }

    private static let sharedTask = Result { LocatorTask(gazetteer: try defaultGazetteerURL()) }

    /// Central Helsinki, inside the OSM extract's box (lon 24.9352..24.9534, lat 60.1642..60.1791).
    static let helsinkiCentre = Point(latitude: 60.1699, longitude: 24.9384)

    /// A grid of points spread over the extract, away from its edges.
    static let helsinkiGrid: [Point] = stride(from: 60.1660, through: 60.1775, by: 0.0023).flatMap { lat in
        stride(from: 24.9370, through: 24.9515, by: 0.0029).map { Point(latitude: lat, longitude: $0) }
    }

    /// Gzips a file beside it as `<name>.gz` with `/bin/gzip` (the original goes unless
    /// `keeping` it), and returns the compressed file.
    @discardableResult
    static func gzip(_ file: URL, keeping: Bool = false) throws -> URL {
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = (keeping ? ["-k", "-9"] : []) + [file.path]
        try gzip.run()
        gzip.waitUntilExit()
        return file.appendingPathExtension("gz")
    }

    /// A fresh temporary folder, inside this test process's own folder, which goes when the
    /// process exits.
    static func temporaryDirectory() throws -> URL {
        let url = processFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder every `temporaryDirectory()` of this process is made in; removed at exit, so
    /// test runs do not pile folders up in `/tmp`. (A test process that crashed cannot remove
    /// its own: the next one removes the folders of processes no longer running.)
    private static let processFolder: URL = {
        let temporary = FileManager.default.temporaryDirectory
        let prefix = "openlocator-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }),
                kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
        let url = temporary.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString)")
        atexit { try? FileManager.default.removeItem(at: Fixtures.processFolder) }
        return url
    }()
}

/// Every place of some categories in a gazetteer, read straight from its table: the brute-force
/// truth ranking tests compare against.
func allPlaces(in gazetteer: URL, category: Category) throws -> [PlaceRecord] {
    let db = try SQLiteConnection(path: gazetteer.path)
    var places: [PlaceRecord] = []
    try db.statement("SELECT \(PlaceRecord.columns) FROM places WHERE category BETWEEN ? AND ?").forEachRow([
        .integer(Int64(category.code)), .integer(Int64(category.lastDescendantCode)),
    ]) { places.append(PlaceRecord(row: $0)) }
    return places
}

/// A result's text attribute, or "" when it is missing.
func text(_ result: GeocodeResult?, _ key: String) -> String {
    result?.attributeValues[key]?.stringValue ?? ""
}
