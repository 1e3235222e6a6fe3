//! The validator's errors as a model reads them: one error per problem, each
//! `{path, keyword, message}`, paths like `items[2].qty`, messages from one
//! table of templates starting `Argument '<path>' ` (docs/validation.md lists
//! them), in the order of the arguments document.
//!
//! The evaluator records failures as a few words each ([`RawError`]); only
//! here, once the arguments are known to be invalid, are paths built and
//! sentences written, and only for the errors that are listed.

use super::eval::{RawError, Tag};
use super::program::{Kw, Node, Op, Program, types};
use super::tape::{Kind, NONE, Tape};
use crate::diag::Diagnostic;
use crate::json::{self, ParseError, ParseErrorKind, Value};
use crate::path::{Path, Segment};

/// One thing wrong with the arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError {
    /// Where, as a caller reads it: `items[2].qty`, `["a b"]`, `$` for the
    /// arguments as a whole.
    pub path: String,
    /// The JSON Schema keyword that failed (`type`, `required`, …), or `json`,
    /// `limit`, `schema` for errors about the texts themselves.
    pub keyword: String,
    pub message: String,
}

impl ArgError {
    fn new(path: &Path, keyword: &str, predicate: impl AsRef<str>) -> ArgError {
        let path = path.to_string();
        let predicate = predicate.as_ref();
        let mut message = String::with_capacity(path.len() + predicate.len() + 13);
        message.push_str("Argument '");
        message.push_str(&path);
        message.push_str("' ");
        message.push_str(predicate);
        message.push('.');
        ArgError { path, keyword: keyword.to_owned(), message }
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
            ArgError::new(&root, "limit", format!("is longer than the limit of {limit} bytes"))
        }
        ParseErrorKind::TooDeep { limit } => {
            ArgError::new(&root, "limit", format!("nests arrays and objects deeper than the limit of {limit}"))
        }
        _ => ArgError::new(&root, "json", format!("is not valid JSON: {e}")),
    }
}

pub(crate) fn schema_unusable(d: &Diagnostic) -> ArgError {
    ArgError {
        path: "$".into(),
        keyword: "schema".into(),
        message: format!(
            "Argument '$' cannot be checked: the tool's schema is unusable ({}: {} at {}).",
            d.code,
            d.message.trim_end_matches('.'),
            d.path
        ),
    }
}

/// The work budget ran out before the arguments were checked.
pub(crate) fn over_budget(limit: u64) -> ArgError {
    ArgError::new(
        &Path::root(),
        "limit",
        format!("could not be checked: checking it against the schema takes more than {limit} steps"),
    )
}

/// The errors past the ones listed.
pub(crate) fn more_errors(more: u64, listed: usize) -> ArgError {
    ArgError::new(
        &Path::root(),
        "limit",
        format!(
            "has {more} more {} that {} not listed (at most {listed} are)",
            if more == 1 { "error" } else { "errors" },
            if more == 1 { "is" } else { "are" }
        ),
    )
}

/// What came, as a type error names it: numbers, booleans and null by value,
/// other values by kind.
fn got(tape: &Tape<'_>, i: u32) -> String {
    match tape.tok(i).kind {
        Kind::Null => "null".into(),
        Kind::True => "true".into(),
        Kind::False => "false".into(),
        Kind::Number => clip(tape.number(i)),
        Kind::String => "a string".into(),
        Kind::Array => "an array".into(),
        Kind::Object => "an object".into(),
    }
}

/// What came, by value: strings quoted, long ones cut short.
fn shown(tape: &Tape<'_>, i: u32) -> String {
    match tape.tok(i).kind {
        Kind::String => quoted(tape.str(i)),
        _ => got(tape, i),
    }
}

pub(crate) fn not_an_object(tape: &Tape<'_>) -> ArgError {
    ArgError::new(&Path::root(), "type", format!("must be a JSON object of named arguments, not {}", got(tape, 0)))
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

/// An allowed value as a list item: strings bare (`Red`), others as JSON.
/// Most allowed values an `enum` message lists; past them it says how many more.
const ENUM_LISTED: usize = 100;

fn listed(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => compact(other),
    }
}

fn compact(v: &Value) -> String {
    let text = v.to_json();
    if text.chars().count() <= 2 * SHOWN_CHARS {
        text
    } else {
        text.chars().take(2 * SHOWN_CHARS).collect::<String>() + "…"
    }
}

