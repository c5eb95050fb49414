import Foundation
import OpenLocator

/// `locator info`: what a gazetteer holds.
enum InfoCommand: Command {
    static let name = "info"
    static let abstract = "Show a gazetteer's sources, counts per category, build date and attribution."
    static let spec = CommandLineArguments.Spec(options: ["gazetteer"])
    static let help = """
        OVERVIEW: \(abstract)

        USAGE: locator info [--gazetteer PATH]

        OPTIONS:
          --gazetteer PATH        Describe this gazetteer instead of the default one.
          -h, --help              Show help information.

        \(attributionHelp)
        """

    static func run(_ arguments: CommandLineArguments) async throws -> Int32 {
        let info = try await locatorTask(arguments).locatorInfo
        var lines = ["\(info.name): \(info.placeCount.map { "\($0) places" } ?? "places not counted")"]
        if let date = info.buildDate { lines.append("Built: \(date)") }
        if info.sourceSummaries.contains(where: { !$0.kind.isEmpty }) {
            lines.append("Sources:")
            for source in info.sourceSummaries {
                var line = "  \(String(source.places).leftPadded(to: 7))  \(source.name) (\(source.kind))"
                if source.skipped > 0 { line += ", \(source.skipped) rows skipped" }
                if source.duplicates > 0 { line += ", \(source.duplicates) duplicates left out" }
                lines.append(line)
            }
        } else {
            lines.append("Sources: " + info.sources.joined(separator: ", "))
        }
        lines.append("Coverage (POIs and addresses; localities are wherever the sources have them):")
        if info.coverage.isEmpty { lines.append("  no POIs or addresses") }
        for area in info.coverage.prefix(20) {
            let extent = String(
                format: "lon %.4f…%.4f, lat %.4f…%.4f", area.extent.xmin, area.extent.xmax, area.extent.ymin,
                area.extent.ymax)
            lines.append(
                "  \(String(area.places).leftPadded(to: 7))  \(area.kind == "POI" ? "POIs" : "addresses") \(area.label.map { "around \($0)" } ?? "") (\(extent)) from \(area.source)"
            )
        }
        if info.coverage.count > 20 { lines.append("  … and \(info.coverage.count - 20) more areas") }
        lines.append("Places per category:")
        for (name, count) in info.categoryCounts.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
            lines.append("  \(String(count).leftPadded(to: 7))  \(name)")
        }
        lines.append("Attribution:")
        lines += info.attribution.map { "  " + $0 }
        Output.data(lines.joined(separator: "\n"))
        return 0
    }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
