//! `Reply` -> Discord message bodies: text in embeds (Discord Markdown, every data string
//! escaped), the reply's `*-title` line as the embed title, breakdowns (a /fit memory split, a
//! /cost bill) as embed fields, the colour by verdict (green: fits; red: does not fit or an
//! error; gold: a cheapest-first ranking), tables in code blocks laid out for a phone, choices
//! as buttons (a select menu when there are more than five), and `allowed_mentions` empty on
//! every message so that nothing a user typed can ping `@everyone`, a role or a person.
//!
//! `Reply` stays platform-free: which messages are breakdowns and verdicts is known here, by
//! their Fluent ids, and the field names are Discord's own messages (`discord-field-*`).
//!
//! The body is the JSON Discord takes for a channel message, an interaction response's `data`,
//! a follow-up and an edit alike; it is built with serenity's builders.

use crate::ChoiceId;
use bot_core::reply::{Arg, Msg, Part, Reply};
use bot_core::{Lang, Localizer};
use gpuscout_frontend::pack::{self, Block, Markup};
use serde_json::Value;
use serenity::builder::{
    CreateActionRow, CreateAllowedMentions, CreateButton, CreateEmbed,
    CreateInteractionResponseMessage, CreateSelectMenu, CreateSelectMenuKind,
    CreateSelectMenuOption,
};
use serenity::model::application::ButtonStyle;

/// Discord's limit on an embed's description, in characters.
pub const EMBED_LIMIT: usize = 4096;
/// Buttons, one per row, up to this many; more choices become one select menu (25 at most).
pub const MAX_BUTTONS: usize = 5;
pub const MAX_MENU_OPTIONS: usize = 25;
/// Discord's limit on a button label or select option label.
pub const LABEL_LIMIT: usize = 80;
/// The `custom_id` of the select menu that carries more than [`MAX_BUTTONS`] choices; its
/// options' values are the choices' versioned ids.
pub const MENU_ID: &str = "menu";

/// Discord's limits on an embed title, a field's name and value, fields per embed, embeds per
/// message and characters over all of a message's embeds.
pub const TITLE_LIMIT: usize = 256;
pub const FIELD_NAME_LIMIT: usize = 256;
pub const FIELD_VALUE_LIMIT: usize = 1024;
pub const MAX_FIELDS: usize = 25;
pub const MAX_EMBEDS: usize = 10;
pub const MESSAGE_EMBED_LIMIT: usize = 6000;

/// Errors, and a configuration that does not fit (Discord's red).
pub const RED: u32 = 0xED4245;
/// It fits (Discord's green).
pub const GREEN: u32 = 0x57F287;
/// A fit inside the estimate's margin: "tight" (Discord's yellow).
pub const YELLOW: u32 = 0xFEE75C;
/// A ranking, cheapest first (Discord's gold).
pub const GOLD: u32 = 0xF1C40F;
/// Everything else (Discord's blurple).
pub const BLURPLE: u32 = 0x5865F2;

/// Replies that rank options cheapest first.
const RANKINGS: &[&str] = &[
    "billing-compare-title",
    "pick-result-title",
    "stock-title",
    "fit-options-intro",
    "fit-alternatives-intro",
];

/// One-line "Label: value" messages of a bill, shown as fields.
const BILL_LINES: &[&str] = &[
    "billing-billed",
    "billing-compute",
    "billing-storage",
    "billing-transfer",
    "billing-total",
];

/// `fit-breakdown`'s arguments, in order, and the field each becomes.
const FIT_PARTS: &[(&str, &str)] = &[
    ("weights", "discord-field-weights"),
    ("kv", "discord-field-kv"),
    ("act", "discord-field-activations"),
    ("optim", "discord-field-optimizer"),
    ("overhead", "discord-field-overhead"),
    ("total", "discord-field-total"),
    ("per_card", "discord-field-per-card"),
];

