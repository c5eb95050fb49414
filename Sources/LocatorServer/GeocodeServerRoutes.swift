import Foundation
import OpenLocator

/// The ArcGIS REST GeocodeServer over a ``LocatorTask``: the routes, parameters, token check,
/// CORS and error bodies of `locator serve`.
///
/// Serves `/arcgis/rest/services/World/GeocodeServer` (with or without a trailing slash) and
/// its operations `findAddressCandidates`, `reverseGeocode`, `suggest` and `geocodeAddresses`,
/// by GET or form POST, parameter names in any case, unknown parameters ignored, `f=json`,
/// `pjson` (and `geojson` for candidates); plus `/health`. Invalid parameters get ArcGIS error
/// bodies (`{"error":{"code":400,"message","details"}}`) on HTTP 200, as ArcGIS servers send
/// them and geopy and esri-leaflet read them; a failure of the server itself is HTTP 500 with
/// a generic error body. The Nominatim and Photon dialects (``NominatimRoutes``,
/// ``PhotonRoutes``) are routed here too, behind the same key.
public final class GeocodeServerRoutes: Sendable {
    /// Where the service lives; geopy hard-codes this path.
    public static let servicePath = "/arcgis/rest/services/World/GeocodeServer"
    /// The most parameters one request may carry.
    static let maxParameters = 200

    /// The most characters of text all the records of one `geocodeAddresses` request may hold.
    package static let maxBatchCharacters = 100_000

    let task: LocatorTask
    let apiKey: String?
    /// Seconds of work one request may take (``WorkBudget``).
    let requestTimeout: Double
    /// Batches being answered and the most at once: a batch keeps every core busy, so more
    /// would leave no worker for single queries.
    private let batches: BatchAdmission
    /// How many `geocodeAddresses` requests are being answered now.
    package var batchesInProgress: Int { batches.inUseCount }
    /// The root resource, serialized once.
    let description: Data
    /// What the gazetteer held when the server started, for the description's `locatorProperties`.
    private let info: LocatorInfo?
    /// The map page at `/` and `/map`, when served.
    public let site: MapSite?
    /// The Nominatim and Photon dialects over the same task.
    private let nominatim: NominatimRoutes
    private let photon: PhotonRoutes

    /// - Parameters:
    ///   - task: answers every operation.
    ///   - apiKey: when set, every request must carry it as `token` or a Bearer header.
    ///   - requestTimeout: seconds of work one request may take; over it, an ArcGIS error.
    ///   - concurrentBatches: how many `geocodeAddresses` requests run at once; more are
    ///     answered 503 with Retry-After (give about half the workers).
    ///   - site: the map page to serve at `/` and `/map` (``MapSite``); `nil` for none.
    public init(
        task: LocatorTask, apiKey: String? = nil, requestTimeout: Double = 5, concurrentBatches: Int = 2,
        site: MapSite? = nil
    ) {
        self.task = task
        self.site = site
        self.apiKey = apiKey.flatMap { $0.isEmpty ? nil : $0 }
        self.requestTimeout = requestTimeout
        batches = BatchAdmission(limit: max(1, concurrentBatches))
        info = try? task.locatorInfoBlocking()  // read once: the counts cost a scan of the places
        description = Data(ServiceDescription.root(info: info).utf8())
        nominatim = NominatimRoutes(task: task, info: info)
        photon = PhotonRoutes(task: task)
    }

