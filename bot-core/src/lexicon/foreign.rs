//! Words of the languages users mix into English (Hindi typed in Latin letters, French,
//! German, Spanish, Dutch, Japanese, Russian, Portuguese, Italian) read as the English the cue lists are written in, before
//! anything else reads the question: a length in `ghante`, `heures` or `Stunden` is that many
//! hours (it was billed as the default hour), `disponibles` asks for stock, `préviens-moi` for
//! an alert. Only words with one meaning in a question about renting cards are listed; a word
//! that is also an English or catalog word (`tag`, `din`, `pro`, `hay`) is read only where its
//! place makes it unambiguous (after a number, before a unit). The answer's language is the
//! chat's, never the question's.

/// A unit of time, whole words, read anywhere: nothing else is spelt so.
const UNITS: &[(&str, &str)] = &[
    // `2$ de l'heure`: French "per hour".
    ("de l'heure", "per hour"),
    // Hindi (ghanta = hour, hafta = week, mahina = month).
    ("ghanton", "hours"),
    ("ghante", "hours"),
    ("ghanta", "hour"),
    ("hafte", "weeks"),
    ("hafta", "week"),
    ("mahine", "months"),
    ("mahina", "month"),
    // French.
    ("heures", "hours"),
    ("heure", "hour"),
    ("jours", "days"),
    ("jour", "day"),
    ("semaines", "weeks"),
    ("semaine", "week"),
    ("mois", "month"),
    ("secondes", "seconds"),
    ("seconde", "second"),
    // German.
    ("stunden", "hours"),
    ("stunde", "hour"),
    ("tagen", "days"),
    ("tage", "days"),
    ("wochen", "weeks"),
    ("woche", "week"),
    ("monate", "months"),
    ("monat", "month"),
    ("sekunden", "seconds"),
    ("sekunde", "second"),
    // Dutch.
    ("uur", "hours"),
    ("dagen", "days"),
    ("weken", "weeks"),
    ("maanden", "months"),
    ("maand", "month"),
    // Dollars in Spanish (`dólares`), a currency word the price reader knows in English.
    ("dólares", "dollars"),
    ("dolares", "dollars"),
    ("dólar", "dollar"),
    // Spanish and Portuguese (`horas` was read before this list).
    ("días", "days"),
    ("día", "day"),
    ("meses", "months"),
    ("segundos", "seconds"),
    ("segundo", "second"),
    // Russian (`в час` = per hour).
    ("в час", "per hour"),
    ("часов", "hours"),
    ("часа", "hours"),
    ("час", "hour"),
];

/// Units that are other words too (`tag` a Docker tag, `din` a noise, `dag`, `mes`, `dia`):
/// read as the unit only right after a number (`3 tage`, `2 din`).
const UNITS_AFTER_NUMBER: &[(&str, &str)] = &[
    ("tag", "day"),
    ("din", "days"),
    ("dag", "day"),
    ("mes", "month"),
    ("dia", "day"),
    // Japanese `時間` (hours), simplified as 时间 by the time this runs; after a number only
    // (`用多长时间` is Chinese "how long").
    ("时间", "小时"),
];

/// Words marking "per" (`par mois`, `pro Stunde`, `al mes`), read as `per` only before a unit
/// (`pro` is also Colab's plan, `al` a name), and Hindi's one before its unit.
const PER_WORDS: &[(&str, &str)] = &[
    ("par", "per"),
    ("pro", "per"),
    ("al", "per"),
    ("por", "per"),
    // Hindi `ek` (one) before a unit (`ek hafte`): the count of it.
    ("ek", "1"),
];

/// The English units a [`PER_WORDS`] word may stand before.
const ENGLISH_UNITS: &[&str] = &[
    "hour", "hours", "day", "days", "week", "weeks", "month", "months", "second", "seconds",
    "minute", "minutes",
];