/// Discord Markdown, with 4096-character embed descriptions and ``` fences.
pub const MARKDOWN: Markup = Markup {
    escape,
    pre_escape: escape_pre,
    measure: pack::chars,
    pre_open: "```\n",
    pre_close: "\n```",
    limit: EMBED_LIMIT,
};

/// Escapes raw text for Discord Markdown: every formatting character gets a backslash, and an
/// `@` a zero-width space after it, so `@everyone` is shown and never parsed.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '\\' | '*' | '_' | '~' | '`' | '|' | '>' | '#' | '-' | '[' | ']' | '(' | ')' | '<'
            | ':' => {
                out.push('\\');
                out.push(c);
            }
            '@' => out.push_str("@\u{200B}"),
            c => out.push(c),
        }
    }
    out
}

/// Inside a code block only a fence can break out; a zero-width space breaks every run of
/// three backticks.
pub fn escape_pre(text: &str) -> String {
    text.replace("``", "`\u{200B}`")
}

/// One embed: an optional title, a description, fields.
#[derive(Default)]
struct Embed {
    title: Option<String>,
    description: Option<String>,
    fields: Vec<(String, String)>,
}

impl Embed {
    fn chars(&self) -> usize {
        let n = |s: &Option<String>| s.as_deref().map_or(0, pack::chars);
        n(&self.title)
            + n(&self.description)
            + self
                .fields
                .iter()
                .map(|(a, b)| pack::chars(a) + pack::chars(b))
                .sum::<usize>()
    }
}

/// A reply in reading order: text to pack, or a breakdown's fields.
enum Segment {
    Blocks(Vec<Block>),
    Fields(Vec<(String, String)>),
}

