//! A head count that says how big the company is (`我们是个三人小公司`, `a small company (5
//! devs)`, `a team of 4`, `12-person startup`, `我们组20个人`) is no concurrency: the chatbot of a
//! three-person company serves its customers, and five developers rarely send requests together.
//! A batch changes the memory figure, so it is kept only where people using it at the same time
//! are said (`5 devs share it at once`, `10个人同时用`) or a batch is named.

use super::entities::Entities;
use super::text::has;
use crate::lexicon::number_word;

/// Nouns for a group of people a count may size.
const ORG_ZH: &[&str] = &[
    "公司",
    "团队",
    "工作室",
    "实验室",
    "课题组",
    "小组",
    "组",
    "创业",
    "初创",
    "我们",
];
const ORG_EN: &[&str] = &[
    "team", "company", "startup", "lab", "group", "shop", "studio", "agency", "firm", "crew", "org",
];
/// Words between a group and its count (`团队有5个人`, `我们是3个人`).
const LINK_ZH: &[&str] = &[
    "有", "是", "一共", "总共", "共", "就", "只有", "大概", "约", "个",
];
/// People counted in Chinese right after the number.
const PEOPLE_ZH: &[&str] = &["个人", "人", "位", "名"];
/// People counted in English after the number.
const PEOPLE_EN: &[&str] = &[
    "people",
    "persons",
    "person",
    "devs",
    "developers",
    "engineers",
    "employees",
    "staff",
    "researchers",
    "members",
    "folks",
    "ppl",
];
/// Using it together, said (with `at_once::AT_ONCE`): the count is people served at once.
const TOGETHER: &[&str] = &[
    "share it",
    "sharing it",
    "all hitting",
    "同时",
    "并发",
    "一起用",
    "batch",
    "批",
];
const NUMERALS: &str = "零一二两三四五六七八九十百";

/// The count right after a group in Chinese (`我们组20个人`, `团队有五个人`) or right before
/// it (`三人小公司`, `3个人的工作室`), the people not said to use it right after (`20个人用`).
fn zh_team(padded: &str) -> Vec<u32> {
    let chars: Vec<(usize, char)> = padded.char_indices().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let is_num = |c: char| c.is_ascii_digit() || NUMERALS.contains(c);
        if !is_num(chars[i].1) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < chars.len() && is_num(chars[j].1) {
            j += 1;
        }
        let (start, end) = (chars[i].0, chars.get(j).map_or(padded.len(), |c| c.0));
        i = j;
        let Some(n) = number_word(&padded[start..end]) else {
            continue;
        };
        let rest = &padded[end..];
        let Some(p) = PEOPLE_ZH.iter().find(|p| rest.starts_with(**p)) else {
            continue;
        };
        let after = rest[p.len()..].trim_start_matches(['的', '小', ' ']);
        let sized_after = ORG_ZH.iter().any(|o| *o != "我们" && after.starts_with(o))
            || after.starts_with("team");
        let mut before = padded[..start].trim_end();
        while let Some(l) = LINK_ZH.iter().find(|l| before.ends_with(**l)) {
            before = before[..before.len() - l.len()].trim_end();
        }
        let used = after.starts_with('用') || after.starts_with("同时");
        let org = ORG_ZH.iter().find(|o| before.ends_with(**o));
        let sized_before = org.is_some() && !used;
        // `给实验室二十个人部署`, `给三人小团队用`: the group is who it is for, served.
        let lead = org.map_or(before, |o| &before[..before.len() - o.len()]);
        let lead = lead.trim_end_matches(['我', '们', '的', '个', '一', ' ']);
        let served = ["给", "供", "为", "帮"].iter().any(|w| lead.ends_with(w))
            || ["给", "供", "为"]
                .iter()
                .any(|w| padded[..start].trim_end().ends_with(w));
        if (sized_after || sized_before) && !served {
            found.push(n);
        }
    }
    found
}

/// `team of 4`, `12-person startup`, `company (5 devs)`, `we're 6 people`, `there are 5 of us`.
fn en_team(padded: &str) -> Vec<u32> {
    let toks: Vec<&str> = padded
        .split(|c: char| c.is_whitespace() || "(),".contains(c))
        .filter(|t| !t.is_empty())
        .collect();
    let org = |w: &str| {
        ORG_EN
            .iter()
            .any(|o| w == *o || w.strip_suffix('s') == Some(o))
    };
    let mut found = Vec::new();
    for (k, t) in toks.iter().enumerate() {
        let prev = |d: usize| k.checked_sub(d).map_or("", |i| toks[i]);
        let next = |d: usize| toks.get(k + d).copied().unwrap_or("");
        // `12-person`, `6-people`, `5-man`.
        if let Some((num, noun)) = t.split_once('-')
            && let Some(n) = number_word(num)
            && ["person", "people", "man", "strong", "member"].contains(&noun)
            && !(1..=3).any(|d| ["to", "for"].contains(&prev(d)))
        {
            found.push(n);
            continue;
        }
        let Some(n) = number_word(t) else {
            continue;
        };
        let of_group = prev(1) == "of" && org(prev(2));
        let person_group = ["person", "people", "man"].contains(&next(1)) && org(next(2));
        let of_us = next(1) == "of" && next(2) == "us";
        let we_are = ["we're", "we", "are"].contains(&prev(1)) && PEOPLE_EN.contains(&next(1));
        // `a small company (5 devs)`: the group right before the count it is told by.
        let told =
            PEOPLE_EN.contains(&next(1)) && (org(prev(1)) || org(prev(2)) && prev(1) == "with");
        // `serve it to my team of 6`, `for our 5-person team`: the group is who it is for.
        let served = (1..=5).any(|d| ["to", "for"].contains(&prev(d)));
        if (of_group || person_group || of_us || we_are || told) && !served {
            found.push(n);
        }
    }
    found
}

/// The entities without a batch that is only the size of the company or team.
pub(super) fn team_not_batch(padded: &str, e: &mut Entities) {
    let Some(b) = e.batch else {
        return;
    };
    if has(padded, super::at_once::AT_ONCE) || has(padded, TOGETHER) {
        return;
    }
    if zh_team(padded).contains(&b) || en_team(padded).contains(&b) {
        e.batch = None;
    }
}

#[cfg(test)]
mod tests {
    use super::{en_team, zh_team};

    #[test]
    fn a_group_sized_by_its_head_count() {
        assert_eq!(zh_team(" 我们是个三人小公司 做客服 "), vec![3]);
        assert_eq!(zh_team(" 3个人的工作室 "), vec![3]);
        assert_eq!(zh_team(" 我们组20个人 "), vec![20]);
        assert_eq!(zh_team(" 团队有5个人 "), vec![5]);
        // People said to use it are served, not a group's size.
        assert!(zh_team(" 给我们组20个人用 ").is_empty());
        assert!(zh_team(" 10个人同时用 ").is_empty());
        assert_eq!(en_team(" a team of 4 building a bot "), vec![4]);
        assert_eq!(en_team(" we're a 12-person startup "), vec![12]);
        assert_eq!(en_team(" we're a small company (5 devs) "), vec![5]);
        assert_eq!(en_team(" there are 6 of us "), vec![6]);
        assert!(en_team(" serve it to 30 users ").is_empty());
        assert!(en_team(" 8 devs share one endpoint ").is_empty());
        assert!(en_team(" serve it to my team of 6 devs ").is_empty());
        assert!(zh_team(" 想给实验室二十个人部署 ").is_empty());
    }
}
