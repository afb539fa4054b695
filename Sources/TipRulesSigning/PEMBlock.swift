/// One PEM block (RFC 7468): `-----BEGIN LABEL-----`, Base64 lines, `-----END LABEL-----`.
enum PEMBlock {
    /// The label and the decoded bytes of the one block in `text`.
    static func read(_ text: [UInt8]) throws(Ed25519KeyFileError) -> (label: String, der: [UInt8]) {
        let lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        let isBlank: (ArraySlice<UInt8>) -> Bool = { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
        guard let beginIndex = lines.firstIndex(where: { !isBlank($0) }) else { throw .notPEM }
        guard let label = boundaryLabel(lines[beginIndex], kind: "BEGIN") else {
            if lines.contains(where: { boundaryLabel($0, kind: "BEGIN") != nil }) { throw .textOutsideBlock }
            throw .notPEM
        }
        guard let endIndex = lines[(beginIndex + 1)...].firstIndex(where: { boundaryLabel($0, kind: "END") != nil }),
              boundaryLabel(lines[endIndex], kind: "END") == label else {
            throw .missingEnd(label)
        }
        guard lines[(endIndex + 1)...].allSatisfy(isBlank) else { throw .textOutsideBlock }
        let body = lines[(beginIndex + 1) ..< endIndex].joined()
        do {
            return (label, try Base64.decode(String(decoding: body, as: UTF8.self)))
        } catch {
            throw .base64(error)
        }
    }

    /// The block OpenSSL writes: Base64 in lines of 64 characters, each line ending in LF.
    static func write(label: String, der: [UInt8]) -> String {
        let body = Array(Base64.encode(der).utf8)
        var text = "-----BEGIN \(label)-----\n"
        var start = 0
        while start < body.count {
            let end = min(start + 64, body.count)
            text += String(decoding: body[start ..< end], as: UTF8.self) + "\n"
            start = end
        }
        return text + "-----END \(label)-----\n"
    }

    /// LABEL when `line` is `-----KIND LABEL-----`.
    private static func boundaryLabel(_ line: ArraySlice<UInt8>, kind: String) -> String? {
        let prefix = Array("-----\(kind) ".utf8), suffix = Array("-----".utf8)
        guard line.count >= prefix.count + suffix.count, line.starts(with: prefix),
              line.suffix(suffix.count).elementsEqual(suffix) else { return nil }
        return String(decoding: line.dropFirst(prefix.count).dropLast(suffix.count), as: UTF8.self)
    }
}
