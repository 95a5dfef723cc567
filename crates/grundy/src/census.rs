//! A census of take-and-break codes: every code of a family (`octal:3` is
//! every octal code with at most three digits after the point), each
//! classified in one pass.
//!
//! For one code, [`classify`] computes `G(0..=to)` with the take-and-break
//! engine in growing stages (4096 values, then four times more each
//! stage), and after each stage searches the table for a period that the
//! game's periodicity theorem (Guy–Smith and its relatives, see
//! [`crate::analysis::PeriodTheorem`]) certifies; a certified period ends the work early.
//! Otherwise the code is *open to `to`*. The report also gives the largest
//! value and the first heap with it, the best rare/common split
//! ([`value_stats`]: its mask, its count of rare heaps and the last rare
//! heap, heap 0 left out) and the FNV-1a
//! checksum of `G(0..=to)` (a periodic tail is extended by its period), the
//! same checksum `grundy values CODE --to N` prints, so two runs, local or
//! on a cluster, can be compared code by code.
//!
//! [`canonical_forms`] then groups codes that are the same game up to a
//! shift: `G_b(n) = G_a(n + d)` for `|d| ≤` [`MAX_SHIFT`] on the whole
//! computed range (for example `0.01` is `0.1` shifted by one heap, and
//! trailing zero digits never change a game). It compares fingerprints of
//! the sequences, so two codes are grouped when their values agree on
//! `0..=to` (up to the shift), which is what a census can see: a proof of
//! equivalence is the rules' business, not this module's.
//!
//! A census kept in a directory writes one line per finished code to
//! [`ResultsFile`] (`DIR/results.jsonl`), held against a second run in the
//! same directory; a resumed census hands the rows it read back to
//! [`check_resumed`], which refuses a code listed twice and recomputes
//! every row that claims a certified period before it is reported (the
//! rows are JSON, read by the front-end: the CLI and the Python package
//! share this policy and the file).
//!
//! Time: each code costs what the engine costs for the values computed
//! (see [`crate::solve::takebreak`]), plus O(n) per stage for the period
//! search. Memory: one value table per code being classified.

use crate::analysis::{value_stats, Periodicity};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{HeapGame, TakeBreak};
use crate::solve::table::{fnv1a, fnv1a_step};
use crate::solve::values_file::WriteLock;
use crate::solve::{NimTable, TakeBreakConfig, TakeBreakSolver};
use std::collections::HashMap;
use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The prefixes whose checksums a report gives besides the whole range's
/// ([`CodeReport::prefix_checksums`]): the first 2^17, 2^21, 2^26 and 2^30
/// heaps, so that runs to different ends (tczajka's tables stop at 2^17 and
/// 2^21 heaps) can be compared where they overlap.
pub const PREFIX_HEAPS: [u64; 4] = [1 << 17, 1 << 21, 1 << 26, 1 << 30];

/// Largest shift [`canonical_forms`] looks for.
pub const MAX_SHIFT: usize = 4;

/// Most codes one pattern expands to.
pub const MAX_CODES: usize = 1 << 16;

/// The largest list of codes read from a file (4 MiB: [`MAX_CODES`] codes
/// of a few digits, with room for comments). Front-ends read such a file
/// with [`crate::files::read_text`] within it.
pub const MAX_CODES_FILE_BYTES: u64 = 4 << 20;

/// Values computed before the first period search.
const FIRST_STAGE: u64 = 4096;

/// Settings of a census.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct CensusConfig {
    /// Largest heap computed for a code without a certified period.
    pub to: u64,
    /// Stop a code after this long (it is then open to the heap reached).
    pub time_per_code: Option<Duration>,
    /// Most bytes one code's value table may take.
    pub max_bytes: u64,
}

crate::util::setters!(CensusConfig {
    to: u64,
    time_per_code: Option<Duration>,
    max_bytes: u64,
});

impl Default for CensusConfig {
    fn default() -> Self {
        CensusConfig {
            to: 1 << 20,
            time_per_code: None,
            max_bytes: 8 << 30,
        }
    }
}

