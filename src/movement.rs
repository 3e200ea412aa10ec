//! movement (to be written).
