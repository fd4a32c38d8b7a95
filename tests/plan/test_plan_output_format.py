"""`tfgpu plan` reads --format/--json through the commands' shared output_format()."""

from __future__ import annotations

import json

import pytest

from tfgpu.cli.main import main

DESC = ["--gpu", "RTX 4090", "--os", "linux", "--driver", "570.86", "--python", "3.12"]


def test_json_and_format_json_together_is_one_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--json", "--format", "json", *DESC]) == 0
    assert json.loads(capsys.readouterr().out)["schema_version"]


def test_the_conflict_message_is_the_shared_one(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--format", "powershell", "--json", *DESC]) == 2
    assert "--json and --format powershell ask for two formats; give one" in \
        capsys.readouterr().err
