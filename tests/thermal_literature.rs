//! Temperature theory, infinitesimals and products checked against values from the literature,
//! each with its source beside it. Games are built from options (the language is tested
//! elsewhere); the Partizan Splittles positions of the seed paper are computed here from the
//! rules.

use std::collections::HashMap;

use cg::core::{Dyadic, ExplicitGame, Game, Integer, NotAtomic};

fn g(left: &[Game], right: &[Game]) -> Game {
    Game::from_options(left, right)
}

fn int(n: i64) -> Game {
    Game::integer(n)
}

fn num(n: i64, exp: u32) -> Game {
    Game::number(Dyadic::new(Integer::from(n), exp))
}

fn d(n: i64, exp: u32) -> Dyadic {
    Dyadic::new(Integer::from(n), exp)
}

fn star() -> Game {
    Game::star()
}

fn up() -> Game {
    Game::up()
}

/// Partizan Splittles (Mesdal et al., "Partizan Splittles", §1): remove s tokens from a heap,
/// s in Left's or Right's subtraction set, and optionally split what remains into two heaps.
struct Splittles {
    left: Box<dyn Fn(usize) -> bool>,
    right: Box<dyn Fn(usize) -> bool>,
    memo: HashMap<usize, Game>,
}

impl Splittles {
    fn new(
        left: impl Fn(usize) -> bool + 'static,
        right: impl Fn(usize) -> bool + 'static,
    ) -> Self {
        Splittles {
            left: Box::new(left),
            right: Box::new(right),
            memo: HashMap::new(),
        }
    }

    fn value(&mut self, n: usize) -> Game {
        if let Some(&v) = self.memo.get(&n) {
            return v;
        }
        let mut left = Vec::new();
        let mut right = Vec::new();
        for s in 1..=n {
            let rest = n - s;
            let (l, r) = ((self.left)(s), (self.right)(s));
            if !l && !r {
                continue;
            }
            for a in 0..=rest / 2 {
                let option = self.value(a) + self.value(rest - a);
                if l {
                    left.push(option);
                }
                if r {
                    right.push(option);
                }
            }
        }
        let v = g(&left, &right);
        self.memo.insert(n, v);
        v
    }
}

#[test]
fn thermographs_print_as_in_cgsuite() {
    // NOTATION.md (CGSuite's printed thermographs).
    let inner = g(&[int(2) + star()], &[int(1) + star()]);
    let g1 = g(&[int(3)], &[inner]);
    assert_eq!(
        g1.thermograph().to_string(),
        "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])"
    );
    assert_eq!(
        int(5).thermograph().to_string(),
        "Thermograph(5,[],[0],5,[],[0])"
    );
    assert_eq!(
        up().thermograph().to_string(),
        "Thermograph(0,[0],[0,-1],0,[],[0])"
    );
}

#[test]
fn switches_and_simple_hot_games() {
    // Winning Ways ch. 6: {a | b} with numbers a > b has mean (a + b)/2 and temperature
    // (a - b)/2; ±x has mean 0 and temperature x.
    for (a, b) in [(3, 1), (5, -1), (10, 2), (1, -1), (2, 0)] {
        let h = g(&[int(a)], &[int(b)]);
        assert_eq!(h.mean(), Dyadic::new(Integer::from(a + b), 1), "{h}");
        assert_eq!(h.temperature(), Dyadic::new(Integer::from(a - b), 1), "{h}");
        assert_eq!(h.left_stop(), Dyadic::from(a));
        assert_eq!(h.right_stop(), Dyadic::from(b));
    }
    // DESIGN.md / Winning Ways ch. 6: {3||2|1} has temperature 3/4 (mean 9/4).
    let h = g(&[int(3)], &[g(&[int(2)], &[int(1)])]);
    assert_eq!(h.temperature(), d(3, 2));
    assert_eq!(h.mean(), d(9, 2));
}

