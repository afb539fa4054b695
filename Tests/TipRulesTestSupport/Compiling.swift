import TipRulesCompiler
import TipRulesRuntime

/// A source that does not compile: its diagnostics, one a line with their line numbers.
public struct CompileFailure: Error, CustomStringConvertible {
    public var description: String
}

/// Compiles `.tiprules` source through the front end, the optimizer and the code generator.
public func compile(_ source: String, name: String = "test.tiprules") throws -> Program {
    try compile(bytes: Array(source.utf8), name: name)
}

/// Compiles the bytes of a `.tiprules` file (named `name` in diagnostics).
public func compile(bytes: [UInt8], name: String = "test.tiprules") throws -> Program {
    let compilation = Compilation(name: name, bytes: bytes)
    guard let checked = compilation.optimizedProgram else {
        let messages = compilation.diagnostics.map { "\(name):\(compilation.source.location(of: $0.span.start).line): \($0.message)" }
        throw CompileFailure(description: messages.joined(separator: "\n"))
    }
    return try generateProgram(checked)
}
