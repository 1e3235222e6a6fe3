//! Dead branches: the parts of a schema that no finite JSON value satisfies
//! (a union's branch that can never match, a required property nothing can
//! fill, bounds that contradict each other, objects that require each other
//! forever), each with its JSON pointer and a sentence saying why.
//!
//! The schema is one usable 2020-12 document (draft-07 spellings mapped,
//! local references only). Each schema node is split by the seven kinds of
//! JSON value it may be (null, boolean, integer, non-integer number, string,
//! array, object): a node is satisfiable as a kind when its own keywords for
//! that kind do not contradict each other and every subschema that kind needs
//! is satisfiable (an `allOf` member, the `$ref` target and a branch of each
//! `anyOf` and `oneOf` as the same kind; the schemas of required properties
//! and of the items `minItems` forces as any kind). That is a monotone system
//! of "at least k of these" gates, solved as a least fixpoint (Horn-SAT): from
//! nothing satisfiable, a gate whose count of unmet inputs reaches zero is
//! satisfiable and counts down the gates it feeds. Each gate and each edge is
//! visited once, so the analysis is linear in the size of the schema, and no
//! step recurses. What is left unsatisfiable really is: every condition used
//! is necessary for a value, and anything not understood is taken as
//! satisfiable (patterns, formats, `uniqueItems`, `unevaluated*`, the
//! values of `not` beyond the trivial ones).

use crate::applicators::{Holds, holds};
use crate::downconvert::convert::{child, child_index, resolve};
use crate::json::{Decimal, Value};
use std::cmp::Ordering;
use std::hash::BuildHasherDefault;

/// The maps and sets keyed by addresses and node ids, hashed with one
/// multiplication (the walk looks up every node; no such key comes from the
/// input). Maps keyed by member names keep the standard, keyed hasher.
type HashMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<WordHasher>>;
type HashSet<K> = std::collections::HashSet<K, BuildHasherDefault<WordHasher>>;

/// Mixes each word in with a rotation and a multiplication (as `FxHash`).
#[derive(Default)]
struct WordHasher(u64);

impl WordHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(u64::from(b));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.mix(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.mix(u64::from(n));
    }

    fn finish(&self) -> u64 {
        // The product's low bits (a bucket's index) from its better high ones.
        self.0.rotate_left(26)
    }
}

/// Finds members of an object by name: a scan when it is small, a map
/// built once when it is large.
struct Members<'v> {
    members: &'v [(String, Value)],
    map: Option<std::collections::HashMap<&'v str, usize>>,
}

impl<'v> Members<'v> {
    fn new(members: &'v [(String, Value)]) -> Self {
        let map = (members.len() > 16).then(|| members.iter().enumerate().map(|(i, (k, _))| (k.as_str(), i)).collect());
        Members { members, map }
    }

    fn get(&self, name: &str) -> Option<&'v Value> {
        let i = match &self.map {
            Some(map) => *map.get(name)?,
            None => self.members.iter().position(|(k, _)| k == name)?,
        };
        Some(&self.members[i].1)
    }
}

/// Most dead branches reported for one schema.
pub const MAX_REPORTED: usize = 100;

/// A part of the schema no finite value satisfies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeadBranch {
    /// JSON pointer to the schema node (`""` is the root).
    pub pointer: String,
    /// Why no value satisfies it, in one sentence for a person.
    pub reason: String,
}

/// The branches, properties and definitions of `root` that no finite JSON
/// value satisfies, in document order, at most [`MAX_REPORTED`]. A schema
/// naming a draft older than draft 7 is not analysed (nothing is reported).
pub fn dead_branches(root: &Value) -> Vec<DeadBranch> {
    let draft = Draft::of(root);
    if draft == Draft::Older {
        return Vec::new();
    }
    let mut analysis = Analysis::new(root, draft);
    analysis.walk(root, NO_PARENT, Pos::Root);
    analysis.link_references();
    analysis.solve();
    analysis.report()
}

// The kinds of JSON value, as bit positions of a mask.
const NULL: usize = 0;
const BOOLEAN: usize = 1;
const INTEGER: usize = 2;
const FRACTION: usize = 3;
const STRING: usize = 4;
const ARRAY: usize = 5;
const OBJECT: usize = 6;
const CLASSES: usize = 7;
const ALL: u8 = (1 << CLASSES) - 1;

const fn bit(t: usize) -> u8 {
    1 << t
}

fn classes(mask: u8) -> impl Iterator<Item = usize> {
    (0..CLASSES).filter(move |t| mask & bit(*t) != 0)
}

/// Most schemas a reason lists of a loop of references.
const SHOWN_IN_LOOP: usize = 6;

/// Gates per node: one per kind, then one for "any kind".
const GATES: usize = CLASSES + 1;
/// The count of a gate that can never open.
const NEVER: u32 = u32::MAX;
const NO_PARENT: u32 = u32::MAX;

fn alive_gate(n: u32, t: usize) -> usize {
    n as usize * GATES + t
}

fn any_gate(n: u32) -> usize {
    n as usize * GATES + CLASSES
}

/// Which draft's meanings apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Draft {
    /// 2020-12 (or no `$schema`, or 2019-09, whose differences were mapped).
    Current,
    /// Draft 7: `$ref` hides its siblings, and the keywords 2019-09 added
    /// (`minContains`, `dependentRequired`, ...) mean nothing.
    Seven,
    /// Drafts 3 to 6: not analysed.
    Older,
}

impl Draft {
    fn of(root: &Value) -> Draft {
        match root.get("$schema").and_then(Value::as_str) {
            Some(s) if s.contains("draft-07") => Draft::Seven,
            Some(s) if s.contains("draft-0") => Draft::Older,
            _ => Draft::Current,
        }
    }
}

/// Where a node sits in its parent.
#[derive(Clone, Debug)]
enum Pos<'v> {
    Root,
    /// A reference's target that no schema keyword holds, at this pointer.
    Outside(String),
    /// `parent/keyword`.
    One(&'v str),
    /// `parent/keyword/index`.
    Listed(&'v str, usize),
    /// `parent/keyword/name`.
    Named(&'v str, &'v str),
}

struct Node<'v> {
    value: &'v Value,
    parent: u32,
    pos: Pos<'v>,
    /// The node its `$ref` names.
    target: Option<u32>,
}

/// How a condition reads its children's gates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    /// The child as the same kind of value (an in-place subschema).
    Class,
    /// The child as a string (`propertyNames`).
    Str,
    /// The child as any kind (a member or item of the value).
    Any,
}

#[derive(Clone, Copy, Debug)]
enum Via {
    Property,
    Additional,
}

/// What a condition is, for its reason.
#[derive(Clone, Copy, Debug)]
enum Kind<'v> {
    Ref,
    AllOf(usize),
    AnyOf,
    OneOf,
    ThenElse,
    Then,
    Else,
    DependentSchema(&'v str),
    Required(&'v str, Via),
    /// At least this many items, and the position's schema (`None`: `items`).
    Item(u64, Option<usize>),
    Contains,
    PropertyNames,
    /// `minProperties` (as written) where only declared properties may appear.
    MinMembers(&'v str),
}

/// One condition of a node: at least `k` of `children` satisfiable (at
/// `level`), or `or_child` satisfiable; it applies to the kinds in `mask`.
struct Cond<'v> {
    kind: Kind<'v>,
    mask: u8,
    level: Level,
    children: Kids,
    k: u64,
    or_child: Option<u32>,
}

/// A condition's children: most conditions have one (kept without a vector
/// of its own).
enum Kids {
    One(u32),
    Many(Vec<u32>),
}

impl Kids {
    fn list(&self) -> &[u32] {
        match self {
            Kids::One(c) => std::slice::from_ref(c),
            Kids::Many(list) => list,
        }
    }
}

impl<'v> Cond<'v> {
    fn one(kind: Kind<'v>, mask: u8, level: Level, c: u32) -> Cond<'v> {
        Cond { kind, mask, level, children: Kids::One(c), k: 1, or_child: None }
    }

    /// The one child the condition needs, when it needs exactly one.
    fn single(&self) -> Option<u32> {
        match (&self.children, self.k, self.or_child) {
            (Kids::One(c), 1, None) => Some(*c),
            _ => None,
        }
    }
}

/// A step from a dead node to the dead child it is blamed on.
#[derive(Clone, Copy, Debug)]
enum Step<'v> {
    Required(&'v str),
    DependentSchema(&'v str),
    Ref,
    AllOf(usize),
    Item(u64),
    Contains,
    Then,
    Else,
}

/// Why a node is dead: the sentence, and the one child it is dead because of.
struct Why<'v> {
    reason: String,
    blame: Option<(u32, Step<'v>)>,
}

impl Why<'_> {
    fn plain(reason: String) -> Self {
        Why { reason, blame: None }
    }
}

/// A count keyword's value, with its text as written.
#[derive(Clone, Copy, Debug)]
struct Count<'v> {
    n: u64,
    text: &'v str,
}

/// A numeric bound, exact.
#[derive(Clone, Debug)]
struct Bound<'v> {
    d: Decimal,
    exclusive: bool,
    keyword: &'static str,
    text: &'v str,
}

impl Bound<'_> {
    /// The least integer this lower bound admits.
    fn lowest_integer(&self) -> Option<i128> {
        let (floor, ceil) = floor_ceil(&self.d)?;
        if self.d.is_integer() { if self.exclusive { floor.checked_add(1) } else { Some(floor) } } else { Some(ceil) }
    }

    /// The greatest integer this upper bound admits.
    fn highest_integer(&self) -> Option<i128> {
        let (floor, _) = floor_ceil(&self.d)?;
        if self.d.is_integer() && self.exclusive { floor.checked_sub(1) } else { Some(floor) }
    }

    fn admits(&self, d: &Decimal, lower: bool) -> bool {
        match d.cmp(&self.d) {
            Ordering::Equal => !self.exclusive,
            Ordering::Greater => lower,
            Ordering::Less => !lower,
        }
    }
}

