//! The conversion itself: one walk over the schema's schema positions (a
//! property named `format` is a property, never a keyword), building a new
//! schema for the target and a report of every change.

use super::out::{Members, Out};
use super::profile::{Profile, Recursion, Support, regex_fits};
use crate::applicators::{Holds, holds};
use crate::diag::{Code, Diagnostic};
use crate::json::{Number, Value};
use std::borrow::Cow;
use std::collections::HashSet;
use std::rc::Rc;

/// One change made for the target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// Where, in the converted schema (a JSON pointer; `""` is the root).
    pub pointer: String,
    pub keyword: String,
    pub action: ChangeAction,
    pub detail: String,
}

/// The changes as one compact JSON text: an array of objects with the
/// record's fields, `{"pointer":…,"keyword":…,"action":…,"detail":…}`, in
/// order (`action` as [`ChangeAction::as_str`] names it). This is the form
/// `downconvert-json` gives them in, for a host that builds its change
/// objects only when they are read.
pub fn changes_json(changes: &[Change]) -> String {
    let room: usize = changes.iter().map(|c| c.pointer.len() + c.keyword.len() + c.detail.len() + 64).sum();
    let mut out = String::with_capacity(room + 2);
    crate::json::write_items(changes, &mut out, |c, out| {
        out.push_str("{\"pointer\":");
        crate::json::write_string(&c.pointer, out);
        out.push_str(",\"keyword\":");
        crate::json::write_string(&c.keyword, out);
        out.push_str(",\"action\":\"");
        out.push_str(c.action.as_str());
        out.push_str("\",\"detail\":");
        crate::json::write_string(&c.detail, out);
        out.push('}');
    });
    out
}

/// What a change did to its keyword (docs/downconvert.md says what each
/// means); its name as the interface writes it is [`ChangeAction::as_str`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChangeAction {
    Removed,
    Relaxed,
    Unenforced,
    Dropped,
    Closed,
    Required,
    Widened,
    Reshaped,
    Merged,
    Inlined,
    Typed,
    Ordered,
    Moved,
}

impl ChangeAction {
    /// Every action, in the interface's order.
    pub const ALL: [ChangeAction; 13] = [
        ChangeAction::Removed,
        ChangeAction::Relaxed,
        ChangeAction::Unenforced,
        ChangeAction::Dropped,
        ChangeAction::Closed,
        ChangeAction::Required,
        ChangeAction::Widened,
        ChangeAction::Reshaped,
        ChangeAction::Merged,
        ChangeAction::Inlined,
        ChangeAction::Typed,
        ChangeAction::Ordered,
        ChangeAction::Moved,
    ];

    /// The action's name: `removed`, `relaxed`, `unenforced`, `dropped`,
    /// `closed`, `required`, `widened`, `reshaped`, `merged`, `inlined`,
    /// `typed`, `ordered` or `moved`.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeAction::Removed => "removed",
            ChangeAction::Relaxed => "relaxed",
            ChangeAction::Unenforced => "unenforced",
            ChangeAction::Dropped => "dropped",
            ChangeAction::Closed => "closed",
            ChangeAction::Required => "required",
            ChangeAction::Widened => "widened",
            ChangeAction::Reshaped => "reshaped",
            ChangeAction::Merged => "merged",
            ChangeAction::Inlined => "inlined",
            ChangeAction::Typed => "typed",
            ChangeAction::Ordered => "ordered",
            ChangeAction::Moved => "moved",
        }
    }
}

impl std::fmt::Display for ChangeAction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Whether a keyword constrains values (as opposed to describing them): a
/// target that cannot take one loses a constraint, and the result is not
/// lossless.
pub fn is_constraint(keyword: &str) -> bool {
    matches!(
        keyword,
        "type"
            | "enum"
            | "const"
            | "minimum"
            | "maximum"
            | "exclusiveMinimum"
            | "exclusiveMaximum"
            | "multipleOf"
            | "minLength"
            | "maxLength"
            | "pattern"
            | "format"
            | "contentEncoding"
            | "contentMediaType"
            | "contentSchema"
            | "minItems"
            | "maxItems"
            | "uniqueItems"
            | "items"
            | "prefixItems"
            | "contains"
            | "minContains"
            | "maxContains"
            | "properties"
            | "required"
            | "additionalProperties"
            | "minProperties"
            | "maxProperties"
            | "patternProperties"
            | "propertyNames"
            | "dependentRequired"
            | "dependentSchemas"
            | "dependencies"
            | "not"
            | "if"
            | "then"
            | "else"
            | "allOf"
            | "anyOf"
            | "oneOf"
            | "unevaluatedItems"
            | "unevaluatedProperties"
            | "$ref"
            | "$dynamicRef"
    )
}

/// Identity and comments, dropped without a hint by every target.
fn is_metadata(keyword: &str) -> bool {
    matches!(keyword, "$schema" | "$id" | "$comment" | "$anchor" | "$dynamicAnchor" | "$vocabulary")
}

/// A keyword's place in the contract's keyword order; a keyword the
/// conversion adds goes before the first present keyword that comes after it.
/// (A `match`: the lengths are told apart first, where a search of a list
/// compared each name in turn, for every member of the node.)
fn rank(keyword: &str) -> Option<u8> {
    Some(match keyword {
        "type" => 0,
        "format" => 1,
        "description" => 2,
        "enum" => 3,
        "minimum" => 4,
        "maximum" => 5,
        "minLength" => 6,
        "maxLength" => 7,
        "pattern" => 8,
        "contentEncoding" => 9,
        "items" => 10,
        "minItems" => 11,
        "maxItems" => 12,
        "uniqueItems" => 13,
        "properties" => 14,
        "propertyOrdering" => 15,
        "required" => 16,
        "additionalProperties" => 17,
        "default" => 18,
        _ => return None,
    })
}

/// Most nodes one converted schema may have (references are written in place).
pub const MAX_NODES: usize = 20_000;
/// Deepest nesting of schemas the conversion follows (references written in
/// place count). The walk recurses: at this depth it takes under 400 KiB of
/// a host's stack for WebAssembly (wasmtime's default is 512 KiB).
pub const MAX_DEPTH: usize = 200;

/// `key` as one segment of a JSON pointer (RFC 6901: `~` is `~0`, `/` is `~1`).
pub fn escape(key: &str) -> String {
    crate::json::pointer_escaped(key)
}

/// The pointer `pointer/key`.
pub(crate) fn child(pointer: &str, key: &str) -> String {
    child_with_room(pointer, key, 0)
}

/// The pointer `pointer/key`, with room for `room` more bytes (segments
/// written after it).
fn child_with_room(pointer: &str, key: &str, room: usize) -> String {
    let mut out = String::with_capacity(pointer.len() + 1 + key.len() + room);
    out.push_str(pointer);
    out.push('/');
    crate::json::push_pointer_segment(&mut out, key);
    out
}

/// The pointers of a node's subschemas, in the input and in the output, one
/// subschema after another: each written over the last in the same two
/// buffers, which a walk over many members would otherwise allocate anew.
struct Children {
    from: String,
    out: String,
    from_len: usize,
    out_len: usize,
}

impl Children {
    /// For the members under `from/from_key` in the input, written under
    /// `out/out_key`.
    fn under(from: &str, from_key: &str, out: &str, out_key: &str) -> Children {
        let (from, out) = (child_with_room(from, from_key, 32), child_with_room(out, out_key, 32));
        Children { from_len: from.len(), out_len: out.len(), from, out }
    }

    /// The pointers `from/key` and `out/key` (the key looked at once for
    /// what a pointer escapes).
    fn key(&mut self, key: &str) -> (&str, &str) {
        if crate::json::plain_segment(key) {
            self.next(|buf| buf.push_str(key))
        } else {
            self.next(|buf| crate::json::push_escaped_segment(buf, key))
        }
    }

    /// The pointers `from/index` and `out/index`.
    fn index(&mut self, index: usize) -> (&str, &str) {
        self.next(|buf| crate::path::push_decimal(buf, index as u64))
    }

    /// Both pointers with one more segment, written by `segment`.
    #[inline(always)]
    fn next(&mut self, segment: impl Fn(&mut String)) -> (&str, &str) {
        for (buf, len) in [(&mut self.from, self.from_len), (&mut self.out, self.out_len)] {
            buf.truncate(len);
            buf.push('/');
            segment(buf);
        }
        (&self.from, &self.out)
    }
}

/// The pointer `pointer/index`.
pub(crate) fn child_index(pointer: &str, index: usize) -> String {
    let mut out = String::with_capacity(pointer.len() + 4);
    out.push_str(pointer);
    out.push('/');
    crate::path::push_decimal(&mut out, index as u64);
    out
}

/// The pointer (in the input) of the node a member came from, shared by
/// every member of that node.
pub(crate) type Origin = Rc<str>;

/// A member of the node being converted, with the pointer (in the input) of
/// the node it came from: references written in place bring members from
/// elsewhere.
pub(crate) type Member<'a> = (&'a str, &'a Value, Origin);

/// Whether `list` has an item that `is`: the item at `*next` is tried first,
/// and passed when it is, so that a list naming things in the order they are
/// asked about (`required` and the properties, mostly) is read once; any
/// other is scanned for each.
pub(crate) fn listed_in_order<T>(list: &[T], next: &mut usize, is: impl Fn(&T) -> bool) -> bool {
    if list.get(*next).is_some_and(&is) {
        *next += 1;
        return true;
    }
    list.iter().any(is)
}

/// Keywords that describe rather than constrain: when schemas are merged
/// into one node, the first one given is kept.
fn is_annotation(k: &str) -> bool {
    matches!(k, "description" | "title" | "default" | "examples" | "deprecated" | "readOnly" | "writeOnly")
        || is_metadata(k)
}

/// Adds `m` to merged members. An annotation already given, or a keyword
/// with the same value, adds nothing; anything else is added even when its
/// keyword is there already (both apply: `node` keeps the first and turns
/// the others into hints).
pub(crate) fn push_merged<'a>(merged: &mut Vec<Member<'a>>, m: Member<'a>) {
    if merged.iter().any(|(k, v, _)| *k == m.0 && (is_annotation(k) || *v == m.1)) {
        return;
    }
    merged.push(m);
}

/// Whether merged members mean what the `allOf` (or, `union`, the root
/// union) they came from meant. Not when `additionalProperties` (or
/// `unevaluatedProperties`) other than `true` would now see properties from
/// another branch; for a union, nor when two branches say different things
/// of one property (an `allOf`'s both apply, and the node combines them).
fn merge_keeps_meaning(merged: &[Member<'_>], union: bool) -> bool {
    let shapes: Vec<&Member<'_>> =
        merged.iter().filter(|(k, _, _)| matches!(*k, "properties" | "patternProperties")).collect();
    let closing = merged.iter().filter(|(k, v, _)| {
        matches!(*k, "additionalProperties" | "unevaluatedProperties") && !matches!(v, Value::Bool(true))
    });
    for (_, _, from) in closing {
        if shapes.iter().any(|(_, _, f)| f != from) {
            return false;
        }
    }
    if !union {
        return true;
    }
    let properties: Vec<&[(String, Value)]> =
        merged.iter().filter(|(k, _, _)| *k == "properties").filter_map(|(_, v, _)| v.as_object()).collect();
    for (i, a) in properties.iter().enumerate() {
        for b in &properties[i + 1..] {
            if a.iter().any(|(name, sa)| b.iter().any(|(n, sb)| n == name && sa != sb)) {
                return false;
            }
        }
    }
    true
}

pub(crate) struct Converter<'a> {
    pub p: &'a Profile,
    pub root: &'a Value,
    pub keep_refs: bool,
    /// The changes, in order; None when they are not listed (a caller that
    /// only sends the schema on: the conversion is the same).
    pub changes: Option<Vec<Change>>,
    /// Constraints the target sees only as hints: (input pointer of their
    /// node, keyword). Kept only when `record_weakened` (restore-args needs
    /// them; a conversion alone does not).
    pub weakened: HashSet<(String, String)>,
    pub record_weakened: bool,
    pub lossless: bool,
    inlining: Vec<String>,
    /// The node being converted has an `enum` whose `null` the target takes
    /// only as a branch of its own (set by `keyword`, read by `node`).
    null_branch: bool,
    nodes: usize,
    pub problems: Vec<Diagnostic>,
}

