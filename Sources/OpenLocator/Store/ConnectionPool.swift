import Foundation

/// A bounded pool of read-only connections to one gazetteer file (``PinnedFile``).
///
/// `@unchecked Sendable`: the idle list is only touched under `lock`, and a connection is used
/// by one caller at a time between `withConnection`'s checkout and return.
final class ConnectionPool: @unchecked Sendable {
    private let file: PinnedFile
    private let lock = NSLock()
    private var idle: [SQLiteConnection] = []
    private let maxIdle: Int

    init(file: PinnedFile, maxIdle: Int = 8) {
        self.file = file
        self.maxIdle = maxIdle
    }

    /// Runs `body` with a connection of its own.
    func withConnection<T>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        lock.lock()
        let pooled = idle.popLast()
        lock.unlock()
        let connection = try pooled ?? open()
        defer {
            lock.lock()
            if idle.count < maxIdle { idle.append(connection) }
            lock.unlock()
        }
        return try body(connection)
    }

    /// Bytes of the file a connection reads through memory mapping: all of it. The pragma
    /// clamps this to SQLite's compile-time `SQLITE_MAX_MMAP_SIZE` (2 GB less 64 KB in Debian's
    /// build), but any size above zero turns on SQLite's fetching of pages by pointer, and the
    /// connection's VFS (``SQLiteConnection``, `CMappedVFS`) serves every page of the file from
    /// one mapping of the whole file, shared by all connections of the process. The mapping's
    /// pages are the kernel's page cache, shared by every process too: a connection costs its
    /// own small page cache (`cache_size`, for temporary b-trees) and no copy of the file.
    static let mmapBytes: Int64 = 1 << 40

    private func open() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: try file.connectionPath())
        try connection.execute(
            "PRAGMA query_only = 1; PRAGMA cache_size = -16000; PRAGMA mmap_size = \(Self.mmapBytes);")
        return connection
    }
}
