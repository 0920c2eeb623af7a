//! Languages and Fluent messages (`locales/<lang>/*.ftl`, embedded at build time).
//!
//! Only two languages exist: zh-CN and en-US. Every locale code a platform sends maps to one of
//! them explicitly, so `zh-Hans` or `zh-TW` never silently falls back to English.

use crate::reply::{Arg, Msg, Part, Reply, Table};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

/// A language the bot answers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[serde(rename = "en-US")]
    En,
    #[serde(rename = "zh-CN")]
    Zh,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Zh];

    /// BCP 47 tag of the locale directory.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en-US",
            Lang::Zh => "zh-CN",
        }
    }

    /// Maps a platform locale code (`zh`, `zh-CN`, `zh_Hans`, `zh-TW`, `en-GB`, ...) to a language.
    /// Any Chinese variant answers in zh-CN; everything else, or nothing, in English.
    pub fn from_locale(code: Option<&str>) -> Lang {
        match code {
            Some(c) => {
                let c = c.trim().to_ascii_lowercase().replace('_', "-");
                if c == "zh" || c.starts_with("zh-") || c == "cn" || c == "chinese" || c == "中文"
                {
                    Lang::Zh
                } else {
                    Lang::En
                }
            }
            None => Lang::En,
        }
    }

    /// Parses what a user types after `/lang`: `zh`, `cn`, `中文`, `en`, `english`...
    pub fn parse_user_choice(word: &str) -> Option<Lang> {
        let w = word.trim().to_lowercase().replace('_', "-");
        match w.as_str() {
            "en" | "english" | "en-us" | "en-gb" | "英文" | "英语" => Some(Lang::En),
            "zh" | "cn" | "zh-cn" | "zh-hans" | "zh-tw" | "zh-hant" | "chinese" | "中文"
            | "简体中文" | "汉语" => Some(Lang::Zh),
            _ => None,
        }
    }

    /// The currency answers default to in this language.
    pub fn default_currency(self) -> &'static str {
        match self {
            Lang::En => "USD",
            Lang::Zh => "CNY",
        }
    }
}

/// Formats messages; one bundle per language, built once.
pub struct Localizer {
    en: FluentBundle<FluentResource>,
    zh: FluentBundle<FluentResource>,
}

/// A message that failed to format (missing id or argument, syntax error).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{lang}: {id}: {problem}")]
pub struct FormatError {
    pub lang: &'static str,
    pub id: String,
    pub problem: String,
}

fn build_bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let mut bundle = FluentBundle::new_concurrent(vec![lang.tag().parse().expect("valid tag")]);
    // Isolation marks (U+2068/2069) show up as junk in chat clients and terminals.
    bundle.set_use_isolating(false);
    for (l, file, text) in FTL_FILES {
        if *l != lang.tag() {
            continue;
        }
        let res = FluentResource::try_new(text.to_string())
            .unwrap_or_else(|(_, errs)| panic!("{l}/{file} has syntax errors: {errs:?}"));
        bundle
            .add_resource(res)
            .unwrap_or_else(|errs| panic!("{l}/{file} redefines messages: {errs:?}"));
    }
    bundle
}

