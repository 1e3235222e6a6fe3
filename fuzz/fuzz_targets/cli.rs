//! `cli`: arbitrary bytes as `host-demo`'s command line, through the reading
//! of its arguments (`host-demo/src/args.rs`, which opens nothing and loads
//! nothing).
//!
//! Input: the arguments, separated by 0 bytes, each any bytes (an argument
//! the system could hand in: on Unix every byte but 0). Checked beyond "no
//! panic": the same arguments read twice give the same command; a usage
//! error is one non-empty line; an argument that is not UTF-8 is named only
//! when some argument is not UTF-8, and with its bytes shown (never U+FFFD).

#![no_main]

#[path = "../../host-demo/src/args.rs"]
#[allow(dead_code, reason = "the host-demo binary uses every item; this target only reads")]
mod args;

use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;

fuzz_target!(|data: &[u8]| {
    let argv: Vec<OsString> =
        if data.is_empty() { Vec::new() } else { data.split(|&b| b == 0).map(|a| OsString::from_vec(a.to_vec())).collect() };
    let all_text = argv.iter().all(|a| a.to_str().is_some());
    let first = args::parse(argv.clone());
    assert_eq!(first, args::parse(argv.clone()), "the same arguments read twice differently");
    match first {
        Ok(invocation) => {
            // What it says it read is among the arguments.
            if let Some(steps) = invocation.work_budget {
                let given = |a: &OsString| a.to_str().and_then(|t| t.parse::<u64>().ok()) == Some(steps);
                assert!(argv.iter().any(given), "{steps} is not an argument");
            }
        }
        Err(args::Usage(message)) => {
            assert!(!message.is_empty() && !message.contains('\n'), "a usage error of other than one line: {message:?}");
            // A U+FFFD in the message is one an argument holds, never one for bytes.
            let replacement = "\u{fffd}".as_bytes();
            let holds = argv.iter().any(|a| a.as_encoded_bytes().windows(3).any(|w| w == replacement));
            assert!(!message.contains('\u{fffd}') || holds, "an argument shown with U+FFFD for its bytes: {message:?}");
            // (Unless an argument holds those words itself, as a command it does not know.)
            let quoted = argv.iter().any(|a| a.to_string_lossy().contains("UTF-8"));
            if message.contains("is not UTF-8 text") && !quoted {
                assert!(!all_text, "an argument named as not UTF-8 when every one is: {message:?}");
            }
        }
    }
});
