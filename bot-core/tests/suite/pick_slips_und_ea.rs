//! /pick's own words typed with a slip, and forms pick_an's misses showed (issue 26 §4, helper
//! und_ea, `docs/misses/und_ea.md`): GENERATED over the words each step reads (the needs step's
//! no and done words, the result's and the trial plan's way on, the card step's cheapest) with
//! a slip made from the word (two neighbours swapped, a letter dropped or doubled; a Chinese
//! character swapped for one that reads alike), in both locales; a period word typed with a
//! slip beside hours (`4 hours a dya`, `每添4小时`: never one run of 4 h); `都` before a no
//! (`都不要`, `什么都不需要`); a size in 亿 (`70亿参数`) beside its family; thanks with a closing
//! word at the result step; a video made from text with no pipeline named. Judged through the
//! same runner as the written conversation sets.

use super::pick_runner::run;

/// Taps from `/pick` (a LoRA fine-tune of the first model, 4k, one run of 3 h, the first card)
/// to the needs step.
pub(super) const TO_NEEDS: &str = "#2\n> #1\n> #1\n> #1\n> #2\n> #1";

pub(super) fn conv(id: &str, lang: &str, lines: &[(&str, &str)]) -> String {
    let mut s = format!("## {id} {lang}\n> /pick\n");
    for (line, expect) in lines {
        s.push_str(&format!("> {line}\n"));
        if !expect.is_empty() {
            s.push_str(&format!("= {expect}\n"));
        }
    }
    s.push('\n');
    s
}

/// Slips of one Latin word made from it: two neighbours swapped in the middle, the middle
/// letter dropped (words of five letters or more) and doubled.
fn latin_slips(w: &str) -> Vec<String> {
    let b: Vec<char> = w.chars().collect();
    let m = b.len() / 2;
    let mut out = Vec::new();
    let mut swap = b.clone();
    swap.swap(m - 1, m);
    out.push(swap.iter().collect());
    if b.len() >= 5 {
        let mut drop = b.clone();
        drop.remove(m);
        out.push(drop.iter().collect());
    }
    let mut double = b.clone();
    double.insert(m, b[m]);
    out.push(double.iter().collect());
    out.retain(|s: &String| s != w);
    out
}

/// The phrase with its longest word slipped each way.
fn phrase_slips(p: &str) -> Vec<String> {
    let longest = p.split(' ').max_by_key(|w| w.len()).unwrap_or(p);
    latin_slips(longest)
        .into_iter()
        .map(|s| p.replacen(longest, &s, 1))
        .collect()
}

/// Chinese slips of a step's word: the word, and characters that read alike, each put in
/// place of the one at that index (written apart from the readings file, by their sound).
const ZH_NEEDS_DONE: &[(&str, usize, &[char])] = &[
    ("没有", 1, &['友', '又', '右']),
    ("都行", 1, &['型', '形', '刑']),
    ("不需要", 1, &['须', '虚']),
    ("没要求", 2, &['球', '秋']),
    ("都可以", 2, &['已', '乙']),
];
const ZH_RESULT_ON: &[(&str, usize, &[char])] = &[
    ("试跑计划", 2, &['记', '纪']),
    ("试跑计划", 3, &['话', '化']),
    ("可以", 1, &['已', '乙']),
];
const ZH_TRIAL_END: &[(&str, usize, &[char])] =
    &[("结束", 1, &['速', '数', '树']), ("结束", 0, &['节', '洁'])];

fn zh_slips(table: &[(&str, usize, &[char])]) -> Vec<String> {
    let mut out = Vec::new();
    for (word, at, alike) in table {
        for c in *alike {
            let mut cs: Vec<char> = word.chars().collect();
            cs[*at] = *c;
            out.push(cs.into_iter().collect());
        }
    }
    out
}

