//! `downconvert` and `restore-args`: a schema for one provider's strict tool
//! mode that never loses a constraint silently, and the model's answer turned
//! back into the original shape (`decisions.md` §5; docs/downconvert.md).
//!
//! What each provider accepts is data (`profiles/*.json`): a keyword the target
//! does not take is removed and its meaning appended to the node's description
//! as `(keyword: JSON, …)`; a reshaping the target needs (every property
//! required, dictionaries as pairs, any JSON as text) is one `restore-args`
//! undoes before validating against the original schema.

pub mod budget;
pub mod convert;
pub mod dead;
pub mod fits;
pub mod out;
pub mod plan;
pub mod profile;
mod restore;
mod type_lists;

use crate::diag::{Code, Diagnostic};
use crate::json::{self, ParseLimits, Value};
use crate::validate::{ArgError, Options, Validator};
pub use convert::{Change, ChangeAction, changes_json};
use out::Out;
pub use profile::{BUILT_IN, Profile};
use std::borrow::Cow;

/// Which provider to convert for.
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// A built-in profile by its surface's name (`openai-chat`,
    /// `anthropic-tools`, …, as [`providers`] lists them) or an alias
    /// (`openai`, `anthropic`, `gemini`).
    BuiltIn(&'a str),
    /// A profile of the host's own, as JSON text in the built-in profiles' form.
    Custom(&'a str),
}

/// A converted schema and what was changed to get it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Downconverted {
    /// The schema for the target (compact JSON).
    pub schema: String,
    pub changes: Vec<Change>,
    /// No constraint became a hint only: the target enforces everything the
    /// original schema says.
    pub lossless: bool,
    /// What the conversion found of the schema beside its changes; empty
    /// when the changes were not listed.
    pub report: Report,
}

/// What a conversion says of the schema beside its changes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub also_valid_for: AlsoValidFor,
    /// What of the original schema no finite value satisfies: a fault of
    /// the schema, never a loss of the conversion.
    pub dead: Vec<dead::DeadBranch>,
}

impl Report {
    /// `original` (the schema given, in 2020-12's spellings) and the
    /// `converted` schema's text.
    fn of(original: &Value, converted: &str) -> Report {
        let profiles: Vec<&Profile> = Profile::all_built_in().collect();
        let names = |mask: u64| -> Vec<String> {
            profiles.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, p)| p.name.clone()).collect()
        };
        let limits = ParseLimits { max_bytes: usize::MAX, max_depth: usize::MAX };
        let converted = json::parse(converted, limits).map_or(0, |c| fits::fitting(&profiles, &c));
        Report {
            also_valid_for: AlsoValidFor {
                original: names(fits::fitting(&profiles, original)),
                converted: names(converted),
            },
            dead: dead::dead_branches(original),
        }
    }

    /// The report as one compact JSON text:
    /// `{"alsoValidFor":{"original":[…],"converted":[…]},"dead":[{"pointer":…,"reason":…}]}`.
    pub fn to_json(&self) -> String {
        let list = |names: &[String]| names.iter().map(|n| json::quote(n)).collect::<Vec<_>>().join(",");
        let dead: Vec<String> = self
            .dead
            .iter()
            .map(|d| format!(r#"{{"pointer":{},"reason":{}}}"#, json::quote(&d.pointer), json::quote(&d.reason)))
            .collect();
        format!(
            r#"{{"alsoValidFor":{{"original":[{}],"converted":[{}]}},"dead":[{}]}}"#,
            list(&self.also_valid_for.original),
            list(&self.also_valid_for.converted),
            dead.join(",")
        )
    }
}

/// The built-in surfaces, by their own names in the order of [`BUILT_IN`],
/// that take a schema as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AlsoValidFor {
    pub original: Vec<String>,
    pub converted: Vec<String>,
}

/// A built-in surface, as [`providers`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProviderInfo {
    pub name: String,
    pub aliases: Vec<String>,
    /// The request field the profile describes.
    pub surface: String,
    /// The date of its rule read longest ago (`YYYY-MM-DD`).
    pub oldest: String,
    /// How many of its rules could not be checked at the vendor.
    pub unchecked: u32,
}

/// Every built-in surface, in the order of [`BUILT_IN`].
pub fn providers() -> Vec<ProviderInfo> {
    Profile::all_built_in()
        .map(|p| ProviderInfo {
            name: p.name.clone(),
            aliases: p.aliases.clone(),
            surface: p.surface.clone(),
            oldest: p.oldest.clone(),
            unchecked: p.unchecked,
        })
        .collect()
}

