//! A specialised line (`-vl`, `-coder`, `-vision`, …) gives way to the plain family when the
//! words name a family and a size without its qualifier, even where the catalog holds no model
//! of the family the line extends (issue 24: adding Qwen2-VL, whose `qwen2` family has no entry,
//! made `Qwen-7B` read as Qwen2-VL-7B). Tested on lines added to a copy of the catalog, so the
//! rule is not the embedded catalog's accident.

use bot_core::catalog::{Catalog, EMBEDDED_FX, EMBEDDED_GPUS, EMBEDDED_MODELS, EMBEDDED_PLATFORMS};

/// A variant of `of` in family `family`, with only the fields a variant needs.
fn variant(id: &str, of: &str, family: &str, params_b: f64) -> String {
    format!(
        "\n[[variant]]\nid = \"{id}\"\nname = \"{id}\"\nof = \"{of}\"\nfamily = \"{family}\"\n\
         hf_ids = []\naliases = []\nparams_b = {params_b}\nsource = \"https://example.org/{id}\"\n\
         as_of = \"2026-12-03\"\n"
    )
}

fn with(extra: &[String]) -> Catalog {
    let models = format!("{EMBEDDED_MODELS}{}", extra.concat());
    Catalog::from_sources(EMBEDDED_GPUS, EMBEDDED_PLATFORMS, &models, EMBEDDED_FX).unwrap()
}

fn pick(c: &Catalog, typed: &str) -> String {
    c.model_by_family_and_size(typed)
        .unwrap_or_else(|| panic!("`{typed}` found nothing"))
        .model
        .id
        .clone()
}

#[test]
fn a_vision_line_of_a_family_the_catalog_lacks_gives_way_to_the_plain_family() {
    // `llama3.4-vision` extends no family in the catalog; it needs more memory than
    // Llama-3.1-8B (its tower), which would win the tie without the rule.
    let c = with(&[variant(
        "test-llama3.4-vision-8b",
        "llama-3.1-8b",
        "llama3.4-vision",
        8.6,
    )]);
    for typed in ["llama-8b", "Llama 8B", "meta-llama-8b-sft"] {
        let id = pick(&c, typed);
        assert_ne!(id, "test-llama3.4-vision-8b", "`{typed}`");
        assert!(id.starts_with("llama-3"), "`{typed}` → {id}");
    }
    // The line stays among what the words could mean, and words naming it find it.
    let read = c.model_by_family_and_size("llama-8b").unwrap();
    assert!(
        read.others
            .iter()
            .any(|m| m.id == "test-llama3.4-vision-8b")
    );
    assert_eq!(pick(&c, "llama3.4-vision-8b"), "test-llama3.4-vision-8b");
}

#[test]
fn a_coder_line_gives_way_at_another_family_and_size() {
    // Larger than every Gemma 27B (its name says 27B): it would win the tie without the rule.
    let c = with(&[variant(
        "test-gemma5-coder-27b",
        "gemma-3-27b",
        "gemma5-coder",
        31.0,
    )]);
    let id = pick(&c, "gemma-27b");
    assert_ne!(id, "test-gemma5-coder-27b");
    assert_eq!(pick(&c, "gemma5-coder-27b"), "test-gemma5-coder-27b");
}

#[test]
fn when_every_candidate_is_a_specialised_line_one_is_still_picked() {
    // Only qualified lines at this size: the rule removes none of them.
    let c = with(&[variant(
        "test-phi9-vision-11b",
        "llama-3.1-8b",
        "phi9-vision",
        11.0,
    )]);
    assert_eq!(pick(&c, "phi-11b"), "test-phi9-vision-11b");
    // gpt-oss is the family's only line: still found.
    assert_eq!(pick(&c, "gpt-20b"), "gpt-oss-20b");
}

#[test]
fn qwen_words_without_vl_keep_the_text_model_beside_qwen2_vl() {
    let c = Catalog::embedded().unwrap();
    for (typed, want) in [("Qwen-7B", "qwen2.5-7b"), ("qwen-72b", "qwen2.5-72b")] {
        assert_eq!(pick(&c, typed), want, "`{typed}`");
    }
    // Words that name the line find it.
    let vl = pick(&c, "qwen2-vl-7b");
    assert!(vl.starts_with("qwen2-vl"), "{vl}");
}

