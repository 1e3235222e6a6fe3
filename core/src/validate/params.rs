//! What a failed keyword wanted and what came, as values (ajv's `params`,
//! boon's error kinds): every argument error carries one [`Params`], and its
//! message is rendered from it here, by the templates of docs/validation.md.
//! Nothing reads a message back into its parts.

use super::formats;
use crate::json::Value;
use crate::path::Path;

/// A JSON value's type, as the `type` keyword names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JsonType {
    Null,
    Boolean,
    Integer,
    Number,
    String,
    Array,
    Object,
}

impl JsonType {
    /// The `type` keyword's name for it.
    pub fn name(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "boolean",
            JsonType::Integer => "integer",
            JsonType::Number => "number",
            JsonType::String => "string",
            JsonType::Array => "array",
            JsonType::Object => "object",
        }
    }

    /// The type a `type` mask bit stands for.
    pub(crate) fn of_bit(bit: u8) -> JsonType {
        use super::program::types;
        match bit {
            types::NULL => JsonType::Null,
            types::BOOLEAN => JsonType::Boolean,
            types::INTEGER => JsonType::Integer,
            types::NUMBER => JsonType::Number,
            types::STRING => JsonType::String,
            types::ARRAY => JsonType::Array,
            _ => JsonType::Object,
        }
    }

    fn phrase(self) -> &'static str {
        match self {
            JsonType::Null => "null",
            JsonType::Boolean => "a boolean",
            JsonType::Integer => "an integer",
            JsonType::Number => "a number",
            JsonType::String => "a string",
            JsonType::Array => "an array",
            JsonType::Object => "an object",
        }
    }
}

/// The value that came, as an error shows it: its type, and for a string,
/// number, boolean or null its JSON text (a string or number longer than
/// 60 characters cut there, then `…` and its length).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    pub kind: JsonType,
    pub text: Option<String>,
}

impl Shown {
    /// As a type error names it: numbers, booleans and null by value, other
    /// values by kind.
    fn got(&self) -> &str {
        match (self.kind, &self.text) {
            (JsonType::String | JsonType::Array | JsonType::Object, _) | (_, None) => self.kind.phrase(),
            (_, Some(text)) => text,
        }
    }

    /// By value: strings quoted too.
    fn shown(&self) -> &str {
        match (self.kind, &self.text) {
            (JsonType::String, Some(text)) => text,
            _ => self.got(),
        }
    }
}

/// Which limit an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    /// The argument text's length in bytes (`max-argument-bytes`).
    Bytes,
    /// How deep its arrays and objects nest (`max-argument-depth`).
    Depth,
    /// The work budget, in steps.
    Steps,
    /// The errors listed: `count` more were found.
    Errors,
}

