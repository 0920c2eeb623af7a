//! Reading an answer from the network without trusting its size or its speed: the body is
//! read chunk by chunk and the read stops at a byte cap (an endless body costs at most the
//! cap), the whole exchange runs under one deadline (a slow drip ends with it, not only a slow
//! connect), and an error body is cut to a snippet with every secret scrubbed out.
//!
//! The caps ([`Limits`]) are generous for the real answers and far below what would hurt the
//! process: a capped answer is refused with its reason, and the caller keeps its last good
//! snapshot (bot-core's `record_fetch` only replaces one on success).

use crate::{Adapter, FetchError, Parsed};
use bot_core::Catalog;
use std::time::Duration;

/// Most bytes and rows one answer or file may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub max_bytes: usize,
    pub max_rows: usize,
}

impl Limits {
    /// A provider's offer list. Vast is asked for 2,000 rows of about 2–3 KB each (≈ 6 MB);
    /// RunPod's and Lambda's answers are tens of KB. 32 MiB and 10,000 rows leave room for
    /// growth while a runaway answer cannot take the process's memory.
    pub const PROVIDER: Limits = Limits {
        max_bytes: 32 << 20,
        max_rows: 10_000,
    };
    /// A downloaded or local price catalog (SkyPilot, gpuhunt): one file per cloud, every
    /// region and zone of every instance type, so far larger than a provider answer.
    pub const IMPORT: Limits = Limits {
        max_bytes: 128 << 20,
        max_rows: 1_000_000,
    };
    /// The operator's curated file: hand-written rows.
    pub const CURATED: Limits = Limits {
        max_bytes: 4 << 20,
        max_rows: 20_000,
    };
    /// The ECB rates file (about 2 KB a day; the 90-day file about 200 KB).
    pub const FX: Limits = Limits {
        max_bytes: 4 << 20,
        max_rows: 100_000,
    };

    /// The refusal for an answer with more rows than the cap.
    pub fn check_rows(&self, rows: usize) -> Result<(), FetchError> {
        if rows > self.max_rows {
            return Err(FetchError::TooLarge(format!(
                "{rows} rows, above the cap of {}",
                self.max_rows
            )));
        }
        Ok(())
    }
}

/// Most bytes of an error body read (only a snippet of it is kept).
const ERROR_BODY_BYTES: usize = 64 << 10;

/// What came back: the status, the body (at most the cap), and `Last-Modified` as sent.
pub struct Answer {
    pub status: reqwest::StatusCode,
    pub body: Vec<u8>,
    pub last_modified: Option<String>,
    /// The host a redirect not followed points to ([`same_origin_redirects`]).
    pub moved_to: Option<String>,
    /// `Retry-After` as a number of seconds ([`retry_after`]).
    pub retry_after: Option<Duration>,
    /// `Age` ([`age`]): how long a cache held this answer before serving it.
    pub age: Option<Duration>,
    /// `Date` as sent: when the origin made the answer, by its clock ([`cache_age`]).
    pub date: Option<String>,
    /// Why no cache can have kept this answer, when none can ([`unstorable`]): then an old
    /// `Date` is the host's clock, not a copy's age ([`dating`]).
    pub unstorable: Option<&'static str>,
    /// `Content-Type`'s media type, lower case, without parameters.
    pub media_type: Option<String>,
}

/// The longest `Age` taken at its word (a week): past it the answer is far beyond any
/// freshness window either way, and the figure stays small enough to subtract from a date.
pub const MAX_AGE: Duration = Duration::from_secs(7 * 24 * 3600);

/// `Age` (RFC 9111 §5.1): a cache's copy was made this many seconds before it was served, so
/// its offers were seen then, not at the fetch. Only delta-seconds are read (anything else,
/// a sign or a word, says nothing: RFC 9111 says to ignore an invalid `Age`); past
/// [`MAX_AGE`] it is read as `MAX_AGE`.
pub fn age(value: Option<&str>) -> Option<Duration> {
    let v = value?.trim();
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    // Digits past u64 are "older than any cap" (RFC 9111: 2^31 on overflow).
    let secs = v.parse::<u64>().unwrap_or(u64::MAX);
    Some(Duration::from_secs(secs).min(MAX_AGE))
}

/// How far the origin's clock may differ from ours before its `Date` says anything: NTP
/// keeps real servers within seconds, so minutes apart is a cache's copy, not skew.
pub const DATE_SKEW: Duration = Duration::from_secs(5 * 60);

