/// A widget's score or duration of a common shape that the machine computes natively instead of
/// running its instructions: a constant, or the latest donation's field (in a window of a
/// constant length or not) with a constant fallback. As `NativeRule` does for rules, it only
/// restates its verified instructions: the same slot bits, and no work (neither shape charges
/// any, nor can fail). A trivial value.
struct NativeNumber {
    /// What the code computes.
    enum Kind {
        /// `const K; ret`.
        case constant(bits: UInt64)
        /// `donations E; [const D; within E;] last; jumpIfNil; store l; load l; field E F; wrap;
        /// jumpIfNonNil; const K; ret`: field `F` of the newest donation the code sees (in the
        /// last `window` seconds), else `K`.
        case latestField(event: Int, window: Double?, field: Int, fallback: UInt64)
    }

    let kind: Kind

    /// The event whose visible rows `value` reads, if it reads any.
    var event: Int? {
        if case .latestField(let event, _, _, _) = kind { return event }
        return nil
    }

    /// The result slot at `now`; `visible` is the rows of `event` the code sees at now (unused
    /// by a constant).
    @inline(__always)
    func value(donations: [DonationColumns], visible: Range<Int>, now: Double) -> UInt64 {
        switch kind {
        case .constant(let bits):
            return bits
        case .latestField(let event, let window, let field, let fallback):
            let lower = Machine.windowStart(visible, of: donations, event: event, now: now, window: window)
            return lower < visible.upperBound ? donations[event].columns[field][visible.upperBound - 1] : fallback
        }
    }

    /// The result slot at `now`, read straight from `store` (which fits the code's program):
    /// nothing to prepare.
    @inline(__always)
    func value(_ store: EventStore, now: Double) -> UInt64 {
        var visible = 0..<0
        if let event { visible = store.visibleRows(event: event, now: now) }
        return value(donations: store.donations, visible: visible, now: now)
    }
}

extension NativeNumber {
    /// The native form of a verified score or duration block, if its instructions are exactly
    /// one of the shapes.
    init?(_ code: CodeBlock, constants: [ScalarValue]) {
        let instructions = code.instructions
        if instructions.count == 2, instructions[1].opcode == .ret,
           let bits = Self.constantBits(instructions[0], constants) {
            kind = .constant(bits: bits)
            return
        }
        guard let kind = Self.latestField(instructions, constants: constants) else { return nil }
        self.kind = kind
    }

    private static func latestField(_ code: [Instruction], constants: [ScalarValue]) -> Kind? {
        guard let first = code.first, first.opcode == .donations else { return nil }
        let event = Int(first.a)
        var window: Double?
        var index = 1
        if code.count == 12 {
            guard code[1].opcode == .const, code[2].opcode == .within, Int(code[2].a) == event,
                  constants.indices.contains(Int(code[1].a)),
                  case .duration(let seconds) = constants[Int(code[1].a)] else { return nil }
            window = seconds
            index = 3
        }
        guard code.count == index + 9 else { return nil }
        let (last, unwrap, store, load, field, wrap, coalesce, fallback, ret) = (
            code[index], code[index + 1], code[index + 2], code[index + 3], code[index + 4], code[index + 5],
            code[index + 6], code[index + 7], code[index + 8])
        guard last.opcode == .last, unwrap.opcode == .jumpIfNil, Int(unwrap.a) == index + 6,
              store.opcode == .store, load.opcode == .load, load.a == store.a,
              field.opcode == .field, Int(field.a) == event, wrap.opcode == .wrap,
              coalesce.opcode == .jumpIfNonNil, Int(coalesce.a) == index + 8,
              let fallbackBits = constantBits(fallback, constants), ret.opcode == .ret else { return nil }
        return .latestField(event: event, window: window, field: Int(field.b), fallback: fallbackBits)
    }

    /// The slot a `const` instruction pushes, if it is not a string (whose slot names a run's
    /// string table).
    private static func constantBits(_ instruction: Instruction, _ constants: [ScalarValue]) -> UInt64? {
        guard instruction.opcode == .const, constants.indices.contains(Int(instruction.a)) else { return nil }
        let constant = constants[Int(instruction.a)]
        if case .string = constant { return nil }
        return SlotEncoding.bits(constant) { _ in 0 }
    }
}
