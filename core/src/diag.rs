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
    /// The outcome, or the work of encoding it, is past a documented limit.
    Ole004,
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
    pub const ALL: [Code; 37] = [
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
        Code::Ole004,
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
            Code::Ole004 => "OLE004",
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

/// Most diagnostics one answer lists; past them, one more (path `$`, the
/// operation's limit code) says how many were left out, so that an input
/// with a million problems costs a hundred messages, not a million.
pub const MAX_DIAGNOSTICS: usize = 100;

/// The diagnostic that says `more` problems are not listed.
pub fn unlisted(code: Code, more: usize) -> Diagnostic {
    let (what, verb) = if more == 1 { ("problem", "is") } else { ("problems", "are") };
    Diagnostic::new(
        code,
        &Path::root(),
        format!("{more} more {what} {verb} not listed (at most {MAX_DIAGNOSTICS} are)."),
    )
}

/// `listed` with [`unlisted`] after it when `more` were left out.
pub fn with_unlisted(mut listed: Vec<Diagnostic>, more: usize, code: Code) -> Vec<Diagnostic> {
    if more > 0 {
        listed.push(unlisted(code, more));
    }
    listed
}

/// A list cut to its first [`MAX_DIAGNOSTICS`], then one saying how many
/// more there were.
pub fn capped(mut diags: Vec<Diagnostic>, code: Code) -> Vec<Diagnostic> {
    let more = diags.len().saturating_sub(MAX_DIAGNOSTICS);
    diags.truncate(MAX_DIAGNOSTICS);
    with_unlisted(diags, more, code)
}

/// The one diagnostic of an operation that ran out of its work budget
/// ([`crate::work`]): `doing` says what it was doing ("describing the
/// descriptor").
pub fn over_budget(code: Code, doing: &str) -> Diagnostic {
    Diagnostic::new(
        code,
        &Path::root(),
        format!(
            "Not answered: {doing} takes more than the work budget of {} steps (a bound for inputs no other limit foresees).",
            crate::work::budget()
        ),
    )
}

/// Collects diagnostics, once each per code and path: the first
/// [`MAX_DIAGNOSTICS`] found are kept, the others only counted.
#[derive(Debug, Default)]
pub struct Sink {
    diags: Vec<(Path, Diagnostic)>,
    /// What tells each diagnostic kept apart from the others (its path).
    keys: Vec<Path>,
    /// The code and path of each diagnostic kept.
    seen: std::collections::HashSet<(Code, Path)>,
    /// A 64-bit fingerprint of the code and path of each diagnostic kept
    /// (at most [`MAX_DIAGNOSTICS`]: looked through, not hashed).
    kept: Vec<u64>,
    /// The fingerprints of the ones past them, to be counted once each: an
    /// exact set of a million paths costs more than all the rest of the
    /// work, and sorting a list of fingerprints once costs less than looking
    /// each up in a set (two sharing a fingerprint are counted once).
    past: Vec<u64>,
    /// The length of `past` at which it is next cut to its distinct ones.
    compact_at: usize,
    /// Counted elsewhere and not listed there.
    unlisted: usize,
}

impl Sink {
    pub fn report(&mut self, code: Code, path: &Path, message: impl Into<String>) {
        self.keep(code, path, path, || Diagnostic::new(code, path, message));
    }

    /// [`Sink::report`] with the message written only if it is kept: for
    /// the places that can report once per member of a large input.
    pub fn report_with(&mut self, code: Code, path: &Path, message: impl FnOnce() -> String) {
        self.keep(code, path, path, || Diagnostic::new(code, path, message()));
    }

    /// A diagnostic whose path is already rendered: told apart from the
    /// others by that text, and sorted with the diagnostics about the whole
    /// input in [`Sink::into_document_order`].
    pub fn push(&mut self, d: Diagnostic) {
        let key = if d.path == "$" { Path::root() } else { Path::root().key(&d.path) };
        self.keep(d.code, &key, &Path::root(), || d);
    }

    /// Keeps a diagnostic (`key` tells it apart, `position` sorts it) while
    /// fewer than [`MAX_DIAGNOSTICS`] are kept, else counts it. One about the
    /// whole input (a limit, mostly) is kept in place of the last one found
    /// about a part, so that what explains the others is always listed.
    fn keep(&mut self, code: Code, key: &Path, position: &Path, d: impl FnOnce() -> Diagnostic) {
        crate::work::spend(1);
        let whole = key.segments().is_empty();
        if self.diags.len() >= MAX_DIAGNOSTICS
            && whole
            && !self.seen.contains(&(code, key.clone()))
            && let Some(i) = self.diags.iter().rposition(|(_, d)| d.path != "$")
        {
            let (_, out) = self.diags.remove(i);
            let out_key = self.keys.remove(i);
            self.seen.remove(&(out.code, out_key.clone()));
            let fingerprint = fingerprint(out.code, &out_key);
            self.kept.retain(|&k| k != fingerprint);
            self.count(fingerprint);
        }
        if self.diags.len() < MAX_DIAGNOSTICS {
            if self.seen.insert((code, key.clone())) {
                self.kept.push(fingerprint(code, key));
                self.keys.push(key.clone());
                self.diags.push((position.clone(), d()));
            }
        } else {
            self.count(fingerprint(code, key));
        }
    }

    fn count(&mut self, fingerprint: u64) {
        if self.kept.contains(&fingerprint) {
            return;
        }
        self.past.push(fingerprint);
        // Cut to the distinct ones now and then, so that a problem reported
        // over and over costs no memory.
        if self.past.len() >= self.compact_at.max(1 << 16) {
            crate::sort::unstable(&mut self.past);
            self.past.dedup();
            self.compact_at = 2 * self.past.len();
        }
    }

    /// How many distinct diagnostics were found past the ones kept.
    fn more(&mut self) -> usize {
        crate::sort::unstable(&mut self.past);
        self.past.dedup();
        self.past.len() + self.unlisted
    }

    /// Counts `n` problems found elsewhere and not listed there.
    pub fn add_unlisted(&mut self, n: usize) {
        self.unlisted = self.unlisted.saturating_add(n);
    }

    pub fn is_empty(&self) -> bool {
        self.diags.is_empty() && self.unlisted == 0
    }

    /// The diagnostics kept, in the order they were found, and how many more
    /// were found.
    pub fn into_listed(mut self) -> (Vec<Diagnostic>, usize) {
        let more = self.more();
        (self.diags.into_iter().map(|(_, d)| d).collect(), more)
    }

    /// The diagnostics in the order they were found, then one with `code`
    /// saying how many more there are, if any.
    pub fn into_vec(self, code: Code) -> Vec<Diagnostic> {
        let (listed, more) = self.into_listed();
        with_unlisted(listed, more, code)
    }

    /// The diagnostics kept, in the order of the places they point to in
    /// `document` (a member before the members after it, a container before
    /// what it holds; a path to a member that is absent sorts at the end of
    /// its object), and in the order they were found where two point to one
    /// place; and how many more were found.
    pub fn into_document_order(mut self, document: &Value) -> (Vec<Diagnostic>, usize) {
        let more = self.more();
        let mut index = crate::json::KeyIndex::default();
        let mut keyed: Vec<(Vec<usize>, Diagnostic)> =
            self.diags.into_iter().map(|(p, d)| (position(document, &p, &mut index), d)).collect();
        crate::sort::stable_by(&mut keyed, &|a, b| a.0 < b.0);
        (keyed.into_iter().map(|(_, d)| d).collect(), more)
    }
}

/// A 64-bit hash of a code and the segments of a path, the same on every
/// target: eight bytes at a time, multiplied and rotated in, then mixed.
fn fingerprint(code: Code, path: &Path) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = code as u64;
    let mut eat = |word: u64| h = (h.rotate_left(23) ^ word).wrapping_mul(K);
    for seg in path.segments() {
        match seg {
            Segment::Key(k) => {
                eat(k.len() as u64);
                let mut chunks = k.as_bytes().chunks_exact(8);
                for c in &mut chunks {
                    eat(u64::from_le_bytes(c.try_into().unwrap_or_default()));
                }
                let mut last = [0u8; 8];
                last[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
                eat(u64::from_le_bytes(last));
            }
            Segment::Index(i) => eat(!(*i as u64)),
        }
    }
    // The finalizer of MurmurHash3.
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^= h >> 33;
    h = h.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    h ^ (h >> 33)
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
        let (listed, more) = sink.into_document_order(&doc);
        let order: Vec<String> = listed.into_iter().map(|d| d.message).collect();
        assert_eq!(order, ["root", "a", "b", "b0y", "b0missing", "c"]);
        assert_eq!(more, 0);
    }

    #[test]
    fn past_the_cap_diagnostics_are_counted_once_each() {
        let mut sink = Sink::default();
        for i in 0..MAX_DIAGNOSTICS + 7 {
            sink.report(Code::Old002, &Path::root().index(i), format!("item {i}"));
        }
        sink.report(Code::Old002, &Path::root().index(MAX_DIAGNOSTICS + 1), "the same code and path again");
        sink.report(Code::Old002, &Path::root().index(3), "one of the listed ones again");
        let all = sink.into_vec(Code::Old007);
        assert_eq!(all.len(), MAX_DIAGNOSTICS + 1);
        assert_eq!(all[MAX_DIAGNOSTICS - 1].message, format!("item {}", MAX_DIAGNOSTICS - 1));
        let last = &all[MAX_DIAGNOSTICS];
        assert_eq!((last.code, last.path.as_str()), (Code::Old007, "$"));
        assert_eq!(last.message, "7 more problems are not listed (at most 100 are).");
    }

    #[test]
    fn a_diagnostic_about_the_whole_input_is_listed_however_late_it_comes() {
        let doc = crate::json::parse("[]", crate::json::ParseLimits { max_bytes: 10, max_depth: 2 }).unwrap();
        let mut sink = Sink::default();
        for i in 0..MAX_DIAGNOSTICS + 5 {
            sink.report(Code::Olt002, &Path::root().index(i), format!("item {i}"));
        }
        sink.report(Code::Old007, &Path::root(), "past a limit");
        sink.report(Code::Olt002, &Path::root().index(MAX_DIAGNOSTICS - 1), "the one it replaced, again");
        let (listed, more) = sink.into_document_order(&doc);
        assert_eq!(listed.len(), MAX_DIAGNOSTICS);
        assert_eq!(listed[0].message, "past a limit");
        assert_eq!(listed[MAX_DIAGNOSTICS - 1].message, format!("item {}", MAX_DIAGNOSTICS - 2));
        assert_eq!(more, 6, "the five past the cap and the one it replaced, each once");
    }

    #[test]
    fn a_list_is_capped_with_how_many_more() {
        let d = |i: usize| Diagnostic::new(Code::Ole001, &Path::root().index(i), "x");
        assert_eq!(capped((0..3).map(d).collect(), Code::Ole004).len(), 3);
        let cut = capped((0..MAX_DIAGNOSTICS + 1).map(d).collect(), Code::Ole004);
        assert_eq!(cut.len(), MAX_DIAGNOSTICS + 1);
        assert_eq!(cut[MAX_DIAGNOSTICS].message, "1 more problem is not listed (at most 100 are).");
    }
}