/// How long before `now` the answer was made (RFC 9111 §4.2.3): the larger of `Age` and the
/// apparent age `now − Date` (a cache that adds no `Age` still keeps the origin's `Date`).
/// The apparent age rests on two clocks agreeing, so only what lies past [`DATE_SKEW`]
/// counts (a copy is at least that much less old); a `Date` ahead of our clock, or no
/// HTTP-date, says nothing. Held to [`MAX_AGE`] like `Age`.
pub fn cache_age(age: Option<Duration>, date: Option<&str>, now: i64) -> Duration {
    dating(age, date, now, None).age
}

/// How long before the fetch an answer's offers were seen, and a line for the poll's report
/// when that is not "at the fetch" or when the host's clock is off.
#[derive(Debug, Clone, PartialEq)]
pub struct Dating {
    pub age: Duration,
    pub note: Option<String>,
}

/// [`cache_age`] with the line that says why. `unstorable` is why no cache can have kept the
/// answer ([`unstorable`]): RFC 9111 §4 lets a cache reuse a stored response only for a
/// request whose method allows it (a POST's answer serves no later POST) and §5.2.2.5/
/// §5.2.2.7 keep a `no-store` or `private` answer out of every shared cache. Such an answer
/// is the origin's own, so a `Date` behind our clock is that host's clock being slow: the
/// offers are dated at the fetch, and the line says the clock is off. `Age` is a cache's
/// own word and stands either way.
pub fn dating(
    age: Option<Duration>,
    date: Option<&str>,
    now: i64,
    unstorable: Option<&str>,
) -> Dating {
    let now = u64::try_from(now).unwrap_or(0);
    let behind = date
        .and_then(|d| http_date(d.trim(), now))
        .and_then(|d| now.checked_sub(d))
        .map(Duration::from_secs)
        .filter(|b| *b > DATE_SKEW);
    let by_age = age.unwrap_or_default().min(MAX_AGE);
    if let (Some(why), Some(behind)) = (unstorable, behind) {
        return Dating {
            age: by_age,
            note: Some(format!(
                "its Date is {} behind our clock, but no cache can have kept it ({why}): the host's clock is off; offers dated at the fetch",
                span(behind)
            )),
        };
    }
    // A copy is at least the allowance less old than its `Date` says.
    let apparent = behind
        .and_then(|b| b.checked_sub(DATE_SKEW))
        .unwrap_or_default()
        .min(MAX_AGE);
    let note = if apparent > by_age {
        Some(format!(
            "dated {} back by its Date, with no Age to say so (a cache's copy, or the host's clock behind ours)",
            span(apparent)
        ))
    } else if !by_age.is_zero() {
        Some(format!("a cache's copy, {} old by its Age", span(by_age)))
    } else {
        None
    };
    Dating {
        age: by_age.max(apparent),
        note,
    }
}

/// Why no cache can have kept an answer to a `method` request with these `Cache-Control`
/// values, or `None` when one may have (see [`dating`]). Directives are case-insensitive
/// (RFC 9111 §5.2); `private="field"` keeps only that field private, not the answer.
pub fn unstorable<'a>(
    method: &reqwest::Method,
    cache_control: impl IntoIterator<Item = &'a str>,
) -> Option<&'static str> {
    if method != reqwest::Method::GET && method != reqwest::Method::HEAD {
        return Some("an answer to a POST, which no cache serves again");
    }
    for directive in cache_control.into_iter().flat_map(|v| v.split(',')) {
        match directive.trim().to_ascii_lowercase().as_str() {
            "no-store" => return Some("Cache-Control: no-store"),
            "private" => return Some("Cache-Control: private"),
            _ => {}
        }
    }
    None
}

/// A span of time in the unit a person reads it in.
fn span(d: Duration) -> String {
    let mins = d.as_secs() / 60;
    if mins < 120 {
        format!("{mins} min")
    } else {
        format!("{:.1} h", d.as_secs_f64() / 3600.0)
    }
}

/// The longest `Retry-After` taken at its word: a day. A larger figure is read as a day.
pub const MAX_RETRY_AFTER: Duration = Duration::from_secs(24 * 3600);

/// `Retry-After` (RFC 9110 §10.2.3) read now: delay-seconds, or an HTTP-date (a proxy's 503
/// often sends one) as the time left until then; capped at [`MAX_RETRY_AFTER`].
pub fn retry_after(value: Option<&str>) -> Option<Duration> {
    retry_after_at(value, std::time::SystemTime::now())
}

