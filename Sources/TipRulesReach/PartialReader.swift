import TipRulesToolingCore

/// Reads the members of a partial report (`reach`'s, `measure`'s), each error naming the key.
package struct PartialReader {
    package init() {}

    package func string(_ value: JSONValue?, _ key: String) throws(CommandError) -> String {
        guard let text = value?.stringValue else { throw CommandError("\(key): expected a string") }
        return text
    }

    package func number(_ value: JSONValue?, _ key: String) throws(CommandError) -> Double {
        guard let number = value?.doubleValue else { throw CommandError("\(key): expected a number") }
        return number
    }

    package func count(_ value: JSONValue?, _ key: String) throws(CommandError) -> Int {
        guard let count = value?.intValue, count >= 0 else { throw CommandError("\(key): expected a count") }
        return count
    }

    package func array(_ value: JSONValue?, _ key: String) throws(CommandError) -> [JSONValue] {
        guard let items = value?.arrayValue else { throw CommandError("\(key): expected an array") }
        return items
    }

    package func counts(_ value: JSONValue?, _ names: [String], _ key: String) throws(CommandError) -> [Int] {
        var result: [Int] = []
        for name in names { result.append(try count(value?[name], "\(key).\(name)")) }
        return result
    }
}
