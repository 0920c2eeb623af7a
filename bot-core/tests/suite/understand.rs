//! Plain questions, in Chinese, English and both, read as the command a person would expect.
//! Two corpora: `questions_hand.tsv`, written by hand the way people type (typos, full-width
//! characters, no spaces, mixed languages), which carries the accuracy goal; and
//! `questions_generated.tsv` (templates × catalog names, from gen_questions.py), a wider net.
//! A question the layer cannot read may be asked back or answered with examples; it must
//! never be answered with a wrong command.

use bot_core::Catalog;
use bot_core::commands::Request;
use bot_core::understand::{Reading, read};

struct Score {
    total: usize,
    right: usize,
    wrong: Vec<String>,
    zh: usize,
}

fn score(catalog: &Catalog, name: &str, corpus: &str) -> Score {
    let (mut right, mut asked, mut unknown, mut zh) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    let mut total = 0;
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (question, expected) = line.split_once('\t').expect("question<TAB>command");
        total += 1;
        if question
            .chars()
            .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
        {
            zh += 1;
        }
        // `ask:/cmd`: a misspelt or ambiguous name, where asking back with this command among
        // the choices is the right answer.
        let (expected, ask_ok) = match expected.strip_prefix("ask:") {
            Some(e) => (e, true),
            None => (expected, false),
        };
        let reading = read(catalog, question);
        let lines = reading.lines();
        match reading {
            Reading::Command(_) if lines[0] == expected => right += 1,
            Reading::Ask(_) if ask_ok && lines.iter().any(|o| o == expected) => right += 1,
            Reading::Command(_) => {
                wrong.push(format!("{question} → {} (expected {expected})", lines[0]))
            }
            Reading::Ask(_) => {
                let options = lines;
                asked += 1;
                println!("asked back: {question} → {options:?} (expected {expected})");
            }
            Reading::Unknown => {
                unknown += 1;
                println!("not read: {question} (expected {expected})");
            }
        }
    }
    println!(
        "{name}: {total} questions ({zh} with Chinese): {right} right ({:.1}%), {asked} asked back, {unknown} not read, {} wrong",
        right as f64 * 100.0 / total as f64,
        wrong.len()
    );
    Score {
        total,
        right,
        wrong,
        zh,
    }
}

#[test]
fn questions_people_type_become_the_commands_they_mean() {
    let catalog = Catalog::embedded().unwrap();
    let hand = score(
        &catalog,
        "hand-written",
        include_str!("../data/questions_hand.tsv"),
    );
    let generated = score(
        &catalog,
        "generated",
        include_str!("../data/questions_generated.tsv"),
    );
    assert!(hand.total >= 150, "the corpus has {} questions", hand.total);
    // Half Chinese (mixed lines count as Chinese), half English.
    assert!(
        hand.zh * 10 >= hand.total * 4 && hand.zh * 10 <= hand.total * 6,
        "{} of {} lines have Chinese",
        hand.zh,
        hand.total
    );
    let voices = score(
        &catalog,
        "voices (round two)",
        include_str!("../data/questions_voices.tsv"),
    );
    assert!(
        voices.total >= 150,
        "the corpus has {} questions",
        voices.total
    );
    let wrong: Vec<String> = hand
        .wrong
        .iter()
        .chain(&generated.wrong)
        .chain(&voices.wrong)
        .cloned()
        .collect();
    assert!(
        wrong.is_empty(),
        "answered with a wrong command:\n{}",
        wrong.join("\n")
    );
    let accuracy = hand.right as f64 / hand.total as f64;
    assert!(accuracy >= 0.95, "accuracy {:.1}%", accuracy * 100.0);
    let accuracy = voices.right as f64 / voices.total as f64;
    assert!(accuracy >= 0.95, "voices accuracy {:.1}%", accuracy * 100.0);
    let accuracy = generated.right as f64 / generated.total as f64;
    assert!(
        accuracy >= 0.95,
        "generated accuracy {:.1}%",
        accuracy * 100.0
    );
}

#[test]
fn two_readings_are_asked_back_and_nonsense_is_not_guessed() {
    let catalog = Catalog::embedded().unwrap();
    assert!(matches!(
        read(&catalog, "qwen2.5-7b 在 4090 还是 3090 上跑"),
        Reading::Ask(options) if options.len() == 2
    ));
    assert_eq!(read(&catalog, "今天天气怎么样"), Reading::Unknown);
    // A specs question names a platform too: still the card's specs, not a job's cost.
    assert_eq!(
        read(&catalog, "autodl 上的 4090 显存多大").lines(),
        ["/gpu rtx-4090"]
    );
    assert_eq!(
        read(&catalog, "autodl 4090 多少钱").lines(),
        ["/cost autodl rtx-4090 1h"]
    );
    // A greeting alone is answered with what the bot can do; small talk is not guessed.
    assert_eq!(
        read(&catalog, "hello there"),
        Reading::Command(Request::Help)
    );
    assert_eq!(read(&catalog, "how are you doing today"), Reading::Unknown);
}

/// Every command the corpus expects is one the bot answers without an error, so a reading
/// that matches the corpus is also a line that works when typed.
#[test]
fn every_expected_command_is_answered_without_an_error() {
    use bot_core::store::{Store, db_path};
    use bot_core::{Bot, ChatRef, Input};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let mut bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.today = bot_core::catalog::parse_date("2026-11-30");
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some("en".into()),
        thread: None,
    };
    let mut seen = std::collections::BTreeSet::new();
    let mut failed = Vec::new();
    for line in include_str!("../data/questions_hand.tsv")
        .lines()
        .chain(include_str!("../data/questions_fresh7.tsv").lines())
        .chain(include_str!("../data/questions_fresh8.tsv").lines())
        .chain(include_str!("../data/questions_fresh9.tsv").lines())
        .chain(include_str!("../data/questions_fresh10.tsv").lines())
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let (_, expected) = line.split_once('\t').unwrap();
        let expected = expected.strip_prefix("ask:").unwrap_or(expected);
        // A `/tco` reading without its card is answered by asking for the parts it lacks
        // (`rent_vs_api_without_a_card_asks_only_for_what_is_missing`); typed, it is usage.
        let words: Vec<&str> = expected.split(' ').collect();
        let partial_tco = words[0] == "/tco"
            && words
                .get(3)
                .is_none_or(|w| bot.catalog.find_gpu(w).is_none());
        if !seen.insert(expected) || expected == "/pick" || partial_tco {
            continue;
        }
        let answer = bot.handle(&who, Input::Text(expected.into()));
        for r in &answer.replies {
            for part in &r.parts {
                if let bot_core::reply::Part::Text(m) = part
                    && (m.id.starts_with("error-") || m.id.contains("-error"))
                    // "No list price there" is the catalog's honest answer, not a bad line.
                    && m.id != "billing-error-no-price"
                {
                    failed.push(format!("{expected} answers {}", m.id));
                }
            }
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

/// A question set with only the expected command's name (`/fit`, `/stock|/offers` for either):
/// the share whose reading names one of them (asked back counts when a choice does).
fn share_by_name(catalog: &Catalog, name: &str, corpus: &str) -> (usize, usize) {
    let (mut total, mut right) = (0, 0);
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((question, expected)) = line.split_once('\t') else {
            continue;
        };
        total += 1;
        let lines = read(catalog, question).lines();
        let ok = expected.split('|').any(|want| {
            lines
                .iter()
                .any(|l| l.split_whitespace().next() == Some(want.trim()))
        });
        if ok {
            right += 1;
        } else {
            println!("{name}: {question} → {lines:?} (expected {expected})");
        }
    }
    println!(
        "{name}: {right} of {total} read as the right command ({:.1}%)",
        right as f64 * 100.0 / total.max(1) as f64
    );
    (total, right)
}