#[test]
fn temperatures_of_cold_and_tepid_games() {
    // CGSuite's CanonicalShortGame.Temperature: t(m/2^n) = -1/2^n; integers -1 (Winning Ways
    // ch. 6 extends thermographs below 0 the same way). Infinitesimals have temperature 0.
    assert_eq!(num(-1, 1).temperature(), d(-1, 1));
    assert_eq!(num(3, 2).temperature(), d(-1, 2));
    assert_eq!(num(5, 3).temperature(), d(-1, 3));
    assert_eq!(int(0).temperature(), d(-1, 0));
    assert_eq!(int(-7).temperature(), d(-1, 0));
    assert_eq!(star().temperature(), d(0, 0));
    assert_eq!(up().temperature(), d(0, 0));
    assert_eq!(Game::tiny(int(1)).temperature(), d(0, 0));
    // Winning Ways ch. 6: the mean of a number-ish game is the number.
    assert_eq!((num(3, 2) + up() + star()).mean(), d(3, 2));
}

#[test]
fn cooling_freezing_and_heating() {
    // Winning Ways ch. 6: {a | b} cooled by t < (a-b)/2 is {a - t | b + t}; by its temperature it
    // freezes to its mean plus *; beyond, it is the mean.
    let h = g(&[int(5)], &[int(-1)]);
    assert_eq!(h.cool(&d(1, 0)), Some(g(&[int(4)], &[int(0)])));
    assert_eq!(h.cool(&d(3, 0)), Some(int(2) + star()));
    assert_eq!(h.freeze(), int(2) + star());
    assert_eq!(h.cool(&d(4, 0)), Some(int(2)));
    // Siegel CGT II.5: cooling ±1 by 1 gives *; heating * by 1 gives ±1 back (II.6).
    let pm1 = Game::switch(&[int(1)]);
    assert_eq!(pm1.cool(&d(1, 0)), Some(star()));
    assert_eq!(star().heat(int(1)), pm1);
    // Numbers do not heat (Winning Ways ch. 6: ∫^t x = x).
    assert_eq!(num(3, 2).heat(int(5)), num(3, 2));
    // Cooling is by t > -1 only (CGSuite's Cool).
    assert_eq!(pm1.cool(&d(-1, 0)), None);
}

#[test]
fn orthodox_options_of_a_simple_game() {
    // Berlekamp, "The Economist's View" (1996): in {4, {5|2} | 0} (temperature 2) Left's move
    // to 4 is orthodox, {5|2} is not: R_2({5|2}) - 2 = 3/2 < L_2(G) = 2.
    let h = g(&[int(4), g(&[int(5)], &[int(2)])], &[int(0)]);
    assert_eq!(h.temperature(), d(2, 0));
    assert_eq!(h.left_orthodox_options(), vec![int(4)]);
    assert_eq!(h.right_orthodox_options(), vec![int(0)]);
}

#[test]
fn stop_counts() {
    // CGSuite's StopCount: 1 for numbers, else the sum over all options; *n has 2.3^(n-1).
    assert_eq!(num(3, 2).stop_count(), Ok(Integer::from(1)));
    assert_eq!(Game::nimber(1).stop_count(), Ok(Integer::from(2)));
    assert_eq!(Game::nimber(4).stop_count(), Ok(Integer::from(54)));
    assert_eq!(
        g(&[int(3)], &[g(&[int(2)], &[int(1)])]).stop_count(),
        Ok(Integer::from(3))
    );
    // *50 has 2.3^49 stops, far beyond 64 bits: counted exactly.
    let expected = Integer::from(2) * Integer::from(3).pow(49);
    assert_eq!(Game::nimber(50).stop_count(), Ok(expected));
}

#[test]
fn splittles_odds_versus_two_and_four_stop_counts() {
    // Mesdal et al., "Partizan Splittles", §7: for S_R = {2, 4}, "when S_L = {1,3} the canonical
    // form of G_14 contains 611 stops", and "if S_L = {1} then [it] has only 6 stops".
    let mut one_three = Splittles::new(|s| s == 1 || s == 3, |s| s == 2 || s == 4);
    assert_eq!(one_three.value(14).stop_count(), Ok(Integer::from(611)));
    let mut one = Splittles::new(|s| s == 1, |s| s == 2 || s == 4);
    assert_eq!(one.value(14).stop_count(), Ok(Integer::from(6)));
}

/// f(n) of "Partizan Splittles" §7: arithmetic-periodic, period 4, saltus 3/4, starting
/// 0, 1, 1/2, 3/2.
fn f(n: usize) -> Dyadic {
    let base = [d(0, 0), d(1, 0), d(1, 1), d(3, 1)][n % 4].clone();
    base + d(3 * (n / 4) as i64, 2)
}