impl<'a> Converter<'a> {
    /// `listed`: list the changes.
    pub fn new(p: &'a Profile, root: &'a Value, listed: bool) -> Converter<'a> {
        Converter {
            p,
            root,
            keep_refs: false,
            // Room for the changes of most conversions (about seven for
            // OpenAI), not grown in steps.
            changes: listed.then(|| Vec::with_capacity(8)),
            weakened: HashSet::new(),
            record_weakened: true,
            lossless: true,
            inlining: Vec::new(),
            null_branch: false,
            nodes: 0,
            problems: Vec::new(),
        }
    }

    /// Whether the changes are listed: where a change is made on every
    /// property, its detail is put together only then.
    fn listing(&self) -> bool {
        self.changes.is_some()
    }

    #[inline(never)]
    fn change(&mut self, pointer: &str, keyword: &str, action: ChangeAction, detail: impl Into<String>) {
        let Some(changes) = &mut self.changes else { return };
        changes.push(Change {
            pointer: pointer.to_owned(),
            keyword: keyword.to_owned(),
            action,
            detail: detail.into(),
        });
    }

    fn weaken(&mut self, origin: &str, keyword: &str) {
        if is_constraint(keyword) {
            self.lossless = false;
            if self.record_weakened {
                self.weakened.insert((origin.to_owned(), keyword.to_owned()));
            }
        }
    }

    #[inline(never)]
    fn problem(&mut self, pointer: &str, message: String) {
        let path = if pointer.is_empty() { "$".to_owned() } else { pointer.to_owned() };
        if !self.problems.iter().any(|d| d.path == path) {
            self.problems.push(Diagnostic { code: Code::Olp002, message, path });
        }
    }

    /// Converts the schema at `v` (found at `origin` in the input) to be
    /// written at `out`. `widen`: an optional property under a target that
    /// requires every property, which must also accept `null`.
    pub fn schema(&mut self, v: &'a Value, origin: &str, out: &str, widen: bool, depth: usize) -> Out<'a> {
        // One step of the work budget per node written; once it is spent the
        // walk stops, and the operation answers that it was.
        if !crate::work::spend(1) {
            return Out::Null;
        }
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            if !self.problems.iter().any(|d| d.code == Code::Olp004) {
                self.problems.push(Diagnostic {
                    code: Code::Olp004,
                    message: format!(
                        "The converted schema would have more than {MAX_NODES} nodes (references are written in place)."
                    ),
                    path: "$".into(),
                });
            }
            return Out::Null;
        }
        match v {
            Value::Bool(true) => {
                let empty: Vec<Member<'a>> = Vec::new();
                self.node(empty, origin, out, widen, depth)
            }
            Value::Object(members) => {
                if let Some(converted) = self.leaf(members, out, widen, depth) {
                    return converted;
                }
                let from: Origin = Rc::from(origin);
                let members: Vec<Member<'a>> = members.iter().map(|(k, v)| (k.as_str(), v, from.clone())).collect();
                self.node(members, origin, out, widen, depth)
            }
            other => Out::of(other),
        }
    }

    /// A leaf: a `type` other than object or array, perhaps a description,
    /// and keywords the target takes as they are (no subschema among them).
    /// [`Converter::node`] would keep each member in its order, put the
    /// description in its place and, `widen`, add `null`; done here without
    /// the general walk's setup (the members with their origins, the checks
    /// for references, unions, tuples and objects, the sets and lists of
    /// names), which took most of a leaf's time. None for any other node,
    /// which `node` converts. (A test compares the two on every real schema
    /// and vector, for every target.)
    fn leaf(&mut self, members: &'a [(String, Value)], out: &str, widen: bool, depth: usize) -> Option<Out<'a>> {
        #[cfg(test)]
        if GENERAL_ONLY.with(std::cell::Cell::get) {
            return None;
        }
        if out.is_empty() || depth > MAX_DEPTH {
            return None;
        }
        let p = self.p;
        let mut typed = false;
        let mut seen = crate::json::KeyBits::default();
        for (i, (k, v)) in members.iter().enumerate() {
            // A keyword given twice (merged spellings) is `node`'s to hint.
            if seen.may_repeat(k) && members[..i].iter().any(|(m, _)| m == k) {
                return None;
            }
            let k = k.as_str();
            let kept = match k {
                "type" => {
                    typed = true;
                    let (object, array) = type_names(Some(v)).object_and_array();
                    !object && !array
                }
                "description" => true,
                "$ref" | "properties" | "required" | "$defs" | "definitions" => false,
                _ if is_metadata(k) || holds(k) != Holds::Other => false,
                "enum" | "const" => {
                    matches!(p.support_of(k), Support::Accepted | Support::Kinds(_)) && self.takes_all(k, v)
                }
                _ => matches!(p.support_of(k), Support::Accepted),
            };
            if !kept {
                return None;
            }
        }
        if !typed {
            return None;
        }
        let mut result: Members<'a> = Vec::with_capacity(members.len() + 1);
        let mut description = None;
        for (k, v) in members {
            if k == "description" {
                description = v.as_str().map(Cow::Borrowed);
            } else {
                result.push((Cow::Borrowed(k.as_str()), Out::of(v)));
            }
        }
        if widen {
            self.widen(&mut result, out);
        }
        finish(&mut result, description, &[]);
        Some(Out::Object(result))
    }

    fn node(&mut self, members: Vec<Member<'a>>, origin: &str, out: &str, widen: bool, depth: usize) -> Out<'a> {
        // Subschemas and references written in place both nest the walk.
        if depth > MAX_DEPTH {
            if !self.problems.iter().any(|d| d.code == Code::Olp004) {
                let path = if out.is_empty() { "$".to_owned() } else { out.to_owned() };
                let message =
                    format!("Schemas nest deeper than {MAX_DEPTH} levels (references written in place count).");
                self.problems.push(Diagnostic { code: Code::Olp004, message, path });
            }
            return Out::Null;
        }
        let mut members = self.merge_all_of(members, out);
        if out.is_empty()
            && self.p.root_object
            && let Some(lifted) = lift_root_union(self.root, &members)
        {
            let k = if lifted.iter().any(|(k, _, _)| *k == "oneOf") { "oneOf" } else { "anyOf" };
            let detail = [
                self.p.name.as_str(),
                " takes no ",
                k,
                " at the root: the parameters of every branch are parameters here, none required; which to give is a hint in the description",
            ];
            self.change(out, "properties", ChangeAction::Merged, detail.concat());
            members = lifted;
        }
        // A reference, written in place unless references are kept.
        if let Some((_, Value::String(r), _)) = members.iter().find(|(k, _, _)| *k == "$ref") {
            if self.keep_refs {
                return self.kept_ref(&members, r, out, widen, depth);
            }
            return self.inline_ref(members, r, origin, out, widen, depth);
        }
        if !out.is_empty()
            && self.p.closed_objects
            && let Some(union) = union_of_objects(self.root, &members)
        {
            return self.distribute(members, union, origin, out, widen, depth);
        }
        // The keywords the rules below ask about, found in one pass over the
        // members (each question a scan of them, asked of every node, cost
        // more than the pass); `type` and `additionalProperties` as the
        // first member of that name.
        let (mut properties_members, mut has_pattern_properties) = (0usize, false);
        let (mut has_items, mut has_prefix_items, mut composed) = (false, false, false);
        let (mut type_value, mut additional): (Option<&Value>, Option<&Value>) = (None, None);
        for (m, v, _) in &members {
            match *m {
                "properties" => properties_members += 1,
                "patternProperties" => has_pattern_properties = true,
                "additionalProperties" => additional = additional.or(Some(*v)),
                "items" => has_items = true,
                "prefixItems" => has_prefix_items = true,
                "allOf" | "anyOf" | "oneOf" => composed = true,
                "type" => type_value = type_value.or(Some(*v)),
                _ => {}
            }
        }
        let has_properties = properties_members > 0;
        let types = type_names(type_value);
        let (object, array) = types.object_and_array();
        let structural = members.iter().any(|(k, _, _)| is_constraint(k));
        let object_like = object || (types.is_empty() && has_properties);
        let open_object = object
            && !composed
            && !has_properties
            && !has_pattern_properties
            && !matches!(additional, Some(Value::Bool(false)) | Some(Value::Object(_)));
        let open_array = array && !composed && !has_items && !has_prefix_items;
        let dictionary = object_like
            && !has_properties
            && !has_pattern_properties
            && matches!(additional, Some(Value::Object(_)) | Some(Value::Bool(true)));
        if out.is_empty() && self.p.root_object {
            // The root is the tool's arguments: an object, never reshaped.
            if dictionary && self.p.dictionaries_as_pairs {
                self.problem(out, format!("{} takes no dictionary at the root: the tool's arguments need declared parameters, and this schema declares none.", self.p.name));
                return Out::Null;
            }
            if open_root(self.p, &members) {
                return self.root_text(&members, origin);
            }
        }
        if self.p.any_as_json_text && (!structural || open_object || open_array) {
            return self.json_text(&members, origin, out, widen);
        }
        if self.p.dictionaries_as_pairs && dictionary {
            return self.pairs(&members, origin, out, widen, depth);
        }
        if is_tuple(self.p, &members) {
            return self.tuple(&members, origin, out, widen, depth);
        }

        let changes_before = self.changes.as_ref().map_or(0, Vec::len);
        let mut result: Members<'a> = Vec::with_capacity(members.len() + 2);
        let mut hints: Members<'a> = Vec::new();
        let mut description: Option<Cow<'a, str>> = None;
        // Merged schemas may bring several `required`s: all apply.
        let original_required: Vec<&'a str> = members
            .iter()
            .filter(|(k, _, _)| *k == "required")
            .filter_map(|(_, v, _)| v.as_array())
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        // Keywords seen before in this node (looked up in a set when it has many).
        let many = members.len() > 16;
        let mut given: Option<HashSet<&str>> = None;
        let mut property_names: Vec<&'a str> = Vec::new();
        // The properties made required here (`optional` ones), in order.
        let mut added: Vec<&'a str> = Vec::new();
        let mut next_required = 0;
        let mut dropped_defs = false;
        let outer_null_branch = std::mem::take(&mut self.null_branch);
        let mut seen = crate::json::KeyBits::default();
        for (i, (k, val, from)) in members.iter().enumerate() {
            let k = *k;
            let again = if many {
                !given.get_or_insert_with(HashSet::new).insert(k)
            } else {
                seen.may_repeat(k) && members[..i].iter().any(|(m, _, _)| *m == k)
            };
            match k {
                "description" => description = val.as_str().map(Cow::Borrowed),
                "properties" | "required" | "$defs" | "definitions" => {}
                _ if again => {
                    let why = [
                        k,
                        " is given twice here (merged schemas both say it; both apply), and one node can say it once",
                    ];
                    self.hint(&mut hints, k, val, from, out, &why);
                    continue;
                }
                _ => {}
            }
            match k {
                "description" => {}
                "type" => result.push((k.into(), Out::of(val))),
                "properties" => {
                    let mut kids = Children::under(from, k, out, k);
                    let declared = val.as_object().unwrap_or_default();
                    let mut props = Vec::with_capacity(declared.len());
                    property_names.reserve(declared.len());
                    for (name, sub) in declared {
                        let (own, at) = kids.key(name);
                        if matches!(sub, Value::Bool(false)) {
                            self.change(
                                at,
                                name,
                                ChangeAction::Removed,
                                "a property no value may take is left out; the object is closed",
                            );
                            continue;
                        }
                        // (Only merged schemas have more than one `properties`.)
                        if properties_members > 1 && property_names.contains(&name.as_str()) {
                            // The same property from another merged schema, said the same way.
                            continue;
                        }
                        let required = listed_in_order(&original_required, &mut next_required, |r| *r == name);
                        let optional = self.p.require_all_properties && !required;
                        // Merged schemas that say different things of one
                        // property: all of them apply, as one node.
                        let others: Vec<(&'a Value, String)> = members[i + 1..]
                            .iter()
                            .filter(|(mk, _, _)| *mk == "properties")
                            .filter_map(|(_, pv, pfrom)| {
                                pv.get(name)
                                    .filter(|d| *d != sub)
                                    .map(|d| (d, child(&child(pfrom, "properties"), name)))
                            })
                            .collect();
                        let converted = if others.is_empty() {
                            self.schema(sub, own, at, optional, depth + 1)
                        } else {
                            let mut merged: Vec<Member<'a>> = Vec::new();
                            for (def, origin) in std::iter::once((sub, own.to_owned())).chain(others) {
                                let from: Origin = Rc::from(origin.as_str());
                                for (dk, dv) in def.as_object().unwrap_or_default() {
                                    push_merged(&mut merged, (dk.as_str(), dv, from.clone()));
                                }
                            }
                            self.change(
                                at,
                                "properties",
                                ChangeAction::Merged,
                                "merged schemas each say something of this property; all of it applies here",
                            );
                            self.nodes += 1;
                            self.node(merged, own, at, optional, depth + 1)
                        };
                        property_names.push(name);
                        if optional {
                            added.push(name);
                        }
                        props.push((Cow::Borrowed(name.as_str()), converted));
                    }
                    match result.iter_mut().find(|(rk, _)| rk == "properties") {
                        Some((_, Out::Object(existing))) => existing.extend(props),
                        _ => result.push((k.into(), Out::Object(props))),
                    }
                }
                "required" => {
                    if !(again || self.p.require_all_properties && has_properties) {
                        let all = original_required.iter().map(|n| Out::text(n));
                        let mut names: Vec<Out<'a>> = Vec::new();
                        for n in all {
                            if !names.contains(&n) {
                                names.push(n);
                            }
                        }
                        result.push((k.into(), Out::Array(names)));
                    }
                }
                "$defs" | "definitions" if again => {}
                "$defs" | "definitions" => {
                    // (Changes point into the output's keyword; the input's stays for origins.)
                    let given_as = k;
                    let k = if k == "definitions" && !self.p.accepts("definitions") { "$defs" } else { k };
                    if self.keep_refs {
                        let mut kids = Children::under(from, given_as, out, k);
                        let mut defs = Vec::new();
                        for (name, sub) in val.as_object().unwrap_or_default() {
                            let (from_at, at) = kids.key(name);
                            defs.push((Cow::Borrowed(name.as_str()), self.schema(sub, from_at, at, false, depth + 1)));
                        }
                        result.push((k.into(), Out::Object(defs)));
                    } else {
                        dropped_defs = true;
                    }
                }
                _ if is_metadata(k) => {
                    let detail = [self.p.name.as_str(), " takes no ", k, "; it says nothing about values"];
                    self.change(out, k, ChangeAction::Dropped, detail.concat());
                }
                _ => self.keyword(k, val, from, k, out, depth, &mut result, &mut hints),
            }
        }
        let null_branch = std::mem::replace(&mut self.null_branch, outer_null_branch);
        if dropped_defs {
            self.change(
                out,
                "$defs",
                ChangeAction::Dropped,
                "every reference is written in place, so the definitions are not needed",
            );
        }
        // An object whose members are declared only in its branches: the
        // branches are closed (each one as its own object), and the node's
        // type goes into them; closing the node itself would leave it only `{}`.
        let in_branches = object_like
            && self.p.closed_objects
            && !out.is_empty()
            && !has_properties
            && !has_pattern_properties
            && additional.is_none()
            && result.iter().any(|(k, _)| k == "anyOf");
        if in_branches && !self.type_into_branches(&mut result, out) {
            let message = format!(
                "{} closes every object, and the members of this one are declared only in anyOf (or oneOf) branches that do not all say they are objects: no closed form means the same.",
                self.p.name
            );
            self.problem(out, message);
            return Out::Null;
        }
        // Objects: closed, every property required, in order.
        if object_like
            && !in_branches
            && self.p.closed_objects
            && !result.iter().any(|(k, _)| k == "additionalProperties")
        {
            insert_ordered(&mut result, "additionalProperties", Out::Bool(false));
            self.change(
                out,
                "additionalProperties",
                ChangeAction::Closed,
                [self.p.name.as_str(), " takes only closed objects; additionalProperties: false added"].concat(),
            );
        }
        if self.p.require_all_properties && has_properties {
            if !added.is_empty() && self.listing() {
                const NEEDS: &str = " needs every property in required; for ";
                const ABSENT: &str = ", null stands for absent";
                let names: usize = added.iter().map(|n| n.len() + 4).sum();
                let mut detail = String::with_capacity(self.p.name.len() + NEEDS.len() + names + ABSENT.len());
                detail.push_str(&self.p.name);
                detail.push_str(NEEDS);
                for (i, n) in added.iter().enumerate() {
                    detail.push_str(if i > 0 { ", '" } else { "'" });
                    detail.push_str(n);
                    detail.push('\'');
                }
                detail.push_str(ABSENT);
                self.change(out, "required", ChangeAction::Required, detail);
            }
            result.retain(|(k, _)| k != "required");
            insert_ordered(&mut result, "required", Out::Array(property_names.iter().map(|n| Out::text(n)).collect()));
        }
        if self.p.property_ordering && has_properties && !result.iter().any(|(k, _)| k == "propertyOrdering") {
            insert_ordered(
                &mut result,
                "propertyOrdering",
                Out::Array(property_names.iter().map(|n| Out::text(n)).collect()),
            );
            self.change(
                out,
                "propertyOrdering",
                ChangeAction::Ordered,
                "propertyOrdering lists the properties in declaration order",
            );
        }
        if (object_like || self.p.root_object) && !result.iter().any(|(k, _)| k == "type") && out.is_empty() {
            insert_ordered(&mut result, "type", Out::text("object"));
            self.change(out, "type", ChangeAction::Typed, "type: object added to an object schema that did not say so");
        }
        if self.p.any_as_json_text
            && !result.iter().any(|(k, _)| matches!(&**k, "type" | "anyOf" | "enum" | "const" | "$ref" | "allOf"))
        {
            // Nothing the target takes says what the value is: JSON text, like any value.
            if let Some(changes) = &mut self.changes {
                changes.truncate(changes_before);
            }
            return self.json_text(&members, origin, out, widen);
        }
        self.one_enum(&mut result, out);
        if null_branch {
            result = self.null_as_branch(result, out);
        }
        if widen {
            self.widen(&mut result, out);
        }
        finish(&mut result, description, &hints);
        Out::Object(result)
    }

    /// `const` written as an enum beside an `enum`: one enum, of the values
    /// both allow.
    #[inline(never)]
    fn one_enum(&mut self, result: &mut Members<'a>, out: &str) {
        if result.iter().filter(|(k, _)| k == "enum").count() < 2 {
            return;
        }
        let mut lists = result.iter().filter(|(k, _)| k == "enum").filter_map(|(_, v)| v.as_array());
        let mut both: Vec<Out<'a>> = lists.next().unwrap_or_default().to_vec();
        for other in lists {
            both.retain(|v| other.contains(v));
        }
        let first = result.iter().position(|(k, _)| k == "enum").unwrap_or(0);
        result[first].1 = Out::Array(both);
        let mut seen = false;
        result.retain(|(k, _)| k != "enum" || !std::mem::replace(&mut seen, true));
        self.change(out, "enum", ChangeAction::Merged, "const and enum are one enum now, of the values both allow");
    }

    /// A node whose `enum` lost its `null` (a value the target takes in no
    /// enum) as `anyOf` of the node without null and `{type: null}`: the
    /// same values.
    fn null_as_branch(&mut self, mut result: Members<'a>, out: &str) -> Members<'a> {
        for (k, v) in result.iter_mut() {
            if k == "type"
                && let Out::Array(ts) = v
            {
                ts.retain(|t| t.as_str() != Some("null"));
                if ts.len() == 1 {
                    *v = ts.remove(0);
                }
            }
        }
        let detail = [
            self.p.name.as_str(),
            " takes no null in an enum: null is a branch of its own, beside the enum's other values",
        ];
        self.change(out, "enum", ChangeAction::Reshaped, detail.concat());
        let null = Out::Object(vec![("type".into(), Out::text("null"))]);
        vec![("anyOf".into(), Out::Array(vec![Out::Object(std::mem::take(&mut result)), null]))]
    }

    /// One keyword outside the structure handled by `node`: `k` of the node
    /// at `from` in the input (where it is `from_key`), written at `out`.
    #[allow(clippy::too_many_arguments, reason = "one keyword in its full context")]
    fn keyword(
        &mut self,
        k: &'a str,
        val: &'a Value,
        from: &str,
        from_key: &str,
        out: &str,
        depth: usize,
        result: &mut Members<'a>,
        hints: &mut Members<'a>,
    ) {
        let p = self.p;
        let name = p.name.as_str();
        let support = p.support_of(k);
        match (k, support) {
            ("anyOf" | "oneOf", _) if out.is_empty() && p.root_object => {
                self.hint(
                    hints,
                    k,
                    val,
                    from,
                    out,
                    &[name, " takes no ", k, " at the root, where the tool's parameters are"],
                );
            }
            ("oneOf", Support::Accepted) | ("allOf", Support::Accepted) | ("anyOf", Support::Accepted) => {
                let list = self.schema_list(val, from, from_key, out, k, depth);
                result.push((k.into(), list));
            }
            ("oneOf", _) if p.one_of_as_any_of => {
                let list = self.schema_list(val, from, from_key, out, "anyOf", depth);
                result.push(("anyOf".into(), list));
                hints.push(("oneOf".into(), Out::text("exactly one of anyOf")));
                self.weaken(from, "oneOf");
                let detail = [name, " takes no oneOf: it is anyOf now, and 'exactly one' a hint in the description"];
                self.change(out, k, ChangeAction::Reshaped, detail.concat());
            }
            ("enum", _)
                if !self.takes_all(k, val)
                    && val.as_array().is_some_and(|vs| {
                        vs.contains(&Value::Null)
                            && vs.iter().all(|v| matches!(v, Value::Null) || p.takes_value("enum", v))
                    }) =>
            {
                let values = val.as_array().unwrap_or_default().iter().filter(|v| !matches!(v, Value::Null));
                result.push((k.into(), Out::Array(values.map(Out::of).collect())));
                self.null_branch = true;
            }
            ("enum" | "const", _) if !self.takes_all(k, val) => {
                let kinds =
                    match p.support_of(if k == "const" && p.const_as_enum && !p.accepts("const") { "enum" } else { k })
                    {
                        Support::Kinds(kinds) => kinds.join(", "),
                        _ => String::new(),
                    };
                self.hint(hints, k, val, from, out, &[name, " takes ", k, " values of these kinds only: ", &kinds]);
            }
            ("enum" | "const", Support::Kinds(_)) => result.push((k.into(), Out::of(val))),
            (_, Support::Kinds(_)) => {
                let converted = self.subschemas(k, val, from, from_key, out, depth);
                result.push((k.into(), converted));
            }
            ("const", _) if *support != Support::Accepted && p.const_as_enum => {
                result.push(("enum".into(), Out::Array(vec![Out::of(val)])));
                self.change(
                    out,
                    k,
                    ChangeAction::Reshaped,
                    [name, " takes no const: it is an enum of one value now"].concat(),
                );
            }
            ("additionalProperties", Support::FalseOnly) => match val {
                Value::Bool(false) => result.push((k.into(), Out::Bool(false))),
                Value::Bool(true) => {
                    result.push((k.into(), Out::Bool(false)));
                    let detail =
                        [name, " takes only closed objects; the members the schema names are all it allows now"];
                    self.change(out, k, ChangeAction::Closed, detail.concat());
                }
                _ => {
                    result.push((k.into(), Out::Bool(false)));
                    hints.push((k.into(), Out::of(val)));
                    self.weaken(from, k);
                    let detail = [
                        name,
                        " takes only additionalProperties: false; the schema for other members is a hint in the description",
                    ];
                    self.change(out, k, ChangeAction::Removed, detail.concat());
                }
            },
            (_, Support::Accepted) => {
                let converted = self.subschemas(k, val, from, from_key, out, depth);
                result.push((k.into(), converted));
            }
            (_, Support::Unenforced) => {
                let converted = self.subschemas(k, val, from, from_key, out, depth);
                result.push((k.into(), converted));
                self.weaken(from, k);
                self.change(
                    out,
                    k,
                    ChangeAction::Unenforced,
                    ["kept; ", name, " accepts ", k, " but does not enforce it"].concat(),
                );
            }
            (_, Support::Formats(list)) => {
                if val.as_str().is_some_and(|f| list.iter().any(|x| x == f)) {
                    result.push((k.into(), Out::of(val)));
                } else {
                    self.hint(hints, k, val, from, out, &[name, " takes no format ", &val.to_json()]);
                }
            }
            (_, Support::Regex(dialect)) => {
                if val.as_str().is_some_and(|p| regex_fits(p, *dialect)) {
                    result.push((k.into(), Out::of(val)));
                } else {
                    self.hint(hints, k, val, from, out, &[name, " takes simpler patterns than this one"]);
                }
            }
            (_, Support::Values(allowed)) => {
                if allowed.iter().any(|a| same_number(a, val)) {
                    result.push((k.into(), Out::of(val)));
                } else if k == "minItems"
                    && allowed.iter().any(|a| same_number(a, &Value::Number(Number::from_i128(1))))
                {
                    result.push((k.into(), Out::integer(1)));
                    hints.push((k.into(), Out::of(val)));
                    self.weaken(from, k);
                    let given = val.to_json();
                    let detail =
                        [name, " takes minItems 0 or 1 only: 1 is kept and ", &given, " is a hint in the description"];
                    self.change(out, k, ChangeAction::Relaxed, detail.concat());
                } else {
                    let allowed = Value::Array(allowed.clone()).to_json();
                    self.hint(hints, k, val, from, out, &[name, " takes ", k, " only as ", &allowed]);
                }
            }
            (_, Support::FalseOnly) => {
                if matches!(val, Value::Bool(false)) {
                    result.push((k.into(), Out::of(val)));
                } else {
                    self.hint(hints, k, val, from, out, &[name, " takes ", k, " only as false"]);
                }
            }
            (_, Support::Dropped) => self.change(
                out,
                k,
                ChangeAction::Dropped,
                [name, " takes no ", k, "; it says nothing about values"].concat(),
            ),
            (_, Support::Rejected) => self.hint(hints, k, val, from, out, &[name, " rejects ", k]),
            (_, Support::NotListed) => {
                self.hint(hints, k, val, from, out, &[name, " does not list ", &keyword_text(k)])
            }
        }
    }

    /// Whether the target takes every value of an `enum` (or the `const`).
    fn takes_all(&self, k: &str, val: &Value) -> bool {
        match (k, val) {
            ("enum", Value::Array(values)) => values.iter().all(|v| self.p.takes_value("enum", v)),
            ("const", v) => self.p.takes_value("const", v),
            _ => true,
        }
    }

    /// `allOf` whose branches can be one schema is merged into its node (see
    /// [`merge_all_of`]); otherwise the `allOf` stays, for `keyword` to keep
    /// or turn into a hint.
    fn merge_all_of(&mut self, members: Vec<Member<'a>>, out: &str) -> Vec<Member<'a>> {
        if !members.iter().any(|(k, _, _)| *k == "allOf") {
            return members;
        }
        match merge_all_of(self.root, &members, self.inlining.clone()) {
            Some(merged) => {
                let detail = "the branches of allOf are merged into this node; each one's keywords still apply";
                self.change(out, "allOf", ChangeAction::Merged, detail);
                merged
            }
            None => members,
        }
    }

    /// Removes `k` from the node: its meaning goes to the description. The
    /// change's detail is `why` (its parts, joined) and what became of it.
    #[allow(clippy::too_many_arguments, reason = "the keyword, where it was and where it goes")]
    #[inline(never)]
    fn hint(&mut self, hints: &mut Members<'a>, k: &'a str, val: &'a Value, from: &str, at: &str, why: &[&str]) {
        self.hint_value(hints, k, Out::of(val), from, at, why);
    }

    /// [`Converter::hint`] of a value the conversion computed.
    #[inline(never)]
    fn hint_value(&mut self, hints: &mut Members<'a>, k: &'a str, val: Out<'a>, from: &str, at: &str, why: &[&str]) {
        hints.push((k.into(), val));
        self.weaken(from, k);
        const HINTED: &str = "; its meaning is a hint in the description";
        let mut detail = String::with_capacity(why.iter().map(|w| w.len()).sum::<usize>() + HINTED.len());
        why.iter().for_each(|w| detail.push_str(w));
        detail.push_str(HINTED);
        self.change(at, k, ChangeAction::Removed, detail);
    }

    /// The value of a keyword the target keeps, with its subschemas
    /// converted: `k` of the node at `from` (where it is `from_key`), written
    /// at `out`.
    fn subschemas(&mut self, k: &str, val: &'a Value, from: &str, from_key: &str, out: &str, depth: usize) -> Out<'a> {
        let held = holds(k);
        if held == Holds::One {
            return self.schema(val, &child(from, from_key), &child(out, k), false, depth + 1);
        }
        if held == Holds::List {
            return self.schema_list(val, from, from_key, out, k, depth);
        }
        if held == Holds::Map
            && let Value::Object(map) = val
        {
            let mut kids = Children::under(from, from_key, out, k);
            let converted = map
                .iter()
                .map(|(name, sub)| {
                    let (from_at, at) = kids.key(name);
                    (Cow::Borrowed(name.as_str()), self.schema(sub, from_at, at, false, depth + 1))
                })
                .collect();
            return Out::Object(converted);
        }
        Out::of(val)
    }

    /// The list of subschemas `val`, at `from/from_key` in the input,
    /// converted to be written at `out/out_key`.
    fn schema_list(
        &mut self,
        val: &'a Value,
        from: &str,
        from_key: &str,
        out: &str,
        out_key: &str,
        depth: usize,
    ) -> Out<'a> {
        let items = val.as_array().unwrap_or_default();
        let mut kids = Children::under(from, from_key, out, out_key);
        Out::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, sub)| {
                    let (from_at, at) = kids.index(i);
                    self.schema(sub, from_at, at, false, depth + 1)
                })
                .collect(),
        )
    }

    #[inline(never)]
    fn inline_ref(
        &mut self,
        members: Vec<Member<'a>>,
        r: &str,
        origin: &str,
        out: &str,
        widen: bool,
        depth: usize,
    ) -> Out<'a> {
        let Some((target_pointer, target)) = resolve(self.root, r) else {
            self.problem(out, format!("The reference '{r}' is not part of the schema."));
            return Out::Null;
        };
        if self.inlining.contains(&target_pointer) {
            // Recursion is found before converting; this guards the walk anyway.
            self.problem(out, format!("The reference '{r}' refers back to itself."));
            return Out::Null;
        }
        self.inlining.push(target_pointer.clone());
        // The reference's own members, then the target's: both apply, and
        // the reference's annotations win.
        let mut merged: Vec<Member<'a>> = members.into_iter().filter(|(k, _, _)| *k != "$ref").collect();
        if let Value::Object(m) = target {
            let from: Origin = Rc::from(target_pointer.as_str());
            for (k, v) in m {
                push_merged(&mut merged, (k.as_str(), v, from.clone()));
            }
        }
        let _ = origin;
        self.change(out, "$ref", ChangeAction::Inlined, [r, " is written in place"].concat());
        let converted = self.node(merged, &target_pointer, out, widen, depth + 1);
        self.inlining.pop();
        converted
    }

    /// A reference kept as it is; its other keywords (which some targets
    /// refuse beside `$ref`) move to a wrapping node.
    #[inline(never)]
    fn kept_ref(&mut self, members: &[Member<'a>], r: &'a str, out: &str, widen: bool, depth: usize) -> Out<'a> {
        // A target that takes only `$defs` gets its references there.
        let r: Cow<'a, str> = match r.strip_prefix("#/definitions/") {
            Some(rest) if !self.p.accepts("definitions") => Cow::Owned(format!("#/$defs/{rest}")),
            _ => Cow::Borrowed(r),
        };
        let reference = Out::Object(vec![("$ref".into(), Out::String(r))]);
        let siblings: Vec<&Member<'a>> = members.iter().filter(|(k, _, _)| *k != "$ref").collect();
        if siblings.is_empty() && !widen {
            return reference;
        }
        let mut branches = vec![reference];
        if widen {
            branches.push(Out::Object(vec![("type".into(), Out::text("null"))]));
            self.change(
                out,
                "anyOf",
                ChangeAction::Widened,
                [
                    "null added: an optional property under ",
                    self.p.name.as_str(),
                    " strict, where null stands for absent",
                ]
                .concat(),
            );
        }
        let mut result: Members<'a> = vec![("anyOf".into(), Out::Array(branches))];
        let mut hints = Vec::new();
        let mut description = None;
        for (k, val, from) in siblings {
            match *k {
                "description" => description = val.as_str().map(Cow::Borrowed),
                _ if is_metadata(k) => {
                    let detail = [self.p.name.as_str(), " takes no ", k, "; it says nothing about values"];
                    self.change(out, k, ChangeAction::Dropped, detail.concat())
                }
                _ => self.keyword(k, val, from, k, out, depth, &mut result, &mut hints),
            }
        }
        self.change(
            out,
            "$ref",
            ChangeAction::Reshaped,
            "the reference moves into anyOf, so no keyword stands beside it",
        );
        self.one_enum(&mut result, out);
        // The keywords beside the reference must let null through too.
        if widen {
            self.widen(&mut result, out);
        }
        finish(&mut result, description, &hints);
        Out::Object(result)
    }

    /// Arguments a closed-object target cannot take as they are (the
    /// schema declares no parameter and leaves the members open): one
    /// parameter, [`ROOT_TEXT`], holding the arguments object as JSON text.
    fn root_text(&mut self, members: &[Member<'a>], origin: &str) -> Out<'a> {
        let text = self.json_text(members, origin, &child(&child("", "properties"), ROOT_TEXT), false);
        let detail = [
            self.p.name.as_str(),
            " takes only declared parameters, and this schema declares none: the arguments object is one parameter, '",
            ROOT_TEXT,
            "', of JSON text, parsed back by restore-args",
        ];
        self.change("", "properties", ChangeAction::Reshaped, detail.concat());
        let mut result: Members<'a> = vec![
            ("type".into(), Out::text("object")),
            ("properties".into(), Out::Object(vec![(ROOT_TEXT.into(), text)])),
        ];
        if self.p.property_ordering {
            result.push(("propertyOrdering".into(), Out::Array(vec![Out::text(ROOT_TEXT)])));
        }
        result.push(("required".into(), Out::Array(vec![Out::text(ROOT_TEXT)])));
        if self.p.closed_objects {
            result.push(("additionalProperties".into(), Out::Bool(false)));
        }
        let description = members.iter().find(|(k, _, _)| *k == "description").and_then(|(_, v, _)| v.as_str());
        finish(&mut result, description.map(Cow::Borrowed), &[]);
        Out::Object(result)
    }

    /// Any JSON value (or an object or array with nothing said of its
    /// members) as a string of JSON text.
    #[inline(never)]
    fn json_text(&mut self, members: &[Member<'a>], origin: &str, out: &str, widen: bool) -> Out<'a> {
        let content: Members<'a> = members
            .iter()
            .filter(|(k, _, _)| !is_annotation(k))
            .map(|(k, v, _)| (Cow::Borrowed(*k), Out::of(v)))
            .collect();
        let accepts_null =
            members.iter().any(|(k, v, _)| *k == "type" && type_names(Some(v)).contains("null")) || content.is_empty();
        let mut hints: Members<'a> = vec![("contentMediaType".into(), Out::text("application/json"))];
        // The target takes any string here, JSON or not: an answer restore
        // cannot read is possible.
        self.lossless = false;
        if !content.is_empty() {
            for (k, _) in &content {
                self.weaken(origin, k);
            }
            hints.push(("contentSchema".into(), Out::Object(content)));
        }
        let description =
            members.iter().find(|(k, _, _)| *k == "description").and_then(|(_, v, _)| v.as_str()).map(Cow::Borrowed);
        // A default is a value too: its JSON text, where the target takes one.
        let mut default = None;
        if let Some((_, d, from)) = members.iter().find(|(k, _, _)| *k == "default") {
            if self.p.accepts("default") {
                default = Some(Out::String(Cow::Owned(d.to_json())));
            } else {
                let why = [self.p.name.as_str(), " takes no default"];
                self.hint(&mut hints, "default", d, from, out, &why);
            }
        }
        let ty = if widen || (accepts_null && members.iter().any(|(k, _, _)| *k == "type")) {
            Out::Array(vec![Out::text("string"), Out::text("null")])
        } else {
            Out::text("string")
        };
        let detail = [
            self.p.name.as_str(),
            " cannot take a schema that leaves the value open: it is a string of JSON text now, parsed back by restore-args",
        ];
        self.change(out, "type", ChangeAction::Reshaped, detail.concat());
        let mut result: Members<'a> = vec![("type".into(), ty)];
        if let Some(d) = default {
            result.push(("default".into(), d));
        }
        finish(&mut result, description, &hints);
        Out::Object(result)
    }

    /// A dictionary (`additionalProperties: {schema}`) as an array of
    /// `{key, value}` pairs.
    #[inline(never)]
    fn pairs(&mut self, members: &[Member<'a>], origin: &str, out: &str, widen: bool, depth: usize) -> Out<'a> {
        let get = |k: &str| members.iter().find(|(m, _, _)| *m == k).map(|(_, v, _)| *v);
        static ANY: Value = Value::Object(Vec::new());
        let value_schema = match get("additionalProperties") {
            Some(v @ Value::Object(_)) => v,
            _ => &ANY,
        };
        let value = self.schema(
            value_schema,
            &child(origin, "additionalProperties"),
            &[out, "/items/properties/value"].concat(),
            false,
            depth + 1,
        );
        let mut key: Members<'a> = vec![("type".into(), Out::text("string"))];
        if let Some(Value::Object(names)) = get("propertyNames") {
            // Constraints on the names become constraints on `key`, a string.
            static STRING: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| Value::String("string".into()));
            let names_at = child(origin, "propertyNames");
            let from: Origin = Rc::from(names_at.as_str());
            let mut members: Vec<Member<'a>> =
                names.iter().filter(|(k, _)| k != "type").map(|(k, v)| (k.as_str(), v, from.clone())).collect();
            members.insert(0, ("type", &*STRING, from));
            let converted = self.node(members, &names_at, &[out, "/items/properties/key"].concat(), false, depth + 1);
            if let Out::Object(m) = converted {
                key = m;
            }
        }
        let mut pair = vec![
            ("type".into(), Out::text("object")),
            ("properties".into(), Out::Object(vec![("key".into(), Out::Object(key)), ("value".into(), value)])),
        ];
        // A pair is an object as the target writes objects: ordered where it
        // orders them, closed where it takes `additionalProperties`.
        if self.p.property_ordering {
            pair.push(("propertyOrdering".into(), Out::Array(vec![Out::text("key"), Out::text("value")])));
        }
        pair.push(("required".into(), Out::Array(vec![Out::text("key"), Out::text("value")])));
        if self.p.closed_objects
            || !matches!(
                self.p.support_of("additionalProperties"),
                Support::Rejected | Support::NotListed | Support::Dropped
            )
        {
            pair.push(("additionalProperties".into(), Out::Bool(false)));
        }
        let pair = Out::Object(pair);
        let mut result: Members<'a> = vec![
            (
                "type".into(),
                if widen { Out::Array(vec![Out::text("array"), Out::text("null")]) } else { Out::text("array") },
            ),
            ("items".into(), pair),
        ];
        let mut hints = Vec::new();
        for (k, v, from) in members {
            match *k {
                "minProperties" | "maxProperties" => {
                    let items_key = if *k == "minProperties" { "minItems" } else { "maxItems" };
                    let mut kept = Vec::new();
                    self.keyword(items_key, v, from, k, out, depth, &mut kept, &mut hints);
                    for (ik, iv) in kept {
                        insert_ordered(&mut result, ik, iv);
                    }
                }
                "type" | "additionalProperties" | "propertyNames" | "description" => {}
                _ if is_metadata(k) => {}
                _ => {
                    hints.push(((*k).into(), Out::of(v)));
                    self.weaken(from, k);
                }
            }
        }
        // The target cannot say that no key is given twice.
        self.lossless = false;
        let detail = [
            self.p.name.as_str(),
            " takes only closed objects: the dictionary is an array of {key, value} pairs now, turned back by restore-args",
        ];
        self.change(out, "additionalProperties", ChangeAction::Reshaped, detail.concat());
        let description = get("description").and_then(Value::as_str).map(Cow::Borrowed);
        finish(&mut result, description, &hints);
        Out::Object(result)
    }

    /// An object that declares properties and has a union whose branches
    /// declare more, for a target that closes objects: closed one by one,
    /// each branch would refuse the node's own members. The node becomes
    /// `anyOf` of the node merged with each branch (the same values), each
    /// one closed object.
    #[inline(never)]
    fn distribute(
        &mut self,
        members: Vec<Member<'a>>,
        union: (&'a str, Vec<Vec<Member<'a>>>),
        origin: &str,
        out: &str,
        widen: bool,
        depth: usize,
    ) -> Out<'a> {
        let (k, branches) = union;
        let own: Vec<Member<'a>> = members.iter().filter(|(m, _, _)| *m != k && !is_annotation(m)).cloned().collect();
        let mut list = Vec::with_capacity(branches.len());
        for (i, branch) in branches.into_iter().enumerate() {
            let mut merged = own.clone();
            for m in branch {
                push_merged(&mut merged, m);
            }
            self.nodes += 1;
            list.push(self.node(merged, origin, &child_index(&child(out, "anyOf"), i), false, depth + 1));
        }
        let mut result: Members<'a> = vec![("anyOf".into(), Out::Array(list))];
        let mut hints: Members<'a> = Vec::new();
        if k == "oneOf" {
            hints.push(("oneOf".into(), Out::text("exactly one of anyOf")));
            if let Some((_, _, from)) = members.iter().find(|(m, _, _)| *m == "oneOf") {
                let from = from.clone();
                self.weaken(&from, "oneOf");
            }
        }
        let detail = [
            self.p.name.as_str(),
            " closes every object: the node's own properties go into each branch of its ",
            k,
            ", so that each branch is one closed object",
        ];
        self.change(out, k, ChangeAction::Merged, detail.concat());
        if widen {
            self.widen(&mut result, out);
        }
        let description = members.iter().find(|(m, _, _)| *m == "description").and_then(|(_, v, _)| v.as_str());
        finish(&mut result, description.map(Cow::Borrowed), &hints);
        Out::Object(result)
    }

    /// Moves the node's `type` into each of its `anyOf` branches (the
    /// types both allow); false when a branch says no type, so that it was
    /// not converted as an object.
    #[inline(never)]
    fn type_into_branches(&mut self, result: &mut Members<'a>, out: &str) -> bool {
        let parent: Vec<String> = result
            .iter()
            .find(|(k, _)| k == "type")
            .map(|(_, v)| v.type_names().map(str::to_owned).collect())
            .unwrap_or_default();
        let Some((_, Out::Array(branches))) = result.iter_mut().find(|(k, _)| k == "anyOf") else { return false };
        if !branches.iter().all(|b| b.get("type").is_some()) {
            return false;
        }
        for branch in branches.iter_mut() {
            let Out::Object(members) = branch else { continue };
            let Some((_, t)) = members.iter_mut().find(|(k, _)| k == "type") else { continue };
            let own: Vec<String> = t.type_names().map(str::to_owned).collect();
            let both: Vec<Out<'a>> = own
                .iter()
                .filter_map(|b| {
                    let kept = parent.iter().any(|p| p == b || (p == "number" && b == "integer"));
                    let narrowed = b == "number" && parent.iter().any(|p| p == "integer");
                    if kept {
                        Some(Out::String(Cow::Owned(b.clone())))
                    } else if narrowed {
                        Some(Out::text("integer"))
                    } else {
                        None
                    }
                })
                .collect();
            // (None in common: the branch was reshaped, JSON text for an
            // open object, and keeps its own type.)
            match both.len() {
                0 => {}
                1 => *t = both.into_iter().next().unwrap_or(Out::Null),
                _ => *t = Out::Array(both),
            }
        }
        result.retain(|(k, _)| k != "type");
        let detail = [
            self.p.name.as_str(),
            " closes every object: this one's members are declared in its branches, so each branch is closed and the type moves into them",
        ];
        self.change(out, "type", ChangeAction::Moved, detail.concat());
        true
    }

    /// A tuple (`prefixItems`) for a target that takes none: an object
    /// whose properties are the positions, `"0"`, `"1"`, …, and `"rest"`
    /// for the items after them, turned back into an array by restore-args.
    #[inline(never)]
    fn tuple(&mut self, members: &[Member<'a>], origin: &str, out: &str, widen: bool, depth: usize) -> Out<'a> {
        let get = |k: &str| members.iter().find(|(m, _, _)| *m == k);
        let (_, prefix, prefix_from) = get("prefixItems").cloned().unwrap_or(("", &Value::Null, Rc::from("")));
        let prefix = prefix.as_array().unwrap_or_default();
        let count = |k: &str| match get(k) {
            Some((_, Value::Number(n), _)) => n.as_i128().and_then(|n| usize::try_from(n).ok()),
            _ => None,
        };
        let (min, max) = (count("minItems").unwrap_or(0), count("maxItems"));
        static ANY: Value = Value::Bool(true);
        let rest = match get("items") {
            Some((_, Value::Bool(false), _)) => None,
            Some((_, v, from)) => Some((*v, child(from, "items"))),
            None => Some((&ANY, child(origin, "items"))),
        };
        let positions = max.map_or(prefix.len(), |m| m.min(prefix.len()));
        let rest = rest.filter(|_| max.is_none_or(|m| m > prefix.len()));
        let at = child(out, "properties");
        let mut properties = Vec::with_capacity(positions + 1);
        let mut required = Vec::new();
        let mut optional = 0;
        for (i, sub) in prefix.iter().take(positions).enumerate() {
            let name = i.to_string();
            let needed = i < min;
            optional += usize::from(!needed);
            if needed || self.p.require_all_properties {
                required.push(Out::String(Cow::Owned(name.clone())));
            }
            let widen_it = self.p.require_all_properties && !needed;
            let from_at = child_index(&child(&prefix_from, "prefixItems"), i);
            let converted = self.schema(sub, &from_at, &child(&at, &name), widen_it, depth + 1);
            properties.push((Cow::Owned(name), converted));
        }
        if let Some((sub, from_at)) = rest {
            let needed = min > prefix.len();
            optional += usize::from(!needed);
            if needed || self.p.require_all_properties {
                required.push(Out::text(TUPLE_REST));
            }
            let rest_at = child(&at, TUPLE_REST);
            let items = self.schema(sub, &from_at, &child(&rest_at, "items"), false, depth + 1);
            let mut array: Members<'a> = vec![("type".into(), Out::text("array")), ("items".into(), items)];
            let mut rest_hints = Vec::new();
            if needed {
                let least = (min - prefix.len()) as i128;
                self.count_keyword("minItems", least, origin, &rest_at, &mut array, &mut rest_hints);
            }
            if let Some(m) = max {
                let most = (m - prefix.len()) as i128;
                self.count_keyword("maxItems", most, origin, &rest_at, &mut array, &mut rest_hints);
            }
            finish(&mut array, None, &rest_hints);
            let mut rest_schema = array;
            if self.p.require_all_properties && !needed {
                self.widen(&mut rest_schema, &rest_at);
            }
            properties.push((TUPLE_REST.into(), Out::Object(rest_schema)));
        }
        // Two optional positions: the model may give the second without the
        // first, which no array means.
        if optional >= 2 {
            self.lossless = false;
        }
        let mut hints: Members<'a> = Vec::new();
        for (k, v, from) in members {
            match *k {
                "type" | "prefixItems" | "items" | "minItems" | "maxItems" | "description" => {}
                _ if is_annotation(k) => {}
                _ => {
                    hints.push(((*k).into(), Out::of(v)));
                    self.weaken(from, k);
                }
            }
        }
        let ty = if widen { Out::Array(vec![Out::text("object"), Out::text("null")]) } else { Out::text("object") };
        let mut result: Members<'a> = vec![
            ("type".into(), ty),
            ("properties".into(), Out::Object(properties)),
            ("required".into(), Out::Array(required)),
        ];
        if self.p.closed_objects {
            result.push(("additionalProperties".into(), Out::Bool(false)));
        }
        if self.p.property_ordering {
            let names: Vec<Out<'a>> =
                result[1].1.as_object().unwrap_or_default().iter().map(|(n, _)| Out::String(n.clone())).collect();
            insert_ordered(&mut result, "propertyOrdering", Out::Array(names));
        }
        let detail = [
            self.p.name.as_str(),
            " takes no prefixItems: the tuple is an object of its positions (\"0\", \"1\", …, and \"rest\" for the items after them) now, turned back by restore-args",
        ];
        self.change(out, "prefixItems", ChangeAction::Reshaped, detail.concat());
        let description = get("description").and_then(|(_, v, _)| v.as_str()).map(Cow::Borrowed);
        finish(&mut result, description, &hints);
        Out::Object(result)
    }

    /// `minItems` or `maxItems` the conversion computes (for the items
    /// after a tuple's positions): kept where the target takes that count,
    /// else a hint, as the keyword given in the schema would be.
    fn count_keyword(
        &mut self,
        k: &'a str,
        n: i128,
        origin: &str,
        at: &str,
        result: &mut Members<'a>,
        hints: &mut Members<'a>,
    ) {
        let kept = match self.p.support_of(k) {
            Support::Accepted => true,
            Support::Values(allowed) => {
                let n = Value::Number(Number::from_i128(n));
                allowed.iter().any(|a| same_number(a, &n))
            }
            _ => false,
        };
        if kept {
            result.push((k.into(), Out::integer(n)));
        } else {
            let why = [self.p.name.as_str(), " takes ", k, " only as the table lists"];
            self.hint_value(hints, k, Out::integer(n), origin, at, &why);
        }
    }

    /// Lets an optional property's schema take `null` too.
    #[inline(never)]
    fn widen(&mut self, result: &mut [(Cow<'a, str>, Out<'a>)], out: &str) {
        let name = self.p.name.as_str();
        let mut changed = false;
        for (k, v) in result.iter_mut() {
            match (&**k, &mut *v) {
                ("type", Out::String(t)) if &**t != "null" => {
                    let single = std::mem::take(t);
                    *v = Out::Array(vec![Out::String(single), Out::text("null")]);
                    changed = true;
                }
                ("type", Out::Array(ts)) if !ts.iter().any(|t| t.as_str() == Some("null")) => {
                    ts.push(Out::text("null"));
                    changed = true;
                }
                ("enum", Out::Array(values)) if !values.contains(&Out::Null) => {
                    values.push(Out::Null);
                    changed = true;
                }
                _ => {}
            }
        }
        let typed = result.iter().any(|(k, _)| k == "type");
        if !typed && let Some((_, Out::Array(branches))) = result.iter_mut().find(|(k, _)| k == "anyOf") {
            let null_branch = Out::Object(vec![("type".into(), Out::text("null"))]);
            if !branches.contains(&null_branch) {
                branches.push(null_branch);
                changed = true;
            }
        }
        if changed && self.listing() {
            let detail = ["null added: an optional property under ", name, " strict, where null stands for absent"];
            self.change(out, "type", ChangeAction::Widened, detail.concat());
        }
    }
}

/// A node's one union (`anyOf` or `oneOf`) whose branches declare
/// properties, where the node declares its own: the keyword and each
/// branch's members (references followed, `allOf` merged). None otherwise.
pub(crate) fn union_of_objects<'a>(root: &'a Value, members: &[Member<'a>]) -> Option<(&'a str, Vec<Vec<Member<'a>>>)> {
    if !members.iter().any(|(k, _, _)| *k == "properties") {
        return None;
    }
    let mut unions = members.iter().filter(|(k, _, _)| matches!(*k, "anyOf" | "oneOf"));
    let (k, list, from) = unions.next()?;
    if unions.next().is_some() {
        return None;
    }
    let mut branches = Vec::new();
    for (i, b) in list.as_array()?.iter().enumerate() {
        branches.push(branch_members(root, b, &child_index(&child(from, k), i), &mut Vec::new(), 0)?);
    }
    branches.iter().any(|b| b.iter().any(|(m, _, _)| *m == "properties")).then_some((*k, branches))
}

/// The property of a tuple's object form that holds the items after its positions.
pub const TUPLE_REST: &str = "rest";

/// Whether the node is a tuple (`prefixItems`) for a target that takes none:
/// it is written as an object of its positions.
pub(crate) fn is_tuple(p: &Profile, members: &[Member<'_>]) -> bool {
    let get = |k: &str| members.iter().find(|(m, _, _)| *m == k).map(|(_, v, _)| *v);
    let types = type_names(get("type"));
    matches!(get("prefixItems"), Some(Value::Array(_)))
        && !p.accepts("prefixItems")
        && (types.is_empty() || types.only("array"))
        && !members.iter().any(|(k, _, _)| matches!(*k, "anyOf" | "oneOf" | "allOf" | "$ref"))
}

/// Whether a node's members (references followed, `allOf` merged) keep,
/// for the target, a keyword that says what the value is: `type`, a union,
/// a reference, an `allOf` it takes, or an `enum` or `const` whose values it
/// takes. Where none is kept, a target that needs one gets JSON text.
pub(crate) fn says_what(p: &Profile, members: &[Member<'_>]) -> bool {
    members.iter().any(|(k, v, _)| match *k {
        "type" | "anyOf" | "$ref" => true,
        "oneOf" => p.accepts("oneOf") || p.one_of_as_any_of,
        "allOf" => p.accepts("allOf"),
        "enum" => v.as_array().is_some_and(|vs| {
            vs.iter().all(|x| p.takes_value("enum", x))
                || (vs.contains(&Value::Null)
                    && vs.iter().all(|x| matches!(x, Value::Null) || p.takes_value("enum", x)))
        }),
        "const" => {
            (p.accepts("const") || p.const_as_enum || matches!(p.support_of("const"), Support::Kinds(_)))
                && p.takes_value("const", v)
        }
        _ => false,
    })
}

/// The one parameter of a root that [`open_root`] holds.
pub const ROOT_TEXT: &str = "arguments";

/// Whether the root's members (references followed, `allOf` merged) declare
/// no parameter and leave the arguments open, for a target that takes only
/// closed objects: the arguments are then sent as JSON text.
pub(crate) fn open_root(p: &Profile, members: &[Member<'_>]) -> bool {
    let has = |k: &str| members.iter().any(|(m, _, _)| *m == k);
    let get = |k: &str| members.iter().find(|(m, _, _)| *m == k).map(|(_, v, _)| *v);
    let types = type_names(get("type"));
    let structural = members.iter().any(|(k, _, _)| is_constraint(k));
    let composed = has("allOf") || has("anyOf") || has("oneOf");
    let open_object = types.contains("object")
        && !composed
        && !has("properties")
        && !has("patternProperties")
        && !matches!(get("additionalProperties"), Some(Value::Bool(false)) | Some(Value::Object(_)));
    // Members the schema allows but does not name (a dictionary, patterns,
    // or nothing said of them) have no place in a closed object.
    let names_members = matches!(get("additionalProperties"), Some(Value::Bool(false)));
    p.root_object && p.closed_objects && !has("properties") && (open_object || !structural || !names_members)
}

/// The `type` names of a schema (one or a list).
pub fn type_names(t: Option<&Value>) -> TypeNames<'_> {
    TypeNames(t)
}

/// The type names a `type` keyword gives (a name, or the names in a list;
/// none when absent), read in place: asked of every node, it allocates
/// nothing.
#[derive(Clone, Copy)]
pub struct TypeNames<'v>(Option<&'v Value>);

impl<'v> TypeNames<'v> {
    pub fn iter(self) -> impl Iterator<Item = &'v str> {
        let (one, list) = match self.0 {
            Some(Value::String(s)) => (Some(s.as_str()), &[][..]),
            Some(Value::Array(a)) => (None, a.as_slice()),
            _ => (None, &[][..]),
        };
        one.into_iter().chain(list.iter().filter_map(Value::as_str))
    }

    pub fn contains(self, name: &str) -> bool {
        self.iter().any(|t| t == name)
    }

    /// Whether `object` is among the names, and whether `array` is: one pass,
    /// each name compared in place (asked of every node; `contains` twice
    /// was two passes and a call to compare for each name of their length).
    #[inline(always)]
    pub fn object_and_array(self) -> (bool, bool) {
        let (mut object, mut array) = (false, false);
        for t in self.iter() {
            object |= crate::json::same(t.as_bytes(), b"object");
            array |= crate::json::same(t.as_bytes(), b"array");
        }
        (object, array)
    }

    pub fn is_empty(self) -> bool {
        self.iter().next().is_none()
    }

    /// Whether `name` is the only name given.
    pub fn only(self, name: &str) -> bool {
        let mut names = self.iter();
        names.next() == Some(name) && names.next().is_none()
    }
}

fn same_number(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.decimal() == y.decimal(),
        _ => false,
    }
}

/// A fragment reference in `root`: its pointer (as written in the schema)
/// and the schema it names.
pub fn resolve<'v>(root: &'v Value, reference: &str) -> Option<(String, &'v Value)> {
    let fragment = reference.strip_prefix('#')?;
    if fragment.is_empty() {
        return Some((String::new(), root));
    }
    if fragment.starts_with('/') {
        let pointer = crate::validate::percent_decode(fragment);
        return root.pointer(&pointer).map(|v| (pointer.into_owned(), v));
    }
    find_anchor(root, fragment, "", 0)
}

