import Foundation

/// The full-text index and its vocabulary (and the places' R*Tree, when the gazetteer's writer
/// has as many street segments to write), built in a database file of their own on a thread of
/// their own while the gazetteer's connection writes `places` and its indexes. The thread
/// also hands each chunk to `eachChunk`, for what else is gathered from the places on it (the
/// R*Tree entries and suggest prefixes; ``GazetteerWriter``).
/// ``move(into:)`` then copies the finished tables into the gazetteer and deletes the file
/// (as does dropping this before).
///
/// SQLite writes a database on one thread at a time, and most of a build is SQLite's work.
/// With two files, each core writes one. The copy (`INSERT INTO t SELECT * FROM side.t`,
/// table by table) is cheap for the full-text index (0.02 s for 17 MB at 1M places), but not
/// for an R*Tree: its million-row `_rowid` table takes 0.38 s, as long as writing it, which is
/// why the gazetteer's writer usually writes the places' tree itself.
///
/// ```swift
/// let side = try IndexDatabase(
///     path: path + ".index.partial", eachChunk: { try entries.add($0, firstID: $1) },
///     writeRTree: { try rTree.write(to: $0) })
/// try side.add(chunk, firstID: 1)  // as each chunk's places are written
/// side.endOfPlaces()               // merging and the R*Tree start on the side thread
/// try side.waitUntilChunksTaken()  // what `eachChunk` gathered is now the caller's
/// try side.waitUntilWritten()
/// try side.move(into: gazetteer)
/// ```
final class IndexDatabase {
    let path: String
    /// Chunks wait here for the side thread. It holds many (16, and at most 48 MB), so the
    /// writer and the reading thread go on while FTS5 writes out a segment, which stops the
    /// side thread for a few tenths of a second each time its buffer fills: the synthetic
    /// 1M-place CSV built in 4.51 s against 4.73 s with 2 chunks (medians of 6 alternated
    /// builds; OpenAddresses and own places alike either way).
    private let queue = ChunkQueue<(firstID: Int64, chunk: PlaceRowChunk)>(
        depth: 16, maxBytes: 48 << 20, size: { $0.chunk.byteCount })
    private let done = DispatchSemaphore(value: 0)
    /// Left once the side thread has taken the last chunk: any thread may wait for it, any
    /// number of times.
    private let chunksTaken = DispatchGroup()
    private let side: SideThread
    private var ended = false
    private var joined = false

    /// The tables ``move(into:)`` copies: the shadow tables of `places_fts` and the vocabulary,
    /// and those of `places_rtree` when this wrote it.
    static let fullTextTables = [
        "places_fts_data", "places_fts_idx", "places_fts_config", "vocabulary", "vocabulary_tails",
        "street_vocabulary",
    ]
    static let rTreeTables = ["places_rtree_node", "places_rtree_rowid", "places_rtree_parent"]

    /// The side thread's page cache in KiB (16 MB): it mostly appends, so it needs less than
    /// the gazetteer's.
    private static let cacheKiB = 16_000

    /// How much index data FTS5 gathers in memory before it writes a segment (FTS5's
    /// `hashsize`; 1 MB by default). A million OpenAddresses rows fit in one segment, which
    /// leaves the merge nothing to do: inserting and merging them took 0.9–1.6 s of CPU in
    /// sqlite3 against 1.3–2.2 s with the default, in alternated runs. Bigger builds write a
    /// segment each time it fills. What the buffer holds costs more memory than its size says:
    /// at 64 MB a review measured 49 MB for 1M address-like rows and up to 160 MB for text with
    /// a new word in every row, hence 32 MB (still one segment for 1M OpenAddresses rows). The
    /// setting is dropped before the tables are copied, so gazetteers keep FTS5's default.
    static let fullTextBufferBytes = 32_000_000

