import Foundation
import OpenLocator

/// A result as the open-source geocoders' dialects (Nominatim, Photon) describe places: an
/// OSM-style tag, the object it came from, and the address in named parts.
///
/// Made from a ``GeocodeResult`` with every attribute (``attributeNames``), so both dialects say
/// the same about a place as the ArcGIS one does.
struct OpenPlace {
    /// Where it came from: "osm:node/123", "geonames:658225" (`Source_id`).
    var sourceID: String
    /// "node", "way" or "relation" for an OSM object.
    var osmType: String?
    var osmID: Int64?
    var geonamesID: Int64?
    /// The place's own name (a street's for a street); empty for an address.
    var name: String
    /// The whole address on one line, the place's name first.
    var displayName: String
    var latitude: Double
    var longitude: Double
    var extent: Envelope?
    var tag: OSMTags.Tag
    /// ArcGIS `Addr_type`: POI, PointAddress, StreetName, Locality, Postal, StreetInt, …
    var addressType: String
    /// ArcGIS `Type`: City, Neighborhood, Coffee Shop, …
    var type: String
    var houseNumber: String
    var street: String
    var neighborhood: String
    var city: String
    var county: String
    var state: String
    var postcode: String
    var country: String
    /// ISO 3166 alpha-2, lower case ("fi"); empty when unknown.
    var countryCode: String
    /// 0 to 1.
    var importance: Double

    /// The attributes a result needs to be made into an open place: every candidate field,
    /// asked for by name, so a reverse geocode's results have `Rank` too.
    static let attributeNames = ResultAttributes.candidateFields

    init(_ result: GeocodeResult) {
        func text(_ name: String) -> String { result.attributeValues[name]?.stringValue ?? "" }
        sourceID = text("Source_id")
        let source = Self.parseSource(sourceID)
        (osmType, osmID, geonamesID) = (source.osmType, source.osmID, source.geonamesID)
        addressType = text("Addr_type")
        type = text("Type")
        // A street's name is its own (ArcGIS gives streets no PlaceName).
        name = addressType == "StreetName" ? text("StName") : text("PlaceName")
        houseNumber = text("AddNum")
        street = text("StName")
        neighborhood = text("Nbrhd")
        city = text("City")
        county = text("Subregion")
        state = text("Region")
        postcode = text("Postal")
        country = text("CntryName")
        countryCode = (CountryCodes.alpha2(text("Country")) ?? "").lowercased()
        let location = result.displayLocation ?? Point(x: 0, y: 0)
        (latitude, longitude) = (location.y, location.x)
        extent = result.extent
        let rank = result.attributeValues["Rank"]?.doubleValue ?? 20
        importance = max(0, min(1, 1 - rank / 20))
        tag = Self.tag(addressType: addressType, type: type, rank: rank)
        let streetLine = text("StAddr")
        var parts: [String] = []
        for part in [name, streetLine, neighborhood, city, county, state, postcode, country]
        where !part.isEmpty && !parts.contains(where: { $0.caseInsensitiveCompare(part) == .orderedSame }) {
            parts.append(part)
        }
        displayName = parts.isEmpty ? result.label : parts.joined(separator: ", ")
    }

    /// The tag that stands for a kind of place: a POI's category's, `place=city|town|village`
    /// for localities by their rank (about 100,000 and 10,000 people), `place=house` for an
    /// address, `highway=road` for a street (the gazetteer keeps no road class).
    static func tag(addressType: String, type: String, rank: Double) -> OSMTags.Tag {
        switch addressType {
        case "POI": return OSMTags.tag(forCategory: type) ?? OSMTags.Tag(key: "amenity", value: "yes")
        case "Locality" where type == "Country": return OSMTags.Tag(key: "place", value: "country")
        case "Locality" where type == "Region": return OSMTags.Tag(key: "place", value: "state")
        case "Locality":
            return OSMTags.Tag(key: "place", value: rank <= 7 ? "city" : rank <= 9 ? "town" : "village")
        case "Postal": return OSMTags.Tag(key: "place", value: "postcode")
        case "StreetName": return OSMTags.Tag(key: "highway", value: "road")
        case "StreetInt": return OSMTags.Tag(key: "highway", value: "crossing")
        default: return OSMTags.Tag(key: "place", value: "house")
        }
    }

    /// Photon's `type` (its layers): house, street, city, other.
    var layer: String {
        switch addressType {
        case "POI", "PointAddress", "StreetAddress", "StreetAddressExt", "Subaddress": return "house"
        case "StreetName", "StreetInt": return "street"
        case "Locality" where type == "Country": return "country"
        case "Locality" where type == "Region": return "state"
        case "Locality": return type == "Neighborhood" || type == "District" ? "district" : "city"
        default: return "other"
        }
    }

    /// Nominatim's `place_rank` (30 a house or POI, 26 a street, 16–19 a city to a village).
    var placeRank: Int {
        switch addressType {
        case "Locality":
            switch tag.value {
            case "country": return 4
            case "state": return 8
            case "city": return 16
            case "town": return 18
            default: return 19
            }
        case "Postal": return 21
        case "StreetName", "StreetInt": return 26
        default: return 30
        }
    }

    /// The OSM element type's letter (`N`, `W`, `R`), as Photon and `/lookup` write it.
    var osmTypeLetter: String? { osmType.map { String($0.prefix(1)).uppercased() } }

    /// A number for the place, the same in every build of the same data (Nominatim's
    /// `place_id` is its own database's; this one is made from ``sourceID``): FNV-1a, 52 bits,
    /// so JavaScript reads it exactly.
    var placeID: Int64 { Int64(FNV1a.hash(sourceID.utf8) & 0xF_FFFF_FFFF_FFFF) }

    /// The licence of the data the place came from, as Nominatim writes it on every place.
    var licence: String {
        if osmType != nil { return Self.osmLicence }
        if geonamesID != nil { return "Data © GeoNames (https://www.geonames.org), CC BY 4.0" }
        return "See the gazetteer's attribution"
    }

    static let osmLicence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"

    /// "osm:way/45" → ("way", 45); "geonames:658225" → GeoNames 658225.
    static func parseSource(_ source: String) -> (osmType: String?, osmID: Int64?, geonamesID: Int64?) {
        if source.hasPrefix("osm:") {
            let parts = source.dropFirst(4).split(separator: "/")
            if parts.count == 2, ["node", "way", "relation"].contains(parts[0]), let id = Int64(parts[1]) {
                return (String(parts[0]), id, nil)
            }
        }
        if source.hasPrefix("geonames:"), let id = Int64(source.dropFirst(9)) { return (nil, nil, id) }
        return (nil, nil, nil)
    }

    /// A Nominatim `/lookup` id ("N123", "w45", "R7") as a source id ("osm:node/123").
    static func sourceID(lookupID: String) -> String? {
        let types: [Character: String] = ["N": "node", "W": "way", "R": "relation"]
        guard let first = lookupID.first, let type = types[Character(first.uppercased())],
            let id = Int64(lookupID.dropFirst()), id > 0
        else { return nil }
        return "osm:\(type)/\(id)"
    }
}
