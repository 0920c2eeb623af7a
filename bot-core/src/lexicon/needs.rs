//! What a user needs from a platform (`/platforms alipay 免实名 按秒 cn`), read in one place:
//! the command's filter words and the phrases a question or a `/pick` answer says them with.

/// One thing a user needs from a platform.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    /// Accepts this payment method (a `PAYMENT_METHODS` key).
    Pay(&'static str),
    /// Rents without a real-name (identity) check.
    NoRealName,
    /// Bills by the second (an increment of one second or less).
    PerSecond,
    /// Bills nothing while an instance is stopped (the catalog's `stopped_billing` is
    /// `nothing`): no disk, storage, plan or compute charge.
    StoppedFree,
    /// Sells in mainland China (`cn`) or outside it (`global`).
    Region(&'static str),
    /// Has machines in a place of the places table other than the catalog's split (`us`, `eu`,
    /// `japan`: `/platforms us`), by the catalog's sourced region texts of each platform.
    Place(&'static str),
    /// Takes some payment method other than this one (`没有信用卡`, `no credit card`): the
    /// user lacks it.
    Without(&'static str),
}

/// The payment methods a need names, with the key and word of doing without each. Every
/// method the lexicon reads has a row: one without a row has no way of being lacked.
const WITHOUT: &[(&str, &str, &str)] = &[
    ("alipay", "no_alipay", "no-alipay"),
    ("wechat", "no_wechat", "no-wechat"),
    ("card", "no_card", "no-card"),
    ("paypal", "no_paypal", "no-paypal"),
    ("crypto", "no_crypto", "no-crypto"),
    ("unionpay", "no_unionpay", "no-unionpay"),
    ("bank_transfer", "no_bank_transfer", "no-bank-transfer"),
];

fn without(m: &str) -> Option<&'static (&'static str, &'static str, &'static str)> {
    WITHOUT.iter().find(|(k, _, _)| *k == m)
}

impl Need {
    /// The key the answer's messages select on (`platforms-need`).
    pub fn key(&self) -> &'static str {
        match self {
            Need::Pay(m) => m,
            Need::NoRealName => "no_real_name",
            Need::PerSecond => "per_second",
            Need::StoppedFree => "stopped_free",
            Need::Region(r) | Need::Place(r) => r,
            // A method with no row is named by no message: a neutral key, never another
            // method's (it was `no_card`, so a lacked method read as lacking a bank card).
            Need::Without(m) => without(m).map_or("no_other", |w| w.1),
        }
    }

    /// The one word a command line writes it with (read back by [`parse_needs`]).
    pub fn word(&self) -> &'static str {
        match self {
            Need::Pay(m) => m,
            Need::NoRealName => "no-real-name",
            Need::PerSecond => "per-second",
            Need::StoppedFree => "stopped-free",
            Need::Region(r) | Need::Place(r) => r,
            // No filter word reads back as another method's lack.
            Need::Without(m) => without(m).map_or("no-other", |w| w.2),
        }
    }
}

/// One filter word of `/platforms`.
pub fn need_word(w: &str) -> Option<Need> {
    Some(
        match w.to_lowercase().trim_matches(|c| c == ',' || c == '，') {
            "alipay" | "支付宝" | "zfb" => Need::Pay("alipay"),
            "wechat" | "weixin" | "wx" | "vx" | "微信" | "微信支付" => Need::Pay("wechat"),
            "card" | "credit-card" | "visa" | "mastercard" | "信用卡" | "银行卡" => {
                Need::Pay("card")
            }
            "paypal" => Need::Pay("paypal"),
            "crypto" | "usdt" | "bitcoin" | "btc" | "比特币" | "加密货币" | "虚拟货币" => {
                Need::Pay("crypto")
            }
            "unionpay" | "银联" => Need::Pay("unionpay"),
            "bank-transfer" | "bank_transfer" | "wire" | "对公" | "对公转账" | "对公付款"
            | "银行转账" | "公司账户" => Need::Pay("bank_transfer"),
            "免实名" | "无需实名" | "不实名" | "no-real-name" | "no-kyc" | "nokyc" => {
                Need::NoRealName
            }
            "按秒" | "秒级" | "按秒计费" | "per-second" | "per-sec" | "persecond" => {
                Need::PerSecond
            }
            "stopped-free" | "free-when-stopped" | "关机不收费" | "关机不计费" | "停机不收费"
            | "停机不计费" | "关机免费" => Need::StoppedFree,
            "不用信用卡" | "无信用卡" | "没有信用卡" | "不用绑卡" | "无需绑卡" | "免绑卡" => {
                Need::Without("card")
            }
            "cn" | "china" | "国内" | "中国" => Need::Region("cn"),
            "global" | "intl" | "overseas" | "海外" | "国外" | "境外" => {
                Need::Region("global")
            }
            // `no-card`, `no-credit-card`: a payment method the user lacks.
            w => {
                let m = w.strip_prefix("no-")?;
                match need_word(m)? {
                    Need::Pay(m) => Need::Without(without(m)?.0),
                    _ => return None,
                }
            }
        },
    )
}

