import Foundation

/// A bounded queue between one producer and one consumer: at most `depth` chunks, and (with
/// a `size`) at most `maxBytes` bytes of them, though always room for one. `@unchecked
/// Sendable`: every field is guarded by `condition`.
///
/// ```swift
/// let queue = ChunkQueue<[UInt8]>(depth: 16, maxBytes: 32 << 20, size: \.count)
/// ```
final class ChunkQueue<Chunk>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [(chunk: Chunk, bytes: Int)] = []
    private let depth: Int
    private let maxBytes: Int
    private let size: (Chunk) -> Int
    private var bytes = 0
    private var finished = false
    private var failure: (any Error)?
    private var cancelled = false

    init(depth: Int, maxBytes: Int = .max, size: @escaping (Chunk) -> Int = { _ in 0 }) {
        (self.depth, self.maxBytes, self.size) = (max(1, depth), maxBytes, size)
    }

    /// Adds a chunk, waiting while the queue is full; `false` when the consumer has stopped.
    func put(_ chunk: Chunk) -> Bool {
        let chunkBytes = size(chunk)
        condition.lock()
        defer { condition.unlock() }
        while items.count >= depth || (!items.isEmpty && bytes + chunkBytes > maxBytes), !cancelled {
            condition.wait()
        }
        guard !cancelled else { return false }
        items.append((chunk, chunkBytes))
        bytes += chunkBytes
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
            let (chunk, chunkBytes) = items.removeFirst()
            bytes -= chunkBytes
            condition.broadcast()
            return chunk
        }
        if let failure { throw failure }
        return nil
    }
}
