//! Regional and chat spellings made standard before a question is read: Cantonese written
//! words as Mandarin, chat spellings as words (`u`, `rn`), traditional characters as simplified.

use std::collections::HashMap;
use std::sync::OnceLock;

/// Cantonese written words as the Mandarin the cue words are written in (`有冇5090` →
/// `有没有5090`, `差咩嘢` → `差什么`, `边度最平` → `哪里最便宜`). Longer words first.
pub(super) const CANTONESE: &[(&str, &str)] = &[
    ("有冇", "有没有"),
    ("升定跌", "涨还是跌"),
    ("边张抵", "哪张划算"),
    ("边个抵", "哪个划算"),
    ("抵唔抵", "划不划算"),
    ("话我知", "通知我"),
    ("近排", "最近"),
    ("仲有", "还有"),
    ("几钱", "多少钱"),
    ("而家", "现在"),
    ("边张", "哪张"),
    ("揀", "选"),
    ("咩嘢", "什么"),
    ("乜嘢", "什么"),
    ("边度", "哪里"),
    // Northern 哪儿 is 哪里 (`H100 PCIe 哪儿有` was read as the card's specs); every cue list
    // written with 哪儿 has its 哪里 twin.
    ("哪儿", "哪里"),
    ("边间", "哪家"),
    ("边个", "哪个"),
    ("点样", "怎么"),
    ("几多", "多少"),
    ("最平", "最便宜"),
    // `推介` is 推荐 in Hong Kong; `平嘅` a cheap one (`想搵個平嘅GPU雲`).
    ("推介", "推荐"),
    ("平嘅", "便宜的"),
    ("平啲", "便宜点"),
    ("冇", "没"),
    ("咩", "什么"),
    ("嘅", "的"),
    ("嗰", "那"),
    ("係", "是"),
    ("唔", "不"),
    ("咗", "了"),
    ("揾", "找"),
    ("搵", "找"),
    ("睇", "看"),
];

/// A pinyin keyboard's slips: a homophone picked for a word the reader looks for (`便意` for
/// `便宜`, `微掉` for `微调`, `现存` for `显存`). Only slips that are no other word a question
/// about renting cards says; `微掉` read as nothing sized a fine-tune as inference.
pub(super) const HOMOPHONES: &[(&str, &str)] = &[
    ("便意", "便宜"),
    ("便以", "便宜"),
    ("变宜", "便宜"),
    ("微掉", "微调"),
    ("微条", "微调"),
    ("维调", "微调"),
    ("推里", "推理"),
    ("训连", "训练"),
    ("部属", "部署"),
    ("多少现存", "多少显存"),
    ("现存多大", "显存多大"),
    ("现存够", "显存够"),
    ("显村", "显存"),
    ("显纯", "显存"),
    ("显寸", "显存"),
];

/// Money and unit words as people type them, in the lexicon's word, read before the numerals
/// so every pass sees one spelling: `美刀` (and `刀乐`) for `美元` (`0.5 美刀 每小时` was no
/// price: only `刀` and `美元` were money), `per-second` for `per second`.
pub(super) const MONEY_SPELLINGS: &[(&str, &str)] = &[
    ("美刀", "美元"),
    ("刀乐", "美元"),
    // Hong Kong dollars in English are no US dollars (`20 hong kong dollars`, `HK$20`): the
    // code, written before the amount as the sign was (read by the price's currency-first rule).
    ("hong kong dollars", "hkd"),
    ("hong kong dollar", "hkd"),
    ("hk dollars", "hkd"),
    ("hk dollar", "hkd"),
    ("hk$", "hkd "),
    ("per-second", "per second"),
    ("per-minute", "per minute"),
    ("per-hour", "per hour"),
    ("per-day", "per day"),
    ("per-month", "per month"),
];