/// `d` rounded down and up, when both fit an `i128`.
fn floor_ceil(d: &Decimal) -> Option<(i128, i128)> {
    if d.is_integer() {
        let i = d.to_i128()?;
        return Some((i, i));
    }
    let whole = d.digits.len() as i64 + d.exponent;
    let mut magnitude: i128 = 0;
    if whole > 0 {
        if whole > 38 {
            return None;
        }
        for &digit in &d.digits[..whole as usize] {
            magnitude = magnitude.checked_mul(10)?.checked_add(i128::from(digit))?;
        }
    }
    Some(if d.negative { (-(magnitude + 1), -magnitude) } else { (magnitude, magnitude + 1) })
}

/// A non-negative integer count, as validation reads one (past `u64`, the
/// largest).
fn count(v: &Value) -> Option<Count<'_>> {
    let Value::Number(n) = v else { return None };
    let d = n.decimal();
    if (d.negative && !d.is_zero()) || !d.is_integer() {
        return None;
    }
    let value = d.to_i128().map_or(u64::MAX, |i| u64::try_from(i).unwrap_or(u64::MAX));
    Some(Count { n: value, text: n.as_str() })
}

fn plural(n: u64) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// The kinds a `type` keyword allows.
fn type_mask(v: &Value) -> Option<u8> {
    let one = |s: &str| match s {
        "null" => bit(NULL),
        "boolean" => bit(BOOLEAN),
        "integer" => bit(INTEGER),
        "number" => bit(INTEGER) | bit(FRACTION),
        "string" => bit(STRING),
        "array" => bit(ARRAY),
        "object" => bit(OBJECT),
        _ => 0,
    };
    match v {
        Value::String(s) => Some(one(s)),
        Value::Array(names) => Some(names.iter().filter_map(Value::as_str).fold(0, |m, s| m | one(s))),
        _ => None,
    }
}

/// The kind of a value.
fn class_of(v: &Value) -> usize {
    match v {
        Value::Null => NULL,
        Value::Bool(_) => BOOLEAN,
        Value::Number(n) if n.decimal().is_integer() => INTEGER,
        Value::Number(_) => FRACTION,
        Value::String(_) => STRING,
        Value::Array(_) => ARRAY,
        Value::Object(_) => OBJECT,
    }
}

/// The kinds of `mask` as type names (`string or object`).
fn names(mask: u8) -> String {
    let mut out: Vec<&str> = Vec::new();
    let has = |t: usize| mask & bit(t) != 0;
    if has(NULL) {
        out.push("null");
    }
    if has(BOOLEAN) {
        out.push("boolean");
    }
    match (has(INTEGER), has(FRACTION)) {
        (true, true) => out.push("number"),
        (true, false) => out.push("integer"),
        (false, true) => out.push("non-integer number"),
        _ => {}
    }
    for (t, name) in [(STRING, "string"), (ARRAY, "array"), (OBJECT, "object")] {
        if has(t) {
            out.push(name);
        }
    }
    out.join(" or ")
}

fn is_schema(v: &Value) -> bool {
    matches!(v, Value::Bool(_) | Value::Object(_))
}

/// Keywords that never refuse a value.
fn is_annotation(k: &str) -> bool {
    matches!(
        k,
        "$schema"
            | "$id"
            | "$anchor"
            | "$dynamicAnchor"
            | "$comment"
            | "$defs"
            | "definitions"
            | "$vocabulary"
            | "title"
            | "description"
            | "default"
            | "examples"
            | "deprecated"
            | "readOnly"
            | "writeOnly"
    )
}

/// Whether the schema plainly accepts every value (`true`, `{}`, only
/// annotations, or a `type` listing every type).
fn accepts_all(v: &Value) -> bool {
    match v {
        Value::Bool(b) => *b,
        Value::Object(m) => m.iter().all(|(k, x)| is_annotation(k) || (k == "type" && type_mask(x) == Some(ALL))),
        _ => false,
    }
}

/// The kinds a `not` refuses when its schema says only `type`.
fn type_only(v: &Value) -> u8 {
    match v {
        Value::Object(m) if m.iter().all(|(k, _)| k == "type" || is_annotation(k)) => {
            v.get("type").and_then(type_mask).unwrap_or(0)
        }
        _ => 0,
    }
}

/// Why a `not` whose schema accepts every value refuses every value.
fn refuses(not: &Value) -> String {
    match not {
        Value::Bool(true) => "not: true refuses every value".into(),
        Value::Object(m) if m.is_empty() => "not: {} refuses every value".into(),
        _ => "not refuses every value: its schema accepts any".into(),
    }
}

/// The names an object must have: `required`, and (2019-09 on) those
/// `dependentRequired` adds for them, each once, in order.
fn required_names(v: &Value, draft: Draft) -> Vec<&str> {
    let mut names: Vec<&str> = Vec::new();
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    if let Some(Value::Array(list)) = v.get("required") {
        for name in list.iter().filter_map(Value::as_str) {
            if seen.insert(name) {
                names.push(name);
            }
        }
    }
    let deps = match v.get("dependentRequired") {
        Some(Value::Object(deps)) if draft == Draft::Current && !names.is_empty() => deps,
        _ => return names,
    };
    let deps = Members::new(deps);
    let mut i = 0;
    while i < names.len() {
        if let Some(Value::Array(more)) = deps.get(names[i]) {
            for name in more.iter().filter_map(Value::as_str) {
                if seen.insert(name) {
                    names.push(name);
                }
            }
        }
        i += 1;
    }
    names
}

/// A node's own keywords, read once.
#[derive(Default)]
struct Facts<'v> {
    types: Option<u8>,
    lo: Option<Bound<'v>>,
    hi: Option<Bound<'v>>,
    /// `multipleOf` as written, and its value when it is an integer.
    multiple: Option<(&'v str, Option<i128>)>,
    min_len: Option<Count<'v>>,
    max_len: Option<Count<'v>>,
    min_items: Option<Count<'v>>,
    max_items: Option<Count<'v>>,
    contains: bool,
    min_contains: Option<Count<'v>>,
    max_contains: Option<Count<'v>>,
    min_props: Option<Count<'v>>,
    max_props: Option<Count<'v>>,
    required: Vec<&'v str>,
}

impl<'v> Facts<'v> {
    fn read(v: &'v Value, draft: Draft) -> Facts<'v> {
        let mut f = Facts::default();
        let Value::Object(m) = v else { return f };
        let current = draft == Draft::Current;
        for (k, x) in m {
            match k.as_str() {
                "type" => f.types = type_mask(x),
                "minimum" => f.bound(x, true, false, "minimum"),
                "exclusiveMinimum" => f.bound(x, true, true, "exclusiveMinimum"),
                "maximum" => f.bound(x, false, false, "maximum"),
                "exclusiveMaximum" => f.bound(x, false, true, "exclusiveMaximum"),
                "multipleOf" => {
                    if let Value::Number(n) = x {
                        let d = n.decimal();
                        if !d.is_zero() && !d.negative {
                            f.multiple = Some((n.as_str(), d.to_i128()));
                        }
                    }
                }
                "minLength" => f.min_len = count(x),
                "maxLength" => f.max_len = count(x),
                "minItems" => f.min_items = count(x),
                "maxItems" => f.max_items = count(x),
                "minProperties" => f.min_props = count(x),
                "maxProperties" => f.max_props = count(x),
                "contains" => f.contains = is_schema(x),
                "minContains" if current => f.min_contains = count(x),
                "maxContains" if current => f.max_contains = count(x),
                _ => {}
            }
        }
        f.required = required_names(v, draft);
        f
    }

    /// Keeps the tighter of the bound so far and `x`.
    fn bound(&mut self, x: &'v Value, lower: bool, exclusive: bool, keyword: &'static str) {
        let Value::Number(n) = x else { return };
        let d = n.decimal();
        let slot = if lower { &mut self.lo } else { &mut self.hi };
        let tighter = match slot {
            None => true,
            Some(b) => match d.cmp(&b.d) {
                Ordering::Equal => exclusive && !b.exclusive,
                Ordering::Greater => lower,
                Ordering::Less => !lower,
            },
        };
        if tighter {
            *slot = Some(Bound { d, exclusive, keyword, text: n.as_str() });
        }
    }

    /// How many items `contains` needs.
    fn contains_min(&self) -> u64 {
        if self.contains { self.min_contains.map_or(1, |c| c.n) } else { 0 }
    }

    /// Why the keywords for kind `t` contradict each other, if they do.
    fn contradiction(&self, t: usize) -> Option<String> {
        match t {
            INTEGER | FRACTION => self.numeric(t),
            STRING => above(self.min_len, "minLength", self.max_len, "maxLength"),
            ARRAY => self.array(),
            OBJECT => above(self.min_props, "minProperties", self.max_props, "maxProperties").or_else(|| {
                let max = self.max_props?;
                let n = self.required.len() as u64;
                (n > max.n).then(|| format!("it requires {n} properties, above maxProperties {}", max.text))
            }),
            _ => None,
        }
    }

    fn numeric(&self, t: usize) -> Option<String> {
        if let (Some(lo), Some(hi)) = (&self.lo, &self.hi) {
            match lo.d.cmp(&hi.d) {
                Ordering::Greater => {
                    return Some(format!("{} {} is above {} {}", lo.keyword, lo.text, hi.keyword, hi.text));
                }
                Ordering::Equal if lo.exclusive || hi.exclusive => {
                    return Some(format!("{} {} is not below {} {}", lo.keyword, lo.text, hi.keyword, hi.text));
                }
                _ => {}
            }
        }
        let whole = self.multiple.and_then(|(text, m)| m.map(|m| (text, m)));
        let (lo, hi) = (self.lo.as_ref(), self.hi.as_ref());
        let between =
            |lo: &Bound<'_>, hi: &Bound<'_>| format!("{} {} and {} {}", lo.keyword, lo.text, hi.keyword, hi.text);
        if t == FRACTION {
            if let Some((text, _)) = whole {
                return Some(format!("multipleOf {text} admits only integers"));
            }
            let (lo, hi) = (lo?, hi?);
            return (lo.d == hi.d && lo.d.is_integer()).then(|| format!("{} admit only an integer", between(lo, hi)));
        }
        let (lo, hi) = (lo?, hi?);
        let (a, b) = (lo.lowest_integer()?, hi.highest_integer()?);
        if let Some((text, m)) = whole {
            let first = (a.div_euclid(m) + i128::from(a.rem_euclid(m) != 0)).checked_mul(m)?;
            return (first > b).then(|| format!("no multiple of {text} lies between {}", between(lo, hi)));
        }
        (a > b).then(|| format!("no integer lies between {}", between(lo, hi)))
    }

    fn array(&self) -> Option<String> {
        above(self.min_items, "minItems", self.max_items, "maxItems").or_else(|| {
            if !self.contains {
                return None;
            }
            let need = self.contains_min();
            above(self.min_contains, "minContains", self.max_contains, "maxContains")
                .or_else(|| {
                    let max = self.max_contains?;
                    (self.min_contains.is_none() && need > max.n)
                        .then(|| format!("contains needs at least 1 matching item, above maxContains {}", max.text))
                })
                .or_else(|| {
                    let max = self.max_items?;
                    (need > max.n).then(|| {
                        format!("contains needs at least {need} item{}, above maxItems {}", plural(need), max.text)
                    })
                })
        })
    }

    /// Whether an `enum` or `const` value (of a kind the node allows) meets
    /// the node's bounds on its kind.
    fn fits(&self, x: &Value) -> bool {
        let within = |n: u64, min: Option<Count<'_>>, max: Option<Count<'_>>| {
            min.is_none_or(|c| n >= c.n) && max.is_none_or(|c| n <= c.n)
        };
        match x {
            Value::Number(n) => {
                let d = n.decimal();
                let bounded = self.lo.as_ref().is_none_or(|b| b.admits(&d, true))
                    && self.hi.as_ref().is_none_or(|b| b.admits(&d, false));
                let multiple = match self.multiple {
                    // A multiple of an integer is an integer.
                    Some((_, Some(m))) => d.is_integer() && d.to_i128().is_none_or(|i| i.rem_euclid(m) == 0),
                    _ => true,
                };
                bounded && multiple
            }
            Value::String(s) => within(s.chars().count() as u64, self.min_len, self.max_len),
            Value::Array(a) => {
                within(a.len() as u64, self.min_items, self.max_items) && a.len() as u64 >= self.contains_min()
            }
            Value::Object(m) => {
                within(m.len() as u64, self.min_props, self.max_props)
                    && self.required.iter().all(|r| m.iter().any(|(k, _)| k == r))
            }
            _ => true,
        }
    }
}

/// `min_kw min is above max_kw max`, when it is.
fn above(min: Option<Count<'_>>, min_kw: &str, max: Option<Count<'_>>, max_kw: &str) -> Option<String> {
    let (a, b) = (min?, max?);
    (a.n > b.n).then(|| format!("{min_kw} {} is above {max_kw} {}", a.text, b.text))
}

/// What a node's own keywords leave: the kinds it allows, those whose own
/// keywords do not contradict each other, and why the others are out.
struct Local {
    allowed: u8,
    ok: u8,
    /// A reason that refuses every kind.
    common: Option<String>,
    class: [Option<String>; CLASSES],
}

impl Local {
    fn open() -> Local {
        Local { allowed: ALL, ok: ALL, common: None, class: Default::default() }
    }

