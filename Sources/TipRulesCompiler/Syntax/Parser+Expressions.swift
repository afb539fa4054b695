/// Expressions, by precedence climbing, with Swift's operators and precedence.
extension Parser {
    /// A whole expression: a ternary, the lowest precedence.
    mutating func parseExpression() -> ExpressionSyntax {
        guard enterNesting() else { return skipTooDeep() }
        defer { nesting -= 1 }
        let condition = parseBinary(minimumPrecedence: 0)
        guard check(.question) else { return condition }
        advance()
        let then = parseExpression()
        guard expect(.colon, "':' in the conditional expression",
                     notes: [DiagnosticNote("a conditional is written 'condition ? then : else'")]) != nil else {
            return ExpressionSyntax(.error, span: condition.span.union(then.span))
        }
        let otherwise = parseExpression()
        return node(.ternary(condition, then, otherwise), span: condition.span.union(otherwise.span),
                    childDepth: max(condition.depth, then.depth, otherwise.depth))
    }

    /// Builds a node whose depth is one more than its deepest child, or an error node past the limit.
    /// `childDepth` is the depth of the deepest child (0 for none), passed rather than the
    /// children, so that no array is made per node.
    mutating func node(_ kind: ExpressionSyntax.Kind, span: SourceSpan, childDepth: Int) -> ExpressionSyntax {
        let depth = childDepth + 1
        if depth > Self.maximumNesting {
            reportTooDeep(at: span)
            return ExpressionSyntax(.error, span: span)
        }
        return ExpressionSyntax(kind, span: span, depth: depth)
    }

    private mutating func enterNesting() -> Bool {
        nesting += 1
        if nesting > Self.maximumNesting {
            nesting -= 1
            return false
        }
        return true
    }

    private mutating func reportTooDeep(at span: SourceSpan) {
        guard !reportedNesting else { return }
        reportedNesting = true
        report(.nestingTooDeep, "expression is nested too deeply", at: span,
               notes: [DiagnosticNote("expressions may nest at most \(Self.maximumNesting) levels; split it with 'let' or simplify it")])
    }

    /// Past the nesting limit: reports once and skips one operand (iteratively) without building it.
    private mutating func skipTooDeep() -> ExpressionSyntax {
        let start = current.span
        reportTooDeep(at: start)
        while check(.bang) || check(.minus) { advance() }
        skipTokenOrGroup()
        while check(.dot) || check(.optionalChainDot) || check(.leftParen) {
            if check(.leftParen) { skipTokenOrGroup() } else { advance(); if check(.identifier) { advance() } }
        }
        let end = index > 0 ? tokens[index - 1].span : start
        return ExpressionSyntax(.error, span: start.union(end))
    }

    private func binaryOperator(_ token: Token) -> BinaryOperator? {
        switch token.kind {
        case .star: return .multiply
        case .slash: return .divide
        case .percent: return .remainder
        case .plus: return .add
        case .minus: return .subtract
        case .questionQuestion: return .coalesce
        case .equalEqual: return .equal
        case .bangEqual: return .notEqual
        case .less: return .less
        case .lessEqual: return .lessOrEqual
        case .greater: return .greater
        case .greaterEqual: return .greaterOrEqual
        case .ampersandAmpersand: return .and
        case .pipePipe: return .or
        default: return nil
        }
    }

    private mutating func parseBinary(minimumPrecedence: Int) -> ExpressionSyntax {
        var left = parsePrefix()
        while let op = binaryOperator(current), op.precedence >= minimumPrecedence {
            // `-x` at the start of a line is a new prefix expression, not a subtraction (as in Swift).
            if op == .subtract && current.startsLine && current.span.end == peek().span.start { break }
            let operatorToken = advance()
            let right: ExpressionSyntax
            if nesting >= Self.maximumNesting {
                right = skipTooDeep()
            } else {
                nesting += 1
                right = parseBinary(minimumPrecedence: op.isRightAssociative ? op.precedence : op.precedence + 1)
                nesting -= 1
            }
            if op.isComparison, case .binary(let inner, _, _, let innerSpan) = left.kind, inner.isComparison {
                report(.nonAssociativeOperator, "adjacent comparison operators '\(inner.rawValue)' and '\(op.rawValue)' are not associative",
                       at: operatorToken.span,
                       notes: [DiagnosticNote("the first comparison is here", at: innerSpan),
                               DiagnosticNote("compare twice and combine with '&&', as in 'a < b && b < c'")])
                left = ExpressionSyntax(.error, span: left.span.union(right.span))
                continue
            }
            left = node(.binary(op, left, right, operatorSpan: operatorToken.span), span: left.span.union(right.span),
                        childDepth: max(left.depth, right.depth))
        }
        return left
    }

