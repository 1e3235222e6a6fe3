//! `host-demo`: the tool-schema component on the command line, through wasmtime.
//!
//! Exit status: 0 when the component answers with a result, 1 when it refuses
//! the input (the diagnostics are printed as `{"diagnostics": [...]}` on
//! stdout), 2 for a usage error (one line on stderr), 3 when the host itself
//! fails (component missing, trap).

use host_demo::{
    ArgError, Change, Diagnostic, Exception, FormatMode, FromSource, Host, LoadOptions, Mode, Origin, Outcome, Part,
    Runtime, SourceDiagnostic, SourceFile, SourceOptions, Target, ToolResult, TypeContext, ValidateOptions,
};
use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;
use tool_schema::json::{self, Value};

const USAGE: &str = "\
usage: host-demo [--component PATH] [--cache-dir DIR | --no-cache] <command> [arguments]

commands:
  describe-tool <FILE|-> [--pretty]
      Describe a tool from a method descriptor, or every tool of a class from a
      containingType descriptor. Prints the tool JSON (a list for a class).
  describe-source <FILE.cs>... [--emit-descriptor] [--format json|msbuild] [--naming N]
                  [--mode generator|reflection] [--pretty]
      Describe every [Tool] method in C# source files, as the [Tool] generator
      would: the tool JSON (a list when there are several). --emit-descriptor
      prints the descriptor the source describes to instead. Diagnostics are
      {\"diagnostics\": [...]} with file, line and column, or with
      --format msbuild one line each on stdout: File.cs(12,5): error OLT002: ...
      Warnings (problems the answer does not depend on) go to stderr.
  describe-type <TYPE> [--types FILE] [--naming N] [--mode generator|reflection] [--pretty]
      Print the schema fragment of one C# type expression.
  validate <SCHEMA_FILE|-> <ARGS_JSON|@FILE> [--annotate-formats] [--pretty]
  validate --tool <DESCRIPTOR_FILE> [--name TOOL] <ARGS_JSON|@FILE> [--pretty]
      Check tool arguments against a JSON Schema (or the input schema of a
      described tool). Prints the bound arguments, or {\"errors\": [...]}.
      --annotate-formats treats format as an annotation (plain 2020-12).
  encode --tool NAME --returns TYPE [--types FILE] [--naming N] [--mode M] [--ends-loop] [--pretty]
         (--value JSON | --void | --parts JSON | --tool-result JSON
          | --threw TYPE MESSAGE | --timeout SECONDS | --invalid-args JSON)
      Print the tool result the model receives for what the tool did. JSON
      arguments may be @FILE. --parts takes [{\"type\":\"text\",\"text\":...} |
      {\"type\":\"json\",\"json\":...}]; --invalid-args takes validate's output.
  downconvert --provider P (<SCHEMA_FILE|-> | --tool DESCRIPTOR_FILE [--name TOOL]) [--pretty]
      Convert a schema for a provider's strict mode (anthropic, openai, gemini,
      or custom with --profile FILE). Prints {\"schema\", \"changes\", \"lossless\"}.
  restore --provider P (<SCHEMA_FILE> | --tool DESCRIPTOR_FILE [--name TOOL]) <ARGS_JSON|@FILE> [--pretty]
      Turn a model's answer to the converted schema back into arguments for the
      original one, then validate them. Prints the arguments, or {\"errors\": [...]}.
  budget --provider P <SCHEMA_FILE>... [--json] [--pretty]
      Convert every tool of one request (a file holds a schema, or a JSON array
      of them) and print each limit the provider documents that the set is over,
      with the counts; exit status 1 when over any.
  provider-profile <NAME>
      Print a built-in provider profile (the form --profile takes).
  tool-name <METHOD>
      Print the contract's default tool name for a method name.
  flatten-doc <XML>
      Print doc-comment XML flattened to one line.
  demo
      A tour of the bundled examples.
  info
      Where the component and its compiled form come from.
  help
      This text.

exit status: 0 answered, 1 refused (diagnostics on stdout), 2 usage error, 3 host failure.
environment: TOOL_SCHEMA_COMPONENT (the .wasm), TOOL_SCHEMA_CACHE_DIR (compiled cache).";

/// `println!` that ends quietly when stdout is closed (`host-demo demo | head`)
/// instead of panicking.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

enum Failure {
    Usage(String),
    Host(String),
}

impl From<host_demo::HostError> for Failure {
    fn from(e: host_demo::HostError) -> Failure {
        Failure::Host(e.0)
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(args) {
        Ok(code) => ExitCode::from(code),
        Err(Failure::Usage(msg)) => {
            eprintln!("host-demo: {msg} (see 'host-demo help')");
            ExitCode::from(2)
        }
        Err(Failure::Host(msg)) => {
            eprintln!("host-demo: {msg}");
            ExitCode::from(3)
        }
    }
}

/// The arguments after the command, with options pulled out as they are read.
struct Args {
    rest: Vec<String>,
}

impl Args {
    fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    fn option(&mut self, name: &str) -> Result<Option<String>, Failure> {
        let Some(i) = self.rest.iter().position(|a| a == name) else {
            return Ok(None);
        };
        if i + 1 >= self.rest.len() {
            return Err(Failure::Usage(format!("{name} needs a value")));
        }
        let v = self.rest.remove(i + 1);
        self.rest.remove(i);
        Ok(Some(v))
    }

    /// Exactly one positional argument, after every option has been taken.
    fn one(self, what: &str) -> Result<String, Failure> {
        if let Some(unknown) = self.rest.iter().find(|a| a.starts_with("--")) {
            return Err(Failure::Usage(format!("unknown option '{unknown}'")));
        }
        match <[String; 1]>::try_from(self.rest) {
            Ok([one]) => Ok(one),
            Err(rest) if rest.is_empty() => Err(Failure::Usage(format!("missing {what}"))),
            Err(rest) => Err(Failure::Usage(format!("unexpected argument '{}'", rest[1]))),
        }
    }

    /// One or more positional arguments, after every option has been taken.
    fn many(self, what: &str) -> Result<Vec<String>, Failure> {
        if let Some(unknown) = self.rest.iter().find(|a| a.starts_with("--")) {
            return Err(Failure::Usage(format!("unknown option '{unknown}'")));
        }
        if self.rest.is_empty() {
            return Err(Failure::Usage(format!("missing {what}")));
        }
        Ok(self.rest)
    }

    /// Exactly two positional arguments, after every option has been taken.
    fn two(self, first: &str, second: &str) -> Result<(String, String), Failure> {
        if let Some(unknown) = self.rest.iter().find(|a| a.starts_with("--")) {
            return Err(Failure::Usage(format!("unknown option '{unknown}'")));
        }
        match <[String; 2]>::try_from(self.rest) {
            Ok([a, b]) => Ok((a, b)),
            Err(rest) if rest.is_empty() => Err(Failure::Usage(format!("missing {first}"))),
            Err(rest) if rest.len() == 1 => Err(Failure::Usage(format!("missing {second}"))),
            Err(rest) => Err(Failure::Usage(format!("unexpected argument '{}'", rest[2]))),
        }
    }

    fn none(self) -> Result<(), Failure> {
        match self.rest.first() {
            None => Ok(()),
            Some(a) => Err(Failure::Usage(format!("unexpected argument '{a}'"))),
        }
    }
}

fn run(argv: Vec<String>) -> Result<u8, Failure> {
    let mut args = Args { rest: argv };
    let mut opts = LoadOptions::from_env();
    if let Some(c) = args.option("--component")? {
        opts.component = PathBuf::from(c);
    }
    if let Some(d) = args.option("--cache-dir")? {
        opts.cache_dir = Some(PathBuf::from(d));
    }
    if args.flag("--no-cache") {
        opts.cache_dir = None;
    }
    if args.rest.is_empty() {
        return Err(Failure::Usage("missing command".into()));
    }
    let command = args.rest.remove(0);
    if matches!(command.as_str(), "help" | "--help" | "-h") {
        say!("{USAGE}");
        return Ok(0);
    }
    if !matches!(
        command.as_str(),
        "describe-tool"
            | "describe-source"
            | "describe-type"
            | "validate"
            | "encode"
            | "downconvert"
            | "restore"
            | "budget"
            | "provider-profile"
            | "tool-name"
            | "flatten-doc"
            | "demo"
            | "info"
    ) {
        return Err(Failure::Usage(format!("unknown command '{command}'")));
    }
    // Read every argument before loading the component, so a usage error is
    // reported without any work.
    let pretty = args.flag("--pretty");
    match command.as_str() {
        "describe-tool" => {
            let file = args.one("descriptor file (or - for stdin)")?;
            let text = read_input(&file)?;
            let runtime = Runtime::load(&opts)?;
            let answer = runtime.instantiate()?.describe_tool(&text)?;
            Ok(print_answer(answer, pretty))
        }
        "describe-source" => {
            let emit = args.flag("--emit-descriptor");
            let msbuild = match args.option("--format")?.as_deref() {
                None | Some("json") => false,
                Some("msbuild") => true,
                Some(other) => return Err(Failure::Usage(format!("--format is json or msbuild, not '{other}'"))),
            };
            let options = SourceOptions { naming: args.option("--naming")?, mode: mode_option(&mut args)? };
            let paths = args.many("C# source file")?;
            let files = paths
                .iter()
                .map(|p| Ok(SourceFile { path: p.clone(), text: read_input(p)? }))
                .collect::<Result<Vec<_>, Failure>>()?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let answer =
                if emit { host.source_descriptor(&files, &options)? } else { host.describe_source(&files, &options)? };
            Ok(print_source_answer(answer, pretty, msbuild))
        }
        "describe-type" => {
            let types = match args.option("--types")? {
                Some(f) => Some(read_input(&f)?),
                None => None,
            };
            let naming = args.option("--naming")?;
            let mode = mode_option(&mut args)?;
            let ty = args.one("type expression")?;
            let runtime = Runtime::load(&opts)?;
            let answer = runtime.instantiate()?.describe_type(&ty, &TypeContext { types, naming, mode })?;
            Ok(print_answer(answer, pretty))
        }
        "validate" => {
            let tool = args.option("--tool")?;
            let name = args.option("--name")?;
            let formats = if args.flag("--annotate-formats") { FormatMode::Annotate } else { FormatMode::Assert };
            let (schema_source, args_source) = match &tool {
                Some(descriptor) => (descriptor.clone(), args.one("arguments (JSON text, or @FILE)")?),
                None => args.two("schema file (or -)", "arguments (JSON text, or @FILE)")?,
            };
            if name.is_some() && tool.is_none() {
                return Err(Failure::Usage("--name picks a tool of a class descriptor given with --tool".into()));
            }
            let schema_text = read_input(&schema_source)?;
            let args_text = match args_source.strip_prefix('@') {
                Some(file) if file == "-" && schema_source == "-" => {
                    return Err(Failure::Usage("the schema and the arguments cannot both come from stdin".into()));
                }
                Some(file) => read_input(file)?,
                None => args_source,
            };
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let schema = match schema_of(&mut host, tool.is_some(), schema_text, name.as_deref())? {
                Ok(schema) => schema,
                Err(diags) => return Ok(print_answer(Err(diags), pretty)),
            };
            let options = ValidateOptions { formats, any_value: false, limits: None };
            let compiled = match host.compile(&schema, Some(options))? {
                Ok(c) => c,
                Err(diags) => return Ok(print_answer(Err(diags), pretty)),
            };
            let answer = host.validate(&compiled, &args_text)?;
            host.release(compiled)?;
            Ok(print_validation(answer, pretty))
        }
        "encode" => {
            let tool = args.option("--tool")?.ok_or_else(|| Failure::Usage("encode needs --tool NAME".into()))?;
            let returns =
                args.option("--returns")?.ok_or_else(|| Failure::Usage("encode needs --returns TYPE".into()))?;
            let context = TypeContext {
                types: match args.option("--types")? {
                    Some(f) => Some(read_input(&f)?),
                    None => None,
                },
                naming: args.option("--naming")?,
                mode: mode_option(&mut args)?,
            };
            let ends_loop = args.flag("--ends-loop");
            let outcome = outcome_options(&mut args)?;
            args.none()?;
            let runtime = Runtime::load(&opts)?;
            let answer = runtime.instantiate()?.encode_result(&tool, &returns, &context, &outcome, ends_loop)?;
            match answer {
                Ok(result) => {
                    let v = tool_schema::encode::result_to_value(&core_result(result));
                    say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                    Ok(0)
                }
                Err(diags) => Ok(print_answer(Err(diags), pretty)),
            }
        }
        "downconvert" | "restore" => {
            let target = target_option(&mut args)?;
            let tool = args.option("--tool")?;
            let name = args.option("--name")?;
            if name.is_some() && tool.is_none() {
                return Err(Failure::Usage("--name picks a tool of a class descriptor given with --tool".into()));
            }
            let (schema_source, answer) = match (command.as_str(), &tool) {
                ("downconvert", Some(t)) => {
                    args.none()?;
                    (t.clone(), None)
                }
                ("downconvert", None) => (args.one("schema file (or -)")?, None),
                (_, Some(t)) => (t.clone(), Some(args.one("arguments (JSON text, or @FILE)")?)),
                (_, None) => {
                    let (schema, answer) = args.two("schema file", "arguments (JSON text, or @FILE)")?;
                    (schema, Some(answer))
                }
            };
            let schema_text = read_input(&schema_source)?;
            let answer = match answer {
                Some(a) => Some(match a.strip_prefix('@') {
                    Some(file) => read_input(file)?,
                    None => a,
                }),
                None => None,
            };
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let schema = match schema_of(&mut host, tool.is_some(), schema_text, name.as_deref())? {
                Ok(schema) => schema,
                Err(diags) => return Ok(print_answer(Err(diags), pretty)),
            };
            match answer {
                None => match host.downconvert(&schema, &target)? {
                    Ok(d) => {
                        let v = downconverted_value(&d);
                        say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                        Ok(0)
                    }
                    Err(diags) => Ok(print_answer(Err(diags), pretty)),
                },
                Some(answer) => Ok(print_validation(host.restore_args(&schema, &target, &answer)?, pretty)),
            }
        }
        "budget" => {
            let target = target_option(&mut args)?;
            let as_json = args.flag("--json");
            if let Some(unknown) = args.rest.iter().find(|a| a.starts_with("--")) {
                return Err(Failure::Usage(format!("unknown option '{unknown}'")));
            }
            if args.rest.is_empty() {
                return Err(Failure::Usage(
                    "missing schema files (each one tool's input schema, or a JSON array of them)".into(),
                ));
            }
            let mut schemas = Vec::new();
            for file in &args.rest {
                let text = read_input(file)?;
                let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 4096 };
                match json::parse(&text, limits) {
                    Ok(Value::Array(items)) => schemas.extend(items.iter().map(Value::to_json)),
                    _ => schemas.push(text),
                }
            }
            let runtime = Runtime::load(&opts)?;
            match runtime.instantiate()?.budget(&schemas, &target)? {
                Err(diags) => Ok(print_answer(Err(diags), pretty)),
                Ok(over) if as_json => {
                    let v = Value::Array(over.iter().map(over_limit_value).collect());
                    say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                    Ok(u8::from(!over.is_empty()))
                }
                Ok(over) => {
                    for o in &over {
                        say!("{}: {} {} > {}: {}", o.scope, o.limit, o.measured, o.allowed, o.message);
                    }
                    match over.len() {
                        0 => say!("{} tools: within every limit the provider documents", schemas.len()),
                        n => say!(
                            "{} tools: over {n} limit{} the provider documents",
                            schemas.len(),
                            if n == 1 { "" } else { "s" }
                        ),
                    }
                    Ok(u8::from(!over.is_empty()))
                }
            }
        }
        "provider-profile" => {
            let name = args.one("provider name")?;
            let runtime = Runtime::load(&opts)?;
            match runtime.instantiate()?.provider_profile(&name)? {
                Ok(profile) => {
                    say!("{}", profile.trim_end());
                    Ok(0)
                }
                Err(d) => Ok(print_answer(Err(vec![d]), pretty)),
            }
        }
        "tool-name" => {
            let method = args.one("method name")?;
            let runtime = Runtime::load(&opts)?;
            let answer = runtime.instantiate()?.tool_name(&method)?;
            match answer {
                Ok(name) => {
                    say!("{name}");
                    Ok(0)
                }
                Err(d) => Ok(print_answer(Err(vec![d]), pretty)),
            }
        }
        "flatten-doc" => {
            let xml = args.one("doc-comment text")?;
            let runtime = Runtime::load(&opts)?;
            say!("{}", runtime.instantiate()?.flatten_doc(&xml)?);
            Ok(0)
        }
        "info" => {
            args.none()?;
            let runtime = Runtime::load(&opts)?;
            say!("component: {} ({} bytes)", opts.component.display(), runtime.component_bytes);
            match &runtime.origin {
                Origin::Cache(f) => say!("compiled: loaded from cache {}", f.display()),
                Origin::Compiled(Some(f)) => say!("compiled: now, cached as {}", f.display()),
                Origin::Compiled(None) => say!("compiled: now, not cached"),
            }
            say!(
                "bounds: {} MiB of memory per instance, {} s per call; a fresh instance after a trap",
                opts.memory_limit >> 20,
                opts.call_deadline.as_secs_f64()
            );
            Ok(0)
        }
        _ => {
            args.none()?;
            let runtime = Runtime::load(&opts)?;
            demo(&runtime, &opts)
        }
    }
}

fn read_input(file: &str) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if file == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::read_to_string(file).map(|t| text = t)
    };
    result.map_err(|e| Failure::Usage(format!("cannot read '{file}': {e}")))?;
    Ok(text)
}

fn pretty_json(text: &str) -> String {
    // The component's output is valid JSON; re-indenting it changes only whitespace.
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 1024 };
    json::parse(text, limits).map_or_else(|_| text.to_owned(), |v| v.to_json_pretty())
}

fn diagnostics_value(diags: &[Diagnostic]) -> Value {
    let one = |d: &Diagnostic| {
        Value::Object(vec![
            ("code".into(), Value::String(d.code.clone())),
            ("message".into(), Value::String(d.message.clone())),
            ("path".into(), Value::String(d.path.clone())),
        ])
    };
    Value::Object(vec![("diagnostics".into(), Value::Array(diags.iter().map(one).collect()))])
}

fn target_option(args: &mut Args) -> Result<Target, Failure> {
    let provider = args.option("--provider")?.ok_or_else(|| Failure::Usage("--provider is required".into()))?;
    let profile = args.option("--profile")?;
    match (provider.as_str(), profile) {
        ("anthropic", None) => Ok(Target::Anthropic),
        ("openai", None) => Ok(Target::Openai),
        ("gemini", None) => Ok(Target::Gemini),
        ("custom", Some(file)) => Ok(Target::Custom(read_input(&file)?)),
        ("custom", None) => Err(Failure::Usage("--provider custom needs --profile FILE".into())),
        (_, Some(_)) => Err(Failure::Usage("--profile goes with --provider custom".into())),
        (other, None) => {
            Err(Failure::Usage(format!("--provider must be anthropic, openai, gemini or custom, not '{other}'")))
        }
    }
}

/// An over-limit record as JSON.
fn over_limit_value(o: &host_demo::OverLimit) -> Value {
    let mut members = vec![
        ("limit".to_owned(), Value::String(o.limit.clone())),
        ("scope".to_owned(), Value::String(o.scope.clone())),
        ("allowed".to_owned(), Value::Number(json::Number::from_i128(i128::from(o.allowed)))),
        ("measured".to_owned(), Value::Number(json::Number::from_i128(i128::from(o.measured)))),
    ];
    if let Some(t) = o.tool {
        members.push(("tool".to_owned(), Value::Number(json::Number::from_i128(i128::from(t)))));
    }
    members.push(("message".to_owned(), Value::String(o.message.clone())));
    Value::Object(members)
}

/// `{"schema": …, "changes": […], "lossless": …}`, the schema as JSON.
fn downconverted_value(d: &host_demo::Downconverted) -> Value {
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 4096 };
    let schema = json::parse(&d.schema, limits).unwrap_or_else(|_| Value::String(d.schema.clone()));
    let change = |c: &Change| {
        Value::Object(vec![
            ("pointer".into(), Value::String(c.pointer.clone())),
            ("keyword".into(), Value::String(c.keyword.clone())),
            ("action".into(), Value::String(c.action.clone())),
            ("detail".into(), Value::String(c.detail.clone())),
        ])
    };
    Value::Object(vec![
        ("schema".into(), schema),
        ("changes".into(), Value::Array(d.changes.iter().map(change).collect())),
        ("lossless".into(), Value::Bool(d.lossless)),
    ])
}

fn mode_option(args: &mut Args) -> Result<Mode, Failure> {
    match args.option("--mode")?.as_deref() {
        None | Some("generator") => Ok(Mode::Generator),
        Some("reflection") => Ok(Mode::Reflection),
        Some(other) => Err(Failure::Usage(format!("--mode must be generator or reflection, not '{other}'"))),
    }
}

/// A JSON argument given literally or as `@FILE`, parsed.
fn json_argument(option: &str, text: String) -> Result<Value, Failure> {
    let text = match text.strip_prefix('@') {
        Some(file) => read_input(file)?,
        None => text,
    };
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 1024 };
    json::parse(&text, limits).map_err(|e| Failure::Usage(format!("{option} is not JSON: {e}")))
}

/// `[{"type":"text","text":…} | {"type":"json","json":…}]`.
fn parts_from(option: &str, v: &Value) -> Result<Vec<Part>, Failure> {
    let bad = || Failure::Usage(format!("{option} must be a list of text and json parts"));
    let list = v.as_array().ok_or_else(bad)?;
    list.iter()
        .map(|p| match (p.get("type").and_then(Value::as_str), p.get("text"), p.get("json")) {
            (Some("text"), Some(Value::String(t)), None) => Ok(Part::Text(t.clone())),
            (Some("json"), None, Some(j)) => Ok(Part::Json(j.to_json())),
            _ => Err(bad()),
        })
        .collect()
}

/// The one outcome option given to `encode`.
fn outcome_options(args: &mut Args) -> Result<Outcome, Failure> {
    let mut found: Vec<Outcome> = Vec::new();
    if let Some(v) = args.option("--value")? {
        // Kept as the text given (or read), so numbers keep their digits.
        let text = match v.strip_prefix('@') {
            Some(file) => read_input(file)?,
            None => v,
        };
        found.push(Outcome::Returned(text));
    }
    if args.flag("--void") {
        found.push(Outcome::ReturnedNothing);
    }
    if let Some(v) = args.option("--parts")? {
        found.push(Outcome::ReturnedParts(parts_from("--parts", &json_argument("--parts", v)?)?));
    }
    if let Some(v) = args.option("--tool-result")? {
        let v = json_argument("--tool-result", v)?;
        let parts = parts_from("--tool-result parts", v.get("parts").unwrap_or(&Value::Array(vec![])))?;
        let is_error = matches!(v.get("isError"), Some(Value::Bool(true)));
        let typed_result = v.get("typedResult").map(Value::to_json);
        found.push(Outcome::ReturnedToolResult(ToolResult { parts, is_error, typed_result }));
    }
    if let Some(i) = args.rest.iter().position(|a| a == "--threw") {
        if i + 2 >= args.rest.len() {
            return Err(Failure::Usage("--threw needs an exception type and a message".into()));
        }
        let message = args.rest.remove(i + 2);
        let type_name = args.rest.remove(i + 1);
        args.rest.remove(i);
        found.push(Outcome::Threw(Exception { type_name, message }));
    }
    if let Some(v) = args.option("--timeout")? {
        let seconds = v.parse().map_err(|_| Failure::Usage(format!("--timeout takes whole seconds, not '{v}'")))?;
        found.push(Outcome::TimedOut(seconds));
    }
    if let Some(v) = args.option("--invalid-args")? {
        let v = json_argument("--invalid-args", v)?;
        let list = v.get("errors").unwrap_or(&v).as_array().map(<[Value]>::to_vec).unwrap_or_default();
        let errors = list
            .iter()
            .map(|e| {
                let s = |k: &str| e.get(k).and_then(Value::as_str).unwrap_or_default().to_owned();
                ArgError { path: s("path"), keyword: s("keyword"), message: s("message") }
            })
            .collect();
        found.push(Outcome::InvalidArguments(errors));
    }
    match <[Outcome; 1]>::try_from(found) {
        Ok([one]) => Ok(one),
        Err(v) if v.is_empty() => Err(Failure::Usage(
            "encode needs one of --value, --void, --parts, --tool-result, --threw, --timeout, --invalid-args".into(),
        )),
        Err(_) => Err(Failure::Usage("encode takes only one outcome".into())),
    }
}

fn core_result(r: ToolResult) -> tool_schema::ToolResult {
    tool_schema::ToolResult {
        parts: r
            .parts
            .into_iter()
            .map(|p| match p {
                Part::Text(t) => tool_schema::Part::Text(t),
                Part::Json(j) => tool_schema::Part::Json(j),
            })
            .collect(),
        is_error: r.is_error,
        typed_result: r.typed_result,
    }
}

/// The schema a command works on: the text as given, or, with `--tool`, the
/// input schema of the tool the descriptor text describes (its diagnostics
/// when it is refused).
fn schema_of(
    host: &mut Host<'_>,
    is_tool: bool,
    text: String,
    name: Option<&str>,
) -> Result<Result<String, Vec<Diagnostic>>, Failure> {
    if !is_tool {
        return Ok(Ok(text));
    }
    match host.describe_tool(&text)? {
        Ok(tool_json) => input_schema_of(&tool_json, name).map(Ok),
        Err(diags) => Ok(Err(diags)),
    }
}

/// The `inputSchema` of a described tool; for a class, of the tool `name`.
fn input_schema_of(tool_json: &str, name: Option<&str>) -> Result<String, Failure> {
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 1024 };
    let described = json::parse(tool_json, limits).map_err(|e| Failure::Host(format!("unreadable tool JSON: {e}")))?;
    let tool = match (&described, name) {
        (Value::Array(tools), Some(name)) => tools
            .iter()
            .find(|t| t.get("name").and_then(Value::as_str) == Some(name))
            .ok_or_else(|| Failure::Usage(format!("the class has no tool named '{name}'")))?,
        (Value::Array(tools), None) => {
            let names: Vec<&str> = tools.iter().filter_map(|t| t.get("name").and_then(Value::as_str)).collect();
            return Err(Failure::Usage(format!(
                "the descriptor holds several tools; pick one with --name ({})",
                names.join(", ")
            )));
        }
        (tool, _) => tool,
    };
    tool.get("inputSchema").map(Value::to_json).ok_or_else(|| Failure::Host("the tool JSON has no inputSchema".into()))
}

