"""Hard-wrapped logs (a terminal's, a mail client's or a forum's wrap at 80-120 columns): a join
of wrapped lines never glues two complete messages (a line that starts a new record, "ERROR:",
a Python exception line, a prompt, is never a continuation), a break at a space is quoted with
its space, and checks that pair a message with the lines under it still find them when the
wrap spreads the message over more lines; where they cannot, the claim falls back to less,
never to a cause the wrapped log refutes.  Message wordings are the programs' own (pip's
resolver, executor.cc, the placer's op_kernel.cc); names and numbers are made up."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity
from tfgpu.logs import read_lines
from tfgpu.logs.reader import starts_record


def _hard_wrap(lines: list[str], width: int) -> list[str]:
    """``lines`` hard-wrapped at ``width`` columns by the metamorphic measure's own transform
    (``scripts/paste_forms.py`` ``hard_wrap``, loaded as the paste-form test loads it)."""
    from .test_paste_forms import _paste_forms

    wrapped: str = _paste_forms().hard_wrap(width)("\n".join(lines))
    return wrapped.split("\n")


def _ids(lines: list[str]) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines)}


def _log_texts(found: dict[str, Finding]) -> list[str]:
    return [e.text for f in found.values() for e in f.evidence if e.source == "log"]


# pip's resolver (src/pip/_internal/resolution/resolvelib/factory.py): "Ignored the following
# yanked versions: ..." and "Could not find a version that satisfies the requirement ...
# (from versions: ...)", each logged as its own "ERROR: " record.
_YANKED = [
    "ERROR: Ignored the following yanked versions: 1.2.1, 1.2.2",
    "ERROR: Could not find a version that satisfies the requirement examplepkg<1.3,>=1.2 "
    "(from versions: 1.1.0, 1.3.0)",
    "ERROR: No matching distribution found for examplepkg<1.3,>=1.2",
]


def test_a_log_level_word_starts_a_new_record() -> None:
    for line in ("ERROR: Could not find a version", "WARNING: Retrying (Retry(total=4))",
                 "ImportError: libcudart.so.11.0: cannot open shared object file",
                 "tensorflow.python.framework.errors_impl.InternalError: Failed",
                 "docker: Error response from daemon: could not select device driver",
                 "PS C:\\work> pip install tensorflow"):
        assert starts_record(line), line
    for line in ("object file: No such file or directory", "error: libfoo", "version 2.10"):
        assert not starts_record(line), line


def test_wrapped_pip_records_are_not_glued_into_one_message() -> None:
    # yanked releases within the range: not "no file for this Python" (the kind's own rows)
    assert "pip-requirement-range-not-offered" not in _ids(_YANKED)
    for width in (60, 80):
        found = _ids(_hard_wrap(_YANKED, width))
        assert "pip-requirement-range-not-offered" not in found, (width, found)
        for text in _log_texts(found):
            assert text.count("ERROR: ") <= 1, text


def test_a_command_line_is_not_glued_to_the_error_under_it() -> None:
    # docker's CLI names itself before the daemon's answer (cli/command/container/run.go)
    lines = ["docker run --gpus all example.io/samples/cuda-sample:vectoradd vectoradd -gpu "
             "-quiet",
             "docker: Error response from daemon: could not select device driver \"\" with "
             "capabilities: [[gpu]].",
             "ERRO[0000] error waiting for container: context canceled"]
    for width in (80, 100):
        found = _ids(_hard_wrap(lines, width))
        assert found, width
        for text in _log_texts(found):
            assert "-quietdocker" not in text and "-quiet docker" not in text, text


# executor.cc: LOG(ERROR) << "Executor failed to create kernel. " << status, then the node
# line; a node whose _device is a GPU is constant folding's CPU try (harmless).
def _executor_log(device: str) -> list[str]:
    return [
        "2019-02-03 04:05:06.123456: E tensorflow/core/common_runtime/executor.cc:624] Executor "
        "failed to create kernel. Invalid argument: Default MaxPoolingOp only supports NHWC on "
        "device type CPU",
        "\t [[Node: tower/pool2 = MaxPool[T=DT_FLOAT, data_format=\"NCHW\", ksize=[1, 1, 3, 3], "
        f"padding=\"VALID\", strides=[1, 1, 2, 2], _device=\"/job:localhost/replica:0/task:0/"
        f"{device}\"](tower/conv2/Relu)]]",
        "step 200, loss = 1.37",
    ]


def test_a_wrapped_executor_line_for_a_gpu_node_is_never_a_cpu_run() -> None:
    for device in ("device:GPU:0", "gpu:0"):
        lines = _executor_log(device)
        assert not [f.id for f in explain_lines(lines) if f.severity is Severity.ERROR]
        for width in (80, 100, 120):
            found = _ids(_hard_wrap(lines, width))
            assert "tensorflow-cpu-only-build" not in found, (device, width)
            nchw = found.get("nchw-op-on-cpu")
            assert nchw is None or nchw.harmless, (device, width, nchw)


def test_the_executor_words_split_by_a_wrap_are_read_on_the_hit() -> None:
    lines = _hard_wrap(_executor_log("device:GPU:0"), 100)
    hit = read_lines(lines).get("opk.nhwc_only_cpu").first[0]
    assert "Executor failed to create kernel." not in hit.text
    assert "Executor failed to create kernel." in hit.before + " " + hit.text


# op_kernel.cc's "No OpKernel was registered to support Op '...' used by {{node ...}} with
# these attrs: [...]" then "Registered devices: [...]" and "Registered kernels:".
_PLACER = [
    "  (0) Invalid argument:  No OpKernel was registered to support Op 'CudnnRNNV3' used by "
    "{{node model/gru_1/while/body/_1/CudnnRNNV3}} with these attrs: [T=DT_FLOAT, "
    "input_mode=\"linear_input\", direction=\"bidirectional\", rnn_mode=\"gru\", "
    "is_training=true, seed2=0, num_proj=0, time_major=false, dropout=0, seed=0]",
    "Registered devices: [CPU, GPU]",
    "Registered kernels:",
    "  <no registered kernels>",
    "",
    "\t [[model/gru_1/while/body/_1/CudnnRNNV3]]",
]


def test_a_wrapped_placer_error_still_reads_its_registered_devices() -> None:
    plain = _ids(_PLACER)
    assert "op-kernel-gpu-only-no-gpu-device" not in plain
    for width in (80, 100, 120):
        found = _ids(_hard_wrap(_PLACER, width))
        assert "op-kernel-gpu-only-no-gpu-device" not in found, (width, found)
        assert set(found) == set(plain), (width, found)


# TensorFlow's allocation failure (OP_REQUIRES ... "OOM when allocating tensor with shape[...]
# and type ... on ... by allocator ..."), wrapped inside its optional device part.
_OOM = ("Resource exhausted: OOM when allocating tensor with shape[2048,32000] and type float "
        "on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu")


def test_a_wrapped_allocation_line_still_names_its_device() -> None:
    for cut in ("and type", "float on", "by allocator"):
        at = _OOM.index(cut) + len(cut.split()[0])
        lines = [_OOM[:at], _OOM[at + 1:]]
        hit = read_lines(lines).get("mem.oom_tensor").first[0]
        assert hit.line == 1, cut
        assert (hit.g("dtype"), hit.g("alloc")) == ("float", "cpu"), cut
        assert "device:CPU:0" in (hit.g("device") or ""), cut


def test_a_line_whose_groups_are_filled_is_not_lengthened_by_the_next() -> None:
    lines = [_OOM, "\t [[Node: dense/MatMul = MatMul[T=DT_FLOAT]]]"]
    hit = read_lines(lines).get("mem.oom_tensor").first[0]
    assert hit.text == _OOM


# redzone_allocator.cc (TF 2.1-2.14): the ptxas status, then "Relying on driver to perform ptx
# compilation." in the same record: the driver JIT-compiles the PTX (a notice, not a missing
# ptxas).
_PTXAS = [
    "2022-05-06 07:08:09.101112: W tensorflow/stream_executor/gpu/redzone_allocator.cc:314] "
    "Internal: ptxas exited with non-zero error code 65280, output: ",
    "Relying on driver to perform ptx compilation. ",
    "Modify $PATH to customize ptxas location.",
    "This message will be only logged once.",
]


def test_a_wrapped_ptxas_status_is_still_paired_with_the_driver_fallback() -> None:
    plain = {k: (f.severity, f.title) for k, f in _ids(_PTXAS).items()}
    assert all(sev is not Severity.ERROR for sev, _ in plain.values()), plain
    for width in (60, 80, 100):
        found = {k: (f.severity, f.title) for k, f in _ids(_hard_wrap(_PTXAS, width)).items()}
        assert found == plain, width


# ------------------------------------------------- the program's death, wrapped

def _died(lines: list[str]) -> list[int]:
    """The lines on which the verdict says the program died."""
    from tfgpu.diagnosis.checks.unknown import death_hits

    return [h.line for h in death_hits(read_lines(lines))]


# Python's traceback printer ends with "<module>.<type>: <message>" (traceback.py
# _format_final_exc_line); TensorFlow's load_library.py raises NotFoundError with dlerror's text
_OP_LIBRARY = [
    "Traceback (most recent call last):",
    '  File "train.py", line 3, in <module>',
    "    lib_handle = py_tf.TF_LoadLibrary(library_filename)",
    "tensorflow.python.framework.errors_impl.NotFoundError: "
    "/opt/venv/lib/python3.8/site-packages/exampleop/libexample_tf.so: undefined symbol: "
    "_ZN10tensorflow8OpKernelD2Ev",
]


def test_a_wrapped_exception_line_is_still_the_death_and_no_continuation() -> None:
    assert _died(_OP_LIBRARY) == [4]
    # at 80 columns the colon ends the line ("...NotFoundError:" / the path)
    assert _hard_wrap(_OP_LIBRARY, 80)[3].endswith("NotFoundError:")
    for width in (60, 80, 120):
        lines = _hard_wrap(_OP_LIBRARY, width)
        at = next(i for i, t in enumerate(lines, 1) if "NotFoundError:" in t)
        assert _died(lines) == [at], (width, lines)
        # the code line above is another record: the exception is not joined onto it
        assert starts_record(lines[at - 1]), width


def test_an_exception_whose_message_begins_with_a_newline_is_a_death() -> None:
    # "raise ValueError('\\nshapes differ')" prints "ValueError: " then the message below
    assert _died(["Traceback (most recent call last):", '  File "a.py", line 1, in <module>',
                  "ValueError:", "shapes differ"]) == [3]


# glog's fatal CHECK (TF 1.x conv_ops.cc) and bash's line for SIGABRT
_FATAL = [
    "2018-01-02 03:04:05.678901: E tensorflow/stream_executor/cuda/cuda_dnn.cc:371] could not "
    "create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
    "2018-01-02 03:04:05.678950: F tensorflow/core/kernels/conv_ops.cc:672] Check failed: "
    "stream->parent()->GetConvolveAlgorithms( conv_parameters.ShouldIncludeWinogradNonfusedAlgo"
    "<T>(), &algorithms)",
]


def test_a_check_failure_split_by_a_wrap_is_still_the_death() -> None:
    assert _died(_FATAL) == [2]
    assert _hard_wrap(_FATAL, 80)[-3].endswith("] Check")  # "Check" / "failed: ..."
    for width in (80, 90):
        lines = _hard_wrap(_FATAL, width)
        at = next(i for i, t in enumerate(lines, 1) if "conv_ops.cc:672]" in t)
        assert _died(lines) == [at], width
        found = _ids(lines)
        # the finding that explains it quotes the lines the message stands on
        assert {e.line for e in found["dnn-handle-failed-gpu-memory"].evidence} >= {at}


def test_a_fatal_python_error_split_by_a_wrap_is_still_the_death() -> None:
    # CPython's Py_FatalError line (Python/pylifecycle.c "Fatal Python error: ")
    line = "Fatal Python error: Cannot recover from stack overflow."
    assert _died(["Epoch 1/10", line]) == [2]
    assert _died(["Epoch 1/10", "Fatal Python", "error: Cannot recover from stack overflow."]
                 ) == [2]


def test_an_inline_code_span_wrapped_over_lines_reads_as_its_lines() -> None:
    # a long line pasted in backticks, then hard-wrapped: the span opens on the first line
    # and closes on the last (CommonMark: a code span may hold line endings)
    lines = _hard_wrap(["`" + _OP_LIBRARY[-1] + "`"], 80)
    assert lines[0].startswith("`") and lines[-1].endswith("`"), lines
    assert _died(lines) == [1]
    # the message's own line matched alone: the exception line is read without its mark
    assert _died(["`tensorflow.python.framework.errors_impl.NotFoundError:",
                  "/opt/x/libexample_tf.so: undefined symbol: _ZN10tensorflow8OpKernelD2Ev`"]
                 ) == [1]


# ------------------------------------------------- evidence: the log's own lines

def test_a_joined_message_is_quoted_line_by_line_with_its_own_numbers() -> None:
    # bash's "Killed" on its own line under a progress bar: no words of one line are quoted
    # as another's
    found = _ids(["Epoch 1/10",
                  " 312/1563 [====>....] - ETA: 1:02 - loss: 0.61 - accuracy: 0.79",
                  "Killed"])
    ev = [(e.line, e.text) for f in found.values() for e in f.evidence if e.source == "log"]
    assert (3, "Killed") in ev
    assert not any(n == 2 and "Killed" in t for n, t in ev), ev
    lines = _hard_wrap([_DLERROR], 80)
    assert len(lines) > 1
    own = dict(enumerate(lines, 1))
    for f in _ids(lines).values():
        for e in f.evidence:
            if e.source == "log":
                assert e.line is not None and own[e.line].strip() == e.text, (f.id, e)


# dso_loader.cc: the loader's line with dlerror's text and the search path
_DLERROR = ("Could not load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open "
            "shared object file: No such file or directory; LD_LIBRARY_PATH: "
            "/usr/local/nvidia/lib:/usr/local/nvidia/lib64")


def test_a_reason_read_to_the_line_end_goes_on_over_the_wrapped_lines() -> None:
    [plain] = [h for h in read_lines([_DLERROR]).get("lib.missing").all() if h.g("err")]
    for width in (60, 80):
        lines = _hard_wrap([_DLERROR], width)
        assert len(lines) >= 3, lines
        [hit] = [h for h in read_lines(lines).get("lib.missing").all() if h.g("err")]
        assert hit.g("err") == plain.g("err"), width
        assert hit.span == range(1, len(lines) + 1), width
        # /usr/local/nvidia on the search path: a container started without the NVIDIA runtime
        assert "docker-run-without-gpus" in _ids(lines), width


# a library found whose own dependency is missing: one finding, not a second missing library
_DEPENDENCY = [
    "2021-06-17 20:18:13.799235: W tensorflow/stream_executor/platform/default/dso_loader.cc:64]"
    " Could not load dynamic library 'libnvinfer.so.7'; dlerror: libnvrtc.so.11.1: cannot open"
    " shared object file: No such file or directory; LD_LIBRARY_PATH: /usr/local/cuda/lib64",
]


def test_a_wrapped_dependency_failure_is_one_message() -> None:
    plain = set(_ids(_DEPENDENCY))
    assert not any(i.startswith("library-not-loaded-libnvrtc") for i in plain), plain
    for width in (60, 80, 120):
        assert set(_ids(_hard_wrap(_DEPENDENCY, width))) == plain, width


# colocation_graph.cc: the error, the node's attrs, "Registered devices" and the kernels (TF 1.x
# DepthToSpace: GPU kernels for any format, a CPU kernel for NHWC only)
_NO_GPU_DEVICE = [
    "Error: No OpKernel was registered to support Op 'DepthToSpace' used by node DepthToSpace "
    "(defined at /home/user/project/core/ops/__init__.py:336)  with these attrs: "
    "[data_format=\"NCHW\", block_size=2, T=DT_FLOAT]",
    "Registered devices: [CPU]",
    "Registered kernels:",
    "  device='GPU'; T in [DT_HALF]",
    "  device='GPU'; T in [DT_FLOAT]",
    "  device='CPU'; T in [DT_FLOAT]; data_format in [\"NHWC\"]",
]


def test_a_wrapped_placer_error_pairs_its_devices_and_attrs_by_what_lies_between() -> None:
    assert "op-kernel-gpu-only-no-gpu-device" in _ids(_NO_GPU_DEVICE)
    for width in (60, 80, 100):
        lines = _hard_wrap(_NO_GPU_DEVICE, width)
        assert lines.index("Registered devices: [CPU]") >= 3, (width, lines)
        assert "op-kernel-gpu-only-no-gpu-device" in _ids(lines), (width, lines)


def test_a_join_that_reads_more_of_the_next_lines_message_is_kept() -> None:
    # the next line alone is the bare status (cuda_driver.cc "failed call to cuCtxCreate:
    # CUDA_ERROR_OUT_OF_MEMORY"); the join also names the call that failed
    lines = ["Internal: failed initializing StreamExecutor for CUDA device ordinal 1: "
             "Internal: failed call to cuCtxCreate:", "CUDA_ERROR_OUT_OF_MEMORY;"]
    hits = read_lines(lines).get("mem.cuda_oom").all()
    assert any(h.line == 1 and h.g("ctx") == "cuCtxCreate" for h in hits), hits


# ------------------------------------------------- a wrap between sentences, long messages

def test_a_full_stop_at_a_wraps_width_may_go_on() -> None:
    from tfgpu.logs.reader import continues

    assert continues("x" * 79 + ".")  # a hard wrap's piece: the sentence may go on below
    assert not continues("Relying on driver to perform ptx compilation.")  # short: its own
    assert not continues("x" * 200 + ".")  # longer than any wrap: not cut there


@pytest.mark.parametrize(("lines", "width", "finding"), [
    # the CUDA runtime's start (TF's gpu_device.cc: "cudaGetDevice() failed. Status: ...")
    (["tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. "
      "Status: initialization error"], 80, "cuda-runtime-init-failed"),
    # keras utils/multi_gpu_utils.py
    (["ValueError: To call `multi_gpu_model` with `gpus=4`, we expect the following devices "
      "to be available: ['/cpu:0', '/gpu:0', '/gpu:1', '/gpu:2', '/gpu:3']. However this "
      "machine only has: ['/gpu:0', '/gpu:1', '/gpu:2', '/gpu:3']. Try reducing `gpus`."],
     80, "keras-multi-gpu-model-devices"),
    # gpu_device.cc (TF 1.x): a GPU below the build's minimum compute capability
    (["2018-06-18 21:54:33.740368: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406] "
      "Ignoring visible gpu device (device: 0, name: GeForce GT 750M, pci bus id: "
      "0000:01:00.0, compute capability: 3.0) with Cuda compute capability 3.0. The minimum "
      "required Cuda capability is 3.5."], 120, "gpu-compute-capability-too-low"),
    # the placer (colocation_graph.cc): a message of six lines at 80 columns
    (["tensorflow.python.framework.errors_impl.InvalidArgumentError: Cannot assign a device "
      "for operation model/conv_1/separable_conv2d/ReadVariableOp: Could not satisfy explicit "
      "device specification '' because the node {{colocation_node model/conv_1/separable_conv2d"
      "/ReadVariableOp}} was colocated with a group of nodes that required incompatible device "
      "'/job:localhost/replica:0/task:0/device:GPU:0'. All available devices "
      "[/job:localhost/replica:0/task:0/device:CPU:0, "
      "/job:localhost/replica:0/task:0/device:GPU:0]."], 80, "op-has-no-gpu-kernel"),
])
def test_a_message_wrapped_between_its_sentences_or_over_six_lines_is_read(
        lines: list[str], width: int, finding: str) -> None:
    assert finding in _ids(lines)
    wrapped = _hard_wrap(lines, width)
    assert any(t.endswith(".") for t in wrapped[:-1]) or len(wrapped) > 4, wrapped
    assert finding in _ids(wrapped), (width, wrapped)


# asm_compiler.cc's version check and redzone_allocator.cc's status (TF 2.11+ wordings), then
# the fallback line: the driver compiled the PTX (a warning, not a missing ptxas)
_PTXAS_TF2 = [
    "2023-04-11 14:56:14.664302: W tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:85]"
    " Couldn't get ptxas version string: INTERNAL: Couldn't invoke ptxas --version",
    "2023-04-11 14:56:14.665682: W tensorflow/compiler/xla/stream_executor/gpu/"
    "redzone_allocator.cc:318] INTERNAL: Failed to launch ptxas",
    "Relying on driver to perform ptx compilation. ",
    "Modify $PATH to customize ptxas location.",
    "This message will be only logged once.",
]


def test_a_wrapped_ptxas_version_check_and_status_stay_paired_with_the_fallback() -> None:
    plain = {k: (f.severity, f.title) for k, f in _ids(_PTXAS_TF2).items()}
    assert plain["ptxas-not-found"][0] is Severity.WARNING
    for width in (80, 100, 120):
        found = {k: (f.severity, f.title) for k, f in _ids(_hard_wrap(_PTXAS_TF2, width)).items()}
        assert found == plain, (width, found)


# TF 1.x: the allocation failure, then the nodes it names on lines of their own
_OOM_NODES = [
    "ResourceExhaustedError (see above for traceback): OOM when allocating tensor with "
    "shape[5760,4,4,2048]",
    "\t [[Node: conv/SpaceToBatchND = SpaceToBatchND[T=DT_FLOAT, Tblock_shape=DT_INT32, "
    "Tpaddings=DT_INT32, _device=\"/job:localhost/replica:0/task:0/device:GPU:0\"](relu, "
    "conv/SpaceToBatchND/block_shape, conv/SpaceToBatchND/paddings)]]",
    "\t [[Node: add/_1131 = _Recv[client_terminated=false, recv_device=\"/job:localhost/"
    "replica:0/task:0/device:CPU:0\", send_device=\"/job:localhost/replica:0/task:0/device:"
    "GPU:0\", send_device_incarnation=1, tensor_name=\"edge_5776_add\", tensor_type=DT_FLOAT, "
    "_device=\"/job:localhost/replica:0/task:0/device:CPU:0\"]()]]",
]


def test_a_node_line_is_its_own_record_and_names_the_failing_ops_device() -> None:
    assert starts_record("\t [[Node: x = Const[dtype=DT_FLOAT]()]]")
    assert starts_record("\t [[{{node x}}]]")
    assert "gpu-out-of-memory-tensor" in _ids(_OOM_NODES)
    for width in (80, 120):
        found = _ids(_hard_wrap(_OOM_NODES, width))
        assert "gpu-out-of-memory-tensor" in found, width
        assert "host-out-of-memory-tensor" not in found, width


def test_an_allocation_line_wrapped_over_three_lines_still_names_its_device() -> None:
    lines = _hard_wrap([_OOM], 50)
    assert len(lines) >= 3, lines
    hit = read_lines(lines).get("mem.oom_tensor").first[0]
    assert (hit.g("dtype"), hit.g("alloc")) == ("float", "cpu"), lines
    assert "host-out-of-memory-tensor" in _ids(lines)


def test_a_message_joined_on_from_an_earlier_line_is_recorded_at_its_own_line() -> None:
    # setuptools' easy_install (package_index.py, easy_install.py): four records, the last
    # wrapped; lines that go on were joined for another pattern's sake, the message begins
    # on line 4
    lines = ["Searching for tensorflow-gpu==1.4.0",
             "Reading https://pip.example.org/simple/tensorflow-gpu/",
             "No local packages or working download links found for tensorflow-gpu==1.4.0",
             "error: Could not find suitable distribution for",
             "Requirement.parse('tensorflow-gpu==1.4.0')"]
    [hit] = read_lines(lines).get("pip.setuptools_tf_req").all()
    assert (hit.line, hit.span) == (4, range(4, 6))
    assert hit.text.startswith("error: Could not find")
    assert "tensorflow-no-matching-distribution" in _ids(lines)


# cuDNN autotuning (XLA's / TensorFlow's conv algorithm picker: "Profiling failure on CUDNN
# engine <id>: RESOURCE_EXHAUSTED: Allocating <n> bytes exceeds the memory limit of <n>
# bytes."), then "No algorithm worked!"
_AUTOTUNE = [
    "2023-05-05 05:05:05.500000: W tensorflow/compiler/xla/stream_executor/gpu/"
    "redzone_allocator.cc:321] Profiling failure on CUDNN engine 1#TC: RESOURCE_EXHAUSTED: "
    "Allocating 4718624784 bytes exceeds the memory limit of 4294967296 bytes.",
    "tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked!",
]


def test_a_wrapped_autotune_failure_keeps_its_sizes_and_tensor_core_engine() -> None:
    plain = _ids(_AUTOTUNE)["cudnn-no-algorithm-workspace"]
    assert "4.39 GiB" in plain.cause and "4.00 GiB" in plain.cause and "#TC" in plain.cause
    for width in (60, 80, 100, 120):
        lines = _hard_wrap(_AUTOTUNE, width)
        found = _ids(lines)
        assert "dnn-handle-failed-gpu-memory" not in found, width
        got = found["cudnn-no-algorithm-workspace"]
        assert (got.title, got.cause) == (plain.title, plain.cause), (width, lines)


def test_a_message_begun_two_lines_above_its_keyword_is_read() -> None:
    # TF 1.x placer.cc: "Cannot assign a device to node '<node>': Could not satisfy explicit
    # device specification '<dev>' because no supported kernel for GPU devices is available"
    # (the device on a line of its own, as TF 1.x printed it), wrapped at 80 columns: the
    # keyword stands three lines below the message's start
    lines = ["tensorflow.python.framework.errors.InvalidArgumentError: Cannot assign a device "
             "to node 'summaries/HistogramSummary_3/tag': Could not satisfy explicit device "
             "specification",
             " '/device:GPU:1' because no supported kernel for GPU devices is available"]
    assert "op-has-no-gpu-kernel" in _ids(lines)
    wrapped = _hard_wrap(lines, 80)
    assert len(wrapped) >= 4, wrapped
    found = _ids(wrapped)
    assert "op-has-no-gpu-kernel" in found, wrapped
    own = dict(enumerate(wrapped, 1))
    for e in found["op-has-no-gpu-kernel"].evidence:
        assert e.line is not None and own[e.line].strip() == e.text, e


def _dso_line(lib: str, tail: str) -> str:
    # dso_loader.cc's warning (TF 2.1-2.3 wording); the same message for three libraries
    return ("2020-04-18 20:16:18.249050: W tensorflow/stream_executor/platform/default/"
            f"dso_loader.cc:55] Could not load dynamic library '{lib}'; dlerror: {lib}: {tail}")


def test_one_message_wrapped_at_the_same_space_each_time_is_still_read_with_its_space() -> None:
    # the first lines of one message printed three times have one length, which the engine
    # learns as a terminal's wrap width; the third break (at "dynamic" / "library") is still
    # a wrap at a space, so it is read with the space when the whole token is no message
    full = "cannot open shared object file: No such file or directory"
    lines = [_dso_line("libnvinfer.so.6", full), _dso_line("libnvinfer_plugin.so.6", full),
             _dso_line("libcuda.so.1", "cannot open shared object")]
    assert "library-not-loaded-libcuda-so-1" in _ids(lines)
    wrapped = _hard_wrap(lines, 120)
    assert len(wrapped) > len(lines)
    assert "library-not-loaded-libcuda-so-1" in _ids(wrapped)
