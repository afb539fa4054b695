/// The demo's command line.
struct DemoOptions {
    var state = ""
    var bundled = ""
    var updates: String?
    var app: String?
    var sync: String?
    var channel: String?
    var trustedKeys: [String] = []
    var installID = "demo-install"
    var interval = 0.0
    /// The host's clock (seconds since 1970) at launch; nil: the machine's clock.
    var now: Double?
    /// `--help`: print the usage and the commands, and exit.
    var help = false

    static let usage = """
    usage: tiprules-demo --state DIR --bundled RULES.tipc [--updates DIR] [--app ID] [--now SECONDS]
                         [--channel URL --trusted-key PUB... [--install-id ID] [--interval SECONDS]] [--sync DIR]
           tiprules-demo --help

    An example host: what an app does with a state folder. It opens DIR (creating it with the
    bundled rules), then reads one command a line from standard input and answers each once it
    is durable. Kill it at any instant and start it again: nothing that was answered is lost.
      --updates DIR        'update' applies the highest release of the .tipc files there
      --app ID             the app's id: rules for another app are refused
      --channel URL        'update' fetches a signed channel (http, https or file), verifies it
                           with the public keys of --trusted-key, then applies it
      --install-id ID      the install's id, which places it in a staged release's share
      --interval SECONDS   the least time between two requests to the channel (default 0)
      --sync DIR           'sync' exchanges change sets with the person's other installs there
      --now SECONDS        the host's clock at launch (default: the machine's clock)

    The host's clock is what every command reads: a donation, a parameter, a close or an
    action is recorded at it, show, status and why evaluate at it, and the launch and every
    update decide at it whether the channel's release governs or has expired. A command's AT (seconds
    since 1970) moves the clock there first.

    commands:
      update                      fetch and apply the channel's (or the updates folder's) newest
                                  release, and say what it changed
      set NAME VALUE              set a parameter
      donate EVENT [AT] [F=V ...] donate an event with its fields
      show [AT]                   the tips to display, with their title, message and image;
                                  each is recorded as displayed
      close TIP | action TIP      the person closed the tip or performed its action
      status [AT]                 each tip's status, and what keeps a pending one back
      why TIP [AT]                which rules govern (the channel release in force, its
                                  expiry), and why the tip displays or not, rule by rule
      sync                        exchange change sets with the person's other installs
    """

    init(_ arguments: [String]) throws(DemoError) {
        var rest = arguments[...]
        while let option = rest.popFirst() {
            if option == "--help" || option == "-h" {
                help = true
                return
            }
            guard let value = rest.popFirst() else { throw DemoError("\(option) needs a value\n" + Self.usage) }
            switch option {
            case "--state": state = value
            case "--bundled": bundled = value
            case "--updates": updates = value
            case "--app": app = value
            case "--channel": channel = value
            case "--sync": sync = value
            case "--install-id": installID = value
            case "--interval":
                guard let seconds = Double(value), seconds >= 0 else { throw DemoError("--interval takes seconds") }
                interval = seconds
            case "--now": now = try seconds(value)
            case "--trusted-key":
                trustedKeys.append(value)
                while let next = rest.first, !next.hasPrefix("--") { trustedKeys.append(next); rest.removeFirst() }
            default: throw DemoError("unknown option \(option)\n" + Self.usage)
            }
        }
        guard !state.isEmpty, !bundled.isEmpty, channel == nil || (!trustedKeys.isEmpty && app != nil) else {
            throw DemoError("--state and --bundled are required; --channel needs --trusted-key and --app\n" + Self.usage)
        }
    }
}

/// A refused command or a failed start, said in one line.
struct DemoError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Seconds since 1970, finite.
func seconds(_ text: String) throws(DemoError) -> Double {
    guard let number = Double(text), number.isFinite else { throw DemoError("expected a number, found \(text)") }
    return number
}
