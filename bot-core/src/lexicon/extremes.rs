//! Words that choose an option by a property, as its extreme (`the cheapest`, `the longest
//! one`, `最小的那个`, `the fastest`): the property a word names and which end of it. One table in
//! both languages; a comparative with nothing to compare with (`the cheaper one`, `更便宜的`)
//! chooses as its superlative. Price-lowest words are [`super::PRICE_RANK_WORDS`], so a card
//! ranked `最低价` in a question and chosen `最低价` at `/pick` read alike.

/// What an option is chosen by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Property {
    Price,
    /// A context window, a run's hours.
    Length,
    /// A model's parameters, a card's memory, a method's memory, a count.
    Size,
    Speed,
    /// Bits per weight: the most precise keeps the most.
    Precision,
    /// A card's memory bandwidth (GB/s).
    Bandwidth,
}

impl Property {
    /// The key a message selects the property's name by.
    pub fn key(self) -> &'static str {
        match self {
            Property::Price => "price",
            Property::Length => "length",
            Property::Size => "size",
            Property::Speed => "speed",
            Property::Precision => "precision",
            Property::Bandwidth => "bandwidth",
        }
    }
}

/// The property's high end (`true`) or low end.
pub type High = bool;

/// The words, other than the price-rank ones (lowest price), with their property and end.
/// English words are matched whole, Chinese anywhere; longest first.
pub const EXTREME_WORDS: &[(&str, Property, High)] = &[
    ("cheaper", Property::Price, false),
    ("less expensive", Property::Price, false),
    ("更便宜", Property::Price, false),
    ("便宜点", Property::Price, false),
    ("便宜一点", Property::Price, false),
    ("便宜的", Property::Price, false),
    // A plain adjective among options says its end (`the cheap one`, `the expensive one`).
    ("cheap", Property::Price, false),
    ("expensive", Property::Price, true),
    ("most expensive", Property::Price, true),
    ("more expensive", Property::Price, true),
    ("priciest", Property::Price, true),
    ("pricier", Property::Price, true),
    ("dearest", Property::Price, true),
    ("最贵", Property::Price, true),
    ("更贵", Property::Price, true),
    ("贵的", Property::Price, true),
    ("shortest", Property::Length, false),
    ("shorter", Property::Length, false),
    ("最短", Property::Length, false),
    ("更短", Property::Length, false),
    ("短的", Property::Length, false),
    ("longest", Property::Length, true),
    ("longer", Property::Length, true),
    ("最长", Property::Length, true),
    ("更长", Property::Length, true),
    ("长的", Property::Length, true),
    ("smallest", Property::Size, false),
    ("smaller", Property::Size, false),
    ("tiniest", Property::Size, false),
    ("最小", Property::Size, false),
    ("更小", Property::Size, false),
    ("小的", Property::Size, false),
    ("biggest", Property::Size, true),
    ("bigger", Property::Size, true),
    ("largest", Property::Size, true),
    ("larger", Property::Size, true),
    ("最大", Property::Size, true),
    ("更大", Property::Size, true),
    ("大的", Property::Size, true),
    ("fastest", Property::Speed, true),
    ("faster", Property::Speed, true),
    ("quickest", Property::Speed, true),
    ("最快", Property::Speed, true),
    ("更快", Property::Speed, true),
    ("快的", Property::Speed, true),
    ("slowest", Property::Speed, false),
    ("最慢", Property::Speed, false),
    ("most precise", Property::Precision, true),
    ("most accurate", Property::Precision, true),
    ("highest precision", Property::Precision, true),
    ("best quality", Property::Precision, true),
    ("highest quality", Property::Precision, true),
    ("最高精度", Property::Precision, true),
    ("精度最高", Property::Precision, true),
    ("最精确", Property::Precision, true),
    ("质量最好", Property::Precision, true),
    ("lowest precision", Property::Precision, false),
    ("least precise", Property::Precision, false),
    ("最低精度", Property::Precision, false),
    ("精度最低", Property::Precision, false),
];

/// Every word of the table with its reading, price-rank words included (lowest price).
pub fn extreme_words() -> impl Iterator<Item = (&'static str, Property, High)> {
    super::PRICE_RANK_WORDS
        .iter()
        .map(|w| (*w, Property::Price, false))
        .chain(EXTREME_WORDS.iter().copied())
}

/// Nouns that name a property an option is chosen by, said beside a word of degree
/// (`the highest bandwidth`, `带宽最大`, `最省显存`): the noun says which property.
pub const PROPERTY_NOUNS: &[(&str, Property)] = &[
    ("memory", Property::Size),
    ("vram", Property::Size),
    ("显存", Property::Size),
    ("内存", Property::Size),
    ("bandwidth", Property::Bandwidth),
    ("带宽", Property::Bandwidth),
    ("频宽", Property::Bandwidth),
    ("price", Property::Price),
    ("cost", Property::Price),
    ("money", Property::Price),
    ("价格", Property::Price),
    ("价钱", Property::Price),
    ("钱", Property::Price),
    ("precision", Property::Precision),
    ("bits", Property::Precision),
    ("精度", Property::Precision),
    ("speed", Property::Speed),
    ("速度", Property::Speed),
];

