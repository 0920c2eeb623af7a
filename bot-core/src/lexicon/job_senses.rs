//! The words that say what kind of job a sentence is about (`/pick`'s first step: a run, a
//! fine-tune, a service), each with its senses declared once ([`JOB_WORDS`]). Most words have one
//! sense (`微调` a fine-tune, `部署` a service, `demo` a run); inference (`推理`, `inference`,
//! `chat`, an engine named) has two, a run started and stopped or a service that stays on: a
//! length settles it as a run, staying on or every day as a service, and otherwise both senses
//! are live and asked back ([`JobReading::Two`], a [`Senses`]), never guessed.
//!
//! Before (helper und_cm), `dialogue::understand::task_from_sentence` and
//! `dialogue::said::inference_kind` each kept a private list and matched letters inside other
//! words (`constraint` read as `train`, `rapid` as `api`, `observe` as `serve`, `wechat` as
//! `chat`): an English word here is a word, found where no letter comes before it.

use super::senses::{Sense, Senses};

/// One sense of a job word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobSense {
    /// A run started and stopped: an experiment, a demo, a test, a batch.
    Run,
    /// A fine-tune or training.
    Tune,
    /// A service that stays on.
    Serve,
}

const RUN: &[JobSense] = &[JobSense::Run];
const TUNE: &[JobSense] = &[JobSense::Tune];
const SERVE: &[JobSense] = &[JobSense::Serve];
/// Inference: a run or a service, settled by what else the sentence says.
const RUN_OR_SERVE: &[JobSense] = &[JobSense::Run, JobSense::Serve];

/// Every job word with its senses. An English word matches where no letter comes before it
/// (`train` in `training`, never in `constraint`); its end is open (`serv` is `serve`,
/// `serving`, `service`).
pub const JOB_WORDS: &[(&str, &[JobSense])] = &[
    // A fine-tune or training.
    ("lora", TUNE),
    ("qlora", TUNE),
    ("fine-tun", TUNE),
    ("finetun", TUNE),
    ("fine tun", TUNE),
    ("train", TUNE),
    // Training again or from scratch: `train` inside a longer word, said on its own.
    ("pretrain", TUNE),
    ("retrain", TUNE),
    ("sft", TUNE),
    ("微调", TUNE),
    ("训练", TUNE),
    // A service that stays on.
    ("serv", SERVE),
    ("api", SERVE),
    ("online", SERVE),
    ("deploy", SERVE),
    ("always", SERVE),
    ("24/7", SERVE),
    ("上线", SERVE),
    ("部署", SERVE),
    ("服务", SERVE),
    ("在线", SERVE),
    // `一直开着`; `一直` alone is "all along" (`之前一直用colab`), no service.
    ("一直开", SERVE),
    // A bot people use is a service (`chatbot for 50 users`, `给20个人用`).
    ("chatbot", SERVE),
    ("users", SERVE),
    ("用户", SERVE),
    ("个人用", SERVE),
    ("人用的", SERVE),
    ("客服", SERVE),
    ("机器人", SERVE),
    // A run started and stopped: trying things out, learning, coursework (and the lexicon's
    // `TRY_WORDS`).
    ("demo", RUN),
    ("experiment", RUN),
    ("try", RUN),
    ("test", RUN),
    ("eval", RUN),
    ("实验", RUN),
    ("试", RUN),
    ("跑一下", RUN),
    ("测试", RUN),
    ("评测", RUN),
    ("play with", RUN),
    ("play around", RUN),
    ("mess around", RUN),
    ("tinker", RUN),
    ("learn", RUN),
    ("homework", RUN),
    ("course", RUN),
    ("玩", RUN),
    ("学习", RUN),
    ("毕设", RUN),
    ("课设", RUN),
    ("作业", RUN),
    ("尝鲜", RUN),
    ("体验", RUN),
    // Inference, and running a model: a run or a service (and an inference engine named,
    // `engine_named`: `用llama.cpp跑`).
    ("推理", RUN_OR_SERVE),
    ("infer", RUN_OR_SERVE),
    ("生成", RUN_OR_SERVE),
    ("对话", RUN_OR_SERVE),
    ("聊天", RUN_OR_SERVE),
    ("chat", RUN_OR_SERVE),
    ("跑模型", RUN_OR_SERVE),
    ("跑个模型", RUN_OR_SERVE),
    ("跑大模型", RUN_OR_SERVE),
    ("跑个大模型", RUN_OR_SERVE),
    ("run a model", RUN_OR_SERVE),
    ("run an llm", RUN_OR_SERVE),
    ("run llm", RUN_OR_SERVE),
    ("run the model", RUN_OR_SERVE),
];

/// The service words that name a thing built (a bot), not that it stays on: beside a word of
/// a run (`a demo of a chatbot`, `客服机器人的demo`) the job is a run or a service, asked.
const BUILT: &[&str] = &["chatbot", "客服", "机器人"];

