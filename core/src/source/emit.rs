//! Declarations → descriptors (docs/descriptor.md), each part with its place
//! in the source, so that `describe`'s diagnostics can be reported where
//! Roslyn would report them.

use super::lex::{self, Lexed};
use super::syntax::{self, Attr, Expr, ExprKind, Param, Property, TypeDecl, TypeKind, TypeSyn, Unit};
use super::{MAX_FILES, MAX_SOURCE_BYTES, SourceDiagnostic, SourceFile, SourceOptions};
use crate::describe::descriptor::Mode;
use crate::describe::typeexpr::TypeExpr;
use crate::diag::Code;
use crate::json::{Number, Value};
use std::collections::{HashMap, HashSet};

/// Declared types one descriptor may take (generic instances included).
const MAX_TYPES: usize = 2_000;
/// Longest name of a generic instance (`Page<List<Item>>`).
const MAX_INSTANCE_NAME: usize = 512;
/// Most constants followed from one (`const int A = B;`).
const MAX_CONST_CHAIN: usize = 16;

/// Framework enums whose members attribute arguments name (`JsonIgnoreCondition.Always`).
const FRAMEWORK_ENUMS: &[&str] = &[
    "JsonIgnoreCondition",
    "JsonKnownNamingPolicy",
    "JsonSerializerDefaults",
    "JsonNumberHandling",
    "JsonSourceGenerationMode",
    "JsonUnmappedMemberHandling",
    "JsonObjectCreationHandling",
    "JsonCommentHandling",
    "JsonUnknownTypeHandling",
    "JsonUnknownDerivedTypeHandling",
    "JsonKnownReferenceHandler",
    "RegexOptions",
    "StringComparison",
    "DataType",
];

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    pub file: usize,
    pub at: usize,
}

pub struct Descriptor {
    pub value: Value,
    /// Rendered descriptor path → place; the longest prefix of a diagnostic's path is its place.
    places: HashMap<String, Place>,
}

pub struct Read<'a> {
    /// Each file's path, line starts and text.
    files: Vec<(&'a str, Vec<usize>, &'a str)>,
    pub descriptors: Vec<Descriptor>,
    /// The files hold one tool, described as one object.
    pub single: bool,
    pub errors: Vec<SourceDiagnostic>,
    pub warnings: Vec<SourceDiagnostic>,
}

impl Read<'_> {
    /// A diagnostic `describe` gave for `d`, at its place: that of the
    /// longest prefix of its path the descriptor has a place for.
    pub fn locate(&self, d: &Descriptor, code: Code, message: &str, path: &str) -> SourceDiagnostic {
        // The naming policy given as an option has no place in the source.
        let mut place = if path == "naming" { None } else { d.places.get("$").copied() };
        if let Some(p) = d.places.get(path) {
            place = Some(*p);
        } else {
            // Segment boundaries outside quoted keys, longest first.
            let mut cuts = Vec::new();
            let mut quoted = false;
            let mut escaped = false;
            for (i, b) in path.bytes().enumerate() {
                match b {
                    _ if escaped => escaped = false,
                    b'\\' if quoted => escaped = true,
                    b'"' => quoted = !quoted,
                    b'.' | b'[' if !quoted && i > 0 => cuts.push(i),
                    _ => {}
                }
            }
            if let Some(p) = cuts.iter().rev().find_map(|&i| d.places.get(&path[..i])) {
                place = Some(*p);
            }
        }
        self.diagnostic(code, message.to_owned(), place, path.to_owned())
    }

    fn diagnostic(&self, code: Code, message: String, place: Option<Place>, path: String) -> SourceDiagnostic {
        match place {
            Some(p) => {
                let (name, lines, text) = &self.files[p.file];
                let line = lines.partition_point(|&s| s <= p.at).max(1);
                let start = lines[line - 1];
                let at = p.at.min(text.len());
                let column = text.get(start..at).map_or(0, |s| s.encode_utf16().count()) + 1;
                SourceDiagnostic {
                    code,
                    message,
                    file: (*name).to_owned(),
                    line: line as u32,
                    column: column as u32,
                    path,
                }
            }
            None => SourceDiagnostic { code, message, file: String::new(), line: 0, column: 0, path },
        }
    }

    /// In the order of the files and the places in them; problems with the options first.
    pub fn sorted(&self, mut all: Vec<SourceDiagnostic>) -> Vec<SourceDiagnostic> {
        let order: HashMap<&str, usize> = self.files.iter().enumerate().map(|(i, f)| (f.0, i)).collect();
        let key = |d: &SourceDiagnostic| (!d.file.is_empty(), order.get(d.file.as_str()).copied(), d.line, d.column);
        crate::sort::stable_by(&mut all, &|a, b| key(a) < key(b));
        all
    }
}

struct File {
    lexed: Lexed,
    unit: Unit,
}

/// One type, all its `partial` declarations together.
struct Group {
    /// (file, index into that file's `unit.types`)
    parts: Vec<(usize, usize)>,
    name: String,
}

/// A front-end diagnostic: code, message, place, severity.
type FrontDiag = (Code, String, Option<Place>, Severity);
/// A tool method: (file, type index) of its declaration part, and its index there.
type ToolMethod = ((usize, usize), usize);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Severity {
    Error,
    Warning,
}

struct Emitter<'a> {
    files: Vec<File>,
    groups: Vec<Group>,
    group_of: HashMap<(usize, usize), usize>,
    by_simple: HashMap<(String, usize), Vec<usize>>,
    options: &'a SourceOptions,
    /// Front-end diagnostics: code, message, place, severity.
    diags: std::cell::RefCell<Vec<FrontDiag>>,
    /// Constants being followed now (`named_constant`).
    const_depth: std::cell::Cell<usize>,
    contexts: Contexts,
}

#[derive(Default)]
struct Contexts {
    any: bool,
    /// Type expressions `[JsonSerializable(typeof(T))]` lists, with their files.
    listed: Vec<(usize, TypeExpr)>,
    string_enums: bool,
    naming: Option<(String, Place)>,
}

/// A declared type the descriptor writes: the group, and the type arguments
/// of a generic instance.
struct Entry {
    group: usize,
    args: Vec<TypeExpr>,
}

