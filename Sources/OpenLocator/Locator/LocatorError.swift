/// The one error type of OpenLocator: a code to switch on and a one-line message that says
/// what was wrong and how to fix it.
///
/// ```swift
/// do { _ = try await task.geocode(forSearchText: "cafe", using: params) }
/// catch let error as LocatorError where error.code == .invalidParameter { print(error.message) }
/// ```
///
/// Messages never contain SQL, server file paths or API keys.
public struct LocatorError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. New codes may be added; switch with a `default`.
    public struct Code: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        /// The code's name, e.g. "invalidParameter".
        public let rawValue: String
        /// Makes a code from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The code's name.
        public var description: String { rawValue }

        /// A parameter is out of range or malformed (latitude 91, `maxResults` 0, an unknown category).
        public static let invalidParameter = Code(rawValue: "invalidParameter")
        /// The gazetteer file is missing, unreadable, or not an OpenLocator gazetteer.
        public static let gazetteerUnavailable = Code(rawValue: "gazetteerUnavailable")
        /// An input file for a build is missing or malformed.
        public static let invalidInput = Code(rawValue: "invalidInput")
        /// Building a gazetteer failed; nothing was written in place of the target file.
        public static let buildFailed = Code(rawValue: "buildFailed")
        /// The data store failed while answering (the message names the operation, never the SQL).
        public static let storageFailure = Code(rawValue: "storageFailure")
        /// The operation was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
    }

    /// What kind of failure this is.
    public let code: Code
    /// One line saying what was wrong.
    public let message: String

    /// Makes an error with a code and a one-line message.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The one-line message.
    public var description: String { message }

    static func invalidParameter(_ message: String) -> LocatorError { LocatorError(.invalidParameter, message) }
}

/// Lets `catch LocatorError.invalidParameter { … }` match a ``LocatorError`` by its code.
public func ~= (code: LocatorError.Code, error: any Error) -> Bool {
    (error as? LocatorError)?.code == code
}

extension LocatorError {
    /// `catch LocatorError.invalidParameter { … }`
    public static var invalidParameter: Code { .invalidParameter }
    /// `catch LocatorError.gazetteerUnavailable { … }`
    public static var gazetteerUnavailable: Code { .gazetteerUnavailable }
}
