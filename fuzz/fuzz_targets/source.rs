//! `source`: arbitrary bytes as one C# file, through `describe_source` and
//! `source_descriptor`.
//!
//! Input: the file's text, so any `.cs` file is a seed. Both answers must be
//! the same when asked twice; every diagnostic must have a place inside the
//! file (line and column from 1, the line one the file has); and when the
//! source describes, the descriptor it reads into must describe
//! (`describe_tool`) to the same tools.

#![no_main]

use libfuzzer_sys::fuzz_target;
use tool_schema::{SourceDiagnostic, SourceFile, SourceOptions, describe_source, describe_tool, source_descriptor};
use tool_schema_fuzz::text;

fuzz_target!(|data: &[u8]| {
    let source = text(data);
    let files = [SourceFile { path: "Fuzz.cs", text: &source }];
    let options = SourceOptions::default();
    let first = describe_source(&files, &options);
    let again = describe_source(&files, &options);
    assert_eq!(
        first.as_ref().map(|f| &f.json),
        again.as_ref().map(|f| &f.json),
        "describe_source answered the same source twice differently"
    );
    let lines = source.split('\n').count() as u32;
    let check = |d: &SourceDiagnostic| {
        assert!(d.code.as_str().starts_with("OL"), "an unknown code: {d:?}");
        assert!(!d.message.is_empty(), "an empty message: {d:?}");
        let in_file = d.file == "Fuzz.cs" && (1..=lines).contains(&d.line) && d.column >= 1;
        // Only a problem with the input as a whole (past the size limit) has no place.
        let whole = d.file.is_empty() && d.line == 0 && d.column == 0;
        assert!(in_file || whole, "a diagnostic outside the file: {d:?}");
    };
    match &first {
        Ok(f) => f.warnings.iter().for_each(check),
        Err(d) => d.iter().for_each(check),
    }
    let descriptor = source_descriptor(&files, &options);
    match &descriptor {
        Ok(f) => f.warnings.iter().for_each(check),
        Err(d) => d.iter().for_each(check),
    }
    // One descriptor (not an array of them) describes to what the source does.
    if let (Ok(tools), Ok(d)) = (&first, &descriptor)
        && !d.json.starts_with('[')
    {
        assert_eq!(describe_tool(&d.json).as_ref(), Ok(&tools.json), "the descriptor describes differently");
    }
});
