//! The Rust `cassowary` crate (0.3.0, Debian's librust-cassowary-dev) behind Strut's outside-solver
//! protocol (docs/adapter-protocol.md): JSON requests, one per line, on standard input; one JSON
//! response per line on standard output. Built and run by scripts/rust-cassowary-adapter; its
//! profile is scripts/rust-cassowary-adapter.profile.json.
//!
//! Priorities: required (1000) is `strength::REQUIRED`; any other p the weight 10^(6p/1000), as in
//! scripts/kiwi_adapter.py (the crate is a Kiwi port: weights, not levels). Outcomes:
//! `UnsatisfiableConstraint` is `unsatisfiable` (no conflict set: the crate names none), duplicate
//! and unknown errors are `duplicate`/`unknown`, `BadRequiredStrength` is `badPriority`, and an
//! `InternalSolverError` an `error` outcome of kind internalError with the crate's message. A Rust
//! panic inside the crate is not caught: the process dies and the harness records it.
//! "solverSeconds" is measured here around the crate's calls (std::time::Instant). Values are
//! `Solver::get_value`. No dependencies beyond the crate: the small JSON reader is below.

extern crate cassowary;

use cassowary::strength::REQUIRED;
use cassowary::{
    AddConstraintError, AddEditVariableError, Constraint, Expression, RelationalOperator, RemoveConstraintError,
    RemoveEditVariableError, Solver, SuggestValueError, Term, Variable,
};
use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::time::Instant;

// ------------------------------------------------------------------ JSON

#[derive(Debug, Clone)]
#[allow(dead_code)] // every JSON value is read; requests use only some kinds
enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Str(String),
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
    fn text(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    fn skip(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\r' | b'\n') {
            self.i += 1;
        }
    }
    fn value(&mut self, depth: usize) -> Result<Json, &'static str> {
        self.skip();
        if depth > 64 {
            return Err("nested too deeply");
        }
        let rest = &self.s[self.i..];
        match rest.first() {
            Some(b'{') | Some(b'[') => {
                let object = rest[0] == b'{';
                let close = if object { b'}' } else { b']' };
                self.i += 1;
                let mut members = Vec::new();
                self.skip();
                if self.s.get(self.i) == Some(&close) {
                    self.i += 1;
                } else {
                    loop {
                        let mut key = String::new();
                        if object {
                            self.skip();
                            if self.s.get(self.i) != Some(&b'"') {
                                return Err("expected a member name");
                            }
                            key = self.string()?;
                            self.skip();
                            if self.s.get(self.i) != Some(&b':') {
                                return Err("expected ':'");
                            }
                            self.i += 1;
                        }
                        members.push((key, self.value(depth + 1)?));
                        self.skip();
                        match self.s.get(self.i) {
                            Some(b',') => self.i += 1,
                            Some(c) if *c == close => {
                                self.i += 1;
                                break;
                            }
                            _ => return Err("expected ',' or the end of the object or array"),
                        }
                    }
                }
                Ok(if object { Json::Object(members) } else { Json::Array(members.into_iter().map(|(_, v)| v).collect()) })
            }
            Some(b'"') => Ok(Json::Str(self.string()?)),
            _ if rest.starts_with(b"true") => {
                self.i += 4;
                Ok(Json::Bool(true))
            }
            _ if rest.starts_with(b"false") => {
                self.i += 5;
                Ok(Json::Bool(false))
            }
            _ if rest.starts_with(b"null") => {
                self.i += 4;
                Ok(Json::Null)
            }
            _ => {
                let start = self.i;
                while self.i < self.s.len() && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    self.i += 1;
                }
                std::str::from_utf8(&self.s[start..self.i])
                    .ok()
                    .and_then(|t| t.parse::<f64>().ok())
                    .map(Json::Number)
                    .ok_or("expected a JSON value")
            }
        }
    }
    fn string(&mut self) -> Result<String, &'static str> {
        self.i += 1;
        let mut out: Vec<u8> = Vec::new();
        loop {
            let c = *self.s.get(self.i).ok_or("unterminated string")?;
            self.i += 1;
            match c {
                b'"' => break,
                b'\\' => {
                    let e = *self.s.get(self.i).ok_or("unterminated string")?;
                    self.i += 1;
                    match e {
                        b'"' | b'\\' | b'/' => out.push(e),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'u' => {
                            let hex = |r: &mut Self| -> Result<u32, &'static str> {
                                let h = r.s.get(r.i..r.i + 4).ok_or("bad \\u escape")?;
                                r.i += 4;
                                u32::from_str_radix(std::str::from_utf8(h).map_err(|_| "bad \\u escape")?, 16)
                                    .map_err(|_| "bad \\u escape")
                            };
                            let mut u = hex(self)?;
                            if (0xD800..0xDC00).contains(&u) && self.s.get(self.i..self.i + 2) == Some(b"\\u") {
                                self.i += 2;
                                let lo = hex(self)?;
                                u = 0x10000 + ((u - 0xD800) << 10) + (lo.wrapping_sub(0xDC00) & 0x3FF);
                            }
                            let ch = char::from_u32(u).unwrap_or('\u{FFFD}');
                            let mut b = [0u8; 4];
                            out.extend_from_slice(ch.encode_utf8(&mut b).as_bytes());
                        }
                        _ => return Err("bad escape in a string"),
                    }
                }
                c if c < 0x20 => return Err("control character in a string"),
                c => out.push(c),
            }
        }
        String::from_utf8(out).map_err(|_| "a string is not UTF-8")
    }
}

