//! A card's memory said before its name (`48gb modded 4090`, `48g 的 4090`, `a 32gb v100`):
//! the catalog's card of that memory, as when it is said after (`4090 48g`). Without it the
//! name alone chose the base card and a fit verdict was given on a card the user does not
//! have (the 24 GB 4090 for the 48 GB one).

use super::memory_floor::gb_of;
use super::request::Cards;
use crate::catalog::Catalog;

/// How many words may stand between the memory and the card (`48gb modded 4090`).
const REACH: usize = 3;

/// Words between the memory and the card that make it something else than the card's own.
const NOT_ITS_OWN: &[&str] = &[
    "vram", "显存", "memory", "内存", "or", "还是", "或", "或者", "vs", "need", "以上", "+",
    // `h100 nvl 94g 和 h100 sxm`: a size before a joining word is the first card's own.
    "和", "跟", "与", "and", "versus", "比",
];
/// Words before the memory that make it a need (`至少48g`, `need 48gb`).
const NEEDED: &[&str] = &[
    "need", "至少", "需要", "要", "over", "least", ">=", "超过", "大于",
];

/// Each card named right after a memory size is replaced by its sibling with that memory,
/// where the catalog has one.
pub(super) fn memory_before(catalog: &Catalog, toks: &[String], gpus: &mut Vec<Cards>) {
    for (j, t) in toks.iter().enumerate() {
        let Some(base) = catalog.find_gpu(t) else {
            continue;
        };
        let Some(at) = gpus.iter().position(|c| c.gpu == base.id) else {
            continue;
        };
        // `48G魔改4090跟原版4090`: the stock card written by its id (`stock_card`) beside the
        // modded one is a card of its own, kept in the order said.
        let stock_at = toks
            .iter()
            .enumerate()
            .position(|(i, w)| i != j && *w == base.id && *t != base.id);
        let card = &gpus[at];
        let from = j.saturating_sub(REACH);
        let mem = (from..j)
            .rev()
            .find_map(|k| gb_of(&toks[k]).map(|gb| (k, &toks[k], gb)));
        let Some((k, word, gb)) = mem else {
            continue;
        };
        // `need 48gb vram, 4090 or a6000`: a memory needed, not the card's own.
        let need = toks[k + 1..j]
            .iter()
            .any(|w| NOT_ITS_OWN.contains(&w.as_str()))
            || k.checked_sub(1)
                .is_some_and(|p| NEEDED.iter().any(|n| toks[p].ends_with(n)));
        if need {
            continue;
        }
        let sibling = catalog
            .find_gpu(&format!("{t} {word}"))
            .or_else(|| catalog.find_gpu(&format!("{t} {gb}gb")))
            .filter(|g| g.id != base.id);
        match sibling {
            Some(g) if let Some(i) = stock_at => {
                let count = card.count;
                gpus.insert(
                    if i < j { at + 1 } else { at },
                    Cards {
                        gpu: g.id.clone(),
                        count,
                    },
                );
            }
            Some(g) => gpus[at].gpu = g.id.clone(),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::memory_before;
    use crate::catalog::Catalog;
    use crate::understand::request::Cards;

    fn read(words: &str, id: &str) -> String {
        let catalog = Catalog::embedded().unwrap();
        let toks: Vec<String> = words.split(' ').map(str::to_string).collect();
        let mut gpus = vec![Cards {
            gpu: id.to_string(),
            count: 1,
        }];
        memory_before(&catalog, &toks, &mut gpus);
        gpus[0].gpu.clone()
    }

    #[test]
    fn the_memory_before_a_card_is_its_own() {
        assert_eq!(read("48gb modded 4090", "rtx-4090"), "rtx-4090-48g");
        assert_eq!(read("a 32gb v100", "v100-16g"), "v100-32g");
        // A need, or a size the catalog has no such card of: the card named.
        assert_eq!(read("need 48gb vram 4090", "rtx-4090"), "rtx-4090");
        assert_eq!(read("24gb 4090", "rtx-4090"), "rtx-4090");
    }
}
