import Foundation
import TipRulesStorage

/// A file layer that makes chosen calls fail, as SQLite's tests do with a failing VFS: from the
/// Nth call (of one kind, or of any kind) on, `times` calls fail with `code` (once, a few, or
/// `Int.max`: from then on). A failing write
/// first writes half of its bytes, as a device that fails midway does; every other failing call
/// does nothing. Used from one thread at a time.
final class FaultInjector: FileLayer, @unchecked Sendable {
    let kind: FileCallKind?
    private(set) var failingCall: Int
    let times: Int
    let code: Int32
    /// The calls of `kind` (or all) made so far, and how many of them failed.
    private(set) var calls = 0
    private(set) var failures = 0
    /// No call fails from now on (the disk has room again).
    var healed = false
    private let real = PosixFileLayer()

    init(failing kind: FileCallKind?, at call: Int, times: Int, code: Int32) {
        self.kind = kind
        failingCall = call
        self.times = times
        self.code = code
    }

    /// The next call (of `kind`) is the first to fail.
    func failNext() {
        failingCall = calls + 1
    }

    /// Whether this call fails; `errno` is set when it does.
    private func fails(_ call: FileCallKind) -> Bool {
        guard kind == nil || kind == call else { return false }
        calls += 1
        guard !healed, calls >= failingCall, calls - failingCall < times else { return false }
        failures += 1
        errno = code
        return true
    }

    func open(_ path: String, flags: Int32, mode: mode_t) -> Int32 {
        fails(.open) ? -1 : real.open(path, flags: flags, mode: mode)
    }

    func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        fails(.read) ? -1 : real.read(descriptor, into: buffer)
    }

    func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        guard fails(.write) else { return real.write(descriptor, from: buffer) }
        _ = real.write(descriptor, from: UnsafeRawBufferPointer(rebasing: buffer.prefix(buffer.count / 2)))
        errno = code
        return -1
    }

    func sync(_ descriptor: Int32) -> Int32 { fails(.sync) ? -1 : real.sync(descriptor) }
    func syncFolder(_ path: String) -> Int32 { fails(.syncFolder) ? -1 : real.syncFolder(path) }
    func truncate(_ descriptor: Int32, to size: Int) -> Int32 { fails(.truncate) ? -1 : real.truncate(descriptor, to: size) }

    /// A failing close still releases the descriptor, as on Linux.
    func close(_ descriptor: Int32) -> Int32 {
        let failing = fails(.close)
        _ = real.close(descriptor)
        if failing { errno = code }
        return failing ? -1 : 0
    }

    func rename(_ source: String, to destination: String) -> Int32 {
        fails(.rename) ? -1 : real.rename(source, to: destination)
    }

    func remove(_ path: String) -> Int32 { fails(.remove) ? -1 : real.remove(path) }
    func list(_ folder: String) -> [String]? { fails(.list) ? nil : real.list(folder) }
    func makeFolder(_ path: String, mode: mode_t) -> Int32 { fails(.makeFolder) ? -1 : real.makeFolder(path, mode: mode) }
}
