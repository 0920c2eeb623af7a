//! The answer shape for a phone: a first message a person can act on, narrow tables, short
//! buttons. Chat frontends (Telegram, Discord) pass every reply through [`fit`] before they
//! render it; the terminal and the CLI print the whole answer and never call it.
//!
//! - A table is drawn in monospace only when every line fits [`COLUMNS`] (a CJK character
//!   counts two); else each row is a short record of plain lines, which wrap on a phone
//!   without losing their meaning ([`table`]).
//! - A reply longer than [`FIRST_LINES`] keeps its leading parts (a table its first
//!   [`TOP_ROWS`] rows) in the first message, and the whole answer goes behind the "Details"
//!   button ([`Reply::details`]). A renderer that wrote its own short part is left as it is.
//! - A button label wider than [`LABEL_COLUMNS`] is cut, and its whole text is a numbered
//!   line in the message above the buttons.

use crate::i18n::{Lang, Localizer, display_width};
use crate::reply::{Msg, Part, Reply, Table};

/// Monospace columns a phone shows without wrapping.
pub const COLUMNS: usize = 40;
/// The most lines a first message should take.
pub const FIRST_LINES: usize = 20;
/// Table rows a first message shows.
pub const TOP_ROWS: usize = 3;
/// The widest button label.
pub const LABEL_COLUMNS: usize = 30;

/// A table laid out for a phone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Narrow {
    /// Aligned columns, every line within the width: show in monospace.
    Mono(String),
    /// One record per row (the first cell, then "header: value" joined by " · "): plain
    /// lines that may wrap.
    Lines(String),
}

impl Narrow {
    pub fn text(&self) -> &str {
        match self {
            Narrow::Mono(s) | Narrow::Lines(s) => s,
        }
    }
}

/// `table` laid out within `columns`: aligned when it fits, else as records.
pub fn table(lang: Lang, table: &Table, columns: usize) -> Narrow {
    let l = Localizer::get();
    let aligned = l.render_table(lang, table);
    if aligned.lines().all(|line| display_width(line) <= columns) {
        return Narrow::Mono(aligned);
    }
    let header: Vec<String> = table.header.iter().map(|m| l.format(lang, m)).collect();
    let records: Vec<String> = table
        .rows
        .iter()
        .map(|row| {
            let rest: Vec<String> = row
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, cell)| !cell.trim().is_empty())
                .map(|(i, cell)| match header.get(i) {
                    Some(h) if !h.trim().is_empty() => format!("{h}: {cell}"),
                    _ => cell.clone(),
                })
                .collect();
            let first = row.first().cloned().unwrap_or_default();
            if rest.is_empty() {
                first
            } else {
                format!("{first}\n  {}", rest.join(" · "))
            }
        })
        .collect();
    Narrow::Lines(records.join("\n"))
}

/// A table's first `rows` rows as a first message shows them: the cut table when it fits
/// in monospace or has no summary columns, else one numbered summary line per row
/// ("1. AutoDL · ¥1.88/小时 · ¥1.41"). Any other part as it is.
pub fn top(lang: Lang, part: Part, rows: usize) -> Part {
    let Part::Table(mut t) = part else {
        return part;
    };
    t.rows.truncate(rows);
    if t.lead.is_empty() || matches!(table(lang, &t, COLUMNS), Narrow::Mono(_)) {
        return Part::Table(t);
    }
    let lines: Vec<String> = (0..t.rows.len())
        .filter_map(|i| t.summary(i).map(|s| format!("{}. {s}", i + 1)))
        .collect();
    Part::Raw(lines.join("\n"))
}

/// The short first message of an answer, the one shape every command's renderer uses: the
/// title, the verdict or the top options (one short line each), then one line saying what was
/// assumed and the words that change it. [`Short::over`] puts it in front of the whole answer,
/// which goes behind the "Details" button (and is what the terminal and the CLI print).
#[derive(Debug, Clone, Default)]
pub struct Short {
    parts: Vec<Part>,
}

impl Short {
    /// Starts with the whole answer's first part, its title.
    pub fn titled(whole: &Reply) -> Short {
        Short {
            parts: whole.parts.first().cloned().into_iter().collect(),
        }
    }

    /// Adds one line (a verdict, a note a person needs before acting).
    pub fn line(mut self, msg: Msg) -> Short {
        self.parts.push(Part::Text(msg));
        self
    }

    /// Adds a line of data text.
    pub fn raw(mut self, text: impl Into<String>) -> Short {
        self.parts.push(Part::Raw(text.into()));
        self
    }

    /// Adds a part of the whole answer as it is (e.g. a table that already fits).
    pub fn part(mut self, part: Part) -> Short {
        self.parts.push(part);
        self
    }

    /// Adds a table's top [`TOP_ROWS`] rows, one summary line each (or the cut table when it
    /// fits in monospace).
    pub fn top(mut self, lang: Lang, table: &Table) -> Short {
        if !table.rows.is_empty() {
            self.parts
                .push(top(lang, Part::Table(table.clone()), TOP_ROWS));
        }
        self
    }

