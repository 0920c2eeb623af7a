//! Stock alerts: subscriptions through the chat, transitions from stored snapshots (debounce,
//! cooldown, "gone again"), and the outbox rows they write in the same transaction.

use bot_core::alerts::{
    self, Access, AccessCheck, AlertConfig, ChatKind, Event, Track, detect, outbox, step,
};
use bot_core::availability::{FetchOutcome, Offer, OfferKind, StockLevel, record_fetch};
use bot_core::store::{Store, db_path};
use bot_core::{Bot, Catalog, ChatRef, Input, Lang, Localizer};
use rust_decimal::Decimal;
use std::sync::Arc;

pub(super) const T0: i64 = 1_764_581_400; // 2025-12-01T09:30:00Z
pub(super) const POLL: i64 = 60;

pub(super) fn cfg() -> AlertConfig {
    AlertConfig {
        debounce_polls: 2,
        debounce_secs: 0,
        cooldown_secs: 0,
    }
}

fn offer(provider: &str, gpu: &str, price: &str, stock: StockLevel, at: i64) -> Offer {
    let p: Decimal = price.parse().unwrap();
    Offer {
        provider: provider.into(),
        gpu: gpu.into(),
        raw_name: gpu.to_uppercase(),
        cards: 1,
        vram_gb: Some(80.0),
        price_per_gpu_hour: p,
        price_per_instance_hour: p,
        currency: "USD".into(),
        kind: OfferKind::OnDemand,
        region: Some("US-East".into()),
        stock,
        available_count: Some(3),
        fetched_at: at,
        source: "test".into(),
    }
}

/// A platform check that says who is an admin of group `g`; anything else is private.
pub(super) struct Admins(pub(super) Vec<&'static str>);
impl AccessCheck for Admins {
    fn check(&self, who: &ChatRef) -> Result<Access, String> {
        if who.chat == who.user {
            return Ok(Access {
                kind: ChatKind::Private,
                may_manage: true,
            });
        }
        Ok(Access {
            kind: if who.chat.starts_with("chan") {
                ChatKind::Channel
            } else {
                ChatKind::Group
            },
            may_manage: self.0.contains(&who.user.as_str()),
        })
    }
}

pub(super) fn setup() -> (tempfile::TempDir, Bot) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    bot.access.register("test", Arc::new(Admins(vec!["boss"])));
    (dir, bot)
}

