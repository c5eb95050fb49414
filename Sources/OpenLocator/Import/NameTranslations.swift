/// The names of streets and localities in other languages, by country and name, gathered
/// while a build writes them: the `name_translations` table, from which an answer in a
/// language writes its address parts ("Georgsgatan 10, 00120 Helsingfors").
///
/// A name that several places share in a country (two streets called "Kirkkokatu") takes
/// its most common translation.
struct NameTranslations {
    private struct Key: Hashable {
        var country: String
        var language: String
        var name: String
    }
    private var translations: [Key: [String: Int]] = [:]

    var count: Int { translations.count }

    /// Adds the translations of a street's or a locality's name, once its country is known.
    mutating func add(_ place: PlaceRecord) {
        guard place.addressType == .streetName || place.addressType == .locality, !place.localizedNames.isEmpty,
            !place.country.isEmpty
        else { return }
        for (language, translated) in LocalizedNames.decode(place.localizedNames) where translated != place.name {
            translations[Key(country: place.country, language: language, name: place.name), default: [:]][
                translated, default: 0] += 1
        }
    }

    /// Writes the table, each name's most common translation (ties: the first in Unicode order).
    func write(to connection: SQLiteConnection) throws {
        let insert = try connection.statement(
            "INSERT INTO name_translations(country, language, name, translated) VALUES (?, ?, ?, ?)")
        for (key, counts) in translations.sorted(by: {
            ($0.key.country, $0.key.language, $0.key.name) < ($1.key.country, $1.key.language, $1.key.name)
        }) {
            let best = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }!.key
            try insert.run([.text(key.country), .text(key.language), .text(key.name), .text(best)])
        }
    }
}
