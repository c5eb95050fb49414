import Foundation
import Testing

/// The SQLite floor holds: only `Sources/OpenLocator/Store/` talks to SQLite's C API, so the
/// build (`Import/`) and the query side (`Gazetteer/`, `Query/`) both stand on its types.
@Suite struct StoreFloorTests {
    /// Every Swift file under `Sources/`, with its path from the repository root.
    static func sources() throws -> [(path: String, text: String)] {
        let root = Fixtures.repositoryRoot
        let sources = root.appendingPathComponent("Sources")
        guard let walk = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else {
            return []
        }
        return try walk.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.map { url in
            (String(url.path.dropFirst(root.path.count + 1)), try String(contentsOf: url, encoding: .utf8))
        }
    }

    @Test func onlyTheStoreCallsSQLite() throws {
        let files = try Self.sources()
        #expect(files.count > 100, "the walk found the sources")
        let store = files.filter { $0.path.hasPrefix("Sources/OpenLocator/Store/") }
        #expect(store.contains { $0.text.contains("import CSQLite") }, "the Store imports SQLite")
        let outside = files.filter { file in
            !file.path.hasPrefix("Sources/OpenLocator/Store/")
                && file.text.split(separator: "\n").contains { line in
                    line.hasPrefix("import CSQLite") || line.contains("sqlite3_") && !line.contains("//")
                }
        }
        #expect(outside.map(\.path) == [], "SQLite's C API is used outside Store/")
    }
}
