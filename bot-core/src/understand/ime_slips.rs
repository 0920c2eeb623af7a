//! A cue word typed with a pinyin input method's slip: the right first character, then a
//! homophone of the second (`便已` for 便宜, `走事` for 走势, `显纯` for 显存, `实明` for 实名):
//! written as the cue before reading. Each cue lists the homophones of its second character an
//! input method offers; a slip that is itself a word where it stands (`方便以后`) is kept.

/// Cue words and the homophones of their second character.
const SLIPS: &[(&str, &[char])] = &[
    ("便宜", &['已', '以', '意', '移', '易', '依', '亿', '一']),
    ("走势", &['事', '式', '市', '世', '试', '视', '示']),
    ("趋势", &['事', '式', '市', '世', '试', '视', '是']),
    ("显存", &['纯', '寸', '村']),
    ("价格", &['隔', '革', '各']),
    ("实名", &['明', '鸣', '铭']),
    ("计费", &['废', '飞', '肥', '非']),
    ("区别", &['憋', '瘪', '鳖']),
    ("划算", &['酸', '蒜']),
    ("推荐", &['见', '件', '建', '健', '剑', '间']),
    ("提醒", &['星', '行', '性', '兴']),
    ("带宽", &['款']),
    // The task words `/pick` asks for first (`微条`, `推里`), read alike in a question.
    ("微调", &['条', '跳', '挑', '掉']),
    ("推理", &['里', '力', '立', '利', '例', '李']),
    ("训练", &['连', '联', '炼', '恋']),
    ("部署", &['书', '数', '树', '属', '术']),
];
/// Characters before `便` that make `便以`/`便一` words of their own (方便, 顺便, 随便, 不便).
const BEFORE_BIAN: &[char] = &['方', '顺', '随', '不', '即', '以'];

/// `text` with each slip of a cue word written as the cue (also `/pick`'s typed answers,
/// through [`super::input_slips`]).
pub(super) fn plain(text: &str) -> String {
    // A slip of the first character too (`题醒我`, `帮我跳个平台`), read from the lexicon's
    // reading data, never listed here.
    let fixed = crate::lexicon::homophone_slips_fixed(text);
    let text = fixed.as_str();
    if !SLIPS
        .iter()
        .any(|(cue, _)| text.contains(cue.chars().next().unwrap_or(' ')))
    {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let fixed = chars.get(i + 1).and_then(|second| {
            SLIPS.iter().find_map(|(cue, homophones)| {
                let mut c = cue.chars();
                let (first, right) = (c.next()?, c.next()?);
                let kept = first == '便' && i > 0 && BEFORE_BIAN.contains(&chars[i - 1]);
                (chars[i] == first && homophones.contains(second) && *second != right && !kept)
                    .then_some(*cue)
            })
        });
        match fixed {
            Some(cue) => {
                out.push_str(cue);
                i += 2;
            }
            None => {
                out.push(chars[i]);
                i += 1;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::plain;

    #[test]
    fn slips_of_cue_words_are_the_cue_and_words_of_their_own_are_kept() {
        assert_eq!(plain("哪家4090最便已"), "哪家4090最便宜");
        assert_eq!(plain("h100价格走事"), "h100价格走势");
        assert_eq!(plain("3090显纯多大"), "3090显存多大");
        assert_eq!(plain("autodl要实明吗"), "autodl要实名吗");
        assert_eq!(plain("方便以后续费吗"), "方便以后续费吗");
        assert_eq!(plain("顺便一问"), "顺便一问");
        assert_eq!(plain("4090 price"), "4090 price");
        assert_eq!(plain("想微条qwen"), "想微调qwen");
        assert_eq!(plain("跑个推里"), "跑个推理");
        assert_eq!(plain("推荐一下"), "推荐一下");
    }
}
