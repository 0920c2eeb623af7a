//! The card a user already has, or used elsewhere, said before the one to rent (`我自己的3060跑
//! qwen2.5-7b都卡，租个4090能跑qwen2.5-14b吗`, `on colab the t4 keeps running out of memory
//! with sdxl, would an l4 be enough`): context, not the question. The own card is taken out of
//! the text; where the part after the rent word names a card and a model of its own, that part
//! alone is the question (the model run on the own card was context too).

use super::text::tokens;
use crate::catalog::Catalog;

/// Words before a card the user has, or used on a free notebook.
const OWN: &[&str] = &[
    "我自己的",
    // `我自己是4060 8g 跑不了…`: the card said as what one has.
    "我自己是",
    "自己的",
    "我的",
    // `我自己那张3060太慢了`: the card pointed at as one's own.
    "自己那张",
    "自己那台",
    "自己那块",
    "我那张",
    "我那台",
    "我那块",
    "家里的",
    "本地的",
    "my own ",
    // The machine the card is in (`我自己电脑是3060`, `my own pc has a 3080`).
    "电脑是",
    // `我笔记本是4060`, `我自己电脑3070`: the machine named, the card right after it.
    "笔记本是",
    "自己电脑",
    "电脑上的",
    "本地是",
    // `本地3060不够用了`, `on my 4060 it ooms`, `currently on a 3060`: the card one has (und_df).
    "本地",
    "on my ",
    "currently on a ",
    "currently on an ",
    "currently on ",
    "pc has a ",
    "pc has an ",
    "computer has a ",
    "laptop has a ",
    "rig has a ",
    "my ",
    "在colab上",
    // `on colab's t4`, `kaggle's p100`: the free notebook's card, where an error happened.
    "colab's ",
    "kaggle's ",
    "colab上",
    "colab的",
    "on colab",
    "in colab",
    "在kaggle上",
    "kaggle上",
    "kaggle的",
    "on kaggle",
    "in kaggle",
];

/// Words before a card said as had (`我有台3060`, `i own a 3080`, `got a 3090 at home`): set aside
/// only where more is wished, a place asked (`想加算力`, `what do i rent`) or the card found
/// wanting (`显存不够`); an upgrade weighed from it (`i have a 3080 should i upgrade to a 3090 or
/// a 4090`) keeps it.
const HAD: &[&str] = &[
    "我有台",
    "我有张",
    "我有块",
    "我有一台",
    "我有一张",
    "我有一块",
    // The same once normalized (`一张` → `1张`), as /pick's facts read it.
    "我有1台",
    "我有1张",
    "我有1块",
    "我有个",
    "家里有",
    "手上有",
    "手头有",
    "自己有",
    "i have a ",
    "i have an ",
    "i've got a ",
    "i got a ",
    "got a ",
    "got an ",
    "i own a ",
    "i own an ",
];

/// Words that turn to the card rented or asked instead.
const RENT: &[&str] = &[
    "租个",
    // `… what do i rent`, `which gpu should i rent`: the rent asked, whatever its words.
    " rent",
    "租一张",
    "租张",
    "租",
    "换成",
    "换到",
    "换个",
    "升级到",
    "would a rented ",
    "a rented ",
    "rent a ",
    "rent an ",
    "would a ",
    "would an ",
    // `oom on my 3090 … will an a6000 do it?`: the card asked after the one that failed.
    "will a ",
    "will an ",
    "can a ",
    "can an ",
    "does a ",
    "does an ",
    "改用",
    "换张",
    "switch to ",
    "upgrade to ",
    "upgrade path",
    // `OOM … on colab's t4, which card do i need instead`: the card asked after the one that
    // failed.
    "which card",
    "which gpu",
    "what card",
    "what gpu",
    "哪张卡",
    "什么卡",
    // The cloud turned to (`想在云上跑…`, `which cloud should i move to`).
    "云上",
    "云服务器",
    "上云",
    "move to",
    "cloud",
];

/// Words of the rent turned to that set the own card aside by themselves: a cloud, a move.
const CLOUD: &[&str] = &["云上", "云服务器", "上云", "move to", "cloud"];

/// Words that say the own card was not enough.
const FAILED: &[&str] = &[
    // `我本地的3060一直爆`, `老爆`: it keeps running out of memory.
    "一直爆",
    "老爆",
    "总爆",
    "跑不动",
    "带不动",
    "爆显存",
    "不够",
    "都卡",
    "很卡",
    "太慢",
    "都慢",
    "out of memory",
    "outofmemory",
    "oom",
    "failed to allocate",
    "can't run",
    "cannot run",
    "can't fit",
    "not enough",
    "too slow",
    "keeps crashing",
];

/// Words that set the own card against the rented one: then both are the question
/// (`我自己的3060和租的4090差几倍`).
const AGAINST: &[&str] = &[
    "和",
    "跟",
    "与",
    "比",
    "差几倍",
    "差多少",
    "快多少",
    "对比",
    " vs",
    " and ",
    "versus",
    "than",
    "compare",
    "faster",
];

