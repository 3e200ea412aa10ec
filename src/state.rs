//! state (to be written).
