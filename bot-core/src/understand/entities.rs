//! What a question names: cards with their counts, models (catalog names, Chinese family
//! names, a bare size like `72b`), platforms, a quantization, a task, a context window, how
//! long the job runs, a volume of tokens. Every word's meaning comes from the lexicon; a
//! number is never a card name unless it is a card's whole model number (`4090`) with no unit
//! after it (`40 minute` is a duration, never an A40).

use super::card_count::{count_after, count_before};
use super::family_model::{FAMILIES, family_model, is_number};
use super::request::{Cards, Usage};
use super::span::{find_usage, find_volume};
use crate::catalog::{Catalog, Gpu};
use crate::lexicon;
use crate::lexicon::is_han;
use crate::vram::{Quant, Task};

/// What the question names.
#[derive(Debug, Default)]
pub(super) struct Entities {
    pub gpus: Vec<Cards>,
    pub models: Vec<String>,
    /// A size written without a family (`72b`, `70b的awq`): a model sized by parameters.
    pub sizes: Vec<String>,
    pub platforms: Vec<String>,
    pub quant: Option<Quant>,
    /// Every quantization named; two are asked back.
    pub quants: Vec<Quant>,
    pub task: Option<Task>,
    /// Every method named (`lora还是全参`); two are asked back.
    pub tasks: Vec<Task>,
    pub usage: Option<Usage>,
    pub context: Option<String>,
    /// Sequences served or trained at once (`batch 8`, `bs=4`, `并发16`).
    pub batch: Option<u32>,
    /// Tokens per day (`2000万token`, `5M tokens a day`).
    pub volume: Option<u64>,
    /// Every catalog model a family and size could mean (`qwen 32b`: Qwen2.5 and Qwen3).
    pub model_options: Vec<String>,
    /// Two parts of the question contradict each other (`deepseek r1 32b` when no 32B R1
    /// exists): nothing is guessed.
    pub conflict: bool,
    /// Words that named nothing, for "did you mean".
    pub unused: Vec<usize>,
    /// Catalog look-ups made: a constant number per word (the reader's work bound).
    pub lookups: usize,
    /// The first word of the last card named (`a100`), for a sibling said by its memory
    /// alone (`a100 40g vs 80g`).
    card_word: Option<String>,
    /// A training method or DoRA named (`DPO on …`, `GRPO 训练`): `/fit`'s `method=`/`dora=on`.
    pub named: super::method_named::Named,
}

/// Words after a number that make it a duration, an amount or a volume, never a card.
const UNIT_AFTER: &[&str] = &[
    "分钟",
    "小时",
    "个小时",
    "个月",
    "秒",
    "天",
    "周",
    "min",
    "mins",
    "minute",
    "minutes",
    "hour",
    "hours",
    "hr",
    "hrs",
    "h",
    "day",
    "days",
    "week",
    "weeks",
    "month",
    "months",
    "块",
    "元",
    "刀",
    "美元",
    "dollars",
    "bucks",
    "usd",
    "cny",
    "tok",
    "万",
    "千",
    "亿",
    "million",
    "billion",
    "thousand",
    "b",
    "gb",
    "g",
    "k",
];

/// A number whose next word is a unit (`40` `minute`, `2` `小时多少钱`): never part of a
/// card's name. An English unit is a whole word (`handle` is not `h`).
fn number_with_unit(toks: &[String], k: usize) -> bool {
    is_number(&toks[k])
        && toks.get(k + 1).is_some_and(|n| {
            // `4090天天抢不到`: a unit said twice is "every day", no unit of the number.
            !super::span::doubled_unit(n)
                && UNIT_AFTER.iter().any(|u| {
                    if u.is_ascii() {
                        n == u
                    } else {
                        n.starts_with(u)
                    }
                })
        })
}

