"""Logs as users PASTE them: the reader and the engine undo each mangling in general.

One test per mangling, each with the shape of a real public report (cited) and a variant.
Every test compares the mangled paste with the clean log: the same finding (and groups)
must come out, so a test fails when the reader stops undoing the mangling.
"""

from __future__ import annotations

import io
import json
import time
from typing import Any

import pytest

import tfgpu.logs as logs_pkg
import tfgpu.logs.engine as engine_mod
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.facts.line_prefix import split_prefix
from tfgpu.facts.log import LogFacts, ReadStats
from tfgpu.logs import read_lines, read_stream
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES, Pattern
from tfgpu.logs.reader import (
    CR_SNIFF_BYTES,
    MAX_PIECES,
    _cr_lines,
    normalize_paste,
    pieces_of,
    scan_stream,
)

# tensorflow/tensorflow#17445 (TF 1.6 on a Quadro K2000M): the message, one line.
CC_LINE = (
    "2018-03-05 13:43:54.533246: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1283] "
    "Ignoring visible gpu device (device: 0, name: Quadro K2000M, pci bus id: 0000:01:00.0, "
    "compute capability: 3.0) with Cuda compute capability 3.0. The minimum required Cuda "
    "capability is 3.5."
)
CC_ID = "gpu-compute-capability-too-low"
# ali-vilab/dreamtalk#32: the TF 2.x loader warning, one line.
LIB_LINE = (
    "2024-02-25 18:52:47.991396: W tensorflow/stream_executor/platform/default/dso_loader.cc:64]"
    " Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot "
    "open shared object file: No such file or directory"
)
LIB_ID = "library-not-loaded-libcudart-so-11-0"
# tensorflow/tensorflow#47245: the last line TensorFlow's process printed.
ILLEGAL = "Illegal instruction (core dumped)"


def _ids(lines: list[str]) -> set[str]:
    return {f.id for f in explain_lines(lines)}


def _stream_ids(data: bytes, chunk: int = 1 << 20) -> set[str]:
    return {f.id for f in explain_stream(io.BytesIO(data), chunk_bytes=chunk).findings}


def _both(text: str) -> set[str]:
    """Findings of ``text`` read as lines and as a stream (tiny and big chunks): all equal."""
    a = _ids(text.split("\n"))
    b = _stream_ids(text.encode())
    c = _stream_ids(text.encode(), chunk=7)
    assert a == b == c, (a, b, c)
    return a


def test_the_clean_forms_give_their_findings() -> None:
    assert CC_ID in _ids([CC_LINE])
    assert LIB_ID in _ids([LIB_LINE])
    assert read_lines([ILLEGAL]).get("cpu.illegal").count == 1  # an anchored pattern (^...$)
    assert _ids([ILLEGAL])


# ------------------------------------------------------------------ hard wraps inside a word


def _wrap(text: str, width: int) -> list[str]:
    """A terminal's hard wrap: cut every ``width`` characters, wherever that falls."""
    return [text[i : i + width] for i in range(0, len(text), width)]


def test_a_hard_wrap_inside_a_word_is_joined_without_a_space() -> None:
    # The brief's shape: "... with Cuda c" / "ompute capability 3.0. The minimum ...".
    msg = CC_LINE.split("] ", 1)[1]
    cut = msg.index("ompute capability 3.0. The")
    lines = [msg[:cut], msg[cut:]]
    assert lines[0].endswith("with Cuda c")
    facts = read_lines(lines)
    hit = facts.get("cc.ignored").first[0]
    assert (hit.g("cc"), hit.g("min")) == ("3.0", "3.5")
    assert CC_ID in _both("\n".join(lines))
    # variant: an 80-column terminal cuts the whole glog line into four pieces
    assert CC_ID in _both("\n".join(_wrap(CC_LINE, 80)))


def test_a_join_without_the_space_is_only_tried_between_two_letters_or_digits() -> None:
    assert not engine_mod._split_word("version 3.0.", "The minimum")
    assert not engine_mod._split_word("with Cuda", " compute")
    assert engine_mod._split_word("with Cuda c", "ompute capability")


# ------------------------------------------------------------------ hard wraps at a space


def _wrap_at_spaces(text: str, width: int) -> list[str]:
    """A mail client's or a terminal's wrap: each line cut at its last space within
    ``width`` columns, again on the rest."""
    out = []
    while len(text) > width and " " in text[1 : width + 1]:
        k = text.rfind(" ", 1, width + 1)
        out.append(text[:k])
        text = text[k + 1 :]
    return [*out, text]


# conv_ops.cc (TF 1.x-2.x): the cuDNN convolution failure, one glog line.
CONV_LINE = (
    "2020-01-01 10:00:00.000000: E tensorflow/core/kernels/conv_ops.cc:1000] Failed to get "
    "convolution algorithm. This is probably because cuDNN failed to initialize, so try "
    "looking to see if a warning log message was printed above."
)
# load_library.py / dlopen: an op library built against another TensorFlow.
OP_SO_LINE = (
    "tensorflow.python.framework.errors_impl.NotFoundError: /usr/local/lib/python3.8/"
    "site-packages/my_ops/python/ops/_my_ops.so: undefined symbol: "
    "_ZN10tensorflow8OpKernel11TraceStringEPKNS_15OpKernelContextEb"
)


@pytest.mark.parametrize("width", [60, 70, 80])
def test_a_message_wrapped_over_four_lines_is_read_whole(width: int) -> None:
    # Lines in the middle hold keywords of their own that fail alone: each line's message
    # is joined on at once, the first line's too (it is not replaced by the next one's).
    lines = _wrap_at_spaces(CC_LINE, width)
    assert len(lines) >= 4
    start = next(i for i, ln in enumerate(lines, 1) if "Ignoring" in ln)
    hit = read_lines(lines).get("cc.ignored").first[0]
    assert hit.line <= start and (hit.g("cc"), hit.g("min")) == ("3.0", "3.5")
    assert _both("\n".join(lines)) == _ids([CC_LINE])


