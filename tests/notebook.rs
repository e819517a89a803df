//! The Jupyter kernel end to end, through Jupyter's own client libraries (jupyter_client,
//! nbclient, nbformat): `cg jupyter install --prefix` writes the kernelspec into a temporary
//! folder put on JUPYTER_PATH, `tests/notebook/drive.py` runs the example notebook and a small
//! test notebook with nbclient and talks to a kernel with jupyter_client, and this test checks
//! what came back. Expected values come from Ottaway's thesis (the example notebook), from the
//! design notes' worked examples and from hand computation (noted beside each).
//!
//! The Python packages are installed with pip where they are missing; where Python or the
//! packages cannot be had, the test says why and skips.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

const PACKAGES: &[&str] = &["jupyter_client", "nbclient", "nbformat"];

fn python() -> Option<&'static str> {
    ["python3", "python"].into_iter().find(|p| {
        Command::new(p)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

fn has_packages(python: &str) -> bool {
    let import = format!("import {}", PACKAGES.join(", "));
    Command::new(python)
        .args(["-c", &import])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A Python with the client packages, installing them if need be; else why there is none.
fn ready_python() -> Result<&'static str, String> {
    let python = python().ok_or("no python3 on PATH")?;
    if !has_packages(python) {
        let _ = Command::new(python)
            .args(["-m", "pip", "install", "--quiet"])
            .args(PACKAGES)
            .status();
    }
    if has_packages(python) {
        Ok(python)
    } else {
        Err(format!(
            "{} could not be installed with pip",
            PACKAGES.join(", ")
        ))
    }
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{} is not JSON: {e}", path.display()))
}

/// A multi-line string as nbformat stores it: a string, or a list of lines.
fn text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Array(lines) => lines.iter().map(text).collect(),
        _ => String::new(),
    }
}

/// The outputs of the first code cell whose source starts with `start`.
fn outputs<'a>(notebook: &'a Value, start: &str) -> &'a [Value] {
    let cell = notebook["cells"]
        .as_array()
        .expect("cells")
        .iter()
        .find(|c| c["cell_type"] == "code" && text(&c["source"]).starts_with(start))
        .unwrap_or_else(|| panic!("no cell starting with {start:?}"));
    cell["outputs"].as_array().expect("outputs")
}

/// The `mime` data of the cell's outputs that have it, in order.
fn data(notebook: &Value, start: &str, mime: &str) -> Vec<String> {
    outputs(notebook, start)
        .iter()
        .filter_map(|o| o.get("data").and_then(|d| d.get(mime)).map(text))
        .collect()
}

/// What the cell printed.
fn printed(notebook: &Value, start: &str) -> String {
    outputs(notebook, start)
        .iter()
        .filter(|o| o["output_type"] == "stream")
        .map(|o| text(&o["text"]))
        .collect()
}

/// The rows of data cells (`<td>`) of an HTML table, as text.
fn html_rows(html: &str) -> Vec<Vec<String>> {
    html.split("<tr>")
        .skip(1)
        .map(|row| {
            row.split("<td")
                .skip(1)
                .map(|cell| {
                    let inside = &cell[cell.find('>').expect("a cell") + 1..];
                    inside[..inside.find("</td>").expect("a closed cell")].to_string()
                })
                .collect::<Vec<String>>()
        })
        .filter(|row| !row.is_empty())
        .collect()
}

fn ints(row: &[i64]) -> Vec<String> {
    row.iter().map(i64::to_string).collect()
}

