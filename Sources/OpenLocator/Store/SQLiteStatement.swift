import CSQLite
import Foundation

/// `SQLITE_TRANSIENT`: SQLite copies bound text right away.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement owned by a ``SQLiteConnection``'s cache.
final class SQLiteStatement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection
    let sql: String

    init(_ handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement to run again, and unbinds its values (so no text bound in place
    /// outlives its bytes).
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds values to `?1`, `?2`, ... in order. `nil` binds NULL.
    @discardableResult
    func bind(_ values: [SQLiteValue?]) -> SQLiteStatement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .none: sqlite3_bind_null(handle, index)
            case .integer(let i)?: bind(i, at: index)
            case .double(let d)?: bind(d, at: index)
            case .text(let s)?: bind(s, at: index)
            case .blob(let bytes)?:
                bytes.withUnsafeBytes {
                    if let base = $0.baseAddress {
                        _ = sqlite3_bind_blob64(handle, index, base, sqlite3_uint64($0.count), transient)
                    } else {
                        _ = sqlite3_bind_zeroblob(handle, index, 0)
                    }
                }
            }
        }
        return self
    }

    /// Steps once: `true` when a row is available.
    func step() throws -> Bool {
        let status = sqlite3_step(handle)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = connection.error(status, sql: sql)
            sqlite3_reset(handle)
            connection.evict(sql)
            throw error
        }
    }

    /// Binds one integer to `?index` (from 1), without an array of values: for loops that
    /// insert millions of rows (then ``runBound()``).
    func bind(_ value: Int64, at index: Int32) { sqlite3_bind_int64(handle, index, value) }

    /// Binds one double to `?index` (from 1); see ``bind(_:at:)-(Int64,_)``.
    func bind(_ value: Double, at index: Int32) { sqlite3_bind_double(handle, index, value) }

    /// Binds a double, or NULL for `nil` (which takes no room in a row).
    func bind(_ value: Double?, at index: Int32) {
        if let value { sqlite3_bind_double(handle, index, value) } else { sqlite3_bind_null(handle, index) }
    }

    /// Binds one text to `?index` (from 1) from the string's own UTF-8 storage, with its
    /// length: no C string is made.
    func bind(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { bindText($0, at: index, destructor: transient) }
    }

    /// Binds UTF-8 text to `?index` (from 1) where it lies, without SQLite copying it
    /// (`SQLITE_STATIC`): the bytes must stay unchanged until the statement has run and been
    /// bound anew, or ``reset()``.
    func bindInPlace(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int32) {
        bindText(utf8, at: index, destructor: nil)  // nil is SQLITE_STATIC
    }

    /// Binds UTF-8 text; SQLite copies it first unless `destructor` is `nil`.
    private func bindText(_ utf8: UnsafeBufferPointer<UInt8>, at index: Int32, destructor: sqlite3_destructor_type?) {
        utf8.withMemoryRebound(to: CChar.self) {
            if let base = $0.baseAddress {
                _ = sqlite3_bind_text64(handle, index, base, sqlite3_uint64($0.count), destructor, UInt8(SQLITE_UTF8))
            } else {
                _ = sqlite3_bind_text(handle, index, "", 0, transient)
            }
        }
    }

    /// Runs the statement with the values bound so far, then resets it (keeping them bound).
    func runBound() throws {
        while try step() {}
        sqlite3_reset(handle)
    }

    /// Runs a statement that returns no rows.
    func run(_ values: [SQLiteValue?] = []) throws {
        bind(values)
        try runBound()
    }

    /// Calls `row` for each result row.
    func forEachRow(_ values: [SQLiteValue?] = [], _ row: (SQLiteStatement) throws -> Void) throws {
        bind(values)
        defer { sqlite3_reset(handle) }
        while try step() { try row(self) }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    // Numbers from a gazetteer row, checked where they are read: a damaged or tampered file
    // (NaN, ±inf, 1e308, text where a number belongs) must not reach an `Int(...)` or a sort.

    /// A longitude: finite and within ±180, else 0.
    func longitude(_ column: Int32) -> Double { Self.checked(double(column), within: 180) }
    /// A latitude: finite and within ±90, else 0.
    func latitude(_ column: Int32) -> Double { Self.checked(double(column), within: 90) }
    /// A 0-to-1 value such as importance: clamped into 0...1, 0 when not a number.
    func fraction(_ column: Int32) -> Double {
        let value = double(column)
        return value.isFinite ? min(1, max(0, value)) : 0
    }
    /// A count such as population: never negative.
    func count(_ column: Int32) -> Int64 { max(0, int(column)) }

    static func checked(_ value: Double, within limit: Double) -> Double {
        value.isFinite && abs(value) <= limit ? value : 0
    }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }

    /// A text column's UTF-8, valid until the next step: for reading without making a string.
    func bytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let bytes = sqlite3_column_text(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    /// A blob column's bytes, valid until the next step.
    func blob(_ column: Int32) -> UnsafeRawBufferPointer {
        guard let bytes = sqlite3_column_blob(handle, column) else {
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, column)))
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: bytes)
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case double(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLiteValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }
    init(floatLiteral value: Double) { self = .double(value) }
}
