//! What a player's own tool does with his private file (`docs/hidden.md`): the
//! file holds his secret and his reserve and bag as they were before the first draw;
//! every run brings a copy of it up to date with the public ledger of the state given
//! (his draws, the discards the opponent's bombing forced on him, his plays), so the
//! file itself never changes and never travels. From it come his reserve, what he
//! learned since his last orders, his order template with his commitment filled in,
//! and the checks only he can make (every token placed is in his reserve, the
//! commitment is his). The secret is revealed only when the war is over.

use crate::draw::Secret;
use crate::hidden::{self, commit_secret, HiddenError, Learned, PrivateState};
use crate::orders::{OrderError, Orders};
use crate::ruleset::{Ruleset, Side};
use crate::state::State;

/// The private file's name for a game and side: `g1.axis.private.ron`.
pub fn file_name(game_id: &str, side: Side) -> String {
    format!("{game_id}.{}.private.ron", side.name())
}

/// A new private state for a side, from a secret made on the player's machine, and
/// the public commitment to the secret that goes into the game.
pub fn new_private(
    rs: &Ruleset,
    game_id: &str,
    side: Side,
    secret: &Secret,
) -> (PrivateState, String) {
    (
        PrivateState::new(rs, game_id, side, secret),
        commit_secret(game_id, side, secret),
    )
}

/// The private file's text.
pub fn to_text(private: &PrivateState) -> Result<String, HiddenError> {
    let mut out = ron::ser::to_string_pretty(
        private,
        ron::ser::PrettyConfig::new()
            .indentor("  ".to_string())
            .struct_names(false),
    )
    .map_err(|e| HiddenError::Format(e.to_string()))?;
    out.push('\n');
    Ok(out)
}

/// Reads a private file.
pub fn from_text(text: &str) -> Result<PrivateState, HiddenError> {
    ron::from_str(text).map_err(|e| HiddenError::Format(e.to_string()))
}

/// A player's view of a state from his private file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    /// His private state brought up to date with the state's ledger.
    pub private: PrivateState,
    /// What he learned since his last orders (his draws, bombing discards).
    pub learned: Vec<Learned>,
}

/// Brings a copy of the private file up to date with `state`, refusing a file of
/// another game or one whose secret is not the one the state committed to.
pub fn view(state: &State, private: &PrivateState) -> Result<View, HiddenError> {
    let side = private.side;
    let public = state.player(side).ok_or_else(|| HiddenError::WrongOwner {
        expected: format!("a side of game {}", state.game_id),
        found: side.name().to_string(),
    })?;
    if private.game_id != state.game_id {
        return Err(HiddenError::WrongOwner {
            expected: state.game_id.clone(),
            found: private.game_id.clone(),
        });
    }
    let secret =
        crate::draw::parse_secret(&private.secret).ok_or(HiddenError::BadSecret { side })?;
    if commit_secret(&state.game_id, side, &secret) != public.secret_commitment {
        return Err(HiddenError::SecretMismatch { side });
    }
    let owed = public.owed().len();
    let before = public.ledger.len() - owed;
    let mut earlier = state.clone();
    if let Some(p) = earlier.players.get_mut(&side) {
        p.ledger.truncate(before);
    }
    let mut synced = private.clone();
    synced.applied = 0;
    if synced.reserve.is_empty() {
        // The bag the set-up gave him, as the state says (its options decide it).
        synced.bag = hidden::starting_bag(public);
    }
    hidden::sync(&earlier, &mut synced)?;
    let learned = hidden::sync(state, &mut synced)?;
    Ok(View {
        private: synced,
        learned,
    })
}

/// The checks only the owner can make: every token he places is in his reserve and
/// his commitment is the one his reserve and bag give (M115, M142).
pub fn check(state: &State, view: &View, orders: &Orders) -> Result<(), Vec<OrderError>> {
    hidden::check_private(state, &view.private, orders)
}

/// What the player reads of his own hidden part: what he learned and his reserve.
pub fn private_text(rs: &Ruleset, view: &View) -> String {
    crate::report::report_private(rs, &view.private, &view.learned)
}

/// His order template, commitment filled in, when it is his turn.
pub fn template(rs: &Ruleset, state: &State, view: &View) -> Option<String> {
    (state.outcome.is_none() && state.turn > 0 && state.to_move == view.private.side)
        .then(|| crate::template::template_private(rs, state, &view.private))
}
