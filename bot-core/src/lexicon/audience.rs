//! The one told by an alert, read anywhere in its clause: `let the whole team on slack know`,
//! `ping all of our discord channel`, `notify the entire group on telegram`, `通知一下整个团队`,
//! `在群里通知大家`, `在群里说一声`. An audience is a phrase of its own (a quantifier, a
//! determiner, grades of wholeness, a platform, a noun, a platform after `on`/`in`), not one of a
//! few fixed strings after the verb; the whole phrase is written `me`/`我`, so every alert cue
//! hears a team's alert as it hears `ping me`. A team said with no telling verb (`our whole team
//! on slack uses the 4090`) is left as said.

/// English verbs that tell someone, said before the one told (`ping us`).
const TELL_EN: &[&str] = &["ping", "notify", "alert", "remind", "message", "tell", "dm"];
/// Quantifiers before an audience (`all of us`, `everyone in our slack`).
const QUANTIFIERS: &[&[&str]] = &[
    &["all", "of"],
    &["everyone", "in"],
    &["everyone", "on"],
    &["everybody", "in"],
    &["everybody", "on"],
];
const DETERMINERS: &[&str] = &["the", "our", "my", "this", "that"];
/// Grades of wholeness (`the whole team`, `our entire channel`).
const WHOLE: &[&str] = &["whole", "entire", "full"];
/// Chat platforms, as a noun of their own (`our slack`) or before one (`our discord channel`).
const PLATFORMS: &[&str] = &[
    "slack", "discord", "telegram", "wechat", "lark", "feishu", "teams", "tg",
];
/// The audience nouns.
const NOUNS: &[&str] = &[
    "team",
    "channel",
    "group",
    "crew",
    "server",
    "chat",
    "squad",
    "folks",
    "guys",
    "people",
    "us",
    "everyone",
    "everybody",
];
/// Prepositions that put the audience on a platform (`the team on slack`).
const ON: &[&str] = &["on", "in", "over", "via"];
/// Punctuation a phrase's last word may carry (kept after `me`).
const TRAILING: &[char] = &[',', '.', '!', '?', ';', ':'];

/// [`TELL_EN`] in Chinese, with their `一下`/`下` forms read apart.
pub(crate) const TELL_ZH: &[&str] = &["提醒", "通知", "告诉", "叫"];
/// Words before a Chinese audience noun (`我们整个群`, `咱们的团队`).
const ZH_BEFORE: &[&str] = &["我们的", "咱们的", "我们", "咱们", "整个", "全体", "全"];
/// The Chinese audience nouns, longest first.
const ZH_NOUNS: &[&str] = &[
    "所有人",
    "群里",
    "群聊",
    "团队",
    "频道",
    "小组",
    "大家",
    "群",
    "组",
];
/// A Chinese chat said as the place told (`在群里`, `在我们频道里`), before the telling word.
const ZH_PLACES: &[&str] = &["群里", "群聊里", "频道里", "群聊", "频道", "群"];
/// Telling words a place in a chat leads (`在群里说一声`: `跟我说一声`).
const ZH_SAY: &[&str] = &["说一声", "说下", "说一下", "吱一声", "喊一声", "喊一下"];

/// The text with every audience told written as the one-person form.
pub fn audience_as_me(text: &str) -> String {
    zh_audience(&en_audience(text))
}

/// `ping the whole team on slack` → `ping me`; `let all of us on telegram know` → `let me know`.
fn en_audience(text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let mut out: Vec<String> = Vec::with_capacity(words.len());
    let mut i = 0;
    while i < words.len() {
        let w = words[i];
        out.push(w.to_string());
        let tell = TELL_EN.contains(&w);
        if (tell || w == "let")
            && let Some((end, tail)) = phrase(&words, i + 1)
            && (tell
                || words
                    .get(end)
                    .is_some_and(|k| k.trim_end_matches(TRAILING) == "know"))
        {
            out.push(format!("me{tail}"));
            i = end;
            continue;
        }
        i += 1;
    }
    out.join(" ")
}