    /// Adds, in their order, the parts of `whole` that are one of the messages `ids` (the
    /// lines of an answer a person acts on).
    pub fn keep(mut self, whole: &Reply, ids: &[&str]) -> Short {
        for part in &whole.parts {
            if matches!(part, Part::Text(m) if ids.contains(&m.id.as_str()))
                && !self.parts.contains(part)
            {
                self.parts.push(part.clone());
            }
        }
        self
    }

    /// Adds the top rows of the first table in `whole` (see [`Short::top`]).
    pub fn top_of(self, lang: Lang, whole: &Reply) -> Short {
        match whole.parts.iter().find_map(|p| match p {
            Part::Table(t) => Some(t),
            _ => None,
        }) {
            Some(t) => self.top(lang, t),
            None => self,
        }
    }

    /// Adds the one line of what was assumed ("what", already in the reader's language) and
    /// the words that change it; nothing when nothing was assumed.
    pub fn assumed(mut self, what: &[String], words: &[&str]) -> Short {
        let what: Vec<&str> = what
            .iter()
            .map(String::as_str)
            .filter(|w| !w.is_empty())
            .collect();
        if !what.is_empty() {
            self.parts.push(Part::Text(
                Msg::new("phone-assumed")
                    .arg("what", what.join(" · "))
                    .arg("words", words.join(" / ")),
            ));
        }
        self
    }

    /// `whole` with this as its first message, when the whole answer says more; else `whole`
    /// as it is (one message, no button).
    pub fn over(self, lang: Lang, whole: Reply) -> Reply {
        let short: usize = self.parts.iter().map(|p| lines(lang, p)).sum();
        let all: usize = whole.parts.iter().map(|p| lines(lang, p)).sum();
        if all <= short || !whole.details.is_empty() {
            return whole;
        }
        whole.with_short(self.parts)
    }
}

/// How many lines a part takes on a phone (a wrapped record line counts once).
pub fn lines(lang: Lang, part: &Part) -> usize {
    let text = match part {
        Part::Text(m) => Localizer::get().format(lang, m),
        Part::Raw(s) => s.clone(),
        Part::Table(t) => table(lang, t, COLUMNS).text().to_string(),
    };
    text.lines().count().max(1)
}

/// The reply as a phone shows it: a first message of at most [`FIRST_LINES`] lines with the
/// whole answer behind it, and button labels of at most [`LABEL_COLUMNS`].
pub fn fit(lang: Lang, mut reply: Reply) -> Reply {
    let labels = short_labels(lang, &mut reply);
    let label_lines = labels.as_ref().map_or(0, |p| lines(lang, p));
    if reply.details.is_empty() {
        let total: usize = reply.parts.iter().map(|p| lines(lang, p)).sum();
        if total + label_lines > FIRST_LINES {
            let room = FIRST_LINES.saturating_sub(label_lines).max(TOP_ROWS + 2);
            let short = first_part(lang, &reply.parts, room);
            reply.details = std::mem::replace(&mut reply.parts, short);
        }
    }
    if let Some(labels) = labels {
        // The whole labels sit above the buttons in both views.
        if !reply.details.is_empty() {
            reply.details.push(labels.clone());
        }
        reply.parts.push(labels);
    }
    reply
}

/// The leading parts of an answer that fit a first message, a table cut to its top rows,
/// then a line saying the rest is behind "Details".
fn first_part(lang: Lang, parts: &[Part], lines_at_most: usize) -> Vec<Part> {
    // One line is kept for the pointer to the details.
    let mut room = lines_at_most - 1;
    let mut short = Vec::new();
    for part in parts {
        // A table with summary columns shows its top rows as one line each.
        let part = &match part {
            Part::Table(t) if !t.lead.is_empty() => top(lang, part.clone(), TOP_ROWS),
            _ => part.clone(),
        };
        let n = lines(lang, part);
        if n <= room {
            short.push(part.clone());
            room -= n;
            continue;
        }
        match part {
            Part::Table(t) => {
                let cut = (1..=TOP_ROWS.min(t.rows.len()))
                    .rev()
                    .map(|k| top(lang, part.clone(), k))
                    .find(|cut| lines(lang, cut) <= room);
                if let Some(cut) = cut {
                    short.push(cut);
                }
            }
            _ if short.is_empty() => {
                // A single long text: its first lines.
                let text = match part {
                    Part::Text(m) => Localizer::get().format(lang, m),
                    Part::Raw(s) => s.clone(),
                    Part::Table(_) => unreachable!("tables are matched above"),
                };
                let head: Vec<&str> = text.lines().take(room).collect();
                short.push(Part::Raw(head.join("\n")));
            }
            _ => {}
        }
        break;
    }
    short.push(Part::Text(Msg::new("phone-more")));
    short
}