@pytest.mark.parametrize("width", [60, 70, 80, 100, 120])
def test_a_keyword_across_one_break_and_the_message_after_the_next(width: int) -> None:
    # "Failed" / "to get convolution algorithm. ... cuDNN failed to" / "initialize": the
    # keyword of one form lies across the first break, the other's across the second, and
    # the match may end before the break its keyword needs ("... cuDNN failed").
    lines = _wrap_at_spaces(CONV_LINE, width)
    assert len(lines) >= 2
    start = next(i for i, ln in enumerate(lines, 1) if ln.endswith("Failed") or "Failed to" in ln)
    hit = read_lines(lines).get("mem.handle").first[0]
    # recorded at the first line of the joined text it was found in (at or before its own)
    assert hit.line <= start and hit.g("conv") == "Failed to get convolution algorithm"
    assert _both("\n".join(lines)) == _ids([CONV_LINE])


@pytest.mark.parametrize("width", [80, 100, 120])
def test_a_group_up_to_the_end_of_a_line_waits_for_the_next_line(width: int) -> None:
    # dso_loader's "...; dlerror: <why>" reads the reason to the line's end: wrapped, the
    # reason goes on in the next line and is read whole, in line order with the others.
    want = read_lines([LIB_LINE]).get("lib.missing").first[0]
    lines = _wrap_at_spaces(LIB_LINE, width)
    assert len(lines) >= 2
    hits = read_lines(lines).get("lib.missing")
    assert want.groups in [h.groups for h in hits.first]
    assert [h.line for h in hits.first] == sorted(h.line for h in hits.first)
    assert _both("\n".join(lines)) == _ids([LIB_LINE])


@pytest.mark.parametrize("width", [60, 80, 100, 120])
def test_a_message_begun_on_the_line_before_a_keyword_is_joined_on(width: int) -> None:
    # ".../_my_ops.so:" / "undefined symbol:" / "_ZN10tensorflow...": the keyword is on
    # the second line, the message begins on the first and ends on the third.
    want = read_lines([OP_SO_LINE]).get("op.lib_symbol").first[0].groups
    lines = _wrap_at_spaces(OP_SO_LINE, width)
    assert len(lines) >= 2
    assert read_lines(lines).get("op.lib_symbol").first[0].groups == want
    assert _both("\n".join(lines)) == _ids([OP_SO_LINE])


# A CUDA result as the drivers print it after their own words (cuda_driver.h ToString:
# "<name>: <description>"): XLA's LoadCubin ("Failed to load in-memory CUBIN: <result>",
# here as JAX raises it), StreamExecutor's DeviceAllocate ("failed to allocate <size> (<n>
# bytes) from device: <result>") and its context creation ("failed call to
# cuDevicePrimaryCtxRetain: <result>").
CUDA_OOM_RESULT = "CUDA_ERROR_OUT_OF_MEMORY: out of memory"
RESULT_LINES = [
    "XlaRuntimeError: INTERNAL: Failed to load in-memory CUBIN: " + CUDA_OOM_RESULT,
    "2020-01-01 10:00:00.000000: I tensorflow/stream_executor/cuda/cuda_driver.cc:936] failed "
    "to allocate 1.00G (1073741824 bytes) from device: " + CUDA_OOM_RESULT,
    "2020-01-01 10:00:00.000000: E tensorflow/stream_executor/cuda/cuda_driver.cc:313] failed "
    "call to cuDevicePrimaryCtxRetain: " + CUDA_OOM_RESULT,
]


def _readings(lines: list[str]) -> dict[str, list[dict[str, str]]]:
    """The groups of each pattern's hits, telling lines left out (a line that explains
    nothing alone tells so, whether or not a join explains it later)."""
    return {name: [h.groups for h in rec.first] for name, rec in read_lines(lines).hits.items()
            if not name.startswith("tell.")}


@pytest.mark.parametrize("line", RESULT_LINES)
def test_a_wrapped_continuation_line_is_not_read_twice(line: str) -> None:
    # Wrapped at the space before the result, the result's line alone reads as a bare
    # CUDA out-of-memory result ("^CUDA_ERROR_OUT_OF_MEMORY: out of memory$"); the join
    # of the line before took its words in, and unwrapped they are that message's status:
    # the wrapped lines give the readings of the line, each once.
    cut = line.index(" " + CUDA_OOM_RESULT)
    lines = [line[:cut], line[cut + 1 :]]
    assert _readings(lines) == _readings([line])
    assert _both("\n".join(lines)) == _ids([line])
    # the result after a line that ended its sentence is a message of its own
    alone = ["Building the model.", CUDA_OOM_RESULT]
    assert read_lines(alone).get("mem.cuda_oom").first[-1].g("bare") == CUDA_OOM_RESULT


def test_a_line_repeated_with_other_numbers_tells_no_hard_wrap_width() -> None:
    # Wrapped at spaces, a traceback's frames of one file break at the same length each
    # time ('File ".../imp.py", line 243,' / "in load_module"): they count once, so a third
    # line of that length is not read as a terminal's cut ("cannot open shared" / "object
    # file") and the loader's reason keeps its space.
    prefix = "2024-01-01 00:00:00,000 INFO - "
    frame = prefix + 'File "/opt/conda/lib/python3.7/imp.py", line {},'
    lines = [frame.format(243), "in load_module",
             prefix + "return load_dynamic(name, filename, file)",
             frame.format(343), "in load_dynamic", prefix + "return _load(spec)",
             prefix + "ImportError: libcufft.so.10.0: cannot open shared",
             "object file: No such file or directory"]
    assert {len(lines[0]), len(lines[3]), len(lines[6])} == {80}
    assert read_lines(lines).get("lib.missing").first[0].g("lib") == "libcufft.so.10.0"
    assert _both("\n".join(lines)) == _ids([" ".join(lines[6:])])


