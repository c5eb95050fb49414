import Foundation

/// JSONP, as ArcGIS REST answers a `callback` parameter: the JSON body wrapped in a call of
/// that function, served as JavaScript. Only plain names are taken (letters, digits, `_`,
/// `.` and `$`, not starting with a digit), so a callback cannot inject script.
///
/// ```
/// GET …/findAddressCandidates?singleLine=Stockmann&f=json&callback=geocoded
/// geocoded({"spatialReference":…,"candidates":[…]});
/// ```
enum JSONP {
    static let nameRule =
        "callback must be a JavaScript function name: letters, digits, _ . and $, not starting with a digit, at most 128 characters"

    static func isFunctionName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= 128,
            !("0"..."9").contains(first), first != "."
        else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_" || scalar == "." || scalar == "$"
        }
    }

    /// `response` (JSON) as a call of `callback`. U+2028 and U+2029, legal in JSON strings but
    /// line ends to older JavaScript, are escaped.
    static func wrap(_ response: HTTPResponse, in callback: String) -> HTTPResponse {
        var body = String(decoding: response.body, as: UTF8.self)
        body = body.replacingOccurrences(of: "\u{2028}", with: "\\u2028")
            .replacingOccurrences(of: "\u{2029}", with: "\\u2029")
        var wrapped = response
        wrapped.body = Data("/**/\(callback)(\(body));".utf8)
        wrapped.headers =
            response.headers.filter { $0.0.lowercased() != "content-type" } + [
                ("Content-Type", "application/javascript; charset=utf-8"), ("X-Content-Type-Options", "nosniff"),
            ]
        return wrapped
    }
}
