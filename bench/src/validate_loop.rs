//! `validate-loop ITEM CALLS`: compiles bench/data/ITEM.schema.json once and
//! validates bench/data/ITEM-1.5kb-valid.json CALLS times with the native
//! core, nothing else. bench/epoch_cost.py runs it under callgrind twice and
//! takes the difference, as it does for the component in Python, so that
//! the two are counted alike. Run from the repository root.

use std::hint::black_box;
use std::process::ExitCode;
use tool_schema::{Options, Validator};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [item, calls] = args.as_slice() else {
        eprintln!("usage: validate-loop ITEM CALLS (ITEM: place-order or query)");
        return ExitCode::from(2);
    };
    let Ok(calls) = calls.parse::<u64>() else {
        eprintln!("validate-loop: CALLS must be a whole number, not {calls:?}");
        return ExitCode::from(2);
    };
    let read = |name: String| {
        std::fs::read_to_string(format!("bench/data/{name}")).map_err(|e| format!("bench/data/{name}: {e}"))
    };
    let (schema, valid) = match (read(format!("{item}.schema.json")), read(format!("{item}-1.5kb-valid.json"))) {
        (Ok(s), Ok(v)) => (s, v),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("validate-loop: {e}");
            return ExitCode::from(2);
        }
    };
    let validator = match Validator::compile(&schema, Options::default()) {
        Ok(v) => v,
        Err(d) => {
            eprintln!("validate-loop: the schema is refused: {d:?}");
            return ExitCode::FAILURE;
        }
    };
    for _ in 0..calls {
        if validator.validate(black_box(&valid)).is_err() {
            eprintln!("validate-loop: the arguments are refused");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
