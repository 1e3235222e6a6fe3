//! The golden vector tables, read into cases: one reader per operation, shared
//! by the test harnesses and by `export-vectors` (which hands the same cases
//! to the JavaScript and Python hosts).

use crate::parse;
use std::path::Path;
use tool_schema::json::Value;

/// The text of a string member, or empty.
pub fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or_default().to_owned()
}

/// The names of a table's cases, in order.
pub fn case_names(file: &Value) -> Vec<String> {
    let cases = file.get("cases").and_then(Value::as_array).expect("cases");
    cases.iter().map(|c| c.get("name").and_then(Value::as_str).unwrap_or("").to_owned()).collect()
}

// ---- describe-type

/// One case of a describe-type table, with the file's defaults applied.
pub struct TypeCase {
    pub ty: String,
    pub types: Option<String>,
    pub naming: Option<String>,
    pub mode: tool_schema::Mode,
    pub expect: Option<Value>,
}

fn str_of<'a>(case: &'a Value, file: &'a Value, key: &str) -> Option<&'a str> {
    case.get(key).or_else(|| file.get(key)).and_then(Value::as_str)
}

pub fn type_cases(file: &Value) -> Vec<TypeCase> {
    let cases = file.get("cases").and_then(Value::as_array).expect("a describe-type table has 'cases'");
    cases
        .iter()
        .map(|c| TypeCase {
            ty: c.get("type").and_then(Value::as_str).expect("each case has a 'type'").to_owned(),
            types: c.get("types").or_else(|| file.get("types")).map(Value::to_json),
            naming: str_of(c, file, "naming").map(str::to_owned),
            mode: match str_of(c, file, "mode") {
                Some("reflection") => tool_schema::Mode::Reflection,
                _ => tool_schema::Mode::Generator,
            },
            expect: c.get("expect").cloned(),
        })
        .collect()
}

// ---- validate-args

/// A case of a `validate/*.json` table.
#[derive(Clone)]
pub struct ValidateCase {
    pub schema: String,
    pub args: String,
    pub options: tool_schema::Options,
    pub expect: Option<Value>,
}

pub fn options_of(v: Option<&Value>) -> tool_schema::Options {
    let mut o = tool_schema::Options::default();
    let Some(v) = v else { return o };
    if v.get("formats").and_then(Value::as_str) == Some("annotate") {
        o.formats = tool_schema::FormatMode::Annotate;
    }
    o.any_value = matches!(v.get("anyValue"), Some(Value::Bool(true)));
    if let Some(l) = v.get("limits") {
        let n = |k: &str, default: usize| match l.get(k) {
            Some(Value::Number(n)) => n.as_i128().and_then(|n| usize::try_from(n).ok()).unwrap_or(default),
            _ => default,
        };
        let d = o.limits;
        o.limits = tool_schema::Limits {
            max_argument_bytes: n("maxArgumentBytes", d.max_argument_bytes),
            max_argument_depth: n("maxArgumentDepth", d.max_argument_depth),
            max_schema_bytes: n("maxSchemaBytes", d.max_schema_bytes),
            max_schema_depth: n("maxSchemaDepth", d.max_schema_depth),
            regex_backtrack_limit: n("regexBacktrackLimit", d.regex_backtrack_limit),
            ..d
        };
    }
    o
}

/// The schema text of a case or table: `schemaText`, `schema`, or the input
/// schema of the `tool` descriptor (described natively).
pub fn schema_of(v: &Value) -> Option<String> {
    if let Some(t) = v.get("schemaText").and_then(Value::as_str) {
        return Some(t.to_owned());
    }
    if let Some(f) = v.get("schemaFile").and_then(Value::as_str) {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(f);
        return Some(std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())));
    }
    if let Some(s) = v.get("schema") {
        return Some(s.to_json());
    }
    let tool = v.get("tool")?;
    let described = tool_schema::describe_tool(&tool.to_json()).expect("the table's tool describes");
    Some(parse(&described).expect("tool JSON").get("inputSchema").expect("inputSchema").to_json())
}

pub fn validate_cases(file: &Value) -> Vec<ValidateCase> {
    let table_schema = schema_of(file);
    file.get("cases")
        .and_then(Value::as_array)
        .expect("a validate table has 'cases'")
        .iter()
        .map(|c| ValidateCase {
            schema: schema_of(c).or_else(|| table_schema.clone()).expect("a schema for every case"),
            args: match c.get("argsText").and_then(Value::as_str) {
                Some(t) => t.to_owned(),
                None => (c.get("args").expect("each case has 'args' or 'argsText'")).to_json(),
            },
            options: options_of(c.get("options").or_else(|| file.get("options"))),
            expect: c.get("expect").cloned(),
        })
        .collect()
}

// ---- encode-result

/// A case of an `encode/*.json` table.
#[derive(Clone)]
pub struct EncodeCase {
    pub tool: String,
    pub returns: String,
    pub types: Option<String>,
    pub naming: Option<String>,
    pub ends_loop: bool,
    pub outcome: tool_schema::Outcome,
    pub expect: Option<Value>,
}

