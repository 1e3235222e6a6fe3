//! Provider budgets: the most one converted schema, or one request's tools,
//! may hold, as each vendor documents it (`limits` in `profiles/*.json`,
//! every limit with its date and source). `downconvert` refuses a schema
//! over a per-schema limit (`OLP005`); `budget` measures a whole request's
//! tools for one target and says which limits the set is over, and by how
//! much.

use super::out::Out;
use crate::json::{write_items, write_members};

/// Whether a limit holds for one schema or for all the tools of a request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    Schema,
    Request,
}

impl Scope {
    pub fn as_str(self) -> &'static str {
        match self {
            Scope::Schema => "schema",
            Scope::Request => "request",
        }
    }
}

/// One documented limit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limit {
    /// What is counted (see [`MEASURES`]).
    pub name: String,
    pub scope: Scope,
    /// The most allowed.
    pub allowed: u64,
    /// `enumStringLength`: the limit holds for enums of more than this many values.
    pub over: Option<u64>,
    pub source: String,
}

/// What a limit can count, and how each is said.
pub const MEASURES: &[(&str, &str)] = &[
    ("tools", "strict tools"),
    ("declarations", "tools, strict or not"),
    ("optionalParameters", "optional parameters"),
    ("unions", "parameters with a union type (anyOf or a type list)"),
    ("properties", "object properties"),
    ("nesting", "levels of object nesting"),
    ("enumValues", "enum values"),
    ("stringLength", "characters of property names, definition names, enum values and const values"),
    ("enumStringLength", "characters of string values in one enum"),
];

/// A limit a schema, or a request's tools, is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OverLimit {
    pub limit: String,
    pub scope: Scope,
    pub allowed: u64,
    pub measured: u64,
    /// The tool (its index in the request) for a per-schema limit.
    pub tool: Option<usize>,
    /// The limit, the count and the vendor's source, for a person.
    pub message: String,
}

/// The counts of one converted schema.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Measure {
    pub properties: u64,
    pub optional_parameters: u64,
    pub unions: u64,
    pub nesting: u64,
    pub enum_values: u64,
    pub string_length: u64,
    /// The largest total of string lengths of one enum with more than the
    /// `enumStringLength` threshold of values.
    pub large_enum_length: u64,
}

impl Measure {
    /// The count a limit named `name` is about.
    pub fn of(&self, name: &str, tools: u64) -> Option<u64> {
        Some(match name {
            "tools" | "declarations" => tools,
            "optionalParameters" => self.optional_parameters,
            "unions" => self.unions,
            "properties" => self.properties,
            "nesting" => self.nesting,
            "enumValues" => self.enum_values,
            "stringLength" => self.string_length,
            "enumStringLength" => self.large_enum_length,
            _ => return None,
        })
    }

    /// Counts of several schemas together (a request): sums, and the
    /// deepest nesting and largest enum.
    pub fn add(&mut self, other: &Measure) {
        self.properties += other.properties;
        self.optional_parameters += other.optional_parameters;
        self.unions += other.unions;
        self.enum_values += other.enum_values;
        self.string_length += other.string_length;
        self.nesting = self.nesting.max(other.nesting);
        self.large_enum_length = self.large_enum_length.max(other.large_enum_length);
    }
}

fn chars(s: &str) -> u64 {
    crate::json::char_count(s) as u64
}

/// Counts a converted schema: every schema position is visited once (a
/// reference is not followed; its definition is counted where it is).
/// `large_enum`: the number of values past which one enum's string length
/// is counted.
pub fn measure(schema: &Out<'_>, large_enum: u64) -> Measure {
    write_measured(schema, large_enum, &mut String::new())
}

/// Writes a converted schema as [`Out::write`] writes it, and counts it as
/// [`measure`] does, in one walk: a conversion makes one pass over its
/// result rather than two. Each pass over a tree decides again on every
/// member's keyword, and a schema met once pays for those decisions more
/// than for the instructions (bench/README.md, "Downconverting the real
/// schemas for OpenAI").
pub fn write_measured(schema: &Out<'_>, large_enum: u64, out: &mut String) -> Measure {
    let mut m = Measure::default();
    visit(schema, 0, large_enum, &mut m, 0, out);
    m
}

