//! Webhook mode. Telegram counts an update delivered once we answer its POST with 200, so
//! an update is answered 200 only after it is durably queued in the store (the same
//! `in:telegram:<id>` rows long polling spills, [`crate::poll::Acks`]); a store that cannot
//! take it answers 503 and Telegram delivers it again later. A stop stops the server, drains
//! the lanes within the stop deadline, and what is left stays queued: the next start answers
//! it first, once (the store's handled marks skip an update answered before).

use crate::config::Redactor;
use crate::gate::{Gate, Gated};
use crate::poll::{Acks, Intake};
use crate::{RunError, handler};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;
use teloxide::prelude::*;
use teloxide::types::UpdateKind;
use teloxide::update_listeners::{UpdateListener, webhooks};
use tokio_util::sync::CancellationToken;

/// The largest update body we read (axum's own default limit).
const MAX_BODY: usize = 2 * 1024 * 1024;
const SECRET_HEADER: &str = "x-telegram-bot-api-secret-token";

/// Where the webhook listens and what it checks.
pub(crate) struct Hook<'a> {
    pub url: &'a url::Url,
    pub listen: &'a std::net::SocketAddr,
    pub secret: Option<&'a String>,
    pub deadline: Duration,
}

/// Serves the webhook until `stop`, then drains (bounded by `hook.deadline`).
pub(crate) async fn run(
    intake: &Intake,
    bot: &crate::sender::TgBot,
    hook: Hook<'_>,
    redactor: &Redactor,
    stop: &CancellationToken,
) -> Result<(), RunError> {
    let tcp = tokio::net::TcpListener::bind(hook.listen)
        .await
        .map_err(|e| RunError::Bind {
            addr: hook.listen.to_string(),
            detail: e.to_string(),
        })?;
    let mut options = webhooks::Options::new(*hook.listen, hook.url.clone());
    if let Some(s) = hook.secret {
        options = options.secret_token(s.clone());
    }
    // Known here too: an update is queued only once its secret is checked.
    let secret: Arc<str> = options.get_or_gen_secret_token().into();
    let (listener, stopped, router) = webhooks::axum_to_router(bot.clone(), options)
        .await
        .map_err(|e| RunError::Webhook(redactor.clean(&e.to_string())))?;
    let router = router.layer(axum::middleware::from_fn({
        let (gate, acks) = (intake.gate.clone(), intake.acks.clone());
        move |req: axum::extract::Request, next: axum::middleware::Next| {
            let (gate, acks, secret) = (gate.clone(), acks.clone(), secret.clone());
            async move { admit(&gate, &acks, &secret, req, next).await }
        }
    }));
    let listener = Gated {
        inner: listener,
        gate: intake.gate.clone(),
        counted_on_accept: true,
    };
    tracing::info!("telegram: webhook on {}", hook.listen);
    let server = tokio::spawn(async move {
        if let Err(e) = axum::serve(tcp, router)
            .with_graceful_shutdown(stopped)
            .await
        {
            tracing::error!("telegram: webhook server failed: {e}");
        }
    });
    // What an earlier run queued and did not answer is answered beside the new updates.
    let replay = async {
        for upd in intake.acks.replay().await {
            tokio::select! {
                () = intake.gate.enter() => {}
                () = stop.cancelled() => return,
            }
            intake.accept_bounded(upd, false);
        }
    };
    let ((), r) = tokio::join!(replay, dispatch(intake, listener, redactor, stop));
    let _ = server.await;
    crate::poll::drain(intake, hook.deadline).await;
    r
}

/// Webhook updates: reads them until the listener ends (a stop stops it) and hands each to
/// its chat's lane.
async fn dispatch<L>(
    intake: &Intake,
    mut listener: L,
    redactor: &Redactor,
    stop: &CancellationToken,
) -> Result<(), RunError>
where
    L: UpdateListener + Send,
    L::Err: Debug + std::fmt::Display + Send + 'static,
{
    listener.hint_allowed_updates(&mut handler::ALLOWED.iter().cloned());
    let stop_token = listener.stop_token();
    let stopper = {
        let stop = stop.clone();
        tokio::spawn(async move {
            stop.cancelled().await;
            tracing::info!("telegram: stopping");
            stop_token.stop();
        })
    };
    {
        let updates = listener.as_stream();
        tokio::pin!(updates);
        while let Some(item) = updates.next().await {
            match item {
                // What teloxide cannot parse reaches no handler (the gate already knows).
                Ok(upd) if matches!(upd.kind, UpdateKind::Error(_)) => {}
                Ok(upd) => intake.accept(upd),
                Err(e) => {
                    gpuscout_frontend::metrics::error("telegram", "update_listener");
                    tracing::warn!("telegram: {}", redactor.clean(&e.to_string()));
                }
            }
        }
    }
    stopper.abort();
    Ok(())
}

/// The webhook's door: a full gate answers 503 with `Retry-After` (Telegram delivers the
/// update again later); an update with the right secret is queued in the store before it is
/// passed on (and so before the 200), and holds its slot until a handler is done with it.
async fn admit(
    gate: &Gate,
    acks: &Acks,
    secret: &str,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if !gate.try_enter() {
        return busy();
    }
    let authentic = req
        .headers()
        .get(SECRET_HEADER)
        .is_some_and(|v| v.as_bytes() == secret.as_bytes());
    let req = if authentic {
        let (parts, body) = req.into_parts();
        let Ok(mut bytes) = axum::body::to_bytes(body, MAX_BODY).await else {
            gate.leave();
            return StatusCode::PAYLOAD_TOO_LARGE.into_response();
        };
        // A message teloxide cannot read whole goes on with only the fields we use.
        if let Some(readable) = crate::read::readable(&bytes) {
            bytes = readable.into();
        }
        // What does not parse as an update is left to teloxide (which drops it).
        if let Ok(upd) = serde_json::from_slice::<Update>(&bytes)
            && !matches!(upd.kind, UpdateKind::Error(_))
            && !acks.queue(&upd).await
        {
            gate.leave();
            return busy();
        }
        axum::extract::Request::from_parts(parts, axum::body::Body::from(bytes))
    } else {
        req
    };
    let response = next.run(req).await;
    if response.status() != StatusCode::OK {
        // Not queued (a wrong secret, a body that is no update).
        gate.leave();
    }
    response
}

fn busy() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [(axum::http::header::RETRY_AFTER, "5")],
    )
        .into_response()
}
