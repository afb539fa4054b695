/// An expression the code generator cannot translate: only a checker bug produces one.
public struct CodeGenerationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int

    public init(_ message: String, line: Int) {
        self.message = message
        self.line = line
    }

    public var description: String { "internal compiler error at line \(line): \(message)" }
}
