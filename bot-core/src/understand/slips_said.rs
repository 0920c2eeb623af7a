//! The slips a question was read through, said beside its answer (`I read “cram” as “vram”`):
//! a real word in a domain word's slot (`lexicon::slot_slips`), a domain word's raw pinyin or a
//! look-alike character (`lexicon::pinyin_read`, `look_alike_read`); a Japanese form, a domain
//! word's characters out of order, stretched letters, a homophone (und_dt). A guess is never
//! silent.

/// Each slip `normalize` reads in `text`: (as typed, as read), in the order they stand.
pub fn slips_said(text: &str) -> Vec<(String, String)> {
    let lower: String = text
        .chars()
        .map(super::spellings::simplified)
        .collect::<String>()
        .to_lowercase();
    let (pinyin, mut said) = crate::lexicon::pinyin_read(&lower);
    let (looked, alike) = crate::lexicon::look_alike_read(&pinyin);
    said.extend(alike);
    // Japanese forms, characters out of order, stretched letters, homophones (und_dt).
    said.extend(super::japanese_forms::japanese_said(&text.to_lowercase()));
    let (looked, order) = crate::lexicon::order_slips_read(&looked);
    said.extend(order);
    let (looked, stretched) = crate::lexicon::stretched_read(&looked);
    said.extend(stretched);
    let (looked, homophones) = crate::lexicon::homophones_read(&looked);
    said.extend(homophones);
    let marks = super::text_en::sentence_marks(&looked);
    let (_, slots) = crate::lexicon::slot_slips(&marks);
    said.extend(slots.into_iter().map(|(t, w)| (t, w.to_string())));
    said
}

#[cfg(test)]
mod tests {
    use super::slips_said;

    #[test]
    fn each_slip_read_is_said() {
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            slips_said("how much cram does the 5080 have?"),
            vec![pair("cram", "vram")]
        );
        assert_eq!(
            slips_said("每小时4块 yitian多少"),
            vec![pair("yitian", "一天")]
        );
        assert_eq!(
            slips_said("L40S 哪家最使宜"),
            vec![pair("最使宜", "最便宜")]
        );
        assert!(slips_said("how much vram does the 5080 have").is_empty());
    }
}
