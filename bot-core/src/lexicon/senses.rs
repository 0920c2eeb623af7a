//! A word said once that its sentence leaves with two (or more) live senses (issue 26: "a word
//! that means two things in one sentence is asked back"). Every reader that finds one reports it
//! as [`Senses`]: the word, and for each sense the text with the word written in words every
//! reader reads one way; the question path reads each text and asks back between the readings
//! (`understand::senses`), never choosing one in silence. Where the words around it settle the
//! sense, no reader reports it.

/// What one sense of a word is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    /// A count of tokens in millions (`20m` a day beside a cost weighed).
    MillionTokens,
    /// Minutes (`20m` a day beside a run).
    Minutes,
    /// A length in hours (`半天` as 4 h or 12 h, `从8点到8点` as 12 h or 24 h, a bare number).
    Hours,
    /// A length in days (a bare number after a run verb).
    Days,
    /// A count of cards (a bare number after a card's name).
    Cards,
    /// A rented package held whole (`包月`, `monthly`, `包周`).
    Package,
    /// The shorter length said beside a package, billed by the hour.
    Length,
    /// `一天` / `a day` as a run of one day (`a100 一天 两周`: the day, the longer length left).
    DayRun,
    /// `一天` / `a day` as each day of the longer length said beside it (the two weeks billed).
    EachDay,
    /// Inference as a run started and stopped (`lexicon::job_reading`).
    OneRun,
    /// Inference as a service that stays on.
    Service,
}

impl Sense {
    /// `number` said in this sense, as words every reader reads one way (`20` as `20m tokens`,
    /// `20分钟`, `20小时`, `20天`, `20 cards`); `None` for a sense that is no number's.
    pub fn words(self, number: &str) -> Option<String> {
        Some(match self {
            Sense::MillionTokens => format!("{number}m tokens"),
            Sense::Minutes => format!("{number}分钟"),
            Sense::Hours => format!("{number}小时"),
            Sense::Days => format!("{number}天"),
            Sense::Cards => format!("{number} cards"),
            Sense::Package
            | Sense::Length
            | Sense::DayRun
            | Sense::EachDay
            | Sense::OneRun
            | Sense::Service => return None,
        })
    }
}

/// A word with its live senses, each the text with the word said in that sense, in the order
/// they are asked back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Senses {
    /// The word as said (`20m`, `半天`, `包月`).
    pub word: String,
    pub said: Vec<(Sense, String)>,
}

impl Senses {
    /// `text` with its first `word` (`start..end`) said in each of `senses` (a number's: `number`
    /// written by [`Sense::words`]).
    pub fn of_number(text: &str, start: usize, end: usize, number: &str, senses: &[Sense]) -> Self {
        let said = senses
            .iter()
            .filter_map(|s| {
                let w = s.words(number)?;
                Some((*s, format!("{} {w} {}", &text[..start], &text[end..])))
            })
            .collect();
        Senses {
            word: text[start..end].to_string(),
            said,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_said_in_each_sense() {
        let t = "4090 跑3 多少钱";
        let k = t.find('3').unwrap();
        let s = Senses::of_number(t, k, k + 1, "3", &[Sense::Hours, Sense::Days, Sense::Cards]);
        assert_eq!(s.word, "3");
        let texts: Vec<&str> = s.said.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(
            texts,
            [
                "4090 跑 3小时  多少钱",
                "4090 跑 3天  多少钱",
                "4090 跑 3 cards  多少钱"
            ]
        );
        assert_eq!(
            Sense::MillionTokens.words("20").as_deref(),
            Some("20m tokens")
        );
        assert_eq!(Sense::Package.words("1"), None);
    }
}
