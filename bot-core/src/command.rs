//! The one command grammar, shared by the terminal, Telegram and Discord.
//!
//! `parse` turns a line of text into a `Command`. It only splits and recognises; each
//! command's arguments are read by the module that owns them, which reports its own
//! localized errors. Telegram's `/cmd@botname` suffix is accepted and dropped.

/// A recognised command with its raw argument text (trimmed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Start,
    Help,
    /// `/lang` with no argument shows the current language and the options.
    Lang(Option<String>),
    Gpu(String),
    Gpus,
    Platform(String),
    /// `/platforms [alipay|wechat|card|paypal|crypto|免实名|按秒|cn|global …]`
    Platforms(String),
    /// Every model the fit engine knows, with its size.
    Models,
    Convert(String),
    Cost(String),
    Compare(String),
    Fit(String),
    Tco(String),
    Pick,
    Back,
    Cancel,
    Trial(String),
    /// `/stock <gpu> [platform] [max price]`: live offers from the stored snapshots.
    Stock(String),
    /// `/offers [gpu] [filters]`: every stored offer through `vastai search offers` filters.
    Offers(String),
    /// `/report <platform> <gpu> <in|out|price>`: an operator records what they saw.
    Report(String),
    /// `/subscribe <gpu> [platform] [max=price] [cards=N]`: a stock alert for this chat.
    Subscribe(String),
    /// `/unsubscribe <id|all>`.
    Unsubscribe(String),
    /// This chat's subscriptions.
    Subs,
    /// Operators: subscriptions, outbox, deliveries, provider feeds.
    Status,
    /// `/trend <gpu> [days]`: price history per platform, a chart, the stock rhythm.
    Trend(String),
}

/// One row of the command table: the name people type, its aliases, the Fluent ids of its
/// description and usage, whether it needs arguments, and how its argument text becomes a
/// [`Command`]. Adding a command is one row here plus its messages in each locale.
pub struct CommandSpec {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    /// Fluent id of the one-line description (help and command menus).
    pub describe_id: &'static str,
    /// Fluent id of the usage hint shown on bad arguments.
    pub usage_id: &'static str,
    pub needs_args: bool,
    /// Builds the command from its (trimmed) argument text.
    pub make: fn(String) -> Command,
}

macro_rules! row {
    ($name:literal, [$($alias:literal),*], $needs:expr, $make:expr) => {
        CommandSpec {
            name: $name,
            aliases: &[$($alias),*],
            describe_id: concat!("cmd-", $name),
            usage_id: concat!("usage-", $name),
            needs_args: $needs,
            make: $make,
        }
    };
}

/// Every command, in the order help lists them.
pub const COMMANDS: &[CommandSpec] = &[
    row!("start", [], false, |_| Command::Start),
    row!("help", ["h", "帮助"], false, |_| Command::Help),
    row!("pick", ["选卡"], false, |_| Command::Pick),
    row!("fit", [], true, Command::Fit),
    row!("cost", [], true, Command::Cost),
    row!("compare", [], true, Command::Compare),
    row!("convert", [], true, Command::Convert),
    row!("tco", [], true, Command::Tco),
    row!("stock", ["库存", "有货"], true, Command::Stock),
    row!("offers", ["报价"], false, Command::Offers),
    row!("report", ["上报"], true, Command::Report),
    row!(
        "subscribe",
        ["alert", "订阅", "提醒"],
        true,
        Command::Subscribe
    ),
    row!(
        "unsubscribe",
        ["退订", "取消订阅"],
        true,
        Command::Unsubscribe
    ),
    row!("subs", ["subscriptions", "我的订阅"], false, |_| {
        Command::Subs
    }),
    row!("trend", ["走势", "价格走势"], true, Command::Trend),
    row!("gpu", [], true, Command::Gpu),
    row!("gpus", [], false, |_| Command::Gpus),
    row!("platform", [], true, Command::Platform),
    row!("platforms", [], false, Command::Platforms),
    row!("models", ["模型"], false, |_| Command::Models),
    row!("trial", [], false, Command::Trial),
    row!("lang", ["language", "语言"], false, |a: String| {
        Command::Lang((!a.is_empty()).then_some(a))
    }),
    row!("status", ["状态"], false, |_| Command::Status),
    row!("back", ["返回"], false, |_| Command::Back),
    row!("cancel", ["取消"], false, |_| Command::Cancel),
];

/// Why a line is not a valid command.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("unknown command /{0}")]
    Unknown(String),
    #[error("/{command} needs arguments")]
    MissingArgs {
        command: &'static str,
        usage_id: &'static str,
    },
}

/// The spec for a command name or alias.
pub fn find_spec(name: &str) -> Option<&'static CommandSpec> {
    let n = name.to_lowercase();
    COMMANDS
        .iter()
        .find(|c| c.name == n || c.aliases.contains(&n.as_str()))
}

