//! `blitz help [TOPIC]`: a command's help (`blitz help check` is `blitz check --help`),
//! or a guide that comes with the program: `blitz help orders`, the order file format,
//! which a player who was only sent the opening mail has nowhere else.

use miette::miette;
use std::process::ExitCode;

/// The guides `blitz help` knows, by name, with what each is.
const GUIDES: &[(&str, &str, &str)] = &[(
    "orders",
    "the order file: header, seed, set-up, moves, attacks, standing orders",
    blitzkrieg::guide::ORDERS,
)];

#[derive(clap::Args, Debug)]
pub struct Args {
    /// A guide (`orders`) or a command (`check`, `resolve`, ...).
    #[arg(value_name = "TOPIC")]
    pub topic: Option<String>,
}

pub fn run(args: Args, mut command: clap::Command) -> miette::Result<ExitCode> {
    let Some(topic) = args.topic.as_deref() else {
        out!("{}", command.render_long_help());
        outln!();
        outln!("Guides:");
        for (name, what, _) in GUIDES {
            outln!("  blitz help {name:<8} {what}");
        }
        return Ok(ExitCode::SUCCESS);
    };
    if let Some((_, _, text)) = GUIDES.iter().find(|(n, _, _)| *n == topic) {
        out!("{text}");
        return Ok(ExitCode::SUCCESS);
    }
    if command.find_subcommand(topic).is_none() {
        let guides: Vec<&str> = GUIDES.iter().map(|(n, _, _)| *n).collect();
        return Err(miette!(
            help = "`blitz help` lists the commands and the guides",
            "`{topic}` is neither a guide ({}) nor a blitz command",
            guides.join(", ")
        ));
    }
    command.build();
    if let Err(e) = command.try_get_matches_from_mut(["blitz", topic, "--help"]) {
        out!("{}", e.render());
    }
    Ok(ExitCode::SUCCESS)
}
