//! Chinese that reads like Chinese (issue 27): every zh answer that `phone.rs` renders (the
//! first message a phone shows and the whole answer behind "明细") is scanned for ASCII words.
//! A word passes only when it is a name (a card, platform or model in the catalog, with its
//! aliases), a unit or technical term people write in Latin letters ([`TERMS`]), a command,
//! an option the user types (`boot=0`), a code span, or a web address. Anything else, such
//! as "3h5m", "168.4M", "spot" or an id like "rtx-4090", is a leftover and fails the test.

use super::phone::answers;
use bot_core::reply::Reply;
use bot_core::{Catalog, Lang, Localizer};
use std::collections::BTreeMap;
use std::collections::HashSet;

/// Units and technical terms Chinese answers write in Latin letters, lower case, one group
/// a line: memory, speed and compute; links and form factors; serving and training words with
/// no Chinese form in use; benchmarks, frameworks and model parts as their authors write them;
/// trainers by their product names; sizes (7b parameters, a 32k context; never "168.4M", which Chinese writes 1.68亿);
/// currencies and payment brands; the bot's own name, its operator variable, /lang's codes.
const TERMS: &str = "
    gb gib mib tb gb/s tflops token tokens gpu cpu vram fp16 bf16 fp32 fp8 int4 int8 awq gptq
    gguf q4_k_m q8_0 q4_0 nf4 kv cuda nvidia-smi
    pcie nvlink nvswitch sxm sxm2 sxm4 sxm5 hgx p2p x16 x8 nvl oam infinity fabric
    api ssh jupyter vllm transformers sdpa lora qlora llama.cpp moe eager flash gc batch ctx
    attn diffusers comfyui dropout
    mmlu c-eval ifeval peft llama-factory pytorch zero vae instruct utc qwen qwen2 flux.1-dev
    ms-swift unsloth hugging face trainer axolotl litgpt
    b k
    usd cny paypal visa mastercard a b
    gpuscout scout gpuscout_admins en zh
";

/// [`TERMS`] as a set.
fn terms() -> HashSet<String> {
    TERMS.split_whitespace().map(str::to_string).collect()
}

/// Every lower-case word of the names a Chinese answer shows: cards (with the aliases /gpu
/// lists), platforms, models; a card's or platform's English name only where it has no
/// Chinese one (so "Gongji Compute", shown in English answers only, lends no word).
fn names(catalog: &Catalog) -> HashSet<String> {
    let mut out = terms();
    let mut add = |s: &str| {
        for w in words(s) {
            out.insert(w.to_lowercase());
        }
    };
    for g in &catalog.gpus {
        add(g.display_name(true));
        g.mem_type.iter().for_each(|m| add(m));
        g.interconnect_zh.iter().for_each(|i| add(i));
        g.aliases.iter().for_each(|a| add(a));
    }
    for p in &catalog.platforms {
        add(p.display_name(true));
        p.note_zh.iter().for_each(|n| add(n));
    }
    for m in &catalog.models {
        add(&m.id);
        add(&m.name);
        add(&m.family);
    }
    out
}

/// The catalog ids of cards and platforms, which answers show as names.
fn ids(catalog: &Catalog) -> HashSet<String> {
    let cards = catalog.gpus.iter().map(|g| g.id.clone());
    cards
        .chain(catalog.platforms.iter().map(|p| p.id.clone()))
        .collect()
}

/// `line` without the ids that stand beside their own Chinese name (the handle a command
/// takes, as /platforms lists it: "autodl  AutoDL 算力云").
fn handles_removed(catalog: &Catalog, line: &str) -> String {
    let mut out = line.to_string();
    for p in &catalog.platforms {
        if out.contains(p.display_name(true)) {
            out = out.replacen(&format!("{}  ", p.id), " ", 1);
        }
    }
    out
}

/// The runs of letters, digits and `._+-/` in `text` that hold an ASCII letter.
fn words(text: &str) -> Vec<&str> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "._+-/'".contains(c)))
        .map(|w| w.trim_matches(|c: char| ".-/'".contains(c)))
        .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
        .collect()
}

