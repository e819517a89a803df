//! The `cg` command: `cg -e EXPR` evaluates and prints; `cg FILE.cg [ARGS...]` runs a script;
//! `cg` alone starts the interactive session (or, with input piped in, reads statements from it).

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

use cg::core::quiet_interrupt_panics;
use cg::eval::interp::print_line;
use cg::eval::shard;
use cg::eval::{Interpreter, Mode, Source, Value};

/// Large tables on huge pages (see `cg::huge_pages`).
#[global_allocator]
static ALLOCATOR: cg::huge_pages::HugePageHint = cg::huge_pages::HugePageHint;

/// Evaluation runs on a thread with a large stack: canonical forms and user functions recurse.
const STACK_BYTES: usize = 1 << 30;

const USAGE: &str = "\
usage: cg                        start the interactive session
       cg FILE.cg [ARGS...]      run a script (its arguments are the list `args`)
       cg -e 'EXPR'              print the value of EXPR (statements separated by `;`)
       cg --store FILE ...       any of the above, keeping computed values in the store FILE
       cg --threads N ...        any of the above, valuing ruleset positions and heap
                                 sequences on N threads (default: CG_THREADS, else every core)
       cg --max-memory SIZE ...  any of the above, stopping a table that would grow past SIZE
                                 (as 512M or 8G; nine tenths of the machine's memory by default)
       cg --shard I/N --store PART FILE.cg [ARGS...]
                                 run part I of N (I from 1, as `#SBATCH --array=1-N`):
                                 shard(xs) gives every N-th element of xs from the I-th; the
                                 part's values and its place in the run are kept in PART
       cg merge PART... [-o OUT] [--no-run]
                                 check that the PARTs are parts 1..N of one run, merge their
                                 stores (into OUT), and run the script once more on the merged
                                 store: it prints what one process running it whole prints
       cg store gc FILE          drop what no definition of the standard library matches
       cg jupyter install | kernel  the Jupyter kernel (cg jupyter for more)
       cg --install-kernel       the same as cg jupyter install
       cg --help | --version";

fn main() -> ExitCode {
    quiet_interrupt_panics();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(bytes) = cg::core::memory::default_memory_limit() {
        cg::core::memory::set_memory_limit(bytes);
    }
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
        [flag, size, rest @ ..] if flag == "--max-memory" => {
            match cg::core::memory::parse_size(size) {
                Some(bytes) => {
                    cg::core::memory::set_memory_limit(bytes);
                    dispatch(rest)
                }
                None => {
                    eprintln!(
                        "cg: `{size}` is not a size: write it as 512M, 8G or a number of bytes"
                    );
                    2
                }
            }
        }
        [flag, file, rest @ ..] if flag == "--store" => {
            match cg::eval::store::open(file.as_ref()) {
                Ok(()) => dispatch(rest),
                Err(e) => {
                    eprintln!("cg: {e}");
                    1
                }
            }
        }
        [flag, n, rest @ ..] if flag == "--threads" => match n.parse::<usize>() {
            Ok(n) if n > 0 => {
                cg::eval::parallel::set_threads(n);
                dispatch(rest)
            }
            _ => {
                eprintln!("cg: --threads wants a positive number of threads, not `{n}`");
                2
            }
        },
        [flag, part, rest @ ..] if flag == "--shard" => match shard::parse_part(part) {
            Ok(part) => {
                shard::set_part(part);
                dispatch(rest)
            }
            Err(e) => {
                eprintln!("cg: {e}");
                2
            }
        },
        [command, rest @ ..] if command == "merge" => merge(rest),
        [command, gc, file] if command == "store" && gc == "gc" => {
            let expr = ["--store", file, "-e", "store_gc()"].map(String::from);
            dispatch(&expr)
        }
        [flag] if flag == "--help" || flag == "-h" => {
            print_line(&format!(
                "cg {}: combinatorial game theory\n\n{USAGE}",
                env!("CARGO_PKG_VERSION")
            ));
            0
        }
        [flag] if flag == "--version" || flag == "-V" => {
            print_line(&format!("cg {}", env!("CARGO_PKG_VERSION")));
            0
        }
        [command, rest @ ..] if command == "jupyter" => cg::jupyter::main(rest),
        [flag, rest @ ..] if flag == "--install-kernel" => cg::jupyter::install_kernel(rest),
        [flag, expr] if flag == "-e" => run_program(Program {
            name: "<expr>".into(),
            text: expr.clone(),
            args: Vec::new(),
            expression: true,
        }),
        // `cg script.cg --shard I/N --store PART ...`, as job scripts write it, is
        // `cg --shard I/N --store PART script.cg ...`: the arguments of the script follow.
        [file, flag, value, rest @ ..]
            if matches!(flag.as_str(), "--shard" | "--store") && !file.starts_with('-') =>
        {
            let mut moved = vec![flag.clone(), value.clone(), file.clone()];
            moved.extend_from_slice(rest);
            dispatch(&moved)
        }
        [file, rest @ ..] if !file.starts_with('-') => match std::fs::read_to_string(file) {
            Ok(text) => run_program(Program {
                name: file.clone(),
                text,
                args: rest.to_vec(),
                expression: false,
            }),
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

/// A script, or the text of `cg -e`, with its arguments.
struct Program {
    name: String,
    text: String,
    args: Vec<String>,
    /// From `-e`: its last value is printed, not the value of each statement.
    expression: bool,
}

/// Runs `program` in a fresh interpreter; in a part of a split run (`--shard`), notes the
/// part in the store before and its success after, for `cg merge`.
fn run_program(program: Program) -> u8 {
    let mut interpreter = Interpreter::new();
    shard::set_run(&run_key(&program));
    let part = shard::part();
    if let Some(part) = part {
        let row = cg::eval::store::PartRow {
            index: part.index,
            count: part.count,
            name: program.name.clone(),
            text: program.text.clone(),
            args: program.args.clone(),
            expression: program.expression,
            engine: cg::eval::store::definition_hash::ENGINE_VERSION.to_string(),
            finished: false,
            splits: String::new(),
        };
        if let Err(e) = cg::eval::store::record_part(&row) {
            eprintln!("cg: {e}");
            return 1;
        }
    }
    let (source, mode) = if program.expression {
        (Source::new("<expr>", program.text, None), Mode::LastValue)
    } else {
        let script_args = program.args.iter().map(|a| Value::str(a)).collect();
        interpreter.globals.define("args", Value::list(script_args));
        let path = Some(PathBuf::from(&program.name));
        (
            Source::new(program.name.as_str(), program.text, path),
            Mode::Echo,
        )
    };
    let code = run(&mut interpreter, Rc::new(source), mode);
    if let (Some(part), 0) = (part, code) {
        let splits: Vec<String> = shard::split_lengths().iter().map(u64::to_string).collect();
        if let Err(e) = cg::eval::store::finish_part(part.index, &splits.join(",")) {
            eprintln!("cg: {e}");
            return 1;
        }
    }
    code
}

/// What names a run for the results `shard_map` keeps: its text, arguments and kind.
fn run_key(program: &Program) -> Vec<u8> {
    let mut described = vec![u8::from(program.expression)];
    for piece in std::iter::once(&program.text).chain(&program.args) {
        described.extend_from_slice(&(piece.len() as u64).to_le_bytes());
        described.extend_from_slice(piece.as_bytes());
    }
    cg::eval::store::definition_hash::hash(&described).to_vec()
}

/// `cg merge PART... [-o OUT] [--no-run]`: see `cg::eval::store::merge`.
fn merge(args: &[String]) -> u8 {
    const MERGE_USAGE: &str = "usage: cg merge PART... [-o OUT] [--no-run]";
    let mut inputs = Vec::new();
    let mut out = None;
    let mut run_again = true;
    let mut rest = args.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "-o" | "--output" => match rest.next() {
                Some(file) => out = Some(PathBuf::from(file)),
                None => {
                    eprintln!("cg merge: -o wants the file of the merged store\n{MERGE_USAGE}");
                    return 2;
                }
            },
            "--no-run" => run_again = false,
            _ if arg.starts_with('-') => {
                eprintln!("cg merge: unknown option `{arg}`\n{MERGE_USAGE}");
                return 2;
            }
            _ => inputs.push(PathBuf::from(arg)),
        }
    }
    if shard::part().is_some() {
        eprintln!("cg merge: the merged run is the whole run; leave out --shard");
        return 2;
    }
    if !run_again && out.is_none() {
        eprintln!("cg merge: --no-run keeps only the merged store: say where with -o OUT");
        return 2;
    }
    let temporary = out.is_none();
    let out = out.unwrap_or_else(|| {
        std::env::temp_dir().join(format!("cg-merge-{}.cgstore", std::process::id()))
    });
    let code = match cg::eval::store::merge::merge(&inputs, &out) {
        Err(e) => {
            eprintln!("cg merge: {e}");
            1
        }
        Ok(_) if !run_again => 0,
        Ok(run) => match cg::eval::store::open(&out) {
            Ok(()) => run_program(Program {
                name: run.name,
                text: run.text,
                args: run.args,
                expression: run.expression,
            }),
            Err(e) => {
                eprintln!("cg merge: {e}");
                1
            }
        },
    };
    if temporary {
        let _ = cg::eval::store::close();
        for suffix in ["", "-wal", "-shm"] {
            let mut file = out.clone().into_os_string();
            file.push(suffix);
            let _ = std::fs::remove_file(file);
        }
    }
    code
}

/// Runs `source`; prints the result in `Mode::LastValue`; 0 on success, 1 after reporting an
/// error on stderr.
fn run(interpreter: &mut Interpreter, source: Rc<Source>, mode: Mode) -> u8 {
    // Ctrl-C stops the computation with a message (status 130, as a shell reports SIGINT).
    let _ = ctrlc::set_handler(cg::core::request_interrupt);
    let watch = cg::progress::Watch::start();
    // The value is printed inside: printing 10^8 values can take long enough to interrupt.
    let result = cg::core::catch_interrupt(|| {
        let result = interpreter.run_source(source.clone(), mode);
        if let Ok(value) = &result {
            if !matches!(value, Value::Nothing) {
                print_line(&value.to_string());
            }
        }
        result.map(|_| ())
    });
    drop(watch);
    let Ok(result) = result else {
        eprintln!("interrupted");
        return 130;
    };
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprint!("{}", e.render(&source, cg::diag::colours_wanted()));
            1
        }
    }
}

