import Foundation

/// A file of benchmark rows and what the reports' rates need of it: its bytes, rows and users.
struct ReachRowsFile: Codable, Equatable {
    /// Bumped whenever the generator writes other bytes, so an older cached file is not reused.
    static let generatorVersion = 1

    var path: String
    var bytes: Int
    var rows: Int
    /// The users the generator wrote, nil for a file given with `--rows`.
    var users: Int?

    /// What to generate: `users` users, each donation count multiplied by `donationMultiplier`;
    /// with `rowLimit`, users only until there are that many rows (the last user cut short).
    struct Recipe: Equatable {
        var users: Int
        var donationMultiplier = 1
        var rowLimit: Int?

        /// The cached file's name, which names everything that changes its bytes.
        var fileName: String {
            var name = "tiprulec-reach-\(users)u"
            if donationMultiplier != 1 { name += "-x\(donationMultiplier)" }
            if let rowLimit { name += "-\(rowLimit)rows" }
            return name + "-g\(ReachRowsFile.generatorVersion).ndjson"
        }

        /// A generous guess of the file's size (the benchmark's users take about 1,060 bytes, 102 a row).
        var estimatedBytes: Int {
            let byUsers = users * 1_100 * donationMultiplier
            return rowLimit.map { min(byUsers, $0 * 110) } ?? byUsers
        }
    }

    /// The rows of `recipe` in `folder`: the cached file when its description (a `.json` next to
    /// it, written once the file is complete) matches it and its size, else generated anew —
    /// or nil, with a note, when the folder's free space cannot hold it.
    static func cached(_ recipe: Recipe, in folder: String) throws -> ReachRowsFile? {
        let path = (folder as NSString).appendingPathComponent(recipe.fileName)
        let descriptionPath = path + ".json"
        if let data = FileManager.default.contents(atPath: descriptionPath),
           let described = try? JSONDecoder().decode(ReachRowsFile.self, from: data),
           described.path == path, fileSize(path) == described.bytes {
            return described
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let free = freeBytes(folder)
        guard free > recipe.estimatedBytes + (256 << 20) else {
            progress("note: \(recipe.users) users need about \(recipe.estimatedBytes >> 20) MB; \(folder) has "
                     + "\(free >> 20) MB free, skipped (--dir chooses another folder)")
            return nil
        }
        progress("generating \(grouped(recipe.users)) users into \(path)")
        let file = try generate(recipe, into: path)
        try JSONEncoder().encode(file).write(to: URL(fileURLWithPath: descriptionPath))
        return file
    }

    /// Writes `recipe`'s rows to `path` (through a temporary file renamed once complete).
    static func generate(_ recipe: Recipe, into path: String) throws -> ReachRowsFile {
        let written = try ByteWriter.writeFile(path) { out in
            var generator = ReachRowGenerator(donationMultiplier: recipe.donationMultiplier)
            var rows = 0
            var users = 0
            let limit = recipe.rowLimit ?? .max
            while rows < limit && users < recipe.users {
                rows += generator.writeUser(users, upTo: limit - rows, to: &out)
                users += 1
            }
            return (rows, users)
        }
        return ReachRowsFile(path: path, bytes: written.bytes, rows: written.result.0, users: written.result.1)
    }

    /// A file given with `--rows`: its size and its lines, counted.
    static func existing(_ path: String) throws -> ReachRowsFile {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw BenchError("cannot read \(path)") }
        defer { try? handle.close() }
        var bytes = 0
        var lines = 0
        while let chunk = try handle.read(upToCount: 4 << 20), !chunk.isEmpty {
            bytes += chunk.count
            lines += chunk.withUnsafeBytes { raw in raw.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } }
        }
        return ReachRowsFile(path: path, bytes: bytes, rows: lines, users: nil)
    }

    private static func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// The bytes an unprivileged user may still write in `folder` (0 when unknown).
    static func freeBytes(_ folder: String) -> Int {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return 0 }
        return Int(stats.f_bavail) &* Int(stats.f_frsize)
    }
}