# op_kernel.cc's hint after every ResourceExhausted status (the 2.21 wheel's
# libtensorflow_framework.so.2).
OOM_HINT = (
    "Hint: If you want to see a list of allocated tensors when OOM happens, add "
    "report_tensor_allocations_upon_oom to RunOptions for current allocation info."
)


@pytest.mark.parametrize("width", [60, 72, 76, 80, 100, 120])
def test_the_oom_hint_is_read_wherever_a_wrap_breaks_it(width: int) -> None:
    # its first line holds no keyword and is not read: the option's name is the hint
    lines = _wrap_at_spaces(OOM_HINT, width)
    assert read_lines(lines).get("mem.exhausted").count == 1
    assert _both("\n".join(lines)) == _ids([OOM_HINT])


def test_lines_joined_on_at_once_are_bounded() -> None:
    eng = engine_mod.Engine()
    for i in range(1, 200):
        eng.feed(i, "Could not load dynamic library and more CUDA_ERROR_OUT_OF_MEMORY and")
        assert len(eng._pending) <= engine_mod.MAX_PENDING


# ------------------------------------------------------------------ rsyslog's #012 escapes

# stackhpc/ansible-slurm-appliance#287: the kernel's four-line message in one syslog line.
NVRM_SYSLOG = (
    "Jun 30 11:07:05 gpu-0 kernel: NVRM: API mismatch: the client has the version 535.54.03, "
    "but#012NVRM: this kernel module has the version 530.30.02.  Please#012NVRM: make sure "
    "that this kernel module and all NVIDIA driver#012NVRM: components have the same version."
)


def _scan(data: bytes, anchors: tuple[bytes, ...]) -> list[tuple[int, str]]:
    return list(scan_stream(io.BytesIO(data), anchors, ReadStats()))


def test_rsyslog_escaped_newlines_become_lines_of_their_own() -> None:
    got = _scan(b"noise\n" + NVRM_SYSLOG.encode() + b"\nafter\n", (b"nvrm",))
    assert [n for n, _ in got] == [2, 2, 2, 2]  # every piece keeps the line's number
    assert got[0][1].endswith("the version 535.54.03, but")
    assert [t for _, t in got[1:]] == [
        "NVRM: this kernel module has the version 530.30.02.  Please",
        "NVRM: make sure that this kernel module and all NVIDIA driver",
        "NVRM: components have the same version.",
    ]
    # #011 (tab) and #033 (ESC of a colour code) are decoded, not split
    assert pieces_of(b"a#011b#033[31mc") == [b"a b\x1b[31mc"]


def test_a_traceback_logged_through_rsyslog_is_explained() -> None:
    # variant: a service's Python traceback, one syslog line with #012 and #011 escapes
    clean = ["Traceback (most recent call last):", '  File "/srv/app.py", line 3, in <module>',
             "    import tensorflow as tf", "ImportError: libcudart.so.11.0: cannot open "
             "shared object file: No such file or directory"]
    syslog = "Mar  3 10:00:01 node7 python3[4242]: " + "#012".join(clean).replace("  ", "#011")
    assert LIB_ID in _ids(clean)
    assert LIB_ID in _both(syslog)
    assert LIB_ID not in _both(syslog.replace("libcudart", "nothing"))


# ------------------------------------------------------------------ kernel continuation lines

# A pattern written from the driver's message (nv.c prints four "NVRM: " lines); the
# catalogue's own NVRM rows belong to another area, so the join is tested with this one.
_NVRM = Pattern(
    "test.nvrm_api",
    ("api mismatch",),
    r"API mismatch: the client has the version (?P<client>\d+(?:\.\d+)+), but\s+"
    r"NVRM: this kernel module has the version (?P<kernel>\d+(?:\.\d+)+)",
)


@pytest.fixture
def nvrm_pattern(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_mod, "PATTERNS", (*engine_mod.PATTERNS, _NVRM))
    monkeypatch.setattr(logs_pkg, "PREFILTER_NEEDLES_BYTES",
                        (*PREFILTER_NEEDLES_BYTES, b"api mismatch"))


def _nvrm(facts: LogFacts) -> tuple[str | None, str | None]:
    hits = facts.get("test.nvrm_api")
    if not hits.count:
        return None, None
    return hits.first[0].g("client"), hits.first[0].g("kernel")


@pytest.mark.usefixtures("nvrm_pattern")
@pytest.mark.parametrize("paste", [
    # saharmor/dalle-playground#104: dmesg, continuations indented under the message
    "[ 7386.259769] NVRM: API mismatch: the client has the version 515.48.07, but\n"
    "               NVRM: this kernel module has the version 510.73.05.  Please\n",
    # NVIDIA/nvidia-docker#182: journalctl, continuations indented under the message
    "Aug 26 14:08:07 nyasara-linux kernel: NVRM: API mismatch: the client has the version "
    "515.48.07, but\n                                      NVRM: this kernel module has the "
    "version 510.73.05.  Please\n",
    # variant (old dmesg, every line with its own time): the prefix is joined away
    "[  176.432772] NVRM: API mismatch: the client has the version 515.48.07, but\n"
    "[  176.432777] NVRM: this kernel module has the version 510.73.05.  Please\n",
    # variant: /var/log/syslog, every line with its own syslog prefix
    "Aug 26 14:08:07 host kernel: NVRM: API mismatch: the client has the version 515.48.07, "
    "but\nAug 26 14:08:07 host kernel: NVRM: this kernel module has the version 510.73.05."
    "  Please\n",
    # the #012 form of stackhpc/ansible-slurm-appliance#287
    NVRM_SYSLOG.replace("535.54.03", "515.48.07").replace("530.30.02", "510.73.05"),
    # variants: the two lines behind one Slurm task's label, one pod's kubectl prefix
    " 3: NVRM: API mismatch: the client has the version 515.48.07, but\n"
    " 3: NVRM: this kernel module has the version 510.73.05.  Please\n",
    "[pod/train-0/worker] NVRM: API mismatch: the client has the version 515.48.07, but\n"
    "[pod/train-0/worker] NVRM: this kernel module has the version 510.73.05.  Please\n",
])
def test_kernel_continuation_lines_are_joined(paste: str) -> None:
    assert _nvrm(read_lines(paste.split("\n"))) == ("515.48.07", "510.73.05")
    assert _nvrm(read_stream(io.BytesIO(paste.encode()), chunk_bytes=5)) == (
        "515.48.07", "510.73.05")


