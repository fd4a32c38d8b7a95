"""The messages the message universe marks harmless (``messages_*.toml``, ``maps_to =
"harmless"``) are named as one harmless notice, in the rows' own words, on lines no other finding
claims; a line another finding claims keeps that finding, and a real fault beside them still
leads the verdict."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts.known_messages import KnownMessage, known_messages, text_regex, which_message
from tfgpu.findings import Severity

HARMLESS = known_messages()
NOTICE = "known-harmless-message"


def _example(message: KnownMessage) -> str:
    """The row's ``example`` (a line as users see it), read from the universe file."""
    from tests.explain.test_message_universe import rows

    return next(r.get("example") for r in rows() if r.id == message.id
                and r.file == message.table + ".toml")


def test_the_universe_has_harmless_rows_and_each_is_read() -> None:
    """Every harmless row of the universe is read (the files hold about 40)."""
    from tests.explain.test_message_universe import rows

    harmless = {(r.file, r.id) for r in rows() if r.maps_to == "harmless"}
    assert len(HARMLESS) >= 40
    assert {(m.table + ".toml", m.id) for m in HARMLESS} == harmless
    assert all(m.why and m.source_url.startswith("https://") for m in HARMLESS)


@pytest.mark.parametrize("message", HARMLESS, ids=lambda m: m.id)
def test_each_example_is_named_harmless_or_kept_by_its_own_finding(
        message: KnownMessage) -> None:
    """A row's example alone: the notice naming that row (its why and knowledge row), or the
    harmless finding of a check that reads that line; never an alarm."""
    found = explain_lines([_example(message)])
    alarms = [f.id for f in found if not f.harmless
              and f.severity in (Severity.ERROR, Severity.WARNING)]
    assert not alarms, alarms
    notice = next((f for f in found if f.id == NOTICE), None)
    if notice is None:
        assert any(f.harmless for f in found), [f.id for f in found]
        return
    assert notice.harmless and notice.severity is Severity.INFO
    # two files may hold the same message (Keras' and TensorFlow's copies): the first names it
    named = which_message(_example(message))
    assert named is not None and named.text.split("\n")[0][:30] in message.text
    assert named.ref in notice.cause and named.why.rstrip(".") in notice.cause


@pytest.mark.parametrize(("text", "line"), [
    ("Not creating XLA devices, tf_xla_enable_xla_devices not set",
     "2021-02-03 11:00:00.000000: I tensorflow/compiler/jit/xla_gpu_device.cc:99] Not creating "
     "XLA devices, tf_xla_enable_xla_devices not set"),
    ("CPU Frequency: %d Hz", "I0000 00:00:1700000000.000000   12345 cpu_utils.cc:114] CPU "
     "Frequency: 3000000000 Hz"),
    ("%d out of the last %d calls to %s triggered tf.function retracing.",
     "WARNING:tensorflow:5 out of the last 5 calls to <function f at 0x7f> triggered "
     "tf.function retracing."),
    ("Efficient allreduce is not supported for %d IndexedSlices",
     "INFO:tensorflow:Efficient allreduce is not supported for 2 IndexedSlices"),
    ("The {start_text} installed in '{parent_dir}' which is not on PATH.",
     "  WARNING: The scripts tensorboard and tb-gcs installed in '/home/u/.local/bin' which is "
     "not on PATH."),
])
def test_placeholders_match_the_values_a_line_prints(text: str, line: str) -> None:
    """printf conversions and str.format fields match the values; prefixes of every log
    format (glog, absl, Python logging, pip's indent) are outside the message."""
    import re

    assert re.search(text_regex(text), line), (text, line)


def test_a_message_alone_is_no_problem_and_is_named() -> None:
    found = explain_lines(["Not creating XLA devices, tf_xla_enable_xla_devices not set"])
    assert [f.id for f in found] == [NOTICE]
    assert "Not creating XLA devices" in found[0].title
    assert "legacy XLA_GPU devices" in found[0].cause
    assert found[0].doc and found[0].doc.startswith("https://")


def test_several_messages_are_one_notice_naming_each() -> None:
    lines = [
        "2021-01-18 10:22:29.839579: I tensorflow/core/platform/profile_utils/cpu_utils.cc:114] "
        "CPU Frequency: 2199995000 Hz",
        "2021-01-18 10:22:29.839580: I tensorflow/compiler/jit/xla_gpu_device.cc:99] Not "
        "creating XLA devices, tf_xla_enable_xla_devices not set",
        "2021-01-18 10:22:30.000001: I tensorflow/core/profiler/lib/profiler_session.cc:131] "
        "Profiler session started.",
    ]
    found = explain_lines(lines)
    notice = next(f for f in found if f.id == NOTICE)
    assert "(3 known messages" in notice.title
    for ref in ("cpu-frequency", "xla-devices-not-created", "profiler-session-started"):
        assert ref in notice.cause
    assert [e.line for e in notice.evidence] == [1, 2, 3]


def test_a_real_fault_beside_them_keeps_its_finding_and_leads() -> None:
    lines = [
        "2021-01-18 10:22:29.839580: I tensorflow/compiler/jit/xla_gpu_device.cc:99] Not "
        "creating XLA devices, tf_xla_enable_xla_devices not set",
        "ImportError: libcudart.so.11.0: cannot open shared object file: No such file or "
        "directory",
    ]
    found = explain_lines(lines)
    ids = [f.id for f in found]
    assert "library-not-loaded-libcudart-so-11-0" in ids and NOTICE in ids
    assert found[0].id == "library-not-loaded-libcudart-so-11-0"
    assert found[0].severity is Severity.ERROR and not found[0].harmless


def test_a_line_another_finding_claims_keeps_that_finding() -> None:
    """The Grappler implementation-selector line is a harmless universe row that a check of its
    own reads: that finding stays, and the notice does not name the line again."""
    line = ("2019-07-01 10:00:00.000000: W tensorflow/core/grappler/optimizers/"
            "implementation_selector.cc:310] Skipping optimization due to error while loading "
            "function libraries: Invalid argument: Functions '__inference_standard_lstm_1_3' and "
            "'__inference_standard_lstm_1_3_specialized_for_x' both implement "
            "'lstm_0a1b2c3d' but their signatures do not match.")
    found = explain_lines([line])
    ids = [f.id for f in found]
    assert "grappler-implementation-selector-skipped-notice" in ids, ids
    assert NOTICE not in ids


def test_an_unknown_line_is_no_known_message() -> None:
    assert which_message("Not creating the devices you wanted") is None
    assert NOTICE not in {f.id for f in explain_lines(["Profiler session exploded."])}
