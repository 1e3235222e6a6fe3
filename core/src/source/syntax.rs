//! A declaration parser for C#: namespaces, `using` aliases, type
//! declarations with their attributes, `///` comments, primary constructors,
//! base lists, properties, constructors, methods and enum members. Member
//! bodies, initialisers and expressions other than constants are skipped by
//! balanced tokens. A declaration that cannot be read is reported with its
//! place and skipped; reading goes on with the next one.

use super::lex::{Kind, Lexed, Token};

/// Deepest nesting of namespaces and type declarations read.
pub const MAX_NESTING: usize = 32;
/// Deepest nesting of one type (type arguments, tuples) or one constant expression.
pub const MAX_EXPR_DEPTH: usize = 32;

#[derive(Clone, Debug)]
pub struct TypeSyn {
    /// As written, with runs of whitespace collapsed to one space.
    pub text: String,
    pub at: usize,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Int(String),
    Real(String),
    /// `None` when the literal is not a constant (an interpolated string with a hole).
    Str(Option<String>),
    Char(Option<String>),
    Bool(bool),
    Null,
    /// `default` or `default(T)`.
    Default(Option<TypeSyn>),
    /// `new()` or `new T()` with no arguments.
    New,
    /// `A.B.C`
    Name(Vec<String>),
    Typeof(TypeSyn),
    Nameof(String),
    Neg(Box<Expr>),
    Add(Box<Expr>, Box<Expr>),
    /// Anything else: not a constant this front end evaluates.
    Other,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub at: usize,
    /// The expression's text as written, for messages.
    pub text: String,
}

#[derive(Clone, Debug)]
pub struct Arg {
    /// `Name = value` (a property of the attribute) or `name: value`.
    pub name: Option<String>,
    pub value: Expr,
    pub at: usize,
}

#[derive(Clone, Debug)]
pub struct Attr {
    /// `property`, `param`, `return`, … of `[property: X]`.
    pub target: Option<String>,
    /// The name as written, without `global::`.
    pub name: String,
    pub args: Vec<Arg>,
    pub at: usize,
}

impl Attr {
    /// The simple name without namespace and `Attribute` suffix.
    pub fn simple(&self) -> &str {
        crate::describe::descriptor::attribute_name(&self.name)
    }
}

#[derive(Clone, Debug)]
pub struct Modifier {
    pub word: String,
    pub at: usize,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub attrs: Vec<Attr>,
    pub modifiers: Vec<Modifier>,
    pub ty: TypeSyn,
    pub name: String,
    pub name_at: usize,
    pub default: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct Method {
    pub attrs: Vec<Attr>,
    pub doc: Option<u32>,
    pub modifiers: Vec<Modifier>,
    pub returns: TypeSyn,
    pub name: String,
    pub name_at: usize,
    /// Where `<` of the method's type parameters is, if it has any.
    pub type_params_at: Option<usize>,
    pub params: Vec<Param>,
    /// From the first attribute to the closing parenthesis.
    pub signature: (usize, usize),
}

#[derive(Clone, Debug)]
pub struct Property {
    pub attrs: Vec<Attr>,
    pub doc: Option<u32>,
    pub modifiers: Vec<Modifier>,
    pub ty: TypeSyn,
    pub name: String,
    pub name_at: usize,
    /// Public, not static, with a getter that is not less visible.
    pub readable: bool,
}

#[derive(Clone, Debug)]
pub struct Ctor {
    pub public: bool,
    pub params: Vec<Param>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeKind {
    Class,
    Struct,
    Record,
    RecordStruct,
    Interface,
    Enum,
    Delegate,
}

#[derive(Clone, Debug)]
pub struct TypeDecl {
    pub kind: TypeKind,
    pub name: String,
    pub name_at: usize,
    pub type_params: Vec<String>,
    pub type_params_at: Option<usize>,
    pub modifiers: Vec<Modifier>,
    pub attrs: Vec<Attr>,
    pub doc: Option<u32>,
    /// The type this one is declared in.
    pub outer: Option<usize>,
    pub namespace: String,
    /// A record's (or C# 12 class's) primary constructor.
    pub primary: Option<Vec<Param>>,
    pub bases: Vec<TypeSyn>,
    pub methods: Vec<Method>,
    pub properties: Vec<Property>,
    pub ctors: Vec<Ctor>,
    pub enum_members: Vec<(String, usize)>,
    /// `const` fields: name and value.
    pub consts: Vec<(String, Expr)>,
    /// From the first attribute to the closing brace.
    pub span: (usize, usize),
}

impl TypeDecl {
    pub fn has_modifier(&self, word: &str) -> bool {
        self.modifiers.iter().any(|m| m.word == word)
    }
}

/// `using Alias = Type;`
#[derive(Clone, Debug)]
pub struct Alias {
    pub name: String,
    pub target: TypeSyn,
}

#[derive(Clone, Debug)]
pub struct SyntaxError {
    pub at: usize,
    pub message: String,
    /// Past a nesting limit rather than malformed.
    pub limit: bool,
    /// In a declaration with a `[Tool]` attribute, which is then not read.
    pub in_tool: bool,
}

#[derive(Default)]
pub struct Unit {
    pub types: Vec<TypeDecl>,
    pub aliases: Vec<Alias>,
    pub errors: Vec<SyntaxError>,
}

pub fn parse(text: &str, lexed: &Lexed) -> Unit {
    let mut p =
        Parser { text, toks: &lexed.tokens, strings: &lexed.strings, i: 0, unit: Unit::default(), in_tool: false };
    p.members(&Scope { namespace: String::new(), outer: None, depth: 0 }, None);
    p.unit
}

struct Scope {
    namespace: String,
    outer: Option<usize>,
    depth: usize,
}

const MODIFIERS: &[&str] = &[
    "public",
    "private",
    "protected",
    "internal",
    "static",
    "partial",
    "abstract",
    "sealed",
    "virtual",
    "override",
    "new",
    "readonly",
    "async",
    "extern",
    "unsafe",
    "volatile",
    "required",
    "file",
    "const",
    "fixed",
    "implicit",
    "explicit",
    "ref",
    "scoped",
];

struct Parser<'a> {
    text: &'a str,
    toks: &'a [Token],
    strings: &'a [Option<String>],
    i: usize,
    unit: Unit,
    /// The member being read has a `[Tool]` attribute.
    in_tool: bool,
}

/// Recovery after an error: the member is skipped.
struct Skip;

type R<T> = Result<T, Skip>;

impl<'a> Parser<'a> {
    fn tok(&self) -> Token {
        self.toks[self.i.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, k: usize) -> Token {
        self.toks[(self.i + k).min(self.toks.len() - 1)]
    }

    fn slice(&self, t: Token) -> &'a str {
        &self.text[t.start as usize..t.end as usize]
    }

