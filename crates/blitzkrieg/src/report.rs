//! The turn report: plain text, fixed-width, at most 78 columns, readable in any mail
//! client. Rendered from the events of the turn alone (plus the header facts the state
//! records about that turn: game, seed, hashes), so it can be printed again from a
//! state file and always says the same thing. It opens with a summary (battles,
//! losses, cities that changed hands, [`glance`]), tells a stack that moved together
//! on one line ([`moves`]), and ends with the position the player-turn left.

mod glance;
mod moves;

use crate::cite::Rule;
use crate::event::{BattleRecord, Event};
use crate::hex::Hex;
use crate::model::count;
use crate::odds::Factor;
use crate::position::Position;
use crate::rules::Rules;
use crate::sequence::Step;
use crate::state::{GameState, Phase};
use crate::units::{Side, UnitId};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Facts for the report header that are not events.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub game: String,
    pub turn_label: String,
    pub seed_source: String,
    pub seed_value: String,
    pub commitment: Option<String>,
    pub previous_state: Option<String>,
    pub orders: Option<String>,
    pub next: String,
    /// The rule set, when it is not the Basic Game without optional rules.
    pub rules: Option<String>,
    /// 004: the rules of '85 the game records beyond 37-41, 51 and 52.1
    /// ([`rules85_line`]).
    pub rules85: Option<String>,
    /// The declared readings that are not the defaults (`docs/readings.md`).
    pub readings: Vec<String>,
    // 37-41: BLITZKRIEG '85.
    /// 38.7: the open record of each side's points (a game of '85).
    pub points: Option<String>,
}

impl Header {
    /// The header of the turn that produced `state`.
    pub fn of(state: &GameState) -> Header {
        Header::of_readings(state, crate::ruleset::embedded_defaults())
    }

    /// [`Header::of`], naming the readings that differ from `defaults` (those of the
    /// rule data in use, so the embedded data need not be read again).
    pub fn of_readings(state: &GameState, defaults: &BTreeMap<String, String>) -> Header {
        Header {
            game: state.game.id.clone(),
            turn_label: state.last.label.clone(),
            seed_source: state.last.seed_source.clone(),
            seed_value: state.last.seed_value.clone(),
            commitment: state.chain.commitment.clone(),
            previous_state: state.chain.previous_state.clone(),
            orders: state.chain.orders.clone(),
            rules: rules_line(&state.game.options),
            rules85: rules85_line(&state.game.options),
            readings: crate::ruleset::chosen_readings_of(&state.game.options.readings, defaults),
            points: state
                .purchase
                .as_ref()
                .map(crate::eighty5::purchase::Purchase::ledger),
            next: match (&state.phase, &state.resume) {
                (Phase::Turn { turn, side }, Some(r)) if r.at == Step::BeforeOdds => format!(
                    "turn {turn}, {side}'s player-turn stopped before odds: {} answers in step {} (PBEM)",
                    r.asks, state.step
                ),
                (Phase::Turn { turn, side }, Some(r)) => format!(
                    "turn {turn}, {side}'s player-turn stopped: {} decides in step {} (PBEM)",
                    r.asks, state.step
                ),
                // 37.21: who owes which purchase file.
                (Phase::SetUp { .. }, None) if state.purchase.as_ref().is_some_and(|p| !p.done()) => {
                    crate::eighty5::purchase::Purchase::next_line(state.purchase.as_ref())
                }
                // 38.81: who owes which war-start file.
                (Phase::SetUp { .. }, None) if crate::eighty5::war_start::shifting(state) => {
                    crate::eighty5::war_start::next_line(state).unwrap_or_default()
                }
                _ => next_line(state),
            },
        }
    }
}

/// Who moves next, for the header.
fn next_line(state: &GameState) -> String {
    match &state.phase {
        Phase::SetUp { side } => format!("{side} sets up"),
        Phase::Turn { turn, side } => format!("turn {turn}, {side} to move"),
        Phase::Over { winner, reason } => match winner {
            Some(w) => format!("game over: {w} wins ({reason})"),
            None => format!("game over: {reason}"),
        },
    }
}