/// The interactive session on a terminal; with input piped in, reads statements from it (a
/// line that leaves a construct open continues on the next), with no prompt and no colour.
fn interactive() -> u8 {
    if std::io::stdin().is_terminal() {
        return cg::repl::run();
    }
    let mut session = cg::repl::Session::new();
    // Ctrl-C stops a computation as at the prompt, and the rest of the input is not run;
    // while cg waits for input it ends the session at once.
    let _ = ctrlc::set_handler(|| {
        if BUSY.load(Ordering::SeqCst) {
            cg::core::request_interrupt();
            // The input may have finished between the test and the request, and then nothing
            // would take the request: whichever of this test and the one after the input
            // (`handle_piped`) comes second sees the other side's write, so one of them ends cg.
            std::sync::atomic::fence(Ordering::SeqCst);
            if !BUSY.load(Ordering::SeqCst) {
                std::process::exit(130);
            }
        } else {
            std::process::exit(130);
        }
    });
    let stdin = std::io::stdin();
    let mut buffer = String::new();
    // One line at a time, without holding stdin: `:explore` and `:play` read their own
    // lines from it in between.
    loop {
        let mut line = String::new();
        match stdin.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        let line = line.trim_end_matches(['\n', '\r']);
        buffer.push_str(line);
        buffer.push('\n');
        if buffer.trim().is_empty() {
            buffer.clear();
            continue;
        }
        if cg::repl::needs_more(&buffer) {
            continue;
        }
        let input = std::mem::take(&mut buffer);
        match handle_piped(&mut session, &input) {
            Some(code) => return code,
            None => continue,
        }
    }
    if !buffer.trim().is_empty() {
        return handle_piped(&mut session, &buffer).unwrap_or(0);
    }
    0
}

/// Whether piped input is being evaluated (Ctrl-C then interrupts it rather than ending cg).
static BUSY: AtomicBool = AtomicBool::new(false);

/// Handles one piped input; `Some(status)` when the session ends there (`:q`, or Ctrl-C).
fn handle_piped(session: &mut cg::repl::Session, input: &str) -> Option<u8> {
    BUSY.store(true, Ordering::SeqCst);
    let more = session.handle(input, "<stdin>", false);
    BUSY.store(false, Ordering::SeqCst);
    std::sync::atomic::fence(Ordering::SeqCst);
    // A Ctrl-C that came as the input finished only asked for an interrupt, which no
    // computation is left to take: it ends the session, as Ctrl-C does while cg waits.
    if session.take_interrupted() || cg::core::interrupt_requested() {
        return Some(130);
    }
    (!more).then_some(0)
}
