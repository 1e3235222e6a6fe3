//! Provider profiles: what one vendor's tool-schema surface accepts, as data
//! (`profiles/*.json`, one file per target, every rule with its date and
//! source). Following a vendor's change, or adding a target, is an edit of
//! that data; a host may also pass a profile of its own in the same form.

use super::budget::{Limit, MEASURES, Scope};
use crate::diag::{Code, Diagnostic};
use crate::json::{self, ParseLimits, Value};
use crate::path::Path;
use std::sync::OnceLock;

/// The built-in targets, one request surface each, by name, with their
/// profiles' text. A profile's `aliases` name it too (`openai` is
/// `openai-chat`); [`Profile::built_in_ref`] takes either.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("openai-chat", include_str!("profiles/openai-chat.json")),
    ("openai-responses", include_str!("profiles/openai-responses.json")),
    ("openai-structured-output", include_str!("profiles/openai-structured-output.json")),
    ("azure-openai", include_str!("profiles/azure-openai.json")),
    ("anthropic-tools", include_str!("profiles/anthropic-tools.json")),
    ("anthropic-output", include_str!("profiles/anthropic-output.json")),
    ("bedrock-converse", include_str!("profiles/bedrock-converse.json")),
    ("gemini-json", include_str!("profiles/gemini-json.json")),
    ("gemini-openapi", include_str!("profiles/gemini-openapi.json")),
    ("vertex", include_str!("profiles/vertex.json")),
    ("mistral", include_str!("profiles/mistral.json")),
    ("ollama", include_str!("profiles/ollama.json")),
    ("llguidance", include_str!("profiles/llguidance.json")),
];

