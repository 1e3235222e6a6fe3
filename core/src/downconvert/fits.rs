//! Whether a target takes a schema **unchanged**: the schema already obeys
//! every rule of the target's profile, so it could be sent as it is.
//! [`fits`] says why not (the first reason found, at the JSON pointer of its
//! node, `$` for the root); [`fitting`] asks the same of many profiles in
//! one walk over the schema, as a bitmask.
//!
//! A schema fits profile `p` when all of these hold, as the converter
//! applies `p` (each rule is one the converter would otherwise change):
//!
//! - **Keywords.** Every member of every schema position is a keyword `p`
//!   takes as it is: `accepted`, or `unenforced` (kept, only not enforced:
//!   the schema is still sent unchanged). A `limited` one only with a value
//!   it lists: `values` (a number among them), `formats` (the format among
//!   them), `regex` ([`regex_fits`]), `kinds` (for `enum` and `const`: every
//!   value's JSON kind listed), `false-only` (the value is `false`).
//!   `rejected`, `not-listed` and `dropped` keywords do not fit. So `const`
//!   fits only where `p` takes it (`constAsEnum` rewrites it exactly where `p`
//!   does not), `oneOf` likewise (`oneOfAsAnyOf`), and a tuple only where `p`
//!   takes `prefixItems`.
//! - **Schema positions** are the values `properties`, `patternProperties`,
//!   `$defs`, `definitions` and `dependentSchemas` map names to, the entries
//!   of `anyOf`, `allOf`, `oneOf` and `prefixItems`, and `items`,
//!   `additionalProperties`, `not`, `if`, `then`, `else`, `contains`,
//!   `propertyNames`, `unevaluatedItems`, `unevaluatedProperties`. Property
//!   and definition names are no keywords. `true` is read as `{}`; `false`
//!   fits. Nesting deeper than four times the converter's depth is not walked
//!   and does not fit.
//! - **References.** A `$ref` leads to a schema inside the root and stands
//!   alone in its node (the converter moves a kept reference's siblings into
//!   a wrapping `anyOf`: some targets refuse keywords beside it).
//! - `closedObjects`: every object schema (its `type` names `object`, or it
//!   has no `type` and has `properties`) has `additionalProperties: false`.
//! - `requireAllProperties`: every node with `properties` lists each of them
//!   in `required`.
//! - `dictionariesAsPairs`: no dictionary, an object schema without
//!   `properties` or `patternProperties` whose `additionalProperties` is a
//!   schema or `true` (as the converter tells one; an object that declares
//!   properties keeps a schema for the others where `p` takes one).
//! - `anyAsJsonText`: every schema position says what its value is: it has
//!   `type`, `anyOf`, `allOf`, `enum`, `const` or `$ref` (`oneOf` alone does
//!   not: the converter writes it as JSON text too), and is neither an open
//!   object (`type` names `object`; no `properties`, `patternProperties` or
//!   composition; `additionalProperties` neither `false` nor a schema) nor
//!   an open array (`type` names `array`; no `items`, `prefixItems` or
//!   composition). `true` and `{}` are open.
//! - `propertyOrdering`: every node with `properties` has a
//!   `propertyOrdering` naming each of them once (in any order).
//! - `rootObject`: the root is an object schema whose `type` is `"object"`,
//!   with no `anyOf` or `oneOf`.
//! - `typeLists` false: no `type` is a list.
//! - `recursion`: `refuse`, no reference cycle ([`find_recursion`]);
//!   `keep-optional`, none through required properties only
//!   ([`find_required_recursion`]); `keep`, any.
//! - **Limits** of scope `schema`: the schema, measured as
//!   [`budget::measure`] measures a converted one, is within each. Upper
//!   bounds of every count are gathered in the walk; a schema within them all
//!   is not measured (only a large one is, once, through [`Out::of`]).

use super::budget::{self, Measure, Scope};
use super::convert::{MAX_DEPTH, find_recursion, find_required_recursion, resolve, type_names};
use super::out::Out;
use super::profile::{Profile, Recursion, Support, regex_fits, value_kind};
use crate::applicators::{Holds, holds};
use crate::json::Value;

/// The deepest nesting of schemas walked.
const DEEPEST: usize = 4 * MAX_DEPTH;

/// Whether `p` takes `root` unchanged; else the first reason found,
/// `"<pointer>: <why>"` (`"/properties/n: anthropic-tools rejects minimum"`).
pub fn fits(p: &Profile, root: &Value) -> Result<(), String> {
    let profiles = [p];
    let mut walk = Walk::new(&profiles, root, true);
    walk.run();
    match walk.reason {
        Some(why) => Err(why),
        None if walk.alive == 1 => Ok(()),
        None => Err("$: the schema does not fit".into()),
    }
}

/// Which of `profiles` take `root` unchanged: bit `i` set when
/// `profiles[i]` does ([`fits`] of each, in one walk). Only the first 64
/// profiles are asked.
pub fn fitting(profiles: &[&Profile], root: &Value) -> u64 {
    let profiles = &profiles[..profiles.len().min(64)];
    let mut walk = Walk::new(profiles, root, false);
    walk.run();
    walk.alive
}

/// How the profiles treat one keyword: `ok`, as it is; `cond`, depending on
/// its value; the others refuse it.
#[derive(Clone, Copy)]
struct Masks {
    ok: u64,
    cond: u64,
}

/// The profiles (as bits) each reshaping rule applies to.
#[derive(Clone, Copy, Default)]
struct Flags {
    closed: u64,
    all_required: u64,
    pairs: u64,
    json_text: u64,
    ordering: u64,
    root_object: u64,
    no_type_lists: u64,
    refuse: u64,
    keep_optional: u64,
    limits: u64,
    /// A `$ref` stands alone in its node (every profile).
    alone: u64,
}

/// Upper bounds of the counts [`budget::measure`] makes, gathered in the
/// walk (over every schema position, where the measure visits some).
#[derive(Clone, Copy, Default)]
struct Seen {
    properties: u64,
    unions: u64,
    nesting: u64,
    enum_values: u64,
    /// Bytes (at least the characters) of property and definition names,
    /// string enum values and string consts.
    text: u64,
    refs: bool,
}

impl Seen {
    fn bound(&self) -> Measure {
        Measure {
            properties: self.properties,
            optional_parameters: self.properties,
            unions: self.unions,
            nesting: self.nesting,
            enum_values: self.enum_values,
            string_length: self.text,
            large_enum_length: self.text,
        }
    }
}

/// One segment of the pointer to the node being walked.
#[derive(Clone, Copy)]
enum Seg<'v> {
    Key(&'v str),
    Index(usize),
}

/// What a node says of itself, found in one pass over its members.
#[derive(Default)]
struct Facts<'v> {
    ty: Option<&'v Value>,
    properties: Option<&'v Value>,
    required: &'v [Value],
    additional: Option<&'v Value>,
    ordering: Option<&'v Value>,
    reference: bool,
    says_what: bool,
    items: bool,
    composed: bool,
    /// `anyOf` or `oneOf` (refused at the root).
    union: bool,
    /// `anyOf` or a list of more than one type: a union as the measure counts.
    counted_union: bool,
    pattern_properties: bool,
}