/// More than the own card is wished for (`想加算力`, `need more compute`), or what to rent is
/// asked (`what do i rent`): the own card is the reason to rent, never the card asked. A place
/// asked (`租哪家`) is the lexicon's `place_asked`.
const WISH: &[&str] = &[
    "加算力",
    "加点算力",
    "算力不够",
    "more compute",
    "more power",
    "more vram",
    "what do i rent",
    "what should i rent",
    "what to rent",
    // `i own a 2080 ti whats the upgrade path for …`: what to move to is asked.
    "upgrade path",
    "should i rent",
    "instead",
    "租什么",
    // `需要啥卡`, `要什么卡`: the card to use is asked.
    "需要啥卡",
    "需要什么卡",
    "要什么卡",
    "要啥卡",
    "租啥",
    "推荐",
    "建议",
    "recommend",
    "suggest",
];

/// Words that make the rent after them a fallback if the own card is not enough.
const FALLBACK: &[&str] = &[
    "不够的话",
    "不行的话",
    "不够再",
    "不行再",
    "不够就",
    "不行就",
    "否则",
    "if not",
    "if it can't",
    "if it cannot",
    "otherwise",
    "or else",
];

/// How many words after the own word the own card may stand (`on colab the t4`).
const NEAR: usize = 2;

/// `s` with the own card taken out, or only the part asked, where a card is said as the user's
/// own and a rented one is turned to after it.
pub(super) fn asked_part(catalog: &Catalog, s: &str) -> String {
    let card = |t: &String| card_like(catalog, t);
    // The first own word with a card near after it (`my own pc has a 3080`: `my own ` has
    // none within reach, `pc has a ` has).
    let mut from = 0;
    let (o, len, own) = loop {
        let Some((o, len)) = [first_at(s, OWN, from), first_at(s, HAD, from)]
            .into_iter()
            .flatten()
            .min_by_key(|(k, len)| (*k, usize::MAX - len))
        else {
            return s.to_string();
        };
        let after_own = tokens(&s[o + len..]);
        if let Some(own) = after_own.into_iter().take(NEAR + 1).find(|t| card(t)) {
            break (o, len, own);
        }
        from = o + len;
    };
    let own_end = s[o..]
        .find(own.as_str())
        .map_or(o + len, |k| o + k + own.len());
    // No rent word: the own card found wanting (`本地3060不够用了 4090能跑…吗`) turns to the
    // card named after the complaint.
    let Some(r) = first_at(s, RENT, own_end)
        .map(|(r, _)| r)
        .or_else(|| failed_turn(catalog, s, own_end))
    else {
        return wanting_after_asked(catalog, s, o, own_end).unwrap_or_else(|| s.to_string());
    };
    if AGAINST.iter().any(|w| s[own_end..r].contains(w)) || s.contains("差几倍") {
        return s.to_string();
    }
    let (before, after) = (&s[..r], &s[r..]);
    let asked = super::entities::entities(catalog, &tokens(after));
    // `我自己的3060够吗，不够再去租卡`, `will my 3080 do, if not i'll rent`: the rent a fallback
    // and no card of its own, the own card is the one asked.
    if asked.gpus.is_empty() && FALLBACK.iter().any(|w| s[own_end..r].contains(w)) {
        return s.to_string();
    }
    let cloud = CLOUD.iter().any(|w| after.starts_with(w));
    let wished = WISH.iter().any(|w| s[own_end..].contains(w))
        || crate::lexicon::place_asked(&format!(" {} ", &s[own_end..]));
    let failed = FAILED.iter().any(|f| before.contains(f));
    let had = HAD.iter().any(|w| s[o..].starts_with(w) && w.len() == len);
    if had && !wished && !failed {
        return s.to_string();
    }
    if asked.gpus.is_empty() && !cloud && !wished && !failed {
        return s.to_string();
    }
    if !asked.gpus.is_empty() && (!asked.models.is_empty() || !asked.sizes.is_empty()) {
        return after.to_string();
    }
    // The own card goes with its memory said after it (`a 3060 12gb`).
    let words = tokens(before);
    let kept: Vec<String> = words
        .iter()
        .enumerate()
        .filter(|(i, t)| {
            let sized =
                *i > 0 && card(&words[i - 1]) && crate::lexicon::card_memory_gb(t).is_some();
            !card(t) && !sized
        })
        .map(|(_, t)| t.clone())
        .collect();
    format!("{} {after}", kept.join(" "))
}

/// Where the question turns from an own card found wanting with no rent word (`本地3060不够用了
/// 4090能跑…吗`, `my 3060 keeps running out of memory, can a 4090…`): the end of the complaint
/// said right after the own card, where a card is named after it.
fn failed_turn(catalog: &Catalog, s: &str, own_end: usize) -> Option<usize> {
    // The complaint said right after the card (its memory, `12g`, and a filler between).
    const REACH: usize = 24;
    let (f, len) = first_at(s, FAILED, own_end).filter(|(f, _)| f - own_end <= REACH)?;
    let r = f + len;
    let after = super::entities::entities(catalog, &tokens(&s[r..]));
    (!after.gpus.is_empty()).then_some(r)
}

