import Foundation

/// A ``PlaceRecord`` as bytes and back, every field, for a build's temporary files
/// (``SpatialOrder``'s sorted runs): doubles as 8 little-endian bytes, integers as LEB128
/// varints (zigzag for signed ones), texts as their length and UTF-8, lists as their count and
/// items, optionals behind one byte. (Most of a place's texts are short or empty: with 8-byte
/// lengths, the lengths alone were ~130 bytes a place.)
///
/// ```swift
/// var bytes: [UInt8] = []
/// place.encode(into: &bytes)
/// var offset = 0
/// let same = bytes.withUnsafeBytes { PlaceRecord.decode($0, at: &offset) }
/// ```
extension PlaceRecord {
    func encode(into bytes: inout [UInt8]) {
        func integer(_ value: UInt64) {
            var value = value
            while value >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
                value >>= 7
            }
            bytes.append(UInt8(value))
        }
        func signed(_ value: Int64) { integer(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }
        func double(_ value: Double) {
            withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        }
        func text(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                integer(UInt64(utf8.count))
                bytes.append(contentsOf: utf8)
            }
        }
        signed(id)
        text(name)
        text(addressType.rawValue)
        signed(Int64(category))
        for value in [
            houseNumber, street, neighborhood, city, subregion, region, postal, country, placeAddress, phone, url,
        ] {
            text(value)
        }
        double(longitude)
        double(latitude)
        double(importance)
        signed(population)
        text(source)
        for list in [alternateNames, localityAliases] {
            integer(UInt64(list.count))
            list.forEach(text)
        }
        text(localizedNames)
        bytes.append(access == nil ? 0 : 1)
        if let access {
            double(access.lon)
            double(access.lat)
        }
        text(side)
        bytes.append(extent == nil ? 0 : 1)
        if let extent { [extent.xmin, extent.ymin, extent.xmax, extent.ymax].forEach(double) }
        text(type)
    }

    /// The place encoded at `offset` in `bytes`, moving `offset` past it. The bytes must be
    /// what ``encode(into:)`` wrote.
    static func decode(_ bytes: UnsafeRawBufferPointer, at offset: inout Int) -> PlaceRecord {
        func integer() -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let byte = bytes[offset]
                offset += 1
                value |= UInt64(byte & 0x7F) << shift
                guard byte & 0x80 != 0, shift < 63 else { return value }
                shift += 7
            }
        }
        func signed() -> Int64 {
            let zigzag = integer()
            return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        }
        func double() -> Double {
            defer { offset += 8 }
            return Double(
                bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        }
        func text() -> String {
            let count = Int(integer())
            defer { offset += count }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count]), as: UTF8.self)
        }
        func list() -> [String] { (0..<Int(integer())).map { _ in text() } }
        func flag() -> Bool {
            defer { offset += 1 }
            return bytes[offset] != 0
        }
        let id = signed()
        let name = text()
        let addressType = AddressType(rawValue: text()) ?? .poi
        let category = Int(signed())
        let (houseNumber, street, neighborhood, city, subregion, region) = (
            text(), text(), text(), text(), text(), text()
        )
        let (postal, country, placeAddress, phone, url) = (text(), text(), text(), text(), text())
        let (longitude, latitude, importance) = (double(), double(), double())
        let population = signed()
        let source = text()
        let (alternateNames, localityAliases) = (list(), list())
        let localizedNames = text()
        let access = flag() ? Coordinate(lon: double(), lat: double()) : nil
        let side = text()
        let extent = flag() ? Envelope(xmin: double(), ymin: double(), xmax: double(), ymax: double()) : nil
        let type = text()
        return PlaceRecord(
            id: id, name: name, addressType: addressType, category: category, type: type, houseNumber: houseNumber,
            street: street, neighborhood: neighborhood, city: city, subregion: subregion, region: region,
            postal: postal, country: country, placeAddress: placeAddress, phone: phone, url: url,
            longitude: longitude, latitude: latitude, importance: importance, population: population,
            source: source, alternateNames: alternateNames, localityAliases: localityAliases,
            localizedNames: localizedNames, access: access, side: side, extent: extent)
    }
}
