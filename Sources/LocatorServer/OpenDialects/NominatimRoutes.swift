import Foundation
import OpenLocator

/// Nominatim's API over a ``LocatorTask``: `/search` (free text or structured), `/reverse`,
/// `/lookup` and `/status`, at the root, with `.php` (as older clients call them) and below
/// `/nominatim`, so a client pointed at `http://host:port` or `http://host:port/nominatim`
/// works with only its URL changed.
///
/// ```
/// GET /search?q=Stockmann&format=jsonv2&addressdetails=1
/// GET /reverse?lat=60.1687&lon=24.9416&zoom=18&format=json
/// GET /lookup?osm_ids=W24308451,N123&format=json
/// ```
/// Answers are `format=jsonv2` (the default), `json`, `geojson` or `geocodejson`; `xml` is
/// refused with HTTP 400, as is any bad parameter, with `{"error":{"code":400,"message":…}}`.
struct NominatimRoutes {
    let task: LocatorTask
    /// What the gazetteer held when the server started, for `/status`.
    let info: LocatorInfo?

    /// The endpoint a path names ("search", "reverse", "lookup", "status"), or `nil`.
    static func endpoint(_ path: String) -> String? {
        var name = path.hasPrefix("/nominatim/") ? String(path.dropFirst("/nominatim".count)) : path
        if name.hasSuffix(".php") { name.removeLast(4) }
        let endpoints = ["/search": "search", "/reverse": "reverse", "/lookup": "lookup", "/status": "status"]
        return endpoints[name]
    }

    /// The most places `/search` answers with, as Nominatim's `limit` is capped.
    static let maxLimit = 40

    func respond(_ endpoint: String, _ parameters: WireParameters, request: HTTPRequest) -> HTTPResponse {
        let format = (parameters.nonEmpty("format") ?? (endpoint == "status" ? "text" : "jsonv2")).lowercased()
        var response: HTTPResponse
        do {
            if endpoint == "status" { return try status(format) }
            guard let style = NominatimFormat.Style(rawValue: format) else {
                throw OpenDialectError.badRequest(
                    "format '\(format.prefix(20))' is not served; use jsonv2, json, geojson or geocodejson")
            }
            let options = try Options(parameters, request: request, addressDetailsByDefault: endpoint == "reverse")
            switch endpoint {
            case "search":
                let places = try search(parameters, options)
                response = .json(NominatimFormat.places(places, style: style, details: options, query: options.query))
            case "reverse":
                guard let place = try reverse(parameters, options) else {
                    response = .json(.object([("error", .string("Unable to geocode"))]))
                    break
                }
                response = .json(NominatimFormat.place(place, style: style, details: options))
            default:
                let places = try lookup(parameters, options)
                response = .json(NominatimFormat.places(places, style: style, details: options, query: options.query))
            }
        } catch {
            response = Self.refusal(OpenDialectError.from(error))
        }
        if let callback = parameters.nonEmpty("json_callback") {
            guard JSONP.isFunctionName(callback) else {
                return Self.refusal(.badRequest(JSONP.nameRule))
            }
            return JSONP.wrap(response, in: callback)
        }
        return response
    }

    /// Nominatim's error body, `{"error":{"code":400,"message":…}}`, with the refusal's status.
    static func refusal(_ refused: OpenDialectError) -> HTTPResponse {
        .json(
            .object([
                (
                    "error",
                    .object([("code", .number(Double(refused.status))), ("message", .string(refused.message))])
                )
            ]), status: refused.status)
    }

    /// What every endpoint reads besides its own parameters.
    struct Options {
        var addressDetails: Bool
        var nameDetails: Bool
        var extraTags: Bool
        var language: String?
        /// The query as the answer echoes it (geocodejson).
        var query: String

        /// `addressDetailsByDefault`: `/reverse` gives the address unless asked not to, as Nominatim does.
        init(_ parameters: WireParameters, request: HTTPRequest, addressDetailsByDefault: Bool) throws {
            addressDetails = try OpenDialectParameters.flag(
                parameters, "addressdetails", default: addressDetailsByDefault)
            nameDetails = try OpenDialectParameters.flag(parameters, "namedetails", default: false)
            extraTags = try OpenDialectParameters.flag(parameters, "extratags", default: false)
            language = OpenDialectParameters.language(
                parameters.nonEmpty("accept-language") ?? request.headers["accept-language"])
            query =
                parameters.nonEmpty("q")
                ?? NominatimRoutes.structuredFields.compactMap { parameters.nonEmpty($0) }.joined(separator: ", ")
        }
    }

