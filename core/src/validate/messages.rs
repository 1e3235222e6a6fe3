//! The validator's errors as a model reads them: one error per problem, each
//! `{path, keyword, message}`, paths like `items[2].qty`, messages from one
//! table of templates starting `Argument '<path>' ` (docs/validation.md lists
//! them), in the order of the arguments document.
//!
//! The evaluator records failures as a few words each ([`RawError`]); only
//! here, once the arguments are known to be invalid, are paths built and
//! sentences written, and only for the errors that are listed.

use super::eval::{RawError, Tag};
use super::number::Num;
use super::params::{self, JsonType, LimitKind, Params, Shown};
use super::program::{Kw, Node, Op, Program, types};
use super::tape::{Kind, NONE, Tape};
use crate::diag::Diagnostic;
use crate::json::{self, ParseError, ParseErrorKind, Value};
use crate::path::{Path, Segment};

/// One thing wrong with the arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct ArgError {
    /// Where, as a caller reads it: `items[2].qty`, `["a b"]`, `$` for the
    /// arguments as a whole.
    pub path: String,
    /// The JSON Schema keyword that failed (`type`, `required`, …), or `json`,
    /// `limit`, `schema` for errors about the texts themselves.
    pub keyword: String,
    /// The sentence for the model, rendered from `params`.
    pub message: String,
    /// Where, segment by segment: the path's member names and item indices.
    pub location: Vec<Segment>,
    /// The keyword that failed, as a JSON pointer into the schema
    /// (`/properties/limit/maximum`); a keyword of a built-in meta-schema is
    /// its URI and a fragment. Empty for errors about the texts themselves.
    pub schema_location: String,
    /// What the keyword wanted and what came.
    pub params: Params,
}

impl ArgError {
    /// The error `params` describe at `path`, its message rendered from them.
    pub(crate) fn new(path: &Path, keyword: &str, params: Params) -> ArgError {
        ArgError::rendered(path, keyword, params, false, String::new())
    }

    pub(crate) fn rendered(
        path: &Path,
        keyword: &str,
        params: Params,
        tool_arguments: bool,
        schema_location: String,
    ) -> ArgError {
        let path_text = path.text();
        ArgError {
            message: params::message(&params, keyword, path, &path_text, tool_arguments),
            path: path_text,
            keyword: keyword.to_owned(),
            location: path.segments().to_vec(),
            schema_location,
            params,
        }
    }

    /// What the message says after `Argument '<path>' `, without the final
    /// full stop (for a caller writing the problem in words of its own).
    pub fn predicate(&self) -> String {
        let path = Path::from_segments(self.location.clone());
        params::predicate(&self.params, &self.keyword, &path, false, true)
    }

    /// `{"path":…,"keyword":…,"message":…}`.
    pub fn to_value(&self) -> Value {
        Value::Object(vec![
            ("path".into(), Value::String(self.path.clone())),
            ("keyword".into(), Value::String(self.keyword.clone())),
            ("message".into(), Value::String(self.message.clone())),
        ])
    }
}

/// `{"errors":[…]}` as compact JSON.
pub fn errors_json(errors: &[ArgError]) -> String {
    Value::Object(vec![("errors".into(), Value::Array(errors.iter().map(ArgError::to_value).collect()))]).to_json()
}

pub(crate) fn unreadable(e: &ParseError) -> ArgError {
    let root = Path::root();
    match &e.kind {
        ParseErrorKind::TooLarge { limit } => {
            ArgError::new(&root, "limit", Params::Limit { kind: LimitKind::Bytes, limit: *limit as u64, count: 0 })
        }
        ParseErrorKind::TooDeep { limit } => {
            ArgError::new(&root, "limit", Params::Limit { kind: LimitKind::Depth, limit: *limit as u64, count: 0 })
        }
        _ => ArgError::new(&root, "json", Params::Json { reason: e.to_string() }),
    }
}

pub(crate) fn schema_unusable(d: &Diagnostic) -> ArgError {
    let params = Params::Schema { code: d.code.as_str().to_owned(), message: d.message.clone(), path: d.path.clone() };
    ArgError::new(&Path::root(), "schema", params)
}

/// The work budget ran out before the arguments were checked.
pub(crate) fn over_budget(limit: u64) -> ArgError {
    ArgError::new(&Path::root(), "limit", Params::Limit { kind: LimitKind::Steps, limit, count: 0 })
}

