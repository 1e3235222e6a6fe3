//! `downconvert-loop ROUNDS [in-turn|repeated]`: the 89 real schemas of
//! tests/real-tool-schemas/schemas converted for openai with the native core,
//! each given as compact text (as the Python package writes a dictionary), in
//! two orders that convert every schema ROUNDS times:
//!
//! - in turn: ROUNDS rounds of the 89, so that each schema comes once a round
//!   (as `make bench` converts them, and as an application converts a tool's
//!   schema once, among other work);
//! - repeated: each schema ROUNDS times in a row, so that from its second
//!   conversion on the processor has seen the same work just before.
//!
//! Seven alternations of the two; the medians of the time for the 89 and of
//! the ratio of the two (bench/README.md, "Downconverting the real schemas
//! for OpenAI"). Run from the repository root, pinned to one core:
//! `taskset -c 1 target/host/downconvert-loop 300`. With an order named,
//! only that order, once, for a profiler (cachegrind counts a run of 10 rounds
//! and one of 30; the difference is 20 conversions of each schema).

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;
use tool_schema::downconvert::Target;
use tool_schema::json::{ParseLimits, parse};

const DIR: &str = "tests/real-tool-schemas/schemas";
const TURNS: usize = 7;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        eprintln!("usage: downconvert-loop ROUNDS [in-turn|repeated]");
        ExitCode::from(2)
    };
    let (rounds, only) = match args.as_slice() {
        [n] => (n, None),
        [n, order] if order == "in-turn" || order == "repeated" => (n, Some(order.as_str())),
        _ => return usage(),
    };
    let rounds = match rounds.parse::<usize>() {
        Ok(n) if n > 0 => n,
        _ => {
            eprintln!("downconvert-loop: ROUNDS must be a whole number above 0, not {rounds:?}");
            return ExitCode::from(2);
        }
    };
    let texts = match compact_texts() {
        Ok(t) => t,
        Err(e) => {
            eprintln!("downconvert-loop: {e}");
            return ExitCode::FAILURE;
        }
    };
    let convert =
        |text: &str| usize::from(tool_schema::downconvert(black_box(text), Target::BuiltIn("openai")).is_ok());
    let in_turn_once = || (0..rounds).map(|_| texts.iter().map(|t| convert(t)).sum::<usize>()).sum::<usize>();
    let repeated_once = || texts.iter().map(|t| (0..rounds).map(|_| convert(t)).sum::<usize>()).sum::<usize>();
    if let Some(order) = only {
        let converted = if order == "in-turn" { in_turn_once() } else { repeated_once() };
        println!("{converted} of {} conversions answered", rounds * texts.len());
        return ExitCode::SUCCESS;
    }
    let (mut in_turn, mut repeated, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut converted = 0;
    for _ in 0..TURNS {
        let start = Instant::now();
        converted += in_turn_once();
        let turn = start.elapsed().as_secs_f64() / rounds as f64;
        let start = Instant::now();
        converted += repeated_once();
        let again = start.elapsed().as_secs_f64() / rounds as f64;
        in_turn.push(turn);
        repeated.push(again);
        ratios.push(turn / again);
    }
    black_box(converted);
    let ms = |v: &mut Vec<f64>| format!("{:.3} ms ({:.3}–{:.3})", median(v) * 1e3, v[0] * 1e3, v[v.len() - 1] * 1e3);
    println!("the {} schemas, natively, {rounds} conversions of each, medians of {TURNS}:", texts.len());
    println!("  in turn   {} for the {}", ms(&mut in_turn), texts.len());
    println!("  repeated  {} for the {}", ms(&mut repeated), texts.len());
    let r = median(&mut ratios);
    println!("  in turn / repeated, time: {r:.2}× ({:.2}–{:.2}×)", ratios[0], ratios[ratios.len() - 1]);
    ExitCode::SUCCESS
}

/// Each schema's text written compact, in the order of the file names.
fn compact_texts() -> Result<Vec<String>, String> {
    let mut paths: Vec<_> = std::fs::read_dir(DIR)
        .map_err(|e| format!("{DIR}: {e} (run from the repository root)"))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let limits = ParseLimits { max_bytes: 1 << 24, max_depth: 512 };
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).map_err(|e| format!("{}: {e}", p.display()))?;
            parse(&text, limits).map(|v| v.to_json()).map_err(|e| format!("{}: {e}", p.display()))
        })
        .collect()
}

/// The median of `v`, which it leaves sorted.
fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 { v[n / 2] } else { (v[n / 2 - 1] + v[n / 2]) / 2.0 }
}
