//! A platform's name typed with a slip (`nebious`, `paperspce`, `vsat`, `横源云`): which
//! platforms it may be, for `typo` to ask back. The catalog's "did you mean" names a platform by
//! its display name (`Nebius AI Cloud`, `Paperspace (DigitalOcean)`), so a slip is measured
//! against the names people type (the id and the aliases), never the display name; four letters
//! are a slip only by two letters swapped (one changed makes other words: `cuda`, `vest`); a
//! Chinese name only one character off, its last character kept (`X源云`, never `阿里巴`).

use crate::catalog::{Catalog, Platform};
use crate::lexicon::is_han;
use crate::lexicon::swapped;

/// Clouds the catalog does not hold, named in Chinese: never a slip of one it holds (`移动云`
/// is not `趋动云`); `unknown_platform` says them back.
pub(super) const UNKNOWN_ZH: &[&str] =
    &["移动云", "天翼云", "联通云", "京东云", "金山云", "浪潮云"];

/// A platform's names as typed, lower case without spaces, dashes or dots (`jarvislabs`).
fn typed_names(p: &Platform) -> impl Iterator<Item = String> + '_ {
    std::iter::once(&p.id)
        .chain(p.aliases.iter())
        .filter(|a| a.is_ascii())
        .map(|a| {
            a.to_lowercase()
                .chars()
                .filter(|c| c.is_ascii_alphanumeric())
                .collect()
        })
}

/// Whether the catalog's suggestion `id` is near the word `t` by one of the names people type:
/// the same first letter and a length within two (`nebious` is near `nebius`).
pub(super) fn near_by_typed_name(catalog: &Catalog, id: &str, t: &str) -> bool {
    let first = &t[..1];
    catalog.find_platform(id).is_some_and(|p| {
        // A slip its name's length forgives, never a word of its own (`pairs`, `paint` are
        // no `pai`; `name_words`).
        typed_names(p).any(|k| k.starts_with(first) && super::name_words::slip_of(t, &k))
    })
}

/// The platforms a four-letter word is with two neighbouring letters swapped (`vsat` → vast).
pub(super) fn four_letters_swapped(catalog: &Catalog, t: &str) -> Vec<String> {
    if t.len() != 4 || !t.bytes().all(|b| b.is_ascii_lowercase()) {
        return Vec::new();
    }
    catalog
        .platforms
        .iter()
        .filter(|p| typed_names(p).any(|k| k.len() == 4 && swapped(t.as_bytes(), k.as_bytes())))
        .map(|p| p.id.clone())
        .collect()
}

/// The one platform a word is two slips from, asked back only where a platform's name fits
/// (`lexicon::platform_slot`): a name of four or five letters by the same letters in another
/// order (`vsta`, `cdou`; one changed makes other words: `cuda`, `sale`), a longer one by any two
/// slips (`lamb`, `rnupdo`); the first letter kept, and never a cue word, a card or a model.
pub(super) fn two_slips(catalog: &Catalog, t: &str) -> Option<String> {
    let b = t.as_bytes();
    if t.len() < 4
        || !b.iter().all(u8::is_ascii_lowercase)
        || super::name_words::word_of_its_own(t)
        || crate::lexicon::CUE_WORDS.contains(&t)
        || crate::lexicon::REAL_WORDS.contains(&t)
        || crate::lexicon::cue_of_slip(t).is_some()
        || catalog.find_gpu(t).is_some()
        || catalog.find_model(t).is_some()
        // A name itself, left as the ordinary word (`the vast majority`).
        || catalog.find_platform(t).is_some()
    {
        return None;
    }
    let near = |k: &String| {
        let k = k.as_bytes();
        k.first() == b.first()
            && k != b
            && (k.len() >= 6 || crate::lexicon::same_letters(b, k))
            && crate::lexicon::slips_apart(b, k, 2).is_some()
            // Two slips keep the name's letters: a letter it lacks makes an English word
            // (`papers`, `moral`, `lambs`, `gongs`: und_ee).
            && b.iter().all(|c| k.contains(c))
    };
    let mut ids = catalog.platforms.iter().filter(|p| {
        typed_names(p).any(|k| k.len() >= 4 && near(&k))
            // A word that holds a short name whole and more (`paid`, `hair`) is a word.
            && !typed_names(p).any(|k| k.len() <= 3 && b.starts_with(k.as_bytes()))
    });
    match (ids.next(), ids.next()) {
        (Some(p), None) => Some(p.id.clone()),
        _ => None,
    }
}

