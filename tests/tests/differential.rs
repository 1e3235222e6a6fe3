//! Verdicts compared over generated schemas and instances (seeded and
//! reproducible: `differential/seeds-N..M` names the seeds of a trial).
//!
//! Each (schema, instance) pair is answered four times: by our core natively,
//! by the component through wasmtime, and by two independent implementations
//! of JSON Schema, `boon` and `jsonschema`. Validation runs as plain JSON
//! Schema here: formats as annotations (the contract gives formats its own
//! meanings, checked by the format suite and the golden vectors) and any JSON
//! value at the root, for every validator.
//!
//! - Natively and through the component the answer must be the same text
//!   (bound arguments, the error list, or the schema's diagnostics).
//! - Our verdict (valid, invalid, schema refused) is compared with each
//!   reference's. A disagreement passes only if it falls in one of the
//!   [`CLASSES`] (each a narrow predicate with its reason); any other fails.
//!
//! The harness ends with a summary: per reference the pairs compared, the
//! agreements and each explained class with its count. `DIFFERENTIAL_SEEDS=N`
//! runs N seeds (each a schema with several instances) instead of the default;
//! `DIFFERENTIAL_SHOW=N` shows N failures of a trial (5).

use conformance::differential::{Case, Draft, Gen};
use host_demo::{FormatMode, Host, ValidateOptions};
use libtest_mimic::{Arguments, Failed, Trial};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::sync::Mutex;
use tool_schema::json::{Number, Value};

/// Seeds per trial, and the default number of seeds.
const PER_TRIAL: u64 = 100;
const DEFAULT_SEEDS: u64 = 2_000;
/// Instances per schema.
const INSTANCES: usize = 6;

fn options() -> tool_schema::Options {
    tool_schema::Options { formats: tool_schema::FormatMode::Annotate, any_value: true, ..Default::default() }
}