/// The errors past the ones listed.
pub(crate) fn more_errors(more: u64, listed: usize) -> ArgError {
    ArgError::new(&Path::root(), "limit", Params::Limit { kind: LimitKind::Errors, limit: listed as u64, count: more })
}

/// The value of token `i` as an error shows it.
fn shown(tape: &Tape<'_>, i: u32) -> Shown {
    let (kind, text) = match tape.tok(i).kind {
        Kind::Null => (JsonType::Null, Some("null".to_owned())),
        Kind::True => (JsonType::Boolean, Some("true".to_owned())),
        Kind::False => (JsonType::Boolean, Some("false".to_owned())),
        Kind::Number => {
            let text = tape.number(i);
            let kind = if Num::parse(text).is_integer() { JsonType::Integer } else { JsonType::Number };
            (kind, Some(clip(text)))
        }
        Kind::String => (JsonType::String, Some(quoted(tape.str(i)))),
        Kind::Array => (JsonType::Array, None),
        Kind::Object => (JsonType::Object, None),
    };
    Shown { kind, text }
}

pub(crate) fn not_an_object(tape: &Tape<'_>) -> ArgError {
    let params = Params::Type { expected: vec![JsonType::Object], value: shown(tape, 0) };
    ArgError::rendered(&Path::root(), "type", params, true, String::new())
}

const SHOWN_CHARS: usize = 60;

fn quoted(s: &str) -> String {
    let n = s.chars().count();
    if n <= SHOWN_CHARS {
        json::quote(s)
    } else {
        let head: String = s.chars().take(SHOWN_CHARS).collect();
        format!("{}… ({n} characters)", json::quote(&head).trim_end_matches('"').to_owned() + "\"")
    }
}

fn clip(text: &str) -> String {
    if text.len() <= SHOWN_CHARS {
        text.to_owned()
    } else {
        format!("{}… ({} digits)", &text[..SHOWN_CHARS], text.len())
    }
}

fn mask_types(mask: u8) -> Vec<JsonType> {
    (0..7).map(|b| 1u8 << b).filter(|b| mask & b != 0).map(JsonType::of_bit).collect()
}

/// Keywords an error is reported under when its schema location ends in one.
const KEYWORDS: &[&str] = &[
    "items",
    "prefixItems",
    "contains",
    "minContains",
    "maxContains",
    "dependentRequired",
    "dependentSchemas",
    "additionalProperties",
    "unevaluatedProperties",
    "unevaluatedItems",
    "propertyNames",
    "contentEncoding",
];

/// An error found: where it sorts in the document (member and item
/// indices, a missing member after its object's members), and the error.
pub(crate) type Found = (Vec<usize>, ArgError);

/// What rendering reads besides the errors.
pub(crate) struct Context<'a, 't> {
    pub prog: &'a Program,
    pub tape: &'a Tape<'t>,
    /// The schema document (draft-07 spellings mapped), for details.
    pub schema: &'a Value,
    pub backtrack_limit: u64,
    /// The value is a tool's arguments, whose members are its parameters.
    pub tool_arguments: bool,
    pub lists: &'a [u32],
    /// Few errors: places are found by walking down to them rather than
    /// from parent links built for the whole tape.
    pub few: bool,
}

impl Context<'_, '_> {
    fn node(&self, e: &RawError) -> &Node {
        &self.prog.nodes[e.node as usize]
    }

    fn op(&self, e: &RawError) -> Option<&Op> {
        self.node(e).ops.get(e.op as usize)
    }

    /// The schema value at a node location (its own document, or a built-in one).
    fn schema_at(&self, location: &str) -> Option<&Value> {
        match location.split_once('#') {
            None => self.schema.pointer(location),
            Some((uri, pointer)) => super::meta::document(uri).and_then(|(_, v)| v.pointer(pointer)),
        }
    }

