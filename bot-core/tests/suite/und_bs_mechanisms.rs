//! Helper und_bs's own cases (issue 26, corpus82's misses), written before the fix: ambiguity
//! decided once and honoured by every reading. A family size with several generations is asked
//! whatever the command (`/fit`, `/tco`, `/pick`'s model fact); a two-size card with no model
//! asks when the lists of models differ; two sizes of one card weighed are `/gpu` with both; a
//! budget beside a choosing verb is `/pick`. Near-misses that must keep their reading are rows
//! without `ask:`.

use bot_core::Catalog;
use bot_core::understand::{Reading, facts, read};

use super::understand::share_by_line;

const CASES: &str = "\
# 1. A family size with several generations: asked in /tco as in /fit (any choice is offered).
自己部署llama 70b划算吗 每天800万token\task:/tco llama-3.1-70b bf16 8m
self-host llama 70b or pay an api, 2m tokens a day?\task:/tco llama-3.3-70b bf16 2m
Llama 70B 自建 vs API，每天3000万token\task:/tco llama-3-70b bf16 30m
qwen 32b 每天500万token 自己部署还是调api\task:/tco qwen2.5-32b bf16 5m
is self hosting qwen 32b int4 on a 4090 cheaper than api for 4m tokens/day\task:/tco qwen3-32b int4 rtx-4090 4m
llama 70b 4090能跑吗\task:/fit llama-3.1-70b rtx-4090
# Near-misses: the generation said, one model, read as a command.
llama 3.1 70b 每天500万token 自建划算吗\t/tco llama-3.1-70b bf16 5m
qwen3 32b self host vs api 5m tokens a day\t/tco qwen3-32b bf16 5m
自建qwen2.5-32b还是调api 每天两百万token\t/tco qwen2.5-32b bf16 2m
# 2. A two-size card with no model: the lists differ, asked back.
v100能跑哪些模型\task:/fit v100-32g
what models can an a100 run\task:/fit a100-40g-sxm
4060ti 能跑什么模型\task:/fit rtx-4060-ti-8g
what can a 4060 ti run\task:/fit rtx-4060-ti-16g
# Near-misses: the size said, or a one-size card.
v100 32g can run what models\t/fit v100-32g
a100 80g能跑哪些模型\t/fit a100-80g-sxm
what can a 4090 run\t/fit rtx-4090
# 3. Two memory sizes of one card weighed: /gpu with both, the family said once.
v100 16g vs 32g\t/gpu v100-16g v100-32g
4060ti 16g和8g区别\t/gpu rtx-4060-ti-16g rtx-4060-ti-8g
A100 40GB or 80GB, whats the difference\t/gpu a100-40g-sxm a100-80g-sxm
3080 10g or 12g\t/gpu rtx-3080 rtx-3080-12g
# Near-miss: one size said, one card.
4060 ti 16gb specs\t/gpu rtx-4060-ti-16g
# 4. A budget with a choosing verb and no card: /pick.
帮我挑个平台 预算300块\t/pick
choose a gpu for me, my budget is 50 dollars\t/pick
suggest a cloud for me with a $200 budget\t/pick
帮我选张显卡吧 预算两百块\t/pick
# Near-misses: a card named with a price is its prices; a rate is a cap, not a budget.
4090 预算300块 能用多久\t/compare rtx-4090 1h
";

#[test]
fn und_bs_cases_read_right() {
    let (total, right) = share_by_line("und_bs", CASES);
    assert_eq!(right, total, "und_bs: {right} of {total}");
}

/// The ask offers every generation, never the first alone: the asked lines are one per model.
#[test]
fn tco_asks_each_generation() {
    let catalog = Catalog::embedded().unwrap();
    let Reading::Ask(asks) = read(&catalog, "自己部署llama 70b和调api哪个划算，每天500万token")
    else {
        panic!("not asked back");
    };
    let lines: Vec<String> = asks.iter().map(|r| r.line()).collect();
    for id in ["llama-3.3-70b", "llama-3.1-70b"] {
        assert!(
            lines.iter().any(|l| l.contains(id)),
            "{id} not offered: {lines:?}"
        );
    }
}

/// `/pick` keeps no generation it was not told: a 70B Llama is kept as a 70B size, not as the
/// newest Llama; a named generation is kept as the model.
#[test]
fn pick_facts_keep_no_guessed_generation() {
    let catalog = Catalog::embedded().unwrap();
    let f = facts(&catalog, "想用lora微调llama 70b 预算50");
    assert_eq!(f.model, None, "{f:?}");
    assert_eq!(f.params_b, Some(70.0), "{f:?}");
    let f = facts(&catalog, "想用lora微调llama 3.1 70b 预算50");
    assert_eq!(f.model.as_deref(), Some("llama-3.1-70b"), "{f:?}");
}

/// The other model-taking readings honour the same ask: a price history for a job offers each
/// generation rather than the newest alone.
#[test]
fn trend_asks_offer_each_generation() {
    let catalog = Catalog::embedded().unwrap();
    for (q, command) in [("4090 价格走势 我要跑llama 70b", "/trend")] {
        let Reading::Ask(asks) = read(&catalog, q) else {
            panic!("{q}: not asked back");
        };
        let lines: Vec<String> = asks.iter().map(|r| r.line()).collect();
        for id in ["llama-3.3-70b", "llama-3.1-70b"] {
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(command) && l.contains(id)),
                "{q}: {command} for {id} not offered: {lines:?}"
            );
        }
    }
}
