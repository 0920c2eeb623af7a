//! Frontend-neutral replies: Fluent message ids with arguments, tables, choices and images.
//!
//! A `Reply` never contains platform markup; each frontend renders and escapes it.

use serde::{Deserialize, Serialize};

/// An argument passed to a Fluent message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Arg {
    Num(f64),
    Str(String),
}

impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Str(s.to_string())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Str(s)
    }
}
impl From<&String> for Arg {
    fn from(s: &String) -> Self {
        Arg::Str(s.clone())
    }
}
impl From<f64> for Arg {
    fn from(n: f64) -> Self {
        Arg::Num(n)
    }
}
impl From<u32> for Arg {
    fn from(n: u32) -> Self {
        Arg::Num(n as f64)
    }
}
impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Num(n as f64)
    }
}

/// One localizable message: an id in `locales/*/*.ftl` and its arguments.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Msg {
    pub id: String,
    #[serde(default)]
    pub args: Vec<(String, Arg)>,
}

impl Msg {
    pub fn new(id: &str) -> Msg {
        Msg {
            id: id.to_string(),
            args: Vec::new(),
        }
    }
    /// Adds an argument (builder style).
    pub fn arg(mut self, name: &str, value: impl Into<Arg>) -> Msg {
        self.args.push((name.to_string(), value.into()));
        self
    }

    /// An argument that repeats what the user typed (a word an answer could not read): cut
    /// to [`SAID_MAX`] characters ([`said`]), so a pasted page never comes back whole and the
    /// reply stays one short message.
    pub fn said(self, name: &str, typed: impl AsRef<str>) -> Msg {
        self.arg(name, said(typed.as_ref()))
    }
}

/// The most characters of the user's own words an answer repeats back.
pub const SAID_MAX: usize = 60;

/// `typed` as an answer may quote it: whole when short, else its first [`SAID_MAX`] - 1
/// characters and "…".
pub fn said(typed: &str) -> String {
    if typed.chars().count() <= SAID_MAX {
        return typed.to_string();
    }
    let mut cut: String = typed.chars().take(SAID_MAX - 1).collect();
    cut.push('…');
    cut
}

/// A table whose header cells are messages and whose body cells are data: the one table
/// model every priced answer draws (`phone::table` lays it out for a phone).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub header: Vec<Msg>,
    pub rows: Vec<Vec<String>>,
    /// The columns of a row's one-line summary on a phone, in order (e.g. platform, price,
    /// total); empty: the table has no summary and a phone shows its first rows as records.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lead: Vec<usize>,
}

impl Table {
    /// Names the columns of a row's one-line summary ([`Table::lead`]).
    pub fn with_lead(mut self, columns: &[usize]) -> Table {
        self.lead = columns.to_vec();
        self
    }

    /// Row `i` as one short line: its lead cells joined by " · " (empty cells left out).
    pub fn summary(&self, i: usize) -> Option<String> {
        let row = self.rows.get(i)?;
        let cells: Vec<&str> = self
            .lead
            .iter()
            .filter_map(|&c| row.get(c).map(|s| s.trim()))
            .filter(|s| !s.is_empty())
            .collect();
        (!cells.is_empty()).then(|| cells.join(" · "))
    }
}

/// One block of a reply, in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Part {
    Text(Msg),
    /// Data text shown as-is (still escaped by frontends), e.g. a model id list.
    Raw(String),
    Table(Table),
}

/// A button or numbered option: `id` is what comes back as `Input::Choice`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub id: String,
    pub label: Msg,
}

/// A PNG image with a caption (charts).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Image {
    pub png: Vec<u8>,
    pub caption: Msg,
}

/// One message the bot sends.
///
/// The answer shape for a phone: when `details` is not empty, `parts` is the short first
/// message (the verdict or the top options, what was assumed) and `details` the whole answer
/// (every row, sources, hidden costs). Chat frontends show `parts` with a "Details" button;
/// the terminal and the CLI print `details` ([`Reply::whole`]), so they lose nothing.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Reply {
    pub parts: Vec<Part>,
    /// The whole answer when `parts` is its short first part; empty when `parts` is all.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub details: Vec<Part>,
    pub choices: Vec<Choice>,
    /// Boxed: a reply is many functions' error value, and should stay small to move.
    pub image: Option<Box<Image>>,
}

