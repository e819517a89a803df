//! The loopy-game engine (`cg::core::loopy`): values from the literature (each test cites its
//! source), an independent brute force (outcomes with draws by retrograde analysis of random
//! graphs, written here from the definitions), and algebraic laws of stoppers as properties.

use cg::core::loopy::{self, graph::Graph, LoopyBuilder, LoopyValue, Stopper};
use cg::core::{Dyadic, Game, Integer, LoopyOutcome, Side};
use proptest::prelude::*;

fn value(v: Result<LoopyValue, cg::core::LoopyError>) -> LoopyValue {
    v.expect("a loopy value")
}

fn stopper(v: &LoopyValue) -> Stopper {
    v.as_stopper().expect("a stopper").clone()
}

fn sum(a: &Stopper, b: &Stopper) -> LoopyValue {
    value(a.sum(b))
}

fn short(g: Game) -> Stopper {
    Stopper::from_game(g)
}

fn num(n: i64) -> Stopper {
    short(Game::integer(n))
}

fn half() -> Stopper {
    short(Game::number(Dyadic::new(Integer::from(1), 1)))
}

fn lv(s: &Stopper) -> LoopyValue {
    LoopyValue::Stopper(s.clone())
}

// ----- Literature values --------------------------------------------------------------------

/// NOTATION.md "Loopy games": the named constants print by their names.
#[test]
fn named_constants_print() {
    assert_eq!(loopy::on().to_string(), "on");
    assert_eq!(loopy::off().to_string(), "off");
    assert_eq!(loopy::over().to_string(), "over");
    assert_eq!(loopy::under().to_string(), "under");
    assert_eq!(loopy::upon().to_string(), "^[on]");
    assert_eq!(loopy::uponth().to_string(), "^<on>");
    assert_eq!(loopy::upon().negative().to_string(), "v[on]");
    assert_eq!(loopy::uponth().negative().to_string(), "v<on>");
}

/// Winning Ways ch. 11 ("on, off and dud"): on + off = dud, the sided value on & off.
#[test]
fn on_plus_off_is_dud() {
    let dud = sum(&loopy::on(), &loopy::off());
    assert!(!dud.is_stopper());
    assert_eq!(dud.onside(), &loopy::on());
    assert_eq!(dud.offside(), &loopy::off());
    assert_eq!(dud.to_string(), "dud");
    assert_eq!(dud.outcome(), LoopyOutcome::D);
}

/// Winning Ways ch. 11: dud + G = dud for every stopper G (dud is "deathless universal draw").
#[test]
fn dud_absorbs() {
    let dud = sum(&loopy::on(), &loopy::off());
    for g in [num(3), loopy::over(), loopy::upon(), short(Game::star())] {
        assert_eq!(value(dud.add(&lv(&g))), dud, "dud + {g}");
    }
}

/// Winning Ways ch. 11: on is the largest game, off the smallest.
#[test]
fn on_is_greatest() {
    for g in [
        num(100),
        num(-3),
        loopy::over(),
        loopy::upon(),
        loopy::under(),
    ] {
        assert!(g.leq(&loopy::on()), "{g} <= on");
        assert!(loopy::off().leq(&g), "off <= {g}");
        assert!(!loopy::on().leq(&g), "not on <= {g}");
    }
}

/// Winning Ways ch. 11; Siegel, CGT, ch. VI: over is positive, infinitesimal (less than
/// every positive number) and greater than every positive infinitesimal short game such as ^.
#[test]
fn over_is_positive_and_small() {
    let over = loopy::over();
    assert!(num(0).leq(&over) && over != num(0));
    assert!(over.leq(&half()) && over != half());
    assert!(over.leq(&short(Game::number(Dyadic::new(Integer::from(1), 20)))));
    assert!(short(Game::up()).leq(&over));
    assert_eq!(lv(&over).outcome(), LoopyOutcome::L);
}

/// Siegel, CGT, ch. VI: over + over = over (over is an idempotent).
#[test]
fn over_is_idempotent() {
    assert_eq!(stopper(&sum(&loopy::over(), &loopy::over())), loopy::over());
}

