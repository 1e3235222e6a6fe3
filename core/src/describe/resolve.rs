//! Type expressions → schema fragments: every row of the contract's Types
//! table, records and classes ("Records and classes"), and the refusals
//! (`OLT002`/`OLT003`, `OLT005`, `OLT006`).

use super::annotate;
use super::descriptor::{Attribute, Context, DeclKind, Mode, Naming, ObjectDecl, TypeDecl, TypeRef};
use super::doc::flatten;
use super::naming::camel_case;
use super::schema::{Additional, Schema};
use super::typeexpr::TypeExpr;
use crate::diag::{Code, Sink};
use crate::json::{Number, Value};
use crate::path::Path;
use crate::work;
use std::collections::HashMap;
use std::rc::Rc;

/// Most schema nodes one description may expand to (records are written
/// inline, so a type used many times is written many times).
pub const MAX_SCHEMA_NODES: usize = 10_000;
/// Deepest nesting of types (members of members of …) one description may have.
pub const MAX_TYPE_DEPTH: usize = 64;
/// Longest chain of base classes above one record or class.
pub const MAX_BASE_CLASSES: usize = 64;

/// What a type is, beyond its schema: what annotations apply to it and which
/// default values fit it.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    Bool,
    Integer { min: i128, max: i128 },
    Number,
    Text,
    Char,
    Guid,
    DateTime,
    Date,
    Time,
    TimeSpan,
    Uri,
    Bytes,
    Enum(Vec<String>),
    Array { set: bool },
    Dictionary,
    Any,
    JsonObject,
    JsonArray,
    Object,
}

/// A described type.
#[derive(Clone, Debug)]
pub struct Described {
    pub schema: Schema,
    pub shape: Shape,
    /// `T?`.
    pub nullable: bool,
    /// A C# value type (a `null` default needs `T?`).
    pub value_type: bool,
}

/// Why a type is being described: an unsupported type is `OLT002` for a
/// parameter (or `describe-type`) and `OLT003` for a return type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Parameter,
    Return,
}

pub struct Resolver<'c> {
    pub ctx: &'c Context,
    pub sink: &'c mut Sink,
    nodes: usize,
    depth: usize,
    over_limit: bool,
    /// Declared types being expanded, each with the member being expanded.
    stack: Vec<(String, String)>,
    /// The members of each record or class read so far (`None`: refused),
    /// by canonical name: its base classes are walked once, however often
    /// it is used.
    members: HashMap<&'c str, Option<Rc<[Member<'c>]>>>,
}

const INTEGERS: &[(&[&str], i128, i128)] = &[
    (&["sbyte", "SByte"], i8::MIN as i128, i8::MAX as i128),
    (&["byte", "Byte"], 0, u8::MAX as i128),
    (&["short", "Int16"], i16::MIN as i128, i16::MAX as i128),
    (&["ushort", "UInt16"], 0, u16::MAX as i128),
    (&["int", "Int32"], i32::MIN as i128, i32::MAX as i128),
    (&["uint", "UInt32"], 0, u32::MAX as i128),
    (&["long", "Int64"], i64::MIN as i128, i64::MAX as i128),
    (&["ulong", "UInt64"], 0, u64::MAX as i128),
];

