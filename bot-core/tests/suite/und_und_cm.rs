//! A word with two senses in one sentence is asked back, and one its sentence settles is read
//! without asking (helper und_cm, issue 26 item 1; cases written before the change, in my own
//! wordings; `docs/misses/und_und_cm.md`): the job words `/pick` reads (fine-tune, serve, a run,
//! and inference, which is a run or a service), and the volume words of a rent-vs-API sum (a bare
//! `m`: millions of tokens or minutes).

use super::fresh19_share::{own_cases_read_right, own_labels_canonical};
use super::pick_runner::run;
use bot_core::dialogue::{TaskKind, task_from_sentence};

const OWN: &str = include_str!("../data/questions_und_und_cm_own.tsv");

#[test]
fn und_cm_volume_words_on_cases_of_their_own() {
    own_cases_read_right("und_cm_own", OWN);
}

#[test]
fn und_cm_own_labels_are_canonical_lines() {
    own_labels_canonical(OWN, |_| false);
}

/// Each job word plainly in one sense, in Chinese, English and mixed: the kind of job `/pick`
/// takes from the first sentence. An English word is a word, not letters inside another one
/// (`constraint` is no `train`, `microsoft` no `sft`, `rapid` no `api`, `observe` no `serve`).
#[test]
fn a_job_word_in_its_one_sense() {
    use TaskKind::{Experiment, FineTune, Serve};
    let mut missed = Vec::new();
    for (said, kind) in [
        // fine-tune
        ("想用lora微调qwen2.5 7b", FineTune),
        ("fine-tune llama 3.1 8b on my own data", FineTune),
        ("用4090训练个小模型", FineTune),
        ("qwen 7b sft 跑3小时", FineTune),
        ("想 finetune 一下 qwen2.5 7b", FineTune),
        // a service
        ("部署qwen2.5 7b给客服用", Serve),
        ("serve llama 3.1 8b as an api", Serve),
        ("deploy 一个7b模型 24/7", Serve),
        (
            "budget constraint is tight, serve qwen2.5 7b for our users",
            Serve,
        ),
        (
            "we have a strict constraint: the chatbot must stay online",
            Serve,
        ),
        // a run
        ("跑个demo试试", Experiment),
        ("just try llama 3.1 8b for 2 hours", Experiment),
        ("microsoft phi-3 mini, quick test on a t4", Experiment),
        ("a rapid test of qwen2.5 7b", Experiment),
        ("observe how qwen2.5 7b behaves, just testing", Experiment),
        ("批量翻译一百万篇文档", Experiment),
    ] {
        let read = task_from_sentence(said);
        if read != Some(kind) {
            missed.push(format!("{said} → {read:?} (expected {kind:?})"));
        }
    }
    // No job word at all, only letters of one inside other words.
    for said in [
        "an entry level card, cheapest country",
        "what's the latest on capital costs",
    ] {
        let read = task_from_sentence(said);
        if read.is_some() {
            missed.push(format!("{said} → {read:?} (expected None)"));
        }
    }
    assert!(
        missed.is_empty(),
        "{} missed:\n{}",
        missed.len(),
        missed.join("\n")
    );
}

/// Inference is a run or a service: settled by a length (a run) or by staying on or every day
/// (a service), else asked back between the two with what else was said kept; a word that only
/// holds its letters (`wechat`) is no inference.
#[test]
fn inference_asked_back_unless_settled() {
    let src = "
## cm-infer-bare-zh zh
> /pick
> 推理 qwen2.5 7b
= +pick-infer-which +pick-understood-model -pick-invalid

## cm-infer-bare-en en
> /pick
> run llama 3.1 8b chat
= +pick-infer-which -pick-invalid

## cm-infer-engine-mixed zh
> /pick
> 用vllm跑qwen2.5 7b
= +pick-infer-which -pick-invalid

## cm-infer-mixed zh
> /pick
> qwen2.5 7b inference 一下
= +pick-infer-which -pick-invalid

## cm-infer-hours-zh zh
> /pick
> 推理 qwen2.5 7b 跑2小时
= -pick-infer-which +pick-understood-usage -pick-invalid

## cm-infer-always-en en
> /pick
> llama 3.1 8b inference, always on
= -pick-infer-which +pick-understood-usage -pick-invalid

## cm-chat-service-mixed zh
> /pick
> 做个chat api 给用户用 qwen2.5 7b
= -pick-infer-which -pick-invalid

## cm-wechat-no-inference en
> /pick
> wechat pay only, qwen2.5 7b
= -pick-infer-which
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{report}");
}
