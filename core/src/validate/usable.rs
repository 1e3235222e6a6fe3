//! A quick proof that a schema compiles, for the operations that read a
//! schema without validating against it (downconvert, budget).
//!
//! [`Validator::compile`](super::Validator::compile) checks a schema against
//! its meta-schema, follows its references for loops and fan-out, and builds
//! the validation program, whose building also resolves every reference and
//! compiles every pattern. A conversion needs only the verdict. For the
//! schemas tools have (one resource, local references, the 2020-12
//! keywords) one walk over the parsed value gives it: each keyword's value
//! has the form the 2020-12 meta-schema asks for, each `$ref` names a
//! schema in the document (one a keyword holds, or one under a member of no
//! meaning such as `#/components/schemas/A`, walked too), each pattern
//! compiles, and the in-place subschemas stay within the expansion limit.
//!
//! The walk proves acceptance only. Whatever it cannot prove cheaply (an
//! `$id`, a reference to an anchor, a dynamic reference, a `$schema` other than 2020-12 or
//! draft 7, a number written with a fraction where a count goes) it leaves
//! to the compiler, which also words
//! every refusal: the answer is always the compiler's. `tests`: every schema
//! of the JSON-Schema-Test-Suite (also read as draft 7), the real tool
//! schemas and the downconvert vectors that the walk proves is one the
//! compiler accepts.

use super::ecma::Pattern;
use super::uri;
use crate::applicators::{Holds, holds};
use crate::json::Value;

/// The drafts the walk reads: 2020-12 (also with no `$schema`) and draft 7,
/// the draft generators such as zod-to-json-schema write.
const META_2020: &str = "https://json-schema.org/draft/2020-12/schema";
const META_7: &[&str] = &["http://json-schema.org/draft-07/schema#", "http://json-schema.org/draft-07/schema"];

/// Keywords whose schemas apply to the same instance (the in-place edges the
/// expansion limit counts, as `refcheck` has them).
fn in_place(k: &str) -> bool {
    matches!(k, "not" | "if" | "then" | "else" | "allOf" | "anyOf" | "oneOf" | "dependentSchemas")
}

/// The seven type names.
fn is_type_name(s: &str) -> bool {
    matches!(s, "array" | "boolean" | "integer" | "null" | "number" | "object" | "string")
}

/// Whether `root` (parsed, with its draft-07 spellings mapped or not: one
/// that names no `$schema` and still has them is never proven) is proven to
/// compile with the default options: `true` only when
/// [`Validator::compile`](super::Validator::compile) accepts it.
#[cfg(test)]
pub(crate) fn proven(root: &Value) -> bool {
    proof(root).is_some()
}

/// [`proven`], and if so whether any schema the walk visits has a `$ref`
/// (`Some(false)`: no schema of `root` refers to another).
pub(crate) fn proof(root: &Value) -> Option<bool> {
    let mut walk = Walk::new(root);
    walk.schema(root, true)?;
    // The schemas references name where no keyword holds one, each walked
    // once, one after another (not from inside the walk that met the
    // reference: a chain of them is no deeper a recursion than one).
    let (mut next, mut walked) = (0, std::collections::HashSet::new());
    while let Some(&target) = walk.outside.get(next) {
        next += 1;
        if walked.insert(std::ptr::from_ref(target) as usize) {
            walk.schema(target, false)?;
        }
    }
    if !walk.refs {
        // No reference: the in-place weights above are refcheck's, and
        // within the limit.
        return Some(false);
    }
    (walk.plainly_bounded(super::MAX_REF_EXPANSION) || super::refcheck::bounded(root, super::MAX_REF_EXPANSION))
        .then_some(true)
}

struct Walk<'v> {
    root: &'v Value,
    /// The root names draft 7: its own spellings of tuples and dependencies
    /// are read too. (A keyword draft 7 does not have, such as `$defs`, is
    /// held to 2020-12's form, which the compiler never refuses.)
    draft7: bool,
    /// A `$ref` was seen: refcheck decides loops and fan-out.
    refs: bool,
    backtrack_limit: u64,
    /// The object schemas visited, and the `$ref`s.
    objects: u64,
    references: u64,
    /// Every `$ref` names an object schema, by a fragment with no `%`, and
    /// no `$ref` is in that schema or in its in-place subschemas.
    plain_targets: bool,
    /// The schemas `refers_in_place` may still read, in all.
    in_place_budget: u64,
    /// The schemas references name that the walk does not visit where they
    /// are (under a keyword of no meaning: `#/components/schemas/A`), to walk
    /// after the document, each once.
    outside: Vec<&'v Value>,
    /// The members of large objects by name, for references to find theirs.
    members: super::compile::MemberIndex<'v>,
}