    private mutating func parsePrefix() -> ExpressionSyntax {
        let op: PrefixOperator
        switch current.kind {
        case .bang: op = .not
        case .minus: op = .negate
        default: return parsePostfix()
        }
        let operatorToken = advance()
        guard enterNesting() else { return skipTooDeep() }
        defer { nesting -= 1 }
        let operand = parsePrefix()
        if op == .negate, operatorToken.span.end == operand.span.start {
            switch operand.kind {
            case .integerLiteral(let value) where value >= 0 || value == Int.min:
                return ExpressionSyntax(.integerLiteral(value == Int.min ? value : -value), span: operatorToken.span.union(operand.span))
            case .floatLiteral(let value):
                return ExpressionSyntax(.floatLiteral(-value), span: operatorToken.span.union(operand.span))
            default:
                break
            }
        }
        return node(.prefix(op, operand, operatorSpan: operatorToken.span), span: operatorToken.span.union(operand.span),
                    childDepth: operand.depth)
    }

    private mutating func parsePostfix() -> ExpressionSyntax {
        var expression = parsePrimary()
        // After a reported force unwrap the suffixes are still read, but the whole is an error.
        var forceUnwrapped = false
        while true {
            if check(.dot) || check(.optionalChainDot) {
                let optional = check(.optionalChainDot)
                advance()
                guard check(.identifier) || check(.dollarIdentifier) else {
                    report(.expectedToken, "expected a member name after '\(optional ? "?." : ".")', found \(describe(current))",
                           at: errorSpan)
                    return ExpressionSyntax(.error, span: expression.span)
                }
                let name = advance()
                let memberName = name.kind == .dollarIdentifier ? "$" + name.text : name.text
                expression = node(.member(expression, name: memberName, nameSpan: name.span, optional: optional),
                                  span: expression.span.union(name.span), childDepth: expression.depth)
            } else if check(.leftParen) && !current.startsLine {
                let arguments = parseArgumentList()
                guard arguments.closed else { return ExpressionSyntax(.error, span: expression.span.union(arguments.span)) }
                let closure = parseTrailingClosure()
                let end = closure?.span ?? arguments.span
                expression = node(.call(expression, arguments: arguments.arguments, trailingClosure: closure),
                                  span: expression.span.union(end),
                                  childDepth: max(expression.depth, closure?.body.depth ?? 0,
                                                  arguments.arguments.reduce(0) { max($0, $1.value.depth) }))
            } else if check(.leftBrace) && !current.startsLine && trailingClosuresAllowed, let closure = parseTrailingClosure() {
                expression = node(.call(expression, arguments: [], trailingClosure: closure),
                                  span: expression.span.union(closure.span), childDepth: max(expression.depth, closure.body.depth))
            } else if check(.bang) && !current.hasLeadingSpace {
                let bang = advance()
                report(.expectedToken, "force unwrapping with '!' is not supported in tiprules", at: bang.span,
                       notes: [DiagnosticNote("a rule must not crash; use '?.' to chain or '??' to give a default")],
                       fixes: [.replace(bang.span, with: "?", "chain with '?' instead", applicability: .maybeIncorrect)])
                forceUnwrapped = true
            } else {
                return forceUnwrapped ? ExpressionSyntax(.error, span: expression.span) : expression
            }
            if expression.isError { return expression }
        }
    }

    private mutating func parseTrailingClosure() -> ClosureSyntax? {
        guard check(.leftBrace), !current.startsLine, trailingClosuresAllowed else { return nil }
        return parseClosure()
    }

    private mutating func parseClosure() -> ClosureSyntax? {
        guard let open = consume(.leftBrace) else { return nil }
        if check(.rightBrace) {
            report(.expectedExpression, "expected an expression in the closure", at: current.span)
            let close = advance()
            return ClosureSyntax(body: ExpressionSyntax(.error, span: close.span), span: open.span.union(close.span))
        }
        let body = parseExpression()
        if let close = consume(.rightBrace) {
            return ClosureSyntax(body: body, span: open.span.union(close.span))
        }
        report(.expectedToken, "expected '}' to close the closure, found \(describe(current))", at: errorSpan,
               notes: [DiagnosticNote("'{' opened here", at: open.span)])
        recover { $0.kind == .rightBrace || $0.startsLine }
        _ = consume(.rightBrace)
        return ClosureSyntax(body: body, span: open.span.union(body.span))
    }