/// The same options for the component, limits included.
fn wit_options() -> ValidateOptions {
    let l = options().limits;
    ValidateOptions {
        formats: FormatMode::Annotate,
        any_value: true,
        limits: Some(host_demo::Limits {
            max_argument_bytes: l.max_argument_bytes as u64,
            max_argument_depth: l.max_argument_depth as u32,
            max_schema_bytes: l.max_schema_bytes as u64,
            max_schema_depth: l.max_schema_depth as u32,
            regex_backtrack_limit: l.regex_backtrack_limit as u64,
        }),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Verdict {
    Valid,
    Invalid,
    /// The schema is refused (or, for a reference, cannot be read).
    Refused,
}

/// A verdict and what stands behind it (our answer text, a reference's error).
#[derive(Clone, Debug)]
struct Answer {
    verdict: Verdict,
    detail: String,
}

impl Answer {
    fn new(verdict: Verdict, detail: impl Into<String>) -> Answer {
        Answer { verdict, detail: detail.into() }
    }
}

fn bound_json(bound: &str) -> String {
    format!("{{\"bound\":{bound}}}")
}

/// Our answers natively: the schema compiled once, then each instance.
fn native(schema: &str, instances: &[String]) -> Vec<Answer> {
    match tool_schema::Validator::compile(schema, options()) {
        Err(d) => vec![Answer::new(Verdict::Refused, tool_schema::diag::diagnostics_json(&d)); instances.len()],
        Ok(v) => instances
            .iter()
            .map(|i| match v.validate(i) {
                Ok(b) => Answer::new(Verdict::Valid, bound_json(&b)),
                Err(e) => Answer::new(Verdict::Invalid, tool_schema::validate::errors_json(&e)),
            })
            .collect(),
    }
}

fn to_core_errors(errors: Vec<host_demo::ArgError>) -> Vec<tool_schema::ArgError> {
    errors.into_iter().map(|e| conformance::arg_error(e.path, e.keyword, e.message)).collect()
}

/// Our answers through the component, in `host`: the schema compiled once,
/// then each instance. A trap is an answer of its own (the host replaces the
/// instance, and the next call runs in the new one).
fn component(host: &mut Host<'static>, schema: &str, instances: &[String]) -> Vec<Answer> {
    let trapped = |e: host_demo::HostError| Answer::new(Verdict::Refused, format!("trap: {e}"));
    let compiled = match host.compile(schema, Some(wit_options())) {
        Err(e) => return vec![trapped(e); instances.len()],
        Ok(Err(d)) => {
            let text = conformance::component_answer(Err(d));
            return vec![Answer::new(Verdict::Refused, text); instances.len()];
        }
        Ok(Ok(v)) => v,
    };
    let answers = instances
        .iter()
        .map(|i| match host.validate(&compiled, i) {
            Err(e) => trapped(e),
            Ok(Ok(b)) => Answer::new(Verdict::Valid, bound_json(&b)),
            Ok(Err(e)) => Answer::new(Verdict::Invalid, tool_schema::validate::errors_json(&to_core_errors(e))),
        })
        .collect();
    if let Err(e) = host.release(compiled) {
        eprintln!("cannot release a validator: {e}");
    }
    answers
}

fn serde(text: &str) -> Result<serde_json::Value, String> {
    serde_json::from_str(text).map_err(|e| format!("serde_json cannot read it: {e}"))
}

/// The generator's format names, each registered with boon as an
/// annotation: boon asserts formats under draft 7 and 2019-09 whatever it
/// is told, and they are annotations for every validator here.
const FORMATS: [&str; 3] = ["date", "email", "uuid"];

fn boon(schema: &str, instances: &[String]) -> Vec<Answer> {
    let compiled = (|| {
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        for name in FORMATS {
            compiler.register_format(boon::Format { name, func: |_| Ok(()) });
        }
        let url = "https://example.com/generated.json";
        compiler.add_resource(url, serde(schema)?).map_err(|e| e.to_string())?;
        let index = compiler.compile(url, &mut schemas).map_err(|e| format!("{e:#}"))?;
        Ok::<_, String>((schemas, index))
    })();
    match compiled {
        Err(e) => vec![Answer::new(Verdict::Refused, e); instances.len()],
        Ok((schemas, index)) => instances
            .iter()
            .map(|i| match serde(i) {
                Err(e) => Answer::new(Verdict::Refused, e),
                Ok(i) => match schemas.validate(&i, index) {
                    Ok(()) => Answer::new(Verdict::Valid, ""),
                    Err(e) => Answer::new(Verdict::Invalid, format!("{e}")),
                },
            })
            .collect(),
    }
}

fn jsonschema(schema: &str, instances: &[String]) -> Vec<Answer> {
    let compiled = serde(schema).and_then(|s| {
        jsonschema::options().should_validate_formats(false).build(&s).map_err(|e| format!("refused: {e}"))
    });
    match compiled {
        Err(e) => vec![Answer::new(Verdict::Refused, e); instances.len()],
        Ok(v) => instances
            .iter()
            .map(|i| match serde(i) {
                Err(e) => Answer::new(Verdict::Refused, e),
                Ok(i) => match v.validate(&i) {
                    Ok(()) => Answer::new(Verdict::Valid, ""),
                    Err(e) => Answer::new(Verdict::Invalid, format!("{e}")),
                },
            })
            .collect(),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reference {
    Boon,
    Jsonschema,
}

impl Reference {
    const ALL: [Reference; 2] = [Reference::Boon, Reference::Jsonschema];

    fn name(self) -> &'static str {
        match self {
            Reference::Boon => "boon",
            Reference::Jsonschema => "jsonschema",
        }
    }
}

/// One disagreement, as the classes see it.
struct Disagreement<'a> {
    case: &'a Case,
    instance: &'a Value,
    theirs: Verdict,
}

/// A listed, explained kind of disagreement with one reference: a narrow
/// predicate, which where it can shows the cause by a variant of the pair
/// (ours on the pair as the reference misreads it gives the reference's
/// verdict, or the reference on the pair without the cause gives ours).
struct Class {
    name: &'static str,
    reference: Reference,
    reason: &'static str,
    applies: fn(&Disagreement) -> bool,
}

/// Every disagreement the check accepts, each for one reference; the first
/// that applies counts it.
const CLASSES: &[Class] = &[
    Class {
        name: "draft7-meta-enum-unique",
        reference: Reference::Boon,
        reason: "boon's draft-07 meta-schema (the first published) wants enum items unique, which json-schema-spec#717 \
                 dropped (the spec says SHOULD); boon takes the schema with each enum deduplicated",
        applies: |d| {
            let deduped = rewrite(&d.case.schema, &mut |m| {
                for (k, v) in m.iter_mut() {
                    if k == "enum"
                        && let Value::Array(items) = v
                    {
                        // Equal as boon sees them: numbers as f64.
                        let mut kept: Vec<Value> = Vec::new();
                        for item in items.drain(..) {
                            let f64s = map_numbers(&item, &|_| true);
                            if !kept.iter().any(|k| same(&map_numbers(k, &|_| true), &f64s)) {
                                kept.push(item);
                            }
                        }
                        *items = kept;
                    }
                }
            });
            d.case.draft == Draft::D7
                && d.theirs == Verdict::Refused
                && deduped != d.case.schema
                && boon(&deduped.to_json(), &[d.instance.to_json()])[0].verdict != Verdict::Refused
        },
    },
    Class {
        name: "draft7-ref-siblings",
        reference: Reference::Boon,
        reason: "under draft 7 boon applies const, contains, propertyNames, if/then/else beside a $ref (draft 7 \
                 ignores every sibling); ours with them in an allOf beside the $ref gives boon's verdict",
        applies: |d| {
            const LATER: [&str; 6] = ["const", "contains", "propertyNames", "if", "then", "else"];
            let variant = rewrite(&d.case.schema, &mut |m| {
                if m.iter().any(|(k, _)| k == "$ref") && m.iter().any(|(k, _)| LATER.contains(&k.as_str())) {
                    let (moved, rest): (Vec<_>, Vec<_>) =
                        std::mem::take(m).into_iter().partition(|(k, _)| k == "$ref" || LATER.contains(&k.as_str()));
                    let (r, later): (Vec<_>, Vec<_>) = moved.into_iter().partition(|(k, _)| k == "$ref");
                    *m = rest;
                    m.push(("allOf".into(), Value::Array(vec![Value::Object(r), Value::Object(later)])));
                }
            });
            d.case.draft == Draft::D7 && variant != d.case.schema && ours_on(&variant, d.instance) == d.theirs
        },
    },
    Class {
        name: "beyond-f64",
        reference: Reference::Boon,
        reason: "boon reads numbers as f64: one past 1.8e308 has none, so boon skips the numeric keywords for it \
                 and takes it for no integer (jsonschema checks such numbers exactly)",
        applies: |d| any_number(d.instance, &beyond_f64) || any_number(&d.case.schema, &beyond_f64),
    },
    Class {
        name: "f64-rounding",
        reference: Reference::Boon,
        reason: "boon compares, tests integers and matches const/enum in f64; ours with every number of over 15 \
                 significant digits rounded to f64 gives boon's verdict",
        applies: |d| {
            let long = |t: &str| significant_digits(t) > 15;
            let schema = map_numbers(&d.case.schema, &long);
            let instance = map_numbers(d.instance, &long);
            (schema != d.case.schema || instance != *d.instance) && ours_on(&schema, &instance) == d.theirs
        },
    },
    Class {
        name: "f64-multipleOf",
        reference: Reference::Boon,
        reason: "boon divides in f64 for multipleOf (1 / 1e-9 = 999999999.9999999, quotients past 2^53 are whole): a \
                 number meets a divisor so, and without multipleOf boon and ours (rounded) agree",
        applies: |d| {
            let mut divisors = Vec::new();
            for m in collect(&d.case.schema, "multipleOf") {
                numbers_of(&m, &mut divisors);
            }
            let mut numbers = Vec::new();
            numbers_of(d.instance, &mut numbers);
            let misjudged = divisors.iter().any(|m| {
                numbers.iter().any(|x| {
                    let (Ok(xf), Ok(mf)) = (x.parse::<f64>(), m.parse::<f64>()) else { return false };
                    let f64_says = (xf / mf).fract() == 0.0;
                    let exact = |x: &Value, m: &Value| {
                        ours_on(&Value::Object(vec![("multipleOf".into(), m.clone())]), x) == Verdict::Valid
                    };
                    let (x, m) = (number(x), number(m));
                    let (xr, mr) = (map_numbers(&x, &|_| true), map_numbers(&m, &|_| true));
                    f64_says != exact(&x, &m) || f64_says != exact(&xr, &mr)
                })
            });
            let without = rewrite(&d.case.schema, &mut |m| m.retain(|(k, _)| k != "multipleOf"));
            misjudged && {
                let long = |t: &str| significant_digits(t) > 15;
                let rounded = (map_numbers(&without, &long), map_numbers(d.instance, &long));
                boon(&without.to_json(), &[d.instance.to_json()])[0].verdict == ours_on(&rounded.0, &rounded.1)
            }
        },
    },
    Class {
        name: "2019-contains-evaluates",
        reference: Reference::Jsonschema,
        reason: "under 2019-09 jsonschema counts the items contains matched as evaluated for unevaluatedItems, a \
                 2020-12 rule (2019-09 names items, additionalItems); ours on the 2020-12 spelling gives its verdict",
        applies: |d| {
            let mut modern = d.case.source.clone();
            if let Value::Object(m) = &mut modern {
                m.retain(|(k, _)| k != "$schema");
                m.insert(0, ("$schema".into(), Value::String(Draft::D2020.uri().into())));
            }
            d.case.draft == Draft::D2019
                && !collect(&d.case.schema, "contains").is_empty()
                && !collect(&d.case.schema, "unevaluatedItems").is_empty()
                && ours_on(&modern, d.instance) == d.theirs
        },
    },
    Class {
        name: "fraction-read-as-f64",
        reference: Reference::Jsonschema,
        reason: "jsonschema (arbitrary precision) reads an instance number written with a fraction or exponent as \
                 f64 (9223372036854775807.0 is 2^63); ours with those of over 15 digits rounded gives its verdict",
        applies: |d| {
            let written = |t: &str| t.contains(['.', 'e', 'E']) && significant_digits(t) > 15;
            let instance = map_numbers(d.instance, &written);
            instance != *d.instance && ours_on(&d.case.schema, &instance) == d.theirs
        },
    },
];

/// Our verdict on a variant of a pair.
fn ours_on(schema: &Value, instance: &Value) -> Verdict {
    native(&schema.to_json(), &[instance.to_json()])[0].verdict
}

/// JSON equality, numbers by value and members in any order.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.decimal() == y.decimal(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b)),
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len() && x.iter().all(|(k, v)| y.iter().any(|(k2, v2)| k == k2 && same(v, v2)))
        }
        _ => a == b,
    }
}

