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
        /// The work took longer than the time allowed for one request (a server's
        /// `--request-timeout`): ask for less.
        public static let timeLimitExceeded = Code(rawValue: "timeLimitExceeded")
        /// The operation was cancelled.
        public static let cancelled = Code(rawValue: "cancelled")
        /// A remote service rejected the request as malformed (HTTP or ArcGIS code 400, 404, …).
        public static let badRequest = Code(rawValue: "badRequest")
        /// A remote service needs an API key and got none (ArcGIS code 499; HTTP 401).
        public static let tokenRequired = Code(rawValue: "tokenRequired")
        /// A remote service rejected the API key as invalid or expired (ArcGIS code 498).
        public static let invalidToken = Code(rawValue: "invalidToken")
        /// The API key may not use this service or operation (code 403).
        public static let forbidden = Code(rawValue: "forbidden")
        /// A remote service is limiting the request rate (code 429), still after the retries.
        public static let rateLimited = Code(rawValue: "rateLimited")
        /// A remote service failed or is overloaded (code 5xx), still after the retries.
        public static let serviceUnavailable = Code(rawValue: "serviceUnavailable")
        /// A remote service did not answer in time, still after the retries.
        public static let timeout = Code(rawValue: "timeout")
        /// A remote service could not be reached at all (no route, refused, unknown host).
        public static let offline = Code(rawValue: "offline")
        /// A remote service answered with something that is not GeocodeServer JSON.
        public static let invalidResponse = Code(rawValue: "invalidResponse")
    }

    /// What kind of failure this is.
    public let code: Code
    /// One line saying what was wrong.
    public let message: String
    /// For errors from a remote service: the HTTP status or ArcGIS error code it sent
    /// (498, 499, 403, 429, 503, …).
    public let serviceCode: Int?

    /// Makes an error with a code and a one-line message.
    public init(_ code: Code, _ message: String, serviceCode: Int? = nil) {
        self.code = code
        self.message = message
        self.serviceCode = serviceCode
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
