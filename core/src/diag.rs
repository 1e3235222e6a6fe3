//! Diagnostics: why a descriptor or a type cannot be described.

use crate::json::Value;
use crate::path::{Path, Segment};
use std::fmt;

/// One problem, with a stable code, a sentence for a person, and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub code: Code,
    pub message: String,
    /// Rendered path into the input (`parameters[1].type`), `$` for the whole input.
    pub path: String,
}

/// The codes an input can be refused with. `OLT…` are the contract's own
/// ("Generator diagnostics" in `tool-schemas.md`); `OLD…` say that a
/// descriptor cannot be read (docs/descriptor.md lists them); `OLS…` that a
/// schema cannot be used for validation (docs/validation.md); `OLE…` that a
/// tool's outcome does not fit its return type (docs/results.md); `OLP…` that
/// a schema cannot be converted for a provider (docs/downconvert.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Code {
    /// The containing type (and every type around it) must be `partial`.
    Olt001,
    /// A parameter type has no schema.
    Olt002,
    /// The return type is not supported (or `async void`).
    Olt003,
    /// The method is generic.
    Olt004,
    /// A record/class/collection needs a `JsonSerializerContext` that lists it.
    Olt005,
    /// A type refers to itself.
    Olt006,
    /// Two tools in one class have the same name.
    Olt007,
    /// The tool name is not 1–64 letters, digits, `_` or `-`.
    Olt008,
    /// More than one `ToolContext` or `CancellationToken` parameter.
    Olt009,
    /// The containing class is generic.
    Olt010,
    /// The serializer context uses a naming policy other than `CamelCase` or none.
    Olt011,
    /// The descriptor is not valid JSON.
    Old001,
    /// A member of the descriptor is missing, unknown, or of the wrong JSON type.
    Old002,
    /// A type expression cannot be parsed.
    Old003,
    /// A type name is neither built in nor declared in `types`.
    Old004,
    /// An attribute has the wrong arguments or does not apply to its type.
    Old005,
    /// A default value does not fit its parameter's type.
    Old006,
    /// The descriptor, or the schema it expands to, is past a documented limit.
    Old007,
    /// A schema for validation is not valid JSON.
    Ols001,
    /// A schema for validation is past a documented limit.
    Ols002,
    /// A schema is not valid JSON Schema 2020-12.
    Ols003,
    /// A schema has a reference that cannot be resolved (remote ones are never retrieved).
    Ols004,
    /// A schema's references loop without reaching any value.
    Ols005,
    /// A value or a JSON part a tool returned is not valid JSON.
    Ole001,
    /// What the tool returned (a value, nothing, parts, a ToolResult) does not fit its return type.
    Ole002,
    /// The value a tool returned does not fit its declared return type.
    Ole003,
    /// The target is not a known provider.
    Olp001,
    /// The target cannot take this schema (a recursion, a root that is not an object).
    Olp002,
    /// A provider profile a host passed cannot be read.
    Olp003,
    /// The converted schema would be past a documented limit.
    Olp004,
    /// The converted schema is over a limit the provider documents for one schema.
    Olp005,
    /// C# source cannot be read here (a syntax error).
    Olc001,
    /// The C# source holds no `[Tool]` method.
    Olc002,
    /// An attribute argument or a default value is not a constant describe-source reads.
    Olc003,
    /// The C# source is ambiguous: two types a tool uses share a name, or contexts disagree.
    Olc004,
    /// The C# source is past a documented limit.
    Olc005,
}

