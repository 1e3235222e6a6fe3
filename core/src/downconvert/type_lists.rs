//! `type` lists for a target that refuses them ([`Profile::type_lists`]
//! false: Gemini's OpenAPI-subset `parameters`, whose `type` is one name,
//! answers a list with "Proto field is not repeating, cannot start list").
//!
//! One pass over the converted schema, after the conversion, through schema
//! positions only (a property named `type` is a property): every `type` that
//! is a list becomes a form of one name per node that accepts exactly the
//! same values.
//!
//! - `null` among the names, for a target that takes `nullable`: the name is
//!   dropped and `nullable: true` follows `type` (the OpenAPI form).
//! - One name left: `type` is that name.
//! - Two or more: `type` is replaced, in its place, by an `anyOf` of one
//!   branch per name, in the list's order, each `{"type": T, …}` with the
//!   node's keywords that say something only of values of type `T` (string
//!   lengths, numeric bounds, items, properties, …) moved into it; every
//!   other keyword stays on the node, where it applies to every value as it
//!   did. An `anyOf` the node had already is copied into every branch
//!   (`(∨ types) ∧ (∨ branches)` is kept as it is). Where `nullable` is
//!   taken, it is `nullable: true` in the first branch, beside the branch's
//!   `type` (OpenAPI 3.0.3 reads `nullable` only beside a `type`).
//!
//! The value's shape never changes, so `lossless` is what the conversion
//! said and restoring has nothing to undo. Listed changes get one `reshaped`
//! change (keyword `type`) per node written, and every change under a moved
//! keyword points into its branch.
//!
//! The branches count against the conversion's limits: an `anyOf` copied
//! into the branches of a node whose own branches were copied the same way
//! doubles at each level, so a schema whose written form passes
//! [`MAX_NODES`] nodes or [`MAX_DEPTH`] levels is refused (`OLP004`).

use super::convert::{Change, ChangeAction, MAX_DEPTH, MAX_NODES, child, child_index};
use super::out::{Members, Out};
use super::profile::Profile;
use crate::diag::{Code, Diagnostic};
use std::borrow::Cow;

/// Writes every type list under `out` without a list, for `p`; `changes`,
/// when listed, get a change per node written and their pointers into moved
/// keywords fixed up. The root of a target that takes only an object root
/// is left as it is (the conversion refuses a root type list for that
/// target, in its own words). A written form past the conversion's limits
/// is refused, `out` then half written.
pub(crate) fn split(p: &Profile, out: &mut Out<'_>, changes: &mut Option<Vec<Change>>) -> Result<(), Diagnostic> {
    let nodes = count_nodes(out);
    let mut pass = Pass { p, nullable: p.accepts("nullable"), changes: changes.as_mut(), new: Vec::new(), nodes };
    let mut at = String::new();
    let levels = pass.walk(out, &mut at)?;
    if levels > MAX_DEPTH {
        let message = format!(
            "{} takes no type list, and with each one written as anyOf the schemas nest deeper than {MAX_DEPTH} levels.",
            p.name
        );
        return Err(Diagnostic { code: Code::Olp004, message, path: "$".into() });
    }
    let new = std::mem::take(&mut pass.new);
    if let Some(listed) = changes
        && !new.is_empty()
    {
        merge(out, listed, new);
    }
    Ok(())
}

/// The objects in `v` (schemas, mostly), itself included.
fn count_nodes(v: &Out<'_>) -> usize {
    match v {
        Out::Object(members) => 1 + members.iter().map(|(_, m)| count_nodes(m)).sum::<usize>(),
        Out::Array(items) => items.iter().map(count_nodes).sum(),
        _ => 0,
    }
}

struct Pass<'c> {
    p: &'c Profile,
    /// The target takes `nullable`.
    nullable: bool,
    /// The conversion's changes, when listed.
    changes: Option<&'c mut Vec<Change>>,
    /// The pass's own changes, in the order the nodes were written.
    new: Vec<Change>,
    /// The objects of the schema as written so far.
    nodes: usize,
}

/// The members whose values are schemas by name (`properties`, …), by
/// position (`anyOf`, …), or are one schema (`items`, …).
fn named_schemas(k: &str) -> bool {
    matches!(k, "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" | "dependencies")
}

fn listed_schemas(k: &str) -> bool {
    matches!(k, "prefixItems" | "anyOf" | "oneOf" | "allOf")
}

fn one_schema(k: &str) -> bool {
    matches!(
        k,
        "items"
            | "not"
            | "contains"
            | "propertyNames"
            | "if"
            | "then"
            | "else"
            | "additionalProperties"
            | "unevaluatedItems"
            | "unevaluatedProperties"
            | "additionalItems"
            | "contentSchema"
    )
}

/// The type whose values `keyword` alone says something of (`integer`
/// stands for `number` too): None for a keyword that applies to every value.
fn kind_of(keyword: &str) -> Option<&'static str> {
    Some(match keyword {
        "minLength" | "maxLength" | "pattern" | "format" | "contentEncoding" | "contentMediaType" => "string",
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => "integer",
        "items" | "prefixItems" | "minItems" | "maxItems" | "uniqueItems" | "contains" | "minContains"
        | "maxContains" | "unevaluatedItems" => "array",
        "properties"
        | "required"
        | "additionalProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "unevaluatedProperties"
        | "propertyOrdering" => "object",
        _ => return None,
    })
}

