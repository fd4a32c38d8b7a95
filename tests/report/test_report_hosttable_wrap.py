"""The HTML host table on a 390-pixel phone: keys (variable names) never break mid-word,
only after an underscore or a hyphen; long values still wrap anywhere (issue 12 review).

Layout is measured in Debian's headless Chromium through playwright, as in
``test_report_chromium.py``; skipped, saying why, where either is absent.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu import privacy
from tfgpu.report.share import render_shareable

CHROMIUM = Path("/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LONG_KEYS = {"TF_FORCE_GPU_ALLOW_GROWTH": "true", "TF_GPU_THREAD_MODE": "gpu_private",
             "LD_LIBRARY_PATH": "/usr/local/cuda-12.3/targets/x86_64-linux/lib:" * 3,
             "XLA_FLAGS": "--xla_gpu_cuda_data_dir=/usr/local/cuda-12.3/nvvm/libdevice/../.."}

#: For each key cell: the characters before which a line break happened.
_BREAKS_JS = """() => [...document.querySelectorAll('.hosttable th')].map(th => {
  const out = []; let prevTop = null, prev = '';
  const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    for (let i = 0; i < n.length; i++) {
      const ch = n.data[i];
      if (/\\s/.test(ch)) { prev = ch; continue; }
      const r = document.createRange(); r.setStart(n, i); r.setEnd(n, i + 1);
      const top = r.getBoundingClientRect().top;
      if (prevTop !== null && top > prevTop + 2) out.push(prev + '|' + ch);
      prevTop = top; prev = ch;
    }
  }
  return [th.textContent, out];
})"""

_DOC = {"schema_version": "1.1", "tfgpu_version": "0.1.0", "knowledge_version": "k",
        "command": "doctor", "verdict": {"gpu_usable": False, "headline": "h", "problems": 0},
        "findings": [], "meta": {}}


def test_keys_keep_whole_words_and_are_escaped() -> None:
    page = render_shareable("html", _DOC, redactor=privacy.NoRedactor(),
                            facts={"env": {**LONG_KEYS, "A_B<i>": "x"}})
    assert "$TF_<wbr>FORCE_<wbr>GPU_<wbr>ALLOW_<wbr>GROWTH" in page
    assert "A_<wbr>B&lt;i&gt;" in page and "B<i>" not in page
    assert ".hosttable th { overflow-wrap: normal;" in page


@pytest.mark.skipif(not CHROMIUM.exists(), reason="needs Debian's chromium at /usr/bin/chromium")
def test_keys_break_only_between_words_on_a_phone(tmp_path: Path) -> None:
    sync_api = pytest.importorskip("playwright.sync_api",
                                   reason="needs the playwright package (the test extra)")
    html = tmp_path / "host.html"
    html.write_text(render_shareable("html", _DOC, redactor=privacy.NoRedactor(),
                                     facts={"env": LONG_KEYS}), encoding="utf-8")
    with sync_api.sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=str(CHROMIUM), headless=True,
            args=FLAGS, viewport={"width": 390, "height": 900}, offline=True)
        try:
            page = context.new_page()
            page.goto(html.as_uri(), wait_until="load")
            cells = page.evaluate(_BREAKS_JS)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            value_lines = page.evaluate(
                "[...document.querySelectorAll('.hosttable td')].map("
                "td => Math.round(td.getBoundingClientRect().height))")
        finally:
            context.close()
    keys = {text: breaks for text, breaks in cells}
    assert "$TF_FORCE_GPU_ALLOW_GROWTH" in keys
    assert keys["$TF_FORCE_GPU_ALLOW_GROWTH"], "expected the long key to wrap at 390 px"
    for text, breaks in keys.items():
        assert all(b[0] in "_-" for b in breaks), (text, breaks)  # never mid-word
    assert overflow <= 0
    assert max(value_lines) > 60  # the long LD_LIBRARY_PATH value wraps inside its cell