/// The held-out questions in `../shared/reference/questions-examples.tsv`, written apart from
/// the code: measured, and held to the goal. Skipped, with the reason, where absent.
#[test]
fn held_out_examples_are_read_as_the_right_command() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let found = ["../../shared", "../../../shared"]
        .iter()
        .map(|up| format!("{dir}/{up}/reference/questions-examples.tsv"))
        .find_map(|p| std::fs::read_to_string(p).ok());
    let Some(corpus) = found else {
        println!("skipped: ../shared/reference/questions-examples.tsv is not in this checkout");
        return;
    };
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_name(&catalog, "examples", &corpus);
    assert!(total >= 50, "{total} examples");
    assert!(right * 100 >= total * 95, "{right} of {total}");
}

/// A fresh batch written after the code was tuned on the others, before anything was fixed
/// against it (see its header for the share it had then).
#[test]
fn a_fresh_batch_is_read_as_the_right_command() {
    let catalog = Catalog::embedded().unwrap();
    let (total, right) = share_by_name(
        &catalog,
        "fresh",
        include_str!("../data/questions_fresh.tsv"),
    );
    assert!(total >= 50, "{total} questions");
    assert!(right * 100 >= total * 95, "{right} of {total}");
    let (total, right) = share_by_name(
        &catalog,
        "fresh2",
        include_str!("../data/questions_fresh2.tsv"),
    );
    assert!(total >= 40, "{total} questions");
    assert!(right * 100 >= total * 95, "{right} of {total}");
}

/// A question set with whole expected first lines (`ask:/line` where asking back, with that
/// line among the choices, is right): the share read exactly so.
pub(super) fn share_by_line(name: &str, corpus: &str) -> (usize, usize) {
    let (mut total, mut right) = (0, 0);
    for line in corpus
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let Some((question, expected)) = line.split_once('\t') else {
            continue;
        };
        total += 1;
        let (expected, ask_ok) = match expected.strip_prefix("ask:") {
            Some(e) => (e, true),
            None => (expected, false),
        };
        let reading = super::readings::embedded(question);
        let lines = reading.lines();
        let ok = match reading {
            Reading::Command(_) => !ask_ok && lines[0] == expected,
            Reading::Ask(_) => ask_ok && lines.iter().any(|l| l == expected),
            Reading::Unknown => false,
        };
        if ok {
            right += 1;
        } else {
            println!("{name}: {question} → {lines:?} (expected {expected})");
        }
    }
    println!(
        "{name}: {right} of {total} read as the expected first line ({:.1}%)",
        right as f64 * 100.0 / total.max(1) as f64
    );
    (total, right)
}

/// Round three's batches, whole first lines (the expected echo line, not only the command):
/// - `questions_fresh3.tsv` (84), written before this round's changes: untuned 69/84
///   (82.1%; 84.5% by command name), after the mechanisms it showed were fixed 84/84;
/// - `questions_fresh4.tsv` (43), written after those fixes: untuned 41/43 (95.3%; 100% by
///   command name), after 43/43.
///
/// Round four's batches:
/// - `questions_fresh5.tsv` (89, every intent of issue 26), written before this round's
///   changes: untuned 65/89 (73.0%; 79.8% by command name), after the mechanisms it showed
///   were fixed 89/89;
/// - `questions_fresh6.tsv` (47), written after those fixes: untuned 43/47 (91.5%, whole line
///   and command name), after 47/47.
///
/// Round five's batches:
/// - `questions_fresh7.tsv` (172, every intent of issue 26 in new voices), written before this
///   round's changes: untuned 156/172 (90.7%; 93.6% by command name), after the mechanisms
///   it showed were fixed 172/172;
/// - `questions_fresh8.tsv` (73, other voices: Cantonese, Taiwanese, voice input, emoji,
///   Reddit, @bot), written after those fixes: untuned 62/73 (84.9%; 86.3% by command name),
///   after the mechanisms it showed were fixed 73/73;
/// - `questions_fresh9.tsv` (62, yet other voices), written after fresh8's fixes: untuned 57/62
///   (91.9%, whole line and command name), after 62/62;
/// - `questions_fresh10.tsv` (66, Korean/Indian/Russian-flavoured English, WeChat fragments,
///   long posts, platform typos, numbers in words), written before this last round's changes:
///   untuned 54/66 (81.8%, with its three platform typos labelled asked back as the policy
///   says, 55/66 with a card the catalog lacks relabelled too; 51/66 as first written), after
///   the mechanisms it showed were fixed 66/66.
///   Helper und_bm relabelled its three platform slips (`autdl`, `runpad`, `lamda`) from ask: to
///   the line, now read as meant (one candidate, corpus49's header).
///
/// The shared held-out examples: 59/60 by command name before round four, 60/60 after.
#[test]
fn fresh_batches_with_whole_lines() {
    for (name, corpus, at_least) in [
        ("fresh3", include_str!("../data/questions_fresh3.tsv"), 80),
        ("fresh4", include_str!("../data/questions_fresh4.tsv"), 40),
        ("fresh5", include_str!("../data/questions_fresh5.tsv"), 80),
        ("fresh6", include_str!("../data/questions_fresh6.tsv"), 40),
        ("fresh7", include_str!("../data/questions_fresh7.tsv"), 150),
        ("fresh8", include_str!("../data/questions_fresh8.tsv"), 60),
        ("fresh9", include_str!("../data/questions_fresh9.tsv"), 60),
        ("fresh10", include_str!("../data/questions_fresh10.tsv"), 60),
    ] {
        let (total, right) = share_by_line(name, corpus);
        assert!(total >= at_least, "{name}: {total} questions");
        assert!(right * 100 >= total * 95, "{name}: {right} of {total}");
    }
}