/// An object's members.
type Members = Vec<(String, Value)>;

/// `v` with `f` applied to every object in it, innermost first (the
/// generator's values hold no keyword names, so every object is a schema's).
fn rewrite(v: &Value, f: &mut dyn FnMut(&mut Members)) -> Value {
    match v {
        Value::Array(items) => Value::Array(items.iter().map(|i| rewrite(i, f)).collect()),
        Value::Object(members) => {
            let mut m = members.iter().map(|(k, v)| (k.clone(), rewrite(v, f))).collect();
            f(&mut m);
            Value::Object(m)
        }
        _ => v.clone(),
    }
}

/// The values of `key` in every object of `v`.
fn collect(v: &Value, key: &str) -> Vec<Value> {
    let mut out = Vec::new();
    rewrite(v, &mut |m| out.extend(m.iter().filter(|(k, _)| k == key).map(|(_, v)| v.clone())));
    out
}

fn numbers_of(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Number(n) => out.push(n.as_str().to_owned()),
        Value::Array(items) => items.iter().for_each(|i| numbers_of(i, out)),
        Value::Object(members) => members.iter().for_each(|(_, v)| numbers_of(v, out)),
        _ => {}
    }
}

fn any_number(v: &Value, p: &dyn Fn(&str) -> bool) -> bool {
    let mut numbers = Vec::new();
    numbers_of(v, &mut numbers);
    numbers.iter().any(|n| p(n))
}

