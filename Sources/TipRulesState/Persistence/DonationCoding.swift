import TipRulesRuntime

/// An event's donations in a saved state, by column so that reading them back costs little more
/// than copying: the count N; N dates (IEEE 754 bits); then per declared field N values — a byte
/// for a Bool, 8 bytes for an Int (two's complement), Double, Date or Duration, and for a String
/// a table of the distinct strings the rows hold followed by N table indices (unsigned LEB128).
enum DonationCoding {
    static func write(_ columns: DonationColumns, kinds: [ScalarKind], to writer: inout ByteWriter) {
        writer.unsigned(columns.count)
        for bits in columns.columns[0] { writer.fixed(bits) }
        for (index, kind) in kinds.enumerated() {
            let column = columns.columns[index + 1]
            switch kind {
            case .bool:
                for bits in column { writer.byte(bits == 0 ? 0 : 1) }
            case .int, .double, .date, .duration:
                for bits in column { writer.fixed(bits) }
            case .string, .version:
                // Only the strings the rows hold, numbered in order of first use (the store keeps
                // the strings of deleted rows; a saved state does not).
                var renumbered: [Int: Int] = [:]
                var table: [String] = []
                let indices = column.map { bits -> Int in
                    let old = SlotEncoding.int(bits)
                    if let new = renumbered[old] { return new }
                    renumbered[old] = table.count
                    table.append(columns.strings.indices.contains(old) ? columns.strings[old] : "")
                    return table.count - 1
                }
                writer.strings(table)
                for index in indices { writer.unsigned(index) }
            }
        }
    }

    static func read(_ reader: inout ByteReader, kinds: [ScalarKind]) throws -> DonationColumns {
        let count = try reader.count(minimumSize: 8, limit: Int.max)
        var dates: [UInt64] = []
        dates.reserveCapacity(count)
        var previous = -Double.infinity
        for _ in 0..<count {
            let start = reader.offset
            let date = try reader.double()
            guard date.isFinite, date >= previous else {
                throw StateFormatError.malformed(at: start, "a donation date that is not finite or older than the one before")
            }
            previous = date
            dates.append(SlotEncoding.bits(date))
        }
        var columns = [dates]
        var strings: [String] = []
        for kind in kinds {
            var column: [UInt64] = []
            column.reserveCapacity(count)
            switch kind {
            case .bool:
                for _ in 0..<count { column.append(SlotEncoding.bits(try reader.bool())) }
            case .int, .double, .date, .duration:
                for _ in 0..<count { column.append(try reader.fixed(UInt64.self)) }
            case .string, .version:
                let start = reader.offset
                let table = try reader.strings()
                // Each column's table joins the event's one table; equal strings get one index.
                var mapping: [Int] = []
                var used = Set<Int>()
                var known = Dictionary(strings.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                for text in table {
                    if let index = known[text] {
                        guard used.insert(index).inserted else { throw reader.malformed("a string twice in one table", at: start) }
                        mapping.append(index)
                    } else {
                        used.insert(strings.count)
                        known[text] = strings.count
                        mapping.append(strings.count)
                        strings.append(text)
                    }
                }
                for _ in 0..<count {
                    let indexStart = reader.offset
                    let index = try reader.unsigned()
                    guard index < mapping.count else { throw reader.malformed("string index \(index) outside the table", at: indexStart) }
                    column.append(SlotEncoding.bits(mapping[index]))
                }
            }
            columns.append(column)
        }
        return DonationColumns(columns: columns, strings: strings, kinds: kinds)
    }
}
