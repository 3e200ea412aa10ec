//! victory (to be written).
