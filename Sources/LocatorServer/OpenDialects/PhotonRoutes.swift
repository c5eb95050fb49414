import Foundation
import OpenLocator

/// Photon's API over a ``LocatorTask``: `/api` (search) and `/reverse` below `/photon`, and
/// `/api` at the root too (the root `/reverse` is Nominatim's), so a Photon client pointed at
/// `http://host:port/photon` works with only its URL changed.
///
/// ```
/// GET /photon/api?q=Stockmann&lat=60.17&lon=24.94&limit=5&lang=en
/// GET /photon/api?q=cafe&osm_tag=amenity:cafe&bbox=24.9,60.15,24.97,60.18
/// GET /photon/reverse?lat=60.1687&lon=24.9416&radius=0.2
/// ```
/// Answers are GeoJSON FeatureCollections with Photon's properties (`osm_type` N/W/R,
/// `osm_id`, `osm_key`, `osm_value`, `type`, `name`, `housenumber`, `street`, `city`, …,
/// `extent` as [minLon, maxLat, maxLon, minLat]); an empty search where the data has no POIs
/// near adds `coverage` (its `summary` says where they are); a bad parameter is HTTP 400 with
/// `{"message": …}`.
struct PhotonRoutes {
    let task: LocatorTask

    /// "api" or "reverse" for a Photon path, or `nil`.
    static func endpoint(_ path: String) -> String? {
        switch path {
        case "/api", "/photon/api": return "api"
        case "/photon/reverse": return "reverse"
        default: return nil
        }
    }

    /// The most features one answer holds.
    static let maxLimit = 50
    /// Photon's layers, as its `type` property and `layer` filter name them.
    static let layers: Set<String> = [
        "house", "street", "locality", "district", "city", "county", "state", "country", "other",
    ]

    func respond(_ endpoint: String, _ parameters: WireParameters, request: HTTPRequest) -> HTTPResponse {
        do {
            let filter = try Filter(parameters)
            let language = OpenDialectParameters.language(
                parameters.nonEmpty("lang") ?? request.headers["accept-language"])
            let (places, coverage) =
                endpoint == "api"
                ? try search(parameters, filter: filter, language: language)
                : (try reverse(parameters, filter: filter, language: language), nil)
            var members: [(String, JSONValue)] = [
                ("type", .string("FeatureCollection")), ("features", .array(places.map(Self.feature))),
            ]
            // Nothing found where the data has no POIs: say where it has them, as the ArcGIS
            // dialect does (a foreign member, which GeoJSON readers skip).
            if places.isEmpty, let coverage { members.append(("coverage", ArcGISResponses.coverage(coverage))) }
            return .json(.object(members))
        } catch {
            let refused = OpenDialectError.from(error)
            return .json(.object([("message", .string(refused.message))]), status: refused.status)
        }
    }

    /// The places found, and what the data covers when a category search found none near.
    private func search(_ parameters: WireParameters, filter: Filter, language: String?) throws
        -> ([OpenPlace], Coverage?)
    {
        guard let q = parameters.nonEmpty("q") else {
            throw OpenDialectError.badRequest("missing search term 'q': /api?q=berlin")
        }
        let limit = try OpenDialectParameters.integer(parameters, "limit", in: 1...Self.maxLimit) ?? 15
        let geocode = GeocodeParameters()
        geocode.addResultAttributeNames(OpenPlace.attributeNames)
        geocode.outputLanguageCode = language
        geocode.answersInLocalLanguage = true  // (with no language asked for: the local names, as Photon)
        geocode.maxResults = filter.isEmpty ? limit : GeocodeParameters.maxResultsLimit
        geocode.searchArea = try OpenDialectParameters.box(parameters, "bbox")
        let lat = try OpenDialectParameters.number(parameters, "lat")
        let lon = try OpenDialectParameters.number(parameters, "lon")
        if lat != nil || lon != nil { geocode.preferredSearchLocation = try OpenDialectParameters.point(parameters) }
        if let categories = filter.categories { geocode.addCategories(categories) }
        let response = try task.geocodeResponseBlocking(forSearchText: q, using: geocode)
        return (response.results.map(OpenPlace.init).filter(filter.admits).prefix(limit).map { $0 }, response.coverage)
    }

    /// The nearest places within `radius` km (default 1, at most 50), `limit` of them (default 1).
    private func reverse(_ parameters: WireParameters, filter: Filter, language: String?) throws -> [OpenPlace] {
        let point = try OpenDialectParameters.point(parameters)
        let limit = try OpenDialectParameters.integer(parameters, "limit", in: 1...Self.maxLimit) ?? 1
        let radius = try OpenDialectParameters.number(parameters, "radius") ?? 1
        guard radius > 0 else { throw OpenDialectError.badRequest("radius must be a positive number of km") }
        let reverse = ReverseGeocodeParameters()
        reverse.maxDistance = min(radius, 50) * 1000
        reverse.maxResults = filter.isEmpty ? limit : GeocodeParameters.maxResultsLimit
        reverse.addResultAttributeNames(OpenPlace.attributeNames)
        reverse.outputLanguageCode = language
        for type in filter.featureTypes { reverse.addFeatureType(type) }
        let results = try task.reverseGeocodeBlocking(forLocation: point, parameters: reverse)
        return results.map(OpenPlace.init).filter(filter.admits).prefix(limit).map { $0 }
    }