    /// The path of a token, as a caller reads it.
    fn path(&self, mut i: u32) -> Path {
        if self.few {
            // (A key's path is its member's, as below.)
            let segs: Vec<Segment> = self
                .tape
                .chain(i)
                .0
                .iter()
                .map(|&(_, ordinal, k)| {
                    if k == NONE { Segment::Index(ordinal as usize) } else { Segment::Key(self.tape.str(k).to_owned()) }
                })
                .collect();
            return Path::from_segments(segs);
        }
        let mut segs = Vec::new();
        let tape = self.tape;
        while tape.parent(i) != NONE {
            let parent = tape.parent(i);
            if tape.tok(parent).kind == Kind::Array {
                segs.push(Segment::Index(tape.ordinal(i) as usize));
            } else {
                // A member: the key token precedes a value; a key is itself.
                let key = if self.is_key(i) { i } else { i - 1 };
                segs.push(Segment::Key(tape.str(key).to_owned()));
            }
            i = parent;
        }
        segs.reverse();
        Path::from_segments(segs)
    }

    fn is_key(&self, i: u32) -> bool {
        if self.few { self.tape.chain(i).1 } else { self.tape.is_key(i) }
    }

    /// Member and item indices from the root down to token `i`.
    fn position(&self, mut i: u32) -> Vec<usize> {
        if self.few {
            return self.tape.chain(i).0.iter().map(|&(_, ordinal, _)| ordinal as usize).collect();
        }
        let mut p = Vec::new();
        while self.tape.parent(i) != NONE {
            p.push(self.tape.ordinal(i) as usize);
            i = self.tape.parent(i);
        }
        p.reverse();
        p
    }
}

/// Where an error sorts: a token by its place in the document, a missing
/// member just after its object's last descendant (deeper objects first).
pub(crate) fn sort_key(e: &RawError, tape: &Tape<'_>, few: bool) -> u64 {
    let missing = matches!(e.tag, Tag::Required | Tag::DependentRequired | Tag::DependencyRequired) && e.names == NONE;
    if e.tag == Tag::PatternLimit && e.names == NONE {
        return 0;
    }
    let at = if e.names != NONE { e.names } else { e.inst };
    if missing {
        let end = u64::from(tape.end(at));
        let depth = if few { tape.chain(at).0.len() } else { tape.depth(at) }.min(0xFFFF) as u64;
        ((2 * end - 1) << 16) | (0xFFFF - depth)
    } else {
        (2 * u64::from(at)) << 16
    }
}

/// The schema location of the keyword an error is about.
fn source(cx: &Context<'_, '_>, e: &RawError) -> String {
    let node = cx.node(e);
    let base = &node.location;
    let kw = match e.tag {
        Tag::False => return base.to_string(),
        Tag::Required => "required",
        Tag::DependentRequired => "dependentRequired",
        Tag::DependencyRequired => "dependencies",
        Tag::Unexpected => "additionalProperties",
        Tag::Unevaluated => "unevaluatedProperties",
        Tag::UnevaluatedItems => "unevaluatedItems",
        Tag::AdditionalItems => "additionalItems",
        Tag::UniqueItems => "uniqueItems",
        Tag::Contains => "contains",
        Tag::MinContains => "minContains",
        Tag::MaxContains => "maxContains",
        Tag::Not => "not",
        Tag::PatternLimit => match cx.op(e) {
            Some(Op::Object(_)) => "patternProperties",
            _ => "pattern",
        },
        Tag::Types | Tag::AnyOf | Tag::OneOfNone | Tag::OneOfMany => match cx.op(e) {
            Some(Op::AnyOf(_)) => "anyOf",
            _ => "oneOf",
        },
        Tag::Op => match cx.op(e) {
            Some(Op::ExclusiveMinimumD4(_)) => "minimum",
            Some(Op::ExclusiveMaximumD4(_)) => "maximum",
            Some(op) => op.kw().name(),
            None => "",
        },
    };
    format!("{base}/{kw}")
}

/// The keyword an error is reported under: the last step of its schema
/// location when that is one of `KEYWORDS`, else the kind of failure.
fn keyword(cx: &Context<'_, '_>, e: &RawError, source: &str) -> String {
    let last = source.rsplit('/').next().unwrap_or("");
    if KEYWORDS.contains(&last) {
        return last.to_owned();
    }
    let kind = match e.tag {
        Tag::Required | Tag::DependencyRequired => "required",
        Tag::DependentRequired => "required",
        Tag::Unexpected => "additionalProperties",
        Tag::Unevaluated => "unevaluatedProperties",
        Tag::UnevaluatedItems => "unevaluatedItems",
        Tag::AdditionalItems => "additionalItems",
        Tag::False => "falseSchema",
        Tag::UniqueItems => "uniqueItems",
        Tag::Contains | Tag::MinContains | Tag::MaxContains => "contains",
        Tag::Not => "not",
        Tag::PatternLimit => "pattern",
        Tag::Types | Tag::AnyOf | Tag::OneOfNone | Tag::OneOfMany => match cx.op(e) {
            Some(Op::AnyOf(_)) => "anyOf",
            _ => "oneOf",
        },
        Tag::Op => return cx.op(e).map_or("", |op| op.kw().name()).to_owned(),
    };
    kind.to_owned()
}

