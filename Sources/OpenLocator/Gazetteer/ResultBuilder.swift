import Foundation

/// Turns a gazetteer row into a ``GeocodeResult`` with the ArcGIS attributes.
struct ResultBuilder {
    let tree: CategoryTree
    let countryNames: [String: String]

    /// Every attribute of a place, for a geocode candidate or a reverse geocode address.
    func attributes(_ place: PlaceRecord, score: Double, distance: Double, location: Point, extent: Envelope)
        -> [String: AttributeValue]
    {
        let streetAddress = AddressFormat.streetAddress(
            number: place.houseNumber, street: place.street, country: place.country)
        let type =
            place.addressType == .poi || place.addressType == .locality
            ? (tree.category(code: place.category)?.name ?? "") : ""
        let placeName = place.addressType == .poi || place.addressType == .locality ? place.name : ""
        let matchAddress: String
        let shortLabel: String
        switch place.addressType {
        case .poi:
            matchAddress = place.name
            shortLabel = place.name
        case .pointAddress, .streetName:
            matchAddress = place.placeAddress
            shortLabel = streetAddress
        case .locality:
            matchAddress = place.placeAddress.isEmpty ? place.name : place.placeAddress
            shortLabel = place.name
        }
        let labelParts = place.addressType == .poi ? [place.name, place.placeAddress] : [matchAddress]
        let longLabel = (labelParts + [place.country]).filter { !$0.isEmpty }.joined(separator: ", ")
        return [
            "Loc_name": "OpenLocator", "Status": "M", "Score": .double(score), "Match_addr": .string(matchAddress),
            "LongLabel": .string(longLabel), "ShortLabel": .string(shortLabel),
            "Addr_type": .string(place.addressType.rawValue), "Type": .string(type), "PlaceName": .string(placeName),
            "Place_addr": .string(place.placeAddress), "Phone": .string(place.phone), "URL": .string(place.url),
            "Rank": .integer(Int(((1 - place.importance) * 20).rounded())), "AddNum": .string(place.houseNumber),
            "StName": .string(place.street), "StAddr": .string(streetAddress), "Address": .string(streetAddress),
            "Nbrhd": .string(place.neighborhood), "Neighborhood": .string(place.neighborhood),
            "City": .string(place.city), "Subregion": .string(place.subregion), "Region": .string(place.region),
            "RegionAbbr": "", "Postal": .string(place.postal), "Country": .string(place.country),
            "CountryCode": .string(place.country), "CntryName": .string(countryNames[place.country] ?? ""),
            "LangCode": "", "Distance": .double((distance * 100).rounded() / 100),
            "X": .double(location.x), "Y": .double(location.y), "DisplayX": .double(location.x),
            "DisplayY": .double(location.y), "Xmin": .double(extent.xmin), "Xmax": .double(extent.xmax),
            "Ymin": .double(extent.ymin), "Ymax": .double(extent.ymax), "ExInfo": "",
        ]
    }

    /// The full result for a place.
    /// - Parameters:
    ///   - location: where the result is (the place, or the nearest point on a street).
    ///   - input: the search or reverse-geocode location, echoed as `inputLocation`.
    func result(
        _ place: PlaceRecord, score: Double, distance: Double, location: Point? = nil, input: Point?,
        outputSpatialReference: SpatialReference, requested: [String], defaults: [String]
    ) throws -> GeocodeResult {
        let here = (location ?? place.location).projected(to: outputSpatialReference)
        let extent = Envelope.around(location ?? place.location, metres: Self.extentRadius(place))
            .projected(to: outputSpatialReference)
        let all = attributes(place, score: score, distance: distance, location: here, extent: extent)
        return GeocodeResult(
            label: all["Match_addr"]?.stringValue ?? place.name, displayLocation: here,
            inputLocation: input?.projected(to: outputSpatialReference), routeLocation: here, score: score,
            attributes: try ResultAttributes.select(requested, from: all, defaults: defaults), extent: extent)
    }

    /// Half the width of the extent a map zooms to: a building for POIs, a town for cities.
    static func extentRadius(_ place: PlaceRecord) -> Double {
        switch place.addressType {
        case .poi, .pointAddress: return 100
        case .streetName: return 500
        case .locality: return place.population > 1_000_000 ? 20_000 : place.population > 50_000 ? 8_000 : 2_500
        }
    }
}
