"""An add-on's pip install replacing the installed TensorFlow: pip's "(from a->b)" chain shows
an add-on asking for a TensorFlow the installed one (host facts, or pip's "Found existing
installation") does not fit; a fresh install, a fitting TensorFlow, TensorFlow's own
dependencies and a TensorFlow pip keeps give nothing.  Rows: kind_cases/tf_pulled_by_addon.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf_pulled_by_addon")
