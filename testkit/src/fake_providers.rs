//! A loopback fake of the GPU providers' HTTP APIs (Vast.ai, RunPod, Lambda): one server,
//! answering each path with a scripted response (status, body, delay) and recording every
//! request (method, path with query, headers, body). Tests write the bodies in the providers'
//! real wire formats; the fake knows nothing about them, so schema drift, garbage, 500s and
//! timeouts are just other scripts. Listens on 127.0.0.1 only.
//!
//! The real paths: Vast `GET /api/v0/bundles/`, RunPod `POST /graphql`, Lambda
//! `GET /api/v1/instance-types`. Point `GPUSCOUT_VAST_URL` etc. at [`FakeProviders::url`].

use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::routing::any;
use futures_util::StreamExt;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One scripted answer.
#[derive(Clone, Debug)]
pub struct Script {
    pub status: u16,
    pub body: String,
    /// Wait this long before answering (to make a client time out).
    pub delay: Duration,
    /// After `body`, keep sending: forever, or a byte at a time.
    pub tail: Option<Tail>,
    /// Extra response headers (`Retry-After`, `Content-Type: text/html`, …).
    pub headers: Vec<(String, String)>,
    /// Bytes sent instead of `body` (a gzip answer is no text).
    pub raw: Option<Vec<u8>>,
    /// Sent in this many pieces this far apart, with no length given (chunked transfer
    /// coding), instead of at once.
    pub pieces: Option<(usize, Duration)>,
    /// The connection dropped after this many bytes of the body: its end never comes.
    pub cut_after: Option<usize>,
}

/// A body that does not end when `body` does.
#[derive(Clone, Debug)]
pub enum Tail {
    /// This text again and again, as fast as the client reads, never ending.
    Endless(String),
    /// One more space every interval, never ending (a slow drip).
    Drip(Duration),
}

impl Script {
    pub fn ok(body: impl Into<String>) -> Script {
        Script::status(200, body)
    }
    pub fn status(status: u16, body: impl Into<String>) -> Script {
        Script {
            status,
            body: body.into(),
            delay: Duration::ZERO,
            tail: None,
            headers: Vec::new(),
            raw: None,
            pieces: None,
            cut_after: None,
        }
    }
    /// An answer of bytes that are not text (gzip, say).
    pub fn bytes(status: u16, body: Vec<u8>) -> Script {
        Script {
            raw: Some(body),
            ..Script::status(status, "")
        }
    }
    /// The same answer with one more response header.
    pub fn header(mut self, name: &str, value: &str) -> Script {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }
    /// The same answer sent in `n` pieces, `gap` apart, chunked (no `Content-Length`).
    pub fn chunked(self, n: usize, gap: Duration) -> Script {
        Script {
            pieces: Some((n.max(1), gap)),
            ..self
        }
    }
    /// The same answer cut off after `bytes` of its body: the connection ends there, with
    /// no last chunk (a proxy or the provider dying mid-answer).
    pub fn cut_after(self, bytes: usize) -> Script {
        Script {
            cut_after: Some(bytes),
            ..self
        }
    }
    pub fn slow(self, delay: Duration) -> Script {
        Script { delay, ..self }
    }
    /// 200 with `head`, then `row` repeated without end (an endless JSON list, say).
    pub fn endless(head: impl Into<String>, row: impl Into<String>) -> Script {
        Script {
            tail: Some(Tail::Endless(row.into())),
            ..Script::ok(head)
        }
    }
    /// 200 with `head`, then one byte every `every`, without end.
    pub fn drip(head: impl Into<String>, every: Duration) -> Script {
        Script {
            tail: Some(Tail::Drip(every)),
            ..Script::ok(head)
        }
    }
}

/// A request the fake received.
#[derive(Clone, Debug)]
pub struct Seen {
    pub method: String,
    /// Path and query, as sent.
    pub uri: String,
    pub headers: Vec<(String, String)>,
    pub body: String,
}

impl Seen {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

#[derive(Default)]
struct Inner {
    /// path -> queue; the last script repeats.
    scripts: HashMap<String, Vec<Script>>,
    seen: Vec<Seen>,
    /// Body bytes handed to the connection so far (a chunk is handed over only when the
    /// connection can take it, so this is what the client could have read, plus one chunk).
    served: Arc<AtomicU64>,
}

pub struct FakeProviders {
    inner: Arc<Mutex<Inner>>,
    addr: SocketAddr,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl FakeProviders {
    /// Starts the fake on 127.0.0.1 with a free port, on its own thread.
    pub fn start() -> FakeProviders {
        let inner = Arc::new(Mutex::new(Inner::default()));
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let state = inner.clone();
        let (addr, thread) =
            crate::loopback::spawn("the fake providers", 1, |listener| async move {
                let app = Router::new().fallback(any(handle)).with_state(state);
                axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stop_rx.await;
                    })
                    .await
                    .unwrap();
            });
        FakeProviders {
            inner,
            addr,
            shutdown: Some(stop_tx),
            thread: Some(thread),
        }
    }