/// What a failed keyword wanted and what came. The keyword beside it says
/// which check it was (`minimum` and `maximum` share [`Params::Bound`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Params {
    /// `type`, or an `anyOf`/`oneOf` whose branches differ only in type: the
    /// types allowed (in the order null, boolean, integer, number, string,
    /// array, object) and the value.
    Type { expected: Vec<JsonType>, value: Shown },
    /// `const`: the value wanted, and the value.
    Const { expected: Value, value: Shown },
    /// `enum`: the allowed values (the first 100) and how many more there
    /// are, and the value.
    Enum { allowed: Vec<Value>, more: u64, value: Shown },
    /// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`,
    /// `multipleOf`: the schema's number and the argument, both as written
    /// (the argument cut as [`Shown`] says).
    Bound { limit: String, value: String },
    /// `minLength`, `maxLength` (characters), `minItems`, `maxItems`,
    /// `additionalItems`, `unevaluatedItems` (items), `minProperties`,
    /// `maxProperties` (members): the limit and the count.
    Count { limit: u64, count: u64 },
    /// `pattern`: the pattern and the value.
    Pattern { pattern: String, value: Shown },
    /// `format`, `contentEncoding` (`base64`), `contentMediaType`: the format
    /// or media type, and the value.
    Format { format: String, value: Shown },
    /// `required`, `dependentRequired`, `dependencies`: the member missing,
    /// and the member given whose dependency requires it.
    Required { name: String, given: Option<String> },
    /// `additionalProperties`, `unevaluatedProperties`, `falseSchema` of a
    /// member: the members the object declares (`None`: the member's own
    /// schema is `false`).
    Unexpected { allowed: Option<Vec<String>> },
    /// `uniqueItems`: the indices of two equal items.
    Unique { first: u64, second: u64 },
    /// `contains`, `minContains`, `maxContains`: the item schema and the
    /// count required (1 for `contains`).
    Contains { schema: Option<Value>, limit: u64 },
    /// `not`: the schema the value matched.
    Not { schema: Value },
    /// An item whose schema is `false`: the array takes only its first
    /// `limit` items (`prefixItems`).
    ExtraItem { limit: u64 },
    /// A value whose schema is `false`.
    False,
    /// `anyOf`, `oneOf`: no form matched.
    NoMatch,
    /// `oneOf`: more than one branch matched (their indices, when known).
    ManyMatch { branches: Vec<u64> },
    /// `propertyNames`: a member's name, refused by the check in `inner`
    /// (said of the name; its `value` is the name).
    PropertyName { name: String, inner: Box<Params>, inner_keyword: String },
    /// `pattern`: a match that took more backtracking steps than allowed,
    /// and where (`items[2].code`).
    Backtracking { pattern: String, at: String, steps: u64 },
    /// `limit`: a limit on the arguments or the work was reached.
    Limit { kind: LimitKind, limit: u64, count: u64 },
    /// `json`: the text is not JSON, and why.
    Json { reason: String },
    /// `schema`: the tool's schema is unusable (its diagnostic).
    Schema { code: String, message: String, path: String },
    /// `json`, `tuple`, `pairs`: an answer to a converted schema that cannot
    /// be turned back; `additionalProperties`: arguments no answer to the
    /// converted schema can carry. What the message says of it.
    Conversion { reason: String },
}

/// Most allowed values an `enum` message lists; past them it says how many more.
pub(crate) const ENUM_LISTED: usize = 100;

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `an integer or null`, `a string, an integer or null`: null last.
fn push_types_phrase(out: &mut String, types: &[JsonType]) {
    // At most the seven JSON types, each once.
    let mut names: [&str; 7] = [""; 7];
    let mut n = 0;
    let not_null = types.iter().filter(|t| **t != JsonType::Null);
    for t in not_null.chain(types.iter().filter(|t| **t == JsonType::Null)) {
        let p = t.phrase();
        if n < names.len() && !names[..n].contains(&p) {
            names[n] = p;
            n += 1;
        }
    }
    match &names[..n] {
        [] => out.push_str("of no type"),
        [one] => out.push_str(one),
        [init @ .., last] => {
            for (i, name) in init.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push_str(name);
            }
            out.push_str(" or ");
            out.push_str(last);
        }
    }
}

/// Most characters of a value a message shows.
const SHOWN_CHARS: usize = 60;

/// An allowed value as a list item: strings bare (`Red`), others as JSON.
fn push_listed(out: &mut String, v: &Value) {
    match v {
        Value::String(s) => out.push_str(s),
        other => out.push_str(&compact(other)),
    }
}

