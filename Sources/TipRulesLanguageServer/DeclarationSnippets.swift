/// Snippet completions (LSP snippet syntax: `${1:placeholder}`, `\$` for a literal `$`) for
/// the declarations of a file and the blocks of a tip, offered when the client supports
/// snippets (`completionItem.snippetSupport`).
enum DeclarationSnippets {
    /// One snippet: the keyword it starts with, its label and its body.
    struct Snippet {
        let keyword: String
        let label: String
        let body: String
    }

    /// At the top level of a file.
    static let file = [
        Snippet(keyword: "tip", label: "tip { … }", body: """
        tip ${1:NameTip} {
            title: "${2:Title}"
            message: "${3:Message}"

            #Rule(Self.${4:input}) { ${5:\\$0.donations.count >= 3} }
        }
        """),
        Snippet(keyword: "event", label: "event (fields)", body: "event ${1:name}(${2:field}: ${3:Int})"),
        Snippet(keyword: "parameter", label: "parameter = default", body: "parameter ${1:name}: ${2:Bool} = ${3:false}"),
        Snippet(keyword: "transient", label: "transient parameter = default",
                body: "transient parameter ${1:name}: ${2:Bool} = ${3:false}"),
        Snippet(keyword: "group", label: "group { … }", body: "group ${1:Name}(.${2:ordered}) { ${3:FirstTip}, ${4:SecondTip} }"),
        Snippet(keyword: "widget", label: "widget { relevance }", body: """
        widget ${1:Name} {
            relevance {
                score: ${2:1}
                duration: ${3:.hours(1)}
            }
        }
        """),
        Snippet(keyword: "configure", label: "configure { … }", body: """
        configure {
            displayFrequency(.${1:daily})
        }
        """),
    ]

    /// Inside a tip.
    static let tip = [
        Snippet(keyword: "#Rule", label: "#Rule(input) { … }", body: "#Rule(Self.${1:input}) { ${2:\\$0 == true} }"),
        Snippet(keyword: "options", label: "options { … }", body: """
        options {
            Tips.MaxDisplayCount(${1:3})
        }
        """),
    ]
}
