//! `plot(x, file)` writes well-formed SVG whose drawing matches the mathematics: the walls of a
//! thermograph at the pixels computed by hand from the walls (with the geometry documented in
//! `src/render/thermograph_svg.rs`), and one dot per value of a sequence (`src/render/scatter.rs`).

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};

/// An element of the document: its name and attributes.
#[derive(Debug)]
struct Element {
    name: String,
    attributes: HashMap<String, String>,
}

/// Parses just enough XML to check that the document is well formed (every tag closed in order,
/// attributes quoted, no stray `<` or `&`) and returns its elements in order.
fn parse_xml(text: &str) -> Vec<Element> {
    let mut elements = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        check_text(&rest[..start]);
        let end = rest[start..].find('>').expect("a tag is closed with >") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') {
            assert!(tag.ends_with('?'), "processing instruction {tag}");
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop().as_deref(),
                Some(name.trim()),
                "closing tag out of order"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let (name, attributes) = tag.split_once(' ').unwrap_or((tag, ""));
        elements.push(Element {
            name: name.to_string(),
            attributes: parse_attributes(attributes),
        });
        if !self_closing {
            open.push(name.to_string());
        }
    }
    check_text(rest);
    assert!(open.is_empty(), "unclosed elements: {open:?}");
    elements
}

/// `name="value"` pairs separated by spaces.
fn parse_attributes(mut text: &str) -> HashMap<String, String> {
    let mut attributes = HashMap::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return attributes;
        }
        let eq = text.find("=\"").expect("an attribute is name=\"value\"");
        let name = &text[..eq];
        assert!(
            name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
            "attribute name {name:?}"
        );
        let value_end = text[eq + 2..].find('"').expect("a closing quote") + eq + 2;
        let value = &text[eq + 2..value_end];
        check_text(value);
        assert!(
            attributes
                .insert(name.to_string(), value.to_string())
                .is_none(),
            "attribute {name} repeated"
        );
        text = &text[value_end + 1..];
    }
}

/// Character data: every `&` starts an entity.
fn check_text(text: &str) {
    for (i, _) in text.match_indices('&') {
        let entity = &text[i..text[i..].find(';').map_or(text.len(), |j| i + j + 1)];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;"].contains(&entity),
            "bad entity in {text:?}"
        );
    }
}

/// A path for a plot in a directory of its own (tests run at once: none removes a directory
/// another is about to write in), which `plot` removes once it has read the file.
fn temp_file(name: &str) -> PathBuf {
    static PLOTS: AtomicUsize = AtomicUsize::new(0);
    let plot = PLOTS.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("cg-plot-test-{}-{plot}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir.join(name)
}

/// Runs `plot(EXPR, FILE)` and returns the parsed elements of the file.
fn plot(expr: &str, name: &str) -> Vec<Element> {
    let path = temp_file(name);
    let program = format!("plot({expr}, {:?})", path.display().to_string());
    let run = Command::new(env!("CARGO_BIN_EXE_cg"))
        .arg("-e")
        .arg(&program)
        .output()
        .expect("cg runs");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{program} failed: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.starts_with("plot: wrote ")
            && stdout.trim_end().ends_with(&path.display().to_string()),
        "confirmation: {stdout}"
    );
    let text = std::fs::read_to_string(&path).expect("the file was written");
    if let Some(dir) = path.parent() {
        std::fs::remove_dir_all(dir).ok();
    }
    let elements = parse_xml(&text);
    assert_eq!(elements[0].name, "svg");
    assert_eq!(
        elements[0].attributes["xmlns"],
        "http://www.w3.org/2000/svg"
    );
    elements
}

fn points(elements: &[Element], id: &str) -> Vec<(f64, f64)> {
    let line = elements
        .iter()
        .find(|e| e.name == "polyline" && e.attributes.get("id").map(String::as_str) == Some(id))
        .unwrap_or_else(|| panic!("no polyline {id}"));
    line.attributes["points"]
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("a number"), y.parse().expect("a number"))
        })
        .collect()
}

fn assert_points(actual: &[(f64, f64)], expected: &[(f64, f64)]) {
    assert_eq!(
        actual.len(),
        expected.len(),
        "{actual:?} against {expected:?}"
    );
    for (a, e) in actual.iter().zip(expected) {
        // Coordinates are written with two decimals.
        assert!(
            (a.0 - e.0).abs() <= 0.006 && (a.1 - e.1).abs() <= 0.006,
            "{actual:?} against {expected:?}"
        );
    }
}

/// Pixel of (value, temperature): x = 20 + (v_left - v) * unit, y = 20 + (t_top - t) * unit.
fn pixel(v_left: f64, t_top: f64, unit: f64, (v, t): (f64, f64)) -> (f64, f64) {
    (20.0 + (v_left - v) * unit, 20.0 + (t_top - t) * unit)
}

#[test]
fn the_thermograph_of_a_switch() {
    // ±1: mast 0 above t = 1, walls 1 - t and -1 + t below, at ±2 when t = -1. Values span
    // 5/2 .. -5/2, temperatures -1 .. 2 (one unit above the mast's foot): unit = 400/5 = 80.
    let elements = plot("thermograph(+-1)", "switch.svg");
    assert_points(
        &points(&elements, "left-wall"),
        &[(220.0, 20.0), (220.0, 100.0), (60.0, 260.0)],
    );
    assert_points(
        &points(&elements, "right-wall"),
        &[(220.0, 20.0), (220.0, 100.0), (380.0, 260.0)],
    );
    let title = elements.iter().position(|e| e.name == "title");
    assert!(title.is_some(), "the picture has a title");
}

