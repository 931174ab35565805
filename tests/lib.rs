//! The integration tests, one binary: each module is the tests of one part (most run the
//! `heapgame` binary, the others the library), with the shared helpers in `common`.
//! `cargo test --test all MODULE::` runs one module.

mod common;

mod brute_force;
mod certify_branches;
mod certify_deepen;
mod certify_kept_cells;
mod certify_known;
mod certify_mutants;
mod certify_ranges;
mod certify_summary;
mod certify_sweep;
mod certify_sweep_rays;
mod check_diff;
mod check_trust;
mod claims;
mod cli;
mod compiled_add;
mod compiled_chain;
mod compiled_clauses;
mod compiled_delete;
mod compiled_explain;
mod compiled_falling;
mod compiled_generator;
mod compiled_move_to;
mod compiled_moves;
mod compiled_pair;
mod compiled_position_bounds;
mod compiled_quick;
mod compiled_split;
mod compiled_steps;
mod diagnostics;
mod estimate;
mod families;
mod fast_modes;
mod fuzz;
mod fuzz_cases;
mod fuzz_cli;
mod fuzz_commands;
mod fuzz_found;
mod grammar;
mod guess;
mod guess_classic;
mod guess_counts;
mod guess_mex;
mod guess_papers;
mod hostile;
mod kernels;
mod kernels_kept_heap;
mod kernels_multiset;
mod kernels_plan;
mod kernels_rays;
mod lang_new;
mod large_input;
mod loopy;
mod loopy_budget;
mod loopy_games;
mod misere;
mod misere_genus_claims;
mod misere_play_named;
mod misere_quotient;
mod module_graph;
mod one_route;
mod output_time;
mod paper_tables;
mod plot;
mod rare_common;
mod reach;
mod reach_cli;
mod reach_games;
mod reach_period;
mod reach_place;
mod record_cli;
mod record_save;
mod record_sequences;
mod regions;
mod repl;
mod repl_check;
mod repl_play;
mod reproducing;
mod research_propp;
mod research_sizes;
mod robust;
mod rulesets_parse;
mod runaways;
mod set_keep;
mod single_delete_6_3;
mod single_position;
mod sizes;
mod take_and_break;
mod verify_errors;

/// A test file not declared above would never be built: cargo builds this one target only
/// (`autotests = false`).
#[test]
fn every_test_file_is_a_module_of_this_binary() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let lib = std::fs::read_to_string(dir.join("lib.rs")).expect("tests/lib.rs");
    for entry in std::fs::read_dir(&dir).expect("tests/") {
        let path = entry.expect("entry").path();
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or_default()
            .to_string();
        let module = (path.extension().is_some_and(|e| e == "rs") && name != "lib")
            || (path.is_dir() && path.join("mod.rs").exists());
        if module {
            assert!(
                lib.contains(&format!("mod {name};")),
                "tests/lib.rs lacks `mod {name};`"
            );
        }
    }
}
