//! Evaluation: values, the interpreter, the builtin functions and their errors.

pub mod builtins;
pub mod error;
pub mod interp;
pub mod value;

pub use error::{EvalError, EvalResult};
pub use interp::Interpreter;
pub use value::Value;

use crate::syntax::{parse_program, SyntaxError};

/// Whatever can go wrong between source text and a value.
#[derive(Debug)]
pub enum Error {
    Syntax(SyntaxError),
    Eval(EvalError),
}

impl Error {
    /// The miette report of this error about `source`.
    pub fn render(self, name: &str, source: &str, colours: bool) -> String {
        match self {
            Error::Syntax(e) => crate::diag::render(e, name, source, colours),
            Error::Eval(e) => crate::diag::render(e, name, source, colours),
        }
    }
}

/// Parses and evaluates a program (expressions separated by `;`), returning every value.
pub fn run(interpreter: &mut Interpreter, source: &str) -> Result<Vec<Value>, Error> {
    let mut values = Vec::new();
    run_each(interpreter, source, |v| values.push(v))?;
    Ok(values)
}

/// Parses a program, then evaluates its expressions in order, handing each value to `emit` as
/// soon as it is computed (so a script's output up to an error is not lost).
pub fn run_each(
    interpreter: &mut Interpreter,
    source: &str,
    mut emit: impl FnMut(Value),
) -> Result<(), Error> {
    let program = parse_program(source).map_err(Error::Syntax)?;
    for e in &program {
        emit(interpreter.eval(e).map_err(Error::Eval)?);
    }
    Ok(())
}