/// Is `line` written as a command (`/x` or full-width `／x`)?
pub fn looks_like_command(line: &str) -> bool {
    let t = line.trim_start();
    t.starts_with('/') || t.starts_with('／')
}

/// Is `line` a command addressed to a bot other than `me` (`/help@OtherBot`)? Frontends use
/// this to stay quiet in groups; the grammar is the same one [`parse`] reads.
pub fn for_another_bot(line: &str, me: &str) -> bool {
    let t = line.trim_start();
    let Some(body) = t.strip_prefix('/').or_else(|| t.strip_prefix('／')) else {
        return false;
    };
    let head = body.split(char::is_whitespace).next().unwrap_or("");
    match head.split_once('@') {
        Some((_, target)) => !target.eq_ignore_ascii_case(me.trim_start_matches('@')),
        None => false,
    }
}

/// Parses a line. `Ok(None)` means it is not a command (plain text for the dialogue).
/// A command addressed to another bot (`/help@otherbot`) is also `Ok(None)` when `bot_name`
/// is known.
pub fn parse(line: &str, bot_name: Option<&str>) -> Result<Option<Command>, CommandError> {
    let line = line.trim();
    let Some(body) = line.strip_prefix('/').or_else(|| line.strip_prefix('／')) else {
        return Ok(None);
    };
    let (head, rest) = match body.find(char::is_whitespace) {
        Some(i) => (&body[..i], body[i..].trim()),
        None => (body, ""),
    };
    let name = match head.split_once('@') {
        Some((name, target)) => {
            if let Some(me) = bot_name
                && !target.eq_ignore_ascii_case(me.trim_start_matches('@'))
            {
                return Ok(None);
            }
            name
        }
        None => head,
    };
    if name.is_empty() {
        return Ok(None);
    }
    let spec = find_spec(name).ok_or_else(|| CommandError::Unknown(name.to_string()))?;
    if spec.needs_args && rest.is_empty() {
        return Err(CommandError::MissingArgs {
            command: spec.name,
            usage_id: spec.usage_id,
        });
    }
    Ok(Some((spec.make)(rest.to_string())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_commands_and_arguments() {
        assert_eq!(parse("/help", None), Ok(Some(Command::Help)));
        assert_eq!(
            parse("  /gpu  RTX 4090 ", None),
            Ok(Some(Command::Gpu("RTX 4090".into())))
        );
        assert_eq!(parse("/GPUS", None), Ok(Some(Command::Gpus)));
        assert_eq!(
            parse("/lang zh", None),
            Ok(Some(Command::Lang(Some("zh".into()))))
        );
        assert_eq!(parse("/lang", None), Ok(Some(Command::Lang(None))));
        assert_eq!(parse("/帮助", None), Ok(Some(Command::Help)));
        assert_eq!(parse("／help", None), Ok(Some(Command::Help)));
    }

    #[test]
    fn plain_text_is_not_a_command() {
        assert_eq!(parse("hello", None), Ok(None));
        assert_eq!(parse("", None), Ok(None));
        assert_eq!(parse("/", None), Ok(None));
    }

    #[test]
    fn bot_suffix_is_accepted_for_us_and_ignored_for_others() {
        assert_eq!(
            parse("/gpu@ScoutBot h100", Some("scoutbot")),
            Ok(Some(Command::Gpu("h100".into())))
        );
        assert_eq!(parse("/gpu@OtherBot h100", Some("scoutbot")), Ok(None));
        assert_eq!(parse("/help@whatever", None), Ok(Some(Command::Help)));
    }

    #[test]
    fn commands_for_other_bots_are_recognised() {
        assert!(for_another_bot("/help@OtherBot", "ScoutBot"));
        assert!(for_another_bot("  /gpu@other_bot 4090", "ScoutBot"));
        assert!(!for_another_bot("/help@scoutbot", "ScoutBot"));
        assert!(!for_another_bot("/help", "ScoutBot"));
        assert!(!for_another_bot("mail me at a@b.c", "ScoutBot"));
        assert!(looks_like_command(" ／帮助") && !looks_like_command("hi /x"));
    }

    #[test]
    fn bad_input_names_the_problem() {
        assert_eq!(
            parse("/frobnicate now", None),
            Err(CommandError::Unknown("frobnicate".into()))
        );
        assert_eq!(
            parse("/gpu", None),
            Err(CommandError::MissingArgs {
                command: "gpu",
                usage_id: "usage-gpu"
            })
        );
        assert!(matches!(
            parse("/platform   ", None),
            Err(CommandError::MissingArgs { .. })
        ));
    }

    #[test]
    fn every_spec_parses_to_a_command() {
        for spec in COMMANDS {
            let line = format!("/{} x", spec.name);
            assert!(parse(&line, None).unwrap().is_some(), "{}", spec.name);
            assert!(spec.describe_id.ends_with(spec.name) && spec.usage_id.ends_with(spec.name));
        }
    }
}
