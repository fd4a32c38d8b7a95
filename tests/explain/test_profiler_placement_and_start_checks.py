"""CUPTI's one subscriber, TF 1.x's cupti_wrapper lookup and a failed-call line cut before its
code; ImportError with the soname alone; an empty GPU list indexed in a traceback; the placer's
kernel list without the node's attributes; keras-retinanet's start-up TensorFlow check.
Rows: kind_cases/profiler_placement_and_start_checks.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("profiler_placement_and_start_checks")
