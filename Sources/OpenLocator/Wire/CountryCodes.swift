import CICU
import Foundation

/// ISO 3166 country codes between their forms, from ICU's region data.
///
/// ```swift
/// CountryCodes.alpha2("FIN")   // "FI"
/// ```
package enum CountryCodes {
    /// The alpha-2 code ("FI") of an alpha-3 code ("FIN"), or `nil` when there is none.
    package static func alpha2(_ alpha3: String) -> String? {
        guard alpha3.utf8.count == 3 else { return nil }
        let key = alpha3.uppercased()
        if let known = known.withLock({ $0[key] }) { return known }
        var out = [CChar](repeating: 0, count: 4)
        let found = ol_region_iso2(key, &out) == 2 ? String(cString: out) : nil
        known.withLock { $0[key] = found }
        return found
    }

    /// The codes looked up so far (a country's answers ask for its code on every result).
    private static let known = LockedDictionary()

    private final class LockedDictionary: @unchecked Sendable {  // `values` is only touched under `lock`
        private let lock = NSLock()
        private var values: [String: String?] = [:]
        func withLock<T>(_ body: (inout [String: String?]) -> T) -> T { lock.withLock { body(&values) } }
    }
}