/// What the census found about one code.
#[derive(Clone, Debug, PartialEq)]
pub struct CodeReport {
    /// The code as listed (`0.12`, `hex:0.3F`).
    pub code: String,
    /// The game's spec as the library writes it.
    pub spec: String,
    /// The period found (certified or only observed), if any.
    pub periodicity: Option<Periodicity>,
    /// True when a theorem proves the period.
    pub certified: bool,
    /// The largest heap computed.
    pub computed_to: u64,
    /// The heap the checksum and fingerprints reach: `to` unless a time
    /// limit stopped the code early.
    pub checked_to: u64,
    /// Largest value in `G(0..=checked_to)`.
    pub max_value: u64,
    /// The first heap with that value.
    pub max_at: u64,
    /// Mask of the best rare/common split of the computed values, if any.
    pub split_mask: Option<u64>,
    /// Heaps with a rare value under that split, and heaps counted.
    pub rare_heaps: u64,
    /// Heaps counted for the split (all but heap 0).
    pub split_heaps: u64,
    /// The largest counted heap with a rare value under that split
    /// (`None` without a split or without a rare heap).
    pub last_rare: Option<u64>,
    /// FNV-1a checksum of `G(0..=checked_to)`.
    pub checksum: u64,
    /// `(heaps, checksum)`: the FNV-1a checksum of `G(0..heaps)` for each
    /// of [`PREFIX_HEAPS`] within `0..=checked_to` (what `grundy values
    /// CODE --to HEAPS-1` prints).
    pub prefix_checksums: Vec<(u64, u64)>,
    /// Fingerprints of `G(s..s + L)` for `s = 0..=MAX_SHIFT`, with
    /// `L = checked_to + 1 - MAX_SHIFT` (see [`canonical_forms`]).
    pub fingerprints: Vec<u64>,
}

impl CodeReport {
    /// `"periodic"` (certified), `"open"` otherwise.
    pub fn status(&self) -> &'static str {
        if self.certified {
            "periodic"
        } else {
            "open"
        }
    }
}

/// Where a code's canonical form sits: `G(code, n) = G(canonical, n +
/// shift)` on the computed range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Canonical {
    /// The representative code (the first of its group in census order).
    pub code: String,
    /// The shift `d` with `G(code, n) = G(canonical, n + d)`.
    pub shift: i64,
}

