import Foundation

/// The full-text index, its vocabulary and the R*Trees, built in a database file of their own
/// on a thread of their own while the gazetteer's connection writes `places` and its indexes.
/// ``copy(into:)`` then moves the finished tables into the gazetteer.
///
/// SQLite writes a database on one thread at a time, and most of a build is SQLite's work.
/// With two files, each core writes one. The copy (`INSERT INTO t SELECT * FROM side.t`,
/// table by table) is cheap next to building: 0.4 s at 1M places, nearly all of it the
/// R*Tree's million-row `_rowid` table; the 17 MB full-text index takes 0.02 s.
///
/// ```swift
/// let side = try IndexDatabase(path: path + ".index.partial") { try rTree.write(to: $0) }
/// try side.add(chunk, firstID: 1)  // as each chunk's places are written
/// side.endOfPlaces()               // merging and the R*Trees start on the side thread
/// try side.waitUntilWritten()
/// try side.copy(into: gazetteer)
/// ```
final class IndexDatabase {
    let path: String
    private let queue = ChunkQueue<(firstID: Int64, chunk: PlaceRowChunk)>(depth: 2)
    private let done = DispatchSemaphore(value: 0)
    private let outcome = Outcome()
    private var joined = false

    /// The tables ``copy(into:)`` moves: the shadow tables of `places_fts`, `places_rtree` and
    /// `street_segments`, and the vocabulary.
    static let tables = [
        "places_fts_data", "places_fts_idx", "places_fts_config", "vocabulary", "vocabulary_tails",
        "places_rtree_node", "places_rtree_rowid", "places_rtree_parent",
        "street_segments_node", "street_segments_rowid", "street_segments_parent",
    ]

    /// The side thread's page cache (16 MB): it mostly appends, so it needs less than the
    /// gazetteer's.
    private static let cacheSize = -16_000

    /// How many full-text segments may pile up before FTS5 merges some while inserting (its
    /// largest setting). 'optimize' merges them all once at the end anyway.
    private static let segmentsBeforeMerging = 2000

    /// Creates the side database at `path` (replacing any file there) and starts its thread.
    /// Once the places end, the thread merges the full-text index, fills the vocabulary and
    /// calls `writeRTrees` with its connection.
    init(path: String, writeRTrees: @escaping (SQLiteConnection) throws -> Void) throws {
        self.path = path
        unlink(path)
        UnfinishedBuilds.shared.insert(URL(fileURLWithPath: path))
        let connection: SQLiteConnection
        let insert: SQLiteStatement
        do {
            connection = try SQLiteConnection(path: path, writable: true, create: true)
            connection.allowShadowTableWrites()  // PackedRTree writes the R*Trees' nodes
            try connection.execute(
                "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = \(GazetteerSchema.pageSize); PRAGMA cache_size = \(Self.cacheSize);"
            )
            try connection.execute(GazetteerSchema.create)
            // Merge once at the end ('optimize') rather than while inserting: no merging as
            // segments accumulate, and none when 16 have (the 'crisismerge' default).
            try connection.execute(
                """
                INSERT INTO places_fts(places_fts, rank) VALUES('automerge', 0);
                INSERT INTO places_fts(places_fts, rank) VALUES('crisismerge', \(Self.segmentsBeforeMerging));
                """)
            insert = try connection.statement(
                "INSERT INTO places_fts(rowid, name, alt_names, locality) VALUES (?, ?, ?, ?)")
            try connection.execute("BEGIN")
        } catch {
            Self.remove(path)
            throw error
        }
        nonisolated(unsafe) let (connection_, insert_, writeRTrees_) = (connection, insert, writeRTrees)
        Thread { [queue, done, outcome] in
            defer { done.signal() }
            do {
                while let (firstID, chunk) = try queue.take() {
                    try Self.insert(chunk, firstID: firstID, with: insert_)
                }
                try connection_.execute("COMMIT")
                try connection_.execute(GazetteerSchema.fullTextMerge)
                // The gazetteer keeps FTS5's default, as if it had never been changed.
                try connection_.execute("DELETE FROM places_fts_config WHERE k = 'crisismerge'")
                try connection_.transaction {
                    try connection_.execute(GazetteerSchema.vocabulary)
                    try writeRTrees_(connection_)
                }
            } catch {
                outcome.failure = error
                queue.cancel()  // the writer's next `add` fails with this error
            }
        }.start()
    }

    deinit {
        if !joined {
            queue.finish(CancellationError())
            done.wait()
        }
        Self.remove(path)
    }

    /// Hands a chunk to the side thread; its places have ids `firstID`, `firstID + 1`, …
    func add(_ chunk: PlaceRowChunk, firstID: Int64) throws {
        guard queue.put((firstID, chunk)) else {
            try waitUntilWritten()
            throw LocatorError(.buildFailed, "the full-text index stopped before the places ended")
        }
    }

    /// Says that every place has been added: the side thread finishes its tables.
    func endOfPlaces() { queue.finish(nil) }

    /// Waits for the side thread, rethrowing its error.
    func waitUntilWritten() throws {
        if !joined {
            done.wait()
            joined = true
        }
        if let failure = outcome.failure { throw failure }
    }

    /// Replaces the (empty) tables of the gazetteer with the side database's.
    func copy(into connection: SQLiteConnection) throws {
        try connection.statement("ATTACH DATABASE ?1 AS side").run([.text(path)])
        defer { try? connection.execute("DETACH DATABASE side") }
        try connection.transaction {
            for table in Self.tables {
                // (Creating the virtual tables wrote their first rows: an empty root node, FTS5's
                // empty structure record.)
                try connection.execute(
                    "DELETE FROM main.\"\(table)\"; INSERT INTO main.\"\(table)\" SELECT * FROM side.\"\(table)\";")
            }
        }
    }

    /// Inserts a chunk's folded text into the full-text index.
    private static func insert(_ chunk: PlaceRowChunk, firstID: Int64, with statement: SQLiteStatement) throws {
        defer { statement.reset() }  // the bound text is the chunk's
        try chunk.text.withUnsafeBufferPointer { text in
            func column(_ column: PlaceRowChunk.TextColumn, of row: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: text[chunk.textRange(column, of: row)])
            }
            for row in 0..<chunk.count {
                statement.bind(firstID + Int64(row), at: 1)
                statement.bindInPlace(column(.searchName, of: row), at: 2)
                statement.bindInPlace(column(.searchAlternateNames, of: row), at: 3)
                statement.bindInPlace(column(.searchLocality, of: row), at: 4)
                try statement.runBound()
            }
        }
    }

    private static func remove(_ path: String) {
        unlink(path)
        UnfinishedBuilds.shared.remove(URL(fileURLWithPath: path))
    }

    /// The side thread's error. `@unchecked Sendable`: written by the side thread before it
    /// signals `done` or cancels the queue, read by the writer after either.
    private final class Outcome: @unchecked Sendable {
        var failure: (any Error)?
    }
}
