//! A platform named as the one found wanting (`colab 那个太慢了`, `runpod is too pricey`, `vast
//! 上老断线`) beside a card's question: the complaint says it is the place being left, not the
//! place asked, so it is taken out with its complaint and the card is read on its own (its
//! ranking), never a bill on the platform left. `left_for` reads the place named before the
//! move (`moving off colab`); this reads it named after, by what is wrong with it.

use crate::catalog::Catalog;

/// What is said to be wrong with a place (the user leaves it). Not its stock (`没货了`, `never
/// has`): a card sold out there is asked elsewhere by `sold_out`, which reads the stock.
const WANTING: &[&str] = &[
    "太慢",
    "太贵",
    "太卡",
    "太难用",
    "不好用",
    "不稳定",
    "不稳",
    "老断",
    "经常断",
    "总是断",
    "排队太久",
    "too slow",
    "too expensive",
    // `pricey` reaches here as `price` (the spelling pass).
    "too price",
    "so slow",
    "is slow",
    "is so slow",
    "is way too",
    "way too",
    "keeps disconnecting",
    "keeps crashing",
    // `colab pro keeps kicking me off`, `kaggle keeps timing out`, `我的colab跑不了`: the place
    // one comes from, found wanting (und_df).
    "keeps kicking me off",
    "keeps kicking me out",
    "kicks me off",
    "keeps timing out",
    "keeps disconnecting me",
    "跑不了",
    "老掉线",
    "掉线",
    "老是断",
    "sucks",
];
/// Words that may stand between the place and its complaint (`colab 那个太慢了`, `vast 上老断`).
const BETWEEN: &[&str] = &[
    "那个",
    "那边",
    "这个",
    "上",
    "的",
    "真的",
    "实在",
    "也",
    "'s",
    "is ",
    "was ",
    "has been ",
    // A plan of the place (`colab pro keeps kicking me off`, `colab free 太慢`).
    "pro ",
    "pro+ ",
    "free ",
];

/// `text` without a platform said to be wanting (and its complaint), when a card is asked
/// elsewhere in it.
pub(super) fn plain(catalog: &Catalog, text: &str) -> String {
    for (i, _) in text.char_indices() {
        let starts_word = text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_ascii_alphanumeric());
        if !starts_word {
            continue;
        }
        let Some(len) = super::left_for::platform_at(catalog, &text[i..]) else {
            continue;
        };
        let end = i + len;
        let Some(complaint) = wanting_after(&text[end..]) else {
            continue;
        };
        let rest = format!("{} {}", &text[..i], &text[end + complaint..]);
        let card_asked = rest
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '-')
            .any(|w| !w.is_empty() && catalog.find_gpu(w).is_some());
        // `我的colab跑不了 想自己部署qwen2.5 7b…和调api比`: a model asked elsewhere is a question
        // of its own as a card is (a /tco with no card named).
        let model_asked = || {
            !super::entities::entities(catalog, &super::text::tokens(&rest))
                .models
                .is_empty()
        };
        if card_asked || model_asked() {
            return rest;
        }
    }
    text.to_string()
}

/// The length of the filler and complaint right after a place's name, if it is one.
fn wanting_after(after: &str) -> Option<usize> {
    let mut t = after.trim_start();
    // Two fillers at most (`那边 也 太慢`).
    for _ in 0..2 {
        if let Some(b) = BETWEEN.iter().find(|b| t.starts_with(**b)) {
            t = t[b.len()..].trim_start();
        }
    }
    let w = WANTING.iter().find(|w| t.starts_with(**w))?;
    Some(after.len() - t.len() + w.len())
}

#[cfg(test)]
mod tests {
    use super::plain;
    use crate::catalog::Catalog;

    #[test]
    fn a_place_found_wanting_is_taken_out_when_a_card_is_asked() {
        let c = Catalog::embedded().unwrap();
        let n = crate::understand::normalize;
        let p = plain(&c, &n("A100 一小时多少钱 autodl 那边老断线"));
        assert!(!p.contains("autodl") && p.contains("a100"), "{p}");
        let p = plain(&c, &n("runpod is too pricey, what do l40s go for"));
        assert!(!p.contains("runpod") && p.contains("l40s"), "{p}");
        // A place asked about, not found wanting: kept.
        let t = n("autodl 上 4090 太贵了吗");
        assert_eq!(plain(&c, &t), t);
        // No card asked: nothing else to read, kept.
        let t = n("colab 太慢了");
        assert_eq!(plain(&c, &t), t);
    }
}
