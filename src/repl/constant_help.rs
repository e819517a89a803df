//! `:help` for the named loopy games and `pass` (Winning Ways ch. 11; Siegel, *Combinatorial
//! Game Theory*, ch. VI): they are constants of the notation, not builtins or library
//! definitions.

/// The constants, in the order `:help` lists them.
pub const WORDS: &[&str] = &["on", "off", "over", "under", "dud", "upon", "pass"];

/// What `:help WORD` says of a loopy constant or `pass`, or `None` if `word` is not one.
pub fn constant_help(word: &str) -> Option<&'static str> {
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
    use super::{constant_help, WORDS};
    use crate::eval::{evaluate, Interpreter};

    /// Every constant has help, and each example says what cg computes for it.
    #[test]
    fn examples_print_what_they_say() {
        for word in WORDS {
            let text = constant_help(word).expect("a constant");
            let example = text
                .lines()
                .find_map(|l| l.trim().strip_prefix("example: "))
                .expect("an example");
            let (code, said) = example.split_once("  # ").expect("a stated value");
            let mut interpreter = Interpreter::new();
            let value = evaluate(&mut interpreter, code).expect("the example runs");
            assert_eq!(value.to_string(), said, "{word}: {code}");
        }
        assert_eq!(constant_help("grundy"), None);
    }
}
