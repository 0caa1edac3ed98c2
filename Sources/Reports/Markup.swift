import Bench
import Foundation

/// Escaping for the text formats the reports write. Each function is total: any Swift string
/// becomes text the format's parser reads back as the same characters (XML 1.0 cannot carry
/// most control characters at all; those become U+FFFD, the replacement character).
package enum Markup {
    /// Text for XML and HTML element content and quoted attribute values: `& < > " '` as
    /// entities, characters XML 1.0 forbids (controls other than tab, newline and carriage
    /// return, lone surrogates cannot occur in Swift strings, U+FFFE and U+FFFF) as U+FFFD.
    /// O(length).
    package static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(u)
            default:
                let v = u.value
                out.unicodeScalars.append(v < 0x20 || v == 0xFFFE || v == 0xFFFF ? "\u{FFFD}" : u)
            }
        }
        return out
    }

    /// Text for a Markdown table cell: one line, pipes escaped, HTML-significant characters as
    /// entities (GitHub renders inline HTML in comments).
    static func markdownCell(_ s: String) -> String {
        escape(s).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// A string usable as an HTML id or SVG id: letters, digits and `-`, everything else `_`.
    static func identifier(_ s: String) -> String {
        String(s.unicodeScalars.map { u -> Character in
            (u.properties.isAlphabetic && u.isASCII) || ("0"..."9").contains(u) || u == "-" ? Character(u) : "_"
        })
    }
}

/// Numbers as the reports print them (the terminal table's units: ns/µs/ms/s, B/KiB/MiB).
enum Figures {
    static func duration(_ ns: UInt64) -> String { BenchTable.duration(ns) }
    static func duration(_ ns: Double) -> String { BenchTable.duration(UInt64(max(0, ns.rounded()))) }
    static func bytes(_ b: UInt64) -> String { BenchTable.bytes(b) }

    /// `x` with `digits` decimals (`-` for nil or a non-finite value).
    static func fixed(_ x: Double?, _ digits: Int = 2) -> String {
        guard let x, x.isFinite else { return "-" }
        return String(format: "%.\(digits)f", x)
    }

    /// Plain number for SVG coordinates: at most two decimals, no exponent.
    static func coordinate(_ x: Double) -> String {
        guard x.isFinite else { return "0" }
        let r = (x * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r)
    }

    /// Pivots per solve of an aggregate.
    static func pivotsPerSolve(_ a: Aggregate) -> String { BenchTable.perSolve(a) }
    static func nanosecondsPerConstraint(_ a: Aggregate) -> String { BenchTable.perConstraint(a) }
    static func nanosecondsPerNonzero(_ a: Aggregate) -> String { BenchTable.perNonzero(a) }

    /// Plural helper: `3 failures`, `1 failure`.
    static func count(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? noun : plural ?? noun + "s")
    }
}
