import Foundation

/// GeoNames' alternate names with their languages (`alternateNamesV2.txt`, or the older
/// `alternateNames.txt`; plain, `.gz` or `.zip`): alternateNameId, geonameid, isolanguage,
/// alternate name, isPreferredName, isShortName, isColloquial, isHistoric (then from, to).
/// The cities dumps list alternate names without their languages; this file says which is
/// Swedish, so an answer in Swedish can use it ("Åbo" for Turku).
///
/// Only names in a language are kept (not links, airport codes or postcodes, whose
/// "language" is `link`, `iata`, `post`…), and not colloquial or historic ones; only those of
/// the places given. A place's name in a language is its preferred one, else one that is not
/// a short form, else the first. Rows that cannot be read are recorded in ``summary`` by line.
struct GeoNamesAlternateNames {
    private struct Name {
        var language: String
        var text: String
        var preferred: Bool
        var short: Bool
    }

    private var names: [Int64: [Name]] = [:]
    private(set) var summary: SourceSummary

    /// Reads the names of the places whose GeoNames ids are `ids`.
    init(_ url: URL, keeping ids: Set<Int64>) throws {
        summary = SourceSummary(
            name: url.lastPathComponent, kind: "geonames-alternate-names", places: 0, skipped: 0, firstSkipped: [])
        var lines = LineReader(try GeoNamesImporter.open(url))
        while let line = try lines.next() {
            let fields = line.bytes.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            guard !(fields.count == 1 && fields[0].isEmpty) else { continue }
            guard fields.count >= 8 else {
                summary.skip(
                    line: line.number,
                    because: "expected the 8 or 10 tab-separated alternate-name columns, found \(fields.count)")
                continue
            }
            guard let id = Int64(String(decoding: fields[1], as: UTF8.self)) else {
                summary.skip(line: line.number, because: "the geonameid is not a number")
                continue
            }
            let language = String(decoding: fields[2], as: UTF8.self).lowercased()
            let text = String(decoding: fields[3], as: UTF8.self).trimmedSpaces
            func flag(_ index: Int) -> Bool { fields[index].first == UInt8(ascii: "1") }
            guard ids.contains(id), LanguageCode.isWellFormed(language), !text.isEmpty, !flag(6), !flag(7) else {
                continue
            }
            names[id, default: []].append(Name(language: language, text: text, preferred: flag(4), short: flag(5)))
            summary.places += 1
        }
        if summary.places == 0, summary.skipped > 0 {
            throw LocatorError(
                .invalidInput,
                "'\(summary.name)' is not a GeoNames alternate-names file: no row could be read (\(summary.firstSkipped[0].description))"
            )
        }
    }

    /// Gives a GeoNames place (source `geonames:ID`) its names in other languages, which also find it.
    func apply(to place: inout PlaceRecord) {
        guard place.source.hasPrefix("geonames:"), let id = Int64(place.source.dropFirst(9)),
            let all = names[id]
        else { return }
        // Per language: preferred, then not a short form, then the first given.
        var best: [String: Name] = [:]
        var order: [String] = []
        for name in all {
            guard let current = best[name.language] else {
                best[name.language] = name
                order.append(name.language)
                continue
            }
            if (name.preferred && !current.preferred)
                || (name.preferred == current.preferred && current.short && !name.short)
            {
                best[name.language] = name
            }
        }
        place.localizedNames = LocalizedNames.encode(
            order.map { (language: $0, name: best[$0]!.text) } + LocalizedNames.decode(place.localizedNames))
        // (Each once: the dump's own list has most of them already, and each costs a fold.)
        var known = Set(place.alternateNames)
        place.alternateNames += all.map(\.text).filter { known.insert($0).inserted }
    }
}