/// The significant digits of a JSON number text (`0.00120e5` has 3).
fn significant_digits(text: &str) -> usize {
    let mantissa = text.split(['e', 'E']).next().unwrap_or(text);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    digits.trim_start_matches('0').trim_end_matches('0').len()
}

fn number(text: &str) -> Value {
    Value::Number(Number::parse(text).expect("a number"))
}

fn beyond_f64(text: &str) -> bool {
    text.parse::<f64>().is_ok_and(f64::is_infinite)
}

/// `v` with each number `pick` chooses replaced by the exact value of the
/// f64 nearest it (one past f64's range is left alone).
fn map_numbers(v: &Value, pick: &dyn Fn(&str) -> bool) -> Value {
    match v {
        Value::Number(n) if pick(n.as_str()) => {
            let Ok(f) = n.as_str().parse::<f64>() else { return v.clone() };
            if !f.is_finite() {
                return v.clone();
            }
            // Every f64 is a decimal of at most 1074 places; Rust prints them exactly.
            let text = format!("{f:.1074}");
            let text = text.trim_end_matches('0').trim_end_matches('.');
            let rounded = Number::parse(text).expect("a number");
            if rounded.decimal() == n.decimal() { v.clone() } else { Value::Number(rounded) }
        }
        Value::Array(items) => Value::Array(items.iter().map(|i| map_numbers(i, pick)).collect()),
        Value::Object(members) => {
            Value::Object(members.iter().map(|(k, v)| (k.clone(), map_numbers(v, pick))).collect())
        }
        _ => v.clone(),
    }
}

