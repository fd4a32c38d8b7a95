"""Shared test helpers: paths to recorded fixtures."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Recorded real outputs committed with the project.
FIXTURES = ROOT / "tests" / "fixtures"
#: The workplace's shared folder (fixtures, cases, reference), beside the checkout.
SHARED = ROOT.parent / "shared"


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES
