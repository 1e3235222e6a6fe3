//! The descriptor format (`decisions.md` §2; docs/descriptor.md): JSON that
//! mirrors a C# method signature, read into typed structures. Every shape
//! problem is reported (`OLD002`, `OLD003`) with its path, and reading goes on
//! so that one answer lists them all.

use super::typeexpr::TypeExpr;
use crate::diag::{Code, Sink};
use crate::json::Value;
use crate::path::Path;
use std::collections::{HashMap, HashSet};

/// A C# attribute as written: `[Range(1, 100)]`, `[StringLength(50, MinimumLength = 2)]`.
#[derive(Clone, Debug)]
pub struct Attribute {
    /// The simple name without an `Attribute` suffix or namespace
    /// (`System.ComponentModel.DescriptionAttribute` → `Description`).
    pub name: String,
    pub args: Vec<Value>,
    pub named: Vec<(String, Value)>,
    pub path: Path,
}

/// A type expression together with where it was written.
#[derive(Clone, Debug)]
pub struct TypeRef {
    /// `None` when the text did not parse (already reported).
    pub expr: Option<TypeExpr>,
    pub text: String,
    pub path: Path,
}

/// A method parameter, a positional record parameter or a constructor parameter.
#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: TypeRef,
    /// `Some(Value::Null)` is `= null`.
    pub default: Option<Value>,
    pub modifier: Option<String>,
    pub attributes: Vec<Attribute>,
    pub path: Path,
}

#[derive(Clone, Debug)]
pub struct Property {
    pub name: String,
    pub ty: TypeRef,
    pub required_modifier: bool,
    pub attributes: Vec<Attribute>,
    pub summary: Option<String>,
    pub path: Path,
}

#[derive(Clone, Debug, Default)]
pub struct Doc {
    pub summary: Option<String>,
    pub params: HashMap<String, String>,
}

impl Doc {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectKind {
    Record,
    RecordStruct,
    Class,
    Struct,
}

impl ObjectKind {
    pub fn is_value_type(self) -> bool {
        matches!(self, ObjectKind::Struct | ObjectKind::RecordStruct)
    }

    pub fn is_record(self) -> bool {
        matches!(self, ObjectKind::Record | ObjectKind::RecordStruct)
    }
}

#[derive(Clone, Debug)]
pub struct ObjectDecl {
    pub kind: ObjectKind,
    pub base: Option<TypeRef>,
    /// A positional record's primary constructor parameters.
    pub parameters: Vec<Param>,
    /// The parameters of the type's only public constructor, when it has one
    /// (other than a positional record's primary constructor).
    pub constructor: Vec<Param>,
    pub properties: Vec<Property>,
    pub in_context: bool,
    pub generic: bool,
    pub doc: Doc,
}

#[derive(Clone, Debug)]
pub enum DeclKind {
    Object(Box<ObjectDecl>),
    /// `in_context`: serialized by name (the string enum converter applies).
    Enum {
        members: Vec<String>,
        in_context: bool,
    },
    Interface,
    Delegate,
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    /// The key as written in `types`.
    pub name: String,
    /// The key parsed and written canonically, for lookup (`Page< Item >` → `Page<Item>`).
    pub canonical: String,
    pub kind: DeclKind,
    pub path: Path,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Generator,
    Reflection,
}

/// The serializer context's property naming policy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Naming {
    CamelCase,
    AsWritten,
    /// A policy the contract refuses (`OLT011`), kept for the message.
    Other(String),
}

impl Naming {
    pub fn parse(s: &str) -> Naming {
        match s {
            "CamelCase" | "Web" => Naming::CamelCase,
            "None" | "Unspecified" => Naming::AsWritten,
            other => Naming::Other(other.to_owned()),
        }
    }
}

/// What describing needs besides the type expression itself.
#[derive(Clone, Debug)]
pub struct Context {
    types: Vec<TypeDecl>,
    by_name: HashMap<String, usize>,
    pub naming: Naming,
    pub naming_path: Path,
    pub mode: Mode,
}

impl Context {
    pub fn new(types: Vec<TypeDecl>, naming: Naming, naming_path: Path, mode: Mode) -> Context {
        let by_name = types.iter().enumerate().map(|(i, t)| (t.canonical.clone(), i)).collect();
        Context { types, by_name, naming, naming_path, mode }
    }

    pub fn lookup(&self, canonical: &str) -> Option<&TypeDecl> {
        self.by_name.get(canonical).map(|&i| &self.types[i])
    }
}

/// `[Tool(...)]`.
#[derive(Clone, Debug)]
pub struct ToolAttr {
    pub name: Option<String>,
    pub description: Option<String>,
    pub ends_loop: bool,
    pub requires_approval: bool,
    pub parallel_safe: bool,
    pub timeout_seconds: i64,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub method: String,
    pub tool: ToolAttr,
    pub attributes: Vec<Attribute>,
    pub doc: Doc,
    pub parameters: Vec<Param>,
    pub returns: TypeRef,
    pub generic: bool,
    pub is_async: bool,
    pub path: Path,
}

#[derive(Clone, Debug)]
pub struct ContainingType {
    pub name: String,
    pub partial: bool,
    pub generic: bool,
    pub outer: Option<Box<ContainingType>>,
    pub path: Path,
}

pub enum Descriptor {
    /// One tool; `containing` is the class it is declared in, when the
    /// descriptor names it (the class's own rules are then checked).
    Method {
        method: Box<Method>,
        containing: Option<ContainingType>,
        context: Context,
    },
    Class {
        containing: ContainingType,
        methods: Vec<Method>,
        context: Context,
    },
}

/// Reads a parsed descriptor. Returns `None` only when the top level is not
/// recognisable at all; otherwise whatever could be read, with every problem
/// reported to `sink`.
pub fn read(root: &Value, sink: &mut Sink) -> Option<Descriptor> {
    let path = Path::root();
    if root.as_object().is_none() {
        sink.report(Code::Old002, &path, format!("The descriptor must be a JSON object, not {}.", article(root)));
        return None;
    }
    // A method descriptor may name its class; a class descriptor lists methods.
    let class = root.get("methods").is_some() || (root.get("containingType").is_some() && root.get("method").is_none());
    if class {
        let f = Fields::new(
            root,
            &path,
            "a class descriptor",
            &["containingType", "methods", "types", "naming", "mode"],
            sink,
        )?;
        let containing =
            f.required(sink, "containingType").and_then(|v| read_containing(v, &path.key("containingType"), sink));
        let (mut types, naming, mode) = read_context(&f, sink);
        let mut methods = Vec::new();
        if let Some(list) = f.required(sink, "methods").and_then(|v| f.array_of(v, "methods", sink)) {
            if list.is_empty() {
                sink.report(Code::Old002, &path.key("methods"), "'methods' must list at least one tool method.");
            }
            for (i, m) in list.iter().enumerate() {
                if let Some(m) = read_method(m, &path.key("methods").index(i), &mut types, sink) {
                    methods.push(m);
                }
            }
        }
        let context = Context::new(types, naming, path.key("naming"), mode);
        Some(Descriptor::Class { containing: containing?, methods, context })
    } else {
        let method = read_method(root, &path, &mut Vec::new(), sink);
        let f = Fields { members: root.as_object()?, path: path.clone() };
        let containing = match f.get("containingType") {
            None => None,
            Some(v) => Some(read_containing(v, &path.key("containingType"), sink)?),
        };
        let (types, naming, mode) = read_context(&f, sink);
        Some(Descriptor::Method {
            method: Box::new(method?),
            containing,
            context: Context::new(types, naming, path.key("naming"), mode),
        })
    }
}

const METHOD_KEYS: &[&str] = &[
    "containingType",
    "method",
    "tool",
    "attributes",
    "doc",
    "parameters",
    "returns",
    "types",
    "naming",
    "mode",
    "generic",
    "async",
];
const NESTED_METHOD_KEYS: &[&str] =
    &["method", "tool", "attributes", "doc", "parameters", "returns", "types", "generic", "async"];