/// `text` without what is never prose: code spans, commands with their arguments (up to
/// the next Chinese character outside `<…>` or `[…]`), options the user types (`boot=0`),
/// web addresses and file names, and a catalog id as the handle in parentheses ("（autodl）").
fn prose(text: &str, ids: &HashSet<String>) -> String {
    let mut out = String::new();
    let mut chars = text.chars().peekable();
    let mut prev = ' ';
    let (mut code, mut command, mut bracket) = (false, false, 0);
    while let Some(c) = chars.next() {
        if c == '`' {
            code = !code;
        } else if command {
            match c {
                '<' | '[' => bracket += 1,
                '>' | ']' => bracket -= 1,
                _ if bracket == 0 && (!c.is_ascii() && c != '×' && c != '¥') => {
                    command = false;
                    out.push(c);
                }
                _ => {}
            }
        } else if !code {
            let starts = c == '/'
                && !prev.is_ascii_alphanumeric()
                && chars.peek().is_some_and(|n| n.is_ascii_lowercase());
            if starts {
                command = true;
                bracket = 0;
            } else {
                out.push(c);
            }
        }
        prev = c;
    }
    for id in ids {
        out = out.replace(&format!("（{id}）"), " ");
    }
    // A web address, up to the next space or Chinese character.
    while let Some(at) = out.find("http") {
        let end = out[at..]
            .find(|c: char| c.is_whitespace() || !c.is_ascii())
            .map_or(out.len(), |e| at + e);
        out.replace_range(at..end, " ");
    }
    out.split_whitespace()
        .filter(|w| {
            let domain = w.rsplit_once('.').is_some_and(|(a, b)| {
                !a.is_empty()
                    && (2..=4).contains(&b.len())
                    && b.chars().all(|c| c.is_ascii_lowercase())
            });
            !(w.contains("://") || w.contains('=') || w.starts_with("--") || domain)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ASCII words of `text` that are not allowed, each with its line.
fn leftovers(
    text: &str,
    allowed: &HashSet<String>,
    ids: &HashSet<String>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let clean = prose(line, ids);
        for w in words(&clean) {
            let lower = w.to_lowercase();
            // A web domain or a file name ("autodl.com", "config.json").
            if w.rsplit_once('.').is_some_and(|(a, b)| {
                a.chars().any(|c| c.is_ascii_alphabetic())
                    && (2..=4).contains(&b.len())
                    && b.chars().all(|c| c.is_ascii_lowercase())
            }) {
                continue;
            }
            // A catalog id ("rtx-4090", "gongji") where a name belongs.
            if ids.contains(w) && !allowed.contains(&lower) {
                out.push((w.to_string(), line.to_string()));
                continue;
            }
            // "2x4090": the user's own way of writing two cards.
            let lower = match lower.split_once('x') {
                Some((n, rest)) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                    rest.to_string()
                }
                _ => lower,
            };
            // A two-letter country code from a provider's region ("US").
            if w.len() == 2 && w.chars().all(|c| c.is_ascii_uppercase()) {
                continue;
            }
            // A number with its unit ("24GB", "80G") passes when the unit does.
            let unit = lower.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let ok = allowed.contains(&lower)
                || allowed.contains(unit)
                || allowed.contains(&lower)
                || lower.split(['/', '-', '+']).all(|p| {
                    let unit = p.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                    unit.is_empty() || allowed.contains(p) || allowed.contains(unit)
                });
            if !ok {
                out.push((w.to_string(), line.to_string()));
            }
        }
    }
    out
}

/// The first message and the whole answer as text, handles beside their names taken out.
fn rendered(catalog: &Catalog, lang: Lang, reply: &Reply) -> String {
    let l = Localizer::get();
    let short = l.render_plain(lang, reply);
    let text = format!("{short}\n{}", l.render_plain(lang, &reply.expanded()));
    text.lines()
        .map(|line| handles_removed(catalog, line))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn chinese_answers_have_no_english_leftovers() {
    let catalog = Catalog::load(None).unwrap();
    let allowed = names(&catalog);
    let ids = ids(&catalog);
    // Each leftover word once, with the first answer and line it was in.
    let mut found: BTreeMap<String, String> = BTreeMap::new();
    let mut scanned = 0;
    for (line, lang, reply) in answers(Lang::Zh) {
        if lang != Lang::Zh {
            continue;
        }
        scanned += 1;
        for (word, at) in leftovers(&rendered(&catalog, lang, &reply), &allowed, &ids) {
            found.entry(word).or_insert_with(|| format!("{line}: {at}"));
        }
    }
    assert!(scanned > 40, "only {scanned} zh replies");
    assert!(
        found.is_empty(),
        "{} English leftovers in zh answers:\n{}",
        found.len(),
        found
            .iter()
            .map(|(w, at)| format!("{w:?} in {at}"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

#[test]
fn the_scan_catches_what_it_is_for() {
    let catalog = Catalog::load(None).unwrap();
    let allowed = names(&catalog);
    let ids = ids(&catalog);
    let bad = |t: &str| {
        leftovers(t, &allowed, &ids)
            .into_iter()
            .map(|(w, _)| w)
            .collect::<Vec<_>>()
    };
    assert_eq!(bad("计费时长 3h5m"), ["3h5m"]);
    assert_eq!(bad("一天最多 168.4M token"), ["168.4M"]);
    assert_eq!(bad("¥1.19/小时（spot）"), ["spot"]);
    assert_eq!(bad("gongji  rtx-5090 没有挂牌价"), ["gongji", "rtx-5090"]);
    assert_eq!(bad("租卡 vs API"), ["vs"]);
    assert_eq!(bad("the request failed"), ["the", "request", "failed"]);
    assert!(bad("AutoDL 算力云 · GeForce RTX 4090 · 24 GB · 运行 `gpuscout poll --once`，加 boot=0，/gpu 4090").is_empty());
    assert!(bad("qwen2.5-32b · bf16 · PCIe 4.0 x16；https://www.autodl.com").is_empty());
    assert!(
        bad("AutoDL 算力云（autodl）；用法：/trial <平台> list to hour，例如 /compare rtx-4090 3h")
            .is_empty()
    );
}