    // MARK: - /search

    /// The structured search's fields, in the order they are read as one line.
    static let structuredFields = ["amenity", "street", "city", "county", "state", "postalcode", "country"]

    private func search(_ parameters: WireParameters, _ options: Options) throws -> [OpenPlace] {
        let structured = Self.structuredFields.compactMap { field in parameters.nonEmpty(field).map { (field, $0) } }
        let q = parameters.nonEmpty("q")
        if q != nil, !structured.isEmpty {
            throw OpenDialectError.badRequest(
                "structured query parameters (amenity, street, city, county, state, postalcode, country) cannot be used together with 'q'"
            )
        }
        guard let text = q ?? (structured.isEmpty ? nil : structured.map(\.1).joined(separator: ", ")) else {
            throw OpenDialectError.badRequest(
                "nothing to search for: give q, or street, city, county, state, postalcode, country")
        }
        let limit = try OpenDialectParameters.integer(parameters, "limit", in: 1...Self.maxLimit) ?? 10
        let countries = try Self.countryCodes(parameters)
        let viewbox = try OpenDialectParameters.box(parameters, "viewbox")
        let bounded = try OpenDialectParameters.flag(parameters, "bounded", default: false)
        let filter = try Filter(parameters)
        let geocode = GeocodeParameters()
        geocode.addResultAttributeNames(OpenPlace.attributeNames)
        geocode.outputLanguageCode = options.language
        geocode.answersInLocalLanguage = true  // (with no language asked for: the local names, as Nominatim)
        geocode.maxResults = filter.isEmpty ? limit : GeocodeParameters.maxResultsLimit
        if let viewbox {
            if bounded { geocode.searchArea = viewbox } else { geocode.preferredSearchLocation = viewbox.center }
        }
        // Several countries: the best of each, merged by score.
        var results: [GeocodeResult] = []
        for country in countries.isEmpty ? [nil] : countries.map(Optional.some) {
            geocode.countryCode = country
            results += try task.geocodeBlocking(forSearchText: text, using: geocode)
        }
        if countries.count > 1 { results.sort { $0.score > $1.score } }
        return results.map(OpenPlace.init).filter(filter.admits).prefix(limit).map { $0 }
    }

    /// `countrycodes=fi,se`: ISO 3166 alpha-2 codes, checked.
    private static func countryCodes(_ parameters: WireParameters) throws -> [String] {
        let codes = parameters.list("countrycodes")
        for code in codes where code.count != 2 || !code.allSatisfy(\.isLetter) {
            throw OpenDialectError.badRequest(
                "countrycodes must be ISO 3166-1 alpha-2 codes such as fi,se; got '\(code.prefix(20))'")
        }
        return codes.map { $0.uppercased() }
    }

    /// What `layer`, `featureType` and `exclude_place_ids` keep of the answers.
    struct Filter {
        var layers: Set<String> = []
        var featureType: String?
        var excluded: Set<Int64> = []

        static let knownLayers: Set<String> = ["address", "poi", "railway", "natural", "manmade"]
        static let featureTypes: Set<String> = ["country", "state", "city", "settlement"]

        init(_ parameters: WireParameters) throws {
            layers = Set(parameters.list("layer").map { $0.lowercased() })
            if let unknown = layers.subtracting(Self.knownLayers).first {
                throw OpenDialectError.badRequest(
                    "unknown layer '\(unknown.prefix(20))'; use address, poi, railway, natural or manmade")
            }
            featureType = parameters.nonEmpty("featureType")?.lowercased()
            if let featureType, !Self.featureTypes.contains(featureType) {
                throw OpenDialectError.badRequest(
                    "unknown featureType '\(featureType.prefix(20))'; use country, state, city or settlement")
            }
            for id in parameters.list("exclude_place_ids") {
                guard let number = Int64(id) else {
                    throw OpenDialectError.badRequest(
                        "exclude_place_ids must be place_id numbers, got '\(id.prefix(20))'")
                }
                excluded.insert(number)
            }
        }

        var isEmpty: Bool { layers.isEmpty && featureType == nil && excluded.isEmpty }

