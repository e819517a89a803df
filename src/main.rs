//! The `cg` command: `cg -e EXPR` evaluates and prints; `cg FILE.cg` runs a script; `cg` alone
//! reads expressions line by line (a prompt when the input is a terminal).

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use cg::eval::{run, run_each, Interpreter};

/// Evaluation runs on a thread with a large stack: canonical forms recurse over options.
const STACK_BYTES: usize = 512 << 20;

const USAGE: &str = "\
usage: cg                 start the interactive session
       cg FILE.cg         run a script
       cg -e 'EXPR'       print the value of EXPR
       cg --help | --version";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let worker = std::thread::Builder::new()
        .name("cg".into())
        .stack_size(STACK_BYTES)
        .spawn(move || dispatch(&args));
    match worker.and_then(|w| w.join().map_err(|_| std::io::Error::other("panic"))) {
        Ok(code) => ExitCode::from(code),
        Err(_) => {
            eprintln!("cg: internal error (this is a bug; please report it with the input)");
            ExitCode::from(2)
        }
    }
}

fn dispatch(args: &[String]) -> u8 {
    match args {
        [] => interactive(),
        [flag] if flag == "--help" || flag == "-h" => {
            println!(
                "cg {}: combinatorial game theory\n\n{USAGE}",
                env!("CARGO_PKG_VERSION")
            );
            0
        }
        [flag] if flag == "--version" || flag == "-V" => {
            println!("cg {}", env!("CARGO_PKG_VERSION"));
            0
        }
        [flag, expr] if flag == "-e" => evaluate_and_print(expr, "<expr>", true),
        [file, ..] if !file.starts_with('-') => match std::fs::read_to_string(file) {
            Ok(source) => evaluate_and_print(&source, file, false),
            Err(e) => {
                eprintln!("cg: cannot read {file}: {e}");
                1
            }
        },
        _ => {
            eprintln!("{USAGE}");
            2
        }
    }
}

/// Evaluates `source`; prints the last value (`last_only`) or every value; 0 on success, 1 on
/// an error (reported on stderr).
fn evaluate_and_print(source: &str, name: &str, last_only: bool) -> u8 {
    let mut interpreter = Interpreter::new();
    let mut last = None;
    let outcome = run_each(&mut interpreter, source, |v| {
        if last_only {
            last = Some(v);
        } else {
            println!("{v}");
        }
    });
    if let (Ok(()), Some(v)) = (&outcome, last) {
        println!("{v}");
    }
    match outcome {
        Ok(()) => 0,
        Err(e) => {
            eprint!("{}", e.render(name, source, cg::diag::colours_wanted()));
            1
        }
    }
}

/// A plain read-evaluate-print loop; the full REPL (history, completion) is built on it later.
fn interactive() -> u8 {
    let terminal = std::io::stdin().is_terminal();
    let mut interpreter = Interpreter::new();
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if terminal {
            print!("cg> ");
            let _ = std::io::stdout().flush();
        }
        let Some(Ok(line)) = lines.next() else { break };
        if line.trim().is_empty() {
            continue;
        }
        match run(&mut interpreter, &line) {
            Ok(values) => {
                if let Some(v) = values.last() {
                    println!("{v}");
                }
            }
            Err(e) => eprint!("{}", e.render("<input>", &line, cg::diag::colours_wanted())),
        }
    }
    0
}
