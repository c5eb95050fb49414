import Testing

@testable import OpenLocator

/// The readings a text allows, with a lexicon made from the raw GeoNames tables.
@Suite struct QueryAnalysisTests {
    static let lexicon = RawGeoNames.shared.lexicon

    static func readings(_ text: String) -> (QueryText, [Reading]) {
        let analysed = QueryText(text)
        return (analysed, QueryAnalysis(analysed, resolver: .world, lexicon: lexicon).readings)
    }

    static func qualified(_ text: String) -> (name: [String], regions: [String])? {
        let (analysed, readings) = readings(text)
        for reading in readings {
            if case .qualified(let qualified) = reading.kind {
                return (qualified.name.map { analysed.words[$0].folded }, qualified.qualifier.regions.map(\.label))
            }
        }
        return nil
    }

    /// A whole category phrase is that category, and a town of that name (Spa, Belgium; Casino,
    /// New South Wales), not a name search of its words.
    @Test func aWholeCategoryPhraseIsThatCategoryAndTheTownNamedSo() {
        let (_, readings) = Self.readings("Coffee shops")
        #expect(readings.map(\.stage) == ["category", "town named so"])
    }

    @Test func aPostcodeAfterItsCountrysCodeIsQualifiedByIt() throws {
        let fi = try #require(Self.qualified("FI-00150"))
        #expect(fi.name == ["00150"] && fi.regions == ["Finland"])
        #expect(Self.qualified("FI-00150 Helsinki")?.name == ["00150", "helsinki"])
        let readings = Self.readings("Coffee FI-00150").1.compactMap { reading -> [Int]? in
            if case .qualified(let qualified) = reading.kind { return qualified.name }
            return nil
        }
        #expect(readings == [[0]], "only the trailing qualifier's: the postcode alone would drop 'coffee'")
        #expect(Self.qualified("FI-Helsinki") == nil, "a code, not a name, follows the hyphen")
    }

    @Test func readsQualifiersOfEveryShape() throws {
        let mn = try #require(Self.qualified("Rochester, MN"))
        #expect(mn.name == ["rochester"])
        #expect(mn.regions.contains("Minnesota, United States") && mn.regions.contains("Mongolia"))
        #expect(Self.qualified("Rochester MN")?.name == ["rochester"])
        #expect(Self.qualified("Hamilton New Zealand")?.regions == ["New Zealand"])
        #expect(Self.qualified("Hamilton, NZL")?.regions == ["New Zealand"])
        #expect(Self.qualified("Helsinki, Suomi")?.regions == ["Finland"])
        #expect(Self.qualified("München, Deutschland")?.regions == ["Germany"])
        // A region of the country named after it, only.
        #expect(Self.qualified("Portland, Oregon, USA")?.regions == ["Oregon, United States"])
        #expect(Self.qualified("Perth, Western Australia")?.regions == ["Western Australia, Australia"])
        #expect(Self.qualified("Sydney NSW")?.regions == ["New South Wales, Australia"])
        #expect(Self.qualified("Quebec City, QC")?.regions.contains("Quebec, Canada") == true)
        // A postcode after the qualifier goes with it.
        #expect(Self.qualified("Springfield, IL 62701")?.name == ["springfield"])
    }

    @Test func anAmbiguousCodeKeepsEveryMeaning() throws {
        let ca = try #require(Self.qualified("Kingston, CA")).regions
        #expect(ca.contains("California, United States") && ca.contains("Canada"))
        let ga = try #require(Self.qualified("Athens, GA")).regions
        #expect(ga.contains("Georgia, United States") && ga.contains("Gabon"))
    }

    @Test func wordsThatOnlyLookLikeQualifiersAreNot() {
        #expect(Self.qualified("Fire Station No 3") == nil, "No before a number is a number")
        #expect(Self.qualified("Helsinki") == nil, "a qualifier needs a place before it")
        #expect(Self.qualified("Mannerheimintie 10") == nil)
    }

    @Test func aCategoryWithAPlaceKeepsThePlacesQualifier() throws {
        let (text, readings) = Self.readings("cafes in Portland, ME")
        let category = try #require(
            readings.lazy.compactMap { reading -> CategoryReading? in
                if case .category(let category) = reading.kind { return category }
                return nil
            }.first)
        #expect(category.categories.map(\.name) == ["Coffee Shop"])
        #expect(category.place.map { text.words[$0].folded } == ["portland"])
        #expect(category.relation == .inside && category.connected)
        #expect(category.qualifier?.regions.map(\.label).contains("Maine, United States") == true)
    }

    @Test func aLandmarkBesideALocalityProposesTheLocality() {
        let (text, readings) = Self.readings("Rochester Public Library")
        let localities = readings.compactMap { reading -> String? in
            if case .localityFallback(let fallback) = reading.kind {
                return fallback.locality.map { text.words[$0].folded }.joined(separator: " ")
            }
            return nil
        }
        #expect(localities.contains("rochester"))
        #expect(!localities.contains("rochester public library"), "a fallback leaves a word unexplained")
        let (sections, commaReadings) = Self.readings("Eiffel Tower, Paris")
        // The last section first; the earlier one only when that names no locality.
        func fallbacks(_ text: QueryText, _ readings: [Reading]) -> [(words: [String], beforeLast: Bool)] {
            readings.compactMap { reading in
                guard case .localityFallback(let fallback) = reading.kind else { return nil }
                return (fallback.locality.map { text.words[$0].folded }, fallback.beforeLastSection)
            }
        }
        let last = fallbacks(sections, commaReadings)
        #expect(last.map(\.words) == [["paris"], ["eiffel", "tower"]])
        #expect(last.map(\.beforeLast) == [false, true])
        let (county, countyReadings) = Self.readings("Austin, Travis County, Texas")
        let town = fallbacks(county, countyReadings).filter { $0.words != ["texas"] }
        #expect(town.map(\.words) == [["travis", "county"], ["austin"]])
        #expect(town.map(\.beforeLast) == [false, true])
    }
}
