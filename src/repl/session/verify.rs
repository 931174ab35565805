//! The session's commands that compare the solver with something: `:check` (the claims),
//! `:diff` (a formula or another ruleset) and `:plot` (a picture, with the claims marked on
//! request).

use super::*;
use crate::query::diff::{compare, plan, DiffAsk};
use crate::query::hooks::{Job, RegionAsk};

impl Session<'_> {
    /// `:check`: the claims, as `heapgame check` checks them (one run per `check` line, or
    /// one with the parameters set), on the ruleset's text as loaded.
    pub(super) fn check(
        &mut self,
        ui: &mut Ui,
        max: Option<u32>,
        heaps: Option<usize>,
    ) -> Result<(), Report> {
        let l = self.loaded()?;
        let src = &l.game.src;
        let runs =
            crate::query::check_runs::runs_of(src.name(), src.inner(), &l.overrides, max, heaps)?;
        for (game, bounds) in &runs {
            let budget = ui.budget_for_heaps(bounds.heaps);
            let region = crate::verify::region::Region::Box(*bounds);
            let report = ui.compute(|| check_region(game, &region, budget))?;
            emit(&crate::report::check::text_report(&l.file, game, &report));
        }
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
