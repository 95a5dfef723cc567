//! What bounds the server's requests, and how a failure becomes an HTTP
//! answer: the heavy requests' semaphore (503 at once when full), each
//! request's [`RequestPolicy`] (its time limit), the body cap, the catch
//! of a panicking computation (500 with its message), and the status of
//! each error kind of the library.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use grundy::service::RequestPolicy;
use grundy::ErrorKind;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Bytes a request body may hold (a pasted script or game file): 1 MiB.
pub const MAX_BODY_BYTES: usize = 1 << 20;

/// Values one request may ask for (`/api/values`: `to - from + 1`).
pub const MAX_VALUES: u64 = 1 << 20;

/// Heaps one plot may draw (`/api/plot`: `to - from + 1`).
pub const MAX_PLOT_VALUES: u64 = 1 << 24;

/// How long past its time limit the server waits for a computation that
/// did not stop before it answers 503 anyway (the computation keeps its
/// place in the semaphore until it ends).
const GRACE: Duration = Duration::from_secs(5);

/// How long a heavy request waits for a place before it is answered 503.
pub const QUEUE_WAIT: Duration = Duration::from_secs(5);

/// What every request shares: the bounds it runs under.
#[derive(Clone)]
pub struct Limits {
    /// Places for heavy requests computing at once.
    heavy: Arc<Semaphore>,
    /// Places for heavy requests waiting for one; none free: 503 at once.
    queue: Arc<Semaphore>,
    /// How many places there are: computing, waiting.
    places: (usize, usize),
    /// The time one request may compute.
    pub time_limit: Duration,
}

impl Limits {
    /// `workers` heavy requests computing at once, at most `queue` more
    /// waiting (each at most [`QUEUE_WAIT`]), each computing at most
    /// `time_limit`.
    pub fn new(workers: usize, queue: usize, time_limit: Duration) -> Limits {
        Limits {
            heavy: Arc::new(Semaphore::new(workers)),
            queue: Arc::new(Semaphore::new(queue)),
            places: (workers, queue),
            time_limit,
        }
    }

    /// The policy of one request: the time limit, the machine's memory.
    pub fn policy(&self) -> RequestPolicy {
        RequestPolicy {
            time_limit: Some(self.time_limit),
            ..RequestPolicy::default()
        }
    }

    /// A place to compute: at once, or after a wait in the queue; 503
    /// when the queue is full or the wait too long.
    async fn place(&self) -> Result<tokio::sync::OwnedSemaphorePermit, ApiError> {
        if let Ok(p) = self.heavy.clone().try_acquire_owned() {
            return Ok(p);
        }
        let (workers, queue) = self.places;
        let full = || {
            ApiError::busy(format!(
                "the server is busy: `{workers}` requests computing and `{queue}` waiting, \
                 its limits; try again in a moment"
            ))
        };
        let Ok(_waiting) = self.queue.clone().try_acquire_owned() else {
            return Err(full());
        };
        match tokio::time::timeout(QUEUE_WAIT, self.heavy.clone().acquire_owned()).await {
            Ok(Ok(p)) => Ok(p),
            _ => Err(full()),
        }
    }

    /// Runs `job` on the blocking pool once a place is free ([`place`]:
    /// 503 when none comes), and turns a panic in it into 500 with its
    /// message; a job still running well past the time limit is answered
    /// 503 (it keeps its place until it ends).
    pub async fn heavy<F>(&self, job: F) -> Response
    where
        F: FnOnce(RequestPolicy) -> Result<Response, ApiError> + Send + 'static,
    {
        let permit = match self.place().await {
            Ok(p) => p,
            Err(e) => return e.into_response(),
        };
        let policy = self.policy();
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job(policy)
        });
        match tokio::time::timeout(self.time_limit + GRACE, handle).await {
            Ok(Ok(answer)) => answer.unwrap_or_else(IntoResponse::into_response),
            Ok(Err(e)) => panicked(e).into_response(),
            Err(_) => ApiError::busy(format!(
                "the request stopped at the limit of `{} s` of computing time",
                self.time_limit.as_secs_f64()
            ))
            .into_response(),
        }
    }
}

/// A computation that panicked (a defect): 500 with the panic's message.
fn panicked(e: tokio::task::JoinError) -> ApiError {
    let message = if e.is_panic() {
        let payload = e.into_panic();
        payload
            .downcast_ref::<&str>()
            .map(|s| (*s).to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".into())
    } else {
        "the computation was stopped".into()
    };
    ApiError {
        status: StatusCode::INTERNAL_SERVER_ERROR,
        kind: "Internal".into(),
        message: format!("internal error (a defect of grundy, please report it): {message}"),
    }
}

/// An error answer: `{"error": TEXT, "kind": KIND}` with its status.
#[derive(Debug)]
pub struct ApiError {
    /// 400, 404, 413, 422, 500 or 503.
    pub status: StatusCode,
    /// The library's [`ErrorKind`] (its variant's name), or `Usage`,
    /// `NotFound`, `TooLarge`, `Busy`, `Internal`.
    pub kind: String,
    /// The text the command prints after `error: `.
    pub message: String,
}

impl ApiError {
    /// 400, a usage error (a bad parameter, as clap words it).
    pub fn usage(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            kind: "Usage".into(),
            message: message.into(),
        }
    }

    /// 404.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            kind: "NotFound".into(),
            message: message.into(),
        }
    }

    /// 422: a limit of the server on what one request may ask.
    pub fn too_large(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            kind: "TooLarge".into(),
            message: message.into(),
        }
    }

    /// 503: busy, or the time limit.
    pub fn busy(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::SERVICE_UNAVAILABLE,
            kind: "Busy".into(),
            message: message.into(),
        }
    }

    /// The answer to a command's error, `line` its one line (`error: ...`).
    pub fn of_command(e: &anyhow::Error, line: &str) -> ApiError {
        if e.chain().any(|c| c.is::<TooLarge>()) {
            return ApiError::too_large(line.strip_prefix("error: ").unwrap_or(line));
        }
        let kind = e
            .chain()
            .find_map(|c| c.downcast_ref::<grundy::Error>())
            .map(grundy::Error::kind);
        let message = line.strip_prefix("error: ").unwrap_or(line).to_string();
        ApiError {
            status: kind.map_or(StatusCode::BAD_REQUEST, status_of),
            kind: kind.map_or("Usage".into(), kind_name),
            message,
        }
    }
}