const LISTS: &[&str] = &["List", "IList", "ICollection", "IEnumerable", "IReadOnlyList", "IReadOnlyCollection"];
const SETS: &[&str] = &["HashSet", "ISet", "IReadOnlySet"];
const DICTIONARIES: &[&str] = &["Dictionary", "IDictionary", "IReadOnlyDictionary"];
const OTHER_COLLECTIONS: &[&str] = &[
    "Queue",
    "Stack",
    "LinkedList",
    "SortedSet",
    "SortedList",
    "SortedDictionary",
    "ConcurrentBag",
    "ConcurrentQueue",
    "ConcurrentStack",
    "ConcurrentDictionary",
    "BlockingCollection",
    "Collection",
    "ReadOnlyCollection",
    "ObservableCollection",
    "ReadOnlyDictionary",
    "ImmutableArray",
    "ImmutableList",
    "ImmutableHashSet",
    "ImmutableSortedSet",
    "ImmutableQueue",
    "ImmutableStack",
    "ImmutableDictionary",
    "ImmutableSortedDictionary",
    "FrozenSet",
    "FrozenDictionary",
    "IAsyncEnumerable",
    "IEnumerator",
    "ArraySegment",
    "Memory",
    "ReadOnlyMemory",
    "Span",
    "ReadOnlySpan",
    "ArrayList",
    "Hashtable",
    "BitArray",
    "IImmutableList",
    "IImmutableSet",
    "IImmutableDictionary",
    "ILookup",
    "IGrouping",
];

/// Names that are built in but have no schema, each with the reason given.
fn refused_builtin(simple: &str, arity: usize) -> Option<&'static str> {
    Some(match simple {
        "object" | "Object" | "dynamic" => "use JsonElement for any JSON value, or declare a record",
        "nint" | "nuint" | "IntPtr" | "UIntPtr" | "Int128" | "UInt128" | "Half" | "BigInteger" | "Complex" => {
            "this numeric type is not in the contract's Types table"
        }
        "void" | "Task" | "ValueTask" => "it is not a value",
        "ToolContext" | "CancellationToken" => "it is filled in by the runtime and only a tool's own parameter can be",
        "Part" | "ToolResult" => "it is a result type, not an argument",
        "JsonDocument" | "JsonValue" => {
            "only JsonElement, JsonNode, JsonObject and JsonArray are JSON types in the contract"
        }
        "Type" | "Delegate" | "MulticastDelegate" | "Action" | "Func" | "Predicate" | "Expression" => {
            "delegates and reflection types are not data"
        }
        "Exception" | "Stream" | "Task`1" => "it is not data",
        "Tuple" | "ValueTuple" | "KeyValuePair" | "Lazy" => "tuples and wrappers are not in the contract's Types table",
        "IEnumerable" | "ICollection" | "IList" | "IDictionary" if arity == 0 => {
            "non-generic collections have no element type"
        }
        s if OTHER_COLLECTIONS.contains(&s) => "this collection type is not one the contract supports",
        _ => return None,
    })
}

/// A name with no namespace, or one in `System…`, is looked up among the
/// built-in types by its simple name.
fn builtin_name(name: &str) -> Option<&str> {
    let name = name.strip_prefix("global::").unwrap_or(name);
    match name.rsplit_once('.') {
        None => Some(name),
        Some((ns, simple)) if ns == "System" || ns.starts_with("System.") => Some(simple),
        Some(_) => None,
    }
}

pub fn is_named(expr: &TypeExpr, names: &[&str]) -> bool {
    matches!(expr, TypeExpr::Named { name, args, .. } if args.is_empty() && builtin_name(name).is_some_and(|s| names.contains(&s)))
}

