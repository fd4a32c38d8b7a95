"""Retyped messages (src/tfgpu/logs/fold.py): a message retyped in an issue title or a
one-line paste with other capitalisation or spacing is explained like the printed one,
says so in its evidence, never more confidently, and only where the exact pass explained
nothing; the pass is bounded."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib

from tfgpu.explain import explain_lines
from tfgpu.facts.view import RETYPED_NOTE
from tfgpu.findings import Finding
from tfgpu.logs import fold, read_lines
from tfgpu.logs.engine import Engine
from tfgpu.logs.fold import Folder, fold_literals, is_distinctive, min_literal_chars
from tfgpu.logs.patterns import PATTERNS, Pattern

ROOT = Path(__file__).resolve().parents[2]

# (what the program prints, the same message retyped by a user, the finding both give).
# The printed forms are the families' sources' wordings (cited at their patterns in
# src/tfgpu/logs/patterns.py); the retyped forms change only case and spacing.
VARIANTS = [
    pytest.param("Illegal instruction (core dumped)", "Illegal Instruction (core dumped)",
                 "cpu-illegal-instruction", id="shell-illegal-instruction-title-case"),
    pytest.param("Illegal instruction (core dumped)", "ILLEGAL INSTRUCTION (core dumped)",
                 "cpu-illegal-instruction", id="shell-illegal-instruction-upper-case"),
    pytest.param("Could not create cudnn handle", "Could not create cuDNN handle",
                 "dnn-handle-failed-gpu-memory", id="cudnn-handle-library-spelling"),
    pytest.param("Could not create cudnn handle", "could not create CUDNN handle",
                 "dnn-handle-failed-gpu-memory", id="cudnn-handle-upper-library"),
    pytest.param("Could not create cudnn handle", "Could not create cudnn  handle",
                 "dnn-handle-failed-gpu-memory", id="cudnn-handle-doubled-space"),
    pytest.param(
        "OOM when allocating tensor with shape[8,256,56,56] and type float on "
        "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        "OOM When Allocating Tensor with shape[8,256,56,56] and type float on "
        "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc",
        "gpu-out-of-memory-tensor", id="oom-when-allocating-title-case"),
    pytest.param(
        "ImportError: libcudart.so.10.0: cannot open shared object file: No such file or "
        "directory",
        "ImportError: libcudart.so.10.0: Cannot Open Shared Object File: No such file or "
        "directory",
        "library-not-loaded-libcudart-so-10-0", id="libcudart-not-found-title-case"),
    pytest.param("Could not load dynamic library 'libcudart.so.11.0'",
                 "could not load Dynamic Library 'libcudart.so.11.0'",
                 "library-not-loaded-libcudart-so-11-0", id="libcudart-dynamic-library-retyped"),
    pytest.param(
        "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic "
        "link library (DLL) initialization routine failed.",
        "ImportError: DLL Load Failed while importing _pywrap_tensorflow_internal: A dynamic "
        "link library (DLL) initialization routine failed.",
        "windows-dll-init-failed", id="dll-load-failed-title-case"),
    pytest.param("ImportError: DLL load failed: The specified procedure could not be found.",
                 "ImportError: dll load failed:  The specified procedure could not be found.",
                 "windows-dll-procedure-not-found", id="dll-load-failed-lower-doubled-space"),
    pytest.param("CUDA driver version is insufficient for CUDA runtime version",
                 "CUDA Driver Version Is Insufficient For CUDA Runtime Version",
                 "driver-too-old-for-cuda", id="driver-insufficient-title-case"),
    # the message's context words are retyped with it: the status form ("UNIMPLEMENTED: ")
    # and the checks' own reads of the line take it in any case, so the retyped line keeps
    # the printed one's hedged finding (no GPU-memory claim)
    pytest.param("UNIMPLEMENTED: DNN library is not found.",
                 "unimplemented: dnn library is not found.",
                 "dnn-library-not-found", id="dnn-not-found-status-form-lower-case"),
    pytest.param("UnknownError: Fail to find the dnn implementation.",
                 "UnknownError: fail to find the dnn implementation.",
                 "cudnn-version-mismatch", id="fail-to-find-dnn-implementation-lower-case"),
    pytest.param(
        "InternalError: Failed to call ThenRnnBackward with model config: [rnn_mode, "
        "rnn_input_mode, rnn_direction_mode]: 3, 0, 1",
        "InternalError: failed to call thenrnnbackward with model config: [rnn_mode, "
        "rnn_input_mode, rnn_direction_mode]: 3, 0, 1",
        "cudnn-rnn-call-failed", id="then-rnn-backward-lower-case"),
]

# (a line, finding ids it must not give): other messages that share a long stretch of a
# catalogued message's words in another case, or a retyped name that the exact regex's
# upper-case class would take only in part
NEAR_MISSES = [
    pytest.param("E tensorflow/stream_executor/cuda/cuda_driver.cc:351] failed call to cuInit: "
                 "Cuda_Error_Unknown: unknown error", ("cuinit-cuda-error-u",),
                 id="cuinit-name-in-title-case-is-not-cut-to-one-letter"),
    pytest.param("failed call to cuInit: Cuda_Error_No_Device", ("cuinit-cuda-error-n",),
                 id="cuinit-no-device-in-title-case-is-not-cut-to-one-letter"),
    pytest.param("illegal instruction handler installed for the jit",
                 ("cpu-illegal-instruction", "cpu-lacks-required-instructions"),
                 id="illegal-instruction-words-in-another-message"),
    pytest.param("importerror: dll load failed while importing _multiarray_umath: the specified "
                 "module could not be found.", ("windows-dll-not-found",),
                 id="numpy-dll-load-failure-lower-case-is-not-tensorflow"),
    pytest.param("unimplemented: dnn library is not found.", ("dnn-handle-failed-gpu-memory",),
                 id="dnn-not-found-lower-case-is-no-memory-claim"),
    pytest.param("UnknownError: fail to find the dnn implementation.",
                 ("dnn-library-not-found",),
                 id="fail-to-find-dnn-lower-case-is-no-missing-cudnn-claim"),
    pytest.param("allocator (gpu_0_bfc) ran out of memory trying to allocate 2.26gib with "
                 "freed_by_count=0. the caller indicates that this is not a failure, but may "
                 "mean that there could be performance gains if more memory were available.",
                 ("gpu-allocator-ran-out", "gpu-out-of-memory-tensor"),
                 id="allocator-not-a-failure-lower-case-is-no-alarm"),
]


def _fold_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fold, "MAX_FOLD_LINES", 0)


def _shape(found: tuple[Finding, ...]) -> dict[str, tuple[str, str, bool]]:
    return {f.id: (f.severity.name, f.title, f.harmless) for f in found}


@pytest.mark.parametrize(("printed", "retyped", "fid"), VARIANTS)
def test_a_retyped_message_gives_the_printed_ones_finding_no_more_confident(
        printed: str, retyped: str, fid: str) -> None:
    exact = _shape(explain_lines([printed]))
    assert fid in exact, exact  # the row's printed form is the one the catalogue knows
    found = explain_lines([retyped])
    shape = _shape(found)
    assert fid in shape, shape
    for other, got in shape.items():
        if other != "unrecognised-error":
            # never a finding, or a severity, the printed message does not give
            assert exact.get(other) == got, (other, got, exact.get(other))
    ev = next(f for f in found if f.id == fid).evidence
    assert any(e.text.endswith(RETYPED_NOTE) for e in ev), ev


@pytest.mark.parametrize(("printed", "retyped", "fid"), VARIANTS)
def test_the_retyped_rows_need_the_tolerant_pass(
        printed: str, retyped: str, fid: str, monkeypatch: pytest.MonkeyPatch) -> None:
    _fold_off(monkeypatch)
    assert fid not in _shape(explain_lines([retyped]))
    assert fid in _shape(explain_lines([printed]))


@pytest.mark.parametrize(("line", "forbidden"), NEAR_MISSES)
def test_a_near_miss_line_in_other_case_gives_no_claim_of_the_message_it_resembles(
        line: str, forbidden: tuple[str, ...]) -> None:
    found = _shape(explain_lines([line]))
    for fid in forbidden:
        assert fid not in found, found


def test_the_printed_message_is_not_marked_retyped() -> None:
    found = explain_lines(["Illegal instruction (core dumped)"])
    assert all(not e.text.endswith(RETYPED_NOTE) for f in found for e in f.evidence)


def _corpus() -> list[str]:
    texts = [p.read_text(encoding="utf-8", errors="replace")
             for p in sorted((ROOT / "tests/fixtures/recorded").rglob("*.txt"))]
    texts += [p.read_text(encoding="utf-8", errors="replace")
              for p in sorted((ROOT / "tests/fixtures/explain-negatives").glob("*.log"))]
    return texts


def _exact_hits(text: str) -> dict[str, list[tuple[int, str, dict[str, str]]]]:
    log = read_lines([text])
    out = {k: [(h.line, h.text, h.groups) for h in v.all() if not h.retyped]
           for k, v in log.hits.items()}
    return {k: v for k, v in out.items() if v}


def test_the_exact_pass_is_unchanged_by_the_tolerant_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On real logs, the hits of the exact pass are the same with and without the tolerant
    pass, and no line the exact pass explained gets a retyped hit."""
    texts = _corpus()
    assert len(texts) > 50
    with_fold = [_exact_hits(t) for t in texts]
    for t in texts:
        log = read_lines([t])
        retyped = {h.line for v in log.hits.values() for h in v.all() if h.retyped}
        explained = {h.line for k, v in log.hits.items() for h in v.all()
                     if not h.retyped and not k.startswith(("tell.", "ctx.", "cuda.error"))}
        assert not retyped & explained, (retyped & explained, t[:200])
    _fold_off(monkeypatch)
    assert [_exact_hits(t) for t in texts] == with_fold