fn find_anchor<'v>(v: &'v Value, name: &str, at: &str, depth: usize) -> Option<(String, &'v Value)> {
    if depth > MAX_DEPTH {
        return None;
    }
    match v {
        Value::Object(members) => {
            if members.iter().any(|(k, a)| (k == "$anchor" || k == "$dynamicAnchor") && a.as_str() == Some(name)) {
                return Some((at.to_owned(), v));
            }
            members.iter().find_map(|(k, sub)| find_anchor(sub, name, &child(at, k), depth + 1))
        }
        Value::Array(items) => {
            items.iter().enumerate().find_map(|(i, sub)| find_anchor(sub, name, &child_index(at, i), depth + 1))
        }
        _ => None,
    }
}

/// Inserts `key` where the contract's order puts it.
pub fn insert_ordered<'a>(result: &mut Members<'a>, key: impl Into<Cow<'a, str>>, value: Out<'a>) {
    let key = key.into();
    let position = match rank(&key) {
        Some(r) => result.iter().position(|(k, _)| rank(k).is_some_and(|kr| kr > r)).unwrap_or(result.len()),
        None => result.len(),
    };
    result.insert(position, (key, value));
}

/// A keyword as the hint form and the changes' details write it: as it is
/// when it is made of ASCII letters, digits, `_`, `$` and `-`, else as a JSON
/// string (so that `""` or `"my key"` cannot be misread).
fn keyword_text(k: &str) -> String {
    let mut out = String::new();
    push_keyword_text(&mut out, k);
    out
}

