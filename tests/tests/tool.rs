//! The `tool` and `converted` objects natively: a tool made once answers as
//! the free functions do, with nothing compiled again.
//!
//! - `params/*` (`vectors/tool/params.json`): every argument error with its
//!   instance location, schema location and typed params, one case per
//!   keyword family (`BLESS=1` rewrites the answers); each message is the
//!   free function's, word for word.
//! - `validate/*`: every validate vector through a tool made from its schema
//!   and options: the validator's answer, every error to the params.
//! - `restore/*`: every restore vector of `vectors/downconvert`, through a
//!   tool converted once: the same answer as `restore-args`, to the params.
//! - `encode/*`: every encode vector, through a tool described from a
//!   descriptor with that return type: the same answer as `encode-result`.
//! - `once/*`: 10,000 calls of each kind compile nothing (the compile count
//!   does not move), and a class descriptor gives one tool per method.

use conformance::cases::{case_names, downconvert_cases, encode_cases, validate_cases};
use conformance::{bless_table, blessing, parse, sorted_json_files, typed, vectors_dir};
use libtest_mimic::{Arguments, Failed, Trial};
use tool_schema::json::Value;
use tool_schema::validate::{Params, schemas_compiled};
use tool_schema::{Options, Target, Tool};

fn params_answer(c: &Value) -> String {
    let schema = c.get("schema").map(Value::to_json).unwrap_or_default();
    let args = c.get("args").map(Value::to_json).unwrap_or_default();
    let tool = Tool::from_schema("t", "", &schema, None, Options::default()).expect("the schema compiles");
    typed::outcome(&tool.validate(&args)).to_json()
}

fn params_trials() -> Vec<Trial> {
    let path = vectors_dir().join("tool/params.json");
    if blessing() {
        bless_table(&path, |file| {
            file.get("cases").and_then(Value::as_array).unwrap().iter().map(params_answer).collect()
        });
    }
    let file = parse(&std::fs::read_to_string(&path).expect("read the params table")).expect("the table parses");
    let cases = file.get("cases").and_then(Value::as_array).map(<[Value]>::to_vec).unwrap_or_default();
    cases
        .into_iter()
        .zip(case_names(&file))
        .enumerate()
        .map(|(i, (c, name))| {
            Trial::test(format!("params/{i:02}:{name}"), move || {
                let got = params_answer(&c);
                let want = c.get("expect").map(Value::to_json).ok_or("no expect: run with BLESS=1")?;
                if got != want {
                    return Err(format!("want {want}\n got {got}").into());
                }
                // The message is the free function's, word for word.
                let schema = c.get("schema").map(Value::to_json).unwrap_or_default();
                let args = c.get("args").map(Value::to_json).unwrap_or_default();
                let free = tool_schema::validate_args(&schema, &args, Options::default());
                let tool =
                    Tool::from_schema("t", "", &schema, None, Options::default()).map_err(|d| format!("{d:?}"))?;
                if tool.validate(&args) != free {
                    return Err("the tool and validate-args disagree".into());
                }
                Ok(())
            })
        })
        .collect()
}

/// Every validate vector, through a tool made from its schema with its
/// options: the validator's answer, every error to the params.
fn validate_trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("validate")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        for (i, (c, name)) in validate_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            trials.push(Trial::test(format!("validate/{table}/{i:02}:{name}"), move || {
                let Ok(validator) = tool_schema::Validator::compile(&c.schema, c.options) else {
                    return match Tool::from_schema("t", "", &c.schema, None, c.options) {
                        Err(_) => Ok(()),
                        Ok(_) => Err("the tool takes a schema the validator refuses".into()),
                    };
                };
                let tool = Tool::from_schema("t", "", &c.schema, None, c.options).map_err(|d| format!("{d:?}"))?;
                let (want, got) = (validator.validate(&c.args), tool.validate(&c.args));
                if got != want {
                    return Err(format!(
                        "want {}\n got {}",
                        typed::outcome(&want).to_json(),
                        typed::outcome(&got).to_json()
                    )
                    .into());
                }
                Ok(())
            }));
        }
    }
    trials
}

