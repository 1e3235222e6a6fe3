//! ECMA-262 regular expressions (as with the `u` flag) for JSON Schema `pattern`,
//! `patternProperties` and `format: "regex"`.
//!
//! The pattern is parsed here by the ECMA-262 grammar `Pattern[+UnicodeMode, +NamedCaptureGroups]`
//! (ES2025, including the `(?ims-ims:…)` modifiers and duplicate group names in different
//! alternatives). Character classes, `\d \w \s`, `.` and `\p{General_Category}` are turned into
//! explicit code-point ranges from the tables at the end of this file, so every engine sees the
//! ECMA meaning, not its own.
//!
//! * Patterns without look-around and back-references are written out as a `regex-lite`
//!   pattern (explicit ranges, `\A`, `\z`, ASCII `\b`), which matches in linear time.
//! * The others run on the backtracking matcher below, which follows the ECMA-262 matcher
//!   semantics (captures reset per iteration, the empty-iteration check, backward matching
//!   inside look-behind, back-references to unset groups matching empty) and counts every
//!   instruction and every backtrack against ONE budget for the whole search, over all start
//!   positions together.
//!
//! Not supported (compile returns `CompileError::Invalid`, `is_ecma_regex` still says valid):
//! `\p{Script=…}`, `\p{Script_Extensions=…}` and binary properties other than `Any`, `ASCII`,
//! `Assigned`; they would need tables this module does not carry.

#![allow(clippy::too_many_lines)]

/// A compiled ECMA-262 pattern.
pub struct Pattern {
    imp: Imp,
    /// For patterns anchored at both ends (`^…$` without `m`): the fewest and most characters a
    /// match can have, so longer or shorter haystacks are refused without running an engine.
    bounds: Option<(usize, Option<usize>)>,
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.is_linear() { "Pattern(linear)" } else { "Pattern(backtracking)" })
    }
}

#[path = "dfa.rs"]
mod dfa;

enum Imp {
    /// A linear pattern small enough for a deterministic automaton.
    Dfa(Box<dfa::Dfa>),
    Linear(regex_lite::Regex),
    Back(Box<Prog>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CompileError {
    Invalid,
    TooLarge,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepLimit;

/// Most nested groups and classes the parser accepts (deeper is `TooLarge` / not valid).
const MAX_DEPTH: u32 = 128;
/// Size limit for the linear engine's compiled form (the `regex-lite` default).
const LINEAR_SIZE_LIMIT: usize = 10 << 20;
/// Most backtracking instructions (counted repetitions are not expanded, so this bounds the
/// source size only).
const BACK_SIZE_LIMIT: usize = 1 << 20;

impl Pattern {
    /// `step_limit`: most backtracking steps ONE WHOLE SEARCH may take (over every start
    /// position together), for patterns that need backtracking. Linear-time patterns ignore it.
    pub fn compile(source: &str, step_limit: u64) -> Result<Pattern, CompileError> {
        let ast = Self::supported(source)?;
        let bounds = (anchored(&ast.node) && anchored_end(&ast.node)).then(|| width(&ast.node));
        if ast.linear {
            if let Some(d) = dfa::Dfa::build(&ast.node) {
                return Ok(Pattern { imp: Imp::Dfa(Box::new(d)), bounds });
            }
            Ok(Pattern { imp: Imp::Linear(linear_engine(&ast.node)?), bounds })
        } else {
            let prog = Compiler::compile(&ast, step_limit)?;
            Ok(Pattern { imp: Imp::Back(Box::new(prog)), bounds })
        }
    }

    /// Whether [`Pattern::compile`] takes `source`, without building what a
    /// cheaper proof makes needless: a linear pattern that the general linear
    /// engine takes compiles whether or not its automaton fits, and that
    /// engine's program is built in a fraction of the automaton's time (a
    /// negated class such as `[^\s-]` spans most of Unicode).
    pub fn compiles(source: &str, step_limit: u64) -> bool {
        let Ok(ast) = Self::supported(source) else { return false };
        if ast.linear {
            return linear_engine(&ast.node).is_ok() || dfa::Dfa::build(&ast.node).is_some();
        }
        Compiler::compile(&ast, step_limit).is_ok()
    }

    /// `source` read, when it is an ECMA regex this module runs.
    fn supported(source: &str) -> Result<Ast, CompileError> {
        let ast = Parser::parse(source).map_err(|e| match e {
            Syntax::Invalid => CompileError::Invalid,
            Syntax::TooDeep => CompileError::TooLarge,
        })?;
        if ast.unsupported {
            return Err(CompileError::Invalid);
        }
        Ok(ast)
    }

    /// Unanchored search, as ECMA `RegExp.prototype.test` with the `u` flag.
    pub fn is_match(&self, haystack: &str) -> Result<bool, StepLimit> {
        if let Some(m) = self.automaton_match(haystack.as_bytes()) {
            return Ok(m);
        }
        if let Some((min, max)) = self.bounds {
            // Bytes bound characters: chars <= bytes <= 4 * chars.
            let n = haystack.len();
            if n < min || max.is_some_and(|m| n > 4 * m) {
                return Ok(false);
            }
            if max.is_some_and(|m| n > m) || n < 4 * min {
                let chars = haystack.chars().count();
                if chars < min || max.is_some_and(|m| chars > m) {
                    return Ok(false);
                }
            }
        }
        match &self.imp {
            Imp::Dfa(d) => Ok(d.is_match(haystack.as_bytes())),
            Imp::Linear(re) => Ok(re.is_match(haystack)),
            Imp::Back(prog) => prog.search(haystack),
        }
    }

    /// [`Pattern::is_match`] on a text given as its bytes (UTF-8), where
    /// the automaton answers: it reads bytes, so that no `str` need be made
    /// of a token's text. `None` for the other engines.
    #[inline]
    pub(crate) fn automaton_match(&self, haystack: &[u8]) -> Option<bool> {
        match &self.imp {
            Imp::Dfa(d) => Some(d.is_match(haystack)),
            _ => None,
        }
    }

    /// Whether the pattern runs in linear time (no look-around, no back-references).
    pub fn is_linear(&self) -> bool {
        matches!(self.imp, Imp::Linear(_) | Imp::Dfa(_))
    }

    /// The pattern on the general linear engine, without the automaton (for tests).
    #[cfg(test)]
    pub(crate) fn compile_linear_only(source: &str) -> Result<Pattern, CompileError> {
        let ast = Parser::parse(source).map_err(|_| CompileError::Invalid)?;
        let mut out = String::new();
        emit(&ast.node, &mut out)?;
        let re = regex_lite::Regex::new(&out).map_err(|_| CompileError::Invalid)?;
        Ok(Pattern { imp: Imp::Linear(re), bounds: None })
    }
}

/// A linear pattern on regex-lite, from the text [`emit`] writes for it.
fn linear_engine(node: &Node) -> Result<regex_lite::Regex, CompileError> {
    let mut out = String::new();
    emit(node, &mut out)?;
    regex_lite::RegexBuilder::new(&out).size_limit(LINEAR_SIZE_LIMIT).nest_limit(2 * MAX_DEPTH + 10).build().map_err(
        |e| {
            // The text is generated, so what regex-lite refuses is a limit; keep a syntax
            // error distinguishable in case the generator is wrong.
            if e.to_string().contains("size limit") || e.to_string().contains("nesting") {
                CompileError::TooLarge
            } else {
                CompileError::Invalid
            }
        },
    )
}

/// `format: "regex"`: whether `source` is a valid ECMA-262 (u-flag) regular expression.
pub fn is_ecma_regex(source: &str) -> bool {
    Parser::parse(source).is_ok()
}

// ---------------------------------------------------------------------------------------------
// Code-point sets: sorted, merged, inclusive ranges over 0..=0x10FFFF (surrogates included, they
// simply never occur in a `&str`).

type Set = Vec<(u32, u32)>;

const MAX_CP: u32 = 0x10FFFF;

fn normalize(mut v: Set) -> Set {
    crate::sort::unstable(&mut v);
    let mut out: Set = Vec::with_capacity(v.len());
    for (a, b) in v {
        match out.last_mut() {
            Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
            _ => out.push((a, b)),
        }
    }
    out
}

fn negate(v: &Set) -> Set {
    let mut out = Vec::with_capacity(v.len() + 1);
    let mut next = 0u32;
    for &(a, b) in v {
        if a > next {
            out.push((next, a - 1));
        }
        next = b + 1;
    }
    if next <= MAX_CP {
        out.push((next, MAX_CP));
    }
    out
}

fn contains(v: &[(u32, u32)], c: u32) -> bool {
    // Most sets are tiny; a short linear scan beats the binary search there.
    if v.len() <= 4 {
        return v.iter().any(|&(a, b)| a <= c && c <= b);
    }
    let i = v.partition_point(|&(_, b)| b < c);
    i < v.len() && v[i].0 <= c
}

/// Closes `v` under simple case folding (ECMA-262 `Canonicalize` with the `u` and `i` flags).
fn fold(v: Set) -> Set {
    let mut v = normalize(v);
    loop {
        let mut add = Vec::new();
        for &(packed, delta) in FOLD_RUNS.iter() {
            let (start, count, stride) = (packed >> 11, (packed >> 3) & 0xFF, packed & 7);
            for i in 0..count {
                let c = start + i * stride;
                let n = (c as i64 + delta as i64) as u32;
                if contains(&v, c) && !contains(&v, n) {
                    add.push((n, n));
                }
            }
        }
        if add.is_empty() {
            return v;
        }
        v.extend(add);
        v = normalize(v);
    }
}

/// The next member of `c`'s simple case folding orbit (`c` itself if it has none).
fn fold_next(c: u32) -> u32 {
    for &(packed, delta) in FOLD_RUNS.iter() {
        let (start, count, stride) = (packed >> 11, (packed >> 3) & 0xFF, packed & 7);
        if c >= start && c <= start + (count - 1) * stride && (c - start).is_multiple_of(stride) {
            return (c as i64 + delta as i64) as u32;
        }
    }
    c
}

fn same_folded(a: char, b: char) -> bool {
    if a == b {
        return true;
    }
    let (a, b) = (a as u32, b as u32);
    let mut c = fold_next(a);
    for _ in 0..4 {
        if c == a {
            return false;
        }
        if c == b {
            return true;
        }
        c = fold_next(c);
    }
    false
}

fn gc_leaf(c: u32) -> usize {
    let i = GC_RUNS.partition_point(|&w| (w >> 5) <= c);
    (GC_RUNS[i - 1] & 31) as usize
}

fn gc_set(mask: u32) -> Set {
    let mut out: Set = Vec::new();
    for (i, &w) in GC_RUNS.iter().enumerate() {
        if mask & (1 << (w & 31)) == 0 {
            continue;
        }
        let start = w >> 5;
        let end = GC_RUNS.get(i + 1).map_or(MAX_CP, |&n| (n >> 5) - 1);
        match out.last_mut() {
            Some(last) if last.1 + 1 == start => last.1 = end,
            _ => out.push((start, end)),
        }
    }
    out
}

/// ECMA-262 General_Category values: aliases (space separated) and the leaf categories they
/// cover (a one-letter entry covers every leaf starting with it).
const GC_VALUES: [(&str, &str); 38] = [
    ("C Other", "C"),
    ("Cc Control cntrl", "Cc"),
    ("Cf Format", "Cf"),
    ("Cn Unassigned", "Cn"),
    ("Co Private_Use", "Co"),
    ("Cs Surrogate", "Cs"),
    ("L Letter", "L"),
    ("LC Cased_Letter", "Ll Lt Lu"),
    ("Ll Lowercase_Letter", "Ll"),
    ("Lm Modifier_Letter", "Lm"),
    ("Lo Other_Letter", "Lo"),
    ("Lt Titlecase_Letter", "Lt"),
    ("Lu Uppercase_Letter", "Lu"),
    ("M Mark Combining_Mark", "M"),
    ("Mc Spacing_Mark", "Mc"),
    ("Me Enclosing_Mark", "Me"),
    ("Mn Nonspacing_Mark", "Mn"),
    ("N Number", "N"),
    ("Nd Decimal_Number digit", "Nd"),
    ("Nl Letter_Number", "Nl"),
    ("No Other_Number", "No"),
    ("P Punctuation punct", "P"),
    ("Pc Connector_Punctuation", "Pc"),
    ("Pd Dash_Punctuation", "Pd"),
    ("Pe Close_Punctuation", "Pe"),
    ("Pf Final_Punctuation", "Pf"),
    ("Pi Initial_Punctuation", "Pi"),
    ("Po Other_Punctuation", "Po"),
    ("Ps Open_Punctuation", "Ps"),
    ("S Symbol", "S"),
    ("Sc Currency_Symbol", "Sc"),
    ("Sk Modifier_Symbol", "Sk"),
    ("Sm Math_Symbol", "Sm"),
    ("So Other_Symbol", "So"),
    ("Z Separator", "Z"),
    ("Zl Line_Separator", "Zl"),
    ("Zp Paragraph_Separator", "Zp"),
    ("Zs Space_Separator", "Zs"),
];

fn gc_mask(value: &str) -> Option<u32> {
    let (_, leaves) = GC_VALUES.iter().find(|(names, _)| names.split(' ').any(|n| n == value))?;
    let mut mask = 0;
    for (i, leaf) in GC_LEAF.iter().enumerate() {
        if leaves.split(' ').any(|l| l == *leaf || (l.len() == 1 && leaf.starts_with(l))) {
            mask |= 1 << i;
        }
    }
    Some(mask)
}

/// ECMA-262 binary Unicode properties (name and short alias).
const BINARY_PROPERTIES: &str = "ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned \
    Bidi_Control Bidi_C Bidi_Mirrored Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF \
    Changes_When_Casemapped CWCM Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF \
    Changes_When_Titlecased CWT Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI \
    Deprecated Dep Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod \
    Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext \
    Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB \
    IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo Join_Control Join_C \
    Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar Pattern_Syntax \
    Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI \
    Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo \
    Uppercase Upper Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS";

/// The binary properties small enough to spell out here; `None` for the other valid ones.
fn binary_set(name: &str) -> Option<Set> {
    let mut v: Set = match name {
        "Any" => vec![(0, MAX_CP)],
        "ASCII" => vec![(0, 0x7F)],
        "Assigned" => negate(&gc_set(1 << 2)),
        "ASCII_Hex_Digit" | "AHex" => vec![(0x30, 0x39), (0x41, 0x46), (0x61, 0x66)],
        "Hex_Digit" | "Hex" => {
            vec![(0x30, 0x39), (0x41, 0x46), (0x61, 0x66), (0xFF10, 0xFF19), (0xFF21, 0xFF26), (0xFF41, 0xFF46)]
        }
        "White_Space" | "space" => vec![
            (0x9, 0xD),
            (0x20, 0x20),
            (0x85, 0x85),
            (0xA0, 0xA0),
            (0x1680, 0x1680),
            (0x2000, 0x200A),
            (0x2028, 0x2029),
            (0x202F, 0x202F),
            (0x205F, 0x205F),
            (0x3000, 0x3000),
        ],
        "Pattern_White_Space" | "Pat_WS" => {
            vec![(0x9, 0xD), (0x20, 0x20), (0x85, 0x85), (0x200E, 0x200F), (0x2028, 0x2029)]
        }
        "Join_Control" | "Join_C" => vec![(0x200C, 0x200D)],
        "Regional_Indicator" | "RI" => vec![(0x1F1E6, 0x1F1FF)],
        "Variation_Selector" | "VS" => vec![(0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F), (0xE0100, 0xE01EF)],
        "Noncharacter_Code_Point" | "NChar" => {
            let mut v = vec![(0xFDD0, 0xFDEF)];
            for plane in 0..=16u32 {
                v.push((plane << 16 | 0xFFFE, plane << 16 | 0xFFFF));
            }
            v
        }
        _ => return None,
    };
    v = normalize(v);
    Some(v)
}

const DIGIT: [(u32, u32); 1] = [(0x30, 0x39)];
const WORD: [(u32, u32); 4] = [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)];
/// `\s`: WhiteSpace (TAB VT FF SP NBSP ZWNBSP and every Zs) and LineTerminator.
const SPACE: [(u32, u32); 10] = [
    (0x9, 0xD),
    (0x20, 0x20),
    (0xA0, 0xA0),
    (0x1680, 0x1680),
    (0x2000, 0x200A),
    (0x2028, 0x2029),
    (0x202F, 0x202F),
    (0x205F, 0x205F),
    (0x3000, 0x3000),
    (0xFEFF, 0xFEFF),
];
const LINE_TERMINATORS: [(u32, u32); 3] = [(0xA, 0xA), (0xD, 0xD), (0x2028, 0x2029)];

fn is_line_terminator(c: char) -> bool {
    matches!(c, '\n' | '\r' | '\u{2028}' | '\u{2029}')
}

fn is_word(c: char, icase: bool) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || (icase && matches!(c, '\u{17F}' | '\u{212A}'))
}

// ---------------------------------------------------------------------------------------------
// Parser: ECMA-262 `Pattern[+UnicodeMode, +NamedCaptureGroups]`.

#[derive(Debug)]
enum Syntax {
    Invalid,
    TooDeep,
}

type PResult<T> = Result<T, Syntax>;

enum Node {
    Empty,
    Char(u32),
    Set(Set),
    /// `^`; true with the `m` flag.
    Bol(bool),
    /// `$`; true with the `m` flag.
    Eol(bool),
    WordB {
        neg: bool,
        icase: bool,
    },
    Group(Box<Node>, Option<u32>),
    Look {
        node: Box<Node>,
        behind: bool,
        neg: bool,
    },
    /// Group numbers (several for a name used by groups in different alternatives).
    BackRef(Vec<u32>, bool),
    NamedRef(String, bool),
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
        greedy: bool,
    },
}

struct Ast {
    node: Node,
    ncap: u32,
    linear: bool,
    unsupported: bool,
}

#[derive(Clone, Copy, Default)]
struct Flags {
    i: bool,
    m: bool,
    s: bool,
}

enum ClassAtom {
    Char(u32),
    Set(Set),
}

/// A group name, its group number, and the (disjunction, alternative) path to it.
type GroupName = (String, u32, Vec<(u32, u32)>);

struct Parser<'a> {
    src: &'a str,
    pos: usize,
    ncap: u32,
    /// Group name, group number, and the (disjunction, alternative) path to it.
    names: Vec<GroupName>,
    path: Vec<(u32, u32)>,
    ndisj: u32,
    max_ref: u32,
    depth: u32,
    flags: Flags,
    linear: bool,
    unsupported: bool,
}

fn is_syntax_char(c: char) -> bool {
    matches!(c, '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|')
}

impl<'a> Parser<'a> {
    fn parse(src: &'a str) -> PResult<Ast> {
        let mut p = Parser {
            src,
            pos: 0,
            ncap: 0,
            names: Vec::new(),
            path: Vec::new(),
            ndisj: 0,
            max_ref: 0,
            depth: 0,
            flags: Flags::default(),
            linear: true,
            unsupported: false,
        };
        let mut node = p.disjunction()?;
        if p.pos != src.len() || p.max_ref > p.ncap {
            return Err(Syntax::Invalid);
        }
        p.resolve(&mut node)?;
        Ok(Ast { node, ncap: p.ncap, linear: p.linear, unsupported: p.unsupported })
    }

