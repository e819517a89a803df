//! Take-and-break digits written as numbers of heaps in braces (CGSuite's notation: Maundy
//! Cake's rule is `{2+}=.0` in CGSuite's library), against searches written here from the
//! definition, and against the digits they spell (`{1,3}` is the hexadecimal digit A).

use cg::core::heap::{nim_sequence, HeapRules, TakeBreakCode};

fn code(text: &str) -> HeapRules {
    HeapRules::TakeBreak(TakeBreakCode::parse(text).unwrap_or_else(|e| panic!("{text}: {e}")))
}

fn values(text: &str, n: usize) -> Vec<u32> {
    nim_sequence(&code(text), n, &mut |_| {})
}

fn mex(seen: &[u32]) -> u32 {
    (0..).find(|v| !seen.contains(v)).unwrap()
}

/// Every way of writing `total` as `parts` positive heaps, ascending.
fn partitions(
    total: usize,
    parts: usize,
    min: usize,
    out: &mut Vec<Vec<usize>>,
    buf: &mut Vec<usize>,
) {
    if parts == 0 {
        if total == 0 {
            out.push(buf.clone());
        }
        return;
    }
    for part in min..=total {
        if part * parts > total {
            break;
        }
        buf.push(part);
        partitions(total - part, parts - 1, part, out, buf);
        buf.pop();
    }
}

/// The nim-values of heaps 0..=n of a game that removes `removed` tokens (one number) and leaves
/// the rest as k heaps with `counts(k)` true and `keep(heaps)` true.
fn naive(
    n: usize,
    removed: usize,
    counts: &dyn Fn(usize) -> bool,
    keep: &dyn Fn(&[usize]) -> bool,
) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for h in 0..=n {
        let mut seen = Vec::new();
        if h >= removed {
            let rest = h - removed;
            for k in 0..=rest {
                if !counts(k) {
                    continue;
                }
                let mut all = Vec::new();
                partitions(rest, k, 1, &mut all, &mut Vec::new());
                for heaps in all.iter().filter(|p| keep(p)) {
                    seen.push(heaps.iter().fold(0, |x, &a| x ^ g[a]));
                }
            }
        }
        g.push(mex(&seen));
    }
    g
}

fn all_equal(p: &[usize]) -> bool {
    p.windows(2).all(|w| w[0] == w[1])
}

fn pairwise_unequal(p: &[usize]) -> bool {
    p.windows(2).all(|w| w[0] != w[1])
}

/// Maundy Cake's rule on one axis (Winning Ways ch. 2): split a heap into d >= 2 equal heaps.
/// The nim-sum of d equal heaps is 0 for d even and the heap's value for d odd. Heap 67 (a
/// prime) can only go to 67 heaps of one: a code that stopped at 63 heaps would give it 0.
#[test]
fn maundy_cakes_rule_splits_into_any_number_of_equal_heaps() {
    let n = 300;
    let mut g = vec![0u32; n + 1];
    for h in 2..=n {
        let seen: Vec<u32> = (2..=h)
            .filter(|d| h % d == 0)
            .map(|d| if d % 2 == 1 { g[h / d] } else { 0 })
            .collect();
        g[h] = mex(&seen);
    }
    assert_eq!(values("{2+}=.0", n), g);
    assert_eq!(g[67], 1);
}

#[test]
fn open_counts_match_a_search_over_partitions() {
    let n = 24;
    assert_eq!(values("0.{1+}", n), naive(n, 1, &|k| k >= 1, &|_| true));
    assert_eq!(values("0.{2+}", n), naive(n, 1, &|k| k >= 2, &|_| true));
    assert_eq!(
        values("0.{0,3+}", n),
        naive(n, 1, &|k| k == 0 || k >= 3, &|_| true)
    );
    assert_eq!(
        values("0.{2+}!", n),
        naive(n, 1, &|k| k >= 2, &|p| pairwise_unequal(p))
    );
    assert_eq!(
        values("0.{2+}=", n),
        naive(n, 1, &|k| k >= 2, &|p| all_equal(p))
    );
    assert_eq!(
        values("0.0{1,2+}?", n),
        naive(n, 2, &|k| k >= 1, &|p| p.len() < 2 || !all_equal(p))
    );
}

#[test]
fn exact_counts_are_the_digits_they_spell() {
    // Bit k of a digit allows k heaps: {0,1} = 3, {0,1,2} = 7, {1,3} = A, {0,3} = 9.
    for (braces, digits) in [
        ("0.{0,1}{0,1}", "0.33"),
        ("0.{0,1,2}", "0.7"),
        ("0.{1}{2}", "0.24"),
        ("0.{1,3}{1,3}", "0.AA"),
        ("0.{0,3}{2}", "0.94"),
        ("{2}!.0", "4!.0"),
        ("0.[{0,1}]", "0.[3]"),
    ] {
        assert_eq!(
            values(braces, 60),
            values(digits, 60),
            "{braces} and {digits}"
        );
    }
}

#[test]
fn bad_braces_are_refused_with_their_place() {
    for (text, offset) in [
        ("0.{", 3),
        ("0.{}", 3),
        ("0.{2", 4),
        ("0.{2+,3+}", 6),
        ("0.{64}", 3),
        ("0.{a}", 3),
        ("0.{1;2}", 4),
    ] {
        let err = TakeBreakCode::parse(text).expect_err(text);
        assert_eq!(err.offset, offset, "{text}: {err}");
    }
    // Braces belong to the general notation, not to octal codes.
    assert!(TakeBreakCode::parse_octal("0.{1}").is_err());
    // Taking nothing and leaving one heap is a pass, even inside `k+`.
    assert!(TakeBreakCode::parse("{1+}.0").is_err());
}
