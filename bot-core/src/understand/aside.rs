//! What a reader set aside and why (`set_aside`'s records), apart from the guard so the
//! question that carries the records depends on no reader (tidy: no module circle).

/// Why a reader left a named platform out of its reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Aside {
    /// Refused or excluded (`除了autodl`, `anything but vast`, `如果autodl没货`).
    Refused,
    /// The platform rented on now or left, the ask about another place (`moving off runpod`).
    LeftFor,
    /// Found wanting beside a card asked elsewhere (`autodl 那边老断线`).
    Wanting,
    /// Out of the card there, the ask where else (`vast is out of h100s, who else`).
    SoldOut,
    /// A price paid there as the reference, the card asked here (`$3.67/h on GCP`).
    Reference,
    /// The platform to beat in a ranking of every platform (`比runpod便宜的a100`).
    Beaten,
    /// Said as one of alternatives any of which will do (`runpod 或 vast 都行`): every platform.
    Either,
    /// A card's specs asked where it is rented (`the t4 on colab, how many tflops`): the same
    /// card's page wherever it is.
    SpecsThere,
    /// Ranked among every platform where the reader asks the ranking (`导师只给了两千块经费，
    /// autodl的4090能跑多少个小时`: the budget's hours at each platform's price).
    RankedIn,
    /// Named in a second ask of its own, the first read alone (`4090 哪家便宜 顺便问下 autodl 要
    /// 实名吗`).
    SecondAsk,
    /// The user's own price on it, the job costed at that price (`runpod a40 $0.39/h 6 hours`).
    OwnPrice,
}

/// A named platform (its catalog id) a reader set aside, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct SetAside {
    pub platform: String,
    pub why: Aside,
}