/// "Tournament Game, optional rules 19, 20": `None` for the Basic Game alone.
fn rules_line(o: &crate::state::Options) -> Option<String> {
    let base = match o.rules {
        crate::state::RuleSet::Basic if o.optional.is_empty() => return None,
        crate::state::RuleSet::Basic => "Basic Game",
        crate::state::RuleSet::Tournament => "Tournament Game",
        // 37-41: BLITZKRIEG '85.
        crate::state::RuleSet::Eighty5 => "BLITZKRIEG '85",
    };
    let list: Vec<String> = o.optional.iter().map(u32::to_string).collect();
    Some(match list.is_empty() {
        true => base.to_string(),
        false => format!("{base}, optional rules {}", list.join(", ")),
    })
}

/// 004: the rules of '85 a game records (`rules85`) beyond those every game of '85
/// plays, as a player reads them, in the rulebook's order: "..., 52, 52.5 (capture
/// damage)", the state's `525` named as 52.5's damage of a city taken or reduced (and
/// `3733`, `3821`, `4733`, `4831` as 37.32-37.33, 38.21, 47.33, 48.31). `None` outside
/// '85 and for a game that records none (made with release 0.7.0).
pub fn rules85_line(o: &crate::state::Options) -> Option<String> {
    use crate::ruleset::{
        AIRFIELD_AA_48_31, AIR_MOVEMENT_37_33, CAPTURE_DAMAGE_52_5, TRANSPORT_LOSSES_47_33,
        UPGRADE_LIMIT_38_21,
    };
    if o.rules != crate::state::RuleSet::Eighty5 || o.rules85.is_empty() {
        return None;
    }
    // Each number as the paragraph it stands for, in the rulebook's order.
    let mut named: Vec<((u32, u32), String)> = o
        .rules85
        .iter()
        .map(|n| match *n {
            CAPTURE_DAMAGE_52_5 => ((52, 5), "52.5 (capture damage)".to_string()),
            AIR_MOVEMENT_37_33 => ((37, 32), "37.32-37.33 (air movement first)".to_string()),
            TRANSPORT_LOSSES_47_33 => ((47, 33), "47.33 (transport aircraft lost)".to_string()),
            AIRFIELD_AA_48_31 => ((48, 31), "48.31 (airfield A-A)".to_string()),
            UPGRADE_LIMIT_38_21 => ((38, 21), "38.21 (aircraft upgrades counted)".to_string()),
            n => ((n, 0), n.to_string()),
        })
        .collect();
    named.sort();
    let names: Vec<String> = named.into_iter().map(|(_, name)| name).collect();
    Some(names.join(", "))
}

/// A side a city may be friendly to, or "neither side" (5.1).
fn side_name(side: &Option<crate::units::Side>) -> String {
    side.map_or("neither side".to_string(), |s| s.to_string())
}

const RULE: &str = "------------------------------------------------------------------------------";

/// The report for the turn that produced `state`: [`render`], then the position it
/// left ([`crate::summary::position`]).
pub fn render_state(rules: &Rules, state: &GameState) -> String {
    render_state_at(rules, state, &state.position(&rules.counters))
}

/// [`render_state`] from the state's position built already (`pos`, of `state`).
pub fn render_state_at(rules: &Rules, state: &GameState, pos: &Position) -> String {
    let header = Header::of_readings(state, &rules.book.defaults());
    let mut out = render_sided(&header, &state.last.events, Some(&rules.counters));
    // The report above is folded already, and folding goes line by line: only the
    // position is folded here, not the whole report again.
    let title = "POSITION AFTER THE PLAYER-TURN";
    let mut position = String::new();
    let _ = write!(position, "\n{title}\n{}\n", &RULE[..title.len()]);
    position.push_str(&crate::summary::position_at(rules, state, pos));
    out.push_str(&fold(&position));
    out
}

/// The report from a header and the turn's events.
pub fn render(header: &Header, events: &[Event]) -> String {
    render_sided(header, events, None)
}

