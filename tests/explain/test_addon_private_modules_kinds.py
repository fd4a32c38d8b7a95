"""A TensorFlow add-on importing a private TensorFlow module the installed TensorFlow lacks:
the add-on release does not fit that TensorFlow.  Rows: kind_cases/addon_private_modules.toml."""

from __future__ import annotations

import re

from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS
from tfgpu.logs.patterns import _ADDON_MODULES

from .kind_helpers import table_test

test_case = table_test("addon_private_modules")


def test_the_addon_pattern_knows_every_addon_module() -> None:
    """The log pattern ``addon.no_attr`` spells the add-ons' module names in a regex of its
    own (the log layer does not import the checks): every add-on of ADDON_DISTS matches it,
    so a name added to one list cannot be missing from the other."""
    assert [m for m in ADDON_DISTS if not re.fullmatch(_ADDON_MODULES, m)] == []
