//! The conversation engine: `Input` in, `Reply`s out, for any frontend.
//!
//! It picks the language, parses the command, and calls the module that owns the answer.

use crate::answer::catalog::View;
use crate::answer::common::store_error_reply;
use crate::answer::{self, help::help};
use crate::catalog::Catalog;
use crate::command::{self, Command, CommandError};
use crate::context::{Answer, ChatRef, Ctx, Input};
use crate::dialogue::{self, Outcome, PickInput, PickState};
use crate::i18n::Lang;
use crate::reply::{Msg, Reply};
use crate::store::{Store, StoreError, UserPrefs, tables};
use crate::understand::{self, Reading};

/// Choice ids that run a command line (the understanding layer's "did you mean …?").
const RUN_PREFIX: &str = "run:";
use crate::alerts::ALERT_CHOICE_PREFIX as ALERT_PREFIX;
use std::sync::Arc;

thread_local! {
    /// The language a `/lang` in the message being handled switched to: `handle` answers in
    /// it without reading the prefs a second time (a message is handled on one thread).
    static SWITCHED_LANG: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

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

    /// The language to answer `who` in: the stored `/lang` choice, else the platform locale.
    pub fn lang_for(&self, who: &ChatRef) -> Lang {
        self.prefs(who)
            .lang
            .unwrap_or_else(|| Lang::from_locale(who.locale.as_deref()))
    }

    fn prefs(&self, who: &ChatRef) -> UserPrefs {
        // A store read error degrades to defaults: answering beats failing.
        self.store
            .get(&tables::PREFS, &who.user_key())
            .ok()
            .flatten()
            .unwrap_or_default()
    }

    /// Handles one input: the replies, in order, and the language they are in (after any
    /// `/lang` switch the input made), so a frontend never has to ask again.
    pub fn handle(&self, who: &ChatRef, input: Input) -> Answer {
        crate::store::take_last_error();
        SWITCHED_LANG.set(None);
        // One read of the user's prefs per message: the answer's language is the context's,
        // unless this very input switched it (`/lang`).
        let mut ctx = self.ctx(who);
        if let Some(limit) = &self.rate_limit
            && is_expensive(&input, self.bot_name.as_deref())
            && let Err(wait) = limit.check(&who.user_key(), std::time::Instant::now())
        {
            // Nothing runs and nothing is written: the same input works after the wait. The
            // notice goes once per window; the rest of a flood gets no answer at all.
            let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
            let told = limit.notice_due(&who.user_key(), std::time::Instant::now());
            return Answer {
                lang: ctx.lang,
                replies: told
                    .then(|| {
                        Reply::text(
                            Msg::new(crate::ratelimit::RATE_LIMITED)
                                .arg("seconds", seconds.to_string()),
                        )
                    })
                    .into_iter()
                    .collect(),
            };
        }
        // Today's exchange rates from the feed when there is a fresh one (cached per date).
        let fed = self.catalog_for(ctx.today);
        if let Some(c) = &fed {
            ctx.catalog = c;
        }
        let mut replies = self.replies(&ctx, input);
        if let Some(e) = crate::store::take_last_error() {
            explain_store_error(&mut replies, &e);
        }
        Answer {
            lang: SWITCHED_LANG.take().unwrap_or(ctx.lang),
            replies,
        }
    }

    /// [`Bot::handle`] for a platform update with an id: `None` if this update was handled
    /// before (re-delivered after a crash). All of the update's writes and its "handled" mark
    /// are one transaction (see [`Store::once`]); when it fails, nothing of the update was
    /// applied and the answer is the store's real reason instead.
    pub fn handle_update(&self, who: &ChatRef, update: u64, input: Input) -> Option<Answer> {
        let key = format!("{}:{}", who.platform, who.chat);
        match self.store.once(&key, update, || self.handle(who, input)) {
            Ok(answer) => answer,
            Err(e) => Some(Answer {
                lang: self.lang_for(who),
                replies: vec![Reply::text(e.user_msg())],
            }),
        }
    }

    /// [`Bot::handle_update`], keeping the answer with the update's handled mark until the
    /// frontend says it was sent ([`Bot::answer_sent`]): a re-delivered update whose answer
    /// did not get out (a crash or a stop mid-send) gets that same answer again, not nothing.
    /// For platforms that deliver an unconfirmed update again (Telegram).
    pub fn handle_update_kept(&self, who: &ChatRef, update: u64, input: Input) -> Option<Answer> {
        use crate::alerts::outbox::{self, KeptAnswer};
        let key = format!("{}:{}", who.platform, who.chat);
        let handled = self.store.once(&key, update, || {
            let answer = self.handle(who, input);
            let kept = KeptAnswer {
                at: crate::availability::now_unix(),
                lang: answer.lang,
                replies: answer.replies.clone(),
            };
            // Held with the update's writes: committed with its handled mark.
            let _ = outbox::keep_answer(&self.store, &key, update, &kept);
            answer
        });
        match handled {
            Ok(Some(answer)) => Some(answer),
            Ok(None) => outbox::kept_answer(&self.store, &key, update)
                .ok()
                .flatten()
                .map(|k| Answer {
                    lang: k.lang,
                    replies: k.replies,
                }),
            Err(e) => Some(Answer {
                lang: self.lang_for(who),
                replies: vec![Reply::text(e.user_msg())],
            }),
        }
    }

    /// The answer to `update` was sent (or given up on): it is no longer kept.
    pub fn answer_sent(&self, who: &ChatRef, update: u64) -> Result<(), StoreError> {
        let key = format!("{}:{}", who.platform, who.chat);
        crate::alerts::outbox::answer_sent(&self.store, &key, update)
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
        let mut prefs = self.prefs(who);
        prefs.lang = Some(lang);
        self.store.put(&tables::PREFS, &who.user_key(), &prefs)
    }

    /// The choices of the question the user's `/pick` dialogue is waiting on (none when no
    /// dialogue runs). A frontend that maps typed numbers to choices uses it when it has no
    /// question of its own to go by: after a restart, or when another command came between.
    pub fn pending_choices(&self, who: &ChatRef) -> Vec<crate::reply::Choice> {
        let ctx = self.ctx(who);
        self.dialogue(&ctx)
            .map(|state| dialogue::ask(&ctx, &state).choices)
            .unwrap_or_default()
    }

    fn ctx<'a>(&'a self, who: &'a ChatRef) -> Ctx<'a> {
        let prefs = self.prefs(who);
        let lang = prefs
            .lang
            .unwrap_or_else(|| Lang::from_locale(who.locale.as_deref()));
        Ctx {
            catalog: &self.catalog,
            store: &self.store,
            who,
            lang,
            currency: prefs
                .currency
                .clone()
                .unwrap_or_else(|| lang.default_currency().to_string()),
            today: self.today.unwrap_or_else(crate::catalog::today),
            is_operator: self.operators.iter().any(|k| *k == who.user_key()),
        }
    }

    fn replies(&self, ctx: &Ctx, input: Input) -> Vec<Reply> {
        match input {
            Input::Choice(id) => self.on_choice(ctx, &id),
            Input::Text(text) => match command::parse(&text, self.bot_name.as_deref()) {
                Ok(Some(cmd)) => {
                    let mut replies = self.on_command(ctx, cmd);
                    self.offer_fixes(&text, &mut replies);
                    replies
                }
                Ok(None) => self.on_text(ctx, &text),
                Err(CommandError::Unknown(name)) => vec![
                    Reply::text(
                        Msg::new("error-unknown-command").arg("command", format!("/{name}")),
                    )
                    .with(Msg::new("hint-help")),
                ],
                Err(CommandError::MissingArgs { usage_id, .. }) => {
                    vec![Reply::text(Msg::new("error-missing-args")).with(Msg::new(usage_id))]
                }
            },
        }
    }

    fn on_command(&self, ctx: &Ctx, cmd: Command) -> Vec<Reply> {
        match cmd {
            Command::Start => vec![Reply::text(Msg::new("welcome")).with(Msg::new("hint-help"))],
            Command::Help => vec![help(ctx.lang)],
            Command::Lang(arg) => vec![self.lang_command(ctx, arg.as_deref())],
            Command::Gpu(name) => vec![answer::catalog::gpu_detail(&View::of(ctx), &name)],
            Command::Gpus => vec![answer::catalog::gpu_list(&View::of(ctx))],
            Command::Platform(name) => {
                vec![answer::catalog::platform_detail(&View::of(ctx), &name)]
            }
            Command::Platforms => vec![answer::catalog::platform_list(&View::of(ctx))],
            Command::Models => vec![answer::catalog::model_list(&View::of(ctx))],
            Command::Convert(args) => vec![answer::billing::convert(ctx, &args)],
            Command::Cost(args) => vec![answer::billing::cost(ctx, &args)],
            Command::Compare(args) => vec![answer::billing::compare(ctx, &args)],
            Command::Fit(args) => vec![answer::fit::fit(ctx, &args)],
            Command::Tco(args) => vec![answer::tco::chat(ctx, &args)],
            Command::Pick => self.commit_dialogue(ctx, dialogue::start(ctx)),
            Command::Back => match self.dialogue(ctx) {
                Some(state) => {
                    self.commit_dialogue(ctx, dialogue::step(ctx, &state, PickInput::Back))
                }
                None => {
                    vec![Reply::text(Msg::new("pick-none-active")).with(Msg::new("usage-pick"))]
                }
            },
            Command::Cancel => match self
                .store
                .delete(&tables::DIALOGUE, &ctx.who.dialogue_key())
            {
                Ok(true) => vec![Reply::text(Msg::new("pick-cancelled"))],
                Ok(false) => vec![Reply::text(Msg::new("pick-none-active"))],
                Err(e) => vec![store_error_reply(&e)],
            },
            Command::Trial(args) => vec![answer::trial::handle(ctx, &args)],
            Command::Stock(args) => {
                let now = crate::availability::now_unix();
                let mut r = answer::stock::chat(ctx, &args, now);
                // A card that is out everywhere: when it usually is in, and what is in now.
                if let Some(notes) = answer::trend::out_of_stock_notes(ctx, &args, now) {
                    r.parts.extend(notes.parts);
                }
                vec![r]
            }
            Command::Trend(args) => vec![answer::trend::chat(
                ctx,
                &args,
                crate::availability::now_unix(),
                self.charts.as_deref(),
            )],
            Command::Offers(args) => vec![answer::offers::chat(
                ctx,
                &args,
                crate::availability::now_unix(),
            )],
            Command::Report(args) => vec![answer::offers::report(
                ctx,
                &args,
                crate::availability::now_unix(),
            )],
            Command::Subscribe(args) => vec![answer::alerts::subscribe(
                ctx,
                &self.access,
                &args,
                crate::availability::now_unix(),
            )],
            Command::Unsubscribe(args) => {
                vec![answer::alerts::unsubscribe(ctx, &self.access, &args)]
            }
            Command::Subs => vec![answer::alerts::subs(ctx)],
            Command::Status => vec![answer::alerts::status(ctx, crate::availability::now_unix())],
        }
    }

    /// The user's dialogue in this chat, if one is running. An unreadable state (from an
    /// incompatible older version) counts as none.
    fn dialogue(&self, ctx: &Ctx) -> Option<PickState> {
        let value = self
            .store
            .get(&tables::DIALOGUE, &ctx.who.dialogue_key())
            .ok()??;
        serde_json::from_value(value).ok()
    }

    /// Saves (or clears) the dialogue state an outcome carries, then returns its replies.
    /// A rejected answer writes nothing.
    fn commit_dialogue(&self, ctx: &Ctx, outcome: Outcome) -> Vec<Reply> {
        if outcome.changed {
            let key = ctx.who.dialogue_key();
            let saved = match &outcome.state {
                Some(state) => serde_json::to_value(state)
                    .map_err(|e| StoreError::Db(e.to_string()))
                    .and_then(|v| self.store.put(&tables::DIALOGUE, &key, &v)),
                None => self.store.delete(&tables::DIALOGUE, &key).map(|_| ()),
            };
            if let Err(e) = saved {
                return vec![store_error_reply(&e)];
            }
        }
        outcome.replies
    }

    fn on_text(&self, ctx: &Ctx, text: &str) -> Vec<Reply> {
        match self.dialogue(ctx) {
            Some(state) => self.commit_dialogue(
                ctx,
                dialogue::step(ctx, &state, PickInput::Text(text.to_string())),
            ),
            None => self.on_question(ctx, text),
        }
    }

    /// A plain question: read as a command ("I read this as: /fit …"), asked back when two
    /// readings are possible, or answered with examples when nothing in it can be acted on.
    fn on_question(&self, ctx: &Ctx, text: &str) -> Vec<Reply> {
        match understand::read(ctx.catalog, text) {
            Reading::Command(line) => self.run_read_line(ctx, &line),
            Reading::Ask(lines) => {
                // One candidate (a misspelt name): "did you mean this?", not "two ways".
                let mut r = Reply::text(Msg::new(if lines.len() == 1 {
                    "understand-confirm"
                } else {
                    "understand-ask"
                }));
                for line in lines.iter().take(6) {
                    let id = format!("{RUN_PREFIX}{line}");
                    // Choice ids travel in callback data: short ASCII only, else typed.
                    if id.is_ascii() && id.len() <= 60 {
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

    /// Runs a command line the understanding layer produced, after a line saying so.
    fn run_read_line(&self, ctx: &Ctx, line: &str) -> Vec<Reply> {
        // Live stock needs the live-offers feature; until a /stock command exists, the card's
        // dated list prices are the honest answer, with stock said to be unknown.
        let (line, stock_unknown) = match line.strip_prefix("/stock ") {
            Some(rest) if !understand::is_known_command(line) => {
                let gpu = rest.split_whitespace().next().unwrap_or_default();
                (format!("/gpu {gpu}"), true)
            }
            _ => (line.to_string(), false),
        };
        let mut replies = match command::parse(&line, None) {
            Ok(Some(cmd)) => self.on_command(ctx, cmd),
            _ => return vec![Reply::text(Msg::new("understand-unknown"))],
        };
        self.offer_fixes(&line, &mut replies);
        let note = Msg::new("understood-as").arg("command", line.as_str());
        match replies.first_mut() {
            Some(first) => first.parts.insert(0, crate::reply::Part::Text(note)),
            None => replies.push(Reply::text(note)),
        }
        if stock_unknown && let Some(last) = replies.last_mut() {
            last.push(Msg::new("pick-stock-unknown"));
        }
        replies
    }

    /// "Did you mean" candidates become choices that run the user's own line with the name
    /// corrected (`/cost autdl 4090 3h` → `run:/cost autodl 4090 3h`). A candidate whose line
    /// would not fit in callback data (non-ASCII, too long) stays in the text only.
    fn offer_fixes(&self, line: &str, replies: &mut [Reply]) {
        use crate::answer::common::{FIX_PREFIX, FIX_SEP};
        for r in replies.iter_mut() {
            r.choices.retain_mut(|c| {
                let Some(rest) = c.id.strip_prefix(FIX_PREFIX) else {
                    return true;
                };
                let mut parts = rest.split(FIX_SEP);
                let (Some(kind), Some(query), Some(name)) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    return false;
                };
                let id = match kind {
                    "g" => self.catalog.find_gpu(name).map(|g| g.id.clone()),
                    "p" => self.catalog.find_platform(name).map(|p| p.id.clone()),
                    _ => self.catalog.find_model(name).map(|m| m.id.clone()),
                };
                let (Some(id), false) = (id, query.is_empty()) else {
                    return false;
                };
                let lower = line.to_lowercase();
                let Some(at) = lower
                    .find(&query.to_lowercase())
                    .filter(|_| line.is_ascii())
                else {
                    return false;
                };
                let fixed = format!("{}{id}{}", &line[..at], &line[at + query.len()..]);
                // `/gpu@ScoutBot 4009`: the choice runs the line without the bot's name.
                let fixed = match fixed.split_once(' ') {
                    Some((cmd, rest)) if cmd.contains('@') => {
                        format!("{} {rest}", cmd.split('@').next().unwrap_or(cmd))
                    }
                    _ => fixed,
                };
                let choice_id = format!("{RUN_PREFIX}{}", fixed.trim());
                if choice_id.len() > 60 {
                    return false;
                }
                c.id = choice_id;
                true
            });
        }
    }

    fn on_choice(&self, ctx: &Ctx, id: &str) -> Vec<Reply> {
        if let Some(line) = id.strip_prefix(RUN_PREFIX) {
            return self.run_read_line(ctx, line);
        }
        // The /pick result's "alert me": a subscription for the card it recommended.
        if let Some(gpu) = id.strip_prefix(ALERT_PREFIX) {
            return vec![answer::alerts::subscribe(
                ctx,
                &self.access,
                gpu,
                crate::availability::now_unix(),
            )];
        }
        match self.dialogue(ctx) {
            Some(state) => self.commit_dialogue(
                ctx,
                dialogue::step(ctx, &state, PickInput::Choice(id.to_string())),
            ),
            None => vec![Reply::text(Msg::new("error-stale-choice"))],
        }
    }

    fn lang_command(&self, ctx: &Ctx, arg: Option<&str>) -> Reply {
        let Some(arg) = arg else {
            return Reply::text(Msg::new("lang-current").arg("lang", ctx.lang.tag()))
                .with(Msg::new("usage-lang"));
        };
        let Some(lang) = Lang::parse_user_choice(arg) else {
            return Reply::text(Msg::new("error-bad-lang").arg("value", arg))
                .with(Msg::new("usage-lang"));
        };
        // A language switch also resets the display currency to that language's default
        // unless the user picked one explicitly.
        match self.set_lang(ctx.who, lang) {
            Ok(()) => {
                SWITCHED_LANG.set(Some(lang));
                Reply::text(Msg::new("lang-set").arg("lang", lang.tag()))
            }
            Err(e) => store_error_reply(&e),
        }
    }
}

/// Whether answering `input` costs real work: a dialogue step, a plain question (read as a
/// command), a button, or a command that prices, fits or searches. `/help`, `/lang`, `/cancel`,
/// catalog look-ups and typos stay free, so a limited user can still find their way.
fn is_expensive(input: &Input, bot_name: Option<&str>) -> bool {
    match input {
        Input::Choice(_) => true,
        Input::Text(text) => match command::parse(text, bot_name) {
            Ok(Some(cmd)) => matches!(
                cmd,
                Command::Cost(_)
                    | Command::Compare(_)
                    | Command::Fit(_)
                    | Command::Tco(_)
                    | Command::Stock(_)
                    | Command::Trend(_)
                    | Command::Offers(_)
                    | Command::Pick
                    | Command::Back
            ),
            Ok(None) => true,
            Err(_) => false,
        },
    }
}

/// A store failure is answered with its real reason (a full disk, a damaged file) in the
/// user's language, instead of the generic "couldn't save, try again".
fn explain_store_error(replies: &mut [Reply], e: &StoreError) {
    for reply in replies {
        for part in &mut reply.parts {
            if let crate::reply::Part::Text(msg) = part
                && msg.id == "error-store"
            {
                *msg = e.user_msg();
            }
        }
    }
}