@pytest.mark.usefixtures("nvrm_pattern")
def test_an_email_quoted_printable_soft_break_is_joined_away() -> None:
    # qemu-devel patch mail quoting dmesg (lore archive): "> " quotes and quoted-printable
    # soft breaks ("=" at the end of a line) inside the versions.
    mail = ["> [7874777.555649] NVRM: API mismatch: the client has the version 535.247.0=",
            "1, but",
            ">                  NVRM: this kernel module has the version 535.230.02.  Pl=",
            "ease"]
    assert _nvrm(read_lines(mail)) == ("535.247.01", "535.230.02")
    assert _nvrm(read_stream(io.BytesIO("\n".join(mail).encode()), chunk_bytes=3)) == (
        "535.247.01", "535.230.02")
    assert _nvrm(read_lines(["NVRM: API mismatch: the client has the version 5=",
                             "35.247.01, but NVRM: this kernel module has the version 1.2."])
                 ) == ("535.247.01", "1.2")
    assert _nvrm(read_lines(["NVRM: API mismatch: the client has the version 535.247.0",
                             "=1, but NVRM: this kernel module has the version 1.2."])
                 ) == (None, None)


@pytest.mark.usefixtures("nvrm_pattern")
def test_a_line_of_another_program_or_prefix_is_never_joined() -> None:
    other = ("Aug 26 14:08:07 host kernel: NVRM: API mismatch: the client has the version "
             "515.48.07, but\nAug 26 14:08:07 host gdm[12]: NVRM: this kernel module has the "
             "version 510.73.05.  Please\n")
    assert _nvrm(read_lines(other.split("\n"))) == (None, None)
    mixed = ("[ 1.5] NVRM: API mismatch: the client has the version 515.48.07, but\n"
             "2024-05-01T10:00:00Z NVRM: this kernel module has the version 510.73.05.\n")
    assert _nvrm(read_lines(mixed.split("\n"))) == (None, None)
    tasks = ("0: NVRM: API mismatch: the client has the version 515.48.07, but\n"
             "1: NVRM: this kernel module has the version 510.73.05.  Please\n")
    assert _nvrm(read_lines(tasks.split("\n"))) == (None, None)
    assert split_prefix("Aug 26 14:08:07 host kernel: NVRM: x")[0] == "sys host kernel"
    assert split_prefix("[ 7386.259769] NVRM: x") == ("dm", "NVRM: x")
    assert split_prefix("[1,0]<stderr>:x")[0] != split_prefix("[2,0]<stderr>:x")[0]
    assert split_prefix("web_1  | x")[0] != split_prefix("db_1   | x")[0]
    assert split_prefix("| pro_1_1  | 2015-02-16 |")[0] == ""  # a Markdown table row
    # one pod's or container's, one Slurm task's lines never join another's
    assert split_prefix("[pod/a-0/w] x")[0] != split_prefix("[pod/a-1/w] x")[0]
    assert split_prefix("[pod/a-0/w] x")[0] != split_prefix("[pod/a-0/ps] x")[0]
    assert split_prefix("0: x")[0] != split_prefix("1: x")[0]
    assert split_prefix("P0 1: x")[0] != split_prefix("P1 1: x")[0]
    assert split_prefix(" 3: x")[0] == split_prefix("3: x")[0]  # its width is no part of it


# ------------------------------------------------------------------ string literals (\n escapes)


def test_a_log_pasted_as_a_json_string_is_split_at_its_escaped_newlines() -> None:
    # tensorflow/tensorflow#77150: VS Code's copied error, a JSON object whose strings hold
    # the traceback with \" and \\ escapes.  Variant: the whole log as one json.dumps line.
    log = ["noise", CC_LINE, "2024-05-01 10:00:00.1: I x.cc:1] more"]
    expected = _ids(log)
    assert CC_ID in expected
    one_line = json.dumps({"name": "InternalError", "stack": "\n".join(log) + "\n"})
    assert expected <= _both(one_line)
    # line numbers: every piece keeps the number of its (only) line
    res = explain_stream(io.BytesIO(("x\n" + one_line + "\n").encode()))
    assert {e.line for f in res.findings if f.id == CC_ID for e in f.evidence} == {2}


def test_a_python_bytes_repr_and_a_notebook_text_list_are_decoded() -> None:
    # subprocess.run(...).stderr printed as bytes: b'...\n...' with \xHH escapes (UTF-8)
    log = "\n".join(["I0501 10:00:00 cpu_feature_guard.cc:1] noise", LIB_LINE, "é done"])
    expected = _ids(log.split("\n"))
    assert LIB_ID in expected
    assert expected <= _both(repr(log.encode()))
    # a Jupyter notebook's output: "text": [ "line\n", ... ] (jupyter/notebook#2712 shape)
    cell = '   "text": [\n' + "\n".join(f"    {json.dumps(x + chr(10))}," for x in
                                       log.split("\n")) + "\n   ]"
    assert expected <= _both(cell)
    # the notebook's traceback colour codes as JSON escapes (\u001b[0;31m) are removed too
    tb = json.dumps("\x1b[0;31mImportError\x1b[0m: libcudart.so.11.0: cannot open shared "
                    "object file: No such file or directory\n")
    assert _ids(["ImportError: libcudart.so.11.0: cannot open shared object file: No such "
                 "file or directory"]) <= _both(tb)


