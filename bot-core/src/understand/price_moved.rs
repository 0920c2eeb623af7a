//! A price history asked with the price and its change apart (`how the price of the H100 has
//! changed over time`, `4090的价格这阵子有什么变动`, `has the a100's price moved lately`):
//! `/trend`, read as word classes (a price noun, a verb of change or a span of time passed)
//! rather than the fixed phrases `TREND_WORDS` lists; lately and an English comparative
//! (`4090 最近 cheaper 了吗`) likewise. Had been the card's prices now.

use super::Reading;
use super::question::{Question, one};
use super::request as make;
use super::words::{ALERT_WORDS, FIT_WORDS};

/// Nouns of a price.
const PRICE: &[&str] = &[
    "price", "pricing", "cost", "rate", "价格", "价钱", "租金", "单价",
];
/// Verbs of a change, or a span of time passed over which prices move.
const MOVED: &[&str] = &[
    "changed",
    "changing",
    "change over",
    "over time",
    "moved",
    "evolved",
    "fluctuat",
    "gone up",
    "gone down",
    "over the past",
    "over the last",
    "变动",
    "变过",
    "波动",
    "起伏",
    "这阵子",
    "这段时间的变",
];

/// A history or a trend, said in either language.
const HISTORY: &[&str] = &["history", "历史", "trend", "走势", "趋势"];

/// A price noun and a history word in any mix of the two languages (`L20 价格 history`, `4090
/// price 历史`, `h100 租金 trend`): the price over time, as the one-language phrases of
/// `TREND_WORDS` (`价格历史`, `price history`) are; read by `intent::trend` with them, so the
/// rules of a span said (`half year`) come first.
pub(super) fn price_history(text: &str) -> bool {
    priced(text) && super::text::has(text, HISTORY)
}

/// A price named: a noun of [`PRICE`], or `rent` as a noun (`the a100 rent`, never `rent an
/// a100`: the lexicon's `rent_priced`).
fn priced(text: &str) -> bool {
    super::text::has(text, PRICE) || crate::lexicon::rent_priced(text)
}

/// Lately, said in either language.
const RECENT: &[&str] = &[
    "最近",
    "近来",
    "这阵子",
    "这几天",
    "lately",
    "recently",
    "these days",
    "this week",
];
/// A price compared with itself before, in English (the Chinese ones are `TREND_WORDS`).
const COMPARED: &[&str] = &[
    "cheaper",
    "pricier",
    "more expensive",
    "less expensive",
    "costlier",
    "gone up",
    "gone down",
];
/// Words that compare places or cards, not a card's price over time.
const ACROSS: &[&str] = &[
    "哪家", "哪个", "which", "where", " vs ", " or ", "还是", "than",
];

/// A price's change asked with its words apart (`has the a100's price moved lately`, `4090
/// pricing gone up`), or lately beside an English comparative (`4090 最近 cheaper 了吗`) with no
/// other place or card compared.
pub(super) fn moved_asked(q: &Question) -> bool {
    let lately = q.has(RECENT) && q.has(COMPARED) && !q.has(ACROSS) && q.e.platforms.is_empty();
    (priced(q.padded) && q.has(MOVED)) || lately
}

pub(super) fn price_moved(q: &Question) -> Option<Reading> {
    let [g] = q.e.gpus.as_slice() else {
        return None;
    };
    let p = q.padded;
    let asked = moved_asked(q);
    // An alert on a change, or a job's fit, is not a history.
    if !asked
        || q.has(ALERT_WORDS)
        || !q.nothing_to_size()
        || (q.has(FIT_WORDS) && !p.contains("price"))
    {
        return None;
    }
    one(make::trend(&g.gpu, q.days()))
}
