//! What a message says NOT to use inside `/pick`: `不要autodl`, `not runpod please` leave a
//! platform out of the ranking (kept, said, and counted in the result); `不用lora了 全量微调`
//! drops the method it refuses, so the one it asks for is read, never the refused one. The
//! card step prices no card on a platform refused, outside the region wanted, or known to
//! have no machines in the place asked.

use crate::context::Ctx;

/// Method words a refusal drops (`不用lora了`). Not `量化` nor `full`: `不要量化` and `full
/// precision` say what the method is (BF16), read by the method step.
const METHODS: &[&str] = &[
    "qlora", "lora", "全参", "全量", "int4", "int8", "awq", "gptq", "fp8",
];

/// The platforms a card is never priced on: those refused, those outside the region wanted (a
/// platform's region is always known), and those not known to be in the place asked, so that a
/// card rented only elsewhere does not lead the list and then find no platform in the result.
pub(super) fn left_out(ctx: &Ctx, s: &super::state::PickState) -> Vec<String> {
    let mut out = s.excluded.clone();
    // Those known to fail a need already said (`只能用PayPal` before the card step): the result
    // leaves them out, so a card rented only there would end in an empty result.
    out.extend(super::barriers::failing_needs(ctx, s));
    if let Some(r) = &s.needs.region {
        let elsewhere = ctx.catalog.platforms.iter().filter(|p| p.region != *r);
        out.extend(elsewhere.map(|p| p.id.clone()));
    }
    // A place asked: the cards are priced where machines are known to be there, so the card
    // step never leads with a card rented only where that is unknown; with no platform known
    // there, only those known elsewhere are left out. The result still lists the unknown ones,
    // after the known, marked `?`.
    if let Some(place) = &s.needs.place {
        let known: Vec<(&str, Option<bool>)> = ctx
            .catalog
            .platforms
            .iter()
            .map(|p| (p.id.as_str(), crate::lexicon::platform_in_place(p, place)))
            .collect();
        let some_there = known.iter().any(|(_, m)| *m == Some(true));
        out.extend(
            known
                .iter()
                .filter(|(_, m)| *m == Some(false) || (some_there && m.is_none()))
                .map(|(id, _)| id.to_string()),
        );
    }
    out
}

/// The platforms refused in `text` (catalog ids) and the text without every refusal; `None`
/// when nothing is refused.
pub(super) fn split(ctx: &Ctx, text: &str) -> Option<(Vec<String>, String)> {
    let t = format!(" {} ", crate::understand::normalize(text).to_lowercase());
    // Words that refuse what follows them (the lexicon's one list).
    let mut found: Vec<(usize, usize, String)> = crate::lexicon::refuse_words()
        .flat_map(|n| t.match_indices(n).map(move |(i, _)| (i, n)))
        .filter_map(|(i, n)| {
            let after = &t[i + n.len()..];
            let lead = after.len() - after.trim_start().len();
            let after = after.trim_start();
            let word: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
                .collect();
            let word = if word.is_empty() {
                METHODS.iter().find(|m| after.starts_with(**m))?.to_string()
            } else {
                word
            };
            let mut end = i + n.len() + lead + word.len();
            if let Some(x) = ["了", " please", "的"]
                .iter()
                .find(|x| t[end..].starts_with(**x))
            {
                end += x.len();
            }
            Some((i, end, word))
        })
        .collect();
    found.sort_by_key(|(i, end, _)| (*i, std::cmp::Reverse(*end)));
    let mut platforms = Vec::new();
    let mut rest = String::new();
    let mut at = 0;
    for (i, end, word) in found {
        if i < at {
            continue;
        }
        let platform = ctx.catalog.find_platform(&word).map(|p| p.id.clone());
        // Not ours to drop (`不想实名` is a need, `no id check` too): left as said.
        if platform.is_none() && !METHODS.contains(&word.as_str()) {
            continue;
        }
        if let Some(p) = platform.filter(|p| !platforms.contains(p)) {
            platforms.push(p);
        }
        rest.push_str(&t[at..i]);
        rest.push(' ');
        at = end;
    }
    if at == 0 {
        return None;
    }
    rest.push_str(&t[at..]);
    Some((
        platforms,
        rest.split_whitespace().collect::<Vec<_>>().join(" "),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_taken_out() {
        super::super::with_test_ctx("2026-11-30", |ctx| {
            let (p, rest) = split(ctx, "不要autodl").unwrap();
            assert_eq!(p, vec!["autodl".to_string()]);
            assert_eq!(rest, "");
            let (p, rest) = split(ctx, "qlora llama 3.1 8b 4 hours, not runpod please").unwrap();
            assert_eq!(p, vec!["runpod".to_string()]);
            assert!(!rest.contains("runpod"), "{rest}");
            let (p, rest) = split(ctx, "算了不用lora了 全量微调").unwrap();
            assert!(p.is_empty());
            assert!(
                !rest.contains("lora") && rest.contains("全量微调"),
                "{rest}"
            );
            for t in [
                "不想实名 只有支付宝",
                "no id check",
                "lora微调qwen2.5 7b",
                "no quantization",
            ] {
                assert!(split(ctx, t).is_none(), "{t}");
            }
        })
    }
}
