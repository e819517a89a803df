//! Nim-sequences of impartial heap games against published values, each with its source.

use cg::core::heap::{
    arithmetic_periodicity, nim_periodicity, nim_sequence, nim_sequence_naive, periodicity,
    HeapRules, SubtractionSet, TakeBreakCode,
};
use cg::core::Integer;

fn code(text: &str) -> HeapRules {
    HeapRules::TakeBreak(TakeBreakCode::parse(text).unwrap())
}

fn values(rules: &HeapRules, n: usize) -> Vec<u32> {
    nim_sequence(rules, n, &mut |_| {})
}

/// The heaps whose value differs from the periodic pattern (read past the preperiod).
fn exceptions(g: &[u32], period: usize, preperiod: usize) -> Vec<usize> {
    let shift = period * (preperiod / period + 1);
    (0..preperiod).filter(|&n| g[n] != g[n + shift]).collect()
}

#[test]
fn kayles() {
    // Kayles 0.77: OEIS A002186 (Winning Ways p. 91; Guy and Smith 1956).
    let published = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4,
        7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1,
    ];
    let kayles = code("0.77");
    let g = values(&kayles, 1000);
    assert_eq!(g[..published.len()], published);
    // Period 12 after the last exception at 70 (Winning Ways ch. 4, "Kayles").
    let p = nim_periodicity(&kayles, &g).unwrap();
    assert_eq!(
        p.to_string(),
        "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)"
    );
    assert_eq!(*exceptions(&g, 12, 71).last().unwrap(), 70);
    // 0.771 has the same values (A002186's name).
    assert!(values(&code("0.771"), 1000) == g);
    // Proven only once 2q + 2p + t = 2*71 + 2*12 + 2 = 168 values are known.
    assert!(nim_periodicity(&kayles, &g[..167]).is_none());
    assert_eq!(
        nim_periodicity(&kayles, &g[..168]).map(|p| (p.period, p.preperiod)),
        Some((12, 71))
    );
}

/// OEIS A002187, Dawson's chess (0.137), offset 0.
const DAWSONS_CHESS: [u32; 105] = [
    0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4, 5, 2,
    7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 2, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1, 0, 4,
    5, 3, 7, 4, 8, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 4, 5, 5, 9, 3, 3, 0, 1, 1, 3, 0, 2, 1, 1,
    0, 4, 5, 3, 7, 4, 8, 1, 1,
];

#[test]
fn dawsons_chess() {
    // 0.137: OEIS A002187 (Winning Ways pp. 89, 102): "period 34 with the only exceptions at
    // n = 0, 14, 16, 17, 31, 34 and 51".
    let rules = code("0.137");
    let g = values(&rules, 2000);
    assert_eq!(g[..DAWSONS_CHESS.len()], DAWSONS_CHESS);
    let p = nim_periodicity(&rules, &g).unwrap();
    assert_eq!((p.period, p.preperiod), (34, 52));
    assert_eq!(exceptions(&g, 34, 52), [0, 14, 16, 17, 31, 34, 51]);
}

#[test]
fn dawsons_kayles() {
    // 0.07 has the values of Dawson's chess shifted by one: G(n) = A002187(n - 1) (A002187's
    // comment; Winning Ways p. 89). So its exceptions are one later, 1, 15, 17, 18, 32, 35, 52,
    // and also 0 (G(0) = 0 but G(34) = 4): the preperiod is 53, not 52 (52 is Dawson's chess's).
    let rules = code("0.07");
    let g = values(&rules, 2000);
    let chess = values(&code("0.137"), 2000);
    assert_eq!(g[0], 0);
    assert!(g[1..] == chess[..2000]);
    let p = nim_periodicity(&rules, &g).unwrap();
    assert_eq!(
        p.to_string(),
        "Periodicity(Period => 34, Preperiod => 53, Saltus => 0)"
    );
    assert_eq!(exceptions(&g, 34, 53), [0, 1, 15, 17, 18, 32, 35, 52]);
}

