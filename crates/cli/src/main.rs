//! The `blitz` command: parses the command line into a plain config and hands it to
//! the library. Nothing here knows the rules.

#[macro_use]
mod output;
mod cli;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::process::ExitCode;

/// What `blitz --help` says first.
const ABOUT: &str = "Play-by-e-mail umpire for BLITZKRIEG (Avalon Hill, 1975)";
/// What `blitz --help` says after it.
const LONG_ABOUT: &str = "Checks a player's orders against the rules, resolves combat on the \
                          play-by-mail tables from a published seed, and writes the next state, \
                          the turn report and the next order template. `blitz demo` plays a sample.";

#[derive(Parser, Debug)]
#[command(
    name = "blitz",
    version,
    about = ABOUT,
    long_about = LONG_ABOUT
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

/// The command line of `check` and `resolve`, the commands a game runs every
/// player-turn, parsed by a parser of those two commands alone: clap builds, parses
/// and frees the arguments of every command it is given, and the other twenty cost
/// more than the command's own. Chosen only when the first argument names one of the
/// two (`hot_command`), so every argument after it is read as the whole parser reads
/// it; each command's help and errors are the whole parser's (a test holds them
/// equal), since neither mentions the other commands.
#[derive(Parser, Debug)]
#[command(name = "blitz", version, about = ABOUT, long_about = LONG_ABOUT)]
#[command(disable_help_subcommand = true)]
struct Hot {
    #[command(subcommand)]
    command: HotCommand,
    #[command(flatten)]
    global: cli::global::GlobalArgs,
}

/// The commands of [`Hot`], with the same doc comments as in [`Command`].
#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per run
enum HotCommand {
    /// Check an order file against a state without resolving anything.
    Check(cli::check::Args),
    /// Resolve a player-turn: write the new state, the report and the next template.
    Resolve(cli::resolve::Args),
}

/// How many commands [`Command`] has beyond [`HotCommand`]'s. clap numbers a parser's
/// commands and options in one sequence, the order its help lists options in where
/// it does not sort them by name: the options every command takes (`--quiet`,
/// `--verbose`, `--color`) come after all the commands, so in the whole parser they
/// are numbered this many places later than in [`Hot`], and each command's help
/// lists them after its own options.
const OTHER_COMMANDS: usize = 20;

/// [`Hot`]'s parser, the options every command takes numbered as the whole parser
/// numbers them (see [`OTHER_COMMANDS`]).
fn hot_parser() -> clap::Command {
    Hot::command().mut_args(|a| {
        if a.is_global_set() {
            let order = a.get_display_order() + OTHER_COMMANDS;
            a.display_order(order)
        } else {
            a
        }
    })
}

/// The first argument is `check` or `resolve`: [`Hot`] parses the command line.
fn hot_command(first: Option<&std::ffi::OsStr>) -> bool {
    matches!(first, Some(a) if a == "check" || a == "resolve")
}

/// The command line, parsed by [`Hot`] when it names `check` or `resolve`, else by
/// the parser of every command.
fn parse() -> Cli {
    if !hot_command(std::env::args_os().nth(1).as_deref()) {
        return Cli::parse();
    }
    // As `Parser::parse` parses, with the parser of `hot_parser`.
    let mut matches = hot_parser().get_matches();
    let hot = Hot::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| e.format(&mut hot_parser()).exit());
    Cli {
        command: match hot.command {
            HotCommand::Check(a) => Command::Check(a),
            HotCommand::Resolve(a) => Command::Resolve(a),
        },
        global: hot.global,
    }
}

/// `blitz --version` (or `-V`) alone, answered as clap answers it (`blitz 0.10.0`) without
/// building the parser of every command first: the one call whose whole cost is
/// start-up.
fn version_only() -> bool {
    let mut args = std::env::args_os().skip(1);
    matches!((args.next(), args.next()), (Some(a), None) if a == "--version" || a == "-V")
}

/// The block [`keep_the_heap`] asks for: larger than any buffer a short command holds
/// at once (a state, a report, a page of the replay), smaller than a map's raster.
const KEPT_HEAP_BYTES: usize = 1 << 20;