    fn dead(reason: impl Into<String>) -> Local {
        Local { allowed: 0, ok: 0, common: Some(reason.into()), class: Default::default() }
    }

    /// The reasons of every allowed kind, each once ("; " between); an
    /// integer's reason stands for a non-integer's too.
    fn joined(&self) -> String {
        let mut parts: Vec<&str> = Vec::new();
        for t in classes(self.allowed) {
            let Some(r) = &self.class[t] else { continue };
            if t == FRACTION && self.class[INTEGER].is_some() {
                continue;
            }
            if !parts.contains(&r.as_str()) {
                parts.push(r);
            }
        }
        parts.join("; ")
    }
}

struct Analysis<'v> {
    root: &'v Value,
    draft: Draft,
    nodes: Vec<Node<'v>>,
    ids: HashMap<*const Value, u32>,
    /// Whether a reference names a schema no keyword holds.
    outside: bool,
    /// Per gate, after [`Analysis::solve`].
    alive: Vec<bool>,
}

impl<'v> Analysis<'v> {
    fn new(root: &'v Value, draft: Draft) -> Self {
        Analysis { root, draft, nodes: Vec::new(), ids: HashMap::default(), outside: false, alive: Vec::new() }
    }

    fn id(&self, v: &Value) -> Option<u32> {
        self.ids.get(&std::ptr::from_ref(v)).copied()
    }

    /// In draft 7 a `$ref` hides the keywords beside it.
    fn ref_only(&self, v: &Value) -> bool {
        self.draft == Draft::Seven && v.get("$ref").is_some()
    }

    /// Adds the schema `start` and every schema under it, depth first in
    /// document order (an explicit stack); the id of `start`.
    fn walk(&mut self, start: &'v Value, parent: u32, pos: Pos<'v>) -> Option<u32> {
        let mut stack = vec![(start, parent, pos)];
        let mut first = None;
        let mut kids: Vec<(&'v Value, Pos<'v>)> = Vec::new();
        while let Some((value, parent, pos)) = stack.pop() {
            let key = std::ptr::from_ref(value);
            if self.ids.contains_key(&key) {
                continue;
            }
            let id = self.nodes.len() as u32;
            first.get_or_insert(id);
            self.ids.insert(key, id);
            self.nodes.push(Node { value, parent, pos, target: None });
            schema_children(value, &mut kids);
            stack.extend(kids.drain(..).rev().map(|(v, p)| (v, id, p)));
        }
        first
    }

    /// Sets each node's `$ref` target, adding the targets no keyword holds.
    fn link_references(&mut self) {
        let mut cache: std::collections::HashMap<&'v str, Option<u32>> = std::collections::HashMap::new();
        let mut i = 0;
        while i < self.nodes.len() {
            let value: &'v Value = self.nodes[i].value;
            if let Some(Value::String(r)) = value.get("$ref") {
                let target = match cache.get(r.as_str()) {
                    Some(t) => *t,
                    None => {
                        let t = self.target_of(r);
                        cache.insert(r, t);
                        t
                    }
                };
                self.nodes[i].target = target;
            }
            i += 1;
        }
    }

    fn target_of(&mut self, reference: &str) -> Option<u32> {
        let (pointer, value) = resolve(self.root, reference)?;
        if !is_schema(value) {
            return None;
        }
        if let Some(id) = self.id(value) {
            return Some(id);
        }
        self.outside = true;
        self.walk(value, NO_PARENT, Pos::Outside(pointer))
    }

    /// What a node's own keywords leave (see [`Local`]).
    fn local(&self, v: &'v Value, f: &Facts<'v>) -> Local {
        match v {
            Value::Bool(false) => return Local::dead("false refuses every value"),
            Value::Object(_) if !self.ref_only(v) => {}
            _ => return Local::open(),
        }
        if f.types == Some(0) {
            return Local::dead("type lists no type");
        }
        let values = match v.get("enum") {
            Some(Value::Array(e)) => Some(e.as_slice()),
            _ => None,
        };
        if values.is_some_and(<[Value]>::is_empty) {
            return Local::dead("enum lists no value");
        }
        let mut mask = f.types.unwrap_or(ALL);
        if let Some(not) = v.get("not") {
            if accepts_all(not) {
                return Local::dead(refuses(not));
            }
            mask &= !type_only(not);
            if mask == 0 {
                return Local::dead("not refuses every type it allows");
            }
        }
        let konst = v.get("const");
        if let Some(c) = konst {
            let b = bit(class_of(c));
            if mask & b == 0 {
                return Local::dead(format!("const is not of type {}", names(mask)));
            }
            mask &= b;
        }
        if let Some(e) = values {
            let kinds = e.iter().fold(0, |m, x| m | bit(class_of(x)));
            if mask & kinds == 0 {
                return Local::dead(format!("no value of enum is of type {}", names(mask)));
            }
            mask &= kinds;
        }
        let mut local = Local { allowed: mask, ok: mask, common: None, class: Default::default() };
        for t in classes(mask) {
            let failure = f
                .contradiction(t)
                .or_else(|| konst.filter(|c| !f.fits(c)).map(|_| "const does not satisfy its other keywords".into()))
                .or_else(|| {
                    values
                        .filter(|e| !e.iter().any(|x| class_of(x) == t && f.fits(x)))
                        .map(|_| "no value of enum satisfies its other keywords".into())
                });
            if let Some(r) = failure {
                local.ok &= !bit(t);
                local.class[t] = Some(r);
            }
        }
        local
    }

