//! Rendered text -> messages under a platform's length limit.
//!
//! Every platform caps a message (Telegram: 4096 UTF-16 units of the HTML; Discord: 2000
//! characters) and has a preformatted block (`<pre>…</pre>`, ```` ``` ```` fences) that must
//! open and close inside each message. A [`Markup`] names those differences; the cutting is
//! the same everywhere: split on line boundaries, cut a line only when it alone is too long
//! (never inside an escape sequence), and close and reopen the preformatted block at a cut.
//! Tables too wide for a phone become records ([`table_block`]).

use bot_core::Lang;
use bot_core::phone::Narrow;
use bot_core::reply::Table;

/// Monospace columns that fit a phone screen; wider tables are shown as records.
pub const PHONE_COLUMNS: usize = bot_core::phone::COLUMNS;

/// How a platform writes text: its escaping, its preformatted block and how it counts length.
#[derive(Debug, Clone, Copy)]
pub struct Markup {
    /// Makes raw text safe in the platform's markup.
    pub escape: fn(&str) -> String,
    /// Makes raw text safe inside a preformatted block (where markup such as Markdown's
    /// backslash escapes is shown literally); often the same as `escape`.
    pub pre_escape: fn(&str) -> String,
    /// The length the platform's limit is counted in (UTF-16 units, characters…).
    pub measure: fn(&str) -> usize,
    /// Opens a preformatted block (`<pre>`, "```\n").
    pub pre_open: &'static str,
    /// Closes it (`</pre>`, "\n```").
    pub pre_close: &'static str,
    /// The most a message may measure.
    pub limit: usize,
}

/// A piece of raw (unescaped) text; a preformatted one is shown in monospace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub text: String,
    pub preformatted: bool,
}

