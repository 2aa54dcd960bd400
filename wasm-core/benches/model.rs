//! Speed of the model, natively: one evaluation (target under 20 µs, so a slider drag can
//! re-draw every chart in a frame) and a 1,000-point sweep. Run with `cargo bench --bench model`.

use criterion::{Criterion, criterion_group, criterion_main};
use mqpx::scenario::Scenario;
use std::hint::black_box;

fn scenarios() -> Vec<(&'static str, Scenario)> {
    let persistent = serde_json::json!({
        "workload": { "persistence": "persistent", "syncpoint": "in_syncpoint", "requesters": 8, "servers": 8 },
        "log": { "io_mode": "zhyperlink", "zhyperlink_pfids": 4, "stripes": 2 }
    });
    let shared = serde_json::json!({ "workload": { "queue_type": "shared", "queue_managers": 2 } });
    // Many tasks on a few shared locks over LPARs of one processor: the holders' uneven spread
    // over the LPARs is priced (processors::spread_burst_stretch), the costliest processor model.
    let shared_locks = serde_json::json!({
        "system": { "lpar_cpus": 1 },
        "workload": { "kind": "batch_put", "queue_type": "shared", "queue_managers": 2, "requesters": 32,
                      "servers": 32, "queue_pairs": 3, "message_size_bytes": 78432, "messages_per_commit": 14 }
    });
    vec![
        ("default", Scenario::default()),
        ("persistent zhyperlink", Scenario::from_overlay(&persistent).expect("valid")),
        ("shared queues", Scenario::from_overlay(&shared).expect("valid")),
        ("shared locks over 2 LPARs", Scenario::from_overlay(&shared_locks).expect("valid")),
    ]
}

fn eval(c: &mut Criterion) {
    for (name, s) in scenarios() {
        c.bench_function(&format!("eval/{name}"), |b| b.iter(|| mqpx::model::evaluate(black_box(&s))));
    }
}

/// Each sub-model alone, so a slow one is found by name.
fn sections(c: &mut Criterion) {
    let s = &scenarios()[1].1;
    let metrics = mqpx::model::evaluate(s).to_value();
    for (section, value) in metrics.as_object().expect("metrics are an object") {
        let first_number = value.as_object().and_then(|o| o.iter().find(|(_, x)| x.is_number()).map(|(k, _)| k));
        if let Some(field) = first_number {
            let path = format!("{section}.{field}");
            c.bench_function(&format!("section/{section}"), |b| {
                b.iter(|| mqpx::model::evaluate_metric(black_box(s), &path))
            });
        }
    }
}

fn sweep(c: &mut Criterion) {
    let s = &scenarios()[1].1;
    let values = mqpx::sweep::log_range(256.0, 104_857_600.0, 1000);
    let values: Vec<f64> = values.iter().map(|v| v.round()).collect();
    c.bench_function("sweep/1000 message sizes", |b| {
        b.iter(|| {
            mqpx::sweep::sweep(black_box(s), "workload.message_size_bytes", &values, "log.log_bytes_per_message")
                .expect("valid sweep")
        })
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(30).measurement_time(std::time::Duration::from_secs(3));
    targets = eval, sections, sweep
}
criterion_main!(benches);