/// Helper und_ar (issue 26): a family the catalog holds plainly, with a size it lacks, finds
/// no line of another kind near that size (Qwen2.5-VL-7B has 8.3B parameters, near 8): the
/// name stays unknown, so `/fit` says so and offers the family's names.
#[test]
fn a_plain_family_with_a_size_it_lacks_finds_no_vision_or_code_line() {
    let c = Catalog::embedded().unwrap();
    for typed in ["qwen2.5-8b", "Qwen2.5 8B"] {
        let found = c
            .model_by_family_and_size(typed)
            .map(|f| f.model.id.clone());
        assert!(
            found.as_deref().is_none_or(|id| !id.contains("-vl-")),
            "`{typed}` → {found:?}"
        );
    }
    assert!(c.find_model("qwen2.5-8b").is_none());
    // Words that name the line, or a size the family has, still find the model.
    assert_eq!(pick(&c, "qwen2.5-vl-7b"), "qwen2.5-vl-7b");
    assert_eq!(pick(&c, "qwen2.5-7b"), "qwen2.5-7b");
    // A distill is the same kind: `deepseek-r1-7b` is still read by its family.
    let r1 = pick(&c, "deepseek-r1-7b");
    assert!(r1.starts_with("deepseek-r1-distill"), "{r1}");
    // Unknown, with the family's names offered.
    let nf = c.model("qwen2.5-8b").unwrap_err();
    assert!(
        nf.suggestions.iter().any(|s| s.starts_with("qwen2.5-")),
        "{:?}",
        nf.suggestions
    );
}

/// Session 26: an older release of the same size (Qwen1.5-7B, with eight times Qwen2.5-7B's KV
/// heads) would win a plain `qwen 7b` on memory alone; a release its publisher superseded
/// gives way to its successor, stays among the others, and is found by its own names.
#[test]
fn a_superseded_release_gives_way_to_its_successor_and_keeps_its_own_names() {
    let c = Catalog::embedded().unwrap();
    let older: Vec<_> = c
        .models
        .iter()
        .filter(|m| m.superseded_by.is_some())
        .collect();
    assert!(!older.is_empty());
    for m in older {
        let next = c
            .models
            .iter()
            .find(|o| Some(&o.id) == m.superseded_by.as_ref())
            .unwrap();
        // Its own names always reach it.
        assert_eq!(
            c.model(&m.id).ok().map(|x| x.id.as_str()),
            Some(m.id.as_str())
        );
        // A line replaced by one of other sizes (DeepSeek LLM 7B / 67B by DeepSeek-V3): its own
        // names reach it (above), the family word alone means today's line, never it (session 41,
        // mem_fa).
        if (m.params_b - next.params_b).abs() >= 0.1 * next.params_b {
            let word: String = m
                .family
                .chars()
                .take_while(char::is_ascii_alphabetic)
                .collect();
            let bare = format!("{word} 一张 h100 能跑吗");
            let lines = bot_core::understand::read(&c, &bare).lines();
            assert!(!lines.is_empty(), "`{bare}` read nothing");
            assert!(
                lines.iter().all(|l| !l.contains(&m.id)),
                "`{bare}`: {lines:?}"
            );
            continue;
        }
        let size = m.id.rsplit('-').next().unwrap();
        let letters: String = m
            .family
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        let plain = format!("{letters} {size}");
        let found = c.model_by_family_and_size(&plain).unwrap();
        assert_eq!(found.model.id, next.id, "`{plain}`");
        assert!(found.others.iter().any(|o| o.id == m.id), "`{plain}`");
        assert_eq!(
            c.model(&m.id).ok().map(|x| x.id.as_str()),
            Some(m.id.as_str())
        );
    }
    assert_eq!(pick(&c, "qwen1.5 7b"), "qwen1.5-7b");
    // A family asked back without a size lists today's lines only; naming the old generation
    // still reaches it.
    for q in [
        "qwen can run on an a6000?",
        "千问 L40S 上能跑哪个",
        "通义千问 4090 跑得动吗",
    ] {
        let lines = bot_core::understand::read(&c, q).lines();
        assert!(!lines.is_empty(), "`{q}` read nothing");
        assert!(
            !lines.iter().any(|l| l.contains("qwen1.5")),
            "`{q}` → {lines:?}"
        );
    }
    let old = bot_core::understand::read(&c, "qwen1.5 7b 4090能跑吗").lines();
    assert!(old.iter().any(|l| l.contains("qwen1.5-7b")), "{old:?}");
}