def test_a_line_the_exact_pass_explained_gets_no_retyped_hit() -> None:
    # "The specified module could not be found" is an exact catalogue line (tfjs.dlopen):
    # the retyped "DLL Load Failed" before it is then left as it is
    log = read_lines(["ImportError: DLL Load Failed: The specified module could not be found."])
    assert log.get("tfjs.dlopen").count == 1
    assert not any(h.retyped for v in log.hits.values() for h in v.all())


# --------------------------------------------------------------------- distinctive patterns
def _pat(regex: str, name: str = "test.kind") -> Pattern:
    return Pattern(name, ("x",), regex)


def test_only_patterns_with_a_long_literal_on_every_way_are_folded() -> None:
    assert min_literal_chars(r"^\s*Killed\s*$") == 6
    assert min_literal_chars(r"^\s*Illegal instruction(?: \(core dumped\))?\s*$") == 19
    assert min_literal_chars(r"Illegal instruction|error") == 5  # the weakest way counts
    assert min_literal_chars(r"(?:could not|failed to) create (?P<l>cudnn|cublas) handle") \
        == 9 + 8 + 5 + 7
    assert not is_distinctive(_pat(r"^\s*Killed\s*$"))
    assert not is_distinctive(_pat(r"\bERROR\b|Illegal instruction"))
    assert is_distinctive(_pat(r"^\s*Illegal instruction\s*$"))
    assert not is_distinctive(_pat(r"^\s*Illegal instruction\s*$", "tell.fatal"))
    # a bare word in other case is no retyped message: the shell's "Killed" stays exact
    assert "host-ram-exhausted-process-killed" not in _shape(
        explain_lines(["the training job was KILLED by the scheduler"]))