/// Whether the branch of type `name` takes the node's keyword `k`: the
/// node's `anyOf` goes into every branch. `unevaluated*` stays on the node
/// when the node keeps an applicator (`allOf`, `oneOf`, `if`, a reference)
/// whose annotations it must see; on the node it sees the branches' too.
fn goes(k: &str, name: &str, unevaluated_stays: bool) -> bool {
    if k == "anyOf" {
        return true;
    }
    if unevaluated_stays && matches!(k, "unevaluatedItems" | "unevaluatedProperties") {
        return false;
    }
    match kind_of(k) {
        Some("integer") => matches!(name, "integer" | "number"),
        Some(kind) => kind == name,
        None => false,
    }
}

/// Whether a change at a node, about keyword that moved into a branch,
/// points at the branch now: the keyword kept as it is, with no hint in the
/// node's description (a hint, and the change that explains it, stay where
/// the description is).
fn follows_its_keyword(action: ChangeAction) -> bool {
    matches!(action, ChangeAction::Unenforced | ChangeAction::Closed | ChangeAction::Required | ChangeAction::Ordered)
}

impl<'c> Pass<'c> {
    /// Writes the type lists of the schema `node` (at pointer `at`, which
    /// the walk extends and gives back as it was) and of every schema in it,
    /// children first: a parent's fix-up then moves its children's pointers.
    /// How many levels of schemas are under it, as written.
    fn walk(&mut self, node: &mut Out<'_>, at: &mut String) -> Result<usize, Diagnostic> {
        let Out::Object(members) = node else { return Ok(0) };
        let len = at.len();
        let mut below = 0;
        for (k, v) in members.iter_mut() {
            let k: &str = k;
            at.push('/');
            crate::json::push_pointer_segment(at, k);
            let inner = at.len();
            match v {
                Out::Object(named) if named_schemas(k) => {
                    for (name, sub) in named.iter_mut() {
                        at.truncate(inner);
                        at.push('/');
                        crate::json::push_pointer_segment(at, name);
                        below = below.max(1 + self.walk(sub, at)?);
                    }
                }
                Out::Array(list) if listed_schemas(k) || k == "items" => {
                    for (i, sub) in list.iter_mut().enumerate() {
                        at.truncate(inner);
                        at.push('/');
                        crate::path::push_decimal(at, i as u64);
                        below = below.max(1 + self.walk(sub, at)?);
                    }
                }
                Out::Object(_) if one_schema(k) => below = below.max(1 + self.walk(v, at)?),
                _ => {}
            }
            at.truncate(len);
        }
        if (at.is_empty() && self.p.root_object) || !self.rewrite(members, at)? {
            return Ok(below);
        }
        // The branches are a level of their own.
        Ok(below + 1)
    }