impl Reply {
    pub fn text(msg: Msg) -> Reply {
        Reply {
            parts: vec![Part::Text(msg)],
            ..Reply::default()
        }
    }
    pub fn push(&mut self, msg: Msg) -> &mut Self {
        self.parts.push(Part::Text(msg));
        self
    }
    pub fn with(mut self, msg: Msg) -> Reply {
        self.parts.push(Part::Text(msg));
        self
    }
    pub fn with_table(mut self, table: Table) -> Reply {
        self.parts.push(Part::Table(table));
        self
    }
    pub fn with_choice(mut self, id: &str, label: Msg) -> Reply {
        self.choices.push(Choice {
            id: id.to_string(),
            label,
        });
        self
    }
    /// Puts a part before everything, in the short part and in the whole answer.
    pub fn prepend(&mut self, part: Part) {
        if !self.details.is_empty() {
            self.details.insert(0, part.clone());
        }
        self.parts.insert(0, part);
    }

    /// Puts a part at `at` (or the end) in the short part and in the whole answer.
    pub fn insert(&mut self, at: usize, part: Part) {
        if !self.details.is_empty() {
            let i = at.min(self.details.len());
            self.details.insert(i, part.clone());
        }
        let i = at.min(self.parts.len());
        self.parts.insert(i, part);
    }

    /// Appends another reply's parts: its short part to this short part, its whole answer to
    /// this whole answer (so a note joined to a shaped answer is in both views).
    pub fn join(&mut self, other: Reply) {
        if self.details.is_empty() && other.details.is_empty() {
            self.parts.extend(other.parts);
            return;
        }
        let mut whole = self.whole().to_vec();
        whole.extend(other.whole().iter().cloned());
        self.parts.extend(other.parts);
        self.details = whole;
    }

    /// Adds a message at the end of the short part and of the whole answer.
    pub fn append(&mut self, msg: Msg) {
        if !self.details.is_empty() {
            self.details.push(Part::Text(msg.clone()));
        }
        self.parts.push(Part::Text(msg));
    }

    /// Adds a message to the whole answer (the details when there is a short first part).
    pub fn push_whole(&mut self, msg: Msg) -> &mut Self {
        if self.details.is_empty() {
            self.parts.push(Part::Text(msg));
        } else {
            self.details.push(Part::Text(msg));
        }
        self
    }

    /// Makes `short` this reply's first part and everything it had its details.
    pub fn with_short(mut self, short: Vec<Part>) -> Reply {
        if short != self.parts {
            self.details = std::mem::replace(&mut self.parts, short);
        }
        self
    }

    /// The whole answer: `details` when there is a short first part, else `parts`.
    pub fn whole(&self) -> &[Part] {
        if self.details.is_empty() {
            &self.parts
        } else {
            &self.details
        }
    }

    /// The whole answer as a reply of its own (what the "Details" button shows), with the
    /// same choices and no details behind it.
    pub fn expanded(&self) -> Reply {
        Reply {
            parts: self.whole().to_vec(),
            details: Vec::new(),
            choices: self.choices.clone(),
            image: self.image.clone(),
        }
    }

    /// Every message id in this reply (short part, details and choices), for tests and
    /// locale checks.
    pub fn message_ids(&self) -> Vec<&str> {
        let mut ids = Vec::new();
        for p in self.parts.iter().chain(&self.details) {
            match p {
                Part::Text(m) => ids.push(m.id.as_str()),
                Part::Table(t) => ids.extend(t.header.iter().map(|m| m.id.as_str())),
                Part::Raw(_) => {}
            }
        }
        ids.extend(self.choices.iter().map(|c| c.label.id.as_str()));
        ids
    }
}