def test_windows_paths_are_not_taken_for_escapes() -> None:
    for path in (rb"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin\nvcuda.dll",
                 rb"C:\Users\me\AppData\Roaming\Python\Python311\site-packages\tensorflow\n"):
        assert pieces_of(path) == [path]
    # an escaped one is decoded: the user-site pattern reads the single backslashes
    esc = (r'  File \"C:\\Users\\me\\AppData\\Roaming\\Python\\Python311\\site-packages'
           r'\\tensorflow\\__init__.py\", line 3')
    assert pieces_of(esc.encode())[0].count(b"\\\\") == 0
    assert read_lines([esc]).get("ctx.user_site_tf").count == 1
    assert read_lines([esc.replace("\\\\", "\\")]).get("ctx.user_site_tf").count == 1


# ------------------------------------------------------------------ web-page pastes


def test_html_entities_are_decoded_without_moving_lines() -> None:
    # Pages that quote logs in HTML (forum archives print "Installation &amp; Upgrades")
    html = LIB_LINE.replace("'", "&#39;").replace("&#39;libcudart.so.11.0&#39;",
                                                   "&quot;libcudart.so.11.0&quot;", 0)
    assert "&#39;" in html
    assert LIB_ID in _both("a &lt;b&gt;\n" + html)
    assert LIB_ID in _both(LIB_LINE.replace("'", "&#x27;"))
    # an entity of a newline never adds a line: line numbers stay the file's
    assert normalize_paste(b"a&#10;b&amp;c&nbsp;d") == b"a b&c d"
    res = explain_stream(io.BytesIO(b"x&#10;y\n" + LIB_LINE.replace("'", "&#39;").encode()))
    assert [e.line for f in res.findings if f.id == LIB_ID for e in f.evidence] == [2]


# NVIDIA/nvidia-docker#1034: Docker's refusal when the NVIDIA runtime hook is missing.
DOCKER_HOOK = (
    'docker: Error response from daemon: OCI runtime create failed: container_linux.go:345: '
    'starting container process caused "exec: \\"nvidia-container-runtime-hook\\": executable '
    'file not found in $PATH": unknown.'
)


def _smart(text: str) -> str:
    """SmartyPants' rule: a quote after a space, an opening bracket or at the start opens."""
    out = []
    for i, ch in enumerate(text):
        if ch in "'\"":
            opens = i == 0 or text[i - 1] in " ([{"
            ch = {"'": "\u2018\u2019", '"': "\u201c\u201d"}[ch][0 if opens else 1]
        out.append(ch)
    return "".join(out)


def test_typographic_quotes_are_read_as_ascii_quotes() -> None:
    # A forum, a blog engine or a word processor retypes the quotes of a pasted message:
    # TensorFlow's 'libcudart.so.11.0', Docker's "exec: \"...\"", Keras' 'serving_default'.
    keras = ("ValueError: File format not supported: filepath=my_model. Keras 3 only supports "
             "V3 `.keras` files and legacy H5 format files (`.h5` extension). Note that the "
             "legacy SavedModel format is not supported by `load_model()` in Keras 3. In order "
             "to reload a TensorFlow SavedModel as an inference-only layer in Keras 3, use "
             "`keras.layers.TFSMLayer(my_model, call_endpoint='serving_default')`")
    for line in (LIB_LINE, DOCKER_HOOK, keras):
        want = _ids([line])
        assert want
        smart = _smart(line)
        assert smart != line and "'" not in smart and '"' not in smart
        assert _both(smart) == want, line
    # every mark of the block U+2018-U+201F, low-9 and reversed ones included ("\u201equ\u201c")
    assert normalize_paste("\u2018a\u2019 \u201cb\u201d \u201ac\u201b \u201ed\u201f".encode()) == (
        b"'a' \"b\" 'c' \"d\"")
    assert normalize_paste("\u2039x\u203a \u00abx\u00bb".encode()) == (  # no guillemets
        "\u2039x\u203a \u00abx\u00bb".encode())


def test_non_breaking_zero_width_spaces_and_tabs_are_read_as_spaces() -> None:
    # A log copied from a rendered page: NBSP between words, a zero-width space inside one,
    # or an editor's tabs.
    for mangled in (CC_LINE.replace(" ", "\u00a0"),
                    CC_LINE.replace("capability", "capa\u200bbility"),
                    CC_LINE.replace(" ", "\t"), "\ufeff" + CC_LINE.replace(" ", "\u202f")):
        assert CC_ID in _both(mangled), ascii(mangled[:60])


# ------------------------------------------------------------------ prefixes before the message


@pytest.mark.parametrize("prefix", [
    "> ",  # a Markdown or e-mail quote
    "> > ",
    "2024-05-01T10:00:00.123456789Z ",  # kubectl logs --timestamps / docker logs -t
    "2024-05-01T10:00:00.123456789Z stderr F ",  # a CRI container log file
    "May 01 10:00:00 node7 python3[4242]: ",  # journalctl / syslog
    "2024-05-01T10:00:00+0000 node7 python3[4242]: ",  # journalctl -o short-iso
    "[Wed May  1 10:00:00 2024] ",  # dmesg -T
    "  12 | ",  # a line-number gutter
    "13m 43s | 221 | ",  # a CI log viewer's table (tensorflow/tensorflow#36332)
    "trainer_1  | ",  # docker-compose (v1) logs: "web_1  | ..."
    "tf-serving-1  | ",  # docker compose (v2)
    "[1,0]<stderr>:",  # horovodrun / mpirun rank tags
    "Thu Jun 18 14:28:35 2020[1,0]<stderr>:",  # with mpirun --timestamp-output
    ">> ",  # an e-mail client's quote of a quote
    "> >> ",
    # kubectl logs --prefix (kubernetes/kubectl pkg/cmd/logs/logs.go: "[pod/%s/%s] ")
    "[pod/train-0/worker] ",
    "[pod/tf-job-ps-0.example/tensorflow] ",
    # srun --label (SchedMD/slurm src/common/write_labelled_message.c: "%*d: ", "P%u %*d: ")
    "0: ",
    " 7: ",
    "P1 0: ",
    # Jupyter Notebook 6.x / Jupyter Server log records ("[%(levelname)1.1s %(asctime)s.
    # %(msecs).03d %(name)s] ", dates "%H:%M:%S" / "%Y-%m-%d %H:%M:%S")
    "[W 12:00:00.000 NotebookApp] ",
    "[E 2024-05-01 12:00:00.123 ServerApp] ",
    # pytest's failure report (_pytest/_code/code.py: fail_marker "E" and the indentation)
    "E   ",
    "E       ",
    # Docker BuildKit's plain progress (moby/buildkit progressui/display.go: "#%d %s %s")
    "#12 0.843 ",
    "#8 12.34 ",
    # Ray's worker log prefix (ray-project/ray doc/source/ray-observability/ray-logging.rst)
    "(pid=45601) ",
    "(MyActor pid=480956) ",
    "(RayTrainWorker pid=1234, ip=10.0.0.5) ",
])
def test_anchored_messages_match_behind_a_prefix(prefix: str) -> None:
    # tensorflow/tensorflow#47245: "Illegal instruction (core dumped)" is matched as a whole
    # line (^...$); behind a collector's prefix it is the same message.
    want = _ids([ILLEGAL])
    assert want
    assert want <= _both("step 1\n" + prefix + ILLEGAL + "\n")
    assert split_prefix(prefix + ILLEGAL)[1] == ILLEGAL