impl Code {
    pub const ALL: [Code; 36] = [
        Code::Olt001,
        Code::Olt002,
        Code::Olt003,
        Code::Olt004,
        Code::Olt005,
        Code::Olt006,
        Code::Olt007,
        Code::Olt008,
        Code::Olt009,
        Code::Olt010,
        Code::Olt011,
        Code::Old001,
        Code::Old002,
        Code::Old003,
        Code::Old004,
        Code::Old005,
        Code::Old006,
        Code::Old007,
        Code::Ols001,
        Code::Ols002,
        Code::Ols003,
        Code::Ols004,
        Code::Ols005,
        Code::Ole001,
        Code::Ole002,
        Code::Ole003,
        Code::Olp001,
        Code::Olp002,
        Code::Olp003,
        Code::Olp004,
        Code::Olp005,
        Code::Olc001,
        Code::Olc002,
        Code::Olc003,
        Code::Olc004,
        Code::Olc005,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Code::Olt001 => "OLT001",
            Code::Olt002 => "OLT002",
            Code::Olt003 => "OLT003",
            Code::Olt004 => "OLT004",
            Code::Olt005 => "OLT005",
            Code::Olt006 => "OLT006",
            Code::Olt007 => "OLT007",
            Code::Olt008 => "OLT008",
            Code::Olt009 => "OLT009",
            Code::Olt010 => "OLT010",
            Code::Olt011 => "OLT011",
            Code::Old001 => "OLD001",
            Code::Old002 => "OLD002",
            Code::Old003 => "OLD003",
            Code::Old004 => "OLD004",
            Code::Old005 => "OLD005",
            Code::Old006 => "OLD006",
            Code::Old007 => "OLD007",
            Code::Ols001 => "OLS001",
            Code::Ols002 => "OLS002",
            Code::Ols003 => "OLS003",
            Code::Ols004 => "OLS004",
            Code::Ols005 => "OLS005",
            Code::Ole001 => "OLE001",
            Code::Ole002 => "OLE002",
            Code::Ole003 => "OLE003",
            Code::Olp001 => "OLP001",
            Code::Olp002 => "OLP002",
            Code::Olp003 => "OLP003",
            Code::Olp004 => "OLP004",
            Code::Olp005 => "OLP005",
            Code::Olc001 => "OLC001",
            Code::Olc002 => "OLC002",
            Code::Olc003 => "OLC003",
            Code::Olc004 => "OLC004",
            Code::Olc005 => "OLC005",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Diagnostic {
    pub fn new(code: Code, path: &Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, message: message.into(), path: path.to_string() }
    }

    /// `{"code":…,"message":…,"path":…}`, the form the CLI and the golden files use.
    pub fn to_value(&self) -> Value {
        Value::Object(vec![
            ("code".into(), Value::String(self.code.as_str().into())),
            ("message".into(), Value::String(self.message.clone())),
            ("path".into(), Value::String(self.path.clone())),
        ])
    }
}

/// `{"diagnostics":[…]}` as compact JSON.
pub fn diagnostics_json(diags: &[Diagnostic]) -> String {
    Value::Object(vec![("diagnostics".into(), Value::Array(diags.iter().map(Diagnostic::to_value).collect()))])
        .to_json()
}

/// Collects diagnostics, once each per code and path.
#[derive(Debug, Default)]
pub struct Sink {
    diags: Vec<(Path, Diagnostic)>,
    seen: std::collections::HashSet<(Code, String)>,
}

impl Sink {
    pub fn report(&mut self, code: Code, path: &Path, message: impl Into<String>) {
        let d = Diagnostic::new(code, path, message);
        if self.seen.insert((code, d.path.clone())) {
            self.diags.push((path.clone(), d));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.diags.is_empty()
    }

    /// The diagnostics in the order they were found.
    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.diags.into_iter().map(|(_, d)| d).collect()
    }

    /// The diagnostics in the order of the places they point to in `document`
    /// (a member before the members after it, a container before what it
    /// holds; a path to a member that is absent sorts at the end of its
    /// object), and in the order they were found where two point to one place.
    pub fn into_document_order(self, document: &Value) -> Vec<Diagnostic> {
        let mut index = crate::json::KeyIndex::default();
        let mut keyed: Vec<(Vec<usize>, Diagnostic)> =
            self.diags.into_iter().map(|(p, d)| (position(document, &p, &mut index), d)).collect();
        keyed.sort_by(|a, b| a.0.cmp(&b.0));
        keyed.into_iter().map(|(_, d)| d).collect()
    }
}

/// Where `path` points in `document`, as the index taken at each level.
fn position<'a>(document: &'a Value, path: &Path, index: &mut crate::json::KeyIndex<'a>) -> Vec<usize> {
    let mut out = Vec::with_capacity(path.segments().len());
    let mut cur = Some(document);
    for seg in path.segments() {
        let (index, next) = match (cur, seg) {
            (Some(Value::Object(m)), Segment::Key(k)) => match index.find(m, k) {
                Some(i) => (i, Some(&m[i].1)),
                None => (m.len(), None),
            },
            (Some(Value::Array(a)), Segment::Index(i)) => (*i, a.get(*i)),
            _ => (usize::MAX, None),
        };
        out.push(index);
        cur = next;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn document_order_follows_the_document() {
        let doc = crate::json::parse(
            r#"{"a":1,"b":[{"x":1,"y":2}],"c":3}"#,
            crate::json::ParseLimits { max_bytes: 1000, max_depth: 8 },
        )
        .unwrap();
        let root = Path::root();
        let mut sink = Sink::default();
        sink.report(Code::Old002, &root.key("c"), "c");
        sink.report(Code::Old002, &root.key("b").index(0).key("y"), "b0y");
        sink.report(Code::Old002, &root.key("b").index(0).key("missing"), "b0missing");
        sink.report(Code::Old002, &root.key("b"), "b");
        sink.report(Code::Old002, &root.key("a"), "a");
        sink.report(Code::Old002, &root.key("a"), "a again, same code and path: dropped");
        sink.report(Code::Old001, &root, "root");
        let order: Vec<String> = sink.into_document_order(&doc).into_iter().map(|d| d.message).collect();
        assert_eq!(order, ["root", "a", "b", "b0y", "b0missing", "c"]);
    }
}