    /// The node's own type list, if it has one, written without a list:
    /// whether it is `anyOf` of branches now.
    fn rewrite<'a>(&mut self, members: &mut Members<'a>, at: &str) -> Result<bool, Diagnostic> {
        let Some(t) = members.iter().position(|(k, _)| k == "type") else { return Ok(false) };
        let Out::Array(list) = &mut members[t].1 else { return Ok(false) };
        if list.is_empty() || !list.iter().all(|n| matches!(n, Out::String(_))) {
            return Ok(false);
        }
        let given = self.changes.is_some().then(|| Out::Array(list.clone()).to_json());
        let names: Vec<Cow<'a, str>> = std::mem::take(list)
            .into_iter()
            .filter_map(|n| if let Out::String(s) = n { Some(s) } else { None })
            .collect();
        let nullable = self.nullable && names.len() > 1 && names.iter().any(|n| n == "null");
        let mut kept: Vec<Cow<'a, str>> =
            if nullable { names.into_iter().filter(|n| n != "null").collect() } else { names };
        if kept.len() == 1 {
            let name = kept.pop().unwrap_or_default();
            let form =
                if nullable { format!("type \"{name}\" with nullable: true") } else { format!("type \"{name}\"") };
            members[t].1 = Out::String(name);
            if nullable {
                let t = set_nullable(members, t);
                members.insert(t + 1, ("nullable".into(), Out::Bool(true)));
            }
            self.note(at, given, &form);
            return Ok(false);
        }
        let unevaluated_stays = members
            .iter()
            .any(|(k, _)| matches!(&**k, "allOf" | "oneOf" | "if" | "then" | "else" | "$ref" | "$dynamicRef"));
        let had_any_of = members.iter().any(|(k, _)| k == "anyOf");
        // A branch each, and the node's anyOf once more in each but one.
        let copied: usize = members.iter().filter(|(k, _)| k == "anyOf").map(|(_, v)| count_nodes(v)).sum();
        self.nodes += kept.len() + copied * (kept.len() - 1);
        if self.nodes > MAX_NODES {
            let message = format!(
                "{} takes no type list, and with each one written as anyOf (the node's own anyOf in every branch) the schema has more than {MAX_NODES} nodes.",
                self.p.name
            );
            let path = if at.is_empty() { "$".to_owned() } else { at.to_owned() };
            return Err(Diagnostic { code: Code::Olp004, message, path });
        }
        if self.changes.is_some() {
            let first_branch = |k: &str| {
                if k == "anyOf" && !had_any_of { None } else { kept.iter().position(|n| goes(k, n, unevaluated_stays)) }
            };
            self.fix_up(at, &first_branch);
        }
        let mut branches: Vec<Members<'a>> =
            kept.iter().map(|n| vec![(Cow::Borrowed("type"), Out::String(n.clone()))]).collect();
        if nullable {
            branches[0].push(("nullable".into(), Out::Bool(true)));
        }
        let mut node: Members<'a> = Vec::with_capacity(members.len());
        let mut place = 0;
        for (j, (k, v)) in std::mem::take(members).into_iter().enumerate() {
            if j == t {
                place = node.len();
                continue;
            }
            let holders: Vec<usize> = (0..kept.len()).filter(|&i| goes(&k, &kept[i], unevaluated_stays)).collect();
            match holders.split_last() {
                Some((last, others)) => {
                    for &i in others {
                        branches[i].push((k.clone(), v.clone()));
                    }
                    branches[*last].push((k, v));
                }
                // The branch holds `nullable: true` now.
                None if nullable && k == "nullable" => {}
                None => node.push((k, v)),
            }
        }
        node.insert(place, ("anyOf".into(), Out::Array(branches.into_iter().map(Out::Object).collect())));
        *members = node;
        let mut form = String::from("anyOf of one branch per type, each with the keywords that apply only to its type");
        if had_any_of {
            form.push_str(", and the node's anyOf in every branch");
        }
        if nullable {
            form.push_str("; null is nullable: true in the first branch");
        }
        self.note(at, given, &form);
        Ok(true)
    }

    /// Records the node at `at` written in `form` (its list `given`, when
    /// changes are listed).
    fn note(&mut self, at: &str, given: Option<String>, form: &str) {
        let Some(given) = given else { return };
        let detail = format!("{} takes no type list: {given} is written as {form}", self.p.name);
        self.new.push(Change {
            pointer: at.to_owned(),
            keyword: "type".into(),
            action: ChangeAction::Reshaped,
            detail,
        });
    }

    /// Every change under a keyword of the node at `at` that moves into a
    /// branch (`branch_of` it) points into that branch now: `at/K/…` is
    /// `at/anyOf/i/K/…`. The node's `anyOf`, copied into every branch,
    /// is the first branch's (`at/anyOf/j/…` is `at/anyOf/0/anyOf/j/…`).
    fn fix_up(&mut self, at: &str, branch_of: &dyn Fn(&str) -> Option<usize>) {
        let branches = child(at, "anyOf");
        let listed = self.changes.as_deref_mut().map(|c| c.iter_mut()).into_iter().flatten();
        for c in listed.chain(self.new.iter_mut()) {
            if c.pointer == at {
                if follows_its_keyword(c.action)
                    && let Some(i) = branch_of(&c.keyword)
                {
                    c.pointer = child_index(&branches, i);
                }
                continue;
            }
            let Some(rest) = c.pointer.strip_prefix(at).and_then(|r| r.strip_prefix('/')) else { continue };
            // A keyword is a pointer segment as it is (no `~` or `/`).
            let keyword = rest.split('/').next().unwrap_or_default();
            if let Some(i) = branch_of(keyword) {
                c.pointer = [child_index(&branches, i).as_str(), "/", rest].concat();
            }
        }
    }
}

/// Removes the node's `nullable` members (one is written beside `type`, at
/// index `t`): the index of `type` after.
fn set_nullable(members: &mut Members<'_>, t: usize) -> usize {
    let before = members[..t].iter().filter(|(k, _)| k == "nullable").count();
    members.retain(|(k, _)| k != "nullable");
    t - before
}

/// The pass's changes put into the conversion's list by document order:
/// each right after the last change of the list at its node, at a node
/// above it or at one before it in the written schema (its children's
/// changes, which the conversion lists after the node's own, come after
/// it); changes of the pass at one place in the order their nodes come.
fn merge(out: &Out<'_>, listed: &mut Vec<Change>, new: Vec<Change>) {
    let keys: Vec<Vec<usize>> = listed.iter().map(|c| doc_key(out, &c.pointer)).collect();
    let mut placed: Vec<(usize, Vec<usize>, Change)> = new
        .into_iter()
        .map(|c| {
            let key = doc_key(out, &c.pointer);
            let at = keys.iter().rposition(|k| *k <= key).map_or(0, |i| i + 1);
            (at, key, c)
        })
        .collect();
    placed.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    let old = std::mem::take(listed);
    listed.reserve(old.len() + placed.len());
    let mut placed = placed.into_iter().peekable();
    for (i, c) in old.into_iter().enumerate() {
        while let Some((_, _, n)) = placed.next_if(|(at, _, _)| *at == i) {
            listed.push(n);
        }
        listed.push(c);
    }
    listed.extend(placed.map(|(_, _, n)| n));
}

/// Where the node at `pointer` comes in the written schema: the index of
/// each member or item on the way (a node above comes first, as its key is
/// a prefix). A segment the schema does not have sorts last.
fn doc_key(root: &Out<'_>, pointer: &str) -> Vec<usize> {
    let mut key = Vec::new();
    let mut node = Some(root);
    for raw in pointer.split('/').skip(1) {
        let seg = crate::json::pointer_segment(raw);
        let found = match node {
            Some(Out::Object(members)) => members.iter().position(|(k, _)| *k == seg).map(|i| (i, &members[i].1)),
            Some(Out::Array(items)) => seg.parse::<usize>().ok().and_then(|i| items.get(i).map(|v| (i, v))),
            _ => None,
        };
        match found {
            Some((i, next)) => {
                key.push(i);
                node = Some(next);
            }
            None => {
                key.push(usize::MAX);
                break;
            }
        }
    }
    key
}