/// One reply as message bodies, in order: the choices sit on the last one.
pub fn render(lang: Lang, reply: &Reply, ephemeral: bool) -> Vec<Value> {
    let l = Localizer::get();
    let block = |text: String, preformatted: bool| Block { text, preformatted };
    let mut parts = reply.parts.as_slice();
    // The reply's first line, when it is a title, heads the first embed.
    let title = match parts.first() {
        Some(Part::Text(m)) if m.id.ends_with("-title") => {
            // Measured as sent: escaping lengthens a title (`-`, `(`, `:` each gain a `\`), and
            // one past 256 costs the whole message (50035). Too long, it stays text.
            let t = escape(&l.format(lang, m));
            (pack::chars(&t) <= TITLE_LIMIT).then(|| {
                parts = &parts[1..];
                t
            })
        }
        _ => None,
    };
    let mut segments: Vec<Segment> = Vec::new();
    let push_block = |segments: &mut Vec<Segment>, b: Block| match segments.last_mut() {
        Some(Segment::Blocks(v)) => v.push(b),
        _ => segments.push(Segment::Blocks(vec![b])),
    };
    if let Some(img) = &reply.image {
        // The chart itself goes as an attachment (`rest::with_attachments`); its caption is text.
        push_block(&mut segments, block(l.format(lang, &img.caption), false));
    }
    for part in parts {
        match part {
            Part::Text(m) => match fields(lang, m) {
                Some(f) => match segments.last_mut() {
                    Some(Segment::Fields(v)) if v.len() + f.len() <= MAX_FIELDS => v.extend(f),
                    _ => segments.push(Segment::Fields(f)),
                },
                None => push_block(&mut segments, block(l.format(lang, m), false)),
            },
            Part::Raw(s) => push_block(&mut segments, block(s.clone(), false)),
            Part::Table(t) => push_block(
                &mut segments,
                pack::table_block(lang, t, pack::PHONE_COLUMNS),
            ),
        }
    }
    let mut embeds: Vec<Embed> = Vec::new();
    for segment in segments {
        match segment {
            Segment::Blocks(blocks) => {
                for text in MARKDOWN.pack_blocks(&blocks) {
                    embeds.push(Embed {
                        description: Some(text),
                        ..Embed::default()
                    });
                }
            }
            // Fields belong to the text before them (the breakdown follows its heading).
            Segment::Fields(f) => match embeds.last_mut() {
                Some(e) if e.fields.is_empty() => e.fields = f,
                _ => embeds.push(Embed {
                    fields: f,
                    ..Embed::default()
                }),
            },
        }
    }
    if embeds.is_empty() {
        embeds.push(Embed::default());
    }
    match title {
        Some(t) if embeds[0].chars() + pack::chars(&t) <= EMBED_LIMIT => embeds[0].title = Some(t),
        Some(t) => embeds.insert(
            0,
            Embed {
                title: Some(t),
                ..Embed::default()
            },
        ),
        None => {}
    }
    for e in &mut embeds {
        if e.title.is_none() && e.description.is_none() && e.fields.is_empty() {
            e.description = Some("…".to_string());
        }
    }
    // Embeds into messages: at most ten and 6000 characters each.
    let mut messages: Vec<Vec<Embed>> = Vec::new();
    for e in embeds {
        match messages.last_mut() {
            Some(m)
                if m.len() < MAX_EMBEDS
                    && m.iter().map(Embed::chars).sum::<usize>() + e.chars()
                        <= MESSAGE_EMBED_LIMIT =>
            {
                m.push(e)
            }
            _ => messages.push(vec![e]),
        }
    }
    let colour = colour(reply);
    let components = components(lang, reply);
    let last = messages.len() - 1;
    messages
        .into_iter()
        .enumerate()
        .map(|(i, embeds)| {
            let embeds = embeds
                .into_iter()
                .map(|e| {
                    let mut b = CreateEmbed::new().colour(colour);
                    if let Some(t) = e.title {
                        b = b.title(t);
                    }
                    if let Some(d) = e.description {
                        b = b.description(d);
                    }
                    b.fields(e.fields.into_iter().map(|(n, v)| (n, v, true)))
                })
                .collect();
            let mut m = CreateInteractionResponseMessage::new()
                .embeds(embeds)
                .allowed_mentions(CreateAllowedMentions::new())
                .ephemeral(ephemeral);
            if i == last {
                // Always set, so an edit in place also removes the old buttons.
                m = m.components(components.clone());
            }
            serde_json::to_value(m).expect("a message body serializes")
        })
        .collect()
}

/// The embed colour for a reply: its verdict.
pub fn colour(reply: &Reply) -> u32 {
    let ids = reply.message_ids();
    if ids.iter().any(|id| id.starts_with("error")) {
        return RED;
    }
    let verdict = reply.parts.iter().find_map(|p| match p {
        Part::Text(m) if m.id == "fit-verdict" => arg(m, "verdict"),
        _ => None,
    });
    match verdict.as_deref() {
        Some("fits") => GREEN,
        Some("tight" | "short") => YELLOW,
        Some(_) => RED,
        None if ids.iter().any(|id| RANKINGS.contains(id)) => GOLD,
        None => BLURPLE,
    }
}

fn arg(m: &Msg, name: &str) -> Option<String> {
    m.args
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| match v {
            Arg::Str(s) => s.clone(),
            Arg::Num(n) => n.to_string(),
        })
}

/// A breakdown message as embed fields (name, value), escaped; `None` for any other message.
fn fields(lang: Lang, m: &Msg) -> Option<Vec<(String, String)>> {
    let l = Localizer::get();
    let field = |name: String, value: String| {
        (
            clip(&escape(&name), FIELD_NAME_LIMIT),
            clip(&escape(&value), FIELD_VALUE_LIMIT),
        )
    };
    if m.id == "fit-breakdown" {
        let training = arg(m, "training").as_deref() == Some("yes");
        let out = FIT_PARTS
            .iter()
            .filter(|(a, _)| training || *a != "optim")
            .filter_map(|(a, id)| {
                let gib = arg(m, a)?;
                let value = l.format(lang, &Msg::new("discord-field-gib").arg("gib", gib));
                Some(field(l.format(lang, &Msg::new(id)), value))
            })
            .collect();
        return Some(out);
    }
    if BILL_LINES.contains(&m.id.as_str()) {
        let text = l.format(lang, m);
        let (name, value) = text.split_once(": ").or_else(|| text.split_once('：'))?;
        return Some(vec![field(
            name.trim().to_string(),
            value.trim().to_string(),
        )]);
    }
    None
}

