#!/usr/bin/env python3
"""Ask pip whether ``tensorflow[and-cuda]==X`` resolves for Linux aarch64, per release.

Usage::

    python scripts/probe_and_cuda_aarch64.py [VERSION ...] > rows.toml

For each release (default: every release of ``tf_pip_cuda_wheels.toml``) it runs, with the
pip of the running interpreter and its configured index::

    pip install --dry-run --ignore-installed --target DIR --python-version 3.11
        --only-binary=:all: --no-cache-dir --platform manylinux2014_aarch64
        --platform manylinux_2_17_aarch64 --platform manylinux_2_27_aarch64
        --platform manylinux_2_28_aarch64
        [--no-deps] --report REPORT 'tensorflow[and-cuda]==X'

first with ``--no-deps`` (the release's aarch64 wheel: file name, sha256 and the
``Requires-Dist`` lines of its METADATA with the marker ``extra == "and-cuda"``), then
without (does pip resolve the whole set for aarch64; if not, the requirement pip names in
"No matching distribution found for ...").  Python 3.11 is one every release of the table
supports.  The rows it prints are the ``[[rows]]`` of
``src/tfgpu/knowledge/data/tf_and_cuda_aarch64.toml`` (paste them there with the date).
The script reads from the index only what pip itself reads.
"""

from __future__ import annotations

import datetime
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import tomllib

ROOT = Path(__file__).resolve().parent.parent
PYTHON = "3.11"
PLATFORMS = ("manylinux2014_aarch64", "manylinux_2_17_aarch64", "manylinux_2_27_aarch64",
             "manylinux_2_28_aarch64")


def _pip(requirement: str, report: Path, *, no_deps: bool) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-m", "pip", "install", "--dry-run", "--ignore-installed",
           "--target", str(report.parent / "target"), "--python-version", PYTHON,
           "--only-binary=:all:", "--no-cache-dir", "--quiet"]
    for p in PLATFORMS:
        cmd += ["--platform", p]
    if no_deps:
        cmd.append("--no-deps")
    cmd += ["--report", str(report), requirement]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=1800, check=False)


def _q(text: str) -> str:
    return json.dumps(text)


def probe(version: str) -> str:
    """The TOML row of ``version``."""
    req = f"tensorflow[and-cuda]=={version}"
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        meta = _pip(req, report, no_deps=True)
        if meta.returncode != 0 or not report.exists():
            last = [ln for ln in meta.stderr.splitlines() if ln.startswith("ERROR")]
            return "\n".join([
                "[[rows]]", f"id = {_q(version + '-aarch64')}", f"tf_version = {_q(version)}",
                "wheel = false", "resolves = false",
                f"pip_error = {_q(last[-1] if last else meta.stderr.strip()[-300:])}",
                'source = "PIP-AARCH64"', f"retrieved = {datetime.date.today()}", ""])
        item = json.loads(report.read_text())["install"][0]
        url = item["download_info"]["url"]
        wheel = url.rsplit("/", 1)[-1].split("#", 1)[0]
        sha = item["download_info"].get("archive_info", {}).get("hashes", {}).get("sha256", "")
        requires = [r for r in item["metadata"].get("requires_dist", [])
                    if re.search(r"""extra\s*==\s*["']and-cuda["']""", r)]
        report.unlink()
        full = _pip(req, report, no_deps=False)
        ok = full.returncode == 0
        missing = re.findall(r"No matching distribution found for (\S+)", full.stderr)
        lines = [
            "[[rows]]", f"id = {_q(version + '-aarch64')}", f"tf_version = {_q(version)}",
            "wheel = true", f"wheel_file = {_q(wheel)}", f"wheel_sha256 = {_q(sha)}",
            "requires_dist = [", *(f"  {_q(r)}," for r in requires), "]",
            f"resolves = {'true' if ok else 'false'}",
        ]
        if not ok:
            why = missing[0] if missing else (full.stderr.strip().splitlines() or ["?"])[-1]
            lines.append(f"unresolvable = {_q(why)}")
        lines += ['source = "PIP-AARCH64"', f"retrieved = {datetime.date.today()}", ""]
        return "\n".join(lines)


def main(argv: list[str]) -> int:
    """Print one TOML row per release."""
    versions = argv
    if not versions:
        data = tomllib.loads((ROOT / "src/tfgpu/knowledge/data/tf_pip_cuda_wheels.toml")
                             .read_text(encoding="utf-8"))
        versions = list(dict.fromkeys(r["tf_version"] for r in data["rows"]))
    for v in versions:
        print(probe(v), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
