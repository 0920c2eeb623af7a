//! More ways to say a run was already paid for (`the bill was $1.73`, `the total came to`,
//! `账单是6块5`, `结算了4块8`), read by [`super::paid`] as `/trial`: a past bill is a record to
//! keep and compare, never a price question about the same job.

/// Words that say a bill for a run that is over.
pub(super) const SPENT_WORDS: &[&str] = &[
    "the bill was",
    "bill was",
    "bill came",
    "billed at",
    "came to",
    "came out to",
    "total was",
    "ended up paying",
    "ended up costing",
    "cost me",
    "charged me",
    "i paid",
    "it cost me",
    "账单是",
    "账单",
    "结算了",
    "结算",
    "扣款",
    "一共花",
    "总共花",
    "花费了",
    "收了我",
    "扣了我",
    "最后付",
];