/// The own card found wanting after the question is asked (`flux dev在4090上显存够吗 我本地的3060
/// 12g一直爆`, `can a 4090 run …? my 3060 keeps running out of memory`): its complaint right after
/// it and a card named before it, so the own card, its memory and its complaint are the reason
/// for the question, taken out; the card asked before stands alone.
fn wanting_after_asked(catalog: &Catalog, s: &str, o: usize, own_end: usize) -> Option<String> {
    const REACH: usize = 24;
    let (f, len) = first_at(s, FAILED, own_end).filter(|(f, _)| f - own_end <= REACH)?;
    let before = super::entities::entities(catalog, &tokens(&s[..o]));
    (!before.gpus.is_empty()).then(|| format!("{} {}", &s[..o], &s[f + len..]))
}

/// The catalog cards said as the user's own (`家里有张3060`, `i have a 3060 at home`, `我有一张
/// 3060 12g`): in `/pick`, which is about what to rent, a card one has is the reason to rent,
/// never the card rented, so its facts leave it out whatever follows.
pub(super) fn owned_gpus(catalog: &Catalog, s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some((o, len)) = [first_at(s, OWN, from), first_at(s, HAD, from)]
        .into_iter()
        .flatten()
        .min_by_key(|(k, len)| (*k, usize::MAX - len))
    {
        // The card with its memory said after it (`3060 12g`) first, then the card alone.
        let near: Vec<String> = tokens(&s[o + len..]).into_iter().take(NEAR + 2).collect();
        let found = (0..near.len().min(NEAR + 1)).find_map(|i| {
            let memory = near
                .get(i + 1)
                .and_then(|m| crate::lexicon::card_memory_gb(m))
                .and_then(|gb| catalog.find_gpu(&format!("{} {gb}gb", near[i])));
            memory.or_else(|| catalog.find_gpu(&near[i]))
        });
        if let Some(g) = found
            && !out.contains(&g.id)
        {
            out.push(g.id.clone());
        }
        from = o + len;
    }
    out
}

/// A card's name, known to the catalog or shaped like a desktop card's number (`4060`,
/// `1080ti`): a card one owns may be one no platform rents.
fn card_like(catalog: &Catalog, t: &str) -> bool {
    let digits = t.chars().filter(char::is_ascii_digit).count();
    let bare = t.trim_start_matches("rtx").trim_start_matches("gtx");
    let numbered = bare.len() >= 3
        && bare.chars().take(3).all(|c| c.is_ascii_digit())
        && ["", "ti", "super", "s"]
            .contains(&bare.trim_start_matches(|c: char| c.is_ascii_digit()));
    // A data-centre card no platform lists any more (`p100`, `k80`): a letter and its number.
    let mut chars = t.chars();
    let lettered = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && (2..=3).contains(&chars.clone().count())
        && chars.all(|c| c.is_ascii_digit());
    digits > 0 && (catalog.find_gpu(t).is_some() || numbered || lettered)
}

/// The first of `words` said in `s` at or after byte `from`, with its length.
fn first_at(s: &str, words: &[&str], from: usize) -> Option<(usize, usize)> {
    words
        .iter()
        .filter_map(|w| s[from..].find(w).map(|k| (from + k, w.len())))
        .min_by_key(|(k, len)| (*k, usize::MAX - len))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_own_card_is_context() {
        let c = Catalog::embedded().unwrap();
        let t = asked_part(&c, "我自己的3060跑qwen2.5-7b都卡 租个4090能跑qwen2.5-14b吗");
        assert_eq!(t, "租个4090能跑qwen2.5-14b吗");
        let t = asked_part(&c, "自己的3090跑不动qwen2.5 72b 要租什么卡才能跑");
        assert!(!t.contains("3090") && t.contains("72b"), "{t}");
        // A card of one's own asked about, with nothing rented: the question itself.
        let t = "我的4090能跑qwen2.5 14b吗";
        assert_eq!(asked_part(&c, t), t);
        // Set against the rented card: both asked.
        let t = "我自己的3060和租的4090差几倍";
        assert_eq!(asked_part(&c, t), t);
        // The cloud turned to sets the own card aside, with no card rented named.
        let t = asked_part(&c, "我自己电脑是3060，想在云上跑qwen2.5 72b int4，要什么卡");
        assert!(!t.contains("3060") && t.contains("72b"), "{t}");
        let t = asked_part(
            &c,
            "tired of my 2080ti, which cloud should i use for 32b models",
        );
        assert!(!t.contains("2080ti") && t.contains("32b"), "{t}");
        // The card an error happened on, with another asked instead.
        let t = asked_part(
            &c,
            "cuda out of memory with qwen2.5-7b fp16 on kaggle's p100, which gpu do i need instead",
        );
        assert!(!t.contains("p100") && t.contains("qwen2.5-7b"), "{t}");
    }
}
