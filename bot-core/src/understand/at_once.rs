//! People served together, in whatever words they are counted: `12 clinicians at once`,
//! `thirty users at once`, `8 players hitting it at the same time`, `25 students each
//! chatting`, `serving ten people`, `给实验室二十个人用`, `15 devs` on a code assistant. They
//! are sequences in flight together, `/fit`'s `batch=`: dropped, the fit was sized for one
//! user. A headcount with nothing served (`我们组20个人`) or a training run is no batch.

use super::entities::Entities;
use super::text::has;
use crate::lexicon::number_word;
use crate::vram::Task;

/// Nouns for people (or requests) counted after a number.
const PEOPLE: &[&str] = &[
    "users",
    "people",
    "persons",
    "ppl",
    "folks",
    "clinicians",
    "doctors",
    "nurses",
    "students",
    "kids",
    "learners",
    "pupils",
    "players",
    "gamers",
    "devs",
    "developers",
    "engineers",
    "coders",
    "programmers",
    "researchers",
    "analysts",
    "employees",
    "staff",
    "colleagues",
    "teammates",
    "members",
    "agents",
    "customers",
    "clients",
    "visitors",
    "readers",
    "writers",
    "editors",
    "reviewers",
    "annotators",
    "testers",
    "viewers",
    "listeners",
    "subscribers",
    "patients",
    "lawyers",
    "teachers",
    "requests",
    "sessions",
    "chats",
    "conversations",
    "streams",
    "callers",
];
/// Chinese measure words and nouns for people right after a number (`20个人`, `三十位老师`).
const ZH_PEOPLE: &[&str] = &[
    "个人",
    "人",
    "位",
    "名",
    "个用户",
    "用户",
    "个学生",
    "学生",
    "个同学",
    "同学",
    "个玩家",
    "玩家",
    "个同事",
    "同事",
    "个员工",
    "员工",
    "个开发",
    "开发",
    "个客户",
    "客户",
    "个医生",
    "医生",
    "个老师",
    "老师",
    "个请求",
    "请求",
    "路",
];
/// Served at one time, said outright (also `team_size`'s: a team that uses it at once).
pub(super) const AT_ONCE: &[&str] = &[
    "at once",
    "at the same time",
    "same time",
    "simultaneous",
    "concurrent",
    "in parallel",
];
/// [`AT_ONCE`] in Chinese (`20个人同时在聊`, `并发20`).
const AT_ONCE_ZH: &[&str] = &["同时", "并发"];

/// Whether `text` says its count is served at one time (`同时在聊`, `at once`): the
/// conversations at once that `/pick` asks for, not a headcount.
pub(crate) fn at_once_said(text: &str) -> bool {
    let l = text.to_lowercase();
    AT_ONCE.iter().chain(AT_ONCE_ZH).any(|w| l.contains(w))
}

/// Whether `rest`, what follows a count, opens with an "at once" word (`16 at once`, `4个同时`
/// is no such opening; `同时在聊` is).
pub(crate) fn at_once_opens(rest: &str) -> bool {
    let l = rest.trim_start().to_lowercase();
    AT_ONCE.iter().chain(AT_ONCE_ZH).any(|w| l.starts_with(w))
}

/// People or requests said to be served at one time (`高峰大概20个人同时用`, `30 concurrent
/// requests`): `/pick`'s conversations at once. People served with nothing said at once
/// (`给20个人用`) are a headcount, not this.
pub(crate) fn at_once_count(text: &str) -> Option<u32> {
    let n = super::text::normalize(text);
    let people = at_once_said(&n)
        .then(|| served(&super::text::tokens(&n), &format!(" {n} ")))
        .flatten();
    people.or_else(|| after_cue(&n))
}

/// Words for "at once" that a count follows (`并发8个`, `concurrency 12`), longest first.
const CUE_BEFORE: &[&str] = &[
    "并发数",
    "并发量",
    "并发",
    "concurrency of",
    "concurrency",
    "concurrent requests",
    "concurrent users",
];

