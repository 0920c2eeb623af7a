//! How a card is used, said in words the span reader missed: always on (the lexicon's table:
//! `常驻`, `24小时不关机`, `round the clock`), read as one day's job or the default hour; and hours per week with
//! words between the period and the hours (`每周用 l40s 大概 14 个小时`), read as one 14-hour
//! job. Both ranked the wrong bill.

use super::request::Usage;

/// Words between a period and its hours that say nothing of either: the lexicon's adverbs of
/// approximation (`lexicon::APPROXIMATELY`: `大概`, `about`, `~` …), and these.
const FILLER: &[&str] = &["左右", "like", "maybe"];

/// Whether `t` is a word of [`FILLER`] or an adverb of approximation.
fn filler(t: &str) -> bool {
    FILLER.contains(&t) || crate::lexicon::APPROXIMATELY.contains(&t)
}

/// The usage said: always on, or hours per week or month with fillers and names between; a
/// whole day over a span of days, the span held whole (`whole_day_span`), last.
pub(super) fn usage_said(padded: &str, toks: &[String], taken: &[bool], usage: &mut Option<Usage>) {
    usage_in_words(toks, taken, usage);
    super::whole_day_span::held_whole(padded, usage);
}

fn usage_in_words(toks: &[String], taken: &[bool], usage: &mut Option<Usage>) {
    let text = format!(" {} ", toks.join(" "));
    // A daily share read beside an always word is kept (hours a day said apart), unless the
    // share came from the always phrase's own 24 hours spread over a longer period (less than a
    // day a day); `一天 24h 开着` stays a day's job.
    let spread = matches!(usage, Some(Usage::Daily(d)) if *d < rust_decimal::Decimal::from(86_400));
    if spread && crate::lexicon::day_kept_on(&text)
        // The lexicon's one always-on table (`always running out of a100s` is none).
        || crate::lexicon::says_always_on(&text) && !matches!(usage, Some(Usage::Daily(_)))
    {
        *usage = Some(Usage::Always);
        return;
    }
    if !matches!(usage, Some(Usage::Once(_))) {
        return;
    }
    // Without the words between (a card's name, `大概`), the period reader sees `每周用 14 个小时`.
    let (kept, kept_taken): (Vec<String>, Vec<bool>) = toks
        .iter()
        .zip(taken)
        .filter(|(t, k)| !**k && !filler(t))
        .map(|(t, _)| (t.clone(), false))
        .unzip();
    if kept.len() < toks.len()
        && let Some(u) = super::period::per_period(&kept, &kept_taken)
    {
        *usage = Some(u);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    fn toks(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn always_on_and_weekly_hours_as_said() {
        let mut u = Some(Usage::Once(Decimal::from(86_400)));
        usage_said(
            " 4090 24小时不关机 哪家便宜 ",
            &toks("4090 24小时不关机 哪家便宜"),
            &[false; 3],
            &mut u,
        );
        assert_eq!(u, Some(Usage::Always));
        let t = toks("每周用 l40s 大概 14 个小时 哪家便宜");
        let taken = [false, true, false, false, false, false];
        let mut u = Some(Usage::Once(Decimal::from(14 * 3600)));
        usage_said(" 每周用 l40s 大概 14 个小时 哪家便宜 ", &t, &taken, &mut u);
        assert_eq!(u, Some(Usage::Daily(Decimal::from(7200))));
    }

    #[test]
    fn a_whole_day_kept_on_is_no_share_of_a_month() {
        let mut u = Some(Usage::Daily(Decimal::from(2880)));
        usage_said(
            " a100 1个月 24小时开机 多少钱 ",
            &toks("a100 1个月 24小时开机 多少钱"),
            &[false; 4],
            &mut u,
        );
        assert_eq!(u, Some(Usage::Always));
        // A whole day beside a month is the month held whole, read here (`whole_day_span`).
        let mut u = Some(Usage::Daily(Decimal::from(2880)));
        let said = " 4090 1个月 24小时 多少钱 ";
        usage_said(said, &toks(said), &[false; 4], &mut u);
        assert_eq!(u, Some(Usage::Always));
        // Hours used in the month stay a daily share of it.
        let mut u = Some(Usage::Daily(Decimal::from(2880)));
        let said = " 4090 1个月 用24小时 多少钱 ";
        usage_said(said, &toks(said), &[false; 4], &mut u);
        assert_eq!(u, Some(Usage::Daily(Decimal::from(2880))));
    }
}
