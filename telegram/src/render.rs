//! `Reply` -> Telegram messages: HTML parse mode, everything escaped, split under the
//! 4096-character limit on line boundaries, tables in `<pre>` (as records when too wide for
//! a phone), choices as an inline keyboard, images as photos. The splitting is the shared
//! [`gpuscout_frontend::pack`] with Telegram's [`HTML`] markup.

use crate::callback::CallbackData;
use bot_core::reply::{Part, Reply};
use bot_core::{Lang, Localizer};
use gpuscout_frontend::pack::{self, Block, Markup};
use teloxide::types::{InlineKeyboardButton, InlineKeyboardMarkup};

/// Telegram's limit for a message text (we count UTF-16 units of the HTML, which is stricter).
pub const MESSAGE_LIMIT: usize = 4096;
/// Telegram's limit for a photo caption.
pub const CAPTION_LIMIT: usize = 1024;
/// Monospace columns that fit a phone screen; wider tables are shown as records.
pub const PHONE_COLUMNS: usize = pack::PHONE_COLUMNS;

/// Telegram's HTML parse mode, measured in UTF-16 units as Telegram counts.
pub const HTML: Markup = Markup {
    escape,
    pre_escape: escape,
    measure: units,
    pre_open: "<pre>",
    pre_close: "</pre>",
    limit: MESSAGE_LIMIT,
};

/// One reply, ready to send.
#[derive(Debug, Clone, PartialEq)]
pub struct Rendered {
    /// HTML texts, each within [`MESSAGE_LIMIT`]; empty only for a lone photo.
    pub texts: Vec<String>,
    /// Buttons, attached to the last text.
    pub keyboard: Option<InlineKeyboardMarkup>,
    pub photo: Option<Photo>,
}

/// A chart: PNG bytes with an HTML caption within [`CAPTION_LIMIT`] (or none if too long, in
/// which case the caption is also the first text).
#[derive(Debug, Clone, PartialEq)]
pub struct Photo {
    pub png: Vec<u8>,
    pub caption: Option<String>,
}

/// Escapes text for Telegram's HTML parse mode (`&`, `<`, `>`; quotes only matter inside tags,
/// which we never build from data).
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