/// The codes a pattern names, in census order (fewer digits first):
///
/// - `octal:K`: every octal code `0.d1…dj`, `1 ≤ j ≤ K`, last digit not 0;
/// - `hex:K`: the same with hexadecimal digits (`hex:0.3F`);
/// - a code with `x` for any digit: `4.xx` is `4.00` … `4.77`, `0.1x7`
///   (a pattern whose last digit is `x` skips codes ending in 0: a
///   trailing zero never changes a game);
/// - a list: codes separated by white space or commas, `#` starting a
///   comment (the text of a list file).
pub fn codes(pattern: &str) -> Result<Vec<String>> {
    let bad = |reason: String| -> crate::Error {
        ErrorKind::InvalidSpec {
            spec: pattern.to_string(),
            reason,
        }
        .into()
    };
    let p = pattern.trim();
    let family = |prefix: &str, radix: u32| -> Result<Option<Vec<String>>> {
        let Some(k) = p.strip_prefix(prefix) else {
            return Ok(None);
        };
        let k: u32 = k
            .parse()
            .ok()
            .filter(|k| (1..=6).contains(k))
            .ok_or_else(|| bad(format!("`{prefix}K` takes K from 1 to 6 digits")))?;
        if radix.pow(k) > MAX_CODES as u32 * 2 {
            return Err(bad(format!("more than {MAX_CODES} codes")));
        }
        let mut out = Vec::new();
        for len in 1..=k {
            for n in 0..radix.pow(len) {
                if n % radix == 0 {
                    continue;
                }
                let digits = digits_of(n, radix, len);
                out.push(if radix == 16 {
                    format!("hex:0.{digits}")
                } else {
                    format!("0.{digits}")
                });
            }
        }
        Ok(Some(out))
    };
    if let Some(v) = family("octal:", 8)? {
        return Ok(v);
    }
    if let Some(v) = family("hex:", 16)? {
        return Ok(v);
    }
    let looks_like_pattern =
        p.contains('x') && !p.contains(char::is_whitespace) && !p.contains(',');
    if looks_like_pattern {
        let (prefix, code) = match p.strip_prefix("hex:") {
            Some(c) => ("hex:", c),
            None => ("", p),
        };
        let radix: u32 = if prefix.is_empty() { 8 } else { 16 };
        let wild = code.matches('x').count() as u32;
        if radix
            .checked_pow(wild)
            .is_none_or(|n| n as usize > MAX_CODES)
        {
            return Err(bad(format!("more than {MAX_CODES} codes")));
        }
        let mut out = Vec::new();
        for n in 0..radix.pow(wild) {
            let fill = digits_of(n, radix, wild);
            let mut f = fill.chars();
            let c: String = code
                .chars()
                .map(|ch| {
                    if ch == 'x' {
                        f.next().unwrap_or('0')
                    } else {
                        ch
                    }
                })
                .collect();
            if code.ends_with('x') && c.ends_with('0') {
                continue;
            }
            out.push(format!("{prefix}{c}"));
        }
        for c in &out {
            take_break(c)?;
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for line in p.lines() {
        let line = line.split('#').next().unwrap_or("");
        for c in line.split(|ch: char| ch == ',' || ch.is_whitespace()) {
            if !c.is_empty() {
                take_break(c)?;
                out.push(c.to_string());
            }
        }
    }
    if out.is_empty() {
        return Err(bad(
            "no codes: give `octal:K`, `hex:K`, a pattern such as `4.xx`, or a list".into(),
        ));
    }
    if out.len() > MAX_CODES {
        return Err(bad(format!("more than {MAX_CODES} codes")));
    }
    Ok(out)
}

/// `n` written with `len` digits in `radix` (upper-case hexadecimal).
fn digits_of(mut n: u32, radix: u32, len: u32) -> String {
    let mut d = vec!['0'; len as usize];
    for slot in d.iter_mut().rev() {
        *slot = char::from_digit(n % radix, radix)
            .unwrap_or('0')
            .to_ascii_uppercase();
        n /= radix;
    }
    d.into_iter().collect()
}

/// The take-and-break game of a census code (`0.07`, `hex:0.3F`), or of
/// a named one (`grundy-game`, which is no code: its splits must leave
/// unequal heaps; `kayles`, ...).
pub fn take_break(code: &str) -> Result<TakeBreak> {
    match code.strip_prefix("hex:") {
        Some(h) => TakeBreak::hexadecimal(h),
        None if code.starts_with(|c: char| c.is_ascii_digit() || c == '.') => {
            TakeBreak::octal(code)
        }
        None => TakeBreak::named(code).ok_or_else(|| {
            ErrorKind::InvalidSpec {
                spec: code.to_string(),
                reason: "not a code (`0.07`, `hex:0.3F`) or a take-and-break game's name (`grundy-game`)".into(),
            }
            .into()
        }),
    }
}

/// Classifies one code (see the module docs). `each` is called after every
/// batch of about 50 ms; an error from it (Ctrl-C, say) stops the code.
pub fn classify(
    code: &str,
    config: &CensusConfig,
    each: &mut dyn FnMut() -> Result<()>,
) -> Result<CodeReport> {
    let game = take_break(code)?;
    let theorem = game.period_theorem();
    let spec = game.spec();
    let engine = TakeBreakConfig {
        max_bytes: config.max_bytes,
        ..TakeBreakConfig::default()
    };
    let mut solver = TakeBreakSolver::with_config(game, engine);
    solver.check_memory(config.to)?;
    let start = Instant::now();
    let mut stage = FIRST_STAGE.min(config.to);
    let mut timed_out = false;
    let mut found;
    loop {
        let r = solver.extend_with(stage, &mut |_| {
            each()?;
            match config.time_per_code {
                Some(t) if start.elapsed() > t => Err(ErrorKind::Unsupported("time".into()).into()),
                _ => Ok(()),
            }
        });
        match r {
            Ok(()) => {}
            Err(e) if matches!(e.kind(), ErrorKind::Unsupported(m) if m == "time") => {
                timed_out = true;
            }
            Err(e) => return Err(e),
        }
        let view = solver.table().view();
        found = view.find_period(theorem, false);
        if timed_out || found.is_some_and(|f| f.certified) || stage == config.to {
            break;
        }
        stage = stage.saturating_mul(4).min(config.to);
    }
    let values = u64_values(solver.into_table());
    let computed_to = values.len() as u64 - 1;
    let certified = found.is_some_and(|f| f.certified);
    let periodicity = found.map(|f| f.periodicity);
    let checked_to = if timed_out && !certified {
        computed_to
    } else {
        config.to
    };
    let g = |n: u64| -> u64 {
        match periodicity {
            Some(p) if certified && n > computed_to => {
                p.value_at(&values, n).map_or(0, |v| v.value())
            }
            _ => values.get(n as usize).copied().unwrap_or(0),
        }
    };
    let stats = value_stats(&values, 0);
    let mut checksum = fnv1a(std::iter::empty());
    let (mut max_value, mut max_at) = (0, 0);
    let mut prefix_checksums = Vec::new();
    for n in 0..=checked_to {
        let v = g(n);
        checksum = fnv1a_step(checksum, v);
        if v > max_value {
            (max_value, max_at) = (v, n);
        }
        if PREFIX_HEAPS.contains(&(n + 1)) {
            prefix_checksums.push((n + 1, checksum));
        }
    }
    let last_rare = stats.split.and_then(|s| {
        (1..values.len())
            .rev()
            .find(|&n| s.is_rare(n as u64, values[n]))
            .map(|n| n as u64)
    });
    let fingerprints = fingerprints(checked_to, &g);
    Ok(CodeReport {
        code: code.to_string(),
        spec,
        periodicity,
        certified,
        computed_to,
        checked_to,
        max_value,
        max_at,
        split_mask: stats.split.map(|s| s.mask),
        rare_heaps: stats.split.map_or(0, |s| s.rare_heaps),
        split_heaps: stats.split.map_or(0, |s| s.heaps),
        last_rare,
        checksum,
        prefix_checksums,
        fingerprints,
    })
}

/// The table's values, widened to `u64`.
fn u64_values(table: NimTable) -> Vec<u64> {
    match table {
        NimTable::U64(v) => v,
        NimTable::U8(v) => v.into_iter().map(u64::from).collect(),
        NimTable::Nine(v) => v.iter().map(u64::from).collect(),
        NimTable::U16(v) => v.into_iter().map(u64::from).collect(),
        NimTable::Mapped(v) => v.iter().map(|&x| u64::from(x)).collect(),
        NimTable::U32(v) => v.into_iter().map(u64::from).collect(),
    }
}

/// FNV-1a of `G(s..s + L)` for each shift `s` (see [`CodeReport`]).
fn fingerprints(checked_to: u64, g: &dyn Fn(u64) -> u64) -> Vec<u64> {
    let shifts = MAX_SHIFT as u64;
    if checked_to < 2 * shifts {
        return Vec::new();
    }
    let len = checked_to + 1 - shifts;
    (0..=shifts)
        .map(|s| (s..s + len).fold(fnv1a(std::iter::empty()), |h, n| fnv1a_step(h, g(n))))
        .collect()
}

/// The canonical form of each report (in the same order): the first
/// earlier report whose sequence equals this one's up to a shift, else the
/// code itself with shift 0 (see the module docs). Reports with different
/// `checked_to` are never grouped.
pub fn canonical_forms(reports: &[CodeReport]) -> Vec<Canonical> {
    let mut forms = CanonicalForms::default();
    reports.iter().map(|r| forms.push(r)).collect()
}

/// FNV-1a over the reports' checksums in order: one number for a whole
/// census (the same codes, `to` and results give the same number).
pub fn census_checksum(reports: &[CodeReport]) -> u64 {
    reports
        .iter()
        .fold(fnv1a(std::iter::empty()), |h, r| fnv1a_step(h, r.checksum))
}

/// The file of a census's finished codes, `DIR/results.jsonl`: one line
/// per code, appended as each finishes, held with a [`WriteLock`] for as
/// long as this value lives, so that two censuses never write one
/// directory (the second is refused at once with [`ErrorKind::Busy`]).
#[derive(Debug)]
pub struct ResultsFile {
    path: PathBuf,
    file: File,
    _lock: WriteLock,
}

impl ResultsFile {
    /// The file's name in the census directory.
    pub const NAME: &'static str = "results.jsonl";

    /// Opens `dir/results.jsonl` (creating `dir`) and holds it. With
    /// `resume`, returns its complete lines, numbered from 1 (a last line
    /// without its line break, cut by a crash, is dropped from the file so
    /// the next line starts clean); otherwise empties it.
    pub fn open(dir: &Path, resume: bool) -> Result<(ResultsFile, Vec<(usize, String)>)> {
        let io = |action: &str, path: &Path, e: std::io::Error| -> Error {
            ErrorKind::Io {
                action: action.to_string(),
                path: path.display().to_string(),
                message: e.to_string(),
            }
            .into()
        };
        fs::create_dir_all(dir).map_err(|e| io("create", dir, e))?;
        let path = dir.join(Self::NAME);
        let lock = WriteLock::acquire(&path)?;
        let mut file = fs::OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)
            .map_err(|e| io("open", &path, e))?;
        let mut lines = Vec::new();
        if resume {
            let mut bytes = Vec::new();
            file.read_to_end(&mut bytes)
                .map_err(|e| io("read", &path, e))?;
            let whole = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
            if whole < bytes.len() {
                file.set_len(whole as u64)
                    .map_err(|e| io("write", &path, e))?;
            }
            let text = String::from_utf8_lossy(&bytes[..whole]);
            lines = text
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect();
        } else {
            file.set_len(0).map_err(|e| io("write", &path, e))?;
        }
        file.seek(SeekFrom::End(0))
            .map_err(|e| io("write", &path, e))?;
        Ok((
            ResultsFile {
                path,
                file,
                _lock: lock,
            },
            lines,
        ))
    }

    /// The file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `line` and a line break in one write.
    pub fn append(&mut self, line: &str) -> Result<()> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.trim_end_matches('\n').as_bytes());
        bytes.push(b'\n');
        self.file.write_all(&bytes).map_err(|e| {
            ErrorKind::Io {
                action: "write".into(),
                path: self.path.display().to_string(),
                message: e.to_string(),
            }
            .into()
        })
    }
}

