//! Property tests for the exact number types of `cg::core`, against independent reference
//! arithmetic (i128 and `BigInt`) and against brute-force search.

use std::cmp::Ordering;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use cg::core::{Dyadic, Integer, Rational};
use num_bigint::BigInt;
use num_integer::Integer as _;
use num_traits::{Signed, ToPrimitive, Zero};
use proptest::prelude::*;
use proptest::test_runner::FileFailurePersistence;

// ---------------------------------------------------------------------------------------------
// Strategies and helpers

/// Values concentrated around the edges of the `i64` fast path, plus genuinely big ones.
fn bigint() -> impl Strategy<Value = BigInt> {
    prop_oneof![
        any::<i64>().prop_map(BigInt::from),
        (-1000i64..1000).prop_map(BigInt::from),
        prop::sample::select(vec![
            i64::MIN,
            i64::MIN + 1,
            i64::MAX,
            i64::MAX - 1,
            -1,
            0,
            1,
            1 << 62,
            -(1 << 62)
        ])
        .prop_map(BigInt::from),
        (prop::sample::select(vec![i64::MIN, i64::MAX]), -3i64..=3)
            .prop_map(|(edge, d)| BigInt::from(edge) + d),
        any::<i128>().prop_map(BigInt::from),
        (any::<i128>(), any::<u128>())
            .prop_map(|(hi, lo)| (BigInt::from(hi) << 128) + BigInt::from(lo)),
    ]
}

fn integer() -> impl Strategy<Value = (Integer, BigInt)> {
    bigint().prop_map(|b| (Integer::from(b.clone()), b))
}

/// The representation invariant: `Big` only outside the `i64` range.
fn canonical(x: &Integer) -> bool {
    match x {
        Integer::Small(_) => true,
        Integer::Big(b) => b.to_i64().is_none(),
    }
}

fn sign(b: &BigInt) -> i32 {
    match b.sign() {
        num_bigint::Sign::Minus => -1,
        num_bigint::Sign::NoSign => 0,
        num_bigint::Sign::Plus => 1,
    }
}

fn hash_of<T: Hash>(x: &T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

fn small_dyadic() -> impl Strategy<Value = Dyadic> {
    (-200i64..200, 0u32..8).prop_map(|(n, k)| Dyadic::new(Integer::from(n), k))
}

fn any_dyadic() -> impl Strategy<Value = Dyadic> {
    prop_oneof![
        small_dyadic(),
        (bigint(), 0u32..150).prop_map(|(n, k)| Dyadic::new(Integer::from(n), k)),
    ]
}

/// `d * 2^e` as a `BigInt`, for `e >= d.exponent()`.
fn scaled(d: &Dyadic, e: u32) -> BigInt {
    assert!(e >= d.exponent());
    d.numerator().to_bigint() << (e - d.exponent())
}

fn reduced(d: &Dyadic) -> bool {
    d.exponent() == 0 || d.numerator().is_odd()
}

fn rational() -> impl Strategy<Value = (Rational, BigInt, BigInt)> {
    let num = prop_oneof![(-50i64..50).prop_map(BigInt::from), bigint()];
    let den = prop_oneof![
        (1i64..60).prop_map(BigInt::from),
        (-60i64..0).prop_map(BigInt::from),
        bigint().prop_filter("nonzero", |b| !b.is_zero()),
    ];
    (num, den).prop_map(|(n, d)| {
        let r = Rational::new(Integer::from(n.clone()), Integer::from(d.clone())).unwrap();
        (r, n, d)
    })
}

/// The reference fraction `n/d` equals `r`, and `r` is in lowest terms with a positive
/// denominator.
fn rational_is(r: &Rational, n: &BigInt, d: &BigInt) -> bool {
    let (rn, rd) = (r.numerator().to_bigint(), r.denominator().to_bigint());
    rd.is_positive() && rn.gcd(&rd) == BigInt::from(1) && &rn * d == n * &rd
}

/// The birthday of `n / 2^k` (reduced), computed from the definition in machine integers.
fn birthday_reference(n: i64, k: u32) -> i64 {
    if k == 0 {
        n.abs()
    } else {
        n.abs() / (1 << k) + i64::from(k) + 1
    }
}

/// `cases` cases per property; failures are recorded next to this file (the default
/// location assumes a `src/` tree and does not work for integration tests).
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..ProptestConfig::default()
    }
}

// ---------------------------------------------------------------------------------------------
// Integer

