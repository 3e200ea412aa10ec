//! odds (to be written).