/// A card by name, forgiving what people add: a plural (`3090s`), `40g` for `40gb`. A bare
/// number is a card only when it is a whole model number of four digits.
fn find_gpu<'c>(catalog: &'c Catalog, name: &str, lookups: &mut usize) -> Option<&'c Gpu> {
    if is_number(name) && name.len() != 4 {
        return None;
    }
    *lookups += 1;
    catalog
        .find_gpu(name)
        .or_else(|| {
            name.strip_suffix('s')
                .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
                .and_then(|n| catalog.find_gpu(n))
        })
        .or_else(|| {
            name.strip_suffix('g')
                .filter(|n| n.ends_with(|c: char| c.is_ascii_digit()))
                .and_then(|n| catalog.find_gpu(&format!("{n}gb")))
        })
}

/// Cards at `i`: `2x4090`, `4090x2` and names of two or three words (`h100 sxm`, `a100 80g`).
/// Returns the words used.
fn card_at(catalog: &Catalog, toks: &[String], i: usize, e: &mut Entities) -> Option<usize> {
    for n in (1..=3).rev() {
        if i + n > toks.len() || !toks[i..i + n].iter().all(|w| w.is_ascii()) {
            continue;
        }
        // An article or a number with a unit is never part of a card's name.
        if matches!(toks[i].as_str(), "a" | "an" | "the" | "for" | "is")
            || (i..i + n).any(|k| number_with_unit(toks, k))
        {
            continue;
        }
        let phrase = toks[i..i + n].join(" ");
        // A count glued to one word (`2x4090`); a phrase is a name alone, so a number after a
        // card (`4090 2小时`) is never read as its count.
        let (name, count) = if n == 1 {
            lexicon::cards_and_name(&phrase)
        } else {
            (phrase.clone(), 1)
        };
        if name.len() < 2 {
            continue;
        }
        let Some(g) = find_gpu(catalog, &name, &mut e.lookups) else {
            continue;
        };
        let (g, n) =
            match super::laptop_card::laptop_card(catalog, toks, (i, n), &name, &mut e.lookups) {
                Some((l, more)) if !g.is_laptop() => (l, n + more),
                // A laptop word beside a card with no laptop entry (`3060笔记本`): a card the
                // catalog lacks, never the desktop card answered in its place.
                None if !g.is_laptop() && lexicon::laptop_said_at(toks, i, i + n) => continue,
                _ => (g, n),
            };
        // `a6000 ada`, `4090 super`: a qualifier after the name makes it another card; read
        // after a laptop word made it the laptop card (`laptop with a 3080 16gb`: its memory).
        if toks
            .get(i + n)
            .is_some_and(|next| super::card_qualifier::changes_card(catalog, g, next))
        {
            continue;
        }
        let said = if count == 1 {
            count_before(toks, i).or_else(|| count_after(toks, i + n))
        } else {
            Some(count)
        };
        match e.gpus.iter_mut().find(|c| c.gpu == g.id) {
            None => e.gpus.push(Cards {
                gpu: g.id.clone(),
                count: said.unwrap_or(1),
            }),
            // The same card named again with a count (`4090不够，两张4090能跑…吗`, `one 4090 is
            // too small, can two 4090s…`): the later count is the one asked about.
            Some(c) if said.is_some() => c.count = said.unwrap_or(1),
            Some(_) => {}
        }
        // The card's name as said, its memory and form left out (`4060 ti 8gb` → `4060 ti`):
        // a sibling said by its memory alone after it (`vs 16gb`) names the same card with
        // that memory.
        let words: Vec<&str> = toks[i..i + n]
            .iter()
            .map(String::as_str)
            .filter(|w| !memory_word(w) && !FORMS.contains(w))
            .collect();
        e.card_word = Some(if words.is_empty() {
            toks[i].clone()
        } else {
            words.join(" ")
        });
        return Some(n);
    }
    None
}

/// A memory size alone after a card (`a100 40g vs 80g`, `v100 16g还是32g`): the same card
/// with that memory, when the catalog has it.
/// A card's form said as one word (`sxm`, `pcie`, `nvl`).
const FORMS: &[&str] = &["sxm", "pcie", "nvl"];

/// A memory size written as one word (`16g`, `80gb`).
fn memory_word(t: &str) -> bool {
    let digits = t.trim_end_matches("gb").trim_end_matches('g');
    digits.len() != t.len() && is_number(digits)
}

