import Foundation

/// Turns a gazetteer row into a ``GeocodeResult`` with the ArcGIS attributes.
struct ResultBuilder {
    let tree: CategoryTree
    let countryNames: [String: String]
    /// Each country's languages by ISO3, the most spoken first, as language codes without
    /// their region ("FIN": ["fi", "sv", "smn"]).
    var countryLanguages: [String: [String]] = [:]

    /// A country's languages (ISO3), the most spoken first; none when the file does not say.
    func languages(of country: String) -> [String] { countryLanguages[country] ?? [] }

    /// The value of one attribute (by its canonical ArcGIS name) of a place found at
    /// `location`, `distance` metres from the search point.
    func attribute(
        _ name: String, of place: PlaceRecord, score: Double, distance: Double, location: Point, route: Point,
        extent: Envelope
    ) -> AttributeValue {
        let isNamedPlace = place.addressType == .poi || place.addressType == .locality || place.addressType == .postal
        switch name {
        case "Loc_name": return "OpenLocator"
        case "Status": return "M"
        case "Score": return .double(score)
        case "Match_addr": return .string(matchAddress(place))
        case "LongLabel":
            let parts = place.addressType == .poi ? [place.name, place.placeAddress] : [matchAddress(place)]
            return .string((parts + [place.country]).filter { !$0.isEmpty }.joined(separator: ", "))
        case "ShortLabel": return .string(isNamedPlace ? place.name : streetAddress(place))
        case "Addr_type": return .string(place.addressType.rawValue)
        case "Type":
            let named = isNamedPlace && place.addressType != .postal
            guard named else { return "" }
            return .string(place.type.isEmpty ? (tree.category(code: place.category)?.name ?? "") : place.type)
        case "PlaceName": return .string(isNamedPlace ? place.name : "")
        case "Place_addr": return .string(place.placeAddress)
        case "Phone": return .string(place.phone)
        case "URL": return .string(place.url)
        case "Rank":  // importance is 0...1 when read; clamp again, as Int(...) of NaN or inf traps
            let importance = place.importance.isFinite ? min(1, max(0, place.importance)) : 0
            return .integer(Int(((1 - importance) * 20).rounded()))
        case "AddNum": return .string(place.houseNumber)
        case "StName": return .string(place.street)
        case "StAddr", "Address": return .string(streetAddress(place))
        case "Nbrhd", "Neighborhood": return .string(place.neighborhood)
        case "City": return .string(place.city)
        case "Subregion": return .string(place.subregion)
        case "Region": return .string(place.region)
        case "Postal": return .string(place.postal)
        case "Country", "CountryCode": return .string(place.country)
        case "CntryName": return .string(countryNames[place.country] ?? "")
        case "Distance": return .double((distance * 100).rounded() / 100)
        case "X": return .double(route.x)
        case "Y": return .double(route.y)
        case "DisplayX": return .double(location.x)
        case "DisplayY": return .double(location.y)
        case "Side": return .string(place.side)
        case "Xmin": return .double(extent.xmin)
        case "Xmax": return .double(extent.xmax)
        case "Ymin": return .double(extent.ymin)
        case "Ymax": return .double(extent.ymax)
        case "Source_id": return .string(place.source)
        default: return ""  // RegionAbbr, LangCode, ExInfo: not in the data
        }
    }

    /// `Match_addr`: the name of a POI, the address of anything else.
    private func matchAddress(_ place: PlaceRecord) -> String {
        switch place.addressType {
        case .poi: return place.name
        case .pointAddress, .streetAddress, .streetAddressExt, .streetName, .streetIntersection:
            return place.placeAddress
        case .locality, .postal: return place.placeAddress.isEmpty ? place.name : place.placeAddress
        }
    }

    private func streetAddress(_ place: PlaceRecord) -> String {
        AddressFormat.streetAddress(number: place.houseNumber, street: place.street, country: place.country)
    }

    /// The full result for a place.
    /// - Parameters:
    ///   - location: where the result is (the place, or the nearest point on a street).
    ///   - input: the search or reverse-geocode location, echoed as `inputLocation`.
    ///   - localizer: the language to write it in, if one was asked for.
    func result(
        _ place: PlaceRecord, score: Double, distance: Double, location: Point? = nil, input: Point?,
        outputSpatialReference: SpatialReference, requested: [String], all: [String], defaults: [String],
        localizer: PlaceLocalizer?
    ) throws -> GeocodeResult {
        try result(
            place, score: score, distance: distance, location: location, input: input,
            outputSpatialReference: outputSpatialReference,
            fields: ResultAttributes.selectedFields(requested, all: all, defaults: defaults), localizer: localizer)
    }

    /// The full result for a place, with the attributes `fields` (``ResultAttributes/selectedFields(_:all:defaults:)``):
    /// for callers that build many results of one request, choosing the fields once.
    func result(
        _ place: PlaceRecord, score: Double, distance: Double, location: Point? = nil, input: Point?,
        outputSpatialReference: SpatialReference, fields: [ResultAttributes.Field], localizer: PlaceLocalizer?
    ) throws -> GeocodeResult {
        if let localizer {
            return try result(
                localizer.localized(place), score: score, distance: distance, location: location, input: input,
                outputSpatialReference: outputSpatialReference, fields: fields, localizer: nil)
        }
        let here = (location ?? place.location).projected(to: outputSpatialReference)
        let extent =
            (place.extent.map { Self.grown($0, around: location ?? place.location) }
            ?? Envelope.around(location ?? place.location, metres: Self.extentRadius(place)))
            .projected(to: outputSpatialReference)
        // Where a router takes it from: its access point on the street, else where it is.
        let route =
            place.access.map { Point(latitude: $0.lat, longitude: $0.lon).projected(to: outputSpatialReference) }
            ?? here
        var attributes: [String: AttributeValue] = [:]
        attributes.reserveCapacity(fields.count)
        for field in fields {
            attributes[field.key] = attribute(
                field.canonical, of: place, score: score, distance: distance, location: here, route: route,
                extent: extent)
        }
        return GeocodeResult(
            label: matchAddress(place), displayLocation: here,
            inputLocation: input?.projected(to: outputSpatialReference), routeLocation: route, score: score,
            attributes: attributes, extent: extent)
    }

    /// A stored extent with room around it (a tenth of its size, at least 100 m), holding the
    /// answer's location.
    static func grown(_ extent: Envelope, around location: Point) -> Envelope {
        let margin = Envelope.around(location, metres: 100)
        let dx = max((extent.xmax - extent.xmin) / 10, (margin.xmax - margin.xmin) / 2)
        let dy = max((extent.ymax - extent.ymin) / 10, (margin.ymax - margin.ymin) / 2)
        return Envelope(
            xmin: min(extent.xmin, location.x) - dx, ymin: min(extent.ymin, location.y) - dy,
            xmax: max(extent.xmax, location.x) + dx, ymax: max(extent.ymax, location.y) + dy)
    }

    /// Half the width of the extent a map zooms to when the data has none: a building for
    /// POIs, a town for cities.
    static func extentRadius(_ place: PlaceRecord) -> Double {
        switch place.addressType {
        case .poi, .pointAddress, .streetAddress, .streetAddressExt, .streetIntersection: return 100
        case .streetName: return 500
        case .postal: return 1_500
        case .locality: return place.population > 1_000_000 ? 20_000 : place.population > 50_000 ? 8_000 : 2_500
        }
    }
}
