//! `downconvert` and `restore-args`, natively and through the component.
//!
//! - `vectors/downconvert/*.json`: golden tables. A case has a `provider`
//!   (`anthropic`, `openai`, `gemini`, or `custom` with a `profile`, or
//!   `profileFrom` a built-in one with `profileEdit` merged in), a schema
//!   (`schema`, `schemaFile` relative to `tests/`, or a `tool` descriptor) and
//!   `expect`; a restore case also has the model's `answer` (or `answerText`).
//! - `acceptance/*`: every converted schema (golden, the contract's type rows,
//!   the real tool schemas) passes an acceptance checker written from the
//!   provider tables alone, or is refused with a diagnostic; and every
//!   constraint a change removed is in its node's hint (`hints.rs`).
//! - `roundtrip/*`: generated arguments (for the contract's type rows and
//!   every real tool schema), written as the model writes them for each
//!   target, restore to exactly what validate-args binds; broken ones give
//!   the same errors.
//! - `real/outcome-table`: the outcome per real schema and target, as written
//!   in docs/downconvert.md (`BLESS=1` rewrites it).

use conformance::acceptance::violations;
use conformance::cases::{DownconvertCase as Case, TypeCase, case_names, downconvert_cases as cases, type_cases};
use conformance::hints::unaccounted;
use conformance::roundtrip::{ModelShape, Rng, as_model_writes_args, generate, without_optional_nulls};
use conformance::{
    bless_table, blessing, codes_covered, component_answer, parse, runtime, sorted_json_files, vectors_dir,
};
use host_demo::Target as WitTarget;
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use tool_schema::json::Value;

const TARGETS: [&str; 3] = ["anthropic", "openai", "gemini"];

fn tests_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn change_value(pointer: &str, keyword: &str, action: &str, detail: &str) -> Value {
    Value::Object(vec![
        ("pointer".into(), Value::String(pointer.into())),
        ("keyword".into(), Value::String(keyword.into())),
        ("action".into(), Value::String(action.into())),
        ("detail".into(), Value::String(detail.into())),
    ])
}

fn converted_json(schema: &str, changes: Vec<Value>, lossless: bool) -> String {
    Value::Object(vec![
        ("schema".into(), parse(schema).unwrap_or(Value::String(schema.into()))),
        ("changes".into(), Value::Array(changes)),
        ("lossless".into(), Value::Bool(lossless)),
    ])
    .to_json()
}

fn errors_or_bound(r: Result<String, Vec<tool_schema::ArgError>>) -> String {
    match r {
        Ok(b) => format!("{{\"bound\":{b}}}"),
        Err(e) => tool_schema::validate::errors_json(&e),
    }
}

fn native(c: &Case) -> String {
    let target = c.target();
    match &c.answer {
        Some(answer) => errors_or_bound(tool_schema::restore_args(&c.schema, target, answer)),
        None => match tool_schema::downconvert(&c.schema, target) {
            Ok(d) => {
                let changes = d
                    .changes
                    .iter()
                    .map(|x| change_value(&x.pointer, &x.keyword, x.action.as_str(), &x.detail))
                    .collect();
                converted_json(&d.schema, changes, d.lossless)
            }
            Err(diags) => tool_schema::diag::diagnostics_json(&diags),
        },
    }
}

fn component(c: &Case) -> Result<String, String> {
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    component_on(&mut host, c)
}

/// The answer of `host`'s instance to `c`.
fn component_on(host: &mut host_demo::Host<'_>, c: &Case) -> Result<String, String> {
    let target = match (&c.profile, c.provider.as_str()) {
        (Some(p), _) => WitTarget::Custom(p.clone()),
        (None, "anthropic") => WitTarget::Anthropic,
        (None, "openai") => WitTarget::Openai,
        (None, "gemini") => WitTarget::Gemini,
        (None, name) => WitTarget::Surface(name.to_owned()),
    };
    Ok(match &c.answer {
        Some(answer) => match host.restore_args(&c.schema, &target, answer).map_err(|e| e.to_string())? {
            Ok(b) => format!("{{\"bound\":{b}}}"),
            Err(e) => tool_schema::validate::errors_json(
                &e.into_iter().map(|e| conformance::arg_error(e.path, e.keyword, e.message)).collect::<Vec<_>>(),
            ),
        },
        None => match host.downconvert(&c.schema, &target).map_err(|e| e.to_string())? {
            Ok(d) => {
                let changes = d
                    .changes
                    .iter()
                    .map(|x| change_value(&x.pointer, &x.keyword, host_demo::action_name(x.action), &x.detail))
                    .collect();
                converted_json(&d.schema, changes, d.lossless)
            }
            Err(diags) => component_answer(Err(diags)),
        },
    })
}