/// Checks the rows a resumed census read back from `path` (each with its
/// line number; rows of another `to` already left out) before any is
/// reported:
///
/// - a code listed twice is refused, naming both lines;
/// - a row that claims a certified period is recomputed ([`classify`]
///   with `config`, without its time limit: it stops where the period is
///   certified, at the cost of that code's first run) and must agree in
///   every field (period, preperiod, checksum, fingerprints, ...), else
///   it is refused naming the line and the field.
///
/// An open row is taken as it is: checking it costs the whole computation
/// that resuming saves. `each` is called as [`classify`] calls it.
pub fn check_resumed(
    path: &Path,
    rows: &[(usize, CodeReport)],
    config: &CensusConfig,
    each: &mut dyn FnMut() -> Result<()>,
) -> Result<()> {
    let refuse = |reason: String| -> Error {
        ErrorKind::BadFile {
            path: path.display().to_string(),
            reason,
        }
        .into()
    };
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (line, r) in rows {
        if let Some(before) = first.insert(r.code.as_str(), *line) {
            return Err(refuse(format!(
                "code `{}` is listed twice, on lines {before} and {line}",
                r.code
            )));
        }
    }
    let config = CensusConfig {
        time_per_code: None,
        ..config.clone()
    };
    for (line, r) in rows.iter().filter(|(_, r)| r.certified) {
        let fresh = classify(&r.code, &config, each)?;
        if let Some(field) = first_difference(r, &fresh) {
            return Err(refuse(format!(
                "line {line}: code `{}` is recorded with {}, but its values give {}: the file was edited or damaged (remove the line to compute the code again)",
                r.code,
                field.0,
                field.1
            )));
        }
    }
    Ok(())
}

