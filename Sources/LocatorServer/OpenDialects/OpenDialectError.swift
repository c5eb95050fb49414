import Foundation
import OpenLocator

/// A request the Nominatim or Photon dialect refuses: its HTTP status and a one-line reason.
struct OpenDialectError: Error {
    var status: Int
    var message: String

    static func badRequest(_ message: String) -> OpenDialectError { OpenDialectError(status: 400, message: message) }

    /// What a failure of the task becomes: its own message for a bad parameter, a fixed one
    /// for the time limit, and nothing of the server's insides for anything else.
    static func from(_ error: any Error) -> OpenDialectError {
        switch error {
        case let error as OpenDialectError: return error
        case let error as LocatorError where error.code == .invalidParameter: return badRequest(error.message)
        case let error as LocatorError where error.code == .timeLimitExceeded:
            return OpenDialectError(status: 503, message: "Request exceeds the time limit.")
        default: return OpenDialectError(status: 500, message: "Unable to complete operation.")
        }
    }
}
