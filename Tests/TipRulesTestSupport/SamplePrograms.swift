/// Programs that tests of several targets feed to the commands and to the language server.
public enum SamplePrograms {
    /// Two misspelled members (TR0211) and a misspelled option (TR0401), each with one fix.
    public static let fixable = """
    parameter isLoggedIn: Bool = false
    event opened(screen: String)

    tip WelcomeTip {
        title: "Welcome"
        #Rule(Self.$isLoggedIn) { $0 == true }
        #Rule(Self.opened) { $0.donations.cont >= 3 }
        #Rule(Self.opened) { $0.donations.cont >= 4 }
        options {
            Tips.MaxDisplayCont(5)
        }
    }
    """

    /// First-beta spellings (TR0503, TR0501), whose fixes keep what the program means.
    public static let safelyFixable = """
    configure { DisplayFrequency(.daily) }
    event opened(screen: String)

    tip WelcomeTip {
        title: "Welcome"
        #Rule(Self.opened) { $0.donations.largestSubset(by: \\.screen).count >= 3 }
    }
    """

    /// A program in a layout `fmt` rewrites, and `tidy`, what `fmt` makes of it.
    public static let messy = "parameter a: Bool = false   \n\n\n\nevent opened(screen: String)\ntip T {\n  title: \"t\"  // hi\n      /* block\n   keeps */\n"
        + " #Rule(Self.$a) {\n$0 == true\n   && true\n}\n   }\n\n\n"
    public static let tidy = "parameter a: Bool = false\n\nevent opened(screen: String)\ntip T {\n    title: \"t\"  // hi\n    /* block\n   keeps */\n"
        + "    #Rule(Self.$a) {\n        $0 == true\n            && true\n    }\n}\n"
}