@pytest.mark.parametrize("line", [
    ILLEGAL,
    # cuBLAS's status name (cublas_api.h) alone, as a reply quotes it in inline code
    "`CUBLAS_STATUS_NOT_INITIALIZED`",
    # libnvidia-container's refusal, the part after "nvidia-container-cli: "
    "initialization error: driver error: failed to process request",
])
@pytest.mark.parametrize("indent", ["    ", "\t", "        ", "\t\t", "    > ",
                                    "    app_1  | ", "\t[pod/train-0/worker] "])
def test_an_indented_paste_reads_as_the_lines_themselves(line: str, indent: str) -> None:
    # A Markdown code block (four spaces or a tab; eight inside a list item), also around
    # a collector's prefix: anchored patterns read the line without its indentation.
    want = _ids([line])
    assert want
    assert _both("Epoch 1/5\n" + indent + line + "\n") == want
    assert split_prefix(indent + line)[1] == line.strip("`")  # inline-code marks go too


#: TensorFlow 0.x-1.4's start-up lines for a GPU whose memory another process holds, and the
#: failure after them (gpu_device.cc "Total memory: %s" / "Free memory: %s"; cuda_driver.cc
#: "failed to allocate %s (%llu bytes) from device: %s").
_HELD_AT_START = [
    "I tensorflow/core/common_runtime/gpu/gpu_device.cc:885] Found device 0 with properties: ",
    "name: GeForce GTX 1080",
    "Total memory: 7.92GiB",
    "Free memory: 190.31MiB",
    "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] failed to allocate 7.72G "
    "(8289353472 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY",
]


@pytest.mark.parametrize("time", ["2024-12-02T10:00:02.123456789Z ", "2024-12-02T10:00:02Z ",
                                  "2024-12-02T10:00:02.5Z stdout F "])
def test_a_utc_time_before_two_words_and_a_colon_is_no_syslog_host(time: str) -> None:
    # kubectl logs --timestamps / docker logs -t (Go's RFC3339Nano, UTC): "Total memory:" is
    # the message, not a syslog host "Total" and tag "memory"
    assert split_prefix(time + "Total memory: 7.92GiB") == ("ts", "Total memory: 7.92GiB")
    assert split_prefix(time + "Free memory: 190.31MiB")[1] == "Free memory: 190.31MiB"
    want = _ids(_HELD_AT_START)
    assert want
    assert _both("\n".join(time + line for line in _HELD_AT_START) + "\n") == want


def test_a_syslog_tag_with_its_process_id_stays_a_syslog_prefix() -> None:
    assert split_prefix("2024-05-01T10:00:00Z node7 python3[4242]: x") == (
        "sys node7 python3", "x")
    assert split_prefix("2024-05-01T10:00:00+00:00 node7 kernel: x") == (
        "sys node7 kernel", "x")


def test_a_python_prompt_and_a_glog_line_keep_their_text() -> None:
    assert split_prefix(">>> import tensorflow as tf") == ("", ">>> import tensorflow as tf")
    # ">>>> x": Python's prompt under a quote without its space (">" + ">>> x")
    assert split_prefix(">>>> x") == ("q", ">>> x")
    assert split_prefix(">False") == ("q", "False")
    assert split_prefix(">> >>> import tensorflow")[1] == ">>> import tensorflow"
    assert split_prefix("12:00:01 step") == ("", "12:00:01 step")  # a time is no task label
    assert split_prefix(CC_LINE) == ("", CC_LINE)  # a TensorFlow time is part of the record
    assert split_prefix("---> 62   from keras.src import ops")[1] == "from keras.src import ops"


def test_colour_codes_that_lost_their_escape_are_removed() -> None:
    # a notebook traceback copied through a viewer that drops ESC: "[0;31mImportError[0m: ..."
    assert read_lines(["[0;31m" + ILLEGAL + "[0m"]).get("cpu.illegal").count == 1
    assert read_lines(["[1;31m" + ILLEGAL + "[0m "]).get("cpu.illegal").count == 1
    # without a reset or compound code nothing is removed ("[4m" alone stays text)
    assert read_lines(["[4m" + ILLEGAL]).get("cpu.illegal").count == 0


def test_crlf_utf16_and_ansi_pastes_give_the_same_findings() -> None:
    # Windows PowerShell 5.1 "> log.txt" writes UTF-16LE with CRLF; colours from a terminal
    text = "noise\r\n\x1b[1;31m" + CC_LINE + "\x1b[0m\r\n"
    assert CC_ID in _stream_ids(text.encode("utf-16"))
    assert CC_ID in _stream_ids(text.encode("utf-16-le"))
    assert CC_ID in _both(text)


