import Foundation
import Bench

/// A commit as the history orders and names it.
public struct CommitInfo: Hashable, Sendable {
    public var sha: String
    /// Committer time, seconds since 1970: the history's order (ties: the order recorded).
    public var time: Int64
    /// The subject line, for reports.
    public var subject: String
    public init(sha: String, time: Int64, subject: String) {
        self.sha = sha
        self.time = time
        self.subject = subject
    }
    /// The first 10 hex digits, as tables print it.
    public var short: String { String(sha.prefix(10)) }
    /// The subject cut to 60 characters, for one-line listings.
    public var title: String { subject.count <= 60 ? subject : String(subject.prefix(59)) + "…" }
}

/// A change accepted by hand (`strut history accept`): change points whose commit range holds
/// `commit` are not regressions. `group` and `metric` narrow it (nil: every one); `group` may
/// hold `*` wildcards.
public struct Acceptance: Hashable, Sendable {
    public var commit: CommitInfo
    public var group: String?
    public var metric: HistoryMetric?
    public var reason: String
    public var acceptedAt: String
    public init(commit: CommitInfo, group: String?, metric: HistoryMetric?, reason: String, acceptedAt: String) {
        self.commit = commit
        self.group = group
        self.metric = metric
        self.reason = reason
        self.acceptedAt = acceptedAt
    }
}

/// The history store: every recorded run with its commit, machine and toolchain, each group's
/// figures and answers digest, the invariant tallies, and the accepted changes, in one SQLite
/// file (schema version `schemaVersion`, marked by its application id so that another SQLite
/// file is refused by name).
///
/// Writers take the file's write lock for the whole of a recording (`BEGIN IMMEDIATE`), so
/// concurrent `strut history record` processes queue and each run lands whole; a writer killed
/// part-way leaves nothing of its run (SQLite's rollback journal).
public final class HistoryStore {
    public static let schemaVersion = 1
    /// "STRH" in ASCII: `PRAGMA application_id` of every store.
    static let applicationID: Int64 = 0x5354_5248

    public let path: String
    let db: SQLiteConnection

    /// Opens the store at `path`. With `create`, a missing file becomes an empty store; without,
    /// a missing file is an error (a check of a store that was never written is a mistake).
    public init(path: String, create: Bool) throws(HistoryStoreError) {
        self.path = path
        if !create && !FileManager.default.fileExists(atPath: path) {
            throw HistoryStoreError(file: path, message: "no such store (strut history record creates it)")
        }
        db = try SQLiteConnection(file: path, create: create)
        try db.execute("PRAGMA synchronous = FULL")
        try db.execute("PRAGMA foreign_keys = ON")
        try prepareSchema(create: create)
    }

    private func prepareSchema(create: Bool) throws(HistoryStoreError) {
        let (application, version) = try header()
        if application == Self.applicationID {
            guard version <= Int64(Self.schemaVersion) else {
                throw HistoryStoreError(file: path, message: "schema version \(version) was written by a newer strut; this strut reads version \(Self.schemaVersion)")
            }
            return
        }
        guard application == 0, try tableCount() == 0 else {
            throw HistoryStoreError(file: path, message: "an SQLite file that is not a strut history store (its application id is \(application))")
        }
        guard create else { throw HistoryStoreError(file: path, message: "an empty file, not a strut history store") }
        try db.writeTransaction { () throws(HistoryStoreError) in
            // Another process may have created the schema between the check and the lock.
            if try header().application == Self.applicationID { return }
            try db.execute(Self.schema)
            try db.execute("PRAGMA application_id = \(Self.applicationID); PRAGMA user_version = \(Self.schemaVersion)")
        }
    }

    private func header() throws(HistoryStoreError) -> (application: Int64, version: Int64) {
        let a = try db.prepare("PRAGMA application_id")
        _ = try a.step()
        let v = try db.prepare("PRAGMA user_version")
        _ = try v.step()
        return (a.integer(0), v.integer(0))
    }

    private func tableCount() throws(HistoryStoreError) -> Int64 {
        let s = try db.prepare("SELECT count(*) FROM sqlite_schema")
        _ = try s.step()
        return s.integer(0)
    }