fn read_method(v: &Value, path: &Path, extra_types: &mut Vec<TypeDecl>, sink: &mut Sink) -> Option<Method> {
    let nested = !path.segments().is_empty();
    let allowed = if nested { NESTED_METHOD_KEYS } else { METHOD_KEYS };
    let f = Fields::new(v, path, "a method descriptor", allowed, sink)?;
    if nested && let Some(types) = f.get("types") {
        let declared: HashSet<String> = extra_types.iter().map(|t| t.canonical.clone()).collect();
        for t in read_types(types, &path.key("types"), sink) {
            if declared.contains(&t.canonical) {
                sink.report(
                    Code::Old002,
                    &t.path,
                    format!("The type '{}' is already declared for this class.", t.canonical),
                );
            } else {
                extra_types.push(t);
            }
        }
    }
    let method = f.required_string(sink, "method");
    let tool = match f.get("tool") {
        Some(t) => read_tool(t, &path.key("tool"), sink),
        None => ToolAttr {
            name: None,
            description: None,
            ends_loop: false,
            requires_approval: false,
            parallel_safe: true,
            timeout_seconds: 0,
        },
    };
    let attributes = f.get("attributes").map(|a| read_attributes(a, &path.key("attributes"), sink)).unwrap_or_default();
    let doc = f.get("doc").map(|d| read_doc(d, &path.key("doc"), true, sink)).unwrap_or_default();
    let parameters = read_params(&f, "parameters", true, sink);
    let returns = match f.get("returns") {
        None => TypeRef {
            expr: Some(TypeExpr::Named { name: "void".into(), args: vec![], open: 0 }),
            text: "void".into(),
            path: path.key("returns"),
        },
        Some(_) => read_type_ref(&f, "returns", sink)?,
    };
    let generic = f.boolean(sink, "generic", false);
    let is_async = f.boolean(sink, "async", false);
    Some(Method { method: method?, tool, attributes, doc, parameters, returns, generic, is_async, path: path.clone() })
}

fn read_context(f: &Fields<'_>, sink: &mut Sink) -> (Vec<TypeDecl>, Naming, Mode) {
    let types = f.get("types").map(|t| read_types(t, &f.path.key("types"), sink)).unwrap_or_default();
    let naming = f.string(sink, "naming").map_or(Naming::CamelCase, |n| Naming::parse(&n));
    let mode = match f.string(sink, "mode").as_deref() {
        None | Some("generator") => Mode::Generator,
        Some("reflection") => Mode::Reflection,
        Some(other) => {
            sink.report(
                Code::Old002,
                &f.path.key("mode"),
                format!("'mode' must be \"generator\" or \"reflection\", not {}.", crate::json::quote(other)),
            );
            Mode::Generator
        }
    };
    (types, naming, mode)
}

/// Reads a `types` map (also the `types` argument of describe-type).
pub fn read_types(v: &Value, path: &Path, sink: &mut Sink) -> Vec<TypeDecl> {
    let Some(members) = v.as_object() else {
        sink.report(
            Code::Old002,
            path,
            format!("'types' must be an object mapping type names to declarations, not {}.", article(v)),
        );
        return Vec::new();
    };
    let mut out: Vec<TypeDecl> = Vec::new();
    let mut seen: HashSet<String> = HashSet::new();
    for (name, decl) in members {
        let p = path.key(name);
        let canonical = match TypeExpr::parse(name) {
            Ok(TypeExpr::Named { .. }) => TypeExpr::parse(name).map(|t| t.to_string()).unwrap_or_default(),
            Ok(_) | Err(_) => {
                sink.report(Code::Old003, &p, format!("'{name}' is not a type name that can be declared."));
                continue;
            }
        };
        if !seen.insert(canonical.clone()) {
            sink.report(Code::Old002, &p, format!("The type '{canonical}' is declared twice."));
            continue;
        }
        if let Some(kind) = read_decl(decl, &p, sink) {
            out.push(TypeDecl { name: name.clone(), canonical, kind, path: p });
        }
    }
    out
}

