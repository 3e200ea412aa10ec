//! Snapshots of what players read: the report of the opening turns and an
//! order template, for base and Nippon.  A change of wording or of the
//! rules' outcome shows here.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mori::demo::{demo, fixed_secret};
use mori::{template, template_private, PrivateState, Ruleset, Variant};

#[test]
fn base_opening_reports() {
    let r = demo(Variant::Base).unwrap();
    insta::assert_snapshot!("base_reports", r.reports[..4].join("\n"));
    insta::assert_snapshot!("base_orders", r.orders[..3].join("\n----\n"));
}

#[test]
fn nippon_opening_reports() {
    let r = demo(Variant::Nippon).unwrap();
    insta::assert_snapshot!("nippon_reports", r.reports[..4].join("\n"));
}

#[test]
fn templates() {
    let rs = Ruleset::base().unwrap();
    let r = demo(Variant::Base).unwrap();
    let (state, _) = &r.history[3];
    let side = state.to_move;
    insta::assert_snapshot!("base_template_public", template(&rs, state, side));
    let mut p = PrivateState::new(&rs, &state.game_id, side, &fixed_secret(side.name()));
    mori::hidden::sync(state, &mut p).unwrap();
    insta::assert_snapshot!("base_template_private", template_private(&rs, state, &p));
}

#[test]
fn last_report_of_each_demo() {
    for v in [Variant::Base, Variant::Nippon] {
        let r = demo(v).unwrap();
        insta::assert_snapshot!(format!("{v:?}_last_report"), r.reports.last().unwrap());
    }
}

#[test]
fn private_report_names_only_the_owners_tokens() {
    let rs = Ruleset::base().unwrap();
    let r = demo(Variant::Base).unwrap();
    let (before, _) = &r.history[4];
    let (after, _) = &r.history[6];
    let side = before.to_move;
    let mut p = PrivateState::new(&rs, &before.game_id, side, &fixed_secret(side.name()));
    mori::hidden::sync(before, &mut p).unwrap();
    let learned = mori::hidden::sync(after, &mut p).unwrap();
    assert!(!learned.is_empty());
    let text = mori::report_private(&rs, &p, &learned);
    let other = rs.token_set(rs.opponent(side)).prefix();
    assert!(!text.contains(&format!("{other}-")), "{text}");
    insta::assert_snapshot!("base_private_report", text);
}
