//! The README's short tour stays true: every line `EXPR   # VALUE` of it is run with `cg -e`
//! and must print VALUE. The values are facts of the theory a reader can check by hand
//! ({0 | 1} = 1/2, *5 + *6 = *3, {1 | 0} + {1 | 0} = 1, ...), not copies of our output.

use std::process::Command;

/// The `(expression, printed value)` lines of the tour: indented lines between the tour's
/// heading and the paragraph on scripts, with the comment after the value dropped.
fn tour_lines(readme: &str) -> Vec<(String, String)> {
    let start = readme
        .find("## A short tour")
        .expect("the README has a tour");
    let end = start + readme[start..].find("A script").expect("the tour ends");
    readme[start..end]
        .lines()
        .filter_map(|line| line.strip_prefix("    "))
        .filter_map(|line| {
            let (expr, value) = line.split_once(" # ")?;
            let value = value.trim();
            // A remark after the value is set off by two or more spaces: `1/3  (a rational...)`.
            let value = value.split("  ").next().unwrap_or(value).trim();
            Some((expr.trim().to_string(), value.to_string()))
        })
        .collect()
}

#[test]
fn every_tour_line_prints_what_the_readme_says() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("README.md is readable");
    let lines = tour_lines(&readme);
    assert!(lines.len() >= 15, "the tour has {} lines", lines.len());
    for (expr, value) in lines {
        let out = Command::new(env!("CARGO_BIN_EXE_cg"))
            .args(["-e", &expr])
            .env("NO_COLOR", "1")
            .output()
            .expect("cg runs");
        let printed = String::from_utf8_lossy(&out.stdout);
        assert_eq!(printed.trim_end(), value, "cg -e '{expr}'");
    }
}