def _evidence(text: str, chunk: int = 1 << 20) -> dict[str, list[int]]:
    res = explain_stream(io.BytesIO(text.encode()), chunk_bytes=chunk)
    return {f.id: [e.line for e in f.evidence] for f in res.findings}


# TensorFlow's device listing in a Python session (tf.config.list_physical_devices, 2.1+):
# an empty list on the line after the call is what tells "TensorFlow sees no GPU".
REPL_NO_GPU = ['>>> import tensorflow as tf', '>>> tf.config.list_physical_devices("GPU")',
               "[]"]


@pytest.mark.parametrize("chunk", [1 << 20, 7, 2])
def test_lone_carriage_return_line_endings_are_lines(chunk: int) -> None:
    # Classic Mac OS text, or CRLF text that lost its line feeds: each "\r" ends a line, as
    # Python's universal newlines read it, so a check that reads the line after another
    # (the empty device list after the call) reads it, and the line numbers are the LF ones.
    log = ["noise", CC_LINE, *REPL_NO_GPU, LIB_LINE]
    lf, cr = "\n".join(log) + "\n", "\r".join(log) + "\r"
    want = _evidence(lf)
    assert "tensorflow-sees-no-gpu" in want and CC_ID in want
    assert _evidence(cr, chunk) == want
    assert _ids([cr]) == _ids(log) == set(want)