/// The first field where `stored` and `fresh` differ, as `(stored, fresh)`
/// descriptions.
fn first_difference(stored: &CodeReport, fresh: &CodeReport) -> Option<(String, String)> {
    let period = |r: &CodeReport| match (r.periodicity, r.certified) {
        (Some(p), true) => format!("period {} from heap {} (certified)", p.period, p.preperiod),
        (Some(p), false) => format!(
            "period {} from heap {} (not certified)",
            p.period, p.preperiod
        ),
        (None, _) => "no period".to_string(),
    };
    let same_period = stored.certified == fresh.certified
        && stored.periodicity.map(|p| (p.preperiod, p.period))
            == fresh.periodicity.map(|p| (p.preperiod, p.period));
    if !same_period {
        return Some((period(stored), period(fresh)));
    }
    let fields: [(&str, String, String); 11] = [
        ("spec", stored.spec.clone(), fresh.spec.clone()),
        (
            "computed_to",
            stored.computed_to.to_string(),
            fresh.computed_to.to_string(),
        ),
        (
            "checked_to",
            stored.checked_to.to_string(),
            fresh.checked_to.to_string(),
        ),
        (
            "max_value",
            stored.max_value.to_string(),
            fresh.max_value.to_string(),
        ),
        (
            "max_at",
            stored.max_at.to_string(),
            fresh.max_at.to_string(),
        ),
        (
            "split_mask",
            format!("{:?}", stored.split_mask),
            format!("{:?}", fresh.split_mask),
        ),
        (
            "rare heaps",
            format!("{}/{}", stored.rare_heaps, stored.split_heaps),
            format!("{}/{}", fresh.rare_heaps, fresh.split_heaps),
        ),
        (
            "last_rare",
            format!("{:?}", stored.last_rare),
            format!("{:?}", fresh.last_rare),
        ),
        (
            "checksum",
            format!("{:016x}", stored.checksum),
            format!("{:016x}", fresh.checksum),
        ),
        (
            "prefix checksums",
            format!("{:x?}", stored.prefix_checksums),
            format!("{:x?}", fresh.prefix_checksums),
        ),
        (
            "fingerprints",
            format!("{:x?}", stored.fingerprints),
            format!("{:x?}", fresh.fingerprints),
        ),
    ];
    fields
        .into_iter()
        .find(|(_, a, b)| a != b)
        .map(|(name, a, b)| (format!("{name} {a}"), format!("{name} {b}")))
}

/// Canonical forms found one report at a time, in census order: the same
/// answer as [`canonical_forms`] for each prefix, so that a census prints
/// each row as soon as the codes before it are done.
#[derive(Debug, Default)]
pub struct CanonicalForms {
    // (checked_to, fingerprint of G(s..)) -> (representative index, s)
    seen: HashMap<(u64, u64), (usize, usize)>,
    found: Vec<Canonical>,
}

impl CanonicalForms {
    /// The canonical form of `r`, the next report in census order.
    pub fn push(&mut self, r: &CodeReport) -> Canonical {
        let i = self.found.len();
        let mut found = None;
        for (t, fp) in r.fingerprints.iter().enumerate() {
            if let Some(&(a, s)) = self.seen.get(&(r.checked_to, *fp)) {
                // G_a(n + s) = G_r(n + t): G_r(n) = G_a(n + s - t).
                found = Some((a, s as i64 - t as i64));
                break;
            }
        }
        let c = match found {
            Some((a, d)) => Canonical {
                code: self.found[a].code.clone(),
                shift: self.found[a].shift + d,
            },
            None => {
                for (s, fp) in r.fingerprints.iter().enumerate() {
                    self.seen.entry((r.checked_to, *fp)).or_insert((i, s));
                }
                Canonical {
                    code: r.code.clone(),
                    shift: 0,
                }
            }
        };
        self.found.push(c.clone());
        c
    }
}

