import Foundation
import Testing
import TipRulesTestSupport
import TipRulesRuntime
import TipRulesStorage
import TipRulesChannelCore

/// A host that fails: down, 404, 500, a stalled or truncated response, a redirect to another
/// scheme (the tests' own fault-injecting server, Servers/fault_server.py). Each is a typed
/// refusal, and the folder keeps its rules.
struct ChannelFaultTests {
    let work: ChannelWorkspace
    let server: TestServer

    init() throws {
        work = try ChannelWorkspace()
        try work.publish([try work.rules(release: 5)], release: 5)
        server = try TestServer.faults(serving: work.root + "/site")
    }

    private func update(_ fault: String, timeout: Double = 5) throws -> Result<ChannelFetch, ChannelUpdateError> {
        let store = try work.openStore()
        let result = work.update(try work.updater(url: "http://127.0.0.1:\(server.port)/\(fault)/channel", timeout: timeout), store)
        #expect(try work.folderRules().release == 1)
        return result
    }

    @Test func theServerDown() throws {
        let store = try work.openStore()
        let result = work.update(try work.updater(url: "http://127.0.0.1:\(TestServer.closedPort())/channel"), store)
        guard case .failure(.unreachable) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 1)
    }

    @Test func notFoundAndServerError() throws {
        guard case .failure(.httpStatus(_, status: 404)) = try update("status/404") else { Issue.record("no 404"); return }
        guard case .failure(.httpStatus(_, status: 500)) = try update("status/500") else { Issue.record("no 500"); return }
    }

    @Test func aStalledResponseTimesOut() throws {
        let result = try update("stall", timeout: 1)
        guard case .failure(.timedOut) = result else { Issue.record("\(result)"); return }
    }

    @Test func aTruncatedBody() throws {
        let result = try update("truncate")
        guard case .failure(.truncated) = result else { Issue.record("\(result)"); return }
    }

    @Test func aRedirectToAnotherSchemeIsNotFollowed() throws {
        let result = try update("redirect-file")
        guard case .failure(.redirectRefused) = result else { Issue.record("\(result)"); return }
    }

    @Test func theGoodPathThroughTheSameServer() throws {
        let result = work.update(try work.updater(url: "http://127.0.0.1:\(server.port)/ok/channel"), try work.openStore())
        guard case .success(.ready) = result else { Issue.record("\(result)"); return }
        #expect(try work.folderRules().release == 5)
    }
}