impl EncodeCase {
    /// What `encode-result` is given for the case (generator mode).
    pub fn signature(&self) -> tool_schema::Signature<'_> {
        tool_schema::Signature {
            tool_name: &self.tool,
            return_type: &self.returns,
            types: self.types.as_deref(),
            naming: self.naming.as_deref(),
            mode: tool_schema::Mode::Generator,
            ends_loop: self.ends_loop,
        }
    }

    /// A descriptor (JSON text) of a tool with no parameters, named and
    /// returning as the case says: the case as a tool made once encodes it.
    pub fn descriptor(&self) -> String {
        let s = |t: &str| Value::String(t.to_owned());
        let mut d = vec![
            ("method".to_owned(), s("F")),
            (
                "tool".to_owned(),
                Value::Object(vec![("name".into(), s(&self.tool)), ("endsLoop".into(), Value::Bool(self.ends_loop))]),
            ),
            ("parameters".to_owned(), Value::Array(vec![])),
            ("returns".to_owned(), s(&self.returns)),
        ];
        if let Some(t) = &self.types {
            d.push(("types".to_owned(), parse(t).expect("types are JSON")));
        }
        if let Some(n) = &self.naming {
            d.push(("naming".to_owned(), s(n)));
        }
        Value::Object(d).to_json()
    }
}

pub fn part(p: &Value) -> tool_schema::Part {
    match p.get("type").and_then(Value::as_str) {
        Some("text") => tool_schema::Part::Text(text(p, "text")),
        Some("json") => tool_schema::Part::Json(p.get("json").expect("a json part has 'json'").to_json()),
        Some("jsonText") => tool_schema::Part::Json(text(p, "json")),
        other => panic!("unknown part type {other:?}"),
    }
}

pub fn outcome(o: &Value) -> tool_schema::Outcome {
    use tool_schema::Outcome as O;
    let parts = |v: &Value| v.as_array().expect("parts are a list").iter().map(part).collect();
    if let Some(v) = o.get("value") {
        O::Returned(v.to_json())
    } else if let Some(t) = o.get("valueText").and_then(Value::as_str) {
        O::Returned(t.to_owned())
    } else if o.get("nothing").is_some() {
        O::ReturnedNothing
    } else if let Some(p) = o.get("parts") {
        O::ReturnedParts(parts(p))
    } else if let Some(r) = o.get("toolResult") {
        O::ReturnedToolResult(tool_schema::ToolResult {
            parts: parts(r.get("parts").expect("parts")),
            is_error: matches!(r.get("isError"), Some(Value::Bool(true))),
            typed_result: r.get("typedResult").map(Value::to_json),
        })
    } else if let Some(t) = o.get("threw") {
        O::Threw { type_name: text(t, "type"), message: text(t, "message") }
    } else if let Some(Value::Number(n)) = o.get("timedOut") {
        O::TimedOut(n.as_i128().and_then(|n| u32::try_from(n).ok()).expect("seconds"))
    } else if let Some(list) = o.get("invalidArgs").and_then(Value::as_array) {
        O::InvalidArguments(list.iter().map(|e| text(e, "message")).collect())
    } else {
        panic!("unknown outcome {}", o.to_json())
    }
}

pub fn encode_cases(file: &Value) -> Vec<EncodeCase> {
    let cases = file.get("cases").and_then(Value::as_array).expect("an encode table has 'cases'");
    cases
        .iter()
        .map(|c| EncodeCase {
            tool: text(c, "tool"),
            returns: text(c, "returns"),
            types: c.get("types").or_else(|| file.get("types")).map(Value::to_json),
            naming: c.get("naming").or_else(|| file.get("naming")).and_then(Value::as_str).map(str::to_owned),
            ends_loop: matches!(c.get("endsLoop"), Some(Value::Bool(true))),
            outcome: outcome(c.get("outcome").expect("each case has an 'outcome'")),
            expect: c.get("expect").cloned(),
        })
        .collect()
}

// ---- downconvert and restore-args

/// One case of a downconvert or restore table. A restore case has the
/// model's `answer` (or `answerText`, for an answer that is not JSON).
#[derive(Clone)]
pub struct DownconvertCase {
    /// `anthropic`, `openai`, `gemini`, `custom`, or a name no target has.
    pub provider: String,
    /// A custom profile's text: `profile`, or the built-in `profileFrom`
    /// with `profileEdit` merged in.
    pub profile: Option<String>,
    pub schema: String,
    pub answer: Option<String>,
    pub expect: Option<Value>,
}

impl DownconvertCase {
    pub fn target(&self) -> tool_schema::Target<'_> {
        match &self.profile {
            Some(p) => tool_schema::Target::Custom(p),
            None => tool_schema::Target::BuiltIn(&self.provider),
        }
    }
}

/// `edit` merged into `base`, member by member.
fn merge(base: &mut Value, edit: &Value) {
    match (base, edit) {
        (Value::Object(b), Value::Object(e)) => {
            for (k, v) in e {
                match b.iter_mut().find(|(bk, _)| bk == k) {
                    Some((_, bv)) => merge(bv, v),
                    None => b.push((k.clone(), v.clone())),
                }
            }
        }
        (b, e) => *b = e.clone(),
    }
}

pub fn downconvert_cases(file: &Value) -> Vec<DownconvertCase> {
    let cases = file.get("cases").and_then(Value::as_array).expect("a downconvert table has 'cases'");
    cases
        .iter()
        .map(|c| {
            let profile = match (c.get("profile"), c.get("profileFrom").and_then(Value::as_str)) {
                (Some(p), _) => Some(p.to_json()),
                (None, Some(from)) => {
                    let mut base =
                        parse(&tool_schema::provider_profile(from).expect("a built-in profile")).expect("JSON");
                    merge(&mut base, c.get("profileEdit").unwrap_or(&Value::Object(vec![])));
                    Some(base.to_json())
                }
                _ => None,
            };
            DownconvertCase {
                provider: text(c, "provider"),
                profile,
                schema: schema_of(c).expect("each case has a schema, schemaFile or tool"),
                answer: c
                    .get("answerText")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .or_else(|| c.get("answer").map(Value::to_json)),
                expect: c.get("expect").cloned(),
            }
        })
        .collect()
}
