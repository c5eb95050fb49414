import Foundation

/// One HTTP/1.1 request as the server read it.
public struct HTTPRequest: Sendable {
    public var method: String
    /// The target's path, percent-decoded ("/arcgis/rest/services/World/GeocodeServer/suggest").
    public var path: String
    /// The raw query string, without "?".
    public var query: String
    /// Header names lowercased; a repeated header keeps its first value.
    public var headers: [String: String]
    public var body: Data
    /// The peer's address, for the access log.
    public var peer: String

    /// Whether the connection stays open after the answer (HTTP/1.1 unless "Connection:
    /// close"; HTTP/1.0 only with "Connection: keep-alive").
    public var keepAlive: Bool
}

/// An HTTP response to write.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(String, String)]
    public var body: Data

    public init(status: Int, headers: [(String, String)] = [], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON body with the given status.
    public static func json(_ text: String, status: Int = 200) -> HTTPResponse {
        json(bytes: Data(text.utf8), status: status)
    }

    /// JSON text already in UTF-8 as the body.
    public static func json(bytes: Data, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: bytes)
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 503: return "Service Unavailable"
        default: return "Status"
        }
    }

    /// The bytes on the wire, with Content-Length and Connection set.
    func serialized(keepAlive: Bool, includeBody: Bool = true) -> Data {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
        return Data(head.utf8) + (includeBody ? body : Data())
    }
}
