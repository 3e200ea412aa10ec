//! The roll a rule draws: the engine hands a rule a function that draws the roll of a
//! roll id (with the stock whose sales give its digit, in a game by stock sales) and
//! says how it was drawn, for the report. Strategic bombing, the bombing of rule 33
//! and its A-A fire, the air combat and the attack on a minor country's city draw
//! through it; it names no rule, so each of them may.

use pbem::dice::Roll;

/// Draws the roll of the id given: the roll and how it was drawn, for the report.
pub type DrawRoll<'a> = dyn FnMut(&str, Option<&str>) -> Result<(Roll, String), String> + 'a;