    /// The conditions on a node's subschemas, in a fixed order.
    fn conds(&self, n: u32, f: &Facts<'v>) -> Vec<Cond<'v>> {
        let node = &self.nodes[n as usize];
        let v = node.value;
        let mut out = Vec::new();
        if let Some(t) = node.target {
            out.push(Cond::one(Kind::Ref, ALL, Level::Class, t));
        }
        if !matches!(v, Value::Object(_)) || self.ref_only(v) {
            return out;
        }
        self.in_place(v, &mut out);
        self.object_conds(v, f, &mut out);
        self.array_conds(v, f, &mut out);
        out
    }

    /// `allOf`, `anyOf`, `oneOf` and `if`/`then`/`else`.
    fn in_place(&self, v: &'v Value, out: &mut Vec<Cond<'v>>) {
        if let Some(Value::Array(all)) = v.get("allOf") {
            for (i, s) in all.iter().enumerate() {
                if let Some(c) = self.id(s) {
                    out.push(Cond::one(Kind::AllOf(i), ALL, Level::Class, c));
                }
            }
        }
        for (k, kind) in [("anyOf", Kind::AnyOf), ("oneOf", Kind::OneOf)] {
            let Some(Value::Array(branches)) = v.get(k) else { continue };
            let ids: Option<Vec<u32>> = branches.iter().map(|b| self.id(b)).collect();
            if let Some(children) = ids
                && !children.is_empty()
            {
                out.push(Cond {
                    kind,
                    mask: ALL,
                    level: Level::Class,
                    children: Kids::Many(children),
                    k: 1,
                    or_child: None,
                });
            }
        }
        if let Some(test) = v.get("if") {
            let then = v.get("then").and_then(|s| self.id(s));
            let otherwise = v.get("else").and_then(|s| self.id(s));
            match (then, otherwise) {
                (Some(t), _) if accepts_all(test) => out.push(Cond::one(Kind::Then, ALL, Level::Class, t)),
                (_, Some(e)) if matches!(test, Value::Bool(false)) => {
                    out.push(Cond::one(Kind::Else, ALL, Level::Class, e));
                }
                (Some(t), Some(e)) if !accepts_all(test) => out.push(Cond {
                    kind: Kind::ThenElse,
                    mask: ALL,
                    level: Level::Class,
                    children: Kids::Many(vec![t, e]),
                    k: 1,
                    or_child: None,
                }),
                _ => {}
            }
        }
    }

    /// Required properties, `dependentSchemas`, `propertyNames`, and
    /// `minProperties` where only declared properties may appear.
    fn object_conds(&self, v: &'v Value, f: &Facts<'v>, out: &mut Vec<Cond<'v>>) {
        let obj = bit(OBJECT);
        let props: &'v [(String, Value)] = v.get("properties").and_then(Value::as_object).unwrap_or_default();
        let patterned = v.get("patternProperties").and_then(Value::as_object).is_some_and(|p| !p.is_empty());
        // Whether a name no property declares matches a pattern is not
        // decided here: with patterns, nothing is said of such names.
        let extra = if patterned { None } else { v.get("additionalProperties").and_then(|s| self.id(s)) };
        let declared = Members::new(props);
        for &name in &f.required {
            if let Some(s) = declared.get(name) {
                if let Some(c) = self.id(s) {
                    out.push(Cond::one(Kind::Required(name, Via::Property), obj, Level::Any, c));
                }
            } else if let Some(a) = extra {
                out.push(Cond::one(Kind::Required(name, Via::Additional), obj, Level::Any, a));
            }
        }
        if self.draft == Draft::Current
            && let Some(Value::Object(deps)) = v.get("dependentSchemas")
        {
            let deps = Members::new(deps);
            for &name in &f.required {
                if let Some(c) = deps.get(name).and_then(|s| self.id(s)) {
                    out.push(Cond::one(Kind::DependentSchema(name), obj, Level::Class, c));
                }
            }
        }
        let min = f.min_props.map_or(0, |c| c.n);
        if (!f.required.is_empty() || min > 0)
            && let Some(c) = v.get("propertyNames").and_then(|s| self.id(s))
        {
            out.push(Cond::one(Kind::PropertyNames, obj, Level::Str, c));
        }
        if let (Some(a), Some(least)) = (extra, f.min_props.filter(|c| c.n > 0)) {
            let children = Kids::Many(props.iter().filter_map(|(_, s)| self.id(s)).collect());
            let kind = Kind::MinMembers(least.text);
            out.push(Cond { kind, mask: obj, level: Level::Any, children, k: least.n, or_child: Some(a) });
        }
    }

    /// The items `minItems` (or `contains`) forces, and `contains`.
    fn array_conds(&self, v: &'v Value, f: &Facts<'v>, out: &mut Vec<Cond<'v>>) {
        let arr = bit(ARRAY);
        if matches!(v.get("items"), Some(Value::Array(_))) {
            // An unmapped tuple: positions are not read.
            return;
        }
        let contains = v.get("contains").and_then(|s| self.id(s));
        let need_contains = if contains.is_some() { f.contains_min() } else { 0 };
        let least = f.min_items.map_or(0, |c| c.n).max(need_contains);
        let prefix: &'v [Value] = v.get("prefixItems").and_then(Value::as_array).unwrap_or_default();
        if self.draft == Draft::Current {
            let forced = usize::try_from(least).unwrap_or(usize::MAX);
            for (i, s) in prefix.iter().enumerate().take(forced) {
                if let Some(c) = self.id(s) {
                    out.push(Cond::one(Kind::Item(least, Some(i)), arr, Level::Any, c));
                }
            }
        }
        if least > prefix.len() as u64
            && let Some(c) = v.get("items").and_then(|s| self.id(s))
        {
            out.push(Cond::one(Kind::Item(least, None), arr, Level::Any, c));
        }
        if let Some(c) = contains
            && need_contains > 0
        {
            out.push(Cond::one(Kind::Contains, arr, Level::Any, c));
        }
    }

    /// Builds the gates and solves them (the least fixpoint).
    fn solve(&mut self) {
        let count = self.nodes.len();
        let mut need = vec![NEVER; count * GATES];
        let mut edges: Vec<(u32, u32)> = Vec::new();
        for n in 0..count as u32 {
            let v = self.nodes[n as usize].value;
            let facts = Facts::read(v, self.draft);
            let local = self.local(v, &facts);
            let any = any_gate(n);
            need[any] = 1;
            for t in classes(local.ok) {
                need[alive_gate(n, t)] = 0;
                edges.push((alive_gate(n, t) as u32, any as u32));
            }
            for c in self.conds(n, &facts) {
                for t in classes(c.mask & local.ok) {
                    wire(&c, n, t, &mut need, &mut edges);
                }
            }
        }
        self.alive = propagate(&mut need, &edges);
    }

    fn any_alive(&self, n: u32) -> bool {
        self.alive[any_gate(n)]
    }

    /// Whether condition `c` holds for kind `t`, once solved.
    fn sat(&self, c: &Cond<'_>, t: usize) -> bool {
        c.or_child.is_some_and(|o| self.any_alive(o))
            || c.children.list().iter().filter(|&&ch| self.alive[input(c.level, ch, t)]).count() as u64 >= c.k
    }

    /// Whether no value at all satisfies the children of `c`.
    fn wholly_dead(&self, c: &Cond<'_>) -> bool {
        c.or_child.is_none_or(|o| !self.any_alive(o)) && c.children.list().iter().all(|&ch| !self.any_alive(ch))
    }

    /// Why dead node `n` is dead.
    fn why(&self, n: u32) -> Why<'v> {
        let v = self.nodes[n as usize].value;
        let facts = Facts::read(v, self.draft);
        let local = self.local(v, &facts);
        if let Some(r) = local.common {
            return Why::plain(r);
        }
        if local.ok == 0 {
            return Why::plain(local.joined());
        }
        let ok = local.ok;
        let conds = self.conds(n, &facts);
        let fails = |c: &Cond<'_>| c.mask & ok == ok && classes(ok).all(|t| !self.sat(c, t));
        if let Some(c) = conds.iter().find(|c| fails(c) && c.single().is_some_and(|ch| !self.any_alive(ch))) {
            let blame = c.single().and_then(|ch| step(c.kind).map(|s| (ch, s)));
            return Why { reason: self.dead_phrase(c), blame };
        }
        if let Some(c) = conds.iter().find(|c| fails(c)) {
            return Why::plain(self.phrase(c, ok));
        }
        let mut parts: Vec<String> = Vec::new();
        for t in classes(ok) {
            if let Some(c) = conds.iter().find(|c| c.mask & bit(t) != 0 && !self.sat(c, t)) {
                let p = self.phrase(c, bit(t));
                if !parts.contains(&p) {
                    parts.push(p);
                }
            }
        }
        if parts.is_empty() {
            return Why::plain("no value satisfies all its keywords".into());
        }
        Why::plain(parts.join("; "))
    }

    /// Why `c` fails for the kinds in `mask`.
    fn phrase(&self, c: &Cond<'v>, mask: u8) -> String {
        if self.wholly_dead(c) || c.level == Level::Any {
            return self.dead_phrase(c);
        }
        let types = names(mask);
        match c.kind {
            Kind::Ref => format!("no {types} satisfies #{}", self.pointer(c.children.list()[0])),
            Kind::AllOf(i) => format!("no {types} satisfies allOf/{i}"),
            Kind::AnyOf => format!("no {types} satisfies any branch of anyOf"),
            Kind::OneOf => format!("no {types} satisfies any branch of oneOf"),
            Kind::ThenElse => format!("no {types} satisfies then or else"),
            Kind::Then => format!("if accepts every value, and no {types} satisfies then"),
            Kind::Else => format!("if refuses every value, and no {types} satisfies else"),
            Kind::DependentSchema(name) => {
                format!("it requires '{name}', and dependentSchemas/{name} admits no object")
            }
            _ => self.dead_phrase(c),
        }
    }

    /// Why `c` fails when its children admit no value.
    fn dead_phrase(&self, c: &Cond<'v>) -> String {
        match c.kind {
            Kind::Ref => format!("it refers to #{}, which no value satisfies", self.pointer(c.children.list()[0])),
            Kind::AllOf(i) => format!("allOf/{i} admits no value"),
            Kind::AnyOf => "every branch of anyOf is dead".into(),
            Kind::OneOf => "every branch of oneOf is dead".into(),
            Kind::ThenElse => "neither then nor else admits a value".into(),
            Kind::Then => "if accepts every value, and then admits none".into(),
            Kind::Else => "if refuses every value, and else admits none".into(),
            Kind::DependentSchema(name) => format!("it requires '{name}', and dependentSchemas/{name} admits no value"),
            Kind::Required(name, Via::Property) => format!("it requires '{name}', which no value satisfies"),
            Kind::Required(name, Via::Additional) => {
                if matches!(self.nodes[c.children.list()[0] as usize].value, Value::Bool(false)) {
                    format!("it requires '{name}', which additionalProperties: false refuses")
                } else {
                    format!("it requires '{name}', and additionalProperties admits no value")
                }
            }
            Kind::Item(least, Some(i)) => {
                format!("it needs at least {least} item{}, and prefixItems/{i} admits no value", plural(least))
            }
            Kind::Item(least, None) => {
                format!("it needs at least {least} item{}, and items admits no value", plural(least))
            }
            Kind::Contains => "contains admits no value, and an item must match it".into(),
            Kind::PropertyNames => "it needs a member, and propertyNames admits no string".into(),
            Kind::MinMembers(min) => {
                format!("minProperties {min} is more than the members its properties and additionalProperties admit")
            }
        }
    }

