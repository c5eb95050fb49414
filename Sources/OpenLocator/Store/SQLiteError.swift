import CSQLite

/// A SQLite failure: result code, SQLite's message and the SQL (never bound values).
struct SQLiteError: Error, CustomStringConvertible {
    let code: Int32
    let message: String
    let sql: String?
    var description: String { "SQLite error \(code): \(message)" + (sql.map { " in \($0.prefix(200))" } ?? "") }

    /// What went wrong, in SQLite's words for the code alone ("database or disk is full",
    /// "disk I/O error"): safe to show, with no path or SQL in it.
    var reason: String { String(cString: sqlite3_errstr(code)) }

    /// Whether the statement was stopped: by ``SQLiteConnection/interrupt()`` or a deadline.
    var isInterrupt: Bool { code & 0xFF == SQLITE_INTERRUPT }
}