/// How a target treats one keyword.
#[derive(Clone, Debug, PartialEq)]
pub enum Support {
    /// Kept as it is.
    Accepted,
    /// Kept, but the target does not enforce it: a hint only.
    Unenforced,
    /// Kept only with these values (`minItems` 0 or 1).
    Values(Vec<Value>),
    /// `format`: kept for these formats only.
    Formats(Vec<String>),
    /// `pattern`: kept only within this regex dialect.
    Regex(RegexDialect),
    /// `enum` or `const`: kept only when every value is of these JSON
    /// kinds (`string`, `number`, `boolean`, `null`, `object`, `array`).
    Kinds(Vec<String>),
    /// `additionalProperties`: only `false` is accepted.
    FalseOnly,
    /// Refused by the target: removed, its meaning appended to the description.
    Rejected,
    /// Not in the target's list: treated as refused.
    NotListed,
    /// Metadata the target does not take: removed without a hint.
    Dropped,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegexDialect {
    /// No back-references, look-around, word boundaries, atomic or
    /// possessive groups, conditionals, recursion or inline flags.
    Simple,
    /// Anything but look-around.
    NoLookaround,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recursion {
    /// References are kept (in `$defs`) so a recursive schema can be sent.
    Keep,
    /// Kept where every cycle passes through a property that is not
    /// required; a cycle through required properties only is refused.
    KeepOptional,
    /// A recursive schema is refused for the target.
    Refuse,
}

/// A provider profile, read.
#[derive(Clone, Debug)]
pub struct Profile {
    /// The name the profile was asked for by: a built-in profile asked for
    /// by an alias answers in the alias's name, as it did before the
    /// surface had a name of its own.
    pub name: String,
    /// The surface's own name (`name`, but for an alias).
    pub surface_name: String,
    /// Other names of the surface (`openai` for `openai-chat`).
    pub aliases: Vec<String>,
    /// The request field the profile describes, for a person.
    pub surface: String,
    /// The date of the rule read longest ago (`YYYY-MM-DD`).
    pub oldest: String,
    /// How many rules could not be checked at the vendor (`"checked":
    /// false`: their source is the evidence there is instead).
    pub unchecked: u32,
    /// The pattern a tool's name must match, where the surface documents one.
    pub tool_names: Option<String>,
    /// Each keyword's rule (read through [`Profile::keywords`]: the lookup
    /// table below is built from them once).
    keywords: Vec<(String, Support)>,
    /// Every property is listed in `required`; optional ones accept `null`.
    pub require_all_properties: bool,
    /// Every object has `additionalProperties: false`.
    pub closed_objects: bool,
    /// A dictionary becomes an array of `{key, value}`.
    pub dictionaries_as_pairs: bool,
    /// A schema that takes any JSON value becomes a string of JSON text.
    pub any_as_json_text: bool,
    /// `const: v` becomes `enum: [v]`.
    pub const_as_enum: bool,
    /// `oneOf` becomes `anyOf`, exclusivity kept as a hint.
    pub one_of_as_any_of: bool,
    /// Objects carry `propertyOrdering`.
    pub property_ordering: bool,
    pub recursion: Recursion,
    /// The root must be an object schema.
    pub root_object: bool,
    /// A `type` may be a list of types; else a list is written as `anyOf`
    /// of one type each.
    pub type_lists: bool,
    /// What the vendor documents as the most one schema, or one request's
    /// tools, may hold.
    pub limits: Vec<Limit>,
    /// Where each of `keywords` is, by [`slot`]: its index + 1 in the first
    /// free slot from its own (0: free). A power of two at least twice the
    /// keywords, so that a search ends at a free slot.
    by_slot: Vec<u32>,
}

/// Where a keyword's search in [`Profile::by_slot`] starts: a mix of its
/// length and first, middle and last bytes (the keywords that share a
/// length seldom share all three).
#[inline(always)]
fn slot(k: &[u8], mask: usize) -> usize {
    let (first, last) = (k.first().copied().unwrap_or(0), k.last().copied().unwrap_or(0));
    let middle = k.get(k.len() / 2).copied().unwrap_or(0);
    let h = (k.len() as u32).wrapping_mul(0x9e37_79b9)
        ^ u32::from(first).wrapping_mul(0x85eb_ca6b)
        ^ u32::from(middle).wrapping_mul(0xc2b2_ae35)
        ^ u32::from(last).wrapping_mul(0x27d4_eb2f);
    (h >> 16) as usize & mask
}

/// [`Profile::by_slot`] for `keywords`.
fn slots(keywords: &[(String, Support)]) -> Vec<u32> {
    let size = (keywords.len() * 2).next_power_of_two().max(16);
    let mut by_slot = vec![0u32; size];
    for (i, (k, _)) in keywords.iter().enumerate() {
        let mut at = slot(k.as_bytes(), size - 1);
        while by_slot[at] != 0 {
            at = (at + 1) & (size - 1);
        }
        // A profile's text is at most a megabyte: fewer keywords than a u32 counts.
        by_slot[at] = u32::try_from(i + 1).unwrap_or(u32::MAX);
    }
    by_slot
}

/// Each built-in profile, read the first time it is asked for, in the order
/// of [`BUILT_IN`].
static READ: [OnceLock<Option<Profile>>; BUILT_IN.len()] = [const { OnceLock::new() }; BUILT_IN.len()];

/// Each alias of a built-in profile, as the profile under the alias's name:
/// every profile is read the first time an alias is asked for.
fn by_alias() -> &'static [Profile] {
    static ALIASES: OnceLock<Vec<Profile>> = OnceLock::new();
    ALIASES.get_or_init(|| {
        Profile::all_built_in()
            .flat_map(|p| p.aliases.iter().map(move |a| Profile { name: a.clone(), ..p.clone() }))
            .collect()
    })
}

impl Profile {
    /// How this target treats `keyword` (`NotListed` when the profile does not say).
    pub fn support(&self, keyword: &str) -> Support {
        self.support_of(keyword).clone()
    }

    /// Every keyword the profile lists, with its rule, in the profile's order.
    pub fn keywords(&self) -> &[(String, Support)] {
        &self.keywords
    }

