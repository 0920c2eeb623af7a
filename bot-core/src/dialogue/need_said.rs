//! A barrier said as a need at the barriers step (`must have a web terminal`, `需要网页终端`,
//! `要有现成镜像`, `we need jupyter`): the words of needing taken off (`need`, `must have`,
//! `需要`, `得有`, `要能`), what is left read as one of the step's own needs — the words the
//! step reads when typed (`Needs::apply`) or a word of one need's button label (`Jupyter`,
//! `framework images`, `浏览器`, `框架镜像`). Only the two needs no sentence reader holds (a
//! web terminal, images) are taken here; a payment or real-name said so (`need to pay by card`,
//! `只能刷卡`, `no real-name check please`) is the sentence readers' (`listen`), echoed there.
//! A need said is set, never switched off by saying it again; anything the needs list does not
//! hold is left to the other readers (no need is invented).

use super::state::{Outcome, PickState, Step};
use crate::context::Ctx;

/// Words of needing before a need, longest first where one holds another.
const NEEDING: &[&str] = &[
    "i need",
    "we need",
    "need to have",
    "needs",
    "need",
    "must have",
    "must support",
    "must",
    "have to have",
    "has to have",
    "have to",
    "has to",
    "requires",
    "require",
    "required",
    "i want",
    "want",
    "would like",
    "should have",
    "should support",
    "supports",
    "support",
    "with",
    "我需要",
    "我们需要",
    "需要",
    "必须有",
    "必须要",
    "必须能",
    "必须",
    "得有",
    "得能",
    "得",
    "一定要有",
    "一定要",
    "要有",
    "要能",
    "要",
    "最好有",
    "最好能",
    "最好",
    "希望有",
    "希望能",
    "希望",
    "能",
    "有",
];
/// Articles and particles around a need (`a web terminal`, `网页终端吧`).
const AROUND: &[&str] = &[
    "a", "an", "the", "some", "please", "pls", "too", "also", "吧", "的", "啊", "哦", "也", "一个",
    "个",
];
/// Words of a need's button label that name it (`pick-need-web`: "Web terminal / Jupyter in
/// the browser"; `pick-need-img`: "Ready-made framework images"), and the step's word for it.
const LABEL_WORDS: &[(&str, &str)] = &[
    ("jupyter", "web"),
    ("web terminal", "web"),
    ("browser terminal", "web"),
    ("terminal in the browser", "web"),
    ("网页终端", "web"),
    ("浏览器", "web"),
    ("framework images", "img"),
    ("framework image", "img"),
    ("ready-made images", "img"),
    ("ready-made framework images", "img"),
    ("框架镜像", "img"),
    ("现成的镜像", "img"),
];

/// At the barriers step, a need said with words of needing (or a label word alone): set, and
/// the step asked again.
pub(super) fn at_barriers(ctx: &Ctx, state: &PickState, t: &str) -> Option<Outcome> {
    if state.step != Step::Barriers {
        return None;
    }
    let low = t.trim().to_lowercase();
    let named = stripped(&low);
    let word = LABEL_WORDS
        .iter()
        .filter(|(w, _)| named.contains(w))
        .map(|(_, k)| *k)
        .fold(None, |one: Option<Option<&str>>, k| match one {
            None => Some(Some(k)),
            Some(Some(j)) if j == k => Some(Some(j)),
            _ => Some(None),
        })
        .flatten();
    // A question (`有网页终端吗`) is the question path's; the step's own word typed bare
    // (`web`, `网页终端`) its own switch.
    if named.is_empty() || super::listen::is_question(t) {
        return None;
    }
    if named == low && (word.is_none() || state.needs.clone().apply(&low)) {
        return None;
    }
    let mut s = state.clone();
    let taken = match word {
        Some(k) => s.needs.apply(k),
        None => s.needs.apply(&named),
    };
    // Real-name and payment needs are read with their echo by the sentence readers
    // (`listen`); only the step's own two needs no sentence reader holds are taken here.
    let own =
        s.needs.web_terminal != state.needs.web_terminal || s.needs.images != state.needs.images;
    if !taken || !own {
        return None;
    }
    // Said again, a need stays on: a switch turned off is turned back.
    let n = &state.needs;
    let off = n.web_terminal && !s.needs.web_terminal || n.images && !s.needs.images;
    if off {
        s.needs = n.clone();
    }
    Some(Outcome {
        replies: vec![super::ask::ask(ctx, &s)],
        state: Some(s),
        changed: !off,
    })
}

/// `low` without its words of needing and the particles around the need.
fn stripped(low: &str) -> String {
    let mut t = low.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    loop {
        let before = t.clone();
        for list in [NEEDING, AROUND] {
            if let Some(w) = list.iter().find(|w| starts_word(&t, w)) {
                t = t[w.len()..].trim_start().to_string();
            }
            if let Some(w) = AROUND.iter().find(|w| ends_word(&t, w)) {
                t = t[..t.len() - w.len()].trim_end().to_string();
            }
        }
        if t == before {
            return t;
        }
    }
}

fn starts_word(t: &str, w: &str) -> bool {
    t.starts_with(w)
        && (!w.is_ascii() || !t[w.len()..].starts_with(|c: char| c.is_ascii_alphanumeric()))
}

fn ends_word(t: &str, w: &str) -> bool {
    t.ends_with(w)
        && (!w.is_ascii() || !t[..t.len() - w.len()].ends_with(|c: char| c.is_ascii_alphanumeric()))
}

#[cfg(test)]
mod tests {
    use super::stripped;

    #[test]
    fn words_of_needing_taken_off() {
        assert_eq!(stripped("must have a web terminal"), "web terminal");
        assert_eq!(stripped("需要网页终端"), "网页终端");
        assert_eq!(stripped("要有现成镜像"), "现成镜像");
        assert_eq!(stripped("we need jupyter please"), "jupyter");
        assert_eq!(stripped("need to pay by card"), "to pay by card");
        assert_eq!(stripped("web"), "web");
    }
}
