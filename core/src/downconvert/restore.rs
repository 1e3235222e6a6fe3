//! `restore-args`: the model's answer, shaped by a converted schema, turned
//! back into the shape of the original schema. Each reshaping of the
//! conversion is undone where the original schema has the node it came
//! from: pairs become a dictionary again, JSON text becomes its value, and
//! `null` for an optional property becomes absent (so its default applies).
//! Anything else is left as the model wrote it, for validation to judge.
//!
//! Two answers cannot be turned back and are errors of their own: text that
//! is not JSON where JSON text was asked for (keyword `json`), and one key in
//! two pairs (keyword `pairs`).

use super::convert::{
    MAX_DEPTH, Member, Origin, ROOT_TEXT, TUPLE_REST, child, child_index, is_tuple, lift_root_union, merge_all_of,
    open_root, push_merged, resolve, says_what, type_names, union_of_objects,
};
use super::profile::Profile;
use crate::json::{self, ParseLimits, Value};
use crate::path::Path;
use crate::validate::{ArgError, Options, Params, Validator};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

pub(crate) struct Restorer<'a> {
    pub p: &'a Profile,
    pub root: &'a Value,
    /// Answers that could not be turned back, each with its position in the
    /// restored document (as validation places its errors).
    pub problems: Vec<(Vec<usize>, ArgError)>,
}

/// A place in the restored arguments: its path as a caller reads it, and
/// the member and item indices that lead to it.
#[derive(Clone, Default)]
pub(crate) struct At {
    path: Path,
    position: Vec<usize>,
}

impl At {
    fn key(&self, key: &str, index: usize) -> At {
        let mut position = self.position.clone();
        position.push(index);
        At { path: self.path.key(key), position }
    }

    fn index(&self, index: usize) -> At {
        let mut position = self.position.clone();
        position.push(index);
        At { path: self.path.index(index), position }
    }
}

/// How the conversion wrote a node of the original schema.
enum Shape {
    JsonText,
    Pairs,
    Tuple,
    Plain,
}

/// A node of the original schema as the conversion wrote it: references
/// followed and `allOf` merged, with every member the merge brought.
struct Node<'a>(Vec<Member<'a>>, Lifted);

/// Whether the node is a root union whose branches' parameters were lifted.
#[derive(Clone, Copy, PartialEq)]
enum Lifted {
    No,
    Yes,
}

impl<'a> Node<'a> {
    fn get(&self, k: &str) -> Option<&'a Value> {
        self.0.iter().find(|(m, _, _)| *m == k).map(|(_, v, _)| *v)
    }

    fn has(&self, k: &str) -> bool {
        self.0.iter().any(|(m, _, _)| *m == k)
    }

    /// Every property, from every merged `properties` (the first of a name wins).
    fn properties(&self) -> Vec<(&'a str, &'a Value)> {
        let mut out: Vec<(&'a str, &'a Value)> = Vec::new();
        for (_, v, _) in self.0.iter().filter(|(k, _, _)| *k == "properties") {
            for (name, sub) in v.as_object().unwrap_or_default() {
                if !out.iter().any(|(n, _)| *n == name) {
                    out.push((name.as_str(), sub));
                }
            }
        }
        out
    }

    /// [`Node::properties`], each with its pointer in the root.
    fn properties_at(&self) -> Vec<(&'a str, &'a Value, String)> {
        let mut out: Vec<(&'a str, &'a Value, String)> = Vec::new();
        for (_, v, from) in self.0.iter().filter(|(k, _, _)| *k == "properties") {
            for (name, sub) in v.as_object().unwrap_or_default() {
                if !out.iter().any(|(n, _, _)| *n == name) {
                    out.push((name.as_str(), sub, child(&child(from, "properties"), name)));
                }
            }
        }
        out
    }

    /// Whether the node itself says what an object's members or an array's
    /// items are (then a union beside it only adds constraints).
    fn own_shape(&self, value: &Value) -> bool {
        match value {
            Value::Object(_) => self.has("properties"),
            Value::Array(_) => self.has("items") || self.has("prefixItems"),
            _ => false,
        }
    }

    /// A member's value with its pointer in the root.
    fn get_at(&self, k: &str) -> Option<(&'a Value, String)> {
        self.0.iter().find(|(m, _, _)| *m == k).map(|(_, v, from)| (*v, child(from, k)))
    }

    fn required(&self) -> Vec<&'a str> {
        self.0
            .iter()
            .filter(|(k, _, _)| *k == "required")
            .filter_map(|(_, v, _)| v.as_array())
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }
}