/// What a pointer's next segment names, walking down from a schema.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Expect {
    Keyword,
    Index,
    Name,
}

/// The most schemas one proof reads to see that its references' targets
/// refer no further (past it, refcheck decides).
const IN_PLACE_BUDGET: u64 = 4096;

impl<'v> Walk<'v> {
    fn new(root: &'v Value) -> Walk<'v> {
        Walk {
            root,
            draft7: root.get("$schema").and_then(Value::as_str).is_some_and(|s| META_7.contains(&s)),
            refs: false,
            backtrack_limit: super::Limits::default().regex_backtrack_limit as u64,
            objects: 0,
            references: 0,
            plain_targets: true,
            in_place_budget: IN_PLACE_BUDGET,
            outside: Vec::new(),
            members: Default::default(),
        }
    }

    /// Walks one schema: its in-place weight (itself and what its in-place
    /// subschemas weigh, as refcheck counts them: a boolean schema weighs
    /// nothing), or `None` when it is not proven.
    fn schema(&mut self, v: &Value, at_root: bool) -> Option<u64> {
        let members = match v {
            Value::Bool(_) => return Some(0),
            Value::Object(m) => m,
            _ => return None,
        };
        self.objects += 1;
        let mut weight = 1u64;
        for (k, sub) in members {
            let k = k.as_str();
            let in_place = in_place(k);
            let w = match k {
                "$schema" => (at_root
                    && sub.as_str().is_some_and(|s| s == META_2020 || (self.draft7 && META_7.contains(&s))))
                .then_some(0)?,
                "items" if self.draft7 && matches!(sub, Value::Array(_)) => {
                    for item in sub.as_array().filter(|items| !items.is_empty())? {
                        self.schema(item, false)?;
                    }
                    0
                }
                "additionalItems" if self.draft7 => self.schema(sub, false)?,
                "dependencies" if self.draft7 => {
                    for (_, dep) in sub.as_object()? {
                        if !names(dep) {
                            self.schema(dep, false)?;
                        }
                    }
                    0
                }
                "$ref" => {
                    self.reference(sub.as_str()?)?;
                    0
                }
                // A name the meta-schema allows. (A reference to it is left
                // to the compiler, as every reference that is not a pointer.)
                "$anchor" => anchor_name(sub).then_some(0)?,
                "$comment" | "title" | "description" | "format" | "contentEncoding" | "contentMediaType" => {
                    sub.as_str().map(|_| 0)?
                }
                "type" => type_names(sub).then_some(0)?,
                "enum" | "examples" => sub.as_array().map(|_| 0)?,
                "const" | "default" => 0,
                "multipleOf" => positive(sub).then_some(0)?,
                "maximum" | "minimum" | "exclusiveMaximum" | "exclusiveMinimum" => {
                    matches!(sub, Value::Number(_)).then_some(0)?
                }
                "maxLength" | "minLength" | "maxItems" | "minItems" | "maxContains" | "minContains"
                | "maxProperties" | "minProperties" => count(sub).then_some(0)?,
                "pattern" => self.pattern(sub.as_str()?).then_some(0)?,
                "uniqueItems" | "deprecated" | "readOnly" | "writeOnly" => {
                    matches!(sub, Value::Bool(_)).then_some(0)?
                }
                "required" => names(sub).then_some(0)?,
                "dependentRequired" => sub.as_object()?.iter().all(|(_, list)| names(list)).then_some(0)?,
                k => match holds(k) {
                    Holds::One => self.schema(sub, false)?,
                    Holds::List => {
                        let items = sub.as_array().filter(|items| !items.is_empty())?;
                        let mut sum = 0u64;
                        for item in items {
                            sum = sum.saturating_add(self.schema(item, false)?);
                        }
                        sum
                    }
                    Holds::Map => {
                        let mut sum = 0u64;
                        for (name, item) in sub.as_object()? {
                            if k == "patternProperties" && !self.pattern(name) {
                                return None;
                            }
                            sum = sum.saturating_add(self.schema(item, false)?);
                        }
                        sum
                    }
                    Holds::Other => match k {
                        // Left to the compiler: more than one resource, dynamic
                        // scopes, the other drafts' spellings, and keywords
                        // whose subschemas the program does not compile.
                        "$id" | "$dynamicRef" | "$dynamicAnchor" | "$vocabulary" | "$recursiveRef"
                        | "$recursiveAnchor" | "contentSchema" | "additionalItems" | "dependencies" => return None,
                        // Any other keyword is an annotation of no meaning.
                        _ => 0,
                    },
                },
            };
            if in_place {
                weight = weight.saturating_add(w);
            }
        }
        // Past the limit refcheck refuses it (when there are references,
        // refcheck itself is asked).
        (self.refs || weight <= super::MAX_REF_EXPANSION).then_some(weight)
    }

    /// A `$ref` to a pointer inside the document, naming a schema: one the
    /// walk visits, or one it walks after the document.
    fn reference(&mut self, r: &str) -> Option<()> {
        let fragment = r.strip_prefix('#')?;
        if !(fragment.is_empty() || fragment.starts_with('/')) || !fragment.bytes().all(plain_fragment_byte) {
            return None;
        }
        let pointer = uri::percent_decode(fragment);
        let root = self.root;
        let mut at = root;
        // Whether `at` is a schema the walk visits: a pointer that
        // alternates a schema, a keyword holding schemas, then (for a list
        // or a map) an index or a name, then a schema.
        let (mut visited, mut expect) = (true, Expect::Keyword);
        for seg in uri::pointer_segments(&pointer)? {
            at = match at {
                Value::Object(_) => super::compile::member(at, &seg, &mut self.members)?,
                Value::Array(items) => {
                    if seg.is_empty()
                        || (seg.len() > 1 && seg.starts_with('0'))
                        || !seg.bytes().all(|b| b.is_ascii_digit())
                    {
                        return None;
                    }
                    items.get(seg.parse::<usize>().ok()?)?
                }
                _ => return None,
            };
            expect = match expect {
                Expect::Keyword if holds(&seg) == Holds::One => Expect::Keyword,
                Expect::Keyword if holds(&seg) == Holds::List => Expect::Index,
                Expect::Keyword if holds(&seg) == Holds::Map => Expect::Name,
                Expect::Index if matches!(at, Value::Object(_) | Value::Bool(_)) => Expect::Keyword,
                Expect::Name => Expect::Keyword,
                _ => {
                    visited = false;
                    Expect::Keyword
                }
            };
        }
        if !matches!(at, Value::Object(_) | Value::Bool(_)) {
            return None;
        }
        self.refs = true;
        self.references += 1;
        if !visited || expect != Expect::Keyword {
            // A schema the walk does not visit where it is (under a keyword
            // of no meaning: `#/components/schemas/A`) is compiled as the
            // schema it is, and refcheck's graph takes it in as one: walked
            // too, once, and its references' loops and fan-out left to
            // refcheck.
            self.outside.push(at);
            self.plain_targets = false;
            return Some(());
        }
        if self.plain_targets
            && (fragment.contains('%')
                || !matches!(at, Value::Object(_))
                || refers_in_place(at, &mut self.in_place_budget))
        {
            self.plain_targets = false;
        }
        Some(())
    }

    /// Whether, after a walk that proved the schema, refcheck's verdict is
    /// sure to be "bounded" without building its graph: every reference names
    /// an object schema from which no chain of in-place subschemas reaches
    /// another reference, so no loop can close (a loop needs a second
    /// reference to come back up the tree); and each schema's expansion is
    /// at most the schemas' count for itself and the same for each
    /// reference, within `limit`. Otherwise refcheck is asked.
    fn plainly_bounded(&self, limit: u64) -> bool {
        self.plain_targets && self.objects.saturating_mul(self.references.saturating_add(1)) <= limit
    }

    fn pattern(&self, source: &str) -> bool {
        Pattern::compiles(source, self.backtrack_limit)
    }
}

/// Whether `v` or a subschema it applies in place (`not`, `if`, `then`,
/// `else`, `allOf`, `anyOf`, `oneOf`, `dependentSchemas`, as refcheck's edges
/// go) has a `$ref` or `$dynamicRef`; also `true` once `budget` schemas have
/// been read (so that many references to a large target cost no more than
/// refcheck).
fn refers_in_place(v: &Value, budget: &mut u64) -> bool {
    let Value::Object(members) = v else { return false };
    if *budget == 0 {
        return true;
    }
    *budget -= 1;
    members.iter().any(|(k, sub)| match k.as_str() {
        "$ref" | "$dynamicRef" => true,
        k if in_place(k) => match holds(k) {
            Holds::One => refers_in_place(sub, budget),
            Holds::List => sub.as_array().is_some_and(|items| items.iter().any(|s| refers_in_place(s, budget))),
            Holds::Map => sub.as_object().is_some_and(|map| map.iter().any(|(_, s)| refers_in_place(s, budget))),
            Holds::Other => false,
        },
        _ => false,
    })
}

/// A byte a fragment keeps as it is when resolved against the base URI:
/// RFC 3986's `pchar` (with `%`, decoded after) and `/`.
fn plain_fragment_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/%".contains(&b)
}

