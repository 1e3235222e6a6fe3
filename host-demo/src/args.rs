//! The command line of `host-demo`, read into what to do before anything is
//! done: no file is opened and no component loaded here, so every usage
//! error is found first, and the reading can be fuzzed on its own
//! (`fuzz/fuzz_targets/cli.rs`).
//!
//! Arguments come as the operating system gives them (`OsString`): a file
//! name is used as it is, whatever its bytes, and an argument that must be
//! text and is not UTF-8 is a usage error naming it.

use std::ffi::{OsStr, OsString};
use std::path::PathBuf;

/// A usage error: one line, for stderr.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage(pub String);

/// Where a text is read from: a file, or stdin (`-`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    Stdin,
    File(PathBuf),
}

/// A text given on the command line, or `@FILE` (`@-` for stdin).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    Given(String),
    Read(Source),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Generator,
    Reflection,
}

/// The schema a command works on: a schema file, or the input schema of a
/// tool a descriptor describes (`--tool`, `--name` for a class).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SchemaFrom {
    Schema(Source),
    Tool { descriptor: Source, name: Option<String> },
}

/// `--provider` (and `--profile` for `custom`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Provider {
    Anthropic,
    Openai,
    Gemini,
    /// Any other name: a built-in surface's, or an alias (the component
    /// refuses a name none has, `OLP001`).
    Surface(String),
    Custom(Source),
}

/// The one outcome `encode` is given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeArg {
    /// `--value`: kept as the text given (or read), so numbers keep their digits.
    Value(Text),
    Void,
    Parts(Text),
    ToolResult(Text),
    Threw {
        type_name: String,
        message: String,
    },
    Timeout(u32),
    InvalidArgs(Text),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Help,
    DescribeTool {
        descriptor: Source,
    },
    DescribeSource {
        files: Vec<Source>,
        emit_descriptor: bool,
        msbuild: bool,
        naming: Option<String>,
        mode: Mode,
    },
    DescribeType {
        type_expr: String,
        types: Option<Source>,
        naming: Option<String>,
        mode: Mode,
    },
    Validate {
        schema: SchemaFrom,
        args: Text,
        annotate_formats: bool,
    },
    Encode {
        tool: String,
        returns: String,
        types: Option<Source>,
        naming: Option<String>,
        mode: Mode,
        ends_loop: bool,
        outcome: OutcomeArg,
    },
    Downconvert {
        provider: Provider,
        schema: SchemaFrom,
    },
    Restore {
        provider: Provider,
        schema: SchemaFrom,
        args: Text,
    },
    /// `budget`: the tools of one request, each file a schema or a JSON
    /// array of them.
    Budget {
        provider: Provider,
        files: Vec<Source>,
        json: bool,
    },
    /// `tool`: one tool made once, then a request per line of stdin.
    Tool {
        descriptor: Source,
        name: Option<String>,
    },
    ProviderProfile {
        name: String,
    },
    /// `providers`: every built-in surface.
    Providers {
        json: bool,
    },
    ToolName {
        method: String,
    },
    FlattenDoc {
        xml: String,
    },
    Demo,
    Info,
}

/// Everything the command line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invocation {
    /// `--component PATH`.
    pub component: Option<PathBuf>,
    /// `--cache-dir DIR` (`Some(Some(dir))`) or `--no-cache` (`Some(None)`).
    pub cache: Option<Option<PathBuf>>,
    /// `--work-budget STEPS`.
    pub work_budget: Option<u64>,
    /// `--pretty`.
    pub pretty: bool,
    pub command: Command,
}

/// An argument shown in a message, on one line: its text, with each byte
/// that is not UTF-8 written `\xFF` and each control character escaped
/// (`\n`, `\u{7f}`).
pub fn shown(arg: &OsStr) -> String {
    let mut out = String::new();
    for chunk in arg.as_encoded_bytes().utf8_chunks() {
        for c in chunk.valid().chars() {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02X}"));
        }
    }
    out
}

/// A text argument shown in a message (see [`shown`]).
pub fn shown_text(arg: &str) -> String {
    shown(OsStr::new(arg))
}

/// `arg` as text, or a usage error naming it as `what`.
fn text(arg: OsString, what: &str) -> Result<String, Usage> {
    arg.into_string().map_err(|bad| Usage(format!("{what} is not UTF-8 text: '{}'", shown(&bad))))
}