impl<'a> Restorer<'a> {
    fn problem(&mut self, at: &At, keyword: &str, predicate: String) {
        let e = ArgError::new(&at.path, keyword, Params::Conversion { reason: predicate });
        self.problems.push((at.position.clone(), e));
    }

    /// The node `schema` is, as the conversion wrote it: references written
    /// in place (the node's own members first), `allOf` merged where the
    /// conversion merges it.
    fn node(&self, schema: &'a Value, is_root: bool) -> Node<'a> {
        self.node_at(schema, "", is_root)
    }

    /// [`Restorer::node`] of the schema at `pointer` in the root: its own
    /// members come from there.
    fn node_at(&self, schema: &'a Value, pointer: &str, is_root: bool) -> Node<'a> {
        let mut members: Vec<Member<'a>> = match schema {
            Value::Object(m) => {
                let from: Origin = Rc::from(pointer);
                m.iter().map(|(k, v)| (k.as_str(), v, from.clone())).collect()
            }
            _ => Vec::new(),
        };
        let mut seen: Vec<String> = Vec::new();
        for _ in 0..32 {
            if let Some(merged) = merge_all_of(self.root, &members, seen.clone()) {
                members = merged;
            }
            let Some((_, r, _)) = members.iter().find(|(k, _, _)| *k == "$ref").cloned() else { break };
            let Some((pointer, Value::Object(target))) = r.as_str().and_then(|r| resolve(self.root, r)) else { break };
            if seen.contains(&pointer) {
                break;
            }
            members.retain(|(k, _, _)| *k != "$ref");
            let from: Origin = Rc::from(pointer.as_str());
            for (k, v) in target {
                push_merged(&mut members, (k.as_str(), v, from.clone()));
            }
            seen.push(pointer);
        }
        if is_root
            && self.p.root_object
            && let Some(lifted) = lift_root_union(self.root, &members)
        {
            return Node(lifted, Lifted::Yes);
        }
        Node(members, Lifted::No)
    }

    fn shape(&self, schema: &Value, node: &Node<'a>, is_root: bool) -> Shape {
        if !matches!(schema, Value::Object(_)) {
            return if matches!(schema, Value::Bool(true)) && self.p.any_as_json_text {
                Shape::JsonText
            } else {
                Shape::Plain
            };
        }
        let types = type_names(node.get("type"));
        let structural = node.0.iter().any(|(k, _, _)| super::convert::is_constraint(k));
        let composed = node.has("allOf") || node.has("anyOf") || node.has("oneOf");
        let open_object = types.contains("object")
            && !composed
            && !node.has("properties")
            && !node.has("patternProperties")
            && !matches!(node.get("additionalProperties"), Some(Value::Bool(false)) | Some(Value::Object(_)));
        let open_array = types.contains("array") && !composed && !node.has("items") && !node.has("prefixItems");
        if self.p.any_as_json_text && (!structural || open_object || open_array) {
            return Shape::JsonText;
        }
        if is_tuple(self.p, &node.0) {
            return Shape::Tuple;
        }
        let object_like = types.contains("object") || (types.is_empty() && node.has("properties"));
        if self.p.dictionaries_as_pairs
            && object_like
            && !node.has("properties")
            && !node.has("patternProperties")
            && matches!(node.get("additionalProperties"), Some(Value::Object(_)) | Some(Value::Bool(true)))
        {
            return Shape::Pairs;
        }
        // Nothing the target takes says what the value is: the converter
        // wrote JSON text, as for any value.
        if self.p.any_as_json_text && !is_root && !says_what(self.p, &node.0) {
            return Shape::JsonText;
        }
        Shape::Plain
    }

    pub fn restore(&mut self, value: Value, schema: &'a Value, at: &At, depth: usize) -> Value {
        if depth > MAX_DEPTH {
            return value;
        }
        let node = self.node(schema, depth == 0);
        if depth == 0 && open_root(self.p, &node.0) {
            return self.root_text(value, at);
        }
        match (self.shape(schema, &node, depth == 0), value) {
            (Shape::JsonText, Value::String(text)) => {
                let limits = ParseLimits { max_bytes: text.len().max(1), max_depth: 128 };
                match json::parse(&text, limits) {
                    Ok(v) => v,
                    Err(e) => {
                        let what =
                            "must be JSON text (the schema sent to the model asked for its value written as JSON)";
                        self.problem(at, "json", format!("{what}, and this is not: {e}"));
                        Value::String(text)
                    }
                }
            }
            (Shape::Pairs, Value::Array(items)) => self.pairs(items, &node, at, depth),
            (Shape::Tuple, Value::Object(members)) => self.tuple(members, &node, at, depth),
            (Shape::Plain, value) => self.plain(value, &node, at, depth),
            (_, other) => other,
        }
    }

    /// The arguments sent as one parameter of JSON text ([`ROOT_TEXT`]).
    fn root_text(&mut self, value: Value, at: &At) -> Value {
        let Value::Object(members) = value else { return value };
        let given = match members.as_slice() {
            [(k, Value::String(text))] if k == ROOT_TEXT => text,
            _ => return Value::Object(members),
        };
        let limits = ParseLimits { max_bytes: given.len().max(1), max_depth: 128 };
        match json::parse(given, limits) {
            Ok(v) => v,
            Err(e) => {
                let what = [
                    "must be JSON text (the schema sent to the model asked for the arguments written as JSON in '",
                    ROOT_TEXT,
                    "')",
                ]
                .concat();
                self.problem(at, "json", format!("{what}, and this is not: {e}"));
                Value::Object(members)
            }
        }
    }

    /// A tuple written as the object of its positions: the array again.
    fn tuple(&mut self, members: Vec<(String, Value)>, node: &Node<'a>, at: &At, depth: usize) -> Value {
        let prefix = node.get("prefixItems").and_then(Value::as_array).unwrap_or_default();
        let rest = node.get("items").unwrap_or(&Value::Bool(true));
        let min = match node.get("minItems") {
            Some(Value::Number(n)) => n.as_i128().unwrap_or(0),
            _ => 0,
        };
        let mut members: Vec<Option<(String, Value)>> = members.into_iter().map(Some).collect();
        let mut take = |name: &str| {
            members
                .iter_mut()
                .find(|m| m.as_ref().is_some_and(|(k, _)| k == name))
                .and_then(Option::take)
                .map(|(_, v)| v)
        };
        let mut items = Vec::new();
        let mut missing: Option<usize> = None;
        for (i, sub) in prefix.iter().enumerate() {
            let given = take(&i.to_string())
                .filter(|v| !(self.p.require_all_properties && matches!(v, Value::Null) && (i as i128) >= min));
            match (given, missing) {
                (Some(_), Some(gap)) => {
                    self.problem(at, "tuple", format!("gives item {i} of the tuple without item {gap}"));
                }
                (Some(v), None) => {
                    let restored = self.restore(v, sub, &at.index(i), depth + 1);
                    items.push(restored);
                }
                (None, _) => missing = missing.or(Some(i)),
            }
        }
        match take(TUPLE_REST) {
            Some(Value::Array(more)) if !more.is_empty() => {
                if let Some(gap) = missing {
                    self.problem(at, "tuple", format!("gives items after the tuple's positions without item {gap}"));
                }
                for item in more {
                    let i = items.len();
                    items.push(self.restore(item, rest, &at.index(i), depth + 1));
                }
            }
            Some(Value::Array(_)) | Some(Value::Null) | None => {}
            Some(other) => items.push(other),
        }
        for (k, _) in members.into_iter().flatten() {
            self.problem(at, "tuple", format!("gives '{k}', which is not a position of the tuple"));
        }
        Value::Array(items)
    }

    fn pairs(&mut self, items: Vec<Value>, node: &Node<'a>, at: &At, depth: usize) -> Value {
        let value_schema = node.get("additionalProperties").unwrap_or(&Value::Bool(true));
        let mut members: Vec<(String, Value)> = Vec::new();
        // The keys given so far, so that a repeated one is found in constant time.
        let mut seen: std::collections::HashSet<String> = std::collections::HashSet::new();
        let mut leftovers = Vec::new();
        for item in items {
            match item {
                Value::Object(pair) if pair.len() == 2 => {
                    let key = pair.iter().find(|(k, _)| k == "key").and_then(|(_, v)| v.as_str()).map(str::to_owned);
                    let value = pair.iter().find(|(k, _)| k == "value").map(|(_, v)| v.clone());
                    match (key, value) {
                        (Some(k), Some(v)) => {
                            if !seen.insert(k.clone()) {
                                // Which of the two values the model meant is not ours to guess.
                                self.problem(at, "pairs", format!("gives the key '{k}' in two pairs"));
                                continue;
                            }
                            let v = self.restore(v, value_schema, &at.key(&k, members.len()), depth + 1);
                            members.push((k, v));
                        }
                        _ => leftovers.push(Value::Object(pair)),
                    }
                }
                other => leftovers.push(other),
            }
        }
        if leftovers.is_empty() {
            Value::Object(members)
        } else {
            // Not pairs after all: leave the array for validation to refuse.
            let mut all: Vec<Value> = members
                .into_iter()
                .map(|(k, v)| Value::Object(vec![("key".into(), Value::String(k)), ("value".into(), v)]))
                .collect();
            all.extend(leftovers);
            Value::Array(all)
        }
    }

    fn plain(&mut self, value: Value, node: &Node<'a>, at: &At, depth: usize) -> Value {
        // A union: the branch the model's value was written for.
        // (Not where the node itself says what the members or items are: then
        // the union only adds constraints, and the answer has the node's shape.)
        let own_shape = node.own_shape(&value);
        if node.1 == Lifted::No
            && !own_shape
            && let Some(branch) = self.branch_for(&value, node)
        {
            return self.restore(value, branch, at, depth + 1);
        }
        // An object the conversion wrote as anyOf of itself merged with each
        // branch: the branch whose properties hold the answer's members.
        if depth > 0
            && let Value::Object(members) = &value
            && let Some(merged) = self.distributed(node)
        {
            let pick = merged.iter().position(|n| self.holds(members, n)).unwrap_or(0);
            if let Some(n) = merged.get(pick) {
                return self.plain(value, n, at, depth + 1);
            }
        }
        match value {
            Value::Object(members) => {
                let properties = node.properties();
                let required = node.required();
                // The schema for other members, where the model saw it (not as a hint).
                let additional = node.get("additionalProperties").filter(|_| self.p.accepts("additionalProperties"));
                let mut out = Vec::with_capacity(members.len());
                for (k, v) in members {
                    match properties.iter().find(|(name, _)| *name == k) {
                        Some((_, sub)) => {
                            if self.p.require_all_properties
                                && matches!(v, Value::Null)
                                && !required.contains(&k.as_str())
                            {
                                // null for an optional property means absent.
                                continue;
                            }
                            let v = self.restore(v, sub, &at.key(&k, out.len()), depth + 1);
                            out.push((k, v));
                        }
                        None => match additional {
                            Some(sub @ Value::Object(_)) => {
                                let v = self.restore(v, sub, &at.key(&k, out.len()), depth + 1);
                                out.push((k, v));
                            }
                            _ => out.push((k, v)),
                        },
                    }
                }
                Value::Object(out)
            }
            Value::Array(items) => {
                let prefix = node
                    .get("prefixItems")
                    .filter(|_| self.p.accepts("prefixItems"))
                    .and_then(Value::as_array)
                    .unwrap_or_default();
                let rest = node.get("items");
                Value::Array(
                    items
                        .into_iter()
                        .enumerate()
                        .map(|(i, item)| match prefix.get(i).or(rest) {
                            Some(sub) => self.restore(item, sub, &at.index(i), depth + 1),
                            None => item,
                        })
                        .collect(),
                )
            }
            other => other,
        }
    }

    /// The `anyOf` (or `oneOf`) branch a value was written for: of those
    /// whose converted shape takes its JSON type, the first whose declared
    /// properties hold all of an object's members, else the first.
    fn branch_for(&self, value: &Value, node: &Node<'a>) -> Option<&'a Value> {
        let branches = node.get("anyOf").or_else(|| node.get("oneOf")).and_then(Value::as_array)?;
        let fitting: Vec<(&'a Value, Node<'a>)> =
            branches.iter().map(|b| (b, self.node(b, false))).filter(|(b, n)| self.fits(value, b, n)).collect();
        if let Value::Object(members) = value {
            // Every member a property of the branch, and none outside an
            // enum (or const) the branch gives it: a discriminator.
            let holds = |n: &Node<'a>| {
                let props = n.properties();
                !props.is_empty()
                    && members.iter().all(|(k, v)| props.iter().any(|(p, sub)| *p == k && self.allows(sub, v)))
            };
            if let Some((b, _)) = fitting.iter().find(|(_, n)| holds(n)) {
                return Some(b);
            }
        }
        fitting.first().map(|(b, _)| *b)
    }

    /// For a target that closes objects, a node that declares properties and
    /// has a union whose branches declare more: the node merged with each
    /// branch, as the conversion writes it ([`union_of_objects`]).
    fn distributed(&self, node: &Node<'a>) -> Option<Vec<Node<'a>>> {
        if !self.p.closed_objects || node.1 != Lifted::No {
            return None;
        }
        let (k, branches) = union_of_objects(self.root, &node.0)?;
        let own: Vec<Member<'a>> = node.0.iter().filter(|(m, _, _)| *m != k).cloned().collect();
        Some(
            branches
                .into_iter()
                .map(|b| {
                    let mut merged = own.clone();
                    for m in b {
                        push_merged(&mut merged, m);
                    }
                    Node(merged, Lifted::No)
                })
                .collect(),
        )
    }

    /// Whether every member is a property of `n`, with a value its enum (or
    /// const) allows.
    fn holds(&self, members: &[(String, Value)], n: &Node<'a>) -> bool {
        let props = n.properties();
        members.iter().all(|(k, v)| props.iter().any(|(p, sub)| *p == k && self.allows(sub, v)))
    }

    /// Whether the `enum` or `const` of `schema` (if it has one) allows `value`.
    fn allows(&self, schema: &'a Value, value: &Value) -> bool {
        let node = self.node(schema, false);
        let in_enum = node.get("enum").and_then(Value::as_array).is_none_or(|e| e.contains(value));
        in_enum && node.get("const").is_none_or(|c| c == value)
    }

    /// Whether `value` has a JSON type the converted form of `schema` takes.
    fn fits(&self, value: &Value, schema: &Value, node: &Node<'a>) -> bool {
        let kind = super::profile::value_kind(value);
        match self.shape(schema, node, false) {
            Shape::JsonText => kind == "string",
            Shape::Pairs => kind == "array",
            Shape::Tuple => kind == "object",
            Shape::Plain => {
                let types = type_names(node.get("type"));
                let object_like = node.has("properties") && types.is_empty();
                (types.is_empty() && !object_like)
                    || (object_like && kind == "object")
                    || types.contains(kind)
                    || (kind == "number" && types.contains("integer"))
            }
        }
    }
}

/// Arguments valid for the original schema as a model answering the
/// converted schema writes them: the inverse of [`Restorer`], node by node
/// (each reshaping done, `null` for an optional property left out where
/// every property is required). Of a union's branches, the first the value
/// is valid for.
pub(crate) struct Forwarder<'a> {
    pub r: Restorer<'a>,
    /// A validator per branch pointer, compiled when first asked for.
    branches: RefCell<HashMap<String, Option<Validator>>>,
    /// Members no answer to the converted schema can carry: an object that
    /// declares its members is closed, and these are not among them.
    pub undeclared: RefCell<Vec<Path>>,
}

impl<'a> Forwarder<'a> {
    pub fn new(p: &'a Profile, root: &'a Value) -> Forwarder<'a> {
        Forwarder {
            r: Restorer { p, root, problems: Vec::new() },
            branches: RefCell::new(HashMap::new()),
            undeclared: RefCell::new(Vec::new()),
        }
    }

