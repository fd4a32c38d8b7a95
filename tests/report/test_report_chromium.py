"""The HTML report in a real headless Chromium (Debian's ``chromium``; CI installs it in
``.ci/run``): it loads from ``file://`` with no console error and no network request, a
screenshot is taken, the verdict and every finding id are in the DOM, and the page fits a
phone's width.

Driven by playwright with ``executable_path=/usr/bin/chromium`` (never a browser download)
and a fresh profile folder.  Skipped, saying why, where that browser or playwright is absent.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tfgpu import privacy
from tfgpu.cli.main import main
from tfgpu.report.share import render_shareable

CHROMIUM = Path("/usr/bin/chromium")
FACTS = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios" / "ldlp_cuda11.json"
#: Chromium's flags: no GPU, no QUIC, no first-run, no background traffic of its own.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]

pytestmark = [
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="needs Debian's chromium at /usr/bin/chromium "
                              "(apt-get install chromium; CI installs it in .ci/run)"),
]


def _open(html: Path, tmp_path: Path, *, width: int = 1280,
          height: int = 900) -> dict[str, Any]:
    """Load ``html`` in headless Chromium; return what the page did and holds."""
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="needs the playwright package (the test extra)")
    console: list[str] = []
    requests: list[str] = []
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / f"profile-{width}"),  # a fresh --user-data-dir
            executable_path=str(CHROMIUM), headless=True, args=FLAGS,
            viewport={"width": width, "height": height}, offline=True)
        try:
            page = context.new_page()
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}")
                    if m.type in ("error", "warning") else None)
            page.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
            page.on("request", lambda r: requests.append(r.url))
            page.goto(html.as_uri(), wait_until="load")
            shot = tmp_path / f"report-{width}.png"
            page.screenshot(path=str(shot), full_page=True)
            out = {
                "console": console,
                "requests": requests,
                "screenshot": shot,
                "verdict": page.inner_text("#verdict"),
                "ids": page.eval_on_selector_all(
                    "[data-finding-id]", "els => els.map(e => e.dataset.findingId)"),
                "text": page.inner_text("body"),
                "overflow": page.evaluate(
                    "document.documentElement.scrollWidth - window.innerWidth"),
                "scripts": page.eval_on_selector_all("script", "els => els.length"),
            }
        finally:
            context.close()
    return out


def _doctor_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Any]]:
    assert main(["doctor", "--facts", str(FACTS), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert main(["doctor", "--facts", str(FACTS), "--format", "html"]) == 1
    page = tmp_path / "doctor.html"
    page.write_text(capsys.readouterr().out, encoding="utf-8")
    return page, doc


def test_doctor_html_in_chromium(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page, doc = _doctor_html(tmp_path, capsys)
    got = _open(page, tmp_path)
    assert got["console"] == []
    assert got["requests"] == [page.as_uri()]  # the page itself, nothing else
    assert got["screenshot"].stat().st_size > 10_000
    assert doc["verdict"]["headline"] in got["verdict"]
    assert sorted(got["ids"]) == sorted(f["id"] for f in doc["findings"])
    assert got["scripts"] == 0


def test_html_fits_a_phone_and_escapes_a_hostile_log(tmp_path: Path) -> None:
    hostile = '<script>alert("x")</script><img src="http://203.0.113.9/x.png"> ``` |'
    doc = {"schema_version": "1.1", "tfgpu_version": "0.1.0", "knowledge_version": "k",
           "command": "bench",
           "verdict": {"gpu_usable": True, "headline": "GPU 4.8x faster " + hostile,
                       "problems": 0},
           "findings": [{"id": "a-long-finding-id-that-must-wrap-on-a-phone", "severity":
                         "warning", "category": "unknown", "area": "log", "title": hostile,
                         "evidence": [{"source": "log", "text": "x" * 400 + hostile,
                                       "line": 1}],
                         "cause": hostile, "fix": ["pip install " + "y" * 300], "doc": None,
                         "knowledge_ref": None, "harmless": False, "aliases": []}],
           "meta": {}}
    bench = {"devices": [{"device": "cpu", "workloads": {"tuned": {"train_time_s": {
        "median": {"value": 12.0}, "min": {"value": 11.0}, "max": {"value": 13.0}}}}},
        {"device": "gpu:0", "workloads": {"tuned": {"train_time_s": {
            "median": {"value": 2.5}, "min": {"value": 2.5}, "max": {"value": 2.5}}}}}]}
    page = tmp_path / "bench.html"
    page.write_text(render_shareable("html", doc, redactor=privacy.this_host(), bench=bench),
                    encoding="utf-8")
    got = _open(page, tmp_path, width=375, height=800)
    assert got["console"] == []
    assert got["requests"] == [page.as_uri()]  # the <img> in the log is text, not fetched
    assert got["scripts"] == 0
    assert got["overflow"] <= 0  # no sideways scrolling on a 375-pixel screen
    assert '<script>alert("x")</script>' in got["text"]  # shown as text
    assert got["ids"] == ["a-long-finding-id-that-must-wrap-on-a-phone"]
