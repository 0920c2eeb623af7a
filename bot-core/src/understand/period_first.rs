//! A period said before its amount (`包月 2000 块 折合每小时多少`, `一周 ¥500 算下来一小时多少`,
//! `一天要480元`, `日租120`, `每个月租金 3000 的 a100`) or shortened (`1.88元每时`, `per min`):
//! said in the order the price reader knows (`每月 2000块`, `1.88元每小时`), so the amount keeps
//! its period. Without it the amount was read with no period and the conversion had no
//! reading at all, or it took the unit asked for (`一天要480元 每小时多少` was ¥480 an hour). A
//! bare amount in a Chinese sentence is yuan, written so (the echo line says `cny`), as the
//! reader reads other bare sums there.

use crate::catalog::Catalog;

/// Period words (as the spoken-form pass leaves them, `包年` as `12个月 包月`) and the `每…` form
/// they become; a fee by the period (`月费`, `年费`) and a billing unit (`按小时`, `按分钟`)
/// before an amount are its period too.
const PERIODS: &[(&str, &str)] = &[
    ("1个月", "每月"),
    ("1月", "每月"),
    ("每月", "每月"),
    ("每个月", "每月"),
    ("月费", "每月"),
    ("按月", "每月"),
    ("12个月", "每年"),
    ("1年", "每年"),
    ("每年", "每年"),
    ("年费", "每年"),
    ("按年", "每年"),
    ("1周", "每周"),
    ("1星期", "每周"),
    ("1个星期", "每周"),
    ("每周", "每周"),
    ("周费", "每周"),
    ("按周", "每周"),
    ("1天", "每天"),
    ("每天", "每天"),
    ("日费", "每天"),
    ("按天", "每天"),
    ("按小时", "每小时"),
    ("按时", "每小时"),
    ("按分钟", "每分钟"),
    ("日租", "每天"),
    ("周租", "每周"),
    ("年租", "每年"),
    // `月付 ¥2999`: paid by the month, the price's period.
    ("月付", "每月"),
    ("年付", "每年"),
    ("周付", "每周"),
    ("日付", "每天"),
];
/// The period words with the lexicon's passes (`周卡` is `每周`), each with its `每…` form.
fn periods() -> impl Iterator<Item = (&'static str, &'static str)> {
    let every = |k: &str| match k {
        "day" => "每天",
        "week" => "每周",
        "month" => "每月",
        _ => "每年",
    };
    PERIODS.iter().copied().chain(
        crate::lexicon::PASS_PERIODS
            .iter()
            .map(move |(w, k)| (*w, every(k))),
    )
}

/// Words between a period and its amount: the lexicon's.
const BETWEEN: &[&str] = crate::lexicon::PERIOD_AMOUNT_BETWEEN;
/// English words between a period and its amount (`a day costs me 480 rmb`, `weekly plan
/// $120`: `weekly` is `per week` by now).
const BETWEEN_EN: &[&str] = &[
    "costs",
    "cost",
    "is",
    "me",
    "us",
    "runs",
    "comes",
    "to",
    "at",
    "about",
    "around",
    "plan",
    "fee",
    "subscription",
    "package",
];
/// What a bare number before it counts, other than money (`每天 8 小时`, `每月 2000万token`).
const NOT_MONEY: &[&str] = &[
    "小时", "个", "张", "卡", "台", "天", "周", "月", "年", "分", "秒", "万", "千", "百", "亿",
    "次", "人", "g",
];
/// The plan words the spoken-form pass keeps beside `1个月` (`包月` → `1个月 包月`).
const PLANS: &[&str] = &["包月", "包周", "包天"];
/// Currencies an amount is written in (`块`, `美元`).
const CURRENCIES: &[&str] = &[
    "块", "元", "cny", "rmb", "usd", "刀", "美元", "yuan", "dollars", "dollar", "bucks",
];
/// Units of time a price is converted to, each with its period's own `每…` form.
const UNITS: &[(&str, &str)] = &[
    ("小时", "每小时"),
    ("hour", "每小时"),
    ("分钟", "每分钟"),
    ("minute", "每分钟"),
    ("天", "每天"),
    ("day", "每天"),
    ("周", "每周"),
    ("week", "每周"),
    ("月", "每月"),
    ("month", "每月"),
    ("年", "每年"),
    ("year", "每年"),
];