/// Whether the words right before a region (`in china`, `国内`) refuse it: `not`, `except`,
/// `excluding`, `不要`, `不是`, `非`, `别`, `除了`, with only spaces or a comma between. Only
/// right before: `不想实名 国内的平台` keeps China (the `不` negates the real name).
pub fn region_refused(before: &str) -> bool {
    const NOT: &[&str] = &[
        "not",
        "except",
        "excluding",
        "不要",
        "不是",
        "非",
        "别",
        "除了",
        // `non-china platforms`, `non china providers`: the prefix refuses the region.
        "non-",
        "non",
    ];
    let b = before.trim_end_matches([' ', ',', '，', '、']);
    NOT.iter().any(|w| {
        b.strip_suffix(w).is_some_and(|rest| {
            !w.is_ascii() || !rest.ends_with(|c: char| c.is_ascii_alphanumeric())
        })
    })
}

/// Verbs of taking a way to pay (`accept`, `take`), before the card they take.
const TAKES: &[&str] = &[
    "accepts",
    "accepting",
    "accept",
    "takes",
    "taking",
    "take",
    "allows",
    "allow",
    "supports",
    "support",
];

/// Where a card is said as a way to pay in words no phrase holds (`accept a card`, `take
/// cards`, `accepting any card`): a verb of taking, at most an article, then `card`/`cards` as a
/// word. A card beside those verbs is paid with, never rented (a GPU is named by its model).
pub fn card_payment_at(text: &str) -> Option<usize> {
    TAKES.iter().find_map(|v| {
        text.match_indices(v).find_map(|(at, _)| {
            let starts = text[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_ascii_alphanumeric());
            let mut rest = text[at + v.len()..].trim_start();
            for a in ["a ", "an ", "any ", "your "] {
                rest = rest.strip_prefix(a).unwrap_or(rest).trim_start();
            }
            let card = ["cards", "card"].iter().find_map(|c| rest.strip_prefix(c));
            let ends = card.is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric()));
            (starts && ends).then_some(at)
        })
    })
}

/// Whether a sentence says any need: a phrase of [`NEED_PHRASES`] or a card taken as payment
/// ([`card_payment_at`]). The one test of a need said, for every reader that asks it.
pub fn need_said(text: &str) -> bool {
    NEED_PHRASES.iter().any(|(w, _)| text.contains(w)) || card_payment_at(text).is_some()
}

/// Reads the filter words; `Err(word)` names the first word that is not a filter.
pub fn parse_needs(args: &str) -> Result<Vec<Need>, String> {
    let mut out = Vec::new();
    for w in args.split_whitespace() {
        let need = need_word(w).ok_or_else(|| w.to_string())?;
        if !out.contains(&need) {
            out.push(need);
        }
    }
    Ok(out)
}

/// Whether the need phrase ending at byte `end` of `text` is negated by the words right after
/// it (`credit card is not needed`, `信用卡不用`, `real name not required`): the one negation
/// reader's after-words, unless what follows the negation is another need of its own
/// (`支付宝不用实名`: alipay, and no real name).
pub fn need_negated_after(text: &str, end: usize) -> bool {
    if super::need_hard_after(text, end) {
        return true;
    }
    if !super::negated_after(text, end) {
        return false;
    }
    let rest = text[end.min(text.len())..].trim_start_matches([' ', ',', '，']);
    let rest = super::negation::ZH_AFTER
        .iter()
        .find_map(|w| rest.strip_prefix(w))
        .map_or(rest, str::trim_start);
    !NEED_PHRASES.iter().any(|(w, _)| rest.starts_with(w))
}

