//! `grundy plot`: G(n) against n as a scatter plot, PNG or SVG.
//!
//! The picture researchers use to spot periods and rare values: one dot
//! per heap size. When the library has *proven* a periodicity, the
//! preperiod is shaded and the period boundaries `n0 + k·p` are drawn as
//! vertical lines (only the first when there would be more than
//! [`MAX_PERIOD_LINES`]), with the period in the legend. Observed periods
//! are not marked.
//!
//! Drawing is plotters' (bitmap backend for PNG, SVG backend for SVG);
//! text uses the bundled DejaVu Sans Mono (see `assets/README.md`), so no
//! system font is needed. Dots that land on the same pixel are drawn once,
//! so an SVG of a million values stays small: at most one dot per pixel.

use anyhow::{anyhow, bail, Result};
use grundy::analysis::Periodicity;
use grundy::Nimber;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Once;

/// Period boundaries drawn at most (beyond that, only the first).
pub const MAX_PERIOD_LINES: u64 = 60;

static FONT: &[u8] = include_bytes!("../../assets/DejaVuSansMono.ttf");
static REGISTER: Once = Once::new();

/// Values plotted at most (the image has far fewer pixels; beyond this
/// the time, not the image, is the limit).
pub const MAX_PLOTTED: u64 = 1 << 28;

/// Values read at a time by [`Dots::from_chunks`].
const CHUNK: u64 = 1 << 16;

/// The dots of `G(from..=to)`: at most one per cell of a grid the size of
/// the image (every value when there are fewer values than columns), so
/// the values themselves are never held.
pub struct Dots {
    from: u64,
    to: u64,
    /// The largest value.
    top: u64,
    /// `(n, G(n))`, the first `n` of each cell.
    dots: Vec<(u64, u64)>,
}

impl Dots {
    /// The dots of `values` (`values[i] = G(from + i)`, not empty).
    pub fn of_values(from: u64, values: &[Nimber], width: u32, height: u32) -> Dots {
        let to = from + (values.len() as u64).saturating_sub(1);
        let mut next = |start: u64, len: u64| -> Result<Vec<Nimber>> {
            let at = (start - from) as usize;
            Ok(values[at..at + len as usize].to_vec())
        };
        Dots::from_chunks(from, to, width, height, &mut next).expect("the values are all there")
    }

    /// The dots of `G(from..=to)`, read in chunks: `next(start, len)` gives
    /// `G(start..start + len)`. The values are read twice (the largest
    /// first, to scale the grid), never held; at most [`MAX_PLOTTED`].
    pub fn from_chunks(
        from: u64,
        to: u64,
        width: u32,
        height: u32,
        next: &mut dyn FnMut(u64, u64) -> Result<Vec<Nimber>>,
    ) -> Result<Dots> {
        if from > to {
            bail!("empty range: --from {from} is larger than --to {to}");
        }
        let count = u128::from(to - from) + 1;
        if count > u128::from(MAX_PLOTTED) {
            bail!("`{from}..={to}` is {count} values, too many to plot (at most 2^28)");
        }
        let mut each = |f: &mut dyn FnMut(u64, &[Nimber])| -> Result<()> {
            let mut start = from;
            loop {
                let len = (to - start).min(CHUNK - 1) + 1;
                f(start, &next(start, len)?);
                if start + (len - 1) == to {
                    return Ok(());
                }
                start += len;
            }
        };
        let mut top = 0;
        each(&mut |_, chunk| {
            top = chunk.iter().map(|v| v.value()).fold(top, u64::max);
        })?;
        let (w, h) = (u128::from(width.max(1)), u128::from(height.max(1)));
        let mut taken = vec![false; (w * h) as usize];
        let mut dots = Vec::new();
        each(&mut |start, chunk| {
            for (n, v) in (start..).zip(chunk) {
                let x = u128::from(n - from) * w / count;
                let y = u128::from(v.value()) * h / (u128::from(top) + 1);
                let cell = &mut taken[(y * w + x) as usize];
                if !*cell {
                    *cell = true;
                    dots.push((n, v.value()));
                }
            }
        })?;
        Ok(Dots {
            from,
            to,
            top,
            dots,
        })
    }
}

/// What to plot.
pub struct Request<'a> {
    /// The game's spec (the caption).
    pub spec: String,
    /// The dots.
    pub dots: &'a Dots,
    /// A proven periodicity to mark.
    pub period: Option<Periodicity>,
    /// Image width in pixels.
    pub width: u32,
    /// Image height in pixels.
    pub height: u32,
}