/// At most `limit` characters, with an ellipsis when cut. Cuts after escaping never split an
/// escape from its character: a trailing lone backslash is dropped.
fn clip(text: &str, limit: usize) -> String {
    if pack::chars(text) <= limit {
        return text.to_string();
    }
    let mut s: String = text.chars().take(limit - 1).collect();
    // An odd run of backslashes at the end ends in an escape's first half (`\\` is an
    // escaped backslash, whole): drop that half so it cannot escape the ellipsis.
    if s.chars().rev().take_while(|c| *c == '\\').count() % 2 == 1 {
        s.pop();
    }
    s.push('…');
    s
}

/// The reply's choices as components: one button per row for a few, a select menu for more.
/// A choice whose versioned id would not fit Discord's 100 bytes gets no component.
pub fn components(lang: Lang, reply: &Reply) -> Vec<CreateActionRow> {
    let l = Localizer::get();
    let choices: Vec<(String, String)> = reply
        .choices
        .iter()
        .filter_map(|c| {
            let id = ChoiceId::Choice(c.id.clone()).encode().ok()?;
            Some((id, label(&l.format(lang, &c.label))))
        })
        .collect();
    if choices.len() <= MAX_BUTTONS {
        return choices
            .into_iter()
            .map(|(id, label)| {
                CreateActionRow::Buttons(vec![
                    CreateButton::new(id)
                        .label(label)
                        .style(ButtonStyle::Secondary),
                ])
            })
            .collect();
    }
    let options = choices
        .into_iter()
        .take(MAX_MENU_OPTIONS)
        .map(|(id, label)| CreateSelectMenuOption::new(label, id))
        .collect();
    vec![CreateActionRow::SelectMenu(CreateSelectMenu::new(
        MENU_ID,
        CreateSelectMenuKind::String { options },
    ))]
}

/// A label within Discord's limit (labels are plain text: no Markdown, nothing to escape).
fn label(text: &str) -> String {
    if text.chars().count() <= LABEL_LIMIT {
        return text.to_string();
    }
    let mut s: String = text.chars().take(LABEL_LIMIT - 1).collect();
    s.push('…');
    s
}

/// A plain notice (a refusal, an outdated button), ephemeral.
pub fn notice(text: &str) -> Value {
    let m = CreateInteractionResponseMessage::new()
        .content(escape(text))
        .allowed_mentions(CreateAllowedMentions::new())
        .ephemeral(true);
    serde_json::to_value(m).expect("a message body serializes")
}

#[cfg(test)]
mod tests {
    use super::*;
    use bot_core::Msg;
    use bot_core::reply::Table;

    fn description(body: &Value) -> &str {
        body["embeds"][0]["description"].as_str().unwrap()
    }

    #[test]
    fn data_is_escaped_and_nobody_is_pinged() {
        let reply = Reply::text(Msg::new("error-gpu-not-found").arg("query", "@everyone *x*"));
        let bodies = render(Lang::En, &reply, false);
        assert_eq!(bodies.len(), 1);
        let d = description(&bodies[0]);
        assert!(d.contains("@\u{200B}everyone \\*x\\*"), "{d}");
        assert_eq!(
            bodies[0]["allowed_mentions"]["parse"],
            serde_json::json!([])
        );
        assert_eq!(bodies[0]["embeds"][0]["color"], RED);
        assert!(bodies[0].get("flags").is_none() || bodies[0]["flags"] == 0);
    }

