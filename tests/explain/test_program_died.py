"""A log that shows the program died fails the explain command whatever the findings'
severities (``verdict.program_failed``, exit 1), and the headline names the finding that
explains the death, or says tfgpu does not know why.

Death lines come from their sources: the shell's ``Killed``, glibc's "Aborted (core
dumped)", an uncaught Python traceback, Docker Compose's "<container> exited with code N"
(docker/compose pkg/compose/printer.go; 128 + N is signal N), JupyterLab's "appears to have
died" dialog and jupyter_client's "KernelRestarter: restarting kernel (N/M)"."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.diagnosis.checks.unknown import death_hits, exit_code_meaning
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.logs import read_lines

NEGATIVES = Path(__file__).resolve().parents[1] / "fixtures" / "explain-negatives"

_DEVICE = ("2024-01-01 10:00:03.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:"
           "1929] Created device /job:localhost/replica:0/task:0/device:GPU:0 with 7000 MB "
           "memory:  -> device: 0, name: NVIDIA GeForce RTX 3070, pci bus id: 0000:01:00.0, "
           "compute capability: 8.6")


def _verdict(text: str) -> tuple[dict[str, object], list[str]]:
    result = explain_stream(io.BytesIO(text.encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died,
                          failure=result.failure)
    v = report.verdict
    return ({"program_failed": v.program_failed, "headline": v.headline,
             "failed": report.failed, "gpu_usable": v.gpu_usable},
            [f.id for f in result.findings])


# a warning-level finding names the cause: still a failure --------------------------------
@pytest.mark.parametrize(("text", "finding"), [
    # an uncaught traceback a known (warning-level) finding explains
    ("Traceback (most recent call last):\n  File \"a.py\", line 2, in <module>\n"
     "    sess = tf.Session()\n"
     "AttributeError: module 'tensorflow' has no attribute 'Session'\n", "tf1-api-on-tf2"),
    # the shell's SIGKILL after the GPU device was created
    (f"{_DEVICE}\nEpoch 1/3\nKilled\n", "host-ram-exhausted-process-killed"),
])
def test_death_explained_by_a_warning_fails(text: str, finding: str) -> None:
    v, ids = _verdict(text)
    assert finding in ids
    assert v["program_failed"] is True and v["failed"] is True
    assert str(v["headline"]).startswith("The program failed (line ")
    assert "does not know why" not in str(v["headline"])
    assert v["gpu_usable"] is None  # a device created before the death proves nothing


def test_death_after_an_error_names_the_error() -> None:
    v, _ = _verdict("Could not load library libcudnn_cnn_infer.so.8. Error: "
                    "libcudnn_cnn_infer.so.8: cannot open shared object file: No such file "
                    "or directory\nAborted (core dumped)\n")
    assert v["program_failed"] is True and v["gpu_usable"] is False
    assert str(v["headline"]).startswith("The program failed (line 2); 1 problem ")


def test_unexplained_death_still_says_unknown() -> None:
    v, ids = _verdict("Segmentation fault (core dumped)\n")
    assert ids == ["unrecognised-error"] and v["program_failed"] is True
    assert "does not know why" in str(v["headline"])


# supervisors' death lines ------------------------------------------------------------------
@pytest.mark.parametrize("line", [
    "trainer-1 exited with code 137",            # Compose v2 (printer.go)
    "trainer_1 exited with code 137",            # Compose v1's container names
    "trainer-1 exited with code 137 (restarting)",
])
def test_compose_sigkill_is_a_hedged_kill(line: str) -> None:
    v, ids = _verdict(f"{_DEVICE}\n{line}\n")
    assert ids[0] == "host-ram-exhausted-process-killed"
    assert v["program_failed"] is True
    result = explain_stream(io.BytesIO(f"{_DEVICE}\n{line}\n".encode()))
    f = result.findings[0]
    assert "most likely the host ran out of RAM" in f.title  # hedged, not proof
    assert "137 = 128 + 9, SIGKILL" in f.cause


def test_compose_segfault_exit_is_an_unrecognised_crash() -> None:
    text = f"{_DEVICE}\nworker-1 exited with code 139\n"
    v, ids = _verdict(text)
    assert ids[0] == "unrecognised-error" and v["program_failed"] is True
    cause = explain_stream(io.BytesIO(text.encode())).findings[0].cause
    assert "SIGSEGV" in cause and "segmentation fault" in cause
    assert "does not know why" in str(v["headline"])


@pytest.mark.parametrize("code", ["0", "130", "143"])
def test_compose_clean_or_stopped_exit_is_no_death(code: str) -> None:
    v, _ = _verdict(f"{_DEVICE}\ntrainer-1 exited with code {code}\n")
    assert v["program_failed"] is False and v["failed"] is False
    assert v["gpu_usable"] is True


# an IDE's run console: IntelliJ/PyCharm ProcessTerminatedListener.stringifyExitCode ---------
@pytest.mark.parametrize(("line", "signal"), [
    ("Process finished with exit code 139 (interrupted by signal 11: SIGSEGV)", "SIGSEGV"),
    ("Process finished with exit code 139 (interrupted by signal 11:SIGSEGV)", "SIGSEGV"),
    ("Process finished with exit code 134 (interrupted by signal 6: SIGABRT)", "SIGABRT"),
    ("Process finished with exit code 135 (interrupted by signal 7:SIGBUS)", "SIGBUS"),
])
def test_ide_signal_exit_is_an_unrecognised_crash(line: str, signal: str) -> None:
    text = f"Epoch 1/10\n\n{line}\n"
    v, ids = _verdict(text)
    assert ids == ["unrecognised-error"] and v["program_failed"] is True
    assert "does not know why" in str(v["headline"])
    assert signal in explain_stream(io.BytesIO(text.encode())).findings[0].cause


@pytest.mark.parametrize(("line", "finding"), [
    ("Process finished with exit code -1073741819 (0xC0000005)",
     "windows-process-crashed-native"),
    ("Process finished with exit code -1073740940 (0xC0000374)",
     "windows-process-crashed-native"),
    ("Process finished with exit code -1073740791 (0xC0000409)", None),
    ("Process finished with exit code -1073741676 (0xC0000094)", "unrecognised-error"),
    # Compose's and an IDE's exit codes are read alike: 1 is the program's error exit
    ("Process finished with exit code 1", None),
])
def test_ide_failing_exit_code_is_a_death(line: str, finding: str | None) -> None:
    v, ids = _verdict(f"Epoch 1/10\n\n{line}\n")
    assert v["program_failed"] is True and v["failed"] is True
    assert str(v["headline"]).startswith("The program failed")
    if finding is not None:
        assert finding in ids


@pytest.mark.parametrize("line", [
    "Process finished with exit code 0",
    "Process finished with exit code 130 (interrupted by signal 2: SIGINT)",
    "Process finished with exit code 143 (interrupted by signal 15: SIGTERM)",
    "Process finished with exit code -1073741510 (0xC000013A: interrupted by Ctrl+C)",
    "Process finished with exit code -1",
])
def test_ide_clean_or_stopped_exit_is_no_death(line: str) -> None:
    v, _ = _verdict(f"{_DEVICE}\n{line}\n")
    assert v["program_failed"] is False and v["failed"] is False


@pytest.mark.parametrize("line", [
    "The program '[1234] python.exe' has exited with code=3221225477",   # VS Code, unsigned
    "exit code 3221226505",                                              # 0xC0000409 unsigned
])
def test_windows_crash_code_outside_an_ide_is_a_death(line: str) -> None:
    v, _ = _verdict(f"Epoch 1/10\n{line}\n")
    assert v["program_failed"] is True


def test_ntstatus_exit_code_meaning() -> None:
    assert "0xC0000094" in exit_code_meaning(-1073741676)
    assert "0xC0000005" in exit_code_meaning(3221225477)


@pytest.mark.parametrize("line", [
    "[I 2024-10-10 10:00:40.000 ServerApp] KernelRestarter: restarting kernel (1/5), keep "
    "random ports",
    "The kernel appears to have died. It will restart automatically.",
])
def test_jupyter_kernel_death_is_a_death(line: str) -> None:
    v, ids = _verdict(f"{_DEVICE}\n{line}\n")
    assert "host-ram-exhausted-process-killed" in ids
    assert v["program_failed"] is True
    assert str(v["headline"]).startswith("The program failed (line 2): The notebook kernel died")


def test_exit_code_meanings_are_signal_numbers() -> None:
    assert exit_code_meaning(137).startswith("exit code 137 = 128 + 9, SIGKILL")
    assert "SIGSEGV" in exit_code_meaning(139)
    assert exit_code_meaning(1) == "exit code 1: the program exited with an error"


#: The module-qualified exception line only Python's traceback printer writes
#: (traceback.format_exception_only), at the start of a line.
_PASTED_LAST_LINE = re.compile(r"(?m)^(?:[A-Za-z_]\w*\.)+[A-Z]\w*(?:Error|Exception):")


def test_healthy_negative_logs_show_no_death() -> None:
    """Negative logs without a crash, kill or traceback (the healthy ones) never read as a
    death: a Python traceback, a fatal or abort line is what the other negatives hold."""
    healthy = 0
    for p in sorted(NEGATIVES.glob("*.log")):
        text = p.read_text(encoding="utf-8", errors="replace")
        if any(w in text for w in ("Traceback", "Check failed", "Aborted", "Killed",
                                   "Segmentation fault", "exited with code")):
            continue
        if _PASTED_LAST_LINE.search(text):
            continue  # a traceback's last line pasted alone: a death too
        healthy += 1
        assert death_hits(read_lines(text.splitlines())) == [], p.name
    assert healthy > 50


def test_cli_exit_and_json_for_a_death_a_warning_explains(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "killed.log"
    log.write_text(f"{_DEVICE}\nEpoch 1/3\nKilled\n", encoding="utf-8")
    assert main(["explain", str(log)]) == 1
    capsys.readouterr()
    assert main(["explain", "--json", str(log)]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"]["program_failed"] is True and doc["verdict"]["problems"] == 0


# an exception no finding explains, after an error-level finding on other lines -------------
# Keras' input_spec.py "Input 0 of layer ... is incompatible with the layer", a dict lookup,
# a call with a wrong argument: the user's own bugs. A missing cuDNN / cudart (dso_loader.cc
# "Could not load dynamic library ... dlerror") sends TensorFlow to the CPU; it raises none
# of them.
_UNRELATED = [
    "ValueError: Layer \"model\" expects 2 input(s), but it received 1 input tensors. Inputs "
    "received: [<tf.Tensor 'IteratorGetNext:0' shape=(None, 64) dtype=float32>]",
    "KeyError: 'val_accuracy'",
    "TypeError: fit() got an unexpected keyword argument 'epochz'",
]
_EARLIER_ERRORS = [
    "2021-03-01 10:00:00.000001: W tensorflow/stream_executor/platform/default/dso_loader.cc:"
    "64] Could not load dynamic library 'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open "
    "shared object file: No such file or directory",
    "2021-03-01 10:00:00.000001: W tensorflow/stream_executor/platform/default/dso_loader.cc:"
    "64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: "
    "cannot open shared object file: No such file or directory",
]


@pytest.mark.parametrize("exc", _UNRELATED)
@pytest.mark.parametrize("earlier", _EARLIER_ERRORS)
def test_exception_no_finding_quotes_is_not_blamed_on_an_earlier_error(
        earlier: str, exc: str) -> None:
    text = (f"{earlier}\nTraceback (most recent call last):\n  File \"t.py\", line 9, in "
            f"<module>\n{exc}\n")
    v, ids = _verdict(text)
    assert "unrecognised-error" in ids  # the exception is still reported
    assert any(i.startswith("library-not-loaded-") for i in ids)  # ... beside the error
    assert v["program_failed"] is True and v["failed"] is True
    headline = str(v["headline"])
    assert headline.startswith("The program failed and tfgpu does not know why")
    # ... and lists what else the log shows (cudart alone, with no GPU evidence, is a warning)
    assert ("1 other problem found in the log: " in headline
            or "1 warning in the log: " in headline)


# tensorflow/python/framework/errors_impl.py prints the op's status after the exception
# type: TF 2.11+ "Graph execution error:" then the node and the kernel's own message
# (cuda_dnn.cc "DNN library is not found."); Session's "N root error(s) found." lists them
@pytest.mark.parametrize("message", [
    ["UnknownError: Graph execution error:", "", "Detected at node 'conv2d/Conv2D' defined at "
     "(most recent call last):", "Node: 'conv2d/Conv2D'", "DNN library is not found.",
     "\t [[{{node conv2d/Conv2D}}]] [Op:__inference_train_function_1234]"],
    ["tensorflow.python.framework.errors_impl.UnknownError: 2 root error(s) found.",
     "  (0) Unknown: Failed to get convolution algorithm. This is probably because cuDNN "
     "failed to initialize, so try looking to see if a warning log message was printed "
     "above.", "\t [[{{node conv2d/Conv2D}}]]"],
])
def test_exception_whose_message_a_finding_quotes_is_explained_by_it(
        message: list[str]) -> None:
    text = ("Traceback (most recent call last):\n  File \"t.py\", line 9, in <module>\n"
            "    model.fit(x, y)\n" + "\n".join(message) + "\n")
    v, ids = _verdict(text)
    assert "unrecognised-error" not in ids
    assert v["program_failed"] is True
    assert "does not know why" not in str(v["headline"])
    assert str(v["headline"]).startswith("The program failed (line 4)")


# the last line of a traceback pasted alone: the module-qualified name is Python's
# traceback spelling (traceback.format_exception_only), so the program died on it
@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.InternalError: Blas GEMM launch failed : "
    "a.shape=(32, 784), b.shape=(784, 10), m=32, n=10, k=784",
    "tensorflow.python.framework.errors_impl.UnknownError:  Failed to get convolution "
    "algorithm. This is probably because cuDNN failed to initialize, so try looking to see if "
    "a warning log message was printed above.",
    "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to execute XLA Runtime executable",
])
def test_a_traceback_last_line_pasted_alone_is_a_death(line: str) -> None:
    v, _ = _verdict(f"{line}\n")
    assert v["program_failed"] is True and v["failed"] is True
    # pasted as a Markdown code block (indented) it is the same line
    v, _ = _verdict(f"    {line}\n")
    assert v["program_failed"] is True and v["failed"] is True


@pytest.mark.parametrize("line", [
    "ValueError: could not convert string to float: 'abc'",  # print(f"{type(e).__name__}: {e}")
])
def test_an_unqualified_exception_line_alone_is_no_death(line: str) -> None:
    v, _ = _verdict(f"{line}\n")
    assert v["program_failed"] is False


# TensorFlow's INTERNAL / UNKNOWN statuses carry no cause of their own (error_codes.proto):
# the error-level finding above stays the lead; an exception with its own cause does not
@pytest.mark.parametrize(("exc", "unknown"), [
    ("tensorflow.python.framework.errors_impl.InternalError: stream did not block host until "
     "done; was already in an error state", False),
    ("tensorflow.python.framework.errors_impl.UnknownError: Exception encountered when calling "
     "layer 'custom' (type Custom).", False),
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Expected begin[0] in "
     "[0, 5], but got 7", True),
])
def test_an_exception_without_its_own_cause_keeps_the_error_above_as_its_lead(
        exc: str, unknown: bool) -> None:
    text = (f"{_EARLIER_ERRORS[0]}\nTraceback (most recent call last):\n  File \"t.py\", "
            f"line 9, in <module>\n{exc}\n")
    v, ids = _verdict(text)
    assert v["program_failed"] is True
    assert ("unrecognised-error" in ids) is unknown
    assert ("does not know why" in str(v["headline"])) is unknown


# Python's unraisable hook (Python/errors.c PyErr_WriteUnraisable): reported, not raised ------
_UNRAISABLE_TB = ('Traceback (most recent call last):\n'
                  '  File "/usr/lib/python3.11/site-packages/tensorflow/python/eager/'
                  'polymorphic_function/atomic_function.py", line 291, in __del__\n'
                  "TypeError: 'NoneType' object is not callable\n")


@pytest.mark.parametrize("notice", [
    "Exception ignored in: <function AtomicFunction.__del__ at 0x7f3a1c2b5d80>",
    "Exception ignored in: <generator object Dataset.__iter__ at 0x7f0000000000>",
    "Exception ignored on calling ctypes callback function: <function cb at 0x7f00>",
    "Exception ignored in audit hook",
])
def test_unraisable_exception_report_is_no_death(notice: str) -> None:
    v, ids = _verdict(f"{_DEVICE}\nEpoch 5/5\nTest accuracy: 0.879\n{notice}\n{_UNRAISABLE_TB}")
    assert v["program_failed"] is False and v["failed"] is False
    assert "unrecognised-error" not in ids
    assert v["gpu_usable"] is True


def test_death_after_an_unraisable_report_is_still_a_death() -> None:
    v, _ = _verdict("Exception ignored in: <function A.__del__ at 0x7f00>\n" + _UNRAISABLE_TB
                    + "Traceback (most recent call last):\n  File \"t.py\", line 3, in "
                    "<module>\nValueError: bad shape\n")
    assert v["program_failed"] is True
    assert "(line 8)" in str(v["headline"]) or "does not know why" in str(v["headline"])


# a traceback the program went on after: caught and printed (logging.exception,
# traceback.print_exc), then Keras began another epoch (ProgbarLogger "Epoch N/M") ----------
_CAUGHT_TB = ('Traceback (most recent call last):\n  File "/home/u/plugins.py", line 4, in load\n'
              "    import wandb\nModuleNotFoundError: No module named 'wandb'\n")
_TRAINING = ("Epoch 1/3\n1875/1875 [==============================] - 6s 3ms/step - loss: 0.29\n"
             "Epoch 3/3\n1875/1875 [==============================] - 5s 3ms/step - loss: 0.19\n")


@pytest.mark.parametrize("before", [
    "WARNING:root:could not load optional plugin, continuing\n",   # logging.warning + print_exc
    "ERROR:root:optional plugin failed\n",                         # logging.exception
    "",                                                            # traceback.print_exc alone
])
def test_traceback_followed_by_more_epochs_is_no_death(before: str) -> None:
    v, _ = _verdict(f"{before}{_CAUGHT_TB}{_TRAINING}Saved model to out/model.keras\n")
    assert v["program_failed"] is False and v["failed"] is False
    assert "does not know why" not in str(v["headline"])


def test_traceback_after_the_last_epoch_is_still_a_death() -> None:
    v, _ = _verdict(f"{_TRAINING}{_CAUGHT_TB}")
    assert v["program_failed"] is True
    v, _ = _verdict(f"{_CAUGHT_TB}{_TRAINING}{_CAUGHT_TB}")
    assert v["program_failed"] is True
    # the second traceback's exception (line 12): its module not installed, or not known
    assert "(line 12)" in str(v["headline"]) or "does not know why" in str(v["headline"])


def test_explain_stream_scans_the_log_for_deaths_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The checks, the result's ``died`` and its failure lines share one death scan."""
    import tfgpu.diagnosis.checks.unknown as unknown
    import tfgpu.explain as explain
    from tfgpu.facts.log import Hit, LogFacts

    calls: list[int] = []

    def counted(log: LogFacts) -> list[Hit]:
        calls.append(1)
        return death_hits(log)

    monkeypatch.setattr(unknown, "death_hits", counted)
    monkeypatch.setattr(explain, "death_hits", counted)
    log = b"Traceback (most recent call last):\n  File \"t.py\", line 1\nValueError: bad shape\n"
    result = explain_stream(io.BytesIO(log))
    assert len(calls) == 1
    assert [h.line for h in result.died] == [3] and result.failure and 3 in result.failure
