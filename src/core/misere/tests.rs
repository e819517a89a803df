//! Checks of the misère engine against facts from the literature and against brute force on
//! game trees (forms that are never simplified).

use std::collections::HashMap;

use proptest::prelude::*;

use super::{Difference, Misere};

/// An impartial game as a tree of forms, for brute force.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Form(Vec<Form>);

fn heap_form(n: usize) -> Form {
    Form((0..n).map(heap_form).collect())
}

/// Misère nim-value of a sum of forms by plain recursion: 1 for the empty sum, else the mex of
/// the options' (a move changes one summand).
fn brute_g_minus(parts: &[Form], memo: &mut HashMap<Vec<Form>, u32>) -> u32 {
    let mut key: Vec<Form> = parts.iter().filter(|p| !p.0.is_empty()).cloned().collect();
    key.sort();
    if key.is_empty() {
        return 1;
    }
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = Vec::new();
    for i in 0..key.len() {
        for option in &key[i].0 {
            let mut next = key.clone();
            next[i] = option.clone();
            seen.push(brute_g_minus(&next, memo));
        }
    }
    let v = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(key, v);
    v
}

fn to_misere(f: &Form) -> Misere {
    let options: Vec<Misere> = f.0.iter().map(to_misere).collect();
    Misere::from_options(&options)
}

/// Every form of birthday at most `day`, each once (sets of forms of the previous day).
fn forms_by_day(day: u32) -> Vec<Form> {
    let mut forms = vec![Form(vec![])];
    for _ in 0..day {
        let n = forms.len();
        let mut next = Vec::new();
        for mask in 0u64..(1 << n) {
            next.push(Form(
                (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| forms[i].clone())
                    .collect(),
            ));
        }
        forms = next;
    }
    forms
}

/// Canonical forms born by day 0, 1, 2, 3, 4: 1, 2, 3, 5, 22 (ONAG ch. 12; Siegel, "On the
/// structure of misère impartial games" (2020), §1, which continues 4171780).
#[test]
fn games_born_by_day() {
    let mut by_day = vec![Misere::ZERO];
    let mut counts = vec![1];
    for _ in 0..4 {
        let n = by_day.len();
        let mut next: Vec<Misere> = (0u64..(1 << n))
            .map(|mask| {
                let opts: Vec<Misere> = (0..n)
                    .filter(|i| mask >> i & 1 == 1)
                    .map(|i| by_day[i])
                    .collect();
                Misere::from_options(&opts)
            })
            .collect();
        next.sort();
        next.dedup();
        counts.push(next.len());
        by_day = next;
    }
    assert_eq!(counts, vec![1, 2, 3, 5, 22]);
}

/// Hand computations: {*} = 0 (its option * is a P-position reversing through 0), {0, *2} = *
/// (*2 reverses through *), {*2} is not 0 (a P-position, while 0 is an N-position).
#[test]
fn small_reductions() {
    let (star, two) = (Misere::heap(1), Misere::heap(2));
    assert_eq!(Misere::from_options(&[star]), Misere::ZERO);
    assert_eq!(Misere::from_options(&[Misere::ZERO, two]), star);
    let two_sharp = Misere::from_options(&[two]);
    assert_ne!(two_sharp, Misere::ZERO);
    assert!(two_sharp.is_p_position());
    assert_eq!(star.sum(star), Misere::ZERO);
    // *a + * = *(a xor 1) in misère play (the options are *b + * and *a).
    assert_eq!(Misere::heap(6).sum(star), Misere::heap(7));
}

