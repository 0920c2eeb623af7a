//! The conversation engine: `Input` in, `Reply`s out, for any frontend.
//!
//! It picks the language, parses the command, and calls the module that owns the answer.

mod inline;
mod press;
pub use inline::Inline;

use crate::answer::error::AnswerError;
use crate::catalog::Catalog;
use crate::commands::{self, Command, Done, Request, pick};
use crate::context::{Answer, ChatRef, Ctx, Input};
use crate::dialogue::{self, PickInput};
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::store::{Store, StoreError, UserPrefs};
use crate::understand::{self, Reading};

use crate::choice::{ChoiceId, FixKind};
use std::sync::Arc;

/// The bot: catalog + store; cheap to share in an `Arc`.
pub struct Bot {
    pub catalog: Arc<Catalog>,
    pub store: Arc<Store>,
    /// Our own @name on platforms that use it, to ignore commands meant for other bots.
    pub bot_name: Option<String>,
    pub today: Option<i64>,
    /// The bot's operators (`GPUSCOUT_ADMINS`): user keys such as `telegram:123`, `discord:456`,
    /// `terminal:local`. Operator-only commands (`/report`, `/status`) check [`Ctx::is_operator`].
    pub operators: Vec<String>,
    /// The per-user limit on expensive commands (`GPUSCOUT_RATE_LIMIT`); `None` = no limit
    /// (the terminal chat, tests).
    pub rate_limit: Option<crate::ratelimit::RateLimit>,
    /// The catalog with the daily exchange-rate feed's rates, for the feed's date (rebuilt
    /// when a newer day is stored; unused when the feed is not fresh).
    fx_catalog: std::sync::Mutex<Option<(String, Arc<Catalog>)>>,
    /// Who may manage subscriptions in a group or channel, per platform (frontends register).
    pub access: crate::alerts::AccessChecks,
    /// Draws `/trend`'s chart (the binary wires in `gpuscout-charts`); `None`: text only.
    pub charts: Option<Arc<dyn crate::chart::ChartRenderer>>,
}

impl Bot {
    pub fn new(catalog: Arc<Catalog>, store: Arc<Store>) -> Bot {
        Bot {
            catalog,
            store,
            bot_name: None,
            today: None,
            operators: Vec::new(),
            rate_limit: None,
            fx_catalog: std::sync::Mutex::new(None),
            access: crate::alerts::AccessChecks::default(),
            charts: None,
        }
    }

    /// The catalog to answer with on `today`: the embedded one, or — when the daily rate feed
    /// is fresh — the same with the feed's exchange rates, so conversions use the day's rate
    /// and name it.
    fn catalog_for(&self, today: i64) -> Option<Arc<Catalog>> {
        let snap = crate::availability::fresh_fx(&self.store, today)?;
        let mut cache = self.fx_catalog.lock().unwrap_or_else(|e| e.into_inner());
        match &*cache {
            Some((date, c)) if *date == snap.date => Some(c.clone()),
            _ => {
                let c = Arc::new(crate::availability::catalog_with_fx(&self.catalog, &snap));
                *cache = Some((snap.date.clone(), c.clone()));
                Some(c)
            }
        }
    }

    /// The language to answer `who` in: the stored `/lang` choice, else the platform locale,
    /// else the one their platform said before (`commands::prefs::lang_of`).
    pub fn lang_for(&self, who: &ChatRef) -> Lang {
        commands::prefs::lang_of(&self.prefs(who), who)
    }

    fn prefs(&self, who: &ChatRef) -> UserPrefs {
        commands::prefs::prefs(&self.store, who)
    }

    /// Handles one input: the replies, in order, and the language they are in (after any
    /// `/lang` switch the input made), so a frontend never has to ask again.
    pub fn handle(&self, who: &ChatRef, input: Input) -> Answer {
        self.handle_after(who, input, None).0
    }

