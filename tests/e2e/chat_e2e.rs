//! The terminal chat and the catalog CLI, driven as a user would: the real binary, piped stdin.

use gpuscout_testkit::cli::Cli;

fn gpuscout(data_dir: &std::path::Path, args: &[&str], stdin: &str) -> (String, String, bool) {
    let r = Cli::new(env!("CARGO_BIN_EXE_gpuscout")).run_in(data_dir, args, stdin);
    (r.stdout, r.stderr, r.ok)
}

#[test]
fn a_user_asks_in_english_then_switches_to_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = gpuscout(
        dir.path(),
        &["chat"],
        "/help\n/gpu 4090\n/lang zh\n/gpu h100 sxm\n",
    );
    assert!(ok, "{err}");
    // English help and the 4090's specs with their source.
    assert!(out.contains("Commands:"), "{out}");
    assert!(out.contains("GeForce RTX 4090"));
    assert!(out.contains("VRAM: 24 GB"));
    assert!(out.contains("Memory bandwidth: 1008 GB/s"));
    // Chat shows a short source (a domain and a date); the full URL is in `--json`.
    assert!(
        out.contains("Source: images.nvidia.com (2026-11-30)"),
        "{out}"
    );
    assert!(!out.contains("https://images.nvidia.com"), "{out}");
    // After /lang zh the H100 SXM answer is in Chinese, with its own specs.
    let zh = out
        .split("语言已切换")
        .nth(1)
        .expect("language switch confirmed in Chinese");
    assert!(zh.contains("显存：80 GB"), "{zh}");
    assert!(zh.contains("显存带宽：3350 GB/s"));
    assert!(zh.contains("来源："));
    assert!(!zh.contains("Memory bandwidth"));
}

#[test]
fn the_language_choice_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    gpuscout(dir.path(), &["chat"], "/lang zh\n");
    let (out, _, ok) = gpuscout(dir.path(), &["chat"], "/gpu 4090\n");
    assert!(ok);
    assert!(out.contains("显存：24 GB"), "{out}");
}

#[test]
fn invisible_marks_from_a_paste_do_not_hide_a_command_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    // A zero-width space after the command, a direction mark before it, a BOM after the card.
    let (out, _, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "en"],
        "/gpu\u{200b} 4090\n\u{200f}/gpu a100\u{feff}\n",
    );
    assert!(ok);
    assert!(!out.contains("I don't know"), "{out}");
    assert!(out.contains("RTX 4090") && out.contains("A100"), "{out}");
}

#[test]
fn typos_and_unknown_commands_get_helpful_answers() {
    let dir = tempfile::tempdir().unwrap();
    let (out, _, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "en"],
        "/gpu rtx 4909\n/frobnicate\n/gpu\nblorp wizzle\nhello\n",
    );
    assert!(ok);
    assert!(
        out.contains("I don't know a GPU called \"rtx 4909\""),
        "{out}"
    );
    assert!(out.contains("Did you mean:") && out.contains("4090"));
    assert!(out.contains("I don't know the command /frobnicate"));
    assert!(out.contains("Usage: /gpu <name>"));
    // Plain text the bot cannot read gets example questions, not silence; a greeting alone
    // gets what the bot can do.
    assert!(out.contains("Ask me like this"), "{out}");
    assert!(out.contains("I read this as: /help"), "{out}");
}