/// The words of one of our HTML messages as plain text: tags dropped (a `<` in the words is
/// always `&lt;`), the entities Telegram's HTML knows turned back into their characters.
/// For a message whose HTML Telegram refused: the same words, without their formatting.
pub fn plain_of(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        match rest[at..].find('>') {
            Some(end) => rest = &rest[at + end + 1..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    let mut plain = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.find('&') {
        plain.push_str(&rest[..at]);
        rest = &rest[at..];
        let named = [
            ("&lt;", '<'),
            ("&gt;", '>'),
            ("&quot;", '"'),
            ("&amp;", '&'),
        ];
        let numeric = || {
            let end = rest.find(';').filter(|e| *e <= 10)?;
            let n = rest[..end].strip_prefix("&#")?;
            let code = match n.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => n.parse().ok()?,
            };
            Some((end + 1, char::from_u32(code)?))
        };
        if let Some((word, c)) = named.iter().find(|(w, _)| rest.starts_with(w)) {
            plain.push(*c);
            rest = &rest[word.len()..];
        } else if let Some((len, c)) = numeric() {
            plain.push(c);
            rest = &rest[len..];
        } else {
            plain.push('&');
            rest = &rest[1..];
        }
    }
    plain.push_str(rest);
    plain
}

fn units(s: &str) -> usize {
    pack::utf16_units(s)
}

/// Renders one reply in `lang`.
pub fn render(lang: Lang, reply: &Reply) -> Rendered {
    let l = Localizer::get();
    let photo = reply.image.as_ref().map(|img| {
        let caption = escape(&l.format(lang, &img.caption));
        Photo {
            png: img.png.clone(),
            caption: (units(&caption) <= CAPTION_LIMIT).then_some(caption),
        }
    });
    let block = |text: String, preformatted: bool| Block { text, preformatted };
    let mut blocks: Vec<Block> = Vec::new();
    if let (Some(img), Some(Photo { caption: None, .. })) = (&reply.image, &photo) {
        // Too long for a caption: it leads the text instead.
        blocks.push(block(l.format(lang, &img.caption), false));
    }
    for part in &reply.parts {
        blocks.push(match part {
            Part::Text(m) => block(l.format(lang, m), false),
            Part::Raw(s) => block(s.clone(), false),
            Part::Table(t) => pack::table_block(lang, t, PHONE_COLUMNS),
        });
    }
    let mut texts = HTML.pack_blocks(&blocks);
    if texts.is_empty() && (photo.is_none() || !reply.choices.is_empty()) {
        // Telegram refuses empty messages; buttons still need a message to sit on.
        texts.push("…".to_string());
    }
    let keyboard = keyboard(lang, reply);
    Rendered {
        texts,
        keyboard,
        photo,
    }
}

/// The inline keyboard for a reply's choices: one button per row, so labels stay whole on a
/// phone. A choice whose payload would exceed 64 bytes gets no button (it can still be typed).
pub fn keyboard(lang: Lang, reply: &Reply) -> Option<InlineKeyboardMarkup> {
    let rows: Vec<Vec<InlineKeyboardButton>> = reply
        .choices
        .iter()
        .filter_map(|c| {
            let data = CallbackData::Choice(c.id.clone()).encode().ok()?;
            let label = Localizer::get().format(lang, &c.label);
            Some(vec![InlineKeyboardButton::callback(label, data)])
        })
        .collect();
    (!rows.is_empty()).then(|| InlineKeyboardMarkup::new(rows))
}

#[cfg(test)]
mod tests {
    #[test]
    fn plain_text_of_our_html_is_its_words() {
        use super::{escape, plain_of};
        let words = "<b>&amp;</b> 1 < 2 & 3 > 2 \"q\" ¥2.5/小时 &lt;";
        assert_eq!(plain_of(&format!("<b>{}</b>", escape(words))), words);
        assert_eq!(
            plain_of("<pre>a  b\n c</pre><a href=\"https://x.y/?a=1&amp;b=2\">link</a>"),
            "a  b\n clink"
        );
        assert_eq!(plain_of("&#36;3 &#x4e2d; &nope; &"), "$3 中 &nope; &");
        // A tag left open by whatever went wrong is kept as text, never a lost tail.
        assert_eq!(plain_of("price <b"), "price <b");
    }

    use super::*;
    use bot_core::Msg;
    use bot_core::reply::{Image, Table};

    #[test]
    fn data_is_escaped() {
        let reply = Reply::text(Msg::new("error-gpu-not-found").arg("query", "<b>x</b> & co"));
        let r = render(Lang::En, &reply);
        assert_eq!(r.texts.len(), 1);
        assert!(
            r.texts[0].contains("&lt;b&gt;x&lt;/b&gt; &amp; co"),
            "{}",
            r.texts[0]
        );
        assert!(!r.texts[0].contains("<b>"));
    }

    #[test]
    fn narrow_tables_are_preformatted_and_wide_ones_become_plain_records() {
        let narrow = Table {
            header: vec![Msg::new("cmd-gpu")],
            rows: vec![vec!["<4090>".into()]],
            lead: Vec::new(),
        };
        let r = render(
            Lang::En,
            &Reply::text(Msg::new("help-intro")).with_table(narrow),
        );
        assert_eq!(
            r.texts[0],
            "Commands:\n<pre>specs and list prices of one GPU\n&lt;4090&gt;</pre>"
        );
        let wide = Table {
            header: vec![Msg::new("cmd-gpu"), Msg::new("cmd-fit")],
            rows: vec![vec!["RTX 4090".into(), "x".repeat(50)]],
            lead: Vec::new(),
        };
        let r = render(Lang::En, &Reply::default().with_table(wide));
        assert_eq!(
            r.texts[0],
            // Too wide for monospace on a phone: a record in plain lines, which may wrap.
            format!(
                "RTX 4090\n  will a model fit a card's VRAM: {}",
                "x".repeat(50)
            )
        );
    }

    #[test]
    fn long_answers_split_on_lines_and_keep_pre_balanced() {
        let rows: Vec<Vec<String>> = (0..600).map(|i| vec![format!("row {i:04} <&>")]).collect();
        let table = Table {
            header: vec![Msg::new("cmd-gpus")],
            rows,
            lead: Vec::new(),
        };
        let mut reply = Reply::text(Msg::new("help-intro")).with_table(table);
        reply.parts.push(Part::Raw("tail line".into()));
        let r = render(Lang::En, &reply);
        assert!(r.texts.len() >= 2, "{}", r.texts.len());
        let all = r.texts.join("\n");
        for t in &r.texts {
            assert!(units(t) <= MESSAGE_LIMIT, "{}", units(t));
            assert_eq!(
                t.matches("<pre>").count(),
                t.matches("</pre>").count(),
                "{t}"
            );
            assert!(!t.starts_with('\n') && !t.ends_with('\n'));
        }
        for i in 0..600 {
            assert!(
                all.contains(&format!("row {i:04} &lt;&amp;&gt;")),
                "row {i}"
            );
        }
        assert!(r.texts.last().unwrap().ends_with("</pre>\ntail line"));
    }

    #[test]
    fn one_huge_line_is_cut_without_breaking_entities() {
        let reply = Reply {
            parts: vec![Part::Raw("<".repeat(3000))],
            ..Reply::default()
        };
        let r = render(Lang::En, &reply);
        assert_eq!(r.texts.len(), 3);
        for t in &r.texts {
            assert!(units(t) <= MESSAGE_LIMIT);
            assert!(t.chars().all(|c| "&lt;".contains(c)));
            assert_eq!(t.len() % 4, 0, "an entity was cut");
        }
    }

    #[test]
    fn choices_become_versioned_buttons_and_oversized_ids_are_dropped() {
        let reply = Reply::text(Msg::new("help-intro"))
            .with_choice("task:finetune", Msg::new("cmd-fit"))
            .with_choice(&"x".repeat(70), Msg::new("cmd-cost"));
        let kb = render(Lang::Zh, &reply).keyboard.expect("keyboard");
        assert_eq!(kb.inline_keyboard.len(), 1);
        let button = &kb.inline_keyboard[0][0];
        assert_eq!(
            button.text,
            Localizer::get().format(Lang::Zh, &Msg::new("cmd-fit"))
        );
        match &button.kind {
            teloxide::types::InlineKeyboardButtonKind::CallbackData(d) => {
                assert_eq!(d, "v1|task:finetune")
            }
            other => panic!("{other:?}"),
        }
        assert!(
            render(Lang::En, &Reply::text(Msg::new("help-intro")))
                .keyboard
                .is_none()
        );
    }

    #[test]
    fn images_become_photos_with_escaped_captions() {
        let reply = Reply {
            image: Some(Box::new(Image {
                png: vec![137, 80, 78, 71],
                caption: Msg::new("error-gpu-not-found").arg("query", "a<b"),
            })),
            ..Reply::default()
        };
        let r = render(Lang::En, &reply);
        let photo = r.photo.expect("photo");
        assert_eq!(photo.png, vec![137, 80, 78, 71]);
        assert!(photo.caption.unwrap().contains("a&lt;b"));
        assert!(r.texts.is_empty());
    }
}
