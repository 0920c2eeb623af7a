//! Where a platform's or a card's name fits in a question: the words around a word that decide
//! whether a slip of a name (`vats`, `vsta`, `lamb`, `4900`) is asked back as that name or is
//! the word it is (`vats of cash`, `lamb optimizer`, `budget 4900`). Decided by position only:
//! the slip itself is measured in `edit` and matched against the catalog by the reader.

/// Words right before a platform's name: `on vsta`, `cheaper than lamb`.
const BEFORE_NAME: &[&str] = &["on", "at", "via", "using", "than", "from"];

/// Words right after a platform's name that ask its facts or its price: `vats billing`, `does
/// cdou take alipay`, `lamb pricing`.
const AFTER_NAME: &[&str] = &[
    "bill", "bills", "billing", "billed", "charge", "charges", "charging", "take", "takes",
    "accept", "accepts", "support", "supports", "price", "prices", "pricing", "cost", "costs",
    "rate", "rates", "cheaper", "pricier", "have", "has", "offer", "offers",
];

/// The start of a Chinese run right after a platform's name: `vats上`, `cdou 的`, `vats怎么收费`,
/// `vsta关机还收费吗`. Never a noun of its own (`lamb优化器`).
const AFTER_NAME_ZH: &[&str] = &[
    "上",
    "的",
    "怎么",
    "收费",
    "计费",
    "关机",
    "停机",
    "支持",
    "能不能",
    "可以",
    "有没有",
    "有",
    "是不是",
    "多少",
    "贵",
    "便宜",
    "要不要",
    "需要",
    "租",
    "退款",
    "充值",
    "实名",
    "按",
    "好用",
    "靠谱",
    "稳定",
    "咋样",
];

/// Whether the word after `toks[i]` asks a name's facts or price.
fn asked_after(toks: &[String], i: usize) -> bool {
    toks.get(i + 1).is_some_and(|n| {
        AFTER_NAME.contains(&n.as_str()) || AFTER_NAME_ZH.iter().any(|z| n.starts_with(z))
    })
}

/// Whether `toks[i]` stands where a platform's name fits: after `on`/`than`, before a billing,
/// payment or price word (English or Chinese), or before a card (`is_card`).
pub fn platform_slot(toks: &[String], i: usize, is_card: impl Fn(&str) -> bool) -> bool {
    let before = i
        .checked_sub(1)
        .is_some_and(|b| BEFORE_NAME.contains(&toks[b].as_str()));
    before || asked_after(toks, i) || toks.get(i + 1).is_some_and(|n| is_card(n))
}

/// Whether `toks[i]` stands where a card's number fits: right after a platform's name
/// (`is_platform`) and before a price word or at the end (`vast 4900 price`, `runpod 309`), never
/// before a length, a sum or anything else (`runpod 3000 for a month`).
pub fn card_slot(toks: &[String], i: usize, is_platform: impl Fn(&str) -> bool) -> bool {
    let after_platform = i.checked_sub(1).is_some_and(|b| is_platform(&toks[b]));
    after_platform && (i + 1 == toks.len() || asked_after(toks, i))
}

/// What only a card has, asked right after a number (`4900 显存多大`, `5900 specs`, `5900
/// 补货通知我`): its memory, its specs, its stock coming back. A round number there is a card's
/// number with two digits swapped, asked back (never a sum: no amount has specs or stock).
const CARD_ONLY_AFTER: &[&str] = &["specs", "spec", "vram", "memory", "restock", "restocked"];
const CARD_ONLY_AFTER_ZH: &[&str] = &["显存", "规格", "参数", "补货", "到货", "有货", "库存"];

/// Words of a question that stand between a card's number and what only a card has
/// (`4900 有多少显存`, `4900的显存`, `5900 有几g显存`), skipped before the word is looked at.
const CARD_ONLY_LEADS: &[&str] = &[
    "的",
    "有多少",
    "有多大",
    "有几个g",
    "有几g",
    "有几",
    "多少",
    "有",
];

/// Whether the word after `toks[i]` asks what only a card has ([`CARD_ONLY_AFTER`]), after the
/// question words of [`CARD_ONLY_LEADS`].
pub fn card_only_after(toks: &[String], i: usize) -> bool {
    toks.get(i + 1).is_some_and(|n| {
        let only = |w: &str| {
            CARD_ONLY_AFTER.contains(&w) || CARD_ONLY_AFTER_ZH.iter().any(|z| w.starts_with(z))
        };
        // Looked at before each lead is skipped: `有货` is itself what only a card has.
        let mut rest = n.as_str();
        loop {
            if only(rest) {
                return true;
            }
            match CARD_ONLY_LEADS.iter().find_map(|l| rest.strip_prefix(l)) {
                Some(r) => rest = r,
                None => return false,
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn toks(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn a_name_fits_by_the_words_around_it() {
        let card = |w: &str| w == "4090";
        let at = |s: &str, i| platform_slot(&toks(s), i, card);
        assert!(at("does vats bill by the second", 1));
        assert!(at("vats 4090 price", 0));
        assert!(at("any a100 on vsta now", 3));
        assert!(at("vats 怎么收费", 0));
        assert!(at("lamb 上 h100", 0));
        // No name's place: the ordinary word.
        assert!(!at("vats of cash burned", 0));
        assert!(!at("lamb optimizer memory", 0));
        assert!(!at("lamb vs adamw", 0));
        assert!(!at("用 lamb 优化器", 1));
        assert!(!at("coud i run", 0));
    }

    #[test]
    fn a_card_number_fits_after_a_platform() {
        let platform = |w: &str| ["vast", "runpod"].contains(&w);
        let at = |s: &str, i| card_slot(&toks(s), i, platform);
        assert!(at("vast 4900 price", 1));
        assert!(at("runpod 309", 1));
        assert!(!at("runpod 3000 for a month", 1));
        assert!(!at("budget 4900 price", 1));
    }

    #[test]
    fn what_only_a_card_has_is_asked_after_question_words() {
        for s in [
            "4900 显存多大",
            "4900 有多少显存",
            "4900 的显存",
            "5900 有几g显存",
            "4700 有货提醒我",
            "5900 specs",
        ] {
            assert!(card_only_after(&toks(s), 0), "{s}");
        }
        for s in ["4900 有多少", "4900 的价格", "4900 块"] {
            assert!(!card_only_after(&toks(s), 0), "{s}");
        }
    }

    #[test]
    fn what_only_a_card_has_after_a_number() {
        assert!(card_only_after(&toks("4900 显存多大"), 0));
        assert!(card_only_after(&toks("5900 specs"), 0));
        assert!(card_only_after(&toks("5900 补货通知我一下"), 0));
        assert!(!card_only_after(&toks("4900 块一个月"), 0));
        assert!(!card_only_after(&toks("4900 tokens"), 0));
    }
}