    static let schema = """
        CREATE TABLE commits (sha TEXT PRIMARY KEY, time INTEGER NOT NULL, subject TEXT NOT NULL);
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY, sha TEXT NOT NULL REFERENCES commits(sha), machine TEXT NOT NULL,
            recorded_at TEXT NOT NULL, host TEXT NOT NULL, os TEXT NOT NULL, cores INTEGER NOT NULL,
            swift TEXT NOT NULL, build TEXT NOT NULL, allocator TEXT NOT NULL, command TEXT NOT NULL,
            metered INTEGER NOT NULL, digest TEXT NOT NULL, UNIQUE (machine, digest));
        CREATE TABLE groups (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, strategy TEXT NOT NULL, phase TEXT NOT NULL);
        CREATE TABLE figures (
            run INTEGER NOT NULL REFERENCES runs(id), grp INTEGER NOT NULL REFERENCES groups(id),
            metric TEXT NOT NULL, value REAL NOT NULL, PRIMARY KEY (run, grp, metric)) WITHOUT ROWID;
        CREATE TABLE answers (
            run INTEGER NOT NULL REFERENCES runs(id), grp INTEGER NOT NULL REFERENCES groups(id),
            digest TEXT NOT NULL, PRIMARY KEY (run, grp)) WITHOUT ROWID;
        CREATE TABLE invariants (
            run INTEGER NOT NULL REFERENCES runs(id), invariant TEXT NOT NULL, checked INTEGER NOT NULL,
            failed INTEGER NOT NULL, PRIMARY KEY (run, invariant)) WITHOUT ROWID;
        CREATE TABLE accepted (
            id INTEGER PRIMARY KEY, sha TEXT NOT NULL, time INTEGER NOT NULL, grp TEXT, metric TEXT,
            reason TEXT NOT NULL, accepted_at TEXT NOT NULL);
        """

    /// What `record` did: stored the run under a new id, or found the same results already
    /// stored for this machine (recording again is a no-op, so a retried CI job adds nothing).
    public enum RecordOutcome: Hashable, Sendable {
        case recorded(run: Int64)
        case alreadyRecorded(run: Int64)
    }