fn source(arg: OsString) -> Source {
    if arg == "-" { Source::Stdin } else { Source::File(PathBuf::from(arg)) }
}

/// `@FILE` (`@-`: stdin) or the text itself.
fn text_or_file(arg: OsString, what: &str) -> Result<Text, Usage> {
    let bytes = arg.as_encoded_bytes();
    if let Some(rest) = bytes.strip_prefix(b"@") {
        // SAFETY: `rest` follows an ASCII byte of an OsStr's encoded bytes,
        // a boundary `from_encoded_bytes_unchecked` documents as valid.
        let file = unsafe { OsStr::from_encoded_bytes_unchecked(rest) };
        return Ok(Text::Read(source(file.to_owned())));
    }
    text(arg, what).map(Text::Given)
}

/// The arguments after the command, with options pulled out as they are read.
struct Args {
    rest: Vec<OsString>,
}

fn is_option(a: &OsStr) -> bool {
    a.as_encoded_bytes().starts_with(b"--")
}

impl Args {
    fn flag(&mut self, name: &str) -> bool {
        let before = self.rest.len();
        self.rest.retain(|a| a != name);
        self.rest.len() != before
    }

    fn option_os(&mut self, name: &str) -> Result<Option<OsString>, Usage> {
        let Some(i) = self.rest.iter().position(|a| a == name) else {
            return Ok(None);
        };
        if i + 1 >= self.rest.len() {
            return Err(Usage(format!("{name} needs a value")));
        }
        let v = self.rest.remove(i + 1);
        self.rest.remove(i);
        Ok(Some(v))
    }

    /// An option whose value is text.
    fn option(&mut self, name: &str) -> Result<Option<String>, Usage> {
        match self.option_os(name)? {
            Some(v) => text(v, &format!("the value of {name}")).map(Some),
            None => Ok(None),
        }
    }

    fn no_unknown_option(&self) -> Result<(), Usage> {
        match self.rest.iter().find(|a| is_option(a)) {
            Some(unknown) => Err(Usage(format!("unknown option '{}'", shown(unknown)))),
            None => Ok(()),
        }
    }

    /// Exactly one positional argument, after every option has been taken.
    fn one(self, what: &str) -> Result<OsString, Usage> {
        self.no_unknown_option()?;
        match <[OsString; 1]>::try_from(self.rest) {
            Ok([one]) => Ok(one),
            Err(rest) if rest.is_empty() => Err(Usage(format!("missing {what}"))),
            Err(rest) => Err(Usage(format!("unexpected argument '{}'", shown(&rest[1])))),
        }
    }

    /// One or more positional arguments, after every option has been taken.
    fn many(self, what: &str) -> Result<Vec<OsString>, Usage> {
        self.no_unknown_option()?;
        if self.rest.is_empty() {
            return Err(Usage(format!("missing {what}")));
        }
        Ok(self.rest)
    }

    /// Exactly two positional arguments, after every option has been taken.
    fn two(self, first: &str, second: &str) -> Result<(OsString, OsString), Usage> {
        self.no_unknown_option()?;
        match <[OsString; 2]>::try_from(self.rest) {
            Ok([a, b]) => Ok((a, b)),
            Err(rest) if rest.is_empty() => Err(Usage(format!("missing {first}"))),
            Err(rest) if rest.len() == 1 => Err(Usage(format!("missing {second}"))),
            Err(rest) => Err(Usage(format!("unexpected argument '{}'", shown(&rest[2])))),
        }
    }

    fn none(self) -> Result<(), Usage> {
        match self.rest.first() {
            None => Ok(()),
            Some(a) => Err(Usage(format!("unexpected argument '{}'", shown(a)))),
        }
    }

    fn mode(&mut self) -> Result<Mode, Usage> {
        match self.option("--mode")?.as_deref() {
            None | Some("generator") => Ok(Mode::Generator),
            Some("reflection") => Ok(Mode::Reflection),
            Some(other) => Err(Usage(format!("--mode must be generator or reflection, not '{}'", shown_text(other)))),
        }
    }

