//! `--format text|json`: how a command prints what it found. JSON is one document on
//! standard output (`docs/schema/`); a command that fails prints a failure document
//! with the failure's stable code and still exits 2.

use crate::cli::common::RuleArgs;
use blitzkrieg_desk::game::{GameError, RuleFiles, Umpire};
use blitzkrieg_desk::json;
use serde::Serialize;
use std::process::ExitCode;

/// What a command prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// For people (the default).
    #[default]
    Text,
    /// One JSON document on standard output, described under docs/schema/.
    Json,
}

/// The `--format` option.
#[derive(clap::Args, Debug, Clone, Copy, Default)]
pub struct FormatArgs {
    /// Output format: text for people, json for programs (see docs/schema/).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

impl FormatArgs {
    pub fn is_json(self) -> bool {
        self.format == Format::Json
    }
}

/// Prints one document.
pub fn print<T: Serialize>(doc: &T) -> Result<(), GameError> {
    out!("{}", json::render(doc)?);
    Ok(())
}

/// Runs the JSON form of a command: its exit code, or on failure the failure document
/// (and the message on standard error) and exit 2.
pub fn run(command: &'static str, body: impl FnOnce() -> Result<ExitCode, GameError>) -> ExitCode {
    match body() {
        Ok(code) => code,
        Err(e) => {
            if let Ok(text) = json::render(&json::failure(command, &e)) {
                out!("{text}");
            }
            errln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// The rule data the options name, keeping the failure's type (and so its code).
pub fn umpire(rules: &RuleArgs) -> Result<Umpire, GameError> {
    Umpire::load(&RuleFiles {
        board: rules.board.clone(),
        counters: rules.counters.clone(),
        oac: rules.oac.clone(),
        tables: rules.tables_dir.clone(),
    })
}