fn sibling_card(catalog: &Catalog, toks: &[String], i: usize, e: &mut Entities) -> Option<usize> {
    let t = &toks[i];
    // Or its form alone (`h100 pcie vs sxm`).
    let form = FORMS.contains(&t.as_str());
    if !form && !memory_word(t) {
        return None;
    }
    // `cheaper than an a100 but with at least 40g`: a floor of memory asked, no A100 40G.
    let before = toks[..i].join(" ");
    if !form
        && crate::lexicon::FLOOR_BEFORE
            .iter()
            .any(|w| before.ends_with(w))
    {
        return None;
    }
    let family = e.card_word.clone()?;
    // A form alone keeps the memory of the card just said (`a100 40g pcie vs sxm`: the 40G
    // SXM, not the family's default 80G), where the catalog has that pair.
    let said_memory = form
        .then(|| e.gpus.last())
        .flatten()
        .and_then(|c| catalog.gpu(&c.gpu).ok())
        .map(|g| format!("{} {}g {t}", family, g.vram_gb.round()));
    let g = said_memory
        .and_then(|name| find_gpu(catalog, &name, &mut e.lookups))
        .filter(|g| e.gpus.last().is_none_or(|c| c.gpu != g.id))
        .or_else(|| find_gpu(catalog, &format!("{family} {t}"), &mut e.lookups))?;
    if !e.gpus.iter().any(|c| c.gpu == g.id) {
        e.gpus.push(Cards {
            gpu: g.id.clone(),
            count: 1,
        });
    }
    Some(1)
}

/// A catalog model at `i` (`qwen2.5-32b-awq`, `deepseek r1 32b`); returns the words used.
fn model_at(catalog: &Catalog, toks: &[String], i: usize, e: &mut Entities) -> Option<usize> {
    let t = &toks[i];
    // A name written in words (`kimi k2`, `deepseek r1 distill llama 70b`, `gptoss 20b`): the
    // longest run of ASCII words that is a catalog id or alias with dashes, at most five words.
    let mut found = None;
    for n in (2..=5).rev() {
        let Some(run) = toks.get(i..i + n) else {
            continue;
        };
        if !run.iter().all(|w| w.is_ascii() && !w.is_empty()) {
            continue;
        }
        e.lookups += 1;
        let id = run.join("-");
        // Its id, or one of its own names written with spaces for dashes (`chatglm4 9b`); a
        // family word first (`mistral small 24b`) is the family's to read, which asks back
        // when several models answer to those words.
        let family_first = FAMILIES.iter().any(|(f, _)| run[0] == *f);
        if let Some(m) = (catalog
            .find_model(&id)
            .filter(|m| m.id == id || (!family_first && m.aliases.contains(&id))))
        .or_else(|| super::glued_family::model(catalog, run))
        {
            found = Some((m, n));
            break;
        }
    }
    let (mut m, mut used) = match found {
        Some(f) => f,
        None => {
            e.lookups += 1;
            // `qwen2.5-72b-int4`: the name without the quantization written after it.
            let stem = lexicon::checkpoint_quant(t).map(|(stem, ..)| stem);
            let bare = match (&stem, t.rsplit_once('-')) {
                (Some(stem), _) => stem.as_str(),
                (None, Some((name, q))) if q.parse::<Quant>().is_ok() => name,
                _ => t.as_str(),
            };
            // The name before a checkpoint's quantization first (`mistral-7b-instruct-v0.3`
            // of `…-v0.3-bnb-4bit`): the whole token found only by its family and size
            // would be another version.
            let by_stem = stem.as_deref().and_then(|s| catalog.model_by_name(s));
            (
                by_stem
                    .or_else(|| catalog.find_model(t))
                    .or_else(|| catalog.find_model(bare))?,
                1,
            )
        }
    };
    // `deepseek r1 32b`: a size after the name that the model does not have names a sibling
    // (the 32B distill), or contradicts the name; `deepseek r1 distill 32b` names it too.
    let distill = toks.get(i + used).is_some_and(|w| w == "distill");
    if let Some(size) = toks.get(i + used + usize::from(distill))
        && let Some(Ok(b)) = lexicon::params_b(size)
        && (distill || (b - m.params_b).abs() > 0.2 * m.params_b)
    {
        used += usize::from(distill);
        e.lookups += 3;
        let sibling = [
            format!("{}-{size}", m.id),
            format!("{}-distill-qwen-{size}", m.id),
            format!("{}-distill-llama-{size}", m.id),
        ]
        .iter()
        .find_map(|c| catalog.find_model(c));
        match sibling {
            Some(s) => {
                m = s;
                used += 1;
            }
            None => e.conflict = true,
        }
    }
    e.models.push(m.id.clone());
    // `qwen2.5-32b-awq`: the quantization written into the name.
    if let Some(q) = quant_in_name(t) {
        e.quant = e.quant.or(Some(q));
        if !e.quants.contains(&q) {
            e.quants.push(q);
        }
    }
    Some(used)
}

