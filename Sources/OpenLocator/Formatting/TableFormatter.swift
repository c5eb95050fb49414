import Foundation

/// Writes results as an aligned text table for people at a terminal: name, category,
/// distance and address.
///
/// ```
///  #  Name            Type         Distance  Address
///  1  Café Regatta    Coffee Shop  120 m     Merikannontie 8, 00260 Helsinki
/// ```
public enum TableFormatter {
    /// The table for `results`; `showDistance` adds the distance column. With a `width` (the
    /// terminal's columns), the widest text columns are cut with "…" until each line fits.
    public static func table(_ results: [GeocodeResult], showDistance: Bool, width: Int? = nil) -> String {
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
        return aligned(rows, width: width)
    }

    /// Rows of cells as aligned columns, two spaces apart; the last column is not padded.
    /// Widths are terminal columns (``DisplayWidth``: a CJK character takes two). With a
    /// `width`, the widest of the columns after the first are cut with "…", a column at a
    /// time, until every line fits (a column keeps at least 8 columns, or its header's width).
    public static func aligned(_ rows: [[String]], width: Int? = nil) -> String {
        guard let header = rows.first else { return "" }
        var widths = header.indices.map { column in rows.map { DisplayWidth.columns($0[column]) }.max() ?? 0 }
        if let width {
            let floors = header.map { max(8, DisplayWidth.columns($0)) }
            func total() -> Int { widths.reduce(0, +) + 2 * (widths.count - 1) }
            while total() > width {
                // The widest column that may still shrink, the last (the address) on a tie.
                guard
                    let column = widths.indices.dropFirst().filter({ widths[$0] > floors[$0] }).max(by: {
                        (widths[$0], $0) < (widths[$1], $1)
                    })
                else { break }
                let others = total() - widths[column]
                let secondWidest = widths.indices.filter { $0 != column }.map { widths[$0] }.max() ?? 0
                widths[column] = max(floors[column], min(widths[column] - 1, max(width - others, secondWidest)))
            }
        }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let cut = DisplayWidth.truncated(cell, to: widths[column])
                // Pad by columns: `padding(toLength:)` counts UTF-16 units and cuts "Kāz̧emābād".
                return column == row.count - 1
                    ? cut : cut + String(repeating: " ", count: widths[column] - DisplayWidth.columns(cut))
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
