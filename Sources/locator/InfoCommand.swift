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
        var lines = ["\(info.name): \(info.placeCount) places"]
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