/// [`render`], the side of a unit lost in an air combat read from `counters` when
/// given (else from its id's `B-`/`R-`).
fn render_sided(
    header: &Header,
    events: &[Event],
    counters: Option<&crate::units::Counters>,
) -> String {
    let mut out = String::new();
    let title = format!(
        "BLITZKRIEG  game {}  player-turn {}",
        header.game, header.turn_label
    );
    let _ = writeln!(out, "{title}");
    let _ = writeln!(out, "{}", "=".repeat(title.chars().count().min(78)));
    field(&mut out, "Seed", &header.seed_source);
    field(&mut out, "Seed value", &header.seed_value);
    if let Some(c) = &header.commitment {
        field(&mut out, "Commitment", c);
    }
    if let Some(p) = &header.previous_state {
        field(&mut out, "From state", p);
    }
    if let Some(o) = &header.orders {
        field(&mut out, "Orders", o);
    }
    field(&mut out, "Next", &header.next);
    if let Some(r) = &header.rules {
        field(&mut out, "Rules", r);
    }
    if let Some(r) = &header.rules85 {
        field(&mut out, "'85 rules", r);
    }
    if !header.readings.is_empty() {
        field(&mut out, "Readings", &header.readings.join(", "));
    }
    // 38.7: BLITZKRIEG '85's open record of points.
    if let Some(p) = &header.points {
        field(&mut out, "Points", p);
    }
    // 36: what each side has the use of and lacks this player-turn.
    for e in events {
        if let Event::Resources(r) = e {
            field(
                &mut out,
                "Resources",
                &format!("{} {}", r.side(), r.lacks()),
            );
        }
    }
    let glance = glance::lines(events, &header.turn_label, counters);
    if !glance.is_empty() {
        let _ = write!(out, "\nSUMMARY\n{}\n", &RULE[.."SUMMARY".len()]);
        for l in glance {
            let _ = writeln!(out, "{l}");
        }
    }
    let mut section = "";
    let mut i = 0;
    while let Some(e) = events.get(i) {
        let s = section_of(e);
        if s != section && !s.is_empty() {
            let _ = write!(out, "\n{s}\n{}\n", &RULE[..s.chars().count().min(78)]);
            section = s;
        }
        let stack = moves::stack_at(&events[i..]);
        if let Some(reduced) = reduced_line(e, events.get(i + 1)) {
            let _ = writeln!(out, "{reduced}");
            i += 1;
        } else if stack.is_empty() {
            line(&mut out, e);
            i += 1;
        } else {
            for l in moves::lines(&stack, thirds) {
                let _ = writeln!(out, "{l}");
            }
            i += stack.len();
        }
    }
    fold(&out)
}

/// The page width of a report: it reads in any mail client without the client's own
/// line breaks.
const WIDTH: usize = 78;

/// Every line longer than [`WIDTH`] folded: at a space, else after a `-` of a path,
/// the rest indented under the line's text (the column after its first gap of two
/// spaces, as in the unit column of MOVEMENT, else four more than the line's own).
fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        // A line of no more bytes than the width has no more characters either: it is
        // kept as it is without being taken apart into characters.
        if line.len() <= WIDTH {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let chars: Vec<char> = line.chars().collect();
        if chars.len() <= WIDTH {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let indent = " ".repeat(hanging_indent(&chars));
        let mut rest: &[char] = &chars;
        let mut prefix = "";
        loop {
            let room = WIDTH - prefix.len();
            if rest.len() <= room {
                push_line(&mut out, prefix, rest);
                break;
            }
            let (end, next) = fold_point(rest, room, indent.len());
            push_line(&mut out, prefix, &rest[..end]);
            rest = &rest[next..];
            prefix = &indent;
        }
    }
    out
}

fn push_line(out: &mut String, prefix: &str, chars: &[char]) {
    out.push_str(prefix);
    out.extend(chars);
    let trimmed = out.trim_end_matches(' ').len();
    out.truncate(trimmed);
    out.push('\n');
}

/// Where to end a line of at most `room` characters: (its end, where the rest
/// begins). The last space past the hanging `indent` (so no column is left alone),
/// else just after the last `-`, else at `room`.
fn fold_point(chars: &[char], room: usize, indent: usize) -> (usize, usize) {
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let head = &chars[..=room.min(chars.len() - 1)];
    let past = lead.max(indent);
    if let Some(i) = head.iter().rposition(|c| *c == ' ').filter(|i| *i > past) {
        return (i, i + 1);
    }
    match head[..room]
        .iter()
        .rposition(|c| *c == '-')
        .filter(|i| *i > lead)
    {
        Some(i) => (i + 1, i + 1),
        None => (room, room),
    }
}

/// The column a folded line's rest starts at.
fn hanging_indent(chars: &[char]) -> usize {
    let lead = chars.iter().take_while(|c| **c == ' ').count();
    let gap = chars
        .windows(3)
        .enumerate()
        .skip(lead)
        .find(|(_, w)| w[0] != ' ' && w[1] == ' ' && w[2] == ' ')
        .map(|(i, _)| i + 1);
    let after_gap = gap.map(|g| g + chars[g..].iter().take_while(|c| **c == ' ').count());
    after_gap.filter(|c| *c <= WIDTH / 2).unwrap_or(lead + 4)
}