    /// Stores `run` under `commit` and the machine label `machine`, in one transaction.
    public func record(_ run: HistoryRun, commit: CommitInfo, machine: String, recordedAt: String) throws(HistoryStoreError) -> RecordOutcome {
        try db.writeTransaction { () throws(HistoryStoreError) -> RecordOutcome in
            let existing = try db.prepare("SELECT id FROM runs WHERE machine = ? AND digest = ?")
            if try existing.bind(.text(machine), .text(run.digest)).step() { return .alreadyRecorded(run: existing.integer(0)) }
            try db.prepare("INSERT OR IGNORE INTO commits (sha, time, subject) VALUES (?, ?, ?)")
                .bind(.text(commit.sha), .integer(commit.time), .text(commit.subject)).run()
            let m = run.machine
            try db.prepare("""
                INSERT INTO runs (sha, machine, recorded_at, host, os, cores, swift, build, allocator, command, metered, digest)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).bind(.text(commit.sha), .text(machine), .text(recordedAt), .text(m.host), .text(m.os), .integer(Int64(m.cores)),
                          .text(m.swift), .text(m.build), .text(m.allocator), .text(run.command), .integer(run.metered ? 1 : 0),
                          .text(run.digest)).run()
            let id = db.lastInsertedRow
            let addGroup = try db.prepare("INSERT OR IGNORE INTO groups (name, strategy, phase) VALUES (?, ?, ?)")
            let groupID = try db.prepare("SELECT id FROM groups WHERE name = ?")
            let addFigure = try db.prepare("INSERT INTO figures (run, grp, metric, value) VALUES (?, ?, ?, ?)")
            let addAnswers = try db.prepare("INSERT INTO answers (run, grp, digest) VALUES (?, ?, ?)")
            for g in run.groups {
                try addGroup.bind(.text(g.name), .text(g.strategy), .text(g.phase)).run()
                guard try groupID.bind(.text(g.name)).step() else { throw db.fail("group \(g.name) was not stored") }
                let gid = groupID.integer(0)
                for (metric, value) in g.figures.sorted(by: { $0.key < $1.key }) {
                    try addFigure.bind(.integer(id), .integer(gid), .text(metric.rawValue), .real(value)).run()
                }
                try addAnswers.bind(.integer(id), .integer(gid), .text(g.answers)).run()
            }
            let addInvariant = try db.prepare("INSERT INTO invariants (run, invariant, checked, failed) VALUES (?, ?, ?, ?)")
            for i in run.invariants {
                try addInvariant.bind(.integer(id), .text(i.invariant), .integer(Int64(i.checked)), .integer(Int64(i.failed))).run()
            }
            return .recorded(run: id)
        }
    }

    /// Stores an accepted change.
    public func accept(_ a: Acceptance) throws(HistoryStoreError) {
        try db.writeTransaction { () throws(HistoryStoreError) in
            try db.prepare("INSERT INTO accepted (sha, time, grp, metric, reason, accepted_at) VALUES (?, ?, ?, ?, ?, ?)")
                .bind(.text(a.commit.sha), .integer(a.commit.time), .optional(a.group), .optional(a.metric?.rawValue),
                      .text(a.reason), .text(a.acceptedAt)).run()
        }
    }

    /// The stored commits whose hash starts with `prefix` (at least 4 hex digits).
    public func commits(matching prefix: String) throws(HistoryStoreError) -> [CommitInfo] {
        let s = try db.prepare("SELECT sha, time, subject FROM commits WHERE substr(sha, 1, ?) = ? ORDER BY time")
        try s.bind(.integer(Int64(prefix.count)), .text(prefix.lowercased()))
        var found: [CommitInfo] = []
        while try s.step() { found.append(CommitInfo(sha: s.text(0), time: s.integer(1), subject: s.text(2))) }
        return found
    }

    /// Everything stored, read in one transaction (a consistent view while writers append).
    public func load() throws(HistoryStoreError) -> HistorySnapshot {
        try db.execute("BEGIN")
        defer { try? db.execute("COMMIT") }
        var snapshot = HistorySnapshot()
        let commits = try db.prepare("SELECT sha, time, subject FROM commits")
        while try commits.step() {
            snapshot.commits[commits.text(0)] = CommitInfo(sha: commits.text(0), time: commits.integer(1), subject: commits.text(2))
        }
        let runs = try db.prepare("SELECT id, sha, machine, recorded_at, metered, swift, build, command FROM runs ORDER BY id")
        while try runs.step() {
            snapshot.runs.append(HistorySnapshot.Run(
                id: runs.integer(0), sha: runs.text(1), machine: runs.text(2), recordedAt: runs.text(3), metered: runs.integer(4) != 0,
                toolchain: runs.text(5) + ", " + runs.text(6), command: runs.text(7)))
        }
        let groups = try db.prepare("SELECT id, name, strategy, phase FROM groups ORDER BY id")
        var names: [Int64: String] = [:]
        while try groups.step() {
            names[groups.integer(0)] = groups.text(1)
            snapshot.groupOrder.append(groups.text(1))
            snapshot.groupKinds[groups.text(1)] = (groups.text(2), groups.text(3))
        }
        let figures = try db.prepare("SELECT run, grp, metric, value FROM figures")
        while try figures.step() {
            guard let metric = HistoryMetric(rawValue: figures.text(2)), let name = names[figures.integer(1)] else { continue }
            snapshot.figures[HistorySnapshot.Key(run: figures.integer(0), group: name, metric: metric)] = figures.real(3)
        }
        let answers = try db.prepare("SELECT run, grp, digest FROM answers")
        while try answers.step() {
            guard let name = names[answers.integer(1)] else { continue }
            snapshot.answers[HistorySnapshot.RunGroup(run: answers.integer(0), group: name)] = answers.text(2)
        }
        let invariants = try db.prepare("SELECT run, invariant, checked, failed FROM invariants")
        while try invariants.step() {
            snapshot.invariants[invariants.integer(0), default: []].append(
                HistoryRun.InvariantFigure(invariant: invariants.text(1), checked: Int(invariants.integer(2)), failed: Int(invariants.integer(3))))
        }
        let accepted = try db.prepare("SELECT sha, time, grp, metric, reason, accepted_at FROM accepted ORDER BY id")
        while try accepted.step() {
            let commit = snapshot.commits[accepted.text(0)] ?? CommitInfo(sha: accepted.text(0), time: accepted.integer(1), subject: "")
            snapshot.accepted.append(Acceptance(
                commit: commit, group: accepted.optionalText(2), metric: accepted.optionalText(3).flatMap(HistoryMetric.init(rawValue:)),
                reason: accepted.text(4), acceptedAt: accepted.text(5)))
        }
        return snapshot
    }

    /// SQLite's own consistency check of the file (`PRAGMA integrity_check`): "ok" or the problems.
    public func integrityCheck() throws(HistoryStoreError) -> String {
        let s = try db.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try s.step() { lines.append(s.text(0)) }
        return lines.joined(separator: "\n")
    }
}

/// The whole store in memory, as `HistoryStore.load` read it.
public struct HistorySnapshot: Sendable {
    public struct Run: Hashable, Sendable {
        public var id: Int64
        public var sha: String
        public var machine: String
        public var recordedAt: String
        public var metered: Bool
        public var toolchain: String
        /// The bench command the run reproduces (its results' `command`).
        public var command = ""
    }
    public struct Key: Hashable, Sendable {
        public var run: Int64
        public var group: String
        public var metric: HistoryMetric
    }
    public struct RunGroup: Hashable, Sendable {
        public var run: Int64
        public var group: String
    }

    public var commits: [String: CommitInfo] = [:]
    /// In the order recorded.
    public var runs: [Run] = []
    /// Group names in the order first recorded.
    public var groupOrder: [String] = []
    /// Each group's strategy and phase.
    public var groupKinds: [String: (strategy: String, phase: String)] = [:]
    public var figures: [Key: Double] = [:]
    public var answers: [RunGroup: String] = [:]
    public var invariants: [Int64: [HistoryRun.InvariantFigure]] = [:]
    public var accepted: [Acceptance] = []

    public init() {}
}