#[test]
fn notebooks_run_in_the_cg_kernel() {
    let python = match ready_python() {
        Ok(p) => p,
        Err(why) => {
            eprintln!("skipped: the notebook test needs Python with Jupyter's clients: {why}");
            return;
        }
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir: PathBuf = std::env::temp_dir().join(format!("cg-notebook-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.join("out");
    std::fs::create_dir_all(&out).expect("a temporary folder");

    let install = Command::new(env!("CARGO_BIN_EXE_cg"))
        .args(["jupyter", "install", "--prefix"])
        .arg(&dir)
        .output()
        .expect("cg runs");
    assert!(install.status.success(), "{install:?}");
    let data_dir = dir.join("share").join("jupyter");
    let spec = read_json(&data_dir.join("kernels").join("cg").join("kernel.json"));
    assert_eq!(spec["argv"][1], "jupyter", "{spec}");

    let example = root.join("examples/notebooks/ottaway.ipynb");
    let small = root.join("tests/notebook/kernel.ipynb");
    let run = Command::new(python)
        .arg(root.join("tests/notebook/drive.py"))
        .arg(&out)
        .arg(&example)
        .arg(&small)
        .env("JUPYTER_PATH", &data_dir)
        .env("JUPYTER_RUNTIME_DIR", dir.join("runtime"))
        .output()
        .expect("python runs");
    assert!(
        run.status.success(),
        "the notebooks did not run:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );

    check_small_notebook(&read_json(&out.join("kernel.ipynb")));
    check_example_notebook(&read_json(&out.join("ottaway.ipynb")));
    check_protocol(&read_json(&out.join("protocol.json")));
    let _ = std::fs::remove_dir_all(&dir);
}

fn check_small_notebook(nb: &Value) {
    // {2|0} + *3 = {2*3|*3} (design notes, worked example); its LaTeX in the combgames
    // conventions of core/short/latex.rs, with MathJax definitions of the macros it uses.
    assert_eq!(data(nb, "let g", "text/plain"), ["{2*3|*3}"]);
    let latex = data(nb, "let g", "text/latex").concat();
    assert!(latex.starts_with('$') && latex.ends_with('$'), "{latex}");
    assert!(latex.contains(r"\{2\cgstar3\cgslash\cgstar3\}"), "{latex}");
    assert!(latex.contains(r"\def\cgstar"), "{latex}");
    // Definitions stay across cells: G - G = 0.
    assert_eq!(data(nb, "g - g", "text/plain"), ["0"]);
    // print goes to the stream; temperature({3||2|1}) = 3/4 (the walls 3 - t and 3/2 + t meet
    // at t = 3/4).
    assert_eq!(printed(nb, "print"), "hello 2\n");
    assert_eq!(data(nb, "print", "text/plain"), ["3/4"]);
    // An error is a Jupyter error carrying the miette report, pointing at the name.
    let error = outputs(nb, "1 + nosuchname")
        .iter()
        .find(|o| o["output_type"] == "error")
        .expect("an error output");
    let report = text(&error["traceback"]);
    assert!(
        report.contains("nosuchname") && report.contains('×'),
        "{report}"
    );
    // plot(...) without a file shows the picture inline; so does a thermograph value.
    let svg = data(nb, "plot(thermograph", "image/svg+xml").concat();
    assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
    assert!(data(nb, "thermograph({2|0})", "image/svg+xml")[0].contains("<svg"));
    // A table is HTML, its text the aligned layout.
    let html = data(nb, "table(", "text/html").concat();
    assert_eq!(html_rows(&html), [["1", "^"], ["2", "^^"]]);
    assert!(data(nb, "table(", "text/plain")[0].contains("^^"));
    // :help NAME in a cell.
    assert!(printed(nb, ":help").starts_with("temperature(G)"));
    // Ups, nimbers and fractions typeset with the package's macros.
    assert_eq!(data(nb, "[^, *2", "text/plain"), ["[^,*2,1/2]"]);
    let latex = data(nb, "[^, *2", "text/latex").concat();
    for part in [r"\cgup", r"\cgstar2", r"\frac{1}{2}"] {
        assert!(latex.contains(part), "{latex}");
    }
}

fn check_example_notebook(nb: &Value) {
    for cell in nb["cells"].as_array().expect("cells") {
        for o in cell["outputs"].as_array().into_iter().flatten() {
            assert_ne!(o["output_type"], "error", "{o}");
        }
    }
    // Table 1.2: the G-sequence of 0.337, period 4.
    let html = data(nb, "table(grundy(octal 0.337", "text/html").concat();
    assert_eq!(
        html_rows(&html),
        [ints(&[0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0, 1])]
    );
    let period = data(nb, "periodicity", "text/plain").concat();
    assert!(
        period.contains("Period => 4") && period.contains("Preperiod => 0"),
        "{period}"
    );
    // Section 2.1.2's shots: 3, *, and 1 + (-1) + * = *.
    assert_eq!(data(nb, "[grand_left_right", "text/plain"), ["[3,*,*]"]);
    // Table 5.2, x = 1 to 3, y = 1 to 7, each row after its label x.
    let html = data(nb, "table([[x]", "text/html").concat();
    let expected = [
        [1, 1, 2, 0, 1, 2, 3, 1],
        [2, 2, 1, 0, 2, 1, 3, 4],
        [3, 0, 0, 0, 0, 0, 0, 0],
    ];
    assert_eq!(
        html_rows(&html),
        expected.iter().map(|r| ints(r)).collect::<Vec<_>>()
    );
    assert_eq!(
        data(nb, "[nim_value(cookie_cutter(1", "text/plain"),
        ["true"]
    );
    // Figures 3.4 and 5.1, and the thermographs, are SVG pictures.
    for start in [
        "plot(grundy(octal 0.6,",
        "plot(grundy(octal 0.33333333333337",
        "thermograph({3||2|0})",
        "plot([thermograph",
    ] {
        let svg = data(nb, start, "image/svg+xml").concat();
        assert!(svg.contains("<svg"), "{start}: {svg}");
    }
}

fn check_protocol(report: &Value) {
    assert_eq!(report["kernel_info"]["language_info"]["name"], "cg");
    assert_eq!(report["kernel_info"]["implementation"], "cg");
    // The heartbeat echoes, even while a cell computes.
    assert_eq!(report["heartbeat_while_busy"], "are you there");
    // The endless loop stopped at the interrupt, as an error; the kernel lives on and `n`,
    // defined before the loop and counted up in it, is still there.
    let stopped = &report["interrupt_reply"];
    assert_eq!(stopped["status"], "error", "{report}");
    assert_eq!(stopped["ename"], "Interrupted", "{report}");
    let outputs = report["interrupt_outputs"].as_array().expect("outputs");
    assert!(outputs.iter().any(|o| o["type"] == "error"), "{report}");
    assert_eq!(report["after_interrupt_reply"]["status"], "ok", "{report}");
    let after = report["after_interrupt_outputs"]
        .as_array()
        .expect("outputs");
    let result = after
        .iter()
        .find(|o| o["type"] == "execute_result")
        .expect("a result");
    assert_eq!(result["content"]["data"]["text/plain"], "true");
    // Completion of `temper` in "1 + temper", cursor at the end (character 10).
    let complete = &report["complete"];
    let matches: Vec<&str> = complete["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(matches.contains(&"temperature"), "{complete}");
    assert_eq!(complete["cursor_start"], 4);
    assert_eq!(complete["cursor_end"], 10);
    // Inspection is :help for the name under the cursor.
    let inspect = &report["inspect"];
    assert_eq!(inspect["found"], true, "{inspect}");
    assert!(text(&inspect["data"]["text/plain"]).starts_with("temperature(G)"));
    let is_complete = &report["is_complete"];
    assert_eq!(is_complete["{1|"], "incomplete");
    assert_eq!(is_complete["1 + 1"], "complete");
    assert_eq!(is_complete["1 + )"], "invalid");
    assert_eq!(report["alive_after_shutdown"], false);
}

/// Runs `cg` with `args`: its exit status and standard error.
fn cg(args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_cg"))
        .args(args)
        .output()
        .expect("cg runs");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_kernel_without_a_usable_connection_file_says_why() {
    let dir = std::env::temp_dir().join(format!("cg-connection-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let (code, err) = cg(&["jupyter", "kernel", "-f", "/nonexistent/kernel.json"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("cannot read /nonexistent/kernel.json"),
        "{err}"
    );
    let garbage = dir.join("garbage.json");
    std::fs::write(&garbage, "{\"ip\": 3}").expect("a file");
    let (code, err) = cg(&["jupyter", "kernel", "-f", garbage.to_str().expect("a path")]);
    assert_eq!(code, Some(1));
    assert!(err.contains("is not a Jupyter connection file"), "{err}");
    let (code, err) = cg(&["jupyter", "kernels"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("usage: cg jupyter install"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
