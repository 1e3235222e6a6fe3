//! C# type expressions as a descriptor writes them (`decisions.md` §2):
//! `int?`, `byte[]`, `List<Item>`, `Dictionary<string, List<int>>`, `int[,]`,
//! `global::System.Guid`, `(int, string)`.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeExpr {
    /// A named type with its type arguments. `open` counts the slots of an
    /// unbound generic (`List<>` 1, `Dictionary<,>` 2), whose `args` are empty;
    /// it is 0 otherwise.
    Named { name: String, args: Vec<TypeExpr>, open: usize },
    /// `T[]` (rank 1), `T[,]` (rank 2), …
    Array { element: Box<TypeExpr>, rank: usize },
    /// `T?`
    Nullable(Box<TypeExpr>),
    /// `(T1, T2)`
    Tuple(Vec<TypeExpr>),
    /// `T*`
    Pointer(Box<TypeExpr>),
}

/// Deepest nesting of type arguments, arrays and tuples accepted.
pub const MAX_DEPTH: usize = 32;

impl TypeExpr {
    pub fn parse(text: &str) -> Result<TypeExpr, String> {
        let mut p = P { s: text.as_bytes(), text, i: 0 };
        p.ws();
        if p.i == p.s.len() {
            return Err("the type expression is empty".into());
        }
        let t = p.ty(0)?;
        p.ws();
        if p.i < p.s.len() {
            return Err(format!("unexpected '{}' at position {} of '{text}'", p.rest_char(), p.i + 1));
        }
        Ok(t)
    }

    /// The simple name of a named type with `global::` and namespaces removed
    /// (`System.Collections.Generic.List` → `List`).
    pub fn simple_name(name: &str) -> &str {
        let name = name.strip_prefix("global::").unwrap_or(name);
        name.rsplit('.').next().unwrap_or(name)
    }
}

impl fmt::Display for TypeExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypeExpr::Named { name, args, open } => {
                f.write_str(name)?;
                if *open > 0 {
                    write!(f, "<{}>", ",".repeat(open - 1))?;
                } else if !args.is_empty() {
                    f.write_str("<")?;
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            f.write_str(", ")?;
                        }
                        write!(f, "{a}")?;
                    }
                    f.write_str(">")?;
                }
                Ok(())
            }
            TypeExpr::Array { element, rank } => write!(f, "{element}[{}]", ",".repeat(rank - 1)),
            TypeExpr::Nullable(inner) => write!(f, "{inner}?"),
            TypeExpr::Pointer(inner) => write!(f, "{inner}*"),
            TypeExpr::Tuple(items) => {
                f.write_str("(")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str(")")
            }
        }
    }
}

struct P<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.s.get(self.i).is_some_and(u8::is_ascii_whitespace) {
            self.i += 1;
        }
    }

    fn rest_char(&self) -> char {
        self.text[self.i..].chars().next().unwrap_or(' ')
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expected(&self, what: &str) -> String {
        if self.i >= self.s.len() {
            format!("expected {what} at the end of '{}'", self.text)
        } else {
            format!("expected {what} at position {} of '{}', found '{}'", self.i + 1, self.text, self.rest_char())
        }
    }

    fn ty(&mut self, depth: usize) -> Result<TypeExpr, String> {
        if depth > MAX_DEPTH {
            return Err(format!("the type expression nests deeper than {MAX_DEPTH} levels"));
        }
        self.ws();
        let mut t = if self.eat(b'(') {
            let mut items = vec![self.ty(depth + 1)?];
            skip_tuple_name(self);
            while self.eat(b',') {
                items.push(self.ty(depth + 1)?);
                skip_tuple_name(self);
            }
            if !self.eat(b')') {
                return Err(self.expected("',' or ')'"));
            }
            TypeExpr::Tuple(items)
        } else {
            self.named(depth)?
        };
        let mut suffixes = 0;
        loop {
            suffixes += 1;
            if depth + suffixes > MAX_DEPTH {
                return Err(format!("the type expression nests deeper than {MAX_DEPTH} levels"));
            }
            if self.eat(b'?') {
                if matches!(t, TypeExpr::Nullable(_)) {
                    return Err(format!("'{}' is nullable twice", self.text.trim()));
                }
                t = TypeExpr::Nullable(Box::new(t));
            } else if self.eat(b'[') {
                let mut rank = 1;
                while self.eat(b',') {
                    rank += 1;
                }
                if !self.eat(b']') {
                    return Err(self.expected("']'"));
                }
                t = TypeExpr::Array { element: Box::new(t), rank };
            } else if self.eat(b'*') {
                t = TypeExpr::Pointer(Box::new(t));
            } else {
                return Ok(t);
            }
        }
    }

    fn ident(&mut self) -> Result<&str, String> {
        self.ws();
        let start = self.i;
        if self.s.get(self.i) == Some(&b'@') {
            self.i += 1;
        }
        let body = self.i;
        for (off, c) in self.text[self.i..].char_indices() {
            let ok = if off == 0 { c.is_alphabetic() || c == '_' } else { c.is_alphanumeric() || c == '_' };
            if !ok {
                break;
            }
            self.i = body + off + c.len_utf8();
        }
        if self.i == body {
            self.i = start;
            return Err(self.expected("a type name"));
        }
        Ok(&self.text[body..self.i])
    }

    fn named(&mut self, depth: usize) -> Result<TypeExpr, String> {
        let mut name = self.ident()?.to_owned();
        loop {
            if self.text[self.i..].starts_with("::") {
                self.i += 2;
                name = self.ident()?.to_owned(); // `global::X` is X
            } else if self.s.get(self.i) == Some(&b'.') {
                self.i += 1;
                name.push('.');
                name.push_str(self.ident()?);
            } else {
                break;
            }
        }
        if !self.eat(b'<') {
            return Ok(TypeExpr::Named { name, args: vec![], open: 0 });
        }
        self.ws();
        if matches!(self.s.get(self.i), Some(b'>' | b',')) {
            let mut slots = 1;
            while self.eat(b',') {
                slots += 1;
            }
            if !self.eat(b'>') {
                return Err(self.expected("'>'"));
            }
            return Ok(TypeExpr::Named { name, args: vec![], open: slots });
        }
        let mut args = vec![self.ty(depth + 1)?];
        while self.eat(b',') {
            args.push(self.ty(depth + 1)?);
        }
        if !self.eat(b'>') {
            return Err(self.expected("',' or '>'"));
        }
        Ok(TypeExpr::Named { name, args, open: 0 })
    }
}

