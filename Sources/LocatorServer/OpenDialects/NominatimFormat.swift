import Foundation
import OpenLocator

/// Nominatim's answer formats for ``OpenPlace``s: `json` and `jsonv2` (arrays of places, or one
/// place for `/reverse`), `geojson` and `geocodejson` (FeatureCollections).
///
/// Coordinates and the bounding box are strings in the JSON formats, as Nominatim writes
/// them; `osm_type`/`osm_id` are there for OSM objects, `geonames_id` for GeoNames places, and
/// `source_id` for every place.
enum NominatimFormat {
    enum Style: String {
        case json, jsonv2, geojson, geocodejson
    }

    /// The answer of `/search` and `/lookup`.
    static func places(_ places: [OpenPlace], style: Style, details: NominatimRoutes.Options, query: String)
        -> JSONValue
    {
        switch style {
        case .json, .jsonv2: return .array(places.map { object($0, style: style, details: details) })
        case .geojson, .geocodejson: return collection(places, style: style, details: details, query: query)
        }
    }

    /// The answer of `/reverse`: one place, or a collection of one.
    static func place(_ place: OpenPlace, style: Style, details: NominatimRoutes.Options) -> JSONValue {
        switch style {
        case .json, .jsonv2: return object(place, style: style, details: details)
        case .geojson, .geocodejson: return collection([place], style: style, details: details, query: "")
        }
    }

