/// Places ready to be written, made on a build's reading thread: the text of every place's
/// `places` row in one byte buffer, its numbers in a flat array.
///
/// A chunk crosses to the writing thread as a handful of allocations rather than a dozen
/// strings a place (each freed there, against the other thread's heap), and SQLite binds the
/// text where it lies instead of copying every value (``SQLiteStatement/bindInPlace(_:at:)``).
///
/// ```swift
/// var chunk = PlaceRowChunk()
/// chunk.append(place, locality: ["Kamppi", "Helsinki"])
/// try writer.insert(chunk)
/// ```
struct PlaceRowChunk: Sendable {
    /// The text columns of a row, in the order ``GazetteerWriter`` binds them.
    enum TextColumn: Int, CaseIterable {
        case name, addressType, houseNumber, street, neighborhood, city, subregion, region, postal, country
        case placeAddress, phone, url, source, localizedNames, side, searchName, searchAlternateNames, searchLocality

        /// The column's name in `places`.
        var sqlName: String {
            switch self {
            case .name: "name"
            case .addressType: "addr_type"
            case .houseNumber: "house_number"
            case .street: "street"
            case .neighborhood: "neighborhood"
            case .city: "city"
            case .subregion: "subregion"
            case .region: "region"
            case .postal: "postal"
            case .country: "country"
            case .placeAddress: "place_addr"
            case .phone: "phone"
            case .url: "url"
            case .source: "source"
            case .localizedNames: "names"
            case .side: "side"
            case .searchName: "search_name"
            case .searchAlternateNames: "search_alt_names"
            case .searchLocality: "search_locality"
            }
        }
    }

    /// A row's numbers and kind.
    struct Row: Sendable {
        var longitude, latitude, importance: Double
        /// The access point, if it has one.
        var accessLongitude, accessLatitude: Double?
        var category: Int
        var population: Int64
        var addressType: AddressType
        var extent: Envelope?
        /// Its Type where the category's name does not say it (``PlaceRecord/type``), mostly "".
        var type: String
    }

    private(set) var text: [UInt8] = []
    /// Where each row's text columns end in ``text``: ``TextColumn/allCases`` entries a row,
    /// each column starting where the one before it ends.
    private var textEnds: [Int] = []
    private(set) var rows: [Row] = []

    /// An empty chunk with room for `places` places of about `textBytes` bytes of text in all.
    init(places: Int = 0, textBytes: Int = 0) {
        text.reserveCapacity(textBytes)
        textEnds.reserveCapacity(places * TextColumn.allCases.count)
        rows.reserveCapacity(places)
    }

    var count: Int { rows.count }
    var isEmpty: Bool { rows.isEmpty }

    /// About how much memory the chunk holds.
    var byteCount: Int {
        text.capacity + textEnds.capacity * MemoryLayout<Int>.stride + rows.capacity * MemoryLayout<Row>.stride
    }

    /// Adds a place, and its text folded for search (``SearchText``): its name, alternate names
    /// (its names in `ownLanguages`, its country's, first) and `locality`, the words that place it.
    mutating func append(_ place: PlaceRecord, locality: [String], ownLanguages: Set<String> = []) {
        for column in TextColumn.allCases {
            switch column {
            case .searchName: SearchText.appendName(of: place, to: &text)
            case .searchAlternateNames:
                SearchText.appendAlternateNames(
                    of: place, exceptNameAt: textRange(.searchName, of: rows.count), ownLanguages: ownLanguages,
                    to: &text)
            case .searchLocality: SearchText.appendLocality(locality, to: &text)
            default: place.withUTF8(of: column) { text.append(contentsOf: $0) }
            }
            textEnds.append(text.count)
        }
        rows.append(
            Row(
                longitude: place.longitude, latitude: place.latitude, importance: place.importance,
                accessLongitude: place.access?.lon, accessLatitude: place.access?.lat,
                category: place.category, population: place.population, addressType: place.addressType,
                extent: place.extent, type: place.type))
    }

    /// Calls `body` with a function that gives a row's text column as bytes of ``text``, valid
    /// only inside `body` (for SQLite to bind where they lie).
    func withColumns<Result>(
        _ body: ((TextColumn, _ row: Int) -> UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        try text.withUnsafeBufferPointer { text in
            try body { column, row in UnsafeBufferPointer(rebasing: text[textRange(column, of: row)]) }
        }
    }

    /// Where one text column of row `row` lies in ``text``.
    func textRange(_ column: TextColumn, of row: Int) -> Range<Int> {
        let index = row * TextColumn.allCases.count + column.rawValue
        return (index == 0 ? 0 : textEnds[index - 1])..<textEnds[index]
    }
}

extension PlaceRecord {
    /// Calls `body` with the UTF-8 of one of the row's text columns that are the place's own
    /// (not folded for search), read where the string keeps it (no copy of the string, so no
    /// reference counting for each of a place's columns).
    fileprivate func withUTF8(of column: PlaceRowChunk.TextColumn, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        func read(_ value: borrowing String) {
            if value.utf8.withContiguousStorageIfAvailable(body) == nil {
                var copy = copy value
                copy.withUTF8(body)
            }
        }
        switch column {
        case .name: read(name)
        case .addressType: read(addressType.rawValue)
        case .houseNumber: read(houseNumber)
        case .street: read(street)
        case .neighborhood: read(neighborhood)
        case .city: read(city)
        case .subregion: read(subregion)
        case .region: read(region)
        case .postal: read(postal)
        case .country: read(country)
        case .placeAddress: read(placeAddress)
        case .phone: read(phone)
        case .url: read(url)
        case .source: read(source)
        case .localizedNames: read(localizedNames)
        case .side: read(side)
        case .searchName, .searchAlternateNames, .searchLocality: preconditionFailure("folded by SearchText")
        }
    }
}
