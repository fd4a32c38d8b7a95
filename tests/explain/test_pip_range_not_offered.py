"""pip's "Could not find a version that satisfies the requirement" where no version pip offers
for this interpreter is within the requirement's specifier (with or without the requiring
project, an environment marker, a long list), the lines that are not this kind (a fitting
release listed, an empty list, TensorFlow's family), and TensorFlow's own pins read past
the requiring project's "(from <parent>)" (``checks/no_matching_wheel.py``,
``pip_reports.py``); a pin with a PEP 440 local version label whose list has none leads with the
project's own index, not the Python version.  Rows: kind_cases/pip_range_not_offered.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_range_not_offered")


def test_a_local_label_pin_leads_with_the_projects_index_not_the_python_version() -> None:
    from tfgpu.explain import explain_lines

    res = explain_lines([
        "ERROR: Could not find a version that satisfies the requirement torch==2.0.1+cu118 "
        "(from versions: 2.0.1, 2.1.0)"])
    f = next(x for x in res if x.id == "pip-requirement-range-not-offered")
    first = f.cause.split(". ")[0]
    assert "local version label (+cu118)" in first
    assert "other Python versions" not in f.cause
    assert f.cause.index("own package index") < f.cause.index("Python version")
