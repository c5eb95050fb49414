import CICU
import Foundation

/// The names and codes of countries and their regions, folded, as people write them after a
/// place: "MN", "Minnesota", "USA", "Suomi", "Deutschland", "New South Wales", "NSW", "FIN".
///
/// Made once per gazetteer from its `countries` and `regions` tables: for each country its
/// ISO 3166 alpha-2 and alpha-3 codes, its GeoNames name, ICU's names for it in English and
/// in each of its languages (from GeoNames' `countryInfo.txt`), short English forms ("US",
/// "UK") and ``RegionAbbreviations/countryNames``; for each region (GeoNames admin1) its name,
/// its code when that is alphabetic (US states' postal codes, Swiss cantons) and
/// ``RegionAbbreviations/byRegion``.
///
/// ```swift
/// lexicon.regions(named: "mn").map(\.label)   // ["Minnesota, United States", "Mongolia"]
/// lexicon.regions(named: "suomi").map(\.label) // ["Finland"]
/// ```
struct QualifierLexicon: Sendable {
    /// A region or a whole country that a qualifier may name.
    struct Region: Sendable, Hashable {
        /// ISO 3166 alpha-3.
        let country: String
        let countryName: String
        /// The region's name as places carry it in `region`; `nil` for the whole country.
        let name: String?
        /// Lower-case forms a place's `region` may hold for this region: its name folded and
        /// as written, its codes ("minnesota", "mn").
        let forms: [String]

        /// "Minnesota, United States" or "Finland".
        var label: String { name.map { "\($0), \(countryName)" } ?? countryName }
    }

    /// Folded phrase -> what it may name, regions before whole countries.
    private var entries: [String: [Region]] = [:]
    /// The most words of any phrase.
    private(set) var longestPhrase = 0

    /// A lexicon that knows nothing: no text reads as a qualifier.
    static let empty = QualifierLexicon()

    private init() {}

    /// - Parameters:
    ///   - countries: ISO2, ISO3, name and GeoNames languages ("fi-FI,sv-FI,smn") of each country.
    ///   - regions: the ISO2 of its country, code and name of each GeoNames admin1 region.
    init(
        countries: [(iso2: String, iso3: String, name: String, languages: String)],
        regions: [(iso2: String, code: String, name: String)]
    ) {
        var byISO2: [String: (iso3: String, name: String)] = [:]
        for country in countries { byISO2[country.iso2.uppercased()] = (country.iso3, country.name) }
        for region in regions {
            guard let country = byISO2[region.iso2.uppercased()], !region.name.isEmpty else { continue }
            var written = [region.name]
            if region.code.count >= 2, region.code.count <= 3, region.code.allSatisfy({ $0.isASCII && $0.isLetter }) {
                written.append(region.code)
            }
            written += RegionAbbreviations.byRegion[country.iso3]?[region.name] ?? []
            let forms = Set(written.map { $0.lowercased() } + written.map { TextFolding.fold($0) })
            let entry = Region(
                country: country.iso3, countryName: country.name, name: region.name, forms: forms.sorted())
            for phrase in written { add(phrase, entry) }
        }
        for country in countries {
            let entry = Region(country: country.iso3, countryName: country.name, name: nil, forms: [])
            var written = [country.iso2, country.iso3, country.name]
            written += RegionAbbreviations.countryNames[country.iso3] ?? []
            let languages = country.languages.split(separator: ",").compactMap { tag in
                tag.split(separator: "-").first.map { String($0).lowercased() }
            }
            for language in ["en"] + languages.prefix(4) {
                written += [Self.icuName(country.iso2, language: language, short: false)].compactMap { $0 }
            }
            written += [Self.icuName(country.iso2, language: "en", short: true)].compactMap { $0 }
            for phrase in written { add(phrase, entry) }
        }
    }

    private mutating func add(_ written: String, _ region: Region) {
        var phrase = TextFolding.fold(written)
        guard !phrase.isEmpty else { return }
        if phrase.hasPrefix("the ") { phrase.removeFirst(4) }
        if entries[phrase]?.contains(region) == true { return }
        entries[phrase, default: []].append(region)
        longestPhrase = max(longestPhrase, phrase.split(separator: " ").count)
    }

    /// What a folded phrase ("new south wales", "mn") may name; empty when nothing.
    func regions(named phrase: String) -> [Region] { entries[phrase] ?? [] }

    /// ICU's name for a country (ISO2) in a language ("FI", "fi" → "Suomi"), if it has one.
    static func countryName(_ iso2: String, in language: String) -> String? {
        icuName(iso2, language: language, short: false)
    }

    /// ICU's name for a country in a language, if it has one of its own; asked of ICU once per
    /// process (a lexicon is made for every gazetteer opened, and the names do not change).
    private static func icuName(_ iso2: String, language: String, short: Bool) -> String? {
        icuNames.value(for: "\(iso2)|\(language)|\(short)") { askICU(iso2, language: language, short: short) }
    }

    private static let icuNames = NameCache()

    private static func askICU(_ iso2: String, language: String, short: Bool) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { buffer in
            let length = ol_region_display_name(iso2, language, short ? 1 : 0, buffer.baseAddress, 512)
            guard length > 0 else { return nil }
            return String(
                decoding: UnsafeRawBufferPointer(start: buffer.baseAddress, count: length).bindMemory(to: UInt8.self),
                as: UTF8.self)
        }
    }
}

/// Names already asked of ICU. `@unchecked Sendable`: guarded by `lock`.
private final class NameCache: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String: String?] = [:]

    func value(for key: String, _ make: () -> String?) -> String? {
        if let known = lock.withLock({ names[key] }) { return known }
        let made = make()
        lock.withLock { names[key] = .some(made) }
        return made
    }
}
