use super::*;

#[test]
fn a_comma_before_one_or_two_digits_is_a_decimal_comma() {
    assert_eq!(decimal_commas("2,5刀一小时"), "2.5刀一小时");
    assert_eq!(decimal_commas("1,98元"), "1.98元");
    assert_eq!(decimal_commas("$0,69/h"), "$0.69/h");
    // Thousands, lists and clauses stay as they are.
    assert_eq!(decimal_commas("1,000 hours"), "1,000 hours");
    assert_eq!(decimal_commas("2,000,000 tokens"), "2,000,000 tokens");
    assert_eq!(decimal_commas("4090,3090"), "4090,3090");
    assert_eq!(decimal_commas("a100, h100"), "a100, h100");
    assert!(normalize("2,5刀一小时换成人民币").contains("2.5"));
}

#[test]
fn normalizing_full_width_and_chinese_numbers() {
    assert_eq!(normalize("ＲＴＸ４０９０？"), "rtx4090 ");
    assert_eq!(normalize("两张4090"), "2张4090");
    assert_eq!(normalize("跑三个小时"), "跑3个小时");
    assert_eq!(normalize("一个月"), "1个月");
    assert_eq!(normalize("十二张"), "12张");
    assert_eq!(normalize("H100×8"), "h100x8");
    assert_eq!(normalize("RTX-4090*2"), "rtx-4090x2");
    assert_eq!(normalize("一直在线"), " always ");
}

#[test]
fn spoken_durations_and_amounts() {
    assert_eq!(normalize("两个半小时"), "2.5小时");
    assert_eq!(normalize("一个半小时"), "1.5小时");
    assert_eq!(normalize("半小时"), "30分钟");
    assert_eq!(normalize("跑一晚上"), "跑8小时");
    assert_eq!(normalize("包月").trim(), "1个月 包月");
    assert_eq!(normalize("7块2"), "7.2块");
    assert_eq!(normalize("1块88一小时"), "1.88块 1小时");
    assert_eq!(normalize("跑一个通宵"), "跑8小时");
    assert_eq!(normalize("2块5一小时"), "2.5块 1小时");
    assert_eq!(normalize("一小时两块五"), "1小时2.5块");
    assert_eq!(normalize("两块八一小时"), "2.8块 1小时");
    assert_eq!(normalize("0.0006美元一秒"), "0.0006美元1秒");
    assert_eq!(normalize("两块钱"), "2块钱");
    assert_eq!(normalize("5毛钱一分钟"), "0.5块钱1分钟");
    assert_eq!(normalize("两块五毛一小时"), "2.5块1小时");
    assert_eq!(normalize("八毛"), "0.8块");
    assert_eq!(normalize("一块九毛八一小时"), "1.98块 1小时");
    assert_eq!(normalize("一个半钟"), "1.5小时");
    assert_eq!(normalize("4090一个钟多少钱"), "4090 1个小时多少钱");
    assert_eq!(normalize("两个钟头"), "2个小时");
    assert_eq!(normalize("一个礼拜"), "1周");
    assert_eq!(normalize("两个星期"), "2周");
    assert_eq!(normalize("跑一宿"), "跑8小时");
    // Ranges: the longer end.
    assert_eq!(normalize("跑三四个小时"), "跑4个小时");
    assert_eq!(normalize("2-3小时"), "3小时");
    assert_eq!(normalize("2~3 hours"), "3 hours");
    assert_eq!(normalize("两三天"), "3天");
    // A price range after `每小时` is no minutes (the range is `price_range`'s).
    assert_eq!(normalize("每小时1-2块"), "每小时1-2块");
    // Not ranges: a model name, a card, a date.
    assert_eq!(normalize("qwen2.5-7b"), "qwen2.5-7b");
    assert_eq!(normalize("rtx-4090 2-3"), "rtx-4090 2-3");
    // English numbers before a unit; quarters and halves of an hour.
    assert_eq!(normalize("two and a half hours").trim(), "2.5 hours");
    assert_eq!(normalize("a day and a half").trim(), "1.5 days");
    assert_eq!(normalize("2 days and a half").trim(), "2.5 days");
    assert_eq!(normalize("two and a half hrs").trim(), "2.5 hours");
    assert_eq!(normalize("three and a half hr").trim(), "3.5 hours");
    assert_eq!(normalize("one and a half days").trim(), "1.5 days");
    assert_eq!(normalize("three days"), "3 days");
    assert_eq!(normalize("half an hour").trim(), "30 minutes");
    assert_eq!(normalize("跑一刻钟"), "跑15分钟");
    assert_eq!(normalize("一年"), "1年");
    assert_eq!(normalize("under 30 cents an hour"), "under $0.30 an hour");
    assert_eq!(normalize("40分钟"), "40分钟");
    assert_eq!(normalize("a whole day").trim(), "1 day");
    assert_eq!(normalize("跑个周末"), "跑个2天");
    // Two cards, not 2.3 yuan.
    assert_eq!(normalize("2块3090"), "2块3090");
}