/// The status of a library error (see the README's table).
pub fn status_of(kind: &ErrorKind) -> StatusCode {
    match kind {
        ErrorKind::TooManyPositions { .. }
        | ErrorKind::OutOfMemory { .. }
        | ErrorKind::HeapTooLarge { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        // The request's own clock (`service::Request::check`) is 503;
        // a limit the library sets on work not asked for by size is 422.
        ErrorKind::LimitReached { work, .. } if work == "the request" => {
            StatusCode::SERVICE_UNAVAILABLE
        }
        ErrorKind::LimitReached { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        ErrorKind::Cancelled => StatusCode::SERVICE_UNAVAILABLE,
        ErrorKind::Io { .. }
        | ErrorKind::BadFile { .. }
        | ErrorKind::Busy { .. }
        | ErrorKind::NotTheSequence { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// The name of the kind's variant: `InvalidSpec`, `LimitReached`, ...
pub fn kind_name(kind: &ErrorKind) -> String {
    format!("{kind:?}")
        .chars()
        .take_while(char::is_ascii_alphanumeric)
        .collect()
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = serde_json::json!({"error": self.message, "kind": self.kind});
        (self.status, Json(body)).into_response()
    }
}

/// A request over a size limit of the server (422).
#[derive(Debug)]
pub struct TooLarge(pub String);

impl std::fmt::Display for TooLarge {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TooLarge {}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap()
    }

    async fn body_of(r: Response) -> (StatusCode, serde_json::Value) {
        let status = r.status();
        let bytes = axum::body::to_bytes(r.into_body(), 1 << 20).await.unwrap();
        (status, serde_json::from_slice(&bytes).unwrap())
    }

    #[test]
    fn a_panicking_computation_is_answered_500_with_its_message_and_the_place_is_freed() {
        runtime().block_on(async {
            let limits = Limits::new(1, 0, Duration::from_secs(5));
            let r = limits
                .heavy(|_| -> Result<Response, ApiError> { panic!("planted defect") })
                .await;
            let (status, body) = body_of(r).await;
            assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
            assert!(
                body["error"].as_str().unwrap().contains("planted defect"),
                "{body}"
            );
            // The one place is free again.
            let r = limits.heavy(|_| Ok(StatusCode::OK.into_response())).await;
            assert_eq!(r.status(), StatusCode::OK);
        });
    }

    #[test]
    fn a_heavy_request_over_the_places_and_the_queue_is_answered_503_at_once() {
        runtime().block_on(async {
            let limits = Limits::new(1, 0, Duration::from_secs(5));
            let (tx, rx) = std::sync::mpsc::channel::<()>();
            let busy = limits.clone();
            let first = tokio::spawn(async move {
                busy.heavy(move |_| {
                    let _ = rx.recv_timeout(Duration::from_secs(5));
                    Ok(StatusCode::OK.into_response())
                })
                .await
            });
            // Wait until the first holds the place.
            while limits.heavy.available_permits() > 0 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            let (status, body) =
                body_of(limits.heavy(|_| Ok(StatusCode::OK.into_response())).await).await;
            assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
            assert!(
                body["error"]
                    .as_str()
                    .unwrap()
                    .contains("`1` requests computing and `0` waiting"),
                "{body}"
            );
            tx.send(()).unwrap();
            assert_eq!(first.await.unwrap().status(), StatusCode::OK);
        });
    }

    #[test]
    fn library_errors_get_the_status_of_the_readme() {
        let e = |k: ErrorKind| status_of(&k);
        assert_eq!(
            e(ErrorKind::InvalidSpec {
                spec: "x".into(),
                reason: "r".into()
            }),
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            e(ErrorKind::TooManyPositions { limit: 1 }),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(e(ErrorKind::Cancelled), StatusCode::SERVICE_UNAVAILABLE);
        let limit = |work: &str| ErrorKind::LimitReached {
            work: work.into(),
            limit: "`1 s`".into(),
            reached: "x".into(),
        };
        assert_eq!(e(limit("the request")), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            e(limit("the values of `kayles`")),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(kind_name(&limit("w")), "LimitReached");
        assert_eq!(kind_name(&ErrorKind::Cancelled), "Cancelled");
    }
}
