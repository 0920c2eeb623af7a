//! The share of `questions_fresh25.tsv` read right: a floor, so a change to the reader that
//! loses a reading fails here. Raise the floor as misses are fixed, never lower it.

use super::understand::share_by_line;

/// `questions_fresh25.tsv` (300, 8 labelled to be asked back; people who paste context first
/// (a CUDA or vLLM error line, nvidia-smi, a price seen on a site, a model card's sentence),
/// questions framed negatively or conditionally (`不是4090的话…`, `除了autodl…`, `if not
/// runpod…`), the wanted number at the end or in another unit (元/天, per minute, 每千token,
/// cents), questions of 1–4 words, people who already rent and compare with what they pay,
/// business users (a team of 5, 发票, 对公转账) and hobbyists (a game mod, a Discord bot,
/// SillyTavern)), written apart from the reader by a helper who never read it, committed before
/// it was scored: untuned 225/300 (75.0 %; 253/300, 84.3 %, by command alone), 249/300
/// (83.0 %; 264/300, 88.0 %, by command) after the labeller's own errors were relabelled (27,
/// each listed with its reason in its header; 12 of them the label's spelling of the same
/// reading). The 51 misses are grouped by mechanism in `docs/misses/fresh25_misses.md`; helper
/// und-u fixed 42 by mechanism and relabelled 1 (its header): 292/300; und-v 298/300 (a month's spend asked per hour, another platform's cost asked beside a spend, a correction inside the sentence, a team of N each on a card, `monthly` beside a day's hours, one card moved from a platform to another; `und_v`); und-w
/// 300/300 (a card quoted from a model card beside the one asked is context, a region moved to
/// ranks its platforms for the card; `und_w`), after relabelling 8 rows (its header): the 7 family
/// alerts the lead decided take the typed command's default form (no longer asked back), and the
/// region's ranking written as `国内哪家…` reads.
#[test]
fn fresh25_share() {
    let (total, right) = share_by_line("fresh25", include_str!("../data/questions_fresh25.tsv"));
    assert!(total >= 300, "fresh25: {total} questions");
    assert!(right >= 300, "fresh25: {right} of {total}");
}
