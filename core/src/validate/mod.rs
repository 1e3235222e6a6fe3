//! `validate-args`: any JSON Schema 2020-12 (and drafts 4, 6, 7 and 2019-09
//! where `$schema` names them), with the contract's meanings
//! (`decisions.md` §3), messages a model can act on, and the bound arguments.
//!
//! A schema is read once into a [`program::Program`] (its keywords decoded,
//! its references resolved, checked against its meta-schema); each argument
//! text is read once into a tape and checked against the program without
//! building anything, then, only when it is invalid, checked again to
//! collect every error. See `docs/validation.md`.

mod bind;
mod compile;
pub(crate) mod ecma;
mod eval;
mod formats;
pub(crate) mod legacy;
mod messages;
mod meta;
mod number;
pub mod params;
mod program;
mod refcheck;
mod stdformats;
mod tape;
mod uri;
mod usable;

use crate::diag::{Code, Diagnostic};
use crate::json::{self, ParseErrorKind, ParseLimits, Value};
use crate::path::Path;
use eval::{Answer, Eval, Stop};
use std::sync::Arc;

pub use formats::is_base64;
pub use messages::{ArgError, errors_json};
pub(crate) use messages::{Found, schema_unusable, unreadable};
pub use params::{JsonType, LimitKind, Params, Shown};
pub(crate) use refcheck::percent_decode;

/// Most schemas that checking one value against one schema may take, each
/// counted as often as references and applicators reach it (`OLS002` past
/// it). Real tool schemas take under a dozen; 2^40 is a two-kilobyte schema.
pub const MAX_REF_EXPANSION: u64 = 10_000;

/// How `format` (and `contentEncoding`) are treated.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FormatMode {
    /// The contract's choice: formats are assertions, with the contract's
    /// meanings for `date`, `time`, `date-time` and `uuid`, and
    /// `contentEncoding: base64` is checked.
    #[default]
    Assert,
    /// The specification's default: `format` and `contentEncoding` are
    /// annotations only.
    Annotate,
}

/// Limits on what one validation reads and does (`decisions.md` §6). Past
/// any of them the answer is an error with path `$`, never a trap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Longest argument text, in bytes.
    pub max_argument_bytes: usize,
    /// Deepest nesting of arrays and objects in the arguments.
    pub max_argument_depth: usize,
    /// Longest schema text, in bytes.
    pub max_schema_bytes: usize,
    /// Deepest nesting of arrays and objects in the schema.
    pub max_schema_depth: usize,
    /// Most backtracking steps one `pattern` search may take.
    pub regex_backtrack_limit: usize,
    /// Most errors listed; past them, one error says how many more there are.
    pub max_errors: usize,
    /// Most steps one validation may take (a step is about one keyword
    /// applied to one value); past it, one error with path `$`. By default
    /// the work budget of the thread ([`crate::work::budget`]).
    pub max_work: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_argument_bytes: 10 << 20,
            max_argument_depth: 128,
            max_schema_bytes: 4 << 20,
            max_schema_depth: 512,
            regex_backtrack_limit: 1_000_000,
            max_errors: crate::diag::MAX_DIAGNOSTICS,
            max_work: crate::work::budget(),
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    pub formats: FormatMode,
    /// Validate any JSON value, not only an argument object (for conformance
    /// testing and uses other than tool calls).
    pub any_value: bool,
    pub limits: Limits,
}

/// Why an argument text was refused.
pub(crate) enum Refused {
    /// The errors listed, each with its position and schema location, in
    /// document order, and how many more there are.
    Listed(Vec<Found>, u64),
    /// The work budget ran out before the text was checked.
    OverBudget,
}

