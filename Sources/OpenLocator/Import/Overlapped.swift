import Foundation

/// Runs `background` on a thread of its own while `body` runs on this one, and returns when
/// both have finished; an error from either is rethrown (the body's first). For CPU work that
/// needs no database, done while this thread's connection works.
///
/// ```swift
/// try overlapped({ try tree.pack(nodeSize: size) }) { try connection.execute(createIndexes) }
/// ```
func overlapped(_ background: @escaping @Sendable () throws -> Void, with body: () throws -> Void) throws {
    nonisolated(unsafe) var failure: (any Error)?
    let done = DispatchSemaphore(value: 0)
    Thread {
        defer { done.signal() }
        do { try background() } catch { failure = error }
    }.start()
    do {
        try body()
    } catch {
        done.wait()
        throw error
    }
    done.wait()
    if let failure { throw failure }
}
