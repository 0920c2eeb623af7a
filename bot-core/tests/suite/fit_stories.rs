//! Memory answers a user can bet a rental on (issue 24), one test per story: the card's real
//! capacity, the trainers' real defaults, verdicts with judgement, serving defaults, native
//! formats and shapes, and JSON that never prices what cannot run.

use bot_core::Catalog;
use bot_core::tco::{TcoQuery, analyze};
use bot_core::vram::{self, FitOptions, FitRequest, ModelRef, Quant, Task};
use rust_decimal::Decimal;

use super::chat::{say, world};

/// The first number after `marker` in `text`.
fn number_after(text: &str, marker: &str) -> f64 {
    let at = text
        .find(marker)
        .unwrap_or_else(|| panic!("{marker:?} in {text}"));
    let num: String = text[at + marker.len()..]
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    num.parse()
        .unwrap_or_else(|_| panic!("no number after {marker:?}: {text}"))
}

#[test]
fn a_card_has_the_memory_its_driver_reports_not_marketed_gb_over_2_pow_30() {
    let c = Catalog::embedded().unwrap();
    let g4090 = c.gpu("4090").unwrap();
    // nvidia-smi: 24564 MiB = 23.99 GiB, not 24e9 / 2^30 = 22.35.
    assert!((g4090.vram_gib() - 24564.0 / 1024.0).abs() < 1e-9);
    assert!((c.gpu("a100-80g-sxm").unwrap().vram_gib() - 80.0).abs() < 1e-9);
    assert!((c.gpu("h100-sxm").unwrap().vram_gib() - 81559.0 / 1024.0).abs() < 1e-9);
    // Every reading has its source and date, and every card without one says it is derived.
    for g in &c.gpus {
        match g.capacity().1 {
            bot_core::catalog::CapacityBasis::Driver => {
                assert!(g.memory_source.as_deref().unwrap().starts_with("https://"));
                assert!(g.memory_as_of.is_some());
            }
            bot_core::catalog::CapacityBasis::MarketedAsGib => {
                assert!(g.memory_mib.is_none());
                assert_eq!(g.vram_gib(), g.vram_gb);
            }
        }
    }
    let w = world();
    let out = say(&w, "en", "/gpu 4090");
    // 24564 MiB on nvidia-smi; CUDA sees 23.52 GiB of it, less the 0.65 GiB context.
    assert!(out.contains("24 GiB (22.9 usable"), "{out}");
    assert!(out.contains("24564 MiB"), "{out}");
    let zh = say(&w, "zh", "/gpu 4090");
    assert!(zh.contains("24 GiB") && zh.contains("22.9"), "{zh}");
    // A card with no reading on file says how its figure is derived.
    let derived = c
        .gpus
        .iter()
        .find(|g| g.memory_mib.is_none())
        .expect("some card has no reading");
    let out = say(&w, "en", &format!("/gpu {}", derived.id));
    assert!(out.contains("derived"), "{out}");
}

#[test]
fn the_most_common_student_job_fits_a_4090() {
    let w = world();
    let out = say(&w, "en", "/fit qwen2.5-7b lora ctx=2k 4090");
    assert!(
        out.contains("✅ Fits on 1 × GeForce RTX 4090") || out.contains("Tight on 1 × GeForce"),
        "{out}"
    );
    assert!(!out.contains("Does not fit"), "{out}");
    // The fit is decided on what CUDA sees of the card (23.52 GiB), and says so.
    assert!(out.contains("(23.5 GiB each)"), "{out}");
    let zh = say(&w, "zh", "/fit qwen2.5-7b lora ctx=2k 4090");
    assert!(!zh.contains("GiB）放不下"), "{zh}");
}