fn print_validation(answer: Result<String, Vec<ArgError>>, pretty: bool) -> u8 {
    match answer {
        Ok(bound) => {
            say!("{}", if pretty { pretty_json(&bound) } else { bound });
            0
        }
        Err(errors) => {
            let one = |e: &ArgError| {
                Value::Object(vec![
                    ("path".into(), Value::String(e.path.clone())),
                    ("keyword".into(), Value::String(e.keyword.clone())),
                    ("message".into(), Value::String(e.message.clone())),
                ])
            };
            let v = Value::Object(vec![("errors".into(), Value::Array(errors.iter().map(one).collect()))]);
            say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
            1
        }
    }
}

fn print_answer(answer: Result<String, Vec<Diagnostic>>, pretty: bool) -> u8 {
    match answer {
        Ok(text) => {
            say!("{}", if pretty { pretty_json(&text) } else { text });
            0
        }
        Err(diags) => {
            let v = diagnostics_value(&diags);
            say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
            1
        }
    }
}

fn source_diagnostic_value(d: &SourceDiagnostic) -> Value {
    let n = |n: u32| Value::Number(json::Number::from_i128(n.into()));
    Value::Object(vec![
        ("code".into(), Value::String(d.code.clone())),
        ("message".into(), Value::String(d.message.clone())),
        ("file".into(), Value::String(d.file.clone())),
        ("line".into(), n(d.line)),
        ("column".into(), n(d.column)),
        ("path".into(), Value::String(d.path.clone())),
    ])
}

