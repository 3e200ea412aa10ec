//! An order problem as the play-by-e-mail machinery reports it
//! ([`pbem::game::OrderProblem`]): its stable code, its rule, its place in the file and
//! the unit it concerns.

use crate::orders::OrderError;
use pbem::game::OrderProblem;

impl OrderProblem for OrderError {
    fn code(&self) -> &str {
        self.problem.code()
    }
    fn rule(&self) -> String {
        self.rule.long()
    }
    fn place(&self, source: &str) -> Option<(usize, usize)> {
        pbem::game::place_of(source, self.span.as_ref())
    }
    fn subject(&self) -> Option<String> {
        self.unit.as_ref().map(ToString::to_string)
    }
}