/// The quantization written into a model's name: the checkpoint's ending as the lexicon reads
/// it (`…-bnb-4bit` is NF4, not a plain `4bit`), else any part after the first (`llama3-70b-int4`).
fn quant_in_name(t: &str) -> Option<Quant> {
    lexicon::quant_in_checkpoint_name(t)
        .or_else(|| t.split('-').skip(1).find_map(|p| p.parse::<Quant>().ok()))
}

/// Lower case without spaces, dashes, dots or underscores.
fn squash(s: &str) -> String {
    s.to_lowercase()
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '.' | '_'))
        .collect()
}

/// A word names a platform only when it is one of its names, written any way (`vast.ai`,
/// `VastAI`): the catalog's forgiving look-up would take `cloud` for CloudRift.
fn names_exactly(p: &crate::catalog::Platform, word: &str) -> bool {
    let w = squash(word);
    squash(&p.id) == w || p.said_names().any(|a| squash(a) == w)
}

/// A platform named by two of its names (`阿里云 pai dsw`, `华为云 modelarts`) is one platform,
/// never two to weigh.
fn once(platforms: &mut Vec<String>, id: &str) {
    if !platforms.iter().any(|p| p == id) {
        platforms.push(id.to_string());
    }
}

/// Platforms named in a Chinese run by their Chinese names (`恒源云`, `矩池云`), in the order
/// said (`矩池云和恒源云`: /compare keeps it), not the catalog's.
fn platforms_in_run(catalog: &Catalog, t: &str, e: &mut Entities) {
    let mut found: Vec<(usize, &str)> = catalog
        .platforms
        .iter()
        .filter_map(|p| {
            let at = p
                .said_names()
                .filter(|a| a.chars().any(is_han))
                .filter_map(|a| t.find(a.as_str()))
                .min()?;
            Some((at, p.id.as_str()))
        })
        .collect();
    found.sort_by_key(|(at, _)| *at);
    for (_, id) in found {
        if !e.platforms.iter().any(|p| p == id) {
            e.platforms.push(id.to_string());
        }
    }
}

/// `boot 3m`, `pull 5m`: the bill's own options, whose time is no job's length.
fn bill_option_times(toks: &[String], taken: &mut [bool]) {
    for k in 1..toks.len() {
        if [
            "boot",
            "pull",
            "idle",
            "闲置",
            "空转",
            "开机",
            "启动",
            "拉镜像",
        ]
        .contains(&toks[k - 1].as_str())
        {
            taken[k] = true;
        }
    }
}