/// An `$anchor`'s value as the 2020-12 meta-schema has it:
/// `^[A-Za-z_][-A-Za-z0-9._]*$`.
fn anchor_name(v: &Value) -> bool {
    v.as_str().is_some_and(|s| {
        let mut bytes = s.bytes();
        bytes.next().is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
            && bytes.all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
    })
}

/// `type`: one type name, or a non-empty list of distinct ones.
fn type_names(v: &Value) -> bool {
    match v {
        Value::String(s) => is_type_name(s),
        Value::Array(items) => {
            !items.is_empty()
                && items
                    .iter()
                    .enumerate()
                    .all(|(i, t)| t.as_str().is_some_and(is_type_name) && !items[..i].contains(t))
        }
        _ => false,
    }
}

/// A list of distinct strings (`required`, `dependentRequired`'s lists).
fn names(v: &Value) -> bool {
    let Some(items) = v.as_array() else { return false };
    let mut seen = crate::json::KeyBits::default();
    for (i, n) in items.iter().enumerate() {
        let Value::String(s) = n else { return false };
        if seen.may_repeat(s) && items[..i].contains(n) {
            return false;
        }
    }
    true
}

/// A count written as plain digits (other integral forms, `2.0` or `1e1`,
/// are left to the compiler).
fn count(v: &Value) -> bool {
    matches!(v, Value::Number(n) if n.as_str().bytes().all(|b| b.is_ascii_digit()))
}

