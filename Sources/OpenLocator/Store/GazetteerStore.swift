import Foundation

/// One gazetteer file, opened and checked: the file pinned by descriptor (``PinnedFile``) and
/// a pool of read-only connections that all read it, whatever is renamed over the path later.
///
/// The query side loads its lookups through ``withConnection(_:)``; a file at the path that
/// differs from this one (``isReplaced``) is opened as a new store and swapped in whole.
///
/// ```swift
/// let store = try GazetteerStore(path: "helsinki.sqlite")
/// let count = try store.withConnection { db in try db.statement("SELECT count(*) FROM places") … }
/// ```
final class GazetteerStore: @unchecked Sendable {
    /// The file every connection of the pool reads.
    let file: PinnedFile
    private let pool: ConnectionPool

    /// Opens the file at `path` and checks that it is a gazetteer of a schema this version
    /// reads; `LocatorError.gazetteerUnavailable` with the reason (and no SQL) otherwise.
    init(path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard FileManager.default.isReadableFile(atPath: path), let file = PinnedFile(path: path) else {
            throw LocatorError(
                .gazetteerUnavailable, "no readable gazetteer file '\(name)'; make one with 'locator build'")
        }
        self.file = file
        pool = ConnectionPool(file: file)
        try Self.checked(name) {
            try pool.withConnection { db in
                var version = ""
                try db.statement("SELECT value FROM meta WHERE key = 'schema_version'").forEachRow {
                    version = $0.text(0)
                }
                guard let number = Int(version),
                    (GazetteerSchema.oldestReadableVersion...GazetteerSchema.version).contains(number)
                else {
                    throw LocatorError(
                        .gazetteerUnavailable,
                        "'\(name)' was built with gazetteer schema \(version.isEmpty ? "?" : version), this version reads \(GazetteerSchema.oldestReadableVersion) to \(GazetteerSchema.version); rebuild it with 'locator build'"
                    )
                }
            }
        }
    }

    /// Whether the file at `path` is now another one than this store reads (false when none is
    /// there: a missing file keeps this one in service).
    func isReplaced(atPath path: String) -> Bool {
        guard let identity = PinnedFile.identity(atPath: path) else { return false }
        return identity != file.identity
    }

    /// Runs `body` with a connection of its own to this file.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        try pool.withConnection(body)
    }

    /// Runs the checks of a newly opened file, turning a SQLite failure (a file that is not a
    /// gazetteer, or is damaged) into `gazetteerUnavailable` naming the file and SQLite's reason.
    static func checked<T>(_ name: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as LocatorError {
            throw error
        } catch {
            let code = (error as? SQLiteError).map { ": \($0.reason) (SQLite error \($0.code))" } ?? ""
            throw LocatorError(
                .gazetteerUnavailable,
                "'\(name)' is not an OpenLocator gazetteer (or is damaged)\(code); rebuild it with 'locator build'")
        }
    }
}