#[test]
fn trainer_defaults_are_stated_with_the_word_that_changes_them() {
    let w = world();
    // LoRA dropout 0 (PEFT, LLaMA-Factory); dropout=0.1 adds the copies.
    let lora = say(&w, "en", "/fit qwen2.5-7b lora ctx=4k gc=off");
    assert!(
        lora.contains("LoRA dropout 0") && lora.contains("dropout=0.1"),
        "{lora}"
    );
    let with = say(&w, "en", "/fit qwen2.5-7b lora ctx=4k gc=off dropout=0.1");
    assert!(number_after(&with, "= total") > number_after(&lora, "= total"));
    // Full fine-tuning of a bf16 model: moments in bf16, ~6 bytes per parameter for gradients
    // and optimizer; amp adds fp32 master weights (~14).
    let full = say(&w, "en", "/fit qwen2.5-3b full bf16 ctx=1k");
    assert!(
        full.contains("about 6 bytes per parameter") && full.contains("amp"),
        "{full}"
    );
    let amp = say(&w, "en", "/fit qwen2.5-3b full bf16 ctx=1k amp");
    assert!(amp.contains("about 14 bytes per parameter"), "{amp}");
    let optim = |t: &str| number_after(t, "gradients + optimizer");
    let params_b = 3.09;
    // bf16: 6 bytes per parameter; amp: 14.
    assert!(
        (optim(&full) / params_b - 6.0 * 1e9 / vram::GIB).abs() < 0.6,
        "{full}"
    );
    assert!(
        (optim(&amp) / params_b - 14.0 * 1e9 / vram::GIB).abs() < 1.2,
        "{amp}"
    );
    // 8-bit and paged optimizers are words.
    for word in ["adamw8bit", "paged_adamw_8bit"] {
        let o = say(
            &w,
            "en",
            &format!("/fit qwen2.5-3b full bf16 ctx=1k {word}"),
        );
        assert!(optim(&o) < optim(&full), "{word}: {o}");
        assert!(o.contains("adamw8bit moments"), "{o}");
    }
    // Gradient checkpointing on by default, with gc=off to change it.
    assert!(say(&w, "en", "/fit qwen2.5-7b lora").contains("gc=off"));
}

#[test]
fn a_near_miss_is_tight_with_what_makes_it_fit_and_a_clear_miss_is_a_miss() {
    let c = Catalog::embedded().unwrap();
    let m = c.model("qwen2.5-7b").unwrap();
    let g = c.gpu("4090").unwrap();
    let mut req = FitRequest::new(ModelRef::Known(m), Quant::Bf16, Task::Lora);
    req.gpu = Some(g);
    req.grad_checkpointing = true;
    // Walk the context up until the verdict leaves "fits": the next verdicts are tight, then
    // short, then no, and each is what the figures say.
    let mut seen = Vec::new();
    for ctx in (1..=64).map(|k| k * 256) {
        req.context = ctx;
        let rep = vram::estimate_with(&c, &req, &FitOptions::default()).unwrap();
        let v = rep.verdict.clone().unwrap();
        let need = rep.per_gpu_required_gib;
        // Verdicts are decided on what CUDA sees of the card.
        let cap = g.usable_gib();
        let m = rep.margin_pct / 100.0;
        match v.as_str() {
            "fits" => assert!(need * (1.0 + m) <= cap + 0.01 && rep.per_gpu_gib <= cap + 0.01),
            "tight" => assert!(need <= cap + 0.01),
            "short" => assert!(need > cap - 0.01 && need * (1.0 - m) <= cap + 0.01),
            "no" => assert!(need * (1.0 - m) > cap - 0.01),
            other => panic!("{other}"),
        }
        assert_eq!(rep.fits, Some(need <= cap + 0.005), "{ctx}");
        if seen.last() != Some(&v) {
            seen.push(v);
        }
    }
    assert_eq!(seen, ["fits", "tight", "short", "no"], "{seen:?}");
    // In the chat, a tight answer names the changes and the memory they need.
    let w = world();
    let out = say(&w, "en", "/fit qwen2.5-7b lora ctx=8k 4090");
    if out.contains("Tight on") {
        assert!(out.contains("What makes it"), "{out}");
        assert!(out.contains("qlora (") || out.contains("ctx="), "{out}");
    }
    let clear = say(&w, "en", "/fit qwen2.5-72b bf16 4090");
    assert!(clear.contains("❌ Does not fit"), "{clear}");
}

