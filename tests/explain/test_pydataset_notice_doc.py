"""The Keras PyDataset notice links the PyDataset reference, not the callbacks page."""

from __future__ import annotations

from pathlib import Path

import tomllib

from tfgpu.explain import explain_lines

KIND = Path(__file__).resolve().parent / "kind_cases" / "python_training_warnings.toml"


def test_the_pydataset_notice_links_the_pydataset_reference() -> None:
    cases = tomllib.loads(KIND.read_text())["case"]
    case = next(c for c in cases if c.get("gives") == "keras-pydataset-init-notice")
    f = next(f for f in explain_lines(case["lines"]) if f.id == "keras-pydataset-init-notice")
    assert f.doc is not None and f.doc.endswith("/tf/keras/utils/PyDataset")
    assert "callbacks" not in f.doc
