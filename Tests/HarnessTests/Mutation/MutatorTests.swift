import AutoLayout
import Fuzzing
import LinearConstraints
import Subjects
import Testing

@Suite struct MutatorTests {
    typealias F = MutationFixtures

    @Test func mutantsOfTheSmallSubjectsAreValidFilesOverManySeeds() {
        for subject in [F.smallCase, F.smallSystem] {
            for seed in UInt64(0)..<600 {
                var m = Mutator(seed: seed)
                var current = subject
                for _ in 0..<4 {
                    current = m.mutate(current)
                    #expect(current.isValidFile, "seed \(seed): \(m.lastMutation)\n\(current.fileText)")
                    #expect((try? FuzzSubject(fileText: current.fileText)) == current, "seed \(seed) does not round-trip")
                }
            }
        }
    }

    @Test func longChainsOfMutationsStayValid() {
        for subject in [F.smallCase, F.smallSystem] {
            for seed in UInt64(1000)..<1010 {
                var m = Mutator(seed: seed)
                var current = subject
                for round in 0..<150 {
                    current = m.mutate(current)
                    if !current.isValidFile {
                        Issue.record("seed \(seed) round \(round): \(m.lastMutation)\n\(current.fileText)")
                        break
                    }
                }
            }
        }
    }

    @Test func mutantsOfEveryCorpusFileAreValidFiles() throws {
        let paths = F.corpusPaths
        #expect(paths.count > 100)
        for (k, path) in paths.enumerated() {
            let subject = try F.load(path)
            guard subject.isValidFile else { continue }
            // Two seeds each, one for the few large files (a debug-build mutation of a 5 000-part
            // case costs about 0.1 s, mostly writing and reading its text back).
            for seed in UInt64(0)..<(subject.size > 1000 ? 1 : 2) {
                var m = Mutator(seed: seed &+ UInt64(k) &* 1000)
                let out = m.mutate(subject)
                #expect(out != subject, "\(path) seed \(seed) unchanged")
                #expect(out.isValidFile, "\(path) seed \(seed): \(m.lastMutation)")
            }
        }
    }

    @Test func theSameSeedAndInputGiveTheSameBytes() {
        for subject in [F.smallCase, F.smallSystem] {
            for seed in UInt64(0)..<200 {
                var a = Mutator(seed: seed), b = Mutator(seed: seed)
                let x = a.mutate(a.mutate(subject)), y = b.mutate(b.mutate(subject))
                #expect(x.fileText == y.fileText)
                #expect(a.lastMutation == b.lastMutation)
            }
        }
    }

    @Test func differentSeedsMostlyGiveDifferentMutants() {
        for subject in [F.smallCase, F.smallSystem] {
            var texts: Set<String> = []
            for seed in UInt64(0)..<100 {
                var m = Mutator(seed: seed)
                let out = m.mutate(subject)
                #expect(out != subject)
                texts.insert(out.fileText)
            }
            #expect(texts.count >= 80, "only \(texts.count) distinct mutants of \(subject.name) in 100 seeds")
        }
    }

    @Test func layoutMutationsReachEveryKindOfEdit() {
        var priorities: Set<Float> = [], devices = false, rtl = false, hidden = false, more = false, fewer = false
        for seed in UInt64(0)..<400 {
            var m = Mutator(seed: seed)
            guard case .layout(let c) = m.mutate(F.smallCase), case .layout(let original) = F.smallCase else { continue }
            priorities.formUnion(c.constraints.map(\.priority.value))
            devices = devices || c.devices != original.devices
            rtl = rtl || c.layoutDirection == .rightToLeft
            hidden = hidden || c.views.contains { $0.hidden == true }
            more = more || c.constraints.count > original.constraints.count
            fewer = fewer || c.constraints.count < original.constraints.count
            #expect(c.expect.isEmpty, "a mutant keeps no expectations")
        }
        #expect(priorities.isSuperset(of: [999, 999.5, 1, 250, 750, 1000]))
        #expect(devices && rtl && hidden && more && fewer)
    }

    @Test func systemMutationsReachEveryKindOfStep() {
        guard case .system(let original) = F.smallSystem else { return }
        func counts(_ steps: [SystemStep]) -> [String: Int] { steps.reduce(into: [:]) { $0[$1.kind, default: 0] += 1 } }
        let before = counts(original.steps)
        var grew: Set<String> = []
        var reordered = false, longer = false, shorter = false
        for seed in UInt64(0)..<400 {
            var m = Mutator(seed: seed)
            guard case .system(let s) = m.mutate(F.smallSystem) else { continue }
            for (kind, n) in counts(s.steps) where n > before[kind, default: 0] { grew.insert(kind) }
            longer = longer || s.steps.count > original.steps.count
            shorter = shorter || s.steps.count < original.steps.count
            reordered = reordered || (s.steps.count == original.steps.count && Set(s.steps) == Set(original.steps) && s.steps != original.steps)
        }
        #expect(grew == ["add", "remove", "edit", "suggest", "removeEdit", "check"])
        #expect(reordered && longer && shorter)
    }
}
