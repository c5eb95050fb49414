import CMappedVFS
import CSQLite
import Foundation

/// A SQLite connection with a cache of prepared statements (after GRDB).
///
/// Not thread-safe: one thread uses a connection at a time (``ConnectionPool`` hands them out).
/// Errors carry the SQLite result code and the SQL, never bound values; ``GazetteerBackend``
/// turns them into ``LocatorError`` messages that contain neither.
final class SQLiteConnection {
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens a database file, read-only unless `writable`.
    ///
    /// A read-only connection opens the file as immutable: SQLite then takes no locks and
    /// looks for no journal before each statement (seven system calls a statement, a tenth of
    /// a server's time per request). That is safe because a gazetteer is never edited in
    /// place: `locator build` writes a new file and renames it over the old one, and an open
    /// connection keeps reading the file it opened.
    ///
    /// It reads the file through one memory mapping of the whole file that every read-only
    /// connection of the process shares (the `CMappedVFS` target): SQLite's own mapping stops
    /// at 2 GB in Debian's build and is made once per connection, so a country-sized file was
    /// read past that through `pread` into each connection's page cache.
    init(path: String, writable: Bool = false, create: Bool = false) throws {
        _ = Self.configured
        var db: OpaquePointer?
        var flags = writable ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY
        if create { flags |= SQLITE_OPEN_CREATE }
        flags |= SQLITE_OPEN_NOMUTEX
        var name = path
        if !writable {
            flags |= SQLITE_OPEN_URI
            name = "file:\(Self.uriEscaped(path))?immutable=1"
        }
        let status = sqlite3_open_v2(name, &db, flags, writable ? nil : openlocator_mapped_vfs_name())
        guard status == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw SQLiteError(code: status, message: message, sql: nil)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    /// Lets this connection write virtual tables' shadow tables (an R*Tree's nodes), which a
    /// SQLite built or configured "defensive" forbids.
    func allowShadowTableWrites() { _ = openlocator_sqlite3_allow_shadow_table_writes(handle) }

    /// Makes the statement running on this connection (on any thread) stop with
    /// `SQLITE_INTERRUPT` as soon as it can.
    func interrupt() { sqlite3_interrupt(handle) }

    /// Makes this connection's statements stop with `SQLITE_INTERRUPT` once the monotonic
    /// clock (`CLOCK_MONOTONIC`, in nanoseconds) passes `*deadline`, checked every 10,000
    /// virtual-machine steps; nil removes the deadline. The pointer must stay valid while set.
    func setDeadline(_ deadline: UnsafePointer<UInt64>?) {
        openlocator_sqlite3_set_deadline(handle, deadline)
    }

    /// Process-wide SQLite settings, made once before the first connection opens.
    private static let configured: Void = { _ = openlocator_sqlite3_disable_memory_statistics() }()

    /// A path as the path of a SQLite `file:` URI: `%`, `?` and `#` (and any byte that is not
    /// printable ASCII) percent-encoded, so no file name can be read as a URI parameter.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x21, 0x7F...:
                out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            default:
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Runs SQL with no results (several statements allowed).
    func execute(_ sql: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if status != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? "error \(status)"
            sqlite3_free(errorMessage)
            throw SQLiteError(code: status, message: message, sql: sql)
        }
    }

    /// A cached prepared statement for `sql`, reset and with bindings cleared.
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var raw: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, nil)
        guard status == SQLITE_OK, let raw else { throw error(status, sql: sql) }
        let statement = SQLiteStatement(raw, connection: self, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Drops a cached statement after a failed step, so the next use prepares it afresh.
    func evict(_ sql: String) { statements[sql] = nil }

    /// Runs `body` in a transaction, committing when it returns and rolling back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// The id of the last inserted row.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// The most parameters a statement may have here (32,766 since SQLite 3.32, 999 before).
    /// Setting it lowers it for this connection (tests stand in for an older SQLite so).
    var parameterLimit: Int {
        get { Int(sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, -1)) }
        set { sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, Int32(clamping: newValue)) }
    }

    func error(_ status: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: status, message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }
}
