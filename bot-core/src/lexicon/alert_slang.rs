//! Ways of asking to be told later that the alert tables did not hold (helper und_eg, issue 26):
//! chat slang for a ping (`dd我`, `call 我`, `滴我`), Taglish `pa-notify`, and arrivals said as
//! a card appearing (`上架了`, `is back`, `shows up`, `is come on vast`). With one card named
//! they are `/subscribe`; they had been the card's page (`蹲一个h200，有了dd我` → `/gpu`).

/// A ping asked for in chat slang, or a request to be told on its own (`pa-notify`: Taglish
/// "please notify"). Read as words of their own: each is the wish to be told.
pub const TELL_SLANG: &[&str] = &[
    "dd我",
    "dd 我",
    "滴我",
    "滴滴我",
    "戳我",
    "艾特我",
    "call 我",
    "call我",
    "call me",
    "pa-notify",
    "pa notify",
    "pa-remind",
];

/// A wait for a card to appear (`蹲一个 4090`, `蹲个h100`): camping on it, an alert when a
/// word to be told follows.
pub const WAIT_WORDS: &[&str] = &["蹲一个", "蹲个", "蹲一张", "蹲 "];

/// A card appearing, the event an alert waits for.
pub const ARRIVAL_WORDS: &[&str] = &[
    "有了",
    "上架",
    "补货",
    "放出来",
    "is back",
    "are back",
    "comes back",
    "come back",
    "shows up",
    "show up",
    "is come",
    "comes on",
    "come on ",
    "appears",
    "gets listed",
    "is listed",
];

/// Plain words to be told, read beside an arrival (`when X shows up let me know`).
const TELL_PLAIN: &[&str] = &["let me know", "tell me", "notify", "ping me", "lmk"];

/// Whether the text asks to be told of a card later in words the alert tables lack: slang for
/// a ping, or an arrival with a word to be told.
pub fn alert_slang_said(padded: &str) -> bool {
    let any = |ws: &[&str]| ws.iter().any(|w| padded.contains(w));
    any(TELL_SLANG) || ((any(ARRIVAL_WORDS) || any(WAIT_WORDS)) && any(TELL_PLAIN))
}

#[cfg(test)]
mod tests {
    use super::alert_slang_said;

    #[test]
    fn slang_and_arrivals_are_alerts() {
        for s in [
            " 蹲一个 h200，有了dd我 ",
            " 4090 上架了 call 我一下 ",
            " when h20 is come on vast let me know ",
            " pa-notify naman po kapag may b200 na ",
            " let me know when a 5090 shows up ",
        ] {
            assert!(alert_slang_said(s), "{s}");
        }
        for s in [
            " 4090 多少钱 ",
            " come on, which is cheaper ",
            " let me know the cheapest h100 ",
            " call of duty on a 4090? ",
        ] {
            assert!(!alert_slang_said(s), "{s}");
        }
    }
}
