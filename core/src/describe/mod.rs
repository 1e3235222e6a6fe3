//! `describe-tool` and `describe-type`: descriptors → JSON Schema 2020-12,
//! exactly as `tool-schemas.md` writes it.

pub(crate) mod annotate;
pub mod descriptor;
pub mod doc;
pub mod naming;
pub mod resolve;
pub mod schema;
pub mod typeexpr;

use crate::diag::{self, Code, Diagnostic, Sink};
use crate::json::{self, ParseLimits, Value};
use crate::path::Path;
use crate::work;
use descriptor::{ContainingType, Context, Descriptor, Method, Mode, Naming, Param};
use resolve::{Described, Resolver, Role, Shape, is_named};
use schema::{Additional, Schema};
use typeexpr::TypeExpr;

/// Limits on a descriptor's text (`decisions.md` §6). The schema a descriptor
/// expands to is limited by [`resolve::MAX_SCHEMA_NODES`],
/// [`resolve::MAX_TYPE_DEPTH`] and [`resolve::MAX_BASE_CLASSES`].
pub const DESCRIPTOR_LIMITS: ParseLimits = ParseLimits { max_bytes: 1 << 20, max_depth: 64 };

/// Describes a tool, or every tool of a class, from a descriptor's JSON text.
///
/// Returns the tool object (`{"name", "description", "inputSchema",
/// "outputSchema"?, "endsLoop", "requiresApproval", "parallelSafe",
/// "timeoutSeconds"}`) as compact JSON, or a JSON array of them for a class
/// descriptor; or every problem found (at most
/// [`crate::diag::MAX_DIAGNOSTICS`], then one saying how many more).
pub fn describe_tool(descriptor: &str) -> Result<String, Vec<Diagnostic>> {
    let (answer, over) = work::operation(|| {
        let mut sink = Sink::default();
        match parse_input(descriptor, "descriptor", &mut sink) {
            Some(root) => describe_listed(&root).map(|v| v.to_json()),
            None => Err(sink.into_listed()),
        }
    });
    finish(answer, over, "describing the descriptor")
}

/// [`describe_tool`] for a descriptor already parsed: the tool object, or an
/// array of them for a class descriptor.
pub fn describe_descriptor(root: &Value) -> Result<Value, Vec<Diagnostic>> {
    let (answer, over) = work::operation(|| describe_listed(root));
    finish(answer, over, "describing the descriptor")
}

/// A describing operation's answer: its diagnostics with how many more were
/// found, or the one diagnostic of a spent work budget.
fn finish<T>(answer: Result<T, (Vec<Diagnostic>, usize)>, over: bool, doing: &str) -> Result<T, Vec<Diagnostic>> {
    if over {
        return Err(vec![diag::over_budget(Code::Old007, doing)]);
    }
    answer.map_err(|(listed, more)| diag::with_unlisted(listed, more, Code::Old007))
}

/// [`describe_descriptor`] inside a running operation: the diagnostics kept,
/// in document order, and how many more were found.
pub(crate) fn describe_listed(root: &Value) -> Result<Value, (Vec<Diagnostic>, usize)> {
    let (tools, class) = described_tools(root)?;
    let mut tools: Vec<Value> = tools.into_iter().map(|(t, _, _)| t).collect();
    Ok(if class || tools.len() != 1 { Value::Array(tools) } else { tools.remove(0) })
}

/// A tool object as `describe-tool` writes it, what its return type is, and
/// the return type as written.
pub(crate) type DescribedTool = (Value, ReturnKind, String);