fn push_keyword_text(out: &mut String, k: &str) {
    let plain = !k.is_empty() && k.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'-'));
    if plain { out.push_str(k) } else { crate::json::write_string(k, out) }
}

/// Writes the description, with the hints appended in the documented form
/// `(keyword: JSON, keyword: JSON)` (a keyword of other characters than
/// ASCII letters, digits, `_`, `$` and `-` is written as a JSON string),
/// before the first keyword the contract
/// orders after it.
fn finish<'a>(result: &mut Members<'a>, description: Option<Cow<'a, str>>, hints: &[(Cow<'a, str>, Out<'a>)]) {
    // Room for most hints at once (a keyword and a short value each), not
    // grown in steps.
    let room = 48 * hints.len();
    let text = match description {
        _ if hints.is_empty() => description,
        Some(d) if !d.is_empty() => {
            let mut text = String::with_capacity(d.len() + 1 + room);
            text.push_str(&d);
            text.push(' ');
            write_hint(&mut text, hints);
            Some(Cow::Owned(text))
        }
        _ => {
            let mut h = String::with_capacity(room);
            write_hint(&mut h, hints);
            Some(Cow::Owned(h))
        }
    };
    if let Some(text) = text {
        insert_ordered(result, "description", Out::String(text));
    }
}