#[test]
fn splittles_odds_versus_two_and_four_are_close_to_norton_multiples_of_one_star() {
    // Mesdal et al., "Partizan Splittles", §7 main theorem: G_n is infinitesimally close to
    // f(n).1* for S_L = {1} or {1, 3} (any odd set containing 1) against S_R = {2, 4}; Lemma 16:
    // L(G_n) = ceil f(n), R(G_n) = floor f(n).
    let one_star = int(1) + star();
    for left_set in [vec![1usize], vec![1, 3], vec![1, 3, 5, 7]] {
        let set = left_set.clone();
        let mut game = Splittles::new(move |s| set.contains(&s), |s| s == 2 || s == 4);
        for n in 0..=16 {
            let gn = game.value(n);
            let model = Game::number(f(n)).norton_product(one_star);
            assert!(
                (gn - model).is_infinitesimal(),
                "n = {n}, S_L = {left_set:?}"
            );
            assert_eq!(
                gn.reduced_canonical_form(),
                model.reduced_canonical_form(),
                "n = {n}"
            );
            assert_eq!(Dyadic::from_integer(f(n).ceil()), gn.left_stop(), "n = {n}");
            assert_eq!(
                Dyadic::from_integer(f(n).floor()),
                gn.right_stop(),
                "n = {n}"
            );
        }
    }
}

#[test]
fn norton_multiples_of_one_star() {
    // "Partizan Splittles" §7: L(x.1*) = ceil x, R(x.1*) = floor x for numbers x; x.1* is x
    // overheated from 1* to 1; and Lemma 14: for x = a/4,
    // {(x - 1/4).1* + 1 | (x + 1/4).1* - 1} = x.1*.
    let one_star = int(1) + star();
    for a in -12i64..=12 {
        let x = d(a, 2);
        let xs = Game::number(x.clone()).norton_product(one_star);
        assert_eq!(xs.left_stop(), Dyadic::from_integer(x.ceil()), "x = {x}");
        assert_eq!(xs.right_stop(), Dyadic::from_integer(x.floor()), "x = {x}");
        assert_eq!(
            Game::number(x.clone()).overheat(one_star, int(1)),
            xs,
            "x = {x}"
        );
        let lower = Game::number(&x - &d(1, 2)).norton_product(one_star) + int(1);
        let upper = Game::number(&x + &d(1, 2)).norton_product(one_star) - int(1);
        assert_eq!(g(&[lower], &[upper]), xs, "Lemma 14, x = {x}");
    }
}

/// τ_n of "Partizan Splittles" Theorem 6: (floor(n/2) + 1)/2^k + k/2 - 1, 2^k <= n < 2^(k+1).
fn tau(n: usize) -> Dyadic {
    let k = usize::BITS - 1 - n.leading_zeros();
    Dyadic::new(Integer::from((n / 2 + 1) as i64), k) + d(k as i64, 1) - d(1, 0)
}

#[test]
fn odd_versus_even_means_and_temperatures() {
    // Mesdal et al., "Partizan Splittles", Theorem 6 (Odd versus Even: S_L the odd numbers,
    // S_R the even ones): m(G_n) = μ_n and t(G_n) = τ_n, μ_n = τ_n for n even, τ_n + 1 for n
    // odd. From n = 2: G_1 = 1 is an integer, whose temperature is -1 here (CGSuite's
    // convention), while the formula gives τ_1 = 0.
    let mut game = Splittles::new(|s| s % 2 == 1, |s| s % 2 == 0);
    assert_eq!(game.value(1), int(1));
    assert_eq!(game.value(1).mean(), d(1, 0));
    for n in 2..=24 {
        let gn = game.value(n);
        let mu = if n % 2 == 0 { tau(n) } else { tau(n) + d(1, 0) };
        assert_eq!(gn.temperature(), tau(n), "t(G_{n})");
        assert_eq!(gn.mean(), mu, "m(G_{n})");
    }
}

#[test]
fn odd_versus_even_orthodox_moves() {
    // Mesdal et al., "Partizan Splittles", Theorem 11: for k > 2 and n = 2^k - 1, Left's only
    // orthodox move from G_n is to G_(2^(k-1)-1) + G_(2^(k-1)-1), the even split.
    let mut game = Splittles::new(|s| s % 2 == 1, |s| s % 2 == 0);
    for k in 3..=4u32 {
        let n = (1usize << k) - 1;
        let half = (1usize << (k - 1)) - 1;
        let even_split = game.value(half) + game.value(half);
        assert_eq!(
            game.value(n).left_orthodox_options(),
            vec![even_split],
            "n = {n}"
        );
    }
}