pub fn read<'a>(files: &[SourceFile<'a>], options: &SourceOptions) -> Read<'a> {
    let mut read = Read {
        files: files.iter().map(|f| (f.path, line_starts(f.text), f.text)).collect(),
        descriptors: Vec::new(),
        single: false,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let total: usize = files.iter().map(|f| f.text.len()).sum();
    if files.len() > MAX_FILES || total > MAX_SOURCE_BYTES {
        let message = format!(
            "The source is {} files of {total} bytes together; describe-source reads at most {MAX_FILES} files of {MAX_SOURCE_BYTES} bytes.",
            files.len()
        );
        read.errors.push(read.diagnostic(Code::Olc005, message, None, "$".into()));
        return read;
    }
    if files.is_empty() {
        read.errors.push(read.diagnostic(Code::Olc002, "No C# source file was given.".into(), None, "$".into()));
        return read;
    }
    let parsed: Vec<File> = files
        .iter()
        .map(|f| {
            let lexed = lex::lex(f.text);
            let unit = syntax::parse(f.text, &lexed);
            File { lexed, unit }
        })
        .collect();
    let mut e = Emitter {
        files: parsed,
        groups: Vec::new(),
        group_of: HashMap::new(),
        by_simple: HashMap::new(),
        options,
        diags: Default::default(),
        const_depth: Default::default(),
        contexts: Contexts::default(),
    };
    e.group();
    e.read_contexts();
    let classes = e.tool_classes();
    let mut critical: Vec<(usize, usize, usize)> = Vec::new();
    if classes.is_empty() {
        e.diags.borrow_mut().push((
            Code::Olc002,
            "No method in these files has a [Tool] attribute.".into(),
            Some(Place { file: 0, at: 0 }),
            Severity::Error,
        ));
    }
    let single = classes.len() == 1 && classes[0].1.len() == 1;
    for (class, methods) in &classes {
        let d = e.descriptor(*class, methods, single, &mut critical);
        read.descriptors.push(d);
    }
    read.single = single;
    // Problems of the source text: errors where a tool depends on them.
    for (fi, f) in e.files.iter().enumerate() {
        let lexed = f.lexed.errors.iter().map(|x| (x.at, x.message.clone(), false, false));
        let syntax = f.unit.errors.iter().map(|x| (x.at, x.message.clone(), x.limit, x.in_tool));
        for (at, message, limit, in_tool) in lexed.chain(syntax) {
            let depends = in_tool || critical.iter().any(|&(cf, a, b)| cf == fi && (a..=b).contains(&at));
            let code = if limit { Code::Olc005 } else { Code::Olc001 };
            e.diags.borrow_mut().push((
                code,
                message,
                Some(Place { file: fi, at }),
                if depends { Severity::Error } else { Severity::Warning },
            ));
        }
    }
    for (code, message, place, severity) in e.diags.take() {
        let d = read.diagnostic(code, message, place, "$".into());
        match severity {
            Severity::Error => read.errors.push(d),
            Severity::Warning => read.warnings.push(d),
        }
    }
    let errors = std::mem::take(&mut read.errors);
    read.errors = read.sorted(errors);
    let warnings = std::mem::take(&mut read.warnings);
    read.warnings = read.sorted(warnings);
    read
}

/// A descriptor path as `describe` renders it (`methods[0].parameters[1].type`),
/// built by appending.
#[derive(Clone)]
struct P(String);

impl P {
    fn root() -> P {
        P(String::new())
    }

    fn key(&self, key: &str) -> P {
        let mut out = String::with_capacity(self.0.len() + key.len() + 4);
        out.push_str(&self.0);
        if crate::path::is_identifier(key) {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(key);
        } else {
            out.push('[');
            out.push_str(&crate::json::quote(key));
            out.push(']');
        }
        P(out)
    }

    fn index(&self, i: usize) -> P {
        P(format!("{}[{i}]", self.0))
    }

    fn text(self) -> String {
        if self.0.is_empty() { "$".into() } else { self.0 }
    }
}

fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

fn simple_name(name: &str) -> &str {
    TypeExpr::simple_name(name)
}

fn num(text: &str) -> Option<Value> {
    Number::parse(text).map(Value::Number)
}