/// Counts of one run (or one trial, merged into the run's).
#[derive(Default)]
struct Tally {
    pairs: u64,
    /// Our verdicts, and the pairs of each declared draft.
    verdicts: BTreeMap<Verdict, u64>,
    drafts: BTreeMap<&'static str, u64>,
    /// Pairs whose native and component answers were compared, and those that differed.
    component: (u64, u64),
    /// Per reference: pairs compared, agreements.
    compared: BTreeMap<Reference, (u64, u64)>,
    /// Per class (by name): its count and the first seed it was seen in.
    explained: BTreeMap<&'static str, (u64, u64)>,
    /// Per reference: disagreements no class explains.
    unexplained: BTreeMap<Reference, u64>,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.pairs += other.pairs;
        for (v, n) in other.verdicts {
            *self.verdicts.entry(v).or_default() += n;
        }
        for (d, n) in other.drafts {
            *self.drafts.entry(d).or_default() += n;
        }
        self.component.0 += other.component.0;
        self.component.1 += other.component.1;
        for (r, (c, a)) in other.compared {
            let e = self.compared.entry(r).or_default();
            e.0 += c;
            e.1 += a;
        }
        for (name, (n, seed)) in other.explained {
            let e = self.explained.entry(name).or_insert((0, seed));
            e.0 += n;
            e.1 = e.1.min(seed);
        }
        for (r, n) in other.unexplained {
            *self.unexplained.entry(r).or_default() += n;
        }
    }
}

static TOTAL: Mutex<Option<Tally>> = Mutex::new(None);

thread_local! {
    /// One instance of the component for all the seeds a test thread runs.
    static HOST: RefCell<Option<Host<'static>>> = const { RefCell::new(None) };
}

fn show(case: &Case, instance: &str, answers: &[(&str, &Answer)]) -> String {
    let mut s = format!("seed {}:\n  schema:   {}\n  instance: {instance}", case.seed, case.text);
    for (who, a) in answers {
        s.push_str(&format!("\n  {who:<11} {:?} {}", a.verdict, a.detail));
    }
    s
}

/// Checks one seed's pairs, counting into `tally` and describing failures into `failures`.
fn check_seed(seed: u64, host: &mut Host<'static>, tally: &mut Tally, failures: &mut Vec<String>) {
    let case = Gen::case(seed, INSTANCES);
    let texts: Vec<String> = case.instances.iter().map(Value::to_json).collect();
    let ours = native(&case.text, &texts);
    let theirs = component(host, &case.text, &texts);
    let refs = [(Reference::Boon, boon(&case.text, &texts)), (Reference::Jsonschema, jsonschema(&case.text, &texts))];
    for (i, text) in texts.iter().enumerate() {
        tally.pairs += 1;
        *tally.verdicts.entry(ours[i].verdict).or_default() += 1;
        *tally.drafts.entry(case.draft.name()).or_default() += 1;
        tally.component.0 += 1;
        if ours[i].detail != theirs[i].detail {
            tally.component.1 += 1;
            failures.push(format!(
                "native and component differ, {}",
                show(&case, text, &[("native", &ours[i]), ("component", &theirs[i])])
            ));
        }
        for (reference, answers) in &refs {
            let counts = tally.compared.entry(*reference).or_default();
            counts.0 += 1;
            if answers[i].verdict == ours[i].verdict {
                counts.1 += 1;
                continue;
            }
            let d = Disagreement { case: &case, instance: &case.instances[i], theirs: answers[i].verdict };
            match CLASSES.iter().find(|c| c.reference == *reference && (c.applies)(&d)) {
                Some(class) => {
                    let e = tally.explained.entry(class.name).or_insert((0, seed));
                    e.0 += 1;
                    e.1 = e.1.min(seed);
                }
                None => {
                    *tally.unexplained.entry(*reference).or_default() += 1;
                    failures.push(format!(
                        "our verdict and {}'s differ, {}",
                        reference.name(),
                        show(&case, text, &[("ours", &ours[i]), (reference.name(), &answers[i])])
                    ));
                }
            }
        }
    }
}