/// The count said right after a word for "at once" (`并发8个`, `并发8路`, `concurrency 12`;
/// hedges already dropped): a count with another unit after it (`并发 32k`, `并发2张卡`) is none.
fn after_cue(n: &str) -> Option<u32> {
    CUE_BEFORE.iter().find_map(|cue| {
        n.match_indices(cue).find_map(|(i, _)| {
            let rest =
                n[i + cue.len()..].trim_start_matches([' ', ':', '=', '是', '为', '在', '要']);
            let len = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            let count: u32 = rest[..len].parse().ok()?;
            let after = rest[len..].trim_start();
            let other = after.starts_with(|c: char| c.is_ascii_alphabetic() && c != 'x')
                && !after.starts_with("users")
                && !after.starts_with("requests")
                && !after.starts_with("sessions")
                || [
                    "k", "千", "万", "张", "卡", "小时", "分钟", "天", "块", "元", "台",
                ]
                .iter()
                .any(|u| after.starts_with(u));
            (!other && (1..=crate::vram::MAX_BATCH).contains(&count)).then_some(count)
        })
    })
}

/// Words that make a count served together besides `AT_ONCE`: served, used by each.
const TOGETHER: &[&str] = &[
    "parallel",
    "together",
    "serve",
    "serving",
    "served",
    "chatting",
    "hitting",
    "querying",
    "using it",
    "use it",
    " each ",
    "assistant",
    "chatbot",
    " bot ",
    "copilot",
    "endpoint",
    " api",
    "service",
    "class",
    "同时",
    "一起",
    "并发",
    "在线",
    "访问",
    "服务",
    "助手",
    "客服",
    "机器人",
    "接口",
];
/// Words right before a count that say whom it is for (`for 12 clinicians`, `给20个人`).
const FOR: &[&str] = &["for", "to", "给", "供"];
/// Words of doubt between `for` and the count (`to like thirty users`); a hedge (`about`,
/// `大概`) is gone already, dropped by `normalize` for every reader.
const ABOUT: &[&str] = &["like", "maybe"];

/// A noun for people, in the plural or (`100 user simultaneous`, `30 student`: non-native
/// English) the singular of a plural listed; dropped, the fit was for one user.
fn people_noun(w: &str) -> bool {
    PEOPLE.contains(&w) || (w.len() > 2 && PEOPLE.iter().any(|p| p.strip_suffix('s') == Some(w)))
}

/// A count of people (2 and more) at word `k`, with the words before it: the number and
/// whether `for`/`给` stands right before it.
fn people_at(toks: &[String], k: usize) -> Option<(u32, bool)> {
    let t = toks[k].as_str();
    let next = toks.get(k + 1).map(String::as_str).unwrap_or("");
    let (n, zh_after) = match number_word(t) {
        Some(n) => (n, next),
        // `20个人用` in one word after the digits.
        None => {
            let end = t.find(|c: char| !c.is_ascii_digit()).filter(|e| *e > 0)?;
            (t[..end].parse().ok()?, &t[end..])
        }
    };
    if !(2..=crate::vram::MAX_BATCH).contains(&n) {
        return None;
    }
    let en = people_noun(next)
        || (!people_noun(next)
            && toks
                .get(k + 2)
                .is_some_and(|w| people_noun(w) && next.is_ascii()));
    let zh = ZH_PEOPLE.iter().any(|p| zh_after.starts_with(p)) && !zh_after.starts_with("人民币");
    let mut j = k;
    while j > 0 && ABOUT.contains(&toks[j - 1].as_str()) {
        j -= 1;
    }
    let prev = j.checked_sub(1).map_or("", |p| toks[p].as_str());
    let for_them = FOR.contains(&prev) || prev.ends_with('给') || prev.starts_with('给');
    // `给15个销售用`, `给8名律师用`: any noun counted with a measure word for people, given to
    // them to use, is people served (no list of every trade can be whole).
    let given = for_them
        && ["个", "名", "位"].iter().any(|m| zh_after.starts_with(m))
        && zh_after.chars().take(6).any(|c| c == '用');
    if !(en || zh || given) {
        return None;
    }
    Some((n, for_them))
}

