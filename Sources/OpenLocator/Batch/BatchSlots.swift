import Foundation

/// The matches of a batch filled in by several threads: each claims the next `chunk`
/// unclaimed indexes, answers them and stores what it found.
/// `@unchecked Sendable`: guarded by `lock`.
final class BatchSlots: @unchecked Sendable {
    private let lock = NSLock()
    private let chunk: Int
    private var next = 0
    private var slots: [BatchMatch]
    /// The failure of the lowest index that failed.
    private var failure: (index: Int, error: any Error)?

    init(count: Int, chunk: Int = 1) {
        self.chunk = max(1, chunk)
        slots = Array(repeating: BatchMatch(result: nil, status: .unmatched), count: count)
    }

    /// The next indexes nobody has claimed (at most `chunk` of them), `nil` when all are.
    func claim() -> Range<Int>? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next = min(slots.count, next + chunk) }
            return next..<min(slots.count, next + chunk)
        }
    }

    /// The matches of `range`, or why they could not be found.
    func store(_ result: Result<[BatchMatch], any Error>, for range: Range<Int>) {
        lock.withLock {
            switch result {
            case .success(let matches): slots.replaceSubrange(range, with: matches)
            case .failure(let error):
                if range.lowerBound < failure?.index ?? .max { failure = (range.lowerBound, error) }
            }
        }
    }

    /// The match of one index, or why it could not be found.
    func store(_ result: Result<BatchMatch, any Error>, at index: Int) {
        store(result.map { [$0] }, for: index..<index + 1)
    }

    /// Every match, or the first error by index (a storage failure: the gazetteer is unusable).
    func values() throws -> [BatchMatch] {
        try lock.withLock {
            if let failure { throw failure.error }
            return slots
        }
    }
}