#[test]
fn grundys_game() {
    // 4!.0: OEIS A002188 (Guy and Smith 1956, Table 4), offset 0.
    let published = [
        0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2,
        3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3,
        2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3, 7, 4, 3,
        7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
    ];
    let grundy = code("4!.0");
    let g = values(&grundy, 20_000);
    assert_eq!(g[..published.len()], published);
    // `4?.0` is the same game (for two heaps, "not all equal" is "unequal").
    assert!(values(&code("4?.0"), 300) == g[..=300]);
    // The sparse values (popcount(G(n) & ...11110) even) up to 231, from Flammenkamp's table
    // "Sprague-Grundy values of Grundy's game" (mask m = 01111...).
    let sparse = [
        (0, 0),
        (1, 0),
        (2, 0),
        (3, 1),
        (4, 0),
        (6, 1),
        (7, 0),
        (9, 1),
        (10, 0),
        (12, 1),
        (15, 1),
        (20, 0),
        (23, 0),
        (26, 0),
        (28, 1),
        (31, 1),
        (34, 1),
        (37, 1),
        (40, 1),
        (43, 1),
        (46, 1),
        (49, 1),
        (50, 0),
        (52, 1),
        (53, 0),
        (55, 1),
        (58, 1),
        (61, 1),
        (87, 7),
        (90, 7),
        (93, 7),
        (146, 6),
        (149, 6),
        (152, 6),
        (158, 11),
        (161, 11),
        (164, 11),
        (167, 11),
        (176, 7),
        (179, 7),
        (181, 12),
        (182, 7),
        (185, 7),
        (188, 7),
        (190, 12),
        (193, 12),
        (196, 10),
        (231, 10),
    ];
    let found: Vec<(usize, u32)> = (0..=231)
        .filter(|&n| (g[n] & !1).count_ones().is_multiple_of(2))
        .map(|n| (n, g[n]))
        .collect();
    assert_eq!(found, sparse);
    // Grundy's game is not known to be periodic; nothing is claimed (the constraint `!` is
    // outside the periodicity theorem).
    assert!(nim_periodicity(&grundy, &g).is_none());
}

#[test]
fn gangolli_plambeck_0_127() {
    // 0.127: OEIS A071464 (offset 1) "eventually periodic with period 4. The last exception
    // is at n = 46577 [Gangolli and Plambeck, IJGT 18 (1989)]".
    let published = [
        1, 0, 2, 2, 1, 0, 4, 4, 1, 2, 2, 0, 1, 4, 4, 6, 1, 7, 7, 0, 1, 2, 2, 6, 1, 4, 4, 8, 1, 2,
        7, 8, 1, 0, 7, 2, 6, 8, 1, 4, 9, 8, 1, 2, 6, 0, 1, 4, 6, 2, 1, 8, 9, 0, 1, 6, 2, 2, 7, 0,
        1, 8, 3, 2, 1, 4, 4, 8, 9, 2, 7, 8, 1, 0, 9, 2, 2, 6, 4, 4, 1, 8, 3, 2, 1, 0, 4,
    ];
    let rules = code("0.127");
    let g = values(&rules, 100_000);
    assert_eq!(g[1..=published.len()], published);
    let p = nim_periodicity(&rules, &g).unwrap();
    assert_eq!((p.period, p.preperiod), (4, 46578));
    assert_eq!(*exceptions(&g, 4, 46578).last().unwrap(), 46577);
}

#[test]
fn more_octal_games_from_winning_ways() {
    // (code, period, last exception): OEIS A071435 (.177, WW p. 102), A071074 (.7777, Double
    // Kayles, WW p. 98), A071452 (.11377, WW p. 104).
    for (text, period, last) in [
        ("0.177", 20, 496),
        ("0.7777", 24, 141),
        ("0.11377", 32, 186),
    ] {
        let rules = code(text);
        let g = values(&rules, 5000);
        let p = nim_periodicity(&rules, &g).unwrap();
        assert_eq!((p.period, p.preperiod), (period, last + 1), "{text}");
    }
    // .117: OEIS A071453 "period 48. The only exceptions are n = 2, 6, 7, 12, 16, 22, 26, 36
    // and 46."
    let rules = code("0.117");
    let g = values(&rules, 2000);
    let p = nim_periodicity(&rules, &g).unwrap();
    assert_eq!((p.period, p.preperiod), (48, 47));
    assert_eq!(exceptions(&g, 48, 47), [2, 6, 7, 12, 16, 22, 26, 36, 46]);
}