/// Session six's batches, whole first lines:
/// - `questions_fresh11.tsv` (172, every intent in new voices), written before this session's
///   changes: untuned 160/172 (93.0%), after the mechanisms it showed were fixed 172/172;
/// - `questions_fresh12.tsv` (111, other voices), written after those fixes: untuned 103/111
///   (92.8%; 96.4% by command name), after the mechanisms it showed were fixed 111/111;
/// - `questions_fresh13.tsv` (68), written after fresh12's fixes: untuned 65/68 (95.6%; 66/68,
///   97.1%, with one over-strict expectation relabelled), after 68/68.
#[test]
fn fresh11_share() {
    let (total, right) = share_by_line("fresh11", include_str!("../data/questions_fresh11.tsv"));
    assert!(total >= 150, "fresh11: {total} questions");
    assert!(right * 100 >= total * 95, "fresh11: {right} of {total}");
    let (total, right) = share_by_line("fresh12", include_str!("../data/questions_fresh12.tsv"));
    assert!(total >= 100, "fresh12: {total} questions");
    assert!(right * 100 >= total * 95, "fresh12: {right} of {total}");
    let (total, right) = share_by_line("fresh13", include_str!("../data/questions_fresh13.tsv"));
    assert!(total >= 60, "fresh13: {total} questions");
    assert!(right * 100 >= total * 95, "fresh13: {right} of {total}");
}