/// What the sentence around a two-sense word settles: a length of the job said (a run), or the
/// job kept on or run every day (a service).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settled {
    pub length: bool,
    pub stays_on: bool,
}

/// The kind of job a sentence says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JobReading {
    /// No job word.
    None,
    /// One sense, said plainly or settled by the sentence.
    One(JobSense),
    /// A word with two live senses (inference: a run or a service), to be asked back.
    Two(Senses),
}

/// Where `word` is said in `l` (lower case) as a word: Chinese anywhere, English where no ASCII
/// letter comes right before it.
fn said_at(l: &str, word: &str) -> Option<usize> {
    if !word.is_ascii() {
        return l.find(word);
    }
    l.match_indices(word)
        .map(|(k, _)| k)
        .find(|&k| !l[..k].ends_with(|c: char| c.is_ascii_alphabetic()))
}

/// The first word of `l` with exactly `senses`, in the table's order, with where it is said.
fn first_with(l: &str, senses: &[JobSense]) -> Option<(&'static str, usize)> {
    JOB_WORDS
        .iter()
        .filter(|(_, s)| *s == senses)
        .find_map(|(w, _)| said_at(l, w).map(|k| (*w, k)))
}

/// `text` lower-cased with the servers rented written as machines: `need servers in europe`
/// says no serving (`serv` would take it); `inference server`, `api server` keep their own
/// serving words.
fn machines_as_such(text: &str) -> String {
    text.to_lowercase()
        .replace("servers", "machines")
        .replace("server", "machine")
}

/// The inference word said in `l` (lower case), if any: the table's two-sense words, or an
/// inference engine named.
fn inference_word(l: &str) -> Option<String> {
    if let Some((w, k)) = first_with(l, RUN_OR_SERVE) {
        return Some(l[k..k + w.len()].to_string());
    }
    // The engine's own word (`vllm`, `llama.cpp`), as said.
    l.split_whitespace()
        .find(|w| super::engine_named(w))
        .or_else(|| super::engine_named(l).then_some(l.trim()))
        .map(str::to_string)
}

/// Whether `text` says inference at all (a word of two senses, settled or not).
pub fn inference_said(text: &str) -> bool {
    inference_word(&machines_as_such(text)).is_some()
}

/// The kind of job `text` says, settled by `settled` where a word has two senses. A word of
/// one sense settles the sentence, in this order: a fine-tune (the job rented for; serving it
/// after is another job), a batch (`批量翻译一百万篇文档` ends when its inputs are done: a run),
/// a service, a run; then inference by what the sentence settles, or both senses asked back.
pub fn job_reading(text: &str, settled: Settled) -> JobReading {
    let l = machines_as_such(text);
    if first_with(&l, TUNE).is_some() || trains(&l) {
        return JobReading::One(JobSense::Tune);
    }
    if super::batch_job(&l) {
        return JobReading::One(JobSense::Run);
    }
    // `make chatbot for test, only try`: only a try settles a bot's two senses as a run.
    if super::only_trying(&l) {
        return JobReading::One(JobSense::Run);
    }
    if let Some((w, _)) = first_with(&l, SERVE) {
        // `a demo of a chatbot`: the bot is what is built, the run word what is done with it;
        // the two senses are live (a short run, or a service) unless the sentence settles them.
        let built_only = JOB_WORDS
            .iter()
            .filter(|(_, s)| *s == SERVE)
            .filter(|(x, _)| said_at(&l, x).is_some())
            .all(|(x, _)| BUILT.contains(x));
        if built_only && first_with(&l, RUN).is_some() && !settled.stays_on {
            if settled.length {
                return JobReading::One(JobSense::Run);
            }
            // The run's sentence says no bot, so it reads one way when read again.
            let mut run = text.to_lowercase();
            for b in BUILT {
                run = run.replace(b, " ");
            }
            let mut senses = two_senses(text, w.to_string());
            if let Some((_, said)) = senses.said.first_mut() {
                *said = format!(
                    "{run} {}",
                    if text.is_ascii() {
                        "test run"
                    } else {
                        "试跑"
                    }
                );
            }
            return JobReading::Two(senses);
        }
        return JobReading::One(JobSense::Serve);
    }
    if first_with(&l, RUN).is_some() || super::TRY_WORDS.iter().any(|w| l.contains(w)) {
        return JobReading::One(JobSense::Run);
    }
    let Some(word) = inference_word(&l) else {
        return JobReading::None;
    };
    if settled.stays_on {
        return JobReading::One(JobSense::Serve);
    }
    if settled.length {
        return JobReading::One(JobSense::Run);
    }
    JobReading::Two(two_senses(text, word))
}