    /// [`Profile::support`], without a copy.
    pub fn support_of(&self, keyword: &str) -> &Support {
        static NOT_LISTED: Support = Support::NotListed;
        // Looked up by a mix of its bytes: the keywords in turn, as each
        // node's members are asked about, were 2% of a conversion.
        let mask = self.by_slot.len() - 1;
        let mut at = slot(keyword.as_bytes(), mask);
        loop {
            let Some(i) = (self.by_slot[at] as usize).checked_sub(1) else { return &NOT_LISTED };
            if let Some((k, s)) = self.keywords.get(i)
                && crate::json::same(k.as_bytes(), keyword.as_bytes())
            {
                return s;
            }
            at = (at + 1) & mask;
        }
    }

    /// Whether the target takes `value` as an `enum` value (or, `keyword`
    /// `const`, as the `const` or the enum it becomes).
    pub fn takes_value(&self, keyword: &str, value: &Value) -> bool {
        let rule = match (keyword, self.support_of(keyword)) {
            ("const", Support::Accepted | Support::Kinds(_)) => self.support_of("const"),
            ("const", _) => self.support_of("enum"),
            (_, s) => s,
        };
        match rule {
            Support::Kinds(kinds) => kinds.iter().any(|k| k == value_kind(value)),
            _ => true,
        }
    }

    /// Whether the target takes `keyword` as it is.
    pub fn accepts(&self, keyword: &str) -> bool {
        matches!(self.support_of(keyword), Support::Accepted)
    }

    pub fn built_in(name: &str) -> Option<Profile> {
        Profile::built_in_ref(name).cloned()
    }

    /// The built-in profile `name`, read from its text once per process and
    /// kept: every later call gets the same profile without reading again.
    pub fn built_in_ref(name: &str) -> Option<&'static Profile> {
        match BUILT_IN.iter().position(|(n, _)| *n == name) {
            Some(i) => Profile::built_in_at(i),
            None => by_alias().iter().find(|p| p.name == name),
        }
    }