    /// Creates the side database at `path` (replacing any file there) and starts its thread.
    /// The thread calls `eachChunk` with each chunk and its first id, after its full-text rows;
    /// once the places end, it merges the full-text index, fills the vocabulary and calls
    /// `writeRTree` with its connection. (`fullTextBufferBytes` is FTS5's buffer; tests make it
    /// small to write many segments.)
    init(
        path: String, fullTextBufferBytes: Int = IndexDatabase.fullTextBufferBytes,
        eachChunk: @escaping (PlaceRowChunk, _ firstID: Int64) throws -> Void = { _, _ in },
        writeRTree: @escaping (SQLiteConnection) throws -> Void
    ) throws {
        self.path = path
        unlink(path)
        UnfinishedBuilds.shared.insert(URL(fileURLWithPath: path))
        do {
            let connection = try SQLiteConnection(path: path, writable: true, create: true)
            connection.allowShadowTableWrites()  // PackedRTree writes the R*Tree's nodes
            try connection.execute(GazetteerSchema.buildSettings(cacheKiB: Self.cacheKiB))
            try connection.execute(GazetteerSchema.create)
            // Merge once at the end ('optimize') rather than while inserting, and gather rows in
            // memory longer before writing them out as a segment.
            try connection.execute(
                """
                INSERT INTO places_fts(places_fts, rank) VALUES('automerge', 0);
                INSERT INTO places_fts(places_fts, rank) VALUES('hashsize', \(fullTextBufferBytes));
                """)
            let insert = try connection.statement(
                "INSERT INTO places_fts(rowid, name, alt_names, locality) VALUES (?, ?, ?, ?)")
            try connection.execute("BEGIN")
            side = SideThread(connection: connection, insert: insert)
        } catch {
            Self.remove(path)
            throw error
        }
        nonisolated(unsafe) let (eachChunk, writeRTree) = (eachChunk, writeRTree)
        chunksTaken.enter()
        Thread { [queue, done, chunksTaken, side] in
            defer { done.signal() }
            do {
                try side.run(queue, eachChunk: eachChunk, chunksTaken: chunksTaken, writeRTree: writeRTree)
            } catch {
                side.failure = error
                queue.cancel()  // the writer's next `add` fails with this error
            }
            side.close()
        }.start()
    }

    /// Stops the side thread (its queue ends, the statement it is running is interrupted and
    /// the next step does not start) and deletes the file.
    deinit {
        if !joined {
            side.stop()
            queue.finish(CancellationError())
            join()
        }
        Self.remove(path)
    }

    /// Hands a chunk to the side thread; its places have ids `firstID`, `firstID + 1`, …
    func add(_ chunk: PlaceRowChunk, firstID: Int64) throws {
        precondition(!ended, "a chunk added after the end of the places")
        guard queue.put((firstID, chunk)) else {
            // Only the side thread's failure cancels the queue.
            join()
            throw side.failure ?? LocatorError(.buildFailed, "the full-text index stopped before the places ended")
        }
    }

    /// Says that every place has been added: the side thread finishes its tables, and writes
    /// the places' R*Tree unless the gazetteer's writer does (`writingRTree` false).
    func endOfPlaces(writingRTree: Bool = true) {
        ended = true
        side.writesRTree = writingRTree  // (read by the side thread after the queue ends)
        queue.finish(nil)
    }

    /// Waits until the side thread has taken every chunk (after ``endOfPlaces(writingRTree:)``),
    /// rethrowing its error: what `eachChunk` gathered can then be read on the waiting thread.
    /// Any thread may wait (the places' R*Tree is packed on one of its own), and again.
    func waitUntilChunksTaken() throws {
        try chunksTakenWaiter()
    }

    /// ``waitUntilChunksTaken()`` as a closure for another thread, which holds neither this
    /// object nor its file: a build that fails meanwhile still stops the side thread and
    /// deletes the file as it drops this.
    var chunksTakenWaiter: @Sendable () throws -> Void {
        precondition(ended, "waiting for the side thread before the end of the places")
        let (chunksTaken, side) = (chunksTaken, side)
        return {
            chunksTaken.wait()
            if let failure = side.chunksFailure { throw failure }
        }
    }

    /// Waits for the side thread to finish (after ``endOfPlaces()``), rethrowing its error.
    func waitUntilWritten() throws {
        precondition(ended, "waiting for the side thread before the end of the places")
        join()
        if let failure = side.failure { throw failure }
    }

    private func join() {
        guard !joined else { return }
        done.wait()
        joined = true
    }

    /// Copies the side database's tables into the gazetteer, replacing its empty ones, and
    /// deletes the side file.
    func move(into connection: SQLiteConnection) throws {
        try connection.statement("ATTACH DATABASE ?1 AS side").run([.text(path)])
        defer {
            try? connection.execute("DETACH DATABASE side")
            Self.remove(path)
        }
        try connection.transaction {
            for table in Self.fullTextTables + (side.writesRTree ? Self.rTreeTables : []) {
                // (Creating the virtual tables wrote their first rows: an empty root node, FTS5's
                // empty structure record.)
                try connection.execute(
                    "DELETE FROM main.\"\(table)\"; INSERT INTO main.\"\(table)\" SELECT * FROM side.\"\(table)\";")
            }
        }
    }

    private static func remove(_ path: String) {
        unlink(path)
        UnfinishedBuilds.shared.remove(URL(fileURLWithPath: path))
    }
}