    /// `( [label:] value, … )`.
    mutating func parseArgumentList() -> (arguments: [ArgumentSyntax], span: SourceSpan, closed: Bool) {
        guard let open = consume(.leftParen) else { return ([], current.span, false) }
        // Inside parentheses a `{` after an operand is a trailing closure again.
        let outerAllowance = trailingClosuresAllowed
        trailingClosuresAllowed = true
        defer { trailingClosuresAllowed = outerAllowance }
        var arguments: [ArgumentSyntax] = []
        while !atEnd && !check(.rightParen) && !atDeclarationStart {
            var label: Token?
            if check(.identifier) && peek().kind == .colon {
                label = advance()
                advance()
            }
            let value = parseExpression()
            arguments.append(ArgumentSyntax(label: label?.text, labelSpan: label?.span, value: value))
            if consume(.comma) == nil { break }
        }
        if let close = consume(.rightParen) {
            return (arguments, open.span.union(close.span), true)
        }
        report(.expectedToken, "expected ')' to close the argument list, found \(describe(current))", at: errorSpan,
               notes: [DiagnosticNote("'(' opened here", at: open.span)],
               fixes: [FixIt("insert ')'", edits: [TextEdit(span: insertionPoint, newText: ")")], applicability: .machineApplicable)])
        recover { $0.kind == .rightParen || $0.startsLine }
        let end = consume(.rightParen)?.span ?? insertionPoint
        return (arguments, open.span.union(end), false)
    }

    /// `[a, b, …]` (a trailing comma allowed).
    private mutating func parseArrayLiteral() -> ExpressionSyntax {
        let open = advance()
        var elements: [ExpressionSyntax] = []
        while !atEnd && !check(.rightBracket) && !atDeclarationStart {
            elements.append(parseExpression())
            if consume(.comma) == nil { break }
        }
        guard let close = expect(.rightBracket, "']' to match '['", notes: [DiagnosticNote("'[' opened here", at: open.span)]) else {
            recover { $0.kind == .rightBracket || $0.startsLine }
            _ = consume(.rightBracket)
            return ExpressionSyntax(.error, span: open.span)
        }
        return node(.arrayLiteral(elements), span: open.span.union(close.span),
                    childDepth: elements.reduce(0) { max($0, $1.depth) })
    }

    private mutating func parsePrimary() -> ExpressionSyntax {
        let token = current
        switch token.kind {
        case .identifier:
            advance()
            switch token.text {
            case "true": return ExpressionSyntax(.boolLiteral(true), span: token.span)
            case "false": return ExpressionSyntax(.boolLiteral(false), span: token.span)
            case "nil": return ExpressionSyntax(.nilLiteral, span: token.span)
            default: return ExpressionSyntax(.identifier(token.text), span: token.span)
            }
        case .dollarIndex:
            advance()
            return ExpressionSyntax(.anonymousArgument(token.integerValue), span: token.span)
        case .dollarIdentifier:
            advance()
            return ExpressionSyntax(.projectedParameter(token.text), span: token.span)
        case .integerLiteral:
            advance()
            return ExpressionSyntax(.integerLiteral(token.integerValue ?? 0), span: token.span)
        case .floatLiteral:
            advance()
            return ExpressionSyntax(.floatLiteral(token.floatValue), span: token.span)
        case .stringLiteral:
            advance()
            return ExpressionSyntax(.stringLiteral(token.text), span: token.span)
        case .dot:
            advance()
            guard check(.identifier) else {
                report(.expectedToken, "expected a member name after '.', found \(describe(current))", at: errorSpan)
                return ExpressionSyntax(.error, span: token.span)
            }
            let name = advance()
            return ExpressionSyntax(.implicitMember(name.text, nameSpan: name.span), span: token.span.union(name.span))
        case .backslash:
            advance()
            guard consume(.dot) != nil, check(.identifier) else {
                report(.expectedToken, "expected '.field' after '\\' in a key path, found \(describe(current))", at: errorSpan,
                       notes: [DiagnosticNote("a key path names a donation field, as in '\\.backyardID'")])
                return ExpressionSyntax(.error, span: token.span)
            }
            let name = advance()
            return ExpressionSyntax(.keyPath(name.text, nameSpan: name.span), span: token.span.union(name.span))
        case .leftParen:
            let open = advance()
            let inner = parseExpression()
            if check(.comma) {
                report(.expectedToken, "tuples are not supported; expected ')'", at: current.span)
                recover { $0.kind == .rightParen || $0.startsLine }
            }
            guard let close = expect(.rightParen, "')' to match '('", notes: [DiagnosticNote("'(' opened here", at: open.span)]) else {
                return ExpressionSyntax(.error, span: open.span.union(inner.span))
            }
            return node(.parenthesized(inner), span: open.span.union(close.span), childDepth: inner.depth)
        case .leftBrace:
            guard let closure = parseClosure() else { return ExpressionSyntax(.error, span: token.span) }
            return node(.closure(closure), span: closure.span, childDepth: closure.body.depth)
        case .leftBracket:
            return parseArrayLiteral()
        default:
            report(.expectedExpression, "expected an expression, found \(describe(token))", at: errorSpan)
            return ExpressionSyntax(.error, span: errorSpan)
        }
    }
}