    /// The built-in profile at index `i` of [`BUILT_IN`], read once.
    pub fn built_in_at(i: usize) -> Option<&'static Profile> {
        let (_, text) = BUILT_IN.get(i)?;
        // The built-in profiles are tested to read without problems.
        READ[i].get_or_init(|| Profile::read(text).ok()).as_ref()
    }

    /// Every built-in profile, in the order of [`BUILT_IN`].
    pub fn all_built_in() -> impl Iterator<Item = &'static Profile> {
        (0..BUILT_IN.len()).filter_map(Profile::built_in_at)
    }

    /// The canonical name of the built-in surface `name` names (itself or
    /// an alias).
    pub fn surface_of(name: &str) -> Option<&'static str> {
        let p = Profile::built_in_ref(name)?;
        BUILT_IN.iter().map(|(n, _)| *n).find(|n| *n == p.surface_name)
    }

    /// Reads a profile from its JSON text; every problem is an `OLP003`.
    pub fn read(text: &str) -> Result<Profile, Vec<Diagnostic>> {
        let root = Path::root();
        let limits = ParseLimits { max_bytes: 1 << 20, max_depth: 32 };
        let v = json::parse(text, limits).map_err(|e| {
            vec![Diagnostic::new(Code::Olp003, &root, format!("The provider profile is not accepted as JSON: {e}."))]
        })?;
        let mut problems = Vec::new();
        let mut bad = |path: &Path, msg: String| problems.push(Diagnostic::new(Code::Olp003, path, msg));
        let name = v.get("name").and_then(Value::as_str).unwrap_or("").to_owned();
        if name.is_empty() {
            bad(&root.key("name"), "The provider profile needs a 'name'.".into());
        }
        let surface = v.get("surface").and_then(Value::as_str).unwrap_or_default().to_owned();
        let mut aliases = Vec::new();
        match v.get("aliases") {
            None => {}
            Some(Value::Array(names)) if names.iter().all(|n| n.as_str().is_some_and(|n| !n.is_empty())) => {
                aliases.extend(names.iter().filter_map(Value::as_str).map(str::to_owned));
            }
            Some(_) => bad(&root.key("aliases"), "The provider profile's 'aliases' must be a list of names.".into()),
        }
        // Every rule's date and whether it was checked, for the listing.
        let mut dated = Dated::default();
        let mut keywords = Vec::new();
        match v.get("keywords").and_then(Value::as_object) {
            None => {
                bad(&root.key("keywords"), "The provider profile needs 'keywords', an object of keyword rules.".into())
            }
            Some(rules) => {
                for (keyword, rule) in rules {
                    let at = root.key("keywords").key(keyword);
                    match read_rule(rule).and_then(|s| dated.note(rule).map(|()| s)) {
                        Ok(s) => keywords.push((keyword.clone(), s)),
                        Err(why) => bad(&at, format!("The rule for '{keyword}' {why}.")),
                    }
                }
            }
        }
        let tool_names = match v.get("toolNames") {
            None => None,
            Some(rule) => match (rule.get("pattern").and_then(Value::as_str), dated.note(rule)) {
                (Some(pattern), Ok(())) if crate::validate::ecma::Pattern::compiles(pattern, 1 << 20) => {
                    Some(pattern.to_owned())
                }
                (_, Err(why)) => {
                    bad(&root.key("toolNames"), format!("The rule 'toolNames' {why}."));
                    None
                }
                _ => {
                    bad(&root.key("toolNames"), "The rule 'toolNames' needs a 'pattern', a regular expression.".into());
                    None
                }
            },
        };
        let reshape = v.get("reshape");
        let mut flag = |key: &str, default: Option<bool>| -> bool {
            let at = root.key("reshape").key(key);
            let rule = reshape.and_then(|r| r.get(key));
            if let Some(Err(why)) = rule.map(|r| dated.note(r)) {
                bad(&at, format!("The reshape rule '{key}' {why}."));
            }
            match (rule.and_then(|f| f.get("value")), default) {
                (Some(Value::Bool(b)), _) => *b,
                (None, Some(b)) if rule.is_none() => b,
                _ => {
                    bad(&at, format!("The reshape rule '{key}' needs a 'value' of true or false."));
                    false
                }
            }
        };
        let require_all_properties = flag("requireAllProperties", None);
        let closed_objects = flag("closedObjects", None);
        let dictionaries_as_pairs = flag("dictionariesAsPairs", None);
        let any_as_json_text = flag("anyAsJsonText", None);
        let const_as_enum = flag("constAsEnum", None);
        let one_of_as_any_of = flag("oneOfAsAnyOf", None);
        let property_ordering = flag("propertyOrdering", None);
        let root_object = flag("rootObject", None);
        // Optional: a profile written before the rule takes type lists.
        let type_lists = flag("typeLists", Some(true));
        if let Some(Err(why)) = reshape.and_then(|r| r.get("recursion")).map(|r| dated.note(r)) {
            problems.push(Diagnostic::new(
                Code::Olp003,
                &root.key("reshape").key("recursion"),
                format!("The reshape rule 'recursion' {why}."),
            ));
        }
        let recursion =
            match reshape.and_then(|r| r.get("recursion")).and_then(|f| f.get("value")).and_then(Value::as_str) {
                Some("keep") => Recursion::Keep,
                Some("keep-optional") => Recursion::KeepOptional,
                Some("refuse") => Recursion::Refuse,
                _ => {
                    problems.push(Diagnostic::new(
                        Code::Olp003,
                        &root.key("reshape").key("recursion"),
                        "The reshape rule 'recursion' needs a 'value' of \"keep\", \"keep-optional\" or \"refuse\".",
                    ));
                    Recursion::Refuse
                }
            };
        let mut limits = Vec::new();
        for (name, rule) in v.get("limits").and_then(Value::as_object).unwrap_or_default() {
            let at = root.key("limits").key(name);
            match read_limit(name, rule).and_then(|l| dated.note(rule).map(|()| l)) {
                Ok(limit) => limits.push(limit),
                Err(why) => problems.push(Diagnostic::new(Code::Olp003, &at, format!("The limit '{name}' {why}."))),
            }
        }
        if !problems.is_empty() {
            return Err(problems);
        }
        Ok(Profile {
            limits,
            surface_name: name.clone(),
            name,
            aliases,
            surface,
            oldest: dated.oldest,
            unchecked: dated.unchecked,
            tool_names,
            type_lists,
            by_slot: slots(&keywords),
            keywords,
            require_all_properties,
            closed_objects,
            dictionaries_as_pairs,
            any_as_json_text,
            const_as_enum,
            one_of_as_any_of,
            property_ordering,
            recursion,
            root_object,
        })
    }
}

