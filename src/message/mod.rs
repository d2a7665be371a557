//! Messages as data: what the page shows crosses the boundary as a code and its parameters,
//! `{"code": "class-too-small", "class": 1, "count": 2}`, and the page writes it in the
//! reader's language from one dictionary per language (`www/js/messages.js`), never by
//! translating Rust's English back.
//!
//! Every code is declared once, in [`codes`], with the names of its parameters and its
//! English template (`{name}` for a parameter); [`codes::ALL`] lists them all, and a native
//! test writes that list to `www/js/message-codes.json` and fails when the file differs, so
//! a code added here cannot reach the page without its two dictionary entries (a node test,
//! `tests/unit/messages_dictionary.test.mjs`, checks those against the file).
//!
//! A parameter is a whole number, a text shown as it is (a name, a value the user typed) or
//! another message (a rule, a kind of thing), which the page writes in the same language.
//! [`Message::english`] writes the English from the same template: for the crate's errors
//! it is the very sentence of their `Display` (a test holds every error to that).
//!
//! Sentences not yet split into codes travel as the code `prose` with their English text,
//! which the page still translates by its older table (none that the page shows: a few
//! sentences only the library hands out, see [`crate::Error::message`]).

use serde::ser::{Serialize, SerializeMap, Serializer};

/// A message's code: its id, the names of its parameters and its English template.
#[derive(Debug, PartialEq, Eq)]
pub struct Code {
    id: &'static str,
    params: &'static [&'static str],
    en: &'static str,
}

impl Code {
    /// The id the page looks the message up by.
    pub const fn id(&self) -> &'static str {
        self.id
    }
    /// The names of its parameters.
    pub const fn params(&self) -> &'static [&'static str] {
        self.params
    }
    /// Its English template, `{name}` standing for a parameter.
    pub const fn en(&self) -> &'static str {
        self.en
    }
}

/// One parameter's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Param {
    /// A whole number (a line, a count, a class).
    Int(i64),
    /// A text shown as it is in every language (a name, a value as typed).
    Text(String),
    /// Another message, written in the reader's language.
    Msg(Message),
}

/// A code with its parameters' values.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    code: &'static Code,
    params: Vec<(&'static str, Param)>,
}

impl Message {
    /// A message of `code`, its parameters to be added by [`Message::int`] and the like.
    pub fn new(code: &'static Code) -> Message {
        Message { code, params: Vec::with_capacity(code.params.len()) }
    }

    /// With the parameter `name` a whole number.
    pub fn int(self, name: &'static str, value: impl TryInto<i64>) -> Message {
        let value = value.try_into().unwrap_or(i64::MAX);
        self.with(name, Param::Int(value))
    }

    /// With the parameter `name` a text shown as it is.
    pub fn text(self, name: &'static str, value: impl Into<String>) -> Message {
        self.with(name, Param::Text(value.into()))
    }

    /// With the parameter `name` another message.
    pub fn msg(self, name: &'static str, value: Message) -> Message {
        self.with(name, Param::Msg(value))
    }

    fn with(mut self, name: &'static str, value: Param) -> Message {
        debug_assert!(self.code.params.contains(&name), "{} has no parameter {name}", self.code.id);
        self.params.push((name, value));
        self
    }

    /// The code.
    pub fn code(&self) -> &'static Code {
        self.code
    }

    /// The parameter `name`, if given.
    pub fn param(&self, name: &str) -> Option<&Param> {
        self.params.iter().find(|(n, _)| *n == name).map(|(_, p)| p)
    }

    /// The message in English, from its code's template.
    pub fn english(&self) -> String {
        let mut out = String::with_capacity(self.code.en.len() + 16);
        let mut rest = self.code.en;
        while let Some(open) = rest.find('{') {
            out.push_str(&rest[..open]);
            let after = &rest[open + 1..];
            match after.find('}') {
                Some(close) if self.code.params.contains(&&after[..close]) => {
                    match self.param(&after[..close]) {
                        Some(Param::Int(n)) => out.push_str(&n.to_string()),
                        Some(Param::Text(t)) => out.push_str(t),
                        Some(Param::Msg(m)) => out.push_str(&m.english()),
                        None => out.push_str(&rest[open..open + close + 2]),
                    }
                    rest = &after[close + 1..];
                }
                _ => {
                    out.push('{');
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        out
    }

    /// The code `prose` carrying an English sentence not yet split into codes.
    pub fn prose(text: impl Into<String>) -> Message {
        Message::new(&codes::PROSE).text("text", text)
    }
}

/// A sentence not yet split into codes, as the code `prose`.
impl From<String> for Message {
    fn from(text: String) -> Message {
        Message::prose(text)
    }
}

/// A sentence not yet split into codes, as the code `prose`.
impl From<&str> for Message {
    fn from(text: &str) -> Message {
        Message::prose(text)
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english())
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.params.len() + 1))?;
        map.serialize_entry("code", self.code.id)?;
        for (name, value) in &self.params {
            match value {
                Param::Int(n) => map.serialize_entry(name, n)?,
                Param::Text(t) => map.serialize_entry(name, t)?,
                Param::Msg(m) => map.serialize_entry(name, m)?,
            }
        }
        map.end()
    }
}

/// The code of the rule `text` (a [`crate::limits::Range`]'s or another check's), if it
/// has one.
pub fn rule_code(text: &str) -> Option<&'static Code> {
    codes::RULES.iter().find(|c| c.en == text)
}

/// The rule `text` as a message: its code, or `prose` for a rule without one (a test holds
/// every rule of the ranges and of the link's keys to having one).
pub fn rule_message(text: &str) -> Message {
    rule_code(text).map_or_else(|| Message::prose(text), Message::new)
}

/// Every code of a message the page can be handed, with its English template.
pub mod codes;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rule_codes_are_exactly_the_rules_that_rule_code_looks_through() {
        let rules: Vec<&str> = codes::ALL.iter().map(Code::id).filter(|id| id.starts_with("rule.")).collect();
        let listed: Vec<&str> = codes::RULES.iter().map(Code::id).collect();
        assert_eq!(listed, rules, "a rule. code declared before @rules in codes! is not found by rule_code");
    }

    #[test]
    fn codes_are_unique_and_their_templates_name_exactly_their_parameters() {
        for (i, c) in codes::ALL.iter().enumerate() {
            assert!(codes::ALL[..i].iter().all(|d| d.id != c.id), "{} twice", c.id);
            let mut named: Vec<&str> =
                c.en.split('{').skip(1).filter_map(|s| s.split_once('}').map(|(n, _)| n)).collect();
            named.sort_unstable();
            named.dedup();
            let mut params = c.params.to_vec();
            params.sort_unstable();
            assert_eq!(named, params, "{}", c.id);
        }
    }
}