fn run(from: u64, to: u64) -> Result<(), Failed> {
    let runtime = conformance::runtime()?;
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    HOST.with(|cell| -> Result<(), Failed> {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            *slot = Some(runtime.instantiate().map_err(|e| e.to_string())?);
        }
        let host = slot.as_mut().expect("an instance");
        for seed in from..to {
            check_seed(seed, host, &mut tally, &mut failures);
        }
        Ok(())
    })?;
    TOTAL.lock().expect("the tally").get_or_insert_with(Tally::default).merge(tally);
    if failures.is_empty() {
        return Ok(());
    }
    let show = std::env::var("DIFFERENTIAL_SHOW").ok().and_then(|s| s.parse().ok()).unwrap_or(5);
    let shown = failures.iter().take(show).cloned().collect::<Vec<_>>().join("\n");
    Err(format!("{} failures:\n{shown}", failures.len()).into())
}

/// The summary of the whole run, on stderr (`fuzz/fuzz.mk` copies it from
/// `differential summary:` to `unexplained:` into fuzz/results.md).
fn summary(t: &Tally) {
    let n = |v| t.verdicts.get(&v).copied().unwrap_or(0);
    let drafts: Vec<String> = [Draft::D2020, Draft::D2019, Draft::D7]
        .map(|d| format!("{} {}", t.drafts.get(d.name()).copied().unwrap_or(0), d.name()))
        .to_vec();
    eprintln!("differential summary:");
    eprintln!(
        "verdicts over {} pairs: {} valid, {} invalid, {} schemas refused (ours); by declared draft: {}",
        t.pairs,
        n(Verdict::Valid),
        n(Verdict::Invalid),
        n(Verdict::Refused),
        drafts.join(", ")
    );
    eprintln!(
        "native and through the component: {} pairs compared (the whole answer text), {} differ",
        t.component.0, t.component.1
    );
    let mut unexplained = 0;
    for r in Reference::ALL {
        let (compared, agree) = t.compared.get(&r).copied().unwrap_or_default();
        let left = t.unexplained.get(&r).copied().unwrap_or(0);
        unexplained += left;
        eprintln!(
            "{}: {compared} pairs compared, {agree} agree, {} differ in an explained class, {left} unexplained",
            r.name(),
            compared - agree - left
        );
        for c in CLASSES.iter().filter(|c| c.reference == r) {
            let (count, seed) = t.explained.get(c.name).copied().unwrap_or_default();
            let example = if count > 0 { format!(" (first seed {seed})") } else { String::new() };
            eprintln!("  {}/{}: {count}{example}: {}", r.name(), c.name, c.reason);
        }
    }
    eprintln!("unexplained: {unexplained} (and {} native and component differences)", t.component.1);
}

fn main() {
    let args = Arguments::from_args();
    let seeds = std::env::var("DIFFERENTIAL_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(DEFAULT_SEEDS);
    let mut trials = Vec::new();
    let mut from = 1;
    while from <= seeds {
        let to = (from + PER_TRIAL).min(seeds + 1);
        trials.push(Trial::test(format!("differential/seeds-{from}..{}", to - 1), move || run(from, to)));
        from = to;
    }
    trials.push(Trial::test("differential/both-verdicts-occur", || {
        // Agreement means little if every pair is valid, or every schema refused.
        let (mut valid, mut invalid, mut refused) = (0, 0, 0);
        for seed in 1..=PER_TRIAL * 5 {
            let case = Gen::case(seed, INSTANCES);
            let texts: Vec<String> = case.instances.iter().map(Value::to_json).collect();
            for a in native(&case.text, &texts) {
                match a.verdict {
                    Verdict::Valid => valid += 1,
                    Verdict::Invalid => invalid += 1,
                    Verdict::Refused => refused += 1,
                }
            }
        }
        let total = valid + invalid + refused;
        eprintln!("verdict mix over {total} pairs: {valid} valid, {invalid} invalid, {refused} schemas refused");
        if valid * 5 < total || invalid * 5 < total || refused * 20 > total {
            return Err(format!("{valid} valid, {invalid} invalid, {refused} refused of {total}").into());
        }
        Ok(())
    }));
    let pairs_total = seeds * INSTANCES as u64;
    trials.push(Trial::test(format!("differential/at-least-10000-pairs ({pairs_total})"), move || {
        if pairs_total >= 10_000 { Ok(()) } else { Err(format!("only {pairs_total} pairs").into()) }
    }));
    let listing = args.list;
    let conclusion = libtest_mimic::run(&args, trials);
    if !listing && let Some(t) = TOTAL.lock().expect("the tally").as_ref() {
        summary(t);
    }
    conclusion.exit();
}
