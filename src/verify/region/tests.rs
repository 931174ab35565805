//! The unit tests of `region.rs`: totals and boxes against brute force, samples, and the
//! budget's looks while listing.

use super::*;

fn any() -> ShapeSpec {
    ShapeSpec {
        count: None,
        names: None,
        lower: 0,
    }
}

#[test]
fn totals_are_every_small_position_by_brute_force() {
    for shape in [
        any(),
        ShapeSpec {
            count: Some(3),
            ..any()
        },
        ShapeSpec {
            count: Some(2),
            names: Some(vec!["x".into(), "y".into()]),
            lower: 1,
        },
    ] {
        let t = 9;
        let got = total_positions(&shape, t, 3).unwrap();
        // Brute force: every tuple of heaps 0..=t, filtered.
        let (ks, least) = counts(&shape, 3);
        let mut want = Vec::new();
        for k in ks {
            let mut all: Vec<Vec<u32>> = vec![vec![]];
            for _ in 0..k {
                all = all
                    .into_iter()
                    .flat_map(|p| {
                        (0..=t).map(move |h| {
                            let mut q = p.clone();
                            q.push(h);
                            q
                        })
                    })
                    .collect();
            }
            for p in all {
                let ok_sorted = !shape.symmetric() || p.windows(2).all(|w| w[0] <= w[1]);
                if ok_sorted && p.iter().all(|&h| h >= least) && p.iter().sum::<u32>() <= t {
                    want.push(p);
                }
            }
        }
        sort_in_order(&mut want);
        assert_eq!(got, want, "{shape:?}");
        assert_eq!(total_size(&shape, t, 3, u64::MAX), want.len() as u64);
    }
}

#[test]
fn totals_and_boxes_agree_where_they_overlap() {
    let shape = ShapeSpec {
        count: Some(3),
        ..any()
    };
    let boxed = super::super::positions_in_order(&shape, Bounds { max: 6, heaps: 3 }).unwrap();
    let total = total_positions(&shape, 6, 3).unwrap();
    let a: Vec<_> = boxed
        .iter()
        .filter(|p| p.iter().sum::<u32>() <= 6)
        .collect();
    let b: Vec<_> = total.iter().collect();
    assert_eq!(a, b);
}

#[test]
fn samples_are_reproducible() {
    let shape = any();
    let a = samples(&shape, 50, 7, 1000, 3);
    assert_eq!(a, samples(&shape, 50, 7, 1000, 3));
    assert_ne!(a, samples(&shape, 50, 8, 1000, 3));
    assert_eq!(a.len(), 50);
    assert!(a.iter().all(|p| !p.is_empty() && p.len() <= 3));
    assert!(a.iter().all(|p| p.iter().all(|&h| (1..=1000).contains(&h))));
    assert!(a.iter().any(|p| p.iter().any(|&h| h > 500)), "large heaps");
    // A space of 3 positions gives at most 3.
    let small = samples(
        &ShapeSpec {
            count: Some(1),
            ..any()
        },
        10,
        1,
        2,
        1,
    );
    assert_eq!(small, vec![vec![0], vec![1], vec![2]]);
}

#[test]
fn a_box_or_total_past_its_deadline_is_not_listed() {
    // 30 heaps <= 7: C(37, 7) = 10295472 positions, seconds to list.
    let budget = Budget {
        deadline: Some(crate::solver::Clock::system().at(std::time::Duration::ZERO)),
        ..Budget::default()
    };
    let t0 = std::time::Instant::now();
    for region in [
        Region::Box(Bounds { max: 7, heaps: 30 }),
        Region::Total {
            total: 60,
            heaps: 30,
        },
    ] {
        let e = region
            .positions_within(&any(), &budget)
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("stopped while listing"), "{e}");
    }
    assert!(t0.elapsed() < std::time::Duration::from_secs(2));
    assert_eq!(
        Region::Box(Bounds { max: 2, heaps: 2 })
            .positions(&any())
            .unwrap()
            .len(),
        6
    );
}

#[test]
fn the_boxes_within_a_total_bound_its_size_and_refuse_huge_totals_at_once() {
    let three = ShapeSpec {
        count: Some(3),
        ..any()
    };
    let named = ShapeSpec {
        count: Some(3),
        names: Some(vec!["x".into(), "y".into(), "z".into()]),
        lower: 1,
    };
    for shape in [any(), three.clone(), named.clone()] {
        for t in 0..14 {
            let Some((ks, least)) = total_counts(&shape, t, 4) else {
                continue;
            };
            let exact = total_positions(&shape, t, 4).unwrap().len() as u64;
            let bound = boxes_within_total(&shape, ks, least, t, u64::MAX - 1);
            assert!(bound <= exact, "{shape:?} t = {t}: {bound} > {exact}");
        }
    }
    let t0 = std::time::Instant::now();
    for shape in [any(), three, named] {
        for t in [1u32 << 20, i32::MAX as u32, u32::MAX] {
            assert_eq!(total_size(&shape, t, 30, 1000), 1001, "{shape:?} {t}");
        }
    }
    assert!(t0.elapsed() < std::time::Duration::from_secs(1));
}