fn visit(v: &Out<'_>, objects: u64, large_enum: u64, m: &mut Measure, depth: usize, out: &mut String) {
    let Out::Object(members) = v else { return v.write(out) };
    if depth > super::convert::MAX_DEPTH * 4 {
        return v.write(out);
    }
    // What the node says of itself, in one pass over its members.
    let (mut is_object, mut union) = (false, false);
    let mut required: &[Out<'_>] = &[];
    for (k, sub) in members {
        match (&**k, sub) {
            ("properties", _) => is_object = true,
            ("anyOf", _) => union = true,
            ("type", Out::Array(ts)) => union |= ts.len() > 1,
            ("required", Out::Array(names)) => required = names,
            _ => {}
        }
    }
    let level = objects + u64::from(is_object);
    m.nesting = m.nesting.max(level);
    m.unions += u64::from(union);
    write_members(members, out, |sub, k, out| match (k, sub) {
        ("properties", Out::Object(props)) => {
            // `required` mostly names the properties in their order (a
            // conversion for a target that requires all of them writes
            // it so).
            let mut next = 0;
            write_members(props, out, |s, name, out| {
                m.properties += 1;
                m.string_length += chars(name);
                let listed = super::convert::listed_in_order(required, &mut next, |r| r.as_str() == Some(name));
                m.optional_parameters += u64::from(!listed);
                visit(s, level, large_enum, m, depth + 1, out);
            });
        }
        ("$defs" | "definitions", Out::Object(defs)) => {
            write_members(defs, out, |s, name, out| {
                m.string_length += chars(name);
                // A definition is used where it is referred to: counted
                // from the top.
                visit(s, 0, large_enum, m, depth + 1, out);
            });
        }
        ("enum", Out::Array(values)) => {
            m.enum_values += values.len() as u64;
            let text: u64 = values.iter().filter_map(Out::as_str).map(chars).sum();
            m.string_length += text;
            if values.len() as u64 > large_enum {
                m.large_enum_length = m.large_enum_length.max(text);
            }
            sub.write(out);
        }
        ("const", Out::String(s)) => {
            m.string_length += chars(s);
            sub.write(out);
        }
        ("items" | "additionalProperties" | "not" | "contains" | "propertyNames", s) => {
            visit(s, level, large_enum, m, depth + 1, out);
        }
        ("anyOf" | "allOf" | "oneOf" | "prefixItems", Out::Array(list)) => {
            write_items(list, out, |s, out| visit(s, level, large_enum, m, depth + 1, out));
        }
        _ => sub.write(out),
    });
}

/// The limits of `limits` (of `scope`) that `m` is over. `tools`: how many
/// tools the request has; `tool`: which one `m` counts, for a schema's.
pub fn over(
    limits: &[Limit],
    scope: Scope,
    m: &Measure,
    tools: u64,
    tool: Option<usize>,
    target: &str,
) -> Vec<OverLimit> {
    let mut found = Vec::new();
    for limit in limits.iter().filter(|l| l.scope == scope) {
        let Some(measured) = m.of(&limit.name, tools) else { continue };
        if measured <= limit.allowed {
            continue;
        }
        let what = MEASURES.iter().find(|(n, _)| *n == limit.name).map_or(limit.name.as_str(), |(_, w)| w);
        let whose = match (scope, tool) {
            (Scope::Request, _) => "this request has".to_owned(),
            (Scope::Schema, Some(i)) => format!("tool {i} has"),
            (Scope::Schema, None) => "this schema has".to_owned(),
        };
        let condition = match limit.over {
            Some(n) if limit.name == "enumStringLength" => format!(" (in an enum of more than {n} values)"),
            _ => String::new(),
        };
        let per = if scope == Scope::Request { "in one request" } else { "in one schema" };
        found.push(OverLimit {
            limit: limit.name.clone(),
            scope,
            allowed: limit.allowed,
            measured,
            tool,
            message: format!(
                "{target} takes at most {} {what}{condition} {per}; {whose} {measured}, {} over. Source: {}.",
                limit.allowed,
                measured - limit.allowed,
                limit.source
            ),
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(s: &str) -> crate::json::Value {
        crate::json::parse(s, crate::json::ParseLimits { max_bytes: 1 << 20, max_depth: 64 }).unwrap()
    }

    #[test]
    fn counts_what_the_vendors_count() {
        let s = value(
            r##"{"type":"object","properties":{"ab":{"type":["string","null"]},"c":{"type":"object","properties":{"d":{"enum":["xy","z"]}},"required":["d"]},"e":{"anyOf":[{"$ref":"#/$defs/Q"},{"type":"null"}]}},"required":["ab"],"$defs":{"Q":{"type":"object","properties":{"q":{"const":"four"}}}}}"##,
        );
        let m = measure(&Out::of(&s), 1);
        // ab, c, e, d, q.
        assert_eq!(m.properties, 5);
        // c, e at the root; q in Q.
        assert_eq!(m.optional_parameters, 3);
        // ab's type list and e's anyOf.
        assert_eq!(m.unions, 2);
        assert_eq!(m.nesting, 2);
        assert_eq!(m.enum_values, 2);
        // "ab" "c" "e" "d" "q" (6) + "xy" "z" (3) + "Q" (1) + "four" (4).
        assert_eq!(m.string_length, 14);
        assert_eq!(m.large_enum_length, 3);
    }

    #[test]
    fn a_converted_schema_is_written_as_out_writes_it_while_it_is_counted() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/real-tool-schemas/schemas");
        let mut files: Vec<_> =
            std::fs::read_dir(dir).expect("the real schemas").map(|e| e.expect("an entry").path()).collect();
        files.sort();
        assert!(files.len() >= 89, "{}", files.len());
        let mut checked = 0;
        for (target, _) in super::super::BUILT_IN {
            let p = super::super::profile_of(super::super::Target::BuiltIn(target)).expect("a built-in target");
            for file in &files {
                let text = std::fs::read_to_string(file).expect("a schema");
                let Ok(((written, counted), _, _)) = super::super::converted(&p, &text, false, |_, out| {
                    let mut written = String::new();
                    let counted = write_measured(out, 1, &mut written);
                    ((written, out.to_json()), (counted, measure(out, 1)))
                }) else {
                    continue;
                };
                assert_eq!(written.0, written.1, "{target}: {}", file.display());
                assert_eq!(counted.0, counted.1, "{target}: {}", file.display());
                checked += 1;
            }
        }
        assert!(checked >= 12 * 80, "{checked}");
    }

    #[test]
    fn a_value_that_is_not_a_schema_object_is_written_and_not_counted() {
        for text in ["true", "[]", r#"{"anyOf":true,"properties":[1],"enum":{"a":1},"const":2,"x":{"properties":{}}}"#]
        {
            let v = value(text);
            let out = Out::of(&v);
            let mut written = String::new();
            let m = write_measured(&out, 1, &mut written);
            assert_eq!(written, v.to_json(), "{text}");
            let expected = if text.starts_with('{') {
                // `properties` (not an object here) still makes it an object
                // schema, and `anyOf` a union; nothing else is counted.
                Measure { nesting: 1, unions: 1, ..Measure::default() }
            } else {
                Measure::default()
            };
            assert_eq!(m, expected, "{text}");
        }
    }

    #[test]
    fn over_says_by_how_much() {
        let limits = vec![Limit {
            name: "tools".into(),
            scope: Scope::Request,
            allowed: 20,
            over: None,
            source: "the docs".into(),
        }];
        let found = over(&limits, Scope::Request, &Measure::default(), 23, None, "anthropic");
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].allowed, found[0].measured), (20, 23));
        assert!(found[0].message.contains("at most 20 strict tools in one request"), "{}", found[0].message);
        assert!(found[0].message.contains("this request has 23, 3 over"), "{}", found[0].message);
        assert!(over(&limits, Scope::Request, &Measure::default(), 20, None, "anthropic").is_empty());
    }
}
