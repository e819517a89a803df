//! Values from the literature, each with its source. Games are built from options here (the
//! language is tested elsewhere), so these check the engine and the printer alone.

use cg::core::{Dyadic, Game, Integer, Outcome};

fn g(left: &[Game], right: &[Game]) -> Game {
    Game::from_options(left, right)
}

fn int(n: i64) -> Game {
    Game::integer(n)
}

fn star(n: u64) -> Game {
    Game::nimber(n)
}

fn num(n: i64, exp: u32) -> Game {
    Game::number(Dyadic::new(Integer::from(n), exp))
}

fn up() -> Game {
    Game::up()
}

#[test]
fn numbers_by_the_simplicity_theorem() {
    // ONAG ch. 0 / Winning Ways ch. 2.
    assert_eq!(g(&[], &[]), int(0));
    assert_eq!(g(&[int(0)], &[]), int(1));
    assert_eq!(g(&[], &[int(0)]), int(-1));
    assert_eq!(g(&[int(0)], &[int(1)]), num(1, 1));
    assert_eq!(g(&[num(1, 1)], &[int(1)]), num(3, 2));
    assert_eq!(g(&[int(-1)], &[int(5)]), int(0));
    assert_eq!(g(&[int(2)], &[int(5)]), int(3));
    assert_eq!(num(1, 1) + num(1, 1), int(1));
    assert_eq!(g(&[int(0)], &[int(2)]).to_string(), "1");
    assert_eq!(num(-1, 1).to_string(), "-1/2");
    assert_eq!(num(25, 4).to_string(), "25/16");
}

#[test]
fn nimbers() {
    // Winning Ways ch. 3: *n = {0,*,...,*(n-1) | same}; *a + *b = *(a xor b).
    assert_eq!(g(&[int(0)], &[int(0)]), star(1));
    assert_eq!(g(&[int(0), star(1)], &[int(0), star(1)]), star(2));
    assert_eq!(g(&[star(1)], &[star(1)]), int(0));
    assert_eq!(star(5) + star(6), star(3));
    assert_eq!((star(5) + star(6)).to_string(), "*3");
    assert_eq!(star(1).to_string(), "*");
    assert_eq!(star(0).to_string(), "0");
}

#[test]
fn ups_and_stars() {
    // Winning Ways ch. 3: ↑ = {0|*}, ↑* = {0,*|0}, ⇑ = {0|↑*}, ⇑* = {0|↑}.
    assert_eq!(g(&[int(0)], &[star(1)]), up());
    assert_eq!(g(&[int(0), star(1)], &[int(0)]), up() + star(1));
    assert_eq!(g(&[int(0)], &[up() + star(1)]), up() + up());
    assert_eq!(g(&[int(0)], &[up()]), up() + up() + star(1));
    // The examples: ^ + ^ + * is ^^*.
    assert_eq!((up() + up() + star(1)).to_string(), "^^*");
    assert_eq!((up() + up() + up()).to_string(), "^3");
    assert_eq!((-up()).to_string(), "v");
    assert_eq!((-(up() + up()) + star(3) - int(1)).to_string(), "-1vv*3");
    assert_eq!(
        (num(73, 4) - up().times(&Integer::from(9)) + star(8)).to_string(),
        "73/16v9*8"
    );
    assert_eq!((up() + star(6)).to_string(), "^*6");
    assert_eq!((int(6) + up() + star(1)).to_string(), "6^*");
    assert_eq!((num(9, 3) + star(1)).to_string(), "9/8*");
    // ↑*n = {0 | *(n xor 1)} for n >= 2 (derived in Winning Ways ch. 3's ↑*n discussion).
    assert_eq!(g(&[int(0)], &[star(3)]), up() + star(2));
    // Outcomes: ↑ > 0, ↑* || 0, ↑*2 > 0, ⇑* > 0.
    assert_eq!(up().outcome(), Outcome::L);
    assert_eq!((up() + star(1)).outcome(), Outcome::N);
    assert_eq!((up() + star(2)).outcome(), Outcome::L);
    assert_eq!((up() + up() + star(1)).outcome(), Outcome::L);
    assert_eq!(star(1).outcome(), Outcome::N);
    assert_eq!(int(0).outcome(), Outcome::P);
}

