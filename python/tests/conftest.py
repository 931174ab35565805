"""Shared fixtures: the repository's rulesets, found from this file."""

from pathlib import Path

import pytest

RULESETS = Path(__file__).resolve().parents[2] / "rulesets"


@pytest.fixture
def rulesets() -> Path:
    return RULESETS