/// The `properties` names of the schema object at `location`.
fn names_at(cx: &Context<'_, '_>, location: &str) -> Vec<String> {
    cx.schema_at(location)
        .and_then(|v| v.get("properties"))
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default()
}

/// Renders one error (its path, keyword, params and message).
fn render(cx: &Context<'_, '_>, e: &RawError, src: &str) -> ArgError {
    let tape = cx.tape;
    let at =
        |path: &Path, kw: &str, params: Params| ArgError::rendered(path, kw, params, cx.tool_arguments, src.to_owned());
    if e.names != NONE {
        // A property name the schema does not allow: the inner failure,
        // said of the name.
        let path = cx.path(e.names);
        let inner = RawError { names: NONE, ..*e };
        let inner_keyword = keyword(cx, &inner, src);
        let inner = params_of(cx, &inner, &path);
        let last = src.rsplit('/').next().unwrap_or("");
        let kw = if KEYWORDS.contains(&last) { last } else { "propertyNames" };
        let name = tape.str(e.inst).to_owned();
        return at(&path, kw, Params::PropertyName { name, inner: Box::new(inner), inner_keyword });
    }
    let kw = keyword(cx, e, src);
    match e.tag {
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired => {
            let params = missing(cx, e);
            let Params::Required { name, .. } = &params else { unreachable!("missing() gives Required") };
            at(&cx.path(e.inst).key(name), &kw, params)
        }
        Tag::PatternLimit => {
            let pattern = cx.prog.patterns[e.a as usize].0.to_string();
            let params = Params::Backtracking { pattern, at: cx.path(e.inst).to_string(), steps: cx.backtrack_limit };
            at(&Path::root(), "pattern", params)
        }
        _ => {
            let path = cx.path(e.inst);
            let params = params_of(cx, e, &path);
            at(&path, &kw, params)
        }
    }
}

/// A missing member: its name, and the member given whose dependency
/// names it.
fn missing(cx: &Context<'_, '_>, e: &RawError) -> Params {
    let (name, given) = match (e.tag, cx.op(e)) {
        (Tag::Required, Some(Op::Required(r))) => (r.names[e.a as usize].to_string(), None),
        (Tag::DependentRequired, Some(Op::DependentRequired(deps))) => {
            let name = deps[e.a as usize].1[e.b as usize].to_string();
            // The argument given whose dependency list names the missing one.
            let given = deps.iter().find_map(|(t, needs)| {
                (needs.iter().any(|n| **n == *name) && cx.tape.member(e.inst, t).is_some()).then(|| t.to_string())
            });
            (name, given)
        }
        (Tag::DependencyRequired, Some(Op::Dependencies(deps))) => match &deps[e.a as usize].1 {
            super::program::Dependency::Required(names) => (names[e.b as usize].to_string(), None),
            _ => (String::new(), None),
        },
        _ => (String::new(), None),
    };
    Params::Required { name, given }
}

