"""pyproject.toml's license is a PEP 639 SPDX string with a setuptools that reads it
(new-user review #5: the ``{ text = ... }`` table made setuptools print a
SetuptoolsDeprecationWarning on every install, and it stops working after 2027-02-18)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_license_is_an_spdx_string_not_a_deprecated_table() -> None:
    doc = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    assert doc["project"]["license"] == "Apache-2.0"
    # PEP 639: a license expression excludes License :: classifiers
    assert not any(c.startswith("License ::") for c in doc["project"].get("classifiers", []))


def test_build_requires_a_setuptools_that_reads_spdx_license_strings() -> None:
    doc = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))
    reqs = [r for r in doc["build-system"]["requires"] if r.startswith("setuptools")]
    assert len(reqs) == 1
    m = re.fullmatch(r"setuptools>=(\d+)(?:\.\d+)*", reqs[0].replace(" ", ""))
    assert m is not None, reqs[0]
    assert int(m.group(1)) >= 77  # setuptools 77.0.0: PEP 639 license expressions