fn field(out: &mut String, name: &str, value: &str) {
    let _ = writeln!(out, "{name:<12}{value}");
}

fn section_of(e: &Event) -> &'static str {
    match e {
        Event::TurnBegan { .. } => "",
        Event::SetUp { .. } | Event::SetUpAtSea { .. } => "SET-UP (3.3, 3.4)",
        Event::Supply { .. } => "SUPPLY (23)",
        Event::Placed { .. }
        | Event::Moved { .. }
        | Event::Flown { .. }
        | Event::AutomaticVictory { .. }
        | Event::PutToSea { .. }
        | Event::Sailed { .. }
        | Event::Landed { .. }
        | Event::Invaded { .. }
        | Event::RangersLanded { .. }
        | Event::Replaced { .. }
        | Event::LakeCrossed { .. }
        | Event::AirTransportReplaced { .. }
        | Event::BrokenDown { .. }
        | Event::Recombined { .. }
        | Event::AssaultPlaced { .. }
        | Event::LandedFromAssault { .. } => "MOVEMENT",
        Event::RemovedBeforeCombat { .. }
        | Event::Battle(_)
        | Event::Eliminated { .. }
        | Event::Substituted { .. }
        | Event::Retreated { .. }
        | Event::Advanced { .. }
        | Event::Decided { .. }
        | Event::Owed { .. }
        | Event::WentAshore { .. }
        | Event::Barraged { .. }
        | Event::BarrageWithoutTarget { .. } => "COMBAT",
        Event::Completed { .. } => "OWED DECISIONS CARRIED OUT (PBEM)",
        Event::CityChanged { .. } | Event::CityFromNextPlayerTurn { .. } => "CITIES",
        Event::ReinforcementsDue { .. } => "REINFORCEMENTS",
        Event::VictoryCheck { .. } | Event::GameOver { .. } => "VICTORY (16)",
        Event::Note { .. } => "NOTES",
        Event::CityAttacked { .. } | Event::CityBombarded { .. } => "COMBAT",
        Event::MinorInvaded { .. }
        | Event::MinorOverflown { .. }
        | Event::Guerrillas { .. }
        | Event::MinorSupply { .. } => "MINOR COUNTRIES (29)",
        Event::Air(a) => a.section(),
        Event::Weather(w) => w.section(),
        Event::Ascendancy(a) => a.section(),
        Event::Resources(r) => r.section(),
    }
}

fn path_text(path: &[Hex]) -> String {
    path.iter()
        .map(Hex::to_string)
        .collect::<Vec<_>>()
        .join("-")
}

/// Thirds of a movement factor as players write them: "4", "2 1/3", "2/3".
pub fn thirds(t: u32) -> String {
    match (t / 3, t % 3) {
        (w, 0) => format!("{w}"),
        (0, f) => format!("{f}/3"),
        (w, f) => format!("{w} {f}/3"),
    }
}

/// "B-IN4A, B-IN2A".
fn id_list(ids: &[UnitId]) -> String {
    ids.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "B-5AR's 4 factors left made up by B-S1, B-S2 in P30 (26.2, TGAT ...)".
fn substituted(
    out: &mut String,
    (unit, hex, factors): (&UnitId, Hex, u32),
    into: &[UnitId],
    rule: &Rule,
) -> std::fmt::Result {
    let left = count::counted(factors, "factor");
    if into.is_empty() {
        return writeln!(
            out,
            "    {unit}'s {left} left cannot be made up: no substitute counters of its type are free ({rule})"
        );
    }
    let names: Vec<String> = into.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "    {unit}'s {left} left made up by {} in {hex} ({rule})",
        names.join(", ")
    )
}

/// 26.2: a unit taken off for a loss of part of its factors and made up by substitutes
/// at once (the next event) is "reduced", not eliminated: its line says so.
fn reduced_line(e: &Event, next: Option<&Event>) -> Option<String> {
    let Event::Eliminated {
        unit,
        hex,
        cause,
        rule,
    } = e
    else {
        return None;
    };
    match next {
        Some(Event::Substituted { unit: u, into, .. }) if u == unit && !into.is_empty() => {
            Some(format!(
                "    {unit} reduced in {hex}: {} ({rule})",
                count::worded(cause)
            ))
        }
        // Any other next event, or none: the loss was not made up by substitutes.
        _ => None,
    }
}