    pub fn forward(&self, value: &Value, schema: &'a Value, at: &str, place: &Path, depth: usize) -> Value {
        if depth > MAX_DEPTH {
            return value.clone();
        }
        let node = self.r.node_at(schema, at, depth == 0);
        if depth == 0 && open_root(self.r.p, &node.0) {
            return Value::Object(vec![(ROOT_TEXT.into(), Value::String(value.to_json()))]);
        }
        match self.r.shape(schema, &node, depth == 0) {
            Shape::JsonText => {
                if matches!(value, Value::Null) && type_names(node.get("type")).contains("null") {
                    Value::Null
                } else {
                    Value::String(value.to_json())
                }
            }
            Shape::Pairs => match value {
                Value::Object(members) => {
                    let (sub, sub_at) = node.get_at("additionalProperties").unwrap_or((&TRUE, String::new()));
                    let pairs = members.iter().map(|(k, v)| {
                        let value = self.forward(v, sub, &sub_at, &place.key(k), depth + 1);
                        Value::Object(vec![("key".into(), Value::String(k.clone())), ("value".into(), value)])
                    });
                    Value::Array(pairs.collect())
                }
                other => other.clone(),
            },
            Shape::Tuple => match value {
                Value::Array(items) => self.tuple(items, &node, place, depth),
                other => other.clone(),
            },
            Shape::Plain => self.plain(value, &node, place, depth),
        }
    }