    #[test]
    fn tables_are_fenced_and_not_backslashed() {
        let table = Table {
            header: vec![Msg::new("cmd-gpu")],
            rows: vec![vec!["rtx-4090 | $0.44 ```".into()]],
            lead: Vec::new(),
        };
        let bodies = render(Lang::En, &Reply::default().with_table(table), true);
        let d = description(&bodies[0]);
        assert!(d.starts_with("```\n"), "{d}");
        assert!(d.contains("rtx-4090 | $0.44 `\u{200B}``"), "{d}");
        assert_eq!(d.matches("```").count(), 2, "{d}");
        assert_eq!(bodies[0]["flags"], 64);
    }

    fn fit(fits: &str, training: &str) -> Reply {
        Reply::text(
            Msg::new("fit-title")
                .arg("model", "qwen2.5-7b")
                .arg("quant", "int4")
                .arg("task", "inference")
                .arg("method", "none")
                .arg("context", 4096u32)
                .arg("batch", 1u32)
                .arg("engine", "vllm"),
        )
        .with(
            Msg::new("fit-breakdown")
                .arg("weights", "4.6")
                .arg("kv", "0.5")
                .arg("act", "0.3")
                .arg("optim", "9.9")
                .arg("overhead", "1.2")
                .arg("total", "6.6")
                .arg("per_card", "6.6")
                .arg("cards", 1u32)
                .arg("training", training),
        )
        .with(
            Msg::new("fit-verdict")
                .arg("verdict", fits)
                .arg("gpu", "RTX 4090")
                .arg("cards", 1u32)
                .arg("vram", "24.0")
                .arg("margin", "17.4"),
        )
    }

    #[test]
    fn a_breakdown_is_fields_the_title_heads_the_embed_and_the_verdict_colours_it() {
        let body = &render(Lang::En, &fit("fits", "no"), false)[0];
        let embeds = body["embeds"].as_array().unwrap();
        assert_eq!(embeds.len(), 2, "{body}");
        let title = embeds[0]["title"].as_str().unwrap();
        assert!(
            title.starts_with("Memory estimate\\: qwen2.5\\-7b"),
            "{title}"
        );
        let fields = embeds[0]["fields"].as_array().unwrap();
        let names: Vec<&str> = fields.iter().map(|f| f["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            [
                "Weights",
                "KV cache",
                "Activations",
                "Overhead",
                "Total",
                "Busiest card"
            ],
            "inference has no optimizer state"
        );
        assert_eq!(fields[0]["value"], "4.6 GiB");
        assert_eq!(fields[0]["inline"], true);
        // The verdict follows the breakdown, in the same colour.
        assert!(
            embeds[1]["description"]
                .as_str()
                .unwrap()
                .contains("Fits on 1 × RTX 4090")
        );
        assert!(embeds.iter().all(|e| e["color"] == GREEN));
        assert_eq!(body["allowed_mentions"]["parse"], serde_json::json!([]));

        let body = &render(Lang::Zh, &fit("no", "yes"), false)[0];
        let embeds = body["embeds"].as_array().unwrap();
        assert!(embeds.iter().all(|e| e["color"] == RED));
        let names: Vec<&str> = embeds[0]["fields"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["name"].as_str().unwrap())
            .collect();
        assert!(
            names.contains(&"梯度与优化器") && names.contains(&"权重"),
            "{names:?}"
        );
    }

