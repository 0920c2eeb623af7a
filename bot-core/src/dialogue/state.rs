//! What the dialogue has been told so far: the steps and the answers, stored in redb.

use crate::catalog::{Platform, RealName};
use crate::fact::Fact;
use crate::reply::Reply;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

/// What kind of work the user has (the seed's §1 table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TaskKind {
    /// Minutes to hours: boot speed, per-second billing, ready images.
    Experiment,
    /// Hours to days: enough VRAM, resumable.
    FineTune,
    /// Days to months, always on: stability, monthly or per-call billing.
    Serve,
}

/// An image or video generation job (a diffusion pipeline, `diffusion::`), sized by the
/// pipeline's own estimate instead of the LLM fit engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Media {
    Image,
    Video,
}

/// How long and how often the card is needed.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Usage {
    /// One run of this many hours.
    OneOff { hours: Decimal },
    /// This many hours every day (costed over 30 days).
    Daily { hours: Decimal },
    /// Always on (costed per 730-hour month).
    Always,
}

/// The steps, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Step {
    Task,
    Model,
    Method,
    Context,
    /// Serving only: conversations at once at peak (sizes the KV cache).
    Concurrency,
    Usage,
    Card,
    Barriers,
    Result,
    Trial,
}

/// Everything answered so far; serde data stored in redb.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PickState {
    pub step: Step,
    /// Steps visited, for /back.
    #[serde(default)]
    pub history: Vec<Step>,
    pub task: Option<TaskKind>,
    /// Catalog model id, or `None` with `params_b` for a size-only model.
    pub model: Option<String>,
    pub params_b: Option<f64>,
    /// Quantization key (`bf16`, `int4`, `q4_k_m`...) or training method (`lora`, `qlora`, `full`).
    pub method: Option<String>,
    pub context: Option<u32>,
    /// Conversations served at once at peak (serving); sizes the KV cache.
    #[serde(default)]
    pub concurrency: Option<u32>,
    pub usage: Option<Usage>,
    pub gpu: Option<String>,
    pub cards: Option<u32>,
    #[serde(default)]
    pub needs: Needs,
    /// Set when the user chose "not sure" at the model step.
    #[serde(default)]
    pub unsure_model: bool,
    /// Steps the step-1 sentence already answered (its model, method, duration): not asked.
    #[serde(default)]
    pub skip: Vec<Step>,
    /// What the user already paid for a run like this one (`花了50块跑了3小时`): set against
    /// the cheapest option in the result.
    #[serde(default)]
    pub paid: Option<Paid>,
    /// Image or video generation (`想跑SD出图`, `wan 出视频`): the model step asks a pipeline.
    #[serde(default)]
    pub media: Option<Media>,
    /// The diffusion pipeline id (`flux.1-dev`), when named or chosen.
    #[serde(default)]
    pub pipeline: Option<String>,
    /// A ceiling per card-hour (`每小时不超过3块`, `under $1/h`), in `cap_currency` (`None`:
    /// the dialogue's currency, said): options above it are left out of the ranking.
    #[serde(default)]
    pub cap: Option<Decimal>,
    #[serde(default)]
    pub cap_currency: Option<String>,
    /// Platforms the user refused (`不要autodl`): left out of the ranking, and said.
    #[serde(default)]
    pub excluded: Vec<String>,
    /// People a service is for (`给20个人用`): said beside the conversations-at-once step.
    #[serde(default)]
    pub users: Option<u32>,
    /// Inference was said at the task step without how long (`之前用colab跑推理`), and a run
    /// or a service asked: a length said next (`跑一次，一个小时`) answers it.
    #[serde(default)]
    pub inference: bool,
    /// Steps answered before the task step reads its sentence, which it keeps unless the
    /// sentence says them: by the job said before another started `/pick` over (its model, its
    /// duration where it still applies), or beside it (the conversations at once).
    #[serde(default)]
    pub carried: Vec<Step>,
    /// A bare no said at a step that asks no yes/no question: whether to leave `/pick` was
    /// asked, and the next message answers it (`replied::quit_answered`).
    #[serde(default)]
    pub quit_asked: bool,
    /// A card said that could not hold the job as sized then (`full fine-tune … on a 4090`),
    /// kept so a count said next (`make it 2 cards`) counts that card (`recount`).
    #[serde(default)]
    pub gpu_unfit: Option<String>,
    /// The person said a bare number they typed was a numbered option (`chosen`: asked back
    /// where the step also reads it as a value): their later bare numbers are options.
    #[serde(default)]
    pub numbers_are_places: bool,
    /// A bare number asked back at this step (option or value, `chosen`): the next message
    /// answers it, typed as well as tapped (`option 2`, `选项3` is the option's button, so the
    /// person's later bare numbers are options); any message drops the question, as `quit_asked`.
    #[serde(default)]
    pub number_asked: Option<usize>,
}