/// Whole Latin words as chat spells them, in the word the lexicon reads: `u` → `you`, `rn` →
/// `right now`, `distil` → `distill`. Only a whole word is replaced (`distillation`,
/// `run` stay).
const SPELLINGS: &[(&str, &str)] = &[
    ("u", "you"),
    ("ur", "your"),
    ("r", "are"),
    ("rn", "right now"),
    ("atm", "right now"),
    ("pls", "please"),
    ("plz", "please"),
    // `any recs for a gpu cloud`: recommendations asked in chat shorthand (corpus87).
    ("recs", "recommendations"),
    ("wat", "what"),
    ("wht", "what"),
    // `which` misspelt (`not sure wich provider`): the guidance and list cues read `which`.
    ("wich", "which"),
    ("whcih", "which"),
    ("whihc", "which"),
    ("whitch", "which"),
    // Pinyin initials typed for a word (`3090 xc多少`: xiǎn cún): only those no other word
    // in a question about renting cards is spelled with (`xc` 显存, `xk` 显卡).
    ("xc", "显存"),
    ("xk", "显卡"),
    // An autocomplete's other form of the verb (`unsubscription all`, und_dx).
    ("unsubscription", "unsubscribe"),
    ("dont", "don't"),
    ("doesnt", "doesn't"),
    ("isnt", "isn't"),
    ("cant", "can't"),
    // Spanish and Portuguese lengths (`por 5 horas`): a number whose unit is not read would
    // bill the default hour.
    ("horas", "hours"),
    ("hora", "hour"),
    ("minutos", "minutes"),
    ("semanas", "weeks"),
    ("dias", "days"),
];

/// Parts of model names as people misspell them, replaced inside a name too
/// (`deepseek-r1-distil-qwen-32b`): no other reading of the word exists, glued or not.
const NAME_SPELLINGS: &[(&str, &str)] = &[("distil", "distill"), ("distiled", "distill")];

/// The replacement for the whole word `w`: a name part ([`NAME_SPELLINGS`]) wherever it
/// stands, a chat spelling ([`SPELLINGS`]) only when `loose` (not glued to a digit or a
/// name's joiner).
fn spelled(w: &str, loose: bool) -> Option<&'static str> {
    let find = |list: &[(&'static str, &'static str)]| {
        list.iter().find(|(from, _)| *from == w).map(|(_, to)| *to)
    };
    find(NAME_SPELLINGS).or_else(|| if loose { find(SPELLINGS) } else { None })
}

/// One walk: each maximal run of ASCII letters is looked up in [`SPELLINGS`], unless it is
/// glued to a digit or a name's joiner on either side (`2h`, `r1`, `qwen-r`); name parts
/// ([`NAME_SPELLINGS`]) wherever they stand.
pub(super) fn respell(s: &str) -> String {
    // A word glued to a number or a key's `=` (`r=64`) is no chat spelling.
    let glue = |c: char| c.is_ascii_digit() || matches!(c, '-' | '.' | '_' | '/' | '$' | '=');
    let mut out = String::with_capacity(s.len());
    let mut word = String::new();
    let mut glued = false;
    for c in s.chars() {
        if c.is_ascii_alphabetic() {
            if word.is_empty() {
                glued = out.chars().next_back().is_some_and(glue);
            }
            word.push(c);
            continue;
        }
        if !word.is_empty() {
            let w = std::mem::take(&mut word);
            out.push_str(spelled(&w, !glued && !glue(c)).unwrap_or(&w));
        }
        out.push(c);
    }
    if !word.is_empty() {
        out.push_str(spelled(&word, !glued).unwrap_or(&word));
    }
    out
}

