//! Verdicts compared with an independent implementation of JSON Schema
//! 2020-12 (`boon`), over generated schemas and instances (seeded and
//! reproducible: `differential/seeds-N..M` names the seeds of a trial).
//!
//! Validation runs as plain 2020-12 here: formats as annotations (the
//! contract gives formats its own meanings, checked by the format suite and
//! the golden vectors) and any JSON value at the root. With those two set
//! aside the contract means what 2020-12 means, so every disagreement fails:
//! a verdict, or one implementation refusing a schema the other takes.
//!
//! `DIFFERENTIAL_SEEDS=N` runs N seeds (each a schema with several
//! instances) instead of the default.

use conformance::differential::Gen;
use libtest_mimic::{Arguments, Failed, Trial};

/// Seeds per trial, and the default number of seeds.
const PER_TRIAL: u64 = 100;
const DEFAULT_SEEDS: u64 = 2_000;
/// Instances per schema.
const INSTANCES: usize = 6;

fn ours(schema: &str, instance: &str) -> Result<bool, String> {
    let options =
        tool_schema::Options { formats: tool_schema::FormatMode::Annotate, any_value: true, ..Default::default() };
    let v = tool_schema::Validator::compile(schema, options).map_err(|d| format!("{d:?}"))?;
    Ok(v.validate(instance).is_ok())
}

fn boon(schema: &str, instance: &str) -> Result<bool, String> {
    let schema: serde_json::Value = serde_json::from_str(schema).map_err(|e| e.to_string())?;
    let instance: serde_json::Value = serde_json::from_str(instance).map_err(|e| e.to_string())?;
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    let url = "https://example.com/generated.json";
    compiler.add_resource(url, schema).map_err(|e| e.to_string())?;
    let index = compiler.compile(url, &mut schemas).map_err(|e| e.to_string())?;
    Ok(schemas.validate(&instance, index).is_ok())
}

/// One generated pair, and what each implementation said.
struct Pair {
    seed: u64,
    schema: String,
    instance: String,
    ours: Result<bool, String>,
    boon: Result<bool, String>,
}

fn pairs(seed: u64) -> Vec<Pair> {
    let mut g = Gen::new(seed);
    let root = g.root();
    let schema = root.to_json();
    (0..INSTANCES)
        .map(|_| {
            let instance = g.instance(&root, 0).to_json();
            Pair {
                seed,
                ours: ours(&schema, &instance),
                boon: boon(&schema, &instance),
                schema: schema.clone(),
                instance,
            }
        })
        .collect()
}

fn agree(p: &Pair) -> bool {
    match (&p.ours, &p.boon) {
        (Ok(a), Ok(b)) => a == b,
        (Err(_), Err(_)) => true,
        _ => false,
    }
}

fn run(from: u64, to: u64) -> Result<(), Failed> {
    let mut unexplained = Vec::new();
    for seed in from..to {
        for p in pairs(seed) {
            if agree(&p) {
                continue;
            }
            unexplained.push(format!(
                "seed {}: ours {:?}, boon {:?}\n  schema:   {}\n  instance: {}",
                p.seed, p.ours, p.boon, p.schema, p.instance
            ));
        }
    }
    if unexplained.is_empty() {
        return Ok(());
    }
    let shown = unexplained.iter().take(5).cloned().collect::<Vec<_>>().join("\n");
    Err(format!("{} disagreements:\n{shown}", unexplained.len()).into())
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
            for p in pairs(seed) {
                match p.ours {
                    Ok(true) => valid += 1,
                    Ok(false) => invalid += 1,
                    Err(_) => refused += 1,
                }
            }
        }
        let total = valid + invalid + refused;
        eprintln!("verdicts over {total} pairs: {valid} valid, {invalid} invalid, {refused} schemas refused");
        if valid * 5 < total || invalid * 5 < total || refused * 20 > total {
            return Err(format!("{valid} valid, {invalid} invalid, {refused} refused of {total}").into());
        }
        Ok(())
    }));
    let pairs_total = seeds * INSTANCES as u64;
    trials.push(Trial::test(format!("differential/at-least-10000-pairs ({pairs_total})"), move || {
        if pairs_total >= 10_000 { Ok(()) } else { Err(format!("only {pairs_total} pairs").into()) }
    }));
    libtest_mimic::run(&args, trials).exit();
}
