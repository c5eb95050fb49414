import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A deadline for one request's work, so that no query, however hostile ("s s s …" a
/// thousand times, a batch of such records), can hold a thread for long.
///
/// The budget in force on a thread is ``current``; while one is set, every gazetteer read
/// on the thread stops inside SQLite once it has passed (a progress handler), and the query
/// pipeline checks it between stages and batch records. Work over budget ends with
/// ``LocatorError/Code/timeLimitExceeded``.
///
/// ```swift
/// let results = try WorkBudget.run(WorkBudget(seconds: 5)) {
///     try task.geocodeBlocking(forSearchText: text, using: parameters)
/// }
/// ```
package final class WorkBudget: @unchecked Sendable {
    /// The seconds it was given, for the error message.
    package let seconds: Double
    /// The deadline on `CLOCK_MONOTONIC` in nanoseconds, where SQLite's progress handler
    /// reads it (``SQLiteConnection/setDeadline(_:)``).
    private let storage: UnsafeMutablePointer<UInt64>
    var deadline: UnsafePointer<UInt64> { UnsafePointer(storage) }

    package init(seconds: Double) {
        self.seconds = seconds
        storage = .allocate(capacity: 1)
        let nanoseconds = seconds.isFinite ? UInt64(min(max(0, seconds), 1e6) * 1e9) : UInt64(1e15)
        storage.initialize(to: Self.now() + nanoseconds)
    }

    deinit { storage.deallocate() }

    package var isSpent: Bool { Self.now() >= storage.pointee }

    /// `CLOCK_MONOTONIC` in nanoseconds, the clock SQLite's progress handler reads.
    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Throws once the budget is spent.
    package func check() throws {
        if isSpent { throw exceeded }
    }

    /// The error for work over this budget.
    var exceeded: LocatorError {
        LocatorError(
            .timeLimitExceeded,
            "the request needs more work than the \(String(format: "%g", seconds)) s allowed for one request; ask for less (fewer or shorter records)"
        )
    }

    private static let slot = ThreadScoped<WorkBudget>()

    /// The budget in force on this thread, if any.
    package static var current: WorkBudget? { slot.current }

    /// Runs `body` with `budget` in force on this thread (none for nil), then restores the
    /// one before.
    package static func run<T>(_ budget: WorkBudget?, _ body: () throws -> T) rethrows -> T {
        try slot.run(budget, body)
    }

    /// Throws when the budget in force on this thread is spent.
    static func checkCurrent() throws {
        try current?.check()
    }
}
