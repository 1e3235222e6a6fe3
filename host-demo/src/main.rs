//! `host-demo`: the tool-schema component on the command line, through wasmtime.
//!
//! Exit status: 0 when the component answers with a result, 1 when it refuses
//! the input (the diagnostics are printed as `{"diagnostics": [...]}` on
//! stdout), 2 for a usage error (one line on stderr), 3 when the host itself
//! fails (component missing, trap).

mod args;

use args::{Command, OutcomeArg, Provider, SchemaFrom, Source, Text, Usage};
use host_demo::{
    ArgError, Change, Diagnostic, Exception, FormatMode, FromSource, Host, LoadOptions, Mode, Origin, Outcome, Part,
    Runtime, SourceDiagnostic, SourceFile, SourceOptions, Target, ToolResult, TypeContext, ValidateOptions,
};
use std::io::Read;
use std::process::ExitCode;
use tool_schema::json::{self, Value};

const USAGE: &str = "\
usage: host-demo [--component PATH] [--cache-dir DIR | --no-cache] [--work-budget STEPS] <command> [arguments]

commands:
  describe-tool <FILE|-> [--pretty]
      Describe a tool from a method descriptor, or every tool of a class from a
      containingType descriptor. Prints the tool JSON (a list for a class).
  tool <DESCRIPTOR_FILE> [--name TOOL]
      Make a tool once (a class descriptor: the tool --name picks, else the
      first), then answer one request per line of stdin, one JSON line each:
        validate ARGS_JSON      the bound arguments, or {\"errors\": [...]}
        encode OUTCOME_JSON     the tool result ({\"returned\": TEXT} |
                                {\"returnedNothing\": true} | {\"threw\":
                                {\"typeName\", \"message\"}} | {\"timedOut\": N} |
                                {\"invalidArguments\": [MESSAGE...]})
        convert PROVIDER        {\"schema\", \"changes\", \"lossless\"}; later
                                restores answer this conversion
        restore ARGS_JSON       the answer turned back, bound, or {\"errors\"}
        info                    the tool's name, description and schemas
      Nothing is compiled after the tool is made.
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
      Convert a schema for a request surface's strict mode (a name or alias
      host-demo providers lists, or custom with --profile FILE). Prints
      {\"schema\", \"changes\", \"lossless\", \"alsoValidFor\", \"dead\"}.
  restore --provider P (<SCHEMA_FILE> | --tool DESCRIPTOR_FILE [--name TOOL]) <ARGS_JSON|@FILE> [--pretty]
      Turn a model's answer to the converted schema back into arguments for the
      original one, then validate them. Prints the arguments, or {\"errors\": [...]}.
  budget --provider P <FILE>... [--json] [--pretty]
      Convert every tool of one request (a file holds a schema, a tool object
      {\"name\", \"inputSchema\"}, or a JSON array of them) and print, per tool,
      the limits it is over and whether the plan sends it strict, non-strict or
      leaves it out; then each limit the request is over with every tool
      strict. Exit status 1 when over any.
  providers [--json]
      List every built-in request surface, with its aliases and the date of
      its oldest rule.
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

--work-budget STEPS sets the steps each call may take inside the component
(20000000 by default); past it a call is refused with one diagnostic at $.
Arguments are read as the system gives them: file names whatever their
bytes; an argument that must be text and is not UTF-8 is a usage error.

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

impl From<Usage> for Failure {
    fn from(u: Usage) -> Failure {
        Failure::Usage(u.0)
    }
}

fn main() -> ExitCode {
    let answer = args::parse(std::env::args_os().skip(1).collect()).map_err(Failure::from).and_then(run);
    match answer {
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

fn mode(m: args::Mode) -> Mode {
    match m {
        args::Mode::Generator => Mode::Generator,
        args::Mode::Reflection => Mode::Reflection,
    }
}

fn run(invocation: args::Invocation) -> Result<u8, Failure> {
    let args::Invocation { component, cache, work_budget, pretty, command } = invocation;
    let mut opts = LoadOptions::from_env();
    if let Some(c) = component {
        opts.component = c;
    }
    if let Some(dir) = cache {
        opts.cache_dir = dir;
    }
    if let Some(steps) = work_budget {
        opts.work_budget = steps;
    }
    // Every input is read before the component is loaded, so that a file
    // that cannot be read is reported without any work.
    match command {
        Command::Help => {
            say!("{USAGE}");
            Ok(0)
        }
        Command::DescribeTool { descriptor } => {
            let text = read_input(&descriptor)?;
            let runtime = Runtime::load(&opts)?;
            let answer = runtime.instantiate()?.describe_tool(&text)?;
            Ok(print_answer(answer, pretty))
        }
        Command::DescribeSource { files, emit_descriptor, msbuild, naming, mode: m } => {
            let options = SourceOptions { naming, mode: mode(m) };
            let files = files
                .iter()
                .map(|f| Ok(SourceFile { path: label(f), text: read_input(f)? }))
                .collect::<Result<Vec<_>, Failure>>()?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let answer = if emit_descriptor {
                host.source_descriptor(&files, &options)?
            } else {
                host.describe_source(&files, &options)?
            };
            Ok(print_source_answer(answer, pretty, msbuild))
        }
        Command::DescribeType { type_expr, types, naming, mode: m } => {
            let types = types.as_ref().map(read_input).transpose()?;
            let runtime = Runtime::load(&opts)?;
            let context = TypeContext { types, naming, mode: mode(m) };
            let answer = runtime.instantiate()?.describe_type(&type_expr, &context)?;
            Ok(print_answer(answer, pretty))
        }
        Command::Validate { schema, args, annotate_formats } => {
            let formats = if annotate_formats { FormatMode::Annotate } else { FormatMode::Assert };
            let schema_text = read_input(schema_source(&schema))?;
            let args_text = read_text(args)?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let schema = match schema_of(&mut host, &schema, schema_text)? {
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
        Command::Encode { tool, returns, types, naming, mode: m, ends_loop, outcome } => {
            let context = TypeContext { types: types.as_ref().map(read_input).transpose()?, naming, mode: mode(m) };
            let outcome = outcome_of(outcome)?;
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
        Command::Downconvert { provider, schema } => {
            let target = target_of(provider)?;
            let schema_text = read_input(schema_source(&schema))?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let schema = match schema_of(&mut host, &schema, schema_text)? {
                Ok(schema) => schema,
                Err(diags) => return Ok(print_answer(Err(diags), pretty)),
            };
            match host.downconvert(&schema, &target)? {
                Ok(d) => {
                    let v = downconverted_value(&d);
                    say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                    Ok(0)
                }
                Err(diags) => Ok(print_answer(Err(diags), pretty)),
            }
        }
        Command::Restore { provider, schema, args } => {
            let target = target_of(provider)?;
            let schema_text = read_input(schema_source(&schema))?;
            let answer = read_text(args)?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            let schema = match schema_of(&mut host, &schema, schema_text)? {
                Ok(schema) => schema,
                Err(diags) => return Ok(print_answer(Err(diags), pretty)),
            };
            Ok(print_validation(host.restore_args(&schema, &target, &answer)?, pretty))
        }
        Command::Budget { provider, files, json: as_json } => {
            let target = target_of(provider)?;
            let (mut schemas, mut names) = (Vec::new(), Vec::new());
            for file in &files {
                let text = read_input(file)?;
                let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 4096 };
                match json::parse(&text, limits) {
                    Ok(Value::Array(items)) => items.iter().for_each(|t| tool_of(t, &mut schemas, &mut names)),
                    Ok(tool @ Value::Object(_)) if tool.get("inputSchema").is_some() => {
                        tool_of(&tool, &mut schemas, &mut names)
                    }
                    _ => {
                        schemas.push(text);
                        names.push(None);
                    }
                }
            }
            // Names are checked when every tool has one.
            let names: Vec<String> =
                if names.iter().all(Option::is_some) { names.into_iter().flatten().collect() } else { Vec::new() };
            let runtime = Runtime::load(&opts)?;
            match runtime.instantiate()?.budget_plan(&schemas, &names, &target)? {
                Err(diags) => Ok(print_answer(Err(diags), pretty)),
                Ok(plan) if as_json => {
                    let v = plan_value(&plan);
                    say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                    Ok(u8::from(!plan.over.is_empty()))
                }
                Ok(plan) => {
                    print_plan(&plan, &names);
                    Ok(u8::from(!plan.over.is_empty()))
                }
            }
        }
        Command::Providers { json: as_json } => {
            let runtime = Runtime::load(&opts)?;
            let providers = runtime.instantiate()?.providers()?;
            if as_json {
                let v = Value::Array(providers.iter().map(provider_value).collect());
                say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
            } else {
                for p in &providers {
                    let aliases =
                        if p.aliases.is_empty() { String::new() } else { format!(" (also {})", p.aliases.join(", ")) };
                    say!(
                        "{}{aliases}: {}; oldest rule {}, {} of its rules not checked at the vendor",
                        p.name,
                        p.surface,
                        p.oldest_rule,
                        p.unchecked_rules
                    );
                }
            }
            Ok(0)
        }
        Command::ProviderProfile { name } => {
            let runtime = Runtime::load(&opts)?;
            match runtime.instantiate()?.provider_profile(&name)? {
                Ok(profile) => {
                    say!("{}", profile.trim_end());
                    Ok(0)
                }
                Err(d) => Ok(print_answer(Err(vec![d]), pretty)),
            }
        }
        Command::Tool { descriptor, name } => {
            let text = read_input(&descriptor)?;
            let runtime = Runtime::load(&opts)?;
            let mut host = runtime.instantiate()?;
            tool_session(&mut host, &text, name.as_deref(), pretty)
        }
        Command::ToolName { method } => {
            let runtime = Runtime::load(&opts)?;
            match runtime.instantiate()?.tool_name(&method)? {
                Ok(name) => {
                    say!("{name}");
                    Ok(0)
                }
                Err(d) => Ok(print_answer(Err(vec![d]), pretty)),
            }
        }
        Command::FlattenDoc { xml } => {
            let runtime = Runtime::load(&opts)?;
            say!("{}", runtime.instantiate()?.flatten_doc(&xml)?);
            Ok(0)
        }
        Command::Info => {
            let runtime = Runtime::load(&opts)?;
            say!("component: {} ({} bytes)", opts.component.display(), runtime.component_bytes);
            match &runtime.origin {
                Origin::Cache(f) => say!("compiled: loaded from cache {}", f.display()),
                Origin::Compiled(Some(f)) => say!("compiled: now, cached as {}", f.display()),
                Origin::Compiled(None) => say!("compiled: now, not cached"),
            }
            let budget = runtime.instantiate()?.work_budget()?;
            say!(
                "bounds: {} MiB of memory per instance, {} s per call, {budget} steps of work per call; a fresh instance after a trap",
                opts.memory_limit >> 20,
                opts.call_deadline.as_secs_f64()
            );
            Ok(0)
        }
        Command::Demo => {
            let runtime = Runtime::load(&opts)?;
            demo(&runtime, &opts)
        }
    }
}

/// What a source is called in diagnostics: its path, any byte that is not
/// UTF-8 shown as `\xFF` (the component's texts are UTF-8).
fn label(source: &Source) -> String {
    match source {
        Source::Stdin => "-".to_owned(),
        Source::File(path) => args::shown(path.as_os_str()),
    }
}

fn read_input(source: &Source) -> Result<String, Failure> {
    let mut text = String::new();
    let result = match source {
        Source::Stdin => std::io::stdin().read_to_string(&mut text).map(|_| ()),
        Source::File(path) => std::fs::read_to_string(path).map(|t| text = t),
    };
    result.map_err(|e| Failure::Usage(format!("cannot read '{}': {e}", label(source))))?;
    Ok(text)
}

fn read_text(text: Text) -> Result<String, Failure> {
    match text {
        Text::Given(t) => Ok(t),
        Text::Read(source) => read_input(&source),
    }
}

fn schema_source(schema: &SchemaFrom) -> &Source {
    match schema {
        SchemaFrom::Schema(s) | SchemaFrom::Tool { descriptor: s, .. } => s,
    }
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

fn target_of(provider: Provider) -> Result<Target, Failure> {
    Ok(match provider {
        Provider::Anthropic => Target::Anthropic,
        Provider::Openai => Target::Openai,
        Provider::Gemini => Target::Gemini,
        Provider::Surface(name) => Target::Surface(name),
        Provider::Custom(profile) => Target::Custom(read_input(&profile)?),
    })
}

/// One tool of a `budget` file: a tool object (`{"name", "inputSchema"}`,
/// as MCP's `tools/list` gives them) or a schema.
fn tool_of(item: &Value, schemas: &mut Vec<String>, names: &mut Vec<Option<String>>) {
    match item.get("inputSchema") {
        Some(schema) => {
            schemas.push(schema.to_json());
            names.push(item.get("name").and_then(Value::as_str).map(str::to_owned));
        }
        None => {
            schemas.push(item.to_json());
            names.push(None);
        }
    }
}

/// A budget plan as text: a line per tool, then the request's limits with
/// every tool strict, then what the plan sends.
fn print_plan(plan: &host_demo::RequestPlan, names: &[String]) {
    let placement = |p: host_demo::Placement| match p {
        host_demo::Placement::Strict => "strict",
        host_demo::Placement::NonStrict => "non-strict",
        host_demo::Placement::LeftOut => "left out",
    };
    for t in &plan.tools {
        let name = names.get(t.tool as usize).map_or_else(String::new, |n| format!(" {n}"));
        say!("tool {}{name}: {}: {}", t.tool, placement(t.placement), t.reason);
        for o in &t.over {
            say!("  over {} ({} > {}): {}", o.limit, o.measured, o.allowed, o.message);
        }
    }
    for o in &plan.over {
        say!("all strict, {}: {} {} > {}: {}", o.scope, o.limit, o.measured, o.allowed, o.message);
    }
    let count = |p: host_demo::Placement| plan.tools.iter().filter(|t| t.placement == p).count();
    let (strict, non_strict, left_out) = (
        count(host_demo::Placement::Strict),
        count(host_demo::Placement::NonStrict),
        count(host_demo::Placement::LeftOut),
    );
    match plan.over.len() {
        0 => say!("{} tools: within every limit the provider documents, all strict", plan.tools.len()),
        n => say!(
            "{} tools: over {n} limit{} the provider documents with every tool strict; the plan sends {strict} strict, {non_strict} non-strict, {left_out} left out",
            plan.tools.len(),
            if n == 1 { "" } else { "s" }
        ),
    }
}

/// A budget plan as JSON: `{"tools":[{"tool","placement","over","reason"}…],"over":[…]}`.
fn plan_value(plan: &host_demo::RequestPlan) -> Value {
    let placement = |p: host_demo::Placement| match p {
        host_demo::Placement::Strict => "strict",
        host_demo::Placement::NonStrict => "non-strict",
        host_demo::Placement::LeftOut => "left-out",
    };
    let tool = |t: &host_demo::ToolBudget| {
        Value::Object(vec![
            ("tool".into(), Value::Number(json::Number::from_i128(i128::from(t.tool)))),
            ("placement".into(), Value::String(placement(t.placement).into())),
            ("over".into(), Value::Array(t.over.iter().map(over_limit_value).collect())),
            ("reason".into(), Value::String(t.reason.clone())),
        ])
    };
    Value::Object(vec![
        ("tools".into(), Value::Array(plan.tools.iter().map(tool).collect())),
        ("over".into(), Value::Array(plan.over.iter().map(over_limit_value).collect())),
    ])
}

/// A built-in surface as JSON.
fn provider_value(p: &host_demo::ProviderInfo) -> Value {
    Value::Object(vec![
        ("name".into(), Value::String(p.name.clone())),
        ("aliases".into(), Value::Array(p.aliases.iter().cloned().map(Value::String).collect())),
        ("surface".into(), Value::String(p.surface.clone())),
        ("oldestRule".into(), Value::String(p.oldest_rule.clone())),
        ("uncheckedRules".into(), Value::Number(json::Number::from_i128(i128::from(p.unchecked_rules)))),
    ])
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
            ("action".into(), Value::String(host_demo::action_name(c.action).into())),
            ("detail".into(), Value::String(c.detail.clone())),
        ])
    };
    let names = |list: &[String]| Value::Array(list.iter().cloned().map(Value::String).collect());
    let dead = |d: &host_demo::DeadBranch| {
        Value::Object(vec![
            ("pointer".into(), Value::String(d.pointer.clone())),
            ("reason".into(), Value::String(d.reason.clone())),
        ])
    };
    Value::Object(vec![
        ("schema".into(), schema),
        ("changes".into(), Value::Array(d.changes.iter().map(change).collect())),
        ("lossless".into(), Value::Bool(d.lossless)),
        (
            "alsoValidFor".into(),
            Value::Object(vec![
                ("original".into(), names(&d.also_valid_for.original)),
                ("converted".into(), names(&d.also_valid_for.converted)),
            ]),
        ),
        ("dead".into(), Value::Array(d.dead.iter().map(dead).collect())),
    ])
}

/// A JSON argument given literally or as `@FILE`, parsed.
fn json_argument(option: &str, text: Text) -> Result<Value, Failure> {
    let text = read_text(text)?;
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

/// The outcome `encode` was given, its JSON read.
fn outcome_of(outcome: OutcomeArg) -> Result<Outcome, Failure> {
    Ok(match outcome {
        OutcomeArg::Value(text) => Outcome::Returned(read_text(text)?),
        OutcomeArg::Void => Outcome::ReturnedNothing,
        OutcomeArg::Parts(text) => Outcome::ReturnedParts(parts_from("--parts", &json_argument("--parts", text)?)?),
        OutcomeArg::ToolResult(text) => {
            let v = json_argument("--tool-result", text)?;
            let parts = parts_from("--tool-result parts", v.get("parts").unwrap_or(&Value::Array(vec![])))?;
            let is_error = matches!(v.get("isError"), Some(Value::Bool(true)));
            let typed_result = v.get("typedResult").map(Value::to_json);
            Outcome::ReturnedToolResult(ToolResult { parts, is_error, typed_result })
        }
        OutcomeArg::Threw { type_name, message } => Outcome::Threw(Exception { type_name, message }),
        OutcomeArg::Timeout(seconds) => Outcome::TimedOut(seconds),
        OutcomeArg::InvalidArgs(text) => {
            let v = json_argument("--invalid-args", text)?;
            let list = v.get("errors").unwrap_or(&v).as_array().map(<[Value]>::to_vec).unwrap_or_default();
            // Validate's output: the errors' messages are what the model reads.
            let messages =
                list.iter().map(|e| e.get("message").and_then(Value::as_str).unwrap_or_default().to_owned()).collect();
            Outcome::InvalidArguments(messages)
        }
    })
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
fn schema_of(host: &mut Host<'_>, from: &SchemaFrom, text: String) -> Result<Result<String, Vec<Diagnostic>>, Failure> {
    let SchemaFrom::Tool { name, .. } = from else {
        return Ok(Ok(text));
    };
    match host.describe_tool(&text)? {
        Ok(tool_json) => input_schema_of(&tool_json, name.as_deref()).map(Ok),
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
            .ok_or_else(|| Failure::Usage(format!("the class has no tool named '{}'", args::shown_text(name))))?,
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
            let v = Value::Object(vec![(
                "errors".into(),
                Value::Array(errors.iter().map(host_demo::arg_error_value).collect()),
            )]);
            say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
            1
        }
    }
}

/// `tool`: makes the tool, then answers each request line of stdin.
fn tool_session(host: &mut Host<'_>, descriptor: &str, name: Option<&str>, pretty: bool) -> Result<u8, Failure> {
    let tools = match host.tools(descriptor)? {
        Ok(tools) => tools,
        Err(diags) => return Ok(print_answer(Err(diags), pretty)),
    };
    let mut chosen = None;
    for tool in tools {
        let info = host.tool_info(&tool)?;
        if chosen.is_none() && name.is_none_or(|n| n == info.name) {
            chosen = Some(tool);
        } else {
            host.release_tool(tool)?;
        }
    }
    let tool = chosen.ok_or_else(|| Failure::Host(format!("no tool is named '{}'", name.unwrap_or_default())))?;
    let mut converted = None;
    let mut status = 0;
    for line in std::io::stdin().lines() {
        let line = line.map_err(|e| Failure::Host(format!("cannot read stdin: {e}")))?;
        let (request, rest) = line.trim().split_once(' ').unwrap_or((line.trim(), ""));
        let answer = match request {
            "" => continue,
            "validate" => print_validation(host.tool_validate(&tool, rest)?, pretty),
            "restore" => match &converted {
                Some(c) => print_validation(host.restore(c, rest)?, pretty),
                None => return Err(Failure::Usage("restore needs a convert first".into())),
            },
            "convert" => {
                let provider = match rest.trim() {
                    "anthropic" => Provider::Anthropic,
                    "openai" => Provider::Openai,
                    "gemini" => Provider::Gemini,
                    "" => return Err(Failure::Usage("convert takes a provider's name".into())),
                    other => Provider::Surface(other.to_owned()),
                };
                match host.tool_convert(&tool, &target_of(provider)?)? {
                    Ok(c) => {
                        let v = downconverted_value(&host.converted(&c)?);
                        say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                        if let Some(old) = converted.replace(c) {
                            host.release_converted(old)?;
                        }
                        0
                    }
                    Err(diags) => print_answer(Err(diags), pretty),
                }
            }
            "encode" => {
                let outcome = outcome_line(rest)?;
                match host.tool_encode(&tool, &outcome)? {
                    Ok(result) => {
                        let v = tool_schema::encode::result_to_value(&core_result(result));
                        say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                        0
                    }
                    Err(diags) => print_answer(Err(diags), pretty),
                }
            }
            "info" => {
                let i = host.tool_info(&tool)?;
                let limits = json::ParseLimits { max_bytes: usize::MAX, max_depth: 4096 };
                let schema = |t: &str| json::parse(t, limits).unwrap_or_else(|_| Value::String(t.to_owned()));
                let mut v = vec![
                    ("name".to_owned(), Value::String(i.name)),
                    ("description".to_owned(), Value::String(i.description)),
                    ("inputSchema".to_owned(), schema(&i.input_schema)),
                ];
                if let Some(o) = &i.output_schema {
                    v.push(("outputSchema".to_owned(), schema(o)));
                }
                let v = Value::Object(v);
                say!("{}", if pretty { v.to_json_pretty() } else { v.to_json() });
                0
            }
            other => {
                return Err(Failure::Usage(format!(
                    "unknown request '{other}' (validate, encode, convert, restore or info)"
                )));
            }
        };
        status = status.max(answer);
    }
    if let Some(c) = converted {
        host.release_converted(c)?;
    }
    host.release_tool(tool)?;
    Ok(status)
}

/// An outcome as one JSON line of `tool`'s `encode` request.
fn outcome_line(text: &str) -> Result<Outcome, Failure> {
    let bad = || Failure::Usage("encode takes a JSON outcome (see `host-demo help`)".into());
    let v = json::parse(text, json::ParseLimits { max_bytes: usize::MAX, max_depth: 256 }).map_err(|_| bad())?;
    let members = v.as_object().ok_or_else(bad)?;
    let (key, value) = members.first().ok_or_else(bad)?;
    let text_of = |v: &Value| v.as_str().map(str::to_owned).ok_or_else(bad);
    Ok(match key.as_str() {
        "returned" => Outcome::Returned(text_of(value)?),
        "returnedNothing" => Outcome::ReturnedNothing,
        "threw" => Outcome::Threw(Exception {
            type_name: value.get("typeName").map(text_of).transpose()?.unwrap_or_default(),
            message: value.get("message").map(text_of).transpose()?.unwrap_or_default(),
        }),
        "timedOut" => match value {
            Value::Number(n) => Outcome::TimedOut(n.as_i128().and_then(|n| u32::try_from(n).ok()).ok_or_else(bad)?),
            _ => return Err(bad()),
        },
        "invalidArguments" => {
            Outcome::InvalidArguments(value.as_array().ok_or_else(bad)?.iter().map(text_of).collect::<Result<_, _>>()?)
        }
        _ => return Err(bad()),
    })
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
            say!("  {pointer:<44} {:<22} {}", c.keyword, host_demo::action_name(c.action));
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
    section("10. A tool, compiled once (the tools interface)");
    let tool = host.tools(GET_DOCKET)?.map_err(|d| Failure::Host(format!("{d:?}")))?.remove(0);
    let converted = host.tool_convert(&tool, &Target::Openai)?.map_err(|d| Failure::Host(format!("{d:?}")))?;
    let compiled = host.schemas_compiled()?;
    let case = r#""caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301""#;
    let calls = 1_000;
    let started = std::time::Instant::now();
    for i in 0..calls {
        host.tool_validate(&tool, &format!("{{{case},\"limit\":{}}}", 1 + i % 100))?.ok();
        host.restore(&converted, &format!("{{{case},\"limit\":null}}"))?.ok();
    }
    let each = started.elapsed() / (2 * calls);
    say!("Made once from examples/get-docket.json and converted once for openai, then {calls} validations");
    say!(
        "and {calls} restores: {each:?} per call here, and {} schemas compiled meanwhile.",
        host.schemas_compiled()? - compiled
    );
    if let Err(errors) = host.tool_validate(&tool, r#"{"limit": 500}"#)? {
        say!("\nEach error carries its place and what was wanted, as values (params), beside the sentence:");
        say!("{}", host_demo::arg_error_value(&errors[0]).to_json_pretty());
    }
    host.release_converted(converted)?;
    host.release_tool(tool)?;

    say!("\nTry: host-demo describe-tool examples/get-docket.json --pretty");
    say!("     host-demo describe-source examples/weather-tools.cs --pretty");
    say!("     host-demo validate --tool examples/order.json '{{\"items\":[{{\"qty\":\"three\"}}]}}'");
    say!("     host-demo encode --tool x --returns int --threw InvalidOperationException message");
    say!("     host-demo downconvert --provider openai --tool examples/get-docket.json --pretty");
    say!("     printf 'validate {{\"limit\": 500}}\\n' | host-demo tool examples/get-docket.json");
    Ok(0)
}

fn section(title: &str) {
    say!("\n── {title} {}", "─".repeat(72usize.saturating_sub(title.len() + 4)));
}