/// Whether `l` names a training method or a fine-tune in the task table's words (`训个`,
/// `炼丹`, `全参微调`, `预训练`), as `/fit` and every reader take them: the two tables agree.
/// A bare `full` is a precision as often as a full fine-tune ([`super::full_alone`]).
fn trains(l: &str) -> bool {
    let words: Vec<String> = l.split_whitespace().map(str::to_string).collect();
    !super::full_alone(&words)
        && super::tasks_in(&words)
            .iter()
            .any(|t| *t != crate::vram::Task::Infer)
}

/// Inference's two senses of `text`: the sentence with a word of each sense said after it (a
/// test run, a service), which every reader of this table reads one way.
fn two_senses(text: &str, word: String) -> Senses {
    let zh = !text.is_ascii();
    let said = |run: &str, serve: &str| {
        vec![
            (Sense::OneRun, format!("{text} {run}")),
            (Sense::Service, format!("{text} {serve}")),
        ]
    };
    Senses {
        word,
        said: if zh {
            said("试跑", "部署")
        } else {
            said("test run", "serve")
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_read_as_a_word() {
        let one = |t: &str| job_reading(t, Settled::default());
        assert_eq!(one("fine-tuning qwen"), JobReading::One(JobSense::Tune));
        assert_eq!(one("pretrain a small gpt"), JobReading::One(JobSense::Tune));
        assert_eq!(one("a tight constraint"), JobReading::None);
        assert_eq!(one("rapid"), JobReading::None);
        assert_eq!(one("observe it"), JobReading::None);
        assert_eq!(one("wechat pay"), JobReading::None);
        assert_eq!(one("need servers in europe"), JobReading::None);
        assert_eq!(one("调api"), JobReading::One(JobSense::Serve));
        assert_eq!(one("用lora"), JobReading::One(JobSense::Tune));
    }

    /// `t` is asked back with a run and a service, each of which reads as that sense alone,
    /// and a length said settles it as a run.
    fn asked_run_or_serve(t: &str) {
        let JobReading::Two(s) = job_reading(t, Settled::default()) else {
            panic!("{t}: not asked back");
        };
        let kinds: Vec<JobSense> = s
            .said
            .iter()
            .map(|(_, said)| match job_reading(said, Settled::default()) {
                JobReading::One(k) => k,
                other => panic!("{said}: {other:?}"),
            })
            .collect();
        assert_eq!(kinds, [JobSense::Run, JobSense::Serve], "{t}");
        let length = Settled {
            length: true,
            stays_on: false,
        };
        assert_eq!(job_reading(t, length), JobReading::One(JobSense::Run));
    }

    /// Inference alone is two senses; each sense's text reads as that sense alone.
    #[test]
    fn a_demo_of_a_bot_is_asked_unless_settled() {
        for t in [
            "make a demo of qwen2.5 7b chatbot",
            "想做个客服机器人的demo",
        ] {
            asked_run_or_serve(t);
        }
        // A service said beside the bot is a service; a bot alone is one too.
        for t in ["deploy a chatbot demo for 50 users", "qwen chatbot"] {
            assert_eq!(
                job_reading(t, Settled::default()),
                JobReading::One(JobSense::Serve),
                "{t}"
            );
        }
    }

    #[test]
    fn inference_is_asked_unless_settled() {
        for t in [
            "推理 qwen2.5 7b",
            "llm inference",
            "用vllm跑qwen",
            "chat with llama",
        ] {
            asked_run_or_serve(t);
            let on = Settled {
                length: true,
                stays_on: true,
            };
            assert_eq!(job_reading(t, on), JobReading::One(JobSense::Serve));
        }
    }

    /// The two tables of job words agree: a word of `TASK_WORDS` said alone is the same kind of
    /// job here (a fine-tune word a fine-tune, an inference word a run or a service), and a
    /// fine-tune word here is a fine-tune task there. `full` is left out: alone it is the
    /// method of a fine-tune already named (`full precision` is a format).
    #[test]
    fn task_words_and_job_words_agree() {
        use crate::vram::Task;
        for (w, task) in super::super::TASK_WORDS {
            if *w == "full" || !w.chars().any(|c| c.is_alphabetic()) {
                continue;
            }
            let said = if w.is_ascii() {
                format!("i want to {w} a model")
            } else {
                format!("我想{w}一个模型")
            };
            let got = job_reading(&said, Settled::default());
            let ok = match task {
                Task::Infer => matches!(
                    got,
                    JobReading::One(JobSense::Serve | JobSense::Run) | JobReading::Two(_)
                ),
                _ => got == JobReading::One(JobSense::Tune),
            };
            assert!(ok, "{w} ({task:?}): {got:?}");
        }
        for (w, senses) in JOB_WORDS {
            if *senses == TUNE
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || !c.is_ascii())
            {
                // An open end (`finetun`) is the word in any of its forms (`finetune`).
                let trains = ["", "e", "ing"].iter().any(|end| {
                    super::super::task_in(&[format!("{w}{end}")]).is_some_and(|t| t != Task::Infer)
                });
                assert!(trains, "{w}: a fine-tune here, no training task there");
            }
        }
    }
}
