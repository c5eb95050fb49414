import Foundation

/// A bounded queue between one producer and one consumer. `@unchecked Sendable`: every field
/// is guarded by `condition`.
final class ChunkQueue<Chunk>: @unchecked Sendable {
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