/// A converted schema passes `target`'s acceptance check (when the target
/// is a built-in one), and every constraint a change removed is in a hint.
fn check_output(target: Option<&str>, schema: &Value, changes: &[(String, String, String)]) -> Result<(), Failed> {
    let mut problems = target.map(|t| violations(t, schema)).unwrap_or_default();
    problems.extend(unaccounted(schema, changes));
    if problems.is_empty() {
        return Ok(());
    }
    Err(format!("the converted schema for {}:\n{}", target.unwrap_or("a custom profile"), problems.join("\n")).into())
}

fn change_triples(d: &tool_schema::Downconverted) -> Vec<(String, String, String)> {
    d.changes.iter().map(|c| (c.pointer.clone(), c.keyword.clone(), c.action.as_str().to_owned())).collect()
}

/// Converts `schema` natively for `t` and checks the output; a refusal must
/// be the target's (`OLP…`).
fn converted_and_checked(schema: &str, t: &str) -> Result<(), Failed> {
    match tool_schema::downconvert(schema, tool_schema::Target::BuiltIn(t)) {
        Ok(d) => check_output(Some(t), &parse(&d.schema)?, &change_triples(&d)),
        Err(diags) if diags.iter().all(|d| d.code.as_str().starts_with("OLP")) => Ok(()),
        Err(diags) => Err(format!("{t}: refused for a reason that is not the target's: {diags:?}").into()),
    }
}

fn run_case(c: &Case) -> Result<(), Failed> {
    let native = native(c);
    let component = component(c)?;
    let expected = c.expect.as_ref().ok_or("the case has no 'expect' (BLESS=1 writes it)")?;
    conformance::check(&native, &component, expected)?;
    // Every schema a built-in target gets passes that target's acceptance
    // check, and every schema keeps what it removed as a hint.
    if c.answer.is_none()
        && let Ok(d) = tool_schema::downconvert(&c.schema, c.target())
    {
        let built_in = c.profile.is_none() && TARGETS.contains(&c.provider.as_str());
        check_output(built_in.then_some(c.provider.as_str()), &parse(&d.schema)?, &change_triples(&d))?;
    }
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = vectors_dir().join("downconvert");
    if blessing() {
        for path in sorted_json_files(&dir) {
            bless_table(&path, |file| cases(file).iter().map(native).collect());
        }
        std::fs::write(docs_path(), outcome_doc()).expect("write docs/downconvert.md");
    }
    let mut trials = Vec::new();
    for path in sorted_json_files(&dir) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        for (i, (case, name)) in cases(&file).into_iter().zip(case_names(&file)).enumerate() {
            trials.push(Trial::test(format!("downconvert/{table}/{i:02}:{name}"), move || run_case(&case)));
        }
    }
    trials.extend(contract_row_trials());
    trials.push(Trial::test("real/outcome-table", || {
        let written = std::fs::read_to_string(docs_path()).map_err(|e| e.to_string())?;
        if written != outcome_doc() {
            return Err("docs/downconvert.md is out of date with the converter (BLESS=1 rewrites it)".into());
        }
        Ok(())
    }));
    trials.push(Trial::test("edge/nested-200-levels", nested_200));
    trials.push(Trial::test("hostile/deep-and-long-references", hostile_depths));
    trials.push(Trial::test("hostile/past-a-lowered-work-budget", past_the_work_budget));
    trials.push(Trial::test("hostile/restore-many-pairs", hostile_pairs));
    trials.push(Trial::test("hostile/budget-plan-of-10000-tools", hostile_plan));
    trials.push(Trial::test("hostile/a-union-of-1000-branches-on-every-surface", hostile_union));
    trials.push(Trial::test("budget/every-documented-limit", budgets));
    trials.push(Trial::test("coverage/every-provider-code", || Ok(codes_covered(&["downconvert"], &["OLP"])?)));
    libtest_mimic::run(&args, trials).exit();
}

/// The contract's type rows (the describe-type golden fragments), each as the
/// one parameter of a tool: converted for every target, accepted by each, and
/// round-tripped with generated arguments.
fn contract_row_trials() -> Vec<Trial> {
    let mut trials = Vec::new();
    for path in sorted_json_files(&vectors_dir().join("describe-type")) {
        let table = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let file = parse(&std::fs::read_to_string(&path).expect("read table")).expect("table parses");
        for (i, case) in type_cases(&file).into_iter().enumerate() {
            let Some(fragment) = fragment_of(&case) else { continue };
            let schema = format!(
                r#"{{"type":"object","properties":{{"v":{fragment},"w":{fragment}}},"required":["v"],"additionalProperties":false}}"#
            );
            let name = format!("{table}/{i:02}:{}", case.ty);
            let s = schema.clone();
            trials.push(Trial::test(format!("acceptance/contract-rows/{name}"), move || accepted_everywhere(&s)));
            trials.push(Trial::test(format!("roundtrip/contract-rows/{name}"), move || round_trips(&schema, 40)));
        }
    }
    for path in sorted_json_files(&tests_dir().join("real-tool-schemas/schemas")) {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let p = path.clone();
        trials.push(Trial::test(format!("roundtrip/real/{name}"), move || {
            let schema = std::fs::read_to_string(&p).map_err(|e| e.to_string())?;
            let targets: Vec<&str> = TARGETS
                .iter()
                .copied()
                .filter(|t| tool_schema::downconvert(&schema, tool_schema::Target::BuiltIn(t)).is_ok())
                .collect();
            let fitting = round_trip_rounds(&schema, 24, &targets)?;
            if fitting == 0 {
                return Err("no generated argument set fits the schema, so nothing was round-tripped".into());
            }
            Ok(())
        }));
        trials.push(Trial::test(format!("acceptance/real/{name}"), move || {
            let schema = std::fs::read_to_string(&path).map_err(|e| e.to_string())?;
            TARGETS.iter().try_for_each(|t| converted_and_checked(&schema, t))
        }));
    }
    trials
}