    /// The base URL (`http://127.0.0.1:PORT`) for every provider's `GPUSCOUT_*_URL`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Answers `path` with these scripts in turn; the last one repeats. Replaces any before.
    pub fn script(&self, path: &str, scripts: Vec<Script>) {
        self.inner
            .lock()
            .unwrap()
            .scripts
            .insert(path.to_string(), scripts);
    }

    /// Every request so far, oldest first.
    pub fn seen(&self) -> Vec<Seen> {
        self.inner.lock().unwrap().seen.clone()
    }

    /// Body bytes sent so far, over every answer (see [`Script::endless`]).
    pub fn served_bytes(&self) -> u64 {
        self.inner.lock().unwrap().served.load(Ordering::SeqCst)
    }
}

/// Bytes of one chunk of an endless body.
const CHUNK: usize = 64 << 10;

/// The body of a script: fixed, or its head followed by a tail without end. Counted into
/// `served` as each chunk is handed to the connection.
fn body_of(s: Script, served: Arc<AtomicU64>) -> Body {
    if s.pieces.is_some() || s.cut_after.is_some() {
        return in_pieces(s, served);
    }
    if let Some(raw) = s.raw {
        served.fetch_add(raw.len() as u64, Ordering::SeqCst);
        return Body::from(raw);
    }
    served.fetch_add(s.body.len() as u64, Ordering::SeqCst);
    let Some(tail) = s.tail else {
        return Body::from(s.body);
    };
    let head = futures_util::stream::once(async move { Ok(Bytes::from(s.body)) });
    let rest = futures_util::stream::unfold((tail, served), |(tail, served)| async move {
        let chunk = match &tail {
            Tail::Endless(row) => {
                let mut c = String::with_capacity(CHUNK + row.len());
                while c.len() < CHUNK {
                    c.push_str(row);
                }
                Bytes::from(c)
            }
            Tail::Drip(every) => {
                tokio::time::sleep(*every).await;
                Bytes::from_static(b" ")
            }
        };
        served.fetch_add(chunk.len() as u64, Ordering::SeqCst);
        Some((Ok::<_, std::io::Error>(chunk), (tail, served)))
    });
    Body::from_stream(head.chain(rest))
}

/// A fixed body sent as a stream: in pieces with gaps between them, and/or ending in an
/// error after `cut_after` bytes, which makes the server drop the connection mid-body.
fn in_pieces(s: Script, served: Arc<AtomicU64>) -> Body {
    let mut bytes = s.raw.unwrap_or_else(|| s.body.into_bytes());
    let cut = s.cut_after.is_some_and(|n| n < bytes.len());
    if let Some(n) = s.cut_after {
        bytes.truncate(n);
    }
    let (n, gap) = s.pieces.unwrap_or((1, Duration::ZERO));
    let size = bytes.len().div_ceil(n).max(1);
    let chunks: Vec<Bytes> = bytes.chunks(size).map(Bytes::copy_from_slice).collect();
    let stream = futures_util::stream::iter(chunks.into_iter().enumerate()).then(move |(i, c)| {
        let served = served.clone();
        async move {
            if i > 0 && !gap.is_zero() {
                tokio::time::sleep(gap).await;
            }
            served.fetch_add(c.len() as u64, Ordering::SeqCst);
            Ok::<_, std::io::Error>(c)
        }
    });
    let end = futures_util::stream::iter(cut.then(|| {
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "the fake cut the answer short",
        ))
    }));
    Body::from_stream(stream.chain(end))
}

impl Drop for FakeProviders {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

async fn handle(
    State(inner): State<Arc<Mutex<Inner>>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: Bytes,
) -> impl IntoResponse {
    let (script, served) = {
        let mut g = inner.lock().unwrap();
        g.seen.push(Seen {
            method: method.to_string(),
            uri: uri.to_string(),
            headers: headers
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or("").to_string()))
                .collect(),
            body: String::from_utf8_lossy(&body).into_owned(),
        });
        let script = match g.scripts.get_mut(uri.path()) {
            Some(q) if q.len() > 1 => Some(q.remove(0)),
            Some(q) => q.first().cloned(),
            None => None,
        };
        (script, g.served.clone())
    };
    let Some(s) = script else {
        return (
            StatusCode::NOT_FOUND,
            HeaderMap::new(),
            Body::from("no script for this path"),
        );
    };
    if !s.delay.is_zero() {
        tokio::time::sleep(s.delay).await;
    }
    let mut headers = HeaderMap::new();
    for (k, v) in &s.headers {
        if let (Ok(k), Ok(v)) = (
            axum::http::HeaderName::from_bytes(k.as_bytes()),
            axum::http::HeaderValue::from_str(v),
        ) {
            headers.append(k, v);
        }
    }
    (
        StatusCode::from_u16(s.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        headers,
        body_of(s, served),
    )
}