/// [`retry_after`] at `now`. A date already past is no wait (zero); anything negative, not a
/// number and not an HTTP-date is `None`, and the caller's own backoff applies.
pub fn retry_after_at(value: Option<&str>, now: std::time::SystemTime) -> Option<Duration> {
    let value = value?.trim();
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0)
            .then(|| Duration::from_secs_f64(secs.min(MAX_RETRY_AFTER.as_secs_f64())));
    }
    let now_secs = now
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
        .as_secs();
    let at = std::time::UNIX_EPOCH + Duration::from_secs(http_date(value, now_secs)?);
    Some(
        at.duration_since(now)
            .unwrap_or_default()
            .min(MAX_RETRY_AFTER),
    )
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Seconds since the epoch of an HTTP-date in any of the three forms a recipient must accept
/// (RFC 9110 §5.6.7): IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`, what senders must send),
/// and the obsolete RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`) and asctime
/// (`Sun Nov  6 08:49:37 1994`) forms older servers and proxies still send. `now_secs` places
/// RFC 850's two-digit year.
fn http_date(s: &str, now_secs: u64) -> Option<u64> {
    imf_fixdate(s)
        .or_else(|| rfc850_date(s, now_secs))
        .or_else(|| asctime_date(s))
}

/// `Sun, 06 Nov 1994 08:49:37 GMT`.
fn imf_fixdate(s: &str) -> Option<u64> {
    let (_weekday, rest) = s.split_once(", ")?;
    let parts: Vec<&str> = rest.split(' ').collect();
    let [day, month, year, time, "GMT"] = parts[..] else {
        return None;
    };
    if day.len() != 2 || year.len() != 4 {
        return None;
    }
    epoch_secs(year.parse().ok()?, month, day, time)
}

/// `Sunday, 06-Nov-94 08:49:37 GMT`. A two-digit year that would lie more than 50 years
/// ahead of `now_secs` is the latest past year with those digits (RFC 9110 §5.6.7): `99` read
/// in 2026 is 1999, `27` is 2027.
fn rfc850_date(s: &str, now_secs: u64) -> Option<u64> {
    let (_weekday, rest) = s.split_once(", ")?;
    let parts: Vec<&str> = rest.split(' ').collect();
    let [date, time, "GMT"] = parts[..] else {
        return None;
    };
    let d: Vec<&str> = date.split('-').collect();
    let [day, month, yy] = d[..] else { return None };
    if day.len() != 2 || yy.len() != 2 {
        return None;
    }
    let yy: u64 = yy.parse().ok()?;
    let now_year: u64 = bot_core::availability::format_rfc3339(i64::try_from(now_secs).ok()?)[..4]
        .parse()
        .ok()?;
    let mut year = now_year / 100 * 100 + yy;
    if year > now_year + 50 {
        year -= 100;
    }
    epoch_secs(year, month, day, time)
}

/// `Sun Nov  6 08:49:37 1994` (C's asctime: the day padded with a space, no zone; GMT).
fn asctime_date(s: &str) -> Option<u64> {
    let parts: Vec<&str> = s.split_whitespace().collect();
    let [_weekday, month, day, time, year] = parts[..] else {
        return None;
    };
    if day.is_empty() || day.len() > 2 || year.len() != 4 {
        return None;
    }
    epoch_secs(year.parse().ok()?, month, &format!("{day:0>2}"), time)
}

/// Seconds since the epoch of a day (`day` two digits), a month's three letters and `hh:mm:ss`.
fn epoch_secs(year: u64, month: &str, day: &str, time: &str) -> Option<u64> {
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let hms: Vec<u64> = time
        .split(':')
        .map(|p| p.parse().ok())
        .collect::<Option<_>>()?;
    let [h, m, sec] = hms[..] else { return None };
    if !day.bytes().all(|b| b.is_ascii_digit()) || h > 23 || m > 59 || sec > 60 {
        return None;
    }
    // The catalog's own date reading (days since the epoch, the day checked against its month).
    let days = bot_core::catalog::parse_date(&format!("{year:04}-{month:02}-{day}"))?;
    let days = u64::try_from(days).ok()?;
    Some(days * 86_400 + h * 3600 + m * 60 + sec)
}

