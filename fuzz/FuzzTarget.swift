// The libFuzzer entry point for every fuzz target (see docs/fuzzing.md). `fuzz/run.sh` builds
// this file with the library sources into one instrumented binary; the environment variable
// TIPRULES_FUZZ_TARGET picks what each input goes through.
import Foundation

private let target: ([UInt8]) -> Void = {
    switch ProcessInfo.processInfo.environment["TIPRULES_FUZZ_TARGET"] ?? "" {
    case "source": return FuzzEntryPoints.source
    case "bytecode": return FuzzEntryPoints.bytecode
    case "fixture": return FuzzEntryPoints.fixture
    case "lsp": return FuzzEntryPoints.languageServer
    case "import": return FuzzEntryPoints.swiftImport
    case "state": return FuzzEntryPoints.state
    case "rows": return FuzzEntryPoints.rows
    case "changes": return FuzzEntryPoints.changeSet
    case "channel": return FuzzEntryPoints.channel
    default:
        FileHandle.standardError.write(Data("set TIPRULES_FUZZ_TARGET to source, bytecode, fixture, lsp, import, state, rows, changes or channel\n".utf8))
        exit(2)
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}