/// What the keyword wanted and what came, for the value at `path`.
fn params_of(cx: &Context<'_, '_>, e: &RawError, path: &Path) -> Params {
    let tape = cx.tape;
    let i = e.inst;
    let count = |i: u32| u64::from(tape.tok(i).len);
    let chars = |i: u32| if tape.tok(i).kind == Kind::String { tape.str(i).chars().count() as u64 } else { 0 };
    let bound = |l: &super::program::Limit| Params::Bound { limit: l.text.to_string(), value: clip(tape.number(i)) };
    let value = || shown(tape, i);
    match e.tag {
        Tag::Op => match cx.op(e) {
            Some(Op::Type(mask)) => Params::Type { expected: mask_types(*mask), value: value() },
            Some(Op::Const(l)) => Params::Const { expected: l.value.clone(), value: value() },
            Some(Op::Enum(en)) => Params::Enum {
                allowed: en.values.iter().take(params::ENUM_LISTED).map(|l| l.value.clone()).collect(),
                more: en.values.len().saturating_sub(params::ENUM_LISTED) as u64,
                value: value(),
            },
            Some(
                Op::Minimum(l)
                | Op::Maximum(l)
                | Op::ExclusiveMinimum(l)
                | Op::ExclusiveMinimumD4(l)
                | Op::ExclusiveMaximum(l)
                | Op::ExclusiveMaximumD4(l)
                | Op::MultipleOf(l),
            ) => bound(l),
            Some(Op::MinLength(m) | Op::MaxLength(m)) => Params::Count { limit: *m, count: chars(i) },
            Some(Op::Pattern(p)) => {
                Params::Pattern { pattern: cx.prog.patterns[*p as usize].0.to_string(), value: value() }
            }
            Some(Op::Format(f)) => Params::Format { format: f.name.to_string(), value: value() },
            Some(Op::ContentEncoding) => Params::Format { format: "base64".into(), value: value() },
            Some(Op::ContentMediaType(mt)) => Params::Format { format: mt.to_string(), value: value() },
            Some(Op::MinItems(m) | Op::MaxItems(m) | Op::MinProperties(m) | Op::MaxProperties(m)) => {
                Params::Count { limit: *m, count: count(i) }
            }
            _ => Params::NoMatch,
        },
        Tag::Unexpected | Tag::Unevaluated => Params::Unexpected { allowed: Some(names_at(cx, &cx.node(e).location)) },
        Tag::UnevaluatedItems | Tag::AdditionalItems => Params::Count { limit: u64::from(e.a), count: count(i) },
        Tag::False => {
            let location = cx.node(e).location.to_string();
            let under_properties = location.rsplit_once('/').is_some_and(|(parent, _)| parent.ends_with("/properties"));
            let parent_location = location.rsplit_once('/').map(|(p, _)| p.to_owned());
            match path.segments().last() {
                Some(Segment::Key(_)) if under_properties => Params::Unexpected { allowed: None },
                Some(Segment::Key(_)) => {
                    Params::Unexpected { allowed: Some(parent_location.map(|p| names_at(cx, &p)).unwrap_or_default()) }
                }
                Some(Segment::Index(_)) => {
                    let prefix = parent_location
                        .and_then(|p| cx.schema_at(&p))
                        .and_then(|v| v.get("prefixItems"))
                        .and_then(Value::as_array)
                        .map_or(0, <[Value]>::len) as u64;
                    Params::ExtraItem { limit: prefix }
                }
                None => Params::False,
            }
        }
        Tag::UniqueItems => Params::Unique { first: u64::from(e.a), second: u64::from(e.b) },
        Tag::Contains | Tag::MinContains | Tag::MaxContains => {
            let location = cx.node(e).location.to_string();
            let schema = cx.schema_at(&location).and_then(|v| v.get("contains")).cloned();
            let limit = match (e.tag, cx.op(e)) {
                (Tag::MaxContains, Some(Op::Contains { max, .. })) => max.unwrap_or(0),
                (Tag::MinContains, Some(Op::Contains { min, .. })) => min.unwrap_or(0),
                _ => 1,
            };
            Params::Contains { schema, limit }
        }
        Tag::Not => {
            let location = format!("{}/not", cx.node(e).location);
            Params::Not { schema: cx.schema_at(&location).cloned().unwrap_or(Value::Null) }
        }
        Tag::Types => {
            let mut bits = Vec::new();
            let mut packed = e.a;
            while packed & 0xF != 0 {
                bits.push(JsonType::of_bit(1u8 << ((packed & 0xF) - 1)));
                packed >>= 4;
            }
            if bits.is_empty() { Params::NoMatch } else { Params::Type { expected: bits, value: value() } }
        }
        Tag::OneOfMany => Params::ManyMatch {
            branches: cx
                .lists
                .get(e.a as usize..e.b as usize)
                .unwrap_or_default()
                .iter()
                .map(|&b| u64::from(b))
                .collect(),
        },
        Tag::AnyOf | Tag::OneOfNone => Params::NoMatch,
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired => missing(cx, e),
        Tag::PatternLimit => Params::NoMatch,
    }
}