fn type_phrase(bit: u8) -> &'static str {
    match bit {
        types::NULL => "null",
        types::BOOLEAN => "a boolean",
        types::INTEGER => "an integer",
        types::NUMBER => "a number",
        types::STRING => "a string",
        types::ARRAY => "an array",
        _ => "an object",
    }
}

/// `an integer or null`, `a string, an integer or null`: null last.
fn types_phrase(bits: &[u8]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for t in bits.iter().filter(|t| **t != types::NULL).chain(bits.iter().filter(|t| **t == types::NULL)) {
        let p = type_phrase(*t);
        if !names.contains(&p) {
            names.push(p);
        }
    }
    match names.as_slice() {
        [] => "of no type".into(),
        [one] => (*one).into(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn mask_bits(mask: u8) -> Vec<u8> {
    (0..7).map(|b| 1u8 << b).filter(|b| mask & b != 0).collect()
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
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
/// indices, a missing member after its object's members), the error, and
/// the schema location (a JSON pointer) of the keyword that failed.
pub(crate) type Found = (Vec<usize>, ArgError, String);

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

/// The message for a member the schema does not allow at `parent`.
fn unknown_member(parent: &Path, allowed: &[String], tool_arguments: bool) -> String {
    let list = allowed.join(", ");
    if parent.segments().is_empty() && !tool_arguments {
        if allowed.is_empty() {
            "is not an allowed property (none are allowed)".to_owned()
        } else {
            format!("is not an allowed property (expected one of: {list})")
        }
    } else if parent.segments().is_empty() {
        if allowed.is_empty() {
            "is not a parameter of this tool (it takes none)".to_owned()
        } else {
            format!("is not a parameter of this tool (expected one of: {list})")
        }
    } else if allowed.is_empty() {
        format!("is not a property of '{parent}' (it takes none)")
    } else {
        format!("is not a property of '{parent}' (expected one of: {list})")
    }
}

/// The `properties` names of the schema object at `location`.
fn names_at(cx: &Context<'_, '_>, location: &str) -> Vec<String> {
    cx.schema_at(location)
        .and_then(|v| v.get("properties"))
        .and_then(Value::as_object)
        .map(|m| m.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default()
}

/// Renders one error (its path, keyword and message).
fn render(cx: &Context<'_, '_>, e: &RawError, src: &str) -> ArgError {
    let tape = cx.tape;
    if e.names != NONE {
        // A property name the schema does not allow: the inner failure,
        // said of the name.
        let path = cx.path(e.names);
        let inner = RawError { names: NONE, ..*e };
        let message = predicate(cx, &inner, &path);
        let predicate = message.rsplit_once(", not ").map_or(message.clone(), |(p, _)| p.to_owned());
        let last = src.rsplit('/').next().unwrap_or("");
        let kw = if KEYWORDS.contains(&last) { last } else { "propertyNames" };
        return ArgError::new(
            &path,
            kw,
            format!("has a property name {} that is not allowed: it {predicate}", json::quote(tape.str(e.inst))),
        );
    }
    let kw = keyword(cx, e, src);
    match e.tag {
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired => {
            let (name, predicate) = missing(cx, e);
            ArgError::new(&cx.path(e.inst).key(&name), &kw, predicate)
        }
        Tag::PatternLimit => {
            let pattern = &cx.prog.patterns[e.a as usize].0;
            ArgError {
                path: "$".into(),
                keyword: "pattern".into(),
                message: format!(
                    "Argument '$' could not be checked: matching the pattern {pattern} against '{}' takes more than {} backtracking steps.",
                    cx.path(e.inst),
                    cx.backtrack_limit
                ),
            }
        }
        _ => {
            let path = cx.path(e.inst);
            let p = predicate(cx, e, &path);
            ArgError::new(&path, &kw, p)
        }
    }
}

/// A missing member's name and what the message says of it.
fn missing(cx: &Context<'_, '_>, e: &RawError) -> (String, String) {
    match (e.tag, cx.op(e)) {
        (Tag::Required, Some(Op::Required(r))) => (r.names[e.a as usize].to_string(), "is required".into()),
        (Tag::DependentRequired, Some(Op::DependentRequired(deps))) => {
            let name = deps[e.a as usize].1[e.b as usize].to_string();
            // The argument given whose dependency list names the missing one.
            let trigger = deps.iter().find_map(|(t, needs)| {
                (needs.iter().any(|n| **n == *name) && cx.tape.member(e.inst, t).is_some()).then(|| t.to_string())
            });
            let path = cx.path(e.inst);
            let predicate = match trigger {
                Some(t) => format!("is required when '{}' is given", path.key(&t)),
                None => "is required by another argument that is given".to_owned(),
            };
            (name, predicate)
        }
        (Tag::DependencyRequired, Some(Op::Dependencies(deps))) => match &deps[e.a as usize].1 {
            super::program::Dependency::Required(names) => (names[e.b as usize].to_string(), "is required".into()),
            _ => (String::new(), "is required".into()),
        },
        _ => (String::new(), "is required".into()),
    }
}

/// What the message says of the value (after `Argument '<path>' `).
fn predicate(cx: &Context<'_, '_>, e: &RawError, path: &Path) -> String {
    let tape = cx.tape;
    let i = e.inst;
    let count = |i: u32| u64::from(tape.tok(i).len);
    let chars = |i: u32| if tape.tok(i).kind == Kind::String { tape.str(i).chars().count() } else { 0 };
    match e.tag {
        Tag::Op => match cx.op(e) {
            Some(Op::Type(mask)) => format!("must be {}, not {}", types_phrase(&mask_bits(*mask)), got(tape, i)),
            Some(Op::Const(l)) => format!("must be {}, not {}", compact(&l.value), shown(tape, i)),
            Some(Op::Enum(en)) => {
                let list: Vec<String> = en.values.iter().take(ENUM_LISTED).map(|l| listed(&l.value)).collect();
                let rest = en.values.len().saturating_sub(ENUM_LISTED);
                let others = if rest > 0 { format!(" and {rest} other values") } else { String::new() };
                format!("must be one of {}{others}, not {}", list.join(", "), shown(tape, i))
            }
            Some(Op::Minimum(l)) => format!("must be at least {}, not {}", l.text, got(tape, i)),
            Some(Op::Maximum(l)) => format!("must be at most {}, not {}", l.text, got(tape, i)),
            Some(Op::ExclusiveMinimum(l) | Op::ExclusiveMinimumD4(l)) => {
                format!("must be greater than {}, not {}", l.text, got(tape, i))
            }
            Some(Op::ExclusiveMaximum(l) | Op::ExclusiveMaximumD4(l)) => {
                format!("must be less than {}, not {}", l.text, got(tape, i))
            }
            Some(Op::MultipleOf(l)) => format!("must be a multiple of {}, not {}", l.text, got(tape, i)),
            Some(Op::MinLength(m)) => {
                format!("must be at least {} long, not {}", plural(*m, "character", "characters"), chars(i))
            }
            Some(Op::MaxLength(m)) => {
                format!("must be at most {} long, not {}", plural(*m, "character", "characters"), chars(i))
            }
            Some(Op::Pattern(p)) => {
                format!("must match the pattern {}, not {}", cx.prog.patterns[*p as usize].0, shown(tape, i))
            }
            Some(Op::Format(f)) => format!("must be {}, not {}", super::formats::phrase(&f.name), shown(tape, i)),
            Some(Op::ContentEncoding) => format!("must be base64 text, not {}", shown(tape, i)),
            Some(Op::ContentMediaType(mt)) => format!("must be {mt} content, not {}", shown(tape, i)),
            Some(Op::MinItems(m)) => format!("must have at least {}, not {}", plural(*m, "item", "items"), count(i)),
            Some(Op::MaxItems(m)) => format!("must have at most {}, not {}", plural(*m, "item", "items"), count(i)),
            Some(Op::MinProperties(m)) => {
                format!("must have at least {}, not {}", plural(*m, "property", "properties"), count(i))
            }
            Some(Op::MaxProperties(m)) => {
                format!("must have at most {}, not {}", plural(*m, "property", "properties"), count(i))
            }
            _ => "is not valid".into(),
        },
        Tag::Unexpected | Tag::Unevaluated => {
            let allowed = names_at(cx, &cx.node(e).location);
            unknown_member(&path.parent(), &allowed, cx.tool_arguments)
        }
        Tag::UnevaluatedItems => {
            let n = count(i);
            format!("must have at most {} that its schema describes, not {n}", plural(u64::from(e.a), "item", "items"))
        }
        Tag::AdditionalItems => {
            format!("must have at most {}, not {}", plural(u64::from(e.a), "item", "items"), count(i))
        }
        Tag::False => {
            let location = cx.node(e).location.to_string();
            let under_properties = location.rsplit_once('/').is_some_and(|(parent, _)| parent.ends_with("/properties"));
            let parent_location = location.rsplit_once('/').map(|(p, _)| p.to_owned());
            match path.segments().last() {
                Some(Segment::Key(_)) if under_properties => "is not allowed".to_owned(),
                Some(Segment::Key(_)) => {
                    let allowed = parent_location.map(|p| names_at(cx, &p)).unwrap_or_default();
                    unknown_member(&path.parent(), &allowed, cx.tool_arguments)
                }
                Some(Segment::Index(_)) => {
                    let prefix = parent_location
                        .and_then(|p| cx.schema_at(&p))
                        .and_then(|v| v.get("prefixItems"))
                        .and_then(Value::as_array)
                        .map_or(0, <[Value]>::len) as u64;
                    format!("is not allowed: the array takes at most {}", plural(prefix, "item", "items"))
                }
                None => "is not allowed".to_owned(),
            }
        }
        Tag::UniqueItems => format!("must not repeat an item (items {} and {} are equal)", e.a, e.b),
        Tag::Contains | Tag::MinContains | Tag::MaxContains => {
            let location = cx.node(e).location.to_string();
            let contains = cx
                .schema_at(&location)
                .and_then(|v| v.get("contains"))
                .map(compact)
                .unwrap_or_else(|| "its item schema".into());
            match (e.tag, cx.op(e)) {
                (Tag::MaxContains, Some(Op::Contains { max, .. })) => {
                    format!("must contain at most {} matching {contains}", plural(max.unwrap_or(0), "item", "items"))
                }
                (Tag::MinContains, Some(Op::Contains { min, .. })) => {
                    format!("must contain at least {} matching {contains}", plural(min.unwrap_or(0), "item", "items"))
                }
                _ => format!("must contain an item matching {contains}"),
            }
        }
        Tag::Not => {
            let location = format!("{}/not", cx.node(e).location);
            let schema = cx.schema_at(&location).map(compact).unwrap_or_default();
            format!("must not match {schema}")
        }
        Tag::Types => {
            let mut bits = Vec::new();
            let mut packed = e.a;
            while packed & 0xF != 0 {
                bits.push(1u8 << ((packed & 0xF) - 1));
                packed >>= 4;
            }
            if bits.is_empty() {
                "does not match any of its allowed forms".to_owned()
            } else {
                format!("must be {}, not {}", types_phrase(&bits), got(tape, i))
            }
        }
        Tag::OneOfMany => {
            let valid: Vec<String> =
                cx.lists.get(e.a as usize..e.b as usize).unwrap_or_default().iter().map(u32::to_string).collect();
            let which =
                if valid.len() >= 2 { format!(" (oneOf branches {})", valid.join(" and ")) } else { String::new() };
            format!("matches more than one of its allowed forms{which}; it must match exactly one")
        }
        Tag::AnyOf | Tag::OneOfNone => "does not match any of its allowed forms".to_owned(),
        Tag::Required | Tag::DependentRequired | Tag::DependencyRequired => missing(cx, e).1,
        Tag::PatternLimit => "could not be checked".to_owned(),
    }
}

/// Every error, in document order, each once; at most `max` of them, and
/// how many more there are.
pub(crate) fn report(cx: &Context<'_, '_>, errors: &[RawError], dropped: u64, max: usize) -> (Vec<Found>, u64) {
    let mut order: Vec<(u64, usize)> =
        errors.iter().enumerate().map(|(i, e)| (sort_key(e, cx.tape, cx.few), i)).collect();
    order.sort();
    // The same failure found twice renders the same: it is not rendered again.
    let mut found = std::collections::HashSet::new();
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
    let mut at_value: std::collections::HashMap<u32, u32> = std::collections::HashMap::new();
    for &(_, i) in &order {
        if let Some(t) = anchor(&errors[i]) {
            *at_value.entry(t).or_default() += 1;
        }
    }
    let mut seen = std::collections::HashSet::new();
    let mut out: Vec<Found> = Vec::new();
    let mut more = dropped;
    for (_, i) in order {
        let e = &errors[i];
        if out.len() >= max && anchor(e).is_some_and(|t| at_value[&t] == 1) {
            more += 1;
            continue;
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
        out.push((position, rendered, src));
    }
    (out, more)
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
                segs.push(super::uri::escape(tape.str(key)));
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
                let bits = mask_bits(*mask);
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
            format!("{} is a required property", json::quote(&missing(cx, e).0))
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
