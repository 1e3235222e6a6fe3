//! `describe-source`: C# source files → the descriptor a `[Tool]` generator
//! reads (docs/source.md) → `describe-tool`. The front end only reads the
//! source and writes a descriptor, with the place in the source of every
//! part of it; every rule of the contract stays in `describe`, and each
//! diagnostic `describe` gives is reported at its place in the source.

mod emit;
pub mod lex;
pub mod syntax;

use crate::describe::descriptor::Mode;
use crate::diag::Code;
use crate::json::Value;

/// Every file together may hold at most this many bytes.
pub const MAX_SOURCE_BYTES: usize = 16 << 20;
/// At most this many files in one call.
pub const MAX_FILES: usize = 1_000;

/// One C# source file: the path it is reported under, and its text.
#[derive(Clone, Copy, Debug)]
pub struct SourceFile<'a> {
    pub path: &'a str,
    pub text: &'a str,
}

#[derive(Clone, Debug)]
pub struct SourceOptions {
    pub mode: Mode,
    /// The naming policy when no `JsonSerializerContext` in the files sets
    /// one: `CamelCase` (the default), `Web` or `None`.
    pub naming: Option<String>,
}

impl Default for SourceOptions {
    fn default() -> SourceOptions {
        SourceOptions { mode: Mode::Generator, naming: None }
    }
}

/// A problem, at its place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourceDiagnostic {
    pub code: Code,
    pub message: String,
    /// The file's path as given; empty for a problem with the options.
    pub file: String,
    /// 1-based, as Roslyn prints them; the column counts UTF-16 code units.
    /// Both are 0 for a problem with the options.
    pub line: u32,
    pub column: u32,
    /// Where in the descriptor the problem was found (`parameters[1].type`);
    /// `$` for a problem of the source text itself.
    pub path: String,
}

impl SourceDiagnostic {
    /// `{"code", "message", "file", "line", "column", "path"}`.
    pub fn to_value(&self) -> Value {
        let n = |n: u32| Value::Number(crate::json::Number::from_i128(n.into()));
        Value::Object(vec![
            ("code".into(), Value::String(self.code.as_str().into())),
            ("message".into(), Value::String(self.message.clone())),
            ("file".into(), Value::String(self.file.clone())),
            ("line".into(), n(self.line)),
            ("column".into(), n(self.column)),
            ("path".into(), Value::String(self.path.clone())),
        ])
    }
}

/// What the source gave: JSON text, and the problems in code that it does
/// not depend on (a syntax error in a method body, in a type no tool uses).
#[derive(Clone, Debug)]
pub struct FromSource {
    pub json: String,
    pub warnings: Vec<SourceDiagnostic>,
}

/// Describes every `[Tool]` method in `files`: the tool object when the files
/// hold one, else an array of every tool in the order of the files and their
/// declarations — exactly what `describe-tool` gives for
/// [`source_descriptor`]'s descriptor. On refusal, every diagnostic (the
/// warnings too), in the order of their places: at most
/// [`crate::diag::MAX_DIAGNOSTICS`], then one saying how many more.
pub fn describe_source(files: &[SourceFile<'_>], options: &SourceOptions) -> Result<FromSource, Vec<SourceDiagnostic>> {
    budgeted(|| {
        let read = emit::read(files, options);
        let mut errors = read.errors.clone();
        let mut more = 0;
        let mut tools = Vec::new();
        for d in &read.descriptors {
            // describe-tool's own limit on a descriptor's text holds here too.
            let text = d.value.to_json();
            let described = if text.len() > crate::describe::DESCRIPTOR_LIMITS.max_bytes {
                crate::describe::describe_tool(&text).map(Value::String).map_err(|d| (d, 0))
            } else {
                crate::describe::describe_listed(&d.value)
            };
            match described {
                Ok(Value::Array(list)) => tools.extend(list),
                Ok(tool) => tools.push(tool),
                Err((diags, unlisted)) => {
                    more += unlisted;
                    errors.extend(diags.iter().map(|x| read.locate(d, x.code, &x.message, &x.path)));
                }
            }
        }
        if errors.is_empty() {
            let json = match (read.single, tools.len()) {
                (true, 1) => tools.pop().map(|t| t.to_json()).unwrap_or_default(),
                _ => Value::Array(tools).to_json(),
            };
            return Ok(FromSource { json, warnings: capped(read.warnings, 0) });
        }
        errors.extend(read.warnings.iter().cloned());
        Err(capped(read.sorted(errors), more))
    })
}

/// The descriptor the files describe to: one descriptor for the one class
/// holding tools (a method descriptor naming its class when it holds one
/// tool), or an array of them, one per class. Fails only when no descriptor
/// can be written (no `[Tool]` method, a limit); every problem of the source
/// text is a warning here.
pub fn source_descriptor(
    files: &[SourceFile<'_>],
    options: &SourceOptions,
) -> Result<FromSource, Vec<SourceDiagnostic>> {
    budgeted(|| {
        let read = emit::read(files, options);
        if read.descriptors.is_empty() {
            let mut all = read.errors.clone();
            all.extend(read.warnings.iter().cloned());
            return Err(capped(read.sorted(all), 0));
        }
        let mut warnings = read.errors.clone();
        warnings.extend(read.warnings.iter().cloned());
        let json = if read.descriptors.len() == 1 {
            read.descriptors[0].value.to_json()
        } else {
            Value::Array(read.descriptors.iter().map(|d| d.value.clone()).collect()).to_json()
        };
        Ok(FromSource { json, warnings: capped(read.sorted(warnings), 0) })
    })
}

/// One operation on source, within the work budget: past it, one diagnostic
/// about the source as a whole.
fn budgeted(
    f: impl FnOnce() -> Result<FromSource, Vec<SourceDiagnostic>>,
) -> Result<FromSource, Vec<SourceDiagnostic>> {
    let (answer, over) = crate::work::operation(f);
    if over {
        return Err(vec![whole(crate::diag::over_budget(Code::Olc005, "describing the source"))]);
    }
    answer
}

/// A diagnostic of the source as a whole: no file, no line.
fn whole(d: crate::diag::Diagnostic) -> SourceDiagnostic {
    SourceDiagnostic { code: d.code, message: d.message, file: String::new(), line: 0, column: 0, path: d.path }
}

/// A sorted list cut to its first [`crate::diag::MAX_DIAGNOSTICS`], then one
/// saying how many more there were (with `more` found and not listed before).
fn capped(mut diags: Vec<SourceDiagnostic>, more: usize) -> Vec<SourceDiagnostic> {
    let max = crate::diag::MAX_DIAGNOSTICS;
    let more = more + diags.len().saturating_sub(max);
    diags.truncate(max);
    if more > 0 {
        diags.push(whole(crate::diag::unlisted(Code::Olc005, more)));
    }
    diags
}