/// A sum already paid, in the currency written with it (`None`: a bare sum, read in the
/// dialogue's currency as a bare budget is).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Paid {
    pub amount: Decimal,
    #[serde(default)]
    pub currency: Option<String>,
}

/// Stored as a versioned record: version 2 is the shape above. Version 1 (and rows from
/// before versions, whose fields added since are `#[serde(default)]`) kept a budget's period
/// in two fields, `budget_monthly` and `budget_days`, which could disagree; they become the
/// one `budget_per`.
impl crate::store::Record for PickState {
    const VERSION: u32 = 2;

    fn upgrade(from: u32, mut old: serde_json::Value) -> Result<serde_json::Value, String> {
        if from >= 2 {
            return Ok(old);
        }
        if let Some(needs) = old
            .get_mut("needs")
            .and_then(serde_json::Value::as_object_mut)
        {
            let monthly = needs.remove("budget_monthly").and_then(|v| v.as_bool());
            let days = needs.remove("budget_days").and_then(|v| v.as_u64());
            let per = match (days, monthly) {
                (Some(1), _) => Some("day"),
                (Some(7), _) => Some("week"),
                (_, Some(true)) => Some("month"),
                _ => None,
            };
            if let Some(per) = per {
                needs.insert("budget_per".into(), per.into());
            }
        }
        Ok(old)
    }
}

impl PickState {
    pub fn new() -> PickState {
        PickState {
            step: Step::Task,
            history: Vec::new(),
            task: None,
            model: None,
            params_b: None,
            method: None,
            context: None,
            concurrency: None,
            usage: None,
            gpu: None,
            cards: None,
            needs: Needs::default(),
            unsure_model: false,
            skip: Vec::new(),
            paid: None,
            media: None,
            pipeline: None,
            cap: None,
            cap_currency: None,
            excluded: Vec::new(),
            users: None,
            inference: false,
            carried: Vec::new(),
            quit_asked: false,
            gpu_unfit: None,
            numbers_are_places: false,
            number_asked: None,
        }
    }
}

impl Default for PickState {
    fn default() -> Self {
        PickState::new()
    }
}

/// What the user did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PickInput {
    Choice(String),
    Text(String),
    Back,
}

/// The result of one step: the next state (`None` = dialogue over) and what to say.
pub struct Outcome {
    pub state: Option<PickState>,
    pub replies: Vec<Reply>,
    /// False when the input was rejected: the caller must not write anything.
    pub changed: bool,
}

/// What the user needs from a platform before price matters.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Needs {
    pub web_terminal: bool,
    pub images: bool,
    pub no_real_name: bool,
    /// Payment methods the user can use (any one is enough); empty = any.
    pub payments: Vec<String>,
    /// Budget for the job, in `budget_currency`.
    pub budget: Option<Decimal>,
    /// The currency the budget was written in (`预算30元` → CNY); `None` for a bare amount,
    /// read in the currency the dialogue prices in (`Ctx::currency`), and said.
    #[serde(default)]
    pub budget_currency: Option<String>,
    /// The period the budget was said for: per month (`预算每月2000`, a month of this use),
    /// per day or per week (each such period of the job has it: `barriers::allowance` scales
    /// it to what the job is costed over); `None` for the whole job.
    #[serde(default)]
    pub budget_per: Option<BudgetPer>,
    /// The region of the platforms wanted (`cn`, `global`): a platform's region is always
    /// known, so one elsewhere is left out.
    #[serde(default)]
    pub region: Option<String>,
    /// A place machines are wanted in (`us`, `eu`, `hk`: a region text of `lexicon::PLACES`),
    /// checked against each platform's sourced region list: unknown where it has none.
    #[serde(default)]
    pub place: Option<String>,
    /// An invoice wanted for the books: no platform's record says, so the result says to ask.
    #[serde(default)]
    pub invoice: bool,
}

/// The period a budget is said for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BudgetPer {
    Day,
    Week,
    Month,
}

impl BudgetPer {
    /// Days in the period; a month is the job's own month (`None`).
    pub fn days(self) -> Option<u32> {
        match self {
            BudgetPer::Day => Some(1),
            BudgetPer::Week => Some(7),
            BudgetPer::Month => None,
        }
    }
}

/// Whether a platform meets one need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Met {
    Yes,
    No,
    Unknown,
}

pub(super) const PAYMENTS: &[(&str, &[&str])] = &[
    ("alipay", &["alipay", "支付宝"]),
    ("wechat", &["wechat", "微信", "wechat pay", "微信支付"]),
    ("card", &["card", "credit card", "visa", "信用卡", "银行卡"]),
    ("crypto", &["crypto", "usdt", "加密货币", "虚拟币"]),
    (
        "bank_transfer",
        &[
            "bank_transfer",
            "bank transfer",
            "wire",
            "wire transfer",
            "对公",
            "对公转账",
            "对公付款",
            "银行转账",
            "公司账户",
            "company account",
        ],
    ),
];