/// Cuts button labels wider than [`LABEL_COLUMNS`]; the whole labels are numbered lines for
/// the message, and each button starts with the same number.
fn short_labels(lang: Lang, reply: &mut Reply) -> Option<Part> {
    let l = Localizer::get();
    let mut lines = Vec::new();
    for (i, choice) in reply.choices.iter_mut().enumerate() {
        let full = l.format(lang, &choice.label);
        if display_width(&full) <= LABEL_COLUMNS {
            continue;
        }
        let n = i + 1;
        lines.push(format!("{n}. {full}"));
        let prefix = format!("{n}. ");
        let cut = cut_to(&full, LABEL_COLUMNS - display_width(&prefix) - 1);
        choice.label = Msg::new("phone-choice-short")
            .arg("n", n)
            .arg("label", format!("{cut}…"));
    }
    (!lines.is_empty()).then(|| Part::Raw(lines.join("\n")))
}

/// The longest start of `s` at most `columns` wide, without trailing spaces.
pub fn cut_to(s: &str, columns: usize) -> String {
    let mut out = String::new();
    let mut width = 0;
    for c in s.chars() {
        let w = display_width(c.encode_utf8(&mut [0; 4]));
        if width + w > columns {
            break;
        }
        out.push(c);
        width += w;
    }
    out.trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wide_table(rows: usize) -> Table {
        Table {
            header: vec![Msg::new("cmd-gpu"), Msg::new("cmd-fit")],
            rows: (0..rows)
                .map(|i| vec![format!("RTX 409{i}"), "显存".repeat(12)])
                .collect(),
            lead: Vec::new(),
        }
    }

    #[test]
    fn a_wide_table_becomes_records_and_a_narrow_one_stays_aligned() {
        let narrow = Table {
            header: vec![Msg::new("cmd-gpu")],
            rows: vec![vec!["RTX 4090".into()]],
            lead: Vec::new(),
        };
        assert!(matches!(table(Lang::En, &narrow, COLUMNS), Narrow::Mono(_)));
        let Narrow::Lines(text) = table(Lang::Zh, &wide_table(2), COLUMNS) else {
            panic!("a 60-column table stayed monospace");
        };
        assert!(text.starts_with("RTX 4090\n  "), "{text}");
        assert_eq!(text.lines().count(), 4, "{text}");
    }

    #[test]
    fn a_long_reply_keeps_its_top_rows_and_the_whole_answer_behind() {
        let mut reply = Reply::text(Msg::new("help-intro")).with_table(wide_table(30));
        reply.parts.push(Part::Raw("source: somewhere".into()));
        let whole = reply.parts.clone();
        let fitted = fit(Lang::En, reply);
        assert_eq!(fitted.details, whole);
        let shown: usize = fitted.parts.iter().map(|p| lines(Lang::En, p)).sum();
        assert!(shown <= FIRST_LINES, "{shown}");
        let Some(Part::Table(top)) = fitted.parts.get(1) else {
            panic!("{:?}", fitted.parts);
        };
        assert_eq!(top.rows.len(), TOP_ROWS);
        assert_eq!(top.rows[0][0], "RTX 4090");
        assert_eq!(fitted.expanded().parts, whole);
    }

    #[test]
    fn a_short_reply_is_left_alone_and_long_labels_are_cut_with_the_text_above() {
        let reply = Reply::text(Msg::new("help-intro"))
            .with_choice("a", Msg::new("cmd-gpu"))
            .with_choice(
                "b",
                Msg::new("phone-choice-short")
                    .arg("n", 9u32)
                    .arg("label", "x".repeat(60)),
            );
        let fitted = fit(Lang::Zh, reply.clone());
        assert!(fitted.details.is_empty());
        assert_eq!(fitted.choices[0], reply.choices[0]);
        let l = Localizer::get();
        let label = l.format(Lang::Zh, &fitted.choices[1].label);
        assert!(display_width(&label) <= LABEL_COLUMNS, "{label}");
        assert!(label.starts_with("2. 9. x"), "{label}");
        assert_eq!(
            fitted.parts.last(),
            Some(&Part::Raw(format!("2. 9. {}", "x".repeat(60))))
        );
    }

    #[test]
    fn a_wide_table_with_summary_columns_shows_its_top_rows_as_numbered_lines() {
        let t = wide_table(5).with_lead(&[0, 1]);
        let Part::Raw(text) = top(Lang::Zh, Part::Table(t), 2) else {
            panic!("no summary");
        };
        assert_eq!(
            text,
            format!("1. RTX 4090 · {0}\n2. RTX 4091 · {0}", "显存".repeat(12))
        );
    }

    #[test]
    fn cutting_counts_cjk_double() {
        assert_eq!(cut_to("显存显存", 5), "显存");
        assert_eq!(cut_to("ab cd", 3), "ab");
    }
}