/// A value or schema as JSON, cut after 120 characters.
pub(crate) fn compact(v: &Value) -> String {
    let text = v.to_json();
    if text.chars().count() <= 2 * SHOWN_CHARS {
        text
    } else {
        text.chars().take(2 * SHOWN_CHARS).collect::<String>() + "…"
    }
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

/// What the message says of the value at `path` (after `Argument '<path>' `):
/// with `came`, what came too (`, not 500`); without, what was wanted only.
/// `tool_arguments`: the value is a tool's arguments, whose members are its
/// parameters.
pub(crate) fn predicate(params: &Params, keyword: &str, path: &Path, tool_arguments: bool, came: bool) -> String {
    let mut out = String::new();
    push_predicate(&mut out, params, keyword, path, tool_arguments, came);
    out
}

/// [`predicate`], written at the end of `out`: the common cases (type,
/// const, enum) piece by piece, without the formatting machinery (an invalid
/// call renders one per error); the others as one text each.
fn push_predicate(out: &mut String, params: &Params, keyword: &str, path: &Path, tool_arguments: bool, came: bool) {
    let push_not = |out: &mut String, v: &str| {
        if came {
            out.push_str(", not ");
            out.push_str(v);
        }
    };
    let not = |v: &str| if came { format!(", not {v}") } else { String::new() };
    let text = match params {
        // A tool's arguments that are not an object at all.
        Params::Type { expected, value }
            if tool_arguments && path.segments().is_empty() && expected == &[JsonType::Object] =>
        {
            out.push_str("must be a JSON object of named arguments");
            push_not(out, value.got());
            return;
        }
        Params::Type { expected, value } => {
            out.push_str("must be ");
            push_types_phrase(out, expected);
            push_not(out, value.got());
            return;
        }
        Params::Const { expected, value } => {
            out.push_str("must be ");
            out.push_str(&compact(expected));
            push_not(out, value.shown());
            return;
        }
        Params::Enum { allowed, more, value } => {
            out.push_str("must be one of ");
            for (i, v) in allowed.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                push_listed(out, v);
            }
            if *more > 0 {
                out.push_str(" and ");
                out.push_str(&more.to_string());
                out.push_str(" other values");
            }
            push_not(out, value.shown());
            return;
        }
        Params::Bound { limit, value } => {
            let wanted = match keyword {
                "minimum" => "must be at least",
                "maximum" => "must be at most",
                "exclusiveMinimum" => "must be greater than",
                "exclusiveMaximum" => "must be less than",
                _ => "must be a multiple of",
            };
            format!("{wanted} {limit}{}", not(value))
        }
        Params::Count { limit, count } => {
            let n = count.to_string();
            match keyword {
                "minLength" => {
                    format!("must be at least {} long{}", plural(*limit, "character", "characters"), not(&n))
                }
                "maxLength" => format!("must be at most {} long{}", plural(*limit, "character", "characters"), not(&n)),
                "minItems" => format!("must have at least {}{}", plural(*limit, "item", "items"), not(&n)),
                "minProperties" => {
                    format!("must have at least {}{}", plural(*limit, "property", "properties"), not(&n))
                }
                "maxProperties" => format!("must have at most {}{}", plural(*limit, "property", "properties"), not(&n)),
                "unevaluatedItems" => {
                    format!(
                        "must have at most {} that its schema describes{}",
                        plural(*limit, "item", "items"),
                        not(&n)
                    )
                }
                // maxItems, additionalItems
                _ => format!("must have at most {}{}", plural(*limit, "item", "items"), not(&n)),
            }
        }
        Params::Pattern { pattern, value } => format!("must match the pattern {pattern}{}", not(value.shown())),
        Params::Format { format, value } => {
            let wanted = match keyword {
                "contentEncoding" => "base64 text".to_owned(),
                "contentMediaType" => format!("{format} content"),
                _ => formats::phrase(format),
            };
            format!("must be {wanted}{}", not(value.shown()))
        }
        Params::Required { given, .. } => match (keyword, given) {
            (_, Some(t)) => format!("is required when '{}' is given", path.parent().key(t)),
            ("dependentRequired", None) => "is required by another argument that is given".to_owned(),
            _ => "is required".to_owned(),
        },
        Params::Unexpected { allowed: None } => "is not allowed".to_owned(),
        Params::Unexpected { allowed: Some(allowed) } => unknown_member(&path.parent(), allowed, tool_arguments),
        Params::Unique { first, second } => format!("must not repeat an item (items {first} and {second} are equal)"),
        Params::Contains { schema, limit } => {
            let schema = schema.as_ref().map_or_else(|| "its item schema".to_owned(), compact);
            match keyword {
                "maxContains" => {
                    format!("must contain at most {} matching {schema}", plural(*limit, "item", "items"))
                }
                "minContains" => {
                    format!("must contain at least {} matching {schema}", plural(*limit, "item", "items"))
                }
                _ => format!("must contain an item matching {schema}"),
            }
        }
        Params::Not { schema } => format!("must not match {}", compact(schema)),
        Params::ExtraItem { limit } => {
            format!("is not allowed: the array takes at most {}", plural(*limit, "item", "items"))
        }
        Params::False => "is not allowed".to_owned(),
        Params::NoMatch => "does not match any of its allowed forms".to_owned(),
        Params::ManyMatch { branches } => {
            let valid: Vec<String> = branches.iter().map(u64::to_string).collect();
            let which =
                if valid.len() >= 2 { format!(" (oneOf branches {})", valid.join(" and ")) } else { String::new() };
            format!("matches more than one of its allowed forms{which}; it must match exactly one")
        }
        Params::PropertyName { name, inner, inner_keyword } => format!(
            "has a property name {} that is not allowed: it {}",
            crate::json::quote(name),
            predicate(inner, inner_keyword, path, tool_arguments, false)
        ),
        Params::Backtracking { pattern, at, steps } => format!(
            "could not be checked: matching the pattern {pattern} against '{at}' takes more than {steps} backtracking steps"
        ),
        Params::Limit { kind: LimitKind::Bytes, limit, .. } => format!("is longer than the limit of {limit} bytes"),
        Params::Limit { kind: LimitKind::Depth, limit, .. } => {
            format!("nests arrays and objects deeper than the limit of {limit}")
        }
        Params::Limit { kind: LimitKind::Steps, limit, .. } => {
            format!("could not be checked: checking it against the schema takes more than {limit} steps")
        }
        Params::Limit { kind: LimitKind::Errors, limit, count } => format!(
            "has {count} more {} that {} not listed (at most {limit} are)",
            if *count == 1 { "error" } else { "errors" },
            if *count == 1 { "is" } else { "are" }
        ),
        Params::Json { reason } => format!("is not valid JSON: {reason}"),
        Params::Schema { code, message, path } => format!(
            "cannot be checked: the tool's schema is unusable ({code}: {} at {path})",
            message.trim_end_matches('.')
        ),
        Params::Conversion { reason } => reason.clone(),
    };
    out.push_str(&text);
}