/// Refuses, before anything is computed, an output path that `render`
/// could not write: an extension other than `.png` or `.svg`, a directory
/// that does not exist or is not writable ([`crate::disk::check_file`]).
pub fn check_output(path: &Path) -> Result<()> {
    kind_of(path)?;
    crate::disk::check_file("--output", path)
}

/// The image kind the extension of `path` names.
fn kind_of(path: &Path) -> Result<&'static str> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    Ok(match ext.as_deref() {
        Some("png") => "PNG",
        Some("svg") => "SVG",
        _ => bail!(
            "the output `{}` must end in `.png` or `.svg`",
            path.display()
        ),
    })
}

/// Writes the plot to `path` (`.png` or `.svg`); returns which.
pub fn render(req: &Request, path: &Path) -> Result<&'static str> {
    REGISTER.call_once(|| {
        // The bundled font is a valid TrueType file; if registering ever
        // failed, text would be missing but the dots would still be drawn.
        let _ = register_font("sans-serif", FontStyle::Normal, FONT);
    });
    let size = (req.width, req.height);
    let failed = |e: String| anyhow!("cannot draw `{}`: {e}", path.display());
    let kind = kind_of(path)?;
    // Drawn into a temporary file beside the target, renamed over it at the
    // end: a plot that fails leaves no partial image (and no temporary).
    // Creating it first turns an unwritable place into one plain line,
    // not the image encoder's nested error.
    let tmp = Temporary::beside(path)?;
    match kind {
        "PNG" => {
            let root = BitMapBackend::new(&tmp.path, size).into_drawing_area();
            draw(&root, req).map_err(failed)?;
            root.present().map_err(|e| failed(e.to_string()))?;
        }
        _ => {
            let root = SVGBackend::new(&tmp.path, size).into_drawing_area();
            draw(&root, req).map_err(failed)?;
            root.present().map_err(|e| failed(e.to_string()))?;
        }
    }
    tmp.rename_to(path)?;
    Ok(kind)
}

/// A file beside the target that is removed unless renamed onto it.
struct Temporary {
    path: std::path::PathBuf,
    kept: bool,
}

impl Temporary {
    /// Creates `.NAME.PID.tmp.EXT` in the target's directory (the
    /// extension kept: the PNG encoder picks its format from it).
    fn beside(target: &Path) -> Result<Temporary> {
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let ext = target
            .extension()
            .map(|e| e.to_string_lossy().into_owned())
            .unwrap_or_default();
        let path = target.with_file_name(format!(".{name}.{}.tmp.{ext}", std::process::id()));
        std::fs::File::create(&path)
            .map_err(|e| anyhow!("cannot write `{}`: {e}", target.display()))?;
        Ok(Temporary { path, kept: false })
    }

    fn rename_to(mut self, target: &Path) -> Result<()> {
        std::fs::rename(&self.path, target)
            .map_err(|e| anyhow!("cannot write `{}`: {e}", target.display()))?;
        self.kept = true;
        Ok(())
    }
}