    fn tuple(&self, items: &[Value], node: &Node<'a>, place: &Path, depth: usize) -> Value {
        let (prefix, prefix_at) = node.get_at("prefixItems").unwrap_or((&Value::Null, String::new()));
        let prefix = prefix.as_array().unwrap_or_default();
        let count = |k: &str| match node.get(k) {
            Some(Value::Number(n)) => n.as_i128().and_then(|n| usize::try_from(n).ok()),
            _ => None,
        };
        let (min, max) = (count("minItems").unwrap_or(0), count("maxItems"));
        let all = self.r.p.require_all_properties;
        let mut out = Vec::new();
        for (i, sub) in prefix.iter().enumerate().take(max.map_or(prefix.len(), |m| m.min(prefix.len()))) {
            match items.get(i) {
                Some(item) => out.push((
                    i.to_string(),
                    self.forward(item, sub, &child_index(&prefix_at, i), &place.index(i), depth + 1),
                )),
                None if all => out.push((i.to_string(), Value::Null)),
                None => {}
            }
        }
        let rest = match node.get_at("items") {
            Some((Value::Bool(false), _)) => None,
            Some(found) => Some(found),
            None => Some((&TRUE, String::new())),
        };
        if let Some((sub, sub_at)) = rest.filter(|_| max.is_none_or(|m| m > prefix.len())) {
            let after: Vec<Value> = items
                .iter()
                .enumerate()
                .skip(prefix.len())
                .map(|(i, item)| self.forward(item, sub, &sub_at, &place.index(i), depth + 1))
                .collect();
            if !after.is_empty() || min > prefix.len() {
                out.push((TUPLE_REST.into(), Value::Array(after)));
            } else if all {
                out.push((TUPLE_REST.into(), Value::Null));
            }
        }
        Value::Object(out)
    }

