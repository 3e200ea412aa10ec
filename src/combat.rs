//! combat (to be written).