/// What a profile's rules say of when they were read, gathered as they are.
#[derive(Default)]
struct Dated {
    oldest: String,
    unchecked: u32,
}

impl Dated {
    /// Notes one rule's `date` (`YYYY-MM-DD`) and `checked` (absent: it
    /// was checked at the vendor; `false`: its source is other evidence).
    fn note(&mut self, rule: &Value) -> Result<(), String> {
        let date = rule.get("date").and_then(Value::as_str).unwrap_or_default();
        let digits = |r: std::ops::Range<usize>| date.get(r).is_some_and(|d| d.bytes().all(|b| b.is_ascii_digit()));
        if date.len() != 10
            || !digits(0..4)
            || !digits(5..7)
            || !digits(8..10)
            || &date[4..5] != "-"
            || &date[7..8] != "-"
        {
            return Err("needs a 'date' written YYYY-MM-DD (every rule says when it was read)".into());
        }
        match rule.get("checked") {
            None | Some(Value::Bool(true)) => {}
            Some(Value::Bool(false)) => self.unchecked += 1,
            Some(_) => return Err("has a 'checked' that is not true or false".into()),
        }
        if self.oldest.is_empty() || date < self.oldest.as_str() {
            self.oldest = date.to_owned();
        }
        Ok(())
    }
}

fn read_limit(name: &str, rule: &Value) -> Result<Limit, String> {
    if !MEASURES.iter().any(|(n, _)| *n == name) {
        let known: Vec<&str> = MEASURES.iter().map(|(n, _)| *n).collect();
        return Err(format!("is not a count the limits know ({})", known.join(", ")));
    }
    let count = |k: &str| match rule.get(k) {
        Some(Value::Number(n)) => n.as_i128().and_then(|n| u64::try_from(n).ok()),
        _ => None,
    };
    let allowed = count("value").ok_or("needs a 'value', a whole number")?;
    let scope = match rule.get("scope").and_then(Value::as_str) {
        Some("schema") => Scope::Schema,
        Some("request") => Scope::Request,
        _ => return Err("needs a 'scope' of \"schema\" or \"request\"".into()),
    };
    for key in ["date", "source"] {
        if rule.get(key).and_then(Value::as_str).is_none_or(str::is_empty) {
            return Err(format!("needs a '{key}' (every limit says when and where it was read)"));
        }
    }
    let source = rule.get("source").and_then(Value::as_str).unwrap_or_default().to_owned();
    Ok(Limit { name: name.to_owned(), scope, allowed, over: count("over"), source })
}

/// A value's JSON kind, as profiles name them (an integer is a `number`).
pub fn value_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