/// Sends `request` and reads the answer within `timeout` (connect, headers and every byte of
/// the body together), stopping at `max_bytes`. A body that goes past the cap is refused
/// (its reading stops there, the connection is dropped); an error status reads only a small
/// body, for the snippet.
pub async fn exchange(
    request: reqwest::RequestBuilder,
    timeout: Duration,
    max_bytes: usize,
) -> Result<Answer, FetchError> {
    // Compressed answers are welcome (Vast's 6 MB list is a tenth of that gzipped); they
    // are inflated below under the same cap.
    let request = request.header(reqwest::header::ACCEPT_ENCODING, "gzip, deflate");
    let work = async {
        // The client's own timeout is this same deadline and may fire first: it is the
        // provider not answering in time, said so, never "a network error".
        let failed = |e: reqwest::Error| match e.is_timeout() {
            true => FetchError::Timeout(timeout),
            false => network_error(e),
        };
        let (client, built) = request.build_split();
        let built = built.map_err(failed)?;
        let method = built.method().clone();
        let mut response = client.execute(built).await.map_err(failed)?;
        let status = response.status();
        let unstorable = unstorable(
            &method,
            response
                .headers()
                .get_all(reqwest::header::CACHE_CONTROL)
                .iter()
                .filter_map(|v| v.to_str().ok()),
        );
        let media_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .map(|v| v.trim().to_ascii_lowercase());
        let encoding = response
            .headers()
            .get(reqwest::header::CONTENT_ENCODING)
            .and_then(|v| v.to_str().ok())
            .map(|v| v.trim().to_ascii_lowercase());
        let last_modified = response
            .headers()
            .get(reqwest::header::LAST_MODIFIED)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        // `Retry-After`, or the rate-limit fields' wait when it is later: asking before
        // either says draws another refusal.
        let retry_after = retry_after(
            response
                .headers()
                .get(reqwest::header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok()),
        )
        .into_iter()
        .chain(crate::ratelimit::wait(response.headers(), MAX_RETRY_AFTER))
        .max();
        let age = age(response
            .headers()
            .get(reqwest::header::AGE)
            .and_then(|v| v.to_str().ok()));
        let date = response
            .headers()
            .get(reqwest::header::DATE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let moved_to = status
            .is_redirection()
            .then(|| response.headers().get(reqwest::header::LOCATION))
            .flatten()
            .and_then(|v| v.to_str().ok())
            .and_then(|l| reqwest::Url::parse(l).ok())
            .and_then(|u| u.host_str().map(str::to_string));
        let cap = if status.is_success() {
            max_bytes
        } else {
            ERROR_BODY_BYTES
        };
        if response
            .content_length()
            .is_some_and(|n| n > cap as u64 && status.is_success())
        {
            return Err(too_large(cap));
        }
        // Chunks are kept as they came and joined once at the end: a growing buffer would
        // hold its old and new copies at each doubling, half again the cap at its peak.
        let (mut chunks, mut total) = (Vec::new(), 0usize);
        while let Some(chunk) = response.chunk().await.map_err(failed)? {
            if total + chunk.len() > cap {
                if !status.is_success() {
                    // An error body is only a snippet: what fits is enough.
                    chunks.push(chunk.slice(..cap - total));
                    break;
                }
                return Err(too_large(cap));
            }
            total += chunk.len();
            chunks.push(chunk);
        }
        let body = inflated(
            encoding.as_deref(),
            chunks.concat(),
            cap,
            status.is_success(),
        )?;
        Ok(Answer {
            status,
            body,
            last_modified,
            moved_to,
            retry_after,
            age,
            date,
            unstorable,
            media_type,
        })
    };
    tokio::time::timeout(timeout, work)
        .await
        .map_err(|_| FetchError::Timeout(timeout))?
}

/// The body as sent before its `Content-Encoding`: gzip (also a gzip body sent without the
/// header, which no JSON or CSV text can start with: `1f 8b`), or deflate (zlib, or the raw
/// stream some servers send under that name). Codings are case-insensitive and may be listed
/// several at once in the order applied (RFC 9110 §8.4: `deflate, gzip` was deflated, then
/// gzipped; both are ones we accept), so they are undone last first; `identity` is no coding.
/// The inflated size is held to `cap` at each step too, so a small bomb is refused like a
/// large body. An error body (`whole` false) is only a snippet: it is cut at the cap and what
/// inflates before damage is kept. Another coding, which we never ask for, is refused.
pub(crate) fn inflated(
    encoding: Option<&str>,
    body: Vec<u8>,
    cap: usize,
    whole: bool,
) -> Result<Vec<u8>, FetchError> {
    let codings: Vec<String> = encoding
        .unwrap_or("")
        .split(',')
        .map(|c| c.trim().to_ascii_lowercase())
        .filter(|c| !c.is_empty() && c != "identity")
        .collect();
    if codings.is_empty() {
        return inflate_one(None, body, cap, whole);
    }
    let mut body = body;
    for coding in codings.iter().rev() {
        body = inflate_one(Some(coding), body, cap, whole)?;
    }
    Ok(body)
}

/// One coding of [`inflated`] undone (`None`: none named, though the gzip mark is read).
fn inflate_one(
    encoding: Option<&str>,
    body: Vec<u8>,
    cap: usize,
    whole: bool,
) -> Result<Vec<u8>, FetchError> {
    use flate2::read::{DeflateDecoder, MultiGzDecoder, ZlibDecoder};
    use std::io::Read;
    let gzip_magic = body.starts_with(&[0x1f, 0x8b]);
    let coding = match encoding {
        None if gzip_magic => "gzip",
        None => return Ok(body),
        Some("gzip" | "x-gzip") => "gzip",
        Some("deflate") => "deflate",
        Some(other) => {
            return Err(FetchError::Malformed(format!(
                "answer encoded as {:?}, which was not asked for",
                other.chars().take(40).collect::<String>()
            )));
        }
    };
    let read = |mut reader: Box<dyn Read + '_>| {
        let mut out = Vec::new();
        let result = (&mut reader).take(cap as u64 + 1).read_to_end(&mut out);
        (out, result)
    };
    let (mut out, result) = match coding {
        "gzip" => read(Box::new(MultiGzDecoder::new(&body[..]))),
        _ => match read(Box::new(ZlibDecoder::new(&body[..]))) {
            (out, Ok(_)) => (out, Ok(0)),
            _ => read(Box::new(DeflateDecoder::new(&body[..]))),
        },
    };
    if !whole {
        out.truncate(cap);
        return Ok(out);
    }
    if let Err(e) = result {
        return Err(FetchError::Malformed(format!(
            "a {coding} answer that does not inflate (cut or damaged): {e}"
        )));
    }
    if out.len() > cap {
        return Err(FetchError::TooLarge(format!(
            "more than {cap} bytes once inflated"
        )));
    }
    Ok(out)
}