    fn plain(&self, value: &Value, node: &Node<'a>, place: &Path, depth: usize) -> Value {
        let own_shape = node.own_shape(value);
        if node.1 == Lifted::No
            && !own_shape
            && let Some((k, branches, from)) = node.0.iter().find(|(k, _, _)| matches!(*k, "anyOf" | "oneOf"))
        {
            let branches = branches.as_array().unwrap_or_default();
            let base = child(from, k);
            let pick = (0..branches.len()).find(|&i| self.valid_at(&child_index(&base, i), value)).unwrap_or(0);
            if let Some(branch) = branches.get(pick) {
                return self.forward(value, branch, &child_index(&base, pick), place, depth + 1);
            }
        }
        if depth > 0
            && matches!(value, Value::Object(_))
            && let Some(merged) = self.r.distributed(node)
        {
            // The branch the value is valid for, as the conversion merged it.
            let union = node.0.iter().find(|(k, _, _)| matches!(*k, "anyOf" | "oneOf"));
            let base = union.map(|(k, _, from)| child(from, k)).unwrap_or_default();
            let pick = (0..merged.len()).find(|&i| self.valid_at(&child_index(&base, i), value)).unwrap_or(0);
            if let Some(n) = merged.get(pick) {
                return self.plain(value, n, place, depth + 1);
            }
        }
        match value {
            Value::Object(members) => {
                let properties = node.properties_at();
                let required = node.required();
                let additional =
                    node.get_at("additionalProperties").filter(|_| self.r.p.accepts("additionalProperties"));
                let mut out = Vec::with_capacity(properties.len().max(members.len()));
                for (name, sub, at) in &properties {
                    match members.iter().find(|(k, _)| k == name) {
                        Some((_, v)) => {
                            out.push(((*name).to_owned(), self.forward(v, sub, at, &place.key(name), depth + 1)))
                        }
                        None if self.r.p.require_all_properties && !required.contains(name) => {
                            out.push(((*name).to_owned(), Value::Null));
                        }
                        None => {}
                    }
                }
                for (k, v) in members {
                    if properties.iter().any(|(name, _, _)| name == k) {
                        continue;
                    }
                    match &additional {
                        Some((sub @ Value::Object(_), at)) => {
                            out.push((k.clone(), self.forward(v, sub, at, &place.key(k), depth + 1)))
                        }
                        // The object declares its members and the target closes it.
                        _ if self.r.p.closed_objects && !properties.is_empty() => {
                            self.undeclared.borrow_mut().push(place.key(k));
                        }
                        _ => out.push((k.clone(), v.clone())),
                    }
                }
                Value::Object(out)
            }
            Value::Array(items) => {
                let (prefix, prefix_at) = node
                    .get_at("prefixItems")
                    .filter(|_| self.r.p.accepts("prefixItems"))
                    .map(|(v, at)| (v.as_array().unwrap_or_default(), at))
                    .unwrap_or_default();
                let rest = node.get_at("items");
                let forwarded = items.iter().enumerate().map(|(i, item)| match (prefix.get(i), &rest) {
                    (Some(sub), _) => self.forward(item, sub, &child_index(&prefix_at, i), &place.index(i), depth + 1),
                    (None, Some((sub, at))) => self.forward(item, sub, at, &place.index(i), depth + 1),
                    (None, None) => item.clone(),
                });
                Value::Array(forwarded.collect())
            }
            other => other.clone(),
        }
    }