/// The built-in profile `name` (a surface's name or an alias) as JSON text:
/// the data a host can start from to pass a profile of its own.
pub fn provider_profile(name: &str) -> Result<String, Diagnostic> {
    let surface = Profile::surface_of(name).ok_or_else(|| unknown_target(name))?;
    BUILT_IN.iter().find(|(n, _)| *n == surface).map(|(_, text)| (*text).to_owned()).ok_or_else(|| unknown_target(name))
}

fn unknown_target(name: &str) -> Diagnostic {
    let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
    Diagnostic {
        code: Code::Olp001,
        message: format!("'{name}' is not a known provider (known: {}).", names.join(", ")),
        path: "target".into(),
    }
}

/// The target's profile: a built-in one is read once and kept, a custom one
/// is read on every call (its text comes with the call).
fn profile_of(target: Target<'_>) -> Result<Cow<'static, Profile>, Vec<Diagnostic>> {
    match target {
        Target::BuiltIn(name) => {
            Profile::built_in_ref(name).map(Cow::Borrowed).ok_or_else(|| vec![unknown_target(name)])
        }
        Target::Custom(text) => Profile::read(text).map(Cow::Owned),
    }
}

/// The schema as conversion and restoring read it: usable (the same checks
/// as validation), with draft-07 spellings mapped.
fn read_schema(schema_text: &str) -> Result<Validator, Vec<Diagnostic>> {
    Validator::compile(schema_text, Options::default())
}

/// The schema as the conversion reads it: in 2020-12's spellings, whatever
/// draft its `$schema` names (the output is a 2020-12 schema).
fn as_2020(validator: &Validator) -> Cow<'_, Value> {
    let schema = validator.schema();
    if !crate::validate::legacy::earlier_draft(schema) {
        return Cow::Borrowed(schema);
    }
    let mut copy = schema.clone();
    crate::validate::legacy::to_2020(&mut copy);
    Cow::Owned(copy)
}

/// The conversion of `schema` for `p`; `weakened`: record which constraints
/// became hints only (restore-args says so in its errors); `refers`: whether
/// the schema may hold a `$ref` (without one there is no recursion to plan);
/// `listed`: list the changes.
fn convert_for<'a>(
    p: &'a Profile,
    schema: &'a Value,
    weakened: bool,
    refers: bool,
    listed: bool,
) -> Result<(Out<'a>, convert::Converter<'a>), Vec<Diagnostic>> {
    let keep_refs = if refers { convert::recursion_plan(p, schema).map_err(|d| vec![d])? } else { false };
    let mut conv = convert::Converter::new(p, schema, listed);
    conv.keep_refs = keep_refs;
    conv.record_weakened = weakened;
    let mut out = conv.schema(schema, "", "", false, 0);
    // References are written in place, unless that grows the schema past
    // the node limit and the target takes references: then they are kept.
    let grown = conv.problems.iter().any(|d| d.code == Code::Olp004);
    let takes_refs = p.accepts("$ref") && p.accepts("$defs");
    if grown && takes_refs && !keep_refs {
        conv = convert::Converter::new(p, schema, listed);
        conv.keep_refs = true;
        conv.record_weakened = weakened;
        out = conv.schema(schema, "", "", false, 0);
    }
    // A target that refuses a `type` list gets each written without one.
    if !p.type_lists
        && conv.problems.is_empty()
        && let Err(d) = type_lists::split(p, &mut out, &mut conv.changes)
    {
        conv.problems.push(d);
    }
    // (A root the conversion already refused says so once.)
    if p.root_object && conv.problems.is_empty() {
        let root_type = out.get("type");
        if root_type.and_then(Out::as_str) != Some("object") {
            let found = root_type.map_or_else(|| "no type".to_owned(), Out::to_json);
            conv.problems.push(Diagnostic {
                code: Code::Olp002,
                message: format!("{} takes only an object schema at the root, and this one has {found}.", p.name),
                path: "$".into(),
            });
        } else if out.get("anyOf").is_some() {
            conv.problems.push(Diagnostic {
                code: Code::Olp002,
                message: format!("{} takes no anyOf (or oneOf) at the root.", p.name),
                path: "$".into(),
            });
        }
    }
    if !conv.problems.is_empty() {
        return Err(std::mem::take(&mut conv.problems));
    }
    Ok((out, conv))
}