proptest! {
    #![proptest_config(config(256))]
    #[test]
    fn integer_ops_match_bigint((a, ra) in integer(), (b, rb) in integer()) {
        let results = [
            (&a + &b, &ra + &rb),
            (&a - &b, &ra - &rb),
            (&a * &b, &ra * &rb),
            (-&a, -&ra),
            (a.abs(), ra.abs()),
        ];
        for (got, want) in results {
            prop_assert!(canonical(&got), "{got:?} not canonical");
            prop_assert_eq!(got.to_bigint(), want);
        }
        prop_assert_eq!(a.cmp(&b), ra.cmp(&rb));
        prop_assert_eq!(a == b, ra == rb);
        prop_assert_eq!(a.signum(), sign(&ra));
        prop_assert_eq!(a.is_negative(), ra.is_negative());
        prop_assert_eq!(a.is_positive(), ra.is_positive());
        prop_assert_eq!(a.is_zero(), ra.is_zero());
        // All owned/borrowed operator forms agree.
        let sum = &a + &b;
        prop_assert_eq!(a.clone() + b.clone(), sum.clone());
        prop_assert_eq!(a.clone() + &b, sum.clone());
        prop_assert_eq!(&a + b.clone(), sum.clone());
        let mut acc = a.clone();
        acc += &b;
        prop_assert_eq!(&acc, &sum);
        acc -= b.clone();
        prop_assert_eq!(&acc, &a);
    }

    #[test]
    fn integer_small_ops_match_i128(a in any::<i64>(), b in any::<i64>()) {
        let (x, y) = (Integer::from(a), Integer::from(b));
        let (wa, wb) = (i128::from(a), i128::from(b));
        let expect = |v: i128| match i64::try_from(v) {
            Ok(s) => Integer::Small(s),
            Err(_) => Integer::Big(BigInt::from(v)),
        };
        prop_assert_eq!(&x + &y, expect(wa + wb));
        prop_assert_eq!(&x - &y, expect(wa - wb));
        prop_assert_eq!(&x * &y, expect(wa * wb));
        prop_assert_eq!(-&x, expect(-wa));
        prop_assert_eq!(x.abs(), expect(wa.abs()));
        prop_assert_eq!(x.cmp(&y), wa.cmp(&wb));
        if b != 0 {
            let q = wa.div_euclid(wb) - i128::from(wb < 0 && wa.rem_euclid(wb) != 0);
            prop_assert_eq!(x.div_floor(&y), Some(expect(q)));
            prop_assert_eq!(x.mod_floor(&y), Some(expect(wa - q * wb)));
        }
    }

    #[test]
    fn integer_ring_laws((a, _) in integer(), (b, _) in integer(), (c, _) in integer()) {
        let zero = Integer::zero();
        let one = Integer::one();
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&a * &b, &b * &a);
        prop_assert_eq!(&(&a + &b) + &c, &a + &(&b + &c));
        prop_assert_eq!(&(&a * &b) * &c, &a * &(&b * &c));
        prop_assert_eq!(&a * &(&b + &c), &(&a * &b) + &(&a * &c));
        prop_assert_eq!(&a + &zero, a.clone());
        prop_assert_eq!(&a * &one, a.clone());
        prop_assert_eq!(&a - &a, zero.clone());
        prop_assert_eq!(&a + &(-&a), zero);
        prop_assert_eq!(-(-&a), a.clone());
        prop_assert_eq!(&(&a - &b) + &b, a.clone());
        // Order is compatible with addition.
        prop_assert_eq!((&a + &c).cmp(&(&b + &c)), a.cmp(&b));
    }

    #[test]
    fn integer_floor_division((a, ra) in integer(), (d, rd) in integer()) {
        if rd.is_zero() {
            prop_assert_eq!(a.div_floor(&d), None);
            prop_assert_eq!(a.mod_floor(&d), None);
        } else {
            let q = a.div_floor(&d).unwrap();
            let r = a.mod_floor(&d).unwrap();
            prop_assert!(canonical(&q) && canonical(&r));
            prop_assert_eq!(&(&q * &d) + &r, a.clone());
            prop_assert!(r.is_zero() || r.signum() == d.signum());
            prop_assert!(r.abs() < d.abs());
            prop_assert_eq!(q.to_bigint(), ra.div_floor(&rd));
        }
    }

    #[test]
    fn integer_shifts_and_bits((a, ra) in integer(), (b, rb) in integer(), k in 0u32..200) {
        let two_k = BigInt::from(1) << k;
        let shifted = a.shl(k);
        prop_assert!(canonical(&shifted));
        prop_assert_eq!(shifted.to_bigint(), &ra * &two_k);
        let down = a.shr_floor(k);
        prop_assert!(canonical(&down));
        prop_assert_eq!(down.to_bigint(), ra.div_floor(&two_k));
        prop_assert_eq!(a.pow(k % 5).to_bigint(), ra.pow(k % 5));
        for (got, want) in [
            (a.bitxor(&b), &ra ^ &rb),
            (a.bitand(&b), &ra & &rb),
            (a.bitor(&b), &ra | &rb),
            (a.gcd(&b), ra.gcd(&rb)),
        ] {
            prop_assert!(canonical(&got));
            prop_assert_eq!(got.to_bigint(), want);
        }
        prop_assert_eq!(a.bits(), ra.bits());
        prop_assert_eq!(a.trailing_zeros(), ra.trailing_zeros());
        prop_assert_eq!(a.is_even(), ra.is_even());
        prop_assert_eq!(a.is_odd(), ra.is_odd());
    }

    #[test]
    fn integer_display_parse_round_trip((a, ra) in integer()) {
        let text = a.to_string();
        prop_assert_eq!(&text, &ra.to_string());
        prop_assert_eq!(format!("{a:?}"), text.clone());
        prop_assert_eq!(Integer::parse_decimal(&text), Some(a.clone()));
        prop_assert_eq!(a.to_i64(), ra.to_i64());
        prop_assert_eq!(a.to_u32(), ra.to_u32());
        prop_assert_eq!(a.to_usize(), ra.to_usize());
    }

    #[test]
    fn integer_parse_rejects_junk(
        digits in "[0-9]{0,30}",
        junk in prop::sample::select(vec!['+', ' ', '_', 'a', '.', 'e', '/', '\u{0663}']),
        at in 0usize..31,
    ) {
        let mut s = digits.clone();
        s.insert(at.min(s.len()), junk);
        prop_assert_eq!(Integer::parse_decimal(&s), None);
        prop_assert_eq!(Integer::parse_decimal(&format!("-{s}")), None);
    }

    #[test]
    fn integer_eq_is_hash_eq((a, ra) in integer()) {
        // The same value reached by different routes is Eq and hashes equal.
        let via_big = Integer::from(ra.clone() + BigInt::from(1) - BigInt::from(1));
        let via_ops = &(&a + &Integer::from(u64::MAX)) - &Integer::from(u64::MAX);
        prop_assert_eq!(&via_big, &a);
        prop_assert_eq!(&via_ops, &a);
        prop_assert_eq!(hash_of(&via_big), hash_of(&a));
        prop_assert_eq!(hash_of(&via_ops), hash_of(&a));
    }
}