/// Pseudonumbers (Siegel, CGT, ch. VI): x + over = {x | pass}, printed `xover`; its stops are
/// x (as the reference system gives the stops of 3/2under).
#[test]
fn pseudonumbers() {
    assert_eq!(sum(&num(5), &loopy::over()).to_string(), "5over");
    assert_eq!(sum(&num(-5), &loopy::under()).to_string(), "-5under");
    assert_eq!(sum(&half(), &loopy::under()).to_string(), "1/2under");
    let five_over = stopper(&sum(&num(5), &loopy::over()));
    assert_eq!(five_over.left_stop().to_string(), "5");
    assert_eq!(five_over.right_stop().to_string(), "5");
    assert_eq!(five_over.graph().options(0, Side::Right), &[0]);
    assert!(num(5).leq(&five_over) && five_over.leq(&num(6)));
}

/// Winning Ways ch. 11; Siegel, CGT, ch. VI: upon = {pass | *} is positive and
/// infinitesimal, confused with * (upon + * is fuzzy) and greater than ^.
#[test]
fn upon_properties() {
    let upon = loopy::upon();
    assert!(num(0).leq(&upon) && upon != num(0));
    assert!(upon.leq(&half()));
    assert_eq!(sum(&upon, &short(Game::star())).to_string(), "^[on]*");
    assert_eq!(
        lv(&stopper(&sum(&upon, &short(Game::star())))).outcome(),
        LoopyOutcome::N
    );
    assert_eq!(upon.left_stop().to_string(), "0");
    assert_eq!(upon.right_stop().to_string(), "0");
    // upon is above every ^[n] (they approach it): ^ + ^2 + ^3 <= upon.
    let up_to_3 = Game::up().pow_to(3).unwrap();
    assert!(short(up_to_3).leq(&upon) && short(up_to_3) != upon);
}

/// Conway's uponth ^<on> = {0 || 0 | 0, pass} (Winning Ways ch. 11) is a positive infinitesimal
/// below ^.
#[test]
fn uponth_properties() {
    let uponth = loopy::uponth();
    assert!(num(0).leq(&uponth) && uponth != num(0));
    assert!(uponth.leq(&short(Game::up())));
}

/// Short games embed unchanged: a short game is a stopper whose canonical graph is its
/// canonical form (Siegel, CGT, ch. VI).
#[test]
fn short_games_round_trip() {
    let games = [
        Game::ZERO,
        Game::star(),
        Game::up(),
        Game::from_options(&[Game::integer(3)], &[Game::integer(-2)]),
        Game::tiny(Game::integer(2)),
    ];
    for g in games {
        let s = short(g);
        assert_eq!(s.to_game(), Some(g));
        assert_eq!(s.to_string(), g.to_string());
    }
}

/// The builder: nodes, short leaves and edges, valued at any node. a = {1 | b}, b = {a | -1}
/// has the alternating cycle a -> b -> a, so it is not a stopper; c = {0 | c} is over.
#[test]
fn builder_values_nodes() {
    let mut b = LoopyBuilder::new();
    let (a, bb, c) = (b.add_node(), b.add_node(), b.add_node());
    let one = b.add_short(Game::integer(1));
    let minus_one = b.add_short(Game::integer(-1));
    let zero = b.add_short(Game::ZERO);
    b.add_left_edge(a, one);
    b.add_right_edge(a, bb);
    b.add_left_edge(bb, a);
    b.add_right_edge(bb, minus_one);
    b.add_left_edge(c, zero);
    b.add_right_edge(c, c);
    assert_eq!(b.value(c).unwrap().to_string(), "over");
    assert_eq!(b.add_short(Game::integer(1)), one);
    let va = b.value(a).unwrap();
    assert!(!b.graph().is_alternating_cycle_free(a));
    assert_eq!(va.outcome(), brute_outcome(b.graph(), a));
}

// ----- Brute force ---------------------------------------------------------------------------

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random graph of 1 to `max` positions, each edge present with probability 1/`sparsity`.
fn random_graph(rng: &mut Rng, max: u64, sparsity: u64) -> Graph {
    let n = 1 + rng.below(max) as u32;
    let mut g = Graph::new();
    for _ in 0..n {
        g.add_vertex();
    }
    for v in 0..n {
        for w in 0..n {
            if rng.below(sparsity) == 0 {
                g.add_edge(Side::Left, v, w);
            }
            if rng.below(sparsity) == 0 {
                g.add_edge(Side::Right, v, w);
            }
        }
    }
    g
}

