//! A request's tools against one surface's limits, per tool, with a plan:
//! which tools are sent strict, which non-strict and which are left out of
//! the request, so that it stays within every limit the surface documents.
//! A user then sends one bad tool non-strict (or in another request)
//! instead of losing the whole request to the vendor's refusal.
//!
//! Every limit a profile lists holds for strict tools (the vendors document
//! them for strict mode and structured outputs), but `declarations`, which
//! counts every tool of the request. The plan goes through the tools in the
//! order given, which is the caller's order of importance:
//! 1. a tool whose name the surface's `toolNames` rule refuses is left out;
//! 2. past the `declarations` limit, the rest are left out (for another
//!    request);
//! 3. a tool the surface cannot take strict (a conversion refused with
//!    `OLP…`), or that alone is over a limit, is sent non-strict;
//! 4. each other tool is strict while the strict tools so far, with it,
//!    stay within every request limit; else it is sent non-strict.

use super::budget::{self, Measure, OverLimit, Scope};
use super::profile::Profile;
use crate::diag::{Code, Diagnostic};

/// How one tool is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    Strict,
    NonStrict,
    LeftOut,
}

impl Placement {
    pub fn as_str(self) -> &'static str {
        match self {
            Placement::Strict => "strict",
            Placement::NonStrict => "non-strict",
            Placement::LeftOut => "left-out",
        }
    }
}

/// One tool of a request in the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolBudget {
    /// Its index in the request.
    pub tool: usize,
    pub placement: Placement,
    /// The limits this tool alone is over.
    pub over: Vec<OverLimit>,
    /// Why it is placed so, for a person.
    pub reason: String,
}

/// The plan for a request's tools.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetPlan {
    pub tools: Vec<ToolBudget>,
    /// What the request is over with every tool strict (`budget`'s answer,
    /// for the tools the surface can take strict).
    pub over: Vec<OverLimit>,
}

/// What one tool is, for the plan: its converted schema's counts, or why
/// the surface cannot take it strict.
pub(crate) type Measured = Result<Measure, Vec<Diagnostic>>;

/// The plan for tools measured as `measured` (one per tool), named `names`
/// (one per tool, or none), for `p`.
pub(crate) fn plan(p: &Profile, measured: &[Measured], names: &[&str]) -> BudgetPlan {
    let n = measured.len() as u64;
    let declarations = p.limits.iter().find(|l| l.name == "declarations" && l.scope == Scope::Request);
    let strict_limits: Vec<budget::Limit> =
        p.limits.iter().filter(|l| l.scope == Scope::Request && l.name != "declarations").cloned().collect();
    let name_rule =
        p.tool_names.as_deref().and_then(|source| crate::validate::ecma::Pattern::compile(source, 1 << 20).ok());
    let (mut strict, mut strict_count, mut declared) = (Measure::default(), 0u64, 0u64);
    let mut all = Measure::default();
    let mut tools = Vec::with_capacity(measured.len());
    for (i, m) in measured.iter().enumerate() {
        let mut over = Vec::new();
        if let Ok(m) = m {
            all.add(m);
            over.extend(budget::over(&p.limits, Scope::Schema, m, 1, Some(i), &p.name));
            // A request limit one tool passes by itself.
            over.extend(budget::over(&strict_limits, Scope::Request, m, 1, None, &p.name).into_iter().map(|mut o| {
                o.tool = Some(i);
                o.message = o.message.replacen("this request has", &format!("tool {i} alone has"), 1);
                o
            }));
        }
        let name = names.get(i).copied();
        let bad_name = match (&name_rule, name) {
            (Some(rule), Some(name)) => !rule.is_match(name).unwrap_or(false),
            _ => false,
        };
        let (placement, reason) = if bad_name {
            let rule = p.tool_names.as_deref().unwrap_or_default();
            let shown = crate::json::quote(name.unwrap_or_default());
            (
                Placement::LeftOut,
                format!("{} takes tool names that match {rule}, and {shown} does not: rename it.", p.name),
            )
        } else if declarations.is_some_and(|d| declared >= d.allowed) {
            let allowed = declarations.map_or(0, |d| d.allowed);
            (
                Placement::LeftOut,
                format!("{} takes at most {allowed} tools in one request: send it in another.", p.name),
            )
        } else {
            declared += 1;
            match m {
                Err(diags) => {
                    let why =
                        diags.first().map_or_else(String::new, |d| format!(" ({}: {})", d.code.as_str(), d.message));
                    (Placement::NonStrict, format!("{} cannot take its schema strict{why}.", p.name))
                }
                Ok(_) if !over.is_empty() => {
                    let names: Vec<&str> = over.iter().map(|o| o.limit.as_str()).collect();
                    (Placement::NonStrict, format!("alone it is over {}: sent non-strict.", names.join(", ")))
                }
                Ok(m) => {
                    let mut with = strict;
                    with.add(m);
                    let passed = budget::over(&strict_limits, Scope::Request, &with, strict_count + 1, None, &p.name);
                    if passed.is_empty() {
                        strict = with;
                        strict_count += 1;
                        (Placement::Strict, "within every limit, with the strict tools before it.".to_owned())
                    } else {
                        let names: Vec<&str> = passed.iter().map(|o| o.limit.as_str()).collect();
                        let reason =
                            format!("the strict tools before it use up {}: sent non-strict.", names.join(", "));
                        (Placement::NonStrict, reason)
                    }
                }
            }
        };
        let over = if bad_name {
            let mut named = over;
            named.push(name_limit(p, i, name.unwrap_or_default()));
            named
        } else {
            over
        };
        tools.push(ToolBudget { tool: i, placement, over, reason });
    }
    let mut request_over = Vec::new();
    for (i, m) in measured.iter().enumerate() {
        if let Ok(m) = m {
            request_over.extend(budget::over(&p.limits, Scope::Schema, m, n, Some(i), &p.name));
        }
    }
    request_over.extend(budget::over(&p.limits, Scope::Request, &all, n, None, &p.name));
    BudgetPlan { tools, over: request_over }
}