#[test]
fn cli_json_uses_the_documented_field_names() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = gpuscout(dir.path(), &["gpu", "H100 80GB HBM3", "--json"], "");
    assert!(ok, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    for field in [
        "id",
        "name",
        "vram_gb",
        "mem_bandwidth_gbps",
        "fp16_tflops",
        "interconnect",
        "aliases",
        "source",
        "as_of",
    ] {
        assert!(v.get(field).is_some(), "missing {field}");
    }
    assert_eq!(v["vram_gb"], 80.0);

    let (out, _, ok) = gpuscout(dir.path(), &["platforms", "--json"], "");
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = v.as_array().unwrap();
    assert!(list.len() >= 15);
    // Barriers as filters: every platform is known, unknown or left out, once.
    let (f, err, ok) = gpuscout(dir.path(), &["platforms", "alipay", "cn", "--json"], "");
    assert!(ok, "{err}");
    let f: serde_json::Value = serde_json::from_str(&f).unwrap();
    let placed = f["known"].as_array().unwrap().len()
        + f["unknown"].as_array().unwrap().len()
        + f["left_out"].as_u64().unwrap() as usize;
    assert_eq!(placed, list.len(), "{f}");
    let (_, err, ok) = gpuscout(dir.path(), &["platforms", "bogus"], "");
    assert!(!ok && err.contains("bogus"), "{err}");
    for field in [
        "id", "name", "region", "currency", "billing", "barriers", "source", "as_of",
    ] {
        assert!(list[0].get(field).is_some(), "missing {field}");
    }
    let (out, _, ok) = gpuscout(dir.path(), &["platform", "runpod", "--json"], "");
    assert!(ok);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["id"], "runpod");
    assert_eq!(v["currency"], "USD");

    let (out, _, ok) = gpuscout(dir.path(), &["gpus", "--json"], "");
    assert!(ok);
    assert!(
        serde_json::from_str::<serde_json::Value>(&out)
            .unwrap()
            .as_array()
            .unwrap()
            .len()
            >= 25
    );
}

#[test]
fn cli_errors_go_to_stderr_with_a_failing_exit() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = gpuscout(dir.path(), &["gpu", "h1OO", "--json"], "");
    assert!(!ok);
    assert!(out.is_empty());
    assert!(
        err.contains("h1OO") && err.contains("Did you mean"),
        "{err}"
    );
    let (_, err, ok) = gpuscout(dir.path(), &["platform", "nowhere"], "");
    assert!(!ok && err.contains("nowhere"));
}

#[test]
fn a_database_from_a_newer_version_is_refused_clearly() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = bot_core::Store::open(&bot_core::store::db_path(dir.path())).unwrap();
        store
            .set_schema_version(bot_core::store::SCHEMA_VERSION + 1)
            .unwrap();
    }
    let (_, err, ok) = gpuscout(dir.path(), &["chat"], "/help\n");
    assert!(!ok);
    assert!(err.contains("newer GPU Scout"), "{err}");
}

#[test]
fn a_scripted_pick_reaches_the_trial_plan_in_both_languages() {
    let dir = tempfile::tempdir().unwrap();
    // Fine-tune, first model, LoRA, 8k, one 3-hour run, first card, web terminal, done,
    // trial plan, finish.
    let (out, err, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "zh"],
        "/pick\n2\n1\n1\n2\n2\n1\n1\n8\n1\n1\n",
    );
    assert!(ok, "{err}");
    assert!(out.contains("第 9 步，共 9 步"), "{out}");
    // A top-up amount only where the platform's minimum is documented; else the trial's cost
    // and a word that the minimum is not known.
    assert!(
        out.contains("只充大约") || out.contains("最低充值额没有公开资料"),
        "{out}"
    );
    assert!(out.contains("完成，祝试跑顺利"));
    let dir = tempfile::tempdir().unwrap();
    let (out, _, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "en"],
        // Serving also asks how many conversations at once (2 = four).
        "/pick\nserve qwen2.5-7b as an API for my team, always on\nok\n1\n2\n2\n4\n1\n8\n1\n1\n",
    );
    assert!(ok);
    assert!(out.contains("Always on: monthly"), "{out}");
    assert!(out.contains("one 730-hour month"), "{out}");
    assert!(
        out.contains("Step 10 of 10")
            && (out.contains("Top up only about")
                || out.contains("minimum top-up is not documented")),
        "{out}"
    );
}

