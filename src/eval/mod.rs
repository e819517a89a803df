//! Evaluation: values, resolution of names to slots, the interpreter, the builtin functions and
//! their errors.

pub mod abbreviate;
pub mod builtins;
pub mod bytecode;
pub mod compile;
pub mod error;
pub mod function;
pub mod heap;
mod heap_sketch;
pub mod interp;
pub mod ir;
pub mod latex;
pub mod loopy;
mod loopy_ruleset;
mod lower;
pub mod misere;
pub mod nim_list;
pub mod num;
pub mod ops;
pub mod parallel;
mod parallel_list;
mod parallel_map;
pub mod portable;
pub mod portable_code;
pub mod portable_function;
pub mod position;
mod position_table;
pub mod rule_call;
pub mod ruleset;
pub mod shard;
mod small_pairs;
pub mod source;
pub mod stdlib;
pub mod store;
pub mod strategy;
pub mod table;
pub mod value;
mod vm;

use std::rc::Rc;

pub use compile::Mode;
pub use error::{EvalError, EvalResult};
pub use interp::Interpreter;
pub use source::Source;
pub use value::Value;

use crate::syntax::SyntaxError;

/// Whatever can go wrong between source text and a value.
#[derive(Debug)]
pub enum Error {
    Syntax(SyntaxError),
    Eval(EvalError),
}

impl Error {
    /// The miette report of this error (about `source`, unless it arose in another file).
    pub fn render(self, source: &Rc<Source>, colours: bool) -> String {
        match self {
            Error::Syntax(e) => crate::diag::render(&e, &source.name, &source.text, colours),
            Error::Eval(e) => {
                crate::diag::render_diagnostic(&error::Located::new(e, source), colours)
            }
        }
    }
}

/// Evaluates `text` (statements separated by `;` or line breaks) in `interpreter` and returns
/// the value of its last statement. Convenient for tests and `cg -e`.
pub fn evaluate(interpreter: &mut Interpreter, text: &str) -> Result<Value, Error> {
    let source = Rc::new(Source::new("<expr>", text, None));
    interpreter.run_source(source, Mode::LastValue)
}
