import Foundation

/// Work over many indexes spread on every core: each thread claims the next `chunk`
/// unclaimed indexes and answers them, one value per index, written straight to its place in
/// the array returned; or the error of the lowest chunk that failed. The caller's work budget
/// and pinned gazetteer are in force on every thread, and once the budget is spent the chunks
/// left fail with its error.
///
/// ```swift
/// let squares = try EveryCore.map(1_000, chunk: 64) { range in range.map { $0 * $0 } }
/// ```
enum EveryCore {
    static func map<Value>(_ count: Int, chunk: Int, _ body: (Range<Int>) throws -> [Value]) throws -> [Value] {
        guard count > 0 else { return [] }
        let chunk = max(1, chunk)
        let claims = Claims(chunks: (count + chunk - 1) / chunk)
        let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, claims.chunks))
        let budget = WorkBudget.current
        let pin = GazetteerPin.current
        let values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
            // (Each chunk initializes only its own range of `buffer`, on the thread that claimed it.)
            nonisolated(unsafe) let output = buffer
            withoutActuallyEscaping(body) { body in
                nonisolated(unsafe) let body = body  // (the threads below end before this returns)
                DispatchQueue.concurrentPerform(iterations: threads) { _ in
                    GazetteerPin.run(pin) {
                        WorkBudget.run(budget) {
                            while let index = claims.claim() {
                                if let budget, budget.isSpent {
                                    claims.failed(index, budget.exceeded)
                                    continue
                                }
                                let range = index * chunk..<min(count, (index + 1) * chunk)
                                do {
                                    let answers = try body(range)
                                    precondition(answers.count == range.count, "one value per index")
                                    _ = UnsafeMutableBufferPointer(rebasing: output[range]).initialize(from: answers)
                                    claims.done(index)
                                } catch {
                                    claims.failed(index, error)
                                }
                            }
                        }
                    }
                }
            }
            if claims.failure == nil {
                initialized = count
            } else {
                for index in claims.doneChunks {
                    let range = index * chunk..<min(count, (index + 1) * chunk)
                    _ = UnsafeMutableBufferPointer(rebasing: output[range]).deinitialize()
                }
                initialized = 0
            }
        }
        if let failure = claims.failure { throw failure.error }
        return values
    }

    /// The chunks claimed so far and how they went. `@unchecked Sendable`: guarded by `lock`.
    private final class Claims: @unchecked Sendable {
        let chunks: Int
        private let lock = NSLock()
        private var next = 0
        private var done: [Int] = []
        /// The failure of the lowest chunk that failed.
        private var firstFailure: (chunk: Int, error: any Error)?

        init(chunks: Int) { self.chunks = chunks }

        /// The next chunk nobody has claimed, `nil` when all are.
        func claim() -> Int? {
            lock.withLock {
                guard next < chunks else { return nil }
                defer { next += 1 }
                return next
            }
        }

        func done(_ chunk: Int) { lock.withLock { done.append(chunk) } }

        func failed(_ chunk: Int, _ error: any Error) {
            lock.withLock { if chunk < firstFailure?.chunk ?? .max { firstFailure = (chunk, error) } }
        }

        /// The chunks whose values were written.
        var doneChunks: [Int] { lock.withLock { done } }
        var failure: (chunk: Int, error: any Error)? { lock.withLock { firstFailure } }
    }
}