#[cfg(test)]
mod tests {
    use super::super::{BUILT_IN, Restoring, Target, downconvert};
    use crate::json::{self, ParseLimits, Value};
    use crate::validate::{Options, Validator};
    use std::sync::Arc;

    const LIMITS: ParseLimits = ParseLimits { max_bytes: 1 << 24, max_depth: 512 };

    fn parse(text: &str) -> Value {
        json::parse(text, LIMITS).unwrap_or_else(|e| panic!("{text}: {e:?}"))
    }

    /// `v`'s member `key`, set to `value` (added when it has none).
    fn set(v: &mut Value, key: &str, value: Value) {
        if let Value::Object(members) = v {
            match members.iter_mut().find(|(k, _)| k == key) {
                Some(slot) => slot.1 = value,
                None => members.push((key.to_owned(), value)),
            }
        }
    }

    fn member<'v>(v: &'v mut Value, key: &str) -> &'v mut Value {
        let Value::Object(members) = v else { panic!("not an object") };
        members.iter_mut().find(|(k, _)| k == key).map(|(_, m)| m).unwrap_or_else(|| panic!("no {key}"))
    }

    /// gemini-json's profile as a custom one, with `typeLists` `lists`,
    /// `nullable` accepted when `nullable`, the root object rule `root`, and
    /// the keywords `accepted` accepted too.
    fn profile_with(lists: bool, nullable: bool, root: bool, accepted: &[&str]) -> String {
        let text = BUILT_IN.iter().find(|(n, _)| *n == "gemini-json").map(|(_, t)| *t).expect("gemini-json");
        let mut v = parse(text);
        set(&mut v, "name", Value::String("gemini-test".into()));
        let rule = |value: &str| parse(&format!(r#"{{{value},"date":"2026-12-07","source":"test"}}"#));
        let reshape = member(&mut v, "reshape");
        set(reshape, "typeLists", rule(&format!(r#""value":{lists}"#)));
        set(reshape, "rootObject", rule(&format!(r#""value":{root}"#)));
        let keywords = member(&mut v, "keywords");
        for k in accepted.iter().chain(nullable.then_some(&"nullable")) {
            set(keywords, k, rule(r#""support":"accepted""#));
        }
        v.to_json()
    }

    fn profile(lists: bool, nullable: bool) -> String {
        profile_with(lists, nullable, true, &[])
    }

    /// The schema converted for `profile`, and its changes as (pointer, keyword, action).
    fn convert(schema: &str, profile: &str) -> (String, Vec<(String, String, String)>) {
        let d = downconvert(schema, Target::Custom(profile)).unwrap_or_else(|e| panic!("{schema}: {e:?}"));
        assert_resolves(&d.schema, &d.changes);
        let changes = d.changes.iter().map(|c| (c.pointer.clone(), c.keyword.clone(), c.action.to_string())).collect();
        (d.schema, changes)
    }

    fn ch(pointer: &str, keyword: &str, action: &str) -> (String, String, String) {
        (pointer.to_owned(), keyword.to_owned(), action.to_owned())
    }

    /// Every change points at a node of the schema.
    fn assert_resolves(schema: &str, changes: &[super::Change]) {
        let v = parse(schema);
        for c in changes {
            assert!(v.pointer(&c.pointer).is_some_and(|n| n.as_object().is_some()), "{schema}: {c:?}");
        }
    }

    /// Where the schema has a type list: None when it has none (enum,
    /// const, default and example values are values, not schemas).
    fn type_list(v: &Value, at: &str) -> Option<String> {
        match v {
            Value::Object(members) => {
                if matches!(v.get("type"), Some(Value::Array(_))) {
                    return Some(at.to_owned());
                }
                members
                    .iter()
                    .filter(|(k, _)| !matches!(k.as_str(), "enum" | "const" | "default" | "examples"))
                    .find_map(|(k, m)| type_list(m, &format!("{at}/{k}")))
            }
            Value::Array(items) => items.iter().enumerate().find_map(|(i, m)| type_list(m, &format!("{at}/{i}"))),
            _ => None,
        }
    }

    #[test]
    fn a_nullable_name_is_a_branch_or_nullable() {
        let schema = r#"{"type":"object","properties":{"a":{"type":["string","null"]}}}"#;
        let (plain, changes) = convert(schema, &profile(false, false));
        assert_eq!(
            plain,
            r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]}},"propertyOrdering":["a"]}"#
        );
        assert_eq!(changes, [ch("", "propertyOrdering", "ordered"), ch("/properties/a", "type", "reshaped")]);
        let (nullable, changes) = convert(schema, &profile(false, true));
        assert_eq!(
            nullable,
            r#"{"type":"object","properties":{"a":{"type":"string","nullable":true}},"propertyOrdering":["a"]}"#
        );
        assert_eq!(changes, [ch("", "propertyOrdering", "ordered"), ch("/properties/a", "type", "reshaped")]);
        let d = downconvert(schema, Target::Custom(&profile(false, true))).unwrap();
        assert_eq!(
            d.changes[1].detail,
            r#"gemini-test takes no type list: ["string","null"] is written as type "string" with nullable: true"#
        );
        // A target that takes type lists gets the schema as it was.
        let (listed, _) = convert(schema, &profile(true, true));
        assert_eq!(
            listed,
            r#"{"type":"object","properties":{"a":{"type":["string","null"]}},"propertyOrdering":["a"]}"#
        );
    }

    #[test]
    fn each_branch_takes_the_keywords_of_its_type() {
        let schema = r#"{"type":"object","properties":{"a":{"type":["string","integer"],"minLength":1,"minimum":0,"description":"d"}}}"#;
        let (out, changes) = convert(schema, &profile(false, false));
        assert_eq!(
            out,
            r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"string","minLength":1},{"type":"integer","minimum":0}],"description":"d"}},"propertyOrdering":["a"]}"#
        );
        // Gemini keeps minLength unenforced: the change follows it into its branch.
        assert_eq!(
            changes,
            [
                ch("/properties/a/anyOf/0", "minLength", "unenforced"),
                ch("", "propertyOrdering", "ordered"),
                ch("/properties/a", "type", "reshaped")
            ]
        );
        // With nullable, the same (no null to say); numbers' bounds in both numeric branches.
        let (same, _) = convert(schema, &profile(false, true));
        assert_eq!(same, out);
        let both = r#"{"type":"object","properties":{"a":{"type":["integer","number","null","string"],"maximum":9,"maxLength":3}}}"#;
        let (out, _) = convert(both, &profile(false, true));
        assert_eq!(
            out,
            r#"{"type":"object","properties":{"a":{"anyOf":[{"type":"integer","nullable":true,"maximum":9},{"type":"number","maximum":9},{"type":"string","maxLength":3}]}},"propertyOrdering":["a"]}"#
        );
    }

    #[test]
    fn moved_items_take_their_own_changes_along() {
        let schema = r#"{"type":"object","properties":{"a":{"type":["array","object","null"],"items":{"type":["string","number"],"maxLength":3},"minItems":1,"properties":{"b":{"type":"boolean"}},"required":["b"]}}}"#;
        let (out, changes) = convert(schema, &profile(false, false));
        assert_eq!(
            out,
            concat!(
                r#"{"type":"object","properties":{"a":{"anyOf":["#,
                r#"{"type":"array","items":{"anyOf":[{"type":"string","maxLength":3},{"type":"number"}]},"minItems":1},"#,
                r#"{"type":"object","properties":{"b":{"type":"boolean"}},"propertyOrdering":["b"],"required":["b"]},"#,
                r#"{"type":"null"}]}},"propertyOrdering":["a"]}"#
            )
        );
        assert_eq!(
            changes,
            [
                ch("/properties/a/anyOf/0/items/anyOf/0", "maxLength", "unenforced"),
                ch("/properties/a/anyOf/1", "propertyOrdering", "ordered"),
                ch("", "propertyOrdering", "ordered"),
                ch("/properties/a", "type", "reshaped"),
                ch("/properties/a/anyOf/0/items", "type", "reshaped"),
            ]
        );
    }

    #[test]
    fn an_any_of_the_node_had_is_in_every_branch() {
        let schema = r#"{"type":"object","properties":{"a":{"type":["string","null"],"anyOf":[{"minLength":2},{"const":"x"}],"title":"t"}}}"#;
        let (out, changes) = convert(schema, &profile(false, false));
        let any_of = r#""anyOf":[{"minLength":2},{"enum":["x"]}]"#;
        assert_eq!(
            out,
            format!(
                r#"{{"type":"object","properties":{{"a":{{"anyOf":[{{"type":"string",{any_of}}},{{"type":"null",{any_of}}}],"title":"t"}}}},"propertyOrdering":["a"]}}"#
            )
        );
        assert_eq!(
            changes,
            [
                ch("/properties/a/anyOf/0/anyOf/0", "minLength", "unenforced"),
                ch("/properties/a/anyOf/0/anyOf/1", "const", "reshaped"),
                ch("", "propertyOrdering", "ordered"),
                ch("/properties/a", "type", "reshaped"),
            ]
        );
    }

    #[test]
    fn type_lists_in_definitions_and_at_a_root_that_may_be_anything() {
        // Recursive, so the definition is kept (and its reference).
        let schema = r##"{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"$defs":{"node":{"type":["object","null"],"properties":{"next":{"$ref":"#/$defs/node"}}}}}"##;
        let (out, changes) = convert(schema, &profile(false, false));
        assert_eq!(
            out,
            concat!(
                r##"{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"$defs":{"node":{"anyOf":["##,
                r##"{"type":"object","properties":{"next":{"$ref":"#/$defs/node"}},"propertyOrdering":["next"]},{"type":"null"}]}},"##,
                r##""propertyOrdering":["n"]}"##
            )
        );
        assert!(changes.contains(&ch("/$defs/node", "type", "reshaped")), "{changes:?}");
        assert!(changes.contains(&ch("/$defs/node/anyOf/0", "propertyOrdering", "ordered")), "{changes:?}");
        // A root a target takes as anything is written too; one it takes only as an object is refused as before.
        let root = r#"{"type":["object","array"],"properties":{"a":{"type":"string"}},"items":{"type":"integer"}}"#;
        let (out, changes) = convert(root, &profile_with(false, false, false, &[]));
        assert_eq!(
            out,
            r#"{"anyOf":[{"type":"object","properties":{"a":{"type":"string"}},"propertyOrdering":["a"]},{"type":"array","items":{"type":"integer"}}]}"#
        );
        // (The root's change comes before its branch's.)
        assert_eq!(changes, [ch("", "type", "reshaped"), ch("/anyOf/0", "propertyOrdering", "ordered")]);
        let refused = |p: &str| downconvert(root, Target::Custom(p)).unwrap_err()[0].message.clone();
        assert_eq!(refused(&profile(false, false)), refused(&profile(true, false)));
    }

    /// `run` on a thread with room for the deep schemas of a debug build.
    fn with_stack(run: impl FnOnce() + Send + 'static) {
        std::thread::Builder::new().stack_size(64 << 20).spawn(run).expect("a thread").join().expect("no panic");
    }

    #[test]
    fn a_written_form_past_the_limits_is_refused() {
        with_stack(past_the_limits);
    }

    fn past_the_limits() {
        // Each level's anyOf goes into both branches of its type list: 2^24 copies.
        let mut nested = r#"{"type":"string"}"#.to_owned();
        for _ in 0..24 {
            nested = format!(r#"{{"type":["string","null"],"anyOf":[{{"type":"string"}},{nested}]}}"#);
        }
        let schema = format!(r#"{{"type":"object","properties":{{"a":{nested}}}}}"#);
        let e = downconvert(&schema, Target::Custom(&profile(false, false))).unwrap_err();
        assert_eq!((e.len(), e[0].code), (1, crate::diag::Code::Olp004), "{e:?}");
        assert!(e[0].message.contains("more than 20000 nodes"), "{e:?}");
        assert!(downconvert(&schema, Target::Custom(&profile(true, false))).is_ok());
        // Type lists nested 150 deep: 150 levels of branches more.
        let mut deep = r#"{"type":"string"}"#.to_owned();
        for _ in 0..150 {
            deep = format!(r#"{{"type":["array","null"],"items":{deep}}}"#);
        }
        let schema = format!(r#"{{"type":"object","properties":{{"a":{deep}}}}}"#);
        let e = downconvert(&schema, Target::Custom(&profile(false, false))).unwrap_err();
        assert_eq!((e.len(), e[0].code), (1, crate::diag::Code::Olp004), "{e:?}");
        assert!(e[0].message.contains("deeper than 200 levels"), "{e:?}");
        // With nullable, no branches: as deep as it was.
        assert!(downconvert(&schema, Target::Custom(&profile(false, true))).is_ok());
    }

    /// Values to try a schema with: a few of every kind, then values built
    /// from the schema itself (its properties, items and branches, each
    /// given values of every type it names and the values above).
    fn samples(root: &Value) -> Vec<Value> {
        let mut out: Vec<Value> = base();
        variants(root, root, 0, &mut out);
        out
    }

    fn base() -> Vec<Value> {
        let given = ["null", "true", "0", "1.5", "-3", r#""""#, r#""abc""#, "[]", r#"[1,"a"]"#, "{}", r#"{"a":1}"#];
        // And some past the usual bounds.
        let more = [r#""a string longer than most bounds""#, "1000000", r#"[null,null,null,null,null]"#];
        given.iter().chain(&more).map(|t| parse(t)).collect()
    }

    /// `s` with its references followed.
    fn resolve<'v>(root: &'v Value, mut s: &'v Value) -> &'v Value {
        for _ in 0..8 {
            match s.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
                Some(pointer) => s = root.pointer(pointer).unwrap_or(&Value::Null),
                None => break,
            }
        }
        s
    }

    /// The types a schema names, in its `type` or its branches' (`nullable`
    /// adds `null`).
    fn types(root: &Value, s: &Value) -> Vec<String> {
        let s = resolve(root, s);
        let mut names: Vec<String> = match s.get("type") {
            Some(Value::String(t)) => vec![t.clone()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).map(str::to_owned).collect(),
            _ => ["anyOf", "oneOf"]
                .iter()
                .filter_map(|k| s.get(k).and_then(Value::as_array))
                .flatten()
                .flat_map(|b| types(root, b))
                .collect(),
        };
        if s.get("nullable") == Some(&Value::Bool(true)) {
            names.push("null".into());
        }
        names
    }

    /// A value of `s` that is likely valid, of type `t` (or its first).
    fn typical(root: &Value, s: &Value, t: Option<&str>, depth: usize) -> Value {
        let s = resolve(root, s);
        if depth > 6 {
            return Value::Null;
        }
        if t.is_none() {
            if let Some(first) = s.get("enum").and_then(Value::as_array).and_then(|e| e.first()) {
                return first.clone();
            }
            if let Some(c) = s.get("const") {
                return c.clone();
            }
        }
        let names = types(root, s);
        let t = t.or_else(|| names.iter().map(String::as_str).find(|n| *n != "null"));
        let number = |k: &str, or: i128| {
            let n = s.get(k).and_then(|m| if let Value::Number(n) = m { n.as_i128() } else { None });
            Value::Number(json::Number::from_i128(n.unwrap_or(or)))
        };
        match t {
            Some("object") | None if t.is_some() || s.get("properties").is_some() => {
                let props = s.get("properties").and_then(Value::as_object).unwrap_or_default();
                Value::Object(props.iter().map(|(k, sub)| (k.clone(), typical(root, sub, None, depth + 1))).collect())
            }
            Some("array") => match (s.get("prefixItems"), s.get("items")) {
                (Some(Value::Array(positions)), _) => {
                    Value::Array(positions.iter().map(|p| typical(root, p, None, depth + 1)).collect())
                }
                (_, Some(items @ Value::Object(_))) => Value::Array(vec![typical(root, items, None, depth + 1)]),
                _ => Value::Array(Vec::new()),
            },
            Some("string") => Value::String(
                match s.get("format").and_then(Value::as_str) {
                    Some("date-time") => "2026-01-02T03:04:05Z",
                    Some("date") => "2026-01-02",
                    Some("time") => "03:04:05Z",
                    Some("email") => "a@example.com",
                    Some("uri") => "https://example.com/",
                    Some("uuid") => "0f8fad5b-d9cb-469f-a165-70867728950e",
                    _ => "abc",
                }
                .into(),
            ),
            Some("integer") => number("minimum", 1),
            Some("number") => parse("1.5"),
            Some("boolean") => Value::Bool(true),
            _ => Value::Null,
        }
    }

    /// Values built from `s`, added to `out` (at most 600 in all).
    fn variants(root: &Value, s: &Value, depth: usize, out: &mut Vec<Value>) {
        let s = resolve(root, s);
        if depth > 3 || out.len() > 600 {
            return;
        }
        out.push(typical(root, s, None, depth));
        for t in types(root, s) {
            out.push(typical(root, s, Some(&t), depth));
        }
        for b in ["anyOf", "oneOf", "allOf"].iter().filter_map(|k| s.get(k).and_then(Value::as_array)).flatten() {
            variants(root, b, depth + 1, out);
        }
        if let Some(props) = s.get("properties").and_then(Value::as_object) {
            let whole = typical(root, s, Some("object"), depth);
            for (name, sub) in props {
                let mut given = base();
                variants(root, sub, depth + 1, &mut given);
                for v in std::iter::once(None).chain(given.into_iter().map(Some)) {
                    let Value::Object(mut members) = whole.clone() else { continue };
                    members.retain(|(k, _)| k != name);
                    members.extend(v.map(|v| (name.clone(), v)));
                    out.push(Value::Object(members));
                }
            }
        }
        if let Some(items @ Value::Object(_)) = s.get("items") {
            let mut given = Vec::new();
            variants(root, items, depth + 1, &mut given);
            out.extend(given.into_iter().map(|v| Value::Array(vec![v])));
        }
    }

    /// `nullable: true` read as JSON Schema reads OpenAPI's: `null` added
    /// to the `type` beside it (none beside it: it says nothing).
    fn nullable_as_null(v: &mut Value) {
        match v {
            Value::Object(members) => {
                if members.iter().any(|(k, m)| k == "nullable" && *m == Value::Bool(true)) {
                    members.retain(|(k, _)| k != "nullable");
                    let null = Value::String("null".into());
                    match members.iter_mut().find(|(k, _)| k == "type").map(|(_, t)| t) {
                        Some(Value::Array(names)) if !names.contains(&null) => names.push(null),
                        Some(t @ Value::String(_)) if *t != null => *t = Value::Array(vec![t.clone(), null]),
                        _ => {}
                    }
                }
                let values = |k: &str| matches!(k, "enum" | "const" | "default" | "examples");
                members.iter_mut().filter(|(k, _)| !values(k)).for_each(|(_, m)| nullable_as_null(m));
            }
            Value::Array(items) => items.iter_mut().for_each(nullable_as_null),
            _ => {}
        }
    }

    /// One schema converted for `with` (a profile that takes type lists)
    /// and `without` (the same, but that it takes none): the same values
    /// valid for both (`nullable` read as `null`), the same answers
    /// restored, the same changes but the pass's own, no type list left,
    /// every change at a node. How many type lists were written.
    fn same_verdicts(name: &str, schema: &str, with: &str, without: &str) -> usize {
        let (listed, split) =
            match (downconvert(schema, Target::Custom(with)), downconvert(schema, Target::Custom(without))) {
                (Ok(a), Ok(b)) => (a, b),
                (Err(a), Err(b)) => {
                    assert_eq!(a, b, "{name}");
                    return 0;
                }
                (a, b) => panic!("{name}: {a:?} against {b:?}"),
            };
        let mut written = parse(&split.schema);
        assert_eq!(type_list(&written, ""), None, "{name}: {}", split.schema);
        assert_resolves(&split.schema, &split.changes);
        assert_eq!(listed.lossless, split.lossless, "{name}");
        let mine = |c: &&super::Change| c.keyword == "type" && c.detail.contains(" takes no type list: ");
        let others = |d: &super::super::Downconverted| -> Vec<(String, String, String)> {
            let rest = d.changes.iter().filter(|c| !mine(c));
            rest.map(|c| (c.keyword.clone(), c.action.to_string(), c.detail.clone())).collect()
        };
        assert_eq!(others(&listed), others(&split), "{name}");
        let written_lists = split.changes.iter().filter(mine).count();
        let mut given = parse(&listed.schema);
        nullable_as_null(&mut given);
        nullable_as_null(&mut written);
        let any = Options { any_value: true, ..Options::default() };
        let compile = |v: &Value| Validator::compile(&v.to_json(), any).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let (a, b) = (compile(&given), compile(&written));
        let original = Arc::new(Validator::compile(schema, Options::default()).unwrap());
        let restoring =
            |p: &str| Restoring::new(original.clone(), Target::Custom(p)).unwrap_or_else(|e| panic!("{e:?}"));
        let (restore_a, restore_b) = (restoring(with), restoring(without));
        let mut restored = 0;
        for v in samples(&given) {
            let text = v.to_json();
            assert_eq!(a.validate(&text).is_ok(), b.validate(&text).is_ok(), "{name}: {text}");
            if matches!(v, Value::Object(_)) {
                let (ra, rb) = (restore_a.restore(&text), restore_b.restore(&text));
                assert_eq!(ra.is_ok(), rb.is_ok(), "{name}: {text}");
                restored += usize::from(ra.is_ok());
                assert_eq!(ra.ok(), rb.ok(), "{name}: {text}");
            }
        }
        // The values built from the schema are answers it takes, some of
        // them (where no constraint became a hint they cannot know of).
        assert!(restored > 0 || written_lists == 0 || !listed.lossless, "{name}");
        written_lists
    }

    /// The built-in `gemini-openapi` (which takes no type list, and takes
    /// `nullable`), and the same profile taking type lists.
    fn gemini_openapi() -> (String, String) {
        let text = super::super::provider_profile("gemini-openapi").expect("gemini-openapi");
        let mut v = parse(&text);
        assert_eq!(member(member(&mut v, "reshape"), "typeLists").get("value"), Some(&Value::Bool(false)));
        set(member(&mut v, "reshape"), "typeLists", parse(r#"{"value":true,"date":"2026-12-07","source":"test"}"#));
        (v.to_json(), text)
    }

    #[test]
    fn no_verdict_changes_for_the_real_schemas_and_the_ones_above() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/real-tool-schemas/schemas");
        let mut files: Vec<_> = std::fs::read_dir(&dir).expect("the real schemas").map(|e| e.unwrap().path()).collect();
        files.sort();
        assert!(files.len() > 80, "{}", files.len());
        let (plain, openapi) = ((profile(true, false), profile(false, false)), gemini_openapi());
        let (mut written, mut written_openapi) = (0, 0);
        for f in &files {
            let text = std::fs::read_to_string(f).unwrap();
            let name = f.display().to_string();
            written += same_verdicts(&name, &text, &plain.0, &plain.1);
            written_openapi += same_verdicts(&name, &text, &openapi.0, &openapi.1);
        }
        // 004, 053 (three), 058 and 088 have type lists.
        assert!(written >= 6 && written_openapi > 0, "{written} {written_openapi}");
        let nullable = (profile(true, true), profile(false, true));
        for schema in [
            r#"{"type":"object","properties":{"a":{"type":["string","null"]}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["string","integer"],"minLength":1,"minimum":0,"description":"d"}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["integer","number","null","string"],"maximum":9,"maxLength":3}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["array","object","null"],"items":{"type":["string","number"],"maxLength":3},"minItems":1,"properties":{"b":{"type":"boolean"}},"required":["b"]}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["string","null"],"anyOf":[{"minLength":2},{"const":"x"}],"title":"t"}}}"#,
            r##"{"type":"object","properties":{"n":{"$ref":"#/$defs/node"}},"$defs":{"node":{"type":["object","null"],"properties":{"next":{"$ref":"#/$defs/node"}}}}}"##,
            r#"{"type":"object","properties":{"a":{"type":["boolean","array"],"prefixItems":[{"type":["integer","string"]}],"items":false,"enum":[true,[1],["x"]]}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["object","string"],"additionalProperties":{"type":["integer","null"],"maximum":3},"maxLength":2}},"required":["a"]}"#,
        ] {
            written += same_verdicts(schema, schema, &plain.0, &plain.1);
            written += same_verdicts(schema, schema, &nullable.0, &nullable.1);
            written_openapi += same_verdicts(schema, schema, &openapi.0, &openapi.1);
        }
        assert!(written >= 26, "{written}");
        // Where the target takes them, unevaluatedProperties beside an allOf
        // (it must see the allOf's properties), and a union refusing null.
        let accepted = ["allOf", "oneOf", "unevaluatedProperties", "unevaluatedItems", "const", "pattern"];
        for schema in [
            r#"{"type":"object","properties":{"a":{"type":["object","null"],"allOf":[{"properties":{"x":{"type":"string"}}}],"properties":{"y":{"type":"integer"}},"unevaluatedProperties":false}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["object","null"],"properties":{"y":{"type":"integer"}},"unevaluatedProperties":false}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["array","string"],"oneOf":[{"prefixItems":[{"type":"integer"}]},{"pattern":"^a"}],"unevaluatedItems":false}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["string","null","boolean"],"anyOf":[{"type":"string","minLength":2},{"type":"boolean"}]}}}"#,
            r#"{"type":"object","properties":{"a":{"type":["string","null"],"allOf":[{"anyOf":[{"const":"abc"},{"type":"integer"}]}]}}}"#,
        ] {
            let with = profile_with(true, false, true, &accepted);
            written += same_verdicts(schema, schema, &with, &profile_with(false, false, true, &accepted));
        }
        assert!(written >= 31 && written_openapi >= 14, "{written} {written_openapi}");
    }
}