/// Every tool a parsed descriptor describes, and whether the descriptor is
/// a class's.
#[inline(never)]
pub(crate) fn described_tools(root: &Value) -> Result<(Vec<DescribedTool>, bool), (Vec<Diagnostic>, usize)> {
    let mut sink = Sink::default();
    let Some(desc) = descriptor::read(root, &mut sink) else {
        return Err(sink.into_document_order(root));
    };
    let out = match &desc {
        Descriptor::Method { method, containing, context } => {
            check_naming(context, &mut sink);
            if let (Some(c), Mode::Generator) = (containing, context.mode) {
                check_containing(c, &mut sink);
            }
            tool(method, context, &mut sink).map(|t| (vec![t], false))
        }
        Descriptor::Class { containing, methods, context } => {
            check_naming(context, &mut sink);
            if context.mode == Mode::Generator {
                check_containing(containing, &mut sink);
            }
            let mut tools = Vec::new();
            let mut names = std::collections::HashSet::new();
            for m in methods {
                let (name, name_path) = tool_name(m);
                if !names.insert(name.clone()) {
                    sink.report(
                        Code::Olt007,
                        &name_path,
                        format!("Another tool of '{}' is already named '{name}'.", containing.name),
                    );
                }
                if let Some(t) = tool(m, context, &mut sink) {
                    tools.push(t);
                }
            }
            Some((tools, true))
        }
    };
    match out {
        Some(v) if sink.is_empty() => Ok(v),
        _ => Err(sink.into_document_order(root)),
    }
}

/// Describes one type expression in a context: the `types` map (JSON text),
/// the naming policy (`CamelCase` when absent) and the mode. Returns the
/// fragment as compact JSON.
pub fn describe_type(
    type_expr: &str,
    types: Option<&str>,
    naming: Option<&str>,
    mode: Mode,
) -> Result<String, Vec<Diagnostic>> {
    let (answer, over) = work::operation(|| {
        let mut sink = Sink::default();
        let Some(context) = context_from(types, naming, mode, &mut sink) else {
            return Err(sink.into_listed());
        };
        let at = Path::root().key("type");
        let expr = match TypeExpr::parse(type_expr) {
            Ok(e) => e,
            Err(why) => {
                sink.report(Code::Old003, &at, format!("The type expression '{type_expr}' cannot be read: {why}."));
                return Err(sink.into_listed());
            }
        };
        let described = Resolver::new(&context, &mut sink).describe(&expr, &at, Role::Parameter);
        match described {
            Some(d) if sink.is_empty() => Ok(d.schema.to_value().to_json()),
            _ => Err(sink.into_listed()),
        }
    });
    finish(answer, over, "describing the type")
}

/// The context a lone type expression is described in: a `types` map (JSON
/// text; problems are reported under `types`), a naming policy (`CamelCase`
/// when absent; `naming`) and a mode. `None` when the map is not JSON.
pub(crate) fn context_from(types: Option<&str>, naming: Option<&str>, mode: Mode, sink: &mut Sink) -> Option<Context> {
    let mut declared = Vec::new();
    if let Some(text) = types.filter(|t| !t.trim().is_empty()) {
        let v = parse_input(text, "types map", sink)?;
        declared = descriptor::read_types(&v, &Path::root().key("types"), sink);
    }
    let naming = naming.map_or(Naming::CamelCase, Naming::parse);
    let context = Context::new(declared, naming, Path::root().key("naming"), mode);
    check_naming(&context, sink);
    Some(context)
}

pub(crate) fn parse_input(text: &str, what: &str, sink: &mut Sink) -> Option<Value> {
    match json::parse(text, DESCRIPTOR_LIMITS) {
        Ok(v) => Some(v),
        Err(e) => {
            let code = match e.kind {
                json::ParseErrorKind::TooLarge { .. } | json::ParseErrorKind::TooDeep { .. } => Code::Old007,
                _ => Code::Old001,
            };
            sink.report(code, &Path::root(), format!("The {what} is not accepted as JSON: {e}."));
            None
        }
    }
}

fn check_naming(context: &Context, sink: &mut Sink) {
    if let (Naming::Other(policy), Mode::Generator) = (&context.naming, context.mode) {
        sink.report(
            Code::Olt011,
            &context.naming_path,
            format!(
                "The serializer context's naming policy '{policy}' is not supported; use CamelCase (or Web) or None."
            ),
        );
    }
}

fn check_containing(c: &ContainingType, sink: &mut Sink) {
    if !c.partial {
        sink.report(
            Code::Olt001,
            &c.path.key("partial"),
            format!("The class '{}' that holds tools must be partial.", c.name),
        );
    }
    if c.generic {
        sink.report(
            Code::Olt010,
            &c.path.key("generic"),
            format!("The class '{}' that holds tools must not be generic.", c.name),
        );
    }
    if let Some(outer) = &c.outer {
        check_containing(outer, sink);
    }
}

