"""A log copied from a terminal that hard-wrapped it: every line cut every N characters,
wherever that falls, also inside a number, a version or an identifier (logs/engine.py
``_cuts_token``, ``Engine._cut``).

A value cut at such a break is read whole (the two pieces joined without a space) or not
at all: never as the shorter piece ("compiled with: 8." / "6.0." read as cuDNN 8.0.0).
The lines are the sources' own wordings: TensorFlow's cuda_dnn.cc version check ("Loaded
runtime CuDNN library: %u.%u.%u but source was compiled with: %u.%u.%u.  CuDNN library
needs to have matching major version and equal or higher minor version. ..."), pip's
resolver ("Could not find a version that satisfies the requirement %s (from versions: %s)"),
stream_executor's cuda_driver.cc ("failed call to cuInit: %s" with the CUresult name of
cuda.h), the BFC allocator's OOM status ("OOM when allocating tensor with shape[%s] and
type %s on %s by allocator %s") and gpu_device.cc's "Created device ... name: %s, pci bus
id: %s, compute capability: %s".
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.logs import read_lines
from tfgpu.logs.engine import _cuts_token
from tfgpu.logs.reader import WRAPPED_LINE_CHARS

CUDNN = (
    "2023-06-20 09:31:49.901554: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc"
    ":417] Loaded runtime CuDNN library: 8.1.0 but source was compiled with: 8.6.0.  CuDNN "
    "library needs to have matching major version and equal or higher minor version. If "
    "using a binary install, upgrade your CuDNN library.  If building from sources, make "
    "sure the library loaded at runtime is compatible with the version specified during "
    "compile configuration."
)
PIP = (
    "ERROR: Could not find a version that satisfies the requirement tensorflow==2.10.0 (from "
    "versions: 2.16.0rc0, 2.16.1, 2.16.2, 2.17.0rc0, 2.17.0, 2.17.1, 2.18.0, 2.19.0, 2.20.0)"
)
CREATED = (
    "2024-01-30 08:14:50.100000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1635] "
    "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 22302 MB memory:  -> "
    "device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:65:00.0, compute capability: "
    "8.6"
)
CUINIT = (
    "2024-01-30 08:14:51.771260: E tensorflow/compiler/xla/stream_executor/cuda/"
    "cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: "
    "forward compatibility was attempted on non supported HW"
)
OOM = (
    "2024-03-11 14:02:35.118975: W tensorflow/core/framework/op_kernel.cc:1827] OP_REQUIRES "
    "failed at conv_ops_impl.h:1199 : RESOURCE_EXHAUSTED: OOM when allocating tensor with "
    "shape[64,128,256,256] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by "
    "allocator GPU_0_bfc"
)
#: Every width a terminal may have that is read as a wrap: a small window or a split pane
#: (40 to 79 columns), the default 80, wide mode 132.
WIDTHS = list(range(40, WRAPPED_LINE_CHARS.stop))


def _terminal(width: int, *lines: str) -> list[str]:
    """``lines`` as a terminal of ``width`` columns shows them: cut every ``width``
    characters."""
    return [line[i:i + width] for line in lines for i in range(0, len(line), width)]


def _values(lines: list[str], pattern: str, group: str) -> set[str | None]:
    hits = read_lines(lines).get(pattern)
    return {h.g(group) for h in hits.all()} if hits is not None else set()


@pytest.mark.parametrize("width", WIDTHS)
def test_a_version_cut_by_a_terminal_wrap_is_read_whole_or_not_at_all(width: int) -> None:
    got = _values(_terminal(width, CUDNN), "cudnn.mismatch", "src")
    assert got <= {"8.6.0", "8.6.0.", None}, (width, got)
    assert _values(_terminal(width, CUDNN), "cudnn.mismatch", "rt") <= {"8.1.0", None}


@pytest.mark.parametrize("width", [77, 80])
def test_the_cudnn_version_check_wrapped_at_80_columns_names_the_build_s_cudnn(width: int) -> None:
    # the wrap falls inside "8." / "6.0." at 80 columns: the build's cuDNN is 8.6, never 8.0
    text = "\n".join(f.title + " " + " ".join(f.fix) for f in explain_lines(
        _terminal(width, CREATED, CUDNN)))
    assert "8.0.0" not in text and "8.0 " not in text
    assert "8.6.0" in text


@pytest.mark.parametrize("width", WIDTHS)
def test_a_pip_pin_cut_by_a_terminal_wrap_is_read_whole_or_not_at_all(width: int) -> None:
    lines = _terminal(width, PIP)
    assert _values(lines, "pip.no_dist", "spec") <= {"==2.10.0", None}, width
    for f in explain_lines(["PS C:\\> py -V", "Python 3.12.1", *lines]):
        assert 'tensorflow==2."' not in " ".join(f.fix) and "2.10. " not in f.title


@pytest.mark.parametrize("width", WIDTHS)
def test_a_shape_cut_by_a_terminal_wrap_is_read_whole(width: int) -> None:
    assert _values(_terminal(width, OOM), "mem.oom_tensor", "shape") <= {"64,128,256,256", None}


@pytest.mark.parametrize("width", WIDTHS)
def test_an_error_code_cut_between_letters_is_read_whole_once_the_log_shows_its_wrap(
        width: int) -> None:
    # the lines before it show the terminal's width (its pieces all as long); the code
    # is then never read as its head ("CUDA_ERROR_C" / "OMPAT_...")
    lines = _terminal(width, CREATED, CREATED, CUINIT)
    got = _values(lines, "cuinit", "name")
    assert got <= {"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", None}, (width, got)


@pytest.mark.parametrize(("left", "right", "cut"), [
    ("x" * 79 + "8.", "6.0.  CuDNN", True),                # a version at its dot
    ("x" * 79 + "==2", ".10.0 (from", True),               # before the dot
    ("x" * 79 + "[64,1", "28,256,256]", True),             # digits meet
    ("x" * 79 + "shape[", "64,128,256]", True),            # after an opening bracket
    ("x" * 79 + "tensorflow=", "=2.10.0", True),           # an "==" in two
    ("x" * 70 + "CUDA_ERROR_", "COMPAT_NOT", True),        # an identifier's underscore
    ("x" * 70 + "2.20.0rc0", ", 2.20.0)", True),           # a comma never begins a wrap
    ("x" * 70 + "float on /job", ":localhost/replica", True),  # nor a colon
    ("x" * 70 + "version 3.0.", "The minimum", False),     # a sentence's end
    ("x" * 70 + "cannot", "open shared", False),           # letters: either (Engine._cut)
    ("x" * 70 + "found in", "/usr/local/cuda", False),     # a path begins a word
    ("x" * 70 + "version 535.247.0=", "1, but", False),    # quoted-printable soft break
    ("x" * 79 + "8.", " 6.0", False),                      # the wrap kept the space
    ("x" * 20 + "8.", "6.0", False),                       # not as long as a wrap leaves
])
def test_a_break_is_a_cut_inside_a_token_only_where_a_wrap_at_spaces_cannot_leave_it(
        left: str, right: str, cut: bool) -> None:
    assert _cuts_token(left, right) is cut


def test_a_wrap_at_spaces_keeps_its_spaces_when_two_lines_are_alike_long() -> None:
    # two lines of one length in a row are no terminal's wrap yet: "cannot" / "open" stays
    # two words
    line = ("2024-02-25 18:52:47.991396: W tensorflow/stream_executor/platform/default/"
            "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
            "libcudart.so.11.0: cannot open shared object file: No such file or directory")
    lines = [line[:29], line[30:106], line[107:183], line[184:]]
    assert " ".join(lines) == line and len(lines[1]) == len(lines[2]) == 76
    got = _values(lines, "lib.missing", "err")
    assert "libcudart.so.11.0: cannot open shared object file: No such file or directory" in got
    assert not any("openshared" in (v or "") for v in got)


@pytest.mark.parametrize("width", [77, 80])
def test_the_newest_release_offered_comes_from_the_pinned_distribution_s_own_list(
        width: int) -> None:
    # pip prints one "(from versions: ...)" list per requirement: tensorflow-gpu's (2.12.0,
    # its last placeholder) says nothing of what tensorflow offers this Python
    gpu = ("ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==2.10.0"
           " (from versions: 2.12.0)")
    lines = _terminal(width, "PS C:\\> py -V", "Python 3.12.1", gpu, PIP)
    [f] = [f for f in explain_lines(lines) if f.id == "tensorflow-no-matching-distribution"]
    assert "newest offered: 2.20.0" in f.title
    assert not any('"tensorflow==2.12.0"' in line for line in f.fix)


@pytest.mark.parametrize("width", WIDTHS)
def test_a_device_path_cut_by_a_terminal_wrap_is_read_whole(width: int) -> None:
    # its colons and slashes cut: always; between two letters: once the log shows the wrap
    got = _values(_terminal(width, CREATED, CREATED, OOM), "mem.oom_tensor", "device")
    assert got <= {"/job:localhost/replica:0/task:0/device:GPU:0", None}, (width, got)


@pytest.mark.parametrize("width", WIDTHS)
def test_every_terminal_width_is_read_as_a_wrap(width: int) -> None:
    # a narrow terminal cuts as a wide one does: the shape's numbers are never split or
    # merged, the device path never ends at a cut ("[25" / "6,256,56,56]" is [256,256,...])
    lines = _terminal(width, CREATED, OOM)
    assert _values(lines, "mem.oom_tensor", "shape") <= {"64,128,256,256", None}, width
    assert _values(lines, "mem.oom_tensor", "device") <= {
        "/job:localhost/replica:0/task:0/device:GPU:0", None}, width


@pytest.mark.parametrize("width", [60, 61])
def test_an_oom_cut_inside_its_batch_dimension_keeps_the_batch(width: int) -> None:
    text = "\n".join(f.title + " " + (f.cause or "") + " " + " ".join(f.fix)
                     for f in explain_lines(_terminal(width, CREATED, OOM)))
    assert "[64,128,256,256]" in text, text
    assert "/replica:0/task." not in text and "task " not in text


@pytest.mark.parametrize("width", WIDTHS)
def test_an_error_code_cut_between_letters_is_read_whole_when_the_wrap_shows_later(
        width: int) -> None:
    # the first long line of the log is the one cut inside "CUDA_ERROR_COMPAT_...": the
    # lines after it show the terminal's width, and the code is read whole, never its head
    lines = _terminal(width, CUINIT, CREATED, CREATED, CREATED)
    assert _values(lines, "cuinit", "name") <= {"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
                                                None}, width
    assert _values(lines, "cuda.error", "name") <= {"CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
                                                    None}, width
    for f in explain_lines(lines):
        assert not f.id.startswith("cuinit-") or f.id == "cuinit-compat-not-supported-on-device"


@pytest.mark.parametrize(("left", "right", "cut"), [
    ("x" * 48 + "shape[25", "6,256,56,56]", True),         # a narrow terminal: digits meet
    ("x" * 48 + "replica:0/task", ":0/device:GPU:0", True),  # a colon begins no word
    ("x" * 60 + "shape[64,128,256,", "256] and", True),     # a list printed without spaces
    ("x" * 60 + "sizes 64,", "128 and 256", False),         # prose: a wrap at the space
    ("x" * 30 + "[25", "6,256]", False),                   # shorter than any wrap leaves
])
def test_a_narrow_terminal_s_cut_inside_a_token_is_certain(left: str, right: str,
                                                            cut: bool) -> None:
    assert _cuts_token(left, right) is cut