/// Words between a denial and the need it denies that say nothing (`no credit card`, `don't
/// want any real-name check`, `don't want to do KYC`, `不想要任何实名`).
const DENIAL_FILLERS: &[&str] = &[
    " a",
    " an",
    " any",
    " one",
    " to do",
    " to go through",
    " to",
    "任何",
    "一张",
    "1张",
    "张",
];

/// Denials of a need said before it: of having (`没有`, `no`, `without`, `don't have`) and of
/// wanting (`不想要`, `不要`, `don't want`, `no need for`), so a refusal said as not wanting
/// reads as one said as not having.
const NEED_DENIALS: &[&str] = &[
    "没有",
    "没",
    "不用",
    "不能用",
    "不想要",
    "不想做",
    "不想",
    "不要",
    "不愿意",
    "no",
    "without",
    "don't have",
    "dont have",
    "do not have",
    "don't own",
    "haven't got",
    "have no",
    "can't use",
    "cannot use",
    "don't want",
    "dont want",
    "do not want",
    "don't wanna",
    "no need for",
    // `no need id verify`, `don't need a credit card`: what is not needed (und_eg).
    "no need",
    "don't need",
    "dont need",
    "do not need",
    "needn't",
    "rather not",
    // Non-native English without `do`: `not want real name`, `not need kyc`.
    "not want",
    "not wanna",
    "not need",
    // Non-native English for not having (`i have not visa card`, `i not have paypal`, `he has
    // no card`): a confident "pays with" had been read from `have`.
    "have not",
    "has not",
    "has no",
    "haven't",
    "hasn't",
    "havent",
    "not have",
    "not has",
    "doesn't have",
    "does not have",
    "didn't have",
    "don't has",
];

/// Whether the words before a need deny it ([`NEED_DENIALS`], fillers of [`DENIAL_FILLERS`]
/// between): an English denial starts the text or follows a non-letter (`，no实名`).
pub fn need_denied_before(before: &str) -> bool {
    // `没有大陆身份证`, `no chinese id card`: whose it is says nothing more.
    let dropped = super::unable::qualifiers_dropped(before);
    let mut b = dropped.as_str();
    for _ in 0..2 {
        match DENIAL_FILLERS.iter().find_map(|f| b.strip_suffix(f)) {
            Some(t) => b = t.trim_end(),
            None => break,
        }
    }
    NEED_DENIALS.iter().any(|n| {
        b.ends_with(n)
            && (!n.is_ascii()
                || !b[..b.len() - n.len()].ends_with(|c: char| c.is_ascii_alphanumeric()))
    })
}

/// Words that say a payment method is one the person has (`我有信用卡`, `I do have a credit card`,
/// `i've got paypal`): a way they can pay, which leaves no platform out by itself.
const PAY_HELD: &[&str] = &["有", "have", "got", "持有"];

/// Words that make a payment method the only one (`只有支付宝`, `只能用微信`, `only paypal`): the
/// need that leaves out platforms without it.
const PAY_ONLY: &[&str] = &[
    "只有", "只能", "只用", "只会", "仅有", "仅能", "only", "just",
];

/// Whether the clause before a payment method (`before`, up to the method) says the person has
/// it without saying it is their only way ([`PAY_HELD`] and no [`PAY_ONLY`]): `我有信用卡`,
/// `I do have a credit card` hold no restriction, `只有支付宝` does. A denial is read apart
/// ([`need_denied_before`]). The clause starts after the last mark of punctuation.
pub fn payment_held_before(before: &str) -> bool {
    let clause = before
        .rsplit(|c: char| ",，。.;；!！?？、".contains(c))
        .next()
        .unwrap_or(before)
        .to_lowercase();
    let held = PAY_HELD.iter().any(|w| {
        clause.match_indices(w).any(|(i, _)| {
            // An English word whole (`have`, not `behave`); `有没有` asks, it says nothing had.
            let whole = !w.is_ascii()
                || (!clause[..i].ends_with(|c: char| c.is_ascii_alphabetic())
                    && !clause[i + w.len()..].starts_with(|c: char| c.is_ascii_alphabetic()));
            whole && !clause[i..].starts_with("有没有") && !clause[..i].ends_with("没")
        })
    });
    held && !PAY_ONLY.iter().any(|w| clause.contains(w))
}