    /// [`Bot::handle`] after the chat's last reading (`last`: the request answered before),
    /// with the request this input was answered as (a command typed or chosen, a question read
    /// as one), the next last reading; `None`: keep the one before. A frontend keeps it per chat
    /// and person, so a follow-up (`那h100呢`) changes a slot of it instead of being asked back.
    pub fn handle_after(
        &self,
        who: &ChatRef,
        input: Input,
        last: Option<&Request>,
    ) -> (Answer, Option<Request>) {
        if let Some(limit) = &self.rate_limit
            && is_expensive(&input, self.bot_name.as_deref())
            && let Err(wait) = limit.check(&who.user_key(), std::time::Instant::now())
        {
            let ctx = self.ctx(who);
            // Nothing runs and nothing is written: the same input works after the wait. The
            // notice goes once per window; the rest of a flood gets no answer at all.
            let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
            let told = limit.notice_due(&who.user_key(), std::time::Instant::now());
            let answer = Answer {
                lang: ctx.lang,
                replies: told
                    .then(|| AnswerError::RateLimited(seconds).reply())
                    .into_iter()
                    .collect(),
            };
            return (answer, None);
        }
        self.handle_unlimited(who, input, last)
    }

    /// [`Bot::handle_after`] without the per-user limit: for a caller that spends a budget
    /// of its own (inline queries, `bot/inline.rs`).
    pub(crate) fn handle_unlimited(
        &self,
        who: &ChatRef,
        input: Input,
        last: Option<&Request>,
    ) -> (Answer, Option<Request>) {
        // The platform's word on the person's language, kept for turns without one.
        commands::prefs::note_seen_lang(&self.store, who);
        // The answer's language is the context's, unless this very input switched it (`/lang`).
        let mut ctx = self.ctx(who);
        // Today's exchange rates from the feed when there is a fresh one (cached per date).
        let fed = self.catalog_for(ctx.today);
        if let Some(c) = &fed {
            ctx.catalog = c;
        }
        let (
            Done {
                replies,
                switched_lang,
            },
            read,
        ) = self.answer(&ctx, input, last);
        let answer = Answer {
            lang: switched_lang.unwrap_or(ctx.lang),
            replies,
        };
        (answer, read)
    }

    /// [`Bot::handle`] for a platform update with an id: `None` if this update was handled
    /// before (re-delivered after a crash). All of the update's writes and its "handled" mark
    /// are one transaction (see [`Store::once`]); when it fails, nothing of the update was
    /// applied and the answer is the store's real reason instead.
    pub fn handle_update(&self, who: &ChatRef, update: u64, input: Input) -> Option<Answer> {
        self.handle_update_after(who, update, input, None)
            .map(|(a, _)| a)
    }

    /// [`Bot::handle_update`] after the chat's last reading (see [`Bot::handle_after`]).
    pub fn handle_update_after(
        &self,
        who: &ChatRef,
        update: u64,
        input: Input,
        last: Option<&Request>,
    ) -> Option<(Answer, Option<Request>)> {
        let key = format!("{}:{}", who.platform, who.chat);
        match (self.store).once(&key, update, || self.handle_after(who, input, last)) {
            Ok(answer) => answer,
            Err(e) => Some((
                Answer {
                    lang: self.lang_for(who),
                    replies: vec![Reply::text(e.user_msg())],
                },
                None,
            )),
        }
    }

    /// [`Bot::handle_update`], keeping the answer with the update's handled mark until the
    /// frontend says it was sent ([`Bot::answer_sent`]): a re-delivered update whose answer
    /// did not get out (a crash or a stop mid-send) gets that same answer again, not nothing.
    /// For platforms that deliver an unconfirmed update again (Telegram).
    pub fn handle_update_kept(&self, who: &ChatRef, update: u64, input: Input) -> Option<Answer> {
        self.handle_update_kept_after(who, update, input, None)
            .map(|(a, _)| a)
    }

    /// [`Bot::handle_update_kept`] after the chat's last reading (see [`Bot::handle_after`]).
    /// An answer sent again after a restart carries no reading: it changes nothing.
    pub fn handle_update_kept_after(
        &self,
        who: &ChatRef,
        update: u64,
        input: Input,
        last: Option<&Request>,
    ) -> Option<(Answer, Option<Request>)> {
        use crate::alerts::outbox::{self, KeptAnswer};
        let key = format!("{}:{}", who.platform, who.chat);
        let handled = self.store.once(&key, update, || {
            let (answer, read) = self.handle_after(who, input, last);
            let kept = KeptAnswer {
                at: crate::availability::now_unix(),
                lang: answer.lang,
                replies: answer.replies.clone(),
            };
            // Held with the update's writes: committed with its handled mark.
            let _ = outbox::keep_answer(&self.store, &key, update, &kept);
            (answer, read)
        });
        match handled {
            Ok(Some(answer)) => Some(answer),
            // Sent again after a restart: the answer as it was, no reading changed.
            Ok(None) => outbox::kept_answer(&self.store, &key, update)
                .ok()
                .flatten()
                .map(|k| {
                    let answer = Answer {
                        lang: k.lang,
                        replies: k.replies,
                    };
                    (answer, None)
                }),
            Err(e) => Some((
                Answer {
                    lang: self.lang_for(who),
                    replies: vec![Reply::text(e.user_msg())],
                },
                None,
            )),
        }
    }

