//! Golden vectors for `encode-result`, natively and through the component.
//!
//! `vectors/encode/*.json` are tables: `types` and `naming` (shared), and
//! `cases`, each with `tool`, `returns`, `endsLoop`, an `outcome` and
//! `expect` (the tool result, or `{"diagnostics": […]}`). An outcome is one of
//! `{"value": V}`, `{"valueText": "…"}` (a value whose exact text matters),
//! `{"nothing": true}`, `{"parts": [P…]}`, `{"toolResult": {"parts", "isError",
//! "typedResult"}}`, `{"threw": {"type", "message"}}`, `{"timedOut": N}`,
//! `{"invalidArgs": [E…]}`; a part is `{"type": "text", "text"}`,
//! `{"type": "json", "json": V}` or `{"type": "jsonText", "json": "…"}`.
//! `BLESS=1` rewrites the golden answers from the native core.

use conformance::cases::{EncodeCase as Case, encode_cases as cases};
use conformance::{
    bless_table, blessing, codes_covered, component_answer, parse, runtime, sorted_json_files, vectors_dir,
};
use host_demo::{Exception, Mode, Outcome, Part, ToolResult, TypeContext};
use libtest_mimic::{Arguments, Failed, Trial};
use tool_schema::json::Value;

fn main() {
    let args = Arguments::from_args();
    let dir = vectors_dir().join("encode");
    if blessing() {
        for path in sorted_json_files(&dir) {
            bless_table(&path, |file| cases(file).iter().map(|c| golden_of(&native(c)).to_owned()).collect());
        }
    }
    let mut trials = Vec::new();
    for path in sorted_json_files(&dir) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        let names: Vec<String> = file
            .get("cases")
            .and_then(Value::as_array)
            .unwrap_or_default()
            .iter()
            .map(|c| c.get("name").and_then(Value::as_str).unwrap_or("").to_owned())
            .collect();
        for (i, (case, name)) in cases(&file).into_iter().zip(names).enumerate() {
            trials.push(Trial::test(format!("encode/{table}/{i:02}:{name}"), move || run_case(&case)));
        }
    }
    trials.push(Trial::test("coverage/every-outcome-code", || Ok(codes_covered(&["encode"], &["OLE"])?)));
    trials.extend(hostile_trials());
    libtest_mimic::run(&args, trials).exit();
}

/// The answer rendered for the golden file, with the raw result (JSON parts
/// as the exact text returned) in front, so that both are compared.
fn render(answer: Result<tool_schema::ToolResult, String>) -> String {
    match answer {
        Ok(r) => format!("{r:?}\n{}", tool_schema::encode::result_to_value(&r).to_json()),
        Err(diagnostics) => format!("\n{diagnostics}"),
    }
}

fn golden_of(rendered: &str) -> &str {
    rendered.split_once('\n').map_or(rendered, |(_, g)| g)
}

fn native(c: &Case) -> String {
    render(
        tool_schema::encode_result(c.signature(), c.outcome.clone())
            .map_err(|d| tool_schema::diag::diagnostics_json(&d)),
    )
}

fn wit_part(p: &tool_schema::Part) -> Part {
    match p {
        tool_schema::Part::Text(t) => Part::Text(t.clone()),
        tool_schema::Part::Json(j) => Part::Json(j.clone()),
    }
}

fn wit_outcome(o: &tool_schema::Outcome) -> Outcome {
    use tool_schema::Outcome as O;
    match o {
        O::Returned(v) => Outcome::Returned(v.clone()),
        O::ReturnedNothing => Outcome::ReturnedNothing,
        O::ReturnedParts(p) => Outcome::ReturnedParts(p.iter().map(wit_part).collect()),
        O::ReturnedToolResult(r) => Outcome::ReturnedToolResult(ToolResult {
            parts: r.parts.iter().map(wit_part).collect(),
            is_error: r.is_error,
            typed_result: r.typed_result.clone(),
        }),
        O::Threw { type_name, message } => {
            Outcome::Threw(Exception { type_name: type_name.clone(), message: message.clone() })
        }
        O::TimedOut(s) => Outcome::TimedOut(*s),
        O::InvalidArguments(messages) => Outcome::InvalidArguments(messages.clone()),
    }
}

fn component(c: &Case) -> Result<String, String> {
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    component_on(&mut host, c)
}

fn component_on(host: &mut host_demo::Host<'_>, c: &Case) -> Result<String, String> {
    let context = TypeContext { types: c.types.clone(), naming: c.naming.clone(), mode: Mode::Generator };
    let answer = host
        .encode_result(&c.tool, &c.returns, &context, &wit_outcome(&c.outcome), c.ends_loop)
        .map_err(|e| e.to_string())?;
    Ok(render(match answer {
        Ok(r) => Ok(tool_schema::ToolResult {
            parts: r
                .parts
                .into_iter()
                .map(|p| match p {
                    Part::Text(t) => tool_schema::Part::Text(t),
                    Part::Json(j) => tool_schema::Part::Json(j),
                })
                .collect(),
            is_error: r.is_error,
            typed_result: r.typed_result,
        }),
        Err(d) => Err(component_answer(Err(d))),
    }))
}