fn read_decl(v: &Value, path: &Path, sink: &mut Sink) -> Option<DeclKind> {
    let kind = v.get("kind").and_then(Value::as_str);
    match kind {
        Some("enum") => {
            let f = Fields::new(v, path, "an enum declaration", &["kind", "members", "inContext", "doc"], sink)?;
            let mut members = Vec::new();
            let mut seen = HashSet::new();
            if let Some(list) = f.required(sink, "members").and_then(|m| f.array_of(m, "members", sink)) {
                for (i, m) in list.iter().enumerate() {
                    match m.as_str() {
                        Some(s) if is_csharp_identifier(s) => {
                            if !seen.insert(s) {
                                sink.report(
                                    Code::Old002,
                                    &path.key("members").index(i),
                                    format!("The enum member '{s}' is listed twice."),
                                );
                            } else {
                                members.push(s.to_owned());
                            }
                        }
                        _ => sink.report(
                            Code::Old002,
                            &path.key("members").index(i),
                            format!("An enum member must be a C# identifier, not {}.", m.to_json()),
                        ),
                    }
                }
            }
            let in_context = f.boolean(sink, "inContext", true);
            if let Some(d) = f.get("doc") {
                read_doc(d, &path.key("doc"), false, sink);
            }
            Some(DeclKind::Enum { members, in_context })
        }
        Some("interface") | Some("delegate") => {
            Fields::new(v, path, "a declaration", &["kind", "inContext", "doc", "generic"], sink)?;
            Some(if kind == Some("interface") { DeclKind::Interface } else { DeclKind::Delegate })
        }
        Some(k @ ("record" | "record struct" | "class" | "struct")) => {
            let kind = match k {
                "record" => ObjectKind::Record,
                "record struct" => ObjectKind::RecordStruct,
                "class" => ObjectKind::Class,
                _ => ObjectKind::Struct,
            };
            let allowed: &[&str] = if kind.is_record() {
                &["kind", "base", "parameters", "constructor", "properties", "inContext", "generic", "doc"]
            } else {
                &["kind", "base", "constructor", "properties", "inContext", "generic", "doc"]
            };
            let f = Fields::new(v, path, &format!("a {k} declaration"), allowed, sink)?;
            let base = match f.get("base") {
                None | Some(Value::Null) => None,
                Some(_) => read_type_ref(&f, "base", sink),
            };
            let parameters = read_params(&f, "parameters", false, sink);
            let constructor = read_params(&f, "constructor", false, sink);
            if !parameters.is_empty() && f.get("constructor").is_some() {
                sink.report(
                    Code::Old002,
                    &path.key("constructor"),
                    "A positional record's primary constructor is its 'parameters'; it has no other only public constructor.",
                );
            }
            let mut properties = Vec::new();
            if let Some(list) = f.get("properties").and_then(|v| f.array_of(v, "properties", sink)) {
                for (i, p) in list.iter().enumerate() {
                    if let Some(p) = read_property(p, &path.key("properties").index(i), sink) {
                        properties.push(p);
                    }
                }
            }
            let in_context = f.boolean(sink, "inContext", true);
            let generic = f.boolean(sink, "generic", false);
            let doc = f.get("doc").map(|d| read_doc(d, &path.key("doc"), true, sink)).unwrap_or_default();
            Some(DeclKind::Object(Box::new(ObjectDecl {
                kind,
                base,
                parameters,
                constructor,
                properties,
                in_context,
                generic,
                doc,
            })))
        }
        _ => {
            let p = if v.get("kind").is_some() { path.key("kind") } else { path.clone() };
            let got = v.get("kind").map_or_else(|| "nothing".to_owned(), Value::to_json);
            sink.report(
                Code::Old002,
                &p,
                format!(
                    "A type declaration needs a 'kind' of \"record\", \"record struct\", \"class\", \"struct\", \"enum\", \"interface\" or \"delegate\", not {got}."
                ),
            );
            None
        }
    }
}