fn read_rule(rule: &Value) -> Result<Support, String> {
    let support = rule.get("support").and_then(Value::as_str).ok_or("needs a 'support'")?;
    for key in ["date", "source"] {
        if rule.get(key).and_then(Value::as_str).is_none_or(str::is_empty) {
            return Err(format!("needs a '{key}' (every rule says when and where it was read)"));
        }
    }
    Ok(match support {
        "accepted" => Support::Accepted,
        "unenforced" => Support::Unenforced,
        "rejected" => Support::Rejected,
        "not-listed" => Support::NotListed,
        "dropped" => Support::Dropped,
        "false-only" => Support::FalseOnly,
        "limited" => {
            if let Some(values) = rule.get("values").and_then(Value::as_array) {
                Support::Values(values.to_vec())
            } else if let Some(kinds) = rule.get("kinds").and_then(Value::as_array) {
                Support::Kinds(kinds.iter().filter_map(|k| k.as_str().map(str::to_owned)).collect())
            } else if let Some(formats) = rule.get("formats").and_then(Value::as_array) {
                Support::Formats(formats.iter().filter_map(|f| f.as_str().map(str::to_owned)).collect())
            } else {
                match rule.get("regex").and_then(Value::as_str) {
                    Some("simple") => Support::Regex(RegexDialect::Simple),
                    Some("no-lookaround") => Support::Regex(RegexDialect::NoLookaround),
                    _ => {
                        return Err(
                            "is 'limited' but gives no 'values', 'kinds', 'formats' or 'regex' (simple, no-lookaround)"
                                .into(),
                        );
                    }
                }
            }
        }
        other => return Err(format!("has an unknown support '{other}'")),
    })
}