/// Equal canonical forms play alike and different ones are told apart, over every form born by
/// day 3 and every test game born by day 3, by brute force on the trees.
#[test]
fn canonical_forms_against_brute_force() {
    let forms = forms_by_day(3);
    let mut memo = HashMap::new();
    let tests = forms.clone();
    let profile = |f: &Form, memo: &mut HashMap<Vec<Form>, u32>| -> Vec<bool> {
        tests
            .iter()
            .map(|x| brute_g_minus(&[f.clone(), x.clone()], memo) == 0)
            .collect()
    };
    let mut seen: HashMap<Misere, Vec<bool>> = HashMap::new();
    for f in &forms {
        let g = to_misere(f);
        let p = profile(f, &mut memo);
        // The engine's misère nim-value is the brute force's.
        assert_eq!(
            g.misere_nim_value(),
            brute_g_minus(std::slice::from_ref(f), &mut memo)
        );
        match seen.get(&g) {
            Some(q) => assert_eq!(&p, q, "{f:?} plays unlike its canonical form"),
            None => {
                seen.insert(g, p);
            }
        }
    }
    // Five values by day 3, and their outcome profiles against day-3 games all differ.
    assert_eq!(seen.len(), 5);
    let profiles: std::collections::HashSet<_> = seen.values().collect();
    assert_eq!(profiles.len(), 5);
}

