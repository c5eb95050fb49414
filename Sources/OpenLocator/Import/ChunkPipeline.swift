import Foundation

/// Runs a producer of chunks on a thread of its own while the calling thread consumes them,
/// at most `depth` chunks ahead: reading, parsing and folding one chunk of a file overlaps
/// writing the one before to SQLite.
///
/// ```swift
/// try ChunkPipeline.run(produce: { try reader.nextChunk() }, consume: { try write($0) })
/// ```
enum ChunkPipeline {
    /// Calls `produce` on a background thread until it returns `nil` (or throws), and
    /// `consume` on this thread for each chunk in order. An error on either side stops both
    /// and is rethrown here.
    static func run<Chunk>(
        depth: Int = 2, produce: @escaping () throws -> Chunk?, consume: (Chunk) throws -> Void
    ) throws {
        let queue = ChunkQueue<Chunk>(depth: depth)
        nonisolated(unsafe) let produce = produce
        let done = DispatchSemaphore(value: 0)
        Thread {
            defer { done.signal() }
            do {
                while let chunk = try produce() {
                    guard queue.put(chunk) else { return }  // the consumer stopped
                }
                queue.finish(nil)
            } catch {
                queue.finish(error)
            }
        }.start()
        defer {
            queue.cancel()
            done.wait()
        }
        while let chunk = try queue.take() { try consume(chunk) }
    }
}

/// A bounded queue between one producer and one consumer. `@unchecked Sendable`: every field
/// is guarded by `condition`.
private final class ChunkQueue<Chunk>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Chunk] = []
    private let depth: Int
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    init(depth: Int) { self.depth = max(1, depth) }

    /// Adds a chunk, waiting while the queue is full; `false` when the consumer has stopped.
    func put(_ chunk: Chunk) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= depth, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(chunk)
        condition.broadcast()
        return true
    }

    /// Marks the end of the chunks, with the producer's error if it failed.
    func finish(_ error: (any Error)?) {
        condition.lock()
        finished = true
        failure = error
        condition.broadcast()
        condition.unlock()
    }

    /// Stops the producer at its next `put`.
    func cancel() {
        condition.lock()
        cancelled = true
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk; `nil` at the end; the producer's error when it failed.
    func take() throws -> Chunk? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !finished { condition.wait() }
        if !items.isEmpty {
            let chunk = items.removeFirst()
            condition.broadcast()
            return chunk
        }
        if let failure { throw failure }
        return nil
    }
}
