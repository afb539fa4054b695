// The libFuzzer driver of every fuzz target (docs/fuzzing.md): the executable `tiprules-fuzz`,
// which `fuzz/run.sh` builds with SwiftPM in release mode (TIPRULES_FUZZ=1 adds it to the package;
// `-Xswiftc -sanitize=fuzzer,address`). SwiftPM links an executable's `main` to the module's own
// entry point, so libFuzzer's `main` never runs: this one hands the command line to
// `LLVMFuzzerRunDriver`, which reads libFuzzer's options and calls `LLVMFuzzerTestOneInput` with
// each input. The environment variable TIPRULES_FUZZ_TARGET picks what each input goes through.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TipRulesCommands

/// libFuzzer's own driver: parses its options from the command line and calls `testOneInput`
/// with each input it makes.
@_silgen_name("LLVMFuzzerRunDriver")
private func runLibFuzzer(_ argc: UnsafeMutablePointer<CInt>,
                          _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                          _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The entry point of the target TIPRULES_FUZZ_TARGET names.
private let target: @Sendable ([UInt8]) -> Void = {
    switch getenv("TIPRULES_FUZZ_TARGET").map({ String(cString: $0) }) ?? "" {
    case "source": return FuzzEntryPoints.source
    case "bytecode": return FuzzEntryPoints.bytecode
    case "fixture": return FuzzEntryPoints.fixture
    case "lsp": return FuzzEntryPoints.languageServer
    case "import": return FuzzEntryPoints.swiftImport
    case "state": return FuzzEntryPoints.state
    case "rows": return { bytes in
        // Rows read by shape and the usual way must make the same report: a difference is a finding.
        if !FuzzEntryPoints.rows(bytes) { abort() }
    }
    case "changes": return FuzzEntryPoints.changeSet
    case "channel": return FuzzEntryPoints.channel
    default:
        let message = "set TIPRULES_FUZZ_TARGET to source, bytecode, fixture, lsp, import, state, rows, changes or channel\n"
        _ = message.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
        exit(2)
    }
}()

/// One input of libFuzzer's, through the chosen target.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { target([]); return 0 }
    target(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// `tiprules-fuzz [libFuzzer options] [corpus folders]`.
@main
enum FuzzDriver {
    static func main() {
        _ = target
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runLibFuzzer(&argc, &argv, fuzzTestOneInput))
    }
}