fn obj(members: Vec<(&str, Value)>) -> Value {
    Value::Object(members.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
}

fn s(text: &str) -> Value {
    Value::String(text.to_owned())
}

impl<'a> Emitter<'a> {
    fn decl(&self, part: (usize, usize)) -> &TypeDecl {
        &self.files[part.0].unit.types[part.1]
    }

    fn first(&self, g: usize) -> &TypeDecl {
        self.decl(self.groups[g].parts[0])
    }

    /// The type's name with its namespace and the types around it.
    fn full_name(&self, file: usize, index: usize) -> String {
        let t = &self.files[file].unit.types[index];
        let mut name = format!("{}`{}", t.name, t.type_params.len());
        let mut outer = t.outer;
        while let Some(o) = outer {
            let ot = &self.files[file].unit.types[o];
            name = format!("{}`{}.{name}", ot.name, ot.type_params.len());
            outer = ot.outer;
        }
        format!("{}::{name}", t.namespace)
    }

    fn group(&mut self) {
        let mut by_full: HashMap<String, usize> = HashMap::new();
        for fi in 0..self.files.len() {
            for ti in 0..self.files[fi].unit.types.len() {
                let full = self.full_name(fi, ti);
                let t = &self.files[fi].unit.types[ti];
                let g = match by_full.get(&full) {
                    Some(&g) if t.has_modifier("partial") => g,
                    _ => {
                        self.groups.push(Group { parts: Vec::new(), name: t.name.clone() });
                        let g = self.groups.len() - 1;
                        by_full.entry(full).or_insert(g);
                        self.by_simple.entry((t.name.clone(), t.type_params.len())).or_default().push(g);
                        g
                    }
                };
                self.groups[g].parts.push((fi, ti));
                self.group_of.insert((fi, ti), g);
            }
        }
    }

    /// The declared type a type expression names, by simple name and arity.
    fn lookup(&self, expr: &TypeExpr, report_at: Option<Place>) -> Option<usize> {
        let TypeExpr::Named { name, args, .. } = expr else {
            return None;
        };
        let found = self.by_simple.get(&(simple_name(name).to_owned(), args.len()))?;
        if found.len() > 1
            && let Some(at) = report_at
        {
            let names: Vec<String> = found
                .iter()
                .map(|&g| {
                    let t = self.first(g);
                    if t.namespace.is_empty() { t.name.clone() } else { format!("{}.{}", t.namespace, t.name) }
                })
                .collect();
            self.diags.borrow_mut().push((
                Code::Olc004,
                format!(
                    "Several types in these files are named '{}' ({}); describe-source needs the types a tool uses to have distinct names.",
                    simple_name(name),
                    names.join(", ")
                ),
                Some(at),
                Severity::Error,
            ));
        }
        found.first().copied()
    }

    /// A type as written in `file`, with that file's `using` aliases replaced.
    fn type_text(&self, file: usize, ty: &TypeSyn) -> String {
        let aliases = &self.files[file].unit.aliases;
        if aliases.is_empty() {
            return ty.text.clone();
        }
        let Ok(expr) = TypeExpr::parse(&ty.text) else {
            return ty.text.clone();
        };
        let mut changed = false;
        let out = map_named(&expr, &mut |name, args| {
            if !args.is_empty() {
                return None;
            }
            let a = aliases.iter().find(|a| a.name == name)?;
            changed = true;
            TypeExpr::parse(&a.target.text).ok()
        });
        if changed { out.to_string() } else { ty.text.clone() }
    }

    fn type_expr(&self, file: usize, ty: &TypeSyn) -> Option<TypeExpr> {
        TypeExpr::parse(&self.type_text(file, ty)).ok()
    }

    // ---- serializer contexts

    fn read_contexts(&mut self) {
        for g in 0..self.groups.len() {
            let parts = self.groups[g].parts.clone();
            let is_context = parts.iter().any(|&p| {
                self.decl(p).bases.iter().any(|b| {
                    TypeExpr::parse(&b.text).is_ok_and(
                        |t| matches!(&t, TypeExpr::Named { name, .. } if simple_name(name) == "JsonSerializerContext"),
                    )
                })
            });
            if !is_context {
                continue;
            }
            self.contexts.any = true;
            let mut naming: Option<(String, Place)> = None;
            let mut string_enums = false;
            for &(fi, ti) in &parts {
                let attrs = self.files[fi].unit.types[ti].attrs.clone();
                let name_at = self.files[fi].unit.types[ti].name_at;
                for a in &attrs {
                    match a.simple() {
                        "JsonSerializable" => {
                            if let Some(ExprKind::Typeof(ty)) = a.args.first().map(|x| &x.value.kind)
                                && let Some(t) = self.type_expr(fi, ty)
                            {
                                self.contexts.listed.push((fi, t));
                            }
                        }
                        "JsonSourceGenerationOptions" => {
                            let place = Place { file: fi, at: a.at };
                            let mut policy: Option<(String, Place)> = None;
                            for arg in &a.args {
                                let text = arg.value.text.as_str();
                                let member = text.rsplit('.').next().unwrap_or(text).to_owned();
                                let at = Place { file: fi, at: arg.at };
                                match arg.name.as_deref() {
                                    None if text.ends_with("Web") => {
                                        policy = policy.or(Some(("Web".into(), at)));
                                    }
                                    Some("PropertyNamingPolicy") => policy = Some((member, at)),
                                    Some("UseStringEnumConverter") => {
                                        string_enums = matches!(arg.value.kind, ExprKind::Bool(true));
                                    }
                                    _ => {}
                                }
                            }
                            naming = Some(policy.unwrap_or(("None".into(), place)));
                        }
                        _ => {}
                    }
                }
                if naming.is_none() {
                    naming = Some(("None".into(), Place { file: fi, at: name_at }));
                }
            }
            self.contexts.string_enums |= string_enums;
            if let Some((policy, at)) = naming {
                match &self.contexts.naming {
                    None => self.contexts.naming = Some((policy, at)),
                    Some((first, _)) if *first != policy => {
                        let first = first.clone();
                        self.diags.borrow_mut().push((
                            Code::Olc004,
                            format!(
                                "The serializer contexts in these files disagree on the naming policy ('{first}' and '{policy}'); describe-source writes one."
                            ),
                            Some(at),
                            Severity::Error,
                        ));
                    }
                    Some(_) => {}
                }
            }
        }
    }

    // ---- tools

    /// Classes holding `[Tool]` methods, each with its tool methods as
    /// (part, method index), in declaration order.
    fn tool_classes(&self) -> Vec<(usize, Vec<ToolMethod>)> {
        let mut out = Vec::new();
        for (g, group) in self.groups.iter().enumerate() {
            let mut methods = Vec::new();
            for &p in &group.parts {
                for (mi, m) in self.decl(p).methods.iter().enumerate() {
                    if m.attrs.iter().any(is_tool_attr) {
                        methods.push((p, mi));
                    }
                }
            }
            if !methods.is_empty() {
                out.push((g, methods));
            }
        }
        out
    }

    fn descriptor(
        &self,
        class: usize,
        methods: &[ToolMethod],
        single: bool,
        critical: &mut Vec<(usize, usize, usize)>,
    ) -> Descriptor {
        let mut places: Vec<(String, Place)> = Vec::new();
        let first = self.groups[class].parts[0];
        places.push(("$".into(), Place { file: first.0, at: self.decl(first).name_at }));
        let containing = self.containing(class, &P::root().key("containingType"), &mut places);
        let mut types = TypeSet::default();
        let mut method_values = Vec::new();
        for (i, &(part, mi)) in methods.iter().enumerate() {
            let path = if single { P::root() } else { P::root().key("methods").index(i) };
            let m = &self.files[part.0].unit.types[part.1].methods[mi];
            critical.push((part.0, m.signature.0, m.signature.1));
            let v = self.method(part, mi, &path, &mut places, &mut types);
            method_values.push(v);
        }
        let types_value = self.types(&mut types, &mut places, critical);
        let mut top: Vec<(String, Value)> = vec![("containingType".into(), containing)];
        if single {
            if let Some(Value::Object(m)) = method_values.pop() {
                top.extend(m);
            }
        } else {
            top.push(("methods".into(), Value::Array(method_values)));
        }
        if let Some(t) = types_value {
            top.push(("types".into(), t));
        }
        if let Some((naming, at)) = self.naming() {
            if let Some(at) = at {
                places.push(("naming".into(), at));
            }
            top.push(("naming".into(), s(&naming)));
        }
        let mode = match self.options.mode {
            Mode::Generator => "generator",
            Mode::Reflection => "reflection",
        };
        top.push(("mode".into(), s(mode)));
        // The first place recorded for a path is its own.
        let mut map = HashMap::with_capacity(places.len());
        for (k, v) in places {
            map.entry(k).or_insert(v);
        }
        Descriptor { value: Value::Object(top), places: map }
    }

    fn naming(&self) -> Option<(String, Option<Place>)> {
        match &self.contexts.naming {
            Some((n, at)) => Some((n.clone(), Some(*at))),
            None => self.options.naming.clone().map(|n| (n, None)),
        }
    }

    fn containing(&self, g: usize, path: &P, places: &mut Vec<(String, Place)>) -> Value {
        let parts = &self.groups[g].parts;
        let t = self.decl(parts[0]);
        let file = parts[0].0;
        places.push((path.clone().text(), Place { file, at: t.name_at }));
        let partial = parts.iter().all(|&p| self.decl(p).has_modifier("partial"));
        let generic = !t.type_params.is_empty();
        if let Some(at) = t.type_params_at {
            places.push((path.key("generic").text(), Place { file, at }));
        }
        let mut members =
            vec![("name", s(&t.name)), ("partial", Value::Bool(partial)), ("generic", Value::Bool(generic))];
        if let Some(o) = t.outer
            && let Some(&og) = self.group_of.get(&(file, o))
        {
            members.push(("outer", self.containing(og, &path.key("outer"), places)));
        }
        obj(members)
    }

    fn method(
        &self,
        part: (usize, usize),
        mi: usize,
        path: &P,
        places: &mut Vec<(String, Place)>,
        types: &mut TypeSet,
    ) -> Value {
        let file = part.0;
        let m = &self.files[file].unit.types[part.1].methods[mi];
        let at = |at: usize| Place { file, at };
        places.push((path.key("method").text(), at(m.name_at)));
        let mut members: Vec<(String, Value)> = vec![("method".into(), s(&m.name))];
        // [Tool(...)]
        let tool_attr = m.attrs.iter().find(|a| is_tool_attr(a)).cloned();
        let mut tool = vec![
            ("name".to_owned(), Value::Null),
            ("description".to_owned(), Value::Null),
            ("endsLoop".to_owned(), Value::Bool(false)),
            ("requiresApproval".to_owned(), Value::Bool(false)),
            ("parallelSafe".to_owned(), Value::Bool(true)),
            ("timeoutSeconds".to_owned(), Value::Number(Number::from_i128(0))),
        ];
        if let Some(a) = &tool_attr {
            places.push((path.key("tool").text(), at(a.at)));
            for arg in &a.args {
                let key = match arg.name.as_deref() {
                    Some("Name") => "name",
                    Some("Description") => "description",
                    Some("EndsLoop") => "endsLoop",
                    Some("RequiresApproval") => "requiresApproval",
                    Some("ParallelSafe") => "parallelSafe",
                    Some("TimeoutSeconds") => "timeoutSeconds",
                    other => {
                        let message = match other {
                            None => format!(
                                "[Tool] takes named arguments (Name = …, Description = …), not '{}'.",
                                arg.value.text
                            ),
                            Some(n) => format!(
                                "[Tool] has no argument '{n}' (it has Name, Description, EndsLoop, RequiresApproval, ParallelSafe and TimeoutSeconds)."
                            ),
                        };
                        self.diags.borrow_mut().push((Code::Olc003, message, Some(at(arg.at)), Severity::Error));
                        continue;
                    }
                };
                places.push((path.key("tool").key(key).text(), at(arg.at)));
                if let Some(v) = self.eval_attr(file, &arg.value)
                    && let Some(slot) = tool.iter_mut().find(|(k, _)| k == key)
                {
                    slot.1 = v;
                }
            }
        }
        members.push(("tool".into(), Value::Object(tool)));
        let attrs = self.attributes(file, &m.attrs, &path.key("attributes"), places, false);
        if !attrs.is_empty() {
            members.push(("attributes".into(), Value::Array(attrs)));
        }
        if let Some(doc) = self.doc(file, m.doc, true) {
            places.push((path.key("doc").text(), at(m.signature.0)));
            members.push(("doc".into(), doc));
        }
        let mut params = Vec::new();
        for (j, p) in m.params.iter().enumerate() {
            let pp = path.key("parameters").index(j);
            params.push(self.param(file, p, &pp, places, types, true));
        }
        members.push(("parameters".into(), Value::Array(params)));
        places.push((path.key("returns").text(), at(m.returns.at)));
        let returns = self.type_text(file, &m.returns);
        types.add_root(self, file, &m.returns);
        members.push(("returns".into(), Value::String(returns)));
        if let Some(tp) = m.type_params_at {
            places.push((path.key("generic").text(), at(tp)));
            members.push(("generic".into(), Value::Bool(true)));
        }
        if let Some(a) = m.modifiers.iter().find(|x| x.word == "async") {
            places.push((path.key("async").text(), at(a.at)));
            members.push(("async".into(), Value::Bool(true)));
        }
        Value::Object(members)
    }

    fn param(
        &self,
        file: usize,
        p: &Param,
        path: &P,
        places: &mut Vec<(String, Place)>,
        types: &mut TypeSet,
        method: bool,
    ) -> Value {
        let at = |at: usize| Place { file, at };
        places.push((path.clone().text(), at(p.name_at)));
        places.push((path.key("type").text(), at(p.ty.at)));
        let ty = self.type_text(file, &p.ty);
        types.add_root(self, file, &p.ty);
        let mut members: Vec<(String, Value)> = vec![("name".into(), s(&p.name)), ("type".into(), s(&ty))];
        if let Some(d) = &p.default {
            places.push((path.key("default").text(), at(d.at)));
            if let Some(v) = self.eval_default(file, d, &ty) {
                members.push(("default".into(), v));
            }
        }
        if method {
            let words: Vec<&syntax::Modifier> =
                p.modifiers.iter().filter(|m| matches!(m.word.as_str(), "ref" | "out" | "in" | "readonly")).collect();
            if let Some(first) = words.first() {
                let text = words.iter().map(|m| m.word.as_str()).collect::<Vec<_>>().join(" ");
                places.push((path.key("modifier").text(), at(first.at)));
                members.push(("modifier".into(), Value::String(text)));
            }
        }
        let attrs = self.attributes(file, &p.attrs, &path.key("attributes"), places, true);
        if !attrs.is_empty() {
            members.push(("attributes".into(), Value::Array(attrs)));
        }
        Value::Object(members)
    }

    /// The contract's attributes among `attrs`, as descriptor attributes.
    fn attributes(
        &self,
        file: usize,
        attrs: &[Attr],
        path: &P,
        places: &mut Vec<(String, Place)>,
        on_member: bool,
    ) -> Vec<Value> {
        let mut out = Vec::new();
        for a in attrs {
            let name = a.simple();
            if !crate::describe::annotate::READ.contains(&name) {
                continue;
            }
            if matches!(a.target.as_deref(), Some("return" | "field" | "assembly" | "module" | "type"))
                || (!on_member && matches!(a.target.as_deref(), Some("param")))
            {
                continue;
            }
            let p = path.index(out.len());
            let values: Vec<Option<Value>> = a.args.iter().map(|arg| self.eval_attr(file, &arg.value)).collect();
            if values.iter().any(Option::is_none) {
                // Reported (OLC003); the attribute is left out rather than half read.
                continue;
            }
            places.push((p.clone().text(), Place { file, at: a.at }));
            let mut args = Vec::new();
            let mut named = Vec::new();
            for (k, (arg, v)) in a.args.iter().zip(values).enumerate() {
                let Some(v) = v else {
                    continue;
                };
                match &arg.name {
                    Some(n) => {
                        places.push((p.key("named").key(n).text(), Place { file, at: arg.at }));
                        named.push((n.clone(), v));
                    }
                    None => {
                        places.push((p.key("args").index(k).text(), Place { file, at: arg.at }));
                        args.push(v);
                    }
                }
            }
            let mut members = vec![("name", s(name))];
            if !args.is_empty() {
                members.push(("args", Value::Array(args)));
            }
            if !named.is_empty() {
                members.push(("named", Value::Object(named)));
            }
            out.push(obj(members));
        }
        out
    }

    /// `{"summary", "params"}` from a `///` comment (only what it has).
    fn doc(&self, file: usize, doc: Option<u32>, with_params: bool) -> Option<Value> {
        let text = &self.files[file].lexed.docs[doc? as usize];
        let mut members = Vec::new();
        if let Some(summary) = element(text, "summary") {
            members.push(("summary", Value::String(summary)));
        }
        if with_params {
            let params = param_elements(text);
            if !params.is_empty() {
                members
                    .push(("params", Value::Object(params.into_iter().map(|(k, v)| (k, Value::String(v))).collect())));
            }
        }
        (!members.is_empty()).then(|| obj(members))
    }

    // ---- declared types

    fn types(
        &self,
        set: &mut TypeSet,
        places: &mut Vec<(String, Place)>,
        critical: &mut Vec<(usize, usize, usize)>,
    ) -> Option<Value> {
        // Walk what the tools use, adding each declared type once.
        for (expr, place) in std::mem::take(&mut set.pending) {
            self.walk(set, &expr, place, 0);
        }
        let listed = self.listed_keys();
        let mut out = Vec::new();
        for key in set.order.clone() {
            let entry = &set.entries[&key];
            let (g, args) = (entry.group, entry.args.clone());
            for &(f, t) in &self.groups[g].parts {
                let span = self.decl((f, t)).span;
                critical.push((f, span.0, span.1));
            }
            let path = P::root().key("types").key(&key);
            let value = self.declaration(g, &args, &key, &path, places, listed.as_ref());
            out.push((key, value));
        }
        (!out.is_empty()).then_some(Value::Object(out))
    }

    /// Keys of the declared types some `JsonSerializerContext` reaches; `None`
    /// when the files declare no context (the context is elsewhere).
    fn listed_keys(&self) -> Option<HashSet<String>> {
        if !self.contexts.any {
            return None;
        }
        let mut set = TypeSet::default();
        for (_, t) in self.contexts.listed.clone() {
            self.walk(&mut set, &t, None, 0);
        }
        Some(set.order.into_iter().collect())
    }

    fn walk(&self, set: &mut TypeSet, expr: &TypeExpr, place: Option<Place>, depth: usize) {
        if depth > 64 {
            return;
        }
        match expr {
            TypeExpr::Named { name, args, .. } => {
                for a in args {
                    self.walk(set, a, place, depth + 1);
                }
                let Some(g) = self.lookup(expr, place) else {
                    return;
                };
                let key = if args.is_empty() {
                    self.groups[g].name.clone()
                } else {
                    TypeExpr::Named { name: simple_name(name).to_owned(), args: args.clone(), open: 0 }.to_string()
                };
                if set.entries.contains_key(&key) {
                    return;
                }
                if set.order.len() >= MAX_TYPES || key.len() > MAX_INSTANCE_NAME {
                    if !set.over {
                        set.over = true;
                        let at = Place { file: self.groups[g].parts[0].0, at: self.first(g).name_at };
                        self.diags.borrow_mut().push((
                            Code::Olc005,
                            format!(
                                "The types the tools use expand to more than {MAX_TYPES} declarations, or to a generic instance named with more than {MAX_INSTANCE_NAME} characters ('{}').",
                                self.groups[g].name
                            ),
                            Some(at),
                            Severity::Error,
                        ));
                    }
                    return;
                }
                set.order.push(key.clone());
                set.entries.insert(key, Entry { group: g, args: args.clone() });
                for (t, at) in self.member_types(g, args) {
                    self.walk(set, &t, Some(at), depth + 1);
                }
            }
            TypeExpr::Array { element, .. } => self.walk(set, element, place, depth + 1),
            TypeExpr::Nullable(inner) | TypeExpr::Pointer(inner) => self.walk(set, inner, place, depth + 1),
            TypeExpr::Tuple(items) => {
                for t in items {
                    self.walk(set, t, place, depth + 1);
                }
            }
        }
    }

    /// The type parameters of group `g` bound to `args`.
    fn bindings(&self, g: usize, args: &[TypeExpr]) -> Vec<(String, TypeExpr)> {
        self.first(g).type_params.iter().cloned().zip(args.iter().cloned()).collect()
    }

    /// A member's type as the descriptor writes it: aliases replaced and, in
    /// a generic instance, the type parameters bound.
    fn bound_text(&self, file: usize, ty: &TypeSyn, bind: &[(String, TypeExpr)]) -> String {
        let text = self.type_text(file, ty);
        if bind.is_empty() {
            return text;
        }
        match TypeExpr::parse(&text) {
            Ok(t) => map_named(&t, &mut |name, args| {
                if !args.is_empty() {
                    return None;
                }
                bind.iter().find(|(p, _)| p == name).map(|(_, a)| a.clone())
            })
            .to_string(),
            Err(_) => text,
        }
    }

    fn member_types(&self, g: usize, args: &[TypeExpr]) -> Vec<(TypeExpr, Place)> {
        let bind = self.bindings(g, args);
        let m = self.object_members(g);
        let mut out = Vec::new();
        let mut push = |file: usize, ty: &TypeSyn| {
            if let Ok(t) = TypeExpr::parse(&self.bound_text(file, ty, &bind)) {
                out.push((t, Place { file, at: ty.at }));
            }
        };
        for (f, p) in m.primary.iter().chain(m.ctor.iter().flatten()) {
            push(*f, &p.ty);
        }
        for (f, p) in &m.properties {
            push(*f, &p.ty);
        }
        if let Some((f, b)) = &m.base {
            push(*f, b);
        }
        out
    }

    fn object_members(&self, g: usize) -> Members<'_> {
        let mut m = Members { primary: Vec::new(), ctor: None, properties: Vec::new(), base: None, doc: None };
        let mut public_ctors: Vec<(usize, &[Param])> = Vec::new();
        for &(f, t) in &self.groups[g].parts {
            let d = self.decl((f, t));
            let record = matches!(d.kind, TypeKind::Record | TypeKind::RecordStruct);
            if let Some(primary) = &d.primary {
                if record {
                    m.primary.extend(primary.iter().map(|p| (f, p)));
                } else {
                    public_ctors.push((f, primary));
                }
            }
            for c in &d.ctors {
                if c.public {
                    public_ctors.push((f, &c.params));
                }
            }
            m.properties.extend(d.properties.iter().filter(|p| p.readable).map(|p| (f, p)));
            if m.base.is_none()
                && let Some(b) = d.bases.first()
                && self.is_base_class(b)
            {
                m.base = Some((f, b));
            }
            if m.doc.is_none() && d.doc.is_some() {
                m.doc = d.doc.map(|x| (f, x));
            }
        }
        if m.primary.is_empty() && public_ctors.len() == 1 {
            let (f, params) = public_ctors.remove(0);
            m.ctor = Some(params.iter().map(|p| (f, p)).collect());
        }
        m
    }

    /// Whether a base-list entry is a base class (not an interface).
    fn is_base_class(&self, b: &TypeSyn) -> bool {
        let Ok(t) = TypeExpr::parse(&b.text) else {
            return false;
        };
        let TypeExpr::Named { name, args, .. } = &t else {
            return false;
        };
        let simple = simple_name(name);
        if let Some(found) = self.by_simple.get(&(simple.to_owned(), args.len())) {
            return found.iter().any(|&g| matches!(self.first(g).kind, TypeKind::Class | TypeKind::Record));
        }
        // Not declared here: an interface by the naming convention, else a base class.
        let mut chars = simple.chars();
        !(chars.next() == Some('I') && chars.next().is_some_and(char::is_uppercase))
    }

    fn declaration(
        &self,
        g: usize,
        args: &[TypeExpr],
        key: &str,
        path: &P,
        places: &mut Vec<(String, Place)>,
        listed: Option<&HashSet<String>>,
    ) -> Value {
        let first = self.groups[g].parts[0];
        let t = self.decl(first);
        places.push((path.clone().text(), Place { file: first.0, at: t.name_at }));
        let kind = match t.kind {
            TypeKind::Class => "class",
            TypeKind::Struct => "struct",
            TypeKind::Record => "record",
            TypeKind::RecordStruct => "record struct",
            TypeKind::Interface => return obj(vec![("kind", s("interface"))]),
            TypeKind::Delegate => return obj(vec![("kind", s("delegate"))]),
            TypeKind::Enum => {
                let members: Vec<Value> = t.enum_members.iter().map(|(n, _)| s(n)).collect();
                for (i, (_, at)) in t.enum_members.iter().enumerate() {
                    places.push((path.key("members").index(i).text(), Place { file: first.0, at: *at }));
                }
                let mut out = vec![("kind", s("enum")), ("members", Value::Array(members))];
                let converter = self.groups[g].parts.iter().any(|&p| {
                    self.decl(p).attrs.iter().any(|a| {
                        a.simple() == "JsonConverter"
                            && a.args.first().is_some_and(|x| x.value.text.contains("JsonStringEnumConverter"))
                    })
                });
                if self.contexts.any && !self.contexts.string_enums && !converter {
                    out.push(("inContext", Value::Bool(false)));
                }
                return obj(out);
            }
        };
        let bind = self.bindings(g, args);
        let m = self.object_members(g);
        let mut members = vec![("kind", s(kind))];
        if let Some((f, b)) = &m.base {
            places.push((path.key("base").text(), Place { file: *f, at: b.at }));
            members.push(("base", Value::String(self.bound_text(*f, b, &bind))));
        }
        let mut none = TypeSet::default();
        if !m.primary.is_empty() {
            let mut list = Vec::new();
            for (j, (f, p)) in m.primary.iter().enumerate() {
                let mut p = (*p).clone();
                p.ty.text = self.bound_text(*f, &p.ty, &bind);
                list.push(self.param(*f, &p, &path.key("parameters").index(j), places, &mut none, false));
            }
            members.push(("parameters", Value::Array(list)));
        }
        if let Some(ctor) = &m.ctor {
            let mut list = Vec::new();
            for (j, (f, p)) in ctor.iter().enumerate() {
                let mut p = (*p).clone();
                p.ty.text = self.bound_text(*f, &p.ty, &bind);
                list.push(self.param(*f, &p, &path.key("constructor").index(j), places, &mut none, false));
            }
            members.push(("constructor", Value::Array(list)));
        }
        if !m.properties.is_empty() {
            let mut list = Vec::new();
            for (j, (f, p)) in m.properties.iter().enumerate() {
                list.push(self.property(*f, p, &bind, &path.key("properties").index(j), places));
            }
            members.push(("properties", Value::Array(list)));
        }
        if let Some(listed) = listed
            && !listed.contains(key)
        {
            members.push(("inContext", Value::Bool(false)));
        }
        if let Some((f, d)) = m.doc
            && let Some(doc) = self.doc(f, Some(d), t.kind == TypeKind::Record || t.kind == TypeKind::RecordStruct)
        {
            members.push(("doc", doc));
        }
        obj(members)
    }

    fn property(
        &self,
        file: usize,
        p: &Property,
        bind: &[(String, TypeExpr)],
        path: &P,
        places: &mut Vec<(String, Place)>,
    ) -> Value {
        let at = |at: usize| Place { file, at };
        places.push((path.clone().text(), at(p.name_at)));
        places.push((path.key("name").text(), at(p.name_at)));
        places.push((path.key("type").text(), at(p.ty.at)));
        let mut members: Vec<(String, Value)> =
            vec![("name".into(), s(&p.name)), ("type".into(), Value::String(self.bound_text(file, &p.ty, bind)))];
        if let Some(r) = p.modifiers.iter().find(|m| m.word == "required") {
            places.push((path.key("modifiers").text(), at(r.at)));
            members.push(("modifiers".into(), Value::Array(vec![s("required")])));
        }
        let attrs = self.attributes(file, &p.attrs, &path.key("attributes"), places, true);
        if !attrs.is_empty() {
            members.push(("attributes".into(), Value::Array(attrs)));
        }
        if let Some(doc) = self.doc(file, p.doc, false) {
            members.push(("doc".into(), doc));
        }
        Value::Object(members)
    }

    // ---- constants

    fn unreadable(&self, file: usize, e: &Expr, what: &str) {
        let text: String = e.text.chars().take(80).collect();
        self.diags.borrow_mut().push((
            Code::Olc003,
            format!("'{text}' is not a constant describe-source can read ({what})."),
            Some(Place { file, at: e.at }),
            Severity::Error,
        ));
    }

    fn eval_attr(&self, file: usize, e: &Expr) -> Option<Value> {
        match self.eval(file, e, None) {
            Some(v) => Some(v),
            None => {
                self.unreadable(
                    file,
                    e,
                    "attribute arguments must be literals, typeof, nameof, enum members or constants made of them",
                );
                None
            }
        }
    }

    fn eval_default(&self, file: usize, e: &Expr, ty: &str) -> Option<Value> {
        match self.eval(file, e, Some(ty)) {
            Some(v) => Some(v),
            None => {
                self.unreadable(file, e, "defaults must be literals, default, enum members or constants made of them");
                None
            }
        }
    }

    /// The JSON value of a constant. `ty` is the parameter's type for a default.
    fn eval(&self, file: usize, e: &Expr, ty: Option<&str>) -> Option<Value> {
        match &e.kind {
            ExprKind::Int(t) => int_literal(t),
            ExprKind::Real(t) => real_literal(t),
            ExprKind::Str(v) | ExprKind::Char(v) => v.clone().map(Value::String),
            ExprKind::Bool(b) => Some(Value::Bool(*b)),
            ExprKind::Null => Some(Value::Null),
            ExprKind::Default(Some(t)) => Some(self.default_of(&self.type_text(file, t))),
            ExprKind::Default(None) | ExprKind::New => ty.map(|t| self.default_of(t)),
            ExprKind::Typeof(t) => Some(Value::String(t.text.clone())),
            ExprKind::Nameof(n) => Some(s(n)),
            ExprKind::Neg(inner) => match self.eval(file, inner, ty)? {
                Value::Number(n) => {
                    let t = n.as_str();
                    num(&t.strip_prefix('-').map_or_else(|| format!("-{t}"), str::to_owned))
                }
                _ => None,
            },
            ExprKind::Add(a, b) => match (self.eval(file, a, ty)?, self.eval(file, b, ty)?) {
                (Value::String(x), Value::String(y)) => Some(Value::String(x + &y)),
                _ => None,
            },
            ExprKind::Name(parts) => self.named_constant(parts, ty),
            ExprKind::Other => None,
        }
    }

    /// `int.MaxValue`, an enum member (`Color.Red`: the name for a default,
    /// as written for an attribute argument).
    fn named_constant(&self, parts: &[String], ty: Option<&str>) -> Option<Value> {
        let default = ty.is_some();
        if let Some((file, value)) = self.find_const(parts) {
            // A constant defined by another: followed, but not round a cycle.
            if self.const_depth.get() >= MAX_CONST_CHAIN {
                return None;
            }
            self.const_depth.set(self.const_depth.get() + 1);
            let v = self.eval(file, value, ty);
            self.const_depth.set(self.const_depth.get() - 1);
            return v;
        }
        if parts.len() < 2 {
            return None;
        }
        let owner = parts[parts.len() - 2].as_str();
        let member = parts[parts.len() - 1].as_str();
        if let Some(v) = builtin_constant(owner, member) {
            return num(v);
        }
        let declared_enum = self.by_simple.get(&(owner.to_owned(), 0)).is_some_and(|gs| {
            gs.iter().any(|&g| {
                let t = self.first(g);
                t.kind == TypeKind::Enum && t.enum_members.iter().any(|(n, _)| n == member)
            })
        });
        if declared_enum || FRAMEWORK_ENUMS.contains(&owner) {
            return Some(if default { s(member) } else { Value::String(parts.join(".")) });
        }
        None
    }

    /// A `const` declared in the files: `Limits.Max` (by its type's simple
    /// name), or `Max` when exactly one type declares it.
    fn find_const(&self, parts: &[String]) -> Option<(usize, &Expr)> {
        let member = parts.last()?.as_str();
        let mut found = Vec::new();
        let candidates: Vec<usize> = match parts.len() {
            1 => (0..self.groups.len()).collect(),
            n => self.by_simple.get(&(parts[n - 2].clone(), 0)).cloned().unwrap_or_default(),
        };
        for g in candidates {
            for &(f, t) in &self.groups[g].parts {
                for (name, value) in &self.decl((f, t)).consts {
                    if name == member {
                        found.push((f, value));
                    }
                }
            }
        }
        (found.len() == 1).then(|| found[0])
    }

    /// The JSON form of `default(T)` for a type as written.
    fn default_of(&self, ty: &str) -> Value {
        let Ok(t) = TypeExpr::parse(ty) else {
            return Value::Null;
        };
        let TypeExpr::Named { name, args, .. } = &t else {
            return Value::Null;
        };
        if !args.is_empty() {
            return Value::Null;
        }
        let simple = simple_name(name);
        let zero = || Value::Number(Number::from_i128(0));
        match simple {
            "bool" | "Boolean" => return Value::Bool(false),
            "sbyte" | "byte" | "short" | "ushort" | "int" | "uint" | "long" | "ulong" | "nint" | "nuint" | "float"
            | "double" | "decimal" | "SByte" | "Byte" | "Int16" | "UInt16" | "Int32" | "UInt32" | "Int64"
            | "UInt64" | "Single" | "Double" | "Decimal" => return zero(),
            "char" | "Char" => return s("\0"),
            "Guid" => return s("00000000-0000-0000-0000-000000000000"),
            "DateTime" => return s("0001-01-01T00:00:00"),
            "DateTimeOffset" => return s("0001-01-01T00:00:00+00:00"),
            "DateOnly" => return s("0001-01-01"),
            "TimeOnly" | "TimeSpan" => return s("00:00:00"),
            _ => {}
        }
        let Some(gs) = self.by_simple.get(&(simple.to_owned(), 0)) else {
            return Value::Null;
        };
        let t = self.first(gs[0]);
        match t.kind {
            TypeKind::Enum => t.enum_members.first().map_or_else(zero, |(n, _)| s(n)),
            TypeKind::Struct | TypeKind::RecordStruct => Value::Object(Vec::new()),
            _ => Value::Null,
        }
    }
}