fn who(chat: &str, user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: chat.into(),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

pub(super) fn say(bot: &Bot, w: &ChatRef, text: &str) -> String {
    let a = bot.handle(w, Input::Text(text.into()));
    a.replies
        .iter()
        .map(|r| Localizer::get().render_plain(a.lang, r))
        .collect::<Vec<_>>()
        .join("\n")
}

pub(super) fn h100(bot: &Bot) -> String {
    bot.catalog.gpu("h100").unwrap().id.clone()
}

/// One poll of runpod at `at`: H100 in stock or out (a successful answer either way).
pub(super) fn poll(bot: &Bot, at: i64, in_stock: bool) {
    let gpu = h100(bot);
    let level = if in_stock {
        StockLevel::Available
    } else {
        StockLevel::Unavailable
    };
    let offers = vec![
        offer("runpod", &gpu, "2.39", level, at),
        offer("runpod", "rtx-4090", "0.69", StockLevel::Available, at),
    ];
    record_fetch(&bot.store, "runpod", FetchOutcome::Offers(offers), at).unwrap();
}

pub(super) fn queued(bot: &Bot) -> Vec<outbox::OutboxItem> {
    outbox::pending(&bot.store, 10_000).unwrap()
}

fn run(bot: &Bot, polls: &[Option<bool>]) -> usize {
    run_from(bot, T0, polls)
}

/// [`run`] with the first poll at `start`.
pub(super) fn run_from(bot: &Bot, start: i64, polls: &[Option<bool>]) -> usize {
    let mut alerts = 0;
    for (i, p) in polls.iter().enumerate() {
        let at = start + POLL * i as i64;
        match p {
            Some(s) => poll(bot, at, *s),
            None => {
                record_fetch(
                    &bot.store,
                    "runpod",
                    FetchOutcome::Failed("HTTP 503".into()),
                    at,
                )
                .unwrap();
            }
        }
        alerts += detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts;
    }
    alerts
}

#[test]
fn the_debounce_holds_a_new_state_for_n_polls_and_flapping_never_confirms() {
    let c = cfg();
    let mut t = Track::default();
    assert_eq!(
        step(&mut t, false, 0, &c),
        None,
        "the first poll is the baseline"
    );
    assert_eq!(step(&mut t, true, 1, &c), None, "one poll is not enough");
    assert_eq!(step(&mut t, false, 2, &c), None);
    assert_eq!(step(&mut t, true, 3, &c), None);
    assert_eq!(step(&mut t, true, 4, &c), Some(Event::Back));
    assert_eq!(step(&mut t, true, 5, &c), None);
    assert_eq!(step(&mut t, false, 6, &c), None);
    assert_eq!(
        step(&mut t, false, 606, &c),
        Some(Event::Gone { lasted_secs: 3 })
    );
    // M minutes: with N = 5 polls, a state held 10 minutes over two polls is confirmed.
    let slow = AlertConfig {
        debounce_polls: 5,
        debounce_secs: 600,
        cooldown_secs: 3600,
    };
    let mut t = Track::default();
    step(&mut t, false, 0, &slow);
    assert_eq!(step(&mut t, true, 100, &slow), None);
    assert_eq!(step(&mut t, true, 700, &slow), Some(Event::Back));
    assert_eq!(step(&mut t, false, 800, &slow), None);
    assert_eq!(
        step(&mut t, false, 1400, &slow),
        Some(Event::Gone { lasted_secs: 700 })
    );
    // Back again within the cooldown: the state moves, nobody is told (and so no "gone").
    assert_eq!(step(&mut t, true, 1500, &slow), None);
    assert_eq!(step(&mut t, true, 2100, &slow), None);
    assert_eq!(t.state, Some(true));
    assert_eq!(step(&mut t, false, 2200, &slow), None);
    assert_eq!(step(&mut t, false, 2800, &slow), None);
}

#[test]
fn stock_that_flaps_every_poll_yields_one_alert_not_many() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "en");
    assert!(say(&bot, &me, "/subscribe h100").contains("Alert set"));
    // Out, then back for two polls (one alert), then flapping every poll.
    let polls = [
        Some(false),
        Some(true),
        Some(true),
        Some(false),
        Some(true),
        Some(false),
        Some(true),
        Some(false),
        Some(true),
    ];
    assert_eq!(run(&bot, &polls), 1);
    let q = queued(&bot);
    assert_eq!(q.len(), 1);
    let text = Localizer::get().render_plain(Lang::En, &q[0].reply);
    assert!(text.contains("in stock on RunPod"), "{text}");
    assert!(text.contains("$2.39"), "{text}");
    assert!(
        text.contains("3 available") && text.contains("US-East"),
        "{text}"
    );
    assert!(text.contains("/cost runpod"), "{text}");
    // An alert on a phone: two lines, the way to stop it included.
    assert!(text.lines().count() <= 2, "{text}");
    assert!(text.contains("/unsubscribe 1"), "{text}");
}

#[test]
fn a_failed_fetch_yields_no_transition_and_does_not_count_as_a_poll() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "en");
    say(&bot, &me, "/subscribe h100 runpod");
    // Baseline in stock; then failures (the kept snapshot still says in stock): nothing.
    assert_eq!(run(&bot, &[Some(true), None, None, None]), 0);
    // Baseline out; a failure between two "in" polls does not break the streak, and no
    // failure ever counts as one of the N.
    let (_d, bot) = setup();
    say(&bot, &me, "/subscribe h100 runpod");
    assert_eq!(run(&bot, &[Some(false), Some(true), None, None]), 0);
    let (_d, bot) = setup();
    say(&bot, &me, "/subscribe h100 runpod");
    assert_eq!(run(&bot, &[Some(false), Some(true), None, Some(true)]), 1);
    // An empty answer keeps the snapshot and moves nothing either.
    let at = T0 + 10 * POLL;
    record_fetch(&bot.store, "runpod", FetchOutcome::Offers(vec![]), at).unwrap();
    assert_eq!(
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts,
        0
    );
    // A stale snapshot (looked at 3 h after its fetch) moves nothing.
    let (_d, bot) = setup();
    say(&bot, &me, "/subscribe h100 runpod");
    poll(&bot, T0, false);
    detect(&bot.store, &bot.catalog, &cfg(), T0).unwrap();
    poll(&bot, T0 + 60, true);
    let late = detect(&bot.store, &bot.catalog, &cfg(), T0 + 60 + 3 * 3600).unwrap();
    assert_eq!((late.polls_skipped, late.alerts), (1, 0));
}