fn read_params(f: &Fields<'_>, key: &str, method: bool, sink: &mut Sink) -> Vec<Param> {
    let mut out: Vec<Param> = Vec::new();
    let mut seen = HashSet::new();
    if let Some(list) = f.get(key).and_then(|v| f.array_of(v, key, sink)) {
        for (i, p) in list.iter().enumerate() {
            if let Some(p) = read_param(p, &f.path.key(key).index(i), method, sink) {
                if !seen.insert(p.name.clone()) {
                    sink.report(
                        Code::Old002,
                        &p.path.key("name"),
                        format!("A second parameter is named '{}'.", p.name),
                    );
                }
                out.push(p);
            }
        }
    }
    out
}

fn read_param(v: &Value, path: &Path, method: bool, sink: &mut Sink) -> Option<Param> {
    let allowed: &[&str] = if method {
        &["name", "type", "default", "modifier", "attributes"]
    } else {
        &["name", "type", "default", "attributes"]
    };
    let f = Fields::new(v, path, "a parameter", allowed, sink)?;
    let name = f.required_identifier(sink, "name");
    let ty = read_type_ref(&f, "type", sink);
    let modifier = f.string(sink, "modifier").filter(|m| {
        let known = matches!(m.as_str(), "ref" | "out" | "in" | "ref readonly");
        if !known {
            sink.report(
                Code::Old002,
                &path.key("modifier"),
                format!("'modifier' must be \"ref\", \"out\" or \"in\", not {}.", crate::json::quote(m)),
            );
        }
        known
    });
    let attributes = f.get("attributes").map(|a| read_attributes(a, &path.key("attributes"), sink)).unwrap_or_default();
    // Here `null` is a value: `"default": null` is `= null`.
    let default = f.members.iter().find(|(k, _)| k == "default").map(|(_, v)| v.clone());
    Some(Param { name: name?, ty: ty?, default, modifier, attributes, path: path.clone() })
}

fn read_property(v: &Value, path: &Path, sink: &mut Sink) -> Option<Property> {
    let f = Fields::new(v, path, "a property", &["name", "type", "modifiers", "attributes", "doc"], sink)?;
    let name = f.required_identifier(sink, "name");
    let ty = read_type_ref(&f, "type", sink);
    let mut required_modifier = false;
    if let Some(list) = f.get("modifiers").and_then(|m| f.array_of(m, "modifiers", sink)) {
        for (i, m) in list.iter().enumerate() {
            match m.as_str() {
                Some("required") => required_modifier = true,
                Some("init" | "virtual" | "override" | "new" | "sealed" | "abstract") => {}
                _ => sink.report(
                    Code::Old002,
                    &path.key("modifiers").index(i),
                    format!("Unknown property modifier {} (the contract reads only \"required\").", m.to_json()),
                ),
            }
        }
    }
    let attributes = f.get("attributes").map(|a| read_attributes(a, &path.key("attributes"), sink)).unwrap_or_default();
    let summary = f.get("doc").and_then(|d| read_doc(d, &path.key("doc"), false, sink).summary);
    Some(Property { name: name?, ty: ty?, required_modifier, attributes, summary, path: path.clone() })
}

