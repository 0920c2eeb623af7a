//! How one gets a card on a platform at all (`does coreweave need a sales call to get H100s`,
//! `lambda 的 h100 要排队申请吗`, `租 a100 要不要先找销售`): a question about that platform's way
//! in (sales, waitlist, approval, quota), not a price, so its facts (`/platform`) answer, the
//! card kept as context. It had been read as an hour's bill on that platform.

use super::Reading;
use super::question::Question;
use super::request::{self as make};

/// Words of a platform's way in: a sales contact, a waitlist, an approval or a quota.
const ACCESS: &[&str] = &[
    "sales call",
    "call with sales",
    "talk to sales",
    "talk to a sales",
    "contact sales",
    "sales team",
    "sales rep",
    "waitlist",
    "wait list",
    "get approved",
    "approval",
    "quota request",
    "request quota",
    "quota increase",
    "enterprise contract",
    "sign a contract",
    "找销售",
    "联系销售",
    "联系客服才能",
    "要申请",
    "需要申请",
    "申请配额",
    "提额",
    "要审核",
    "需要审核",
    "排队申请",
    "签合同",
    "企业认证才能",
];

pub(super) fn access_asked(q: &Question) -> Option<Reading> {
    let [p] = q.e.platforms.as_slice() else {
        return None;
    };
    // A price or a job's length asked beside it is the bill (`… and what does an hour cost`).
    let priced = q.price.is_some()
        || q.e.usage.is_some()
        || q.has(&["多少钱", "how much", "price", "cost", "价格", "便宜"]);
    (q.has(ACCESS) && !priced).then(|| Reading::Command(make::platform(p)))
}