/// An amount with a currency at the start of `words` (`3000块`, `¥500`, `5000 美元`, the
/// currency glued to the words after it: `3000块折算下来…`): the amount as written and what
/// follows it.
fn amount(words: &[&str], yuan: bool) -> Option<(String, String)> {
    let w = words.first()?;
    let digits = w.trim_start_matches(['¥', '$', '￥']);
    let number: String = digits
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    if number.is_empty() {
        return None;
    }
    // `$120, per day`: the comma after a sum is no unit.
    let raw = &digits[number.len()..];
    let unit = raw.trim_end_matches([',', '，']);
    let sign = w.len() > digits.len();
    let rest = |tail: &str, from: usize| {
        std::iter::once(tail)
            .chain(words[from..].iter().copied())
            .filter(|s| !s.is_empty())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if let Some(c) = CURRENCIES.iter().find(|c| unit.starts_with(**c)) {
        return Some((
            format!("{}{c}", &w[..w.len() - raw.len()]),
            rest(&unit[c.len()..], 1),
        ));
    }
    // `每个月租金2000的4090`: a bare sum glued to `的` and what it is the price of.
    if yuan && !sign && unit.starts_with('的') {
        return Some((format!("{number}块"), rest(unit, 1)));
    }
    if unit.is_empty() && sign {
        return Some((w[..w.len() - raw.len()].to_string(), rest("", 1)));
    }
    // `5000 美元`: the currency as the next word.
    if let Some(c) = words
        .get(1)
        .filter(|c| unit.is_empty() && CURRENCIES.contains(c))
    {
        return Some((format!("{w}{c}"), rest("", 2)));
    }
    // `每个月租金 3000 的 a100`: a bare sum in a Chinese sentence, nothing counted after it.
    let next = words.get(1).copied().unwrap_or("");
    let counted = next.starts_with(|c: char| c.is_ascii_alphanumeric())
        || NOT_MONEY.iter().any(|u| next.starts_with(u));
    (yuan && unit.is_empty() && !counted).then(|| (format!("{w}块"), rest("", 1)))
}

/// A period glued to its amount (`1天要480元`, `日租120`) written apart (`1天 480元`), the words
/// between dropped.
fn apart(norm: &str) -> String {
    norm.split(' ')
        .map(|w| {
            let Some((p, _)) = periods()
                .filter(|(p, _)| w.len() > p.len() && w.starts_with(p))
                .max_by_key(|(p, _)| p.len())
            else {
                return w.to_string();
            };
            let mut rest = &w[p.len()..];
            while let Some(b) = BETWEEN.iter().find(|b| rest.starts_with(**b)) {
                rest = &rest[b.len()..];
            }
            // `每个月租金 3000`: the amount is the next word.
            if rest.is_empty()
                || rest.starts_with(|c: char| c.is_ascii_digit() || c == '¥' || c == '$')
            {
                format!("{p} {rest}")
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text with a leading period moved after its amount's `每` form, when another unit to
/// convert to follows (`…每小时`, `一天合多少`, `an hour`, `per minute`); otherwise unchanged.
pub(super) fn said_in_order(catalog: &Catalog, norm: &str) -> String {
    let norm = shortened(norm);
    let split = apart(&norm);
    let words: Vec<&str> = split.split(' ').filter(|w| !w.is_empty()).collect();
    let chinese = norm.chars().any(crate::lexicon::is_han);
    for (i, w) in words.iter().enumerate() {
        let Some((every, mut j, written)) = periods()
            .find(|(p, _)| p == w)
            .map(|(_, e)| (e, i + 1, e.to_string()))
            .or_else(|| english_period(&words, i))
        else {
            continue;
        };
        // `包月 2000块`, `每个月租金 2000`, `a day costs me 480 rmb`: a plan's word, the rent's
        // name or a verb before the amount.
        while words
            .get(j)
            .is_some_and(|x| PLANS.contains(x) || BETWEEN.contains(x) || BETWEEN_EN.contains(x))
        {
            j += 1;
        }
        // A card's number is no sum (`每天 4090 跑8小时`).
        let card = words.get(j).is_some_and(|w| {
            catalog
                .find_gpu(w)
                .is_some_and(|g| g.id.split('-').any(|p| p == *w))
        });
        // `a yearly reservation at $9000`, `weekly rental for 600 yuan`: a period said as an
        // adjective qualifies the plan named after it, whatever its noun; the amount follows.
        if ADJECTIVES.iter().any(|(a, _, _)| a == w) {
            let mut nouns = 0;
            while nouns < 3
                && amount(&words[j..], false).is_none()
                && words
                    .get(j)
                    .is_some_and(|x| x.bytes().all(|b| b.is_ascii_alphabetic()))
            {
                j += 1;
                nouns += 1;
            }
        }
        let Some((a, rest)) = amount(&words[j..], chinese && !card) else {
            continue;
        };
        // `how much per day is 2.49 usd an hour`: a period right after the words that ask is
        // the unit asked, when the amount carries its own unit after it (the rate's unit).
        // In English a unit after the amount with an article is its own whatever asks before
        // (`how much is it per week at 1.99 dollars an hour` converts the hour to the week;
        // und_df); `per hour` after it may be the unit asked (`a day costs me 480 rmb, per hour?`).
        // Only a period said in English too: `一个月 $399，per hour 是多少` asks the hour.
        let english_unit = w.is_ascii()
            && ["an ", "a ", "/"]
                .iter()
                .any(|m| rest.trim_start().starts_with(m));
        if (asks_before(&words[..i]) || english_unit) && own_unit_after(&rest) {
            continue;
        }
        // A unit to convert to, other than the amount's own period (`包月 2000块 贵吗` is a
        // plan's price, left for its own rules); a day, a week or longer only with a sum asked
        // (`月费 800块 1天合多少`; `包月 2000块 用30天 划算吗` weighs the plan).
        let short = ["小时", "hour", "分钟", "minute"];
        let asked = ["多少", "折", "合", "换", "how much", "per "]
            .iter()
            .any(|w| rest.contains(w));
        // `每个月租金 2000 的 4090`: a period's rent of the card named after it is that card's
        // price by the period (it was an hour's).
        let card_after = rest
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
            .any(|w| w.chars().any(|c| c.is_ascii_digit()) && catalog.find_gpu(w).is_some());
        if !card_after
            && !UNITS
                .iter()
                .any(|(u, e)| *e != every && rest.contains(u) && (asked || short.contains(u)))
        {
            continue;
        }
        let mut out: Vec<String> = words[..i].iter().map(|s| s.to_string()).collect();
        out.push(format!("{a}{written}"));
        out.push(rest);
        return out.join(" ") + " ";
    }
    norm
}

/// A period said as an adjective (`weekly plan $120`), its unit and its `每…` form.
const ADJECTIVES: &[(&str, &str, &str)] = &[
    ("daily", "day", "每天"),
    ("weekly", "week", "每周"),
    ("monthly", "month", "每月"),
    ("yearly", "year", "每年"),
    ("annual", "year", "每年"),
];

/// Words that ask a sum, right before a period (`how much per day is …`): that period is the
/// unit asked, not the amount's.
fn asks_before(before: &[&str]) -> bool {
    // `what's the weekly figure at 2.2 usd per hour`: an article between the ask and the period.
    let before = match before {
        [rest @ .., "the" | "a" | "an"] => rest,
        all => all,
    };
    let said = before.join(" ");
    ["how much", "how many", "what's", "what is", "whats", "多少"]
        .iter()
        .any(|w| said.ends_with(w))
}

/// Whether the words after an amount start with its own unit of time (`an hour`, `per hour`,
/// `/h`, `每小时`, `1小时`): the amount's rate, said where a rate's unit is said.
fn own_unit_after(rest: &str) -> bool {
    let rest = rest.trim_start();
    ["/", "per ", "an ", "a ", "each ", "every ", "每", "1"]
        .iter()
        .filter_map(|m| rest.strip_prefix(m))
        .any(|t| super::price::unit_at(t.trim_start()).is_some_and(|(k, _)| k != "mtok"))
}

/// `a day`, `per month`, `each week` at `i`: the period's `每…` form, where its amount may
/// start, and the period as written after the amount (` per day`).
fn english_period(words: &[&str], i: usize) -> Option<(&'static str, usize, String)> {
    // `weekly plan $120`, `annual fee $2000`: the period said as an adjective of the plan.
    if let Some((_, unit, every)) = ADJECTIVES.iter().find(|(a, _, _)| words[i] == *a) {
        return Some((every, i + 1, format!(" per {unit}")));
    }
    if !matches!(words[i], "a" | "per" | "each" | "every" | "one" | "1") {
        return None;
    }
    let (unit, every) = [
        ("day", "每天"),
        ("week", "每周"),
        ("month", "每月"),
        ("year", "每年"),
    ]
    .into_iter()
    .find(|(u, _)| words.get(i + 1) == Some(u))?;
    Some((every, i + 2, format!(" per {unit}")))
}

/// `每时` (not `每小时`) and `per min` in full.
fn shortened(norm: &str) -> String {
    let s = norm
        .replace("小时", "\u{0}")
        .replace("每时", "每小时")
        .replace('\u{0}', "小时");
    let s = s
        .replace("per min ", "per minute ")
        .replace("/min ", "/minute ");
    if s.ends_with("per min") { s + "ute" } else { s }
}

#[cfg(test)]
mod tests {
    use crate::catalog::Catalog;

    fn said_in_order(s: &str) -> String {
        super::said_in_order(&Catalog::embedded().unwrap(), s)
    }

    #[test]
    fn the_period_follows_its_amount() {
        assert_eq!(
            said_in_order("1个月 包月  2000块 折合每小时多少 "),
            "2000块每月 折合每小时多少 "
        );
        assert_eq!(
            said_in_order("1周 ¥500 算下来1小时多少"),
            "¥500每周 算下来1小时多少 "
        );
        assert_eq!(
            said_in_order("1.88元每时 = dollars per min"),
            "1.88元每小时 = dollars per minute"
        );
        // No shorter unit after it: a plan's price, left for its own rules.
        assert_eq!(
            said_in_order("1个月 包月 2000块 贵吗"),
            "1个月 包月 2000块 贵吗"
        );
        assert_eq!(said_in_order("1天 8小时 4090"), "1天 8小时 4090");
        assert_eq!(
            said_in_order("1个月 包月 3000块折算下来每小时多少"),
            "3000块每月 折算下来每小时多少 "
        );
        assert_eq!(
            said_in_order("年费 5000 美元 折合每月多少"),
            "5000美元每年 折合每月多少 "
        );
        assert_eq!(
            said_in_order("按分钟 0.1元 跑1天多少钱"),
            "0.1元每分钟 跑1天多少钱 "
        );
        // A verb between, a rent's word glued on, a bare sum in Chinese.
        assert_eq!(
            said_in_order("1天要600元 每小时多少"),
            "600元每天 每小时多少 "
        );
        assert_eq!(said_in_order("日租120 折合每小时"), "120块每天 折合每小时 ");
        assert_eq!(
            said_in_order("每个月租金 3000 的 a100 折合每小时"),
            "3000块每月 的 a100 折合每小时 "
        );
        assert_eq!(
            said_in_order("a day costs me 480 rmb  per hour  "),
            "480rmb per day per hour "
        );
        // Not a sum: hours, tokens, a card.
        assert_eq!(
            said_in_order("每天 8 小时 1个月多少钱"),
            "每天 8 小时 1个月多少钱"
        );
        assert_eq!(
            said_in_order("每天 4090 跑8小时 每小时多少"),
            "每天 4090 跑8小时 每小时多少"
        );
    }

    #[test]
    fn a_period_asked_before_a_rate_with_its_own_unit_is_the_unit_asked() {
        // The rate's own unit after it: the period asked stays where it is.
        for s in [
            "how much per day is 2.49 usd an hour",
            "how much a month is $0.45 per hour",
            "what's per week for 3 usd /h",
        ] {
            assert_eq!(said_in_order(s), s);
        }
        // An article between the ask and the period (und_di).
        let s = "what's the weekly figure at 2.2 usd per hour";
        assert_eq!(said_in_order(s), s);
        // No word asking before the period: it is the amount's own, a unit after or not.
        assert_eq!(
            said_in_order("a day costs me 480 rmb per hour"),
            "480rmb per day per hour "
        );
    }

    #[test]
    fn a_period_adjective_qualifies_its_plans_noun() {
        assert_eq!(
            said_in_order("a yearly reservation at $9000  what's the hourly rate"),
            "a $9000 per year what's the hourly rate "
        );
        assert_eq!(
            said_in_order("weekly rental for 600 yuan  how much per hour"),
            "600yuan per week how much per hour "
        );
        // More than a few words between: no plan's price.
        let far = "monthly i run many different small jobs at $30  per hour";
        assert_eq!(said_in_order(far), far);
    }
}