/// The end (exclusive word index) of an audience phrase starting at word `at`, and the
/// punctuation its last word carried.
fn phrase(words: &[&str], mut at: usize) -> Option<(usize, String)> {
    let word = |k: usize| words.get(k).map(|w| w.trim_end_matches(TRAILING));
    let punct = |k: usize| words[k][words[k].trim_end_matches(TRAILING).len()..].to_string();
    if let Some(q) = QUANTIFIERS
        .iter()
        .find(|q| q.iter().enumerate().all(|(k, w)| word(at + k) == Some(*w)))
    {
        at += q.len();
    }
    if word(at).is_some_and(|w| DETERMINERS.contains(&w)) {
        at += 1;
    }
    while word(at).is_some_and(|w| WHOLE.contains(&w)) {
        at += 1;
    }
    let mut end = None;
    // A platform as the noun, or before one (`our slack`, `our discord channel`).
    if word(at).is_some_and(|w| PLATFORMS.contains(&w)) {
        at += 1;
        end = Some(at);
    }
    if (end.is_none() || !words[at - 1].ends_with(TRAILING))
        && word(at).is_some_and(|w| NOUNS.contains(&w))
    {
        at += 1;
        end = Some(at);
    }
    let mut end = end?;
    // A platform after a preposition (`the team on slack`, `everyone in our discord server`).
    if !words[end - 1].ends_with(TRAILING) && word(end).is_some_and(|w| ON.contains(&w)) {
        let mut k = end + 1;
        if word(k).is_some_and(|w| DETERMINERS.contains(&w)) {
            k += 1;
        }
        if word(k).is_some_and(|w| PLATFORMS.contains(&w)) {
            k += 1;
            if !words[k - 1].ends_with(TRAILING) && word(k).is_some_and(|w| NOUNS.contains(&w)) {
                k += 1;
            }
            end = k;
        }
    }
    Some((end, punct(end - 1)))
}

/// `通知一下整个团队` → `通知一下我`; `在群里通知大家` → `通知我`; `在群里说一声` → `跟我说一声`.
fn zh_audience(text: &str) -> String {
    let mut out = text.to_string();
    // A chat as the place told: the place goes, the telling word is the alert's.
    for lead in ["在我们的", "在咱们的", "在我们", "在咱们", "在"] {
        for place in ZH_PLACES {
            let said = format!("{lead}{place}");
            let mut from = 0;
            while let Some(at) = out[from..].find(&said).map(|k| from + k) {
                let rest = out[at + said.len()..].trim_start();
                let told = TELL_ZH.iter().any(|v| rest.starts_with(v));
                let say = ZH_SAY.iter().any(|v| rest.starts_with(v));
                if told || say {
                    let rest = rest.to_string();
                    out.truncate(at);
                    out.push_str(if say { "跟我" } else { "" });
                    out.push_str(&rest);
                } else {
                    from = at + said.len();
                }
            }
        }
    }
    for verb in TELL_ZH {
        let mut from = 0;
        while let Some(at) = out[from..].find(verb).map(|k| from + k) {
            let mut k = at + verb.len();
            k += ["一下", "下"]
                .iter()
                .find(|w| out[k..].starts_with(**w))
                .map_or(0, |w| w.len());
            let head = k;
            k += out[k..].len() - out[k..].trim_start().len();
            let before_noun = k;
            while let Some(w) = ZH_BEFORE.iter().find(|w| out[k..].starts_with(**w)) {
                k += w.len();
            }
            match ZH_NOUNS.iter().find(|n| out[k..].starts_with(**n)) {
                Some(n) => {
                    out.replace_range(head..k + n.len(), "我");
                    from = head + "我".len();
                }
                // `通知我们`: the team with no noun, as the older list reads it.
                None if k > before_noun && out[before_noun..k].contains("我们") => {
                    out.replace_range(head..k, "我");
                    from = head + "我".len();
                }
                None => from = head,
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::audience_as_me as me;

    #[test]
    fn an_audience_anywhere_in_the_alert_clause_is_me() {
        assert_eq!(
            me("let the whole team on slack know when an h100 is back"),
            "let me know when an h100 is back"
        );
        assert_eq!(
            me("ping all of our discord channel when a 3090 is back"),
            "ping me when a 3090 is back"
        );
        assert_eq!(
            me("tell everyone in our slack when h200 restocks"),
            "tell me when h200 restocks"
        );
        assert_eq!(
            me("notify the entire group, once l4 is free"),
            "notify me, once l4 is free"
        );
        assert_eq!(me("a100有货了通知一下整个团队"), "a100有货了通知一下我");
        assert_eq!(me("4090到货了在群里通知大家"), "4090到货了通知我");
        assert_eq!(me("5090有货了在群里说一声"), "5090有货了跟我说一声");
        assert_eq!(me("h20补货了提醒下我们频道"), "h20补货了提醒下我");
        // No telling verb, or no audience after it: as said.
        for t in [
            "our whole team on slack uses the 4090",
            "tell me the price",
            "let me know",
            "整个团队都在用a100",
            "通知我",
            "在群里问过了",
        ] {
            assert_eq!(me(t), t);
        }
    }
}