/// Converts `schema_text` for `target`. The input is never changed; a schema
/// the target cannot take at all is refused with a diagnostic saying why.
pub fn downconvert(schema_text: &str, target: Target<'_>) -> Result<Downconverted, Vec<Diagnostic>> {
    downconvert_with(schema_text, target, true)
}

/// [`downconvert`], listing the changes only when `listed`: without, the
/// answer's `changes` is empty, and its schema and `lossless` are the same.
pub fn downconvert_with(schema_text: &str, target: Target<'_>, listed: bool) -> Result<Downconverted, Vec<Diagnostic>> {
    let p = profile_of(target)?;
    let large = large_enum(&p);
    let (written, changes, lossless) = converted(&p, schema_text, listed, |original, out| {
        // The converted schema is about as long as the input (hints add
        // text, dropped keywords take it away). Written and measured in one
        // walk.
        let mut schema = String::with_capacity(schema_text.len() + schema_text.len() / 4 + 16);
        let m = budget::write_measured(out, large, &mut schema);
        // A schema over a limit the vendor documents would be refused by it.
        let over = budget::over(&p.limits, budget::Scope::Schema, &m, 1, None, &p.name);
        if !over.is_empty() {
            return Err(over
                .into_iter()
                .map(|o| Diagnostic { code: Code::Olp005, message: o.message, path: "$".into() })
                .collect::<Vec<_>>());
        }
        let report = if listed { Report::of(original, &schema) } else { Report::default() };
        Ok((schema, report))
    })?;
    let (schema, report) = written?;
    Ok(Downconverted { schema, changes, lossless, report })
}

/// The number of values past which an enum's string length counts, for `p`.
fn large_enum(p: &Profile) -> u64 {
    p.limits.iter().find(|l| l.name == "enumStringLength").and_then(|l| l.over).unwrap_or(0)
}

