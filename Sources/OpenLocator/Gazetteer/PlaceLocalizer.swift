/// A result's place in the user's language (``GeocodeParameters/outputLanguageCode``): its
/// name from its own names in that language, and its street, neighbourhood, city and region
/// from the names the gazetteer's streets and localities have in it (`name_translations`);
/// `Place_addr` written again from those. What the data lacks in that language stays as the
/// place's own ("Stockmann" has no Swedish name; its street does).
///
/// ```swift
/// let localizer = PlaceLocalizer(languages: ["sv"], db: db)
/// try localizer.localized(helsinki).name  // "Helsingfors"
/// ```
struct PlaceLocalizer {
    /// The language codes to look names up by, most specific first (``LanguageCode/lookupOrder(_:)``).
    let languages: [String]
    let db: SQLiteConnection
    /// Whether the language is the place's country's own, not one asked for: then an OSM
    /// place keeps its `name`, the local one by OSM's rule ("Stockmann", not its `name:fi`
    /// "Stockmann Helsinki"), and only its address parts and GeoNames' towns (whose main
    /// name is the English one) take their names in the language.
    let isLocal: Bool

    /// The localizer for a language code, or `nil` when none is asked for.
    init?(language: String?, isLocal: Bool = false, db: SQLiteConnection) {
        guard let language, let languages = LanguageCode.lookupOrder(language) else { return nil }
        (self.languages, self.isLocal, self.db) = (languages, isLocal, db)
    }

    func localized(_ place: PlaceRecord) throws -> PlaceRecord {
        var local = place
        if isLocal, place.source.hasPrefix("osm:") {
            local.neighborhood = try translated(place.neighborhood, in: place.country)
            local.city = try translated(place.city, in: place.country)
            local.region = try translated(place.region, in: place.country)
            return local
        }
        let own = LocalizedNames.name(in: languages, from: place.localizedNames)
        switch place.addressType {
        case .poi: local.name = own ?? place.name
        case .locality, .streetName: local.name = try own ?? translated(place.name, in: place.country)
        case .streetIntersection:
            local.name = try place.name.components(separatedBy: IntersectionStage.joiner)
                .map { try translated($0, in: place.country) }.joined(separator: IntersectionStage.joiner)
        case .pointAddress, .streetAddress, .streetAddressExt, .postal: break
        }
        local.street =
            place.addressType == .streetName || place.addressType == .streetIntersection
            ? local.name : try translated(place.street, in: place.country)
        local.neighborhood = try translated(place.neighborhood, in: place.country)
        local.city = try translated(place.city, in: place.country)
        local.subregion = try translated(place.subregion, in: place.country)
        local.region = try translated(place.region, in: place.country)
        if place.addressType == .locality {
            // (Its city is itself, or the city it is part of.)
            local.city = place.city == place.name ? local.name : local.city
        }
        let nearestStreet = AddressFormat.nearestStreet(in: place)
        local.placeAddress = AddressFormat.placeAddress(
            of: local, nearestStreet: try translated(nearestStreet, in: place.country))
        if local.placeAddress.isEmpty { local.placeAddress = place.placeAddress }
        return local
    }

    /// `name` in the first language the gazetteer has it in, within `country`; else `name`.
    private func translated(_ name: String, in country: String) throws -> String {
        guard !name.isEmpty else { return name }
        let statement = try db.statement(
            "SELECT translated FROM name_translations WHERE country = ?1 AND language = ?2 AND name = ?3")
        for language in languages {
            var found: String?
            try statement.forEachRow([.text(country), .text(language), .text(name)]) { found = $0.text(0) }
            if let found { return found }
        }
        return name
    }
}
