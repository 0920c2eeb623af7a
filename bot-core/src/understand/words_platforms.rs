//! Cue words about platforms: one platform's facts, the list, platforms weighed, a payment
//! method not wanted. Matched on the normalized text like [`super::words`].

/// Platforms weighed against each other without a price (`autodl和恒源云哪个好`, `runpod vs
/// vast which is better`): each platform's facts, asked back.
pub(super) const WHICH_BETTER_WORDS: &[&str] = &[
    "哪个好",
    "哪家好",
    "哪个更好",
    "还是",
    "which is better",
    "which one is better",
    "better",
    " or ",
    "vs ",
    "versus",
    "区别",
    "差别",
    "不同",
    "difference",
    "differ",
];

/// Which one of the platforms named (`featurize 和 autodl 哪个不需要实名`).
pub(super) const WHICH_OF_WORDS: &[&str] = &["哪个", "哪家", "哪一个", "which"];

/// Whether a platform is any good (`靠谱吗`, `is it legit`): asked of two or more platforms,
/// each one's facts are offered, as when they are weighed.
pub(super) const QUALITY_WORDS: &[&str] = &[
    "靠谱",
    "靠不靠谱",
    "稳定",
    "稳不稳",
    "好用",
    "怎么样",
    "可靠",
    "reliable",
    "legit",
    "trustworthy",
    "any good",
    "good?",
];

/// A platform's own facts (billing, top-up, refunds, discounts, storage, verification): with
/// one platform and no card, `/platform`, even in a student's words (`autodl 学生认证有优惠吗`).
pub(super) const PLATFORM_FACT_WORDS: &[&str] = &[
    "优惠",
    "认证",
    "计费",
    "收费",
    "扣费",
    "扣钱",
    "充值",
    "最低充",
    "退款",
    "退钱",
    "付款",
    "支付",
    "发票",
    "数据",
    "删除",
    "关机",
    "存储",
    "硬盘",
    "网盘",
    "billing",
    "bill ",
    "bills",
    "charge",
    "refund",
    "discount",
    "deposit",
    "top up",
    "top-up",
    "invoice",
    "storage",
    "stopped",
    // Data kept between sessions (`where do I keep my dataset on runpod`), as `数据` is.
    "dataset",
    "upload",
    "persistent",
    "network volume",
];

/// Two things set against each other (`lambda vs runpod`, `autodl和恒源云`, `A还是B`).
pub(super) const AGAINST_WORDS: &[&str] = &["vs", " or ", "还是", "和", "跟", "versus", "对比"];

/// Words before a payment method that say it is not wanted (`不用信用卡`, `no need credit
/// card`): the filter is the platforms that take another method (`Need::Without`).
pub(super) const NOT_NEEDED_WORDS: &[&str] = &[
    "不用",
    "不需要",
    "无需",
    "不必",
    "不想用",
    "不要",
    "没有",
    "没",
    "no need",
    "no need for",
    "don't need",
    "dont need",
    "do not need",
    "doesn't need",
    "does not need",
    "don't want",
    "dont want",
    "do not want",
    "doesn't want",
    "not requiring",
    "don't have a",
    "don't have",
    "do not have a",
    "do not have",
    "dont have",
    "can't use a",
    "can't use",
    "cannot use a",
    "cannot use",
    "不能用",
    "用不了",
    "without",
    "without a",
    "no",
];

/// A question about the list of platforms, not one platform.
pub(super) const PLATFORM_LIST_WORDS: &[&str] = &[
    "哪个平台",
    "哪些平台",
    "平台有哪些",
    "什么平台",
    "哪家",
    "哪几家",
    "有哪些",
    "which platform",
    "what platform",
    "any platform",
    "platforms",
    "which provider",
    "which cloud",
    "which sites",
    "which ones",
    "的平台",
    "哪些是",
    "clouds",
    "providers",
    "有没有平台",
    // Not "平台" alone: "不想实名 帮我推荐个平台" asks for guidance, not the list.
    "gpu平台",
    "gpu 平台",
    "租卡平台",
    "平台吗",
    "平台呢",
    "cloud",
    "provider",
    "services",
    "sites",
    "there platform",
    "platform that",
    "platform with",
    "platform which",
    "platform no",
];