/// `File.cs(12,5): error OLT002: message`, as MSBuild prints diagnostics.
fn msbuild_line(d: &SourceDiagnostic, severity: &str) -> String {
    if d.file.is_empty() {
        format!("{severity} {}: {}", d.code, d.message)
    } else {
        format!("{}({},{}): {severity} {}: {}", d.file, d.line, d.column, d.code, d.message)
    }
}

fn print_source_answer(answer: Result<FromSource, Vec<SourceDiagnostic>>, pretty: bool, msbuild: bool) -> u8 {
    match answer {
        Ok(found) => {
            for w in &found.warnings {
                if msbuild {
                    eprintln!("{}", msbuild_line(w, "warning"));
                } else {
                    eprintln!("{}", Value::Object(vec![("warning".into(), source_diagnostic_value(w))]).to_json());
                }
            }
            say!("{}", if pretty { pretty_json(&found.json) } else { found.json });
            0
        }
        Err(diags) if msbuild => {
            for d in &diags {
                say!("{}", msbuild_line(d, "error"));
            }
            1
        }
        Err(diags) => {
            let v = Value::Object(vec![(
                "diagnostics".into(),
                Value::Array(diags.iter().map(source_diagnostic_value).collect()),
            )]);
            say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
            1
        }
    }
}

