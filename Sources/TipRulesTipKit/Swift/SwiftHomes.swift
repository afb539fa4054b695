import TipRulesCompiler

/// Where the generated Swift declares each parameter and event, which decides a parameter's
/// TipKit identity (its enclosing type and its name):
///
/// - `parameter OWNER.NAME` and `event OWNER.NAME`: in OWNER, the tip's struct when OWNER is a
///   tip, else an `enum OWNER`;
/// - a parameter without an owner: in `enum SharedTipInputs`, wherever it is read, so that its
///   identity does not move when another tip starts reading it;
/// - an event without an owner (its identity is its id, wherever it is declared): in the one
///   tip whose rules read it, else in `SharedTipInputs`.
struct SwiftHomes {
    /// A declaring type.
    enum Home: Hashable {
        case tip(Int)
        case type(String)
        case shared
    }

    private(set) var parameters: [Home] = []
    private(set) var events: [Home] = []
    /// The `enum OWNER`s to declare, in order of first use.
    private(set) var ownerTypes: [String] = []
    private let tipNames: [String]

    /// The homes of `program`'s inputs; `readers` lists, per tip, the inputs its rules read.
    init(program: CheckedProgram, readers: [[SwiftExpressionRenderer.Input]]) {
        tipNames = program.tips.map { $0.swiftPath.joined(separator: ".") }
        let tipIndex = Dictionary(program.tips.enumerated().map { ($0.element.name, $0.offset) }, uniquingKeysWith: { first, _ in first })
        var readingTips: [SwiftExpressionRenderer.Input: Set<Int>] = [:]
        for (tip, inputs) in readers.enumerated() {
            for input in inputs { readingTips[input, default: []].insert(tip) }
        }
        func home(ofOwned name: String) -> Home? {
            guard let owner = Self.owner(of: name) else { return nil }
            if let tip = tipIndex[owner] { return .tip(tip) }
            return .type(owner)
        }
        parameters = program.parameters.map { home(ofOwned: $0.name) ?? .shared }
        events = program.events.indices.map { index in
            if let owned = home(ofOwned: program.events[index].name) { return owned }
            let tips = readingTips[.event(index)] ?? []
            return tips.count == 1 ? tips.first.map(Home.tip) ?? .shared : .shared
        }
        for case .type(let name) in parameters + events where !ownerTypes.contains(name) { ownerTypes.append(name) }
    }

    /// The owner of `OWNER.NAME`, nil for a plain name.
    static func owner(of name: String) -> String? {
        name.firstIndex(of: ".").map { String(name[..<$0]) }
    }

    /// The Swift property name of `OWNER.NAME` or `NAME`.
    static func member(of name: String) -> String {
        name.firstIndex(of: ".").map { String(name[name.index(after: $0)...]) } ?? name
    }

    /// Where an input is declared.
    func home(of input: SwiftExpressionRenderer.Input) -> Home {
        switch input {
        case .parameter(let index): return parameters[index]
        case .event(let index): return events[index]
        }
    }

    /// The type that code in tip `tip` (nil: outside any tip) names `home` by.
    func typeName(_ home: Home, fromTip tip: Int?) -> String {
        switch home {
        case .tip(let index): return index == tip ? "Self" : tipNames[index]
        case .type(let name): return name
        case .shared: return SwiftEmitter.sharedNamespace
        }
    }
}