fn fragment_of(case: &TypeCase) -> Option<String> {
    let expect = case.expect.as_ref()?;
    if expect.get("diagnostics").is_some() {
        return None;
    }
    Some(expect.to_json())
}

fn accepted_everywhere(schema: &str) -> Result<(), Failed> {
    for t in TARGETS {
        let d = tool_schema::downconvert(schema, tool_schema::Target::BuiltIn(t))
            .map_err(|d| format!("{t}: refused: {d:?}"))?;
        check_output(Some(t), &parse(&d.schema)?, &change_triples(&d))?;
    }
    Ok(())
}

/// Generated arguments valid against `schema` come back exactly as
/// validate-args binds them; with one value broken, restore-args reports
/// what validate-args reports.
fn round_trips(schema: &str, rounds: u64) -> Result<(), Failed> {
    let fitting = round_trip_rounds(schema, rounds, &TARGETS)?;
    if fitting < rounds / 4 {
        return Err(format!("only {fitting} of {rounds} generated argument sets fit the schema").into());
    }
    Ok(())
}

/// Round trips of generated arguments through `targets`; how many of the
/// `rounds` argument sets fit the schema (the generator does not read
/// every pattern or composition, and those that do not fit are skipped).
fn round_trip_rounds(schema: &str, rounds: u64, targets: &[&str]) -> Result<u64, Failed> {
    let root = parse(schema)?;
    let original = conformance::roundtrip::flatten(&root).ok_or("a recursive schema")?;
    let mut fitting = 0;
    for seed in 0..rounds {
        let mut rng = Rng::new(seed + 1);
        let args = generate(&original, &mut rng, 0);
        if args.to_json().contains(conformance::roundtrip::CUT) {
            continue;
        }
        // The generator does not read every pattern; arguments it gets wrong are not a round trip.
        if tool_schema::validate_args(schema, &args.to_json(), tool_schema::Options::default()).is_err() {
            continue;
        }
        fitting += 1;
        for &t in targets {
            let shape = ModelShape::of(t);
            let kept = if shape.all_properties { without_optional_nulls(&args, &original) } else { args.clone() };
            let bound = tool_schema::validate_args(schema, &kept.to_json(), tool_schema::Options::default())
                .map_err(|e| format!("seed {seed}: {e:?}"))?;
            let answer = as_model_writes_args(&args, &original, shape).to_json();
            let restored = tool_schema::restore_args(schema, tool_schema::Target::BuiltIn(t), &answer);
            // What binding added is validated too: a default the schema's
            // own property refuses is an error, not an answer.
            let default_refused = tool_schema::validate_args(schema, &bound, tool_schema::Options::default()).is_err();
            if default_refused {
                if restored.is_ok() {
                    return Err(
                        format!("seed {seed}, {t}: {answer} restored to {restored:?}, past a refused default").into()
                    );
                }
                continue;
            }
            if restored.as_ref() != Ok(&bound) {
                return Err(format!(
                    "seed {seed}, {t}: {} → {answer} restored to {restored:?}, not {bound}",
                    args.to_json()
                )
                .into());
            }
        }
        // Break one value: a string where the first property's value is.
        if let Value::Object(mut members) = args.clone()
            && let Some((_, v)) = members.first_mut()
        {
            *v = Value::Array(vec![Value::String("broken".into()), Value::Bool(true)]);
            let broken = Value::Object(members);
            let want = tool_schema::validate_args(schema, &broken.to_json(), tool_schema::Options::default());
            let Err(want) = want else { continue };
            for &t in targets {
                let answer = as_model_writes_args(&broken, &original, ModelShape::of(t)).to_json();
                let got = tool_schema::restore_args(schema, tool_schema::Target::BuiltIn(t), &answer);
                let Err(got) = got else {
                    return Err(format!("seed {seed}, {t}: broken arguments restored without errors").into());
                };
                let key = |e: &tool_schema::ArgError| (e.path.clone(), e.keyword.clone());
                if got.iter().map(key).collect::<Vec<_>>() != want.iter().map(key).collect::<Vec<_>>() {
                    return Err(format!(
                        "seed {seed}, {t}: restore-args errors {got:?} differ from validate-args {want:?}"
                    )
                    .into());
                }
            }
        }
    }
    Ok(fitting)
}