    /// Answers one HTTP request.
    public func respond(_ request: HTTPRequest) -> HTTPResponse {
        // One budget and one gazetteer file for the whole request, whatever replaces the file.
        var response = GazetteerPin.run { WorkBudget.run(WorkBudget(seconds: requestTimeout)) { route(request) } }
        response = GzipEncoding.encoded(response, acceptEncoding: request.headers["accept-encoding"])
        response.headers += [
            ("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
            ("Access-Control-Allow-Headers", "Content-Type, Authorization, X-Esri-Authorization"),
        ]
        return response
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        if request.method == "OPTIONS" { return HTTPResponse(status: 204) }
        guard ["GET", "POST", "HEAD"].contains(request.method) else {
            return .json(Self.error(405, "Method not allowed; use GET or POST."), status: 405)
        }
        var path = request.path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path == "/health" { return .json(#"{"status":"ok"}"#) }
        if Self.tokenPaths.contains(path) { return generateToken(request) }
        if path == ServiceDescription.infoPath {
            // The token service's address as the client reached this server.
            let host = request.headers["host"].flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
            return .json(
                ServiceDescription.info(
                    tokenServicesUrl: apiKey == nil ? nil : "http://\(host)/arcgis/tokens/generateToken"),
                pretty: Self.parameters(request)["f"] == "pjson")
        }
        if path == MapStreets.path { return mapLayer(request) { try MapStreets.answer($0, task: task) } }
        if path == MapTowns.path { return mapLayer(request) { try MapTowns.answer($0, task: task) } }
        if path == MapInfo.path { return mapInfo(request) }
        if path == "/" || path == "/map" || path.hasPrefix(MapSite.root) { return mapFile(request, path: path) }
        if let endpoint = NominatimRoutes.endpoint(path) {
            return openDialect(request) { nominatim.respond(endpoint, $0, request: request) }
        }
        if let endpoint = PhotonRoutes.endpoint(path) {
            return openDialect(request) { photon.respond(endpoint, $0, request: request) }
        }
        guard path == Self.servicePath || path.hasPrefix(Self.servicePath + "/") else {
            return .json(Self.error(404, "Not found: the service is at \(Self.servicePath)."), status: 404)
        }
        let operation = String(path.dropFirst(Self.servicePath.count).drop { $0 == "/" })
        let parameters = Self.parameters(request)
        guard parameters.pairs.count <= Self.maxParameters else {
            return answer(Self.error(400, "Too many parameters (at most \(Self.maxParameters))."), false)
        }
        let pretty = parameters["f"]?.lowercased() == "pjson"
        if let format = parameters.nonEmpty("f")?.lowercased(), !["json", "pjson", "geojson", "html"].contains(format) {
            return answer(Self.error(400, "Unsupported format '\(format.prefix(20))'; use f=json or f=pjson."), pretty)
        }
        let callback = parameters.nonEmpty("callback")
        if let callback, !JSONP.isFunctionName(callback) {
            return answer(Self.error(400, "Invalid callback.", details: [JSONP.nameRule]), pretty)
        }
        let response = operationResponse(operation, parameters, request: request, pretty: pretty)
        return callback.map { JSONP.wrap(response, in: $0) } ?? response
    }

    /// The answer of one operation of the service, as JSON.
    private func operationResponse(
        _ operation: String, _ parameters: WireParameters, request: HTTPRequest, pretty: Bool
    ) -> HTTPResponse {
        if let denied = checkToken(request, parameters) { return answer(denied, pretty) }
        do {
            switch operation.lowercased() {
            case "":
                return pretty ? .json(ServiceDescription.root(info: info), pretty: true) : .json(bytes: description)
            case "findaddresscandidates": return try findAddressCandidates(parameters, pretty: pretty)
            case "find": return answer(try find(parameters), pretty)
            case "reversegeocode": return answer(try reverseGeocode(parameters), pretty)
            case "suggest": return answer(try suggest(parameters), pretty)
            case "geocodeaddresses": return answer(try geocodeAddresses(parameters), pretty)
            default:
                return answer(Self.error(400, "Unknown operation '\(operation.prefix(40))'."), pretty)
            }
        } catch let error as LocatorError where error.code == .timeLimitExceeded {
            return answer(Self.error(400, "Request exceeds the time limit.", details: [error.message]), pretty)
        } catch is BatchAdmission.Busy {
            var busy = HTTPResponse.json(
                Self.error(
                    503, "Too many batches at once; retry shortly.",
                    details: ["at most \(batches.limit) geocodeAddresses requests are answered at a time"]),
                pretty: pretty, status: 503)
            busy.headers.append(("Retry-After", "1"))
            return busy
        } catch let error as LocatorError where error.code == .invalidParameter {
            return answer(
                Self.error(400, "Cannot perform query. Invalid query parameters.", details: [error.message]), pretty)
        } catch {
            // The gazetteer failed (a damaged file, a full disk, an I/O error): HTTP 500 and a
            // generic body; what SQLite said, and the file's path, stay out of the answer.
            return .json(Self.error(500, "Unable to complete operation."), pretty: pretty, status: 500)
        }
    }

    private func answer(_ json: JSONValue, _ pretty: Bool) -> HTTPResponse { .json(json, pretty: pretty) }

    /// One of the map page's files; 404 for any other path below `/map/`.
    private func mapFile(_ request: HTTPRequest, path: String) -> HTTPResponse {
        guard let site else {
            return .json(
                Self.error(404, "Not found: this server has no map page; the service is at \(Self.servicePath)."),
                status: 404)
        }
        return site.response(for: path, acceptEncoding: request.headers["accept-encoding"])
            ?? .json(Self.error(404, "Not found: no such file of the map page."), status: 404)
    }

    /// What the map page is told first (``MapInfo``), behind the same token as the service.
    private func mapInfo(_ request: HTTPRequest) -> HTTPResponse {
        let parameters = Self.parameters(request)
        if let denied = checkToken(request, parameters) { return answer(denied, false) }
        guard let site else { return .json(Self.error(404, "Not found: this server has no map page."), status: 404) }
        return .json(MapInfo.answer(info: info, site: site))
    }

    /// One of the map page's GeoJSON layers (``MapStreets``, ``MapTowns``), behind the same
    /// token as the service.
    private func mapLayer(_ request: HTTPRequest, _ layer: (WireParameters) throws -> JSONValue) -> HTTPResponse {
        let parameters = Self.parameters(request)
        guard parameters.pairs.count <= Self.maxParameters else {
            return answer(Self.error(400, "Too many parameters (at most \(Self.maxParameters))."), false)
        }
        if let denied = checkToken(request, parameters) { return answer(denied, false) }
        do {
            var response = HTTPResponse.json(try layer(parameters))
            response.headers = [("Content-Type", "application/geo+json; charset=utf-8")]
            return response
        } catch let error as LocatorError where error.code == .invalidParameter {
            // Not an ArcGIS operation, so the status says it too (ArcGIS's own errors come as 200).
            return .json(Self.error(400, "Invalid query parameters.", details: [error.message]), status: 400)
        } catch let error as LocatorError where error.code == .timeLimitExceeded {
            return .json(Self.error(400, "Request exceeds the time limit.", details: [error.message]), status: 400)
        } catch {
            return .json(Self.error(500, "Unable to complete operation."), status: 500)
        }
    }

    /// A Nominatim or Photon request: its parameters counted and its token checked (`token`,
    /// `key` as hosted Nominatims take it, or a Bearer header) before `answer` reads them.
    private func openDialect(_ request: HTTPRequest, _ answer: (WireParameters) -> HTTPResponse) -> HTTPResponse {
        let parameters = Self.parameters(request)
        guard parameters.pairs.count <= Self.maxParameters else {
            return .json(
                .object([("message", .string("Too many parameters (at most \(Self.maxParameters))."))]), status: 400)
        }
        let withKey =
            parameters.nonEmpty("token") == nil && parameters.nonEmpty("key") != nil
            ? WireParameters(
                parameters.pairs.map { $0.name.lowercased() == "key" ? ("token", $0.value) : ($0.name, $0.value) })
            : parameters
        if checkToken(request, withKey) != nil {
            return .json(
                .object([
                    (
                        "message",
                        .string(
                            "A valid token is required: give token=… (or key=…) or an Authorization: Bearer header.")
                    )
                ]),
                status: 401)
        }
        return answer(parameters)
    }

    /// Query and form-body parameters together (the body when it is form-encoded, or has no type).
    package static func parameters(_ request: HTTPRequest) -> WireParameters {
        let type = request.headers["content-type"]?.lowercased() ?? ""
        let form =
            request.method == "POST" && (type.isEmpty || type.contains("x-www-form-urlencoded"))
            ? String(decoding: request.body, as: UTF8.self) : ""
        // Empty parts are dropped, so joining the two texts joins their parameters.
        return WireParameters(formEncoded: form.isEmpty ? request.query : request.query + "&" + form)
    }

    /// 499 without a token, 498 with a wrong one; `nil` when none is needed or it is right.
    private func checkToken(_ request: HTTPRequest, _ parameters: WireParameters) -> JSONValue? {
        guard let apiKey else { return nil }
        let header = request.headers["x-esri-authorization"] ?? request.headers["authorization"]
        let bearer = header.flatMap { $0.lowercased().hasPrefix("bearer ") ? String($0.dropFirst(7)) : nil }
        guard let token = parameters.nonEmpty("token") ?? bearer?.trimmedSpaces else {
            return Self.error(499, "Token Required", details: ["Token Required"])
        }
        return Self.sameInConstantTime(token, apiKey) ? nil : Self.error(498, "Invalid token.")
    }

    /// Where clients ask for a token: ArcGIS Online's (geopy's authenticated mode) and ArcGIS
    /// Server's paths.
    static let tokenPaths: Set<String> = [
        "/sharing/generateToken", "/sharing/rest/generateToken", "/arcgis/tokens/generateToken",
    ]

    /// `generateToken`: the configured API key, given as `password` (any `username`), is
    /// exchanged for a token, which is the key itself (the client showed it already) valid for
    /// `expiration` minutes (default 60); a wrong password is error 400. A server without a
    /// key hands out an empty token, which it never asks for.
    private func generateToken(_ request: HTTPRequest) -> HTTPResponse {
        let parameters = Self.parameters(request)
        let pretty = parameters["f"]?.lowercased() == "pjson"
        let minutes: Int
        do {
            minutes = try parameters.integer("expiration", in: 1...525_600, clampingAbove: true) ?? 60
        } catch {
            let reason = (error as? LocatorError)?.message ?? "expiration must be a whole number of minutes"
            return answer(Self.error(400, "Unable to generate token.", details: [reason]), pretty)
        }
        if let apiKey, !Self.sameInConstantTime(parameters.nonEmpty("password") ?? "", apiKey) {
            return answer(
                Self.error(400, "Unable to generate token.", details: ["Invalid username or password."]), pretty)
        }
        let expires = (Date().timeIntervalSince1970 + Double(minutes) * 60) * 1000
        return answer(
            .object([("token", .string(apiKey ?? "")), ("expires", .number(expires.rounded())), ("ssl", .bool(false))]),
            pretty)
    }

    /// Whether two secrets are equal, compared in constant time, so the answer's timing says
    /// nothing about the key.
    private static func sameInConstantTime(_ given: String, _ key: String) -> Bool {
        let a = Array(given.utf8), b = Array(key.utf8)
        var difference = a.count ^ b.count
        for i in 0..<min(a.count, b.count) { difference |= Int(a[i] ^ b[i]) }
        return difference == 0
    }

    static func error(_ code: Int, _ message: String, details: [String] = []) -> JSONValue {
        ArcGISResponses.error(code: code, message: message, details: details)
    }

    // MARK: - Operations (answered on the worker thread, no Swift task waited for)

    /// `f=geojson` answers in WGS84 (RFC 7946) whatever `outSR` says, the `X`/`Y` attributes
    /// too, so a feature's properties agree with its geometry (a bad `outSR` is still an error).
    private func findAddressCandidates(_ parameters: WireParameters, pretty: Bool) throws -> HTTPResponse {
        var request = try FindAddressCandidatesRequest(parameters)
        if parameters["f"]?.lowercased() == "geojson" {
            request.outSR = nil
            return .json(GeoJSONFormatter.featureCollection(try candidates(request).results), pretty: pretty)
        }
        let response = try candidates(request)
        return .json(
            ArcGISResponses.findAddressCandidates(
                response.results, spatialReference: request.outSR ?? .wgs84, coverage: response.coverage),
            pretty: pretty)
    }

    /// What findAddressCandidates (and the legacy find) answer for `request`.
    private func candidates(_ request: FindAddressCandidatesRequest) throws -> GeocodeResponse {
        let geocode = request.geocodeParameters
        if request.singleLine.trimmedSpaces.isEmpty, request.categories.isEmpty {
            return GeocodeResponse(results: [])  // nothing asked
        }
        if let key = request.magicKey {
            let suggestion = SuggestResult(label: request.singleLine, isCollection: false, magicKey: key)
            return GeocodeResponse(results: try task.geocodeBlocking(forSuggestResult: suggestion, using: geocode))
        }
        return try task.geocodeResponseBlocking(forSearchText: request.singleLine, using: geocode)
    }

    /// The legacy `find` operation: findAddressCandidates with `text` for `singleLine` and
    /// `bbox` for `searchExtent`, answered as `locations`.
    private func find(_ parameters: WireParameters) throws -> JSONValue {
        let renamed: [String: String] = ["text": "singleLine", "bbox": "searchExtent"]
        let dropped: Set<String> = ["singleline", "searchextent"]
        let pairs = parameters.pairs.filter { !dropped.contains($0.name.lowercased()) }.map { pair in
            (renamed[pair.name.lowercased()] ?? pair.name, pair.value)
        }
        let request = try FindAddressCandidatesRequest(WireParameters(pairs))
        return ArcGISResponses.findLocations(try candidates(request).results, spatialReference: request.outSR ?? .wgs84)
    }

    private func reverseGeocode(_ parameters: WireParameters) throws -> JSONValue {
        let request = try ReverseGeocodeRequest(parameters)
        let reverse = try request.reverseParameters()
        guard let result = try task.reverseGeocodeBlocking(forLocation: request.location, parameters: reverse).first
        else { return ArcGISResponses.unableToFindAddress }
        return ArcGISResponses.reverseGeocode(result, spatialReference: request.outSR ?? .wgs84)
    }

    private func suggest(_ parameters: WireParameters) throws -> JSONValue {
        let request = try SuggestRequest(parameters)
        let suggestions = try task.suggestBlocking(forSearchText: request.text, parameters: request.suggestParameters)
        return ArcGISResponses.suggest(suggestions.filter { request.returnCollections || !$0.isCollection })
    }

    private func geocodeAddresses(_ parameters: WireParameters) throws -> JSONValue {
        let request = try GeocodeAddressesRequest(parameters)
        let characters = request.records.reduce(0) { $0 + $1.text.unicodeScalars.count }
        guard characters <= Self.maxBatchCharacters else {
            throw LocatorError(
                .invalidParameter,
                "addresses holds \(characters) characters of text; at most \(Self.maxBatchCharacters) are allowed per request"
            )
        }
        let sr = request.outSR ?? .wgs84
        let matches = try batches.run {
            try task.geocodeBlocking(batch: request.records.map(\.text), using: request.geocodeParameters)
        }
        let locations = zip(request.records, matches).map { record, match in
            ArcGISResponses.batchLocation(match, resultID: record.id, text: record.text)
        }
        return .object([("spatialReference", ArcGISResponses.spatialReference(sr)), ("locations", .array(locations))])
    }
}

extension HTTPResponse {
    /// A JSON value as the body, compact or indented with `pretty`.
    static func json(_ value: JSONValue, pretty: Bool = false, status: Int = 200) -> HTTPResponse {
        json(bytes: Data(value.utf8(pretty: pretty)), status: status)
    }
}

/// A counted limit on batches answered at once; over it ``run(_:)`` throws ``Busy`` at once
/// rather than hold a worker waiting.
final class BatchAdmission: @unchecked Sendable {
    struct Busy: Error {}
    let limit: Int
    private let lock = NSLock()
    private var inUse = 0

    init(limit: Int) { self.limit = limit }

    /// Batches being answered now.
    var inUseCount: Int { lock.withLock { inUse } }

    func run<T>(_ body: () throws -> T) throws -> T {
        let taken = lock.withLock { () -> Bool in
            guard inUse < limit else { return false }
            inUse += 1
            return true
        }
        guard taken else { throw Busy() }
        defer { lock.withLock { inUse -= 1 } }
        return try body()
    }
}
