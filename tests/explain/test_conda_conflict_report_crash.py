"""conda 4.7.x-4.8.2 crashed while writing an UnsatisfiableError's conflict report: the
conflict is real, the TypeError is conda's bug, and the fix starts with a newer conda.

Source: conda/models/match_spec.py ``_StrMatchMixin.union`` (``'|'.join(options)`` over two
specs' channel components, Channel or MultiChannel objects) at conda 4.7.12-4.8.2, called from
resolve.py's conflict report; conda 4.8.3 catches the TypeError (CHANGELOG 4.8.3: "Account for
channel is specs (#9748)").  Python 3's ``str.join`` says "sequence item 0: expected str
instance, Channel found", Python 2's "sequence item 0: expected string, Channel found"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

_FRAMES = [
    "Traceback (most recent call last):",
    '  File "/home/u/anaconda3/lib/python3.7/site-packages/conda/exceptions.py", line 1079, '
    "in __call__",
    "    return func(*args, **kwargs)",
    '  File "/home/u/anaconda3/lib/python3.7/site-packages/conda/resolve.py", line 369, '
    "in breadth_first_search_for_dep_graph",
    "    last_spec = MatchSpec.union((path[-1], target_paths[-1][-1]))[0]",
    '  File "/home/u/anaconda3/lib/python3.7/site-packages/conda/models/match_spec.py", '
    "line 764, in union",
    "    return '|'.join(options)",
]
_SOLVING = ["Collecting package metadata (current_repodata.json): done",
            "Solving environment: failed with initial frozen solve. Retrying with flexible solve.",
            "Found conflicts! Looking for incompatible packages.",
            "This can take several minutes.  Press CTRL-C to abort.", "failed"]


def _found(lines: list[str]) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines)}


@pytest.mark.parametrize("said", [
    "TypeError: sequence item 0: expected str instance, MultiChannel found",
    "TypeError: sequence item 0: expected str instance, Channel found",
    "TypeError: sequence item 1: expected string, Channel found",  # Python 2
])
def test_the_report_crash_names_conda_and_its_fix(said: str) -> None:
    f = _found([*_SOLVING, *_FRAMES, said])["conda-specs-incompatible"]
    assert "crashed" in f.title, f.title
    assert said in f.cause and "4.8.3" in f.cause, f.cause
    assert f.fix[1].startswith("conda update -n base"), f.fix
    # the usual advice follows, once the conflict lines are shown
    assert any("conda create -n tf" in line for line in f.fix), f.fix


def test_the_crash_quoted_inside_the_unsatisfiable_error_line() -> None:
    f = _found(['conda.exceptions.UnsatisfiableError: "TypeError: sequence item 0: expected '
                'str instance, MultiChannel found"'])["conda-specs-incompatible"]
    assert "crashed" in f.title and "MultiChannel" in f.cause


def test_a_plain_conflict_report_is_not_called_a_crash() -> None:
    f = _found([*_SOLVING, "",
                "UnsatisfiableError: The following specifications were found to be "
                "incompatible with each other:"])["conda-specs-incompatible"]
    assert "crashed" not in f.title
    assert not f.fix[0].startswith("conda --version")


def test_another_join_type_error_is_not_condas() -> None:
    found = _found(["Traceback (most recent call last):", '  File "train.py", line 3, in <module>',
                    "TypeError: sequence item 0: expected str instance, int found"])
    assert "conda-specs-incompatible" not in found
