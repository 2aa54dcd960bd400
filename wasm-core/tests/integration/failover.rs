//! Shape and reference checks for the `failover` sub-model.

use serde_json::json;

use crate::support::{metric, non_decreasing};

#[test]
fn an_miqm_switch_over_with_a_thousand_clients_takes_under_a_second() {
    // "MIQM queue manger re-start time dropping to under a second"
    assert!(metric(json!({"failover": {"connected_clients": 1000}}), "failover.time_to_standby_available_s") < 1.0);
}

#[test]
fn more_clients_take_longer_to_disconnect() {
    let t: Vec<f64> = [0, 1, 500, 1000, 10_000]
        .iter()
        .map(|&c| metric(json!({"failover": {"connected_clients": c}}), "failover.time_to_standby_available_s"))
        .collect();
    assert!(non_decreasing(&t) && t[4] > t[0]);
}

#[test]
fn a_network_failover_waits_for_the_nfs_lease_and_the_clients_for_their_heartbeats() {
    let failover = |lease: f64, hbint: f64| json!({"failover": {"event": "network_failover", "nfs_lease_s": lease, "hbint_s": hbint}});
    let default_lease = metric(failover(90.0, 10.0), "failover.time_to_standby_available_s");
    let tuned_lease = metric(failover(10.0, 10.0), "failover.time_to_standby_available_s");
    assert!(default_lease > 90.0 && tuned_lease > 10.0 && tuned_lease < default_lease);
    let outage: Vec<f64> =
        [1.0, 10.0, 60.0, 300.0].iter().map(|&h| metric(failover(10.0, h), "failover.client_outage_s")).collect();
    assert!(non_decreasing(&outage));
    assert!(outage[3] >= 600.0, "clients wait two heartbeat intervals");
}

#[test]
fn an_rdqm_failover_does_not_depend_on_nfs() {
    let rdqm = |lease: f64| {
        json!({"failover": {"topology": "rdqm", "event": "network_failover", "nfs_lease_s": lease,
                            "rdqm_failover_detection_s": 5.0}})
    };
    assert_eq!(
        metric(rdqm(10.0), "failover.time_to_standby_available_s"),
        metric(rdqm(90.0), "failover.time_to_standby_available_s")
    );
}
