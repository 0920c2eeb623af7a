//! "Did you mean" names its candidates in the answer's language (the catalog's Chinese display
//! names in Chinese answers), while each fix button still carries the catalog id.

use bot_core::i18n::{Lang, Localizer};
use bot_core::{Catalog, Input};

use super::chat::{text, who, world};

#[test]
fn candidates_are_named_in_the_answers_language_and_fixed_by_id() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    for (line, id) in [
        ("/platform matpol", "matpool"),
        ("/platform gpushar", "gpushare"),
        ("/platform volcengin", "volcengine"),
        ("/gpu 4090 48gg", "rtx-4090-48g"),
    ] {
        let nf = match c.platform(&line[10..]) {
            Err(nf) if line.starts_with("/platform") => nf,
            _ => c.gpu(&line[5..]).unwrap_err(),
        };
        let n = nf.suggested(&nf.suggestions[0]).unwrap();
        assert_ne!(n.name, n.name_zh, "{line}: a candidate with a Chinese name");
        for (locale, lang, shown, hidden) in [
            ("zh", Lang::Zh, &n.name_zh, &n.name),
            ("en", Lang::En, &n.name, &n.name_zh),
        ] {
            let a = w.bot.handle(&who(locale), Input::Text(line.into()));
            let t = text(&a.replies, a.lang);
            assert!(t.contains(shown.as_str()), "{line} {locale}: {t}");
            assert!(!t.contains(&format!("{hidden},")), "{line} {locale}: {t}");
            let choices: Vec<_> = a.replies.iter().flat_map(|r| r.choices.iter()).collect();
            let mine = choices
                .iter()
                .find(|ch| ch.id.ends_with(&format!(" {id}")) || ch.id.contains(&format!(" {id} ")))
                .unwrap_or_else(|| panic!("{line} {locale}: no fix to {id}: {choices:?}"));
            assert_eq!(
                Localizer::get().format(lang, &mine.label),
                **shown,
                "{line} {locale}"
            );
        }
    }
}