/// Traditional characters (Taiwan, Hong Kong) as their simplified forms, so `現在哪裡有4090`
/// reads like `现在哪里有4090`: every cue word and name in the lexicon is written simplified.
/// The characters of the words the reader looks for; others are kept as they are. `著` is
/// the Traditional `着` of `一直開著` (kept on); the simplified `著名` sense names nothing here.
/// The characters of `/pick`'s move words and goals (`隨便`, `繼續`, `講故事`, `語音`) too, so a
/// Traditional move reads as the Simplified one (helper und_de).
const TRADITIONAL: &str = "現裡裏個時錢塊張顯嗎費貴買運訓練調還沒麼幾價區別實認證寶雲這較鐘週夠開關機數據刪儲計單貨選擇薦劃點長該線萬億兩給說問請對會後來過記憶體參規寬帶務佈營與為們臺種條擬檔庫態勢漲歷變網預內國際卻讓號碼訂閱貼應試驗龐東門風幣圓讀寫啟動續結總約恆騰訊貝華優勝澗績攬趨藍學畢課導師幫換匯裝間級設專業類發環標準題詢轉權統陸灣廣鏡盤傳資電腦註冊帳戶額餘護載從離絡邊於雙處誰節減達報產錄穩頁議見觀圖閒紀屬聽視頻擁極龍廠禮頭樣話謝測並搶滿顆隻賣購備錯質兒將閃範圍陣確況壓縮羣組構獲輸鏈鎖層積覽覺鬆緩衝輪順著適綁決辦隨繼畫語識聲歡講則書賬罷熱稱協義殘輕麗愛貓寵戲齊習論經簡雜釋擴團隊員緊終";
/// The simplified form of each character of [`TRADITIONAL`], in the same order.
const SIMPLIFIED: &str = "现里里个时钱块张显吗费贵买运训练调还没么几价区别实认证宝云这较钟周够开关机数据删储计单货选择荐划点长该线万亿两给说问请对会后来过记忆体参规宽带务布营与为们台种条拟档库态势涨历变网预内国际却让号码订阅贴应试验庞东门风币圆读写启动续结总约恒腾讯贝华优胜涧绩揽趋蓝学毕课导师帮换汇装间级设专业类发环标准题询转权统陆湾广镜盘传资电脑注册帐户额余护载从离络边于双处谁节减达报产录稳页议见观图闲纪属听视频拥极龙厂礼头样话谢测并抢满颗只卖购备错质儿将闪范围阵确况压缩群组构获输链锁层积览觉松缓冲轮顺着适绑决办随继画语识声欢讲则书账罢热称协义残轻丽爱猫宠戏齐习论经简杂释扩团队员紧终";

/// Every other Traditional character with its Simplified form (OpenCC's character tables,
/// generated by `tools/gen_traditional.py`; source and date in the file's header), so a
/// Traditional word the hand table never listed (`45分鍾`) still reads as its Simplified form.
const GENERATED: &str = include_str!("traditional_chars.txt");

/// [`GENERATED`]'s pairs, sorted by the Traditional character for a binary search: a few
/// thousand pairs, looked up for every CJK character of every message.
pub(crate) fn generated_pairs() -> &'static [(char, char)] {
    static PAIRS: OnceLock<Vec<(char, char)>> = OnceLock::new();
    PAIRS.get_or_init(|| {
        let mut pairs: Vec<(char, char)> = GENERATED
            .lines()
            .filter(|line| !line.starts_with('#'))
            .filter_map(|line| {
                let mut chars = line.chars();
                Some((chars.next()?, chars.next()?))
            })
            .collect();
        pairs.sort_unstable();
        pairs
    })
}

pub(crate) fn simplified(c: char) -> char {
    if !crate::lexicon::is_han(c) {
        return c;
    }
    // Every character of the three tables with its fold, worked out once by the scan below:
    // the scan read the hand table char by char for every Han character of every message, a
    // tenth of a `/pick` step in debug builds (helper perf_ci). A character in no table is
    // itself, as the scan says.
    static FOLDS: OnceLock<HashMap<char, char>> = OnceLock::new();
    let folds = FOLDS.get_or_init(|| {
        TRADITIONAL
            .chars()
            .chain(generated_pairs().iter().map(|&(t, _)| t))
            .chain(super::japanese_forms::pairs().iter().map(|&(j, _)| j))
            .filter(|&t| crate::lexicon::is_han(t))
            .map(|t| (t, scanned(t)))
            .collect()
    });
    folds.get(&c).copied().unwrap_or(c)
}

