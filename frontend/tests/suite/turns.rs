//! The per-turn glue with a real `bot_core::Bot` (a temporary store, the embedded catalog) and
//! a recording fake `Sender`: no platform types anywhere, which is the point.

use bot_core::{Catalog, ChatRef, Lang, Localizer, Reply, Store};
use gpuscout_frontend::turn::INTERNAL_ERROR;
use gpuscout_frontend::{Address, SendError, SendFuture, Sender, Turns};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the fake was asked to do, in order.
#[derive(Debug, Clone, PartialEq)]
enum Did {
    Send {
        to: Address,
        lang: Lang,
        text: String,
    },
    Edit {
        message: String,
        text: String,
    },
    Typing {
        chat: String,
    },
}

/// Records every call; can be told that the chat is gone.
#[derive(Default)]
struct FakeSender {
    did: Mutex<Vec<Did>>,
    gone: bool,
}

impl FakeSender {
    fn did(&self) -> Vec<Did> {
        self.did.lock().unwrap().clone()
    }

    fn record(&self, did: Did) -> Result<(), SendError> {
        self.did.lock().unwrap().push(did);
        if self.gone {
            return Err(SendError::ChatGone("bot was blocked by the user".into()));
        }
        Ok(())
    }
}

fn plain(lang: Lang, reply: &Reply) -> String {
    Localizer::get().render_plain(lang, reply)
}

impl Sender for FakeSender {
    fn send<'a>(&'a self, to: &'a Address, lang: Lang, reply: &'a Reply) -> SendFuture<'a> {
        let did = Did::Send {
            to: to.clone(),
            lang,
            text: plain(lang, reply),
        };
        Box::pin(async move { self.record(did) })
    }

    fn edit_or_send<'a>(
        &'a self,
        _to: &'a Address,
        message: &'a str,
        lang: Lang,
        reply: &'a Reply,
    ) -> SendFuture<'a> {
        let did = Did::Edit {
            message: message.to_string(),
            text: plain(lang, reply),
        };
        Box::pin(async move { self.record(did) })
    }

    fn typing<'a>(&'a self, chat: &'a str) -> SendFuture<'a> {
        let did = Did::Typing {
            chat: chat.to_string(),
        };
        Box::pin(async move { self.record(did) })
    }
}

struct World {
    _dir: tempfile::TempDir,
    core: Arc<bot_core::Bot>,
    sender: Arc<FakeSender>,
}

impl World {
    fn new() -> World {
        World::with(FakeSender::default())
    }

    fn with(sender: FakeSender) -> World {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(&bot_core::store::db_path(dir.path())).unwrap());
        let core = Arc::new(bot_core::Bot::new(
            Arc::new(Catalog::load(None).unwrap()),
            store,
        ));
        World {
            _dir: dir,
            core,
            sender: Arc::new(sender),
        }
    }

    /// Turns that never show typing unless the answer takes a minute.
    fn turns(&self, typing_after: Duration) -> Turns {
        Turns::new(self.core.clone(), self.sender.clone(), typing_after, "test")
    }
}

fn person(user: &str, locale: &str) -> ChatRef {
    ChatRef {
        platform: "test".into(),
        chat: format!("chat-{user}"),
        user: user.into(),
        locale: Some(locale.into()),
        thread: None,
    }
}

fn rt() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

const SLOW: Duration = Duration::from_secs(60);

#[test]
fn a_student_asks_about_a_4090_and_gets_one_reply_in_chinese() {
    let w = World::new();
    let to = Address::chat("chat-li");
    rt().block_on(
        w.turns(SLOW)
            .text(person("li", "zh-hans"), "/gpu 4090", &to),
    )
    .unwrap();
    let did = w.sender.did();
    assert_eq!(did.len(), 1, "{did:?}");
    let Did::Send {
        to: sent_to,
        lang,
        text,
    } = &did[0]
    else {
        panic!("{did:?}")
    };
    assert_eq!(sent_to, &to);
    assert_eq!(*lang, Lang::Zh);
    assert!(text.contains("RTX 4090") && text.contains("显存"), "{text}");
}