/// What a check of the value at `path` wanted, without what came (`must be
/// at most 3 characters long`): the reason a `propertyNames` error gives
/// for a name.
pub fn wanted(params: &Params, keyword: &str, path: &Path) -> String {
    predicate(params, keyword, path, false, false)
}

/// `Argument '<path>' <predicate>.`
/// `Argument '<path>' <predicate>.`; `path_text` is `path` as text.
pub(crate) fn message(params: &Params, keyword: &str, path: &Path, path_text: &str, tool_arguments: bool) -> String {
    let mut message = String::with_capacity(path_text.len() + 64);
    message.push_str("Argument '");
    message.push_str(path_text);
    message.push_str("' ");
    push_predicate(&mut message, params, keyword, path, tool_arguments, true);
    message.push('.');
    message
}

impl Shown {
    fn to_value(&self) -> Value {
        let text = self.text.clone().map_or(Value::Null, Value::String);
        Value::Object(vec![("type".into(), Value::String(self.kind.name().into())), ("text".into(), text)])
    }
}

impl LimitKind {
    pub fn name(self) -> &'static str {
        match self {
            LimitKind::Bytes => "bytes",
            LimitKind::Depth => "depth",
            LimitKind::Steps => "steps",
            LimitKind::Errors => "errors",
        }
    }
}

