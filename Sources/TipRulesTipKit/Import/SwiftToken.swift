/// One token of Swift source, as the importer's lexer cuts it.
struct SwiftToken: Sendable {
    /// What kind of token this is.
    enum Kind: Sendable, Equatable {
        /// A name or keyword (`struct`, `Tip`, `isLoggedIn`); a backticked name without its backticks.
        case identifier
        /// A string literal of any form; `stringValue` holds its value when it is a plain constant.
        case string
        /// A number literal.
        case number
        /// `@Name`.
        case attribute
        /// `#Name` (`#Rule`, `#if`).
        case pound
        /// `$name` or `$0`.
        case dollar
        /// One bracket or punctuation character, or a run of operator characters (`==`, `->`, `?`).
        case symbol
    }

    var kind: Kind
    /// The token's text: the source bytes, except a backticked name, which is given without backticks.
    var text: String
    /// The byte offsets of the token in its file.
    var start: Int
    var end: Int
    /// Whether a line break (or the start of the file) comes before the token.
    var startsLine: Bool
    /// The value of a string literal without interpolation (escapes decoded); nil otherwise.
    var stringValue: String?

    /// Whether this is the identifier (or keyword) `word`.
    func isWord(_ word: String) -> Bool { kind == .identifier && text == word }

    /// Whether this is the symbol `text`.
    func isSymbol(_ symbol: String) -> Bool { kind == .symbol && text == symbol }
}
