import TipRulesCompiler
import TipRulesRuntime
import TipRulesLanguageServer
import TipRulesReach
import TipRulesTipKit
import TipRulesToolingCore
import TipRulesState

/// What the libFuzzer targets in `fuzz/` run on each input, shared with the regression tests
/// that replay every input that ever failed (`FuzzRegressionTests`). Each entry point must
/// return normally for any bytes: no trap, no hang, bounded memory (see `docs/fuzzing.md`).
public enum FuzzEntryPoints {
    /// Source text → check → compile → encode, decode and verify → evaluate at a fixed instant.
    public static func source(_ bytes: [UInt8]) {
        let compilation = Compilation(name: "fuzz.tiprules", bytes: bytes)
        guard let checked = compilation.optimizedProgram, let program = try? generateProgram(checked) else { return }
        _ = evaluate(program, store: EventStore(program: program), now: fixedNow)
        if let decoded = try? Program(bytes: program.encoded()) {
            _ = evaluate(decoded, store: EventStore(program: decoded), now: fixedNow)
        }
    }

    /// Bytes as the payload of a `.tipc` file (a valid header is put in front, so mutations reach
    /// the decoder and the verifier) → load → evaluate, also with a few donations.
    public static func bytecode(_ bytes: [UInt8]) {
        guard let program = try? Program(bytes: sealed(bytes)) else { return }
        var store = EventStore(program: program)
        for event in program.events.indices {
            let fields = program.events[event].fields.map { zero(of: $0.type) }
            try? store.donate(event: event, date: fixedNow - 60, fields: fields)
        }
        _ = evaluate(program, store: store, now: fixedNow)
        _ = disassemble(program)
    }

    /// Bytes as a fixture for the backyard example program → decode → evaluate.
    public static func fixture(_ bytes: [UInt8]) {
        guard let backyard, let fixture = try? FixtureDecoder.decode(bytes, for: backyard),
              let store = try? fixture.makeStore(for: backyard) else { return }
        _ = evaluate(backyard, store: store, now: fixture.now ?? fixedNow)
    }

    /// Bytes as the rows of `tiprulec reach` for the backyard example program (with itself as the
    /// baseline and `plan` as the user parameter, then alone) → row reader, fast and slow paths, a
    /// user's fixture and store, evaluation, tally, every error kept as with `--skip-invalid`; each
    /// time with donations of the usual shape read by shape (`DonationShapes`) and with every row
    /// read the usual way: whether the two reports and their errors are the same (the fuzzer's
    /// driver stops at an input where they are not).
    @discardableResult
    public static func rows(_ bytes: [UInt8]) -> Bool {
        guard let backyard else { return true }
        let setups = [ReachSetup(program: backyard, baseline: backyard, now: fixedNow,
                                 userParameter: backyard.parameterIndex(named: "plan").map { ($0, $0) }),
                      ReachSetup(program: backyard, now: fixedNow)]
        return setups.allSatisfy { setup in
            let reports = [true, false].map { byShape in
                var rows = RowsSetup(skipsInvalid: true)
                rows.readsDonationsByShape = byShape
                return report(of: bytes, setup: setup, rows: rows)
            }
            return reports[0].document == reports[1].document && reports[0].errors == reports[1].errors
        }
    }