/// The tool's name and where it comes from: `[Tool(Name)]`, else the method name.
fn tool_name(m: &Method) -> (String, Path) {
    match &m.tool.name {
        Some(n) => (n.clone(), m.path.key("tool").key("name")),
        None => (naming::tool_name(&m.method), m.path.key("method")),
    }
}

fn tool(m: &Method, context: &Context, sink: &mut Sink) -> Option<DescribedTool> {
    let generator = context.mode == Mode::Generator;
    let (name, name_path) = tool_name(m);
    if !naming::is_valid_tool_name(&name) {
        sink.report(
            Code::Olt008,
            &name_path,
            format!("The tool name '{name}' is not 1–64 letters, digits, '_' or '-'."),
        );
    }
    if m.generic {
        sink.report(
            Code::Olt004,
            &m.path.key("generic"),
            format!("The tool method '{}' must not be generic.", m.method),
        );
    }
    let description = m
        .tool
        .description
        .clone()
        .or_else(|| resolve::find(&m.attributes, "Description").and_then(|a| annotate::description(a, sink)))
        .or_else(|| generator.then(|| m.doc.summary.as_deref().map(doc::flatten)).flatten())
        .unwrap_or_default();
    let mut resolver = Resolver::new(context, sink);
    let input = input_schema(m, &mut resolver);
    let kind = classify_return(&m.returns, m.is_async, &mut resolver);
    let mut tool = vec![
        ("name".to_owned(), Value::String(name)),
        ("description".to_owned(), Value::String(description)),
        ("inputSchema".to_owned(), input?.to_value()),
    ];
    let kind = kind?;
    if let ReturnKind::Value(d) = &kind {
        tool.push(("outputSchema".to_owned(), d.schema.to_value()));
    }
    tool.extend([
        ("endsLoop".to_owned(), Value::Bool(m.tool.ends_loop)),
        ("requiresApproval".to_owned(), Value::Bool(m.tool.requires_approval)),
        ("parallelSafe".to_owned(), Value::Bool(m.tool.parallel_safe)),
        ("timeoutSeconds".to_owned(), Value::Number(json::Number::from_i128(m.tool.timeout_seconds.into()))),
    ]);
    Some((Value::Object(tool), kind, m.returns.text.clone()))
}

/// Which runtime-filled parameter a parameter is, if any.
fn runtime_kind(p: &Param) -> Option<&'static str> {
    let mut expr = p.ty.expr.as_ref()?;
    if let TypeExpr::Nullable(inner) = expr {
        expr = inner;
    }
    ["ToolContext", "CancellationToken"].into_iter().find(
        |k| matches!(expr, TypeExpr::Named { name, args, .. } if args.is_empty() && TypeExpr::simple_name(name) == *k),
    )
}

fn input_schema(m: &Method, r: &mut Resolver<'_>) -> Option<Schema> {
    let generator = r.ctx.mode == Mode::Generator;
    let mut properties = Vec::new();
    let mut required = Vec::new();
    let mut complete = true;
    let mut seen_runtime: Vec<&str> = Vec::new();
    for p in &m.parameters {
        if let Some(modifier) = &p.modifier {
            r.sink.report(
                Code::Olt002,
                &p.path.key("modifier"),
                format!(
                    "The parameter '{}' is passed by '{modifier}'; ref, out and in parameters have no schema.",
                    p.name
                ),
            );
            complete = false;
        }
        if let Some(kind) = runtime_kind(p) {
            if seen_runtime.contains(&kind) {
                r.sink.report(
                    Code::Olt009,
                    &p.ty.path,
                    format!("The tool has more than one {kind} parameter ('{}').", p.name),
                );
            }
            seen_runtime.push(kind);
            continue;
        }
        let Some(mut d) = r.describe_ref(&p.ty, Role::Parameter) else {
            complete = false;
            continue;
        };
        annotate::apply(&p.attributes, &mut d, r.sink);
        d.schema.description = match resolve::find(&p.attributes, "Description") {
            Some(a) => annotate::description(a, r.sink),
            None if generator => m.doc.param(&p.name).map(doc::flatten).filter(|s| !s.is_empty()),
            None => None,
        };
        match &p.default {
            None => required.push(p.name.clone()),
            Some(v) => match default_value(v, &d) {
                Ok(written) => d.schema.default = written,
                Err(why) => {
                    r.sink.report(
                        Code::Old006,
                        &p.path.key("default"),
                        format!(
                            "The default {} does not fit the parameter '{}' of type '{}': {why}.",
                            v.to_json(),
                            p.name,
                            p.ty.text
                        ),
                    );
                    complete = false;
                }
            },
        }
        properties.push((p.name.clone(), d.schema));
    }
    complete.then(|| Schema {
        properties: Some(properties),
        required,
        additional_properties: Some(Additional::False),
        ..Schema::of_type("object")
    })
}

