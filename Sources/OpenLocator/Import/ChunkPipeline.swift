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
