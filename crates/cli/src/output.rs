//! Writing to standard output and standard error without panicking. A closed standard
//! output (`blitz verify g | head -1`) ends the program at once, quietly, with exit
//! code 141, as a shell reports a program stopped by SIGPIPE; any other failure to
//! write it ends the program with exit code 2. A closed standard error is ignored:
//! there is nowhere left to say anything.

use std::fmt;
use std::io::{ErrorKind, Write};

/// The exit code when standard output is closed before everything was written:
/// 128 + SIGPIPE (13), what a shell shows for a program that a closed pipe stopped.
pub const CLOSED_PIPE: i32 = 141;

/// Writes to standard output (see the module's header for failures).
pub fn stdout(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_fmt(args).and_then(|()| out.flush()) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE);
        }
        stderr(format_args!("error: could not write the output: {e}\n"));
        std::process::exit(2);
    }
}

/// Writes to standard error, ignoring a failure.
pub fn stderr(args: fmt::Arguments<'_>) {
    let _ = std::io::stderr().lock().write_fmt(args);
}

/// `print!` that never panics.
macro_rules! out {
    ($($t:tt)*) => { $crate::output::stdout(format_args!($($t)*)) };
}

/// `println!` that never panics.
macro_rules! outln {
    () => { $crate::output::stdout(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::stdout(format_args!("{}\n", format_args!($($t)*))) };
}

/// `eprint!` that never panics.
macro_rules! err {
    ($($t:tt)*) => { $crate::output::stderr(format_args!($($t)*)) };
}

/// `eprintln!` that never panics.
macro_rules! errln {
    () => { $crate::output::stderr(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::stderr(format_args!("{}\n", format_args!($($t)*))) };
}
