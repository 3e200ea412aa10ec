//! Writing to standard output and standard error without panicking, and how loud the
//! program is. Data (a report, a position, a commitment, a verdict) goes to standard
//! output; messages (what was written where, what to do next, errors) go to standard
//! error, the same for every command. `--quiet` silences the messages that are not
//! errors; `--verbose` adds what was read and from where.
//!
//! A closed standard output (`blitz verify g | head -1`) ends the program at once,
//! quietly, with exit code 141, as a shell reports a program stopped by SIGPIPE; any
//! other failure to write it ends the program with exit code 2. A closed standard
//! error is ignored: there is nowhere left to say anything.
//!
//! The loudness and the colour are chosen once, by `main`, from the command line
//! before any command runs ([`init`]), and only read afterwards: the one setting of
//! the program that is not passed down as an argument, because every message reads it.

use std::fmt;
use std::io::{ErrorKind, IsTerminal, Write};
use std::sync::OnceLock;

/// The exit code when standard output is closed before everything was written:
/// 128 + SIGPIPE (13), what a shell shows for a program that a closed pipe stopped.
pub const CLOSED_PIPE: i32 = 141;

/// How many messages to print on standard error.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Errors only (`--quiet`).
    Quiet,
    /// Errors and what each command did (the default).
    #[default]
    Normal,
    /// Also what was read and from where (`--verbose`).
    Verbose,
}

/// `--color`: whether messages and diagnostics on standard error are coloured.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ColorChoice {
    /// Colour on a terminal, unless `NO_COLOR` is set; always with `CLICOLOR_FORCE`.
    #[default]
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

impl ColorChoice {
    /// Whether to colour: the flag first, then `NO_COLOR` (set and not empty: never),
    /// then `CLICOLOR_FORCE` (set and not `0`: always), then whether standard error is
    /// a terminal.
    pub fn resolve(self, env: impl Fn(&str) -> Option<String>, terminal: bool) -> bool {
        match self {
            ColorChoice::Always => true,
            ColorChoice::Never => false,
            ColorChoice::Auto => {
                if env("NO_COLOR").is_some_and(|v| !v.is_empty()) {
                    false
                } else if env("CLICOLOR_FORCE").is_some_and(|v| !v.is_empty() && v != "0") {
                    true
                } else {
                    terminal
                }
            }
        }
    }
}

/// The settings chosen on the command line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub level: Level,
    pub color: bool,
}

static SETTINGS: OnceLock<Settings> = OnceLock::new();

/// Fixes the settings for the rest of the run (a second call changes nothing).
pub fn init(settings: Settings) {
    let _ = SETTINGS.set(settings);
}

/// The settings of this run (the defaults before [`init`]: normal, colour on a terminal).
pub fn settings() -> Settings {
    SETTINGS.get().copied().unwrap_or_else(|| Settings {
        level: Level::Normal,
        color: ColorChoice::Auto
            .resolve(|k| std::env::var(k).ok(), std::io::stderr().is_terminal()),
    })
}

/// Whether messages at `level` are printed.
pub fn shows(level: Level) -> bool {
    settings().level >= level
}

/// Writes to standard output (see the module's header for failures).
pub fn stdout(args: fmt::Arguments<'_>) {
    let mut out = std::io::stdout().lock();
    ended(out.write_fmt(args).and_then(|()| out.flush()));
}

/// Writes bytes (a picture) to standard output, as [`stdout`] writes text.
pub fn stdout_bytes(bytes: &[u8]) {
    let mut out = std::io::stdout().lock();
    ended(out.write_all(bytes).and_then(|()| out.flush()));
}

/// Ends the program as the module's header says when writing standard output failed.
fn ended(written: std::io::Result<()>) {
    if let Err(e) = written {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED_PIPE);
        }
        stderr(format_args!("error: could not write the output: {e}\n"));
        std::process::exit(2);
    }
}

/// Writes to standard error, ignoring a failure: in one write, as the message is
/// formatted whole first (standard error is not buffered, so formatting straight into
/// it writes each piece of a line on its own).
pub fn stderr(args: fmt::Arguments<'_>) {
    let mut err = std::io::stderr().lock();
    let _ = match args.as_str() {
        Some(text) => err.write_all(text.as_bytes()),
        None => err.write_all(fmt::format(args).as_bytes()),
    };
}

/// Writes a message to standard error when the run is at least this loud.
pub fn message(level: Level, args: fmt::Arguments<'_>) {
    if shows(level) {
        stderr(args);
    }
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

/// `eprint!` that never panics (errors: printed even with `--quiet`).
macro_rules! err {
    ($($t:tt)*) => { $crate::output::stderr(format_args!($($t)*)) };
}

/// `eprintln!` that never panics (errors: printed even with `--quiet`).
macro_rules! errln {
    () => { $crate::output::stderr(format_args!("\n")) };
    ($($t:tt)*) => { $crate::output::stderr(format_args!("{}\n", format_args!($($t)*))) };
}

/// A message on standard error saying what the command did or what to do next
/// (`wrote ...`); silenced by `--quiet`.
macro_rules! note {
    ($($t:tt)*) => {
        $crate::output::message(
            $crate::output::Level::Normal,
            format_args!("{}\n", format_args!($($t)*)),
        )
    };
}

/// A message on standard error printed only with `--verbose` (what was read, from where).
macro_rules! info {
    ($($t:tt)*) => {
        $crate::output::message(
            $crate::output::Level::Verbose,
            format_args!("{}\n", format_args!($($t)*)),
        )
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(pairs: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |k| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| (*v).to_string())
        }
    }

    #[test]
    fn colour_follows_flag_then_no_color_then_clicolor_force_then_terminal() {
        assert!(ColorChoice::Always.resolve(env(&[("NO_COLOR", "1")]), false));
        assert!(!ColorChoice::Never.resolve(env(&[("CLICOLOR_FORCE", "1")]), true));
        assert!(!ColorChoice::Auto.resolve(env(&[("NO_COLOR", "1")]), true));
        assert!(ColorChoice::Auto.resolve(env(&[("NO_COLOR", "")]), true));
        assert!(ColorChoice::Auto.resolve(env(&[("CLICOLOR_FORCE", "1")]), false));
        assert!(!ColorChoice::Auto.resolve(env(&[("CLICOLOR_FORCE", "0")]), false));
        assert!(
            !ColorChoice::Auto.resolve(env(&[("NO_COLOR", "1"), ("CLICOLOR_FORCE", "1")]), true)
        );
        assert!(!ColorChoice::Auto.resolve(env(&[]), false));
        assert!(ColorChoice::Auto.resolve(env(&[]), true));
    }
}
