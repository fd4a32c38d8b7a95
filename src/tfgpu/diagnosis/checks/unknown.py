"""Errors no rule explains: say so and quote the most telling lines."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Mapping, Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.foreign_status import describe_for_log
from tfgpu.diagnosis.checks.libraries import FOREIGN_LOADER, TF_LOADER
from tfgpu.diagnosis.checks.status_codes import status_code_hits
from tfgpu.diagnosis.checks.windows import tf_extension_module
from tfgpu.facts.line_prefix import split_prefix
from tfgpu.facts.log import Hit, LogFacts
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import ntstatus

#: A glog line's prefix, of the levels whose letters fill ``{}``.
_GLOG_LINE = (r"^\s*(?:[\d\-/]+ [\d:.]+:\s+)?[{}](?:\d{{4}} [\d:.]+\s+\d+)?\s+"
              r"[\w/.+-]+\.(?:cc|cpp|c|h):\d+\]")
#: A glog line of level E or F (``2021-01-06 17:27:26.458212: E tensorflow/...cc:397] ...``,
#: ``E0106 17:27:26.458212  123 cuda_driver.cc:397] ...``): the ``tell.glog`` pattern's
#: prefix, for lines another pattern matched first.
_GLOG_E = re.compile(_GLOG_LINE.format("EF"))
#: A glog line of level I, W or E: another log record, no part of a fatal message above it.
_GLOG_OTHER = re.compile(_GLOG_LINE.format("IWE"))


#: A line after which the program that printed it aborts, so that the shell's end report
#: ("Aborted (core dumped)") below it is that message's: a glog/absl line of level F
#: (``LOG(FATAL)`` logs, then aborts: tsl/platform/default/logging.cc ``LogMessageFatal``;
#: "F0106 17:27:26.458212 123 file.cc:12] ..." too), libstdc++'s verbose terminate handler
#: ("terminate called after throwing an instance of 'T'", then "  what():  <message>", then
#: ``abort()``: libstdc++-v3/libsupc++/vterminate.cc) and rocBLAS's own "rocBLAS error: ..."
#: (library/src/tensile_host.cpp prints it, then ``rocblas_abort()``).
_FATAL_MESSAGE = re.compile(
    _GLOG_LINE.format("F")
    + r"|^\s*terminate called (?:after throwing an instance of|without an active exception)"
    r"|^\s*what\(\):\s|^\s*rocBLAS error:")
#: A death line that is a message of its own (a failed CHECK, the fault handler's "Fatal
#: Python error") or a kill (SIGKILL: no abort's report), not the end report of a message
#: above it.
_OWN_DEATH = re.compile(r"Check failed|RET_CHECK failure|Fatal Python error|\bKilled\b"
                        r"|\bkilled\b|[Oo]ut of memory|\bOOM\b")
#: Lines between a fatal message and the end report that still belong to it (rocBLAS 5.7+
#: lists the files of its library folder, one a line, between its message and the abort).
_ABORT_GAP = 200

#: A Python traceback's first line, and its last: the exception line (``tell.exception``;
#: the colon may end the line: a message that begins with a newline, or a hard wrap).
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)")
# and KeyboardInterrupt (Ctrl-C), when a finding quotes it (checks/stops.py)
_EXCEPTION = re.compile(r"^\s*(?:[\w.]+\.)?(?:[A-Z]\w*(?:Error|Exception|Exit|Interrupt)"
                        r"|StopAsyncIteration|StopIteration)(?::\s|:?$)"
                        # a module's lowercase exception class: cv2.error, socket.error
                        r"|^\s*(?:[a-z_]\w{0,40}\.){1,4}error: \S")

#: An exception line as only Python's traceback printer writes it: the type's module before
#: its name (``traceback.format_exception_only``: ``f"{module}.{qualname}: {value}"`` for a
#: type outside builtins; ``str(e)`` and ``print(e)`` give the message alone), at the start
#: of the line: ``tensorflow.python.framework.errors_impl.InternalError: ...``,
#: ``jaxlib.xla_extension.XlaRuntimeError: ...``.  Without its ``Traceback (most recent call
#: last)`` header it is the end of a traceback pasted alone (Python prints the header and
#: the frames above it on every uncaught exception), so the program died on it.
#: A last exception line that is only the exception's name ("ValueError", "tensorflow.python.
#: framework.errors_impl.InternalError"): the exception has no message (Python prints the name
#: alone then) or its message was not pasted.
_BARE_EXCEPTION = re.compile(r"(?:[\w.]+\.)?(?:[A-Z]\w*(?:Error|Exception|Exit)"
                             r"|StopAsyncIteration|StopIteration):?")
_QUALIFIED_EXCEPTION = re.compile(r"^(?:[A-Za-z_]\w*\.)+[A-Z]\w*(?:Error|Exception)(?::\s|:?$)")

#: The exception line of a Ctrl-C: CPython's default SIGINT handler raises KeyboardInterrupt
#: (Modules/signalmodule.c ``default_int_handler``); IPython ends its traceback with
#: "KeyboardInterrupt: ".
_USER_STOP = re.compile(r"^\s*KeyboardInterrupt(?::|\s*$)")

#: The line CPython's default unraisable hook prints above the traceback of an exception it
#: cannot raise and so only reports (Python/errors.c ``PyErr_WriteUnraisable``,
#: ``write_unraisable_exc_file``: "Exception ignored in: <the object's repr>", or
#: "Exception ignored " + a message: "on calling ctypes callback function ...", "in audit
#: hook", "while finalizing ..."): an exception in ``__del__``, a weakref callback or a
#: finaliser at interpreter exit (TensorFlow's ``AtomicFunction.__del__`` at the end of a
#: script). The program goes on (or had already ended): that traceback is no death.
_IGNORED = re.compile(r"^\s*Exception ignored\b")
#: Lines between the unraisable hook's line and the ``Traceback`` header it prints next (1:
#: the next line; 2: a repr wrapped once by a terminal or a paste).
_IGNORED_GAP = 2

#: The variants of ``unrecognised-error`` that say the program died (a fatal line, or a
#: traceback ending in an exception no finding explains): the verdict then says "the
#: program failed, cause unknown" and ``explain`` exits 1 (:func:`died_unexplained`).
DIED_VARIANTS = ("crash", "exception", "exit")


def died_unexplained(findings: list[Finding] | tuple[Finding, ...]) -> bool:
    """True when ``findings`` hold the ``unrecognised-error`` finding of a program that died
    (one of :data:`DIED_VARIANTS`): the log shows the program failed and no finding names
    why. :func:`rule_unrecognised` makes it beside error-level findings only for an
    exception none of them explains (:func:`failure_lines`); a crash after an error keeps
    that error as its lead."""
    titles = {catalogue.make("unrecognised-error", variant="crash").title,
              catalogue.make("unrecognised-error", variant="exception").title,
              catalogue.make("unrecognised-error", variant="exit").title}
    return any(f.id == "unrecognised-error" and f.title in titles for f in findings)


def failure_lines(died: Sequence[Hit], bounds: Iterable[int] = (),
                  texts: Mapping[int, str] | None = None) -> frozenset[int]:
    """The line numbers that say why the program died: each line of ``died`` (from
    :func:`death_hits`, in log order) and, after a Python exception line, the lines of its
    message up to the next death line or the next of ``bounds`` (the ``Traceback (most
    recent call last)`` headers of the log: a new traceback, a Ctrl-C's among them), at most
    :data:`_CHAINED_GAP` lines. Python prints ``str(exception)`` after the type, so a
    multi-line message goes on below it: TensorFlow's op errors print "Graph execution
    error:", then the node and the op's own message ("DNN library is not found."), and
    Session's "2 root error(s) found." lists "(0) ..." below. A shell's end report
    ("Aborted (core dumped)") after a fatal message (:data:`_FATAL_MESSAGE`: a glog ``F``
    line, libstdc++'s terminate lines, rocBLAS's abort) is that message's: the message's
    lines from its first, and the lines it prints before the abort (rocBLAS's file listing,
    a Status's "while setting up ..." line), are failure lines too, but not another log
    record among them (a glog line of another level, a traceback header). A finding that
    quotes one of these lines explains the death, a hedge too; one that quotes only other
    lines of the log does not (a missing cuDNN does not raise a shape ValueError).
    :func:`log_failure_lines` gives the bounds and ``texts`` (line -> text of the log's hit
    lines) from the log."""
    marks = sorted(set(bounds))
    return frozenset(n for i in range(len(died))
                     for n in _death_span(died, i, marks, texts))


def _message(text: str) -> str:
    """``text`` without a collector's or a paste's prefix and indentation
    (:func:`tfgpu.facts.line_prefix.split_prefix`): the anchored patterns of this module (an
    exception line, a glog ``E`` line) read a quoted, indented or prefixed line as the line
    itself, so that the program's death is the same however the log was pasted."""
    return split_prefix(text)[1]


def log_failure_lines(log: LogFacts, died: Sequence[Hit] | None = None) -> frozenset[int]:
    """:func:`failure_lines` of ``log``'s deaths (``died`` when the caller has
    :func:`death_hits` of ``log`` already), bounded by its traceback headers."""
    return failure_lines(death_hits(log) if died is None else died, _traceback_headers(log),
                         _hit_texts(log))


#: The last log read by :func:`_lines_of` and what it read there: an explain reads one log's
#: hit lines five times (deaths, failure lines, ignored tracebacks, explained deaths), so
#: they are gathered once per log (one entry: the log object itself, compared by identity).
_LAST_READ: list[tuple[LogFacts, dict[int, str], list[int]]] = []


def _lines_of(log: LogFacts) -> tuple[dict[int, str], list[int]]:
    """``(texts, headers)`` of ``log``: line -> text of every line some pattern took (the
    lines a finding can quote; a line two patterns took keeps the later one's text), and the
    sorted lines that start a Python traceback (:data:`_TRACEBACK`: also IPython's ``<Name>
    Traceback (most recent call last)``), whatever pattern took them. Read once per log."""
    if _LAST_READ and _LAST_READ[0][0] is log:
        return _LAST_READ[0][1], _LAST_READ[0][2]
    texts = {h.line: h.text for of in log.hits.values() for h in of.all() if h.line is not None}
    headers = sorted(n for n, t in texts.items() if _TRACEBACK.search(t))
    _LAST_READ[:] = [(log, texts, headers)]
    return texts, headers


def _hit_texts(log: LogFacts) -> dict[int, str]:
    """Line -> text of every line of ``log`` some pattern took (:func:`_lines_of`)."""
    return _lines_of(log)[0]


def _traceback_headers(log: LogFacts) -> list[int]:
    """The lines of ``log`` that start a Python traceback (:func:`_lines_of`)."""
    return _lines_of(log)[1]


def _death_span(died: Sequence[Hit], i: int, marks: Sequence[int] = (),
                texts: Mapping[int, str] | None = None) -> Iterable[int]:
    """The lines that say why ``died[i]`` happened: its own line and, for a Python exception
    line, its message's lines below it, before the next death line and the next of
    ``marks`` (sorted traceback headers), at most :data:`_CHAINED_GAP` lines; for a shell's
    end report, the fatal message above it (:func:`_aborted_by`) (:func:`failure_lines`)."""
    h = died[i]
    if not _EXCEPTION.match(_message(h.text)):
        return {h.line, *_aborted_by(died, i, marks, texts or {})}
    stop = h.line + _CHAINED_GAP + 1
    if i + 1 < len(died):
        stop = min(stop, died[i + 1].line)
    stop = min(stop, next((m for m in marks if m > h.line), stop))
    return range(h.line, stop)


def _aborted_by(died: Sequence[Hit], i: int, marks: Sequence[int],
                texts: Mapping[int, str]) -> set[int]:
    """The lines of the fatal message (:data:`_FATAL_MESSAGE`) whose abort ``died[i]``
    reports ("Aborted (core dumped)", a death line that is no message of its own:
    :data:`_OWN_DEATH`, no exception): from the first fatal message after the death before
    it (and after the last traceback header), at most :data:`_ABORT_GAP` lines above, down
    to the report, the lines of ``texts`` (the log's hit lines) between them except another
    log record (a glog line of level I/W/E: :data:`_GLOG_E` without ``F``; a header).
    Empty when no fatal message stands above it."""
    h = died[i]
    if _OWN_DEATH.search(h.text):
        return set()
    lo = max([died[i - 1].line if i else 0, h.line - _ABORT_GAP - 1,
              *(m for m in marks if m < h.line)])
    start = min((n for n, t in texts.items()
                 if lo < n < h.line and _FATAL_MESSAGE.search(_message(t))), default=None)
    if start is None:
        return set()
    return {n for n, t in texts.items() if start <= n < h.line
            and not (_GLOG_OTHER.match(_message(t)) or _TRACEBACK.search(t))}


def _notice(f: Finding) -> bool:
    """Whether ``f`` is a harmless notice (it names a line that needs no action)."""
    return f.harmless or f.category == "notice"


def explains_failure(f: Finding, lines: frozenset[int]) -> bool:
    """Whether ``f`` quotes a line of ``lines`` (:func:`failure_lines`) other than a
    ``Traceback (most recent call last)`` header: a header starts the next traceback (a
    Ctrl-C after the failure), it is no part of the message above it.  A harmless notice
    explains no failure, whatever line it quotes (a generator's finalize line or the MLIR
    notice printed right under the exception that ended the program)."""
    if _notice(f):
        return False
    return any(e.line in lines and not _TRACEBACK.search(e.text) for e in f.evidence)


# --- did the program die? ------------------------------------------------------------
#: Linux signal numbers (include/uapi/asm-generic/signal.h, the names glibc's
#: sysdeps/generic/siglist.h prints) of the signals a container's "exited with code 128+N"
#: names, and what each most often means here.
SIGNAL_EXITS = {
    132: ("SIGILL", "an illegal CPU instruction (a build for CPU features this CPU lacks)"),
    134: ("SIGABRT", "an abort (a failed check or assertion in native code)"),
    135: ("SIGBUS", "a bus error (often a full /dev/shm in a container)"),
    136: ("SIGFPE", "an arithmetic fault in native code"),
    137: ("SIGKILL", "a kill: often the OOM killer when host memory ran out, or a memory limit"),
    139: ("SIGSEGV", "a segmentation fault in native code"),
}
#: Exit codes of a stop, not a failure: 128 + SIGINT (Ctrl-C), 128 + SIGTERM (docker stop).
_STOPPED = frozenset({0, 130, 143})
#: Patterns whose every line says the process died (a crash, a kill, a dead notebook kernel,
#: Slurm's OOM-kill report and its CANCELLED line,
#: a Windows process's NTSTATUS crash code however printed: an IDE's "exit code -1073741819",
#: VS Code's "code=3221225477").
_DEATH_PATTERNS = ("tell.fatal", "tools.killed", "tools.kernel_died", "tools.kernel_restart",
                   "tools.oom_kernel", "tools.colab_ram", "tools.colab_crash", "cpu.illegal",
                   "cpu.guard_abort", "win.crash_status", "win.status", "tools.slurm_oom",
                   "tools.slurm_cancel",
                   # Python's SyntaxError (the code never ran; no "Traceback" header when the
                   # script's own file fails to compile) and YARN killing a container
                   "py.syntax_error", "tools.yarn_limit")


#: Windows exit codes of a stop, not a failure: 0xC000013A STATUS_CONTROL_C_EXIT (signed
#: and unsigned; IntelliJ prints "(0xC000013A: interrupted by Ctrl+C)", ntstatus.h), and -1,
#: the code a process ended from outside gets (``TerminateProcess(h, -1)``, as git's
#: mingw_kill sends SIGTERM; an IDE's Stop button on Windows): not proof of a failure.
_WINDOWS_STOPPED = frozenset({ntstatus.CONTROL_C_EXIT.signed, ntstatus.CONTROL_C_EXIT.code, -1})


def error_page_deaths(ctx: Facts) -> list[Hit]:
    """Spyder's error page headings (``tools.kernel_error_page``, "An error ocurred while
    starting the kernel") that report a kernel that died while running: Spyder shows the
    heading above the text of the kernel's stderr, both when the kernel failed to start and
    (3.x-5.x, when jupyter_client restarted a dead kernel) when it died after running code;
    a TensorFlow line after the heading shows the code ran, so the kernel had started."""
    tf_lines = [h.line for h in ctx.h("ctx.tensorflow").all()]
    return [h for h in ctx.h("tools.kernel_error_page").all()
            if any(n > h.line for n in tf_lines)]


def container_exits(ctx: Facts) -> list[Hit]:
    """Docker Compose's "<container> exited with code N" lines of a failure (N not 0, 130
    or 143: a clean exit, Ctrl-C, ``docker stop``'s SIGTERM), and the same codes in an IDE's
    "Process finished with exit code N" (:func:`ide_exits`), kubectl exec's "command
    terminated with exit code N" and a GitHub Actions step's "Process completed with exit
    code N." (``tools.exec_exit``; a Windows runner's stop codes excepted as the IDE's)."""
    return ([h for h in ctx.h("tools.container_exit").all()
             if int(h.g("code") or 0) not in _STOPPED] + ide_exits(ctx)
            + [h for h in ctx.h("tools.exec_exit").all()
               if int(h.g("code") or 0) not in _STOPPED | _WINDOWS_STOPPED])


def windows_faults(log: LogFacts) -> list[Hit]:
    """CPython fault handler's "Windows fatal exception: ..." lines (``win.fatal_exception``)
    of a fault that ended the program: a named exception (an access violation, a stack
    overflow, a division by zero: hardware faults) or a code of NTSTATUS severity error
    (0xC0000000 and up, :data:`ntstatus.ERROR_MIN`), and no Keras epoch after it (the
    handler prints before the next handler runs, so a fault some code caught and handled
    prints the same line: a program that trained on did not die of it). A code below
    0xC0000000 (an RPC or COM status such as 0x800706BE) is no crash."""
    ctx = Facts(None, log)
    went_on = last_progress(log)
    out = []
    for h in ctx.h("win.fatal_exception").all():
        code = h.g("code") or ""
        value = int(code, 16) if code.lower().startswith("0x") else int(code or 0)
        if (h.g("exc") or value >= ntstatus.ERROR_MIN) and (h.line or 0) > went_on:
            out.append(h)
    return out


def ide_exits(ctx: Facts) -> list[Hit]:
    """PyCharm / IntelliJ's "Process finished with exit code N" lines of a failure
    (``tools.ide_exit``): N not 0, 130 or 143 (a clean exit, Ctrl-C, SIGTERM) nor a
    Windows stop (:data:`_WINDOWS_STOPPED`): an error exit (1), 128 + a signal on Linux
    and macOS (139 SIGSEGV, 134 SIGABRT), an NTSTATUS error on Windows (-1073741819 =
    0xC0000005)."""
    return [h for h in ctx.h("tools.ide_exit").all()
            if h.g("ctrlc") is None
            and int(h.g("code") or 0) not in _STOPPED | _WINDOWS_STOPPED]


def exit_code_meaning(code: int) -> str:
    """What an exit code says: ``128 + N`` is signal N (:data:`SIGNAL_EXITS`), else the
    program's own error exit."""
    if code in SIGNAL_EXITS:
        name, what = SIGNAL_EXITS[code]
        return f"exit code {code} = 128 + {code - 128}, {name}: most likely {what}"
    if code < 0 or code >= ntstatus.ERROR_MIN:
        # a Windows NTSTATUS error code, printed signed (-1073741819) or unsigned
        return (f"exit code {code} = 0x{code & 0xFFFFFFFF:08X}, a Windows NTSTATUS error "
                "code: Windows ended the process (a crash in native code, or a start that "
                "failed)")
    if code > 128:
        return f"exit code {code} = 128 + {code - 128}: ended by signal {code - 128}"
    return f"exit code {code}: the program exited with an error"


#: Lines between an uncaught exception line and the next exception line its message
#: quotes (Ray prints the actor's traceback frames in between).
_CHAINED_GAP = 40


def death_hits(log: LogFacts) -> list[Hit]:
    """The lines showing the program died, in log order: a fatal line (a failed check, an
    abort, a segfault), a kill (``Killed``, the OOM killer, Colab's RAM notice), a dead or
    restarted notebook kernel, a container's failing exit code, or the exception line of a
    Python traceback (uncaught: Python printed it and stopped; also the module-qualified
    exception line of a traceback pasted without its header), but not a KeyboardInterrupt
    (a Ctrl-C is the user's stop, like SIGTERM's "Terminated"). ``[]`` when the log shows
    no death. This is what ``Verdict.program_failed`` means (explain)."""
    ctx = Facts(None, log)
    hits = [h for name in _DEATH_PATTERNS for h in ctx.h(name).all()]
    hits += container_exits(ctx) + windows_faults(log) + error_page_deaths(ctx)
    # the exception line may have fed another pattern than tell.exception (a
    # line feeds one pattern: "ResourceExhaustedError: OOM when allocating ..." is the
    # memory pattern's): every kept hit's text can end a traceback
    texts = _hit_texts(log)
    blocks = _traceback_blocks(ctx, texts)
    # a traceback the unraisable hook printed ("Exception ignored in: ...") ended nothing
    ignored = ignored_tracebacks(log)
    ends = {end for start, end in blocks if start not in ignored}
    # ... and an exception whose message quotes another one (Ray's RayActorError followed by
    # the actor's "RuntimeError: ..."): the exception lines that follow it, each within
    # _CHAINED_GAP lines of the one before and before the next traceback, are its message
    starts = sorted(s for s, _ in blocks)
    excs = sorted(n for n, t in texts.items() if _EXCEPTION.match(_message(t)))
    for start, end in blocks:
        if start in ignored:
            continue
        stop = next((s for s in starts if s > end), None)
        last = end
        for n in excs:
            if n <= last:
                continue
            if n - last > _CHAINED_GAP or (stop is not None and n > stop):
                break
            ends.add(n)
            last = n
    # ... and the last line of a traceback pasted without the rest: the module-qualified
    # exception name is Python's traceback spelling (:data:`_QUALIFIED_EXCEPTION`)
    inside = [range(s, e + 1) for s, e in blocks]
    ends.update(n for n, t in texts.items()
                if _QUALIFIED_EXCEPTION.match(_message(t)) and not any(n in r for r in inside))
    # ... but not Ctrl-C's: a KeyboardInterrupt is the user's stop (checks/stops.py), as the
    # shell's "Terminated" of a SIGTERM is, never a failure; nor an exception the program
    # went on after (caught and printed: Keras began another epoch below it)
    went_on = last_progress(log)
    ends = {n for n in ends if not _USER_STOP.match(_message(texts.get(n, ""))) and n > went_on}
    hits += [h for of in log.hits.values() for h in of.all() if h.line in ends]
    first: dict[int | None, Hit] = {}
    # (pytest's "E   <exception>" lines report a failed test; pytest itself goes on to the
    # next test: no death of the program that printed them)
    hits = [h for h in hits if "pyt" not in split_prefix(h.text)[0].split("+")]
    for h in hits:
        first.setdefault(h.line, h)
    return sorted(first.values(), key=lambda h: h.line)


def ignored_tracebacks(log: LogFacts) -> dict[int, int]:
    """The ``Traceback (most recent call last)`` headers of ``log`` that Python's unraisable
    hook printed (:data:`_IGNORED`: its "Exception ignored ..." line at most
    :data:`_IGNORED_GAP` lines above), each mapped to that line: the exception they end was
    reported and ignored, it did not end the program."""
    texts = _hit_texts(log)
    notices = sorted(n for n, t in texts.items() if _IGNORED.match(_message(t)))
    out: dict[int, int] = {}
    for header in _traceback_headers(log):
        above = [n for n in notices if 0 < header - n <= _IGNORED_GAP]
        if above:
            out[header] = above[-1]
    return out


def last_progress(log: LogFacts) -> int:
    """The line of ``log``'s last Keras epoch line (``ctx.keras_epoch``: "Epoch 3/10", which
    Keras prints as each epoch of ``fit`` begins), 0 when none: a Python exception above
    it did not end the program (it was caught and printed, by ``logging.exception`` or
    ``traceback.print_exc``, and training went on)."""
    last = log.hits["ctx.keras_epoch"].last if "ctx.keras_epoch" in log.hits else None
    return last.line if last is not None and last.line is not None else 0


def _traceback_blocks(ctx: Facts, texts: dict[int, str]) -> list[tuple[int, int]]:
    """``(first, last)`` line numbers of each Python traceback: its ``Traceback (most recent
    call last)`` line and the next exception line (``texts``: line -> text of the lines
    the findings quote, as another pattern than ``tell.exception`` may take that line)."""
    # a header another pattern took is one too (IPython's "ResourceExhaustedError
    # Traceback (most recent call last)" is the memory pattern's)
    starts = _traceback_headers(ctx.log)
    ends = sorted({h.line for h in ctx.h("tell.exception").all()}
                  | {n for n, t in texts.items() if _EXCEPTION.match(_message(t))})
    blocks = []
    for s in starts:
        end = next((e for e in ends if e > s), None)
        if end is not None:
            blocks.append((s, end))
    return blocks


#: The cause of the ``exception`` variant: the program stopped on an exception no finding
#: explains.
_EXCEPTION_CAUSE = ("The program stopped on an exception tfgpu does not recognise, so it makes no "
                    "guess.")

#: Words that tie an exception's text to the GPU stack (then the host check leads).
_GPU_WORDS = re.compile(r"(?i)cuda|cudnn|cublas|cufft|cusolver|curand|nccl|\bgpu|nvidia|ptx"
                        r"|\bxla\b|\brocm|\bhip\b|dnn library|libdevice|\.so\b|\.dll\b")
#: The first thing to run for an unrecognised Python exception whose text says nothing of the
#: GPU stack: the same run on the CPU tells a model or data fault (the same exception there)
#: from a GPU one (only on the GPU).
_CPU_RERUN = ("{env} python <your script>   # the same run on the CPU: the same exception "
              "there means the code or the data, not the GPU setup; only on the GPU: tfgpu "
              "doctor")


def failure_without_gpu_words(log: LogFacts) -> str | None:
    """How ``log``'s program failed when that failure names nothing of the GPU stack
    (:data:`_GPU_WORDS`): its last death line (:func:`death_hits`) when that is a Python
    exception line without those words, or ``"a Python traceback cut before its exception
    line"`` when a traceback starts after every death line and no death ends it; ``None``
    when the log shows no such failure (no traceback and no death, a death line naming the
    GPU stack, a native crash or a kill, which may come from anything), or when the lines
    around it tie it to the GPU after all (the failing code lists or configures the GPUs, the
    message's body below names a device or the GPU stack: :func:`_ties_to_gpu`)."""
    died = death_hits(log)
    headers = _traceback_headers(log)
    texts = _hit_texts(log)
    if headers and (not died or died[-1].line is None or headers[-1] > died[-1].line):
        near = [t for n, t in texts.items() if n >= headers[-1]]
        return None if _ties_to_gpu(near) else "a Python traceback cut before its exception line"
    if not died or died[-1].line is None or not _EXCEPTION.match(_message(died[-1].text)):
        return None
    at = died[-1].line
    # the code lines above it (the failing call, within its traceback) and the message's body
    # below it (TF 2.11+'s "Graph execution error:" puts the op's own error there)
    start = max([at - _CODE_ABOVE, *(h for h in headers if h <= at)])
    near = [t for n, t in texts.items() if start <= n <= at + _BODY_BELOW]
    last = died[-1].text.strip()
    return None if _GPU_WORDS.search(last) or _ties_to_gpu(near) else last


#: How far above and below an exception line the code and the message body are read.
_CODE_ABOVE, _BODY_BELOW = 6, 15

#: Code and messages that tie a failure to the GPU's presence: listing or configuring the GPUs
#: (an empty list indexed, an assert on it), a device scope or name, a data layout only the GPU
#: kernels take (NCHW on the CPU).
_DEVICE_WORDS = re.compile(
    r"(?i)list_(?:physical|logical)_devices|set_memory_growth|[gs]et_visible_devices"
    r"|physical_devices|\bgpus?\s*\[|\btf\.device\b|/device:|is_gpu_available"
    r"|is_built_with_cuda|\bnchw\b|\bnhwc\b|device type cpu")


def _ties_to_gpu(texts: Iterable[str]) -> bool:
    """Whether any of ``texts`` names the GPU stack (:data:`_GPU_WORDS`) or the GPU's presence
    (:data:`_DEVICE_WORDS`)."""
    return any(_GPU_WORDS.search(t) or _DEVICE_WORDS.search(t) for t in texts)


#: An exception line of a failed import: it fails the same on the CPU.
_IMPORT_ERROR = re.compile(r"(?:[\w.]{1,80}\.)?(?:ImportError|ModuleNotFoundError)\b")


#: An exception that says it failed on the CPU ("... on the CPU", "device:CPU:0", "/cpu:0"):
#: hoangthang1607/nfnets-Tensorflow-2#1, where the fallback told the user to re-run on the CPU.
_ON_CPU = re.compile(r"\b[Oo]n (?:the )?CPU\b|device:CPU:\d|/cpu:\d")


def _host_fixes(last: str, windows: bool, cpu_only: bool = False) -> tuple[str, ...]:
    """The fix lines that lead for an unrecognised exception ``last``: the CPU re-run first
    (:data:`_CPU_RERUN`, in cmd's words on Windows) when its text names nothing of the GPU
    stack (:data:`_GPU_WORDS`), then the host check; when the run already had no GPU
    (``cpu_only``: TensorFlow's "Could not find cuda drivers"), no re-run: the exception is
    the code's or the data's."""
    host = "tfgpu doctor   # checks the host itself"
    if _GPU_WORDS.search(last) or _IMPORT_ERROR.match(_message(last)):
        # (an import that failed fails the same on the CPU: no re-run to tell them apart)
        return (host,)
    if _ON_CPU.search(last):
        # the exception itself says it failed on the CPU (a CPU kernel's refusal, an op placed
        # on CPU:0): a re-run on the CPU is the failing case again, it tells nothing
        return ("# the exception says it happened on the CPU: re-running on the CPU repeats it; "
                "what the CPU kernel supports, the code or the data is at fault (the "
                "traceback's last frames of your own code show where)", host)
    if cpu_only:
        return ("# this run already had no GPU (TensorFlow said 'Could not find cuda drivers'): "
                "the exception is the code's or the data's; the traceback's last frames of your "
                "own code show where", host)
    env = "set \"CUDA_VISIBLE_DEVICES=-1\" &&" if windows else "CUDA_VISIBLE_DEVICES=-1"
    if windows:  # cmd's words, then PowerShell's
        return (_CPU_RERUN.format(env=env),
                "$env:CUDA_VISIBLE_DEVICES=\"-1\"; python <your script>   # the same in "
                "PowerShell", host)
    return (_CPU_RERUN.format(env=env), host)


def _explained_deaths(ctx: Facts, found: list[Finding], died: Sequence[Hit]) -> set[int]:
    """The death lines ``died`` of ``ctx``'s log (:func:`death_hits`) whose failure a finding
    of ``found`` explains: it quotes the death line or a line of its exception message
    (:func:`failure_lines` of that death alone and the deaths after it)."""
    marks = _traceback_headers(ctx.log)
    texts = _hit_texts(ctx.log)
    return {h.line for i, h in enumerate(died)
            if any(explains_failure(f, frozenset(_death_span(died, i, marks, texts)))
                   for f in found)}


#: An exception of the two status codes that carry no cause of their own
#: (tensorflow/core/protobuf/error_codes.proto, absl's StatusCode: INTERNAL "some invariants
#: expected by the underlying system have been broken", UNKNOWN "errors raised by APIs that
#: do not return enough error information"): TensorFlow's ``InternalError`` /
#: ``UnknownError`` (errors_impl.py), or an XLA/JAX runtime error whose status is one of
#: them. Its cause is in the log lines above it (TensorFlow's own "try looking to see if a
#: warning log message was printed above"), so the log's errors stay its lead.
_NO_OWN_CAUSE = re.compile(r"\b(?:Internal|Unknown)Error\b|Error: (?:INTERNAL|UNKNOWN)\b")


def _unexplained_exception(ctx: Facts, found: list[Finding],
                           died: Sequence[Hit]) -> list[Finding]:
    """Beside error-level findings: the ``exception`` variant of ``unrecognised-error`` when
    the program died on a Python exception (the last death line of the log is one) and no
    finding quotes any line that says why it died (:func:`failure_lines`): the errors are
    problems the log shows, not that exception's cause (a missing cuDNN makes TensorFlow
    use the CPU; it does not raise a shape ValueError). A native crash after an error
    (an abort, a failed check) and an exception that carries no cause of its own
    (:data:`_NO_OWN_CAUSE`) are left to that error. ``[]`` otherwise.  ``died``: the log's
    death lines (:func:`death_hits`)."""
    if (not died or not _EXCEPTION.match(_message(died[-1].text))
            or _NO_OWN_CAUSE.search(died[-1].text)):
        return []
    lines = failure_lines(died, _traceback_headers(ctx.log), _hit_texts(ctx.log))
    if any(explains_failure(f, lines) for f in found):
        return []
    last = died[-1]
    return [catalogue.make(
        "unrecognised-error", variant="exception",
        evidence=log_evidence([last]),
        cause=(f"{_EXCEPTION_CAUSE} The other findings quote other lines of the log: they "
               f"are problems it shows, not the cause of this exception. The last exception "
               f"is: {last.text.strip()}"),
        fix=(*(("tfgpu doctor   # checks the host itself",) if ctx.other_framework
               else _host_fixes(last.text, ctx.windows, bool(ctx.h("cuda.drivers").count))),
             f"search the exact last exception line in {ctx.other_framework}'s issue tracker"
             if ctx.other_framework else
             "search the exact last exception line in the TensorFlow issue tracker"),
    )]


#: The cause of the ``exit`` variant: the program exited with an error code of its own and
#: no line the log shows says why.
_EXIT_CAUSE = ("The program exited with an error code, and the log shows no message that says "
               "why (the program's own error output, a Python traceback for instance, is not "
               "in it), so tfgpu makes no guess.")
_EXIT_NOT_WARNINGS = (" The other findings quote lines logged as warnings or notices, which "
                      "a program goes on after: they are not named as the cause.")


def _likely_exit_cause(f: Finding) -> bool:
    """Whether ``f`` is a likely cause of a program's error exit whose reason the log does
    not show: a claim (warning or error, not harmless, not of category ``unknown`` or
    ``notice``) that quotes a line logged at error level (a glog ``E``/``F`` line,
    :data:`_GLOG_E`: TensorFlow's own word that an operation failed).  A ``W`` or ``I``
    line is one the program goes on after (TensorFlow runs on the CPU when a CUDA library
    does not load), so a finding quoting only such lines names no cause of the exit."""
    if f.harmless or f.category in ("unknown", "notice") or f.severity not in (
            Severity.ERROR, Severity.WARNING):
        return False
    return any(e.source == "log" and _GLOG_E.match(_message(e.text)) for e in f.evidence)


def rule_unrecognised(ctx: Facts, found: list[Finding],
                      died: Sequence[Hit] | None = None) -> list[Finding]:
    """When no rule explains an error, say so and quote the most telling lines (only lines
    no finding explained: a traceback whose exception line a finding quotes is explained
    whole, its ``Traceback`` header and frames too).  ``died``: :func:`death_hits` of
    ``ctx.log`` when the caller has it already (explain computes it once), else computed
    here."""
    fw = ctx.other_framework
    if died is None:
        died = death_hits(ctx.log)
    if any(f.severity is Severity.ERROR for f in found):
        # another program's log gets no TensorFlow tracker link
        return [dataclasses.replace(f, doc=None) if fw else f
                for f in _unexplained_exception(ctx, found, died)]
    texts = {e.line: e.text for f in found for e in f.evidence if e.line is not None}
    covered = set(texts)
    # the lines a finding that is no harmless notice quotes: only they explain a traceback
    claimed = {e.line for f in found if not _notice(f)
               for e in f.evidence if e.line is not None}
    # Windows PowerShell 5.1's ErrorRecord around a native program's stderr line
    # ("+ FullyQualifiedErrorId : NativeCommandError"): the packaging, not an error
    covered.update(h.line for h in ctx.h("tools.ps_native_stderr").all() if h.line is not None)
    # an exception line another pattern took (a line feeds every pattern whose keyword it
    # holds, and an explaining one hides it from tell.exception: "OSError: [WinError 126]
    # The specified module could not be found. ..." is tfjs.dlopen's too) ends its traceback
    # and is quoted as the exception when no finding quotes it
    taken = {h.line: h for of in ctx.log.hits.values() for h in of.all()
             if h.line is not None and _EXCEPTION.match(_message(h.text))}
    blocks = _traceback_blocks(ctx, {**{n: h.text for n, h in taken.items()}, **texts})
    explained = _explained_deaths(ctx, found, died)
    # a traceback Python's unraisable hook printed is a report, not an error: its
    # "Exception ignored ..." line, the traceback and its exception line are explained
    ignored = ignored_tracebacks(ctx.log)
    for first, end in blocks:
        if end in claimed or end in explained or first in ignored:
            covered.update(range(ignored.get(first, first), end + 1))
    # an exception line whose message below it a finding quotes ("UnknownError: Graph
    # execution error:" over the op's own message) is explained, with no traceback header too
    covered.update(explained)
    # a traceback ending in an exception no finding explains: the program stopped on it
    # (unless it trained on after it: caught and printed, death_hits)
    went_on = last_progress(ctx.log)
    uncaught = any(end not in covered and end > went_on for _, end in blocks)
    tell = [h for h in ctx.h("tell.line").all() if h.line not in covered]
    excs = [h for h in ctx.h("tell.exception").all() if h.line not in covered]
    seen_exc = {h.line for h in excs}
    excs = sorted([*excs, *(h for n, h in taken.items() if n not in covered and n not in seen_exc)],
                  key=lambda h: h.line or 0)
    cuda = [h for h in ctx.h("cuda.error").by_key.values() if h.line not in covered]
    glog = [h for h in ctx.h("tell.glog").all() if h.line not in covered]
    # an E- or F-level line another pattern matched (a line feeds one pattern)
    # but no finding quotes is still an error line: never "No problem found" on it
    # (a pattern one of whose lines a finding quotes is explained: its other lines too)
    seen = {h.line for h in glog}
    glog += sorted((h for hits in ctx.log.hits.values()
                    if not any(h.line in covered for h in hits.all())
                    for h in hits.all()
                    if h.line not in seen and _GLOG_E.match(_message(h.text))),
                   key=lambda h: h.line)
    fatal = [h for h in [*ctx.h("tell.fatal").all(), *windows_faults(ctx.log),
                         *ctx.h("tools.colab_crash").all()] if h.line not in covered]
    fatal += [h for h in glog if h.g("lvl") == "F"]
    # a container (or an IDE's process) ended by a signal other than SIGKILL
    # (host_killed.py reads 137), or a Windows process by an NTSTATUS error
    signalled = [h for h in container_exits(ctx)
                 if (int(h.g("code") or 0) > 128 or int(h.g("code") or 0) < 0)
                 and h.g("code") != "137" and h.line not in covered]
    fatal += signalled
    # ... or the program's own error exit (an IDE's "Process finished with exit code 1",
    # Compose's "exited with code 1"): it died, and the lines that say why are the
    # program's own output above it; a warning names that cause only when it is a likely
    # one (:func:`_likely_exit_cause`), never a notice the program goes on after
    exited = [h for h in container_exits(ctx)
              if 0 < int(h.g("code") or 0) <= 128 and h.line not in covered]
    if any(_likely_exit_cause(f) for f in found):
        exited = []
    # a library another program could not load is left to this finding (the
    # library check makes no TensorFlow claim on it): quote it; NCCL's INFO lines about its
    # optional net plugin are no error
    tell += [h for h in ctx.h("lib.missing").all()
             if h.line not in covered and "NCCL INFO" not in h.text
             and (fw or (FOREIGN_LOADER.search(h.text) and not TF_LOADER.search(h.text)))]
    # a Windows DLL load failure of another package's module (numpy's _multiarray_umath...):
    # windows.rule_windows makes no TensorFlow claim on it
    tell += [h for h in ctx.h("win.dll_load").all()
             if h.line not in covered and not tf_extension_module(h.g("mod"))]
    # ... and so are its cuDNN failures and "no kernel image" lines (memory.py and
    # compute_capability.py leave them to this finding)
    for name in ("mem.handle", "cc.no_kernel", "cc.kernel_image", "cc.runtime_code") if fw else ():
        tell += [h for h in ctx.h(name).all() if h.line not in covered]
    # status codes of the seven enums no finding quotes, with their meanings
    # (status_codes.toml)
    stat = status_code_hits(ctx, covered)[:2]
    stat_names = {r.name for _, r in stat}
    if not tell and not excs and not cuda and not glog and not fatal and not stat \
            and not exited:
        return []
    quoted = log_evidence(fatal[:2], glog[:2], cuda[:2], [h for h, _ in stat], tell[:3],
                          excs[-1:], tell[-1:], exited[-1:])
    last = excs[-1].text.strip() if excs else None
    codes = {r.name: r.code for r in ctx.kb.cuda_errors}
    named = [
        f"{h.g('name')} ({codes[h.g('name') or '']})" if h.g("name") in codes else str(h.g("name"))
        for h in cuda[:3]
        if h.g("name") not in stat_names  # named with their meanings below
    ]
    crash = bool(fatal)
    # the fault handler ran already: its "Fatal Python error: ..." / "Windows fatal
    # exception: ..." line is in the log, with the Python stack under it
    shown_stack = any(_message(h.text).startswith(("Fatal Python error", "Windows fatal exception"))
                      for h in fatal)
    exit_only = bool(exited) and not crash and not (uncaught and excs)
    # "ValueError" alone: an exception with no message, or a traceback cut (or copied from a
    # notebook) before its message
    bare = bool(last and _BARE_EXCEPTION.fullmatch(last))
    # ... which ends a traceback the log shows: Python prints the name alone whenever the
    # exception's message is empty (``traceback.format_exception_only``: "ValueError" for
    # ``raise ValueError`` or ``ValueError("")``, "AssertionError" for a bare ``assert``), so
    # the name alone is also a complete traceback's end
    framed = bare and any(end == excs[-1].line for _, end in blocks)
    found_here = [
        catalogue.make(
            "unrecognised-error",
            variant=("crash" if crash else "exception" if uncaught and excs
                     else "exit" if exit_only else None),
            evidence=quoted,
            cause=(
                (
                    "The process died (a fatal log line, a failed check, an abort or a "
                    "segmentation fault) for a reason tfgpu does not recognise, so it makes no "
                    "guess."
                    if crash
                    else _EXCEPTION_CAUSE
                    if uncaught and excs
                    else _EXIT_CAUSE + (_EXIT_NOT_WARNINGS if any(
                        f.category not in ("unknown", "notice") and not f.harmless
                        for f in found) else "")
                    if exit_only
                    else "The log contains error lines that tfgpu does not recognise, so it "
                    "makes no guess."
                )
                + "".join(f" Line {h.line}: {exit_code_meaning(int(h.g('code') or 0))}."
                          for h in [*signalled[:1], *(exited[-1:] if exit_only else ())])
                + (f" CUDA reported {', '.join(named)} (see the CUresult list)." if named else "")
                # (another framework's log: the library's own words, foreign_status.py)
                + "".join(f" {describe_for_log(ctx, r)} (knowledge row {r.ref})."
                          for _, r in stat)
                + (f" The traceback ends in the exception's name alone ({last}): Python "
                   "prints only the name when the exception has no message (a bare "
                   "`assert`, `raise ValueError`, an empty message), and then the statement "
                   "on the traceback's last source line, just above the name, is what "
                   "failed; or the lines after the name, which hold a message, were not "
                   "pasted." if framed
                   else f" The log stops at the last exception's name ({last}): either the "
                   "exception has no message (Python then prints the name alone: a bare "
                   "`assert`, `raise ValueError`), or its message, which says what went "
                   "wrong, was not pasted." if bare
                   else f" The last exception is: {last}" if last else "")
            ),
            # say what to run next; a crash gets the Python stack at the crash
            # (faulthandler, Python's -X faulthandler option) before the search
            fix=(
                *(_host_fixes(last, ctx.windows, bool(ctx.h("cuda.drivers").count))
                  if last and not crash and not fw and not exit_only
                  else ("tfgpu doctor   # checks the host itself",)),
                *(
                    # darknet is a C program: no Python stack to print; its own cuDNN bugs
                    # were fixed in its source (AlexeyAB/darknet#3766 "Bug fixed", #3537
                    # "just updated my darknet version, issue solved")
                    ("# darknet's own cuDNN errors were fixed in its source (AlexeyAB/darknet"
                     "#3766, #3537): update it (git pull) and rebuild (make), then rerun",)
                    if fw == "darknet" else
                    ("python -X faulthandler train.py   # prints the Python stack of each "
                     "thread when the process crashes",)
                    if crash and not shown_stack
                    else ("# the lines the program printed above its exit code say why (a "
                          "Python traceback ends in the exception): paste the whole output",)
                    if exit_only
                    else ()
                ),
                *(("# the traceback's last source line (just above the exception's name) "
                   "is the statement that raised it; if the output shows lines below the "
                   "name, paste them too: they hold its message",) if framed else
                  ("# paste the whole traceback: the lines after the exception's name hold "
                   "its message if it has one (a notebook shows them below the ---- line)",)
                  if bare else ()),
                # another program's log is searched in that program's tracker (an exit
                # code alone has no exception line to search)
                *(() if exit_only and not excs else (
                    f"search the exact last exception line in {fw}'s issue tracker (this log "
                    f"is {fw}'s, not TensorFlow's)" if fw else
                    "search the exact last exception line in the TensorFlow issue tracker",)),
            ),
        )
    ]
    # another program's log gets no TensorFlow tracker link (the fix names
    # that program's tracker instead)
    return [dataclasses.replace(f, doc=None) for f in found_here] if fw else found_here
