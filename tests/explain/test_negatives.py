"""False positives: real logs that are NOT the fault a pattern might claim (issue 10).

``tests/fixtures/explain-negatives/<name>.log`` holds program output copied from the public
thread in its sibling ``<name>.json`` (``url``, ``expected``: ``"no claims"`` or the ids that
are right, ``why``, and optionally ``mention``: words a right claim must say).  The logs are
PyTorch and JAX errors, TensorFlow model-code, data-pipeline and dataset-download errors,
healthy GPU and CPU runs, pip output and healthy ``nvidia-smi``/deviceQuery output.

The contract: no error- or warning-level claim beyond the expected ones.  ``unrecognised-error``
("tfgpu makes no guess") is always allowed, but only at warning or lower: it claims no cause.
The recorded healthy outputs in ``tests/fixtures/recorded/`` are held to the same contract.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.findings import Finding, Severity

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
NEGATIVES = FIXTURES / "explain-negatives"
LOGS = sorted(NEGATIVES.glob("*.log"))
CLAIMS = (Severity.ERROR, Severity.WARNING)

#: Recorded outputs of healthy or merely GPU-less hosts (tests/fixtures/recorded/INDEX.md),
#: with the claims that are right on them; files named ``fail-``/``failing`` show faults.
RECORDED = sorted(
    p
    for p in (FIXTURES / "recorded").rglob("*.txt")
    if "fail" not in p.name
)
RECORDED_RIGHT = {
    # no NVIDIA driver on this host: "TensorFlow sees no GPU" is true, and its cause says
    # that this is expected without an NVIDIA GPU
    "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt": {"tensorflow-sees-no-gpu"},
}


def _meta(log: Path) -> dict[str, object]:
    meta = json.loads(log.with_suffix(".json").read_text(encoding="utf-8"))
    assert isinstance(meta, dict)
    return meta


def _expected(meta: dict[str, object]) -> set[str]:
    exp = meta["expected"]
    if exp == "no claims":
        return set()
    assert isinstance(exp, list)
    return {str(x) for x in exp}


def _claims(findings: list[Finding]) -> dict[str, Finding]:
    return {f.id: f for f in findings if f.severity in CLAIMS and not f.harmless}


def _explain(path: Path) -> list[Finding]:
    with path.open("rb") as fh:
        return list(explain_stream(fh).findings)


def test_the_corpus_is_big_enough_and_well_formed() -> None:
    assert len(LOGS) >= 30
    ids = set(load_catalogue().ids)
    for log in LOGS:
        meta = _meta(log)
        assert str(meta["url"]).startswith("https://github.com/"), log.name
        assert meta["why"], log.name
        assert _expected(meta) <= ids, log.name  # a typo would make the test vacuous
        assert log.read_text(encoding="utf-8").strip(), log.name


@pytest.mark.parametrize("log", LOGS, ids=lambda p: p.stem)
def test_no_claim_beyond_the_right_ones(log: Path) -> None:
    meta = _meta(log)
    claims = _claims(_explain(log))
    wrong = set(claims) - _expected(meta) - {"unrecognised-error"}
    assert not wrong, f"{log.name}: claims {sorted(wrong)}; {meta['why']}"
    unknown = claims.get("unrecognised-error")
    assert unknown is None or unknown.severity is Severity.WARNING
    mention = meta.get("mention")
    if mention:
        for fid in set(claims) & _expected(meta):
            text = " ".join([claims[fid].title, claims[fid].cause]).lower()
            assert str(mention).lower() in text, f"{log.name}: {fid} does not say {mention!r}"


@pytest.mark.parametrize("path", RECORDED, ids=lambda p: p.name)
def test_recorded_healthy_outputs_claim_nothing(path: Path) -> None:
    claims = set(_claims(_explain(path)))
    assert claims <= RECORDED_RIGHT.get(path.name, set()), f"{path.name}: {sorted(claims)}"


# --- the unrecognised-error fallback ------------------------------------------------------


def test_unknown_fault_quotes_the_telling_line_and_says_what_to_run() -> None:
    fs = _claims(_explain(NEGATIVES / "tf-keras-shape-mismatch-user-code.log"))
    assert set(fs) == {"unrecognised-error"}
    f = fs["unrecognised-error"]
    assert f.severity is Severity.WARNING
    # the exception line (the last line of the traceback) is quoted with its number
    assert any(e.line == 10 and "ValueError: Input 0 is incompatible" in e.text
               for e in f.evidence)
    assert "ValueError: Input 0 is incompatible" in f.cause
    assert any(line.startswith("tfgpu doctor") for line in f.fix)


def test_a_zero_error_counter_is_no_telling_line_but_a_nonzero_one_is() -> None:
    # `nvidia-smi -q` ECC fields: "Correctable Error : 0" is a status, not an error line
    zero = ["        Correctable Error                              : 0",
            "        Uncorrectable Error                            : N/A"]
    assert not _claims(list(explain_lines(zero)))
    three = ["        Uncorrectable Error                            : 3"]
    assert set(_claims(list(explain_lines(three)))) == {"unrecognised-error"}
    # a Python exception whose message is 0 is still one
    assert set(_claims(list(explain_lines(["KeyError: 0"])))) == {"unrecognised-error"}


def test_an_out_of_memory_in_tensorflow_still_says_tensorflow() -> None:
    # the JAX variant must not take TensorFlow's own RESOURCE_EXHAUSTED
    line = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: "
            "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4770354232 bytes.")
    f = _claims(list(explain_lines([line])))["gpu-resource-exhausted"]
    assert "JAX" not in f.title and "TensorFlow" in f.cause