/// 23.1, 23.6: who is cut off from supply this player-turn, and what it means.
fn supply_line(out: &mut String, side: Side, cut_off: &[UnitId], rule: &Rule) -> std::fmt::Result {
    if cut_off.is_empty() {
        return writeln!(out, "  every {side} unit traces a supply route ({rule})");
    }
    let names: Vec<String> = cut_off.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "  cut off from supply: {}: half movement and attack factors, no advance after combat this player-turn (23.6; {rule})",
        names.join(", ")
    )
}

fn line(out: &mut String, e: &Event) {
    let _ = match e {
        Event::TurnBegan { turn, side } => writeln!(out, "\nTurn {turn}, {side} moves."),
        Event::SetUp { unit, hex, rule } => writeln!(out, "  {unit:<9} sets up in {hex} ({rule})"),
        Event::Placed { unit, hex, rule } => {
            writeln!(out, "  {unit:<9} enters at {hex} ({rule})")
        }
        Event::Moved {
            unit,
            path,
            cost_thirds,
            allowance_thirds,
            found,
            notes,
        } => {
            let how = if *found { ", path found by umpire" } else { "" };
            let _ = writeln!(
                out,
                "  {unit:<9} {} ({} of {} MF{how})",
                path_text(path),
                thirds(*cost_thirds),
                thirds(*allowance_thirds)
            );
            for n in notes {
                let _ = writeln!(out, "            {n}");
            }
            Ok(())
        }
        Event::Flown {
            unit,
            from,
            to,
            drop,
            rule,
        } => {
            let what = if *drop { "airdropped" } else { "flown" };
            writeln!(out, "  {unit:<9} {what} {from} to {to} ({rule})")
        }
        Event::SetUpAtSea { unit, zone, rule } => {
            writeln!(out, "  {unit:<9} sets up at sea in zone {zone} ({rule})")
        }
        Event::PutToSea {
            unit,
            port,
            zone,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} goes to sea from {port} into zone {zone} ({rule})"
        ),
        Event::Sailed {
            unit,
            from,
            to,
            rule,
        } => writeln!(out, "  {unit:<9} sails from zone {from} to zone {to} ({rule})"),
        Event::Landed {
            unit,
            zone,
            port,
            mf,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} lands from zone {zone} at {port} ({mf} MF) ({rule})"
        ),
        Event::LakeCrossed {
            unit,
            from,
            hex,
            mf,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} crosses the lake from {from} to {hex} ({mf} MF) ({rule})"
        ),
        Event::Replaced { unit, hex, rule } => {
            writeln!(out, "  {unit:<9} enters as a replacement in {hex} ({rule})")
        }
        Event::AirTransportReplaced { side, city, rule } => writeln!(
            out,
            "  {side} takes half a unit of air transport capacity from aircraft city {city} ({rule})"
        ),
        Event::RangersLanded {
            unit,
            zone,
            hex,
            mf,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} lands from zone {zone} on the coast at {hex} ({mf} MF), rangers, not a beach invasion ({rule})"
        ),
        Event::Invaded {
            unit,
            zone,
            beach,
            hex,
            mf,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} invades beach `{beach}` from zone {zone}, landing on {hex} ({mf} MF) ({rule})"
        ),
        Event::AssaultPlaced {
            unit,
            zone,
            beach,
            hex,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} is placed from zone {zone} on assault hex {hex} against beach `{beach}` ({rule})"
        ),
        Event::LandedFromAssault {
            unit,
            from,
            hex,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} lands from assault hex {from} on vacant beach hex {hex} and stops there ({rule})"
        ),
        Event::WentAshore {
            unit,
            from,
            hex,
            rule,
        } => writeln!(
            out,
            "  {unit:<9} goes ashore after combat from assault hex {from} onto {hex} ({rule})"
        ),
        Event::Supply {
            side,
            cut_off,
            air_supplied,
            beach_supplied,
            beachheads,
            rule,
        } => supply_line(out, *side, cut_off, rule).and_then(|()| {
            let beach = crate::supply::BeachSupply {
                units: beach_supplied.clone(),
                hexes: beachheads.clone(),
                candidates: Vec::new(),
            };
            if let Some(l) = crate::supply::beach_line(&beach) {
                writeln!(out, "  {l}")?;
            }
            if air_supplied.is_empty() {
                return Ok(());
            }
            let names: Vec<String> = air_supplied.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "  supplied by air: {} (23.4: one unit of the air transport capacity each)",
                names.join(", ")
            )
        }),
        Event::RemovedBeforeCombat { unit, hex, rule } => writeln!(
            out,
            "  {unit} in {hex} cannot make a legal attack: removed before combat ({rule})"
        ),
        Event::Battle(b) => battle(out, b),
        Event::AutomaticVictory {
            hex,
            attackers,
            defenders,
            doubling,
            odds,
            needed,
            no_retreat,
            rule,
        } => automatic_victory(
            out,
            (*hex, attackers, defenders, doubling),
            (odds, *needed, *no_retreat),
            rule,
        ),
        Event::Eliminated {
            unit,
            hex,
            cause,
            rule,
        } => writeln!(
            out,
            "    {unit} eliminated in {hex}: {} ({rule})",
            count::worded(cause)
        ),
        Event::Substituted {
            unit,
            hex,
            factors,
            into,
            rule,
        } => substituted(out, (unit, *hex, *factors), into, rule),
        Event::BrokenDown {
            unit,
            hex,
            into,
            rule,
        } => writeln!(
            out,
            "  {unit} breaks down into {} in {hex} ({rule})",
            id_list(into)
        ),
        Event::Recombined {
            units,
            into,
            hex,
            zone,
            rule,
        } => {
            let place = match (hex, zone) {
                (Some(h), _) => format!("in {h}"),
                (None, Some(z)) => format!("at sea in zone {z}"),
                (None, None) => String::new(),
            };
            match units.as_slice() {
                // 39.2: one unit traded in for a stronger one.
                [unit] => writeln!(out, "  {unit} is upgraded to {into} {place} ({rule})"),
                _ => writeln!(
                    out,
                    "  {} recombine into {into} {place} ({rule})",
                    id_list(units)
                ),
            }
        }
        Event::Retreated { unit, path, rule } => {
            writeln!(out, "    {unit} retreats {} ({rule})", path_text(path))
        }
        Event::Advanced { unit, path, rule } => {
            writeln!(out, "    {unit} advances {} ({rule})", path_text(path))
        }
        Event::Decided { side, what, how } => {
            writeln!(out, "    {side} {}: {how}", count::worded(what))
        }
        Event::Owed {
            side,
            battle,
            what,
            rule,
        } => writeln!(
            out,
            "    {side} owes for battle {battle}: {what}; {side} completes it at the top of the next orders ({rule})"
        ),
        Event::Completed {
            battle, text, rule, ..
        } => writeln!(out, "  {battle}: {text} ({rule})"),
        Event::CityChanged {
            hex,
            from,
            to,
            rule,
        } => writeln!(
            out,
            "  {hex}: friendly to {} (was {}) ({rule})",
            side_name(to),
            side_name(from)
        ),
        Event::CityFromNextPlayerTurn {
            hex,
            from,
            to,
            rule,
        } => writeln!(
            out,
            "  {hex}: friendly to {} from the start of the next player-turn (to {} in this one) ({rule})",
            side_name(to),
            side_name(from)
        ),
        Event::ReinforcementsDue { side, turn, units } => {
            let list = units
                .iter()
                .map(|u| u.to_string())
                .collect::<Vec<_>>()
                .join(", ");
            let _ = writeln!(out, "  {side} may bring on from turn {turn} (6.2):");
            wrap(out, &list, "    ");
            Ok(())
        }
        Event::VictoryCheck { lines, rule } => match lines.split_last() {
            Some((last, rest)) => {
                for l in rest {
                    let _ = writeln!(out, "  {}", count::worded(l));
                }
                writeln!(out, "  {} ({rule})", count::worded(last))
            }
            None => writeln!(out, "  ({rule})"),
        },
        Event::GameOver {
            winner,
            reason,
            rule,
        } => match winner {
            Some(w) => writeln!(
                out,
                "  GAME OVER: {w} wins. {} ({rule})",
                count::worded(reason)
            ),
            None => writeln!(out, "  GAME OVER: {} ({rule})", count::worded(reason)),
        },
        Event::Note { text, rule } => writeln!(out, "  {} ({rule})", count::worded(text)),
        Event::Barraged {
            id,
            target,
            artillery,
            factors,
            roll,
            table,
            lost,
            removed,
            mountain,
            rule,
        } => barraged(
            out,
            (id, *target, artillery, *factors),
            (roll, table),
            (*lost, *removed, *mountain),
            rule,
        ),
        Event::BarrageWithoutTarget { id, target, rule } => writeln!(
            out,
            "    no enemy unit is left in {target}: barrage {id} takes nothing, and {target} counts as barraged ({rule})"
        ),
        Event::MinorInvaded { .. }
        | Event::CityAttacked { .. }
        | Event::CityBombarded { .. }
        | Event::MinorOverflown { .. }
        | Event::Guerrillas { .. }
        | Event::MinorSupply { .. } => crate::minor::report::line(out, e),
        Event::Air(a) => writeln!(out, "  {}", a.line()),
        Event::Weather(w) => writeln!(out, "  {}", w.line()),
        Event::Ascendancy(a) => writeln!(out, "  {}", a.line()),
        Event::Resources(r) => writeln!(out, "  {}", r.line()),
    };
}

