//! /pick conversations the way real users answer, a third set written apart from the code
//! (issue 26 §4, helper pick_p): `tests/data/pick_conversations_p.txt`, its header says the
//! format. Other people than pick_n's and pick_o's: several steps in one message then one
//! changed, numbers or single words only, pinyin abbreviations, a step's options asked about
//! first, budgets per month or per day, leaving and coming back, a card owned at home.

use super::pick_runner::run;

/// Conversations that must hold (untuned 31/50 as written, 41/50 after relabelling the file's
/// own errors, 49/50 after the fixes, 50/50 after the lead's `qwen7b` and one relabel; the file's header says
/// which and why).
const MUST_HOLD: usize = 50;

#[test]
fn pick_conversations_p() {
    let (held, all, report) = run(include_str!("../data/pick_conversations_p.txt"));
    println!("{report}\npick_conversations_p: {held}/{all} hold");
    assert!(all >= 50, "{all} conversations");
    assert!(held >= MUST_HOLD, "{held}/{all} hold:\n{report}");
}

/// The mechanisms behind the file's misses, on sentences of their own: a card the user has is
/// never the card rented; a size said after a model keeps its family; a day's budget with a
/// hedge and a currency word; a day and a half; a context alone in a clause; pinyin initials
/// of a payment method.
#[test]
fn pick_p_mechanisms() {
    let src = "
## own-have-card zh
> /pick
> 手上有块4060，lora微调qwen2.5 3b跑两小时，想租张卡
= +pick-understood-model +pick-understood-usage -pick-understood-gpu -pick-understood-gpu-unfit -pick-invalid

## own-have-card-memory en
> /pick
> I have a 3060 12gb at home, need to qlora llama 3.1 8b for 6 hours on a rented card
= +pick-understood-model -pick-understood-gpu -pick-understood-gpu-unfit -pick-invalid

## own-rent-named en
# The card rented is still read when one is owned.
> /pick
> I've got a 3060 at home but want to rent an a100 for a lora of qwen2.5 14b, 5 hours
= +pick-understood-gpu ~a100 -pick-understood-gpu-unfit

## own-size-corrects en
> /pick
> lora fine-tune llama 3.1 8b for 2 hours
> sorry, 70b
= ~llama-3.1-70b -pick-invalid

## own-size-alone zh
# A size with no catalog sibling stays the size alone.
> /pick
> 微调qwen2.5 7b 3小时
> 改成13b
= ~13b -pick-invalid

## own-budget-day-hedged en
# A hedge between the amount and the bound, the currency's word after it: a day's budget.
> /pick
> qlora llama 3.1 8b, 2 hours every day
> 8k
> #1
> happy to spend roughly 3 dollars a day
= +pick-budget-set ~a_day -pick-understood-usage

## own-days-and-half zh
> /pick
> full fine-tune qwen2.5 1.5b, 2 days and a half
= ~60 -pick-invalid

## own-context-clause zh
# A clause of k tokens is the context; an amount alone in a clause is not.
> /pick
> qlora微调llama3.1 8b；6小时；16k
= +pick-understood-context ~16384
> /pick
> qlora微调llama3.1 8b，6小时，500
= -pick-understood-context

## own-pinyin-pay zh
> /pick
> qlora微调qwen2.5 7b 2小时，vx付款
= +pick-understood-pay -pick-invalid
";
    let (held, all, report) = run(src);
    assert_eq!(held, all, "{held}/{all} hold:\n{report}");
}