/// Appends `(keyword: JSON, keyword: JSON)`.
fn write_hint(out: &mut String, hints: &[(Cow<'_, str>, Out<'_>)]) {
    out.push('(');
    for (i, (k, v)) in hints.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_keyword_text(out, k);
        out.push_str(": ");
        v.write(out);
    }
    out.push(')');
}

/// A node's `allOf`, merged into it, for every target: a model reads one
/// schema more easily, and closed objects (which strict targets need)
/// cannot be combined by `allOf`. A branch that is a reference is its
/// target. Nothing when there is no `allOf`, when merging would change the
/// meaning, or when a reference cannot be followed or leads back (to one of
/// `seen`, the references being written out).
pub(crate) fn merge_all_of<'a>(
    root: &'a Value,
    members: &[Member<'a>],
    mut seen: Vec<String>,
) -> Option<Vec<Member<'a>>> {
    let (_, all, from) = members.iter().find(|(k, _, _)| *k == "allOf")?;
    let mut merged: Vec<Member<'a>> = members.iter().filter(|(k, _, _)| *k != "allOf").cloned().collect();
    for (i, branch) in all.as_array()?.iter().enumerate() {
        let at = child_index(&child(from, "allOf"), i);
        for m in branch_members(root, branch, &at, &mut seen, 0)? {
            push_merged(&mut merged, m);
        }
    }
    merge_keeps_meaning(&merged, false).then_some(merged)
}

