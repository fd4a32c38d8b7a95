"""--format markdown|html: redacted by default, escaped, self-contained, and the same findings.

Secrets of every kind are planted in the host facts (doctor), in a log (explain) and in a
capture; none may come out of markdown, html or the capture folder, and with
``--no-redact`` they do (so the test can fail).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from markdown_it import MarkdownIt

from tfgpu import capture, privacy
from tfgpu._proc import FakeRunner
from tfgpu.cli.main import main
from tfgpu.probes import FakeFileSystem, ProbeContext
from tfgpu.report.share import bench_svg, md_code, md_escape, render_shareable

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "tests" / "fixtures" / "doctor-scenarios" / "ldlp_cuda11.json"

HOSTNAME = "gpubox7.corp.example.com"
HOME = "/srv/people/mallory"
GPU_UUID = "GPU-3f5e1a2b-9c8d-4e7f-a6b5-c4d3e2f1a0b9"
#: kind -> (text planted, what must not come out)
PLANTED: dict[str, tuple[str, str]] = {
    "host name": (f"ssh {HOSTNAME.split('.')[0]} ok", "gpubox7"),
    "domain of the FQDN": ("peer node3.corp.example.com", "corp.example.com"),
    "user name": ("mallory@gpubox7:~$ python train.py", "mallory"),
    "HOME outside /home": (f"{HOME}/data/train.py", HOME),
    "/home/x": ("/home/bobsmith/venv/bin/python", "bobsmith"),
    "/Users/x": ("/Users/carolann/miniconda3/lib", "carolann"),
    "C:\\Users\\x": ("C:\\Users\\DaveW\\AppData\\Local\\cuda", "DaveW"),
    "GPU UUID": (f"GPU 0: NVIDIA H200 (UUID: {GPU_UUID})", "3f5e1a2b"),
    "MIG UUID": ("MIG-aa11bb22-3344-5566-7788-99aabbccddee", "aa11bb22"),
    "serial": ("    Serial Number                         : 1324321062481", "1324321062481"),
    "PDI": ("    GPU PDI                               : 0x9a8b7c6d5e4f3a2b", "9a8b7c6d5e4f3a2b"),
    "chassis serial": ("        Chassis Serial Number             : 1821623000777",
                       "1821623000777"),
    "ClusterUUID": ("        ClusterUUID                       : "
                    "7c3a9a52-77d1-4b5e-9c02-1d2e3f4a5b6c", "7c3a9a52"),
    "IPv4": ("NCCL INFO NET/Socket : Using [0]eth0:10.16.2.21<0>", "10.16.2.21"),
    "IPv6": ("inet6 fe80::1ff:fe23:4567:890a", "fe23:4567"),
    "MAC": ("link/ether 00:1b:44:11:3a:b7", "00:1b:44:11:3a:b7"),
    "token variable": ("HF_TOKEN=hf_AbCdEfGhIjKlMnOpQrStUvWx", "AbCdEfGhIjKlMnOpQrStUvWx"),
    "key variable": ("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMIK7MDENG", "wJalrXUtnFEMIK7MDENG"),
    "password variable": ("DB_PASSWORD=hunter2hunter2", "hunter2hunter2"),
    "URL credentials": ("pip install --index-url https://bob:s3cr3tpw@mirror.example.com/x",
                        "s3cr3tpw"),
    "bearer token": ("Authorization: Bearer eyJhbGciOiJIUzI1NiJ9abc", "eyJhbGciOiJIUzI1NiJ9abc"),
}
#: A log line that would break naive HTML or Markdown.
HOSTILE = '<script>alert("x")</script> ``` | cell | **bold** [a](javascript:1) $x$ @tf'


@pytest.fixture
def this_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """This host is gpubox7.corp.example.com, its user mallory with HOME outside /home."""
    monkeypatch.setattr(privacy.socket, "gethostname", lambda: HOSTNAME)
    monkeypatch.setattr(privacy.getpass, "getuser", lambda: "mallory")
    monkeypatch.setenv("HOME", HOME)
    monkeypatch.setenv("USER", "mallory")
    monkeypatch.delenv("HOSTNAME", raising=False)


def _planted_facts(tmp_path: Path) -> Path:
    """The ldlp_cuda11 snapshot with every secret planted where the host table shows it."""
    data = json.loads(FACTS.read_text())
    data["python"]["executable"] = f"{HOME}/venv/bin/python"
    data["python"]["virtualenv"] = "/home/bobsmith/venv"
    data["gpus"][0]["uuid"] = GPU_UUID
    data["toolkits"][0]["root"] = "/Users/carolann/cuda-11.2"
    data["env"].update({
        "LD_LIBRARY_PATH": "/usr/local/cuda-11.2/lib64:C:\\Users\\DaveW\\cuda",
        "TF_CONFIG": json.dumps({"cluster": {"worker": [f"{HOSTNAME}:2222", "10.16.2.21:2222",
                                                        "[fe80::1ff:fe23:4567:890a]:2222"]}}),
        "XLA_FLAGS": "--xla_dump_to=/home/bobsmith/dump",
        "HF_TOKEN": "hf_AbCdEfGhIjKlMnOpQrStUvWx",
        "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMIK7MDENG",
        "DB_PASSWORD": "hunter2hunter2",
        "PIP_INDEX_URL": "https://bob:s3cr3tpw@mirror.example.com/x",
        "NCCL_SOCKET_IFNAME": "eth0 00:1b:44:11:3a:b7 MIG-aa11bb22-3344-5566-7788-99aabbccddee",
        "CUDA_CACHE_PATH": "/srv/people/mallory/.nv mallory@gpubox7",
    })
    path = tmp_path / "facts.json"
    path.write_text(json.dumps(data))
    return path


def _doc(evidence: list[str]) -> dict[str, Any]:
    finding = {"id": "planted-finding", "severity": "error", "category": "unknown",
               "area": "log", "title": "t " + evidence[0],
               "evidence": [{"source": "log", "text": t, "line": i + 1}
                            for i, t in enumerate(evidence)],
               "cause": " ".join(evidence), "fix": list(evidence), "doc": None,
               "knowledge_ref": None, "harmless": False, "aliases": []}
    return {"schema_version": "1.1", "tfgpu_version": "0.1.0", "knowledge_version": "k",
            "command": "explain",
            "verdict": {"gpu_usable": False, "headline": "h " + evidence[-1], "problems": 1},
            "findings": [finding], "meta": {"input": evidence[0]}}


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_each_secret_kind_is_redacted_in_every_field(this_host: None, fmt: str,
                                                      kind: str) -> None:
    text, secret = PLANTED[kind]
    doc = _doc([text])
    facts = {"env": {"X": text}, "python": {"executable": text}}
    plain = render_shareable(fmt, doc, redactor=privacy.NoRedactor(), facts=facts)
    assert secret in plain  # the renderer shows it: the test below can fail
    out = render_shareable(fmt, doc, redactor=privacy.this_host(), facts=facts)
    assert secret not in out
    assert "planted-finding" in out


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_doctor_report_carries_no_planted_secret(this_host: None, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str],
                                                  fmt: str) -> None:
    facts = _planted_facts(tmp_path)
    assert main(["doctor", "--facts", str(facts), "--format", fmt, "--no-redact"]) == 1
    plain = capsys.readouterr().out
    leaked_plain = [k for k, (_t, s) in PLANTED.items() if s in plain]
    assert len(leaked_plain) >= 12, leaked_plain  # the secrets are on the page unredacted
    assert main(["doctor", "--facts", str(facts), "--format", fmt]) == 1
    out = capsys.readouterr().out
    assert [k for k, (_t, s) in PLANTED.items() if s in out] == []
    assert "cudnn-version-mismatch" in out and "ld-library-path-shadows-pip-libraries" in out


@pytest.mark.parametrize("fmt", ["markdown", "html"])
@pytest.mark.parametrize("kind", sorted(PLANTED))
def test_explain_report_carries_no_planted_secret(this_host: None, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str],
                                                   fmt: str, kind: str) -> None:
    text, secret = PLANTED[kind]
    log = tmp_path / "log.txt"
    # The planted text inside a line that a finding quotes as evidence and cause.
    log.write_text(f"{HOSTILE}\nE tensorflow/core: Could not load dynamic library "
                   f"'libcudnn.so.8'; dlerror: {text}\n")
    assert main(["explain", str(log), "--format", fmt, "--no-redact"]) == 1
    assert secret in capsys.readouterr().out
    assert main(["explain", str(log), "--format", fmt]) == 1
    out = capsys.readouterr().out
    assert secret not in out
    assert "library-not-loaded-libcudnn-so-8" in out


def test_capture_writes_no_planted_secret(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          this_host: None) -> None:
    planted = "\n".join(t for t, _s in PLANTED.values()) + "\n"
    runner = FakeRunner({
        ("nvidia-smi", "-q", "-x"): planted,
        ("nvidia-smi", "-L"): f"GPU 0: NVIDIA H200 (UUID: {GPU_UUID})\n",
        ("lspci", "-nn"): planted,
        (f"{HOME}/venv/bin/python", "-m", "pip", "list", "--format=json"): json.dumps(
            [{"name": "tensorflow", "version": "2.16.1", "note": planted}]),
    })
    env = {"PATH": f"{HOME}/bin:/home/bobsmith/bin:/usr/bin", "HOSTNAME": HOSTNAME,
           "LD_LIBRARY_PATH": "C:\\Users\\DaveW\\cuda:/Users/carolann/lib",
           "CUDA_HOME": planted}
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env=env, system="Linux",
                       python_executable=f"{HOME}/venv/bin/python")
    cap = capture.record(ctx, lambda _l: None, capture.default_scrubber(), machine="x86_64")
    out = tmp_path / "fixture"
    capture.write(cap, out, dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc))
    everything = "\n".join(p.read_text() for p in sorted(out.iterdir()))
    assert "Serial Number" in everything  # the planted -q output was recorded
    leaked = {k: s for k, (_t, s) in PLANTED.items() if s in everything}
    assert leaked == {}, [ln for ln in everything.splitlines()
                          if any(s in ln for s in leaked.values())]


# ------------------------------------------------------------------ escaping, structure


def test_markdown_escaping_keeps_the_structure() -> None:
    doc = _doc([HOSTILE, "second | line"])
    md = render_shareable("markdown", doc, redactor=privacy.NoRedactor(),
                          facts={"env": {"WEIRD": HOSTILE}})
    html = MarkdownIt("commonmark").enable("table").render(md)
    assert "<script" not in html and "javascript:" not in html.replace("javascript:1)", "")
    assert "<a href" not in html.replace('<a href="', "", 0) or "javascript" not in html
    # The hostile line is whole inside one code block (the fence was not closed early).
    codes = re.findall(r"<code[^>]*>(.*?)</code>", html, re.S)
    assert any("```" in c and "&lt;script&gt;" in c and "| cell |" in c for c in codes)
    # Every table row of the host table has exactly two cells.
    for row in re.findall(r"<tr>(.*?)</tr>", html, re.S):
        assert len(re.findall(r"<t[dh]>", row)) == 2, row
    assert md.startswith("### tfgpu explain: h second")  # verdict first


def test_md_helpers() -> None:
    assert md_escape("a|b*c_<d>&") == "a\\|b\\*c\\_&lt;d&gt;&amp;"
    assert md_escape("wrap in @tf.function, mail a@b.c") == (
        "wrap in @\u2060tf.function, mail a@b.c")
    assert md_code("x ```` y", "sh") == "`````sh\nx ```` y\n`````"
    assert md_code("a\nb", "", 2) == "  ```\n  a\n  b\n  ```"


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.ids: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        fid = dict(attrs).get("data-finding-id")
        if fid:
            self.ids.append(fid)


def test_html_is_self_contained_and_escaped() -> None:
    doc = _doc([HOSTILE])
    page = render_shareable("html", doc, redactor=privacy.NoRedactor(),
                            facts={"env": {"WEIRD": HOSTILE}}, bench=_bench_doc())
    parser = _Tags()
    parser.feed(page)
    names = [t for t, _a in parser.tags]
    assert "script" not in names and "link" not in names and "img" not in names
    assert not any("src" in a for _t, a in parser.tags)
    assert "url(" not in page and "@import" not in page
    assert '<meta name="viewport"' in page and "@media print" in page
    assert "default-src 'none'" in page
    assert "&lt;script&gt;" in page
    assert parser.ids == ["planted-finding"]
    assert "<svg" in page and "cpu guide" in page


def _bench_doc() -> dict[str, Any]:
    def spread(med: float, lo: float, hi: float) -> dict[str, Any]:
        return {"median": {"value": med, "unit": "s"}, "min": {"value": lo, "unit": "s"},
                "max": {"value": hi, "unit": "s"}}

    return {"synthetic": False, "devices": [
        {"device": "cpu", "status": "ok", "workloads": {
            "guide": {"train_time_s": spread(40.0, 38.0, 43.0),
                      "test_accuracy": {"median": {"value": 88.1}},
                      "samples_per_s": {"value": 7500.0}},
            "tuned": {"train_time_s": spread(12.0, 12.0, 12.0),
                      "test_accuracy": {"median": {"value": 88.4}},
                      "samples_per_s": {"value": 25000.0}}}},
        {"device": "gpu:0 <b>", "status": "ok", "workloads": {
            "tuned": {"train_time_s": spread(2.5, 2.4, 2.7),
                      "test_accuracy": {"median": {"value": 88.2}},
                      "samples_per_s": {"value": 120000.0}}}},
    ]}


def test_bench_svg_escapes_labels_and_scales_bars() -> None:
    svg = bench_svg(_bench_doc())
    assert "gpu:0 &lt;b&gt; tuned" in svg and "<b>" not in svg
    widths = [float(w) for w in re.findall(r'<rect [^>]*width="([\d.]+)"', svg)]
    assert widths == sorted(widths, reverse=True)
    assert widths[0] == pytest.approx(360 * 40 / 43, abs=0.1)  # the longest whisker is 360
    assert svg.count("<line ") == 2  # whiskers only where repeats differ
    assert bench_svg({"devices": []}) == ""


def test_json_and_format_conflict_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--facts", str(FACTS), "--json", "--format", "html"]) == 2
    assert "two formats" in capsys.readouterr().err


def test_format_json_equals_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--facts", str(FACTS), "--json"]) == 1
    a = json.loads(capsys.readouterr().out)
    assert main(["doctor", "--facts", str(FACTS), "--format", "json"]) == 1
    b = json.loads(capsys.readouterr().out)
    assert a == b


def test_text_and_json_doctor_do_not_import_jinja2() -> None:
    code = ("import sys; from tfgpu.cli.main import main; "
            f"rc = main(['doctor', '--facts', {str(FACTS)!r}, '--json']); "
            f"main(['doctor', '--facts', {str(FACTS)!r}]); "
            "print('jinja2' in sys.modules, 'tfgpu.report.share' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.strip().splitlines()[-1] == "False False"


# ------------------------------------------------------------------ verify and bench


def test_verify_markdown_names_the_failure_and_redacts(
        this_host: None, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--python", f"{HOME}/venv/bin/python", "--format", "markdown"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("### tfgpu verify: ") and "verify-python-not-found" in out
    assert "mallory" not in out and "~/venv/bin/python" in out
    assert "Checks on each device" not in out  # no empty table when nothing ran


def _bench_outcomes() -> list[Any]:
    from tfgpu.bench.runner import ChildOutcome

    def events(device: str, times: list[float]) -> list[dict[str, Any]]:
        evs: list[dict[str, Any]] = [{
            "event": "device", "device": device, "tf_version": "2.21.0",
            "tf_device": "CPU:0" if device == "cpu" else "GPU:0",
            "name": "CPU" if device == "cpu" else "NVIDIA H200",
            "compute_capability": None if device == "cpu" else [9, 0], "gpus": []}]
        for i, t in enumerate(times):
            evs.append({
                "event": "run", "tfgpu_bench": 1, "device": device, "tf_device": "CPU:0",
                "workload": "tuned", "repeat": i, "train_time_s": t, "warmup_time_s": 1.0,
                "epochs": 1, "batch_size": 500, "steps": 600, "samples": 60000,
                "learning_rate": 1e-3, "test_accuracy_pct": 88.0, "test_loss": 0.35,
                "train_accuracy_pct": 89.0, "flops_per_step": 409088 * 500,
                "initial_weights_sha256": "abc", "jit_compile": True,
                "steps_per_execution": 40, "mixed_precision": False,
                "pipeline": "tf.data: cache", "load_average": [2.0, 1, 1],
                "history": {"loss": [0.5], "accuracy": [0.8]}, "tensorboard": False})
        evs.append({"event": "done", "device": device})
        return evs

    return [ChildOutcome("cpu", events("cpu", [12.0, 11.0, 13.0]), 0, [], False, 40.0),
            ChildOutcome("gpu:0", events("gpu:0", [2.5, 2.4, 2.7]), 0, [], False, 10.0)]


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_bench_shareable_has_table_and_chart(monkeypatch: pytest.MonkeyPatch,
                                             capsys: pytest.CaptureFixture[str],
                                             fmt: str) -> None:
    import tfgpu.bench.runner as runner

    monkeypatch.setattr(runner, "run_bench", lambda _cfg, _on_event: _bench_outcomes())
    assert main(["bench", "--synthetic", "--workloads", "tuned", "--repeat", "3",
                 "--epochs", "1", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "Training, warm-up excluded" in out
    if fmt == "html":
        assert "12.00 [11.00-13.00]" in out and "2.50 [2.40-2.70]" in out
        assert "<svg" in out and "gpu:0 tuned" in out
    else:
        assert "12.00 \\[11.00-13.00\\]" in out and "2.50 \\[2.40-2.70\\]" in out
        assert out.startswith("### tfgpu bench: ")


def test_explain_with_facts_shows_the_host_redacted(this_host: None, tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "log.txt"
    log.write_text("E tensorflow/core: Could not load dynamic library 'libcudnn.so.8'; "
                   "dlerror: libcudnn.so.8: cannot open shared object file\n")
    facts = _planted_facts(tmp_path)
    assert main(["explain", str(log), "--facts", str(facts), "--format", "markdown"]) == 1
    out = capsys.readouterr().out
    assert "<details><summary>Host facts</summary>" in out and "NVIDIA GeForce RTX 3080" in out
    assert [k for k, (_t, s) in PLANTED.items() if s in out] == []


#: A GPU name in a facts file (or a log line) that would rewrite the reader's terminal
#: (ESC ] 52: set the clipboard; CSI: colours, cursor moves), and a right-to-left
#: override that makes a fix line read differently from what it runs.
TERMINAL_HOSTILE = "GPU\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2J\x9b31m\r\u202erm -rf ~\u2066"


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_a_control_character_in_a_value_never_reaches_the_page(fmt: str) -> None:
    doc = _doc([TERMINAL_HOSTILE, "plain"])
    page = render_shareable(fmt, doc, redactor=privacy.NoRedactor(),
                            facts={"env": {"WEIRD": TERMINAL_HOSTILE},
                                   "gpus": [{"index": 0, "name": TERMINAL_HOSTILE}]})
    bad = [c for c in page if (ord(c) < 0x20 and c not in "\t\n") or 0x7F <= ord(c) < 0xA0
           or 0x202A <= ord(c) <= 0x202E or 0x2066 <= ord(c) <= 0x2069]
    assert not bad, sorted(set(map(hex, map(ord, bad))))
    assert "\\x1b]52" in page and "\\u202e" in page  # shown, not dropped


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_a_user_named_like_an_area_keeps_the_area_heading(fmt: str) -> None:
    # A login name "driver" is redacted where it names the person (the home folder, a
    # prompt; "driver" is a word of tfgpu's own text, so not as a free word), and the
    # finding's area, category and id come from the catalogue: the DRIVER heading stays
    # (it once became USER).
    doc = _doc(["driver@gpubox7:~$ python /srv/driver/train.py"])
    doc["findings"][0].update(area="driver", category="driver", id="driver-too-old")
    redactor = privacy.for_names(users=["driver"], homes=["/srv/driver"])
    page = render_shareable(fmt, doc, redactor=redactor)
    assert "user@host" in page and "driver@" not in page and "/srv/driver" not in page
    if fmt == "markdown":
        assert "#### DRIVER" in page and "#### USER" not in page
    else:
        assert '<h2>driver</h2>' in page and '<h2>user</h2>' not in page
    assert "driver-too-old" in page


@pytest.mark.parametrize(("usable", "shown"), [(True, True), (False, False), (None, None)])
def test_view_keeps_an_unknown_gpu_state_apart_from_no_gpu(usable: bool | None,
                                                           shown: bool | None) -> None:
    """Report 1.2's ``verdict.gpu_usable: null`` (not known) stays None in the share view,
    not False ("no GPU")."""
    from tfgpu.report.share import build_view

    doc = _doc(["x"])
    doc["verdict"] = dict(doc["verdict"], gpu_usable=usable)
    view = build_view(doc, redactor=privacy.NoRedactor())
    assert view["verdict"]["gpu_usable"] is shown