fn run_case(c: &Case) -> Result<(), Failed> {
    let native = native(c);
    let component = component(c)?;
    if native != component {
        return Err(format!("native and component differ\n native:    {native}\n component: {component}").into());
    }
    let expected = c.expect.as_ref().ok_or("the case has no 'expect' (BLESS=1 writes it)")?;
    Ok(conformance::check(golden_of(&native), golden_of(&component), expected)?)
}

/// Outcomes built to be large, as a hostile (or broken) host would hand
/// them in: each answered with diagnostics, the first 100 then how many
/// more, within a second natively (a bound, not a benchmark), identically
/// through the component, whose instance then answers the next call.
fn hostile_trials() -> Vec<Trial> {
    let million = || vec!["\"a\""; 1_000_000].join(",");
    let cases: Vec<(&str, &str, tool_schema::Outcome, &str)> = vec![
        (
            "a-million-mismatched-values",
            "List<int>",
            tool_schema::Outcome::Returned(format!("[{}]", million())),
            "999900 more problems are not listed (at most 100 are).",
        ),
        (
            "200000-parts-that-are-not-json",
            "List<Part>",
            tool_schema::Outcome::ReturnedParts(vec![tool_schema::Part::Json("{".into()); 200_000]),
            "199900 more problems are not listed (at most 100 are).",
        ),
    ];
    let mut trials: Vec<Trial> = cases
        .into_iter()
        .map(|(name, returns, outcome, last)| {
            Trial::test(format!("hostile/{name}"), move || {
                let case = Case {
                    tool: "x".into(),
                    returns: returns.into(),
                    types: None,
                    naming: None,
                    ends_loop: false,
                    outcome,
                    expect: None,
                };
                let started = std::time::Instant::now();
                let native = native(&case);
                let took = started.elapsed();
                if took > std::time::Duration::from_secs(1) {
                    return Err(format!("answered natively in {took:?}, more than a second").into());
                }
                let answer = parse(golden_of(&native))?;
                let diags = answer.get("diagnostics").and_then(Value::as_array).ok_or("not refused")?;
                let said = |i: usize, k: &str| diags.get(i).and_then(|d| d.get(k)).and_then(Value::as_str);
                if diags.len() != 101 || said(100, "message") != Some(last) || said(100, "code") != Some("OLE004") {
                    return Err(format!(
                        "expected 100 diagnostics then '{last}', got {} ending {:?}",
                        diags.len(),
                        said(diags.len() - 1, "message")
                    )
                    .into());
                }
                next_call_works(&case, &native)
            })
        })
        .collect();
    trials.push(Trial::test("hostile/past-a-lowered-work-budget", || {
        let values: Vec<String> = (0..10_000).map(|i| i.to_string()).collect();
        let case = Case {
            tool: "x".into(),
            returns: "List<int>".into(),
            types: None,
            naming: None,
            ends_loop: false,
            outcome: tool_schema::Outcome::Returned(format!("[{}]", values.join(","))),
            expect: None,
        };
        let answers = conformance::past_the_budget(1_000, || native(&case), |host| component_on(host, &case))?;
        let want = r#"{"diagnostics":[{"code":"OLE004","message":"Not answered: encoding the outcome takes more than the work budget of 1000 steps (a bound for inputs no other limit foresees).","path":"$"}]}"#;
        if golden_of(&answers.native) != want {
            return Err(format!("natively: {}", answers.native).into());
        }
        if answers.lowered != answers.native {
            return Err(format!("native and component differ\n native:    {}\n component: {}", answers.native, answers.lowered).into());
        }
        if !golden_of(&answers.restored).starts_with(r#"{"parts":[{"type":"json""#) {
            return Err(format!("with the default budget: {}", answers.restored).into());
        }
        Ok(())
    }));
    trials
}

/// The component's answer is the native one, and the same instance then
/// answers a small call.
fn next_call_works(case: &Case, native: &str) -> Result<(), Failed> {
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    let component = component_on(&mut host, case)?;
    if component != native {
        let cut = |s: &str| s.chars().take(600).collect::<String>();
        return Err(format!(
            "native and component differ\n native:    {}\n component: {}",
            cut(native),
            cut(&component)
        )
        .into());
    }
    let small = Case { returns: "int".into(), outcome: tool_schema::Outcome::Returned("1".into()), ..case.clone() };
    let next = component_on(&mut host, &small)?;
    if !golden_of(&next).starts_with(r#"{"parts":"#) {
        return Err(format!("the next call on the same instance answered {next}").into());
    }
    Ok(())
}
