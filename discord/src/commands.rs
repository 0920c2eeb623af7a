//! Slash commands, generated from bot-core's command definitions, and back again.
//!
//! Every definition in [`bot_core::commands::ALL`] becomes a slash command whose description
//! is its Fluent `describe_id` in both languages and whose options are its typed slots, in
//! the order its parser reads them; [`to_text`] writes the options back as the very line a
//! user would type (`/cost autodl 4090 40m boot=3m`), so bot-core's grammar stays the only
//! one. GPU, model and platform options autocomplete from the catalog ([`autocomplete`]).

use bot_core::catalog::Catalog;
use bot_core::commands::{self, ALL, CommandDef, Slot, SlotKind};
use bot_core::{Lang, Localizer, Msg};
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::CommandOptionType;

/// Discord's locale code for Simplified Chinese.
pub const ZH_LOCALE: &str = "zh-CN";
/// Discord's most autocomplete choices.
pub const MAX_AUTOCOMPLETE: usize = 25;

/// The typed options of bot-core command `name` (its slots), in the order its parser reads
/// them. Unknown commands and commands without arguments have none.
pub fn options_for(name: &str) -> &'static [Slot] {
    commands::find(name).map_or(&[], |d| d.slots)
}

/// Whether only the asker should see command `name`'s answer.
pub fn is_ephemeral(name: &str) -> bool {
    commands::find(name).is_some_and(|d| d.flags.ephemeral)
}

/// The Fluent id of a command's zh-CN name.
pub fn name_id(command: &str) -> String {
    format!("discord-name-{command}")
}

fn text(lang: Lang, id: &str) -> String {
    Localizer::get().format(lang, &Msg::new(id))
}

/// Every slash command, built from bot-core's definitions, ready for one bulk overwrite.
pub fn slash_commands() -> Vec<CreateCommand> {
    ALL.iter().map(|def| slash_command(def)).collect()
}

/// One definition as a slash command. Commands that change the chat for everyone are shown
/// by default only to members who may manage channels (`default_member_permissions`);
/// bot-core checks again on use.
pub fn slash_command(def: &CommandDef) -> CreateCommand {
    let mut c = CreateCommand::new(def.name)
        .description(text(Lang::En, def.describe_id))
        .name_localized(ZH_LOCALE, text(Lang::Zh, &name_id(def.name)))
        .description_localized(ZH_LOCALE, text(Lang::Zh, def.describe_id));
    for slot in def.slots {
        c = c.add_option(option(slot));
    }
    if def.flags.admin_only {
        c = c.default_member_permissions(serenity::model::Permissions::MANAGE_CHANNELS);
    }
    c
}

fn option(spec: &Slot) -> CreateCommandOption {
    let name_id = format!("discord-opt-{}", spec.name);
    let about_id = format!("{name_id}-about");
    let kind = match spec.kind {
        SlotKind::Integer => CommandOptionType::Integer,
        _ => CommandOptionType::String,
    };
    let mut o = CreateCommandOption::new(kind, spec.name, text(Lang::En, &about_id))
        .name_localized(ZH_LOCALE, text(Lang::Zh, &name_id))
        .description_localized(ZH_LOCALE, text(Lang::Zh, &about_id))
        .required(spec.required);
    match spec.kind {
        SlotKind::Gpu | SlotKind::Model | SlotKind::Platform => o = o.set_autocomplete(true),
        SlotKind::Integer => o = o.min_int_value(1).max_int_value(4096),
        SlotKind::Choices(values) => {
            for (value, label) in values {
                o = match label {
                    Some(id) => o.add_string_choice_localized(
                        text(Lang::En, id),
                        *value,
                        [(ZH_LOCALE, text(Lang::Zh, id))],
                    ),
                    None => o.add_string_choice(*value, *value),
                };
            }
        }
        SlotKind::Text => o = o.max_length(200),
    }
    o
}

