import Foundation

/// The gazetteer states a request has pinned, so that all of it, on every thread it uses,
/// reads one file: the first read of a backend in the scope pins the state then loaded, and
/// a file swapped in meanwhile serves the next request.
///
/// ```swift
/// try GazetteerPin.run { try task.geocodeBlocking(forSearchText: "Stockmann", using: parameters) }
/// ```
package final class GazetteerPin: @unchecked Sendable {
    private let lock = NSLock()
    private var states: [ObjectIdentifier: GazetteerBackend.State] = [:]

    package init() {}

    func state(of backend: GazetteerBackend, _ load: () throws -> GazetteerBackend.State) rethrows
        -> GazetteerBackend.State
    {
        let key = ObjectIdentifier(backend)
        if let pinned = lock.withLock({ states[key] }) { return pinned }
        let state = try load()
        return lock.withLock {
            if let earlier = states[key] { return earlier }  // another thread of the request pinned first
            states[key] = state
            return state
        }
    }

    private static let slot = ThreadScoped<GazetteerPin>()

    /// The pin in force on this thread, if any.
    package static var current: GazetteerPin? { slot.current }

    /// Runs `body` with `pin` (a new one by default) in force on this thread.
    package static func run<T>(_ pin: GazetteerPin? = GazetteerPin(), _ body: () throws -> T) rethrows -> T {
        try slot.run(pin, body)
    }
}
