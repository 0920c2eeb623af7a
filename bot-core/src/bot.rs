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
use std::sync::Arc;

/// The bot: catalog + store; cheap to share in an `Arc`.
pub struct Bot {
    pub catalog: Arc<Catalog>,
    pub store: Arc<Store>,
    /// Our own @name on platforms that use it, to ignore commands meant for other bots.
    pub bot_name: Option<String>,
    pub today: Option<i64>,
}

impl Bot {
    pub fn new(catalog: Arc<Catalog>, store: Arc<Store>) -> Bot {
        Bot {
            catalog,
            store,
            bot_name: None,
            today: None,
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
        let replies = self.replies(who, input);
        Answer {
            lang: self.lang_for(who),
            replies,
        }
    }

    /// Stores `lang` as `who`'s language (the terminal's `--lang`, a platform setting).
    pub fn set_lang(&self, who: &ChatRef, lang: Lang) -> Result<(), StoreError> {
        let mut prefs = self.prefs(who);
        prefs.lang = Some(lang);
        self.store.put(&tables::PREFS, &who.user_key(), &prefs)
    }

    fn replies(&self, who: &ChatRef, input: Input) -> Vec<Reply> {
        let prefs = self.prefs(who);
        let lang = prefs
            .lang
            .unwrap_or_else(|| Lang::from_locale(who.locale.as_deref()));
        let ctx = Ctx {
            catalog: &self.catalog,
            store: &self.store,
            who,
            lang,
            currency: prefs
                .currency
                .clone()
                .unwrap_or_else(|| lang.default_currency().to_string()),
            today: self.today.unwrap_or_else(crate::catalog::today),
        };
        match input {
            Input::Choice(id) => self.on_choice(&ctx, &id),
            Input::Text(text) => match command::parse(&text, self.bot_name.as_deref()) {
                Ok(Some(cmd)) => self.on_command(&ctx, cmd),
                Ok(None) => self.on_text(&ctx, &text),
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
            Command::Stock(args) => vec![answer::stock::chat(
                ctx,
                &args,
                crate::availability::now_unix(),
            )],
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
            None => vec![Reply::text(Msg::new("hint-not-a-command")).with(Msg::new("hint-help"))],
        }
    }

    fn on_choice(&self, ctx: &Ctx, id: &str) -> Vec<Reply> {
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
            Ok(()) => Reply::text(Msg::new("lang-set").arg("lang", lang.tag())),
            Err(e) => store_error_reply(&e),
        }
    }
}