fn nested_200() -> Result<(), Failed> {
    let mut inner = r#"{"type":"string","minLength":1}"#.to_owned();
    for _ in 0..200 {
        inner = format!(r#"{{"type":"object","properties":{{"a":{inner}}},"required":["a"]}}"#);
    }
    // OpenAI documents 10 levels of objects at most: refused there, with the count.
    for t in ["anthropic", "gemini"] {
        let d = tool_schema::downconvert(&inner, tool_schema::Target::BuiltIn(t)).map_err(|d| format!("{t}: {d:?}"))?;
        check_output(Some(t), &parse(&d.schema)?, &change_triples(&d))?;
    }
    let native = match tool_schema::downconvert(&inner, tool_schema::Target::BuiltIn("openai")) {
        Err(d) if d.len() == 1 && d[0].code.as_str() == "OLP005" && d[0].message.contains("has 200, 190 over") => d,
        other => return Err(format!("openai: {other:?}").into()),
    };
    let rt = runtime()?;
    let mut host = rt.instantiate().map_err(|e| e.to_string())?;
    let through = host.downconvert(&inner, &WitTarget::Openai).map_err(|e| e.to_string())?;
    match through {
        Err(d) if d.len() == 1 && d[0].message == native[0].message => {}
        other => return Err(format!("the component answered differently: {other:?}").into()),
    }
    // The deepest conversions within the limits, through the component as
    // natively, on one instance (no trap: its stack holds them): the 200
    // levels of objects, and arrays nested as deep as a schema may be read.
    let mut items = r#"{"type":"integer"}"#.to_owned();
    for _ in 0..255 {
        items = format!(r#"{{"type":"array","items":{items}}}"#);
    }
    for (schema, shape) in [(&inner, "objects"), (&items, "arrays")] {
        for (t, wit) in
            [("anthropic", WitTarget::Anthropic), ("gemini", WitTarget::Gemini), ("openai", WitTarget::Openai)]
        {
            let native = tool_schema::downconvert(schema, tool_schema::Target::BuiltIn(t));
            let through = host.downconvert(schema, &wit).map_err(|e| format!("{shape}, {t}: {e}"))?;
            let same = match (&native, &through) {
                (Ok(n), Ok(c)) => n.schema == c.schema,
                (Err(n), Err(c)) => n.len() == c.len() && n.iter().zip(c).all(|(a, b)| a.message == b.message),
                _ => false,
            };
            if !same {
                return Err(format!("{shape}, {t}: natively {native:?}, through the component {through:?}").into());
            }
        }
    }
    Ok(())
}

/// A conversion spends one step of the work budget per node it writes:
/// past a lowered budget the answer is one `OLP004` at `$`, natively and
/// through the component, and the same instance converts the schema once the
/// budget is back.
fn past_the_work_budget() -> Result<(), Failed> {
    let properties: Vec<String> = (0..300).map(|i| format!(r#""p{i}":{{"type":"string"}}"#)).collect();
    let schema = format!(r#"{{"type":"object","properties":{{{}}}}}"#, properties.join(","));
    let case = Case { provider: "openai".to_owned(), profile: None, schema, answer: None, expect: None };
    let want = r#"{"diagnostics":[{"code":"OLP004","message":"Not answered: converting the schema takes more than the work budget of 100 steps (a bound for inputs no other limit foresees).","path":"$"}]}"#;
    let answers = conformance::past_the_budget(100, || native(&case), |host| component_on(host, &case))?;
    if answers.native != want {
        return Err(format!("natively: {}", answers.native).into());
    }
    if answers.lowered != answers.native {
        return Err(format!(
            "native and component differ\n native:    {}\n component: {}",
            answers.native, answers.lowered
        )
        .into());
    }
    if answers.restored != native(&case) || !answers.restored.starts_with(r#"{"schema":"#) {
        return Err(format!("with the default budget: {:.200}", answers.restored).into());
    }
    Ok(())
}

fn hostile_depths() -> Result<(), Failed> {
    let chain = |n: usize, extra: &str| {
        let defs: Vec<String> = (0..n)
            .map(|i| format!(r##""d{i}":{{{extra}"$ref":"#/$defs/d{}"}}"##, i + 1))
            .chain([format!(r#""d{n}":{{"type":"string"}}"#)])
            .collect();
        format!(r##"{{"$defs":{{{}}},"type":"object","properties":{{"a":{{"$ref":"#/$defs/d0"}}}}}}"##, defs.join(","))
    };
    let nest = |n: usize, wrap: &dyn Fn(&str) -> String| {
        let mut s = r#"{"type":"string"}"#.to_owned();
        for _ in 0..n {
            s = wrap(&s);
        }
        format!(r#"{{"type":"object","properties":{{"a":{s}}},"required":["a"]}}"#)
    };
    let items = |s: &str| format!(r#"{{"type":"array","items":{s}}}"#);
    let any_of = |s: &str| format!(r#"{{"anyOf":[{{"type":"array","items":{s}}},{{"type":"null"}}]}}"#);
    let schemas = [
        ("a chain of 450 references", chain(450, "")),
        ("a chain of 2,500 references", chain(2_500, "")),
        ("a chain of 1,000 annotated references", chain(1_000, r#""description":"d","#)),
        ("items nested 199 deep", nest(199, &items)),
        ("items nested 300 deep", nest(300, &items)),
        ("anyOf and items nested 120 deep", nest(120, &any_of)),
    ];
    for (what, schema) in &schemas {
        for t in TARGETS {
            let case =
                Case { provider: t.to_owned(), profile: None, schema: schema.clone(), answer: None, expect: None };
            let started = std::time::Instant::now();
            let native = native(&case);
            if started.elapsed() > std::time::Duration::from_secs(1) {
                return Err(format!("{what}, {t}: {:?} natively", started.elapsed()).into());
            }
            let through = component(&case).map_err(|e| format!("{what}, {t}: {e}"))?;
            if through != native {
                return Err(format!("{what}, {t}: the component answered differently").into());
            }
            let code = parse(&native)?.get("diagnostics").and_then(Value::as_array).and_then(|d| d.first()).cloned();
            if let Some(d) = code
                && d.get("code").and_then(Value::as_str) != Some("OLP004")
            {
                return Err(format!("{what}, {t}: expected a conversion or OLP004, got {native}").into());
            }
        }
    }
    Ok(())
}

/// 10,000 tools in one request, for every surface: each tool placed, the
/// strict ones within every limit, natively in under a second each (a
/// conversion of the 10,000 small tools is most of it), and the same plan
/// through the component.
fn hostile_plan() -> Result<(), Failed> {
    let tools: Vec<String> = (0..10_000)
        .map(|i| {
            format!(
                r#"{{"type":"object","properties":{{"q{i}":{{"type":"string"}},"n":{{"type":["integer","null"]}}}},"required":["q{i}"]}}"#
            )
        })
        .collect();
    let texts: Vec<&str> = tools.iter().map(String::as_str).collect();
    let rt = runtime()?;
    for (surface, _) in tool_schema::PROVIDERS {
        let started = std::time::Instant::now();
        let plan = tool_schema::budget_plan(&texts, &[], tool_schema::Target::BuiltIn(surface))
            .map_err(|d| format!("{surface}: {d:?}"))?;
        let took = started.elapsed();
        println!("budget-plan of 10,000 tools for {surface}: {took:?}");
        if took > std::time::Duration::from_secs(1) {
            return Err(format!("{surface}: {took:?} natively for 10,000 tools").into());
        }
        if plan.tools.len() != texts.len() {
            return Err(format!("{surface}: {} tools placed of {}", plan.tools.len(), texts.len()).into());
        }
        let strict: Vec<&str> = plan
            .tools
            .iter()
            .filter(|t| t.placement == tool_schema::downconvert::plan::Placement::Strict)
            .map(|t| texts[t.tool])
            .collect();
        let over = tool_schema::budget(&strict, tool_schema::Target::BuiltIn(surface)).map_err(|d| format!("{d:?}"))?;
        if !over.is_empty() {
            return Err(format!("{surface}: the plan's {} strict tools are over {over:?}", strict.len()).into());
        }
        if *surface == "anthropic-tools" {
            let mut host = rt.instantiate().map_err(|e| e.to_string())?;
            let through = host
                .budget_plan(&tools, &[], &WitTarget::Surface((*surface).to_owned()))
                .map_err(|e| e.to_string())?
                .map_err(|d| format!("{d:?}"))?;
            let same = through.tools.len() == plan.tools.len()
                && through
                    .tools
                    .iter()
                    .zip(&plan.tools)
                    .all(|(a, b)| a.reason == b.reason && a.tool as usize == b.tool);
            if !same {
                return Err(format!("{surface}: the component's plan differs from the native one").into());
            }
        }
    }
    Ok(())
}

/// A root object whose one property is a union of 1,000 object branches,
/// converted for every surface with its report (which surfaces take it,
/// what of it is dead), natively in under a second each; a branch no value
/// satisfies is reported where it is.
fn hostile_union() -> Result<(), Failed> {
    let branches: Vec<String> = (0..1000)
        .map(|i| {
            if i == 500 {
                r#"{"type":"string","minLength":5,"maxLength":2}"#.to_owned()
            } else {
                format!(r#"{{"type":"object","properties":{{"k{i}":{{"type":"integer"}}}},"required":["k{i}"],"additionalProperties":false}}"#)
            }
        })
        .collect();
    let schema = format!(
        r#"{{"type":"object","properties":{{"u":{{"anyOf":[{}]}}}},"required":["u"],"additionalProperties":false}}"#,
        branches.join(",")
    );
    for (surface, _) in tool_schema::PROVIDERS {
        let started = std::time::Instant::now();
        let answer = tool_schema::downconvert(&schema, tool_schema::Target::BuiltIn(surface));
        let took = started.elapsed();
        println!("a union of 1,000 branches for {surface}: {took:?}");
        if took > std::time::Duration::from_secs(1) {
            return Err(format!("{surface}: {took:?} natively").into());
        }
        match answer {
            Ok(d) if d.report.dead.iter().any(|b| b.pointer == "/properties/u/anyOf/500") => {}
            Ok(d) => return Err(format!("{surface}: the dead branch is not reported: {:?}", d.report.dead).into()),
            Err(diags) if diags.iter().all(|d| d.code.as_str().starts_with("OLP")) => {}
            Err(diags) => return Err(format!("{surface}: {diags:?}").into()),
        }
    }
    Ok(())
}

/// A dictionary sent back as 150,000 `{key, value}` pairs (4.7 MB): restored
/// in time linear in the pairs, with a repeated key found, natively in
/// under a second, and the same through the component.
fn hostile_pairs() -> Result<(), Failed> {
    let schema = r#"{"type":"object","properties":{"counts":{"type":"object","additionalProperties":{"type":"integer"}}},"required":["counts"],"additionalProperties":false}"#;
    // Quadratic work took 6.5 s at 50,000 pairs; linear takes about 0.2 s,
    // which leaves room under the bound for a loaded machine.
    for (n, repeat) in [(50_000, false), (50_000, true)] {
        let mut pairs: Vec<String> = (0..n).map(|i| format!(r#"{{"key":"k{i}","value":{i}}}"#)).collect();
        if repeat {
            pairs.push(r#"{"key":"k7","value":7}"#.to_owned());
        }
        let answer = format!(r#"{{"counts":[{}]}}"#, pairs.join(","));
        let case = Case {
            provider: "openai".to_owned(),
            profile: None,
            schema: schema.to_owned(),
            answer: Some(answer),
            expect: None,
        };
        let started = std::time::Instant::now();
        let native = native(&case);
        let took = started.elapsed();
        if took > std::time::Duration::from_secs(1) {
            return Err(format!("{n} pairs: {took:?} natively").into());
        }
        let restored = parse(&native)?;
        let counts = restored.get("bound").and_then(|b| b.get("counts")).and_then(Value::as_object).map(<[_]>::len);
        match (repeat, counts) {
            (false, Some(len)) if len == n => {}
            (true, None) if native.contains("in two pairs") => {}
            (_, got) => return Err(format!("{n} pairs (repeat {repeat}): got {got:?} members: {:.200}", native).into()),
        }
        let through = component(&case).map_err(|e| format!("{n} pairs: {e}"))?;
        if through != native {
            return Err(format!("{n} pairs: the component answered differently").into());
        }
    }
    Ok(())
}

/// A tool set for one documented limit, at it (`past` false) or one past it.
/// A tool set at a limit of `allowed` (or one past it): `None` for a limit
/// whose set is built for one documented number only, at another number.
fn budget_set(limit: &str, allowed: u64, past: bool) -> Option<Vec<String>> {
    let at = usize::try_from(allowed).unwrap_or(usize::MAX);
    let n = |_documented: usize| if past { at + 1 } else { at };
    let object = |props: Vec<(String, Value)>, required: Vec<String>| {
        Value::Object(vec![
            ("type".into(), Value::String("object".into())),
            ("properties".into(), Value::Object(props)),
            ("required".into(), Value::Array(required.into_iter().map(Value::String).collect())),
            ("additionalProperties".into(), Value::Bool(false)),
        ])
    };
    let string = || Value::Object(vec![("type".into(), Value::String("string".into()))]);
    let plain = || object(vec![("a".into(), string())], vec!["a".into()]).to_json();
    let enum_of = |values: Vec<String>| {
        Value::Object(vec![
            ("type".into(), Value::String("string".into())),
            ("enum".into(), Value::Array(values.into_iter().map(Value::String).collect())),
        ])
    };
    Some(match limit {
        "tools" | "declarations" => (0..n(20)).map(|_| plain()).collect(),
        "optionalParameters" => {
            let props = (0..n(24)).map(|i| (format!("o{i}"), string())).collect();
            vec![object(props, vec![]).to_json()]
        }
        "unions" => {
            let union = || {
                Value::Object(vec![(
                    "type".into(),
                    Value::Array(vec![Value::String("string".into()), Value::String("integer".into())]),
                )])
            };
            let props: Vec<(String, Value)> = (0..n(16)).map(|i| (format!("u{i}"), union())).collect();
            let names = props.iter().map(|(k, _)| k.clone()).collect();
            vec![object(props, names).to_json()]
        }
        "properties" => {
            let props: Vec<(String, Value)> = (0..n(5000)).map(|i| (format!("p{i}"), string())).collect();
            let names = props.iter().map(|(k, _)| k.clone()).collect();
            vec![object(props, names).to_json()]
        }
        "nesting" => {
            let mut inner = object(vec![("a".into(), string())], vec!["a".into()]);
            for _ in 1..n(10) {
                inner = object(vec![("a".into(), inner)], vec!["a".into()]);
            }
            vec![inner.to_json()]
        }
        "enumValues" => {
            let values = (0..n(1000)).map(|i| format!("v{i}")).collect();
            vec![object(vec![("e".into(), enum_of(values))], vec!["e".into()]).to_json()]
        }
        "stringLength" if allowed != 120_000 => return None,
        "enumStringLength" if allowed != 15_000 => return None,
        "stringLength" => {
            // 100 names of 1,200 characters: 120,000.
            let props: Vec<(String, Value)> = (0..100)
                .map(|i| (format!("{i:03}{}", "n".repeat(1197 + usize::from(past && i == 0))), string()))
                .collect();
            let names = props.iter().map(|(k, _)| k.clone()).collect();
            vec![object(props, names).to_json()]
        }
        "enumStringLength" => {
            // 251 values (more than 250): 250 of 59 characters and one of 250, 15,000 in all.
            let mut values: Vec<String> = (0..250).map(|i| format!("{i:03}{}", "x".repeat(56))).collect();
            values.push("y".repeat(250 + usize::from(past)));
            vec![object(vec![("e".into(), enum_of(values))], vec!["e".into()]).to_json()]
        }
        other => panic!("no tool set for {other}"),
    })
}

/// Each documented limit of each built-in target: a tool set at it fits,
/// one past it is over by one, natively and through the component alike;
/// and downconvert refuses a schema past a per-schema limit (OLP005).
fn budgets() -> Result<(), Failed> {
    let rt = runtime()?;
    let mut checked = 0;
    let legacy = [("anthropic", WitTarget::Anthropic), ("openai", WitTarget::Openai), ("gemini", WitTarget::Gemini)];
    let surfaces = tool_schema::PROVIDERS.iter().map(|(n, _)| (*n, WitTarget::Surface((*n).to_owned())));
    for (t, wit) in legacy.into_iter().chain(surfaces) {
        let profile = tool_schema::downconvert::Profile::built_in(t).ok_or("a built-in profile")?;
        for limit in &profile.limits {
            for past in [false, true] {
                let Some(set) = budget_set(&limit.name, limit.allowed, past) else {
                    println!("budget {t} {}: no tool set at {}", limit.name, limit.allowed);
                    continue;
                };
                let texts: Vec<&str> = set.iter().map(String::as_str).collect();
                let native = tool_schema::budget(&texts, tool_schema::Target::BuiltIn(t))
                    .map_err(|d| format!("{t} {}: refused: {d:?}", limit.name))?;
                let mine: Vec<_> = native.iter().filter(|o| o.limit == limit.name).collect();
                match (past, mine.as_slice()) {
                    (false, []) => {}
                    (true, [o]) if o.measured == limit.allowed + 1 && o.allowed == limit.allowed => {}
                    (_, got) => return Err(format!("{t} {} (past: {past}): {got:?}", limit.name).into()),
                }
                let mut host = rt.instantiate().map_err(|e| e.to_string())?;
                let through = host.budget(&set, &wit).map_err(|e| e.to_string())?.map_err(|d| format!("{d:?}"))?;
                let same = through.len() == native.len()
                    && through.iter().zip(&native).all(|(a, b)| {
                        a.limit == b.limit && u64::from(a.measured) == b.measured && a.message == b.message
                    });
                if !same {
                    return Err(
                        format!("{t} {}: the component answered {through:?}, natively {native:?}", limit.name).into()
                    );
                }
                if limit.scope == tool_schema::downconvert::budget::Scope::Schema {
                    let d = tool_schema::downconvert(&set[0], tool_schema::Target::BuiltIn(t));
                    match (past, &d) {
                        (false, Ok(_)) => {}
                        (true, Err(diags)) if diags.iter().any(|d| d.code.as_str() == "OLP005") => {}
                        _ => return Err(format!("{t} {} (past: {past}): downconvert gave {d:?}", limit.name).into()),
                    }
                }
                checked += 1;
            }
        }
    }
    if checked < 16 {
        return Err(format!("only {checked} limit checks ran").into());
    }
    Ok(())
}

fn docs_path() -> std::path::PathBuf {
    tests_dir().join("../docs/downconvert.md")
}

/// One cell of the surface table: a rule as `provider-profile` gives it,
/// `*` after one not checked at the vendor.
fn rule_cell(rule: Option<&Value>) -> String {
    let Some(rule) = rule else { return "—".into() };
    let list = |k: &str| {
        rule.get(k).and_then(Value::as_array).map_or_else(String::new, |vs| {
            vs.iter().map(|v| v.as_str().map_or_else(|| v.to_json(), str::to_owned)).collect::<Vec<_>>().join(", ")
        })
    };
    let cell = match (rule.get("support").and_then(Value::as_str), rule.get("value")) {
        (Some("accepted"), _) => "yes".to_owned(),
        (Some("unenforced"), _) => "not enforced".to_owned(),
        (Some("false-only"), _) => "`false` only".to_owned(),
        (Some("rejected"), _) => "rejected".to_owned(),
        (Some("not-listed"), _) => "not listed".to_owned(),
        (Some("dropped"), _) => "dropped".to_owned(),
        (Some("limited"), _) if rule.get("regex").is_some() => {
            format!("{} only", rule.get("regex").and_then(Value::as_str).unwrap_or_default())
        }
        (Some("limited"), _) if rule.get("formats").is_some() => {
            format!("{} formats", list("formats").split(", ").count())
        }
        (Some("limited"), _) if rule.get("kinds").is_some() => list("kinds"),
        (Some("limited"), _) => list("values"),
        (_, Some(v)) => v.as_str().map_or_else(|| v.to_json(), str::to_owned),
        _ => "?".to_owned(),
    };
    let unchecked = matches!(rule.get("checked"), Some(Value::Bool(false)));
    if unchecked { format!("{cell}*") } else { cell }
}

/// The surface × keyword table: every keyword any built-in profile lists,
/// then the reshaping rules and the limits, as each profile says them.
fn surface_table() -> String {
    let profiles: Vec<(String, Value)> = tool_schema::PROVIDERS
        .iter()
        .map(|(n, text)| ((*n).to_owned(), parse(text).expect("a built-in profile parses")))
        .collect();
    let mut table = format!(
        "| | {} |\n|---|{}\n",
        profiles.iter().map(|(n, _)| format!("`{n}`")).collect::<Vec<_>>().join(" | "),
        "---|".repeat(profiles.len())
    );
    for (section, heading) in [("keywords", ""), ("reshape", "reshape: "), ("limits", "limit: ")] {
        let mut names: Vec<String> = Vec::new();
        for (_, p) in &profiles {
            for (k, _) in p.get(section).and_then(Value::as_object).unwrap_or_default() {
                if !names.contains(k) {
                    names.push(k.clone());
                }
            }
        }
        for name in names {
            let cells: Vec<String> = profiles
                .iter()
                .map(|(_, p)| {
                    let rule = p.get(section).and_then(|r| r.get(&name));
                    match (section, rule) {
                        ("limits", Some(l)) => {
                            let value = l.get("value").map(Value::to_json).unwrap_or_default();
                            let mark = if matches!(l.get("checked"), Some(Value::Bool(false))) { "*" } else { "" };
                            format!("{value}{mark}")
                        }
                        _ => rule_cell(rule),
                    }
                })
                .collect();
            table.push_str(&format!("| {heading}`{name}` | {} |\n", cells.join(" | ")));
        }
    }
    table
}

/// `doc` with the text between the markers `<!-- NAME: generated … -->` and
/// `<!-- end of NAME -->` replaced by `table`.
fn between_markers(doc: &str, begin: &str, end: &str, table: &str) -> String {
    match (doc.find(begin), doc.find(end)) {
        (Some(b), Some(e)) if b < e => format!("{}{begin}\n{table}{}", &doc[..b], &doc[e..]),
        _ => format!("{doc}\n{begin}\n{table}{end}\n"),
    }
}

/// docs/downconvert.md with its generated tables (between the markers) as
/// the profiles and the converter give them now.
fn outcome_doc() -> String {
    let path = docs_path();
    let doc = std::fs::read_to_string(&path).unwrap_or_default();
    let doc = between_markers(
        &doc,
        "<!-- surface table: generated by tests/tests/downconvert.rs -->",
        "<!-- end of surface table -->",
        &surface_table(),
    );
    let (begin, end) =
        ("<!-- outcome table: generated by tests/tests/downconvert.rs -->", "<!-- end of outcome table -->");
    let mut table = String::from("| schema | anthropic | openai | gemini |\n|---|---|---|---|\n");
    for path in sorted_json_files(&tests_dir().join("real-tool-schemas/schemas")) {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let schema = std::fs::read_to_string(&path).unwrap_or_default();
        let cells: Vec<String> = TARGETS
            .iter()
            .map(|t| match tool_schema::downconvert(&schema, tool_schema::Target::BuiltIn(t)) {
                Ok(d) if d.lossless && d.changes.is_empty() => "as is".to_owned(),
                Ok(d) if d.lossless => format!("lossless, {}", changes(d.changes.len())),
                Ok(d) => format!("lossy, {}", changes(d.changes.len())),
                Err(diags) => {
                    format!("refused: {}", diags.iter().map(|d| d.code.as_str()).collect::<Vec<_>>().join(", "))
                }
            })
            .collect();
        table.push_str(&format!("| `{name}` | {} |\n", cells.join(" | ")));
    }
    match (doc.find(begin), doc.find(end)) {
        (Some(b), Some(e)) if b < e => format!("{}{begin}\n{table}{}", &doc[..b], &doc[e..]),
        _ => format!("{doc}\n{begin}\n{table}{end}\n"),
    }
}

fn changes(n: usize) -> String {
    if n == 1 { "1 change".into() } else { format!("{n} changes") }
}