fn too_large(cap: usize) -> FetchError {
    FetchError::TooLarge(format!("more than {} bytes", cap))
}

/// The redirect rule for requests that may carry a provider's key: followed (at most 5) only
/// within the origin asked (scheme, host, port: a path moved); one to another host is not
/// followed, so the key never reaches a host it was not configured for, and no answer from
/// there is read as the provider's. The 3xx comes back as the answer ([`fetch`] refuses it).
pub fn same_origin_redirects() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let Some(first) = attempt.previous().first() else {
            return attempt.follow();
        };
        let next = attempt.url();
        let same = next.scheme() == first.scheme()
            && next.host_str() == first.host_str()
            && next.port_or_known_default() == first.port_or_known_default();
        if !same {
            attempt.stop()
        } else if attempt.previous().len() > 5 {
            attempt.error("more than 5 redirects")
        } else {
            attempt.follow()
        }
    })
}

/// Sends the adapter's request and reads the answer, within `timeout` and [`Limits::PROVIDER`].
pub async fn fetch(
    adapter: &dyn Adapter,
    http: &reqwest::Client,
    catalog: &Catalog,
    timeout: Duration,
    now: i64,
) -> Result<Parsed, FetchError> {
    fetch_with(adapter, http, catalog, timeout, now, Limits::PROVIDER).await
}

