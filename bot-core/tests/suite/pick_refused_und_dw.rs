//! An option chosen by refusing the others at the method step (issue 26 §4, helper und_dw):
//! GENERATED over every pair of the training methods and every triple of the precisions, in
//! both locales and two refusal forms each, with each option said by name or by what the step
//! shows (`4位`, `4-bit`, `全参`, `full`): one option left is taken (checked by the card step's fit
//! line, which names what it sized); one option refused leaves several, asked back, never
//! guessed and never refused.

use super::pick_runner::run;

/// (fit-line key, zh words, en words) of one option.
type Opt = (
    &'static str,
    &'static [&'static str],
    &'static [&'static str],
);

/// Each option of a step, in the step's order.
const TRAIN: &[Opt] = &[
    ("lora", &["lora"], &["lora"]),
    ("qlora", &["qlora", "4位"], &["qlora", "4-bit"]),
    ("full", &["全参", "全参微调"], &["full", "full fine-tune"]),
];
const QUANT: &[Opt] = &[
    ("bf16", &["bf16"], &["bf16"]),
    ("fp8", &["fp8"], &["fp8"]),
    ("awq", &["awq", "4位"], &["awq", "4-bit"]),
    ("int8", &["int8"], &["int8"]),
];

fn refusal(lang: &str, words: &[&str], form: usize) -> String {
    match (lang, form) {
        ("zh", 0) => words
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{}不要{w}的", if i > 0 { "也" } else { "" }))
            .collect::<Vec<_>>()
            .join("，"),
        ("zh", _) => words
            .iter()
            .map(|w| format!("不用{w}"))
            .collect::<Vec<_>>()
            .join("，"),
        (_, 0) => words
            .iter()
            .enumerate()
            .map(|(i, w)| format!("{}no {w}", if i > 0 { "and " } else { "" }))
            .collect::<Vec<_>>()
            .join(", "),
        _ => format!("anything but the {} one", words.join(" or ")),
    }
}

fn fit_line(lang: &str, key: &str) -> String {
    if lang == "zh" {
        format!("~qwen2.5-7b（{key}）")
    } else {
        format!("~qwen2.5-7b_({key})")
    }
}

#[test]
fn an_option_left_by_refusals_is_taken_and_several_are_asked() {
    let mut src = String::new();
    let mut n = 0;
    // (options, taps to the step, taps from the next step to the card step)
    let steps: [(&[Opt], &str, &str); 2] = [
        (TRAIN, "> #2\n> #1", "> #1\n> #1"),
        (QUANT, "> #3\n> #1", "> #1\n> #1\n> #1"),
    ];
    for (opts, to, after) in steps {
        for lang in ["zh", "en"] {
            for form in 0..2 {
                for (k, (key, _, _)) in opts.iter().enumerate() {
                    // All but option k refused, each said in its own words (rotating).
                    let words: Vec<&str> = opts
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| *i != k)
                        .map(|(i, (_, zh, en))| {
                            let w = if lang == "zh" { zh } else { en };
                            w[(i + form + k) % w.len()]
                        })
                        .collect();
                    n += 1;
                    let line = refusal(lang, &words, form);
                    src.push_str(&format!(
                        "## left-{n} {lang}\n> /pick\n{to}\n> {line}\n= +pick-ask-context -pick-invalid\n{after}\n= +pick-ask-card|advice-pick-ask-card-reader {}\n\n",
                        fit_line(lang, key)
                    ));
                    // Option k alone refused: several left, asked back.
                    let (_, zh, en) = opts[k];
                    let w = if lang == "zh" { zh } else { en };
                    let one = refusal(lang, &[w[form % w.len()]], form);
                    n += 1;
                    src.push_str(&format!(
                        "## asked-{n} {lang}\n> /pick\n{to}\n> {one}\n= +pick-described-ask -pick-ask-context -pick-invalid -pick-choice-taken\n\n"
                    ));
                }
            }
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nrefused options: {held}/{all} hold");
    assert!(held >= FLOOR, "{held}/{all} hold:\n{report}");
}

const FLOOR: usize = 39;