#[test]
fn gone_again_follows_after_the_debounce_with_how_long_it_lasted() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "zh-CN");
    say(&bot, &me, "/subscribe h100");
    let polls = [
        Some(false),
        Some(true),
        Some(true),
        Some(true),
        Some(false),
        Some(false),
    ];
    assert_eq!(run(&bot, &polls), 2);
    let q = queued(&bot);
    let gone = Localizer::get().render_plain(Lang::Zh, &q[1].reply);
    for r in &q {
        let text = Localizer::get().render_plain(Lang::Zh, &r.reply);
        assert!(text.lines().count() <= 2, "{text}");
    }
    // Back since poll 1, gone since poll 4: three minutes of stock.
    assert!(
        gone.contains("又没货了") && gone.contains("3 分钟"),
        "{gone}"
    );
    assert_eq!(q[1].lang, Lang::Zh);
}

#[test]
fn price_limits_cards_and_provider_filter_what_matches() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "en");
    say(&bot, &me, "/subscribe h100 max=2");
    say(&bot, &who("u2", "u2", "en"), "/subscribe h100 vast");
    assert_eq!(run(&bot, &[Some(false), Some(true), Some(true)]), 0);
    let (_d, bot) = setup();
    say(&bot, &me, "/subscribe h100 max=2.5");
    assert_eq!(run(&bot, &[Some(false), Some(true), Some(true)]), 1);
    let (_d, bot) = setup();
    say(&bot, &me, "/subscribe h100 cards=8");
    assert_eq!(run(&bot, &[Some(false), Some(true), Some(true)]), 0);
}

#[test]
fn a_transition_and_its_alert_commit_together_and_a_restart_repeats_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = db_path(dir.path());
    let catalog = Arc::new(Catalog::embedded().unwrap());
    {
        let bot = Bot::new(catalog.clone(), Arc::new(Store::open(&path).unwrap()));
        say(&bot, &who("u1", "u1", "en"), "/subscribe h100");
        assert_eq!(run(&bot, &[Some(false), Some(true), Some(true)]), 1);
    }
    let bot = Bot::new(catalog, Arc::new(Store::open(&path).unwrap()));
    // The same polls looked at again after the restart: already seen, nothing new.
    assert_eq!(
        detect(&bot.store, &bot.catalog, &cfg(), T0 + 3 * POLL)
            .unwrap()
            .alerts,
        0
    );
    let q = queued(&bot);
    assert_eq!(q.len(), 1);
    let item = &q[0];
    assert!(!outbox::was_delivered(&bot.store, &item.key).unwrap());
    outbox::delivered(&bot.store, item, T0 + 200).unwrap();
    assert!(queued(&bot).is_empty());
    assert!(outbox::was_delivered(&bot.store, &item.key).unwrap());
    assert_eq!(
        outbox::stats(&bot.store).unwrap().last_delivery,
        Some(T0 + 200)
    );
}