/// A number above zero (`multipleOf`): not negative, with a digit other than
/// 0 before any exponent.
fn positive(v: &Value) -> bool {
    let Value::Number(n) = v else { return false };
    let text = n.as_str();
    let mantissa = text.split(['e', 'E']).next().unwrap_or("");
    !text.starts_with('-') && mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{self, ParseLimits};
    use crate::validate::{Options, Validator};

    fn parsed(text: &str) -> Value {
        let mut v = json::parse(text, ParseLimits { max_bytes: usize::MAX, max_depth: 512 }).expect("JSON");
        crate::validate::legacy::normalize(&mut v);
        v
    }

    /// Every schema in `dir`'s JSON files: the files of the suite hold
    /// groups with a `schema` each, the others are a schema, or cases with
    /// one.
    fn schemas_in(dir: &str, found: &mut Vec<(String, String)>) {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(dir);
        let mut files: Vec<_> = std::fs::read_dir(&root).expect(dir).map(|e| e.expect("entry").path()).collect();
        files.sort();
        fn collect(name: &str, v: &Value, found: &mut Vec<(String, String)>) {
            match v {
                Value::Array(items) => items.iter().for_each(|i| collect(name, i, found)),
                Value::Object(members) => {
                    for (k, sub) in members {
                        match k.as_str() {
                            "schema" | "tool" => found.push((name.to_owned(), sub.to_json())),
                            "cases" | "groups" => collect(name, sub, found),
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        for f in files.into_iter().filter(|f| f.extension().is_some_and(|e| e == "json")) {
            let text = std::fs::read_to_string(&f).expect("read");
            let name = f.file_name().unwrap_or_default().to_string_lossy().into_owned();
            let v = json::parse(&text, ParseLimits { max_bytes: usize::MAX, max_depth: 512 }).expect("JSON");
            if dir.ends_with("schemas") {
                found.push((name, text));
            } else {
                collect(&name, &v, found);
            }
        }
    }

    /// Every schema of the suite, the real schemas and the downconvert vectors.
    fn every_schema() -> Vec<(String, String)> {
        let mut all = Vec::new();
        for dir in ["tests/suite/draft2020-12", "tests/real-tool-schemas/schemas", "tests/vectors/downconvert"] {
            schemas_in(dir, &mut all);
        }
        all
    }

    /// A list of names (`required`) is one of distinct strings: refused with
    /// a name repeated at any place, kept with names that share the bit the
    /// check keeps (the same length, first and last bytes) but differ.
    #[test]
    fn names_are_distinct_strings() {
        let list = |names: &[&str]| {
            parsed(&format!("[{}]", names.iter().map(|n| format!("{n:?}")).collect::<Vec<_>>().join(",")))
        };
        let distinct = ["axb", "ayb", "a", "type", "tyXe", "", "é"];
        assert_eq!(crate::json::key_bit("axb"), crate::json::key_bit("ayb"));
        assert!(names(&list(&distinct)));
        for at in 0..distinct.len() {
            for again in at + 1..=distinct.len() {
                let mut repeated = distinct.to_vec();
                repeated.insert(again, distinct[at]);
                assert!(!names(&list(&repeated)), "{repeated:?}");
            }
        }
        assert!(!names(&parsed(r#"["a",1]"#)));
        assert!(!names(&parsed(r#"{"a":1}"#)));
        assert!(names(&parsed("[]")));
    }

    /// The walk's one promise: a schema it proves is one the compiler accepts.
    #[test]
    fn every_schema_proven_usable_is_one_the_compiler_accepts() {
        let mut all = every_schema();
        assert!(all.len() > 500, "only {} schemas found", all.len());
        // Each object schema again, read as draft 7.
        let as_draft7: Vec<(String, String)> = all
            .iter()
            .filter_map(|(n, t)| {
                let Value::Object(mut members) = parsed(t) else { return None };
                members.retain(|(k, _)| k != "$schema");
                members.insert(0, ("$schema".into(), Value::String(META_7[0].into())));
                Some((format!("{n} (draft 7)"), Value::Object(members).to_json()))
            })
            .collect();
        assert!(as_draft7.len() > 300, "{} read as draft 7", as_draft7.len());
        all.extend(as_draft7);
        let (mut proven_count, mut wrong) = (0, Vec::new());
        for (name, text) in &all {
            let v = parsed(text);
            if proven(&v) {
                proven_count += 1;
                if let Err(d) = Validator::compile(text, Options::default()) {
                    wrong.push(format!("{name}: {text}: {}", d[0].message));
                }
            }
        }
        assert!(wrong.is_empty(), "proven, but refused:\n{}", wrong.join("\n"));
        // The walk is what conversion relies on: it proves most schemas.
        assert!(proven_count * 10 > all.len() * 7, "{proven_count} of {} proven", all.len());
    }

    /// Whether the compiled program of `text` has no reference loop and no
    /// fan-out past `limit`.
    fn program_bounded(text: &str, limit: u64) -> bool {
        let settings = crate::validate::compile::Settings { assert_formats: false, backtrack_limit: 1_000 };
        let Ok(program) = crate::validate::compile::compile(&parsed(text), settings) else { return false };
        crate::validate::refcheck::program_loop(&program).is_none()
            && crate::validate::refcheck::program_expansion(&program, limit).is_none()
    }

    #[test]
    fn the_real_tool_schemas_are_proven() {
        let mut real = Vec::new();
        schemas_in("tests/real-tool-schemas/schemas", &mut real);
        let left: Vec<&str> = real.iter().filter(|(_, t)| !proven(&parsed(t))).map(|(n, _)| n.as_str()).collect();
        assert!(left.is_empty(), "{left:?}");
        assert!(real.iter().any(|(_, t)| t.contains("#/components/")));
    }

    /// References to places no keyword holds (`#/components/…`, a member
    /// of no meaning, a `default`'s value): their targets are walked as
    /// schemas, once, after the document, and refcheck's graph takes them
    /// in. Proven exactly where the compiler accepts, with loops and
    /// fan-outs through them refused; a long chain of them is no deeper a
    /// recursion.
    #[test]
    fn references_outside_the_keywords_are_proven_as_the_compiler_accepts_them() {
        let chain = |n: usize| {
            let defs: Vec<String> = (0..n)
                .map(|i| format!(r##""a{i}":{{"$ref":"#/components/a{}","description":"{i}"}}"##, i + 1))
                .collect();
            format!(r##"{{"$ref":"#/components/a0","components":{{{},"a{n}":{{"type":"string"}}}}}}"##, defs.join(","))
        };
        let fan = |n: usize| {
            let defs: Vec<String> = (0..n)
                .map(|i| format!(r##""f{i}":{{"anyOf":[{{"$ref":"#/x/f{0}"}},{{"$ref":"#/x/f{0}"}}]}}"##, i + 1))
                .collect();
            format!(r##"{{"$ref":"#/x/f0","x":{{{},"f{n}":{{}}}}}}"##, defs.join(","))
        };
        let cases = [
            (r##"{"allOf":[{"$ref":"#/components/schemas/Outer"}],"components":{"schemas":{"Outer":{"$ref":"#/components/schemas/Inner"},"Inner":{"type":"object"}}}}"##.to_owned(), true),
            (r##"{"properties":{"a":{"$ref":"#/properties/a/x-extra","x-extra":{"properties":{"c":{"type":"integer"}}}},"b":{"$ref":"#/properties/a/x-extra/properties/c"}}}"##.to_owned(), true),
            (r##"{"properties":{"a":{"default":{"type":"string"}},"b":{"$ref":"#/properties/a/default"}}}"##.to_owned(), true),
            (r##"{"$ref":"#/components/a","components":{"a":{"$ref":"#/components/a"}}}"##.to_owned(), false),
            (r##"{"$ref":"#/components/a","components":{"a":{"anyOf":[{"$ref":"#/components/b"}]},"b":{"not":{"$ref":"#/components/a"}}}}"##.to_owned(), false),
            (r##"{"$ref":"#/components/a","components":{"a":{"type":5}}}"##.to_owned(), false),
            (r##"{"$ref":"#/components/a","components":{"a":{"properties":{"n":{"$ref":"#/components/a"}}}}}"##.to_owned(), true),
            (fan(10), true),
            (fan(16), false),
            (chain(3_000), true),
        ];
        for (text, expected) in &cases {
            let start = std::time::Instant::now();
            assert_eq!(proven(&parsed(text)), *expected, "{}", &text[..text.len().min(300)]);
            assert!(start.elapsed() < std::time::Duration::from_secs(1), "{:?}", start.elapsed());
            let compiled = Validator::compile(text, Options::default()).is_ok();
            assert!(compiled || !expected, "proven but refused: {}", &text[..text.len().min(300)]);
            if !expected && text.contains("\"$ref\":\"#/components/a\"}}}") {
                assert!(!compiled, "{text}");
            }
        }
    }

    #[test]
    fn an_anchor_is_proven_when_its_name_is_one_the_meta_schema_allows() {
        for (schema, is_proven) in [
            (r#"{"$defs":{"a":{"$anchor":"addressDef","type":"string"}}}"#, true),
            (r#"{"$anchor":"_a.b-c9"}"#, true),
            (r#"{"$anchor":"9a"}"#, false),
            (r#"{"$anchor":"a b"}"#, false),
            (r#"{"$anchor":""}"#, false),
            (r#"{"$anchor":5}"#, false),
            // A reference to an anchor is the compiler's to resolve.
            (r##"{"$defs":{"a":{"$anchor":"a"}},"$ref":"#a"}"##, false),
        ] {
            assert_eq!(proven(&parsed(schema)), is_proven, "{schema}");
            if !is_proven && !schema.contains("\"#a\"") {
                assert!(Validator::compile(schema, Options::default()).is_err(), "{schema}");
            }
        }
    }

    /// The walk's reference check is refcheck's, on every schema it reads.
    #[test]
    fn the_reference_check_agrees_with_refcheck() {
        let all = every_schema();
        let (mut compared, mut refused) = (0, 0);
        for (name, text) in &all {
            if ["$id", "$anchor", "$dynamicAnchor"].iter().any(|k| text.contains(k)) {
                continue;
            }
            let v = parsed(text);
            let bounded = crate::validate::refcheck::bounded(&v, 3);
            match crate::validate::refcheck::references(&v, 3) {
                // References to places no keyword holds, or to boolean
                // schemas: bounded only if the compiled program is.
                crate::validate::refcheck::References::Unfollowed => {
                    assert!(!bounded || program_bounded(text, 3), "{name}: {text}");
                }
                exact => {
                    assert_eq!(bounded, exact == crate::validate::refcheck::References::Bounded, "{name}: {text}");
                }
            }
            compared += 1;
            refused += usize::from(!bounded);
        }
        assert!(compared > 400 && refused > 20, "{compared} compared, {refused} refused");
    }

    /// Where the walk finds the references plainly bounded, refcheck finds
    /// them bounded too, at the expansion limit and at small ones; most real
    /// schemas with references are found so.
    #[test]
    fn references_plainly_bounded_are_bounded() {
        let mut all = every_schema();
        // Loops through each in-place keyword, a fan-out, and a recursion
        // through the instance, which is bounded.
        for (i, text) in [
            r##"{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"$ref":"#/$defs/a"}"##,
            r##"{"$defs":{"a":{"allOf":[{"$ref":"#"}]}},"$ref":"#/$defs/a"}"##,
            r##"{"$defs":{"a":{"anyOf":[{"type":"null"},{"not":{"$ref":"#/$defs/a"}}]}},"properties":{"x":{"$ref":"#/$defs/a"}}}"##,
            r##"{"$defs":{"a":{"if":{"$ref":"#/$defs/a"}}},"items":{"$ref":"#/$defs/a"}}"##,
            r##"{"$defs":{"a":{"dependentSchemas":{"k":{"$ref":"#/$defs/a"}}}},"$ref":"#/$defs/a"}"##,
            r##"{"$defs":{"a":{"oneOf":[{"$ref":"#/$defs/b"},{"$ref":"#/$defs/b"}]},"b":{"allOf":[{},{}]}},"$ref":"#/$defs/a"}"##,
            r##"{"$defs":{"t":{"properties":{"c":{"items":{"$ref":"#/$defs/t"}}}}},"$ref":"#/$defs/t"}"##,
        ]
        .into_iter()
        .enumerate()
        {
            all.push((format!("case {i}"), text.to_owned()));
        }
        let (mut plain, mut with_refs) = (0, 0);
        for (name, text) in &all {
            let v = parsed(text);
            let mut walk = Walk::new(&v);
            if walk.schema(&v, true).is_none() || !walk.refs {
                continue;
            }
            with_refs += 1;
            for limit in [1, 3, 10, 50, crate::validate::MAX_REF_EXPANSION] {
                if walk.plainly_bounded(limit) {
                    assert!(crate::validate::refcheck::bounded(&v, limit), "{name} (limit {limit}): {text}");
                    plain += 1;
                }
            }
        }
        assert!(with_refs > 50 && plain > 40, "{plain} plainly bounded of {with_refs}");
        // The real tool schemas with references, nearly all.
        let mut real = Vec::new();
        schemas_in("tests/real-tool-schemas/schemas", &mut real);
        let (mut real_refs, mut real_plain) = (0, 0);
        for (_, text) in &real {
            let v = parsed(text);
            let mut walk = Walk::new(&v);
            if walk.schema(&v, true).is_some() && walk.refs {
                real_refs += 1;
                real_plain += usize::from(walk.plainly_bounded(crate::validate::MAX_REF_EXPANSION));
            }
        }
        assert!(real_refs >= 15 && real_plain * 10 >= real_refs * 8, "{real_plain} of {real_refs}");
    }

    /// A reference loop through a place no keyword holds is a loop, found on
    /// the compiled program.
    #[test]
    fn a_loop_through_a_place_no_keyword_holds_is_refused() {
        let text = r##"{"$ref": "#/components/a", "components": {"a": {"$ref": "#/components/a"}}}"##;
        let refused = Validator::compile(text, Options::default()).err().unwrap_or_default();
        assert_eq!(refused.first().map(|d| d.code), Some(crate::diag::Code::Ols005), "{refused:?}");
        let fine = r##"{"properties": {"a": {"$ref": "#/components/a"}}, "components": {"a": {"type": "string"}}}"##;
        assert!(Validator::compile(fine, Options::default()).is_ok());
    }

    /// Schemas the compiler refuses, each for a reason the walk must see.
    #[test]
    fn what_the_compiler_refuses_is_never_proven() {
        let deep_any_of = format!(r#"{{"anyOf": [{}]}}"#, vec!["{}"; 10_001].join(","));
        for text in [
            r#"{"type": "strin"}"#,
            r#"{"type": ["string", "string"]}"#,
            r#"{"type": []}"#,
            r#"{"minLength": -1}"#,
            r#"{"minLength": "1"}"#,
            r#"{"multipleOf": 0}"#,
            r#"{"multipleOf": -2}"#,
            r#"{"required": ["a", "a"]}"#,
            r#"{"required": [1]}"#,
            r#"{"dependentRequired": {"a": ["b", "b"]}}"#,
            r#"{"pattern": "("}"#,
            r#"{"patternProperties": {"[": {}}}"#,
            r#"{"properties": {"a": 1}}"#,
            r#"{"items": [{}], "$schema": "https://json-schema.org/draft/2020-12/schema"}"#,
            r#"{"allOf": []}"#,
            r#"{"anyOf": {}}"#,
            r##"{"$ref": "#/$defs/missing"}"##,
            r##"{"$ref": "#/$defs/a/0", "$defs": {"a": [{}]}}"##,
            r#"{"$ref": "other.json"}"#,
            r##"{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}"##,
            r##"{"$defs": {"a": {"allOf": [{"$ref": "#"}]}}, "$ref": "#/$defs/a"}"##,
            r##"{"$ref": "#/components/a", "components": {"a": {"$ref": "#/components/a"}}}"##,
            r##"{"$ref": "#/components/a", "components": {"a": {"anyOf": [{"$ref": "#/components/b"}]}, "b": {"not": {"$ref": "#/components/a"}}}}"##,
            r#"{"$schema": "https://example.com/unknown"}"#,
            r#"{"$schema": "http://json-schema.org/draft-07/schema#", "items": []}"#,
            r#"{"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": ["b", "b"]}}"#,
            r#"{"$schema": "http://json-schema.org/draft-07/schema#", "dependencies": {"a": 1}}"#,
            r#"{"uniqueItems": "yes"}"#,
            r#"{"title": 1}"#,
            &deep_any_of,
        ] {
            assert!(Validator::compile(text, Options::default()).is_err(), "the compiler accepts {text}");
            assert!(!proven(&parsed(text)), "proven: {text}");
        }
    }

    #[test]
    fn local_references_and_the_usual_keywords_are_proven() {
        for text in [
            "true",
            "{}",
            r#"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#,
            r##"{"$defs": {"a b": {"type": "string"}}, "properties": {"x": {"$ref": "#/$defs/a%20b"}}}"##,
            r##"{"$defs": {"n": {"properties": {"next": {"$ref": "#/$defs/n"}}}}, "$ref": "#/$defs/n"}"##,
            r##"{"properties": {"a": {"items": {"$ref": "#"}}}}"##,
            r#"{"type": ["string", "null"], "minLength": 1, "pattern": "^a+$", "multipleOf": 0.5}"#,
            r#"{"items": [{"type": "string"}], "dependencies": {"a": ["b"]}}"#,
            r#"{"required": [], "enum": [], "x-vendor": {"type": 1}}"#,
            r##"{"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"$ref": "#/definitions/a"}], "additionalItems": false, "definitions": {"a": {}}, "dependencies": {"a": ["b"], "c": {"required": ["d"]}}}"##,
        ] {
            assert!(proven(&parsed(text)), "not proven: {text}");
            assert!(Validator::compile(text, Options::default()).is_ok(), "refused: {text}");
        }
    }

    #[test]
    fn a_proof_says_whether_any_schema_refers() {
        for (text, refers) in [
            ("{}", false),
            (r##"{"properties": {"a": {"type": "string"}}, "x-meta": {"$ref": "#"}}"##, false),
            (r##"{"enum": [{"$ref": "#"}], "default": {"$ref": "#"}}"##, false),
            (r##"{"properties": {"a": {"items": {"$ref": "#"}}}}"##, true),
            (r##"{"$defs": {"n": {"type": "null"}}, "anyOf": [{"$ref": "#/$defs/n"}]}"##, true),
            (r##"{"$defs": {"n": {"$ref": "#/$defs/m"}, "m": {}}}"##, true),
        ] {
            assert_eq!(proof(&parsed(text)), Some(refers), "{text}");
        }
    }

    /// Reading for conversion proves the schema as written first: a schema
    /// proven so has none of the draft-07 spellings reading maps, and the
    /// tree is the one validation reads.
    #[test]
    fn a_schema_proven_as_written_has_no_draft7_spelling_to_map() {
        let mut all = every_schema();
        for text in [
            r#"{"items": [{"type": "string"}], "additionalItems": false}"#,
            r#"{"properties": {"a": {"dependencies": {"b": ["c"], "d": {"required": ["e"]}}}}}"#,
            r#"{"anyOf": [{"items": [true]}, {"additionalItems": {"type": "string"}}]}"#,
        ] {
            all.push(("a draft-07 spelling".into(), text.into()));
        }
        let mut mapped = 0;
        for (name, text) in &all {
            let mut v = parsed(text);
            if proof(&v).is_some() {
                assert!(!crate::validate::legacy::normalize(&mut v), "{name}: {text}");
            }
            if let Ok((read, _)) = Validator::usable_schema(text) {
                let (expected, normalized) = super::super::read_schema(text, Options::default()).unwrap();
                assert_eq!(read, expected, "{name}: {text}");
                mapped += usize::from(normalized);
            }
        }
        assert!(mapped >= 3, "only {mapped} schemas mapped");
    }
}