/// [`fetch`] under another byte cap (tests use small ones; the row cap is the adapters').
pub async fn fetch_with(
    adapter: &dyn Adapter,
    http: &reqwest::Client,
    catalog: &Catalog,
    timeout: Duration,
    now: i64,
    limits: Limits,
) -> Result<Parsed, FetchError> {
    let secrets: Vec<&str> = adapter.secret().map(|s| s.expose()).into_iter().collect();
    let answer = exchange(
        adapter.request(http).timeout(timeout),
        timeout,
        limits.max_bytes,
    )
    .await
    .map_err(|e| e.scrubbed(&secrets))?;
    if let Some(why) = not_an_answer(answer.status) {
        return Err(FetchError::Http {
            status: answer.status.as_u16(),
            snippet: why.into(),
            retry_after: answer.retry_after,
        });
    }
    if answer.status.is_redirection() {
        let to = answer.moved_to.as_deref().unwrap_or("another host");
        return Err(FetchError::Http {
            status: answer.status.as_u16(),
            snippet: bot_core::secret::scrub(
                &format!(
                    "moved to {to}; not followed (the host configured is the only one a key is sent to: set the provider's URL if it really moved)"
                ),
                &secrets,
            ),
            retry_after: answer.retry_after,
        });
    }
    if !answer.status.is_success() {
        return Err(FetchError::Http {
            status: answer.status.as_u16(),
            snippet: snippet(&answer.body, &secrets),
            retry_after: answer.retry_after,
        });
    }
    // A parser fault on some answer nobody foresaw is that answer's failure (the last good
    // snapshot stays), never a panic that ends the poller and, with it, `serve`.
    // A cache's copy (`Age`, or an old `Date`) was seen when the cache took it: its offers
    // are dated then, so one kept for hours is never shown as stock right now.
    let dated = dating(answer.age, answer.date.as_deref(), now, answer.unstorable);
    let taken_at = now - dated.age.as_secs() as i64;
    if let Some(problem) = problem_document(&answer) {
        return Err(FetchError::Malformed(bot_core::secret::scrub(
            &problem, &secrets,
        )));
    }
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        adapter.parse(&answer.body, catalog, taken_at)
    }))
    .unwrap_or_else(|_| {
        Err(FetchError::Malformed(format!(
            "{}: the answer could not be read (a fault in its parser)",
            adapter.provider()
        )))
    })
    .map(|mut parsed| {
        // Why an answer is partial may quote the provider's own error beside the data, which
        // can echo the key: it is logged and stored like any problem.
        parsed.partial = parsed
            .partial
            .map(|why| bot_core::secret::scrub(&why, &secrets));
        for why in &mut parsed.refused {
            *why = bot_core::secret::scrub(why, &secrets);
        }
        parsed.taken_at = (taken_at != now).then_some(taken_at);
        parsed.dated = dated.note;
        parsed
    })
    .map_err(|e| e.scrubbed(&secrets))
}

/// A problem document (RFC 9457, `application/problem+json`) sent with a success status: a
/// proxy's or gateway's "something went wrong", whatever its status says; said with its
/// `title` and `detail`, never read as a list.
fn problem_document(answer: &Answer) -> Option<String> {
    if answer.media_type.as_deref() != Some("application/problem+json") {
        return None;
    }
    let doc: serde_json::Value = serde_json::from_slice(&answer.body).unwrap_or_default();
    let field = |k: &str| doc.get(k).and_then(serde_json::Value::as_str);
    let said: Vec<&str> = [field("title"), field("detail")]
        .into_iter()
        .flatten()
        .collect();
    let said = match said.join(": ") {
        s if s.is_empty() => "no title or detail".to_string(),
        s => s.chars().take(SNIPPET_CHARS).collect(),
    };
    Some(format!("a problem document (RFC 9457), not a list: {said}"))
}

/// Why a status is no answer to read though it is not an error: a 202 (§15.3.3), a 304 (RFC 9110 §15.4.5)
/// answers only a conditional request, and we send no validator, so it is a cache's or a
/// proxy's, with no body and nothing moved; a 206 (§15.3.7) is one part of the answer, sent
/// only to a `Range` request we never make: read whole it would call every card it leaves
/// out gone.
fn not_an_answer(status: reqwest::StatusCode) -> Option<&'static str> {
    match status.as_u16() {
        // §15.3.3: taken for processing, not done; what it carries is no finished list.
        202 => Some("accepted, not yet done: its body is no list of offers"),
        304 => Some("not modified, though no validator was sent: no answer to read"),
        206 => {
            Some("a part of the answer, though no range was asked for: not read as the whole list")
        }
        _ => None,
    }
}

/// reqwest's error text without its URL (which could carry a key a user put there).
pub(crate) fn network_error(e: reqwest::Error) -> FetchError {
    if e.is_timeout() {
        return FetchError::Network("timed out".into());
    }
    FetchError::Network(e.without_url().to_string())
}

/// Most characters of an error body kept in a message.
const SNIPPET_CHARS: usize = 160;

/// An error body as one short line, with `secrets` and anything key-like scrubbed out (a
/// provider that echoes the request's key back must not put it in a log, the store or
/// `/status`). Scrubbed before it is cut, so a cut cannot leave half a key.
pub(crate) fn snippet(body: &[u8], secrets: &[&str]) -> String {
    let text = String::from_utf8_lossy(body);
    let one_line: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    bot_core::secret::scrub(&one_line, secrets)
        .chars()
        .take(SNIPPET_CHARS)
        .collect()
}
