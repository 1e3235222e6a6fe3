//! The validator's errors as a model reads them: one error per problem, each
//! `{path, keyword, message}`, paths like `items[2].qty`, messages from one
//! table of templates starting `Argument '<path>' ` (docs/validation.md lists
//! them), in the order of the arguments document.

use crate::diag::{Code, Diagnostic};
use crate::json::{self, KeyIndex, ParseError, ParseErrorKind, Value};
use crate::path::Path;
use jsonschema::error::{TypeKind, ValidationErrorKind as Kind};
use jsonschema::{JsonType, ValidationError};
use serde_json::Value as S;

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
        ArgError {
            path: path.to_string(),
            keyword: keyword.to_owned(),
            message: format!("Argument '{path}' {}.", predicate.as_ref()),
        }
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

pub(crate) fn not_an_object(v: &Value) -> ArgError {
    ArgError::new(&Path::root(), "type", format!("must be a JSON object of named arguments, not {}", kind_word(v)))
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

/// A schema the validator refuses: invalid against the 2020-12 meta-schema
/// (`OLS003`) or with a reference it cannot resolve (`OLS004`).
pub(crate) fn schema_error(e: &ValidationError<'_>) -> Diagnostic {
    let code = match e.kind() {
        Kind::Referencing(_) => Code::Ols004,
        _ => Code::Ols003,
    };
    let pointer = e.instance_path().to_string();
    let at = if pointer.is_empty() { "the root".to_owned() } else { format!("'{pointer}'") };
    let message = match e.kind() {
        Kind::Referencing(r) => {
            format!("The schema has a reference that cannot be resolved: {}.", reference_problem(r))
        }
        _ => format!("The schema is not valid JSON Schema 2020-12 at {at}: {e}."),
    };
    Diagnostic { code, message, path: if pointer.is_empty() { "$".into() } else { pointer } }
}

/// A reference problem in words that do not depend on the platform (the
/// retrieval error underneath differs between native and wasm builds).
fn reference_problem(r: &jsonschema::ReferencingError) -> String {
    match r {
        jsonschema::ReferencingError::Unretrievable { uri, .. } => {
            format!("'{uri}' is not part of the schema, and remote schemas are never retrieved")
        }
        jsonschema::ReferencingError::UnknownSpecification { specification } => format!(
            "its $schema '{specification}' is not a built-in meta-schema (draft 7, 2019-09, 2020-12), and remote schemas are never retrieved"
        ),
        other => other.to_string(),
    }
}

fn kind_word(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => clip(n.as_str()),
        Value::String(_) => "a string".into(),
        Value::Array(_) => "an array".into(),
        Value::Object(_) => "an object".into(),
    }
}

/// What came, for a type error: numbers, booleans and null by value, other
/// values by kind.
fn got_kind(v: &S) -> String {
    match v {
        S::Null => "null".into(),
        S::Bool(b) => b.to_string(),
        S::Number(n) => clip(&n.to_string()),
        S::String(_) => "a string".into(),
        S::Array(_) => "an array".into(),
        S::Object(_) => "an object".into(),
    }
}

/// What came, by value: strings quoted, long ones cut short.
fn shown(v: &S) -> String {
    match v {
        S::String(s) => quoted(s),
        S::Array(_) | S::Object(_) => got_kind(v),
        other => got_kind(other),
    }
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
fn listed(v: &S) -> String {
    match v {
        S::String(s) => s.clone(),
        other => compact(other),
    }
}

fn compact(v: &S) -> String {
    let text = serde_json::to_string(v).unwrap_or_default();
    if text.chars().count() <= 2 * SHOWN_CHARS {
        text
    } else {
        text.chars().take(2 * SHOWN_CHARS).collect::<String>() + "…"
    }
}

fn type_phrase(t: JsonType) -> &'static str {
    match t {
        JsonType::Null => "null",
        JsonType::Boolean => "a boolean",
        JsonType::Integer => "an integer",
        JsonType::Number => "a number",
        JsonType::String => "a string",
        JsonType::Array => "an array",
        JsonType::Object => "an object",
    }
}