    #[test]
    fn a_bill_is_fields_and_a_ranking_is_gold() {
        let reply = Reply::text(Msg::new("billing-compute").arg("amount", "$1.32"))
            .with(Msg::new("billing-total").arg("amount", "$1.50"));
        let body = &render(Lang::Zh, &reply, false)[0];
        let fields = body["embeds"][0]["fields"].as_array().unwrap();
        assert_eq!(fields.len(), 2, "{body}");
        assert_eq!(fields[1]["name"], "合计");
        assert_eq!(fields[1]["value"], "$1.50");
        assert_eq!(body["embeds"][0]["color"], BLURPLE);

        let ranking = Reply::text(Msg::new("help-intro")).with(
            Msg::new("billing-compare-title")
                .arg("gpu", "A100")
                .arg("cards", 1u32)
                .arg("job", "3h")
                .arg("currency", "USD"),
        );
        assert_eq!(colour(&ranking), GOLD);
    }

    #[test]
    fn long_answers_stay_within_discords_message_limits() {
        let mut reply = Reply::text(Msg::new("help-intro"));
        for i in 0..400 {
            reply = reply.with(Msg::new("error-gpu-not-found").arg("query", format!("card-{i}")));
            if i % 50 == 0 {
                reply = reply.with(fit("fits", "no").parts[1].clone_msg());
            }
        }
        let bodies = render(Lang::En, &reply, false);
        assert!(bodies.len() > 1);
        for b in &bodies {
            let embeds = b["embeds"].as_array().unwrap();
            assert!(embeds.len() <= MAX_EMBEDS);
            let chars: usize = embeds
                .iter()
                .map(|e| {
                    let s = |k: &str| e[k].as_str().map_or(0, |s| s.chars().count());
                    s("title")
                        + s("description")
                        + e["fields"].as_array().map_or(0, |f| {
                            f.iter()
                                .map(|f| {
                                    f["name"].as_str().unwrap().chars().count()
                                        + f["value"].as_str().unwrap().chars().count()
                                })
                                .sum()
                        })
                })
                .sum();
            assert!(chars <= MESSAGE_EMBED_LIMIT, "{chars}");
            assert_eq!(b["allowed_mentions"]["parse"], serde_json::json!([]));
        }
    }

    trait CloneMsg {
        fn clone_msg(&self) -> Msg;
    }
    impl CloneMsg for Part {
        fn clone_msg(&self) -> Msg {
            match self {
                Part::Text(m) => m.clone(),
                _ => unreachable!(),
            }
        }
    }

    #[test]
    fn few_choices_are_buttons_many_are_a_menu() {
        let mut reply = Reply::text(Msg::new("help-intro"));
        for i in 0..3 {
            reply = reply.with_choice(&format!("t:{i}"), Msg::new("cmd-fit"));
        }
        let body = &render(Lang::Zh, &reply, true)[0];
        let rows = body["components"].as_array().unwrap();
        assert_eq!(rows.len(), 3);
        assert_eq!(rows[0]["components"][0]["type"], 2);
        assert_eq!(rows[0]["components"][0]["custom_id"], "v1|t:0");
        for i in 3..8 {
            reply = reply.with_choice(&format!("t:{i}"), Msg::new("cmd-fit"));
        }
        let body = &render(Lang::En, &reply, true)[0];
        let rows = body["components"].as_array().unwrap();
        assert_eq!(rows.len(), 1);
        let menu = &rows[0]["components"][0];
        assert_eq!(menu["type"], 3);
        assert_eq!(menu["custom_id"], MENU_ID);
        assert_eq!(menu["options"][7]["value"], "v1|t:7");
    }

    /// wire17: a cut after an escaped backslash (`\\`) keeps it whole; a cut after an
    /// escape's first half drops that half; neither leaves a `\` before the ellipsis.
    #[test]
    fn clip_never_leaves_half_an_escape_before_the_ellipsis() {
        use super::clip;
        // `a\\bc` (an escaped backslash) cut to 4: `a\\` kept whole, not `a\` (which
        // would escape the ellipsis).
        assert_eq!(clip(&escape("a\\bc"), 4), "a\\\\…");
        // `a\*bcd` cut to 3: `a\` is half an escape, dropped.
        assert_eq!(clip(&escape("a*bcd"), 3), "a…");
    }
}
