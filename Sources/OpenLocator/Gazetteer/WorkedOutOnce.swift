import Foundation

/// Something worked out from one gazetteer file on first use and kept with the file's state:
/// the map's largest towns, the locality tree of batch reverse geocoding. A failed load is
/// tried again next time; two threads asking at once may both load, and one result is kept.
///
/// ```swift
/// let towns = try state.largestTowns.value { try readLargestTowns(db) }
/// ```
final class WorkedOutOnce<Value: Sendable>: @unchecked Sendable {  // `loaded` is only touched under `lock`
    private let lock = NSLock()
    private var loaded: Value?

    /// The value, worked out by `load` if it is not yet.
    func value(_ load: () throws -> Value) rethrows -> Value {
        if let loaded = ifLoaded { return loaded }
        let value = try load()
        return lock.withLock {
            if let loaded { return loaded }
            loaded = value
            return value
        }
    }

    /// The value if some caller has worked it out already.
    var ifLoaded: Value? { lock.withLock { loaded } }
}