#[test]
fn powers_of_up() {
    // NOTATION.md and Siegel, CGT: ↑^2 = {0 | ↓*}, ↑^→2 = ↑ + ↑^2 = {↑ | *}.
    let up2 = g(&[int(0)], &[-up() + star(1)]);
    assert_eq!(up2.to_string(), "^<2>");
    assert_eq!(up().pow(2), Some(up2));
    let up_to_2 = up() + up2;
    assert_eq!(up_to_2, g(&[up()], &[star(1)]));
    assert_eq!(up_to_2.to_string(), "^[2]");
    assert_eq!(up().pow_to(2), Some(up_to_2));
    assert_eq!((-up_to_2 + star(1)).to_string(), "v[2]*");
    assert_eq!((up().pow(3).unwrap() + star(1)).to_string(), "^<3>*");
    assert_eq!((up().pow_to(3).unwrap() - int(2)).to_string(), "-2^[3]");
    // ↑^2 is positive but smaller than every positive multiple of ↑ (Siegel, CGT).
    assert!(up2.gt(int(0)));
    assert!(up2.lt(up()));
}

#[test]
fn switches_and_hot_games() {
    // ±1 ± 1 = 0 and {1|0} + {1|0} = 1 (Winning Ways ch. 4: x ± y, ±y ± y = 0).
    let pm1 = g(&[int(1)], &[int(-1)]);
    assert_eq!(pm1 + pm1, int(0));
    assert_eq!(pm1.to_string(), "+-1");
    let one_zero = g(&[int(1)], &[int(0)]);
    assert_eq!(one_zero + one_zero, int(1));
    assert_eq!(one_zero.to_string(), "{1|0}");
    assert_eq!(one_zero.outcome(), Outcome::N);
    // DESIGN.md: {2|0} + *3 prints {2*3|*3}.
    assert_eq!((g(&[int(2)], &[int(0)]) + star(3)).to_string(), "{2*3|*3}");
    // NOTATION.md switch forms.
    assert_eq!(g(&[num(1, 1)], &[num(-1, 1)]).to_string(), "+-1/2");
    let one_star = int(1) + star(1);
    assert_eq!(g(&[one_star], &[-one_star]).to_string(), "+-(1*)");
    assert_eq!(Game::switch(&[int(1), one_star]).to_string(), "+-{1,1*}");
    let three_two = g(&[int(3)], &[int(2)]);
    assert_eq!(Game::switch(&[three_two]).to_string(), "+-{3|2}");
}

#[test]
fn slashes() {
    // NOTATION.md: {3||2|1} = {3|{2|1}}.
    let two_one = g(&[int(2)], &[int(1)]);
    assert_eq!(g(&[int(3)], &[two_one]).to_string(), "{3||2|1}");
    // {3|||2||1|0,*||||-1/2}
    let a = g(&[int(1)], &[int(0), star(1)]);
    let b = g(&[int(2)], &[a]);
    let c = g(&[int(3)], &[b]);
    let d = g(&[c], &[num(-1, 1)]);
    assert_eq!(d.to_string(), "{3|||2||1|0,*||||-1/2}");
}

#[test]
fn tiny_and_miny() {
    // Winning Ways ch. 5: Tiny(G) = {0||0|-G}, Miny(G) = {G|0||0}.
    let tiny2 = Game::tiny(int(2));
    assert_eq!(tiny2.to_string(), "Tiny(2)");
    assert_eq!((tiny2 + int(2)).to_string(), "2Tiny(2)");
    assert_eq!(Game::miny(int(1)).to_string(), "Miny(1)");
    let three_one = g(&[int(3)], &[int(1)]);
    assert_eq!(Game::tiny(three_one).to_string(), "Tiny({3|1})");
    // Tiny(2) is positive but infinitesimal with respect to ↑ (Winning Ways ch. 5).
    assert!(tiny2.gt(int(0)));
    assert!(tiny2.lt(up()));
}