    fn is_punct(&self, c: char) -> bool {
        self.tok().kind == Kind::Punct(c)
    }

    /// The identifier here (without a verbatim `@`), if it is one.
    fn ident(&self) -> Option<&'a str> {
        let t = self.tok();
        (t.kind == Kind::Ident).then(|| self.slice(t).trim_start_matches('@'))
    }

    fn is_word(&self, w: &str) -> bool {
        let t = self.tok();
        t.kind == Kind::Ident && self.slice(t) == w
    }

    fn word_at(&self, k: usize, w: &str) -> bool {
        let t = self.peek_at(k);
        t.kind == Kind::Ident && self.slice(t) == w
    }

    fn at(&self) -> usize {
        self.tok().start as usize
    }

    fn bump(&mut self) -> Token {
        let t = self.tok();
        if t.kind != Kind::Eof {
            self.i += 1;
        }
        t
    }

    fn eat(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn describe_here(&self) -> String {
        let t = self.tok();
        match t.kind {
            Kind::Eof => "the end of the file".to_owned(),
            _ => {
                let s = self.slice(t);
                let s: String = s.chars().take(40).collect();
                format!("'{s}'")
            }
        }
    }

    fn fail<T>(&mut self, expected: &str) -> R<T> {
        let message = format!("Expected {expected}, found {}.", self.describe_here());
        self.unit.errors.push(SyntaxError { at: self.at(), message, limit: false, in_tool: false });
        Err(Skip)
    }

    fn expect(&mut self, c: char) -> R<()> {
        if self.eat(c) { Ok(()) } else { self.fail(&format!("'{c}'")) }
    }

    fn expect_ident(&mut self, what: &str) -> R<(String, usize)> {
        match self.ident() {
            Some(name) => {
                let at = self.at();
                self.i += 1;
                Ok((name.to_owned(), at))
            }
            None => self.fail(what),
        }
    }

    /// Skips a `{ … }` block, `self.i` at `{`. Only braces count: strings and
    /// comments are already single tokens.
    fn skip_block(&mut self) {
        let open = self.at();
        let mut depth = 0usize;
        loop {
            let t = self.bump();
            match t.kind {
                Kind::Punct('{') => depth += 1,
                Kind::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                Kind::Eof => {
                    self.unit.errors.push(SyntaxError {
                        at: open,
                        message: "This '{' is not closed by '}'.".into(),
                        limit: false,
                        in_tool: false,
                    });
                    return;
                }
                _ => {}
            }
        }
    }

    /// Skips to the end of a member: past the next `;` or `{ … }` block at
    /// depth 0, stopping before a `}` that closes the enclosing body.
    fn recover(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.tok().kind {
                Kind::Eof => return,
                Kind::Punct('(' | '[') => depth += 1,
                Kind::Punct(')' | ']') => depth = depth.saturating_sub(1),
                Kind::Punct(';') if depth == 0 => {
                    self.i += 1;
                    return;
                }
                Kind::Punct('{') => {
                    self.skip_block();
                    if depth == 0 {
                        self.eat(';');
                        return;
                    }
                    continue;
                }
                Kind::Punct('}') => return,
                _ => {}
            }
            self.i += 1;
        }
    }