#[test]
fn tco_json_for_a_model_that_does_not_fit_carries_no_cost() {
    let c = Catalog::embedded().unwrap();
    let q = TcoQuery {
        model: ModelRef::Known(c.model("qwen2.5-72b").unwrap()),
        quant: Quant::Bf16,
        gpu: c.gpu("4090").unwrap(),
        cards: 1,
        price_per_hour: Decimal::from(2),
        tokens_per_day: 1e6,
        api_price_per_mtok: Some(Decimal::ONE),
        plan_per_day: None,
        cpu_moe: None,
    };
    let rep = analyze(&c, &q, "USD").unwrap();
    assert!(!rep.fits);
    let v = serde_json::to_value(&rep).unwrap();
    for key in [
        "always_on_cost_per_mtok",
        "busy_cost_per_mtok",
        "hours_needed_per_day",
        "always_on_cost_per_day",
        "tokens_per_second",
        "break_even_tokens_per_day",
    ] {
        assert!(v.get(key).is_none(), "{key} in {v}");
    }
    assert_eq!(v["verdict"], "no_fit");
    // A model that fits still carries them.
    let fits = TcoQuery {
        model: ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
        quant: Quant::Awq,
        ..q
    };
    let v = serde_json::to_value(analyze(&c, &fits, "USD").unwrap()).unwrap();
    assert!(v["busy_cost_per_mtok"].as_f64().unwrap() > 0.0, "{v}");
    assert!(v["hours_needed_per_day"].as_f64().unwrap() > 0.0, "{v}");
    assert!(
        v["break_even_tokens_per_day"].as_f64().unwrap() > 0.0,
        "{v}"
    );
}

#[test]
fn a_service_is_sized_on_vllm_unless_another_engine_is_typed() {
    let w = world();
    let svc = say(&w, "en", "/fit llama-3.1-70b awq 2x a100 ctx=8k batch=20");
    assert!(svc.contains("· vllm"), "{svc}");
    assert!(
        svc.contains("sized on vLLM") && svc.contains("transformers"),
        "{svc}"
    );
    assert!(!svc.contains("Does not fit"), "{svc}");
    let hf = say(
        &w,
        "en",
        "/fit llama-3.1-70b awq 2x a100 ctx=8k batch=20 transformers",
    );
    assert!(hf.contains("· transformers"), "{hf}");
    assert!(!hf.contains("sized on vLLM"), "{hf}");
    // One conversation is not a service: Transformers, as before.
    let one = say(&w, "en", "/fit llama-3.1-8b 4090");
    assert!(one.contains("· transformers"), "{one}");
}

#[test]
fn can_card_x_run_model_y_answers_16_bit_and_the_4_bit_that_fits() {
    let w = world();
    let zh = say(&w, "zh", "/fit qwen2.5-32b 4090");
    assert!(zh.contains("放不下"), "{zh}");
    assert!(zh.contains("换成 4 比特（awq）"), "{zh}");
    let en = say(&w, "en", "/fit qwen2.5-32b 4090");
    assert!(
        en.contains("In 4-bit (awq) it fits on 1 × GeForce RTX 4090"),
        "{en}"
    );
    let about = number_after(&en[en.find("In 4-bit").unwrap()..], "about");
    assert!((15.0..23.5).contains(&about), "{about}: {en}");
    // A quantization typed is answered as typed.
    let typed = say(&w, "en", "/fit qwen2.5-32b bf16 4090");
    assert!(!typed.contains("In 4-bit"), "{typed}");
}

