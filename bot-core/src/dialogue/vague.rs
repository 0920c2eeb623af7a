//! Durations that name no one length inside `/pick`: `几个小时` / `a few hours` (how many?) and
//! `半天` / `half a day` (4 working hours to some, 12 to others: a bill three times apart).
//! Asked, never guessed: the words are taken out of the message, the rest is read as before,
//! and the duration step asks with the lengths it may mean.

/// What a vague duration may mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Vague {
    /// `几个小时`, `a few hours`: how many is asked.
    FewHours,
    /// `半天`, `half a day`: 4 h or 12 h.
    HalfDay,
    /// `到明天`, `till tomorrow`: the hours depend on when it starts, which the bot does not
    /// know (the lexicon's `TILL_TOMORROW`).
    TillTomorrow,
}

const FEW: &[&str] = &[
    "几个小时",
    "几小时",
    "几个钟头",
    "几个钟",
    "a few hours",
    "few hours",
    "several hours",
    "some hours",
    // A while with no figure (`每天晚上画一会儿`): how long is asked, never a night's 8 hours.
    "一会儿",
    "一小会",
    "for a while",
    "for a bit",
];
const HALF: &[&str] = &[
    "半天",
    "半日",
    "half a day",
    "half day",
    "half-day",
    "half the day",
];

/// The vague duration said in `text`, and the text without it.
pub(super) fn split(text: &str) -> Option<(Vague, String)> {
    let l = text.to_lowercase();
    // `大半天` is most of a day, `半天时间`/`研究了半天` a while: only the bare phrase is asked.
    let found = HALF
        .iter()
        .filter(|w| l.contains(**w) && !l.contains(&format!("大{w}")))
        .map(|w| (Vague::HalfDay, *w))
        .chain(
            FEW.iter()
                .filter(|w| l.contains(**w))
                .map(|w| (Vague::FewHours, *w)),
        )
        .chain(
            crate::lexicon::TILL_TOMORROW
                .iter()
                .filter(|w| l.contains(**w))
                .map(|w| (Vague::TillTomorrow, *w)),
        )
        .max_by_key(|(_, w)| w.len())?;
    // The period said with the vague length goes with it (`a few hours a day`): left alone,
    // `a day` read as 24 hours every day.
    let rest = l.replacen(found.1, " ", 1);
    let rest = super::no_figure::period_dropped(&rest, l.find(found.1).unwrap_or(0));
    // A night beside a while with no figure (`每天晚上跑一会儿`, `every night for a bit`) says
    // when, not how long: dropped with it, never read as a night's default 8 hours (und_dr).
    let rest = match crate::lexicon::night_said(&rest) {
        Some(sense) if found.0 == Vague::FewHours => {
            let r = crate::lexicon::nights_as(&rest, sense, " ", " ");
            let r = super::no_figure::period_dropped(&r, r.len());
            r.trim().to_string()
        }
        _ => rest,
    };
    // Filler left around it (`跑`, `吧`, `for`, `like`) says nothing more.
    let rest = rest
        .split_whitespace()
        .filter(|w| {
            ![
                "for", "like", "about", "around", "maybe", "roughly", "~", "run", "it", "keep",
            ]
            .contains(w)
        })
        .collect::<Vec<_>>()
        .join(" ");
    let bare = rest
        .chars()
        .all(|c| c.is_whitespace() || "跑用大概约左右吧个的差不多啊呢~,，。".contains(c));
    Some((found.0, if bare { String::new() } else { rest }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vague_lengths_are_found_and_taken_out() {
        for (t, v, rest) in [
            ("跑几个小时吧", Vague::FewHours, ""),
            ("a few hours", Vague::FewHours, ""),
            ("半天", Vague::HalfDay, ""),
            ("half a day", Vague::HalfDay, ""),
            (
                "lora微调 qwen2.5 7b 跑半天",
                Vague::HalfDay,
                "lora微调 qwen2.5 7b 跑",
            ),
            (
                "lora finetune qwen2.5 7b for a few hours",
                Vague::FewHours,
                "lora finetune qwen2.5 7b",
            ),
            ("跑到明天", Vague::TillTomorrow, ""),
            ("a few hours a day", Vague::FewHours, ""),
            ("每天几个小时", Vague::FewHours, ""),
            ("till tomorrow", Vague::TillTomorrow, ""),
            ("每天晚上跑一会儿", Vague::FewHours, ""),
            ("every night for a bit", Vague::FewHours, ""),
            (
                "qlora llama 3.1 8b until tomorrow",
                Vague::TillTomorrow,
                "qlora llama 3.1 8b",
            ),
        ] {
            assert_eq!(split(t), Some((v, rest.to_string())), "{t}");
        }
        // `a couple of hours` is two, as the lexicon reads it everywhere (`understand::text`).
        for t in [
            "3个小时",
            "大半天",
            "4 hours",
            "一晚上",
            "a couple of hours",
        ] {
            assert_eq!(split(t), None, "{t}");
        }
    }
}
