import Foundation

/// Writes results as an aligned text table for people at a terminal: name, category,
/// distance and address.
///
/// ```
///  #  Name            Type         Distance  Address
///  1  Café Regatta    Coffee Shop  120 m     Merikannontie 8, 00260 Helsinki
/// ```
public enum TableFormatter {
    /// The table for `results`; `showDistance` adds the distance column.
    public static func table(_ results: [GeocodeResult], showDistance: Bool) -> String {
        var rows: [[String]] = [["#", "Name", "Type", showDistance ? "Distance" : nil, "Address"].compactMap { $0 }]
        for (index, result) in results.enumerated() {
            let a = result.attributeValues
            let name = nonEmpty(a["PlaceName"]) ?? nonEmpty(a["ShortLabel"]) ?? result.label
            let type = nonEmpty(a["Type"]) ?? nonEmpty(a["Addr_type"]) ?? ""
            let address = nonEmpty(a["Place_addr"]) ?? nonEmpty(a["Match_addr"]) ?? ""
            let distance = a["Distance"]?.doubleValue.map(formatDistance) ?? ""
            rows.append(
                [String(index + 1), name, type, showDistance ? distance : nil, address].compactMap { $0 }.map {
                    TerminalText.printable($0)
                })
        }
        return aligned(rows)
    }

    /// Rows of cells as aligned columns, two spaces apart; the last column is not padded.
    public static func aligned(_ rows: [[String]]) -> String {
        guard let header = rows.first else { return "" }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                // Pad by characters: `padding(toLength:)` counts UTF-16 units and cuts "Kāz̧emābād".
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    /// "85 m", "1.2 km", "34 km".
    public static func formatDistance(_ metres: Double) -> String {
        guard metres.isFinite, metres < 1e12 else { return metres.isNaN ? "?" : "far" }  // never trap on Int(...)
        if metres < 1000 { return "\(Int(metres.rounded())) m" }
        if metres < 10_000 { return String(format: "%.1f km", metres / 1000) }
        return "\(Int((metres / 1000).rounded())) km"
    }

    private static func nonEmpty(_ value: AttributeValue?) -> String? {
        guard let s = value?.stringValue, !s.isEmpty else { return nil }
        return s
    }
}