#[test]
fn atomic_weights() {
    // Winning Ways ch. 9 / Siegel CGT II.7: aw(x + a.↑ + *n) = a for the number-up-star
    // infinitesimals; aw(↑^n) = 0 for n >= 2, so aw(↑^[n]) = 1.
    assert_eq!(up().atomic_weight(), Ok(int(1)));
    assert_eq!((up() + up() + star()).atomic_weight(), Ok(int(2)));
    assert_eq!(Game::nimber(3).atomic_weight(), Ok(int(0)));
    assert_eq!((-up() - up() - up()).atomic_weight(), Ok(int(-3)));
    for n in 2..=5 {
        assert_eq!(up().pow(n).unwrap().atomic_weight(), Ok(int(0)), "↑^{n}");
        assert_eq!(
            up().pow_to(n).unwrap().atomic_weight(),
            Ok(int(1)),
            "↑^[{n}]"
        );
    }
    // Numbers and hot games have none.
    assert_eq!(int(1).atomic_weight(), Err(NotAtomic::NotInfinitesimal));
    assert_eq!(
        Game::switch(&[int(1)]).atomic_weight(),
        Err(NotAtomic::NotInfinitesimal)
    );
    assert!(!int(1).is_atomic());
    assert!(up().is_atomic());
}

#[test]
fn reduced_canonical_forms() {
    // Siegel CGT II.6 (Grossman & Siegel): rcf(G) is the simplest game infinitesimally close to
    // G: infinitesimals reduce to 0, x + ε to x, and {1 | 0} + ↑ to {1 | 0}.
    assert_eq!(up().reduced_canonical_form(), int(0));
    assert_eq!(
        (num(3, 2) + up() + star()).reduced_canonical_form(),
        num(3, 2)
    );
    assert_eq!(Game::tiny(int(2)).reduced_canonical_form(), int(0));
    let h = g(&[int(1)], &[int(0)]);
    assert_eq!((h + up()).reduced_canonical_form(), h);
    assert_eq!((h + star()).reduced_canonical_form(), h);
    // {2 | 0} + ±1 = {3, {2|0}+1 ...}: rcf keeps its hot structure (rcf is idempotent).
    let k = g(&[int(2)], &[int(0)]) + Game::switch(&[int(1)]);
    let r = k.reduced_canonical_form();
    assert!((k - r).is_infinitesimal());
    assert_eq!(r.reduced_canonical_form(), r);
}

#[test]
fn companions() {
    // Siegel CGT III.2: the companion automorphism swaps 0 and *, ↑ and ↑*, fixes *n for n >= 2.
    assert_eq!(int(0).companion(), star());
    assert_eq!(star().companion(), int(0));
    assert_eq!(up().companion(), up() + star());
    assert_eq!((up() + star()).companion(), up());
    assert_eq!(Game::nimber(2).companion(), Game::nimber(2));
}

#[test]
fn incentives() {
    // Winning Ways ch. 8: the incentives of ↑ = {0 | *} are ↓ (Left) and ↑* (Right); of
    // {a | b} with a > b numbers, a - {a|b} and {a|b} - b, both ±((a-b)/2)-like switches.
    assert_eq!(up().left_incentives(), vec![-up()]);
    assert_eq!(up().right_incentives(), vec![up() + star()]);
    assert_eq!(up().incentives(), vec![up() + star()]);
    let h = g(&[int(3)], &[int(1)]);
    // 3 - {3|1} = {2 | 0} and {3|1} - 1 = {2 | 0}.
    assert_eq!(h.incentives(), vec![g(&[int(2)], &[int(0)])]);
    // 1* has the single incentive * ("Partizan Splittles" §7).
    assert_eq!((int(1) + star()).incentives(), vec![star()]);
}

