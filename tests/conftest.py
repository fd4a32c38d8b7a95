"""Shared test helpers: paths to recorded fixtures."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

# A test run started in the background of a non-interactive shell inherits SIGINT ignored
# (POSIX: asynchronous lists ignore it), and so would every child it starts: the Ctrl-C
# tests need the default, so the run restores it (children then get the default too).
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# Shared helper modules (proc_helpers) import from any test folder.
sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parent.parent
#: Recorded real outputs committed with the project.
FIXTURES = ROOT / "tests" / "fixtures"
#: The workplace's shared folder (fixtures, cases, reference), beside the checkout.
SHARED = ROOT.parent / "shared"


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Point tfgpu's cache (parsed knowledge tables) at a folder of this test session,
    so tests neither read nor write the user's ``~/.cache/tfgpu`` (subprocesses inherit
    it through the environment)."""
    import os

    os.environ["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("xdg-cache"))
