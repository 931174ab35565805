//! Pictures from Python: `heapgame.Ruleset.plot` builds the figure `heapgame plot` draws (the
//! P-positions of two heaps marked, or a Grundy heatmap, a sum's single-heap sequence) once,
//! and renders it as SVG or PNG on demand (a notebook asks for both).

use heapgame::plot::{self, build::plan, Figure, ImageFormat, PlotError, PlotRequest};
use heapgame::report::picture::period_of;
use heapgame::Game;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::errors::{diagnostic_to_py, Kind};
use crate::run::{Limits, Run};

/// A figure, ready to render.
#[pyclass(module = "heapgame._heapgame", frozen)]
pub struct Picture {
    fig: Figure,
}

impl Picture {
    fn render(&self, format: ImageFormat) -> PyResult<Vec<u8>> {
        plot::render(&self.fig, format)
            .map(|r| r.bytes)
            .map_err(|e| {
                pyo3::exceptions::PyRuntimeError::new_err(format!("drawing failed: {}", e.0))
            })
    }
}

#[pymethods]
impl Picture {
    /// The picture as SVG text.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let bytes = py.detach(|| self.render(ImageFormat::Svg))?;
        String::from_utf8(bytes)
            .map_err(|e| pyo3::exceptions::PyRuntimeError::new_err(e.to_string()))
    }

    /// The picture as PNG bytes.
    fn png<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = py.detach(|| self.render(ImageFormat::Png))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// The title drawn on it.
    #[getter]
    fn title(&self) -> &str {
        &self.fig.title
    }
}

/// The figure of `game`'s box with every heap `<= max`, as `heapgame plot` draws it.
pub(crate) fn figure(
    py: Python<'_>,
    game: &Game,
    req: PlotRequest,
    limits: Limits,
) -> PyResult<Picture> {
    let run = Run::new(limits)?;
    let source = game.src.name().to_string();
    let plan = plan(game, &req).map_err(|e| diagnostic_to_py(py, &e, &source, Kind::Ruleset))?;
    let built = run.watched(py, |budget| {
        plot::build(game, &req, &plan, budget, &period_of)
    })?;
    let fig = built.map_err(|e| match e {
        PlotError::Solve(e) => run.failure(py, game, &e, "while solving the box to draw"),
        e => diagnostic_to_py(py, &e, &source, Kind::Ruleset),
    })?;
    Ok(Picture { fig })
}