#[test]
fn in_a_group_only_admins_may_add_or_remove_and_a_chat_has_a_limit() {
    let (_d, bot) = setup();
    let member = who("g1", "joe", "en");
    let boss = who("g1", "boss", "en");
    let refused = say(&bot, &member, "/subscribe 4090");
    assert!(
        refused.contains("Only this chat's administrators"),
        "{refused}"
    );
    assert!(alerts::list_all(&bot.store).unwrap().is_empty());
    assert!(say(&bot, &boss, "/subscribe 4090 max=0.5").contains("Alert set"));
    assert!(say(&bot, &boss, "/subscribe 4090 max=0.5").contains("already has that alert"));
    // Anyone may look.
    let list = say(&bot, &member, "/subs");
    assert!(list.contains("#1") && list.contains("RTX 4090"), "{list}");
    assert!(say(&bot, &member, "/unsubscribe 1").contains("Only this chat's administrators"));
    for n in 2..=alerts::MAX_PER_CHAT {
        let r = say(&bot, &boss, &format!("/subscribe 4090 max={n}"));
        assert!(r.contains("Alert set"), "{r}");
    }
    let full = say(&bot, &boss, "/subscribe h100");
    assert!(full.contains("the most one chat can hold"), "{full}");
    assert!(say(&bot, &boss, "/unsubscribe 3").contains("#3 removed"));
    assert!(say(&bot, &boss, "/unsubscribe 3").contains("no alert #3"));
    assert!(say(&bot, &boss, "/unsubscribe all").contains("removed"));
    assert!(say(&bot, &boss, "/subs").contains("no stock alerts"));
    // Bad input changes nothing and says why.
    assert!(say(&bot, &boss, "/unsubscribe lots").contains("not an alert number"));
    assert!(say(&bot, &boss, "/subscribe 4090 cards=zero").contains("not a number of cards"));
    assert!(say(&bot, &boss, "/subscribe 4090 colour=red").contains("don't know the option"));
    assert!(say(&bot, &boss, "/subscribe <b>nocard</b>").contains("<b>nocard</b>"));
    assert!(alerts::list_all(&bot.store).unwrap().is_empty());
    // A channel subscription is marked as one (its alerts are compact).
    say(&bot, &who("chan9", "boss", "zh-CN"), "/subscribe h100");
    let all = alerts::list_all(&bot.store).unwrap();
    assert_eq!((all[0].kind, all[0].lang), (ChatKind::Channel, Lang::Zh));
    assert_eq!(all[0].currency, "CNY");
}

#[test]
fn a_gone_chat_keeps_its_subscriptions_paused_and_the_admin_who_set_them_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(Store::open(&db_path(dir.path())).unwrap());
    let bot = Bot::new(Arc::new(Catalog::embedded().unwrap()), store);
    struct AllAdmins;
    impl AccessCheck for AllAdmins {
        fn check(&self, _: &ChatRef) -> Result<Access, String> {
            Ok(Access {
                kind: ChatKind::Channel,
                may_manage: true,
            })
        }
    }
    bot.access.register("telegram", Arc::new(AllAdmins));
    let admin = ChatRef {
        platform: "telegram".into(),
        chat: "-1001".into(),
        user: "42".into(),
        locale: Some("en".into()),
        thread: None,
    };
    say(&bot, &admin, "/subscribe h100");
    say(&bot, &admin, "/subscribe 4090");
    assert_eq!(
        alerts::chat_gone(&bot.store, "telegram", "-1001", T0).unwrap(),
        2
    );
    let kept = alerts::list_all(&bot.store).unwrap();
    assert_eq!(kept.len(), 2);
    assert!(kept.iter().all(|s| s.paused_at == Some(T0)), "{kept:#?}");
    let q = queued(&bot);
    assert_eq!(q.len(), 1);
    assert_eq!((q[0].chat.as_str(), q[0].sub), ("42", None));
    let text = Localizer::get().render_plain(Lang::En, &q[0].reply);
    assert!(
        text.contains("-1001") && text.contains("2 stock alerts"),
        "{text}"
    );
}