impl<'v> Facts<'v> {
    fn of(members: &'v [(String, Value)]) -> Facts<'v> {
        let mut f = Facts::default();
        for (k, v) in members {
            match k.as_str() {
                "type" => {
                    f.ty = f.ty.or(Some(v));
                    f.says_what = true;
                    f.counted_union |= matches!(v, Value::Array(ts) if ts.len() > 1);
                }
                "properties" => f.properties = f.properties.or(Some(v)),
                "required" => f.required = v.as_array().unwrap_or_default(),
                "additionalProperties" => f.additional = f.additional.or(Some(v)),
                "propertyOrdering" => f.ordering = Some(v),
                "items" | "prefixItems" => f.items = true,
                "anyOf" => {
                    (f.composed, f.union, f.says_what, f.counted_union) = (true, true, true, true);
                }
                "oneOf" => (f.composed, f.union) = (true, true),
                "allOf" => (f.composed, f.says_what) = (true, true),
                "enum" | "const" => f.says_what = true,
                "$ref" => (f.reference, f.says_what) = (true, true),
                "patternProperties" => f.pattern_properties = true,
                _ => {}
            }
        }
        f
    }
}

struct Walk<'a, 'v> {
    profiles: &'a [&'a Profile],
    root: &'v Value,
    /// The profiles that still take the schema.
    alive: u64,
    /// Say why (one profile): the first reason, with its pointer.
    explain: bool,
    reason: Option<String>,
    path: Vec<Seg<'v>>,
    /// Each keyword met so far, with its [`crate::json::key_bit`], and how
    /// the profiles treat it.
    rules: Vec<(u64, &'v str, Masks)>,
    flags: Flags,
    seen: Seen,
}

impl<'a, 'v> Walk<'a, 'v> {
    fn new(profiles: &'a [&'a Profile], root: &'v Value, explain: bool) -> Walk<'a, 'v> {
        let mut flags = Flags::default();
        for (i, p) in profiles.iter().enumerate() {
            let bit = |on: bool| u64::from(on) << i;
            flags.closed |= bit(p.closed_objects);
            flags.all_required |= bit(p.require_all_properties);
            flags.pairs |= bit(p.dictionaries_as_pairs);
            flags.json_text |= bit(p.any_as_json_text);
            flags.ordering |= bit(p.property_ordering);
            flags.root_object |= bit(p.root_object);
            flags.no_type_lists |= bit(!p.type_lists);
            flags.refuse |= bit(p.recursion == Recursion::Refuse);
            flags.keep_optional |= bit(p.recursion == Recursion::KeepOptional);
            flags.limits |= bit(p.limits.iter().any(|l| l.scope == Scope::Schema));
            flags.alone |= bit(true);
        }
        let alive = if profiles.len() >= 64 { u64::MAX } else { (1u64 << profiles.len()) - 1 };
        Walk {
            profiles,
            root,
            alive,
            explain,
            reason: None,
            path: Vec::new(),
            rules: Vec::with_capacity(16),
            flags,
            seen: Seen::default(),
        }
    }

    fn run(&mut self) {
        let root = self.root;
        if !matches!(root, Value::Object(_)) {
            self.fail(self.flags.root_object, |p| format!("{} takes only an object schema at the root", p.name));
        }
        self.schema(root, 0, 0);
        self.recursion();
        self.limits();
    }

    /// The profiles of `mask` do not take the schema; `why` says so of one.
    #[inline]
    fn fail(&mut self, mask: u64, why: impl FnOnce(&Profile) -> String) {
        let hit = mask & self.alive;
        if hit == 0 {
            return;
        }
        self.alive &= !hit;
        if self.explain && self.reason.is_none() {
            let p = self.profiles[hit.trailing_zeros() as usize];
            self.reason = Some(format!("{}: {}", self.pointer(), why(p)));
        }
    }

    /// The pointer of the node being walked (`$` for the root).
    fn pointer(&self) -> String {
        if self.path.is_empty() {
            return "$".into();
        }
        let mut out = String::new();
        for seg in &self.path {
            out.push('/');
            match seg {
                Seg::Key(k) => crate::json::push_pointer_segment(&mut out, k),
                Seg::Index(i) => crate::path::push_decimal(&mut out, *i as u64),
            }
        }
        out
    }

    #[inline]
    fn enter(&mut self, seg: Seg<'v>) {
        if self.explain {
            self.path.push(seg);
        }
    }

    #[inline]
    fn leave(&mut self) {
        if self.explain {
            self.path.pop();
        }
    }