#[test]
fn ordinal_sums() {
    // ONAG ch. 15 / Siegel CGT II.6: 1:1 = 2, 1:-1 = 1/2, *:* = *2, *:1 = {0,* | 0} = ↑*
    // (a blue edge on a green one in Hackenbush, Winning Ways ch. 2).
    assert_eq!(int(1).ordinal_sum(int(1)), int(2));
    assert_eq!(int(1).ordinal_sum(int(-1)), num(1, 1));
    assert_eq!(star().ordinal_sum(star()), Game::nimber(2));
    assert_eq!(star().ordinal_sum(int(1)), up() + star());
    // The base's form matters: {*|*} = 0 but {*|*} : 1 = ↑ while 0 : 1 = 1.
    let s = ExplicitGame::Value(star());
    let base = ExplicitGame::form(vec![s.clone()], vec![s]);
    assert_eq!(base.to_canonical(), int(0));
    assert_eq!(Game::ordinal_sum_explicit(&base, int(1)), up());
    assert_eq!(int(0).ordinal_sum(int(1)), int(1));
}

/// 1 : -n = 1/2^n (ONAG ch. 15: the sign expansion of 1, then n minus signs), for n = 20,000,
/// on a thread with a 256 KB stack: the ordinal sum visits the followers of its subordinate
/// from a stack of its own, so H's birthday is not a depth of recursion (the fuzzer's
/// `*22:222222` overflowed the stack that walked H recursively).
#[test]
fn a_late_born_subordinate_needs_no_deep_stack() {
    let n = 20_000u32;
    let sum = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || int(1).ordinal_sum(int(-i64::from(n))))
        .expect("a thread")
        .join()
        .expect("no overflow");
    assert_eq!(sum, Game::number(Dyadic::new(Integer::from(1), n)));
}

#[test]
fn norton_products() {
    // Winning Ways ch. 7; Siegel CGT II.7: G.↑ = {G^L.↑ + ⇑* | G^R.↑ + ⇓*} since the only
    // undominated incentive of ↑ is ↑*; integers give multiples, 1/2.↑ = {⇑* | ↓*}.
    let uu_star = up() + up() + star();
    assert_eq!(int(3).norton_product(up()), up() + up() + up());
    assert_eq!(
        num(1, 1).norton_product(up()),
        g(&[uu_star], &[-up() + star()])
    );
    // The unit's form matters: 1 as {0 | } and as the form {1/2 | } (value 1) give different
    // products with 1/2.
    let unit = ExplicitGame::form(vec![ExplicitGame::Value(num(1, 1))], vec![]);
    assert_eq!(unit.to_canonical(), int(1));
    assert_eq!(num(1, 1).norton_product(int(1)), num(1, 1));
    assert_ne!(num(1, 1).norton_product_explicit(&unit), num(1, 1));
}

#[test]
fn conway_products() {
    // ONAG ch. 1 and 6: numbers multiply as numbers, nimbers by the nim-product
    // (*2 × *2 = *3, *2 × *3 = *, *4 × *4 = *6).
    assert_eq!(num(1, 1).conway_product(int(3)), num(3, 1));
    assert_eq!(num(-3, 2).conway_product(num(5, 1)), num(-15, 3));
    assert_eq!(
        Game::nimber(2).conway_product(Game::nimber(2)),
        Game::nimber(3)
    );
    assert_eq!(
        Game::nimber(2).conway_product(Game::nimber(3)),
        Game::nimber(1)
    );
    assert_eq!(
        Game::nimber(4).conway_product(Game::nimber(4)),
        Game::nimber(6)
    );
    // 0 × G = 0 and 1 × G = G for canonical forms (ONAG ch. 1).
    let h = g(&[int(2)], &[up()]);
    assert_eq!(int(0).conway_product(h), int(0));
    assert_eq!(int(1).conway_product(h), h);
}

#[test]
fn uptimal_expansions_print_as_notation_says() {
    // NOTATION.md: `0.1` is ↑, `*.1-` is ↓*, `0.1111` is ↑^[4].
    let e = |x: Game| x.uptimal_expansion().unwrap().to_string();
    assert_eq!(e(up()), "0.1");
    assert_eq!(e(-up() + star()), "*.1-");
    assert_eq!(e(up().pow_to(4).unwrap()), "0.1111");
    assert_eq!(e(up().pow(2).unwrap()), "0.01");
    assert_eq!(e(num(1, 1) + Game::nimber(2)), "1/2*2.0");
    assert_eq!(e(up().times(&Integer::from(11))), "0.B");
}