/// What a question asks, in other languages' words, as the English the cue lists hold:
/// stock, a price, a trend, an alert, guidance. Longer phrases first where one begins another.
const INTENT: &[(&str, &str)] = &[
    // Stock.
    ("disponibles", "available"),
    ("disponible", "available"),
    ("dispo", "available"),
    ("verfügbar", "available"),
    ("beschikbaar", "available"),
    ("gibt es", "is there any"),
    ("y a-t-il", "is there any"),
    ("dónde", "where"),
    ("donde", "where"),
    ("kahan", "where"),
    ("kahaan", "where"),
    // Russian, Portuguese, Italian: "is there", "available", "where".
    ("есть ли", "is there any"),
    ("в наличии", "available"),
    ("доступна", "available"),
    ("доступны", "available"),
    ("где", "where"),
    ("tem", "is there any"),
    ("disponível", "available"),
    ("disponivel", "available"),
    ("onde", "where"),
    ("c'è", "is there any"),
    ("c'e", "is there any"),
    ("disponibile", "available"),
    ("dove", "where"),
    // A price.
    ("cuánto cuesta", "how much is"),
    ("cuanto cuesta", "how much is"),
    ("cuánto cuestan", "how much is"),
    ("cuánto sale", "how much is"),
    ("cuanto sale", "how much is"),
    ("cuánto es", "how much is"),
    ("cuanto es", "how much is"),
    ("combien coûte", "how much is"),
    ("combien coute", "how much is"),
    ("c'est combien", "how much is it"),
    ("combien", "how much"),
    ("сколько стоит", "how much is"),
    ("сколько стоят", "how much is"),
    ("quanto custa", "how much is"),
    ("quanto costa", "how much is"),
    ("wie viel kostet", "how much is"),
    ("wieviel kostet", "how much is"),
    ("was kostet", "how much is"),
    ("wat kost", "how much is"),
    ("kitna lagega", "how much"),
    ("kitne ka", "how much"),
    ("kitna", "how much"),
    ("kharcha", "cost"),
    ("precio", "price"),
    ("prix", "price"),
    ("preis", "price"),
    ("prijs", "price"),
    ("sabse sasta", "cheapest"),
    ("sabse saste", "cheapest"),
    ("le moins cher", "cheapest"),
    ("la moins chère", "cheapest"),
    // "Where is it cheapest" is one class in every language: the comparative said with a
    // place asked (`onde é mais barato`, `où est-ce moins cher`) ranks the platforms as the
    // superlative does.
    ("más barato", "cheapest"),
    ("mas barato", "cheapest"),
    ("más barata", "cheapest"),
    ("mas barata", "cheapest"),
    ("mais barato", "cheapest"),
    ("mais barata", "cheapest"),
    ("moins cher", "cheapest"),
    ("moins chère", "cheapest"),
    ("meno caro", "cheapest"),
    ("meno cara", "cheapest"),
    ("costa meno", "cheapest"),
    ("günstiger", "cheapest"),
    ("billiger", "cheapest"),
    ("am billigsten", "cheapest"),
    ("goedkoper", "cheapest"),
    ("où", "where"),
    ("am günstigsten", "cheapest"),
    ("goedkoopste", "cheapest"),
    ("самый дешёвый", "cheapest"),
    ("самый дешевый", "cheapest"),
    ("дешевле", "cheaper"),
    ("più economico", "cheaper"),
    ("più economica", "cheaper"),
    ("piu economico", "cheaper"),
    // A trend.
    ("ha bajado", "dropped"),
    ("ha subido", "going up"),
    ("a baissé", "dropped"),
    ("a augmenté", "going up"),
    ("gefallen", "dropped"),
    ("gesunken", "dropped"),
    ("gestiegen", "going up"),
    ("kam ho raha", "going down"),
    ("gir raha", "dropping"),
    ("badh raha", "going up"),
    ("sasta ho raha", "getting cheaper"),
    // An alert.
    ("préviens-moi", "notify me"),
    ("previens-moi", "notify me"),
    ("prévenez-moi", "notify me"),
    ("avísame", "notify me"),
    ("avisame", "notify me"),
    ("avísenme", "notify me"),
    ("sag mir bescheid", "notify me"),
    ("benachrichtige mich", "notify me"),
    ("laat me weten", "notify me"),
    ("mujhe bata dena", "notify me"),
    ("bata dena", "notify me"),
    ("cuando", "when"),
    ("quand", "when"),
    ("sobald", "when"),
    // Guidance.
    ("empfehlen", "recommend"),
    ("empfiehlst", "recommend"),
    ("recomiendan", "recommend"),
    ("recomiendas", "recommend"),
    ("recomienda", "recommend"),
    ("recommandez", "recommend"),
    ("recommandes", "recommend"),
    ("aanraden", "recommend"),
    ("anbieter", "provider"),
    ("fournisseurs", "providers"),
    ("fournisseur", "provider"),
    ("proveedores", "providers"),
    ("proveedor", "provider"),
    ("plataformas", "platforms"),
    ("plataforma", "platform"),
    ("plateformes", "platforms"),
    ("plateforme", "platform"),
];

/// The question with the other languages' words of this module in English.
pub fn in_english(text: &str) -> String {
    let s = hinglish_is(text);
    let s = replace_words(&s, UNITS, |_, _| true);
    let s = per_words(&s);
    // `3 tage`, `al mes` (read `per mes` above): a number or `per` before it makes it a unit.
    let s = replace_words(&s, UNITS_AFTER_NUMBER, |before, _| {
        let b = before.trim_end();
        b.ends_with(|c: char| c.is_ascii_digit()) || b.ends_with(" per") || b == "per"
    });
    replace_words(&s, INTENT, |_, _| true)
}

