//! Builtins with a fast path for machine integers or plain strings give what the general path
//! gives: `pow(b, k)` against repeated multiplication (past 2^63 too, where the fast path
//! hands over to exact rationals), `join` against concatenation of `str` of each element.

use std::process::Command;

const CG: &str = env!("CARGO_BIN_EXE_cg");

fn eval(program: &str) -> String {
    let out = Command::new(CG).arg("-e").arg(program).output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn integer_powers_are_repeated_products() {
    let program = "def product(b, k)
  let p = 1
  for i in 0..k do p = p * b
  p
end
[(b, k) for b in -5..=5 for k in 0..=70 if pow(b, k) != product(b, k)]";
    assert_eq!(eval(program), "[]");
    assert_eq!(eval("pow(2, 64)"), "18446744073709551616");
    assert_eq!(eval("pow(-3, 41)"), "-36472996377170786403");
    assert_eq!(eval("[pow(2, -2), pow(1/2, 3), pow(0, 0)]"), "[1/4,1/8,1]");
}

#[test]
fn join_is_the_concatenation_of_the_printed_elements() {
    let program = "let xs = [\"a\", 1, ^, \"\", {3 | 1}, \"q\\\"\", [\"s\"]]
let by_hand = \"\"
for i in 0..len(xs)
  if i > 0 do by_hand = by_hand + \", \"
  by_hand = by_hand + str(xs[i])
end
[join(xs, \", \") == by_hand, join(xs, \", \"), join([], \"|\"), join([\"x\"], \"|\")]";
    assert_eq!(
        eval(program),
        "[true,\"a, 1, ^, , {3|1}, q\\\", [\\\"s\\\"]\",\"\",\"x\"]"
    );
}