/// 25.2, BBT: "Barrage b1 on K12", the artillery and its factors, the roll and the
/// cell, and the factors the defender removes.
fn barraged(
    out: &mut String,
    (id, target, artillery, factors): (&str, Hex, &[(UnitId, u32)], u32),
    (roll, table): (&str, &str),
    (lost, removed, mountain): (u32, u32, bool),
    rule: &Rule,
) -> std::fmt::Result {
    writeln!(out, "\n  Barrage {id} on {target}")?;
    let guns: Vec<String> = artillery.iter().map(|(u, f)| format!("{u} {f}")).collect();
    writeln!(
        out,
        "    artillery {}: {}",
        guns.join(", "),
        count::counted(factors, "factor")
    )?;
    writeln!(out, "    roll {roll}")?;
    writeln!(out, "    {table} ({rule})")?;
    if mountain && lost > 0 {
        writeln!(
            out,
            "    the defender in mountains counts double: a loss of {lost} removes {} (BBT)",
            count::counted(removed, "factor")
        )
    } else {
        writeln!(
            out,
            "    the defender loses {} ({rule})",
            count::counted(removed, "factor")
        )
    }
}

/// The attackers, defenders and doubling of an automatic victory.
type AvSides<'a> = (
    Hex,
    &'a [(UnitId, Hex, Factor)],
    &'a [(UnitId, u32, Factor)],
    &'a [String],
);