#[test]
fn a_chat_that_moved_to_a_new_id_keeps_its_alerts_and_settings_and_is_not_alerted_again() {
    // Telegram's group upgraded to a supergroup: the old id's alerts, their tracking and the
    // chat's currency move to the new id; one the new chat already has is not doubled.
    use bot_core::store::tables;
    let (_d, bot) = setup();
    let (old, new) = ("-4242", "-1004242");
    let boss = who(old, "boss", "en");
    assert!(say(&bot, &boss, "/subscribe h100").contains("Alert set"));
    assert!(say(&bot, &boss, "/subscribe 4090 max=0.5").contains("Alert set"));
    // Set after the alerts: a bare 0.5 above is dollars, as in the new chat below.
    assert!(say(&bot, &boss, "/currency cny").contains("CNY"));
    // H100 comes back: one alert, and its tracking says "in stock".
    assert_eq!(run(&bot, &[Some(false), Some(true), Some(true)]), 1);
    let boss_new = who(new, "boss", "en");
    assert!(say(&bot, &boss_new, "/subscribe 4090 max=0.5").contains("Alert set"));
    assert_eq!(alerts::move_chat(&bot.store, "test", old, new).unwrap(), 1);
    let moved = alerts::list_chat(&bot.store, "test", new).unwrap();
    let ids: Vec<(u32, &str)> = moved.iter().map(|s| (s.id, s.gpu.as_str())).collect();
    assert_eq!(ids, [(1, "rtx-4090"), (2, h100(&bot).as_str())]);
    assert_eq!(moved[1].in_stock_on(), ["runpod"]);
    assert!(
        alerts::list_chat(&bot.store, "test", old)
            .unwrap()
            .is_empty()
    );
    let key = |c: &str| format!("chat:test:{c}");
    let prefs = bot.store.get(&tables::PREFS, &key(new)).unwrap().unwrap();
    assert_eq!(prefs.currency.as_deref(), Some("CNY"));
    assert!(bot.store.get(&tables::PREFS, &key(old)).unwrap().is_none());
    let list = say(&bot, &boss_new, "/subs");
    assert!(list.contains("#2") && list.contains("H100"), "{list}");
    // Still in stock at the new id: nobody is told again. Moving again moves nothing.
    let before = queued(&bot).len();
    let at = T0 + POLL * 10;
    poll(&bot, at, true);
    assert_eq!(
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts,
        0
    );
    assert_eq!(queued(&bot).len(), before);
    assert_eq!(alerts::move_chat(&bot.store, "test", old, new).unwrap(), 0);
    assert_eq!(alerts::list_chat(&bot.store, "test", new).unwrap().len(), 2);
    assert_eq!(alerts::move_chat(&bot.store, "test", new, new).unwrap(), 0);
}

#[test]
fn a_pick_half_way_through_goes_on_at_the_chats_new_id() {
    use bot_core::store::tables;
    let (_d, bot) = setup();
    let (old, new) = ("-5151", "-1005151");
    let ana = who(old, "ana", "en");
    // Someone in a chat whose id only starts the same: not moved.
    let kai = who("-51510", "kai", "en");
    say(&bot, &ana, "/pick");
    say(&bot, &kai, "/pick");
    let asked = say(&bot, &ana, "fine-tune qwen2.5-7b");
    let key = |chat: &str, user: &str| format!("test:{chat}:{user}");
    let before = bot.store.get(&tables::DIALOGUE, &key(old, "ana")).unwrap();
    assert!(before.is_some(), "{asked}");
    assert_eq!(alerts::move_chat(&bot.store, "test", old, new).unwrap(), 0);
    assert!(
        bot.store
            .get(&tables::DIALOGUE, &key(old, "ana"))
            .unwrap()
            .is_none()
    );
    assert_eq!(
        bot.store.get(&tables::DIALOGUE, &key(new, "ana")).unwrap(),
        before
    );
    assert!(
        bot.store
            .get(&tables::DIALOGUE, &key("-51510", "kai"))
            .unwrap()
            .is_some()
    );
    // The next answer in the new chat is the dialogue's, not a question of its own.
    let ana_new = who(new, "ana", "en");
    let next = say(&bot, &ana_new, "/back");
    assert!(!next.contains("no /pick"), "{next}");
    assert_ne!(
        bot.store.get(&tables::DIALOGUE, &key(new, "ana")).unwrap(),
        before,
        "{next}"
    );
}