thread_local! {
    /// How many schemas this thread (the component's instance) has compiled.
    static COMPILED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many schemas this thread has compiled into validation programs so
/// far (in the component, the instance): a tool is compiled once, and a
/// test or a host's metrics can check that no call compiles again.
pub fn schemas_compiled() -> u64 {
    COMPILED.with(std::cell::Cell::get)
}

/// A compiled schema, ready to validate many argument texts.
pub struct Validator {
    program: program::Program,
    /// The schema as read (draft-07 spellings mapped).
    schema: Arc<Value>,
    options: Options,
}

impl Validator {
    /// Compiles `schema_text`. A schema that cannot be used is refused with
    /// diagnostics (`OLS001`–`OLS005`).
    pub fn compile(schema_text: &str, options: Options) -> Result<Validator, Vec<Diagnostic>> {
        Self::compile_text(schema_text, options).map_err(|d| crate::diag::capped(d, Code::Ols002))
    }

    fn compile_text(schema_text: &str, options: Options) -> Result<Validator, Vec<Diagnostic>> {
        let (schema, normalized) = read_schema(schema_text, options)?;
        Self::compile_value(schema, if normalized { None } else { Some(schema_text) }, options)
    }

    /// The schema as validation reads it (draft-07 spellings mapped), for an
    /// operation that only reads it: refused exactly when
    /// [`Validator::compile`] with the default options refuses it, with the
    /// same diagnostics, but the validation program is built only when a
    /// quick walk cannot prove the schema usable (`usable.rs`). With it,
    /// whether the schema may refer to itself: `false` when that walk saw
    /// no `$ref` in any schema.
    pub(crate) fn usable_schema(schema_text: &str) -> Result<(Value, bool), Vec<Diagnostic>> {
        let options = Options::default();
        let mut schema = parse_schema(schema_text, options).map_err(|d| crate::diag::capped(d, Code::Ols002))?;
        // Proven as it was written, it has none of the draft-07 spellings
        // that reading maps (the walk refuses an `items` list, `dependencies`
        // and `additionalItems` where it is not told the schema is draft 7,
        // and it visits every schema the mapping does): mapping changes nothing.
        if let Some(refers) = usable::proof(&schema) {
            return Ok((schema, refers));
        }
        let normalized = legacy::normalize(&mut schema);
        if normalized && let Some(refers) = usable::proof(&schema) {
            return Ok((schema, refers));
        }
        let validator = Self::compile_value(schema, if normalized { None } else { Some(schema_text) }, options)
            .map_err(|d| crate::diag::capped(d, Code::Ols002))?;
        Ok((Arc::try_unwrap(validator.schema).unwrap_or_else(|shared| (*shared).clone()), true))
    }

    /// Compiles a schema already read (draft-07 spellings mapped); `text` is
    /// its text when it is exactly that value's.
    pub(crate) fn compile_value(
        schema: Value,
        text: Option<&str>,
        options: Options,
    ) -> Result<Validator, Vec<Diagnostic>> {
        let references = refcheck::references(&schema, MAX_REF_EXPANSION);
        match &references {
            refcheck::References::Loop(pointer, chain) => return Err(vec![loop_diagnostic(pointer.clone(), chain)]),
            refcheck::References::FanOut(pointer) => return Err(vec![expansion_diagnostic(pointer.clone())]),
            refcheck::References::Bounded | refcheck::References::Unfollowed => {}
        }
        check_against_meta(&schema, text, options).map_err(|d| vec![d])?;
        let settings = compile::Settings {
            assert_formats: options.formats == FormatMode::Assert,
            backtrack_limit: options.limits.regex_backtrack_limit as u64,
        };
        let program = compile::compile(&schema, settings).map_err(|d| vec![d])?;
        if references == refcheck::References::Unfollowed {
            // References between resources: checked on what they resolved to.
            if let Some((pointer, chain)) = refcheck::program_loop(&program) {
                return Err(vec![loop_diagnostic(pointer, &chain)]);
            }
            if let Some(pointer) = refcheck::program_expansion(&program, MAX_REF_EXPANSION) {
                return Err(vec![expansion_diagnostic(pointer)]);
            }
        }
        COMPILED.with(|n| n.set(n.get() + 1));
        Ok(Validator { program, schema: Arc::new(schema), options })
    }

    pub fn options(&self) -> Options {
        self.options
    }

    /// The schema as validation reads it (draft-07 spellings mapped).
    pub(crate) fn schema(&self) -> &Value {
        &self.schema
    }

    /// Validates one argument text. On success, the bound arguments as
    /// compact JSON: absent parameters with a `default` filled in, and
    /// integral numbers in integer slots written as integers. Otherwise every
    /// error, in document order.
    pub fn validate(&self, args_text: &str) -> Result<String, Vec<ArgError>> {
        self.check(args_text).map_err(|errors| errors.into_iter().map(|(_, e)| e).collect())
    }

    /// Validates an argument value already read (and written back as text:
    /// no limit on its size or depth applies again). Each error comes with its
    /// position in the document (member and item indices, for ordering) and
    /// its schema location (a JSON pointer to the keyword that failed).
    pub(crate) fn validate_written(&self, text: &str) -> Result<String, Vec<Found>> {
        self.check_limited(text, ParseLimits { max_bytes: usize::MAX, max_depth: usize::MAX })
    }

    fn check(&self, args_text: &str) -> Result<String, Vec<Found>> {
        let limits = &self.options.limits;
        self.check_limited(
            args_text,
            ParseLimits { max_bytes: limits.max_argument_bytes, max_depth: limits.max_argument_depth },
        )
    }

    fn check_limited(&self, args_text: &str, parse_limits: ParseLimits) -> Result<String, Vec<Found>> {
        self.check_listed(args_text, parse_limits).map_err(|refused| match refused {
            Refused::Listed(mut found, more) => {
                if more > 0 {
                    let max = self.options.limits.max_errors.max(1);
                    found.push((vec![usize::MAX], messages::more_errors(more, max)));
                }
                found
            }
            Refused::OverBudget => {
                vec![(Vec::new(), messages::over_budget(self.options.limits.max_work))]
            }
        })
    }

    /// Validates one argument text, for a caller that writes the refusal in
    /// words of its own (`encode-result`): the errors listed and how many
    /// more there are, or that the work budget ran out.
    pub(crate) fn refusal(&self, args_text: &str) -> Result<String, Refused> {
        let limits = &self.options.limits;
        self.check_listed(
            args_text,
            ParseLimits { max_bytes: limits.max_argument_bytes, max_depth: limits.max_argument_depth },
        )
    }

    fn check_listed(&self, args_text: &str, parse_limits: ParseLimits) -> Result<String, Refused> {
        let one = |e: ArgError| Refused::Listed(vec![(Vec::new(), e)], 0);
        let limits = &self.options.limits;
        let tape = tape::Tape::parse(args_text, parse_limits).map_err(|e| one(messages::unreadable(&e)))?;
        if !self.options.any_value && tape.tok(0).kind != tape::Kind::Object {
            return Err(one(messages::not_an_object(&tape)));
        }
        let budget = limits.max_work;
        let regex_limit = limits.regex_backtrack_limit as u64;
        // First by plain recursion where it can answer, then by the frame
        // machine without a memo, with a budget for ordinary inputs; if
        // that runs out, again with every node's answer remembered per value.
        let quick = budget.min(64 * tape.toks.len() as u64 + 100_000);
        let mut memo = false;
        let mut spent = 0;
        let mut answer = None;
        let mut chain = Vec::new();
        if !self.program.dynamic && !self.program.unevaluated {
            let mut ev = Eval::new(&self.program, &tape, quick).keeping_chain();
            ev.regex_limit = regex_limit;
            let verdict = ev.quick(self.program.root, 0, 0);
            spent += quick - ev.work;
            if verdict == Some(false) {
                chain = ev.take_chain();
            }
            answer = match verdict {
                Some(true) => Some(Answer::Valid),
                Some(false) => Some(Answer::Invalid),
                None if ev.work == 0 || ev.stopped.is_some() => Some(Answer::Stopped(Stop::Budget)),
                None => None,
            };
            #[cfg(debug_assertions)]
            if let Some(v) = verdict {
                // The frame machine gives every verdict the recursion gives.
                let mut ev = Eval::new(&self.program, &tape, budget).with_memo();
                ev.regex_limit = regex_limit;
                let machine = ev.run(false);
                debug_assert!(
                    matches!(machine, Answer::Stopped(_)) || matches!(machine, Answer::Valid) == v,
                    "the two checks disagree on {args_text}"
                );
            }
        }
        let mut answer = answer.unwrap_or_else(|| {
            let mut ev = Eval::new(&self.program, &tape, quick - spent);
            ev.regex_limit = regex_limit;
            let a = ev.run(false);
            spent += quick - spent - ev.work;
            a
        });
        if matches!(answer, Answer::Stopped(Stop::Budget)) && quick < budget {
            memo = true;
            let mut ev = Eval::new(&self.program, &tape, budget - spent).with_memo();
            ev.regex_limit = regex_limit;
            answer = ev.run(false);
            spent += budget - spent - ev.work;
        }
        match answer {
            Answer::Valid => Ok(bind::bind(&self.program, &tape)),
            Answer::Stopped(_) => Err(Refused::OverBudget),
            Answer::Invalid => {
                // Collecting, likewise: without a memo while that is cheap,
                // then with one.
                let left = budget.saturating_sub(spent).max(budget / 2);
                let first = if memo { left } else { left.min(quick) };
                let mut ev = Eval::new(&self.program, &tape, first);
                ev.regex_limit = regex_limit;
                if memo {
                    ev = ev.with_memo();
                } else {
                    ev = ev.knowing(chain);
                }
                let mut collected = ev.run(true);
                if matches!(collected, Answer::Stopped(Stop::Budget)) && first < left {
                    ev = Eval::new(&self.program, &tape, left - (first - ev.work)).with_memo();
                    ev.regex_limit = regex_limit;
                    collected = ev.run(true);
                }
                if let Answer::Stopped(_) = collected {
                    return Err(Refused::OverBudget);
                }
                let cx = messages::Context {
                    prog: &self.program,
                    tape: &tape,
                    schema: &self.schema,
                    backtrack_limit: limits.regex_backtrack_limit as u64,
                    tool_arguments: !self.options.any_value,
                    lists: &ev.lists,
                    few: ev.errors.len() <= 8,
                };
                let (found, more) = messages::report(&cx, &ev.errors, ev.dropped, limits.max_errors.max(1));
                Err(Refused::Listed(found, more))
            }
        }
    }
}

fn loop_diagnostic(pointer: String, chain: &str) -> Diagnostic {
    Diagnostic {
        code: Code::Ols005,
        message: format!(
            "The schema's references loop without reaching any value ({chain}); no argument could ever be checked against it."
        ),
        path: pointer,
    }
}

fn expansion_diagnostic(pointer: String) -> Diagnostic {
    Diagnostic {
        code: Code::Ols002,
        message: format!(
            "Checking one value against the schema here could take more than {MAX_REF_EXPANSION} schemas: its references and applicators fan out past the limit."
        ),
        path: pointer,
    }
}

/// The schema checked against the meta-schema its `$schema` names (2020-12
/// when none): the first failure is `OLS003`.
/// `schema_text` parsed within the schema limits of `options`, its draft-07
/// spellings mapped when it names no `$schema`; whether any were.
fn read_schema(schema_text: &str, options: Options) -> Result<(Value, bool), Vec<Diagnostic>> {
    let mut schema = parse_schema(schema_text, options)?;
    let normalized = legacy::normalize(&mut schema);
    Ok((schema, normalized))
}

/// The schema's JSON, as written (draft-07 spellings not yet mapped).
fn parse_schema(schema_text: &str, options: Options) -> Result<Value, Vec<Diagnostic>> {
    let limits = ParseLimits { max_bytes: options.limits.max_schema_bytes, max_depth: options.limits.max_schema_depth };
    json::parse(schema_text, limits).map_err(|e| {
        let code = match e.kind {
            ParseErrorKind::TooLarge { .. } | ParseErrorKind::TooDeep { .. } => Code::Ols002,
            _ => Code::Ols001,
        };
        vec![Diagnostic::new(code, &Path::root(), format!("The schema is not accepted as JSON: {e}."))]
    })
}

fn check_against_meta(schema: &Value, text: Option<&str>, options: Options) -> Result<(), Diagnostic> {
    let draft = match schema.get("$schema").and_then(Value::as_str) {
        Some(s) => program::Draft::from_uri(s).ok_or_else(|| {
            compile::ols(
                Code::Ols004,
                format!(
                    "The schema has a reference that cannot be resolved: its $schema '{s}' is not a built-in meta-schema (draft 7, 2019-09, 2020-12), and remote schemas are never retrieved."
                ),
                "",
            )
        })?,
        None => program::Draft::D2020,
    };
    if matches!(schema, Value::Bool(_)) || schema.as_object().is_some_and(<[_]>::is_empty) {
        return Ok(());
    }
    let Some(meta) = meta::program(draft) else { return Ok(()) };
    let owned;
    let text = match text {
        Some(t) => t,
        None => {
            owned = schema.to_json();
            &owned
        }
    };
    let limits = ParseLimits { max_bytes: usize::MAX, max_depth: options.limits.max_schema_depth.max(1) };
    let Ok(tape) = tape::Tape::parse(text, limits) else { return Ok(()) };
    // The plain recursion answers a valid schema (the usual case) at once;
    // the frame machine finds the first failure.
    if !meta.dynamic && !meta.unevaluated {
        let mut ev = Eval::new(meta, &tape, 100_000_000);
        let verdict = ev.quick(meta.root, 0, 0);
        #[cfg(debug_assertions)]
        if let Some(v) = verdict {
            let machine = Eval::new(meta, &tape, 100_000_000).first_only().run(true);
            debug_assert!(matches!(machine, Answer::Valid) == v, "the two meta-schema checks disagree on {text}");
        }
        if verdict == Some(true) {
            return Ok(());
        }
    }
    let mut ev = Eval::new(meta, &tape, 100_000_000).first_only();
    if let Answer::Invalid = ev.run(true)
        && let Some(e) = ev.errors.first()
    {
        let cx = messages::Context {
            prog: meta,
            tape: &tape,
            schema,
            backtrack_limit: 1_000_000,
            tool_arguments: false,
            lists: &ev.lists,
            few: true,
        };
        let (pointer, what) = messages::meta_display(&cx, e);
        let at = if pointer.is_empty() { "the root".to_owned() } else { format!("'{pointer}'") };
        return Err(Diagnostic {
            code: Code::Ols003,
            message: format!("The schema is not valid JSON Schema {} at {at}: {what}.", draft.name()),
            path: if pointer.is_empty() { "$".into() } else { pointer },
        });
    }
    Ok(())
}

/// Compiles `schema_text` and validates `args_text` against it in one call.
/// A schema that cannot be used becomes one error with path `$` and keyword
/// `schema`, whose message carries the diagnostic.
pub fn validate_args(schema_text: &str, args_text: &str, options: Options) -> Result<String, Vec<ArgError>> {
    let validator = Validator::compile(schema_text, options)
        .map_err(|diags| diags.iter().map(messages::schema_unusable).collect::<Vec<_>>())?;
    validator.validate(args_text)
}
