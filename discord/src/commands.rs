//! Slash commands, generated from bot-core's one command table, and back again.
//!
//! Every row of [`bot_core::command::COMMANDS`] becomes a slash command whose description is the
//! row's Fluent `describe_id` in both languages. Where the row's argument language has named
//! slots (a GPU, a model, a duration…), [`options_for`] lists them as typed options in the
//! order bot-core reads them; [`to_text`] writes the options back as the very line a user
//! would type (`/cost autodl 4090 40m boot=3m`), so bot-core's grammar stays the only one.
//! GPU, model and platform options autocomplete from the catalog ([`autocomplete`]).

use bot_core::catalog::Catalog;
use bot_core::command::COMMANDS;
use bot_core::{Lang, Localizer, Msg};
use serenity::builder::{CreateCommand, CreateCommandOption};
use serenity::model::application::CommandOptionType;

/// Discord's locale code for Simplified Chinese.
pub const ZH_LOCALE: &str = "zh-CN";
/// Discord's most autocomplete choices.
pub const MAX_AUTOCOMPLETE: usize = 25;

/// What an option holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Free text, written as typed.
    Text,
    /// A whole number.
    Integer,
    /// A catalog name, autocompleted; spaces become `-` inside a longer line (the catalog's
    /// names forgive dashes), so one name stays one word for bot-core.
    Gpu,
    Model,
    Platform,
    /// One of fixed values: (value, Fluent id of its label, or `None` when the value is its
    /// own label in every language).
    Choices(&'static [(&'static str, Option<&'static str>)]),
}

/// How an option's value is written into the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// As a word (or words) in its place.
    Word,
    /// `key=value`.
    Key(&'static str),
    /// After a word: `to <value>`.
    After(&'static str),
}

/// One typed option of a slash command. Its name's zh-CN localization is the Fluent id
/// `discord-opt-<name>`, its description `discord-opt-<name>-about`.
#[derive(Debug, Clone, Copy)]
pub struct OptionSpec {
    pub name: &'static str,
    pub kind: Kind,
    pub required: bool,
    pub write: Write,
}

const fn opt(name: &'static str, kind: Kind, required: bool) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required,
        write: Write::Word,
    }
}

const fn key(name: &'static str, kind: Kind, key: &'static str) -> OptionSpec {
    OptionSpec {
        name,
        kind,
        required: false,
        write: Write::Key(key),
    }
}

// The lexicon's words, so Discord offers exactly what bot-core reads (one meaning each).
const QUANTS: Kind = Kind::Choices(bot_core::lexicon::QUANT_CHOICES);
const TASKS: Kind = Kind::Choices(bot_core::lexicon::TASK_CHOICES);
const LANGS: Kind = Kind::Choices(&[("en", None), ("zh", None)]);
/// The rest of the command's language (`boot=3m`, `engine=vllm`…), as typed.
const MORE: OptionSpec = opt("more", Kind::Text, false);

const FIT_OPTIONS: &[OptionSpec] = &[
    opt("model", Kind::Model, true),
    opt("quant", QUANTS, false),
    opt("task", TASKS, false),
    opt("gpu", Kind::Gpu, false),
    key("cards", Kind::Integer, "cards"),
    key("ctx", Kind::Text, "ctx"),
    key("batch", Kind::Integer, "batch"),
    MORE,
];

const COST_OPTIONS: &[OptionSpec] = &[
    opt("platform", Kind::Platform, true),
    opt("gpu", Kind::Gpu, true),
    opt("duration", Kind::Text, true),
    MORE,
];

const COMPARE_OPTIONS: &[OptionSpec] =
    &[opt("gpu", Kind::Gpu, true), opt("usage", Kind::Text, true)];

const CONVERT_OPTIONS: &[OptionSpec] = &[
    opt("price", Kind::Text, true),
    OptionSpec {
        name: "to",
        kind: Kind::Text,
        required: true,
        write: Write::After("to"),
    },
];

const TCO_OPTIONS: &[OptionSpec] = &[
    opt("model", Kind::Model, true),
    opt("quant", QUANTS, true),
    opt("gpu", Kind::Gpu, true),
    opt("tokens", Kind::Text, true),
    opt("api_price", Kind::Text, false),
];

const GPU_OPTIONS: &[OptionSpec] = &[opt("gpu", Kind::Gpu, true)];

const PLATFORM_OPTIONS: &[OptionSpec] = &[opt("platform", Kind::Platform, true)];

/// `/stock <gpu> [platform] [max price]`.
const STOCK_OPTIONS: &[OptionSpec] = &[
    opt("gpu", Kind::Gpu, true),
    opt("platform", Kind::Platform, false),
    opt("price", Kind::Text, false),
];

/// `/offers [gpu] [filters]`: the filters are typed as in the chat (`cards>=2 vram>=40 spot`).
const OFFERS_OPTIONS: &[OptionSpec] = &[
    opt("gpu", Kind::Gpu, false),
    opt("filters", Kind::Text, false),
];

/// `/report <platform> <gpu> <in|out|price>`.
const REPORT_OPTIONS: &[OptionSpec] = &[
    opt("platform", Kind::Platform, true),
    opt("gpu", Kind::Gpu, true),
    opt("seen", Kind::Text, true),
];

/// `/subscribe <gpu> [platform] [max=price] [cards=N]`.
const SUBSCRIBE_OPTIONS: &[OptionSpec] = &[
    opt("gpu", Kind::Gpu, true),
    opt("platform", Kind::Platform, false),
    key("max_price", Kind::Text, "max"),
    key("cards", Kind::Integer, "cards"),
];