/// `schema_text` converted for `p`: what `read` makes of the schema (which
/// borrows the input it was converted from), its changes (when `listed`),
/// and whether it is lossless.
fn converted<R>(
    p: &Profile,
    schema_text: &str,
    listed: bool,
    read: impl FnOnce(&Value, &Out<'_>) -> R,
) -> Result<(R, Vec<Change>, bool), Vec<Diagnostic>> {
    // Refused as validation would refuse it, without building the program.
    let (mut schema, refers) = Validator::usable_schema(schema_text)?;
    if crate::validate::legacy::earlier_draft(&schema) {
        crate::validate::legacy::to_2020(&mut schema);
    }
    let (out, conv) = convert_for(p, &schema, false, refers, listed)?;
    Ok((read(&schema, &out), conv.changes.unwrap_or_default(), conv.lossless))
}

/// The limits a request's tools, each converted for `target`, are over:
/// each schema's own (with the tool's index) and the request's together
/// (how many tools, optional parameters, unions), each with the vendor's
/// number, the count and its source. Nothing when the set fits. A schema
/// that cannot be converted at all is refused with its diagnostics, their
/// paths under `tools[i]`.
pub fn budget(schemas: &[&str], target: Target<'_>) -> Result<Vec<budget::OverLimit>, Vec<Diagnostic>> {
    let p = profile_of(target)?;
    let large = large_enum(&p);
    let tools = schemas.len() as u64;
    let (mut total, mut found, mut problems) = (budget::Measure::default(), Vec::new(), Vec::new());
    for (i, text) in schemas.iter().enumerate() {
        match converted(&p, text, false, |_, out| budget::measure(out, large)) {
            Ok((m, _, _)) => {
                found.extend(budget::over(&p.limits, budget::Scope::Schema, &m, tools, Some(i), &p.name));
                total.add(&m);
            }
            Err(diags) => problems.extend(diags.into_iter().map(|d| under_tool(i, d))),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    found.extend(budget::over(&p.limits, budget::Scope::Request, &total, tools, None, &p.name));
    Ok(found)
}

/// [`budget`], per tool, with a plan ([`plan`]): which tools are sent
/// strict, which non-strict, which left out, so that the request is within
/// every limit the surface documents. `names`: one per schema, or none. A
/// schema that is not usable at all is refused with its diagnostics, their
/// paths under `tools[i]`; one the target cannot take strict is placed
/// non-strict.
pub fn budget_plan(schemas: &[&str], names: &[&str], target: Target<'_>) -> Result<plan::BudgetPlan, Vec<Diagnostic>> {
    let p = profile_of(target)?;
    if !names.is_empty() && names.len() != schemas.len() {
        return Err(vec![Diagnostic {
            code: Code::Olp003,
            message: format!(
                "{} names were given for {} tools: give one per tool, or none.",
                names.len(),
                schemas.len()
            ),
            path: "names".into(),
        }]);
    }
    let large = large_enum(&p);
    let (mut measured, mut problems) = (Vec::with_capacity(schemas.len()), Vec::new());
    for (i, text) in schemas.iter().enumerate() {
        match converted(&p, text, false, |_, out| budget::measure(out, large)) {
            Ok((m, _, _)) => measured.push(Ok(m)),
            Err(diags) if plan::target_refuses(&diags) => measured.push(Err(diags)),
            Err(diags) => problems.extend(diags.into_iter().map(|d| under_tool(i, d))),
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    Ok(plan::plan(&p, &measured, names))
}

/// A diagnostic of tool `i`'s schema, its path under `tools[i]`.
fn under_tool(i: usize, mut d: Diagnostic) -> Diagnostic {
    // A JSON pointer follows the tool's index as it is; a path, after a dot.
    d.path = match d.path.as_str() {
        "$" => format!("tools[{i}]"),
        p if p.starts_with('/') => format!("tools[{i}]{p}"),
        p => format!("tools[{i}].{}", p.trim_start_matches("$.")),
    };
    d
}

/// The arguments `args_text`, valid for the `original` schema, as a model
/// answering the schema converted for `target` writes them: every reshaping
/// of the conversion done (dictionaries as pairs, open values as JSON text,
/// tuples as objects of their positions, `null` for an optional property
/// left out where every property is required). The inverse of
/// [`restore_args`]: restoring the answer gives back what validate-args
/// binds for `args_text` (an optional property given as `null` reads as left
/// out where `null` stands for absent). For examples, defaults or recorded
/// calls to show a model in its own terms. Arguments the original refuses
/// get validation's errors; a member the original allows but does not
/// declare, in an object the target closes, is an error with keyword
/// `additionalProperties` (closing is the point of strict mode).
pub fn forward_args(original: &str, target: Target<'_>, args_text: &str) -> Result<String, Vec<ArgError>> {
    let unusable =
        |diags: Vec<Diagnostic>| -> Vec<ArgError> { diags.iter().map(crate::validate::schema_unusable).collect() };
    let p = profile_of(target).map_err(unusable)?;
    let validator = read_schema(original).map_err(unusable)?;
    validator.validate(args_text)?;
    let schema = as_2020(&validator);
    convert_for(&p, &schema, false, true, false).map_err(unusable)?;
    let limits = Options::default().limits;
    let args = json::parse(
        args_text,
        ParseLimits { max_bytes: limits.max_argument_bytes, max_depth: limits.max_argument_depth },
    )
    .map_err(|e| vec![crate::validate::unreadable(&e)])?;
    let forwarder = restore::Forwarder::new(&p, &schema);
    let forwarded = forwarder.forward(&args, &schema, "", &crate::path::Path::root(), 0);
    let undeclared = forwarder.undeclared.into_inner();
    if !undeclared.is_empty() {
        return Err(undeclared
            .into_iter()
            .map(|place| {
                let reason = format!(
                    "is not one the schema declares, and {} takes only closed objects: no answer to the converted schema can carry it",
                    p.name
                );
                ArgError::new(&place, "additionalProperties", crate::validate::Params::Conversion { reason })
            })
            .collect());
    }
    Ok(forwarded.to_json())
}

/// Turns the model's answer to the converted schema back into arguments for
/// the original: each reshaping undone, then validated against the
/// **original** schema (and bound, as `validate-args` binds). An error from a
/// constraint the target saw only as a hint says so.
pub fn restore_args(original: &str, target: Target<'_>, args_text: &str) -> Result<String, Vec<ArgError>> {
    let unusable =
        |diags: Vec<Diagnostic>| -> Vec<ArgError> { diags.iter().map(crate::validate::schema_unusable).collect() };
    let validator = read_schema(original).map_err(unusable)?;
    Restoring::new(std::sync::Arc::new(validator), target).map_err(unusable)?.restore(args_text)
}

/// What restoring an answer for one target reads, prepared once: the
/// profile, the original schema compiled, and which of its constraints the
/// conversion made hints only.
pub(crate) struct Restoring {
    profile: Cow<'static, Profile>,
    validator: std::sync::Arc<Validator>,
    /// The original schema in 2020-12's spellings, when it was written in an
    /// earlier draft's (else the validator's own).
    legacy: Option<Value>,
    /// (node, keyword) of each constraint the target saw only as a hint.
    weakened: std::collections::HashSet<(String, String)>,
}

impl Restoring {
    /// Prepares restoring answers for `target` to the schema `validator` checks.
    pub(crate) fn new(validator: std::sync::Arc<Validator>, target: Target<'_>) -> Result<Restoring, Vec<Diagnostic>> {
        let profile = profile_of(target)?;
        let legacy = match as_2020(&validator) {
            Cow::Owned(v) => Some(v),
            Cow::Borrowed(_) => None,
        };
        let schema = legacy.as_ref().unwrap_or_else(|| validator.schema());
        let weakened = convert_for(&profile, schema, true, true, false)?.1.weakened;
        Ok(Restoring { profile, validator, legacy, weakened })
    }

    /// [`restore_args`] with nothing prepared again.
    #[inline(never)]
    pub(crate) fn restore(&self, args_text: &str) -> Result<String, Vec<ArgError>> {
        let p = &*self.profile;
        let validator = &*self.validator;
        let schema = self.legacy.as_ref().unwrap_or_else(|| validator.schema());
        let limits = validator.options().limits;
        let args = json::parse(
            args_text,
            ParseLimits { max_bytes: limits.max_argument_bytes, max_depth: limits.max_argument_depth },
        )
        .map_err(|e| vec![crate::validate::unreadable(&e)])?;
        let mut restorer = restore::Restorer { p, root: schema, problems: Vec::new() };
        let restored = restorer.restore(args, schema, &restore::At::default(), 0);
        let problems = restorer.problems;
        let restored_text = restored.to_json();
        let checked = validator.validate_written(&restored_text);
        if problems.is_empty()
            && let Ok(bound) = &checked
        {
            // What binding added (the schema's defaults, for what the answer
            // left out or gave as null) is checked too: nothing is handed back
            // unvalidated.
            if bound.len() == restored_text.len() {
                return Ok(checked.unwrap_or_default());
            }
            return match validator.validate(bound) {
                Ok(_) => Ok(checked.unwrap_or_default()),
                Err(errors) => Err(errors
                    .into_iter()
                    .map(|mut e| {
                        let base = e.message.trim_end_matches('.').to_owned();
                        e.message =
                            format!("{base} (the value is the schema's default, used where the answer gave none).");
                        e
                    })
                    .collect()),
            };
        }
        Err(self.merged(checked.err().unwrap_or_default(), problems))
    }

    /// Validation's errors and the answer's own problems, in document order.
    fn merged(&self, checked: Vec<crate::validate::Found>, problems: Vec<(Vec<usize>, ArgError)>) -> Vec<ArgError> {
        let p = &*self.profile;
        // An answer that could not be turned back is its own error; validation's
        // errors at or under its place would only repeat it.
        let under = |path: &str, at: &str| {
            path == at || at == "$" || path.strip_prefix(at).is_some_and(|rest| rest.starts_with(['.', '[']))
        };
        let hinted = |(position, mut e): crate::validate::Found| {
            // The keyword that failed, or one it sits under (a branch of a
            // oneOf the target saw only as a hint).
            let source = &e.schema_location;
            let under_hint = source.match_indices('/').any(|(i, _)| {
                let (node, rest) = source.split_at(i);
                let keyword = rest[1..].split('/').next().unwrap_or("");
                self.weakened.contains(&(node.to_owned(), keyword.to_owned()))
            });
            if under_hint {
                let base = e.message.trim_end_matches('.');
                e.message = format!("{base} (a constraint the schema sent to {} gave only as a hint).", p.name);
            }
            (position, e)
        };
        let mut all: Vec<(Vec<usize>, ArgError)> = checked
            .into_iter()
            .map(hinted)
            .filter(|(_, e)| !problems.iter().any(|(_, pr)| under(&e.path, &pr.path)))
            .collect();
        // Every error in document order, as validate-args gives them.
        for problem in problems {
            let at = all.iter().position(|(position, _)| *position > problem.0).unwrap_or(all.len());
            all.insert(at, problem);
        }
        all.into_iter().map(|(_, e)| e).collect()
    }
}
