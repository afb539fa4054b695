import TipRulesCompiler
import TipRulesRuntime

/// What a contender computes. Every contender of a scenario must compute the same answer.
enum Answer: Equatable, CustomStringConvertible {
    case bool(Bool)
    case number(Double)
    /// One result per rule, in the program's order of tips and rules.
    case bools([Bool])

    var description: String {
        switch self {
        case .bool(let value): return String(value)
        case .number(let value): return String(value)
        case .bools(let values): return "\(values.count) rules, \(values.filter { $0 }.count) true"
        }
    }
}

/// The four ways of computing a scenario's answer, in the order they are measured and reported.
enum ContenderKind: String, CaseIterable, Codable {
    case vm
    case predicate
    case naive
    case best

    /// The column title in the text table.
    var title: String {
        switch self {
        case .vm: return "VM"
        case .predicate: return "#Predicate"
        case .naive: return "naive"
        case .best: return "best"
        }
    }
}

/// One workload: a name, how many donations it reads, the targets that apply to it, and the
/// four contenders.
struct Scenario {
    var name: String
    /// The rule measured, the same for its true and false variants and for every store size.
    var family: String
    /// The donations in the store; nil when the rule reads no donation.
    var donations: Int?
    /// The target "faster than the naive closure" applies.
    var mustBeatNaive = false
    /// The target "no slower than the best hand-written Swift" applies, in place of
    /// the target "≥ 1,000× faster than #Predicate", which no Swift meets on this scenario.
    var mustMatchBest = false
    /// Each contender, in `ContenderKind` order.
    var contenders: [(kind: ContenderKind, run: () throws -> Answer)]

    init(family: String, variant: String? = nil, donations: Int?, mustBeatNaive: Bool = false, mustMatchBest: Bool = false,
         vm: @escaping () throws -> Answer, predicate: @escaping () throws -> Answer,
         naive: @escaping () throws -> Answer, best: @escaping () throws -> Answer) {
        self.family = family
        name = variant.map { "\(family), \($0)" } ?? family
        self.donations = donations
        self.mustBeatNaive = mustBeatNaive
        self.mustMatchBest = mustMatchBest
        contenders = [(.vm, vm), (.predicate, predicate), (.naive, naive), (.best, best)]
    }

    /// Runs every contender once; throws unless they all give the same answer.
    func check() throws -> Answer {
        var answers: [(ContenderKind, Answer)] = []
        for contender in contenders {
            do {
                answers.append((contender.kind, try contender.run()))
            } catch {
                throw BenchError("\(name): \(contender.kind.title) failed: \(error)")
            }
        }
        guard let expected = answers.first?.1 else { throw BenchError("\(name): no contender") }
        if answers.contains(where: { $0.1 != expected }) {
            let listed = answers.map { "\($0.0.title) = \($0.1)" }.joined(separator: ", ")
            throw BenchError("\(name): the contenders disagree: \(listed)")
        }
        return expected
    }
}

/// A failure that stops the benchmark with a message and exit status 1.
struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Checks and compiles a benchmark program.
func compileProgram(_ source: String, name: String) throws -> Program {
    let compilation = Compilation(name: name, bytes: Array(source.utf8))
    guard let checked = compilation.optimizedProgram else {
        throw BenchError("\(name) does not check: " + compilation.diagnostics.map(\.message).joined(separator: "; "))
    }
    do {
        return try generateProgram(checked)
    } catch {
        throw BenchError("\(name): code generation failed: \(error)")
    }
}

extension Program {
    /// The index of a tip, or an error naming it.
    func tip(_ name: String) throws -> Int {
        guard let index = tipIndex(named: name) else { throw BenchError("no tip \(name) in \(sourceName)") }
        return index
    }

    /// The index of an event, or an error naming it.
    func event(_ name: String) throws -> Int {
        guard let index = eventIndex(named: name) else { throw BenchError("no event \(name) in \(sourceName)") }
        return index
    }

    /// The index of a parameter, or an error naming it.
    func parameter(_ name: String) throws -> Int {
        guard let index = parameterIndex(named: name) else { throw BenchError("no parameter \(name) in \(sourceName)") }
        return index
    }
}

/// Holds an evaluator and a store for the VM contender: the evaluator is mutable (it keeps the
/// machine's buffers between runs), and so are the decisions the whole app is written into.
/// Each contender captures the store as a constant: a store read from a class instance at each
/// call would be copied (a retain and a release of each of its arrays), which is the harness's
/// cost, not the VM's.
final class VirtualMachine {
    var evaluator: Evaluator
    let store: EventStore
    var decisions = Decisions()

    init(_ program: Program, store: EventStore) {
        evaluator = Evaluator(program: program)
        self.store = store
    }

    /// One rule's result (false if there is no such rule), as an app asks before showing a tip.
    func rule(tip: Int, rule: Int = 0) -> () -> Answer {
        let store = store
        return { .bool(self.evaluator.decideRule(tip: tip, rule: rule, store: store, now: Dataset.now)) }
    }

    /// Every rule's result, having decided every tip's status and display and every group's tip.
    func wholeApp() -> () -> Answer {
        let store = store
        return {
            self.evaluator.decide(store, now: Dataset.now, into: &self.decisions)
            return .bools(self.decisions.rules)
        }
    }

    /// A widget's score, as an app asks to rank its widget (0 if there is no such widget).
    func score(widget: Int) -> () -> Answer {
        let store = store
        return { .number(self.evaluator.score(ofWidget: widget, store: store, now: Dataset.now)) }
    }
}