    fn resolve(&self, node: &mut Node) -> PResult<()> {
        match node {
            Node::NamedRef(name, icase) => {
                let groups: Vec<u32> = self.names.iter().filter(|(n, _, _)| n == name).map(|&(_, g, _)| g).collect();
                if groups.is_empty() {
                    return Err(Syntax::Invalid);
                }
                *node = Node::BackRef(groups, *icase);
            }
            Node::Group(n, _) | Node::Look { node: n, .. } | Node::Repeat { node: n, .. } => {
                self.resolve(n)?;
            }
            Node::Concat(v) | Node::Alt(v) => {
                for n in v {
                    self.resolve(n)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek2(&self) -> Option<char> {
        self.src[self.pos..].chars().nth(1)
    }

    fn bump(&mut self) -> PResult<char> {
        let c = self.peek().ok_or(Syntax::Invalid)?;
        self.pos += c.len_utf8();
        Ok(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: char) -> PResult<()> {
        if self.eat(c) { Ok(()) } else { Err(Syntax::Invalid) }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Syntax::TooDeep);
        }
        Ok(())
    }

    fn disjunction(&mut self) -> PResult<Node> {
        let id = self.ndisj;
        self.ndisj += 1;
        let mut alts = Vec::new();
        loop {
            self.path.push((id, alts.len() as u32));
            let alt = self.alternative();
            self.path.pop();
            alts.push(alt?);
            if !self.eat('|') {
                break;
            }
        }
        Ok(if alts.len() == 1 { alts.pop().unwrap() } else { Node::Alt(alts) })
    }

    fn alternative(&mut self) -> PResult<Node> {
        let mut items = Vec::new();
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            items.push(self.term()?);
        }
        Ok(match items.len() {
            0 => Node::Empty,
            1 => items.pop().unwrap(),
            _ => Node::Concat(items),
        })
    }

    /// Fails if a quantifier follows (assertions cannot be quantified with the `u` flag).
    fn unquantified(&self, node: Node) -> PResult<Node> {
        match self.peek() {
            Some('*' | '+' | '?' | '{') => Err(Syntax::Invalid),
            _ => Ok(node),
        }
    }

    fn term(&mut self) -> PResult<Node> {
        let rest = &self.src[self.pos..];
        if rest.starts_with('^') {
            self.pos += 1;
            self.linear &= !self.flags.m;
            return self.unquantified(Node::Bol(self.flags.m));
        }
        if rest.starts_with('$') {
            self.pos += 1;
            self.linear &= !self.flags.m;
            return self.unquantified(Node::Eol(self.flags.m));
        }
        if rest.starts_with("\\b") || rest.starts_with("\\B") {
            self.pos += 2;
            let icase = self.flags.i;
            self.linear &= !icase;
            return self.unquantified(Node::WordB { neg: rest.as_bytes()[1] == b'B', icase });
        }
        for (prefix, behind, neg) in
            [("(?=", false, false), ("(?!", false, true), ("(?<=", true, false), ("(?<!", true, true)]
        {
            if rest.starts_with(prefix) {
                self.pos += prefix.len();
                self.enter()?;
                let node = self.disjunction()?;
                self.expect(')')?;
                self.depth -= 1;
                self.linear = false;
                return self.unquantified(Node::Look { node: Box::new(node), behind, neg });
            }
        }
        let atom = self.atom()?;
        self.quantifier(atom)
    }

    fn decimal(&mut self) -> PResult<(u32, &'a str)> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        let digits = &self.src[start..self.pos];
        if digits.is_empty() {
            return Err(Syntax::Invalid);
        }
        let value = digits.bytes().fold(0u64, |v, d| (v * 10 + u64::from(d - b'0')).min(u64::from(u32::MAX)));
        Ok((value as u32, digits))
    }

    fn quantifier(&mut self, atom: Node) -> PResult<Node> {
        let (min, max) = match self.peek() {
            Some('*') => (0, None),
            Some('+') => (1, None),
            Some('?') => (0, Some(1)),
            Some('{') => {
                self.pos += 1;
                let (min, min_digits) = self.decimal()?;
                let max = if self.eat(',') {
                    if self.peek() == Some('}') {
                        None
                    } else {
                        let (max, max_digits) = self.decimal()?;
                        let (a, b) = (min_digits.trim_start_matches('0'), max_digits.trim_start_matches('0'));
                        if (a.len(), a) > (b.len(), b) {
                            return Err(Syntax::Invalid);
                        }
                        Some(max)
                    }
                } else {
                    Some(min)
                };
                if self.peek() != Some('}') {
                    return Err(Syntax::Invalid);
                }
                (min, max)
            }
            _ => return Ok(atom),
        };
        self.pos += 1;
        let greedy = !self.eat('?');
        Ok(Node::Repeat { node: Box::new(atom), min, max, greedy })
    }

    fn char_node(&self, c: u32) -> Node {
        if self.flags.i {
            let set = fold(vec![(c, c)]);
            if set.len() != 1 || set[0].0 != set[0].1 {
                return Node::Set(set);
            }
        }
        Node::Char(c)
    }

    fn set_node(&self, set: Set) -> Node {
        Node::Set(if self.flags.i { fold(set) } else { normalize(set) })
    }

    fn atom(&mut self) -> PResult<Node> {
        let c = self.bump()?;
        match c {
            '.' => Ok(Node::Set(if self.flags.s { vec![(0, MAX_CP)] } else { negate(&LINE_TERMINATORS.to_vec()) })),
            '(' => {
                self.enter()?;
                let node = if self.eat('?') {
                    if self.eat(':') {
                        Node::Group(Box::new(self.disjunction()?), None)
                    } else if self.eat('<') {
                        let name = self.group_name()?;
                        self.ncap += 1;
                        let group = self.ncap;
                        self.declare(name, group)?;
                        Node::Group(Box::new(self.disjunction()?), Some(group))
                    } else {
                        let saved = self.flags;
                        self.modifiers()?;
                        let node = self.disjunction();
                        self.flags = saved;
                        Node::Group(Box::new(node?), None)
                    }
                } else {
                    self.ncap += 1;
                    let group = self.ncap;
                    Node::Group(Box::new(self.disjunction()?), Some(group))
                };
                self.expect(')')?;
                self.depth -= 1;
                Ok(node)
            }
            '[' => self.class(),
            '\\' => self.atom_escape(),
            c if is_syntax_char(c) => Err(Syntax::Invalid),
            c => Ok(self.char_node(c as u32)),
        }
    }

    /// `ims-ims:` after `(?`: at least one flag, none twice.
    fn modifiers(&mut self) -> PResult<()> {
        let mut seen = [false; 3];
        let (mut add, mut remove) = (Vec::new(), Vec::new());
        let mut removing = false;
        loop {
            let c = self.bump()?;
            let slot = match c {
                ':' => break,
                '-' if !removing => {
                    removing = true;
                    continue;
                }
                'i' => 0,
                'm' => 1,
                's' => 2,
                _ => return Err(Syntax::Invalid),
            };
            if std::mem::replace(&mut seen[slot], true) {
                return Err(Syntax::Invalid);
            }
            if removing { remove.push(slot) } else { add.push(slot) }
        }
        if add.is_empty() && remove.is_empty() {
            return Err(Syntax::Invalid);
        }
        for (slots, on) in [(add, true), (remove, false)] {
            for slot in slots {
                match slot {
                    0 => self.flags.i = on,
                    1 => self.flags.m = on,
                    _ => self.flags.s = on,
                }
            }
        }
        Ok(())
    }

    /// Records a group name; two groups may share one only in different alternatives.
    fn declare(&mut self, name: String, group: u32) -> PResult<()> {
        for (other, _, path) in &self.names {
            if *other != name {
                continue;
            }
            let exclusive = self.path.iter().zip(path).find(|(a, b)| a != b).is_some_and(|(a, b)| a.0 == b.0);
            if !exclusive {
                return Err(Syntax::Invalid);
            }
        }
        self.names.push((name, group, self.path.clone()));
        Ok(())
    }

    /// `RegExpIdentifierName>`, the `<` already consumed.
    fn group_name(&mut self) -> PResult<String> {
        let mut name = String::new();
        loop {
            let mut c = self.bump()?;
            if c == '>' {
                break;
            }
            if c == '\\' {
                self.expect('u')?;
                c = char::from_u32(self.unicode_escape()?).ok_or(Syntax::Invalid)?;
            }
            let ok = if name.is_empty() { is_id_start(c) } else { is_id_continue(c) };
            if !ok {
                return Err(Syntax::Invalid);
            }
            name.push(c);
        }
        if name.is_empty() {
            return Err(Syntax::Invalid);
        }
        Ok(name)
    }

    fn atom_escape(&mut self) -> PResult<Node> {
        let c = self.peek().ok_or(Syntax::Invalid)?;
        match c {
            '1'..='9' => {
                let (n, _) = self.decimal()?;
                self.max_ref = self.max_ref.max(n);
                self.linear = false;
                Ok(Node::BackRef(vec![n], self.flags.i))
            }
            'k' => {
                self.pos += 1;
                self.expect('<')?;
                let name = self.group_name()?;
                self.linear = false;
                Ok(Node::NamedRef(name, self.flags.i))
            }
            _ => match self.class_escape(false)? {
                ClassAtom::Char(c) => Ok(self.char_node(c)),
                ClassAtom::Set(set) => Ok(self.set_node(set)),
            },
        }
    }

    /// An escape after `\` (consumed), as `ClassEscape` in a class, else the `CharacterEscape`
    /// and `CharacterClassEscape` parts of `AtomEscape`.
    fn class_escape(&mut self, in_class: bool) -> PResult<ClassAtom> {
        let c = self.bump()?;
        let v = match c {
            'b' if in_class => 0x08,
            '-' if in_class => '-' as u32,
            'd' | 'D' | 's' | 'S' | 'w' | 'W' => {
                let mut set: Set = match c.to_ascii_lowercase() {
                    'd' => DIGIT.to_vec(),
                    's' => SPACE.to_vec(),
                    _ if self.flags.i => {
                        let mut w = WORD.to_vec();
                        w.extend([(0x17F, 0x17F), (0x212A, 0x212A)]);
                        normalize(w)
                    }
                    _ => WORD.to_vec(),
                };
                if c.is_ascii_uppercase() {
                    set = negate(&set);
                }
                return Ok(ClassAtom::Set(set));
            }
            'p' | 'P' => {
                let set = self.property()?;
                return Ok(ClassAtom::Set(if c == 'P' { negate(&set) } else { set }));
            }
            'f' => 0x0C,
            'n' => 0x0A,
            'r' => 0x0D,
            't' => 0x09,
            'v' => 0x0B,
            'c' => {
                let letter = self.bump()?;
                if !letter.is_ascii_alphabetic() {
                    return Err(Syntax::Invalid);
                }
                letter as u32 % 32
            }
            '0' => {
                if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    return Err(Syntax::Invalid);
                }
                0
            }
            'x' => {
                let hi = self.bump()?.to_digit(16).ok_or(Syntax::Invalid)?;
                let lo = self.bump()?.to_digit(16).ok_or(Syntax::Invalid)?;
                hi * 16 + lo
            }
            'u' => self.unicode_escape()?,
            // Any ASCII punctuation may be escaped to stand for itself (`\-`,
            // `\:`, `\_`), as schemas written for other engines do; a letter or
            // digit that is not an escape is an error.
            c if c.is_ascii() && !c.is_ascii_alphanumeric() => c as u32,
            _ => return Err(Syntax::Invalid),
        };
        Ok(ClassAtom::Char(v))
    }

    fn hex4(&mut self) -> PResult<u32> {
        let mut v = 0;
        for _ in 0..4 {
            v = v * 16 + self.bump()?.to_digit(16).ok_or(Syntax::Invalid)?;
        }
        Ok(v)
    }

    /// `RegExpUnicodeEscapeSequence[+UnicodeMode]` after `\u`.
    fn unicode_escape(&mut self) -> PResult<u32> {
        if self.eat('{') {
            let mut v: u32 = 0;
            let mut digits = 0;
            while !self.eat('}') {
                v = v.saturating_mul(16).saturating_add(self.bump()?.to_digit(16).ok_or(Syntax::Invalid)?);
                digits += 1;
            }
            if digits == 0 || v > MAX_CP {
                return Err(Syntax::Invalid);
            }
            return Ok(v);
        }
        let lead = self.hex4()?;
        if (0xD800..0xDC00).contains(&lead) && self.src[self.pos..].starts_with("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex4() {
                Ok(trail) if (0xDC00..0xE000).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Ok(lead)
    }

    /// `{UnicodePropertyValueExpression}` after `\p` / `\P`.
    fn property(&mut self) -> PResult<Set> {
        self.expect('{')?;
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '=') {
            self.pos += 1;
        }
        let body = &self.src[start..self.pos];
        self.expect('}')?;
        let (name, value) = match body.split_once('=') {
            Some((n, v)) => (Some(n), v),
            None => (None, body),
        };
        match name {
            Some("General_Category" | "gc") | None if gc_mask(value).is_some() => Ok(gc_set(gc_mask(value).unwrap())),
            Some("Script" | "sc" | "Script_Extensions" | "scx") if SCRIPT_NAMES.split(' ').any(|s| s == value) => {
                self.unsupported = true;
                Ok(Vec::new())
            }
            None if BINARY_PROPERTIES.split_whitespace().any(|s| s == value) => {
                Ok(binary_set(value).unwrap_or_else(|| {
                    self.unsupported = true;
                    Vec::new()
                }))
            }
            _ => Err(Syntax::Invalid),
        }
    }

    fn class_atom(&mut self) -> PResult<ClassAtom> {
        match self.bump()? {
            '\\' => self.class_escape(true),
            c => Ok(ClassAtom::Char(c as u32)),
        }
    }

    /// A character class, `[` consumed.
    fn class(&mut self) -> PResult<Node> {
        let neg = self.eat('^');
        let mut set: Set = Vec::new();
        loop {
            if self.eat(']') {
                break;
            }
            let a = self.class_atom()?;
            if self.peek() == Some('-') && self.peek2() != Some(']') {
                self.pos += 1;
                let b = self.class_atom()?;
                match (a, b) {
                    (ClassAtom::Char(a), ClassAtom::Char(b)) if a <= b => set.push((a, b)),
                    _ => return Err(Syntax::Invalid),
                }
            } else {
                match a {
                    ClassAtom::Char(c) => set.push((c, c)),
                    ClassAtom::Set(s) => set.extend(s),
                }
            }
        }
        let set = if self.flags.i { fold(set) } else { normalize(set) };
        Ok(Node::Set(if neg { negate(&set) } else { set }))
    }
}

/// `ID_Start` (with `$` and `_`): L, Nl and Other_ID_Start, less Pattern_Syntax.
fn is_id_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic() || c == '$' || c == '_';
    }
    let leaf = GC_LEAF[gc_leaf(c as u32)];
    (leaf.starts_with('L')
        || leaf == "Nl"
        || matches!(c, '\u{1885}' | '\u{1886}' | '\u{2118}' | '\u{212E}' | '\u{309B}' | '\u{309C}'))
        && c != '\u{2E2F}'
}

/// `ID_Continue` (with `$`, ZWNJ and ZWJ): ID_Start, Mn, Mc, Nd, Pc and Other_ID_Continue.
fn is_id_continue(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '$' || c == '_';
    }
    is_id_start(c)
        || matches!(GC_LEAF[gc_leaf(c as u32)], "Mn" | "Mc" | "Nd" | "Pc")
        || matches!(
            c,
            '\u{B7}' | '\u{387}' | '\u{1369}'
                ..='\u{1371}' | '\u{19DA}' | '\u{200C}' | '\u{200D}' | '\u{30FB}' | '\u{FF65}'
        )
}

// ---------------------------------------------------------------------------------------------
// Linear patterns: written out for regex-lite.

/// A class no character is in.
const NEVER: &str = "[^\\x{0}-\\x{10FFFF}]";

fn emit_set(v: &Set, out: &mut String) {
    use std::fmt::Write;
    let start = out.len();
    out.push('[');
    let mut any = false;
    for &(a, b) in v {
        for (a, b) in [(a, b.min(0xD7FF)), (a.max(0xE000), b)] {
            if a <= b {
                any = true;
                if a == b {
                    let _ = write!(out, "\\x{{{a:X}}}");
                } else {
                    let _ = write!(out, "\\x{{{a:X}}}-\\x{{{b:X}}}");
                }
            }
        }
    }
    out.push(']');
    if !any {
        out.truncate(start);
        out.push_str(NEVER);
    }
}

