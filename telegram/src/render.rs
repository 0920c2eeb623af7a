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

/// One of our HTML messages cut in two near its middle, for a message Telegram refused as too
/// long: at the line break nearest the middle (else a space, else any character), never inside
/// a tag or an entity; the tags open at the cut are closed at the end of the first piece and
/// opened again at the start of the second, so each piece is HTML Telegram reads. `None` for
/// a text too short to cut (a refusal no cut can help).
pub fn halves(html: &str) -> Option<(String, String)> {
    if html.chars().count() < 32 {
        return None;
    }
    // Byte offsets where a cut may go (outside tags and entities), with what is open there.
    let mut open: Vec<&str> = Vec::new();
    let mut cuts: Vec<(usize, u8, Vec<&str>)> = Vec::new();
    let mut in_tag = false;
    let mut in_entity = false;
    let mut tag_start = 0;
    for (at, c) in html.char_indices() {
        // A cut before `c` splits nothing when the text before it is outside every tag and
        // entity (`c` itself may open one).
        if !in_tag && !in_entity && at > 0 {
            let rank = match c {
                '\n' => 0,
                ' ' => 1,
                _ => 2,
            };
            cuts.push((at, rank, open.clone()));
        }
        match c {
            '<' => {
                in_tag = true;
                tag_start = at;
            }
            '>' if in_tag => {
                in_tag = false;
                let tag = &html[tag_start..=at];
                if let Some(name) = tag.strip_prefix("</") {
                    let name = name.trim_end_matches('>');
                    if let Some(i) = open.iter().rposition(|o| tag_name(o) == name) {
                        open.truncate(i);
                    }
                } else if !tag.ends_with("/>") {
                    open.push(tag);
                }
            }
            '&' if !in_tag => in_entity = true,
            ';' if in_entity => in_entity = false,
            _ => {}
        }
    }
    // The best kind of cut in the middle half, so each piece is well under the whole.
    let middle = html.len() / 2;
    let (lo, hi) = (html.len() / 4, html.len() * 3 / 4);
    let best = cuts
        .iter()
        .filter(|(at, _, _)| (lo..=hi).contains(at))
        .min_by_key(|(at, rank, _)| (*rank, at.abs_diff(middle)))
        .or_else(|| cuts.iter().min_by_key(|(at, _, _)| at.abs_diff(middle)))?;
    let (at, _, open) = best;
    let mut first = html[..*at].to_string();
    for tag in open.iter().rev() {
        first.push_str(&format!("</{}>", tag_name(tag)));
    }
    let mut second: String = open.concat();
    second.push_str(html[*at..].trim_start_matches('\n'));
    (first.len() < html.len() && second.len() < html.len()).then_some((first, second))
}

/// `b` of `<b>`, `a` of `<a href="…">`.
fn tag_name(tag: &str) -> &str {
    let t = tag.trim_start_matches('<').trim_end_matches('>');
    t.split(|c: char| c.is_whitespace()).next().unwrap_or(t)
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

    #[test]
    fn halves_cut_at_a_line_near_the_middle_and_keep_each_piece_html() {
        let html = format!(
            "<b>Title</b>\n<pre>{}\n{}</pre>\nend &amp; more",
            "a".repeat(40),
            "b".repeat(40)
        );
        let (a, b) = halves(&html).unwrap();
        assert!(a.ends_with("</pre>"), "{a}");
        assert!(b.starts_with("<pre>"), "{b}");
        assert_eq!(plain_of(&a) + "\n" + &plain_of(&b), plain_of(&html));
        // No line breaks: a space, never inside an entity or a tag.
        let html = format!("{} &amp; <i>{}</i>", "x".repeat(30), "y y ".repeat(10));
        let (a, b) = halves(&html).unwrap();
        for piece in [&a, &b] {
            assert_eq!(
                piece.matches('<').count(),
                piece.matches('>').count(),
                "{piece}"
            );
            assert!(!piece.ends_with('&') && !piece.starts_with(';'), "{piece}");
        }
        assert_eq!(
            plain_of(&a).len() + plain_of(&b).len(),
            plain_of(&html).len()
        );
        // One long word: any character, still both shorter.
        let word = "z".repeat(100);
        let (a, b) = halves(&word).unwrap();
        assert_eq!(a + &b, word);
        assert_eq!(halves("short"), None);
        // Tags and entities everywhere: whatever the cut, each piece is whole HTML.
        let dense = "<b>&lt;a&gt;</b><i>&amp;</i>".repeat(8);
        let (a, b) = halves(&dense).unwrap();
        for piece in [&a, &b] {
            assert_eq!(
                piece.matches('<').count(),
                piece.matches('>').count(),
                "{piece}"
            );
            assert_eq!(
                piece.matches('&').count(),
                piece.matches(';').count(),
                "{piece}"
            );
        }
        assert_eq!(plain_of(&a) + &plain_of(&b), plain_of(&dense));
    }
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