/// Asks the C library's allocator to keep the memory of its heap while the command
/// runs, by asking for one block of [`KEPT_HEAP_BYTES`] and giving it back untouched.
/// glibc maps a block larger than 128 kB on its own; when one is given back it maps
/// on their own only blocks larger than that one from then on, and gives the top of
/// its heap back to the system only when twice that lies free there. Without it a
/// `resolve` gave the top of its heap back three times and took it again, each page
/// taken again costing a page fault. With another allocator it is a block asked for
/// and given back.
fn keep_the_heap() {
    // Opaque to the optimiser, which would otherwise leave out an unused allocation.
    drop(std::hint::black_box(Vec::<u8>::with_capacity(
        KEPT_HEAP_BYTES,
    )));
}

fn main() -> ExitCode {
    if version_only() {
        outln!("blitz {}", env!("CARGO_PKG_VERSION"));
        return ExitCode::SUCCESS;
    }
    keep_the_heap();
    let parsed = parse();
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What a parser answers to a command line: `Ok` with the command's name, or the
    /// error (help and usage are errors to clap) as it would be printed.
    fn answer(mut parser: clap::Command, line: &[&str]) -> Result<String, (String, String)> {
        match parser.try_get_matches_from_mut(line) {
            Ok(m) => Ok(m.subcommand_name().unwrap_or_default().to_string()),
            Err(e) => Err((format!("{:?}", e.kind()), e.render().ansi().to_string())),
        }
    }

    #[test]
    fn the_hot_parser_answers_as_the_whole_parser_does() {
        let lines: &[&[&str]] = &[
            &["blitz", "check"],
            &["blitz", "check", "--help"],
            &["blitz", "check", "-h"],
            &["blitz", "check", "--version"],
            &["blitz", "check", "s.ron"],
            &["blitz", "check", "s.ron", "o.toml"],
            &["blitz", "check", "s.ron", "o.toml", "extra"],
            &["blitz", "check", "--sigature", "x", "s.ron", "o.toml"],
            &["blitz", "check", "--quiet", "--verbose", "s.ron", "o.toml"],
            &["blitz", "check", "--color", "bogus", "s.ron", "o.toml"],
            &["blitz", "check", "--format", "json", "s.ron", "o.toml"],
            &["blitz", "check", "--format", "xml", "s.ron", "o.toml"],
            &["blitz", "resolve"],
            &["blitz", "resolve", "--help"],
            &["blitz", "resolve", "-h"],
            &["blitz", "resolve", "s.ron", "o.toml", "--beacon"],
            &[
                "blitz",
                "resolve",
                "s.ron",
                "o.toml",
                "--seed-text",
                "a",
                "--force",
            ],
            &["blitz", "resolve", "s.ron", "o.toml", "--outt", "d"],
            &[
                "blitz", "resolve", "-q", "s.ron", "o.toml", "--out", "d", "--force",
            ],
        ];
        for line in lines {
            let whole = answer(Cli::command(), line);
            assert_eq!(answer(hot_parser(), line), whole, "{line:?}");
        }
    }

    #[test]
    fn the_hot_parser_is_chosen_for_its_commands_alone() {
        let hot: Vec<String> = Hot::command()
            .get_subcommands()
            .map(|c| c.get_name().to_string())
            .collect();
        assert_eq!(hot, ["check", "resolve"]);
        let whole = Cli::command();
        assert_eq!(whole.get_subcommands().count(), hot.len() + OTHER_COMMANDS);
        let globals = |c: &clap::Command| -> Vec<(String, usize)> {
            c.get_arguments()
                .filter(|a| a.is_global_set())
                .map(|a| (a.get_id().to_string(), a.get_display_order()))
                .collect()
        };
        assert_eq!(globals(&hot_parser()), globals(&whole));
        assert_eq!(globals(&whole).len(), 3);
        for name in &hot {
            assert!(hot_command(Some(std::ffi::OsStr::new(name))));
        }
        for first in [
            "checks", "Check", "commit", "help", "--quiet", "-q", "--help", "",
        ] {
            assert!(!hot_command(Some(std::ffi::OsStr::new(first))), "{first}");
        }
        assert!(!hot_command(None));
    }
}