#[test]
fn the_thermograph_of_a_hot_game() {
    // {2|-1}: scaffolds 2 - t and -1 + t meet at t = 3/2, value 1/2; at t = -1 the walls are at
    // 3 and -2. Values 7/2 .. -5/2 (6 units), temperatures -1 .. 5/2 (7/2 units): unit = 400/6.
    let unit = 400.0 / 6.0;
    let at = |p| pixel(3.5, 2.5, unit, p);
    let elements = plot("{2|-1}", "hot.svg");
    assert_points(
        &points(&elements, "left-wall"),
        &[at((0.5, 2.5)), at((0.5, 1.5)), at((3.0, -1.0))],
    );
    assert_points(
        &points(&elements, "right-wall"),
        &[at((0.5, 2.5)), at((0.5, 1.5)), at((-2.0, -1.0))],
    );
    // The same numbers, written out: (220, 20), (220, 86.67), (53.33, 253.33), (386.67, 253.33).
    assert_points(&points(&elements, "left-wall")[2..], &[(53.33, 253.33)]);
    assert_points(&points(&elements, "right-wall")[2..], &[(386.67, 253.33)]);
}

#[test]
fn the_thermograph_of_a_tepid_stop() {
    // {3||2|0} = {3 | {2|0}}: left scaffold 3 - t, right scaffold L_t({2|0}) + t, which is 2 below
    // t = 1 and 1 + t above; they meet at t = 1, value 2. The right wall is the vertical line at
    // 2; the left wall is 2 - (t - 1), 4 at t = -1. Values 9/2 .. 3/2, temperatures -1 .. 2: both
    // 3 units, unit = 400/3.
    let at = |p| pixel(4.5, 2.0, 400.0 / 3.0, p);
    let elements = plot("thermograph({3||2|0})", "tepid.svg");
    assert_points(
        &points(&elements, "left-wall"),
        &[at((2.0, 2.0)), at((2.0, 1.0)), at((4.0, -1.0))],
    );
    assert_points(
        &points(&elements, "right-wall"),
        &[at((2.0, 2.0)), at((2.0, 1.0)), at((2.0, -1.0))],
    );
}

fn dots(elements: &[Element]) -> Vec<(f64, f64)> {
    elements
        .iter()
        .filter(|e| e.name == "circle")
        .map(|e| {
            (
                e.attributes["cx"].parse().unwrap(),
                e.attributes["cy"].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn a_sequence_is_a_scatter_plot() {
    // Indices 0..=4 across 800 pixels from x = 60 (200 per index); values 0..=3 across 400 from
    // y = 420 up (133.33 per unit), rounded to half pixels.
    let elements = plot("[0, 1, 2, 3, 1]", "sequence.svg");
    assert_points(
        &dots(&elements),
        &[
            (60.0, 420.0),
            (260.0, 286.5),
            (460.0, 153.5),
            (660.0, 20.0),
            (860.0, 286.5),
        ],
    );
}

#[test]
fn dots_on_the_same_half_pixel_are_drawn_once() {
    // 3000 zeros: the indices 0..2999 fall on every half pixel from 60 to 860 (spacing 0.27
    // pixels), so exactly 1601 dots, all on the line y = 420.
    let elements = plot("[0 for i in 0..3000]", "zeros.svg");
    let dots = dots(&elements);
    assert_eq!(dots.len(), 1601);
    assert!(dots.iter().all(|&(_, y)| y == 420.0));
}

#[test]
fn nimbers_plot_as_their_nim_values() {
    let as_numbers = plot("[0, 1, 2]", "numbers.svg");
    let as_nimbers = plot("[0, *, *2]", "nimbers.svg");
    assert_eq!(dots(&as_numbers), dots(&as_nimbers));
}

#[test]
fn thermographs_together_share_the_axes() {
    // ±1 and the integer 2: the frame is that of ±1 alone (values 5/2 .. -5/2, temperatures
    // -1 .. 2, unit 80); the mast of 2 stands at x = 20 + (5/2 - 2) * 80 = 60 from t = 2 to -1.
    let elements = plot("[thermograph(+-1), thermograph(2)]", "together.svg");
    assert_points(
        &points(&elements, "left-wall"),
        &[(220.0, 20.0), (220.0, 100.0), (60.0, 260.0)],
    );
    assert_points(
        &points(&elements, "left-wall-2"),
        &[(60.0, 20.0), (60.0, 260.0)],
    );
    assert_points(
        &points(&elements, "right-wall-2"),
        &[(60.0, 20.0), (60.0, 260.0)],
    );
    let colour = |id: &str| {
        elements
            .iter()
            .find(|e| e.attributes.get("id").map(String::as_str) == Some(id))
            .map(|e| e.attributes["stroke"].clone())
    };
    assert_ne!(
        colour("left-wall"),
        colour("left-wall-2"),
        "each thermograph has its colour"
    );
}