fn restore_trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("downconvert")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        for (i, (c, name)) in downconvert_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            let Some(answer) = c.answer.clone() else { continue };
            trials.push(Trial::test(format!("restore/{table}/{i:02}:{name}"), move || {
                let target = c.target();
                let free = tool_schema::restore_args(&c.schema, target, &answer);
                let tool = match Tool::from_schema("t", "", &c.schema, None, Options::default()) {
                    Ok(t) => t,
                    // A schema the tool refuses is refused by restore-args too.
                    Err(_) if free.is_err() => return Ok(()),
                    Err(d) => return Err(format!("refused: {d:?}").into()),
                };
                let converted = match tool.convert(target) {
                    Ok(c) => c,
                    Err(_) if free.is_err() => return Ok(()),
                    Err(d) => return Err(format!("not converted: {d:?}").into()),
                };
                let (free_conv, conv) = (tool_schema::downconvert(&c.schema, target), converted.converted());
                if free_conv.as_ref() != Ok(conv) {
                    return Err("the tool's conversion is not downconvert's".into());
                }
                let restored = converted.restore(&answer);
                if restored != free {
                    return Err(format!(
                        "want {}\n got {}",
                        typed::outcome(&free).to_json(),
                        typed::outcome(&restored).to_json()
                    )
                    .into());
                }
                Ok(())
            }));
        }
    }
    trials
}

fn encode_trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("encode")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        for (i, (c, name)) in encode_cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            trials.push(Trial::test(format!("encode/{table}/{i:02}:{name}"), move || {
                let free = tool_schema::encode_result(c.signature(), c.outcome.clone());
                let tools = match Tool::from_descriptor(&c.descriptor()) {
                    Ok(t) => t,
                    // A return type, name or types map the descriptor refuses:
                    // encode-result refuses the value, or the case is a failure
                    // (encoded before the return type is read).
                    Err(_) => return Ok(()),
                };
                let [tool] = &tools[..] else { return Err("one method, one tool".into()) };
                if tool.encode(c.outcome.clone()) != free {
                    return Err(format!("the tool's answer differs from encode-result's ({free:?})").into());
                }
                Ok(())
            }));
        }
    }
    trials
}

fn example(name: &str) -> String {
    std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples").join(name))
        .expect("read the example")
}

/// 10,000 of each call on a tool made once compile no schema.
fn compiled_once() -> Result<(), Failed> {
    let before = schemas_compiled();
    let tools = Tool::from_descriptor(&example("order.json")).map_err(|d| format!("{d:?}"))?;
    let tool = &tools[0];
    let converted = tool.convert(Target::BuiltIn("openai")).map_err(|d| format!("{d:?}"))?;
    let made = schemas_compiled();
    if made == before {
        return Err("making the tool compiled nothing: the count does not count".into());
    }
    let args = r#"{"items":[{"sku":"A-1","qty":2}],"note":"x"}"#;
    let answer = converted.converted().schema.clone();
    let outcome = tool_schema::Outcome::Threw { type_name: "E".into(), message: "m".into() };
    // The first encode of a returned value compiles the return type's schema, once.
    let _ = tool.encode(tool_schema::Outcome::Returned("{}".into()));
    let warm = schemas_compiled();
    for _ in 0..10_000 {
        let _ = tool.validate(args);
        let _ = tool.encode(outcome.clone());
        let _ = tool.encode(tool_schema::Outcome::Returned("{}".into()));
        let _ = converted.restore(args);
    }
    let _ = answer;
    if schemas_compiled() != warm {
        return Err(format!("10,000 calls compiled {} schemas", schemas_compiled() - warm).into());
    }
    // The free functions, by contrast, compile on every call.
    let _ = tool_schema::restore_args(&tool.info().input_schema, Target::BuiltIn("openai"), args);
    if schemas_compiled() == warm {
        return Err("restore-args compiled nothing: the count does not count".into());
    }
    Ok(())
}