/// 21.1: "Automatic victory against N15", the factors as a battle's, the odds and
/// what they had to be, and what becomes of the defenders.
fn automatic_victory(
    out: &mut String,
    (hex, attackers, defenders, doubling): AvSides<'_>,
    (odds, needed, no_retreat): (&str, u32, bool),
    rule: &Rule,
) -> std::fmt::Result {
    writeln!(out, "\n  Automatic victory against {hex}")?;
    sides(out, attackers, defenders, doubling)?;
    let why = if no_retreat {
        format!("at least {needed}-1 with no legal retreat")
    } else {
        format!("at least {needed}-1")
    };
    writeln!(out, "    odds {odds}: {why} ({rule})")?;
    let names: Vec<String> = defenders.iter().map(|d| d.0.to_string()).collect();
    writeln!(
        out,
        "    {} turned over: ZOC ignored for the rest of the player-turn, removed after combat (21.1, 21.3)",
        names.join(", ")
    )
}

/// The attackers with their hexes and factors, the defenders with theirs (and what
/// they were before doubling), and why the defence was doubled: of a battle and of an
/// automatic victory alike.
fn sides(
    out: &mut String,
    attackers: &[(UnitId, Hex, Factor)],
    defenders: &[(UnitId, u32, Factor)],
    doubling: &[String],
) -> std::fmt::Result {
    for (u, from, f) in attackers {
        writeln!(out, "    attacker {u:<9} from {from:<6} {f:>3}")?;
    }
    for (u, printed, f) in defenders {
        if Factor::from(*printed) == *f {
            writeln!(out, "    defender {u:<9}             {f:>3}")?;
        } else if *f < Factor::from(*printed) {
            // 36.34: halved for want of basic industry.
            writeln!(
                out,
                "    defender {u:<9}             {f:>3}  ({printed} halved)"
            )?;
        } else {
            writeln!(
                out,
                "    defender {u:<9}             {f:>3}  ({printed} doubled)"
            )?;
        }
    }
    for d in doubling {
        writeln!(out, "    {d}")?;
    }
    Ok(())
}