    /// One Photon feature.
    static func feature(_ place: OpenPlace) -> JSONValue {
        var properties: [(String, JSONValue)] = []
        if let letter = place.osmTypeLetter, let id = place.osmID {
            properties += [("osm_type", .string(letter)), ("osm_id", .number(Double(id)))]
        }
        if let id = place.geonamesID { properties.append(("geonames_id", .number(Double(id)))) }
        properties += [
            ("source_id", .string(place.sourceID)), ("osm_key", .string(place.tag.key)),
            ("osm_value", .string(place.tag.value)), ("type", .string(place.layer)),
        ]
        let parts: [(String, String)] = [
            ("name", place.name),
            ("housenumber", place.houseNumber), ("street", place.street),
            ("district", place.neighborhood == place.name && place.layer == "district" ? "" : place.neighborhood),
            // (A town's city is itself, a district's the city it lies in: Photon's clients read
            // `city` from every feature, reverse answers above all.)
            ("postcode", place.postcode), ("city", place.city),
            ("county", place.county), ("state", place.state), ("country", place.country),
            ("countrycode", place.countryCode.uppercased()),
        ]
        properties += parts.filter { !$0.1.isEmpty }.map { ($0.0, .string($0.1)) }
        if let extent = place.extent, ["StreetName", "Locality", "Postal"].contains(place.addressType) {
            properties.append(
                ("extent", .array([extent.xmin, extent.ymax, extent.xmax, extent.ymin].map { .number($0) })))
        }
        return .object([
            ("type", .string("Feature")),
            (
                "geometry",
                .object([
                    ("type", .string("Point")),
                    ("coordinates", .array([.number(place.longitude), .number(place.latitude)])),
                ])
            ),
            ("properties", .object(properties)),
        ])
    }

    /// What `osm_tag` and `layer` keep: `osm_tag=amenity`, `amenity:cafe`, `:cafe`, each with `!`
    /// to exclude; `layer=house|street|city|…`, repeated or comma-separated.
    struct Filter {
        struct TagRule {
            var key: String?
            var value: String?
            var excludes: Bool

            func matches(_ tag: OSMTags.Tag) -> Bool {
                (key == nil || key == tag.key) && (value == nil || value == tag.value)
            }
        }

        var tags: [TagRule] = []
        var layers: Set<String> = []

        init(_ parameters: WireParameters) throws {
            for text in parameters.pairs.filter({ $0.name.lowercased() == "osm_tag" }).map(\.value) {
                var rule = text.trimmedSpaces
                let excludes = rule.hasPrefix("!")
                if excludes { rule.removeFirst() }
                let parts = rule.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let key = parts.first.flatMap { $0.isEmpty ? nil : $0 }
                let value = parts.count > 1 && !parts[1].isEmpty ? parts[1] : nil
                guard key != nil || value != nil else {
                    throw OpenDialectError.badRequest(
                        "osm_tag must be key, key:value or :value (each may start with !), got '\(text.prefix(40))'")
                }
                tags.append(TagRule(key: key, value: value, excludes: excludes))
            }
            for text in parameters.pairs.filter({ $0.name.lowercased() == "layer" }).map(\.value) {
                for layer in text.split(separator: ",").map({ $0.trimmedSpaces.lowercased() }) where !layer.isEmpty {
                    guard PhotonRoutes.layers.contains(layer) else {
                        throw OpenDialectError.badRequest(
                            "unknown layer '\(layer.prefix(20))'; use house, street, locality, district, city, county, state, country or other"
                        )
                    }
                    layers.insert(layer)
                }
            }
        }

        var isEmpty: Bool { tags.isEmpty && layers.isEmpty }

        /// The POI categories the include rules name, when every one of them names some (a
        /// search then looks among those categories only); `nil` otherwise.
        var categories: [String]? {
            let includes = tags.filter { !$0.excludes }
            guard !includes.isEmpty else { return nil }
            var names: [String] = []
            for rule in includes {
                let found = OSMTags.categories(key: rule.key, value: rule.value)
                if found.isEmpty { return nil }
                names += found
            }
            return names
        }

        /// The reverse geocode's feature types for the layers asked (all for none).
        var featureTypes: [ReverseGeocodeParameters.FeatureType] {
            var types: [ReverseGeocodeParameters.FeatureType] = []
            if layers.contains("house") { types += [.poi, .pointAddress] }
            if layers.contains("street") { types.append(.streetName) }
            if !layers.isDisjoint(with: ["city", "locality", "district"]) { types.append(.locality) }
            if layers.contains("other") { types.append(.postal) }
            return types
        }

        func admits(_ place: OpenPlace) -> Bool {
            if tags.contains(where: { $0.excludes && $0.matches(place.tag) }) { return false }
            let includes = tags.filter { !$0.excludes }
            if !includes.isEmpty, !includes.contains(where: { $0.matches(place.tag) }) { return false }
            return layers.isEmpty || layers.contains(place.layer)
        }
    }
}