impl<'c> Resolver<'c> {
    pub fn new(ctx: &'c Context, sink: &'c mut Sink) -> Resolver<'c> {
        Resolver { ctx, sink, nodes: 0, depth: 0, over_limit: false, stack: Vec::new(), members: HashMap::new() }
    }

    /// The declared type an expression names, if any.
    pub fn declared(&self, expr: &TypeExpr) -> Option<&'c TypeDecl> {
        let TypeExpr::Named { name, .. } = expr else {
            return None;
        };
        let canonical = expr.to_string();
        self.ctx.lookup(&canonical).or_else(|| {
            // `MyApp.Models.Item` finds a declaration keyed `Item`.
            let simple = TypeExpr::simple_name(name);
            (simple != name).then(|| self.ctx.lookup(&canonical.replacen(name.as_str(), simple, 1))).flatten()
        })
    }

    fn unsupported(&mut self, role: Role, at: &Path, inner: &dyn std::fmt::Display, why: &str) {
        let (code, what) = match role {
            Role::Parameter => (Code::Olt002, "has no schema"),
            Role::Return => (Code::Olt003, "is not a supported return type"),
        };
        self.sink.report(code, at, format!("'{inner}' {what}: {why}."));
    }

    fn count_node(&mut self) -> bool {
        if !work::spend(1) {
            return false;
        }
        self.nodes += 1;
        if self.nodes > MAX_SCHEMA_NODES {
            if !self.over_limit {
                self.over_limit = true;
                self.sink.report(
                    Code::Old007,
                    &Path::root(),
                    format!("The schema would have more than {MAX_SCHEMA_NODES} nodes (records are written inline at every use)."),
                );
            }
            return false;
        }
        true
    }

    /// Describes a type written at `tr`.
    pub fn describe_ref(&mut self, tr: &TypeRef, role: Role) -> Option<Described> {
        let expr = tr.expr.as_ref()?;
        self.describe(expr, &tr.path, role)
    }

    pub fn describe(&mut self, expr: &TypeExpr, at: &Path, role: Role) -> Option<Described> {
        if self.over_limit || !self.count_node() {
            return None;
        }
        if self.depth >= MAX_TYPE_DEPTH {
            self.over_limit = true;
            self.sink.report(Code::Old007, at, format!("Types nest deeper than {MAX_TYPE_DEPTH} levels."));
            return None;
        }
        self.depth += 1;
        let d = self.describe_inner(expr, at, role);
        self.depth -= 1;
        d
    }

    fn describe_inner(&mut self, expr: &TypeExpr, at: &Path, role: Role) -> Option<Described> {
        match expr {
            TypeExpr::Nullable(inner) => {
                let d = self.describe(inner, at, role)?;
                Some(Described { schema: d.schema.nullable(), nullable: true, ..d })
            }
            TypeExpr::Pointer(_) => {
                self.unsupported(role, at, expr, "pointer types are not data");
                None
            }
            TypeExpr::Tuple(_) => {
                self.unsupported(role, at, expr, "tuples are not in the contract's Types table; declare a record");
                None
            }
            TypeExpr::Array { element, rank } => {
                if *rank > 1 {
                    self.unsupported(
                        role,
                        at,
                        expr,
                        "multi-dimensional arrays are not supported; use a jagged array (T[][])",
                    );
                    return None;
                }
                if is_named(element, &["byte", "Byte"]) {
                    let schema = Schema { content_encoding: Some("base64"), ..Schema::of_type("string") };
                    return Some(Described { schema, shape: Shape::Bytes, nullable: false, value_type: false });
                }
                self.collection(element, at, role, false)
            }
            TypeExpr::Named { name, args, open } => {
                if *open > 0 {
                    self.unsupported(role, at, expr, "open generic types have no schema");
                    return None;
                }
                if let Some(decl) = self.declared(expr) {
                    return self.declared_type(expr, decl, at, role);
                }
                let Some(simple) = builtin_name(name) else {
                    self.unknown(expr, at);
                    return None;
                };
                match args.as_slice() {
                    [] => self.scalar(expr, simple, at, role),
                    [t] if simple == "Nullable" => self.describe(&TypeExpr::Nullable(Box::new(t.clone())), at, role),
                    [t] if LISTS.contains(&simple) => self.collection(t, at, role, false),
                    [t] if SETS.contains(&simple) => self.collection(t, at, role, true),
                    [k, v] if DICTIONARIES.contains(&simple) => {
                        if !is_named(k, &["string", "String"]) {
                            self.unsupported(role, at, expr, "dictionary keys must be string");
                            return None;
                        }
                        let value = self.describe(v, at, role)?;
                        let schema = Schema {
                            additional_properties: Some(Additional::Schema(Box::new(value.schema))),
                            ..Schema::of_type("object")
                        };
                        Some(Described { schema, shape: Shape::Dictionary, nullable: false, value_type: false })
                    }
                    _ => {
                        if let Some(why) = refused_builtin(simple, args.len()) {
                            self.unsupported(role, at, expr, why);
                        } else if LISTS.contains(&simple) || SETS.contains(&simple) || DICTIONARIES.contains(&simple) {
                            let n = if DICTIONARIES.contains(&simple) { 2 } else { 1 };
                            self.sink.report(
                                Code::Old003,
                                at,
                                format!("'{expr}': {simple} takes {n} type argument{}.", if n == 1 { "" } else { "s" }),
                            );
                        } else {
                            self.unknown(expr, at);
                        }
                        None
                    }
                }
            }
        }
    }

    fn unknown(&mut self, expr: &TypeExpr, at: &Path) {
        self.sink.report(Code::Old004, at, format!("The type '{expr}' is neither built in nor declared in 'types'."));
    }

    fn collection(&mut self, element: &TypeExpr, at: &Path, role: Role, set: bool) -> Option<Described> {
        let items = self.describe(element, at, role)?;
        let schema = Schema { items: Some(Box::new(items.schema)), unique_items: set, ..Schema::of_type("array") };
        Some(Described { schema, shape: Shape::Array { set }, nullable: false, value_type: false })
    }

    fn scalar(&mut self, expr: &TypeExpr, simple: &str, at: &Path, role: Role) -> Option<Described> {
        let value = |schema: Schema, shape: Shape| Some(Described { schema, shape, nullable: false, value_type: true });
        let reference =
            |schema: Schema, shape: Shape| Some(Described { schema, shape, nullable: false, value_type: false });
        let string_with = |f: &str| Schema { format: Some(f.into()), ..Schema::of_type("string") };
        if let Some((_, min, max)) = INTEGERS.iter().find(|(names, _, _)| names.contains(&simple)) {
            let schema = Schema {
                minimum: Some(Number::from_i128(*min)),
                maximum: Some(Number::from_i128(*max)),
                ..Schema::of_type("integer")
            };
            return value(schema, Shape::Integer { min: *min, max: *max });
        }
        match simple {
            "bool" | "Boolean" => value(Schema::of_type("boolean"), Shape::Bool),
            "float" | "Single" | "double" | "Double" | "decimal" | "Decimal" => {
                value(Schema::of_type("number"), Shape::Number)
            }
            "string" | "String" => reference(Schema::of_type("string"), Shape::Text),
            "char" | "Char" => {
                value(Schema { min_length: Some(1), max_length: Some(1), ..Schema::of_type("string") }, Shape::Char)
            }
            "Guid" => value(string_with("uuid"), Shape::Guid),
            "DateTime" | "DateTimeOffset" => value(string_with("date-time"), Shape::DateTime),
            "DateOnly" => value(string_with("date"), Shape::Date),
            "TimeOnly" => value(string_with("time"), Shape::Time),
            "TimeSpan" => value(
                Schema {
                    pattern: Some(r"^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d{1,7})?$".into()),
                    ..Schema::of_type("string")
                },
                Shape::TimeSpan,
            ),
            "Uri" => reference(string_with("uri"), Shape::Uri),
            "JsonElement" => value(Schema::default(), Shape::Any),
            "JsonNode" => reference(Schema::default(), Shape::Any),
            "JsonObject" => reference(Schema::of_type("object"), Shape::JsonObject),
            "JsonArray" => reference(Schema::of_type("array"), Shape::JsonArray),
            _ => {
                match refused_builtin(simple, 0) {
                    Some(why) => self.unsupported(role, at, expr, why),
                    None if LISTS.contains(&simple) || SETS.contains(&simple) || DICTIONARIES.contains(&simple) => {
                        self.unsupported(role, at, expr, "a collection needs its element type")
                    }
                    None => self.unknown(expr, at),
                }
                None
            }
        }
    }

    fn declared_type(&mut self, expr: &TypeExpr, decl: &'c TypeDecl, at: &Path, role: Role) -> Option<Described> {
        match &decl.kind {
            DeclKind::Enum { members, in_context } => {
                if self.ctx.mode == Mode::Generator && !in_context {
                    self.sink.report(
                        Code::Olt005,
                        &decl.path.key("inContext"),
                        format!(
                            "The enum '{}' is written by name only through the string enum converter: set UseStringEnumConverter = true on its JsonSerializerContext, or put [JsonConverter(typeof(JsonStringEnumConverter))] on the enum.",
                            decl.canonical
                        ),
                    );
                }
                let schema = Schema {
                    enumeration: Some(members.iter().map(|m| Value::String(m.clone())).collect()),
                    ..Schema::of_type("string")
                };
                Some(Described { schema, shape: Shape::Enum(members.clone()), nullable: false, value_type: true })
            }
            DeclKind::Interface => {
                self.unsupported(
                    role,
                    at,
                    expr,
                    "interfaces other than the collections in the contract's Types table have no schema",
                );
                None
            }
            DeclKind::Delegate => {
                self.unsupported(role, at, expr, "delegates are not data");
                None
            }
            DeclKind::Object(obj) => {
                if obj.generic {
                    self.unsupported(role, at, expr, "open generic types have no schema");
                    return None;
                }
                self.object(decl, obj, at, role)
            }
        }
    }

    fn object(&mut self, decl: &'c TypeDecl, obj: &'c ObjectDecl, at: &Path, role: Role) -> Option<Described> {
        if let Some(start) = self.stack.iter().position(|(t, _)| *t == decl.canonical) {
            let mut chain: Vec<String> = self.stack[start..].iter().map(|(t, m)| format!("{t}.{m}")).collect();
            chain.push(decl.canonical.clone());
            self.sink.report(
                Code::Olt006,
                at,
                format!(
                    "The type '{}' refers to itself ({}); recursive types have no schema.",
                    decl.canonical,
                    chain.join(" → ")
                ),
            );
            return None;
        }
        if self.ctx.mode == Mode::Generator && !obj.in_context {
            self.sink.report(
                Code::Olt005,
                &decl.path.key("inContext"),
                format!(
                    "The type '{}' needs a JsonSerializerContext that lists it ([JsonSerializable(typeof({}))]).",
                    decl.canonical, decl.canonical
                ),
            );
        }
        let members = self.members_of(decl, obj)?;
        let mut properties: Vec<(String, Schema)> = Vec::new();
        let mut required = Vec::new();
        let mut complete = true;
        // JSON name → the C# name that took it.
        let mut json_names: HashMap<String, &str> = HashMap::new();
        for m in members.iter() {
            if ignored(m.attributes) {
                continue;
            }
            let json_name = match find(m.attributes, "JsonPropertyName") {
                Some(a) => match a.args.as_slice() {
                    [Value::String(s)] => s.clone(),
                    _ => {
                        self.sink.report(Code::Old005, &a.path, "[JsonPropertyName] takes one string argument.");
                        m.name.to_owned()
                    }
                },
                None => match (&self.ctx.naming, self.ctx.mode) {
                    (Naming::AsWritten, Mode::Generator) => m.name.to_owned(),
                    _ => camel_case(m.name),
                },
            };
            if let Some(other) = json_names.get(&json_name) {
                let why = format!("the properties '{other}' and '{}' are both written as '{json_name}'", m.name);
                self.unsupported(role, &m.path, &decl.canonical, &why);
                complete = false;
                continue;
            }
            json_names.insert(json_name.clone(), m.name);
            self.stack.push((decl.canonical.clone(), m.name.to_owned()));
            let d = self.describe_ref(m.ty, role);
            self.stack.pop();
            let Some(mut d) = d else {
                complete = false;
                continue;
            };
            annotate::apply(m.attributes, &mut d, self.sink);
            d.schema.description = match find(m.attributes, "Description") {
                Some(a) => annotate::description(a, self.sink),
                None if self.ctx.mode == Mode::Generator => m.doc.map(flatten).filter(|s| !s.is_empty()),
                None => None,
            };
            if m.required {
                required.push(json_name.clone());
            }
            properties.push((json_name, d.schema));
        }
        if !complete {
            return None;
        }
        let schema = Schema {
            properties: Some(properties),
            required,
            additional_properties: Some(Additional::False),
            ..Schema::of_type("object")
        };
        Some(Described { schema, shape: Shape::Object, nullable: false, value_type: obj.kind.is_value_type() })
    }

    /// [`Resolver::members`], read once per type.
    fn members_of(&mut self, decl: &'c TypeDecl, obj: &'c ObjectDecl) -> Option<Rc<[Member<'c>]>> {
        if let Some(known) = self.members.get(decl.canonical.as_str()) {
            return known.clone();
        }
        let read: Option<Rc<[Member<'c>]>> = self.members(decl, obj).map(Rc::from);
        // Stopped by the budget: not an answer to remember.
        if !work::spent() {
            self.members.insert(&decl.canonical, read.clone());
        }
        read
    }

    /// The members of a record or class in the contract's order: base class
    /// first, then declaration order (a positional record's parameters before
    /// its body). `required` is settled here: a `required` member,
    /// `[JsonRequired]`, or a parameter without a default of the type's only
    /// public constructor.
    fn members(&mut self, decl: &'c TypeDecl, obj: &'c ObjectDecl) -> Option<Vec<Member<'c>>> {
        let mut chain: Vec<(&'c TypeDecl, &'c ObjectDecl)> = vec![(decl, obj)];
        let (mut cur_decl, mut cur) = (decl, obj);
        while let Some(base) = &cur.base {
            let Some(expr) = &base.expr else { return None };
            if is_named(expr, &["object", "Object", "Part", "ValueType", "Record"]) {
                break;
            }
            let next = match self.declared(expr).map(|d| (d, &d.kind)) {
                Some((d, DeclKind::Object(o))) => (d, &**o),
                Some(_) => {
                    self.sink.report(
                        Code::Old002,
                        &base.path,
                        format!("The base of '{}' must be a declared record or class.", cur_decl.canonical),
                    );
                    return None;
                }
                None => {
                    self.unknown(expr, &base.path);
                    return None;
                }
            };
            if chain.iter().any(|(d, _)| d.canonical == next.0.canonical) {
                self.sink.report(
                    Code::Olt006,
                    &base.path,
                    format!("The type '{}' is its own base class.", next.0.canonical),
                );
                return None;
            }
            if chain.len() > MAX_BASE_CLASSES {
                self.sink.report(
                    Code::Old007,
                    &base.path,
                    format!("The type '{}' has more than {MAX_BASE_CLASSES} base classes above it.", decl.canonical),
                );
                return None;
            }
            if !work::spend(1) {
                return None;
            }
            chain.push(next);
            (cur_decl, cur) = next;
        }
        let mut members: Vec<Member<'c>> = Vec::new();
        let mut by_name: HashMap<&str, usize> = HashMap::new();
        for (_, o) in chain.iter().rev() {
            let positional = o.parameters.iter().map(|p| Member {
                name: &p.name,
                ty: &p.ty,
                attributes: &p.attributes,
                doc: o.doc.param(&p.name),
                required: false,
                positional: true,
                path: p.path.clone(),
            });
            let declared = o.properties.iter().map(|p| Member {
                name: &p.name,
                ty: &p.ty,
                attributes: &p.attributes,
                doc: p.summary.as_deref(),
                required: p.required_modifier || find(&p.attributes, "JsonRequired").is_some(),
                positional: false,
                path: p.path.clone(),
            });
            for m in positional.chain(declared) {
                if !work::spend(1) {
                    return None;
                }
                match by_name.get(m.name) {
                    // A positional parameter binds to an inherited property.
                    Some(_) if m.positional => {}
                    // A declared member hides the one before it (C# `new`, or a
                    // record property written out by hand).
                    Some(&i) => members[i] = m,
                    None => {
                        by_name.insert(m.name, members.len());
                        members.push(m);
                    }
                }
            }
        }
        // The deserialization constructor is the type's own.
        // STJ binds constructor parameters to properties ignoring case.
        let ctor = if obj.parameters.is_empty() { &obj.constructor } else { &obj.parameters };
        let folded: HashMap<String, usize> =
            members.iter().enumerate().rev().map(|(i, m)| (ignoring_case(m.name), i)).collect();
        for p in ctor {
            match folded.get(&ignoring_case(&p.name)) {
                Some(&i) => members[i].required |= p.default.is_none(),
                None => self.sink.report(
                    Code::Old002,
                    &p.path.key("name"),
                    format!("The constructor parameter '{}' of '{}' matches no property.", p.name, decl.canonical),
                ),
            }
        }
        Some(members)
    }
}