// ---------------------------------------------------------------------------------------------
// Dyadic

proptest! {
    #![proptest_config(config(256))]
    #[test]
    fn dyadic_ops_match_reference(a in any_dyadic(), b in any_dyadic()) {
        let e = a.exponent().max(b.exponent());
        let (sa, sb) = (scaled(&a, e), scaled(&b, e));
        for (got, want) in [(&a + &b, &sa + &sb), (&a - &b, &sa - &sb), (-&a, -sa.clone())] {
            prop_assert!(reduced(&got));
            prop_assert!(got.exponent() <= e);
            prop_assert_eq!(scaled(&got, e), want);
        }
        let prod = &a * &b;
        let ep = a.exponent() + b.exponent();
        prop_assert!(reduced(&prod));
        prop_assert_eq!(scaled(&prod, ep), scaled(&a, a.exponent()) * scaled(&b, b.exponent()));
        prop_assert_eq!(a.cmp(&b), sa.cmp(&sb));
        prop_assert_eq!(a == b, sa == sb);
        prop_assert_eq!(a.signum(), sign(&sa));
        // Owned forms agree with borrowed ones.
        prop_assert_eq!(a.clone() - b.clone(), &a - &b);
        prop_assert_eq!(a.clone() * &b, prod);
    }

    #[test]
    fn dyadic_ring_laws(a in any_dyadic(), b in any_dyadic(), c in small_dyadic()) {
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&(&a + &b) + &c, &a + &(&b + &c));
        prop_assert_eq!(&a * &(&b + &c), &(&a * &b) + &(&a * &c));
        prop_assert_eq!(&(&a - &b) + &b, a.clone());
        prop_assert_eq!(&a + &(-&a), Dyadic::zero());
        prop_assert_eq!(&a.half() + &a.half(), a.clone());
        prop_assert_eq!((&a + &c).cmp(&(&b + &c)), a.cmp(&b));
    }

    #[test]
    fn dyadic_normalisation((n, _) in integer(), e in 0u32..100, k in 0u32..100) {
        let base = Dyadic::new(n.clone(), e);
        let padded = Dyadic::new(n.shl(k), e + k);
        prop_assert!(reduced(&base));
        prop_assert_eq!(&padded, &base);
        prop_assert_eq!(hash_of(&padded), hash_of(&base));
        prop_assert_eq!(padded.to_string(), base.to_string());
        // The reduced form denotes the same value.
        prop_assert_eq!(
            base.numerator().to_bigint() << e,
            n.to_bigint() << base.exponent()
        );
    }

    #[test]
    fn dyadic_floor_ceil(a in any_dyadic()) {
        let floor = Dyadic::from_integer(a.floor());
        let ceil = Dyadic::from_integer(a.ceil());
        let one = Dyadic::from(1);
        prop_assert!(floor <= a && a < &floor + &one);
        prop_assert!(&ceil - &one < a && a <= ceil);
        prop_assert_eq!(a.is_integer(), floor == ceil);
        prop_assert_eq!(
            a.floor().to_bigint(),
            a.numerator().to_bigint().div_floor(&a.denominator().to_bigint())
        );
    }

    #[test]
    fn dyadic_options_and_birthday(x in any_dyadic()) {
        let left = x.left_option();
        let right = x.right_option();
        if let Some(l) = &left {
            prop_assert!(l < &x);
        }
        if let Some(r) = &right {
            prop_assert!(&x < r);
        }
        // x = {xL | xR}: the canonical form's options have x as their simplest number.
        prop_assert_eq!(Dyadic::simplest_between(left.as_ref(), right.as_ref()), Some(x.clone()));
        // The birthday is one more than the latest birthday of an option (0 with none).
        let latest = left.iter().chain(right.iter()).map(Dyadic::birthday).max();
        let expected = match latest {
            None => Integer::zero(),
            Some(b) => b + Integer::one(),
        };
        prop_assert_eq!(x.birthday(), expected);
    }

    #[test]
    fn simplest_between_translates_for_fractions(
        lo in small_dyadic(),
        hi in small_dyadic(),
        shift_bits in 60u32..300,
        negative in any::<bool>(),
    ) {
        // Without an integer strictly between, the answer moves with an integer translation;
        // this exercises huge bounds.
        let s = Dyadic::simplest_between(Some(&lo), Some(&hi));
        if let Some(x) = s.filter(|x| !x.is_integer()) {
            let mut t = Integer::one().shl(shift_bits) + Integer::from(12345);
            if negative {
                t = -t;
            }
            let t = Dyadic::from_integer(t);
            let moved = Dyadic::simplest_between(Some(&(&lo + &t)), Some(&(&hi + &t)));
            prop_assert_eq!(moved, Some(&x + &t));
        }
    }

    #[test]
    fn simplest_between_huge_integers(k in 64u32..400, offset in small_dyadic()) {
        // Above a huge bound (unbounded on the right) the answer is the next integer.
        let lo = &Dyadic::from_integer(Integer::one().shl(k)) + &offset;
        let want = Dyadic::from_integer(lo.floor() + Integer::one());
        prop_assert_eq!(Dyadic::simplest_between(Some(&lo), None), Some(want));
        // Around a huge bound on the left, 0 lies in between.
        let neg = -&lo;
        prop_assert_eq!(Dyadic::simplest_between(Some(&neg), Some(&lo)), Some(Dyadic::zero()));
    }
}

