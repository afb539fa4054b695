#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesRuntime
import TipRulesStorage

// The crash test's writer: `tiprules-crash-writer FOLDER COUNT` opens the state folder and records
// COUNT operations, continuing the numbering from the operations already there: operation n
// records a display of tip T at date n when n % 7 is 3, an exposure of T in group "g<n>" at date
// n when n % 7 is 5, else donates `step(n: n)` at date n. It
// prints `started` before it opens the folder (so the test times its kill from there, not from a
// process launch that a loaded machine makes slow), and after each operation is flushed
// `durable n`, so the test that kills it knows which operations must survive. The journal is compacted every few kilobytes, so kills
// also land inside compactions. With `--exit-after-renames N` it stops dead (`_exit`, as a
// SIGKILL would) right after its Nth rename: after a snapshot's rename, before anything else.
//
// `tiprules-crash-writer --merge FOLDER CHANGESET` applies a change set file to the folder and
// prints `merged N`: the sync crash test kills it to check that a change set is applied whole
// or not at all.
//
// `tiprules-crash-writer --trap` prints `started` and aborts, as a crash in a child would: the tests
// check that a child killed while the runtime's backtracer prints such a crash is still reported
// ended (`Process.withoutBacktracer()`).

/// The program the crash test records under.
func crashProgram() throws -> Program {
    try Program(sourceName: "crash", events: [EventInfo(name: "step", fields: [FieldInfo(name: "n", type: .int)], line: 1)],
                tips: [TipInfo(name: "T", id: "T", title: "t", line: 2)])
}

func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

/// The real file system, but the process ends right after the `exitAfter`th rename.
final class ExitingAfterRenames: FileLayer, @unchecked Sendable {
    let exitAfter: Int
    private var renames = 0

    init(exitAfter: Int) { self.exitAfter = exitAfter }

    func rename(_ source: String, to destination: String) -> Int32 {
        let result = PosixFileLayer().rename(source, to: destination)
        renames += 1
        if renames == exitAfter { _exit(9) }
        return result
    }
}

let arguments = CommandLine.arguments
if arguments.count == 2, arguments[1] == "--trap" {
    say("started")
    // SIGABRT, which the runtime's backtracer reports as it does a trap.
    abort()
}
if arguments.count == 4, arguments[1] == "--merge" {
    do {
        let store = try TipStore.open(folder: arguments[2], bundledProgram: try crashProgram(), options: TipStoreOptions(now: nil))
        let descriptor = open(arguments[3], O_RDONLY)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while descriptor >= 0 {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            bytes += chunk.prefix(count)
        }
        say("merged \(try store.apply(changeSet: bytes).applied)")
        exit(0)
    } catch {
        say("error \(error)")
        exit(1)
    }
}
let exitAfter = arguments.count == 5 && arguments[3] == "--exit-after-renames" ? Int(arguments[4]) : nil
guard arguments.count == 3 || exitAfter != nil, let count = Int(arguments[2]) else {
    say("usage: tiprules-crash-writer FOLDER COUNT [--exit-after-renames N] | --merge FOLDER CHANGESET | --trap")
    exit(2)
}
say("started")
do {
    let layer: any FileLayer = exitAfter.map { ExitingAfterRenames(exitAfter: $0) } ?? PosixFileLayer()
    let store = try TipStore.open(folder: arguments[1], bundledProgram: try crashProgram(),
                                  options: TipStoreOptions(journalBound: 2048, now: nil, fileLayer: layer))
    let first = store.engine.store.donationCount(event: 0) + store.engine.store.tipState(0).displayCount
        + store.engine.store.exposures.count
    for n in first..<first + count {
        if n % 7 == 3 {
            try store.recordDisplay(tip: "T", at: Double(n), duration: 1)
        } else if n % 7 == 5 {
            try store.record(.expose(Exposure(tip: "T", group: "g\(n)", percent: 10, arm: .holdout, date: Double(n))))
        } else {
            try store.donate(event: "step", fields: ["n": .int(n)], at: Double(n))
        }
        say("durable \(n)")
    }
} catch {
    say("error \(error)")
    exit(1)
}
