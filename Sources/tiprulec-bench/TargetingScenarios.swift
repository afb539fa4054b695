import Foundation
import TipRulesRuntime

// The targeting rules: a stable rollout and a version bound, each against the best hand-written
// Swift for the same check (the rollout hashes the same bytes each time; the version is parsed
// each time, as a string the app hands over).

/// A reader's settings where the best hand-written Swift keeps them: stored properties.
final class Reader {
    var userID: String
    var appVersion: String
    init(userID: String, appVersion: String) {
        self.userID = userID
        self.appVersion = appVersion
    }
}

/// `#Rule(Self.$userID) { rollout(25, of: $0, group: "favorites-tab-2026") }`: `u-1002` is in
/// bucket 22 (true), `u-1001` in bucket 50 (false). Naive: the concatenated key's bytes in an
/// array, hashed as the C reference does; best: the group's and the id's bytes streamed into
/// the hash without building the key; `#Predicate` decides on the best bucket.
func rolloutScenario(userID: String) throws -> Scenario {
    let program = try compileProgram("""
        parameter userID: String = ""
        tip FavoritesTabTip {
            title: "Your favorites have a tab"
            #Rule(Self.$userID) { rollout(25, of: $0, group: "favorites-tab-2026") }
        }
        """, name: "rollout.tiprules")
    var store = EventStore(program: program)
    try store.setParameter(try program.parameter("userID"), .string(userID))
    let vm = VirtualMachine(program, store: store)
    let tip = try program.tip("FavoritesTabTip")
    let reader = Reader(userID: userID, appVersion: "")
    let group = "favorites-tab-2026"
    let inShare = #Predicate<Int> { $0 <= 25 }
    return Scenario(
        family: "rollout rule", variant: userID, donations: nil,
        vm: vm.rule(tip: tip),
        predicate: {
            guard !reader.userID.isEmpty else { return .bool(false) }
            return .bool(try inShare.evaluate(StreamingMurmur.bucket(group, reader.userID)))
        },
        naive: { .bool(!reader.userID.isEmpty && Int(naiveMurmur(Array((group + ":" + reader.userID).utf8)) % 100) + 1 <= 25) },
        best: { .bool(!reader.userID.isEmpty && StreamingMurmur.bucket(group, reader.userID) <= 25) })
}

/// `#Rule(Self.$appVersion) { $0 >= "2.3" }` with `2.3.1` (true) and `2.2.1` (false). Naive:
/// Foundation's numeric string comparison; best: MAJOR.MINOR.PATCH read from the UTF-8 bytes
/// and compared as a tuple; `#Predicate` compares the best parse packed into one number.
func versionScenario(appVersion: String) throws -> Scenario {
    let program = try compileProgram("""
        parameter appVersion: Version = "1.0"
        tip NewEditorTip {
            title: "Try the new editor"
            #Rule(Self.$appVersion) { $0 >= "2.3" }
        }
        """, name: "version.tiprules")
    var store = EventStore(program: program)
    try store.setParameter(try program.parameter("appVersion"), .string(appVersion))
    let vm = VirtualMachine(program, store: store)
    let tip = try program.tip("NewEditorTip")
    let reader = Reader(userID: "", appVersion: appVersion)
    let atLeast = #Predicate<Int> { $0 >= 2_003_000 }
    return Scenario(
        family: "version rule", variant: appVersion, donations: nil,
        vm: vm.rule(tip: tip),
        predicate: {
            guard let (major, minor, patch) = releaseNumbers(reader.appVersion) else { return .bool(false) }
            return .bool(try atLeast.evaluate(major * 1_000_000 + minor * 1_000 + patch))
        },
        naive: { .bool(reader.appVersion.compare("2.3", options: .numeric) != .orderedAscending) },
        best: {
            guard let numbers = releaseNumbers(reader.appVersion) else { return .bool(false) }
            return .bool(numbers >= (2, 3, 0))
        })
}

/// MAJOR[.MINOR[.PATCH]] of a release version (no pre-release), read from its UTF-8 bytes.
func releaseNumbers(_ text: String) -> (Int, Int, Int)? {
    var numbers = (0, 0, 0)
    var index = 0
    var digits = 0
    for byte in text.utf8 {
        if byte == UInt8(ascii: ".") {
            guard digits > 0, index < 2 else { return nil }
            index += 1
            digits = 0
            continue
        }
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"), digits < 9 else { return nil }
        let digit = Int(byte - UInt8(ascii: "0"))
        switch index {
        case 0: numbers.0 = numbers.0 * 10 + digit
        case 1: numbers.1 = numbers.1 * 10 + digit
        default: numbers.2 = numbers.2 * 10 + digit
        }
        digits += 1
    }
    return digits > 0 ? numbers : nil
}

/// MurmurHash3 x86_32, seed 0, as the C reference writes it, over an array.
func naiveMurmur(_ data: [UInt8]) -> UInt32 {
    var hash: UInt32 = 0
    var block: UInt32 = 0
    for (index, byte) in data.enumerated() {
        block |= UInt32(byte) << (8 * UInt32(index % 4))
        if index % 4 == 3 {
            hash = StreamingMurmur.round(hash, block)
            block = 0
        }
    }
    return StreamingMurmur.finish(hash, tail: block, tailLength: data.count % 4, length: data.count)
}

/// MurmurHash3 x86_32 over `group`, `":"` and `id` streamed block by block, without a key.
enum StreamingMurmur {
    static func bucket(_ group: String, _ id: String) -> Int {
        var state = (hash: UInt32(0), block: UInt32(0), filled: 0, length: 0)
        func feed(_ byte: UInt8) {
            state.block |= UInt32(byte) << (8 * UInt32(state.filled))
            state.filled += 1
            state.length += 1
            if state.filled == 4 {
                state.hash = round(state.hash, state.block)
                state.block = 0
                state.filled = 0
            }
        }
        for byte in group.utf8 { feed(byte) }
        feed(UInt8(ascii: ":"))
        for byte in id.utf8 { feed(byte) }
        return Int(finish(state.hash, tail: state.block, tailLength: state.filled, length: state.length) % 100) + 1
    }

    @inline(__always)
    static func round(_ hash: UInt32, _ block: UInt32) -> UInt32 {
        let mixed = hash ^ mix(block)
        return ((mixed << 13) | (mixed >> 19)) &* 5 &+ 0xe654_6b64
    }

    @inline(__always)
    static func mix(_ block: UInt32) -> UInt32 {
        let scrambled = block &* 0xcc9e_2d51
        return ((scrambled << 15) | (scrambled >> 17)) &* 0x1b87_3593
    }

    @inline(__always)
    static func finish(_ hash: UInt32, tail: UInt32, tailLength: Int, length: Int) -> UInt32 {
        var hash = tailLength > 0 ? hash ^ mix(tail) : hash
        hash ^= UInt32(truncatingIfNeeded: length)
        hash ^= hash >> 16
        hash = hash &* 0x85eb_ca6b
        hash ^= hash >> 13
        hash = hash &* 0xc2b2_ae35
        return hash ^ (hash >> 16)
    }
}