    /// How the profiles treat keyword `k`, looked up once per walk, for the
    /// profiles still alive (the only ones asked about it later: a profile
    /// that no longer takes the schema never takes it again).
    fn masks(&mut self, k: &'v str) -> Masks {
        let bit = crate::json::key_bit(k);
        if let Some((_, _, m)) =
            self.rules.iter().find(|(b, name, _)| *b == bit && crate::json::same(name.as_bytes(), k.as_bytes()))
        {
            return *m;
        }
        let mut m = Masks { ok: 0, cond: 0 };
        let mut rest = self.alive;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            match self.profiles[i].support_of(k) {
                Support::Accepted | Support::Unenforced => m.ok |= 1 << i,
                Support::Rejected | Support::NotListed | Support::Dropped => {}
                _ => m.cond |= 1 << i,
            }
        }
        self.rules.push((bit, k, m));
        m
    }

    /// A schema position.
    fn schema(&mut self, v: &'v Value, objects: u64, depth: usize) {
        if self.alive == 0 {
            return;
        }
        match v {
            Value::Object(members) => self.node(members, objects, depth),
            Value::Bool(true) => self.fail(self.flags.json_text, |p| {
                format!("{} cannot take a schema that leaves the value open (true)", p.name)
            }),
            Value::Bool(false) => {}
            other => {
                let kind = value_kind(other);
                self.fail(u64::MAX, |_| format!("the schema here is {kind}, not an object or a boolean"));
            }
        }
    }

    fn node(&mut self, members: &'v [(String, Value)], objects: u64, depth: usize) {
        if depth > DEEPEST {
            self.fail(u64::MAX, |_| format!("schemas nest deeper than {DEEPEST} levels here"));
            return;
        }
        let f = Facts::of(members);
        let level = objects + u64::from(f.properties.is_some());
        self.seen.nesting = self.seen.nesting.max(level);
        self.seen.unions += u64::from(f.counted_union);
        self.shape(&f, depth == 0);
        if f.reference && members.len() > 1 {
            let beside = members.iter().find(|(k, _)| k != "$ref").map_or("", |(k, _)| k.as_str());
            self.fail(self.flags.alone, |p| {
                format!("{} takes a $ref alone in its node, and {} stands beside it", p.name, keyword_text(beside))
            });
        }
        for (k, v) in members {
            if self.alive == 0 {
                return;
            }
            self.keyword(k, v, level, depth);
        }
    }

    /// The rules of the reshaping flags, for one node.
    fn shape(&mut self, f: &Facts<'v>, root: bool) {
        let flags = self.flags;
        let types = type_names(f.ty);
        let (object, array) = types.object_and_array();
        let object_like = object || (types.is_empty() && f.properties.is_some());
        // Closed: the object says what it takes of members it does not
        // name; `false` where the profile takes only that (its keyword rule).
        if object_like && f.additional.is_none() {
            self.fail(flags.closed, |p| {
                format!("{} takes only closed objects, and this one does not say additionalProperties", p.name)
            });
        }
        let props = match f.properties {
            Some(Value::Object(props)) => props.as_slice(),
            _ => &[],
        };
        if flags.all_required & self.alive != 0 {
            let mut next = 0;
            let missing = props.iter().find(|(name, _)| {
                !super::convert::listed_in_order(f.required, &mut next, |r| r.as_str() == Some(name.as_str()))
            });
            if let Some((name, _)) = missing {
                self.fail(flags.all_required, |p| {
                    format!("{} needs every property in required, and '{name}' is not", p.name)
                });
            }
        }
        let dictionary = object_like
            && f.properties.is_none()
            && !f.pattern_properties
            && matches!(f.additional, Some(Value::Object(_) | Value::Bool(true)));
        if dictionary {
            self.fail(flags.pairs, |p| {
                format!("{} takes no dictionary (no properties, and additionalProperties a schema or true)", p.name)
            });
        }
        if flags.json_text & self.alive != 0 {
            let open_object = object
                && !f.composed
                && f.properties.is_none()
                && !f.pattern_properties
                && !matches!(f.additional, Some(Value::Bool(false) | Value::Object(_)));
            let open_array = array && !f.composed && !f.items;
            if !f.says_what || open_object || open_array {
                self.fail(flags.json_text, |p| format!("{} cannot take a schema that leaves the value open", p.name));
            }
        }
        if f.properties.is_some() && flags.ordering & self.alive != 0 && !orders(f.ordering, props) {
            self.fail(flags.ordering, |p| format!("{} needs a propertyOrdering that names each property once", p.name));
        }
        if root {
            if f.ty.and_then(Value::as_str) != Some("object") {
                let found = f.ty.map_or_else(|| "no type".to_owned(), Value::to_json);
                self.fail(flags.root_object, |p| {
                    format!("{} takes only an object schema at the root, and this one has {found}", p.name)
                });
            }
            if f.union {
                self.fail(flags.root_object, |p| format!("{} takes no anyOf (or oneOf) at the root", p.name));
            }
        }
    }

    /// One member of a node: the profiles' rules for it, what it counts,
    /// and the schemas it holds.
    fn keyword(&mut self, k: &'v str, v: &'v Value, level: u64, depth: usize) {
        let m = self.masks(k);
        let refusing = self.alive & !(m.ok | m.cond);
        if refusing != 0 {
            self.fail(refusing, |p| refusal(p, k));
        }
        let cond = self.alive & m.cond;
        if cond != 0 {
            self.value_rules(cond, k, v);
        }
        match (k, v) {
            ("type", Value::Array(_)) => {
                self.fail(self.flags.no_type_lists, |p| format!("{} takes no list of types", p.name));
            }
            ("$ref", Value::String(r)) => {
                self.seen.refs = true;
                if self.alive != 0 && resolve(self.root, r).is_none() {
                    self.fail(u64::MAX, |_| format!("the reference '{r}' leads nowhere in the schema"));
                }
            }
            ("enum", Value::Array(values)) => {
                self.seen.enum_values += values.len() as u64;
                self.seen.text += values.iter().filter_map(Value::as_str).map(|s| s.len() as u64).sum::<u64>();
            }
            ("const", Value::String(s)) => self.seen.text += s.len() as u64,
            _ => {}
        }
        if self.alive == 0 {
            return;
        }
        match (holds(k), v) {
            (Holds::One, _) => {
                self.enter(Seg::Key(k));
                self.schema(v, level, depth + 1);
                self.leave();
            }
            (Holds::List, Value::Array(list)) => {
                self.enter(Seg::Key(k));
                for (i, sub) in list.iter().enumerate() {
                    self.enter(Seg::Index(i));
                    self.schema(sub, level, depth + 1);
                    self.leave();
                }
                self.leave();
            }
            (Holds::Map, Value::Object(map)) => {
                if matches!(k, "properties") {
                    self.seen.properties += map.len() as u64;
                }
                if matches!(k, "properties" | "$defs" | "definitions") {
                    self.seen.text += map.iter().map(|(name, _)| name.len() as u64).sum::<u64>();
                }
                self.enter(Seg::Key(k));
                for (name, sub) in map {
                    self.enter(Seg::Key(name));
                    self.schema(sub, level, depth + 1);
                    self.leave();
                }
                self.leave();
            }
            _ => {}
        }
    }

    /// The rules that depend on a keyword's value, for the profiles of `cond`.
    fn value_rules(&mut self, cond: u64, k: &'v str, v: &'v Value) {
        // The JSON kinds of an enum's values (or the const's), as bits.
        let present = match (k, v) {
            ("enum", Value::Array(values)) => values.iter().fold(0u8, |bits, x| bits | kind_bit(value_kind(x))),
            ("const", x) => kind_bit(value_kind(x)),
            _ => 0,
        };
        let mut rest = cond;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let support = self.profiles[i].support_of(k);
            let fits = match support {
                Support::Values(allowed) => allowed.iter().any(|a| same_number(a, v)),
                Support::Formats(list) => v.as_str().is_some_and(|f| list.iter().any(|x| x == f)),
                Support::Regex(dialect) => v.as_str().is_some_and(|p| regex_fits(p, *dialect)),
                Support::Kinds(kinds) => {
                    let taken = kinds.iter().fold(0u8, |bits, kind| bits | kind_bit(kind));
                    present & !taken == 0
                }
                Support::FalseOnly => matches!(v, Value::Bool(false)),
                _ => true,
            };
            if !fits {
                self.fail(1 << i, |p| value_refusal(p, support, k, v));
            }
        }
    }

    /// The recursion rules, once the walk has seen a reference.
    fn recursion(&mut self) {
        let (refuse, optional) = (self.flags.refuse & self.alive, self.flags.keep_optional & self.alive);
        if !self.seen.refs || refuse | optional == 0 {
            return;
        }
        let Some(chain) = find_recursion(self.root) else { return };
        self.path.clear();
        self.fail(refuse, |p| format!("{} takes no recursive schema, and this one refers to itself ({chain})", p.name));
        if optional != 0
            && let Some(chain) = find_required_recursion(self.root)
        {
            self.fail(optional, |p| {
                format!(
                    "{} takes a schema that refers to itself only through a property that is not required, and this one refers to itself through required properties only ({chain})",
                    p.name
                )
            });
        }
    }

    /// The per-schema limits: measured only when a bound of the walk's is
    /// over one of them.
    fn limits(&mut self) {
        let mut rest = self.flags.limits & self.alive;
        if rest == 0 {
            return;
        }
        self.path.clear();
        let bound = self.seen.bound();
        // Measured once for each threshold of enumStringLength asked.
        let mut measured: Vec<(u64, Measure)> = Vec::new();
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let p = self.profiles[i];
            let schema_limits = p.limits.iter().filter(|l| l.scope == Scope::Schema);
            if !schema_limits.into_iter().any(|l| bound.of(&l.name, 1).is_some_and(|b| b > l.allowed)) {
                continue;
            }
            let large = p.limits.iter().find(|l| l.name == "enumStringLength").and_then(|l| l.over).unwrap_or(0);
            let m = match measured.iter().find(|(l, _)| *l == large) {
                Some((_, m)) => *m,
                None => {
                    let m = budget::measure(&Out::of(self.root), large);
                    measured.push((large, m));
                    m
                }
            };
            if let Some(over) = budget::over(&p.limits, Scope::Schema, &m, 1, None, &p.name).into_iter().next() {
                self.fail(1 << i, |_| over.message);
            }
        }
    }
}

/// Whether `ordering` (a `propertyOrdering`) names each of `props` once, and
/// nothing else.
fn orders(ordering: Option<&Value>, props: &[(String, Value)]) -> bool {
    let Some(Value::Array(names)) = ordering else { return false };
    if names.len() != props.len() {
        return false;
    }
    let mut next = 0;
    let all = props
        .iter()
        .all(|(name, _)| super::convert::listed_in_order(names, &mut next, |n| n.as_str() == Some(name.as_str())));
    // As many names as properties, each property named: each named once
    // when the properties' names differ (a parsed object's do).
    all && names.iter().all(|n| n.as_str().is_some())
}

/// One bit for each JSON kind a profile names.
fn kind_bit(kind: &str) -> u8 {
    match kind {
        "null" => 1,
        "boolean" => 2,
        "number" => 4,
        "string" => 8,
        "array" => 16,
        "object" => 32,
        _ => 0,
    }
}

/// Two numbers of the same value (`1` and `1.0`); nothing else is the same.
fn same_number(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.decimal() == y.decimal(),
        _ => false,
    }
}

/// A keyword as the hints write it: as it is when it is made of ASCII
/// letters, digits, `_`, `$` and `-`, else as a JSON string.
fn keyword_text(k: &str) -> String {
    let plain = !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'-'));
    if plain { k.to_owned() } else { crate::json::quote(k) }
}

/// Why `p` does not take keyword `k` at all.
fn refusal(p: &Profile, k: &str) -> String {
    let support = p.support_of(k);
    let k = keyword_text(k);
    match support {
        Support::Rejected => format!("{} rejects {k}", p.name),
        Support::Dropped => format!("{} drops {k} (it says nothing about values)", p.name),
        _ => format!("{} does not list {k}", p.name),
    }
}

