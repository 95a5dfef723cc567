//! A small HTTP/1.1 client on std's `TcpStream` for the tests of
//! `grundy serve` (`tests/suite/serve.rs`) and its load test
//! (`examples/load.rs`): the request's path is sent exactly as given
//! (`/assets/../x` stays so), keep-alive, bodies by length or chunks.

#![allow(dead_code)]

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// An answer.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers, names lower-cased.
    pub headers: Vec<(String, String)>,
    /// The body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One connection, kept alive between requests.
pub struct Client {
    host: String,
    reader: BufReader<TcpStream>,
}

impl Client {
    /// Connects to `host` (`127.0.0.1:PORT`).
    pub fn connect(host: &str) -> io::Result<Client> {
        let stream = TcpStream::connect(host)?;
        stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        stream.set_nodelay(true)?;
        Ok(Client {
            host: host.to_string(),
            reader: BufReader::new(stream),
        })
    }

    /// Sends one request and reads its answer.
    pub fn send(&mut self, method: &str, path: &str, body: Option<&[u8]>) -> io::Result<Answer> {
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {}\r\n", self.host);
        if let Some(b) = body {
            head.push_str(&format!(
                "Content-Length: {}\r\nContent-Type: text/plain\r\n",
                b.len()
            ));
        }
        head.push_str("\r\n");
        let stream = self.reader.get_mut();
        stream.write_all(head.as_bytes())?;
        if let Some(b) = body {
            // The server may answer (413) and close before reading it all.
            let _ = stream.write_all(b);
        }
        self.read_answer()
    }

    fn line(&mut self) -> io::Result<String> {
        let mut line = String::new();
        if self.reader.read_line(&mut line)? == 0 {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "closed"));
        }
        Ok(line.trim_end().to_string())
    }

    fn read_answer(&mut self) -> io::Result<Answer> {
        let status_line = self.line()?;
        let status = status_line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidData, status_line.clone()))?;
        let mut headers = Vec::new();
        loop {
            let l = self.line()?;
            if l.is_empty() {
                break;
            }
            if let Some((n, v)) = l.split_once(':') {
                headers.push((n.trim().to_ascii_lowercase(), v.trim().to_string()));
            }
        }
        let get = |n: &str| headers.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        let mut body = Vec::new();
        if let Some(len) = get("content-length") {
            let len: usize = len.parse().unwrap_or(0);
            body.resize(len, 0);
            self.reader.read_exact(&mut body)?;
        } else if get("transfer-encoding").is_some_and(|t| t.contains("chunked")) {
            loop {
                let size = usize::from_str_radix(self.line()?.split(';').next().unwrap_or("0"), 16)
                    .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
                if size == 0 {
                    self.line()?;
                    break;
                }
                let at = body.len();
                body.resize(at + size, 0);
                self.reader.read_exact(&mut body[at..])?;
                self.line()?;
            }
        } else {
            self.reader.read_to_end(&mut body)?;
        }
        Ok(Answer {
            status,
            headers,
            body,
        })
    }
}

/// One request on a connection of its own.
pub fn request(host: &str, method: &str, path: &str, body: Option<&[u8]>) -> Answer {
    Client::connect(host)
        .and_then(|mut c| c.send(method, path, body))
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"))
}

/// `GET path`.
pub fn get(host: &str, path: &str) -> Answer {
    request(host, "GET", path, None)
}
