/// The version of OpenLocator, as `locator --version` prints it.
///
/// ```swift
/// print("OpenLocator \(OpenLocatorVersion.current)")
/// ```
public enum OpenLocatorVersion {
    /// This release's version (semantic versioning; the CHANGELOG's sections).
    public static let current = "0.1.0"
    /// The gazetteer schema this version writes and reads from (see `locator build`).
    public static var gazetteerSchema: Int { GazetteerSchema.version }
}