/// Why `p` does not take `k` with the value `v`.
fn value_refusal(p: &Profile, support: &Support, k: &str, v: &Value) -> String {
    let (name, k) = (p.name.as_str(), keyword_text(k));
    match support {
        Support::Values(allowed) => format!("{name} takes {k} only as {}", Value::Array(allowed.clone()).to_json()),
        Support::Formats(_) => format!("{name} takes no format {}", v.to_json()),
        Support::Regex(_) => format!("{name} takes simpler patterns than {}", v.to_json()),
        Support::Kinds(kinds) => format!("{name} takes {k} values of these kinds only: {}", kinds.join(", ")),
        _ => format!("{name} takes {k} only as false"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{BUILT_IN, Target, downconvert};
    use super::*;
    use crate::json::{ParseLimits, parse};

    fn value(text: &str) -> Value {
        parse(text, ParseLimits { max_bytes: 1 << 26, max_depth: 4096 }).expect("valid JSON")
    }

    /// The real tool schemas: (file name, text).
    fn real_schemas() -> Vec<(String, String)> {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/real-tool-schemas/schemas");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the real schemas")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        assert!(files.len() >= 89, "{}", files.len());
        files
            .iter()
            .map(|f| {
                let name = f.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
                (name, std::fs::read_to_string(f).expect("a schema"))
            })
            .collect()
    }

    /// A schema as the converter reads it (and reports on it): usable, in
    /// 2020-12's spellings.
    fn as_read(text: &str) -> Value {
        let (mut v, _) = crate::validate::Validator::usable_schema(text).expect("a usable schema");
        if crate::validate::legacy::earlier_draft(&v) {
            crate::validate::legacy::to_2020(&mut v);
        }
        v
    }

    fn built_in() -> Vec<&'static Profile> {
        BUILT_IN.iter().map(|(n, _)| Profile::built_in_ref(n).expect("a built-in profile")).collect()
    }

    /// `fitting` says of each profile what `fits` says of it.
    fn agree(profiles: &[&Profile], schema: &Value, what: &str) -> u64 {
        let mask = fitting(profiles, schema);
        for (i, p) in profiles.iter().enumerate() {
            let one = fits(p, schema);
            assert_eq!(mask >> i & 1 == 1, one.is_ok(), "{what}, {}: fitting against fits ({one:?})", p.name);
        }
        mask
    }

    /// What the converter writes and the profile it writes for do not
    /// agree on, found by the properties below: (target, part of what
    /// `fits` says, the schemas; none: any). Reported, not fixed here.
    const KNOWN_MISMATCHES: &[(&str, &str, &[&str])] = &[
        // `additionalProperties: false` (which gemini-openapi rejects) made a
        // hint leaves `{"type":"object"}` at the root: an open object, which
        // the converter itself refuses as a root for gemini-openapi.
        (
            "gemini-openapi",
            "converted: $: gemini-openapi cannot take a schema that leaves the value open",
            &["085-mcp-ts-sdk-no-parameters"],
        ),
        // The edited profiles of `the_property_holds_for_profiles_of_other_shapes`
        // (any schema):
        // `requireAllProperties` where enum values are of kinds without
        // `null`: widening an optional property adds `null` to its enum.
        ("gemini-json-edited-4", "gemini-json-edited-4 takes enum values of these kinds only: string, number", ANY),
        // `requireAllProperties` with `keep-optional` recursion: the cycle
        // passed an optional property, which is required (and nullable) now.
        ("gemini-json-edited-4", "refers to itself through required properties only", ANY),
    ];

    /// Any schema, in [`KNOWN_MISMATCHES`].
    const ANY: &[&str] = &[];

    /// Whether a mismatch found is one of [`KNOWN_MISMATCHES`].
    fn known(found: &(String, String, String)) -> bool {
        let (name, target, why) = found;
        KNOWN_MISMATCHES.iter().any(|(t, w, schemas)| {
            t == target && why.contains(w) && (schemas.is_empty() || schemas.contains(&name.as_str()))
        })
    }

    /// THE property: what the converter writes for a target fits it as it
    /// is, and a schema the converter changes nothing of fits as it was
    /// given; `fitting` agrees with `fits` bit for bit on every schema and
    /// output, for every built-in profile.
    #[test]
    fn what_the_converter_writes_fits_and_what_it_leaves_alone_fitted() {
        let profiles = built_in();
        let (mut converted, mut unchanged, mut found) = (0, 0, Vec::new());
        for (name, text) in real_schemas() {
            let original = as_read(&text);
            agree(&profiles, &original, &name);
            for (i, (target, _)) in BUILT_IN.iter().enumerate() {
                let Ok(answer) = downconvert(&text, Target::BuiltIn(target)) else { continue };
                converted += 1;
                let out = value(&answer.schema);
                agree(&profiles, &out, &format!("{name} for {target}"));
                if let Err(why) = fits(profiles[i], &out) {
                    found.push((name.clone(), (*target).to_owned(), format!("converted: {why}")));
                }
                if answer.changes.is_empty() {
                    unchanged += 1;
                    if let Err(why) = fits(profiles[i], &original) {
                        found.push((name.clone(), (*target).to_owned(), format!("unchanged original: {why}")));
                    }
                }
            }
        }
        let unexpected: Vec<_> = found.iter().filter(|found| !known(found)).collect();
        assert!(unexpected.is_empty(), "{unexpected:#?}");
        assert!(converted > 200 && unchanged > 5, "{converted} {unchanged}");
    }

    /// A built-in profile's text with some of its rules replaced: (a path
    /// of keys, the new value as JSON text).
    fn edited(name: &str, edits: &[(&[&str], &str)]) -> String {
        fn set(v: &mut Value, path: &[&str], new: Value) {
            let Value::Object(members) = v else { return };
            let Some((first, rest)) = path.split_first() else { return };
            if let Some((_, child)) = members.iter_mut().find(|(k, _)| k == first) {
                if rest.is_empty() { *child = new } else { set(child, rest, new) }
            } else if rest.is_empty() {
                members.push(((*first).to_owned(), new));
            }
        }
        let text = BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t).expect("a built-in profile");
        let mut v = value(text);
        for (path, new) in edits {
            set(&mut v, path, value(new));
        }
        set(&mut v, &["name"], Value::String(format!("{name}-edited")));
        v.to_json()
    }

    /// The same property for profiles of other shapes than the built-in
    /// ones (each a built-in one with a rule changed), through the
    /// converter's custom targets.
    #[test]
    fn the_property_holds_for_profiles_of_other_shapes() {
        const ON: &str = r#"{"value":true,"date":"2026-01-01","source":"test"}"#;
        const OFF: &str = r#"{"value":false,"date":"2026-01-01","source":"test"}"#;
        const REFUSE: &str = r#"{"value":"refuse","date":"2026-01-01","source":"test"}"#;
        const ACCEPTED: &str = r#"{"support":"accepted","date":"2026-01-01","source":"test"}"#;
        const FALSE_ONLY: &str = r#"{"support":"false-only","date":"2026-01-01","source":"test"}"#;
        let variants = [
            edited("openai-chat", &[(&["reshape", "typeLists"], OFF)]),
            edited("gemini-json", &[(&["reshape", "typeLists"], OFF), (&["reshape", "recursion"], REFUSE)]),
            edited("openai-chat", &[(&["keywords", "const"], ACCEPTED), (&["keywords", "oneOf"], ACCEPTED)]),
            edited("anthropic-tools", &[(&["reshape", "constAsEnum"], ON), (&["keywords", "prefixItems"], ACCEPTED)]),
            edited(
                "gemini-json",
                &[
                    (&["reshape", "closedObjects"], ON),
                    (&["keywords", "additionalProperties"], FALSE_ONLY),
                    (&["reshape", "requireAllProperties"], ON),
                ],
            ),
            edited("gemini-json", &[(&["reshape", "anyAsJsonText"], ON), (&["reshape", "dictionariesAsPairs"], ON)]),
            edited(
                "anthropic-tools",
                &[(&["reshape", "propertyOrdering"], ON), (&["keywords", "propertyOrdering"], ACCEPTED)],
            ),
        ];
        let (mut converted, mut found) = (0, Vec::new());
        for (i, text) in variants.iter().enumerate() {
            let mut p = Profile::read(text).expect("an edited profile reads");
            p.name = format!("{}-{i}", p.name);
            for (name, schema) in real_schemas() {
                let Ok(answer) = downconvert(&schema, Target::Custom(text)) else { continue };
                converted += 1;
                let out = value(&answer.schema);
                agree(&[&p], &out, &name);
                if let Err(why) = fits(&p, &out) {
                    found.push((name.clone(), p.name.clone(), format!("converted: {why}")));
                }
                if answer.changes.is_empty()
                    && let Err(why) = fits(&p, &as_read(&schema))
                {
                    found.push((name.clone(), p.name.clone(), format!("unchanged original: {why}")));
                }
            }
        }
        let unexpected: Vec<_> = found.iter().filter(|found| !known(found)).collect();
        assert!(unexpected.is_empty(), "{unexpected:#?}");
        assert!(converted > 500, "{converted}");
    }

    /// A profile of the tests' own: the structure keywords accepted, then
    /// `keywords` (name, the rule's support and its data), every reshaping
    /// off (types lists taken, recursion kept) but `flags` (name, value),
    /// and `limits` (the members of its `limits`).
    fn custom(keywords: &[(&str, &str)], flags: &[(&str, &str)], limits: &str) -> Profile {
        const BASE: &[&str] =
            &["type", "properties", "required", "items", "enum", "anyOf", "$ref", "$defs", "description"];
        const DATED: &str = r#""date":"2026-01-01","source":"the test""#;
        let mut rules: Vec<String> = BASE
            .iter()
            .filter(|b| !keywords.iter().any(|(k, _)| k == *b))
            .map(|k| format!(r#""{k}":{{"support":"accepted",{DATED}}}"#))
            .collect();
        rules.push(format!(r#""additionalProperties":{{"support":"accepted",{DATED}}}"#));
        rules.retain(|r| !keywords.iter().any(|(k, _)| r.starts_with(&crate::json::quote(k))));
        rules.extend(keywords.iter().map(|(k, rule)| format!(r#"{}:{{{rule},{DATED}}}"#, crate::json::quote(k))));
        let reshape: Vec<String> = [
            ("requireAllProperties", "false"),
            ("closedObjects", "false"),
            ("dictionariesAsPairs", "false"),
            ("anyAsJsonText", "false"),
            ("constAsEnum", "false"),
            ("oneOfAsAnyOf", "false"),
            ("propertyOrdering", "false"),
            ("rootObject", "false"),
            ("typeLists", "true"),
            ("recursion", r#""keep""#),
        ]
        .iter()
        .map(|(name, off)| {
            let v = flags.iter().find(|(f, _)| f == name).map_or(*off, |(_, v)| v);
            format!(r#""{name}":{{"value":{v},{DATED}}}"#)
        })
        .collect();
        let text = format!(
            r#"{{"name":"test","keywords":{{{}}},"reshape":{{{}}},"limits":{{{limits}}}}}"#,
            rules.join(","),
            reshape.join(",")
        );
        Profile::read(&text).unwrap_or_else(|e| panic!("{e:?}: {text}"))
    }

    const ACCEPTED: &str = r#""support":"accepted""#;

    #[track_caller]
    fn yes(p: &Profile, schema: &str) {
        let v = value(schema);
        assert_eq!(fits(p, &v), Ok(()), "{schema}");
        assert_eq!(fitting(&[p], &v), 1, "{schema}");
    }

    #[track_caller]
    fn no(p: &Profile, schema: &str, why: &str) {
        let v = value(schema);
        let found = fits(p, &v).expect_err(schema);
        assert!(found.contains(why), "{schema}: {found}, not {why}");
        assert_eq!(fitting(&[p], &v), 0, "{schema}");
    }

    #[test]
    fn a_keyword_fits_as_its_profile_takes_it() {
        let p = custom(
            &[
                ("minimum", r#""support":"rejected""#),
                ("title", r#""support":"dropped""#),
                ("minLength", r#""support":"unenforced""#),
                ("maximum", ACCEPTED),
                ("examples", r#""support":"not-listed""#),
            ],
            &[],
            "",
        );
        yes(&p, r#"{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}"#);
        // Kept as it is (only not enforced): sent unchanged.
        yes(&p, r#"{"type":"string","minLength":2}"#);
        no(
            &p,
            r#"{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}"#,
            "/properties/n: test rejects minimum",
        );
        no(&p, r#"{"type":"string","title":"T"}"#, "$: test drops title");
        no(&p, r#"{"type":"string","examples":["a"]}"#, "$: test does not list examples");
        no(&p, r#"{"type":"string","x-unknown":1}"#, "$: test does not list x-unknown");
        no(&p, r#"{"type":"string","odd key":1}"#, r#"$: test does not list "odd key""#);
    }

    #[test]
    fn a_limited_keyword_fits_with_a_value_it_lists() {
        let p = custom(
            &[
                ("minItems", r#""support":"limited","values":[0,1]"#),
                ("format", r#""support":"limited","formats":["date","email"]"#),
                ("pattern", r#""support":"limited","regex":"simple""#),
                ("enum", r#""support":"limited","kinds":["string","number"]"#),
                ("const", r#""support":"limited","kinds":["string"]"#),
                ("additionalProperties", r#""support":"false-only""#),
            ],
            &[],
            "",
        );
        for ok in ["0", "1", "1.0", "1e0"] {
            yes(&p, &format!(r#"{{"type":"array","minItems":{ok}}}"#));
        }
        no(&p, r#"{"type":"array","minItems":3}"#, "$: test takes minItems only as [0,1]");
        no(&p, r#"{"type":"array","minItems":"1"}"#, "takes minItems only as [0,1]");
        yes(&p, r#"{"type":"string","format":"date"}"#);
        no(&p, r#"{"type":"string","format":"uri"}"#, r#"$: test takes no format "uri""#);
        yes(&p, r#"{"type":"string","pattern":"^[a-z]+(?:-[a-z]+)*$"}"#);
        no(&p, r#"{"type":"string","pattern":"^(?=.*\\d).+$"}"#, "$: test takes simpler patterns than");
        no(&p, r#"{"type":"string","pattern":"(a)\\1"}"#, "simpler patterns");
        yes(&p, r#"{"enum":["a",1,2.5]}"#);
        no(&p, r#"{"enum":["a",null]}"#, "$: test takes enum values of these kinds only: string, number");
        no(&p, r#"{"enum":[{"a":1}]}"#, "takes enum values of these kinds only");
        yes(&p, r#"{"const":"a"}"#);
        no(&p, r#"{"const":1}"#, "takes const values of these kinds only: string");
        yes(&p, r#"{"type":"object","additionalProperties":false}"#);
        no(&p, r#"{"type":"object","additionalProperties":true}"#, "$: test takes additionalProperties only as false");
        no(&p, r#"{"type":"object","additionalProperties":{"type":"string"}}"#, "only as false");
        let lookaround = custom(&[("pattern", r#""support":"limited","regex":"no-lookaround""#)], &[], "");
        yes(&lookaround, r#"{"type":"string","pattern":"(a)\\1\\b"}"#);
        no(&lookaround, r#"{"type":"string","pattern":"a(?!b)"}"#, "simpler patterns");
    }

    #[test]
    fn only_schema_positions_are_walked() {
        let mut keywords = vec![("minimum", r#""support":"rejected""#)];
        for k in [
            "prefixItems",
            "allOf",
            "oneOf",
            "not",
            "patternProperties",
            "definitions",
            "default",
            "if",
            "then",
            "else",
            "contains",
            "propertyNames",
            "dependentSchemas",
            "unevaluatedItems",
            "unevaluatedProperties",
        ] {
            keywords.push((k, ACCEPTED));
        }
        let p = custom(&keywords, &[], "");
        // Names and values are no keywords.
        yes(
            &p,
            r#"{"type":"object","properties":{"minimum":{"type":"integer"}},"$defs":{"minimum":{"type":"string"}}}"#,
        );
        yes(&p, r#"{"type":"object","default":{"minimum":1},"enum":[{"minimum":1}]}"#);
        yes(&p, r#"{"type":"object","patternProperties":{"minimum":{}},"dependentSchemas":{"minimum":{}}}"#);
        // `true` is `{}`, and `false` fits.
        yes(&p, r#"{"properties":{"a":true,"b":false},"items":false,"not":true}"#);
        let bad = r#"{"minimum":1}"#;
        for (schema, at) in [
            (format!(r#"{{"items":{bad}}}"#), "/items"),
            (format!(r#"{{"prefixItems":[{{}},{bad}]}}"#), "/prefixItems/1"),
            (format!(r#"{{"anyOf":[{bad}]}}"#), "/anyOf/0"),
            (format!(r#"{{"allOf":[true,{bad}]}}"#), "/allOf/1"),
            (format!(r#"{{"oneOf":[{bad}]}}"#), "/oneOf/0"),
            (format!(r#"{{"not":{bad}}}"#), "/not"),
            (format!(r#"{{"$defs":{{"a":{bad}}}}}"#), "/$defs/a"),
            (format!(r#"{{"definitions":{{"a/b~c":{bad}}}}}"#), "/definitions/a~1b~0c"),
            (format!(r#"{{"additionalProperties":{bad}}}"#), "/additionalProperties"),
            (format!(r#"{{"patternProperties":{{"^x":{bad}}}}}"#), "/patternProperties/^x"),
            (format!(r#"{{"if":{{}},"then":{{}},"else":{bad}}}"#), "/else"),
            (format!(r#"{{"contains":{bad}}}"#), "/contains"),
            (format!(r#"{{"propertyNames":{bad}}}"#), "/propertyNames"),
            (format!(r#"{{"dependentSchemas":{{"a":{bad}}}}}"#), "/dependentSchemas/a"),
            (format!(r#"{{"unevaluatedProperties":{bad}}}"#), "/unevaluatedProperties"),
            (
                format!(r#"{{"properties":{{"a":{{"items":{{"anyOf":[{{}},{bad}]}}}}}}}}"#),
                "/properties/a/items/anyOf/1",
            ),
        ] {
            no(&p, &schema, &format!("{at}: test rejects minimum"));
        }
        no(&p, r#"{"items":3}"#, "/items: the schema here is number, not an object or a boolean");
    }

    #[test]
    fn a_reference_fits_where_it_is_taken_leads_somewhere_and_stands_alone() {
        let p = custom(&[], &[], "");
        yes(&p, r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}"##);
        no(
            &p,
            r##"{"properties":{"a":{"$ref":"#/$defs/B"}},"$defs":{"A":{}}}"##,
            "/properties/a: the reference '#/$defs/B' leads nowhere",
        );
        no(
            &p,
            r##"{"properties":{"a":{"$ref":"#/$defs/A","description":"x"}},"$defs":{"A":{}}}"##,
            "/properties/a: test takes a $ref alone in its node, and description stands beside it",
        );
        no(
            &p,
            r##"{"properties":{"a":{"$ref":"#/definitions/A"}},"definitions":{"A":{}}}"##,
            "$: test does not list definitions",
        );
        let no_refs = custom(&[("$ref", r#""support":"not-listed""#)], &[], "");
        no(
            &no_refs,
            r##"{"properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{}}}"##,
            "/properties/a: test does not list $ref",
        );
        let no_defs = custom(&[("$defs", r#""support":"rejected""#)], &[], "");
        no(&no_defs, r##"{"properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{}}}"##, "$: test rejects $defs");
    }

    #[test]
    fn closed_objects_have_additional_properties_false() {
        let p = custom(&[], &[("closedObjects", "true")], "");
        yes(&p, r#"{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}"#);
        yes(&p, r#"{"type":"object","additionalProperties":false}"#);
        // Not object schemas: a string (with properties that say nothing of
        // strings), and an untyped node without properties.
        yes(&p, r#"{"type":"string","properties":{"a":{}}}"#);
        yes(&p, r#"{"description":"anything"}"#);
        no(
            &p,
            r#"{"type":"object"}"#,
            "$: test takes only closed objects, and this one does not say additionalProperties",
        );
        no(&p, r#"{"properties":{"a":{}}}"#, "$: test takes only closed objects");
        // What an object takes of other members is the keyword's rule: only
        // `false` where the profile takes only that; anything it takes where
        // it takes the keyword (mistral keeps a dictionary's schema).
        let false_only =
            custom(&[("additionalProperties", r#""support":"false-only""#)], &[("closedObjects", "true")], "");
        no(
            &false_only,
            r#"{"type":["object","null"],"properties":{},"additionalProperties":true}"#,
            "additionalProperties",
        );
        let accepted = custom(&[("additionalProperties", r#""support":"accepted""#)], &[("closedObjects", "true")], "");
        yes(&accepted, r#"{"type":"object","additionalProperties":{"type":"integer"}}"#);
        no(
            &p,
            r#"{"type":"object","additionalProperties":false,"properties":{"a":{"type":"object","properties":{}}}}"#,
            "/properties/a: test takes only closed objects",
        );
    }

    #[test]
    fn every_property_is_required_where_the_profile_requires_them_all() {
        let p = custom(&[], &[("requireAllProperties", "true")], "");
        yes(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"required":["b","a"]}"#);
        yes(&p, r#"{"type":"object"}"#);
        yes(&p, r#"{"type":"object","properties":{}}"#);
        no(
            &p,
            r#"{"type":"object","properties":{"a":{},"b":{}},"required":["a"]}"#,
            "$: test needs every property in required, and 'b' is not",
        );
        no(&p, r#"{"items":{"properties":{"a":{}}}}"#, "/items: test needs every property in required, and 'a' is not");
        let q = custom(&[], &[], "");
        yes(&q, r#"{"type":"object","properties":{"a":{},"b":{}},"required":["a"]}"#);
    }

    #[test]
    fn a_dictionary_does_not_fit_where_dictionaries_are_pairs() {
        let p = custom(&[("patternProperties", ACCEPTED)], &[("dictionariesAsPairs", "true")], "");
        yes(&p, r#"{"type":"object","properties":{"a":{}},"additionalProperties":true}"#);
        yes(&p, r#"{"type":"object","additionalProperties":false}"#);
        yes(&p, r#"{"type":"string","additionalProperties":true}"#);
        no(&p, r#"{"type":"object","additionalProperties":{"type":"string"}}"#, "$: test takes no dictionary");
        no(&p, r#"{"type":"object","additionalProperties":true}"#, "takes no dictionary");
        no(
            &p,
            r#"{"properties":{"a":{"type":"object","additionalProperties":{}}}}"#,
            "/properties/a: test takes no dictionary",
        );
        // An object that declares properties is no dictionary: a schema for
        // the members it does not declare is kept where it is taken.
        yes(&p, r#"{"type":"object","properties":{"a":{}},"additionalProperties":{"type":"integer"}}"#);
        yes(&p, r#"{"type":"object","patternProperties":{"^x":{}},"additionalProperties":{"type":"integer"}}"#);
        let q = custom(&[], &[], "");
        yes(&q, r#"{"type":"object","additionalProperties":{"type":"string"}}"#);
    }

    #[test]
    fn every_value_is_said_where_open_values_are_json_text() {
        let keywords = [("oneOf", ACCEPTED), ("allOf", ACCEPTED), ("const", ACCEPTED), ("prefixItems", ACCEPTED)];
        let p = custom(&keywords, &[("anyAsJsonText", "true")], "");
        for said in [
            r#"{"type":"string"}"#,
            r#"{"type":["string","null"]}"#,
            r#"{"enum":["a"]}"#,
            r#"{"const":1}"#,
            r#"{"anyOf":[{"type":"string"}]}"#,
            r#"{"allOf":[{"type":"string"}]}"#,
            r#"{"type":"array","items":{"type":"string"}}"#,
            r#"{"type":"array","prefixItems":[{"type":"string"}]}"#,
            r#"{"type":"array","anyOf":[{"type":"array","items":{"type":"string"}}]}"#,
            r#"{"type":"object","additionalProperties":false}"#,
            r#"{"type":"object","additionalProperties":{"type":"string"}}"#,
            r#"{"type":"object","properties":{"a":{"type":"string"}}}"#,
            r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}"##,
        ] {
            yes(&p, said);
        }
        let open = "test cannot take a schema that leaves the value open";
        for (unsaid, at) in [
            ("{}", "$"),
            (r#"{"description":"anything"}"#, "$"),
            (r#"{"type":"array"}"#, "$"),
            (r#"{"type":"object"}"#, "$"),
            (r#"{"type":"object","additionalProperties":true}"#, "$"),
            (r#"{"oneOf":[{"type":"string"}]}"#, "$"),
            (r#"{"type":"object","properties":{"a":{}}}"#, "/properties/a"),
            (r#"{"type":"object","properties":{"a":true}}"#, "/properties/a"),
            (r#"{"type":"array","items":{"description":"x"}}"#, "/items"),
        ] {
            no(&p, unsaid, &format!("{at}: {open}"));
        }
        let q = custom(&[], &[], "");
        yes(&q, "{}");
        yes(&q, "true");
    }

    #[test]
    fn const_and_one_of_fit_exactly_where_the_profile_takes_them() {
        let flags = [("constAsEnum", "true"), ("oneOfAsAnyOf", "true")];
        // Where the profile takes them the converter keeps them.
        let takes = custom(&[("const", ACCEPTED), ("oneOf", ACCEPTED)], &flags, "");
        yes(&takes, r#"{"const":"a"}"#);
        yes(&takes, r#"{"oneOf":[{"type":"string"},{"type":"integer"}]}"#);
        let not = custom(&[], &flags, "");
        no(&not, r#"{"const":"a"}"#, "$: test does not list const");
        no(&not, r#"{"oneOf":[{"type":"string"}]}"#, "$: test does not list oneOf");
        yes(&not, r#"{"enum":["a"]}"#);
        yes(&not, r#"{"anyOf":[{"type":"string"}]}"#);
    }

    #[test]
    fn objects_list_their_properties_in_property_ordering_where_asked() {
        let p = custom(&[("propertyOrdering", ACCEPTED)], &[("propertyOrdering", "true")], "");
        yes(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"propertyOrdering":["a","b"]}"#);
        yes(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"propertyOrdering":["b","a"]}"#);
        yes(&p, r#"{"type":"object","properties":{},"propertyOrdering":[]}"#);
        yes(&p, r#"{"type":"string"}"#);
        let why = "test needs a propertyOrdering that names each property once";
        no(&p, r#"{"type":"object","properties":{"a":{},"b":{}}}"#, &format!("$: {why}"));
        no(&p, r#"{"type":"object","properties":{}}"#, why);
        no(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"propertyOrdering":["a"]}"#, why);
        no(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"propertyOrdering":["a","a"]}"#, why);
        no(&p, r#"{"type":"object","properties":{"a":{},"b":{}},"propertyOrdering":["a","b","c"]}"#, why);
        no(&p, r#"{"type":"object","properties":{"a":{}},"propertyOrdering":"a"}"#, why);
        no(&p, r#"{"items":{"properties":{"a":{}}}}"#, &format!("/items: {why}"));
    }

    #[test]
    fn the_root_is_an_object_where_the_profile_says_so() {
        let p = custom(&[("oneOf", ACCEPTED)], &[("rootObject", "true")], "");
        yes(&p, r#"{"type":"object"}"#);
        yes(&p, r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}}}"#);
        no(&p, r#"{"properties":{}}"#, "$: test takes only an object schema at the root, and this one has no type");
        no(&p, r#"{"type":["object","null"]}"#, r#"and this one has ["object","null"]"#);
        no(&p, r#"{"type":"string"}"#, r#"and this one has "string""#);
        no(&p, r#"{"type":"object","anyOf":[{"type":"object"}]}"#, "$: test takes no anyOf (or oneOf) at the root");
        no(&p, r#"{"type":"object","oneOf":[{"type":"object"}]}"#, "takes no anyOf (or oneOf) at the root");
        no(&p, "true", "$: test takes only an object schema at the root");
        let q = custom(&[("oneOf", ACCEPTED)], &[], "");
        yes(&q, "true");
        yes(&q, r#"{"type":"string"}"#);
        yes(&q, r#"{"oneOf":[{"type":"object"}]}"#);
    }

    #[test]
    fn type_lists_fit_where_the_profile_takes_them() {
        let p = custom(&[], &[("typeLists", "false")], "");
        yes(&p, r#"{"type":"string"}"#);
        no(&p, r#"{"type":["string","null"]}"#, "$: test takes no list of types");
        no(&p, r#"{"type":"array","items":{"type":["string"]}}"#, "/items: test takes no list of types");
        let q = custom(&[], &[], "");
        yes(&q, r#"{"type":["string","null"]}"#);
    }

    #[test]
    fn recursion_fits_as_the_profile_keeps_it() {
        let plain = r##"{"type":"object","properties":{"a":{"$ref":"#/$defs/A"}},"$defs":{"A":{"type":"string"}}}"##;
        let optional = r##"{"type":"object","properties":{"next":{"$ref":"#"}}}"##;
        let required = r##"{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}},"required":["next"],"$defs":{"N":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"required":["n"]}}}"##;
        let refuse = custom(&[], &[("recursion", r#""refuse""#)], "");
        yes(&refuse, plain);
        no(&refuse, optional, "$: test takes no recursive schema, and this one refers to itself (# → #)");
        no(&refuse, required, "takes no recursive schema");
        let keep_optional = custom(&[], &[("recursion", r#""keep-optional""#)], "");
        yes(&keep_optional, plain);
        yes(&keep_optional, optional);
        no(
            &keep_optional,
            required,
            "$: test takes a schema that refers to itself only through a property that is not required",
        );
        let keep = custom(&[], &[], "");
        for schema in [plain, optional, required] {
            yes(&keep, schema);
        }
    }

    #[test]
    fn a_tuple_fits_where_prefix_items_is_taken() {
        let tuple = r#"{"type":"array","prefixItems":[{"type":"string"},{"type":"integer"}],"items":false}"#;
        yes(&custom(&[("prefixItems", ACCEPTED)], &[], ""), tuple);
        no(&custom(&[], &[], ""), tuple, "$: test does not list prefixItems");
    }

    #[test]
    fn a_schema_fits_within_the_limits_of_one_schema() {
        let limit = |name: &str, value: u64, scope: &str, extra: &str| {
            format!(r#""{name}":{{"value":{value},"scope":"{scope}",{extra}"date":"2026-01-01","source":"the test"}}"#)
        };
        let props = custom(&[], &[], &limit("properties", 2, "schema", ""));
        yes(&props, r#"{"type":"object","properties":{"a":{},"b":{}}}"#);
        no(
            &props,
            r#"{"type":"object","properties":{"a":{},"b":{"properties":{"c":{}}}}}"#,
            "$: test takes at most 2 object properties in one schema; this schema has 3, 1 over. Source: the test.",
        );
        let request = custom(&[], &[], &limit("properties", 2, "request", ""));
        yes(&request, r#"{"type":"object","properties":{"a":{},"b":{},"c":{}}}"#);
        let nesting = custom(&[], &[], &limit("nesting", 2, "schema", ""));
        yes(&nesting, r#"{"properties":{"a":{"properties":{}}}}"#);
        yes(&nesting, r#"{"properties":{"a":{"items":{"properties":{}}}}}"#);
        no(
            &nesting,
            r#"{"properties":{"a":{"properties":{"b":{"items":{"properties":{}}}}}}}"#,
            "levels of object nesting",
        );
        // A definition counts from the top, as the measure counts it.
        yes(&nesting, r#"{"properties":{"a":{"properties":{}}},"$defs":{"D":{"properties":{"e":{"properties":{}}}}}}"#);
        let values = custom(&[], &[], &limit("enumValues", 3, "schema", ""));
        yes(&values, r#"{"properties":{"a":{"enum":[1,2]}},"$defs":{"D":{"enum":[3]}}}"#);
        no(&values, r#"{"properties":{"a":{"enum":[1,2]}},"$defs":{"D":{"enum":[3,4]}}}"#, "enum values");
        // Characters, not bytes: "éé" is four bytes and two characters.
        let text = custom(&[], &[], &limit("stringLength", 3, "schema", ""));
        yes(&text, r#"{"properties":{"éé":{"enum":["é"]}}}"#);
        no(&text, r#"{"properties":{"éé":{"enum":["éé"]}}}"#, "this schema has 4, 1 over");
        let large = custom(&[], &[], &limit("enumStringLength", 8, "schema", r#""over":2,"#));
        yes(&large, r#"{"enum":["aaaaaaaaa","b"]}"#);
        no(&large, r#"{"enum":["aaa","bbb","ccc"]}"#, "(in an enum of more than 2 values)");
    }

    #[test]
    fn a_schema_nested_past_the_walk_does_not_fit() {
        // (A thread of its own: the walk recurses, and the test thread's
        // stack is small in a debug build.)
        let run = || {
            let p = custom(&[], &[], "");
            let nested = |n: usize| format!("{}{{}}{}", r#"{"items":"#.repeat(n), "}".repeat(n));
            yes(&p, &nested(DEEPEST));
            no(&p, &nested(DEEPEST + 1), &format!("schemas nest deeper than {DEEPEST} levels here"));
        };
        std::thread::Builder::new().stack_size(256 << 20).spawn(run).expect("a thread").join().expect("no panic");
    }

    /// `fitting` of many profiles: one bit each, in their order; the first
    /// 64 are asked.
    #[test]
    fn fitting_answers_for_every_profile_at_once() {
        let profiles = built_in();
        let none = value(r#"{"type":"object","properties":{"n":{"type":"integer","minimum":1}}}"#);
        let all = value(r#"{"type":"object","additionalProperties":false}"#);
        let mut expected = 0;
        for (i, p) in profiles.iter().enumerate() {
            expected |= u64::from(fits(p, &all).is_ok()) << i;
        }
        assert_eq!(agree(&profiles, &all, "all"), expected);
        for name in ["openai-chat", "anthropic-tools", "gemini-json"] {
            let i = BUILT_IN.iter().position(|(n, _)| *n == name).expect("a built-in profile");
            assert_eq!(expected >> i & 1, 1, "{name}");
        }
        let refused = value(r#"{"type":"object","properties":{"n":{"type":"integer","not":{"const":3}}}}"#);
        assert_eq!(agree(&profiles, &refused, "refused"), 0);
        let p = custom(&[("minimum", ACCEPTED)], &[], "");
        let q = custom(&[("minimum", r#""support":"rejected""#)], &[], "");
        let many: Vec<&Profile> = (0..70).map(|i| if i % 3 == 1 { &q } else { &p }).collect();
        let mask = fitting(&many, &none);
        for i in 0..64 {
            assert_eq!(mask >> i & 1 == 1, i % 3 != 1, "{i}");
        }
        assert_eq!(fitting(&[], &none), 0);
    }

    /// A branch of a large union and a large schema are answered, past the
    /// per-schema limits too.
    #[test]
    fn large_schemas_are_answered() {
        let profiles = built_in();
        let branch = |i: usize, extra: &str| {
            format!(
                r#"{{"type":"object","properties":{{"k{i}":{{"type":"string"{extra}}}}},"required":["k{i}"],"additionalProperties":false}}"#
            )
        };
        let union = |bad: &str| {
            let branches: Vec<String> = (0..1000).map(|i| branch(i, if i == 999 { bad } else { "" })).collect();
            format!(
                r#"{{"type":"object","properties":{{"a":{{"anyOf":[{}]}}}},"required":["a"],"additionalProperties":false}}"#,
                branches.join(",")
            )
        };
        let good = value(&union(""));
        let anthropic = Profile::built_in_ref("anthropic").expect("anthropic");
        let openai = Profile::built_in_ref("openai").expect("openai");
        assert_eq!(fits(anthropic, &good), Ok(()));
        assert_eq!(fits(openai, &good), Ok(()));
        agree(&profiles, &good, "1,000 branches");
        let bad = value(&union(r#","maxLength":3"#));
        let why = fits(anthropic, &bad).expect_err("maxLength");
        assert_eq!(why, "/properties/a/anyOf/999/properties/k999: anthropic rejects maxLength");
        agree(&profiles, &bad, "1,000 branches, one refused");
        // 1 + 100 objects of 199 properties each: 20,001 nodes, and 20,000
        // properties where OpenAI takes 5,000.
        let object = |_: usize| {
            let names: Vec<String> = (0..199).map(|j| format!("p{j}")).collect();
            let props: Vec<String> = names.iter().map(|n| format!(r#""{n}":{{"type":"string"}}"#)).collect();
            let required: Vec<String> = names.iter().map(|n| format!(r#""{n}""#)).collect();
            format!(
                r#"{{"type":"object","properties":{{{}}},"required":[{}],"additionalProperties":false}}"#,
                props.join(","),
                required.join(",")
            )
        };
        let objects: Vec<String> = (0..100).map(|i| format!(r#""o{i}":{}"#, object(i))).collect();
        let names: Vec<String> = (0..100).map(|i| format!(r#""o{i}""#)).collect();
        let wide = value(&format!(
            r#"{{"type":"object","properties":{{{}}},"required":[{}],"additionalProperties":false}}"#,
            objects.join(","),
            names.join(",")
        ));
        assert_eq!(fits(anthropic, &wide), Ok(()));
        let why = fits(openai, &wide).expect_err("too many properties");
        assert!(
            why.starts_with("$: openai takes at most 5000 object properties in one schema; this schema has 20000"),
            "{why}"
        );
        agree(&profiles, &wide, "20,001 nodes");
    }

    /// The counts the walk gathers bound the budget's measure of the same
    /// schema, for every real schema and every conversion of it: a schema
    /// within the bounds is within the limits without being measured.
    #[test]
    fn the_walk_bounds_what_the_budget_measures() {
        fn keys<'v>(v: &'v Value, out: &mut Vec<&'v str>) {
            match v {
                Value::Object(members) => members.iter().for_each(|(k, sub)| {
                    out.push(k);
                    keys(sub, out);
                }),
                Value::Array(items) => items.iter().for_each(|i| keys(i, out)),
                _ => {}
            }
        }
        let mut checked = 0;
        for (name, text) in real_schemas() {
            let mut schemas = vec![as_read(&text)];
            for (target, _) in BUILT_IN {
                if let Ok(answer) = downconvert(&text, Target::BuiltIn(target)) {
                    schemas.push(value(&answer.schema));
                }
            }
            for schema in &schemas {
                let mut names = Vec::new();
                keys(schema, &mut names);
                names.sort_unstable();
                names.dedup();
                let rules: Vec<(&str, &str)> = names.iter().map(|k| (*k, ACCEPTED)).collect();
                let everything = custom(&rules, &[], "");
                let profiles = [&everything];
                let mut walk = Walk::new(&profiles, schema, false);
                // (References beside other keywords counted too.)
                walk.flags.alone = 0;
                walk.run();
                assert_eq!(walk.alive, 1, "{name}");
                let (bound, m) = (walk.seen.bound(), budget::measure(&Out::of(schema), 0));
                for (limit, _) in budget::MEASURES {
                    assert!(bound.of(limit, 1) >= m.of(limit, 1), "{name}: {limit}");
                }
                checked += 1;
            }
        }
        assert!(checked > 300, "{checked}");
    }

    /// The time `fitting` takes for 13 profiles (the built-in ones and
    /// every other profile file, repeated to 13) on each real schema, and on
    /// its conversion for OpenAI. `cargo test --release -p tool-schema --lib
    /// fits::tests::timing -- --ignored --nocapture`
    #[test]
    #[ignore = "a timing, for release builds"]
    fn timing() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/src/downconvert/profiles");
        let mut files: Vec<_> =
            std::fs::read_dir(dir).expect("the profiles").map(|e| e.expect("an entry").path()).collect();
        files.sort();
        let mut profiles: Vec<Profile> =
            files.iter().filter_map(|f| Profile::read(&std::fs::read_to_string(f).ok()?).ok()).collect();
        let read = profiles.len();
        for i in 0..13usize.saturating_sub(read) {
            profiles.push(profiles[i % read].clone());
        }
        let refs: Vec<&Profile> = profiles.iter().collect();
        let real = real_schemas();
        let originals: Vec<Value> = real.iter().map(|(_, t)| as_read(t)).collect();
        let converted: Vec<Value> = real
            .iter()
            .filter_map(|(_, t)| downconvert(t, Target::BuiltIn("openai")).ok())
            .map(|a| value(&a.schema))
            .collect();
        for (what, schemas) in [("original", &originals), ("converted for openai", &converted)] {
            let bytes = schemas.iter().map(|v| v.to_json().len()).sum::<usize>() / schemas.len();
            let mut sink = 0u64;
            for s in schemas.iter() {
                sink ^= fitting(&refs, s);
            }
            let rounds = 2000;
            let start = std::time::Instant::now();
            for _ in 0..rounds {
                for s in schemas.iter() {
                    sink ^= fitting(&refs, std::hint::black_box(s));
                }
            }
            let each = start.elapsed().as_secs_f64() * 1e6 / (rounds * schemas.len()) as f64;
            eprintln!(
                "fitting, {} profiles ({read} read), {} {what} schemas ({bytes} bytes on average, compact): {each:.2} µs a schema ({sink})",
                refs.len(),
                schemas.len(),
            );
        }
    }
}
