//! The choice handed over or the needs waived in a person's own words inside `/pick` (issue 26
//! §4, helper und_dw, `docs/misses/und_dw.md`): GENERATED from the parts people put around the
//! lexicon's handing-over words (a subject, `也`, `这些`, a hedge of not knowing before, `按推荐的来`
//! after), at every step that has a default, in both locales; and the needs step waived by a
//! subject with a "doesn't matter" word or a closing word, with or without the result asked for.
//! Judged through the same runner as the written conversation sets.

use super::pick_runner::run;

/// Taps from `/pick` to each step that has a default, and the step asked after it.
const STEPS: &[(&str, &str, &str)] = &[
    ("quant", "> #3\n> #1", "pick-ask-context"),
    ("train", "> #2\n> #1", "pick-ask-context"),
    ("context", "> #2\n> #1\n> #1", "pick-ask-usage"),
    ("peak", "> #3\n> #1\n> #1\n> #1", "pick-ask-usage"),
];

/// Not knowing, said with a subject or a pointer back at the question.
const ZH_OPENS: &[&str] = &[
    "我也不懂，",
    "不懂这些，",
    "我不太懂，",
    "这个我也不清楚，",
    "我都不了解，",
];
const ZH_HANDS: &[&str] = &["你定吧", "按推荐的来", "按默认的来吧", "你来定", "都无所谓"];
const EN_OPENS: &[&str] = &[
    "i dont know, ",
    "honestly i have no idea, ",
    "i'm not sure, ",
];
const EN_HANDS: &[&str] = &[
    "you decide",
    "go with what you recommend",
    "whatever you recommend",
    "i'll go with the default",
];

fn conversation(id: &str, lang: &str, taps: &str, line: &str, expect: &str) -> String {
    format!("## {id} {lang}\n> /pick\n{taps}\n> {line}\n= {expect}\n\n")
}

#[test]
fn the_choice_handed_over_in_own_words_takes_the_default() {
    let mut src = String::new();
    let mut n = 0;
    for (step, taps, next) in STEPS {
        let want = format!("+pick-took-default +{next} -pick-invalid");
        for (lang, opens, hands) in [("zh", ZH_OPENS, ZH_HANDS), ("en", EN_OPENS, EN_HANDS)] {
            for (i, open) in opens.iter().enumerate() {
                for (j, hand) in hands.iter().enumerate() {
                    // Every step meets every opening and every handing word, not every pair.
                    if (i + j) % 2 == 1 {
                        continue;
                    }
                    n += 1;
                    let id = format!("handed-{step}-{lang}-{n}");
                    src.push_str(&conversation(
                        &id,
                        lang,
                        taps,
                        &format!("{open}{hand}"),
                        &want,
                    ));
                }
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nhanded over: {held}/{all} hold");

    assert!(held >= FLOOR_HANDED, "{held}/{all} hold:\n{report}");
}

/// The needs step waived: a subject (`这些`, `none of those`) before a word of not mattering, or
/// a closing word of the house's table said in another form (`这样就好`, Traditional `這樣就好`).
const ZH_WAIVED: &[&str] = &[
    "这些都无所谓",
    "这些都不重要",
    "这些我都无所谓",
    "这样就好",
    "這樣就好",
    "这样就行",
    "這些都無所謂",
];
const EN_WAIVED: &[&str] = &[
    "none of those matter to me",
    "none of these matter",
    "none of that matters to me",
    "those don't matter to me",
    "that's all",
];
const ZH_RESULT: &[&str] = &["", "，直接出结果", "，直接给结果吧"];
const EN_RESULT: &[&str] = &["", ", just show me", ", show me the results"];
const TO_NEEDS: &str = "> #2\n> #1\n> #1\n> #1\n> #1\n> #1";

#[test]
fn the_needs_waived_in_own_words_bring_the_result() {
    let mut src = String::new();
    let want = "+pick-result-title -pick-invalid";
    let mut n = 0;
    for (lang, waived, result) in [("zh", ZH_WAIVED, ZH_RESULT), ("en", EN_WAIVED, EN_RESULT)] {
        for w in waived.iter() {
            for r in result.iter() {
                n += 1;
                let id = format!("waived-{lang}-{n}");
                src.push_str(&conversation(&id, lang, TO_NEEDS, &format!("{w}{r}"), want));
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nneeds waived: {held}/{all} hold");
    assert!(held >= FLOOR_WAIVED, "{held}/{all} hold:\n{report}");
}

const FLOOR_HANDED: usize = 76;
const FLOOR_WAIVED: usize = 36;