#[test]
fn status_is_for_operators_and_shows_the_outbox_and_feeds() {
    let (_d, mut bot) = setup();
    let me = who("u1", "u1", "en");
    assert!(say(&bot, &me, "/status").contains("for the bot's operators"));
    bot.operators = vec!["test:u1".into()];
    say(&bot, &me, "/subscribe h100");
    run(&bot, &[Some(false), Some(true), Some(true), None]);
    let s = say(&bot, &me, "/status");
    assert!(s.contains("Subscriptions: 1 in 1 chats (test 1)"), "{s}");
    assert!(s.contains("Outbox: 1 waiting"), "{s}");
    assert!(s.contains("Last delivery: never"), "{s}");
    assert!(
        s.contains("runpod: last good fetch") && s.contains("1 failed in a row"),
        "{s}"
    );
}

#[test]
fn the_pick_results_alert_me_choice_subscribes() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "en");
    let a = bot.handle(&me, Input::Choice("a:rtx-4090".into()));
    let text = Localizer::get().render_plain(a.lang, &a.replies[0]);
    assert!(
        text.contains("Alert set") && text.contains("RTX 4090"),
        "{text}"
    );
}

#[test]
fn config_reads_its_variables_and_refuses_nonsense() {
    let c = AlertConfig::from_vars(|k| match k {
        "GPUSCOUT_ALERT_DEBOUNCE_POLLS" => Some("3".into()),
        "GPUSCOUT_ALERT_COOLDOWN_SECS" => Some("0".into()),
        _ => None,
    })
    .unwrap();
    assert_eq!(
        (c.debounce_polls, c.debounce_secs, c.cooldown_secs),
        (3, 600, 0)
    );
    let e = AlertConfig::from_vars(|k| (k == "GPUSCOUT_ALERT_DEBOUNCE_SECS").then(|| "-1".into()));
    assert!(e.unwrap_err().contains("GPUSCOUT_ALERT_DEBOUNCE_SECS"));
}

/// A partial answer (the provider's row cap reached, one page of several) that leaves the
/// card out is no observation: it never confirms "gone" (so no false "back" follows), nor
/// breaks a streak; one that shows the card in stock is an observation like any. `/stock`
/// keeps the card's last reading and says the answer was cut, in Chinese too.
#[test]
fn a_partial_answer_that_leaves_a_card_out_never_confirms_it_gone() {
    let (_d, bot) = setup();
    let me = who("u1", "u1", "en");
    say(&bot, &me, "/subscribe h100 runpod");
    let gpu = h100(&bot);
    let cut = |at: i64, with_h100: bool| {
        let mut offers = vec![offer(
            "runpod",
            "rtx-4090",
            "0.69",
            StockLevel::Available,
            at,
        )];
        if with_h100 {
            offers.push(offer("runpod", &gpu, "2.39", StockLevel::Available, at));
        }
        record_fetch(
            &bot.store,
            "runpod",
            FetchOutcome::Partial {
                offers,
                why: "one page of several (`next`)".into(),
            },
            at,
        )
        .unwrap();
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts
    };
    // `/stock` is asked at the real clock: the polls are the last hour's.
    let t0 = bot_core::availability::now_unix() - 3600;
    let whole = |at: i64, in_stock: bool| {
        poll(&bot, at, in_stock);
        detect(&bot.store, &bot.catalog, &cfg(), at).unwrap().alerts
    };
    // Out, then back over two whole polls: one alert.
    assert_eq!(
        whole(t0, false) + whole(t0 + POLL, true) + whole(t0 + 2 * POLL, true),
        1
    );
    // Three cut answers without the H100: nothing (before: "gone" after two).
    let t = t0 + 10 * POLL;
    assert_eq!(
        cut(t, false) + cut(t + POLL, false) + cut(t + 2 * POLL, false),
        0
    );
    let stock = say(&bot, &me, "/stock h100 runpod");
    assert!(stock.contains("2.39"), "the last reading stays: {stock}");
    assert!(stock.contains("cut short"), "{stock}");
    let zh = say(&bot, &who("u2", "u2", "zh-CN"), "/stock h100 runpod");
    assert!(zh.contains("截断"), "{zh}");
    // A cut answer that shows it in stock is an observation (no change: still in).
    assert_eq!(cut(t + 3 * POLL, true), 0);
    // Whole answers without it: gone, once, after the debounce.
    assert_eq!(whole(t + 4 * POLL, false) + whole(t + 5 * POLL, false), 1);
    assert_eq!(queued(&bot).len(), 2);
}
