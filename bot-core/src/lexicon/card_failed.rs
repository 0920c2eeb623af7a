//! A card said to have failed the user on a job (`t4 ran out of memory`, `3080 oom'd`, `3060
//! 爆显存了`, `t4 跑不动`): one reading for every rule that weighs two cards, so the failed card is the story and the
//! card asked after it the question.

/// Said right after a card: it failed on the job.
const FAILED_AFTER: &[&str] = &[
    "ran out of memory",
    "runs out of memory",
    "running out of memory",
    "ran out of vram",
    "runs out of vram",
    "running out of vram",
    "out of memory",
    "oom",
    "crashed",
    "couldn't fit",
    "could not fit",
    "can't fit",
    "can't run",
    "couldn't run",
    "choked",
    "爆显存",
    "显存爆",
    "显存不够",
    "跑不动",
    "带不动",
    "跑不了",
    "装不下",
    "放不下",
    "爆了",
];
/// Said right after a card: it could not be had (`4090 老是抢不到`, `a800 一直租不到`, `h100
/// unobtainable`): the user wanted it, so it is the story and a card asked after it the question.
const OUT_AFTER: &[&str] = &[
    "抢不到",
    "租不到",
    "买不到",
    "约不到",
    "拿不到",
    "没货",
    "缺货",
    "断货",
    "没库存",
    "没有货",
    "unobtainable",
    "unavailable",
    "sold out",
    "out of stock",
    "never available",
    "impossible to get",
];
/// Said right before a card: a place ran out of it (`lambda keeps running out of h100s`, `vast is
/// out of a10s`, `runpod never has h200s left`).
const OUT_BEFORE: &[&str] = &["out of", "never has", "never have", "never got", "no more"];
/// How many characters after a card's name a failure still belongs to it (`t4 跑 qwen2.5 7b
/// 直接 oom 了`).
const AFTER_REACH: usize = 24;

/// Whether the card whose name ends at byte `end` of `text` (the next card said at byte `next`) is said to have failed. (A platform out of a card is `sold_out`'s.)
pub fn card_failed_at(text: &str, end: usize, next: usize) -> bool {
    let after: String = text[end..next.max(end)].chars().take(AFTER_REACH).collect();
    said(&after, FAILED_AFTER)
}

/// Whether the card said at bytes `at..end` of `text` (the next card said at byte `next`) is
/// said to be out or unobtainable: a word of [`OUT_AFTER`] after it, or a place out of it just
/// before it (`running out of a100s`).
pub fn card_out_at(text: &str, at: usize, end: usize, next: usize) -> bool {
    let after: String = text[end..next.max(end)].chars().take(AFTER_REACH).collect();
    let before = text[..at].trim_end();
    said(&after, OUT_AFTER)
        || OUT_BEFORE.iter().any(|w| {
            before.ends_with(w)
                && !before[..before.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric())
        })
}

/// Whether one of `words` is said in `s`, an English one not inside a longer word (`room`).
fn said(s: &str, words: &[&str]) -> bool {
    words.iter().any(|w| {
        s.match_indices(w).any(|(k, _)| {
            !w.is_ascii()
                || !s[..k]
                    .chars()
                    .next_back()
                    .is_some_and(|c| c.is_ascii_alphanumeric())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_belongs_to_the_card_beside_it() {
        let t = " colab t4 ran out of memory on qwen, would an l4 fit ";
        let t4 = t.find("t4").unwrap();
        let l4 = t.find("l4").unwrap();
        assert!(card_failed_at(t, t4 + 2, l4));
        assert!(!card_failed_at(t, l4 + 2, t.len()));
        let t = " the a10 has room for it ";
        let a = t.find("a10").unwrap();
        assert!(!card_failed_at(t, a + 3, t.len()));
    }

    #[test]
    fn a_card_out_is_said_after_it_or_a_place_out_of_it_before() {
        let t = " vast keeps running out of a6000s, would an l40s fit ";
        let a = t.find("a6000").unwrap();
        let l = t.find("l40s").unwrap();
        assert!(card_out_at(t, a, a + 5, l));
        assert!(!card_out_at(t, l, l + 4, t.len()));
        let t = " 4090d 老是抢不到 4090 能跑吗 ";
        let d = t.find("4090d").unwrap();
        let n = t.rfind("4090").unwrap();
        assert!(card_out_at(t, d, d + 5, n));
        assert!(!card_out_at(t, n, n + 4, t.len()));
        // `without` is not `out of`.
        let t = " checkout of a100 ";
        let a = t.find("a100").unwrap();
        assert!(!card_out_at(t, a, a + 4, t.len()));
    }
}