/// The phrases a sentence says a need with (`哪个平台不用实名`, `which platforms bill per
/// second`, `只有支付宝`), longest first where one contains another. `实名` and `real name`
/// alone say neither way: a question about platforms and real names asks which need none; a
/// `/pick` answer must refuse it (`不想实名`) to count.
pub const NEED_PHRASES: &[(&str, Need)] = &[
    // A credential a mainland real-name check rests on, said lacked (`没有国内手机号`, `no
    // chinese phone number`, `没有大陆身份证`): the need of no real-name check, read only where
    // denied (`phrase_is_topic_only`); listed before `国内` so the phone is no region.
    ("国内手机号", Need::NoRealName),
    ("大陆手机号", Need::NoRealName),
    ("中国手机号", Need::NoRealName),
    ("国内手机", Need::NoRealName),
    ("大陆手机", Need::NoRealName),
    ("chinese phone", Need::NoRealName),
    ("china phone", Need::NoRealName),
    ("chinese mobile", Need::NoRealName),
    ("id card", Need::NoRealName),
    ("realname", Need::NoRealName),
    ("不用实名", Need::NoRealName),
    ("不需要实名", Need::NoRealName),
    ("免实名", Need::NoRealName),
    ("无需实名", Need::NoRealName),
    ("不实名", Need::NoRealName),
    ("不想实名", Need::NoRealName),
    ("不想做实名", Need::NoRealName),
    ("不想要实名", Need::NoRealName),
    ("不要实名", Need::NoRealName),
    ("拒绝实名", Need::NoRealName),
    ("don't want kyc", Need::NoRealName),
    ("don't want to do kyc", Need::NoRealName),
    ("don't want real", Need::NoRealName),
    ("don't want id", Need::NoRealName),
    ("skip kyc", Need::NoRealName),
    ("avoid kyc", Need::NoRealName),
    ("without real-name", Need::NoRealName),
    ("no real-name", Need::NoRealName),
    ("no real name", Need::NoRealName),
    ("without id", Need::NoRealName),
    // Non-native English (und_ee): `no need id`, `no id needed`, `not need id`.
    ("no need id", Need::NoRealName),
    ("not need id", Need::NoRealName),
    ("no need for id", Need::NoRealName),
    ("no id needed", Need::NoRealName),
    ("no id required", Need::NoRealName),
    ("need no id", Need::NoRealName),
    ("no id verification", Need::NoRealName),
    ("no id check", Need::NoRealName),
    ("no identity check", Need::NoRealName),
    ("no kyc", Need::NoRealName),
    // Non-native English (und_eg): `no need id`, `need no id`; `id verify` the topic, a need
    // only where denied (`no need id verify`).
    ("no need id", Need::NoRealName),
    ("need no id", Need::NoRealName),
    ("id verify", Need::NoRealName),
    ("verify id", Need::NoRealName),
    ("don't need real", Need::NoRealName),
    ("real name", Need::NoRealName),
    ("real-name", Need::NoRealName),
    ("实名", Need::NoRealName),
    ("without kyc", Need::NoRealName),
    ("kyc", Need::NoRealName),
    ("don't need id", Need::NoRealName),
    ("don't need kyc", Need::NoRealName),
    ("without verification", Need::NoRealName),
    ("no verification", Need::NoRealName),
    ("id verification", Need::NoRealName),
    ("identity verification", Need::NoRealName),
    ("身份认证", Need::NoRealName),
    ("身份证", Need::NoRealName),
    // Non-native English: `not need passport verification`, `verify my identity`.
    ("passport", Need::NoRealName),
    ("verify identity", Need::NoRealName),
    ("verify my identity", Need::NoRealName),
    ("identity check", Need::NoRealName),
    // `I don't want any ID check`: the topic, a need only where refused (as `real name`).
    ("id check", Need::NoRealName),
    ("支付宝", Need::Pay("alipay")),
    ("alipay", Need::Pay("alipay")),
    // Pinyin initials people type for them (`只能zfb`, `wx也行`, `vx付款`).
    ("zfb", Need::Pay("alipay")),
    ("wx", Need::Pay("wechat")),
    ("vx", Need::Pay("wechat")),
    ("微信", Need::Pay("wechat")),
    ("wechat", Need::Pay("wechat")),
    ("信用卡", Need::Pay("card")),
    // `绑卡` (binding a card to the account; `綁卡` through the Traditional fold): the card.
    ("绑卡", Need::Pay("card")),
    ("credit card", Need::Pay("card")),
    ("visa", Need::Pay("card")),
    ("paypal", Need::Pay("paypal")),
    ("crypto", Need::Pay("crypto")),
    ("usdt", Need::Pay("crypto")),
    ("加密货币", Need::Pay("crypto")),
    ("虚拟货币", Need::Pay("crypto")),
    ("bitcoin", Need::Pay("crypto")),
    ("比特币", Need::Pay("crypto")),
    ("btc ", Need::Pay("crypto")),
    ("银联", Need::Pay("unionpay")),
    ("unionpay", Need::Pay("unionpay")),
    ("按秒", Need::PerSecond),
    // `秒级计费`: billed to the second (und_dx).
    ("秒级", Need::PerSecond),
    ("per second", Need::PerSecond),
    ("per-second", Need::PerSecond),
    ("by the second", Need::PerSecond),
    ("国内", Need::Region("cn")),
    ("in china", Need::Region("cn")),
    ("海外", Need::Region("global")),
    ("国外", Need::Region("global")),
    ("outside china", Need::Region("global")),
    ("境外", Need::Region("global")),
    // English `global` beside the platforms it qualifies (`global platforms that accept crypto`).
    ("global platform", Need::Region("global")),
    ("global 平台", Need::Region("global")),
    ("global平台", Need::Region("global")),
    ("global provider", Need::Region("global")),
    ("global cloud", Need::Region("global")),
    // `有没有 global 的平台`, `global的云`: the region before `的` and the platforms.
    ("global 的", Need::Region("global")),
    ("global的", Need::Region("global")),
    ("global only", Need::Region("global")),
    ("global gpu", Need::Region("global")),
    ("global service", Need::Region("global")),
    ("global site", Need::Region("global")),
    ("overseas", Need::Region("global")),
    ("abroad", Need::Region("global")),
    ("foreign", Need::Region("global")),
    ("international", Need::Region("global")),
    ("outside mainland", Need::Region("global")),
    ("non-chinese", Need::Region("global")),
    ("non chinese", Need::Region("global")),
    ("境内", Need::Region("cn")),
    // `chinese gpu clouds` is China; `non-chinese gpu clouds` (read first) is not.
    ("non-chinese gpu", Need::Region("global")),
    ("non chinese gpu", Need::Region("global")),
    ("non-chinese cloud", Need::Region("global")),
    ("non chinese cloud", Need::Region("global")),
    ("non-chinese provider", Need::Region("global")),
    ("non chinese provider", Need::Region("global")),
    // Data that may not leave China (`数据不能出境`, `data can't leave china`): the mainland
    // region need, as `境内` is.
    ("不能出境", Need::Region("cn")),
    ("不出境", Need::Region("cn")),
    ("不得出境", Need::Region("cn")),
    ("不可出境", Need::Region("cn")),
    ("不允许出境", Need::Region("cn")),
    ("不可以出境", Need::Region("cn")),
    ("can't leave china", Need::Region("cn")),
    ("cannot leave china", Need::Region("cn")),
    ("can not leave china", Need::Region("cn")),
    ("must not leave china", Need::Region("cn")),
    ("not leave china", Need::Region("cn")),
    ("non-chinese platform", Need::Region("global")),
    ("non chinese platform", Need::Region("global")),
    ("chinese gpu", Need::Region("cn")),
    // `non china gpu clouds`: the country's name before the clouds, as `chinese gpu`.
    ("china gpu", Need::Region("cn")),
    // `非中国的平台`: the country's name before the platforms (`中国` alone names no filter).
    ("中国的平台", Need::Region("cn")),
    ("中国平台", Need::Region("cn")),
    ("chinese cloud", Need::Region("cn")),
    ("chinese provider", Need::Region("cn")),
    ("chinese platform", Need::Region("cn")),
    ("china platform", Need::Region("cn")),
    ("china provider", Need::Region("cn")),
    ("china cloud", Need::Region("cn")),
    ("pay by card", Need::Pay("card")),
    ("pay by credit", Need::Pay("card")),
    ("pay with a card", Need::Pay("card")),
    ("pay with card", Need::Pay("card")),
    ("debit card", Need::Pay("card")),
    // `accept card payment`, `pay by bank card`: the card as a way to pay.
    ("card payment", Need::Pay("card")),
    ("accept card", Need::Pay("card")),
    ("accepts card", Need::Pay("card")),
    ("bank card", Need::Pay("card")),
    ("mastercard", Need::Pay("card")),
    ("银行卡", Need::Pay("card")),
    ("刷卡", Need::Pay("card")),
    ("domestic", Need::Region("cn")),
    ("mainland", Need::Region("cn")),
    // A company paying (`对公转账`, `公对公`): the catalog's bank transfer, in `/pick` and in a
    // plain question alike. Bare `对公` is no phrase: it begins `对公司` (for the company).
    ("对公转账", Need::Pay("bank_transfer")),
    ("公对公", Need::Pay("bank_transfer")),
    ("银行转账", Need::Pay("bank_transfer")),
    ("bank transfer", Need::Pay("bank_transfer")),
    ("wire transfer", Need::Pay("bank_transfer")),
    // A wire said as the payment (`takes wire payments`, `pay via wire`): a bank transfer.
    ("wire payment", Need::Pay("bank_transfer")),
    ("via wire", Need::Pay("bank_transfer")),
    // `对公` with a verb of paying or an account after it (`对公付款`, `对公打款`), and a
    // company's account named (`公司账户`, `corporate account`): the same bank transfer.
    ("对公付款", Need::Pay("bank_transfer")),
    ("对公支付", Need::Pay("bank_transfer")),
    ("对公打款", Need::Pay("bank_transfer")),
    ("对公汇款", Need::Pay("bank_transfer")),
    ("对公结算", Need::Pay("bank_transfer")),
    ("对公账户", Need::Pay("bank_transfer")),
    ("公司账户", Need::Pay("bank_transfer")),
    ("企业账户", Need::Pay("bank_transfer")),
    ("走公户", Need::Pay("bank_transfer")),
    ("company account", Need::Pay("bank_transfer")),
    ("corporate account", Need::Pay("bank_transfer")),
    // No `business account`: a PayPal business account is PayPal (fresh25).
    ("pay by wire", Need::Pay("bank_transfer")),
    ("by wire", Need::Pay("bank_transfer")),
];