fn emit(n: &Node, out: &mut String) -> Result<(), CompileError> {
    use std::fmt::Write;
    match n {
        Node::Empty => out.push_str("(?:)"),
        Node::Char(c) => match char::from_u32(*c) {
            Some(ch) if ch.is_ascii_alphanumeric() => out.push(ch),
            Some(_) => {
                let _ = write!(out, "\\x{{{c:X}}}");
            }
            None => out.push_str(NEVER),
        },
        Node::Set(v) => emit_set(v, out),
        Node::Bol(false) => out.push_str("\\A"),
        Node::Eol(false) => out.push_str("\\z"),
        Node::WordB { neg, icase: false } => out.push_str(if *neg { "\\B" } else { "\\b" }),
        Node::Group(n, _) => {
            out.push_str("(?:");
            emit(n, out)?;
            out.push(')');
        }
        Node::Concat(v) => {
            for n in v {
                emit(n, out)?;
            }
        }
        Node::Alt(v) => {
            out.push_str("(?:");
            for (i, n) in v.iter().enumerate() {
                if i > 0 {
                    out.push('|');
                }
                emit(n, out)?;
            }
            out.push(')');
        }
        Node::Repeat { node, min, max, greedy } => {
            out.push_str("(?:");
            emit(node, out)?;
            out.push(')');
            match max {
                Some(max) => {
                    let _ = write!(out, "{{{min},{max}}}");
                }
                None => {
                    let _ = write!(out, "{{{min},}}");
                }
            }
            if !greedy {
                out.push('?');
            }
        }
        // Never in a pattern the parser marked linear.
        _ => return Err(CompileError::Invalid),
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Backtracking matcher for patterns with look-around and back-references.

const NONE: usize = usize::MAX;

#[derive(Clone, Copy)]
enum One {
    Char(char),
    Set(u32),
}

enum Insn {
    One(One, bool),
    Fail,
    Bol(bool),
    Eol(bool),
    WordB {
        neg: bool,
        icase: bool,
    },
    Split(u32, u32),
    Jmp(u32),
    Save(u32),
    RepStart(u32),
    RepHead {
        r: u32,
        min: u32,
        max: u32,
        greedy: bool,
        exit: u32,
    },
    RepIter {
        r: u32,
        lo: u32,
        hi: u32,
    },
    RepEnd {
        r: u32,
        min: u32,
        head: u32,
    },
    /// A repetition of one character matcher: no captures, never empty.
    /// `memo`: slot in `Vm::memo` if its failures may be remembered, else `NO_MEMO`.
    RepOne {
        one: One,
        min: u32,
        max: u32,
        greedy: bool,
        back: bool,
        memo: u32,
    },
    Look {
        neg: bool,
        end: u32,
    },
    LookEnd,
    BackRef {
        refs: u32,
        icase: bool,
        back: bool,
    },
    Match,
}

struct Prog {
    insns: Vec<Insn>,
    /// Strings every match contains (the longest few), checked before any step.
    literals: Vec<String>,
    nmemo: usize,
    sets: Vec<Set>,
    refs: Vec<Vec<u32>>,
    nslots: usize,
    nregs: usize,
    limit: u64,
    anchored: bool,
    first: Option<Set>,
}

struct Compiler {
    insns: Vec<Insn>,
    sets: Vec<Set>,
    refs: Vec<Vec<u32>>,
    nregs: u32,
    /// General loops around the code being compiled, since the innermost look-around.
    loops: u32,
    nmemo: u32,
    memo_ok: bool,
}

const NO_MEMO: u32 = u32::MAX;

/// Literal strings every match of `n` contains.
fn required(n: &Node, out: &mut Vec<String>) {
    match n {
        Node::Char(c) => out.extend(char::from_u32(*c).map(String::from)),
        Node::Concat(v) => {
            let mut cur = String::new();
            for x in v {
                match x {
                    Node::Char(c) if char::from_u32(*c).is_some() => {
                        cur.push(char::from_u32(*c).unwrap());
                    }
                    _ => {
                        if !cur.is_empty() {
                            out.push(std::mem::take(&mut cur));
                        }
                        required(x, out);
                    }
                }
            }
            if !cur.is_empty() {
                out.push(cur);
            }
        }
        Node::Group(x, _) | Node::Look { node: x, neg: false, .. } => required(x, out),
        Node::Repeat { node, min, .. } if *min >= 1 => required(node, out),
        _ => {}
    }
}

fn has_backref(n: &Node) -> bool {
    match n {
        Node::BackRef(..) | Node::NamedRef(..) => true,
        Node::Group(x, _) | Node::Look { node: x, .. } | Node::Repeat { node: x, .. } => has_backref(x),
        Node::Concat(v) | Node::Alt(v) => v.iter().any(has_backref),
        _ => false,
    }
}

fn cap_range(n: &Node) -> Option<(u32, u32)> {
    let merge = |a: Option<(u32, u32)>, b: Option<(u32, u32)>| match (a, b) {
        (Some(a), Some(b)) => Some((a.0.min(b.0), a.1.max(b.1))),
        (a, None) => a,
        (None, b) => b,
    };
    match n {
        Node::Group(inner, g) => merge(g.map(|g| (g, g)), cap_range(inner)),
        Node::Look { node, .. } | Node::Repeat { node, .. } => cap_range(node),
        Node::Concat(v) | Node::Alt(v) => v.iter().fold(None, |acc, n| merge(acc, cap_range(n))),
        _ => None,
    }
}

/// Characters a match can start with, and whether it can start without one (`None`: any).
fn first(n: &Node) -> (Option<Set>, bool) {
    match n {
        Node::Empty | Node::Bol(_) | Node::Eol(_) | Node::WordB { .. } | Node::Look { .. } => (Some(Vec::new()), true),
        Node::Char(c) => (Some(vec![(*c, *c)]), false),
        Node::Set(v) => (Some(v.clone()), false),
        Node::Group(n, _) => first(n),
        Node::BackRef(..) | Node::NamedRef(..) => (None, true),
        Node::Concat(v) => {
            let mut acc = Some(Vec::new());
            for n in v {
                let (s, nullable) = first(n);
                acc = match (acc, s) {
                    (Some(mut a), Some(s)) => {
                        a.extend(s);
                        Some(a)
                    }
                    _ => None,
                };
                if !nullable {
                    return (acc, false);
                }
            }
            (acc, true)
        }
        Node::Alt(v) => {
            let mut acc = Some(Vec::new());
            let mut nullable = false;
            for n in v {
                let (s, nl) = first(n);
                nullable |= nl;
                acc = match (acc, s) {
                    (Some(mut a), Some(s)) => {
                        a.extend(s);
                        Some(a)
                    }
                    _ => None,
                };
            }
            (acc, nullable)
        }
        Node::Repeat { node, min, max, .. } => {
            if *max == Some(0) {
                return (Some(Vec::new()), true);
            }
            let (s, nl) = first(node);
            (s, nl || *min == 0)
        }
    }
}

fn anchored_end(n: &Node) -> bool {
    match n {
        Node::Eol(false) => true,
        Node::Concat(v) => v.last().is_some_and(anchored_end),
        Node::Alt(v) => v.iter().all(anchored_end),
        Node::Group(n, _) => anchored_end(n),
        _ => false,
    }
}

/// Fewest and most characters `n` can match (`None`: no bound).
fn width(n: &Node) -> (usize, Option<usize>) {
    match n {
        Node::Char(_) | Node::Set(_) => (1, Some(1)),
        Node::Empty | Node::Bol(_) | Node::Eol(_) | Node::WordB { .. } | Node::Look { .. } => (0, Some(0)),
        Node::BackRef(..) | Node::NamedRef(..) => (0, None),
        Node::Group(n, _) => width(n),
        Node::Concat(v) => v.iter().fold((0, Some(0)), |(a, b), n| {
            let (c, d) = width(n);
            (a.saturating_add(c), b.zip(d).and_then(|(b, d)| b.checked_add(d)))
        }),
        Node::Alt(v) => v
            .iter()
            .map(width)
            .fold((usize::MAX, Some(0)), |(a, b), (c, d)| (a.min(c), b.zip(d).map(|(b, d)| b.max(d)))),
        Node::Repeat { node, min, max, .. } => {
            let (c, d) = width(node);
            let hi = match (d, max) {
                (Some(0), _) => Some(0),
                (Some(d), Some(m)) => d.checked_mul(*m as usize),
                _ => None,
            };
            (c.saturating_mul(*min as usize), hi)
        }
    }
}

fn anchored(n: &Node) -> bool {
    match n {
        Node::Bol(false) => true,
        Node::Concat(v) => v.first().is_some_and(anchored),
        Node::Alt(v) => v.iter().all(anchored),
        Node::Group(n, _) => anchored(n),
        _ => false,
    }
}

impl Compiler {
    fn compile(ast: &Ast, limit: u64) -> Result<Prog, CompileError> {
        let mut c = Compiler {
            insns: Vec::new(),
            sets: Vec::new(),
            refs: Vec::new(),
            nregs: 0,
            loops: 0,
            nmemo: 0,
            memo_ok: !has_backref(&ast.node),
        };
        c.node(&ast.node, false)?;
        c.push(Insn::Match)?;
        let (first, nullable) = first(&ast.node);
        let mut literals = Vec::new();
        required(&ast.node, &mut literals);
        crate::sort::stable_by(&mut literals, &|a, b| (b.len(), a) < (a.len(), b));
        literals.dedup();
        literals.truncate(3);
        Ok(Prog {
            insns: c.insns,
            literals,
            nmemo: c.nmemo as usize,
            sets: c.sets,
            refs: c.refs,
            nslots: 2 * (ast.ncap as usize + 1),
            nregs: c.nregs as usize,
            limit,
            anchored: anchored(&ast.node),
            first: if nullable { None } else { first.map(normalize) },
        })
    }

    fn push(&mut self, i: Insn) -> Result<u32, CompileError> {
        if self.insns.len() >= BACK_SIZE_LIMIT {
            return Err(CompileError::TooLarge);
        }
        self.insns.push(i);
        Ok(self.insns.len() as u32 - 1)
    }

    fn pc(&self) -> u32 {
        self.insns.len() as u32
    }

    /// A single-character matcher for `n`, if it is one (`Err` if it never matches).
    fn one(&mut self, n: &Node) -> Option<Result<One, ()>> {
        match n {
            Node::Char(c) => Some(char::from_u32(*c).map(One::Char).ok_or(())),
            Node::Set(v) => {
                let v: Set = v
                    .iter()
                    .flat_map(|&(a, b)| [(a, b.min(0xD7FF)), (a.max(0xE000), b)])
                    .filter(|(a, b)| a <= b)
                    .collect();
                if v.is_empty() {
                    return Some(Err(()));
                }
                self.sets.push(v);
                Some(Ok(One::Set(self.sets.len() as u32 - 1)))
            }
            _ => None,
        }
    }

    fn node(&mut self, n: &Node, back: bool) -> Result<(), CompileError> {
        if let Some(one) = self.one(n) {
            self.push(match one {
                Ok(one) => Insn::One(one, back),
                Err(()) => Insn::Fail,
            })?;
            return Ok(());
        }
        match n {
            Node::Empty => {}
            Node::Char(_) | Node::Set(_) => unreachable!(),
            Node::Bol(m) => {
                self.push(Insn::Bol(*m))?;
            }
            Node::Eol(m) => {
                self.push(Insn::Eol(*m))?;
            }
            Node::WordB { neg, icase } => {
                self.push(Insn::WordB { neg: *neg, icase: *icase })?;
            }
            Node::Group(inner, None) => self.node(inner, back)?,
            Node::Group(inner, Some(g)) => {
                let (open, close) = (2 * g, 2 * g + 1);
                self.push(Insn::Save(if back { close } else { open }))?;
                self.node(inner, back)?;
                self.push(Insn::Save(if back { open } else { close }))?;
            }
            Node::Concat(v) => {
                if back {
                    for n in v.iter().rev() {
                        self.node(n, back)?;
                    }
                } else {
                    for n in v {
                        self.node(n, back)?;
                    }
                }
            }
            Node::Alt(v) => {
                let mut jumps = Vec::new();
                for (i, n) in v.iter().enumerate() {
                    if i + 1 < v.len() {
                        let split = self.push(Insn::Split(0, 0))?;
                        self.node(n, back)?;
                        jumps.push(self.push(Insn::Jmp(0))?);
                        let next = self.pc();
                        self.insns[split as usize] = Insn::Split(split + 1, next);
                    } else {
                        self.node(n, back)?;
                    }
                }
                let end = self.pc();
                for j in jumps {
                    self.insns[j as usize] = Insn::Jmp(end);
                }
            }
            Node::Look { node, behind, neg } => {
                let look = self.push(Insn::Look { neg: *neg, end: 0 })?;
                let loops = std::mem::replace(&mut self.loops, 0);
                self.node(node, *behind)?;
                self.loops = loops;
                let end = self.push(Insn::LookEnd)?;
                self.insns[look as usize] = Insn::Look { neg: *neg, end };
            }
            Node::BackRef(groups, icase) => {
                self.refs.push(groups.clone());
                let refs = self.refs.len() as u32 - 1;
                self.push(Insn::BackRef { refs, icase: *icase, back })?;
            }
            Node::NamedRef(..) => return Err(CompileError::Invalid),
            Node::Repeat { node, min, max, greedy } => {
                let (min, max, greedy) = (*min, max.unwrap_or(u32::MAX), *greedy);
                if max == 0 {
                    return Ok(());
                }
                if min == 1 && max == 1 {
                    return self.node(node, back);
                }
                if let Some(one) = self.one(node) {
                    match one {
                        Ok(one) => {
                            // A failed greedy, unbounded repetition outside any loop (so its
                            // continuation depends on the position only) fails again from any
                            // start within the span it scanned.
                            let memo = if self.memo_ok && self.loops == 0 && greedy && max == u32::MAX {
                                self.nmemo += 1;
                                self.nmemo - 1
                            } else {
                                NO_MEMO
                            };
                            self.push(Insn::RepOne { one, min, max, greedy, back, memo })?
                        }
                        Err(()) if min == 0 => return Ok(()),
                        Err(()) => self.push(Insn::Fail)?,
                    };
                    return Ok(());
                }
                let r = self.nregs;
                self.nregs += 1;
                let (lo, hi) = cap_range(node).map_or((0, 0), |(a, b)| (a, b + 1));
                self.push(Insn::RepStart(r))?;
                let head = self.push(Insn::RepHead { r, min, max, greedy, exit: 0 })?;
                self.push(Insn::RepIter { r, lo, hi })?;
                self.loops += 1;
                self.node(node, back)?;
                self.loops -= 1;
                self.push(Insn::RepEnd { r, min, head })?;
                let exit = self.pc();
                self.insns[head as usize] = Insn::RepHead { r, min, max, greedy, exit };
            }
        }
        Ok(())
    }
}

enum Bt {
    Branch {
        pc: u32,
        pos: usize,
    },
    Slot {
        slot: u32,
        old: usize,
    },
    Reg {
        r: u32,
        count: u32,
        start: usize,
    },
    Greedy {
        pc: u32,
        lo: usize,
        cur: usize,
    },
    Lazy {
        pc: u32,
        count: u32,
        pos: usize,
    },
    /// Popped when every continuation of a memoizable `RepOne` failed.
    Memo {
        slot: u32,
        start: usize,
        end: usize,
    },
}

struct Vm<'p, 'h> {
    prog: &'p Prog,
    h: &'h str,
    slots: Vec<usize>,
    count: Vec<u32>,
    start: Vec<usize>,
    stack: Vec<Bt>,
    steps: u64,
    /// Per memoizable `RepOne`: a scan start and end all of whose continuations failed.
    memo: Vec<(usize, usize)>,
}

impl Prog {
    fn search(&self, h: &str) -> Result<bool, StepLimit> {
        let mut vm = Vm {
            prog: self,
            h,
            slots: vec![NONE; self.nslots],
            count: vec![0; self.nregs],
            start: vec![NONE; self.nregs],
            stack: Vec::new(),
            steps: 0,
            memo: vec![(NONE, NONE); self.nmemo],
        };
        if self.literals.iter().any(|l| !h.contains(l.as_str())) {
            return Ok(false);
        }
        let mut pos = 0;
        loop {
            if let Some(first) = &self.first {
                match h[pos..].char_indices().find(|&(_, c)| contains(first, c as u32)) {
                    Some((i, _)) => pos += i,
                    None => return Ok(false),
                }
            }
            vm.tick(1)?;
            if vm.run(0, pos)?.is_some() {
                return Ok(true);
            }
            if self.anchored {
                return Ok(false);
            }
            match h[pos..].chars().next() {
                Some(c) => pos += c.len_utf8(),
                None => return Ok(false),
            }
        }
    }
}

impl Vm<'_, '_> {
    #[inline]
    fn tick(&mut self, n: u64) -> Result<(), StepLimit> {
        self.steps += n;
        if self.steps > self.prog.limit { Err(StepLimit) } else { Ok(()) }
    }

    #[inline]
    fn step_one(&self, one: One, pos: usize, back: bool) -> Option<usize> {
        let (c, next) = if back {
            let c = self.h[..pos].chars().next_back()?;
            (c, pos - c.len_utf8())
        } else {
            let c = self.h[pos..].chars().next()?;
            (c, pos + c.len_utf8())
        };
        let ok = match one {
            One::Char(x) => c == x,
            One::Set(s) => contains(&self.prog.sets[s as usize], c as u32),
        };
        ok.then_some(next)
    }

    fn set_slot(&mut self, slot: u32, value: usize) {
        let old = self.slots[slot as usize];
        self.stack.push(Bt::Slot { slot, old });
        self.slots[slot as usize] = value;
    }

    fn save_reg(&mut self, r: u32) {
        let r = r as usize;
        self.stack.push(Bt::Reg { r: r as u32, count: self.count[r], start: self.start[r] });
    }

    /// Undoes everything above `base`.
    fn unwind(&mut self, base: usize) {
        while self.stack.len() > base {
            match self.stack.pop().unwrap() {
                Bt::Slot { slot, old } => self.slots[slot as usize] = old,
                Bt::Reg { r, count, start } => {
                    self.count[r as usize] = count;
                    self.start[r as usize] = start;
                }
                _ => {}
            }
        }
    }

    fn backref(&self, refs: u32, icase: bool, back: bool, pos: usize) -> Option<usize> {
        let groups = &self.prog.refs[refs as usize];
        let Some((s, e)) = groups.iter().find_map(|&g| {
            let (s, e) = (self.slots[2 * g as usize], self.slots[2 * g as usize + 1]);
            (s != NONE && e != NONE).then_some((s, e))
        }) else {
            return Some(pos);
        };
        let sub = &self.h[s..e];
        if !icase {
            return if back {
                self.h[..pos].ends_with(sub).then(|| pos - sub.len())
            } else {
                self.h[pos..].starts_with(sub).then(|| pos + sub.len())
            };
        }
        let mut p = pos;
        if back {
            let mut hay = self.h[..pos].chars().rev();
            for a in sub.chars().rev() {
                let b = hay.next()?;
                if !same_folded(a, b) {
                    return None;
                }
                p -= b.len_utf8();
            }
        } else {
            let mut hay = self.h[pos..].chars();
            for a in sub.chars() {
                let b = hay.next()?;
                if !same_folded(a, b) {
                    return None;
                }
                p += b.len_utf8();
            }
        }
        Some(p)
    }

    /// Runs from `pc` at `pos` until `Match` / `LookEnd` (`Some(end)`) or until every choice
    /// made in this call failed (`None`, with everything undone).
    fn run(&mut self, mut pc: u32, mut pos: usize) -> Result<Option<usize>, StepLimit> {
        let base = self.stack.len();
        let prog = self.prog;
        loop {
            self.tick(1)?;
            let ok = match &prog.insns[pc as usize] {
                Insn::One(one, back) => match self.step_one(*one, pos, *back) {
                    Some(p) => {
                        pos = p;
                        pc += 1;
                        true
                    }
                    None => false,
                },
                Insn::Fail => false,
                Insn::Bol(m) => {
                    let ok = pos == 0 || (*m && self.h[..pos].chars().next_back().is_some_and(is_line_terminator));
                    pc += 1;
                    ok
                }
                Insn::Eol(m) => {
                    let ok =
                        pos == self.h.len() || (*m && self.h[pos..].chars().next().is_some_and(is_line_terminator));
                    pc += 1;
                    ok
                }
                Insn::WordB { neg, icase } => {
                    let a = self.h[..pos].chars().next_back().is_some_and(|c| is_word(c, *icase));
                    let b = self.h[pos..].chars().next().is_some_and(|c| is_word(c, *icase));
                    pc += 1;
                    (a != b) != *neg
                }
                Insn::Split(x, y) => {
                    self.stack.push(Bt::Branch { pc: *y, pos });
                    pc = *x;
                    true
                }
                Insn::Jmp(x) => {
                    pc = *x;
                    true
                }
                Insn::Save(slot) => {
                    self.set_slot(*slot, pos);
                    pc += 1;
                    true
                }
                Insn::RepStart(r) => {
                    self.save_reg(*r);
                    self.count[*r as usize] = 0;
                    pc += 1;
                    true
                }
                Insn::RepHead { r, min, max, greedy, exit } => {
                    let k = self.count[*r as usize];
                    if k == *max {
                        pc = *exit;
                    } else if k < *min {
                        pc += 1;
                    } else if *greedy {
                        self.stack.push(Bt::Branch { pc: *exit, pos });
                        pc += 1;
                    } else {
                        self.stack.push(Bt::Branch { pc: pc + 1, pos });
                        pc = *exit;
                    }
                    true
                }
                Insn::RepIter { r, lo, hi } => {
                    self.save_reg(*r);
                    self.start[*r as usize] = pos;
                    for g in *lo..*hi {
                        for slot in [2 * g, 2 * g + 1] {
                            if self.slots[slot as usize] != NONE {
                                self.set_slot(slot, NONE);
                            }
                        }
                    }
                    pc += 1;
                    true
                }
                Insn::RepEnd { r, min, head } => {
                    let k = self.count[*r as usize];
                    if k >= *min && pos == self.start[*r as usize] {
                        false
                    } else {
                        self.save_reg(*r);
                        self.count[*r as usize] = k + 1;
                        pc = *head;
                        true
                    }
                }
                Insn::RepOne { one, min, max, greedy, back, memo } => {
                    let (one, min, max, back, memo) = (*one, *min, *max, *back, *memo);
                    if memo != NO_MEMO {
                        let (s, e) = self.memo[memo as usize];
                        if s != NONE && pos >= s.min(e) && pos <= s.max(e) {
                            // Same scan end, continuations a subset of those that failed.
                            pc = u32::MAX;
                        }
                    }
                    let mut p = pos;
                    let mut k = 0;
                    let mut ok = pc != u32::MAX;
                    while ok && k < min {
                        match self.step_one(one, p, back) {
                            Some(n) => p = n,
                            None => {
                                ok = false;
                                break;
                            }
                        }
                        k += 1;
                    }
                    self.tick(u64::from(k))?;
                    if ok {
                        let lo = p;
                        if *greedy {
                            let mut n = 0u64;
                            while k < max {
                                match self.step_one(one, p, back) {
                                    Some(x) => p = x,
                                    None => break,
                                }
                                k += 1;
                                n += 1;
                                if n & 1023 == 0 {
                                    self.tick(1024)?;
                                }
                            }
                            self.tick(n & 1023)?;
                            if memo != NO_MEMO {
                                self.stack.push(Bt::Memo { slot: memo, start: pos, end: p });
                            }
                            if p != lo {
                                self.stack.push(Bt::Greedy { pc, lo, cur: p });
                            }
                        } else if k < max {
                            self.stack.push(Bt::Lazy { pc, count: k, pos: p });
                        }
                        pos = p;
                        pc += 1;
                    }
                    ok
                }
                Insn::Look { neg, end } => {
                    let (neg, end) = (*neg, *end);
                    let mark = self.stack.len();
                    let found = self.run(pc + 1, pos)?.is_some();
                    match (found, neg) {
                        (true, false) => {
                            // Atomic: drop the choices made inside, keep the captures set.
                            let mut w = mark;
                            for i in mark..self.stack.len() {
                                if matches!(self.stack[i], Bt::Slot { .. }) {
                                    self.stack.swap(w, i);
                                    w += 1;
                                }
                            }
                            self.stack.truncate(w);
                            pc = end + 1;
                            true
                        }
                        (true, true) => {
                            self.unwind(mark);
                            false
                        }
                        (false, false) => false,
                        (false, true) => {
                            pc = end + 1;
                            true
                        }
                    }
                }
                Insn::LookEnd | Insn::Match => return Ok(Some(pos)),
                Insn::BackRef { refs, icase, back } => match self.backref(*refs, *icase, *back, pos) {
                    Some(p) => {
                        self.tick((p.abs_diff(pos) / 8) as u64)?;
                        pos = p;
                        pc += 1;
                        true
                    }
                    None => false,
                },
            };
            if ok {
                continue;
            }
            // Backtrack.
            loop {
                if self.stack.len() == base {
                    return Ok(None);
                }
                self.tick(1)?;
                match self.stack.pop().unwrap() {
                    Bt::Branch { pc: x, pos: p } => {
                        pc = x;
                        pos = p;
                        break;
                    }
                    Bt::Slot { slot, old } => self.slots[slot as usize] = old,
                    Bt::Reg { r, count, start } => {
                        self.count[r as usize] = count;
                        self.start[r as usize] = start;
                    }
                    Bt::Greedy { pc: x, lo, cur } => {
                        let Insn::RepOne { back, .. } = prog.insns[x as usize] else { unreachable!() };
                        let new = if back {
                            cur + self.h[cur..].chars().next().map_or(0, char::len_utf8)
                        } else {
                            cur - self.h[..cur].chars().next_back().map_or(0, char::len_utf8)
                        };
                        if new != lo {
                            self.stack.push(Bt::Greedy { pc: x, lo, cur: new });
                        }
                        pc = x + 1;
                        pos = new;
                        break;
                    }
                    Bt::Memo { slot, start, end } => self.memo[slot as usize] = (start, end),
                    Bt::Lazy { pc: x, count, pos: p } => {
                        let Insn::RepOne { one, max, back, .. } = prog.insns[x as usize] else { unreachable!() };
                        if let Some(n) = self.step_one(one, p, back) {
                            if count + 1 < max {
                                self.stack.push(Bt::Lazy { pc: x, count: count + 1, pos: n });
                            }
                            pc = x + 1;
                            pos = n;
                            break;
                        }
                    }
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Unicode tables.

// Generated by gen/gen_tables.py from regex-syntax 0.8.12 (Unicode 16.0.0): 4099 runs.
const GC_LEAF: [&str; 30] = [
    "Cc", "Cf", "Cn", "Co", "Cs", "Ll", "Lm", "Lo", "Lt", "Lu", "Mc", "Me", "Mn", "Nd", "Nl", "No", "Pc", "Pd", "Pe",
    "Pf", "Pi", "Po", "Ps", "Sc", "Sk", "Sm", "So", "Zl", "Zp", "Zs",
];
/// General_Category runs over all code points: `start << 5 | leaf index into GC_LEAF`.
static GC_RUNS: [u32; 4099] = [
    0x0, 0x41d, 0x435, 0x497, 0x4b5, 0x516, 0x532, 0x555, 0x579, 0x595, 0x5b1, 0x5d5, 0x60d, 0x755, 0x799, 0x7f5,
    0x829, 0xb76, 0xb95, 0xbb2, 0xbd8, 0xbf0, 0xc18, 0xc25, 0xf76, 0xf99, 0xfb2, 0xfd9, 0xfe0, 0x141d, 0x1435, 0x1457,
    0x14da, 0x14f5, 0x1518, 0x153a, 0x1547, 0x1574, 0x1599, 0x15a1, 0x15da, 0x15f8, 0x161a, 0x1639, 0x164f, 0x1698,
    0x16a5, 0x16d5, 0x1718, 0x172f, 0x1747, 0x1773, 0x178f, 0x17f5, 0x1809, 0x1af9, 0x1b09, 0x1be5, 0x1ef9, 0x1f05,
    0x2009, 0x2025, 0x2049, 0x2065, 0x2089, 0x20a5, 0x20c9, 0x20e5, 0x2109, 0x2125, 0x2149, 0x2165, 0x2189, 0x21a5,
    0x21c9, 0x21e5, 0x2209, 0x2225, 0x2249, 0x2265, 0x2289, 0x22a5, 0x22c9, 0x22e5, 0x2309, 0x2325, 0x2349, 0x2365,
    0x2389, 0x23a5, 0x23c9, 0x23e5, 0x2409, 0x2425, 0x2449, 0x2465, 0x2489, 0x24a5, 0x24c9, 0x24e5, 0x2509, 0x2525,
    0x2549, 0x2565, 0x2589, 0x25a5, 0x25c9, 0x25e5, 0x2609, 0x2625, 0x2649, 0x2665, 0x2689, 0x26a5, 0x26c9, 0x26e5,
    0x2729, 0x2745, 0x2769, 0x2785, 0x27a9, 0x27c5, 0x27e9, 0x2805, 0x2829, 0x2845, 0x2869, 0x2885, 0x28a9, 0x28c5,
    0x28e9, 0x2905, 0x2949, 0x2965, 0x2989, 0x29a5, 0x29c9, 0x29e5, 0x2a09, 0x2a25, 0x2a49, 0x2a65, 0x2a89, 0x2aa5,
    0x2ac9, 0x2ae5, 0x2b09, 0x2b25, 0x2b49, 0x2b65, 0x2b89, 0x2ba5, 0x2bc9, 0x2be5, 0x2c09, 0x2c25, 0x2c49, 0x2c65,
    0x2c89, 0x2ca5, 0x2cc9, 0x2ce5, 0x2d09, 0x2d25, 0x2d49, 0x2d65, 0x2d89, 0x2da5, 0x2dc9, 0x2de5, 0x2e09, 0x2e25,
    0x2e49, 0x2e65, 0x2e89, 0x2ea5, 0x2ec9, 0x2ee5, 0x2f09, 0x2f45, 0x2f69, 0x2f85, 0x2fa9, 0x2fc5, 0x3029, 0x3065,
    0x3089, 0x30a5, 0x30c9, 0x3105, 0x3129, 0x3185, 0x31c9, 0x3245, 0x3269, 0x32a5, 0x32c9, 0x3325, 0x3389, 0x33c5,
    0x33e9, 0x3425, 0x3449, 0x3465, 0x3489, 0x34a5, 0x34c9, 0x3505, 0x3529, 0x3545, 0x3589, 0x35a5, 0x35c9, 0x3605,
    0x3629, 0x3685, 0x36a9, 0x36c5, 0x36e9, 0x3725, 0x3767, 0x3789, 0x37a5, 0x3807, 0x3889, 0x38a8, 0x38c5, 0x38e9,
    0x3908, 0x3925, 0x3949, 0x3968, 0x3985, 0x39a9, 0x39c5, 0x39e9, 0x3a05, 0x3a29, 0x3a45, 0x3a69, 0x3a85, 0x3aa9,
    0x3ac5, 0x3ae9, 0x3b05, 0x3b29, 0x3b45, 0x3b69, 0x3b85, 0x3bc9, 0x3be5, 0x3c09, 0x3c25, 0x3c49, 0x3c65, 0x3c89,
    0x3ca5, 0x3cc9, 0x3ce5, 0x3d09, 0x3d25, 0x3d49, 0x3d65, 0x3d89, 0x3da5, 0x3dc9, 0x3de5, 0x3e29, 0x3e48, 0x3e65,
    0x3e89, 0x3ea5, 0x3ec9, 0x3f25, 0x3f49, 0x3f65, 0x3f89, 0x3fa5, 0x3fc9, 0x3fe5, 0x4009, 0x4025, 0x4049, 0x4065,
    0x4089, 0x40a5, 0x40c9, 0x40e5, 0x4109, 0x4125, 0x4149, 0x4165, 0x4189, 0x41a5, 0x41c9, 0x41e5, 0x4209, 0x4225,
    0x4249, 0x4265, 0x4289, 0x42a5, 0x42c9, 0x42e5, 0x4309, 0x4325, 0x4349, 0x4365, 0x4389, 0x43a5, 0x43c9, 0x43e5,
    0x4409, 0x4425, 0x4449, 0x4465, 0x4489, 0x44a5, 0x44c9, 0x44e5, 0x4509, 0x4525, 0x4549, 0x4565, 0x4589, 0x45a5,
    0x45c9, 0x45e5, 0x4609, 0x4625, 0x4649, 0x4665, 0x4749, 0x4785, 0x47a9, 0x47e5, 0x4829, 0x4845, 0x4869, 0x48e5,
    0x4909, 0x4925, 0x4949, 0x4965, 0x4989, 0x49a5, 0x49c9, 0x49e5, 0x5287, 0x52a5, 0x5606, 0x5858, 0x58c6, 0x5a58,
    0x5c06, 0x5cb8, 0x5d86, 0x5db8, 0x5dc6, 0x5df8, 0x600c, 0x6e09, 0x6e25, 0x6e49, 0x6e65, 0x6e86, 0x6eb8, 0x6ec9,
    0x6ee5, 0x6f02, 0x6f46, 0x6f65, 0x6fd5, 0x6fe9, 0x7002, 0x7098, 0x70c9, 0x70f5, 0x7109, 0x7162, 0x7189, 0x71a2,
    0x71c9, 0x7205, 0x7229, 0x7442, 0x7469, 0x7585, 0x79e9, 0x7a05, 0x7a49, 0x7aa5, 0x7b09, 0x7b25, 0x7b49, 0x7b65,
    0x7b89, 0x7ba5, 0x7bc9, 0x7be5, 0x7c09, 0x7c25, 0x7c49, 0x7c65, 0x7c89, 0x7ca5, 0x7cc9, 0x7ce5, 0x7d09, 0x7d25,
    0x7d49, 0x7d65, 0x7d89, 0x7da5, 0x7dc9, 0x7de5, 0x7e89, 0x7ea5, 0x7ed9, 0x7ee9, 0x7f05, 0x7f29, 0x7f65, 0x7fa9,
    0x8605, 0x8c09, 0x8c25, 0x8c49, 0x8c65, 0x8c89, 0x8ca5, 0x8cc9, 0x8ce5, 0x8d09, 0x8d25, 0x8d49, 0x8d65, 0x8d89,
    0x8da5, 0x8dc9, 0x8de5, 0x8e09, 0x8e25, 0x8e49, 0x8e65, 0x8e89, 0x8ea5, 0x8ec9, 0x8ee5, 0x8f09, 0x8f25, 0x8f49,
    0x8f65, 0x8f89, 0x8fa5, 0x8fc9, 0x8fe5, 0x9009, 0x9025, 0x905a, 0x906c, 0x910b, 0x9149, 0x9165, 0x9189, 0x91a5,
    0x91c9, 0x91e5, 0x9209, 0x9225, 0x9249, 0x9265, 0x9289, 0x92a5, 0x92c9, 0x92e5, 0x9309, 0x9325, 0x9349, 0x9365,
    0x9389, 0x93a5, 0x93c9, 0x93e5, 0x9409, 0x9425, 0x9449, 0x9465, 0x9489, 0x94a5, 0x94c9, 0x94e5, 0x9509, 0x9525,
    0x9549, 0x9565, 0x9589, 0x95a5, 0x95c9, 0x95e5, 0x9609, 0x9625, 0x9649, 0x9665, 0x9689, 0x96a5, 0x96c9, 0x96e5,
    0x9709, 0x9725, 0x9749, 0x9765, 0x9789, 0x97a5, 0x97c9, 0x97e5, 0x9809, 0x9845, 0x9869, 0x9885, 0x98a9, 0x98c5,
    0x98e9, 0x9905, 0x9929, 0x9945, 0x9969, 0x9985, 0x99a9, 0x99c5, 0x9a09, 0x9a25, 0x9a49, 0x9a65, 0x9a89, 0x9aa5,
    0x9ac9, 0x9ae5, 0x9b09, 0x9b25, 0x9b49, 0x9b65, 0x9b89, 0x9ba5, 0x9bc9, 0x9be5, 0x9c09, 0x9c25, 0x9c49, 0x9c65,
    0x9c89, 0x9ca5, 0x9cc9, 0x9ce5, 0x9d09, 0x9d25, 0x9d49, 0x9d65, 0x9d89, 0x9da5, 0x9dc9, 0x9de5, 0x9e09, 0x9e25,
    0x9e49, 0x9e65, 0x9e89, 0x9ea5, 0x9ec9, 0x9ee5, 0x9f09, 0x9f25, 0x9f49, 0x9f65, 0x9f89, 0x9fa5, 0x9fc9, 0x9fe5,
    0xa009, 0xa025, 0xa049, 0xa065, 0xa089, 0xa0a5, 0xa0c9, 0xa0e5, 0xa109, 0xa125, 0xa149, 0xa165, 0xa189, 0xa1a5,
    0xa1c9, 0xa1e5, 0xa209, 0xa225, 0xa249, 0xa265, 0xa289, 0xa2a5, 0xa2c9, 0xa2e5, 0xa309, 0xa325, 0xa349, 0xa365,
    0xa389, 0xa3a5, 0xa3c9, 0xa3e5, 0xa409, 0xa425, 0xa449, 0xa465, 0xa489, 0xa4a5, 0xa4c9, 0xa4e5, 0xa509, 0xa525,
    0xa549, 0xa565, 0xa589, 0xa5a5, 0xa5c9, 0xa5e5, 0xa602, 0xa629, 0xaae2, 0xab26, 0xab55, 0xac05, 0xb135, 0xb151,
    0xb162, 0xb1ba, 0xb1f7, 0xb202, 0xb22c, 0xb7d1, 0xb7ec, 0xb815, 0xb82c, 0xb875, 0xb88c, 0xb8d5, 0xb8ec, 0xb902,
    0xba07, 0xbd62, 0xbde7, 0xbe75, 0xbea2, 0xc001, 0xc0d9, 0xc135, 0xc177, 0xc195, 0xc1da, 0xc20c, 0xc375, 0xc381,
    0xc3b5, 0xc407, 0xc806, 0xc827, 0xc96c, 0xcc0d, 0xcd55, 0xcdc7, 0xce0c, 0xce27, 0xda95, 0xdaa7, 0xdacc, 0xdba1,
    0xdbda, 0xdbec, 0xdca6, 0xdcec, 0xdd3a, 0xdd4c, 0xddc7, 0xde0d, 0xdf47, 0xdfba, 0xdfe7, 0xe015, 0xe1c2, 0xe1e1,
    0xe207, 0xe22c, 0xe247, 0xe60c, 0xe962, 0xe9a7, 0xf4cc, 0xf627, 0xf642, 0xf80d, 0xf947, 0xfd6c, 0xfe86, 0xfeda,
    0xfef5, 0xff46, 0xff62, 0xffac, 0xffd7, 0x10007, 0x102cc, 0x10346, 0x1036c, 0x10486, 0x104ac, 0x10506, 0x1052c,
    0x105c2, 0x10615, 0x107e2, 0x10807, 0x10b2c, 0x10b82, 0x10bd5, 0x10be2, 0x10c07, 0x10d62, 0x10e07, 0x11118,
    0x11127, 0x111e2, 0x11201, 0x11242, 0x112ec, 0x11407, 0x11926, 0x1194c, 0x11c41, 0x11c6c, 0x1206a, 0x12087,
    0x1274c, 0x1276a, 0x1278c, 0x127a7, 0x127ca, 0x1282c, 0x1292a, 0x129ac, 0x129ca, 0x12a07, 0x12a2c, 0x12b07,
    0x12c4c, 0x12c95, 0x12ccd, 0x12e15, 0x12e26, 0x12e47, 0x1302c, 0x1304a, 0x13082, 0x130a7, 0x131a2, 0x131e7,
    0x13222, 0x13267, 0x13522, 0x13547, 0x13622, 0x13647, 0x13662, 0x136c7, 0x13742, 0x1378c, 0x137a7, 0x137ca,
    0x1382c, 0x138a2, 0x138ea, 0x13922, 0x1396a, 0x139ac, 0x139c7, 0x139e2, 0x13aea, 0x13b02, 0x13b87, 0x13bc2,
    0x13be7, 0x13c4c, 0x13c82, 0x13ccd, 0x13e07, 0x13e57, 0x13e8f, 0x13f5a, 0x13f77, 0x13f87, 0x13fb5, 0x13fcc,
    0x13fe2, 0x1402c, 0x1406a, 0x14082, 0x140a7, 0x14162, 0x141e7, 0x14222, 0x14267, 0x14522, 0x14547, 0x14622,
    0x14647, 0x14682, 0x146a7, 0x146e2, 0x14707, 0x14742, 0x1478c, 0x147a2, 0x147ca, 0x1482c, 0x14862, 0x148ec,
    0x14922, 0x1496c, 0x149c2, 0x14a2c, 0x14a42, 0x14b27, 0x14ba2, 0x14bc7, 0x14be2, 0x14ccd, 0x14e0c, 0x14e47,
    0x14eac, 0x14ed5, 0x14ee2, 0x1502c, 0x1506a, 0x15082, 0x150a7, 0x151c2, 0x151e7, 0x15242, 0x15267, 0x15522,
    0x15547, 0x15622, 0x15647, 0x15682, 0x156a7, 0x15742, 0x1578c, 0x157a7, 0x157ca, 0x1582c, 0x158c2, 0x158ec,
    0x1592a, 0x15942, 0x1596a, 0x159ac, 0x159c2, 0x15a07, 0x15a22, 0x15c07, 0x15c4c, 0x15c82, 0x15ccd, 0x15e15,
    0x15e37, 0x15e42, 0x15f27, 0x15f4c, 0x16002, 0x1602c, 0x1604a, 0x16082, 0x160a7, 0x161a2, 0x161e7, 0x16222,
    0x16267, 0x16522, 0x16547, 0x16622, 0x16647, 0x16682, 0x166a7, 0x16742, 0x1678c, 0x167a7, 0x167ca, 0x167ec,
    0x1680a, 0x1682c, 0x168a2, 0x168ea, 0x16922, 0x1696a, 0x169ac, 0x169c2, 0x16aac, 0x16aea, 0x16b02, 0x16b87,
    0x16bc2, 0x16be7, 0x16c4c, 0x16c82, 0x16ccd, 0x16e1a, 0x16e27, 0x16e4f, 0x16f02, 0x1704c, 0x17067, 0x17082,
    0x170a7, 0x17162, 0x171c7, 0x17222, 0x17247, 0x172c2, 0x17327, 0x17362, 0x17387, 0x173a2, 0x173c7, 0x17402,
    0x17467, 0x174a2, 0x17507, 0x17562, 0x175c7, 0x17742, 0x177ca, 0x1780c, 0x1782a, 0x17862, 0x178ca, 0x17922,
    0x1794a, 0x179ac, 0x179c2, 0x17a07, 0x17a22, 0x17aea, 0x17b02, 0x17ccd, 0x17e0f, 0x17e7a, 0x17f37, 0x17f5a,
    0x17f62, 0x1800c, 0x1802a, 0x1808c, 0x180a7, 0x181a2, 0x181c7, 0x18222, 0x18247, 0x18522, 0x18547, 0x18742,
    0x1878c, 0x187a7, 0x187cc, 0x1882a, 0x188a2, 0x188cc, 0x18922, 0x1894c, 0x189c2, 0x18aac, 0x18ae2, 0x18b07,
    0x18b62, 0x18ba7, 0x18bc2, 0x18c07, 0x18c4c, 0x18c82, 0x18ccd, 0x18e02, 0x18ef5, 0x18f0f, 0x18ffa, 0x19007,
    0x1902c, 0x1904a, 0x19095, 0x190a7, 0x191a2, 0x191c7, 0x19222, 0x19247, 0x19522, 0x19547, 0x19682, 0x196a7,
    0x19742, 0x1978c, 0x197a7, 0x197ca, 0x197ec, 0x1980a, 0x198a2, 0x198cc, 0x198ea, 0x19922, 0x1994a, 0x1998c,
    0x199c2, 0x19aaa, 0x19ae2, 0x19ba7, 0x19be2, 0x19c07, 0x19c4c, 0x19c82, 0x19ccd, 0x19e02, 0x19e27, 0x19e6a,
    0x19e82, 0x1a00c, 0x1a04a, 0x1a087, 0x1a1a2, 0x1a1c7, 0x1a222, 0x1a247, 0x1a76c, 0x1a7a7, 0x1a7ca, 0x1a82c,
    0x1a8a2, 0x1a8ca, 0x1a922, 0x1a94a, 0x1a9ac, 0x1a9c7, 0x1a9fa, 0x1aa02, 0x1aa87, 0x1aaea, 0x1ab0f, 0x1abe7,
    0x1ac4c, 0x1ac82, 0x1accd, 0x1ae0f, 0x1af3a, 0x1af47, 0x1b002, 0x1b02c, 0x1b04a, 0x1b082, 0x1b0a7, 0x1b2e2,
    0x1b347, 0x1b642, 0x1b667, 0x1b782, 0x1b7a7, 0x1b7c2, 0x1b807, 0x1b8e2, 0x1b94c, 0x1b962, 0x1b9ea, 0x1ba4c,
    0x1baa2, 0x1bacc, 0x1bae2, 0x1bb0a, 0x1bc02, 0x1bccd, 0x1be02, 0x1be4a, 0x1be95, 0x1bea2, 0x1c027, 0x1c62c,
    0x1c647, 0x1c68c, 0x1c762, 0x1c7f7, 0x1c807, 0x1c8c6, 0x1c8ec, 0x1c9f5, 0x1ca0d, 0x1cb55, 0x1cb82, 0x1d027,
    0x1d062, 0x1d087, 0x1d0a2, 0x1d0c7, 0x1d162, 0x1d187, 0x1d482, 0x1d4a7, 0x1d4c2, 0x1d4e7, 0x1d62c, 0x1d647,
    0x1d68c, 0x1d7a7, 0x1d7c2, 0x1d807, 0x1d8a2, 0x1d8c6, 0x1d8e2, 0x1d90c, 0x1d9e2, 0x1da0d, 0x1db42, 0x1db87,
    0x1dc02, 0x1e007, 0x1e03a, 0x1e095, 0x1e27a, 0x1e295, 0x1e2ba, 0x1e30c, 0x1e35a, 0x1e40d, 0x1e54f, 0x1e69a,
    0x1e6ac, 0x1e6da, 0x1e6ec, 0x1e71a, 0x1e72c, 0x1e756, 0x1e772, 0x1e796, 0x1e7b2, 0x1e7ca, 0x1e807, 0x1e902,
    0x1e927, 0x1eda2, 0x1ee2c, 0x1efea, 0x1f00c, 0x1f0b5, 0x1f0cc, 0x1f107, 0x1f1ac, 0x1f302, 0x1f32c, 0x1f7a2,
    0x1f7da, 0x1f8cc, 0x1f8fa, 0x1f9a2, 0x1f9da, 0x1fa15, 0x1faba, 0x1fb35, 0x1fb62, 0x20007, 0x2056a, 0x205ac,
    0x2062a, 0x2064c, 0x2070a, 0x2072c, 0x2076a, 0x207ac, 0x207e7, 0x2080d, 0x20955, 0x20a07, 0x20aca, 0x20b0c,
    0x20b47, 0x20bcc, 0x20c27, 0x20c4a, 0x20ca7, 0x20cea, 0x20dc7, 0x20e2c, 0x20ea7, 0x2104c, 0x2106a, 0x210ac,
    0x210ea, 0x211ac, 0x211c7, 0x211ea, 0x2120d, 0x2134a, 0x213ac, 0x213da, 0x21409, 0x218c2, 0x218e9, 0x21902,
    0x219a9, 0x219c2, 0x21a05, 0x21f75, 0x21f86, 0x21fa5, 0x22007, 0x24922, 0x24947, 0x249c2, 0x24a07, 0x24ae2,
    0x24b07, 0x24b22, 0x24b47, 0x24bc2, 0x24c07, 0x25122, 0x25147, 0x251c2, 0x25207, 0x25622, 0x25647, 0x256c2,
    0x25707, 0x257e2, 0x25807, 0x25822, 0x25847, 0x258c2, 0x25907, 0x25ae2, 0x25b07, 0x26222, 0x26247, 0x262c2,
    0x26307, 0x26b62, 0x26bac, 0x26c15, 0x26d2f, 0x26fa2, 0x27007, 0x2721a, 0x27342, 0x27409, 0x27ec2, 0x27f05,
    0x27fc2, 0x28011, 0x28027, 0x2cdba, 0x2cdd5, 0x2cde7, 0x2d01d, 0x2d027, 0x2d376, 0x2d392, 0x2d3a2, 0x2d407,
    0x2dd75, 0x2ddce, 0x2de27, 0x2df22, 0x2e007, 0x2e24c, 0x2e2aa, 0x2e2c2, 0x2e3e7, 0x2e64c, 0x2e68a, 0x2e6b5,
    0x2e6e2, 0x2e807, 0x2ea4c, 0x2ea82, 0x2ec07, 0x2eda2, 0x2edc7, 0x2ee22, 0x2ee4c, 0x2ee82, 0x2f007, 0x2f68c,
    0x2f6ca, 0x2f6ec, 0x2f7ca, 0x2f8cc, 0x2f8ea, 0x2f92c, 0x2fa95, 0x2fae6, 0x2fb15, 0x2fb77, 0x2fb87, 0x2fbac,
    0x2fbc2, 0x2fc0d, 0x2fd42, 0x2fe0f, 0x2ff42, 0x30015, 0x300d1, 0x300f5, 0x3016c, 0x301c1, 0x301ec, 0x3020d,
    0x30342, 0x30407, 0x30866, 0x30887, 0x30f22, 0x31007, 0x310ac, 0x310e7, 0x3152c, 0x31547, 0x31562, 0x31607,
    0x31ec2, 0x32007, 0x323e2, 0x3240c, 0x3246a, 0x324ec, 0x3252a, 0x32582, 0x3260a, 0x3264c, 0x3266a, 0x3272c,
    0x32782, 0x3281a, 0x32822, 0x32895, 0x328cd, 0x32a07, 0x32dc2, 0x32e07, 0x32ea2, 0x33007, 0x33582, 0x33607,
    0x33942, 0x33a0d, 0x33b4f, 0x33b62, 0x33bda, 0x34007, 0x342ec, 0x3432a, 0x3436c, 0x34382, 0x343d5, 0x34407,
    0x34aaa, 0x34acc, 0x34aea, 0x34b0c, 0x34be2, 0x34c0c, 0x34c2a, 0x34c4c, 0x34c6a, 0x34cac, 0x34daa, 0x34e6c,
    0x34fa2, 0x34fec, 0x3500d, 0x35142, 0x3520d, 0x35342, 0x35415, 0x354e6, 0x35515, 0x355c2, 0x3560c, 0x357cb,
    0x357ec, 0x359e2, 0x3600c, 0x3608a, 0x360a7, 0x3668c, 0x366aa, 0x366cc, 0x3676a, 0x3678c, 0x367aa, 0x3684c,
    0x3686a, 0x368a7, 0x369a2, 0x369d5, 0x36a0d, 0x36b55, 0x36c3a, 0x36d6c, 0x36e9a, 0x36fb5, 0x3700c, 0x3704a,
    0x37067, 0x3742a, 0x3744c, 0x374ca, 0x3750c, 0x3754a, 0x3756c, 0x375c7, 0x3760d, 0x37747, 0x37ccc, 0x37cea,
    0x37d0c, 0x37d4a, 0x37dac, 0x37dca, 0x37dec, 0x37e4a, 0x37e82, 0x37f95, 0x38007, 0x3848a, 0x3858c, 0x3868a,
    0x386cc, 0x38702, 0x38775, 0x3880d, 0x38942, 0x389a7, 0x38a0d, 0x38b47, 0x38f06, 0x38fd5, 0x39005, 0x39129,
    0x39145, 0x39162, 0x39209, 0x39762, 0x397a9, 0x39815, 0x39902, 0x39a0c, 0x39a75, 0x39a8c, 0x39c2a, 0x39c4c,
    0x39d27, 0x39dac, 0x39dc7, 0x39e8c, 0x39ea7, 0x39eea, 0x39f0c, 0x39f47, 0x39f62, 0x3a005, 0x3a586, 0x3ad65,
    0x3af06, 0x3af25, 0x3b366, 0x3b80c, 0x3c009, 0x3c025, 0x3c049, 0x3c065, 0x3c089, 0x3c0a5, 0x3c0c9, 0x3c0e5,
    0x3c109, 0x3c125, 0x3c149, 0x3c165, 0x3c189, 0x3c1a5, 0x3c1c9, 0x3c1e5, 0x3c209, 0x3c225, 0x3c249, 0x3c265,
    0x3c289, 0x3c2a5, 0x3c2c9, 0x3c2e5, 0x3c309, 0x3c325, 0x3c349, 0x3c365, 0x3c389, 0x3c3a5, 0x3c3c9, 0x3c3e5,
    0x3c409, 0x3c425, 0x3c449, 0x3c465, 0x3c489, 0x3c4a5, 0x3c4c9, 0x3c4e5, 0x3c509, 0x3c525, 0x3c549, 0x3c565,
    0x3c589, 0x3c5a5, 0x3c5c9, 0x3c5e5, 0x3c609, 0x3c625, 0x3c649, 0x3c665, 0x3c689, 0x3c6a5, 0x3c6c9, 0x3c6e5,
    0x3c709, 0x3c725, 0x3c749, 0x3c765, 0x3c789, 0x3c7a5, 0x3c7c9, 0x3c7e5, 0x3c809, 0x3c825, 0x3c849, 0x3c865,
    0x3c889, 0x3c8a5, 0x3c8c9, 0x3c8e5, 0x3c909, 0x3c925, 0x3c949, 0x3c965, 0x3c989, 0x3c9a5, 0x3c9c9, 0x3c9e5,
    0x3ca09, 0x3ca25, 0x3ca49, 0x3ca65, 0x3ca89, 0x3caa5, 0x3cac9, 0x3cae5, 0x3cb09, 0x3cb25, 0x3cb49, 0x3cb65,
    0x3cb89, 0x3cba5, 0x3cbc9, 0x3cbe5, 0x3cc09, 0x3cc25, 0x3cc49, 0x3cc65, 0x3cc89, 0x3cca5, 0x3ccc9, 0x3cce5,
    0x3cd09, 0x3cd25, 0x3cd49, 0x3cd65, 0x3cd89, 0x3cda5, 0x3cdc9, 0x3cde5, 0x3ce09, 0x3ce25, 0x3ce49, 0x3ce65,
    0x3ce89, 0x3cea5, 0x3cec9, 0x3cee5, 0x3cf09, 0x3cf25, 0x3cf49, 0x3cf65, 0x3cf89, 0x3cfa5, 0x3cfc9, 0x3cfe5,
    0x3d009, 0x3d025, 0x3d049, 0x3d065, 0x3d089, 0x3d0a5, 0x3d0c9, 0x3d0e5, 0x3d109, 0x3d125, 0x3d149, 0x3d165,
    0x3d189, 0x3d1a5, 0x3d1c9, 0x3d1e5, 0x3d209, 0x3d225, 0x3d249, 0x3d265, 0x3d289, 0x3d2a5, 0x3d3c9, 0x3d3e5,
    0x3d409, 0x3d425, 0x3d449, 0x3d465, 0x3d489, 0x3d4a5, 0x3d4c9, 0x3d4e5, 0x3d509, 0x3d525, 0x3d549, 0x3d565,
    0x3d589, 0x3d5a5, 0x3d5c9, 0x3d5e5, 0x3d609, 0x3d625, 0x3d649, 0x3d665, 0x3d689, 0x3d6a5, 0x3d6c9, 0x3d6e5,
    0x3d709, 0x3d725, 0x3d749, 0x3d765, 0x3d789, 0x3d7a5, 0x3d7c9, 0x3d7e5, 0x3d809, 0x3d825, 0x3d849, 0x3d865,
    0x3d889, 0x3d8a5, 0x3d8c9, 0x3d8e5, 0x3d909, 0x3d925, 0x3d949, 0x3d965, 0x3d989, 0x3d9a5, 0x3d9c9, 0x3d9e5,
    0x3da09, 0x3da25, 0x3da49, 0x3da65, 0x3da89, 0x3daa5, 0x3dac9, 0x3dae5, 0x3db09, 0x3db25, 0x3db49, 0x3db65,
    0x3db89, 0x3dba5, 0x3dbc9, 0x3dbe5, 0x3dc09, 0x3dc25, 0x3dc49, 0x3dc65, 0x3dc89, 0x3dca5, 0x3dcc9, 0x3dce5,
    0x3dd09, 0x3dd25, 0x3dd49, 0x3dd65, 0x3dd89, 0x3dda5, 0x3ddc9, 0x3dde5, 0x3de09, 0x3de25, 0x3de49, 0x3de65,
    0x3de89, 0x3dea5, 0x3dec9, 0x3dee5, 0x3df09, 0x3df25, 0x3df49, 0x3df65, 0x3df89, 0x3dfa5, 0x3dfc9, 0x3dfe5,
    0x3e109, 0x3e205, 0x3e2c2, 0x3e309, 0x3e3c2, 0x3e405, 0x3e509, 0x3e605, 0x3e709, 0x3e805, 0x3e8c2, 0x3e909,
    0x3e9c2, 0x3ea05, 0x3eb02, 0x3eb29, 0x3eb42, 0x3eb69, 0x3eb82, 0x3eba9, 0x3ebc2, 0x3ebe9, 0x3ec05, 0x3ed09,
    0x3ee05, 0x3efc2, 0x3f005, 0x3f108, 0x3f205, 0x3f308, 0x3f405, 0x3f508, 0x3f605, 0x3f6a2, 0x3f6c5, 0x3f709,
    0x3f788, 0x3f7b8, 0x3f7c5, 0x3f7f8, 0x3f845, 0x3f8a2, 0x3f8c5, 0x3f909, 0x3f988, 0x3f9b8, 0x3fa05, 0x3fa82,
    0x3fac5, 0x3fb09, 0x3fb82, 0x3fbb8, 0x3fc05, 0x3fd09, 0x3fdb8, 0x3fe02, 0x3fe45, 0x3fea2, 0x3fec5, 0x3ff09,
    0x3ff88, 0x3ffb8, 0x3ffe2, 0x4001d, 0x40161, 0x40211, 0x402d5, 0x40314, 0x40333, 0x40356, 0x40374, 0x403b3,
    0x403d6, 0x403f4, 0x40415, 0x4051b, 0x4053c, 0x40541, 0x405fd, 0x40615, 0x40734, 0x40753, 0x40775, 0x407f0,
    0x40835, 0x40899, 0x408b6, 0x408d2, 0x408f5, 0x40a59, 0x40a75, 0x40a90, 0x40ab5, 0x40bfd, 0x40c01, 0x40ca2,
    0x40cc1, 0x40e0f, 0x40e26, 0x40e42, 0x40e8f, 0x40f59, 0x40fb6, 0x40fd2, 0x40fe6, 0x4100f, 0x41159, 0x411b6,
    0x411d2, 0x411e2, 0x41206, 0x413a2, 0x41417, 0x41822, 0x41a0c, 0x41bab, 0x41c2c, 0x41c4b, 0x41cac, 0x41e22,
    0x4201a, 0x42049, 0x4207a, 0x420e9, 0x4211a, 0x42145, 0x42169, 0x421c5, 0x42209, 0x42265, 0x4229a, 0x422a9,
    0x422da, 0x42319, 0x42329, 0x423da, 0x42489, 0x424ba, 0x424c9, 0x424fa, 0x42509, 0x4253a, 0x42549, 0x425da,
    0x425e5, 0x42609, 0x42685, 0x426a7, 0x42725, 0x4275a, 0x42785, 0x427c9, 0x42819, 0x428a9, 0x428c5, 0x4295a,
    0x42979, 0x4299a, 0x429c5, 0x429fa, 0x42a0f, 0x42c0e, 0x43069, 0x43085, 0x430ae, 0x4312f, 0x4315a, 0x43182,
    0x43219, 0x432ba, 0x43359, 0x4339a, 0x43419, 0x4343a, 0x43479, 0x4349a, 0x434d9, 0x434fa, 0x435d9, 0x435fa,
    0x439d9, 0x43a1a, 0x43a59, 0x43a7a, 0x43a99, 0x43aba, 0x43e99, 0x4601a, 0x46116, 0x46132, 0x46156, 0x46172,
    0x4619a, 0x46419, 0x4645a, 0x46536, 0x46552, 0x4657a, 0x46f99, 0x46fba, 0x47379, 0x4769a, 0x47b99, 0x47c5a,
    0x48542, 0x4881a, 0x48962, 0x48c0f, 0x4939a, 0x49d4f, 0x4a01a, 0x4b6f9, 0x4b71a, 0x4b839, 0x4b85a, 0x4bf19,
    0x4c01a, 0x4cdf9, 0x4ce1a, 0x4ed16, 0x4ed32, 0x4ed56, 0x4ed72, 0x4ed96, 0x4edb2, 0x4edd6, 0x4edf2, 0x4ee16,
    0x4ee32, 0x4ee56, 0x4ee72, 0x4ee96, 0x4eeb2, 0x4eecf, 0x4f29a, 0x4f819, 0x4f8b6, 0x4f8d2, 0x4f8f9, 0x4fcd6,
    0x4fcf2, 0x4fd16, 0x4fd32, 0x4fd56, 0x4fd72, 0x4fd96, 0x4fdb2, 0x4fdd6, 0x4fdf2, 0x4fe19, 0x5001a, 0x52019,
    0x53076, 0x53092, 0x530b6, 0x530d2, 0x530f6, 0x53112, 0x53136, 0x53152, 0x53176, 0x53192, 0x531b6, 0x531d2,
    0x531f6, 0x53212, 0x53236, 0x53252, 0x53276, 0x53292, 0x532b6, 0x532d2, 0x532f6, 0x53312, 0x53339, 0x53b16,
    0x53b32, 0x53b56, 0x53b72, 0x53b99, 0x53f96, 0x53fb2, 0x53fd9, 0x5601a, 0x56619, 0x568ba, 0x568f9, 0x569ba,
    0x56e82, 0x56eda, 0x572c2, 0x572fa, 0x58009, 0x58605, 0x58c09, 0x58c25, 0x58c49, 0x58ca5, 0x58ce9, 0x58d05,
    0x58d29, 0x58d45, 0x58d69, 0x58d85, 0x58da9, 0x58e25, 0x58e49, 0x58e65, 0x58ea9, 0x58ec5, 0x58f86, 0x58fc9,
    0x59025, 0x59049, 0x59065, 0x59089, 0x590a5, 0x590c9, 0x590e5, 0x59109, 0x59125, 0x59149, 0x59165, 0x59189,
    0x591a5, 0x591c9, 0x591e5, 0x59209, 0x59225, 0x59249, 0x59265, 0x59289, 0x592a5, 0x592c9, 0x592e5, 0x59309,
    0x59325, 0x59349, 0x59365, 0x59389, 0x593a5, 0x593c9, 0x593e5, 0x59409, 0x59425, 0x59449, 0x59465, 0x59489,
    0x594a5, 0x594c9, 0x594e5, 0x59509, 0x59525, 0x59549, 0x59565, 0x59589, 0x595a5, 0x595c9, 0x595e5, 0x59609,
    0x59625, 0x59649, 0x59665, 0x59689, 0x596a5, 0x596c9, 0x596e5, 0x59709, 0x59725, 0x59749, 0x59765, 0x59789,
    0x597a5, 0x597c9, 0x597e5, 0x59809, 0x59825, 0x59849, 0x59865, 0x59889, 0x598a5, 0x598c9, 0x598e5, 0x59909,
    0x59925, 0x59949, 0x59965, 0x59989, 0x599a5, 0x599c9, 0x599e5, 0x59a09, 0x59a25, 0x59a49, 0x59a65, 0x59a89,
    0x59aa5, 0x59ac9, 0x59ae5, 0x59b09, 0x59b25, 0x59b49, 0x59b65, 0x59b89, 0x59ba5, 0x59bc9, 0x59be5, 0x59c09,
    0x59c25, 0x59c49, 0x59c65, 0x59cba, 0x59d69, 0x59d85, 0x59da9, 0x59dc5, 0x59dec, 0x59e49, 0x59e65, 0x59e82,
    0x59f35, 0x59faf, 0x59fd5, 0x5a005, 0x5a4c2, 0x5a4e5, 0x5a502, 0x5a5a5, 0x5a5c2, 0x5a607, 0x5ad02, 0x5ade6,
    0x5ae15, 0x5ae22, 0x5afec, 0x5b007, 0x5b2e2, 0x5b407, 0x5b4e2, 0x5b507, 0x5b5e2, 0x5b607, 0x5b6e2, 0x5b707,
    0x5b7e2, 0x5b807, 0x5b8e2, 0x5b907, 0x5b9e2, 0x5ba07, 0x5bae2, 0x5bb07, 0x5bbe2, 0x5bc0c, 0x5c015, 0x5c054,
    0x5c073, 0x5c094, 0x5c0b3, 0x5c0d5, 0x5c134, 0x5c153, 0x5c175, 0x5c194, 0x5c1b3, 0x5c1d5, 0x5c2f1, 0x5c315,
    0x5c351, 0x5c375, 0x5c394, 0x5c3b3, 0x5c3d5, 0x5c414, 0x5c433, 0x5c456, 0x5c472, 0x5c496, 0x5c4b2, 0x5c4d6,
    0x5c4f2, 0x5c516, 0x5c532, 0x5c555, 0x5c5e6, 0x5c615, 0x5c751, 0x5c795, 0x5c811, 0x5c835, 0x5c856, 0x5c875,
    0x5ca1a, 0x5ca55, 0x5cab6, 0x5cad2, 0x5caf6, 0x5cb12, 0x5cb36, 0x5cb52, 0x5cb76, 0x5cb92, 0x5cbb1, 0x5cbc2,
    0x5d01a, 0x5d342, 0x5d37a, 0x5de82, 0x5e01a, 0x5fac2, 0x5fe1a, 0x6001d, 0x60035, 0x6009a, 0x600a6, 0x600c7,
    0x600ee, 0x60116, 0x60132, 0x60156, 0x60172, 0x60196, 0x601b2, 0x601d6, 0x601f2, 0x60216, 0x60232, 0x6025a,
    0x60296, 0x602b2, 0x602d6, 0x602f2, 0x60316, 0x60332, 0x60356, 0x60372, 0x60391, 0x603b6, 0x603d2, 0x6041a,
    0x6042e, 0x6054c, 0x605ca, 0x60611, 0x60626, 0x606da, 0x6070e, 0x60766, 0x60787, 0x607b5, 0x607da, 0x60802,
    0x60827, 0x612e2, 0x6132c, 0x61378, 0x613a6, 0x613e7, 0x61411, 0x61427, 0x61f75, 0x61f86, 0x61fe7, 0x62002,
    0x620a7, 0x62602, 0x62627, 0x631e2, 0x6321a, 0x6324f, 0x632da, 0x63407, 0x6381a, 0x63cc2, 0x63dfa, 0x63e07,
    0x6401a, 0x643e2, 0x6440f, 0x6455a, 0x6490f, 0x64a1a, 0x64a2f, 0x64c1a, 0x6500f, 0x6515a, 0x6562f, 0x6581a,
    0x68007, 0x9b81a, 0x9c007, 0x1402a6, 0x1402c7, 0x1491a2, 0x14921a, 0x1498e2, 0x149a07, 0x149f06, 0x149fd5,
    0x14a007, 0x14c186, 0x14c1b5, 0x14c207, 0x14c40d, 0x14c547, 0x14c582, 0x14c809, 0x14c825, 0x14c849, 0x14c865,
    0x14c889, 0x14c8a5, 0x14c8c9, 0x14c8e5, 0x14c909, 0x14c925, 0x14c949, 0x14c965, 0x14c989, 0x14c9a5, 0x14c9c9,
    0x14c9e5, 0x14ca09, 0x14ca25, 0x14ca49, 0x14ca65, 0x14ca89, 0x14caa5, 0x14cac9, 0x14cae5, 0x14cb09, 0x14cb25,
    0x14cb49, 0x14cb65, 0x14cb89, 0x14cba5, 0x14cbc9, 0x14cbe5, 0x14cc09, 0x14cc25, 0x14cc49, 0x14cc65, 0x14cc89,
    0x14cca5, 0x14ccc9, 0x14cce5, 0x14cd09, 0x14cd25, 0x14cd49, 0x14cd65, 0x14cd89, 0x14cda5, 0x14cdc7, 0x14cdec,
    0x14ce0b, 0x14ce75, 0x14ce8c, 0x14cfd5, 0x14cfe6, 0x14d009, 0x14d025, 0x14d049, 0x14d065, 0x14d089, 0x14d0a5,
    0x14d0c9, 0x14d0e5, 0x14d109, 0x14d125, 0x14d149, 0x14d165, 0x14d189, 0x14d1a5, 0x14d1c9, 0x14d1e5, 0x14d209,
    0x14d225, 0x14d249, 0x14d265, 0x14d289, 0x14d2a5, 0x14d2c9, 0x14d2e5, 0x14d309, 0x14d325, 0x14d349, 0x14d365,
    0x14d386, 0x14d3cc, 0x14d407, 0x14dcce, 0x14de0c, 0x14de55, 0x14df02, 0x14e018, 0x14e2e6, 0x14e418, 0x14e449,
    0x14e465, 0x14e489, 0x14e4a5, 0x14e4c9, 0x14e4e5, 0x14e509, 0x14e525, 0x14e549, 0x14e565, 0x14e589, 0x14e5a5,
    0x14e5c9, 0x14e5e5, 0x14e649, 0x14e665, 0x14e689, 0x14e6a5, 0x14e6c9, 0x14e6e5, 0x14e709, 0x14e725, 0x14e749,
    0x14e765, 0x14e789, 0x14e7a5, 0x14e7c9, 0x14e7e5, 0x14e809, 0x14e825, 0x14e849, 0x14e865, 0x14e889, 0x14e8a5,
    0x14e8c9, 0x14e8e5, 0x14e909, 0x14e925, 0x14e949, 0x14e965, 0x14e989, 0x14e9a5, 0x14e9c9, 0x14e9e5, 0x14ea09,
    0x14ea25, 0x14ea49, 0x14ea65, 0x14ea89, 0x14eaa5, 0x14eac9, 0x14eae5, 0x14eb09, 0x14eb25, 0x14eb49, 0x14eb65,
    0x14eb89, 0x14eba5, 0x14ebc9, 0x14ebe5, 0x14ec09, 0x14ec25, 0x14ec49, 0x14ec65, 0x14ec89, 0x14eca5, 0x14ecc9,
    0x14ece5, 0x14ed09, 0x14ed25, 0x14ed49, 0x14ed65, 0x14ed89, 0x14eda5, 0x14edc9, 0x14ede5, 0x14ee06, 0x14ee25,
    0x14ef29, 0x14ef45, 0x14ef69, 0x14ef85, 0x14efa9, 0x14efe5, 0x14f009, 0x14f025, 0x14f049, 0x14f065, 0x14f089,
    0x14f0a5, 0x14f0c9, 0x14f0e5, 0x14f106, 0x14f138, 0x14f169, 0x14f185, 0x14f1a9, 0x14f1c5, 0x14f1e7, 0x14f209,
    0x14f225, 0x14f249, 0x14f265, 0x14f2c9, 0x14f2e5, 0x14f309, 0x14f325, 0x14f349, 0x14f365, 0x14f389, 0x14f3a5,
    0x14f3c9, 0x14f3e5, 0x14f409, 0x14f425, 0x14f449, 0x14f465, 0x14f489, 0x14f4a5, 0x14f4c9, 0x14f4e5, 0x14f509,
    0x14f525, 0x14f549, 0x14f5e5, 0x14f609, 0x14f6a5, 0x14f6c9, 0x14f6e5, 0x14f709, 0x14f725, 0x14f749, 0x14f765,
    0x14f789, 0x14f7a5, 0x14f7c9, 0x14f7e5, 0x14f809, 0x14f825, 0x14f849, 0x14f865, 0x14f889, 0x14f905, 0x14f929,
    0x14f945, 0x14f969, 0x14f9a5, 0x14f9c2, 0x14fa09, 0x14fa25, 0x14fa42, 0x14fa65, 0x14fa82, 0x14faa5, 0x14fac9,
    0x14fae5, 0x14fb09, 0x14fb25, 0x14fb49, 0x14fb65, 0x14fb89, 0x14fba2, 0x14fe46, 0x14fea9, 0x14fec5, 0x14fee7,
    0x14ff06, 0x14ff45, 0x14ff67, 0x15004c, 0x150067, 0x1500cc, 0x1500e7, 0x15016c, 0x150187, 0x15046a, 0x1504ac,
    0x1504ea, 0x15051a, 0x15058c, 0x1505a2, 0x15060f, 0x1506da, 0x150717, 0x15073a, 0x150742, 0x150807, 0x150e95,
    0x150f02, 0x15100a, 0x151047, 0x15168a, 0x15188c, 0x1518c2, 0x1519d5, 0x151a0d, 0x151b42, 0x151c0c, 0x151e47,
    0x151f15, 0x151f67, 0x151f95, 0x151fa7, 0x151fec, 0x15200d, 0x152147, 0x1524cc, 0x1525d5, 0x152607, 0x1528ec,
    0x152a4a, 0x152a82, 0x152bf5, 0x152c07, 0x152fa2, 0x15300c, 0x15306a, 0x153087, 0x15366c, 0x15368a, 0x1536cc,
    0x15374a, 0x15378c, 0x1537ca, 0x153835, 0x1539c2, 0x1539e6, 0x153a0d, 0x153b42, 0x153bd5, 0x153c07, 0x153cac,
    0x153cc6, 0x153ce7, 0x153e0d, 0x153f47, 0x153fe2, 0x154007, 0x15452c, 0x1545ea, 0x15462c, 0x15466a, 0x1546ac,
    0x1546e2, 0x154807, 0x15486c, 0x154887, 0x15498c, 0x1549aa, 0x1549c2, 0x154a0d, 0x154b42, 0x154b95, 0x154c07,
    0x154e06, 0x154e27, 0x154efa, 0x154f47, 0x154f6a, 0x154f8c, 0x154faa, 0x154fc7, 0x15560c, 0x155627, 0x15564c,
    0x1556a7, 0x1556ec, 0x155727, 0x1557cc, 0x155807, 0x15582c, 0x155847, 0x155862, 0x155b67, 0x155ba6, 0x155bd5,
    0x155c07, 0x155d6a, 0x155d8c, 0x155dca, 0x155e15, 0x155e47, 0x155e66, 0x155eaa, 0x155ecc, 0x155ee2, 0x156027,
    0x1560e2, 0x156127, 0x1561e2, 0x156227, 0x1562e2, 0x156407, 0x1564e2, 0x156507, 0x1565e2, 0x156605, 0x156b78,
    0x156b86, 0x156c05, 0x156d26, 0x156d58, 0x156d82, 0x156e05, 0x157807, 0x157c6a, 0x157cac, 0x157cca, 0x157d0c,
    0x157d2a, 0x157d75, 0x157d8a, 0x157dac, 0x157dc2, 0x157e0d, 0x157f42, 0x158007, 0x1af482, 0x1af607, 0x1af8e2,
    0x1af967, 0x1aff82, 0x1b0004, 0x1c0003, 0x1f2007, 0x1f4dc2, 0x1f4e07, 0x1f5b42, 0x1f6005, 0x1f60e2, 0x1f6265,
    0x1f6302, 0x1f63a7, 0x1f63cc, 0x1f63e7, 0x1f6539, 0x1f6547, 0x1f66e2, 0x1f6707, 0x1f67a2, 0x1f67c7, 0x1f67e2,
    0x1f6807, 0x1f6842, 0x1f6867, 0x1f68a2, 0x1f68c7, 0x1f7658, 0x1f7862, 0x1f7a67, 0x1fa7d2, 0x1fa7f6, 0x1fa81a,
    0x1faa07, 0x1fb202, 0x1fb247, 0x1fb902, 0x1fb9fa, 0x1fba02, 0x1fbe07, 0x1fbf97, 0x1fbfba, 0x1fc00c, 0x1fc215,
    0x1fc2f6, 0x1fc312, 0x1fc335, 0x1fc342, 0x1fc40c, 0x1fc615, 0x1fc631, 0x1fc670, 0x1fc6b6, 0x1fc6d2, 0x1fc6f6,
    0x1fc712, 0x1fc736, 0x1fc752, 0x1fc776, 0x1fc792, 0x1fc7b6, 0x1fc7d2, 0x1fc7f6, 0x1fc812, 0x1fc836, 0x1fc852,
    0x1fc876, 0x1fc892, 0x1fc8b5, 0x1fc8f6, 0x1fc912, 0x1fc935, 0x1fc9b0, 0x1fca15, 0x1fca62, 0x1fca95, 0x1fcb11,
    0x1fcb36, 0x1fcb52, 0x1fcb76, 0x1fcb92, 0x1fcbb6, 0x1fcbd2, 0x1fcbf5, 0x1fcc59, 0x1fcc71, 0x1fcc99, 0x1fcce2,
    0x1fcd15, 0x1fcd37, 0x1fcd55, 0x1fcd82, 0x1fce07, 0x1fcea2, 0x1fcec7, 0x1fdfa2, 0x1fdfe1, 0x1fe002, 0x1fe035,
    0x1fe097, 0x1fe0b5, 0x1fe116, 0x1fe132, 0x1fe155, 0x1fe179, 0x1fe195, 0x1fe1b1, 0x1fe1d5, 0x1fe20d, 0x1fe355,
    0x1fe399, 0x1fe3f5, 0x1fe429, 0x1fe776, 0x1fe795, 0x1fe7b2, 0x1fe7d8, 0x1fe7f0, 0x1fe818, 0x1fe825, 0x1feb76,
    0x1feb99, 0x1febb2, 0x1febd9, 0x1febf6, 0x1fec12, 0x1fec35, 0x1fec56, 0x1fec72, 0x1fec95, 0x1fecc7, 0x1fee06,
    0x1fee27, 0x1ff3c6, 0x1ff407, 0x1ff7e2, 0x1ff847, 0x1ff902, 0x1ff947, 0x1ffa02, 0x1ffa47, 0x1ffb02, 0x1ffb47,
    0x1ffba2, 0x1ffc17, 0x1ffc59, 0x1ffc78, 0x1ffc9a, 0x1ffcb7, 0x1ffce2, 0x1ffd1a, 0x1ffd39, 0x1ffdba, 0x1ffde2,
    0x1fff21, 0x1fff9a, 0x1fffc2, 0x200007, 0x200182, 0x2001a7, 0x2004e2, 0x200507, 0x200762, 0x200787, 0x2007c2,
    0x2007e7, 0x2009c2, 0x200a07, 0x200bc2, 0x201007, 0x201f62, 0x202015, 0x202062, 0x2020ef, 0x202682, 0x2026fa,
    0x20280e, 0x202eaf, 0x202f3a, 0x20314f, 0x20319a, 0x2031e2, 0x20321a, 0x2033a2, 0x20341a, 0x203422, 0x203a1a,
    0x203fac, 0x203fc2, 0x205007, 0x2053a2, 0x205407, 0x205a22, 0x205c0c, 0x205c2f, 0x205f82, 0x206007, 0x20640f,
    0x206482, 0x2065a7, 0x20682e, 0x206847, 0x20694e, 0x206962, 0x206a07, 0x206ecc, 0x206f62, 0x207007, 0x2073c2,
    0x2073f5, 0x207407, 0x207882, 0x207907, 0x207a15, 0x207a2e, 0x207ac2, 0x208009, 0x208505, 0x208a07, 0x2093c2,
    0x20940d, 0x209542, 0x209609, 0x209a82, 0x209b05, 0x209f82, 0x20a007, 0x20a502, 0x20a607, 0x20ac82, 0x20adf5,
    0x20ae09, 0x20af62, 0x20af89, 0x20b162, 0x20b189, 0x20b262, 0x20b289, 0x20b2c2, 0x20b2e5, 0x20b442, 0x20b465,
    0x20b642, 0x20b665, 0x20b742, 0x20b765, 0x20b7a2, 0x20b807, 0x20be82, 0x20c007, 0x20e6e2, 0x20e807, 0x20eac2,
    0x20ec07, 0x20ed02, 0x20f006, 0x20f0c2, 0x20f0e6, 0x20f622, 0x20f646, 0x20f762, 0x210007, 0x2100c2, 0x210107,
    0x210122, 0x210147, 0x2106c2, 0x2106e7, 0x210722, 0x210787, 0x2107a2, 0x2107e7, 0x210ac2, 0x210af5, 0x210b0f,
    0x210c07, 0x210efa, 0x210f2f, 0x211007, 0x2113e2, 0x2114ef, 0x211602, 0x211c07, 0x211e62, 0x211e87, 0x211ec2,
    0x211f6f, 0x212007, 0x2122cf, 0x212382, 0x2123f5, 0x212407, 0x212742, 0x2127f5, 0x212802, 0x213007, 0x213702,
    0x21378f, 0x2137c7, 0x21380f, 0x213a02, 0x213a4f, 0x214007, 0x21402c, 0x214082, 0x2140ac, 0x2140e2, 0x21418c,
    0x214207, 0x214282, 0x2142a7, 0x214302, 0x214327, 0x2146c2, 0x21470c, 0x214762, 0x2147ec, 0x21480f, 0x214922,
    0x214a15, 0x214b22, 0x214c07, 0x214faf, 0x214ff5, 0x215007, 0x2153af, 0x215402, 0x215807, 0x21591a, 0x215927,
    0x215cac, 0x215ce2, 0x215d6f, 0x215e15, 0x215ee2, 0x216007, 0x2166c2, 0x216735, 0x216807, 0x216ac2, 0x216b0f,
    0x216c07, 0x216e62, 0x216f0f, 0x217007, 0x217242, 0x217335, 0x2173a2, 0x21752f, 0x217602, 0x218007, 0x218922,
    0x219009, 0x219662, 0x219805, 0x219e62, 0x219f4f, 0x21a007, 0x21a48c, 0x21a502, 0x21a60d, 0x21a742, 0x21a80d,
    0x21a947, 0x21a9c6, 0x21a9e7, 0x21aa09, 0x21acc2, 0x21ad2c, 0x21add1, 0x21ade6, 0x21ae05, 0x21b0c2, 0x21b1d9,
    0x21b202, 0x21cc0f, 0x21cfe2, 0x21d007, 0x21d542, 0x21d56c, 0x21d5b1, 0x21d5c2, 0x21d607, 0x21d642, 0x21d847,
    0x21d8a2, 0x21df8c, 0x21e007, 0x21e3af, 0x21e4e7, 0x21e502, 0x21e607, 0x21e8cc, 0x21ea2f, 0x21eab5, 0x21eb42,
    0x21ee07, 0x21f04c, 0x21f0d5, 0x21f142, 0x21f607, 0x21f8af, 0x21f982, 0x21fc07, 0x21fee2, 0x22000a, 0x22002c,
    0x22004a, 0x220067, 0x22070c, 0x2208f5, 0x2209c2, 0x220a4f, 0x220ccd, 0x220e0c, 0x220e27, 0x220e6c, 0x220ea7,
    0x220ec2, 0x220fec, 0x22104a, 0x221067, 0x22160a, 0x22166c, 0x2216ea, 0x22172c, 0x221775, 0x2217a1, 0x2217d5,
    0x22184c, 0x221862, 0x2219a1, 0x2219c2, 0x221a07, 0x221d22, 0x221e0d, 0x221f42, 0x22200c, 0x222067, 0x2224ec,
    0x22258a, 0x2225ac, 0x2226a2, 0x2226cd, 0x222815, 0x222887, 0x2228aa, 0x2228e7, 0x222902, 0x222a07, 0x222e6c,
    0x222e95, 0x222ec7, 0x222ee2, 0x22300c, 0x22304a, 0x223067, 0x22366a, 0x2236cc, 0x2237ea, 0x223827, 0x2238b5,
    0x22392c, 0x2239b5, 0x2239ca, 0x2239ec, 0x223a0d, 0x223b47, 0x223b75, 0x223b87, 0x223bb5, 0x223c02, 0x223c2f,
    0x223ea2, 0x224007, 0x224242, 0x224267, 0x22458a, 0x2245ec, 0x22464a, 0x22468c, 0x2246aa, 0x2246cc, 0x224715,
    0x2247cc, 0x2247e7, 0x22482c, 0x224842, 0x225007, 0x2250e2, 0x225107, 0x225122, 0x225147, 0x2251c2, 0x2251e7,
    0x2253c2, 0x2253e7, 0x225535, 0x225542, 0x225607, 0x225bec, 0x225c0a, 0x225c6c, 0x225d62, 0x225e0d, 0x225f42,
    0x22600c, 0x22604a, 0x226082, 0x2260a7, 0x2261a2, 0x2261e7, 0x226222, 0x226267, 0x226522, 0x226547, 0x226622,
    0x226647, 0x226682, 0x2266a7, 0x226742, 0x22676c, 0x2267a7, 0x2267ca, 0x22680c, 0x22682a, 0x2268a2, 0x2268ea,
    0x226922, 0x22696a, 0x2269c2, 0x226a07, 0x226a22, 0x226aea, 0x226b02, 0x226ba7, 0x226c4a, 0x226c82, 0x226ccc,
    0x226da2, 0x226e0c, 0x226ea2, 0x227007, 0x227142, 0x227167, 0x227182, 0x2271c7, 0x2271e2, 0x227207, 0x2276c2,
    0x2276e7, 0x22770a, 0x22776c, 0x227822, 0x22784a, 0x227862, 0x2278aa, 0x2278c2, 0x2278ea, 0x227962, 0x22798a,
    0x2279cc, 0x2279ea, 0x227a0c, 0x227a27, 0x227a4c, 0x227a67, 0x227a95, 0x227ac2, 0x227af5, 0x227b22, 0x227c2c,
    0x227c62, 0x228007, 0x2286aa, 0x22870c, 0x22880a, 0x22884c, 0x2288aa, 0x2288cc, 0x2288e7, 0x228975, 0x228a0d,
    0x228b55, 0x228b82, 0x228bb5, 0x228bcc, 0x228be7, 0x228c42, 0x229007, 0x22960a, 0x22966c, 0x22972a, 0x22974c,
    0x22976a, 0x2297ec, 0x22982a, 0x22984c, 0x229887, 0x2298d5, 0x2298e7, 0x229902, 0x229a0d, 0x229b42, 0x22b007,
    0x22b5ea, 0x22b64c, 0x22b6c2, 0x22b70a, 0x22b78c, 0x22b7ca, 0x22b7ec, 0x22b835, 0x22bb07, 0x22bb8c, 0x22bbc2,
    0x22c007, 0x22c60a, 0x22c66c, 0x22c76a, 0x22c7ac, 0x22c7ca, 0x22c7ec, 0x22c835, 0x22c887, 0x22c8a2, 0x22ca0d,
    0x22cb42, 0x22cc15, 0x22cda2, 0x22d007, 0x22d56c, 0x22d58a, 0x22d5ac, 0x22d5ca, 0x22d60c, 0x22d6ca, 0x22d6ec,
    0x22d707, 0x22d735, 0x22d742, 0x22d80d, 0x22d942, 0x22da0d, 0x22dc82, 0x22e007, 0x22e362, 0x22e3ac, 0x22e3ca,
    0x22e3ec, 0x22e40a, 0x22e44c, 0x22e4ca, 0x22e4ec, 0x22e582, 0x22e60d, 0x22e74f, 0x22e795, 0x22e7fa, 0x22e807,
    0x22e8e2, 0x230007, 0x23058a, 0x2305ec, 0x23070a, 0x23072c, 0x230775, 0x230782, 0x231409, 0x231805, 0x231c0d,
    0x231d4f, 0x231e62, 0x231fe7, 0x2320e2, 0x232127, 0x232142, 0x232187, 0x232282, 0x2322a7, 0x2322e2, 0x232307,
    0x23260a, 0x2326c2, 0x2326ea, 0x232722, 0x23276c, 0x2327aa, 0x2327cc, 0x2327e7, 0x23280a, 0x232827, 0x23284a,
    0x23286c, 0x232895, 0x2328e2, 0x232a0d, 0x232b42, 0x233407, 0x233502, 0x233547, 0x233a2a, 0x233a8c, 0x233b02,
    0x233b4c, 0x233b8a, 0x233c0c, 0x233c27, 0x233c55, 0x233c67, 0x233c8a, 0x233ca2, 0x234007, 0x23402c, 0x234167,
    0x23466c, 0x23472a, 0x234747, 0x23476c, 0x2347f5, 0x2348ec, 0x234902, 0x234a07, 0x234a2c, 0x234aea, 0x234b2c,
    0x234b87, 0x23514c, 0x2352ea, 0x23530c, 0x235355, 0x2353a7, 0x2353d5, 0x235462, 0x235607, 0x235f22, 0x236015,
    0x236142, 0x237807, 0x237c35, 0x237c42, 0x237e0d, 0x237f42, 0x238007, 0x238122, 0x238147, 0x2385ea, 0x23860c,
    0x2386e2, 0x23870c, 0x2387ca, 0x2387ec, 0x238807, 0x238835, 0x2388c2, 0x238a0d, 0x238b4f, 0x238da2, 0x238e15,
    0x238e47, 0x239202, 0x23924c, 0x239502, 0x23952a, 0x23954c, 0x23962a, 0x23964c, 0x23968a, 0x2396ac, 0x2396e2,
    0x23a007, 0x23a0e2, 0x23a107, 0x23a142, 0x23a167, 0x23a62c, 0x23a6e2, 0x23a74c, 0x23a762, 0x23a78c, 0x23a7c2,
    0x23a7ec, 0x23a8c7, 0x23a8ec, 0x23a902, 0x23aa0d, 0x23ab42, 0x23ac07, 0x23acc2, 0x23ace7, 0x23ad22, 0x23ad47,
    0x23b14a, 0x23b1e2, 0x23b20c, 0x23b242, 0x23b26a, 0x23b2ac, 0x23b2ca, 0x23b2ec, 0x23b307, 0x23b322, 0x23b40d,
    0x23b542, 0x23dc07, 0x23de6c, 0x23deaa, 0x23def5, 0x23df22, 0x23e00c, 0x23e047, 0x23e06a, 0x23e087, 0x23e222,
    0x23e247, 0x23e68a, 0x23e6cc, 0x23e762, 0x23e7ca, 0x23e80c, 0x23e82a, 0x23e84c, 0x23e875, 0x23ea0d, 0x23eb4c,
    0x23eb62, 0x23f607, 0x23f622, 0x23f80f, 0x23faba, 0x23fbb7, 0x23fc3a, 0x23fe42, 0x23fff5, 0x240007, 0x247342,
    0x24800e, 0x248de2, 0x248e15, 0x248ea2, 0x249007, 0x24a882, 0x25f207, 0x25fe35, 0x25fe62, 0x260007, 0x268601,
    0x26880c, 0x268827, 0x2688ec, 0x268ac2, 0x268c07, 0x287f62, 0x288007, 0x28c8e2, 0x2c2007, 0x2c23cc, 0x2c254a,
    0x2c25ac, 0x2c260d, 0x2c2742, 0x2d0007, 0x2d4722, 0x2d4807, 0x2d4be2, 0x2d4c0d, 0x2d4d42, 0x2d4dd5, 0x2d4e07,
    0x2d57e2, 0x2d580d, 0x2d5942, 0x2d5a07, 0x2d5dc2, 0x2d5e0c, 0x2d5eb5, 0x2d5ec2, 0x2d6007, 0x2d660c, 0x2d66f5,
    0x2d679a, 0x2d6806, 0x2d6895, 0x2d68ba, 0x2d68c2, 0x2d6a0d, 0x2d6b42, 0x2d6b6f, 0x2d6c42, 0x2d6c67, 0x2d6f02,
    0x2d6fa7, 0x2d7202, 0x2da806, 0x2da867, 0x2dad66, 0x2dadb5, 0x2dae0d, 0x2daf42, 0x2dc809, 0x2dcc05, 0x2dd00f,
    0x2dd2f5, 0x2dd362, 0x2de007, 0x2de962, 0x2de9ec, 0x2dea07, 0x2dea2a, 0x2df102, 0x2df1ec, 0x2df266, 0x2df402,
    0x2dfc06, 0x2dfc55, 0x2dfc66, 0x2dfc8c, 0x2dfca2, 0x2dfe0a, 0x2dfe42, 0x2e0007, 0x30ff02, 0x310007, 0x319ac2,
    0x319fe7, 0x31a122, 0x35fe06, 0x35fe82, 0x35fea6, 0x35ff82, 0x35ffa6, 0x35ffe2, 0x360007, 0x362462, 0x362647,
    0x362662, 0x362a07, 0x362a62, 0x362aa7, 0x362ac2, 0x362c87, 0x362d02, 0x362e07, 0x365f82, 0x378007, 0x378d62,
    0x378e07, 0x378fa2, 0x379007, 0x379122, 0x379207, 0x379342, 0x37939a, 0x3793ac, 0x3793f5, 0x379401, 0x379482,
    0x39801a, 0x399e0d, 0x399f42, 0x39a01a, 0x39d682, 0x39e00c, 0x39e5c2, 0x39e60c, 0x39e8e2, 0x39ea1a, 0x39f882,
    0x3a001a, 0x3a1ec2, 0x3a201a, 0x3a24e2, 0x3a253a, 0x3a2caa, 0x3a2cec, 0x3a2d5a, 0x3a2daa, 0x3a2e61, 0x3a2f6c,
    0x3a307a, 0x3a30ac, 0x3a319a, 0x3a354c, 0x3a35da, 0x3a3d62, 0x3a401a, 0x3a484c, 0x3a48ba, 0x3a48c2, 0x3a580f,
    0x3a5a82, 0x3a5c0f, 0x3a5e82, 0x3a601a, 0x3a6ae2, 0x3a6c0f, 0x3a6f22, 0x3a8009, 0x3a8345, 0x3a8689, 0x3a89c5,
    0x3a8aa2, 0x3a8ac5, 0x3a8d09, 0x3a9045, 0x3a9389, 0x3a93a2, 0x3a93c9, 0x3a9402, 0x3a9449, 0x3a9462, 0x3a94a9,
    0x3a94e2, 0x3a9529, 0x3a95a2, 0x3a95c9, 0x3a96c5, 0x3a9742, 0x3a9765, 0x3a9782, 0x3a97a5, 0x3a9882, 0x3a98a5,
    0x3a9a09, 0x3a9d45, 0x3aa089, 0x3aa0c2, 0x3aa0e9, 0x3aa162, 0x3aa1a9, 0x3aa2a2, 0x3aa2c9, 0x3aa3a2, 0x3aa3c5,
    0x3aa709, 0x3aa742, 0x3aa769, 0x3aa7e2, 0x3aa809, 0x3aa8a2, 0x3aa8c9, 0x3aa8e2, 0x3aa949, 0x3aaa22, 0x3aaa45,
    0x3aad89, 0x3ab0c5, 0x3ab409, 0x3ab745, 0x3aba89, 0x3abdc5, 0x3ac109, 0x3ac445, 0x3ac789, 0x3acac5, 0x3ace09,
    0x3ad145, 0x3ad4c2, 0x3ad509, 0x3ad839, 0x3ad845, 0x3adb79, 0x3adb85, 0x3adc49, 0x3adf79, 0x3adf85, 0x3ae2b9,
    0x3ae2c5, 0x3ae389, 0x3ae6b9, 0x3ae6c5, 0x3ae9f9, 0x3aea05, 0x3aeac9, 0x3aedf9, 0x3aee05, 0x3af139, 0x3af145,
    0x3af209, 0x3af539, 0x3af545, 0x3af879, 0x3af885, 0x3af949, 0x3af965, 0x3af982, 0x3af9cd, 0x3b001a, 0x3b400c,
    0x3b46fa, 0x3b476c, 0x3b4dba, 0x3b4eac, 0x3b4eda, 0x3b508c, 0x3b50ba, 0x3b50f5, 0x3b5182, 0x3b536c, 0x3b5402,
    0x3b542c, 0x3b5602, 0x3be005, 0x3be147, 0x3be165, 0x3be3e2, 0x3be4a5, 0x3be562, 0x3c000c, 0x3c00e2, 0x3c010c,
    0x3c0322, 0x3c036c, 0x3c0442, 0x3c046c, 0x3c04a2, 0x3c04cc, 0x3c0562, 0x3c0606, 0x3c0dc2, 0x3c11ec, 0x3c1202,
    0x3c2007, 0x3c25a2, 0x3c260c, 0x3c26e6, 0x3c27c2, 0x3c280d, 0x3c2942, 0x3c29c7, 0x3c29fa, 0x3c2a02, 0x3c5207,
    0x3c55cc, 0x3c55e2, 0x3c5807, 0x3c5d8c, 0x3c5e0d, 0x3c5f42, 0x3c5ff7, 0x3c6002, 0x3c9a07, 0x3c9d66, 0x3c9d8c,
    0x3c9e0d, 0x3c9f42, 0x3cba07, 0x3cbdcc, 0x3cbe07, 0x3cbe2d, 0x3cbf62, 0x3cbff5, 0x3cc002, 0x3cfc07, 0x3cfce2,
    0x3cfd07, 0x3cfd82, 0x3cfda7, 0x3cfde2, 0x3cfe07, 0x3cffe2, 0x3d0007, 0x3d18a2, 0x3d18ef, 0x3d1a0c, 0x3d1ae2,
    0x3d2009, 0x3d2445, 0x3d288c, 0x3d2966, 0x3d2982, 0x3d2a0d, 0x3d2b42, 0x3d2bd5, 0x3d2c02, 0x3d8e2f, 0x3d959a,
    0x3d95af, 0x3d9617, 0x3d962f, 0x3d96a2, 0x3da02f, 0x3da5da, 0x3da5ef, 0x3da7c2, 0x3dc007, 0x3dc082, 0x3dc0a7,
    0x3dc402, 0x3dc427, 0x3dc462, 0x3dc487, 0x3dc4a2, 0x3dc4e7, 0x3dc502, 0x3dc527, 0x3dc662, 0x3dc687, 0x3dc702,
    0x3dc727, 0x3dc742, 0x3dc767, 0x3dc782, 0x3dc847, 0x3dc862, 0x3dc8e7, 0x3dc902, 0x3dc927, 0x3dc942, 0x3dc967,
    0x3dc982, 0x3dc9a7, 0x3dca02, 0x3dca27, 0x3dca62, 0x3dca87, 0x3dcaa2, 0x3dcae7, 0x3dcb02, 0x3dcb27, 0x3dcb42,
    0x3dcb67, 0x3dcb82, 0x3dcba7, 0x3dcbc2, 0x3dcbe7, 0x3dcc02, 0x3dcc27, 0x3dcc62, 0x3dcc87, 0x3dcca2, 0x3dcce7,
    0x3dcd62, 0x3dcd87, 0x3dce62, 0x3dce87, 0x3dcf02, 0x3dcf27, 0x3dcfa2, 0x3dcfc7, 0x3dcfe2, 0x3dd007, 0x3dd142,
    0x3dd167, 0x3dd382, 0x3dd427, 0x3dd482, 0x3dd4a7, 0x3dd542, 0x3dd567, 0x3dd782, 0x3dde19, 0x3dde42, 0x3e001a,
    0x3e0582, 0x3e061a, 0x3e1282, 0x3e141a, 0x3e15e2, 0x3e163a, 0x3e1802, 0x3e183a, 0x3e1a02, 0x3e1a3a, 0x3e1ec2,
    0x3e200f, 0x3e21ba, 0x3e35c2, 0x3e3cda, 0x3e4062, 0x3e421a, 0x3e4782, 0x3e481a, 0x3e4922, 0x3e4a1a, 0x3e4a42,
    0x3e4c1a, 0x3e4cc2, 0x3e601a, 0x3e7f78, 0x3e801a, 0x3edb02, 0x3edb9a, 0x3edda2, 0x3ede1a, 0x3edfa2, 0x3ee01a,
    0x3eeee2, 0x3eef7a, 0x3efb42, 0x3efc1a, 0x3efd82, 0x3efe1a, 0x3efe22, 0x3f001a, 0x3f0182, 0x3f021a, 0x3f0902,
    0x3f0a1a, 0x3f0b42, 0x3f0c1a, 0x3f1102, 0x3f121a, 0x3f15c2, 0x3f161a, 0x3f1782, 0x3f181a, 0x3f1842, 0x3f201a,
    0x3f4a82, 0x3f4c1a, 0x3f4dc2, 0x3f4e1a, 0x3f4fa2, 0x3f501a, 0x3f5142, 0x3f51fa, 0x3f58e2, 0x3f59da, 0x3f5ba2,
    0x3f5bfa, 0x3f5d42, 0x3f5e1a, 0x3f5f22, 0x3f601a, 0x3f7262, 0x3f729a, 0x3f7e0d, 0x3f7f42, 0x400007, 0x54dc02,
    0x54e007, 0x56e742, 0x56e807, 0x5703c2, 0x570407, 0x59d442, 0x59d607, 0x5d7c22, 0x5d7e07, 0x5dcbc2, 0x5f0007,
    0x5f43c2, 0x600007, 0x626962, 0x626a07, 0x647602, 0x1c00021, 0x1c00042, 0x1c00401, 0x1c01002, 0x1c0200c, 0x1c03e02,
    0x1e00003, 0x1ffffc2, 0x2000003, 0x21fffc2,
];
/// Script and Script_Extensions values ECMA-262 accepts (validated only; not matched).
const SCRIPT_NAMES: &str = "Adlam Adlm Aghb Ahom Anatolian_Hieroglyphs Arab Arabic Armenian Armi Armn Avestan Avst Bali Balinese Bamu Bamum Bass Bassa_Vah Batak Batk Beng Bengali Bhaiksuki Bhks Bopo Bopomofo Brah Brahmi Brai Braille Bugi Buginese Buhd Buhid Cakm Canadian_Aboriginal Cans Cari Carian Caucasian_Albanian Chakma Cham Cher Cherokee Chorasmian Chrs Common Copt Coptic Cpmn Cprt Cuneiform Cypriot Cypro_Minoan Cyrillic Cyrl Deseret Deva Devanagari Diak Dives_Akuru Dogr Dogra Dsrt Dupl Duployan Egyp Egyptian_Hieroglyphs Elba Elbasan Elym Elymaic Ethi Ethiopic Gara Garay Geor Georgian Glag Glagolitic Gong Gonm Goth Gothic Gran Grantha Greek Grek Gujarati Gujr Gukh Gunjala_Gondi Gurmukhi Guru Gurung_Khema Han Hang Hangul Hani Hanifi_Rohingya Hano Hanunoo Hatr Hatran Hebr Hebrew Hira Hiragana Hluw Hmng Hmnp Hrkt Hung Imperial_Aramaic Inherited Inscriptional_Pahlavi Inscriptional_Parthian Ital Java Javanese Kaithi Kali Kana Kannada Katakana Katakana_Or_Hiragana Kawi Kayah_Li Khar Kharoshthi Khitan_Small_Script Khmer Khmr Khoj Khojki Khudawadi Kirat_Rai Kits Knda Krai Kthi Lana Lao Laoo Latin Latn Lepc Lepcha Limb Limbu Lina Linb Linear_A Linear_B Lisu Lyci Lycian Lydi Lydian Mahajani Mahj Maka Makasar Malayalam Mand Mandaic Mani Manichaean Marc Marchen Masaram_Gondi Medefaidrin Medf Meetei_Mayek Mend Mende_Kikakui Merc Mero Meroitic_Cursive Meroitic_Hieroglyphs Miao Mlym Modi Mong Mongolian Mro Mroo Mtei Mult Multani Myanmar Mymr Nabataean Nag_Mundari Nagm Nand Nandinagari Narb Nbat New_Tai_Lue Newa Nko Nkoo Nshu Nushu Nyiakeng_Puachue_Hmong Ogam Ogham Ol_Chiki Ol_Onal Olck Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Onao Oriya Orkh Orya Osage Osge Osma Osmanya Ougr Pahawh_Hmong Palm Palmyrene Pau_Cin_Hau Pauc Perm Phag Phags_Pa Phli Phlp Phnx Phoenician Plrd Prti Psalter_Pahlavi Qaac Qaai Rejang Rjng Rohg Runic Runr Samaritan Samr Sarb Saur Saurashtra Sgnw Sharada Shavian Shaw Shrd Sidd Siddham SignWriting Sind Sinh Sinhala Sogd Sogdian Sogo Sora Sora_Sompeng Soyo Soyombo Sund Sundanese Sunu Sunuwar Sylo Syloti_Nagri Syrc Syriac Tagalog Tagb Tagbanwa Tai_Le Tai_Tham Tai_Viet Takr Takri Tale Talu Tamil Taml Tang Tangsa Tangut Tavt Telu Telugu Tfng Tglg Thaa Thaana Thai Tibetan Tibt Tifinagh Tirh Tirhuta Tnsa Todhri Todr Toto Tulu_Tigalari Tutg Ugar Ugaritic Unknown Vai Vaii Vith Vithkuqi Wancho Wara Warang_Citi Wcho Xpeo Xsux Yezi Yezidi Yi Yiii Zanabazar_Square Zanb Zinh Zyyy Zzzz";
/// Simple case folding orbits as runs: `(start << 11 | count << 3 | stride, delta)`: for i < count,
/// `start + i*stride` has `start + i*stride + delta` as the next member of its orbit (cyclic).
const FOLD_RUNS: [(u32, i32); 1389] = [
    (0x208d1, 32),
    (0x30851, -32),
    (0x35809, 8383),
    (0x36039, -32),
    (0x39809, 268),
    (0x3a039, -32),
    (0x5a809, 743),
    (0x600b9, 32),
    (0x6c039, 32),
    (0x6f809, 7615),
    (0x70029, -32),
    (0x72809, 8262),
    (0x73089, -32),
    (0x7c039, -32),
    (0x7f809, 121),
    (0x80009, 1),
    (0x80809, -1),
    (0x81009, 1),
    (0x81809, -1),
    (0x82009, 1),
    (0x82809, -1),
    (0x83009, 1),
    (0x83809, -1),
    (0x84009, 1),
    (0x84809, -1),
    (0x85009, 1),
    (0x85809, -1),
    (0x86009, 1),
    (0x86809, -1),
    (0x87009, 1),
    (0x87809, -1),
    (0x88009, 1),
    (0x88809, -1),
    (0x89009, 1),
    (0x89809, -1),
    (0x8a009, 1),
    (0x8a809, -1),
    (0x8b009, 1),
    (0x8b809, -1),
    (0x8c009, 1),
    (0x8c809, -1),
    (0x8d009, 1),
    (0x8d809, -1),
    (0x8e009, 1),
    (0x8e809, -1),
    (0x8f009, 1),
    (0x8f809, -1),
    (0x90009, 1),
    (0x90809, -1),
    (0x91009, 1),
    (0x91809, -1),
    (0x92009, 1),
    (0x92809, -1),
    (0x93009, 1),
    (0x93809, -1),
    (0x94009, 1),
    (0x94809, -1),
    (0x95009, 1),
    (0x95809, -1),
    (0x96009, 1),
    (0x96809, -1),
    (0x97009, 1),
    (0x97809, -1),
    (0x99009, 1),
    (0x99809, -1),
    (0x9a009, 1),
    (0x9a809, -1),
    (0x9b009, 1),
    (0x9b809, -1),
    (0x9c809, 1),
    (0x9d009, -1),
    (0x9d809, 1),
    (0x9e009, -1),
    (0x9e809, 1),
    (0x9f009, -1),
    (0x9f809, 1),
    (0xa0009, -1),
    (0xa0809, 1),
    (0xa1009, -1),
    (0xa1809, 1),
    (0xa2009, -1),
    (0xa2809, 1),
    (0xa3009, -1),
    (0xa3809, 1),
    (0xa4009, -1),
    (0xa5009, 1),
    (0xa5809, -1),
    (0xa6009, 1),
    (0xa6809, -1),
    (0xa7009, 1),
    (0xa7809, -1),
    (0xa8009, 1),
    (0xa8809, -1),
    (0xa9009, 1),
    (0xa9809, -1),
    (0xaa009, 1),
    (0xaa809, -1),
    (0xab009, 1),
    (0xab809, -1),
    (0xac009, 1),
    (0xac809, -1),
    (0xad009, 1),
    (0xad809, -1),
    (0xae009, 1),
    (0xae809, -1),
    (0xaf009, 1),
    (0xaf809, -1),
    (0xb0009, 1),
    (0xb0809, -1),
    (0xb1009, 1),
    (0xb1809, -1),
    (0xb2009, 1),
    (0xb2809, -1),
    (0xb3009, 1),
    (0xb3809, -1),
    (0xb4009, 1),
    (0xb4809, -1),
    (0xb5009, 1),
    (0xb5809, -1),
    (0xb6009, 1),
    (0xb6809, -1),
    (0xb7009, 1),
    (0xb7809, -1),
    (0xb8009, 1),
    (0xb8809, -1),
    (0xb9009, 1),
    (0xb9809, -1),
    (0xba009, 1),
    (0xba809, -1),
    (0xbb009, 1),
    (0xbb809, -1),
    (0xbc009, -121),
    (0xbc809, 1),
    (0xbd009, -1),
    (0xbd809, 1),
    (0xbe009, -1),
    (0xbe809, 1),
    (0xbf009, -1),
    (0xbf809, -300),
    (0xc0009, 195),
    (0xc0809, 210),
    (0xc1009, 1),
    (0xc1809, -1),
    (0xc2009, 1),
    (0xc2809, -1),
    (0xc3009, 206),
    (0xc3809, 1),
    (0xc4009, -1),
    (0xc4811, 205),
    (0xc5809, 1),
    (0xc6009, -1),
    (0xc7009, 79),
    (0xc7809, 202),
    (0xc8009, 203),
    (0xc8809, 1),
    (0xc9009, -1),
    (0xc9809, 205),
    (0xca009, 207),
    (0xca809, 97),
    (0xcb009, 211),
    (0xcb809, 209),
    (0xcc009, 1),
    (0xcc809, -1),
    (0xcd009, 163),
    (0xcd809, 42561),
    (0xce009, 211),
    (0xce809, 213),
    (0xcf009, 130),
    (0xcf809, 214),
    (0xd0009, 1),
    (0xd0809, -1),
    (0xd1009, 1),
    (0xd1809, -1),
    (0xd2009, 1),
    (0xd2809, -1),
    (0xd3009, 218),
    (0xd3809, 1),
    (0xd4009, -1),
    (0xd4809, 218),
    (0xd6009, 1),
    (0xd6809, -1),
    (0xd7009, 218),
    (0xd7809, 1),
    (0xd8009, -1),
    (0xd8811, 217),
    (0xd9809, 1),
    (0xda009, -1),
    (0xda809, 1),
    (0xdb009, -1),
    (0xdb809, 219),
    (0xdc009, 1),
    (0xdc809, -1),
    (0xde009, 1),
    (0xde809, -1),
    (0xdf809, 56),
    (0xe2011, 1),
    (0xe3009, -2),
    (0xe3811, 1),
    (0xe4809, -2),
    (0xe5011, 1),
    (0xe6009, -2),
    (0xe6809, 1),
    (0xe7009, -1),
    (0xe7809, 1),
    (0xe8009, -1),
    (0xe8809, 1),
    (0xe9009, -1),
    (0xe9809, 1),
    (0xea009, -1),
    (0xea809, 1),
    (0xeb009, -1),
    (0xeb809, 1),
    (0xec009, -1),
    (0xec809, 1),
    (0xed009, -1),
    (0xed809, 1),
    (0xee009, -1),
    (0xee809, -79),
    (0xef009, 1),
    (0xef809, -1),
    (0xf0009, 1),
    (0xf0809, -1),
    (0xf1009, 1),
    (0xf1809, -1),
    (0xf2009, 1),
    (0xf2809, -1),
    (0xf3009, 1),
    (0xf3809, -1),
    (0xf4009, 1),
    (0xf4809, -1),
    (0xf5009, 1),
    (0xf5809, -1),
    (0xf6009, 1),
    (0xf6809, -1),
    (0xf7009, 1),
    (0xf7809, -1),
    (0xf8811, 1),
    (0xf9809, -2),
    (0xfa009, 1),
    (0xfa809, -1),
    (0xfb009, -97),
    (0xfb809, -56),
    (0xfc009, 1),
    (0xfc809, -1),
    (0xfd009, 1),
    (0xfd809, -1),
    (0xfe009, 1),
    (0xfe809, -1),
    (0xff009, 1),
    (0xff809, -1),
    (0x100009, 1),
    (0x100809, -1),
    (0x101009, 1),
    (0x101809, -1),
    (0x102009, 1),
    (0x102809, -1),
    (0x103009, 1),
    (0x103809, -1),
    (0x104009, 1),
    (0x104809, -1),
    (0x105009, 1),
    (0x105809, -1),
    (0x106009, 1),
    (0x106809, -1),
    (0x107009, 1),
    (0x107809, -1),
    (0x108009, 1),
    (0x108809, -1),
    (0x109009, 1),
    (0x109809, -1),
    (0x10a009, 1),
    (0x10a809, -1),
    (0x10b009, 1),
    (0x10b809, -1),
    (0x10c009, 1),
    (0x10c809, -1),
    (0x10d009, 1),
    (0x10d809, -1),
    (0x10e009, 1),
    (0x10e809, -1),
    (0x10f009, 1),
    (0x10f809, -1),
    (0x110009, -130),
    (0x111009, 1),
    (0x111809, -1),
    (0x112009, 1),
    (0x112809, -1),
    (0x113009, 1),
    (0x113809, -1),
    (0x114009, 1),
    (0x114809, -1),
    (0x115009, 1),
    (0x115809, -1),
    (0x116009, 1),
    (0x116809, -1),
    (0x117009, 1),
    (0x117809, -1),
    (0x118009, 1),
    (0x118809, -1),
    (0x119009, 1),
    (0x119809, -1),
    (0x11d009, 10795),
    (0x11d809, 1),
    (0x11e009, -1),
    (0x11e809, -163),
    (0x11f009, 10792),
    (0x11f811, 10815),
    (0x120809, 1),
    (0x121009, -1),
    (0x121809, -195),
    (0x122009, 69),
    (0x122809, 71),
    (0x123009, 1),
    (0x123809, -1),
    (0x124009, 1),
    (0x124809, -1),
    (0x125009, 1),
    (0x125809, -1),
    (0x126009, 1),
    (0x126809, -1),
    (0x127009, 1),
    (0x127809, -1),
    (0x128009, 10783),
    (0x128809, 10780),
    (0x129009, 10782),
    (0x129809, -210),
    (0x12a009, -206),
    (0x12b011, -205),
    (0x12c809, -202),
    (0x12d809, -203),
    (0x12e009, 42319),
    (0x130009, -205),
    (0x130809, 42315),
    (0x131809, -207),
    (0x132009, 42343),
    (0x132809, 42280),
    (0x133009, 42308),
    (0x134009, -209),
    (0x134809, -211),
    (0x135009, 42308),
    (0x135809, 10743),
    (0x136009, 42305),
    (0x137809, -211),
    (0x138809, 10749),
    (0x139009, -213),
    (0x13a809, -214),
    (0x13e809, 10727),
    (0x140009, -218),
    (0x141009, 42307),
    (0x141809, -218),
    (0x143809, 42282),
    (0x144009, -218),
    (0x144809, -69),
    (0x145011, -217),
    (0x146009, -71),
    (0x149009, -219),
    (0x14e809, 42261),
    (0x14f009, 42258),
    (0x1a2809, 84),
    (0x1b8009, 1),
    (0x1b8809, -1),
    (0x1b9009, 1),
    (0x1b9809, -1),
    (0x1bb009, 1),
    (0x1bb809, -1),
    (0x1bd819, 130),
    (0x1bf809, 116),
    (0x1c3009, 38),
    (0x1c4019, 37),
    (0x1c6009, 64),
    (0x1c7011, 63),
    (0x1c8009, 7235),
    (0x1c8889, 32),
    (0x1d1809, 31),
    (0x1d2041, 32),
    (0x1d6009, -38),
    (0x1d6819, -37),
    (0x1d8009, 7219),
    (0x1d8809, -32),
    (0x1d9009, 30),
    (0x1d9811, -32),
    (0x1da809, 64),
    (0x1db011, -32),
    (0x1dc009, 25),
    (0x1dc809, 7173),
    (0x1dd009, 54),
    (0x1dd809, -32),
    (0x1de009, -775),
    (0x1de819, -32),
    (0x1e0009, 22),
    (0x1e0809, 48),
    (0x1e1009, 1),
    (0x1e1819, -32),
    (0x1e3009, 15),
    (0x1e3811, -32),
    (0x1e4809, 7517),
    (0x1e5011, -32),
    (0x1e6009, -64),
    (0x1e6811, -63),
    (0x1e7809, 8),
    (0x1e8009, -62),
    (0x1e8809, 35),
    (0x1ea809, -47),
    (0x1eb009, -54),
    (0x1eb809, -8),
    (0x1ec009, 1),
    (0x1ec809, -1),
    (0x1ed009, 1),
    (0x1ed809, -1),
    (0x1ee009, 1),
    (0x1ee809, -1),
    (0x1ef009, 1),
    (0x1ef809, -1),
    (0x1f0009, 1),
    (0x1f0809, -1),
    (0x1f1009, 1),
    (0x1f1809, -1),
    (0x1f2009, 1),
    (0x1f2809, -1),
    (0x1f3009, 1),
    (0x1f3809, -1),
    (0x1f4009, 1),
    (0x1f4809, -1),
    (0x1f5009, 1),
    (0x1f5809, -1),
    (0x1f6009, 1),
    (0x1f6809, -1),
    (0x1f7009, 1),
    (0x1f7809, -1),
    (0x1f8009, -86),
    (0x1f8809, -80),
    (0x1f9009, 7),
    (0x1f9809, -116),
    (0x1fa009, -92),
    (0x1fa809, -96),
    (0x1fb809, 1),
    (0x1fc009, -1),
    (0x1fc809, -7),
    (0x1fd009, 1),
    (0x1fd809, -1),
    (0x1fe819, -130),
    (0x200081, 80),
    (0x208101, 32),
    (0x218011, -32),
    (0x219009, 6222),
    (0x219809, -32),
    (0x21a009, 6221),
    (0x21a849, -32),
    (0x21f009, 6212),
    (0x21f811, -32),
    (0x220811, 6210),
    (0x221839, -32),
    (0x225009, 6204),
    (0x225829, -32),
    (0x228081, -80),
    (0x230009, 1),
    (0x230809, -1),
    (0x231009, 1),
    (0x231809, 6180),
    (0x232009, 1),
    (0x232809, -1),
    (0x233009, 1),
    (0x233809, -1),
    (0x234009, 1),
    (0x234809, -1),
    (0x235009, 1),
    (0x235809, -1),
    (0x236009, 1),
    (0x236809, -1),
    (0x237009, 1),
    (0x237809, -1),
    (0x238009, 1),
    (0x238809, -1),
    (0x239009, 1),
    (0x239809, -1),
    (0x23a009, 1),
    (0x23a809, -1),
    (0x23b009, 1),
    (0x23b809, -1),
    (0x23c009, 1),
    (0x23c809, -1),
    (0x23d009, 1),
    (0x23d809, -1),
    (0x23e009, 1),
    (0x23e809, -1),
    (0x23f009, 1),
    (0x23f809, -1),
    (0x240009, 1),
    (0x240809, -1),
    (0x245009, 1),
    (0x245809, -1),
    (0x246009, 1),
    (0x246809, -1),
    (0x247009, 1),
    (0x247809, -1),
    (0x248009, 1),
    (0x248809, -1),
    (0x249009, 1),
    (0x249809, -1),
    (0x24a009, 1),
    (0x24a809, -1),
    (0x24b009, 1),
    (0x24b809, -1),
    (0x24c009, 1),
    (0x24c809, -1),
    (0x24d009, 1),
    (0x24d809, -1),
    (0x24e009, 1),
    (0x24e809, -1),
    (0x24f009, 1),
    (0x24f809, -1),
    (0x250009, 1),
    (0x250809, -1),
    (0x251009, 1),
    (0x251809, -1),
    (0x252009, 1),
    (0x252809, -1),
    (0x253009, 1),
    (0x253809, -1),
    (0x254009, 1),
    (0x254809, -1),
    (0x255009, 1),
    (0x255809, -1),
    (0x256009, 1),
    (0x256809, -1),
    (0x257009, 1),
    (0x257809, -1),
    (0x258009, 1),
    (0x258809, -1),
    (0x259009, 1),
    (0x259809, -1),
    (0x25a009, 1),
    (0x25a809, -1),
    (0x25b009, 1),
    (0x25b809, -1),
    (0x25c009, 1),
    (0x25c809, -1),
    (0x25d009, 1),
    (0x25d809, -1),
    (0x25e009, 1),
    (0x25e809, -1),
    (0x25f009, 1),
    (0x25f809, -1),
    (0x260009, 15),
    (0x260809, 1),
    (0x261009, -1),
    (0x261809, 1),
    (0x262009, -1),
    (0x262809, 1),
    (0x263009, -1),
    (0x263809, 1),
    (0x264009, -1),
    (0x264809, 1),
    (0x265009, -1),
    (0x265809, 1),
    (0x266009, -1),
    (0x266809, 1),
    (0x267009, -1),
    (0x267809, -15),
    (0x268009, 1),
    (0x268809, -1),
    (0x269009, 1),
    (0x269809, -1),
    (0x26a009, 1),
    (0x26a809, -1),
    (0x26b009, 1),
    (0x26b809, -1),
    (0x26c009, 1),
    (0x26c809, -1),
    (0x26d009, 1),
    (0x26d809, -1),
    (0x26e009, 1),
    (0x26e809, -1),
    (0x26f009, 1),
    (0x26f809, -1),
    (0x270009, 1),
    (0x270809, -1),
    (0x271009, 1),
    (0x271809, -1),
    (0x272009, 1),
    (0x272809, -1),
    (0x273009, 1),
    (0x273809, -1),
    (0x274009, 1),
    (0x274809, -1),
    (0x275009, 1),
    (0x275809, -1),
    (0x276009, 1),
    (0x276809, -1),
    (0x277009, 1),
    (0x277809, -1),
    (0x278009, 1),
    (0x278809, -1),
    (0x279009, 1),
    (0x279809, -1),
    (0x27a009, 1),
    (0x27a809, -1),
    (0x27b009, 1),
    (0x27b809, -1),
    (0x27c009, 1),
    (0x27c809, -1),
    (0x27d009, 1),
    (0x27d809, -1),
    (0x27e009, 1),
    (0x27e809, -1),
    (0x27f009, 1),
    (0x27f809, -1),
    (0x280009, 1),
    (0x280809, -1),
    (0x281009, 1),
    (0x281809, -1),
    (0x282009, 1),
    (0x282809, -1),
    (0x283009, 1),
    (0x283809, -1),
    (0x284009, 1),
    (0x284809, -1),
    (0x285009, 1),
    (0x285809, -1),
    (0x286009, 1),
    (0x286809, -1),
    (0x287009, 1),
    (0x287809, -1),
    (0x288009, 1),
    (0x288809, -1),
    (0x289009, 1),
    (0x289809, -1),
    (0x28a009, 1),
    (0x28a809, -1),
    (0x28b009, 1),
    (0x28b809, -1),
    (0x28c009, 1),
    (0x28c809, -1),
    (0x28d009, 1),
    (0x28d809, -1),
    (0x28e009, 1),
    (0x28e809, -1),
    (0x28f009, 1),
    (0x28f809, -1),
    (0x290009, 1),
    (0x290809, -1),
    (0x291009, 1),
    (0x291809, -1),
    (0x292009, 1),
    (0x292809, -1),
    (0x293009, 1),
    (0x293809, -1),
    (0x294009, 1),
    (0x294809, -1),
    (0x295009, 1),
    (0x295809, -1),
    (0x296009, 1),
    (0x296809, -1),
    (0x297009, 1),
    (0x297809, -1),
    (0x298931, 48),
    (0x2b0931, -48),
    (0x850131, 7264),
    (0x863809, 7264),
    (0x866809, 7264),
    (0x868159, 3008),
    (0x87e819, 3008),
    (0x9d0281, 38864),
    (0x9f8031, 8),
    (0x9fc031, -8),
    (0xe40009, -6254),
    (0xe40809, -6253),
    (0xe41009, -6244),
    (0xe41809, -6242),
    (0xe42009, 1),
    (0xe42809, -6243),
    (0xe43009, -6236),
    (0xe43809, -6181),
    (0xe44009, 35266),
    (0xe44809, 1),
    (0xe45009, -1),
    (0xe48159, -3008),
    (0xe5e819, -3008),
    (0xebc809, 35332),
    (0xebe809, 3814),
    (0xec7009, 35384),
    (0xf00009, 1),
    (0xf00809, -1),
    (0xf01009, 1),
    (0xf01809, -1),
    (0xf02009, 1),
    (0xf02809, -1),
    (0xf03009, 1),
    (0xf03809, -1),
    (0xf04009, 1),
    (0xf04809, -1),
    (0xf05009, 1),
    (0xf05809, -1),
    (0xf06009, 1),
    (0xf06809, -1),
    (0xf07009, 1),
    (0xf07809, -1),
    (0xf08009, 1),
    (0xf08809, -1),
    (0xf09009, 1),
    (0xf09809, -1),
    (0xf0a009, 1),
    (0xf0a809, -1),
    (0xf0b009, 1),
    (0xf0b809, -1),
    (0xf0c009, 1),
    (0xf0c809, -1),
    (0xf0d009, 1),
    (0xf0d809, -1),
    (0xf0e009, 1),
    (0xf0e809, -1),
    (0xf0f009, 1),
    (0xf0f809, -1),
    (0xf10009, 1),
    (0xf10809, -1),
    (0xf11009, 1),
    (0xf11809, -1),
    (0xf12009, 1),
    (0xf12809, -1),
    (0xf13009, 1),
    (0xf13809, -1),
    (0xf14009, 1),
    (0xf14809, -1),
    (0xf15009, 1),
    (0xf15809, -1),
    (0xf16009, 1),
    (0xf16809, -1),
    (0xf17009, 1),
    (0xf17809, -1),
    (0xf18009, 1),
    (0xf18809, -1),
    (0xf19009, 1),
    (0xf19809, -1),
    (0xf1a009, 1),
    (0xf1a809, -1),
    (0xf1b009, 1),
    (0xf1b809, -1),
    (0xf1c009, 1),
    (0xf1c809, -1),
    (0xf1d009, 1),
    (0xf1d809, -1),
    (0xf1e009, 1),
    (0xf1e809, -1),
    (0xf1f009, 1),
    (0xf1f809, -1),
    (0xf20009, 1),
    (0xf20809, -1),
    (0xf21009, 1),
    (0xf21809, -1),
    (0xf22009, 1),
    (0xf22809, -1),
    (0xf23009, 1),
    (0xf23809, -1),
    (0xf24009, 1),
    (0xf24809, -1),
    (0xf25009, 1),
    (0xf25809, -1),
    (0xf26009, 1),
    (0xf26809, -1),
    (0xf27009, 1),
    (0xf27809, -1),
    (0xf28009, 1),
    (0xf28809, -1),
    (0xf29009, 1),
    (0xf29809, -1),
    (0xf2a009, 1),
    (0xf2a809, -1),
    (0xf2b009, 1),
    (0xf2b809, -1),
    (0xf2c009, 1),
    (0xf2c809, -1),
    (0xf2d009, 1),
    (0xf2d809, -1),
    (0xf2e009, 1),
    (0xf2e809, -1),
    (0xf2f009, 1),
    (0xf2f809, -1),
    (0xf30009, 1),
    (0xf30809, 58),
    (0xf31009, 1),
    (0xf31809, -1),
    (0xf32009, 1),
    (0xf32809, -1),
    (0xf33009, 1),
    (0xf33809, -1),
    (0xf34009, 1),
    (0xf34809, -1),
    (0xf35009, 1),
    (0xf35809, -1),
    (0xf36009, 1),
    (0xf36809, -1),
    (0xf37009, 1),
    (0xf37809, -1),
    (0xf38009, 1),
    (0xf38809, -1),
    (0xf39009, 1),
    (0xf39809, -1),
    (0xf3a009, 1),
    (0xf3a809, -1),
    (0xf3b009, 1),
    (0xf3b809, -1),
    (0xf3c009, 1),
    (0xf3c809, -1),
    (0xf3d009, 1),
    (0xf3d809, -1),
    (0xf3e009, 1),
    (0xf3e809, -1),
    (0xf3f009, 1),
    (0xf3f809, -1),
    (0xf40009, 1),
    (0xf40809, -1),
    (0xf41009, 1),
    (0xf41809, -1),
    (0xf42009, 1),
    (0xf42809, -1),
    (0xf43009, 1),
    (0xf43809, -1),
    (0xf44009, 1),
    (0xf44809, -1),
    (0xf45009, 1),
    (0xf45809, -1),
    (0xf46009, 1),
    (0xf46809, -1),
    (0xf47009, 1),
    (0xf47809, -1),
    (0xf48009, 1),
    (0xf48809, -1),
    (0xf49009, 1),
    (0xf49809, -1),
    (0xf4a009, 1),
    (0xf4a809, -1),
    (0xf4d809, -59),
    (0xf4f009, -7615),
    (0xf50009, 1),
    (0xf50809, -1),
    (0xf51009, 1),
    (0xf51809, -1),
    (0xf52009, 1),
    (0xf52809, -1),
    (0xf53009, 1),
    (0xf53809, -1),
    (0xf54009, 1),
    (0xf54809, -1),
    (0xf55009, 1),
    (0xf55809, -1),
    (0xf56009, 1),
    (0xf56809, -1),
    (0xf57009, 1),
    (0xf57809, -1),
    (0xf58009, 1),
    (0xf58809, -1),
    (0xf59009, 1),
    (0xf59809, -1),
    (0xf5a009, 1),
    (0xf5a809, -1),
    (0xf5b009, 1),
    (0xf5b809, -1),
    (0xf5c009, 1),
    (0xf5c809, -1),
    (0xf5d009, 1),
    (0xf5d809, -1),
    (0xf5e009, 1),
    (0xf5e809, -1),
    (0xf5f009, 1),
    (0xf5f809, -1),
    (0xf60009, 1),
    (0xf60809, -1),
    (0xf61009, 1),
    (0xf61809, -1),
    (0xf62009, 1),
    (0xf62809, -1),
    (0xf63009, 1),
    (0xf63809, -1),
    (0xf64009, 1),
    (0xf64809, -1),
    (0xf65009, 1),
    (0xf65809, -1),
    (0xf66009, 1),
    (0xf66809, -1),
    (0xf67009, 1),
    (0xf67809, -1),
    (0xf68009, 1),
    (0xf68809, -1),
    (0xf69009, 1),
    (0xf69809, -1),
    (0xf6a009, 1),
    (0xf6a809, -1),
    (0xf6b009, 1),
    (0xf6b809, -1),
    (0xf6c009, 1),
    (0xf6c809, -1),
    (0xf6d009, 1),
    (0xf6d809, -1),
    (0xf6e009, 1),
    (0xf6e809, -1),
    (0xf6f009, 1),
    (0xf6f809, -1),
    (0xf70009, 1),
    (0xf70809, -1),
    (0xf71009, 1),
    (0xf71809, -1),
    (0xf72009, 1),
    (0xf72809, -1),
    (0xf73009, 1),
    (0xf73809, -1),
    (0xf74009, 1),
    (0xf74809, -1),
    (0xf75009, 1),
    (0xf75809, -1),
    (0xf76009, 1),
    (0xf76809, -1),
    (0xf77009, 1),
    (0xf77809, -1),
    (0xf78009, 1),
    (0xf78809, -1),
    (0xf79009, 1),
    (0xf79809, -1),
    (0xf7a009, 1),
    (0xf7a809, -1),
    (0xf7b009, 1),
    (0xf7b809, -1),
    (0xf7c009, 1),
    (0xf7c809, -1),
    (0xf7d009, 1),
    (0xf7d809, -1),
    (0xf7e009, 1),
    (0xf7e809, -1),
    (0xf7f009, 1),
    (0xf7f809, -1),
    (0xf80041, 8),
    (0xf84041, -8),
    (0xf88031, 8),
    (0xf8c031, -8),
    (0xf90041, 8),
    (0xf94041, -8),
    (0xf98041, 8),
    (0xf9c041, -8),
    (0xfa0031, 8),
    (0xfa4031, -8),
    (0xfa8822, 8),
    (0xfac822, -8),
    (0xfb0041, 8),
    (0xfb4041, -8),
    (0xfb8011, 74),
    (0xfb9021, 86),
    (0xfbb011, 100),
    (0xfbc011, 128),
    (0xfbd011, 112),
    (0xfbe011, 126),
    (0xfc0041, 8),
    (0xfc4041, -8),
    (0xfc8041, 8),
    (0xfcc041, -8),
    (0xfd0041, 8),
    (0xfd4041, -8),
    (0xfd8011, 8),
    (0xfd9809, 9),
    (0xfdc011, -8),
    (0xfdd011, -74),
    (0xfde009, -9),
    (0xfdf009, -7289),
    (0xfe1809, 9),
    (0xfe4021, -86),
    (0xfe6009, -9),
    (0xfe8011, 8),
    (0xfe9809, -7235),
    (0xfec011, -8),
    (0xfed011, -100),
    (0xff0011, 8),
    (0xff1809, -7219),
    (0xff2809, 7),
    (0xff4011, -8),
    (0xff5011, -112),
    (0xff6009, -7),
    (0xff9809, 9),
    (0xffc011, -128),
    (0xffd011, -126),
    (0xffe009, -9),
    (0x1093009, -7549),
    (0x1095009, -8415),
    (0x1095809, -8294),
    (0x1099009, 28),
    (0x10a7009, -28),
    (0x10b0081, 16),
    (0x10b8081, -16),
    (0x10c1809, 1),
    (0x10c2009, -1),
    (0x125b0d1, 26),
    (0x12680d1, -26),
    (0x1600181, 48),
    (0x1618181, -48),
    (0x1630009, 1),
    (0x1630809, -1),
    (0x1631009, -10743),
    (0x1631809, -3814),
    (0x1632009, -10727),
    (0x1632809, -10795),
    (0x1633009, -10792),
    (0x1633809, 1),
    (0x1634009, -1),
    (0x1634809, 1),
    (0x1635009, -1),
    (0x1635809, 1),
    (0x1636009, -1),
    (0x1636809, -10780),
    (0x1637009, -10749),
    (0x1637809, -10783),
    (0x1638009, -10782),
    (0x1639009, 1),
    (0x1639809, -1),
    (0x163a809, 1),
    (0x163b009, -1),
    (0x163f011, -10815),
    (0x1640009, 1),
    (0x1640809, -1),
    (0x1641009, 1),
    (0x1641809, -1),
    (0x1642009, 1),
    (0x1642809, -1),
    (0x1643009, 1),
    (0x1643809, -1),
    (0x1644009, 1),
    (0x1644809, -1),
    (0x1645009, 1),
    (0x1645809, -1),
    (0x1646009, 1),
    (0x1646809, -1),
    (0x1647009, 1),
    (0x1647809, -1),
    (0x1648009, 1),
    (0x1648809, -1),
    (0x1649009, 1),
    (0x1649809, -1),
    (0x164a009, 1),
    (0x164a809, -1),
    (0x164b009, 1),
    (0x164b809, -1),
    (0x164c009, 1),
    (0x164c809, -1),
    (0x164d009, 1),
    (0x164d809, -1),
    (0x164e009, 1),
    (0x164e809, -1),
    (0x164f009, 1),
    (0x164f809, -1),
    (0x1650009, 1),
    (0x1650809, -1),
    (0x1651009, 1),
    (0x1651809, -1),
    (0x1652009, 1),
    (0x1652809, -1),
    (0x1653009, 1),
    (0x1653809, -1),
    (0x1654009, 1),
    (0x1654809, -1),
    (0x1655009, 1),
    (0x1655809, -1),
    (0x1656009, 1),
    (0x1656809, -1),
    (0x1657009, 1),
    (0x1657809, -1),
    (0x1658009, 1),
    (0x1658809, -1),
    (0x1659009, 1),
    (0x1659809, -1),
    (0x165a009, 1),
    (0x165a809, -1),
    (0x165b009, 1),
    (0x165b809, -1),
    (0x165c009, 1),
    (0x165c809, -1),
    (0x165d009, 1),
    (0x165d809, -1),
    (0x165e009, 1),
    (0x165e809, -1),
    (0x165f009, 1),
    (0x165f809, -1),
    (0x1660009, 1),
    (0x1660809, -1),
    (0x1661009, 1),
    (0x1661809, -1),
    (0x1662009, 1),
    (0x1662809, -1),
    (0x1663009, 1),
    (0x1663809, -1),
    (0x1664009, 1),
    (0x1664809, -1),
    (0x1665009, 1),
    (0x1665809, -1),
    (0x1666009, 1),
    (0x1666809, -1),
    (0x1667009, 1),
    (0x1667809, -1),
    (0x1668009, 1),
    (0x1668809, -1),
    (0x1669009, 1),
    (0x1669809, -1),
    (0x166a009, 1),
    (0x166a809, -1),
    (0x166b009, 1),
    (0x166b809, -1),
    (0x166c009, 1),
    (0x166c809, -1),
    (0x166d009, 1),
    (0x166d809, -1),
    (0x166e009, 1),
    (0x166e809, -1),
    (0x166f009, 1),
    (0x166f809, -1),
    (0x1670009, 1),
    (0x1670809, -1),
    (0x1671009, 1),
    (0x1671809, -1),
    (0x1675809, 1),
    (0x1676009, -1),
    (0x1676809, 1),
    (0x1677009, -1),
    (0x1679009, 1),
    (0x1679809, -1),
    (0x1680131, -7264),
    (0x1693809, -7264),
    (0x1696809, -7264),
    (0x5320009, 1),
    (0x5320809, -1),
    (0x5321009, 1),
    (0x5321809, -1),
    (0x5322009, 1),
    (0x5322809, -1),
    (0x5323009, 1),
    (0x5323809, -1),
    (0x5324009, 1),
    (0x5324809, -1),
    (0x5325009, 1),
    (0x5325809, -35267),
    (0x5326009, 1),
    (0x5326809, -1),
    (0x5327009, 1),
    (0x5327809, -1),
    (0x5328009, 1),
    (0x5328809, -1),
    (0x5329009, 1),
    (0x5329809, -1),
    (0x532a009, 1),
    (0x532a809, -1),
    (0x532b009, 1),
    (0x532b809, -1),
    (0x532c009, 1),
    (0x532c809, -1),
    (0x532d009, 1),
    (0x532d809, -1),
    (0x532e009, 1),
    (0x532e809, -1),
    (0x532f009, 1),
    (0x532f809, -1),
    (0x5330009, 1),
    (0x5330809, -1),
    (0x5331009, 1),
    (0x5331809, -1),
    (0x5332009, 1),
    (0x5332809, -1),
    (0x5333009, 1),
    (0x5333809, -1),
    (0x5334009, 1),
    (0x5334809, -1),
    (0x5335009, 1),
    (0x5335809, -1),
    (0x5336009, 1),
    (0x5336809, -1),
    (0x5340009, 1),
    (0x5340809, -1),
    (0x5341009, 1),
    (0x5341809, -1),
    (0x5342009, 1),
    (0x5342809, -1),
    (0x5343009, 1),
    (0x5343809, -1),
    (0x5344009, 1),
    (0x5344809, -1),
    (0x5345009, 1),
    (0x5345809, -1),
    (0x5346009, 1),
    (0x5346809, -1),
    (0x5347009, 1),
    (0x5347809, -1),
    (0x5348009, 1),
    (0x5348809, -1),
    (0x5349009, 1),
    (0x5349809, -1),
    (0x534a009, 1),
    (0x534a809, -1),
    (0x534b009, 1),
    (0x534b809, -1),
    (0x534c009, 1),
    (0x534c809, -1),
    (0x534d009, 1),
    (0x534d809, -1),
    (0x5391009, 1),
    (0x5391809, -1),
    (0x5392009, 1),
    (0x5392809, -1),
    (0x5393009, 1),
    (0x5393809, -1),
    (0x5394009, 1),
    (0x5394809, -1),
    (0x5395009, 1),
    (0x5395809, -1),
    (0x5396009, 1),
    (0x5396809, -1),
    (0x5397009, 1),
    (0x5397809, -1),
    (0x5399009, 1),
    (0x5399809, -1),
    (0x539a009, 1),
    (0x539a809, -1),
    (0x539b009, 1),
    (0x539b809, -1),
    (0x539c009, 1),
    (0x539c809, -1),
    (0x539d009, 1),
    (0x539d809, -1),
    (0x539e009, 1),
    (0x539e809, -1),
    (0x539f009, 1),
    (0x539f809, -1),
    (0x53a0009, 1),
    (0x53a0809, -1),
    (0x53a1009, 1),
    (0x53a1809, -1),
    (0x53a2009, 1),
    (0x53a2809, -1),
    (0x53a3009, 1),
    (0x53a3809, -1),
    (0x53a4009, 1),
    (0x53a4809, -1),
    (0x53a5009, 1),
    (0x53a5809, -1),
    (0x53a6009, 1),
    (0x53a6809, -1),
    (0x53a7009, 1),
    (0x53a7809, -1),
    (0x53a8009, 1),
    (0x53a8809, -1),
    (0x53a9009, 1),
    (0x53a9809, -1),
    (0x53aa009, 1),
    (0x53aa809, -1),
    (0x53ab009, 1),
    (0x53ab809, -1),
    (0x53ac009, 1),
    (0x53ac809, -1),
    (0x53ad009, 1),
    (0x53ad809, -1),
    (0x53ae009, 1),
    (0x53ae809, -1),
    (0x53af009, 1),
    (0x53af809, -1),
    (0x53b0009, 1),
    (0x53b0809, -1),
    (0x53b1009, 1),
    (0x53b1809, -1),
    (0x53b2009, 1),
    (0x53b2809, -1),
    (0x53b3009, 1),
    (0x53b3809, -1),
    (0x53b4009, 1),
    (0x53b4809, -1),
    (0x53b5009, 1),
    (0x53b5809, -1),
    (0x53b6009, 1),
    (0x53b6809, -1),
    (0x53b7009, 1),
    (0x53b7809, -1),
    (0x53bc809, 1),
    (0x53bd009, -1),
    (0x53bd809, 1),
    (0x53be009, -1),
    (0x53be809, -35332),
    (0x53bf009, 1),
    (0x53bf809, -1),
    (0x53c0009, 1),
    (0x53c0809, -1),
    (0x53c1009, 1),
    (0x53c1809, -1),
    (0x53c2009, 1),
    (0x53c2809, -1),
    (0x53c3009, 1),
    (0x53c3809, -1),
    (0x53c5809, 1),
    (0x53c6009, -1),
    (0x53c6809, -42280),
    (0x53c8009, 1),
    (0x53c8809, -1),
    (0x53c9009, 1),
    (0x53c9809, -1),
    (0x53ca009, 48),
    (0x53cb009, 1),
    (0x53cb809, -1),
    (0x53cc009, 1),
    (0x53cc809, -1),
    (0x53cd009, 1),
    (0x53cd809, -1),
    (0x53ce009, 1),
    (0x53ce809, -1),
    (0x53cf009, 1),
    (0x53cf809, -1),
    (0x53d0009, 1),
    (0x53d0809, -1),
    (0x53d1009, 1),
    (0x53d1809, -1),
    (0x53d2009, 1),
    (0x53d2809, -1),
    (0x53d3009, 1),
    (0x53d3809, -1),
    (0x53d4009, 1),
    (0x53d4809, -1),
    (0x53d5009, -42308),
    (0x53d5809, -42319),
    (0x53d6009, -42315),
    (0x53d6809, -42305),
    (0x53d7009, -42308),
    (0x53d8009, -42258),
    (0x53d8809, -42282),
    (0x53d9009, -42261),
    (0x53d9809, 928),
    (0x53da009, 1),
    (0x53da809, -1),
    (0x53db009, 1),
    (0x53db809, -1),
    (0x53dc009, 1),
    (0x53dc809, -1),
    (0x53dd009, 1),
    (0x53dd809, -1),
    (0x53de009, 1),
    (0x53de809, -1),
    (0x53df009, 1),
    (0x53df809, -1),
    (0x53e0009, 1),
    (0x53e0809, -1),
    (0x53e1009, 1),
    (0x53e1809, -1),
    (0x53e2009, -48),
    (0x53e2809, -42307),
    (0x53e3009, -35384),
    (0x53e3809, 1),
    (0x53e4009, -1),
    (0x53e4809, 1),
    (0x53e5009, -1),
    (0x53e5809, -42343),
    (0x53e6009, 1),
    (0x53e6809, -1),
    (0x53e8009, 1),
    (0x53e8809, -1),
    (0x53eb009, 1),
    (0x53eb809, -1),
    (0x53ec009, 1),
    (0x53ec809, -1),
    (0x53ed009, 1),
    (0x53ed809, -1),
    (0x53ee009, -42561),
    (0x53fa809, 1),
    (0x53fb009, -1),
    (0x55a9809, -928),
    (0x55b8281, -38864),
    (0x7d82809, 1),
    (0x7d83009, -1),
    (0x7f908d1, 32),
    (0x7fa08d1, -32),
    (0x8200141, 40),
    (0x8214141, -40),
    (0x8258121, 40),
    (0x826c121, -40),
    (0x82b8059, 39),
    (0x82be079, 39),
    (0x82c6039, 39),
    (0x82ca011, 39),
    (0x82cb859, -39),
    (0x82d1879, -39),
    (0x82d9839, -39),
    (0x82dd811, -39),
    (0x8640199, 64),
    (0x8660199, -64),
    (0x86a80b1, 32),
    (0x86b80b1, -32),
    (0x8c50101, 32),
    (0x8c60101, -32),
    (0xb720101, 32),
    (0xb730101, -32),
    (0xf480111, 34),
    (0xf491111, -34),
];

#[cfg(test)]
mod tests {
    use super::Pattern;

    #[test]
    fn compiles_answers_as_compile_does() {
        let deep = format!("{}a{}", "(".repeat(200), ")".repeat(200));
        let patterns = [
            "^[cC][^\\s-]{8,}$",
            "^[a-z0-9-]+$",
            "\\p{L}+",
            // Linear, but its automaton has too many states: the general engine takes it.
            "(a|b)*a(a|b){12}",
            // Too large for both.
            "(?:a{1000}){1000}",
            "((a{100}){100}){100}",
            // Back-references and look-around: the backtracking engine.
            "(a)\\1",
            "^(?=.*\\d)(?!.*x).{8,}$",
            "(?<=a)b",
            // Not ECMA regexes, or not supported.
            "(",
            "[z-a]",
            "a{2,1}",
            "\\",
            "(?<n>a)\\k<m>",
            &deep,
        ];
        for p in patterns {
            let compiled = Pattern::compile(p, 1_000_000);
            assert_eq!(Pattern::compiles(p, 1_000_000), compiled.is_ok(), "{p}: {:?}", compiled.err());
        }
        // The case a cheaper proof serves: no automaton, the general engine's program.
        let ast = super::Parser::parse("(a|b)*a(a|b){12}").unwrap();
        assert!(ast.linear && super::dfa::Dfa::build(&ast.node).is_none());
        assert!(Pattern::compiles("(a|b)*a(a|b){12}", 1_000_000));
        assert!(!Pattern::compiles("(?:a{1000}){1000}", 1_000_000));
    }
}