/// A root `anyOf` or `oneOf` of objects, for a target that takes neither
/// at the root: the parameters of every branch become the root's (none
/// required; the union itself stays, for `keyword` to turn into a hint).
/// Nothing when the root declares properties of its own, a branch declares
/// none, or two branches say different things of one parameter.
pub(crate) fn lift_root_union<'a>(root: &'a Value, members: &[Member<'a>]) -> Option<Vec<Member<'a>>> {
    if members.iter().any(|(k, _, _)| matches!(*k, "properties" | "$ref"))
        || members.iter().filter(|(k, _, _)| matches!(*k, "anyOf" | "oneOf")).count() != 1
    {
        return None;
    }
    let (k, branches, from) = members.iter().find(|(k, _, _)| matches!(*k, "anyOf" | "oneOf"))?;
    let mut lifted: Vec<Member<'a>> = members.to_vec();
    for (i, branch) in branches.as_array()?.iter().enumerate() {
        let at = child_index(&child(from, k), i);
        let branch_members = branch_members(root, branch, &at, &mut Vec::new(), 0)?;
        let properties = branch_members.into_iter().find(|(k, _, _)| *k == "properties")?;
        lifted.push(properties);
    }
    let only_properties: Vec<Member<'a>> = lifted.iter().filter(|(k, _, _)| *k == "properties").cloned().collect();
    merge_keeps_meaning(&only_properties, true).then_some(lifted)
}

/// The members of an `allOf` branch: its own first, then those of the
/// reference it makes and of the `allOf` it has.
fn branch_members<'a>(
    root: &'a Value,
    branch: &'a Value,
    origin: &str,
    seen: &mut Vec<String>,
    depth: usize,
) -> Option<Vec<Member<'a>>> {
    if depth > 32 {
        return None;
    }
    // `true` says nothing: it adds no member.
    let m = match branch {
        Value::Bool(true) => return Some(Vec::new()),
        other => other.as_object()?,
    };
    let mut out: Vec<Member<'a>> = Vec::new();
    let from: Origin = Rc::from(origin);
    for (k, v) in m {
        if !matches!(k.as_str(), "$ref" | "allOf") {
            push_merged(&mut out, (k.as_str(), v, from.clone()));
        }
    }
    if let Some(r) = branch.get("$ref") {
        let (pointer, target) = resolve(root, r.as_str()?)?;
        if seen.contains(&pointer) {
            return None;
        }
        seen.push(pointer.clone());
        let inner = branch_members(root, target, &pointer, seen, depth + 1);
        seen.pop();
        for im in inner? {
            push_merged(&mut out, im);
        }
    }
    if let Some(all) = branch.get("allOf") {
        for (i, b) in all.as_array()?.iter().enumerate() {
            let at = child_index(&child(origin, "allOf"), i);
            for im in branch_members(root, b, &at, seen, depth + 1)? {
                push_merged(&mut out, im);
            }
        }
    }
    Some(out)
}