struct Members<'e> {
    primary: Vec<(usize, &'e Param)>,
    ctor: Option<Vec<(usize, &'e Param)>>,
    properties: Vec<(usize, &'e Property)>,
    base: Option<(usize, &'e TypeSyn)>,
    doc: Option<(usize, u32)>,
}

/// The declared types a descriptor writes, in the order they are first used.
#[derive(Default)]
struct TypeSet {
    order: Vec<String>,
    entries: HashMap<String, Entry>,
    pending: Vec<(TypeExpr, Option<Place>)>,
    over: bool,
}

impl TypeSet {
    fn add_root(&mut self, e: &Emitter<'_>, file: usize, ty: &TypeSyn) {
        if let Some(t) = e.type_expr(file, ty) {
            // Walked in order after the methods are read.
            self.pending.push((t, Some(Place { file, at: ty.at })));
        }
    }
}

fn is_tool_attr(a: &Attr) -> bool {
    a.simple() == "Tool" && matches!(a.target.as_deref(), None | Some("method"))
}

/// Rebuilds a type expression with named types replaced where `f` says.
fn map_named(t: &TypeExpr, f: &mut dyn FnMut(&str, &[TypeExpr]) -> Option<TypeExpr>) -> TypeExpr {
    match t {
        TypeExpr::Named { name, args, open } => {
            if let Some(r) = f(name, args) {
                return r;
            }
            TypeExpr::Named { name: name.clone(), args: args.iter().map(|a| map_named(a, f)).collect(), open: *open }
        }
        TypeExpr::Array { element, rank } => TypeExpr::Array { element: Box::new(map_named(element, f)), rank: *rank },
        TypeExpr::Nullable(inner) => TypeExpr::Nullable(Box::new(map_named(inner, f))),
        TypeExpr::Pointer(inner) => TypeExpr::Pointer(Box::new(map_named(inner, f))),
        TypeExpr::Tuple(items) => TypeExpr::Tuple(items.iter().map(|a| map_named(a, f)).collect()),
    }
}

fn int_literal(text: &str) -> Option<Value> {
    let t: String = text.chars().filter(|&c| c != '_').collect();
    let t = t.trim_end_matches(['u', 'U', 'l', 'L']);
    let value = if let Some(hex) = t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        u128::from_str_radix(hex, 16).ok()?
    } else if let Some(bin) = t.strip_prefix("0b").or_else(|| t.strip_prefix("0B")) {
        u128::from_str_radix(bin, 2).ok()?
    } else {
        t.parse::<u128>().ok()?
    };
    num(&value.to_string())
}

fn real_literal(text: &str) -> Option<Value> {
    let t: String = text.chars().filter(|&c| c != '_').collect();
    let t = t.trim_end_matches(['f', 'F', 'd', 'D', 'm', 'M']);
    let t = if t.starts_with('.') { format!("0{t}") } else { t.to_owned() };
    num(&t)
}

fn builtin_constant(owner: &str, member: &str) -> Option<&'static str> {
    let (min, max) = match owner {
        "sbyte" | "SByte" => ("-128", "127"),
        "byte" | "Byte" => ("0", "255"),
        "short" | "Int16" => ("-32768", "32767"),
        "ushort" | "UInt16" => ("0", "65535"),
        "int" | "Int32" => ("-2147483648", "2147483647"),
        "uint" | "UInt32" => ("0", "4294967295"),
        "long" | "Int64" => ("-9223372036854775808", "9223372036854775807"),
        "ulong" | "UInt64" => ("0", "18446744073709551615"),
        "float" | "Single" => ("-3.4028235E+38", "3.4028235E+38"),
        "double" | "Double" => ("-1.7976931348623157E+308", "1.7976931348623157E+308"),
        "decimal" | "Decimal" => ("-79228162514264337593543950335", "79228162514264337593543950335"),
        _ => return None,
    };
    match member {
        "MinValue" => Some(min),
        "MaxValue" => Some(max),
        _ => None,
    }
}

/// The inner XML of the first `<name>…</name>`, trimmed.
fn element(doc: &str, name: &str) -> Option<String> {
    let open = format!("<{name}>");
    let close = format!("</{name}>");
    let start = doc.find(&open)? + open.len();
    let end = doc[start..].find(&close).map_or(doc.len(), |e| start + e);
    Some(doc[start..end].trim().to_owned())
}

/// `<param name="x">text</param>` elements, in order.
fn param_elements(doc: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut rest = doc;
    while let Some(i) = rest.find("<param ") {
        rest = &rest[i + 7..];
        let Some(q) = rest.find(['"', '\'']) else {
            break;
        };
        let quote = rest.as_bytes()[q];
        let after = &rest[q + 1..];
        let Some(qe) = after.find(quote as char) else {
            break;
        };
        let name = after[..qe].to_owned();
        let after = &after[qe + 1..];
        let Some(gt) = after.find('>') else {
            break;
        };
        if after[..gt].trim_end().ends_with('/') {
            rest = &after[gt + 1..];
            continue;
        }
        let body = &after[gt + 1..];
        let end = body.find("</param>").unwrap_or(body.len());
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, body[..end].trim().to_owned()));
        }
        rest = &body[end..];
    }
    out
}