fn read_tool(v: &Value, path: &Path, sink: &mut Sink) -> ToolAttr {
    let keys = &["name", "description", "endsLoop", "requiresApproval", "parallelSafe", "timeoutSeconds"];
    let Some(f) = Fields::new(v, path, "the 'tool' attribute", keys, sink) else {
        return ToolAttr {
            name: None,
            description: None,
            ends_loop: false,
            requires_approval: false,
            parallel_safe: true,
            timeout_seconds: 0,
        };
    };
    let timeout_seconds = match f.get("timeoutSeconds") {
        None | Some(Value::Null) => 0,
        Some(Value::Number(n)) if n.as_i128().is_some_and(|t| (0..=i128::from(i32::MAX)).contains(&t)) => {
            n.as_i128().and_then(|t| i64::try_from(t).ok()).unwrap_or(0)
        }
        Some(other) => {
            sink.report(
                Code::Old002,
                &path.key("timeoutSeconds"),
                format!(
                    "'timeoutSeconds' must be a whole number of seconds from 0 to 2147483647, not {}.",
                    other.to_json()
                ),
            );
            0
        }
    };
    ToolAttr {
        name: f.string(sink, "name"),
        description: f.string(sink, "description"),
        ends_loop: f.boolean(sink, "endsLoop", false),
        requires_approval: f.boolean(sink, "requiresApproval", false),
        parallel_safe: f.boolean(sink, "parallelSafe", true),
        timeout_seconds,
    }
}

fn read_doc(v: &Value, path: &Path, with_params: bool, sink: &mut Sink) -> Doc {
    let keys: &[&str] = if with_params { &["summary", "params"] } else { &["summary"] };
    let Some(f) = Fields::new(v, path, "a doc comment", keys, sink) else {
        return Doc::default();
    };
    let mut doc = Doc { summary: f.string(sink, "summary"), params: HashMap::new() };
    if let Some(p) = f.get("params") {
        match p.as_object() {
            Some(members) => {
                for (k, v) in members {
                    match v.as_str() {
                        Some(s) => {
                            doc.params.insert(k.clone(), s.to_owned());
                        }
                        None => sink.report(
                            Code::Old002,
                            &path.key("params").key(k),
                            format!("A <param> text must be a string, not {}.", article(v)),
                        ),
                    }
                }
            }
            None => sink.report(
                Code::Old002,
                &path.key("params"),
                format!("'params' must be an object of parameter name → text, not {}.", article(p)),
            ),
        }
    }
    doc
}

fn read_attributes(v: &Value, path: &Path, sink: &mut Sink) -> Vec<Attribute> {
    let Some(list) = v.as_array() else {
        sink.report(Code::Old002, path, format!("'attributes' must be an array, not {}.", article(v)));
        return Vec::new();
    };
    let mut out = Vec::new();
    for (i, a) in list.iter().enumerate() {
        let p = path.index(i);
        let Some(f) = Fields::new(a, &p, "an attribute", &["name", "args", "named"], sink) else {
            continue;
        };
        let Some(name) = f.required_string(sink, "name") else {
            continue;
        };
        let args = match f.get("args") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a.clone(),
            Some(other) => {
                sink.report(
                    Code::Old002,
                    &p.key("args"),
                    format!("'args' must be an array of the positional arguments, not {}.", article(other)),
                );
                continue;
            }
        };
        let named = match f.get("named") {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Object(m)) => m.clone(),
            Some(other) => {
                sink.report(
                    Code::Old002,
                    &p.key("named"),
                    format!("'named' must be an object of named arguments, not {}.", article(other)),
                );
                continue;
            }
        };
        out.push(Attribute { name: attribute_name(&name).to_owned(), args, named, path: p });
    }
    out
}

fn read_containing(v: &Value, path: &Path, sink: &mut Sink) -> Option<ContainingType> {
    let f = Fields::new(v, path, "'containingType'", &["name", "partial", "generic", "outer"], sink)?;
    let name = f.required_string(sink, "name");
    let outer = match f.get("outer") {
        None | Some(Value::Null) => None,
        Some(o) => read_containing(o, &path.key("outer"), sink).map(Box::new),
    };
    Some(ContainingType {
        name: name?,
        partial: f.boolean(sink, "partial", true),
        generic: f.boolean(sink, "generic", false),
        outer,
        path: path.clone(),
    })
}

