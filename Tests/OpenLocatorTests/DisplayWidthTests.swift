import Foundation
import Testing

@testable import OpenLocator

/// Terminal columns: wide East Asian characters take two, combining marks none, and tables
/// line up and fit the width they are given.
@Suite struct DisplayWidthTests {
    @Test func wideCharactersTakeTwoColumnsAndMarksNone() {
        #expect(DisplayWidth.columns("Helsinki") == 8)
        #expect(DisplayWidth.columns("東京タワー") == 10)
        #expect(DisplayWidth.columns("서울역") == 6)
        #expect(DisplayWidth.columns("ＡＢＣ") == 6)  // fullwidth forms
        #expect(DisplayWidth.columns("Kāz̧emābād") == 9)  // "z̧" is z and a combining cedilla
        #expect(DisplayWidth.columns("Cafe\u{301}") == 4)
        #expect(DisplayWidth.columns("☕") == 2)
        #expect(DisplayWidth.truncated("東京タワー", to: 7) == "東京タ…")
        #expect(DisplayWidth.columns(DisplayWidth.truncated("東京タワー", to: 8)) <= 8)
        #expect(DisplayWidth.truncated("Helsinki", to: 8) == "Helsinki")
        #expect(DisplayWidth.truncated("Helsinki", to: 5) == "Hels…")
    }

    /// Where each column starts, in terminal columns, on every line.
    static func columnStarts(_ line: String, _ cells: [String]) -> [Int] {
        var starts: [Int] = []
        var rest = Substring(line)
        var consumed = 0
        for cell in cells {
            guard let range = rest.range(of: cell) else { return [] }
            let before = DisplayWidth.columns(String(rest[..<range.lowerBound]))
            starts.append(consumed + before)
            consumed += before + DisplayWidth.columns(cell)
            rest = rest[range.upperBound...]
        }
        return starts
    }

    @Test func tablesLineUpByColumnsAndFitTheirWidth() {
        let rows = [
            ["#", "Name", "Type", "Address"],
            ["1", "東京タワー", "Landmark", "4-2-8 Shibakōen, Minato City, Tokyo"],
            ["2", "Kāz̧emābād", "Town", "Tehran Province, Iran"],
            ["3", "Stockmann", "Department Store", "Aleksanterinkatu 52, 00100 Helsinki"],
        ]
        let table = TableFormatter.aligned(rows).split(separator: "\n").map(String.init)
        let starts = zip(table, rows).map { Self.columnStarts($0, $1) }
        #expect(starts.allSatisfy { $0 == starts[0] && $0.count == 4 }, "\(starts)")
        for width in [40, 50, 60] {
            let cut = TableFormatter.aligned(rows, width: width).split(separator: "\n").map(String.init)
            #expect(cut.count == rows.count)
            #expect(cut.allSatisfy { DisplayWidth.columns($0) <= width }, "\(width): \(cut)")
            #expect(cut.contains { $0.contains("…") })
            #expect(cut[0].hasPrefix("#  Name"))
        }
        // Wide enough: nothing is cut.
        #expect(TableFormatter.aligned(rows, width: 200) == TableFormatter.aligned(rows))
    }
}