/// One option value as Discord sends it.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Text(String),
    Integer(i64),
}

/// The line a user would type for command `name` with these option values (by option name);
/// unknown options are ignored, so a stale registration cannot smuggle text in.
pub fn to_text(name: &str, values: &[(String, Value)]) -> String {
    let Some(def) = commands::find(name) else {
        return format!("/{name}");
    };
    let values: Vec<(&str, String)> = values
        .iter()
        .map(|(n, v)| {
            let v = match v {
                Value::Text(s) => s.clone(),
                Value::Integer(n) => n.to_string(),
            };
            (n.as_str(), v)
        })
        .collect();
    commands::line_of(def, &values)
}

/// Up to 25 (label, value) suggestions for the option `option` of `command` that the user has
/// typed `typed` into; empty for options that do not autocomplete.
pub fn autocomplete(
    catalog: &Catalog,
    lang: Lang,
    command: &str,
    option: &str,
    typed: &str,
) -> Vec<(String, String)> {
    let Some(spec) = options_for(command).iter().find(|s| s.name == option) else {
        return Vec::new();
    };
    let zh = lang == Lang::Zh;
    let names: Vec<(String, String, Vec<String>)> = match spec.kind {
        SlotKind::Gpu => catalog
            .gpus
            .iter()
            .map(|g| {
                (
                    g.display_name(zh).to_string(),
                    g.id.clone(),
                    g.aliases.clone(),
                )
            })
            .collect(),
        SlotKind::Model => catalog
            .models
            .iter()
            .map(|m| (m.name.clone(), m.id.clone(), m.aliases.clone()))
            .collect(),
        SlotKind::Platform => catalog
            .platforms
            .iter()
            .map(|p| {
                (
                    p.display_name(zh).to_string(),
                    p.id.clone(),
                    p.aliases.clone(),
                )
            })
            .collect(),
        _ => return Vec::new(),
    };
    let want = bot_core::catalog::normalize(typed);
    let matches = |s: &str| bot_core::catalog::normalize(s).contains(&want);
    names
        .into_iter()
        .filter(|(label, id, aliases)| {
            want.is_empty() || matches(label) || matches(id) || aliases.iter().any(|a| matches(a))
        })
        .take(MAX_AUTOCOMPLETE)
        .map(|(label, id, _)| (label, id))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Value {
        Value::Text(s.into())
    }

    #[test]
    fn options_become_the_line_bot_core_reads() {
        let v = |pairs: &[(&str, Value)]| -> Vec<(String, Value)> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.clone()))
                .collect()
        };
        assert_eq!(
            to_text(
                "cost",
                &v(&[
                    ("duration", t("40m")),
                    ("gpu", t("RTX 4090")),
                    ("platform", t("autodl")),
                    ("more", t("boot=3m")),
                ])
            ),
            "/cost autodl RTX-4090 40m boot=3m"
        );
        assert_eq!(
            to_text("gpu", &v(&[("gpu", t("h100 sxm"))])),
            "/gpu h100 sxm"
        );
        assert_eq!(
            to_text(
                "fit",
                &v(&[
                    ("model", t("qwen2.5-72b")),
                    ("quant", t("int4")),
                    ("cards", Value::Integer(2)),
                    ("ctx", t("32k")),
                    ("evil", t("x")),
                ])
            ),
            "/fit qwen2.5-72b int4 cards=2 ctx=32k"
        );
        assert_eq!(
            to_text(
                "convert",
                &v(&[("price", t("0.0007 usd/s")), ("to", t("hour"))])
            ),
            "/convert 0.0007 usd/s to hour"
        );
        assert_eq!(to_text("pick", &[]), "/pick");
    }

    #[test]
    fn every_command_has_its_slots_as_options() {
        for def in ALL {
            assert_eq!(options_for(def.name), def.slots, "/{}", def.name);
        }
        assert!(is_ephemeral("pick") && !is_ephemeral("cost"));
    }
}