/// Words of degree beside a property noun, with the end they say: `most`/`最多` the high end,
/// `least`/`最少` the low end.
pub const DEGREE_WORDS: &[(&str, High)] = &[
    ("highest", true),
    ("most", true),
    ("biggest", true),
    ("largest", true),
    ("maximum", true),
    ("max", true),
    ("最高", true),
    ("最大", true),
    ("最多", true),
    ("最好", true),
    ("lowest", false),
    ("least", false),
    ("smallest", false),
    ("minimum", false),
    ("min", false),
    ("fewest", false),
    ("最低", false),
    ("最小", false),
    ("最少", false),
];

/// Verbs of saving a property (`saves the most memory`, `最省显存`, `最省钱`): the option that
/// uses the LEAST of it, so they turn the degree's end over; `省` alone after `最` is the degree.
pub const SAVING_WORDS: &[&str] = &["saves", "save", "saving", "省"];

/// A property said as a noun and a degree (`the highest bandwidth`, `带宽最大`, `whichever saves
/// the most memory`, `最省显存`, `最省钱`), with the text the words were taken out of.
fn noun_and_degree(text: &str) -> Option<(Property, High, String)> {
    let mut rest = text.to_string();
    let mut take = |w: &str| -> bool {
        match whole_at(&rest, w) {
            Some(at) => {
                rest.replace_range(at..at + w.len(), " ");
                true
            }
            None => false,
        }
    };
    let (_, property) = PROPERTY_NOUNS.iter().find(|(w, _)| take(w))?;
    let saving = SAVING_WORDS.iter().any(|w| take(w));
    let degree = DEGREE_WORDS.iter().find(|(w, _)| take(w)).map(|(_, h)| *h);
    // `最省` with no other degree word: `最` is the degree, `省` the verb (the least used).
    let degree = match degree {
        Some(h) => Some(h),
        None if saving && take("最") => Some(true),
        None => None,
    }?;
    Some((*property, degree != saving, rest))
}

/// The one property-extreme word of `text` (lower case): its property, end, and the text with
/// the word taken out; `None` when there is none, or two that differ (`cheapest and fastest`).
/// A property said as a noun and a degree (`the highest bandwidth`) is read where no word of
/// the table stands.
pub fn extreme_said(text: &str) -> Option<(Property, High, String)> {
    if let Some(found) = noun_and_degree(text) {
        return Some(found);
    }
    let mut words: Vec<(&str, Property, High)> = extreme_words().collect();
    words.sort_by_key(|(w, ..)| std::cmp::Reverse(w.len()));
    let mut rest = text.to_string();
    let mut found: Option<(Property, High)> = None;
    for (w, p, h) in words {
        while let Some(at) = whole_at(&rest, w) {
            if found.is_some_and(|f| f != (p, h)) {
                return None;
            }
            found = Some((p, h));
            rest.replace_range(at..at + w.len(), " ");
        }
    }
    found.map(|(p, h)| (p, h, rest))
}

/// Where `w` stands in `text`: a Chinese word anywhere, an English one as a whole word.
fn whole_at(text: &str, w: &str) -> Option<usize> {
    if !w.is_ascii() {
        return text.find(w);
    }
    let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
    text.match_indices(w).map(|(i, _)| i).find(|&i| {
        !letter(text[..i].chars().next_back()) && !letter(text[i + w.len()..].chars().next())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_word_names_its_property_and_end() {
        let said = |t: &str| extreme_said(t).map(|(p, h, _)| (p, h));
        assert_eq!(said("the cheapest one"), Some((Property::Price, false)));
        assert_eq!(said("最低价的那张"), Some((Property::Price, false)));
        assert_eq!(said("最贵的那张"), Some((Property::Price, true)));
        assert_eq!(said("the longest one"), Some((Property::Length, true)));
        assert_eq!(said("最短的那个"), Some((Property::Length, false)));
        assert_eq!(said("the biggest"), Some((Property::Size, true)));
        assert_eq!(said("最小的"), Some((Property::Size, false)));
        assert_eq!(said("fastest pls"), Some((Property::Speed, true)));
        assert_eq!(
            said("the most precise one"),
            Some((Property::Precision, true))
        );
    }

    #[test]
    fn the_word_is_taken_out_and_whole_words_only() {
        assert_eq!(
            extreme_said("the longest one").map(|(.., r)| r.split_whitespace().count()),
            Some(2)
        );
        assert_eq!(extreme_said("longerons"), None);
        assert_eq!(extreme_said("the cheapest and the fastest"), None);
        assert_eq!(extreme_said("4k tokens"), None);
    }

    #[test]
    fn a_noun_and_a_degree_name_the_property_and_its_end() {
        let said = |t: &str| extreme_said(t).map(|(p, h, _)| (p, h));
        assert_eq!(
            said("the one with the highest bandwidth"),
            Some((Property::Bandwidth, true))
        );
        assert_eq!(said("带宽最大那张"), Some((Property::Bandwidth, true)));
        assert_eq!(said("频宽最高那张"), Some((Property::Bandwidth, true)));
        // Saving turns the end over: the least memory used.
        assert_eq!(
            said("whichever saves the most memory"),
            Some((Property::Size, false))
        );
        assert_eq!(said("最省显存的那个"), Some((Property::Size, false)));
        assert_eq!(said("挑最省钱的"), Some((Property::Price, false)));
        assert_eq!(
            said("whatever uses the least memory"),
            Some((Property::Size, false))
        );
        assert_eq!(said("the most memory"), Some((Property::Size, true)));
        // A noun alone, or a degree alone, is no property said.
        assert_eq!(said("memory"), None);
        assert_eq!(said("most people"), None);
        assert_eq!(said("memorymost"), None);
    }
}