impl Localizer {
    /// The process-wide localizer over the embedded locale files.
    pub fn get() -> &'static Localizer {
        static L: OnceLock<Localizer> = OnceLock::new();
        L.get_or_init(|| Localizer {
            en: build_bundle(Lang::En),
            zh: build_bundle(Lang::Zh),
        })
    }

    fn bundle(&self, lang: Lang) -> &FluentBundle<FluentResource> {
        match lang {
            Lang::En => &self.en,
            Lang::Zh => &self.zh,
        }
    }

    /// Message ids defined for a language.
    pub fn ids(&self, lang: Lang) -> Vec<String> {
        let mut ids = Vec::new();
        for (l, _, text) in FTL_FILES {
            if *l != lang.tag() {
                continue;
            }
            if let Ok(res) = FluentResource::try_new(text.to_string()) {
                for entry in res.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        ids.push(m.id.name.to_string());
                    }
                }
            }
        }
        ids.sort();
        ids
    }

    /// Formats a message, reporting any problem instead of hiding it.
    pub fn try_format(&self, lang: Lang, msg: &Msg) -> Result<String, FormatError> {
        let bundle = self.bundle(lang);
        let err = |problem: String| FormatError {
            lang: lang.tag(),
            id: msg.id.clone(),
            problem,
        };
        let message = bundle
            .get_message(&msg.id)
            .ok_or_else(|| err("no such message".into()))?;
        let pattern = message
            .value()
            .ok_or_else(|| err("message has no value".into()))?;
        let mut args = FluentArgs::new();
        let mut marked = false;
        for (name, value) in &msg.args {
            match value {
                Arg::Num(n) => args.set(name.as_str(), FluentValue::from(*n)),
                // Only a name with Chinese in it is marked: a Latin one keeps its spaces anyway,
                // and selector keys (`none`) must reach Fluent as they are.
                Arg::Str(s)
                    if lang == Lang::Zh
                        && NAME_ARGS.contains(&name.as_str())
                        && s.chars().any(tight) =>
                {
                    marked = true;
                    args.set(
                        name.as_str(),
                        FluentValue::from(format!("{OPEN}{s}{CLOSE}")),
                    );
                }
                Arg::Str(s) => args.set(name.as_str(), FluentValue::from(s.as_str())),
            }
        }
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if errors.is_empty() {
            Ok(if marked {
                tight_names(&text)
            } else {
                text.into_owned()
            })
        } else {
            Err(err(format!("{errors:?}")))
        }
    }

    /// Formats a message; a broken message shows its id rather than crashing the chat.
    pub fn format(&self, lang: Lang, msg: &Msg) -> String {
        self.try_format(lang, msg)
            .unwrap_or_else(|e| format!("[{}]", e.id))
    }

    /// Renders a reply as plain text, the whole answer (terminal and CLI; chat frontends
    /// show the short part and offer the rest).
    pub fn render_plain(&self, lang: Lang, reply: &Reply) -> String {
        let mut out: Vec<String> = Vec::new();
        for part in reply.whole() {
            match part {
                Part::Text(m) => out.push(self.format(lang, m)),
                Part::Raw(s) => out.push(s.clone()),
                Part::Table(t) => out.push(self.render_table(lang, t)),
            }
        }
        out.join("\n")
    }

    /// Aligns a table in monospace columns (CJK characters count double width).
    pub fn render_table(&self, lang: Lang, table: &Table) -> String {
        let header: Vec<String> = table.header.iter().map(|m| self.format(lang, m)).collect();
        let mut widths: Vec<usize> = header.iter().map(|h| display_width(h)).collect();
        for row in &table.rows {
            for (i, cell) in row.iter().enumerate() {
                if i < widths.len() {
                    widths[i] = widths[i].max(display_width(cell));
                } else {
                    widths.push(display_width(cell));
                }
            }
        }
        let line = |cells: &[String]| -> String {
            let mut s = String::new();
            for (i, c) in cells.iter().enumerate() {
                s.push_str(c);
                if i + 1 < cells.len() {
                    s.push_str(&" ".repeat(widths[i].saturating_sub(display_width(c)) + 2));
                }
            }
            s.trim_end().to_string()
        };
        let mut lines = vec![line(&header)];
        for row in &table.rows {
            lines.push(line(row));
        }
        lines.join("\n")
    }
}

/// Arguments that carry a name (a platform's, a card's, a model's), many of them Chinese
/// (`共绩算力`, `RTX 4090 48GB（魔改）`). The Chinese messages put a space on each side of
/// them, right beside a Latin name (`RunPod 这项任务`) and wrong beside a Chinese one
/// (`共绩算力 这项任务`): Chinese is set without spaces between Chinese characters.
const NAME_ARGS: &[&str] = &[
    "platform",
    "platforms",
    "gpu",
    "name",
    "names",
    "model",
    "provider",
    // Trainers' names (`LitGPT（单卡）`).
    "on_default",
    "off_default",
];
/// Private-use marks around a name while its message is formatted.
const OPEN: char = '\u{E000}';
const CLOSE: char = '\u{E001}';

/// Chinese characters and full-width punctuation: no space is set between two of them.
fn tight(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xFF00..=0xFF0F | 0xFF1A..=0xFF20)
        || matches!(c, '“' | '”' | '‘' | '’')
}

/// The formatted message with the marks removed, and a space beside a name dropped where the
/// name's edge and the character across the space are both Chinese.
fn tight_names(text: &str) -> String {
    let cs: Vec<char> = text.chars().collect();
    // The nearest character that is not a mark, walking from `i` by `step`.
    let near = |mut i: isize, step: isize| -> Option<char> {
        while i >= 0 && (i as usize) < cs.len() {
            let c = cs[i as usize];
            if c != OPEN && c != CLOSE {
                return Some(c);
            }
            i += step;
        }
        None
    };
    let mut out = String::with_capacity(text.len());
    for (i, &c) in cs.iter().enumerate() {
        if c == OPEN || c == CLOSE {
            continue;
        }
        let i = i as isize;
        let beside_mark =
            cs.get(i as usize + 1) == Some(&OPEN) || (i > 0 && cs[i as usize - 1] == CLOSE);
        if c == ' '
            && beside_mark
            && near(i - 1, -1).is_some_and(tight)
            && near(i + 1, 1).is_some_and(tight)
        {
            continue;
        }
        out.push(c);
    }
    out
}