/// Every error, in document order, each once; at most `max` of them, and
/// how many more there are.
pub(crate) fn report(cx: &Context<'_, '_>, errors: &[RawError], dropped: u64, max: usize) -> (Vec<Found>, u64) {
    let mut order: Vec<(u64, usize)> =
        errors.iter().enumerate().map(|(i, e)| (sort_key(e, cx.tape, cx.few), i)).collect();
    crate::sort::stable_by(&mut order, &|a, b| a < b);
    // The same failure found twice renders the same: it is not rendered again.
    let mut found = Seen::default();
    order.retain(|&(_, i)| {
        let e = &errors[i];
        found.insert((e.tag, e.inst, e.node, e.op, e.a, e.b, e.names))
    });
    // Two errors can say the same only of the same value: past the listed
    // ones, an error alone at its value is counted without being rendered.
    let anchor = |e: &RawError| match e.tag {
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired | Tag::PatternLimit => None,
        _ => {
            let t = if e.names != NONE { e.names } else { e.inst };
            Some(if cx.is_key(t) { t + 1 } else { t })
        }
    };
    // How many errors each value has, counted when the list is first full.
    let mut at_value: Option<std::collections::HashMap<u32, u32>> = None;
    let mut seen = Seen::default();
    let mut out: Vec<Found> = Vec::new();
    let mut more = dropped;
    for &(_, i) in &order {
        let e = &errors[i];
        if out.len() >= max {
            let counts = at_value.get_or_insert_with(|| {
                let mut counts = std::collections::HashMap::new();
                for &(_, j) in &order {
                    if let Some(t) = anchor(&errors[j]) {
                        *counts.entry(t).or_insert(0u32) += 1;
                    }
                }
                counts
            });
            if anchor(e).is_some_and(|t| counts[&t] == 1) {
                more += 1;
                continue;
            }
        }
        let src = source(cx, e);
        let rendered = render(cx, e, &src);
        if !seen.insert((rendered.path.clone(), rendered.message.clone())) {
            continue;
        }
        if out.len() >= max {
            more += 1;
            continue;
        }
        let position = match e.tag {
            Tag::PatternLimit if e.names == NONE => Vec::new(),
            Tag::Required | Tag::DependentRequired | Tag::DependencyRequired if e.names == NONE => {
                let mut p = cx.position(e.inst);
                p.push(usize::MAX / 2 + cx.tape.tok(e.inst).len as usize);
                p
            }
            _ => cx.position(if e.names != NONE { e.names } else { e.inst }),
        };
        out.push((position, rendered));
    }
    (out, more)
}

/// A set for telling repeats apart: a list while it is short (most answers
/// have a few errors, and hashing them costs more than comparing), a hash set
/// past that.
enum Seen<T> {
    Few(Vec<T>),
    Many(std::collections::HashSet<T>),
}

impl<T> Default for Seen<T> {
    fn default() -> Self {
        Seen::Few(Vec::new())
    }
}

impl<T: Eq + std::hash::Hash> Seen<T> {
    /// Adds `t`; false when it was there already.
    fn insert(&mut self, t: T) -> bool {
        match self {
            Seen::Few(list) if list.contains(&t) => false,
            Seen::Few(list) if list.len() < 16 => {
                list.push(t);
                true
            }
            Seen::Few(list) => {
                let mut set: std::collections::HashSet<T> = list.drain(..).collect();
                set.insert(t);
                *self = Seen::Many(set);
                true
            }
            Seen::Many(set) => set.insert(t),
        }
    }
}