#[test]
fn a_typed_number_answers_the_waiting_question_after_a_restart_or_another_command() {
    let dir = tempfile::tempdir().unwrap();
    // The first run asks the task question and stops; the second starts fresh and types "2".
    let (_, _, ok) = gpuscout(dir.path(), &["chat", "--lang", "en"], "/pick\n");
    assert!(ok);
    let (out, err, ok) = gpuscout(dir.path(), &["chat", "--lang", "en"], "2\n");
    assert!(ok, "{err}");
    assert!(
        out.contains("Which model?"),
        "\"2\" chose fine-tuning: {out}"
    );
    // Another command in between: the number still answers the dialogue's question.
    let dir = tempfile::tempdir().unwrap();
    let (out, _, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "en"],
        "/pick\n/gpu 4090\n3\n",
    );
    assert!(ok);
    let after = &out[out.find("GeForce RTX 4090").unwrap()..];
    assert!(
        after.contains("Which model?") && after.contains("Qwen2.5-32B"),
        "\"3\" chose the serving task: {after}"
    );
}

#[test]
fn a_plain_question_is_answered_with_the_command_it_was_read_as() {
    let dir = tempfile::tempdir().unwrap();
    let (out, err, ok) = gpuscout(
        dir.path(),
        &["chat", "--lang", "zh"],
        "4090能跑qwen2.5-32b int4吗\nautodl 4090 跑40分钟多少钱\n今天天气怎么样\n",
    );
    assert!(ok, "{err}");
    assert!(
        out.contains("我理解为：/fit qwen2.5-32b int4 rtx-4090"),
        "{out}"
    );
    assert!(out.contains("显存估算"), "the fit answer follows: {out}");
    assert!(out.contains("我理解为：/cost autodl rtx-4090 40m"), "{out}");
    assert!(
        out.contains("可以这样问"),
        "an unknown question gets examples: {out}"
    );
    let (out, _, _) = gpuscout(
        dir.path(),
        &["chat", "--lang", "en"],
        "qwen2.5-7b on 4090 or 3090?\n1\n",
    );
    assert!(out.contains("two ways"), "{out}");
    assert!(
        out.contains("I read this as: /fit qwen2.5-7b"),
        "the tapped reading runs: {out}"
    );
}

/// `/pick` that listens, typed in the terminal as a new user would (issue 26): inference asked
/// as a run or a service (the typed number is the shown choice), a method said with the model
/// kept, needs and a bare budget in the chat's currency said at the barriers step, a price
/// asked after the result answered with `/pick` still open, thanks to end it; never "I
/// couldn't use that answer".
#[test]
fn a_pick_that_listens_walked_in_the_terminal_in_both_languages() {
    for (lang, script, said) in [
        (
            "zh",
            "/pick\n推理\n3\nqwen2.5 7b awq\n8k\n4\n一直在线\n1\n不想实名 预算300\nok\nh100价格\n谢谢\n",
            &[
                "推理：是开一会儿就关的短时运行",
                "第 2 步，共 10 步",
                "方式：4 位 AWQ",
                "预算：¥300.00",
                "预算没写币种，按人民币（¥）计",
                "我理解为：/compare h100-sxm 1h",
                "/pick 还开着",
                "完成，祝试跑顺利",
            ][..],
        ),
        (
            "en",
            "/pick\ninference\n3\nqwen2.5 7b awq\n8k\n4\nalways on\n1\nno kyc, budget 300\nok\nh100 price\nthanks\n",
            &[
                "Inference: a short run",
                "Step 2 of 10",
                "AWQ",
                "$300.00",
                "The budget has no currency",
                "I read this as: /compare h100-sxm 1h",
                "/pick is still open",
                "Good luck with the trial",
            ][..],
        ),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (out, err, ok) = gpuscout(dir.path(), &["chat", "--lang", lang], script);
        assert!(ok, "{err}");
        for s in said {
            assert!(out.contains(s), "{lang}: {s}:\n{out}");
        }
        assert!(
            !out.contains("这个回答我没法用") && !out.contains("I couldn't use that answer"),
            "{lang}:\n{out}"
        );
    }
}
