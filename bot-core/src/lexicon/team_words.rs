//! Words a small team writes where one person writes `me`, and adverbs of approximation said
//! before a number: one meaning each, decided here for every reader.
//!
//! - An alert told to a team or a channel (`ping us`, `let our channel know`, `通知我们群`) is an
//!   alert as `ping me` is: the recipient is whoever reads the chat the bot answers in.
//! - A team helped to choose (`help our lab choose`, `帮我们选`) hands the choice over as `help
//!   me pick` does.
//! - `大概`, `约`, `about`, `~` between a cue and its number (`并发大概16`) say how sure the
//!   number is, never what it counts: the cue keeps its number.

/// Adverbs of approximation said before a number (`并发大约12`, `about 30 users`), longest first.
pub const APPROXIMATELY: &[&str] = &[
    "approximately",
    "差不多",
    "大概是",
    "大约是",
    "roughly",
    "around",
    "approx",
    "大概",
    "大约",
    "将近",
    "接近",
    "about",
    "约",
    "~",
];

/// A team or a channel (`us`, `the team`, `our channel`), longest first: the team helped to
/// choose; the one told is read as a phrase ([`super::audience`]).
const TEAM_EN: &[&str] = &[
    "our slack channel",
    "our discord channel",
    "the whole team",
    "our channel",
    "the channel",
    "our team",
    "the team",
    "our group",
    "the group",
    "our slack",
    "our discord",
    "everyone",
    "us",
];
/// A team helped to choose (`help our lab`, `help my team`), beside [`TEAM_EN`].
const TEAM_HELPED_EN: &[&str] = &[
    "our lab",
    "our startup",
    "our company",
    "our studio",
    "our agency",
    "our org",
    "my team",
    "my lab",
    "my company",
    "my startup",
];
/// What may follow `帮我们` as the team helped (`帮我们团队`), the last one nothing at all.
const TEAM_HELPED_ZH: &[&str] = &["团队", "公司", "工作室", "实验室", "小组", "组", ""];
/// The text with a team or a channel told (`ping the team`, `let our channel know`,
/// `提醒一下我们团队`) written as the one-person form (`ping me`, `let me know`, `提醒一下我`), so
/// every alert cue hears a team's alert as it hears `ping me`. A team said elsewhere (`we are a
/// 6-person team`, `我们需要`) is left as said.
pub fn team_told_as_me(text: &str) -> String {
    // The audience read as a phrase anywhere in the clause (`let the whole team on slack know`).
    let mut out = super::audience::audience_as_me(text);
    // `help our lab choose`, `help my team decide`: the team helped, as `help me pick` is.
    for team in TEAM_EN.iter().chain(TEAM_HELPED_EN) {
        out = replace_words(&out, &format!("help {team}"), "help me");
    }
    for team in TEAM_HELPED_ZH {
        out = out.replace(&format!("帮我们{team}"), "帮我");
    }
    out
}

/// `text` with each `from` standing as whole words replaced by `to`.
fn replace_words(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(from) {
        let before = &rest[..at];
        let after = &rest[at + from.len()..];
        let whole = !before.ends_with(|c: char| c.is_ascii_alphanumeric())
            && !after.starts_with(|c: char| c.is_ascii_alphanumeric());
        out.push_str(before);
        out.push_str(if whole { to } else { from });
        rest = after;
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::team_told_as_me;

    #[test]
    fn a_team_or_a_channel_told_is_the_alert_s_me() {
        assert_eq!(
            team_told_as_me("ping us when h200 is back"),
            "ping me when h200 is back"
        );
        assert_eq!(
            team_told_as_me("let our channel know when a100 drops"),
            "let me know when a100 drops"
        );
        assert_eq!(
            team_told_as_me("ping the team once b200"),
            "ping me once b200"
        );
        assert_eq!(
            team_told_as_me("4090到货提醒一下我们团队"),
            "4090到货提醒一下我"
        );
        assert_eq!(team_told_as_me("有货通知我们群"), "有货通知我");
        // A team said with no telling verb stays: no alert.
        assert_eq!(team_told_as_me("we are a team of 6"), "we are a team of 6");
        assert_eq!(
            team_told_as_me("our team needs 4 h100"),
            "our team needs 4 h100"
        );
        // The team helped to choose is the `me` of `help me pick`.
        assert_eq!(
            team_told_as_me("help our lab choose a cloud"),
            "help me choose a cloud"
        );
        assert_eq!(team_told_as_me("帮我们团队找个平台"), "帮我找个平台");
        assert_eq!(team_told_as_me("help us pick"), "help me pick");
        // `usage`: `us` only as a word.
        assert_eq!(team_told_as_me("ping usage"), "ping usage");
    }
}