/// `an integer or null`, `a string, an integer or null`: null last.
fn types_phrase(types: &[JsonType]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for t in types.iter().filter(|t| **t != JsonType::Null).chain(types.iter().filter(|t| **t == JsonType::Null)) {
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

fn types_of(kind: &TypeKind) -> Vec<JsonType> {
    match kind {
        TypeKind::Single(t) => vec![*t],
        TypeKind::Multiple(set) => set.iter().collect(),
    }
}

fn plural(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Keywords an error may be reported under when the schema path names one.
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

/// An error found: where it sorts in the document, the error, and the schema
/// location (a JSON pointer) of the keyword that failed.
pub(crate) type Found = (Vec<usize>, ArgError, String);

/// Places errors in the arguments document, and reads the schema they came from.
struct Locator<'a> {
    doc: &'a Value,
    index: KeyIndex<'a>,
    schema: &'a S,
    own_schema: &'a Value,
    backtrack_limit: usize,
    /// The value is a tool's arguments, whose members are its parameters.
    tool_arguments: bool,
}

impl<'a> Locator<'a> {
    /// The path and document position an instance pointer names.
    fn locate(&mut self, pointer: &str) -> (Path, Vec<usize>, Option<&'a Value>) {
        let mut path = Path::root();
        let mut position = Vec::new();
        let mut cur = Some(self.doc);
        if pointer.is_empty() {
            return (path, position, cur);
        }
        for raw in pointer.split('/').skip(1) {
            let seg = raw.replace("~1", "/").replace("~0", "~");
            match cur {
                Some(Value::Array(items)) => {
                    let i = seg.parse::<usize>().unwrap_or(usize::MAX);
                    path = path.index(i);
                    position.push(i);
                    cur = items.get(i);
                }
                Some(Value::Object(members)) => {
                    let i = self.index.find(members, &seg);
                    position.push(i.unwrap_or(members.len()));
                    cur = i.map(|i| &members[i].1);
                    path = path.key(&seg);
                }
                _ => {
                    path = path.key(&seg);
                    position.push(usize::MAX);
                    cur = None;
                }
            }
        }
        (path, position, cur)
    }
}

/// Converts the validator's errors, in document order. Errors at one place
/// keep the schema's keyword order; a missing member is placed after the
/// members its object has.
pub(crate) fn convert(
    errors: Vec<ValidationError<'_>>,
    doc: &Value,
    schema: &S,
    own_schema: &Value,
    options: &super::Options,
) -> Vec<Found> {
    let mut locator = Locator {
        doc,
        index: KeyIndex::default(),
        schema,
        own_schema,
        backtrack_limit: options.limits.regex_backtrack_limit,
        tool_arguments: !options.any_value,
    };
    let mut out: Vec<Found> = Vec::new();
    for e in &errors {
        one(e, &mut locator, &mut out);
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    let mut seen = std::collections::HashSet::new();
    out.retain(|(_, e, _)| seen.insert((e.path.clone(), e.message.clone())));
    out
}

fn keyword_of(e: &ValidationError<'_>) -> String {
    let schema_path = e.schema_path().to_string();
    let last = schema_path.rsplit('/').next().unwrap_or("");
    if KEYWORDS.contains(&last) {
        return last.to_owned();
    }
    match e.kind() {
        Kind::Custom { .. } => "contentEncoding".into(),
        k => k.keyword().to_owned(),
    }
}

fn one(e: &ValidationError<'_>, loc: &mut Locator<'_>, out: &mut Vec<Found>) {
    let source = e.schema_path().to_string();
    let (path, position, located) = loc.locate(&e.instance_path().to_string());
    let keyword = keyword_of(e);
    let instance = e.instance();
    // Numbers exactly as written (the validator's copies may respell an
    // exponent): the caller's from the arguments, the limit from the schema.
    let own_number = match located {
        Some(Value::Number(n)) => Some(clip(n.as_str())),
        _ => None,
    };
    let got = || own_number.clone().unwrap_or_else(|| got_kind(instance));
    let show = || own_number.clone().unwrap_or_else(|| shown(instance));
    let own_schema = loc.own_schema;
    let limit = |fallback: &dyn std::fmt::Display| match own_schema.pointer(&e.schema_path().to_string()) {
        Some(Value::Number(n)) => n.as_str().to_owned(),
        _ => fallback.to_string(),
    };
    let mut push = |path: &Path, position: Vec<usize>, predicate: String| {
        out.push((position, ArgError::new(path, &keyword, predicate), source.clone()));
    };
    let after_members = |position: &[usize], extra: usize| {
        let mut p = position.to_vec();
        p.push(usize::MAX / 2 + extra);
        p
    };
    match e.kind() {
        Kind::Type { kind } => {
            push(&path, position, format!("must be {}, not {}", types_phrase(&types_of(kind)), got()))
        }
        Kind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let schema_path = e.schema_path().to_string();
            let predicate = if schema_path.ends_with("/dependentRequired") {
                // The argument present whose dependency list names the missing one.
                let trigger = schema_value(e, loc.schema).and_then(S::as_object).and_then(|deps| {
                    deps.iter().find_map(|(t, needs)| {
                        let needs_it = needs.as_array().is_some_and(|n| n.iter().any(|x| x.as_str() == Some(name)));
                        (needs_it && instance.get(t).is_some()).then(|| t.clone())
                    })
                });
                match trigger {
                    Some(t) => format!("is required when '{}' is given", path.key(&t)),
                    None => "is required by another argument that is given".to_owned(),
                }
            } else {
                "is required".to_owned()
            };
            let order = instance.as_object().map_or(0, |m| m.len());
            push(&path.key(name), after_members(&position, order), predicate);
        }
        Kind::AdditionalProperties { unexpected } | Kind::UnevaluatedProperties { unexpected } => {
            let allowed = allowed_names(e, loc.schema);
            for name in unexpected {
                let (p, pos, _) =
                    loc.locate(&format!("{}/{}", e.instance_path(), name.replace('~', "~0").replace('/', "~1")));
                let predicate = unknown_member(&path, &allowed, loc.tool_arguments);
                out.push((pos, ArgError::new(&p, &keyword, predicate), source.clone()));
            }
        }
        Kind::Enum { options } => {
            let list: Vec<String> = options.as_array().map(|a| a.iter().map(listed).collect()).unwrap_or_default();
            push(&path, position, format!("must be one of {}, not {}", list.join(", "), show()));
        }
        Kind::Constant { expected_value } => {
            push(&path, position, format!("must be {}, not {}", compact(expected_value), show()))
        }
        Kind::Minimum { limit: limit_value } => {
            push(&path, position, format!("must be at least {}, not {}", limit(limit_value), got()))
        }
        Kind::Maximum { limit: limit_value } => {
            push(&path, position, format!("must be at most {}, not {}", limit(limit_value), got()))
        }
        Kind::ExclusiveMinimum { limit: limit_value } => {
            push(&path, position, format!("must be greater than {}, not {}", limit(limit_value), got()))
        }
        Kind::ExclusiveMaximum { limit: limit_value } => {
            push(&path, position, format!("must be less than {}, not {}", limit(limit_value), got()))
        }
        Kind::MultipleOf { multiple_of } => {
            push(&path, position, format!("must be a multiple of {}, not {}", limit(multiple_of), got()))
        }
        Kind::MinLength { limit } => {
            let len = instance.as_str().map_or(0, |s| s.chars().count());
            push(
                &path,
                position,
                format!("must be at least {} long, not {len}", plural(*limit, "character", "characters")),
            )
        }
        Kind::MaxLength { limit } => {
            let len = instance.as_str().map_or(0, |s| s.chars().count());
            push(
                &path,
                position,
                format!("must be at most {} long, not {len}", plural(*limit, "character", "characters")),
            )
        }
        Kind::Pattern { pattern } => push(&path, position, format!("must match the pattern {pattern}, not {}", show())),
        Kind::BacktrackLimitExceeded { .. } | Kind::RegexEngineFailure { .. } => {
            let pattern = schema_value(e, loc.schema).and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
            out.push((
                Vec::new(),
                ArgError {
                    path: "$".into(),
                    keyword: "pattern".into(),
                    message: format!(
                        "Argument '$' could not be checked: matching the pattern {pattern} against '{path}' takes more than {} backtracking steps.",
                        loc.backtrack_limit
                    ),
                },
                source.clone(),
            ));
        }
        Kind::Format { format } => {
            push(&path, position, format!("must be {}, not {}", super::formats::phrase(format), show()))
        }
        Kind::Custom { .. } | Kind::ContentEncoding { .. } | Kind::FromUtf8 { .. } => {
            push(&path, position, format!("must be base64 text, not {}", show()))
        }
        Kind::ContentMediaType { content_media_type } => {
            push(&path, position, format!("must be {content_media_type} content, not {}", show()))
        }
        Kind::MinItems { limit } => {
            let n = instance.as_array().map_or(0, Vec::len);
            push(&path, position, format!("must have at least {}, not {n}", plural(*limit, "item", "items")))
        }
        Kind::MaxItems { limit } => {
            let n = instance.as_array().map_or(0, Vec::len);
            push(&path, position, format!("must have at most {}, not {n}", plural(*limit, "item", "items")))
        }
        Kind::AdditionalItems { limit } => {
            let n = instance.as_array().map_or(0, Vec::len);
            push(&path, position, format!("must have at most {}, not {n}", plural(*limit as u64, "item", "items")))
        }
        Kind::UnevaluatedItems { unexpected } => {
            let n = instance.as_array().map_or(0, Vec::len);
            let allowed = n.saturating_sub(unexpected.len()) as u64;
            push(
                &path,
                position,
                format!("must have at most {} that its schema describes, not {n}", plural(allowed, "item", "items")),
            )
        }
        Kind::UniqueItems => {
            let predicate = match instance.as_array().and_then(|a| first_duplicate(a)) {
                Some((i, j)) => format!("must not repeat an item (items {i} and {j} are equal)"),
                None => "must not repeat an item".to_owned(),
            };
            push(&path, position, predicate)
        }
        Kind::Contains => {
            let parent = schema_parent(e, loc.schema);
            let contains = parent
                .as_ref()
                .and_then(|p| p.get("contains"))
                .map(compact)
                .unwrap_or_else(|| "its item schema".into());
            let predicate = match (keyword.as_str(), parent.as_ref()) {
                ("maxContains", Some(p)) => {
                    let max = p.get("maxContains").and_then(S::as_u64).unwrap_or(0);
                    format!("must contain at most {} matching {contains}", plural(max, "item", "items"))
                }
                ("minContains", Some(p)) => {
                    let min = p.get("minContains").and_then(S::as_u64).unwrap_or(0);
                    format!("must contain at least {} matching {contains}", plural(min, "item", "items"))
                }
                _ => format!("must contain an item matching {contains}"),
            };
            push(&path, position, predicate)
        }
        Kind::MinProperties { limit } => {
            let n = instance.as_object().map_or(0, |m| m.len());
            push(&path, position, format!("must have at least {}, not {n}", plural(*limit, "property", "properties")))
        }
        Kind::MaxProperties { limit } => {
            let n = instance.as_object().map_or(0, |m| m.len());
            push(&path, position, format!("must have at most {}, not {n}", plural(*limit, "property", "properties")))
        }
        Kind::PropertyNames { error } => {
            let name = error.instance().as_str().map(json::quote).unwrap_or_default();
            let mut inner = Vec::new();
            let mut scratch = Locator {
                doc: &Value::Null,
                index: KeyIndex::default(),
                schema: loc.schema,
                own_schema: loc.own_schema,
                backtrack_limit: loc.backtrack_limit,
                tool_arguments: loc.tool_arguments,
            };
            one(error, &mut scratch, &mut inner);
            for (_, e, _) in inner {
                let predicate = e
                    .message
                    .split_once("' ")
                    .map(|(_, rest)| rest.trim_end_matches('.').to_owned())
                    .unwrap_or(e.message);
                // "…, not "Name"" would only repeat the name.
                let predicate = predicate.rsplit_once(", not ").map_or(predicate.clone(), |(p, _)| p.to_owned());
                push(
                    &path,
                    position.clone(),
                    format!("has a property name {name} that is not allowed: it {predicate}"),
                );
            }
        }
        Kind::Not { schema } => push(&path, position, format!("must not match {}", compact(schema))),
        Kind::FalseSchema if matches!(keyword.as_str(), "additionalProperties" | "unevaluatedProperties") => {
            // `additionalProperties: false` with no `properties` beside it: the
            // validator names the object, and every member it has is unexpected.
            let allowed = allowed_names(e, loc.schema);
            let members: Vec<String> = located
                .and_then(Value::as_object)
                .map(|m| m.iter().map(|(k, _)| k.clone()).filter(|k| !allowed.contains(k)).collect())
                .unwrap_or_default();
            let pointer = e.instance_path().to_string();
            for name in &members {
                let (p, pos, _) = loc.locate(&format!("{pointer}/{}", name.replace('~', "~0").replace('/', "~1")));
                out.push((
                    pos,
                    ArgError::new(&p, &keyword, unknown_member(&path, &allowed, loc.tool_arguments)),
                    source.clone(),
                ));
            }
        }
        Kind::FalseSchema => {
            let allowed = allowed_names(e, loc.schema);
            match path.segments().last() {
                Some(crate::path::Segment::Key(_)) if under_properties(e) => {
                    push(&path, position, "is not allowed".to_owned())
                }
                Some(crate::path::Segment::Key(_)) => {
                    push(&path, position, unknown_member(&path.parent(), &allowed, loc.tool_arguments))
                }
                Some(crate::path::Segment::Index(_)) => {
                    let prefix = schema_parent(e, loc.schema)
                        .and_then(|p| p.get("prefixItems").and_then(S::as_array).map(Vec::len))
                        .unwrap_or(0) as u64;
                    push(
                        &path,
                        position,
                        format!("is not allowed: the array takes at most {}", plural(prefix, "item", "items")),
                    )
                }
                None => push(&path, position, "is not allowed".to_owned()),
            }
        }
        Kind::AnyOf { context } | Kind::OneOfNotValid { context } => {
            closest_branch(e, context, &path, position, loc, out);
        }
        Kind::OneOfMultipleValid { context } => {
            let valid: Vec<String> =
                context.iter().enumerate().filter(|(_, errs)| errs.is_empty()).map(|(i, _)| i.to_string()).collect();
            let which =
                if valid.len() >= 2 { format!(" (oneOf branches {})", valid.join(" and ")) } else { String::new() };
            push(
                &path,
                position,
                format!("matches more than one of its allowed forms{which}; it must match exactly one"),
            )
        }
        Kind::Referencing(r) => push(&path, position, format!("could not be checked: {}", reference_problem(r))),
    }
}

/// `anyOf`/`oneOf` with no branch matching. When every branch wants another
/// type here, one error lists the types; otherwise the errors of the branch
/// that came closest — one whose type fits, with the fewest errors (a
/// heuristic, as python-jsonschema's `best_match` is).
fn closest_branch(
    e: &ValidationError<'_>,
    context: &[Vec<ValidationError<'static>>],
    path: &Path,
    position: Vec<usize>,
    loc: &mut Locator<'_>,
    out: &mut Vec<Found>,
) {
    let here = e.instance_path().to_string();
    let root_types = |errs: &[ValidationError<'static>]| -> Option<Vec<JsonType>> {
        errs.iter().find_map(|x| match x.kind() {
            Kind::Type { kind } if x.instance_path().to_string() == here => Some(types_of(kind)),
            Kind::Constant { expected_value } if x.instance_path().to_string() == here && expected_value.is_null() => {
                Some(vec![JsonType::Null])
            }
            _ => None,
        })
    };
    let fitting: Vec<&Vec<ValidationError<'static>>> =
        context.iter().filter(|errs| root_types(errs).is_none()).collect();
    match fitting.iter().min_by_key(|errs| errs.len()) {
        Some(best) if !best.is_empty() => {
            for x in best.iter() {
                one(x, loc, out);
            }
        }
        _ => {
            let wanted: Vec<JsonType> = context.iter().filter_map(|errs| root_types(errs)).flatten().collect();
            let keyword = e.kind().keyword().to_owned();
            let predicate = if wanted.is_empty() {
                "does not match any of its allowed forms".to_owned()
            } else {
                format!("must be {}, not {}", types_phrase(&wanted), got_kind(e.instance()))
            };
            out.push((position, ArgError::new(path, &keyword, predicate), e.schema_path().to_string()));
        }
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

/// The names under `properties` beside the keyword that failed.
fn allowed_names(e: &ValidationError<'_>, schema: &S) -> Vec<String> {
    // `properties: {a: false}` reports at `/properties/a`, not beside `properties`.
    let parent = if under_properties(e) { None } else { schema_parent(e, schema) };
    parent
        .and_then(|p| p.get("properties").and_then(S::as_object).map(|m| m.keys().cloned().collect()))
        .unwrap_or_default()
}

/// Whether the failing schema is a member of a `properties` map.
fn under_properties(e: &ValidationError<'_>) -> bool {
    let schema_path = e.schema_path().to_string();
    schema_path.rsplit_once('/').is_some_and(|(parent, _)| parent.ends_with("/properties"))
}

/// The schema object holding the keyword that failed. Only schema paths that
/// stay inside the document the error names are followed.
fn schema_parent<'s>(e: &ValidationError<'_>, schema: &'s S) -> Option<&'s S> {
    let schema_path = e.schema_path().to_string();
    let (parent, _) = schema_path.rsplit_once('/')?;
    schema.pointer(parent)
}

fn schema_value<'s>(e: &ValidationError<'_>, schema: &'s S) -> Option<&'s S> {
    schema.pointer(&e.schema_path().to_string())
}

/// The first two equal items, with numbers compared by value (`1 == 1.0`).
fn first_duplicate(items: &[S]) -> Option<(usize, usize)> {
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (j, item) in items.iter().enumerate() {
        let mut key = String::new();
        canonical(item, &mut key);
        if let Some(&i) = seen.get(&key) {
            return Some((i, j));
        }
        seen.insert(key, j);
    }
    None
}

fn canonical(v: &S, out: &mut String) {
    match v {
        S::Number(n) => {
            let d = json::Number::parse(&n.to_string()).map(|n| n.decimal());
            match d {
                Some(d) => {
                    out.push_str(&format!("n{}{:?}e{}", if d.negative { "-" } else { "" }, d.digits, d.exponent))
                }
                None => out.push_str(&n.to_string()),
            }
        }
        S::Array(items) => {
            out.push('[');
            for i in items {
                canonical(i, out);
                out.push(',');
            }
            out.push(']');
        }
        S::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            out.push('{');
            for k in keys {
                out.push_str(&json::quote(k));
                out.push(':');
                canonical(&m[k], out);
                out.push(',');
            }
            out.push('}');
        }
        other => out.push_str(&serde_json::to_string(other).unwrap_or_default()),
    }
}
