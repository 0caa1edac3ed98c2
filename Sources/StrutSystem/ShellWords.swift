/// Words of a command as a POSIX shell reads them back: the reproducing commands of bench
/// results, invariant failures and fuzz findings.
package enum ShellWords {
    /// `word` as is when it is plain, else in single quotes (a quote inside as `'\''`).
    package static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "-_./:,=+@".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