/// The get-docket example with `{"limit": 500}`: the error says maximum
/// 100 and the value 500, in the message validate-args gives.
fn get_docket_limit() -> Result<(), Failed> {
    let tools = Tool::from_descriptor(&example("get-docket.json")).map_err(|d| format!("{d:?}"))?;
    let tool = &tools[0];
    let errors = tool.validate(r#"{"limit": 500}"#).err().ok_or("500 is past the limit")?;
    let e = errors.iter().find(|e| e.keyword == "maximum").ok_or("a maximum error")?;
    if e.params != (Params::Bound { limit: "100".into(), value: "500".into() }) {
        return Err(format!("params {:?}", e.params).into());
    }
    let free = tool_schema::validate_args(&tool.info().input_schema, r#"{"limit": 500}"#, Options::default());
    if free.as_ref().err() != Some(&errors) {
        return Err("the message is not validate-args'".into());
    }
    if e.message != "Argument 'limit' must be at most 100, not 500." || e.schema_location != "/properties/limit/maximum"
    {
        return Err(format!("{} at {}", e.message, e.schema_location).into());
    }
    Ok(())
}

/// A class descriptor gives one tool per method, each as describe-tool
/// describes it; a refused descriptor or schema is an error, not a tool.
fn class_and_refusals() -> Result<(), Failed> {
    let text = example("weather-tools.json");
    let tools = Tool::from_descriptor(&text).map_err(|d| format!("{d:?}"))?;
    let described = parse(&tool_schema::describe_tool(&text).map_err(|d| format!("{d:?}"))?)?;
    let Value::Array(objects) = described else { return Err("a class descriptor describes a list".into()) };
    if tools.len() != objects.len() || tools.len() < 2 {
        return Err(format!("{} tools for {} described", tools.len(), objects.len()).into());
    }
    for (tool, object) in tools.iter().zip(&objects) {
        let input = object.get("inputSchema").map(Value::to_json).unwrap_or_default();
        if tool.info().input_schema != input
            || Some(tool.info().name.as_str()) != object.get("name").and_then(Value::as_str)
        {
            return Err(format!("{} is not as described", tool.info().name).into());
        }
    }
    if Tool::from_descriptor(&example("refused.json")).is_ok() {
        return Err("a refused descriptor made a tool".into());
    }
    match Tool::from_schema("t", "", r#"{"type": 5}"#, None, Options::default()) {
        Err(d) if d.iter().all(|d| d.code.as_str().starts_with("OLS") && d.path.starts_with("inputSchema")) => {}
        other => return Err(format!("a schema that is not JSON Schema: {other:?}").into()),
    }
    match Tool::from_schema("t", "", "{}", Some(r#"{"minimum": "x"}"#), Options::default()) {
        Err(d) if d.iter().all(|d| d.path.starts_with("outputSchema")) => {}
        other => return Err(format!("an output schema that is not JSON Schema: {other:?}").into()),
    }
    Ok(())
}

/// A tool made from schemas encodes any value, checked against its output
/// schema: a string as text, other values as JSON.
fn schema_tool_encode() -> Result<(), Failed> {
    use tool_schema::{Outcome, Part};
    let output = r#"{"type":"object","properties":{"n":{"type":"integer"}},"required":["n"]}"#;
    let tool =
        Tool::from_schema("count", "Counts.", "{}", Some(output), Options::default()).map_err(|d| format!("{d:?}"))?;
    let ok = tool.encode(Outcome::Returned(r#"{"n":2.0}"#.into())).map_err(|d| format!("{d:?}"))?;
    if ok.parts != vec![Part::Json(r#"{"n":2.0}"#.into())] || ok.is_error {
        return Err(format!("{ok:?}").into());
    }
    let refused = tool.encode(Outcome::Returned(r#"{"n":"x"}"#.into())).err().ok_or("a value that does not fit")?;
    if refused[0].code.as_str() != "OLE003" || !refused[0].message.contains("'n' must be an integer, not a string") {
        return Err(format!("{refused:?}").into());
    }
    let plain = Tool::from_schema("echo", "", "{}", None, Options::default()).map_err(|d| format!("{d:?}"))?;
    let text = plain.encode(Outcome::Returned(r#""hi""#.into())).map_err(|d| format!("{d:?}"))?;
    if text.parts != vec![Part::Text("hi".into())] {
        return Err(format!("{text:?}").into());
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let mut trials = params_trials();
    trials.extend(validate_trials());
    trials.extend(restore_trials());
    trials.extend(encode_trials());
    trials.push(Trial::test("once/10000-calls-compile-nothing", compiled_once));
    trials.push(Trial::test("acceptance/get-docket-limit-500", get_docket_limit));
    trials.push(Trial::test("describe/class-and-refusals", class_and_refusals));
    trials.push(Trial::test("encode/schema-tool", schema_tool_encode));
    libtest_mimic::run(&args, trials).exit();
}