/// Tuple elements may be named: `(int Count, string Name)`.
fn skip_tuple_name(p: &mut P<'_>) {
    let save = p.i;
    p.ws();
    if p.s.get(p.i).is_some_and(|b| b.is_ascii_alphabetic() || *b == b'_') && p.ident().is_ok() {
        return;
    }
    p.i = save;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round(s: &str) -> String {
        TypeExpr::parse(s).unwrap().to_string()
    }

    #[test]
    fn parses_what_people_write() {
        assert_eq!(round("int?"), "int?");
        assert_eq!(round("Dictionary<string,List<int>>"), "Dictionary<string, List<int>>");
        assert_eq!(round(" List < Item > ? "), "List<Item>?");
        assert_eq!(round("int[,]"), "int[,]");
        assert_eq!(round("int?[][]"), "int?[][]");
        assert_eq!(round("global::System.Guid"), "System.Guid");
        assert_eq!(round("Task<Docket>"), "Task<Docket>");
        assert_eq!(round("(int Count, string)"), "(int, string)");
        assert_eq!(round("List<>"), "List<>");
        assert_eq!(round("Dictionary<,>"), "Dictionary<,>");
        assert_eq!(round("int*"), "int*");
        assert_eq!(round("@class"), "class");
    }

    #[test]
    fn nullable_array_binds_left_to_right() {
        let t = TypeExpr::parse("int?[]").unwrap();
        assert!(matches!(t, TypeExpr::Array { ref element, rank: 1 } if matches!(**element, TypeExpr::Nullable(_))));
        let t = TypeExpr::parse("int[]?").unwrap();
        assert!(matches!(t, TypeExpr::Nullable(_)));
    }

    #[test]
    fn refuses_malformed() {
        for bad in [
            "",
            "List<int",
            "int??",
            "Dictionary<string,>",
            "1int",
            "a..b",
            "List<int>>",
            "(int",
            "int[",
            "<int>",
            "a b",
        ] {
            assert!(TypeExpr::parse(bad).is_err(), "{bad:?} was accepted");
        }
        let deep = "List<".repeat(40) + "int" + &">".repeat(40);
        assert!(TypeExpr::parse(&deep).unwrap_err().contains("deeper"));
        let arrays = "int".to_owned() + &"[]".repeat(100_000);
        assert!(TypeExpr::parse(&arrays).unwrap_err().contains("deeper"));
        let ok = "int".to_owned() + &"[]".repeat(MAX_DEPTH - 1);
        assert!(TypeExpr::parse(&ok).is_ok());
    }

    #[test]
    fn simple_names() {
        assert_eq!(TypeExpr::simple_name("System.Collections.Generic.List"), "List");
        assert_eq!(TypeExpr::simple_name("Guid"), "Guid");
    }
}