    /// The JSON pointer of node `n`.
    fn pointer(&self, n: u32) -> String {
        let mut chain = Vec::new();
        let mut cur = n;
        let mut out = loop {
            let node = &self.nodes[cur as usize];
            match &node.pos {
                Pos::Root => break String::new(),
                Pos::Outside(p) => break p.clone(),
                _ => {
                    chain.push(cur);
                    cur = node.parent;
                }
            }
        };
        for &c in chain.iter().rev() {
            out = match self.nodes[c as usize].pos {
                Pos::One(k) => child(&out, k),
                Pos::Listed(k, i) => child_index(&child(&out, k), i),
                Pos::Named(k, name) => child(&child(&out, k), name),
                Pos::Root | Pos::Outside(_) => out,
            };
        }
        out
    }

    /// Whether a dead node is one to report: a branch, a definition, the
    /// root, a property, `items` or a `prefixItems` position; a `false`
    /// property or item only where it is required (elsewhere `false` is how
    /// a schema forbids one), `additionalProperties` only when not `false`.
    fn reportable(&self, n: u32, forced: &mut HashMap<u32, HashSet<u32>>) -> bool {
        let node = &self.nodes[n as usize];
        let is_false = matches!(node.value, Value::Bool(false));
        match node.pos {
            Pos::Root | Pos::Outside(_) => true,
            Pos::Named("$defs" | "definitions", _) | Pos::Listed("anyOf" | "oneOf" | "allOf", _) => true,
            Pos::One("additionalProperties") => !is_false,
            Pos::Named("properties", _) | Pos::One("items") | Pos::Listed("prefixItems", _) => {
                !is_false
                    || forced
                        .entry(node.parent)
                        .or_insert_with(|| {
                            let facts = Facts::read(self.nodes[node.parent as usize].value, self.draft);
                            let conds = self.conds(node.parent, &facts);
                            let needed = conds.iter().filter(|c| matches!(c.kind, Kind::Required(..) | Kind::Item(..)));
                            needed.filter_map(Cond::single).collect()
                        })
                        .contains(&n)
            }
            _ => false,
        }
    }

    /// The dead nodes to report, in document order, with their reasons.
    fn report(&self) -> Vec<DeadBranch> {
        let mut dead: Vec<u32> = (0..self.nodes.len() as u32).filter(|&n| !self.any_alive(n)).collect();
        if self.outside {
            let order = document_order(self.root);
            dead.sort_by_key(|&n| order.get(&std::ptr::from_ref(self.nodes[n as usize].value)).copied());
        }
        let mut forced = HashMap::default();
        let mut blames = HashMap::default();
        let mut out = Vec::new();
        for n in dead {
            if out.len() == MAX_REPORTED {
                break;
            }
            if !self.reportable(n, &mut forced) {
                continue;
            }
            let why = self.why(n);
            let reason = self.cycle(n, &why, &mut blames).unwrap_or(why.reason);
            out.push(DeadBranch { pointer: self.pointer(n), reason });
        }
        out
    }

    /// When the chain of blamed children from `n` comes back to `n`: the
    /// reason saying no finite value satisfies it.
    fn cycle(&self, n: u32, why: &Why<'v>, blames: &mut HashMap<u32, Option<(u32, Step<'v>)>>) -> Option<String> {
        let (first, step) = why.blame?;
        let mut steps = vec![(step, first)];
        let mut seen: HashSet<u32> = HashSet::default();
        seen.insert(n);
        let mut cur = first;
        while cur != n {
            if !seen.insert(cur) {
                return None;
            }
            let next = *blames.entry(cur).or_insert_with(|| self.why(cur).blame);
            let (to, s) = next?;
            steps.push((s, to));
            cur = to;
        }
        // The schemas the references on the way name (a long loop: its first
        // few, then an ellipsis).
        let start = format!("#{}", self.pointer(n));
        let named: Vec<u32> =
            steps.iter().filter(|(s, to)| matches!(s, Step::Ref) && *to != n).map(|&(_, to)| to).collect();
        let mut list = vec![start.clone()];
        list.extend(named.iter().take(SHOWN_IN_LOOP).map(|&to| format!("#{}", self.pointer(to))));
        if named.len() > SHOWN_IN_LOOP {
            list.push("…".into());
        }
        list.push(start);
        let members = steps.iter().any(|(s, _)| matches!(s, Step::Required(_)));
        let items = steps.iter().any(|(s, _)| matches!(s, Step::Item(_) | Step::Contains));
        let through = match (members, items) {
            (true, false) => "required properties",
            (false, true) => "required items",
            (true, true) => "required properties and items",
            (false, false) => "subschemas",
        };
        let opening = match step {
            Step::Required(name) => format!("it requires '{name}'"),
            Step::DependentSchema(name) => format!("it requires '{name}', and so dependentSchemas/{name}"),
            Step::Ref => format!("it refers to #{}", self.pointer(first)),
            Step::AllOf(i) => format!("it needs allOf/{i}"),
            Step::Item(least) => format!("it needs at least {least} item{}", plural(least)),
            Step::Contains => "it needs an item matching contains".into(),
            Step::Then => "it needs then".into(),
            Step::Else => "it needs else".into(),
        };
        Some(format!("no finite value: {opening} ({}), through {through} only", list.join(" → ")))
    }
}