struct Member<'a> {
    name: &'a str,
    ty: &'a TypeRef,
    attributes: &'a [Attribute],
    doc: Option<&'a str>,
    required: bool,
    positional: bool,
    path: Path,
}

pub fn find<'a>(attrs: &'a [Attribute], name: &str) -> Option<&'a Attribute> {
    attrs.iter().find(|a| a.name == name)
}

/// `[JsonIgnore]` removes a member unless its `Condition` is not `Always`.
fn ignored(attrs: &[Attribute]) -> bool {
    find(attrs, "JsonIgnore").is_some_and(|a| {
        a.named
            .iter()
            .find(|(k, _)| k == "Condition")
            .is_none_or(|(_, v)| v.as_str().is_some_and(|s| s == "Always" || s.ends_with(".Always")))
    })
}

/// `name` folded for System.Text.Json's match of constructor parameters to
/// properties, which ignores case (`OrdinalIgnoreCase`, each character mapped
/// alone): each character lowercased, and a final sigma taken as the sigma it
/// is a form of (`Σ`, `σ` and `ς` are one letter there wherever they stand).
fn ignoring_case(name: &str) -> String {
    name.chars().flat_map(char::to_lowercase).map(|c| if c == 'ς' { 'σ' } else { c }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constructor_parameters_match_properties_ignoring_case_character_by_character() {
        let same = |a: &str, b: &str| ignoring_case(a) == ignoring_case(b);
        assert!(same("CaseId", "caseID"));
        assert!(same("ÉTÉ", "été"));
        // Σ, σ and the final ς are one letter to OrdinalIgnoreCase, wherever
        // they stand.
        assert!(same("ΑΣ", "ας") && same("ΑΣ", "ασ") && same("Σα", "ςα"));
        assert!(!same("caseId", "caseIds"));
        assert!(!same("a", "b"));
    }

    #[test]
    fn builtin_names_only_from_system_namespaces() {
        assert_eq!(builtin_name("Guid"), Some("Guid"));
        assert_eq!(builtin_name("System.Guid"), Some("Guid"));
        assert_eq!(builtin_name("global::System.Collections.Generic.List"), Some("List"));
        assert_eq!(builtin_name("MyApp.Guid"), None);
        assert_eq!(builtin_name("SystemX.Guid"), None);
    }

    #[test]
    fn integer_ranges_are_the_types_own() {
        let range =
            |name: &str| INTEGERS.iter().find(|(names, _, _)| names.contains(&name)).map(|(_, lo, hi)| (*lo, *hi));
        assert_eq!(range("ulong"), Some((0, 18446744073709551615)));
        assert_eq!(range("long"), Some((-9223372036854775808, 9223372036854775807)));
        assert_eq!(range("sbyte"), Some((-128, 127)));
        assert_eq!(range("UInt16"), Some((0, 65535)));
    }
}
