import Foundation
import Testing

@testable import OpenLocator

/// The queue between a build's threads: bounded in chunks and in bytes, in order, and never
/// stuck on a chunk bigger than the byte bound.
@Suite struct ChunkQueueTests {
    /// Puts `sizes` from a thread of their own, counting each put that returns.
    final class Producer: @unchecked Sendable {
        private let lock = NSLock()
        private var done = 0
        let finished = DispatchSemaphore(value: 0)
        var puts: Int { lock.withLock { done } }

        init(_ queue: ChunkQueue<Int>, _ sizes: [Int]) {
            Thread { [self] in
                for size in sizes {
                    _ = queue.put(size)
                    lock.withLock { done += 1 }
                }
                queue.finish(nil)
                finished.signal()
            }.start()
        }

        /// Waits (up to 5 s) until `count` puts have returned.
        func waitFor(_ count: Int) -> Bool {
            for _ in 0..<500 where puts < count { usleep(10_000) }
            return puts >= count
        }
    }

    /// The queue's next chunk, taken on a thread of its own: `.some(nil)` at the end, and
    /// `nil` when nothing came within 5 s (a stuck queue fails the test instead of hanging it).
    static func next(_ queue: ChunkQueue<Int>) -> Int?? {
        final class Box: @unchecked Sendable { var value: Int?? }
        let (box, taken) = (Box(), DispatchSemaphore(value: 0))
        Thread {
            box.value = .some(try? queue.take())
            taken.signal()
        }.start()
        return taken.wait(timeout: .now() + 5) == .success ? box.value : nil
    }

    @Test func aFullQueueHoldsTheProducerBackByBytesAndByChunks() throws {
        let queue = ChunkQueue<Int>(depth: 3, maxBytes: 100, size: { $0 })
        let producer = Producer(queue, [60, 50, 10, 10, 10, 10, 500, 1])
        #expect(producer.waitFor(1))
        usleep(100_000)
        #expect(producer.puts == 1)  // 60 + 50 > 100
        #expect(Self.next(queue) == 60)
        #expect(producer.waitFor(4))  // 50, 10 and 10: three chunks, 70 bytes
        usleep(100_000)
        #expect(producer.puts == 4)  // a fourth chunk waits
        #expect(Self.next(queue) == 50)
        #expect(Self.next(queue) == 10)
        #expect(Self.next(queue) == 10)
        #expect(Self.next(queue) == 10)
        #expect(Self.next(queue) == 10)
        // A chunk over the byte bound goes in once the queue is empty, alone.
        #expect(Self.next(queue) == 500)
        #expect(Self.next(queue) == 1)
        #expect(Self.next(queue) == .some(nil))
        #expect(producer.finished.wait(timeout: .now() + 5) == .success)
    }
}