/// A schema error as the meta-schema check reports it: where in the
/// schema, and what is wrong, in the words of the check's first failure.
pub(crate) fn meta_display(cx: &Context<'_, '_>, e: &RawError) -> (String, String) {
    let tape = cx.tape;
    let pointer = |i: u32| -> String {
        let mut segs = Vec::new();
        let mut i = i;
        while tape.parent(i) != NONE {
            let parent = tape.parent(i);
            if tape.tok(parent).kind == Kind::Array {
                segs.push(tape.ordinal(i).to_string());
            } else {
                let key = if cx.is_key(i) { i } else { i - 1 };
                segs.push(crate::json::pointer_escaped(tape.str(key)));
            }
            i = parent;
        }
        segs.iter().rev().map(|s| format!("/{s}")).collect()
    };
    let value = |i: u32| -> String {
        let text = super::bind::compact_of(tape, i);
        if text.chars().count() > 200 { text.chars().take(200).collect::<String>() + "…" } else { text }
    };
    let at = pointer(e.inst);
    let v = value(e.inst);
    let message = match e.tag {
        Tag::Op => match cx.op(e) {
            Some(Op::Type(mask)) => {
                let bits: Vec<u8> = (0..7).map(|b| 1u8 << b).filter(|b| mask & b != 0).collect();
                if bits.len() == 1 {
                    format!("{v} is not of type \"{}\"", types::name(bits[0]))
                } else {
                    let list: Vec<String> = bits.iter().map(|b| format!("\"{}\"", types::name(*b))).collect();
                    format!("{v} is not of types {}", list.join(", "))
                }
            }
            Some(Op::Const(l)) => format!("{} was expected", l.value.to_json()),
            Some(Op::Enum(en)) => {
                let options: Vec<String> = en.values.iter().map(|l| l.value.to_json()).collect();
                if options.len() <= 3 {
                    let mut s = String::new();
                    for (k, o) in options.iter().enumerate() {
                        if k == 0 {
                            s.push_str(o);
                        } else if k + 1 == options.len() {
                            s.push_str(&format!(" or {o}"));
                        } else {
                            s.push_str(&format!(", {o}"));
                        }
                    }
                    format!("{v} is not one of {s}")
                } else {
                    format!("{v} is not one of {} or {} other candidates", options[..3].join(", "), options.len() - 3)
                }
            }
            Some(Op::Minimum(l)) => format!("{v} is less than the minimum of {}", l.text),
            Some(Op::Maximum(l)) => format!("{v} is greater than the maximum of {}", l.text),
            Some(Op::ExclusiveMinimum(l) | Op::ExclusiveMinimumD4(l)) => {
                format!("{v} is less than or equal to the minimum of {}", l.text)
            }
            Some(Op::ExclusiveMaximum(l) | Op::ExclusiveMaximumD4(l)) => {
                format!("{v} is greater than or equal to the maximum of {}", l.text)
            }
            Some(Op::MultipleOf(l)) => format!("{v} is not a multiple of {}", l.text),
            Some(Op::MinLength(m)) => format!("{v} is shorter than {m} character{}", if *m == 1 { "" } else { "s" }),
            Some(Op::MaxLength(m)) => format!("{v} is longer than {m} character{}", if *m == 1 { "" } else { "s" }),
            Some(Op::MinItems(m)) => format!("{v} has less than {m} item{}", if *m == 1 { "" } else { "s" }),
            Some(Op::MaxItems(m)) => format!("{v} has more than {m} item{}", if *m == 1 { "" } else { "s" }),
            Some(Op::MinProperties(m)) => format!("{v} has less than {m} propert{}", if *m == 1 { "y" } else { "ies" }),
            Some(Op::MaxProperties(m)) => format!("{v} has more than {m} propert{}", if *m == 1 { "y" } else { "ies" }),
            Some(Op::Pattern(p)) => format!("{v} does not match \"{}\"", cx.prog.patterns[*p as usize].0),
            Some(Op::Format(f)) => format!("{v} is not a \"{}\"", f.name),
            _ => format!("{v} is not valid"),
        },
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired => {
            let Params::Required { name, .. } = missing(cx, e) else { unreachable!("missing() gives Required") };
            format!("{} is a required property", json::quote(&name))
        }
        Tag::Unexpected => format!("Additional properties are not allowed ('{}' was unexpected)", tape.str(e.inst - 1)),
        Tag::Unevaluated => {
            format!("Unevaluated properties are not allowed ('{}' was unexpected)", tape.str(e.inst - 1))
        }
        Tag::False => format!("False schema does not allow {v}"),
        Tag::UniqueItems => format!("{v} has non-unique elements"),
        Tag::AnyOf | Tag::Types => format!("{v} is not valid under any of the schemas listed in the 'anyOf' keyword"),
        Tag::OneOfNone => format!("{v} is not valid under any of the schemas listed in the 'oneOf' keyword"),
        Tag::OneOfMany => format!("{v} is valid under more than one of the schemas listed in the 'oneOf' keyword"),
        Tag::Not => format!("{v} is not allowed"),
        Tag::Contains | Tag::MinContains | Tag::MaxContains => format!("None of {v} are valid under the given schema"),
        Tag::AdditionalItems | Tag::UnevaluatedItems => format!("{v} has items that are not allowed"),
        Tag::PatternLimit => format!("{v} could not be matched within the backtracking limit"),
    };
    let _ = Kw::Type;
    (at, message)
}
