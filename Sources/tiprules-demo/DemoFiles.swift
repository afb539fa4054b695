#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a line on standard output at once (a test, or a person, waits for each answer).
func say(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}

func readFile(_ path: String) throws -> [UInt8] {
    guard let file = fopen(path, "rb") else { throw DemoError("cannot read \(path)") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
        if count == 0 { return bytes }
        bytes += chunk[0..<count]
    }
}

/// Writes a new file under a temporary name and renames it, so that readers see it whole.
func writeFile(_ bytes: [UInt8], to path: String) throws {
    guard let file = fopen(path + ".tmp", "wb") else { throw DemoError("cannot write \(path)") }
    let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
    fclose(file)
    guard written == bytes.count, rename(path + ".tmp", path) == 0 else { throw DemoError("cannot write \(path)") }
}

func listFiles(_ folder: String) throws -> [String] {
    guard let directory = opendir(folder) else { throw DemoError("cannot list \(folder)") }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
    }
    return names.sorted()
}