#[test]
fn native_formats_and_raw_shapes() {
    let c = Catalog::embedded().unwrap();
    let w = world();
    // gpt-oss is published in MXFP4: the default, about 13 GiB of weights for 20b.
    let oss = say(&w, "en", "/fit gpt-oss-20b");
    assert!(oss.contains("mxfp4"), "{oss}");
    let weights = number_after(&oss, "Weights");
    assert!((11.5..14.5).contains(&weights), "{weights}: {oss}");
    assert!(!say(&w, "en", "/fit gpt-oss-20b mxfp4").contains("know the quantization"));
    // A raw MoE size is sized as MoE: the total in memory, an active-size skeleton for KV.
    let est = |m: ModelRef| {
        let mut r = FitRequest::new(m, Quant::Fp8, Task::Infer);
        r.context = 32_768;
        vram::estimate(&c, &r).unwrap()
    };
    let moe = est(ModelRef::BySize {
        params_b: 671.0,
        active_b: Some(37.0),
    });
    let dense = est(ModelRef::BySize {
        params_b: 671.0,
        active_b: None,
    });
    assert!(
        (moe.params_b - 671.0).abs() < 671.0 * 0.02,
        "{}",
        moe.params_b
    );
    assert!(
        (moe.active_params_b - 37.0).abs() < 37.0 * 0.05,
        "{}",
        moe.active_params_b
    );
    assert!((moe.weights_gib - dense.weights_gib).abs() < 0.05 * dense.weights_gib);
    // The attention (so the KV cache) is shaped from the active size, as a dense 37B guess is:
    // far below the dense 671B guess.
    let active = est(ModelRef::BySize {
        params_b: 37.0,
        active_b: None,
    });
    assert!(
        (moe.kv_cache_gib - active.kv_cache_gib).abs() < 0.01 * active.kv_cache_gib,
        "{moe:?} vs {active:?}"
    );
    assert!(moe.kv_cache_gib < 0.6 * dense.kv_cache_gib, "{moe:?}");
    // A size-only guess assumes grouped-query attention (8 KV heads), not 52.
    let g = say(&w, "en", "/fit 24b");
    assert!(g.contains("8 KV heads"), "{g}");
}

#[test]
fn the_printed_speed_follows_from_the_printed_figures() {
    let w = world();
    for line in [
        "/fit qwen2.5-32b awq h100",
        "/fit qwen2.5-7b 4090",
        "/fit qwen2.5-72b awq 2x h100 engine=vllm",
    ] {
        let out = say(&w, "en", line);
        let tps = number_after(&out, "about");
        let basis = &out[out.find("(estimate:").unwrap_or_else(|| panic!("{out}"))..];
        let basis = basis.lines().next().unwrap();
        let gib = number_after(basis, "(estimate:");
        let bw = number_after(basis, "from");
        let eta = number_after(basis, "GB/s at") / 100.0;
        let scaled = basis.contains("scaling");
        let mem_ms = if scaled {
            number_after(basis, "scaling =")
        } else {
            number_after(basis, "efficiency =")
        };
        let step_ms = number_after(basis, "→");
        // The memory term: bytes / (bandwidth x efficiency [x scaling]), as printed.
        let scale = if scaled {
            number_after(basis, "efficiency ×") / 100.0
        } else {
            1.0
        };
        let expect = gib * vram::GIB / (bw * 1e9 * eta * scale) * 1000.0;
        assert!(
            (expect - mem_ms).abs() <= 0.06 + 0.01 * expect,
            "{line}: {basis}"
        );
        // The step: the memory term plus the printed overhead (or the compute bound).
        let overhead = if basis.contains("overhead") {
            number_after(basis, "ms +")
        } else {
            0.0
        };
        if !basis.contains("compute needs") {
            assert!(
                (mem_ms + overhead - step_ms).abs() <= 0.15,
                "{line}: {basis}"
            );
        }
        // The speed: one token per printed step.
        let expect_tps = 1000.0 / step_ms;
        assert!(
            (expect_tps - tps).abs() <= 0.02 * expect_tps + 0.6,
            "{line}: {tps} vs {expect_tps}: {out}"
        );
    }
}