    private static func object(_ place: OpenPlace, style: Style, details: NominatimRoutes.Options) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("place_id", .number(Double(place.placeID))), ("licence", .string(place.licence)),
        ]
        members += sourceMembers(place)
        members += [
            ("lat", .string(coordinate(place.latitude))), ("lon", .string(coordinate(place.longitude))),
            (style == .jsonv2 ? "category" : "class", .string(place.tag.key)), ("type", .string(place.tag.value)),
            ("place_rank", .number(Double(place.placeRank))), ("importance", .number(place.importance)),
            ("addresstype", .string(addressType(place))), ("name", .string(place.name)),
            ("display_name", .string(place.displayName)),
        ]
        if style == .json { members.removeAll { $0.0 == "place_rank" } }
        members += detailMembers(place, details)
        let box = boundingBox(place)
        members.append(
            ("boundingbox", .array([box.ymin, box.ymax, box.xmin, box.xmax].map { .string(coordinate($0)) })))
        return .object(members)
    }

    private static func collection(
        _ places: [OpenPlace], style: Style, details: NominatimRoutes.Options, query: String
    ) -> JSONValue {
        let features = places.map { place -> JSONValue in
            let box = boundingBox(place)
            var feature: [(String, JSONValue)] = [("type", .string("Feature"))]
            if style == .geojson {
                var properties: [(String, JSONValue)] = [("place_id", .number(Double(place.placeID)))]
                properties += sourceMembers(place)
                properties += [
                    ("place_rank", .number(Double(place.placeRank))), ("category", .string(place.tag.key)),
                    ("type", .string(place.tag.value)), ("importance", .number(place.importance)),
                    ("addresstype", .string(addressType(place))), ("name", .string(place.name)),
                    ("display_name", .string(place.displayName)),
                ]
                properties += detailMembers(place, details)
                feature.append(("properties", .object(properties)))
                feature.append(("bbox", .array([box.xmin, box.ymin, box.xmax, box.ymax].map { .number($0) })))
            } else {
                feature.append(("properties", .object([("geocoding", geocoding(place))])))
            }
            feature.append(
                (
                    "geometry",
                    .object([
                        ("type", .string("Point")),
                        ("coordinates", .array([.number(place.longitude), .number(place.latitude)])),
                    ])
                ))
            return .object(feature)
        }
        var members: [(String, JSONValue)] = [("type", .string("FeatureCollection"))]
        if style == .geocodejson {
            members.append(
                (
                    "geocoding",
                    .object([
                        ("version", .string("0.1.0")), ("attribution", .string(licences(places))),
                        ("licence", .string(licences(places))), ("query", .string(query)),
                    ])
                ))
        } else {
            members.append(("licence", .string(licences(places))))
        }
        members.append(("features", .array(features)))
        return .object(members)
    }

    /// geocodejson's `properties.geocoding` of a place.
    private static func geocoding(_ place: OpenPlace) -> JSONValue {
        var members: [(String, JSONValue)] = [("place_id", .number(Double(place.placeID)))]
        members += sourceMembers(place)
        members += [
            ("osm_key", .string(place.tag.key)), ("osm_value", .string(place.tag.value)),
            ("type", .string(place.layer)), ("label", .string(place.displayName)),
        ]
        let parts: [(String, String)] = [
            ("name", place.name), ("housenumber", place.houseNumber), ("street", place.street),
            ("district", place.neighborhood), ("postcode", place.postcode), ("city", place.city),
            ("county", place.county), ("state", place.state), ("country", place.country),
            ("country_code", place.countryCode),
        ]
        members += parts.filter { !$0.1.isEmpty }.map { ($0.0, .string($0.1)) }
        return .object(members)
    }

    /// What `addressdetails`, `namedetails` and `extratags` ask for: `address`, `namedetails`
    /// with the name, and `extratags`, empty (the gazetteer keeps no other tags).
    private static func detailMembers(_ place: OpenPlace, _ details: NominatimRoutes.Options) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if details.addressDetails { members.append(("address", address(place))) }
        if details.nameDetails {
            members.append(("namedetails", .object(place.name.isEmpty ? [] : [("name", .string(place.name))])))
        }
        if details.extraTags { members.append(("extratags", .object([]))) }
        return members
    }

    /// `osm_type` and `osm_id` of an OSM object, `geonames_id` of a GeoNames place, and the
    /// source id of any.
    private static func sourceMembers(_ place: OpenPlace) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if let type = place.osmType, let id = place.osmID {
            members += [("osm_type", .string(type)), ("osm_id", .number(Double(id)))]
        }
        if let id = place.geonamesID { members.append(("geonames_id", .number(Double(id)))) }
        members.append(("source_id", .string(place.sourceID)))
        return members
    }

    /// Nominatim's `address`: the place's own name under its tag's key (`amenity`, `shop`,
    /// the locality's `city`/`town`/`village`), then the parts from the house up.
    private static func address(_ place: OpenPlace) -> JSONValue {
        var parts: [(String, String)] = []
        if !place.name.isEmpty, place.addressType == "POI" { parts.append((place.tag.key, place.name)) }
        let cityKey = place.addressType == "Locality" ? place.tag.value : "city"
        parts += [
            ("house_number", place.houseNumber), ("road", place.street), ("suburb", place.neighborhood),
            (cityKey, place.addressType == "Locality" && place.city.isEmpty ? place.name : place.city),
            ("county", place.county), ("state", place.state), ("postcode", place.postcode),
            ("country", place.country), ("country_code", place.countryCode),
        ]
        return .object(parts.filter { !$0.1.isEmpty }.map { ($0.0, .string($0.1)) })
    }

    /// jsonv2's `addresstype`: what the place is in an address.
    private static func addressType(_ place: OpenPlace) -> String {
        switch place.addressType {
        case "POI": return place.tag.key
        case "Locality": return place.tag.value
        case "StreetName", "StreetInt": return "road"
        case "Postal": return "postcode"
        default: return "building"
        }
    }

    /// The place's extent, or a point's own small box.
    private static func boundingBox(_ place: OpenPlace) -> Envelope {
        place.extent
            ?? Envelope(
                xmin: place.longitude - 0.0001, ymin: place.latitude - 0.0001, xmax: place.longitude + 0.0001,
                ymax: place.latitude + 0.0001)
    }

    /// Degrees with 7 decimals, as Nominatim writes them.
    static func coordinate(_ value: Double) -> String { String(format: "%.7f", value) }

    /// The licences of the places' sources, each once.
    private static func licences(_ places: [OpenPlace]) -> String {
        var seen: [String] = []
        for place in places where !seen.contains(place.licence) { seen.append(place.licence) }
        return seen.isEmpty ? OpenPlace.osmLicence : seen.joined(separator: "; ")
    }
}