/// The misses of `questions_fresh11.tsv` as mechanisms (`understand/cues.rs`, number words,
/// halves, spot), on cases of my own, none of them in a measured batch.
#[test]
fn fresh11_mechanisms_on_cases_of_their_own() {
    let cases = "\
# alert verbs and nouns apart; every/清空 is all
请把我的订阅全部删掉\t/unsubscribe all
cancel every notification\t/unsubscribe all
看一下我现在有几个提醒\t/subs
what notifications do i have\t/subs
# what the bot can do, as 会/能/可以 … 干嘛/做啥
你都能帮我干点啥\t/help
这机器人可以做啥\t/help
what can you help me with\t/help
# where to rent, no card named: guidance
想跑stable diffusion 去哪儿租卡合适\t/pick
where is a good place to rent gpus for a student project\t/pick
# number words before counters and money
h100 four gpus 5 hours cheapest\t/compare h100-sxm 5h cards=4
fifty cents per hour, how much per day\t/convert 0.5usd/hour to day
# a half with no numeral
4090 跑个半小时 autodl 多少钱\t/cost autodl rtx-4090 30m
# a judged price is no trend; people asked are no stock
h100太贵了 哪家最便宜\t/compare h100-sxm 1h
有人知道autodl的4090现在啥价吗\t/cost autodl rtx-4090 1h
有没有人知道 4090 哪家便宜\t/compare rtx-4090 1h
有没有大佬知道h100哪里有货\t/stock h100-sxm
# of several platforms, the one asked about
以前用过恒源云，现在想试试矩池云，矩池云怎么计费的\t/platform matpool
runpod is fine but does vast take paypal?\t/platform vast
# cards with nothing else asked: side by side
a100 h100 l40s\t/gpu a100-80g-sxm h100-sxm l40s
3090还是4090 纠结\t/gpu rtx-3090 rtx-4090
# unquantized: the published format
llama 3.1 8b unquantized on a 3090\t/fit llama-3.1-8b bf16 rtx-3090
deepseek-v3 不量化 要几张h200\t/fit deepseek-v3 fp8 h200-sxm
# months of price history are 30 days each; half a year
a100 近半年价格走势\t/trend a100-80g-sxm days=180
4090 past two months price trend\t/trend rtx-4090 days=60
# spot asked
runpod 4090 spot price?\t/cost runpod rtx-4090 1h spot
vast 竞价 3090 跑5小时多少钱\t/cost vast rtx-3090 5h spot
cheapest spot h100\t/compare h100-sxm 1h spot
# always on in the words /cost reads; a recent window said with its length
我们实验室想长期租两张4090 哪家便宜\t/compare rtx-4090 always cards=2
autodl 4090 全天开着 多少钱\t/cost autodl rtx-4090 always
h100 价格 last 30 days\t/trend h100-sxm
3090 过去两周的价格\t/trend rtx-3090 days=14
近3天a100价格\t/trend a100-80g-sxm days=3
# `per hour` is a price's unit when a span with its number is said too
how much per hour for 4090 on runpod\t/cost runpod rtx-4090 1h
hello, which one has the best hourly price for an h100 sxm? we would run roughly 200 hours\t/compare h100-sxm 8d8h
# a condition on stock or price, then `tell me`; a fit asked with `tell me if` stays a fit
when 4090 cheaper than 0.3 dollar tell me\t/subscribe rtx-4090 max=0.3usd/hour
if h100 is available on lambda let me know\t/subscribe h100-sxm lambda
tell me if a 4090 can run qwen2.5-7b\t/fit qwen2.5-7b rtx-4090
# counts: 俩, 个/台 before a card, a pair of
俩3090能跑qwen2.5 32b吗\t/fit qwen2.5-32b 2xrtx-3090
两台a100 跑qwen2.5 72b\t/fit qwen2.5-72b 2xa100-80g-sxm
a pair of 3090s for llama 3.1 70b int4?\t/fit llama-3.1-70b int4 2xrtx-3090
跑个4090要多少钱\t/compare rtx-4090 1h
# minutes after hours without their unit
autodl 4090 2h30 多少钱\t/cost autodl rtx-4090 2h30m
autodl 4090 2小时30 多少钱\t/cost autodl rtx-4090 2h30m
# a volume per month or week is read per day
每月三亿token 自建qwen2.5-7b划算吗\t/tco qwen2.5-7b bf16 10m
一个月9000万token qwen3-8b 自己部署还是api\t/tco qwen3-8b bf16 3m
300m tokens per month, self host llama 3.1 8b or api?\t/tco llama-3.1-8b bf16 10m
# the whole model (满血, full version) is no full fine-tune
deepseek r1 full version how many h200\t/fit deepseek-r1 h200-sxm
满血版deepseek r1 要几张h20\t/fit deepseek-r1 h20
# `*` is a times sign only between a number and a name; elsewhere Markdown
**h100** price on *runpod*?\t/cost runpod h100-sxm 1h
4090*2 autodl 3小时多少钱\t/cost autodl rtx-4090 3h cards=2
8 * h100 runpod 1h\t/cost runpod h100-sxm 1h cards=8
# a year of price history is 365 days
5090 价格 一年来的走势\t/trend rtx-5090 days=365
# stock or a price reached, and a word to tell
a100 有货第一时间通知\t/subscribe a100-80g-sxm
4090降到1块5就通知我\t/subscribe rtx-4090 max=1.5cny/hour
# one platform weighed against the others on price is the ranking
# (session 7: hours a month are regular use, a month of the daily share, as fresh15 asks)
we currently use aws but it's expensive. is runpod cheaper for a100 for about 100 hours a month?\t/compare a100-80g-sxm daily 3h20m
my friend said vast is cheapest for 3090. is it true? need 10 hours\t/compare rtx-3090 10h
autodl 4090 三小时 贵不贵\t/cost autodl rtx-4090 3h
# a budget to spend on a card: its hourly prices ranked
预算5000块 租4090能用多久\t/compare rtx-4090 1h
I have budget $50, how many hours of h100 can i get\t/compare h100-sxm 1h
# fen said with 钱, cents with a unit on the word, a measure word before tokens
每分钟5分钱 一小时多少\t/convert 0.05cny/minute to hour
4090 5分钟多少钱\t/compare rtx-4090 5m
90 cents/hr, monthly?\t/convert 0.9usd/hour to month
每天处理一千万个token 用deepseek-r1-distill-qwen-14b 租卡和api哪个便宜\t/tco deepseek-r1-distill-qwen-14b bf16 10m
# a change of price told as news, then where it is cheapest: the ranking
家人们谁懂啊 4090又涨价了 现在哪家还有便宜的\t/compare rtx-4090 1h
h100 prices went up again, where is it cheapest now\t/compare h100-sxm 1h
4090 最近涨价了吗\t/trend rtx-4090
# fresh12's misses on cases of my own: users at once are the batch; an engine named
qwen2.5-7b 50 concurrent users on one l40s\t/fit qwen2.5-7b l40s batch=50
ollama 跑 qwen3-8b 3060够吗\t/fit qwen3-8b rtx-3060 engine=ollama
# a whole unit in words
runpod a100 an entire week cost\t/cost runpod a100-80g-sxm 7d
# a price and a length with a sum asked, no verb
¥1.5/小时 10个小时 一共多少\t/cost 1.5cny/hour 10h
# a wish to rent with nothing named; a need asked to exist
需要算力 不知道怎么弄\t/pick
any that take alipay?\t/platforms alipay
# the first ask of two; cards had beside the cards asked
qwen2.5-32b int4 一张4090够吗？顺便问下多少钱一小时\t/fit qwen2.5-32b int4 rtx-4090
我现在用的3090 想升级 a6000和l40s哪个好\t/gpu rtx-a6000 l40s
# English cue words misspelt by one letter; a year is a unit to convert to
whats the pirce of 4090 on runpod\t/cost runpod rtx-4090 1h
5090 in stcok?\t/stock rtx-5090
cheapst h200\t/compare h200-sxm 1h
modal 收费方式\t/platform modal
两块一小时 一年多少\t/convert 2cny/hour to year
";
    let (total, right) = share_by_line("fresh11 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}

/// Round four's mechanisms on cases of my own (not in any batch that is measured): each
/// question with its whole expected first line (`ask:` where asked back).
#[test]
fn round_four_mechanisms_on_cases_of_their_own() {
    let cases = "\
# traditional characters read as simplified
哪裡能租到h20\t/stock h20
5090顯存多大\t/gpu rtx-5090
兩張4090跑三個小時 autodl 多少錢\t/cost autodl rtx-4090 3h cards=2
# an amount said after its unit, jiao in words
一小时三块五 一个月多少\t/convert 3.5cny/hour to month
每小时两块五 一天多少钱\t/convert 2.5cny/hour to day
0.0005美元一秒 一天多少\t/convert 0.0005usd/second to day
# a daily volume or a price per million tokens is the rent-vs-API question
每天三千万token 4090部署qwen3-8b值不值\t/tco qwen3-8b bf16 rtx-4090 30m
api costs $0.2 per million for qwen2.5-14b, worth renting?\t/tco qwen2.5-14b bf16 0.2usd
# two platforms and no card: the cards both list
lambda和runpod哪个便宜 跑5小时\task:/compare h100-sxm lambda runpod 5h
runpod or vast, cheaper for 3 hours?\task:/compare a100-80g-sxm runpod vast 3h
# platforms weighed on price are not a specs question
vast vs runpod h100 which one is cheaper\t/compare h100-sxm vast runpod 1h
# a count after the card in English, a day or a weekend in words
runpod a100 4 gpus 3 hours cost\t/cost runpod a100-80g-sxm 3h cards=4
autodl 5090 all day how much\t/cost autodl rtx-5090 1d
cheapest 4090 over the weekend\t/compare rtx-4090 2d
# a sibling card said by its memory alone
v100 16g vs 32g\t/gpu v100-16g v100-32g
# a jiao in words right before the next numeral; 挑 for 选; a comparison verb
三块六一小时 一周多少\t/convert 3.6cny/hour to week
帮我挑张卡\t/pick
v100和a100比一比\t/gpu v100-16g a100-80g-sxm
a100比一下价格\t/compare a100-80g-sxm 1h
# a need with a platform list is the list; with a wish for guidance, /pick
有没有支持usdt的gpu平台\t/platforms crypto
不想实名 帮我推荐个平台\t/pick
";
    let (total, right) = share_by_line("round four", cases);
    assert_eq!(right, total, "{right} of {total}");
}

/// Round five's mechanisms (the misses of `questions_fresh7.tsv`) on cases of my own, none
/// of them in a measured batch: each question with its whole expected first line.
#[test]
fn round_five_mechanisms_on_cases_of_their_own() {
    let catalog = Catalog::embedded().unwrap();
    let cases = "\
# a family with a qualifier or without a version: every catalog model it names
gemma 27b 要多少显存\task:/fit gemma-3-27b
# an A100 without its memory: BF16 32B fits 80 GB, not 40 GB, so the size is asked (issue 26, fresh15 L)
qwen coder 32b on an a100\task:/fit qwen2.5-coder-32b a100-80g-sxm
qwen 7b 3090 能跑吗\t/fit qwen2.5-7b rtx-3090
# chat spellings (`distil`, `u`, `rn`) and traditional platform names
deepseek-r1 distil llama 8b 3060能跑吗\t/fit deepseek-r1-distill-llama-8b rtx-3060
wat can u do\t/help
anyone got a100s rn\t/stock a100-80g-sxm
騰訊雲 需要實名嗎\t/platform tencent-hai
藍耘 4090 一小時多少錢\t/cost lanyun rtx-4090 1h
幫我選張卡 我是學生\t/pick
# value words are price rankings; `have any` asks for stock
哪里的a800最实惠\t/compare a800-80g-sxm 1h
性价比最高的4090在哪\t/compare rtx-4090 1h
does vast have any h200\t/stock h200-sxm vast
# a year, a week said 星期, an adverb as the /convert target
$1.1/hr annually\t/convert 1.1usd/hour to year
每小时3块 一星期多少\t/convert 3cny/hour to week
$0.5 per hour, monthly?\t/convert 0.5usd/hour to month
# a large count per day without `token` is the daily volume
每天八百万 自建qwen2.5-14b 还是api\t/tco qwen2.5-14b bf16 8m
self host qwen3-32b, 20 million a day, worth it?\t/tco qwen3-32b bf16 20m
# a model with a wish to know where to rent it is guidance
想部署个qwen3-8b 不知道租哪家\t/pick
# the window of a price history, said as a span
5090最近三天价格\t/trend rtx-5090 days=3
a100 price over the past 2 weeks\t/trend a100-80g-sxm days=14
h100 价格行情\t/trend h100-sxm
# identity checks said without 实名
gpu clouds without id verification?\t/platforms no-real-name
哪些平台不需要身份证\t/platforms no-real-name
# `lemme know` is an alert; `有…吗` asks for stock unless the card is owned
lemme know when a b200 shows up on lambda\t/subscribe b200 lambda
lambda有h100没\t/stock h100-sxm lambda
我有一张4090 显存多大\t/gpu rtx-4090
# two cards weighed for a task without a model: side by side
5090 vs 4090 for llm inference which better\t/gpu rtx-5090 rtx-4090
a6000和a100哪个适合微调\t/gpu rtx-a6000 a100-80g-sxm
# jiao said as 毛
5毛钱一分钟 一小时多少\t/convert 0.5cny/minute to hour
# platforms weighed without a card or a price: each one's facts, asked back
autodl和恒源云哪个好\task:/platform gpushare
# every need a sentence says, in its order
国内哪些平台支持按秒计费\t/platforms cn per-second
# got cheaper lately is the price history
最近h100便宜了吗\t/trend h100-sxm
我想跑stable diffusion 用什么卡\t/pick
# a price said in other words; platforms set against each other on a price
租3090一天要几百块吗\t/compare rtx-3090 1d
lambda vs runpod h100 price\t/compare h100-sxm lambda runpod 1h
# a sibling card by its form alone
h100 pcie vs sxm 区别大吗\t/gpu h100-pcie h100-sxm
# one platform's facts in a student's words
autodl 学生认证有优惠吗\t/platform autodl
# 钟 for an hour; a daily span wins over how long it repeats
h100 一个半钟 runpod\t/cost runpod h100-sxm 1h30m
一周7天每天8小时 4090 哪家便宜\t/compare rtx-4090 daily 8h
# training from scratch is every weight trained
can i train a 1b model from scratch on a 4090\t/fit 1b full rtx-4090
# non-native English, slang and long questions
hi, i am PhD student, my professor ask me to fine tune llama 3.1 8b with lora but our lab have no gpu, which platform is cheap and good for me?\t/pick
Hello sir, how many money for rent A100 one day?\t/compare a100-80g-sxm 1d
兄弟 4090现在啥价\t/compare rtx-4090 1h
急！明天要交作业 哪里能马上租到4090\t/stock rtx-4090
# 差价 is a price difference asked, an hour's with no length (relabelled by und_bg, was /gpu)
求问 a100 40g 和 80g 差价多少\t/compare a100-40g-sxm a100-80g-sxm 1h
# a payment method not wanted: the platforms that take another (relabelled by und-u)
is there platform no need credit card\t/platforms no-card
# a terse /tco: a count with m is millions of tokens a day there
tco qwen2.5-7b 4090 10m\t/tco qwen2.5-7b bf16 rtx-4090 10m
# a price converted whatever it is the price of; yuan, jiao and fen
runpod 的 h100 2.69刀一小时 换算成人民币多少\t/convert 2.69usd/hour to hour cny
一块九毛八一小时 包月多少钱\t/convert 1.98cny/hour to month
# hours in a day are the day's use; all of them, always on
一天24小时跑4090 一个月多少钱\t/compare rtx-4090 always
# alerts said as 盯/提醒/set an alert; restocking is the stock rhythm
盯一下runpod的h200 低于3美元提醒\t/subscribe h200-sxm runpod max=3usd/hour
set an alert for a100 under 1.2 usd on vast\t/subscribe a100-80g-sxm vast max=1.2usd/hour
4090 什么时候补货\t/trend rtx-4090
a100 价格是不是在跌\t/trend a100-80g-sxm
# a batch and a pair of cards said in words
7b 模型 batch 8 推理 4090\t/fit 7b rtx-4090 batch=8
双卡3090 nvlink 跑 70b\t/fit 70b 2xrtx-3090
# which platforms have a card: its stock; two platforms' differences: each one's facts
which platforms have b200\t/stock b200
autodl 和 featurize 的区别\task:/platform featurize
# a quantization written into the model's name; counts with a times sign
qwen2.5-72b-int4 on 4090\t/fit qwen2.5-72b int4 rtx-4090
H100×8 能跑 deepseek-r1 吗\t/fit deepseek-r1 8xh100-sxm
# four A100s: 405B in 4-bit fits 4×80 GB, not 4×40 GB, so the size is asked (fresh15 L)
a100 *4 跑 llama-3.1-405b int4\task:/fit llama-3.1-405b int4 4xa100-80g-sxm
# an image model's two-word name
flux schnell 3060\t/fit flux.1-schnell rtx-3060
# Cantonese words read as Mandarin (fresh8's misses, on cases of my own)
边度有h20租\t/stock h20
a100 同 h100 有咩区别\t/gpu a100-80g-sxm h100-sxm
4090 边间最平\t/compare rtx-4090 1h
# monthly is a month's rent; 弄到 and 有没有 ask stock
l40s monthly price\t/compare l40s always
哪里能弄到b200\t/stock b200
有没有a800租\t/stock a800-80g-sxm
# 近 before a span is the recent past
近10天4090价格\t/trend rtx-4090 days=10
# guidance and help in other words
noob here, where to start with renting gpus\t/pick
你可以干嘛\t/help
# a model published in its own format is costed in it, as /fit's default
self host gpt-oss-120b or use an api, 10m tokens a day\t/tco gpt-oss-120b mxfp4 10m
# a week said 礼拜/星期, renting by the week or day, a night said 一宿: never the 1h default
要是用autodl的4090跑一个礼拜 大概多少\t/cost autodl rtx-4090 7d
3090 两个礼拜 多少钱\t/compare rtx-3090 14d
a100按周租哪里便宜\t/compare a100-80g-sxm 7d
跑一宿3090多少钱\t/compare rtx-3090 8h
# a market price asks the price; a currency symbol after its amount
老铁们 a100 现在市场价多少\t/compare a100-80g-sxm 1h
3090 at most 0.2$/h\t/stock rtx-3090 0.2usd/hour
# durations that were the 1h default or a wrong bill: ranges (the longer end), quarters and
# halves of an hour, English number words, a fortnight, a year, `min` glued, a day's use said after
4090 跑三四个小时 autodl\t/cost autodl rtx-4090 4h
autodl 4090 2-3小时多少钱\t/cost autodl rtx-4090 3h
a100 half an hour on runpod\t/cost runpod a100-80g-sxm 30m
autodl 4090 跑一刻钟\t/cost autodl rtx-4090 15m
4090 two and a half hours runpod\t/cost runpod rtx-4090 2h30m
4090 one hour and a half runpod\t/cost runpod rtx-4090 1h30m
4090 1h 30min runpod\t/cost runpod rtx-4090 1h30m
h100 for a fortnight cheapest\t/compare h100-sxm 14d
h100 一年多少钱\t/compare h100-sxm 12mo
runpod 4090 8 hours a day for a month\t/cost runpod rtx-4090 daily 8h
# fresh9's misses on cases of my own: 最省, 空闲/out of, 入坑/建议, 平台 with a need
a100 跑3小时 哪里最省钱\t/compare a100-80g-sxm 3h
现在有空闲的h100吗\t/stock h100-sxm
has runpod run out of 5090s\t/stock rtx-5090 runpod
新人入坑 租gpu有什么建议\t/pick
支持微信的国内平台\t/platforms wechat cn
# money: cents, 元/时, a little over an amount is no cap
4090 under 30 cents an hour available?\t/stock rtx-4090 0.3usd/hour
2.5元/时 一个月多少\t/convert 2.5cny/hour to month
4090 两块多一小时的有吗\t/stock rtx-4090
";
    let (total, right) = share_by_line("round five", cases);
    assert_eq!(right, total, "{right} of {total}");
    // `mistral small 24b` is three catalog models: all three are asked back, none guessed.
    match read(&catalog, "can a 4090 run mistral small 24b") {
        Reading::Ask(options) => assert_eq!(options.len(), 3, "{options:?}"),
        other => panic!("{:?}", other.lines()),
    }
    // `每天8小时` is a duration, never a volume: no rent-vs-API reading.
    assert_eq!(
        read(&catalog, "autodl 4090 每天8小时 一个月多少钱").lines()[0]
            .split(' ')
            .next(),
        Some("/cost")
    );
}

/// `QUESTIONS=file cargo test -p bot-core --test suite understand::print_readings -- --ignored
/// --nocapture`: each question of the file with its reading, for writing a corpus.
#[test]
#[ignore]
fn print_readings() {
    let catalog = Catalog::embedded().unwrap();
    let Ok(path) = std::env::var("QUESTIONS") else {
        return;
    };
    for q in std::fs::read_to_string(path).unwrap().lines() {
        let q = q.split('\t').next().unwrap_or_default();
        println!("{q}\t{:?}", read(&catalog, q).lines());
    }
}

/// A 91 KB line of Chinese (issue 23) is read as its first [`MAX_CHARS`] characters, with a
/// constant number of catalog look-ups per word: the work is bounded by the structure of the
/// reader, whatever the length of the message.
#[test]
fn a_long_message_is_read_with_bounded_work() {
    use bot_core::understand::{MAX_CHARS, read_with_work};
    let catalog = Catalog::embedded().unwrap();
    let unit = "我想在autodl上用两张4090跑qwen2.5-72b int4三个小时，一共多少钱？";
    let long = unit.repeat(91_000 / unit.len() + 1);
    assert!(long.len() > 90_000);
    let (_, work) = read_with_work(&catalog, &long);
    assert!(work.chars <= MAX_CHARS, "{work:?}");
    assert!(work.lookups <= 12 * work.words.max(1), "{work:?}");
    // The same bound per word holds for every length up to the cut, so the work grows at most
    // linearly with the text read.
    for n in [1, 4, 16] {
        let (_, w) = read_with_work(&catalog, &unit.repeat(n));
        assert!(w.lookups <= 12 * w.words.max(1), "{n}: {w:?}");
    }
    // Long runs of numerals, digits and Latin words are bounded too, and none panics.
    for text in [
        "四".repeat(100_000),
        "9".repeat(100_000),
        "autdl ".repeat(20_000),
    ] {
        let (_, w) = read_with_work(&catalog, &text);
        assert!(
            w.chars <= MAX_CHARS && w.lookups <= 12 * w.words.max(1),
            "{w:?}"
        );
    }
}

/// One lexicon: each word has one meaning per kind, no word a `/fit` line reads in the same
/// place is both a quantization and a task, and the reader reads each word as the commands do.
#[test]
fn every_word_has_one_meaning_and_the_reader_agrees() {
    use bot_core::lexicon::{QUANT_CHOICES, QUANT_WORDS, TASK_CHOICES, TASK_WORDS};
    use bot_core::vram::{Quant, Task};
    for (w, _) in QUANT_WORDS {
        assert!(
            w.parse::<Task>().is_err(),
            "{w} is a quantization and a task"
        );
        assert_eq!(
            QUANT_WORDS.iter().filter(|(x, _)| x == w).count(),
            1,
            "{w} twice"
        );
    }
    for (w, t) in TASK_WORDS {
        assert!(
            w.parse::<Quant>().is_err(),
            "{w} is a task and a quantization"
        );
        assert_eq!(
            TASK_WORDS.iter().filter(|(x, _)| x == w).count(),
            1,
            "{w} twice"
        );
        assert_eq!(w.parse::<Task>().ok(), Some(*t), "{w}");
    }
    // `full` is a full fine-tune to /fit and to the reader; `finetune` is LoRA to both.
    let catalog = Catalog::embedded().unwrap();
    for (word, task) in [
        ("full", Task::Full),
        ("finetune", Task::Lora),
        ("全参", Task::Full),
    ] {
        assert_eq!(word.parse::<Task>().ok(), Some(task));
        let lines = read(&catalog, &format!("qwen2.5-7b {word} 4090 能跑吗")).lines();
        let want = format!(
            "/fit qwen2.5-7b {} rtx-4090",
            bot_core::understand::task_word(task)
        );
        // A bare `full` with no training or serving word is asked back where full fine-tuning
        // and the whole model answer differently (und_ca): full fine-tuning is the first choice.
        if word == "full" {
            assert_eq!(lines.first(), Some(&want), "{word}");
        } else {
            assert_eq!(lines, [want], "{word}");
        }
    }
    // Every word the reader writes into a line reads back as itself.
    for (w, q) in QUANT_WORDS {
        assert_eq!(q.key().parse::<Quant>().ok(), Some(*q), "{w}");
    }
    for t in [Task::Infer, Task::Lora, Task::Qlora, Task::Full] {
        assert_eq!(
            bot_core::understand::task_word(t).parse::<Task>().ok(),
            Some(t)
        );
    }
    // The choices a frontend offers are the lexicon's words, each with a different meaning.
    let quants: Vec<Quant> = QUANT_CHOICES
        .iter()
        .map(|(w, _)| w.parse().unwrap())
        .collect();
    let tasks: Vec<Task> = TASK_CHOICES
        .iter()
        .map(|(w, _)| w.parse().unwrap())
        .collect();
    for (i, q) in quants.iter().enumerate() {
        assert!(!quants[..i].contains(q), "{q:?} offered twice");
    }
    for (i, t) in tasks.iter().enumerate() {
        assert!(!tasks[..i].contains(t), "{t:?} offered twice");
    }
}

/// Durations and money as people say them, read into the right bill (issue 26 item 3).
#[test]
fn durations_and_money_as_people_say_them() {
    let catalog = Catalog::embedded().unwrap();
    for (q, want) in [
        (
            "autodl上4090跑两个半小时多少钱",
            "/cost autodl rtx-4090 2h30m",
        ),
        (
            "autodl上4090跑2小时30分钟多少钱",
            "/cost autodl rtx-4090 2h30m",
        ),
        ("autodl 4090跑半小时多少钱", "/cost autodl rtx-4090 30m"),
        ("autodl 4090跑一晚上多少钱", "/cost autodl rtx-4090 8h"),
        ("autodl 4090跑一天多少钱", "/cost autodl rtx-4090 1d"),
        ("包月4090大概多少钱", "/compare rtx-4090 always"),
        ("4090一直在线哪家便宜", "/compare rtx-4090 always"),
        (
            "runpod 4090 for 90 minutes how much",
            "/cost runpod rtx-4090 1h30m",
        ),
        (
            "what's cheaper for a 40 minute job on a 4090",
            "/compare rtx-4090 40m",
        ),
        ("7块2一小时跑3小时多少钱", "/cost 7.2cny/hour 3h"),
        ("2块5一小时跑3小时多少钱", "/cost 2.5cny/hour 3h"),
        ("两块钱一小时跑3小时多少钱", "/cost 2cny/hour 3h"),
        ("¥1.88/小时跑3小时多少钱", "/cost 1.88cny/hour 3h"),
        ("$2.5/hr for 3 hours how much", "/cost 2.5usd/hour 3h"),
    ] {
        assert_eq!(read(&catalog, q).lines(), [want], "{q}");
    }
    // A number is never a card's name: `40 minute` is not an A40, `100` not an A100.
    for q in ["40 minute job cost on runpod", "runpod 100 hours cost"] {
        let lines = read(&catalog, q).lines();
        assert!(
            lines
                .iter()
                .all(|l| !l.contains("a40") && !l.contains("a100")),
            "{q}: {lines:?}"
        );
    }
    // `几刀` is no amount: nothing is priced with a made-up figure.
    assert!(
        read(&catalog, "几刀一小时")
            .lines()
            .iter()
            .all(|l| !l.starts_with("/convert"))
    );
}

/// A sentence that names two methods or two formats is asked back with each, never guessed.
#[test]
fn two_meanings_in_one_sentence_are_asked_back() {
    let catalog = Catalog::embedded().unwrap();
    let lines = read(&catalog, "qwen2.5-7b 在4090上 lora还是全参").lines();
    assert_eq!(
        lines,
        [
            "/fit qwen2.5-7b lora rtx-4090",
            "/fit qwen2.5-7b full rtx-4090"
        ]
    );
    let reading = read(&catalog, "qwen2.5-72b int4 or awq on two 4090s");
    assert!(
        matches!(reading, Reading::Ask(ref r) if r.len() == 2),
        "{reading:?}"
    );
    // A fine-tune said generically and a method said outright is one method.
    assert_eq!(
        read(&catalog, "qlora微调qwen2.5-7b 3090够吗").lines(),
        ["/fit qwen2.5-7b qlora rtx-3090"]
    );
}

/// `/gpu 4090 4090d` and "4090和4090D有什么区别": both cards side by side, differences marked.
#[test]
fn two_cards_side_by_side() {
    use bot_core::store::{Store, db_path};
    use bot_core::{Bot, ChatRef, Input, Localizer};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    for (locale, line, mark) in [
        ("en", "/gpu 4090 4090d", "* FP16 TFLOPS"),
        ("zh", "4090和4090D有什么区别", "* FP16 算力"),
        ("en", "4090 vs 5090 specs", "* VRAM"),
    ] {
        let who = ChatRef {
            platform: "test".into(),
            chat: locale.into(),
            user: "u".into(),
            locale: Some(locale.into()),
            thread: None,
        };
        let answer = bot.handle(&who, Input::Text(line.into()));
        let text: String = answer
            .replies
            .iter()
            .map(|r| Localizer::get().render_plain(answer.lang, r))
            .collect();
        assert!(text.contains("RTX 4090"), "{line}: {text}");
        assert!(text.contains(mark), "{line}: {text}");
        assert!(!text.contains("don't know"), "{line}: {text}");
    }
}

/// Money said in Chinese is an amount to every command too: `/trial … 7块2` records ¥7.2.
#[test]
fn a_trial_cost_said_as_yuan_and_jiao_is_an_amount() {
    use bot_core::store::{Store, db_path};
    use bot_core::{Bot, ChatRef, Input, Localizer};
    use std::sync::Arc;
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    let who = ChatRef {
        platform: "test".into(),
        chat: "c".into(),
        user: "u".into(),
        locale: Some("zh".into()),
        thread: None,
    };
    let answer = bot.handle(&who, Input::Text("/trial autodl 4090 1h 7块2".into()));
    let text: String = answer
        .replies
        .iter()
        .map(|r| Localizer::get().render_plain(answer.lang, r))
        .collect();
    assert!(text.contains("7.2"), "{text}");
}

/// A month's rent asked in words ("per month", `一个月多少钱`) is always on, like `包月`: a one-off
/// 730-hour job would leave the monthly plans out and rank a dearer hourly row first. Two months,
/// or a month's job on a named platform with hours, stay a span.
#[test]
fn a_month_asked_in_words_is_always_on() {
    let catalog = Catalog::embedded().unwrap();
    for (q, want) in [
        ("4090一个月多少钱", "/compare rtx-4090 always"),
        ("H100一个月多少钱", "/compare h100-sxm always"),
        (
            "how much is an A100 per month",
            "/compare a100-80g-sxm always",
        ),
        (
            "rent a 3090 for a month, which is cheapest",
            "/compare rtx-3090 always",
        ),
        ("4090两个月多少钱", "/compare rtx-4090 2mo"),
        ("4090跑三天多少钱", "/compare rtx-4090 3d"),
    ] {
        assert_eq!(read(&catalog, q).lines(), [want], "{q}");
    }
}

/// QA's misses after round five, as mechanisms: a card with how long and nothing to size is
/// the price of that time everywhere (it was the card's specs, or "no card" when a fit word
/// such as 跑/run came with it); a message that only greets is what the bot can do. A specs
/// word, a model or a platform keeps its own reading.
#[test]
fn a_card_and_a_duration_is_a_price_and_a_greeting_is_help() {
    let cases = "\
a 4090 for 45 mins\t/compare rtx-4090 45m
4090包周\t/compare rtx-4090 7d
h100 一直在线 一个月多少\t/compare h100-sxm always
4090跑半小时\t/compare rtx-4090 30m
4090跑通宵\t/compare rtx-4090 8h
run a 4090 8 hours a day\t/compare rtx-4090 daily 8h
rent an a100 for 3 hours\t/compare a100-80g-sxm 3h
need h100 for two days\t/compare h100-sxm 2d
3090 两个小时\t/compare rtx-3090 2h
hi\t/help
你好！\t/help
hello there\t/help
在吗\t/help
4090显存多大\t/gpu rtx-4090
4090 能跑 qwen2.5-7b 吗\t/fit qwen2.5-7b rtx-4090
autodl 4090 跑 40 分钟多少钱\t/cost autodl rtx-4090 40m
";
    let (total, right) = share_by_line("lead round", cases);
    assert_eq!(right, total, "{right} of {total}");
    // A number before a unit of time or money is never a misspelt card; a decimal comma is a
    // decimal point (2,5 was read as 5).
    let numbers = "\
how much is 1000 hours of 3090\t/compare rtx-3090 41d16h
2,5刀一小时换成人民币\t/convert 2.5usd/hour to hour cny
4090 1,5元一小时 跑3小时多少钱\t/cost 1.5cny/hour 3h
";
    let (total, right) = share_by_line("lead round", numbers);
    assert_eq!(right, total, "{right} of {total}");
    // A card per person is every person's card at once (the bill was for one card).
    let people = "\
我们组三个人 每人一张4090 跑一周 autodl\t/cost autodl rtx-4090 7d cards=3
3 of us each need a 4090 for 5 hours\t/compare rtx-4090 5h cards=3
我们组三个人 租一张4090 跑一周 autodl\t/cost autodl rtx-4090 7d
";
    let (total, right) = share_by_line("lead round", people);
    assert_eq!(right, total, "{right} of {total}");
    // The chat's alerts: listed, stopped all, stopped by number; a stop that says neither
    // lists them (nothing removed on a guess), and a card's stop is not a new alert.
    let alerts = "\
我的提醒\t/subs
show my alerts\t/subs
stop all alerts\t/unsubscribe all
取消全部提醒\t/unsubscribe all
取消第2个提醒\t/unsubscribe 2
unsubscribe 3\t/unsubscribe 3
取消提醒\t/subs
cancel my alert for the 4090\t/subs
4090 到货了提醒我\t/subscribe rtx-4090
";
    let (total, right) = share_by_line("lead round", alerts);
    assert_eq!(right, total, "{right} of {total}");
    // A greeting with a question in it is that question, not /help.
    let (t, r) = share_by_line(
        "lead round",
        "hi, how much is a 4090 for 3 hours\t/compare rtx-4090 3h\n",
    );
    assert_eq!(r, t);
}

/// The misses of `questions_fresh10.tsv` as mechanisms, on cases of my own (none of them in a
/// measured batch): each question with its whole expected first line.
#[test]
fn fresh10_mechanisms_on_cases_of_their_own() {
    let cases = "\
# a sentence's own marks end a word: `14b.`, `hours!`, `fit?`
Want to serve qwen2.5 14b. Got one 4090. Will it fit?\t/fit qwen2.5-14b rtx-4090
runpod h100 for three hours!\t/cost runpod h100-sxm 3h
# a model size in words
eighty b model fp8 on h100?\t/fit 80b fp8 h100-sxm
# `for` and one calendar unit after a price is the unit to convert to; a verb makes a job
¥3 per hour, how much for a week?\t/convert 3cny/hour to week
$1.5/hr how much for a day\t/convert 1.5usd/hour to day
$1.5/hr, train for a day, total?\t/cost 1.5usd/hour 1d
# `hourly` after an amount is per hour
2 dollars hourly, what per week\t/convert 2usd/hour to week
# non-native words for real-name, alerts, stock and help
platforms without passport check\t/platforms no-real-name
inform me when 3090 is in stock on vast\t/subscribe rtx-3090 vast
any free a100 on lambda now\t/stock a100-80g-sxm lambda
are there any h200 on runpod\t/stock h200-sxm runpod
what you can do for me\t/help
# a calendar unit after a card and a platform is still the job's length
a100 for a week on autodl how much\t/cost autodl a100-80g-sxm 7d
# a comma after a word separates; a tens word and a digit word are one number
two 4090 on vast, eight hours, total how much?\t/cost vast rtx-4090 8h cards=2
# an A100 with no size is asked back where 40G and 80G print different answers (corpus49's A100
# convention, session 30): 72B in fp16 takes a different count of each
How many a100 needed for seventy two b model at fp16\task:/fit 72b fp16 a100-80g-sxm
autodl 4090 for twenty four hours\t/cost autodl rtx-4090 1d
# `let me know` asks now unless it waits for a moment (when, once, if)
Could you please let me know cheapest h200 for 1 week\t/compare h200-sxm 7d
";
    let (total, right) = share_by_line("fresh10 mechanisms", cases);
    assert_eq!(right, total, "{right} of {total}");
}

/// A probe for working on the reader: `UNDERSTAND_PROBE=file cargo test … probe -- --ignored
/// --nocapture` prints each line's normalized text and reading.
#[test]
#[ignore]
fn probe() {
    let Ok(path) = std::env::var("UNDERSTAND_PROBE") else {
        return;
    };
    let catalog = Catalog::embedded().unwrap();
    for q in std::fs::read_to_string(path).unwrap().lines() {
        let q = q.split('\t').next().unwrap_or(q);
        println!(
            "{q}\n  = {}\n  → {:?}",
            bot_core::understand::normalize(q),
            read(&catalog, q).lines()
        );
    }
}

/// `UNDERSTAND_PROBE_TSV=file cargo test … probe_tsv -- --ignored --nocapture`: a question set
/// of your own scored like the batches (the misses printed).
#[test]
#[ignore]
fn probe_tsv() {
    let Ok(path) = std::env::var("UNDERSTAND_PROBE_TSV") else {
        return;
    };
    share_by_line("probe", &std::fs::read_to_string(path).unwrap());
}

/// A condition on stock or price with a word to tell (`a100 有货第一时间通知`) is a request
/// `/pick` answers as a question, like the alert phrases; a step's answer is not.
#[test]
fn a_conditional_alert_is_an_action_inside_pick() {
    use bot_core::understand::asks_for_action;
    assert!(asks_for_action("a100 有货第一时间通知"));
    assert!(asks_for_action("when 4090 cheaper than 0.3 dollar tell me"));
    assert!(!asks_for_action("3个小时"));
    assert!(!asks_for_action("不想实名"));
}