/// `支持五十人同时在线`: a Chinese numeral and its people inside one run of characters: the
/// number, whether `给`/`供` comes right before it, and the characters after it.
fn zh_inside(t: &str) -> Option<(u32, bool, &str)> {
    const NUMERALS: &str = "零一二两三四五六七八九十百";
    let chars: Vec<(usize, char)> = t.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        if !NUMERALS.contains(chars[i].1) {
            i += 1;
            continue;
        }
        let start = chars[i].0;
        let mut j = i;
        while j < chars.len() && NUMERALS.contains(chars[j].1) {
            j += 1;
        }
        let end = chars.get(j).map_or(t.len(), |c| c.0);
        let rest = &t[end..];
        if let Some(n) = number_word(&t[start..end])
            && (2..=crate::vram::MAX_BATCH).contains(&n)
            && ZH_PEOPLE.iter().any(|p| rest.starts_with(p))
        {
            let lead = &t[..start];
            return Some((n, lead.ends_with('给') || lead.ends_with('供'), rest));
        }
        i = j;
    }
    None
}

/// The batch the sentence serves, when it serves people together.
fn served(toks: &[String], padded: &str) -> Option<u32> {
    let together = has(padded, AT_ONCE) || has(padded, TOGETHER);
    let inside = toks.iter().find_map(|t| {
        let (n, for_them, rest) = zh_inside(t)?;
        (together || for_them || rest.contains('用')).then_some(n)
    });
    inside.or_else(|| served_words(toks, together))
}

/// [`served`] for a count that is a word of its own (`12 clinicians`, `二十 个人`).
fn served_words(toks: &[String], together: bool) -> Option<u32> {
    toks.iter().enumerate().find_map(|(k, _)| {
        let (n, for_them) = people_at(toks, k)?;
        // `20个人用`, `二十个人同时用`: the use said right after the count.
        let rest = format!(
            "{}{}",
            toks[k].trim_start_matches(|c: char| c.is_ascii_digit()),
            toks.get(k + 1).map_or("", |w| w.as_str())
        );
        let used = rest.contains('用') || rest.contains("同时");
        (together || for_them || used).then_some(n)
    })
}

/// The entities with people served together as the batch, on an inference question.
pub(super) fn served_batch(toks: &[String], padded: &str, e: &mut Entities) {
    let training = e.tasks.iter().any(|t| *t != Task::Infer)
        || has(
            padded,
            &["finetune", "fine-tune", "fine tune", "train", "微调", "训"],
        );
    // `每人一张`: a card per person is a headcount of cards (`headcount`), nobody served.
    let each_own = has(
        padded,
        &[
            "每人",
            "每个人",
            "一人一",
            "each person",
            "per person",
            "each of us",
        ],
    );
    if e.batch.is_none() && !training && !each_own {
        e.batch = served(toks, padded);
    }
}

#[cfg(test)]
mod tests {
    use super::super::text::{normalize, tokens};
    use super::served;

    fn b(s: &str) -> Option<u32> {
        let n = normalize(s);
        served(&tokens(&n), &format!(" {n} "))
    }

    #[test]
    fn people_together_in_any_words() {
        assert_eq!(b("for 12 clinicians at once"), Some(12));
        assert_eq!(b("serve it to about thirty users"), Some(30));
        assert_eq!(b("给实验室二十个人用"), Some(20));
        assert_eq!(b("40 players hitting it"), Some(40));
        assert_eq!(b("支持五十人同时在线吗"), Some(50));
        assert_eq!(b("给15个销售用"), Some(15));
        assert_eq!(b("我们组有五个人"), None);
        assert_eq!(b("我们组20个人 4090能跑吗"), None);
        assert_eq!(b("two 4090s for the team"), None);
    }

    #[test]
    fn counted_at_once_only_when_said_so() {
        use super::at_once_count as c;
        assert_eq!(
            c("部署个客服机器人，忙的时候十来个，差不多12个人同时问"),
            Some(12)
        );
        assert_eq!(
            c("an internal chatbot, around 25 users at the same time"),
            Some(25)
        );
        assert_eq!(c("expect 40 simultaneous sessions"), Some(40));
        assert_eq!(c("给20个人用的问答服务"), None);
        // A hedge between the word and its count keeps the count.
        assert_eq!(c("并发大概8个"), Some(8));
        assert_eq!(c("concurrency around 12"), Some(12));
        assert_eq!(c("并发差不多10个"), Some(10));
        assert_eq!(c("并发 32k上下文"), None);
        assert_eq!(c("chatbot for 50 users"), None);
    }
}
