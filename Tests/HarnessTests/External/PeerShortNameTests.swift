import Subjects
import Testing

/// The shipped outside solvers by short name (`Strategy.peers`): `--strategies kiwi-native` is the
/// adapter's `external:` command, a short name ends an `external:` command that holds commas, and
/// an unknown name still lists every known one.
@Suite struct PeerShortNameTests {
    @Test func aShortNameIsTheAdaptersExternalCommand() throws {
        #expect(Strategy.named("kiwi-native")?.name == "external:scripts/kiwi-native-adapter")
        #expect(Strategy.named("highs")?.name == "external:scripts/highs-adapter")
        #expect(Strategy.named("kiwi-1.5.1")?.name == "external:scripts/kiwi-adapter --version 1.5.1")
        for peer in Strategy.peers {
            #expect(Strategy.named(peer.name)?.name == "external:" + peer.command)
        }
    }

    @Test func aStrategyListMixesEnginesAndPeers() throws {
        let names = try Strategy.list("cassowary,kiwi-native,gtk,external:x --a=1,2,rust-cassowary").map(\.name)
        #expect(names == ["cassowary", "external:scripts/kiwi-native-adapter", "external:scripts/gtk-adapter",
                          "external:x --a=1,2", "external:scripts/rust-cassowary-adapter"])
    }

    @Test func anUnknownNameListsThePeers() {
        #expect(throws: StrategyListError.self) { try Strategy.list("cassowary,kiwi-nativ") }
        #expect(Strategy.nameList.contains("kiwi-native") && Strategy.nameList.contains("beeware"))
    }
}