#[test]
fn the_language_comes_from_the_answer_after_a_lang_switch() {
    let w = World::new();
    let to = Address::chat("chat-ann");
    rt().block_on(w.turns(SLOW).text(person("ann", "en"), "/lang zh", &to))
        .unwrap();
    let did = w.sender.did();
    assert!(
        matches!(&did[0], Did::Send { lang: Lang::Zh, .. }),
        "the switch is answered in the new language: {did:?}"
    );
}

#[test]
fn a_button_press_edits_the_carrying_message_then_sends_the_rest() {
    let w = World::new();
    let rt = rt();
    let turns = w.turns(SLOW);
    let ann = person("ann", "en");
    let to = Address {
        chat: "chat-ann".into(),
        reply_to: Some("41".into()),
        thread: None,
    };
    rt.block_on(turns.text(ann.clone(), "/pick", &to)).unwrap();
    // The first question's first choice, as a button would carry it.
    let first_choice = {
        let answer = w.core.handle(
            &person("other", "en"),
            bot_core::Input::Text("/pick".into()),
        );
        answer
            .replies
            .iter()
            .flat_map(|r| &r.choices)
            .next()
            .expect("/pick offers choices")
            .id
            .clone()
    };
    let before = w.sender.did().len();
    rt.block_on(turns.choice(ann.clone(), first_choice.clone(), &to, Some("42")))
        .unwrap();
    let did = w.sender.did()[before..].to_vec();
    assert!(
        matches!(&did[0], Did::Edit { message, .. } if message == "42"),
        "{did:?}"
    );
    assert!(
        did[1..]
            .iter()
            .all(|d| matches!(d, Did::Send { to: t, .. } if *t == to)),
        "{did:?}"
    );
    // Without a carrier (the platform lost the message), everything is sent.
    let bob = person("bob", "en");
    rt.block_on(turns.text(bob.clone(), "/pick", &to)).unwrap();
    let before = w.sender.did().len();
    rt.block_on(turns.choice(bob, first_choice, &to, None))
        .unwrap();
    let did = w.sender.did()[before..].to_vec();
    assert!(!did.is_empty());
    assert!(did.iter().all(|d| matches!(d, Did::Send { .. })), "{did:?}");
}

#[test]
fn a_chat_that_is_gone_stops_the_turn() {
    let w = World::with(FakeSender {
        gone: true,
        ..FakeSender::default()
    });
    let result = rt().block_on(w.turns(SLOW).text(
        person("eve", "en"),
        "/help",
        &Address::chat("x"),
    ));
    assert!(matches!(result, Err(SendError::ChatGone(_))), "{result:?}");
    assert_eq!(
        w.sender.did().len(),
        1,
        "nothing more is sent to a gone chat"
    );
}

#[test]
fn a_slow_answer_shows_typing_first() {
    let w = World::new();
    let to = Address::chat("chat-ann");
    rt().block_on(
        w.turns(Duration::ZERO)
            .text(person("ann", "en"), "/gpus", &to),
    )
    .unwrap();
    let did = w.sender.did();
    assert_eq!(
        did[0],
        Did::Typing {
            chat: "chat-ann".into()
        }
    );
    assert!(matches!(did[1], Did::Send { .. }), "{did:?}");

    // A quick answer does not.
    let w = World::new();
    rt().block_on(w.turns(SLOW).text(person("ann", "en"), "/help", &to))
        .unwrap();
    assert!(
        !w.sender
            .did()
            .iter()
            .any(|d| matches!(d, Did::Typing { .. }))
    );
}

#[test]
fn the_internal_error_message_exists_in_both_languages() {
    for lang in [Lang::En, Lang::Zh] {
        assert!(
            Localizer::get()
                .ids(lang)
                .iter()
                .any(|id| id == INTERNAL_ERROR),
            "{lang:?}"
        );
    }
}
