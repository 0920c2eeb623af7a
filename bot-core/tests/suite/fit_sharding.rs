//! Issue 24: the words people write for sharded training (`zero3`, `deepspeed zero3`, `ds3`,
//! `fsdp`) size the job as `zero=3` does, and a stage number beside `zero` is not a card count.

use bot_core::lexicon::sharding;
use bot_core::store::{Store, db_path};
use bot_core::vram::Zero;
use bot_core::{Bot, Catalog, ChatRef, Input, Localizer};
use std::sync::Arc;

fn say(bot: &Bot, locale: &str, line: &str) -> String {
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: locale.into(),
        locale: Some(locale.into()),
        thread: None,
    };
    let a = bot.handle(&who, Input::Text(line.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn sharding_words_read_as_their_stage() {
    for (w, z) in [
        ("zero3", Zero::Three),
        ("ZeRO-3", Zero::Three),
        ("zero_2", Zero::Two),
        ("ds3", Zero::Three),
        ("ds2", Zero::Two),
        ("deepspeed_zero3", Zero::Three),
        ("deepspeed zero1", Zero::One),
        ("stage3", Zero::Three),
        ("fsdp", Zero::Three),
        ("FSDP2", Zero::Three),
        ("ddp", Zero::Off),
    ] {
        assert_eq!(sharding(w), Some(z), "{w}");
    }
    // A stage not said, an offload (other memory), a number alone, a stage that does not exist.
    for w in [
        "deepspeed",
        "ds",
        "zero",
        "3",
        "zero3-offload",
        "zero4",
        "dsv3",
        "fsdp3",
    ] {
        assert_eq!(sharding(w), None, "{w}");
    }
}

#[test]
fn a_fit_line_with_sharding_words_is_sized_as_zero_equals() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    for lang in ["en", "zh"] {
        for (stage, words) in [
            (
                "3",
                &["zero3", "zero-3", "ds3", "deepspeed zero3", "zero 3"][..],
            ),
            ("2", &["zero2", "deepspeed zero2", "ds 2", "stage2"][..]),
        ] {
            let want = say(
                &bot,
                lang,
                &format!("/fit llama-3.1-8b full 4xh100 zero={stage}"),
            );
            for w in words {
                let got = say(&bot, lang, &format!("/fit llama-3.1-8b full 4xh100 {w}"));
                assert_eq!(got, want, "{lang} {w}");
            }
        }
        // FSDP shards as ZeRO-3 does but keeps a bf16 model's moments in bf16, where DeepSpeed
        // keeps fp32 masters (`vram::fp32_master_weights`): `fsdp` reads as `zero=fsdp`, not
        // as `zero=3`, for full fine-tuning.
        for w in ["fsdp", "fsdp2", "FSDP"] {
            assert_eq!(
                say(&bot, lang, &format!("/fit llama-3.1-8b full 4xh100 {w}")),
                say(&bot, lang, "/fit llama-3.1-8b full 4xh100 zero=fsdp"),
                "{lang} {w}"
            );
        }
        assert_ne!(
            say(&bot, lang, "/fit llama-3.1-8b full 4xh100 fsdp"),
            say(&bot, lang, "/fit llama-3.1-8b full 4xh100 zero3"),
            "{lang}"
        );
        // The stage changes the figure (the comparison above can fail), and `zero 3` keeps
        // the four cards typed.
        let off = say(&bot, lang, "/fit llama-3.1-8b full 4xh100 ddp");
        let three = say(&bot, lang, "/fit llama-3.1-8b full 4xh100 zero 3");
        assert_ne!(off, three, "{lang}");
        assert_eq!(
            say(&bot, lang, "/fit llama-3.1-8b full 4xh100 zero 3"),
            say(&bot, lang, "/fit llama-3.1-8b full h100 cards=4 zero=3"),
            "{lang}"
        );
    }
}