    /// The answer to `update` was sent (or given up on): it is no longer kept.
    pub fn answer_sent(&self, who: &ChatRef, update: u64) -> Result<(), StoreError> {
        let key = format!("{}:{}", who.platform, who.chat);
        crate::alerts::outbox::answer_sent(&self.store, &key, update)
    }

    /// [`Bot::answer_sent`] for several answers at once (one write, riding along with the
    /// next commit).
    pub fn answers_sent(&self, sent: &[(ChatRef, u64)]) -> Result<(), StoreError> {
        let keys: Vec<(String, u64)> = sent
            .iter()
            .map(|(who, update)| (format!("{}:{}", who.platform, who.chat), *update))
            .collect();
        crate::alerts::outbox::answers_sent(&self.store, &keys)
    }

    /// Reads the operator list from `GPUSCOUT_ADMINS`'s format: user keys separated by commas
    /// or spaces (`telegram:123, discord:456`); a bare number means a Telegram user id.
    pub fn parse_operators(list: &str) -> Vec<String> {
        list.split([',', ' ', '\n', '\t'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| {
                if s.bytes().all(|b| b.is_ascii_digit()) {
                    format!("telegram:{s}")
                } else {
                    s.to_string()
                }
            })
            .collect()
    }

    /// Stores `lang` as `who`'s language (the terminal's `--lang`, a platform setting).
    pub fn set_lang(&self, who: &ChatRef, lang: Lang) -> Result<(), StoreError> {
        commands::prefs::set_lang(&self.store, who, lang)
    }

    /// The choices of the question the user's `/pick` dialogue is waiting on (none when no
    /// dialogue runs). A frontend that maps typed numbers to choices uses it when it has no
    /// question of its own to go by: after a restart, or when another command came between.
    pub fn pending_choices(&self, who: &ChatRef) -> Vec<crate::reply::Choice> {
        let ctx = self.ctx(who);
        pick::load(&ctx)
            .map(|state| dialogue::ask(&ctx, &state).choices)
            .unwrap_or_default()
    }

    fn ctx<'a>(&'a self, who: &'a ChatRef) -> Ctx<'a> {
        let prefs = self.prefs(who);
        let lang = commands::prefs::lang_of(&prefs, who);
        // The chat's own setting (`/currency`, chosen for everyone in it) beats the person's,
        // which beats their language's default.
        let chat = commands::prefs::chat_prefs(&self.store, who);
        Ctx {
            catalog: &self.catalog,
            store: &self.store,
            who,
            lang,
            bare_currency: chat
                .currency
                .clone()
                .unwrap_or_else(|| crate::context::BARE_CURRENCY_DEFAULT.to_string()),
            currency: chat
                .currency
                .or(prefs.currency)
                .unwrap_or_else(|| lang.default_currency().to_string()),
            today: self.today.unwrap_or_else(crate::catalog::today),
            is_operator: self.operators.iter().any(|k| *k == who.user_key()),
        }
    }

    /// The input's replies, and the request they answered (the chat's next last reading):
    /// a command typed or chosen, or a question read as one.
    fn answer(&self, ctx: &Ctx, input: Input, last: Option<&Request>) -> (Done, Option<Request>) {
        // A language set is no reading to follow up (`英文` after it would set it back).
        let typed = |line: &str| {
            Request::parse(ctx, line)
                .and_then(Result::ok)
                .filter(|r| !matches!(r, Request::Lang(_)))
        };
        match input {
            Input::Choice(id) => {
                let read = match ChoiceId::parse(&id) {
                    ChoiceId::Run(line) => typed(&line),
                    _ => None,
                };
                (self.on_choice(ctx, &id).into(), read)
            }
            Input::Text(text) => match commands::parse(&text, self.bot_name.as_deref()) {
                Ok(Some(cmd)) => {
                    // Another command typed inside /pick: answered, and /pick is said to wait.
                    let waiting = if commands::leaves_pick_waiting(cmd.def) {
                        pick::load(ctx)
                    } else {
                        None
                    };
                    let mut done = self.run(ctx, &cmd);
                    self.offer_fixes(&text, &mut done.replies);
                    if let Some(state) = waiting {
                        done.replies.push(dialogue::still_open(&state));
                    }
                    // `/fit@our_bot …` in a group: the line without our name.
                    (done, typed(&format!("/{} {}", cmd.def.name, cmd.args)))
                }
                Ok(None) => {
                    if let Some(again) = self.in_language(ctx, &text, last) {
                        return again;
                    }
                    let mut read = None;
                    let replies = self.on_text(ctx, &text, last, &mut read);
                    let mut done: Done = replies.into();
                    // `切换成英文`: the language set is the one this answer is in.
                    if let Some(Request::Lang(Some(lang))) = &read {
                        done.switched_lang = Some(*lang);
                    }
                    (done, read.filter(|r| !matches!(r, Request::Lang(_))))
                }
                // `/fti …`: the commands one typo away offered with the same line.
                Err(commands::CommandError::Unknown(name)) => {
                    let r = AnswerError::UnknownCommand(name.clone()).reply();
                    (commands::near::offer(r, &text, &name).into(), None)
                }
                Err(e) => (AnswerError::from(e).reply().into(), None),
            },
        }
    }

    fn run(&self, ctx: &Ctx, cmd: &Command) -> Done {
        commands::run(ctx, &self.access, self.charts.as_deref(), cmd)
    }

    /// A message that is no command; `read` gets the request a question was read as.
    fn on_text(
        &self,
        ctx: &Ctx,
        text: &str,
        last: Option<&Request>,
        read: &mut Option<Request>,
    ) -> Vec<Reply> {
        let Some(state) = pick::load(ctx) else {
            return self.on_question(ctx, text, last, read);
        };
        // A card or a currency the bot does not know, asked inside /pick: said, /pick kept.
        if dialogue::is_question(text)
            && !dialogue::is_change(ctx, text)
            && let Some(u) = understand::unheard(ctx.catalog, text)
        {
            return vec![
                crate::answer::unheard::reply(ctx, &u),
                dialogue::still_open(&state),
            ];
        }
        // A question about prices, stock or cards (`autodl 4090多少钱一小时`) is answered before
        // a step can take its numbers for an answer (`4090` as a context length); a model's
        // fit may be the step's answer, so it goes to the step first.
        if let Some(reading) = dialogue::question_inside(ctx, &state, text)
            && matches!(&reading, Reading::Command(r) if !matches!(r, understand::Request::Fit(_)))
        {
            let mut replies = self.answer_reading(ctx, reading);
            replies.push(dialogue::still_open(&state));
            return replies;
        }
        let outcome = dialogue::step(ctx, &state, PickInput::Text(text.to_string()));
        // A question asked inside /pick is answered, with where /pick stands.
        if !outcome.changed
            && let Some(reading) = dialogue::question_inside(ctx, &state, text)
        {
            let mut replies = self.answer_reading(ctx, reading);
            replies.push(dialogue::still_open(&state));
            return replies;
        }
        pick::commit(ctx, outcome)
    }

    /// A plain question: read as a command ("I read this as: /fit …"), asked back when two
    /// readings are possible, or answered with examples when nothing in it can be acted on.
    fn on_question(
        &self,
        ctx: &Ctx,
        text: &str,
        last: Option<&Request>,
        read: &mut Option<Request>,
    ) -> Vec<Reply> {
        // A follow-up of the last reading (`那h100呢`) is that reading changed.
        let followed = last.and_then(|l| understand::follow_up_of(ctx.catalog, text, l));
        // A card or a currency the bot does not know is said, never read past; with a last
        // reading a follow-up it could not change is asked back below, not "no question kept".
        let unheard = match last {
            Some(_) => understand::unheard_after_reading(ctx.catalog, text),
            None => understand::unheard(ctx.catalog, text),
        };
        if followed.is_none()
            && let Some(u) = unheard
        {
            return vec![crate::answer::unheard::reply(ctx, &u)];
        }
        // What the one command read cannot carry, said beside its answer (never for a
        // follow-up: it changes one slot of the last reading).
        let (reading, not_carried) = match followed {
            Some(r) => (r, Vec::new()),
            None => understand::read_not_carried(ctx.catalog, text),
        };
        // `多少钱`, `a100 fit?`, `alert me`: what is missing asked for, never "no card caught".
        if matches!(reading, Reading::Unknown)
            && let Some(m) = understand::missing(ctx.catalog, text, last)
        {
            return vec![crate::answer::missing::reply(ctx, &m)];
        }
        if let Reading::Command(r) = &reading
            && !matches!(r, Request::Pick)
        {
            *read = Some(r.clone());
        }
        match reading {
            // Guidance: /pick, started with what the sentence already says.
            Reading::Command(understand::Request::Pick) => {
                let mut replies = pick::commit(ctx, dialogue::start_with(ctx, text));
                let note = Msg::new("understood-as").arg("command", format!("/{}", pick::DEF.name));
                match replies.first_mut() {
                    Some(first) => first.prepend(crate::reply::Part::Text(note)),
                    None => replies.push(Reply::text(note)),
                }
                replies
            }
            reading => {
                // A second ask offered; a region the command could not carry said.
                let asides = crate::answer::asides::asides(ctx, text, &reading, &not_carried);
                let mut replies = self.answer_reading(ctx, reading);
                replies.extend(asides);
                replies
            }
        }
    }

    /// `英文`, `用中文` after an answer: the last reading answered again in that language, for
    /// this answer only (`/lang` sets it for good).
    fn in_language(
        &self,
        ctx: &Ctx,
        text: &str,
        last: Option<&Request>,
    ) -> Option<(Done, Option<Request>)> {
        let last = last?;
        let lang = understand::language_asked(text)?;
        if pick::load(ctx).is_some() {
            return None;
        }
        let ctx = Ctx {
            lang,
            currency: ctx.currency.clone(),
            bare_currency: ctx.bare_currency.clone(),
            ..*ctx
        };
        let replies = self.answer_reading(&ctx, Reading::Command(last.clone()));
        let done = Done {
            replies,
            switched_lang: Some(lang),
        };
        Some((done, Some(last.clone())))
    }

    /// A reading answered: one command run on its typed request, after the line it echoes;
    /// several asked back as choices; none answered with examples.
    fn answer_reading(&self, ctx: &Ctx, reading: Reading) -> Vec<Reply> {
        match reading {
            Reading::Command(req) => {
                let line = req.line();
                let done = commands::run_request(ctx, &self.access, self.charts.as_deref(), &req);
                self.echoed(ctx, &line, done.replies)
            }
            Reading::Ask(reqs) => {
                let lines: Vec<String> = reqs.iter().map(|r| r.line()).collect();
                // One candidate (a misspelt name): "did you mean this?", not "two ways".
                let mut r = Reply::text(if lines.len() == 1 {
                    Msg::new("understand-confirm")
                } else {
                    // The count shown, so three choices are not "two ways".
                    Msg::new("understand-ask").arg("count", lines.len().min(6))
                });
                for line in lines.iter().take(6) {
                    // Choice ids travel in callback data: short ASCII only, else typed.
                    if let Some(id) = ChoiceId::Run(line.clone()).wire_within(60) {
                        r = r.with_choice(&id, Msg::new("understand-choice").arg("command", line));
                    } else {
                        r.push(Msg::new("understand-choice").arg("command", line));
                    }
                }
                vec![r]
            }
            Reading::Unknown => {
                vec![Reply::text(Msg::new("understand-unknown")).with(Msg::new("hint-help"))]
            }
        }
    }

    /// Runs a command line chosen from the choices a reading offered (`run:` ids), after a
    /// line saying so.
    fn run_read_line(&self, ctx: &Ctx, line: &str) -> Vec<Reply> {
        let replies = match commands::parse(line, None) {
            Ok(Some(cmd)) => self.run(ctx, &cmd).replies,
            _ => return vec![Reply::text(Msg::new("understand-unknown"))],
        };
        self.echoed(ctx, line, replies)
    }

    /// The replies with "I read this as: `line`" first, and "did you mean" fixes of the line.
    fn echoed(&self, _ctx: &Ctx, line: &str, mut replies: Vec<Reply>) -> Vec<Reply> {
        self.offer_fixes(line, &mut replies);
        let note = Msg::new("understood-as").arg("command", line);
        match replies.first_mut() {
            Some(first) => first.prepend(crate::reply::Part::Text(note)),
            None => replies.push(Reply::text(note)),
        }
        replies
    }

    /// "Did you mean" candidates become choices that run the user's own line with the name
    /// corrected (`/cost autdl 4090 3h` → `run:/cost autodl 4090 3h`). A candidate whose line
    /// would not fit in callback data (non-ASCII, too long) stays in the text only.
    fn offer_fixes(&self, line: &str, replies: &mut [Reply]) {
        for r in replies.iter_mut() {
            r.choices.retain_mut(|c| {
                let (kind, query, name) = match ChoiceId::parse(&c.id) {
                    ChoiceId::Fix { kind, query, name } => (kind, query, name),
                    _ => return true,
                };
                match self.fixed_line(line, kind, &query, &name) {
                    Some(id) => {
                        c.id = id;
                        true
                    }
                    None => false,
                }
            });
        }
    }

    /// The user's `line` with `query` replaced by the catalog id of `name`, as a run choice id;
    /// `None` when the name is gone, the query is not in the line, or the id would not fit.
    fn fixed_line(&self, line: &str, kind: FixKind, query: &str, name: &str) -> Option<String> {
        let id = match kind {
            FixKind::Gpu => self.catalog.find_gpu(name).map(|g| g.id.clone()),
            FixKind::Platform => self.catalog.find_platform(name).map(|p| p.id.clone()),
            FixKind::Model => self.catalog.find_model(name).map(|m| m.id.clone()),
        }?;
        if query.is_empty() || !line.is_ascii() {
            return None;
        }
        let at = line.to_lowercase().find(&query.to_lowercase())?;
        let fixed = format!("{}{id}{}", &line[..at], &line[at + query.len()..]);
        // `/gpu@ScoutBot 4009`: the choice runs the line without the bot's name.
        let fixed = match fixed.split_once(' ') {
            Some((cmd, rest)) if cmd.contains('@') => {
                format!("{} {rest}", cmd.split('@').next().unwrap_or(cmd))
            }
            _ => fixed,
        };
        ChoiceId::Run(fixed.trim().to_string()).wire_within(60)
    }

    fn on_choice(&self, ctx: &Ctx, id: &str) -> Vec<Reply> {
        match ChoiceId::parse(id) {
            ChoiceId::Run(line) => self.run_read_line(ctx, &line),
            // The /pick result's "alert me": a subscription for the card it recommended.
            ChoiceId::Alert(gpu) => {
                let req = commands::Request::Subscribe(commands::subscribe::SubscribeArgs {
                    stock: commands::stock::StockArgs {
                        gpu,
                        platform: None,
                        max: None,
                        needs: Vec::new(),
                        home: None,
                    },
                    cards: None,
                    family_named: false,
                });
                commands::run_request(ctx, &self.access, self.charts.as_deref(), &req).replies
            }
            // Never sent as it is; a forged one is as stale as an old button.
            ChoiceId::Fix { .. } | ChoiceId::Details(_) => vec![AnswerError::StaleChoice.reply()],
            ChoiceId::Pick(id) => match pick::load(ctx) {
                Some(state) => {
                    pick::commit(ctx, dialogue::step(ctx, &state, PickInput::Choice(id)))
                }
                None => vec![AnswerError::StaleChoice.reply()],
            },
        }
    }
}

/// Whether answering `input` costs real work: a dialogue step, a plain question (read as a
/// command), a button, or a command that prices, fits or searches. `/help`, `/lang`, `/cancel`,
/// catalog look-ups and typos stay free, so a limited user can still find their way.
fn is_expensive(input: &Input, bot_name: Option<&str>) -> bool {
    match input {
        Input::Choice(_) => true,
        Input::Text(text) => match commands::parse(text, bot_name) {
            Ok(Some(cmd)) => cmd.def.flags.expensive,
            Ok(None) => true,
            Err(_) => false,
        },
    }
}
