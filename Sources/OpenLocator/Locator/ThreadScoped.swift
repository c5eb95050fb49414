import Foundation

/// An object in force on the current thread for the length of a call: the request-scoped
/// ``WorkBudget`` and ``GazetteerPin`` both live in one. A pthread key, read without a lock.
///
/// ```swift
/// static let slot = ThreadScoped<WorkBudget>()
/// slot.run(budget) { slot.current }   // budget
/// ```
package final class ThreadScoped<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    package init() {}

    /// The value in force on this thread, if any.
    package var current: Value? {
        pthread_getspecific(key).map { Unmanaged<Value>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with `value` in force on this thread (none for nil), then restores the one before.
    package func run<T>(_ value: Value?, _ body: () throws -> T) rethrows -> T {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, value.map { Unmanaged.passUnretained($0).toOpaque() })
        defer { pthread_setspecific(key, previous) }
        return try withExtendedLifetime(value) { try body() }
    }
}
