//! Guidance asked in one sentence of a longer message (`I have no idea which GPU to rent for a
//! 7B fine-tune. Walk me through it?`, `for my small team we want deploy chatbot, which gpu rent
//! is best choose`): the sentence, or clause, that pleads to be guided decides the command
//! (`/pick`, which carries the facts the others tell), unless another sentence asks a question
//! the bot computes (`help me choose. Does qwen2.5-14b fit on a 4090?`: the fit), read alone.
//! A plea that names a card or a platform of its own (`4090和a100怎么选`) is that card's
//! question, left to the readers; so is a message of one clause (the guidance readers' own).

use super::entities::entities;
use super::text::{has, tokens};
use super::{Reading, Request, background, normalize};
use crate::catalog::Catalog;

/// The message's clauses: its sentences, each cut at its commas.
fn clauses(text: &str) -> Vec<String> {
    background::sentences(text)
        .iter()
        .flat_map(|s| {
            s.split([',', '，', '、'])
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .map(|c| c.trim().to_string())
        .filter(|c| c.chars().any(char::is_alphanumeric))
        .collect()
}

/// Whether a plea to be guided in one clause of `text` decides it: `/pick`.
pub(super) fn plea_decides(catalog: &Catalog, text: &str) -> bool {
    let all = clauses(text);
    if all.len() < 2 {
        return false;
    }
    let padded = |c: &str| format!(" {} ", normalize(c));
    let (pleas, others): (Vec<&String>, Vec<&String>) =
        all.iter().partition(|c| super::guided::plea_in(&padded(c)));
    if pleas.is_empty() {
        return false;
    }
    // A plea naming a card or a platform is that card's question (`4090和a100怎么选`).
    let names = |c: &str| {
        let e = entities(catalog, &tokens(&normalize(c)));
        !e.gpus.is_empty() || !e.platforms.is_empty()
    };
    if pleas.iter().any(|c| names(c)) {
        return false;
    }
    // Another clause asking what the bot computes, read alone as a command of its own; or any
    // clause, a plea's own too, read alone as a named model's fit (`not sure which gpu I need to run llama 3.1 70b for a
    // demo, help me choose`, `… an SDXL lora, help`): that fit, as the clause alone reads. A
    // size alone (`a 7B fine-tune`) names no model: the plea decides.
    let model_fit = |c: &str| match super::read_once(catalog, c).0 {
        Reading::Command(r @ Request::Fit(_)) => {
            r.line().split_whitespace().nth(1).is_some_and(|w| {
                w.strip_suffix('b')
                    .is_none_or(|n| n.parse::<f64>().is_err())
            })
        }
        _ => false,
    };
    !others.iter().any(|c| {
        has(&padded(c), crate::lexicon::COMPUTED_ASKS)
            && matches!(
                super::read_once(catalog, c).0,
                Reading::Command(ref r) if *r != Request::Pick
            )
    }) && !all.iter().any(|c| model_fit(c))
}

#[cfg(test)]
mod tests {
    use super::plea_decides;
    use crate::catalog::Catalog;

    #[test]
    fn a_plea_in_one_sentence_decides_unless_another_computes() {
        let c = Catalog::embedded().unwrap();
        for t in [
            "I have no idea which GPU to rent for a 7B fine-tune. Walk me through it?",
            "for my small team we want deploy chatbot, which gpu rent is best choose",
            "第一次租卡，想微调个7b。帮我选一下",
        ] {
            assert!(plea_decides(&c, t), "{t}");
        }
        for t in [
            "I'm new to this, help me choose. Does qwen2.5-14b fit on a 4090?",
            "帮我选一下。autodl的4090跑3小时多少钱？",
            "4090和a100怎么选，跑qwen2.5-14b",
            "walk me through it",
            "I want to fine-tune a 7b model. How much is a 4090 per hour?",
            // A named model's fit in the other clause (fresh28's rule: the model asked is sized).
            "no clue what card qwen2.5 14b inference needs, please help",
            "不知道跑 llama 3.1 8b 要什么卡，帮我选一下",
        ] {
            assert!(!plea_decides(&c, t), "{t}");
        }
    }
}