/// Every entity in the words of one question.
pub(super) fn entities(catalog: &Catalog, toks: &[String]) -> Entities {
    let mut e = Entities::default();
    let mut taken = vec![false; toks.len()];
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        let ascii = t.is_ascii();
        // Card and model names are ASCII: a Chinese run is never looked up as one, which keeps
        // a question to a few look-ups per word.
        let used = if ascii {
            card_at(catalog, toks, i, &mut e)
                .or_else(|| sibling_card(catalog, toks, i, &mut e))
                .or_else(|| model_at(catalog, toks, i, &mut e))
                // An image or video model (`flux`, `sdxl`, `wan2.1`): sized by `/fit` as one;
                // its longest name first (`stable diffusion xl`; `flux schnell` is not FLUX.1-dev).
                .or_else(|| {
                    let (p, used) = super::diffusion_names::pipeline_at(toks, i)?;
                    e.models.push(p.id.clone());
                    Some(used)
                })
                .or_else(|| {
                    let (ids, used) = family_model(catalog, toks, i, &mut e.lookups)?;
                    e.models.push(ids[0].clone());
                    if ids.len() > 1 {
                        e.model_options = ids;
                    }
                    Some(used)
                })
        } else {
            family_model(catalog, toks, i, &mut e.lookups).map(|(ids, used)| {
                e.models.push(ids[0].clone());
                if ids.len() > 1 {
                    e.model_options = ids;
                }
                used
            })
        };
        if let Some(used) = used {
            // `llama3-70b-int4`: a quantization written into the name, however it was read.
            if ascii
                && !e.models.is_empty()
                && let Some(q) = quant_in_name(t)
                && !e.quants.contains(&q)
            {
                e.quant = e.quant.or(Some(q));
                e.quants.push(q);
            }
            taken[i..(i + used).min(toks.len())].fill(true);
            i += used;
            continue;
        }
        if ascii {
            e.lookups += 1;
            if let Some(p) = catalog.find_platform(t).filter(|p| names_exactly(p, t))
                && !crate::lexicon::ordinary_word_at(toks, i)
            {
                once(&mut e.platforms, &p.id);
                taken[i] = true;
                i += 1;
                continue;
            }
            // `auto dl`, `run pod`: a platform's name typed as two words.
            let letters = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_alphabetic());
            let joined = toks
                .get(i + 1)
                .filter(|n| letters(t) && letters(n))
                .map(|n| format!("{t}{n}"));
            if let Some(joined) = &joined
                && let Some(p) = catalog
                    .find_platform(joined)
                    .filter(|p| names_exactly(p, joined))
            {
                e.lookups += 1;
                once(&mut e.platforms, &p.id);
                taken[i..i + 2].fill(true);
                i += 2;
                continue;
            }
            // `autodl4090`: a platform and a card written without a space.
            if let Some(at) = t
                .char_indices()
                .find(|(k, c)| *k > 0 && c.is_ascii_digit())
                .map(|(k, _)| k)
                && let Some(p) = catalog.find_platform(&t[..at])
                && let Some(g) = find_gpu(catalog, &t[at..], &mut e.lookups)
            {
                once(&mut e.platforms, &p.id);
                e.gpus.push(Cards {
                    gpu: g.id.clone(),
                    count: 1,
                });
                taken[i] = true;
                i += 1;
                continue;
            }
            words_of(toks, i, &mut e, &mut taken);
        } else if is_han(t.chars().next().unwrap_or(' ')) {
            platforms_in_run(catalog, t, &mut e);
        }
        i += 1;
    }
    if let Some(people) = super::headcount::people_each(toks)
        && super::headcount::each_on_own(toks, people, !e.models.is_empty())
    {
        e.gpus.iter_mut().for_each(|c| c.count *= people);
    }
    (e.tasks, e.named) = super::method_named::tasks_named(toks);
    e.task = e.tasks.first().copied();
    bill_option_times(toks, &mut taken);
    // `每周用20小时`, `100 hours monthly`: regular use, before `monthly` reads as always on.
    e.usage = super::period::per_period(toks, &taken).or_else(|| find_usage(toks, &taken));
    e.unused = (0..toks.len()).filter(|k| !taken[*k]).collect();
    e.volume = find_volume(toks);
    let pipeline = super::diffusion_names::pipeline_as_said(toks, &mut e.models, &mut e.sizes);
    let padded = format!(" {} ", toks.join(" "));
    e.batch = find_batch(toks)
        .or_else(|| super::serving::users(toks))
        .or_else(|| super::image_batch::images_at_once(toks, &padded, pipeline));
    e
}