/// The `default` written for a parameter's default value: one of a string,
/// number, boolean, char or enum type is written; `null` and defaults of other
/// types write nothing (`tool-schemas.md`, "Parameters").
fn default_value(v: &Value, d: &Described) -> Result<Option<Value>, String> {
    if let Value::Null = v {
        return if d.value_type && !d.nullable {
            Err("a value type cannot be null unless it is nullable".into())
        } else {
            Ok(None)
        };
    }
    let mismatch = |want: &str| Err(format!("expected {want}, not {}", descriptor::article(v)));
    match (&d.shape, v) {
        (Shape::Text, Value::String(_)) | (Shape::Bool, Value::Bool(_)) | (Shape::Number, Value::Number(_)) => {
            Ok(Some(v.clone()))
        }
        (Shape::Char, Value::String(s)) if s.encode_utf16().count() == 1 => Ok(Some(v.clone())),
        (Shape::Char, Value::String(_)) => Err("a char is exactly one character".into()),
        (Shape::Char, _) => mismatch("a string of one character"),
        (Shape::Integer { min, max }, Value::Number(n)) => match n.as_i128() {
            Some(i) if (*min..=*max).contains(&i) => Ok(Some(Value::Number(json::Number::from_i128(i)))),
            Some(_) => Err(format!("it is outside the type's range {min} to {max}")),
            None => Err("it is not a whole number".into()),
        },
        (Shape::Enum(members), Value::String(s)) if members.contains(s) => Ok(Some(v.clone())),
        (Shape::Enum(members), _) => Err(format!("expected one of the member names {}", members.join(", "))),
        (Shape::Text, _) => mismatch("a string"),
        (Shape::Bool, _) => mismatch("true or false"),
        (Shape::Number | Shape::Integer { .. }, _) => mismatch("a number"),
        // Defaults of other types make the parameter optional and are not written.
        _ => Ok(None),
    }
}

/// What a declared return type produces (`tool-schemas.md`, "Results").
#[derive(Clone, Debug)]
pub enum ReturnKind {
    /// `void`, `Task`, `ValueTask`: no content.
    Nothing,
    /// `string`: one text part (`string?` may be null).
    Text { nullable: bool },
    /// A `Part` or a sequence of them.
    Parts,
    /// `ToolResult`, passed through.
    ToolResult,
    /// `JsonNode`, `JsonObject`, `JsonArray`, `JsonElement`: one JSON part,
    /// of the kind this describes. No output schema is written for them.
    Json(Box<Described>),
    /// Any other type: one JSON part, typed by this schema.
    Value(Box<Described>),
}

