//! The routes: `/` and `/assets/NAME` (the embedded files only), the API
//! (`/api/...`, see the README's section "The web page and its API").

use super::bridge::{self, Endpoint, Params};
use super::limits::{ApiError, Limits, MAX_BODY_BYTES};
use super::play;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use grundy::service::{RequestFiles, RequestPolicy};
use serde_json::json;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// What the handlers share.
#[derive(Clone)]
pub struct App {
    /// The bounds of every request.
    pub limits: Limits,
    /// `--census DIR`.
    pub census: Option<PathBuf>,
}

/// The server's routes.
pub fn router(app: App) -> Router {
    Router::new()
        .route("/", get(index))
        .route("/assets/{name}", get(asset))
        .route("/api/examples", get(examples))
        .route("/api/census", get(census))
        .route("/api/{endpoint}", get(api_get).post(api_post))
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY_BYTES))
        .with_state(app)
}

/// The embedded file `name`, if there is one.
fn embedded(name: &str) -> Option<&'static [u8]> {
    ASSETS.iter().find(|(n, _)| *n == name).map(|(_, b)| *b)
}

/// The media type of a file, by its extension.
fn media_type(name: &str) -> &'static str {
    match name.rsplit_once('.').map(|(_, e)| e) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        Some("ttf") => "font/ttf",
        Some("woff2") => "font/woff2",
        Some("ico") => "image/x-icon",
        _ => "text/plain; charset=utf-8",
    }
}

async fn index() -> Response {
    asset(Path("index.html".to_string())).await
}

async fn asset(Path(name): Path<String>) -> Response {
    match embedded(&name) {
        Some(bytes) => ([(header::CONTENT_TYPE, media_type(&name))], bytes).into_response(),
        None => not_found().await,
    }
}

async fn not_found() -> Response {
    ApiError::not_found(
        "no such page: the page is `/`, its files are under `/assets/`, the API under `/api/`",
    )
    .into_response()
}

/// `/api/examples`: the files of `examples/games/`, embedded.
async fn examples() -> Response {
    let list: Vec<_> = EXAMPLES
        .iter()
        .map(|(name, bytes)| {
            let kind = name.rsplit_once('.').map_or("", |(_, e)| e);
            json!({"name": name, "kind": kind, "text": String::from_utf8_lossy(bytes)})
        })
        .collect();
    Json(json!({ "examples": list })).into_response()
}

/// `/api/census`: the rows of `DIR/results.jsonl` (`--census DIR`).
async fn census(State(app): State<App>) -> Response {
    let Some(dir) = app.census.clone() else {
        return ApiError::not_found("no census is served: start the server with `--census DIR`")
            .into_response();
    };
    let answer = tokio::task::spawn_blocking(move || super::census_rows(&dir)).await;
    match answer {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => e.into_response(),
        Err(_) => ApiError::busy("the census could not be read").into_response(),
    }
}

async fn api_get(
    State(app): State<App>,
    Path(endpoint): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
) -> Response {
    api(app, endpoint, Params(query), None).await
}

async fn api_post(
    State(app): State<App>,
    Path(endpoint): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    body: Bytes,
) -> Response {
    match String::from_utf8(body.to_vec()) {
        Ok(text) => api(app, endpoint, Params(query), Some(text)).await,
        Err(_) => ApiError::usage("the request's body is not UTF-8 text").into_response(),
    }
}

/// The name the spec `script:NAME` or `toml:NAME` gives its file.
fn file_name(game: &str) -> Option<&str> {
    let rest = game
        .trim_start()
        .strip_prefix("script:")
        .or_else(|| game.trim_start().strip_prefix("toml:"))?;
    Some(rest.split('?').next().unwrap_or(rest))
}

/// The files a request's specs may read: the embedded examples (as
/// `examples/games/NAME`) and the body, under the name its spec gives.
fn files_of(
    p: &Params,
    body: Option<&str>,
    policy: &RequestPolicy,
) -> Result<RequestFiles, ApiError> {
    let mut files = RequestFiles::new(policy);
    for (name, bytes) in EXAMPLES {
        files = files.with(
            &format!("examples/games/{name}"),
            &String::from_utf8_lossy(bytes),
        );
    }
    if let Some(text) = body {
        let game = p.required("game")?;
        let name = file_name(&game).ok_or_else(|| {
            ApiError::usage(format!(
                "a POSTed file is a game of its own: the game is `script:NAME` or `toml:NAME`, not `{game}`"
            ))
        })?;
        files = files.with(name, text);
    }
    Ok(files)
}

/// A unique path for a plot's image, in the temporary directory.
fn image_path() -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!("grundy-serve-{}-{n}.svg", std::process::id()))
}

async fn api(app: App, endpoint: String, p: Params, body: Option<String>) -> Response {
    if endpoint == "games" && body.is_none() {
        // Light: no computing, no place taken.
        return answer(
            Endpoint::Games,
            &p,
            RequestFiles::default(),
            &app.limits.policy(),
        );
    }
    let known =
        Endpoint::of(&endpoint).is_some() || matches!(endpoint.as_str(), "moves" | "engine");
    if !known {
        return not_found().await;
    }
    app.limits
        .heavy(move |policy| {
            let files = files_of(&p, body.as_deref(), &policy)?;
            match endpoint.as_str() {
                "moves" => Ok(Json(play::moves(&p, files, &policy)?).into_response()),
                "engine" => Ok(Json(play::engine(&p, files, &policy)?).into_response()),
                name => {
                    let e = Endpoint::of(name).expect("checked above");
                    Ok(answer(e, &p, files, &policy))
                }
            }
        })
        .await
}

/// A command's answer: its JSON line, or the SVG of `plot`.
fn answer(e: Endpoint, p: &Params, files: RequestFiles, policy: &RequestPolicy) -> Response {
    let image = image_path();
    let run = || -> Result<Response, ApiError> {
        let argv = bridge::argv(e, p, &image.to_string_lossy())?;
        let out = bridge::run(&argv, files, policy)?;
        if e == Endpoint::Plot {
            let svg = std::fs::read(&image)
                .map_err(|err| ApiError::busy(format!("the plot could not be read back: {err}")))?;
            return Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg).into_response());
        }
        Ok((
            StatusCode::OK,
            [(header::CONTENT_TYPE, "application/json")],
            out.out,
        )
            .into_response())
    };
    let r = run().unwrap_or_else(IntoResponse::into_response);
    let _ = std::fs::remove_file(&image);
    r
}