/// The first reference cycle in the schema, written out, if there is one:
/// a reference that, through the schemas it leads to, comes back to itself.
pub fn find_recursion(root: &Value) -> Option<String> {
    find_cycle(root, false)
}

/// The first reference cycle whose every reference sits under required
/// properties only (an optional property on the way lets a model stop).
pub fn find_required_recursion(root: &Value) -> Option<String> {
    find_cycle(root, true)
}

fn find_cycle(root: &Value, required_only: bool) -> Option<String> {
    // The references inside each referenced schema (and the root), each with
    // whether an optional property lies on the way to it. Only schemas are
    // searched, as the conversion follows them: a `$ref` inside a value of
    // no meaning (`x-meta: {"$ref": "#"}`, an `enum`'s or a `default`'s
    // value) is not a reference, and the conversion keeps it as a hint.
    fn refs_in<'v>(v: &'v Value, optional: bool, out: &mut Vec<(&'v str, bool)>, depth: usize) {
        let Value::Object(m) = v else { return };
        if depth > MAX_DEPTH {
            return;
        }
        let required = match v.get("required") {
            Some(Value::Array(names)) => names.as_slice(),
            _ => &[],
        };
        for (k, sub) in m {
            match (k.as_str(), sub) {
                ("$ref" | "$dynamicRef", Value::String(r)) => out.push((r, optional)),
                // Definitions are reached only through references.
                ("$defs" | "definitions", _) => {}
                ("properties", Value::Object(props)) => {
                    for (name, s) in props {
                        let is_required = required.iter().any(|r| r.as_str() == Some(name.as_str()));
                        refs_in(s, optional || !is_required, out, depth + 1);
                    }
                }
                (k, _) => match (holds(k), sub) {
                    (Holds::One, _) => refs_in(sub, optional, out, depth + 1),
                    (Holds::List, Value::Array(items)) => {
                        items.iter().for_each(|i| refs_in(i, optional, out, depth + 1));
                    }
                    (Holds::Map, Value::Object(map)) => {
                        map.iter().for_each(|(_, s)| refs_in(s, optional, out, depth + 1));
                    }
                    _ => {}
                },
            }
        }
    }
    let edges = |pointer: &str| -> Vec<String> {
        let node = if pointer.is_empty() { Some(root) } else { root.pointer(pointer) };
        let mut found = Vec::new();
        if let Some(n) = node {
            refs_in(n, false, &mut found, 0);
        }
        found
            .into_iter()
            .filter(|(_, optional)| !(required_only && *optional))
            .filter_map(|(r, _)| resolve(root, r).map(|(p, _)| p))
            .collect()
    };
    let from_root = edges("");
    if from_root.is_empty() {
        // No reference (most schemas): no cycle, and nothing to keep.
        return None;
    }
    let mut stack: Vec<(String, Vec<String>)> = vec![(String::new(), from_root)];
    let mut done: HashSet<String> = HashSet::new();
    let mut on_path: Vec<String> = vec![String::new()];
    while let Some((_, pending)) = stack.last_mut() {
        match pending.pop() {
            Some(next) => {
                if let Some(i) = on_path.iter().position(|p| *p == next) {
                    let mut chain: Vec<String> = on_path[i..].iter().map(|p| format!("#{p}")).collect();
                    chain.push(format!("#{next}"));
                    return Some(chain.join(" → "));
                }
                if done.contains(&next) {
                    continue;
                }
                let e = edges(&next);
                on_path.push(next.clone());
                stack.push((next, e));
            }
            None => {
                if let Some((p, _)) = stack.pop() {
                    done.insert(p);
                }
                on_path.pop();
            }
        }
    }
    None
}

/// The recursion rule of a profile, applied: `Ok(keep_refs)`.
pub fn recursion_plan(p: &Profile, root: &Value) -> Result<bool, Diagnostic> {
    match (find_recursion(root), p.recursion) {
        (None, _) => Ok(false),
        (Some(_), Recursion::Keep) => Ok(true),
        (Some(_), Recursion::KeepOptional) => match find_required_recursion(root) {
            None => Ok(true),
            Some(chain) => Err(Diagnostic {
                code: Code::Olp002,
                message: format!(
                    "{} takes a schema that refers to itself only through a property that is not required, and this one refers to itself through required properties only ({chain}).",
                    p.name
                ),
                path: "$".into(),
            }),
        },
        (Some(chain), Recursion::Refuse) => Err(Diagnostic {
            code: Code::Olp002,
            message: format!("{} takes no recursive schema, and this one refers to itself ({chain}).", p.name),
            path: "$".into(),
        }),
    }
}

// Tests only: every node through `Converter::node`, none through
// `Converter::leaf`, to compare the two.
#[cfg(test)]
thread_local!(static GENERAL_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });

#[cfg(test)]
mod tests {
    use super::*;