impl Entities {
    /// The models a family and size name when there are several (`llama 70b`: four Llama
    /// generations; `qwen 32b`: Qwen2.5 and Qwen3), decided once here where the candidates are
    /// found: every reading that needs a model (`/fit`, `/tco`, `/trend … for`, `/pick`'s model
    /// fact) asks them back or keeps none, never the first taken.
    pub(super) fn models_asked(&self) -> Option<&[String]> {
        (self.model_options.len() > 1 && self.models.len() == 1)
            .then_some(self.model_options.as_slice())
    }

    /// `/fit`'s `key=value` options the question says, in the order its line writes them.
    pub(super) fn fit_options(&self) -> Vec<(String, String)> {
        let mut o = Vec::new();
        if let Some(c) = &self.context {
            o.push(("ctx".to_string(), c.to_lowercase()));
        }
        if let Some(b) = self.batch {
            o.push(("batch".to_string(), b.to_string()));
        }
        if let Some(m) = self.named.method {
            o.push(("method".to_string(), m.to_string()));
        }
        if self.named.dora {
            o.push(("dora".to_string(), "on".to_string()));
        }
        o
    }
}

/// `batch 8`, `batch size 8`, `bs=4`, `batch=16`, `并发16`, `16并发`: the batch a `/fit` reads.
fn find_batch(toks: &[String]) -> Option<u32> {
    let n = |t: &str| {
        t.parse::<u32>()
            .ok()
            .filter(|n| (1..=crate::vram::MAX_BATCH).contains(n))
    };
    let word = |t: &str| matches!(t, "batch" | "bs" | "batchsize" | "batch_size");
    for (k, t) in toks.iter().enumerate() {
        if let Some((key, v)) = t.split_once('=')
            && word(key)
        {
            return n(v);
        }
        let next = |j: usize| toks.get(k + j).map(String::as_str).unwrap_or("");
        if word(t) {
            if let Some(b) = n(next(1)) {
                return Some(b);
            }
            if next(1) == "size" {
                return n(next(2)).or_else(|| (next(2) == "of").then(|| n(next(3))).flatten());
            }
            // `a batch of 4`.
            if next(1) == "of" {
                return n(next(2));
            }
        }
        if t.ends_with("并发")
            && let Some(b) = n(next(1))
        {
            return Some(b);
        }
        if let Some(b) = n(t)
            && (next(1).starts_with("并发")
                || next(1).starts_with("个并发")
                || next(1).starts_with("路并发"))
        {
            return Some(b);
        }
    }
    None
}

/// Plain words at `i`: a quantization, a bare model size, a context window.
fn words_of(toks: &[String], i: usize, e: &mut Entities, taken: &mut [bool]) {
    let t = &toks[i];
    if let Ok(q) = t.parse::<Quant>() {
        e.quant = e.quant.or(Some(q));
        if !e.quants.contains(&q) {
            e.quants.push(q);
        }
        taken[i] = true;
        return;
    }
    // `72b`, `70B`: a model by its size (never a card, never a duration).
    if t.ends_with('b')
        && !t.ends_with("gb")
        && t.chars().next().is_some_and(|c| c.is_ascii_digit())
        && let Some(Ok(_)) = lexicon::params_b(t)
    {
        e.sizes.push(t.clone());
        taken[i] = true;
        return;
    }
    if e.context.is_none()
        && (t.ends_with('k')
            || t.ends_with('万')
            || (t.ends_with('m') && super::window_said::window_beside(toks, i)))
        && t.chars().next().is_some_and(|c| c.is_ascii_digit())
        && !toks.get(i + 1).is_some_and(|n| n.starts_with("tok"))
        // `100k samples`, `20k条样本`: a data set's size, no window.
        && !toks.get(i + 1).is_some_and(|n| lexicon::data_set_word(n))
        && let Some(n) = lexicon::context_tokens(t)
        && n >= 1024
    {
        e.context = Some(t.clone());
    } else if let Some(w) = super::window_said::wan_window(toks, i).filter(|_| e.context.is_none())
    {
        e.context = Some(w);
    }
}