    fn provider(&mut self) -> Result<Provider, Usage> {
        let provider = self.option("--provider")?.ok_or_else(|| Usage("--provider is required".into()))?;
        let profile = self.option_os("--profile")?;
        match (provider.as_str(), profile) {
            ("anthropic", None) => Ok(Provider::Anthropic),
            ("openai", None) => Ok(Provider::Openai),
            ("gemini", None) => Ok(Provider::Gemini),
            ("custom", Some(file)) => Ok(Provider::Custom(source(file))),
            ("custom", None) => Err(Usage("--provider custom needs --profile FILE".into())),
            (_, Some(_)) => Err(Usage("--profile goes with --provider custom".into())),
            ("", None) => Err(Usage("--provider needs a name (host-demo providers lists them)".into())),
            (other, None) => Ok(Provider::Surface(other.to_owned())),
        }
    }

    /// The one outcome option given to `encode`.
    fn outcome(&mut self) -> Result<OutcomeArg, Usage> {
        let mut found: Vec<OutcomeArg> = Vec::new();
        if let Some(v) = self.option_os("--value")? {
            found.push(OutcomeArg::Value(text_or_file(v, "the value of --value")?));
        }
        if self.flag("--void") {
            found.push(OutcomeArg::Void);
        }
        if let Some(v) = self.option_os("--parts")? {
            found.push(OutcomeArg::Parts(text_or_file(v, "the value of --parts")?));
        }
        if let Some(v) = self.option_os("--tool-result")? {
            found.push(OutcomeArg::ToolResult(text_or_file(v, "the value of --tool-result")?));
        }
        if let Some(i) = self.rest.iter().position(|a| a == "--threw") {
            if i + 2 >= self.rest.len() {
                return Err(Usage("--threw needs an exception type and a message".into()));
            }
            let message = text(self.rest.remove(i + 2), "the message of --threw")?;
            let type_name = text(self.rest.remove(i + 1), "the exception type of --threw")?;
            self.rest.remove(i);
            found.push(OutcomeArg::Threw { type_name, message });
        }
        if let Some(v) = self.option("--timeout")? {
            let seconds =
                v.parse().map_err(|_| Usage(format!("--timeout takes whole seconds, not '{}'", shown_text(&v))))?;
            found.push(OutcomeArg::Timeout(seconds));
        }
        if let Some(v) = self.option_os("--invalid-args")? {
            found.push(OutcomeArg::InvalidArgs(text_or_file(v, "the value of --invalid-args")?));
        }
        match <[OutcomeArg; 1]>::try_from(found) {
            Ok([one]) => Ok(one),
            Err(v) if v.is_empty() => Err(Usage(
                "encode needs one of --value, --void, --parts, --tool-result, --threw, --timeout, --invalid-args"
                    .into(),
            )),
            Err(_) => Err(Usage("encode takes only one outcome".into())),
        }
    }
}

const COMMANDS: &[&str] = &[
    "tool",
    "describe-tool",
    "describe-source",
    "describe-type",
    "validate",
    "encode",
    "downconvert",
    "restore",
    "budget",
    "provider-profile",
    "providers",
    "tool-name",
    "flatten-doc",
    "demo",
    "info",
];

