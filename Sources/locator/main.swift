import Foundation
import OpenLocator

/// The `locator` command: dispatches to a subcommand and maps errors to exit codes
/// (usage 64, runtime 1), in one place.
enum Locator {
    static let commands = [
        CommandEntry(FindCommand.self), CommandEntry(SuggestCommand.self), CommandEntry(ReverseCommand.self),
        CommandEntry(IdentifyCommand.self), CommandEntry(BatchCommand.self),
        CommandEntry(BuildCommand.self), CommandEntry(InfoCommand.self), CommandEntry(ServeCommand.self),
    ]

    static var help: String {
        let list = commands.map { "  \($0.name.padding(toLength: 10, withPad: " ", startingAt: 0))\($0.abstract)" }
        return """
            OVERVIEW: Find places by category, name or address, and what is at a point — offline.

            USAGE: locator <subcommand>

            SUBCOMMANDS:
            \(list.joined(separator: "\n"))
              completions Print a completion script: locator completions bash|zsh|fish.
              man       Print the manual page (roff): locator man > locator.1

              See 'locator help <subcommand>' or 'locator <subcommand> --help' for detailed help,
              'locator --version' for the version.

            \(attributionHelp)
            """
    }

    static func main() async -> Int32 {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "help", arguments.count > 1 {
            arguments = [arguments[1], "--help"]  // `locator help find` is `locator find --help`
        }
        guard let first = arguments.first, !["-h", "--help", "help"].contains(first) else {
            Output.data(help)
            return 0
        }
        if first == "--version" || first == "-V" {
            Output.data(
                "locator \(OpenLocatorVersion.current) (gazetteer schema \(OpenLocatorVersion.gazetteerSchema))")
            return 0
        }
        if first == "man" {
            Output.data(ManPage.page(commands: commands, topLevel: help))
            return 0
        }
        if first == "completions" {
            guard arguments.count == 2, let script = ShellCompletions.script(for: arguments[1], commands: commands)
            else {
                Output.diagnostic("Error: give the shell: locator completions bash, zsh or fish")
                return 64
            }
            Output.data(script)
            return 0
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let names = commands.map(\.name)
            let hint = DidYouMean.closest(to: first, among: names + ["help", "completions", "man"]).map {
                " Did you mean '\($0)'?"
            }
            Output.diagnostic(
                "Error: unknown subcommand '\(first.prefix(40))'.\(hint ?? " Use one of: \(names.joined(separator: ", ")).")"
            )
            Output.diagnostic("Help:  locator --help")
            return 64
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Output.data(command.help)
            return 0
        }
        do {
            return try await command.run(rest)
        } catch let error as UsageError {
            Output.diagnostic("Error: \(error.message)")
            Output.diagnostic("Help:  locator \(command.name) --help")
            return 64
        } catch let error as LocatorError where error.code == .invalidParameter {
            Output.diagnostic("Error: \(error.message)")
            Output.diagnostic("Help:  locator \(command.name) --help")
            return 64
        } catch let error as LocatorError {
            Output.diagnostic("Error: \(error.message)")
            return 1
        } catch let error as RuntimeError {
            Output.diagnostic("Error: \(error.message)")
            return 1
        } catch {
            Output.diagnostic("Error: \(error)")
            return 1
        }
    }
}

/// On Ctrl-C or SIGTERM: a server finishes its requests, a batch its chunk; otherwise any
/// half-built gazetteer is deleted before exiting.
private func removeUnfinishedBuildsOnInterrupt() -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { signalNumber in
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
        source.setEventHandler {
            if ServeCommand.stop() { exit(0) }  // a server finishes the requests in flight
            // A batch writes the rows in hand, then stops; a second signal ends it at once.
            if BatchCommand.running.stop(by: signalNumber) { return }
            GazetteerBuilder.removeUnfinishedFiles()
            exit(128 + signalNumber)
        }
        source.resume()
        return source
    }
}

// A closed pipe (`locator find … | head`, a log reader gone) is an error to handle, not death.
signal(SIGPIPE, SIG_IGN)
let interruptHandlers = removeUnfinishedBuildsOnInterrupt()
let status = await Locator.main()
withExtendedLifetime(interruptHandlers) {}
exit(status)