/// The step a single-child condition's failure is blamed on.
fn step(kind: Kind<'_>) -> Option<Step<'_>> {
    match kind {
        Kind::Ref => Some(Step::Ref),
        Kind::AllOf(i) => Some(Step::AllOf(i)),
        Kind::Then => Some(Step::Then),
        Kind::Else => Some(Step::Else),
        Kind::Required(name, _) => Some(Step::Required(name)),
        Kind::DependentSchema(name) => Some(Step::DependentSchema(name)),
        Kind::Item(least, _) => Some(Step::Item(least)),
        Kind::Contains => Some(Step::Contains),
        _ => None,
    }
}

/// The gate of `child` a condition at `level` reads for kind `t`.
fn input(level: Level, child: u32, t: usize) -> usize {
    match level {
        Level::Class => alive_gate(child, t),
        Level::Str => alive_gate(child, STRING),
        Level::Any => any_gate(child),
    }
}

/// Adds condition `c` of node `n` for kind `t`: one more input the node's
/// gate for `t` waits for, from the child's gate or from a gate counting
/// `c.k` of its children (or'ed with `c.or_child`).
fn wire(c: &Cond<'_>, n: u32, t: usize, need: &mut Vec<u32>, edges: &mut Vec<(u32, u32)>) {
    let target = alive_gate(n, t);
    need[target] += 1;
    if let Some(ch) = c.single() {
        edges.push((input(c.level, ch, t) as u32, target as u32));
        return;
    }
    let gate = |count: u32, need: &mut Vec<u32>| {
        need.push(count);
        (need.len() - 1) as u32
    };
    let k = if c.k > c.children.list().len() as u64 { NEVER } else { c.k as u32 };
    let counted = gate(k, need);
    for &ch in c.children.list() {
        edges.push((input(c.level, ch, t) as u32, counted));
    }
    match c.or_child {
        Some(o) => {
            let either = gate(1, need);
            edges.push((counted, either));
            edges.push((any_gate(o) as u32, either));
            edges.push((either, target as u32));
        }
        None => edges.push((counted, target as u32)),
    }
}

/// Opens every gate whose inputs come to be met: each gate once, each edge
/// once.
fn propagate(need: &mut [u32], edges: &[(u32, u32)]) -> Vec<bool> {
    let gates = need.len();
    let mut start = vec![0u32; gates + 1];
    for &(from, _) in edges {
        start[from as usize + 1] += 1;
    }
    for i in 0..gates {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut targets = vec![0u32; edges.len()];
    for &(from, to) in edges {
        targets[fill[from as usize] as usize] = to;
        fill[from as usize] += 1;
    }
    let mut alive = vec![false; gates];
    let mut work: Vec<u32> = (0..gates as u32).filter(|&g| need[g as usize] == 0).collect();
    while let Some(g) = work.pop() {
        if std::mem::replace(&mut alive[g as usize], true) {
            continue;
        }
        for &to in &targets[start[g as usize] as usize..start[g as usize + 1] as usize] {
            let left = &mut need[to as usize];
            if *left != NEVER && *left > 0 {
                *left -= 1;
                if *left == 0 {
                    work.push(to);
                }
            }
        }
    }
    alive
}

/// The schemas a node holds, in document order.
fn schema_children<'v>(value: &'v Value, out: &mut Vec<(&'v Value, Pos<'v>)>) {
    let Value::Object(m) = value else { return };
    for (k, v) in m {
        match (holds(k), v) {
            (Holds::One, _) if is_schema(v) => out.push((v, Pos::One(k))),
            (Holds::List, Value::Array(items)) => {
                out.extend(items.iter().enumerate().filter(|(_, s)| is_schema(s)).map(|(i, s)| (s, Pos::Listed(k, i))));
            }
            (Holds::Map, Value::Object(map)) => {
                out.extend(map.iter().filter(|(_, s)| is_schema(s)).map(|(name, s)| (s, Pos::Named(k, name))));
            }
            _ => {}
        }
    }
}

/// Each value of the document by its place in document order.
fn document_order(root: &Value) -> HashMap<*const Value, usize> {
    let mut order = HashMap::default();
    let mut stack = vec![root];
    while let Some(v) = stack.pop() {
        let next = order.len();
        order.insert(std::ptr::from_ref(v), next);
        match v {
            Value::Object(m) => stack.extend(m.iter().rev().map(|(_, x)| x)),
            Value::Array(a) => stack.extend(a.iter().rev()),
            _ => {}
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{ParseLimits, parse};
    use crate::validate::{Options, Validator};

    fn read(text: &str) -> Value {
        parse(text, ParseLimits { max_bytes: 1 << 26, max_depth: 4096 }).expect(text)
    }

    /// (pointer, reason) of each dead branch of `text`.
    fn dead(text: &str) -> Vec<(String, String)> {
        dead_branches(&read(text)).into_iter().map(|d| (d.pointer, d.reason)).collect()
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(p, r)| ((*p).to_owned(), (*r).to_owned())).collect()
    }

    fn root_dead(text: &str) -> bool {
        dead(text).first().is_some_and(|(p, _)| p.is_empty())
    }

    /// The root's reason, when the root is dead.
    fn root_reason(text: &str) -> Option<String> {
        dead(text).into_iter().find(|(p, _)| p.is_empty()).map(|(_, r)| r)
    }

    #[test]
    fn false_branches_of_unions() {
        assert_eq!(dead(r#"{"anyOf":[false,{"type":"string"}]}"#), pairs(&[("/anyOf/0", "false refuses every value")]));
        assert_eq!(
            dead(r#"{"oneOf":[false,false]}"#),
            pairs(&[
                ("", "every branch of oneOf is dead"),
                ("/oneOf/0", "false refuses every value"),
                ("/oneOf/1", "false refuses every value")
            ])
        );
    }

    #[test]
    fn a_required_false_property_kills_its_object() {
        assert_eq!(
            dead(r#"{"type":"object","properties":{"a":false},"required":["a"]}"#),
            pairs(&[("", "it requires 'a', which no value satisfies"), ("/properties/a", "false refuses every value")])
        );
        // Not required: that is how a schema forbids a member.
        assert_eq!(dead(r#"{"type":"object","properties":{"a":false,"b":{"type":"string"}}}"#), pairs(&[]));
        // Not only an object: a string satisfies it.
        assert!(!root_dead(r#"{"properties":{"a":false},"required":["a"]}"#));
    }

    #[test]
    fn not_of_everything() {
        assert_eq!(root_reason(r#"{"not":{}}"#).as_deref(), Some("not: {} refuses every value"));
        assert_eq!(root_reason(r#"{"not":true}"#).as_deref(), Some("not: true refuses every value"));
        assert_eq!(
            root_reason(r#"{"not":{"description":"anything","title":"t"}}"#).as_deref(),
            Some("not refuses every value: its schema accepts any")
        );
        assert!(!root_dead(r#"{"not":{"type":"string"}}"#));
        assert!(!root_dead(r#"{"not":{"minLength":1}}"#));
        assert_eq!(
            root_reason(r#"{"type":"string","not":{"type":"string"}}"#).as_deref(),
            Some("not refuses every type it allows")
        );
    }

    #[test]
    fn enums_consts_and_types() {
        assert_eq!(root_reason(r#"{"enum":[]}"#).as_deref(), Some("enum lists no value"));
        assert_eq!(root_reason(r#"{"type":[]}"#).as_deref(), Some("type lists no type"));
        assert_eq!(
            root_reason(r#"{"type":"integer","enum":["a",1.5,null]}"#).as_deref(),
            Some("no value of enum is of type integer")
        );
        assert!(!root_dead(r#"{"type":"integer","enum":["a",2.0]}"#));
        assert!(!root_dead(r#"{"type":"number","enum":["a",1.5]}"#));
        assert_eq!(root_reason(r#"{"type":"string","const":1}"#).as_deref(), Some("const is not of type string"));
        assert_eq!(
            root_reason(r#"{"type":["string","null"],"const":1}"#).as_deref(),
            Some("const is not of type null or string")
        );
        assert!(!root_dead(r#"{"type":["string","integer"],"const":1e2}"#));
        assert_eq!(
            root_reason(r#"{"enum":[1,2],"minimum":5}"#).as_deref(),
            Some("no value of enum satisfies its other keywords")
        );
        assert_eq!(
            root_reason(r#"{"const":"abc","maxLength":2}"#).as_deref(),
            Some("const does not satisfy its other keywords")
        );
        assert!(!root_dead(r#"{"enum":[1,"abc"],"minimum":5}"#));
        assert!(!root_dead(r#"{"enum":[10],"multipleOf":5}"#));
        assert!(root_dead(r#"{"enum":[10.5, 12],"multipleOf":5}"#));
    }

    #[test]
    fn contradictory_bounds() {
        let cases = [
            (r#"{"type":"number","minimum":10,"maximum":2}"#, "minimum 10 is above maximum 2"),
            (r#"{"type":"integer","exclusiveMinimum":2,"maximum":2}"#, "exclusiveMinimum 2 is not below maximum 2"),
            (r#"{"type":"number","minimum":2,"exclusiveMaximum":2}"#, "minimum 2 is not below exclusiveMaximum 2"),
            (
                r#"{"type":"number","exclusiveMinimum":2,"exclusiveMaximum":2}"#,
                "exclusiveMinimum 2 is not below exclusiveMaximum 2",
            ),
            // Exact decimals: as doubles the two are equal.
            (
                r#"{"type":"number","minimum":0.30000000000000001,"maximum":0.3}"#,
                "minimum 0.30000000000000001 is above maximum 0.3",
            ),
            (
                r#"{"type":"integer","minimum":1.5,"maximum":1.7}"#,
                "no integer lies between minimum 1.5 and maximum 1.7",
            ),
            (
                r#"{"type":"integer","exclusiveMinimum":1,"exclusiveMaximum":2}"#,
                "no integer lies between exclusiveMinimum 1 and exclusiveMaximum 2",
            ),
            (
                r#"{"type":"number","multipleOf":5,"minimum":1,"maximum":4}"#,
                "no multiple of 5 lies between minimum 1 and maximum 4",
            ),
            (r#"{"type":"string","minLength":5,"maxLength":2}"#, "minLength 5 is above maxLength 2"),
            (r#"{"type":"array","minItems":3,"maxItems":1}"#, "minItems 3 is above maxItems 1"),
            (r#"{"type":"array","contains":{},"maxItems":0}"#, "contains needs at least 1 item, above maxItems 0"),
            (
                r#"{"type":"array","contains":{},"minContains":3,"maxContains":2}"#,
                "minContains 3 is above maxContains 2",
            ),
            (r#"{"type":"object","minProperties":3,"maxProperties":1}"#, "minProperties 3 is above maxProperties 1"),
            (
                r#"{"type":"object","required":["a","b","a"],"maxProperties":1}"#,
                "it requires 2 properties, above maxProperties 1",
            ),
            (
                r#"{"type":"object","required":["a"],"dependentRequired":{"a":["b","c"]},"maxProperties":2}"#,
                "it requires 3 properties, above maxProperties 2",
            ),
        ];
        for (schema, reason) in cases {
            assert_eq!(root_reason(schema).as_deref(), Some(reason), "{schema}");
        }
        for alive in [
            r#"{"type":"number","minimum":2,"maximum":2}"#,
            r#"{"type":"number","minimum":1.5,"maximum":1.7}"#,
            r#"{"type":"number","exclusiveMinimum":1,"exclusiveMaximum":2}"#,
            r#"{"type":"integer","multipleOf":5,"minimum":1,"maximum":5}"#,
            r#"{"type":"integer","multipleOf":0.5,"minimum":1,"maximum":1.9}"#,
            r#"{"type":"integer","minimum":-2.5,"maximum":-2}"#,
            r#"{"type":"string","minLength":2,"maxLength":2}"#,
            r#"{"type":"object","required":["a","b"],"maxProperties":2}"#,
            r#"{"type":"array","contains":{},"minContains":0,"maxItems":0}"#,
            r#"{"minimum":1e400,"maximum":1e399,"type":["number","string"]}"#,
        ] {
            assert!(!root_dead(alive), "{alive}");
        }
    }

    #[test]
    fn bounds_apply_only_to_their_type() {
        assert!(!root_dead(r#"{"type":["string","object"],"minLength":5,"maxLength":2}"#));
        assert!(!root_dead(r#"{"minimum":10,"maximum":2}"#));
        assert!(!root_dead(r#"{"minItems":3,"maxItems":1,"minLength":4,"maxLength":1}"#));
        assert_eq!(
            root_reason(r#"{"type":["string","array"],"minLength":5,"maxLength":2,"minItems":3,"maxItems":1}"#)
                .as_deref(),
            Some("minLength 5 is above maxLength 2; minItems 3 is above maxItems 1")
        );
        assert!(!root_dead(r#"{"type":["object","null"],"required":["a"],"properties":{"a":{"enum":[]}}}"#));
        assert!(!root_dead(r#"{"required":["a"],"maxProperties":0}"#));
    }

    #[test]
    fn dead_children_kill_what_needs_them() {
        assert_eq!(
            dead(r#"{"allOf":[{"type":"string"},{"enum":[]}]}"#),
            pairs(&[("", "allOf/1 admits no value"), ("/allOf/1", "enum lists no value")])
        );
        assert_eq!(
            dead(r#"{"type":"string","allOf":[{"type":"integer"}]}"#),
            pairs(&[("", "no string satisfies allOf/0")])
        );
        assert_eq!(
            dead(r#"{"type":"string","anyOf":[{"type":"integer"},{"type":"null"}]}"#),
            pairs(&[("", "no string satisfies any branch of anyOf")])
        );
        assert_eq!(
            dead(r##"{"$defs":{"d":{"enum":[]}},"properties":{"x":{"$ref":"#/$defs/d"}}}"##),
            pairs(&[
                ("/$defs/d", "enum lists no value"),
                ("/properties/x", "it refers to #/$defs/d, which no value satisfies")
            ])
        );
        assert_eq!(
            dead(r##"{"$defs":{"s":{"type":"string"}},"type":"object","allOf":[{"$ref":"#/$defs/s"}]}"##),
            pairs(&[("", "no object satisfies allOf/0")])
        );
        assert_eq!(
            dead(r#"{"type":"object","required":["a"],"properties":{"a":{"anyOf":[{"enum":[]},false]}}}"#),
            pairs(&[
                ("", "it requires 'a', which no value satisfies"),
                ("/properties/a", "every branch of anyOf is dead"),
                ("/properties/a/anyOf/0", "enum lists no value"),
                ("/properties/a/anyOf/1", "false refuses every value")
            ])
        );
        assert_eq!(
            root_reason(r#"{"if":{"type":"string"},"then":false,"else":false}"#).as_deref(),
            Some("neither then nor else admits a value")
        );
        assert!(!root_dead(r#"{"if":{"type":"string"},"then":false}"#));
        assert_eq!(
            root_reason(r#"{"if":true,"then":{"enum":[]}}"#).as_deref(),
            Some("if accepts every value, and then admits none")
        );
        assert_eq!(
            root_reason(r#"{"type":"object","required":["a"],"propertyNames":{"type":"integer"}}"#).as_deref(),
            Some("it needs a member, and propertyNames admits no string")
        );
        assert_eq!(
            root_reason(r#"{"type":"object","required":["a"],"dependentSchemas":{"a":{"type":"string"}}}"#).as_deref(),
            Some("it requires 'a', and dependentSchemas/a admits no object")
        );
        assert!(!root_dead(r#"{"type":"object","dependentSchemas":{"a":false}}"#));
    }

    #[test]
    fn items_and_members() {
        assert_eq!(
            dead(r#"{"type":"array","minItems":1,"items":{"enum":[]}}"#),
            pairs(&[("", "it needs at least 1 item, and items admits no value"), ("/items", "enum lists no value")])
        );
        assert_eq!(dead(r#"{"type":"array","items":{"enum":[]}}"#), pairs(&[("/items", "enum lists no value")]));
        assert_eq!(
            dead(r#"{"type":"array","prefixItems":[{"type":"string"},false],"minItems":2}"#),
            pairs(&[
                ("", "it needs at least 2 items, and prefixItems/1 admits no value"),
                ("/prefixItems/1", "false refuses every value")
            ])
        );
        assert_eq!(dead(r#"{"type":"array","prefixItems":[{"type":"string"},false]}"#), pairs(&[]));
        assert_eq!(dead(r#"{"type":"array","prefixItems":[{"type":"string"}],"items":false}"#), pairs(&[]));
        assert_eq!(
            dead(r#"{"type":"array","prefixItems":[{"type":"string"}],"items":false,"minItems":2}"#),
            pairs(&[
                ("", "it needs at least 2 items, and items admits no value"),
                ("/items", "false refuses every value")
            ])
        );
        assert_eq!(
            root_reason(r#"{"type":"array","contains":false}"#).as_deref(),
            Some("contains admits no value, and an item must match it")
        );
        assert_eq!(
            dead(r#"{"type":"object","additionalProperties":{"type":"string","minLength":3,"maxLength":1}}"#),
            pairs(&[("/additionalProperties", "minLength 3 is above maxLength 1")])
        );
        assert_eq!(
            dead(r#"{"type":"object","required":["z"],"properties":{"a":{}},"additionalProperties":false}"#),
            pairs(&[("", "it requires 'z', which additionalProperties: false refuses")])
        );
        assert!(!root_dead(
            r#"{"type":"object","required":["z"],"patternProperties":{"^a":{}},"additionalProperties":false}"#
        ));
        assert_eq!(
            root_reason(r#"{"type":"object","additionalProperties":false,"minProperties":1}"#).as_deref(),
            Some("minProperties 1 is more than the members its properties and additionalProperties admit")
        );
        assert!(!root_dead(
            r#"{"type":"object","properties":{"a":{}},"additionalProperties":false,"minProperties":1}"#
        ));
        assert!(root_dead(
            r#"{"type":"object","properties":{"a":false,"b":{}},"additionalProperties":false,"minProperties":2}"#
        ));
    }

    #[test]
    fn mutually_required_recursion_has_no_finite_value() {
        let schema = r##"{"$defs":{
            "A":{"type":"object","required":["b"],"properties":{"b":{"$ref":"#/$defs/B"}}},
            "B":{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/A"}}}},
            "$ref":"#/$defs/A"}"##;
        assert_eq!(
            dead(schema),
            pairs(&[
                ("", "it refers to #/$defs/A, which no value satisfies"),
                (
                    "/$defs/A",
                    "no finite value: it requires 'b' (#/$defs/A → #/$defs/B → #/$defs/A), through required properties only"
                ),
                (
                    "/$defs/A/properties/b",
                    "no finite value: it refers to #/$defs/B (#/$defs/A/properties/b → #/$defs/B → #/$defs/A → #/$defs/A/properties/b), through required properties only"
                ),
                (
                    "/$defs/B",
                    "no finite value: it requires 'a' (#/$defs/B → #/$defs/A → #/$defs/B), through required properties only"
                ),
                (
                    "/$defs/B/properties/a",
                    "no finite value: it refers to #/$defs/A (#/$defs/B/properties/a → #/$defs/A → #/$defs/B → #/$defs/B/properties/a), through required properties only"
                ),
            ])
        );
        assert_eq!(
            root_reason(r##"{"type":"object","required":["next"],"properties":{"next":{"$ref":"#"}}}"##).as_deref(),
            Some("no finite value: it requires 'next' (# → #), through required properties only")
        );
        assert_eq!(
            root_reason(r##"{"type":"array","minItems":1,"items":{"$ref":"#"}}"##).as_deref(),
            Some("no finite value: it needs at least 1 item (# → #), through required items only")
        );
    }

    #[test]
    fn optional_recursion_is_alive() {
        assert_eq!(
            dead(r##"{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}}}"##),
            pairs(&[])
        );
        assert_eq!(
            dead(
                r##"{"type":"object","required":["next"],"properties":{"next":{"anyOf":[{"$ref":"#"},{"type":"null"}]}}}"##
            ),
            pairs(&[])
        );
        assert_eq!(dead(r##"{"type":"array","items":{"$ref":"#"}}"##), pairs(&[]));
        // Recursion through a type that does not need the member.
        assert_eq!(
            dead(r##"{"type":["object","string"],"required":["next"],"properties":{"next":{"$ref":"#"}}}"##),
            pairs(&[])
        );
    }

    #[test]
    fn references_to_anchors_and_outside_schemas() {
        assert_eq!(
            dead(
                r##"{"properties":{"x":{"$ref":"#/components/never"},"y":{"$ref":"#bad"}},
                "components":{"never":{"type":"string","minLength":2,"maxLength":1}},
                "$defs":{"b":{"$anchor":"bad","enum":[]}}}"##
            ),
            pairs(&[
                ("/properties/x", "it refers to #/components/never, which no value satisfies"),
                ("/properties/y", "it refers to #/$defs/b, which no value satisfies"),
                ("/components/never", "minLength 2 is above maxLength 1"),
                ("/$defs/b", "enum lists no value"),
            ])
        );
    }

    #[test]
    fn draft_7_references_hide_their_siblings() {
        let schema = r##"{"$schema":"http://json-schema.org/draft-07/schema#",
            "definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s","enum":[]}"##;
        assert_eq!(dead(schema), pairs(&[]));
        assert_eq!(dead(r#"{"$schema":"http://json-schema.org/draft-04/schema#","enum":[]}"#), pairs(&[]));
    }

    #[test]
    fn a_large_union() {
        let branches: Vec<String> =
            (0..1000).map(|i| format!(r#"{{"type":"string","minLength":{},"maxLength":{i}}}"#, i + 1)).collect();
        let all_dead = format!(r#"{{"anyOf":[{}]}}"#, branches.join(","));
        let found = dead(&all_dead);
        assert_eq!(found.len(), MAX_REPORTED);
        assert_eq!(found[0], (String::new(), "every branch of anyOf is dead".to_owned()));
        assert_eq!(found[1], ("/anyOf/0".to_owned(), "minLength 1 is above maxLength 0".to_owned()));
        assert_eq!(found[99].0, "/anyOf/98");
        let one_alive = format!(r#"{{"anyOf":[{},{{"type":"string"}}]}}"#, branches.join(","));
        let found = dead(&one_alive);
        assert_eq!(found.len(), MAX_REPORTED);
        assert_eq!(found[0].0, "/anyOf/0");
        // A union whose branches refer to each other's definitions.
        let defs: Vec<String> = (0..1000)
            .map(|i| {
                format!(
                    r##""d{i}":{{"type":"object","required":["n"],"properties":{{"n":{{"$ref":"#/$defs/d{}"}}}}}}"##,
                    (i + 1) % 1000
                )
            })
            .collect();
        let refs: Vec<String> = (0..1000).map(|i| format!(r##"{{"$ref":"#/$defs/d{i}"}}"##)).collect();
        let ring = format!(r#"{{"$defs":{{{}}},"anyOf":[{}]}}"#, defs.join(","), refs.join(","));
        let value = read(&ring);
        let started = std::time::Instant::now();
        let found: Vec<(String, String)> = dead_branches(&value).into_iter().map(|d| (d.pointer, d.reason)).collect();
        println!("a ring of 1,000 definitions under a union, analysis alone: {:?}", started.elapsed());
        assert_eq!(found[0], (String::new(), "every branch of anyOf is dead".to_owned()));
        assert_eq!(
            found[1],
            (
                "/$defs/d0".to_owned(),
                "no finite value: it requires 'n' (#/$defs/d0 → #/$defs/d1 → #/$defs/d2 → #/$defs/d3 → #/$defs/d4 → #/$defs/d5 → #/$defs/d6 → … → #/$defs/d0), through required properties only".to_owned()
            )
        );
    }

    #[test]
    fn a_schema_of_twenty_thousand_nodes() {
        let props: Vec<String> = (0..20_000).map(|i| format!(r#""p{i}":{{"type":"string"}}"#)).collect();
        let names: Vec<String> = (0..20_000).map(|i| format!(r#""p{i}""#)).collect();
        let alive =
            format!(r#"{{"type":"object","properties":{{{}}},"required":[{}]}}"#, props.join(","), names.join(","));
        let value = read(&alive);
        let started = std::time::Instant::now();
        assert_eq!(dead_branches(&value), vec![]);
        println!("20,000 nodes, analysis alone: {:?}", started.elapsed());
        let mut props = props;
        props[19_999] = r#""p19999":{"type":"integer","minimum":3,"maximum":1}"#.into();
        let last_dead =
            format!(r#"{{"type":"object","properties":{{{}}},"required":[{}]}}"#, props.join(","), names.join(","));
        assert_eq!(
            dead(&last_dead),
            pairs(&[
                ("", "it requires 'p19999', which no value satisfies"),
                ("/properties/p19999", "minimum 3 is above maximum 1")
            ])
        );
    }

    /// `text` parsed, and later dropped, on a thread with a large stack (the
    /// parser and `Drop` recurse; the analysis, run here, does not).
    fn on_big_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::Builder::new().stack_size(256 << 20).spawn(f).expect("a thread").join().expect("no panic")
    }

    #[test]
    fn deep_nesting() {
        let depth = 400;
        let mut schema = r#"{"enum":[]}"#.to_owned();
        let mut optional = schema.clone();
        for _ in 0..depth {
            schema = format!(r#"{{"type":"object","required":["a"],"properties":{{"a":{schema}}}}}"#);
            optional = format!(r#"{{"type":"object","properties":{{"a":{optional}}}}}"#);
        }
        let (required, optional) = on_big_stack(move || (read(&schema), read(&optional)));
        let found = dead_branches(&required);
        assert_eq!(found.len(), MAX_REPORTED);
        assert_eq!(
            found[0],
            DeadBranch { pointer: String::new(), reason: "it requires 'a', which no value satisfies".into() }
        );
        assert_eq!(found[1].pointer, "/properties/a");
        assert_eq!(found[99].pointer, "/properties/a".repeat(99));
        let found = dead_branches(&optional);
        assert_eq!(
            found,
            vec![DeadBranch { pointer: "/properties/a".repeat(depth), reason: "enum lists no value".into() }]
        );
        on_big_stack(move || drop((required, optional)));
    }

    /// Values to try against schemas: scalars, small arrays and objects.
    fn candidates() -> Vec<String> {
        let scalars = [
            "null",
            "true",
            "false",
            "-1",
            "0",
            "0.5",
            "1",
            "1.5",
            "2",
            "3",
            "4",
            "5",
            "10",
            "100",
            r#""""#,
            r#""a""#,
            r#""ab""#,
            r#""abc""#,
            r#""abcdef""#,
        ];
        let mut out: Vec<String> = scalars.iter().map(|s| (*s).to_owned()).collect();
        let small = ["null", "1", "0.5", r#""a""#, "[]", "{}", "true"];
        out.push("[]".into());
        for a in small {
            out.push(format!("[{a}]"));
            for b in small {
                out.push(format!("[{a},{b}]"));
            }
        }
        out.push("[1,2,3]".into());
        out.push(r#"["a","b","c","d"]"#.into());
        out.push("{}".into());
        let keys = ["a", "b", "c", "x", "z", "next", "n"];
        for k in keys {
            for v in small {
                out.push(format!(r#"{{"{k}":{v}}}"#));
            }
        }
        for v in small {
            out.push(format!(r#"{{"a":{v},"b":{v}}}"#));
            out.push(format!(r#"{{"a":{v},"b":{v},"c":{v}}}"#));
            out.push(format!(r#"{{"a":{{"b":{v}}},"b":{{"a":{v}}}}}"#));
        }
        out
    }

    #[test]
    fn what_is_reported_dead_at_the_root_accepts_no_value() {
        // (schema, whether the root is dead)
        let schemas: &[(&str, bool)] = &[
            (r#"{"anyOf":[false,false]}"#, true),
            (r#"{"anyOf":[false,{"type":"string"}]}"#, false),
            (r#"{"type":"object","properties":{"a":false},"required":["a"]}"#, true),
            (r#"{"type":"object","properties":{"a":false}}"#, false),
            (r#"{"properties":{"a":false},"required":["a"]}"#, false),
            (r#"{"not":{}}"#, true),
            (r#"{"not":{"description":"d"}}"#, true),
            (r#"{"not":{"type":"string"}}"#, false),
            (r#"{"type":"string","not":{"type":"string"}}"#, true),
            (r#"{"enum":[]}"#, true),
            (r#"{"type":"integer","enum":["a",1.5]}"#, true),
            (r#"{"type":"integer","enum":["a",2.0]}"#, false),
            (r#"{"type":"string","const":1}"#, true),
            (r#"{"enum":[1,2],"minimum":5}"#, true),
            (r#"{"type":"number","minimum":10,"maximum":2}"#, true),
            (r#"{"type":"number","exclusiveMinimum":2,"maximum":2}"#, true),
            (r#"{"type":"number","minimum":2,"maximum":2}"#, false),
            (r#"{"type":"integer","minimum":1.5,"maximum":1.7}"#, true),
            (r#"{"type":"number","minimum":1.5,"maximum":1.7}"#, false),
            (r#"{"type":"integer","multipleOf":5,"minimum":1,"maximum":4}"#, true),
            (r#"{"type":"integer","multipleOf":5,"minimum":1,"maximum":5}"#, false),
            (r#"{"type":"string","minLength":5,"maxLength":2}"#, true),
            (r#"{"type":["string","object"],"minLength":5,"maxLength":2}"#, false),
            (r#"{"minimum":10,"maximum":2}"#, false),
            (r#"{"type":"array","minItems":3,"maxItems":1}"#, true),
            (r#"{"type":"object","minProperties":3,"maxProperties":1}"#, true),
            (r#"{"type":"object","required":["a","b"],"maxProperties":1}"#, true),
            (r#"{"type":"object","required":["a","b"],"maxProperties":2}"#, false),
            (r#"{"allOf":[{"type":"string"},{"enum":[]}]}"#, true),
            (r#"{"type":"string","allOf":[{"type":"integer"}]}"#, true),
            (r#"{"anyOf":[{"type":"string","maxLength":0,"minLength":1},{"enum":[]}]}"#, true),
            (r#"{"type":"array","minItems":1,"items":{"enum":[]}}"#, true),
            (r#"{"type":"array","items":{"enum":[]}}"#, false),
            (r#"{"type":"array","prefixItems":[{"type":"string"},false],"minItems":2}"#, true),
            (r#"{"type":"array","prefixItems":[{"type":"string"},false]}"#, false),
            (r#"{"type":"array","contains":false}"#, true),
            (r#"{"type":"array","contains":{"type":"string"},"maxItems":0}"#, true),
            (r#"{"type":"object","required":["z"],"additionalProperties":false}"#, true),
            (r#"{"type":"object","additionalProperties":false,"minProperties":1}"#, true),
            (r#"{"type":"object","properties":{"a":{}},"additionalProperties":false,"minProperties":1}"#, false),
            (r#"{"if":{"type":"string"},"then":false,"else":false}"#, true),
            (r#"{"if":{"type":"string"},"then":false}"#, false),
            (r#"{"type":"object","required":["a"],"propertyNames":{"maxLength":0}}"#, false),
            (r#"{"type":"object","required":["a"],"propertyNames":false}"#, true),
            (r#"{"type":"object","required":["a"],"dependentSchemas":{"a":{"type":"string"}}}"#, true),
            (r#"{"type":"object","required":["a"],"dependentRequired":{"a":["b","c"]},"maxProperties":2}"#, true),
            (
                r##"{"$defs":{"A":{"type":"object","required":["b"],"properties":{"b":{"$ref":"#/$defs/B"}}},
                  "B":{"type":"object","required":["a"],"properties":{"a":{"$ref":"#/$defs/A"}}}},"$ref":"#/$defs/A"}"##,
                true,
            ),
            (r##"{"type":"object","required":["next"],"properties":{"next":{"$ref":"#"}}}"##, true),
            (r##"{"type":"object","properties":{"next":{"$ref":"#"}}}"##, false),
            (
                r##"{"type":"object","required":["n"],"properties":{"n":{"anyOf":[{"$ref":"#"},{"type":"null"}]}}}"##,
                false,
            ),
            (
                r##"{"$defs":{"n":{"type":"object","properties":{"next":{"$ref":"#/$defs/n"}}}},"$ref":"#/$defs/n"}"##,
                false,
            ),
            (
                r##"{"$schema":"http://json-schema.org/draft-07/schema#","definitions":{"s":{"type":"string"}},"$ref":"#/definitions/s","enum":[]}"##,
                false,
            ),
            (r#"{"const":"abc","maxLength":2}"#, true),
            (r#"{"enum":[10.5,12],"multipleOf":5}"#, true),
            (r#"{"enum":[10.5,15],"multipleOf":5}"#, false),
            (r#"{"type":"integer","exclusiveMinimum":1,"exclusiveMaximum":2}"#, true),
            (r#"{"type":"number","exclusiveMinimum":1,"exclusiveMaximum":2}"#, false),
            (r#"{"type":"number","minimum":0.30000000000000001,"maximum":0.3}"#, true),
            (r#"{"type":"object","required":["a"],"propertyNames":{"type":"integer"}}"#, true),
            (r#"{"type":["object","string"],"required":["a"],"propertyNames":{"type":"integer"}}"#, false),
            (r#"{"type":"array","contains":{},"minContains":3,"maxContains":2}"#, true),
            (r#"{"type":"array","contains":{},"minContains":0,"maxItems":0}"#, false),
            (r#"{"if":true,"then":{"enum":[]}}"#, true),
            (r#"{"if":false,"then":{"enum":[]}}"#, false),
            (
                r#"{"type":"object","properties":{"a":false,"b":{}},"additionalProperties":false,"minProperties":2}"#,
                true,
            ),
            (r#"{"type":"array","prefixItems":[{"type":"string"}],"items":false,"minItems":2}"#, true),
        ];
        assert!(schemas.len() >= 30);
        let values = candidates();
        let options = Options { any_value: true, ..Options::default() };
        for &(schema, expected) in schemas {
            let validator = Validator::compile(schema, options).unwrap_or_else(|d| panic!("{schema}: {d:?}"));
            let reported = root_dead(schema);
            assert_eq!(reported, expected, "{schema}: {:?}", dead(schema));
            if reported {
                for v in &values {
                    assert!(validator.validate(v).is_err(), "{schema} is reported dead, and {v} is valid");
                }
            }
        }
    }

    #[test]
    fn real_tool_schemas() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/real-tool-schemas/schemas");
        let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the real schemas").map(|e| e.unwrap().path()).collect();
        files.retain(|p| p.extension().is_some_and(|e| e == "json"));
        files.sort();
        assert!(!files.is_empty());
        let mut reported = 0;
        for path in &files {
            let text = std::fs::read_to_string(path).unwrap();
            let Ok((mut schema, _)) = Validator::usable_schema(&text) else {
                println!("{}: not usable", path.display());
                continue;
            };
            if crate::validate::legacy::earlier_draft(&schema) {
                crate::validate::legacy::to_2020(&mut schema);
            }
            for d in dead_branches(&schema) {
                reported += 1;
                let name = path.file_name().unwrap().to_string_lossy();
                println!("{name}: {:?} {}", d.pointer, d.reason);
            }
        }
        println!("{} schemas, {reported} dead branches", files.len());
    }
}