/// Whether `pattern` stays within `dialect`. A scan of the pattern's syntax,
/// outside character classes.
pub fn regex_fits(pattern: &str, dialect: RegexDialect) -> bool {
    let chars: Vec<char> = pattern.chars().collect();
    let mut i = 0;
    let mut in_class = false;
    while i < chars.len() {
        let c = chars[i];
        if c == '\\' {
            let next = chars.get(i + 1).copied().unwrap_or(' ');
            if dialect == RegexDialect::Simple
                && !in_class
                && (next.is_ascii_digit() && next != '0' || matches!(next, 'k' | 'b' | 'B'))
            {
                return false;
            }
            i += 2;
            continue;
        }
        if in_class {
            in_class = c != ']';
            i += 1;
            continue;
        }
        match c {
            '[' => in_class = true,
            '(' if chars.get(i + 1) == Some(&'?') => {
                let rest: String = chars[i + 2..chars.len().min(i + 4)].iter().collect();
                let lookaround =
                    rest.starts_with('=') || rest.starts_with('!') || rest.starts_with("<=") || rest.starts_with("<!");
                if lookaround {
                    return false;
                }
                // A non-capturing group `(?:` and a named group `(?<name>` are simple.
                let simple = rest.starts_with(':') || (rest.starts_with('<') && !lookaround) || rest.starts_with("P<");
                if dialect == RegexDialect::Simple && !simple {
                    return false;
                }
            }
            '+' | '*' | '?' | '}' if dialect == RegexDialect::Simple && chars.get(i + 1) == Some(&'+') => return false,
            _ => {}
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A keyword's rule is the one its profile lists, found by its slot:
    /// for every keyword of the built-in profiles, of a profile of 3,000
    /// keywords (which share lengths and first, middle and last bytes), and
    /// for names none of them lists.
    #[test]
    fn a_keyword_is_found_as_a_search_of_the_list_finds_it() {
        let by_search = |p: &Profile, k: &str| {
            p.keywords.iter().find(|(name, _)| name == k).map_or(Support::NotListed, |(_, s)| s.clone())
        };
        let rules: Vec<String> = (0..3000)
            .map(|i| {
                let support = ["accepted", "rejected", "dropped"][i % 3];
                format!(r#""k{}{i}x":{{"support":"{support}","date":"2025-01-01","source":"s"}}"#, "m".repeat(i % 7))
            })
            .collect();
        let mut large: Value = json::parse(BUILT_IN[0].1, ParseLimits { max_bytes: 1 << 20, max_depth: 32 }).unwrap();
        let keywords =
            json::parse(&format!("{{{}}}", rules.join(",")), ParseLimits { max_bytes: 1 << 20, max_depth: 32 });
        if let (Value::Object(members), Ok(k)) = (&mut large, keywords) {
            members.iter_mut().filter(|(n, _)| n == "keywords").for_each(|(_, v)| *v = k.clone());
        }
        let large = Profile::read(&large.to_json()).unwrap();
        assert_eq!(large.keywords.len(), 3000);
        let mut profiles: Vec<Profile> = BUILT_IN.iter().map(|(n, _)| Profile::built_in(n).unwrap()).collect();
        profiles.push(large);
        for p in &profiles {
            let listed: Vec<&str> = p.keywords.iter().map(|(k, _)| k.as_str()).collect();
            for k in
                listed.iter().copied().chain(["", "x", "$schema", "examples", "k", "kmmmmmm1x", "minimu", "maximum "])
            {
                assert_eq!(p.support_of(k), &by_search(p, k), "{} {k:?}", p.name);
            }
        }
    }

    #[test]
    fn built_in_profiles_read() {
        for (name, text) in BUILT_IN {
            let p = Profile::read(text).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            assert_eq!(p.name, *name);
        }
        assert_eq!(Profile::built_in("openai").unwrap().support("minLength"), Support::NotListed);
        assert_eq!(Profile::built_in("gemini").unwrap().support("uniqueItems"), Support::Unenforced);
        assert_eq!(
            Profile::built_in("anthropic").unwrap().support("minItems"),
            Support::Values(vec![Value::Number(json::Number::from_i128(0)), Value::Number(json::Number::from_i128(1))])
        );
    }

    #[test]
    fn built_in_profiles_are_read_once_each() {
        for (name, text) in BUILT_IN {
            let kept = Profile::built_in_ref(name).unwrap();
            // The same profile on every call, and the one its text reads as.
            assert!(std::ptr::eq(kept, Profile::built_in_ref(name).unwrap()), "{name}");
            let fresh = Profile::read(text).unwrap();
            assert_eq!(kept.name, fresh.name);
            assert_eq!(kept.keywords, fresh.keywords);
            assert_eq!(Profile::built_in(name).unwrap().keywords, fresh.keywords);
        }
        // Each target its own profile, whichever was asked for first.
        let gemini = Profile::built_in_ref("gemini").unwrap();
        let openai = Profile::built_in_ref("openai").unwrap();
        let anthropic = Profile::built_in_ref("anthropic").unwrap();
        assert_eq!(
            (openai.name.as_str(), gemini.name.as_str(), anthropic.name.as_str()),
            ("openai", "gemini", "anthropic")
        );
        assert!(openai.require_all_properties && !gemini.require_all_properties && !anthropic.require_all_properties);
        assert_eq!(openai.support_of("minimum"), &Support::Accepted);
        assert_eq!(anthropic.support_of("minimum"), &Support::Rejected);
        assert!(gemini.property_ordering && !openai.property_ordering);
        assert!(Profile::built_in_ref("nonesuch").is_none());
        assert!(Profile::built_in("nonesuch").is_none());
    }

    /// An alias is its surface's profile under the alias's name; each name
    /// is one surface's, and every surface's profile names itself.
    #[test]
    fn aliases_answer_in_their_own_name_with_their_surface_s_rules() {
        let mut names: Vec<&str> = Vec::new();
        for p in Profile::all_built_in() {
            assert_eq!(p.name, p.surface_name);
            assert!(!p.surface.is_empty(), "{}: a surface sentence", p.name);
            assert_eq!(p.oldest.len(), 10, "{}: {}", p.name, p.oldest);
            names.push(&p.name);
            for a in &p.aliases {
                let aliased = Profile::built_in_ref(a).unwrap();
                assert_eq!((aliased.name.as_str(), aliased.surface_name.as_str()), (a.as_str(), p.name.as_str()));
                assert_eq!(aliased.keywords, p.keywords);
                assert_eq!(aliased.limits, p.limits);
                assert_eq!(Profile::surface_of(a), Some(p.name.as_str()));
                names.push(a);
            }
        }
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "a name of two surfaces: {names:?}");
        for (legacy, surface) in
            [("openai", "openai-chat"), ("anthropic", "anthropic-tools"), ("gemini", "gemini-json")]
        {
            assert_eq!(Profile::surface_of(legacy), Some(surface));
        }
        assert!(BUILT_IN.len() >= 12, "{} surfaces", BUILT_IN.len());
    }

    /// A rule's `checked` and `date` are read, and counted for the listing;
    /// `typeLists` is optional, and true when absent.
    #[test]
    fn rules_say_when_they_were_read_and_whether_they_were_checked() {
        let base = r#"{"name":"x","keywords":{"type":{"support":"accepted","date":"2026-01-02","source":"s"},
            "enum":{"support":"accepted","date":"2025-06-30","source":"an SDK","checked":false}},
            "reshape":{RESHAPE}}"#;
        let flags: Vec<String> = [
            "requireAllProperties",
            "closedObjects",
            "dictionariesAsPairs",
            "anyAsJsonText",
            "constAsEnum",
            "oneOfAsAnyOf",
            "propertyOrdering",
            "rootObject",
        ]
        .iter()
        .map(|f| format!(r#""{f}":{{"value":false,"date":"2026-01-01","source":"s"}}"#))
        .collect();
        let recursion = r#""recursion":{"value":"keep","date":"2026-01-01","source":"s"}"#;
        let text = base.replace("RESHAPE", &format!("{},{recursion}", flags.join(",")));
        let p = Profile::read(&text).unwrap();
        assert_eq!((p.oldest.as_str(), p.unchecked, p.type_lists), ("2025-06-30", 1, true));
        let no_lists = text.replace(
            recursion,
            &format!(r#"{recursion},"typeLists":{{"value":false,"date":"2026-01-01","source":"s","checked":false}}"#),
        );
        let p = Profile::read(&no_lists).unwrap();
        assert_eq!((p.unchecked, p.type_lists), (2, false));
        for bad in [r#""date":"2025-6-30""#, r#""date":"yesterday""#] {
            let e = Profile::read(&text.replacen(r#""date":"2025-06-30""#, bad, 1)).unwrap_err();
            assert!(e.iter().any(|d| d.path == "keywords.enum" && d.message.contains("YYYY-MM-DD")), "{e:?}");
        }
        let e = Profile::read(&text.replacen(r#""checked":false"#, r#""checked":"no""#, 1)).unwrap_err();
        assert!(e.iter().any(|d| d.path == "keywords.enum" && d.message.contains("'checked'")), "{e:?}");
        let e = Profile::read(&text.replacen(r#""name":"x","#, r#""name":"x","aliases":"y","#, 1)).unwrap_err();
        assert!(e.iter().any(|d| d.path == "aliases"), "{e:?}");
    }

    #[test]
    fn a_bad_profile_says_what_is_wrong() {
        let e =
            Profile::read(r#"{"name":"x","keywords":{"minimum":{"support":"sometimes"}},"reshape":{}}"#).unwrap_err();
        assert!(e.iter().any(|d| d.path == "keywords.minimum" && d.message.contains("'date'")));
        assert!(e.iter().any(|d| d.path == "reshape.recursion"));
    }

    #[test]
    fn regex_dialects() {
        for simple in ["^\\d{5}(-\\d{4})?$", "^[a-z]+$", "(?:ab)+", "[(?=]", "^\\w+@\\w+\\.com$", "\\\\1"] {
            assert!(regex_fits(simple, RegexDialect::Simple), "{simple}");
        }
        for complex in ["(a)\\1", "(?=.*\\d).+", "\\bword\\b", "a++", "(?i)abc", "(?>a)", "(?<!x)y", "\\k<n>"] {
            assert!(!regex_fits(complex, RegexDialect::Simple), "{complex}");
        }
        assert!(!regex_fits("(?=.*[0-9]).+", RegexDialect::NoLookaround));
        assert!(!regex_fits("a(?<!b)", RegexDialect::NoLookaround));
        assert!(regex_fits("(a)\\1(?:b)", RegexDialect::NoLookaround));
    }
}