fn arb_form() -> impl Strategy<Value = Form> {
    let leaf = Just(Form(vec![]));
    leaf.prop_recursive(4, 24, 4, |inner| {
        prop::collection::vec(inner, 0..4).prop_map(Form)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The misère outcome of a sum of two random forms: the engine's canonical sum against a
    /// search over the trees.
    #[test]
    fn sum_outcome_matches_search(a in arb_form(), b in arb_form()) {
        let mut memo = HashMap::new();
        let brute = brute_g_minus(&[a.clone(), b.clone()], &mut memo);
        let engine = to_misere(&a).sum(to_misere(&b));
        prop_assert_eq!(engine.misere_nim_value(), brute);
    }

    /// Misère Nim (Bouton 1901; WW ch. 13): a position is a P-position exactly when every heap
    /// is 0 or 1 and an odd number are 1, or some heap exceeds 1 and the nim-sum is 0.
    #[test]
    fn misere_nim_rule(heaps in prop::collection::vec(0u32..7, 0..5)) {
        let g = heaps.iter().fold(Misere::ZERO, |acc, &h| acc.sum(Misere::heap(h)));
        let ones = heaps.iter().filter(|&&h| h == 1).count();
        let nim_sum = heaps.iter().fold(0, |a, &h| a ^ h);
        let p = if heaps.iter().all(|&h| h <= 1) { ones % 2 == 1 } else { nim_sum == 0 };
        prop_assert_eq!(g.is_p_position(), p);
    }

    /// Sums are commutative and associative (the arena's handles must agree).
    #[test]
    fn sum_laws(a in arb_form(), b in arb_form(), c in arb_form()) {
        let (a, b, c) = (to_misere(&a), to_misere(&b), to_misere(&c));
        prop_assert_eq!(a.sum(b), b.sum(a));
        prop_assert_eq!(a.sum(b).sum(c), a.sum(b.sum(c)));
    }

    /// Every printed form reads back as itself.
    #[test]
    fn notation_round_trip(a in arb_form(), b in arb_form()) {
        let g = to_misere(&a).sum(to_misere(&b));
        let text = g.notation();
        prop_assert_eq!(Misere::parse(&text), Ok(g), "{}", text);
    }

    /// The genus superscripts are the misère nim-values of G, G+*2, G+*2+*2, ... (searched on
    /// the trees), and the normal nim-value is the normal one.
    #[test]
    fn genus_matches_search(a in arb_form()) {
        let g = to_misere(&a);
        let genus = g.genus();
        let mut memo = HashMap::new();
        let mut parts = vec![a.clone()];
        for k in 0..5 {
            prop_assert_eq!(genus.gamma(k), brute_g_minus(&parts, &mut memo), "k = {}", k);
            parts.push(heap_form(2));
        }
    }

    /// The mate: G + G⁻ is a misère P-position (ONAG ch. 12).
    #[test]
    fn mate_sum_is_p(a in arb_form()) {
        let g = to_misere(&a);
        prop_assert!(g.sum(g.mate()).is_p_position());
    }

    /// Distinct forms have a distinguisher that the search confirms.
    #[test]
    fn distinguisher_distinguishes(a in arb_form(), b in arb_form()) {
        let (g, h) = (to_misere(&a), to_misere(&b));
        // The difference of a sum finds the other part (cancellation: it is the only one).
        match g.sum(h).difference(h) {
            Difference::Found(x) => prop_assert_eq!(x, g),
            Difference::Unknown => {}
            Difference::None => prop_assert!(false, "no difference found for a sum"),
        }
        let d = g.distinguisher(h);
        prop_assert_eq!(d.is_some(), g != h);
        if let Some(x) = d {
            prop_assert_ne!(g.sum(x).is_p_position(), h.sum(x).is_p_position());
        }
    }
}

/// The examples of NOTATION.md ("Misère impartial games") and of the CGSuite tutorial.
#[test]
fn notation_examples() {
    let h = Misere::heap;
    let single = |g: Misere| Misere::from_options(&[g]);
    let two_two = h(2).sum(h(2));
    assert_eq!(Misere::parse("0"), Ok(Misere::ZERO));
    assert_eq!(
        Misere::parse("2#0"),
        Ok(Misere::from_options(&[single(h(2)), h(0)]))
    );
    assert_eq!(
        Misere::parse("2[2]321"),
        Ok(Misere::from_options(&[two_two, h(3), h(2), h(1)]))
    );
    assert_eq!(Misere::parse("2##"), Ok(single(single(h(2)))));
    assert_eq!(Misere::parse("4[2#]"), Ok(single(h(4).sum(h(2)))));
    assert_eq!(Misere::parse("&10;"), Ok(h(10)));
    // {*2} - *2 (NOTATION.md's example) is X = {0, {*2}, {*2} + *}, worked by hand: the form
    // of X + *2 has the options *2, {*2} + *2, ({*2} + *) + *2, X and X + *. Each but *2 has
    // {*2} as an option (moving *2 to 0; *2 to *, as * + * = 0; X to its option {*2}; * to 0),
    // and {*2}'s one option *2 is among them: Conway's rule reduces the form to {*2}.
    let x = Misere::parse("2[#-2]").unwrap();
    let two_sharp_star = single(h(2)).sum(h(1));
    assert_eq!(
        x,
        Misere::from_options(&[h(0), single(h(2)), two_sharp_star])
    );
    assert_eq!(x.sum(h(2)), single(h(2)));
    let three_minus_two = Misere::parse("3[-2]").unwrap(); // *3 = * + *2
    assert_eq!(three_minus_two, h(1));
    // How they print.
    assert_eq!(two_two.notation(), "2[2]");
    assert_eq!(single(h(2)).notation(), "2#");
    assert_eq!(single(single(h(2))).notation(), "2##");
    assert_eq!(h(12).notation(), "&12;");
    assert_eq!(
        Misere::from_options(&[single(h(2)), h(0)]).notation(),
        "2#0"
    );
    assert!(Misere::parse("2[").is_err());
    assert!(Misere::parse("").is_err());
    assert!(Misere::parse("0[-2]").is_err()); // no X has X + *2 = 0
}

/// Genus of small games, worked by hand from the definition (misère nim-values of G + k.*2,
/// using misère Nim): 0 is 0^120, * is 1^031, *2 is 2^20; they print as plain integers (the
/// genus of a nim heap). {*2} has g = 0, and its γ's are 0, mex{0, 1, γ1(*2) = 0} = 2, then
/// mex{2, 3, 2} = 0: tame (ONAG), printed 0^0.
#[test]
fn genus_examples() {
    assert_eq!(Misere::ZERO.genus().gammas, vec![1, 2, 0]);
    assert_eq!(Misere::heap(1).genus().gammas, vec![0, 3, 1]);
    assert_eq!(Misere::heap(2).genus().gammas, vec![2, 0]);
    assert_eq!(Misere::heap(1).genus().to_string(), "1");
    let two_sharp = Misere::from_options(&[Misere::heap(2)]);
    assert_eq!(two_sharp.genus().gammas, vec![0, 2]);
    assert_eq!(two_sharp.genus().to_string(), "0^0");
}

/// {*, *2+*2+*}: the options * (g+ 1, g- 0) and *2+*2+* (g+ 1, g- 1 by the misère Nim rule)
/// are tame; the game has g+ = mex{1} = 0 and g- = mex{0, 1} = 2, genus 0^2, not tame: restive,
/// not restless. A nim heap is tame, so neither.
#[test]
fn restive_and_restless() {
    let (star, two) = (Misere::heap(1), Misere::heap(2));
    let g = Misere::from_options(&[star, two.sum(two).sum(star)]);
    assert_eq!((g.nim_value(), g.misere_nim_value()), (0, 2));
    assert!(!g.is_tame() && g.is_restive() && !g.is_restless());
    assert!(Misere::heap(3).is_tame() && !Misere::heap(3).is_restive());
}

/// The tree of a canonical form (for brute force on forms the engine built).
fn form_of(g: Misere) -> Form {
    Form(g.options().into_iter().map(form_of).collect())
}

/// Canonical forms born by day 4 (22 of them), by the engine.
fn canonical_by_day4() -> Vec<Misere> {
    let mut values: Vec<Misere> = forms_by_day(3).iter().map(to_misere).collect();
    values.sort();
    values.dedup();
    let n = values.len();
    let mut by_day4: Vec<Misere> = (0u64..(1 << n))
        .map(|mask| {
            let opts: Vec<Misere> = (0..n)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| values[i])
                .collect();
            Misere::from_options(&opts)
        })
        .collect();
    by_day4.sort();
    by_day4.dedup();
    by_day4
}

/// Linked pairs (ONAG ch. 12), over every pair of canonical forms born by day 3: when cg says
/// linked, its T makes both sums P-positions by a search on the trees; when cg says not linked,
/// no game born by day 4 links them (brute force; the proof that none at all does is one line:
/// one is an option of the other, so the other sum moves to a P-position).
#[test]
fn links_against_brute_force() {
    let day3: Vec<Misere> = {
        let mut v: Vec<Misere> = forms_by_day(3).iter().map(to_misere).collect();
        v.sort();
        v.dedup();
        v
    };
    let tests = forms_by_day(4);
    let mut memo = HashMap::new();
    for &g in &day3 {
        for &h in &day3 {
            let (fg, fh) = (form_of(g), form_of(h));
            match g.link(h) {
                Some(t) => {
                    assert!(g.is_linked(h));
                    let ft = form_of(t);
                    assert_eq!(brute_g_minus(&[fg.clone(), ft.clone()], &mut memo), 0);
                    assert_eq!(brute_g_minus(&[fh.clone(), ft], &mut memo), 0);
                }
                None => {
                    assert!(!g.is_linked(h));
                    assert!(tests.iter().all(|t| {
                        brute_g_minus(&[fg.clone(), t.clone()], &mut memo) != 0
                            || brute_g_minus(&[fh.clone(), t.clone()], &mut memo) != 0
                    }));
                }
            }
        }
    }
}

/// The previous engineer's counterexample to a misremembered criterion: * and {*2} are linked,
/// by T = 0 (* and {*2} are both misère P-positions); * and *2 are not (* is an option of *2).
#[test]
fn link_examples() {
    let (star, two) = (Misere::heap(1), Misere::heap(2));
    let two_sharp = Misere::from_options(&[two]);
    assert!(star.is_p_position() && two_sharp.is_p_position());
    assert!(star.is_linked(two_sharp));
    let t = star.link(two_sharp).unwrap();
    assert!(star.sum(t).is_p_position() && two_sharp.sum(t).is_p_position());
    assert!(!star.is_linked(two) && star.link(two).is_none());
    // 0 and 0: T = * (0 + * = * is a P-position; T = 0 is not, 0 being an N-position).
    assert_eq!(Misere::ZERO.link(Misere::ZERO), Some(star));
}

/// Links and the theorem-built distinguishers over all pairs born by day 4, checked by the
/// engine's sums.
#[test]
fn links_and_distinguishers_day4() {
    let all = canonical_by_day4();
    assert_eq!(all.len(), 22);
    for &g in &all {
        for &h in &all {
            if let Some(t) = g.link(h) {
                assert!(g.sum(t).is_p_position() && h.sum(t).is_p_position());
            }
            if g != h {
                let x = g.distinguisher(h).unwrap();
                assert_ne!(g.sum(x).is_p_position(), h.sum(x).is_p_position());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// On random forms: a link makes both sums P-positions (searched on the trees).
    #[test]
    fn link_is_p_for_both(a in arb_form(), b in arb_form()) {
        let (g, h) = (to_misere(&a), to_misere(&b));
        prop_assert_eq!(g.link(h).is_some(), g.is_linked(h));
        if let Some(t) = g.link(h) {
            let mut memo = HashMap::new();
            let ft = form_of(t);
            prop_assert_eq!(brute_g_minus(&[a.clone(), ft.clone()], &mut memo), 0);
            prop_assert_eq!(brute_g_minus(&[b.clone(), ft], &mut memo), 0);
        }
    }
}

/// The nim position a tame genus stands for among tame games (WW ch. 13): a^a is *a, 0^1 is 0,
/// 1^0 is *, 0^0 is *2+*2 and 1^1 is *2+*2+*.
fn tame_stand_in(g_plus: u32, g_minus: u32) -> Vec<Form> {
    match (g_plus, g_minus) {
        (0, 1) => vec![],
        (1, 0) => vec![heap_form(1)],
        (0, 0) => vec![heap_form(2), heap_form(2)],
        (1, 1) => vec![heap_form(2), heap_form(2), heap_form(1)],
        (a, b) if a == b => vec![heap_form(a as usize)],
        _ => panic!("not a tame genus"),
    }
}

/// Generally tame games play like their nim stand-in beside any nim position (the point of
/// tameness, WW ch. 13), searched on the trees: G + heaps against stand-in + heaps, for every
/// position of up to three heaps of at most 3.
fn check_plays_tame(f: &Form, g: Misere, memo: &mut HashMap<Vec<Form>, u32>) {
    let stand_in = tame_stand_in(g.nim_value(), g.misere_nim_value());
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..3 {
                let heaps = [heap_form(a), heap_form(b), heap_form(c)];
                let mut with_g = vec![f.clone()];
                with_g.extend(heaps.iter().cloned());
                let mut with_stand_in = stand_in.clone();
                with_stand_in.extend(heaps.iter().cloned());
                assert_eq!(
                    brute_g_minus(&with_g, memo) == 0,
                    brute_g_minus(&with_stand_in, memo) == 0,
                    "{g} with heaps {a} {b} {c}"
                );
            }
        }
    }
}

/// The phyla on the 22 games born by day 4: the inclusions (tame ⊂ generally tame ⊂ tameable,
/// restive ⊂ generally restive, no game both generally tame and generally restive), and
/// generally tame games play like nim positions (brute force).
#[test]
fn phyla_day4() {
    let mut memo = HashMap::new();
    for g in canonical_by_day4() {
        if g.is_tame() {
            assert!(g.is_generally_tame());
        }
        if g.is_generally_tame() {
            assert!(g.is_tameable() && !g.is_generally_restive() && !g.is_half_tame());
            check_plays_tame(&form_of(g), g, &mut memo);
        }
        if g.is_restive() {
            assert!(g.is_generally_restive());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// Generally tame random forms play like nim positions; half-tame ones double to a genus
    /// 0^0 game (the double's misère and normal nim-values searched on the trees).
    #[test]
    fn phyla_random(a in arb_form()) {
        let g = to_misere(&a);
        let mut memo = HashMap::new();
        if g.is_generally_tame() {
            check_plays_tame(&a, g, &mut memo);
        }
        if g.is_half_tame() {
            prop_assert_eq!(brute_g_minus(&[a.clone(), a.clone()], &mut memo), 0);
            prop_assert!(!g.is_generally_tame());
        }
        prop_assert!(!g.is_restive() || g.is_generally_restive());
    }
}

/// Cancellation (ONAG ch. 12): over every pair of games born by day 4, the difference of the sum
/// finds the other part; where cg says no difference exists, no game born by day 4 is one.
#[test]
fn differences_by_day4() {
    let all = canonical_by_day4();
    for &g in &all {
        for &h in &all {
            assert_eq!(
                g.sum(h).difference(h),
                Difference::Found(g),
                "{g} + {h} - {h}"
            );
            match g.difference(h) {
                Difference::Found(x) => assert_eq!(x.sum(h), g),
                Difference::None => assert!(all.iter().all(|&x| x.sum(h) != g), "{g} - {h}"),
                Difference::Unknown => panic!("{g} - {h}: the search was cut short"),
            }
        }
    }
    // 0 - *2 does not exist (by hand: X + *2 has the option X + 0 or X + *, so it is not 0).
    assert_eq!(Misere::ZERO.difference(Misere::heap(2)), Difference::None);
}

/// Parts and partitions (ONAG ch. 12) over the sums of two games born by day 4: both summands
/// are parts (unless 0 or *), every part listed has its difference, a sum of two such games is
/// never prime, and each partition is of primes that add up to the game.
#[test]
fn parts_and_partitions_by_day4() {
    let all = canonical_by_day4();
    let star = Misere::heap(1);
    let unit = |g: Misere| g == Misere::ZERO || g == star;
    for &g in &all {
        for &h in &all {
            let s = g.sum(h);
            let parts = s.parts();
            for p in [g, h] {
                assert!(unit(p) || parts.contains(&p), "{p} is a part of {s}");
            }
            for &p in &parts {
                assert!(matches!(s.difference(p), Difference::Found(_)));
            }
            if !unit(g) && !unit(h) {
                assert!(!s.is_prime(), "{s} = {g} + {h}");
            }
            if unit(s) {
                assert_eq!(s.partitions(), vec![Vec::<Misere>::new()]);
                continue;
            }
            for partition in s.partitions() {
                let total = partition.iter().fold(Misere::ZERO, |acc, &p| acc.sum(p));
                assert_eq!(total, s, "{s} = {g} + {h}: {partition:?}");
                assert!(partition.iter().all(|p| p.is_prime()));
            }
            if g.is_prime() && h.is_prime() {
                let reps: Vec<Vec<Misere>> = s
                    .partitions()
                    .iter()
                    .map(|p| {
                        let mut r: Vec<Misere> = p
                            .iter()
                            .map(|&x| {
                                if x.sum(star).birthday() < x.birthday() {
                                    x.sum(star)
                                } else {
                                    x
                                }
                            })
                            .collect();
                        r.sort();
                        r
                    })
                    .collect();
                let mut want: Vec<Misere> = [g, h]
                    .iter()
                    .map(|&x| {
                        if x.sum(star).birthday() < x.birthday() {
                            x.sum(star)
                        } else {
                            x
                        }
                    })
                    .collect();
                want.sort();
                assert!(reps.contains(&want), "{s} = {g} + {h}: {reps:?}");
            }
        }
    }
}

/// By hand: *2 is prime (a partition into two non-units would need two games born by day 1
/// other than 0 and *: there are none); *3 = *2 + * is its associate; *2 + *2 has the one
/// partition; 0 is both introverted and extraverted (no options), * is a part of its option 0.
#[test]
fn primes_by_hand() {
    let (star, two, three) = (Misere::heap(1), Misere::heap(2), Misere::heap(3));
    assert!(two.is_prime() && three.is_prime());
    assert!(!Misere::ZERO.is_prime() && !star.is_prime());
    assert_eq!(two.sum(two).partitions(), vec![vec![two, two]]);
    assert_eq!(Misere::ZERO.partitions(), vec![Vec::<Misere>::new()]);
    assert!(Misere::ZERO.is_extraverted() && Misere::ZERO.is_introverted());
    assert!(!star.is_extraverted() && star.is_introverted());
    assert!(two.is_extraverted());
}