/// Who wins at `v` when `left_to_move` says who starts, infinite play a draw: the textbook
/// retrograde analysis by repeated sweeps (not the engine's queue), +1 Left, -1 Right, 0 draw.
fn brute_winner(g: &Graph, v: u32, left_to_move: bool) -> i8 {
    let n = g.len();
    // result[2u + (Right to move)]: Some(true) the mover wins, Some(false) the mover loses.
    let mut result: Vec<Option<bool>> = vec![None; 2 * n];
    loop {
        let mut changed = false;
        for u in 0..n as u32 {
            for mover in 0..2 {
                let s = 2 * u as usize + mover;
                if result[s].is_some() {
                    continue;
                }
                let side = if mover == 0 { Side::Left } else { Side::Right };
                let next: Vec<usize> = g
                    .options(u, side)
                    .iter()
                    .map(|&w| 2 * w as usize + 1 - mover)
                    .collect();
                if next.iter().any(|&t| result[t] == Some(false)) {
                    result[s] = Some(true);
                    changed = true;
                } else if next.iter().all(|&t| result[t] == Some(true)) {
                    result[s] = Some(false);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let mover = usize::from(!left_to_move);
    match result[2 * v as usize + mover] {
        None => 0,
        Some(wins) => {
            if wins == left_to_move {
                1
            } else {
                -1
            }
        }
    }
}

fn brute_outcome(g: &Graph, v: u32) -> LoopyOutcome {
    let w = |x: i8| match x {
        1 => cg::core::Winner::Left,
        -1 => cg::core::Winner::Right,
        _ => cg::core::Winner::Draw,
    };
    LoopyOutcome::from_results(w(brute_winner(g, v, true)), w(brute_winner(g, v, false)))
}

/// The outcome with draws that the engine gives from the value agrees with retrograde analysis
/// of the graph itself, for stoppers and for the sided values that sidling finds.
#[test]
fn outcomes_agree_with_retrograde_analysis() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut stoppers, mut sided, mut refused) = (0, 0, 0);
    for _ in 0..400 {
        let g = random_graph(&mut rng, 5, 3);
        match LoopyValue::from_graph(&g, 0) {
            Ok(v) => {
                if v.is_stopper() {
                    stoppers += 1;
                } else {
                    sided += 1;
                }
                assert_eq!(v.outcome(), brute_outcome(&g, 0), "graph {g:?} value {v}");
            }
            // The engine checks its sides against the outcome and declines when they disagree:
            // that must not happen.
            Err(cg::core::LoopyError::SidesDisagree) => panic!("sides disagree for {g:?}"),
            Err(_) => refused += 1,
        }
    }
    assert!(stoppers > 50 && sided > 20, "{stoppers} {sided} {refused}");
}

/// Random stoppers G, H: G >= 0 exactly when Left survives G moving second (Winning Ways ch. 11:
/// the test of G >= H is that Left survives G - H when Right starts), checked on the raw graph
/// by the brute force; G <= H the same on the raw difference; and the canonical form of G + H
/// has the outcome of the raw sum.
#[test]
fn comparisons_and_sums_agree_with_retrograde_analysis() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut pairs = 0;
    while pairs < 300 {
        let (a, b) = (random_graph(&mut rng, 4, 3), random_graph(&mut rng, 4, 3));
        if !a.is_alternating_cycle_free(0) || !b.is_alternating_cycle_free(0) {
            continue;
        }
        pairs += 1;
        let (g, h) = (Stopper::canonical(&a, 0), Stopper::canonical(&b, 0));
        let zero = num(0);
        assert_eq!(
            zero.leq(&g),
            brute_winner(&a, 0, false) != -1,
            "0 <= {g} for {a:?}"
        );
        let difference = b.sum(0, &a.negative(), 0);
        assert_eq!(
            g.leq(&h),
            brute_winner(&difference, 0, false) != -1,
            "{g} <= {h}"
        );
        let raw_sum = a.sum(0, &b, 0);
        if let Ok(s) = g.sum(&h) {
            assert_eq!(s.outcome(), brute_outcome(&raw_sum, 0), "{g} + {h} = {s}");
        }
    }
}

/// The numbers that the sides of random graphs are compared with, as (numerator, exponent).
const PROBES: [(i64, u32); 7] = [(-1, 0), (-1, 1), (-1, 2), (0, 0), (1, 2), (1, 1), (1, 0)];

fn probe(numerator: i64, exponent: u32) -> Dyadic {
    Dyadic::new(Integer::from(numerator), exponent)
}

/// Play on G - x for a number x: (Left moving first, Left moving second), each +1 Left wins,
/// -1 Right wins, 0 infinite play.
fn play_against_number(g: &Graph, v: u32, x: &Dyadic) -> (i8, i8) {
    let (minus_x, root) = Graph::from_short(-Game::number(x.clone()));
    let difference = g.sum(v, &minus_x, root);
    (
        brute_winner(&difference, 0, true),
        brute_winner(&difference, 0, false),
    )
}

/// Every position of 2,400 random graphs of up to four positions (seeded): each value cg gives
/// is checked against play on the graph itself. The outcome with draws; G + x and G + (-G) by
/// the outcomes of the raw sums; and each side against numbers x, by the rules of the sides
/// (Siegel, CGT, ch. VI; Winning Ways ch. 11), infinite play counted as Left's for the onside
/// and as Right's for the offside, each side being a stopper for which G - x cannot run on for
/// ever:
/// - x <= G+ exactly when Left, moving second, wins G - x or plays on for ever;
/// - G+ <= x exactly when Right, with Left moving first, wins G - x outright;
/// - G- >= x exactly when Left, moving second, wins G - x outright;
/// - G- <= x exactly when Right, with Left moving first, wins G - x or plays on for ever.
///
/// Graphs whose value cg declines are counted: before the limits of `src/core/loopy/limits.rs`
/// (sides such as the onside `over` of B = {B, C | A, B}, A = {C | B}, C = {| A, B}, which
/// sidling approaches as 1, 1/2, 1/4, ... without reaching) 6 of these graphs were refused;
/// now 2 are. Both have an offside that sidling approaches through the upon family (^[n]* for
/// n = 1, 2, 3, ... at one position of the second), which play does not yet find.
#[test]
fn random_graphs_of_four_positions_agree_with_play() {
    let mut rng = Rng(0x5eed_1234_abcd_0042);
    let (mut valued, mut refused, mut sided) = (0, 0, 0);
    for round in 0..2400 {
        // Edges with probability 1/3 and 1/4 in turn: the sparser graphs hold more of the sides
        // that sidling reaches only in the limit.
        let g = random_graph(&mut rng, 4, 3 + round % 2);
        let values = match LoopyValue::all_from_graph(&g, 0) {
            Ok(values) => values,
            Err(cg::core::LoopyError::SidesDisagree) => panic!("sides disagree for {g:?}"),
            Err(e) => {
                eprintln!("refused {g:?}: {e}");
                refused += 1;
                continue;
            }
        };
        valued += 1;
        for (w, value) in values.iter().enumerate() {
            let Some(value) = value else { continue };
            let w = w as u32;
            sided += usize::from(!value.is_stopper());
            assert_eq!(
                value.outcome(),
                brute_outcome(&g, w),
                "{g:?} at {w}: {value}"
            );
            let minus = value.negative();
            if let Ok(zero) = value.add(&minus) {
                let (negative, root) = (g.negative(), w);
                let raw = g.sum(w, &negative, root);
                assert_eq!(
                    zero.outcome(),
                    brute_outcome(&raw, 0),
                    "{value} - ({value})"
                );
            }
            for (numerator, exponent) in PROBES {
                let x = probe(numerator, exponent);
                let (x_game, x_root) = Graph::from_short(Game::number(x.clone()));
                let shifted = value.translate(&x);
                let raw = g.sum(w, &x_game, x_root);
                assert_eq!(shifted.outcome(), brute_outcome(&raw, 0), "{value} + {x}");
                let xs = Stopper::from_game(Game::number(x.clone()));
                let (first, second) = play_against_number(&g, w, &x);
                let context = format!("{g:?} at {w}: {value} against {x}");
                assert_eq!(xs.leq(value.onside()), second != -1, "x <= G+, {context}");
                assert_eq!(value.onside().leq(&xs), first == -1, "G+ <= x, {context}");
                assert_eq!(xs.leq(value.offside()), second == 1, "G- >= x, {context}");
                assert_eq!(value.offside().leq(&xs), first != 1, "G- <= x, {context}");
            }
        }
    }
    eprintln!("{valued} graphs valued ({sided} sided positions), {refused} refused");
    assert!(sided > 100, "{sided} sided positions");
    assert!(refused <= 2, "{refused} graphs refused");
}

/// Printing is canonical: two random graphs with equal stopper values print the same, and
/// different values print differently.
#[test]
fn equal_stoppers_print_the_same() {
    let mut rng = Rng(0xdead_beef_cafe_f00d);
    let mut seen: Vec<Stopper> = Vec::new();
    for _ in 0..600 {
        // A random stopper with short leaves, so that the values vary.
        let mut g = random_graph(&mut rng, 4, 3);
        let leaves = [
            Game::integer(1),
            Game::star(),
            Game::integer(-1),
            Game::up(),
        ];
        let mut memo = Default::default();
        for v in 0..g.len() as u32 {
            if rng.below(2) == 0 {
                let leaf = g.embed_short(leaves[rng.below(4) as usize], &mut memo);
                let side = if rng.below(2) == 0 {
                    Side::Left
                } else {
                    Side::Right
                };
                g.add_edge(side, v, leaf);
            }
        }
        if !g.is_alternating_cycle_free(0) {
            continue;
        }
        let s = Stopper::canonical(&g, 0);
        for t in &seen {
            let equal = s.leq(t) && t.leq(&s);
            assert_eq!(equal, s == *t, "{s} vs {t}");
            assert_eq!(equal, s.to_string() == t.to_string(), "{s} vs {t}");
        }
        if !seen.contains(&s) {
            seen.push(s);
        }
    }
    assert!(seen.len() > 20, "{} distinct values", seen.len());
}

// ----- Algebraic laws of stoppers --------------------------------------------------------------

fn arb_stopper() -> impl Strategy<Value = Stopper> {
    (any::<u64>()).prop_filter_map("a stopper", |seed| {
        let mut rng = Rng(seed | 1);
        let g = random_graph(&mut rng, 4, 3);
        g.is_alternating_cycle_free(0)
            .then(|| Stopper::canonical(&g, 0))
    })
}

fn stopper_sum(a: &Stopper, b: &Stopper) -> Option<Stopper> {
    a.sum(b).ok()?.as_stopper().cloned()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sum_commutes(g in arb_stopper(), h in arb_stopper()) {
        prop_assert_eq!(g.sum(&h).ok(), h.sum(&g).ok());
    }

    #[test]
    fn sum_associates(g in arb_stopper(), h in arb_stopper(), k in arb_stopper()) {
        if let (Some(gh), Some(hk)) = (stopper_sum(&g, &h), stopper_sum(&h, &k)) {
            if let (Some(left), Some(right)) = (stopper_sum(&gh, &k), stopper_sum(&g, &hk)) {
                prop_assert_eq!(left, right);
            }
        }
    }

    #[test]
    fn order_laws(g in arb_stopper(), h in arb_stopper(), k in arb_stopper()) {
        prop_assert!(g.leq(&g));
        prop_assert_eq!(stopper_sum(&g, &num(0)), Some(g.clone()));
        prop_assert_eq!(g.negative().negative(), g.clone());
        // -: reverses the order.
        prop_assert_eq!(g.leq(&h), h.negative().leq(&g.negative()));
        if g.leq(&h) && h.leq(&k) {
            prop_assert!(g.leq(&k));
        }
        // Antisymmetry on canonical forms.
        if g.leq(&h) && h.leq(&g) {
            prop_assert_eq!(g, h);
        }
    }

    #[test]
    fn short_stoppers_agree_with_the_short_engine(a in -3i64..4, b in -3i64..4, star in 0u32..3) {
        let g = Game::from_options(&[Game::integer(a)], &[Game::integer(b) + Game::nimber(star)]);
        let h = Game::from_options(&[Game::up()], &[Game::integer(b)]);
        let (sg, sh) = (short(g), short(h));
        prop_assert_eq!(sg.leq(&sh), g.leq(h));
        prop_assert_eq!(stopper_sum(&sg, &sh).and_then(|s| s.to_game()), Some(g + h));
        prop_assert_eq!(sg.negative().to_game(), Some(-g));
        prop_assert_eq!(lv(&sg).outcome().to_string(), g.outcome().to_string());
    }
}

/// Siegel, CGT, ch. VI: the degree of loopiness of on is on (on - on = dud, whose onside is
/// on), of over is over (over - over = over & under), of a short game 0; each is an idempotent.
#[test]
fn degrees_of_loopiness() {
    assert_eq!(loopy::on().degree().unwrap(), loopy::on());
    assert_eq!(loopy::over().degree().unwrap(), loopy::over());
    assert_eq!(num(5).degree().unwrap(), num(0));
    for d in [loopy::on(), loopy::over()] {
        assert_eq!(stopper(&sum(&d, &d)), d, "{d} is idempotent");
    }
}

/// Values of the reference system (CGSuite's own test cases for canonical stoppers and sided
/// values), typed in our notation: canonical forms, stops (a pseudonumber's stop is its number),
/// degrees of loopiness, varieties and outcome classes.
#[test]
fn values_of_the_reference_system() {
    use cg::eval::{evaluate, Interpreter};
    let cases = [
        ("{pass|3/2}", "3/2under"),
        ("degree({pass|3/2})", "over"),
        ("variety({pass|3/2})", "under"),
        ("left_stop({pass|3/2})", "3/2"),
        ("right_stop({pass|3/2})", "3/2"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        ("degree({-1/4+*|pass})", "^<on>"),
        ("variety({-1/4+*|pass})", "^<on>"),
        ("left_options({-1/4+*|pass})", "{-1/4*}"),
        ("{0|^<on>||v<on>}", "{0|^<on>||v<on>}"),
        ("left_options({0|^<on>||v<on>})", "{{0|^<on>}}"),
        ("right_options({0|^<on>||v<on>})", "{v<on>}"),
        ("a{0||||0|||a|*||*}", "a{0||||0|||a|*||*}"),
        ("right_options(a{0||||0|||a|*||*})", "{a{0||||0|a||*|||*}}"),
        ("is_plumtree(a{0||||0|||a|*||*})", "false"),
        ("is_infinitesimal(a{0||||0|||a|*||*})", "true"),
        ("degree({on|0||0})", "{0||0|off}"),
        ("degree({0|||0||pass|0})", "{0||0|under}"),
        (
            "degree({0|||0||0|off}) == {0||||0|||{on|0||0}|0||off}",
            "true",
        ),
        (
            "degree(a{0||||0|||a|*||*}) == {0|a{0|0,{0|||a|0||0}}}",
            "true",
        ),
        (
            "variety(a{0||||0|||a|*||*}) == {a{0,{0||0|a|||0}|0}|0}",
            "true",
        ),
        ("degree({0|^<on>||v<on>})", "^<on>"),
        (
            "variety({0|^<on>||v<on>}) == {^[on]*,^<on>||v<on>|0}",
            "true",
        ),
        ("is_idempotent({0||0|under})", "true"),
        ("degree(on)", "on"),
        ("degree(off)", "on"),
        ("variety(off)", "off"),
        ("left_stop(over)", "0"),
        ("{0|{a{pass|pass}|},*}", "^ & v*"),
        ("outcome({0|{a{pass|pass}|},*})", "NHat"),
        ("a{{|a}|}", "1 & 0"),
        ("outcome(a{{|a}|})", "PHat"),
        ("outcome(dud)", "D"),
        ("is_idempotent(dud)", "true"),
    ];
    for (input, expected) in cases {
        let value =
            evaluate(&mut Interpreter::bare(), input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        assert_eq!(value.to_string(), expected, "{input}");
    }
}

/// Number translation (Siegel, CGT, ch. VI; Winning Ways ch. 11): G + x for a number x is
/// found by translating G's short positions; it must be the canonical form of the whole sum's
/// graph, valued the long way, and have that graph's outcome by the brute force.
#[test]
fn number_translation_agrees_with_the_graph_sum() {
    let numbers = [
        num(0),
        num(3),
        num(-2),
        half(),
        short(Game::number(Dyadic::new(Integer::from(-5), 2))),
    ];
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let mut pairs = 0;
    while pairs < 200 {
        let a = random_graph(&mut rng, 4, 3);
        if !a.is_alternating_cycle_free(0) {
            continue;
        }
        pairs += 1;
        let g = Stopper::canonical(&a, 0);
        let x = &numbers[rng.below(numbers.len() as u64) as usize];
        let raw = a.sum(0, x.graph(), 0);
        let long_way = Stopper::canonical(&raw, 0);
        assert_eq!(stopper(&sum(&g, x)), long_way, "{g} + {x}");
        assert_eq!(stopper(&sum(x, &g)), long_way, "{x} + {g}");
        assert_eq!(lv(&long_way).outcome(), brute_outcome(&raw, 0), "{g} + {x}");
    }
}

/// Large pseudonumbers: n over + m is (n + m)over (over is infinitesimal and adds to numbers
/// by translation), between n + m and n + m + 1/2^k.
#[test]
fn large_pseudonumbers_add() {
    let thousand_over = stopper(&sum(&num(1000), &loopy::over()));
    assert_eq!(thousand_over.to_string(), "1000over");
    let s = stopper(&sum(&thousand_over, &num(5)));
    assert_eq!(s.to_string(), "1005over");
    assert!(num(1005).leq(&s) && s != num(1005));
    assert!(s.leq(&short(Game::number(Dyadic::new(
        Integer::from(2 * 1005 + 1),
        1
    )))));
    assert_eq!(stopper(&sum(&s, &num(-1005))), loopy::over());
}

/// degree({1|over}) = {1|over} (+) {under|-1}, the onside of G - G (Siegel, CGT, ch. VI),
/// worked out by hand. A = G - G has the Left options B = 1 - G = {1under|0} and
/// C = G + under, the Right options D = over - G and E = G - 1 = {0|-1over}; A lies on no cycle,
/// so A+ = {B, C+ | D+, E}. C+ = {1under, pass | (over + under)+, G} = {1under, pass | over, G};
/// over <= G, so G is dominated; the pass reverses through over <= C+ (Right moving first in
/// C+ - over, Left survives) and is replaced by over's Left option 0, dominated by 1under:
/// C+ = {1under | over}, which dominates B. D+ = {-G, over | pass, -1over}: -G < 0 < over
/// leaves over; Right's pass reverses through over >= D+ and becomes over's Right option, the
/// pass of over, dominated by -1over: D+ = {over | -1over}, which E = {0|-1over} dominates
/// (0 <= over). At the top nothing reverses: A+ - over is lost by Left when Right opens with E
/// (then E + under: Left's E -> 0 leaves under, which Right takes to 0; Left's pass lets Right
/// reach -1over + under), and A+ <= 0 fails since Left opens with C+ and Right's only reply
/// over leaves Left a move to 0. So degree({1|over}) = {{1under|over} || {0|-1over}}, which
/// prints `{1under|over||0|-1over}`.
#[test]
fn degree_of_one_over_over_by_hand() {
    use cg::eval::{evaluate, Interpreter};
    let g = |input: &str| {
        evaluate(&mut Interpreter::bare(), input)
            .unwrap_or_else(|e| panic!("{input}: {e:?}"))
            .to_string()
    };
    assert_eq!(g("degree({1|over})"), "{1under|over||0|-1over}");
    assert_eq!(
        g("degree({1|over}) == {{1under|over} || {0|-1over}}"),
        "true"
    );
    // The parts of the hand computation, each on its own.
    assert_eq!(g("upsum({1|over}, under)"), "{1under|over}");
    assert_eq!(g("upsum(over, {under|-1})"), "{over|-1over}");
    assert_eq!(g("1 + {under|-1}"), "{1under|0}");
    assert_eq!(g("{1|over} - 1"), "{0|-1over}");
    assert_eq!(g("{over|-1over} >= {0|-1over}"), "true");
    assert_eq!(g("{1under|over} >= {1under|0}"), "true");
}

/// x over + H and x under + H are found as (over + H) + x, by translation; the sum's own graph,
/// valued position by position, must give the same value (stopper or sided) for pseudonumbers
/// with integer and fractional parts against short and loopy games.
#[test]
fn pseudonumber_sums_agree_with_the_sum_graph() {
    let three_halves = short(Game::number(Dyadic::new(Integer::from(3), 1)));
    let tilted: Vec<Stopper> = vec![
        stopper(&sum(&num(3), &loopy::over())),
        stopper(&sum(&num(-2), &loopy::under())),
        stopper(&sum(&three_halves, &loopy::over())),
    ];
    let others: Vec<Stopper> = vec![
        short(Game::up()),
        short(Game::star()),
        short(Game::from_options(&[Game::integer(1)], &[Game::ZERO])),
        loopy::over(),
        loopy::under(),
        loopy::upon(),
        loopy::uponth(),
        stopper(&sum(&num(-1), &loopy::over())),
        stopper(&sum(&half(), &loopy::under())),
    ];
    for a in &tilted {
        for b in &others {
            let graph = a.graph().sum(0, b.graph(), 0);
            let direct = value(LoopyValue::from_graph(&graph, 0));
            assert_eq!(sum(a, b), direct, "{a} + {b}");
            assert_eq!(sum(b, a), direct, "{b} + {a}");
        }
    }
}

/// Sums that skip the product of the two graphs (`Stopper::sum`, `upsum` and `downsum` of two
/// short games, or of a number and any stopper) and the comparison of two stoppers made from
/// short games: each must give what the long way gives. The long way values the sum's own
/// graph position by position and sidles it for the sides; the comparison is the brute force
/// on the difference graph.
#[test]
fn sums_and_comparisons_without_the_product_graph_agree_with_it() {
    let mut rng = Rng(0x51de_d5a1_0bad_cafe);
    let mut shorts: Vec<(Graph, Stopper)> = Vec::new();
    while shorts.len() < 30 {
        let a = random_graph(&mut rng, 4, 3);
        if a.is_cycle_free(0) {
            let g = Stopper::canonical(&a, 0);
            let made_from_game = short(g.to_game().expect("a short game"));
            assert_eq!(made_from_game, g);
            shorts.push((a, made_from_game));
        }
    }
    let loopy_ones = [loopy::on(), loopy::over(), loopy::upon(), loopy::under()];
    let mut sums = 0;
    for (i, (a, g)) in shorts.iter().enumerate() {
        for (b, h) in &shorts[i..] {
            sums_agree_with_the_sum_graph(g, h, &a.sum(0, b, 0));
            let difference = b.sum(0, &a.negative(), 0);
            assert_eq!(
                g.leq(h),
                brute_winner(&difference, 0, false) != -1,
                "{g} <= {h}"
            );
            sums += 1;
        }
        if g.to_game().and_then(Game::to_number).is_some() {
            for s in &loopy_ones {
                sums_agree_with_the_sum_graph(s, g, &s.graph().sum(0, a, 0));
                sums += 1;
            }
        }
    }
    assert!(sums > 30 * 31 / 2, "{sums} sums");
}

/// G + H, G (+) H and G (-) H as the engine finds them equal the value of `raw`, the graph of
/// G + H, valued position by position, and its sides found by sidling it.
fn sums_agree_with_the_sum_graph(g: &Stopper, h: &Stopper, raw: &Graph) {
    let sidle = |side: Side| loopy::sides::sidle(raw, 0, side).expect("sides");
    assert_eq!(
        sum(g, h),
        value(LoopyValue::from_graph(raw, 0)),
        "{g} + {h}"
    );
    assert_eq!(
        loopy::upsum(g, h).unwrap(),
        sidle(Side::Left),
        "{g} (+) {h}"
    );
    assert_eq!(
        loopy::downsum(g, h).unwrap(),
        sidle(Side::Right),
        "{g} (-) {h}"
    );
}

/// A sided value whose sides are short games adds side by side without any product graph:
/// (1666 & 0) + (1666 & 0) = 3332 & 0, however large the sides (`2 * (1666 & 0)` once built a
/// graph of 1667^2 positions, 3.7 GB in a minute), and a nimber side keeps its value:
/// *300 + *299 is *7, the nim-sum 300 xor 299.
#[test]
fn sided_values_with_short_sides_add_side_by_side() {
    let big = LoopyValue::sided(num(1666), num(0)).expect("1666 >= 0");
    let doubled = value(big.add(&big));
    assert_eq!(doubled, LoopyValue::sided(num(3332), num(0)).unwrap());
    assert_eq!(doubled.to_string(), "3332 & 0");
    let nimbers = LoopyValue::sided(loopy::on(), short(Game::nimber(300))).unwrap();
    let other = LoopyValue::sided(num(2), short(Game::nimber(299))).unwrap();
    let total = value(nimbers.add(&other));
    assert_eq!(total.offside(), &short(Game::nimber(300 ^ 299)));
    assert_eq!(total.onside(), &loopy::on());
    assert_eq!(total.to_string(), "on & *7");
}
