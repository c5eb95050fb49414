import Foundation
import OpenLocator

/// One `locator` subcommand: its help text, what it accepts, and what it does.
protocol Command: SendableMetatype {
    /// The subcommand's name, as typed.
    static var name: String { get }
    /// One line for the command list.
    static var abstract: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// The options, flags and positionals it accepts.
    static var spec: CommandLineArguments.Spec { get }
    /// Runs with parsed arguments; returns the exit code.
    static func run(_ arguments: CommandLineArguments) async throws -> Int32
}

/// A subcommand as a value: its texts and a closure that parses and runs it. (A table of
/// `any Command.Type` would be simpler but crashes the Swift 6.3 compiler when its async
/// static method is called through the existential.)
struct CommandEntry: Sendable {
    let name: String
    let abstract: String
    let help: String
    let spec: CommandLineArguments.Spec
    let run: @Sendable ([String]) async throws -> Int32

    init<C: Command>(_ command: C.Type) {
        name = C.name
        abstract = C.abstract
        help = C.help
        spec = C.spec
        run = { try await C.run(CommandLineArguments($0, spec: C.spec)) }
    }
}

extension Command {
    /// The remote GeocodeServer named by `--service` (or `LOCATOR_SERVICE` when no
    /// `--gazetteer` is given), with the API key from `ARCGIS_API_KEY`; else the gazetteer named
    /// by `--gazetteer`, or the default one (built on first use, with progress on stderr).
    static func locatorTask(_ arguments: CommandLineArguments) throws -> LocatorTask {
        let environment = ProcessInfo.processInfo.environment
        let service =
            arguments.value("service")
            ?? (arguments.value("gazetteer") == nil
                ? environment["LOCATOR_SERVICE"].flatMap { $0.isEmpty ? nil : $0 } : nil)
        if let service {
            guard arguments.value("gazetteer") == nil else {
                throw UsageError("give --gazetteer or --service, not both")
            }
            guard let url = URL(string: service), let scheme = url.scheme?.lowercased(),
                ["http", "https"].contains(scheme),
                url.host != nil
            else {
                throw UsageError(
                    "--service needs an http(s) GeocodeServer URL, such as https://geocode.arcgis.com/arcgis/rest/services/World/GeocodeServer"
                )
            }
            return LocatorTask(url: url, apiKey: environment["ARCGIS_API_KEY"])
        }
        if let path = arguments.value("gazetteer") {
            guard !path.isEmpty else { throw UsageError("--gazetteer needs the path of a gazetteer file") }
            return LocatorTask(gazetteer: URL(fileURLWithPath: path))
        }
        return try LocatorTask.withDefaultGazetteer { Output.diagnostic($0) }
    }

    /// `--format`, checked against the formats a command supports.
    static func format(_ arguments: CommandLineArguments, choices: [String]) throws -> String {
        try arguments.value("format").map { try ArgumentValues.choice($0, option: "--format", from: choices) }
            ?? choices[0]
    }
}

/// The attribution shown in help texts and `locator info`.
let attributionHelp = """
    DATA:
      The default gazetteer contains data © OpenStreetMap contributors (ODbL 1.0,
      https://www.openstreetmap.org/copyright) and GeoNames (https://www.geonames.org, CC BY 4.0).
    """
