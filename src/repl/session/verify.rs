//! The session's commands that compare the solver with something: `:check` (the claims),
//! `:diff` (a formula or another ruleset) and `:plot` (a picture, with the claims marked on
//! request).

use super::*;
use crate::query::check::{check, Answer, CheckAsk, CheckFront, FamiliesChecked};
use crate::query::check_box::Boxes;
use crate::query::check_ranges::RangeDone;
use crate::query::check_runs::{runs_in, RunsAsk};
use crate::query::diff::{compare, plan, DiffAsk};
use crate::query::hooks::FileRun;
use crate::query::hooks::{Job, RegionAsk};
use crate::report::check_parts::{coverage_text, families_text};
use crate::verify::coverage::Coverage;

impl Session<'_> {
    /// `:check`: the claims, as `heapgame check` checks them (one run per `check` line, or
    /// one with the parameters set), on the ruleset's text as loaded: by one call to the
    /// query floor ([`check`]), each run within the bounds of its heaps, each answer printed
    /// as it comes, the file's family claims and coverage after its runs.
    pub(super) fn check(
        &mut self,
        ui: &mut Ui,
        max: Option<u32>,
        heaps: Option<usize>,
    ) -> Result<(), Report> {
        let l = self.loaded()?;
        let src = &l.game.src;
        let ask = RunsAsk {
            params: &l.overrides,
            max,
            heaps,
            boxes: Boxes::Full,
        };
        let runs = runs_in(src.name(), src.inner(), &ask)?;
        let all: Vec<FileRun> = (runs.into_iter())
            .map(|(g, b, over)| (l.file.clone(), g, b, over))
            .collect();
        let ask = CheckAsk {
            region: RegionAsk::default(),
            time: None,
            own_params: l.overrides.is_empty(),
            strict: false,
            within_box: false,
        };
        let mut front = CheckText {
            limits: ui.limits(),
            hooks: ui.hooks(),
        };
        ui.compute(|| check(&ask, &all, &mut front))?;
        Ok(())
    }

    /// `:plot`: writes the picture of the loaded ruleset and prints its path.
    pub(super) fn plot(&mut self, ui: &mut Ui, p: &command::PlotCommand) -> Result<(), Report> {
        let l = self.loaded()?;
        let path = crate::report::picture::repl_path(&l.file, p.output.as_deref(), p.req.grundy);
        let (to, format) = crate::report::picture::destination_of(&path)?;
        let budget = ui.budget_for_heaps(l.game.heap_count(p.req.heaps).unwrap_or(1));
        let bytes = ui
            .compute(|| crate::report::picture::draw(&l.game, &p.req, format, &budget))
            .map_err(|e| match e.solve() {
                Some(s) => solve_error(&l.game, s),
                None => Report::new(e),
            })?;
        crate::report::output::write_whole_to(&to, &bytes)?;
        // PNG only: kitty and iTerm2 do not show SVG.
        let png = format == crate::plot::ImageFormat::Png;
        if let Some(proto) = inline_image::detect().filter(|_| png) {
            emit(&inline_image::escape(proto, &bytes));
        }
        say!("wrote {}", path.display());
        Ok(())
    }

    /// `:diff`: against a formula or another ruleset, as `heapgame diff` compares them: what
    /// is compared and its bounds planned by the query floor ([`plan`]: two sums by one
    /// heap's values), compared over the box ([`compare`]) within the bounds of its heaps.
    pub(super) fn diff(&mut self, ui: &mut Ui, req: &DiffRequest) -> Result<(), Report> {
        let l = self.loaded()?;
        let game = &l.game;
        let ruleset = game.checked.name.clone();
        // The REPL's default box: the first `check` line's largest heap.
        let first = game.checked.check_runs.first().map(|r| r.max);
        let max = req.max.or(first).ok_or(ReplError::DiffNeedsMax {
            ruleset: ruleset.clone(),
        })?;
        let other = match (&req.formula, &req.other) {
            (Some(_), _) => None,
            (None, Some(file)) => Some(Loaded::load(Path::new(file), l.overrides.clone())?),
            (None, None) => return Err(ReplError::DiffNeedsSide.into()),
        };
        let ask = DiffAsk {
            max: Some(max),
            heaps: req.heaps.or(first_heaps(game)),
            grundy: req.grundy,
            show: req.show.unwrap_or(10),
            region: RegionAsk::default(),
            time: None,
        };
        let other_game = other.as_ref().map(|o| &o.game);
        let plan =
            plan(game, other_game, ask).map_err(|_| ReplError::DiffNeedsHeaps { ruleset })?;
        if plan.sums {
            say!(
                "note: both rulesets are disjunctive sums, so the Grundy values of one heap \
                 decide every position: comparing them (--heaps 1 --grundy)"
            );
        }
        let formula = (req.formula.as_ref())
            .map(|text| formula_from_text(game, text).map(|f| (f, text.clone())))
            .transpose()?;
        let side = match (&formula, other_game) {
            (Some((f, text)), _) => Side::Formula(f, text.clone()),
            (None, Some(b)) => Side::Game(b),
            (None, None) => return Err(ReplError::DiffNeedsSide.into()),
        };
        let (limits, hooks) = (ui.limits(), ui.hooks());
        let start = |job: &Job<'_>| limits.for_heaps(job.heaps).tighten(&hooks);
        let report = ui.compute(|| compare(game, side, &plan, (&l.file, start), &mut |_| {}))?;
        emit(&crate::report::diff::text_report(&report));
        Ok(())
    }
}

/// The number of heaps of the first `check` line, the REPL's default for a ruleset of any
/// number of heaps.
fn first_heaps(game: &Game) -> Option<usize> {
    game.checked.check_runs.first().and_then(|r| r.heaps)
}

/// The REPL's side of a check: each part within the query floor's bounds for its heaps and
/// the session's hooks; each answer printed as it comes; a failed run stops the check.
struct CheckText {
    limits: crate::query::Limits,
    hooks: Budget,
}

impl CheckFront for CheckText {
    type Run = Budget;

    fn clock(&self) -> crate::solver::Clock {
        crate::solver::Clock::system()
    }

    fn start(&self, job: &Job<'_>) -> Budget {
        self.limits.for_heaps(job.heaps).tighten(&self.hooks)
    }

    fn answer(&mut self, (file, game, _, _): &FileRun, answer: &Answer) -> Result<(), Report> {
        match answer {
            Answer::Checked(r) => emit(&crate::report::check::text_report(file, game, r)),
            Answer::Deepened(r) => emit(&crate::report::check::deep_text(file, r)),
            // Only under a time limit, which `:check` does not take.
            Answer::Merged => {}
        }
        Ok(())
    }

    fn failed(&mut self, _: &FileRun, e: Report) -> Result<(), Report> {
        Err(e)
    }

    fn families(
        &mut self,
        file: &Path,
        (reports, stopped): &FamiliesChecked,
    ) -> Result<(), Report> {
        emit(&families_text(file, reports, stopped.as_deref()));
        Ok(())
    }

    fn coverage(&mut self, file: &Path, coverage: &Coverage) {
        emit(&coverage_text(file, coverage, false));
    }

    fn range_done(&mut self, file: &Path, done: &RangeDone) -> Result<(), Report> {
        emit(&crate::report::check_summary::range_text(file, done));
        Ok(())
    }
}
