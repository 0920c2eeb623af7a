//! `Reply` -> Discord message bodies: text in embeds (Discord Markdown, every data string
//! escaped), tables in code blocks laid out for a phone, choices as buttons (a select menu when
//! there are more than five), and `allowed_mentions` empty on every message so that nothing a
//! user typed can ping `@everyone`, a role or a person.
//!
//! The body is the JSON Discord takes for a channel message, an interaction response's `data`,
//! a follow-up and an edit alike; it is built with serenity's builders.

use crate::ChoiceId;
use bot_core::reply::{Part, Reply};
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

/// Error replies.
const RED: u32 = 0xED4245;
/// Everything else (Discord's blurple).
const BLURPLE: u32 = 0x5865F2;

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

/// One reply as message bodies, in order: the choices sit on the last one.
pub fn render(lang: Lang, reply: &Reply, ephemeral: bool) -> Vec<Value> {
    let l = Localizer::get();
    let block = |text: String, preformatted: bool| Block { text, preformatted };
    let mut blocks = Vec::new();
    if let Some(img) = &reply.image {
        // Attachments are not sent yet: the caption stands in for the chart.
        blocks.push(block(l.format(lang, &img.caption), false));
    }
    for part in &reply.parts {
        blocks.push(match part {
            Part::Text(m) => block(l.format(lang, m), false),
            Part::Raw(s) => block(s.clone(), false),
            Part::Table(t) => block(pack::table_text(lang, t, pack::PHONE_COLUMNS), true),
        });
    }
    let mut texts = MARKDOWN.pack_blocks(&blocks);
    if texts.is_empty() {
        texts.push("…".to_string());
    }
    let colour = if reply.message_ids().iter().any(|id| id.starts_with("error")) {
        RED
    } else {
        BLURPLE
    };
    let components = components(lang, reply);
    let last = texts.len() - 1;
    texts
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            let mut m = CreateInteractionResponseMessage::new()
                .embed(CreateEmbed::new().description(text).colour(colour))
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
        };
        let bodies = render(Lang::En, &Reply::default().with_table(table), true);
        let d = description(&bodies[0]);
        assert!(d.starts_with("```\n"), "{d}");
        assert!(d.contains("rtx-4090 | $0.44 `\u{200B}``"), "{d}");
        assert_eq!(d.matches("```").count(), 2, "{d}");
        assert_eq!(bodies[0]["flags"], 64);
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
}