    /// Skips an expression up to `,`, `)`, `]`, `;` or `}` at depth 0 (not consumed).
    fn skip_expr(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.tok().kind {
                Kind::Eof => return,
                Kind::Punct('(' | '[') => depth += 1,
                Kind::Punct('{') => {
                    self.skip_block();
                    continue;
                }
                Kind::Punct(')' | ']') if depth == 0 => return,
                Kind::Punct(')' | ']') => depth -= 1,
                Kind::Punct(',' | ';' | '}') if depth == 0 => return,
                _ => {}
            }
            self.i += 1;
        }
    }

    /// The source text from `start` to the end of the previous token, with
    /// whitespace runs collapsed.
    fn text_since(&self, start: usize) -> String {
        let end = if self.i == 0 { start } else { self.toks[self.i - 1].end as usize };
        let raw = &self.text[start..end.max(start)];
        let mut out = String::with_capacity(raw.len());
        let mut space = false;
        for c in raw.chars() {
            if c.is_whitespace() {
                space = true;
            } else {
                if space && !out.is_empty() {
                    out.push(' ');
                }
                space = false;
                out.push(c);
            }
        }
        out
    }

    // ---- members

    /// Reads members until the closing `}` (consumed) of the body opened at
    /// `open`, or to the end of the file at the top level.
    fn members(&mut self, scope: &Scope, open: Option<usize>) {
        loop {
            match self.tok().kind {
                Kind::Eof => {
                    if let Some(at) = open {
                        self.unit.errors.push(SyntaxError {
                            at,
                            message: "This '{' is not closed by '}'.".into(),
                            limit: false,
                            in_tool: false,
                        });
                    }
                    return;
                }
                Kind::Punct('}') => {
                    if open.is_some() {
                        self.i += 1;
                        return;
                    }
                    let at = self.at();
                    self.unit.errors.push(SyntaxError {
                        at,
                        message: "This '}' closes nothing.".into(),
                        limit: false,
                        in_tool: false,
                    });
                    self.i += 1;
                }
                Kind::Punct(';') => self.i += 1,
                _ => {
                    let before = self.i;
                    let errors = self.unit.errors.len();
                    self.in_tool = false;
                    if self.member(scope).is_err() {
                        if self.in_tool {
                            for e in &mut self.unit.errors[errors..] {
                                e.in_tool = true;
                            }
                        }
                        self.recover();
                    }
                    if self.i == before {
                        // Never stand still: a token nothing can start with is skipped.
                        self.i += 1;
                    }
                }
            }
        }
    }

    fn member(&mut self, scope: &Scope) -> R<()> {
        let start = self.at();
        let doc = self.tok().doc;
        if self.is_word("using") && scope.outer.is_none() {
            return self.using();
        }
        if self.is_word("extern") && self.word_at(1, "alias") {
            self.recover();
            return Ok(());
        }
        if self.is_word("namespace") && scope.outer.is_none() {
            return self.namespace(scope);
        }
        let attrs = self.attributes()?;
        self.in_tool = attrs.iter().any(|a| a.simple() == "Tool");
        let modifiers = self.modifiers();
        let kind = if self.is_word("class") {
            Some(TypeKind::Class)
        } else if self.is_word("struct") {
            Some(TypeKind::Struct)
        } else if self.is_word("interface") {
            Some(TypeKind::Interface)
        } else if self.is_word("enum") {
            Some(TypeKind::Enum)
        } else if self.is_word("delegate") && !self.peek_at(1).kind.eq(&Kind::Punct('(')) {
            Some(TypeKind::Delegate)
        } else if self.is_word("record") && matches!(self.peek_at(1).kind, Kind::Ident) {
            Some(TypeKind::Record)
        } else {
            None
        };
        if let Some(kind) = kind {
            return self.type_decl(kind, scope, start, doc, attrs, modifiers);
        }
        if self.is_word("event") {
            self.recover();
            return Ok(());
        }
        match scope.outer {
            Some(owner) => self.type_member(owner, start, doc, attrs, modifiers),
            None => {
                // A top-level statement, or something no declaration starts with.
                if attrs.iter().all(|a| matches!(a.target.as_deref(), Some("assembly" | "module")))
                    && modifiers.is_empty()
                    && !attrs.is_empty()
                {
                    return Ok(());
                }
                self.recover();
                Ok(())
            }
        }
    }

    fn using(&mut self) -> R<()> {
        self.i += 1;
        if self.is_word("global") && self.peek_at(1).kind != Kind::ColonColon {
            self.i += 1;
        }
        if self.is_word("static") {
            self.recover();
            return Ok(());
        }
        if self.ident().is_some() && self.peek_at(1).kind == Kind::Punct('=') {
            let (name, _) = self.expect_ident("an alias name")?;
            self.i += 1;
            let target = self.ty(0)?;
            self.expect(';')?;
            self.unit.aliases.push(Alias { name, target });
            return Ok(());
        }
        if self.ident().is_some() || self.tok().kind == Kind::Punct('(') || self.tok().kind == Kind::ColonColon {
            // `using X.Y;`, or a `using (…)` statement at the top level.
            self.recover();
            return Ok(());
        }
        self.fail("a namespace after 'using'")
    }

    fn dotted_name(&mut self, what: &str) -> R<String> {
        let mut name = self.expect_ident(what)?.0;
        while self.is_punct('.') {
            self.i += 1;
            name.push('.');
            name.push_str(&self.expect_ident(what)?.0);
        }
        Ok(name)
    }

    fn namespace(&mut self, scope: &Scope) -> R<()> {
        let at = self.at();
        self.i += 1;
        let name = self.dotted_name("a namespace name")?;
        let namespace = if scope.namespace.is_empty() { name } else { format!("{}.{name}", scope.namespace) };
        if scope.depth + 1 > MAX_NESTING {
            return self.too_deep(at);
        }
        let inner = Scope { namespace, outer: None, depth: scope.depth + 1 };
        if self.eat(';') {
            // File-scoped: the rest of the file.
            self.members(&inner, None);
            return Ok(());
        }
        let open = self.at();
        self.expect('{')?;
        self.members(&inner, Some(open));
        Ok(())
    }

    fn too_deep(&mut self, at: usize) -> R<()> {
        self.unit.errors.push(SyntaxError {
            at,
            message: format!(
                "Namespaces and types are nested more than {MAX_NESTING} deep here; what is inside is not read."
            ),
            limit: true,
            in_tool: false,
        });
        // Skip to the body and over it.
        while !matches!(self.tok().kind, Kind::Punct('{' | ';') | Kind::Eof) {
            self.i += 1;
        }
        if self.is_punct('{') {
            self.skip_block();
        } else {
            self.eat(';');
        }
        Ok(())
    }

    fn attributes(&mut self) -> R<Vec<Attr>> {
        let mut out = Vec::new();
        while self.is_punct('[') {
            self.i += 1;
            let mut target = None;
            if self.ident().is_some() && self.peek_at(1).kind == Kind::Punct(':') {
                target = self.ident().map(str::to_owned);
                self.i += 2;
            }
            loop {
                if self.is_punct(']') {
                    break;
                }
                let at = self.at();
                let mut name = String::new();
                if self.is_word("global") && self.peek_at(1).kind == Kind::ColonColon {
                    self.i += 2;
                }
                name.push_str(&self.dotted_name("an attribute name")?);
                let mut args = Vec::new();
                if self.eat('(') {
                    while !self.is_punct(')') {
                        let arg_at = self.at();
                        let mut arg_name = None;
                        if self.ident().is_some()
                            && matches!(self.peek_at(1).kind, Kind::Punct('=' | ':'))
                            && self.peek_at(2).kind != Kind::Punct('=')
                        {
                            arg_name = self.ident().map(str::to_owned);
                            self.i += 2;
                        }
                        let value = self.expr_arg()?;
                        args.push(Arg { name: arg_name, value, at: arg_at });
                        if !self.eat(',') {
                            break;
                        }
                    }
                    self.expect(')')?;
                }
                out.push(Attr { target: target.clone(), name, args, at });
                if !self.eat(',') {
                    break;
                }
            }
            self.expect(']')?;
        }
        Ok(out)
    }

    fn modifiers(&mut self) -> Vec<Modifier> {
        let mut out = Vec::new();
        while let Some(w) = self.ident() {
            let next = self.peek_at(1).kind;
            let followed = matches!(next, Kind::Ident | Kind::Punct('(') | Kind::Punct('~'));
            if !MODIFIERS.contains(&w) || !followed {
                break;
            }
            // `ref readonly` / `ref` on a return type, `new()` constraints are not here.
            out.push(Modifier { word: w.to_owned(), at: self.at() });
            self.i += 1;
        }
        out
    }

    fn type_params(&mut self) -> R<(Vec<String>, Option<usize>)> {
        if !self.is_punct('<') {
            return Ok((Vec::new(), None));
        }
        let at = self.at();
        self.i += 1;
        let mut names = Vec::new();
        loop {
            self.attributes()?;
            if self.is_word("in") || self.is_word("out") {
                self.i += 1;
            }
            names.push(self.expect_ident("a type parameter name")?.0);
            if !self.eat(',') {
                break;
            }
        }
        self.expect('>')?;
        Ok((names, Some(at)))
    }

    /// Skips `where T : …` clauses up to `{`, `;` or `=>`.
    fn constraints(&mut self) {
        while self.is_word("where") {
            while !matches!(self.tok().kind, Kind::Punct('{' | ';') | Kind::Arrow | Kind::Eof) {
                if self.is_punct('(') {
                    self.skip_parens();
                    continue;
                }
                self.i += 1;
                if self.is_word("where") {
                    break;
                }
            }
        }
    }

    fn skip_parens(&mut self) {
        let mut depth = 0usize;
        loop {
            match self.bump().kind {
                Kind::Punct('(') => depth += 1,
                Kind::Punct(')') => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                Kind::Eof => return,
                _ => {}
            }
        }
    }

    fn type_decl(
        &mut self,
        mut kind: TypeKind,
        scope: &Scope,
        start: usize,
        doc: Option<u32>,
        attrs: Vec<Attr>,
        modifiers: Vec<Modifier>,
    ) -> R<()> {
        let keyword_at = self.at();
        self.i += 1;
        if kind == TypeKind::Record {
            if self.is_word("struct") {
                kind = TypeKind::RecordStruct;
                self.i += 1;
            } else if self.is_word("class") {
                self.i += 1;
            }
        }
        if scope.depth + 1 > MAX_NESTING {
            return self.too_deep(keyword_at);
        }
        let delegate = kind == TypeKind::Delegate;
        if delegate {
            // The return type; a delegate has no schema, so only its name is kept.
            self.ty(0)?;
        }
        let (name, name_at) = self.expect_ident(if delegate { "a delegate name" } else { "a type name" })?;
        let (type_params, type_params_at) = self.type_params()?;
        let mut primary = None;
        let mut bases = Vec::new();
        if delegate {
            self.params('(', ')')?;
        } else {
            if self.is_punct('(') && kind != TypeKind::Enum && kind != TypeKind::Interface {
                primary = Some(self.params('(', ')')?);
            }
            if self.eat(':') {
                loop {
                    bases.push(self.ty(0)?);
                    if self.is_punct('(') {
                        // A base record's or class's constructor arguments.
                        self.skip_parens();
                    }
                    if !self.eat(',') {
                        break;
                    }
                }
            }
        }
        self.constraints();
        if delegate {
            self.expect(';')?;
        }
        let index = self.push_type(TypeDecl {
            kind,
            name,
            name_at,
            type_params,
            type_params_at,
            modifiers,
            attrs,
            doc,
            outer: scope.outer,
            namespace: scope.namespace.clone(),
            primary,
            bases,
            methods: Vec::new(),
            properties: Vec::new(),
            ctors: Vec::new(),
            enum_members: Vec::new(),
            consts: Vec::new(),
            span: (start, start),
        });
        if delegate {
            self.unit.types[index].span.1 = self.at();
            return Ok(());
        }
        if self.eat(';') {
            self.unit.types[index].span.1 = self.at();
            return Ok(());
        }
        let open = self.at();
        self.expect('{')?;
        if kind == TypeKind::Enum {
            self.enum_body(index, open)?;
        } else {
            let inner = Scope { namespace: scope.namespace.clone(), outer: Some(index), depth: scope.depth + 1 };
            self.members(&inner, Some(open));
        }
        self.eat(';');
        let end = if self.i == 0 { open } else { self.toks[self.i - 1].end as usize };
        self.unit.types[index].span.1 = end;
        Ok(())
    }

    fn push_type(&mut self, t: TypeDecl) -> usize {
        self.unit.types.push(t);
        self.unit.types.len() - 1
    }

    fn enum_body(&mut self, index: usize, open: usize) -> R<()> {
        loop {
            if self.eat('}') {
                return Ok(());
            }
            if self.tok().kind == Kind::Eof {
                self.unit.errors.push(SyntaxError {
                    at: open,
                    message: "This '{' is not closed by '}'.".into(),
                    limit: false,
                    in_tool: false,
                });
                return Ok(());
            }
            let member = (|| {
                self.attributes()?;
                let (name, at) = self.expect_ident("an enum member name")?;
                if self.eat('=') {
                    self.skip_expr();
                }
                Ok((name, at))
            })();
            match member {
                Ok(m) => self.unit.types[index].enum_members.push(m),
                Err(Skip) => {
                    while !matches!(self.tok().kind, Kind::Punct(',' | '}') | Kind::Eof) {
                        self.i += 1;
                    }
                }
            }
            if !self.eat(',') && !self.is_punct('}') {
                self.fail::<()>("',' or '}' after an enum member").ok();
                while !matches!(self.tok().kind, Kind::Punct(',' | '}') | Kind::Eof) {
                    self.i += 1;
                }
                self.eat(',');
            }
        }
    }

    fn type_member(
        &mut self,
        owner: usize,
        start: usize,
        doc: Option<u32>,
        attrs: Vec<Attr>,
        modifiers: Vec<Modifier>,
    ) -> R<()> {
        if self.is_punct('~') {
            self.recover();
            return Ok(());
        }
        let public = modifiers.iter().any(|m| m.word == "public");
        let is_static = modifiers.iter().any(|m| m.word == "static");
        // A constructor: the type's own name followed by '('.
        if self.ident() == Some(self.unit.types[owner].name.as_str()) && self.peek_at(1).kind == Kind::Punct('(') {
            self.i += 1;
            let params = self.params('(', ')')?;
            if self.eat(':') {
                self.i += 1; // base or this
                if self.is_punct('(') {
                    self.skip_parens();
                }
            }
            self.body()?;
            if !is_static {
                self.unit.types[owner].ctors.push(Ctor { public, params });
            }
            return Ok(());
        }
        if self.is_word("ref") {
            self.i += 1;
            if self.is_word("readonly") {
                self.i += 1;
            }
        }
        let ty = self.ty(0)?;
        if self.is_word("operator") || self.is_word("this") {
            self.recover();
            return Ok(());
        }
        let name_at = self.at();
        let mut name = self.expect_ident("a member name")?.0;
        let mut explicit = false;
        while self.is_punct('.') {
            // An explicit interface implementation: `IFoo.Bar`.
            self.i += 1;
            explicit = true;
            if self.is_word("this") || self.is_word("operator") {
                self.recover();
                return Ok(());
            }
            name = self.expect_ident("a member name")?.0;
            if self.is_punct('<') {
                self.type_params()?;
            }
        }
        let (type_params, type_params_at) = self.type_params()?;
        let _ = type_params;
        if self.is_punct('(') {
            let params = self.params('(', ')')?;
            let sig_end = if self.i == 0 { start } else { self.toks[self.i - 1].end as usize };
            self.constraints();
            self.body()?;
            if !explicit {
                self.unit.types[owner].methods.push(Method {
                    attrs,
                    doc,
                    modifiers,
                    returns: ty,
                    name,
                    name_at,
                    type_params_at,
                    params,
                    signature: (start, sig_end),
                });
            }
            return Ok(());
        }
        if self.is_punct('{') {
            let readable = self.accessors()?;
            if self.eat('=') {
                self.skip_expr();
                self.expect(';')?;
            }
            let interface = self.unit.types[owner].kind == TypeKind::Interface;
            self.unit.types[owner].properties.push(Property {
                attrs,
                doc,
                readable: readable && public && !is_static && !explicit && !interface,
                modifiers,
                ty,
                name,
                name_at,
            });
            return Ok(());
        }
        if self.tok().kind == Kind::Arrow {
            self.i += 1;
            self.skip_expr();
            self.expect(';')?;
            let interface = self.unit.types[owner].kind == TypeKind::Interface;
            self.unit.types[owner].properties.push(Property {
                attrs,
                doc,
                readable: public && !is_static && !explicit && !interface,
                modifiers,
                ty,
                name,
                name_at,
            });
            return Ok(());
        }
        if modifiers.iter().any(|m| m.word == "const") && self.is_punct('=') {
            // `const T A = …, B = …;`: kept, attribute arguments may name them.
            loop {
                self.expect('=')?;
                let value = self.constant(&[',', ';'])?;
                self.unit.types[owner].consts.push((name.clone(), value));
                if !self.eat(',') {
                    break;
                }
                name = self.expect_ident("a constant name")?.0;
            }
            return self.expect(';');
        }
        if matches!(self.tok().kind, Kind::Punct('=' | ';' | ',' | '[')) {
            // A field (System.Text.Json reads fields only when told to).
            self.recover();
            return Ok(());
        }
        self.fail("'(', '{', '=>', '=' or ';' after a member name")
    }

    /// `{ get; init; }` and its forms; whether the getter is public.
    fn accessors(&mut self) -> R<bool> {
        let open = self.at();
        self.i += 1;
        let mut getter = false;
        loop {
            if self.eat('}') {
                return Ok(getter);
            }
            if self.tok().kind == Kind::Eof {
                self.unit.errors.push(SyntaxError {
                    at: open,
                    message: "This '{' is not closed by '}'.".into(),
                    limit: false,
                    in_tool: false,
                });
                return Err(Skip);
            }
            self.attributes()?;
            let mut restricted = false;
            while self.ident().is_some_and(|w| matches!(w, "private" | "protected" | "internal" | "readonly" | "file"))
            {
                restricted |= !self.is_word("readonly");
                self.i += 1;
            }
            match self.ident() {
                Some("get") => {
                    getter = !restricted;
                    self.i += 1;
                }
                Some("set" | "init" | "add" | "remove") => self.i += 1,
                _ => return self.fail("'get', 'set' or 'init'"),
            }
            self.body()?;
        }
    }

    /// A member body: `{ … }`, `=> …;` or `;`.
    fn body(&mut self) -> R<()> {
        match self.tok().kind {
            Kind::Punct('{') => {
                self.skip_block();
                Ok(())
            }
            Kind::Arrow => {
                self.i += 1;
                self.skip_expr();
                self.expect(';')
            }
            Kind::Punct(';') => {
                self.i += 1;
                Ok(())
            }
            _ => self.fail("a body ('{', '=>' or ';')"),
        }
    }

    fn params(&mut self, open: char, close: char) -> R<Vec<Param>> {
        self.expect(open)?;
        let mut out = Vec::new();
        if self.eat(close) {
            return Ok(out);
        }
        loop {
            let attrs = self.attributes()?;
            let mut modifiers = Vec::new();
            while let Some(w) = self.ident() {
                if !matches!(w, "ref" | "out" | "in" | "params" | "this" | "scoped" | "readonly") {
                    break;
                }
                // `in` and friends are modifiers only when a type follows.
                if !matches!(self.peek_at(1).kind, Kind::Ident | Kind::Punct('(')) {
                    break;
                }
                modifiers.push(Modifier { word: w.to_owned(), at: self.at() });
                self.i += 1;
            }
            let ty = self.ty(0)?;
            let (name, name_at) = self.expect_ident("a parameter name")?;
            let default = if self.eat('=') { Some(self.expr_arg()?) } else { None };
            out.push(Param { attrs, modifiers, ty, name, name_at, default });
            if self.eat(close) {
                return Ok(out);
            }
            self.expect(',')?;
        }
    }

    // ---- types

    /// A type: a (qualified, generic) name or a tuple, with `?`, `*` and array suffixes.
    fn ty(&mut self, depth: usize) -> R<TypeSyn> {
        let at = self.at();
        if depth > MAX_EXPR_DEPTH {
            self.unit.errors.push(SyntaxError {
                at,
                message: format!("A type is nested more than {MAX_EXPR_DEPTH} deep."),
                limit: true,
                in_tool: false,
            });
            return Err(Skip);
        }
        if self.eat('(') {
            loop {
                self.ty(depth + 1)?;
                if self.ident().is_some() {
                    self.i += 1;
                }
                if self.eat(')') {
                    break;
                }
                self.expect(',')?;
            }
        } else {
            if self.ident().is_some() && self.peek_at(1).kind == Kind::ColonColon {
                self.i += 2;
            }
            loop {
                self.expect_ident("a type")?;
                if self.is_punct('<') {
                    self.i += 1;
                    if !(self.is_punct(',') || self.is_punct('>')) {
                        loop {
                            self.ty(depth + 1)?;
                            if !self.eat(',') {
                                break;
                            }
                        }
                    } else {
                        while self.eat(',') {}
                    }
                    self.expect('>')?;
                }
                if self.is_punct('.') && self.peek_at(1).kind == Kind::Ident {
                    self.i += 1;
                    continue;
                }
                break;
            }
        }
        loop {
            if self.is_punct('?') || self.is_punct('*') {
                self.i += 1;
            } else if self.is_punct('[') && matches!(self.peek_at(1).kind, Kind::Punct(']' | ',')) {
                self.i += 1;
                while self.eat(',') {}
                self.expect(']')?;
            } else {
                break;
            }
        }
        Ok(TypeSyn { text: self.text_since(at), at })
    }

    // ---- constant expressions

    /// An attribute argument or a default value, up to `,`, `)` or `]`.
    fn expr_arg(&mut self) -> R<Expr> {
        self.constant(&[',', ')', ']'])
    }

    /// A constant expression ending before one of `ends`; anything else up to
    /// the end of the expression is kept as text, not a constant.
    fn constant(&mut self, ends: &[char]) -> R<Expr> {
        let start = self.at();
        let first = self.i;
        let errors = self.unit.errors.len();
        if let Some(e) = self.expr(0)
            && matches!(self.tok().kind, Kind::Punct(c) if ends.contains(&c))
        {
            return Ok(e);
        }
        // Not a constant form: what a failed type inside it reported is not an error.
        self.unit.errors.truncate(errors);
        self.i = first;
        self.skip_expr();
        if self.i == first {
            return self.fail("a value");
        }
        Ok(Expr { kind: ExprKind::Other, at: start, text: self.text_since(start) })
    }

    fn expr(&mut self, depth: usize) -> Option<Expr> {
        let start = self.at();
        let mut left = self.unary(depth)?;
        while self.is_punct('+') {
            self.i += 1;
            let right = self.unary(depth + 1)?;
            left = Expr { kind: ExprKind::Add(Box::new(left), Box::new(right)), at: start, text: String::new() };
        }
        left.text = self.text_since(start);
        Some(left)
    }

    fn unary(&mut self, depth: usize) -> Option<Expr> {
        if depth > MAX_EXPR_DEPTH {
            return None;
        }
        let start = self.at();
        let t = self.tok();
        let kind = match t.kind {
            Kind::Punct('-') => {
                self.i += 1;
                let inner = self.unary(depth + 1)?;
                ExprKind::Neg(Box::new(inner))
            }
            Kind::Punct('+') => {
                self.i += 1;
                return self.unary(depth + 1);
            }
            Kind::Punct('(') => {
                self.i += 1;
                let inner = self.expr(depth + 1)?;
                if !self.eat(')') {
                    return None;
                }
                // `(T)x` is a cast: not read.
                if matches!(self.tok().kind, Kind::Ident | Kind::Int | Kind::Real | Kind::Str(_) | Kind::Char(_)) {
                    return None;
                }
                return Some(inner);
            }
            Kind::Int => {
                self.i += 1;
                ExprKind::Int(self.slice(t).to_owned())
            }
            Kind::Real => {
                self.i += 1;
                ExprKind::Real(self.slice(t).to_owned())
            }
            Kind::Str(k) => {
                self.i += 1;
                ExprKind::Str(self.strings[k as usize].clone())
            }
            Kind::Char(k) => {
                self.i += 1;
                ExprKind::Char(self.strings[k as usize].clone())
            }
            Kind::Ident => {
                let w = self.slice(t);
                match w {
                    "true" | "false" => {
                        self.i += 1;
                        ExprKind::Bool(w == "true")
                    }
                    "null" => {
                        self.i += 1;
                        ExprKind::Null
                    }
                    "default" => {
                        self.i += 1;
                        if self.eat('(') {
                            let ty = self.ty(depth + 1).ok()?;
                            if !self.eat(')') {
                                return None;
                            }
                            ExprKind::Default(Some(ty))
                        } else {
                            ExprKind::Default(None)
                        }
                    }
                    "typeof" => {
                        self.i += 1;
                        if !self.eat('(') {
                            return None;
                        }
                        let ty = self.ty(depth + 1).ok()?;
                        if !self.eat(')') {
                            return None;
                        }
                        ExprKind::Typeof(ty)
                    }
                    "nameof" if self.peek_at(1).kind == Kind::Punct('(') => {
                        self.i += 2;
                        let name = self.dotted_name("a name").ok()?;
                        if !self.eat(')') {
                            return None;
                        }
                        ExprKind::Nameof(name.rsplit('.').next().unwrap_or(&name).to_owned())
                    }
                    "new" => {
                        self.i += 1;
                        if self.ident().is_some() {
                            self.ty(depth + 1).ok()?;
                        }
                        if !self.eat('(') || !self.eat(')') {
                            return None;
                        }
                        ExprKind::New
                    }
                    _ => {
                        let mut parts = Vec::new();
                        if self.peek_at(1).kind == Kind::ColonColon {
                            self.i += 2;
                        }
                        loop {
                            parts.push(self.ident()?.to_owned());
                            self.i += 1;
                            if self.is_punct('.') && self.peek_at(1).kind == Kind::Ident {
                                self.i += 1;
                                continue;
                            }
                            break;
                        }
                        ExprKind::Name(parts)
                    }
                }
            }
            _ => return None,
        };
        // The null-forgiving `!` changes nothing a constant is.
        while self.is_punct('!') && self.peek_at(1).kind != Kind::Punct('=') {
            self.i += 1;
        }
        Some(Expr { kind, at: start, text: self.text_since(start) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::lex::lex;

    fn unit(text: &str) -> Unit {
        parse(text, &lex(text))
    }

    #[test]
    fn reads_declarations_and_skips_bodies() {
        let u = unit(
            r#"
            using Ids = System.Collections.Generic.List<System.Guid>;
            namespace App.Tools;
            public partial class Tools
            {
                private readonly int _x = 1;
                public Tools(int x) { _x = x; }
                /// <summary>Hi.</summary>
                [Tool(Name = "get")]
                public async Task<Docket?> GetAsync([Description("The id.")] Guid id, int limit = -10, string? s = null)
                {
                    var q = $"{id} {{x}}"; if (limit > 0) { return null; }
                }
                public string Name { get; private set; } = "n";
                public int Count => 3;
                public string Secret { private get; set; }
                static public int Shared { get; }
                int IFoo.Bar() => 1;
            }
            public record Docket(string Number, [property: JsonPropertyName("d")] DateOnly Filed);
            public enum Status { Open = 1, [Obsolete] Closed }
            "#,
        );
        assert!(u.errors.is_empty(), "{:?}", u.errors);
        assert_eq!(u.aliases[0].name, "Ids");
        assert_eq!(u.aliases[0].target.text, "System.Collections.Generic.List<System.Guid>");
        let tools = &u.types[0];
        assert_eq!((tools.name.as_str(), tools.namespace.as_str()), ("Tools", "App.Tools"));
        assert!(tools.has_modifier("partial"));
        assert_eq!(tools.ctors.len(), 1);
        let m = &tools.methods[0];
        assert_eq!(m.name, "GetAsync");
        assert_eq!(m.returns.text, "Task<Docket?>");
        assert_eq!(m.params.iter().map(|p| p.ty.text.as_str()).collect::<Vec<_>>(), ["Guid", "int", "string?"]);
        assert!(matches!(m.params[1].default.as_ref().map(|d| &d.kind), Some(ExprKind::Neg(_))));
        assert_eq!(m.attrs[0].args[0].name.as_deref(), Some("Name"));
        assert!(m.doc.is_some());
        assert_eq!(tools.methods.len(), 1, "the explicit implementation is not a tool candidate");
        assert_eq!(
            tools.properties.iter().map(|p| (p.name.as_str(), p.readable)).collect::<Vec<_>>(),
            [("Name", true), ("Count", true), ("Secret", false), ("Shared", false)]
        );
        let docket = &u.types[1];
        assert_eq!(docket.kind, TypeKind::Record);
        assert_eq!(docket.primary.as_ref().map(Vec::len), Some(2));
        assert_eq!(u.types[2].enum_members.iter().map(|m| m.0.as_str()).collect::<Vec<_>>(), ["Open", "Closed"]);
    }

    #[test]
    fn a_broken_member_is_reported_and_the_next_is_read() {
        let u = unit("class A { void F(int x, ) { } int G() => 1; public int P { get; } }");
        assert_eq!(u.errors.len(), 1, "{:?}", u.errors);
        assert_eq!(u.types[0].methods.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), ["G"]);
        assert_eq!(u.types[0].properties.len(), 1);
    }

    #[test]
    fn deep_nesting_is_a_limit_not_a_stack_overflow() {
        let text = "class A {".repeat(100_000) + &"}".repeat(100_000);
        let u = unit(&text);
        assert!(u.errors.iter().any(|e| e.limit));
        let text = "{".repeat(100_000);
        let u = unit(&text);
        assert!(!u.errors.is_empty());
    }
}