#[test]
fn traditional_characters_read_as_simplified() {
    assert_eq!(normalize("現在哪裡有4090"), "现在哪里有4090");
    assert_eq!(normalize("兩張3090跑兩個小時"), "2张3090跑2个小时");
    // Platform names and cue words written in traditional characters.
    assert_eq!(normalize("恆源雲"), "恒源云");
    assert_eq!(normalize("騰訊雲 華為雲 藍耘"), "腾讯云华为云蓝耘");
    assert_eq!(normalize("幫我選 學生 畢設 裝得下"), "帮我选学生毕设装得下");
    // Latin letters and digits are never touched.
    assert_eq!(normalize("A100"), "a100");
}

#[test]
fn chat_spellings_become_the_lexicon_words() {
    assert_eq!(normalize("what can u do"), "what can you do");
    // The question mark is a sentence's mark, no part of a word.
    assert_eq!(normalize("got any 3090 rn?"), "got any 3090 right now ");
    assert_eq!(
        normalize("deepseek r1 distil qwen 7b"),
        "deepseek r1 distill qwen 7b"
    );
    assert_eq!(
        normalize("which clouds dont need id"),
        "which clouds don't need id"
    );
    // Only whole words: names, units and longer words are kept.
    assert_eq!(normalize("deepseek-r1 2h run"), "deepseek-r1 2h run");
    assert_eq!(normalize("distillation u2 r1"), "distillation u2 r1");
    assert_eq!(normalize("4090r"), "4090r");
}

#[test]
fn sentence_marks_end_words_and_points_in_numbers_stay() {
    assert_eq!(
        normalize("llama 3.3 70b. have two a100!"),
        "llama 3.3 70b  have two a100 "
    );
    assert_eq!(normalize("qwen2.5 7b on 4090?"), "qwen2.5 7b on 4090 ");
    assert_eq!(normalize("$2.5/hr, v0.3."), "$2.5/hr  v0.3 ");
    // A size in words is the lexicon's size; a number word elsewhere is kept.
    assert_eq!(normalize("seventy b in int4"), "70b in int4");
    assert_eq!(normalize("seventy billion"), "70b");
    assert_eq!(normalize("seventy people"), "seventy people");
    assert_eq!(normalize("seventy two b"), "72b");
    assert_eq!(normalize("twenty four hours, ok"), "24 hours  ok");
    assert_eq!(normalize("seventy two people"), "seventy two people");
}

#[test]
fn cantonese_words_read_as_mandarin() {
    assert_eq!(normalize("有冇5090租"), "有没有5090租");
    assert_eq!(normalize("4090d 和 4090 差咩嘢"), "4090d 和 4090 差什么");
    assert_eq!(normalize("边度最平"), "哪里最便宜");
    assert_eq!(normalize("h20嘅显存几大"), "h20的显存几大");
    // 平台 is not 平 (cheap).
    assert_eq!(normalize("哪个平台"), "哪个平台");
}

#[test]
fn words_and_cjk_runs_split() {
    assert_eq!(
        tokens("4090能跑qwen2.5-32b吗"),
        ["4090", "能跑", "qwen2.5-32b", "吗"]
    );
}

#[test]
fn a_long_paste_is_cut_before_it_is_read() {
    let long = "四".repeat(100_000);
    assert_eq!(normalize(&long).chars().count(), MAX_CHARS);
}