/// The one platform a slip is, where a human reader would not doubt it (`runpdo`, `autdl`,
/// `lamda`, `featurze`): a word of five letters or more (four collide, as above), one edit (one
/// letter dropped, doubled, changed, or two neighbours swapped) from a name people type of exactly
/// one platform, and itself no English cue word nor slip of one (`prices`, `stack`), no card
/// and no model. Read as meant, the echo line showing the platform read; any other slip is
/// asked back.
pub(super) fn sure_slip(catalog: &Catalog, t: &str) -> Option<String> {
    // English (and common) words one edit from a platform's typed name: never read as it
    // (`model` is no `modal`, `collab` no `colab`, `verde` no `verda`).
    const WORDS_NEAR_NAMES: &[&str] = &["model", "collab", "verde", "kudos"];
    if t.len() < 5
        || WORDS_NEAR_NAMES.contains(&t)
        || !t.bytes().all(|b| b.is_ascii_lowercase())
        || crate::lexicon::CUE_WORDS.contains(&t)
        || crate::lexicon::REAL_WORDS.contains(&t)
        || crate::lexicon::cue_of_slip(t).is_some()
        || catalog.find_gpu(t).is_some()
        || catalog.find_model(t).is_some()
    {
        return None;
    }
    let mut ids = catalog.platforms.iter().filter(|p| {
        typed_names(p).any(|k| {
            k.len() >= 5
                && crate::lexicon::one_edit(k.as_bytes(), t.as_bytes())
                && super::name_words::slip_of(t, &k)
        })
    });
    match (ids.next(), ids.next()) {
        (Some(p), None) => Some(p.id.clone()),
        _ => None,
    }
}

/// The first Chinese name one character off a platform's in a run of Chinese (`横源云` for
/// `恒源云`): the characters typed and the platform's name. A run that names a platform, or a
/// cloud the catalog lacks, has none.
pub(super) fn chinese_slip(catalog: &Catalog, run: &str) -> Option<(String, String)> {
    if !run.chars().next().is_some_and(is_han) || UNKNOWN_ZH.iter().any(|u| run.contains(u)) {
        return None;
    }
    let names: Vec<&String> = catalog
        .platforms
        .iter()
        .flat_map(|p| p.said_names())
        .filter(|a| a.chars().all(is_han))
        .collect();
    if names.iter().any(|a| run.contains(a.as_str())) || names_part(catalog, run) {
        return None;
    }
    let chars: Vec<char> = run.chars().collect();
    names.into_iter().find_map(|name| {
        let want: Vec<char> = name.chars().collect();
        if want.len() < 3 || want.len() > chars.len() {
            return None;
        }
        (0..=chars.len() - want.len()).find_map(|start| {
            let w = &chars[start..start + want.len()];
            let off: Vec<usize> = (0..w.len()).filter(|&i| w[i] != want[i]).collect();
            // Three characters: the last (`云`) kept, so `阿里巴` is no `阿里云`.
            let keeps_last = want.len() > 3 || off.first().is_some_and(|&i| i + 1 < want.len());
            (off.len() == 1
                && keeps_last
                && is_han(w[off[0]])
                && !ordinary_words(&chars, start + off[0]))
            .then(|| (w.iter().collect::<String>(), name.clone()))
        })
    })
}

/// Characters that ask or point before a noun (`哪家云`: which cloud, `这家`, `每家`, `两家`):
/// a name one character off by one of them is the ordinary words, never a slip.
const POINTING: &[char] = &[
    '哪', '那', '这', '每', '一', '两', '几', '各', '别', '某', '另', '其', '整', '全', '本',
];
/// Ordinary two-character words that share a character with a platform's name (`计算云` is no
/// `胜算云`, `开源云` no `恒源云`, `这里云` no `阿里云`, `启动云` no `趋动云`, `卫星云` no `智星云`).
const ORDINARY: &[&str] = &[
    "计算", "预算", "打算", "运算", "划算", "结算", "核算", "开源", "资源", "电源", "来源", "自动",
    "启动", "运动", "带动", "这里", "那里", "哪里", "家里", "大家", "国家", "专家", "商家", "卫星",
    "明星", "算法", "算力",
];