/// A daily volume one setup cannot serve is priced on as many setups as it takes, all running
/// at once: around the clock costs each of them, and renting can still beat an API that is
/// dearer per token (the verdict used to be "api" for every volume over one setup's capacity).
#[test]
fn a_volume_over_one_setups_capacity_is_priced_on_the_setups_it_takes() {
    let c = Catalog::embedded().unwrap();
    let q = TcoQuery {
        model: ModelRef::Known(c.model("qwen2.5-7b").unwrap()),
        quant: Quant::Awq,
        gpu: c.gpu("4090").unwrap(),
        cards: 1,
        price_per_hour: Decimal::from(2),
        tokens_per_day: 1e6,
        api_price_per_mtok: Some(Decimal::from(50)),
        plan_per_day: None,
        cpu_moe: None,
    };
    let one = analyze(&c, &q, "USD").unwrap().serving.unwrap();
    assert_eq!(one.setups_needed, 1);
    assert_eq!(one.always_on_cost_per_day, Decimal::from(48));
    for (times, setups) in [(2.5, 3u32), (1.01, 2), (4.0, 4)] {
        let big = TcoQuery {
            tokens_per_day: (one.capacity_tokens_per_day * times).round(),
            ..q
        };
        let rep = analyze(&c, &big, "USD").unwrap();
        let sv = rep.serving.clone().unwrap();
        assert_eq!(sv.setups_needed, setups, "{times}× capacity");
        assert_eq!(sv.always_on_cost_per_day, Decimal::from(48 * setups));
        let per_mtok = sv
            .always_on_cost_per_day
            .to_string()
            .parse::<f64>()
            .unwrap()
            / (big.tokens_per_day / 1e6);
        let got = sv
            .always_on_cost_per_mtok
            .to_string()
            .parse::<f64>()
            .unwrap();
        assert!(
            (got - per_mtok).abs() < 1e-6 * per_mtok.max(1.0),
            "{got} vs {per_mtok}"
        );
        // An API at 50 per 1M tokens is far dearer than any number of setups.
        assert_eq!(rep.verdict, "rent", "{times}×");
        // An API cheaper than the card's busy cost per token wins at any volume.
        let cheap_api = TcoQuery {
            api_price_per_mtok: Some(sv.busy_cost_per_mtok / Decimal::from(2)),
            ..big
        };
        assert_eq!(analyze(&c, &cheap_api, "USD").unwrap().verdict, "api");
    }
}

/// Item 4: a LoRA job inside the margin is "tight" and lists, each with its memory per card,
/// the changes that make it fit (QLoRA, a shorter context, one more card, Unsloth); every
/// listed change needs less than the job as asked, and asking for it gives that figure.
/// Searched over contexts so the case is one of the estimator's own tight cases, not a
/// figure copied here; the same answer in Chinese names the same words.
#[test]
fn a_tight_lora_lists_what_makes_it_fit_with_its_memory_in_both_languages() {
    let w = world();
    let line = (4..=24)
        .map(|k| format!("/fit qwen2.5-7b lora ctx={}k 4090 dropout=0.1", k))
        .find(|l| say(&w, "en", l).contains("Tight on"))
        .expect("some context is tight on a 4090");
    let en = say(&w, "en", &line);
    let need = number_after(&en, "the busiest card needs");
    let list = en
        .split("(memory per card then): ")
        .nth(1)
        .unwrap_or_else(|| panic!("{en}"));
    let list = &list[..list.find(".\n").unwrap_or(list.len())];
    let mut words = Vec::new();
    for item in list.split(", ") {
        let (word, gib) = item.split_once(" (").unwrap_or_else(|| panic!("{item}"));
        let gib: f64 = gib.trim_end_matches(" GiB)").parse().unwrap();
        assert!(gib < need, "{word}: {gib} vs {need}: {en}");
        words.push(word.to_string());
    }
    assert!(words.iter().any(|x| x == "qlora"), "{en}");
    // Each change, asked for, needs what the list said it would.
    for (word, item) in words.iter().zip(list.split(", ")) {
        // The change replaces the word it changes (`ctx=`, the card), else is added.
        let key = word.split('=').next().unwrap();
        let mut parts: Vec<String> = line.split(' ').map(String::from).collect();
        match parts.iter().position(|p| {
            (word.contains('=') && p.starts_with(&format!("{key}=")))
                || (word.ends_with("x4090") && p == "4090")
        }) {
            Some(i) => parts[i] = word.clone(),
            None => parts.push(word.clone()),
        }
        let again = say(&w, "en", &parts.join(" "));
        let said: f64 = item
            .split_once(" (")
            .unwrap()
            .1
            .trim_end_matches(" GiB)")
            .parse()
            .unwrap();
        let got = number_after(&again, "GiB as nvidia-smi would show it,");
        assert!(
            (got - said).abs() < 0.06,
            "{word}: listed {said}, asked {got}: {again}"
        );
    }
    assert!(
        words.iter().any(|x| x.starts_with("ctx=") || x == "2x4090"),
        "{en}"
    );
    let zh = say(&w, "zh", &line);
    assert!(zh.contains("这样改"), "{zh}");
    for word in &words {
        assert!(zh.contains(word.as_str()), "{word}: {zh}");
    }
}