/// A finished code of a census: its report, the seconds it took (as
/// recorded, for a resumed one) and its canonical form.
#[derive(Clone, Debug, PartialEq)]
pub struct CensusRow {
    /// What the census found.
    pub report: CodeReport,
    /// Seconds of computing.
    pub seconds: f64,
    /// The first code of the census with the same values up to a shift.
    pub canonical: Canonical,
}

/// The line of one finished code in [`ResultsFile`] (`results.jsonl`):
/// a JSON object with the report's fields, `to`, the fingerprints and the
/// seconds (rounded to milliseconds), read back by [`from_row`]. Every
/// front-end writes this line, so a census begun by one resumes in
/// another.
pub fn row(r: &CodeReport, to: u64, seconds: f64) -> String {
    let text = |s: &str| serde_json::Value::from(s).to_string();
    let opt = |v: Option<u64>| v.map_or("null".to_string(), |v| v.to_string());
    let p = r.periodicity;
    let fingerprints: Vec<String> = r
        .fingerprints
        .iter()
        .map(|f| format!("\"{f:016x}\""))
        .collect();
    let seconds = serde_json::Value::from((seconds * 1000.0).round() / 1000.0);
    format!(
        "{{\"code\": {}, \"spec\": {}, \"status\": \"{}\", \"preperiod\": {}, \"period\": {}, \
         \"certified\": {}, \"computed_to\": {}, \"checked_to\": {}, \"max_value\": {}, \
         \"max_at\": {}, \"split_mask\": {}, \"rare_heaps\": {}, \"split_heaps\": {}, \
         \"last_rare\": {}, \"checksum\": \"{:016x}\", \"prefix_checksums\": {}, \
         \"to\": {to}, \"fingerprints\": [{}], \"seconds\": {seconds}}}",
        text(&r.code),
        text(&r.spec),
        r.status(),
        opt(p.map(|p| p.preperiod)),
        opt(p.map(|p| p.period)),
        r.certified,
        r.computed_to,
        r.checked_to,
        r.max_value,
        r.max_at,
        opt(r.split_mask),
        r.rare_heaps,
        r.split_heaps,
        opt(r.last_rare),
        r.checksum,
        prefix_checksums_json(r),
        fingerprints.join(", "),
    )
}

/// A report's prefix checksums as a JSON object, `{"HEAPS": "hex"}`: the
/// one form of both [`row`] and [`summary_row`].
fn prefix_checksums_json(r: &CodeReport) -> serde_json::Value {
    r.prefix_checksums
        .iter()
        .map(|(heaps, sum)| (heaps.to_string(), format!("{sum:016x}").into()))
        .collect::<serde_json::Map<String, serde_json::Value>>()
        .into()
}

/// A line of [`ResultsFile`] read back ([`row`]'s format, or the compact
/// one of earlier versions): `(to, report, seconds)`, or `None` when the
/// line is not a whole row (a row of a version before `max_at` is not: a
/// resumed census computes its code again; nor is one before
/// `prefix_checksums`).
pub fn from_row(line: &str) -> Option<(u64, CodeReport, f64)> {
    let v: serde_json::Value = serde_json::from_str(line).ok()?;
    let u = |k: &str| v.get(k).and_then(serde_json::Value::as_u64);
    let periodicity = match (u("preperiod"), u("period")) {
        (Some(preperiod), Some(period)) => Some(Periodicity {
            preperiod,
            period,
            saltus: 0,
        }),
        _ => None,
    };
    let hex = |s: &serde_json::Value| s.as_str().and_then(|s| u64::from_str_radix(s, 16).ok());
    let report = CodeReport {
        code: v.get("code")?.as_str()?.to_string(),
        spec: v.get("spec")?.as_str()?.to_string(),
        periodicity,
        certified: v.get("certified")?.as_bool()?,
        computed_to: u("computed_to")?,
        checked_to: u("checked_to")?,
        max_value: u("max_value")?,
        max_at: u("max_at")?,
        split_mask: u("split_mask"),
        rare_heaps: u("rare_heaps")?,
        split_heaps: u("split_heaps")?,
        last_rare: u("last_rare"),
        checksum: hex(v.get("checksum")?)?,
        prefix_checksums: {
            let mut sums = v
                .get("prefix_checksums")?
                .as_object()?
                .iter()
                .map(|(k, s)| Some((k.parse::<u64>().ok()?, hex(s)?)))
                .collect::<Option<Vec<(u64, u64)>>>()?;
            sums.sort_unstable();
            sums
        },
        fingerprints: v
            .get("fingerprints")?
            .as_array()?
            .iter()
            .map(hex)
            .collect::<Option<Vec<u64>>>()?,
    };
    let seconds = v
        .get("seconds")
        .and_then(serde_json::Value::as_f64)
        .unwrap_or(0.0);
    Some((u("to")?, report, seconds))
}