/// Telegram's measure: UTF-16 code units.
pub fn utf16_units(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Discord's measure: characters.
pub fn chars(s: &str) -> usize {
    s.chars().count()
}

/// One line of output, already escaped; `pre_block` says which preformatted block it is in.
struct Line {
    text: String,
    pre_block: Option<usize>,
}

impl Markup {
    /// Escapes `blocks` and joins them (one line each per `\n`) into messages, each within
    /// [`Markup::limit`] and each with its preformatted blocks balanced. No message is empty
    /// or whitespace only; no input gives no messages.
    pub fn pack_blocks(&self, blocks: &[Block]) -> Vec<String> {
        let pre_room = self.limit - (self.measure)(self.pre_open) - (self.measure)(self.pre_close);
        let mut lines = Vec::new();
        for (i, block) in blocks.iter().enumerate() {
            // Only a preformatted line needs room for its block's open and close; a plain line
            // may fill the whole message (a 4096-unit line is one Telegram message, not two).
            let room = if block.preformatted {
                pre_room
            } else {
                self.limit
            };
            let escape = if block.preformatted {
                self.pre_escape
            } else {
                self.escape
            };
            for raw in block.text.split('\n') {
                for piece in self.wrap(raw, room, escape) {
                    lines.push(Line {
                        text: escape(&piece),
                        pre_block: block.preformatted.then_some(i),
                    });
                }
            }
        }
        self.pack(&lines)
    }

    /// Cuts a raw line so that each piece, once escaped, measures at most `max`.
    fn wrap(&self, raw: &str, max: usize, escape: fn(&str) -> String) -> Vec<String> {
        let measure = |s: &str| (self.measure)(&escape(s));
        if measure(raw) <= max {
            return vec![raw.to_string()];
        }
        // Greedy by each character's own escape, then checked whole: an escape that depends
        // on its neighbours (Discord's fence escape turns ``` `` ``` into three characters)
        // measures more than its characters apart, so a piece is shortened until its escape
        // fits.
        let chars: Vec<char> = raw.chars().collect();
        let mut pieces = Vec::new();
        let mut start = 0;
        while start < chars.len() {
            let (mut end, mut len) = (start, 0);
            while end < chars.len() {
                let u = measure(chars[end].encode_utf8(&mut [0; 4]));
                if len + u > max && end > start {
                    break;
                }
                len += u;
                end += 1;
            }
            let piece = |end: usize| chars[start..end].iter().collect::<String>();
            while end > start + 1 && measure(&piece(end)) > max {
                end -= 1;
            }
            pieces.push(piece(end));
            start = end;
        }
        pieces
    }

    /// Joins lines into messages of at most `limit`, opening and closing the preformatted
    /// block around its lines so that every message is valid markup on its own.
    fn pack(&self, lines: &[Line]) -> Vec<String> {
        let open = self.pre_open;
        let close = self.pre_close;
        let open_len = (self.measure)(open);
        let close_len = (self.measure)(close);
        let mut texts = Vec::new();
        let mut cur = String::new();
        let mut cur_len = 0;
        let mut prev: Option<Option<usize>> = None;
        for line in lines {
            let line_len = (self.measure)(&line.text);
            loop {
                let mut add = line_len;
                if prev.is_some() {
                    add += 1;
                }
                let leaving_pre = matches!(prev, Some(Some(b)) if line.pre_block != Some(b));
                let entering_pre = line.pre_block.is_some() && prev != Some(line.pre_block);
                if leaving_pre {
                    add += close_len;
                }
                if entering_pre {
                    add += open_len;
                }
                let closing = if line.pre_block.is_some() {
                    close_len
                } else {
                    0
                };
                if prev.is_some() && cur_len + add + closing > self.limit {
                    if matches!(prev, Some(Some(_))) {
                        cur.push_str(close);
                    }
                    texts.push(std::mem::take(&mut cur));
                    cur_len = 0;
                    prev = None;
                    continue;
                }
                if leaving_pre {
                    cur.push_str(close);
                }
                if prev.is_some() {
                    cur.push('\n');
                }
                if entering_pre {
                    cur.push_str(open);
                }
                cur.push_str(&line.text);
                cur_len += add;
                prev = Some(line.pre_block);
                break;
            }
        }
        if let Some(last) = prev {
            if last.is_some() {
                cur.push_str(close);
            }
            if !cur.trim().is_empty() {
                texts.push(cur);
            }
        }
        texts
    }
}

/// A table as a phone shows it (bot-core's [`bot_core::phone::table`]): aligned columns in a
/// preformatted block when every line fits in `columns`, else one record per row in plain
/// lines, which may wrap.
pub fn table_block(lang: Lang, table: &Table, columns: usize) -> Block {
    match bot_core::phone::table(lang, table, columns) {
        Narrow::Mono(text) => Block {
            text,
            preformatted: true,
        },
        Narrow::Lines(text) => Block {
            text,
            preformatted: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord-like: Markdown escaping of a few characters, fences, 2000 characters.
    fn discord_escape(s: &str) -> String {
        let mut out = String::with_capacity(s.len());
        for c in s.chars() {
            if matches!(c, '*' | '_' | '`' | '~' | '|' | '\\') {
                out.push('\\');
            }
            out.push(c);
        }
        out
    }

    const DISCORD: Markup = Markup {
        escape: discord_escape,
        pre_escape: discord_escape,
        measure: chars,
        pre_open: "```\n",
        pre_close: "\n```",
        limit: 2000,
    };

    fn block(text: &str, preformatted: bool) -> Block {
        Block {
            text: text.to_string(),
            preformatted,
        }
    }

    #[test]
    fn a_long_table_is_fenced_in_every_message() {
        let rows: Vec<String> = (0..300).map(|i| format!("row {i:03} *bold*")).collect();
        let texts = DISCORD.pack_blocks(&[
            block("Prices:", false),
            block(&rows.join("\n"), true),
            block("tail", false),
        ]);
        assert!(texts.len() >= 2, "{}", texts.len());
        for t in &texts {
            assert!(chars(t) <= 2000, "{}", chars(t));
            assert_eq!(t.matches("```").count() % 2, 0, "{t}");
        }
        assert!(texts[0].starts_with("Prices:\n```\nrow 000 \\*bold\\*"));
        assert!(texts.last().unwrap().ends_with("\n```\ntail"));
        let all = texts.join("\n");
        for i in 0..300 {
            assert!(all.contains(&format!("row {i:03} \\*bold\\*")), "row {i}");
        }
    }

    #[test]
    fn a_huge_line_is_cut_between_escapes_and_measured_in_characters() {
        let texts = DISCORD.pack_blocks(&[block(&"显*".repeat(1500), false)]);
        assert_eq!(texts.len(), 3);
        for t in &texts {
            assert!(chars(t) <= 2000);
            assert!(!t.ends_with('\\'), "an escape was cut");
        }
        assert_eq!(texts.concat(), discord_escape(&"显*".repeat(1500)));
    }

    #[test]
    fn nothing_to_say_is_no_message() {
        assert!(DISCORD.pack_blocks(&[]).is_empty());
        assert!(DISCORD.pack_blocks(&[block("  ", false)]).is_empty());
    }
}
