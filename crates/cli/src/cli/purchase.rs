//! `blitz purchase STATE LIST`: BLITZKRIEG '85's pre-game purchase (37.21). LIST is the
//! order file that will reveal the side's purchase (`[purchase]` with `salt` and
//! `buy`); this prints what it costs, the points left, and the commitment to mail
//! first (`[purchase] commitment = "..."`), sealed with the salt. `--prices` prints the
//! side's price list instead. Given the file that will reveal a Cold War season's
//! war-start die shift (`[war_start]` with `salt` and `shift`, 38.81), it prints the
//! shift's cost and commitment. Nothing is written.

use crate::cli::common::{self, RuleArgs};
use blitzkrieg::eighty5::purchase::{budget, canonical, commitment};
use blitzkrieg::eighty5::setup::prices;
use blitzkrieg::eighty5::Figures85;
use blitzkrieg::state::RuleSet;
use blitzkrieg::units::Side;
use miette::miette;
use pbem::files;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game's state (a game of `blitz new --rules 85`).
    pub state: PathBuf,
    /// The order file that will reveal the purchase: its header and `[purchase]` with
    /// `salt` and `buy`.
    #[arg(required_unless_present = "prices")]
    pub list: Option<PathBuf>,
    /// Print the price list of this side (blue or red) instead.
    #[arg(long, value_name = "SIDE")]
    pub prices: Option<Side>,
    #[command(flatten)]
    pub rules: RuleArgs,
}

pub fn run(args: Args) -> miette::Result<ExitCode> {
    let umpire = args.rules.umpire()?;
    let state = files::read_game_file(&args.state)?;
    let state = blitzkrieg_desk::game::read_state(&state, &args.state.display().to_string())?;
    if state.game.options.rules != RuleSet::Eighty5 {
        return Err(miette!(
            "{} is not a game of BLITZKRIEG '85: only `blitz new --rules 85` buys its forces (37.2)",
            args.state.display()
        ));
    }
    let rules = umpire.rules_for(&state)?;
    let figures =
        Figures85::embedded().ok_or_else(|| miette!("the embedded 85.toml does not read"))?;
    if let Some(side) = args.prices {
        let list = prices(&rules, side).ok_or_else(|| miette!("no price list"))?;
        outln!(
            "{side}'s price list (40-41; points {}; the costs of 1975 counters come from our reconstructed counters):",
            budget(figures, side, state.game.options.cold_war)
        );
        for i in list.items() {
            let star = if i.reconstructed() { " *" } else { "" };
            outln!(
                "  {:<28} {:>4} points, {:>3} in the mix  ({}){star}",
                i.key,
                i.cost,
                i.mix,
                i.rule
            );
        }
        outln!("  * cost computed from a reconstructed counter (rules/blitzkrieg/counters.toml)");
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = &args.list else {
        return Err(miette!("give the order file that will reveal the purchase"));
    };
    let text = common::read_orders(path)?;
    let orders = blitzkrieg::orders::parse(&text.toml).map_err(|errs| {
        miette!(
            "{}",
            blitzkrieg::orders::Diagnostics::new(&text.name, &text.toml, errs).render(false)
        )
    })?;
    let side = orders.side.value;
    // 38.81: a war-start die shift's reveal file.
    if let (Some(w), None) = (&orders.war_start, &orders.purchase) {
        return shift_commitment(&state, &text.name, side, w);
    }
    let Some(p) = &orders.purchase else {
        return Err(miette!(
            "{} holds no [purchase]: write its `salt` and `buy` (docs/85.md)",
            text.name
        ));
    };
    let salt = p.salt.as_ref().map_or("", |s| s.value.as_str());
    if salt.trim().len() < 16 {
        return Err(miette!(
            "the salt of {} is too short to keep the list secret: write at least 16 characters nobody can guess",
            text.name
        ));
    }
    let list = prices(&rules, side).ok_or_else(|| miette!("no price list"))?;
    let mut spent: u32 = 0;
    for (typed, n) in &p.buy {
        let item = list.get(typed).ok_or_else(|| {
            miette!("`{typed}` is not on the price list (`blitz purchase STATE --prices {side}`)")
        })?;
        if *n > item.mix {
            return Err(miette!(
                "{n} {} is beyond the counter mix: it holds {} (40.8)",
                item.key,
                item.mix
            ));
        }
        spent = spent.saturating_add(item.cost.saturating_mul(*n));
    }
    let cold_war = state.game.options.cold_war;
    // 38.7, 37.13: the points saved, in a later Cold War season more than a season's.
    let points = state
        .purchase
        .as_ref()
        .and_then(|p| p.points.get(&side).copied())
        .unwrap_or_else(|| budget(figures, side, cold_war));
    if spent > points {
        return Err(miette!(
            "this purchase costs {spent} points; {side} has {points} ({})",
            if cold_war { "37.11" } else { "37.21" }
        ));
    }
    out!("{}", canonical(&p.buy));
    outln!(
        "costs {spent} of {points} points; {} left (38.7)",
        points - spent
    );
    outln!(
        "commitment to mail first:\n[purchase]\ncommitment = \"{}\"",
        commitment(&state.game.id, side, salt, &p.buy)
    );
    Ok(ExitCode::SUCCESS)
}

/// 38.81: the cost of a war-start die shift and the commitment to mail first.
fn shift_commitment(
    state: &blitzkrieg::state::GameState,
    name: &str,
    side: Side,
    w: &blitzkrieg::orders::WarStartOrder,
) -> miette::Result<ExitCode> {
    use blitzkrieg::eighty5::war_start;
    let figures =
        Figures85::embedded().ok_or_else(|| miette!("the embedded 85.toml does not read"))?;
    let salt = w.salt.as_ref().map_or("", |s| s.value.as_str());
    if salt.trim().len() < 16 {
        return Err(miette!(
            "the salt of {name} is too short to keep the shift secret: write at least 16 characters nobody can guess"
        ));
    }
    let shift = w.shift.as_ref().map_or(0, |s| s.value);
    let cost = war_start::cost(figures, shift).ok_or_else(|| {
        miette!(
            "a war-start die shift of {shift} is beyond 38.81's {} points: -3 to +3",
            figures.war_start.most_points
        )
    })?;
    let season = war_start::season(state);
    outln!("shift={shift} costs {cost} points (38.81), Cold War season {season}");
    outln!(
        "commitment to mail first:\n[war_start]\ncommitment = \"{}\"",
        war_start::commitment(&state.game.id, side, season, salt, shift)
    );
    Ok(ExitCode::SUCCESS)
}