/// The rows a resumed census keeps of the `lines` read from `path`
/// ([`ResultsFile::open`]): the rows of `config.to` whose code is among
/// `codes` (other lines are skipped), checked by [`check_resumed`] before
/// any is returned; each with its line's text. `each` is called as
/// [`classify`] calls it.
pub fn resumed_rows(
    path: &Path,
    lines: &[(usize, String)],
    codes: &[String],
    config: &CensusConfig,
    each: &mut dyn FnMut() -> Result<()>,
) -> Result<Vec<(CodeReport, f64, String)>> {
    let wanted: std::collections::HashSet<&str> = codes.iter().map(String::as_str).collect();
    let mut kept = Vec::new();
    for (number, line) in lines {
        if let Some((to, r, s)) = from_row(line) {
            if to == config.to && wanted.contains(r.code.as_str()) {
                kept.push((*number, r, s, line.clone()));
            }
        }
    }
    let rows: Vec<(usize, CodeReport)> = kept.iter().map(|(n, r, _, _)| (*n, r.clone())).collect();
    check_resumed(path, &rows, config, each)?;
    Ok(kept.into_iter().map(|(_, r, s, l)| (r, s, l)).collect())
}

/// The columns of a census's csv summary ([`csv`]), in order.
pub const COLUMNS: &[&str] = &[
    "code",
    "canonical",
    "shift",
    "status",
    "preperiod",
    "period",
    "checked_to",
    "max_value",
    "max_at",
    "split_mask",
    "rare_heaps",
    "split_heaps",
    "last_rare",
    "checksum",
    "seconds",
];

/// One row of a census's summary (`census.json`, `--format json`).
pub fn summary_row(r: &CensusRow) -> serde_json::Value {
    let (c, p) = (&r.report, r.report.periodicity);
    serde_json::json!({
        "code": c.code,
        "spec": c.spec,
        "canonical": r.canonical.code,
        "shift": r.canonical.shift,
        "status": c.status(),
        "preperiod": p.map(|p| p.preperiod),
        "period": p.map(|p| p.period),
        "certified": c.certified,
        "computed_to": c.computed_to,
        "checked_to": c.checked_to,
        "max_value": c.max_value,
        "max_at": c.max_at,
        "split_mask": c.split_mask,
        "rare_heaps": c.rare_heaps,
        "split_heaps": c.split_heaps,
        "last_rare": c.last_rare,
        "checksum": format!("{:016x}", c.checksum),
        "prefix_checksums": prefix_checksums_json(c),
        "seconds": (r.seconds * 1000.0).round() / 1000.0,
    })
}

/// A census's summary: `codes` as the user gave them, `to`, counts, the
/// [`census_checksum`] and every row ([`summary_row`]).
pub fn summary(codes: &str, to: u64, rows: &[CensusRow]) -> serde_json::Value {
    let reports: Vec<CodeReport> = rows.iter().map(|r| r.report.clone()).collect();
    let classes: std::collections::BTreeSet<&str> = rows
        .iter()
        .filter(|r| r.canonical.shift == 0 && r.canonical.code == r.report.code)
        .map(|r| r.canonical.code.as_str())
        .collect();
    serde_json::json!({
        "codes": codes,
        "to": to,
        "count": rows.len(),
        "periodic": reports.iter().filter(|r| r.certified).count(),
        "open": reports.iter().filter(|r| !r.certified).count(),
        "classes": classes.len(),
        "checksum": format!("{:016x}", census_checksum(&reports)),
        "results": rows.iter().map(summary_row).collect::<Vec<_>>(),
    })
}

/// The cell of `column` in a summary row, as the csv and html summaries
/// write it (nothing for `null`, a string without its quotes).
pub fn cell(row: &serde_json::Value, column: &str) -> String {
    match &row[column] {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(t) => t.clone(),
        v => v.to_string(),
    }
}

/// The csv header line ([`COLUMNS`]), with its line break.
pub fn csv_header() -> String {
    COLUMNS.join(",") + "\n"
}

/// The csv line of a summary row, with its line break.
pub fn csv_line(row: &serde_json::Value) -> String {
    let cells: Vec<String> = COLUMNS.iter().map(|c| cell(row, c)).collect();
    cells.join(",") + "\n"
}

/// The csv summary of a census ([`COLUMNS`], one line per row).
pub fn csv(summary: &serde_json::Value) -> String {
    let mut s = csv_header();
    for r in summary["results"].as_array().into_iter().flatten() {
        s.push_str(&csv_line(r));
    }
    s
}

/// How a census runs ([`run`]).
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Codes classified at once (0: one per core; at most 256).
    pub threads: usize,
    /// The caller's cancel hook (Ctrl-C): asked after every batch of
    /// about 50 ms of each code; the census then stops with
    /// [`ErrorKind::Cancelled`].
    pub cancel: crate::util::Cancel,
}

/// What the progress callback of [`run`] is told after each code.
#[derive(Debug)]
pub struct Progress<'a> {
    /// Codes finished (resumed ones included).
    pub finished: usize,
    /// Codes in the census.
    pub total: usize,
    /// The rows that became known in census order with this code (each
    /// row once, in order: a front-end may print them at once).
    pub rows: &'a [CensusRow],
}