/// Whether the character typed at `at` is part of ordinary words: a pointing word before a
/// noun, or a common two-character word with a character beside it.
fn ordinary_words(chars: &[char], at: usize) -> bool {
    if POINTING.contains(&chars[at]) {
        return true;
    }
    let pair = |a: usize| chars.get(a..a + 2).map(|p| p.iter().collect::<String>());
    [at.checked_sub(1), Some(at)]
        .into_iter()
        .flatten()
        .filter_map(pair)
        .any(|p| ORDINARY.contains(&p.as_str()))
}

/// Whether the run holds the Chinese part of a name written with Latin letters too
/// (`算力云` of `AutoDL算力云`, AutoDL's own name): a name said, no slip of another.
fn names_part(catalog: &Catalog, run: &str) -> bool {
    catalog.platforms.iter().any(|p| {
        p.said_names()
            .chain(p.name_zh.as_ref())
            .filter(|n| !n.chars().all(is_han))
            .flat_map(|n| n.split(|c: char| !is_han(c)))
            .any(|part| part.chars().count() >= 2 && run.contains(part))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_by_the_names_people_type() {
        let cat = Catalog::embedded().unwrap();
        assert!(near_by_typed_name(&cat, "nebius", "nebious"));
        assert!(near_by_typed_name(&cat, "paperspace", "paperspce"));
        assert!(near_by_typed_name(&cat, "jarvislabs", "jarvislab"));
        assert_eq!(four_letters_swapped(&cat, "vsat"), ["vast"]);
        assert!(four_letters_swapped(&cat, "cuda").is_empty());
        assert!(four_letters_swapped(&cat, "vest").is_empty());
        assert!(near_by_typed_name(&cat, "verda", "datacrunh"));
    }

    #[test]
    fn sure_slips_have_one_platform_and_five_letters() {
        let cat = Catalog::embedded().unwrap();
        let sure = |t: &str| sure_slip(&cat, t);
        assert_eq!(sure("runpdo").as_deref(), Some("runpod"));
        assert_eq!(sure("autdl").as_deref(), Some("autodl"));
        assert_eq!(sure("lamda").as_deref(), Some("lambda"));
        assert_eq!(sure("featurze").as_deref(), Some("featurize"));
        assert_eq!(sure("hyperstak").as_deref(), Some("hyperstack"));
        // Four letters, two edits, a name itself, or an English word: never sure.
        assert_eq!(sure("vsat"), None);
        assert_eq!(sure("ruunpd"), None);
        assert_eq!(sure("runpod"), None);
        assert_eq!(sure("model"), None);
        assert_eq!(sure("collab"), None);
        assert_eq!(sure("prices"), None);
    }

    #[test]
    fn two_slips_of_one_platform() {
        let cat = Catalog::embedded().unwrap();
        let two = |t: &str| two_slips(&cat, t);
        assert_eq!(two("vsta").as_deref(), Some("vast"));
        assert_eq!(two("vats").as_deref(), Some("vast"));
        assert_eq!(two("cdou").as_deref(), Some("cudo"));
        assert_eq!(two("lamb").as_deref(), Some("lambda"));
        // Another first letter, a changed letter in a short name, a cue word: none.
        assert_eq!(two("cost"), None);
        assert_eq!(two("cuda"), None);
        assert_eq!(two("sale"), None);
        assert_eq!(two("vast"), None);
        assert_eq!(two("price"), None);
    }

    #[test]
    fn a_chinese_name_one_character_off() {
        let cat = Catalog::embedded().unwrap();
        let slip = |run: &str| chinese_slip(&cat, run).map(|(_, n)| n);
        assert_eq!(slip("横源云关机收费吗").as_deref(), Some("恒源云"));
        assert_eq!(slip("星海智酸").as_deref(), Some("星海智算"));
        assert_eq!(slip("恒源云关机收费吗"), None);
        assert_eq!(slip("阿里巴巴的卡"), None);
        assert_eq!(slip("移动云"), None);
        // AutoDL's own Chinese name (`AutoDL算力云`) is no slip of `算家云`.
        assert_eq!(slip("算力云要实名吗"), None);
        // Ordinary words one character off a name: `哪家云` (which cloud) is no `算家云`.
        assert_eq!(slip("用哪家云合适"), None);
        assert_eq!(slip("这家云好用吗"), None);
        assert_eq!(slip("开源云平台"), None);
        assert_eq!(slip("预算云服务器"), None);
        assert_eq!(slip("这里云服务器便宜"), None);
        // A slip is still one: `算佳云`, `趋洞云`.
        assert_eq!(slip("算佳云能用吗").as_deref(), Some("算家云"));
        assert_eq!(slip("趋洞云").as_deref(), Some("趋动云"));
    }
}
