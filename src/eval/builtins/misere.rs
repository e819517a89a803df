//! Builtins of misère play (ONAG ch. 12, WW ch. 13): canonical forms, outcomes, nim-values,
//! genus, mates, differences, and heap games played misère.

use std::collections::HashMap;
use std::rc::Rc;

use crate::core::misere::Misere;
use crate::core::{Game, Outcome};
use crate::eval::error::{EvalError, EvalResult};
use crate::eval::interp::Interpreter;
use crate::eval::misere::{to_misere, MisereHeap, MisereRuleset, MisereValue};
use crate::eval::value::Value;

use crate::syntax::ast::Span;

use super::{builtin, builtin_with_interpreter, Arg, Arity, Builtin};

use Arity::{Between, Exactly};

fn form(a: &Arg) -> EvalResult<Misere> {
    to_misere(&a.value, &a.span)
}

fn form_value(g: Misere) -> Value {
    Value::Misere(MisereValue::Form(g))
}

pub static BUILTINS: &[Builtin] = &[
    builtin!("misere_canonical_form", "misere_canonical_form(G)", Exactly(1),
        "The misère canonical form of an impartial game G: reversible options removed by Conway's rule (ONAG ch. 12).",
        "misere_canonical_form('{{*2}}')  # *[2##]", |a, _| Ok(form_value(form(&a[0])?))),
    builtin!("misere_outcome", "misere_outcome(G)", Exactly(1),
        "The outcome when the last player to move loses: P or N for an impartial game; L, R, N or P for a short partizan game, played on the form given.",
        "misere_outcome(*[2[2]])  # P", |a, _| misere_outcome(&a[0])),
    builtin!("misere_nim_value", "misere_nim_value(G)", Exactly(1),
        "The misère nim-value: 1 for 0, else the mex of the options' (WW ch. 13); G + *n is a misère P-position exactly for this n.",
        "misere_nim_value(*[0])  # 1", |a, _| Ok(Value::integer(form(&a[0])?.misere_nim_value()))),
    builtin_with_interpreter!("genus", "genus(G) or genus(R, positions)", Between(1, 2),
        "The genus g^(γ0γ1...) of an impartial game (WW ch. 13): its normal nim-value and the misère nim-values of G, G+*2, G+*2+*2, ...; with a heap game or impartial ruleset R and heap sizes (positions), the list of their genera.",
        "genus(*[2#])  # 0^0", genus),
    builtin!("misere_birthday", "misere_birthday(G)", Exactly(1),
        "The birthday of the misère canonical form.",
        "misere_birthday(*[2##])  # 4", |a, _| Ok(Value::integer(form(&a[0])?.birthday()))),
    builtin!("misere_options", "misere_options(G)", Exactly(1),
        "The set of options of the misère canonical form.",
        "misere_options(*[3])  # {*[0],*[1],*[2]}", |a, _| {
            let options = form(&a[0])?.options();
            Ok(Value::set(options.into_iter().map(form_value).collect()))
        }),
    builtin!("mate", "mate(G)", Exactly(1),
        "The mate G⁻ (ONAG ch. 12): * for 0, else the game of the options' mates; G + G⁻ is a misère P-position.",
        "mate(*[0])  # *[1]", |a, _| Ok(form_value(form(&a[0])?.mate()))),
    builtin!("misere_difference", "misere_difference(G, H)", Exactly(2),
        "The game X with X + H = G in misère play (there is at most one, Conway's cancellation theorem; there may be none, and then the error says so).",
        "misere_difference(*[3], *[2])  # *[1]", |a, _| difference(&a[0], &a[1])),
    builtin!("misere_parts", "misere_parts(G)", Exactly(1),
        "The parts of G other than 0 and * (ONAG ch. 12): the games H with G = H + X for some X. Each part P comes with its associate P + * (* is a part of every game, since * + * = 0).",
        "misere_parts(*[2[2]])  # {*[2],*[3],*[2[2]],*[3[2]]}", |a, _| {
            let parts = form(&a[0])?.parts();
            Ok(Value::set(parts.into_iter().map(form_value).collect()))
        }),
    builtin!("misere_partitions", "misere_partitions(G)", Exactly(1),
        "The ways to write G as a sum of primes (ONAG ch. 12), each a list whose sum is G; a prime and its associate P + * count as one. 0 and * have the one empty partition.",
        "misere_partitions(*[2[2]])  # [[*[2],*[2]]]", |a, _| {
            let partitions = form(&a[0])?.partitions();
            Ok(Value::list(
                partitions
                    .into_iter()
                    .map(|p| Value::list(p.into_iter().map(form_value).collect()))
                    .collect(),
            ))
        }),
    builtin!("is_prime", "is_prime(G)", Exactly(1),
        "True when G is a prime misère game (ONAG ch. 12): not 0 or *, and its only parts are G and G + *.",
        "is_prime(*[2[2]])  # false", |a, _| Ok(Value::Bool(form(&a[0])?.is_prime()))),
    builtin!("is_extraverted", "is_extraverted(G)", Exactly(1),
        "True when G is a part of none of its options (the counterpart of is_introverted).",
        "is_extraverted(*[2])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_extraverted()))),
    builtin!("is_nim_heap", "is_nim_heap(G)", Exactly(1),
        "True when the misère canonical form is a nim heap.",
        "is_nim_heap(*[2[2]])  # false", |a, _| Ok(Value::Bool(form(&a[0])?.is_nim_heap()))),
    builtin!("is_tame", "is_tame(G)", Exactly(1),
        "True when G is tame, hereditarily (ONAG ch. 12): every option tame and the genus 0^1, 1^0 or a^a.",
        "is_tame(*[2[2]])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_tame()))),
    builtin!("is_restive", "is_restive(G)", Exactly(1),
        "True when G is not tame, every option is tame, and its normal nim-value is 0 or 1 (restive, an 'ambivalent nim-heap', ONAG ch. 12; Hoey's phylum).",
        "is_restive(*[(2[21])1])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_restive()))),
    builtin!("is_restless", "is_restless(G)", Exactly(1),
        "True when G is not tame, every option is tame, and its misère nim-value is 0 or 1 (Hoey's phylum).",
        "is_restless(*[(2[21])1])  # false", |a, _| Ok(Value::Bool(form(&a[0])?.is_restless()))),
    builtin!("is_generally_tame", "is_generally_tame(G)", Exactly(1),
        "True when G is tame or tame but for wild options that reverse: each has an option of G's own genus, itself generally tame, and the other options give G its nim-values (Hoey's phylum; WW ch. 13).",
        "is_generally_tame(*[2[2]])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_generally_tame()))),
    builtin!("is_tameable", "is_tameable(G)", Exactly(1),
        "True when G is generally tame, or of tame genus with every option tameable or reversing through a tameable option of G's genus, the tameable options giving G its nim-values (Hoey's phylum).",
        "is_tameable(*[3])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_tameable()))),
    builtin!("is_generally_restive", "is_generally_restive(G)", Exactly(1),
        "True when G has a restive genus (not tame, normal nim-value 0 or 1), its generally tame options give its nim-values and every other option reverses through a generally restive option of G's genus (Hoey's phylum).",
        "is_generally_restive(*[(2[21])1])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_generally_restive()))),
    builtin!("is_half_tame", "is_half_tame(G)", Exactly(1),
        "True when G is not generally tame but G + G is, with genus 0^0 (Hoey).",
        "is_half_tame(*[(2[21])1])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_half_tame()))),
    builtin!("is_introverted", "is_introverted(G)", Exactly(1),
        "True when G is a part of each of its options; by the extraversion-introversion theorem only *[0] and *[1] are.",
        "is_introverted(*[1])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_introverted()))),
    builtin!("is_linked", "is_linked(G, H)", Exactly(2),
        "True when some T makes G + T and H + T both misère P-positions (ONAG ch. 12): exactly when neither is an option of the other.",
        "is_linked(*[1], *[2#])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_linked(form(&a[1])?)))),
    builtin!("link", "link(G, H)", Exactly(2),
        "A game T with G + T and H + T both misère P-positions, built by Conway's theorem (ONAG ch. 12); an error when G and H are not linked.",
        "link(*[0], *[0])  # *[1]", |a, _| link(&a[0], &a[1])),
    builtin!("misere_is_even", "misere_is_even(G)", Exactly(1),
        "True when G is even (ONAG ch. 12): adding * makes it older, b(G) < b(G + *).",
        "misere_is_even(*[2])  # true", |a, _| Ok(Value::Bool(form(&a[0])?.is_even()))),
    builtin!("distinguisher", "distinguisher(G, H)", Exactly(2),
        "A game X such that G + X and H + X have different misère outcomes (an error when G = H).",
        "distinguisher(*[0], *[2[2]])  # *[0]", |a, _| distinguisher(&a[0], &a[1])),
    builtin!("misere", "misere(R)", Exactly(1),
        "An impartial heap game or ruleset played misère: R(n) is the misère canonical form of a heap of n (of position n).",
        "misere(octal 0.07)(4)  # *[2]", |a, _| misere(&a[0])),
];

fn genus(interp: &mut Interpreter, a: &[Arg], span: &Span) -> EvalResult<Value> {
    let genus_value = |g: Misere| Value::Misere(MisereValue::Genus(Rc::new(g.genus())));
    let [r, positions] = a else {
        return Ok(genus_value(form(&a[0])?));
    };
    let positions: Vec<Value> = match positions.value.integer_range() {
        Some(range) => range.map(Value::int).collect(),
        None => positions.value.elements().ok_or_else(|| {
            EvalError::new(
                "positions are a range or a collection",
                positions.span.clone(),
            )
        })?,
    };
    let Value::Misere(game) = misere(r)? else {
        unreachable!("misere() gives a misère game")
    };
    let mut genera = Vec::with_capacity(positions.len());
    for p in positions {
        let arg = Arg {
            value: p,
            span: span.clone(),
        };
        let g = crate::eval::misere::call(interp, &game, &[arg], span)?;
        genera.push(genus_value(to_misere(&g, span)?));
    }
    Ok(Value::list(genera))
}

fn misere(a: &Arg) -> EvalResult<Value> {
    match &a.value {
        Value::Heap(h) if h.is_heap_of_tokens() => Ok(Value::Misere(MisereValue::Heap(Rc::new(
            MisereHeap::new(h.clone()),
        )))),
        Value::Ruleset(r) if r.def.impartial => Ok(Value::Misere(MisereValue::Ruleset(Rc::new(
            MisereRuleset::new(r.clone()),
        )))),
        Value::Misere(MisereValue::Heap(_) | MisereValue::Ruleset(_)) => Ok(a.value.clone()),
        v => Err(EvalError::new(
            format!(
                "misere() takes an impartial heap game or ruleset, not {}",
                v.kind()
            ),
            a.span.clone(),
        )
        .with_help("for example misere(octal 0.77) or misere(Kayles)")),
    }
}

fn difference(g: &Arg, h: &Arg) -> EvalResult<Value> {
    let (x, y) = (form(g)?, form(h)?);
    crate::eval::misere::difference_value(x, y, g.span.start..h.span.end)
}

fn link(g: &Arg, h: &Arg) -> EvalResult<Value> {
    let (x, y) = (form(g)?, form(h)?);
    x.link(y).map(form_value).ok_or_else(|| {
        let (option, of) = if x.options().contains(&y) { (y, x) } else { (x, y) };
        EvalError::new(
            format!("{x} and {y} are not linked: {option} is an option of {of}"),
            g.span.start..h.span.end,
        )
        .with_help(format!("for every T, {of} + T can move to {option} + T, so both cannot be P-positions; G and H are linked exactly when neither is an option of the other (ONAG ch. 12)"))
    })
}

fn distinguisher(g: &Arg, h: &Arg) -> EvalResult<Value> {
    let (x, y) = (form(g)?, form(h)?);
    if x == y {
        return Err(EvalError::new(
            format!("{x} and {y} are equal, so no game tells them apart"),
            g.span.start..h.span.end,
        ));
    }
    x.distinguisher(y).map(form_value).ok_or_else(|| {
        EvalError::new(
            format!("cg found no game telling {x} and {y} apart among its candidates"),
            g.span.start..h.span.end,
        )
    })
}

fn misere_outcome(a: &Arg) -> EvalResult<Value> {
    let outcome = |p: bool| Value::Outcome(if p { Outcome::P } else { Outcome::N }.into());
    if let Value::Misere(MisereValue::Form(g)) = &a.value {
        return Ok(outcome(g.is_p_position()));
    }
    if let Value::Explicit(e) = &a.value {
        if let Ok(g) = to_misere(&a.value, &a.span) {
            return Ok(outcome(g.is_p_position()));
        }
        return Ok(Value::Outcome(explicit_outcome(e).into()));
    }
    let g = crate::eval::ops::to_game(&a.value, a.span.clone(), "the game")?;
    Ok(Value::Outcome(
        partizan_outcome(g, &mut HashMap::new()).into(),
    ))
}

/// Who wins moving first under the misère convention, (Left first, Right first), on the
/// canonical form: a player with no move wins.
fn wins(g: Game, memo: &mut HashMap<Game, (bool, bool)>) -> (bool, bool) {
    if let Some(&w) = memo.get(&g) {
        return w;
    }
    crate::core::check_interrupt();
    let (left, right) = (g.left_options(), g.right_options());
    let left_first = left.is_empty() || left.iter().any(|&l| !wins(l, memo).1);
    let right_first = right.is_empty() || right.iter().any(|&r| !wins(r, memo).0);
    let w = (left_first, right_first);
    memo.insert(g, w);
    w
}

fn classify((left_first, right_first): (bool, bool)) -> Outcome {
    match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    }
}

fn partizan_outcome(g: Game, memo: &mut HashMap<Game, (bool, bool)>) -> Outcome {
    classify(wins(g, memo))
}

/// The misère outcome of an explicit form, played on the form as written.
fn explicit_outcome(e: &crate::core::ExplicitGame) -> Outcome {
    fn wins_form(
        e: &crate::core::ExplicitGame,
        memo: &mut HashMap<Game, (bool, bool)>,
    ) -> (bool, bool) {
        match e {
            crate::core::ExplicitGame::Value(g) => wins(*g, memo),
            crate::core::ExplicitGame::Form { left, right } => {
                let left_wins = left.is_empty() || left.iter().any(|l| !wins_form(l, memo).1);
                let right_wins = right.is_empty() || right.iter().any(|r| !wins_form(r, memo).0);
                (left_wins, right_wins)
            }
        }
    }
    classify(wins_form(e, &mut HashMap::new()))
}

/// `nim_value` of a misère form: its normal-play nim-value.
pub fn nim_value(a: &Arg) -> Option<EvalResult<Value>> {
    match &a.value {
        Value::Misere(MisereValue::Form(g)) => Some(Ok(Value::integer(g.nim_value()))),
        _ => None,
    }
}
