import LinearConstraints

/// A parsed visual format string (Apple's Visual Format Language), before metrics, views and
/// options are applied: the syntax tree `VisualFormat.parse(_:)` returns and
/// `constraints(metrics:options:in:)` turns into constraints.
///
/// `H:|-[a]-(>=20)-[b(==a)]|` reads as `orientation` horizontal, a `leadingBar` whose connection
/// is standard, `views` a and b, one entry of `connections` between them, and a flush
/// `trailingBar`. Every name and number keeps its character offset in `text`, so that errors found
/// later (an unknown view, a metric that is not defined) still point at the offending character.
public struct VisualFormat: Hashable, Sendable {
    /// The format as written.
    public var text: String
    /// `H:` (the default) or `V:`.
    public var orientation: LayoutAxis
    /// `|` and the connection after it, when the format starts at the superview.
    public var leadingBar: Bar?
    /// The views in format order; at least one.
    public var views: [View]
    /// `connections[i]` joins `views[i]` and `views[i + 1]`.
    public var connections: [Connection]
    /// The connection before a closing `|`, when the format ends at the superview.
    public var trailingBar: Bar?

    public init(
        text: String, orientation: LayoutAxis, leadingBar: Bar?, views: [View], connections: [Connection], trailingBar: Bar?
    ) {
        self.text = text
        self.orientation = orientation
        self.leadingBar = leadingBar
        self.views = views
        self.connections = connections
        self.trailingBar = trailingBar
    }

    /// A superview bar `|` and its connection to the adjacent view.
    public struct Bar: Hashable, Sendable {
        /// Offset of the `|` character.
        public var offset: Int
        public var connection: Connection

        public init(offset: Int, connection: Connection) {
            self.offset = offset
            self.connection = connection
        }
    }

    /// `[name(predicates)]`: a view and the predicates on its size along the format's axis.
    public struct View: Hashable, Sendable {
        public var name: String
        /// Offset of the first character of the name.
        public var offset: Int
        public var predicates: [Predicate]

        public init(name: String, offset: Int, predicates: [Predicate] = []) {
            self.name = name
            self.offset = offset
            self.predicates = predicates
        }
    }

    /// The space between two items: Apple's `e` (nothing, the items touch), `-` (standard
    /// spacing) or `-predicates-`.
    public enum Connection: Hashable, Sendable {
        /// No connection text (`[a][b]`, `|[a]`): the items touch, distance 0.
        case flush
        /// A lone `-`: 8 points between siblings; the superview's layout margin next to a bar.
        case standard
        /// `-20-`, `-pad-` or `-(>=20@400,<=50)-`: one constraint per predicate.
        case predicates([Predicate])
    }

    /// `(relation)? object (@priority)?`; the relation defaults to `==`, the priority to required.
    public struct Predicate: Hashable, Sendable {
        public var relation: Relation
        public var object: Term
        public var priority: Term?

        public init(_ relation: Relation = .equal, _ object: Term, priority: Term? = nil) {
            self.relation = relation
            self.object = object
            self.priority = priority
        }
    }

    /// A number or a C identifier as written, with its offset. An identifier is a metric name,
    /// or in a view's predicate also the name of another view (`[a(==b)]`).
    public struct Term: Hashable, Sendable {
        public enum Value: Hashable, Sendable {
            case number(Double)
            case name(String)
        }

        public var value: Value
        public var offset: Int

        public init(_ value: Value, offset: Int) {
            self.value = value
            self.offset = offset
        }
    }
}
