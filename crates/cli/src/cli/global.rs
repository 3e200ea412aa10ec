//! The options every command takes: `--quiet`, `--verbose` and `--color`. They are
//! read once, before the command runs, into the output settings and the way errors
//! are drawn (`crate::output`).

use crate::output::{self, ColorChoice, Level, Settings};
use std::io::IsTerminal;

#[derive(clap::Args, Debug, Clone, Default)]
pub struct GlobalArgs {
    /// Print errors only: no `wrote ...` or what to do next (data still goes to
    /// standard output).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also say what was read and from where.
    #[arg(short, long, global = true)]
    pub verbose: bool,
    /// Colour the messages and diagnostics on standard error: `auto` on a terminal,
    /// unless NO_COLOR is set (CLICOLOR_FORCE=1 colours anywhere).
    #[arg(long, value_enum, value_name = "WHEN", global = true, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// Fixes the settings of this run and the way errors are drawn.
pub fn init(args: &GlobalArgs) {
    let color = args
        .color
        .resolve(|k| std::env::var(k).ok(), std::io::stderr().is_terminal());
    let level = if args.quiet {
        Level::Quiet
    } else if args.verbose {
        Level::Verbose
    } else {
        Level::Normal
    };
    output::init(Settings { level, color });
    let _ = miette::set_hook(Box::new(move |_| {
        let theme = if color {
            miette::GraphicalTheme::unicode()
        } else {
            miette::GraphicalTheme::unicode_nocolor()
        };
        Box::new(
            miette::MietteHandlerOpts::new()
                .color(color)
                .graphical_theme(theme)
                .build(),
        )
    }));
}