/// Runs a census of `codes` (see the module docs) on a pool of
/// `options.threads` threads and returns its rows in census order.
///
/// With `results` (the census's [`ResultsFile`]), each finished code's
/// [`row`] is appended as it finishes; `resumed` are rows already done
/// (from [`resumed_rows`]), not computed again. `progress` is called on
/// the calling thread: once at the start (with the resumed rows) and
/// after each finished code; an error from it stops the census. The first
/// code that fails stops the others and is the error returned, naming
/// the code ([`RunError`]).
pub fn run(
    codes: &[String],
    config: &CensusConfig,
    options: &RunOptions,
    resumed: Vec<(CodeReport, f64)>,
    mut results: Option<&mut ResultsFile>,
    progress: &mut dyn FnMut(Progress<'_>) -> Result<()>,
) -> std::result::Result<Vec<CensusRow>, RunError> {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let mut done: Vec<Option<(CodeReport, f64)>> = vec![None; codes.len()];
    for (r, s) in resumed {
        if let Some(i) = codes.iter().position(|c| *c == r.code) {
            done[i] = Some((r, s));
        }
    }
    let mut finished = done.iter().filter(|d| d.is_some()).count();
    let mut rows: Vec<CensusRow> = Vec::with_capacity(codes.len());
    let mut canon = CanonicalForms::default();
    // Moves the rows now known in order from `done` to `rows`; the new ones.
    let mut advance = |done: &mut Vec<Option<(CodeReport, f64)>>, rows: &mut Vec<CensusRow>| {
        let start = rows.len();
        while let Some(Some((r, s))) = done.get_mut(rows.len()).map(Option::take) {
            let canonical = canon.push(&r);
            rows.push(CensusRow {
                report: r,
                seconds: s,
                canonical,
            });
        }
        start
    };
    let start = advance(&mut done, &mut rows);
    progress(Progress {
        finished,
        total: codes.len(),
        rows: &rows[start..],
    })
    .map_err(RunError::from)?;
    let todo: Vec<usize> = (0..codes.len())
        .filter(|&i| done[i].is_none() && i >= rows.len())
        .collect();
    let threads = match options.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t.min(256),
    }
    .min(todo.len().max(1));
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| {
            RunError::from(Error::from(ErrorKind::Unsupported(format!(
                "no census threads: {e}"
            ))))
        })?;
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = std::sync::mpsc::channel::<(usize, Result<(CodeReport, f64)>)>();
    let mut failure: Option<RunError> = None;
    pool.in_place_scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (todo, next, stop) = (&todo, &next, &stop);
            s.spawn(move |_| loop {
                let Some(&i) = todo.get(next.fetch_add(1, Ordering::Relaxed)) else {
                    return;
                };
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                let t = Instant::now();
                let r = classify(&codes[i], config, &mut || {
                    if stop.load(Ordering::Relaxed) || options.cancel.requested() {
                        return Err(ErrorKind::Cancelled.into());
                    }
                    Ok(())
                });
                let secs = t.elapsed().as_secs_f64();
                if tx.send((i, r.map(|r| (r, secs)))).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        for (i, r) in rx {
            if failure.is_some() {
                continue;
            }
            let step = match r {
                Ok((r, secs)) => {
                    let appended = match results.as_deref_mut() {
                        Some(f) => f.append(&row(&r, config.to, secs)),
                        None => Ok(()),
                    };
                    appended
                        .and_then(|()| {
                            done[i] = Some((r, secs));
                            finished += 1;
                            let start = advance(&mut done, &mut rows);
                            progress(Progress {
                                finished,
                                total: codes.len(),
                                rows: &rows[start..],
                            })
                        })
                        .map_err(RunError::from)
                }
                Err(e) if matches!(e.kind(), ErrorKind::Cancelled) => Err(RunError::from(e)),
                Err(error) => Err(RunError {
                    code: Some(codes[i].clone()),
                    error,
                }),
            };
            if let Err(e) = step {
                stop.store(true, Ordering::Relaxed);
                failure = Some(e);
            }
        }
    });
    match failure {
        Some(e) => Err(e),
        None => Ok(rows),
    }
}

/// Why a census ([`run`]) stopped: the error, and the code it came from
/// when one failed (not for a cancelled census, a results file that could
/// not be written or a progress callback's error).
#[derive(Debug)]
pub struct RunError {
    /// The code that failed, if the error is one code's.
    pub code: Option<String>,
    /// The error.
    pub error: Error,
}

impl From<Error> for RunError {
    fn from(error: Error) -> Self {
        RunError { code: None, error }
    }
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.code {
            Some(code) => write!(f, "code `{code}`: {}", self.error),
            None => self.error.fmt(f),
        }
    }
}

impl std::error::Error for RunError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}
