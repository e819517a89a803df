//! Builtins with a fast path for machine integers or plain strings give what the general path
//! gives: `pow(b, k)` against repeated multiplication (past 2^63 too, where the fast path
//! hands over to exact rationals), `join` against concatenation of `str` of each element, the
//! set operations against their definitions.

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

/// `union` of a set and a few values inserts them in place, and `intersection` and `difference`
/// of a set filter it without sorting again; all three scan a few members rather than hash
/// them. Each must give what the definitions give: the set of the elements of both, or of
/// those of the first kept by `in` on a list (`==`). The pool mixes kinds that sort together
/// (numbers and the games equal to them: `{0|}` is 1, `{|}` is 0) and kinds that do not.
#[test]
fn set_operations_are_their_definitions() {
    let program = "let pool = [0, 1, 2, -3, 1/2, {0|}, {|}, *, ^, {1|}, \"a\", \"b\", (1, 2), (0, 1, \"B\"), [1], true]
def subset(m) = set([pool[i] for i in 0..len(pool) if (m // pow(2, i)) % 2 == 1])
def few(m) = [pool[i] for i in 0..len(pool) if (m // pow(2, i)) % 2 == 1 and i % 5 == m % 5]
let masks = []
let x = 12345
for k in 0..30
  x = (x * 1103515245 + 12345) % 2147483648
  masks = append(masks, x % 65536)
end
let wrong = []
for a in masks
  for b in masks
    let s = subset(a)
    for ys in [few(b), subset(b), [pool[b % 16], pool[b % 16]]]
      let ylist = [y for y in ys]
      if union(s, ys) != set([x for x in s] + ylist) do wrong = append(wrong, (\"union\", a, b))
      if difference(s, ys) != set([x for x in s if not (x in ylist)]) do wrong = append(wrong, (\"difference\", a, b))
      if intersection(s, ys) != set([x for x in s if x in ylist]) do wrong = append(wrong, (\"intersection\", a, b))
    end
  end
end
[len(wrong), [wrong[i] for i in 0..min(3, len(wrong))], union({1, 3}, [2, 3, 0]), difference({0, 1, 2}, [0]), intersection({\"a\", 1}, [1])]";
    assert_eq!(eval(program), "[0,[],{0,1,2,3},{1,2},{1}]");
}
