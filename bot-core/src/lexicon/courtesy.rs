//! Words around an answer that say nothing more than the answer: politeness (`please`, `pls`,
//! `谢谢`, `请`), a wish before it (`我要`, `就要`, `i want`) and a closing particle (`吧`, `呀`,
//! `啦`). One rule for "a button's label said in a sentence" (issue 26 §4): `web terminal
//! please`, `试跑计划吧`, `结束吧` are those buttons, at every step that has them; they had been
//! refused because the label was matched only as typed whole.

/// Said before an answer, longest first where one starts another (`请给我` before `请`).
const BEFORE: &[&str] = &[
    "please ",
    "pls ",
    "plz ",
    "kindly ",
    "i'd like the ",
    "i'd like ",
    "i want the ",
    "i want ",
    "give me the ",
    "give me ",
    "the ",
    "请给我",
    "麻烦",
    "我就要",
    "我要",
    "就要",
    "给我",
    "那就",
    "请",
    "要",
    "就",
];

/// Said after an answer, longest first where one ends another (`thank you` before `you`).
const AFTER: &[&str] = &[
    " thank you",
    " thanks",
    " please",
    " thx",
    " pls",
    " plz",
    "谢谢",
    "謝謝",
    "就行",
    "就好",
    "吧",
    "呀",
    "啊",
    "啦",
    "呢",
    "哈",
    "嘛",
];

/// The answer in `text` without the words around it that say nothing more (`web terminal
/// please` → `web terminal`, `要试跑计划呀` → `试跑计划`); `text` trimmed when none are there.
/// Case is kept; the words are matched in lower case.
pub fn without_courtesy(text: &str) -> &str {
    let mut t = text.trim();
    loop {
        let low = t.to_lowercase();
        let before = BEFORE
            .iter()
            .find(|w| low.starts_with(**w) && low.len() > w.len());
        let after = AFTER
            .iter()
            .find(|w| low.ends_with(**w) && low.len() > w.len());
        let next = match (before, after) {
            (Some(w), _) => t.get(w.len()..),
            (None, Some(w)) => t.get(..t.len() - w.len()),
            (None, None) => None,
        };
        match next.map(str::trim) {
            Some(n) if !n.is_empty() && n != t => t = n,
            _ => return t,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::without_courtesy;

    #[test]
    fn the_answer_without_its_courtesy() {
        for (t, core) in [
            ("web terminal please", "web terminal"),
            ("the web terminal please", "web terminal"),
            ("pls trial plan", "trial plan"),
            ("Trial plan thanks", "Trial plan"),
            ("试跑计划吧", "试跑计划"),
            ("要试跑计划呀", "试跑计划"),
            ("结束吧", "结束"),
            ("结束啦", "结束"),
            ("就要最便宜的那张吧", "最便宜的那张"),
            ("finish", "finish"),
        ] {
            assert_eq!(without_courtesy(t), core, "{t}");
        }
        // Nothing but courtesy is left as it was: no empty answer.
        assert_eq!(without_courtesy("please"), "please");
        assert_eq!(without_courtesy("吧"), "吧");
    }
}