fn battle(out: &mut String, b: &BattleRecord) -> std::fmt::Result {
    writeln!(out, "\n  Battle {} against {}", b.id, b.target)?;
    sides(out, &b.attackers, &b.defenders, &b.doubling)?;
    writeln!(
        out,
        "    total {} : {}, odds {}",
        b.attack, b.defence, b.odds
    )?;
    writeln!(out, "    roll {}", b.roll)?;
    // The cell as printed, then the result when the cell is not already its code
    // ("A elim -> AE (attacker eliminated)", but "AB2 (attacker back 2)").
    let code = b.result.code();
    match b
        .table
        .strip_suffix(code.as_str())
        .filter(|t| t.ends_with(": "))
    {
        Some(_) => writeln!(out, "    {} ({}) ({})", b.table, b.result.meaning(), b.rule),
        None => writeln!(out, "    {} -> {} ({})", b.table, b.result, b.rule),
    }
}

/// Writes a comma list wrapped at 78 columns.
fn wrap(out: &mut String, text: &str, indent: &str) {
    let mut cur = String::from(indent);
    for word in text.split(' ') {
        if cur.len() + word.len() + 1 > 78 && !cur.trim().is_empty() {
            let _ = writeln!(out, "{}", cur.trim_end());
            cur = String::from(indent);
        }
        cur.push_str(word);
        cur.push(' ');
    }
    if !cur.trim().is_empty() {
        let _ = writeln!(out, "{}", cur.trim_end());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A long path folds after a `-`, under the unit column; a long sentence at a space,
    /// four columns in; short lines are left alone.
    #[test]
    fn long_lines_fold_to_the_page() {
        let path = (1..=20)
            .map(|n| format!("AA{n}"))
            .collect::<Vec<_>>()
            .join("-");
        let text = format!(
            "  B-1AR     {path} (5 of 6 MF)\n    {}\nshort\n",
            "word ".repeat(20).trim_end()
        );
        let folded = fold(&text);
        assert!(
            folded.lines().all(|l| l.chars().count() <= WIDTH),
            "{folded}"
        );
        let lines: Vec<&str> = folded.lines().collect();
        assert!(lines[0].starts_with("  B-1AR     AA1-AA2-") && lines[0].ends_with('-'));
        assert!(lines[1].starts_with("            AA"), "{folded}");
        assert_eq!(lines.last(), Some(&"short"));
        let joined: String = folded.split_whitespace().collect::<Vec<_>>().concat();
        let original: String = text.split_whitespace().collect::<Vec<_>>().concat();
        assert_eq!(joined, original, "folding loses nothing");
    }

    /// A line is folded by its characters, not its bytes: a line of the full width, and
    /// one of more bytes than the width but no more characters, stay as they are.
    #[test]
    fn lines_are_measured_in_characters() {
        let full = "x".repeat(WIDTH);
        let accented = "é ".repeat(WIDTH / 2);
        assert!(accented.len() > WIDTH);
        let text = format!("{full}\n{accented}\n{full} y\n");
        let folded = fold(&text);
        let lines: Vec<&str> = folded.lines().collect();
        assert_eq!(lines[..2], [full.as_str(), accented.as_str()]);
        assert_eq!(lines.len(), 4, "{folded}");
    }

    /// Folded text folds to itself, and text folds line by line: the report folded,
    /// then the position folded after it, is the whole folded at once.
    #[test]
    fn folding_goes_line_by_line_and_leaves_folded_text_alone() {
        let path = (1..=30)
            .map(|n| format!("AA{n}"))
            .collect::<Vec<_>>()
            .join("-");
        let report = format!("TITLE\n  B-1AR     {path} (5 of 6 MF)\n\nshort  \n");
        let position = format!("\nPOSITION\n    K10    {}\n", "B-1IN 4-4, ".repeat(12));
        let folded = fold(&report);
        assert_eq!(fold(&folded), folded);
        assert_ne!(folded, report, "the long line was folded");
        let whole = format!("{report}{position}");
        assert_eq!(format!("{folded}{}", fold(&position)), fold(&whole));
    }

    #[test]
    fn thirds_read_as_players_write_them() {
        assert_eq!(thirds(12), "4");
        assert_eq!(thirds(7), "2 1/3");
        assert_eq!(thirds(2), "2/3");
        assert_eq!(thirds(0), "0");
    }

    #[test]
    fn lines_stay_within_78_columns() {
        let units: Vec<_> = (1..60)
            .map(|i| crate::units::UnitId::new(&format!("B-{i}IN")).unwrap())
            .collect();
        let text = render(
            &Header::default(),
            &[Event::ReinforcementsDue {
                side: crate::units::Side::Blue,
                turn: 2,
                units,
            }],
        );
        assert!(text.lines().all(|l| l.chars().count() <= 78), "{text}");
        assert!(text.contains("B-59IN"));
    }
}