#[test]
fn nim_and_subtraction_games() {
    // Nim 0.[3]: G(n) = n (Bouton 1901; Winning Ways ch. 3), arithmetic-periodic, saltus 1.
    let nim = code("0.[3]");
    let g = values(&nim, 3000);
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n));
    assert!(nim_periodicity(&nim, &g).is_none());
    let ints: Vec<Integer> = g.iter().map(|&v| Integer::from(v as i64)).collect();
    assert_eq!(
        arithmetic_periodicity(&ints, 2).unwrap().to_string(),
        "Periodicity(Period => 1, Preperiod => 0, Saltus => 1)"
    );
    // Subtraction {1,2,3}: G(n) = n mod 4 (Winning Ways ch. 3, "subtraction games"), proven
    // periodic by the theorem for k = 1: q + p + t = 0 + 4 + 3 (preperiod read as 1: 8 values).
    let s = HeapRules::Subtraction(SubtractionSet::finite([1, 2, 3]));
    let g = values(&s, 100);
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n % 4));
    assert_eq!(
        nim_periodicity(&s, &g[..8]).map(|p| (p.period, p.preperiod)),
        Some((4, 0))
    );
    assert!(nim_periodicity(&s, &g[..7]).is_none());
    // `subtraction {1,2,3}` is the octal game 0.333.
    assert!(values(&code("0.333"), 100) == g);
    // allbut {1}: the options of n are the heaps 0..=n-2, so G(n) = floor(n/2) by induction
    // (mex of {floor(k/2) : k <= n - 2}).
    let allbut = HeapRules::all_but([1]);
    let g = values(&allbut, 2000);
    assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n / 2));
    // allbut {2,3,7}: arithmetic-periodic (A. N. Siegel, "Finite excluded subtraction sets and
    // infinite geography", 2006, shows every allbut game is); here checked against the
    // definition and found arithmetic-periodic.
    let allbut = HeapRules::all_but([2, 3, 7]);
    let g = values(&allbut, 600);
    assert!(g == nim_sequence_naive(&allbut, 600));
    let ints: Vec<Integer> = g.iter().map(|&v| Integer::from(v as i64)).collect();
    let p = arithmetic_periodicity(&ints, 3).unwrap();
    assert!(!p.saltus.is_zero());
    // A finite-set Splittles game is an octal game with 7s: {1,4} is 0.7007.
    let splittles = HeapRules::Splittles(SubtractionSet::finite([1, 4]));
    assert!(values(&splittles, 500) == values(&code("0.7007"), 500));
    // Periodicity of a plain list (no theorem): seen twice.
    assert_eq!(periodicity(&g[..0], 2), None);
}

#[test]
fn officers() {
    // Officers 0.6 (Winning Ways ch. 4): OEIS A046695, "Sprague-Grundy values for the game
    // Couples-are-Forever (and for octal games .6, .601, ...)", its terms for heaps 0..=101.
    let published = [
        0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4, 0, 3, 4, 2, 1, 3, 2, 1, 0, 2, 1, 4, 5, 1, 4, 5, 1, 2,
        0, 1, 2, 3, 1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 1, 0, 2, 8, 4, 5, 3, 4, 5, 6, 2, 5, 1, 2, 3,
        1, 2, 3, 4, 2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4, 5, 3, 4, 5, 6, 4, 5, 6, 2, 3, 1, 2, 3, 4,
        2, 3, 4, 2, 3, 4, 2, 3, 0, 2, 3, 4,
    ];
    let rules = code("0.6");
    assert_eq!(values(&rules, published.len() - 1), published);
    // The compact sequence of a long run (16 bits a heap: Officers' values reach 256 at heap
    // 10344, as the definition below agrees) starts with the published values and agrees with
    // the definition further on.
    let long =
        cg::core::heap::nim_values_with(&rules, 20_000, cg::core::heap::Method::Auto, &mut |_| {});
    assert_eq!(long.width(), 2);
    assert_eq!(long.to_vec()[..published.len()], published);
    assert_eq!(long.to_vec()[..=3000], nim_sequence_naive(&rules, 3000));
}
