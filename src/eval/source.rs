//! Source texts, named, so that any error can show the line it comes from, whichever file
//! (script, `load`ed file, standard library, command line) that is.

use std::path::PathBuf;

#[derive(Debug)]
pub struct Source {
    /// What reports call it: a path, `<expr>`, `<input>`, `stdlib/NAME.cg`.
    pub name: String,
    pub text: String,
    /// The file it was read from, for resolving `load` paths relative to it.
    pub path: Option<PathBuf>,
}

impl Source {
    pub fn new(name: impl Into<String>, text: impl Into<String>, path: Option<PathBuf>) -> Source {
        Source {
            name: name.into(),
            text: text.into(),
            path,
        }
    }
}
