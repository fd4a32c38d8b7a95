"""`tfgpu plan --json` works as README says of every JSON command ("--json (same as
--format json)"; eyes report F-10)."""

from __future__ import annotations

import json

import pytest

from tfgpu.cli.main import main

DESC = ["--gpu", "RTX 4090", "--os", "linux", "--driver", "570.86", "--python", "3.12"]


def test_plan_json_is_the_format_json_document(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--json", *DESC]) == 0
    short = json.loads(capsys.readouterr().out)
    assert main(["plan", "--format", "json", *DESC]) == 0
    assert json.loads(capsys.readouterr().out) == short


def test_plan_json_with_another_format_is_a_usage_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--json", "--format", "sh", *DESC]) == 2
    assert "two formats" in capsys.readouterr().err


def test_plan_default_is_still_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", *DESC]) == 0
    assert capsys.readouterr().out.startswith("tfgpu ")
