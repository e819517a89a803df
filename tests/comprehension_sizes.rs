//! A comprehension makes room in its list for as many elements as its first loop walks
//! (`Instr::Reserve`), and gives back what a filter did not use: the lists are the ones
//! written out by hand, for empty, reversed, filtered, nested and edge-of-64-bit sources.

use std::process::Command;

const CG: &str = env!("CARGO_BIN_EXE_cg");

fn eval(program: &str) -> String {
    let out = Command::new(CG).arg("-e").arg(program).output().unwrap();
    assert!(
        out.status.success(),
        "`{program}` failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn comprehensions_over_ranges_of_every_length() {
    assert_eq!(eval("[x for x in 5..2]"), "[]");
    assert_eq!(eval("[x for x in 2..=2]"), "[2]");
    assert_eq!(
        eval("[x for x in 9223372036854775806..=9223372036854775807]"),
        "[9223372036854775806,9223372036854775807]"
    );
    assert_eq!(
        eval("[x * x for x in 0..2000 if x % 1000 == 0]"),
        "[0,1000000]"
    );
    assert_eq!(eval("len([x for x in 0..5000])"), "5000");
}

#[test]
fn comprehensions_over_collections_and_nested_loops() {
    assert_eq!(
        eval("[(a, b) for a in 0..2 for b in [7, 8]]"),
        "[(0,7),(0,8),(1,7),(1,8)]"
    );
    assert_eq!(eval("[x + 1 for x in {3, 1, 2}]"), "[2,3,4]");
    assert_eq!(eval("[x for x in (4, 5) if x > 4]"), "[5]");
    assert_eq!(eval("{x % 3 for x in 0..10}"), "{0,1,2}");
    // The list built is a value like any other: appending to it leaves the source alone.
    assert_eq!(
        eval("let xs = [1, 2, 3]\nlet ys = [x for x in xs]\nys[0] = 9\n[xs, ys]"),
        "[[1,2,3],[9,2,3]]"
    );
}