def test_a_long_carriage_return_text_reads_its_later_crlf_and_lf_endings_as_one_each() -> None:
    # The head decides (no newline in its first MiB); later CRLF or LF endings end one line
    # each, also when a chunk ends between the "\r" and the "\n".
    log = ["noise", CC_LINE, *REPL_NO_GPU, LIB_LINE]
    filler = "Epoch 1/5 step\r" * 100_000
    want = {k: [n + 100_000 for n in v] for k, v in _evidence("\n".join(log) + "\n").items()}
    for text in (filler + "\r\n".join(log) + "\r\n", filler + "\n".join(log) + "\r"):
        for chunk in (1 << 20, 4099, 4096):
            assert _evidence(text, chunk) == want
    # a chunk that ends between the "\r" and the "\n" of a CRLF: one line ending, not two
    head = b"a\r" * (CR_SNIFF_BYTES // 2)
    out = b"".join(_cr_lines(iter([head, b"b\r", b"\nc\r", b"\r\n", b"\r"])))
    assert out == b"a\n" * (CR_SNIFF_BYTES // 2) + b"b\nc\n\n\n"
    assert b"".join(_cr_lines(iter([b"a\r\nb\rc"]))) == b"a\r\nb\rc"  # a newline: as is


def test_a_progress_bar_line_keeps_its_pieces_on_one_line() -> None:
    # In a text with newlines, "\r" splits a line into pieces that keep its number (Keras'
    # Progbar rewrites its bar with "\r"); lines in memory given one by one are lines.
    bar = "\r".join(f"{i}/5 [==>...] - ETA: 1s - loss: 0.5" for i in range(1, 6))
    log = "Epoch 1/5\n" + bar + "\r" + LIB_LINE + "\nafter\n"
    assert _evidence(log)[LIB_ID] == [2]
    assert _evidence(log.replace("\n", "\r\n"))[LIB_ID] == [2]
    facts = read_lines(["Epoch 1/5", bar + "\r" + LIB_LINE, "after"])
    assert {h.line for h in facts.get("lib.missing").first} == {2}


# ------------------------------------------------------------------ bounds and speed


def test_pieces_are_bounded_and_linear() -> None:
    many = b"x#012" * 100_000 + b"Illegal instruction"
    start = time.perf_counter()
    pieces = pieces_of(many)
    assert len(pieces) <= 2 * MAX_PIECES + 2
    escaped = (json.dumps("\n".join([LIB_LINE] * 5000)) + "\n").encode()
    facts = read_stream(io.BytesIO(escaped))
    assert facts.get("lib.missing").count >= 1
    assert time.perf_counter() - start < 10


def test_many_pasted_lines_stay_fast() -> None:
    # every mangling at once on 20,000 lines: linear, a few seconds at most
    line = "> 2024-05-01T10:00:00Z " + LIB_LINE.replace("'", "&#39;").replace(" ", "\u00a0")
    data = ("\n".join([line, "Epoch 1/5 loss: 0.1 with Cuda c", "ompute"] * 7000)).encode()
    start = time.perf_counter()
    res = explain_stream(io.BytesIO(data))
    assert time.perf_counter() - start < 15
    assert LIB_ID in {f.id for f in res.findings}


# ------------------------------------------------------------------ the engine's keyword index


def test_the_needle_index_selects_exactly_the_patterns_of_the_plain_scan() -> None:
    from pathlib import Path

    from tfgpu.logs.patterns import PATTERNS
    from tfgpu.logs.reader import template_of

    fixtures = Path(__file__).resolve().parents[1] / "fixtures"
    lines = [CC_LINE, LIB_LINE, ILLEGAL, "", "x", "''", '""', "[]", "c:\\x", "a..b", "- x"]
    for path in sorted((fixtures / "recorded" / "tf-logs").glob("*.txt"))[:40]:
        lines += path.read_text(encoding="utf-8", errors="replace").splitlines()[:400]
    index = engine_mod.NeedleIndex(PATTERNS)
    checked = 0
    for line in dict.fromkeys(lines):
        t = template_of(line)
        plain = tuple(p for p in PATTERNS if any(n in t for n in p.needles))
        assert index.lookup(t) == plain, line
        checked += bool(plain)
    assert checked > 50  # the corpus does hold catalogue keywords


@pytest.mark.parametrize("line", [
    "> " * 200_000 + ILLEGAL,
    "  > >" * 100_000,
    "1 " * 300_000 + "| x",
    "13m 43s " * 100_000 + "| 1 | x",
    "[" + " " * 500_000 + "1.5] x",
    "Aug 26 14:08:07 " + "h" * 500_000 + " kernel: x",
    "\\" * 1_000_000,
    "\\n\\" * 300_000,
    "\\u00" * 300_000,
    "#0" * 500_000,
    "#012" * 250_000,
    "&#" * 500_000 + "&#x" * 100_000 + "&amp;" * 100_000,
    '"text": ["' * 100_000 + "\\n",
])
def test_the_paste_decoders_stay_linear_on_adversarial_lines(line: str) -> None:
    start = time.perf_counter()
    split_prefix(line)
    raw = line.encode()
    pieces_of(raw)
    normalize_paste(raw)
    read_lines([line, "Epoch 1 with Cuda c", "ompute"])
    assert time.perf_counter() - start < 3, ascii(line[:40])


# ------------------------------------------------------------------ the real cases, every form


def _paste_forms() -> Any:
    """``scripts/paste_forms.py`` (the metamorphic measure) as a module."""
    import importlib.util
    import sys
    from pathlib import Path

    if "paste_forms" in sys.modules:
        return sys.modules["paste_forms"]
    path = Path(__file__).resolve().parents[2] / "scripts" / "paste_forms.py"
    spec = importlib.util.spec_from_file_location("paste_forms", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["paste_forms"] = module
    spec.loader.exec_module(module)
    return module


#: Share of the sampled RIGHT cases whose grade, claim ids, verdict (the program died or
#: not) and exit code a form keeps, at least (measured 2026-12-02 on all 921 RIGHT cases:
#: every form 100%, but hard wraps: 80 columns 918/921, 120 columns 919/921; on the sample:
#: 80 columns 462/464, 120 columns 463/464; the residue is listed in docs/explain.md).  A
#: terminal's wrap, which cuts inside words and numbers too (2026-12-03, 963 RIGHT cases: 80
#: columns 937, 120 columns 945; on the sample: 473/484 and 477/484; before values cut at
#: a break were read whole, 912 and 937).  A form not named: 100%.
#: The hard-wrap floors allow the whole known residue (3 cases) to fall in the sample, whose
#: members shift as case folders are added (2026-12-03: 3 of 559 with holdout92-101).
#: Terminal 80 at 0.965 from session 23 (2026-12-04: 96.8% on the sample): its new sets
#: add op-library errors whose mangled C++ symbols run past 80 columns, and a terminal's cut
#: inside the symbol loses what tells the readings apart (holdout155's string_view and
#: retyped typeinfo lines, beside the older string_view cases 2813 and 6008).
# (terminal 80 at 0.96: the test measures every other case, and the sample shifts as sets are
# added; over all RIGHT cases it kept 96.5% on 7178c519 and 96.7% on session 25's last commit)
# (wrap 80 was 0.993 in session 31 for two TF 1.x logs whose fatal StatusOr line about CUPTI
# wraps away from its glog "F ...statusor.cc:34]" prefix, holdout240 24202 and holdout242
# 24401; back at 0.994 from session 32, which reads the prefix left alone on its line)
PASTE_FORM_FLOORS = {"wrap 80": 0.994, "wrap 120": 0.994, "terminal 80": 0.96,
                     "terminal 120": 0.98}
#: Every this-many-th RIGHT case (in path order) is measured, to keep the test short.
PASTE_FORM_SAMPLE = 2


@pytest.fixture(scope="module")
def right_cases() -> list[Any]:
    pf = _paste_forms()
    return pf.right_cases(pf.case_files()[::PASTE_FORM_SAMPLE])


@pytest.mark.parametrize("form", list(_paste_forms().TRANSFORMS))
def test_the_real_cases_keep_their_diagnosis_in_every_paste_form(
        form: str, right_cases: list[Any]) -> None:
    # A metamorphic test over the real reports: the same log pasted quoted, indented, with
    # other line endings or quotes, behind a collector's prefix, wrapped or HTML-escaped
    # gives the same grade and the same claims (scripts/paste_forms.py prints the table).
    assert len(right_cases) > 300
    [outcome] = _paste_forms().measure(right_cases, [form])
    floor = PASTE_FORM_FLOORS.get(form, 1.0)
    kept = outcome.kept / outcome.total
    changed = [f"{c}: {sorted(b[1])} -> {a[0]} {sorted(a[1])}" for c, b, a in outcome.changed]
    assert kept >= floor, f"{form}: {kept:.1%} kept < {floor:.0%}:\n" + "\n".join(changed)


#: A traceback's last line (Python's ``traceback.format_exception_only``: the module-qualified
#: type, then the message) and a whole traceback: the program died on them.
_DEATHS = [
    ["tensorflow.python.framework.errors_impl.InternalError: Failed copying input tensor"],
    ["Traceback (most recent call last):", '  File "train.py", line 3, in <module>',
     "    model.fit(x)", "ValueError: Shapes (None, 1) and (None, 10) are incompatible"],
]


def _verdict(text: str) -> tuple[bool, int]:
    """(the verdict's program_failed, tfgpu explain's exit code) of a log ``text``."""
    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_stream

    result = explain_stream(io.BytesIO(text.encode()))
    report = explain_report(result.findings, result.stats, "log", died=result.died,
                            failure=result.failure)
    return report.verdict.program_failed, 1 if report.failed else 0


@pytest.mark.parametrize("lines", _DEATHS)
@pytest.mark.parametrize("paste", ["> {}", ">> {}", "    {}", "\t{}", "app_1  | {}",
                                   "[pod/train-0/worker] {}", "2024-05-01T10:00:00Z {}",
                                   "Dec 01 12:00:00 host python3[1234]: {}", "0: {}",
                                   "[W 12:00:00.000 NotebookApp] {}", "`{}`", "**{}**"])
def test_the_programs_death_is_kept_in_every_paste_form(lines: list[str], paste: str) -> None:
    # the verdict (the program failed) and the exit code are the plain log's, whatever the
    # prefix, the indentation or the Markdown marks around each line
    plain = _verdict("\n".join(lines) + "\n")
    assert plain == (True, 1)
    assert _verdict("\n".join(paste.format(line) for line in lines) + "\n") == plain
