import Foundation
import Judging
import Subjects

/// Where a saved finding came from, read back from its description (`FuzzCampaign.describe`
/// writes `Fuzz finding SIGNATURE (strut fuzz --seed S, case K: ...). DETAIL ... Replay: COMMAND`):
/// its signature and the strategies and peer profiles the campaign checked it with, so that
/// `strut replay` and `strut shrink` check a finding under the solver it was found in (a Kiwi
/// finding replayed under `cassowary` would pass and say nothing).
public struct FindingOrigin: Hashable, Sendable {
    public var signature: FuzzSignature
    /// The campaign's `--strategies` text (nil when the replay command names none).
    public var strategies: String?
    /// The campaign's `--profile` files, in order.
    public var profiles: [String]

    /// The origin of a subject saved by `strut fuzz`; nil for any other file.
    public init?(_ subject: FuzzSubject) {
        let text: String? = switch subject {
        case .layout(let c): c.description
        case .system(let s): s.description
        }
        guard let text else { return nil }
        self.init(description: text)
    }

    /// Parses a finding's description; nil when it is not one.
    public init?(description text: String) {
        let head = "Fuzz finding "
        guard text.hasPrefix(head), let open = text.range(of: " (strut fuzz --seed "),
              let signature = try? FuzzSignature(parsing: String(text[text.index(text.startIndex, offsetBy: head.count)..<open.lowerBound]))
        else { return nil }
        self.signature = signature
        strategies = nil
        profiles = []
        guard let replay = text.range(of: " Replay: ", options: .backwards) else { return }
        let words = Self.shellWords(String(text[replay.upperBound...]))
        var k = 0
        while k < words.count {
            if words[k] == "--strategies", k + 1 < words.count { strategies = words[k + 1]; k += 1 }
            else if words[k] == "--profile", k + 1 < words.count { profiles.append(words[k + 1]); k += 1 }
            k += 1
        }
    }

    /// The words of a command as `ShellWords.quoted` writes them: plain words, and words in
    /// single quotes with `'\''` for a quote inside.
    static func shellWords(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var chars = command.makeIterator()
        while let c = chars.next() {
            if quoted {
                if c == "'" { quoted = false } else { word.append(c) }
            } else if c == "'" {
                quoted = true
                inWord = true
            } else if c == "\\" {
                if let next = chars.next() { word.append(next) }
                inWord = true
            } else if c == " " || c == "\t" || c == "\n" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(c)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