#[test]
fn birthdays() {
    // Siegel, CGT, II.1: b(n) = |n|, b(1/2) = 2, b(*n) = n, b(↑) = 2, b(⇑*) = 3.
    assert_eq!(int(-5).birthday(), Integer::from(5));
    assert_eq!(num(3, 2).birthday(), Integer::from(3));
    assert_eq!(star(4).birthday(), Integer::from(4));
    assert_eq!(up().birthday(), Integer::from(2));
    assert_eq!((up() + up() + star(1)).birthday(), Integer::from(3));
    assert_eq!((up() + star(2)).birthday(), Integer::from(4));
    assert_eq!(
        g(&[int(3)], &[g(&[int(2)], &[int(1)])]).birthday(),
        Integer::from(4)
    );
}

#[test]
fn uptimal_expansions_are_recognised() {
    use cg::core::UptimalExpansion;
    // Every x + a1.↑ + a2.↑^2 + a3.↑^3 + a4.↑^4 + *m built as a sum of powers must be recognised
    // with exactly those coefficients (Siegel, CGT: uptimal expansions are unique).
    let powers: Vec<Game> = (1..=4).map(|k| up().pow(k).unwrap()).collect();
    let range = [-2i64, -1, 0, 1, 2];
    for &a1 in &range {
        for &a2 in &range {
            for &a3 in &[-1i64, 0, 1] {
                for &a4 in &[-1i64, 0, 1] {
                    for m in [0u64, 1, 2] {
                        for x in [
                            Dyadic::new(Integer::from(0), 0),
                            Dyadic::new(Integer::from(-3), 1),
                        ] {
                            let coefficients = [a1, a2, a3, a4];
                            let mut g = Game::number(x.clone()) + star(m);
                            for (p, &a) in powers.iter().zip(&coefficients) {
                                g = g + p.times(&Integer::from(a));
                            }
                            let mut expected: Vec<Integer> =
                                coefficients.iter().map(|&a| Integer::from(a)).collect();
                            while expected.last().is_some_and(Integer::is_zero) {
                                expected.pop();
                            }
                            let e = UptimalExpansion {
                                number: x,
                                coefficients: expected,
                                nimber: Integer::from(m),
                            };
                            assert_eq!(g.uptimal_expansion(), Some(e), "{coefficients:?} *{m}");
                        }
                    }
                }
            }
        }
    }
    // Hot games and Tiny are not uptimals.
    assert_eq!(g(&[int(1)], &[int(0)]).uptimal_expansion(), None);
    assert!(!Game::tiny(int(1)).is_uptimal());
}

/// The companion by its definition (Siegel, CGT III.2), written out here with no shortcut:
/// 0° = *, and otherwise G° = {0 if G >= 0, (G^L)° | 0 if G <= 0, (G^R)°}.
fn companion_by_definition(g: Game) -> Game {
    if g == Game::ZERO {
        return star(1);
    }
    let mut left: Vec<Game> = g
        .left_options()
        .into_iter()
        .map(companion_by_definition)
        .collect();
    let mut right: Vec<Game> = g
        .right_options()
        .into_iter()
        .map(companion_by_definition)
        .collect();
    if g.geq(Game::ZERO) {
        left.push(Game::ZERO);
    }
    if g.leq(Game::ZERO) {
        right.push(Game::ZERO);
    }
    Game::from_options(&left, &right)
}

#[test]
fn numbers_closed_forms_for_companion_and_follower_count() {
    // Every m/16 in [-4, 4]: the companion of a nonzero number is itself, and a number has
    // birthday + 1 followers, both checked against the definitions by recursion.
    for m in -64..=64 {
        let x = num(m, 4);
        assert_eq!(
            x.companion(),
            companion_by_definition(x),
            "companion of {x}"
        );
        let listed = x.followers(1000).unwrap().len();
        assert_eq!(
            x.follower_count(1000),
            Ok(Integer::from(listed)),
            "followers of {x}"
        );
    }
    // CGSuite's test table: -1823437481924 has 1823437481925 followers and is its own
    // companion; 0's companion is *.
    let huge = Game::integer(-1_823_437_481_924i64);
    assert_eq!(
        huge.follower_count(10),
        Ok(Integer::from(1_823_437_481_925i64))
    );
    assert_eq!(huge.companion(), huge);
    assert_eq!(int(0).companion(), star(1));
}
