//! The session's commands that compare the solver with something: `:check` (the claims),
//! `:diff` (a formula or another ruleset) and `:plot` (a picture, with the claims marked on
//! request).

use super::*;

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

    /// `:diff`: against a formula or another ruleset, as `heapgame diff` compares them.
    pub(super) fn diff(&mut self, ui: &mut Ui, req: &DiffRequest) -> Result<(), Report> {
        let l = self.loaded()?;
        let game = &l.game;
        let first = game.checked.check_runs.first();
        let bounds = Bounds::resolve(game, req.max, req.heaps, first).map_err(|m| {
            let ruleset = game.checked.name.clone();
            match m {
                MissingBound::Max => ReplError::DiffNeedsMax { ruleset },
                MissingBound::Heaps => ReplError::DiffNeedsHeaps { ruleset },
            }
        })?;
        let show = req.show.unwrap_or(10);
        let budget = ui.budget_for_heaps(bounds.heaps);
        let compare =
            |side: Side<'_>| ui.compute(|| diff(game, side, bounds, req.grundy, show, budget));
        let report = match (&req.formula, &req.other) {
            (Some(text), _) => {
                let f = formula_from_text(game, text)?;
                compare(Side::Formula(&f, text.clone()))?
            }
            (None, Some(file)) => {
                let other = Loaded::load(Path::new(file), l.overrides.clone())?;
                compare(Side::Game(&other.game))?
            }
            (None, None) => return Err(ReplError::DiffNeedsSide.into()),
        };
        emit(&crate::report::diff::text_report(&report));
        Ok(())
    }
}
