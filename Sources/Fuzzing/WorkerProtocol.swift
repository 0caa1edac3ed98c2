import Judging
import LinearConstraints
import Subjects

/// The JSON lines between the fuzz supervisor and `strut fuzz-worker` (one object per line):
///
/// parent -> worker: `{"id": 12, "expectations": true, "subject": "<case or system file text>"}`
/// worker -> parent: `{"id": 12, "starting": "cassowary"}` before each strategy (so the parent
///                   knows which one was running when the worker died), then
///                   `{"id": 12, "findings": [{"signature": "kind|strategy|place", "detail": "..."}]}`
///                   or, for a subject that does not read, `{"id": 12, "findings": [], "invalid": "..."}`.
public enum WorkerMessage {
    /// The request line for subject `id`.
    public static func request(id: Int, subject: FuzzSubject, expectations: Bool) -> String {
        JSONValue.object([("id", .number(Double(id))), ("expectations", .bool(expectations)), ("subject", .string(subject.fileText))]).jsonText()
    }

    /// A parsed request: id, whether to judge expectations, the subject (or why it does not read).
    public static func parseRequest(_ line: String) -> (id: Int, expectations: Bool, subject: Result<FuzzSubject, FuzzSubjectError>)? {
        guard let json = try? parseJSON(line), case .number(let id)? = json["id"], case .string(let text)? = json["subject"] else { return nil }
        var expectations = true
        if case .bool(let b)? = json["expectations"] { expectations = b }
        do { return (Int(id), expectations, .success(try FuzzSubject(fileText: text))) } catch { return (Int(id), expectations, .failure(error)) }
    }

    public static func heartbeat(id: Int, strategy: String) -> String {
        JSONValue.object([("id", .number(Double(id))), ("starting", .string(strategy))]).jsonText()
    }

    public static func result(id: Int, findings: [FuzzFinding], invalid: String? = nil) -> String {
        var m: [(key: String, value: JSONValue)] = [
            ("id", .number(Double(id))),
            ("findings", .array(findings.map { .object([("signature", .string($0.signature.description)), ("detail", .string($0.detail))]) })),
        ]
        if let invalid { m.append(("invalid", .string(invalid))) }
        return JSONValue.object(m).jsonText()
    }

    /// What a worker line says.
    enum Reply {
        case starting(id: Int, strategy: String)
        case result(id: Int, findings: [FuzzFinding], invalid: String?)
    }

    static func parseReply(_ line: String) -> Reply? {
        guard let json = try? parseJSON(line), case .number(let id)? = json["id"] else { return nil }
        if case .string(let s)? = json["starting"] { return .starting(id: Int(id), strategy: s) }
        guard case .array(let items)? = json["findings"] else { return nil }
        var findings: [FuzzFinding] = []
        for item in items {
            guard case .string(let sig)? = item["signature"], case .string(let detail)? = item["detail"],
                  let signature = try? FuzzSignature(parsing: sig) else { return nil }
            findings.append(FuzzFinding(signature: signature, detail: detail))
        }
        var invalid: String?
        if case .string(let s)? = json["invalid"] { invalid = s }
        return .result(id: Int(id), findings: findings, invalid: invalid)
    }
}