impl Params {
    /// The case's name, as `kind` says it (`type`, `bound`, `extra-item`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Params::Type { .. } => "type",
            Params::Const { .. } => "const",
            Params::Enum { .. } => "enum",
            Params::Bound { .. } => "bound",
            Params::Count { .. } => "count",
            Params::Pattern { .. } => "pattern",
            Params::Format { .. } => "format",
            Params::Required { .. } => "required",
            Params::Unexpected { .. } => "unexpected",
            Params::Unique { .. } => "unique",
            Params::Contains { .. } => "contains",
            Params::Not { .. } => "not",
            Params::ExtraItem { .. } => "extra-item",
            Params::False => "false-schema",
            Params::NoMatch => "no-match",
            Params::ManyMatch { .. } => "many-match",
            Params::PropertyName { .. } => "property-name",
            Params::Backtracking { .. } => "backtracking",
            Params::Limit { .. } => "limit",
            Params::Json { .. } => "json",
            Params::Schema { .. } => "schema",
            Params::Conversion { .. } => "conversion",
        }
    }

    /// The params as a JSON object (docs/validation.md, "Params"): `kind`,
    /// then the case's fields; a value shown is `{"type", "text"}`, a JSON
    /// value (a `const`, an `enum` member, a schema) its JSON text, an
    /// absent option null. `path` is the error's (a `propertyNames`
    /// reason is said of it).
    pub fn to_value(&self, path: &Path) -> Value {
        let s = |t: &str| Value::String(t.to_owned());
        let n = |n: u64| Value::Number(crate::json::Number::from_i128(i128::from(n)));
        let texts = |list: &mut dyn Iterator<Item = String>| Value::Array(list.map(Value::String).collect());
        let mut m: Vec<(String, Value)> = vec![("kind".into(), s(self.kind()))];
        let mut put = |k: &str, v: Value| m.push((k.to_owned(), v));
        match self {
            Params::Type { expected, value } => {
                put("expected", texts(&mut expected.iter().map(|t| t.name().to_owned())));
                put("value", value.to_value());
            }
            Params::Const { expected, value } => {
                put("expected", s(&expected.to_json()));
                put("value", value.to_value());
            }
            Params::Enum { allowed, more, value } => {
                put("allowed", texts(&mut allowed.iter().map(Value::to_json)));
                put("more", n(*more));
                put("value", value.to_value());
            }
            Params::Bound { limit, value } => {
                put("limit", s(limit));
                put("value", s(value));
            }
            Params::Count { limit, count } => {
                put("limit", n(*limit));
                put("count", n(*count));
            }
            Params::Pattern { pattern, value } => {
                put("pattern", s(pattern));
                put("value", value.to_value());
            }
            Params::Format { format, value } => {
                put("format", s(format));
                put("value", value.to_value());
            }
            Params::Required { name, given } => {
                put("name", s(name));
                put("given", given.as_deref().map_or(Value::Null, s));
            }
            Params::Unexpected { allowed } => {
                put("allowed", allowed.as_ref().map_or(Value::Null, |a| texts(&mut a.iter().cloned())));
            }
            Params::Unique { first, second } => {
                put("first", n(*first));
                put("second", n(*second));
            }
            Params::Contains { schema, limit } => {
                put("schema", schema.as_ref().map_or(Value::Null, |v| Value::String(v.to_json())));
                put("limit", n(*limit));
            }
            Params::Not { schema } => put("schema", Value::String(schema.to_json())),
            Params::ExtraItem { limit } => put("limit", n(*limit)),
            Params::False | Params::NoMatch => {}
            Params::ManyMatch { branches } => put("branches", Value::Array(branches.iter().map(|b| n(*b)).collect())),
            Params::PropertyName { name, inner, inner_keyword } => {
                put("name", s(name));
                put("keyword", s(inner_keyword));
                put("reason", Value::String(wanted(inner, inner_keyword, path)));
            }
            Params::Backtracking { pattern, at, steps } => {
                put("pattern", s(pattern));
                put("at", s(at));
                put("steps", n(*steps));
            }
            Params::Limit { kind, limit, count } => {
                put("what", s(kind.name()));
                put("limit", n(*limit));
                put("count", n(*count));
            }
            Params::Json { reason } | Params::Conversion { reason } => put("reason", s(reason)),
            Params::Schema { code, message, path } => {
                put("code", s(code));
                put("message", s(message));
                put("path", s(path));
            }
        }
        Value::Object(m)
    }
}
