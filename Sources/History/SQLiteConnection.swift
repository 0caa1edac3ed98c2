import CSQLite
import Foundation

/// A failure of the history store: the file and what went wrong, in words a user can act on.
public struct HistoryStoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }
    public var description: String { "\(file): \(message)" }
}

/// One connection to an SQLite database file (the system's libsqlite3), with the few calls the
/// store needs: statements with bound values, and transactions taken with `BEGIN IMMEDIATE` so
/// that concurrent writers queue on the file lock (`busy_timeout`) instead of failing. A class,
/// since a connection's identity is the point; not shared between threads.
///
/// Durability is SQLite's rollback journal with `synchronous = FULL`: a writer killed at any
/// point leaves a hot journal the next connection rolls back, so the file holds every committed
/// transaction and no part of an uncommitted one.
final class SQLiteConnection {
    let file: String
    private var handle: OpaquePointer?

    /// Opens (creating when `create`) the database at `file`. A file that is not an SQLite
    /// database fails here or at the first statement, with SQLite's message.
    init(file: String, create: Bool, busyTimeoutMilliseconds: Int32 = 60_000) throws(HistoryStoreError) {
        self.file = file
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
        var db: OpaquePointer?
        let status = sqlite3_open_v2(file, &db, flags, nil)
        handle = db
        guard status == SQLITE_OK else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close_v2(db)
            handle = nil
            throw HistoryStoreError(file: file, message: "cannot open the store: \(message)")
        }
        // Extension loading stays off (SQLite's default for the C API): the file is data, not code.
        sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs statements that return no rows (schema, pragmas, transaction control).
    func execute(_ sql: String) throws(HistoryStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        let status = sqlite3_exec(handle, sql, nil, nil, &message)
        guard status == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_free(message)
            throw fail(text)
        }
    }

    func prepare(_ sql: String) throws(HistoryStoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else { throw fail(lastError) }
        return SQLiteStatement(statement, connection: self)
    }

    /// Runs `body` inside `BEGIN IMMEDIATE ... COMMIT` (the write lock taken at the start, so two
    /// writers never deadlock upgrading a read lock); rolls back when `body` throws.
    func writeTransaction<T>(_ body: () throws(HistoryStoreError) -> T) throws(HistoryStoreError) -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }
    func fail(_ message: String) -> HistoryStoreError {
        let hint = message.contains("not a database") || message.contains("file is not a database")
            ? " (not an SQLite file: is this a strut history store?)" : ""
        return HistoryStoreError(file: file, message: message + hint)
    }
}

/// A prepared statement: bind values by position (from 1), step through rows, read columns by
/// position (from 0). Finalized when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds `values` to the parameters in order, after resetting the statement.
    @discardableResult
    func bind(_ values: SQLiteValue...) throws(HistoryStoreError) -> SQLiteStatement {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        for (k, value) in values.enumerated() {
            let position = Int32(k + 1)
            let status: Int32
            switch value {
            case .integer(let v): status = sqlite3_bind_int64(statement, position, v)
            case .real(let v): status = sqlite3_bind_double(statement, position, v)
            case .text(let v): status = sqlite3_bind_text(statement, position, v, -1, Self.transient)
            case .null: status = sqlite3_bind_null(statement, position)
            }
            guard status == SQLITE_OK else { throw connection.fail(connection.lastError) }
        }
        return self
    }

    /// Advances to the next row; false when there is none.
    func step() throws(HistoryStoreError) -> Bool {
        switch sqlite3_step(statement) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.fail(connection.lastError)
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(HistoryStoreError) {
        while try step() {}
    }

    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: p)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// SQLite copies the bytes of a bound string before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    static func optional(_ s: String?) -> SQLiteValue { s.map { .text($0) } ?? .null }
}
