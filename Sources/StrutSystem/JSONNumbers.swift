import LinearConstraints

/// A count as a JSON number (exact below 2^53): the results, baselines, findings and fuzz
/// mutations write integers through it.
package func int<T: BinaryInteger>(_ v: T) -> JSONValue { .number(Double(v)) }