    /// The report of `reach` over `bytes` as rows, and its errors.
    private static func report(of bytes: [UInt8], setup: ReachSetup, rows: RowsSetup) -> (document: String, errors: [ReachInputError]) {
        var worker = RowsWorker(setup: rows, counter: ReachCounter(setup: setup))
        var row = ParsedRow()
        bytes.withUnsafeBufferPointer { buffer in
            for line in buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                worker.read(UnsafeBufferPointer(rebasing: line), into: &row)
            }
        }
        worker.finish()
        return (JSONWriter.string(from: ReachReportCoding.document(worker.tally, now: fixedNow)), worker.errors)
    }

    /// Bytes as a stream of LSP frames → framing → a language server handling every message.
    public static func languageServer(_ bytes: [UInt8]) {
        var reader = MessageFrameReader(maximumBodySize: 1 << 20)
        reader.append(bytes)
        var events: [FrameEvent] = []
        while let event = reader.next() { events.append(event) }
        var server = LanguageServer()
        _ = server.handle(events)
    }

    /// Bytes as a Swift file → `tiprulec import` (lexer, recognizer, merger, writer) → check
    /// the imported program.
    public static func swiftImport(_ bytes: [UInt8]) {
        let imported = TipKitImporter.run([SourceFile(name: "fuzz.swift", bytes: bytes)])
        _ = Compilation(source: SourceFile(name: "imported.tiprules", text: imported.text)).diagnostics
    }

    /// Bytes as a saved state's payload (a valid header is put in front, so mutations reach the
    /// decoder) → decode against the backyard program and against a program with other names (the
    /// carry-over path); then as an operation journal, raw and as the payload of one sealed record
    /// → replay every operation read on an engine.
    public static func state(_ bytes: [UInt8]) {
        guard let backyard else { return }
        let framed = Array("TIPS".utf8) + [1, 0] + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
            + littleEndian(CRC32.checksum(bytes)) + bytes
        _ = try? StateDecoder.decode(framed, for: backyard)
        if let other = try? Program(sourceName: "other", parameters: [ParameterInfo(name: "plan", type: .int, defaultValue: .int(0), line: 1)],
                                    events: [EventInfo(name: "purchase", fields: [FieldInfo(name: "amount", type: .double)], line: 2)]) {
            _ = try? StateDecoder.decode(framed, for: other)
        }
        let record = littleEndian(UInt32(truncatingIfNeeded: bytes.count)) + littleEndian(CRC32.checksum(bytes)) + bytes
        var engine = TipEngine(program: backyard)
        for journal in [OperationRecord.journalHeader + bytes, OperationRecord.journalHeader + record] {
            for operation in (try? OperationRecord.read(journal))?.operations ?? [] { try? operation.apply(to: &engine) }
        }
        _ = engine.evaluate(at: fixedNow)
    }

    /// Bytes as a change set's payload (a valid header is put in front, so mutations reach the
    /// decoder, in every format version, so baselines are read too) → decode → add to a history with its
    /// baseline and take it into an engine of the backyard program; then the raw bytes as a journal
    /// of change sets; then compact the history and write it out.
    public static func changeSet(_ bytes: [UInt8]) {
        guard let backyard else { return }
        let framed = (1...ChangeSet.formatVersion).map { version in
            Array("TIPX".utf8) + [UInt8(version), 0] + littleEndian(UInt32(truncatingIfNeeded: bytes.count))
                + littleEndian(CRC32.checksum(bytes)) + bytes
        }
        var history = SyncHistory(install: InstallID(high: 1, low: 1))
        var engine = TipEngine(program: backyard)
        let received = framed.compactMap { try? ChangeSet(decoding: $0) } + ChangeSet.sequence(in: bytes).changeSets.map(\.changeSet)
        for changeSet in received {
            guard let applied = try? history.add(changeSet.operations, baseline: changeSet.baseline) else { continue }
            engine.adopt(history, newOperations: applied)
        }
        _ = engine.evaluate(at: fixedNow)
        _ = history.compact(for: backyard, now: fixedNow)
        _ = history.changes(app: nil).encoded()
    }

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A `.tipc` file whose header announces `payload` with its length and checksum.
    public static func sealed(_ payload: [UInt8]) -> [UInt8] {
        var header = BytecodeFormat.magic
        header += [UInt8(BytecodeFormat.newestVersion & 0xff), UInt8(BytecodeFormat.newestVersion >> 8), 0, 0]
        let length = UInt32(truncatingIfNeeded: payload.count)
        let checksum = CRC32.checksum(payload[...])
        for shift in stride(from: 0, to: 32, by: 8) { header.append(UInt8(truncatingIfNeeded: length >> UInt32(shift))) }
        for shift in stride(from: 0, to: 32, by: 8) { header.append(UInt8(truncatingIfNeeded: checksum >> UInt32(shift))) }
        return header + payload
    }

    static let fixedNow = 1_795_251_600.0

    /// The Backyard Birds example program, for fixtures.
    private static let backyard: Program? = {
        let source = """
        configure { displayFrequency(.daily) }
        parameter isLoggedIn: Bool = false
        parameter plan: String = "free"
        event enteredBackyardDetailView(backyardID: Int)
        event purchase(amount: Double, category: String)
        tip FavoriteBackyardTip {
            title: "Save as a Favorite"
            #Rule(Self.$isLoggedIn) { $0 == true }
            #Rule(Self.enteredBackyardDetailView) {
                $0.donations.donatedWithin(.days(5)).largestSubset(groupedBy: \\.backyardID).count >= 3
            }
            options { Tips.MaxDisplayCount(5) }
        }
        tip ShareTip {
            title: "Share a backyard"
            #Rule(Self.$plan) { $0 != "free" }
        }
        group Onboarding(.ordered) { FavoriteBackyardTip, ShareTip }
        widget Spend {
            relevance {
                score: purchase.donations.donatedWithin(.minutes(30)).last?.amount ?? 0
                duration: .minutes(30)
            }
        }
        """
        let compilation = Compilation(name: "backyard.tiprules", bytes: Array(source.utf8))
        return compilation.optimizedProgram.flatMap { try? generateProgram($0) }
    }()

    /// A value of `type` for a made-up donation.
    private static func zero(of type: ScalarKind) -> ScalarValue {
        switch type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .double: return .double(0)
        case .string: return .string("")
        case .date: return .date(fixedNow)
        case .duration: return .duration(0)
        case .version: return .string("1.0")
        }
    }
}