fn read_type_ref(f: &Fields<'_>, key: &str, sink: &mut Sink) -> Option<TypeRef> {
    let text = f.required_string(sink, key)?;
    let path = f.path.key(key);
    let expr = match TypeExpr::parse(&text) {
        Ok(t) => Some(t),
        Err(why) => {
            sink.report(Code::Old003, &path, format!("The type expression '{text}' cannot be read: {why}."));
            None
        }
    };
    Some(TypeRef { expr, text, path })
}

/// An attribute's simple name, as the contract matches it: without namespace
/// and `Attribute` suffix (`System.ComponentModel.DescriptionAttribute` → `Description`).
pub fn attribute_name(written: &str) -> &str {
    let simple = written.rsplit('.').next().unwrap_or(written);
    simple.strip_suffix("Attribute").filter(|s| !s.is_empty()).unwrap_or(simple)
}

pub fn is_csharp_identifier(s: &str) -> bool {
    let s = s.strip_prefix('@').unwrap_or(s);
    let mut chars = s.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
}

/// "a string", "an object", … for messages about the wrong JSON type.
pub fn article(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The members of one descriptor object, with typed accessors that report
/// problems instead of failing. A member whose value is `null` counts as absent.
pub(crate) struct Fields<'a> {
    members: &'a [(String, Value)],
    pub path: Path,
}

impl<'a> Fields<'a> {
    /// Reads `v` as an object whose members must be among `allowed`.
    fn new(v: &'a Value, path: &Path, what: &str, allowed: &[&str], sink: &mut Sink) -> Option<Fields<'a>> {
        let Some(members) = v.as_object() else {
            sink.report_with(Code::Old002, path, || format!("Expected {what} as a JSON object, not {}.", article(v)));
            return None;
        };
        crate::work::spend(members.len() as u64);
        for (k, _) in members {
            if !allowed.contains(&k.as_str()) {
                sink.report_with(Code::Old002, &path.key(k), || {
                    format!("Unknown member '{k}' in {what} (expected one of: {}).", allowed.join(", "))
                });
            }
        }
        Some(Fields { members, path: path.clone() })
    }

    fn get(&self, key: &str) -> Option<&'a Value> {
        self.members.iter().find(|(k, _)| k == key).map(|(_, v)| v).filter(|v| !matches!(v, Value::Null))
    }

    fn required(&self, sink: &mut Sink, key: &str) -> Option<&'a Value> {
        let v = self.get(key);
        if v.is_none() {
            sink.report_with(Code::Old002, &self.path.key(key), || format!("The member '{key}' is required."));
        }
        v
    }

    fn string(&self, sink: &mut Sink, key: &str) -> Option<String> {
        match self.get(key)? {
            Value::String(s) => Some(s.clone()),
            other => {
                sink.report_with(Code::Old002, &self.path.key(key), || {
                    format!("'{key}' must be a string, not {}.", article(other))
                });
                None
            }
        }
    }

    fn required_string(&self, sink: &mut Sink, key: &str) -> Option<String> {
        self.required(sink, key)?;
        self.string(sink, key)
    }

    fn required_identifier(&self, sink: &mut Sink, key: &str) -> Option<String> {
        let s = self.required_string(sink, key)?;
        if !is_csharp_identifier(&s) {
            sink.report(
                Code::Old002,
                &self.path.key(key),
                format!("'{key}' must be a C# identifier, not {}.", crate::json::quote(&s)),
            );
            return None;
        }
        Some(s.strip_prefix('@').unwrap_or(&s).to_owned())
    }

    fn boolean(&self, sink: &mut Sink, key: &str, default: bool) -> bool {
        match self.get(key) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                sink.report(
                    Code::Old002,
                    &self.path.key(key),
                    format!("'{key}' must be true or false, not {}.", article(other)),
                );
                default
            }
        }
    }

    fn array_of(&self, v: &'a Value, key: &str, sink: &mut Sink) -> Option<&'a [Value]> {
        match v {
            Value::Array(a) => Some(a),
            other => {
                sink.report(
                    Code::Old002,
                    &self.path.key(key),
                    format!("'{key}' must be an array, not {}.", article(other)),
                );
                None
            }
        }
    }
}