fn parse_json(line: &str) -> Result<Json, &'static str> {
    let mut r = Reader { s: line.as_bytes(), i: 0 };
    let v = r.value(0)?;
    r.skip();
    if r.i != r.s.len() {
        return Err("text after the JSON value");
    }
    Ok(v)
}

fn quote(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Shortest round-trip form (Rust's Display for f64), null when not finite.
fn number(x: f64) -> String {
    if x.is_finite() {
        format!("{:?}", x)
    } else {
        "null".to_string()
    }
}

// ------------------------------------------------------------------ constraint text

struct Parsed {
    terms: Vec<(String, f64)>,
    constant: f64,
    relation: RelationalOperator,
    priority: f64,
}

fn priority_name(name: &str) -> Option<f64> {
    match name {
        "required" => Some(1000.0),
        "defaultHigh" => Some(750.0),
        "defaultLow" => Some(250.0),
        "fittingSizeLevel" => Some(50.0),
        _ => None,
    }
}

struct Lexer<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> Lexer<'a> {
    fn skip(&mut self) {
        while self.i < self.s.len() && (self.s[self.i] == b' ' || self.s[self.i] == b'\t') {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn number(&mut self) -> Option<f64> {
        let start = self.i;
        let digit = |c: Option<u8>| c.map_or(false, |c| c.is_ascii_digit());
        if !(digit(self.peek()) || (self.peek() == Some(b'.') && digit(self.s.get(self.i + 1).copied()))) {
            return None;
        }
        while digit(self.peek()) || self.peek() == Some(b'.') {
            self.i += 1;
        }
        if matches!(self.peek(), Some(b'e') | Some(b'E')) {
            let save = self.i;
            self.i += 1;
            if matches!(self.peek(), Some(b'+') | Some(b'-')) {
                self.i += 1;
            }
            if digit(self.peek()) {
                while digit(self.peek()) {
                    self.i += 1;
                }
            } else {
                self.i = save;
            }
        }
        std::str::from_utf8(&self.s[start..self.i]).ok()?.parse().ok()
    }
    fn name(&mut self) -> Option<String> {
        let start = self.i;
        match self.peek() {
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {}
            _ => return None,
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            self.i += 1;
        }
        Some(String::from_utf8_lossy(&self.s[start..self.i]).into_owned())
    }
    /// side := term (("+" | "-") term)*, added into `p` times `sign`.
    fn side(&mut self, p: &mut Parsed, sign: f64) -> Result<(), &'static str> {
        let mut term_sign = sign;
        loop {
            let mut s = term_sign;
            self.skip();
            while self.peek() == Some(b'-') {
                s = -s;
                self.i += 1;
                self.skip();
            }
            if let Some(k) = self.number() {
                self.skip();
                if self.peek() == Some(b'*') {
                    self.i += 1;
                    self.skip();
                    let name = self.name().ok_or("expected a variable name after '*'")?;
                    p.terms.push((name, s * k));
                } else {
                    p.constant += s * k;
                }
            } else if let Some(name) = self.name() {
                self.skip();
                if self.peek() == Some(b'*') {
                    self.i += 1;
                    self.skip();
                    let k = self.number().ok_or("expected a number after '*'")?;
                    p.terms.push((name, s * k));
                } else {
                    p.terms.push((name, s));
                }
            } else {
                return Err(if self.peek().is_some() { "expected a number or a variable name" } else { "unexpected end of the constraint" });
            }
            self.skip();
            match self.peek() {
                Some(b'+') => term_sign = sign,
                Some(b'-') => term_sign = -sign,
                _ => return Ok(()),
            }
            self.i += 1;
        }
    }
}

fn parse_constraint(text: &str) -> Result<Parsed, &'static str> {
    let mut l = Lexer { s: text.as_bytes(), i: 0 };
    let mut p = Parsed { terms: Vec::new(), constant: 0.0, relation: RelationalOperator::Equal, priority: 1000.0 };
    l.side(&mut p, 1.0)?;
    l.skip();
    p.relation = match l.s.get(l.i..l.i + 2) {
        Some(b"==") => RelationalOperator::Equal,
        Some(b"<=") => RelationalOperator::LessOrEqual,
        Some(b">=") => RelationalOperator::GreaterOrEqual,
        _ => return Err("expected a relation '==', '<=' or '>='"),
    };
    l.i += 2;
    l.side(&mut p, -1.0)?;
    l.skip();
    if l.peek() == Some(b'@') {
        l.i += 1;
        l.skip();
        p.priority = match l.number() {
            Some(k) => k,
            None => l.name().and_then(|n| priority_name(&n)).ok_or("expected a priority after '@'")?,
        };
        l.skip();
    }
    if l.i != l.s.len() {
        return Err("unexpected text after the constraint");
    }
    if !(p.priority > 0.0 && p.priority <= 1000.0) {
        return Err("the priority must be in (0, 1000]");
    }
    Ok(p)
}

// ------------------------------------------------------------------ the adapter

fn strength(priority: f64) -> f64 {
    if priority >= 1000.0 {
        REQUIRED
    } else {
        10f64.powf(6.0 * priority / 1000.0)
    }
}

struct Adapter {
    solver: Solver,
    order: Vec<String>,
    variables: HashMap<String, Variable>,
    constraints: HashMap<String, Constraint>,
    spent: f64,
}

fn outcome(o: &str) -> String {
    format!("\"outcome\":{}", quote(o))
}

fn internal(message: &str) -> String {
    format!("\"outcome\":\"error\",\"error\":\"internalError\",\"message\":{}", quote(message))
}

fn error(message: &str) -> String {
    format!("\"outcome\":\"error\",\"message\":{}", quote(message))
}

impl Adapter {
    fn new() -> Adapter {
        Adapter { solver: Solver::new(), order: Vec::new(), variables: HashMap::new(), constraints: HashMap::new(), spent: 0.0 }
    }

    fn timed<T>(&mut self, call: impl FnOnce(&mut Solver) -> T) -> T {
        let start = Instant::now();
        let result = call(&mut self.solver);
        self.spent += start.elapsed().as_secs_f64();
        result
    }

    fn variable(&mut self, name: &str) -> Variable {
        if let Some(v) = self.variables.get(name) {
            return *v;
        }
        let v = Variable::new();
        self.order.push(name.to_string());
        self.variables.insert(name.to_string(), v);
        v
    }

    fn add(&mut self, text: &str, id: &str) -> String {
        if self.constraints.contains_key(id) {
            return outcome("duplicate");
        }
        let parsed = match parse_constraint(text) {
            Ok(p) => p,
            Err(problem) => return error(&format!("bad constraint '{}': {}", text, problem)),
        };
        let terms: Vec<Term> = parsed.terms.iter().map(|(n, c)| Term { variable: self.variable(n), coefficient: *c }).collect();
        let constraint = Constraint::new(Expression::new(terms, parsed.constant), parsed.relation, strength(parsed.priority));
        let result = self.timed(|s| s.add_constraint(constraint.clone()));
        match result {
            Ok(()) => {
                self.constraints.insert(id.to_string(), constraint);
                outcome("ok")
            }
            Err(AddConstraintError::UnsatisfiableConstraint) => outcome("unsatisfiable"),
            Err(AddConstraintError::DuplicateConstraint) => outcome("duplicate"),
            // An error is "not done" (docs/adapter-protocol.md): the harness does not hold the id,
            // so neither does the adapter, even when the crate kept the constraint before its
            // optimise failed (that change is the crate's, and the harness sees it in the values).
            Err(AddConstraintError::InternalSolverError(m)) => internal(m),
        }
    }

    fn remove(&mut self, id: &str) -> String {
        let constraint = match self.constraints.get(id) {
            Some(c) => c.clone(),
            None => return outcome("unknown"),
        };
        let result = self.timed(|s| s.remove_constraint(&constraint));
        match result {
            Ok(()) => {
                self.constraints.remove(id);
                outcome("ok")
            }
            // A failed removal is answered as an error, which the protocol reads as "not done", so
            // the id stays held (as the harness holds it); but the crate takes the constraint out
            // of its own list before it fails ("Failed to find leaving row."), so a later removal
            // of the id finds it unknown to the crate and answers an error again, not "unknown"
            // (which for a held id is nonsense), as scripts/gtk-adapter does.
            Err(RemoveConstraintError::UnknownConstraint) => {
                internal("the crate dropped this constraint in an earlier removal that failed")
            }
            Err(RemoveConstraintError::InternalSolverError(m)) => internal(m),
        }
    }

    fn edit(&mut self, name: &str, priority: f64) -> String {
        let v = self.variable(name);
        let result = self.timed(|s| s.add_edit_variable(v, strength(priority)));
        match result {
            Ok(()) => outcome("ok"),
            Err(AddEditVariableError::DuplicateEditVariable) => outcome("duplicate"),
            Err(AddEditVariableError::BadRequiredStrength) => outcome("badPriority"),
        }
    }

    fn suggest(&mut self, values: &[(String, Json)]) -> String {
        let mut pairs = Vec::new();
        for (name, value) in values {
            let v = match self.variables.get(name) {
                Some(v) if self.solver.has_edit_variable(v) => *v,
                _ => return outcome("unknown"),
            };
            match value {
                Json::Number(x) => pairs.push((v, *x)),
                _ => return error("a suggested value must be a number"),
            }
        }
        for (v, x) in pairs {
            match self.timed(|s| s.suggest_value(v, x)) {
                Ok(()) => {}
                Err(SuggestValueError::UnknownEditVariable) => return outcome("unknown"),
                Err(SuggestValueError::InternalSolverError(m)) => return internal(m),
            }
        }
        outcome("ok")
    }

    fn remove_edit(&mut self, name: &str) -> String {
        let v = match self.variables.get(name) {
            Some(v) => *v,
            None => return outcome("unknown"),
        };
        match self.timed(|s| s.remove_edit_variable(v)) {
            Ok(()) => outcome("ok"),
            Err(RemoveEditVariableError::UnknownEditVariable) => outcome("unknown"),
            Err(RemoveEditVariableError::InternalSolverError(m)) => internal(m),
        }
    }

    fn check(&mut self) -> String {
        let mut out = String::from("\"values\":{");
        let start = Instant::now();
        let values: Vec<f64> = self.order.iter().map(|n| self.solver.get_value(self.variables[n])).collect();
        self.spent += start.elapsed().as_secs_f64();
        for (k, (name, value)) in self.order.iter().zip(values).enumerate() {
            if k > 0 {
                out.push(',');
            }
            out.push_str(&quote(name));
            out.push(':');
            out.push_str(&number(value));
        }
        out.push('}');
        out
    }

    fn handle(&mut self, request: &Json) -> String {
        if !matches!(request, Json::Object(_)) {
            return error("a request must be a JSON object");
        }
        if request.get("reset").is_some() {
            *self = Adapter::new();
            return outcome("ok");
        }
        if let Some(text) = request.get("add") {
            return match (text.text(), request.get("id").and_then(Json::text)) {
                (Some(t), Some(id)) => self.add(t, id),
                _ => error("add needs a constraint text and a string id"),
            };
        }
        if let Some(id) = request.get("remove") {
            return match id.text() {
                Some(id) => self.remove(id),
                None => error("remove needs a string id"),
            };
        }
        if let Some(name) = request.get("edit") {
            let priority = match request.get("priority") {
                Some(Json::Number(p)) => Some(*p),
                Some(Json::Str(s)) => priority_name(s),
                _ => None,
            };
            return match (name.text(), priority) {
                (Some(n), Some(p)) => self.edit(n, p),
                _ => error("edit needs a variable name and a priority"),
            };
        }
        if let Some(values) = request.get("suggest") {
            return match values {
                Json::Object(members) => self.suggest(members),
                _ => error("suggest needs an object of values"),
            };
        }
        if let Some(name) = request.get("removeEdit") {
            return match name.text() {
                Some(n) => self.remove_edit(n),
                None => error("removeEdit needs a variable name"),
            };
        }
        if request.get("check").is_some() {
            return self.check();
        }
        error("unknown request")
    }
}

/// Exits when the process that started the adapter is gone. The crate can loop without end (its
/// entering-variable choice follows hash-map order, with no rule against cycling): a fuzz worker
/// killed for a hang cannot end such a process, which kept a core busy for minutes per case.
fn watch_parent() {
    let parent = std::os::unix::process::parent_id();
    std::thread::spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_millis(500));
        if std::os::unix::process::parent_id() != parent {
            // Not eprintln!: standard error is a pipe to the dead parent, and a failed write
            // would panic this thread alone and leave the loop running.
            let _ = writeln!(io::stderr(), "rust-cassowary-adapter: the process that started it is gone; exiting");
            std::process::exit(3);
        }
    });
}

fn main() {
    if std::env::args().len() > 1 {
        eprintln!("rust-cassowary-adapter: takes no arguments; it reads JSON requests on standard input (docs/adapter-protocol.md)");
        std::process::exit(2);
    }
    watch_parent();
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut adapter = Adapter::new();
    for line in stdin.lock().lines() {
        let line = match line {
            Ok(l) => l,
            Err(_) => break,
        };
        if line.trim().is_empty() {
            continue;
        }
        adapter.spent = 0.0;
        let body = match parse_json(&line) {
            Ok(request) => adapter.handle(&request),
            Err(problem) => error(&format!("the request is not JSON: {}", problem)),
        };
        let _ = writeln!(out, "{{{},\"solverSeconds\":{}}}", body, number(adapter.spent));
        let _ = out.flush();
    }
}