    /// Whether `value` is valid for the schema at `pointer` in the root.
    fn valid_at(&self, pointer: &str, value: &Value) -> bool {
        let mut cache = self.branches.borrow_mut();
        let validator = cache.entry(pointer.to_owned()).or_insert_with(|| self.compile_at(pointer));
        validator.as_ref().is_some_and(|v| v.validate(&value.to_json()).is_ok())
    }

    /// The root as a resource of its own, with a reference to `pointer` in
    /// it: the subschema there, with every reference of the root resolving
    /// as it does in the root.
    fn compile_at(&self, pointer: &str) -> Option<Validator> {
        let mut root = self.r.root.clone();
        let Value::Object(members) = &mut root else { return None };
        members.retain(|(k, _)| k != "$schema");
        let id = match members.iter().find(|(k, _)| k == "$id").and_then(|(_, v)| v.as_str()) {
            Some(id) => id.split('#').next().unwrap_or("").to_owned(),
            None => {
                members.insert(0, ("$id".into(), Value::String(FORWARD_BASE.into())));
                FORWARD_BASE.to_owned()
            }
        };
        let mut reference = id;
        reference.push('#');
        for b in pointer.bytes() {
            if b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/".contains(&b) {
                reference.push(b as char);
            } else {
                reference.push_str(&format!("%{b:02X}"));
            }
        }
        let wrapper = Value::Object(vec![
            ("$defs".into(), Value::Object(vec![("root".into(), root)])),
            ("$ref".into(), Value::String(reference)),
        ]);
        Validator::compile_value(wrapper, None, Options { any_value: true, ..Options::default() }).ok()
    }
}

/// The base URI a root without `$id` is given to be referred to.
const FORWARD_BASE: &str = "urn:tool-schema:original";

static TRUE: Value = Value::Bool(true);