const UNSUBSCRIBE_OPTIONS: &[OptionSpec] = &[opt("id", Kind::Text, true)];

/// Commands that change a channel's alerts: only members who may manage channels see them
/// by default (`default_member_permissions`); bot-core checks again on use.
pub const MANAGE_COMMANDS: &[&str] = &["subscribe", "unsubscribe"];

/// `/trend <gpu> [days] [for <job>]`.
const TREND_OPTIONS: &[OptionSpec] = &[
    opt("gpu", Kind::Gpu, true),
    key("days", Kind::Integer, "days"),
    OptionSpec {
        name: "job",
        kind: Kind::Text,
        required: false,
        write: Write::After("for"),
    },
];

const TRIAL_OPTIONS: &[OptionSpec] = &[
    opt("platform", Kind::Platform, false),
    opt("gpu", Kind::Gpu, false),
    opt("wall_time", Kind::Text, false),
    opt("cost", Kind::Text, false),
    opt("card_hours", Kind::Text, false),
];

const LANG_OPTIONS: &[OptionSpec] = &[opt("language", LANGS, false)];

/// The typed options of bot-core command `name`, in the order its parser reads them. Commands
/// without arguments have none.
pub fn options_for(name: &str) -> &'static [OptionSpec] {
    match name {
        "fit" => FIT_OPTIONS,
        "cost" => COST_OPTIONS,
        "compare" => COMPARE_OPTIONS,
        "convert" => CONVERT_OPTIONS,
        "tco" => TCO_OPTIONS,
        "gpu" => GPU_OPTIONS,
        "platform" => PLATFORM_OPTIONS,
        "stock" => STOCK_OPTIONS,
        "offers" => OFFERS_OPTIONS,
        "report" => REPORT_OPTIONS,
        "trend" => TREND_OPTIONS,
        "trial" => TRIAL_OPTIONS,
        "subscribe" => SUBSCRIBE_OPTIONS,
        "unsubscribe" => UNSUBSCRIBE_OPTIONS,
        "lang" => LANG_OPTIONS,
        _ => &[],
    }
}

/// The Fluent id of a command's zh-CN name.
pub fn name_id(command: &str) -> String {
    format!("discord-name-{command}")
}

fn text(lang: Lang, id: &str) -> String {
    Localizer::get().format(lang, &Msg::new(id))
}

/// Every slash command, built from bot-core's table, ready for one bulk overwrite.
pub fn slash_commands() -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .map(|row| {
            let mut c = CreateCommand::new(row.name)
                .description(text(Lang::En, row.describe_id))
                .name_localized(ZH_LOCALE, text(Lang::Zh, &name_id(row.name)))
                .description_localized(ZH_LOCALE, text(Lang::Zh, row.describe_id));
            for spec in options_for(row.name) {
                c = c.add_option(option(spec));
            }
            if MANAGE_COMMANDS.contains(&row.name) {
                c = c.default_member_permissions(serenity::model::Permissions::MANAGE_CHANNELS);
            }
            c
        })
        .collect()
}

fn option(spec: &OptionSpec) -> CreateCommandOption {
    let name_id = format!("discord-opt-{}", spec.name);
    let about_id = format!("{name_id}-about");
    let kind = match spec.kind {
        Kind::Integer => CommandOptionType::Integer,
        _ => CommandOptionType::String,
    };
    let mut o = CreateCommandOption::new(kind, spec.name, text(Lang::En, &about_id))
        .name_localized(ZH_LOCALE, text(Lang::Zh, &name_id))
        .description_localized(ZH_LOCALE, text(Lang::Zh, &about_id))
        .required(spec.required);
    match spec.kind {
        Kind::Gpu | Kind::Model | Kind::Platform => o = o.set_autocomplete(true),
        Kind::Integer => o = o.min_int_value(1).max_int_value(4096),
        Kind::Choices(values) => {
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
        Kind::Text => o = o.max_length(200),
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
    let mut line = format!("/{name}");
    let specs = options_for(name);
    for spec in specs {
        let Some((_, value)) = values.iter().find(|(n, _)| n == spec.name) else {
            continue;
        };
        let mut value = match value {
            Value::Text(s) => s.trim().to_string(),
            Value::Integer(n) => n.to_string(),
        };
        if value.is_empty() {
            continue;
        }
        if matches!(spec.kind, Kind::Gpu | Kind::Model | Kind::Platform) && specs.len() > 1 {
            value = value.split_whitespace().collect::<Vec<_>>().join("-");
        }
        line.push(' ');
        match spec.write {
            Write::Word => line.push_str(&value),
            Write::Key(k) => {
                line.push_str(k);
                line.push('=');
                line.push_str(&value);
            }
            Write::After(word) => {
                line.push_str(word);
                line.push(' ');
                line.push_str(&value);
            }
        }
    }
    line
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
        Kind::Gpu => catalog
            .gpus
            .iter()
            .map(|g| (g.name.clone(), g.id.clone(), g.aliases.clone()))
            .collect(),
        Kind::Model => catalog
            .models
            .iter()
            .map(|m| (m.name.clone(), m.id.clone(), m.aliases.clone()))
            .collect(),
        Kind::Platform => catalog
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
    fn every_command_has_its_options_and_nothing_else() {
        let names: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        for n in [
            "fit", "cost", "compare", "convert", "tco", "gpu", "platform", "trial", "lang",
        ] {
            assert!(names.contains(&n), "{n} is no longer a bot-core command");
        }
        for row in COMMANDS {
            let specs = options_for(row.name);
            assert_eq!(
                row.needs_args,
                specs.iter().any(|s| s.required),
                "/{}: required options and needs_args disagree",
                row.name
            );
        }
    }
}
