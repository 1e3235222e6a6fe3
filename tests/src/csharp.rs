//! The C# source cases: `tests/csharp/NAME.cs` (one file) or
//! `tests/csharp/NAME/*.cs` (several, in name order), with
//! `NAME.options.json` (`{"mode", "naming"}`) when they are not the defaults,
//! and `NAME.expected.json` holding both answers, `describe-source`'s and
//! `source-descriptor`'s. Shared by the test harness and `export-vectors`.

use crate::vectorfile::{number, obj, opt, s};
use crate::{LIMITS, parse};
use std::path::{Path, PathBuf};
use tool_schema::json::{self, Value};

pub struct SourceCase {
    pub name: String,
    /// `(path, text)`; the path is the file name (`NAME.cs`, or `NAME/File.cs`).
    pub files: Vec<(String, String)>,
    pub mode: tool_schema::Mode,
    pub naming: Option<String>,
    pub expected: PathBuf,
}

impl SourceCase {
    pub fn files(&self) -> Vec<tool_schema::SourceFile<'_>> {
        self.files.iter().map(|(p, t)| tool_schema::SourceFile { path: p, text: t }).collect()
    }

    pub fn options(&self) -> tool_schema::SourceOptions {
        tool_schema::SourceOptions { mode: self.mode, naming: self.naming.clone() }
    }

    pub fn wit_files(&self) -> Vec<host_demo::SourceFile> {
        self.files.iter().map(|(p, t)| host_demo::SourceFile { path: p.clone(), text: t.clone() }).collect()
    }

    pub fn wit_options(&self) -> host_demo::SourceOptions {
        host_demo::SourceOptions {
            mode: match self.mode {
                tool_schema::Mode::Generator => host_demo::Mode::Generator,
                tool_schema::Mode::Reflection => host_demo::Mode::Reflection,
            },
            naming: self.naming.clone(),
        }
    }

    /// The input as the vector file writes it.
    pub fn input(&self) -> Value {
        let files = self.files.iter().map(|(p, t)| obj(vec![("path", s(p)), ("text", s(t))])).collect();
        let mode = match self.mode {
            tool_schema::Mode::Generator => "generator",
            tool_schema::Mode::Reflection => "reflection",
        };
        obj(vec![
            ("files", Value::Array(files)),
            ("options", obj(vec![("mode", s(mode)), ("naming", opt(self.naming.as_deref()))])),
        ])
    }
}

pub fn csharp_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("csharp")
}

/// Every case of `tests/csharp`, sorted by name.
pub fn source_cases() -> Vec<SourceCase> {
    let dir = csharp_dir();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.is_dir() || p.extension().is_some_and(|e| e == "cs"))
        .collect();
    entries.sort();
    entries.into_iter().map(|p| case_at(&p)).collect()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {}: {e}", p.display()))
}

fn case_at(p: &Path) -> SourceCase {
    let name = p.file_stem().unwrap_or_default().to_string_lossy().into_owned();
    let files = if p.is_dir() {
        let mut list: Vec<PathBuf> = std::fs::read_dir(p)
            .expect("case directory")
            .map(|e| e.expect("entry").path())
            .filter(|f| f.extension().is_some_and(|e| e == "cs"))
            .collect();
        list.sort();
        list.iter()
            .map(|f| (format!("{name}/{}", f.file_name().unwrap_or_default().to_string_lossy()), read(f)))
            .collect()
    } else {
        vec![(format!("{name}.cs"), read(p))]
    };
    let dir = p.parent().expect("parent");
    let options = dir.join(format!("{name}.options.json"));
    let (mode, naming) = if options.exists() {
        let v = parse(&read(&options)).expect("options JSON");
        let mode = match v.get("mode").and_then(Value::as_str) {
            Some("reflection") => tool_schema::Mode::Reflection,
            _ => tool_schema::Mode::Generator,
        };
        (mode, v.get("naming").and_then(Value::as_str).map(str::to_owned))
    } else {
        (tool_schema::Mode::Generator, None)
    };
    let expected = dir.join(format!("{name}.expected.json"));
    SourceCase { name, files, mode, naming, expected }
}

fn diagnostic(code: &str, message: &str, file: &str, line: u32, column: u32, path: &str) -> Value {
    obj(vec![
        ("code", s(code)),
        ("message", s(message)),
        ("file", s(file)),
        ("line", number(line.into())),
        ("column", number(column.into())),
        ("path", s(path)),
    ])
}

/// An answer as the vector file writes it: `{"ok": {"json": TEXT, "warnings"}}` or `{"err": […]}`.
pub fn native_answer(r: Result<tool_schema::FromSource, Vec<tool_schema::SourceDiagnostic>>) -> Value {
    let diags = |d: &[tool_schema::SourceDiagnostic]| Value::Array(d.iter().map(|d| d.to_value()).collect());
    match r {
        Ok(f) => obj(vec![("ok", obj(vec![("json", s(&f.json)), ("warnings", diags(&f.warnings))]))]),
        Err(d) => obj(vec![("err", diags(&d))]),
    }
}

pub fn component_answer(r: Result<host_demo::FromSource, Vec<host_demo::SourceDiagnostic>>) -> Value {
    let diags = |d: &[host_demo::SourceDiagnostic]| {
        Value::Array(d.iter().map(|d| diagnostic(&d.code, &d.message, &d.file, d.line, d.column, &d.path)).collect())
    };
    match r {
        Ok(f) => obj(vec![("ok", obj(vec![("json", s(&f.json)), ("warnings", diags(&f.warnings))]))]),
        Err(d) => obj(vec![("err", diags(&d))]),
    }
}

/// An answer as the golden file writes it: the JSON text parsed, so the file
/// reads as JSON.
pub fn golden_form(answer: &Value) -> Value {
    match answer.get("ok") {
        Some(ok) => {
            let text = ok.get("json").and_then(Value::as_str).unwrap_or_default();
            let parsed = json::parse(text, LIMITS).unwrap_or(Value::String(text.to_owned()));
            obj(vec![("ok", parsed), ("warnings", ok.get("warnings").cloned().unwrap_or(Value::Array(vec![])))])
        }
        None => answer.clone(),
    }
}