/// Whether a sentence speaks of billing (`billing`, `bills`, `charges`, `pricing`, `计费`,
/// `收费`): the billing words of a stopped machine's ([`STOPPED_BILLED_WORDS`], less the words
/// of costing nothing) and the forms of `bill` and `price` beside a unit.
pub fn billing_said(text: &str) -> bool {
    STOPPED_BILLED_WORDS
        .iter()
        .filter(|w| !matches!(**w, "free" | "免费" | "cost nothing" | "costs nothing"))
        .chain(["bills", "pricing", "priced"].iter())
        .any(|w| text.contains(w))
}

/// Ways a company pays (a transfer from its account, invoiced billing): arranged through a
/// platform's sales desk and seldom on the page a record's payment methods were taken from, so
/// a list without one does not say it is refused.
pub const COMPANY_PAYMENTS: &[&str] = &["bank_transfer", "invoice"];

/// An invoice for the books (`开发票`, `需要发票`, `an invoice for the company`): no platform's
/// record says whether it issues one (the catalog's `invoice` payment method is post-paid
/// billing, another thing), so it is said back as a need to ask about, never a filter.
pub const INVOICE_WORDS: &[&str] = &[
    "发票",
    "开票",
    "invoice",
    "receipt",
    "报销凭证",
    // `要能开专票`: the VAT invoice kinds by their short names (helper und_ec).
    "专票",
    "普票",
];

/// Whether a phrase only names the topic (`实名`) without saying which way.
pub fn phrase_is_topic_only(w: &str) -> bool {
    matches!(
        w,
        "实名"
            | "real name"
            | "real-name"
            | "kyc"
            | "id verification"
            | "id check"
            | "id verify"
            | "verify id"
            | "identity verification"
            | "身份认证"
            | "身份证"
            | "国内手机号"
            | "大陆手机号"
            | "中国手机号"
            | "国内手机"
            | "大陆手机"
            | "chinese phone"
            | "china phone"
            | "chinese mobile"
            | "id card"
            | "realname"
    )
}

mod spelling;
mod stopped;
pub use spelling::{NEED_SPELLINGS, need_of_slip, need_typos};
pub use stopped::{STOPPED_BILLED_WORDS, STOPPED_WORDS, stopped_billing_asked, stopped_said};

#[cfg(test)]
mod tests;

#[cfg(test)]
mod slip_tests;

#[cfg(test)]
mod pay_held_tests;