def test_folding_keeps_character_classes_and_gives_literal_groups_as_written() -> None:
    assert fold_literals(r"(?P<code>[A-Z_]{3,60})\x1b\d{2}") == r"(?P<code>[A-Z_]{3,60})\x1b\d{2}"
    assert fold_literals(r"(?:Ab)") == r"(?:[aA][bB])"
    log = read_lines(["Could not create cuDNN handle: please help"])
    hit = log.get("mem.handle").first[0]
    assert hit.retyped
    assert hit.groups == {"lib": "cudnn"}  # "please" is no status name: [A-Z_] kept


def _examples() -> list[str]:
    out = []
    for path in sorted((ROOT / "src/tfgpu/knowledge/data").glob("messages_*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        out += [m["example"] for m in data.get("message", []) if m.get("example")]
    return out


def test_a_folded_regex_matches_what_its_exact_regex_matches_with_the_same_groups() -> None:
    """On the catalogue's example lines: every folded regex matches where its exact regex
    does (but for a negative look-around, which folding widens so that it also keeps out
    the retyped forms of the message it excludes) and gives the same groups, but for a few
    regexes whose alternatives overlap (an earlier one, case-sensitive, now matches too)."""
    folder = Folder()
    examples = _examples()
    assert len(examples) > 300
    checked, differ = 0, []
    for p in PATTERNS:
        f = folder.folded(p)
        if f is None:
            continue
        for line in examples:
            m = p.regex.search(line)
            if m is None:
                continue
            g = f.regex.search(line)
            if g is None:
                assert "(?!" in p.regex.pattern or "(?<!" in p.regex.pattern, (p.name, line)
                continue
            exact = {k: v for k, v in m.groupdict().items() if v is not None}
            if f.groups(g) != exact:
                differ.append(p.name)
            checked += 1
    assert checked > 500
    assert len(differ) <= checked // 100, differ
    assert set(differ) <= {"mem.handle", "cupti.failed"}, differ


# ------------------------------------------------------------------------------ the bounds
def test_a_long_line_is_not_folded() -> None:
    short = read_lines(["Could not create cuDNN handle"])
    assert short.get("mem.handle").count == 1
    long = read_lines(["x " * fold.MAX_FOLD_CHARS + "Could not create cuDNN handle"])
    assert long.get("mem.handle").count == 0


def test_the_tolerant_pass_reads_a_bounded_number_of_lines(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fold, "MAX_FOLD_LINES", 50)
    engine = Engine()
    for i in range(200):  # unique templates: "cudnn" (a keyword) and no message
        engine.feed(i + 1, f"Could not create cudnn thing {'ab' * (i % 97)} {'cd' * (i // 97)}")
    assert engine._folder.lines_folded == 50
    engine.feed(201, "Could not create cuDNN handle")  # past the bound: not folded
    assert engine.facts().get("mem.handle").count == 0


def test_a_template_that_found_nothing_is_not_folded_again() -> None:
    engine = Engine()
    for i in range(20):  # one template (digits are not part of it)
        engine.feed(i + 1, f"Could not create cudnn thing {i}")
    assert engine._folder.lines_folded == 1


def test_the_miss_memory_is_bounded_in_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fold, "MAX_MISS_BYTES", 2000)
    folder = Folder()
    p = next(p for p in PATTERNS if p.name == "mem.handle")
    for i in range(100):
        folder.match(f"could not create cudnn thing {'x' * i}", ("Could not create",), [p])
        assert folder._miss_bytes <= 2000
    assert folder.lines_folded == 100


def test_folding_a_pattern_parses_its_regex_once(monkeypatch: pytest.MonkeyPatch) -> None:
    real = fold._parser()
    calls: list[str] = []

    class Counting:
        @staticmethod
        def parse(regex: str) -> object:
            calls.append(regex)
            return real.parse(regex)

    monkeypatch.setattr(fold, "_parser", lambda: Counting)
    fold._parse.cache_clear()
    p = Pattern("test.parse_once", ("could not load dynamic library",),
                r"Could not load dynamic library '(?P<lib>cudnn|cublas)64_\d+\.dll'")
    got = Folder().folded(p)
    assert got is not None and got.literals == {"lib": {"cudnn": "cudnn", "cublas": "cublas"}}
    assert calls == [p.source]  # is_distinctive and literal_groups share one parse