/// `hai` (and `hain`) is the verb, never the platform, in a sentence with other Hinglish words,
/// and in an English sentence too (`4090 available hai?`) unless its place names the platform:
/// first word (`hai 4090 price`), after `tencent` or a preposition (`on hai`), before `pe`/`par`
/// (`hai pe 4090`). A sentence with Chinese in it never uses `hai` as a verb (`腾讯hai`, `用HAI跑sd`).
fn hinglish_is(text: &str) -> String {
    if text.chars().any(|c| c as u32 > 0x2E80) {
        return text.to_string();
    }
    replace_words(text, &[("hain", "are"), ("hai", "is")], |before, after| {
        let prev = before
            .trim_end()
            .rsplit(|c: char| !(c.is_alphanumeric() || c == '\''))
            .next()
            .unwrap_or("");
        let next = after
            .trim_start()
            .split(|c: char| !c.is_alphanumeric())
            .next()
            .unwrap_or("");
        let platform_place =
            prev.is_empty() || PLATFORM_BEFORE.contains(&prev) || matches!(next, "pe" | "par");
        !platform_place
    })
}

/// Words after which `hai` names Tencent's platform (`tencent hai`, `on hai`, `use hai`).
const PLATFORM_BEFORE: &[&str] = &["tencent", "on", "at", "via", "use", "using", "from", "with"];

/// `par`, `pro`, `al`, `por` right before a unit: `per`; `ek` there: `1`.
fn per_words(s: &str) -> String {
    replace_words(s, PER_WORDS, |_, after| {
        let next = after.trim_start();
        let foreign = UNITS_AFTER_NUMBER.iter().map(|(w, _)| *w);
        let units = ENGLISH_UNITS
            .iter()
            .copied()
            .chain(["hora", "horas"])
            .chain(foreign);
        units.into_iter().any(|u| {
            next.strip_prefix(u)
                .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
        })
    })
}

/// Each whole-word `from` (no letter or digit either side; a CJK word needs none) replaced by
/// its `to` where `keep(before, after)` allows, the longest listed first at each place.
fn replace_words(s: &str, list: &[(&str, &str)], keep: impl Fn(&str, &str) -> bool) -> String {
    let mut out = String::with_capacity(s.len());
    // Where no entry can start, nothing is tried (an index of the list's own words).
    let lead = super::lead_bytes::LeadBytes::of(list.iter().map(|(from, _)| *from));
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        let before = &s[..i];
        let starts_word = before
            .chars()
            .next_back()
            .is_none_or(|c| !(c.is_alphanumeric() || c == '-'));
        let tried = if lead.may_start(rest) { list } else { &[] };
        let hit = tried.iter().find(|(from, _)| {
            // The prefix first: the cheap test that rules out almost every entry.
            let Some(after) = rest.strip_prefix(*from) else {
                return false;
            };
            let cjk = !from.is_ascii()
                && from
                    .chars()
                    .all(|c| !c.is_ascii_alphabetic() && c as u32 > 0x2E80);
            let ends = after
                .chars()
                .next()
                .is_none_or(|c| !(c.is_alphanumeric() || c == '-'));
            (cjk || (starts_word && ends)) && keep(before, after)
        });
        if let Some((from, to)) = hit {
            out.push_str(to);
            i += from.len();
            continue;
        }
        let c = rest.chars().next().unwrap_or(' ');
        out.push(c);
        i += c.len_utf8();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::in_english;

    #[test]
    fn lengths_and_asks_in_other_languages_read_as_english() {
        assert_eq!(in_english("3 ghante ka kitna"), "3 hours ka how much");
        assert_eq!(in_english("pendant 5 heures"), "pendant 5 hours");
        assert_eq!(in_english("für 2 tage"), "für 2 days");
        assert_eq!(
            in_english("0.39 €/h c'est combien par mois"),
            "0.39 €/h how much is it per month"
        );
        assert_eq!(in_english("10时间"), "10小时");
        assert_eq!(
            in_english("1.5 dólares por hora al mes"),
            "1.5 dollars per hora per month"
        );
        // Words that are others too, where their place says they are not units.
        assert_eq!(in_english("ollama tag for qwen"), "ollama tag for qwen");
        assert_eq!(in_english("colab pro 4090"), "colab pro 4090");
        assert_eq!(in_english("用多长时间"), "用多长时间");
    }

    #[test]
    fn hai_is_a_verb_but_where_its_place_names_the_platform() {
        assert_eq!(
            in_english("4090 available hai kya abhi"),
            "4090 available is kya abhi"
        );
        assert_eq!(in_english("hai 4090 price"), "hai 4090 price");
        assert_eq!(in_english("4090 available hai?"), "4090 available is?");
        assert_eq!(in_english("4090 on hai price"), "4090 on hai price");
        assert_eq!(in_english("腾讯hai 4090 多少钱"), "腾讯hai 4090 多少钱");
        assert_eq!(
            in_english("hai pe 4090 kitna hai"),
            "hai pe 4090 how much is"
        );
        assert_eq!(
            in_english("tencent hai pe kya rate hai"),
            "tencent hai pe kya rate is"
        );
    }
}
