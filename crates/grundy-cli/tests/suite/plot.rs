//! `grundy plot` writes images that open: a PNG decoded by the `png`
//! crate with the requested size and some ink on it, an SVG of the
//! requested size with one dot per value; proven periods are marked.

use assert_cmd::Command;
use std::path::Path;

fn grundy(args: &[&str]) -> assert_cmd::assert::Assert {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .assert()
}

/// Width, height and the number of non-white pixels of a PNG.
fn read_png(path: &Path) -> (u32, u32, usize) {
    let file = std::fs::File::open(path).expect("the PNG exists");
    let mut reader = png::Decoder::new(std::io::BufReader::new(file))
        .read_info()
        .expect("a valid PNG header");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a decodable PNG");
    let bytes = &buf[..info.buffer_size()];
    let channels = info.color_type.samples();
    let ink = bytes
        .chunks(channels)
        .filter(|px| px.iter().take(3).any(|&c| c < 200))
        .count();
    (info.width, info.height, ink)
}

fn has_family(name: &str) -> bool {
    grundy::spec::FAMILIES.iter().any(|f| f.name == name)
}

#[test]
fn a_png_of_the_requested_size() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("g.png");
    let o = out.to_str().unwrap();
    grundy(&[
        "plot",
        "sub:1,3,4",
        "--to",
        "1000",
        "--output",
        o,
        "--width",
        "800",
        "--height",
        "400",
    ])
    .success();
    let (w, h, ink) = read_png(&out);
    assert_eq!((w, h), (800, 400));
    assert!(
        ink > 1000,
        "the plot has dots, axes and text: {ink} dark pixels"
    );
}

#[test]
fn kayles_to_1000_as_png_and_svg() {
    // The issue's own example; Kayles comes with the take-and-break family.
    let spec = if has_family("kayles") {
        "kayles"
    } else {
        "sub:1,2"
    };
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("k.png");
    grundy(&[
        "plot",
        spec,
        "--to",
        "1000",
        "--output",
        png.to_str().unwrap(),
    ])
    .success();
    let (w, h, ink) = read_png(&png);
    assert_eq!((w, h), (1200, 600), "the default size");
    assert!(ink > 1000);
    let svg = dir.path().join("k.svg");
    grundy(&[
        "plot",
        spec,
        "--to",
        "1000",
        "--output",
        svg.to_str().unwrap(),
    ])
    .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains("<svg") && text.trim_end().ends_with("</svg>"));
    assert!(text.contains(r#"width="1200""#) && text.contains(r#"height="600""#));
    // Kayles and sub:1,2 both have a proven period (12 from 71; 3 from 0).
    assert!(text.contains("proven period"), "the period is marked");
}

#[test]
fn an_svg_has_one_dot_per_value_and_the_period_in_its_legend() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("g.svg");
    grundy(&[
        "plot",
        "sub:1,3,4",
        "--to",
        "50",
        "--output",
        svg.to_str().unwrap(),
        "--width",
        "640",
        "--height",
        "480",
    ])
    .success();
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.contains(r#"width="640""#) && text.contains(r#"height="480""#));
    assert_eq!(text.matches("<circle").count(), 51, "G(0..=50)");
    assert!(text.contains("proven period 7 from n = 0"), "{text}");
    // An observed (unproven) period is not marked.
    let fib = dir.path().join("fib.svg");
    grundy(&[
        "plot",
        "sub:fib",
        "--to",
        "300",
        "--output",
        fib.to_str().unwrap(),
    ])
    .success();
    let text = std::fs::read_to_string(&fib).unwrap();
    assert!(!text.contains("proven period"));
}

#[test]
fn a_hundred_million_kayles_values_come_from_the_period() {
    // The values are read in chunks (twice), never held: the period fills
    // them, so this takes about a second in a release build.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("k.png");
    grundy(&[
        "plot",
        "kayles",
        "--to",
        "100000000",
        "--output",
        out.to_str().unwrap(),
    ])
    .success();
    let (w, h, ink) = read_png(&out);
    assert_eq!((w, h), (1200, 600));
    assert!(ink > 1000, "{ink} dark pixels");
}

#[test]
fn a_million_values_make_a_small_svg() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("big.svg");
    grundy(&[
        "plot",
        "bash:9",
        "--to",
        "1000000",
        "--output",
        svg.to_str().unwrap(),
    ])
    .success();
    let circles = std::fs::read_to_string(&svg)
        .unwrap()
        .matches("<circle")
        .count();
    assert!(circles <= 1200 * 600 && circles > 100, "{circles} dots");
}

#[test]
fn bad_outputs_are_one_line_errors_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("g.gif");
    let gif = gif.to_str().unwrap();
    let out = grundy(&["plot", "nim", "--to", "10", "--output", gif]).code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(
        err.starts_with("error: ") && err.contains(&format!("`{gif}`")),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let missing = dir.path().join("no/such/dir/g.png");
    let missing = missing.to_str().unwrap();
    let out = grundy(&["plot", "nim", "--to", "10", "--output", missing]).code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains(&format!("`{missing}`")), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = grundy(&["plot", "nim", "--to", "10", "--output", gif, "--width", "5"]).code(2);
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(err.contains("`5`"), "{err}");
}

/// The stderr of `plot nim --to 10 --output TARGET`, which must exit 2.
fn refused_plot(target: &Path) -> String {
    let out = grundy(&[
        "plot",
        "nim",
        "--to",
        "10",
        "--output",
        target.to_str().unwrap(),
    ])
    .code(2);
    String::from_utf8_lossy(&out.get_output().stderr).to_string()
}

#[test]
fn a_plot_that_cannot_be_written_says_so_plainly_and_leaves_no_file() {
    let dir = tempfile::tempdir().unwrap();
    // A missing directory: the OS reason, not the encoder's nested error.
    let missing = dir.path().join("no/such/dir/g.png");
    let err = refused_plot(&missing);
    assert!(err.starts_with("error: cannot write `"), "{err}");
    assert!(
        !err.contains("ImageError") && !err.contains("Os {"),
        "{err}"
    );
    // The target is a directory: drawing works, putting it in place fails;
    // nothing is left behind (no temporary beside it).
    for ext in ["png", "svg"] {
        let target = dir.path().join(format!("taken.{ext}"));
        std::fs::create_dir(&target).unwrap();
        let err = refused_plot(&target);
        assert!(err.starts_with("error: cannot write `"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(target.is_dir());
    }
    let left: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("tmp"))
        .collect();
    assert!(left.is_empty(), "temporaries left behind: {left:?}");
}
