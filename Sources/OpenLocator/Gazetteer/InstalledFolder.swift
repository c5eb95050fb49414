import Foundation

/// A folder of files shipped with the program (the default gazetteer's sources, the map page),
/// found the same way wherever the program runs from: an environment variable, then beside an
/// installed program, then in the source checkout it was built from.
///
/// ```swift
/// let web = InstalledFolder(variable: "OPENLOCATOR_WEB", installed: "web", checkout: "Web", marker: "index.html")
/// web.url   // /usr/local/share/openlocator/web for /usr/local/bin/locator
/// ```
package struct InstalledFolder: Sendable {
    /// The environment variable that names the folder outright ("OPENLOCATOR_DATA").
    package var variable: String
    /// The folder's path inside `share/openlocator` ("" for that folder itself, "web").
    package var installed: String
    /// The folder's path in the checkout ("Gazetteer", "Web").
    package var checkout: String
    /// A file the folder must hold to count ("osm-categories.tsv").
    package var marker: String

    package init(variable: String, installed: String, checkout: String, marker: String) {
        (self.variable, self.installed, self.checkout, self.marker) = (variable, installed, checkout, marker)
    }

    /// The first of: `$variable`; `share/openlocator/<installed>` beside the program's `bin/`
    /// folder, or `openlocator/<installed>` next to the program; the checkout's folder. The
    /// installed ones count only when they hold ``marker``; when none does, the checkout's
    /// folder is named, so a message about missing files says where they were looked for.
    package var url: URL {
        if let custom = ProcessInfo.processInfo.environment[variable], !custom.isEmpty {
            return URL(fileURLWithPath: custom, isDirectory: true)
        }
        return installedCandidates.first {
            FileManager.default.isReadableFile(atPath: $0.appendingPathComponent(marker).path)
        } ?? checkoutURL
    }

    /// Where an installed program's copy is looked for, nearest first.
    package var installedCandidates: [URL] {
        guard let program = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return [] }
        let folder = program.deletingLastPathComponent()
        func inside(_ base: URL) -> URL {
            installed.isEmpty ? base : base.appendingPathComponent(installed, isDirectory: true)
        }
        return [
            inside(folder.deletingLastPathComponent().appendingPathComponent("share/openlocator", isDirectory: true)),
            inside(folder.appendingPathComponent("openlocator", isDirectory: true)),
        ]
    }

    /// The folder in the source checkout this library was compiled from.
    package var checkoutURL: URL {
        // Sources/OpenLocator/Gazetteer/InstalledFolder.swift -> repository root
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { root.deleteLastPathComponent() }
        return root.appendingPathComponent(checkout, isDirectory: true)
    }
}
