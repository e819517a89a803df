//! `:help` for the words of the notation that are neither builtins nor library definitions,
//! so that neither of the other sources of help knows them: the heap families (`octal 0.77`,
//! `subtraction {1,2}`, ...) and the named loopy games with `pass` (Winning Ways ch. 11;
//! Siegel, *Combinatorial Game Theory*, ch. VI).

/// The heap families, written as `:help` lists them.
pub const FAMILIES: &[&str] = &[
    "octal 0.77",
    "hex 0.F6",
    "tb \"4!.0\"",
    "subtraction {1,2}",
    "allbut {1}",
    "splittles {1,4} vs {1,5}",
    "turning \"1-3\"",
];

/// The loopy constants and `pass`, in the order `:help` lists them.
pub const CONSTANTS: &[&str] = &["on", "off", "over", "under", "dud", "upon", "pass"];

/// What `:help WORD` says of a word of the notation, or `None` if `word` is not one.
pub fn notation_help(word: &str) -> Option<&'static str> {
    family_help(word).or_else(|| constant_help(word))
}

/// What `:help WORD` says of a heap-family word.
fn family_help(word: &str) -> Option<&'static str> {
    let text = match word {
        "octal" => {
            "octal CODE  a take-and-break game in octal notation (Winning Ways ch. 4)
  Digit k of the code (after the point) says what removing k tokens from a heap may leave:
  its bits 1, 2, 4 allow no heap, one heap, two heaps. `octal 0.77` is Kayles, 0.07 Dawson's
  Kayles, 0.137 Dawson's Chess, 0.6 Officers; `0.[3]` repeats its bracket for ever (Nim).
  example: grundy(octal 0.77, 0..=11)  # [0,1,2,3,1,4,3,2,1,4,2,6]"
        }
        "hex" => {
            "hex CODE  a take-and-break game in hexadecimal notation: digit bits 1, 2, 4, 8 allow
  leaving no heap, one, two or three heaps (`hex 0.F6`)
  example: grundy(hex 0.F6, 0..=5) == grundy(tb \"0.F6\", 0..=5)  # true"
        }
        "tb" => {
            "tb \"CODE\"  a take-and-break code in CGSuite's notation: digits to base 32 or `&N;`, `!`
  (the heaps left pairwise unequal), `?` (not all equal), `=` (all equal), a digit written as
  its numbers of heaps in braces (`{2+}` two or more), a final block in brackets repeating
  for ever. `tb \"4!.0\"` is Grundy's game, `tb \"{2+}=.0\"` Maundy Cake's rule.
  example: grundy(tb \"{2+}=.0\", 0..=12)  # [0,0,1,1,1,1,2,1,1,2,2,1,2]"
        }
        "subtraction" | "allbut" => {
            "subtraction {S}, allbut {S}  remove a number of tokens in S (or any number not in S)
  from one heap; S may end in `odds` or `evens` (`{1,odds}`). `subtraction {L} vs {R}` is the
  partizan game with Left's and Right's sets.
  example: grundy(subtraction {1,2}, 0..=6)  # [0,1,2,0,1,2,0]"
        }
        "splittles" => {
            "splittles {S}  remove a number in S from one heap and split what is left into two heaps
  (either may be empty); `splittles {L} vs {R}` is the partizan game of the seed paper, with
  its values by heap size.
  example: let R = splittles {1,4} vs {1,5}; R(8) - R(0)  # ^[2]"
        }
        "turning" => {
            "turning \"CODE\"  a coin-turning game (Winning Ways ch. 14) as a heap family: heap n is a
  head at position n, and a move turns over coins whose rightmost goes from heads to tails.
  `1-3` turns one to three coins, `C` consecutive ones, `C(n)` within a span of n, `E`
  equally spaced, `S` symmetric, `F` including the leftmost, `k+` k or more.
  example: grundy(turning \"1-3\", 1..=8)  # [1,2,4,7,8,11,13,14]"
        }
        _ => return None,
    };
    Some(text)
}

/// What `:help WORD` says of a loopy constant or `pass`.
fn constant_help(word: &str) -> Option<&'static str> {
    let text = match word {
        "on" => {
            "on = {pass |}  Left may pass for ever, Right has no move: greater than every number
  example: {pass|}  # on"
        }
        "off" => {
            "off = {| pass}  the negative of on
  example: -on  # off"
        }
        "over" => {
            "over = {0 | pass}  positive, and smaller than every positive number
  example: over < 1/1024  # true"
        }
        "under" => {
            "under = {pass | 0}  the negative of over
  example: -over  # under"
        }
        "dud" => {
            "dud = {pass | pass}  the deathless universal draw: dud + G is dud for every stopper G
  example: on + off  # dud"
        }
        "upon" => {
            "upon = ^[on] = {pass | *}  the limit of ^, ^[2], ^[3], ... (pow_to(^, on))
  example: {pass|*}  # ^[on]"
        }
        "pass" => {
            "pass  inside braces, a move to the position itself: {0 | pass} is a position whose
  Right option is itself. Labelled positions write longer cycles: a{0 | b{a | 0}}
  example: {0|pass}  # over"
        }
        _ => return None,
    };
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::{notation_help, CONSTANTS, FAMILIES};
    use crate::eval::{evaluate, Interpreter};

    /// Every word `:help` lists has help, and each example says what cg computes for it.
    #[test]
    fn examples_print_what_they_say() {
        let mut texts: Vec<&str> = FAMILIES
            .iter()
            .chain(CONSTANTS)
            .map(|written| written.split(' ').next().expect("a word"))
            .map(|word| notation_help(word).expect("a word of the notation"))
            .collect();
        texts.dedup();
        for text in texts {
            let example = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("example: "))
                .expect("an example");
            let (code, said) = example.split_once("  # ").expect("a stated value");
            let mut interpreter = Interpreter::new();
            let value = evaluate(&mut interpreter, code).expect("the example runs");
            assert_eq!(value.to_string(), said, "{code}");
        }
        assert_eq!(notation_help("grundy"), None);
    }
}