const GET_DOCKET: &str = include_str!("../../examples/get-docket.json");
const WEATHER: &str = include_str!("../../examples/weather-tools.json");
const REFUSED: &str = include_str!("../../examples/refused.json");
const GET_DOCKET_CS: &str = include_str!("../../examples/get-docket.cs");
const REFUSED_CS: &str = include_str!("../../examples/refused.cs");
const TAG_COUNTS: &str = include_str!("../../examples/tag-counts.json");

fn demo(runtime: &Runtime, opts: &LoadOptions) -> Result<u8, Failure> {
    let mut host: Host<'_> = runtime.instantiate()?;
    let origin = match &runtime.origin {
        Origin::Cache(_) => "loaded precompiled from the cache",
        Origin::Compiled(_) => "compiled now and cached for the next run",
    };
    say!("tool-schema: one implementation of the tool-schema contract, as a WebAssembly component.");
    say!("Component: {} ({} bytes, no imports), {origin}.", opts.component.display(), runtime.component_bytes);

    section("1. A tool, described");
    say!("C#:  [Description(\"Looks up a court docket.\")]");
    say!("     Task<Docket> GetDocketAsync(Guid caseId, [Range(1, 100)] int limit = 10,");
    say!("                                 ToolContext ctx, CancellationToken ct)");
    say!("     record Docket(string Number, DateOnly Filed, Status Status);");
    say!("Descriptor: examples/get-docket.json. describe-tool gives:\n");
    say!("{}", pretty_json(&host.describe_tool(GET_DOCKET)?.map_err(|d| Failure::Host(format!("{d:?}")))?));
    say!("\nThe name drops Async and is snake_case; ctx and ct are filled in by the runtime and never");
    say!("reach the model; limit has a default, so only caseId is required.");

    section("2. Types, one fragment each (describe-type)");
    let context = TypeContext {
        types: Some(r#"{"Color":{"kind":"enum","members":["Red","Green","Blue"]}}"#.into()),
        naming: None,
        mode: Mode::Generator,
    };
    for ty in [
        "ulong",
        "decimal",
        "char",
        "TimeSpan",
        "byte[]",
        "Color?",
        "HashSet<Guid>",
        "Dictionary<string, List<int>>",
        "JsonElement",
    ] {
        let answer = host.describe_type(ty, &context)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
        say!("{ty:<30} {answer}");
    }

    section("3. A class of tools (examples/weather-tools.json)");
    let tools = host.describe_tool(WEATHER)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 1024 };
    if let Ok(Value::Array(list)) = json::parse(&tools, limits) {
        for t in &list {
            say!("{}\n", t.to_json_pretty());
        }
    }

    section("4. What the contract refuses, all at once (examples/refused.json)");
    say!("C#:  void Process(Queue<int> jobs, ref int count, Node root);");
    say!("     record Node(string Name, List<Node> Children);\n");
    match host.describe_tool(REFUSED)? {
        Ok(t) => say!("unexpectedly described: {t}"),
        Err(diags) => {
            for d in &diags {
                say!("{}  {:<28} {}", d.code, d.path, d.message);
            }
        }
    }

    section("5. Arguments a model sent, checked (validate)");
    let described = host.describe_tool(GET_DOCKET)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    let schema = input_schema_of(&described, None)?;
    let compiled = host.compile(&schema, None)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    for args in [
        r#"{"limit": 500}"#,
        r#"{"caseId": "not-a-guid", "limit": 2.5, "court": "9th"}"#,
        r#"{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380"}"#,
        r#"{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": 25.0}"#,
    ] {
        say!("{args}");
        match host.validate(&compiled, args)? {
            Ok(bound) => say!("  → bound: {bound}"),
            Err(errors) => {
                for e in errors {
                    say!("  → {}", e.message);
                }
            }
        }
    }
    host.release(compiled)?;
    say!("\nEvery error comes at once, in the order of the arguments; a valid call gets its");
    say!("defaults filled in and integral numbers in integer slots written as integers.");

    section("6. What the model receives back (encode)");
    let context = TypeContext {
        types: Some(r#"{"Docket":{"kind":"record","parameters":[{"name":"Number","type":"string"}]}}"#.into()),
        naming: None,
        mode: Mode::Generator,
    };
    let outcomes = [
        ("returned a Docket", Outcome::Returned(r#"{"number":"A-1"}"#.into())),
        (
            "threw, stack trace and all",
            Outcome::Threw(Exception {
                type_name: "System.InvalidOperationException".into(),
                message: "Docket A-1 is sealed.\n   at Court.Dockets.Get(Guid id) in Dockets.cs:line 41".into(),
            }),
        ),
        ("ran past its timeout", Outcome::TimedOut(5)),
        ("returned a Docket without its number", Outcome::Returned("{}".into())),
    ];
    for (what, outcome) in outcomes {
        say!("get_docket {what}:");
        match host.encode_result("get_docket", "Task<Docket>", &context, &outcome, false)? {
            Ok(result) => say!("  → {}", tool_schema::encode::result_to_value(&core_result(result)).to_json()),
            Err(diags) => {
                for d in diags {
                    say!("  → {} {}", d.code, d.message);
                }
            }
        }
    }
    say!("\nA value that does not fit the declared return type is the host's bug: a diagnostic, not");
    say!("something the model is told the tool said.");

    section("7. One schema, per provider (downconvert, restore)");
    say!("C#:  void F([Range(1, 10)] int n, List<string> tags, Dictionary<string, int> counts)");
    say!("Descriptor: examples/tag-counts.json.\n");
    let described = host.describe_tool(TAG_COUNTS)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    let schema = input_schema_of(&described, None)?;
    for (name, target) in [("anthropic", Target::Anthropic), ("openai", Target::Openai), ("gemini", Target::Gemini)] {
        let d = host.downconvert(&schema, &target)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
        let lossless = if d.lossless { "lossless" } else { "some constraints only as hints" };
        say!("{name} ({lossless}):\n  {}", d.schema);
        for c in &d.changes {
            let pointer = if c.pointer.is_empty() { "(the root)" } else { c.pointer.as_str() };
            say!("  {pointer:<44} {:<22} {}", c.keyword, c.action);
        }
    }
    let answer = r#"{"n": 30, "tags": [], "counts": [{"key": "a", "value": 1}]}"#;
    say!("\nThe model answers anthropic's schema with {answer}; restore gives:");
    match host.restore_args(&schema, &Target::Anthropic, answer)? {
        Ok(bound) => say!("  → {bound}"),
        Err(errors) => {
            for e in errors {
                say!("  → {}", e.message);
            }
        }
    }
    let answer = r#"{"n": 3, "tags": ["x"], "counts": [{"key": "a", "value": 1}]}"#;
    say!("and for {answer}:");
    match host.restore_args(&schema, &Target::Anthropic, answer)? {
        Ok(bound) => say!("  → {bound}"),
        Err(errors) => {
            for e in errors {
                say!("  → {}", e.message);
            }
        }
    }
    say!("\nA keyword a provider does not take is a hint in the description, in one parseable form;");
    say!("each reshaping is undone by restore, which validates against the original schema.");

    section("8. From C# source itself (describe-source)");
    say!("examples/get-docket.cs is the C# that examples/get-docket.json mirrors by hand.");
    let files = [SourceFile { path: "examples/get-docket.cs".into(), text: GET_DOCKET_CS.into() }];
    let options = SourceOptions { mode: Mode::Generator, naming: None };
    let from_source = host.describe_source(&files, &options)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    let from_json = host.describe_tool(GET_DOCKET)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    say!(
        "describe-source gives {} bytes, {} what describe-tool gives for the descriptor.",
        from_source.json.len(),
        if from_source.json == from_json { "exactly" } else { "NOT" }
    );
    let refused = [SourceFile { path: "examples/refused.cs".into(), text: REFUSED_CS.into() }];
    say!("examples/refused.cs, diagnostics as MSBuild prints them:");
    match host.describe_source(&refused, &options)? {
        Ok(f) => say!("unexpectedly described: {}", f.json),
        Err(diags) => {
            for d in &diags {
                say!("  {}", msbuild_line(d, "error"));
            }
        }
    }

    section("9. Tool names");
    for m in ["GetDocketAsync", "HTTPRequest", "SHA512Hash", "Summarize"] {
        let name = host.tool_name(m)?.map_err(|d| Failure::Host(d.message))?;
        say!("{m:<16} → {name}");
    }
    say!("\nTry: host-demo describe-tool examples/get-docket.json --pretty");
    say!("     host-demo describe-source examples/weather-tools.cs --pretty");
    say!("     host-demo validate --tool examples/order.json '{{\"items\":[{{\"qty\":\"three\"}}]}}'");
    say!("     host-demo encode --tool x --returns int --threw InvalidOperationException message");
    say!("     host-demo downconvert --provider openai --tool examples/get-docket.json --pretty");
    Ok(0)
}

fn section(title: &str) {
    say!("\n── {title} {}", "─".repeat(72usize.saturating_sub(title.len() + 4)));
}