/// [`simplified`] by reading the tables: the hand table first, then the generated pairs, then
/// the Japanese forms.
fn scanned(c: char) -> char {
    TRADITIONAL
        .chars()
        .zip(SIMPLIFIED.chars())
        .find(|(t, _)| *t == c)
        .map(|(_, s)| s)
        .or_else(|| {
            let pairs = generated_pairs();
            pairs
                .binary_search_by_key(&c, |(t, _)| *t)
                .ok()
                .map(|i| pairs[i].1)
        })
        // `実名`: a Japanese form no Traditional table holds (und_dt).
        .or_else(|| super::japanese_forms::simplified_of(c))
        .unwrap_or(c)
}

#[cfg(test)]
mod fold_tests {
    use super::{generated_pairs, scanned, simplified};

    #[test]
    fn the_kept_folds_are_the_scanned_ones_for_every_han_character() {
        let mut folded = 0;
        for c in (0..0x3_2000).filter_map(char::from_u32) {
            if crate::lexicon::is_han(c) {
                assert_eq!(simplified(c), scanned(c), "{c}");
                folded += usize::from(simplified(c) != c);
            } else {
                assert_eq!(simplified(c), c, "{c:?}");
            }
        }
        // The tables fold thousands of characters (the hand table alone some 400).
        assert!(folded > 1000, "{folded}");
    }

    fn fold(text: &str) -> String {
        text.chars().map(simplified).collect()
    }

    #[test]
    fn traditional_characters_outside_the_hand_table_fold_too() {
        // `鍾` (the IME's other Traditional 钟), `麵`, `鐵`, `續` and `壞` were in no hand table.
        assert_eq!(fold("跑45分鍾"), "跑45分钟");
        assert_eq!(fold("吃麵"), "吃面");
        assert_eq!(fold("鐵壞了"), "铁坏了");
        assert_eq!(fold("機器壞了嗎"), "机器坏了吗");
        // Simplified text and characters that are themselves Simplified are left as they are.
        assert_eq!(fold("什么卡便宜"), "什么卡便宜");
        assert_eq!(fold("著名的显卡"), "着名的显卡");
        assert!(
            generated_pairs().len() > 3000,
            "the generated table was not read"
        );
    }

    #[test]
    fn the_generated_fold_never_hides_a_word_the_lexicon_writes_in_traditional() {
        // A lexicon word written with a Traditional character the generated fold changes would
        // never match folded text: such characters are left out by tools/gen_traditional.py.
        // A new one means: run the generator again.
        // The catalog's names and aliases are matched against folded text too.
        let mut stack = vec![
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/src")),
            std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/catalog")),
        ];
        let mut hidden = Vec::new();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).expect("bot-core/src is readable") {
                let path = entry.expect("a directory entry").path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "rs" || e == "toml") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    // This file's own tables and tests write the fold's characters on purpose.
                    let text = match text.find("const TRADITIONAL") {
                        Some(end) if path.ends_with("understand/spellings.rs") => &text[..end],
                        _ => &text[..],
                    };
                    for c in text.chars() {
                        if generated_pairs()
                            .binary_search_by_key(&c, |(t, _)| *t)
                            .is_ok()
                        {
                            hidden.push(format!("{} in {}", c, path.display()));
                        }
                    }
                }
            }
        }
        assert!(
            hidden.is_empty(),
            "run tools/gen_traditional.py: {hidden:?}"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::respell;

    #[test]
    fn a_name_part_is_respelt_inside_a_name_and_a_chat_spelling_only_alone() {
        assert_eq!(
            respell("deepseek-r1-distil-qwen-32b"),
            "deepseek-r1-distill-qwen-32b"
        );
        assert_eq!(respell("r1 distil llama"), "r1 distill llama");
        // `distillation` is another word; a chat spelling glued to a joiner is part of a name.
        assert_eq!(respell("distillation"), "distillation");
        assert_eq!(respell("qwen-r 4090"), "qwen-r 4090");
        assert_eq!(respell("r u there"), "are you there");
    }
}