/// Each step's words, slipped, answered at that step: the needs step's no and done words
/// bring the result, the result's way on the trial plan, the trial plan's end the finish.
#[test]
fn a_steps_own_words_with_a_slip_are_read() {
    let mut src = String::new();
    let mut n = 0;
    let en_needs = ["nothing", "no need", "done", "nope", "no requirements"];
    let en_result = ["trial plan", "next", "sure", "yeah"];
    let en_trial = ["finish", "done", "thanks"];
    let cases: Vec<(&str, &str, Vec<String>)> = vec![
        (
            "en",
            "needs",
            en_needs.iter().flat_map(|w| phrase_slips(w)).collect(),
        ),
        ("zh", "needs", zh_slips(ZH_NEEDS_DONE)),
        (
            "en",
            "result",
            en_result.iter().flat_map(|w| phrase_slips(w)).collect(),
        ),
        ("zh", "result", zh_slips(ZH_RESULT_ON)),
        (
            "en",
            "trial",
            en_trial.iter().flat_map(|w| phrase_slips(w)).collect(),
        ),
        ("zh", "trial", zh_slips(ZH_TRIAL_END)),
    ];
    let none = |lang: &str| if lang == "zh" { "没有" } else { "no" };
    for (lang, step, slips) in &cases {
        for slip in slips {
            n += 1;
            let id = format!("slip-{step}-{lang}-{n}");
            let lines: Vec<(&str, &str)> = match *step {
                "needs" => vec![(slip, "+pick-result-title -pick-invalid")],
                "result" => vec![
                    (none(lang), "+pick-result-title"),
                    (slip, "+pick-trial-title -pick-invalid"),
                ],
                _ => vec![
                    (none(lang), "+pick-result-title"),
                    ("#1", "+pick-trial-title"),
                    (slip, "+pick-finished -pick-invalid"),
                ],
            };
            src.push_str(&conv(
                &id,
                lang,
                &std::iter::once((TO_NEEDS, ""))
                    .chain(lines)
                    .collect::<Vec<_>>(),
            ));
        }
    }
    // The card step's cheapest, cut short or slipped (`cheapes one`): the first card.
    for (lang, line) in [
        ("en", "cheapes one"),
        ("en", "the cheapes"),
        ("en", "cheapst one"),
        ("en", "the cheapset"),
        ("en", "chepest one"),
        ("zh", "最便移的"),
        ("zh", "最便意的"),
    ] {
        n += 1;
        src.push_str(&conv(
            &format!("slip-card-{lang}-{n}"),
            lang,
            &[
                ("#2\n> #1\n> #1\n> #1\n> #2", "+pick-ask-card"),
                (line, "+pick-ask-barriers -pick-invalid"),
            ],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nstep words slipped: {held}/{all} hold");
    assert!(held >= FLOOR_STEP_WORDS, "{held}/{all} hold:\n{report}");
}
const FLOOR_STEP_WORDS: usize = 53;

/// A period word typed with a slip beside the hours (`4 hours a dya`, `每添4小时`): the hours
/// are a day's (a week's hours a seventh of it), never one run, and the reading is said.
#[test]
fn a_period_word_with_a_slip_is_the_period() {
    let mut src = String::new();
    let mut n = 0;
    // A service: the first model, BF16, 4k, one at a time, then the usage step.
    let to_usage = "#3\n> #1\n> #1\n> #1\n> #1";
    let mut lines: Vec<(String, String, u32)> = Vec::new();
    for (i, slip) in latin_slips("day").iter().enumerate() {
        for (j, lead) in ["a", "per", "every", "each"].iter().enumerate() {
            let h = 2 + ((i + j) % 5) as u32;
            lines.push(("en".into(), format!("{h} hours {lead} {slip}"), h));
        }
    }
    for slip in latin_slips("week") {
        lines.push(("en".into(), format!("14 hours a {slip}"), 2));
        lines.push(("en".into(), format!("21 hours per {slip}"), 3));
    }
    for (k, c) in ['添', '填', '田'].iter().enumerate() {
        let h = 3 + k as u32;
        lines.push(("zh".into(), format!("每{c}{h}小时"), h));
        lines.push(("zh".into(), format!("大概每{c}跑{h}个小时"), h));
    }
    for c in ['舟', '州', '洲'] {
        lines.push(("zh".into(), format!("每{c}14小时"), 2));
    }
    for (lang, line, h) in &lines {
        n += 1;
        let job = if lang == "zh" {
            format!("~任务：每天_{h}_小时")
        } else {
            format!("~{h}_h_a_day")
        };
        let none = if lang == "zh" { "没有" } else { "no" };
        src.push_str(&conv(
            &format!("period-{lang}-{n}"),
            lang,
            &[
                (to_usage, "+pick-ask-usage"),
                (
                    line,
                    "+pick-ask-card|advice-pick-ask-card-reader -pick-invalid",
                ),
                ("#1", "+pick-ask-barriers"),
                (
                    none,
                    &format!("+pick-result-title {job} -pick-usage-line-oneoff"),
                ),
            ],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nperiod slipped: {held}/{all} hold");
    assert!(held >= FLOOR_PERIOD, "{held}/{all} hold:\n{report}");
}
const FLOOR_PERIOD: usize = 19;

/// `都` (and `什么都`, `全都`, a subject before it) before a no at the needs step: no needs.
#[test]
fn all_before_a_no_is_no_needs() {
    let mut src = String::new();
    let mut n = 0;
    for lead in ["都", "什么都", "啥都", "全都", "我都", "我们什么都"] {
        for no in ["不要", "不用", "不需要", "不要了", "不用了"] {
            n += 1;
            src.push_str(&conv(
                &format!("all-no-{n}"),
                "zh",
                &[
                    (TO_NEEDS, "+pick-ask-barriers"),
                    (&format!("{lead}{no}"), "+pick-result-title -pick-invalid"),
                ],
            ));
        }
    }
    // `都要` (all wanted) is no no: never the result.
    src.push_str(&conv(
        "all-wanted",
        "zh",
        &[
            (TO_NEEDS, "+pick-ask-barriers"),
            ("都要", "-pick-result-title"),
        ],
    ));
    let (held, all, report) = run(&src);
    println!("{report}\nall before a no: {held}/{all} hold");
    assert!(held >= FLOOR_ALL_NO, "{held}/{all} hold:\n{report}");
}
const FLOOR_ALL_NO: usize = 31;

/// A size in 亿 (10^8) or in billions beside a family at the model step: that family's model.
#[test]
fn a_size_in_yi_beside_its_family_is_the_model() {
    let mut src = String::new();
    let mut n = 0;
    let sizes: &[(&str, &str, &str)] = &[
        ("15", "1.5", "qwen2.5-1.5b"),
        ("70", "7", "qwen2.5-7b"),
        ("140", "14", "qwen2.5-14b"),
        ("320", "32", "qwen2.5-32b"),
    ];
    for (yi, b, id) in sizes {
        let zh = [
            format!("千问2.5，{yi}亿参数那个"),
            format!("qwen2.5 {yi}亿参数的"),
            format!("{yi}亿参数的千问2.5"),
            format!("千问2.5的{yi}亿参数版本"),
        ];
        let en = [
            format!("qwen2.5, the {b} billion parameter one"),
            format!("qwen2.5 with {b} billion parameters"),
        ];
        for (lang, line) in zh
            .iter()
            .map(|l| ("zh", l))
            .chain(en.iter().map(|l| ("en", l)))
        {
            n += 1;
            let fit = if lang == "zh" {
                format!("~{id}（lora）")
            } else {
                format!("~{id}_(lora)")
            };
            src.push_str(&conv(
                &format!("yi-{lang}-{n}"),
                lang,
                &[
                    ("#2", "+pick-ask-model"),
                    (line, "+pick-ask-method-train -pick-invalid"),
                    (
                        "#1\n> #1\n> #2",
                        &format!("+pick-ask-card|advice-pick-ask-card-reader {fit}"),
                    ),
                ],
            ));
        }
    }
    let (held, all, report) = run(&src);
    println!("{report}\nsize in yi: {held}/{all} hold");
    assert!(held >= FLOOR_YI, "{held}/{all} hold:\n{report}");
}
const FLOOR_YI: usize = 20;

/// Thanks with a closing word at the result step (`thank you, that's all`, `谢谢，就这样`):
/// the dialogue ends, never "I couldn't use that answer", never the trial plan.
#[test]
fn thanks_and_a_closing_word_at_the_result_end_it() {
    let mut src = String::new();
    let mut n = 0;
    let lines = [
        ("en", "thank you, that's all"),
        ("en", "thanks, that's it"),
        ("en", "thanks, i'm good"),
        ("en", "thank you, all good"),
        ("en", "that's all, thanks"),
        ("zh", "谢谢，就这样"),
        ("zh", "谢谢，就这些"),
        ("zh", "多谢，够了"),
        ("zh", "就这样吧，谢谢"),
    ];
    for (lang, line) in lines {
        n += 1;
        let none = if lang == "zh" { "没有" } else { "no" };
        src.push_str(&conv(
            &format!("thanks-{lang}-{n}"),
            lang,
            &[
                (TO_NEEDS, "+pick-ask-barriers"),
                (none, "+pick-result-title"),
                (
                    line,
                    "+pick-finished|pick-cancelled|pick-quit-confirm -pick-trial-title -pick-invalid",
                ),
            ],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nthanks at the result: {held}/{all} hold");
    assert!(held >= FLOOR_THANKS, "{held}/{all} hold:\n{report}");
}
const FLOOR_THANKS: usize = 9;

/// A picture or a video said as a thing to make, the article dropped or a measure word between
/// (`i want make video from text`, `想做几段短视频`), with no pipeline named: the pipeline is
/// asked, never the goal's kinds.
#[test]
fn a_video_or_picture_to_make_asks_the_pipeline() {
    let mut src = String::new();
    let mut n = 0;
    for verb in ["make", "create", "generate"] {
        for between in ["", "some ", "a few "] {
            for object in ["video", "clips", "pictures"] {
                n += 1;
                let line = format!("i want {verb} {between}{object} from text");
                src.push_str(&conv(
                    &format!("made-en-{n}"),
                    "en",
                    &[(&line, "+pick-ask-pipeline -pick-goal-kinds -pick-invalid")],
                ));
            }
        }
    }
    for line in [
        "想把文字变成视频",
        "想做几段短视频",
        "帮我做张海报",
        "想弄点图片",
    ] {
        n += 1;
        src.push_str(&conv(
            &format!("made-zh-{n}"),
            "zh",
            &[(line, "+pick-ask-pipeline -pick-goal-kinds -pick-invalid")],
        ));
    }
    let (held, all, report) = run(&src);
    println!("{report}\nmade: {held}/{all} hold");
    assert!(held >= FLOOR_MADE, "{held}/{all} hold:\n{report}");
}
const FLOOR_MADE: usize = 31;