/// A name the surface's rule refuses, as an over-limit record.
fn name_limit(p: &Profile, i: usize, name: &str) -> OverLimit {
    let rule = p.tool_names.as_deref().unwrap_or_default();
    OverLimit {
        limit: "toolNames".into(),
        scope: Scope::Schema,
        allowed: 0,
        measured: crate::json::char_count(name) as u64,
        tool: Some(i),
        message: format!(
            "{} takes tool names that match {rule}; tool {i}'s name {} does not.",
            p.name,
            crate::json::quote(name)
        ),
    }
}

/// Whether `d` says the target cannot take a schema (rather than that the
/// schema is not usable at all, or the call's work budget was spent).
pub(crate) fn target_refuses(diags: &[Diagnostic]) -> bool {
    diags.iter().all(|d| matches!(d.code, Code::Olp002 | Code::Olp005))
}

#[cfg(test)]
mod tests {
    use super::super::{Target, budget, budget_plan};
    use super::*;

    /// A tool of `optional` optional string parameters, `unions` required
    /// ones of a type list, and one required string.
    fn tool(optional: usize, unions: usize) -> String {
        let mut props = vec![r#""id":{"type":"string"}"#.to_owned()];
        let mut required = vec![r#""id""#.to_owned()];
        props.extend((0..optional).map(|i| format!(r#""o{i}":{{"type":"string"}}"#)));
        for i in 0..unions {
            props.push(format!(r#""u{i}":{{"type":["string","integer"]}}"#));
            required.push(format!(r#""u{i}""#));
        }
        format!(
            r#"{{"type":"object","properties":{{{}}},"required":[{}],"additionalProperties":false}}"#,
            props.join(","),
            required.join(",")
        )
    }

    /// 30 tools against anthropic-tools: the plan's strict tools are within
    /// every limit (`budget` of them alone finds nothing), the others are
    /// each sent non-strict with a reason, and every tool is answered.
    #[test]
    fn thirty_tools_for_anthropic_are_planned_within_every_limit() {
        let schemas: Vec<String> = (0..30).map(|i| tool(i % 4, usize::from(i % 5 == 0))).collect();
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        let target = Target::BuiltIn("anthropic-tools");
        assert!(!budget(&texts, target).unwrap().is_empty(), "the 30 tools together are over a limit");
        let plan = budget_plan(&texts, &[], target).unwrap();
        assert_eq!(plan.tools.len(), 30);
        assert!(!plan.over.is_empty());
        let strict: Vec<&str> =
            plan.tools.iter().filter(|t| t.placement == Placement::Strict).map(|t| texts[t.tool]).collect();
        assert!(strict.len() >= 10 && strict.len() <= 20, "{} strict", strict.len());
        assert_eq!(budget(&strict, target).unwrap(), vec![], "the strict tools fit");
        for t in plan.tools.iter().filter(|t| t.placement != Placement::Strict) {
            assert_eq!(t.placement, Placement::NonStrict, "{t:?}");
            assert!(t.reason.contains("use up"), "{}", t.reason);
            // Sending it strict too would pass a limit.
            let mut with = strict.clone();
            with.push(texts[t.tool]);
            assert!(!budget(&with, target).unwrap().is_empty(), "tool {} would have fit", t.tool);
        }
    }

    /// A tool alone over a request's limit, or one the surface cannot take
    /// strict, is non-strict and says why; the others are still strict.
    #[test]
    fn one_bad_tool_is_sent_non_strict_and_the_rest_strict() {
        let recursive = r##"{"type":"object","$defs":{"N":{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}}}},"properties":{"n":{"$ref":"#/$defs/N"}}}"##;
        let schemas = [tool(1, 0), tool(30, 0), recursive.to_owned(), tool(0, 1)];
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        let plan = budget_plan(&texts, &[], Target::BuiltIn("anthropic")).unwrap();
        let placements: Vec<Placement> = plan.tools.iter().map(|t| t.placement).collect();
        use Placement::{NonStrict, Strict};
        assert_eq!(placements, [Strict, NonStrict, NonStrict, Strict]);
        assert_eq!(plan.tools[1].over.iter().map(|o| o.limit.as_str()).collect::<Vec<_>>(), ["optionalParameters"]);
        assert!(plan.tools[1].over[0].message.contains("tool 1 alone has 30"), "{}", plan.tools[1].over[0].message);
        assert!(plan.tools[2].reason.contains("OLP002"), "{}", plan.tools[2].reason);
        // An unusable schema is the call's refusal, under its tool's index.
        let e = budget_plan(&[&tool(0, 0), r#"{"type":7}"#], &[], Target::BuiltIn("anthropic")).unwrap_err();
        assert!(e.iter().all(|d| d.path.starts_with("tools[1]")), "{e:?}");
    }

    /// Past the request's `declarations`, tools are left out for another
    /// request; a name the surface's rule refuses is left out too.
    #[test]
    fn declarations_and_names_leave_tools_out() {
        let declarations = Profile::all_built_in()
            .find_map(|p| p.limits.iter().find(|l| l.name == "declarations").map(|l| (p, l.allowed)));
        let (p, allowed) = declarations.expect("a surface documents how many tools one request takes");
        let n = usize::try_from(allowed).unwrap() + 3;
        let schemas: Vec<String> = (0..n).map(|_| tool(0, 0)).collect();
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        let plan = budget_plan(&texts, &[], Target::BuiltIn(&p.name)).unwrap();
        let left: Vec<usize> =
            plan.tools.iter().filter(|t| t.placement == Placement::LeftOut).map(|t| t.tool).collect();
        assert_eq!(left, (n - 3..n).collect::<Vec<_>>(), "{}", p.name);
        let named = Profile::all_built_in().find(|p| p.tool_names.is_some()).expect("a surface with a name rule");
        let schemas = [tool(0, 0), tool(0, 0)];
        let texts: Vec<&str> = schemas.iter().map(String::as_str).collect();
        let plan = budget_plan(&texts, &["get_docket", "bad name!"], Target::BuiltIn(&named.name)).unwrap();
        assert_eq!(plan.tools[0].placement, Placement::Strict, "{:?}", plan.tools[0]);
        assert_eq!(plan.tools[1].placement, Placement::LeftOut);
        assert_eq!(plan.tools[1].over.last().map(|o| o.limit.as_str()), Some("toolNames"));
        assert!(budget_plan(&texts, &["one"], Target::BuiltIn(&named.name)).is_err(), "one name for two tools");
    }
}