impl Needs {
    /// Toggles a need from a choice id or typed word; false when the word means nothing here.
    pub fn apply(&mut self, value: &str) -> bool {
        let v = value.trim().to_lowercase();
        for prefix in [
            "budget",
            "预算",
            "max",
            "不超过",
            "最多",
            "under",
            "at most",
            "within",
            "below",
        ] {
            if let Some(rest) = v.strip_prefix(prefix) {
                // `预算改成100`, `budget to 80`: a change of the budget.
                let rest = rest.trim();
                let rest = [
                    "改成", "改为", "换成", "变成", "调到", "调成", "提到", "降到", "to ",
                ]
                .iter()
                .find_map(|w| rest.strip_prefix(w))
                .unwrap_or(rest);
                let amount = rest
                    .trim()
                    .trim_start_matches(['=', ':', '：', '是'])
                    .trim();
                let currency = crate::understand::currency_word(amount);
                let amount = amount
                    .trim_end_matches("以内")
                    .trim_end_matches("以下")
                    .trim_end_matches("块钱")
                    .trim_start_matches(['¥', '$', '￥'])
                    .trim_end_matches(['元', '块', '刀'])
                    .trim();
                return match amount.parse::<Decimal>() {
                    Ok(b) if b > Decimal::ZERO && b < Decimal::from(10_000_000) => {
                        self.budget = Some(b);
                        self.budget_currency = currency.map(str::to_string);
                        // A budget changed without its period is for the whole job.
                        self.budget_per = None;
                        true
                    }
                    _ => false,
                };
            }
        }
        match v.as_str() {
            "web" | "web terminal" | "网页终端" | "网页" => {
                self.web_terminal = !self.web_terminal
            }
            "img" | "images" | "image" | "镜像" | "现成镜像" => self.images = !self.images,
            "nrn"
            | "no real-name"
            | "no real name"
            | "no real-name check"
            | "no kyc"
            | "免实名"
            | "免实名认证"
            | "不实名"
            | "不要实名"
            | "不需要实名"
            | "不用实名"
            | "无需实名"
            | "不要实名认证"
            | "不需要实名认证"
            | "不用实名认证"
            | "无需实名认证" => self.no_real_name = !self.no_real_name,
            _ => {
                let Some((key, _)) = PAYMENTS
                    .iter()
                    .find(|(k, words)| *k == v || words.contains(&v.as_str()))
                else {
                    return false;
                };
                if let Some(i) = self.payments.iter().position(|p| p == key) {
                    self.payments.remove(i);
                } else {
                    self.payments.push(key.to_string());
                }
            }
        }
        true
    }

    /// Each need the user set, with whether `p` meets it.
    pub fn check(&self, p: &Platform) -> Vec<(&'static str, Met)> {
        let b = &p.barriers;
        let fact = |f: &Fact<bool>| match f {
            Fact::Known(true) => Met::Yes,
            Fact::Known(false) => Met::No,
            Fact::Unknown => Met::Unknown,
        };
        let mut out = Vec::new();
        if self.web_terminal {
            // Jupyter's terminal also counts as a browser terminal.
            let m = match (fact(&b.web_terminal), fact(&b.jupyter)) {
                (Met::Yes, _) | (_, Met::Yes) => Met::Yes,
                (Met::No, Met::No) => Met::No,
                _ => Met::Unknown,
            };
            out.push(("web", m));
        }
        if self.images {
            out.push(("img", fact(&b.prebuilt_images)));
        }
        if self.no_real_name {
            out.push((
                "nrn",
                match b.real_name_verification {
                    Fact::Known(RealName::NotRequired) => Met::Yes,
                    Fact::Known(RealName::Required) => Met::No,
                    // Only some services (an API, enterprise features) need it.
                    Fact::Known(RealName::SomeServices) => Met::Unknown,
                    Fact::Unknown => Met::Unknown,
                },
            ));
        }
        if let Some(r) = &self.region {
            out.push(("region", if p.region == *r { Met::Yes } else { Met::No }));
        }
        if let Some(place) = &self.place {
            out.push((
                "place",
                match crate::lexicon::platform_in_place(p, place) {
                    Some(true) => Met::Yes,
                    Some(false) => Met::No,
                    None => Met::Unknown,
                },
            ));
        }
        if !self.payments.is_empty() {
            out.push((
                "pay",
                if self.payments.iter().any(|p| b.payment_methods.contains(p)) {
                    Met::Yes
                } else if b.payment_methods.is_empty()
                    || self
                        .payments
                        .iter()
                        .any(|p| crate::lexicon::COMPANY_PAYMENTS.contains(&p.as_str()))
                {
                    // No list, or a company's way that a list is silent about: unknown.
                    Met::Unknown
                } else {
                    Met::No
                },
            ));
        }
        out
    }
}
