//! Evaluating cg text in a test: the game a program gives, or a failure that names it.

use cg::core::Game;
use cg::eval::Interpreter;

/// The game `text` evaluates to in `interpreter`; the test fails if it is an error or no game.
pub fn game_of(interpreter: &mut Interpreter, text: &str) -> Game {
    let value = cg::eval::evaluate(interpreter, text)
        .unwrap_or_else(|e| panic!("`{text}` does not evaluate: {e:?}"));
    value
        .to_game()
        .unwrap_or_else(|| panic!("`{text}` gave {value}, not a game"))
}