proptest! {
    #![proptest_config(config(2000))]
    #[test]
    fn simplest_between_is_simplest(
        lo in prop::option::of((-40i64..=40, 0u32..5)),
        hi in prop::option::of((-40i64..=40, 0u32..5)),
    ) {
        let mk = |(n, k): (i64, u32)| Dyadic::new(Integer::from(n), k);
        let (lo, hi) = (lo.map(mk), hi.map(mk));
        let got = Dyadic::simplest_between(lo.as_ref(), hi.as_ref());
        let inside = |x: &Dyadic| {
            lo.as_ref().is_none_or(|l| l < x) && hi.as_ref().is_none_or(|h| x < h)
        };
        if let (Some(l), Some(h)) = (&lo, &hi) {
            if l >= h {
                prop_assert_eq!(got, None);
                return Ok(());
            }
        }
        let got = got.expect("an open interval contains a number");
        prop_assert!(reduced(&got));
        prop_assert!(inside(&got), "{got} not strictly inside");
        let got_birthday = got.birthday().to_i64().unwrap();
        let got_n = got.numerator().to_i64().unwrap();
        prop_assert_eq!(got_birthday, birthday_reference(got_n, got.exponent()));
        // Every dyadic with |x| <= 48 and denominator <= 64 (enough to contain the answer for
        // these bounds) that lies inside is strictly later-born, bar the answer itself.
        const K: u32 = 6;
        for m in -(48i64 << K)..=(48 << K) {
            let cand = Dyadic::new(Integer::from(m), K);
            let n = cand.numerator().to_i64().unwrap();
            let b = birthday_reference(n, cand.exponent());
            if b <= got_birthday && inside(&cand) {
                prop_assert!(
                    b == got_birthday && cand == got,
                    "{cand} (born {b}) is inside and no later than {got} (born {got_birthday})"
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Rational

proptest! {
    #![proptest_config(config(256))]
    #[test]
    fn rational_ops_match_reference((a, an, ad) in rational(), (b, bn, bd) in rational()) {
        prop_assert!(rational_is(&a, &an, &ad));
        prop_assert!(rational_is(&b, &bn, &bd));
        prop_assert!(rational_is(&(&a + &b), &(&an * &bd + &bn * &ad), &(&ad * &bd)));
        prop_assert!(rational_is(&(&a - &b), &(&an * &bd - &bn * &ad), &(&ad * &bd)));
        prop_assert!(rational_is(&(&a * &b), &(&an * &bn), &(&ad * &bd)));
        prop_assert!(rational_is(&(-&a), &(-&an), &ad));
        prop_assert!(rational_is(&a.abs(), &an.abs(), &ad.abs()));
        match a.checked_div(&b) {
            None => prop_assert!(bn.is_zero()),
            Some(q) => prop_assert!(rational_is(&q, &(&an * &bd), &(&ad * &bn))),
        }
        // Reference order: sign of an/ad - bn/bd.
        let diff = &an * &bd - &bn * &ad;
        let denom_sign = (&ad * &bd).sign();
        let want = if diff.is_zero() {
            Ordering::Equal
        } else if (diff.is_positive()) == (denom_sign == num_bigint::Sign::Plus) {
            Ordering::Greater
        } else {
            Ordering::Less
        };
        prop_assert_eq!(a.cmp(&b), want);
        prop_assert_eq!(a == b, want == Ordering::Equal);
        if a == b {
            prop_assert_eq!(hash_of(&a), hash_of(&b));
        }
    }

    #[test]
    fn rational_field_laws((a, _, _) in rational(), (b, _, _) in rational(), (c, _, _) in rational()) {
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&a * &b, &b * &a);
        prop_assert_eq!(&(&a + &b) + &c, &a + &(&b + &c));
        prop_assert_eq!(&a * &(&b + &c), &(&a * &b) + &(&a * &c));
        prop_assert_eq!(&(&a - &b) + &b, a.clone());
        if let Some(q) = a.checked_div(&b) {
            prop_assert_eq!(&q * &b, a.clone());
        }
        prop_assert_eq!((&a + &c).cmp(&(&b + &c)), a.cmp(&b));
    }

    #[test]
    fn rational_pow_and_rounding((a, an, ad) in rational(), k in -6i32..=6) {
        match a.pow(k) {
            None => prop_assert!(an.is_zero() && k < 0),
            Some(p) => {
                let e = k.unsigned_abs();
                if k >= 0 {
                    prop_assert!(rational_is(&p, &an.pow(e), &ad.pow(e)));
                } else {
                    prop_assert!(rational_is(&p, &ad.pow(e), &an.pow(e)));
                }
            }
        }
        let one = Rational::from(1);
        let floor = Rational::from_integer(a.floor());
        let ceil = Rational::from_integer(a.ceil());
        prop_assert!(floor <= a && a < &floor + &one);
        prop_assert!(&ceil - &one < a && a <= ceil);
        prop_assert_eq!(a.to_integer().is_some(), floor == ceil);
    }

    #[test]
    fn rational_dyadic_round_trip(d in any_dyadic(), (r, _, _) in rational()) {
        let q = Rational::from(d.clone());
        prop_assert_eq!(q.to_dyadic(), Some(d.clone()));
        prop_assert_eq!(q.to_string(), d.to_string());
        let den = r.denominator().to_bigint();
        let power_of_two = (&den & (&den - 1u32)).is_zero();
        prop_assert_eq!(r.to_dyadic().is_some(), power_of_two);
        if let Some(x) = r.to_dyadic() {
            prop_assert_eq!(Rational::from(x), r);
        }
    }
}
