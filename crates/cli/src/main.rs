//! The `blitz` command: parses the command line into a plain config and hands it to
//! the library. Nothing here knows the rules.

#[macro_use]
mod output;
mod cli;
use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "blitz",
    version,
    about = "Play-by-e-mail umpire for BLITZKRIEG (Avalon Hill, 1975)",
    long_about = "Checks a player's orders against the rules, resolves combat on the \
                  play-by-mail tables from a published seed, and writes the next state, \
                  the turn report and the next order template. `blitz demo` plays a sample."
)]
#[command(disable_help_subcommand = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    #[command(flatten)]
    global: cli::global::GlobalArgs,
}

#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per run
enum Command {
    /// Play a complete sample game on the embedded board and print where its files are.
    Demo(cli::demo::Args),
    /// Create a new game in its set-up phase, or from a position file (--position).
    New(cli::new::Args),
    /// Check an order file against a state without resolving anything.
    Check(cli::check::Args),
    /// Print the commitment to mail before the seed is published.
    Commit(cli::commit::Args),
    /// Resolve a player-turn: write the new state, the report and the next template.
    Resolve(cli::resolve::Args),
    /// Replay a whole game folder and say where the first divergence is.
    Verify(cli::verify::Args),
    /// Finish (or discard) a write a killed command left in a game folder.
    Repair(cli::repair::Args),
    /// Print the report of the turn that produced a state.
    Report(cli::report::Args),
    /// Print a summary of the position in a state.
    Show(cli::show::Args),
    /// Write a state as a position file, to start another game from it.
    Position(cli::position::Args),
    /// The hexes each unit can end its move in this player-turn, and what stops it.
    Reach(cli::reach::Args),
    /// Describe a hex or draw the board (and the counters of a state) as SVG or PNG.
    Board(cli::board::Args),
    /// Write one HTML page to step through a whole game, player-turn by player-turn.
    Html(cli::html::Args),
    /// Print the digits or dice a seed gives for a game, turn and roll ids.
    Roll(cli::roll::Args),
    /// Fetch a drand round from the relays and keep it: `blitz seed fetch ROUND`.
    Seed(cli::seed::Args),
    /// Print a combat table as players know it.
    Tables(cli::tables::Args),
    /// Mail a turn to both players (outbox file, SMTP or sendmail).
    Mail(cli::mail::Args),
    /// Mori's game: make your secret for a game, or reveal it when the war is over.
    Secret(cli::secret::Args),
    /// BLITZKRIEG '85: the cost of a purchase list and the commitment to mail (37.21).
    Purchase(cli::purchase::Args),
    /// Print the shell completion script for bash, zsh, fish, elvish or powershell.
    Completions(cli::completions::Args),
    /// Print the manual page (roff), of blitz or of one command.
    Man(cli::man::Args),
    /// Print the help of a command, or a guide: `blitz help orders`.
    Help(cli::help::Args),
}

/// `blitz --version` (or `-V`) alone, answered as clap answers it (`blitz 0.10.0`) without
/// building the parser of every command first: the one call whose whole cost is
/// start-up.
fn version_only() -> bool {
    let mut args = std::env::args_os().skip(1);
    matches!((args.next(), args.next()), (Some(a), None) if a == "--version" || a == "-V")
}

fn main() -> ExitCode {
    if version_only() {
        outln!("blitz {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    let parsed = Cli::parse();
    cli::global::init(&parsed.global);
    let result = match parsed.command {
        Command::Demo(a) => cli::demo::run(a),
        Command::New(a) => cli::new::run(a),
        Command::Check(a) => cli::check::run(a),
        Command::Commit(a) => cli::commit::run(a),
        Command::Resolve(a) => cli::resolve::run(a),
        Command::Verify(a) => cli::verify::run(a),
        Command::Repair(a) => cli::repair::run(a),
        Command::Report(a) => cli::report::run(a),
        Command::Show(a) => cli::show::run(a),
        Command::Position(a) => cli::position::run(a),
        Command::Reach(a) => cli::reach::run(a),
        Command::Board(a) => cli::board::run(a),
        Command::Html(a) => cli::html::run(a),
        Command::Roll(a) => cli::roll::run(a),
        Command::Seed(a) => cli::seed::run(a),
        Command::Tables(a) => cli::tables::run(a),
        Command::Mail(a) => cli::mail::run(a),
        Command::Secret(a) => cli::secret::run(a),
        Command::Purchase(a) => cli::purchase::run(a),
        Command::Completions(a) => cli::completions::run(a, Cli::command()),
        Command::Man(a) => cli::man::run(a, Cli::command()),
        Command::Help(a) => cli::help::run(a, Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(report) => {
            errln!("{report:?}");
            ExitCode::from(2)
        }
    }
}