/// Classifies a return type after unwrapping `Task<T>`/`ValueTask<T>`.
/// Unsupported types are reported as `OLT003`.
pub fn classify_return(m_returns: &descriptor::TypeRef, is_async: bool, r: &mut Resolver<'_>) -> Option<ReturnKind> {
    let expr = m_returns.expr.as_ref()?;
    let at = &m_returns.path;
    let refuse = |r: &mut Resolver<'_>, why: &str| {
        r.sink.report(Code::Olt003, at, format!("'{expr}' is not a supported return type: {why}."));
        None
    };
    let mut t = expr;
    if is_named(t, &["void"]) {
        return if is_async {
            refuse(r, "an async method must return Task, not void")
        } else {
            Some(ReturnKind::Nothing)
        };
    }
    if is_named(t, &["Task", "ValueTask"]) {
        return Some(ReturnKind::Nothing);
    }
    if let TypeExpr::Named { name, args, .. } = t
        && args.len() == 1
        && matches!(TypeExpr::simple_name(name), "Task" | "ValueTask")
        && r.declared(t).is_none()
    {
        t = &args[0];
        if is_named(t, &["void", "Task", "ValueTask"])
            || matches!(t, TypeExpr::Named { name, .. } if matches!(TypeExpr::simple_name(name), "Task" | "ValueTask"))
        {
            return refuse(r, "a task of a task has no result");
        }
    }
    let (bare, nullable) = match t {
        TypeExpr::Nullable(inner) => (inner.as_ref(), true),
        other => (other, false),
    };
    if is_named(bare, &["string", "String"]) {
        return Some(ReturnKind::Text { nullable });
    }
    if is_named(bare, &["ToolResult"]) {
        return Some(ReturnKind::ToolResult);
    }
    if is_named(bare, &["JsonNode", "JsonObject", "JsonArray", "JsonElement"]) {
        return r.describe(t, at, Role::Return).map(|d| ReturnKind::Json(Box::new(d)));
    }
    if is_part(bare, r) || part_sequence(bare, r) {
        return Some(ReturnKind::Parts);
    }
    r.describe(t, at, Role::Return).map(|d| ReturnKind::Value(Box::new(d)))
}

fn is_part(t: &TypeExpr, r: &Resolver<'_>) -> bool {
    if is_named(t, &["Part"]) {
        return true;
    }
    // A declared class whose base chain reaches `Part`.
    let mut seen = 0;
    let mut cur = r.declared(t);
    while let Some(decl) = cur {
        let descriptor::DeclKind::Object(o) = &decl.kind else {
            return false;
        };
        let Some(base) = o.base.as_ref().and_then(|b| b.expr.as_ref()) else {
            return false;
        };
        if is_named(base, &["Part"]) {
            return true;
        }
        seen += 1;
        if seen > resolve::MAX_BASE_CLASSES {
            return false;
        }
        cur = r.declared(base);
    }
    false
}

fn part_sequence(t: &TypeExpr, r: &Resolver<'_>) -> bool {
    match t {
        TypeExpr::Array { element, rank: 1 } => is_part(element, r),
        TypeExpr::Named { name, args, .. } if args.len() == 1 => {
            let simple = TypeExpr::simple_name(name);
            ["List", "IList", "ICollection", "IEnumerable", "IReadOnlyList", "IReadOnlyCollection", "IAsyncEnumerable"]
                .contains(&simple)
                && is_part(&args[0], r)
        }
        _ => false,
    }
}

/// `Some(None)`: no output schema; `None`: the return type was refused.
#[cfg(test)]
mod tests {
    use super::*;
    use json::Number;

    fn described(shape: Shape, value_type: bool, nullable: bool) -> Described {
        Described { schema: Schema::default(), shape, nullable, value_type }
    }

    fn num(t: &str) -> Value {
        Value::Number(Number::parse(t).unwrap())
    }

    #[test]
    fn integer_defaults_are_written_as_exact_integers() {
        let byte = described(Shape::Integer { min: 0, max: 255 }, true, false);
        assert_eq!(default_value(&num("3.0"), &byte), Ok(Some(num("3"))));
        assert_eq!(default_value(&num("1e2"), &byte), Ok(Some(num("100"))));
        assert!(default_value(&num("256"), &byte).is_err());
        assert!(default_value(&num("2.5"), &byte).is_err());
    }

    #[test]
    fn null_defaults_need_a_reference_or_nullable_type() {
        assert!(default_value(&Value::Null, &described(Shape::Bool, true, false)).is_err());
        assert_eq!(default_value(&Value::Null, &described(Shape::Bool, true, true)), Ok(None));
        assert_eq!(default_value(&Value::Null, &described(Shape::Text, false, false)), Ok(None));
    }

    #[test]
    fn defaults_of_other_types_are_not_written() {
        let guid = described(Shape::Guid, true, false);
        assert_eq!(default_value(&Value::String("00000000-0000-0000-0000-000000000000".into()), &guid), Ok(None));
    }
}