/// The side thread's work and state. `@unchecked Sendable`: the side thread alone uses the
/// connection, sets `chunksFailure` before it says it has taken the chunks (after which the
/// threads waiting for that may read it) and `failure` before it signals that it is done or
/// cancels the queue (after which the writer reads it); the writer sets `writesRTree` before
/// it ends the queue, after which the side thread reads it; `stop()` and `close()` meet under
/// `lock`.
private final class SideThread: @unchecked Sendable {
    private var connection: SQLiteConnection?
    private var insert: SQLiteStatement?
    private let lock = NSLock()
    private var stopped = false
    var failure: (any Error)?
    /// Why taking the chunks failed, if it did (`failure` too, later).
    var chunksFailure: (any Error)?
    var writesRTree = true
    /// The words of the streets' and address points' text, for `street_vocabulary`.
    private var streetWords = WordDocumentCounter()

    init(connection: SQLiteConnection, insert: SQLiteStatement) {
        (self.connection, self.insert) = (connection, insert)
    }

    /// Inserts the chunks' folded text and hands each chunk to `eachChunk` until the places
    /// end, and leaves `chunksTaken` (having set ``chunksFailure`` if it failed); then merges the
    /// full-text index, fills the vocabulary and writes the places' R*Tree (when it `writesRTree`).
    func run(
        _ queue: ChunkQueue<(firstID: Int64, chunk: PlaceRowChunk)>,
        eachChunk: (PlaceRowChunk, Int64) throws -> Void, chunksTaken: DispatchGroup,
        writeRTree: (SQLiteConnection) throws -> Void
    ) throws {
        guard let connection, let insert else {
            chunksTaken.leave()
            return
        }
        try take(queue, with: insert, eachChunk: eachChunk, then: chunksTaken)
        try connection.execute("COMMIT")
        try checkNotStopped()
        try connection.execute(GazetteerSchema.fullTextMerge)
        try checkNotStopped()
        try connection.transaction {
            try connection.execute(GazetteerSchema.vocabulary)
            try writeStreetVocabulary(connection)
            // (Only this build's inserts needed the big buffer; the gazetteer keeps the default.)
            try connection.execute("DELETE FROM places_fts_config WHERE k = 'hashsize'")
            try checkNotStopped()
            if writesRTree { try writeRTree(connection) }
        }
    }

    /// Inserts each chunk's folded text and hands the chunk to `eachChunk`, until the queue
    /// ends; then leaves `chunksTaken`, having set ``chunksFailure`` if it failed.
    private func take(
        _ queue: ChunkQueue<(firstID: Int64, chunk: PlaceRowChunk)>, with insert: SQLiteStatement,
        eachChunk: (PlaceRowChunk, Int64) throws -> Void, then chunksTaken: DispatchGroup
    ) throws {
        defer { chunksTaken.leave() }
        do {
            while let (firstID, chunk) = try queue.take() {
                try checkNotStopped()  // (a stopped build leaves the chunks still queued)
                try Self.insert(chunk, firstID: firstID, with: insert, countingStreetsIn: &streetWords)
                try eachChunk(chunk, firstID)
            }
        } catch {
            chunksFailure = error
            throw error
        }
    }

    /// Writes the words counted among the streets and address points (``streetWords``).
    private func writeStreetVocabulary(_ connection: SQLiteConnection) throws {
        let insert = try connection.statement("INSERT INTO street_vocabulary(term, documents) VALUES (?1, ?2)")
        for (word, places) in streetWords.sortedWords {
            try insert.run([.text(word), .integer(Int64(places))])
        }
        streetWords = WordDocumentCounter()
    }

    /// Interrupts the statement running now (the merge, say), and keeps the next step from
    /// starting.
    func stop() {
        lock.withLock {
            stopped = true
            connection?.interrupt()
        }
    }

    /// Closes the connection (the page cache goes with it).
    func close() {
        insert = nil
        lock.withLock { connection = nil }
    }

    private func checkNotStopped() throws {
        if lock.withLock({ stopped }) { throw CancellationError() }
    }

    /// Inserts a chunk's folded text into the full-text index, and counts the words of its
    /// streets and address points in `streetWords`.
    private static func insert(
        _ chunk: PlaceRowChunk, firstID: Int64, with statement: SQLiteStatement,
        countingStreetsIn streetWords: inout WordDocumentCounter
    ) throws {
        defer { statement.reset() }  // the bound text is the chunk's
        try chunk.withColumns { column in
            for row in 0..<chunk.count {
                let id = firstID + Int64(row)
                statement.bind(id, at: 1)
                statement.bindInPlace(column(.searchName, row), at: 2)
                statement.bindInPlace(column(.searchAlternateNames, row), at: 3)
                statement.bindInPlace(column(.searchLocality, row), at: 4)
                try statement.runBound()
                if StreetVocabulary.counts(chunk.rows[row].addressType) {
                    for text in [PlaceRowChunk.TextColumn.searchName, .searchAlternateNames, .searchLocality] {
                        streetWords.add(place: id, text: column(text, row))
                    }
                }
            }
        }
    }
}