        func admits(_ place: OpenPlace) -> Bool {
            if excluded.contains(place.placeID) { return false }
            // Countries and states are localities of those types; cities and settlements the rest.
            if let featureType {
                guard place.addressType == "Locality" else { return false }
                switch featureType {
                case "country": if place.type != "Country" { return false }
                case "state": if place.type != "Region" { return false }
                default: if place.type == "Country" || place.type == "Region" { return false }
                }
            }
            guard !layers.isEmpty else { return true }
            let isPOI = place.addressType == "POI"
            return (layers.contains("address") && !isPOI) || (layers.contains("poi") && isPOI)
                || (layers.contains("railway") && place.tag.key == "railway")
                || (layers.contains("natural") && ["natural", "waterway"].contains(place.tag.key))
                || (layers.contains("manmade") && ["man_made", "bridge", "tunnel"].contains(place.tag.key))
        }
    }

    // MARK: - /reverse

    /// The nearest place at the detail `zoom` asks (Nominatim's 0–18): at 18 a POI or address
    /// within 100 m, falling back to a street within 500 m; from 16 a street; below, and for
    /// anything missing, a locality within 50 km: the nearest from zoom 13 (suburbs and
    /// villages), the nearest town or city (about 10,000 people or more) at 9–12, the
    /// nearest city (about 100,000) below, and the nearest of any size where there is none.
    private func reverse(_ parameters: WireParameters, _ options: Options) throws -> OpenPlace? {
        let point = try OpenDialectParameters.point(parameters)
        let zoom = try OpenDialectParameters.integer(parameters, "zoom", in: 0...18) ?? 18
        let layers = try Filter(parameters).layers
        func nearest(_ types: [ReverseGeocodeParameters.FeatureType], within metres: Double, count: Int = 1) throws
            -> [OpenPlace]
        {
            let reverse = ReverseGeocodeParameters()
            for type in types { reverse.addFeatureType(type) }
            reverse.maxDistance = metres
            reverse.maxResults = count
            reverse.addResultAttributeNames(OpenPlace.attributeNames)
            reverse.outputLanguageCode = options.language
            return try task.reverseGeocodeBlocking(forLocation: point, parameters: reverse).map(OpenPlace.init)
        }
        if layers.contains("poi"), !layers.contains("address") { return try nearest([.poi], within: 100).first }
        if zoom >= 18, let found = try nearest(layers.contains("address") ? [.pointAddress] : [], within: 100).first {
            return found
        }
        if zoom >= 16, let found = try nearest([.streetName], within: 500).first { return found }
        let towns = try nearest([.locality], within: 50_000, count: zoom >= 13 ? 1 : GeocodeParameters.maxResultsLimit)
        let sizes: Set<String> = zoom >= 13 ? [] : zoom >= 9 ? ["city", "town"] : ["city"]
        return towns.first { sizes.isEmpty || sizes.contains($0.tag.value) } ?? towns.first
    }

    // MARK: - /lookup

    /// `osm_ids=N123,W45,R7`: those OSM objects the gazetteer holds, in the order asked.
    private func lookup(_ parameters: WireParameters, _ options: Options) throws -> [OpenPlace] {
        let ids = parameters.list("osm_ids")
        guard !ids.isEmpty else { throw OpenDialectError.badRequest("osm_ids is required: N123,W45,R7") }
        let sources = try ids.map { id in
            guard let source = OpenPlace.sourceID(lookupID: id) else {
                throw OpenDialectError.badRequest(
                    "osm_ids must be OSM ids with their type letter (N, W or R): N123,W45; got '\(id.prefix(20))'")
            }
            return source
        }
        let geocode = GeocodeParameters()
        geocode.addResultAttributeNames(OpenPlace.attributeNames)
        geocode.outputLanguageCode = options.language
        geocode.answersInLocalLanguage = true  // (with no language asked for: the local names, as Nominatim)
        return try task.placesBlocking(withSourceIDs: sources, using: geocode).map(OpenPlace.init)
    }

    // MARK: - /status

    private func status(_ format: String) throws -> HTTPResponse {
        switch format {
        case "text":
            return HTTPResponse(
                status: 200, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Data("OK".utf8))
        case "json":
            var members: [(String, JSONValue)] = [("status", .number(0)), ("message", .string("OK"))]
            if let built = info?.buildDate { members.append(("data_updated", .string(built))) }
            members.append(("software_version", .string("OpenLocator \(OpenLocatorVersion.current)")))
            if let schema = info?.properties["SchemaVersion"] { members.append(("database_version", .string(schema))) }
            return .json(.object(members))
        default:
            throw OpenDialectError.badRequest(
                "format '\(format.prefix(20))' is not served by /status; use text or json")
        }
    }
}
