//! Down-conversion, proven sound on every real tool schema and target.
//!
//! For a schema `C` converted from `O` for a target:
//!
//! - every generated instance `x` valid for `O` has a forward form
//!   `f(x)` (`forward_args`: the shape a strictly decoding model writes) that
//!   `C` accepts, and `restore_args(f(x))` is what validate-args binds for
//!   `x` (an optional property given as `null` may read as left out, where
//!   `null` stands for absent);
//! - a broken `x` (one value replaced by what no schema here takes) is
//!   refused by restore-args as validate-args refuses it;
//! - when the conversion says `lossless`, every generated instance valid for
//!   `C` restores to arguments valid for `O`;
//! - or the target refuses the schema with a diagnostic of its own (`OLP…`).
//!
//! The instances come from the generator in `conformance::roundtrip`, which
//! reads the schema, not the converter; those `O` refuses are counted and set
//! aside. Each schema and target prints its counts.

use conformance::roundtrip::{CUT, ModelShape, Rng, as_model_writes_args, flatten, generate, without_optional_nulls};
use conformance::{parse, sorted_json_files};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::Path;
use tool_schema::json::Value;
use tool_schema::{Options, Target, Validator};

/// Every built-in surface, by its own name (an alias is the same profile).
fn targets() -> impl Iterator<Item = &'static str> {
    tool_schema::PROVIDERS.iter().map(|(n, _)| *n)
}
/// Valid instances each schema and target is checked on.
const VALID: usize = 200;
/// Generated instances tried, at most, to find them.
const TRIES: u64 = 4000;

/// A converted schema as JSON Schema reads it: for a surface that takes
/// OpenAPI's `nullable` (Gemini's `parameters`), `nullable: true` lets the
/// node take `null`, as OpenAPI 3.0 says, so it is written as `null` added to
/// the node's `type` before the schema is compiled.
fn in_json_schema(converted: &str, target: &str) -> Result<String, Failed> {
    fn widen(v: &mut Value) {
        match v {
            Value::Object(members) => {
                let nullable = members.iter().any(|(k, v)| k == "nullable" && *v == Value::Bool(true));
                if nullable {
                    members.retain(|(k, _)| k != "nullable");
                    if let Some((_, t)) = members.iter_mut().find(|(k, _)| k == "type") {
                        *t = match std::mem::replace(t, Value::Null) {
                            Value::String(one) => Value::Array(vec![Value::String(one), Value::String("null".into())]),
                            Value::Array(mut many) => {
                                many.push(Value::String("null".into()));
                                Value::Array(many)
                            }
                            other => other,
                        };
                    }
                }
                members.iter_mut().for_each(|(_, m)| widen(m));
            }
            Value::Array(items) => items.iter_mut().for_each(widen),
            _ => {}
        }
    }
    let takes = tool_schema::downconvert::Profile::built_in_ref(target).is_some_and(|p| p.accepts("nullable"));
    if !takes {
        return Ok(converted.to_owned());
    }
    let mut v = parse(converted)?;
    widen(&mut v);
    Ok(v.to_json())
}

fn sound(name: &str, schema: &str, target: &str) -> Result<(), Failed> {
    let t = Target::BuiltIn(target);
    let converted = match tool_schema::downconvert(schema, t) {
        Ok(d) => d,
        Err(diags) if !diags.is_empty() && diags.iter().all(|d| d.code.as_str().starts_with("OLP")) => {
            println!("soundness {name} {target}: refused ({}: {})", diags[0].code.as_str(), diags[0].message);
            return Ok(());
        }
        Err(diags) => return Err(format!("refused for a reason that is not the target's: {diags:?}").into()),
    };
    let c = Validator::compile(&in_json_schema(&converted.schema, target)?, Options::default())
        .map_err(|d| format!("the converted schema is not a usable schema: {d:?}"))?;
    let root = parse(schema)?;
    let flat = flatten(&root).ok_or("a reference the generator cannot follow")?;
    let (mut tried, mut valid, mut broken) = (0u64, 0usize, 0usize);
    let mut seed = 0;
    while valid < VALID && seed < TRIES {
        seed += 1;
        tried += 1;
        let x = generate(&flat, &mut Rng::new(seed), 0);
        if x.to_json().contains(CUT) {
            continue;
        }
        let text = x.to_json();
        let Ok(bound) = tool_schema::validate_args(schema, &text, Options::default()) else { continue };
        valid += 1;
        let y = tool_schema::forward_args(schema, t, &text)
            .map_err(|e| format!("seed {seed}: no forward form for {text}: {e:?}"))?;
        if let Err(e) = c.validate(&y) {
            return Err(format!("seed {seed}: {text} is valid for the original, and its form {y} is refused by the converted schema: {}", e[0].message).into());
        }
        let restored = tool_schema::restore_args(schema, t, &y);
        let shape = ModelShape::of(target);
        let alike = if shape.all_properties {
            tool_schema::validate_args(schema, &without_optional_nulls(&x, &flat).to_json(), Options::default()).ok()
        } else {
            None
        };
        if restored.as_ref() != Ok(&bound) && restored.as_ref().ok() != alike.as_ref() {
            return Err(format!("seed {seed}: {text} → {y} restored to {restored:?}, not {bound}").into());
        }
        // Broken: the first member's value replaced by what no schema here takes.
        if let Value::Object(mut members) = x.clone()
            && let Some((_, v)) = members.first_mut()
        {
            *v = Value::Array(vec![Value::String("broken".into()), Value::Bool(true)]);
            let wrong = Value::Object(members);
            if tool_schema::validate_args(schema, &wrong.to_json(), Options::default()).is_err() {
                broken += 1;
                let answer = as_model_writes_args(&wrong, &flat, shape).to_json();
                if tool_schema::restore_args(schema, t, &answer).is_ok() {
                    return Err(format!("seed {seed}: broken arguments {answer} restored without errors").into());
                }
            }
        }
    }
    if valid < VALID {
        return Err(format!("the generator made {valid} valid instances in {tried} tries, fewer than {VALID}").into());
    }
    // Lossless: whatever the converted schema accepts restores.
    let mut from_c = 0;
    if converted.lossless {
        let c_flat = flatten(&parse(&converted.schema)?)
            .ok_or("the converted schema has a reference the generator cannot follow")?;
        for seed in 1..=TRIES / 4 {
            let y = generate(&c_flat, &mut Rng::new(seed + 1_000_000), 0);
            let text = y.to_json();
            if text.contains(CUT) || c.validate(&text).is_err() {
                continue;
            }
            from_c += 1;
            if let Err(e) = tool_schema::restore_args(schema, t, &text) {
                return Err(
                    format!("lossless, yet {text}, valid for the converted schema, does not restore: {e:?}").into()
                );
            }
        }
    }
    println!(
        "soundness {name} {target}: {tried} tried, {valid} valid, {} rejected by the original; {valid} forward and restored, {broken} broken refused; {}",
        tried - valid as u64,
        if converted.lossless {
            format!("lossless: {from_c} instances of the converted schema restored")
        } else {
            "lossy".to_owned()
        }
    );
    Ok(())
}

fn main() {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("real-tool-schemas/schemas");
    let mut trials = Vec::new();
    for path in sorted_json_files(&dir) {
        let name = path.file_stem().unwrap_or_default().to_string_lossy().into_owned();
        let schema = std::fs::read_to_string(&path).expect("read a real schema");
        for target in targets() {
            let (n, s) = (name.clone(), schema.clone());
            trials.push(Trial::test(format!("soundness/real/{name}/{target}"), move || sound(&n, &s, target)));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