impl Drop for Temporary {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Tick labels at whole numbers only (n and G(n) are integers).
fn integer_label(v: &f64) -> String {
    if (v - v.round()).abs() < 1e-9 && *v >= 0.0 {
        format!("{}", v.round() as u64)
    } else {
        String::new()
    }
}

fn draw<DB: DrawingBackend>(root: &DrawingArea<DB, Shift>, req: &Request) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    let Dots { from, to, top, .. } = *req.dots;
    let n = to - from + 1;
    let (x0, x1) = (from as f64 - 0.5, to as f64 + 0.5);
    // Headroom above the highest value for the legend.
    let y1 = top as f64 + 0.5 + (top as f64 * 0.12).max(1.0);
    let mut chart = ChartBuilder::on(root)
        .caption(
            format!("{}: G(n) for n = {}..{}", req.spec, from, to),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(56)
        .build_cartesian_2d(x0..x1, -0.5..y1)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("n")
        .y_desc("G(n)")
        .light_line_style(RGBColor(235, 235, 235))
        .label_style(("sans-serif", 13))
        .x_label_formatter(&integer_label)
        .y_label_formatter(&integer_label)
        .draw()
        .map_err(err)?;

    if let Some(p) = req.period {
        let start = p.preperiod as f64;
        if p.preperiod > from {
            chart
                .draw_series(std::iter::once(Rectangle::new(
                    [(x0, -0.5), (start.min(x1), y1)],
                    RGBColor(255, 236, 200).filled(),
                )))
                .map_err(err)?;
        }
        let lines = to
            .saturating_sub(p.preperiod)
            .checked_div(p.period)
            .map_or(0, |k| k + 1);
        let drawn = if lines > MAX_PERIOD_LINES { 1 } else { lines };
        let label = if p.saltus == 0 {
            format!("proven period {} from n = {}", p.period, p.preperiod)
        } else {
            format!(
                "proven period {}, saltus {}, from n = {}",
                p.period, p.saltus, p.preperiod
            )
        };
        let red = RGBColor(200, 40, 40);
        chart
            .draw_series((0..drawn).filter_map(|k| {
                let x = p.preperiod.checked_add(k.checked_mul(p.period)?)? as f64 - 0.5;
                (x >= x0 && x <= x1).then(|| PathElement::new(vec![(x, -0.5), (x, y1)], red))
            }))
            .map_err(err)?
            .label(label)
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], red));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .label_font(("sans-serif", 13))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
    }

    let radius = if n <= 300 { 3 } else { 2 };
    let blue = RGBColor(30, 80, 200);
    let mut seen = HashSet::new();
    let dots: Vec<(f64, f64)> = req
        .dots
        .dots
        .iter()
        .map(|&(x, v)| (x as f64, v as f64))
        .filter(|&p| seen.insert(chart.backend_coord(&p)))
        .collect();
    chart
        .draw_series(
            dots.into_iter()
                .map(|p| Circle::new(p, radius, blue.filled())),
        )
        .map_err(err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// A made-up sequence: `G(n) = n·7919 mod 97`, a few values 500 and up.
    fn g(n: u64) -> u64 {
        if n % 40_009 == 3 {
            500 + n % 7
        } else {
            n * 7919 % 97
        }
    }

    fn chunks(calls: &mut Vec<(u64, u64)>) -> impl FnMut(u64, u64) -> Result<Vec<Nimber>> + '_ {
        move |start, len| {
            calls.push((start, len));
            Ok((start..start + len).map(|n| Nimber::new(g(n))).collect())
        }
    }

    #[test]
    fn every_value_has_a_dot_in_its_cell_and_no_cell_two() {
        for (from, to, w, h) in [
            (0u64, 300_000u64, 1200u32, 600u32),
            (65_530, 65_541, 50, 40),
            (7, 7, 10, 10),
        ] {
            let mut calls = Vec::new();
            let dots = Dots::from_chunks(from, to, w, h, &mut chunks(&mut calls)).unwrap();
            // Read twice, in chunks that tile the range exactly.
            let mut next = from;
            for &(start, len) in calls.iter().take(calls.len() / 2) {
                assert_eq!(start, next);
                next += len;
            }
            assert_eq!(next, to + 1);
            assert_eq!(dots.top, (from..=to).map(g).max().unwrap());
            let count = u128::from(to - from) + 1;
            let cell = |n: u64, v: u64| {
                (
                    u128::from(n - from) * u128::from(w) / count,
                    u128::from(v) * u128::from(h) / (u128::from(dots.top) + 1),
                )
            };
            let mut owner = HashMap::new();
            for &(n, v) in &dots.dots {
                assert_eq!(v, g(n), "a dot off its value");
                assert!(
                    owner.insert(cell(n, v), n).is_none(),
                    "two dots in one cell"
                );
            }
            for n in from..=to {
                assert!(owner.contains_key(&cell(n, g(n))), "G({n}) has no dot");
            }
            if count <= u128::from(w) {
                assert_eq!(dots.dots.len() as u128, count, "one dot per value");
            }
        }
    }

    #[test]
    fn empty_and_huge_ranges_are_refused() {
        let mut calls = Vec::new();
        let e = Dots::from_chunks(5, 4, 10, 10, &mut chunks(&mut calls))
            .err()
            .unwrap();
        assert!(e.to_string().contains("empty range"), "{e}");
        let e = Dots::from_chunks(0, MAX_PLOTTED, 10, 10, &mut chunks(&mut calls))
            .err()
            .unwrap();
        assert!(e.to_string().contains("at most 2^28"), "{e}");
        assert!(calls.is_empty());
    }
}