/// Reads the arguments after the program's name.
pub fn parse(argv: Vec<OsString>) -> Result<Invocation, Usage> {
    let mut args = Args { rest: argv };
    let component = args.option_os("--component")?.map(PathBuf::from);
    let mut cache = args.option_os("--cache-dir")?.map(|d| Some(PathBuf::from(d)));
    if args.flag("--no-cache") {
        cache = Some(None);
    }
    let work_budget = match args.option("--work-budget")? {
        None => None,
        Some(v) => Some(
            v.parse()
                .map_err(|_| Usage(format!("--work-budget takes a whole number of steps, not '{}'", shown_text(&v))))?,
        ),
    };
    if args.rest.is_empty() {
        return Err(Usage("missing command".into()));
    }
    let command = text(args.rest.remove(0), "the command")?;
    let invocation = |command, pretty| Invocation { component, cache, work_budget, pretty, command };
    if matches!(command.as_str(), "help" | "--help" | "-h") {
        return Ok(invocation(Command::Help, false));
    }
    if !COMMANDS.contains(&command.as_str()) {
        return Err(Usage(format!("unknown command '{}'", shown_text(&command))));
    }
    let pretty = args.flag("--pretty");
    let command = match command.as_str() {
        "describe-tool" => Command::DescribeTool { descriptor: source(args.one("descriptor file (or - for stdin)")?) },
        "tool" => {
            let name = args.option("--name")?;
            let descriptor = source(args.one("descriptor file")?);
            if descriptor == Source::Stdin {
                return Err(Usage("the requests come on stdin: the descriptor must be a file".into()));
            }
            Command::Tool { descriptor, name }
        }
        "describe-source" => {
            let emit_descriptor = args.flag("--emit-descriptor");
            let msbuild = match args.option("--format")?.as_deref() {
                None | Some("json") => false,
                Some("msbuild") => true,
                Some(other) => return Err(Usage(format!("--format is json or msbuild, not '{}'", shown_text(other)))),
            };
            let naming = args.option("--naming")?;
            let mode = args.mode()?;
            let files = args.many("C# source file")?.into_iter().map(source).collect();
            Command::DescribeSource { files, emit_descriptor, msbuild, naming, mode }
        }
        "describe-type" => {
            let types = args.option_os("--types")?.map(source);
            let naming = args.option("--naming")?;
            let mode = args.mode()?;
            let type_expr = text(args.one("type expression")?, "the type expression")?;
            Command::DescribeType { type_expr, types, naming, mode }
        }
        "validate" => {
            let tool = args.option_os("--tool")?;
            let name = args.option("--name")?;
            let annotate_formats = args.flag("--annotate-formats");
            let (schema, given) = match tool {
                Some(descriptor) => (
                    SchemaFrom::Tool { descriptor: source(descriptor), name },
                    args.one("arguments (JSON text, or @FILE)")?,
                ),
                None => {
                    let (schema, given) = args.two("schema file (or -)", "arguments (JSON text, or @FILE)")?;
                    if name.is_some() {
                        return Err(Usage("--name picks a tool of a class descriptor given with --tool".into()));
                    }
                    (SchemaFrom::Schema(source(schema)), given)
                }
            };
            let args = text_or_file(given, "the JSON text of the arguments")?;
            let from_stdin = |s: &SchemaFrom| {
                matches!(s, SchemaFrom::Schema(Source::Stdin) | SchemaFrom::Tool { descriptor: Source::Stdin, .. })
            };
            if from_stdin(&schema) && args == Text::Read(Source::Stdin) {
                return Err(Usage("the schema and the arguments cannot both come from stdin".into()));
            }
            Command::Validate { schema, args, annotate_formats }
        }
        "encode" => {
            let tool = args.option("--tool")?.ok_or_else(|| Usage("encode needs --tool NAME".into()))?;
            let returns = args.option("--returns")?.ok_or_else(|| Usage("encode needs --returns TYPE".into()))?;
            let types = args.option_os("--types")?.map(source);
            let naming = args.option("--naming")?;
            let mode = args.mode()?;
            let ends_loop = args.flag("--ends-loop");
            let outcome = args.outcome()?;
            args.none()?;
            Command::Encode { tool, returns, types, naming, mode, ends_loop, outcome }
        }
        "budget" => {
            let provider = args.provider()?;
            let json = args.flag("--json");
            let files = args
                .many("schema files (each one tool's input schema, or a JSON array of them)")?
                .into_iter()
                .map(source)
                .collect();
            Command::Budget { provider, files, json }
        }
        "downconvert" | "restore" => {
            let provider = args.provider()?;
            let tool = args.option_os("--tool")?;
            let name = args.option("--name")?;
            if name.is_some() && tool.is_none() {
                return Err(Usage("--name picks a tool of a class descriptor given with --tool".into()));
            }
            let restore = command == "restore";
            let (schema, answer) = match (restore, tool) {
                (false, Some(t)) => {
                    args.none()?;
                    (SchemaFrom::Tool { descriptor: source(t), name }, None)
                }
                (false, None) => (SchemaFrom::Schema(source(args.one("schema file (or -)")?)), None),
                (true, Some(t)) => {
                    let answer = args.one("arguments (JSON text, or @FILE)")?;
                    (SchemaFrom::Tool { descriptor: source(t), name }, Some(answer))
                }
                (true, None) => {
                    let (schema, answer) = args.two("schema file", "arguments (JSON text, or @FILE)")?;
                    (SchemaFrom::Schema(source(schema)), Some(answer))
                }
            };
            match answer {
                None => Command::Downconvert { provider, schema },
                Some(a) => {
                    Command::Restore { provider, schema, args: text_or_file(a, "the JSON text of the arguments")? }
                }
            }
        }
        "providers" => {
            let json = args.flag("--json");
            args.none()?;
            Command::Providers { json }
        }
        "provider-profile" => Command::ProviderProfile { name: text(args.one("provider name")?, "the provider name")? },
        "tool-name" => Command::ToolName { method: text(args.one("method name")?, "the method name")? },
        "flatten-doc" => Command::FlattenDoc { xml: text(args.one("doc-comment text")?, "the doc-comment text")? },
        "info" => {
            args.none()?;
            Command::Info
        }
        _ => {
            args.none()?;
            Command::Demo
        }
    };
    Ok(invocation(command, pretty))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(args: &[&str]) -> Vec<OsString> {
        args.iter().map(OsString::from).collect()
    }

    #[cfg(unix)]
    fn bytes(b: &[u8]) -> OsString {
        use std::os::unix::ffi::OsStringExt;
        OsString::from_vec(b.to_vec())
    }

    #[test]
    fn reads_a_command_and_its_options_anywhere() {
        let inv = parse(os(&["describe-type", "--mode", "reflection", "List<int>", "--no-cache", "--pretty"])).unwrap();
        assert_eq!(inv.cache, Some(None));
        assert!(inv.pretty);
        assert_eq!(
            inv.command,
            Command::DescribeType { type_expr: "List<int>".into(), types: None, naming: None, mode: Mode::Reflection }
        );
        let inv = parse(os(&["--work-budget", "5000", "validate", "-", "@args.json"])).unwrap();
        assert_eq!(inv.work_budget, Some(5000));
        assert_eq!(
            inv.command,
            Command::Validate {
                schema: SchemaFrom::Schema(Source::Stdin),
                args: Text::Read(Source::File("args.json".into())),
                annotate_formats: false
            }
        );
    }

    #[test]
    fn usage_errors_say_what_is_wrong() {
        let err = |args: &[&str]| parse(os(args)).unwrap_err().0;
        assert_eq!(err(&[]), "missing command");
        assert_eq!(err(&["frob"]), "unknown command 'frob'");
        assert_eq!(err(&["validate", "-", "@-"]), "the schema and the arguments cannot both come from stdin");
        assert_eq!(
            err(&["encode", "--tool", "x", "--returns", "int", "--void", "--timeout", "1"]),
            "encode takes only one outcome"
        );
        assert_eq!(err(&["--work-budget", "lots", "info"]), "--work-budget takes a whole number of steps, not 'lots'");
        assert_eq!(err(&["describe-tool", "a", "--frob"]), "unknown option '--frob'");
        // One line, whatever the argument holds.
        assert_eq!(err(&["fr\nob\u{7f}"]), r"unknown command 'fr\nob\u{7f}'");
        assert_eq!(
            err(&["describe-type", "int", "--mode", "a\tb"]),
            r"--mode must be generator or reflection, not 'a\tb'"
        );
    }

    #[cfg(unix)]
    #[test]
    fn an_argument_that_must_be_text_and_is_not_utf8_is_named() {
        let err = |args: Vec<OsString>| parse(args).unwrap_err().0;
        assert_eq!(err(vec![bytes(b"\xff")]), r"the command is not UTF-8 text: '\xFF'");
        assert_eq!(
            err(vec!["describe-type".into(), bytes(b"List<\xc3>")]),
            r"the type expression is not UTF-8 text: 'List<\xC3>'"
        );
        assert_eq!(
            err(vec!["describe-type".into(), "int".into(), "--naming".into(), bytes(b"\xfe")]),
            r"the value of --naming is not UTF-8 text: '\xFE'"
        );
        assert_eq!(
            err(vec!["validate".into(), "s.json".into(), bytes(b"{\"a\":\"\xff\"}")]),
            r#"the JSON text of the arguments is not UTF-8 text: '{"a":"\xFF"}'"#
        );
    }

    #[cfg(unix)]
    #[test]
    fn file_names_are_taken_whatever_their_bytes() {
        let inv = parse(vec!["describe-tool".into(), bytes(b"tool-\xff.json")]).unwrap();
        assert_eq!(
            inv.command,
            Command::DescribeTool { descriptor: Source::File(PathBuf::from(bytes(b"tool-\xff.json"))) }
        );
        let inv = parse(vec!["validate".into(), "s.json".into(), bytes(b"@args-\xff.json")]).unwrap();
        let Command::Validate { args, .. } = inv.command else { panic!("not validate") };
        assert_eq!(args, Text::Read(Source::File(PathBuf::from(bytes(b"args-\xff.json")))));
    }
}