/// Monospace width: East Asian wide characters take two columns.
pub fn display_width(s: &str) -> usize {
    s.chars()
        .map(|c| {
            let cp = c as u32;
            if (0x1100..=0x115F).contains(&cp)
                || (0x2E80..=0xA4CF).contains(&cp)
                || (0xAC00..=0xD7A3).contains(&cp)
                || (0xF900..=0xFAFF).contains(&cp)
                || (0xFE30..=0xFE4F).contains(&cp)
                || (0xFF00..=0xFF60).contains(&cp)
                || (0xFFE0..=0xFFE6).contains(&cp)
            {
                2
            } else {
                1
            }
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_chinese_locale_code_maps_to_zh() {
        for code in [
            "zh",
            "zh-CN",
            "zh-Hans",
            "zh-hans-CN",
            "zh-TW",
            "zh_Hant",
            "ZH-HK",
        ] {
            assert_eq!(Lang::from_locale(Some(code)), Lang::Zh, "{code}");
        }
        for code in ["en", "en-US", "en-GB", "de", "ja", ""] {
            assert_eq!(Lang::from_locale(Some(code)), Lang::En, "{code}");
        }
        assert_eq!(Lang::from_locale(None), Lang::En);
    }

    #[test]
    fn locale_keys_are_identical_in_both_languages() {
        let l = Localizer::get();
        let en = l.ids(Lang::En);
        let zh = l.ids(Lang::Zh);
        let only_en: Vec<_> = en.iter().filter(|k| !zh.contains(k)).collect();
        let only_zh: Vec<_> = zh.iter().filter(|k| !en.contains(k)).collect();
        assert!(
            only_en.is_empty() && only_zh.is_empty(),
            "only en: {only_en:?}; only zh: {only_zh:?}"
        );
        assert!(en.len() > 10);
    }

    #[test]
    fn no_isolation_marks_and_missing_args_are_reported() {
        let l = Localizer::get();
        let m = Msg::new("error-unknown-command").arg("command", "/nope");
        let text = l.try_format(Lang::En, &m).unwrap();
        assert!(
            text.contains("/nope") && !text.contains('\u{2068}'),
            "{text}"
        );
        assert!(
            l.try_format(Lang::En, &Msg::new("error-unknown-command"))
                .is_err()
        );
        assert!(
            l.try_format(Lang::En, &Msg::new("no-such-message-id"))
                .is_err()
        );
    }

    #[test]
    fn chinese_names_sit_tight_against_chinese_text() {
        let t = |text: &str| tight_names(&text.replace('[', "\u{E000}").replace(']', "\u{E001}"));
        assert_eq!(t("[共绩算力] 这项任务"), "共绩算力这项任务");
        assert_eq!(t("在 [优云智算] 的包月"), "在优云智算的包月");
        assert_eq!(t("[RunPod] 这项任务"), "RunPod 这项任务");
        assert_eq!(t("在 [AutoDL 算力云] 有货"), "在 AutoDL 算力云有货");
        assert_eq!(
            t("2 张 [RTX 4090 48GB（魔改）] 放得下"),
            "2 张 RTX 4090 48GB（魔改）放得下"
        );
        // A selector on a name argument still matches its key.
        let l = Localizer::get();
        let none = Msg::new("stock-title-none")
            .arg("gpu", "GeForce RTX 4090")
            .arg("platform", "none")
            .arg("max", "none");
        assert!(!l.format(Lang::Zh, &none).contains("none"));
        let named = Msg::new("stock-title-none")
            .arg("gpu", "RTX 4090 48GB（魔改）")
            .arg("platform", "共绩算力")
            .arg("max", "none");
        assert!(
            l.format(Lang::Zh, &named)
                .starts_with("RTX 4090 48GB（魔改）（共绩算力）")
        );
        // Only the spaces beside a name: the message's own spacing stays.
        assert_eq!(t("按 1小时 为单位：[矩池云]"), "按 1小时 为单位：矩池云");
    }

    #[test]
    fn cjk_counts_double_in_tables() {
        assert_eq!(display_width("显存"), 4);
        assert_eq!(display_width("VRAM"), 4);
    }
}