    /// A conversion that does not list its changes is the same conversion:
    /// for every real schema and built-in target (the reshaped, recursive
    /// and refused ones among them), the same schema, lossless and refusal,
    /// and no change listed.
    #[test]
    fn a_conversion_without_its_changes_listed_is_the_same_conversion() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/real-tool-schemas/schemas");
        let (mut converted, mut refused, mut changes) = (0, 0, 0);
        for entry in std::fs::read_dir(root).expect("the real schemas") {
            let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a schema");
            for (target, _) in super::super::BUILT_IN {
                let target = super::super::Target::BuiltIn(target);
                let listed = super::super::downconvert_with(&text, target, true);
                let unlisted = super::super::downconvert_with(&text, target, false);
                assert_eq!(listed, super::super::downconvert(&text, target));
                match (listed, unlisted) {
                    (Ok(listed), Ok(unlisted)) => {
                        assert_eq!((&unlisted.schema, unlisted.lossless), (&listed.schema, listed.lossless));
                        assert!(unlisted.changes.is_empty());
                        converted += 1;
                        changes += listed.changes.len();
                    }
                    (Err(listed), Err(unlisted)) => {
                        assert_eq!(unlisted, listed);
                        refused += 1;
                    }
                    (listed, unlisted) => panic!("{listed:?} against {unlisted:?}"),
                }
            }
        }
        assert!(converted > 200 && refused > 0 && changes > 1000, "{converted} {refused} {changes}");
    }

    /// `changes_json` is every change's record as a JSON object, written as
    /// the crate's writer writes the same value: for every real schema and
    /// built-in target, and for texts that need escapes.
    #[test]
    fn changes_json_writes_each_record_as_an_object() {
        let as_value = |changes: &[Change]| {
            Value::Array(
                changes
                    .iter()
                    .map(|c| {
                        Value::Object(vec![
                            ("pointer".into(), Value::String(c.pointer.clone())),
                            ("keyword".into(), Value::String(c.keyword.clone())),
                            ("action".into(), Value::String(c.action.as_str().into())),
                            ("detail".into(), Value::String(c.detail.clone())),
                        ])
                    })
                    .collect(),
            )
        };
        let limits = crate::json::ParseLimits { max_bytes: usize::MAX, max_depth: 512 };
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/real-tool-schemas/schemas");
        let mut seen = 0;
        for entry in std::fs::read_dir(root).expect("the real schemas") {
            let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("a schema");
            for (target, _) in super::super::BUILT_IN {
                let Ok(d) = super::super::downconvert(&text, super::super::Target::BuiltIn(target)) else { continue };
                let written = changes_json(&d.changes);
                assert_eq!(written, as_value(&d.changes).to_json());
                assert_eq!(crate::json::parse(&written, limits).expect("JSON"), as_value(&d.changes));
                seen += d.changes.len();
            }
        }
        assert!(seen > 1000, "{seen} changes");
        let odd = [
            Change {
                pointer: "/properties/a\"b~1c\n".into(),
                keyword: "x-\u{1}\\".into(),
                action: ChangeAction::Moved,
                detail: "é \u{2028} \u{1F600}".into(),
            },
            Change {
                pointer: String::new(),
                keyword: String::new(),
                action: ChangeAction::Removed,
                detail: String::new(),
            },
        ];
        let written = changes_json(&odd);
        assert_eq!(written, as_value(&odd).to_json());
        assert!(
            written.starts_with(r#"[{"pointer":"/properties/a\"b~1c\n","keyword":"x-\u0001\\","action":"moved""#),
            "{written}"
        );
        assert_eq!(changes_json(&[]), "[]");
    }

    /// Every schema the repository has (the real ones, the third-party
    /// vectors' inputs and every converted schema the vectors expect) and a
    /// set of leaves of each kind, converted for every built-in target with
    /// and without [`Converter::leaf`]: the same answers, changes and
    /// refusals.
    #[test]
    fn leaves_convert_as_the_general_walk_converts_them() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests");
        let mut texts: Vec<String> = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(format!("{root}/real-tool-schemas/schemas"))
            .expect("the real schemas")
            .map(|e| e.expect("an entry").path())
            .collect();
        files.sort();
        texts.extend(files.iter().map(|f| std::fs::read_to_string(f).expect("a schema")));
        assert!(texts.len() >= 89, "{}", texts.len());
        let limits = crate::json::ParseLimits { max_bytes: usize::MAX, max_depth: 512 };
        fn schemas_in(v: &Value, out: &mut Vec<String>) {
            match v {
                Value::Object(members) => {
                    for (k, sub) in members {
                        if k == "schema" && matches!(sub, Value::Object(_)) {
                            out.push(sub.to_json());
                        }
                        schemas_in(sub, out);
                    }
                }
                Value::Array(items) => items.iter().for_each(|i| schemas_in(i, out)),
                _ => {}
            }
        }
        for name in ["provider-table", "third-party", "restore"] {
            let text = std::fs::read_to_string(format!("{root}/vectors/downconvert/{name}.json")).expect("vectors");
            schemas_in(&crate::json::parse(&text, limits).expect("vectors are JSON"), &mut texts);
        }
        let leaves = [
            r#"{"type":"string"}"#,
            r#"{"type":["string","null"],"description":"d"}"#,
            r#"{"description":"first","type":"integer","minimum":1,"maximum":9,"title":"t"}"#,
            r#"{"type":"string","enum":["a","b"]}"#,
            r#"{"type":"string","enum":["a",null]}"#,
            r#"{"type":["string","null"],"enum":["a",null]}"#,
            r#"{"type":"integer","enum":[1,{"x":1}]}"#,
            r#"{"type":"string","const":"c","description":"c"}"#,
            r#"{"type":"string","format":"date-time","pattern":"^a+$","minLength":1,"maxLength":3}"#,
            r#"{"type":"number","exclusiveMinimum":0,"multipleOf":0.5,"default":1,"examples":[1]}"#,
            r#"{"type":"string","$comment":"c","deprecated":true,"readOnly":true,"x-extra":1}"#,
            r#"{"type":"string","$comment":"c"}"#,
            r#"{"$anchor":"a","type":"string","x-extra":1}"#,
            r#"{"type":"boolean","description":""}"#,
            r#"{"type":"null"}"#,
            r#"{"type":"string","description":"a","not":{"type":"integer"}}"#,
        ];
        for leaf in leaves {
            texts.push(format!(r#"{{"type":"object","properties":{{"p":{leaf},"q":{leaf}}},"required":["q"]}}"#));
            texts.push(format!(r#"{{"type":"object","properties":{{"a":{{"type":"array","items":{leaf}}}}}}}"#));
            texts
                .push(format!(r#"{{"type":"object","properties":{{"u":{{"anyOf":[{leaf},{{"type":"integer"}}]}}}}}}"#));
        }
        // And a target of one's own that takes metadata, which a node drops
        // all the same.
        let mut custom = crate::json::parse(&crate::downconvert::provider_profile("openai").expect("openai"), limits)
            .expect("openai's profile");
        if let Value::Object(members) = &mut custom
            && let Some((_, Value::Object(keywords))) = members.iter_mut().find(|(k, _)| k == "keywords")
        {
            for k in ["$comment", "$anchor", "x-extra"] {
                let entry = r#"{"support":"accepted","date":"2026-12-06","source":"a test"}"#;
                keywords.push((k.into(), crate::json::parse(entry, limits).expect("an entry")));
            }
        }
        let custom = custom.to_json();
        let taken = crate::downconvert::downconvert(
            r#"{"type":"object","properties":{"x":{"type":"string","x-extra":1}}}"#,
            crate::downconvert::Target::Custom(&custom),
        )
        .expect("the target of one's own converts");
        assert!(taken.schema.contains(r#""x-extra":1"#), "{}", taken.schema);
        let targets: Vec<crate::downconvert::Target<'_>> = crate::downconvert::BUILT_IN
            .iter()
            .map(|(name, _)| crate::downconvert::Target::BuiltIn(name))
            .chain([crate::downconvert::Target::Custom(&custom)])
            .collect();
        let mut compared = 0;
        for text in &texts {
            for &target in &targets {
                let fast = crate::downconvert::downconvert(text, target);
                GENERAL_ONLY.with(|g| g.set(true));
                let general = crate::downconvert::downconvert(text, target);
                GENERAL_ONLY.with(|g| g.set(false));
                assert_eq!(fast, general, "{text}");
                compared += 1;
            }
        }
        assert!(compared >= 1200, "{compared}");
    }

    #[test]
    fn a_reference_counts_for_recursion_only_where_a_schema_is() {
        let parse =
            |t: &str| crate::json::parse(t, crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap();
        // A `$ref` in a value of no meaning, an enum's value or a default is
        // not a reference.
        for t in [
            r##"{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"x-meta":{"$ref":"#"}}"##,
            r##"{"type":"object","properties":{"a":{"enum":[{"$ref":"#"}]}},"required":["a"]}"##,
            r##"{"type":"object","properties":{"a":{"default":{"$ref":"#"}}},"required":["a"]}"##,
            r##"{"properties":{"a":{"x-items":[{"$ref":"#"}]}},"required":["a"]}"##,
        ] {
            assert_eq!(find_recursion(&parse(t)), None, "{t}");
        }
        // Under every keyword that holds schemas, one, a list or a map of them, it is.
        for t in [
            r##"{"properties":{"a":{"$ref":"#"}},"required":["a"]}"##,
            r##"{"items":{"$ref":"#"}}"##,
            r##"{"anyOf":[{"type":"null"},{"$ref":"#"}]}"##,
            r##"{"patternProperties":{"^x":{"$ref":"#"}}}"##,
            r##"{"not":{"not":{"$ref":"#"}}}"##,
            r##"{"$defs":{"A":{"properties":{"b":{"$ref":"#/$defs/A"}}}},"properties":{"a":{"$ref":"#/$defs/A"}}}"##,
        ] {
            assert!(find_recursion(&parse(t)).is_some(), "{t}");
        }
        // Through required properties only, or through an optional one.
        assert_eq!(
            find_required_recursion(&parse(r##"{"properties":{"a":{"$ref":"#"}},"required":["a"]}"##)).as_deref(),
            Some("# → #")
        );
        assert_eq!(find_required_recursion(&parse(r##"{"properties":{"a":{"$ref":"#"}}}"##)), None);
    }

    /// A keyword of merged schemas is hinted as given twice exactly when two
    /// of them say it: not for two keywords that share the bit the walk keeps
    /// of each (`json::key_bit`: `minLength` and `maxLength`, `minimum` and
    /// `maximum`), for each one that is repeated, in its order.
    #[test]
    fn a_keyword_is_given_twice_only_when_merged_schemas_both_say_it() {
        use crate::json::key_bit;
        assert_eq!(key_bit("minLength"), key_bit("maxLength"));
        assert_eq!(key_bit("minimum"), key_bit("maximum"));
        for (branches, twice) in [
            (r#"[{"type":"string","minLength":1},{"maxLength":2}]"#, vec![]),
            (r#"[{"type":"string","minLength":1},{"minLength":2}]"#, vec!["minLength"]),
            (r#"[{"type":"integer","minimum":1,"maximum":5},{"maximum":4,"minimum":0}]"#, vec!["maximum", "minimum"]),
            (
                r#"[{"type":"integer","minimum":1},{"maximum":4},{"minimum":0},{"maximum":3}]"#,
                vec!["minimum", "maximum"],
            ),
        ] {
            let text = format!(r#"{{"type":"object","properties":{{"p":{{"allOf":{branches}}}}}}}"#);
            let d = crate::downconvert::downconvert(&text, crate::downconvert::Target::BuiltIn("openai"))
                .expect("the merged schema converts");
            let found: Vec<&str> =
                d.changes.iter().filter(|c| c.detail.contains("is given twice")).map(|c| c.keyword.as_str()).collect();
            assert_eq!(found, twice, "{text}");
        }
    }

    #[test]
    fn constraints_and_metadata_are_told_apart_from_annotations() {
        for k in ["type", "minimum", "pattern", "items", "properties", "anyOf", "$ref", "$dynamicRef", "dependencies"] {
            assert!(is_constraint(k), "{k}");
        }
        for k in ["description", "title", "default", "examples", "$defs", "$schema", "deprecated", "Type", ""] {
            assert!(!is_constraint(k), "{k}");
        }
        for k in ["$schema", "$id", "$comment", "$anchor", "$dynamicAnchor", "$vocabulary"] {
            assert!(is_metadata(k) && is_annotation(k), "{k}");
        }
        assert!(!is_metadata("$ref") && !is_metadata("$defs") && !is_metadata("description"));
    }

    /// The actions a change can have are the ones docs/downconvert.md's
    /// table of actions lists, each with its own name.
    #[test]
    fn change_actions_are_the_documented_ones() {
        let docs = include_str!("../../../docs/downconvert.md");
        let table = docs.split("| action | what happened |").nth(1).expect("the table of actions");
        let documented: Vec<&str> =
            table.lines().skip(2).take_while(|l| l.starts_with("| `")).filter_map(|l| l.split('`').nth(1)).collect();
        let mut names: Vec<&str> = ChangeAction::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(names.len(), documented.len(), "{documented:?}");
        for a in ChangeAction::ALL {
            assert_eq!(a.to_string(), a.as_str());
        }
        names.sort_unstable();
        let mut sorted = documented.clone();
        sorted.sort_unstable();
        names.dedup();
        assert_eq!(names, sorted);
    }

    #[test]
    fn type_names_read_a_name_or_the_names_of_a_list() {
        let parse = |t: &str| crate::json::parse(t, crate::json::ParseLimits { max_bytes: 100, max_depth: 4 }).unwrap();
        let (one, list, odd, empty) =
            (parse(r#""array""#), parse(r#"["null", 1, "object"]"#), parse(r#"["array", 2]"#), parse("[]"));
        assert!(type_names(Some(&one)).only("array") && !type_names(Some(&one)).is_empty());
        let names = type_names(Some(&list));
        assert_eq!(names.iter().collect::<Vec<_>>(), ["null", "object"]);
        assert!(names.contains("object") && names.contains("null") && !names.contains("array") && !names.only("null"));
        assert_eq!(names.object_and_array(), (true, false));
        assert_eq!(type_names(Some(&one)).object_and_array(), (false, true));
        assert_eq!(type_names(Some(&parse(r#"["array","object"]"#))).object_and_array(), (true, true));
        assert_eq!(type_names(Some(&parse(r#"["objects","arra","Object"]"#))).object_and_array(), (false, false));
        // What is not a name is not counted.
        assert!(type_names(Some(&odd)).only("array"));
        assert!(type_names(Some(&empty)).is_empty() && type_names(None).is_empty());
        assert!(type_names(Some(&Value::Bool(true))).is_empty() && !type_names(None).only("array"));
    }

    #[test]
    fn pointers_escape_their_segments() {
        assert_eq!(escape("plain"), "plain");
        assert_eq!(escape("a~/b"), "a~0~1b");
        assert_eq!(escape("~1"), "~01");
        assert_eq!(escape("/é/"), "~1é~1");
        assert_eq!(child("", ""), "/");
        assert_eq!(child("/properties", "a/b~c"), "/properties/a~1b~0c");
        assert_eq!(child_index("/anyOf", 0), "/anyOf/0");
        assert_eq!(child_index("", 1_234_567), "/1234567");
        assert_eq!(child_index("/x", usize::MAX), format!("/x/{}", usize::MAX));
    }

    #[test]
    fn changes_point_at_odd_property_names_escaped() {
        let schema = r#"{"type":"object","properties":{"a/b":{"type":"integer","default":1},"c~d":{"anyOf":[{"type":"string","minLength":2},{"type":"null"}]}}}"#;
        let d = crate::downconvert(schema, crate::Target::BuiltIn("gemini")).unwrap();
        let pointers: Vec<&str> = d.changes.iter().map(|c| c.pointer.as_str()).collect();
        assert!(pointers.contains(&"/properties/c~0d/anyOf/0"), "{pointers:?}");
        let d = crate::downconvert(schema, crate::Target::BuiltIn("openai")).unwrap();
        let pointers: Vec<&str> = d.changes.iter().map(|c| c.pointer.as_str()).collect();
        assert!(pointers.contains(&"/properties/a~1b"), "{pointers:?}");
    }
}
