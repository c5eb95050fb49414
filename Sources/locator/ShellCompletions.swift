import Foundation

/// Completion scripts for bash, zsh and fish, made from the subcommands' own definitions: the
/// options and flags their parsers accept (``CommandLineArguments/Spec``) and each option's
/// first line of `--help`, so what completes is what the commands take.
///
/// ```sh
/// locator completions bash > /etc/bash_completion.d/locator
/// locator completions zsh > "${fpath[1]}/_locator"
/// locator completions fish > ~/.config/fish/completions/locator.fish
/// ```
enum ShellCompletions {
    static let shells = ["bash", "zsh", "fish"]

    /// One option of a subcommand, as completion needs it.
    struct Option {
        var name: String
        var takesValue: Bool
        var takesFile: Bool
        var summary: String
    }

    /// Options whose values are paths.
    static let fileOptions: Set<String> = [
        "gazetteer", "out", "osm", "geonames", "geonames-postal", "geonames-alternate-names", "openaddresses",
        "places", "mapping", "access-log", "api-key-file",
    ]

    /// A subcommand's options and flags, in name order, with their help lines.
    static func options(of command: CommandEntry) -> [Option] {
        let summaries = summaries(in: command.help)
        let valued = command.spec.options.union(command.spec.repeatable)
        return (valued.union(command.spec.flags).sorted() + ["help"]).map { name in
            Option(
                name: name, takesValue: valued.contains(name), takesFile: fileOptions.contains(name),
                summary: summaries[name] ?? (name == "help" ? "Show help information." : ""))
        }
    }

    /// Each option's first line of description in a help text, where it starts on the option's line.
    static func summaries(in help: String) -> [String: String] {
        var found: [String: String] = [:]
        for heading in ["ARGUMENTS", "OPTIONS"] {
            for entry in HelpText.entries(HelpText.section(heading, in: help)) {
                if let name = entry.optionName, let summary = entry.summary { found[name] = summary }
            }
        }
        return found
    }

    static func script(for shell: String, commands: [CommandEntry]) -> String? {
        switch shell {
        case "bash": return bash(commands)
        case "zsh": return zsh(commands)
        case "fish": return fish(commands)
        default: return nil
        }
    }

    private static let topLevel = ["help", "completions", "man", "--help", "--version"]

    private static func bash(_ commands: [CommandEntry]) -> String {
        let names = (commands.map(\.name) + topLevel).joined(separator: " ")
        let cases = commands.map { command in
            let options = options(of: command)
            let words = options.map { "--\($0.name)" }.joined(separator: " ")
            let files = options.filter(\.takesFile).map { "--\($0.name)" }.joined(separator: "|")
            let values = options.filter { $0.takesValue && !$0.takesFile }.map { "--\($0.name)" }.joined(
                separator: "|")
            var lines = ["        \(command.name))", "            opts=\"\(words)\""]
            if !files.isEmpty {
                lines.append(
                    "            case \"$prev\" in \(files)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;; esac")
            }
            if !values.isEmpty { lines.append("            case \"$prev\" in \(values)) return ;; esac") }
            lines.append("            ;;")
            return lines.joined(separator: "\n")
        }
        return """
            # bash completion for locator (locator completions bash)
            _locator() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}" opts=""
                if [ "$COMP_CWORD" -eq 1 ]; then
                    COMPREPLY=($(compgen -W "\(names)" -- "$cur"))
                    return
                fi
                case "${COMP_WORDS[1]}" in
            \(cases.joined(separator: "\n"))
                    help) COMPREPLY=($(compgen -W "\(commands.map(\.name).joined(separator: " "))" -- "$cur")); return ;;
                    completions) COMPREPLY=($(compgen -W "\(shells.joined(separator: " "))" -- "$cur")); return ;;
                esac
                if [[ "$cur" == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=($(compgen -f -- "$cur"))
                fi
            }
            complete -F _locator locator

            """
    }

    /// Text inside single quotes in zsh and fish: a quote closes, is escaped and reopens.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func zsh(_ commands: [CommandEntry]) -> String {
        let described = commands.map { quoted("\($0.name):\($0.abstract)") }.joined(separator: " ")
        let cases = commands.map { command in
            let specs = options(of: command).map { option -> String in
                // zsh's _arguments: '--name[summary]' and, with a value, ':value:action'.
                let summary = option.summary.replacingOccurrences(of: "[", with: "(").replacingOccurrences(
                    of: "]", with: ")"
                ).replacingOccurrences(of: ":", with: " ")
                let value = option.takesValue ? (option.takesFile ? ":file:_files" : ":value: ") : ""
                return quoted("--\(option.name)[\(summary)]\(value)")
            }
            return "        \(command.name)) _arguments \(specs.joined(separator: " ")) '*:argument:_files' ;;"
        }
        return """
            #compdef locator
            # zsh completion for locator (locator completions zsh)
            _locator() {
                local -a commands
                commands=(\(described))
                if (( CURRENT == 2 )); then
                    _describe 'command' commands
                    _values 'option' --help --version help completions man
                    return
                fi
                shift words
                (( CURRENT-- ))
                case $words[1] in
            \(cases.joined(separator: "\n"))
                    help) _describe 'command' commands ;;
                    completions) _values 'shell' \(shells.joined(separator: " ")) ;;
                esac
            }
            _locator "$@"

            """
    }

    private static func fish(_ commands: [CommandEntry]) -> String {
        var lines = [
            "# fish completion for locator (locator completions fish)",
            "complete -c locator -f",
            "complete -c locator -n __fish_use_subcommand -l version -d 'Show the version'",
            "complete -c locator -n __fish_use_subcommand -a help -d 'Show help for a subcommand'",
            "complete -c locator -n __fish_use_subcommand -a completions -d 'Print a shell completion script'",
            "complete -c locator -n __fish_use_subcommand -a man -d 'Print the manual page'",
            "complete -c locator -n '__fish_seen_subcommand_from completions' -a '\(shells.joined(separator: " "))'",
        ]
        for command in commands {
            lines.append(
                "complete -c locator -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.abstract))")
            for option in options(of: command) {
                var line = "complete -c locator -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)"
                if option.takesValue { line += option.takesFile ? " -r -F" : " -r" }
                if !option.summary.isEmpty { line += " -d \(quoted(option.summary))" }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
