import Foundation
import Testing
import TipRulesRuntime
import TipRulesSigning

/// Every Ed25519 vector of Project Wycheproof (C2SP/wycheproof, testvectors_v1/ed25519_test.json,
/// kept in Vectors/ with its Apache 2.0 licence): each result must be Wycheproof's. The file has no
/// "acceptable" results; were one added, either answer would pass, as Wycheproof means it.
@Suite struct WycheproofEd25519Tests {
    struct VectorFile: Decodable {
        let numberOfTests: Int
        let testGroups: [Group]
    }

    struct Group: Decodable {
        struct Key: Decodable { let pk: String }
        let publicKey: Key
        let publicKeyPem: String
        let tests: [Vector]
    }

    struct Vector: Decodable {
        let tcId: Int
        let comment: String
        let msg: String
        let sig: String
        let result: String
    }

    static func vectorFile() throws -> VectorFile {
        let url = URL(fileURLWithPath: "\(#filePath)").deletingLastPathComponent()
            .appendingPathComponent("Vectors/ed25519_test.json")
        return try JSONDecoder().decode(VectorFile.self, from: Data(contentsOf: url))
    }

    @Test func everyVectorGetsWycheproofsResult() throws {
        let file = try Self.vectorFile()
        var count = 0
        for group in file.testGroups {
            let publicKey = try #require(bytes(hex: group.publicKey.pk))
            // The group's PEM file holds the same key.
            #expect(try Ed25519KeyFile(pem: group.publicKeyPem).publicKey == publicKey)
            for vector in group.tests {
                let message = try #require(bytes(hex: vector.msg))
                let signature = try #require(bytes(hex: vector.sig))
                let valid = Ed25519.isValidSignature(signature, of: message, publicKey: publicKey)
                if vector.result != "acceptable" {
                    #expect(valid == (vector.result == "valid"), "tcId \(vector.tcId): \(vector.comment)")
                }
                count += 1
            }
        }
        #expect(count == file.numberOfTests)
    }
}
