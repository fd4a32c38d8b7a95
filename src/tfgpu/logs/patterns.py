"""The message catalogue: one compiled pattern per message form, grouped by kind.

Each :class:`Pattern` names its kind (``kind.variant``), the lower-case, digit-free
``needles`` one of which a line must contain before the regular expression runs (the
prefilter), and a regular expression whose named groups parse the versions, names and
sizes the findings need.  Patterns match families of messages, not literal strings:
``Could not load dynamic library '(?P<lib>...)'`` covers every library and version.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

from tfgpu.facts import dlerror_text
from tfgpu.facts.gpu_name_text import NVIDIA_CARD
from tfgpu.facts.keras_release_text import KERAS_RELEASE
from tfgpu.facts.known_messages import known_messages
from tfgpu.facts.log import MAX_RECENT
from tfgpu.logs import kernel_death_words, signal_words
from tfgpu.logs.needles import roots as needle_roots


@dataclass(frozen=True, slots=True)
class Pattern:
    """One message form.

    Attributes:
        name: ``kind.variant``; hits are stored under this name.
        needles: lower-case keywords without digits; the regex runs only on lines whose
            lower-case, digit-free template contains one of them.
        source: the pattern's regular expression (searched, not anchored unless it says
            so); :attr:`regex` compiles it on first use, so a short log pays only for the
            patterns its lines select (compiling all of them takes about 0.3 s).
        key: name of the group whose value separates distinct hits (one library from
            another), or ``None``.
        spans_sentences: the message goes on after a full stop ("... with Cuda compute
            capability 5.2. The minimum required Cuda capability is 6.0."): a line that
            ends at such a full stop may still be joined with the next one (the engine
            joins only lines that do not end a sentence otherwise).
        recent: how many of its latest hits the record keeps besides the first ones
            (:meth:`tfgpu.facts.log.Hits.keeping`): a traceback frame's pattern, read near
            the error the traceback ends with however deep it is; 0 for most.
    """

    name: str
    needles: tuple[str, ...]
    source: str
    key: str | None = None
    spans_sentences: bool = False
    recent: int = 0
    _compiled: re.Pattern[str] | None = field(default=None, init=False, repr=False,
                                              compare=False)

    @property
    def regex(self) -> re.Pattern[str]:
        """The compiled :attr:`source`, compiled once on first use.

        Raises:
            re.error: the source is not a valid regular expression (a test compiles
                every pattern, so a bad one fails the suite, not a user's run).
        """
        compiled = self._compiled
        if compiled is None:
            compiled = re.compile(self.source)
            object.__setattr__(self, "_compiled", compiled)
        return compiled



#: After "docker run" / "nvidia-docker run": not the flags NVIDIA's container banner recommends
#: in its SHMEM note ("docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit
#: stack=67108864 ...", older "nvidia-docker run --ipc=host ..."), which end in a literal
#: "..." (nvidia_entrypoint.sh): advice printed by the image, not the user's command.
_NGC_ADVICE = (r"(?![^\n]{0,120}?(?:--ulimit\s+stack=67108864|--ipc=host)\s+\.\.\.\s*$)")

#: In a pattern's source: an escaped full stop, then (optional) spaces, then a capital
#: letter: the message's next sentence (``\.\s*The minimum``, ``\. Status: ``).
_NEXT_SENTENCE = re.compile(r"\\\.\??(?:\\s(?:\*|\+|\?|\{\d*,?\d*\})?| \??)+(?:\(\?:)?[A-Z]")


#: A package that installs the NVIDIA driver's user-space libraries (libcuda, NVML), group
#: pkg (the sources: pattern ``ctx.image_driver_install``), then where its name ends.
_DRIVER_PKG = (r"(?P<pkg>nvidia-driver:[\w.-]{1,40}(?:/[\w.-]{1,20})?"
               r"|cuda|cuda-(?:runtime-)?\d{1,2}-\d{1,2}"
               r"|cuda-drivers(?:-\d{3,4})?|nvidia-driver(?:-\d{3,4})?(?:-server)?(?:-open)?"
               r"|nvidia-driver-latest(?:-dkms)?|nvidia-utils-\d{3,4}(?:-server)?"
               r"|libnvidia-compute-\d{3,4}(?:-server)?|nvidia-headless(?:-no-dkms)?-\d{3,4}"
               r"(?:-server)?(?:-open)?|libcuda1|libnvidia-ml1|nvidia-cuda-toolkit)"
               r"(?=[=\s'\"\\]|$)")


#: The add-ons' top-level module names of "addon.no_attr" (checks/_addon_frames.py ADDON_DISTS
#: and the ones whose names do not start with tensorflow_).
_ADDON_MODULES = (r"(?:tensorflow_[a-z_]{2,40}|tf_agents|keras_tuner|keras2onnx|tf2onnx"
                  r"|mesh_tensorflow)")


def _p(name: str, needles: tuple[str, ...], regex: str, key: str | None = None,
       recent: int = 0) -> Pattern:
    return Pattern(name, needles, regex, key,
                   spans_sentences=_NEXT_SENTENCE.search(regex) is not None, recent=recent)


def _first(literal: str) -> str:
    """A regex prefix that makes a search start only at the FIRST occurrence of ``literal``.

    For a pattern ``literal + rest`` where ``rest`` fails after the first occurrence only
    if it fails after every later one (``rest`` begins with a lazy ``.*?`` that may run
    over later occurrences), this gives the same match or no match and the same groups
    as searching ``literal + rest``, on one line, but in linear time: a plain search
    would rescan the rest of the line from each of 1,000 occurrences in a 40 KB line.
    The match's span then starts at 0 (the engine reads only the groups).
    """
    lit = re.escape(literal)
    return rf"^(?:(?!{lit}).)*{lit}"


def _known_harmless_pattern() -> Pattern:
    """The lines of the messages the message universe marks harmless
    (``knowledge/data/messages_*.toml`` rows with ``maps_to = "harmless"``, read by
    :mod:`tfgpu.facts.known_messages`): one alternation, the matched text in group ``msg``.
    Read by checks/known_harmless.py, which tells the messages apart."""
    rows = known_messages()
    regex = "|".join(f"(?:{m.regex})" for m in rows)
    return _p("notice.known_harmless", tuple(dict.fromkeys(m.needle for m in rows)),
              f"(?P<msg>{regex})", "msg")


def _signal_patterns() -> tuple[Pattern, ...]:
    """The shells' lines of a process a signal ended, in every language glibc and bash
    translate them to, and zsh's: one pattern per kind of death, read from
    ``knowledge/data/signal_texts.toml`` (:mod:`tfgpu.logs.signal_words`): SIGKILL feeds
    ``tools.killed``, SIGILL ``cpu.illegal``, SIGSEGV/SIGBUS/SIGFPE/SIGABRT ``tell.fatal``."""
    return tuple(_p(signal_words.KINDS[w.kind], signal_words.needles(w), signal_words.regex(w))
                 for w in signal_words.words())


def _kernel_death_patterns() -> tuple[Pattern, ...]:
    """The front ends' lines of a dead kernel, one pattern per form, read from
    ``knowledge/data/kernel_deaths.toml`` (:mod:`tfgpu.logs.kernel_death_words`): a death
    feeds ``tools.kernel_died``, Spyder's error page heading ``tools.kernel_error_page``."""
    return tuple(_p(name, kernel_death_words.needles(form), kernel_death_words.regex(form))
                 for form, name in kernel_death_words.FORMS.items())


_LIB = r"(?P<lib>[\w.+-]+?\.(?:so(?:\.[\w.]+)?|dll|dylib))"
#: A versioned CUDA toolkit, cuDNN or TensorRT library file (Linux SONAME, Windows DLL) that
#: TensorFlow's loaders ask for by name, as people quote it in prose (lib.prose_missing)
_PROSE_BASES = (r"cudart|cublas|cublasLt|cufft|curand|cusolver|cusparse|nvrtc"
                r"|cudnn(?:_(?:ops|cnn|adv)(?:_infer|_train)?|_graph)?|nvinfer|nvinfer_plugin")
_PROSE_NAME = (r"lib(?:" + _PROSE_BASES + r")\.so\.\d{1,2}(?:\.\d{1,3}){0,3}(?!\.?\d)"
               r"|(?i:(?:" + _PROSE_BASES + r")64_\d{1,3}(?:_\d{1,2})?\.dll)(?!\w)"
               # the NVIDIA driver's own user-space library (Linux SONAME, Windows System32 DLL)
               r"|libcuda\.so\.1(?![\w.])|(?i:nvcuda\.dll)(?!\w)")
_PROSE_LIB = r"(?P<lib>" + _PROSE_NAME + ")"

#: lscpu's "Flags:" label as util-linux translates it (po/<language>.po, msgid "Flags:" of
#: sys-utils/lscpu.c; util-linux 39465c78, 2026-08-20; fuzzy entries left out): ar, cs, da,
#: de, es, fi, fr, hr, ja, ka, ko, nl, pl, pt, pt_BR, ro, ru, sr, sv, tr, uk, zh_CN.
_LSCPU_FLAGS = ("أعلام:", "Příznaky:", "Flag:", "Markierungen:", "Indicadores:", "Liput:",
                "Drapeaux\u00a0:", "Drapeaux :", "Flagovi:", "フラグ:", "ალმები:", "플래그:",
                "Vlaggen:", "Flagi:", "Bandeiras:", "Opções:", "Fanioane:", "Флаги:", "Опције:",
                "Flaggor:", "Bayraklar:", "Прапорці:", "标记：")
#: Their prefilter keywords (:func:`tfgpu.logs.signal_words.needle` of each label's first
#: word: lower case, a cased first letter outside ASCII left out; "Drapeaux\u00a0:" -> "drapeaux").
_LSCPU_FLAGS_NEEDLES = tuple(dict.fromkeys(signal_words.needle(f.split()[0])
                                           for f in _LSCPU_FLAGS))

#: Python's ImportError retold with a CUDA-stack soname alone ("ImportError:
#: libcusolver.so.8.0" then a quote or the line's end): libcu*/libnv*/libnccl, not libcupti.
_SHORT_IMPORTERROR = (r"(?P<loader>ImportError): (?P<lib>lib(?:cu(?!pti)|nv(?!idia|infer)|nccl)"
                      r"[\w+-]{0,40}\.so(?:\.\d{1,4}){1,4})(?=['\"`\u2019\u00bb,;)]|\s*$"
                      r"|\.\s*$)")

#: The mark IPython puts before the line a traceback frame ran ("---> 10 "): a code line read
#: from a notebook's traceback starts after it (its context lines, "     9 ...", ran nothing).
_IPYTHON_CODE = r"(?:-{1,8}>\s{0,4}\d{1,6}\s{1,8})?"

PATTERNS: tuple[Pattern, ...] = (
    # --- libraries that did not load ------------------------------------------------
    # (the closing quote may be lost where the line is retold in prose and ends at the name:
    # "I get error related to gpus-- Could not load dynamic library 'libcudart.so.11.0", or be
    # a markdown backtick: "`Could not load dynamic library 'libcudnn.so.8`")
    _p(
        "lib.missing",
        ("dynamic lib", "could not load library"),
        r"Could not load (?:dynamic )?library '" + _LIB
        + r"(?:'(?:;\s*dlerror:\s*(?P<err>.*))?|`|\s*$)",
        "lib",
    ),
    # glibc's dlerror "<soname>: cannot open shared object file: <strerror>", in English or
    # in any language glibc's catalogue translates it into (facts/dlerror_text.py).
    # Needles are ASCII: a translated text is found where Python quotes dlerror (an
    # extension module's ImportError, ctypes' OSError, TensorFlow's load_op_library
    # NotFoundError) or a loader prints "dlerror: "
    _p(
        "lib.missing",
        ("cannot open shared object", "importerror: lib", "oserror: lib", "dlerror: lib",
         "notfounderror: lib"),
        r"(?<![\w.+-])(?P<lib>lib[\w+-](?:[\w.+-]*[+-])?(?:\w|\.(?!so))*\.so[\w.]*): "
        + dlerror_text.cannot_open_regex(),
        "lib",
    ),
    # the same dlerror retyped without the colon after the name ("ImportError: libcudnn.so.6
    # cannot open shared object file: No such file or directory", issue titles and prose);
    # English only: a translated catalogue text is pasted, not retyped
    _p(
        "lib.missing",
        ("cannot open shared object",),
        r"(?<![\w.+-])(?P<lib>lib[\w+-](?:[\w.+-]*[+-])?(?:\w|\.(?!so))*\.so(?:\.\d{1,4}){0,4})"
        r"[ \t]{1,4}" + dlerror_text.CANNOT_OPEN_EN,
        "lib",
    ),
    # the same ImportError retold with the soname alone ("the results shows 'ImportError:
    # libcusolver.so.8.0'", MaybeShewill-CV/CRNN_Tensorflow#182): Python's ImportError of an
    # extension module whose dependency did not load names that library first; a quote or
    # the end of the line right after a versioned soname is that message shortened
    # (CUDA-stack sonames only: libcu*, libnv*, libnccl; not CUPTI, whose ImportError at
    # import is no profiler-only fault) -- and, as lib.fatal_load, the import it stopped
    _p(
        "lib.missing",
        ("importerror: lib",),
        _SHORT_IMPORTERROR,
        "lib",
    ),
    _p("lib.fatal_load", ("importerror: lib",), _SHORT_IMPORTERROR, "lib"),
    # NVIDIA DALI's device guard failing to dlopen the driver's libcuda.so (read as a fatal
    # load: lib.fatal_load's DALI row below says so)
    _p("lib.missing", ("failed to load libcuda.so",),
       r'Assert on "cuInitChecked\(\)" failed: Failed to load (?P<lib>libcuda\.so)\b', "lib"),
    # (cuDNN 9's own "Could not locate cudnn_<part>64_9.dll" is cudnn.sublib_missing's)
    _p("lib.missing", ("could not locate",),
       r"Could not locate (?!cudnn_\w{1,40}64_\d{1,2}\.dll)" + _LIB, "lib"),
    # gpu_device.cc's warning, and the status of dlopen_checker.cc it stands for when that
    # status itself is raised ("InternalError: Cannot dlopen all CUDA libraries.")
    _p("lib.dlopen", ("dlopen",), r"Cannot dlopen (?:some GPU|all CUDA) libraries"),
    _p(
        "lib.opened",
        ("successfully opened",),
        r"Successfully opened (?:dynamic |CUDA )?library " + _LIB,
        "lib",
    ),
    _p(
        "lib.msvc",
        ("dll",),
        r"Could not find the DLL\(s\) "
        r"'(?P<dlls>[^']+)'|(?P<dll>(?:msvcp|vcruntime)\d+(?:_\d+)?\.dll)",
    ),
    # --- version mismatches ------------------------------------------------------------
    _p(
        "cudnn.mismatch",
        ("cudnn",),
        r"Loaded runtime CuDNN library:?\s*(?P<rt>[\d.]+)\s*(?:\(compatibility version "
        r"(?P<rtc>\d+)\)\s*)?"
        # ("but the source was compiled with": a pasted wording, jade-hpc-gpu.github.io#86)
        r"but (?:the )?source was compiled with:?\s*(?P<src>[\d.]+)"
        r"\s*(?:\(compatibility version (?P<srcc>\d+)\))?",
    ),
    # the same line cut off after the loaded version (tensorflow/tensorflow#17566: "Loaded
    # runtime CuDNN library: 7101 [...]"): no src group, read by checks/libraries.py
    _p(
        "cudnn.mismatch",
        ("cudnn",),
        # only with an explicit cut mark: a terminal wrap cuts a version too ("8.1." | "0")
        r"Loaded runtime CuDNN library:? ?(?P<rt>\d[\d.]{0,15}\d) ?(?:\[\.\.\.\]|\.\.\.|\u2026)"
        r" {0,4}$",
    ),
    _p("cudnn.loaded", ("cudnn",), r"Loaded cuDNN version (?P<v>\d+)"),
    _p(
        "driver.insufficient",
        ("driver version is insufficient", "insufficientdriver", "insufficient_driver"),
        r"CUDA driver version is insufficient for CUDA runtime version"
        r"|cudaErrorInsufficientDriver|CUDA_ERROR_INSUFFICIENT_DRIVER",
    ),
    _p(
        "driver.kernel",
        ("kernel reported version",),
        r"kernel reported version is:?\s*'?(?P<v>\d+(?:\.\d+)+)",
    ),
    _p(
        "driver.libcuda",
        ("libcuda reported version",),
        r"libcuda reported version is:?\s*'?(?P<v>\d+(?:\.\d+)+)",
    ),
    _p(
        "smi.driver",
        ("driver version:",),
        r"(?:NVIDIA-SMI\s+[\d.]+\s+)?Driver Version:\s*(?P<v>\d+(?:\.\d+)+)"
        r"(?:\s+CUDA Version:\s*(?P<cuda>\d+\.\d+))?",
    ),
    _p(
        "smi.gpu",
        ("off  |", "on  |", "off |", "on |"),
        r"^\|\s+(?P<idx>\d+)\s+(?P<name>(?:NVIDIA|GeForce|Tesla|Quadro|TITAN|RTX|A\d|H\d|L\d)"
        r"(?:[^|]*?[^|\s])?)\s+(?:On|Off)\s+\|",
        "idx",
    ),
    _p(
        "driver.mismatch",
        ("does not match dso version", "driver/library version mismatch"),
        r"kernel version (?P<k>[\d.]+) does not match DSO version (?P<dso>[\d.]+)"
        r"|Driver/library version mismatch",
    ),
    _p(
        "cuinit",
        ("cuinit",),
        # (a report quoting the message without its head, "fails with `cuInit: UNKNOWN ERROR
        # (34)`", still names the call, its status and its code)
        r"(?:failed call to |(?i:\b(?:fails? with|failed with|fail with|gives?|gave|got|gets?"
        r"|says?|said|shows?|showed|prints?|printed|returns?|returned|errors? with|errored with)\b)"
        r"[^\n`\"']{0,20}[`\"'])cuInit:\s*(?:\w+:\s*)?(?:CUDA error: Failed call to cuInit:\s*)?"
        # text: words, or (a whitespace-only text) the last space before "(": the same
        # captures as the lazy "[A-Za-z ]+?" it replaced, in linear time (that one took
        # 8.4 s on a 2 KB line of spaces).
        r"(?:(?P<name>CUDA_ERROR_[A-Z_]+)"
        r"|(?P<text>[A-Za-z]+(?: +[A-Za-z]+)*| (?=[^\S ]*\())\s*\((?P<code>-?\d+)\))",
    ),
    # cudaErrorDevicesUnavailable = 46 (CUDA runtime driver_types.h: "all CUDA-capable devices
    # are busy or unavailable"); CUDA samples' checkCudaErrors prints the enum name, as in
    # "code=46(cudaErrorDevicesUnavailable)" (microsoft/WSL#6057)
    _p("cuda.busy", ("busy or unavailable", "cudaerrordevicesunavailable"),
       r"all CUDA-capable devices are busy or unavailable|\bcudaErrorDevicesUnavailable\b"),
    _p("cuda.error", ("cuda_error",), r"(?P<name>CUDA_ERROR_[A-Z_]+)", "name"),
    _p(
        "cuda.drivers",
        ("could not find cuda drivers",),
        r"Could not find cuda drivers on your machine",
    ),
    # --- Windows ---------------------------------------------------------------------------
    _p(
        "win.dll_load",
        ("dll load failed",),
        r"DLL load failed(?: while importing (?P<mod>\w+))?:\s*(?P<why>.*)",
    ),
    # a program frozen into a bundle (checks/frozen_apps.py): PyInstaller's one-file
    # extraction folder (bootloader: "_MEI" + digits in the temp folder, sys._MEIPASS) and
    # its bootloader's "[pid] Failed to execute script <name>", cx_Freeze's start-up script
    # frames (cx_Freeze/initscripts/__startup__.py), and zipimport failing inside the bundle's
    # library archive
    _p(
        "ctx.frozen_app",
        ("_mei", "failed to execute script", "cx_freeze", "zipimporterror", "library.zip",
         "pyinstaller"),
        r"(?P<pyi>[/\\]_MEI\w{4,12}[/\\]|\[(?:PYI-)?\d{1,7}(?::ERROR)?\] Failed to execute "
        r"script\b|^Failed to execute script '?\w"
        r"|PyInstaller[/\\]loader[/\\]pyimod\d\d_importers\.py)"
        r"|(?P<cxf>[/\\]cx_Freeze[/\\]initscripts[/\\]|[/\\]library\.zip[/\\])"
        r"|(?P<zip>zipimport\.ZipImportError: can't find module '(?P<zmod>[\w.]{1,100})')",
    ),
    # TensorFlow's loader not finding an op library (load_library.cc: on Windows any
    # LoadLibrary failure reads "<path> not found"; on Linux dlerror's "<path>: cannot open
    # shared object file", the path being the library itself): checks/frozen_apps.py
    _p(
        "op.so_not_found",
        ("not found", "cannot open shared object file"),
        r"NotFoundError: (?P<path>\S[^\n]{0,400}?\.(?:so|dll|pyd))"
        r"(?: not found\s*$|: cannot open shared object file)",
    ),
    # NVIDIA's TensorRT Python package imported (its __init__.py frame, or the code's own
    # "import tensorrt" line): its "ImportError: libnvinfer.so.N" is the program's failure,
    # not TensorFlow's optional TF-TRT load (checks/libraries.py)
    _p(
        "trt.python_import",
        ("tensorrt/__init__", "tensorrt\\__init__", "import tensorrt"),
        r"(?:site|dist)-packages[/\\]tensorrt[/\\]__init__\.py\b|^\s*import tensorrt\b",
    ),
    # Open MPI's rmaps help text (help-orte-rmaps-base.txt; prte in 5.x): "There are not
    # enough slots available in the system to satisfy the %d slots" (the count may end the
    # line: the text is wrapped). checks/mpi_slots.py
    _p(
        "mpi.not_enough_slots",
        ("not enough slots available in the system",),
        r"There are not enough slots available in the system to satisfy the (?P<n>\d{1,7})\b",
    ),
    # the launcher is PRRTE, Open MPI 5's runtime: its help text ('A "slot" is the PRRTE term
    # for an allocatable unit'), "PRRTE ERROR" lines, prrte/src paths, prterun. Read by
    # checks/mpi_slots.py (Open MPI 5's settings differ from Open MPI 4's)
    _p(
        "ctx.prrte",
        ("prrte", "prterun"),
        r"\bPRRTE\b|\bprterun\b|[/\\]prrte[/\\]",
    ),
    # Horovod's Keras DistributedOptimizer refusing a Keras 2.11+ optimizer (horovod/
    # tensorflow/keras and horovod/_keras: "Optimizer has to be an instance of
    # tensorflow.keras.optimizers.legacy.Optimizer starting from Keras 2.11: <class>"):
    # checks/horovod_optimizers.py
    _p(
        "dist.hvd_legacy_optimizer",
        ("optimizer has to be an instance of tensorflow.keras.optimizers.legacy.optimizer",),
        r"Optimizer has to be an instance of tensorflow\.keras\.optimizers\.legacy\.Optimizer"
        r" starting from Keras 2\.11"
        r"(?:: (?:<class '(?:[\w.]{1,200}\.)?)?(?P<cls>[A-Za-z]\w{0,60}))?",
    ),
    # the launch command itself (a prompt's or a script's line): its -np and host list,
    # read by checks/mpi_slots.py
    _p(
        "mpi.launch",
        ("horovodrun ", "mpirun ", "mpiexec "),
        r"(?:^|[\s$>#])(?P<tool>horovodrun|mpirun|mpiexec)[ \t]+(?P<args>[^\n]{1,400})",
    ),
    # Windows' ERROR_COMMITMENT_LIMIT (1455) outside "DLL load failed" (Python's OSError
    # "[WinError 1455] <text>", torch's "Error loading <dll>", a program's own print of the
    # text): the English text or the code, or a UI language win32_errors.toml lists.
    # checks/windows_commit_limit.py
    _p(
        "win.commit_limit",
        ("paging file is too small", "winerror", "errno=", "os error", "页面文件太小",
         "файл подкачки", "auslagerungsdatei", "fichier de pagination"),
        r"(?P<text>The paging file is too small for this operation to complete"
        r"|页面文件太小|Файл подкачки слишком мал|Die Auslagerungsdatei ist zu klein"
        r"|Le fichier de pagination est insuffisant)"
        r"|\[WinError 1455\]|errno=1455\b|\(os error 1455\)",
    ),
    # Windows PowerShell 5.1 wraps the first line a native program writes to stderr, when
    # stderr is redirected (`python train.py 2>&1 | Tee-Object out.txt`), in an ErrorRecord
    # and shows it in the ErrorRecord's default view: "<command> : <the line>", the position
    # ("At line:1 char:1", "+ <the command line>", "+ ~~~~"), then "    + CategoryInfo
    # : NotSpecified: (<the line's start>:String) [], RemoteException" and "    +
    # FullyQualifiedErrorId : NativeCommandError" (ErrorCategory NotSpecified; the id of a
    # native command's stderr record: PowerShell/PowerShell#13361, which in 7.1 stopped
    # treating such records as errors). The record is PowerShell's packaging of an ordinary
    # stderr line (TensorFlow logs to stderr), no error of the program: read by
    # diagnosis/checks/unknown.py as no error line
    _p(
        "tools.ps_native_stderr",
        ("remoteexception", "nativecommanderror"),
        r"^\s*\+ (?:CategoryInfo\s*: NotSpecified: \([^\n]{0,400}:String\) \[\], "
        r"RemoteException|FullyQualifiedErrorId\s*: NativeCommandError)\s*$",
    ),
    # protobuf's C++ extension in a traceback: descriptor.py's "from google.protobuf.pyext
    # import _message" (protobuf 3.x, under api_implementation.Type() == 'cpp') or a path in
    # google/protobuf/pyext. Read with win.dll_load by checks/protobuf.py
    _p(
        "protobuf.pyext_frame",
        ("protobuf.pyext", "protobuf\\pyext", "protobuf/pyext"),
        r"from google\.protobuf\.pyext import _message|google[\\/]{1,2}protobuf[\\/]{1,2}pyext",
    ),
    # Other NTSTATUS codes a crashed Python exits with (ntstatus.h; [MS-ERREF] 2.3.1), as an
    # IDE ("Process finished with exit code -1073741819 (0xC0000005)"), VS Code ("exited with
    # code=3221225477") or a shell prints them: access violation, heap corruption, stack
    # overflow. Read by checks/windows.py
    _p(
        "win.crash_status",
        ("exit code", "code=", "退出代码"),
        r"(?:exit(?:ed with)? code|code=|退出代码为?) ?:? ?"
        r"(?P<code>-1073741819|3221225477|0x[cC]0000005|-1073740940|3221226356|0x[cC]0000374|-1073741571|3221225725|0x[cC]00000[fF][dD])\b",
    ),
    _p(
        "win.status",
        ("exit code", "退出代码", "dll load failed with error code"),
        # (CPython's Windows importer when the system has no text for the code:
        # "DLL load failed with error code -1073741795", dynload_win.c)
        r"(?:exit code |退出代码为? ?|DLL load failed with error code )"
        # (the same NTSTATUS unsigned: 3221225501 = 0xC000001D, as CPython 3.8+'s importer
        # formats it, "... with error code 3221225501 while importing ...")
        r"(?P<code>-1073740791|0xC0000409|-1073741795|0xC000001D|3221225501|-1073741515"
        r"|0xC0000135)",
    ),
    # CPython's fault handler on Windows (python -X faulthandler, PYTHONFAULTHANDLER, pytest):
    # "Windows fatal exception: " and the exception's name (access violation, float divide
    # by zero, float overflow, int divide by zero, integer overflow, page error, stack
    # overflow) or "code 0x%08X" (3.6-3.7: "code %d"), then the Python stack ("Current
    # thread 0x... (most recent call first):"). Modules/faulthandler.c
    # faulthandler_exc_handler (CPython 3.6+). Read by diagnosis/checks/unknown.py
    # death_hits (a fault code, not a program that went on after it)
    _p(
        "win.fatal_exception",
        ("windows fatal exception",),
        r"^\s*Windows fatal exception: (?:(?P<exc>access violation|float divide by zero"
        r"|float overflow|int divide by zero|integer overflow|page error|stack overflow)"
        r"|code (?P<code>0x[0-9A-Fa-f]{1,8}|\d{1,10}))\s*$",
    ),
    # (macOS's shells print the signal with its number, "Illegal instruction: 4", as they do
    # "Segmentation fault: 11" and "Abort trap: 6"; zsh's "zsh: illegal hardware instruction"
    # is retyped with the prompt name in backticks)
    _p(
        "cpu.illegal",
        ("illegal instruction", "illegal hardware instruction", "invalid opcode",
         "caught illegal operation"),
        r"^\s*Illegal instruction(?: \(core dumped\)|: 4)?\s*$"
        # R's own SIGILL handler (src/main/main.c sigactionSegv: "\n *** caught %s ***\n" with
        # "illegal operation", then "address %p, cause 'illegal opcode'"): R embedding
        # Python through reticulate dies with it
        r"|^\s*\*\*\* caught illegal operation \*\*\*\s*$"
        # (the shell's words quoted in prose as inline code: "I have a `Illegal instruction
        # (core dumped)`")
        r"|`Illegal instruction(?: \(core dumped\))?`"
        r"|(?P<zsh>zsh|bash|fish):`? (?:\d+ )?illegal hardware instruction"
        r"|^\s*(?:\[\d+\]\s*)?(?:\d+\s+)?illegal hardware instruction"
        r"|trap invalid opcode\b.*? in (?P<module>[\w.+-]+)"
        # bash's report of a script's child killed by the signal ("<script>: line 3:    12
        # Illegal instruction     <command>", jobs.c)
        r"|: line \d+: +\d+ Illegal instruction(?: +\(core dumped\))?(?: +(?P<bashcmd>\S{1,300}))?"
        # the death retyped in prose, naming the import that died ("Illegal instruction (core
        # dumped) after running import tensorflow", an issue's first line)
        r"|^\s*Illegal instruction(?: \(core dumped\))? (?:after|when|while|on|at) "
        r"[^\n]{0,80}?\bimport(?:ing)? tensorflow\b",
    ),
    # the same deaths as a shell prints them in another language (glibc's strsignal()
    # translations, bash's "(core dumped)" words) and zsh's names (signal_texts.toml)
    *_signal_patterns(),
    _known_harmless_pattern(),
    _p(
        "cpu.guard_abort",
        ("compiled to use", "aren't available on your machine"),
        r"(?:library|binary) was compiled to use (?P<isa>[\w.]{1,12}(?:(?:,| and)? [\w.]{1,12})"
        r"{0,6}?) instructions,? but these aren't available on your machine",
    ),
    # an emulator running this process: QEMU's user-mode emulator when the emulated process
    # dies of a signal ("qemu: uncaught target signal %d (%s) - %s", qemu linux-user/
    # signal.c), and the Docker daemon's warning at container creation (moby daemon/
    # create.go) for an image of another platform than the host's (checks/cpu.py)
    _p(
        "ctx.emulated",
        ("uncaught target signal", "does not match the detected host platform"),
        # (BuildKit prefixes a step's output with "#<step> <seconds> ")
        r"^(?:#(?P<qstep>\d{1,4}) [\d.]{1,9} )?qemu: uncaught target signal (?P<sig>\d{1,2}) "
        r"\((?P<signame>[^()]{1,40})\)"
        r"|The requested image's platform \((?P<image>[\w/.-]{1,40})\) does not match the "
        r"detected host platform \((?P<host>[\w/.-]{1,40})\)",
    ),
    # an image or platform of another CPU than x86 asked for (docker's --platform linux/arm64
    # or linux/ppc64le, Docker Hub's arm64v8/ and arm32v7/ namespaces, buildx's "[linux/arm64
    # ...]" step prefix): a non-x86 program, which QEMU emulates on an x86 host
    # (checks/cpu.py x86_emulation); group x86 for buildx's "[linux/amd64 ...]" step prefix
    _p(
        "ctx.non_x86_image",
        ("--platform", "arm", "[linux/", "--arch", "_aarch", "tensorflow-cpu-aws"),
        r"--platform[ =](?:linux/)?(?:arm64|aarch64|arm|ppc64le|s390x|riscv64)(?:/v\d)?\b"
        r"|--arch[ =](?:arm64|aarch64)\b|_aarch64\b|\btensorflow-cpu-aws\b"
        r"|\barm(?:64v8|32v[67])/[\w.-]|\[linux/(?:arm(?:64|/v[67])|ppc64le|s390x|riscv64)\b"
        r"|\[(?P<x86>linux/(?:amd64|386))\b"
        r"|--platform[ =](?P<x86ask>(?:linux/)?(?:amd64|386|x86_64))\b",
    ),
    # --- pip and import ----------------------------------------------------------------------
    _p(
        "pip.tfgpu_removed",
        ("tensorflow-gpu", "tf-nightly-gpu", "package has been removed",
         "package has been deprecated"),
        r'The "?(?:tensorflow|tf-nightly)-gpu"? package has been (?:removed|deprecated)'
        r"|Invalid requirement \([^)]*\) found in (?:tensorflow|tf-nightly)-gpu-\S+ dependencies",
    ),
    # the GPU package named anywhere, in prose too ("I installed tensorflow-gpu 1.13.1"), and
    # whether an uninstall names it (group un); the CPU package named or plain tensorflow 1.x
    # installed: with TensorFlow 1.x, whose plain tensorflow wheel is the CPU build
    # (checks/tf_install.py _import_links_other_cuda)
    _p("ctx.tensorflow_gpu_named", ("tensorflow-gpu", "tensorflow_gpu"),
       r"(?P<un>uninstall(?:\s+-y)?\s+)?\btensorflow[-_]gpu\b"),
    _p("ctx.tensorflow_cpu_named", ("tensorflow-cpu", "tensorflow_cpu", "install tensorflow=="),
       r"\btensorflow[-_]cpu\b|\binstall\s+(?:-U\s+|--upgrade\s+)?[\"']?tensorflow==1\."),
    _p(
        "pip.tfgpu_named",
        ("tensorflow-gpu", "tensorflow_gpu", "tf-nightly-gpu", "tf_nightly_gpu"),
        r"(?:Collecting|pip install|Downloading|Using cached|Requirement already satisfied:)"
        r"\s+(?P<spec>(?:tensorflow|tf[-_]nightly)[-_]gpu\S*)"
        r"|[/\\](?P<dir>(?:tensorflow|tf-nightly)-gpu)_[0-9a-f]{32}[/\\]setup\.py",
    ),
    # pip's resolver names each requirement it fetches: "Collecting <req>" for one asked for on
    # the command line or in a requirements file, "Collecting <req> (from <parent>)" (older pip
    # "Collecting <req> (from <parent>->...)") for a dependency; the typed command line too
    _p(
        "pip.asked_for",
        ("collecting", "pip install"),  # templates drop digits: pip3 install too
        r"^\s*Collecting\s+(?P<pkg>[A-Za-z0-9][\w.-]{0,80})(?![\w.-]|[^(\n]{0,200}\(from )"
        # options before the name: only pip's options that take a value take the next word
        # (-r/-c/-e/-i/-f/-t and their long forms); -U, -q, --user... take none, so the
        # name after them is the requirement (a pasted line may be joined with the next)
        r"|\bpip3?(?:\.exe)? install[ \t]+(?:(?:(?:-[rcefit]|--(?:requirement|constraint"
        r"|editable|index-url|extra-index-url|find-links|target|prefix|root|platform"
        r"|python-version|only-binary|no-binary))[ \t]+\S+|--[\w-]+(?:=\S+)?|-[A-Za-z]{1,4})"
        r"[ \t]+){0,6}[\"']?(?P<cmd>[A-Za-z0-9][\w.-]{0,80})",
        "pkg",
    ),
    # pip's link evaluator in verbose output (pip/_internal/index/package_finder.py
    # LinkEvaluator.evaluate_link: "wrong project name (not {project})", logged as "Skipping
    # link <link>; <reason>" before pip 21, "Skipping link: <reason>: <link>" after): a
    # TensorFlow wheel of another distribution name skipped while pip looks for one name
    _p(
        "pip.wrong_project",
        ("wrong project name",),
        r"Skipping link:? (?:[^;\n]{0,400}?[/\\]"
        r"(?P<wheel>(?:tensorflow|tf_nightly)(?:_[a-z]{1,12})?)-"
        r"(?P<v>\d[\w.+]{0,30})-[^;\s]{1,120}\.whl; wrong project name "
        r"\(not (?P<want>[\w.-]{1,80})\)"
        r"|wrong project name \(not (?P<want2>[\w.-]{1,80})\): [^\n]{0,400}?[/\\]"
        r"(?P<wheel2>(?:tensorflow|tf_nightly)(?:_[a-z]{1,12})?)-(?P<v2>\d[\w.+]{0,30})-"
        r"\S{1,120}\.whl)",
    ),
    _p(
        "pip.failed",
        ("error", "egg_info"),
        r"subprocess-exited-with-error|metadata-generation-failed|egg_info did not run successfully"
        r"|InvalidRequirement|Preparing metadata \(setup\.py\) \.\.\. error",
    ),
    # pip compiling a dependency from source (no wheel for this Python/platform) in its temporary
    # build folder, "/tmp/pip-install-<id>/<project>/..." (pip-req-build-<id> for a VCS or
    # local requirement), and the C compiler (gcc/clang) stopping on a missing header:
    # "<file>:27:18: fatal error: hdf5.h: No such file or directory"
    # (NVIDIA-AI-IOT/tf_trt_models#25). Read by checks/pip_source_build.py
    _p(
        "pip.build_missing_header",
        ("pip-install-", "pip-req-build-"),
        r"[/\\](?:pip-install-\w{1,20}[/\\](?P<project>[A-Za-z0-9][\w.-]{0,60})|pip-req-build-"
        r"\w{1,20})[/\\]\S{0,300}?: ?fatal error: '?(?P<header>[\w+./-]{1,80}\.h)'?:? "
        r"(?:No such file or directory|file not found)",
    ),
    # h5py's own build (setup_configure.py, h5py 2.x-3.x: print("Loading library to get
    # version:", path), Python 2 printing it as a tuple) loading HDF5's shared library to read
    # its version: the HDF5 it wraps is not installed (h5py/h5py#1461: no aarch64 wheel of
    # h5py 2.10, pip building it). Read by checks/pip_source_build.py
    # h5py's own line when that load fails (setup_configure.py: "error: Unable to load
    # dependency HDF5, make sure HDF5 is installed properly")
    # pip's own end of a build or an install: what fails after it is no build's failure
    _p(
        "pip.success_line",
        ("successfully built", "successfully installed"),
        r"^\s*Successfully (?:built|installed) ",
    ),
    _p(
        "pip.h5py_hdf5_unloadable",
        ("unable to load dependency hdf",),
        r"Unable to load dependency HDF5, make sure HDF5 is installed properly",
    ),
    _p(
        "pip.h5py_hdf5_load",
        ("loading library to get version",),
        r"Loading library to get version:'?,? ?'?(?P<lib>[^\s']{0,200}?(?:lib)?hdf5[\w.]{0,20})",
    ),
    # pip could not read the package index, so a following "(from versions: none)" says nothing
    # about wheels: its collector's "Could not fetch URL %s: %s - skipping" (index/collector.py,
    # pip 10-24; pip 9 index.py), its "pip is configured with locations that require TLS/SSL,
    # however the ssl module in Python is not available." (a Python built without ssl), and
    # urllib3's "Retrying (Retry(total=N, ...)) after connection broken by '<Error>(...)': <path>"
    # (urllib3 connectionpool.py). Read by checks/pip_index.py
    _p(
        "pip.index_unreachable",
        ("could not fetch url", "ssl module in python is not available",
         "after connection broken by", "credentials not correct for",
         "not a trusted or secure host"),
        r"Could not fetch URL (?P<url>https?://\S{1,600}?):(?:\s|$)(?P<why>[^\n]{0,400})"
        r"|(?P<nossl>the ssl module in Python is not available)"
        r"|Retrying \(Retry\(total=(?P<total>\d{1,3})[^)\n]{0,200}\)\) after connection broken by "
        r"'?(?P<err>[A-Za-z]\w{0,60})"
        # pip's network/auth.py "401 Error, Credentials not correct for <url>" and its
        # session's "The repository located at <host> is not a trusted or secure host and is
        # being ignored." (every page of that index)
        r"|401 Error, Credentials not correct for (?P<url401>https?://\S{1,600})"
        r"|(?P<untrusted>is not a trusted or secure host and is being ignored)",
    ),
    # pip names the indexes it reads only when they are not its default alone (pip's
    # req_command.py: "Looking in indexes: <urls>" for --index-url / --extra-index-url,
    # "Looking in links: <urls>" for --find-links): a name it lists nothing for may be a real
    # project that index does not carry (pip_reports.py _near_requirement)
    _p(
        "pip.other_index",
        ("looking in indexes:", "looking in links:"),
        # (group piwheels: the Raspberry Pi's index, which Raspberry Pi OS adds: a 32-bit ARM
        # board, pip_reports.py)
        r"^\s{0,8}Looking in (?:indexes|links): \S(?:[^\n]{0,400}?\b(?P<piwheels>piwheels)\b)?",
    ),
    _p(
        "pip.no_dist",
        ("no matching distribution", "satisfies the requirement", "installation candidates"),
        r"(?:No matching distribution found for|Could not find a version that satisfies the "
        r"requirement|Unable to find installation candidates for)\s+"
        r"(?P<pkg>[A-Za-z0-9][\w.-]*)(?P<extras>\[[\w,\s-]*\])?\s*"
        r"(?:\((?P<poetry>[^)\s]+)\)|(?P<spec>[<>=!~][^\s(;]*))?"
        r"(?:[^(]{0,300}?(?:\(from [^)]{1,300}\)\s*)?\(from versions:\s*"
        r"(?P<versions>(?:[^)\s][^)]*)?)\))?",
        "pkg",
    ),
    # uv's own words for the same (uv run / uv sync / uv pip install from a lock): "Distribution
    # `tensorflow-io-gcs-filesystem==0.37.1 @ registry+https://...` can't be installed because
    # it doesn't have a source distribution or wheel for the current platform" (trailofbits/
    # anamorpher#8), with the platforms it has wheels for in uv's hint
    _p(
        "pip.no_dist",
        ("doesn't have a source distribution or wheel for the current platform",),
        r"Distribution `(?P<pkg>[A-Za-z0-9][\w.-]{0,80})(?P<spec>==[\w.+!-]{1,40})?"
        r"(?: @ [^`]{0,300})?` can't be installed because it doesn't have a source "
        r"distribution or wheel for the current platform",
        "pkg",
    ),
    # the start of a uv/Poetry resolver report: uv's header "No solution found when resolving
    # dependencies" (": " or " for split (<marker>):" when the project's Python range was
    # split, uv's resolver/mod.rs), or its first derivation line "╰─▶ Because ..." when the
    # header was not pasted; uv's hint "While the active Python version is X, the resolution
    # failed for other Python versions supported by your project" (group active).
    # Read by checks/uv_reports.py
    # the installer a paste's own commands use: uv's pip interface ("uv pip install"), its
    # project commands ("uv add", "uv sync", "uv lock", "uv run"), Poetry's ("poetry add",
    # "poetry install", ...; its resolver's SolverProblemError), at a line's start or after
    # a shell prompt; read by Facts.log_installer (fix lines in that installer's words)
    _p(
        "ctx.installer",
        ("uv pip ", "uv add ", "uv sync", "uv lock", "uv run ", "uv init", "poetry add ",
         "poetry install", "poetry lock", "poetry update", "solverproblemerror",
         "your project depends on", "your project's requirements are unsatisfiable"),
        # (a command after another on the line: "uv init p && cd p && uv add tensorflow")
        r"(?:^|[$>#%]\s{1,4}|&&\s{1,4}|;\s{1,4})(?P<tool>uv pip|uv add|uv sync|uv lock|uv run"
        r"|uv init|poetry add|poetry install|poetry lock|poetry update)\b"
        r"|(?P<poetry_err>\bSolverProblemError\b)"
        # uv's resolver speaking of a project (uv add/sync/lock: "your project depends on",
        # "your project's requirements are unsatisfiable")
        r"|(?P<uv_project>\byour project(?: depends on|'s requirements are unsatisfiable))",
    ),
    # A PubGrub resolver (uv, Poetry) deriving that TensorFlow's Requires-Python leaves out the
    # Python it resolves for: uv's "Because the current Python version (3.13.1) does not
    # satisfy Python>=3.9,<3.13 and all versions of tensorflow depend on Python>=3.9,<3.13"
    # (the interpreter), uv's "the requested Python version (>=3.10) does not satisfy
    # Python>=3.9,<3.13, we can conclude that tensorflow>=2.18.0 cannot be used" (a project's
    # requires-python), Poetry's "tensorflow (2.16.1) requires Python >=3.9,<3.13, tensorflow
    # is forbidden" and its "The current project's supported Python range (>=3.9,<4.0) is not
    # compatible". Read by checks/resolver_python_range.py
    _p(
        "pip.python_range",
        ("does not satisfy python", "requires python", "supported python range"),
        r"the current Python version \((?P<py>\d+\.\d+(?:\.\d+)?)\) does not satisfy "
        r"Python(?P<range>[<>=!~][^\s,]{1,20}(?:,[<>=!~][^\s,]{1,20}){0,3}) and (?:all versions "
        r"of |only )?(?P<pkg>[A-Za-z][\w.-]{0,60})"
        r"|the requested Python version \((?P<req>[^)\n]{1,60})\) does not satisfy "
        r"Python(?P<range2>[<>=!~][^\s,]{1,20}(?:,[<>=!~][^\s,]{1,20}){0,3}), we can conclude "
        r"that (?P<pkg2>[A-Za-z][\w-]{0,60})"
        r"|(?P<pkg3>[A-Za-z][\w.-]{0,60}) \((?P<v3>[\w.]{1,30})\) requires Python "
        r"(?P<range3>[<>=!~][^\s,]{1,20}(?:,[<>=!~][^\s,]{1,20}){0,3}), (?P=pkg3) is forbidden"
        r"|The current project's supported Python range \((?P<proj>[^)\n]{1,60})\) is not "
        r"compatible"
        # Poetry's list under that line (mixology/failure.py: "  - <name> requires Python
        # <range>, so it will not be installable for Python <rest>"; older releases said
        # "satisfied")
        r"|^\s*-\s*(?P<pkg4>[A-Za-z][\w.-]{0,60}) requires Python (?P<range4>[<>=!~][^\n]{0,40}?)"
        r", so it will not be (?:satisfied|installable) for Python",
    ),
    _p(
        "pip.uv_report",
        ("no solution found when resolving dependencies", "╰─▶",
         "resolution failed for other python versions"),
        r"No solution found when resolving dependencies(?P<split> for split)?"
        r"|(?P<arrow>╰─▶)"
        r"|While the active Python version is (?P<active>\d+\.\d+), the resolution failed for "
        r"other Python versions supported by your project",
    ),
    # uv's derivation of a requirement against the project's own ("Because tensorflow>=2.16.1
    # depends on numpy>=1.26.0,<2.0.0 and your project depends on numpy>=2.1"): the report's
    # conflict, whatever the requirement's form (checks/uv_reports.py uv_no_wheel_is_cause;
    # two packages' "A==1 depends on X and B==2 depends on Y" are two pip.depends hits)
    _p(
        "pip.pubgrub_conflict",
        ("and your project depends on", "and you require"),
        # uv's project form ("and your project depends on") and uv pip's ("and you require")
        r"\bdepends on \S{1,200} and (?:your project depends on|you require) ",
    ),
    # uv's resolver report when a release has wheels, none of them for this interpreter
    # (astral-sh/uv crates/uv-distribution-types/src/prioritized_distribution.rs
    # IncompatibleDist Display: "no wheels with a matching Python implementation tag" /
    # "Python ABI tag" / "Python version tag" / "platform tag", "no wheels with valid tags";
    # the report adds the tag this environment wants: "Because tensorflow==2.15.0 has no
    # wheels with a matching Python version tag (e.g., `cp312`) and your project depends on
    # ...", "And because open3d>=0.16.0 has no wheels with a matching platform tag (e.g.,
    # `manylinux_2_17_x86_64`) ..." (uv's tests pip_compile.rs, lock.rs))
    _p(
        "pip.no_dist",
        ("has no wheels with",),
        r"(?:\b[Bb]ecause (?:only )?|\band )(?P<pkg>[A-Za-z0-9][\w.-]{0,80})"
        r"(?P<spec>[<>=!~]=?[\w.*+!-]{1,40}(?:,[<>=!~]=?[\w.*+!-]{1,40}){0,3})? has no wheels "
        r"with (?:a matching (?P<uvtag>Python implementation|Python ABI|Python version|platform) "
        r"tag|valid tags|a free-threading compatible ABI tag)"
        r"(?: \(e\.g\., `(?P<uvwant>[^`\s]{1,60})`\))?",
        "pkg",
    ),
    # uv's hint under its "Distribution ... can't be installed" (uv-resolver's
    # IncompatibleDist hints, uv's tests): "hint: You're using CPython 3.13 (`cp313`), but
    # `tensorflow` (v2.15.0) only has wheels with the following Python ABI tag: `cp311`", read
    # alone where the line above it was not pasted (group spec__pinned: the release, which
    # gives group spec "==<release>")
    _p(
        "pip.no_dist",
        ("only has wheels with the following",),
        r"You're using \w{1,20} \d+\.\d+ \(`(?P<uvwant>[^`\s]{1,60})`\), but "
        r"`(?P<pkg>[A-Za-z0-9][\w.-]{0,80})` \(v(?P<spec__pinned>[\w.+!-]{1,40})\) only has wheels "
        r"with the following (?P<uvtag>Python implementation|Python ABI|Python version|platform) "
        r"tags?: (?P<tags>`[^\n]{1,400})",
        "pkg",
    ),
    # pip's resolvelib factory.py _report_single_requirement_conflict (pypa/pip at 6d30920):
    # "Could not find a %s that satisfies the requirement %s (from versions: %s)" with %s
    # "version" (or "final version" when pre-releases are not allowed) and the requirement
    # "<req> (from <parent>)", the versions being the finder's candidates for this
    # interpreter and platform (wheel tags, Requires-Python) less the yanked ones, which it
    # lists first ("Ignored the following yanked versions: "), as it does those skipped for
    # Requires-Python ("Ignored the following versions that require a different python
    # version: "); for checks/no_matching_wheel.py (pip.no_dist stops at the parent's
    # parenthesis)
    _p(
        "pip.ignored_versions",
        ("ignored the following",),
        r"Ignored the following (?P<what>yanked versions|versions that require a different "
        r"python version): (?P<list>.{1,3000})",
    ),
    _p(
        "pip.range_not_offered",
        ("satisfies the requirement",),
        r"Could not find a (?:final )?version that satisfies the requirement "
        r"(?P<pkg>[A-Za-z0-9][\w.-]{0,80})"
        r"(?:\[[\w,\s-]{0,80}\])?(?P<spec>[<>=!~][^\s(;]{0,120})(?:;[^(]{0,200})?"
        r"(?: \(from (?P<parent>(?:[^()]|\([^()]{0,40}\)){1,200})\))? \(from versions: "
        r"(?P<versions>[^)]{1,2000})\)",
    ),
    _p(
        "pip.wheel_unsupported",
        ("is not a supported wheel on this platform",),
        r"(?P<pkg>(?:tensorflow|tf[-_]nightly)(?:[-_][a-z]{1,12}){0,2})-(?P<v>\d[\w.+]{0,30})-"
        r"(?P<py>cp\d+|py\d+)-[^\s-]{1,20}-(?P<plat>\w{1,60})(?:\.\w{1,60}){0,3}"
        r"(?P<stray>[ \t]{1,3})?\.whl is not a supported wheel on this platform",
    ),
    # pip kept from source distributions or the public index: the options (pip's cli
    # cmdoptions: --only-binary, --no-index, --find-links, --platform) or another index
    # ("Looking in indexes: <url>", printed when an index other than the default is set)
    _p(
        "pip.source_restricted",
        ("--only-binary", "--no-index", "--find-links", "--platform", "looking in indexes"),
        r"--only-binary\b|--no-index\b|--find-links\b|--platform\b|Looking in indexes:",
    ),
    _p(
        "pip.requires_python",
        ("requires a different python", "require a different python"),
        r"Package '(?P<pkg>[\w.-]+)' requires a different Python: (?P<py>[\d.]+) not in "
        r"'(?P<spec>[^']+)'"
        r"|Ignored the following versions that require a different python version: (?P<list>.+)",
    ),
    _p(
        "pip.no_extra",
        ("does not provide the extra",),
        r"(?P<pkg>tensorflow[\w-]{0,30}) (?P<v>\d[\w.]{0,30}) does not provide the extra "
        r"'(?P<extra>[\w-]{1,40})'",
    ),
    _p(
        "pip.zsh_extra",
        ("no matches found",),
        r"zsh: no matches found: (?P<spec>[\w.-]+\[[\w,-]+\]\S*)",
    ),
    _p(
        "pip.externally_managed",
        ("externally-managed-environment", "is managed externally"),
        r"externally-managed-environment|environment is externally managed"
        r"|Python environment under \S+ is managed externally",
    ),
    _p(
        "pip.pin_conflict",
        ("which is incompatible", "conflicting dependencies"),
        r"(?P<pkg>(?:tensorflow|tf)[\w.-]{0,60}) (?P<v>\d[\w.]{0,30}) requires "
        r"(?P<req>(?P<dep>[\w.-]{1,60})(?![\w.-])[^,;\s]{0,100})[^\n]{0,300}?, but you(?:'ll"
        r"| will)? have "
        r"(?P<dep2>[\w.-]{1,60}) (?P<have>\d[\w.]{0,30}) which is incompatible",
        "pkg",
    ),
    _p(
        "pip.listing",
        ("tensorflow  ", "tensorflow-gpu  ", "tensorflow-cpu  ", "tf-nightly  ", "tf-nightly-gpu  ",
         "tf-nightly-cpu  ", "intel-tensorflow  "),
        # intel-tensorflow: Intel's oneDNN CPU build, another distribution of the tensorflow
        # package (platform fact tf-distributions); tensorflow-intel and tensorflow-macos are
        # not here: Windows' and macOS's tensorflow requires them, a normal pair
        r"^\s*(?P<dist>tensorflow|tensorflow-gpu|tensorflow-cpu|tf-nightly|tf-nightly-gpu"
        r"|tf-nightly-cpu|intel-tensorflow)\s+(?P<v>\d+\.\d+(?!\d)[\w.]*)(?:\s+(?P<build>\S+)\s+(?P<channel>conda-forge"
        r"|defaults|pypi|pkgs/main|anaconda))?\s*$",
        "dist",
    ),
    # the same distributions in pip's other listings: `pip freeze` / `pip list --format=freeze`
    # ("tensorflow-gpu==1.15.4", or "name @ <url>" for a direct-URL install;
    # src/pip/_internal/operations/freeze.py) and `pip show` ("Name: tensorflow-gpu", then
    # "Version: 1.15.4", pip.show_version; src/pip/_internal/commands/show.py); pip writes the
    # name as the distribution's metadata spells it (tensorflow_gpu in some tools' output)
    _p(
        "pip.listing",
        ("tensorflow==", "tensorflow-gpu==", "tensorflow_gpu==", "tensorflow-cpu==",
         "tensorflow_cpu==", "tf-nightly", "tf_nightly", "tensorflow @", "tensorflow-gpu @",
         "tensorflow_gpu @", "tensorflow-cpu @", "tensorflow_cpu @", "intel-tensorflow==",
         "intel_tensorflow=="),
        r"^\s*(?P<dist>(?i:tensorflow(?:[-_](?:gpu|cpu))?|tf[-_]nightly(?:[-_](?:gpu|cpu))?"
        r"|intel[-_]tensorflow))"
        r"(?:\s*==\s*(?P<v>\d+\.\d+(?!\d)[\w.+]*)|\s+@\s+\S+)\s*$",
        "dist",
    ),
    _p(
        "pip.listing",
        ("name:",),
        r"^\s*Name:\s*(?P<dist>(?i:tensorflow(?:[-_](?:gpu|cpu))?|tf[-_]nightly(?:[-_](?:gpu|cpu))?))"
        r"\s*$",
        "dist",
    ),
    _p("pip.show_version", ("version:",), r"^\s*Version:\s*(?P<v>\d+\.\d+(?!\d)[\w.+]*)\s*$"),
    # NVIDIA's cuDNN and NCCL wheels in a `pip list` (columns) or `pip freeze` ("==") of the
    # log: the CUDA major of the environment's wheels (checks/shared_wheel_folders.py)
    _p(
        "pip.cuda_wheel_listed",
        ("nvidia-cudnn-cu", "nvidia-nccl-cu", "nvidia_cudnn_cu", "nvidia_nccl_cu"),
        r"^(?:\s*|.{0,40}?\bRequirement already satisfied: )"
        r"(?P<dist>nvidia[-_](?:cudnn|nccl)[-_]cu\d{2})"
        r"(?:(?:\s+|\s*==\s*)(?P<v>\d+(?:\.\d+){1,3})\b|\s+@\s+\S)",
        "dist",
    ),
    # pip's "Successfully uninstalled nvidia-cudnn-cu13-9.19.0.56" (req_uninstall.py): a
    # wheel a listing above named is gone (checks/shared_wheel_folders.py)
    _p(
        "pip.cuda_wheel_uninstalled",
        ("successfully uninstalled nvidia-",),
        r"Successfully uninstalled (?P<dist>nvidia[-_](?:cudnn|nccl)[-_]cu\d{2})-\d",
        "dist",
    ),
    _p(
        "numpy.abi",
        ("numpy", "_array_api"),
        r"compiled using NumPy 1\.x cannot be run in(?:\s+NumPy (?P<np>[\d.]+))?"
        r"|^NumPy (?P<np2>[2-9][\d.]*) as it may crash"
        r"|_ARRAY_API not found"
        # the message's second paragraph alone (numpy/core/_multiarray_umath.py)
        r"|downgrade to 'numpy<2' or try to upgrade the affected module"
        r"|some modules will need time to support NumPy 2"
        # Cython's ImportType check of numpy.dtype: PyArray_Descr is 96 bytes in NumPy 1.x and
        # 88 in NumPy 2.x (numpy/_core/include/numpy/ndarraytypes.h of each: 2.0 moved the
        # subarray/fields/names/f/c_metadata members out), so "Expected 96 ..., got 88" is a
        # module built for NumPy 1.x run with NumPy 2
        r"|(?P<dtype2>numpy\.dtype size changed, may indicate binary incompatibility\. "
        r"Expected 96 from C header, got 88 from PyObject)",
    ),
    # ml_dtypes (jax-ml/ml_dtypes, the NumPy dtypes TensorFlow 2.13+ and JAX import) lacking a
    # name the importing package uses: Python's AttributeError / ImportError for the module
    # (checks/ml_dtypes_names.py dates the names from ml_dtypes' CHANGELOG.md)
    _p(
        "mldtypes.no_name",
        ("ml_dtypes",),
        r"module 'ml_dtypes' has no attribute '(?P<name>\w{1,60})'"
        r"|cannot import name '(?P<name2>\w{1,60})' from 'ml_dtypes'",
    ),
    _p(
        "numpy.too_old",
        ("compiled against api version", "compiled against numpy c-api", "size changed",
         "unable to convert function return value"),
        # (NumPy before its "0x%x" form printed the versions with "%x": "module compiled
        # against API version a but this version of numpy is 9", as public build notes and
        # READMEs quote it)
        r"module (?:was )?compiled against (?:API version|NumPy C-API version) "
        r"(?P<want>0x[0-9a-fA-F]+|[0-9a-fA-F]{1,4}(?= but this version of numpy is))"
        r"(?: \(NumPy (?P<want_v>[\d.]+)\))?"
        # Cython's __Pyx_ImportType checks every NumPy type a module imports (dtype, ndarray,
        # ufunc, flatiter, broadcast, generic, ...) the same way (numpy.dtype 96 -> 88 is the
        # NumPy 2 ABI break: numpy.abi)
        r"|(?!numpy\.dtype size changed, may indicate binary incompatibility\. Expected 96 from "
        r"C header, got 88 )numpy\.[a-z]{1,20} size "
        r"changed, may indicate binary incompatibility\. Expected "
        r"(?P<exp>\d+) from C header, got (?P<got>\d+) from PyObject"
        r"|Unable to convert function return value to a Python type",
    ),
    # a compiled module asking for the extension NumPy 1.16 made by merging multiarray and
    # umath (NEP 15): that NumPy is older (platform fact numpy-multiarray-umath-first)
    _p(
        "numpy.no_umath",
        ("_multiarray_umath",),
        r"No module named ['\"]numpy\.core\._multiarray_umath['\"]",
    ),
    # pip's own version as its self-check notice prints it at the end of a run (pip 10-20.2:
    # "You are using pip version 18.1, however version 20.0.2 is available."; pip 22+:
    # "[notice] A new release of pip available: 22.3 -> 23.1" / "is available: ...").
    # Read by checks/no_matching_wheel.py
    _p(
        "pip.own_version",
        ("you are using pip version", "a new release of pip"),
        r"You are using pip version (?P<v>\d{1,3}\.\d{1,3}(?:\.\d{1,3})?)"
        r"|A new release of pip (?:is )?available: (?P<v2>\d{1,3}\.\d{1,3}(?:\.\d{1,3})?) ->",
    ),
    # NumPy's version as pip prints it ("Requirement already satisfied: numpy>=2.0 in <site>
    # (2.0.2)", a pip list row "numpy   2.0.2"); read by checks/tf_install.py beside NumPy's
    # bare import_array error
    _p(
        "ctx.numpy_shown",
        ("requirement already satisfied: numpy", "numpy "),
        r"Requirement already satisfied: numpy(?:[<>=!~][^ \n]{0,30})? in \S{1,300} "
        r"(?:\(from [^)\n]{1,200}\) )?\((?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)\)"
        r"|^\s{0,4}numpy\s{2,40}(?P<v2>\d{1,2}\.\d{1,3}\.\d{1,3})\s*$",
    ),
    _p(
        "numpy.multiarray",
        ("multiarray",),
        r"numpy\.core\.(?:multiarray|_multiarray_umath) failed to import",
    ),
    # h5py 3 reads an HDF5 attribute's variable-length string as str (h5py docs, "Strings in
    # HDF5": redesigned in 3.0); Keras's older HDF5 loaders call .decode('utf8') on it
    # (keras/engine/topology.py, saving.py, tensorflow/python/keras/saving/hdf5_format.py):
    # "AttributeError: 'str' object has no attribute 'decode'", and the source line of the
    # traceback that decodes an attribute. Read by checks/h5py_strings.py
    _p(
        "h5py.str_decode",
        ("has no attribute 'decode'",),
        r"'str' object has no attribute 'decode'",
    ),
    # an HDF5 load in view on the error's line or just above it: a .h5/.hdf5 file name, a
    # load_weights/load_model call, or a Keras HDF5 loader's frame (tf.keras hdf5_format.py,
    # multi-backend keras engine/saving.py, topology.py, network.py). Context only
    _p(
        "ctx.h5py_hdf5_load",
        ("hdf", ".h", "load_weights", "load_model", "saving.py", "topology.py", "network.py"),
        r"\.h(?:df)?5\b|\bload_(?:weights|model)\b|hdf5_format\.py|[/\\]engine[/\\]"
        r"(?:saving|topology|network)\.py",
    ),
    # a traceback's code line that calls .decode(...) (CPython prints the raising statement
    # under its frame; IPython's "----> 3 ..." arrow line): read with h5py.str_decode, whose
    # statement it may be (checks/h5py_strings.py). Context only
    _p(
        "ctx.decode_call",
        (".decode(",),
        r"^(?:[ \t]{1,40}|-{1,8}> ?\d{1,6}[ \t]{1,8})(?P<code>[^\n]{0,300}?\.decode\()",
    ),
    _p(
        "h5py.attrs_decode",
        ("attrs", ".decode("),
        r"\battrs(?:\[['\"]\w{1,40}['\"]\]|\.get\(['\"]\w{1,40}['\"]\))\.decode\("
        r"|\b(?:model_config|training_config|original_keras_version|original_backend|"
        r"layer_names)\b[^\n]{0,80}\.decode\(['\"]utf-?8['\"]\)",
    ),
    _p(
        "numpy.removed_alias",
        ("was a deprecated alias", "was removed in the numpy"),
        r"`np\.(?P<name>\w+)` was (?:a deprecated alias"
        r"|removed in the NumPy (?P<np>[\d.]+) release)",
        "name",
    ),
    _p(
        "protobuf.descriptors",
        ("descriptors cannot",),
        r"Descriptors cannot (?:not )?be created directly",
    ),
    # protobuf 3.x's C++ implementation (python/google/protobuf/pyext/message.cc
    # _CheckCalledFromGeneratedFile, descriptor.cc _CalledFromGeneratedFile): a Descriptor
    # built by code that is not a _pb2.py module at module scope (read by checks/tf_install.py)
    _p(
        "protobuf.descriptors_cpp",
        ("descriptors should not be created directly",),
        r"Descriptors should not be created directly, but only retrieved from their parent",
    ),
    _p("protobuf.downgrade", ("protobuf",), r"Downgrade the protobuf package to (?P<v>[\d.x]+)"),
    # protobuf's runtime_version.py names the protoc ("gencode") version a _pb2 module was
    # generated with and where: the warning "Protobuf gencode version 5.28.3 is exactly one
    # major version older than the runtime version 6.31.1 at tensorflow/core/framework/
    # attr_value.proto." and the error "... when loading <proto>: gencode X runtime Y".
    # Read by checks/tf_install.py (a fix must keep the runtime at or above that version).
    _p(
        "protobuf.gencode",
        ("protobuf gencode version", "detected incompatible protobuf gencode"),
        r"Protobuf gencode version (?P<gen>\d{1,3}\.\d{1,3}\.\d{1,3})[\w.-]{0,20} is "
        r"[\w ]{0,60} the runtime version [\w.-]{1,30} at (?P<loc>[\w/.-]{1,200}?\.proto)"
        r"|Detected incompatible Protobuf Gencode/Runtime versions when loading "
        r"(?P<loc2>[\w/.-]{1,200}?\.proto): gencode (?P<gen2>\d{1,3}\.\d{1,3}\.\d{1,3})",
    ),
    _p(
        "protobuf.too_old",
        ("protobuf",),
        r"cannot import name '?(?P<name>builder|symbol_database|runtime_version)'? from "
        r"'?google\.protobuf"
        r"|from google\.protobuf(?:\.internal)? import (?P<name2>builder|symbol_database|"
        r"runtime_version)"
        r"|Detected incompatible Protobuf Gencode/Runtime versions"
        # (protobuf's runtime_version.py names both: "when loading <proto>: gencode 5.28.3
        # runtime 5.27.2")
        r"(?: when loading (?P<proto>[^:\n]{1,200}): gencode "
        r"(?P<gen>\d{1,3}\.\d{1,3}\.\d{1,3}) runtime "
        r"(?P<run>\d{1,3}\.\d{1,3}\.\d{1,3}))?",
    ),
    _p(
        "protobuf.too_old",
        ("cannot import name symbol_database", "cannot import name builder"),
        r"ImportError: cannot import name '?(?P<name>symbol_database|builder)'?\s*$",
    ),
    # pip naming a package that requires protobuf (the resolver's "mediapipe 0.8.9.1 requires
    # protobuf<4,>=3.11, but you have protobuf 4.21.0 which is incompatible.", pip < 20.3's
    # "... has requirement protobuf>=3.11.4, but you'll have ..."): whose generated code a
    # protobuf error is about when no _pb2 frame says (checks/_protobuf_owner.py)
    _p(
        "protobuf.requirer",
        ("requires protobuf", "has requirement protobuf"),
        r"(?:^|\s)(?P<pkg>[A-Za-z][\w.-]{0,60}) \d[\w.+!-]{0,30} (?:requires|has requirement) "
        r"protobuf\b",
    ),
    # --- Keras 3 and tf-keras -------------------------------------------------------------
    # TF-Hub's KerasLayer called on a Keras 3 input: Keras 3's "Exception encountered when
    # calling layer 'x' (type KerasLayer)." above its KerasTensor's refusal "A KerasTensor is
    # symbolic: it's a placeholder for a shape an a dtype." (keras-team/keras
    # keras/src/backend/common/keras_tensor.py __array__; tensorflow/hub#903). Read by
    # checks/tf_install.py keras3
    _p(
        "ctx.hub_keraslayer_symbolic",
        ("(type keraslayer)", "a kerastensor is symbolic"),
        r"(?P<call>Exception encountered when calling layer '[^'\n]{1,80}' \(type KerasLayer\))"
        r"|(?P<sym>A KerasTensor is symbolic: it's a placeholder)",
    ),
    _p(
        "keras.needs_tf_keras",
        ("keras is keras", "keras.layer", "kerastensor cannot be used", "tf_keras package",
         "tf-keras"),
        r"installed version of Keras is Keras 3, but this is not yet supported in "
        r"(?P<lib>\w+)"
        # (the backticks lost where a paste was rendered as Markdown)
        r"|Only instances of `?keras\.Layer`? can be added to a Sequential model\. Received: "
        r"<?(?P<obj>[\w.]+)"
        r"|(?P<ktensor>A KerasTensor cannot be used as input to a TensorFlow function)"
        r"|TF_USE_LEGACY_KERAS set to True, but you do not have the tf_keras package"
        r"|(?P<pipreq>[\w.-]{1,60}) [\d.]{1,20} requires tf-keras",
    ),
    _p(
        "metal.symbol",
        ("libmetal_plugin", "tensorflow-plugins", "load_library(_plugin_dir)"),
        r"(?P<lib>libmetal_plugin\.dylib|tensorflow-plugins/\w+\.dylib)[^\n]{0,40}?: "
        r"(?:Symbol not found: |symbol not found in flat namespace ')(?P<sym>_?\w{1,80})"
        r"|(?P<plugin_dir>_ll\.load_library\(_plugin_dir\))",
    ),
    _p(
        "keras.legacy_api",
        ("not available with keras", "not supported in keras", "argument(s) not recognized",
         "unrecognized keyword arguments passed to", "trainer.fit() got an unexpected",
         "trainer.evaluate() got an unexpected", "trainer.predict() got an unexpected",
         "to a shape. found invalid entry", "cannot convert '('",
         "must end in `.weights.h", "must end in `.keras` (keras model format)"),
        r"`(?P<api>[\w.]+)` is not (?:available with|supported in) Keras 3"
        r"|Argument\(s\) not recognized: \{'(?P<kw>lr|decay)'"
        r"|Unrecognized keyword arguments passed to (?P<cls>\w+)(?:: \{'(?P<kw2>\w+)')?"
        # Keras 3's fit/evaluate/predict (keras/src/trainers/trainer.py and its backends' own)
        # have no workers, use_multiprocessing or max_queue_size: they moved to
        # keras.utils.PyDataset.__init__; Python's own TypeError names the backend's trainer
        r"|(?P<trainer>(?:TensorFlow|JAX|Torch|NumPy|OpenVINO)Trainer)\.(?P<meth>fit|evaluate"
        r"|predict)\(\) got an unexpected keyword argument '(?P<kw3>workers|use_multiprocessing"
        r"|max_queue_size)'"
        # Keras 3's standardize_shape (keras/src/backend/common/variables.py) given a string:
        # a Keras 2 add_weight(name, shape, ...) call, whose first positional argument Keras
        # 3 takes as the shape, so the name arrives split into characters
        r"|Cannot convert '\((?P<chars>'\w', (?:'\w', ){0,60}'\w')\)' to a shape\. "
        r"Found invalid entry '\w' of type '<class 'str'>'"
        # (the same cut short in a paste, at least three characters of the name and the line's
        # end: a shape of one-character strings is a string taken for a shape)
        r"|Cannot convert '\((?P<chars_cut>'\w', (?:'\w', ){1,60}'\w'),?\s*$"
        # Keras 3's file-name rules (keras/src/callbacks/model_checkpoint.py, keras/src/saving/
        # saving_api.py): weights go to "*.weights.h5", a ModelCheckpoint's whole models to
        # "*.keras"; the names Keras 2 code used (.h5 weights, .hdf5, .ckpt) are refused
        # (model.save's "Invalid filepath extension" is keras3-savedmodel-format's)
        r"|(?P<suffix>When using `save_weights_only=True` in `ModelCheckpoint`, the filepath "
        r"provided must end in `\.weights\.h5`|The filename must end in `\.weights\.h5`"
        r"|The filepath provided must end in `\.keras` \(Keras model format\))",
    ),
    # TensorFlow Serving's "No versions of servable <name> found under base path <path>"
    # (tensorflow/serving file_system_storage_path_source.cc). checks/serving.py
    _p(
        "serving.no_versions",
        ("no versions of servable",),
        r"No versions of servable (?P<name>\S{1,200}) found under base path "
        r"(?P<base>[^\n]{1,600}?)(?=\.? Did you forget|\.?\s*$)",
    ),
    # a docker run's bind mount (--mount type=bind,source=X,target=Y; -v X:Y): the host folder
    # behind a container path. checks/serving.py
    _p(
        "ctx.docker_mount",
        ("--mount", "-v ", "--volume"),
        r"--mount[= ]\s{0,3}type=bind,\s?source=(?P<src>[^,\s]{1,400}),\s?target="
        r"(?P<dst>/[^,\s]{1,400})"
        r"|(?:-v|--volume)[= ]\s{0,3}\"?(?P<src2>(?:[A-Za-z]:)?[^:\s\"]{1,400}):"
        r"(?P<dst2>/[^:\s\"]{1,400})",
    ),
    # ... and a version of that servable loading after it (server_core / loader_harness.cc
    # "Approving load for servable version {name: X version: N}", "Successfully loaded
    # servable version {name: X version: N}"): the folder filled while the server polled
    _p(
        "serving.loaded",
        ("approving load for servable version", "successfully loaded servable version"),
        r"(?:Approving load|Successfully loaded) (?:for )?servable version \{name: "
        r"(?P<name>[^\s}]{1,200}) version: \d{1,20}\}",
    ),
    # TensorFlow's C library (libtensorflow) for a native program (C, C++, Go, Rust): glibc's
    # loader starting an executable ("<program>: error while loading shared libraries:
    # libtensorflow.so.2: cannot open shared object file"), GNU ld / gold / lld not finding
    # the library to link ("/usr/bin/ld: cannot find -ltensorflow", older binutils "can't find",
    # lld "unable to find library -ltensorflow"), and the compile command a paste shows.
    # checks/libtensorflow_c.py
    # (macOS's dyld: "dyld[48211]: Library not loaded: @rpath/libtensorflow.2.dylib")
    _p(
        "capi.native_load",
        ("error while loading shared libraries: libtensorflow", "library not loaded: "),
        r"error while loading shared libraries: (?P<lib>libtensorflow(?:_framework|_cc|_jni)?"
        r"\.so(?:\.\d{1,3}){0,3}): cannot open shared object file"
        r"|Library not loaded: '?(?:@rpath/|[^\s']{0,200}/)?(?P<lib2>libtensorflow"
        r"(?:_framework|_cc)?(?:\.\d{1,3}){0,3}\.dylib)",
    ),
    # (macOS's ld64 "library not found for -ltensorflow"; MSVC's "LNK1181: cannot open input
    # file 'tensorflow.lib'"; GNU ld's "cannot find -l:libtensorflow_framework.so.2")
    _p(
        "capi.link_missing",
        ("-ltensorflow", "-l:libtensorflow", "cannot open input file 'tensorflow"),
        r"(?:cannot find|can't find|unable to find library|library not found for) "
        r"-l:?(?:lib)?(?P<lib>tensorflow(?:_framework|_cc)?)\b"
        r"|cannot open input file '(?P<lib2>tensorflow(?:_framework|_cc)?)\.lib'",
    ),
    _p(
        "ctx.c_link_cmd",
        ("gcc ", "g++ ", "clang"),
        r"^\s{0,8}(?:\$\s{1,4})?(?:sudo\s{1,4})?(?:gcc|g\+\+|clang\+\+|clang)(?:-\d{1,2})?\s"
        r"(?P<args>[^\n]{1,800})",
    ),
    # TensorFlow's Assign kernel refusing a value of another shape (tensorflow/core/kernels/
    # assign_op.h, in the 2.21 wheel's libtensorflow_framework.so.2: "Assign requires shapes
    # of both tensors to match. lhs shape= [..] rhs shape= [..]": lhs the variable, rhs the
    # value), as a TF 1 Saver's restore (save/Assign nodes) meets a checkpoint of another
    # shape. checks/checkpoints.py
    _p(
        "ckpt.assign_shape",
        ("assign requires shapes of both tensors to match",),
        r"Assign requires shapes of both tensors to match\. lhs shape= ?\[(?P<lhs>[\d, ?]{0,80})\]"
        r" rhs shape= ?\[(?P<rhs>[\d, ?]{0,80})\]",
    ),
    # the same refusal at graph construction: the Assign op's shape function (shape_inference
    # Merge, strings of the 2.21 wheel's libtensorflow_framework.so.2: "Dimension %d in both
    # shapes must be equal, but are %d and %d", "Shapes must be equal rank, but are %d and
    # %d") wrapped with the node (TF 1.x "for 'Assign' (op: 'Assign') with input shapes: [..],
    # [..]"; TF 2.x "for '{{node Assign}} = Assign[...](...)' with input shapes: ..."): the
    # variable's shape first, the value's second. checks/checkpoints.py
    _p(
        "ckpt.assign_infer",
        ("in both shapes must be equal", "shapes must be equal rank"),
        r"(?:Dimension \d{1,3} in both shapes must be equal, but are \d{1,12} and \d{1,12}"
        r"|Shapes must be equal rank, but are \d{1,3} and \d{1,3})"
        # (TensorFlow 1.5+ adds "Shapes are [a] and [b]." before the node)
        r"(?:\. Shapes are \[[\d,? ]{0,80}\] and \[[\d,? ]{0,80}\]\.)? for "
        r"(?:'(?P<node>[^'\s{}]{1,200})' \(op: 'Assign'\)"
        r"|'\{\{node (?P<node2>[^'\s{}]{1,200})\}\} = Assign\[[^\]\n]{0,300}\]"
        r"\([^)\n]{0,300}\)') with input shapes: "
        r"\[(?P<lhs>[\d,? ]{0,80})\], \[(?P<rhs>[\d,? ]{0,80})\]",
    ),
    # the Assign node that failed, as the op runtime names it ("[[{{node save/Assign_305}}",
    # TF 1.x "[[Node: save/Assign_6 = Assign[...]"): a Saver's restore names it save/...
    _p(
        "ckpt.assign_node",
        ("{{node", "[[node: "),
        r"\[\[(?:\{\{node |Node: )(?P<node>(?:[\w.-]{1,80}/){0,6}Assign(?:_\d{1,6})?)\b",
    ),
    # a command-line flag written with spaces around "=" ("--initialize_last_layer = False"):
    # the shell passes three words, and absl/argparse read "--initialize_last_layer" alone
    # (a boolean flag turned on) and leave "=" and "False" as other arguments
    _p(
        "ctx.flag_spaced",
        ("--",),
        # (on a command's line: a shell continuation at its end, or the python command itself;
        # a program printing its settings as "--x = y" is no command)
        r"(?:^|\s)--(?P<flag>[A-Za-z_]\w{0,80}) = (?P<val>[^\s\\]{1,100})"
        r"(?=[^\n]{0,400}\\\s*$)",
    ),
    # TensorFlow 1's variable store (tensorflow/python/ops/variable_scope.py, 1.x and 2.21's
    # compat.v1): a name already in the graph ("Variable %s already exists, disallowed. Did
    # you mean to set reuse=True or reuse=tf.AUTO_REUSE in VarScope?"; TF 1.0-1.3 without
    # AUTO_REUSE, read in the 1.0.0 and 1.3.0 wheels; the 2015 releases "Over-sharing: Variable
    # %s already exists, disallowed."; a partitioned one "Partitioned variable with name %s
    # already exists. Did you mean to set reuse=True [or reuse=tf.AUTO_REUSE] in VarScope?",
    # 1.0-2.21; a copy typed by hand drops the comma: rayat137/Pose_3D#12 "already
    # existsdisallowed"), and a shared variable asked for with another shape ("Trying to share
    # variable %s, but specified shape %s and found shape %s."). checks/tf1_variables.py
    _p(
        "tf1.variable_exists",
        ("already exists, disallowed", "already existsdisallowed", "already exists disallowed",
         "partitioned variable with name"),
        r"Variable (?P<name>\S{1,300}) already exists,? ?disallowed\b"
        r"|Partitioned variable with name (?P<name2>\S{1,300}) already exists\. Did you mean to "
        r"set reuse=True",
    ),
    _p(
        "tf1.variable_shape_shared",
        ("trying to share variable",),
        r"Trying to share variable (?P<name>\S{1,300}), but specified shape "
        r"(?P<want>\([^)\n]{0,80}\)) and found shape (?P<found>\([^)\n]{0,80}\))",
    ),
    # protobuf's Python type check of a repeated scalar field given None (python/google/
    # protobuf/internal/type_checkers.py "%.1024r has type %s, but expected one of: %s"; its
    # C++ extension "None has type NoneType, but expected one of: int, long"), and the
    # tf.train.Feature builders above it (Object Detection API utils/dataset_util.py
    # int64_list_feature, a script's own *_list_feature helpers, tf.train.Int64List). Read by
    # checks/tfrecord_writer.py
    _p(
        "proto.none_value",
        ("none has type", "'nonetype' object cannot be interpreted as an integer",
         "must be real number, not nonetype", "expected bytes, nonetype found"),
        r"None has type (?:<class ')?NoneType(?:'>)?, but expected one of: "
        # protobuf 4.21+ (upb): Int64List, FloatList, BytesList given None
        r"|TypeError: (?:'NoneType' object cannot be interpreted as an integer"
        r"|must be real number, not NoneType|expected bytes, NoneType found)",
    ),
    _p(
        "ctx.example_feature_frame",
        ("_feature", "tf.train.", "class_text_to_int"),
        r"\b(?P<fn>int64_list_feature|bytes_list_feature|float_list_feature|int64_feature"
        r"|bytes_feature|float_feature)\b|tf\.train\.(?:Int64|Bytes|Float)List\("
        r"|(?P<labelmap>\bclass_text_to_int\b)",
    ),
    # TensorFlow Lite's interpreter refusing an input's value (interpreter_wrapper.cc
    # SetTensor; the 2.21 wheel's libpywrap_tflite_common.so), and a converter's calibration
    # in view (its representative dataset fed through the same call: lite/python/optimize/
    # calibrator.py _feed_tensors). checks/tflite_inputs.py
    _p(
        "tflite.set_tensor",
        ("cannot set tensor: got value of type", "cannot set tensor: dimension",
         "cannot set tensor: size mismatch"),
        r"Cannot set tensor: Got value of type (?P<got>\w{1,20}) but expected type "
        r"(?P<want>\w{1,20}) for input \d{1,4}"
        r"|Cannot set tensor: Dimension (?:count )?mismatch[.,] (?:Got|expected) \d{1,12} "
        r"but (?:expected|found) \d{1,12}"
        r"|Cannot set tensor: Size mismatch, expected \d{1,12} for dim \d{1,3} but found "
        r"\d{1,12}",
    ),
    _p("ctx.tflite_set_tensor", ("set_tensor",), r"\.set_tensor\(|\bin set_tensor\b"),
    _p(
        "ctx.tflite_calibration",
        ("representative_dataset", "_feed_tensors", "calibrate_and_quantize"),
        r"\b(?:representative_dataset\w{0,40}|_feed_tensors|_calibrate_and_quantize"
        r"|calibrate_and_quantize)\b",
    ),
    # NaN or Inf found by a numeric check: TensorFlow's CheckNumerics kernel
    # (tensorflow/core/kernels/check_numerics_op.cc: "<message> : Tensor had NaN|Inf|Inf and NaN
    # values"; CheckNumericsV2, enable_check_numerics's: "-Inf", "+Inf", "NaN" joined with
    # "and"), the message being its caller's: TF 1's clip_by_global_norm "Found Inf or NaN
    # global norm.", the Object Detection API's "LossTensor is inf or nan."), TF 1's
    # NanTensorHook (basic_session_run_hooks.py "NaN loss during training.", its LOG(ERROR)
    # "Model diverged with loss = NaN."),
    # tf.debugging.enable_check_numerics (check_numerics_callback.py "!!! Detected Infinity or
    # NaN in output %d of ..."), Keras's TerminateOnNaN ("Batch %d: Invalid loss, terminating
    # training"; Keras 3's raise_error "NaN or Inf loss encountered at batch %d"; MindSpore's
    # "step: N. Invalid loss" is not Keras's). checks/non_finite_values.py
    _p(
        "train.tensor_not_finite",
        ("tensor had",),
        r": Tensor had (?P<what>(?:[-+]?Inf|NaN)(?:,? (?:and )?(?:[-+]?Inf|NaN)){0,2}) values",
    ),
    _p(
        "train.loss_not_finite",
        ("nan loss during training", "model diverged with loss = nan", "nan in summary histogram",
         "infinity in summary histogram",
         "invalid loss, terminating training",
         "nan or inf loss encountered", "detected infinity or nan in output",
         "abnormal_detected_host", " - loss: nan"),
        r"(?P<hook>NaN loss during training\.|Model diverged with loss = NaN\.)"
        # TensorFlow's histogram summary refusing NaN values (summary_op_util / the
        # WriteHistogramSummary kernel: "Nan in summary histogram for: <tag>", strings of the
        # 2.21 wheel): the Keras TensorBoard callback's histograms, tf.summary.histogram
        r"|(?P<histkind>Nan|Infinity) in summary histogram for: (?P<histogram>[^\s\[]{1,200})"
        r"|(?P<keras>Batch \d{1,12}: Invalid loss, terminating training"
        r"|NaN or Inf loss encountered at batch \d{1,12})"
        r"|(?P<callback>!!! Detected Infinity or NaN in output \d{1,6} of)"
        # the CheckNumerics GPU kernel's own LOG(ERROR) before its status (check_numerics_op.cc:
        # "abnormal_detected_host @<ptr> = {<is_nan>, <is_inf>} <message>")
        r"|abnormal_detected_host @0x[0-9a-fA-F]{1,16} = \{(?P<isnan>[01]), (?P<isinf>[01])\} "
        r"(?P<gpumsg>[^\n]{0,160})"
        # Keras's progress bar showing the loss as nan (the epoch goes on; no exception)
        r"|(?P<progbar> - loss: nan\b)",
    ),
    # Hugging Face transformers' TensorFlow classes unavailable: exported only when TensorFlow
    # imports (transformers/__init__.py's is_tf_available() branch), else a dummy object whose
    # use raises utils/import_utils.py's TENSORFLOW_IMPORT_ERROR ("{0} requires the TensorFlow
    # library but it was not found in your environment."); transformers 5 removed its TensorFlow
    # classes altogether (huggingface/transformers#40760). checks/python_import.py
    _p(
        "eco.transformers_tf_class",
        ("from 'transformers'", "requires the tensorflow library but it was not found"),
        r"cannot import name '(?P<name>TF[A-Z]\w{1,80})' from 'transformers'"
        r"|(?P<name2>\w{1,80}) requires the TensorFlow library but it was not found in "
        r"your environment",
    ),
    # Keras's plot_model / model_to_dot without pydot or Graphviz (keras-team/keras at its tags:
    # 2.0.x utils/vis_utils.py "Failed to import pydot. You must install pydot and graphviz for
    # `pydotprint` to work."; 2.1-2.3 "Failed to import `pydot`. Please install `pydot`." and
    # "`pydot` failed to call GraphViz.Please install GraphViz ..."; 2.4-2.15 and 3.x "You must
    # install pydot (`pip install pydot`) and install graphviz (see instructions at
    # https://graphviz.gitlab.io/download/) for plot_model to work.", "You must install pydot
    # (`pip install pydot`) for `model_to_dot` to work."; Keras 3.15 keras/src/utils/
    # model_visualization.py: "... for `plot_model` to work." and "You must install graphviz
    # (see instructions at ...) for `plot_model` to work."; TF 2.0-2.5's tf.keras copy raises
    # a tuple: "('Failed to import pydot. You must `pip install pydot` and install graphviz
    # (https://graphviz.gitlab.io/download/), ', 'for `pydotprint` to work.')").
    # checks/keras_plot_model.py
    _p(
        "keras.pydot_graphviz",
        ("failed to import pydot", "failed to import `pydot`", "`pydot` failed to call graphviz",
         "you must install pydot", "you must install graphviz"),
        r"(?P<graphviz>`pydot` failed to call GraphViz|You must install graphviz \(see "
        r"instructions at [^)\n]{1,80}\) for `?plot_model)"
        # (the backticks are lost when a thread's text is pasted: keras-team/keras#10935)
        r"|(?P<pydot>Failed to import `?pydot`?\. Please install `?pydot`?"
        r"|You must install pydot \(`pip install pydot`\) for `?(?:model_to_dot|plot_model))"
        r"|(?P<either>Failed to import pydot\. You must (?:`pip )?install pydot`? and "
        r"(?:install )?graphviz"
        r"|You must install pydot \(`pip install pydot`\) and install graphviz)",
    ),
    # TensorFlow's own file system on Windows failing on a path (tsl/platform/windows/
    # windows_file_system.cc: "NewRandomAccessFile failed to Create/Open: <name> : <Windows'
    # error text, in the system's language>", "Failed to create a NewWriteableFile: <name> :
    # ...", "Failed to rename: <src> to: <target> : ..."). checks/windows_paths.py
    _p(
        "win.tf_file_error",
        ("newrandomaccessfile failed to create/open: ", "failed to create a newwriteablefile: ",
         "newwriteablefile failed to create/open: ", "failed to rename: "),
        r"(?P<op>NewRandomAccessFile failed to Create/Open|Failed to create a NewWriteableFile"
        r"|NewWriteableFile failed to Create/Open|Failed to rename): (?P<path>[^\n]{1,1000}?)"
        # (trailing blanks bounded: an unbounded \s*$ at each of the path's ends scans a long
        # blank tail again and again)
        r"(?= : | to: |\s{0,80}$)",
    ),
    # TensorFlow Serving's storage path source when a model's base path does not exist
    # (tensorflow/serving file_system_storage_path_source.cc: "FileSystemStoragePathSource
    # encountered a filesystem access error: Could not find base path <path> for servable
    # <name>"). checks/serving.py
    _p(
        "serving.base_path_missing",
        ("could not find base path",),
        # (a Windows path may hold spaces: Git Bash's "C:/Program Files/Git/models/x")
        r"Could not find base path (?P<base>\S[^\n]{0,600}?) for servable "
        r"(?P<name>[^\s'\"]{1,200})",
    ),
    # tensorflow/core/platform/env.cc GetFileSystemForFile: no file system registered for a
    # path's scheme, "[local]" for a path without one ("File system scheme '[local]' not
    # implemented (file: 'x')"): the process running the op has no local file system (a
    # Cloud TPU's worker). checks/tpu_files.py
    _p(
        "tpu.local_fs",
        ("file system scheme '[local]' not implemented",),
        r"File system scheme '\[local\]' not implemented(?: \(file: '(?P<path>[^'\n]{1,600})')?",
    ),
    # TensorFlow.js's deserializeKerasObject (tfjs-layers src/utils/generic_utils.ts): "Unknown
    # layer: Lambda. This may be due to one of the following reasons: 1. The layer is defined
    # in Python, in which case it needs to be ported to TensorFlow.js or your JavaScript code.
    # 2. The custom layer is defined in JavaScript, but is not registered properly with
    # tf.serialization.registerClass()." checks/tfjs_models.py
    _p(
        "tfjs.unknown_class",
        ("this may be due to one of the following reasons",),
        r"Unknown (?P<what>[a-z][\w ]{0,40}?): (?P<name>[^\s.][^\s]{0,200}?)\. This may be "
        r"due to one of the following reasons",
    ),
    # tf.distribute's values (tensorflow/python/distribute/values.py): a PerReplica value (what
    # strategy.run returns, an element of a distributed dataset) used as one tensor: "'PerReplica'
    # object has no attribute 'numpy'", and its tensor conversion outside a replica context
    # ("It looks like you are using a PerReplica object while not inside a replica context").
    # checks/distributed_values.py
    _p(
        "strategy.per_replica_used",
        ("'perreplica' object has no attribute", "using a perreplica object while not inside"),
        r"'(?P<cls>PerReplica)' object has no attribute '(?P<attr>\w{1,80})'"
        r"|(?P<ctx>It looks like you are using a PerReplica object while not inside a replica "
        r"context)",
    ),
    # tf.function refusing variables made after its first trace (tensorflow/python/eager/
    # polymorphic_function/polymorphic_function.py, TF 2.21: "tf.function only supports
    # singleton tf.Variables created on the first call", "Creating variables on a non-first
    # call to a function decorated with tf.function."; def_function.py of TF 2.0-2.4:
    # "tf.function-decorated function tried to create variables on non-first call.").
    # checks/tf_function_code.py
    _p(
        "tf.function_new_variables",
        ("tried to create variables on non-first call", "creating variables on a non-first call",
         "only supports singleton tf.variables created on the first call"),
        r"tf\.function-decorated function tried to create variables on non-first call"
        r"|Creating variables on a non-first call to a function decorated with tf\.function"
        r"|tf\.function only supports singleton tf\.Variables created on the first call",
    ),
    # tensorflow/python/framework/tensor_shape.py (2.21): a shape whose rank is unknown asked
    # for its dimensions: "as_list() is not defined on an unknown TensorShape.", "Cannot iterate
    # over a shape with unknown rank.", "Cannot take the length of shape with unknown rank."
    # checks/tf_function_code.py
    _p(
        "tf.unknown_rank",
        ("as_list() is not defined on an unknown tensorshape",
         "cannot iterate over a shape with unknown rank",
         "cannot take the length of shape with unknown rank"),
        r"(?P<said>as_list\(\) is not defined on an unknown TensorShape"
        r"|Cannot iterate over a shape with unknown rank"
        r"|Cannot take the length of shape with unknown rank)",
    ),
    # a function's scalar float32 argument converted to a string tensor (tensor conversion,
    # tensorflow/python/framework/tensor_conversion_registry.py: "Tensor conversion requested
    # dtype string for Tensor with dtype float32: <tensor>"): a dataset of file names built
    # from an empty list (float32) reaching a reader inside a map or interleave; TF 2.x's
    # readers check it first (tensorflow/python/data/ops/readers.py: "The `filenames` argument
    # must contain `tf.string` elements. Got `tf.float32` elements.", reproduced on 2.21 with
    # Dataset.from_tensor_slices([]).interleave(tf.data.TFRecordDataset)).
    # checks/input_files.py
    _p(
        "tf.filename_float_arg",
        ("tensor conversion requested dtype string for tensor with dtype float",
         "argument must contain `tf.string` elements. got `tf.float"),
        r"Tensor conversion requested dtype string for Tensor with dtype float32: "
        r"(?:'?Tensor\(\"(?P<arg>args?_?\d{1,3}):0\", shape=\(\), dtype=float32"
        # (TF 2's repr of the same graph tensor: "<tf.Tensor 'args_0:0' shape=() dtype=float32>")
        r"|<tf\.Tensor '(?P<arg3>args?_?\d{1,3}):0' shape=\(\) dtype=float32>)"
        r"|The `(?P<arg2>filenames)` argument must contain `tf\.string` elements\. Got "
        r"`tf\.float32` elements",
    ),
    # Python's ssl module failing certificate verification (CPython Modules/_ssl.c "[SSL:
    # CERTIFICATE_VERIFY_FAILED] certificate verify failed: <reason>"); checks/downloads.py
    # takes the host from a URL on the same line (Keras get_file's "URL fetch failure on
    # <url>: ...")
    _p(
        "net.cert_verify_failed",
        ("certificate_verify_failed",),
        r"\[SSL: CERTIFICATE_VERIFY_FAILED\] certificate verify failed"
        r"(?:: (?P<reason>[A-Za-z][\w ,'.-]{2,120}?))?(?= \(_ssl\.c|\s*$|'\)|\)|>)",
    ),
    # wget's own verification failure (GNU wget src/openssl.c ssl_check_certificate: "%s:
    # cannot verify %s's certificate, issued by %s:", severity ERROR, or WARNING under
    # --no-check-certificate, which goes on), its reason on the next line (ctx.wget_cert_reason)
    _p(
        "net.wget_cert_failed",
        ("cannot verify",),
        r"^\s{0,8}ERROR: cannot verify (?P<host>[\w.-]{1,200})'s certificate, issued by",
    ),
    # wget's reason lines (src/openssl.c: X509_V_ERR_CERT_HAS_EXPIRED, _CERT_NOT_YET_VALID,
    # _UNABLE_TO_GET_ISSUER_CERT_LOCALLY, _SELF_SIGNED_CERT_IN_CHAIN / _DEPTH_ZERO_SELF_SIGNED)
    _p(
        "ctx.wget_cert_reason",
        ("issued certificate", "unable to locally verify", "self-signed certificate encountered"),
        r"^\s{1,8}(?P<reason>Issued certificate has expired|Issued certificate not yet valid"
        r"|Unable to locally verify the issuer's authority|Self-signed certificate encountered)\.",
    ),
    # The library whose download failed, from its traceback frames or message (Keras get_file's
    # "URL fetch failure", keras[/src]/utils; tensorflow_hub; tensorflow_datasets; torchvision):
    # checks/downloads.py names it, and no other
    _p(
        "ctx.download_library",
        ("keras", "url fetch failure", "tensorflow_hub", "tensorflow_datasets", "torchvision"),
        r"(?P<keras>\bkeras[/\\.](?:src[/\\.])?utils\b|URL fetch failure)"
        r"|(?P<hub>\btensorflow_hub\b)|(?P<tfds>\btensorflow_datasets\b)|(?P<tv>\btorchvision\b)",
    ),
    # A python.org framework Python on macOS (its installer has no root certificates until
    # "Install Certificates.command" runs)
    _p(
        "ctx.python_org_macos",
        ("/library/frameworks/python.framework/",),
        r"/Library/Frameworks/Python\.framework/Versions/(?P<v>\d\.\d{1,2})/",
    ),
    # The TensorFlow Lite converter and ops without a builtin kernel (TF 2.21 wheel,
    # libtensorflow_cc.so.2: TOCO's "Some of the operators in the model are not supported by
    # the standard TensorFlow Lite runtime" and its list line, the MLIR converter's "'tf.X'
    # op is neither a custom op nor a flex op" and "Some ops are not supported by the native
    # TFLite runtime"). checks/tflite_converter.py
    _p(
        "tflite.ops_unsupported",
        ("not supported by the standard tensorflow lite runtime",
         "need custom implementations", "neither a custom op nor a flex op",
         "not supported by the native tflite runtime", "error_needs_flex_ops",
         "error_needs_custom_ops", "ops in the model are custom ops", "custom ops: ",
         "tf select ops: "),
        r"Some of the operators in the model are not supported by the standard TensorFlow Lite "
        r"runtime(?:[^\n]{0,1500}?list of operators for which you will need custom "
        r"implementations: (?P<ops>[A-Za-z][\w>]{0,80}(?:, [A-Za-z][\w>]{0,80}){0,60}))?"
        r"|list of operators for which you will need custom implementations: "
        r"(?P<ops2>[A-Za-z][\w>]{0,80}(?:, [A-Za-z][\w>]{0,80}){0,60})"
        r"|'tf\.(?P<op>[A-Za-z][\w>]{0,80})' op is neither a custom op nor a flex op"
        # (the list on the same line as the flex verdict: one pasted line)
        r"|(?P<flex2>Some ops are not supported by the native TFLite runtime)[^\n]{0,300}?"
        r"TF Select ops: (?P<sops2>[A-Za-z][\w>]{0,80}(?:, ?[A-Za-z][\w>]{0,80}){0,60})"
        r"|(?P<flex>Some ops are not supported by the native TFLite runtime"
        r"|Error code: ERROR_NEEDS_FLEX_OPS)"
        # the converter's own verdict that the ops are no flex ops (Select TF ops cannot run
        # them): "Some ops in the model are custom ops, See instructions to implement custom
        # ops", "Custom ops: <ops>", "Error code: ERROR_NEEDS_CUSTOM_OPS"
        r"|(?P<custom>Some ops in the model are custom ops|Error code: ERROR_NEEDS_CUSTOM_OPS)"
        r"|^Custom ops: (?P<cops>[A-Za-z][\w>]{0,80}(?:, [A-Za-z][\w>]{0,80}){0,60})"
        # the flex verdict's op list, "TF Select ops: Conv2D, Mul" (tensorflow/lite/python/
        # authoring/authoring.py reads the converter's error by _TF_OPS_HDR = "TF Select ops: ")
        r"|\bTF Select ops: (?P<sops>[A-Za-z][\w>]{0,80}(?:, ?[A-Za-z][\w>]{0,80}){0,60})",
    ),
    # The "Details:" lines under the converter's "TF Select ops:" list, one per op instance with
    # its operand types: "tf.Conv2D(tensor<?x?x?x?xf32>, tensor<1x1x64x48xf32>) -> ..." (a "?"
    # is a dimension unknown at conversion). Context for checks/tflite_converter.py.
    _p(
        "ctx.tflite_select_detail",
        ("tensor<",),
        r"^\s{0,8}tf\.(?P<op>[A-Za-z]\w{0,80})\((?P<args>tensor<[^\n]{0,600})",
    ),
    # The log names TensorFlow.js's TensorFlow Lite runtime (tfjs-tflite: a prebuilt TFLite
    # WASM runtime for the browser, tensorflow/tfjs tfjs-tflite/scripts/download-tflite-web-api.sh)
    # or a .tflite model meant for the web. checks/_tfjs_tflite.py. Also by its JS names
    # (tensorflow/tfjs tfjs-tflite: the bundle tf-tflite.min.js, the WASM client
    # tflite_web_api_client.js, src/tflite_model.ts "Failed to create TFLiteWebModelRunner")
    _p(
        "ctx.tfjs_tflite",
        ("tfjs-tflite", "tfjs_tflite", " web", "browser", "tflitewebmodelrunner", "tf-tflite",
         "tflite_web_api"),
        r"tfjs[-_]tflite|tflite\b[^\n]{0,60}?\b(?:on|for|in) (?:the )?(?:web\b|browser)"
        r"|\bTFLiteWebModelRunner\b|\btf-tflite(?:\.min)?\.js\b|\btflite_web_api\w{0,20}\.js\b",
    ),
    # A checkpoint restore asked for a name the checkpoint does not hold (TF 2.21 wheel:
    # tensor_bundle.cc "Key ... not found in checkpoint", tensor_slice_reader.cc 'Tensor name
    # "..." not found in checkpoint files', checkpoint_utils.py "Tensor ... is not found in
    # ... checkpoint", saver.py's summary line). checks/checkpoints.py
    _p(
        "ckpt.key_not_found",
        ("not found in checkpoint", "is not found in"),
        # (not a KeyError quoting such a text: another framework's own loader)
        r"^(?![^\n]{0,200}KeyError)[^\n]{0,400}?(?:"
        r"\bKey (?P<key>[^\s\[\]]{1,300}) not found in checkpoint\b"
        r"|Tensor name \"(?P<key2>[^\"\n]{1,300})\" not found in checkpoint files? "
        r"(?P<files>[^\n\t\"']{1,600}?)?(?=[\"']|\s{0,40}$|\s{1,40}\[\[|\t)"
        r"|\bTensor (?P<key3>[^\s()]{1,300}) (?:\([^)\n]{0,300}\) )?is not found in "
        r"[^\n]{0,300}?\bcheckpoint\b)",
    ),
    # The checkpoint's files where the path given points (same libraries: tensor_slice_reader.cc
    # "Unsuccessful TensorSliceReader constructor: Failed to find any matching files for
    # <path>" / "Failed to get matching files on <path>", table.cc's "Unable to open table
    # file <path>: Data loss: not an sstable (bad magic number)" for a file that is not a
    # checkpoint's index, and a data or index file the OS does not find). checks/checkpoints.py
    _p(
        "ckpt.path_not_found",
        ("not an sstable", "no such file or directory"),
        r"Unable to open table file (?P<table>[^\n]{1,600}?): Data loss: not an sstable"
        r"|(?P<part>[^;\n]{1,600}\.(?:index|data-\d{5}-of-\d{5})); No such file or directory",
    ),
    # (the reader's own words, from their first occurrence only: linear on a line that
    # repeats them; the path to the line's end: Windows drives and folders with spaces; TF
    # 2.13+ adds "Please double-check that the path is correct. You may be missing the
    # checkpoint suffix ..." on the next line, which a paste may join)
    _p(
        "ckpt.reader_no_files",
        ("unsuccessful tensorslicereader constructor",),
        _first("Unsuccessful TensorSliceReader constructor: Failed to ")
        + r"(?:find any matching files for|get matching files on) (?P<path>[^\n\t]{1,600}?)"
        r"(?=[.,;:]?\s{0,40}$|: |\s{1,40}\[\[|\t|\s{1,40}Please double-check)",
    ),
    # TensorFlow's Saver wrapping any NotFoundError of a restore (saver.py
    # _wrap_restore_error_with_msg): its guess, not a finding; checks/checkpoints.py reads the
    # original error below it
    _p(
        "ckpt.restore_failed",
        ("restoring from checkpoint failed",),
        r"Restoring from checkpoint failed\. This is most likely due to",
    ),
    # Keras 2.7-2.15's KerasTensor.__array__ (keras/engine/keras_tensor.py): a symbolic tensor
    # given to a TensorFlow API without dispatch. checks/keras_model_code.py
    _p(
        "keras.tensor_no_dispatch",
        ("an intermediate keras symbolic input/output, to a tf api that does not allow",),
        r"an intermediate Keras symbolic input/output, to a TF API that does not allow "
        r"registering custom dispatchers",
    ),
    # keras.applications' obtain_input_shape (keras-team/keras v2.9.0 keras/applications/
    # imagenet_utils.py; keras_applications' _obtain_input_shape before): imagenet weights on a
    # model whose input size is fixed (include_top=True; NASNet always). checks/
    # saved_model_files.py
    _p(
        "keras.app_input_shape",
        ("and loading `imagenet` weights, `input_shape` should be",
         "and loading imagenet weights, input_shape should be"),
        # (Keras 2.0.8-2.2.x print no space before the first backtick)
        r"When setting ?`?include_top=True`? and loading `?imagenet`? weights, `?input_shape`? "
        r"should be (?P<shape>\(\d{1,4}, \d{1,4}, \d{1,4}\))"
        r"(?:\.\s{1,4}Received: input_shape=(?P<got>\([^)\n]{1,60}\)))?",
    ),
    # TensorBoard's page with no data (tensorflow/tensorboard frontend, the tensorboard wheel's
    # webfiles.zip index.js): "No dashboards are active for the current data set." and the
    # "Log directory: <logdir>" line under it. checks/tensorboard_data.py
    _p(
        "tb.no_dashboards",
        ("no dashboards are active for the current data set",),
        r"No dashboards are active for the current data set",
    ),
    # TensorBoard's own error reading the log directory's file system (io_wrapper.py, the
    # file system layer: "File system scheme 'gs' not implemented", permission denied)
    _p(
        "tb.logdir_unreadable",
        ("file system scheme", "permission denied"),
        r"File system scheme '(?P<scheme>\w{1,20})' not implemented|Permission denied",
    ),
    _p(
        "tb.logdir",
        ("log directory:",),
        r"^\s{0,8}\*{0,2}Log directory:\*{0,2} (?P<dir>\S[^\n]{0,400})$",
    ),
    # TensorBoard before tensorflow/tensorboard#266 (December 2017) split --logdir at its first
    # colon into "run name:path" (application.py ParseEventFilesSpec / parse_event_files_spec:
    # specification.partition(':') unless it starts with '/'; #266 added "not
    # os.path.splitdrive(specification)[0]"), so --logdir=E:\tmp\x became run "E" with path
    # \tmp\x, which os.path.realpath resolved on the CURRENT drive; its debug log then names
    # that folder: "Starting AddRunsFromDirectory: C:\tmp\x" (tensorflow/tensorflow#6313,
    # tensorflow/tensorboard#52). Read by checks/tensorboard_drive.py
    _p(
        "ctx.tb_add_runs",
        ("starting addrunsfromdirectory",),
        r"Starting AddRunsFromDirectory: (?P<drive>[A-Za-z]):(?P<rest>\\[^\s\"',]{0,300})",
    ),
    _p(
        "ctx.tb_logdir_arg",
        ("--logdir",),
        r"\btensorboard(?:\.exe)?\s[^\n]{0,200}?--logdir(?:=|\s{1,4})[\"']?(?P<drive>[A-Za-z]):"
        r"(?P<rest>\\[^\s\"',]{0,300})",
    ),
    # keras.applications' private _obtain_input_shape called with its Keras 2.0.0-2.0.7
    # argument include_top (renamed require_flatten in 2.0.8: keras-team/keras
    # keras/applications/imagenet_utils.py at the tags). checks/saved_model_files.py
    _p(
        "keras.obtain_input_shape_include_top",
        ("_obtain_input_shape() got an unexpected keyword argument",),
        r"_obtain_input_shape\(\) got an unexpected keyword argument 'include_top'",
    ),
    # A Lambda layer's call failing (Keras 2.x traceback_utils: 'Exception encountered when
    # calling layer "<name>" (type Lambda).') and Python's NameError text; a load_model call in
    # view. checks/saved_model_files.py
    _p(
        "keras.lambda_call",
        ("(type lambda)",),
        r"Exception encountered when calling layer \"?(?P<layer>[^\"\n]{1,200})\"? \(type Lambda\)",
    ),
    _p(
        "py.name_undefined",
        ("is not defined",),
        r"(?:^|NameError: )\s*name '(?P<name>[A-Za-z_]\w{0,80})' is not defined",
    ),
    _p(
        "ctx.load_model_call",
        ("load_model(",),
        r"\bload_model\(",
    ),
    # Keras 2.3's TensorFlow backend binding tf.keras's get_graph at import (keras-team/keras
    # 2.3.0 keras/backend/tensorflow_backend.py). checks/keras2_standalone.py
    # Keras's module registries (initializers/__init__.py, activations.py of Keras 2.4-2.6 and
    # of tf.keras 2.2-2.5) call generic_utils.populate_dict_with_module_objects, and the
    # generic_utils module they import has no such function: Keras/TensorFlow files of two
    # releases (keras-team/keras#14632, #14677, tensorflow/tensorflow#38012, tensorflow/models
    # #10024). checks/keras2_standalone.py
    _p(
        "keras.generic_utils_mixed",
        ("has no attribute 'populate_dict_with_module_objects'",),
        r"module '(?P<mod>(?:tensorflow(?:_core)?\.python\.)?keras\.utils\.generic_utils)' has "
        r"no attribute 'populate_dict_with_module_objects'",
    ),
    _p(
        "keras.k23_get_graph",
        ("has no attribute 'get_graph'",),
        r"module 'tensorflow\.python\.keras\.backend' has no attribute 'get_graph'",
    ),
    # Python refusing to set a read-only attribute (CPython Objects/descrobject.c property
    # without a setter: "can't set attribute" up to 3.9, "can't set attribute 'lr'" in 3.10,
    # "property 'lr' of 'Adam' object has no setter" from 3.11): an optimizer's lr in
    # standalone Keras 2.3 (platform fact keras-optimizer-lr-read-only); the bare wordings
    # are read only under a code line assigning .lr (ctx.lr_assign). checks/
    # keras_api_signatures.py
    _p(
        "keras.lr_no_setter",
        ("can't set attribute", "object has no setter"),
        r"^\s*(?:AttributeError: )?can't set attribute(?: 'lr')?\s*$"
        r"|property 'lr' of '(?P<cls>\w{1,80})' object has no setter",
    ),
    _p(
        "ctx.lr_assign",
        (".lr =", ".lr="),
        r"(?P<target>(?<![\w.])[A-Za-z_][\w.]{0,80})\.lr ?=(?!=)(?P<value>[^\n]{0,200})",
    ),
    # IPython's arrow at the line that raised ("----> 2 df.shape = ..."): a code line above
    # it without the arrow is context, not the failing line
    _p(
        "ctx.ipython_arrow",
        ("-->",),
        r"^\s{0,4}-{2,8}>\s{0,4}(?:\[\d{1,6}\]\(|\d{1,6}\s)",
    ),
    # Standalone Keras in view: its banner, a file of its package, an import of it, or its
    # backend module's K.<fn>( idiom
    _p(
        "ctx.keras_standalone",
        ("using tensorflow backend", "keras", "k."),
        r"Using TensorFlow backend\.|[/\\]site-packages[/\\]keras[/\\]"
        r"|^\s{0,40}(?:from keras\b|import keras\b)|(?<![\w.])K\.[a-z_]{2,40}\(",
    ),
    # Python's TypeError for add_weight given the name (or the shape) twice: positionally
    # and by keyword (platform fact keras-add-weight-signatures; Python 3.10+ qualifies the
    # method: "Layer.add_weight() got ..."). checks/keras_api_signatures.py
    _p(
        "keras.add_weight_twice",
        ("add_weight() got multiple values for argument",
         "must be passed as a keyword argument. received: add_weight("),
        r"\badd_weight\(\) got multiple values for argument '(?P<arg>name|shape)'"
        # Keras 3's own check (keras/src/layers/layer.py add_weight, Keras 3.15): "`name` must
        # be passed as a keyword argument. Received: add_weight('kernel', ...)."
        r"|`name` must be passed as a keyword argument\. Received: add_weight\('",
    ),
    # Keras 3's optimizers have no lr (keras/src/optimizers/base_optimizer.py: learning_rate
    # only); read with Keras in view (PyTorch's optimizers are named alike). checks/
    # keras_api_signatures.py
    _p(
        "keras.optimizer_no_lr",
        ("object has no attribute 'lr'",),
        r"'(?P<cls>Adam|AdamW|SGD|RMSprop|Adagrad|Adadelta|Adamax|Nadam|Ftrl|Lion|Adafactor"
        r"|LossScaleOptimizer)' object has no attribute 'lr'",
    ),
    # keras.applications refusing imagenet weights with another number of classes (Keras 3
    # keras/src/applications/*.py: 'If using `weights` as `"imagenet"` with `include_top` as
    # true, `classes` should be 1000'). checks/saved_model_files.py
    _p(
        "keras.app_classes",
        ("`classes` should be", "as true, classes should be"),
        r"`?classes`? should be 1000",
    ),
    # Keras 3's Lambda layer refusing a Python lambda from a file in safe mode
    # (keras/src/layers/core/lambda_layer.py _raise_for_lambda_deserialization).
    # checks/saved_model_files.py
    _p(
        "keras.lambda_safe_mode",
        ("requested the deserialization of a `lambda` layer",
         "requested the deserialization of a lambda layer"),
        r"Requested the deserialization of a `?Lambda`? layer whose `?function`? is a Python "
        r"lambda",
    ),
    # Keras's optimizers.get refusing an object that is not one of its own optimizers:
    # "Could not interpret optimizer identifier: <keras.optimizers.Adam object at 0x..>"
    # (every Keras: keras/optimizers.py, tensorflow/python/keras/optimizers.py, keras/src/
    # optimizers/__init__.py; a tuple in Python 2). Read by checks/keras_two_kerases.py
    _p(
        "keras.optimizer_identifier",
        ("could not interpret optimizer identifier",),
        r"Could not interpret optimizer identifier:'?,? ?<(?P<mod>[A-Za-z_][\w.]{0,160})\."
        r"(?P<cls>\w{1,80}) object at 0x[0-9a-fA-F]{1,16}>",
    ),
    # keras-tuner refusing what the model-building function returned (keras-team/keras-tuner
    # 1.0.0-1.1.x "Model-building function did not return a valid Keras Model instance, found
    # {model}"; 1.2.0-1.4.7 keras_tuner/engine/tuner.py _try_build: "Expected the model-building
    # function, or HyperModel.build() to return a valid Keras Model instance. Received: {model}
    # of type {type(model)}."). Read by checks/keras_two_kerases.py
    _p(
        "keras.tuner_not_a_model",
        ("valid keras model instance",),
        r"valid Keras Model instance(?:\. Received: |, found )(?P<model>[^\n]{1,300}?)"
        r"(?: of type <class '(?P<type>[A-Za-z_][\w.]{0,200})'>|\.?\s*$)",
    ),
    # Sequential.add refusing an object that is no Layer of its own Keras: multi-backend
    # keras 2.2-2.3 keras/engine/sequential.py and tf.keras TF 1.x-2.5 tensorflow/python/
    # keras/engine/sequential.py "The added layer must be an instance of class Layer. Found: "
    # + str(layer); Keras 2.6-2.15 keras/engine/sequential.py "... Layer. Received: layer={layer}
    # of type {type(layer)}." (a tf.Module is wrapped, anything else refused). Read by
    # checks/keras_two_kerases.py
    _p(
        "keras.added_layer_not_layer",
        ("the added layer must be an instance of class layer",),
        # (a paste may lose the colon after "Found")
        r"The added layer must be an instance of class Layer\.? (?:Found:? ?|Received: layer=)"
        r"(?P<obj>[^\n]{1,300}?)(?: of type <class '(?P<type>[A-Za-z_][\w.]{0,200})'>\.?)?"
        r"[\s\"'`*]*$",
    ),
    # tf.keras's own functional bookkeeping reading a tensor's history as KerasHistory
    # (tensorflow/python/keras/engine/base_layer.py, node.py: t._keras_history.layer), given a
    # tensor of multi-backend keras <= 2.3, whose _keras_history is a plain tuple (keras/engine/
    # base_layer.py _add_inbound_node: (layer, node_index, tensor_index)); threads
    # keunwoochoi/kapre#66, yongzhuo/Keras-TextClassification#77, tensorflow/probability#478.
    # Read by checks/keras_two_kerases.py
    _p(
        "keras.history_tuple",
        ("'tuple' object has no attribute 'layer'",),
        r"'tuple' object has no attribute 'layer'",
    ),
    # tf.keras's TensorBoard.set_model (TF 2.1 tensorflow_core/python/keras/callbacks.py:
    # self.model._get_distribution_strategy(); guarded by hasattr from tensorflow/tensorflow
    # PR #34870) given a model of multi-backend keras 2.3, whose keras/callbacks/tensorboard_v2.py
    # delegates to it (fizyr/keras-retinanet#1239). Read by checks/keras_two_kerases.py
    _p(
        "keras.no_distribution_strategy",
        ("attribute '_get_distribution_strategy'", "attribute _get_distribution_strategy'"),
        # (a paste may lose a quote, as Markdown does)
        r"'(?P<cls>\w{1,80})' object has no attribute '?_get_distribution_strategy'",
    ),
    # tensorflow_model_optimization's type checks (tensorflow/model-optimization
    # tensorflow_model_optimization/python/core/quantization/keras/quantize.py: "`to_annotate`
    # can only be a `tf.keras.layers.Layer` instance. You passed an instance of type: X.";
    # sparsity/keras/prune.py "`prune_low_magnitude` can only prune an object of the following
    # types: tf.keras.models.Sequential, ..."). Its keras is tf.keras, and tf_keras when tf.keras
    # is Keras 3 (python/core/keras/compat.py _get_keras_instance, commit 17fe3a49); its later
    # messages drop the "tf.". Read by checks/keras_two_kerases.py
    _p(
        "keras.tfmot_other_keras",
        ("can only be a `tf.keras.", "can only be a `keras.", "can only prune an object",
         "can only cluster an object"),
        r"`(?P<arg>\w{1,40})` can only (?:be an? `(?P<tf>tf\.)?keras\.(?:layers\.Layer|Model)` "
        r"instance|(?:prune|cluster) an object of the following types: (?P<tf2>tf\.)?keras\."
        r"models\.Sequential)[^\n]{0,300}?You passed an? (?:instance|object) of type:? "
        r"(?P<type>\w{1,80})",
    ),
    # A traceback frame in one of the Kerases' own files (the keras package, tf-keras,
    # TensorFlow's tensorflow/python/keras): which Keras ran that code
    _p(
        "keras.frame",
        ("-packages/keras/", "-packages\\keras\\", "-packages/tf_keras/", "-packages\\tf_keras\\",
         "-packages/tensorflow/python/keras/", "-packages\\tensorflow\\python\\keras\\",
         "-packages/tensorflow_core/python/keras/", "-packages\\tensorflow_core\\python\\keras\\"),
        # (TensorFlow 1.15-2.1 wheels keep their code under tensorflow_core)
        r"[/\\](?:site|dist)-packages[/\\](?P<pkg>tf_keras[/\\]|keras[/\\](?:src[/\\])?"
        r"|tensorflow(?:_core)?[/\\]python[/\\]keras[/\\])",
    ),
    _p(
        "keras.private_api",
        ("no module named 'keras.", "no module named \"keras.", "keras.engine", "keras.src",
         "no module named 'tensorflow.python.keras"),
        r"No module named '(?P<mod>keras\.(?:engine|layers\.core|utils\.generic_utils|"
        r"saving\.hdf5_format|src(?:\.[\w.]+)?)|tensorflow\.python\.keras[\w.]*)'",
        "mod",
    ),
    # --- memory ------------------------------------------------------------------------------
    # "with shape" (tensor allocation in an op, TF 1.x-2.x); "of shape" (gpu_device.cc
    # BaseGPUDevice::MakeTensorFromProto and MaybeCopyTensorToGPU, TF 1.x-2.21, and the
    # pluggable device's copy: the GPU could not hold a constant or a tensor copied to it)
    # Open MPI's --tag-output prefix ("[<job>,<rank>]<stderr>:", as Horovod's mpirun runs
    # show it) and horovodrun's own ("[<rank>]<stderr>:"): which process printed the line
    _p(
        "ctx.mpi_rank",
        ("]<stderr>:", "]<stdout>:"),
        r"^\[(?:\d{1,6},)?(?P<rank>\d{1,6})\]<std(?:err|out)>:",
    ),
    _p(
        "mem.oom_tensor",
        ("oom when allocating",),
        r"OOM when allocating tensor (?:with|(?P<copy>of)) shape(?:\s*\[(?P<shape>[\d,\s]*)\]"
        r"(?:\s*and type (?P<dtype>\w+))?(?:\s*on (?P<device>[\w/:.]+))?"
        r"(?:\s*by allocator (?P<alloc>\w+))?"
        # (the headline cut short after "shape" in a paste or an issue title)
        r"|\s*$)",
    ),
    _p(
        "mem.exhausted",
        ("resourceexhausted", "resource exhausted", "resource_exhausted"),
        r"ResourceExhaustedError|Resource exhausted|RESOURCE_EXHAUSTED",
    ),
    # the Python frames that create a weight or an optimiser slot (read by checks/
    # weight_oom.py above an "OOM when allocating" line): TF 1.x variables.py and TF 2.x
    # resource_variable_ops.py _init_from_args (a variable's initial value), Keras's
    # add_weight, optimizer_v2's add_slot, TF 1.x optimizer.py _create_slots / _zeros_slot and
    # slot_creator.py, the initializers (init_ops.py, init_ops_v2.py, keras initializers)
    _p(
        "mem.weight_frame",
        ("_init_from_args", "add_weight", "add_slot", "_create_slots", "_zeros_slot",
         "slot_creator", "init_ops", "initializers"),
        # (a plain traceback's 'File "...", line N, in f' and IPython's "File ...py:N, in f")
        r"(?:variables|resource_variable_ops)\.py(?:\"?, line |:)\d{1,6}, in _init_from_args\b"
        r"|, in (?P<func>add_weight|add_slot|_create_slots|_zeros_slot|create_slot"
        r"(?:_with_initializer)?|create_zeros_slot)\b"
        r"|\b(?:slot_creator|init_ops(?:_v2)?|initializers(?:_v2)?)\.py(?:\"?, line |:)"
        r"\d{1,6}, in ",
        recent=8,
    ),
    # RESOURCE_EXHAUSTED that is no memory (checks/exhausted_not_memory.py): TensorFlow's
    # file systems map errno to status codes (tensorflow/core/platform/errors.cc
    # ErrnoToCode: ENOSPC, EDQUOT, EMFILE, ENFILE, EMLINK, ENOBUFS, EUSERS ->
    # RESOURCE_EXHAUSTED), the message being "<path>; <strerror>"
    _p(
        "exhausted.errno",
        ("no space left on device", "disk quota exceeded", "too many open files",
         "too many links", "no buffer space available", "too many users"),
        # (group tf: TensorFlow's own "<path>; <strerror>" form, or the status name on the
        # line; a Python OSError's "[Errno 28] No space left on device" nearby is another
        # program's)
        r"(?P<tf>; |RESOURCE_EXHAUSTED: |ResourceExhaustedError: |Resource exhausted: )?"
        r"(?P<why>No space left on device|[Dd]isk quota exceeded|Too many open files"
        r"(?: in system)?|Too many links|No buffer space available|Too many users)",
    ),
    # the same status whose message is a path alone (TensorFlow 1.x's file systems before the
    # strerror was added: "Resource exhausted: <path>"): a file-system limit, which one unsaid.
    # The path is one token: absolute, a drive's, a file system's URL, or relative with a
    # folder ("./models/m9-6/model.ckpt-826.data-00000-of-00001", tensorflow/tensorflow#10162:
    # RestoreV2 on the CPU), whatever its suffix (checkpoint shards "-00000-of-00001", the
    # writer's ".tempstate<n>"); a bare file name only with a checkpoint's own suffix
    _p(
        "exhausted.path",
        ("resourceexhausted", "resource exhausted", "resource_exhausted"),
        # (TF 1's session wording puts "(see above for traceback)" before the colon)
        r"(?:ResourceExhaustedError(?: \(see above for traceback\))?|Resource exhausted"
        r"|RESOURCE_EXHAUSTED):\s*"
        r"(?P<path>(?:[A-Za-z]:)?[/\\][^\s;]{1,400}|(?:gs|s3|hdfs)://[^\s;]{1,400}"
        r"|\.{1,2}[/\\][^\s;]{1,400}|[\w.-]{1,100}[/\\][^\s;]{1,400}"
        r"|[\w.-]{1,200}?(?:\.data-\d{5}-of-\d{5}|\.index|\.meta|\.tempstate\d{1,30}))\s*$",
    ),
    # the node of a RESOURCE_EXHAUSTED that is a checkpoint file op (TF 1.x "[[Node: save/
    # RestoreV2_6 = RestoreV2[...]]", "[[node save/SaveV2 (defined at", "{{node save/
    # MergeV2Checkpoints}}", TF 2.8+ "Node: 'save/SaveV2'", eager "[Op:SaveV2]"): the ops of
    # tensorflow/core/kernels/save_restore_v2_ops.cc and save_restore_tensor.cc read and write
    # files on the CPU, so their status is a file system's (checks/exhausted_not_memory.py
    # keeps it only when the status names no memory)
    _p(
        "exhausted.file_op",
        ("restorev", "savev", "saveslices", "mergev", "restoreslice"),
        r"(?:\{\{node |\[\[node |\[\[Node: |^\s*Node: '|\[Op:)"
        r"(?P<node>(?:[\w.-]{1,100}/){0,8}(?P<op>RestoreV2|SaveV2|SaveSlices|MergeV2Checkpoints"
        r"|RestoreSlice)(?:_\d{1,6})?)(?![\w/])"
        r"|\[\[Node: (?P<node2>[\w./-]{1,300}) = (?P<op2>RestoreV2|SaveV2|SaveSlices"
        r"|MergeV2Checkpoints|RestoreSlice)\[",
    ),
    # gRPC's status 8 for a message over the channel's limit (grpc core, message_size_filter:
    # "Received message larger than max (%u vs. %d)", "Sent message larger than max"): the
    # TensorBoard debugger, TF Serving clients, distributed runtimes
    _p(
        "exhausted.grpc_size",
        ("message larger than max",),
        r"(?P<dir>Received|Sent) message larger than max \((?P<size>\d{1,15}) vs\. "
        r"(?P<max>\d{1,15})\)",
    ),
    # a TPU's own memory (HBM): XLA's TPU compiler ("Ran out of memory in memory space hbm.
    # Used 8.38G of 8.00G hbm. Exceeded hbm capacity by 385.25M.", "XLA:TPU compile permanent
    # error"), the TPU runtime's reservation report ("HBM capacity 8.00G:")
    _p(
        "exhausted.tpu_hbm",
        ("memory space", "exceeded hbm capacity", "hbm capacity", "at the bottom of memory",
         "error allocating device buffer", "_hbm", "aborting compilation early",
         "would exceed memory"),
        # (vmem and smem: the TensorCore's on-chip scratch memories, a compiler limit that
        # XLA's own message asks to report, tensorflow/tensorflow#26893, #35603; the TPU
        # runtime's program load, openxla/xla docs/errors/error_0101.md, and buffer
        # allocation, error_0100.md)
        r"Ran out of memory in memory space (?P<space>hbm|vmem|smem)"
        r"|Exceeded hbm capacity by (?P<over>[\d.]+\s?[KMGT]?)"
        r"|HBM capacity (?P<cap>[\d.]+\s?[KMGT]?)"
        r"|Attempting to reserve (?P<reserve>[\d.]+\s?[KMGT]?B?) at the bottom of memory"
        r"|Error allocating device buffer: Attempting to allocate (?P<alloc>[\d.]+\s?[KMGT]?B?)"
        r"\. That was not possible"
        # (the older TPU runtime's form without the prefix, marked by the core's HBM:
        # "Attempting to allocate 180.59M. That was not possible. There are 142.58M free.;
        # (0x3x0_HBM1)", pytorch/xla#2569)
        r"|Attempting to allocate (?P<alloc2>[\d.]+\s?[KMGT]?B?)\. That was not possible\."
        r"[^\n]{0,80}?\(0x\w{1,20}_HBM\d{1,3}\)"
        # XLA's TPU compiler giving up before it runs out (docs/errors/error_1000.md: "Aborting
        # compilation early because it's unlikely to have enough memory. Requires 3.84T, has
        # 90.96G available", --xla_tpu_impure_oom_fast_exit_threshold)
        r"|Aborting compilation early because it's unlikely to have enough memory\. Requires "
        r"(?P<early>[\d.]+\s?[KMGT]?)"
        # a kernel's scoped scratch memory (docs/errors/error_1001.md: "Allocation (size=N)
        # would exceed memory (size=M) :: #allocationK [shape = ..., space=vmem, ...]")
        r"|would exceed memory \(size=\d{1,20}\) :: [^\n]{0,200}?space=(?P<space2>vmem|smem)\b",
    ),
    _p(
        "mem.ran_out",
        ("ran out of memory",),
        r"(?:(?P<src>(?:gpu_)?bfc_allocator)\.cc:\d+\]\s*)?"
        r"(?:Allocator \((?P<alloc>\w+)\) ran|Ran) out of memory trying to allocate "
        r"(?P<size>[\d.]+\s*[KMGT]?i?B)"
        # bfc_allocator.cc (TF 2.x, the 2.21 wheel's strings): " (rounded to N)requested by
        # op <name>", the op whose allocation failed
        r"(?:\s*\(rounded to \d+\)\s*(?:requested by op (?P<op>[\w/.:-]{1,200}))?)?",
    ),
    # bfc_allocator.cc's sentence after "ran out of memory trying to allocate N": "The caller
    # indicates that this is not a failure, but may mean that there could be performance gains
    # if more memory were (TF 0.x: is) available."; read on its own so that a hard wrap that
    # puts it on the next lines still marks the allocation as retried (_memory_failures.py)
    _p(
        "mem.not_a_failure",
        ("indicates that this is not a", "not a failure, but may mean"),
        r"indicates that this is not a\b|not a failure, but may mean that there could be",
    ),
    _p(
        "mem.exhausted",
        ("dst tensor is not initialized", "out of memory while trying to allocate",
         "failed to allocate request for", "eigenallocator for gpu ran out of memory",
         "failed to allocate memory [op:"),
        r"(?P<dst>Dst tensor is not initialized)"
        # an eager op's ResourceExhausted status printed without its class (str(e) of
        # "ResourceExhaustedError: failed to allocate memory [Op:AddV2]", after the BFC
        # allocator's dump in faustomorales/keras-ocr#195; the string is in the 2.21 wheel's
        # libtensorflow_cc.so.2): "Prediction Error : failed to allocate memory [Op:Mul]"
        r"|(?P<eagerop>failed to allocate memory) \[Op:\w{1,80}\]"
        r"|Out of memory while trying to allocate (?P<bytes>\d+) bytes"
        r"|Failed to allocate request for (?P<req>[\d.]+\s?[KMGT]?i?B)"
        # gpu_device.cc EigenGpuStreamDevice::allocate outside an op context: a FATAL that
        # aborts (inside one the same failure is the op's ResourceExhausted status)
        r"|EigenAllocator for GPU ran out of memory when allocating (?P<eigen>\d+)",
    ),
    # the node of an XLA cluster that auto-clustering compiled (tensorflow/compiler/jit
    # build_xla_ops_pass.cc: the cluster's _XlaRun op, named "xla_run" under the cluster's
    # scope, "cluster_0_1/xla_run"), as TensorFlow's op runtime names a failing node
    # ("[[{{node X}}]]", TF 1.x "[[Node: X = _XlaRun[...]", TF 2.8+ "Node: 'X'"): read by
    # checks/memory.py (the one-request variant of gpu-resource-exhausted)
    _p(
        "ctx.xla_cluster_node",
        ("xla_run",),
        r"(?:\{\{node |\[\[Node: |Node: ')(?P<node>[\w./-]{0,200}/xla_run)\b",
    ),
    _p(
        "mem.pinned",
        ("pinned host memory", "on host: cuda_error_out_of_memory", "bytes on host"),
        r"could not allocate pinned host memory of size:? (?P<size>\d+)"
        r"|failed to alloc (?P<bytes>\d+) bytes on host: CUDA_ERROR_OUT_OF_MEMORY",
    ),
    _p(
        "mem.module_oom",
        ("cubin", "cumoduleload"),
        # the scan after one start stops at the next start: linear on a line of many; TF 1.x's
        # cuda_driver.cc LoadCubin wrote "failed to load in-memory CUBIN: " (lowercase), later
        # releases "Failed to load in-memory CUBIN: "
        r"(?:[Ff]ailed to load in-memory CUBIN|cuModuleLoad)"
        r"(?:(?![Ff]ailed to load in-memory CUBIN|cuModuleLoad)[^\n])*?CUDA_ERROR_OUT_OF_MEMORY",
    ),
    _p(
        "mem.runtime_init_oom",
        ("implicit initialization",),
        r"CUDA runtime implicit initialization on GPU:\d+ failed\. Status: out of memory",
    ),
    _p(
        "mem.host_notice",
        ("exceeds % of free system memory", "of free system memory"),
        r"Allocation of (?P<bytes>\d+) exceeds (?P<pct>\d+)% of (?:free )?system memory",
    ),
    _p(
        "mem.handle",
        ("create cudnn handle", "create cublas handle", "create cusolver handle",
         "create cusparse handle", "create cublaslt handle", "cudnn failed to initiali",
         "probably because cudnn failed",  # the line cut before "initialize"
         "dnn library is not found", "gemm launch failed", "failed to run cublas routine",
         "cufft", "cusolver", "without blas support", "cudnn_status_", "without dnn support"),
        r"(?:could not|failed to) create (?P<lib>cudnn|cublas|cusolver|cublasLt|cusparse) handle"
        r"(?::\s*(?P<code>[A-Z_]+|<unknown cudnn status: \d+>))?"
        r"|(?P<conv>Failed to get convolution algorithm)\. This is probably because cuDNN failed"
        # (the same message's tail alone, as titles and retyped reports give it: "Using GPU
        # in analyse_videos(): CudNN failed to initialize", DeepLabCut/DeepLabCut#358; no
        # other library words it so: PyTorch prints CUDNN_STATUS_NOT_INITIALIZED, XLA "DNN
        # library initialization failed")
        # (not a piece of the full message that a wrapped paste cut after "algorithm." or
        # before "probably": the joined lines read it whole; a line that starts "This is
        # probably because ..." is the message cut at its front and stays this reading)
        r"|(?<!algorithm\. This is probably because )(?<!^probably because )"
        r"(?P<convtail>(?i:cudnn) failed to initiali[sz]e)"
        r"|(?P<notfound>DNN library is not found)"
        r"|(?P<gemm>Blas (?:x|S|D|H)?GEMM(?:Batched)? launch failed"
        r"|failed to run cuBLAS routine(?:: CUBLAS_STATUS_EXECUTION_FAILED)?)"
        r"|(?P<fft>Failed to create cuFFT (?:batched )?plan|failed to make cuFFT batched plan|"
        r"CUFFT_ALLOC_FAILED|CUFFT_INTERNAL_ERROR)"
        r"|(?P<solver>cuSolverDN call failed with status =\s*\d+|CUSOLVER_STATUS_\w+)"
        r"|(?P<nosupport>without (?:BLAS|DNN) support)"
        r"|(?P<status>CUDNN_STATUS_(?:ALLOC_FAILED|INTERNAL_ERROR|NOT_INITIALIZED|EXECUTION_FAILED))",
    ),
    _p(
        "mem.other_dnn",
        ("site-packages/torch", "site-packages\\torch", "import torch", "cupy", "jaxlib"),
        r"(?P<lib>site-packages[/\\](?:torch|cupy\w*|jaxlib|nvidia[/\\]cudnn)\b|"
        r"^\s*import (?:torch|cupy)\b)",
        "lib",
    ),
    _p(
        "mem.cuda_oom",
        ("out_of_memory",),
        r"(?:failed to allocate (?P<size>[\d.]+[KMG]?) \((?P<bytes>\d+) bytes\) from device"
        r"|(?P<ctx>cuDevicePrimaryCtxRetain|cuCtxCreate)).*CUDA_ERROR_OUT_OF_MEMORY"
        r"(?:.*total memory reported:\s*(?P<total>\d+))?",
    ),
    # another framework's own CUDA out-of-memory error, read by checks/other_framework_oom.py.
    # PyTorch's caching allocator (c10/cuda/CUDACachingAllocator.cpp; THCCachingAllocator.cpp
    # before 1.1) in its two forms: "CUDA out of memory. Tried to allocate R (GPU n; T total
    # capacity; A already allocated; F free; [L allowed; ]C cached)" (C: cached but unused),
    # later "... R reserved in total by PyTorch)"; and from 2.1 "... R. GPU n has a total
    # capacity of T of which F is free. [Process p has M memory in use. | Including non-PyTorch
    # memory, this process has M memory in use. ]...[L allowed; ]Of the allocated memory A is
    # allocated by PyTorch, [with P allocated in private pools (e.g., CUDA Graphs), ]and U is
    # reserved by PyTorch but unallocated." (2.1 spelled it "capacty"); sizes by format_size
    # ("0 bytes", "12.06 MiB").  A message cut short keeps its head (no numbers).
    _p(
        "mem.torch_alloc_oom",
        ("cuda out of memory. tried to allocate",),
        r"CUDA out of memory\. Tried to allocate (?P<req>[\d.]+ (?:bytes|[KMGT]iB))"
        r"(?: \(GPU (?P<gpu>\d+); (?P<total>[\d.]+ (?:bytes|[KMGT]iB)) total capacity; "
        r"(?P<alloc>[\d.]+ (?:bytes|[KMGT]iB)) already allocated; "
        r"(?P<free>[\d.]+ (?:bytes|[KMGT]iB)) free; (?:[\d.]+ (?:bytes|[KMGT]iB) allowed; )?"
        r"(?:(?P<cached>[\d.]+ (?:bytes|[KMGT]iB)) cached"
        r"|(?P<reserved>[\d.]+ (?:bytes|[KMGT]iB)) reserved in total by PyTorch)\)"
        r"|\. GPU (?P<gpu_b>\d+) has a total capaci?ty of (?P<total_b>[\d.]+ (?:bytes|[KMGT]iB))"
        r" of which (?P<free_b>[\d.]+ (?:bytes|[KMGT]iB)) is free\. "
        r"(?P<procs>(?:(?:Process \d+|Including non-PyTorch memory, this process) has "
        r"[\d.]+ (?:bytes|[KMGT]iB) memory in use\. ){0,64})"
        r"(?:[\d.]+ (?:bytes|[KMGT]iB) allowed; )?"
        r"Of the allocated memory (?P<alloc_b>[\d.]+ (?:bytes|[KMGT]iB)) is allocated by PyTorch, "
        r"(?:with (?P<private>[\d.]+ (?:bytes|[KMGT]iB)) allocated in private pools "
        r"\(e\.g\., CUDA Graphs\), )?and (?P<unalloc>[\d.]+ (?:bytes|[KMGT]iB)) is reserved by "
        r"PyTorch but unallocated)?",
    ),
    # PyTorch's CUDA error checks on out of memory (cudaErrorMemoryAllocation = 2): THC's
    # __THCudaCheck (PyTorch 0.x, aten/src/THC/THCGeneral.cpp; Lua Torch's cutorch the same):
    # "THCudaCheck FAIL file=F line=N error=2 : out of memory" on stderr, then the exception
    # "cuda runtime error (2) : out of memory at F:N"; c10's C10_CUDA_CHECK (1.0 and later,
    # c10/cuda/CUDAException.cpp): "CUDA error: out of memory" as the exception's first line
    # (RuntimeError; torch.AcceleratorError in recent releases), never with a CUresult name after it
    _p(
        "mem.torch_check_oom",
        ("cuda runtime error", "thcudacheck fail", "cuda error: out of memory"),
        r"(?P<thc>cuda runtime error \(2\) : out of memory"
        r"|THCudaCheck FAIL file=\S{1,300} line=\d{1,6} error=2 : out of memory)"
        r"|^\W{0,4}(?P<c10>(?:[\w.]{0,60}(?:RuntimeError|AcceleratorError)): "
        r"CUDA error: out of memory)\W{0,4}$",
    ),
    # CuPy's own out-of-memory errors (cupy/cuda/memory.pyx OutOfMemoryError: "Out of memory
    # allocating N bytes (allocated so far: M bytes[, limit set to: L bytes])." from v7,
    # "out of memory to allocate N bytes (total M bytes)" before; M is what CuPy's pool
    # holds) and its CUDA runtime error (cupy_backends/cuda/api/runtime.pyx CUDARuntimeError,
    # "<cudaGetErrorName>: <cudaGetErrorString>")
    # an application's own words that the GPU's memory ran out (faceswap's "You do not have
    # enough GPU memory available to train the selected model", "Not enough GPU memory",
    # "ran out of GPU memory"): statements, not advice ("to avoid running out of GPU memory"
    # does not match); read by checks/app_oom_words.py when no allocator line shows
    _p(
        "mem.app_words",
        ("enough gpu memory", "insufficient gpu memory", "out of gpu memory",
         "enough vram", "out of vram", "insufficient vram"),
        r"(?i)\b(?P<said>(?:(?:do not|don't|not|no longer) (?:have )?enough|insufficient)"
        r" (?:free |available )?(?:GPU memory|VRAM)\b|(?:ran|is|was|are|has run) out of "
        r"(?:GPU memory|VRAM)\b)",
    ),
    _p(
        "mem.cupy_oom",
        ("outofmemoryerror", "cudaerrormemoryallocation"),
        r"OutOfMemoryError: (?:Out of memory allocating (?P<req>[\d,]+) bytes \(allocated so "
        r"far: (?P<sofar>[\d,]+) bytes|out of memory to allocate (?P<req_b>\d+) bytes \(total "
        r"(?P<sofar_b>\d+) bytes\))"
        r"|(?P<rt>CUDARuntimeError: cudaErrorMemoryAllocation: out of memory)",
    ),
    # RAPIDS' memory manager (RMM: cuDF, NVTabular's data loader) failing a cudaMalloc: its
    # RMM_CUDA_TRY_ALLOC error names the header and the runtime's error, "std::bad_alloc: CUDA
    # error at: /usr/include/rmm/mr/device/cuda_memory_resource.hpp:69: cudaErrorMemoryAllocation
    # out of memory" (newer RMM raise rmm::out_of_memory with the same text); NVIDIA-Merlin/
    # NVTabular#967 (TensorFlow's pool took the GPU first)
    _p(
        "mem.rmm_oom",
        ("cudaerrormemoryallocation",),
        r"CUDA error at: \S{0,300}?/rmm/\S{1,200}: cudaErrorMemoryAllocation out of memory",
    ),
    # TensorFlow Lite's GetRegistrationFromOpCode (tensorflow/lite/core/api/op_resolver.cc;
    # TF 2.21's libpywrap_tflite_common.so holds the text): a model's builtin op at a version
    # the runtime has no kernel for, "Didn't find op for builtin opcode 'X' version 'N'" (with
    # ". An older version of this builtin might be supported. Are you using an old TFLite
    # binary with a newer model?" in later releases), and an op code beyond the runtime's
    # enum, "Op builtin_code out of range: N. Are you using old TFLite binary with newer
    # model?". Read by checks/tflite_versions.py
    _p(
        "tflite.op_version",
        ("didn't find op for builtin opcode", "didn't find op for built-in opcode",
         "op builtin_code out of range", "op builtin_code out or range"),
        r"Didn't find op for built-?in opcode '(?P<op>\w{1,80})' version '(?P<version>\d{1,4})'"
        r"|Op builtin_code out o[fr] range: (?P<code>-?\d{1,6})",
    ),
    # a stateful RNN without a fixed batch size: Keras 1's recurrent.py reset_states "If a RNN
    # is stateful, a complete input_shape must be provided (including batch size).", Keras 2's
    # and tf.keras's "If a RNN is stateful, it needs to know its batch size." (TF 2.21 wheel
    # tensorflow/python/keras/layers/recurrent.py), Keras 3's rnn.py "When using
    # `stateful=True` in a RNN, the batch size must be static." and "If an RNN is stateful,
    # the batch size of the input sequences must be the same as the batch size of the
    # initial state." (keras 3.15): checks/keras_recurrent.py
    _p(
        "keras.stateful_batch",
        ("if a rnn is stateful", "in a rnn, the batch size must be static",
         "if an rnn is stateful, the batch size of the input", "in a stateful network, you should"),
        r"If a RNN is stateful, (?:a complete input_shape must be provided|it needs to know "
        r"its batch size)|When using `?stateful=True`? in a RNN, the batch size must be static"
        r"|If an RNN is stateful, the batch size of the (?P<changed>input sequences must be the "
        r"same)"
        # Keras 2's fit/predict check (keras engine/training.py 2.2-2.3, training_v1.py 2.6)
        r"|In a stateful network, you should only pass inputs with a number of samples that can "
        r"be (?P<samples>divided by the batch size)",
    ),
    # TensorFlow's CTC loss (tensorflow/core/util/ctc/ctc_loss_calculator.h, the strings in
    # the 2.21 wheel's libtensorflow_cc.so.2): a label sequence longer than the input's time
    # steps ("Not enough time for target transition sequence (required: N, available: M)",
    # "The sequence length is either zero or shorter than the target output"), and a label
    # index at or past the blank ("Saw a non-null label (index >= num_classes - 1) following a
    # null label, batch: B num_classes: C labels: ..."): checks/ctc_loss.py
    _p(
        "tf.ctc_labels",
        ("not enough time for target transition sequence", "saw a non-null label",
         "is either zero or shorter than the target output"),
        r"Not enough time for target transition sequence \(required: (?P<need>\d{1,9}), "
        r"available: (?P<have>\d{1,9})\)"
        r"|(?P<short>The sequence length is either zero or shorter than the target output)"
        r"|Saw a non-null label \(index >= num_classes - 1\) following a null label, batch: "
        r"\d{1,9},? num_classes: (?P<classes>\d{1,9})",
    ),
    # a function called with fewer arguments than it takes (CPython's "f() missing 1 required
    # positional argument: 'x'"), and standalone Keras 2.0-2.1.3's LearningRateScheduler
    # calling its schedule with the epoch alone (keras/callbacks.py "lr = self.schedule(epoch)";
    # keras-team/keras#8865, merged 2018-02-02, passes the learning rate too):
    # checks/keras_api_signatures.py
    _p(
        "py.missing_positional",
        ("required positional argument", "arguments ("),
        r"TypeError: (?P<fn>[\w<>.]{1,80})\(\) missing 1 required positional argument: "
        r"'(?P<arg>\w{1,40})'"
        # Python 2's wording ("takes exactly 2 arguments (1 given)")
        r"|TypeError: (?P<fn2>[\w<>.]{1,80})\(\) takes exactly 2 arguments \(1 given\)",
    ),
    _p("keras.schedule_epoch_call", ("self.schedule(epoch)",), r"\bself\.schedule\(epoch\)"),
    # Python 3's chained traceback: the exception raised while another was being handled
    _p("py.chained_during", ("during handling of the above exception",),
       r"During handling of the above exception, another exception occurred"),
    # a NumPy name newer than the installed NumPy ("module 'numpy' has no attribute
    # 'dtypes'": platform fact numpy-names-added), read by checks/tf_install.py
    _p(
        "numpy.added_name",
        ("module 'numpy' has no attribute",),
        r"module 'numpy' has no attribute '(?P<name>\w{1,40})'",
    ),
    # a file-name input given float32 (TensorFlow's op_def_library: "Input 'filename' of
    # 'ReadFile' Op has type float32 that does not match expected type of string."): an empty
    # Python list becomes a float32 tensor (tf.constant([]), Dataset.from_tensor_slices([]);
    # reproduced with TensorFlow 2.21 on the CPU), read by checks/input_files.py
    _p(
        "tf.filename_float",
        ("op has type float", "that does not match expected type of string"),
        r"Input '(?P<input>filenames?)' of '(?P<op>\w{1,60})' Op has type float32 that does not "
        r"match expected type of string",
    ),
    # audioread's audio_open after every backend (GStreamer, MAD, FFmpeg) failed to open the
    # file (beetbox/audioread audioread/__init__.py: "# All backends failed!" raise
    # NoBackendError()), librosa's fallback for formats soundfile does not read: checks/
    # audio_files.py
    _p(
        "audio.no_backend",
        ("nobackenderror",),
        r"\baudioread(?:\.exceptions)?\.NoBackendError\b",
    ),
    # tensorflow_datasets: a split spec its reader cannot parse (core/tfrecords_reader.py
    # _str_to_relative_instruction: "Unrecognized instruction format: %s"), and a dataset name
    # with neither builder code nor prepared files (core/load.py builder():
    # registered.DatasetNotFoundError, "Dataset %s not found."): checks/tfds_datasets.py
    _p(
        "tfds.split_format",
        ("unrecognized instruction format", "unrecognized split format"),
        r"AssertionError: Unrecognized instruction format: (?P<spec>\S{1,200})"
        # tensorflow_datasets 4.x tfrecords_reader.py: f"Unrecognized split format: {spec!r}"
        r"|Unrecognized split format: '(?P<spec2>[^'\n]{1,200})'",
    ),
    _p(
        "tfds.not_found",
        ("datasetnotfounderror",),
        r"DatasetNotFoundError: Dataset (?P<name>[\w:/.-]{1,120}?) not found",
    ),
    # the prepared-files lookup's own lines inside that error (tensorflow_datasets/core/
    # read_only_builder.py: "No builder could be found in the directory: <data_dir> for the
    # builder: <name>.", _get_version_str's "The builder directory <dir> doesn't contain any
    # versions."), and a manual-download dataset's missing folder (core/download/
    # download_manager.py manual_dir: "Manual directory <dir> does not exist[ or is empty].
    # Create it and download/extract dataset artifacts in there ..."). checks/tfds_datasets.py
    _p(
        "tfds.no_builder",
        ("no builder could be found in the directory", "doesn't contain any versions"),
        r"No builder could be found in the directory: (?P<dir>\S{1,300}) for the builder: "
        r"(?P<name>[\w/.-]{1,120}?)\.?$"
        r"|The builder directory (?P<bdir>\S{1,300}) doesn't contain any versions\.",
    ),
    _p(
        "tfds.manual_dir",
        ("create it and download/extract dataset artifacts",),
        r"Manual directory (?P<dir>\S{1,400}?) does not exist(?: or is empty)?\. Create it "
        r"and download/extract dataset artifacts in there",
    ),
    # the TFLite converter failing to lower TensorList ops (a while loop over a list: RNNs,
    # dynamic sequences) to builtins (the 2.21 wheel's libtensorflow_cc.so.2: "Lowering tensor
    # list ops is failed. Please consider using Select TF ops and disabling
    # `_experimental_lower_tensor_list_ops` flag in the TFLite converter object."), after
    # "failed to legalize operation 'tf.TensorListReserve'": checks/tflite_converter.py
    _p(
        "tflite.tensor_list",
        ("lowering tensor list ops is failed",),
        r"Lowering tensor list ops is failed",
    ),
    # TensorFlow Lite's interpreter given a model with Select TensorFlow (Flex) ops and no Flex
    # delegate linked (TF 2.21 libpywrap_tflite_common.so strings: "Regular TensorFlow ops are
    # not supported by this interpreter. Make sure you invoke the Flex delegate before
    # inference." (older: "apply/link"), "Select TensorFlow op(s), included in the given
    # model, is(are) not supported by this interpreter."), or a custom op it has no kernel for
    # ("Encountered unresolved custom op: %s."): read by checks/tflite_versions.py
    _p(
        "tflite.flex_missing",
        ("regular tensorflow ops are not supported by this interpreter",
         "included in the given model, is(are) not supported by this interpreter",
         "encountered unresolved custom op"),
        r"Regular TensorFlow ops are not supported by this interpreter"
        r"|Select TensorFlow op\(s\), included in the given model, is\(are\) not supported"
        r"|Encountered unresolved custom op: (?P<op>[\w/-]{1,120})",
    ),
    # which Python interpreter of TensorFlow Lite ran the model: a traceback frame (or a
    # warning's path) in tflite_runtime/interpreter.py, ai_edge_litert/interpreter.py or
    # TensorFlow's own tensorflow[_core]/[contrib/]lite/python/interpreter.py; and the
    # deprecation warning of TensorFlow 2.18.1 and later's tf.lite.Interpreter ("Please use the
    # LiteRT interpreter from the ai_edge_litert package", lite/python/interpreter.py
    # _INTERPRETER_DELETION_WARNING). Read by checks/tflite_versions.py
    _p(
        "ctx.tflite_interpreter",
        ("interpreter.py", "please use the litert interpreter"),
        r"(?P<pkg>tflite_runtime|ai_edge_litert)[/\\]interpreter\.py"
        r"|(?P<tf>tensorflow(?:_core)?)[/\\](?P<contrib>contrib[/\\])?lite[/\\]python[/\\]"
        r"interpreter\.py"
        r"|(?P<warn>Please use the LiteRT interpreter from the ai_edge_litert package)",
    ),
    # TensorFlow Lite Micro's allocator after its op resolver found no kernel
    # (tensorflow/tflite-micro micro_allocator.cc: "Failed to get registration from op code
    # %s", "Failed starting model allocation."; MicroInterpreter "AllocateTensors() failed"):
    # a micro program registers only the ops it adds to its MicroMutableOpResolver. Read by
    # checks/tflite_versions.py
    _p(
        "tflite.micro",
        ("failed to get registration from op code", "failed starting model allocation",
         "microinterpreter", "micromutableopresolver", "micro_interpreter", "micro_allocator",
         "allopsresolver", "all_ops_resolver", "arduino"),
        # (TensorFlow Lite Micro's AllOpsResolver, all_ops_resolver.h; an Arduino board or
        # the Arduino library of TensorFlow Lite Micro, "Arduino_TensorFlowLite": TensorFlow
        # Lite on an Arduino is TensorFlow Lite Micro)
        r"Failed to get registration from op code|Failed starting model allocation"
        r"|MicroInterpreter|MicroMutableOpResolver|micro_(?:interpreter|allocator)\.cc"
        r"|AllOpsResolver|all_ops_resolver|\bArduino\b",
    ),
    # the Edge TPU compiler's banner ("Edge TPU Compiler version 2.0.267685300"): the compiler
    # that links its own TensorFlow Lite, read by checks/tflite_versions.py
    _p(
        "tflite.edgetpu_compiler",
        ("edge tpu compiler version", "model compiled successfully"),
        r"Edge TPU Compiler version (?P<version>[\d.]{1,40})|(?P<ok>Model compiled successfully)",
    ),
    # the Edge TPU runtime (libedgetpu) refusing a model compiled for a newer runtime: "Failed
    # precondition: Package requires runtime version (14), which is newer than this runtime
    # version (13)." (Coral's documentation, "Compiler and runtime versions")
    _p(
        "tflite.edgetpu_runtime",
        ("which is newer than this runtime version",),
        r"Package requires runtime version \((?P<need>\d{1,4})\), which is newer than this "
        r"runtime version \((?P<have>\d{1,4})\)",
    ),
    # dlib's CHECK_CUDA (davisking/dlib dlib/cuda/cuda_utils.h: "Error while calling <call> in
    # file <file>:<line>. code: <cudaGetLastError()>, reason: <cudaGetErrorString(error)>",
    # thrown as dlib::cuda_error) for an allocation: its own cudaMalloc, outside TensorFlow's
    # allocator (a face detector beside a Keras model on one GPU, deepfakes/faceswap#234)
    _p(
        "mem.dlib_oom",
        ("error while calling",),
        # (device allocations only: cudaMallocHost's pinned host memory is no GPU memory)
        # (linear: the call's arguments hold no unbalanced parenthesis, the file no colon but
        # a drive's; checks/other_framework_oom.py keeps the hits whose file is dlib's)
        r"Error while calling cudaMalloc(?:Pitch|Managed|Async|3D)?\("
        r"(?:[^()\n]|\([^()\n]{0,80}\)){0,200}\) in file "
        r"(?P<file>(?:[A-Za-z]:)?[^\n:]{1,500}):\d{1,6}\. code: \d{1,4}, reason: out of memory",
    ),
    # a compiled GPU extension's own CUDA check on its .cu source, "ERROR: <path>.cu.cc:413:
    # CUDA error 2: out of memory" (2 = cudaErrorMemoryAllocation): its own cudaMalloc, outside
    # TensorFlow's allocator; tensorflow/recommenders-addons#371 (TFRA's GPU hash table beside
    # TensorFlow's pool)
    _p(
        "mem.cuda_ext_oom",
        ("cuda error ",),
        # literal-led (a path's class first would be tried at every character of a long
        # line): checks/other_framework_oom.py reads the path before it
        r"\.cu(?:\.cc|\.cpp)?:\d{1,6}: CUDA error 2: out of memory",
    ),
    _p(
        "mem.info",
        ("total memory:", "free memory:", "totalmemory:"),
        r"^\s*(?P<k1>Total|Free) memory:\s*(?P<v1>[\d.]+\s*[KMGT]i?B)"
        # TF 1.x's device properties line, also where a paste joined it to the "Found device"
        # line before it
        r"|\btotalMemory:\s*(?P<total>[\d.]+\s*[KMGT]i?B)\s+freeMemory:\s*(?P<free>[\d.]+\s*[KMGT]i?B)",
    ),
    _p(
        "mem.frozen",
        ("cannot be modified after being initialized",),
        r"(?P<what>Physical|Virtual|Visible) devices cannot be modified after being initialized",
    ),
    _p(
        "mem.autotune_limit",
        ("exceeds the memory limit",),
        r"Profiling failure on (?:CUDNN|cuDNN) engine (?P<engine>[\w#]+):\s*RESOURCE_EXHAUSTED: "
        r"Allocating (?P<want>\d+) bytes exceeds the memory limit of (?P<limit>\d+) bytes",
        "engine",
    ),
    _p("mem.no_algo", ("no algorithm worked",), r"No algorithm worked"),
    # --- XLA / ptxas / PTX ---------------------------------------------------------------
    _p(
        "xla.libdevice",
        ("libdevice",),
        r"Can't find libdevice directory (?P<dir>\S+)|libdevice not found at (?P<path>\S+)"
        # the same message retold without its path ("a *libdevice not found* error")
        r"|\blibdevice not found\b"
        r"|Couldn't find libdevice|libdevice\.\d+\.bc.*not found",
    ),
    # asm_compiler.cc: ptxas rejected the GPU's sm_XX ("gpu-name"); XLA logs the CC it does not
    # support and returns Unimplemented("<path> ptxas too old. Falling back to the driver to
    # compile."), which redzone_allocator/buffer_comparator log (or JAX raises)
    _p(
        "xla.ptxas_arch",
        ("ptxas", "your cuda software stack is old"),
        # TF 2.4's asm_compiler.cc prints "Your CUDA software stack is old. We fallback to the
        # NVIDIA driver ..." only when ptxas answered "Value 'sm_XX' is not defined for option
        # 'gpu-name'", which it quotes after it (read with it; a paste may cut it off)
        r"(?:Your CUDA software stack is old\. We fallback to the NVIDIA driver[^\n]{0,300}?)?"
        r"ptxas fatal\s*:\s*Value '(?P<sm>sm_\d+\w?)' is not defined for option 'gpu-name'"
        r"|ptxas does not support CC (?P<cc>\d+\.\d+)"
        r"|ptxas too old\. Falling back to the driver to compile"
        r"|Your CUDA software stack is old\. We fallback to the NVIDIA driver",
    ),
    _p(
        "xla.driver_fallback",
        ("ptx compilation",),
        r"Relying on driver to perform ptx compilation"
        r"|Falling back to the CUDA driver for PTX compilation",
    ),
    _p("xla.ptxas_bug", ("ptxas",), r"ptxas (?P<v>\d+\.\d+\.\d+) has a bug"),
    _p(
        "xla.ptxas_missing",
        ("ptxas",),
        r"Couldn't get ptxas version|Can't find ptxas binary|^(?:(?!ptxas).)*ptxas.*not found"
        r"|Failed to launch ptxas|Couldn't invoke ptxas",
    ),
    _p(
        "xla.ptxas_old",
        ("ptxas", "unsupported .version", "does not support .target"),
        # ptxas (any era) and LLVM: PTX of a newer ISA than this ptxas knows ("current
        # version" only in some), or an ISA too old for the target architecture (k-gpu).
        r"Unsupported \.version (?P<ptx>\d+\.\d+)(?:; current version is '(?P<cur>[\d.]+)')?"
        r"|PTX \.version (?P<ptxv>\d+\.\d+) does not support \.target (?P<tsm>sm_\d+\w?)"
        r"|ptxas (?P<v>[\d.]+) is too old|(?:Your|The) ptxas version is too old"
        r"|You are using ptxas (?P<v2>\d+(?:\.\d+)+),? which is older than "
        r"(?P<min>\d+(?:\.\d+)+)",
    ),
    _p(
        "xla.ptx_jit",
        ("ptx jit", "jit compil"),
        r"PTX JIT compil\w* failed|a PTX JIT compilation failed|JIT compilation disabled",
    ),
    # the kernel XLA handed to the driver's JIT did not come out: StreamExecutor's
    # cuda_driver.cc GetModuleFunction ("failed to get PTX kernel \"%s\" from module: %s",
    # cuModuleGetFunction), LoadPtx ("failed to load PTX text as a module: %s") and
    # cuda_gpu_executor.cc GetKernel's status "Could not find the corresponding function".
    # Generic words ("Could not find the corresponding function" is MATLAB's too): a ctx.*
    # name, read by checks/xla.py only after XLA's "Falling back to the CUDA driver" line.
    # Group fatal: absl's FATAL prefix ("F0000 00:00:1695743368.222415    2429 gpu_ex...",
    # level, date, time, thread: absl/log/internal/log_format.cc) even where a paste cut the
    # source file off (openxla/xla#5932)
    _p(
        "ctx.xla_fallback_failed",
        ("failed to get ptx kernel", "failed to load ptx text as a module",
         "could not find the corresponding function", "f ::."),
        r"failed to get PTX kernel \"(?P<kernel>[^\"\n]{1,120})\" from module: "
        r"(?P<err>CUDA_ERROR_\w{1,60})?"
        r"|failed to load PTX text as a module: (?P<lerr>CUDA_ERROR_\w{1,60})?"
        r"|Could not find the corresponding function"
        r"|(?P<fatal>^F\d{4} \d\d:\d\d:\d{2,10}\.\d{1,9}\s{1,12}\d{1,9}\s)",
    ),
    _p("xla.service", ("xla service",), r"XLA service \w+ initialized for platform CUDA"),
    # --- compute capability ------------------------------------------------------------------
    _p(
        "cc.ignored",
        ("ignoring visible gpu",),
        _first("Ignoring visible gpu device (")
        + r"(?P<desc>.*?)\) with Cuda compute capability "
        r"(?P<cc>\d+\.\d+)\."
        r"\s*The minimum required Cuda capability is (?P<min>\d+\.\d+)",
    ),
    # the same gpu_device.cc line retold or cut before its minimum ("Ignoring visible gpu
    # device ... GeForce GT 750M ... with Cuda compute capability 3.0", the device description
    # elided, or the line cut right after the capability): gpu_device.cc prints it only for a
    # GPU below the build's min_supported_capability and then skips it (TF 1.x-2.x
    # core/common_runtime/gpu/gpu_device.cc GetValidDeviceIds), so the capability alone says
    # it; no group "min" (checks/compute_capability.py: variant minimum-not-shown). Not after
    # the first sentence's full stop ("... capability 5.2."): there the minimum is on the next
    # line (a logger that breaks at the full stop; the pattern above reads the joined lines).
    # Only in the log's own form: the phrase after gpu_device.cc's log prefix or at the start of
    # its line (a markdown quote "> " allowed), never mid-sentence (a README's FAQ quoted in a
    # paste: review b50b P6)
    _p(
        "cc.ignored",
        ("ignoring visible gpu",),
        r"^(?:[^\n]{0,200}?gpu_device\.cc:\d{1,5}\][ \t]{0,4}|[ \t]{0,8}(?:>[ \t]{0,2}){0,2})"
        r"Ignoring visible gpu device"
        r"(?P<desc>[^\n]{0,300}?) with Cuda compute capability (?P<cc>\d{1,2}\.\d)(?![\d.])",
    ),
    _p(
        "cc.no_kernel",
        ("no kernel image",),
        r"no kernel image is available for execution on the device",
    ),
    # XLA's device check (xla/service/platform_util.cc IsDeviceSupported, minimum compute
    # capability 3.5): TF 1.x-2.x "StreamExecutor cuda device (0) is of insufficient compute
    # capability: 3.5 required, device is 3.0"; later XLA (TF 2.21's wheel) "StreamExecutor cuda
    # device (0) requires compute capability '3.5' but is of '3.0'"; then, with no device left,
    # "no supported devices found for platform CUDA" (cc.xla_no_devices)
    _p(
        "cc.xla_floor",
        ("insufficient compute capability", "requires compute capability"),
        r"StreamExecutor cuda device \((?P<idx>\d+)\) (?:is of insufficient compute capability: "
        r"(?P<min>\d+\.\d+) required, device is (?P<cc>\d+\.\d+)|requires compute capability "
        r"'(?P<min2>\d+\.\d+)' but is of '(?P<cc2>\d+\.\d+)')",
        "idx",
    ),
    # (group xla: TF 1.13-2.3's xla_gpu_device.cc suffix, read by
    # checks/xla_gpu_device_setup.py)
    _p("cc.xla_no_devices", ("no supported devices found",),
       r"no supported devices found for platform CUDA(?P<xla>\s*while setting up XLA_GPU_JIT "
       r"device number \d{1,4})?"),
    _p("cc.adding", ("adding visible gpu",), r"Adding visible gpu devices?:\s*(?P<ids>[\d, ]+)"),
    _p(
        "gpu.created",
        ("created device", "created tensorflow device"),
        r"Created (?:TensorFlow )?device (?:(?!GPU:\d)\S)*GPU:(?P<idx>\d+)(?:[^\d\s]\S*)? with "
        r"(?P<mb>\d+) MB memory\)?:?"
        r"\s*->\s*(?:physical GPU \()?device: \d+, name: (?P<name>.+?), pci bus id: [\w:.]+"
        r"(?:, compute capability: (?P<cc>[\d.]+))?",
        "idx",
    ),
    _p(
        "gpu.props",
        ("major:", "computecapability"),
        _first("name: ") + r"(?:(?P<name>\s|.*?\S)\s+major: (?P<ma>\d+) minor: (?P<mi>\d+)"
        r"|(?P<name2>\s|.*?\S)\s+computeCapability: (?P<cc>[\d.]+))",
    ),
    # --- WSL2, NUMA ----------------------------------------------------------------------------
    _p("numa.unreadable", ("numa",), r"could not open file to read NUMA node"),
    _p("numa.negative", ("numa",), r"NUMA node read from SysFS had negative value"),
    _p("numa.no_support", ("numa",), r"kernel may have been built without NUMA support"),
    _p(
        "wsl.libcuda_symlink",
        ("wsl",),
        r"/usr/lib/wsl/lib/libcuda\.so(?:\.\d+)? is not a symbolic link",
    ),
    # --- CUPTI, NCCL, mixed precision -----------------------------------------------------------
    _p(
        "cupti.failed",
        ("cupti",),
        r"Failed to load libcupti|CUPTI could not be loaded|(?P<code>CUPTI_ERROR_\w+)"
        r"|Could not load dynamic library 'libcupti|cupti\w*\.dll'?.*not found",
    ),
    # profiler/internal/gpu/cupti_tracer.cc (TF 2.x) logs every failed CUPTI call as
    # LOG(ERROR) "function cupti_interface_->Call( args )failed with error CUPTI_ERROR_X"; a
    # paste cut before the code keeps only the call (read by checks/cupti.py: a CUPTI call
    # failed, which one's code is not shown)
    _p(
        "cupti.call_cut",
        ("cupti_interface_->",),
        r"cupti_tracer\.cc:\d{1,5}\] function cupti_interface_->(?P<call>\w{1,60})\(",
    ),
    _p("nccl.no_kernel", ("nccl",), r"No OpKernel was registered to support Op '(?P<op>Nccl\w+)'"),
    _p(
        "nccl.error",
        ("nccl",),
        r"(?P<code>nccl(?:Unhandled\w{1,40}?Error|InternalError|SystemError|InvalidUsage|RemoteError))"
        r"|remote process exited or there was a network error"
        r"|NCCL (?:WARN|error|failure)|NCCL operation \w{1,80}(?:\(\))? failed",
    ),
    _p(
        "nccl.ib",
        ("ibv_", "net/ib", "ib_plugin", "ibvwrap"),
        r"\b(?P<call>ibv_\w+)|NET/IB|ib_plugin|ibvwrap",
    ),
    _p(
        "nccl.system",
        ("unhandled system error", "unhandled cuda error"),
        r"unhandled (?P<what>system|cuda) error",
    ),
    # ncclInvalidUsage (NVIDIA/nccl src/init.cc ncclGetErrorString: "invalid usage (run with
    # NCCL_DEBUG=WARN for details)"; TensorFlow's nccl_manager: "NCCL: invalid usage"; Horovod:
    # "ncclCommInitRank failed: invalid usage") and the WARN lines init.cc returns it after:
    # two ranks on one GPU ("Duplicate GPU detected : rank %d and rank %d both on CUDA device
    # %lx", 2.5.6-2.29; "Multiple Ranks are using the same GPU/Partition", 2.30) and ranks of
    # different NCCL versions ("Mismatched NCCL version detected"). Read by
    # checks/distributed.py rule_nccl
    _p(
        "nccl.invalid_usage",
        ("invalid usage", "ncclinvalidusage", "duplicate gpu detected",
         "multiple ranks are using the same gpu", "mismatched nccl version"),
        r"(?:NCCL: |nccl\w{1,40} failed: )invalid usage|ncclInvalidUsage"
        r"|invalid usage \(run with NCCL_DEBUG"
        r"|(?P<same>Duplicate GPU detected : rank \d{1,6} and rank \d{1,6} both on CUDA device"
        r"|Multiple Ranks are using the same GPU)|(?P<version>Mismatched NCCL version detected)",
    ),
    _p(
        "nccl.shm",
        ("shm", "posix_fallocate", "shared memory segment"),
        r"(?:shm\.h|shmutils\.cc|shm\.cc):\d+|/dev/shm\b|Call to posix_fallocate failed"
        r"|Error while creating shared memory segment|failed to (?:open|create|extend) shm"
        r"|NCCL_SHM_DISABLE",
    ),
    _p(
        "nccl.version",
        ("nccl version",),
        r"NCCL version (?P<v>\d+\.\d+\.\d+)\+cuda(?P<cuda>\d+\.\d+)",
    ),
    # NCCL_P2P_DISABLE=1 set in the log (an export, an inline setting, os.environ): it turns
    # off only NCCL's peer-to-peer transport (NCCL's environment variables doc), not the peer
    # access TensorFlow enables itself; read by checks/_context_codes.py (NVIDIA/nccl#356)
    _p(
        "ctx.nccl_p2p_disabled",
        ("nccl_p",),
        r"\bNCCL_P2P_DISABLE\b['\"]?\]?\s{0,3}=\s{0,3}['\"]?1\b",
    ),
    # NCCL's topology detection finding no PCI device of the GPU in /sys: NVIDIA/nccl
    # src/graph/xml.cc getPciPath, WARN("Could not find real path of %s") with the path
    # "/sys/class/pci_bus/<domain:bus>/../../<busid>" (v2.8.4-1: ncclSystemError, fatal through
    # NCCLCHECK in ncclTopoGetXmlFromSys; from v2.10.3-1 tolerated and its WARN silenced).
    # Read by checks/distributed.py (variant topology-sysfs)
    _p(
        "nccl.topo_sysfs",
        ("could not find real path of /sys",),
        r"Could not find real path of (?P<path>/sys/\S{1,120})",
    ),
    # The NCCL a Python wheel brought, in its host's words: PyTorch's c10d ("NCCL error in:
    # .../ProcessGroupNCCL.cpp:272, unhandled system error", torch.distributed.DistBackendError),
    # the pynccl wrappers of vLLM and SGLang (pynccl_wrapper.py NCCL_CHECK: raise
    # RuntimeError(f"NCCL error: {error_str}")), and a Ray cluster's worker prefix ("(RayWorker
    # Wrapper pid=1234, ip=10.0.0.2)", group ray; Ray's "[repeated 6x across cluster]" tail is
    # stripped by logs/reader.py). Read by checks/_nccl_warn.py
    _p(
        "ctx.nccl_py_host",
        ("nccl error", "distbackenderror", "pynccl", "torch.distributed", "processgroupnccl",
         " pid=", "raylet"),
        r"RuntimeError: NCCL error: |NCCL error in: [^\n]{0,200}?(?:ProcessGroupNCCL|NCCLUtils)"
        r"|\bDistBackendError\b|\bpynccl|\btorch\.distributed\b|\bProcessGroupNCCL\b"
        r"|(?P<ray>\((?:raylet|\w{1,40}) pid=\d{1,9}, ip=\d{1,3}(?:\.\d{1,3}){3}\))",
    ),
    # gpu_device.cc EnablePeerAccess (TF 1.x-2.x) "Unable to enable peer access between device
    # ordinals A and B, status: ..."; XLA's PJRT GPU client (the TF 2.21 wheel's
    # libtensorflow_cc.so.2) "Unable to enable peer access between GPUs A and B; status: ..."
    _p(
        "gpu.peer_access",
        ("unable to enable peer access",),
        r"Unable to enable peer access between (?:device ordinals|GPUs) (?P<a>\d+) and "
        r"(?P<b>\d+)",
    ),
    # gpu_device.cc's device interconnect matrix (after "Device interconnect StreamExecutor
    # with strength 1 edge matrix:" and its column header): one row per GPU, "0:   N Y", Y
    # where the driver allows peer access from that GPU to the column's; TF 0.x gpu_init.cc
    # printed the same map after "DMA: 0 1". Read by distributed.py (gpu-peer-access-limit)
    _p(
        "gpu.peer_matrix_row",
        ("gpu_device.cc", "gpu_init.cc"),
        r"(?:gpu_device|gpu_init)\.cc:\d+\]\s{1,8}(?P<row>\d{1,3}):\s{1,8}"
        r"(?P<cells>[YN](?: {1,3}[YN]){0,63})\s*$",
    ),
    # TF 0.x gpu_init.cc EnablePeerAccess (and StreamExecutor's MachineManager): a pair the
    # driver says cannot have peer access (CanEnablePeerAccessTo false: the PCIe/QPI topology,
    # a GPU without PCIe P2P), logged at INFO and skipped
    _p(
        "gpu.peer_access",
        ("cannot enable peer access from device ordinal",),
        r"cannot enable peer access from device ordinal (?P<a>\d+) to device ordinal "
        r"(?P<b>\d+)",
    ),
    _p(
        "iommu.fault",
        ("dmar:", "amd-vi:", "io_page_fault"),
        r"DMAR: \[DMA (?:Read|Write)\]|DMAR: DRHD: handling fault|AMD-Vi: Event logged "
        r"\[IO_PAGE_FAULT",
    ),
    _p(
        "mixed.warning",
        ("mixed precision",),
        r"Mixed precision compatibility check \((?P<policy>\w+)\): (?P<status>WARNING|OK)",
    ),
    _p(
        "mixed.slow",
        ("may run slowly with dtype policy",),
        r"may run slowly with dtype policy (?P<policy>\w+)",
    ),
    # XLA's service.cc at start-up, one line per GPU it compiles for (TF 2.4-2.20, jaxlib): a
    # CUDA device the driver counted (ROCm's names an AMDGPU ISA version instead);
    # Facts.gpu_log_evidence
    _p(
        "gpu.xla_device",
        ("streamexecutor device (",),
        r"StreamExecutor device \((?P<idx>\d{1,3})\): (?P<name>[^,\n]{2,120}), Compute "
        r"Capability (?P<cc>\d{1,2}\.\d)",
    ),
    _p(
        "mixed.gpu",
        (", compute capability ",),
        # a listed GPU under Keras' WARNING, or the one GPU its INFO "OK" line names
        # (one run of spaces before the name: two adjacent ones split n^2 ways)
        r"(?:^\s*(?:(?:Your GPU:?|\*)\s*)?|Your GPU:\s*)(?P<name>[^,:]{2,80}), "
        r"compute capability "
        r"(?P<cc>\d+\.\d+)\s*$",
    ),
    # --- GPU not visible -----------------------------------------------------------------------
    _p(
        "gpu.none_msg",
        ("not available", "available:"),
        r"GPU is NOT AVAILABLE|Num GPUs Available:?\s*0\b"
        r"|GPUs? (?i:available):\s*(?:\[\]|0\b|False)",
    ),
    # the user's own words that this machine has an NVIDIA GPU ("I have a GTX 1060 6GB in this
    # PC", "my RTX 3060 is not used"): a first-person owner before a GeForce/Quadro/Tesla
    # model; GPU intent (view.gpu_intent_evidence), not proof of a GPU, and not read after a
    # negation ("I don't have an RTX ...")
    _p(
        "ctx.gpu_owned_prose",
        ("i have", "i've got", "my ", "i got", "i own"),
        r"(?i:\b(?<!don't )(?<!do not )(?:I have|I've got|I got|I own|my)\s+(?:an?\s+)?"
        r"(?:new\s+)?(?:NVIDIA\s+)?(?:GeForce\s+)?)(?P<model>(?:GTX|RTX|Quadro|Tesla|TITAN)"
        r"\s?[A-Z]?\d{2,4}[\w -]{0,12}?)(?=[\s,.;:!?)]|$)",
    ),
    _p(
        "gpu.list_call",
        ("list_physical_devices", "list_logical_devices", "is_gpu_available"),
        r"list_(?:physical|logical)_devices\(\s*(?:device_type\s*=\s*)?['\"]?"
        r"(?P<dev>GPU|CPU|TPU|XLA_GPU|XLA_CPU)?",
    ),
    # "[]" alone on a line (a paste may hold "[ ]": the same empty list)
    _p("gpu.empty_list", ("[]", "[ ]"), r"^\s*\[ ?\]\s*$"),
    # the device configuration calls of tensorflow/python/framework/config.py on the first
    # GPU of a list (the guide's "gpus = tf.config.list_physical_devices('GPU');
    # tf.config.experimental.set_memory_growth(gpus[0], True)"), quoted by a traceback, and
    # Python's IndexError for an empty list: TensorFlow listed no GPU
    # (arya46/VQA-Flask-App#7); read by checks/visibility.py with the IndexError right after
    _p(
        "gpu.first_of_list",
        ("set_memory_growth", "set_visible_devices", "set_virtual_device_configuration",
         "set_logical_device_configuration", "get_memory_info", "get_memory_usage"),
        r"\b(?:set_memory_growth|set_visible_devices|set_virtual_device_configuration"
        r"|set_logical_device_configuration|get_memory_info|get_memory_usage)\(\s*"
        r"(?:device\s*=\s*)?(?:[A-Za-z_][\w.]{0,60}|[\w.]{1,80}\(\s*(?:device_type\s*=\s*)?['\"]GPU['\"]\s*\))"
        r"\[0\]",
    ),
    # tf.config.set_visible_devices([], 'GPU'): the program hides its GPUs itself (read by
    # checks/libraries.py _gpus_hidden_or_listed)
    _p("gpu.hide_call", ("set_visible_devices",), r"\bset_visible_devices\(\s*\[\s*\]"),
    _p("py.index_error", ("indexerror: list index out of range",),
       r"^\s*IndexError: list index out of range\s*$"),
    # Python 3.11+'s marker line under a traceback's source line, and IPython's arrow at the
    # failing source line: which quoted line raised (read with gpu.first_of_list)
    _p("py.caret_line", ("^^^", "~~~"), r"^\s*[\^~]{3,}\s*$"),
    _p("py.ipython_arrow", ("--->",), r"^\s*-{2,}>\s*\d{1,6}\b"),
    _p("gpu.device_list", ("physicaldevice(",), r"^\s*\[\s*PhysicalDevice\((?P<body>.*)\]\s*$"),
    _p(
        "gpu.built_call",
        ("is_built_with_cuda",),
        r"is_built_with_cuda\(\)(?:\s*(?:[:=]\s*)?(?P<val>True|False))?",
    ),
    _p("gpu.bool_line", ("false",), r"^\s*(?P<val>False|True)\s*$"),
    # print(tf.__version__, tf.test.is_built_with_cuda()[, ...]): the call (the version and
    # the answer printed in that order) and its output line "2.15.0 False" (print's
    # space-separated str() of each argument; a device list may follow)
    _p(
        "gpu.version_built_call",
        ("is_built_with_cuda",),
        r"__version__[ \t]{0,8},[ \t]{0,8}(?:\w{1,20}\.){0,3}is_built_with_cuda\(\)",
    ),
    _p(
        "gpu.version_bool_line",
        ("false",),
        r"^[ \t]{0,40}(?P<v>\d{1,2}\.\d{1,3}\.\d{1,4}[\w.+-]{0,20})[ \t]{1,8}(?P<val>False)"
        r"(?:[ \t]{1,8}\[[^\]]{0,400}\])?[ \t]{0,40}$",
    ),
    _p("gpu.build_info", ("is_cuda_build",), r"'is_cuda_build',?\s*(?::\s*)?(?P<val>True|False)"),
    # the CUDA of tf.sysconfig.get_build_info() printed (build_info.py: "cuda_version" is the
    # CUDA the wheel was built with, '12.2' on Linux; '64_112' on Windows, the cudart DLL's
    # suffix: CUDA 11.2), as a dict ('cuda_version': '12.2') or its items ('cuda_version', ...)
    _p(
        "gpu.build_cuda",
        ("cuda_version",),
        r"'cuda_version'(?:,|:)?[ \t]{0,4}:?[ \t]{0,4}'(?:64_)?(?P<v>\d{1,2}\.\d{1,2}|\d{3})'",
    ),
    _p("gpu.skipping", ("skipping registering gpu",), r"Skipping registering GPU devices"),
    _p(
        "gpu.conda_cuda_build",
        ("conda-forge",),
        r"^\s*tensorflow(?:-base)?\s+(?P<v>\d[\w.]*)\s+(?P<build>cuda\w+)\s+conda-forge",
    ),
    # --- GPU kinds: compute capability, XLA/ptxas, mixed precision (k-gpu) ------------------
    # TensorFlow gpu_device.cc, every era: "Ignoring gpu device (...)" (0.x) and "Ignoring
    # visible gpu device (...)" (1.x-2.x) with "... The minimum required Cuda capability is X".
    _p(
        "cc.ignored",
        ("ignoring gpu device",),
        r"Ignoring gpu device \((?P<desc>[^()]*)\) with Cuda compute capability "
        r"(?P<cc>\d+\.\d+)\.\s*The minimum required Cuda capability is (?P<min>\d+\.\d+)",
    ),
    # Tools built on TensorFlow (DeepFaceLab, ...) that check the floor themselves.
    _p(
        "cc.min_required",
        ("minimum required compute capability",),
        r"No CUDA devices? (?:was |were )?found with (?:a )?minimum required compute capability "
        r"(?P<min>\d+\.\d+)",
    ),
    # ... and the per-GPU form of the same check, naming the GPU it refuses: DeepFaceLab
    # nnlib/nnlib.py (iperov/DeepFaceLab@883da4b, 2019): "%s does not meet minimum required
    # compute capability: %d.%d. Falling back to CPU mode." (its floor: 3.5, 3.7 from TF 1.11)
    _p(
        "cc.app_floor",
        ("does not meet minimum required", "does not meet the minimum required"),
        r"(?P<gpu>[\w()/.+-]{1,40}(?: [\w()/.+-]{1,40}){0,5}?) does not meet (?:the )?minimum "
        r"required (?:CUDA |Cuda |cuda )?compute capability(?: of)?:? ?(?P<min>\d{1,2}\.\d)",
    ),
    # cudaErrorInvalidKernelImage / CUDA_ERROR_INVALID_IMAGE (200) and cudaErrorInvalidDevice
    # Function (98): the binary has no image this GPU can run (cuda_runtime_api.h texts).
    _p(
        "cc.kernel_image",
        ("kernel image is invalid", "invalid device function"),
        r"device kernel image is invalid|\binvalid device function\b",
    ),
    # gpu_device.cc (TF >= 2.5): the wheel has no SASS for this CC; kernels JIT from PTX.
    _p(
        "cc.ptx_jit_notice",
        ("not built with cuda kernel binaries",),
        r"not built with CUDA kernel binaries compatible with compute capability "
        r"(?P<cc>\d+\.\d+)",
    ),
    # XLA nvptx_compiler.cc (TF 1.13-2.2): the two ptxas version checks. And XLA's
    # ptxas compile path of TF 2.13-2.16 / jaxlib returns "XLA requires ptxas version 11.8
    # or higher" (an INTERNAL status, no version of the ptxas it found).
    _p(
        "xla.ptxas_requires",
        ("but tf requires ptxas", "xla requires ptxas version"),
        r"You are using ptxas (?P<v>[\dx]+(?:\.[\dx]+)*),? but TF requires ptxas "
        r"(?P<req>[\dx]+(?:\.[\dx]+)*)"
        r"|XLA requires ptxas version (?P<req2>\d+(?:\.\d+)*) or higher",
    ),
    _p("xla.ptxas_using", ("using ptxas at",), r"Using ptxas at (?P<path>\S+)"),
    # asm_compiler.cc / redzone_allocator.cc: ptxas present but does not run (exit code).
    _p(
        "xla.ptxas_missing",
        ("running ptxas", "ptxas exited"),
        r"Running ptxas --version returned -?\d+|ptxas exited with non-zero error code -?\d+, "
        r"output:\s*$",
    ),
    # asm_compiler.cc: the driver compiles the PTX XLA's ptxas could not (TF 2.4-2.5 wording).
    _p(
        "xla.driver_fallback",
        ("fallback to the nvidia driver",),
        r"We fallback to the NVIDIA driver for some compilation",
    ),
    # redzone_allocator.cc on Windows: XLA never runs ptxas there; a one-time notice.
    _p(
        "xla.asm_windows",
        ("non-windows platforms only",),
        r"GPU asm compilation is supported on Cuda non-Windows platforms only",
    ),
    # XLA nvptx_compiler.cc (TF >= 2.15): ptxas newer than the driver -> serial compilation.
    _p(
        "xla.driver_older_than_ptxas",
        ("which is older than the ptx", "which is older than the ptxas"),
        r"driver's CUDA version is (?P<drv>\d+\.\d+)(?!\d)\S* which is older than the "
        r"(?:PTX compiler|ptxas CUDA) version \(?(?P<ptxas>\d+\.\d+(?:\.\d+)?)",
    ),
    # LLVM NVPTX backend (XLA): the PTX ISA it emits cannot target this GPU.
    _p(
        "xla.llvm_arch",
        ("does not support target", "unknown compute capability"),
        r"PTX version (?P<ptx>\d+\.\d+) does not support target '(?P<sm>sm_\d+\w?)'"
        r"(?:[^.]*\. Minimum required PTX version is (?P<need>\d+\.\d+))?"
        r"|Unknown compute capability \((?P<ma>\d+), ?(?P<mi>\d+)\) ?\.? ?Defaulting to "
        r"(?:telling LLVM that we're compiling for )?(?P<dflt>sm_\d+)",
    ),
    # The driver's PTX JIT (cuda.h CUresult 221, 223 and their runtime-API strings).
    _p(
        "xla.ptx_jit_missing",
        ("ptx jit compiler library not found", "jit_compiler_not_found", "jitcompilernotfound"),
        r"PTX JIT compiler library not found|CUDA_ERROR_JIT_COMPILER_NOT_FOUND"
        r"|cudaErrorJitCompilerNotFound",
    ),
    _p(
        "xla.ptx_jit_disabled",
        ("jit compilation was disabled", "jit_compilation_disabled", "jitcompilationdisabled"),
        r"JIT compilation was disabled|CUDA_ERROR_JIT_COMPILATION_DISABLED"
        r"|cudaErrorJitCompilationDisabled",
    ),
    # cudaErrorUnsupportedPtxVersion (222)'s runtime-API string.
    _p(
        "xla.ptx_toolchain",
        ("compiled with an unsupported toolchain", "cudaerrorunsupportedptx"),
        r"the provided PTX was compiled with an unsupported toolchain"
        r"|cudaErrorUnsupportedPtxVersion",
    ),
    # Runtime-API names of "no image for this GPU" (driver_types.h cudaError_t 98, 200, 209,
    # 218) and the CUDA libraries' architecture-mismatch statuses (cublas/cudnn/cusolver).
    _p(
        "cc.runtime_code",
        ("cudaerrorinvalid", "cudaerrornokernel", "cuda_error_invalid_image"),
        r"\b(?P<name>cudaError(?:InvalidDeviceFunction|InvalidKernelImage|NoKernelImageForDevice"
        r"|InvalidPtx)|CUDA_ERROR_INVALID_IMAGE)\b",
        "name",
    ),
    _p(
        "cc.lib_arch",
        ("arch_mismatch",),
        r"\b(?P<code>(?P<lib>CUBLAS|CUDNN|CUSOLVER|CUSPARSE|CUFFT)_STATUS_(?:NOT_SUPPORTED_)?"
        r"ARCH_MISMATCH)\b",
        "code",
    ),
    # cudaErrorNoDevice (100): the runtime sees no GPU at all.
    _p(
        "gpu.no_device",
        ("no cuda-capable device is detected", "cudaerrornodevice"),
        r"no CUDA-capable device is detected|cudaErrorNoDevice",
    ),
    # Eager/graph dtype mismatches under a float16/bfloat16 policy (mixed precision).
    _p(
        "mixed.dtype_mismatch",
        ("was expected to be a", "that does not match type", "conversion requested dtype",
         "must have the same dtype"),
        r"cannot compute (?P<op>\w+) as input #\d+(?:\(zero-based\))? was expected to be a "
        r"(?P<want>half|float|bfloat16|double) tensor but is a (?P<got>half|float|bfloat16|double)"
        r" tensor"
        r"|Input '\w+' of '(?P<op2>\w+)' Op has type (?P<got2>float16|float32|bfloat16|float64) "
        r"that does not match type (?P<want2>float16|float32|bfloat16|float64)"
        r"|Tensor conversion requested dtype (?P<want3>float16|float32|bfloat16) for Tensor with "
        r"dtype (?P<got3>float16|float32|bfloat16)"
        # the binary math ops' own check (math_ops.py truediv, div_no_nan, mul_no_nan: "`x`
        # and `y` must have the same dtype, got tf.float16 != tf.float32"; TF 1.x without
        # the backticks)
        r"|`?x`? and `?y`? must have the same dtype, got tf\.(?P<got4>float16|float32|bfloat16|"
        r"float64) != tf\.(?P<want4>float16|float32|bfloat16|float64)",
    ),
    # TensorFlow Addons' code in the log: a frame under tensorflow_addons/, a call of tfa.*
    # (tfa.text.crf_decode(...)); read by checks/mixed_precision.py beside a dtype mismatch
    # (tensorflow/addons#2231, #2269: the CRF cell ignored the policy until addons 0.12.0)
    _p(
        "mixed.addon_code",
        ("tensorflow_addons", "tfa."),
        r"[/\\]tensorflow_addons[/\\](?P<mod>[\w/\\]{1,80})\.py"
        r"|\btfa\.(?P<api>(?:text|layers|seq2seq|rnn|image|optimizers|losses|activations"
        r"|metrics)\.\w{1,60})\(",
    ),
    # A function loaded from a SavedModel called with arguments none of its traces takes
    # (tensorflow/python/saved_model/function_deserialization.py restored_function_body):
    # "Could not find matching function to call loaded from the SavedModel. Got:" (TF 2.0-2.5)
    # / "Could not find matching concrete function to call loaded from the SavedModel. Got:"
    # (2.6-2.21), then "Positional arguments (N total):" with one "* <repr>" line per argument
    # (a graph Tensor("inputs:0", shape=..., dtype=float16), an eager <tf.Tensor: ...,
    # dtype=float16, ...>; in a dict or list for structured inputs), then "Expected these
    # arguments to match one of the following N option(s):" and each option's
    # "* TensorSpec(shape=..., dtype=tf.float32, name=...)".
    # Read by checks/mixed_precision.py savedmodel_float32_only.
    _p(
        "savedmodel.no_matching_function",
        ("could not find matching",),
        r"Could not find matching (?:concrete )?function to call loaded from the SavedModel",
    ),
    _p(
        "savedmodel.got_half",
        ("dtype=float", "dtype=bfloat", "dtype=half", "dtype=tf.float", "dtype=tf.bfloat"),
        r"\*\s{0,4}[^\r\n*]{0,200}?(?:\bTensor\(|<tf\.Tensor\b|\bKerasTensor\b)[^\r\n*]{0,300}?"
        r"dtype=(?:tf\.)?(?P<dt>float16|bfloat16|half)\b",
    ),
    # any argument tensor of the "Got:" block with its dtype (checks/savedmodel_calls.py)
    _p(
        "savedmodel.got_tensor",
        ("dtype=",),
        r"\*\s{0,4}[^\r\n*]{0,200}?(?:\bTensor\(|<tf\.Tensor\b|\bKerasTensor\b)[^\r\n*]{0,300}?"
        r"dtype=(?:tf\.)?(?P<dt>[a-z]\w{1,11})\b",
    ),
    _p(
        "savedmodel.expected_spec",
        ("tensorspec(",),
        r"\*\s{0,4}[^\r\n*]{0,200}?\bTensorSpec\([^\r\n*]{0,300}?dtype=tf\.(?P<dt>\w{2,12})",
    ),
    # No kernel for an op, and the bfloat16 type attribute it was asked for: the placer's "No
    # OpKernel was registered to support Op 'X'", and eager placement's NotFound (eager/
    # execute.cc, context.cc; in the 2.21 wheel): "Could not find device for node: {{node X}} =
    # X[T=DT_BFLOAT16]" + "All kernels registered for op X:" (no device has a kernel for the
    # node's attributes).
    _p(
        "mixed.no_kernel",
        ("no opkernel was registered", "could not find device for node"),
        r"(?:No OpKernel was registered to support Op '|Could not find device for node: "
        r"\{\{node [^}]{0,200}\}\} = )(?P<op>\w+)",
    ),
    _p("mixed.bf16_attr", ("t=dt_bfloat",), r"\bT=DT_BFLOAT16\b"),
    # Eager placement's NotFound/Internal of TensorFlow 1.x and early 2.x (eager/execute.cc
    # SelectDevice; reports of 2.0-2.3):
    # "Could not find valid device for node.\nNode: {{node X}}\nAll kernels registered for op
    # X :\n..." (the node's attributes not printed), TF 1.x's "Could not find valid
    # device for node name: \"X\" op: \"X\" ..." (NodeDef.DebugString), and the kernel list's
    # header that names the op.
    _p(
        "eager.no_valid_device",
        ("could not find valid device for node",),
        r"Could not find valid device for node\b(?:[.:]?\s{0,4}(?:Node:\s?\{\{node "
        r"(?P<node>[^{}\s]{1,200})\}\}|name: \"(?P<name>[^\"\s]{1,200})\"))?",
    ),
    _p(
        "eager.kernels_for_op",
        ("all kernels registered for op",),
        r"All kernels registered for op (?P<op>\w{1,120}) ?:",
    ),
    # Plain-text evidence that TensorFlow sees no GPU (k-gpu): device_lib listings,
    # tf.test.is_gpu_available() -> False, tf.test.gpu_device_name() -> ''.
    _p("gpu.devlib", ('name: "/device:',), r'name: "/device:(?P<dev>(?:XLA_)?[A-Z]+):\d+"'),
    _p("gpu.avail_call", ("is_gpu_available", "gpu_device_name"),
       r"is_gpu_available\(|gpu_device_name\("),
    _p("gpu.empty_str", ("''", '""'), r"^\s*(?:''|\"\")\s*$"),
    # --- context ------------------------------------------------------------------------------
    _p(
        "ctx.tf_version",
        ("flow version", "tensorflow==", "tensorflow-", "__version__"),
        # the old issue template's "- TensorFlow version (use command below): 2.1.0" too, as
        # GitHub pasted it with its bold label ("- **TensorFlow version (use command
        # below)**: 1.7.0"), and the label typed in other cases ("Tensorflow Version : 1.15")
        r"[Tt]ensor ?[Ff]low (?:version|Version)(?: \([^)\n]{0,40}\))?(?:\*\*)?\s*"
        r"(?:[:=]\s*)?(?:\*\*\s*)?(?P<v>\d+\.\d+(?:\.\d+)?)"
        r"|tensorflow==(?P<v2>\d+\.\d+(?:\.\d+)?)|tensorflow-(?P<v3>\d+\.\d+\.\d+)-cp",
    ),
    # the OS a bug report's form states: the old template's one line "- OS Platform and
    # Distribution (e.g., Linux Ubuntu 16.04): Windows 10" and the issue form's answer under
    # "### OS platform and distribution" (logs.reader.form_answers puts the label in front);
    # the answer alone decides (Facts.os), not the template's example
    _p(
        "ctx.form_os",
        ("platform and distribution",),
        r"OS [Pp]latform and [Dd]istribution(?: \([^)\n]{0,80}\))?\s*:\s*"
        r"(?P<os>[^\s][^\n]{0,120})",
    ),
    _p(
        "ctx.windows",
        (":\\", ".dll", "windows", "win_amd", "win"),
        # (the release written onto the word, as titles do: "windows10", "Win11"; the word
        # alone in lower case is an ML term, "sliding windows")
        r"\b[A-Za-z]:\\|\.dll\b|\bWindows\b|win_amd64|\b[Ww]in(?:dows)? ?1[01]\b",
    ),
    # WSL: its paths and kernel release, and the word as a user writes it ("WSL", "WSL 2",
    # "my wsl2 machine", "Ubuntu on WSL"; group word: the word alone, which Facts.wsl drops
    # where the sentence denies it ("not using WSL") or asks whether WSL works at all)
    _p(
        "ctx.wsl", ("wsl", "microsoft-standard"),
        # (WSL2's first kernels: "4.19.84-microsoft-standard", no -WSL2; microsoft/WSL#4847)
        r"/usr/lib/wsl|microsoft-standard(?:-WSL|(?![\w-]))"
        r"|(?P<word>\bWSL ?2?\b|(?i:\bwsl ?2\b))",
    ),
    # Docker Compose named ("when using docker-compose", "docker compose up", a compose.yaml):
    # a service's container runtime is set in the file (checks/jetson_libraries.py)
    _p("ctx.docker_compose", ("docker-compose", "docker compose", "compose.yml", "compose.yaml"),
       r"(?i:\bdocker[- ]compose\b|\bcompose\.ya?ml\b)"),
    # jtop's (jetson-stats) "Libraries" block: "   * CUDA: 10.2.89", the CUDA installed on a
    # Jetson (checks/jetson_libraries.py)
    _p("ctx.jtop_cuda", ("cuda:",),
       r"^[\s*-]{0,8}CUDA:\s{0,4}(?P<v>\d{1,2}\.\d{1,2})(?:\.\d{1,4})?\s*$"),
    # An NVIDIA Jetson (a Tegra system-on-chip running Jetson Linux, L4T), as a log names it:
    # the module or JetPack by name, L4T releases and l4t- container images (NVIDIA's l4t-base,
    # l4t-ml..., dusty-nv's jetson-containers images dustynv/...), the kernel
    # release's -tegra suffix, /etc/nv_tegra_release and its "# R32 (release)" line, the
    # device tree's tegraNNN, tegrastats, CUDA's aarch64-linux target folder (the L4T one;
    # ARM servers use sbsa-linux), the DLA libraries (libnvdla_*, Tegra-only). Digits drop
    # from the prefilter's template: "L4T" is "lt" there (platform_facts
    # jetson-gpu-on-chip; read by Facts.jetson_log)
    _p(
        "ctx.jetson",
        ("jetson", "jetpack", "tegra", "/targets/aarch-linux", "nvdla", "[lt ", " lt ", "(lt ",
         "lt-r", "lt-base", "lt-ml", "lt-pytorch", "lt-tensorflow", "lt-cuda", "lt-jetpack",
         "lt r", "(release)", "dustynv/"),
        r"(?P<what>(?i:\bjetson(?:[ -](?:nano|tx[12]|xavier(?: nx)?|orin(?: nano| nx)?|agx"
        r"(?: xavier| orin)?))?\b|\bjetpack(?: ?\d(?:\.\d{1,2}){0,2}(?: ?DP)?)?)"
        r"|\bL4T(?: ?R?\d{2}(?:\.\d{1,2}){0,2})?\b"
        r"|\bl4t-(?:r\d{2}(?:\.\d{1,2}){0,2}|base|ml|pytorch|tensorflow|cuda|jetpack)\b|\bdustynv/"
        r"|^# R\d{2} \(release\)|\b\d{1,2}\.\d{1,2}\.\d{1,4}-tegra\b|\bnv_tegra_release\b"
        r"|(?i:\btegra(?:\d{3}|stats)?\b)"
        r"|/targets/aarch64-linux/|\blibnvdla_\w{1,40})",
    ),
    # ... and a machine that is no Jetson, as output prints it: uname's "x86_64 GNU/Linux",
    # platform.machine()/uname -m's "x86_64" alone, CUDA's x86_64-linux target folder, a
    # win_amd64 wheel, lscpu's "Architecture: x86_64", Docker's detected host platform
    # linux/amd64 (moby daemon/create.go); Facts.jetson_log gives way to it (review b48a P1)
    _p(
        "ctx.x86_machine",
        ("x_", "amd"),
        r"\bx86_64(?: (?:x86_64|unknown)){0,2} GNU/Linux\s*$|^\s*x86_64\s*$|/targets/x86_64-linux/"
        r"|\bwin_amd64\b|^\s*(?:Machine|Architecture)\s*:\s*(?:x86_64|amd64|AMD64)\b"
        r"|detected host platform \(linux/amd64",
    ),
    # a WSL shell's prompt: bash's user@host:dir with the Windows drive mounted by WSL's
    # drvfs (/mnt/c/...) or Windows' default computer name (DESKTOP-/LAPTOP- and seven
    # letters or digits, which WSL takes as its host name); Git Bash's prompt puts a space and
    # MINGW64 after the host instead of ':' (native Windows), so it is not read here
    _p(
        "ctx.wsl_prompt",
        ("/mnt/", "@desktop-", "@laptop-"),
        r"^\s*(?:\([\w.-]{1,40}\)\s*)?[\w.-]{1,40}@[\w.-]{1,63}:/mnt/[a-z]/"
        r"|^\s*(?:\([\w.-]{1,40}\)\s*)?[\w.-]{1,40}@(?:DESKTOP|LAPTOP)-[A-Z0-9]{7}:",
    ),
    # ... and a shell prompt on a Mac's default host name: macOS names the host after the
    # model ("Marias-MacBook-Pro", "iMac", "Mac-mini"; Apple, "Change your computer's name or
    # local hostname on Mac"), which bash's \h and zsh's %m print ("maria@MacBook-Pro ~ %")
    _p(
        "ctx.macos",
        ("darwin", "macos", "/users/", "tensorflow-metal", "macosx", "macbook", "imac",
         "mac-mini", "macmini", "mac-studio", "mac-pro", "python.framework", "/opt/homebrew/"),
        # python.org's macOS installer's /Library/Frameworks/Python.framework, Homebrew's
        # Apple-silicon prefix /opt/homebrew (Linux Homebrew uses /home/linuxbrew)
        r"darwin|macOS|macosx|^/Users/|[\s\"']/Users/|tensorflow-metal"
        r"|/Library/Frameworks/Python\.framework/|(?<![\w/])/opt/homebrew/"
        r"|^(?:\([\w.-]{1,40}\)\s*)?[\w.-]{1,40}@[\w-]{0,40}"
        r"(?:MacBook|iMac|Mac-?mini|Mac-?Studio|Mac-?Pro)\b[\w.-]{0,40}[\s:]",
    ),
    _p(
        "ctx.linux",
        (".so", "ld_library_path", "/usr/", "linux"),
        r"\.so(?:\.\d+)*\b|LD_LIBRARY_PATH|\blinux\b|manylinux",
    ),
    _p(
        "ctx.win_prompt",
        (":\\users\\", ":\\program files", ":\\programdata", "ps c:\\", ".exe"),
        r"[A-Za-z]:\\(?:Users|Program Files|ProgramData)\\"
        # (a conda environment's name before the prompt: "(tf) PS C:\...>")
        r"|^(?:\([^()\s]{1,60}\)\s{0,3})?PS [A-Za-z]:\\|^[A-Za-z]:\\[^>]*>"
        r"|\b\w+\.exe\b",
    ),
    _p("ctx.conda", ("conda",), r"\bconda\b|conda-forge|miniconda|anaconda|/envs/"),
    # --- harmless noise ----------------------------------------------------------------------
    _p("noise.onednn", ("onednn custom operations",), r"oneDNN custom operations are on"),
    _p(
        "noise.cpu_guard",
        ("cpu instructions", "supports instructions that this tensorflow binary"),
        r"This TensorFlow binary is optimized to use available CPU instructions"
        r"|Your CPU supports instructions that this TensorFlow binary was not compiled to use",
    ),
    # tensorflow/compiler/tf2tensorrt/utils/py_utils.cc IsGoogleTensorRTEnabled, when the
    # TensorRT libraries do not dlopen: "Cannot dlopen some TensorRT libraries. If you would
    # like to use Nvidia GPU with TensorRT, please make sure the missing libraries mentioned
    # above are installed properly." (TF 2.1-2.11, LOG(WARNING); "TF-TRT Warning: " before it
    # from LOG_WARNING_WITH_PREFIX), "TF-TRT Warning: Could not find TensorRT" (TF 2.12-2.17)
    _p(
        "noise.trt",
        ("tensorrt",),
        r"Could not find TensorRT|Cannot dlopen some TensorRT libraries",
    ),
    # The program uses TF-TRT: a traceback frame or an import of its Python module
    # (tensorflow/python/compiler/tensorrt/trt_convert.py from TF 1.14, TF 1.x's
    # tensorflow/contrib/tensorrt), its converters (TrtGraphConverter, TrtGraphConverterV2,
    # tf.experimental.tensorrt.Converter, TF 1.x create_inference_graph). Read with noise.trt
    # by checks/notices.py: TensorRT missing is then not harmless.
    _p(
        "trt.in_use",
        ("tensorrt", "trtgraphconverter", "create_inference_graph"),
        r"python[/\\.]compiler[/\\.]tensorrt|contrib[/\\.]tensorrt"
        r"|TrtGraphConverter|experimental\.tensorrt\.Converter|create_inference_graph\(",
    ),
    _p(
        "noise.factory",
        ("factory", "computation placer already registered"),
        r"Unable to register (?P<lib>cuDNN|cuFFT|cuBLAS) factory"
        r"|(?P<placer>computation placer) already registered",
        "lib",
    ),
    _p("noise.absl", ("absl::initializelog",), r"All log messages before absl::InitializeLog"),
    _p(
        "noise.cudart_stub",
        ("ignore above cudart dlerror",),
        r"Ignore above cudart dlerror if you do not have a GPU set up",
    ),
    # --- driver, libraries, WSL2, containers, host hints -----------------------------------
    # cuda_diagnostics.cc (TF 1.x-2.x): why cuInit failed, from the device nodes and /proc
    _p(
        "diag.no_device_node",
        ("no nvidia gpu device is present",),
        r"no NVIDIA GPU device is present: (?P<node>/dev/nvidia\d+) does not exist",
    ),
    _p(
        "diag.kernel_not_running",
        ("kernel driver does not appear to be running",),
        r"kernel driver does not appear to be running on this host",
    ),
    # TensorFlow's "CUDA runtime implicit initialization on GPU:0 failed. Status: <text>":
    # <text> is cudaGetErrorString of a cudaError_t (status_codes.toml error_string)
    _p(
        "cuda.runtime_init",
        ("cuda runtime implicit initialization",),
        r"CUDA runtime implicit initialization on GPU:(?P<gpu>\d+) failed\. Status: "
        r"(?P<text>[^\r\n]{1,160}?)\s*$",
    ),
    # TF 1.x self_check.py on Windows: "Could not find 'nvcuda.dll'" / "'cudart64_90.dll'"
    _p(
        "lib.missing",
        ("could not find '",),
        r"Could not find '(?P<lib>[\w+-][\w.+-]{0,80}\.dll)'",
        "lib",
    ),
    # NGC container start-up banner (nvidia_entrypoint.sh)
    _p(
        "container.ngc_no_driver",
        ("nvidia driver was not detected",),
        r"The NVIDIA Driver was not detected\.\s*GPU functionality will not be available",
    ),
    # Docker / NVIDIA Container Toolkit (messages_ecosystem.toml "Docker" rows)
    # moby daemon/devices.go handleDevice: incompatibleDeviceRequest "could not select device
    # driver %q with capabilities: %v"; the NVIDIA driver's capability set holds gpu, nvidia and
    # the NVIDIA driver capabilities (video, graphics, ...: daemon/nvidia_linux.go), so a
    # request with "gpu" and those ("[[gpu video]]", facefusion/facefusion-docker#27) is the
    # same missing toolkit; a request naming another vendor's driver ("rocm", "amd") is not
    _p(
        "docker.no_gpu_driver",
        ("could not select device driver",),
        r"could not select device driver \"(?!rocm\"|amd\")[^\"]{0,40}\" with capabilities: "
        r"\[\[(?:[a-z0-9]{1,12} ){0,6}gpu(?: [a-z0-9]{1,12}){0,6}\]\]",
    ),
    # a device driver named "rocm": dockerd registers none by that name (only nvidia, amd and
    # cdi: daemon/devices.go, nvidia_linux.go); ROCm containers get the GPU as /dev/kfd and
    # /dev/dri (facefusion/facefusion-docker#29, #31, fixed by PR #42);
    # checks/docker_device_drivers.py
    _p(
        "docker.rocm_device_driver",
        ("could not select device driver",),
        r"could not select device driver \"rocm\" with capabilities: "
        r"\[\[(?P<caps>[a-z0-9 ]{0,80})\]\]",
    ),
    _p(
        "docker.no_runtime",
        ("unknown or invalid runtime name",),
        r"unknown or invalid runtime name: nvidia",
    ),
    _p("docker.no_gpus_flag", ("unknown flag: --gpus",), r"unknown flag: --gpus\b"),
    # podman named in the paste: its version line ("podman version 1.9.3"), a podman command,
    # or podman-docker's notice that "docker" is podman (containers/podman docker/docker.in:
    # "Emulate Docker CLI using podman."); read with docker.no_gpus_flag by checks/containers.py
    _p(
        "ctx.podman_named",
        ("podman",),
        r"\bpodman(?:\s{1,4}version\s{1,4}(?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)|\s{1,4}"
        r"(?:run|create|exec|--version|info)\b)|Emulate Docker CLI using podman",
    ),
    _p(
        "docker.nvc_init",
        ("nvidia-container-cli: initialization error",),
        r"nvidia-container-cli: initialization error: (?P<detail>nvml error: driver not loaded"
        r"|load library failed: libnvidia-ml\.so\.1)",
    ),
    # host hints (facts/view.py reads them): WSL1's kernel, CUDA toolkit folders, the
    # Python of site-packages paths, libtensorflow / tfjs-node users
    _p("ctx.wsl1", ("-microsoft",), r"\b4\.4\.0-\d{1,6}-Microsoft\b"),
    _p(
        "ctx.cuda_path",
        ("cuda-", "\\cuda\\v"),
        r"(?:/cuda-|\\CUDA\\v)(?P<v>\d{1,2}\.\d{1,2})\b",
        "v",
    ),
    _p(
        "ctx.python_site",
        ("site-packages", "dist-packages"),
        r"python(?P<v>3\.\d{1,2})[/\\](?:site|dist)-packages",
        "v",
    ),
    # a Windows interpreter's folder names its Python without the dot: ...\Python39\lib\
    # site-packages (python.org installer), %APPDATA%\Python\Python310\site-packages (the
    # user site); facts/view.py reads the minor number
    _p(
        "ctx.python_site_win",
        ("site-packages",),
        r"[\\/][Pp]ython3(?P<mi>\d{1,2})[\\/](?:[Ll]ib[\\/])?site-packages",
        "mi",
    ),
    _p(
        "ctx.nonpip_tf",
        ("tfjs", "libtensorflow"),
        r"tfjs-node|@tensorflow[/\\]tfjs|tfjs_binding|libtensorflow(?:_framework)?\.so"
        r"|libtensorflow-(?:gpu|cpu)-"
        # the C library (or the JNI one, libtensorflow_jni_gpu) named in prose
        r"|\blibtensorflow(?:_jni\w{0,8})?\b(?![_./\\-])",
    ),
    # gpu_device.cc / pluggable_device_factory.cc: no NUMA node known for the device
    _p(
        "numa.unidentified",
        ("could not identify numa node",),
        r"Could not identify NUMA node of (?:platform )?GPU(?: [Ii][Dd])? \d+, defaulting to 0",
    ),
    # --- more lines of messages_gpu_stack.toml -----------------------------------------------
    # Lines of messages_gpu_stack.toml (issue 10 §1) that the families above miss.
    # cuda_dnn.cc / cuda_blas.cc / cuda_fft.cc: a library could not create its handle or plan
    # (read by rule_library_handle with mem.handle); the cuda_dnn.cc lines that follow a
    # failed cudnnCreate (memory usage, driver version) belong to the same failure.
    # exec: a cuDNN call failing after start: conv_ops / fused_batch_norm "cuDNN launch
    # failure", the cuDNN RNN calls, pooling_ops_common.cc / pooling_ops_3d.cc "dnn
    # Pool{Forward,Backward} launch failed" (TF 1.x "cudnn ..."; not in the 2.21 wheel) and
    # lrn_op.cc "Normalize[Backward]WithDimensions launch failed" (in the 2.21 wheel)
    _p(
        "cudnn.dnn_handle",
        ("could not create cudnn handle", "failure to initialize cublas",
         "dnn library initialization failed", "fail to find the dnn implementation",
         "xgemmbatched launch failed", "failed to make cufft batched plan",
         "memory usage:", "possibly insufficient driver version",
         "error retrieving driver version", "cudnn launch failure",
         "failed to call thenrnnforward", "failed to call thenrnnbackward",
         "poolforward launch failed", "poolbackward launch failed",
         "withdimensions launch failed"),
        # the status also in TF's form for a cuDNN 9 value it cannot name
        # ("<unknown cudnn status: 1002>"), which rule_library_handle looks up
        r"(?:[Cc]ould not create|Failure to initialize) (?P<lib>cudnn|cublas)\b"
        r"(?: handle:\s*(?P<code>[A-Z_]{3,60}|<unknown cudnn status: \d{1,6}>))?"
        r"|(?P<dnninit>DNN library initialization failed|Fail to find the dnn implementation)"
        r"|(?P<gemm>Blas xGEMMBatched launch failed)"
        r"|(?P<exec>cuDNN launch failure|Failed to call ThenRnn(?:Forward|Backward)"
        r"|(?:cu)?dnn Pool(?:Forward|Backward) launch failed"
        r"|Normalize(?:Backward)?WithDimensions launch failed)"
        r"|(?P<fft>Failed to make cuFFT batched plan)"
        r"|cuda_dnn\.cc:\d+\]\s*(?P<followup>Memory usage: \d+ bytes free"
        r"|Possibly insufficient driver version|Error retrieving driver version)",
    ),
    # the status a cuBLAS wrapper returns after its routine failed (cuda_blas.cc; TF 1.x logs
    # it as "Internal: failed BLAS call, see log for details"): a companion of the failing
    # routine's line above it, quoted with it by checks/memory.py
    _p("cublas.failed_call", ("failed blas call, see log",),
       r"failed BLAS call, see log for details"),
    # cuda_driver.cc / gpu_cudamallocasync_allocator.cc: a device allocation of the driver
    # (unified memory, stream-ordered pool) returned out of memory
    _p(
        "mem.cuda_alloc_oom",
        ("cumemallocasync failed to allocate", "bytes unified memory"),
        r"cuMemAllocAsync failed to allocate (?P<bytes>\d+) bytes: CUDA error: out of memory"
        r"|failed to alloc (?P<bytes2>\d+) bytes unified memory; result: "
        r"CUDA_ERROR_OUT_OF_MEMORY",
    ),
    # cpu_feature_guard.cc (TF >= 2.9): the oneDNN wording and the follow-up lines of the
    # CPU-instruction notice
    _p(
        "noise.cpu_guard_notice",
        ("optimized with oneapi deep neural network library", "in other operations, rebuild"),
        r"This TensorFlow binary is optimized with oneAPI Deep Neural Network Library "
        r"\(oneDNN\) to use the following CPU instructions"
        r"|To enable (?:them|the following instructions: [\w ,.]{1,200}) in other operations, "
        r"rebuild TensorFlow with the appropriate compiler flags",
    ),
    # grappler: meta_optimizer.cc logs a pass that could not rewrite a graph and carries on;
    # op_level_cost_estimator.cc has no cost estimate for an op
    _p(
        "noise.grappler_notice",
        ("layout failed:", "error in predictcost() for the op"),
        r"meta_optimizer\.cc:\d+\]\s*layout failed: |Error in PredictCost\(\) for the op",
    ),
    # cuDNN autotuning notices: the redzone self-check skipped (gpu_utils.cc CheckRedzones,
    # and WrapRedzoneBestEffort when the redzone buffer itself could not be allocated:
    # "Failed to allocate memory for convolution redzone checking; skipping this check. This
    # is benign ..."; conv_ops.cc in TF 2.0-2.1), a convolution sent to the legacy cuDNN API
    # (convolution_pattern.cc). gpu_utils.cc quotes the status that stopped the check ("...
    # with an error message: '<status>'; skipping this check", the TF 2.21 wheel's strings):
    # group err, read by checks/notices.py
    _p(
        "cudnn.autotune_notice",
        ("failed to check cudnn convolutions for out-of-bounds",
         "disabling cudnn frontend for the following convolution",
         "failed to allocate memory for convolution redzone"),
        r"Failed to check cudnn convolutions for out-of-bounds reads and writes"
        r"(?: with an error message: (?P<err>[^\n]{1,400}))?"
        r"|Disabling cuDNN frontend for the following convolution"
        r"|(?P<rzalloc>Failed to allocate memory for convolution redzone checking)",
    ),
    # cupti_tracer.cc: profiling counters are restricted to admin users
    # (NVreg_RestrictProfilingToAdminUsers), read by rule_cupti; NVIDIA's own wording of the
    # same restriction, printed by CUPTI-based tools with its help page's code
    # ("The user does not have permission to access NVIDIA GPU Performance Counters on the
    # target device N. ... see https://developer.nvidia.com/ERR_NVGPUCTRPERM")
    _p(
        "cupti.privilege",
        ("insufficient privilege to run libcupti", "permission to access nvidia gpu performance",
         "err_nvgpuctrperm"),
        r"Insufficient privilege to run libcupti|does not have permission to access NVIDIA GPU "
        r"Performance Counters|ERR_NVGPUCTRPERM",
    ),
    # nvptx_compiler.cc (TF >= 2.16): the ptxas found does not know the GPU's architecture,
    # read by the xla check with xla.ptxas_arch
    _p(
        "xla.ptxas_loaded_arch",
        ("loaded ptx assembler is too old for",),
        r"Loaded PTX assembler is too old for (?P<sm>sm_\d+\w?)",
    ),
    # TensorFlow runs without a GPU device: the placer, MirroredStrategy and the
    # cross-device ops say so (placer.cc, mirrored_strategy.py, cross_device_ops.py), and
    # Keras' mixed-precision check (device_compatibility_check.py)
    _p(
        "placer.no_gpu_device",
        ("because no devices matching that specification are registered",
         "using mirroredstrategy with devices", "there are non-gpu devices in",
         "because this machine does not have a gpu"),
        r"Could not satisfy explicit device specification '(?P<dev>[^'\s]{0,200}"
        r"(?:device:GPU|/gpu|/GPU):\d+)' "
        r"because no devices matching that specification are registered"
        r"(?: in this process; available devices: (?P<avail>[^\n]{0,2000}))?"
        r"|Using MirroredStrategy with devices "
        r"\((?P<cpus>(?:'[^',)]{0,200}device:CPU:\d+',?\s*)+)\)"
        r"|There are non-GPU devices in `?tf\.distribute\.Strategy`?, not using nccl allreduce"
        r"|(?P<mixed>may run slowly because this machine does not have a GPU)",
    ),
    # Triton's own compiler (the Python package torch.compile's Inductor generates kernels
    # for): triton-lang/triton third_party/nvidia/backend/compiler.py make_cubin raises
    # PTXASError("Internal Triton PTX codegen error" when its ptxas exits 255, "`ptxas` stderr:",
    # "Repro command: .../triton/backends/nvidia/bin/ptxas ..."), knobs.py reads
    # TRITON_PTXAS_PATH (and, from the releases with a separate Blackwell ptxas, the bundled
    # ptxas-blackwell); Inductor's frames (torch/_inductor/...). Read by checks/triton_ptx.py:
    # the ptxas and LLVM lines around them are Triton's, not TensorFlow's XLA
    _p(
        "ctx.triton",
        ("triton", "_inductor", "ptxaserror", "ptxas-blackwell"),
        r"Internal Triton PTX codegen error|\bPTXASError\b|\btriton[/\\]backends[/\\]nvidia\b"
        r"|\btriton[/\\](?:compiler|runtime|language)[/\\]|\btriton\.(?:runtime|compiler)\.\w"
        r"|\btorch[/\\]_inductor[/\\]|\btorch\._inductor\b|\bTRITON_PTXAS(?:_BLACKWELL)?_PATH\b"
        r"|\bptxas-blackwell\b|\bpytorch[-_]triton\b|[/\\]site-packages[/\\]triton[/\\]",
    ),
    # the word Triton alone (a report that says it ran Triton), not NVIDIA's Triton Inference
    # Server (tritonserver, which runs TensorFlow models too): weak evidence, read with
    # ctx.triton by checks/triton_ptx.py only for a bare LLVM line
    _p(
        "ctx.triton_word",
        ("triton",),
        r"\bTriton\b(?! ?Inference)(?!\s?[Ss]erver)",
    ),
    # Triton's Blackwell ptxas ("ptxas-blackwell fatal : Value 'sm_110a' is not defined for
    # option 'gpu-name'", pytorch/pytorch#170117) as well as its ptxas
    _p(
        "ctx.triton_ptxas_arch",
        ("ptxas-blackwell fatal",),
        r"ptxas-blackwell fatal\s*:\s*Value '(?P<sm>sm_\d+\w?)' is not defined for option "
        r"'gpu-name'",
    ),
    # the ptxas Triton ran, first word of make_cubin's "Repro command: <ptxas> -lineinfo ...
    # --gpu-name=sm_NN ..." (triton-lang/triton third_party/nvidia/backend/compiler.py joins
    # the command with spaces: a Windows path with spaces stays unquoted, so the path runs
    # to the word ptxas[-blackwell][.exe] before the first option): the bundled
    # triton/backends/nvidia/bin one or the one TRITON_PTXAS_PATH named (checks/triton_ptx.py)
    _p(
        "ctx.triton_repro",
        ("repro command:",),
        r"Repro command: (?P<ptxas>[^\n]{0,300}?ptxas(?:-blackwell)?(?:\.exe)?)(?=\s+-|\s*$)",
    ),
    # LLVM's NVPTX backend (inside XLA) does not know the GPU's architecture
    _p(
        "xla.llvm_processor",
        ("is not a recognized processor for this target",),
        r"'(?P<sm>sm_\d+\w?)' is not a recognized processor for this target",
    ),
    # tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc (TF 2.x; the
    # 2.21 wheel's libtensorflow_cc.so.2): GPUReportIfError's "'<call expr>' failed with
    # '<CUresult name>'" for the module load and function lookup (warnings) and the launch
    # (the op's Internal status) of TensorFlow's MLIR-generated kernels
    _p(
        "gpu.kernel_gen_call",
        ("culaunchkernel(function", "cumoduleloaddata(&module", "cumodulegetfunction(&function"),
        r"'(?P<call>cuLaunchKernel|cuModuleLoadData|cuModuleGetFunction)\([^'\n]{0,200}\)' "
        r"failed with '(?P<code>CUDA_ERROR_\w{1,60})'(?:\s{0,4}\[Op:(?P<op>\w{1,80})\])?",
    ),
    # cudaGetErrorString texts of the sticky kernel faults (status_codes.toml rows that map
    # to gpu-kernel-fault), read by gpu_kernel_fault
    _p(
        "cuda.fault_text",
        ("an illegal memory access was encountered", "an illegal instruction was encountered",
         "unspecified launch failure", "device-side assert triggered", "misaligned address",
         "hardware stack error", "uncorrectable ecc error encountered"),
        r"(?P<text>an illegal memory access was encountered|an illegal instruction was "
        r"encountered|unspecified launch failure|device-side assert triggered"
        # driver_types.h texts of cudaErrorMisalignedAddress,
        # cudaErrorHardwareStackError, cudaErrorECCUncorrectable (status_codes.toml)
        r"|misaligned address|hardware stack error|uncorrectable ECC error encountered)",
    ),
    # pip's resolver (resolvelib/factory.py): no set of versions satisfies every requirement;
    # the "The conflict is caused by:" lines that follow say "<pkg> <version> depends on <req>"
    # (pip 23.x factory.py get_installation_error);
    # the error it raises last reads "ResolutionImpossible: for help visit <url>" (pip 20.3+)
    _p(
        "pip.resolution",
        ("because these package versions have conflicting dependencies",
         "resolutionimpossible: for help visit", "the conflict is caused by:"),
        r"because these package versions have conflicting dependencies"
        r"|ResolutionImpossible: for help visit"
        # the report's own heading (factory.py get_installation_error: "\nThe conflict is
        # caused by:"), all a paste cut above it keeps
        r"|^\s{0,8}The conflict is caused by:",
    ),
    # the PubGrub resolvers' words for the same: Poetry's SolverProblemError ends its report
    # "So, because <project> depends on both A (x) and B (y), version solving failed."; uv's
    # "No solution found when resolving dependencies:" heads its report
    _p(
        "pip.resolution",
        ("version solving failed", "no solution found when resolving dependencies"),
        r"(?P<pubgrub>\bversion solving failed\b|No solution found when resolving dependencies)",
    ),
    # pip's requirement chain: InstallRequirement.__str__ adds " (from <comes_from>)", and
    # from_path() joins each requirement to the one that asked for it with "->"
    # (pip/_internal/req/req_install.py): "Collecting tensorflow<2.16,>=2.15.0 (from
    # tensorflow-text->keras-nlp==0.6.3)", "Requirement already satisfied: wheel ... (from
    # astunparse>=1.6.0->tensorflow<2.16,>=2.15.0->tensorflow-text->keras-nlp==0.6.3) (0.41.3)"
    _p(
        "pip.from_chain",
        ("(from ",),
        # anchored, and the "(from" is the line's first "(": linear (test_pattern_speed)
        r"^\s{0,8}(?:(?P<verb>Collecting|Requirement already satisfied:)\s+"
        r"(?P<req>[^\s(]{1,160})(?=\s))?[^\n(]{0,600}\(from (?P<chain>[^()\n]{1,600})\)",
    ),
    # pip removing the installed version before it installs another (req_install.uninstall:
    # logger.info("Found existing installation: %s", dist), dist printing "name version")
    _p(
        "pip.found_existing",
        ("found existing installation:",),
        r"Found existing installation: (?P<dist>[A-Za-z0-9][\w.-]{0,60}) (?P<v>\d[\w.+!]{0,30})",
    ),
    # pip undoing an uninstall when the install after it failed (req_install.py
    # "Rolling back uninstall of %s"), or giving up ("ERROR: Could not install packages due
    # to an OSError", "ERROR: No matching distribution found for ..."): nothing was replaced
    _p(
        "pip.gave_up",
        ("rolling back uninstall of", "could not install packages due to",
         "no matching distribution found for"),
        r"Rolling back uninstall of \S|ERROR: Could not install packages due to"
        r"|ERROR: No matching distribution found for",
    ),
    # pip's conflict report names the user's own requirement ("The user requested
    # tensorflow==2.11.1", factory.py get_installation_error: "The user requested %s")
    _p(
        "pip.user_requested",
        ("the user requested ",),
        # ("The user requested (constraint) X" for a -c constraints file's line)
        r"^\s*The user requested (?:\(constraint\) )?"
        r"(?P<req>[A-Za-z][\w.-]{0,60}(?:\[[\w,-]{1,60}\])?)"
        r"(?P<spec>[=<>!~][^\s;]{0,80})?",
    ),
    # (pip's SpecifierRequirement.format_for_error, resolvelib/requirements.py at pypa/pip
    # 6d30920, joins three or more specifiers "A, B, ... and Z": "protobuf!=4.21.0, !=4.21.1,
    # ... and >=3.20.3"; the requirement runs to the last of them)
    _p(
        "pip.depends",
        ("depends on",),
        r"^\s*(?P<pkg>[A-Za-z][\w.-]{0,60}(?:\[[\w,-]{1,60}\])?) (?P<v>\d[\w.+]{0,30}) "
        r"depends on (?P<req>(?:[^\s;,]|,(?! )){1,120}(?:, [<>=!~][^\s;,]{1,60}){0,20}"
        r"(?: and [^\s;]{1,60})?)",
        "pkg",
    ),
    # a PubGrub report's "no versions of <name> match <constraint>" (Poetry; uv writes "there
    # is no version of <name><spec>"): the requirement names a release the index lacks
    _p(
        "pip.pubgrub_no_versions",
        ("no versions of", "there is no version of"),
        r"\b(?:no versions of |there is no version of )(?P<pkg>[A-Za-z][\w.-]{0,80})"
        r"(?: match (?P<spec>[^\s,]{1,60}(?:,[^\s,]{1,40})?)|(?P<spec2>[<>=!~]=?[^\s,]{1,40}))?",
    ),
    # the PubGrub reports' derivation lines (Poetry: "Because tensorflow[and-cuda] (2.15.0)
    # depends on nvidia-nccl-cu12 (2.16.5)", " and jax[cuda12] (0.4.23) depends on
    # nvidia-nccl-cu12 (>=2.18.3), ..."; uv writes "name==version depends on name<spec>")
    *(_p(
        "pip.depends",
        ("depends on",),
        lead + r"(?P<pkg>[A-Za-z][\w.-]{0,60}(?:\[[\w,-]{1,60}\])?)"
        r"(?: \((?P<v>\d[\w.+]{0,30})\)|==(?P<v2>\d[\w.+]{0,30})) depends on "
        r"(?P<req>[A-Za-z][\w.-]{0,80}(?:\[[\w,-]{1,60}\])?)"
        r"(?: \((?P<rspec>[^)\n]{1,80})\)|(?P<rspec2>[<>=!~]=?[^\s,;]{1,40}"
        r"(?:,[<>=!~]=?[^\s,;]{1,40}){0,3}))?",
        "pkg",
    # the first derivation of a line ("Because A depends on ...", Poetry's continuation line
    # " and B (y) depends on ..."), and the second one uv writes on the same line
    ) for lead in (r"(?:\b[Bb]ecause |^\s*and )", r"(?<=\S) and ")),
    # session.cc NewSession's status when the session factory gives none (the local
    # session's device set-up failed and logged why just before; messages_tf_python.toml
    # session-not-created). Read by checks/session_not_created.py
    _p(
        "tf.session_not_created",
        ("failed to create session",),
        r"(?:InternalError|Internal)[:\s]{1,4}Failed to create session\.?\s*$"
        r"|^\s*Failed to create session\.\s*$",
    ),
    # TensorFlow's executor (core/common_runtime/executor.cc PrepareInputs): a TF 1.x
    # reference variable read before its initializer ran (messages_tf_python.toml
    # executor-uninitialized-value). Read by checks/uninitialized_variable.py
    _p(
        "tf.uninitialized_value",
        ("attempting to use uninitialized value", "error while reading resource variable"),
        r"Attempting to use uninitialized value (?P<var>[\w/.:-]{1,200})"
        # resource_variable_ops.cc ReadVariableOp: "Error while reading resource variable %s
        # from Container: %s. This could mean that the variable was uninitialized. <status>"
        r"|Error while reading resource variable (?P<rvar>[\w/.:-]{1,200}) from Container: "
        r"(?P<container>[\w.-]{0,80})",
    ),
    # an import statement as a REPL, IPython or `python -c` line shows it (">>> import torch",
    # "In [2]: from tensorflow import keras", 'python -c "import tensorflow as tf"'): the
    # module (its top-level package) in group mod. Read by checks/import_crash.py
    _p(
        "py.import_stmt",
        ("import ",),
        r"^\s{0,8}(?:>>>\s?|In \[\d{1,4}\]:\s?|\$?\s?python[\d.]{0,5}(?:\.exe)? -c [\"'])"
        r"\s{0,4}(?:import|from)\s+(?P<mod>[A-Za-z_]\w{0,60})(?:\.[\w.]{1,120})?\b",
    ),
    # a fatal CHECK of the BFC allocator's bookkeeping (bfc_allocator.cc: "Check failed:
    # c->in_use() && (c->bin_num == kInvalidBinNum)", "Check failed: h != kInvalidChunkHandle",
    # "Check failed: BinForSize(bin_size) == BinFromIndex(b)"; core/common_runtime/ in TF 1.x,
    # tsl/framework/ later). Read by checks/bfc_check.py
    _p(
        "mem.bfc_check",
        ("bfc_allocator.cc",),
        r"\bbfc_allocator\.cc:\d{1,5}\]\s{0,4}Check failed: (?P<check>[^\n]{1,200}?)\s*$",
    ),
    # Horovod's stall inspector (horovod/common/stall_inspector.cc; operations.cc before it,
    # messages_ecosystem.toml horovod-stall-*): its two sentences, and the tensors it lists
    # with the ranks that have ("[ready ranks: 1]", before 0.13.6) or have not ("[missing
    # ranks: 0]", 0.13.6+) submitted them; 'Missing ranks:' then '<rank>: [<tensor>, ...]'
    # lines in the stall inspector's own file. Read by checks/horovod_stall.py
    _p(
        "dist.horovod_stall",
        ("by subset of ranks", "only subset of ranks is submitting", "ready ranks:",
         "missing ranks:", "will shutdown"),
        r"(?P<lead>submitted to be reduced, gathered or broadcasted by subset of ranks"
        r"|different ranks are trying to submit different tensors or that only subset of "
        r"ranks is submitting tensors)"
        r"|(?P<tensor>[\w./-]{1,300}) \[(?P<kind>ready|missing) ranks: ?(?P<ranks>\d{1,5}"
        r"(?:, \d{1,5}){0,64})\]"
        r"|(?P<shut>is stalled for longer than \d{1,7} seconds\. Will shutdown)",
    ),
    # the stall inspector's "Missing ranks:" list: one line "<rank>: [<tensor>, ...]" (a '!'
    # after a rank it shuts down)
    _p(
        "dist.horovod_missing_rank",
        (": [horovod", ": [distributedoptimizer", "horovodallreduce", "horovodallgather",
         "horovodbroadcast"),
        r"^\s{0,8}(?P<rank>\d{1,5})!?: \[(?P<tensors>[^\]\n]{0,2000})"
        # under mpirun's "[1,0]<stderr>:" prefix the reader takes the rank for a Slurm label
        # and strips it: the tensor list alone (the check reads the rank from the line)
        r"|^\s{0,8}\[(?P<tensors2>[^\]\n]{0,2000}Horovod[^\]\n]{0,2000})\]",
    ),
    # GPUOptions.visible_device_list / virtual devices name GPUs that are not there
    # (gpu_id_manager.cc, gpu_device.cc, process_state: "visible_device_list" checks)
    _p(
        "gpu.visible_device_list",
        ("visible_device_list", "not enough gpus to create virtual devices",
         "number of valid gpus doesn't match"),
        r"visible_device_list contained a duplicate entry"
        r"|'visible_device_list' listed an invalid (?:GPU|Device) id"
        r"|Could not parse entry in 'visible_device_list'"
        r"|Not enough GPUs to create virtual devices"
        # gpu_device.cc VerifyVirtualDeviceSettings: virtual_devices entries that do not
        # match the GPUs listed or kept
        r"|The number of (?:GPUs in visible_device_list|valid GPUs) doesn't match the number "
        r"of elements in the virtual_devices list",
    ),
    # GPU memory settings TensorFlow rejects together (context.py, gpu_device.cc)
    _p(
        "mem.options",
        ("per_process_gpu_memory_fraction when virtual_devices",
         "does not support oversubscription", "memory growth cannot differ",
         "cannot set memory growth on device when virtual devices"),
        r"(?P<fraction>invalid to set per_process_gpu_memory_fraction when virtual_devices is set)"
        r"|(?P<unified>Unified memory on GPUs with compute capability lower than 6\.0 .{0,40}"
        r"does not support oversubscription)"
        r"|(?P<differ>Memory growth cannot differ between GPU devices)"
        r"|(?P<virtual>Cannot set memory growth on device when virtual devices configured)",
    ),
    # gpu_cudamallocasync_allocator.cc: TF_GPU_ALLOCATOR=cuda_malloc_async on a device,
    # driver or OS without CUDA memory pools
    _p(
        "mem.malloc_async",
        ("cuda_malloc_async isn't currently supported", "failed to create cuda pool",
         "disable cuda_malloc_async or update your cuda driver",
         "instantiation of gpucudamallocasyncallocator failed",
         "failed to get default cuda pool"),
        r"TF_GPU_ALLOCATOR=cuda_malloc_async isn't currently supported on GPU id \d+"
        r"|Failed to create CUDA pool: (?P<code>CUDA_ERROR_\w+)"
        # the allocator's LOG(FATAL) for a driver older than CUDA 11.2 (TF 2.10-2.21 wheels)
        r"|Disable cuda_malloc_async or update your CUDA driver to a version compatible with "
        r"CUDA 11\.2"
        # AllocateRaw after a failed constructor; cuDeviceGetDefaultMemPool failing
        r"|The instantiation of GpuCudaMallocAsyncAllocator failed"
        r"|Failed to get default CUDA pool: (?P<pool>CUDA_ERROR_\w+)",
    ),
    # gpu_cudamallocasync_allocator.cc SetStreamAndPreallocateMemory (TF 2.7-2.21, LOG(FATAL)):
    # the cuda_malloc_async allocator given a CUDA stream a second time (checks/
    # malloc_async_stream.py); the source file tag, when the line has one, is kept to tell
    # another allocator that prints the same words
    _p(
        "mem.malloc_async_stream",
        ("trying to set the stream twice",),
        r"(?:(?P<file>[\w.-]{1,80}\.cc):\d{1,5}\]\s{0,4})?Trying to set the stream twice\."
        r" This isn't supported\.",
    ),
    # gpu_device.cc: an environment variable of the GPU device has a value it cannot use
    # (TF_MIN_GPU_MULTIPROCESSOR_COUNT, TF_GPU_THREAD_MODE)
    _p(
        "gpu.env_invalid",
        ("invalid minimum gpu multiprocessor count", "invalid gpu_thread_mode"),
        r"Invalid minimum GPU multiprocessor count: (?P<mp>[^.\s]{0,60})"
        r"|Invalid gpu_thread_mode: (?P<mode>\S{0,60})",
    ),
    # cuda_driver.cc: another library created or activated a CUDA context in this process
    # before TensorFlow; CurrentContext()'s LOG(FATAL) when the context current on the thread
    # is not one StreamExecutor created (TF 0.x stream_executor/cuda/cuda_driver.cc to XLA's
    # stream_executor/cuda: "current context was not created by the StreamExecutor
    # cuda_driver API: <ptr>; a CUDA runtime call was likely performed without using a
    # StreamExecutor context")
    _p(
        "cuda.foreign_context",
        ("a non-primary context", "the primary context is active and has a different flag set",
         "current context was not created by the streamexecutor"),
        r"A non-primary context 0x[0-9a-f]+ for device \d+ exists before initializing the "
        r"StreamExecutor"
        r"|The primary context is active and has a different flag set"
        r"|(?P<fatal>current context was not created by the StreamExecutor cuda_driver API)",
    ),
    # gpu_conv_algorithm_picker.cc: XLA's autotuner caught a cuDNN algorithm misbehaving
    _p(
        "cudnn.bug",
        ("detected cudnn out-of-bounds", "results mismatch between different convolution"),
        r"Detected cudnn out-of-bounds (?:write|read) in convolution buffer"
        r"|Results mismatch between different convolution algorithms",
    ),
    # Keras 2 / tf-keras of another minor than TensorFlow: it calls private tf.__internal__
    # APIs that minor does not have, or registers TensorFlow's metrics a second time; or its
    # keras/dtensor package imports tf.experimental.dtensor ("from tensorflow.compat.v2.
    # experimental import dtensor as dtensor_api") from a TensorFlow older than the Keras
    _p(
        "keras.minor",
        ("__internal__' has no attribute", "another metric with the same name already exists",
         "cannot import name 'dtensor' from 'tensorflow"),
        r"module 'tensorflow(?:\._api\.v2(?:\.compat\.v2)?)?\.__internal__' has no attribute "
        r"'(?P<attr>\w{1,80})'"
        r"|(?P<metric>Another metric with the same name already exists)"
        r"|cannot import name '(?P<dtensor>dtensor)' from 'tensorflow(?:\.compat\.v2)?"
        r"\.experimental'",
    ),
    # gpu_device.cc: with several GPUs, a GPU with fewer multiprocessors than the minimum is
    # dropped (GetMinGPUMultiprocessorCount)
    _p(
        "gpu.low_core_count",
        ("with core count:",),
        r"name: (?P<name>[^,]{1,80}),[^)]{0,200}\) with core count: (?P<have>\d+)\. The minimum "
        r"required count is (?P<need>\d+)",
    ),
    # grappler implementation_selector.cc (TF 2.0-2.1 at WARNING): the function library's API
    # info (function_api_info.cc) refused two implementations of one interface, "Functions
    # 'A' and 'B' both implement 'lstm_<uuid>' but their signatures do not match", so the
    # pass that swaps Keras's cuDNN / generic LSTM/GRU functions skipped the graph
    _p(
        "grappler.impl_selector_skipped",
        ("skipping optimization due to error while loading function",),
        r"Skipping optimization due to error while loading function\s+libraries:",
    ),
    # Keras 3.2+ keras/src/layers/rnn/lstm.py, gru.py: use_cudnn=True, and the cuDNN path is
    # not taken (recurrent_dropout, arguments outside the cuDNN criteria, or no GPU listed:
    # backend/tensorflow/rnn.py cudnn_ok)
    _p(
        "keras.use_cudnn_unsupported",
        ("use_cudnn=true was specified",),
        r"use_cudnn=True was specified, but cuDNN is not supported for this layer "
        r"configuration",
    ),
    # keras gru_lstm_utils: an LSTM/GRU whose arguments rule out the fused cuDNN kernel
    # ("... cuDNN kernels since it doesn't meet the criteria. It will use a generic GPU
    # kernel ...", TF 2.4+, Keras 2.6-2.15, tf_keras); TF 2.0-2.3's recurrent_v2.py said
    # "... cuDNN kernel since it doesn't meet the cuDNN kernel criteria. It will use generic
    # GPU kernel as fallback when running on GPU"
    _p(
        "keras.rnn_no_cudnn",
        ("will not use cudnn kernel",),
        r"Layer (?P<layer>[\w/.-]{1,120}) will not use cuDNN kernels? since it doesn't meet "
        r"the (?:cuDNN kernel )?criteria",
    ),
    # placer.cc: an op pinned to the GPU has no GPU kernel
    _p(
        "placer.no_gpu_kernel",
        ("because no supported kernel for gpu devices is available",),
        r"Cannot assign a device for operation (?P<op>[\w/.-]{1,400}): Could not satisfy "
        r"explicit device specification '[^'\s]{0,200}' because no supported kernel for GPU "
        r"devices is available",
    ),
    # --- ecosystem ----------------------------------------------------------------------------
    # messages_ecosystem.toml rows around TensorFlow (pip, Keras, NumPy, Docker, WSL2, Metal,
    # ROCm, tfjs-node-gpu) and plain-text TensorFlow versions; read by checks/pip_install.py,
    # keras_saving.py, containers.py, wsl.py, metal.py, rocm.py, tfjs.py.
    # pip: "(from tensorflow[and-cuda]==2.15.0)" names the release whose extra is resolved
    _p(
        "eco.and_cuda_from",
        ("from tensorflow[and-cuda]", "from tensorflow[and_cuda]"),
        r"\(from tensorflow\[and[-_]cuda\](?:==(?P<v>\d+\.\d+\.\d+(?:\.post\d+)?))?",
    ),
    # pip commands/install.py create_os_error_message: the long-path hint (pip 20.1+) and the
    # permission hint (EACCES / WinError 5)
    _p(
        "eco.pip_long_path",
        ("windows long path support", "enable-long-paths"),
        r"does not have Windows Long Path support enabled|/warnings/enable-long-paths",
    ),
    # pip before 20.1 printed no hint: an ENOENT on a Windows path longer than 260 characters
    _p(
        "eco.pip_long_path",
        ("could not install packages due to an",),
        r"Could not install packages due to an? (?:OSError|EnvironmentError): \[Errno 2\] No "
        r"such file or directory: '(?P<path>[A-Za-z]:\\[^'\r\n]{255,4000})'",
    ),
    _p(
        "eco.pip_denied",
        ("could not install packages due to an", "consider using the `--user` option"),
        r"Could not install packages due to an? (?:OSError|EnvironmentError): "
        r"(?:\[WinError 5\] Access is denied|\[Errno 13\] Permission denied)"
        r"(?::\s*'(?P<path>[^']{1,400})')?"
        r"|Consider using the `--user` option or check the permissions",
    ),
    # pip's OSError message (commands/install.py create_os_error_message; "EnvironmentError" in
    # pip < 20.3) for ENOSPC: the disk pip downloads to (its cache), unpacks in (TMPDIR) or
    # installs into (site-packages) is full
    _p(
        "eco.pip_no_space",
        ("could not install packages due to an",),
        r"Could not install packages due to an? (?:OSError|EnvironmentError): "
        r"\[Errno 28\] No space left on device",
    ),
    # pip's HashMismatch (src/pip/_internal/exceptions.py): the heading, then per requirement
    # "    <req> from <url>:" and "        Expected sha256 <hex>" / "             Got        <hex>"
    _p(
        "eco.pip_hash_mismatch",
        ("these packages do not match the hashes",),
        r"THESE PACKAGES DO NOT MATCH THE HASHES FROM THE REQUIREMENTS FILE",
    ),
    _p(
        "eco.pip_hash_line",
        ("expected sha", "got "),
        r"^\s*(?:Expected (?:sha256|sha384|sha512)|Got)\s+[0-9a-f]{64,128}\s*$",
    ),
    # pip's download of a distribution file answered 404 Not Found: "HTTP error 404 while
    # getting <link>" (pip/download.py 8.x-19.x, network/download.py 20+, logged before the
    # exception) and "Could not install requirement <req> because of [HTTP] error 404 Client
    # Error: Not Found for url: <url>" (req/req_set.py 9.x, operations/prepare.py 10+; the status
    # text of requests' raise_for_status, pip's own network/utils.py raise_for_status from 20.3)
    _p(
        "eco.pip_file_404",
        ("while getting http", "client error: not found for url"),
        r"(?:HTTP error 404 while getting|error 404 Client Error: [^\n]{0,60}? for url:) "
        r"(?P<url>https?://[^\s#'\"]{1,600}?\.(?:whl|tar\.gz|tar\.bz2|zip))(?![\w.-])",
        "url",
    ),
    # a web server's 404 page for a wheel link opened in a browser, as Jetty serves it (Jenkins
    # build artifacts; Jetty's ErrorHandler: "HTTP ERROR 404", "Problem accessing <path>.
    # Reason:", then the reason on the next line)
    _p("eco.http_404_page", ("problem accessing",),
       r"Problem accessing (?P<url>/\S{1,600}?\.whl)\. Reason:", "url"),
    _p("eco.http_error_404", ("http error",), r"^\s*HTTP ERROR 404\s*$"),
    # NVIDIA's determinism package refusing to patch: "tfdeterminism: No patch available for
    # version %s of TensorFlow" / "...: TensorFlow inside NGC containers does not require
    # patching" (tensorflow-determinism 0.2-0.3 tfdeterminism/patch.py; framework-
    # reproducibility 0.4+ prefixes the module, fwr13y.d9m.tensorflow.patch)
    _p(
        "eco.d9m_no_patch",
        ("no patch available for version", "inside ngc containers does not require"),
        r"(?:tfdeterminism|fw\w{1,6}(?:\.d9m)?\.tensorflow\.patch): (?:No patch available for "
        r"version (?P<v>[\w.+-]{1,40}) of TensorFlow|(?P<ngc>TensorFlow inside NGC containers "
        r"does not require patching))",
    ),
    # ops.py Tensor.__array__: a symbolic (graph) tensor handed to NumPy
    _p(
        "eco.numpy_symbolic",
        ("cannot convert a symbolic tensor",),
        r"Cannot convert a symbolic Tensor \((?P<tensor>[^)]{0,200})\) to a numpy array",
    ),
    # NumPy's version when a log prints it ("numpy 1.20.1", "numpy==1.20.1", "Version: ...")
    _p(
        "eco.numpy_version",
        ("numpy==", "numpy "),
        r"^\s*numpy(?:==|\s+)(?P<v>\d+\.\d+(?:\.\d+)?)\b",
    ),
    # Who handed the symbolic tensor to NumPy (checks/keras_saving.py numpy_call_origin):
    # group tf, TensorFlow's own NumPy call on a shape, array_ops.py _constant_if_small's
    # "if np.prod(shape) < 1000" (tf.zeros/tf.ones; tensorflow r2.4
    # tensorflow/python/ops/array_ops.py), which NumPy 1.20+ hands to Tensor.__array__
    # ("As of Numpy 1.20, np.prod calls the __array__ method of input objects",
    # nipy/nipy#479; tensorflow/tensorflow#47242); group fn, a code line calling NumPy
    # (np.<fn>( / numpy.<fn>(), IPython's "----> 7 ..." arrow line in group arrow: read with
    # the frame header above it (ctx.py_frame_head)
    _p(
        "eco.numpy_frame",
        ("_constant_if_small", "np.", "numpy."),
        r"^[^\n]{0,300}?(?P<tf>\b_constant_if_small\b|\bif np\.prod\(shape\) < 1000)"
        r"|^[ \t]{0,40}(?P<arrow>-{1,10}>\s{0,4}\d{1,6}\s)?[^\n]{0,300}?(?<![\w.])(?:np|numpy)\."
        r"(?P<fn>[a-z_][\w.]{0,60})\(",
        recent=MAX_RECENT,
    ),
    # A Python traceback frame's header, the file in a group: 'File "x.py", line 7, in f'
    # (path), IPython 8's "File ~/x.py:7, in f(...)" (path2) and "Cell In[3], line 7" (cell),
    # AutoGraph's "x.py:7 f  *" (path3: the frames of "in user code:", TensorFlow 2.2-2.x's
    # autograph/impl/api.py) and IPython 7's "x.py in f(...)" / "<ipython-input-2-...> in f"
    # (path4) (checks/keras_saving.py numpy_call_origin)
    _p(
        "ctx.py_frame_head",
        ('file "', "file ", ".py in ", ".py:", "<ipython-input-", "cell in"),
        r'^\s*File "(?P<path>[^"\n]{1,400})", line \d{1,6}, in '
        r"|^\s*File (?P<path2>[^\s\"<][^\n]{0,400}?\.py):\d{1,6}, in "
        r"|^\s*(?P<cell>Cell In\s?\[\d{0,6}\]), line \d{1,6}"
        r"|^\s*(?P<path3><ipython-input-[\w-]{1,80}>|[^\s<][^\n]{0,400}?\.py):\d{1,6} "
        r"[\w<>.]{1,100}\s{1,4}\*{1,2}\s*$"
        r"|^\s*(?P<path4><ipython-input-[\w-]{1,80}>|[^\s<][^\n]{0,400}?\.py) in [\w<>.]{1,100}",
        recent=MAX_RECENT,
    ),
    # tensorflow/python/util/lazy_loader.py KerasLazyLoader: neither tf_keras nor keras imports
    _p("eco.keras_import", ("keras cannot be imported",), r"Keras cannot be imported"),
    # keras/src/saving/saving_api.py (Keras 3): SavedModel directories and extension-less paths
    _p(
        "eco.keras3_format",
        # (Keras 3's words after "File format not supported: filepath=...", where a paste
        # cut the line's start)
        ("file format not supported", "invalid filepath extension for saving",
         "the `save_format` argument is deprecated in keras", "only supports v"),
        r"Keras 3 only supports V3 `\.keras`"
        r"|Invalid filepath extension for saving"
        r"|The `save_format` argument is deprecated in Keras 3",
    ),
    # a model or pickle written by another Keras: Keras 3 reading Keras 2 module paths
    # (serialization_lib.py), Keras <= 2.12 unpickling keras.src objects, Keras 2 reading
    # Keras 3's InputLayer config (batch_shape); serialization_lib.py's last resort
    # ("Could not locate class 'X'. Make sure custom classes ... are decorated with
    # `@keras.saving.register_keras_serializable()`", Keras 2.13+ and 3.x) for the model's own
    # class, which every Keras has: the module path the file records is another Keras's
    # CPython's marshal refusing bytecode written by another Python version (Python/marshal.c
    # "bad marshal data (unknown type code)"): Keras stores a Lambda layer's function as
    # marshal.dumps(func.__code__) (tf.keras utils/generic_utils.py func_dump/func_load,
    # Keras 3 utils/python_utils.py), and a .pyc of another Python gives the same; the Keras
    # side is read from a func_load frame or a Lambda layer. Read by checks/saved_model_files.py
    _p(
        "py.bad_marshal",
        ("bad marshal data",),
        r"bad marshal data \(unknown type code\)",
    ),
    _p(
        "keras.func_load",
        ("func_load", "lambda", "self.function(inputs"),  # ("lambda": lambda_layer.py too)
        # (Keras's Lambda.call runs "return self.function(inputs, **arguments)": keras/layers/
        # core.py 2.0-2.3, tf.keras layers/core/lambda_layer.py)
        r"\bin func_load\b|\bfunc_load\(|\bLambda\b.{0,80}\blayer|\blayers?\.Lambda\b"
        # (tf.keras 2.x: "result = self.function(inputs, **kwargs)" in layers/core.py or
        # layers/core/lambda_layer.py)
        r"|\b(?:return|result =) self\.function\(inputs\b"
        r"|lambda_layer\.py\"?, line \d{1,6}, in call\b",
    ),
    # Keras rebuilding a saved config whose class refuses an argument: Operation.from_config
    # (Keras 3 keras/src/ops/operation.py, and Keras 2.12+'s serialization: "Error when
    # deserializing class 'X' using config={...}.\n\nException encountered: <e>"), with <e> the
    # class's own "Unrecognized keyword arguments: [...]" (InputLayer) or "... passed to X:
    # {...}" (layer.py) on the line itself or one of the next three. Read by
    # checks/saved_model_files.py
    _p(
        "keras.deserialize_class",
        ("error when deserializing class",),
        r"Error when deserializing class '(?P<cls>\w{1,80})' using config="
        r"(?P<config>[^\n]{0,4000})",
    ),
    # Keras 3's Operation.from_config frame (keras/src/ops/operation.py), the call that
    # rebuilds a layer from a config, above the layer's own "Unrecognized keyword arguments
    # passed to X"
    _p(
        "keras.from_config_frame",
        ("in from_config",),
        r"\bops[/\\]operation\.py\"?, line \d{1,6}, in from_config\b",
    ),
    _p(
        "keras.unrecognized_kwargs",
        ("unrecognized keyword arguments",),
        r"Unrecognized keyword arguments(?: passed to (?P<cls>\w{1,80}))?: [\[{]'(?P<kw>\w{1,80})'",
    ),
    # keras2onnx's converter mode check (onnx/keras-onnx keras2onnx/main.py convert_keras:
    # "This is a tensorflow keras model, but keras standalone converter is used. Please set
    # environment variable TF_KERAS = 1[ before importing keras2onnx]."): it reads TF_KERAS
    # when imported. checks/keras_two_kerases.py
    _p(
        "keras.keras2onnx_mode",
        ("but keras standalone converter is used",),
        r"This is a tensorflow keras model, but keras standalone converter is used",
    ),
    # CPython's evaluation loop meeting an opcode this Python does not have (Python/ceval.c:
    # SystemError "unknown opcode"): bytecode of another Python version run here, such as a
    # Lambda layer's function that Keras marshalled under the saving Python (read with
    # keras.func_load by checks/saved_model_files.py)
    _p(
        "py.unknown_opcode",
        ("unknown opcode",),
        r"SystemError: unknown opcode",
    ),
    # a saved model's config naming an object the loading Keras does not know: tf.keras's
    # generic_utils.py "Unknown layer: KerasLayer. Please ensure this object is passed to the
    # `custom_objects` argument" (standalone Keras 2.0-2.3: "Unknown loss function:<name>";
    # Keras 2.7+ and Keras 3's legacy loader quote it: "Unknown layer: 'X'. Please ensure you
    # are using a `keras.utils.custom_object_scope`"), Keras 3 serialization_lib.py's "Could
    # not locate class|function 'X'. Make sure custom classes and functions are decorated"
    # (Model, Functional, Sequential: eco.keras_other_saver); read by checks/saved_model_files.py
    _p(
        "keras.unknown_object",
        ("unknown layer", "unknown loss", "unknown metric", "unknown initializer",
         "unknown optimizer", "unknown activation", "unknown regularizer", "unknown constraint",
         "unknown object", "could not locate class", "could not locate function",
         "invalid layer: "),
        # (Keras 1's generic_utils.get_from_module: "Invalid layer: Attention", from
        # layer_from_config)
        r"(?:Unknown|Invalid(?= layer:)) (?P<kind>layer|loss function|metric function"
        r"|initializer|optimizer"
        r"|activation function|regularizer|constraint|object|loss|metric|activation) ?: ?"
        # (a name is an identifier; segmentation_models' summed losses are named "a + b")
        # (dots only inside a name: Keras 2.6-2.11 end it with ". Please ensure ...")
        r"'?(?P<name>[\w>-]{1,120}(?:\.[\w>-]{1,60}){0,6}(?: \+ [\w>-]{1,120}){0,4})'?"
        r"(?:\.? Please|\.?[*`]*(?:\s|$))"
        r"|Could not locate (?P<obj>class|function) '(?P<located>(?!(?:Model|Functional"
        r"|Sequential)')[^']{1,120})'\. Make sure custom",
    ),
    # the keras package itself missing ("No module named 'keras'", not a submodule), read by
    # checks/keras2_standalone.py
    _p(
        "py.no_keras",
        ("no module named 'keras'", 'no module named "keras"', "no module named keras"),
        # (AWS Lambda's Python runtime words it "Unable to import module '<handler module>':
        # <the ImportError>", awslambdaric bootstrap.py, after "Runtime.ImportModuleError: ")
        r"(?:^\s*|(?:ModuleNotFoundError|ImportError): |Unable to import module '[\w.]{1,100}': )"
        r"No module named ['\"]?keras['\"]?(?:\",?)?\s*$",
    ),
    _p(
        "eco.keras_other_saver",
        ("because its parent module", "no module named 'keras.src", "no module named \"keras.src",
         "unrecognized keyword arguments: ['batch_shape'", "unrecognized keyword arguments: [",
         "could not locate class", "keyword argument 'ragged'", "dict_keys(['ragged'"),
        r"Could not locate class '(?P<locate>Model|Functional|Sequential)'\. Make sure custom "
        r"classes"
        r"|Could not deserialize (?:class|function|object) '(?P<cls>[\w.]{1,120})' because its "
        r"parent module (?P<mod>[\w.]{1,160}) cannot be imported"
        r"|No module named ['\"](?P<src>keras\.src(?:\.[\w.]{1,120})?)['\"]"
        r"|Unrecognized keyword arguments: \[(?P<kw>'batch_shape')"
        # an InputLayer config with tf.keras's 'ragged' (keras-team/keras v2.6.0
        # engine/input_layer.py takes it; standalone Keras 2.3.1's does not) read by a Keras
        # without it: tf.keras's "raise ValueError('Unrecognized keyword arguments:',
        # kwargs.keys())" (printed as a tuple) or Python's "__init__() got an unexpected
        # keyword argument 'ragged'" (retyped "an expected" too)
        r"|Unrecognized keyword arguments:'?,? dict_keys\(\[(?P<ragged>'ragged')\]"
        r"|got an (?:un)?expected keyword argument (?P<ragged2>'ragged')",
    ),
    # libnvidia-container: its driver RPC service failed, or an image's NVIDIA_REQUIRE_CUDA
    # is above what the host driver supports (src/cli/dsl.c "please update your driver")
    _p(
        "docker.nvc_driver_error",
        # (configure.c prints the same driver RPC failure at its detection step too:
        # NVIDIA/nvidia-docker#1114 "detection error: driver error: failed to process request")
        ("nvidia-container-cli: initialization error: driver error",
         "nvidia-container-cli: detection error: driver error"),
        r"nvidia-container-cli: (?:initialization|detection) error: driver error: "
        r"(?P<detail>[^\\\"\n]{1,120})",
    ),
    _p(
        "docker.nvc_requirement",
        ("requirement error: unsatisfied condition",),
        # the condition is "<key><op><value>" (src/cli/dsl.c: current releases print
        # the image's first alternative as written, "cuda>=11.6"; older ones the last failing
        # rule spaced, "brand = tesla"); the key (cuda/brand/driver/arch) decides the reading
        r"requirement error: unsatisfied condition: (?P<cond>(?P<key>[A-Za-z_]{1,20}) ?"
        r"(?P<op>[<>=!]{1,2}) ?(?P<val>[^,\s\\\":]{1,60}))"
        r"(?:, please update your driver)?",
    ),
    # NVIDIA cuda-samples deviceQuery (Samples/1_Utilities/deviceQuery/deviceQuery.cpp):
    # printf("  CUDA Driver Version / Runtime Version          %d.%d / %d.%d\n", from
    # cudaDriverGetVersion/cudaRuntimeGetVersion): the CUDA version the driver supports, as
    # CUDA itself reads it. Read by checks/containers.py beside docker.nvc_requirement
    _p(
        "ctx.devicequery_versions",
        ("cuda driver version / runtime version",),
        r"CUDA Driver Version / Runtime Version\s{1,40}(?P<drv>\d{1,2}\.\d{1,2}) / "
        r"(?P<rt>\d{1,2}\.\d{1,2})",
    ),
    # deviceQuery.cpp: printf("  Run time limit on kernels:                     %s\n",
    # deviceProp.kernelExecTimeoutEnabled ? "Yes" : "No"): whether this GPU has a kernel
    # run-time limit (a watchdog). Read by checks/kernel_time_limit.py
    _p(
        "ctx.devicequery_time_limit",
        ("run time limit on kernels",),
        r"Run time limit on kernels:\s{0,40}(?P<v>Yes|No)\b",
    ),
    # nvidia-smi's table, a GPU's first row: "| 00000000:01:00.0 On |" (Bus-Id, then Disp.A:
    # a display is initialised on this GPU) and the driver model (TCC/WDDM) column on
    # Windows. Read by checks/kernel_time_limit.py
    _p(
        "ctx.smi_display",
        ("off  |", "on  |", "off |", "on |"),
        r"(?P<wddm>\bWDDM\s{1,10}\|)?\s{0,10}[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d"
        r"\s{1,10}(?P<disp>On|Off)\s{1,10}\|",
    ),
    # a CUDA image tag the registry does not have (docker's "manifest for <ref> not found:
    # manifest unknown", buildkit's "<ref>: not found"): NVIDIA deletes end-of-life CUDA image
    # tags and keeps only the latest point release of each CUDA version (the images' support
    # policy); read by checks/containers.py
    _p(
        "docker.cuda_tag_missing",
        ("nvidia/cuda",),
        r"(?:manifest for |(?<![\w/.-]))(?:docker\.io/)?"
        r"(?P<ref>nvidia/cuda(?:gl)?:(?P<tag>[\w.-]{1,80}))(?: not found|: not found)",
    ),
    # any other image tag the registry does not have: docker's "manifest for <ref> not found:
    # manifest unknown" (distribution/registry's MANIFEST_UNKNOWN), BuildKit's "failed to
    # resolve source metadata for <ref>: <ref>: not found". checks/containers.py
    _p(
        "docker.tag_missing",
        ("manifest for ", "failed to resolve source metadata for", "reading manifest ",
         "failed to resolve reference", "no match for platform in manifest"),
        # (BuildKit's "no match for platform in manifest": the tag exists, not for this
        # machine's platform; newer BuildKit prints "failed to solve: <ref>: no match ...")
        r"(?:failed to resolve source metadata for |failed to solve: )(?:docker\.io/)?"
        r"(?P<refp>[\w./:-]{1,200}:"
        r"(?P<tagp>[\w.-]{1,128})): (?P<plat>no match for platform in manifest)"
        r"|manifest for (?:docker\.io/)?(?P<ref>(?:[\w.-]{1,100}(?::\d{1,5})?/)?[\w./-]{1,200}:"
        r"(?P<tag>[\w.-]{1,128})) not found"
        r"|failed to resolve source metadata for (?:docker\.io/)?(?P<ref2>[\w./:-]{1,200}:"
        r"(?P<tag2>[\w.-]{1,128})): [^\n]{0,250}?: not found"
        # podman's "reading manifest <tag> in <repository>: manifest unknown"
        r"|reading manifest (?P<tag3>[\w.-]{1,128}) in (?:docker\.io/)?(?P<repo3>[\w./:-]{1,200}): "
        r"manifest unknown"
        # containerd (kubelet's ErrImagePull): 'failed to resolve reference "<ref>": <ref>: not
        # found'
        r"|failed to resolve reference \"(?:docker\.io/)?(?P<ref4>[^\"\s]{1,300}:"
        r"(?P<tag4>[\w.-]{1,128}))\": [^\n]{0,300}?: not found",
    ),
    # docker's daemon: the tag's manifest list has no image for the platform asked for
    # (moby distribution/pull_v2.go: "no matching manifest for %s in the manifest list
    # entries", the platform as os[(osversion)]/arch[/variant]); the reference is on the
    # lines before (docker.pull_ref) or nowhere. checks/containers.py
    _p("docker.no_platform_manifest", ("no matching manifest for",),
       # (moby's Windows build writes the OS version after a space: "windows/amd64 10.0.18363")
       r"no matching manifest for (?P<plat>(?P<os>[a-z]{3,10})(?:\([\d.]{1,30}\))?/[\w/]{2,30}?"
       r"(?: [\d.]{4,30})?) in the manifest list entries"),
    # the image a docker command names before its error: "Unable to find image '<ref>'
    # locally" (docker run), "<tag>: Pulling from <repository>" (docker pull/run)
    _p("docker.pull_ref", ("unable to find image", "pulling from"),
       r"Unable to find image '(?:docker\.io/)?(?P<ref>[\w./:-]{1,200})' locally"
       r"|^\s{0,8}(?P<tag>[\w.-]{1,128}): Pulling from (?:docker\.io/)?"
       r"(?P<repo>[\w./-]{1,200})\s*$"),
    # Apple's installer's command line, with its --python option or without (group opt;
    # checks/tensorflow_macos_installer.py)
    _p("pip.tf_macos_installer_cmd", ("install_venv.sh", "download_and_install.sh"),
       # (a path after the option: the installer's own "... with the --python option." is none)
       r"(?:install_venv|download_and_install)\.sh\b(?P<opt>[^\n]{0,300}?--python(?:=\S|\s+[/~.]))?"),
    # tensorflow_hub module_v2.py load(): the resolved folder has no SavedModel file
    # (checks/tfhub_cache.py); the path may wrap onto the next line. TensorFlow's own loader
    # says the same for the folder it was given (saved_model/loader_impl.py
    # parse_saved_model: "SavedModel file does not exist at: <dir>/{saved_model.pbtxt|
    # saved_model.pb}", the form older tensorflow_hub releases passed on)
    _p(
        "tfhub.no_saved_model",
        ("load a model of incompatible/unknown type", "savedmodel file does not exist at",
         "could not find savedmodel .pb or .pbtxt"),
        r"Trying to load a model of incompatible/unknown type\.\s*(?:'(?P<path>[^']{1,500})'"
        r"(?: contains neither)?|'(?P<cut>[^'\s]{1,500}))?"
        r"|SavedModel file does not exist at: (?P<tfpath>\S[^{}\n]{0,400}?)[/\\]?"
        r"\{saved_model\.pbtxt\|saved_model\.pb\}"
        # the C++ loader (cc/saved_model/reader.cc, TF 2.21 libtensorflow_cc: the Java, C and
        # Go bindings pass it on)
        r"|Could not find SavedModel \.pb or \.pbtxt at supplied export directory path: "
        r"(?P<tfpath2>\S{1,400})",
    ),
    # Apple's tensorflow_macos alpha installer (apple/tensorflow_macos scripts/install_venv.sh
    # error_exit): the environment's Python is not the one the release's wheels are for, or
    # (a new environment) the Python given with --python, else the python3 on PATH, is not:
    # "Error retrieving python version, or
    # python executable $python_bin not version 3.8.  Please specify a Python 3.8 executable
    # with the --python option." (group exe)
    _p(
        "pip.tf_macos_installer_python",
        ("required for tensorflow_macos", "executable with the --python option"),
        r"Python version in specificed virtual environment (?P<env>\S{1,300}) not "
        r"(?P<need>\d\.\d{1,2})\.\s+Python \d\.\d{1,2} required for tensorflow_macos "
        r"(?P<version>[\w.]{1,20})"
        r"|python executable (?P<exe>\S.{0,299}?) not version (?P<need2>\d\.\d{1,2})\.\s+"
        r"Please specify a Python \d\.\d{1,2} executable with the --python option",
    ),
    # nvidia-pyindex's setup.py on another OS than Linux: "Your operating system is not
    # supported by `nvidia-pyindex`: win32. Only Linux systems are supported." (NVIDIA's
    # wheels, nvidia-tensorflow among them, are Linux-only); checks/no_matching_wheel.py
    # pip taking nvidia-tensorflow's placeholder sdist (0.0.1.devN, the only versions the
    # default index has; its setup.py fails on purpose: the real wheels are on NVIDIA's index,
    # for Python 3.8 on Linux): "Downloading nvidia-tensorflow-0.0.1.dev4.tar.gz (3.8 kB)"
    # (NVIDIA/tensorflow#15); checks/no_matching_wheel.py
    # nvidia-pyindex installed or asked for: pip reads NVIDIA's index from then on
    _p("pip.nvidia_pyindex", ("nvidia-pyindex", "nvidia_pyindex"),
       r"(?:Collecting|Successfully installed|Requirement already satisfied:|pip3? install)"
       r"[^\n]{0,200}?\bnvidia[-_]pyindex\b"),
    _p(
        "pip.nvidia_tf_placeholder",
        ("nvidia-tensorflow-", "nvidia_tensorflow-"),
        r"(?:Downloading|Using cached|Collecting)\s+(?:\S*/)?nvidia[-_]tensorflow-"
        r"(?P<v>0\.0\.1(?:\.dev\d{1,3})?)\.tar\.gz",
    ),
    _p(
        "pip.nvidia_pyindex_os",
        ("not supported by `nvidia-pyindex`", "not supported by nvidia-pyindex"),
        r"Your operating system is not supported by `?nvidia-pyindex`?: (?P<os>\w{1,20})",
    ),
    # nvidia-docker 1.0 (NVIDIA/nvidia-docker v1, src/nvidia-docker, func cudaSupported): the
    # image's com.nvidia.cuda.version label above the CUDA version the driver supports
    # (cudaDriverGetVersion), "unsupported CUDA version: driver %s < image %s"; a driver of
    # "0.0" is a driver nvidia-docker could not query, not an old one (not matched)
    _p(
        "docker.nvd1_cuda_version",
        ("unsupported cuda version: driver",),
        r"unsupported CUDA version: driver (?!0\.0\b)(?P<have>\d{1,2}\.\d{1,2}) < image "
        r"(?P<need>\d{1,2}\.\d{1,2})(?:\.\d{1,4})?",
    ),
    # NVML's own "Unknown Error" at init (a container that lost its device cgroup entries)
    # and pynvml's exception for NVML_ERROR_UNKNOWN (nvidia-ml-py pynvml.py: class
    # NVMLError_Unknown, str "Unknown Error"), raised by a Python program: group py
    _p("eco.nvml_unknown", ("failed to initialize nvml: unknown error", "nvmlerror_unknown"),
       r"Failed to initialize NVML: Unknown Error|(?P<py>NVMLError_Unknown\b)"),
    # A command that sets the loader's path for itself or the shell (ld.so(8): LD_LIBRARY_PATH
    # folders are searched before the cache, LD_PRELOAD libraries load first): an inline
    # "LD_LIBRARY_PATH=`pwd` nvidia-smi" (group cmd), "env LD_PRELOAD=... cmd", or "export
    # LD_LIBRARY_PATH=..." (group exp). Read by checks/nvml_loader_path.py: NVML failing right
    # after it comes from the library found there (CFSworks/nvml_fix#27)
    _p(
        "ctx.loader_path_set",
        ("ld_library_path=", "ld_preload="),
        r"(?:(?P<exp>\bexport)[ \t]+)?\b(?P<var>LD_LIBRARY_PATH|LD_PRELOAD)="
        r"(?P<val>\"[^\"\n]{0,300}\"|'[^'\n]{0,300}'|`[^`\n]{0,100}`|[^\s;&|]{1,300})"
        r"(?:[ \t]+(?P<cmd>(?:sudo[ \t]+)?[\w./~-][\w./~+-]{0,80}))?",
    ),
    # a shell command printing the loader's path ("echo $LD_LIBRARY_PATH", "echo
    # ${LD_LIBRARY_PATH}", "printenv LD_LIBRARY_PATH"): its value is the next line; read by
    # checks/versioned_cuda_symbol.py (a CUDA toolkit folder there comes before a wheel's own
    # libraries, ld.so(8); review b50b P7)
    _p(
        "ctx.ld_path_echo",
        ("ld_library_path",),
        r"\b(?:echo[ \t]{1,4}\"?\$\{?LD_LIBRARY_PATH\}?\"?|printenv[ \t]{1,4}LD_LIBRARY_PATH)"
        r"[ \t]*$",
    ),
    # a libnvidia-ml the user built (a compiler or linker writing one: nvml_fix's Makefile
    # builds an empty stub libnvidia-ml.so.<ver> from empty.c and a shim libnvidia-ml.so.1,
    # CFSworks/nvml_fix@9be4552b Makefile); read by checks/nvml_loader_path.py
    _p(
        "ctx.nvml_library_built",
        ("libnvidia-ml.so",),
        r"\s-o[ \t]+(?P<lib>[^\s;&|]{0,200}?libnvidia-ml\.so(?:\.\d{1,4}){0,4})(?!\S)",
    ),
    # a shell inside a Docker container: bash's default prompt user@host: with Docker's default
    # host name, the container's short id (12 hex digits), for root or any user (an image's
    # own user, docker run -u); the TensorFlow images' prompt "tf-docker <dir> > " and the
    # greeting their bashrc prints ("You are running this container as root, ..." / "as user
    # with ID N" / "in a user namespace (rootless)": tensorflow/tools/dockerfiles/bashrc)
    _p(
        "ctx.container_prompt",
        ("@", "tf-docker", "you are running this container"),
        r"^\s*(?:[A-Za-z_][\w.-]{0,31}@(?P<id>[0-9a-f]{12}):|tf-docker \S{1,200} > )"
        r"|^\s*You are running this container (?:as root|as user with ID|in a user namespace)",
    ),
    # the command that started a container, as pasted with the log: docker / podman /
    # nvidia-docker run or exec, and Apptainer / Singularity exec, run or shell (group apt:
    # those bind the host's driver only with --nv, Apptainer's "GPU Support" docs)
    _p(
        "ctx.container_command",
        ("docker run", "docker exec", "podman run", "podman exec", "apptainer ",
         "singularity "),
        r"^\s*(?:[$#>]\s*)?(?:sudo\s+)?(?:(?:nvidia-)?docker|podman)\s+(?:run|exec)\b"
        r"|^\s*(?:[$#>]\s*)?(?:sudo\s+)?(?P<apt>apptainer|singularity)\s+(?:exec|run|shell)\b",
    ),
    # a container image being built: BuildKit's steps ("#5 [2/6] RUN apt-get ...", "#4 FROM
    # docker.io/nvidia/cuda:..."), the legacy builder's ("Step 3/8 : RUN ..."); a Dockerfile
    # pasted alone is no build
    _p(
        "ctx.image_build",
        ("from ", "run ", "step "),
        r"^\s*(?:#\d{1,4}\s+(?:\[[^\]\n]{0,80}\]\s+)?|Step \d{1,3}/\d{1,3} : )(?:FROM|RUN)\s",
    ),
    # An image recipe pasted with the log: a Singularity/Apptainer definition file's header
    # ("Bootstrap: docker", its bootstrap agents) or section ("%post", run inside the image
    # at build time; group section: any other section, which ends %post: apptainer-userdocs
    # definition_files.rst lists %setup, %files, %environment, %post, %runscript,
    # %startscript, %test, %labels, %help and SCIF's %app* sections), a Dockerfile's FROM
    # line (checks/image_driver.py)
    _p(
        "ctx.image_recipe",
        ("bootstrap", "%post", "from ", "%setup", "%files", "%environment", "%runscript",
         "%startscript", "%test", "%labels", "%help", "%app", "%arguments"),
        r"^\s*(?i:bootstrap):\s*(?P<agent>docker|library|localimage|shub|oras|docker-daemon"
        r"|docker-archive|oci|oci-archive|debootstrap|yum|zypper|busybox|scratch|arch)\b"
        r"|^\s*(?P<post>%post)\b"
        r"|^\s*(?P<section>%(?:setup|files|environment|runscript|startscript|test|labels"
        r"|help|arguments|app\w{0,20}))\b"
        r"|^\s*(?P<dockerfile>FROM)\s+(?:--platform=\S{1,80}\s+)?[\w.${}/:@-]{1,200}"
        r"(?:\s+(?i:as)\s+[\w.-]{1,80})?\s*$",
        recent=MAX_RECENT,
    ),
    # A line that goes on on the next one (a trailing backslash: a Dockerfile RUN's or a
    # shell command's continuation, Dockerfile reference "Shell form" / "Escape"): an
    # install command's package list may go on there (checks/image_driver.py)
    _p("ctx.line_cont", ("\\",), r"\\\s*$", recent=MAX_RECENT),
    # Where the lines below were printed, inside a container or an image build, or on a host
    # (checks/image_driver.py reads the nearest one above a line). Inside: the command that
    # started a container (docker/podman/nvidia-docker run, exec, start; docker compose run,
    # exec, up; Apptainer/Singularity exec, run, shell, instance start; kubectl exec/run;
    # Slurm's pyxis srun --container-image; enroot start), after any prompt (group cmd; group
    # gpu: the GPU flag it carries: Docker --gpus, Apptainer/Singularity --nv or --nvccli
    # (apptainer-userdocs gpu.rst), a CDI --device nvidia.com/gpu=..., --runtime=nvidia;
    # group nvd: nvidia-docker, which always adds the GPUs); a shell prompt with Docker's
    # default host name, the container's short id (group cid/cid2), the TensorFlow images'
    # "tf-docker <dir> > " prompt and greeting (tensorflow/tools/dockerfiles/bashrc),
    # Apptainer's and Singularity's default prompt ("Apptainer> ", "Singularity> ", their
    # shell's PS1); an image build's step (group step: BuildKit's "#5 [2/4] RUN ...", the
    # legacy builder's "Step 3/8 : RUN ..." and " ---> Running in <id>", BuildKit's error
    # summary " > [2/4] RUN ...:", Apptainer/Singularity build's "INFO:    Running post
    # scriptlet"); TensorFlow's cuda_diagnostics host name (group chost: 12 hex digits, a
    # Docker container; group hhost: any other name, a host). Outside: the end of an image
    # build (group bend: "Successfully built/tagged", BuildKit's "#N naming to" / "writing
    # image", "ERROR: failed to solve", the legacy builder's "returned a non-zero code",
    # Apptainer's "INFO:    Creating SIF file..." / "Build complete"), a shell prompt whose
    # host name is no container id or a bare "$ " prompt (group hprompt). Last, words about
    # the place, their last occurrence on the line (group hprose: "on the host", "no
    # container", "outside the container"...; group cprose: "inside the container"...).
    _p(
        "ctx.run_place",
        ("docker", "podman", "apptainer", "singularity", "kubectl", "--container-image",
         "enroot ", "@", "tf-docker", "you are running this container", "run ", "running in",
         "scriptlet", "hostname:", "for host:", "successfully built", "successfully tagged",
         "naming to", "writing image", "failed to solve", "returned a non-zero code",
         "build complete", "creating sif", "$ ", "host", "node", "workstation", "container",
         "metal"),
        r"^\s*(?:(?:\([^()\n]{1,80}\)\s{1,3})?(?:[\w.-]{1,64}@[\w.-]{1,64}:[^\n$#]{0,200}"
        r"|\[[^\]\n]{1,200}\]|PS [^>\n]{1,200}|[A-Za-z]:\\[^>\n]{0,200})?[$#>%]\s*)?"
        r"(?:sudo\s+(?:-\S{1,20}\s+){0,4})?"
        r"(?P<cmd>(?:(?P<nvd>nvidia-)?docker|podman)(?:\s+container)?\s+(?:run|exec|start)\b"
        r"|docker[- ]compose\s+(?:run|exec|up)\b"
        r"|(?:apptainer|singularity)\s+(?:exec|run|shell|instance\s+start)\b"
        r"|kubectl\s+(?:exec|run)\b|srun\b[^\n]{0,300}?\s--container-image\b|enroot\s+start\b)"
        r"(?=(?:[^\n]{0,600}?(?P<gpu>\s--gpus[=\s]|\s--nv(?:ccli)?(?![\w-])"
        r"|\s--device[=\s]+\S{0,40}nvidia\.com/gpu|\s--runtime[=\s]+nvidia\b))?)"
        r"|^\s*(?P<cprompt>(?:\([^()\n]{1,80}\)\s{1,3})?(?:[A-Za-z_][\w.-]{0,31}@"
        r"(?P<cid>[0-9a-f]{12}):|\[[A-Za-z_][\w.-]{0,31}@(?P<cid2>[0-9a-f]{12})\s[^\]\n]{0,200}"
        r"\][$#]|tf-docker \S{1,200} > |(?:Singularity|Apptainer)>\s"
        r"|You are running this container (?:as root|as user with ID|in a user namespace)))"
        r"|^\s*(?P<step>#\d{1,4}\s+(?:\[[^\]\n]{0,80}\]\s+)?RUN\s"
        r"|Step\s\d{1,3}/\d{1,3}\s:\s(?:RUN|CMD|ENTRYPOINT)\s|-+>\s+Running in\s[0-9a-f]{12}"
        r"|>\s\[[^\]\n]{0,80}\]\s+RUN\s|INFO:\s+Running (?:post|test) scriptlet)"
        r"|^[^\n]{0,300}?(?:cuda_diagnostics\.cc:\d+\] hostname:|diagnostic information for "
        r"host:)\s(?:(?P<chost>[0-9a-f]{12})|(?P<hhost>[\w.-]{1,253}))\s*$"
        r"|^\s*(?P<bend>Successfully (?:built|tagged)\s|#\d{1,4} (?:naming to|writing image)\b"
        r"|ERROR: failed to solve\b|The command '[^\n]{0,300}' returned a non-zero code"
        r"|INFO:\s+(?:Build complete|Creating SIF file))"
        r"|^\s*(?P<hprompt>(?:\([^()\n]{1,80}\)\s{1,3})?(?:[A-Za-z_][\w.-]{0,31}@"
        r"(?![0-9a-f]{12}:)[\w.-]{1,64}:[^\n$#]{0,200}[$#]|\[[A-Za-z_][\w.-]{0,31}@"
        r"(?![0-9a-f]{12}\s)[\w.-]{1,64}\s[^\]\n]{0,200}\][$#]|\$)\s+\S)"
        r"|^[^\n]*(?:(?P<hprose>\b(?:on|from) the (?:host|node|workstation)\b"
        r"|\bno (?:docker|container)\b|\bwithout (?:a |any )?(?:docker|container)\b"
        r"|\boutside (?:of )?(?:the|a|any) container\b"
        r"|\bnot (?:in|inside|within) (?:a|the|any|my) (?:docker )?container\b"
        r"|\bhost itself\b|\bbare[- ]metal\b)"
        r"|(?P<cprose>(?<!not )(?<!no )\b(?:in|inside|within) (?:the|a|my|this) "
        r"(?:docker |singularity |apptainer )?container\b|\binside docker\b))",
        recent=MAX_RECENT,
    ),
    # A command that installs the NVIDIA driver's user-space libraries (libcuda, NVML), on
    # one line: a package manager installing a driver package, or an installer that installs
    # the driver. In an image recipe (a RUN line, a BuildKit step, a Singularity %post) those
    # libraries end up in the image (checks/image_driver.py). Packages: NVIDIA's `cuda`,
    # `cuda-X-Y` and `cuda-runtime-X-Y` meta-packages pull in `cuda-drivers` (CUDA
    # Installation Guide for Linux 12.5.1, "Meta Packages"; NVIDIA/gdrcopy#188: "a `cuda`
    # metapackage that depends on both" cuda-toolkit and cuda-drivers), `cuda-toolkit-X-Y`
    # does not; Debian/Ubuntu's nvidia-cuda-toolkit depends on nvidia-cuda-dev, which
    # depends on the driver's libcuda ("libcuda1 (>= 520) | ... | libcuda.so.1 (>= 520)",
    # Debian bookworm nvidia-cuda-dev 11.8.89~11.8.0-5~deb12u1); the distributions' driver
    # packages (nvidia-driver-N, nvidia-utils-N, libnvidia-compute-N, nvidia-headless-N,
    # libcuda1, libnvidia-ml1). Installers: NVIDIA's driver .run file, a CUDA .run with
    # --driver, and Ollama's install.sh, which installs cuda-drivers (or the driver .run)
    # when it sees an NVIDIA GPU and no working nvidia-smi (ollama/ollama scripts/install.sh
    # at 3fa8daaecfb55b86a40506aefc3190753020bf62 and 01260bb1040b2e48f4a9c2e69766a951a952f9c3;
    # E4S-Project/e4s#172). RHEL 8/9: NVIDIA's driver comes as a dnf module stream ("dnf
    # module install nvidia-driver:latest-dkms": NVIDIA/yum-packaging-nvidia-driver
    # docs/guide-rhel8.md, "modularity streams" latest, latest-dkms, XXX, XXX-dkms).
    _p(
        "ctx.image_driver_install",
        ("install", "nvidia-linux-", "--driver"),
        r"\b(?:apt-get|apt|aptitude|yum|dnf|microdnf|zypper)\s+(?:-\S{1,40}\s+)*"
        r"(?:module\s+(?:-\S{1,40}\s+)*)?install\b"
        r"[^\n;&|]{0,400}?(?<![\w.+-])" + _DRIVER_PKG
        + r"|(?P<script>\bollama\.(?:com|ai)/install\.sh\b[^\n|]{0,40}\|\s*(?:sudo\s+)?(?:ba)?sh\b"
        r"|\bNVIDIA-Linux-(?:x86_64|aarch64|ppc64le)-\d{2,4}(?:\.\d{1,4}){1,2}\.run\b"
        r"|\bcuda_\d{1,2}\.\d[\w.]{0,40}_linux(?:_\w{1,10})?\.run\b[^\n]{0,200}?\s--driver\b)",
    ),
    # a line of packages only, one of them a driver package (_DRIVER_PKG): an install
    # command's list going on from a line that ends with a backslash ("RUN apt-get install
    # -y \\" / "    cuda-drivers-535 \\"); checks/image_driver.py reads it only there
    _p(
        "ctx.driver_pkg_line",
        ("cuda", "nvidia-driver", "nvidia-utils", "libnvidia-compute", "nvidia-headless",
         "libcuda", "libnvidia-ml"),
        r"^\s*(?:[a-z0-9][\w.+:=~-]{0,80}\s+){0,12}?" + _DRIVER_PKG
        + r"(?:=\S{1,60})?(?:[ \t]+[\w.+:=~-]{1,80}){0,20}(?:[ \t]*\\|[ \t]*&&[^\n]{0,300})?"
        r"[ \t]*$",
        recent=MAX_RECENT,
    ),
    # a BuildKit step's header with its platform ("#13 [linux/arm64 4/4] RUN ..."): which
    # platform the step's later "#13 <seconds> ..." lines come from (checks/cpu.py)
    _p(
        "ctx.buildx_step",
        ("[linux/",),
        r"^\s*#(?P<step>\d{1,4}) \[(?P<plat>linux/[\w/]{2,20})\s",
    ),
    # the end of an image build: the legacy builder's "Successfully built <id>" / "Successfully
    # tagged", BuildKit's "#N naming to ..." / "#N DONE": later lines are no build step's
    _p(
        "ctx.image_build_done",
        ("successfully built", "successfully tagged", "naming to", "done", "failed to solve",
         "returned a non-zero code", "$ "),
        r"^\s*Successfully (?:built|tagged)\s|^\s*#\d{1,4} (?:naming to\s|DONE\b)"
        r"|^\s*ERROR: failed to solve\b|^The command '.{0,300}' returned a non-zero code"
        # a shell prompt after the build: the next command is the host's
        r"|^\s*(?:[\w.@:~/-]{0,80})?\$\s+\S",
    ),
    # WSL2: NVML refused by dxgkrnl; nvidia-smi cannot open one GPU
    _p("wsl.nvml_blocked", ("gpu access blocked by the operating system",),
       r"GPU access blocked by the operating system"),
    _p(
        "eco.device_handle",
        ("unable to determine the device handle for gpu",),
        r"Unable to determine the device handle for GPU(?P<rest>[^\r\n]{0,160})",
    ),
    # CUDA error 500 (CUDA_ERROR_NOT_FOUND / cudaErrorSymbolNotFound) as other runtimes in the
    # same container print it (onnxruntime "CUDA failure 500", PyTorch "named symbol not found";
    # PyTorch's c10/cuda/CUDAFunctions.cpp device_count TORCH_CHECK: "Unexpected error from
    # cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices()
    # that might have already set an error? Error <err>: <cudaGetErrorString>", 500 being
    # cudaErrorSymbolNotFound: transcriptionstream/transcriptionstream#13, WSL2 driver 555.99)
    _p(
        "eco.cuda_500",
        ("cuda failure : named symbol not found", "cuda error: named symbol not found",
         "error : named symbol not found"),
        r"CUDA failure 500: named symbol not found|CUDA error: named symbol not found"
        r"|Unexpected error from cudaGetDeviceCount\(\)[^\n]{0,200}?Error 500: named symbol "
        r"not found",
    ),
    # tensorflow-metal: the PluggableDevice registered twice; XLA ops on the Metal device
    _p(
        "metal.registered_twice",
        ("platform is already registered with name",),
        r"platform is already registered with name: \"?(?P<name>METAL|[A-Z_]{2,20})\"?",
    ),
    _p(
        "metal.xla_platform",
        ("could not find registered platform with id",),
        r"could not find registered platform with id: (?P<id>0x[0-9a-f]{1,16})",
    ),
    # pluggable_device_factory.cc (TF 2.5+, CreatePluggableDevice): LOG(INFO) << "Created
    # TensorFlow device (" << device_name << " with " << (bytes_limit >> 20) << " MB memory)
    # -> physical PluggableDevice (" << "device: N, name: <desc.name()>, pci bus id: <id>"
    # << ")"; bytes_limit is 0 when the plugin's allocator reports no limit (tensorflow-metal
    # prints "with 0 MB memory"), and the plugin names the device (METAL, DML) and its bus
    # id ("<undefined>")
    _p(
        "gpu.pluggable_created",
        ("physical pluggabledevice",),
        r"Created TensorFlow device \([^\s()]{0,120}?/device:(?P<type>[A-Z_]{1,16}):"
        r"(?P<idx>\d{1,3}) with (?P<mb>\d{1,12}) MB memory\)\s{0,4}->\s{0,4}physical "
        r"PluggableDevice \(device: \d{1,3}, name: (?P<name>[^,()]{1,80}), pci bus id: ",
        "idx",
    ),
    # tensorflow-metal's own line when it sets up the Apple GPU: "Metal device set to: Apple M1"
    _p("metal.device_set", ("metal device set to",),
       r"Metal device set to: (?P<chip>[^\s].{0,80}?)\s*$"),
    _p(
        "ctx.metal",
        ("metal device set to", "name: metal", "plugin optimizer for device_type gpu",
         "tensorflow-metal", "libmetal_plugin"),
        r"Metal device set to|name: METAL|Plugin optimizer for device_type GPU is enabled"
        r"|tensorflow-metal|libmetal_plugin",
    ),
    # tfjs-node(-gpu): install.js and index.ts messages, node-pre-gyp
    _p(
        "tfjs.unsupported",
        ("unsupported system:",),
        r"Unsupported system: (?P<sys>(?:gpu|cpu)-[\w-]{1,40})",
    ),
    # the tfjs-node release installing: scripts/get-addon-name.js prints the addon tarball
    # "<CPU|GPU>-<platform>-<version>.<tar.gz|zip>" during the install (tfjs-v3.8.0), and npm
    # ls / cnpm paths name "@tensorflow/tfjs-node@<version>" (checks/tfjs.py)
    _p(
        "tfjs.version",
        ("cpu-darwin-", "cpu-linux-", "cpu-windows-", "gpu-darwin-", "gpu-linux-",
         "gpu-windows-", "@tensorflow/tfjs-node", "@tensorflow_tfjs-node"),
        r"(?<![\w-])(?P<type>CPU|GPU)-(?:darwin|linux|windows)-(?P<v>\d{1,2}\.\d{1,3}\.\d{1,3})"
        r"\.(?:tar\.gz|zip)\b"
        r"|@tensorflow[/_]tfjs-node(?P<gpu>-gpu)?@(?P<v2>\d{1,2}\.\d{1,3}\.\d{1,3})\b",
    ),
    # an N-API version named in a tfjs-node log: node-pre-gyp's "This Node instance does not
    # support builds for N-API version 7" (mapbox/node-pre-gyp lib/util/napi.js; newer
    # releases say "Node-API"), a user's "node v12.22.3 corresponds to N-API 8"
    # (tensorflow/tensorflow#51443) (checks/tfjs.py)
    _p(
        "tfjs.napi_named",
        ("n-api", "node-api"),
        r"(?P<cannot>does not support builds for )?\b(?:N-API|Node-API)(?: version)? "
        r"(?P<n>\d{1,2})\b",
    ),
    _p(
        "tfjs.no_binding",
        ("native addon module (tfjs_binding.node) can not be found",
         "node-pre-gyp install failed with error"),
        r"native addon module \(tfjs_binding\.node\) can not be found at path: (?P<path>\S{1,400})"
        r"|node-pre-gyp install failed with error",
    ),
    _p(
        "tfjs.dlopen",
        ("the specified module could not be found",),
        r"The specified module could not be found",
    ),
    _p("ctx.tfjs", ("tfjs", "node-pre-gyp", "cjs/loader", "node_modules"),
       r"tfjs-node|@tensorflow[/\\]tfjs|tfjs_binding|node-pre-gyp|cjs/loader\.js"
       r"|node_modules[/\\]@tensorflow"),
    # pip show tensorflow: "Name: tensorflow" then "Version: 2.13.0"
    _p("ctx.pip_show_name", ("name: tensorflow",),
       r"^\s*Name: (?:tensorflow|tensorflow-cpu|tensorflow-gpu|tensorflow-intel|tf-nightly)\s*$"),
    _p("ctx.pip_show_version", ("version: ",),
       r"^\s*Version: (?P<v>\d{1,3}\.\d{1,3}\.\d{1,4}[\w.+-]{0,20})\s*$"),
    # a TensorFlow version printed alone (tf.__version__ on the next line) or as "tensorflow X"
    _p("ctx.tf_version_call", ("__version__",), r"\b(?:tf|tensorflow)\.__version__"),
    _p("ctx.version_line", ("..",), r"^\s*(?P<v>2\.\d{1,2}\.\d{1,3})\s*$"),
    _p(
        "ctx.tf_version",
        ("tensorflow ..", "tensorflow-gpu ..", "tensorflow-cpu ..", "tensorflow-intel ..",
         "tensorflow-macos .."),
        r"^\s*tensorflow(?:-gpu|-cpu|-intel|-macos)? (?P<v>\d+\.\d+\.\d+)\s*$",
    ),
    # --- gpu stack --------------------------------------------------------------------------
    # messages_gpu_stack.toml rows the families above missed (issue 10 §1), by source file.
    # gpu_device.cc (tensorflow-rocm): the AMD GPU's gfx target has no kernels in this build
    # (and XLA platform_util.cc: "StreamExecutor ROCM device (N) is of unsupported AMDGPU ...")
    _p(
        "rocm.arch",
        ("with amdgpu", "is of unsupported amdgpu"),
        r"(?:Ignoring visible gpu device \((?P<desc>[^()\n]{0,300})\) with|StreamExecutor ROCM "
        r"device \(\d{1,4}\) is of unsupported) AMDGPU (?:ISA )?version ?: ?(?P<gfx>gfx\w{1,12})"
        r"\.?\s{0,4}The supported AMDGPU (?:ISA )?versions are (?P<supported>[\w, ]{0,300})",
    ),
    # the same gpu_device.cc message with its start cut off by the paste ("...D Radeon RX
    # 6600, pci bus id: 0000:08:00.0) with AMDGPU version : gfx1030. The supported ..."): its
    # own words from the device description's closing parenthesis on
    _p(
        "rocm.arch",
        ("with amdgpu",),
        r"^[^()\n]{0,300}\) with AMDGPU version ?: ?(?P<gfx>gfx\w{1,12})"
        r"\.?\s{0,4}The supported AMDGPU versions are (?P<supported>[\w, ]{0,300})",
    ),
    # gpu_device.cc of the ROCm fork's TF 1.x (ROCm/tensorflow-upstream): "Ignoring visible
    # gpu device (<desc>) with AMDGPU ISA gfx<isa>. The minimum required AMDGPU ISA is
    # gfx<min>." (LOG(INFO), a GPU below the build's minimum ISA; the space a retyped line puts
    # after "gfx" is allowed)
    _p(
        "rocm.isa_min",
        ("the minimum required amdgpu isa is",),
        r"Ignoring visible gpu device (?:\((?P<desc>[^()\n]{0,300})\) ?)?with AMDGPU ISA "
        r"(?P<gfx>gfx ?\w{1,12})\.?\s{0,4}The minimum required AMDGPU ISA is "
        r"(?P<min>gfx ?\w{1,12})",
    ),
    # gpu_device.cc (TF 2.4-2.5): the driver gave no compute capability for the GPU
    _p(
        "cc.unavailable",
        ("whose cuda compute capability is not available",),
        r"Ignoring visible gpu device \((?P<desc>[^()\n]{0,300})\) whose CUDA compute "
        r"capability is not available",
    ),
    # gpu_device.cc EnablePeerAccess: every peer pair the driver offered failed (an error
    # that stops GPU device creation), and cuda_driver.cc's status quoted in the per-pair
    # warning (read with gpu.peer_access by rule_nccl: gpu-peer-access-limit)
    _p(
        "gpu.peer_none",
        ("but no peering could be enabled",),
        r"(?<!\d)(?P<pairs>\d{1,9}) potential peer access pairs were reported by the driver, "
        r"but no peering could be enabled",
    ),
    # (a paste wrapped after "failed to enable" leaves "peer access from 0x.. to 0x..: CUDA_..."
    # at the start of the next line)
    _p(
        "gpu.peer_access",
        ("failed to enable peer access from", "peer access from"),
        r"(?:failed to enable |^\s{0,8})peer access from (?:0x)?[0-9a-fA-F]{1,16} to "
        r"(?:0x)?[0-9a-fA-F]{1,16}: (?P<err>CUDA_ERROR_[A-Z_]{1,60})",
    ),
    # gpu_device.cc: the allocator or the scratch buffer of a GPU device could not be made
    _p(
        "mem.device_memory",
        ("failed to get memory allocator for tf gpu", "failed to allocate scratch buffer for"),
        r"Failed to get memory allocator for TF GPU (?P<gpu>\d+) with (?P<bytes>\d+) bytes of "
        r"memory|Failed to allocate scratch buffer for device (?P<scratch>\d+)",
    ),
    # gpu_process_state.cc: GPUOptions.allocator_type other than "" or "BFC"
    _p("mem.allocator_type", ("invalid allocator type",),
       r"Invalid allocator type: (?P<type>\S{0,80})"),
    # gpu_device.cc BaseGPUDeviceFactory::CreateGPUDevice (TF 1.14+) and
    # pluggable_device_factory.cc: the device's allocator returned no statistics (GetStats)
    _p("mem.no_allocator_stats", ("no allocator statistics",), r"No allocator statistics"),
    # gpu_process_state.cc: the allocator TF_GPU_ALLOCATOR chose ("Using CUDA malloc Async
    # allocator for GPU: 0" for cuda_malloc_async, "Using CUDA malloc allocator for GPU." for
    # cuda_malloc; both wordings in the 2.21 wheel's libtensorflow_framework.so.2)
    _p("mem.allocator_chosen", ("using cuda malloc",),
       r"Using CUDA malloc (?P<async>Async )?allocator for GPU"),
    # the same line cut right after "ordinal" (the paste ends there): a pattern of its own, so
    # that a hard wrap's next line ("0: Internal: ... CUDA_ERROR_...") still joins onto it
    # for cuda.se_init (logs/engine.py _wrap_join tries the patterns that failed on a line)
    _p(
        "cuda.se_init_cut",
        ("failed initializing streamexecutor for",),
        r"failed initializing StreamExecutor for (?:CUDA )?device ordinal\s*$",
    ),
    # gpu_device.cc / cuda_driver.cc: no CUDA context on a GPU (the CUDA error says why)
    _p(
        "cuda.se_init",
        ("failed initializing streamexecutor for", "cudeviceprimaryctxretain",
         "cuctxcreate", "failed to query available memory for gpu",
         "failed to get streamexecutor for device"),
        # "for CUDA device ordinal N" (TF <= 2.16), "for device ordinal N" (XLA since)
        r"failed initializing StreamExecutor for (?:CUDA )?device ordinal (?P<gpu>\d+)"
        r"|[Ff]ailed call to (?P<call>cuDevicePrimaryCtxRetain|cuCtxCreate): "
        r"(?P<err>CUDA_ERROR_[A-Z_]{1,60})"
        r"|Failed to query available memory for GPU (?P<mem>\d+)"
        # gpu_device.cc BaseGPUDevice::Init: the GPU's StreamExecutor (its CUDA context)
        # could not be had ("Failed to get StreamExecutor for device N", a Status)
        r"|Failed to get StreamExecutor for device (?P<se>\d+)",
    ),
    # cuda_driver.cc GetDeviceCount: cuDeviceGetCount before (or without) a working cuInit
    # XLA's stream_executor (TF 2.16 on) words a driver call's failure "CUDA error: Failed call
    # to cuDeviceGet: CUDA_ERROR_NOT_INITIALIZED: initialization error" (cuda_status ToStatus):
    # the device queries before a working cuInit, the same reading
    _p(
        "cuda.device_count",
        ("could not retrieve cuda device count", "failed call to cudeviceget"),
        r"could not retrieve CUDA device count: (?P<err>CUDA_ERROR_[A-Z_]{1,60})"
        r"|Failed call to (?P<call>cuDeviceGet(?:Count|Attribute|Name)?): "
        r"(?P<err2>CUDA_ERROR_NOT_INITIALIZED)",
    ),
    # bfc_allocator.cc: the lines that follow "Allocator (...) ran out of memory": the
    # fragmentation hint and the occupancy map (RenderOccupancy: * used, _ free)
    _p(
        "mem.bfc_followup",
        ("if the cause is memory fragmentation", "bfc_allocator.cc"),
        r"(?P<frag>If the cause is memory fragmentation maybe the environment variable "
        r"'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation)"
        r"|bfc_allocator\.cc:\d+\]\s{0,4}(?P<map>[*_x]{16,})\s*$",
    ),
    # bfc_allocator.cc: freed regions to fit a request (runs near the memory limit)
    _p(
        "mem.bfc_gc",
        ("garbage collection: deallocate free memory regions",),
        r"Garbage collection: deallocate free memory regions",
    ),
    # op_kernel.cc: the hint TensorFlow appends to every ResourceExhausted (OOM) status
    # ("Hint: If you want to see a list of allocated tensors when OOM happens, add
    # report_tensor_allocations_upon_oom to RunOptions for current allocation info.", the
    # 2.21 wheel's libtensorflow_framework.so.2); its option's name is the keyword, read
    # without the "add" before it, which a wrap at a space may leave on the line above
    _p(
        "mem.exhausted",
        ("report_tensor_allocations_upon_oom",),
        r"(?:add )?report_tensor_allocations_upon_oom to RunOptions",
    ),
    # cuda_solvers.cc, cuda_dnn.cc: cuBLAS/cuSOLVER calls of the linear-algebra ops, and
    # cudnnSetStream (read by rule_library_handle with mem.handle)
    _p(
        "cuda.lib_call",
        ("blas call failed status", "failed to create cusolverdn instance",
         "failed to set cudnn stream", "no algorithm worked"),
        # cuda_solvers.cc / rocm_solvers.cc (tensorflow-rocm: rocBLAS)
        r"(?P<blas>(?P<vendor>cu|roc)Blas call failed status = ?(?P<code>\d+))"
        r"|(?P<solver>Failed to create cuSolverDN instance)"
        r"|(?P<stream>Failed to set cuDNN stream)"
        r"|(?P<noalgo>No algorithm worked)",
    ),
    # fft_ops.cc (TF 1.x-2.21): the inverse FFT ops scale their result by 1/N with cuBLAS after
    # the transform: "BlasScal failed : in.shape=<shape>" when that call fails, "No Blas for
    # stream." (2.x) when the executor has no cuBLAS at all (read by rule_library_handle)
    _p(
        "cuda.lib_call",
        ("blasscal failed", "no blas for stream"),
        r"(?P<scal>BlasScal failed : in\.shape=\[[\d,\s]{0,80}\]|No Blas for stream\.)",
    ),
    # cuda_driver.cc LoadPtx: the DRIVER's JIT log (cuModuleLoadDataEx), not XLA's ptxas:
    # its "Unsupported .version" means PTX newer than the driver
    # a program other than XLA that runs ptxas from PATH and says so: tinygrad's
    # cuda_disassemble (tinygrad/tinygrad@c220c100478625ac2a0d6d3439291648defe9f9e
    # tinygrad/runtime/support/compiler_cuda.py: /tmp/tinycuda_<md5>.ptx, "Make sure your PATH
    # contains ptxas/nvdisasm binary of compatible version."; tinygrad/tinygrad#7729); context
    # only (checks/xla.py _ptxas_program)
    _p(
        "ctx.ptxas_program",
        ("tinycuda_", "make sure your path contains ptxas"),
        r"(?P<tinygrad>\btinycuda_[0-9a-f]{8,40}\b|Make sure your PATH contains ptxas)",
    ),
    _p(
        "xla.driver_jit_log",
        ("error log buffer",),
        r"error log buffer \(\d+ bytes\):[^\n]{0,200}?Unsupported \.version "
        r"(?P<ptx>\d+\.\d+)(?:; current version is '(?P<cur>[\d.]+)')?",
    ),
    # kernel_gen gpu_kernel_to_blob_pass.cc / XLA nvptx_compiler.cc: ptxas failed, the
    # driver compiles the PTX instead (read by rule_xla: ptxas-driver-fallback-notice)
    _p(
        "xla.driver_fallback",
        ("failed to compile generated ptx with ptxas",),
        r"Failed to compile generated PTX with ptxas\. Falling back to compilation by driver",
    ),
    # nvptx_compiler.cc (all eras): the driver's PTX JIT is from a driver XLA knows to
    # miscompile
    _p(
        "xla.ptx_jit_old_driver",
        ("invoking the ptx->sass jit from driver version",),
        r"Invoking the PTX->SASS JIT from driver version (?P<drv>\d+(?:\.\d+){1,2}), which is "
        r"older than (?P<min>\d+(?:\.\d+){1,2})",
    ),
    # LLVM NVPTX (inside XLA): XLA asked for a PTX ISA (from the CUDA version it found)
    # that its LLVM does not know; LLVM ignores it
    _p(
        "xla.llvm_ptx_isa",
        ("is not a recognized feature for this target",),
        r"'\+ptx(?P<isa>\d{2,3})' is not a recognized feature for this target",
    ),
    # kernel_gen (tf_framework_c_interface.cc / tf_gpu_runtime_wrappers.cc): a kernel
    # TensorFlow compiles at run time (it needs libdevice and ptxas) failed to compile
    _p(
        "xla.kernel_jit",
        ("jit compilation failed", "generating device code failed"),
        # a TensorFlow status ("UNKNOWN: ...", "InternalError: ...") or an op's "[Op:...]":
        # other tools (Numba, CuPy) print "JIT compilation failed" too
        r"\b(?:UNKNOWN|INTERNAL|Unknown|Internal|UnknownError|InternalError): JIT compilation "
        r"failed\b|\bJIT compilation failed\.? \[Op:|INTERNAL: Generating device code failed",
    ),
    # XLA gpu_backend_lib.cc: libdevice was needed and not found (the xla.libdevice family)
    _p(
        "xla.libdevice",
        ("libdevice is required by this hlo module but was not found",),
        r"libdevice is required by this HLO module but was not found at (?P<path>\S{1,300})",
    ),
    # cross_device_ops.py: a tf.distribute strategy names devices TensorFlow did not register
    _p(
        "dist.strategy_devices",
        ("are not visible to tensorflow",),
        r"Some requested devices in `?tf\.distribute\.Strategy`? are not visible to "
        r"TensorFlow: (?P<devices>[^\n]{0,300})",
    ),
    # pywrap_tensorflow.py on Linux: the native module did not load; the loader line names
    # a glibc / libstdc++ symbol version the system does not have. The message's own tail
    # ("See <the install guide's import-error section>\n\nfor some common reasons and
    # solutions.  Include the entire stack trace\nabove this error message when asking for
    # help.", pywrap_tensorflow.py 0.12-2.x) is the same message when a paste keeps only it
    _p(
        "lib.native_import",
        ("failed to load the native tensorflow runtime", "not found (required by",
         "for some common reasons and solutions"),
        r"(?P<failed>Failed to load the native TensorFlow runtime"
        r"|for some common reasons and solutions\.\s{1,4}Include the entire stack trace)"
        r"|version [`'\u2018]?(?P<sym>GLIBC(?:XX)?_[\d.]{1,12})['\u2019]? not found \(required by "
        # TensorFlow's own files: its package folder, its native module, its C/C++ libraries
        # (not an add-on's libtensorflow_io.so, nor any path through an environment that
        # happens to be named tensorflow, nor tflite_runtime's or tfjs-node's copies)
        r"(?P<by>(?![^)\n]{0,300}(?:tflite_runtime|node_modules))"
        r"[^)\n]{0,300}(?:-packages[/\\]tensorflow(?:_core)?[/\\]|_pywrap_tensorflow"
        r"|libtensorflow(?:_framework|_cc|_jni)?\.so)[^)\n]{0,200})\)",
    ),
    # the same loader line (glibc elf/dl-version.c: "<library>: version `GLIBC_2.23' not found
    # (required by <object>)") as an ImportError whose "(required by ...)" the paste lost, its
    # quotes retyped: which module needed it is not shown; read by tf_install.py (TensorFlow's
    # reading where the log or the host shows TensorFlow, else the module's). Retyped pastes
    # lose the colon after the library or close the quote with a backtick, and trail "..."
    # ("ImportError: /lib/x86_64-linux-gnu/libc.so.6 version `GLIBC_2.34` not found...",
    # oberluz/pycoral#7)
    _p(
        "lib.native_import",
        ("version `glibc", "version 'glibc", "version \u2018glibc"),
        r"^\W{0,4}(?:ImportError:\s{0,3})?(?P<lib>/[^\s:]{1,200}\.so(?:\.\d+){0,3}):? version "
        "[`'\u2018](?P<sym>GLIBC(?:XX)?_[\\d.]{1,12})[`'\u2019] not found(?:\\.{2,3}|\u2026)?\\s*$",
    ),
    # Java's UnsatisfiedLinkError names the library it loaded before the loader's text
    # (java.lang.ClassLoader / NativeLibraries: "<file>: <dlerror>"): TensorFlow Java's
    # libtensorflow_jni.so (extracted to tensorflow_native_libraries-<n>/ by NativeLibrary.java)
    # needing a glibc symbol version this Linux lacks (tensorflow/tensorflow#14208)
    _p(
        "lib.native_import",
        ("unsatisfiedlinkerror",),
        r"UnsatisfiedLinkError: (?P<by>[^\s:]{0,300}libtensorflow(?:_jni|_framework)?\.so"
        r"(?:\.\d+){0,3}): (?P<lib>/[^\s:]{1,200}\.so(?:\.\d+){0,3}): version "
        "[`'\u2018](?P<sym>GLIBC(?:XX)?_[\\d.]{1,12})[`'\u2019] not found",
    ),
    # gpu_util.cc / gpu_event_mgr.cc: an asynchronous CUDA error surfaced at a sync, an event
    # poll or a copy (gpu_util.cc "GPU->CPU Memcpy failed", "CPU->GPU Memcpy failed",
    # "GPU->GPU Memcpy failed": strings of the 2.21 wheel, F-level lines of TF 1.x); Eigen's
    # GpuDevice copies assert on the CUDA status (TensorDeviceGpu.h, TensorDeviceCuda.h before
    # it: "Assertion `err == cudaSuccess' failed", gpu_assert(err == gpuSuccess)). The cause
    # is the first CUDA error before it
    _p(
        "cuda.gpu_async",
        ("gpu sync failed", "unexpected event status", "memcpy failed", "== cudasuccess",
         "== gpusuccess"),
        r"\bGPU sync failed\b|Unexpected Event status: (?P<status>\d+)"
        r"|(?P<copy>\b(?:GPU|CPU)->(?:GPU|CPU) Memcpy failed)"
        r"|Eigen::GpuDevice::(?P<eigen>memcpy\w{0,20}|memset)\b[^`\n]{0,200}"
        r"Assertion `\w{1,10} == (?:cuda|gpu)Success' failed",
    ),
    # cuda_driver.cc LaunchKernel: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES
    _p(
        "cuda.launch_resources",
        ("launch_out_of_resources", "too many resources requested for launch"),
        r"CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES|too many resources requested for launch",
    ),
    # XLA's autotuner (xla/backends/autotuner/autotuner.cc): no backend offers a config for an
    # instruction; the HLO follows on the same or the next lines
    _p(
        "xla.autotuner_no_config",
        ("autotuner could not find any supported configs",),
        r"Autotuner could not find any supported configs for HLO:\s*(?P<hlo>.{0,300})",
    ),
    # autotuner.cc TuneBestConfig: every supported config failed to compile (the reasons are
    # VLOG(4) only); "Autotuner could not compile any configs for HLO: " + instr->ToString()
    _p(
        "xla.autotuner_no_compile",
        ("autotuner could not compile any configs",),
        r"Autotuner could not compile any configs for HLO:\s*(?P<hlo>.{0,300})",
    ),
    # a cuDNN custom call's target in a printed HLO instruction (XLA's cuDNN call names)
    _p(
        "xla.cudnn_custom_call",
        ("custom_call_target=\"__cudnn$",),
        r'custom_call_target="(?P<target>__cudnn\$\w{1,60})"',
    ),
    # XLA's GPU timer (xla/stream_executor/gpu/gpu_timer.cc) timing kernels without its delay
    # kernel: both LOG(WARNING) wordings
    _p(
        "xla.gpu_timer_delay",
        ("skipping the delay kernel",),
        r"Skipping the delay kernel(?:, measurement accuracy will be reduced"
        r"| because the device does not support unified addressing)",
    ),
    # cuda.h CUresult 702 / driver_types.h cudaErrorLaunchTimeout, by name or by their
    # cuGetErrorString/cudaGetErrorString text (status_codes.toml), whoever prints them
    _p(
        "cuda.launch_timeout",
        ("cuda_error_launch_timeout", "cudaerrorlaunchtimeout",
         "the launch timed out and was terminated"),
        r"(?P<name>CUDA_ERROR_LAUNCH_TIMEOUT|cudaErrorLaunchTimeout)"
        r"|(?P<text>the launch timed out and was terminated)",
    ),
    # xla_ops.cc / xla_platform_info.cc: XLA was asked to compile for a device whose XLA
    # platform this binary did not register
    _p(
        "xla.platform",
        ("could not find registered platform with id",),
        r"could not find registered platform with id: ?(?:0x)?[0-9a-fA-F]{1,16}",
    ),
    # Windows: 0xC0000409 as an unsigned decimal (VS Code, cmd's %ERRORLEVEL% of 64-bit tools)
    _p("win.status", ("exit code", "code="),
       r"(?:exit code|code=) ?:? ?(?P<code>3221226505)\b"),
    # cuDNN 8 on Windows: a cuDNN sub-DLL (or a DLL it needs) did not load
    _p(
        "lib.missing",
        ("could not load library cudnn_",),
        r"Could not load library (?P<lib>cudnn_\w{1,40}64_\d{1,2}\.dll)\. Error code "
        r"(?P<err>\d+)",
        "lib",
    ),
    # --- nvidia-smi banner, library majors, Keras 3 never called ---
    # nvidia-smi's banner with both versions: "NVIDIA-SMI 555.52.01  Driver Version: 555.99".
    # Under WSL2 the two differ by design (the Linux-branch nvidia-smi of the Windows driver
    # package, the Windows driver's own number: microsoft/WSL#11277, #11589); on native Linux
    # they come from one driver package.
    _p(
        "smi.banner",
        ("driver version:",),
        r"NVIDIA-SMI\s+(?P<smi>\d{1,4}\.\d{1,4}(?:\.\d{1,4})?)\s+Driver Version:\s*"
        r"(?P<drv>\d{1,4}\.\d{1,4}(?:\.\d{1,4})?)",
    ),
    # PyTorch's (and copies': Paddle2ONNX) Windows DLL loader, torch/__init__.py
    # _load_dll_libraries: ctypes.WinError(code) + ' Error loading "<dll>" or one of its
    # dependencies.' (pytorch/pytorch dc098c4); read by checks/torch_windows_dll.py
    _p("py.win_dll_error_loading", ("or one of its dependencies",),
       r"\[WinError (?P<code>\d{1,5})\][^\n]{0,300}?Error loading \"(?P<dll>[^\"\n]{1,400})\" "
       r"or one of its dependencies"),
    # a hybrid laptop's GPU-switching query and its integrated-only answer on a line below:
    # Ubuntu's `prime-select query` (intel / integrated), SUSEPrime's `prime-select
    # get-current` ("Driver configured: intel"), `system76-power graphics` and `envycontrol
    # --query` (integrated); sources in checks/_hybrid_gpu.py, which reads them
    _p("drv.prime_query", ("prime-select", "system-power", "envycontrol"),
       r"\bprime-select\s+(?:query|get-current)\b|\bsystem76-power\s+graphics\s*$"
       r"|\benvycontrol\s+(?:-q|--query)\b"),
    _p("drv.prime_integrated", ("intel", "integrated", "driver configured: amd"),
       r"^\s*(?:intel|integrated|Driver configured: (?:intel2?|amd))\s*$"),
    # A listing that names an NVIDIA GPU without TensorFlow: `nvidia-smi -L`, lspci's VGA / 3D
    # controller line, a Windows video-controller query (wmic / Get-CimInstance: the name
    # alone on its line).
    _p(
        "gpu.listed",
        ("(uuid: gpu-", "controller: nvidia corporation", "nvidia geforce", "nvidia quadro",
         "nvidia tesla", "nvidia rtx", "nvidia titan"),
        r"^\s*GPU \d{1,2}: (?P<name>[^(]{1,80}?) \(UUID: GPU-"
        r"|(?:VGA compatible|3D) controller: NVIDIA Corporation(?P<chip> [^\n]{0,80})?"
        r"|^\s*(?:Name\s*:\s*)?(?P<alone>NVIDIA (?:GeForce|Quadro|Tesla|RTX|TITAN)"
        r"[\w -]{1,60}?)\s*$",
    ),
    # Shell globbing of a requirement with [extras] before pip runs: zsh (Src/glob.c
    # zerr "no matches found: %s", prefixed "zsh:LINE:" or "SCRIPT:LINE:" outside an
    # interactive shell), bash with failglob (subst.c "no match: %s"); also the message
    # quoted after the requirement ("pip install x[y] : no matches found").
    _p(
        "pip.zsh_extra",
        ("no matches found", "no match:"),
        r"(?:\bbash|^-?sh|\S:\d{1,6}): no match(?:es found)?: "
        r"(?P<spec>[\w.-]{1,100}\[[\w,. -]{1,100}\][^\s'\"]{0,60})",
    ),
    _p(
        "pip.zsh_extra",
        ("no matches found",),
        r"(?<![\w.\[-])(?P<spec>[\w.-]{1,100}\[[\w,.-]{1,100}\])['\"]?\s{0,3}:\s{0,3}"
        r"no matches found",
    ),
    # collection_registry.cc CollectionRegistry::Register: a metric registered twice; Keras'
    # own gauges (/tensorflow/api/keras/optimizers, .../models, .../layers) are registered a
    # second time when a Keras of another minor than TensorFlow is imported with it.
    _p(
        "keras.minor",
        ("cannot register  metrics with the same name",),
        r"Cannot register \d metrics with the same name: "
        r"(?P<mname>/[\w/.-]{0,120}?\bkeras\b[\w/.-]{0,120})",
    ),
    # keras/src/ops/operation.py (Keras 3) _get_node_attribute_at_index: a model or layer that
    # was never called has no input/output; Keras 2 gave a Sequential model with an input
    # shape its input at once (its own message names no layer: "The layer has never been
    # called and thus has no defined input shape").
    _p(
        "keras.keras3_never_called",
        ("has never been called and thus has no defined",),
        r"The layer (?P<layer>[\w.-]{1,100}) has never been called and thus has no defined "
        r"(?P<attr>input|output)\b",
    ),
    # files only Keras 3 has (keras/src/ops/, keras/src/tree/, keras/src/backend/tensorflow/:
    # Keras 2.13-2.15 also live under keras/src/ but have none of these folders)
    _p("ctx.keras3_path", ("keras/src/ops/", "keras\\src\\ops\\", "keras/src/tree/",
                           "keras\\src\\tree\\", "keras/src/backend/tensorflow/",
                           "keras\\src\\backend\\tensorflow\\"),
       r"keras[/\\]src[/\\](?:ops|tree|backend[/\\]tensorflow)[/\\]"),
    # --- a found library's missing dependency ---------------------------------------------
    # cuDNN 8's own loader (libcudnn.so.8 loads its sub-libraries at first use): "Could not
    # load library libcudnn_cnn_infer.so.8. Error: libcublasLt.so.11: cannot open shared
    # object file: No such file or directory" -- the dlerror names the dependency
    _p(
        "lib.missing",
        ("could not load library",),
        r"Could not load library (?P<lib>lib[\w+-][\w.+-]{0,80}?\.so[\w.]{0,20})\. "
        r"Error: (?P<err>[^\r\n]{1,300})",
        "lib",
    ),
    # cuDNN 9's own loader (libcudnn.so.9 / cudnn64_9.dll load their sub-libraries by name at
    # first use), in libcudnn's wording: "Unable to load any of {libcudnn_ops.so.9.1.0,
    # libcudnn_ops.so.9.1, libcudnn_ops.so.9, libcudnn_ops.so}" (the names it tried, newest
    # first; the hit is the major's soname) and on Windows "Could not locate cudnn_ops64_9.dll.
    # Please make sure it is in your library path!", each followed by "Invalid handle. Cannot
    # load symbol <cudnn function>" (threads: modelscope/ms-swift#3390,
    # MahmoudAshraf97/whisper-diarization#259, jhj0517/Whisper-WebUI#346). Read by
    # checks/one_line_runtimes.py.
    _p(
        "cudnn.sublib_missing",
        ("unable to load any of {libcudnn",),
        r"Unable to load any of \{(?P<names>[^}\n]{0,300}?(?P<lib>libcudnn_\w{1,40}\.so\.\d{1,2})"
        r"(?=[,}])[^}\n]{0,300})\}",
        "lib",
    ),
    _p(
        "cudnn.sublib_missing",
        ("could not locate cudnn_",),
        r"Could not locate (?P<lib>cudnn_\w{1,40}64_\d{1,2}\.dll)\. Please make sure it is in "
        r"your library path",
        "lib",
    ),
    _p(
        "cudnn.invalid_handle",
        ("invalid handle. cannot load symbol cudnn",),
        r"Invalid handle\. Cannot load symbol (?P<sym>cudnn\w{1,60})",
    ),
    # XLA's compilation-provider choice (xla/stream_executor/cuda/
    # assemble_compilation_provider.cc, TF 2.18+): neither ptxas/nvlink nor libnvjitlink /
    # libnvptxcompiler found -- XLA cannot compile any kernel
    _p(
        "xla.ptxas_missing",
        ("no ptx compilation provider", "no available compilation provider"),
        r"No PTX compilation provider is available"
        r"|Parallel compilation was requested, but no available compilation provider",
    ),
    # collective group membership (tensorflow core/common_runtime/
    # collective_param_resolver_local.cc) and NCCL's rank check (nccl src/init.cc)
    # (TF 2.4 and earlier: the same check read "Collective Op <name> has group_size N and
    # group_key K but that group has size M", the op's name often empty (two spaces then), and
    # in some releases no space before the key)
    _p(
        "collective.group",
        ("is joining a group", "user provided rank is invalid", "invalid rank requested",
         "but that group has size"),
        r"Device (?P<dev>\S{1,200}) is joining a group (?:with size ?(?P<size>\d+), but that "
        r"group has size (?P<has>\d+)|that is already full|with incompatible device type ?"
        r"(?P<dtype>[A-Z][A-Z_]{0,20})?(?: \(group_key=(?P<key>\d{1,12})\))?)"
        r"|Collective Op\s{1,3}(?:\S{1,200}\s)?has group_size (?P<size2>\d+) and group_key ?\d+ "
        r"but that group has size (?P<has2>\d+)"
        r"|User Provided rank is invalid"
        r"|Invalid rank requested : (?P<rank>-?\d+)/(?P<nranks>-?\d+)",
    ),
    # tf.config.list_physical_devices() printed: the same device list as device_lib's
    # 'name: "/device:XLA_GPU:0"' (an XLA_GPU without a GPU: the CUDA libraries did not load)
    _p(
        "gpu.devlib",
        ("physical_device:",),
        r"PhysicalDevice\(name='/physical_device:(?P<dev>(?:XLA_)?[A-Z]+):\d+'",
    ),
    # TF 1.x Session.list_devices() printed: session.py's _DeviceAttributes repr
    # ("_DeviceAttributes(/job:localhost/replica:0/task:0/device:CPU:0, CPU, 268435456)")
    _p(
        "gpu.devlib",
        ("_deviceattributes(",),
        r"_DeviceAttributes\(/job:[\w-]{1,40}/replica:\d+/task:\d+/device:"
        r"(?P<dev>(?:XLA_)?[A-Z]+):\d+,",
    ),
    # a TensorFlow imported from the user site-packages (pip install --user) while the
    # interpreter runs from a conda environment (its own lib/pythonX.Y in the traceback)
    _p(
        "ctx.user_site_tf",
        ("/.local/lib/python", "appdata\\roaming\\python"),
        r"/\.local/lib/python(?P<v>\d\.\d{1,2})/site-packages/tensorflow"
        r"|AppData\\Roaming\\Python\\Python(?P<wv>\d{2,3})\\site-packages\\tensorflow",
        "v",
    ),
    _p(
        "ctx.conda_env_python",
        ("envs/", "envs\\", "conda", "miniforge", "mambaforge"),
        r"[/\\](?:envs[/\\](?P<env>[\w.+-]{1,100})|(?:ana|mini)conda\d?|miniforge\d?"
        r"|mambaforge)[/\\](?:lib[/\\]python(?P<v>\d\.\d{1,2})[/\\]|[Ll]ib[/\\]site-packages[/\\])",
    ),
    # --- harmless lines printed at E level --------------------------------------------
    # tensorflow/core/util/util.cc: oneDNN has no INT64 kernels without AVX-512, so the op
    # runs on Eigen instead (printed at E level; e.g. keras-team/keras-hub#2161)
    _p(
        "noise.onednn_int64",
        ("onednn supports dt_int",),
        r"oneDNN supports DT_INT\d+ only on platforms with AVX-512",
    ),
    # --- nvidia tools --------------------------------------------------------------------------
    # nvidia-smi's own failures (its message when NVML cannot reach the kernel module; NVIDIA
    # driver README "Troubleshooting"): any apostrophe (straight, curly, HTML-escaped) or none
    _p(
        "smi.no_driver",
        ("communicate with the nvidia driver",),
        r"(?i:could(?:n(?:&#0?39;|&apos;|\W{0,3})t| not) communicate with the NVIDIA driver)",
    ),
    # nvidia-smi with the module loaded but no GPU initialised (RmInitAdapter failed)
    _p("smi.no_devices", ("no devices were found",), r"^\s*No devices were found\.?\s*$"),
    # nvidia-container-cli's "nvml error: driver/library version mismatch" and other cases
    # ("Driver/Library"): the same fault as nvidia-smi's "Failed to initialize NVML:
    # Driver/library version mismatch" (matched above; skipped here, so one hit per line)
    _p(
        "driver.mismatch",
        ("driver/library version mismatch",),
        r"(?!Driver/library )(?i:\bdriver/library version mismatch)",
    ),
    # newer nvidia-smi prints the user-space library's version after the mismatch line
    _p(
        "smi.nvml_lib_version",
        ("nvml library version",),
        r"NVML library version:\s*(?P<v>\d+(?:\.\d+){1,3})",
    ),
    # pip's dependency check: `pip check` ("X 1.0 has requirement Y>=2, but you have Y 1.5." /
    # "X 1.0 requires Y, which is not installed."), pip < 20.3 after install ("ERROR: X 1.0 has
    # requirement Y>=2, but you'll have Y 1.5 which is incompatible.") and pip >= 20.3 ("X 1.0
    # requires Y>=2, but you have Y 1.5 which is incompatible.") (commands/install.py
    # _warn_about_conflicts at pypa/pip 6d30920: "{name} {version} requires {requirement}",
    # the requirement as its metadata writes it: TensorFlow 2.13-2.15's protobuf has eight
    # specifiers, "protobuf!=4.21.0,...,!=4.21.5,<5.0.0dev,>=3.20.3", onnx/tensorflow-onnx#2287)
    _p(
        "pip.check_conflict",
        ("has requirement", "which is not installed", "which is incompatible"),
        r"(?<![\w.-])(?P<pkg>[A-Za-z][\w.-]{0,60}) (?P<v>\d[\w.+!]{0,40}) "
        r"(?:has requirement|requires) "
        r"(?P<req>(?P<dep>[A-Za-z][\w.-]{0,60})(?:\[[\w,.-]{0,60}\])?[^\s,;]{0,60}"
        r"(?:,[^\s,;]{1,60}){0,15})(?:;[^\n]{0,300}?)?, "
        r"(?:but you(?:'ll| will)? have (?P<dep2>[\w.-]{1,60}) (?P<have>[^\s,]{1,60})"
        r"|(?P<missing>which is not installed))",
        "pkg",
    ),
    # the same requirement pasted alone ("tf2onnx 1.16.0 requires protobuf~=3.20.2", the
    # other side of onnx/tensorflow-onnx#2287's conflict): another package's pin of the
    # dependency that a pip.check_conflict line names (checks/nvidia_tools.py)
    _p(
        "pip.requires_alone",
        ("requires",),
        r"^\s{0,8}(?P<pkg>[A-Za-z][\w.-]{0,60}) (?P<v>\d[\w.+!]{0,40}) requires "
        r"(?P<req>(?P<dep>[A-Za-z][\w.-]{0,60})(?:\[[\w,.-]{0,60}\])?[<>=!~][^\s,;]{0,60}"
        r"(?:,[^\s,;]{1,60}){0,15})[.,]?\s*$",
        "pkg",
    ),
    # a requirements line (or a pip freeze line) that pins distribute, the old setuptools fork
    # whose 0.7 release only wraps setuptools: installed into a fresh virtualenv it can leave
    # the environment without a working pkg_resources (pypa/setuptools#138). Read by
    # checks/setuptools_pkg_resources.py
    _p(
        "ctx.distribute_pin",
        ("distribute==",),
        r"^\s{0,8}distribute==(?P<v>\d[\w.]{0,20})\s*$",
    ),
    # setuptools' pkg_resources at a program's start (a console script's entry point, a
    # package's require()): "ContextualVersionConflict: (<dist> <version> (<path>),
    # Requirement.parse('<req>'), {'<required by>'})" (pkg_resources/__init__.py
    # VersionConflict / ContextualVersionConflict, the exception's args tuple).
    # checks/nvidia_tools.py
    _p(
        "pip.pkg_resources_conflict",
        ("contextualversionconflict",),
        r"ContextualVersionConflict: \((?P<dep2>[A-Za-z][\w.-]{0,60}) (?P<have>\d[\w.+!]{0,40}) "
        r"\([^)\n]{0,600}\), Requirement\.parse\('(?P<req>[^'\n]{1,200})'\), "
        r"\{'(?P<pkg>[A-Za-z][\w.-]{0,60})'",
    ),
    # the same conflict as its report() prints it (ContextualVersionConflict._template:
    # "{self.dist} is installed but {self.req} is required by {self.required_by}", the dist
    # "<name> <version>", required_by a set): `python setup.py install` (easy_install) stops on
    # it with "error: setuptools 38.2.4 is installed but setuptools>=41.0.0 is required by
    # {'tensorboard'}" (OpenMined/PySyft#2310)
    _p(
        "pip.pkg_resources_conflict",
        ("is installed but",),
        r"(?<![\w.-])(?P<dep2>[A-Za-z][\w.-]{0,60}) (?P<have>\d[\w.+!]{0,40}) is installed but "
        r"(?P<req>[A-Za-z][^\s']{0,200}) is required by \{'(?P<pkg>[A-Za-z][\w.-]{0,60})'",
    ),
    # CPython's import_from ("cannot import name %R from %R (%S)"): a name missing from the
    # installed typing_extensions, i.e. a release older than the one that added it (the
    # importing package needs a newer one; TensorFlow 2.4-2.7.3 and 2.13 cap it:
    # checks/typing_extensions_cap.py)
    _p(
        "py.typing_extensions_name",
        ("from 'typing_extensions'",),
        r"cannot import name '(?P<name>\w{1,60})' from 'typing_extensions'",
    ),
    # TensorFlow Addons' import-time checks (tensorflow_addons/utils/ensure_tf_install.py; the
    # custom-op ABI warning of utils/resource_loader.py); the installed version follows on the
    # next line
    _p(
        "tfa.unsupported_tf",
        ("tensorflow addons supports using python ops",),
        r"Tensorflow Addons supports using Python ops for all Tensorflow versions above or "
        r"equal to (?P<min>\d{1,3}(?:\.\d{1,4}){0,3}) and strictly below "
        r"(?P<max>\d{1,3}(?:\.\d{1,4}){0,3})",
    ),
    _p(
        "tfa.using",
        ("the versions of tensorflow you are currently using is",
         "and trying to load a custom op"),
        r"The versions? of TensorFlow you are currently using is (?P<have>\d[\w.+-]{0,30}?) "
        r"and is not supported"
        r"|You are currently using TensorFlow (?P<have2>\d[\w.+-]{0,30}?) and trying to load "
        r"a custom op",
    ),
    _p(
        "tfa.abi",
        ("tensorflow addons has compiled its custom ops against tensorflow",),
        r"TensorFlow Addons has compiled its custom ops against TensorFlow "
        r"(?P<built>\d[\w.]{0,20}?),",
    ),
    # HIP's code-object lookup (ROCm HIP rocclr/hip_code_object.cpp): no kernels in the
    # program's fat binary for the GPU's gfx target; ROCm 1.x's HCC runtime said it as "HCC
    # RUNTIME ERROR: Fail to find compatible kernel" (hcc lib/hsa/mcwamp_hsa.cpp, the
    # hipTensorFlow era: ROCmSoftwarePlatform/hiptensorflow#43 on a Hawaii GPU)
    _p(
        "rocm.no_binary",
        ("hiperrornobinaryforgpu", "unable to find code object for all current devices",
         "fail to find compatible kernel"),
        r"hipErrorNoBinaryForGpu|Unable to find code object for all current devices"
        r"|HCC RUNTIME ERROR: Fail to find compatible kernel",
    ),
    # rocBLAS's Tensile kernel library lookup (ROCm/rocBLAS library/src/tensile_host.cpp at
    # b520bc83): "\nrocBLAS error: Cannot read <path>/TensileLibrary.dat: <strerror>" then
    # rocblas_abort(); builds with per-architecture libraries add " for GPU arch : <gfx>" and
    # " List of available TensileLibrary Files : " (.yaml in TENSILE_YAML builds). Read by
    # checks/rocblas_tensile.py
    _p(
        "rocm.rocblas_tensile",
        ("rocblas error: cannot read",),
        r"rocBLAS error: Cannot read (?P<path>\S{0,300}?TensileLibrary[\w.-]{0,60}\.(?:dat|yaml))"
        r": (?P<err>[^\n]{1,80}?)(?: for GPU arch ?: ?(?P<gfx>gfx[0-9a-f]{2,5}\w{0,12}))?\s*$",
    ),
    # the files rocBLAS (ROCm 5.7+) lists after that line, one a line, quoted as std::filesystem
    # prints a path ("/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx90a.dat"); the
    # target of each. Read by checks/rocblas_tensile.py
    _p(
        "rocm.rocblas_tensile_file",
        ("tensilelibrary_",),
        r"^\s*\"?(?P<path>[^\s\"]{0,300}/TensileLibrary_(?:lazy_)?(?P<gfx>gfx[0-9a-f]{2,5})"
        r"[\w:+-]{0,30}\.(?:dat|yaml))\"?\s*$",
    ),
    # libstdc++'s std::filesystem::directory_iterator on a folder it cannot open (src/c++17/
    # fs_dir.cc: filesystem_error("directory iterator cannot open directory", p, ec), whose
    # what() is "filesystem error: <what>: <strerror> [<path>]"); rocBLAS 5.7+ lists its
    # library folder so after a failed look-up. Read by checks/rocblas_tensile.py
    _p(
        "cxx.dir_iterator_open",
        ("directory iterator cannot open directory",),
        r"filesystem error: directory iterator cannot open directory: (?P<err>[^\[\n]{1,80}) "
        r"\[(?P<path>[^\]\n]{1,300})\]",
    ),
    # the log shows AMD's ROCm stack: TensorFlow's ROCm StreamExecutor sources
    # (stream_executor/rocm/rocm_dnn.cc, rocm_blas.cc...), MIOpen's messages and status names
    # (MIOpen src/include/miopen/errors.hpp: "MIOpen Error: <file>:<line>: ...";
    # miopenStatus*), rocBLAS's rocblas_status_*, HIP's hipError* names, the ROCm libraries'
    # file names, /opt/rocm paths and the tensorflow-rocm package
    # TensorFlow in an Android app or the JVM (TF Mobile's TensorFlowInferenceInterface, its
    # libtensorflow_inference.so, Android's runtime tag, the Java bindings' packages): its
    # kernel set is its own build's (selective registration), not a pip wheel's
    _p(
        "ctx.mobile_tf",
        ("tensorflowinferenceinterface", "libtensorflow_inference", "androidruntime",
         "org.tensorflow."),
        r"\bTensorFlowInferenceInterface\b|\blibtensorflow_inference\.so\b|\bAndroidRuntime\b"
        r"|\borg\.tensorflow\.",
    ),
    # an Android or iOS app's log that ctx.mobile_tf / ctx.op_subset_build do not name: a
    # logcat line of TensorFlow's native code (core/platform/default/logging.cc writes
    # LOG() to logcat with the tag "native") or of a TensorFlow-named tag ("com.example.app
    # E/TensorflowDebug:", tensorflow/tensorflow#11296), Android's own packages and install
    # paths, the contrib/makefile iOS build scripts and framework (build_all_ios.sh,
    # tensorflow_experimental), Xcode; read by checks/op_subset_builds.py
    _p(
        "ctx.mobile_app",
        ("e/native", "w/native", "i/native", "f/native", "e/tensorflow", "w/tensorflow",
         "i/tensorflow", "d/tensorflow", "android.os.", "android.app.", "com.android.",
         "dalvik.system.", "/data/app/", "armeabi", ".apk", "build_all_ios",
         "tensorflow_experimental", "tensorflow-experimental", ".xcodeproj", "xcode"),
        r"(?<![\w/.-])(?P<logcat>[VDIWEF]/(?:native|[Tt]ensor[Ff]low\w{0,60})"
        r"(?:\(\s{0,6}\d{1,7}\))?:)(?:\s|$)"
        r"|(?P<android>\bandroid\.(?:os|app)\.[A-Z]|\bcom\.android\.\w|\bdalvik\.system\."
        r"|/data/app/[\w.-]|\barmeabi\b|\barmeabi-v7a\b|\w\.apk\b)"
        r"|(?P<ios>\bbuild_all_ios\w{0,20}\.sh\b|\b(?i:tensorflow[-_]experimental)\b"
        r"|\.xcodeproj\b|\bXcode\b)",
    ),
    _p(
        "ctx.rocm",
        ("rocm", "amdgpu isa", "miopen", "rocblas", "hiperror", "libhip", "amdhip", "rccl",
         "rocfft", "hipfft", "hsa-runtime", "rocsolver", "rocsparse", "rocrand", "hipblas",
         "amd_comgr", "hsakmt", "mcwamp", "hc_am", "hcrng", "hiprng", "hcblas"),
        r"stream_executor/rocm/|\brocm_\w+\.(?:cc|h)\b|/opt/rocm\b|\btensorflow[-_]rocm\b"
        # gpu_device.cc's device properties on a ROCm build ("ROCm AMDGPU Arch: gfx908",
        # older "AMDGPU ISA: gfx906")
        r"|\bROCm AMDGPU Arch:|\bAMDGPU ISA:"
        r"|\bMIOpen Error\b|\bmiopenStatus\w+|\brocblas_status_\w+|\bhipError\w+"
        r"|\blib(?:hip_hcc|amdhip64|MIOpen|rocblas|rccl|rocfft|hipfft|hsa-runtime64|rocsolver"
        r"|rocsparse|hipsparse|rocrand|hiprand|hipblas(?:lt)?|hiprtc|amd_comgr|hsakmt"
        # the HCC era's (ROCm 1.x-3.3): HCC's runtimes, hcRNG/hcBLAS and their HIP wrappers
        # (gpu_stack_libraries.toml)
        r"|mcwamp|hc_am|hcrng|hiprng(?:_hcc)?|hcblas|hipblas_hcc)\.so",
    ),
    # Intel's oneAPI stack: the Intel Extension for TensorFlow package (its Python package and
    # pip name), its plugin libraries in site-packages/tensorflow-plugins (libitex_gpu.so,
    # libitex_cpu.so, libitex_common.so...: itex/tools/pip_package/build_pip_package.sh) and its
    # own log lines ("Intel Extension for Tensorflow* GPU backend is loaded.", the
    # itex/core/... source paths: itex/core/wrapper/itex_gpu_wrapper.cc). Read by checks/itex.py
    _p(
        "ctx.itex",
        ("intel_extension_for_tensorflow", "intel-extension-for-tensorflow", "libitex_",
         "intel extension for tensorflow*", "itex/core/"),
        r"\bintel[_-]extension[_-]for[_-]tensorflow\b|\blibitex_\w{1,40}\.so\b"
        r"|Intel Extension for Tensorflow\*|\bitex/core/\w",
    ),
    # ITEX 2.x's GPU wrapper (itex/core/wrapper/itex_gpu_wrapper.cc): dlopen of
    # libitex_gpu_internal.so failed (W "Could not load dynamic library: <dlerror>"), the plugin
    # runs on the CPU, and the device count says E "Could not load Intel Extension for
    # Tensorflow* GPU backend, GPU will not be used.". Read by checks/itex.py
    _p(
        "itex.gpu_backend_not_loaded",
        ("gpu will not be used",),
        r"Could not load Intel Extension for Tensorflow\* GPU backend, GPU will not be used",
    ),
    # TensorFlow's ROCm driver wrapper (stream_executor/rocm/rocm_driver.cc, TF 1.x-2.x; XLA's
    # since): GetDeviceCount's LOG(ERROR) << "could not retrieve ROCM device count: " <<
    # ToString(res), and Init's "failed call to hipInit: ", ToString giving "HIP_ERROR_<name>"
    # (newer: hipGetErrorName, "hipErrorNoDevice"): HIP found no GPU. Read by
    # checks/rocm.py
    _p(
        "rocm.no_device",
        ("hip_error_nodevice", "hiperrornodevice"),
        r"(?:could not retrieve ROCM device count|failed call to hipInit)\W{1,3}"
        r"(?P<name>HIP_ERROR_NoDevice|hipErrorNoDevice)",
    ),
    # TensorFlow's ROCm driver wrapper (stream_executor/rocm/rocm_driver.cc DeviceAllocate):
    # LOG(ERROR) "failed to allocate <size> (<bytes> bytes) from device: <status>", the status
    # as HIP names it or, for a code its ToString does not know, "hipError_t(<code>)". Read by
    # checks/rocm_memory.py (the HIP out-of-memory codes: platform fact hip-out-of-memory-codes)
    _p(
        "rocm.alloc_failed",
        ("from device: hiperror",),
        r"failed to allocate (?P<size>[\d.]+[KMG]?) \((?P<bytes>\d+) bytes\) from device: "
        r"(?:hipError_t\((?P<code>\d{1,5})\)|(?P<name>hipError\w{1,40}))",
    ),
    # The ROCm runtime's GPU memory-fault handler (ROCm/ROCR-Runtime runtime/hsa-runtime/core/
    # runtime/runtime.cpp, Runtime::VMFaultHandler, at c7785a6): fprintf(stderr, "Memory access
    # fault by GPU node-%u (Agent handle: %p) on address %p%s. Reason: %s.\n") then abort();
    # ROCm 1.7 and earlier printed it without "(Agent handle: %p)"; the reason is one of "Page
    # not present or supervisor privilege", "Write access to a read-only page", "Execute access
    # to a page marked NX", "Host access only", "DRAM ECC failure", "SRAM ECC failure",
    # "Generic hang recovery", "Unknown". Read by checks/rocm.py
    _p(
        "rocm.vm_fault",
        ("memory access fault by gpu node-",),
        r"Memory access fault by GPU node-(?P<node>\d{1,4})(?: \(Agent handle: [^)]{1,40}\))? "
        r"on address (?P<addr>(?:0x)?[0-9a-fA-F]{1,16})(?:\(may not be exact address\))?\."
        r"(?: Reason: (?P<reason>[A-Za-z][\w -]{0,60}))?",
    ),
    # ROCclr's queue callback (ROCm/clr rocclr/device/rocm/rocdevice.cpp callbackQueue, then
    # abort()): "Device::callbackQueue aborting with error : %s code: 0x%x" until 2021-02
    # (0a5f9a3b), "Callback: Queue %p aborting with error : %s code: 0x%x" since, and for
    # HSA_STATUS_ERROR_OUT_OF_RESOURCES "Callback: Queue %p Aborting with error : %s Code: 0x%x
    # Available Free mem : %zu MB" (3e465c5f, 2022-11); %s is ROCR's hsa_status_string
    # ("HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: The agent attempted to access memory beyond
    # the largest legal address."). Read by checks/rocm.py (rocm_queue_abort)
    _p(
        "rocm.queue_abort",
        ("aborting with error :",),
        r"(?:Device::callbackQueue|Callback: Queue (?:0x)?[0-9a-fA-F]{1,16}) [Aa]borting with "
        r"error : (?P<status>HSA_STATUS_[A-Z_]{1,60})(?P<text>[^\n]{0,200}?)\s*[Cc]ode: "
        r"(?P<code>0x[0-9a-fA-F]{1,8})",
    ),
    # TensorFlow's ROCm convolution ops (tensorflow/core/kernels/conv_ops.cc,
    # conv_grad_input_ops.cc, conv_grad_filter_ops.cc, #elif TENSORFLOW_USE_ROCM): LOG(INFO) <<
    # "running auto-tune for Backward-Data" ("Forward", "Backward-Filter") before MIOpen's own
    # Find step runs its candidate kernels. Read by checks/rocm.py (rocm_vm_fault)
    _p(
        "rocm.conv_autotune",
        ("running auto-tune for",),
        r"running auto-tune for (?P<pass>Forward|Backward-Data|Backward-Filter)\b",
    ),
    # framework/variant_op_registry.cc VariantDeviceCopy: errors::Internal("No unary variant
    # device copy function found for direction: ", direction, " and Variant type_index: ",
    # the demangled type) (in the 2.21 wheel's libtensorflow_framework.so.2); direction from
    # variant_op_registry.h (1 HOST_TO_DEVICE, 2 DEVICE_TO_HOST, 3 DEVICE_TO_DEVICE); the type
    # as g++ ("tensorflow::data::(anonymous namespace)::DatasetVariantWrapper") or MSVC ("class
    # tensorflow::data::`anonymous namespace'::DatasetVariantWrapper") names it. Read by
    # checks/device_placement.py
    _p(
        "variant.no_device_copy",
        ("no unary variant device copy function found",),
        r"No unary variant device copy function found for direction: (?P<dir>\d) and Variant "
        r"type_index: (?P<type>[^\n\]\[]{1,200})",
    ),
    # MIOpen's SQLite databases (ROCm/MIOpen src/sqlite_db.cpp, ROCm 3.x-6.x): SQLite::
    # ErrorMessage() "Internal error while accessing SQLite database: " + sqlite3_errmsg(), thrown
    # by Exec/Prepare/Bind ("SQLite prepare error: " before it), and Retry's "Timeout while
    # waiting for Database: <file>" when SQLite stays busy; a solver search catches the throw
    # and logs it as a warning (src/ocl/convolutionocl.cpp FindWinogradSolutions...:
    # MIOPEN_LOG_WE(ex.what()): "MIOpen(HIP): Warning [FindWinogradSolutions] <file>:<line>:
    # ..."), else it reaches the caller as "MIOpen Error: <file>:<line>: ...". The text after
    # the prefix is SQLite's own (sqlite3ErrStr: "disk I/O error", "database is locked"...).
    # Read by checks/miopen_db.py
    _p(
        "miopen.sqlite_error",
        ("internal error while accessing sqlite database", "timeout while waiting for database"),
        r"(?:\[(?P<func>\w{1,80})\] \S{1,300}: )?(?:Internal error while accessing SQLite "
        r"database: (?P<msg>[^\n]{1,120})|Timeout while waiting for Database: (?P<file>\S{1,300}))",
    ),
    # tensorflow-rocm's rocm_dnn.cc (TF 2.x): miopenCreateWithStream failed
    _p("rocm.miopen_handle", ("could not create miopen handle",),
       r"could not create miopen handle:?\s*(?P<status>\w*)"),
    # MIOpen's own stderr line (src/include/miopen/errors.hpp: "MIOpen Error: " + what(), the
    # what() of MIOPEN_THROW: "<file>:<line>: <message>")
    _p("rocm.miopen_error", ("miopen error",),
       r"MIOpen Error:\s*(?:(?P<file>[^\s:]+):\d+:\s*)?(?P<msg>.*)"),
    # sources MIOpen compiles only into its OpenCL backend (MIOpen src/CMakeLists.txt:
    # ocl/handleocl.cpp, ocl/oclerrors.cpp, ocl/clhelper.cpp, ocl_kernel.cpp when
    # MIOPEN_BACKEND is OpenCL) and handleocl.cpp's own handle messages
    _p("rocm.miopen_opencl",
       ("handleocl", "oclerrors", "clhelper", "ocl_kernel", "cannot initialize handle from queue",
        "clcreatecontextfromtype"),
       r"\bocl/(?:handleocl|oclerrors|clhelper)\.cpp\b|\bocl_kernel\.cpp\b"
       r"|Cannot Initialize Handle from Queue|Creating Handle\. \(clCreateContextFromType\)"),
    # an AMD gfx target named anywhere (rocminfo, HIP messages, kernel paths)
    _p("ctx.gfx", ("gfx",), r"\b(?P<gfx>gfx\d{2,4}[0-9a-f]?)\b", "gfx"),
    # Keras 3 load_model of a path that is neither .keras nor .h5 (keras/src/saving/
    # saving_api.py): its first words, when the rest is wrapped onto further lines or the
    # backticks were lost (Markdown)
    _p(
        "eco.keras3_format",
        ("file format not supported", "only supports v"),
        r"File format not supported:\s{0,4}filepath="
        # (its second sentence alone, where a paste kept only that)
        r"|^\s*Keras 3 only supports V3 `?\.keras`? files",
    ),
    # "from <package> import <name>" anywhere in a line: a reporter's words ("when I run from
    # vit_keras import vit it shows ...") or a REPL/notebook line; with a missing keras.src
    # module and nothing being loaded, the import of that package failed
    # (checks/keras_saving.py keras_model_saved_with_other_keras)
    _p(
        "ctx.from_import_words",
        ("from ",),
        r"\bfrom\s{1,4}(?P<mod>[A-Za-z_][\w.]{0,80})\s{1,4}import\s{1,4}[\w*(]",
        "mod",
    ),
    # a package's own import of Keras internals, as a traceback prints its code line
    _p(
        "ctx.keras_src_import",
        ("keras.src",),
        r"^\s*(?:from\s+keras\.src(?:\.\w+){0,8}\s+import\b|import\s+keras\.src\b)",
    ),
    # a model or object being loaded in a traceback (its frames or code lines): with it, a
    # missing keras.src module is a model saved by another Keras rather than a package's import
    _p(
        "ctx.model_loading",
        ("load_model", "pickle", "joblib", "deserializ", "from_config", "dill.load"),
        r"\b(?:load_model|(?:c|un)?[Pp]ickl\w{0,8}|joblib\.load|deserializ\w{0,10}|from_config"
        r"|dill\.load)\b",
    ),
    # --- which program printed the log (another CUDA framework, or TensorFlow) ------
    # A CUDA library line printed by ONNX Runtime, PaddlePaddle, CuPy, CTranslate2, NCCL or
    # numba is that program's fault, not TensorFlow's: TensorFlow fixes would be wrong there.
    # Any TensorFlow/Keras-on-TF line ("tensorflow/core/...", "import tensorflow", the tfjs
    # binding, libtensorflow) is TensorFlow's evidence.
    _p(
        "ctx.tensorflow",
        ("tensorflow", "tf_keras", "tfjs", "tf.config", "tf.test", "could not load dynamic",
         "cuda_dnn.cc", "cuda_blas.cc", "cuda_fft.cc", "cuda_driver.cc", "dso_loader.cc",
         "gpu_device.cc", "cuda_gpu_executor.cc", "bfc_allocator.cc"),
        # TensorFlow's (StreamExecutor's) own C++ sources and its dso_loader wording count
        # too: a short excerpt often keeps only "cuda_dnn.cc:361] Could not create ..."
        r"(?i:tensorflow)|tf_keras|tfjs|\btf\.(?:config|test)\.|Could not load dynamic library '"
        r"|\b(?:cuda_(?:dnn|blas|fft|driver|gpu_executor)|dso_loader|gpu_device|bfc_allocator)"
        r"\.cc:\d",
    ),
    # the user's own Python script, for the fix lines that rerun the program: the module
    # frame of a traceback that is no installed package's ('  File "demo.py", line 2, in
    # <module>', CPython's traceback.py format; the outermost frame comes first) and no
    # notebook cell's (ipykernel >= 6 compiles a cell to /tmp/ipykernel_<pid>/<hash>.py;
    # xeus-python to /tmp/xpython_<pid>/), or the command line a shell prompt shows
    # ("$ python3 train.py --epochs 3", "$ python -m pkg.train"); runpy's
    # _run_module_as_main frame marks a `python -m` run, whose module frame is no script to
    # run by path. Read by Facts.log_script
    _p(
        "ctx.script",
        ("in <module>", "python ", "python. ", "python.exe", "_run_module_as_main"),
        r'^\s{0,8}File "(?P<script>(?![^"\n]{0,300}(?:site-packages|dist-packages|[/\\]lib[/\\]'
        r'python|<|[/\\](?:ipykernel|xpython)_\d))[^"\n]{0,200}?[\w-]\.py)", line \d{1,6}, '
        r"in <module>"
        r"|(?P<runpy>\bin _run_module_as_main\b)"
        # a prompt's command may carry VAR=value prefixes and a launcher (srun, nohup,
        # time, sudo, mpirun, horovodrun), Colab's "!" or bash -x's "+ "; `python -c` is a
        # run too (group inline), though no script to rerun by path
        r"|(?:^|[$#>%!+]\s{0,3})(?:(?:[A-Z_][A-Z0-9_]{0,40}=\S{0,200}|srun|nohup|time|sudo"
        r"|mpirun|horovodrun)\s+){0,4}python(?:3(?:\.\d{1,2})?)?(?:\.exe)?"
        r"(?:\s+-[A-Za-z]\S{0,20}){0,3}"
        r"\s+(?:(?P<cmd>[^\s\"'|;&<>]{1,200}\.py)|-m\s+(?P<mod>[A-Za-z_][\w.]{0,200})"
        r"|(?P<inline>-c)\s)(?=\s|$|['\"])",
    ),
    _p(
        "ctx.other_framework",
        ("onnxruntime", "onnx runtime", "paddle", "cupy", "ctranslate", "faster_whisper",
         "faster-whisper", "-ct", "_ct", " ct", "nccl info", "numba", "torch", "whisper", "caffe",
         "_layer.cu", "cudnn error: cudnn_status_", "aten", "processgroupnccl", "cudnn.hpp",
         "darknet", "cudnn status error in: file:", "xgboosterror", "mxneterror", "mxnet",
         "src/operator/", "cv::dnn", "/modules/dnn/", "\\modules\\dnn\\", "[trt] "),
        # (ONNX Runtime's issue form writes "ONNX Runtime"; a Paddle name right before CJK text
        # has no word boundary; a CTranslate2 model or script is "-ct2"/"_ct2"; a Whisper
        # model "whisper-large-v2")
        r"(?P<ort>(?i:onnxruntime|\bONNX Runtime\b))"
        r"|(?P<paddle>\bPaddle(?:Paddle)?(?![A-Za-z0-9_])|paddle[/\\.]"
        r"|\[Paddle2ONNX\])|(?P<cupy>(?i:\bcupy(?:_backends)?\b))"
        r"|(?P<ct2>(?i:ctranslate2|faster[_-]whisper|(?<![A-Za-z0-9])ct2(?![A-Za-z0-9])))"
        r"|(?P<nccl>\bNCCL INFO\b)"
        # PyTorch's own words (review b48a P4): AT_CUDNN_CHECK's "cuDNN error: <status>" (older
        # ATen "CuDNN error: "; pytorch/pytorch aten/src/ATen/cuda/Exceptions.h), its source
        # paths (/pytorch/aten/src/ATen/..., where \btorch cannot match inside "pytorch"),
        # c10d's ProcessGroupNCCL
        r"|(?P<numba>\bnumba\b)|(?P<torch>\btorch[/\\._]|\bimport torch\b"
        r"|\b[Cc]uDNN error: CUDNN_STATUS_|[/\\]ATen[/\\]|[/\\]pytorch[/\\]|\bProcessGroupNCCL\b)"
        r"|(?P<whisper>\bWhisper\b|\bwhisper-(?:large|medium|small|base|tiny)\b)"
        # Caffe's CUDNN_CHECK is a glog CHECK_EQ in include/caffe/util/cudnn.hpp ("cudnn.hpp:100]
        # Check failed: status == CUDNN_STATUS_SUCCESS (3 vs. 0) CUDNN_STATUS_BAD_PARAM",
        # BVLC/caffe#5544; TensorFlow has no cudnn.hpp)
        # Caffe's layer files only as Caffe names them: its cuDNN layers (cudnn_conv_layer.cu,
        # cudnn_relu_layer.cpp: glog prints the base name) or a _layer.cu under a caffe/ path;
        # any other *_layer.cu (a TensorRT plugin's yolo_layer.cu) is not Caffe (review 49a P12)
        r"|(?P<caffe>(?i:\bcaffe2?\b)|\bcudnn_\w{1,40}_layer\.(?:cu|cpp)\b"
        r"|[/\\]caffe[/\\][\w/\\.-]{0,120}_layer\.cu\b|\bcudnn\.hpp:\d{1,5}\] Check failed)"
        # OpenCV's DNN module (its CUDA backend's cuDNN exceptions:
        # "cv::dnn::cuda4dnn::csl::cudnn::cuDNNException", opencv_contrib/modules/dnn/src/
        # cuda4dnn/csl/cudnn/*.hpp; review 49a P11); not OpenCV's other modules' errors
        r"|(?P<opencv>\bcv::dnn\b|[/\\]modules[/\\]dnn[/\\])"
        # TensorRT's own logger (trtexec and the samples' logger.cpp: "[03/04/2022-10:00:00] [E]
        # [TRT] ..."); TensorRT's Python logger writes the tag first ("[08/01/2022-23:37:30] [TRT]
        # [E] 1: [graphContext.h::...] Error Code 1: Myelin ...", NVIDIA/TensorRT#2202; "[TRT]
        # [I]" in comfyanonymous/ComfyUI_TensorRT#54; review newuser49 #4). TF-TRT logs through
        # tensorflow/compiler/tf2tensorrt, a TensorFlow line
        r"|(?P<tensorrt>\[[EWIVF]\] \[TRT\] |\[TRT\] \[[EWIVF]\] )"
        # darknet (AlexeyAB/darknet src/dark_cuda.c cudnn_check_error_extended: "cuDNN status
        # Error in: file: %s() : line: %d : build time: %s"; its error() aborts with
        # "darknet: ./src/utils.c:293: error: Assertion 0 failed.", AlexeyAB/darknet#3766)
        r"|(?P<darknet>\bcuDNN status Error in: file: |^darknet: |\./darknet\s)"
        # XGBoost's and MXNet's own exceptions (dmlc/xgboost#6899, apache/mxnet#19291); MXNet's
        # library and its glog cuDNN checks (apache/mxnet src/operator/nn/cudnn/
        # cudnn_convolution-inl.h CUDNN_CALL: "Check failed: e == CUDNN_STATUS_SUCCESS (3 vs. 0)
        # cuDNN: CUDNN_STATUS_BAD_PARAM", its dmlc stack "[bt] (0) .../mxnet/libmxnet.so";
        # Debian's dist-packages too; break-it review b49a P4)
        r"|(?P<xgboost>\bXGBoostError\b)"
        r"|(?P<mxnet>\bMXNetError\b|(?:site|dist)-packages[/\\]mxnet[/\\]|\bimport mxnet\b"
        r"|\blibmxnet\.so\b|\bsrc/operator/[\w./-]{0,80}?cudnn[\w-]{0,60}-inl\.h:\d{1,6}: "
        r"Check failed)",
    ),
    # --- telling lines for unknown errors -------------------------------------------------------
    _p(
        "tell.glog",
        (": e ", ": f ", "e :: .", "f :: ."),
        r"^(?:[\d\-/]+ [\d:.]+:\s+)?(?P<lvl>[EF])(?:\d{4} [\d:.]+\s+\d+)?\s+"
        r"(?P<src>[\w/.+-]+\.(?:cc|cpp|c|h)):\d+\]\s*(?P<msg>.+)",
    ),
    # a glog prefix alone on its line ("2018-10-07 12:40:45.846370: F tensorflow/stream_executor/
    # lib/statusor.cc:34]"): a hard wrap at 80 columns put the message on the next lines; its
    # level says whether the process stopped there (checks/cupti.py)
    _p(
        "tell.glog_head",
        ("] ", "]"),
        r"^(?:[\d\-/]+ [\d:.]+:\s+)?(?P<lvl>[EFW])(?:\d{4} [\d:.]+\s+\d+)?\s+"
        r"[\w/.+-]+\.(?:cc|cpp|c|h):\d+\]\s*$",
    ),
    _p(
        "tell.fatal",
        ("check failed", "aborted", "core dump", "segmentation fault", "fatal python error",
         "uncaught target signal", "darknet error location: "),
        r"Check failed:|CHECK failed:|^\s*Aborted\b|\(core dumped\)|Segmentation fault"
        r"|Fatal Python error"
        # darknet's error(): prints "Darknet error location: <file>, <func>, line #N", then
        # perror and exit(EXIT_FAILURE) (AlexeyAB/darknet src/utils.c error(); hank-ai/darknet
        # logs the same words before exit): the program ended there (review newuser49 #16)
        r"|^\s{0,4}\d?Darknet error location: "
        # QEMU's user-mode emulator reporting the emulated process's death (linux-user/signal.c)
        r"|^(?:#\d{1,4} [\d.]{1,9} )?qemu: uncaught target signal",
    ),
    # glog/absl's failed CHECK ("F<time> <path or basename>:<line>] Check failed: <expr>") and
    # XLA's RET_CHECK Status ("RET_CHECK failure (<path>:<line>) <expr>"), any source file:
    # checks/xla_compiler_check.py keeps those of XLA's compiler (platform_facts
    # xla-compiler-sources). A telling pattern: it explains no line by itself, so a check
    # failing in any other file stays an unrecognised fatal error
    _p(
        "tell.check_in_file",
        ("check failed", "ret_check failure"),
        r"(?<![\w.+\\/-])(?P<file>[\\/]?[\w.+-]+(?:[\\/][\w.+-]+)*\.(?:cc|h)):"
        r"(?P<line>\d{1,6})\] Check failed: ?(?P<expr>[^\n]{0,160})"
        r"|RET_CHECK failure \((?P<rfile>[\\/]?[\w.+-]+(?:[\\/][\w.+-]+)*\.(?:cc|h)):"
        r"(?P<rline>\d{1,6})\) ?(?P<rexpr>[^\n]{0,160})",
    ),
    _p(
        "tell.line",
        (
            "error",
            "exception",
            "traceback",
            "check failed",
            "abort",
            "core dump",
            "segmentation fault",
            "fatal",
            "killed",
        ),
        # not a padded status field reading zero/none (`nvidia-smi -q`'s
        # "Correctable Error   : 0"): a counter of no errors is no error line
        r"Traceback \(most recent call last\)|(?:Error|Exception)\b(?!\s+:\s*(?:0|N/A|None)\s*$)"
        r"|\bERROR\b|Check failed"
        r"|Aborted|core dumped|Segmentation fault|\bFatal\b|\bFATAL\b|^Killed$",
    ),
    # an exception line: a name ending in Error/Exception/Exit (GeneratorExit, SystemExit),
    # or one of the builtin BaseException subclasses named otherwise that end a traceback
    # too (Python's Lib/exceptions hierarchy: StopIteration, StopAsyncIteration; ``next()``
    # on an empty iterator ends a script with "StopIteration"); the colon may end the line:
    # Python prints "<type>: <message>" (traceback.py _format_final_exc_line), and a message
    # that begins with a newline, or a hard wrap at the space after the colon, leaves it last
    _p(
        "tell.exception",
        ("error", "exception", "generatorexit", "stopiteration", "stopasynciteration",
         "conflict: ", "notfound: "),
        # (the bare builtin Exception too: Keras's get_file raises one for a failed download)
        r"^\s*(?:[\w.]+\.)?(?:[A-Z]\w*(?:Error|Exception|Exit)|Exception|StopAsyncIteration"
        r"|StopIteration)(?::\s|:?$)"
        # a package's exception whose name ends otherwise, printed with its module
        # (pkg_resources.ContextualVersionConflict, pkg_resources.DistributionNotFound)
        r"|^\s*(?:[a-z_]\w{0,40}\.){1,4}[A-Z]\w{0,60}(?:Conflict|NotFound): \S"
        # a module's own lowercase exception class, printed with its module (cv2.error,
        # socket.error, select.error: traceback.format_exception_only's "module.qualname")
        r"|^\s*(?:[a-z_]\w{0,40}\.){1,4}error: \S",
    ),
    # --- status codes by name, Metal plugin load, device lists, tfjs, libtensorflow ---
    # Any status code of the seven CUDA-stack enums in status_codes.toml (cuda.h CUresult,
    # driver_types.h cudaError_t, cublas_api.h, cudnn_graph.h, nccl.h, cusolver_common.h,
    # cufft.h), by name: the check looks the name up in that table, so every code a log
    # prints is reachable even where no specific pattern knows its wording.
    _p(
        "cuda.status_code",
        ("cuda_error_", "cudaerror", "cublas_status_", "cudnn_status_", "cusolver_status_",
         "cufft_", "ncclunhandledcudaerror", "ncclsystemerror", "ncclinternalerror",
         "ncclinvalidargument", "ncclinvalidusage", "ncclremoteerror", "ncclinprogress",
         "nccltimeout"),
        r"\b(?P<name>CUDA_ERROR_[A-Z0-9_]{2,60}|cudaError[A-Z][A-Za-z0-9]{1,60}"
        r"|(?:CUBLAS|CUDNN|CUSOLVER)_STATUS_[A-Z0-9_]{2,60}|CUFFT_[A-Z0-9_]{2,60}"
        r"|nccl(?:UnhandledCudaError|SystemError|InternalError|InvalidArgument|InvalidUsage"
        r"|RemoteError|InProgress|Timeout))\b",
        "name",
    ),
    # tensorflow-metal's plugin failing to load because a TensorFlow library it was linked
    # against is not there (dyld "Library not loaded: @rpath/_pywrap_tensorflow_internal.so"):
    # the plugin/TensorFlow pair mismatch that metal.symbol reads from "Symbol not found".
    _p(
        "metal.load",
        ("libmetal_plugin", "tensorflow-plugins"),
        r"(?:libmetal_plugin\.dylib|tensorflow-plugins/\w+\.dylib)[^\n]{0,40}?: "
        r"Library not loaded: (?P<dep>[@\w./+-]{1,160})",
    ),
    # print(tf.__version__, tf.config.list_physical_devices('GPU')) on one line: "2.13.0 []"
    # or "2.15.0 [PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]"; read
    # only after a line that prints tf.__version__ (view.printed_tf_version,
    # visibility.rule_gpu_not_visible).
    _p(
        "ctx.version_list",
        ("[]", "physicaldevice("),
        r"^[ \t]{0,40}(?P<v>2\.\d{1,2}\.\d{1,3})[ \t]{0,8},?[ \t]{1,8}\[(?P<body>[^\]]{0,400})\]"
        r"[ \t]{0,40}$",
    ),
    # More TensorFlow version banners (issue 10 section 2), read by view.tf_version as the
    # other ctx.tf_version hits: any case and spacing ("Tensorflow Version:  2.15.0",
    # "TF version: 2.17.0", "tf.__version__ = 2.11.0"), and pip's "Successfully installed
    # ... tensorflow-2.16.1" (the distribution just installed; not tensorflow-estimator-...).
    _p(
        "ctx.tf_version",
        ("flow version", "tf version", "tf_version", "__version__", "successfully installed"),
        r"(?i:\b(?:tensor ?flow|tf)(?:[ _]?version|\.__version__))[ \t]{0,4}[:=]?[ \t]{0,4}"
        r"(?P<v>2\.\d{1,2}\.\d{1,3})\b"
        + r"|" + _first("Successfully installed")
        + r".*?\btensorflow(?:-cpu|-gpu|-intel|-macos)?-(?P<v2>2\.\d{1,2}\.\d{1,3})\b",
    ),
    # pip's "Requirement already satisfied: tensorflow[>=2.4] in <site-packages> (2.4.1)": the
    # release installed there (pip's req_install: "Requirement already satisfied: {req} in
    # {location} ({version})"); a notebook's runtime may still have another one imported
    _p(
        "ctx.tf_version",
        ("requirement already satisfied: tensorflow",),
        r"Requirement already satisfied: tensorflow(?:-cpu|-gpu|-intel|-macos)?"
        r"(?:[<>=!~][^ \n]{0,30})? in \S{1,300} \((?P<v3>2\.\d{1,2}\.\d{1,3})\)",
    ),
    # a notebook's warning after pip replaced an imported package: Colab's front end for
    # google/colab/_pip.py print_previous_import_warning ("WARNING: The following packages
    # were previously imported in this runtime: [...] You must restart the runtime in order to
    # use newly installed versions."), IPython's %pip/%conda magic (IPython/core/magics/
    # packaging.py: "Note: you may need to restart the kernel to use updated packages."):
    # the running process still has the old release imported. Read by
    # checks/stale_tensorflow_import.py
    _p(
        "ctx.restart_runtime",
        ("you must restart the runtime", "previously imported in this runtime",
         "you may need to restart the kernel"),
        r"You must restart the runtime in order to use newly installed versions"
        r"|The following packages were previously imported in this runtime"
        r"|Note: you may need to restart the kernel to use updated packages",
    ),
    # pip's "Successfully installed ... keras-2.7.0 ... tensorflow-2.6.1" naming both Keras
    # (keras or tf-keras, both released in step with TensorFlow's minors) and TensorFlow on one
    # line (in either order): read by checks/pip_reports.py against platform fact
    # keras2-paired-minor
    _p(
        "pip.keras_tf_installed",
        ("successfully installed",),
        _first("Successfully installed")
        + r"(?=[^\n]{0,3000}?(?<![\w-])(?P<kd>(?:tf-)?keras)-(?P<k>[23]\.\d{1,2})\.\d)"
        r"(?=[^\n]{0,3000}?\btensorflow(?:-cpu|-gpu)?-(?P<t>2\.\d{1,2})\.\d)",
    ),
    # node-pre-gyp found no prebuilt tfjs-node(-gpu) addon for this Node.js ABI / platform
    # (mapbox/node-pre-gyp lib/install.js: "Tried to download(<status>): <url>", "Pre-built
    # binaries not found for <pkg>@<v> and node@<v> (node-vNN ABI, glibc) (falling back to
    # source compile with node-gyp)"); only tfjs's package or its tf-builds bucket counts.
    _p(
        "tfjs.prebuilt",
        ("pre-built binaries not found for", "tried to download(", "install response status"),
        r"Pre-built binaries not found for @tensorflow/tfjs-node(?:-gpu)?@"
        r"|(?:Tried to download\(\d{3}\):|install response status \d{3} [\w ]{0,30} on) "
        r"\S{0,300}?(?:tf-builds|tfjs)",
    ),
    # Keras 3 errors from other libraries, one more wording: with Keras 3, tf.keras is the
    # keras._tf_keras shim (keras-team/keras keras/_tf_keras/, Keras 3.0+ only), so a library
    # written for Keras 2 fails with "module 'keras._tf_keras.keras...' has no attribute"
    # (TensorFlow Probability, ...): the keras3 check reads it as keras.needs_tf_keras.
    _p(
        "keras.needs_tf_keras",
        ("_tf_keras",),
        r"module 'keras\._tf_keras\.keras[\w.]{0,80}' has no attribute '(?P<attr>\w{1,80})'",
    ),
    # Hints that TensorFlow is used as the libtensorflow C/C++/Java library (not pip): its
    # install folder, the JNI or C++ library (issue 10 section 2; the view's
    # non_pip_tensorflow reads these with ctx.nonpip_tf).
    _p(
        "ctx.libtensorflow",
        ("libtensorflow",),
        r"[/\\]libtensorflow(?:-(?:gpu|cpu)[\w.-]{0,40})?[/\\]|libtensorflow_(?:jni|cc)\b",
    ),
    # --- tool families -------------
    # The host killed the process (host RAM, not GPU memory).  Linux mm/oom_kill.c:
    # "Out of memory: Killed process N (comm) total-vm:..." (5.x+, "Memory cgroup out of
    # memory: ..." in a cgroup/container), "Out of memory: Kill process N (comm) score S or
    # sacrifice child" (before 4.19); Colab's dialog text.
    #
    # The lines of the same record that say a memory cgroup's limit was reached (``cg2``),
    # whichever of them is pasted: the one-line summary "oom-kill:constraint=
    # CONSTRAINT_MEMCG,...,oom_memcg=<path>" (mm/oom_kill.c dump_oom_victim/
    # dump_oom_summary + mm/memcontrol.c mem_cgroup_print_oom_context, 4.19+; a global
    # OOM prints CONSTRAINT_NONE and ",global_oom"), mem_cgroup_print_oom_meminfo's
    # "memory: usage %llukB, limit %llukB, failcnt %lu" (printed for a cgroup OOM only),
    # and before 4.19 mem_cgroup_print_oom_info's "Task in %s killed as a result of limit
    # of %s" / "Memory limit reached of cgroup %s".
    _p(
        "tools.oom_kernel",
        ("out of memory: kill", "invoked oom-killer", "killed process", "oomkilled",
         "oom-kill:constraint=", "memory: usage ", "killed as a result of limit of",
         "memory limit reached of cgroup"),
        r"(?P<cg>Memory cgroup )?[Oo]ut of memory: Kill(?:ed)? process (?P<pid>\d+) "
        r"\((?P<comm>[^()\n]{1,64})\)"
        r"|^(?:\[[\d. ]{1,24}\]\s*)?Killed process (?P<pid2>\d+) \((?P<comm2>[^()\n]{1,64})\)"
        r" total-vm"
        r"|(?P<inv>[\w.-]{1,64}) invoked oom-killer: gfp_mask"
        r"|(?P<cg2>oom-kill:constraint=CONSTRAINT_MEMCG\b|\boom-kill:constraint=\w{1,30},"
        r"[^\n]{0,400}?,oom_memcg=\S"
        r"|\bmemory: usage \d{1,20}kB, limit \d{1,20}kB, failcnt \d"
        r"|\bTask in \S{1,400} killed as a result of limit of \S"
        r"|\bMemory limit reached of cgroup \S)"
        # the container runtime's record: docker inspect State.OOMKilled, Kubernetes'
        # container status reason (kubectl describe pod / get pods)
        r"|(?P<ctr>\"OOMKilled\":\s*true|Reason:\s+OOMKilled\b|\s\d+/\d+\s+OOMKilled\s)",
    ),
    # the kubelet's eviction of a pod whose node ran short of memory (kubernetes/kubernetes
    # pkg/kubelet/eviction/helpers.go nodeLowMessageFmt "The node was low on resource: %v. ",
    # shown in the pod's status and events): host memory of the node, not GPU memory
    # (kubeflow/kubeflow#1261). Read by checks/host_killed.py.
    _p(
        "tools.k8s_evicted",
        ("the node was low on resource: memory",),
        r"The node was low on resource: memory\b",
    ),
    # Slurm's own report that the kernel OOM-killed tasks of a job step (its task/cgroup
    # plugin enforces --mem/--mem-per-cpu/--mem-per-gpu with a memory cgroup,
    # src/plugins/task/cgroup/task_cgroup_memory.c): "Detected %PRIu64 oom_kill event%s in
    # %ps. Some of the step tasks have been OOM Killed." (23.02+), "Detected %PRIu64
    # oom-kill event(s) in %ps[ cgroup]. Some of your processes may have been killed by the
    # cgroup out-of-memory handler." (19.05-22.05; "in step %s cgroup" 18.08-19.05); and
    # srun's "%s: %s %s: Out Of Memory" (src/srun/launch.c: hosts, "task"/"tasks", task ids).
    # an import statement naming a pip distribution with a hyphen ("import tensorflow-gpu as
    # tf"): Python's grammar allows no "-" in a module name (CPython's parser: "SyntaxError:
    # invalid syntax" under it); read with py.syntax_error by checks/import_names.py
    _p(
        "py.import_hyphen",
        ("import ",),
        r"^\s{0,8}(?:>>> ?|In \[\d{1,5}\]: ?)?(?:import|from) "
        r"(?P<dist>[A-Za-z][\w.]{0,60}(?:-[\w.]{1,60}){1,4})(?:\s|$)",
    ),
    _p("py.syntax_error", ("syntaxerror: invalid syntax",), r"^\s{0,8}SyntaxError: invalid syntax"),
    # YARN killing a container over its memory limit: Spark's YarnAllocator
    # memLimitExceededLogMessage ("Container killed by YARN for exceeding memory limits. 7.2 GB
    # of 4.2 GB virtual memory used. Consider boosting spark.yarn.executor.memoryOverhead."),
    # Hadoop's NodeManager ContainersMonitorImpl ("Container [pid=..,containerID=..] is running
    # beyond physical memory limits. Current usage: ..."); read by checks/host_killed.py
    # an editor's or linter's static analysis not finding tf.keras, which TensorFlow attaches
    # at import time (tensorflow/__init__.py of 2.21: setattr(_current_module, "keras",
    # _KerasLazyLoader(globals()))): Pylance/pyright's 'Import "tensorflow.keras" could not
    # be resolved', PyCharm's "Cannot find reference 'keras' in '__init__.py'", pylint's
    # "Module 'tensorflow' has no 'keras' member". checks/ide_static_analysis.py
    _p(
        "ide.tf_keras_unseen",
        ("could not be resolved", "cannot find reference 'keras'", "has no 'keras' member",
         "unable to import 'tensorflow.keras", "no name 'keras' in module 'tensorflow'"),
        # (a wrap at the space after "Import" leaves the quoted module at the line's start)
        r"(?:\bImport |^\s{0,8})\"(?P<mod>tensorflow\.keras(?:\.[\w.]{1,100})?)\" could not be "
        r"resolved"
        r"(?: from source)?"
        r"|(?P<pycharm>Cannot find reference 'keras' in '__init__\.py(?: \| __init__\.py)?')"
        r"|(?P<pylint>Module 'tensorflow' has no 'keras' member|Unable to import "
        r"'tensorflow\.keras(?:\.[\w.]{1,100})?'|No name 'keras' in module 'tensorflow')",
    ),
    # a Keras layer called on a model object, not a tensor: Keras 2's input_spec.py
    # ("Inputs to a layer should be tensors. Got '<...Sequential object at 0x...>'") and
    # Keras 3's Layer.__call__ ("Only input tensors may be passed as positional arguments.
    # The following argument value should be passed as a keyword argument: <Sequential
    # name=..., built=False>"). checks/layer_called_on_model.py
    _p(
        "keras.layer_on_model",
        ("inputs to a layer should be tensors", "only input tensors may be passed"),
        r"Inputs to a layer should be tensors\. Got '<[\w.]{0,120}?\.(?P<cls>Sequential|Functional"
        r"|Model) object"
        r"|Only input tensors may be passed as positional arguments\. The following argument "
        r"value should be passed as a keyword argument: <(?P<cls2>Sequential|Functional|Model) "
        r"name=",
    ),
    # the same tool not resolving tensorflow itself: the editor's interpreter lacks it
    _p(
        "ide.tf_unresolved",
        ("could not be resolved",),
        r"Import \"tensorflow\" could not be resolved",
    ),
    # any module an editor's static analysis cannot find in the interpreter it was given
    # (Pylance/pyright reportMissingImports: 'Import "numpy" could not be resolved';
    # reportMissingModuleSource: 'Import "yaml" could not be resolved from source', stubs found
    # but no package): checks/ide_static_analysis.py
    _p(
        "ide.module_unresolved",
        ("could not be resolved",),
        r"\bImport \"(?P<mod>[A-Za-z_][\w.]{0,100})\" could not be resolved"
        r"(?P<source> from source)?",
    ),
    # an import statement at a prompt or as a traceback's code line (">>> import cv2",
    # "    import torch", a notebook's "---> 5 import keras"): the module whose import failed
    # when the error names none (checks/windows.py, Python 3.7's "DLL load failed: ...")
    _p(
        "py.import_line",
        ("import ",),
        r"^\s{0,16}(?:>>>\s{0,4}|In \[\d{1,5}\]:\s{0,4}|-{1,6}>\s{0,4}\d{1,6}\s{1,12})?"
        r"(?:import|from)\s{1,4}(?P<mod>[A-Za-z_]\w{0,80})",
    ),
    # a managed platform ending the container over its memory limit: Cloud Run's "Memory
    # limit of 2048M exceeded with 2126M used. Consider increasing the memory limit"
    # (minimaxir/gpt-2-cloud-run#22); read by checks/host_killed.py
    _p(
        "tools.platform_memory_limit",
        ("memory limit of",),
        r"Memory limit of (?P<limit>\d{1,7}\s?[KMGT]i?B?) exceeded with "
        r"(?P<used>\d{1,7}\s?[KMGT]i?B?)"
        r" used",
    ),
    # AWS Lambda refusing a function whose .zip deployment package (with its layers) is
    # over 250 MB unzipped (the Lambda API's InvalidParameterValueException "Unzipped size
    # must be smaller than 262144000 bytes"; "Layers consume more than the available size of
    # 262144000 bytes"): checks/serverless_limits.py
    _p(
        "tools.lambda_package_size",
        ("unzipped size must be smaller than", "layers consume more than the available size"),
        r"(?:Unzipped size must be smaller than|Layers consume more than the available size of)"
        r" (?P<limit>\d{6,12}) bytes",
    ),
    # AWS Lambda's Python runtime failing to import the handler's module (awslambdaric's
    # "Runtime.ImportModuleError: Unable to import module '<handler>': <reason>", as the log
    # or the invoke response's JSON "errorType" shows it): checks/serverless_limits.py
    _p(
        "ctx.aws_lambda",
        ("runtime.importmoduleerror",),
        r"Runtime\.ImportModuleError",
    ),
    # the reason: a compiled file of the package missing for Lambda's Linux (NumPy's C
    # extension, a .so under the function's /var/task or a layer's /opt)
    _p(
        "lambda.compiled_missing",
        ("unable to import module", "original error was: no module named"),
        r"Unable to import module '[^']{1,200}': (?:No module named '(?P<mod>numpy\.(?:_?core)"
        r"\._multiarray_umath)'|(?P<path>/(?:var/task|opt)/\S{1,300}?\.so(?:\.\d{1,4}){0,3}): "
        r"cannot open shared object file)"
        # NumPy's own long message for the same failure (numpy/core/__init__.py: "IMPORTANT:
        # PLEASE READ THIS ... Original error was: No module named
        # 'numpy.core._multiarray_umath'"; numpy/numpy#19774, on its own line or in the
        # invoke response's escaped JSON)
        r"|Original error was: No module named '(?P<mod2>numpy\.(?:_?core)\._multiarray_umath)'",
    ),
    # NumPy's import-failure message names the Python that ran ("* The Python version is:
    # Python3.9 from "/var/lang/bin/python3.9"", numpy/core/__init__.py): read by
    # checks/serverless_limits.py for Lambda's runtime version
    _p(
        "numpy.cext_python",
        ("the python version is: python",),
        r"The Python version is: Python ?(?P<py>3\.\d{1,2})",
    ),
    _p(
        "tools.yarn_limit",
        ("container killed by yarn for exceeding", "memory limits. current usage"),
        # Spark 2.x "exceeding memory limits." (two spaces before the usage in some releases),
        # Spark 3.x "exceeding physical memory limits." / "virtual memory limits."
        r"(?P<spark>Container killed by YARN for exceeding (?:physical |virtual )?memory limits)\."
        r"(?: {1,2}(?P<used>[\d.]{1,12} ?[KMGT]?B) of (?P<limit>[\d.]{1,12} ?[KMGT]?B) "
        r"(?P<kind>physical|virtual) memory used)?"
        r"|is running beyond (?P<kind2>physical|virtual) memory limits\. Current usage",
    ),
    # a Spark job's own lines (spark-submit, Spark's loggers and classes): YARN's kill is a
    # Spark executor's (checks/host_killed.py)
    _p("ctx.spark", ("spark",),
       r"\bspark-submit\b|\borg\.apache\.spark\b|\bSparkContext\b|\b(?:Yarn|Spark)\w{0,30}"
       r"(?:Scheduler|Allocator|Backend)\b|\bspark\.(?:executor|yarn|driver)\."),
    _p(
        "tools.slurm_oom",
        ("oom_kill event", "oom-kill event", "out of memory"),
        r"\bDetected (?P<n>\d{1,12}) oom[-_]kill event(?:\(s\)|s)? in (?:step )?"
        r"(?P<step>[\w.+=-]{1,80}?)(?: cgroup)?\.(?:\s|$)"
        r"|(?P<srun>\bsrun: error: [\w.\[\],-]{1,200}: tasks? [\d,\[\]-]{1,200}: "
        r"Out Of Memory)\s*$",
    ),
    # slurmstepd's line when Slurm ends a job or step (src/slurmd/slurmstepd/req.c, 17.02
    # to 25.x): "*** %s ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" ("JOB 12" or "STEP
    # 12.0", the node, the time), "... DUE TO PREEMPTION ***", "... DUE TO NODE FAILURE, SEE
    # SLURMCTLD LOG FOR DETAILS ***", "... DUE TO JOB REQUEUE ***", "... DUE to SIGNAL %s
    # ***", "... DUE TO TASK FAILURE ***", before 24.x "*** %s ON %s CANCELLED AT %s ***"
    # (scancel); up to 14.11 "*** %s CANCELLED AT %s DUE TO TIME LIMIT on %s ***".
    _p(
        "tools.slurm_cancel",
        ("cancelled at",),
        r"\*\*\* (?P<what>JOB|STEP) (?P<id>[\w.+]{1,40}) (?:ON (?P<node>\S{1,200}) )?CANCELLED AT "
        r"(?P<at>\S{1,40})(?: DUE (?:TO|to) (?P<why>TIME LIMIT|PREEMPTION|NODE|JOB REQUEUE|"
        r"SIGNAL|TASK FAILURE)(?P<rest>[^*\n]{0,120}))? \*\*\*",
    ),
    _p(
        "tools.colab_ram",
        ("session crashed after using all available ram",),
        r"Your session crashed after using all available RAM",
    ),
    # Colab's notice when the runtime died of anything but RAM (its RAM notice is the row
    # above): "Your session crashed for an unknown reason." (closed source; quoted in
    # googlecolab/colabtools#1142, #1278). A death whose cause Colab does not know: read by
    # diagnosis/checks/unknown.py death_hits as a crash
    _p(
        "tools.colab_crash",
        ("session crashed for an unknown reason",),
        r"Your session crashed for an unknown reason",
    ),
    # The shell's word for SIGKILL (bash "Killed", its job line "[1]+  Killed  python x.py",
    # zsh "zsh: killed  python x.py"), an IDE's "exit code 137 (interrupted by signal 9:
    # SIGKILL)": a kill, most often the OOM killer, but not proof of it.
    _p(
        "tools.killed",
        ("killed", "sigkill"),
        r"^\s*(?:\[\d+\]\+?\s+(?:\d+\s+)?)?(?i:killed)(?::\s*9)?"
        r"(?:\s+\S{0,120}(?:python|\.py)\S{0,60}(?:\s.{0,200})?)?\s*$"
        r"|^\s*(?:zsh|bash): killed\s"
        r"|(?:exit code |退出代码为? ?)137 \(interrupted by signal 9: ?SIGKILL\)",
    ),
    # Notebook and IDE front ends (Jupyter, VS Code, QtConsole, Spyder) when the kernel
    # process died (tools.kernel_died: the front end does not know why; host RAM most often,
    # also a native crash) and Spyder's error page heading (tools.kernel_error_page), every
    # wording from knowledge/data/kernel_deaths.toml
    *_kernel_death_patterns(),
    # conda / mamba / micromamba solver failures (conda/exceptions.py, conda-libmamba-solver,
    # libsolv's problem strings).  __cuda is conda's virtual package for the driver's CUDA.
    _p(
        "tools.conda_cuda",
        ("__cuda",),
        r"nothing provides (?P<vp>__cuda)\S{0,40} needed by (?P<pkg>[\w.+-]{1,120})"
        r"|(?P<missing>__cuda),? (?:which )?is missing on the system"
        r"|(?P<feat>feature:/[\w-]{1,20}::__cuda)==(?P<have>\d+(?:\.\d+)?)"
        r"|(?P<dep>__cuda)\[version='(?P<want>[^'\n]{1,40})'\]"
        r"|requires (?P<req>__cuda) ?(?P<want2>[><=]{1,2}\s?\d+(?:\.\d+)?)"
        # conda's classic UnsatisfiableError "incompatible with your system" list: a chain
        # from a requested spec ending in the bare virtual package ("  - tensorflow[version=
        # '>=2.7',build=cuda11*] -> __cuda"), the system's own records listed as "feature:/
        # <subdir>::__glibc==2.17=0" (conda/resolve.py _classify_bad_deps, conda 4.8-23.x)
        r"|^\s*-\s+(?P<chain>[A-Za-z][\w.-]{0,80})(?:[=<>!~][^\s\[]{0,80})?(?:\[[^\]\n]{0,160}\])?"
        r"(?:\s->\s\S{1,200}?)*\s->\s__cuda\s*$",
    ),
    # TensorFlow's configure.py check_bazel_version ("You have bazel X installed." then "Please
    # upgrade|downgrade your bazel installation to version Y or higher|lower to build
    # TensorFlow!") and Thrust's CUB check (thrust/system/cuda/config.h #error). Read by
    # checks/source_build_versions.py
    _p(
        "build.bazel_version_check",
        ("your bazel installation to version",),
        r"Please (?P<dir>upgrade|downgrade) your bazel installation to version "
        r"(?P<want>\d[\w.-]{0,30}) or (?:higher|lower) to build TensorFlow",
    ),
    _p("build.bazel_have", ("you have bazel",),
       r"\bYou have bazel (?P<have>\d[\w.-]{0,30}) installed"),
    # the bazel check of TensorFlow's WORKSPACE (tensorflow/workspace.bzl, TF 1.x's
    # tensorflow/version_check.bzl check_bazel_version_at_least: fail("\nCurrent Bazel version
    # is {}, expected at least {}\n")); other bazel projects print it too, so it counts only
    # beside a TensorFlow tree (build.tf_workspace, ctx.tf_build_tree)
    _p("build.bazel_workspace_check", ("current bazel version is",),
       r"Current Bazel version is (?P<have>[^\s,]{1,40})(?: \([^)]{0,40}\))?, expected at least "
       r"(?P<want>\d[\w.-]{0,30})"),
    _p("build.tf_workspace", ("tensorflow/workspace", "tensorflow/version_check.bzl",
                              "tensorflow/configure.py"),
       r"\btensorflow/(?:WORKSPACE|version_check\.bzl|workspace\d?\.bzl|configure\.py)\b"),
    # bazel's client when its server (a JVM) died mid-build: "Server terminated abruptly (error
    # code: 14, error message: 'Socket closed', log file: '.../server/jvm.out')"
    _p(
        "build.bazel_server_died",
        ("server terminated abruptly",),
        r"Server terminated abruptly \(error code: \d+, error message: '[^'\n]{0,80}'"
        r"(?:, log file: '(?P<log>[^'\n]{1,300})')?",
    ),
    # bazel saying why its server died ("FATAL: bazel crashed due to an internal error",
    # a Java exception such as java.lang.OutOfMemoryError: Java heap space), and cp failing to
    # write (a permission or disk fault, not a header missing)
    _p(
        "build.bazel_crashed",
        ("bazel crashed due to", "java.lang."),
        r"bazel crashed due to an internal error|\bjava\.lang\.\w{1,60}(?:Error|Exception)\b",
    ),
    _p("build.cp_cannot_create", ("cp: cannot create",), r"\bcp: cannot create "),
    # TensorFlow's tensorrt_configure.bzl copies a fixed list of TensorRT headers into
    # @local_config_tensorrt (genrule tensorrt_include): a header of that list missing from the
    # TensorRT install ("cp: cannot stat '/usr/include/x86_64-linux-gnu/NvUtils.h'", TensorRT 10
    # has none; tensorflow/tensorflow#68867)
    _p(
        "trt.include_genrule",
        ("local_config_tensorrt//:tensorrt_include",),
        r"genrule @local_config_tensorrt//:tensorrt_include failed",
    ),
    _p(
        "trt.header_missing",
        ("cannot stat",),
        r"\bcp: cannot stat ['\u2018](?P<path>[^'\u2019\n]{0,300}/"
        r"(?P<hdr>Nv[A-Za-z]\w{0,60}\.h))['\u2019]",
    ),
    # TensorFlow's own TensorRT build configuration in a log: its repository rule's name, the
    # configure variable, a bazel target in TensorFlow's tree (TF-TRT's source path is not:
    # the runtime's own warnings carry it)
    _p(
        "trt.tf_build",
        ("local_config_tensorrt", "tf_need_tensorrt", "//tensorflow/", "build_pip_package"),
        r"local_config_tensorrt|\bTF_NEED_TENSORRT\b|//tensorflow/|\bbuild_pip_package\b",
    ),
    # a TensorFlow source tree or its bazel build in the log (its source folders, bazel's
    # external repositories TensorFlow's WORKSPACE defines, a bazel command): the Thrust/CUB
    # check is TensorFlow's build's only then (a PyTorch or CuPy build prints it too)
    _p(
        "ctx.tf_build_tree",
        ("tensorflow/", "external/", "bazel"),
        r"\btensorflow/(?:core|compiler|stream_executor|tools|tsl)/|\bexternal/(?:cub_archive"
        r"|local_config_cuda|org_tensorflow|local_xla|xla)/|\bbazel(?:-out|isk)?\b",
    ),
    _p(
        "build.thrust_cub",
        ("the version of cub in your include path is not compatible",),
        r"The version of CUB in your include path is not compatible with this release of Thrust",
    ),
    # apt's errors when installing the CUDA stack from NVIDIA's repositories (apt-private/
    # private-cacheset.cc: "Unable to locate package %s", "Version '%s' for '%s' was not
    # found"; private-install.cc: "Unable to correct problems, you have held broken
    # packages."; private-output.cc ShowBroken: "<pkg> : Depends: <dep> (<ver>) but it is not
    # going to be installed"). Read by checks/apt_install.py
    _p(
        "apt.not_located",
        ("unable to locate package", "has no installation candidate"),
        r"\bUnable to locate package (?P<pkg>[A-Za-z0-9][\w.+:*-]{0,120})"
        # apt-pkg/depcache / apt-private: "E: Package 'cuda' has no installation candidate"
        # (the name is known, from another package's reference, but no source has a version)
        r"|\bPackage ['\u2018](?P<pkg2>[A-Za-z0-9][\w.+:-]{0,120})['\u2019] has no installation "
        r"candidate",
    ),
    # apt-private/private-install.cc: "Package %s is not available, but is referred to by
    # another package." (then "has no installation candidate"): a name known only from another
    # package's relations, with no version in any source. Context for checks/apt_install.py
    _p(
        "ctx.apt_referred",
        ("is not available, but is referred to",),
        r"\bPackage (?P<pkg>[A-Za-z0-9][\w.+:-]{0,120}) is not available, but is referred to by "
        r"another package",
    ),
    _p(
        "apt.version_not_found",
        ("was not found",),
        r"\bVersion ['\u2018\u2019](?P<v>[^'\u2018\u2019\s]{1,120})['\u2018\u2019] for "
        r"['\u2018\u2019](?P<pkg>[^'\u2018\u2019\s]{1,120})['\u2018\u2019] was not found",
    ),
    # apt could not verify a repository (apt-pkg/acquire-item.cc: "The repository '%s' is not
    # signed.", "... is no longer signed.", gpgv's "NO_PUBKEY <key>"): it reads nothing from
    # it (NVIDIA rotated its CUDA repository key in 2022; the cuda-keyring package installs
    # the new one)
    _p(
        "apt.repo_unsigned",
        ("no_pubkey", "is not signed", "is no longer signed"),
        r"\bNO_PUBKEY (?P<key>[0-9A-F]{8,40})\b"
        r"|The repository '[^'\n]{1,300}' is (?:not|no longer) signed",
    ),
    # the NVIDIA repository an apt line names: the CUDA (and retired machine-learning)
    # repositories of developer.download.nvidia.com, signed with the cuda-keyring key, or the
    # NVIDIA Container Toolkit's on nvidia.github.io (its own gpgkey file); read beside
    # apt.repo_unsigned by checks/apt_install.py (a hard-wrapped paste puts the key on the next
    # line)
    _p(
        "apt.nvidia_repo",
        ("developer.download.nvidia.com/compute", "nvidia.github.io/"),
        r"developer\.download\.nvidia\.com/compute/(?P<cuda>cuda|machine-learning)/repos"
        r"(?:/(?P<distro>[a-z]{2,12}\d{2,6})/(?P<arch>x86_64|sbsa|arm64|ppc64le|cross-linux-"
        r"sbsa))?"
        r"|nvidia\.github\.io/(?P<toolkit>libnvidia-container|nvidia-docker"
        r"|nvidia-container-runtime)",
    ),
    _p(
        "apt.held_broken",
        ("you have held broken packages",),
        r"Unable to correct problems, you have held broken packages",
    ),
    _p(
        "apt.depends",
        ("depends:",),
        r"^\s*(?:(?P<pkg>[A-Za-z0-9][\w.+:-]{0,120})\s+:\s+)?Depends: "
        r"(?P<dep>[A-Za-z0-9][\w.+:-]{0,120})(?: \((?P<spec>[^)\n]{1,60})\))? but "
        r"(?P<why>it is not going to be installed|it is not installable|[\w.+~:-]{1,60} is "
        r"to be installed)",
    ),
    _p(
        "tools.conda_your_version",
        ("your installed version is",),
        r"^\s*Your installed version is: (?P<v>\d+(?:\.\d+)*)",
    ),
    _p(
        "tools.conda_unsat",
        ("unsatisfiableerror", "could not solve for environment specs",
         "to be incompatible with", "encountered problems while solving"),
        r"(?P<err>LibMambaUnsatisfiableError|UnsatisfiableError)"
        r"|Could not solve for environment specs"
        r"|The following specifications were found\s*(?:to be incompatible with "
        r"(?P<with>each other|the existing python installation|your system))?"
        r"|Encountered problems while solving"
        r"|^\s*to be incompatible with (?P<with2>each other|the existing python installation"
        r"|your system)",
    ),
    # conda 4.7.x-4.8.2's crash while writing an UnsatisfiableError's conflict report:
    # MatchSpec.union of two specs' channel components ran '|'.join over Channel objects
    # (conda/models/match_spec.py _StrMatchMixin.union, raised from resolve.py's conflict
    # report; caught from conda 4.8.3, conda PR #9748, CHANGELOG "Account for channel is
    # specs"); Python 2's str.join says "expected string, Channel found"
    _p(
        "tools.conda_report_crash",
        ("channel found",),
        r"TypeError: sequence item \d{1,4}: expected (?:str instance|string), "
        r"(?P<cls>(?:Multi)?Channel) found",
    ),
    _p(
        "tools.conda_not_found",
        ("packagesnotfounderror", "not available from current channels"),
        r"PackagesNotFoundError|The following packages are not available from current channels",
    ),
    _p(
        "tools.conda_list_item",
        ("- ",),
        r"^\s*-\s+(?P<pkg>(?:tensorflow[\w-]{0,20}|cudatoolkit|cudnn|cuda-toolkit|cuda-nvcc"
        r"|cuda-runtime|keras|python)(?:\s*[=<>!]{1,2}\s*[\w.*]{1,30}){0,2})\s*$",
        "pkg",
    ),
    _p(
        "tools.conda_clobber",
        ("clobbererror", "incompatible packages due to a shared path"),
        r"ClobberError: This transaction has incompatible packages due to a shared path"
        r"|This transaction has incompatible packages due to a shared path",
    ),
    # Python's import system around TensorFlow.  ctypes (Python 3.8+, Windows):
    # "Could not find module '%s' (or one of its dependencies)" for a DLL TensorFlow or a
    # plugin loads; the interpreter that ran has no tensorflow at all; TF1 names on TF2.
    _p(
        "tools.win_ctypes_module",
        ("or one of its dependencies",),
        r"Could not find module '(?P<path>[^'\n]{0,400}?(?P<dll>[\w.+-]{1,120}\.(?:dll|pyd)))' "
        r"\(or one of its dependencies\)",
    ),
    # A traceback frame in a file named tensorflow.py / keras.py that is not the package's
    # (outside site-packages/dist-packages): the user's own file shadows the package
    # (checks/python_env_faults.py)
    _p(
        "py.shadow_frame",
        ("tensorflow.py", "keras.py"),
        r'^\s*File "(?P<path>(?:(?![^"\n]*(?:site|dist)-packages)[^"\n]{0,300}[/\\])?)'
        r'(?P<mod>tensorflow|keras)\.py", line \d{1,6}, in <module>',
    ),
    # Python's UnicodeDecodeError from a Windows locale codec (cp1252 and the other
    # single-byte pages are 'charmap' codecs; gbk, cp936, cp949, cp932, big5), on a byte
    # 0x80-0xff: UTF-8 text read without encoding= (checks/text_encoding.py); 'ascii' is read
    # only beside Python 3's encodings/ascii.py decode frame (ctx.ascii_decode_frame): Python
    # 2's implicit str/unicode conversions raise it far from any file
    _p(
        "py.locale_decode",
        ("codec can't decode byte",),
        r"UnicodeDecodeError: '(?P<codec>charmap|cp125[0-8]|gbk|cp936|cp949|cp932|cp950|big5"
        r"|ascii)' codec can't decode byte 0x(?P<byte>[89a-f][0-9a-f]) in position "
        r"(?P<pos>\d{1,12})",
    ),
    # Python 3's ASCII codec decoding a file under a C/POSIX locale (its frame
    # ".../encodings/ascii.py", line 26, in decode"), and an encoding the code named itself
    # (encoding="gbk"): checks/text_encoding.py
    _p("ctx.ascii_decode_frame", ("ascii.py",),
       r"encodings[/\\]ascii\.py\"?, line \d{1,5}, in decode"),
    _p("ctx.explicit_encoding", ("encoding",),
       r"\bencoding\s?=\s?['\"](?P<enc>[\w-]{2,20})['\"]"),
    # an Apple-silicon Mac's kernel (uname -v: "root:xnu-10002.41.9~7/RELEASE_ARM64_T8122";
    # uname -m / -a: "arm64" after a Darwin kernel line): beside conda's "Platform: osx-64"
    # an x86_64 conda under Rosetta (checks/conda.py)
    _p("ctx.darwin_arm64", ("release_arm", "darwin"),
       r"\bRELEASE_ARM64_T\d{4}\b|^\s*Darwin\b[^\n]{0,300}\barm64\s*$"),
    # conda's not-found entry as a dependency chain ("  - pkgs/main/linux-64::tensorflow==
    # 1.8.0=h7b2774c_0 -> _tflow_select==1.2.0=eigen": its solver joins the specs' path with
    # " -> "): read next to PackagesNotFoundError (checks/conda.py)
    _p("ctx.conda_chain_item", (" -> ",),
       r"^\s{0,8}-\s+(?P<parent>[\w.:/=+-]{1,200}?)\s+->\s+(?:[\w.:/=+*<>!,-]{1,200}\s+->\s+)"
       r"{0,6}(?P<dep>[\w.:/=+*<>!,-]{1,200})\s*$"),
    # an NVIDIA GPU named in the log's prose or an app's banner ("GPU: Nvidia GeForce RTX 3050
    # Laptop GPU"): an NVIDIA host, beside a ROCm build's HIP error (checks/nvidia_tools.py)
    _p("ctx.nvidia_gpu_named", ("nvidia", "geforce"),
       r"(?i:\bnvidia)\s+(?:GeForce|RTX|Quadro|Tesla|TITAN|[AHL]\d{2,4}\b)"
       r"|\bGeForce\s+(?:RTX|GTX|MX)\s?\d{3,4}"),
    # a pickle read (pickle.load / pickle.py / _pickle, joblib, np.load with allow_pickle):
    # the file is binary (checks/text_encoding.py)
    _p("ctx.pickle_read", ("pickle",),
       r"\bpickle\.loads?\(|[/\\]pickle\.py\b|\b_pickle\.|\bcPickle\.load"),
    # NumPy 2's copy=False ("never copy") where a copy is needed (_multiarray_umath's
    # message; checks/numpy_copy_keyword.py)
    _p(
        "numpy.copy_false",
        ("unable to avoid copy while creating",),
        r"Unable to avoid copy while creating (?:an array as requested|a new array)",
    ),
    # protobuf 6.30+ (v30) removed MessageFactory.GetPrototype, CreatePrototype and GetMessages
    # and SymbolDatabase.GetPrototype and CreatePrototype, deprecated since 4.23 (read in the
    # protobuf 5.29.4 and 6.30.0 wheels; checks/protobuf_removed_api.py)
    _p(
        "protobuf.removed_api",
        ("'messagefactory' object has no attribute", "'symboldatabase' object has no attribute"),
        r"'(?P<cls>MessageFactory)' object has no attribute '(?P<api>GetPrototype|CreatePrototype"
        r"|GetMessages)'"
        # (SymbolDatabase keeps GetMessages in 6.30: only its prototype methods went)
        r"|'(?P<cls2>SymbolDatabase)' object has no attribute '(?P<api2>GetPrototype"
        r"|CreatePrototype)'",
    ),
    # a TensorFlow nightly installed or asked for in the log (a nightly's own version
    # "2.12.0.dev20221019", a tf-nightly pin, pip list row or wheel, an install command): a
    # build whose shared-library layout may change from one day to the next
    # (checks/custom_ops.py)
    _p(
        "ctx.tf_nightly",
        ("nightly", ".dev"),
        # (installed or asked for: a nightly's version, a pin, a pip list row or wheel file,
        # an install command; not prose that merely names it)
        r"\b\d\.\d{1,2}\.0[.-]dev20\d{6}\b"
        r"|\btf[-_]nightly(?:[-_](?:cpu|gpu))?(?:==|\s{2,}\d|-\d)"
        r"|\bpip3?\s+install\b[^\n]{0,80}\btf-nightly\b",
    ),
    # CPython's import_from (Python/ceval.c, 3.8+): "cannot import name %R from partially
    # initialized module %R (most likely due to a circular import) (%S)", %S the module's
    # __file__: a module named tensorflow / keras whose file is tensorflow.py / keras.py is
    # no package (the package's __file__ is .../tensorflow/__init__.py): a file of the user's
    # shadows it (checks/python_env_faults.py)
    _p(
        "py.circular_import_file",
        ("partially initialized module", "cannot import name", "consider renaming"),
        r"from partially initialized module '(?P<mod>tensorflow|keras)' \(most likely due to "
        r"a circular import\) \((?P<path>[^\n]{0,300}?[/\\])?(?P=mod)\.py\)"
        # the same function's other forms: not initializing ("cannot import name %R from %R
        # (%S)", 3.7-3.12), and 3.13's "(consider renaming %R if it has the same name as a
        # library you intended to import)" (its AttributeError twin says "since it has")
        r"|cannot import name '\w{1,80}' from '(?P<mod2>tensorflow|keras)' "
        r"\((?:consider renaming ')?(?P<path2>[^\n]{0,300}?[/\\])?(?P=mod2)\.py'?[ )]"
        r"|module '(?P<mod3>tensorflow|keras)' has no attribute '\w{1,80}' \(consider renaming "
        r"'(?P<path3>[^\n]{0,300}?[/\\])?(?P=mod3)\.py'",
    ),
    # A traceback frame in a .py file outside site-packages/dist-packages: the user's own code
    # (a custom layer's __init__ between a model load and Keras's refusal: checks/tf_install.py)
    _p(
        "py.user_frame",
        ('file "', "file ", ".py:"),
        r'^\s*File "(?![^"\n]{0,400}(?:site|dist)-packages)[^"<\n]{1,400}\.py", line \d'
        # IPython/Jupyter's form: "File ~/proj/layers.py:14, in MyLayer.__init__(...)"
        r"|^\s*File (?![^\n]{0,400}(?:site|dist)-packages)[^\s\"<][^\n]{0,400}?\.py:\d{1,6}, in ",
    ),
    # Keras's own HDF5 model loader in a traceback (keras/src/legacy/saving/legacy_h5_format.py
    # load_model_from_hdf5; Keras 2's saving/hdf5_format.py, saving/legacy/hdf5_format.py): an
    # .h5 model is being loaded, whatever variable named its path (checks/tf_install.py)
    _p(
        "keras.h5_loader_frame",
        ("load_model_from_hdf", "_format.py"),
        r"load_model_from_hdf5|\b(?:legacy_h5_format|hdf5_format)\.py",
    ),
    # TensorFlow 0.x-1.x tensorflow/python/__init__.py's message for an import from its source
    # checkout
    _p(
        "py.tf_source_tree",
        ("should not try to import tensorflow from its source directory",),
        r"you should not try to import tensorflow from its source directory",
    ),
    # the traceback frame of tensorflow's own __init__.py beside that message: its folder says
    # whether the installed package (site-packages / dist-packages) or a checkout was imported
    # (checks/python_env_faults.py source_tree_import)
    _p(
        "ctx.tf_init_frame",
        ("tensorflow", "__init__.py"),
        r'^\s{0,8}File "(?P<path>[^"\n]{0,300}?)[/\\]tensorflow[/\\](?:python[/\\])?'
        r'__init__\.py", line \d',
    ),
    # TF 0.x-1.x wraps the real ImportError's traceback in its own ("ImportError: Traceback
    # (most recent call last): ... ImportError: No module named protobuf"): the inner error
    # line, any module or library (checks/python_env_faults.py source_tree_import)
    _p(
        "ctx.inner_import_error",
        ("importerror: ", "modulenotfounderror: "),
        r"^\s{0,8}(?:ImportError|ModuleNotFoundError): (?!Traceback)(?P<msg>\S[^\n]{0,200})",
    ),
    # the program's end on a module Python cannot find: the exception line itself
    # ("ModuleNotFoundError: No module named 'lvis'", Python 2's "ImportError: No module named
    # lvis"), read by checks/missing_modules.py for modules that are none of TensorFlow's own
    _p(
        "py.module_missing",
        ("no module named",),
        r"^\s*(?:\[ERROR\]\s{0,4})?(?:Runtime\.ImportModuleError:\s{0,4})?"
        r"(?:Unable to import module '[\w.]{1,100}':\s{0,4})?"
        r"(?:(?:[\w.]{1,80}\.)?(?:ModuleNotFoundError|ImportError):\s{0,4})?"
        r"No module named\s{1,4}"
        r"(?P<q>['\"]?)(?P<mod>[A-Za-z_]\w{0,80}(?:\.\w{1,80}){0,8})(?P=q)\s*$",
    ),
    # an import statement as a traceback prints it ("    import urllib.request", "from a.b
    # import c"): Python 2's "No module named request" names only the tail
    _p(
        "py.import_code",
        ("import ",),
        r"^\s{0,40}(?:-{1,8}>\s{0,12}\d{0,6}\s{0,12})?(?:from\s{1,4}(?P<from>[\w.]{1,200})"
        r"\s{1,4}import\b|import\s{1,4}(?P<imp>[\w.]{1,200}))",
    ),
    # an import by a name that saved data gives (pickle's find_class, importlib's
    # import_module, __import__; joblib's numpy_pickle): read by checks/missing_modules.py
    _p("py.import_by_name", ("import_module(", "find_class", "__import__(", "pickle.py"),
       r"\bimport_module\(|\bfind_class\b|\b__import__\(|\b(?:numpy_)?pickle\.py\b"),
    # pip's isolated build environment in a traceback's paths or its build step's words
    _p("ctx.pip_build_env", ("pip-build-env-", "getting requirements to build"),
       r"pip-build-env-|Getting requirements to build"),
    # a SageMaker training job's own lines (the training toolkit's, the job's code folder)
    _p("ctx.sagemaker_job", ("sagemaker-training-toolkit", "/opt/ml/code", "executeuserscripterror",
                              "sagemaker_training"),
       r"sagemaker[-_]training|/opt/ml/code\b|ExecuteUserScriptError"),
    # the Object Detection API's generated protocol-buffer modules missing: "cannot import name
    # 'string_int_label_map_pb2'" (from object_detection.protos), "No module named
    # 'object_detection.protos.input_reader_pb2'"
    _p(
        "od.protos_missing",
        ("cannot import name", "object_detection.protos."),
        r"cannot import name ['\"]?(?P<name>\w{1,80}_pb2)\b"
        r"|No module named ['\"]?object_detection\.protos\.(?P<name2>\w{1,80}_pb2)\b",
    ),
    # CPython's optional extension modules missing (built without their library's headers)
    _p(
        "py.stdlib_ext_missing",
        ("no module named",),
        # (Python 2 prints the name unquoted: "No module named _ctypes")
        r"No module named (?P<q>'?)(?P<mod>_bz2|_lzma|_sqlite3|_ctypes|_ssl)(?P=q)(?!\w)",
    ),
    # a frozen application's own Python (PyInstaller's _MEIxxxxxx unpack folder, its pyimod
    # bootstrap modules): what it bundles is the app's choice, not the interpreter's build
    _p(
        "py.frozen_app",
        ("_mei", "pyimod", "pyinstaller"),
        r"[/\\]_MEI\d{2,12}[/\\]|\bpyimod0\d_\w+|\bPyInstaller\b",
    ),
    # a standard-library extension module's import in a traceback's code line ("    import
    # _socket" under "File ...\\lib\\socket.py"): CPython ships these in each install's DLLs
    # folder (PC/layout, PCbuild); read by checks/python_env_faults.py beside py.dll_conflict
    _p(
        "ctx.stdlib_ext_import",
        ("import _", "from _", "import select", "import unicodedata", "import pyexpat",
         "import winsound"),
        r"^\s{0,12}(?:import|from) (?P<mod>_(?:socket|ssl|ctypes|hashlib|sqlite3|lzma|bz2"
        r"|elementtree|decimal|multiprocessing|overlapped|asyncio|queue|uuid|zoneinfo|tkinter"
        r"|msi|wmi)|select|unicodedata|pyexpat|winsound)\b",
    ),
    # CPython's Python/dynload_win.c: a .pyd linked against another pythonXY.dll
    _p(
        "py.dll_conflict",
        ("conflicts with this version of python",),
        r"Module use of (?P<dll>python\d{2,3}(?:_d)?\.dll) conflicts with this version of "
        r"Python",
    ),
    # pybind11's import-time check of the Python a module was compiled for
    # (pybind11/include/pybind11/detail/common.h PYBIND11_CHECK_PYTHON_VERSION: "Python version
    # mismatch: module was compiled for Python %s, but the interpreter version is
    # incompatible: %s." since 2.6; before, "... compiled for version %i.%i, while the
    # interpreter is running version %i.%i."): TensorFlow's, tflite_runtime's and other
    # packages' pybind11 extensions, on every OS
    _p(
        "py.pybind_version",
        ("python version mismatch",),
        r"Python version mismatch: module was compiled for (?:Python |version )"
        r"(?P<built>\d\.\d{1,2})[,.]? (?:but the interpreter version is incompatible: "
        r"|while the interpreter is running version )(?P<run>\d\.\d{1,2})",
    ),
    _p(
        "tools.no_module_tf",
        ("no module named",),
        # (AWS Lambda's runtime: "[ERROR] Runtime.ImportModuleError: Unable to import module
        # '<handler module>': No module named 'tensorflow'", awslambdaric bootstrap.py)
        # (and its JSON response: "errorMessage": "Unable to import module ...", group lambda)
        r"^\s*(?:(?:ModuleNotFoundError|ImportError): |(?:\[ERROR\]\s{0,4})?"
        r"(?:Runtime\.ImportModuleError:\s{0,4})?(?:\"errorMessage\":\s{0,4}\")?"
        r"(?P<lambda>Unable to import module) '[\w.]{1,100}':\s{0,4})"
        r"No module named ['\"]?tensorflow['\"]?\.?(?:\",?)?\s*$",
    ),
    _p(
        "tools.jupyter_ctx",
        ("cell in[", "ipython-input-", "ipykernel_", "jupyter", ".ipynb"),
        r"Cell In\s?\[\d*\]|<ipython-input-\d+|ipykernel_\d+|\bjupyter\b|\.ipynb\b",
    ),
    # a notebook named in prose ("in a Jupyter notebook launched from the same terminal", "works
    # in the terminal but not in JupyterLab", "in IPython"), which tools.jupyter_ctx (the
    # notebook's own traceback lines) does not read; "notebook" alone is also a laptop, so it
    # counts only as "notebook cell/kernel"; read by checks/python_import.py
    # the user's words that the machine has no NVIDIA GPU or CUDA, or that they want to run on
    # the CPU ("I have not installed cuda and i don't want to do that", "How can i run this
    # code on CPU", pytorch/pytorch#28111); read by checks/companion_cpu_build.py
    _p(
        "ctx.wants_cpu",
        ("on cpu", "on the cpu", "on my cpu", "installed cuda", "install cuda", "have cuda",
         "have a gpu", "have an nvidia", "have gpu", "have nvidia", "no gpu", "no nvidia",
         "without gpu", "without a gpu", "without cuda", "without an nvidia", "cpu only",
         "cpu-only"),
        r"(?i)\b(?:run|use|train|execute|work)\w{0,3}\b[^.\n?]{0,40}?\bon (?:the |my |a )?CPU\b"
        r"|\b(?:have not|haven't|did not|didn't|do not|don't|dont)\s(?:installed? |have )"
        r"(?:an? |any )?(?:cuda|nvidia|gpu)\b"
        r"|\b(?:no|without) (?:an? |any )?(?:nvidia )?(?:gpu|cuda)\b"
        r"|\bcpu[- ]only (?:machine|laptop|computer|server|pc)\b",
    ),
    # the user's own libtensorflow put into tfjs-node's deps folder, or built from a
    # TensorFlow branch ("build the tensorflow-r2.2 version ... put it on
    # .../node_modules/@tensorflow/tfjs-node/deps and tar -xf", tensorflow/tfjs#3287); read by
    # checks/tfjs_addon_lib.py; context only
    _p(
        "ctx.tfjs_own_libtensorflow",
        ("tfjs-node/deps", "tfjs-node-gpu/deps", "tensorflow-r", "libtensorflow-"),
        r"\b(?:put|placed?|copied|copy|moved?|extract\w{0,3}|replaced?|unpack\w{0,3}|tar -x\w{0,3})"
        r"\b[^\n]{0,100}?tfjs-node(?:-gpu)?/deps\b"
        r"|\b(?:built?|build|compiled?)\b[^\n]{0,40}?\b(?:lib)?tensorflow-r?(?P<v>\d{1,2}\.\d{1,2})\b",
    ),
    # a Python file run from Bazel's runfiles tree (a genrule or test of a source build:
    # "...\Temp\Bazel.runfiles_9jiiji0f\runfiles\org_tensorflow\tensorflow\python\platform\
    # self_check.py", tensorflow/tensorflow#28223); read by checks/tf1_era_imports.py; context
    # ctypes' OSError for a Windows DLL load ("OSError: [WinError 126] The specified module
    # could not be found", in any UI language); the self check's frame above it is read by
    # checks/tf1_era_imports.py, which quotes this line as the same failure; context only
    _p(
        "ctx.winerror_oserror",
        ("oserror: [winerror",),
        r"^\s{0,8}OSError: \[WinError (?P<code>\d{1,5})\]",
    ),
    _p(
        "ctx.bazel_runfiles",
        ("bazel.runfiles_", "runfiles\\org_tensorflow", "runfiles/org_tensorflow"),
        r"Bazel\.runfiles_\w{1,20}[\\/]runfiles\b|[\\/]runfiles[\\/]org_tensorflow[\\/]",
    ),
    _p(
        "ctx.notebook_prose",
        ("jupyter", "ipython", "notebook cell", "notebook kernel"),
        r"\b(?:[Jj]upyter(?:[Ll]ab)?|JUPYTER|IPython|ipython)\b|\bnotebook (?:cell|kernel)s?\b",
    ),
    # TensorFlow inside a model server's binary: TF Serving's and other bazel builds that embed
    # TensorFlow as the external workspace org_tensorflow, the server binaries' names
    _p(
        "ctx.model_server",
        ("external/org_tensorflow/", "tensorflow_model_server", "tritonserver",
         "tensorflow_serving/", "model_lifecycle.cc", "loading servable"),
        r"\bexternal/org_tensorflow/|\btensorflow_model_server\b|\btritonserver\b"
        r"|\btensorflow_serving/|\bmodel_lifecycle\.cc|\bLoading servable: \{",
    ),
    # a managed serving runtime that loads the model with its own TensorFlow: Google Cloud ML
    # Engine / AI Platform's `gcloud ml-engine|ai-platform versions create --runtime-version
    # 1.8` (its runtime version list names the TensorFlow each runtime carries), a yaml's
    # runtimeVersion, "on TF 1.8 runtime" in prose (tensorflow/models#4928, #5056); read by
    # checks/_op_server.py
    _p(
        "ctx.managed_runtime",
        ("runtime-version", "runtimeversion", "tf . runtime", "tensorflow . runtime", "ml-engine",
         "ai-platform", "create version failed"),
        r"--runtime-version[ =](?P<rv>\d{1,2}\.\d{1,2})"
        r"|\bruntimeVersion['\"]?:?\s{0,3}['\"]?(?P<rv2>\d{1,2}\.\d{1,2})"
        r"|\b(?:TF|TensorFlow) (?P<rv3>\d{1,2}\.\d{1,2}) runtime\b"
        r"|\bgcloud (?:beta )?(?:ml-engine|ai-platform) (?:versions|models)\b"
        r"|\bCreate Version failed\b",
    ),
    # .numpy() on a graph tensor (ops.py: only _EagerTensorBase has numpy(); the graph tensor
    # is 'Tensor', 'SymbolicTensor' in newer releases). Read by checks/symbolic_tensor.py
    _p(
        "tf.symbolic_numpy",
        ("object has no attribute 'numpy'",),
        r"'(?:Symbolic)?Tensor' object has no attribute 'numpy'",
    ),
    # tf.data's shuffle buffer filling (shuffle_dataset_op.cc: "Filling up shuffle buffer (this
    # may take a while): N of M" while it fills, "Shuffle buffer filled." when done; the
    # strings are in the TF 2.21 wheel's libtensorflow_framework). Read by checks/host_killed.py
    _p(
        "tfdata.shuffle_filling",
        ("filling up shuffle buffer", "shuffle buffer filled"),
        r"Filling up shuffle buffer \(this may take a while\): (?P<n>\d{1,12}) of "
        r"(?P<size>\d{1,12})"
        r"|(?P<done>Shuffle buffer filled)\.",
    ),
    # a TF 1.x graph given a tensor of another graph (ops.py _as_graph_element_locked "Tensor
    # %s is not an element of this graph.", _get_graph_from_inputs "%s must be from the same
    # graph as %s"); a web server's or a thread's frame in the traceback. Read by
    # checks/tf1_graph_elements.py
    _p(
        "tf.other_graph",
        ("is not an element of this graph", "must be from the same graph as"),
        # (TensorFlow's own raise line a traceback echoes, "Tensor %s is not an element", is
        # a source template: the engine drops a match whose group holds the placeholder)
        r"\b(?:Tensor|Operation) (?P<what>.{1,400}?) is not an element of this graph"
        # the same with the class word once ('Error Tensor("x:0", shape=...) is not an ...')
        r"|\bTensor\(\"[^\"\n]{1,200}\"[^\n]{0,300}? is not an element of this graph"
        r"|\bmust be from the same graph as\b(?P<func>.{0,400}?\bFuncGraph\()?",
    ),
    _p(
        "ctx.server_thread_frame",
        ("flask", "werkzeug", "django", "socketserver", "tornado", "gunicorn", "uvicorn",
         "starlette", "threading.py"),
        r"[/\\](?:flask|werkzeug|django|tornado|gunicorn|uvicorn|starlette)[/\\]"
        r"|[/\\](?:socketserver|threading)\.py\b",
    ),
    # TensorFlow 1 graph code under eager execution (TF 2.21 wheel: ops/array_ops.py
    # placeholder, summary/writer/writer.py FileWriter, ops/summary_ops_v2 / summary.py merge,
    # ops/numerics.py add_check_numerics_ops; client/session.py "The Session graph is empty.
    # Add operations to the graph before calling run()."); read by checks/python_import.py
    _p(
        "tools.tf1_eager_on",
        ("is not compatible with eager execution", "the session graph is empty",
         "tf.gradients is not supported when eager"),
        r"(?P<what>tf\.placeholder\(\)|v1\.summary\.FileWriter|Merging tf\.summary\.\* ops"
        r"|add_check_numerics_ops\(\)) is not compatible with eager execution"
        # ops/gradients_util.py _GradientsHelper (TF 2.x)
        r"|(?P<what2>tf\.gradients) is not supported when eager execution is enabled"
        r"|(?P<empty>The Session graph is empty)\.\s{1,2}Add operations to the graph",
    ),
    _p(
        "tools.tf1_api",
        ("has no attribute", "no module named 'tensorflow.contrib", "tensorflow.contrib",
         "cannot import name"),
        r"module 'tensorflow(?:\._api\.v2(?:\.(?P<sub>train|nn|layers|summary|compat\.v2))?)?' "
        r"has no attribute '(?P<attr>contrib|Session|InteractiveSession|placeholder|ConfigProto"
        r"|GPUOptions|get_default_graph|reset_default_graph|global_variables_initializer|set_random_seed"
        r"|variable_scope|get_variable|random_normal|truncated_normal|log|to_float|logging|gfile"
        r"|AdamOptimizer|GradientDescentOptimizer|Saver|FileWriter|merge_all|Summary|GraphDef)'"
        r"|No module named ['\"](?P<contrib>tensorflow\.contrib)(?:\.[\w.]{1,80})?['\"]"
        # TensorFlow 2's TF 1 API module has no contrib either (tf.compat.v1 keeps the TF 1
        # names of the core API only: the 2.21 wheel's tensorflow/_api/v2/compat/v1)
        r"|module 'tensorflow(?:_core)?(?:\._api\.v2)?\.compat\.v1' has no attribute "
        r"'(?P<contrib_v1>contrib)'"
        # Python 3.7+'s ImportError of `from tensorflow import <name>` names the module
        # (CPython Python/ceval.c import_from: "cannot import name %R from %R (%S)")
        # (top-level TF1 names only: Saver and the optimizers were tf.train's, never importable
        # from tensorflow; "(unknown location)" or a path other than the package's own
        # __init__.py is a broken or shadowed install, not the API)
        r"|cannot import name '(?P<imported>Session|InteractiveSession|placeholder|ConfigProto"
        r"|GPUOptions|GraphDef|get_default_graph|reset_default_graph|set_random_seed"
        r"|variable_scope|get_variable)' "
        r"from 'tensorflow'(?=\s*$| \([^)\n]{0,400}[/\\]tensorflow[/\\]__init__\.py\))",
    ),
    # Python 3.6's wording of that ImportError names no module ("cannot import name %R"):
    # read with the `from tensorflow import <name>` code line the traceback prints above it
    # (ctx.tf1_import_code)
    _p(
        "tools.tf1_import_bare",
        ("cannot import name",),
        r"^\s*(?:ImportError: )?cannot import name '(?P<attr>Session|InteractiveSession"
        r"|placeholder|ConfigProto|GPUOptions|GraphDef|get_default_graph|reset_default_graph"
        r"|set_random_seed|variable_scope|get_variable)'\s*$",
    ),
    _p(
        "ctx.tf1_import_code",
        ("from tensorflow import",),
        r"^\s{0,16}from tensorflow import (?:[\w ,]{0,200}?\b)?(?P<attr>Session"
        r"|InteractiveSession|placeholder|ConfigProto|GPUOptions|GraphDef|get_default_graph"
        r"|reset_default_graph|set_random_seed|variable_scope|get_variable)\b",
    ),
    # Python 2.7's wording of the same AttributeError names no module: PyObject_GenericGetAttr
    # (CPython 2.7 Objects/object.c) prints "'%.50s' object has no attribute '%.400s'" with the
    # type name, 'module'. Only names TensorFlow 1.x has throughout (not tf.contrib, nor
    # 0.12's new tf.global_variables_initializer and tf.summary.*, whose absence on a
    # Python 2 of that era is a TensorFlow 0.11 or older: the 2.21 wheel's deprecation notices
    # of initialize_all_variables (ops/variables.py) and merge_all_summaries & co.
    # (ops/logging_ops.py) name them as the replacements). tf.app (run, flags) is there from
    # the first releases (tensorflow/tensorflow's 0.x tensorflow/models/image/mnist/
    # convolutional.py calls tf.app.run and tf.app.flags; its g3doc word2vec_basic.py of the
    # tf.initialize_all_variables era, tf.random_uniform). Read with the traceback's code
    # line below (ctx.tf1_api_code): the module is TensorFlow only when that line says so.
    _p(
        "tools.tf1_api_py2",
        ("'module' object has no attribute",),
        r"^\s*(?:AttributeError: )?'module' object has no attribute '(?P<attr>Session|app"
        r"|InteractiveSession|placeholder|ConfigProto|GPUOptions|get_default_graph"
        r"|reset_default_graph|set_random_seed|variable_scope|get_variable|random_normal"
        r"|random_uniform|truncated_normal|log|to_float|logging|gfile|AdamOptimizer"
        r"|GradientDescentOptimizer|Saver)'\s*$",
    ),
    # CPython's ImportError of `from <pkg>[.sub] import <name>` when <pkg>[.sub] has no file
    # (Python/ceval.c import_from: "cannot import name %R from %R (unknown location)"): a
    # folder without __init__.py imported as a namespace package. checks/python_env_faults.py
    _p(
        "py.unknown_location",
        ("(unknown location)",),
        r"cannot import name '(?P<name>\w{1,80})' from '(?P<mod>[A-Za-z_][\w.]{0,120})' "
        r"\(unknown location\)",
    ),
    # Python 2.7's wording for tf.contrib (left out above: on Python 2 its absence is a
    # TensorFlow older than 0.7 or a 2.0/2.1, platform fact tf-contrib-span), anywhere in a
    # line (a reporter quoting it in prose); read with ctx.tf_contrib_near by
    # checks/python_import.py tf_contrib_py2
    _p(
        "tools.contrib_py2",
        ("'module' object has no attribute 'contrib'",),
        r"'module' object has no attribute 'contrib'",
    ),
    # Python 2.7's AttributeError of any module (the type name 'module', no module named):
    # context only, read with the traceback code line above it that spells tf.<path>.<name>
    # (ctx.tf_dotted_code; checks/tf_py2_names.py)
    _p(
        "ctx.py2_module_no_attr",
        ("'module' object has no attribute",),
        r"^\s*(?:AttributeError: )?'module' object has no attribute '(?P<attr>\w{1,80})'\s*$",
    ),
    _p(
        "ctx.tf_dotted_code",
        ("tf.", "tensorflow."),
        r"(?<![\w.])(?:tf|tensorflow)\.[A-Za-z_]\w{0,80}",
    ),
    # What makes that module TensorFlow: the code line spelling tf.contrib, or a frame of a
    # library built on TensorFlow 1 (tflearn, TensorLayer) in any path form
    _p(
        "ctx.tf_contrib_near",
        ("tf.contrib", "tensorflow.contrib", "tflearn", "tensorlayer"),
        r"(?<![\w.])(?:tf|tensorflow)\.contrib\b"
        r"|[/\\](?:tflearn|tensorlayer)[/\\][\w/\\.-]{0,200}\.py\b",
    ),
    # The code line a Python traceback prints above its exception (after the frame's
    # "File ..., line N, in ..." line): a call of one of those TensorFlow 1 names through
    # the usual aliases (tf.X, tensorflow.X, tf.train.X).
    _p(
        "ctx.tf1_api_code",
        tuple(f"{m}.{n}" for m in ("tf", "tensorflow")
              for n in ("session", "app.", "interactivesession", "placeholder", "configproto",
                        "gpuoptions", "get_default_graph", "reset_default_graph",
                        "set_random_seed", "variable_scope", "get_variable", "random_normal",
                        "random_uniform", "truncated_normal", "log", "to_float", "logging",
                        "gfile", "train.")),
        r"^\s{0,16}(?!#)[^\n]{0,200}?(?<![\w.])(?:tf|tensorflow)\.(?:(?P<sub>train)\.)?"
        r"(?P<attr>Session|app(?=\.)|InteractiveSession|placeholder|ConfigProto|GPUOptions"
        r"|get_default_graph|reset_default_graph|set_random_seed|variable_scope|get_variable"
        r"|random_normal|random_uniform|truncated_normal|log|to_float|logging|gfile|AdamOptimizer"
        r"|GradientDescentOptimizer|Saver)\b",
    ),
    # The machine's CPU family, as users paste it (uname -m, platform.platform(), board
    # names): an Apple M-series chip, or an ARM Linux board (Raspberry Pi, NVIDIA Jetson).
    # The chip as sysctl's machdep.cpu.brand_string prints it ("Apple M2"), or next to a
    # Mac's model name: Apple's own names ("MacBook Pro (14-inch, M3, Nov 2023)", "Mac mini
    # (M2 Pro, 2023)"; Apple Support, "Identify your MacBook Pro model" and its siblings)
    # and the way users write them ("MacBook Pro M1 Pro", "M2 MacBook Air", "M1 Mac").
    _p(
        "tools.apple_chip",
        ("apple m", "macos-", "macbook", "imac", "mac mini", "macmini", "mac studio",
         "mac pro", "m mac", "m pro mac", "m max mac", "m ultra mac"),
        r"(?:\bApple |\b(?:MacBook(?: Pro| Air)?|Mac ?mini|iMac|Mac Studio|Mac Pro)"
        r"(?: \(| |, )(?:\d\d-inch,? )?|\b(?=M[1-9](?: (?:Pro|Max|Ultra))? (?:MacBook|iMac|Mac)\b))"
        r"M(?P<gen>[1-9])(?: (?P<tier>Pro|Max|Ultra))?\b"
        r"|\bmacOS-\d+(?:\.\d+){0,2}-(?P<machine>arm64|x86_64)\b",
    ),
    # tf.test.gpu_device_name() is '' without a GPU; the GPU guide-era snippet prints
    # "Default GPU Device: {}" or "Please install GPU version of TF" (GPU-intent evidence).
    _p(
        "tools.gpu_name_empty",
        ("default gpu device", "please install gpu version of tf"),
        r"^\s*Default GPU Device:\s*$|Please install GPU version of TF",
    ),
    _p(
        "tools.arm_board",
        ("aarch", "armv", "raspberry", "jetson", "tegra"),
        r"\b(?P<arch>aarch64|armv[678]l)\b|\b(?P<board>Raspberry Pi|Jetson|tegra)\b",
    ),
    # gpu_device.cc "Found device N with properties:" block of TF 2.0-2.5 ("coreClock: 1.545GHz
    # coreCount: 68 deviceMemorySize: 10.76GiB deviceMemoryBandwidth: 573.69GiB/s"): the GPU's
    # total memory, read by checks/memory_held.py against the pool TensorFlow created
    _p(
        "mem.device_size",
        ("devicememorysize:",),
        r"deviceMemorySize: (?P<size>\d{1,6}(?:\.\d{1,3})?[KMGT]iB)",
    ),
    # --- nvidia-smi GPU table: the memory column of a GPU's second row, "used / total" in MiB
    # ("| N/A   46C    P0    54W / 149W |  11439MiB / 11439MiB |      0%      Default |"; the
    # wider layout of driver 530+ pads the power column: "| 30%   45C    P8   25W / 350W |")
    _p(
        "smi.memory_use",
        ("mib /",),
        r"^\|\s{0,6}(?:\d{1,3}%|N/A|ERR!)\s{1,12}\S{1,6}\s{1,12}(?:P\d{1,2}|N/A|ERR!)"
        r"[^|]{0,60}\|\s{0,12}(?P<used>\d{1,7})MiB\s{0,4}/\s{0,4}(?P<total>\d{1,7})MiB\s{0,12}\|",
    ),
    # nvidia-smi's GPU row with its Disp.A column "On" ("|   0  NVIDIA GeForce ...  On   |
    # 00000000:01:00.0  On |"): a display is attached to this GPU (the desktop's own memory,
    # and under WSL 2 Windows' desktop). Read by checks/smi_unlisted_holder.py. Context only
    _p(
        "ctx.smi_display_on",
        ("on |",),
        r"^\|[^|\n]{1,80}\|\s{0,6}[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d\s{1,12}On"
        r"\s{0,6}\|",
    ),
    # --- nvidia-smi process table ---
    # A compute process row of nvidia-smi's "Processes:" table (GPU, [GI CI,] PID, type C or
    # C+G, name, memory): "|    0   N/A  N/A     12345      C   python     3000MiB |" (with
    # GI/CI columns, driver 450+) or "|    0      12345      C   python     3000MiB |"; the
    # process name and its memory (MiB) when the row has both.
    _p(
        "smi.process",
        ("mib |", "mib|"),
        r"^\|\s+\d+\s+(?:N/A\s+N/A\s+|\d+\s+\d+\s+(?=\d+\s+C))?(?P<pid>\d+)\s+C(?:\+G)?\s"
        # the gap before the memory is bounded: linear on a line of many spaces
        r"(?:\s*(?P<name>\S[^|]{0,200}?)\s{1,120}(?P<mib>\d{1,7})(?=MiB\s*\|\s*$))?[^|]*MiB"
        r"\s*\|\s*$",
        "pid",
    ),
    # nvidia-smi's process table itself (nvidia-smi's default output): its "| Processes: ..."
    # header, any process row (graphics "G" rows too: "|    0   N/A  N/A      1234    G
    # /usr/lib/xorg/Xorg    45MiB |", driver 450+; older "|    0      1234    G   ...   45MiB
    # |"), and the "No running processes found" line it prints for none. Context only (ctx.):
    # read by checks/smi_unlisted_holder.py, which tells an empty process list apart
    _p(
        "ctx.smi_processes",
        ("processes:", "no running processes found", "mib |", "mib|"),
        r"^\|\s{0,4}(?P<header>Processes:)"
        r"|(?P<none>No running processes found)"
        r"|^\|\s+\d{1,3}\s+(?:N/A\s+N/A\s+|\d+\s+\d+\s+(?=\d+\s+(?:C|G|C\+G)\s))?"
        r"(?P<pid>\d{1,9})\s+(?:C|G|C\+G)\s[^|]{0,300}?(?:\d{1,7}MiB|N/A)\s*\|\s*$",
    ),
    # --- the layer around TensorFlow: container toolkit, kernel module, Kubernetes, DirectML ---
    # Messages of the layer around TensorFlow that the census of real GPU reports found
    # unknown (messages_tools.toml rows of that block give each source).
    # libnvidia-container's nvidia-container-cli: src/cli/configure.c prints
    # "<stage> error: %s" with nvc_error(); nvc_init's errors (driver.c/rpc.c/utils.c):
    # "nvml error: <nvmlErrorString>", "load library failed: <dlerror>", "change root failed:
    # <strerror>", before 1.1.0 "cuda error: <cuGetErrorString>"; nvc_mount.c's mount errors.
    # The forms other blocks read (driver error, nvml driver not loaded, libnvidia-ml.so.1
    # missing) are skipped by the check.
    # configure.c's "detection error: %s" (nvc_driver_info_new/nvc_device_info_new: the NVML
    # queries of the driver and GPUs, src/driver.c call_nvml: a function the host driver's
    # libnvidia-ml lacks gives NVML_ERROR_FUNCTION_NOT_FOUND, "function not found") is read too
    _p(
        "eco.nvc_error",
        ("initialization error:", "mount error:", "cuda error", "detection error:"),
        r"nvidia-container-cli(?:\.real)?: (?P<stage>initialization|mount|detection) error: "
        r"(?P<detail>(?P<kind>cuda error|nvml error|change root failed|load library failed"
        r"|file creation failed|stat failed|cannot open shared object file)"
        r"[^\\\"\n]{0,300})"
        r"|nvidia-container-cli[^\n]{0,40}?(?P<cuda2>cuda error)\W{1,3}initialization error",
    ),
    # configure.c "device error: %s" from src/cli/common.c select_devices ("%s: %s", dev,
    # "unknown device"): an entry of the container's GPU list (--gpus device=..., the
    # NVIDIA_VISIBLE_DEVICES value) that names none of the host's GPUs
    # and nvidia-docker 1.0's own check (src/nvidia/devices.go FilterDevices at v1.0.1: an
    # NV_GPU entry that is neither an index below the GPU count nor a UUID prefix gives
    # "invalid device: %s", logged by src/nvidia-docker/main.go as "nvidia-docker | <time>
    # Error: invalid device: 1"): group dev1
    _p(
        "eco.nvc_unknown_device",
        ("unknown device", "error: invalid device: "),
        r"(?:nvidia-container-cli(?:\.real)?: )?device error: (?P<dev>[^\s\\\"]{1,200}?): "
        r"unknown device"
        r"|nvidia-docker\S{0,40} \| [\d/: ]{0,24}Error: invalid device: (?P<dev1>[^\s\\\"]{1,80})",
    ),
    # crun (podman's OCI runtime) src/libcrun/container.c: "error executing hook `%s` (exit
    # code: %d)" for an OCI hook that failed; only the NVIDIA Container Toolkit's hooks
    # (podman's oci-nvidia-hook.json: /usr/bin/nvidia-container-toolkit, or
    # nvidia-container-runtime-hook)
    _p(
        "eco.crun_nvidia_hook",
        ("error executing hook",),
        r"error executing hook `(?P<hook>[^`\n]{0,200}nvidia[^`\n]{0,100})` "
        r"\(exit code: (?P<code>-?\d{1,5})\)",
    ),
    # container-device-interface pkg/cdi cache.go InjectDevices (v0.5 to v1.1): "unresolvable
    # CDI devices %s" (the names joined by ", "), wrapped by podman ("Error: setting up CDI
    # devices: ..."), Docker ("CDI device injection failed: ...") or containerd / CRI-O
    _p(
        "eco.cdi_unresolvable",
        ("unresolvable cdi devices",),
        r"unresolvable CDI devices (?P<devs>[\w./=:@-]{1,120}(?:, [\w./=:@-]{1,120}){0,15})",
    ),
    # container-device-interface pkg/cdi/spec.go ReadSpec "failed to parse CDI Spec %q: %w"
    # (ParseSpec's "failed to unmarshal CDI Spec: ..." for a field it does not know, or
    # specs-go/version.go's "invalid version ..."), collected by cache.go as "failed to load CDI
    # Spec <err>" and printed by podman at debug level: the spec was skipped
    _p(
        "eco.cdi_spec_unreadable",
        ("failed to parse cdi spec",),
        r"failed to parse CDI Spec \\?\"(?P<path>[^\"\\\n]{1,200})\\?\""
        r"(?::\s{0,4}(?P<err>[^\r\n]{1,300}))?",
    ),
    # the same driver-RPC failure, pasted without the "nvidia-container-cli:" prefix (a wrapped
    # docker error); read by checks/containers.py like the prefixed form
    _p(
        "docker.nvc_driver_error",
        ("initialization error: driver error",),
        r"^\W{0,4}initialization error: driver error: "
        r"(?P<detail>failed to process request|failed to perform handshake)",
    ),
    # Docker before 17.12 / nvidia-docker2's first releases (moby daemon): "Unknown runtime
    # specified nvidia" -- today's "unknown or invalid runtime name: nvidia"
    _p("docker.no_runtime", ("unknown runtime specified",), r"Unknown runtime specified nvidia"),
    # Docker set up for the NVIDIA runtime (daemon.json "runtimes"/"default-runtime": nvidia,
    # or its prestart hook) whose program is not on the host: containerd's shim / runc exec it
    # and Go reports 'exec: "nvidia-container-runtime": executable file not found in $PATH' or
    # 'fork/exec /usr/bin/nvidia-container-runtime: no such file or directory'; the
    # nvidia-container-toolkit(-base) packages install both programs (packaging/debian/*.install)
    _p(
        "docker.nvidia_program_missing",
        ("executable file not found in $path", "fork/exec"),
        r'exec: \\?"(?:[\w./-]{0,200}/)?(?P<prog>nvidia-container-runtime(?:-hook)?'
        r'|nvidia-container-toolkit)\\?": executable file not found in \$PATH'
        r"|fork/exec (?:[\w./-]{0,200}/)?(?P<prog2>nvidia-container-runtime(?:-hook)?"
        r"|nvidia-container-toolkit): no such file or directory",
    ),

    # the shell finding no nvidia-docker command (bash/sudo "nvidia-docker: command not found",
    # dash "sh: 1: nvidia-docker: not found", zsh "command not found: nvidia-docker", cmd.exe
    # "'nvidia-docker' is not recognized"): the nvidia-docker wrapper (package nvidia-docker2)
    # is not installed; NVIDIA/nvidia-container-toolkit CHANGELOG v1.15.0 "Remove
    # `nvidia-container-runtime` and `nvidia-docker2` packages"
    _p(
        "docker.nvidia_docker_missing",
        ("nvidia-docker: command not found", "nvidia-docker: not found",
         "command not found: nvidia-docker", "'nvidia-docker' is not recognized"),
        r"(?<![\w-])nvidia-docker: (?:command )?not found|command not found: nvidia-docker\b"
        r"|'nvidia-docker' is not recognized",
    ),
    # open-gpu-kernel-modules src/nvidia/arch/nvalloc/unix/src/osapi.c: "NVRM: The NVIDIA GPU
    # %04x:%02x:%02x.%x\nNVRM: (PCI ID: %04x:%04x) installed in this system has\nNVRM: fallen
    # off the bus and is not responding to commands." (register reads return 0xFFFFFFFF), and
    # the Xid 79 event line "NVRM: Xid (PCI:%04x:%02x:%02x): 79, ..., GPU has fallen off the bus."
    _p(
        "eco.gpu_off_bus",
        ("fallen off", "falls off the bus", "fall off the bus", "xid"),
        r"(?i:(?:has |have )?fallen off (?:of )?the bus|falls? off the bus)"
        r"|NVRM: Xid \((?:PCI:)?(?P<pci>[0-9A-Fa-f:.]{4,20})\): 79\b",
    ),
    # Xid 48, an uncorrectable double-bit ECC error in the GPU's memory: NVIDIA's
    # dynamic-page-retirement guide ("XID 48: A DBE has occurred"; "An uncorrectable double
    # bit error (DBE) has been detected on GPU"), in the driver's "NVRM: Xid (PCI:...): 48,
    # ..." event line.
    _p(
        "eco.xid_dbe",
        ("xid",),
        r"NVRM: Xid \((?:PCI:)?(?P<pci>[0-9A-Fa-f:.]{4,20})\): 48\b",
    ),
    # osinit.c RmInitAdapter / nv.c: the module loaded but the GPU did not initialise
    _p(
        "eco.rm_init_failed",
        ("rminitadapter failed", "rm_init_adapter failed",
         "none of the nvidia devices were initialized", "the nvidia probe routine failed"),
        r"NVRM: (?:GPU (?P<pci>[0-9A-Fa-f:.]{4,20}): )?RmInitAdapter failed!? ?"
        r"(?P<code>\([0-9a-fx:]{1,40}\))?"
        r"|rm_init_adapter failed(?:, device minor number (?P<minor>\d{1,3}))?"
        r"|NVRM: None of the NVIDIA devices were initialized"
        r"|NVRM: The NVIDIA probe routine failed for \d{1,3} device\(s\)",
    ),
    # nvidia-installer (kernel.c): the module it built would not load; ui_error prints
    # "ERROR: " before it, and its ncurses dialog (or a pasted summary) shows it without
    # (NVIDIA/nvidia-installer@00aaa9f9 kernel.c; NVIDIA/nvidia-docker#481)
    _p(
        "eco.installer_load",
        ("unable to load the kernel module",),
        r"(?:ERROR: |^\W{0,4})Unable to load the kernel module '(?P<mod>nvidia[\w-]{0,20}\.ko)'",
    ),
    # kube-scheduler (framework/types.go "0/%v nodes are available: %v.", noderesources/fit.go
    # "Insufficient %v"): no node has the nvidia.com/gpu a pod requests
    _p(
        "eco.k8s_insufficient_gpu",
        ("insufficient nvidia.com/gpu",),
        r"(?:(?P<avail>\d{1,5})/(?P<total>\d{1,5}) nodes are available:[^\n]{0,300}?)?"
        r"(?P<n>\d{1,5}) [Ii]nsufficient nvidia\.com/gpu",
    ),
    # NVIDIA k8s-device-plugin, every release from 1.0.0-beta to v0.20 (main.go, later
    # internal/plugin/manager/factory.go, internal/rm/rm.go, internal/plugin/factory.go): when
    # NVML does not initialise in its pod it logs "Failed to initialize NVML: <err>." then its
    # hint "If this is a GPU node, did you set the docker default runtime to `nvidia`?"; when
    # it finds no NVML library at all (v0.14-v0.15) "Detected non-NVML platform: <reason>",
    # "Incompatible platform detected" and "If this is a GPU node, did you configure the NVIDIA
    # Container Toolkit?"; with no device registered, "No devices found. Waiting indefinitely."
    # The backticks around nvidia are often retyped as quotes in a pasted log (a Markdown code
    # span cannot hold them), so any of ` ' " is taken there.
    _p(
        "k8s.plugin_hint",
        ("if this is a gpu node, did you",),
        r"If this is a GPU node, did you (?P<what>set the docker default runtime to "
        r"[`'\"]?nvidia[`'\"]?"
        r"|configure the NVIDIA Container Toolkit)\?",
    ),
    _p(
        "k8s.plugin_nvml",
        ("failed to initialize nvml:", "detected non-nvml platform:"),
        r"(?:Failed to initialize NVML|Detected non-NVML platform): "
        r"(?P<err>[^\r\n]{1,200}?)\.?\s*$",
    ),
    _p("k8s.plugin_no_devices", ("no devices found. waiting indefinitely",),
       r"No devices found\. Waiting indefinitely"),
    # DirectML (microsoft/tensorflow-directml dml_device_factory.cc / dml_device_cache.cc,
    # tensorflow-directml-plugin): the adapter count, a removed device, a plugin that does
    # not load into this TensorFlow
    _p(
        "eco.dml_adapters",
        ("directml device enumeration",),
        r"DirectML device enumeration: found (?P<n>\d{1,3}) compatible adapters?",
    ),
    _p(
        "eco.dml_removed",
        ("dxgi_error_device_removed", "dxgi_error_device_hung", "dxgi_error_device_reset"),
        r"DXGI_ERROR_DEVICE_(?P<what>REMOVED|HUNG|RESET)",
    ),
    # ... and the fatal line the plugin prints right after that error (tfdml/core/
    # dml_error_handling.cc HandleFailedHr: "HRESULT failed with 0x<hr>: <expression>"), which
    # pastes often keep alone: the HRESULT is the DXGI code (winerror.h: 0x887A0005
    # DXGI_ERROR_DEVICE_REMOVED, 0x887A0006 _HUNG, 0x887A0007 _RESET), group hr
    _p(
        "eco.dml_removed",
        ("hresult failed with",),
        r"HRESULT failed with 0x(?P<hr>887[aA]000[567])\b",
    ),
    # tensorflow-directml (the TF 1.15 fork, tensorflow/core/common_runtime/dml/
    # dml_command_recorder.cc CloseAndExecute: "Fail early if something horrifying happens",
    # DML_CHECK_SUCCEEDED(dml_device_->GetDeviceRemovedReason()) and the same for d3d_device_),
    # whose CHECK prints "Check failed: (((HRESULT)((dml_device_->GetDeviceRemovedReason())))
    # >= 0) == true (0 vs. 1)": the device was removed, the reason not printed
    _p(
        "eco.dml_removed_check",
        ("getdeviceremovedreason",),
        r"Check failed: [^\n]{0,40}?\b(?P<device>\w{1,40})->GetDeviceRemovedReason\(\)",
    ),
    _p(
        "eco.dml_plugin_missing",
        ("tfdml_plugin.dll not found", "libtfdml_plugin.so"),
        r"(?P<lib>(?:lib)?tfdml_plugin\.(?:dll|so))(?: not found|: cannot open shared object file)",
    ),
    # tensorflow-directml (TF 1.15 fork) registers its devices as "DML", not "GPU"
    _p(
        "eco.dml_device",
        ("device:dml", "physical_device:dml"),
        r"/(?:physical_)?device:DML:\d",
    ),
    # libsolv (mamba/micromamba, conda-libmamba-solver): "nothing provides requested %s"
    _p(
        "eco.solver_nothing_requested",
        ("nothing provides requested",),
        r"nothing provides requested (?P<spec>[\w.+-]{1,80}(?:[ =<>!~*]{1,3}[\w.*]{1,40}){0,2})",
    ),
    # Docker context: a docker run line (with or without GPU access) and the GPU model a
    # report names when it has no NVIDIA GPU (Intel/AMD integrated graphics)
    _p(
        "eco.docker_run",
        ("docker run", "docker\" \"run", "nvidia-docker run", "docker-compose up",
         "docker compose up"),
        r"(?P<cmd>nvidia-docker run|docker\"? \"?run|docker-compose up|docker compose up)"
        r"(?P<args>[^\n]{0,600})",
    ),
    _p(
        "eco.non_nvidia_graphics",
        ("mesa intel", "intel(r) uhd", "intel(r) iris", "intel(r) hd graphics", "xe graphics",
         "radeon(tm) graphics", "amd radeon", "intel (r) "),
        # (a report's prose spaces the mark: "the GPU is Intel (R) UHD Graphics 620",
        # tensorflow/tensorflow#27830)
        r"(?<!with )(?P<gpu>Mesa Intel[^\n]{0,60}|Intel ?\(R\) (?:UHD|Iris|HD) Graphics[^\n]{0,30}"
        r"|Intel[^\n]{0,10} Xe Graphics|AMD Radeon[^\n]{0,40}|Radeon\(TM\) Graphics)",
    ),
    # an NVIDIA GPU or driver named anywhere (lspci, Device Manager, nvidia-smi -q), and a
    # GeForce model named bare, as laptop owners write it ("Intel UHD 630 + GTX 1050 Ti",
    # "MX250", "GT 1030", "rtx3060"): GTX/RTX with a 3-4 digit model number, the MX series
    # (MX110-MX570) and the GT models (GT 710-740, GT 1030); not Intel's "GT2" tier (review
    # b48b P2/P3)
    _p(
        "eco.nvidia_gpu_named",
        ("geforce", "quadro", "tesla", "titan", "rtx", "gtx", "mx", "gt", "nvidia corporation",
         "driver version"),
        r"\b(?:" + NVIDIA_CARD + r"|NVIDIA Corporation|MX ?[1-5][1-7]0\b"
        r"|GT ?(?:1030|[2-7][1-4]0M?)\b)|Driver Version\s*:",
    ),
    # A cmd.exe or PowerShell prompt: docker run from Windows, i.e. Docker Desktop on Windows
    # ("Docker Desktop" alone is no evidence: Docker Desktop for Linux exists too)
    _p(
        "eco.windows_shell",
        (":\\",),
        r"^\s*(?:\([\w.-]{1,40}\) )?(?:PS )?[A-Z]:\\[^\n>]{0,200}>",
    ),
    # Keras 3's Sequential.add refusing a Keras-2 layer (keras/src/models/sequential.py), as
    # pasted without the object ("Received:" cut, or the raise statement's first line)
    _p(
        "keras.needs_tf_keras",
        ("only instances of `keras.layer` can be", "only instances of keras.layer can be"),
        r"Only instances of `?keras\.Layer`? can be(?: added to a Sequential model\.?"
        r"(?: Received:)?)?[\s\"]{0,4}$",
    ),
    # tfjs-node's require() of a binding that was never downloaded or built (Node's loader)
    _p(
        "tfjs.no_binding",
        ("cannot find module",),
        r"Cannot find module '(?P<path>[^'\n]{0,300}tfjs_binding\.node)'",
    ),
    # pip >= 20.3 after an install: the header of the conflict list (src/pip/_internal/
    # commands/install.py); the lines after it name the conflicts (pip.check_conflict)
    _p(
        "eco.pip_resolver_header",
        ("dependency resolver does not currently take into account",),
        r"pip's dependency resolver does not currently take into account all the packages "
        r"that are installed",
    ),
    # conda's older solver wordings: 4.1's error type "UnsatisfiableSpecifications", <= 4.6's
    # "The following specifications were found to be in conflict:" (conda/exceptions.py), and
    # 4.3's NoPackagesFoundError "%s missing in current %s channels: %s"
    _p(
        "tools.conda_unsat",
        ("unsatisfiablespecifications", "specifications were found to be in conflict"),
        r"UnsatisfiableSpecifications|The following specifications were found to be in conflict",
    ),
    # an item of that list, any package ("  - tensorflow 1.2.0 py36_0", conda/resolve.py
    # dashlist; a dependency chain "a -> b 1.2*" too): checks/conda_one_spec.py counts the
    # items right under the header
    _p(
        "tools.conda_conflict_spec",
        ("- ",),
        r"^[ \t]{0,8}-\s(?P<spec>\S(?:[^\n]{0,300}\S)?)\s*$",
        recent=MAX_RECENT,
    ),
    # the line conda <= 4.6 prints right under that list (conda/exceptions.py
    # UnsatisfiableError): the list above it is whole (checks/_conda_one_spec.py)
    _p("tools.conda_info_hint", ('use "conda info <package>"',),
       r"Use \"conda info <package>\" to see the dependencies for each package"),
    # a conda/mamba install or create that searches only the channels given
    # (--override-channels: conda docs "conda install", "Do not search default or .condarc
    # channels. Requires --channel."); the -c/--channel arguments are read from the line
    # (checks/conda_one_spec.py)
    _p(
        "tools.conda_override_channels",
        ("--override-channels",),
        r"\b(?:conda|mamba|micromamba)(?:\.exe)?\s+(?:install|create)\b[^\n]{0,400}?"
        r"--override-channels\b",
    ),
    _p(
        "tools.conda_not_found",
        ("missing in current",),
        r"(?:Packages|Package|Dependencies|Dependency|Packages/dependencies) missing in current"
        r"(?: [\w-]{1,20})? channels",
    ),
    # A crash inside tensorflow-metal (macOS): a frame of libmetal_plugin.dylib or its sources,
    # next to the crash itself (lldb's EXC_BAD_ACCESS, libmalloc's abort, a signal)
    _p(
        "eco.metal_frame",
        ("libmetal_plugin.dylib", "metal_plugin/src/", "metal_plugin::"),
        r"libmetal_plugin\.dylib|metal_plugin/src/[\w/]{1,120}\.(?:cc|mm|h)|metal_plugin::\w",
    ),
    _p(
        "eco.native_crash",
        ("exc_bad_access", "pointer being freed was not allocated", "segmentation fault",
         "abort trap", "illegal hardware instruction", "bus error"),
        r"EXC_BAD_ACCESS|pointer being freed was not allocated|[Ss]egmentation fault"
        r"|[Aa]bort trap|illegal hardware instruction|\bbus error\b",
    ),
    # The Linux kernel's oops (arch/x86/mm/fault.c: "BUG: unable to handle kernel NULL pointer
    # dereference at %p" before 4.20, "BUG: kernel NULL pointer dereference, address: %px"
    # since) with the faulting instruction in an NVIDIA module ("[nvidia]" tag)
    _p(
        "eco.kernel_oops",
        ("bug: unable to handle kernel", "bug: kernel null pointer dereference",
         "general protection fault"),
        r"BUG: (?:unable to handle kernel (?:NULL pointer dereference|paging request)"
        r"|kernel NULL pointer dereference)|general protection fault",
    ),
    _p(
        "eco.nvidia_module_frame",
        ("[nvidia",),
        r"\b(?:R?IP):? [^\n]{0,120}\[nvidia(?:_uvm|_modeset|_drm)?\]",
    ),
    # kmod's modprobe (tools/modprobe.c: "could not insert '%s': %s" with strerror, "...:
    # Unknown symbol in module, or unknown parameter (see dmesg)"; FATAL "Module %s not found in
    # directory %s") for an NVIDIA module, and nvidia-docker 1.0's "Could not load UVM kernel
    # module" (nvidia_uvm, which CUDA needs, would not load)
    _p(
        "eco.modprobe_nvidia",
        ("could not insert 'nvidia", "module nvidia", "could not load uvm kernel module"),
        r"could not insert '(?P<mod>nvidia[\w-]{0,24})': (?P<why>[^\n(]{1,80})"
        # kmod before v22 (commit b87d01d6, 2015) and module-init-tools: "Module %s not found."
        r"|Module (?P<mod2>nvidia[\w-]{0,24}) not found(?: in directory (?P<dir>\S{1,160})|\.)"
        r"|(?P<uvm>Could not load UVM kernel module)",
    ),
    # Notebook platforms: Colab's connect dialog when the account's GPU quota is used up (Colab
    # FAQ "usage limits"; "Cannot connect to GPU backend" heads it), and Kaggle's notice when a
    # notebook's host RAM ran out (read with Colab's RAM crash by checks/host_killed.py)
    _p(
        "eco.colab_gpu_limit",
        ("connect to a gpu due to",),
        r"(?P<limit>(?:cannot currently|are currently unable to) connect to a GPU due to "
        r"(?:usage limits in Colab|Colab's usage limits))",
    ),
    _p(
        "eco.colab_gpu_limit",
        ("connect to gpu backend",),
        r"(?P<backend>(?:Cannot|Unable to) connect to GPU backend)",
    ),
    _p(
        "tools.colab_ram",
        ("tried to allocate more memory than is available",),
        r"(?P<kaggle>Your notebook tried to allocate more memory than is available)",
    ),
    # nvidia-smi missing: bash's "No such file or directory" for the binary, or "command not
    # found" (bash/zsh), or a POSIX sh's "not found" (group sh): dash (Debian/Ubuntu's
    # /bin/sh, which os.system and subprocess's shell=True run) prints "<name>: <line>:
    # <command>: not found" ("sh: 1: nvidia-smi: not found", "./run.sh: 3: nvidia-smi: not
    # found"; dash src/exec.c "%s: not found" after the error prefix of src/error.c), BusyBox
    # ash "sh: nvidia-smi: not found": mostly a program's own GPU probe, not a user's command
    # (checks/nvidia_tools.py smi_missing: variant shell-probe)
    _p(
        "eco.smi_missing",
        ("nvidia-smi: no such file", "nvidia-smi: command not found",
         "command not found: nvidia-smi", "nvidia-smi: not found"),
        r"nvidia-smi: No such file or directory|nvidia-smi: command not found"
        r"|command not found: nvidia-smi"
        r"|(?P<sh>(?:\bsh|\.sh): (?:\d{1,7}: )?nvidia-smi: not found)",
    ),
    # --- driver files of another version, DirectML in WSL, ptxas lookups, TF 1.x pins ---
    # TensorFlow 0.x-1.x dso_loader.cc (LOG(INFO)): "Couldn't open CUDA library X.
    # LD_LIBRARY_PATH: P", the old wording of "Could not load dynamic library". Only CUPTI's is
    # a lib.missing hit (rule_cupti; Windows 0.12-1.x names it cupti64_80.dll, without the
    # LD_LIBRARY_PATH part); the others are read by checks/driver_files.py (old TF printed them
    # for optional libraries too, so they are no failure by themselves).
    _p(
        "lib.missing",
        ("open cuda library libcupti", "open cuda library cupti"),
        r"Couldn't open CUDA library (?P<lib>libcupti\.so(?:\.\d{1,4}){0,3}"
        r"|cupti64_\d{2,3}(?:_\d{1,2})?\.dll)",
        "lib",
    ),
    # TensorFlow 0.9-0.12 GPU tracer (RunOptions FULL_TRACE): CUPTI not loadable
    _p(
        "lib.missing",
        ("cannot be loaded",),
        r"Profiling: (?P<lib>libcupti\.so(?:\.\d{1,4}){0,3}) cannot be loaded",
        "lib",
    ),
    _p(
        "lib.old_dso_missing",
        ("open cuda library",),
        r"Couldn't open CUDA library (?P<lib>[\w+-][\w.+-]{0,80}?)\.?\s+LD_LIBRARY_PATH:"
        r"(?P<path>[^\r\n]{0,400})",
        "lib",
    ),
    # cuda_diagnostics.cc "hostname: X": Docker's default host name is the container's short
    # id, 12 hex digits (the same tell as ctx.container_prompt)
    _p("container.hostname", ("hostname:",),
       r"cuda_diagnostics\.cc:\d+\] hostname: (?P<id>[0-9a-f]{12})\s*$"),
    # a shell without nvidia-smi (bash "cmd: command not found", dash "cmd: not found"), or an
    # OCI runtime asked to start it as a container's process: runc through Go's exec.LookPath
    # ('exec: "nvidia-smi": executable file not found in $PATH', quotes escaped when Docker
    # nests runc's error), crun ("executable file `nvidia-smi` not found in $PATH", podman)
    # (Ubuntu's command-not-found handler: "Command 'nvidia-smi' not found, but can be
    # installed with:")
    _p(
        "smi.not_found",
        ("nvidia-smi: command not found", "nvidia-smi: not found",
         "executable file not found in $path", "executable file `nvidia-smi` not found",
         "command 'nvidia-smi' not found"),
        r"nvidia-smi: (?:command )?not found(?P<rest>[^\r\n]{0,200})"
        r"|Command 'nvidia-smi' not found"
        r'|exec: \\?"(?:[\w./-]{0,200}/)?nvidia-smi\\?": executable file not found in \$PATH'
        r"|executable file `(?:[\w./-]{0,200}/)?nvidia-smi` not found in \$PATH",
    ),
    # XLA asm_compiler.cc / nvptx_compiler.cc (VLOG 2): each ptxas candidate it tried
    _p("xla.ptxas_looking", ("looking for ptxas at",), r"Looking for ptxas at (?P<path>\S+)"),
    # XLA's CantFindCudaMessage (nvptx_compiler.cc / nvptx_helper.cc / nvptx_utils.cc, TF
    # 2.4-2.21): "Searched for CUDA in the following directories:", then one candidate CUDA
    # root per line ("  " + folder; TF 2.4-2.10 one LOG(WARNING) each), then "You can choose
    # the search directory ...". The roots are tsl::CandidateCudaRoots(): the user's
    # xla_gpu_cuda_data_dir first when set, then the runfiles' cuda_sdk_lib,
    # TF_CUDA_TOOLKIT_PATH (the toolkit folder the build was configured with) and
    # /usr/local/cuda (tsl/platform/default/cuda_libdevice_path.cc).
    _p("xla.cuda_searched", ("searched for cuda in the following directories",),
       r"Searched for CUDA in the following directories"),
    # one such root that names a CUDA version (the line holds the folder alone)
    _p(
        "xla.cuda_root",
        ("cuda-", "\\cuda\\v"),
        r"^(?:.{0,200}\.cc:\d{1,5}\])?\s*(?P<dir>[^\s\]]{0,200}/cuda-(?P<v>\d{1,2}\.\d{1,2})"
        r"[^\s]{0,100}|[A-Za-z]:\\[^\]\n]{0,200}?\\CUDA\\v(?P<w>\d{1,2}\.\d{1,2})[^\s]{0,100})"
        r"\s*$",
    ),
    # the folder a user gave XLA (XLA_FLAGS=--xla_gpu_cuda_data_dir=<folder>): XLA lists it
    # first among its CUDA roots, so it says nothing of the build's CUDA
    _p(
        "xla.data_dir_set",
        ("xla_gpu_cuda_data_dir=",),
        r"xla_gpu_cuda_data_dir=(?P<dir>[^\s\"']{1,300})",
    ),
    # conda-forge's build folder, which a conda-forge jaxlib/tensorflow keeps as its
    # TF_CUDA_TOOLKIT_PATH and XLA lists among its CUDA roots (in XLA's searched-folder list
    # or an strace of it: conda-forge/jaxlib-feedstock#283,
    # "/home/conda/feedstock_root/build_artifacts/jaxlib_1725045424189/_build_env/targets/
    # x86_64-linux/nvvm/libdevice"): group pkg, the package the folder built
    # (checks/xla_conda.py)
    _p(
        "ctx.conda_build_root",
        ("feedstock_root/build_artifacts",),
        r"/feedstock_root/build_artifacts/(?:(?P<pkg>[A-Za-z][\w.-]{0,60}?)_\d{9,}\b)?",
    ),
    # a shell prompt of a conda or pixi environment: pixi's "(project:environment) " for a
    # named environment (prefix-dev/pixi crates/pixi_core/src/prompt.rs prompt_name at
    # 2b25fc76dd3b5cc50a235387d948474975c40d73: "{project_name}:{name}"), conda's base
    # environment "(base) "; a venv's "(name) " is told apart from neither, so it is not read
    _p(
        "ctx.env_prompt",
        ("@",),
        r"^\s*\((?:(?P<pixi>[\w.-]{1,80}:[\w.-]{1,80})|(?P<base>base))\)\s+[\w.-]{1,64}@"
        r"[\w.-]{1,64}[:\s]",
        recent=MAX_RECENT,
    ),
    # a conda environment's folder (group root: its prefix, up to lib/, bin/, conda-meta/...):
    # only under a conda-specific root, anaconda/miniconda/miniforge/mambaforge, micromamba's
    # and mamba's roots, ~/.conda, /opt/conda (the conda images), pixi's .pixi/envs/<name>
    # ("These directories are conda environments", pixi docs "Environments", v0.40.1), any
    # of them with envs/<name> after it. A bare ".../envs/<name>/" is no conda mark: a venv
    # may live there, and pyenv-virtualenv puts its environments in
    # $(pyenv root)/versions/<version>/envs/<name> (pyenv/pyenv-virtualenv bin/pyenv-virtualenv
    # at bbcac8875c8f6406b4450ba5eafcf77d6c4a9c72: VIRTUALENV_NAME="${VERSION_NAME}/envs/...")
    # (checks/xla_conda.py)
    _p(
        "ctx.conda_path",
        ("conda", "mamba", "miniforge", ".pixi"),
        r"(?<![\w.~/\\:+-])(?P<root>[\w.~/\\:+-]{0,200}?[/\\](?:(?:ana|mini)conda\d?"
        r"(?:-[\w.]{1,40})?"
        r"|miniforge\d?(?:-[\w.]{1,40})?|mambaforge\d?|micromamba|mamba|\.conda|\.pixi|conda)"
        r"(?:[/\\]envs[/\\][\w.+-]{1,100})?)[/\\](?:lib|Lib|bin|Scripts|conda-meta|nvvm|pkgs"
        r"|include|etc)(?=[/\\\s\"']|$)",
        recent=MAX_RECENT,
    ),
    # a command that leaves conda for a venv or picks another environment (group venv: conda
    # deactivate, python -m venv, virtualenv, uv venv, sourcing a venv's bin/activate, pyenv's
    # activate/virtualenv/shell/local, poetry shell, a venv's "(venv) "/"(.venv) " prompt), or
    # one that works in a conda or pixi environment (group conda: conda/mamba/micromamba
    # activate, install, create, run; pixi run, shell, add, install; sourcing a conda root's
    # bin/activate); the last occurrence on the line (checks/xla_conda.py)
    _p(
        "ctx.pyenv_switch",
        ("activate", "venv", "virtualenv", "pyenv ", "poetry shell", "conda ", "mamba ",
         "pixi "),
        r"^[^\n]*(?:(?P<conda>\b(?:conda|mamba|micromamba)\s+(?:activate|install|create|run)\b"
        r"|\bpixi\s+(?:run|shell|add|install)\b"
        r"|(?:\bsource|(?<!\S)\.)\s+[^\s;&|]{0,200}?(?:conda|mamba|miniforge)[^\s;&|]{0,100}"
        r"[/\\]bin[/\\]activate\b)"
        r"|(?P<venv>\bconda\s+deactivate\b|\bpython[\d.]{0,5}\s+-m\s+(?:venv|virtualenv)\b"
        r"|\bpy(?:\s+-[\d.]{1,5})?\s+-m\s+venv\b|\bvirtualenv\s+[\w.~/-]|\buv\s+venv\b"
        r"|(?:\bsource|(?<!\S)\.)\s+(?![^\s;&|]{0,200}?(?:conda|mamba|miniforge))"
        r"[^\s;&|]{0,200}[/\\](?:bin|Scripts)[/\\]activate\b"
        r"|\bpyenv\s+(?:activate|virtualenv|shell|local)\b|\bpoetry\s+shell\b"
        r"|^\s*\((?:\.?venv|\.?virtualenv)\)\s+[\w.-]{1,64}@))",
        recent=MAX_RECENT,
    ),
    # the driver's user-space components whose file names carry the driver version
    # (libnvidia-<part>.so.<driver>, libcuda.so.<driver>): NVIDIA driver README, "Installed
    # Components"
    _p(
        "driver.component_missing",
        ("cannot open shared object",),
        r"(?P<lib>lib(?:nvidia-[a-z][\w-]{0,40}|cuda)\.so\.(?P<v>\d{3}\.\d{1,3}(?:\.\d{1,3})?))"
        r": cannot open shared object file",
        "lib",
    ),
    # DirectML (tensorflow-directml) in WSL: the D3D12 / DXCore libraries Windows exposes in
    # /usr/lib/wsl/lib
    _p(
        "wsl.dx_missing",
        ("cannot open shared object", "dynamic lib"),
        r"(?P<lib>lib(?:d3d12|d3d12core|dxcore|directml)\.so[\w.]{0,12})"
        r"(?:: cannot open shared object file|'; dlerror)",
        "lib",
    ),
    # the nvidia-uvm kernel module did not load: modprobe's own errors (module names
    # nvidia_uvm, nvidia-uvm, or Ubuntu's driver-versioned nvidia_<ver>_uvm) and nvidia-docker
    # 1's "Could not load UVM kernel module"
    _p(
        "driver.uvm_failed",
        ("uvm", "could not load uvm kernel module"),
        r"modprobe: (?:ERROR|FATAL): (?:[^\r\n]{0,80}?could not (?:insert|find module by "
        r"name=) ?'?(?P<mod>nvidia[_-](?:[\w-]{1,40}[_-])?uvm)'?|Module (?P<mod2>nvidia[_-]"
        r"(?:[\w-]{1,40}[_-])?uvm) not found)(?P<rest>[^\r\n]{0,200})"
        r"|Could not load UVM kernel module",
    ),
    # pip's "X.whl is not a supported wheel on this platform" cut inside the last word
    _p(
        "pip.wheel_unsupported",
        ("is not a supported wheel on this p",),
        r"(?P<pkg>(?:tensorflow|tf[-_]nightly)(?:[-_][a-z]{1,12}){0,2})-(?P<v>\d[\w.+]{0,30})-"
        r"(?P<py>cp\d+|py\d+)-[^\s-]{1,20}-(?P<plat>\w{1,60})(?:\.\w{1,60}){0,3}"
        r"\.whl is not a supported wheel on this p(?:l(?:a(?:t(?:f(?:or?)?)?)?)?)?\s*$",
    ),
    # --- NVRM kernel log, op registry, CUDA_VISIBLE_DEVICES, installers, DirectML plugin ---
    # The NVIDIA kernel module's version check (open-gpu-kernel-modules
    # src/nvidia/arch/nvalloc/unix/src/osapi.c RmCheckVersion -> nv_printf): the user-space
    # client (nvidia-smi, libcuda, Xorg) and the loaded kernel module are of different driver
    # releases.  Up to 570.x: "NVRM: API mismatch: the client has the version X, but\n
    # NVRM: this kernel module has the version Y.  Please ..."; from 575.51.02: "NVRM: API
    # mismatch: the client 'NAME' (pid N)\nNVRM: has the version X, but this kernel module
    # has\nNVRM: the version Y.  Please ...".  dmesg prints each part on its own line (the
    # engine joins the indented continuations); syslog writes the newlines as "#012".
    _p(
        "driver.nvrm_api_mismatch",
        ("api mismatch",),
        r"NVRM: API mismatch: the client (?:'(?P<proc>[^'\n]{0,200})' \(pid \d+\)"
        r"(?:\s|#012|NVRM:)*has the version (?P<client>\d[\w.-]*), but this kernel module has"
        r"(?:\s|#012|NVRM:)*the version (?P<k>\d[\w.-]*?)\.?(?:\s|$)"
        r"|has the version (?P<client2>\d[\w.-]*), but"
        r"(?:\s|#012|NVRM:)*this kernel module has the version (?P<k2>\d[\w.-]*?)\.?(?:\s|$))",
    ),
    # its first line alone (dmesg lines with their own timestamps are not joined)
    _p(
        "driver.nvrm_api_mismatch_head",
        ("api mismatch",),
        r"NVRM: API mismatch: the client (?:'(?P<proc>[^'\n]{0,200})' \(pid \d+\)"
        r"|has the version (?P<client>\d[\w.-]*?),)",
    ),
    # nv.c nv_pci_count_devices/nvidia_init_module: NVIDIA GPUs on the PCI bus that the
    # nvidia module's probe routine never saw, because another driver (nouveau, a
    # framebuffer driver, vfio-pci) had bound them first.
    _p(
        "driver.nvrm_probe_not_called",
        ("probe routine was not called",),
        r"NVRM: The NVIDIA probe routine was not called for (?P<n>\d+) device\(s\)",
    ),
    # The nouveau driver loaded or bound to a GPU: an lsmod row ("nouveau  1798144  3": module,
    # size, use count; kmod's lsmod), the kernel's dev_printk prefix of a device nouveau
    # drives ("nouveau 0000:01:00.0: DRM: ..."), DRM's "[drm] Initialized nouveau 1.3.1
    # 20120801 for 0000:01:00.0 on minor 0" (drm_drv.c drm_dev_register: "Initialized %s
    # %d.%d.%d %s for %s on minor %d"; older kernels without "for %s", the newest without the
    # date). Read by checks/kernel_module.py nouveau_holds_gpu.
    _p(
        "driver.nouveau_loaded",
        ("nouveau",),
        r"^\s{0,8}nouveau\s{1,40}\d{3,10}\s{1,40}\d{1,4}(?:\s|$)"
        r"|\bnouveau (?:[0-9a-fA-F]{4}:)?[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7]: "
        r"|\bInitialized nouveau \d{1,3}\.\d{1,3}\.\d{1,3} (?:\d{8} )?(?:for|on minor) ",
    ),
    # osapi.c RmIsDeviceSupported... print_unsupported: "NVRM: The NVIDIA GPU D:B:S.F (PCI ID:
    # VVVV:DDDD)\nNVRM: installed in this system is not supported by the\nNVRM: NVIDIA <ver>
    # driver release." (515.43.04 and later, the same words in older drivers); from 515.48.07
    # the open modules add "... is not supported by open\nNVRM: nvidia.ko because it does not
    # include the required GPU\nNVRM: System Processor (GSP)."
    _p(
        "driver.nvrm_gpu_unsupported",
        ("installed in this system is not supported by",),
        r"installed in this system is not supported by the(?:\s|#012|NVRM:)*NVIDIA "
        r"(?P<ver>\d[\w.-]*?) driver release",
    ),
    _p(
        "driver.nvrm_gpu_unsupported_head",
        ("installed in this system is not supported by",),
        r"installed in this system is not supported by the\b",
    ),
    _p(
        "driver.nvrm_gpu_needs_gsp",
        ("installed in this system is not supported by",),
        r"installed in this system is not supported by open\b",
    ),
    # nv.c's legacy-GPU notice (NVIDIA's proprietary kernel module): "NVRM: The NVIDIA
    # GeForce GTX 780 GPU installed in this system is / NVRM:  supported through the NVIDIA
    # 470.xx Legacy drivers. Please ... The 550.120 NVIDIA driver will ignore / NVRM:  this
    # GPU.  Continuing probe..." (wrapped at fixed points; the same words since the 1.0-96xx
    # branch: threads quote 173.14.xx, 304.xx, 390.xx, 470.xx and 580.xx)
    _p(
        "driver.nvrm_legacy_branch",
        ("legacy drivers", "legacy linux graphics drivers"),
        # the module's words, the installer's ("... legacy Linux graphics drivers"), and a
        # wrap that puts the branch at the start of an NVRM line
        r"(?i)(?:supported through the NVIDIA\s+|NVRM:\s+)(?P<branch>(?:\d+\.)*\d*xx|1\.0-\d+xx)"
        r" legacy (?:Linux graphics )?drivers",
    ),
    _p(
        "driver.nvrm_legacy_gpu",
        ("installed in this system is", "nvrm: the nvidia "),
        r"The NVIDIA (?P<name>(?!GPU )[^\n]{1,60}?) GPU(?: [0-9a-fA-F]{4}:[0-9a-fA-F]{2}:"
        r"[0-9a-fA-F]{2}\.[0-7] \(PCI ID: [0-9a-fA-F]{4}:[0-9a-fA-F]{4}\))?"
        r"(?: installed in this system is\b|\s*$)",
    ),
    _p(
        "driver.nvrm_will_ignore",
        ("nvidia driver will ignore", "nvidia linux graphics driver will ignore"),
        r"The (?P<drv>\d+(?:\.\d+)+) NVIDIA (?:Linux graphics )?driver will ignore",
    ),
    # a GPU the proprietary module does not drive (Blackwell and newer data-centre parts):
    # "NVRM: installed in this system requires use of the NVIDIA open kernel modules."
    _p(
        "driver.nvrm_needs_open_module",
        ("requires use of the nvidia open kernel modules",),
        r"requires use of the NVIDIA open kernel modules",
    ),
    _p(
        "driver.nvrm_gpu_pci",
        ("nvrm: the nvidia gpu",),
        r"NVRM: The NVIDIA GPU [0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\.[0-7] "
        r"\(PCI ID: (?P<id>[0-9a-fA-F]{4}:[0-9a-fA-F]{4})\)",
    ),
    # nv.c nvidia_init_module: nvos_count_devices found no NVIDIA GPU on this OS's PCI bus
    _p("driver.nvrm_no_gpu", ("nvrm: no nvidia gpu found",), r"NVRM: No NVIDIA GPU found\."),
    # TensorFlow's op registry (tensorflow/core/framework/op.cc OpNotFound): the graph or
    # SavedModel names an op this TensorFlow binary does not register.  Early releases ended
    # the message after the quoted name (op.cc of 2015); the eager C API (tensorflow/c/eager,
    # creating an op by name) says "'X' is neither a type of a primitive operation nor a name
    # of a function registered in binary running on HOST".
    _p(
        "op.not_registered",
        ("op type not registered",),
        # (a paste that bolds the op's name inside the quotes: '**SentencepieceOp**')
        r"Op type not registered '(?:\*\*)?(?P<op>[\w>./-]{1,200}?)(?:\*\*)?'"
        r"(?: in binary running on (?P<host>[\w-]{1,64}(?:\.[\w-]{1,64}){0,4}))?",
    ),
    _p(
        "op.not_registered",
        ("neither a type of a primitive operation",),
        r"'(?P<op>[\w>./-]{1,200})' is neither a type of a primitive operation nor a name of a "
        r"function registered",
    ),
    # node_def_util.cc ValidateNodeDef: a node's attribute the registered op does not
    # define ("NodeDef mentions attr 'dilations' not in Op<name=Conv2D; signature=...");
    # a line cut right after the op's name (an issue title) still names both
    _p(
        "op.attr_not_in_op",
        ("nodedef mentions attr",),
        r"NodeDef mentions attr '(?P<attr>[\w.-]{1,100})' not in Op<name="
        r"(?P<op>[\w.-]{0,199}[A-Za-z0-9.-])(?:;|>|_?\s*$)",
    ),
    # node_def_util.cc ValidateNodeDef: a node's input count is not its op's signature here
    # ("NodeDef expected inputs 'float' do not match 3 inputs specified; Op<name=X; ...>");
    # the op's name follows unless the line was cut
    _p(
        "op.inputs_not_in_op",
        ("nodedef expected inputs",),
        r"NodeDef expected inputs '(?P<types>[^'\n]{0,300})' do not match (?P<given>\d{1,5}) "
        r"inputs specified(?:;\s*Op<name=(?P<op>[\w.-]{1,200}))?",
    ),
    # a node being built in this process (the Python graph builder's ops.py _create_c_op /
    # Graph.create_op, the C API's TF_FinishOperation): its inputs come from the program, not
    # from a graph another TensorFlow wrote. Read by checks/op_registry.py
    _p(
        "op.built_here",
        ("create_c_op", "create_op", "tf_finishoperation", "[op:", "raise_from_not_ok_status",
         "_ops.py"),
        r"\b(?:_create_c_op|create_op|TF_FinishOperation|raise_from_not_ok_status)\b"
        r"|\[Op:\w{1,200}\]|[/\\]gen_\w{1,60}_ops\.py\b",
        recent=MAX_RECENT,  # (read near the graph error: checks/op_registry.py)
    ),
    # XLA's LinkWithBitcodeVector (gpu_backend_lib.cc): a bitcode module to link is missing;
    # ROCm's device libraries only here (libdevice is the CUDA path's: xla.libdevice)
    _p(
        "xla.rocm_bitcode_missing",
        ("bitcode module",),
        r"bitcode module (?:is required by this HLO module but was )?not found at "
        r"(?P<path>\S{0,300}?(?P<name>(?:ocml|ockl|opencl|hip|irif|oclc_\w{1,60})"
        r"(?:\.amdgcn)?\.bc))\b",
    ),
    # xla/parse_flags_from_env.cc: a flag this release does not define left in XLA_FLAGS or
    # TF_XLA_FLAGS ("Unknown flags in XLA_FLAGS: --xla_disabled_backends=cpu,gpu"), QFATAL
    _p(
        "xla.unknown_flag",
        ("unknown flag in", "unknown flags in"),
        r"(?:^\s*|\]\s)Unknown flags? in (?P<envvar>(?:TF_)?XLA_FLAGS): (?P<flags>[^\r\n]{1,400})",
    ),
    # A graph node annotation naming an NCCL op ("[[node NcclAllReduce ...]]",
    # "[[{{node NcclAllReduce}}]]", TF1 "[[Node: scope/NcclAllReduce = NcclAllReduce[...]]]"
    # or a bare "[[scope/NcclAllReduce]]"): the op that failed is an NCCL collective.
    _p(
        "nccl.node",
        ("nccl",),
        r"\[\[(?:\{\{)?(?:[Nn]ode:? )?[\w./-]{0,300}?(?P<op>Nccl(?:AllReduce|Reduce|Broadcast))\b",
    ),
    # TF 0.12's gpu_device.cc named the device by its full name ("Could not identify NUMA node
    # of /job:localhost/replica:0/task:0/gpu:0, defaulting to 0.", logged at E level on
    # Windows: tensorflow/tensorflow#5986, where the maintainer called it harmless).
    _p(
        "numa.unidentified",
        ("could not identify numa node",),
        r"Could not identify NUMA node of /job:[\w:/]{1,200}, defaulting to 0",
    ),
    # A TensorFlow Addons custom op that failed to load: tf.load_op_library raising on one of
    # its .so files (tensorflow_addons/utils/resource_loader.py LazySO.ops; "undefined
    # symbol" / NotFoundError): the failure its version warnings predict.
    _p(
        "tfa.op_failed",
        ("tensorflow_addons",),
        r"tensorflow_addons[\\/]custom_ops[\\/][\w\\/.-]{0,300}?\.(?:so|dll)\b.{0,300}?"
        r"(?:undefined symbol|cannot open shared object|not found|No such file)",
    ),
    # A version of the retired tensorflow-gpu said not to exist, in an installer's words other
    # than pip's ("No version 2.12.0 of the tensorflow-gpu was found", "tensorflow-gpu==2.13.0
    # not found"): the platform fact tensorflow-gpu-removed says which versions never install.
    _p(
        "pip.tfgpu_version_missing",
        ("tensorflow-gpu", "tensorflow_gpu", "tf-nightly-gpu"),
        r"(?i:\bno (?:version|release)s? (?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?) of (?:the )?"
        r"(?:package )?['\"]?(?P<pkg>tensorflow[-_]gpu|tf-nightly-gpu)\b"
        r"|\b(?P<pkg2>tensorflow[-_]gpu|tf-nightly-gpu)(?: |==?)"
        r"(?P<v2>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)"
        r"[^\n]{0,60}?\b(?:not found|could not be found|does not exist|is not available))",
    ),
    # "DLL load failed" naming TensorFlow's native module without Windows' reason (an issue
    # title, a paraphrase): the reason tells the causes apart (win.dll_load reads it).
    _p(
        "win.dll_load_bare",
        ("dll load failed",),
        r"DLL load failed(?: while importing)?:? ?(?:for )?"
        r"(?P<mod>_?pywrap_tensorflow(?:_internal)?)\b(?!:)",
    ),
    # xla_ops.cc's "could not find registered platform with id: 0x..." cut before the id (an
    # issue title, a wrapped paste): the same message; the checks read no group of it.
    _p(
        "metal.xla_platform",
        ("could not find registered platform with id",),
        r"could not find registered platform with id:?\s*$",
    ),
    _p(
        "xla.platform",
        ("could not find registered platform with id",),
        r"could not find registered platform with id:?\s*$",
    ),
    # TensorFlow's plugin loader failing on the DirectML plugin (load_library.py ->
    # TF_LoadLibrary; Windows: "<path> not found" for any LoadLibrary failure)
    _p(
        "win.dml_plugin_not_found",
        ("tfdml_plugin",),
        r"tensorflow-plugins[\\/]+tfdml_plugin\.dll not found",
    ),
    # nvidia-smi: NVML_ERROR_FUNCTION_NOT_FOUND (nvml.h: "Local version of NVML doesn't
    # implement this function") from nvmlInit, or its own "Mismatch in versions between
    # nvidia-smi and NVML": the libnvidia-ml it loaded is older than nvidia-smi.
    _p(
        "smi.nvml_function_not_found",
        ("function not found", "mismatch in versions between nvidia-smi and nvml"),
        r"Failed to (?:initialize|properly shut down) NVML: Function Not Found"
        r"|Mismatch in versions between nvidia-smi and NVML",
    ),
    # CUDA_VISIBLE_DEVICES shown in the log: a shell assignment (export/env/inline, set,
    # PowerShell $env:) or Python's os.environ[...] = ... (CUDA C Programming Guide, CUDA
    # Environment Variables: "" / -1 / an index the host lacks hides the GPUs).
    _p(
        "ctx.cvd_set",
        ("cuda_visible_devices",),
        r"(?:^|[\s;&(])(?:export |set |\$env:)?CUDA_VISIBLE_DEVICES ?= ?"
        r"(?P<v>\"[^\"\n]{0,100}\"|'[^'\n]{0,100}'|[^\s;&\"')]{0,100})",
    ),
    _p(
        "ctx.cvd_set",
        ("cuda_visible_devices",),
        r"os\.environ\[ ?[\"']CUDA_VISIBLE_DEVICES[\"'] ?\] ?= ?"
        r"(?P<v>\"[^\"\n]{0,100}\"|'[^'\n]{0,100}'|-?\d{1,4})",
    ),
    # PyTorch's error when CUDA counts no device (c10/cuda/CUDAFunctions.cpp
    # device_count_ensure_non_zero: TORCH_CHECK(count, "No CUDA GPUs are available") after
    # cudaGetDeviceCount returned cudaErrorNoDevice or 0): read with ctx.cvd_set by
    # checks/cuda_visible_devices.py
    _p("torch.no_cuda_gpus", ("no cuda gpus are available",), r"No CUDA GPUs are available"),
    # --- container hosts, snap docker, protobuf, Keras 3 paths (docs/knowledge-audit.md) ---
    # cuda_diagnostics.cc's "retrieving CUDA diagnostic information for host: <hostname>"
    # with a Docker container id as the hostname (12 hex digits): the process runs in a
    # container, whose image may bring its own libcuda (tensorflow/tensorflow#48722).
    _p(
        "container.host",
        ("diagnostic information for host",),
        r"diagnostic information for host: (?P<host>[0-9a-f]{12})\s*$",
    ),
    # A Docker installed as a snap (/snap/bin/docker, /snap/docker/...): its dockerd cannot
    # use the NVIDIA Container Toolkit (NVIDIA/nvidia-docker#1642, #1311).
    # Also the snap's own names (canonical/docker-snap@8452deba snap/snapcraft.yaml: app
    # "dockerd", a daemon, so `snap services docker` lists "docker.dockerd  enabled  active"
    # and systemd runs it as snap.docker.dockerd.service), and a `snap list` row of the docker
    # snap (its version, revision, channel, publisher canonical); NVIDIA/nvidia-docker#1591
    _p(
        "docker.snap",
        ("/snap/", "snap install docker", "docker.dockerd", "canonical"),
        # (the install command alone on its line: Ubuntu's command-not-found hint prints it
        # with "# version ..." after it, and docker-compose is another snap)
        r"/snap/(?:bin/docker\b|docker/)"
        r"|^\s*(?:[^\s$#>]{0,80}[$#>]\s*)?(?:sudo\s+)?snap install docker\s*$"
        r"|\bsnap\.docker\.dockerd\b"
        r"|^\W{0,4}docker\.dockerd[ \t]+(?:enabled|disabled)[ \t]+(?:active|inactive)\b"
        r"|^\s*docker[ \t]+\d{1,2}\.\d{1,2}(?:\.\d{1,3})?[\w.~+-]{0,20}[ \t]+\d{1,6}[ \t]+"
        r"\S{1,40}[ \t]+canonical\b",
    ),
    # Docker on Windows: Docker Desktop (for Windows) named with its version when given, the
    # words "Windows 10/11", nvidia-smi's Windows driver model (WDDM); read by
    # checks/container_runtime.py with the OS readings (Docker Desktop's GPU support is its
    # WSL 2 backend, 3.1.0+; docker/docs#19365)
    _p(
        "ctx.docker_windows",
        ("docker desktop", "docker for windows", "windows", "wddm"),
        r"\bDocker (?:Desktop|for Windows)\b(?: (?:for Windows )?(?:version )?v?"
        r"(?P<v>\d{1,2}\.\d{1,2}\.\d{1,3}(?:\.\d{1,6})?))?|(?P<win>\bWindows (?:10|11)\b)"
        r"|(?P<wddm>\bWDDM\b)",
    ),
    # bash's `service docker start` in a WSL distribution without Docker Engine installed
    # ("docker: unrecognized service", sysvinit-utils' service script): the docker CLI there
    # talks to Docker Desktop's daemon, if any (docker/for-win#7581)
    _p("ctx.docker_no_service", ("docker: unrecognized service",),
       r"\bdocker: unrecognized service\b"),
    # the report or apt saying the NVIDIA Container Toolkit is already installed
    # (gazebo-tooling/gzdev#97): then the daemon in use does not know it
    _p(
        "ctx.toolkit_installed_said",
        ("installed", "already the newest version"),
        r"(?i:(?:already|have|had|has been|was)\s+installed\s+(?:the\s+)?[`'\"]?"
        r"nvidia[-_ ]container[-_ ]toolkit)"
        r"|nvidia-container-toolkit is already the newest version"
        # "nvidia-container-toolkit is already installed" (review b48a P10)
        r"|(?i:\bnvidia[-_ ]container[-_ ]toolkit\b[`'\"]?(?: package)?\s+(?:is|was|has been)"
        r"\s+(?:already\s+)?installed\b)",
    ),
    # `snap list docker` finding none ("error: no matching snaps installed"): no snap Docker
    _p("docker.snap_absent", ("no matching snaps installed",), r"no matching snaps installed"),
    # Docker Desktop for Linux as the Docker in use: the current context of `docker context
    # ls` ("desktop-linux *") or `docker version`/`docker info`'s "Context: desktop-linux"
    # (platform fact docker-desktop-linux-no-gpus)
    _p(
        "docker.desktop_linux",
        ("desktop-linux",),
        r"^\s*desktop-linux\s+\*|\bContext:\s+desktop-linux\b",
    ),
    # The _pb2.py file a traceback names, and the package it belongs to (site-packages/<pkg>/
    # .../x_pb2.py): protobuf's "Descriptors cannot be created directly" concerns that
    # package's generated code, which is not always TensorFlow's.
    _p(
        "protobuf.pb2_file",
        ("_pb",),
        _first("-packages") + r"[/\\](?P<pkg>[A-Za-z_]\w{0,60})[/\\][\w/\\.-]{0,300}?_pb2\.py\b",
    ),
    # a traceback frame of a _pb2.py outside any site-packages: the program's own generated
    # protobuf code (ZaharX97/OWReveal#46: csgo_demoparser/NETMSG_pb2.py); read by
    # checks/tf_install.py protobuf_version
    _p(
        "protobuf.own_pb2_frame",
        ("_pb",),
        r"^\s{0,8}File \"(?![^\"\n]{0,400}(?:site|dist)-packages)"
        r"(?P<file>[^\"\n]{1,400}?_pb2\.py)\""
    ),
    # TF1's "[[Node: name = Op[..., _device="/job:.../device:GPU:0"](...)]]" under an error:
    # the failing op's own device (send_device/recv_device attributes are not it).
    _p(
        "placer.node_device",
        ("[[node:",),
        _first("[[Node: ")
        + r".{0,3000}?(?<!\w)_device=\"[^\"]{0,200}?/device:(?P<dev>[GC]PU):\d+\"",
    ),
    # A "docker run ... --gpus <x>" (or nvidia-docker run) command line in the paste: GPU
    # access was asked for, so a container without a driver is not a missing --gpus. Not the
    # flags NVIDIA's container banner recommends (its SHMEM note: "NVIDIA recommends the use
    # of the following flags:" then "docker run --gpus all --ipc=host --ulimit memlock=-1
    # --ulimit stack=67108864 ...", older "nvidia-docker run --ipc=host ..."): advice ending
    # in "...", not the user's command (_NGC_ADVICE)
    _p(
        "docker.gpus_cmd",
        ("docker run", "docker container run", "nvidia-docker"),
        r"\bnvidia-docker\s+run\b" + _NGC_ADVICE
        + r"|\bdocker\s+(?:container\s+)?run\b" + _NGC_ADVICE + r"[^|;&]{0,400}?\s--gpus[\s=]",
    ),
    # Any "docker run" / "podman run" command line in the paste (its arguments up to a pipe or
    # a command separator): read by checks/driver_files.py, which takes one that asks for no
    # GPU (no --gpus, no --runtime=nvidia, no CDI --device nvidia.com/gpu=...) as the
    # container a missing libcuda.so.1 comes from
    _p(
        "docker.run_cmd",
        ("docker run", "docker container run", "podman run"),
        r"(?<![\w-])(?:docker|podman)\s+(?:container\s+)?run\b" + _NGC_ADVICE
        + r"(?P<args>[^|;&\n]{0,600})",
    ),
    # A "docker run" / "podman run" command line that goes on on the next line: it ends in a
    # line-continuation mark after a space (a POSIX shell's backslash before the newline,
    # PowerShell's backtick, cmd.exe's "^"). Its later options (--gpus among them) are on
    # lines the one-line readers above do not see, so checks/driver_files.py and
    # checks/container_runtime.py never read such a command as "asks for no GPU".
    _p(
        "docker.run_continued",
        ("docker run", "docker container run", "podman run"),
        r"(?<![\w-])(?:docker|podman)\s+(?:container\s+)?run\b[^|;&\n]{0,600}?\s[\\`^]\s*$",
    ),
    # Keras 3's load_model of a path ending in .keras that is no zip file (keras/src/saving/
    # saving_api.py: "File not found: filepath=<path>. Please ensure the file is an
    # accessible `.keras` zip file."): missing, or not a .keras archive
    _p(
        "keras.keras3_zip_missing",
        ("file not found: filepath=",),
        r"File not found:\s{0,4}filepath=(?P<path>[^\n]{0,300}?\.keras)"
        r"(?=\.?\s{0,4}(?:Please\b|$))",
    ),
    # Keras 3's load_model refusal with the path it was given: "File format not supported:
    # filepath=<path>. Keras 3 only supports ..." (keras saving_api.py).
    _p(
        "keras.keras3_path",
        ("file format not supported",),
        r"File format not supported:\s{0,4}filepath=(?P<path>\S{0,300})",
    ),
    # --- version printouts: tf.version, Python, JAX, TensorFlow's Python ---
    # The output of the command TensorFlow's issue template asks for, `python -c "import
    # tensorflow as tf; print(tf.version.GIT_VERSION, tf.version.VERSION)"` (TF 1.x:
    # tf.GIT_VERSION, tf.VERSION): `git describe` of the build then the version,
    # "v2.11.0-rc2-15-g6290819256d 2.11.0", "v1.15.0-rc3-22-g590d6ee 1.15.0", Python 2/3's
    # bytes form "b'v1.13.1-0-g6612da8951' 1.13.1", "unknown 2.1.0" (conda/source builds:
    # tensorflow/tools/git/gen_git_source.py writes "unknown" without git). The describe's
    # major.minor must be the version's; read by view.tf_version as a ctx.tf_version hit.
    _p(
        "ctx.tf_version",
        ("v..", "unknown .."),
        r"^[ \t]{0,40}(?:b?'?v(?P<mm>[12]\.\d{1,2})\.\d{1,3}(?:-rc\d{1,2})?"
        r"(?:-\d{1,6}-g[0-9a-f]{6,40})?'?[ \t]{1,8}(?P<v>(?P=mm)\.\d{1,3})"
        r"|b?'?unknown'?[ \t]{1,8}(?P<v3>[12]\.\d{1,2}\.\d{1,3}))[ \t]{0,40}$",
    ),
    # `python --version` / `python -V`: "Python 3.13.0" alone on its line (CPython's
    # Modules/main.c prints "Python %s"); read by view.printed_python.
    _p(
        "ctx.python_version",
        ("python .",),
        # (Python 2 prints the same "Python 2.7.12", on stderr: review b48b P6)
        r"^[ \t]{0,40}Python (?P<v>[23]\.\d{1,2})\.\d{1,3}(?:[abc]|rc)?\d{0,3}\+?[ \t]{0,40}$",
    ),
    # sys.maxunicode as printed beside its expression ("sys.maxunicode = 65535", ">>>
    # sys.maxunicode 1114111" joined): 65535 is a narrow (UCS2) Python 2 / 3.0-3.2 build,
    # 1114111 a wide (UCS4) one (PEP 261; pip's cp27m vs cp27mu ABI tag); read by
    # checks/wheel_file_tags.py
    _p("ctx.maxunicode", ("maxunicode",),
       r"\bmaxunicode\b[^\n\d]{0,80}?\b(?P<v>65535|1114111)\b"),
    # pip run by a versioned interpreter on the paste's own command line ("python3.13 -m pip
    # install ..."): the Python pip installs for (checks/pip_reports.py _no_tensorflow_wheel)
    _p(
        "ctx.pip_python",
        ("-m pip install",),
        r"(?:^|[\s$>#%/])python(?P<v>[23]\.\d{1,2})(?:\.exe)?\s+-m\s+pip\s+install\b",
    ),
    # an issue template's one-line system information: "- Python version: 3.7.5 [64-bit]",
    # "Python version: Python 3.8.5" (the interpreter the reporter names, with its bits when
    # given), and "- Architecture: aarch64" / "CPU architecture : aarch64" / lscpu's
    # "Architecture:        armv7l" (the machine); read by checks/pip_machine_wheels.py
    _p(
        "ctx.stated_python",
        ("python version",),
        r"^[ \t]{0,20}(?:[-*][ \t]{0,4})?(?:\*\*)?Python version(?:\*\*)?[ \t]{0,4}:[ \t]{0,20}"
        r"(?:\*\*)?(?:Python[ \t]{1,4})?(?P<v>[23]\.\d{1,2})(?:\.\d{1,3})?\b"
        r"(?:[ \t]{0,4}[\[(]?(?P<bits>32|64)[- ]?bits?\b)?",
    ),
    _p(
        "ctx.stated_machine",
        ("architecture",),
        r"^[ \t]{0,20}(?:[-*][ \t]{0,4})?(?:CPU[ \t]{1,4})?[Aa]rchitecture[ \t]{0,20}:[ \t]{0,40}"
        r"(?P<arch>x86_64|amd64|AMD64|aarch64|arm64|armv[678]l|i[3-6]86)\b",
    ),
    # "arm64" named as a machine outside a wheel file name ("macOS M1 (arm64)", uname -m on a
    # Mac): Apple silicon on macOS, aarch64 elsewhere; read by checks/pip_machine_wheels.py
    _p("ctx.arm64_word", ("arm",), r"(?<![\w.-])arm64\b(?![\w-]*\.whl)"),
    # a GPU of another vendor than NVIDIA named in prose or a listing ("AMD Ryzen 9 6900HX with
    # Radeon Graphics", "Radeon RX 6800", "Intel Arc A770", "Intel(R) Iris(R) Xe Graphics"):
    # read by checks/gpu_package_routes.py where the log names no NVIDIA GPU
    _p("ctx.other_vendor_gpu", ("radeon", "instinct", "arc", "iris", "graphics"),
       r"(?P<amd>(?:\bAMD Ryzen[^\n\[\],;]{0,30}? with )?\b(?:AMD )?Radeon\b[^\n,.;\]]{0,40}"
       r"|\bAMD Instinct\b[^\n,.;\]]{0,20})"
       r"|(?P<intel>\bIntel(?:\(R\)|®)? Arc\b[^\n,.;\]]{0,20}"
       r"|\bIntel(?:\(R\)|®)? (?:Iris(?:\(R\)|®)?(?: Xe)?|UHD|HD) Graphics\b[^\n,.;\]]{0,20})"),
    # VirtualBox named (a guest's report: "on a Virtualbox VM", VBoxManage, VBoxHeadless): read
    # with a Windows host by checks/cpu.py (Hyper-V as VirtualBox's engine hides AVX)
    _p("ctx.virtualbox", ("virtualbox", "vbox"),
       r"\b[Vv]irtual[Bb]ox\b|\bVIRTUALBOX\b|\bVBox(?:Manage|Headless|SVC)(?:\.exe)?\b"),
    # a 64-bit OS named on a board ("System: RASPIOS 64bit", "OS: Ubuntu 20.04 64bit"): with a
    # Raspberry Pi or Jetson in the log (tools.arm_board), an aarch64 system
    _p("ctx.os_64bit", ("raspios", "raspberry pi os", "raspbian", "ubuntu", "debian"),
       r"\b(?:RASPIOS|Raspberry Pi OS|Raspbian|Ubuntu|Debian)\b[^\n]{0,30}?\b64[- ]?bit\b",),
    # pip run through the Windows py launcher ("py -m pip install", "py -3.8 -m pip"): without
    # a version the launcher runs the newest Python it knows (or PY_PYTHON's); read by
    # checks/pip_machine_wheels.py
    _p("ctx.py_launcher", ("-m pip",),
       r"(?:^|[\s>:`\"'])py(?:[ \t]{1,4}-[23](?:\.\d{1,2})?(?:-(?:32|64))?)?[ \t]{1,4}-m[ \t]{1,4}"
       r"pip\b"),
    # JAX's own lines: its package paths (jax/_src/..., jaxlib/...), jaxlib's exception
    # XlaRuntimeError, an import. jaxlib builds XLA from TensorFlow's tree, so its C++ lines
    # say external/org_tensorflow/tensorflow/...; read by view.jax_log with ctx.tf_python.
    _p(
        "ctx.jax",
        ("jax", "xlaruntimeerror"),
        # (a path component needs a separator, space or quote before it: random text such as
        # base64 holds "...jax/..." by chance)
        r"(?:^|[/\\\s\"'(])jax(?:lib)?[/\\]|\bjax(?:lib)?[._]|\bXlaRuntimeError\b"
        r"|^\s*(?:import|from) jax\b",
    ),
    # JAX imported at a prompt (">>> import jax", "In [1]: import jax"), and C++ lines of
    # TensorFlow's tree built into another program (jaxlib builds XLA and StreamExecutor from
    # it as the Bazel repository org_tensorflow: "external/org_tensorflow/tensorflow/...");
    # together they make a log JAX's (Facts.jax_log); TensorFlow's own build logs
    # "tensorflow/..." without that prefix
    _p("ctx.jax_prompt", ("import jax", "from jax"),
       r"^\s*(?:>>>\s?|In \[\d{1,5}\]:\s?)(?:import|from) jax\b"),
    # XLA as its own Bazel repository "xla" ("external/xla/xla/stream_executor/..."):
    # jaxlib's C++ lines since XLA left TensorFlow's tree (TensorFlow itself logs
    # tensorflow/compiler/xla/... up to 2.13 and external/local_xla/xla/... from 2.14)
    _p("ctx.jax_xla_path", ("external/xla/xla", "external\\xla\\xla"),
       r"\bexternal[/\\]xla[/\\]xla[/\\]"),
    _p("ctx.vendored_tf", ("external/org_tensorflow", "external\\org_tensorflow"),
       r"\bexternal[/\\]org_tensorflow[/\\]tensorflow[/\\]"),
    # ... of them, XLA's own tree inside org_tensorflow ("external/org_tensorflow/tensorflow/
    # compiler/xla/...": jaxlib before XLA left TensorFlow's tree, jax-ml/jax#7239, #13570),
    # and the TensorFlow runtime's own sources there, which jaxlib does not build: TF Serving's
    # and other bazel binaries that embed TensorFlow print them (its SavedModel loader, TF's GPU
    # device, kernels, graph runtime, TF-side XLA JIT); read by Facts.jax_log and
    # Facts.vendored_tensorflow
    _p("ctx.vendored_xla", ("external/org_tensorflow", "external\\org_tensorflow"),
       r"\bexternal[/\\]org_tensorflow[/\\]tensorflow[/\\]compiler[/\\]xla[/\\]"),
    _p("ctx.vendored_tf_runtime", ("external/org_tensorflow", "external\\org_tensorflow"),
       r"\bexternal[/\\]org_tensorflow[/\\]tensorflow[/\\](?:cc[/\\]saved_model[/\\]"
       r"|core[/\\](?:kernels|framework|grappler|graph)[/\\]"
       r"|core[/\\]common_runtime[/\\](?:gpu[/\\]gpu_device|direct_session|executor)\.cc"
       r"|compiler[/\\](?:jit|tf2xla|tf2tensorrt)[/\\]|python[/\\])"),
    # TensorFlow Java (tensorflow/java: its org.tensorflow.* classes in a Java stack trace,
    # "org.tensorflow.exceptions.TFFailedPreconditionException", the JavaCPP-generated
    # AbstractTF_Status) and the TensorFlow C API's session calls: a bazel build embedding
    # @org_tensorflow, TensorFlow's and not jaxlib's; read by Facts.jax_log (review b48a P8)
    # a program that runs TensorFlow through its C API with no Python (FFmpeg's dnn_tensorflow
    # filter, as go-livepeer runs it, livepeer/go-livepeer#1980: "[dnn_tensorflow @ 0x...]
    # Failed to create new session"); c_api.cc's own line counts only beside no Python
    # (read by checks/device_placement.py)
    _p("ctx.tf_c_program", ("[dnn_tensorflow @", "tensorflow/c/c_api.cc"),
       r"\[dnn_tensorflow @ 0x[0-9a-fA-F]{1,16}\]|(?P<capi>\btensorflow/c/c_api\.cc:\d{1,6}\])"),
    _p("ctx.tf_java_capi", ("org.tensorflow.", "abstracttf_", "tf_sessionrun", "tf_newsession",
                            "tf_loadsessionfromsavedmodel", "tf_graphimportgraphdef"),
       r"\borg\.tensorflow\.[A-Za-z_]|\bAbstractTF_\w|\bTF_(?:SessionRun|NewSession"
       r"|LoadSessionFromSavedModel|GraphImportGraphDef)\b"),
    # a TensorFlow build that may leave ops out: an Android/iOS app (its JNI library), a C++
    # program linked with a static libtensorflow (contrib/makefile's libtensorflow-core.a,
    # tensorflow_cc), whose kernels' registrations outlive their ops' ("OpKernel ('op:
    # "PopulationCount" ...') for unknown op"); read by checks/op_registry.py
    _p(
        "ctx.op_subset_build",
        ("android", "ios", "jni", "libtensorflow-core", "libtensorflow_core", "tensorflow_cc",
         "for unknown op", "contrib/makefile", "libtensorflow_inference"),
        r"\bAndroid\b|\biOS\b|\bJNI\b|libtensorflow[-_]core|\btensorflow_cc\b"
        r"|OpKernel \('op: \"\w{1,100}\"[^\n]{0,400}for unknown op|contrib/makefile"
        r"|libtensorflow_inference",
    ),
    # TensorFlow's Python side: a line only a TensorFlow program prints (its package paths,
    # an import, the tf.* API).
    _p(
        "ctx.tf_python",
        ("tensorflow", "tf."),
        r"tensorflow[/\\]python\b|site-packages[/\\]tensorflow[/\\]|\bimport tensorflow\b"
        r"|\btf\.(?:config|test|keras|data|function|constant|__version__)\b",
    ),
    # --- driver version in a log, ops without a GPU kernel, fatal loads, bindings, ABI ---
    # The NVIDIA driver version as other lines print it (checks/driver_from_log.py compares it with
    # the minimum driver of TensorFlow's CUDA): cuda_dnn.cc after a failed cudnnCreate
    # ("possibly insufficient driver version: 384.69.0"; "Possibly" from TF 1.13),
    # cuda_diagnostics.cc's dump of /proc/driver/nvidia/version ("driver version file
    # contents: \"\"\"NVRM version: NVIDIA UNIX x86_64 Kernel Module  384.69 ...") and that file
    # or the kernel's load banner pasted alone ("NVRM version: NVIDIA UNIX Open Kernel Module
    # for x86_64  535.104.05", "NVRM: loaded NVIDIA UNIX x86_64 Kernel Module  470.57.02").
    _p(
        "driver.printed",
        ("insufficient driver version", "nvidia unix"),
        r"[Pp]ossibly insufficient driver version:\s*(?P<v>\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)"
        r"|NVRM(?: version)?:? (?:loading )?NVIDIA UNIX (?:Open Kernel Module for )?"
        r"[\w-]{1,20}(?: Kernel Module)?\s+(?P<v2>\d{2,4}\.\d{1,3}(?:\.\d{1,3})?)\b",
    ),
    # op_kernel.cc (FindKernelDef / CreateOpKernel): no kernel of the op for the device type.
    # TF 1.x: "No registered 'X' OpKernel for GPU devices compatible with node ..."; TF 2.x
    # quotes the device type ('GPU'); a PluggableDevice (tensorflow-metal) registers as GPU.
    # the attributes op_kernel.cc's error asked for, on a line of their own when the paste
    # broke it ("(OpKernel was found, but attributes didn't match) Requested Attributes:
    # dtype=DT_DOUBLE"); checks/op_registry.py
    _p(
        "placer.requested_attrs",
        ("requested attributes:",),
        r"Requested Attributes: (?P<attrs>[^\n]{1,400})",
    ),
    _p(
        "placer.no_kernel",
        ("opkernel for",),
        # (an add-on's namespaced op: "Addons>ImageProjectiveTransformV2"; op.cc IsValidOpName
        # allows '>' in a name)
        r"No registered '(?P<op>[\w>]{1,160})' OpKernel for '?(?P<dev>[A-Z_]{2,20})'? devices "
        r"compatible with node(?: \{\{node (?P<node>[^{}\s]{1,300})\}\})?",
    ),
    # the placer's check of a node whose device was already ASSIGNED (a function's _Arg/_Retval
    # and nodes a partitioned function or a session pre-assigns): "Assigned device '<device>'
    # does not have registered OpKernel support for <op>" (TF 1.x-2.x placer.cc /
    # colocation_graph.cc; placer_test.cc TestAssignedGpuDeviceToCpuDevice): no kernel of the
    # op for that device type (with this node's dtypes); read with placer.no_kernel by
    # checks/op_registry.py op_without_gpu_kernel when the device is a GPU (or DML)
    _p(
        "placer.assigned_no_kernel",
        ("does not have registered opkernel support for",),
        r"Assigned device '(?P<adev>[^'\n]{0,300}?/(?:device:)?(?P<dev>GPU|gpu|DML)(?::\d{1,4})?)'"
        r" does not have registered OpKernel support for (?P<op>[\w>]{1,160})",
    ),
    # A TF 1.x reference (variable) dtype in an attr that allows none: op_def_util.cc
    # ValidateAttrValue "AttrValue must not have reference type value of <dtype>" + " for attr
    # '<name>'" (TF 0.x-2.21; in the 2.21 wheel's libtensorflow_framework.so.2). With attr
    # 'tensor_type' the node is a _Recv/_Send (graph_partition.cc AddRecv/AddSend copy the ref
    # edge's dtype): a ref tensor had to cross devices. Read by checks/distributed.py
    _p(
        "op.ref_attr",
        ("must not have reference type",),
        r"AttrValue must not have reference type value of (?P<dtype>\w{1,40}?_ref)"
        r"(?:\s+for attr '(?P<attr>\w{1,60}))?",
    ),
    # The _Recv NodeDef printed after it ("NodeDef: ... = _Recv[client_terminated=false,
    # recv_device=\".../device:GPU:1\", send_device=\".../device:GPU:0\", ...]": attrs in
    # name order; older releases wrote ".../task:0/gpu:0"): the two devices of the ref edge
    _p(
        "op.ref_recv_devices",
        ("recv_device=",),
        r"recv_device=\\?\"[^\"]{0,200}?task:\d{1,4}/(?:device:)?(?P<recv>[A-Za-z_]{2,12}:"
        r"\d{1,3})\\?\", send_device=\\?\"[^\"]{0,200}?task:\d{1,4}/(?:device:)?"
        r"(?P<send>[A-Za-z_]{2,12}:\d{1,3})",
    ),
    # op_kernel.cc: the registered kernels listed under that error
    # (".  Registered:  device='CPU'; T in [DT_FLOAT]", "device='GPU'; ...").
    # (keyed by the row: a long list keeps up to MAX_KEYS distinct rows, so the CPU rows of a
    # TensorFlow 2.0-2.3 list, printed after the XLA and GPU rows, stay readable)
    _p(
        "placer.kernel_registered",
        ("registered:", "device='"),
        r"(?:Registered:\s+)?(?P<row>device='(?P<dev>[A-Z_]{2,20})'"
        r"(?:;\s{0,4}label='[^'\n]{0,60}')?(?:;\s{0,4}\w{1,40} in \[[^\]\n]{0,300}\])*)",
        "row",
    ),
    # placer.cc / colocation_graph.cc: the node's colocation group needs a device that one of
    # its members has no kernel for. TF 1.x "... because the node was colocated with a group
    # of nodes that required incompatible device '/job:.../device:GPU:0'"; TF 1.14+ names the
    # node ("because the node {{colocation_node X}} was colocated ..."); placer.colocation8:
    # TF 0.x simple_placer.cc began "Cannot assign a device to node 'X': ..." (tensorflow/
    # tensorflow#1310, TF 0.7: SparseApplyAdagrad, CPU-only then, beside its GPU variable).
    _p(
        "placer.colocation_group",
        ("was colocated with a group of nodes that required incompatible device",),
        r"Cannot assign a device (?:for operation|to node) '?(?P<op>[\w/.-]{1,200})'?: Could not "
        r"satisfy explicit device specification '[^']{0,200}' because the node "
        r"(?:\{\{colocation_node [^}]{0,200}\}\} )?was colocated with a group of nodes that "
        r"required incompatible device '[^']{0,120}?(?P<dev>[A-Z_]{2,20}):\d+'",
    ),
    # tf.keras Model.compile under a tf.distribute strategy (TF 2.21's tensorflow/python/
    # keras/engine/training.py and training_v1.py; checks/strategy_scope.py): a variable made
    # outside the strategy's scope, an optimizer or metric made in another scope than the
    # model's, and the TF 1.14-2.0 training loop refusing fit_generator under a strategy
    _p(
        "strategy.variable_outside",
        ("was not created in the distribution strategy scope",),
        # (from the first "Variable (" only: linear on a line that repeats it)
        _first("Variable (") + r"(?:<tf\.Variable '(?P<var>[^'\n]{1,200})')?[^\n]{0,600}?\) "
        r"was not created in the distribution strategy scope",
    ),
    _p(
        "strategy.compile_other_scope",
        ("passed to model.compile was created inside of a different distribution strategy",),
        r"(?P<what>Optimizer|Metric) \([^\n]{0,300}?\) passed to model\.compile was created "
        r"inside of a different distribution strategy scope than the model",
    ),
    # OptimizerV2._get_or_create_slot: the optimizer's first step makes its slot variables
    # (momentum, Adam's m and v) under the strategy in force and refuses a model variable
    # that strategy did not create (TF 2.21's tensorflow/python/keras/optimizer_v2/
    # optimizer_v2.py; keras-team/keras v2.15.0 keras/optimizers/legacy/optimizer_v2.py)
    _p(
        "strategy.slot_other_scope",
        ("trying to create optimizer slot variable under the scope for",),
        r"Trying to create optimizer slot variable under the scope for tf\.distribute\.Strategy "
        r"\((?P<strategy>[^\n]{0,300}?)\), which is different from the scope used for the "
        r"original variable(?: \((?P<mirrored>(?:Mirrored|SyncOnRead|Distributed)Variable"
        r"[^\n]{0,40}?)?(?:<tf\.Variable '(?P<var>[^'\n]{1,200})')?)?",
    ),
    _p(
        "strategy.fit_generator",
        ("is not supported for models compiled with tf.distribute.strategy",),
        r"`?fit_generator`? is not supported for models compiled with tf\.distribute\.Strategy",
    ),
    # variable_ops.cc TemporaryVariableOp: "Already exists: Resource __per_step_N/<node>/
    # tmp_var/N10tensorflow19TemporaryVariableOp6TmpVarE", the accumulator Grappler's memory
    # optimizer made of a sum (memory_optimizer.cc names it <sum node>/tmp_var), created twice
    # inside a while loop (tensorflow/tensorflow#23780, #33713; checks/grappler_rewrites.py); a
    # paste may cut the line after tmp_var; raised, the Python error reads "AlreadyExistsError:
    # Resource ...", TF 1.x's session.py "AlreadyExistsError (see above for traceback): ..."
    _p(
        "grappler.tmp_var_exists",
        ("/tmp_var",),
        r"(?:Already exists: |AlreadyExistsError(?: \(see above for traceback\))?: )"
        r"Resource __per_step_\d+/(?P<node>[^\s/][^\s]{0,300}?)/tmp_var"
        r"(?:/N10tensorflow19TemporaryVariableOp6TmpVarE|\b)",
    ),
    # colocation_graph.cc's DebugInfo, appended to that error as its "Colocation Debug Info":
    # the group's root member, "Root Member(assigned_device_name_index_=2
    # requested_device_name_='/job:localhost/replica:0/task:0/device:GPU:0' ...
    # supported_device_types_=[CPU] possible_devices_=[]": a paste cut before or after the
    # error line still shows the group asked for a GPU that none of its devices can be
    _p(
        "placer.coloc_root",
        ("root member(",),
        r"Root Member\((?:(?!Root Member\()[^\n]){0,400}?requested_device_name_="
        r"'(?P<req>[^'\n]{0,200})'(?:(?!Root Member\()[^\n]){0,400}?supported_device_types_="
        r"\[(?P<types>[^\]\n]{0,200})\]",
    ),
    # colocation_graph.cc's debug info under that error: "Colocation group had the following
    # types and supported devices:" then one "<OpType>: <device types>" line per op type.
    _p(
        "placer.coloc_member",
        (": cpu", ": gpu"),
        r"^\s*(?P<op>[A-Z]\w{1,80}): (?P<devs>(?:XLA_CPU|XLA_GPU|CPU|GPU|TPU)"
        r"(?: (?:XLA_CPU|XLA_GPU|CPU|GPU|TPU)){0,6})\s*$",
    ),
    # A loader that failed outright because a dependency was missing: Java's
    # UnsatisfiedLinkError (the JDK puts "<library path>: <dlerror()>" in the message), Python's
    # ImportError/OSError (ctypes.CDLL, a pywrap extension), the dynamic linker of a program
    # ("error while loading shared libraries: X: cannot open shared object file"; the dlerror
    # text may be glibc's translation, facts/dlerror_text.py), and TensorFlow's
    # load_op_library/load_library, which raises NotFoundError with dlerror()'s text when a
    # custom op or plugin library cannot be opened (platform/default/load_library.cc
    # "errors::NotFound(dlerror())"; tsl since 2.12): checks/library_load.py reads only its
    # CUDA/NVIDIA libraries.
    _p(
        "lib.fatal_load",
        ("unsatisfiedlinkerror", "importerror", "oserror", "error while loading shared libraries",
         "notfounderror"),
        r"(?P<loader>UnsatisfiedLinkError|ImportError|OSError|NotFoundError|error while loading "
        r"shared libraries):\s*(?:(?P<host>[^\s:]{0,300}?"
        r"(?P<hostlib>[\w.+-]{1,80}\.(?:so|dll|dylib|jnilib)"
        r"[\w.]{0,12})):\s*)?(?P<lib>lib[\w.+-]{1,80}?\.so[\w.]{0,12}): "
        + dlerror_text.cannot_open_regex(),  # English or translated (glibc's catalogue)
        "lib",
    ),
    # NVIDIA DALI's device guard (dali/core/device_guard.cc, as its RuntimeError prints it:
    # 'Assert on "cuInitChecked()" failed: Failed to load libcuda.so. Check your library paths
    # and if the driver is installed correctly.'): DALI, used with TensorFlow through its
    # TensorFlow plugin, cannot start a GPU pipeline without the driver's libcuda
    _p(
        "lib.fatal_load",
        ("failed to load libcuda.so",),
        r'(?P<loader>RuntimeError): \[[^\]\n]{0,200}?(?P<hostlib>dali)/core/device_guard\.cc:\d+\] '
        r'Assert on "cuInitChecked\(\)" failed: Failed to load (?P<lib>libcuda\.so)\b',
        "lib",
    ),
    # A traceback's source line calling TensorFlow's op-library loader
    # (tf.load_op_library / tf.load_library, tensorflow/python/framework/load_library.py) with
    # the library's file name as a literal: names the op library whose load failed
    # (checks/library_load.py); the frame line "in load_op_library" has no call
    _p(
        "op.load_call",
        ("load_op_library(", "load_library("),
        r"\bload_(?:op_)?library\((?:[^\n'\"]{0,200}['\"](?:[^\n'\"]{0,200}[/\\])?"
        r"(?P<so>[\w.+-]{1,120}\.(?:so|dylib|dll))['\"])?",
    ),
    # The JDK on Windows (LoadLibrary failed with ERROR_MOD_NOT_FOUND): "java.lang.
    # UnsatisfiedLinkError: <path>\tensorflow_jni.dll: Can't find dependent libraries".
    _p(
        "lib.jni_dll_deps",
        ("can't find dependent libraries",),
        r"UnsatisfiedLinkError: ?(?P<path>(?:[A-Za-z]:)?[^:\r\n]{0,300}): ?"
        r"Can't find dependent libraries",
    ),
    # R's reticulate importing a Python module: "Error in py_module_import(module, convert =
    # convert) :" (the Python error follows), and the R keras/tensorflow packages' "Python
    # module tensorflow was not found." / "Python module keras was not found.".
    _p(
        "ctx.reticulate",
        ("py_module_import", "python module"),
        r"Error in py_module_import\(|Python module (?P<mod>tensorflow|keras)\S{0,40} was not "
        r"found",
    ),
    # TensorFlow's native module failing to import, seen in the traceback (TF 1.x
    # pywrap_tensorflow_internal.py's swig_import_helper; "Failed to load the native
    # TensorFlow runtime." from pywrap_tensorflow.py), or the traceback's frame of
    # pywrap_tensorflow.py importing it: "from tensorflow.python.pywrap_tensorflow_internal
    # import *" (TF 1.x) / "from tensorflow.python._pywrap_tensorflow_internal import *" (TF
    # 2.x, 2.21 included), the line in its try block whose ImportError it re-raises; also the
    # frame of that SWIG module's own import ('File ".../pywrap_tensorflow_internal.py", line
    # 28, in <module>', where swig_import_helper() loads _pywrap_tensorflow_internal.so) when
    # the paste stops there.
    _p(
        "lib.pywrap_import",
        ("swig_import_helper", "failed to load the native tensorflow runtime",
         "pywrap_tensorflow_internal import", "pywrap_tensorflow_internal.py"),
        r"swig_import_helper|Failed to load the native TensorFlow runtime"
        r"|from tensorflow\.python\._?pywrap_tensorflow_internal import \*"
        r"|pywrap_tensorflow_internal\.py\"?, line \d{1,6}, in <module>",
    ),
    # The Windows self-check script the TF 1.x install guide pointed to
    # (tensorflow_self_check.py): "- Could not find cuDNN 6." / "- Could not find cuDNN."
    # and, for CUDA, "- Could not load 'cudart64_80.dll'." (the per-release list under it,
    # "* TensorFlow 1.2.1 or earlier requires cuDNN 5.1. ('cudnn64_5.dll')", is not read).
    # The same script's per-DLL lines ("- Could not load 'nvcuda.dll'. The GPU version of
    # TensorFlow requires that this DLL be installed ...", "... 'cudart64_80.dll'. The GPU
    # version of TensorFlow\n  requires ...", "- Could not load 'msvcp140.dll'. TensorFlow
    # requires that this DLL be") and its header "ERROR: Failed to import the TensorFlow
    # module.", which it prints before them: it checks the DLLs only after `import
    # tensorflow` raised ImportError (mrry's gist ee5dbcfdd045fa48a27d56664411d41c).
    _p(
        "win.self_check_script_dll",
        ("could not load '",),
        r"^\W{0,4}Could not load '(?P<lib>[\w+-][\w.+-]{0,80}\.dll)'\."
        r"(?P<gpu>\s{1,4}(?:The GPU version of )?TensorFlow\b)?",
        "lib",
    ),
    _p(
        "win.self_check_script_header",
        ("failed to import the tensorflow module",),
        r"ERROR: Failed to import the TensorFlow module\.",
    ),
    # its success line ("TensorFlow successfully installed."): copies of the script that
    # comment out its sys.exit(0) go on to the DLL lines after a successful import
    _p(
        "win.self_check_script_ok",
        ("tensorflow successfully installed",),
        r"TensorFlow successfully installed\.",
    ),
    _p(
        "cudnn.selfcheck",
        ("could not find cudnn",),
        r"^\W{0,4}Could not find cuDNN (?P<v>\d{1,2}(?:\.\d)?)\.\s*$",
    ),
    # A shared library's unresolved tensorflow:: symbol (a custom op built against
    # TensorFlow's headers): "<path>/x.so: undefined symbol: _ZN10tensorflow...".
    _p(
        "op.custom_op_symbol",
        ("undefined symbol: _zn", "undefined symbol:_zn"),
        r"(?P<so>[\w.+-]{1,120}\.so)[\w.]{0,12}: undefined symbol: ?_ZN\w{0,40}10tensorflow",
    ),
    # GCC's preprocessor warning for a macro defined twice with different values (libcpp
    # macro.c '"%s" redefined'): a custom op's build that passes -D_GLIBCXX_USE_CXX11_ABI=<n>
    # beside TensorFlow's own compile flags, which set the other value
    # (githubharald/CTCWordBeamSearch#12: '<command-line>:0:0: warning: "__GLIBCXX_USE_CXX11_ABI"
    # redefined'); and any library's unresolved symbol, named or cut off
    _p(
        "op.abi_macro_redefined",
        ("glibcxx_use_cxx",),
        r"warning: \"_{1,2}GLIBCXX_USE_CXX11_ABI\" redefined",
    ),
    _p(
        "op.so_undefined_symbol",
        ("undefined symbol",),
        r"(?P<so>[\w.+-]{1,120}\.so)[\w.]{0,12}: undefined symbol\b",
    ),
    # A language binding calling a TensorFlow C API function the native library it loaded
    # does not export: .NET's "System.EntryPointNotFoundException: Unable to find an entry
    # point named 'TF_StringInit' in DLL 'tensorflow'." (P/Invoke), a C/C++/Go link step's
    # "undefined reference to `TF_NewSession'" against an older libtensorflow.
    # TensorFlow's C API refusing an attribute its op definition lacks (tensorflow/c/c_api.cc
    # TF_OperationGetAttrMetadata: InvalidArgument("Operation '", name, "' has no attr named
    # '", attr_name, "'.")), as a language binding passes it on; read by checks/bindings.py
    _p(
        "lib.capi_no_attr",
        ("has no attr named",),
        r"Operation '(?P<op>[^'\n]{1,200})' has no attr named '(?P<attr>\w{1,80})'",
    ),
    # a .NET, Java or Go program's own frames or exception names around a TensorFlow binding
    _p(
        "ctx.binding_runtime",
        ("at tensorflow.", "system.", "java.lang.", "org.tensorflow", "tensorflow/go"),
        r"^\s*at Tensorflow\.|\bSystem\.\w+Exception\b|\bjava\.lang\.\w+(?:Error|Exception)\b"
        r"|\borg\.tensorflow\.|github\.com/tensorflow/tensorflow/tensorflow/go",
    ),
    _p(
        "lib.capi_missing",
        ("unable to find an entry point named", "undefined reference to `tf"),
        r"Unable to find an entry point named '(?P<fn>TFE?_\w{1,80})' in (?:DLL|shared library) "
        r"'(?P<lib>[\w.+-]{1,80})'|undefined reference to `(?P<fn2>TFE?_\w{1,80})'"
        # any function the binding asks of the native library named tensorflow itself
        # (TensorFlow.NET's SciSharp redist exports its own helpers, such as VSpace_Handle)
        r"|Unable to find an entry point named '(?P<fn3>\w{1,80})' in (?:DLL|shared library) "
        r"'(?P<lib3>(?:lib)?tensorflow(?:\.dll|\.so[\d.]{0,12}|\.dylib)?)'",
    ),
    # TensorFlow.NET's native redist package named with its version, as a package list, a
    # .csproj PackageReference or a paste writes it ("SciSharp.TensorFlow.Redist-Windows-GPU
    # 2.10.3", Include="..." Version="2.10.3"); group flavor: -Windows-GPU / -Linux-GPU
    # (none: the CPU redist) (checks/bindings.py)
    _p(
        "lib.tfnet_redist",
        ("scisharp.tensorflow.redist",),
        r"\bSciSharp\.TensorFlow\.Redist(?P<flavor>-Windows-GPU|-Linux-GPU)?\b(?!-)"
        r"[\"']?(?:\s{1,20}(?:Version=\"|--version\s+|-Version\s+)?|\s{0,4}[,:=/@]\s{0,4}"
        r"(?:Version=\")?)v?(?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)\b",
    ),
    _p(
        "lib.missing",
        ("could not load '",),
        r"^\W{0,4}Could not load '(?P<lib>[\w+-][\w.+-]{0,80}\.dll)'",
        "lib",
    ),
    # --- add-on op libraries, Horovod, cuInit codes, JAX, cuDNN parameters ---
    # An op library (a TensorFlow add-on's or a custom op's .so) that TensorFlow's
    # load_op_library/load_library could not load because a symbol it needs is missing:
    # TensorFlow returns dlerror()'s text as NotFoundError (platform/default/load_library.cc).
    # glibc's form is "<object>: undefined symbol: <name>[, version <v>]" (elf/dl-lookup.c);
    # macOS's dlopen "dlopen(<path>, <mode>): symbol not found in flat namespace '<name>'"
    # (older: "Symbol not found: <name>"). tensorflow-io wraps it as "unable to open file:
    # <lib>, from paths: [...]\ncaused by: [...]" (tensorflow_io/python/ops/__init__.py).
    _p(
        "op.lib_symbol",
        ("undefined symbol", "symbol not found"),
        # the library is the word before ": undefined symbol: " (checks/custom_ops.py reads
        # it from the line): anchored on the first occurrence, linear on long lines
        # (a paste may have lost the space after the colon)
        _first(": undefined symbol:") + r" ?(?P<sym>[\w@.$]{1,400})"
        r"|" + _first("dlopen(") + r"(?P<mlib>[^,()]{1,300}\.(?:so|dylib)), "
        r"(?:0x)?[0-9a-fA-F]{1,8}\): "
        r"(?:symbol not found in flat namespace '(?P<msym>[\w@.$]{1,400})'"
        r"|Symbol not found: (?P<msym2>[\w@.$]{1,400}))",
        "sym",
    ),
    # glibc's "<library>: undefined symbol: __cuda<Name>" for a registration or launch symbol
    # of the host code nvcc generates (checks/nvcc_runtime_symbol.py reads which CUDA release
    # first emits it); a paste may put spaces around the colons
    _p(
        "op.nvcc_symbol",
        ("undefined symbol",),
        _first("undefined symbol") + r" ?: ?(?P<sym>__cuda[A-Z]\w{1,60})",
    ),
    # glibc's "<object>: undefined symbol: <name>, version <node>" where <node> is the symbol
    # version of an NVIDIA CUDA/cuDNN/NCCL library (they name their version nodes after their
    # SONAME: "libcudart.so.11.0", "libcublasLt.so.11", "libnvJitLink.so.12"): the object was
    # linked against a copy of that library that defines <name>, and the copy the process
    # loaded has the node but not the function (elf/dl-lookup.c _dl_lookup_symbol_x: "undefined
    # symbol: ", name, ", version ", node). Read by checks/versioned_cuda_symbol.py
    _p(
        "lib.cuda_symbol_version",
        ("undefined symbol",),
        _first("undefined symbol") + r" ?: ?(?P<sym>[\w@.$]{1,200}), version "
        r"(?P<node>lib(?:cudart|cublasLt|cublas|cufft|curand|cusolver|cusparse|nvrtc|nvJitLink"
        r"|cudnn(?:_\w{1,20})?|nccl|cupti|nvinfer(?:_plugin)?|npp\w{0,6})\.so(?:\.\d{1,4}){0,3})"
        r"(?![\w.])",
    ),
    # A compiler driver's link line (g++/c++/gcc/clang++) that names TensorFlow's framework
    # library (-ltensorflow_framework, -l:libtensorflow_framework.so.N) BEFORE an input file
    # (.o/.cc/.cpp): under --as-needed (Ubuntu's gcc default since 11.10,
    # wiki.ubuntu.com/ToolChain/CompilerFlags) the linker drops a shared library that no
    # earlier input needs (tensorflow/tensorflow PR #34842: "the order of the linker flags was
    # what was causing the undefined reference"); a compile-only line (-c) links nothing.
    # Read by checks/custom_ops.py (custom-op-not-linked-to-tensorflow-framework, link-order)
    _p(
        "ctx.tf_framework_link_order",
        ("tensorflow_framework",),
        r"^\s{0,8}(?:[$#>]\s{0,3})?(?![^\n]{0,4000}\s-c\s)(?:\S{0,200}[/\\])?"
        r"(?:g\+\+|c\+\+|gcc|clang\+\+|clang)(?:-\d{1,2})?\s[^\n]{0,2000}?"
        r"\s-l:?(?:lib)?tensorflow_framework\b[^\n]{0,2000}?\s"
        r"(?P<input>[^\s'\"]{1,300}\.(?:o|cc|cpp|cxx|c))(?=\s|$)",
    ),
    # A compiler's missing-include error for a CUDA header named by its path in TensorFlow's
    # source tree (TF 1.x "cuda/include/cuda.h", later "third_party/gpus/cuda/include/..."):
    # gcc/nvcc "fatal error: <inc>: No such file or directory", clang "fatal error: '<inc>'
    # file not found", MSVC "fatal error C1083: Cannot open include file: '<inc>': ...".
    # checks/op_build_headers.py keeps those raised in a header of TensorFlow's include folder
    _p(
        "build.tf_cuda_include",
        ("cuda/include/",),
        _first("fatal error") + r"(?: C1083)?: ?(?:Cannot open include file: )?'?"
        r"(?P<inc>(?:third_party/gpus/)?cuda/include/[\w./-]{1,80}\.h)'?:? "
        r"(?:No such file or directory|file not found)",
    ),
    # The same compilers' missing-include error for one of TensorFlow's own headers
    # ("tf_sampling.cpp:6:42: fatal error: tensorflow/core/framework/op.h: No such file or
    # directory"): the op's compile line lacks TensorFlow's include folder
    # (checks/op_build_headers.py)
    _p(
        "build.tf_header_missing",
        ("tensorflow/core/", "tensorflow/cc/", "tensorflow/c/"),
        _first("fatal error") + r"(?: C1083)?: ?(?:Cannot open include file: )?'?"
        r"(?P<inc>tensorflow/(?:core|cc|c)/[\w./-]{1,120}\.h)'?:? "
        r"(?:No such file or directory|file not found)",
    ),
    # a compile line naming the pip TensorFlow's include folder or library (an -I into
    # tensorflow/include, tf.sysconfig's flags, -ltensorflow_framework), or a bazel build of
    # TensorFlow itself: read by checks/op_build_headers.py
    _p(
        "build.tf_flags",
        ("tensorflow/include", "tensorflow\\include", "get_include", "get_compile_flags",
         "ltensorflow_framework", "bazel"),
        r"(?P<inc>-I\s?\S{0,300}tensorflow[/\\]include|get_include\(\)|get_compile_flags\(\))"
        r"|(?P<lib>-ltensorflow_framework)|(?P<bazel>\bbazel(?:isk)? (?:build|test|run)\b"
        r"|crosstool_wrapper_driver)",
    ),
    # Horovod's import-time check (horovod/common/util.py check_extension): the framework
    # extension was not compiled when horovod was pip-installed
    _p(
        "dist.horovod_not_built",
        ("has not been built",),
        r"Extension (?P<ext>horovod\.\w{1,20}) has not been built"
        r"(?:: (?P<path>\S{1,300}) not found)?",
    ),
    # Older TF 1.x cuda_driver.cc ToString(CUresult): a code outside its switch of cuda.h
    # names prints as "CUresult(<n>)" (later releases ask cuGetErrorName and print
    # "UNKNOWN ERROR (<n>)" instead)
    _p(
        "cuda.cuinit_unnamed",
        ("failed call to cuinit: curesult(",),
        r"failed call to cuInit: CUresult\((?P<code>-?\d{1,6})\)",
    ),
    # cuda_diagnostics.cc: the libcuda this process loaded did not report a version (no
    # driver library of the host in the process, e.g. a container without the NVIDIA runtime)
    _p(
        "driver.libcuda_not_found",
        ("was unable to find libcuda.so dso loaded into this program",),
        r"libcuda reported version is: (?:Not found: |NOT_FOUND: )?was unable to find "
        r"libcuda\.so DSO loaded into this program",
    ),
    # A CUDA forward-compatibility libcuda named in a log: NVIDIA's cuda-compat-<major>-<minor>
    # package or its /usr/local/cuda[-X.Y]/compat folder (docs.nvidia.com/deploy/
    # cuda-compatibility)
    _p(
        "driver.compat_libcuda",
        ("cuda-compat-", "/compat"),
        r"\bcuda-compat-\d{1,2}-\d{1,2}\b|/usr/local/cuda(?:-\d{1,2}\.\d{1,2})?/compat\b",
    ),
    # placer.cc: "Could not satisfy explicit device specification '<dev>' because no
    # supported kernel for GPU devices is available" after TF 1.x's quoted "Cannot assign a
    # device for operation '<op>': " (or "to node '<op>'"), or on its own line
    _p(
        "placer.no_gpu_kernel",
        ("because no supported kernel for gpu devices is available",),
        r"(?:Cannot assign a device (?:for operation|to node) '(?P<op>[\w/.-]{1,400})': "
        r"|(?<![\w/.-]: ))Could not satisfy explicit device specification '[^'\s]{0,200}' "
        r"because no supported kernel for GPU devices is available",
    ),
    # the same message's reason quoted alone (an issue title, a retyped line): placer.cc's
    # words, which no other message uses
    _p(
        "placer.no_gpu_kernel",
        ("no supported kernel for gpu devices is available",),
        r"^\W{0,6}no supported kernel for GPU devices is available\W{0,6}$"
        # the message after the op's name alone ("DenseToDenseSetOperation: Could not
        # satisfy ..."), the start of the line: an issue title, or TF 1.x's Python-side text
        r"|^\W{0,6}(?P<op>(?![A-Za-z]{0,80}(?:Error|Exception|Warning):)[A-Z]\w{1,100}): "
        r"Could not satisfy explicit device specification "
        r"'[^'\s]{0,200}' because no supported kernel for GPU devices is available",
    ),
    # tensorflow/core/kernels/matmul_op_impl.h: the matrix-vector form of the cuBLAS launch
    # failure ("Blas GEMV launch failed:  m=<m>, n=<n>")
    _p(
        "mem.handle",
        ("gemv launch failed",),
        r"(?P<gemm>Blas (?:x|S|D|H|C|Z)?GEMV launch failed)",
    ),
    # TensorRT 7/8's own check of the CUDA libraries it loads (relayed by TF-TRT's
    # trt_logger.cc, or printed by TensorRT alone): "TensorRT was linked against cuDNN 8.1.0
    # but loaded cuDNN 8.0.5" (likewise cuBLAS and cuBLAS LT)
    _p(
        "trt.lib_linked_loaded",
        ("tensorrt was linked against",),
        r"TensorRT was linked against (?P<lib>cuDNN|cuBLAS/cuBLAS LT|cuBLAS LT|cuBLASLt|cuBLAS) "
        r"(?P<linked>\d[\d.]{0,20}) but loaded (?:cuDNN|cuBLAS/cuBLAS LT|cuBLAS LT|cuBLASLt"
        r"|cuBLAS) (?P<loaded>\d[\d.]{0,20})",
    ),
    # TensorRT 7/8 (its closed safeContext.cpp, as TF-TRT's trt_logger.cc relays it) when
    # it cannot start cuDNN or cuBLAS for an engine it builds: "Cudnn Error in
    # initializeCommonContext: 1 (Could not initialize cudnn, please check cudnn
    # installation.)" (1: CUDNN_STATUS_NOT_INITIALIZED in cudnn.h), the same handle failure
    _p(
        "mem.handle",
        ("error in initializecommoncontext", "(could not initialize cud",
         "(could not initialize cub"),
        r"\b(?P<lib>(?i:cudnn|cublaslt|cublas)) Error in initializeCommonContext\b"
        # TensorRT 8's form: "[executionResources.cpp::setTacticSources::178] Error Code 1:
        # Cudnn (Could not initialize cudnn, please check cudnn installation.)"
        r"|Error Code \d{1,3}: (?P<lib2>Cudnn|Cublas|CublasLt) \(Could not initialize",
    ),
    # conv_ops.cc's "Failed to get convolution algorithm. This is probably because cuDNN
    # failed to initialize, ..." wrapped by a paste (or a terminal) after its first sentence
    _p(
        "mem.handle",
        ("failed to get convolution algorithm",),
        r"(?P<conv>Failed to get convolution algorithm)\.\s*$",
    ),
    # JAX's CUDA plugin checks its CUDA components at start-up (jax_plugins/cuda/__init__.py
    # _check_cuda_versions; older jax/_src/xla_bridge.py): "Found <name> version <v>, but JAX
    # was built against version <b>, which is newer", "Unable to load <name>. Is it
    # installed?", or "Outdated <name> installation found." with the versions on the next
    # lines; xla_bridge.py prefixes "CUDA backend failed to initialize: "
    # a GPU library beside TensorFlow saying its installed build has no CUDA: DGL's
    # DeviceAPIManager::GetAPI (dmlc/dgl src/runtime/c_runtime_api.cc: CHECK(allow_missing) <<
    # "Device API " << name << " is not enabled. Please install the cuda version of dgl.",
    # name "gpu" in DGL <= 0.9, "cuda" later) and PyTorch's torch/cuda/__init__.py _lazy_init
    # (raise AssertionError("Torch not compiled with CUDA enabled"))
    _p(
        "companion.cpu_build",
        ("please install the cuda version of dgl", "torch not compiled with cuda enabled"),
        r"Device API (?P<dgl>gpu|cuda) is not enabled\. Please install the cuda version of dgl"
        r"|(?P<torch>Torch not compiled with CUDA enabled)",
    ),
    _p(
        "jax.cuda",
        ("but jax was built against version", "is it installed?",
         "installation found.", "version jax was built against:", "installed version:",
         "minimum supported:"),
        r"Found (?P<name>[\w-]{1,20}) version (?P<have>\d{1,9}), but JAX was built against "
        r"version (?P<built>\d{1,9}), which is newer"
        r"|(?:backend failed to initialize: )Unable to load (?P<noload>[\w-]{1,20})\. Is it "
        r"installed\?"
        r"|Outdated (?P<oname>[\w-]{1,20}) installation found\."
        r"|^\s*Version JAX was built against: (?P<built2>\d{1,9})\s*$"
        r"|^\s*Installed version: (?P<have2>\d{1,9})\s*$"
        r"|^\s*Minimum supported: (?P<min>\d{1,9})\s*$",
    ),
    # cuda_dnn.cc: cuDNN rejected a descriptor TensorFlow built (TF 0.x-1.x "could not set
    # cudnn tensor/filter descriptor: CUDNN_STATUS_BAD_PARAM", "could not convert
    # BatchDescriptor {...} to cudnn tensor descriptor: ...", "failed to enqueue convolution
    # on stream: ...", TF 2.x "Check failed: cudnnSet...Descriptor(...) == CUDNN_STATUS_SUCCESS
    # (3 vs. 0)batch_descriptor: {...}"; 3 is CUDNN_STATUS_BAD_PARAM in cudnn.h)
    _p(
        "cudnn.bad_param",
        ("cudnn_status_bad_param", "cudnn_status_success ( vs. )"),
        # the status as a number: 3 up to cuDNN 8, 2000 (and its BAD_PARAM_* sub-codes 20xx)
        # from cuDNN 9's cudnn_graph.h (status_codes.toml cudnnStatus_t)
        # and cuDNN 9's named sub-statuses (CUDNN_STATUS_BAD_PARAM_NULL_POINTER, ...)
        r"CUDNN_STATUS_BAD_PARAM(?:_[A-Z]{2,30}){0,4}\b"
        r"|== CUDNN_STATUS_SUCCESS \((?:3|20\d\d) vs\. 0\)",
    ),
    # the descriptor cuda_dnn.cc prints with such a rejection (stream_executor dnn.cc
    # BatchDescriptor::ToString "{count: %d feature_map_count: %d spatial: %s value_min: %f
    # value_max: %f layout: %s}", the same in the 2.21 wheel), read apart from the status: a
    # hard wrap may put the two lines apart (checks/cudnn_params.py)
    _p(
        "cudnn.batch_descriptor",
        ("feature_map_count",),
        r"\{count: (?P<count>\d{1,9}) feature_map_count: (?P<maps>\d{1,9}) "
        r"spatial:(?P<spatial>(?: {1,2}\d{1,9}){1,4})",
    ),
    # MirroredStrategy's NcclAllReduce error lists the devices TensorFlow registered
    # (op_kernel.cc "Registered devices: [CPU, GPU, ...]")
    _p(
        "placer.registered_devices",
        ("registered devices:",),
        r"Registered devices: \[(?P<devs>[\w, ]{0,200})\]",
    ),
    # --- tf.config, device placement, XLA compilation, TPU (TensorFlow 2.21's own messages) ---
    # TensorFlow 2.21's own Python/C++ messages about devices (messages_tf_python.toml).
    # eager/context.py: tf.config calls TensorFlow rejects (argument errors, and runtime
    # settings other than devices changed after the runtime initialised).
    _p(
        "gpu.config_rejected",
        ("setting memory limit", "on cpu virtual", "must be specified for all virtual devices",
         "virtual devices are not supported for", "cannot set memory growth on non-gpu",
         "invalid visible device index", "parallelism cannot be modified after initialization",
         "collective ops must be configured at program startup",
         "virtual cpus already set, cannot modify again", "invalid argument `device_policy`",
         "must be set for all virtual devices or none", "number of virtual device priorities",
         "number of virtual device ordinals", "not a valid device policy",
         "outside the range of supported priorities", "failed to find supported priority range"),
        r"(?P<limit>Setting memory limit is required for GPU virtual devices)"
        r"|(?P<cpulimit>Setting (?:memory limit|experimental_priority|experimental_device_ordinal)"
        r" on CPU virtual\s+devices is currently not supported)"
        # context.py's rule, and gpu_device.cc's VerifyVirtualDeviceSettings enforcing it for a
        # ConfigProto (all or none; one per memory_limit_mb)
        r"|(?P<partial>(?:priority|device_ordinals) must be specified for all virtual devices"
        r"|(?:Priority|Device ordinals) must be set for all virtual devices or none"
        r"|Number of virtual device (?:priorities|ordinals) specified doesn't match with number "
        r"of memory_limit_mb)"
        r"|Virtual devices are not supported for (?P<vtype>[\w-]{1,40})"
        # gpu_device.cc VerifyVirtualDeviceSettings: a priority outside the GPU's stream-
        # priority range (cuCtxGetStreamPriorityRange), or a GPU whose range was not recorded
        r"|Priority (?P<prio>-?\d{1,9}) is outside the range of supported priorities "
        r"\[(?P<range>-?\d{1,9},\s?-?\d{1,9})\]"
        r"|(?P<norange>Failed to find supported priority range for GPU device) (?P<prgpu>\d{1,4})"
        r"|(?P<growthtype>Cannot set memory growth on non-GPU and non-Pluggable devices)"
        r"|Invalid visible device index: (?P<index>-?\d{1,6})"
        r"|(?P<threads>(?:Intra|Inter) op parallelism cannot be modified after initialization)"
        r"|(?P<collective>Collective ops must be configured at program startup)"
        r"|(?P<vcpu>Virtual CPUs already set, cannot modify again)"
        # framework/config.py set_device_policy (2.10+; "Not a valid device policy: %r" in 2.4)
        r"|(?:Invalid argument `device_policy`: |Not a valid device policy: )"
        r"(?P<policy>\S{1,60}?)(?:\. Please refer to|\s*$)",
    ),
    # framework/config.py list_physical_devices (2.21): printed once on native Windows
    _p(
        "win.no_gpu",
        ("gpu support is not available on native windows",),
        r"TensorFlow GPU support is not available on native Windows for TensorFlow >= 2\.11",
    ),
    # eager/execute.cc: an op's input is on another device and TensorFlow would not copy it;
    # "(operation running on <dev>)" (group on) differs from the expected device when the
    # kernel takes the input in host memory (TF 1.x c_api.cc: expected = memtypes[i] ==
    # HOST_MEMORY ? host_device : op_device; checks/device_placement.py)
    _p(
        "placer.conflicting_devices",
        ("tensors on conflicting devices",),
        r"Tensors on conflicting devices: cannot compute (?P<op>[\w/.-]{1,400}) as input "
        r"#(?P<n>\d{1,4}) was expected to be on (?P<want>\S{1,200}) but is actually on "
        r"(?P<have>\S{1,200})(?: \(operation running on (?P<on>[^\s()]{1,200})\))?",
    ),
    # the same message's hint in TensorFlow 1.x eager: ".gpu() or .cpu(), or transparently
    # copied by using tfe.enable_eager_execution(tfe.DEVICE_PLACEMENT_SILENT)" (contrib eager,
    # c_api.cc; group tfe) or "... tf.enable_eager_execution(device_policy=tfe.
    # DEVICE_PLACEMENT_SILENT)" (eager/execute.cc, later 1.x); 2.x names set_device_policy
    _p(
        "ctx.tf1_eager_policy_hint",
        ("tfe.enable_eager_execution(", "tf.enable_eager_execution(device_policy",
         ".gpu() or .cpu()"),
        # (the hint after ".gpu() or .cpu()" on the same line is read with it)
        r"(?:\.gpu\(\) or \.cpu\(\)[^\n]{0,160}?)?(?:(?P<tfe>\btfe\.enable_eager_execution\()"
        r"|\btf\.enable_eager_execution\(device_policy)|\.gpu\(\) or \.cpu\(\)",
    ),
    # eager/placement_utils.cc / execute.cc (libtensorflow_cc): an op pinned with tf.device to
    # a device that cannot run it: "Could not satisfy device specification '<dev>'.
    # enable_soft_placement=<0|1>. Supported device types [<types>]. All available devices
    # [<devices>]."
    # TF 0.x-1.x placer.cc with nothing after the device: "Cannot assign a device to node 'b':
    # Could not satisfy explicit device specification '/gpu:2'" (TensorFlow's "Using GPUs"
    # guide of those releases: what a device that does not exist gives); the forms with
    # " because ..." are other patterns'
    _p(
        "placer.device_spec_bare",
        ("could not satisfy explicit device specification",),
        r"Could not satisfy explicit device specification '(?P<dev>[^'\s]{1,200})'"
        r"(?!\s{0,3}because)\s{0,3}$",
    ),
    # placer.cc's "Cannot assign a device for operation '<op>'" (TF 1.x; "... to node" in 0.x)
    # with nothing after the op name: the paste cuts the message before its reason, which
    # placer.cc always appends (": Could not satisfy explicit device specification ..." or
    # ": Operation was explicitly assigned to ... but available devices are [...]")
    _p(
        "placer.reason_cut",
        ("cannot assign a device for operation", "cannot assign a device to node"),
        r"Cannot assign a device (?:for operation|to node) '?(?P<op>[\w/.-]{1,400}?)'?:?\s*$",
    ),
    _p(
        "placer.device_spec",
        ("could not satisfy device specification",),
        r"Could not satisfy device specification '(?P<dev>[^'\s]{1,200})'\. "
        r"enable_soft_placement=(?P<soft>\d)\. Supported device types \[(?P<types>[^\]]{0,200})\]"
        r"\. All available devices \[(?P<avail>[^\]]{0,2000})\]",
    ),
    # colocation_graph.cc: ops that must share a device (a resource/reference and the ops
    # that use it, or a colocation group) were pinned to different devices.
    _p(
        "placer.colocation_merge",
        ("cannot colocate nodes", "connects colocation groups with incompatible"),
        r"Cannot colocate nodes .{0,400}?Cannot merge devices with incompatible (?P<what>types|ids)"
        r"|Cannot place the graph because a reference or resource edge connects colocation "
        r"groups with incompatible (?P<what2>assigned|resource) devices",
    ),
    # tf2xla (compile_function / xla_compiler.cc, tensor_list ops, strided_slice_op.cc): a
    # function XLA must compile (jit_compile=True, or a TPU/XLA device) holds an op or a
    # dynamic shape XLA cannot compile.
    _p(
        "xla.uncompilable",
        ("detected unsupported operations when trying to compile graph",
         "xla compilation requires", "xla can't deduce compile time constant",
         "opkernel for xla_"),
        r"Detected unsupported operations when trying to compile graph(?: (?P<fn>[\w.-]{1,200}))?"
        r"(?:\[[^\]]{0,1000}\])? on (?P<dev>XLA_\w{1,20}): (?P<op>[\w-]{1,120})"
        # its per-op detail alone, when a paste elides the first part ("Detected unsupported
        # operations ... ImageProjectiveTransformV3 (No registered '...' OpKernel for
        # XLA_GPU_JIT devices ...)": tensorflow/tensorflow#100865)
        r"|No registered '(?P<op2>[\w-]{1,120})' OpKernel for (?P<dev2>XLA_[A-Z]{1,10}_JIT) devices"
        r"|(?P<fixed>XLA compilation requires (?:a fixed (?:stack|tensor list) size"
        r"|pad_to_max_output_size == True))"
        r"|(?P<const>XLA can't deduce compile time constant (?:output|processing) shape)"
        # (the header alone: a paste cut before " on XLA_GPU_JIT: <op>")
        r"|(?P<cut>Detected unsupported operations when trying to compile graph)",
    ),
    # Keras' mixed-precision check (device_compatibility_check.py) lists a GPU that reports
    # no CUDA compute capability (ROCm, DirectML, Metal): it cannot judge float16 speed there
    _p(
        "mixed.not_nvidia",
        ("no compute capability (probably not an nvidia gpu)",),
        r"(?:^|:)\s*(?P<name>[^,:]{2,80}), no compute capability \(probably not an Nvidia GPU\)",
    ),
    # TPU code without a TPU: tpu/client/client.py (no TPU name anywhere),
    # tpu/tpu_strategy_util.py (initialize_tpu_system found no TPU system device),
    # distribute/cluster_resolver/tpu/tpu_cluster_resolver.py (the TPU master did not answer)
    _p(
        "tpu.missing",
        ("please provide a tpu name to connect to", "tpus not found in the cluster",
         "the tpu might not be ready"),
        r"(?P<noname>Please provide a TPU Name to connect to)"
        r"|(?P<noinit>TPUs not found in the cluster\. Failed in initialization)"
        r"|(?P<connect>Failed to connect to master\. The TPU might not be ready)",
    ),
    # XLA's cupti_tracer.cc maps CUPTI_ERROR_INSUFFICIENT_PRIVILEGES to this status text
    _p("cupti.privilege", ("cupti needs root access",), r"CUPTI needs root access"),
    # --- Horovod build/ABI, NCCL headers, Open MPI plugins ---
    # Sources: horovod/horovod@2626dc87 docs/troubleshooting.rst ("NCCL 2 is not found during
    # installation": the compiler's "fatal error: nccl.h: No such file or directory" and
    # setup's "NCCL 2.0 library or its later version was not found"; "libcudart.so.X.Y":
    # framework and Horovod built with different CUDA), horovod/common/exceptions.py
    # (framework changed since install: "Reinstall Horovod using `pip install --no-cache-dir`");
    # open-mpi/ompi@8efebee7 docs/installing-open-mpi/installation-location.rst (a new Open MPI
    # installed over an older one leaves its plugins: "an incompatible muddle of files"),
    # docs/tuning-apps/dynamic-loading.rst (plugins need libmpi loaded RTLD_GLOBAL),
    # opal/mca/base/mca_base_component_repository.c ("perhaps a missing symbol, or compiled
    # for a different version of Open MPI?").
    # A report that only says Horovod's import hit an "undefined symbol" (no glibc
    # "<lib>: undefined symbol: <name>" form, which op.lib_symbol reads)
    _p(
        "dist.hvd_symbol_prose",
        ("undefined symbol",),
        r"\bhorovod(?P<fw>\.(?:tensorflow|torch|keras|mxnet))?\b[^\n]{0,200}?\bundefined symbol\b",
    ),
    # Horovod's extension (mpi_lib*.so, horovod/<framework>/...) missing a CUDA runtime API
    # function, in glibc's "<lib>: undefined symbol: <name>" form; markdown emphasis (** or `)
    # that GitHub pastes put around the message is tolerated
    _p(
        "dist.hvd_cuda_symbol",
        ("undefined symbol",),
        r"(?P<lib>\bmpi_lib[\w.-]{0,80}?\.so)(?:\.[\d.]{1,12})?: ?[*`]{0,2}undefined symbol: ?"
        r"[*`]{0,2}(?P<sym>cuda[A-Z]\w{0,60})\b",
    ),
    # NCCL's header missing when a build (Horovod's NCCL GPU operations) compiles against it
    _p(
        "nccl.header",
        ("fatal error: nccl.h", "library or its later version was not found"),
        r"fatal error: nccl\.h: No such file or directory"
        r"|NCCL 2\.0 library or its later version was not found",
    ),
    # which build wanted nccl.h (read with nccl.header by checks/distributed.py): NVIDIA's
    # nccl-tests (its folder in make's "Entering directory" lines; src/Makefile adds
    # $(NCCL_HOME)/include), Horovod's setup (its name, a HOROVOD_* variable, its
    # build/temp.*/test_compile/test_nccl.cc probe), a CMake build (CMakeFiles/ targets)
    _p(
        "ctx.nccl_build",
        ("nccl-tests", "horovod", "cmakefiles", "test_compile"),
        r"(?P<tests>\bnccl-tests\b)"
        r"|(?P<hvd>\b[Hh]orovod\b|\bHOROVOD_[A-Z_]{2,40}|test_compile[/\\]test_nccl\.)"
        r"|(?P<cmake>\bCMakeFiles[/\\])",
    ),
    # An Open MPI plugin (mca_<framework>_<component>.so) that needs an Open MPI core symbol
    # (opal_/ompi_/orte_/pmix_) the loaded libraries lack. Open MPI's own "unable to open
    # <plugin>: perhaps a missing symbol, or compiled for a different version of Open MPI?
    # (ignored)" is NOT read: mca_base_component_repository.c prints that hint for any plugin
    # libltdl could not open, a missing dependency library (an unused network's) included.
    _p(
        "dist.ompi_plugin_symbol",
        ("undefined symbol",),
        r"(?P<plugin>mca_\w{1,60}\.so): undefined symbol: ?"
        r"(?P<sym>(?:opal|ompi|orte|pmix)_\w{1,200})",
    ),
    # --- tf-keras for deepface, pasted Illegal instruction, /proc driver, cuDNN 8 sub-DLLs ---
    # bash jobs.c prints a signalled job as strsignal(SIGILL) ("Illegal instruction", siglist.c)
    # then " (core dumped)"; pastes mangle the suffix (spaces inside the parentheses, words
    # appended by a terminal or translation): the line still starts with the signal's name and
    # the parenthesis opens with "core dumped" (bminor/bash jobs.c, siglist.c)
    _p(
        "cpu.illegal",
        ("illegal instruction",),
        # (the clean " (core dumped)" is the first cpu.illegal pattern's: not matched twice)
        r"^\s*Illegal instruction\s*\((?:\s+core dumped\b[^()\n]{0,40}"
        r"|core dumped\b[^()\n]{1,40})\)\s*$",
    ),
    # the shell's words quoted in a sentence of a report that says the program printed them
    # ('exits with an "Illegal instruction" error', 'produces an "Illegal instruction(core
    # dumped)" error'): the quotation marks hold the message and nothing else, as bash
    # printed it (jobs.c); never a sentence that denies it ("not the usual ...", "I don't get
    # ...") or a command that searches for it (grep)
    _p(
        "cpu.illegal",
        ("illegal instruction",),
        r"^(?!(?i:.{0,400}?\b(?:no longer|used to|if|when|whenever|previously|before|would"
        r"|could|might|should|unlike|instead|that one|other|others|someone|but)\b))"
        r".{0,400}?(?i:(?<!not )(?<!n't )(?<!never )\b(?:produces?|produced|gives?|gave|get|gets"
        r"|got|getting|fails? with|failed with|crash(?:es|ed)? with|dies with|died with"
        r"|exits? with|exited with|aborts? with|aborted with|throws?|threw|returns?|returned"
        r"|prints?|printed|shows?|showed)\b)(?:(?!\b(?:not|never)\b|n't)[^\"“'`\n]){0,30}"
        r"[\"“'`]Illegal instruction\s*(?:\(\s*core dumped\s*\))?[\"”'`]",
    ),
    # the same sentence with bash's whole message unquoted closing the line ("returns Illegal
    # instruction (core dumped)", IBM/MAX-Image-Resolution-Enhancer#23): " (core dumped)" is
    # jobs.c's suffix, so the words are the shell's, not prose about the signal
    _p(
        "cpu.illegal",
        ("illegal instruction (core dumped)",),
        r"^(?!(?i:.{0,400}?\b(?:no longer|used to|if|when|whenever|previously|before|would"
        r"|could|might|should|unlike|instead|that one|other|others|someone|but)\b))"
        r".{0,400}?(?i:(?<!not )(?<!n't )(?<!never )\b(?:produces?|produced|gives?|gave|gets?"
        r"|got|returns?|returned|prints?|printed|shows?|showed|throws?|threw)\b)"
        r" {1,3}(?:an? |the )?Illegal instruction \(core dumped\)[ .]{0,3}$",
    ),
    # a line holding only the quoted message, in any case ('"illegal Instruction"': the whole
    # report of EdjeElectronics/TensorFlow-Object-Detection-on-the-Raspberry-Pi#28)
    _p(
        "cpu.illegal",
        ("illegal instruction",),
        r"^\s{0,8}[\"“'`]\s{0,2}(?i:illegal instruction)(?:\s{0,2}\(\s{0,2}(?i:core dumped)"
        r"\s{0,2}\))?\s{0,2}[\"”'`]\s{0,8}$",
    ),
    # SIGILL as the tools around a process report it, not as a shell does: CPython's
    # faulthandler ("Fatal Python error: Illegal instruction", Modules/faulthandler.c
    # faulthandler_handlers), the signal's name (subprocess.CalledProcessError's "died with
    # <Signals.SIGILL: 4>", JetBrains' "interrupted by signal 4: SIGILL", gdb's "received
    # signal SIGILL", macOS crash reports' "EXC_BAD_INSTRUCTION (SIGILL)"), Go's
    # os.ProcessState ("signal: illegal instruction": Docker, containerd, Kubernetes), and
    # the exit status 132 = 128 + 4 that shells, Docker and Kubernetes give a process killed
    # by it ("exit code 132", "exited with code 132", "Exit Code: 132", "Exited (132)",
    # "returned a non-zero code: 132")
    _p(
        "cpu.illegal",
        ("fatal python error", "sigill", "signal: illegal instruction", "exit code",
         "exited with code", "exit status", "exited (", "returned a non-zero code",
         "exitcode"),
        r"Fatal Python error: Illegal instruction|\bSIGILL\b"
        r"|\bsignal: illegal instruction\b"
        r"|(?i:\b(?:exit(?:ed)?\s+(?:with\s+)?(?:code|status)|exit\s+code:|exitCode:"
        r"|Exited\s+\(|returned\s+a\s+non-zero\s+code:))\s*(?P<sigill_exit>132)\b",
    ),
    # deepface's validate_for_keras3 (deepface/commons/package_utils.py): TensorFlow >= 2.16
    # and ``import tf_keras`` failed -> ValueError naming the TensorFlow version
    _p(
        "keras.needs_tf_keras",
        ("requires tf-keras package",),
        r"You have tensorflow (?P<dftf>\d+\.\d+[\w.+-]{0,20}) and this requires tf-keras "
        r"package",
    ),
    # --- versions written in prose ---
    # "tf 2.12.0 Windows 11", "TensorFlow 2.1.0 Windows 10 CUDA 10.2.89", a `conda list`
    # row "tensorflow 2.10.1  pypi_0  pypi": only an X.Y.Z version RIGHT AFTER the word
    # tensorflow (or a TensorFlow distribution name) or tf, a sentence's full stop after it
    # allowed ("... tensorflow-cpu 2.12.0. Then"); read by view.tf_version as the
    # other ctx.tf_version hits (the last one wins). CUDA in prose: ctx.cuda_prose.
    _p(
        "ctx.tf_version",
        ("tf ..", "tensorflow ..", "tensorflow-gpu ..", "tensorflow-cpu ..",
         "tensorflow-intel ..", "tensorflow-macos .."),
        r"(?i:\b(?:tensorflow(?:-gpu|-cpu|-intel|-macos)?|tf))[ \t]{1,4}"
        r"(?P<v>[12]\.\d{1,2}\.\d{1,3})(?!\w|\.\w)",
    ),
    # Apple's tensorflow-macos named anywhere (pip show, a listing, an install line): the
    # Apple-silicon TensorFlow before 2.13 (platform fact macos-arm64-tensorflow-first); read
    # by checks/macos_arm64_pin.py
    _p("ctx.tf_macos_named", ("tensorflow-macos",), r"\btensorflow-macos\b"),
    # the DirectML plugin named in a pip/conda listing or an install line (any GPU vendor):
    # read by visibility.rule_gpu_not_visible
    # (and the plugin's own line as it sets up an adapter: "DirectML: creating device on
    # adapter 0 (<name>)", tensorflow-directml-plugin's device cache)
    _p("ctx.dml_plugin", ("tensorflow-directml-plugin", "directml: creating device"),
       r"\btensorflow-directml-plugin\b|\bDirectML: creating device on adapter\b"),
    # TensorFlow Serving's own sources in its log prefixes ("E tensorflow_serving/util/
    # retrier.cc:40] Loading servable: {name: m version: 1} failed: ...") and its binary's
    # name, and its model server's start-up failure (tensorflow_serving/model_servers/
    # server_core.cc: "N servable(s) did not become available: ..."); a JVM's exception names
    # (TensorFlow for Java: "java.lang.RuntimeException: ...", its classes under
    # org.tensorflow.). Read by checks/trt_ops.py and op_kernel_gpu_build.py
    _p(
        "ctx.tf_serving",
        ("tensorflow_serving/", "tensorflow_model_server", "servable(s) did not become"),
        r"\btensorflow_serving/\w|\btensorflow_model_server\b"
        r"|\b\d{1,6} servable\(s\) did not become available",
    ),
    _p(
        "ctx.jvm",
        ("java.lang.", "org.tensorflow."),
        r"\bjava\.lang\.\w{1,60}(?:Exception|Error)\b|\borg\.tensorflow\.[A-Za-z]",
    ),
    # TensorFlow run by another program than a Python process of this host: .NET (SciSharp's
    # TensorFlow.NET: its Tensorflow.* namespace in stack frames, the SciSharp.TensorFlow.Redist
    # package; TensorFlowSharp), Go (a panic's "goroutine N [running]:"), Rust ("thread 'main'
    # panicked at"), TensorFlow's C++ built into another bazel project's binary (TF Serving, a
    # JNI or C API build: its source paths print as external/org_tensorflow/tensorflow/...),
    # and a model server's error relayed to its client (gRPC's "Error received from peer",
    # grpcio's _InactiveRpcError and grpc_message, TF Serving's REST path /v1/models/...): the
    # op ran in that program, not in this Python's package. Read by checks/op_kernel_gpu_build.py
    _p(
        "ctx.tf_other_binding",
        ("at tensorflow.", "scisharp", "tensorflowsharp", "tensorflow.net",
         "external/org_tensorflow/", "goroutine ", "panicked at", "error received from peer",
         "_inactiverpcerror", "grpc_message", "/models/"),
        r"\bat Tensorflow\.[A-Z]\w{0,60}\.|\bSciSharp\.TensorFlow\b|\bTensorFlow\.NET\b"
        r"|\bTensorFlowSharp\b|\bexternal/org_tensorflow/tensorflow/"
        r"|^\s{0,4}goroutine \d{1,9} \[|\bthread '[^'\n]{1,80}' panicked at\b"
        r"|Error received from peer|\b_InactiveRpcError\b|\bgrpc_message\b"
        r"|/v1/models/[\w.-]{1,120}(?:/versions/\d{1,9})?:(?:predict|classify|regress)\b",
    ),
    # R's reticulate / tensorflow / keras packages: the R session, and the
    # Python it uses as R's tf_config() prints it, "Python v3.10 (~/.virtualenvs/
    # r-tensorflow/bin/python)"; read by view.r_host / view.r_python
    _p(
        "ctx.r_host",
        ("library(tensorflow)", "library(keras", "r-tensorflow", "r-reticulate",
         "py_module_import", "reticulate::", "tf_config()", "install_tensorflow(",
         "error in py_call_impl("),
        r"library\((?:tensorflow|keras3?)\)|[/\\]r-(?:tensorflow|reticulate)\b"
        r"|py_module_import\(|reticulate::|\btf_config\(\)|install_tensorflow\("
        r"|Error in py_call_impl\(",
    ),
    # R's tensorflow package (re-exported by keras): use_session_with_seed() prints "Set
    # session seed to <seed> (disabled GPU, CPU parallelism)" after setting
    # CUDA_VISIBLE_DEVICES=-1 and device_count GPU=0 (disable_gpu = TRUE by default;
    # rstudio/tensorflow R/seed.R); read by checks/cuda_visible_devices.py
    _p("r.seed_disabled_gpu", ("set session seed to",),
       r"Set session seed to (?P<seed>-?\d{1,20}) \(disabled GPU"),
    # Nix (NixOS, or the Nix package manager on another Linux): a /nix/store/<hash>- path,
    # nix-build / nix-shell / nix develop, nixpkgs' tensorflowWithCuda attribute, NixOS named;
    # read by view.nix_host (a Nix-built program finds the driver's libcuda.so.1 only through
    # /run/opengl-driver/lib: checks/driver_files.py)
    _p(
        "ctx.nix",
        ("/nix/store/", "nix-build", "nix-shell", "nix develop", "tensorflowwithcuda", "nixos"),
        r"/nix/store/[0-9a-z]{32}-|\bnix-(?:build|shell)\b|\bnix develop\b"
        r"|\btensorflowWithCuda\b|\bNixOS\b",
    ),
    _p(
        "ctx.r_python",
        ("python v.",),
        r"^[ \t]{0,8}Python v\d\.\d{1,2}(?:\.\d{1,3})? \((?P<py>[^()\s]{1,300}[/\\]"
        r"python(?:\d(?:\.\d{1,2})?)?(?:\.exe)?)\)[ \t]{0,8}$",
    ),
    # "CUDA 10.2.89", "cuda 12.2 and cudnn 8.9": a CUDA toolkit version right after the word
    # CUDA (not nvidia-smi's "CUDA Version: 12.2", the driver's CUDA); view.log_cuda_versions
    _p(
        "ctx.cuda_prose",
        ("cuda .",),
        r"(?i:\bcuda)[ \t]{1,4}(?P<v>\d{1,2}\.\d{1,2})(?:\.\d{1,3})?(?![\w.])",
        "v",
    ),
    # ... and in a stack written with plus signs ("ubuntu20.04+nvidia530.30+cuda12.1+cudnn8"):
    # the CUDA after a "+" (LLMDet#32's report)
    _p(
        "ctx.cuda_prose",
        ("+cuda.",),
        r"(?i:\+cuda)(?P<v>\d{1,2}\.\d{1,2})(?:\.\d{1,3})?(?=\+|\s|$|,)",
        "v",
    ),
    # --- XLA without a compiler for the device, XLA reading a variable on another device ---
    # tensorflow 2.21 wheel (libtensorflow_cc.so.2 strings): xla_ops.cc "Could not find compiler
    # for platform <name>: <status>"; xla/service/compiler.cc "could not find registered
    # compiler for the platform -- was support for that platform linked in?" (2.21) and its
    # older form naming the platform ("... for platform DML -- ...",
    # microsoft/tensorflow-directml-plugin#332).
    _p(
        "xla.no_compiler",
        ("could not find compiler for platform", "could not find registered compiler for"),
        r"Could not find compiler for platform (?P<plat>[\w-]{1,40})"
        r"|could not find registered compiler for (?:the )?platform(?: (?P<plat2>[\w-]{1,40}))?"
        r" -- was support for that platform linked in",
    ),
    # cudaErrorInvalidDeviceFunction ("invalid device function", cuda_runtime_api.h) or
    # "no kernel image" reported by a project's OWN CUDA error macro (cudaCheckError() of
    # Faster-RCNN-style custom ops, CUDA_CHECK, gpuErrchk/GPUassert, checkCudaErrors of the
    # CUDA samples): its own kernels, not TensorFlow's, lack this GPU. Not "CUDA error: ..."
    # (PyTorch's and TensorFlow's own wording).
    # A compile that stopped on a header's C++ standard check: GCC's bits/c++0x_warning.h
    # ("#error This file requires compiler and library support for the ISO C++ 2011 standard.
    # This support must be enabled with the -std=c++11 or -std=gnu++11 compiler options.") and
    # Abseil's absl/base/policy_checks.h ("C++ versions less than C++11 are not supported.",
    # C++14 and C++17 in later Abseil releases), which TensorFlow's headers include
    # (checks/extension_builds.py)
    _p(
        "build.cxx_standard_old",
        ("requires compiler and library support for the iso c++", "c++ versions less than c++"),
        r"requires compiler and library support for the ISO C\+\+ (?P<iso>20\d\d) standard"
        r"|C\+\+ versions less than C\+\+(?P<min>\d\d) are not supported",
    ),
    _p(
        "cuda.user_check",
        ("invalid device function", "no kernel image"),
        r"(?:(?i:cudaCheckError\(\)|\bCUDA_CHECK\b|gpuErrchk|GPUassert|checkCudaErrors)"
        # or a check that prints the project's own kernel source and line first:
        # "/home/u/src/lmbspecialops/src/leakyrelu_cuda.cu:192: cuda error: invalid device
        # function" (a .cu file outside TensorFlow's tree: TensorFlow's kernels are .cu.cc)
        # (a path starts the line or follows a space, quote or parenthesis; after a colon only
        # when a word ends there, "error:/path/x.cu:12:", so a run of colons is one start)
        r"|(?:^|(?<=[\s'\"(])|(?<=\w:))(?![\w/\\.~:-]{0,200}?(?<![\w.-])tensorflow[/\\])"
        r"[\w/\\.~:-]{1,200}\.cu:\d{1,6}:? (?i:cuda error)?:?)"
        r"[^\n]{0,80}?"
        r"(?P<err>invalid device function|no kernel image is available)",
    ),
    # tsl device_id_manager (gpu_id_manager.cc in TF 1.x/2.0-2.x): "TensorFlow device (GPU:0)
    # is being mapped to multiple CUDA devices (0 now, and 1 previously), which is not
    # supported. This may be the result of providing different GPU configurations
    # (ConfigProto.gpu_options, for example different visible_device_list) when creating
    # multiple Sessions in the same process. ... issues/19083"; the 2.21 wheel says "multiple
    # devices" (libtensorflow_framework.so.2 strings).
    _p(
        "gpu.mapped_twice",
        ("is being mapped to multiple",),
        r"TensorFlow device \((?P<dev>[\w:]{1,40})\) is being mapped to multiple (?:CUDA )?"
        r"devices \((?P<now>\d{1,4}) now, and (?P<before>\d{1,4}) previously\)",
    ),
    # the same check in TF 1.5-1.9 (common_runtime/gpu/gpu_id_manager.cc InsertOrDie's
    # CHECK_EQ): "Mapping the same TfGpuId to a different CUDA GPU id. TfGpuId: 1 Existing
    # mapped CUDA GPU id: 1 CUDA GPU id being tried to map to: 0"
    _p(
        "gpu.mapped_twice",
        ("existing mapped cuda gpu id",),
        r"TfGpuId: (?P<tfid>\d{1,4}) Existing mapped CUDA GPU id: (?P<before>\d{1,4}) CUDA GPU "
        r"id being tried to map to: (?P<now>\d{1,4})",
    ),
    # TF-TRT, tensorflow 2.21 wheel python/compiler/tensorrt/trt_convert.py
    # _check_trt_version_compatibility: INFO "Linked TensorRT version: (8, 6, 1)" / "Loaded
    # TensorRT version: (...)", ERROR "Loaded TensorRT X but linked TensorFlow against
    # TensorRT Y. A few requirements must be met: ... same major version ..." and its
    # RuntimeError "Incompatible TensorRT major version", "The linked|loaded version of
    # TensorRT: `X` has now been removed. Please upgrade to TensorRT 7 or more recent."
    _p(
        "trt.version",
        ("linked tensorrt version", "loaded tensorrt version"),
        r"(?P<which>Linked|Loaded) TensorRT version: \(?(?P<maj>\d{1,2}), ?(?P<min>\d{1,3}),"
        r" ?(?P<pat>\d{1,3})\)?",
    ),
    # TF 1.x's TF-TRT converter (contrib/tensorrt, python/compiler/tensorrt trt_convert.py of
    # 1.12-1.14) logging the TensorRT it runs against at INFO: "Running against TensorRT
    # version 0.0.0" when the build has no TensorRT or none loaded (ardianumam/Tensorflow-
    # TensorRT#21, a conda tensorflow-gpu 1.13)
    _p(
        "trt.running_against",
        ("running against tensorrt version",),
        r"Running against TensorRT version:? (?P<v>\d{1,2}(?:\.\d{1,3}){2})\b",
    ),
    _p(
        "trt.incompatible",
        ("but linked tensorflow against tensorrt", "incompatible tensorrt major version",
         "version of tensorrt:", "tensorrt versions"),
        r"Loaded TensorRT (?P<loaded>\d{1,2}(?:\.\d{1,3}){0,3}) but linked TensorFlow against "
        r"TensorRT (?P<linked>\d{1,2}(?:\.\d{1,3}){0,3})"
        r"|(?P<major>Incompatible TensorRT major version)"
        r"|The (?P<old>linked|loaded) version of TensorRT: `?(?P<oldv>\d{1,2}(?:\.\d{1,3}){0,3})"
        r"`? has now been removed"
        r"|Incompatible (?P<raised>linked|loaded) TensorRT versions",
    ),
    # a user printing the linked version: "...get_linked_tensorrt_version()" then "(7, 2, 2)"
    _p(
        "trt.linked_call",
        ("get_linked_tensorrt_version", "get_loaded_tensorrt_version"),
        r"get_(?P<which>linked|loaded)_tensorrt_version\(\)",
    ),
    _p(
        "trt.version_tuple",
        ("(, , )",),
        r"^\s{0,8}\((?P<maj>\d{1,2}), (?P<min>\d{1,3}), (?P<pat>\d{1,3})\)\s{0,8}$",
    ),
    # TensorRT installed as Debian packages (apt list / dpkg -l: libnvinfer8, libnvinfer10) or
    # pip's tensorrt wheel ("tensorrt 8.6.1", "tensorrt==10.0.1"): the runtime majors present
    _p(
        "trt.installed",
        ("libnvinfer", "tensorrt"),
        r"^(?:ii\s+)?libnvinfer(?P<maj>\d{1,2})(?::amd64)?(?:/\S{1,60})?\s+(?P<v>\d{1,2}\.\d"
        r"{1,3}\.\d{1,3})"
        r"|^\s{0,4}tensorrt(?:-cu\d{2})?(?:\s+|==)(?P<pipv>\d{1,2}\.\d{1,3}(?:\.\d{1,3}){0,2})"
        r"\s*$",
    ),
    # TensorFlow 1.14's dso_loader.cc wording of a library that did not load, at INFO level:
    # "Could not dlopen library '<lib>'; dlerror: <why>" (1.15/2.x say "Could not load dynamic
    # library"); the same family as lib.missing.
    _p(
        "lib.missing",
        ("could not dlopen library",),
        r"Could not dlopen library '" + _LIB + r"'(?:;\s*dlerror:\s*(?P<err>.*))?",
        "lib",
    ),
    # --- who printed a one-line error (TF op runtime, XLA/JAX, Node.js) ---
    # TensorFlow's op runtime around an op's error: the graph node ("[[{{node X}}]]", TF 2.8+
    # "Node: 'X'"), the kernel's OP_REQUIRES log line, the Python class UnimplementedError, the
    # eager "[Op:Conv2D]" suffix, "Graph execution error", and the "(0) UNIMPLEMENTED:" list of
    # root errors (tensorflow/core/framework/op_kernel.cc, python/framework/errors_impl.py,
    # common_runtime/executor.cc). XLA/JAX print none of these (jaxlib raises XlaRuntimeError /
    # RuntimeError with the bare status string "UNIMPLEMENTED: ..."). Read by
    # checks/memory.py (dnn_not_found_runtime_unknown).
    _p(
        "ctx.tf_op",
        ("{{node", "node: '", "op_requires failed", "unimplementederror", "graph execution error",
         "[op:", ") unimplemented:"),
        r"\[\[\{\{node |^\s*Node: '|OP_REQUIRES failed at|\bUnimplementedError\b"
        r"|Graph execution error|\[Op:\w|^\s*\(\d{1,3}\) (?:UNIMPLEMENTED|Unimplemented):",
    ),
    # The status string of an absl/TensorFlow Status as XLA's Python binding raises it
    # ("RuntimeError: Unimplemented: DNN library is not found." in jaxlib <= 0.1.x, whose
    # Status::ToString wrote the code as "Unimplemented"; "XlaRuntimeError: UNIMPLEMENTED: ..."
    # since absl::Status; "Original error: UNIMPLEMENTED: ..." when a library re-raises it):
    # the code name starts the message, with no op-runtime wording around it.
    _p(
        "ctx.status_form",
        ("unimplemented: dnn library is not found",),
        r"^\s*(?:[\w.]{0,60}(?:Error|Exception): |Original error: )?"
        r"(?:Unimplemented|UNIMPLEMENTED): DNN library is not found",
    ),
    # Node.js's process.dlopen failure: the addon loader throws a plain JavaScript Error whose
    # message is the dlerror() text (nodejs/node src/node_binding.cc DLOpen:
    # "ThrowException(Exception::Error(errmsg))"; later releases ERR_DLOPEN_FAILED, same
    # message), printed "Error: libcublas.so.9.0: cannot open shared object file: ...".
    # Python prints "ImportError:"/"OSError:" there, ONNX Runtime "... with error: lib...".
    # For a CUDA/cuDNN/TensorRT soname this is tfjs-node-gpu's libtensorflow (tensorflow/tfjs
    # #708, #739), so it counts as a tfjs-node line (checks/tfjs.py). Threads printing
    # "<prefix>: libcublas.so.9.0: cannot open shared object file" (issues corpus, 2026-12-01):
    # "Error:" 2 of 2 tfjs-node-gpu (tfjs#708, #739); "ImportError:" 7 of 7 Python TensorFlow
    # (tensorflow#18237, #18884, #39463, createamind/Planet#5, natethegreate/hent-AI#6,
    # priya-dwivedi/cs224n-Squad-Project#16, Gorilla-Lab-SCUT/DualPoseNet#9); "OSError:" 1
    # ctypes (CannyLab/tsne-cuda#74); ONNX Runtime "... with error: libcublas.so.12: ...".
    _p(
        "ctx.tfjs",
        ("error: lib",),
        r"^\s*(?:Uncaught |Thrown:\s*)?Error: lib(?:cudart|cublas(?:Lt)?|cufft|curand|cusolver"
        r"|cusparse|cudnn|nvinfer(?:_plugin)?)\.so[\w.]*: cannot open shared object file",
    ),
    # TensorFlow 0.x-1.0 stream_executor/cuda/cuda_dnn.cc, after dso_loader.cc's "Couldn't open
    # CUDA library libcudnn.so. LD_LIBRARY_PATH: ..." (or TF 0.5's bare LD_LIBRARY_PATH line):
    # LOG(INFO) "Unable to load cuDNN DSO" (TensorFlow's install guide lists it among the
    # common installation problems, Stack Overflow 41007279). Read by
    # checks/one_line_runtimes.py.
    _p("cudnn.dso", ("unable to load cudnn dso",), r"Unable to load cuDNN DSO"),
    # TensorFlow 0.x-1.0 (up to 191658d54f, "Stop using DSO loader for CUDA SDK libraries"):
    # cuda_blas.cc / cuda_fft.cc / cuda_rng.cc initialize_* prime their library at start-up
    # and LOG(INFO) "Unable to load cuBLAS DSO." / "Unable to load cuFFT DSO." / "Unable to
    # load cuRAND DSO." when the loader could not open it (its "Couldn't open CUDA library"
    # line names the file). Read by checks/old_cuda_loader.py
    _p(
        "lib.old_plugin_dso",
        ("unable to load cublas dso", "unable to load cufft dso", "unable to load curand dso"),
        r"Unable to load (?P<plugin>cuBLAS|cuFFT|cuRAND) DSO",
    ),
    # TensorFlow 0.5-1.0 stream_executor/cuda/cuda_dnn.cc's dynamic-load wrappers: a cuDNN
    # function the build calls is not in the cuDNN library it opened: LOG(FATAL) "could not
    # find " << kName << " in cudnn DSO; dlerror: " << dlerror() (f41959ccb2), later CHECK(s.ok())
    # << ... << s.error_message() ("Check failed: s.ok() could not find ..."; on Windows
    # "<name> not found"); also retyped as "<name> cudnn DSO dlerror". Read by
    # checks/one_line_runtimes.py.
    _p(
        "cudnn.dso_symbol",
        ("cudnn dso",),
        r"(?:could not find\s{1,4})?(?P<sym>\w{3,80}?)\s{1,4}(?:in\s{1,4})?(?i:cudnn) DSO[;:,]?"
        r"\s{0,4}dlerror\b:?\s{0,4}(?P<err>[^\n]{0,300})",
    ),
    # the same line cut before its "; dlerror: ..." (an issue title, a retyped line): only
    # with its "could not find <name> in cudnn DSO" words (read when cudnn.dso_symbol is absent)
    _p(
        "cudnn.dso_symbol_bare",
        ("cudnn dso",),
        r"could not find\s{1,4}(?P<sym>\w{3,80})\s{1,4}in\s{1,4}(?i:cudnn) DSO\b",
    ),
    # Python's ImportError for an extension module whose shared library is missing is
    # "ImportError: <dlerror>", the dlerror "<soname>: cannot open shared object file: ...";
    # an issue title or a cut paste keeps "ImportError: libcublas.so.9.0" alone
    _p(
        "lib.missing",
        ("importerror: lib",),
        r"ImportError: (?P<lib>lib[\w+-]{1,40}\.so(?:\.\d{1,4}){0,4})\s*$",
        "lib",
    ),
    # TensorFlow's TensorRT stubs abort on the first TF-TRT call when TensorRT did not load:
    # tensorflow/compiler/tf2tensorrt/stub/nvinfer_stub.cc LogFatalSymbolNotFound
    # (LOG(FATAL) << symbol_name << " symbol not found."), nvinfer_plugin_stub.cc the same.
    # Read by checks/libraries.py (TensorRT needed) and checks/one_line_runtimes.py.
    _p(
        "trt.stub_fatal",
        ("symbol not found",),
        r"(?P<stub>nvinfer(?:_plugin)?)_stub\.cc:\d+\] (?P<sym>\w{1,80}) symbol not found",
    ),
    # TensorFlow 1.x's SWIG loader (pywrap_tensorflow_internal.py swig_import_helper: import
    # the package's _pywrap_tensorflow_internal, and on ImportError retry the bare name) ends a
    # failed native import with "No module named '_pywrap_tensorflow_internal'", the retry's
    # error, after the first ImportError's own text (on Windows "DLL load failed: ...").
    # Read by checks/one_line_runtimes.py with ctx.gpu_package.
    _p(
        "lib.pywrap_no_module",
        ("no module named '_pywrap_tensorflow_internal",
         "no module named _pywrap_tensorflow_internal"),
        r"No module named '?_pywrap_tensorflow_internal\b",
    ),
    # the GPU package named anywhere (pip, a path, a title): tensorflow-gpu / tf-nightly-gpu
    _p(
        "ctx.gpu_package",
        ("tensorflow-gpu", "tensorflow_gpu", "tf-nightly-gpu", "tf_nightly_gpu"),
        r"\b(?:tensorflow|tf[-_]nightly)[-_]gpu\b",
    ),
    # ldd (glibc elf/rtld.c trace mode) lists a needed library it cannot find as
    # "\tlibcusolver.so.10 => not found"; pastes drop the arrow, but then only a line that is
    # that listing alone is ldd's: "<lib> not found" inside a sentence ('I got "libcudnn.so.8
    # not found" before ...', "<lib> not found in <dir>, using <path>") is a person's or
    # another program's words, lib.prose_missing (checks/prose_library.py: a warning)
    _p(
        "lib.missing",
        ("not found",),
        r"(?:^[ \t]*|(?<![\w.+-])(?=lib[\w.+-]{1,60} => not found))"
        r"(?P<lib>lib[\w+-]{1,40}\.so(?:\.\d{1,4}){1,4})(?: => not found\b| not found[ \t.]*$)",
        "lib",
    ),
    # --- old wordings and one-line pastes ---
    # TF 1.x's CPU allocator warning (tensorflow/core/framework/allocator.cc r1.12,
    # cpu_allocator_impl.cc r1.13-r2.3): "Allocation of %d exceeds 10% of system memory.";
    # TF 2.4 added "free" (the pattern above)
    _p(
        "mem.host_notice",
        ("% of system memory",),
        r"Allocation of (?P<bytes>\d+) exceeds (?P<pct>\d+)% of system memory",
    ),
    # macOS's dyld, for a Python extension that links a CUDA library by @rpath (TensorFlow's
    # macOS GPU wheels 0.x-1.1, other frameworks' CUDA builds): "ImportError: dlopen(<module>,
    # <mode>): Library not loaded: @rpath/libcudart.8.0.dylib" (mode decimal, or hex on
    # macOS 12+), then "Referenced from: ..." and "Reason: image not found"
    _p(
        "dyld.cuda_missing",
        ("library not loaded: @rpath/libcu",),
        r"dlopen\((?P<host>[^,()]{0,300}?(?P<hostlib>[\w.+-]{1,80}\.(?:so|dylib))), "
        r"(?:0x)?[0-9a-fA-F]{1,8}\): Library not loaded: @rpath/"
        r"(?P<lib>libcu(?:dart|blas|dnn|fft|rand|solver|sparse|da|pti)(?:\.\d{1,3}){0,3}\.dylib)",
    ),
    # The loader path TensorFlow's dso_loader prints after a library it could not load
    # ("...; LD_LIBRARY_PATH: <dirs>") naming the WSL GPU driver folder or a CUDA toolkit's
    # library folder: this process was set up for a GPU (read by libraries.py
    # cudart_intent_evidence; /usr/local/nvidia, the CUDA images' default, is not counted)
    _p(
        "ctx.ld_path_gpu",
        ("ld_library_path",),
        r"LD_LIBRARY_PATH:?[ \t]{0,4}[^\n]{0,400}?(?P<gpudir>/usr/lib/wsl/lib\b"
        r"|/[\w.+-]{1,60}(?:/[\w.+-]{1,60}){0,6}/cuda(?:-\d{1,2}(?:\.\d{1,2})?)?/"
        r"(?:lib64|lib|targets)\b)",
    ),
    # The dynamic loader's "file too short" (glibc dl-load.c: an ELF file shorter than its
    # header) for an NVIDIA driver library: the zero-byte placeholder a container image keeps
    # where the NVIDIA runtime mounts the host's driver files (libnvidia-container#140,
    # #50); Python's ImportError, ld.so's "error while loading shared libraries" and other
    # loaders' (Paddle's dynamic_loader) wordings all end in "<path>: file too short"
    _p(
        "driver.file_too_short",
        ("file too short",),
        r"(?P<path>(?:/[\w.+-]{1,80}){0,8}/)?(?P<lib>lib(?:cuda|nvidia-[\w-]{1,30})\.so"
        r"(?:\.\d{1,4}){0,3}): file too short",
    ),
    # glibc's other dlerror texts for a CUDA / cuDNN library file it found but would not load
    # (elf/dl-load.c open_verify: "invalid ELF header" when the magic is not ELF's, "file too
    # short" when shorter than an ELF header; _dl_map_object: "wrong ELF class: ELFCLASS32"
    # when only files of the other class were found on the whole search path;
    # elf/dl-version.c: "version `%s' not found (required by %s)" when the file lacks a
    # version node the requiring object was linked against). libcuda's "file too short" is
    # driver.file_too_short's (a container's placeholder). Read by checks/library_files.py
    _p(
        "lib.unloadable",
        ("invalid elf header", "file too short", "wrong elf class", "' not found (required by"),
        r"(?P<path>(?:/[\w.+-]{1,80}){0,12}/)?(?P<lib>lib(?:cudart|cublas(?:Lt)?|cufft|curand"
        r"|cusolver|cusparse|cudnn(?:_\w{1,30})?|cupti|nvrtc|nvinfer(?:_plugin)?|nccl|cuda)"
        r"\.so(?:\.\d{1,4}){0,4}): (?:(?P<bad>invalid ELF header)|(?P<short>file too short)"
        r"|wrong ELF class: ELFCLASS(?P<bits>32|64)"
        r"|version `(?P<node>[\w.+-]{1,60})' not found \(required by (?P<by>[^)\n]{1,300})\))",
        "lib",
    ),
    # the same elf/dl-version.c text where the file lacking the version node is ANOTHER
    # library than the one being loaded: the system's glibc ("libm.so.6: version `GLIBC_2.27'
    # not found (required by /usr/lib/libnvinfer.so.6)", google/automl#618), its libstdc++
    # ("GLIBCXX_3.4.26"), or any other dependency: the library was found but was built
    # against a newer release of that dependency. Any quote form. lib.unloadable's CUDA files
    # and lib.native_import's TensorFlow files are theirs. Read by checks/library_dep_version.py
    _p(
        "lib.dep_version",
        ("not found (required by",),
        r"(?P<path>(?:/[\w.+-]{1,80}){0,12}/)?(?P<dep>(?:lib|ld-)[\w+-]{1,60}\.so"
        r"(?:\.\d{1,4}){0,4}): version [`'\u2018](?P<node>[\w.+-]{1,60})['\u2019] not found "
        r"\(required by (?P<by>[^)\n]{1,300})\)",
        "dep",
    ),
    # glibc's dlerror for a library whose initial-exec TLS must sit in the static TLS block
    # but was loaded after start-up (dlopen: a Python extension's import, ctypes) when the
    # block's surplus is used up: elf/dl-reloc.c _dl_allocate_static_tls,
    # _dl_signal_error(0, map->l_name, NULL, "cannot allocate memory in static TLS block"),
    # printed "<object as loaded>: <text>" (glibc 2.17-2.42); glibc <= 2.21 also failed such a
    # load in elf/dl-open.c as "dlopen: cannot load any more object with static TLS" (the
    # object not named). Any library, any Linux platform. Read by checks/static_tls.py
    _p(
        "lib.static_tls",
        ("static tls block", "any more object with static tls"),
        r"(?:(?:^|(?<=[\s:'\"]))(?P<path>[^\s:'\"]{1,400}?\.so[^\s:'\"]{0,40}): cannot "
        r"allocate memory in static TLS block|(?P<old>cannot load any more object with static "
        r"TLS))",
        "path",
    ),
    # protobuf's C++ runtime refusing generated code for a .proto whose names its pool holds
    # already (a second library in the process carrying the same definitions):
    # descriptor_database.cc CheckForMutualSubsymbols ('Symbol name "X" conflicts with the
    # existing symbol "Y".'), EncodedDescriptorDatabase::Add ("File already exists in
    # database: <file>"), then descriptor.cc InternalAddGeneratedFile's CHECK aborts
    # (protobuf 3.x; ABSL_LOG since 22.x). Read by checks/protobuf_registry.py
    _p(
        "proto.registered_twice",
        ("conflicts with the existing symbol", "file already exists in database",
         "generateddatabase()->add(", "generated_database_->add("),
        r'Symbol name "(?P<sym>[\w.]{1,300})" conflicts with the existing symbol "'
        # (a file name without .proto too: or-tools' "File already exists in database:
        # proto3", google/or-tools#1830)
        r"|File already exists in database: (?P<file>\S{1,300}\.proto\b|\w[\w.-]{0,99}\b)"
        # protobuf 3.x's GOOGLE_CHECK ("CHECK failed"), absl's in 22.x+ ("Check failed"); up
        # to 3.5 the pool was the member generated_database_
        r"|(?P<check>(?i:CHECK failed): (?:GeneratedDatabase\(\)|generated_database_)->Add\("
        r"encoded_file_descriptor, size\))",
    ),
    # the same refusal by protobuf's Python runtime (upb, protobuf 4.21+; the text is in
    # google/_upb/_message.abi3.so of protobuf 7.36): "TypeError: Couldn't build proto file
    # into descriptor pool: duplicate file name <file>", a second generated _pb2 module for a
    # file name Python's pool holds. Read by checks/protobuf_registry.py
    _p(
        "proto.python_pool_twice",
        ("couldn't build proto file into descriptor pool",),
        r"Couldn't build proto file into descriptor pool: duplicate file name "
        r"(?P<file>\S{1,300}\.proto)\b",
    ),
    # OpenCV's Python module imported in the run (an import line or a frame under cv2/): the
    # library that carried TensorFlow's graph definitions under their own names in older
    # builds (opencv modules/dnn/src/tensorflow/tf_io.hpp: package opencv_tensorflow now).
    # Read by checks/protobuf_registry.py
    _p(
        "proto.cv2_import",
        ("import cv", "from cv", "cv/", "cv\\"),  # (templates drop digits: "cv2" -> "cv")
        r"^\s*(?:>>>\s*)?import cv2\b|^\s*from cv2 import\b|[/\\]cv2[/\\]\w+\.py\b",
    ),
    # a recurrent layer's reset_states called (the program's own line, or Keras's frame "in
    # reset_states" / "recurrent.py:914 reset_states"): read by checks/keras_recurrent.py
    _p(
        "ctx.rnn_reset_states",
        ("reset_states",),
        r"\.reset_states\(|\breset_states\s*(?:\*|$)|\bin reset_states\b",
    ),
    # a model converter's own module in a traceback frame, installed or a source checkout
    # (onnx/onnx-tensorflow#1067: "...\\onnx-tensorflow\\onnx_tf\\handlers\\backend\\resize.py"):
    # the package that read a tensor's shape (checks/tf_function_code.py unknown_rank)
    _p(
        "ctx.converter_frame",
        ("onnx",),
        r"[/\\](?P<pkg>onnx_tf|onnx2tf|onnx2keras|tf2onnx)[/\\][\w/\\.-]{1,200}?\.py\b",
    ),
    # the program's own code reading a static shape as a list ("t.get_shape().as_list()[1]",
    # "x.shape.as_list()"): read by checks/tf_function_code.py unknown_rank
    _p(
        "ctx.static_shape_read",
        ("get_shape().as_list()", "shape.as_list()"),
        r"\b\w{1,60}(?:\.get_shape\(\)|\.shape)\.as_list\(\)",
    ),
    # a bundler (freezer) named in the log: Nuitka (its "--standalone" and its report
    # template's "Nuitka version"), cx_Freeze, PyInstaller, py2exe. With TensorFlow's own
    # definitions refused twice it is TensorFlow's library loaded twice by the frozen program
    # (Nuitka/Nuitka#1435 and #2862, tensorflow/tensorflow#70340): checks/protobuf_registry.py
    _p(
        "ctx.proto_freezer",
        ("nuitka", "cx_freeze", "cx-freeze", "pyinstaller", "exe"),
        r"(?i:\b(?P<tool>nuitka|cx[_-]freeze|pyinstaller|py2exe)\b)",
    ),
    # TensorFlow's own C++ registration run twice (core/common_runtime/session_factory.cc
    # SessionFactory::Register: 'Two session factories are being registered under<type>'):
    # TensorFlow's library loaded twice in one process. checks/protobuf_registry.py
    _p(
        "ctx.tf_session_factory_twice",
        ("two session factories are being registered",),
        r"Two session factories are being registered",
    ),
    # the user's words for building or linking TensorFlow themselves, next to protobuf's
    # refusal: TF_SYSTEMLIBS (third_party/systemlibs), a clang "-c opt" bazel build
    # (tensorflow/tensorflow#8394), "linked in twice" (google/sling#102).
    # checks/protobuf_registry.py
    _p(
        "ctx.proto_build_words",
        ("tf_systemlibs", "-c opt", "linked in twice", "linked twice", "bazel build",
         "compiled using", "compiled with"),
        r"\bTF_SYSTEMLIBS\b|(?i:\bbazel build\b|\bcompiled (?:using|with) `?clang\b|"
        r"-c opt\b|\blinked (?:in )?twice\b)",
    ),
    # protobuf's own source path in its log line ("[libprotobuf ERROR <path>/google/protobuf/
    # descriptor_database.cc:N]"): TensorFlow's bundled copy builds under bazel's
    # external/com_google_protobuf (external/protobuf, external/protobuf_archive in 1.x); any
    # other path is a protobuf built elsewhere (a system, EasyBuild or conda one).
    # checks/protobuf_registry.py
    _p(
        "ctx.proto_runtime_path",
        ("[libprotobuf error", "[libprotobuf fatal"),
        r"\[libprotobuf (?:ERROR|FATAL) (?P<src>[^\s\]]{0,300}?)google/protobuf/"
        r"descriptor(?:_database)?\.cc:\d{1,6}\]",
    ),
    # a library of the program's own loaded into TensorFlow's process (tf.load_op_library, a
    # custom op's .so): a second copy of TensorFlow's definitions the log shows, read by
    # checks/protobuf_registry.py (no OpenCV reading then)
    _p(
        "proto.own_library",
        ("load_op_library", "load_library("),
        r"\bload_op_library\(|\btf\.load_library\(",
    ),
    # A device-list call with its result written after it as a comment, the way issue
    # reports paste a REPL session ("tf.config.list_physical_devices('GPU')  # [] is
    # returned", R's "tf$config$list_physical_devices('GPU') # returns an empty list"): the
    # same evidence as "[]" printed on the next line (gpu.none_msg: read by
    # visibility.rule_gpu_not_visible and view.gpu_intent_evidence)
    _p(
        "gpu.none_msg",
        ("list_physical_devices", "list_logical_devices"),
        r"list_(?:physical|logical)_devices\(\s*(?:device_type\s*=\s*)?['\"]GPU['\"]\s*\)\)?"
        r"[ \t]{0,20}(?:#|//|->|=>|-->)[^\n]{0,60}?(?:\[\s?\]|\b(?i:empty)\b"
        r"|\b(?i:returns?|gives?|prints?) (?i:nothing|none|0)\b|\b(?i:no GPUs?)\b)",
    ),
    # --- launchers that set CUDA_VISIBLE_DEVICES, ... ---
    # bazel's own report of a failed build step or build ("ERROR: ...: Executing genrule
    # //pkg:name failed (Exit 127)", "Target //pkg:name failed to build"): read by
    # checks/library_load.py (a program under bazel-out/ that failed to load a library is
    # then a build step, whatever configuration folder it is in)
    _p(
        "build.bazel_step_failed",
        ("executing genrule", "failed to build"),
        r"Executing genrule //\S{1,300} failed|\bTarget //\S{1,300} failed to build",
    ),
    # Ray's start-up line (ray-project/ray python/ray/_private/worker.py: "Started a local Ray
    # instance.", "Connecting to existing Ray cluster at address: ..."): a Ray program (read by
    # cuda_visible_devices.ray_workers)
    _p(
        "dist.ray_started",
        ("started a local ray instance", "connecting to existing ray cluster"),
        r"Started a local Ray instance|Connecting to existing Ray cluster at address",
    ),
    # Ray's prefix on a worker's lines, "(pid=N)", "(pid=N, ip=A)", newer "(Name pid=N)"
    # (ray-project/ray python/ray/_private/worker.py print_logs; the same prefix in
    # experimental/tqdm_ray.py): read by cuda_visible_devices.cvd_hedged_no_device
    _p(
        "dist.ray_worker",
        ("pid=",),
        r"\((?:[A-Za-z_][\w.:-]{0,80} )?pid=(?P<pid>\d{1,9})(?:, ip=[\w.:-]{1,64})?\)",
    ),
    # glibc's stack protector (debug/fortify_fail.c __fortify_fail: "*** %s ***: terminated",
    # older "*** %s ***: %s terminated" with the program name or <unknown>): read by
    # rocm.rocm_crash_after_load
    _p(
        "tell.stack_smashing",
        ("stack smashing detected",),
        r"\*\*\* stack smashing detected \*\*\*",
    ),
    # TensorFlow's libcuda wrapper (stream_executor/cuda/cuda_driver.cc TF 1.0-1.12, then
    # cuda_driver_wrapper.h): "could not find %s in libcuda DSO; dlerror: %s" (one release
    # printed no space before "in"); the dlerror is Linux's "undefined symbol: cuX" or TF's
    # Windows "cuX not found"; a title may carry only "cuX not found".  Driver-API names are
    # cu + an upper-case letter + a lower-case one (cuDNN, cudaX are not driver API).
    # TensorFlow's GetGpuLaunchConfig / GetCudaLaunchConfig (tensorflow/core/util/
    # cuda_launch_config.h, later gpu_launch_config.h): CHECK_GT(work_element_count, 0) in older
    # releases, CHECK_GE(..., 0) in 2.21's header; glog prints "Check failed: work_element_count
    # > 0 (0 vs. 0)"; titles may drop the values. Read by checks/custom_ops.launch_config_check
    _p(
        "cuda.launch_count",
        ("work_element_count",),
        r"Check failed:? work_element_count (?P<cmp>>=?) 0(?: \((?P<n>-?\d{1,20}) vs\. 0\))?",
    ),
    # CUDA refusing the launch shape of a TensorFlow kernel: TF_CHECK_OK around
    # GpuLaunchKernel (CudaLaunchKernel in TF 1.13-2.0), whose status is cudaGetErrorString of
    # cudaErrorInvalidConfiguration: "Non-OK-status: GpuLaunchKernel( SwapDimension1And2...<T,
    # ...>, ...) Internal: invalid configuration argument" (tensorflow/tensorflow#36310, TF 2.1),
    # "... status: INTERNAL: ..." in later releases, a title's "Non-OK-status: CudaLaunchKernel
    # Internal: invalid configuration argument" (tensorflow/tensorflow#30665); the same status
    # raised to Python by OP_REQUIRES_OK ("InternalError: invalid configuration argument").
    # Another framework's "CUDA error: invalid configuration argument" has no status code
    # before it. Read by checks/gpu_launch_rejected.py
    _p(
        "cuda.launch_rejected",
        ("invalid configuration argument",),
        r"Non-OK-status: (?P<launch>(?:Gpu|Cuda)LaunchKernel)\b"
        r"(?:\s{0,3}\(\s{0,3}(?P<kernel>[A-Za-z_][\w:]{0,120})(?![\w:]))?"
        r"[^\n]{0,600}?\b(?:Internal|INTERNAL): invalid configuration argument"
        r"|\b(?:InternalError|Internal|INTERNAL):\s{0,3}invalid configuration argument\b",
    ),
    # TensorFlow's own CHECKs on a tensor's shape, which abort the process when an op kernel
    # reads its input with another rank or size than the tensor has (the 2.21 wheel's
    # libtensorflow_framework.so.2 and include/tensorflow/core/framework/tensor_shape.h):
    # TensorShape::CheckDimsEqual "Check failed: NDIMS == dims() (2 vs. 1)Asking for tensor of
    # 2 dimensions from a tensor of 1 dimensions", CheckDimsAtMost "NDIMS >= dims() ... Asking
    # for tensor of at most", dim_size (REQUIRES 0 <= d < dims()) "d < dims() (2 vs. 2)",
    # Tensor's scalar access (tensor.cc) "1 == NumElements() (1 vs. 0)Must have a one element
    # tensor" and reshape "new_num_elements == NumElements()". The same checks in TF 1.x.
    # Read by checks/tensor_shape_checks.py.
    _p(
        "tf.shape_check",
        ("ndims == dims()", "ndims >= dims()", "d < dims()", "== numelements()"),
        r"Check failed: (?P<check>NDIMS (?:==|>=) dims\(\)|d < dims\(\)|1 == NumElements\(\)"
        r"|new_num_elements == NumElements\(\))"
        r"(?: \((?P<a>-?\d{1,20}) vs\. (?P<b>-?\d{1,20})\))?",
    ),
    # dim_size's "d >= 0" and AddDim's "size >= 0" are too common words alone: only in
    # tensor_shape.cc's own line (a negative dimension index or size)
    _p(
        "tf.shape_check",
        ("tensor_shape.cc",),
        r"tensor_shape\.cc:\d{1,6}\] Check failed: (?P<check>(?:d|size) >= 0)"
        r"(?: \((?P<a>-?\d{1,20}) vs\. (?P<b>-?\d{1,20})\))?",
    ),
    # SparseTensorDenseMatMul's GPU kernel refusing inputs past its 32-bit indexing
    # (tensorflow/core/kernels/sparse_tensor_dense_matmul_op.cc, both strings in the 2.21
    # wheel's libtensorflow_cc.so.2): "Cannot use GPU for > 2^31 entry inputs" (a dimension,
    # B's or the output's element count, or nnz(a)) and "Cannot use GPU when output.shape[1]
    # * nnz(a) > 2^31". Read by checks/op_kernel_limits.py
    _p(
        "sparse.gpu_int32_limit",
        ("cannot use gpu",),
        r"Cannot use GPU (?:(?P<entries>for > 2\^31 entry inputs)"
        r"|when output\.shape\[1\] \* nnz\(a\) > 2\^31)",
    ),
    # TensorFlow Lite's GPU delegate invoked on another thread than the one it was prepared
    # on: tensorflow/lite/delegates/gpu/gl_delegate.cc (OpenGL delegate, EGL context compare:
    # "Delegate should run on the same thread where it was initialized.") and delegate.cc (V2,
    # thread id compare: "GpuDelegate must run on the same thread where it was initialized."),
    # reported as "<TfLiteGpuDelegate|TfLiteGlDelegate> Invoke: <message>". Read by
    # checks/tflite_gpu_delegate.py
    # TensorFlow Lite's OpenCL GPU backend could not dlopen the vendor OpenCL library:
    # tensorflow/lite/delegates/gpu/cl/opencl_wrapper.cc LoadOpenCL ("Can not open OpenCL
    # library on this device - " + dlerror(); Windows: ", error code - " + GetLastError()),
    # usually followed by "Falling back to OpenGL". Read by checks/tflite_gpu_delegate.py
    _p(
        "tflite.opencl_not_loaded",
        ("can not open opencl library on this device",),
        r"Can not open OpenCL library on this device(?: - (?P<why>[^\n]{0,200}?)"
        r"(?=\s+Falling back|$)|, error code - (?P<code>\d{1,10}))?",
    ),
    _p(
        "tflite.gpu_wrong_thread",
        ("run on the same thread where it was initiali",),
        r"(?:(?P<delegate>TfLite\w{0,30}Delegate\w{0,10}) Invoke: )?"
        r"(?:GpuDelegate must|Delegate should) run on the same thread where it was "
        r"initiali[sz]ed",
    ),
    # a Flutter app's log (the engine's "E/flutter (pid): [ERROR:flutter/runtime/
    # dart_isolate.cc(N)] Unhandled exception", a Dart stack frame of the tflite_flutter
    # package): the interpreter is driven from Dart isolates (tensorflow/flutter-tflite#172).
    # Read by checks/tflite_gpu_delegate.py
    _p(
        "ctx.flutter_host",
        ("e/flutter", "package:tflite_flutter/", "dart_isolate.cc"),
        r"\bE/flutter\s{0,4}\(|package:tflite_flutter/|flutter/runtime/dart_isolate\.cc",
    ),
    # A Keras subclass that set an attribute before calling the base __init__: Keras 2.2.0-2.3.1
    # keras/engine/network.py __setattr__ ("It looks like you are subclassing `Model` and you
    # forgot to call `super(YourClass, self).__init__()`. Always start with this line."), tf.keras
    # / Keras 2.4-2.15 training.py (the same with `super().__init__()`), Keras 3 layer.py /
    # optimizer ("In layer 'X', you forgot to call `super().__init__()` as the first statement
    # in the `__init__()` method. Go add it!"), Keras 3 metric.py ("You forgot to call
    # `super().__init__()` in the `__init__()` method. Go add it!"). Read by
    # checks/keras_model_code.py
    _p(
        "keras.super_init",
        ("forgot to call `super",),
        r"you are subclassing `(?P<base>Model)` and you forgot to call `super"
        r"|In (?P<base3>layer|optimizer) '(?P<cls>\w{1,120})', you forgot to call `super\(\)"
        r"\.__init__\(\)`|(?P<metric>You) forgot to call `super\(\)\.__init__\(\)` in the "
        r"`__init__\(\)` method",
    ),
    # Keras's image helpers without PIL (keras-preprocessing image/utils.py, keras-team/keras
    # v2.9.0-v2.15.0 keras/utils/image_utils.py, Keras 3 keras/src/utils/image_utils.py) and
    # flow_from_dataframe's label check (DataFrameIterator._check_params: keras-preprocessing
    # dataframe_iterator.py, Keras 2 keras/preprocessing/image.py, Keras 3 keras/src/legacy/
    # preprocessing/image.py). Read by checks/input_files.py
    _p(
        "keras.needs_pil",
        ("could not import pil.image",),
        # (older Keras and keras-preprocessing releases name the function without backticks)
        r"Could not import PIL\.Image\.\s*The use of `?(?P<fn>\w{1,40})`? requires PIL",
    ),
    _p(
        "keras.df_label_type",
        ("column values must be",),
        r"If class_mode=\"(?P<mode>\w{1,20})\", y_col=\"(?P<col>[^\"\n]{1,300})\" column "
        r"values must be (?:type string, list or tuple|strings)",
    ),
    # Keras's image iterators (keras-preprocessing image/iterator.py, keras-team/keras v2.9.0-
    # v2.15.0 keras/preprocessing/image.py Iterator.__getitem__, Keras 3 keras/src/legacy/
    # preprocessing/image.py): "Asked to retrieve element {idx}, but the Sequence has length
    # {length}" (an iterator of length 0: no image found), and flow_from_directory's count
    # ("Found {n} images belonging to {k} classes.", DirectoryIterator.__init__)
    _p(
        "keras.iterator_empty",
        ("but the sequence has length", "images belonging to", "validated image filenames"),
        r"Asked to retrieve element \d{1,9}, but the Sequence has length (?P<len>0)\b"
        r"|\bFound (?P<found>0) images belonging to (?P<classes>\d{1,6}) class"
        # flow_from_dataframe's count (DataFrameIterator.__init__: "Found {} validated image
        # filenames belonging to {} classes." / "Found {} validated image filenames.")
        r"|\bFound (?P<validated>0) validated image filenames",
    ),
    # flow_from_directory's count when it found images (DirectoryIterator.__init__, keras-team/
    # keras v2.13.1 keras/preprocessing/image.py: "Found %d images belonging to %d classes."):
    # read only beside a later count of 0 (checks/input_files.py)
    _p(
        "keras.found_images",
        ("images belonging to",),
        r"\bFound (?P<n>[1-9]\d{0,8}) images belonging to (?P<classes>\d{1,6}) class",
    ),
    # Python's AttributeError for an object that is no module, asked for a function of Keras's
    # image module (keras.preprocessing.image / keras.utils: load_img, img_to_array,
    # array_to_img, save_img): the name of the module was bound to an image (an array, a PIL
    # image, a tensor) in the program. Read by checks/input_files.py
    _p(
        "py.image_name_rebound",
        ("object has no attribute 'load_img'", "object has no attribute 'img_to_array'",
         "object has no attribute 'array_to_img'", "object has no attribute 'save_img'"),
        r"'(?P<type>numpy\.ndarray|Image|JpegImageFile|PngImageFile|EagerTensor|Tensor|str)' "
        r"object has no attribute '(?P<fn>load_img|img_to_array|array_to_img|save_img)'",
    ),
    # a flow_from_directory call's own classes= argument, as a code line or notebook cell shows
    # it (read by checks/input_files.py beside "Found 0 images belonging to N classes.")
    _p("ctx.classes_arg", ("flow_from_directory(",),
       r"flow_from_directory\([^\n]{0,300}\bclasses\s?=\s?(?!None)"),
    # OpenCV's assertion on an empty image (modules/imgproc/src/resize.cpp: 3.x "(-215)
    # ssize.width > 0 && ssize.height > 0 in function resize", 4.x "(-215:Assertion failed)
    # !ssize.empty() in function 'resize'"; color.cpp "!_src.empty() in function 'cvtColor'"):
    # the image is None or empty, most often from cv2.imread, which returns None for a file
    # it cannot read. Read by checks/input_files.py
    _p(
        "cv.empty_image",
        ("ssize.empty()", "ssize.width > ", "!_src.empty()"),
        r"\(-215(?::Assertion failed)?\) (?:!(?:ssize|_src)\.empty\(\)"
        r"|ssize\.width > 0 && ssize\.height > 0) in function '?(?:cv::)?(?P<fn>\w{1,40})'?",
    ),
    # CPython's FileNotFoundError for a path ("[Errno 2] No such file or directory: '<path>'",
    # Windows "[WinError 3] The system cannot find the path specified: '<path>'"; the message
    # alone where a paste keeps only it). Read by checks/input_files.py
    _p(
        "py.path_not_found",
        ("filenotfounderror: [errno", "cannot find the path specified: ",
         "newrandomaccessfile failed to create/open", "unable to create file (unable to open",
         "could not find directory"),
        r"(?:FileNotFoundError: \[Errno 2\] No such file or directory"
        r"|(?:FileNotFoundError: |^\s*)(?:\[(?P<win>WinError 3)\] )?"
        r"The system cannot find the path specified): "
        r"b?(?P<q>['\"])(?P<path>(?:(?!(?P=q))[^\n]){1,400})(?P=q)\s*$"
        # TensorFlow's own file system on Windows (tsl/platform/windows/windows_file_system.cc:
        # "NewRandomAccessFile failed to Create/Open: <name> : <the Windows error's text>")
        r"|NewRandomAccessFile failed to Create/Open: (?P<path2>[^\n]{1,400}?) : The system "
        r"cannot find the (?:path|file) specified"
        # h5py creating a file in a folder that does not exist (HDF5's "unable to open file"
        # with errno 2), and TensorFlow's file system listing a missing folder ("Could not
        # find directory <name>", tf.io.gfile; image_dataset_from_directory's walk)
        r"|Unable to create file \(unable to open file: name = '(?P<out>[^'\n]{1,400})', "
        r"errno = 2\b|NotFoundError: Could not find directory (?P<dir>\S[^\n]{0,400}?)\s*$",
    ),
    # a traceback's frames of a program being started (subprocess's _execute_child, os.exec*):
    # a missing path there is a command or interpreter, not data
    _p("ctx.exec_frame", ("_execute_child", "in _spawn", "os.execv"),
       r"\bin (?:_execute_child|_spawn\w*|execv\w*)\b|os\.execv"),
    # a code line that writes a file (np.save, model.save, to_csv, savefig, imwrite, open(...,
    # 'w')): a missing folder of an output path
    _p("ctx.write_code", (".save", "np.save", ".to_", "imwrite(", "savefig(", "open("),
       r"^\s{0,40}(?!#)[^\n]{0,200}?(?:\.save(?:_weights|fig|txt|z)?\(|\bnp\.save\w*\("
       r"|\.to_(?:csv|pickle|json|parquet|excel)\(|imwrite\(|savefig\("
       r"|\bopen\([^)\n]{0,200},\s*(?:mode\s*=\s*)?['\"][wax]b?\+?['\"])"),
    # A layer whose __init__ takes arguments and which has no get_config(), asked for its
    # config (model.save, ModelCheckpoint saving the whole model): keras-team/keras v2.6.0
    # keras/engine/base_layer.py "Layer %s has arguments in `__init__` and therefore must
    # override `get_config`." (tf.keras of TF 2.0-2.6 the same), v2.7.0-v2.10.0 "Layer {cls}
    # has arguments {extra_args}\n in `__init__` and therefore must override `get_config()`.",
    # v2.11.0-v2.15.0 "Layer {cls} was created by passing\n non-serializable argument values
    # in `__init__()`,\n and therefore the layer must override `get_config()`", Keras 3
    # keras/src/ops/operation.py "Object {cls} was created by passing ..." (the first line
    # alone where a paste keeps the message's lines apart). Read by checks/keras_model_code.py
    _p(
        "keras.get_config_missing",
        ("has arguments", "was created by passing"),
        r"\bLayer (?P<cls>\w{1,120}) has arguments"
        r"(?: in `__init__` and therefore must override `get_config`"
        r"| \[[^\]\n]{0,400}\](?:\s*$| in `__init__`))"
        r"|\b(?P<what>Layer|Object) (?P<cls2>\w{1,120}) was created by passing"
        r"(?:\s*$| non-serializable argument values)",
    ),
    # The TF Object Detection API's legacy trainer (object_detection/trainer.py, later
    # legacy/trainer.py) building a clone's losses, and Python's unpack of an empty input
    # list under it (Python 2 "need more than 0 values to unpack", Python 3 "not enough values
    # to unpack (expected N, got 0)"). Read by checks/distributed.py
    _p(
        "od.trainer_losses_frame",
        ("trainer.py",),
        r"object_detection[\\/]{1,2}(?:legacy[\\/]{1,2})?trainer\.py\"?, line \d{1,6}, in "
        r"_create_losses",
    ),
    _p(
        "py.unpack_none",
        ("need more than", "not enough values to unpack"),
        r"ValueError: (?:need more than 0 values to unpack"
        r"|not enough values to unpack \(expected \d{1,3}, got 0\))",
    ),
    # tf.contrib.estimator.replicate_model_fn splitting each input batch into one shard per
    # GPU (replicate_model_fn.py _split_batch: array_ops.split under name_scope
    # 'split_inputs'): the Split kernel's "Number of ways to split should evenly divide the
    # split dimension, but got split_dim D (size = N) and num_split K" (split_op.cc, TF 1.x-2.21),
    # shape inference's "Dimension size must be evenly divisible by K but is N for
    # 'split_inputs/split' (op: 'Split')" (static batch, TF 1.x), the node name, and the check
    # of TF 1.6+: "Batch size N needs to be divisible by the number of GPUs, which is K."
    # Read by checks/replicate_batch_split.py
    _p(
        "estimator.split_uneven",
        ("ways to split should evenly divide", "must be evenly divisible by"),
        r"Number of ways to split should evenly divide the split dimension, but got split_dim "
        r"(?P<dim>-?\d{1,3}) \(size = (?P<size>\d{1,12})\) and num_split (?P<n>\d{1,6})"
        r"|Dimension size must be evenly divisible by (?P<n2>\d{1,6}) but is (?P<size2>\d{1,12}) "
        r"for '(?P<node>[^'\r\n]{0,200})'",
    ),
    _p(
        "estimator.split_inputs_node",
        ("split_inputs/split",),
        r"(?<![\w.-])split_inputs/split(?:_\d{1,4})?(?![\w/])",
    ),
    # TF 1.x's node dump under an error (errors.cc, before 1.14's "{{node name}}"): the
    # node's name and its op type, "[[Node: InceptionV4/Logits/Predictions = Softmax[...]"
    _p(
        "tf1.node_op",
        ("[[node: ",),
        r"\[\[Node: (?P<node>[\w./-]{1,300}) = (?P<op>[A-Z]\w{0,100})\[",
    ),
    # TF 1.x node dumps (errors.cc's "[[Node: name = Op[attrs](inputs)]]", before 1.14's
    # "{{node name}}"): the Split node with its attributes, and a Recv of its output whose
    # recv_device names a GPU (the parts going to GPU towers). Read by replicate_batch_split
    _p(
        "estimator.split_node",
        ("= split[", "= splitv["),
        r"\[\[Node: (?P<node>[\w./-]{1,200}) = SplitV?\[[^\n]{0,300}?num_split=(?P<n>\d{1,6})",
    ),
    _p(
        "estimator.split_part_to_gpu",
        ("recv[",),
        r"\[\[Node: (?P<node>[\w./-]{1,200})/_\d{1,8} = _(?:Host)?Recv\[[^\n]{0,2000}?"
        r'recv_device="[^"\n]{0,200}?(?:gpu|GPU):(?P<gpu>\d{1,3})"',
    ),
    _p(
        "estimator.batch_not_divisible_by_gpus",
        ("needs to be divisible by the number of gpus",),
        r"Batch size (?P<size>\S{1,40}) needs to be divisible by the number of GPUs, which is "
        r"(?P<n>\d{1,6})",
    ),
    # A channels-first (NCHW) op that reached one of TensorFlow's CPU kernels, which take
    # channels-last (NHWC) only (the GPU's cuDNN kernels take both). The wordings, in the 2.21
    # wheel's libtensorflow_cc.so.2 unless marked: conv_grad_input_ops.cc / conv_grad_filter_ops.cc
    # "Conv2DCustomBackpropInputOp only supports NHWC." (TF 1.x too), "Conv2DBackpropFilterOp
    # [CPU] only supports NHWC data format.", "Conv2DBackpropInputOp [CPU or GPU(int32)] only
    # supports NHWC data format."; conv_grad_ops_3d.cc "Conv3DBackpropInputOpV2 only supports
    # NDHWC on the CPU."; pooling_ops_common.h / pooling_ops_3d.cc "Default MaxPoolingOp only
    # supports NHWC on device type CPU" (Max/Avg pooling, their grads, Pooling3DOp NDHWC; some
    # releases misspell MaxPoolinGradOp); TF 1.x bias_op.cc "CPU BiasOp only supports NHWC.";
    # conv_ops.cc "The Conv2D op currently only supports the NHWC tensor format on the CPU.",
    # TF 1.x "Generic conv implementation only supports NHWC tensor format for now." (TF 1.0 as
    # a CHECK failure), conv_ops_fused_impl.h "Fused conv implementation only supports NHWC
    # tensor format for now."; conv_ops_3d.cc "CPU implementation of Conv3D currently only
    # supports the NHWC tensor format."; depthwise_conv_op.cc "Depthwise convolution on CPU is
    # only supported for NHWC format"; TF 1.x fused_batch_norm_op.cc "The CPU implementation of
    # FusedBatchNorm only supports NHWC tensor format for now."; "Only NHWC data_format
    # supported on CPU.". Not "... or NCHW_VECT_C" (MaxPoolingV2's own list), nor the int8 and
    # integer-type wordings (a dtype limit on every device). Read by
    # checks/op_kernel_limits.py nchw_on_cpu (its CPU-only-build hedge)
    _p(
        "opk.nhwc_only_cpu",
        ("only supports nhwc", "only supports ndhwc", "currently only supports the nhwc",
         "on cpu is only supported for nhwc", "only nhwc data_format supported on cpu"),
        r"(?:(?<![\w-])(?P<pre>Default|CPU) )?(?P<op>[A-Z][A-Za-z0-9]{1,60}?Op(?:V\d)?)"
        r"(?: \[(?P<devs>[^\]\n]{1,40})\])? only supports N(?:D)?HWC(?! or)"
        r"(?:[^\n]{0,20}?on device type (?P<dev>\w{1,20}))?"
        r"|The (?P<op2>Conv2D) op currently only supports the NHWC tensor format on the CPU"
        r"|(?P<op3>Generic|Fused) conv implementation only supports NHWC tensor format"
        r"|CPU implementation of (?P<op4>Conv3D) currently only supports the NHWC tensor format"
        r"|(?P<op5>Depthwise) convolution on CPU is only supported for NHWC format"
        r"|The CPU implementation of (?P<op6>FusedBatchNorm) only supports NHWC tensor format"
        r"|Only NHWC data_format supported on CPU",
    ),
    # TensorFlow's CPU convolution kernels refusing a grouped convolution: conv_ops.cc "Generic
    # conv implementation does not support grouped convolutions for now." and
    # conv_ops_fused_impl.h "Fused conv implementation does not support grouped convolutions
    # for now." (TF 2.x), the backprop's "Gradients for grouped convolutions are not supported
    # on CPU." (in the 2.21 wheel), and the older kernel's "The Conv2D op currently does not
    # support grouped convolutions on the CPU. A grouped convolution was attempted to be run
    # because the input depth of N does not match the filter input depth of M" (TF 2.x
    # conv_ops.cc LaunchConv2DOp<CPUDevice>, as read in a fork of it; hoangthang1607/
    # nfnets-Tensorflow-2#1, TF 2.4). Read by checks/op_kernel_limits.py
    _p(
        "conv.grouped_cpu",
        ("does not support grouped convolutions", "grouped convolutions are not supported on cpu"),
        r"(?:Generic|Fused) conv implementation does not support grouped convolutions"
        r"|The Conv\dD op currently does not support grouped convolutions on the CPU"
        r"|(?P<grad>Gradients) for grouped convolutions are not supported on CPU",
    ),
    # TensorFlow's CPU kernels refusing the NCHW (channels-first) layout: pooling_ops_common /
    # maxpooling_op.cc / avgpooling_op.cc "Default MaxPoolingOp only supports NHWC " "on device
    # type " CPU (and AvgPoolingOp, the *GradOp / MaxPoolingGradGradOp twins), conv_ops.cc "The
    # Conv2D op currently only supports the NHWC tensor format on the CPU. The op was given the
    # format: " (TF 1.x: "Generic conv implementation only supports NHWC tensor format for
    # now."), conv_grad_*_ops.cc "Conv2DCustomBackpropInputOp only supports NHWC." /
    # "Conv2DBackpropFilterOp [CPU] only supports NHWC data format.", conv_ops_3d.cc "CPU
    # implementation of Conv3D currently only supports the NHWC tensor format.",
    # conv_ops_fused_impl.h "Fused conv implementation only supports NHWC tensor format for
    # now." (all in the 2.21 wheel), fused_batch_norm_op.cc "The CPU implementation of
    # FusedBatchNorm only supports NHWC tensor format for now." (TF 1.x-2.x). Not the integer
    # (any device) or int8 wordings. Read by checks/op_kernel_limits.py
    _p(
        "nchw.cpu_only",
        ("only supports nhwc", "only supports the nhwc"),
        r"(?P<what>Default (?:Max|Avg)Pooling(?:Grad){0,2}Op|Conv2DCustomBackprop(?:Input|Filter)"
        r"Op|Conv2DBackprop(?:Input|Filter)Op \[CPU[^\]]{0,20}\]|The Conv2D op currently"
        r"|(?:The )?CPU implementation of (?:FusedBatchNorm|Conv3D)(?: currently)?"
        r"|(?:Generic|Fused) conv implementation) only supports (?:the )?NHWC"
        r"(?! tensor format for integer)(?! and )",
    ),
    # A node's own device attribute naming a GPU, in the "[[Node: x = Op[..., _device=...]]"
    # line TF 1.x prints under an error (TF 1.0-1.3 "/gpu:0", later "/device:GPU:0"); read by
    # checks/op_kernel_limits.py next to nchw.cpu_only
    _p(
        "nchw.node_on_gpu",
        ("_device=",),
        r"(?<!\w)_device=\\?\"[^\"]{0,200}?/(?:device:GPU|gpu):\d{1,3}\\?\"",
    ),
    # Keras' progress bar with a loss ("1/10 [==>...] - ETA: 3s - loss: 0.52", Keras 3 "1/10 ━━━
    # 2s 9ms/step - loss: 0.52"): the model ran steps; read by compute_capability's Blackwell
    # notice (a JIT that failed never gets to a step)
    _p("keras.step", (" - loss: ",), r"^[ \t]{0,8}\d{1,9}/\d{1,9} [^\n]{0,200}? - loss: \d"),
    # a training loop's own report of a loss value ("step 120, loss = 0.53", "Iter 10 loss:
    # 2.1", "loss=0.7", the NMT tutorial's "Epoch 1 Batch 100 Loss 2.1093", "loss: nan"): the
    # program ran steps; read by checks/dataset_end.py (an end of the data after steps is no
    # empty dataset)
    _p("train.loss_value", ("loss",),
       r"(?i)\bloss\b[ \t]{0,3}[:=|]?[ \t]{0,3}(?:-?\d|nan\b|inf\b)"),
    _p(
        "driver.libcuda_symbol",
        ("in libcuda dso", "not found", "undefined symbol: cu", "undefined symbol:cu"),
        r"could not find (?P<sym>cu[A-Z][a-z]\w{0,60}?) ?in libcuda DSO"
        r"|(?<![\w.])(?P<sym2>cu[A-Z][a-z]\w{0,60}) not found\b"
        r"|undefined symbol: ?(?P<sym3>cu[A-Z][a-z]\w{0,60})",
    ),
    # --- grappler's kernel check, NCCL's SHM registration, dyld's macOS, the placer's kernel
    # lists, Keras' jit fallback, XLA variables, nvidia-container-cli on WSL, [and-cuda] wheels
    # (kinds seen in docs/census-recent-reports.md) ---
    # grappler/utils/graph_view.cc MutableGraphView::CheckKernelRegisteredForNodes(): after a
    # grappler rewrite, a node whose op has no kernel for its device is LOG(WARNING)ed with
    # op_kernel.cc's "No registered 'X' OpKernel for GPU devices compatible with node ..."
    # and the function returns OK: the placer puts the op on a device that has a kernel.
    _p(
        "grappler.kernel_check",
        ("graph_view.cc",),
        r"(?:grappler[/\\]utils[/\\])?graph_view\.cc:\d+\]\s*No registered '(?P<op>\w{1,120})' "
        r"OpKernel for '?(?P<dev>[A-Z_]{2,20})'? devices",
    ),
    # NCCL's shared-memory transport maps its /dev/shm segment, then registers it with CUDA:
    # 2.4-2.11 include/shm.h shmOpen, 2.12+ misc/shmutils.cc ncclShmOpen:
    # CUDACHECKGOTO(cudaHostRegister(ptr, ...)) -> WARN("Cuda failure '%s'") at that file:line
    # (the allocation failures print posix_fallocate / "Error while creating shared memory
    # segment" instead); 2.3 include/shm.h: WARN("failed to register host buffer %p : %s").
    _p(
        "nccl.shm_cuda_register",
        ("cuda failure", "failed to register host buffer", "device pointer for local shmem"),
        r"(?:shm\.h|shmutils\.cc|shm\.cc):\d+ NCCL WARN Cuda failure '(?P<err>[^'\n]{1,80})'"
        r"|WARN failed to register host buffer (?:0x)?[0-9a-fA-F]{1,16} : (?P<err2>[\w ]{1,80})"
        r"|WARN failed to get device pointer for local shmem",
    ),
    # any NCCL CUDACHECK failure (src/include/checks.h: WARN("Cuda failure '%s'",
    # cudaGetErrorString(err)); NCCL 2.19+'s driver-API CUCHECK: WARN("Cuda failure %d '%s'")
    # with the CUresult's number) at its file:line: the string names the CUDA error
    # ("out of memory" = cudaErrorMemoryAllocation, e.g. include/alloc.h's cudaMalloc of NCCL's
    # buffers). Read by checks/distributed.py
    _p(
        "nccl.cuda_failure",
        ("nccl warn cuda failure",),
        r"(?P<file>[\w./-]{1,80}):\d{1,5} NCCL WARN Cuda failure (?:\d{1,4} )?"
        r"'(?P<err>[^'\n]{1,80})'",
    ),
    # NCCL's INFO line naming the interface and address a rank uses ("node1:18225:18239 [0]
    # INFO NET : Using interface eth1:100.102.32.176<0>", NCCL 2.0-2.3 without "NCCL";
    # "host:pid:tid [0] NCCL INFO NET/Socket : Using [0]eth0:10.0.0.1<0>" later): the host
    # name and the address of each rank. Read by checks/nccl_host_identity.py
    _p(
        "nccl.net_iface",
        ("info net",),
        r"^\s*(?P<host>[A-Za-z0-9][\w.-]{0,99}):(?P<pid>\d{1,8}):\d{1,8} \[\d{1,3}\] (?:NCCL )?"
        r"INFO NET(?:/\w{1,20})? : Using (?:interface )?(?:\[\d{1,3}\])?(?P<iface>[\w.-]{1,40}):"
        r"(?P<ip>\d{1,3}(?:\.\d{1,3}){3})<\d{1,3}>",
    ),
    # NCCL's P2P transport failing to map a peer's buffer ("transport/p2p.cu:431 WARN failed
    # to open CUDA IPC handle : 30 unknown error"): cudaIpcOpenMemHandle across two processes
    # it took for one machine. Read by checks/nccl_host_identity.py
    _p(
        "nccl.ipc_open",
        ("failed to open cuda ipc handle",),
        r"failed to open CUDA IPC handle\s*:\s*(?P<code>\d{1,4})",
    ),
    # dyld (macOS): a library needs a newer macOS than the one running: older dyld "Referenced
    # from: <lib> (which was built for Mac OS X 12.0)", dyld 4 "Referenced from: <uuid> <lib>
    # (built for macOS 15.1 which is newer than running OS)".
    _p(
        "dyld.built_for_newer_macos",
        ("which was built for mac os x", "which is newer than running os"),
        r"Referenced from: [^\n]{0,300}?(?P<lib>[\w.+-]{1,80}\.dylib)[^\n]{0,10}?\("
        r"(?:which was built for Mac OS X (?P<v>\d{2}(?:\.\d{1,2}){0,2})\)"
        r"|built for macOS (?P<v2>\d{2}(?:\.\d{1,2}){0,2}) which is newer than running OS\))",
    ),
    # The placer's "No OpKernel was registered to support Op 'X' [used by {{node Y}}] with these
    # attrs[: [...]].  Registered devices: [CPU, ...], Registered kernels:\n  device='GPU'; ..."
    # (simple_placer.cc / colocation_graph.cc: no registered DEVICE has a kernel for the op's
    # attrs; the kernel list is every kernel of the op in this binary, "<no registered
    # kernels>" when it has none). Devices: placer.registered_devices; kernels:
    # placer.kernel_registered.
    _p(
        "placer.no_opkernel",
        ("no opkernel was registered",),
        r"No OpKernel was registered to support Op '(?P<op>[\w>]{1,120})'",
    ),
    # the same error's node attributes ("... used by {{node x}} with these attrs: [T=DT_FLOAT,
    # data_format=\"NCHW\"]"), read apart: a hard wrap puts them lines below the op's name
    _p(
        "placer.node_attrs",
        ("these attrs:",),
        r"(?:\bwith |^\s*)these attrs: \[(?P<attrs>[^\]\n]{0,2000})\]",
    ),
    _p("placer.no_kernels_listed", ("<no registered kernels>",), r"<no registered kernels>"),
    # Keras 3 trainers/trainer.py, the jit_compile setter: warnings.warn("Model doesn't support
    # `jit_compile=True`. Proceeding with `jit_compile=False`.") when model_supports_jit()
    # says no (a layer with supports_jit=False, op determinism, TF on an Apple-silicon GPU).
    _p(
        "keras.jit_fallback",
        ("proceeding with",),
        r"Model doesn't support `?jit_compile=True`?\. Proceeding with `?jit_compile=False",
    ),
    # TF compiler/jit (XLA launch): "Trying to access resource <name> (defined @ <loc>) located
    # in device <A> from device <B>" + " Cf. https://www.tensorflow.org/xla/known_issues#
    # tfvariable_on_a_different_device" (the strings are in TF 2.21's libtensorflow_cc).
    _p(
        "xla.resource_other_device",
        ("trying to access resource",),
        # (the "(defined @ ...)" part may be cut by the user: "[...]", "...", "…")
        r"Trying to access resource (?P<res>\S{1,200})"
        r"(?P<defined> \(defined @ [^\n]{0,400}?\))?(?: \[?(?:\.\.\.|…)\]?)? located "
        r"in device (?P<dev>\S{0,120}?device:\S{1,40}) from device (?P<from>[\w:/]{1,120})",
    ),
    # what ran the op that read the resource: XLA's launch op (xla_ops.cc, its "Cf. ...
    # known_issues#tfvariable_on_a_different_device" line, a _XlaMustCompile function) or the
    # core resource ops (resource_variable_ops.cc: TensorFlow's resource manager, no XLA)
    _p(
        "xla.resource_op_site",
        ("op_requires failed at", "known_issues#tfvariable_on_a_different_device",
         "_xlamustcompile=true"),
        r"OP_REQUIRES failed at (?P<site>xla_ops|resource_variable_ops|\w{1,60})\.cc"
        r"|(?P<cf>known_issues#tfvariable_on_a_different_device)"
        r"|(?P<must>_XlaMustCompile=true)",
    ),
    # tensorflow/python/eager/polymorphic_function/polymorphic_function.py (2.21; def_function.py
    # before): a jit_compile tf.function whose variable creations could not be lifted out of it
    _p(
        "xla.lift_variable_creation",
        ("failed to lift variable creations",),
        r"failed to lift variable creations out of this tf\.function",
    ),
    # libnvidia-container (the nvidia-container-cli of Docker's prestart hook) on WSL: its
    # dxcore.c (copied verbatim into nvidia-container-toolkit internal/dxcore) lists the
    # adapters of libdxcore and skips those without a WDDM >= 2.7 driver or a driver store
    # path; none left -> "WSL environment detected but no adapters were found".
    _p(
        "nvc.wsl_no_adapters",
        ("no adapters were found",),
        r"WSL environment detected but no adapters were found",
    ),
    # libnvidia-container src/cli/dsl.c: the image's NVIDIA_REQUIRE_* expression (passed as
    # --require=..., read from the line by the check) could not be parsed: "requirement error:
    # invalid expression".
    _p(
        "nvc.invalid_expression",
        ("requirement error: invalid expression",),
        r"requirement error: invalid expression",
    ),
    # pip resolvelib factory.py _report_single_requirement_conflict: "Could not find a version
    # that satisfies the requirement {req} (from {parent}) (from versions: {...})", req printed
    # with its marker ('; extra == "and-cuda"'): here an NVIDIA CUDA wheel of the extra.
    _p(
        "pip.nvidia_wheel_versions",
        ("satisfies the requirement nvidia-",),
        r"satisfies the requirement (?P<pkg>nvidia-[a-z0-9-]{2,40}-cu1\d)"
        r"(?P<spec>[=<>!~][^\s;(]{1,40})?"
        r"[^\n]{0,200}?\(from versions: (?P<versions>[^)\n]{0,300})\)",
    ),
    # --- vGPU guest ---
    # nvidia-smi -q on a vGPU guest: "Virtualization Mode : VGPU", "vGPU Software Licensed
    # Product" / "License Status : Unlicensed"; vGPU product names "GRID V100-8Q" (read by
    # checks/wsl.py: vgpu-license-unlicensed-blocks-cuda)
    _p(
        "vgpu.shown",
        ("virtualization mode", "vgpu", "grid "),
        r"Virtualization Mode\s*:\s*VGPU|\bvGPU Software\b"
        r"|\bGRID [A-Z]\d{1,4}\w{0,8}-\d{1,3}[QABC]\b",
    ),
    # --- Apptainer/Singularity --nv found none of the host's NVIDIA driver files ---
    # apptainer internal/pkg/runtime/launch/launcher_linux.go addGPUBinds: sylog
    # "Could not find any %s files on this host!" / "... %s libraries ..." with "nv" (legacy
    # binds from nvliblist.conf); Singularity printed it at INFO, Apptainer at WARNING. The
    # 32-bit ("any 32-bit nv libraries") and ROCm ("rocm") wordings are other kinds.
    _p(
        "apptainer.no_nv",
        ("could not find any nv ",),
        r"Could not find any nv (?P<what>files|libraries) on this host!",
    ),
    # --- NCCL socket WARN lines -------------------------------------------------
    # NVIDIA/nccl socket code at v2.8.4-1 src/include/socket.h ("Connect to %s failed : %s",
    # "Net : No interface found in the same subnet as remote address %s", "Net : Connection
    # closed by remote peer"), v2.18.3-1 src/misc/socket.cc ("socketStartConnect: Connect to %s
    # failed : %s", "socketStartConnect: exceeded retries (%d)", "socketProgress: Connection
    # closed by remote peer %s") and 5067397 src/os/linux.cc ("%s: connect to %s failed : %s",
    # "ncclOsSocketPollConnect to %s failed with error %s"): the network between ranks.
    # ``peer``: the address NCCL tried; ``err``: the connect() strerror those lines carry
    # (v2.21.5-1 socket.cc also "returned %d(%s) errno %d(%s)"; linux.cc "returned %s, ...").
    _p(
        "nccl.socket",
        ("connect to", "no interface found in the same subnet", "exceeded retries",
         "exceeded timeouts", "closed by remote peer"),
        r"(?i:(?:\b|(?<=Poll))connect to )(?P<peer>\S{1,80})(?: failed| returned)"
        r"(?:[^\n]{0,24}?(?P<err>Connection timed out|Connection refused|No route to host"
        r"|Network is unreachable))?"
        r"|No interface found in the same subnet as remote address"
        r"|socket(?:Start|Poll)Connect: exceeded (?:retries|timeouts)"
        r"|(?P<closed>Connection closed by remote peer)",
    ),
    # --- nvidia-container-cli's exec command line ----------------------------
    # The old nvidia-container-runtime-hook prints "exec command: [... nvidia-container-cli
    # ... --require=<the image's NVIDIA_REQUIRE_* alternatives> --pid=N ...]" (as pasted in
    # NVIDIA/nvidia-docker#829), current ones "error running (prestart) hook #0: ... stderr:
    # Auto-detected mode as 'legacy'" (mudler/LocalAI#4789); read by checks/container_runtime.py
    # nvc_requirement_invalid when "requirement error: invalid expression" is on a later line
    # (the expression; the line quoted with it). A ctx.* name: it explains no line by itself.
    # the image's CUDA alternative in the hook's command line ("--require=cuda>=10.0 brand=
    # tesla,..."), wherever the paste wrapped it (checks/containers.py)
    _p(
        "docker.nvc_require_cuda",
        ("--require=cuda",),
        r"--require=cuda\s*>=\s*(?P<v>\d{1,2}\.\d{1,2})\b",
    ),
    _p(
        "ctx.nvc_hook",
        ("--require=", "running hook", "prestart hook"),
        r"nvidia-container-cli\b[^\n]{0,400}?--require=|error running (?:prestart )?hook\b",
    ),
    # --- protobuf runtime older than 3.12 --------------------------------------------
    # protocolbuffers/protobuf v3.12.0 python/google/protobuf/descriptor.py first defines
    # _internal_create_key (absent at v3.11.4), which code generated by protoc >= 3.12 passes
    _p(
        "protobuf.too_old",
        ("_internal_create_key",),
        r"module 'google\.protobuf\.descriptor' has no attribute '(?P<name>_internal_create_key)'",
    ),
    # --- TensorFlow 0.x-1.x dso_loader and cuda_diagnostics wordings ---
    # cuda_diagnostics.cc FindDsoVersion's status (since the first commit, f41959ccb2), printed
    # after "libcuda reported version is: " only once /proc/driver/nvidia/version and
    # /dev/nvidia0 exist; also quoted alone in prose
    _p(
        "driver.libcuda_not_in_process",
        ("was unable to find libcuda.so dso loaded",),
        r"was unable to find libcuda\.so DSO loaded into this program",
    ),
    # dso_loader.cc (0.x-1.x) LOG(INFO) "successfully opened CUDA library <name> locally"
    _p(
        "lib.old_dso_opened",
        ("successfully opened cuda library",),
        r"successfully opened CUDA library (?P<lib>[\w+-][\w.+-]{0,80}?) locally",
        "lib",
    ),
    # dso_loader.cc (0.x-1.x) LOG(INFO) "Couldn't open CUDA library <name>. LD_LIBRARY_PATH:
    # <path>", also pasted without its path part
    _p(
        "lib.old_dso_missing",
        ("open cuda library",),
        r"Couldn't open CUDA library (?P<lib>[\w+-][\w.+-]{0,80}?)\.?(?=\s|$)",
        "lib",
    ),
    # TensorFlow 0.x-1.13's dso_loader.cc status for a library it could not open, "could not
    # dlopen DSO: <name>; dlerror: <dlerror>" (FAILED_PRECONDITION; cuda_gpu_executor.cc prints
    # it after "failed to find libcuda.so on this system: ", statusor after "Non-OK-status" or
    # "Attempting to fetch value instead of handling error"), with macOS's dlerror for a file
    # found nowhere: dyld 2 (macOS <= 10.15) "dlopen(<name or path>, <mode>): image not found",
    # dyld 3/4 (macOS 11+) "dlopen(<name>, 0x0005): tried: '<path>' (no such file), ...".
    # Glibc's dlerror in it is lib.missing's. Read by checks/old_cuda_loader.py.
    _p(
        "dyld.dlopen_missing",
        ("could not dlopen dso",),
        r"could not dlopen DSO: [^;\n]{1,240}; dlerror: dlopen\((?:[^,()\s]{0,240}/)?"
        r"(?P<lib>[\w+-][\w.+-]{0,80}\.dylib), (?:0x)?[0-9a-fA-F]{1,8}\): "
        r"(?:image not found|tried: ')",
        "lib",
    ),
    # cuda_diagnostics.cc StringToDriverVersion's status after "libcuda/kernel reported version
    # is: ": the version string did not parse (older: "expected %d.%d or %d.%d.%d form")
    _p(
        "driver.version_unparsed",
        ("form for driver version", "as an integer from string"),
        r"reported version is: (?:Invalid argument|INVALID_ARGUMENT): (?:expected %d\.%d"
        r"[^\"\n]{0,80}?got \"(?P<v>[^\"\n]{1,60})\"|could not parse \w+ version number "
        r"\"[^\"\n]{0,40}\" as an integer from string \"(?P<v2>[^\"\n]{1,60})\")",
    ),
    # a TensorFlow built here: the user's words ("built/building/compiled ... from source"),
    # a `bazel build ... --config=cuda` line or the pip-package builder it runs
    _p(
        "build.from_source",
        ("from source", "bazel build", "build_pip_package"),
        r"(?i:\b(?:buil[dt]|building|compil(?:ed|ing))\b[^.\n]{0,40}?\bfrom source\b)"
        r"|\bbazel build\b[^\n]{0,200}--config[= ]cuda\b"
        r"|\bbuild_pip_package\b",
    ),
    # the CUDA runtime a loader could not load, in a user's words ("unable to load
    # libcudart.so.7.0", "can't find cudart64_101.dll"): the loaders' own lines are lib.missing
    _p(
        "lib.prose_cudart",
        ("unable to", "cannot", "can't", "could not", "fails to", "failed to"),
        r"(?i:\b(?:unable to|cannot|can't|could not|fails? to|failed to)\s+(?:load|open|find)\s+)"
        r"['`\"]?(?P<lib>libcudart\.so\.\d{1,2}(?:\.\d{1,2})?|cudart64_\d{2,3}\.dll)",
        "lib",
    ),
    # a CUDA / cuDNN DLL a Windows loader could not find, in a user's words ("cannot find
    # nvcuda.dll", "unable to load cupti64_80.dll"): TensorFlow's own lines for it are the
    # self check's "Could not find '<dll>'. TensorFlow requires that this DLL be installed in a
    # directory that is named in your %PATH% environment variable" (1.x Windows, self_check.py)
    # and the loader's "Could not load dynamic library '<dll>'" (2.x), both lib.missing. A
    # versioned CUDA toolkit / cuDNN DLL said so is lib.prose_missing (below: a warning)
    _p(
        "lib.missing",
        ("unable to", "cannot", "can't", "can not", "could not", "couldn't", "fails to",
         "failed to"),
        r"(?i:\b(?:unable to|cannot|can't|can not|could not|couldn't|fails? to|failed to)\s+"
        r"(?:load|open|find|locate)\s+)['`\"]?(?!(?:" + _PROSE_NAME + r"))"
        r"(?P<lib>(?:cudart|cublas|cublasLt|cufft|curand"
        r"|cusolver|cusparse|cudnn|cupti|nvcuda)(?:64_\d{1,3})?\.dll)\b",
        "lib",
    ),
    # a versioned CUDA / cuDNN / TensorRT library file said in prose to be missing, in any
    # order and quoting ('"cudart64_90.dll" not found', "libcublas.so.11 is missing", "can't
    # find libcudnn.so.8", "missing cudnn64_7.dll", "cusolver64_10.dll could not be found"):
    # the user's paraphrase of the loaders' lines (dso_loader's "Could not load dynamic
    # library '<file>'; dlerror: <file> not found", glibc's "<file>: cannot open shared object
    # file", the 1.x self check's "Could not find '<file>'"), which are lib.missing. Read by
    # checks/prose_library.py (a warning: only the user's words say it). Not bazel's
    # configure-time "Cuda Configuration Error: Cannot find cuda library <file>"
    # (third_party/gpus/cuda_configure.bzl), which no loader prints.
    _p(
        "lib.prose_missing",
        ("not found", "missing", "not be found", "not be loaded"),
        r"^(?!.*(?i:configuration error)).*?(?<![\w.+-])" + _PROSE_LIB
        + r"""['"`’”)\]]{0,2}(?:[ \t]{1,4}(?i:file|library|dll))?[ \t]{0,4}[:,-]?[ \t]{0,4}"""
        r"(?i:(?:is|was|are|were|still|seems to be)[ \t]{1,4})?"
        r"(?i:not[ \t]{1,4}found|missing|(?:could|can)(?:not|n't|[ \t]{1,4}not)[ \t]{1,4}be"
        r"[ \t]{1,4}(?:found|loaded))\b",
        "lib",
    ),
    _p(
        "lib.prose_missing",
        ("missing", "unable to", "cannot", "can't", "can not", "could not", "couldn't",
         "failed to", "fails to", "fail to"),
        r"^(?!.*(?i:configuration error))"
        r".*?(?i:\b(?:cannot|can't|can[ \t]{1,4}not|could[ \t]{1,4}not|couldn't|unable[ \t]{1,4}"
        r"to|fail(?:s|ed)?[ \t]{1,4}to)[ \t]{1,4}"
        r"(?:find|load(?![ \t](?:dynamic[ \t])?library[ \t])|open|locate)"
        r"|\bmissing)[ \t]{1,4}"
        # "the file", "dynamic library", "the shared library" before the name; the name may be
        # in Markdown bold or italics ("Cannot open dynamic library **libcublas.so.10**");
        # "Could not load library <file>." is cuDNN 8's own loader wording, cut before its
        # "Error: <dlerror>" (the file is what a cuDNN build asks for: not read as prose), and
        # "could not load dynamic library" TensorFlow's dso_loader one retyped (the tolerant
        # pass reads it as the loader's line)
        r"(?i:(?:the[ \t]{1,4})?(?:(?:dynamic|shared)[ \t]{1,4})?(?:file|dll|library|object)"
        r"[ \t]{1,4})?"
        r"""(?:['"`‘“]|\*{1,2}|_)?(?<![\w.+-])""" + _PROSE_LIB,
        "lib",
    ),
    # --- Keras public names/modules that moved, Keras 2.11+ optimizer arguments ---
    # Python's own wordings for a PUBLIC Keras path (private ones: keras.private_api,
    # eco.keras_other_saver): "cannot import name 'X' from 'keras.M' (path)" (Python 3.7+),
    # "module 'keras.M' has no attribute 'X'", "No module named 'keras.M'". What moved where is
    # data: the keras-home-* / keras-module-* rows of platform_facts.toml (keras-team/keras at
    # its tags); read by checks/keras_moves.py.
    _p(
        "keras.moved_name",
        ("cannot import name", "has no attribute"),
        r"cannot import name '(?P<name>\w{1,80})' from '(?P<mod>(?:tensorflow\.(?:python\.)?)?keras"
        r"(?:\.\w{1,60}){0,6})'"
        r"|module '(?P<mod2>(?:tensorflow\.)?keras(?:\.\w{1,60}){0,6})' has no attribute "
        r"'(?P<name2>\w{1,80})'",
    ),
    _p(
        "keras.moved_module",
        ("no module named",),
        r"No module named '(?P<mod>(?:tensorflow\.)?keras\.\w{1,60}(?:\.\w{1,60}){0,6})'",
    ),
    # keras optimizers/optimizer.py (Keras 2.11 optimizer_experimental/optimizer.py, 2.12-2.15
    # optimizers/optimizer.py): f"{k} is deprecated in the new Keras optimizer, please check the
    # docstring for valid arguments, or use the legacy optimizer, e.g.,
    # tf.keras.optimizers.legacy.{cls}." (2.11-2.12 print "pleasecheck", no space)
    # The same _process_kwargs pops lr= with a warning and drops its value (the optimizer keeps
    # its default learning rate): "`lr` is deprecated, please use `learning_rate` instead, or
    # use the legacy optimizer, e.g.,tf.keras.optimizers.legacy.{cls}." (2.11), "`lr` is
    # deprecated in Keras optimizer, please use `learning_rate` or use the legacy optimizer,
    # e.g.,tf.keras.optimizers.legacy.{cls}." (2.12-2.15)
    _p(
        "keras.optimizer_legacy_kwarg",
        ("deprecated in the new keras optimizer", "`lr` is deprecated"),
        r"(?P<kw>decay|gradient_aggregator|gradient_transformers)[*`_]{0,2} is deprecated in the "
        r"new Keras "
        r"optimizer(?:[^\n]{0,200}?optimizers\.legacy\.(?P<cls>\w{1,40}))?"
        r"|(?P<lr>`lr` is deprecated(?: in Keras optimizer)?, please use `learning_rate`)"
        r"(?:[^\n]{0,120}?optimizers\.legacy\.(?P<cls2>\w{1,40}))?",
    ),
    # a Keras model/optimizer method a later Keras removed (platform_facts keras-removed-* rows):
    # Python's "'<Class>' object has no attribute '<method>'" (Objects/object.c)
    _p(
        "keras.removed_method",
        ("object has no attribute",),
        r"'(?P<cls>Sequential|Functional|Model|Adam|AdamW|SGD|RMSprop|Adagrad|Adadelta|Adamax"
        r"|Nadam|Ftrl|Optimizer)' object has no attribute '(?P<attr>predict_classes"
        r"|predict_proba|fit_generator|evaluate_generator|predict_generator|get_updates)'"
        # (Keras's own attribute: any model class, a subclassed one too)
        r"|'(?P<cls2>\w{1,80})' object has no attribute "
        r"'(?P<attr2>metrics_tensors|uses_learning_phase)\b'?",
    ),
    # Keras 3's "`keras.optimizers.legacy` is not supported in Keras 3" (keras/src/optimizers/
    # __init__.py) as pasted from a rendered page, where Markdown ate the backticks
    _p(
        "keras.legacy_api",
        ("not supported in keras", "not available with keras"),
        r"(?<![`\w.])(?P<api>(?:tf\.)?keras\.[\w.]{1,80}) is not (?:available with|supported in) "
        r"Keras 3",
    ),
    # --- collectives aborted or timed out ------------------------------------------
    # tensorflow core/common_runtime/base_collective_executor.cc (TF 1.11 to 2.21; strings in
    # the 2.21 wheel's libtensorflow_framework.so.2): StartAbort logs
    # "BaseCollectiveExecutor::StartAbort <status>" (W before TF 2.5, E after; status as
    # "Out of range: ..." in old TF, "OUT_OF_RANGE: ..." from 2.11) and wraps it as
    # "Collective ops is aborted by: <error>\nThe error could be from a previous operation.
    # Restart your program to reset."; its watchdogs: "Collective has timed out waiting for
    # other workers." (param resolution) and "Collective has timed out during execution."
    _p(
        "collective.aborted",
        ("collective ops is aborted by", "basecollectiveexecutor::startabort"),
        r"Collective ops is aborted by: ?(?P<inner>[^\n]{0,300})"
        r"|BaseCollectiveExecutor::StartAbort (?P<code>[A-Za-z][A-Za-z_ ]{1,30}?): ?"
        r"(?P<inner2>[^\n]{0,300})",
    ),
    # the ring all-reduce's own abort, logged at E level before StartAbort (tensorflow v2.0.0
    # tensorflow/core/common_runtime/ring_alg.cc RingAlg::StartAbort: LOG(ERROR) << "Aborting
    # RingReduce with " << s; RingGather the same): read by checks/collectives.py beside
    # collective.aborted (tensorflow/tensorflow#33086, #25254)
    _p(
        "collective.ring_abort",
        ("aborting ring",),
        r"Aborting Ring(?:Reduce|Gather) with (?P<code>[A-Za-z][A-Za-z_ ]{1,30}?): ?"
        r"(?P<inner>[^\n]{0,300})",
    ),
    # the op a raised error names as where it happened, when it is a collective all-reduce:
    # the node line "[[CollectiveReduce_2]]" (CollectiveReduce, CollectiveReduceV2) and the
    # function "[Op:__inference_collective_all_reduce_2894985]" (tf.distribute's
    # cross_device_utils.py build_collective_reduce wraps it in a function collective_all_reduce)
    # (tensorflow/tensorflow#33531); context only
    _p(
        "ctx.collective_reduce_node",
        ("[[collectivereduce", "collective_all_reduce"),
        r"\[\[(?:\{\{node )?CollectiveReduce(?:V\d)?(?:_\d{1,6})?(?:\}\})?\]\]"
        r"|Op:__inference_collective_all_reduce_\d{1,12}",
    ),
    # a tf.data iterator asked for an element after its dataset ended, and nothing caught it:
    # IteratorGetNextOp / IteratorGetNextSyncOp / MultiDeviceIteratorGetNextFromShardOp return
    # errors::OutOfRange("End of sequence") (tensorflow/core/kernels/data/iterator_ops.cc,
    # multi_device_iterator_ops.cc; the text is in the 2.21 wheel's libtensorflow_cc.so.2),
    # raised in Python as OutOfRangeError: TF 2.x "tensorflow.python.framework.errors_impl.
    # OutOfRangeError: [{{function_node ...}} ]End of sequence", TF 1.x "OutOfRangeError (see
    # above for traceback): End of sequence". Read by checks/dataset_end.py
    # (also an OutOfRangeError of several root errors, "OutOfRangeError: 2 root error(s) found."
    # then "  (0) Out of range: End of sequence" (TF 2.x "(0) OUT_OF_RANGE: ..."): group roots
    # and root, read together by checks/dataset_end.py; a root line under another exception
    # class is not the program's failure)
    _p(
        "data.end_of_sequence",
        ("outofrangeerror", "out of range: end of sequence", "out_of_range: end of sequence",
         "out of range:  end of sequence", "out_of_range:  end of sequence"),
        # (TF 2.0-2.2 distributed: "OutOfRangeError:  [_Derived_]End of sequence", the
        # status derived from another op's, tensorflow/tensorflow#33531)
        r"OutOfRangeError(?: \(see above for traceback\))?: {1,2}(?:\{\{[^}\n]{0,300}\}\} ?)?"
        r"(?:\[_Derived_\] ?)?End of sequence"
        r"|(?P<roots>OutOfRangeError: \d{1,3} root error\(s\) found)"
        # (the root lines of TF 2.1-2.4 print two spaces after the colon: "(0) Out of
        # range:  End of sequence", newuser49's 19/19b logs)
        r"|^\s{0,8}(?P<root>\(\d{1,2}\) (?:Out of range|OUT_OF_RANGE): {1,2})"
        r"(?:\{\{[^}\n]{0,300}\}\} ?)?End of sequence",
    ),
    # TF 1.x input queues (fifo_queue.cc, padding_fifo_queue.cc, random_shuffle_queue_op.cc,
    # priority_queue.cc; barrier_ops.cc "total size"): "<Queue> '<name>' is closed and has
    # insufficient elements (requested N, current size M)", an OutOfRangeError; the queue
    # runner closes it at the end of the input or cancels it when a feeding thread fails
    # (tensorflow/python/training/queue_runner_impl.py); string_input_producer's own check
    # (tensorflow/python/training/input.py): "string_input_producer requires a non-null input
    # tensor" (a ValueError for an empty list, a failed Assert for an empty tensor). Read by
    # checks/dataset_end.py
    _p(
        "data.queue_closed",
        ("is closed and has insufficient elements", "requires a non-null input tensor"),
        r"(?P<queue>FIFOQueue|PaddingFIFOQueue|RandomShuffleQueue|PriorityQueue|Barrier) "
        r"'(?P<name>[^'\n]{0,200})' is closed and has insufficient elements \(requested "
        r"(?P<req>\d{1,9}), (?:current|total) size (?P<size>\d{1,9})\)"
        r"|(?P<nofiles>string_input_producer requires a non-null input tensor)",
    ),
    # tf.data batch() (tensorflow/core/kernels/data/batch_dataset_op.cc, TF 1.x-2.21): "Cannot
    # batch tensors with different shapes in component N. First element had shape [..] and
    # element K had shape [..]."; map() then batch() fused into MapAndBatchDataset
    # (map_and_batch_dataset_op.cc, the default map_and_batch_fusion rewrite): "Cannot add
    # tensor to the batch: number of elements does not match. Shapes are: [tensor]: [..],
    # [batch]: [..]" (both in the 2.21 wheel's libtensorflow_cc.so.2). checks/input_pipeline.py
    _p(
        "data.batch_shapes",
        ("cannot batch tensors with different shapes", "cannot add tensor to the batch"),
        r"Cannot batch tensors with different shapes in component (?P<comp>\d{1,4})\. First "
        r"element had shape (?P<first>\[[^\]\n]{0,120}\]) and element \d{1,9} had shape "
        r"(?P<other>\[[^\]\n]{0,120}\])"
        r"|Cannot add tensor to the batch: number of elements does not match\. Shapes are: "
        r"\[tensor\]: (?P<tensor>\[[^\]\n]{0,120}\]), \[batch\]: (?P<batch>\[[^\]\n]{0,120}\])",
    ),
    # TFRecord reader (tensorflow/core/lib/io/record_reader.cc; xla/tsl/lib/io/record_reader.cc
    # in 2.21): DataLoss "truncated record at N" (the file ends inside a record), "corrupted
    # record at N" (a record's CRC32C does not match), 2.21 adding " (Is this even a TFRecord
    # file?)" at offset 0. checks/input_pipeline.py
    _p(
        "data.tfrecord_damaged",
        ("corrupted record at", "truncated record at", "datalosserror"),
        # (TensorFlow's DataLoss status in front: other readers of record files, databases'
        # logs, word it alike)
        r"(?:(?P<status>DataLossError|Data loss|DATA_LOSS)[^\n]{0,300}?|^\s{0,8})"
        r"(?P<kind>corrupted|truncated) record at (?P<offset>\d{1,19})"
        r"(?P<notfile> \(Is this even a TFRecord file\?\))?"
        # TF 2.11+ prints "DataLossError: Graph execution error:" and the message lines below
        r"|(?P<dl>DataLossError)",
    ),
    # image decoding (tensorflow/core/kernels/image/decode_image_op.cc; TF 1.x-2.3's
    # kernels/decode_image_op.cc): the old kernel's "Expected image (JPEG, PNG, or GIF), got
    # unknown format starting with '<16 bytes, C-escaped>'" / "got empty file", "Invalid JPEG
    # data, size N" / "Invalid JPEG data or crop window, data size N"; the new kernel's
    # "Unknown image file format. One of JPEG, PNG, GIF, BMP required." (2.21: "JPEG, JPEG XL,
    # PNG, GIF, BMP, WebP"), "jpeg::Uncompress failed. Invalid JPEG data or crop window.",
    # "Trying to decode BMP format using a wrong op. Use `decode_bmp` or `decode_image`
    # instead. Op used: DecodeJpeg", "Got N frames, but animated gifs can only be decoded by
    # tf.io.decode_gif or tf.io.decode_image", "Invalid PNG data, size N". checks/input_pipeline.py
    _p(
        "data.image_decode",
        ("expected image (jpeg, png, or gif)", "unknown image file format", "invalid jpeg data",
         "format using a wrong op", "animated gifs can only be decoded", "invalid png data",
         "invalid png header", "invalid crop window", "decodeandcropjpeg",
         "input size should match (header_size"),
        r"Expected image \(JPEG, PNG, or GIF\), got (?:(?P<empty>empty file)|unknown format "
        r"starting with '(?P<magic>[^\n]{0,80}))"
        r"|(?P<unknown>Unknown image file format)\. One of (?P<formats>[A-Za-z ,]{3,80}) required"
        r"|(?P<jpeg>Invalid JPEG data(?: or crop window)?)(?:, (?:data )?size (?P<size>\d{1,12}))?"
        r"|Trying to decode (?P<bmp>BMP) format using a wrong op"
        r"(?:[^\n]{0,120}?Op used: (?P<op>\w{1,40}))?"
        r"|Got (?P<frames>\d{1,9}) frames, but animated gifs can only be decoded"
        # tensorflow/core/lib/jpeg/jpeg_mem.cc: a crop window outside the image (logged before
        # DecodeAndCropJpeg's "Invalid JPEG data or crop window")
        r"|(?P<crop>Invalid crop window: x=\d{1,9}, y=\d{1,9}, w=\d{1,9}, h=\d{1,9} for "
        r"image_width: \d{1,9} and image_height: \d{1,9})"
        r"|(?P<cropop>DecodeAndCropJpeg)\b"
        r"|(?P<png>Invalid PNG (?:data|header)), (?:data )?size \d{1,12}"
        # the BMP decoder's size check (decode_image_op.cc DecodeBmpV2; the 2.21 wheel's
        # libtensorflow_cc.so.2): the file's size against what its header announces
        r"|(?P<bmpsize>Input size should match \(header_size \+ row_size \* abs_height\) but "
        r"they differ by -?\d{1,12})",
    ),
    # Pillow's Image.open on a file no plugin of it identifies (src/PIL/Image.py: "cannot
    # identify image file %r", UnidentifiedImageError from Pillow 7.0, IOError/OSError before):
    # read by checks/input_files.py
    _p(
        "img.pil_unidentified",
        ("cannot identify image file",),
        r"(?:UnidentifiedImageError|IOError|OSError): cannot identify image file "
        r"(?P<path>[ub]?'[^'\n]{1,300}'|\"[^\"\n]{1,300}\"|<[^>\n]{1,160}>|\S{1,300})",
    ),
    # Pillow built without a codec: a plugin's _accept recognises the file and declines it
    # ("image file could not be identified because WEBP support not installed":
    # src/PIL/WebPImagePlugin.py from Pillow 5.3.0, commit 82d942c; AVIF from 11.2.1,
    # AvifImagePlugin.py, which also says "could not be opened" on a direct open), warned
    # before Image.open's "cannot identify image file"; read by checks/input_files.py
    _p(
        "img.pil_codec_missing",
        ("support not installed", "support is not installed"),
        r"(?P<pre>[^\n]{0,300}?)image file could not be (?:identified|opened) because "
        r"(?P<fmt>[A-Z][A-Z0-9]{1,11}) support (?:is )?not installed",
    ),
    # the same Pillow build shown by a check: features.check('webp') / check_module('avif')
    # (its True/False answer on a line below), and `python -m PIL.report`'s
    # "*** WEBP support not installed" (python-pillow/Pillow 4e5f09f src/PIL/features.py
    # check, pilinfo); read by checks/input_files.py beside "cannot identify image file"
    _p("img.pil_feature_call", ("features.check",),
       r"\bfeatures\.check(?:_module)?\(\s*['\"](?P<fmt>webp|avif)['\"]\s*\)"),
    _p("img.pil_feature_answer", ("true", "false"),
       r"^\s*(?:Out\[\d{1,4}\]:\s*)?(?P<val>True|False)\s*$"),
    _p("img.pil_feature_missing", ("support not installed",),
       r"^\s*\*\*\* (?P<fmt>WEBP|AVIF) support not installed"),
    # a Pillow loaded from the distribution's own Python 3 tree (a traceback frame, PIL.report's
    # "Python modules loaded from ..."): Debian/Ubuntu install apt's python3-* modules in
    # /usr/lib/python3/dist-packages (Debian Python Policy 1.5), and their python3 refuses a
    # bare pip install (PEP 668, Debian 12 / Ubuntu 23.04+). checks/input_files.py (review 49a P9)
    _p("ctx.apt_pillow", ("/dist-packages/pil",),
       r"(?<![\w.-])/usr/lib/python3/dist-packages/PIL\b"),
    # libjpeg's error for data without JPEG's start marker (libjpeg-turbo src/jerror.h
    # JERR_NO_SOI; in the 2.21 wheel's libtensorflow_cc.so.2), printed to stderr before the
    # op's own error (or alone in a cut paste). checks/input_pipeline.py
    _p(
        "data.jpeg_no_soi",
        ("not a jpeg file: starts with",),
        r"Not a JPEG file: starts with (?P<b1>0x[0-9a-fA-F]{2}) (?P<b2>0x[0-9a-fA-F]{2})",
    ),
    # libjpeg's warnings (libjpeg-turbo src/jerror.h JWRN_EXTRANEOUS_DATA, JWRN_HIT_MARKER,
    # JWRN_HUFF_BAD_CODE, JWRN_MUST_RESYNC, JWRN_JPEG_EOF, JWRN_JFIF_MAJOR; the strings are in
    # the 2.21 wheel's libtensorflow_cc.so.2): a damaged JPEG that still decodes, printed to
    # stderr (glued to a progress bar's line). checks/input_pipeline.py
    _p(
        "data.jpeg_warning",
        ("corrupt jpeg data:", "premature end of jpeg file", "unknown jfif revision number"),
        r"Corrupt JPEG data: (?:\d{1,9} extraneous bytes before marker 0x[0-9a-f]{2}"
        r"|premature end of data segment|bad Huffman code|bad arithmetic code"
        r"|found marker 0x[0-9a-f]{2} instead of RST\d)"
        r"|Premature end of JPEG file|Warning: unknown JFIF revision number \d{1,3}\.\d{2}",
    ),
    # tf.train.Example parsing (tensorflow/core/util/example_proto_fast_parsing.cc and
    # example_proto_helper.cc; the 2.21 wheel's libtensorflow_framework.so.2): "Feature: K
    # (data type: T) is required but could not be found." (batched: "Name: <n>, Feature: ..."),
    # "Key: K.  Can't parse serialized Example." (batched "Name: <n>, Key: K, Index: I.  ..."),
    # "Number of float values != expected.  Values size: N but output shape: [S]", "Data types
    # don't match. Data type: int64 but expected type: float" (older "...int64Expected type:
    # float"; sparse "Expected type: float, Actual type: int64"). checks/input_pipeline.py
    _p(
        "data.example_parse",
        ("is required but could not be found", "can't parse serialized example",
         "values != expected", "data types don't match"),
        r"Feature: (?P<feature>[^\s()]{1,200}) \(data type: (?P<dtype>\w{1,20})\) is required but "
        r"could not be found"
        r"|Key:? (?P<key>[^\s,]{1,200}?)(?:, Index: \d{1,12})?\.\s{1,3}"
        r"(?:(?P<unparsed>Can't parse serialized Example)"
        r"|Number of (?P<vtype>\w{1,10}) values != expected\.\s{1,3}[Vv]alues size: "
        r"(?P<got>\d{1,12}) but output shape: (?P<shape>\[[^\]\n]{0,60}\])"
        r"|Data types don't match\. (?:Data type: (?P<stored>\w{1,12})(?: but expected type: "
        r"|Expected type: )(?P<want>\w{1,12})|Expected type: (?P<want2>\w{1,12}), Actual type: "
        r"(?P<stored2>\w{1,12})))",
    ),
    # Dataset.from_generator's element checks (tensorflow/python/data/ops/from_generator_op.py
    # in 2.21, TypeError; dataset_ops.py before, the shape case a ValueError): "`generator`
    # yielded an element of shape (..) where an element of shape (..) was expected.", "... of
    # type X where an element of type Y was expected.", "... that did not match the expected
    # structure", "... that could not be converted to the expected type", with
    # output_signature "... of <spec> where an element of <signature> was expected.".
    # checks/input_pipeline.py
    _p(
        "data.generator_element",
        ("yielded an element",),
        r"`?generator`? yielded an element (?:of shape (?P<got>\([^)\n]{0,80}\)) where an element "
        r"of shape (?P<want>\([^)\n]{0,80}\)) was expected"
        r"|of type (?P<gtype>\w{1,20}) where an element of type (?P<wtype>\w{1,20}) was expected"
        r"|that (?P<structure>did not match the expected structure)"
        r"|that (?P<convert>could not be converted to the expected type)"
        r"|of (?P<spec>[^\n]{1,300}?) where an element of (?P<sig>[^\n]{1,300}?) was expected)",
    ),
    # --- the Keras training loop (checks/keras_training_loop.py; sources in its docstring) ---
    # a metric key read from History: "KeyError: 'acc'" (and val_/accuracy forms) beside the
    # line that indexes history (Keras 2.3+ and TF 2.x name the key after compile's string)
    _p(
        "keras.history_key",
        ("keyerror: '", "history["),
        r"KeyError: '(?P<key>(?:val_)?(?:acc|accuracy))'"
        r"|(?P<obj>\w{1,40})\.history\[\s{0,3}['\"](?P<read>(?:val_)?(?:acc|accuracy))['\"]\s{0,3}\]"
        r"(?!\s{0,3}\.(?:append|extend)\()",
    ),
    # the History's keys as a notebook prints them: history.history.keys() ->
    # "dict_keys(['loss', 'val_loss', 'binary_accuracy', 'val_binary_accuracy'])"; read by
    # checks/keras_training_loop.py (a listing with 'loss' in it only)
    _p("ctx.history_keys", ("dict_keys([",),
       r"dict_keys\(\[(?P<keys>'[^\]\n]{1,600})\]\)"),
    # ModelCheckpoint._get_file_path (keras v2.6.0-v2.15.0 callbacks.py, Keras 3
    # callbacks/model_checkpoint.py): 'Failed to format this callback filepath: "<path>".
    # Reason: <the placeholder missing from the logs>'
    _p(
        "keras.checkpoint_path_key",
        ("failed to format this callback filepath",),
        r"Failed to format this callback filepath: \\?\"(?P<path>[^\"\n]{1,300}?)\\?\""
        r"(?:\. Reason: \\?'?(?P<key>[\w/.-]{1,80}))?",
    ),
    # the Keras 2.8-2.15 optimizers' slot index (keras/optimizers/optimizer.py _update_step,
    # a KeyError): "The optimizer cannot recognize variable X. This usually means ..." (2.9+;
    # 2.8 "Optimizer cannot recognize variable X, this usually means"); Keras 3
    # base_optimizer.py _check_variables_are_known: "Unknown variable: <v>. This optimizer can
    # only be called for the variables it was originally built with."
    _p(
        "keras.optimizer_unknown_variable",
        ("optimizer cannot recognize variable", "this optimizer can only be called for the"),
        r"(?:The o|O)ptimizer cannot recognize variable (?P<var>[^\s,]{1,200}?)[.,] "
        # Keras 3's variable repr: "<KerasVariable shape=..., dtype=..., path=...>" (3.0-3.3),
        # "<Variable path=..., shape=..., dtype=..., value=[[...]]>" (later; NumPy may print
        # the value over several lines, so the tail is read alone too)
        r"|Unknown variable: <(?:Keras)?Variable\b[^\n]{0,300}?\bpath=(?P<path3>[^,>\s]{1,200})"
        r"|(?P<k3tail>This optimizer can only be called for the variables it was originally "
        r"built with)",
    ),
    # Python's "got an unexpected keyword argument 'X'" and tf.keras's validate_kwargs
    # "('Keyword argument not understood:', 'X')" (tensorflow/python/keras/utils/
    # generic_utils.py; keras v2.15.0 utils/generic_utils.py): X checked against the Keras 1
    # names Keras 2 renamed (platform fact keras1-argument-names)
    _p(
        "keras.unexpected_kwarg",
        ("got an unexpected keyword argument", "keyword argument not understood",
         "unrecognized keyword arguments passed to"),
        r"(?:(?P<func>[\w.]{1,80})\(\) )?got an unexpected keyword argument '(?P<kw>\w{1,80})'"
        r"|\('Keyword argument not understood:', '(?P<kw2>\w{1,80})'\)"
        # Keras 3's Layer (keras/src/layers/layer.py): "Unrecognized keyword arguments passed
        # to Dense: {'output_dim': 64, ...}"
        r"|Unrecognized keyword arguments passed to (?P<cls3>\w{1,80}): \{'(?P<kw3>\w{1,80})'",
    ),
    # Keras 3 BaseOptimizer.__init__ (keras/src/optimizers/base_optimizer.py, v3.0.0-v3.15.1)
    _p(
        "keras.learning_rate_not_float",
        ("argument `learning_rate` should be float",),
        r"Argument `learning_rate` should be float, or an instance of LearningRateSchedule"
        r"[^\n]{0,300}?Received instead: learning_rate=(?P<value>[^\s]{1,60})",
    ),
    # tf.keras data_adapter.select_data_adapter (keras v2.6.0-v2.15.0 engine/data_adapter.py):
    # "Failed to find data adapter that can handle input: <x type>, <y type>", each type as
    # _type_name prints it: str(type(v)) "<class 'm.C'>", or "(<class 'list'> containing
    # values of types {...})" / "(<class 'dict'> containing {...} keys and {...} values)".
    # Read type by type (x whole, y without its closing characters, so that no group ends at
    # the line's end and the next line is never joined on: prose under a paste is no type);
    # a line cut inside a type falls back to the rest of the line (types).
    _p(
        "keras.no_data_adapter",
        ("failed to find data adapter that can handle input",),
        r"Failed to find data adapter that can handle input: "
        r"(?:(?P<x><class '[^'\n]{1,200}'>|\(<class '[^'\n]{1,60}'> containing [^\n]{1,500}?"
        r"(?:\}| values)\)), (?:<class '(?P<y>[^'\n]{1,200})'>|\((?P<yl><class '[^'\n]{1,60}'> "
        r"containing [^\n]{1,500}?(?:\}| values))\))"
        r"|(?P<types>[^\n]{1,600}))",
    ),
    # a Sequence base class imported or named in code a log quotes ("from tensorflow.keras.utils
    # import Sequence", "from keras.utils import to_categorical, Sequence", "class
    # Gen(keras.utils.Sequence):"): which Keras's Sequence a generator class subclasses (read
    # by checks/keras_sequence_adapter.py)
    _p(
        "ctx.keras_sequence_import",
        (" import ", "utils.sequence)"),
        r"^\s{0,40}(?:from (?P<mod>[A-Za-z_][\w.]{0,100}) import [^\n#]{0,200}?\bSequence\b"
        r"|class \w{1,80}\((?P<base>[A-Za-z_][\w.]{0,100})\.Sequence\))",
    ),
    # saving a subclassed model never called (keras saving_utils.raise_model_input_error,
    # tensorflow/python/keras/saving/saving_utils.py and tflite_keras_util.py in the 2.21
    # wheel; keras v2.6.0-v2.15.0): "Model X cannot be saved because the input shapes have not
    # been set", "... because the input shape is not available", "... either because the
    # input shape is not available or because the forward pass of the model is not defined"
    _p(
        "keras.save_unbuilt",
        ("cannot be saved because the input shape", "cannot be saved either because the input"),
        r"Model (?P<model>[^\n]{0,200}?) cannot be saved (?:because the input shapes? (?:have not "
        r"been set|is not available)|(?P<either>either because the input shape is not available))",
    ),
    # standalone Keras 2.0.7-2.3.1 TensorBoard.on_epoch_end (keras/callbacks.py;
    # callbacks/tensorboard_v1.py in 2.3): histograms need array validation data
    # Python's TypeError for a custom callback hook defined without the logs argument Keras
    # passes (keras callbacks.py / callback_list.py call callback.on_epoch_end(epoch, logs),
    # on_train_batch_end(batch, logs), on_train_begin(logs) ...): "on_epoch_end() takes 2
    # positional arguments but 3 were given". Read by checks/keras_training_loop.py
    _p(
        "keras.callback_signature",
        ("positional argument",),
        r"\b(?P<hook>on_(?:(?:train_|test_|predict_)?batch|epoch|train|test|predict)_"
        r"(?:begin|end))\(\) takes (?P<n>\d) positional arguments? but (?P<m>\d) were given",
    ),
    # another framework whose callbacks have hooks of Keras's names (PyTorch Lightning and its
    # bolts, Transformers' TrainerCallback): a hook's argument count is then theirs (read by
    # checks/keras_training_loop.py callback_hook_signature)
    _p(
        "ctx.callback_framework",
        ("pytorch_lightning", "lightning", "pl_bolts", "pl.trainer", "trainercallback",
         "trainer_callback"),
        r"\b(?:pytorch_lightning|lightning(?:_fabric|\.pytorch)|pl_bolts|pl\.Trainer"
        r"|(?:import|from) lightning\b|TrainerCallback|transformers[/\\.]trainer_callback)\b",
    ),
    _p(
        "keras.tensorboard_histograms",
        ("if printing histograms, validation_data must be",),
        r"If printing histograms, validation_data must be provided, and cannot be a generator",
    ),
    # --- tf.function, AutoGraph, gradients (checks/tf_function_code.py; sources there) ---
    # OperatorNotAllowedInGraphError (TF 1.15-2.13 framework/ops.py _disallow_*; 2.14+
    # framework/tensor.py): "{task} is not allowed in Graph execution. ...", ": AutoGraph did
    # not convert this function." (1.15-2.2), ": AutoGraph did convert this function."
    # (2.3-2.13), ": AutoGraph is disabled in this function.", ": AutoGraph is unavailable in
    # this runtime.", 2.14+ "is not allowed. You can attempt the following resolutions"; task
    # "using a `tf.Tensor` as a Python `bool`" / "iterating over `tf.Tensor`" ("a symbolic"
    # from 2.9); TF <= 1.14 a TypeError "Using a `tf.Tensor` as a Python `bool` is not
    # allowed. Use `if t is not None:`", "Tensor objects are only iterable when eager
    # execution is enabled"
    _p(
        "graph.operator_not_allowed",
        ("as a python `bool` is not allowed", "over `tf.tensor` is not allowed",
         "over a symbolic `tf.tensor` is not allowed", "only iterable when eager execution",
         "as a python bool is not allowed", "operatornotallowedingrapherror"),
        # (the exception's name with its message cut off: IPython's header line
        # "OperatorNotAllowedInGraphError   Traceback (most recent call last)", or the name
        # alone ending a traceback)
        r"^\s*(?:[\w.]{1,80}\.)?(?P<cls_only>OperatorNotAllowedInGraphError)"
        r"(?=\s{2,}Traceback \(most recent call last\)|:?\s*$)"
        r"|(?P<what>[Uu]sing a (?:symbolic )?`?tf\.Tensor`? as a Python `?bool`?"
        r"|[Ii]terating over (?:a symbolic )?`?tf\.Tensor`?) is not allowed"
        r"(?:(?P<graph> in Graph execution)|: AutoGraph (?P<ag>did not convert|did convert|is "
        r"disabled in|is unavailable in)|(?P<tf1>\. Use `?if t is not None)|(?P<new>\. You can "
        r"attempt))?"
        r"|(?P<iter1>Tensor objects are only iterable when eager execution is enabled)",
    ),
    # TensorFlow 1 graph idioms in a traceback's code lines (a session's feed_dict, Keras's
    # learning phase, K.function, a placeholder): read by checks/tf_function_code.py
    _p("ctx.tf1_graph_code", ("feed_dict", "learning_phase", "k.function(", ".run(", "placeholder"),
       r"^\s{0,40}(?!#)[^\n]{0,200}?(?:\bfeed_dict\b|learning_phase\(\)|\bK\.function\("
       r"|\bsess(?:ion)?\.run\(|\.placeholder\()"),
    # a tensor or variable used as a dict key or set member under TensorFlow 2's tensor
    # equality (Tensor._USE_EQUALITY): framework/ops.py Tensor.__hash__ (2.0-2.1 "Tensor is
    # unhashable if Tensor equality is enabled. Instead, use tensor.experimental_ref() as the
    # key."), framework/tensor.py (2.14+ "Tensor is unhashable. Instead, use tensor.ref() as the
    # key."), ops/variables.py ("Variable is unhashable. Instead, use variable.ref() as the
    # key."; tensor.ref() in earlier 2.x). Read by checks/tf_function_code.py
    _p(
        "graph.unhashable",
        ("is unhashable", "are unhashable"),
        r"(?P<what>Tensor|Variable)s? (?:is|are) unhashable(?: if Tensor equality is enabled)?"
        r"(?: \(this tensor: [^\n]{0,300}\))?\.\s*"
        r"Instead, use (?:tensor|variable)\.(?:experimental_)?ref\(\) as the key"
        # (the raise statement a traceback quotes above the message)
        r"|raise TypeError\(\s*[\"'](?P<what2>Tensor|Variable) is unhashable",
    ),
    # a graph tensor used by eager code: TF 1.14-2.6's C++ op-input conversion (SWIG, then
    # _pywrap_tfe) "An op outside of the function building code is being passed\na "Graph"
    # tensor. ... The graph tensor has name: <name>"; TF 2.7's "tf.Graph captured an external
    # symbolic tensor. The symbolic tensor '<name>' is captured by the tf.Graph being executed"
    _p(
        "graph.tensor_leak",
        ("an op outside of the function building code", "captured an external symbolic tensor",
         "the graph tensor has name:"),
        r"(?P<leak>An op outside of the function building code is being passed)"
        r"|tf\.Graph captured an external symbolic tensor\. The symbolic tensor "
        r"'(?P<name2>[^'\n]{1,200})'"
        r"|The graph tensor has name: (?P<name>\S{1,200})",
    ),
    # Keras 3's traceback_utils (keras/src/utils/traceback_utils.py): "Exception encountered
    # when calling <Layer>.call()." above the error a layer's call raised (Keras 2 names the
    # layer "layer 'softmax' (type Softmax)" instead)
    _p(
        "keras.k3_call_context",
        ("exception encountered when calling", "arguments received by"),
        r"Exception encountered when calling (?P<layer>\w{1,80})\.call\(\)"
        r"|Arguments received by (?P<layer2>\w{1,80})\.call\(\):",
    ),
    # Python's TypeError for arithmetic with None ("unsupported operand type(s) for +: 'int'
    # and 'NoneType'", CPython Objects/abstract.c binop_type_error), and the line AutoGraph
    # puts above the frames of the code it converted ("in user code:", TensorFlow's
    # autograph/pyct/error_utils.py ErrorMetadataBase.get_message, TF 2.2-2.21). Read together
    # by checks/tf_function_code.py
    _p(
        "py.none_operand",
        ("unsupported operand type(s) for",),
        r"unsupported operand type\(s\) for (?P<op>\*\*|//|[-+*/%@]): "
        r"'(?P<a>int|float|NoneType|Dimension)' and '(?P<b>int|float|NoneType|Dimension)'",
    ),
    _p("ctx.ag_user_code", ("in user code:",), r"\bin user code:\s*$"),
    # a traceback's header (a new traceback starts: a marker above it is another's)
    _p("ctx.tb_header", ("traceback (most recent call last)",),
       r"Traceback \(most recent call last\)"),
    # a code line that reads a tensor's static shape (x.shape, get_shape(), input_shape)
    _p("ctx.shape_code", (".shape", "get_shape()", "input_shape"),
       r"^\s{0,40}(?!#)[^\n]{0,200}?(?:\.shape\b|get_shape\(\)|\binput_shape\b)"),
    # Keras 2.7-2.15's layer-call context (keras/utils/traceback_utils.py inject_argument_info_
    # in_traceback: 'Exception encountered when calling layer "<name>" (type <Class>).')
    _p(
        "keras.k2_call_context",
        ("exception encountered when calling layer",),
        r"Exception encountered when calling layer [\"'](?P<layer>[\w/.-]{1,120})[\"']",
    ),
    # gradients_util.py (gradients_impl.py in 1.13): "No gradient defined for operation '%s'
    # (op type: %s)" (1.13-2.6); 2.7+ "No gradient defined for operation'<name>' (op type:
    # <type>). In general every operation must have an associated `@tf.RegisterGradient`"
    _p(
        "graph.no_gradient",
        ("no gradient defined for operation",),
        r"No gradient defined for operation ?'(?P<op>[^'\n]{1,300})' \(op type: "
        r"(?P<type>\w{1,80})\)(?P<new>\. In general every operation must have)?",
    ),
    # SHAP's DeepExplainer (shap/explainers/_deep/deep_tf.py) records each op of an eager
    # model under "shap_<op type>" and registers that gradient only for the op types of its
    # op_handlers table; TensorFlow's registry (framework/registry.py lookup) then raises
    # "gradient registry has no entry for: shap_<op type>". Read by checks/tf_function_code.py
    _p(
        "graph.shap_no_handler",
        ("gradient registry has no entry for: shap_",),
        r"gradient registry has no entry for: shap_(?P<type>\w{1,80})",
    ),
    # resource_variable_ops.py (TF 1.15-2.3): each eager variable's handle is checked with
    # gen_logging_ops._assert(..., name="EagerVariableNameReuse"); gone in 2.4.0
    _p(
        "graph.eager_variable_name_reuse",
        ("eagervariablenamereuse",),
        r"assertion failed: \[[^\]\n]{0,40}\] \[Op:Assert\] name: EagerVariableNameReuse"
        r"|(?P<bare>name: EagerVariableNameReuse)\b",
    ),
    # python/eager/execute.py (TF 1.15-2.21): "Inputs to eager execution function cannot be
    # Keras symbolic tensors, but found [...]" (a Keras graph tensor fed to an eager op)
    _p(
        "graph.keras_symbolic_eager",
        ("inputs to eager execution function cannot be keras symbolic tensors",),
        r"Inputs to eager execution function cannot be Keras symbolic tensors, but found "
        r"\[?<tf\.Tensor '(?P<name>[^'\n]{1,200})'",
    ),
    # gast's node constructor (gast/gast.py _make_node): "Bad argument number for Name: 3,
    # expecting 4": gast 0.3.0 (2019-09-07) added type_comment to Name; AutoGraph code written
    # for gast 0.2.x passes three; it also reads gast.Str/Num/Bytes/NameConstant/Ellipsis,
    # which 0.3.0 removed (Constant instead), often as an AutoGraph notice's "Cause:"
    _p(
        "graph.gast_fields",
        ("bad argument number for", "module 'gast' has no attribute"),
        r"Bad argument number for (?P<node>\w{1,40}): (?P<got>\d{1,2}), expecting "
        r"(?P<want>\d{1,2})"
        # gast 0.3.0 dropped the nodes Python 3.8 merged into Constant (0.2.2 had them)
        r"|module 'gast' has no attribute '(?P<gone>Str|Num|Bytes|NameConstant|Ellipsis"
        # gast 0.4.0 dropped Index and ExtSlice as Python 3.9's ast did (serge-sans-paille/gast
        # #53; tensorflow/tensorflow#44146: TF 2.3.1 over gast 0.4.0)
        r"|Index|ExtSlice)'"
        # the reverse: Constant arrived in gast 0.3.0, so an AutoGraph written for gast 0.3+
        # (TensorFlow 2.2 and later) over gast 0.2.x (tensorflow/tensorflow#47802; rwth-i6/
        # returnn's CI: "with gast 0.2.2 ... module 'gast' has no attribute 'Constant'")
        r"|module 'gast' has no attribute '(?P<added>Constant)'",
    ),
    # --- labels against the model's output, lookup indices (checks/labels_and_indices.py) ---
    # The element-wise ops' broadcast check (tensorflow/core/kernels/cwise_ops_common.cc
    # BinaryOpState, bcast_ops.cc BroadcastGradientArgs; "Incompatible shapes: " in the 2.21
    # wheel's libtensorflow_cc.so.2): "Incompatible shapes: [32,10] vs. [32,1]"
    _p(
        "tf.incompatible_shapes",
        ("incompatible shapes: [",),
        r"Incompatible shapes: \[(?P<a>[\d,]{0,80})\] vs\. \[(?P<b>[\d,]{0,80})\]",
    ),
    # the matrix product's size check (tensorflow/core/kernels/matmul_op_impl.h; "Matrix
    # size-incompatible: In[0]: " in the 2.21 wheel's libtensorflow_cc.so.2): "Matrix
    # size-incompatible: In[0]: [32,784], In[1]: [1024,10]"
    _p(
        "tf.matmul_sizes",
        ("matrix size-incompatible",),
        r"Matrix size-incompatible: In\[0\]: \[(?P<a>[\d,]{1,60})\], In\[1\]: "
        r"\[(?P<b>[\d,]{1,60})\]",
    ),
    # the reshape kernel's element count (tensorflow/core/kernels/reshape_op.h; "Input to
    # reshape is a tensor with ", " values, but the requested shape has " / "requires a
    # multiple of " in the 2.21 wheel; " dense values" for a sparse reshape)
    _p(
        "tf.reshape_count",
        ("input to reshape is a tensor with",),
        r"Input to reshape is a tensor with (?P<n>\d{1,15}) (?:dense )?values, but the "
        r"requested shape (?:has (?P<m>\d{1,15})|requires a multiple of (?P<k>\d{1,15}))",
    ),
    # NumPy's own reshape (numpy/_core/src/multiarray/shape.c raise_reshape_size_mismatch:
    # "cannot reshape array of size %zd into shape %S"), met in the data code that prepares
    # an input (an image reshaped for predict)
    _p(
        "np.reshape_count",
        ("cannot reshape array of size",),
        r"cannot reshape array of size (?P<n>\d{1,15}) into shape (?P<shape>\([-\d, ]{0,80}\))",
    ),
    # the graph node an op error names: "[[{{node X}}]]" (TF 1.14+), "[[node X (defined at"
    # (TF 2.0-2.4), TF 1.x "[[Node: X = Op[...]", TF 2.8+ "Node: 'X'" and "Detected at node
    # 'X' defined at" (tensorflow/core/common_runtime/executor.cc, python/framework/
    # errors_impl.py / error_interpolation.py)
    _p(
        "tf.node_name",
        ("{{node ", "[[node ", "[[node: ", "node: '", "detected at node "),
        r"\{\{node (?P<n1>[^}\s]{1,300})\}\}|\[\[node (?P<n2>[^\s\]]{1,300})"
        r"|\[\[Node: (?P<n3>[^\s=]{1,300}) = |^\s*Node: '(?P<n4>[^'\n]{1,300})'"
        r"|Detected at node '?(?P<n5>[^'\s]{1,300})'? defined at",
        recent=8,
    ),
    # the softmax cross-entropy kernel (tensorflow/core/kernels/xent_op.cc; "logits and labels
    # must be broadcastable: logits_size=" in the 2.21 wheel; TF 1.x logs print "logits and
    # labels must be same size: logits_size=[654,4] labels_size=[436,4]")
    _p(
        "tf.xent_sizes",
        ("logits_size=",),
        r"logits and labels must be (?:broadcastable|same size): logits_size=\[(?P<logits>"
        r"[\d,]{1,60})\] labels_size=\[(?P<labels>[\d,]{1,60})\]",
    ),
    # TF's TensorShape.assert_is_compatible_with (tensorflow/python/framework/tensor_shape.py,
    # "Shapes %s and %s are incompatible"), which Keras 2's categorical/binary crossentropy
    # call as target.shape.assert_is_compatible_with(output.shape) (keras-team/keras v2.15.0
    # keras/backend.py); Keras 3 (keras/src/backend/tensorflow/nn.py): "Arguments `target` and
    # `output` must have the same shape. Received: target.shape=..., output.shape=..."
    _p(
        "keras.loss_shapes",
        ("are incompatible", "and `output` must have the same shape"),
        r"Shapes (?P<got>\([^)\n]{1,80}\)) and (?P<want>\([^)\n]{1,80}\)) are incompatible"
        r"|Arguments `target` and `output` must have the same shape\. Received: "
        r"target\.shape=(?P<got3>\([^)\n]{1,80}\)), output\.shape=(?P<want3>\([^)\n]{1,80}\))",
    ),
    # the loss that checked them: a traceback frame or its code line
    _p(
        "keras.loss_frame",
        ("crossentropy", "assert_is_compatible_with(output.shape)"),
        r"\bin (?:sparse_)?(?P<loss>categorical_crossentropy|binary_crossentropy)\b"
        r"|(?P<assert>target\.shape\.assert_is_compatible_with\(output\.shape\))",
    ),
    # a Keras metric's own shape check, echoed in the traceback (keras-team/keras v2.6.0-v2.15.0
    # keras/utils/metrics_utils.py update_confusion_matrix_variables and regression_metrics.py:
    # y_pred first; accuracy_metrics.py: y_true first)
    _p(
        "keras.metric_frame",
        ("assert_is_compatible_with(y_", "update_confusion_matrix_variables"),
        r"(?P<pred_first>y_pred\.shape\.assert_is_compatible_with\(y_true\.shape\))"
        r"|(?P<true_first>y_true\.shape\.assert_is_compatible_with\(y_pred\.shape\))"
        r"|\bin (?P<confusion>update_confusion_matrix_variables)\b",
    ),
    # the sparse softmax cross-entropy kernel (its strings in the 2.21 wheel's
    # libtensorflow_cc.so.2): "logits and labels must have the same first dimension, got
    # logits shape [32,10] and labels shape [320]"
    _p(
        "tf.logits_labels_dim",
        ("logits and labels must have the same first dimension",),
        r"logits and labels must have the same first dimension, got logits shape "
        r"\[(?P<batch>\d{1,9}),(?P<classes>\d{1,9})\](?: and labels shape \[(?P<n>\d{1,12})\])?",
    ),
    # the gather kernels (ResourceGather, GatherV2; embedding lookups): "indices[5,3] = 5000 is
    # not in [0, 5000)" (the pieces "indices[" and " is not in [0, " in the 2.21 wheel's
    # libraries)
    _p(
        "tf.gather_index",
        ("is not in [",),
        r"indices\[(?P<pos>[\d,]{1,40})\] = (?P<index>-?\d{1,12}) is not in \[0, "
        r"(?P<size>\d{1,12})\)(?P<emb>[^\n]{0,300}?(?i:embedding))?",
    ),
    _p(
        "tf.embedding_node",
        ("embedding",),
        r"\{\{node [^}\n]{0,200}?(?i:embedding)[^}\n]{0,200}\}\}|(?i:embedding_lookup)",
    ),
    # a transformer's token-type (segment) input named on a traceback's code line
    # (transformers modeling_tf_roberta.py "tf.gather(params=self.token_type_embeddings,
    # indices=token_type_ids)") or in Keras's "Call arguments received by layer" block
    # ("  • token_type_ids=tf.Tensor(shape=(2, 64), dtype=int32)"; group none: "=None")
    _p(
        "ctx.token_type_input",
        ("token_type", "segment_"),
        r"(?i:token_type|segment)_?(?i:ids|embeddings?)\b(?P<none>\s{0,3}=\s{0,3}None\b)?",
    ),
    _p(
        "collective.timeout",
        ("collective has timed out",),
        r"Collective has timed out (?P<phase>waiting for other workers|during execution)",
    ),
    # --- the shell's "Killed" glued to a progress bar's line -------------------------
    # A Keras (1/10 [==>...] - ETA: ... - loss: ..., Keras 3 "━━━ 2s 20ms/step") or tqdm bar
    # redraws its line with \r and no newline, so bash's "Killed" (SIGKILL, most often the OOM
    # killer) lands at the end of the bar's line: "... - loss: 0.3012Killed". A script's
    # (non-interactive) bash names itself, the line and the pid: "train.sh: line 12: 40211
    # Killed   python train.py" (bminor/bash 637f5c8 jobs.c notify_of_job_status:
    # "%s: line %d: " + pretty_print_job; foreground jobs: print_pipeline, no newline first).
    _p(
        "tools.killed",
        ("killed",),
        r"^(?=[^\n]{0,4000}?(?: - loss: | - ETA: |/step\b|it/s\]|s/it\]))[^\n]{0,4000}"
        r"[\w.\]|%)] ?Killed\s*$"
        # the shell's "Killed" joined to TensorFlow's host-allocation warning before it
        r"|exceeds 10% of (?:free )?system memory\.\s{0,4}Killed\s*$"
        r"|^\S{1,200}: line \d{1,9}: {1,8}\d{1,9} Killed(?:\s|$)",
    ),
    # --- `pip list` / `conda list` table rows as host hints --------------------------
    # pip list pads the name column to the longest name (pypa/pip 6d30920 src/pip/_internal/
    # commands/list.py format_for_columns + utils/misc.py tabulate); conda list pads each column
    # to its widest value, two spaces apart (conda/conda 0f64223 conda/cli/main_list.py
    # list_packages: "  ".join(f"%-{width}s")). Rows only (a name, spaces,
    # a version, at most three more columns): the TensorFlow distribution's version is the
    # TensorFlow hint (view.tf_version reads ctx.tf_version; the row's package in group pkg,
    # read by checks/conda_defaults_tf_build.py), a CUDA runtime/toolkit package's
    # major.minor the CUDA hint (view.log_cuda_versions reads ctx.cuda_prose).
    _p(
        "ctx.tf_version",
        ("tensorflow ", "tensorflow-gpu ", "tensorflow-cpu ", "tensorflow-intel ",
         "tensorflow-macos ", "tensorflow-aarch ", "tensorflow-base ", "tf-nightly ",
         "tf-nightly-gpu ",
         "tf-nightly-cpu "),
        r"^[ \t]{0,4}(?P<pkg>tensorflow(?:-gpu|-cpu|-intel|-macos|-aarch64|-base)?"
        r"|tf-nightly(?:-gpu|-cpu)?)"
        r"[ \t]{1,60}(?P<v>[12]\.\d{1,2}\.\d{1,3})(?:rc\d{1,2}|\.post\d{1,3}|\.dev\d{1,12})?"
        r"(?:[ \t]{1,60}[^\s]{1,120}){0,3}[ \t]*$",
    ),
    _p(
        "ctx.cuda_prose",
        ("cudatoolkit ", "cuda-toolkit ", "cuda-version ", "cuda-runtime ", "cuda-cudart ",
         "nvidia-cuda-runtime-cu", "nvidia-cuda-nvcc-cu"),
        r"^[ \t]{0,4}(?:cudatoolkit|cuda-toolkit|cuda-version|cuda-runtime|cuda-cudart"
        r"|nvidia-cuda-runtime-cu1[0-3]|nvidia-cuda-nvcc-cu1[0-3])[ \t]{1,60}"
        r"(?P<v>\d{1,2}\.\d{1,2})(?:\.\d{1,5}){0,2}(?:[ \t]{1,60}[^\s]{1,120}){0,3}[ \t]*$",
        "v",
    ),
    # `conda list` rows of the conda packages that put CUDA's and cuDNN's libraries into the
    # environment's own lib folder ($CONDA_PREFIX/lib): cudatoolkit (CUDA <= 11.8), cudnn,
    # and CUDA 12's cuda-cudart / cuda-runtime. A row has the build column (conda/cli/
    # main_list.py: name, version, build, channel), which pip's two-column list has not; a
    # pypi row (build pypi_0) is a pip package. TensorFlow's own rows are read too: one
    # with a conda build string is a conda-built TensorFlow, whose RPATH reaches that
    # folder. Read by checks/libraries.py (a pip TensorFlow does not search that folder:
    # TensorFlow's conda recipe put it on LD_LIBRARY_PATH).
    _p(
        "ctx.conda_cuda_pkg",
        ("cudatoolkit ", "cudnn ", "cuda-cudart ", "cuda-runtime ", "tensorflow"),
        r"^[ \t]{0,4}(?P<pkg>cudatoolkit|cudnn|cuda-cudart|cuda-runtime"
        r"|tensorflow(?:-base|-gpu)?)[ \t]{1,60}"
        r"(?P<v>\d{1,2}\.\d{1,2}(?:\.\d{1,5}){0,2})[ \t]{1,60}(?!pypi_)(?P<build>[\w.]{1,80})"
        r"(?:[ \t]{1,60}(?!pypi\b)[\w./:-]{1,120})?[ \t]*$",
        "pkg",
    ),
    # --- the Python package a traceback frame or a compiled extension belongs to -------
    # "File \".../site-packages/horovod/tensorflow/mpi_ops.py\"", a backtrace's
    # ".../site-packages/horovod/common/mpi_lib.so(+0x5081a)": which package's load failed
    # (checks/library_load.py names it instead of TensorFlow). A "ctx." name: the path is
    # context and explains no line (logs/engine.py NOT_EXPLAINING)
    _p(
        "ctx.pkg_path",
        ("site-packages", "dist-packages"),
        r"(?:site|dist)-packages[/\\](?P<pkg>[A-Za-z_]\w{0,60})[/\\]"
        r"(?P<rest>[^\s\"'():,]{0,200})",
        "pkg", recent=MAX_RECENT,  # (read near an ImportError: checks/_addon_frames.py)
    ),
    # --- Horovod's framework version check (horovod/common/util.py
    # check_installed_version, horovod/common/exceptions.py get_version_mismatch_message):
    # raised as HorovodVersionMismatchError when the extension failed to load, else a warning
    _p(
        "dist.hvd_version_mismatch",
        ("installed with version",),
        r"(?P<err>HorovodVersionMismatchError: )?Framework (?P<fw>tensorflow|torch|mxnet|keras)"
        r" installed with version (?P<built>[\w.+-]{1,40}?)\.? but found version "
        r"(?P<found>[\w+-]{1,20}(?:\.[\w+-]{1,20}){0,4})",
    ),
    # --- NVIDIA DALI's TensorFlow plugin (NVIDIA/DALI dali/python/nvidia/dali/plugin/tf.py,
    # dali_tf_plugin/nvidia/dali_tf_plugin/dali_tf_plugin.py): tf.py imports the separate
    # nvidia-dali-tf-plugin package unguarded (DALI 0.13+), and the loader raises when none of
    # the plugin libraries (libdali_tf*.so) loads with the installed TensorFlow
    _p(
        "dali.tf_plugin_missing",
        ("no module named",),
        r"No module named '?(?:nvidia\.)?dali_tf_plugin\b",
    ),
    _p(
        "dali.tf_plugin_no_match",
        ("no matching dali plugin",),
        r"No matching DALI plugin found for installed TensorFlow version",
    ),
    # the loader's own frame in a traceback (tf.py: "_dali_tf_module = dali_tf_plugin.
    # load_dali_tf_plugin()"): with TensorFlow's NotFoundError heading that traceback, the
    # loader re-raised the first plugin library's load error (NVIDIA/DALI#4529, TF 2.11)
    _p(
        "dali.tf_plugin_load_frame",
        ("load_dali_tf_plugin()",),
        r"=\s*dali_tf_plugin\.load_dali_tf_plugin\(\)",
    ),
    _p("ctx.notfound_error", ("notfounderror",), r"\bNotFoundError\b"),
    # --- TF-TRT's TF 1.x / early 2.x Python version check -------------------------
    # tensorflow/tensorflow contrib/tensorrt/python/trt_convert.py (1.x; the same lines in
    # python/compiler/tensorrt/trt_convert.py before 2.4) create_inference_graph: ERROR
    # "TensorRT version mismatch. Tensorflow was compiled against TensorRT %s but library
    # loaded from environment is TensorRT %s. Please make sure ..." + RuntimeError
    # "Incompatible TensorRT library version" (loaded major older), else WARNING "TensorRT
    # mismatch. Compiled against version %s, but loaded %s. Things may not work" (any part).
    _p(
        "trt.tf1_mismatch",
        ("tensorrt mismatch. compiled against version", "tensorflow was compiled against tensorrt",
         "incompatible tensorrt library version"),
        r"TensorRT mismatch\. Compiled against version (?P<linked>\d{1,2}(?:\.\d{1,3}){0,3}),"
        r" but loaded (?P<loaded>\d{1,2}(?:\.\d{1,3}){0,3})"
        r"|TensorRT version mismatch\. Tensorflow was compiled against TensorRT "
        r"(?P<linked2>\d{1,2}(?:\.\d{1,3}){0,3}) but library loaded from environment is TensorRT "
        r"(?P<loaded2>\d{1,2}(?:\.\d{1,3}){0,3})"
        r"|(?P<incompatible>Incompatible TensorRT library version)",
    ),
    # --- nvcc that does not know a GPU architecture ---------------------------------
    # nvcc's option check: "nvcc fatal   : Value 'sm_86' is not defined for option
    # 'gpu-architecture'" (-arch=sm_XX) and "nvcc fatal   : Unsupported gpu architecture
    # 'compute_86'" (-gencode arch=compute_XX); the first CUDA knowing each sm_XX is
    # cuda_arch.toml (CUDA toolkit release notes).
    _p(
        "build.nvcc_arch",
        ("nvcc fatal",),
        r"nvcc fatal\s*:\s*(?:Value '(?P<sm>sm_\d{2,3}[a-z]?)' is not defined for option "
        r"'gpu-architecture'|Unsupported gpu architecture '(?P<compute>compute_\d{2,3}[a-z]?)')",
    ),
    # --- NVIDIA NGC container start-up banner (GPU and driver checks) ---------------
    # NGC images' /opt/nvidia/entrypoint.d/50-gpu-driver-check.sh (2018-2023 text): deviceQuery's
    # compute capability against the image's MINSMVER/MAXSMVER: "ERROR: Detected %s GPU, which
    # is not supported by this container" (below the minimum), "WARNING: ... which is not yet
    # supported in this version of the container" (a newer major than the build), "WARNING: ...
    # which may not yet be supported ..." (a newer minor: still counted as supported), then
    # "ERROR: No supported GPU(s) detected to run this container" when none counted.
    # houtoms/tensorflow nvidia_entrypoint.sh (NVIDIA's TensorFlow image): "NOTE: Legacy NVIDIA
    # Driver detected.  Compatibility mode ENABLED." (CUDA forward-compatibility libs in use).
    _p(
        "container.ngc_gpu",
        ("gpu, which is not supported by this container",
         "gpu, which is not yet supported in this version of the container",
         "gpu, which may not yet be supported in this version of the container"),
        r"Detected (?P<gpu>\S[^\r\n]{0,80}?) GPU, which (?:(?P<below>is not supported by this "
        r"container)|(?P<newer>is not yet supported in this version)"
        r"|(?P<minor>may not yet be supported in this version))",
    ),
    _p(
        "container.ngc_none",
        ("no supported gpu(s) detected to run this container",),
        r"No supported GPU\(s\) detected to run this container",
    ),
    _p(
        "container.ngc_legacy",
        ("legacy nvidia driver detected",),
        r"Legacy NVIDIA Driver detected\.\s+(?:Compatibility mode ENABLED|CUDA Driver OK)",
    ),
    # --- setuptools (setup.py install / easy_install) finding no TensorFlow ---------
    # pypa/setuptools setuptools/command/easy_install.py: "Could not find suitable
    # distribution for %r" of a pkg_resources Requirement, whose repr is
    # "Requirement.parse('tensorflow>=1.1.0')"
    _p(
        "pip.setuptools_tf_req",
        ("could not find suitable distribution for requirement.parse('tensorflow",),
        r"Could not find suitable distribution for Requirement\.parse\('(?P<req>tensorflow"
        r"(?:[-_](?:gpu|cpu))?)(?P<spec>[^'\s]{0,40})'\)",
    ),
    # setuptools' package_index.fetch_distribution: after reading the index page ("Reading
    # <index>/<name>/") it found nothing installable: "No local packages or working download
    # links found for %s%s" (pypa/setuptools v38.2.0 setuptools/package_index.py; earlier the
    # same words); the "Could not find suitable distribution" error follows
    _p(
        "pip.setuptools_no_links",
        ("no local packages or working download links found for",),
        r"No local packages or working download links found for (?:a source distribution of )?"
        r"(?P<req>tensorflow(?:[-_](?:gpu|cpu))?)(?P<spec>[^'\s]{0,40})",
    ),
    # --- a pip older than wheel support treating a .whl as a source archive ----------
    # pip 1.4 (2013-07-23) "Added support for installing and building wheel archives"; older
    # pips unpack any archive and run "setup.py egg_info" in it ("Running setup.py egg_info for
    # package from <url>"), which a wheel does not contain
    _p(
        "pip.egg_info_on_wheel",
        ("running setup.py egg_info for package from",),
        r"Running setup\.py egg_info for package from (?P<whl>\S{1,300}?\.whl)(?:\s|$)",
    ),
    # --- a libtensorflow (C library) download that does not exist -------------------
    # the storage bucket's XML error "<Details>No such object: tensorflow/libtensorflow/
    # libtensorflow-gpu-windows-x86_64-2.11.0.zip</Details>" (tensorflow/tensorflow#59016)
    _p(
        "pip.libtf_no_such_object",
        ("no such object: tensorflow/libtensorflow/libtensorflow-",),
        r"No such object: tensorflow/libtensorflow/(?P<file>libtensorflow-(?P<kind>gpu|cpu)-"
        r"(?P<os>windows|linux|darwin)-(?P<arch>x86_64|arm64)-(?P<v>\d{1,2}\.\d{1,3}\.\d{1,3})"
        r"\.(?:zip|tar\.gz))",
    ),
    # --- early XLA's ptxas info dump (VLOG level 2) with a hard-coded -arch=sm_35 ----
    # tensorflow/compiler/xla/service/gpu/gpu_compiler.cc (TF 1.0-1.1) DumpPtxasInfo, run only
    # when VLOG_IS_ON(2): ptxas <ptx> -o /dev/null -v -arch=sm_35, its stderr logged, then
    # LOG(FATAL) "Invalid PTX. See the error message above for reasons."
    _p(
        "xla.ptxas_dump_fatal",
        ("invalid ptx. see the error message above for reasons",),
        r"Invalid PTX\. See the error message above for reasons",
    ),
    _p(
        "xla.ptxas_target_higher",
        ("sm version specified by .target is higher than default sm version assumed",),
        r"ptxas fatal\s*:\s*SM version specified by \.target is higher than default SM version"
        r" assumed",
    ),
    # --- CUDA's crt/host_config.h refusing the host compiler --------------------------
    # CUDA toolkit include/crt/host_config.h (12.6 copy): "#error -- unsupported GNU version!
    # gcc versions later than 13 are not supported! The nvcc flag '-allow-unsupported-compiler'
    # can be used ...", "unsupported clang version! clang version must be less than 19 and
    # greater than 3.2", "unsupported Microsoft Visual Studio version! Only the versions between
    # 2017 and 2022 (inclusive) are supported!" (older CUDA: the same without the flag's advice;
    # CUDA 7.5 "gcc versions later than 4.9", CUDA 6.5/7.0 "gcc 4.9 and up are not supported!" /
    # "gcc 4.10 and up are not supported!" under #if __GNUC__ > 4 || (... __GNUC_MINOR__ > 9))
    _p(
        "build.nvcc_host_compiler",
        ("unsupported gnu version", "unsupported clang version",
         "unsupported microsoft visual studio version", "and up are not supported"),
        r"unsupported GNU version! gcc versions later than (?P<gcc>\d{1,2}(?:\.\d{1,2})?) are not "
        r"supported"
        r"|unsupported GNU version! gcc (?P<gcc_up>\d{1,2}\.\d{1,2}) and up are not supported"
        # ... retold in a sentence that names CUDA or nvcc (its own wording, no #error)
        r"|(?i:cuda|nvcc|host_config)[^\n]{0,120}?\bgcc (?P<gcc_up2>\d{1,2}\.\d{1,2}) and up are "
        r"not supported"
        r"|\bgcc (?P<gcc_up3>\d{1,2}\.\d{1,2}) and up are not supported[^\n]{0,60}?"
        r"(?i:cuda|nvcc)"
        r"|unsupported clang version! clang version must be less than (?P<clang>\d{1,2}) and "
        r"greater than"
        r"|unsupported Microsoft Visual Studio version! Only the versions (?P<vs>[^!\r\n]{1,80}) "
        r"are supported",
    ),
    # The MSVC compiler a Windows build used: CMake's "The CXX compiler identification is MSVC
    # 19.12.25831.0", cl.exe's banner "Microsoft (R) C/C++ Optimizing Compiler Version
    # 19.12.25831 for x64", or its toolset folder ".../VC/Tools/MSVC/14.12.25827/bin/..."
    # (toolset 14.1x is _MSC_VER 191x); read by checks/build_tools_and_banners.py beside CUDA's
    # Visual Studio check (nvcc-host-compiler-unsupported)
    # the Windows CUDA toolkit's install folder ("C:\\Program Files\\NVIDIA GPU Computing
    # Toolkit\\CUDA\\v9.1\\include\\crt/host_config.h"): the CUDA release whose header spoke
    _p(
        "ctx.windows_cuda_folder",
        ("nvidia gpu computing toolkit",),
        r"(?i:nvidia gpu computing toolkit)[/\\](?i:cuda)[/\\]v(?P<cuda>\d{1,2}\.\d)\b",
    ),
    _p(
        "ctx.msvc_version",
        ("compiler identification is msvc", "optimizing compiler version", "msvc"),
        r"\bcompiler identification is MSVC (?P<cl>19\.\d{1,2})\."
        r"|\bC/C\+\+ Optimizing Compiler Version (?P<cl2>19\.\d{1,2})\."
        r"|[/\\]VC[/\\]Tools[/\\]MSVC[/\\](?P<ts>14\.\d{1,2})\.\d{1,6}[/\\]",
    ),
    # houtoms/tensorflow nvidia_entrypoint.sh (NVIDIA's TensorFlow image): the host driver older
    # than CUDA_DRIVER_VERSION and the forward-compatibility check failed: "ERROR: This
    # container was built for NVIDIA Driver Release %s or later, but" / "version %s was detected
    # and compatibility mode is UNAVAILABLE." / "[[<_CUDA_COMPAT_STATUS>]]"
    _p(
        "container.ngc_compat_unavailable",
        ("this container was built for nvidia driver release",
         "was detected and compatibility mode is unavailable"),
        r"This container was built for NVIDIA Driver Release (?P<need>\d{3}(?:\.\d{1,3}){0,2}) "
        r"or later"
        r"|version (?P<have>\d{3}(?:\.\d{1,3}){0,2}) was detected and compatibility mode is "
        r"UNAVAILABLE",
    ),
    # --- the placer's explicit device that is not registered -------------------------
    # tensorflow core/common_runtime/colocation_graph.cc (placer.cc in TF 1.x): "<node> was
    # explicitly assigned to <device> but available devices are [ <d1>, <d2> ]. Make sure the
    # device specification refers to a valid device." (TF 1.x: "Operation was explicitly
    # assigned to ..."), plus " The requested device appears to be a GPU, but CUDA is not
    # enabled." when !IsGoogleCudaEnabled() (a build without CUDA); both strings are in the
    # 2.21 wheel's libtensorflow_framework.so.2
    _p(
        "placer.device_unavailable",
        ("but available devices are",),
        r"was explicitly assigned to (?P<dev>[^\s]{1,300}) but available devices are \[ ?"
        r"(?P<devs>[^\]\n]{0,4000})\]",
    ),
    _p(
        "placer.no_cuda",
        ("but cuda is not enabled",),
        r"The requested device appears to be a GPU, but CUDA is not enabled",
    ),
    # --- TF 0.x-1.15 wordings of GPU-path messages (the kinds of their 2.x forms) -------------
    # gpu_device.cc: the device line before TF 2.0 said "Creating", not "Created":
    # "Creating TensorFlow device (/gpu:0) -> (device: 0, name: X, pci bus id: Y)" (0.x-1.2),
    # "(/device:GPU:0) -> (device: 0, name: X, pci bus id: Y, compute capability: Z)" (1.3-1.4),
    # "(/job:localhost/replica:0/task:0/device:GPU:0 with N MB memory) -> physical GPU (...)"
    # (1.5-1.15). The CPU device line of the same shape names no GPU and stays unread.
    _p(
        "gpu.created",
        ("creating tensorflow device",),
        r"Creating TensorFlow device \([^)\s]{0,80}?(?:gpu|GPU):(?P<idx>\d{1,3})"
        r"(?: with (?P<mb>\d{1,9}) MB memory)?\)\s*->\s*(?:physical GPU )?\(device: \d{1,3}, "
        r"name: (?P<name>.{1,120}?), pci bus id: [\w:.]{1,40}"
        r"(?:, compute capability: (?P<cc>\d{1,2}\.\d{1,2}))?",
        "idx",
    ),
    # gpu_device.cc "Found device N with properties:" (0.x-1.4) printed "name: X" and
    # "major: 3 minor: 0 memoryClockRate (GHz) 1.0975" on lines of their own (1.5+ joins them:
    # gpu.props above)
    _p(
        "gpu.props",
        ("memoryclockrate",),
        r"^\s{0,12}major: (?P<ma>\d{1,2}) minor: (?P<mi>\d{1,2}) memoryClockRate",
    ),
    # gpu_device.cc (1.0-1.15): "Ignoring gpu device (...) with Cuda multiprocessor count: N.
    # The minimum required count is M." (2.x: "with core count"); pastes often break the line
    # after the count
    _p(
        "gpu.low_core_count",
        ("with cuda multiprocessor count",),
        r"name: (?P<name>[^,]{1,80}),[^)]{0,200}\) with Cuda multiprocessor count: "
        r"(?P<have>\d{1,4})\.?(?:\s*The minimum required count is (?P<need>\d{1,4}))?",
    ),
    # the rest of that line when a paste broke it after the count (read with the line before)
    _p(
        "tf1.core_count_need",
        ("the minimum required count is",),
        r"^\s{0,12}The minimum required count is (?P<need>\d{1,4})\. You can adjust this "
        r"requirement",
    ),
    # conv_ops.cc / conv_grad_*_ops.cc / conv_ops_3d.cc (0.x-1.12, backward ones to 1.13+):
    # CHECK(stream->parent()->GetConvolve*Algorithms(...)) died where TF 1.13+ returns
    # "Failed to get convolution algorithm. This is probably because cuDNN failed to
    # initialize": the same cuDNN-init failure (read by rule_library_handle as mem.handle conv);
    # an issue title or Markdown drops the ">" of "->" ("stream->parent()-GetConvolveAlgorithms",
    # tensorflow/tensorflow#6606's title)
    _p(
        "mem.handle",
        ("getconvolvealgorithms", "getconvolvebackwarddataalgorithms",
         "getconvolvebackwardfilteralgorithms"),
        r"Check failed: stream-?>?parent\(\)-?>?"
        r"(?P<conv>GetConvolve(?:BackwardData|BackwardFilter)?Algorithms)\(",
    ),
    # cpu_feature_guard.cc (1.0-1.2): one warning per instruction set the build skipped
    # (TF 1.3+ "Your CPU supports instructions that this TensorFlow binary was not compiled
    # to use")
    _p(
        "noise.cpu_guard",
        ("wasn't compiled to use",),
        r"The TensorFlow library wasn't compiled to use (?P<isa>[\w.]{1,20}) instructions, "
        r"but these are available on your machine",
    ),
    # --- conda platform ---
    # The platform (subdir) conda solved for: conda-libmamba-solver prints "Platform: <subdir>"
    # (conda_libmamba_solver/solver.py:216 at 463319207449c891496af177bb8efab5b01b98c7),
    # `conda info` "platform : <subdir>" (conda/cli/main_info.py:421 at 0f64223f).
    _p(
        "tools.conda_platform",
        ("osx-", "linux-", "win-"),
        r"^\s*[Pp]latform\s*:\s*(?P<subdir>(?:osx|linux|win)-(?:64|32|arm64|aarch64|ppc64le|"
        r"s390x|armv7l))\s*$",
    ),
    # ... and the channel URLs conda lists under a PackagesNotFoundError ("Current channels:",
    # conda 4.3's "Packages missing in current channels:" paste) or in `conda info`
    # ("channel URLs : <url>"): each ends in the subdir searched (conda/models/channel.py
    # urls(): "<channel>/<subdir>" then "<channel>/noarch").
    _p(
        "tools.conda_platform",
        ("osx-", "linux-", "win-"),
        r"^\s*(?:-\s+|channel URLs\s*:\s*)?(?:https?|file)://[^\s/]{1,120}(?:/[^\s/]{1,120})"
        r"{0,6}/(?P<subdir>(?:osx|linux|win)-(?:64|32|arm64|aarch64|ppc64le|s390x|armv7l))/?\s*$",
    ),
    # --- a device name the runtime's device manager does not have ------------------
    # tensorflow core/common_runtime/device_mgr.cc and dynamic_device_mgr.cc LookupDevice:
    # errors::InvalidArgument(name, " unknown device.") (eager CopyTensorHandleToDevice and TF
    # 2.0's EagerContext::FindDeviceByName return the same text), after VLOG(1) "Unknown
    # device: <name> all devices: <names>"; both strings are in the 2.21 wheel's
    # libtensorflow_framework.so.2 / libtensorflow_cc.so.2
    _p(
        "placer.unknown_device",
        ("unknown device.", "unknown device: "),
        r"(?P<dev>(?:/job:[\w-]{1,60}/replica:\d{1,4}/task:\d{1,4})?/device:[A-Za-z_]{1,20}:\d{1,4}"
        r"|/(?:gpu|cpu):\d{1,4}) unknown device\."
        r"|Unknown device: (?P<vdev>\S{1,300}) all devices: (?P<devs>[^\n]{0,4000})",
    ),
    # xla/service/backend.cc Backend::stream_executor: "Invalid device ordinal value (%d).
    # Valid range is [0, %d]." (in the 2.21 wheel's libtensorflow_cc.so.2), which TF 1.15/2.0's
    # compiler/jit/xla_gpu_device.cc returned with "while setting up XLA_GPU_JIT device number
    # <i>" appended (later releases log "Ignoring visible XLA_GPU_JIT device. Device number is
    # <i>, reason: ..." at INFO and carry on)
    _p(
        "xla.gpu_ordinal_out_of_range",
        ("invalid device ordinal value",),
        r"Invalid device ordinal value \((?P<ordinal>-?\d{1,4})\)\. Valid range is "
        r"\[0, (?P<last>\d{1,4})\]\.(?P<xla>\s*while setting up XLA_GPU_JIT device number "
        r"\d{1,4})?",
    ),
    # the same Backend::stream_executor's other refusal, "device %s not supported by XLA
    # service" (device_name(): the platform's name and the ordinal, "CUDA:0"; TF 1.0-1.4's
    # Backend::Replicas said it too): the ordinal is inside XLA's range, and XLA left that GPU
    # out (xla/service/platform_util.cc GetStreamExecutors: no CUDA context could be created
    # on it, or its compute capability is below 3.5); TF 1.13-2.3's xla_gpu_device.cc
    # appended "while setting up XLA_GPU_JIT device number <i>" (later releases log it
    # after "Ignoring visible XLA_GPU_JIT device. Device number is <i>, reason: " and carry
    # on: group ign). The text is in the 2.21 wheel's libtensorflow_cc.so.2.
    _p(
        "xla.device_not_supported",
        ("not supported by xla service",),
        r"(?P<ign>Ignoring visible XLA_GPU_JIT device\. Device number is \d{1,4}, reason: "
        r"[\w ]{0,40}:\s*)?"
        r"\bdevice (?P<device>(?P<platform>[A-Za-z]{1,20}):(?P<ordinal>\d{1,4})) not supported "
        r"by XLA service(?P<xla>\s*while setting up XLA_GPU_JIT device number \d{1,4})?",
    ),
    # --- the Python REPL's echo of tf.__version__ and Linux-only paths ----------
    # ">>> tf.__version__" echoes the string's repr, quoted ('2.12.0'), on the next line; read
    # by view.printed_tf_version like an unquoted version line (print(tf.__version__))
    _p("ctx.version_line", ("'..'",), r"^\s*'(?P<v>2\.\d{1,2}\.\d{1,3})'\s*$"),
    # paths only a Linux (or WSL) file system has: home folders under /home (macOS: /Users,
    # Windows: C:\Users), /proc, Debian's multiarch library folders; read by view.os to weigh
    # the log's Windows evidence against its Linux evidence
    _p(
        "ctx.linux_path",
        ("/home/", "/proc/", "-linux-gnu"),
        r"(?:^|[\s\"'(=:\[])/(?:home|proc)/[\w.-]|/(?:usr/)?lib/\w{3,8}-linux-gnu\b",
    ),
    # macOS on an Intel CPU, as pasted: sw_vers (a macOS-only tool) or its ProductName line,
    # and the x86_64 machine (uname -m alone on its line, a macosx_*_x86_64 wheel tag, or
    # platform.platform()'s "macOS-14.5-x86_64"); read by view.intel_mac
    _p("ctx.macos_tool", ("sw_vers", "productname:"),
       r"\bsw_vers\b|^\s*ProductName:\s*(?:macOS|Mac OS X)\b"),
    _p("ctx.x86_64", ("x_", "macosx_"),
       r"^\s*x86_64(?: \d\.\d{1,2}\.\d{1,3}\b[^\n]{0,200})?\s*$"
       r"|\bmacosx_\d{1,2}_\d{1,2}_x86_64\b|\bmacOS-\d+(?:\.\d+){0,2}-x86_64\b"),
    # who printed a machine name: a Python asked for its own (platform.machine()/.platform()/
    # .uname(), at a prompt or in python -c) or a shell's uname -m / arch; and what only a
    # Python or `file` on its binary prints: the REPL's quoted 'x86_64', uname()'s
    # machine='x86_64', `file`'s "Mach-O 64-bit executable x86_64" of a one-arch binary (a
    # universal one prints "(for architecture x86_64)" lines). Read by checks/_rosetta_wheel.py
    _p("ctx.python_machine_call", ("platform.",),
       r"\bplatform\.(?:machine|platform|uname)\(\)"),
    _p("ctx.shell_machine_call", ("uname", "arch"),
       r"^\s*(?:[$%#]\s*)?(?:uname\s+-m|arch)\s*$"),
    _p("ctx.python_x86_answer", ("'x_'", "mach-o"),
       r"^\s*'x86_64'\s*$|\bmachine='x86_64'|^(?!.*for architecture).*\bMach-O 64-bit "
       r"executable x86_64\s*$"),
    # the macOS release a log names ("macOS Big Sur 11.2", "Mac OS X 10.15.7", sw_vers's
    # "ProductVersion: 12.6", platform.platform()'s "macOS-11.2-x86_64"), not a requirement
    # ("macOS 12+", "macOS 12 or later"); read by checks/_rosetta_wheel.py against a wheel's
    # macosx_X_Y tag
    _p("ctx.macos_release", ("macos", "mac os", "os x", "productversion"),
       r"(?:\b(?:macOS|MacOS|Mac OS X|OS X)(?: (?:Big Sur|Monterey|Ventura|Sonoma|Sequoia|Tahoe"
       r"|Catalina|Mojave|High Sierra))?[ -]|\bProductVersion:[ \t]{0,20})"
       r"(?P<v>1\d(?:\.\d{1,2}){0,2}|2\d(?:\.\d{1,2}){0,2})(?![\d+])(?! or (?:later|newer))"),
    # --- cudnn rnn call ---
    # stream_executor/dnn.cc prints a failed cuDNN call as "<CUDNN_STATUS_...>" then
    # "in .../cuda_dnn.cc(N): '<call>( ... )'"; the RNN calls (cudnnRNNForwardTraining[Ex],
    # cudnnRNNBackwardData/Weights, cudnnRNNForwardInference) fail mid-training on a
    # created handle, so start-up causes (an older cuDNN refused by the version check) do
    # not apply; read by checks/memory.py and checks/dnn_init_causes.py
    # (cuda_dnn.cc's RETURN_IF_CUDNN_ERROR quotes the call in single quotes, "<< \"): '\" <<
    # #expr"; a paste may turn them into double quotes, tensorflow/tensorflow#41863)
    _p("cudnn.rnn_call", ("cudnnrnn",),
       r"cuda_dnn\.cc\(\d{1,6}\):\s*['\"](?P<call>cudnnRNN\w{1,40})(?:\(|['\"]?\s*$)"),
    # the same "in .../cuda_dnn.cc(N): '<call>(" line for any cuDNN call: RETURN_IF_CUDNN_ERROR
    # wraps calls on a created handle (cudnnCreate's failure is "could not create cudnn
    # handle" instead), so a status line right above it is no handle-creation failure;
    # read by checks/memory.py (context only: the line may be cudnn.rnn_call's too)
    _p("ctx.cudnn_named_call", ("cuda_dnn.cc(",),
       r"cuda_dnn\.cc\(\d{1,6}\):\s*['\"](?P<call>cudnn\w{1,60})\("),
    # --- cudnn rnn mask ---
    # cuda_dnn.cc's RNN data descriptor (the per-sample sequence lengths of CudnnRNNV3, which
    # Keras computes from the mask) in the same "in .../cuda_dnn.cc(N): '<call>('" form
    # (TF 1.13-2.21: the call text is in the 2.21 wheel's libtensorflow_framework.so.2), and
    # Keras 3's own check of a mask it sends to cuDNN (keras/src/backend/tensorflow/rnn.py
    # _assert_valid_mask, Keras >= 3.2); read by checks/op_kernel_limits.py
    _p("cudnn.rnn_data_desc", ("cudnnsetrnndatadescriptor",),
       r"cuda_dnn\.cc\(\d{1,6}\):\s*'cudnnSetRNNDataDescriptor\("),
    _p("keras.rnn_mask_cudnn", ("does not correspond to right-padded sequences",),
       r"(?i:You are passing a RNN mask that does not correspond to right-padded sequences)"),
    # Keras 2 multi_gpu_model's device checks (keras/utils/training_utils.py 2.0.8-2.1.5,
    # multi_gpu_utils.py 2.1.6-2.3.1, tf.keras utils/multi_gpu_utils.py): the devices it
    # needs against the ones TensorFlow lists, and gpus < 2; Keras < 2.3.0's device-scope
    # helper under TensorFlow 1.14+; read by checks/keras_multi_gpu.py
    _p("keras.multi_gpu_devices", ("we expect the following devices to be available",),
       # a paste rendered as Markdown loses the backticks and the spaces beside them
       # ("To call multi_gpu_modelwithgpus=2, we expect ...")
       r"To call `?multi_gpu_model`? ?with ?`?gpus=(?P<gpus>\[[^\]`]{0,80}\]|[^`,]{1,80})`?, we "
       r"expect the "
       r"following devices to be available: \[(?P<want>[^\]]{0,2000})\]\. However this machine "
       r"only has: \[(?P<have>[^\]]{0,6000})\]"),
    # a TensorFlow GPU package named with its release in a report's prose ("tensorflow2.0-gpu-
    # beta1", "tensorflow-gpu 1.14", "tensorflow-gpu==2.0.0b1"): read by checks/keras_multi_gpu.py
    # for the CUDA that release was built for
    _p("ctx.tf_gpu_named", ("-gpu",),
       r"\btensorflow[-_ ]?(?P<v>[12]\.\d{1,2})[-_]gpu\b"
       r"|\btensorflow-gpu[ =_-]{1,3}(?P<v2>[12]\.\d{1,2})(?![\d])"),
    _p("keras.multi_gpu_too_few", ("for multi-gpu usage to be effective",),
       r"For multi-gpu usage to be effective, call `multi_gpu_model` with "
       r"`(?:len\(gpus\)|gpus) >= 2`\. Received: `gpus=(?P<gpus>[^`]{0,80})`"),
    # Keras 2 multi_gpu_model named in the log: its call or a traceback frame of its module
    # (keras/utils/multi_gpu_utils.py, tf.keras utils/multi_gpu_utils.py, 2.0.x
    # training_utils.py's function by name); a call's arguments (the source line a traceback
    # quotes: "parallel_model = multi_gpu_model(model, gpus=2)"; not the ``def`` line) in
    # group ``args``, read by checks/keras_multi_gpu.py (whether gpus= was passed); read by
    # checks/cudnn_params.py
    _p("keras.multi_gpu_model", ("multi_gpu_model", "multi_gpu_utils"),
       r"(?<!def )\bmulti_gpu_model\((?P<args>[^\n]{0,400})"
       r"|\bmulti_gpu_model\b|\bmulti_gpu_utils\.py\b"),
    _p("keras.device_capture_api", ("_tfdevicecaptureop",),
       r"'_TfDeviceCaptureOp' object has no attribute '(?P<attr>_set_device\w{0,40})'"),
    # --- conda-forge TensorFlow build strings (CPU-only build) ----------------------
    # conda-forge/tensorflow-feedstock recipe/meta.yaml names the outputs tensorflow,
    # tensorflow-base, tensorflow-estimator, tensorflow-cpu/-gpu with the build string
    # "cpu_py{CONDA_PY}h{hash}_{n}" when cuda_compiler_version is None and
    # "cuda{ver}py{CONDA_PY}h{hash}_{n}" otherwise. Rows: `conda list` ("name  version  build
    # channel", conda/cli/main_list.py), conda's change report ("  %-18s %38s --> %s" with
    # "[channel[/subdir]::name-]version-build" on each side, names over 18 characters cut to 17 +
    # "~": conda/core/link.py diff_strs/add_double), its NEW rows ("  %-18s channel/subdir::
    # name-version-build", add_single) and mamba's "+ name version build channel" rows.
    # read by checks/conda_tf_build.py
    _p(
        "conda.tf_build",
        ("cpu_py", "cudapy"),
        r"^[ \t]{0,6}(?:[+-][ \t]{1,4})?(?P<pkg>tensorflow(?:-base|-gpu|-cpu|-estimator"
        r"|-estima~)?)[ \t]{1,60}(?:[\w.:/-]{0,120}::tensorflow[\w-]{0,20}-)?"
        r"(?P<v>[12]\.\d{1,2}\.\d{1,3})(?:[ \t]{1,60}|-)(?P<build>(?:cpu_|cuda\d)\w{1,80})"
        r"(?:[ \t]{1,60}-->[ \t]{1,60}(?:[\w.:/-]{0,120}::tensorflow[\w-]{0,20}-)?"
        r"(?P<nv>[12]\.\d{1,2}\.\d{1,3})-(?P<nbuild>(?:cpu_|cuda\d)\w{1,80}))?"
        r"(?:[ \t]{1,60}[^\s]{1,120}){0,3}[ \t]*$",
    ),
    # --- macOS dyld refusing a Mach-O library of another CPU architecture ----------
    # dyld3/4 (macOS 11.3+): "tried: '<path>' (mach-o file, but is an incompatible architecture
    # (have 'arm64', need 'x86_64'))", macOS 12: "(have (x86_64), need (arm64e))", later "need
    # 'arm64e' or 'arm64'"; dyld2 (macOS <= 11.2): "no suitable image found.  Did find:\n\t<path>:
    # mach-o, but wrong architecture". Threads: apple/tensorflow_macos#28, #8, #21, #130
    # (tensorflow_macos' arm64 build in an x86_64 Python), tensorflow/tensorflow#57483 (an x86_64
    # TensorFlow loaded by an arm64 Python). read by checks/macos_arch_mismatch.py
    _p(
        "macos.dyld_arch",
        ("incompatible architecture", "wrong architecture"),
        r"mach-o file, but is an incompatible architecture \(have \(?'?(?P<have>\w{1,12})'?\)?, "
        r"need \(?'?(?P<need>\w{1,12})'?\)?"
        r"|mach-o, but wrong architecture",
    ),
    # `file $(which python)` on macOS: "<path>/python: Mach-O 64-bit executable x86_64" (one
    # architecture; a universal binary prints "Mach-O universal binary with 2 architectures")
    _p(
        "macos.python_arch",
        ("mach-o -bit executable",),
        r"python[\w.]{0,8}: Mach-O 64-bit executable (?P<arch>x86_64|arm64)\s*$",
    ),
    # --- tensorflow-directml (WSL build) could not create DXCore's adapter factory ---
    # microsoft/tensorflow-directml tensorflow/core/common_runtime/dml/dml_adapter_impl.cc
    # (commit 1994d4eb): the non-Windows build enumerates adapters with
    # DML_CHECK_SUCCEEDED(DXCoreCreateAdapterFactory(...)), a fatal "Check failed: ... >= 0"
    # when WSL exposes no GPU (no /dev/dxg). Thread: microsoft/WSL#5455 (kernel 4.19.104, no
    # /dev/dxg). `ls /dev/dxg`'s "cannot access '/dev/dxg'" and `uname -a`'s WSL kernel are its
    # context. read by checks/wsl_dxcore.py
    _p(
        "wsl.dxcore_factory",
        ("dxcorecreateadapterfactory",),
        r"Check failed: [^\n]{0,200}?DXCoreCreateAdapterFactory",
    ),
    _p("wsl.no_dxg", ("/dev/dxg",),
       r"cannot access '?/dev/dxg'?: No such file or directory"),
    _p(
        "wsl.kernel",
        ("microsoft-standard",),
        r"\b(?P<k>\d{1,2}\.\d{1,3}\.\d{1,4})-microsoft-standard\b",
    ),
    # --- tensorflow_macos (Apple's 2.4 fork with ML Compute): the device was chosen
    # after TensorFlow initialised. mlcompute.set_mlc_device(device_name=...) raises
    # "RuntimeError: MLCompute device must be set before initialization" once any tensor or op
    # exists (apple/tensorflow_macos#58, maintainer-side answer: set it before creating tensors).
    # read by checks/mlcompute_device.py
    _p(
        "mlc.device_after_init",
        ("mlcompute device must be set before",),
        r"MLCompute device must be set before initiali[sz]ation",
    ),
    # --- deaths a supervisor reports (the program's own log stops) -------------------
    # Docker Compose's log printer when a service's container stops: "<container> exited with
    # code %d" (and "... (restarting)" under a restart policy; docker/compose f729794
    # pkg/compose/printer.go; Compose v1 printed the same words). A code above 128 is 128 + the
    # signal number (bash's rule for a process a signal ended): 137 = SIGKILL, 139 = SIGSEGV.
    # read by diagnosis/checks/unknown.py death_hits and checks/host_killed.py
    _p(
        "tools.container_exit",
        ("exited with code",),
        r"^\s*(?P<ctr>[\w.-]{1,120})\s+exited with code (?P<code>\d{1,3})"
        r"(?P<rs> \(restarting\))?\s*$",
    ),
    # The exit code of a command another program ran and reports: kubectl exec / client-go's
    # remote command ("command terminated with exit code %d", kubernetes/client-go
    # tools/remotecommand/v4.go errorDecoderV4, since v0.20) and a GitHub Actions run step
    # ("Process completed with exit code {exitCode}.", actions/runner src/Runner.Worker/
    # Handlers/ScriptHandler.cs; the web log shows it as "Error: ...", the raw log as
    # "##[error]..."). 128 + N is signal N as above (137 = SIGKILL). Read by
    # diagnosis/checks/unknown.py container_exits and checks/host_killed.py
    _p(
        "tools.exec_exit",
        ("command terminated with exit code",),
        r"^\s*(?:error: )?command terminated with exit code (?P<code>\d{1,3})\s*$",
    ),
    _p(
        "tools.exec_exit",
        ("process completed with exit code",),
        r"(?:^\s*|##\[error\]|\bError: )Process completed with exit code (?P<code>-?\d{1,10})\.",
    ),
    # The run console of PyCharm / IntelliJ when the program's process ended: "Process
    # finished with exit code {0}" (IdeCoreBundle finished.with.exit.code.text.message),
    # the code as ProcessTerminatedListener.stringifyExitCode writes it: on Linux/macOS a
    # code that is 128 + a signal's number gets " (interrupted by signal N:NAME)" (older
    # builds "N: NAME"); on Windows a code 0xC0000000-0xCFFFFFFF (an NTSTATUS error: the
    # process crashed) gets " (0xC0000005)", and 0xC000013A " (0xC000013A: interrupted by
    # Ctrl+C)". Every code but 0 (and a stop's: Ctrl-C, SIGTERM) is a failed run. Read by
    # diagnosis/checks/unknown.py death_hits; the signals' own patterns (tools.killed,
    # tools.user_stop, cpu.illegal) and the NTSTATUS codes' (win.*) read the line too
    _p(
        "tools.ide_exit",
        ("process finished with exit code",),
        r"Process finished with exit code (?P<code>-?\d{1,10})"
        r"(?: \((?:0x(?P<hex>[0-9A-Fa-f]{8})(?P<ctrlc>: interrupted by Ctrl\+C)?"
        r"|interrupted by signal (?P<sig>\d{1,2}): ?(?P<signame>SIG[A-Z0-9]{2,8}))\))?",
    ),
    # The same line in the JetBrains IDEs' Chinese language pack (closed source): "进程已结束，
    # 退出代码为 {0}" (2021+) and "进程已结束,退出代码{0}" (earlier packs), the code as above
    # (quoted in xiaopp123/bert-joint-NLU#2, sml2h3/ddddocr#86; Jai-wei/YOLOv8-PySide6-GUI#17,
    # zai-org/GLM-4-Voice#145)
    _p(
        "tools.ide_exit",
        ("进程已结束",),
        r"进程已结束\s{0,2}[，,]\s{0,2}退出代码为?\s{0,2}(?P<code>-?\d{1,10})"
        r"(?:\s{0,2}\((?:0x(?P<hex>[0-9A-Fa-f]{8})(?P<ctrlc>: interrupted by Ctrl\+C)?"
        r"|interrupted by signal (?P<sig>\d{1,2}): ?(?P<signame>SIG[A-Z0-9]{2,8}))\))?",
    ),
    # Keras' ProgbarLogger at the start of each epoch of fit(): "Epoch {epoch + 1}/{epochs}"
    # (keras v2.15.0 keras/callbacks.py ProgbarLogger.on_epoch_begin; v3.15.0
    # keras/src/callbacks/progbar_logger.py): the program was still training at that line.
    # Read by diagnosis/checks/unknown.py death_hits (a traceback above it did not end the
    # program: it was caught and printed)
    _p(
        "ctx.keras_epoch",
        ("epoch /",),
        r"^\s*Epoch (?P<n>\d{1,7})/(?P<of>\d{1,7})\s*$",
    ),
    # jupyter_client's KernelRestarter (the server's log) when the kernel process died and it
    # starts a new one: "KernelRestarter: restarting kernel (%i/%i), %s random ports"
    # (jupyter_client 8.10.0 restarter.py poll); JupyterLab's dialog is tools.kernel_died.
    _p(
        "tools.kernel_restart",
        ("kernelrestarter: restarting kernel",),
        r"KernelRestarter: restarting kernel \(\d{1,4}/\d{1,4}\)",
    ),
    # --- a TensorFlow 1.x version printed after tf.__version__ (bare or the REPL's
    # quoted repr, '1.13.1'); the 2.x forms are the ctx.version_line rows above. Read by
    # Facts.printed_tf_version, so fix lines fit the TensorFlow 1.x the log shows
    _p("ctx.version_line", ("..",), r"^\s*'?(?P<v>1\.\d{1,2}\.\d{1,3})'?\s*$"),
    # the same for a 0.x release, and the answer in words to a request for tf.__version__
    # ("OK. That is 0.12.1", "it's 1.4.0": tensorflow/tensorflow#8654, whose 0.12.1 predates
    # the tf.layers the tutorial called); read only up to 3 lines after the tf.__version__ line
    _p("ctx.version_line", ("..",),
       r"^\s*(?i:(?:ok|okay|yes|sorry)[.,!]?\s{1,3})?(?i:(?:that|it|this|mine|the version)"
       r"(?: is|'s| was)\s{1,3})?'?v?(?P<v>[01]\.\d{1,2}\.\d{1,3})'?[.!]?\s*$"),
    # --- the official TensorFlow image a `docker run/pull/create` or a Dockerfile's
    # FROM names (tensorflow/docs site/en/install/docker.md: tags `latest`, `nightly`, a
    # version; the `-gpu` variant is the one with GPU support). Read by
    # checks/docker_tf_image.py
    _p(
        "docker.tf_image",
        ("tensorflow/tensorflow",),
        r"(?:\bdocker\b[^\n]{0,200}?\b(?:run|pull|create)\b|^\s*FROM\s)[^\n]{0,300}?"
        r"\btensorflow/tensorflow(?::(?P<tag>[A-Za-z0-9._-]{1,60}))?(?![\w/:.@-])",
    ),
    # --- stops asked for from outside, and a CPU's flags pasted into the log ----------
    # Python installs a SIGINT handler that raises KeyboardInterrupt (CPython Doc/library/
    # signal.rst "SIGINT is translated into a KeyboardInterrupt exception";
    # Modules/signalmodule.c default_int_handler): Ctrl-C ends an uncaught traceback with the
    # bare name (no message); IPython/Jupyter print "KeyboardInterrupt   Traceback (most
    # recent call last)" first and "KeyboardInterrupt: " last; PyCharm/IntelliJ's run console
    # "Process finished with exit code 130 (interrupted by signal 2: SIGINT)"
    # (ProcessTerminatedListener.java, as tools.killed's 137). Read by checks/stops.py
    _p(
        "tools.user_stop",
        ("keyboardinterrupt", "sigint"),
        r"^\s*KeyboardInterrupt(?::\s*)?$|^KeyboardInterrupt\s+Traceback \(most recent call last\)"
        r"|(?:exit code |退出代码为? ?)130 \(interrupted by signal 2: ?SIGINT\)",
    ),
    # The shell's word for SIGTERM, printed where it prints "Killed" for SIGKILL (glibc
    # sysdeps/generic/siglist.h: SIGTERM N_("Terminated"); bminor/bash jobs.c
    # notify_of_job_status / pretty_print_job; zsh Src/signames2.awk "terminated"): `kill`,
    # `docker stop`, a scheduler's time limit or pre-emption; and the IDE's exit code 143.
    _p(
        "tools.sigterm_stop",
        ("terminated", "sigterm"),
        r"^\s*(?:\[\d+\]\+?\s+(?:\d+\s+)?)?Terminated"
        r"(?:\s+\S{0,120}(?:python|\.py)\S{0,60}(?:\s.{0,200})?)?\s*$"
        r"|^\s*zsh: terminated\s|^\S{1,200}: line \d{1,9}: {1,8}\d{1,9} Terminated(?:\s|$)"
        r"|(?:exit code |退出代码为? ?)143 \(interrupted by signal 15: ?SIGTERM\)",
    ),
    # A pasted check of the CPU's instruction sets: a `grep ... avx ... /proc/cpuinfo` (or
    # `lscpu | grep avx`) command, the avx/fma words `grep -o` prints, the kernel's full
    # "flags" line (/proc/cpuinfo, Linux arch/x86/kernel/cpu/proc.c show_cpuinfo "flags\t\t:")
    # or lscpu's "Flags:", a shell prompt line after the command (the grep printed nothing),
    # and the CPU's model line ("model name\t:", lscpu's "Model name:"). Read by
    # checks/cpu.py rule_illegal_instruction (the log half of the AVX question)
    _p(
        "ctx.avx_grep",
        ("avx",),
        r"^(?=[^\n]{0,400}?(?:/proc/cpuinfo|\blscpu\b))\s*(?:\S{0,200}[$#%]\s+)?"
        r"(?:(?:cat /proc/cpuinfo|lscpu)\s*\|\s*)?grep\b(?P<cmd>[^|\n]{0,120}\bavx[^\n]{0,200})",
    ),
    _p(
        "ctx.avx_words",
        ("avx", "fma", "sse"),
        r"^\s*(?:avx\w{0,10}|fma|sse4_[12])(?:\s+(?:avx\w{0,10}|fma|sse4_[12])){0,20}\s*$",
    ),
    # /proc/cpuinfo's "flags\t\t:" and lscpu's "Flags:" label, in English and in each language
    # util-linux translates lscpu's label to (po/<language>.po, msgid "Flags:" of
    # sys-utils/lscpu.c, fuzzy entries left out; util-linux 39465c78, 2026-08-20); a translated
    # label is read only before an x86 flag list (it begins with fpu), since some of its words
    # are common ones ("Opções:", "Flag:")
    _p(
        "ctx.cpu_flags",
        ("flags", *_LSCPU_FLAGS_NEEDLES),
        r"^\s{0,20}(?:(?:flags\s{0,20}:|Flags:)\s{1,40}"
        r"|(?:" + "|".join(map(re.escape, _LSCPU_FLAGS)) + r")\s{1,40}(?=fpu ))"
        r"(?P<flags>(?:[a-z0-9_]{1,40} ){8}.{0,4000})$",
    ),
    _p(
        "ctx.shell_prompt",
        ("$ ", "# "),
        r"^\s*(?:\([\w.-]{1,40}\)\s*)?(?:[\w.-]{1,40}@[\w.-]{1,80}:\S{0,200}\s?)?[$#]\s+"
        r"(?P<cmd>\S.{0,60})",
        key="cmd",
    ),
    # nvcc --version's last lines: "Cuda compilation tools, release 10.2, V10.2.89" (every
    # CUDA toolkit's nvcc prints this form). Read by checks/libraries.py (an old soname)
    _p(
        "ctx.nvcc_release",
        ("cuda compilation tools, release",),
        r"Cuda compilation tools, release (?P<v>\d{1,2}\.\d{1,2}), V\d",
    ),
    # A CPU model named anywhere (prose, /proc/cpuinfo, wmic, systeminfo) from a family that
    # predates AVX (platform fact cpu-families-without-avx): Intel Core 2; first-generation
    # Core i3/i5/i7 (three-digit model numbers: Nehalem/Westmere, "i7 CPU 920", "i5-650",
    # "i3 M350", "i7-740QM"); Xeon 3000/5000/7000 sequences written letter + four digits
    # without a hyphen ("X5660", "E5620", "W3520"; the E3-/E5-/E7- names with a hyphen are
    # Sandy Bridge and later); AMD Athlon 64, Athlon II, Phenom (II), Turion. Read by
    # checks/cpu.py.
    _p(
        "ctx.cpu_pre_avx",
        ("xeon", "core", "phenom", "athlon", "turion"),
        r"(?i:(?P<model>\bXeon(?:\(R\))?[ \t]{0,3}(?:CPU[ \t]{0,16})?[EXLW][357]\d{3}\b"
        r"(?![-.]|[ \t]?v\d)"
        r"|\bCore(?:\(TM\))?[ \t]?2[ \t](?:Duo|Quad|Extreme|Solo)\b"
        r"|\bCore(?:\(TM\))?[ \t]?i[357](?:[ \t]{1,3}CPU)?[ \t-]{0,16}(?:M[ \t]?)?\d{3}"
        r"(?![ \t]?(?:[GMT]B|[GM]Hz)\b)(?:[A-Z]{1,2})?\b"
        r"|\b(?:Phenom(?:\(tm\))?(?:[ \t]II)?|Athlon(?:\(tm\))?[ \t](?:II|64)"
        r"|Turion(?:\(tm\))?)\b))",
    ),
    # ... and one from a family that has AVX (platform fact cpu-families-with-avx): Core
    # i3/i5/i7/i9 with a four- or five-digit model number (Sandy Bridge, 2011, and later:
    # "i5-2520M", "i7-8700K"), Core Ultra, Xeon Bronze/Silver/Gold/Platinum/W-3xxx (Skylake-SP
    # and later), Xeon E3-/E5- (Sandy Bridge and later) and E7- with a "v" generation (the E7-
    # names without one are Westmere-EX), AMD Ryzen, EPYC, Threadripper (Zen) and FX
    # (Bulldozer). Not Pentium, Celeron, Atom. Read by checks/tfjs_windows.py
    _p(
        "ctx.cpu_with_avx",
        ("xeon", "core", "ryzen", "epyc", "threadripper", "fx"),
        r"(?i:(?P<model>\bXeon(?:\(R\))?[ \t]{0,3}(?:CPU[ \t]{0,16})?"
        r"(?:(?:Bronze|Silver|Gold|Platinum|w[3579]?)[ \t-]\d{4}\w{0,2}|E[35]-\d{4}\w{0,2}"
        r"|E7-\d{4}\w{0,2}[ \t]?v\d)"
        r"|\bCore(?:\(TM\))?[ \t]?i[3579](?:[ \t]{1,3}CPU)?[ \t-]{1,3}\d{4,5}\w{0,3}\b"
        r"|\bCore(?:\(TM\))?[ \t]Ultra[ \t]\d\b"
        r"|\b(?:Ryzen|EPYC|Threadripper)(?:\(tm\))?\b|\bFX(?:\(tm\))?-\d{4}\b))",
    ),
    # CPython's version string on Windows names the build's bitness (PC/pyconfig.h COMPILER:
    # "[MSC v.1916 32 bit (Intel)]" / "64 bit (AMD64)" / "64 bit (ARM64)"): the interactive
    # banner, python -VV, sys.version. Read by checks/python_32bit.py.
    _p("ctx.python_32bit", ("bit (intel)",), r"\[MSC v\.\d{3,5} 32 bit \(Intel\)\]"),
    _p("ctx.python_64bit", ("bit (amd", "bit (arm"),
       r"\[MSC v\.\d{3,5} 64 bit \((?:AMD64|ARM64)\)\]"),
    # `uname -a` on a 32-bit x86 Linux (coreutils prints the machine, then the processor and
    # hardware platform where known, then the operating system: "... i686 GNU/Linux"): a
    # 32-bit system, whose Python is 32-bit. Read by checks/python_32bit.py.
    _p("ctx.uname_32bit", ("gnu/linux",),
       r"\b(?P<arch>i[3-6]86)(?: (?:i[3-6]86|unknown)){0,2} GNU/Linux\s*$"),
    _p(
        "ctx.cpu_model",
        ("model name",),
        r"^\s{0,20}(?:model name\s{0,20}:|Model name:)\s{0,40}(?P<model>\S.{0,120})$",
    ),
    # --- determinism: an op with no deterministic GPU (or XLA) implementation, asked for with
    # TF_DETERMINISTIC_OPS=1 / tf.config.experimental.enable_op_determinism(). Wordings are the
    # strings of TensorFlow 2.21's libtensorflow_cc.so.2 (core/kernels: segment reductions,
    # crop_and_resize, softmax/xent, depthwise conv, fused batch norm, bincount, scatter,
    # dilation, max-pool-with-argmax, image ops) and of TF 2.6-2.9 kernels in the threads
    # (tensorflow/tensorflow#51596, #47174, #51978, #54276). Read by checks/determinism.py.
    _p(
        "determinism.no_gpu_impl",
        ("deterministic gpu implementation of",),
        r"(?:A )?[Dd]eterministic GPU implementation of (?P<op>[\w ,./-]{1,120}?),? (?:is )?"
        r"not (?:currently )?available(?P<cudnn> with this version of cuDNN)?",
    ),
    _p(
        "determinism.not_supported",
        ("determinism is not yet supported",),
        r"Determinism is not yet supported (?:in GPU implementation of|for) "
        r"(?P<op>[\w ,./-]{1,120}?)(?:\.|$| when)",
    ),
    # The fused softmax/xent kernels' own refusal (TF 2.7+): the Python API takes another,
    # deterministic path, so this shows only on tf.raw_ops / a graph that calls the kernel.
    _p(
        "determinism.xent_kernel",
        ("that would have been executed is not deterministic",),
        r"The GPU implementation of (?P<op>\w{1,80}) that would have been executed is not "
        r"deterministic",
    ),
    # tf2xla (compiler/tf2xla/kernels/pooling_ops.cc in the 2.21 strings): XLA's GPU max-pool
    # gradient with op determinism on (Keras 3 compiles train steps with XLA by default).
    _p(
        "determinism.xla_no_impl",
        ("do not yet have a deterministic",),
        r"(?P<op>GPU [\w -]{1,80}?) ops do not yet have a deterministic (?P<xla>XLA )?"
        r"implementation",
    ),
    # XLA itself (xla/service/gpu, the 2.21 strings): an HLO without a deterministic GPU
    # emitter under --xla_gpu_deterministic_ops / --xla_gpu_exclude_nondeterministic_ops.
    _p(
        "determinism.xla_hlo",
        ("does not have a deterministic implementation",),
        r"HLO instruction (?P<op>[\w.-]{1,120}) does not have a deterministic implementation, "
        r"but run-to-run determinism is required",
    ),
    # --- xla: the XLA GPU runtime's CUDA-graph launcher running a captured graph op by op
    # (xla/service/gpu/runtime/graph_launch.cc, TF 2.14-2.16 era: "Fallback to op-by-op mode
    # because memset node breaks graph update"; the same file's RunGraphOpByOp). Read by
    # checks/determinism.py (harmless notice).
    _p(
        "xla.graph_op_by_op",
        ("fallback to op-by-op mode",),
        r"Fallback to op-by-op mode because (?P<why>[^\n]{1,160}?)\s*$",
    ),
    # --- trt: the TF-TRT Python API of another TensorFlow release. TF 1.14 moved TF-TRT from
    # tensorflow.contrib.tensorrt (create_inference_graph) to tensorflow.python.compiler.
    # tensorrt.trt_convert (TrtGraphConverter, TF 2.x TrtGraphConverterV2 =
    # tf.experimental.tensorrt.Converter). Read by checks/trt_api.py.
    _p(
        "trt.contrib_no_converter",
        ("has no attribute 'trtgraphconverter",),
        r"module 'tensorflow\.contrib\.tensorrt[\w.]{0,40}' has no attribute "
        r"'(?P<name>TrtGraphConverter(?:V2)?)'",
    ),
    # the same asked of a module the message does not name: Python 2's (and 3.4's)
    # AttributeError wording "'module' object has no attribute 'X'" (3.5+ name the module)
    _p(
        "trt.module_no_converter",
        ("object has no attribute 'trtgraphconverter",),
        r"'module' object has no attribute '(?P<name>TrtGraphConverter(?:V2)?)'",
    ),
    # Any other name the contrib module lacks, and a keyword TF-TRT's Python entry points of
    # this release do not take ("TypeError: create_inference_graph() got an unexpected keyword
    # argument 'is_dynamic_op'", CPython's wording): the code follows another release's TF-TRT
    # API (its arguments changed release by release). Read by checks/trt_api.py.
    _p(
        "trt.contrib_other_name",
        ("module 'tensorflow.contrib.tensorrt",),
        r"module 'tensorflow\.contrib\.tensorrt(?:\.[\w.]{1,40})?' has no attribute "
        r"'(?P<name>(?!TrtGraphConverter)\w{1,80})'",
    ),
    _p(
        "trt.api_unexpected_kwarg",
        ("got an unexpected keyword argument",),
        # (a class's constructor: CPython 3.10+ prints "TrtGraphConverterV2.__init__()", a
        # namedtuple's "TrtConversionParams.__new__()"; older ones only "__init__()")
        r"(?<![\w.])(?P<func>create_inference_graph|calib_graph_to_infer_graph"
        r"|TrtGraphConverter(?:V2)?\.__init__|TrtConversionParams\.__new__)\(\) got an "
        r"unexpected keyword argument '(?P<kw>\w{1,80})'",
    ),
    # TF-TRT's engine creation in implicit-batch mode (tf2tensorrt/convert/convert_nodes.cc
    # ValidateTensorProperties; TF 1.x contrib's convert_nodes.cc misspelt "dimemension"):
    # "Input tensor with shape [?,?,?,3] has an unknown non-batch dimension at dim 1"
    _p(
        "trt.unknown_non_batch_dim",
        ("has an unknown non-batch dim",),
        r"Input tensor with shape (?P<shape>\[[^\]\n]{0,120}\]) has an unknown non-batch "
        r"dime(?:me)?nsion at dim (?P<dim>\d{1,2})",
    ),
    # Building TF-TRT from source: tf2tensorrt/stub/nvinfer_stub.cc gates its forwarding table
    # on the TensorRT headers' NV_TENSORRT_MAJOR/MINOR: "#error This version of TensorRT is not
    # supported." (any major.minor the release does not list), "#error TensorRT version
    # earlier than N is not supported." (below its floor); the compiler prints them after
    # "error: ". bazel's summary of a TF-TRT target that did not compile: "C++ compilation of
    # rule '//tensorflow/compiler/tf2tensorrt:tensorrt_stub' failed (Exit 1)" (bazel <= 4;
    # TF Serving: '@org_tensorflow//...'), "Compiling tensorflow/compiler/tf2tensorrt/stub/
    # nvinfer_stub.cc failed: (Exit 1)" (bazel 5+). Read by checks/trt_source_build.py
    _p(
        "trt.stub_version_error",
        ("version of tensorrt is not supported", "tensorrt version earlier than"),
        r"#error (?:(?P<newer>This version of TensorRT is not supported)"
        r"|TensorRT version earlier than (?P<min>\d{1,2}(?:\.\d{1,2})?) is not supported)",
    ),
    _p(
        "trt.build_target_failed",
        ("compiler/tftensorrt",),  # the template has no digits: "tf2tensorrt"
        r"C\+\+ compilation of rule '(?:@org_tensorflow)?//tensorflow/compiler/tf2tensorrt:"
        r"(?P<target>[\w.-]{1,80})' failed"
        r"|Compiling (?:external/org_tensorflow/)?tensorflow/compiler/tf2tensorrt/"
        r"(?P<file>[\w/.-]{1,120}\.cc) failed",
    ),
    _p(
        "trt.no_compiler_module",
        ("no module named 'tensorflow.python.compiler", "no module named compiler.tensorrt"),
        r"No module named '(?P<mod>tensorflow\.python\.compiler(?:\.tensorrt)?)'"
        # (Python 2 names only the part after the package it found: tensorflow.python)
        r"|No module named compiler\.tensorrt\b",
    ),
    _p(
        "trt.params_not_imported",
        ("default_trt_conversion_params' is not defined",),
        r"name '(?P<name>DEFAULT_TRT_CONVERSION_PARAMS)' is not defined",
    ),
    _p(
        "trt.version_tuple_bug",
        ("has no attribute 'versiontupletostring'",),
        r"module 'tensorflow\.python\.compiler\.tensorrt\.utils' has no attribute "
        r"'versionTupleToString'",
    ),
    # --- driver./build./tfjs./mem. kinds: decoded CHECK_EQ codes, extension builds,
    # tfjs-node on Windows, LLVM's allocation failure ---
    # TF 1.x stream_executor/cuda/cuda_driver.cc CHECK_EQ(CUDA_SUCCESS, cuXxx(...)) (e.g.
    # CreateContext's cuDevicePrimaryCtxGetState/SetFlags, ScopedActivateContext's
    # cuCtxSetCurrent; TF 0.x wraps them as dynload::cuXxx): glog prints "Check failed: a == b
    # (va vs. vb)" with the CUresult as a plain number; the reversed CHECK_EQ(cuXxx(...),
    # CUDA_SUCCESS) prints "(N vs. 0)". Read by checks/cuda_driver_checks.py.
    _p(
        "driver.cu_check_eq",
        ("check failed: cuda_success == ", "== cuda_success ("),
        r"Check failed: (?:CUDA_SUCCESS == (?:\w{1,30}::){0,2}(?P<call>cu[A-Z]\w{1,60})\("
        r".{0,400}?\) \(0 vs\. (?P<code>-?\d{1,6})\)"
        r"|(?:\w{1,30}::){0,2}(?P<call2>cu[A-Z]\w{1,60})\(.{0,400}?\) == CUDA_SUCCESS "
        r"\((?P<code2>-?\d{1,6}) vs\. 0\))",
    ),
    # (after tell.fatal, like the CHECKs above: the line is a death too)
    # platform/default/gpu/cupti_wrapper.cc (TF 0.12-1.x): each CUPTI function is looked up in
    # the libcupti handle under TF_CHECK_OK(...) << "could not find " << kName << "in libcupti
    # DSO" (no space before "in"); the CHECK aborts the process when libcupti did not load or
    # lacks the function (tensorflow/tensorflow#6287: cupti64_80.dll off PATH on Windows)
    _p(
        "cupti.symbol_missing",
        ("in libcupti dso",),
        r"could not find (?P<sym>cupti[\w \t]{1,80}?)\s*in libcupti DSO",
    ),
    # The same CHECK with the CUDA runtime's or cuDNN's success value: the TF 2.21 wheel's
    # libtensorflow_framework.so.2 / libtensorflow_cc.so.2 hold "err == cudaSuccess"
    # (gpu_cudamallocasync_allocator.cc), "cudaFree(ptr) == cudaSuccess", "status ==
    # CUDNN_STATUS_SUCCESS" and "cudnnCreateConvolutionDescriptor(&result) ==
    # CUDNN_STATUS_SUCCESS" (cuda_dnn.cc's CHECK_EQ(..., CUDNN_STATUS_SUCCESS), one per
    # descriptor); TF 1.x cuda_dnn.cc "status == CUDNN_STATUS_SUCCESS (7 vs. 0)Failed to set
    # cuDNN stream." (the message right after the numbers) and the reversed
    # CHECK_EQ(cudaSuccess, cudaXxx(...)) "(0 vs. N)". glog prints the number; read by
    # checks/library_check_eq.py.
    _p(
        "cuda.lib_check_eq",
        ("== cudasuccess (", "check failed: cudasuccess == ", "== cudnn_status_success (",
         "check failed: cudnn_status_success == "),
        r"Check failed: (?:(?P<ok>cudaSuccess|CUDNN_STATUS_SUCCESS) == (?P<call>.{1,400}?) "
        r"\(0 vs\. (?P<code>-?\d{1,6})\)"
        r"|(?P<call2>.{1,400}?) == (?P<ok2>cudaSuccess|CUDNN_STATUS_SUCCESS) "
        r"\((?P<code2>-?\d{1,6}) vs\. 0\))(?P<msg>[A-Za-z][^\n]{0,160})?",
    ),
    # The same file's FAIL_IF_CUDA_RES_ERROR (TF 2.x, and XLA's copy): ScopedActivateContext
    # LOG(FATAL) "Failed setting context: " + ToString(res), i.e. "CUDA_ERROR_X: text" or
    # "UNKNOWN ERROR (n)" for cuCtxSetCurrent. Read by checks/cuda_driver_checks.py.
    _p(
        "driver.set_context_failed",
        ("failed setting context: ",),
        r"Failed setting context: (?:(?P<name>CUDA_ERROR_[A-Z_]{2,60})"
        r"|UNKNOWN ERROR \((?P<code>-?\d{1,6})\))",
    ),
    # The shell or make could not find nvcc: dash "/bin/sh: 1: nvcc: not found", bash
    # "nvcc: command not found" (zsh "zsh: command not found: nvcc", fish "fish: Unknown
    # command: nvcc"), GNU make <= 4.2 "make: nvcc: Command not found" (4.3+: "No
    # such file or directory"), cmd.exe "'nvcc' is not recognized as an internal or external
    # command", PowerShell "The term 'nvcc' is not recognized", Python subprocess "[Errno 2]
    # No such file or directory: 'nvcc'". A full path that is missing ("/usr/local/cuda/bin/
    # nvcc: not found", PyTorch's CUDA_HOME) is another fault: not matched. Read by
    # checks/extension_builds.py.
    _p(
        "build.nvcc_missing",
        ("nvcc: not found", "nvcc: command not found", "nvcc: no such file or directory",
         "'nvcc' is not recognized", "no such file or directory: 'nvcc'",
         "command not found: nvcc", "unknown command: nvcc"),
        r"(?:^|[\s:])nvcc: (?:not found|[Cc]ommand not found|No such file or directory)\s*$"
        r"|\b(?:zsh: command not found|fish: Unknown command): nvcc\s*$"
        r"|'nvcc' is not recognized as (?:an internal or external command|the name of a "
        r"cmdlet)|No such file or directory: 'nvcc'",
    ),
    # nvcc run by an absolute path that does not exist (a build script's hard-coded toolkit
    # folder, "compile_ops.sh: 10: compile_ops.sh: /usr/local/cuda-10.0/bin/nvcc: not found":
    # dash; bash "...: /usr/local/cuda-10.0/bin/nvcc: No such file or directory"): PATH plays
    # no part (yanx27/PointASNL#16; charlesq34/pointnet2#49: edit the script's path to the
    # installed toolkit). Read by checks/extension_builds.py
    _p(
        "build.nvcc_abs_missing",
        ("/bin/nvcc: not found", "/bin/nvcc: no such file or directory"),
        # (a ':' in the command: a CUDA_HOME joined with a colon, ":/usr/local/cuda/bin/nvcc",
        # NVIDIA/apex#368, facebookresearch/SparseConvNet#94: the check tells it apart)
        r"(?:^|[\s'\"])(?P<path>[/:]{1,2}(?:[\w.+-]{1,80}:?/){1,12}bin/nvcc): "
        r"(?:not found|No such file or directory)\s*$",
    ),
    # the compiler driver linking a custom op whose CUDA object the nvcc step before it never
    # wrote ("g++: error: roi_pooling_op.cu.o: No such file or directory": the make.sh /
    # Makefile of Faster R-CNN-style ops, smallcorgi/Faster-RCNN_TF#43); read by
    # checks/extension_builds.py
    # an nvcc command line (echoed by make or a build script) or a compiler's own "fatal
    # error: <header>: No such file or directory": the nvcc step ran, and failed for its own
    # reason (checks/extension_builds.py: then a missing .cu.o is not a PATH problem)
    _p(
        "build.nvcc_step_ran",
        ("nvcc ", "fatal error: "),
        r"(?:^|[\s/\\])nvcc(?:\.exe)? +-|fatal error: \S{1,200}: No such file or directory",
    ),
    _p(
        "build.cu_object_missing",
        (".cu.o: no such file or directory",),
        r"\b(?:g\+\+|gcc|c\+\+|clang\+\+|cc)(?:-\d{1,2})?: (?:fatal )?error: "
        r"(?P<obj>[\w./-]{1,200}\.cu\.o): No such file or directory",
    ),
    # NVlabs stylegan2 / stylegan2-ada dnnlib/tflib/custom_ops.py get_plugin (and the projects
    # that copy it): print('Setting up TensorFlow plugin "%s": ') then "Preprocessing... ",
    # "Compiling... ", "Loading... " and, on any exception, "Failed!" before re-raising (the
    # nvcc output is in the RuntimeError "NVCC returned an error. See below ..."). Read by
    # checks/extension_builds.py.
    _p(
        "build.dnnlib_plugin",
        ("setting up tensorflow plugin",),
        r"Setting up TensorFlow plugin [\"'](?P<cu>[\w.-]{1,80})[\"']: "
        r"(?P<steps>(?:(?:Preprocessing|Compiling|Loading)\.\.\. ){0,3})Failed!",
    ),
    # TensorFlow's (and TF Serving's) third_party/gpus/cuda_configure.bzl dummy crosstool:
    # error_gpu_disabled() fails with "ERROR: Building with --config=cuda but TensorFlow is not
    # configured to build with GPU support. Please re-run ./configure and enter 'Y' at the
    # prompt ..." (rocm_configure.bzl and sycl_configure.bzl: --config=rocm / --config=sycl).
    _p(
        "build.tf_gpu_not_configured",
        ("but tensorflow is not configured to build with gpu support",),
        r"Building with --config=(?P<cfg>cuda|rocm|sycl) but TensorFlow is not configured to "
        r"build with GPU support",
    ),
    # Windows' ERROR_DLL_INIT_FAILED text as Node's process.dlopen throws it (English; the
    # French system text of tensorflow/tfjs#7945). Python's "DLL load failed: ..." form is
    # win.dll_load; this one is read only in a tfjs-node log (checks/tfjs_windows.py).
    _p(
        "tfjs.dll_init",
        ("a dynamic link library (dll) initialization routine failed",
         "une routine d'initialisation d'une biblioth"),
        r"\bError: (?:A dynamic link library \(DLL\) "
        r"initiali[sz]ation routine failed|Une routine d'initialisation d'une biblioth\S{1,3}que "
        r"de liens dynamiques \(DLL\) a \S{1,3}chou\S{1,3})",
    ),
    # The same ERROR_DLL_INIT_FAILED (Windows error 1114) as the other loaders of TensorFlow's
    # native libraries print it after the library: the JDK's UnsatisfiedLinkError ("<path>\\
    # tensorflow_jni.dll: <system text>"), a Java tool's own "Could not load native TF library
    # <...>\\tensorflow_jni.dll: <text>", .NET's DllNotFoundException ("Unable to load DLL
    # 'tensorflow'[ or one of its dependencies]: <text> (Exception from HRESULT: 0x8007045A)";
    # 0x8007045A is HRESULT_FROM_WIN32(1114), the same in every UI language), a C program's
    # LoadLibrary message naming tensorflow.dll. Python's "DLL load failed" is win.dll_load,
    # Node's tfjs.dll_init. Read by checks/bindings.py. TensorFlow Java's JNI library is
    # "tensorflow_jni" up to TF 1.15 and "jnitensorflow" since (tensorflow/java: JavaCPP's
    # "jni" + preset name; its CONTRIBUTING.md's "no jnitensorflow in java.library.path";
    # DJL's tensorflow engine LibUtils LIB_NAME = "jnitensorflow").
    _p(
        "win.dll_init_native",
        ("initialization routine failed", "initialisation routine failed", "unable to load dll",
         "une routine d'initialisation d'une biblioth"),
        r"(?P<lib>\b(?:lib)?(?:jni)?tensorflow(?:_jni\w{0,8}|_cc|_framework)?\.dll\b|"
        r"_pywrap_tensorflow\w{0,30}\.pyd\b|\bDLL '(?:lib)?tensorflow(?:\.dll)?')"
        r"[^\n]{0,300}?(?:A dynamic link library \(DLL\) initiali[sz]ation routine failed|"
        r"Une routine d'initialisation d'une biblioth\S{1,3}que "
        r"de liens dynamiques \(DLL\) a \S{1,3}chou|0x8007045A)",
    ),
    # .NET's DllNotFoundException for DllImport("tensorflow") with Windows' ERROR_MOD_NOT_FOUND
    # ("Unable to load DLL 'tensorflow'[ or one of its dependencies]: The specified module
    # could not be found. (Exception from HRESULT: 0x8007007E)"; 0x8007007E is
    # HRESULT_FROM_WIN32(126), the same in every UI language). Read by checks/bindings.py.
    _p(
        "win.dll_missing_dotnet",
        ("unable to load dll",),
        r"Unable to load DLL '(?P<dll>(?:lib)?tensorflow)(?:\.dll)?'[^\n]{0,300}?"
        r"(?:The specified module could not be found|0x8007007E)",
    ),
    # tfjs-node(-gpu) scripts/deps-stage.js: "move" renames deps/lib/<libtensorflow> to the
    # addon's folder (fs.rename), "symlink" falls back to fs.copyFile; Node's error for a
    # missing source: "ENOENT: no such file or directory, rename '<src>' -> '<dst>'".
    _p(
        "tfjs.deps_lib_missing",
        ("enoent: no such file or directory, rename",
         "enoent: no such file or directory, copyfile"),
        r"ENOENT: no such file or directory, (?P<op>rename|copyfile) '(?P<src>[^'\n]{0,300}?"
        r"[/\\]deps[/\\]lib[/\\](?P<lib>(?:lib)?tensorflow[\w.-]{0,30}))' -> "
        r"'(?P<dst>[^'\n]{0,300})'",
    ),
    # LLVM llvm/lib/Support/ErrorHandling.cpp report_bad_alloc_error (built without
    # exceptions): "LLVM ERROR: out of memory" then the reason ("Allocation failed") and
    # abort(); rustc prints it as "rustc-LLVM ERROR: out of memory". Read by
    # checks/host_allocation.py.
    _p(
        "mem.llvm_oom",
        ("llvm error: out of memory",),
        r"LLVM ERROR: out of memory",
    ),
    # libstdc++'s verbose terminate handler (gcc libstdc++-v3/libsupc++/vterminate.cc):
    # "terminate called after throwing an instance of 'std::bad_alloc'" (then "  what():
    # std::bad_alloc"): operator new could not allocate host memory and nothing caught it.
    # Only std::bad_alloc itself: thrust's and RMM's CUDA allocation errors are other types.
    # Read by checks/host_allocation.py.
    _p(
        "mem.cxx_bad_alloc",
        ("instance of 'std::bad_alloc'",),
        r"terminate called after throwing an instance of 'std::bad_alloc'",
    ),
    # --- addon: TensorFlow add-on op libraries that did not load -------------------
    # Read by checks/addons.py. Sources: tensorflow/io tensorflow_io/python/ops/__init__.py
    # (_load_library: NotImplementedError "unable to open file: <lib>, from paths: [...]\n
    # caused by: [...]", the cause list often pasted on further lines or left off);
    # TensorFlow's load_library (NotFoundError(dlerror()) on Linux/macOS, "<file> not found"
    # on Windows, as tensorflow/decision-forests#223 and tensorflow/tensorflow#72106 print);
    # TF-DF check_version.py ("Failure to
    # load the <file> custom c++ tensorflow ops ... Full error:<error>"); tensorflow/
    # probability python/__init__.py (_ensure_tf_install's ImportError).
    _p(
        "addon.tfio_unable",
        ("unable to open file:",),
        r"unable to open file: (?P<lib>[\w.+-]{0,120}\.so)\b(?P<paths>,? from paths:)?",
    ),
    # An add-on package's own op library path and, when it follows on the same line, the
    # loader's reason: glibc's "undefined symbol[: <name>]" / "cannot open shared object file",
    # Windows' "<file> not found", macOS dyld's "symbol not found"; the package folder names
    # the add-on (tensorflow_io, tensorflow_addons, tensorflow_text, tensorflow_decision_forests,
    # tensorflow_quantum, tensorflow_recommenders_addons).
    _p(
        "addon.so",
        ("tensorflow_io", "tensorflow_addons", "tensorflow_text", "tensorflow_decision_forests",
         "tensorflow_quantum", "tensorflow_recommenders_addons"),
        r"(?P<pkg>tensorflow_(?:io|addons|text|decision_forests|quantum|recommenders_addons))"
        r"[\\/]+(?:[\w.+-]{1,80}[\\/]+){0,10}(?P<so>[\w.+-]{1,80}\.(?:so|dll|dylib))\b"
        r"(?:['\"\],]{0,3}:?\s{0,3}(?P<why>undefined symbol|cannot open shared object file"
        r"|not found|No such file or directory|[Ss]ymbol not found|wrong ELF class"
        r"|invalid ELF header|file too short)(?::\s{0,3}(?P<sym>[\w@.$]{3,400}))?)?",
    ),
    # tensorflow-io's cause list on its own line ("\ncaused by: [...]"): the loader's reason is
    # in the log, whatever it says
    _p(
        "addon.tfio_caused_by",
        ("caused by: [",),
        r"^\W{0,4}caused by: \[(?P<errs>[^\n]{0,400})",
    ),
    # glibc's "undefined symbol:" broken onto its own line, the symbol on the next one (a
    # wrapped paste of the message above): matched on the joined lines
    _p(
        "addon.undefined_bare",
        ("undefined symbol",),
        r"^\W{0,6}undefined symbol:?\s+(?P<sym>[\w@.$]{3,400})",
    ),
    # TF-DF's own warning that its TensorFlow does not match (check_version.py check_version)
    _p(
        "addon.tfdf_versions",
        ("tensorflow decision forests",),
        r"TensorFlow Decision Forests (?P<v>\d[\w.]{0,20}) is compatible with the following "
        r"TensorFlow Versions: \[?(?P<tfs>[^\]]{1,200})\]?\. However, TensorFlow "
        r"(?P<have>\d[\w.+-]{0,30}) was detected",
    ),
    # TensorFlow's file-system registry refusing a second plugin for a URI scheme:
    # errors::AlreadyExists("File system for ", scheme, " already registered")
    # (tensorflow/core/platform/env.cc, FileSystemRegistryImpl::Register), as tensorflow-io's
    # plugins meet a TensorFlow that registers the scheme itself (nicknochnack/TFODCourse#56)
    _p(
        "addon.fs_registered",
        ("already registered",),
        r"File system for (?P<scheme>[a-z][\w+.-]{0,20}) already registered",
    ),
    # tensorflow-probability's import-time TensorFlow check (_ensure_tf_install) and
    # tensorflow-datasets' (tensorflow_datasets/core/tf_compat.py ensure_tf_install): the same
    # words, with the add-on's name; the libraries that copied that function say the same
    # with their own name (tf_agents/__init__.py "This version of TF Agents requires
    # TensorFlow version >= ...", tensorflow_addons/utils/ensure_tf_install.py "This version
    # of TensorFlow Addons ...", tensorflow_gan/__init__.py "This version of TF-GAN ..."). A
    # reporter quoting the first sentence only ("...requires TensorFlow version >= 2.1.0;",
    # mit-han-lab/data-efficient-gans#44) leaves the installed version out: group have empty
    # (names of several words: tensorflow_model_optimization/__init__.py "This version of
    # TensorFlow Model Optimization requires TensorFlow version >= 1.14.0; ...",
    # tensorflow/model-optimization at 6fbc2cec)
    _p(
        "addon.tfp_requires",
        ("requires tensorflow version >=",),
        r"This version of (?P<addon>TensorFlow [A-Z][a-z]{2,20}(?: [A-Z][a-z]{2,20}){0,3}"
        r"|TF[ -](?:Agents|GAN))"
        r" requires TensorFlow version >= (?P<req>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)"
        r"(?:; Detected an installation of version (?P<have>\d[\w.+-]{0,30}?)\.?(?:\s|$))?",
    ),
    # other libraries' own refusals of the installed TensorFlow at import: Open3D's TensorFlow
    # ops (isl-org/Open3D python/open3d/ml/tf/__init__.py: "Version mismatch: Open3D needs
    # TensorFlow version {2.4.*}, but version {2.5.2} is installed!", "Tensorflow" in older
    # releases: its compiled ops fit one TensorFlow minor), csbdeep before TensorFlow 2
    # (CSBDeep/CSBDeep csbdeep/models/__init__.py at 60bd4677: "csbdeep only supports
    # tensorflow < 2 for now (installed tensorflow version: %s)")
    _p(
        "addon.tf_guard",
        ("needs tensorflow version", "csbdeep only supports tensorflow"),
        r"Version mismatch: (?P<lib>Open3D) needs Tensor[Ff]low version (?P<req>\d{1,2}\.\d{1,3}"
        r"(?:\.[\d*]{1,3})?), but version (?P<have>\d[\w.+-]{0,30}?) is installed"
        r"|(?P<lib2>csbdeep) only supports tensorflow (?P<req2>< ?\d{1,2}(?:\.\d{1,3}){0,2}) "
        r"for now \(installed tensorflow version: (?P<have2>\d[\w.+-]{0,30})\)",
    ),
    # TensorFlow's op-definition check refusing a name with a '>' namespace (core/framework/
    # op_def_util.cc ValidateOpDef: "Invalid name: " name " (Did you use CamelCase?)"; its
    # IsValidOpName accepts "Ns>Name" only since op namespaces came in; before, the check was
    # RE2 "(?:_.*|[A-Z][a-zA-Z0-9]*)"): read by checks/addon_tf_guards.py
    _p(
        "addon.op_name_refused",
        ("(did you use camelcase?)",),
        r"Invalid name: (?P<op>(?P<prefix>[A-Z][A-Za-z0-9_]{0,40})>[A-Z][\w>]{0,100}) "
        r"\(Did you use CamelCase\?\)",
    ),
    # standalone Keras 2 (checks/keras2_standalone.py): keras/backend/__init__.py's banner for
    # a backend other than TensorFlow (Keras 1.x-2.3, stderr), Keras 2.4's import check
    # (keras/__init__.py at 2.4.0), Keras 2.3's session functions on TensorFlow 2
    # (keras/backend/tensorflow_backend.py at 2.3.1)
    _p("keras.other_backend", ("using theano backend", "using cntk backend",
                               "using tensorflow backend"),
       r"^\s*Using (?P<backend>Theano|CNTK|TensorFlow) backend\.?(?:\s*\([^()]{0,80}\))?\s*$"),
    # Theano's own GPU lines (checks/keras2_standalone.py): its gpuarray backend's "Mapped
    # name <ctx> to device cuda0: <GPU>", "Using cuDNN version N on context <ctx>" and "Can not
    # use cuDNN on context <ctx>: <why>" (Theano/Theano theano/gpuarray/__init__.py init_dev, at
    # 704e1b989293aa5229ed4ae98a3a70cdaa0219bc), its old CUDA backend's "Using gpu device N:
    # <GPU>" (theano/sandbox/cuda/__init__.py): Theano on the GPU, the user's own choice
    _p(
        "ctx.theano_gpu",
        ("mapped name", "using gpu device", "using cudnn version", "can not use cudnn on"),
        r"^\s*(?:Mapped name \S{1,40} to device (?:cuda|opencl)[\d:]{0,8}\s?:?\s?"
        r"(?P<gpu>[^\n(]{1,80}?)\s*(?:\(|$)|Using gpu device \d{1,2}: (?P<gpu2>[^\n(]{1,80}?)"
        r"\s*(?:\(|$)|Using cuDNN version \d{1,6} on context|(?P<nodnn>Can not use cuDNN on "
        r"context \S{1,40}: (?P<why>[^\n]{1,200})))",
    ),
    # a C compiler's missing header (gcc/clang "fatal error: x.h: No such file or directory"),
    # read after Theano's "cannot compile with cuDNN" (checks/keras2_standalone.py)
    _p(
        "ctx.c_header_missing",
        ("fatal error:",),
        r"fatal error: '?(?P<hdr>[\w./+-]{1,100}\.h)'?:? (?:No such file or directory|file not "
        r"found)",
    ),
    _p("keras.tf_only_call", ("get_session", "set_session", "clear_session",
                              "tensorflow_backend"),
       r"\b(?:get_session|set_session|clear_session|tensorflow_backend)\b"),
    _p("keras.needs_tf22", ("keras requires tensorflow",),
       r"(?<!['\"])Keras requires TensorFlow 2\.2 or higher"),
    # a Keras release the log names (pip list/show/freeze/install words, prose "keras 2.4.3"):
    # from 2.4 on Keras is tf.keras's wrapper and has no Theano/CNTK backend
    _p("keras.release_named", ("keras",),
       # (a line's every mention is read by checks/keras2_standalone.py: the last one counts,
       # "had keras 2.4.3 ... downgraded to keras 2.2.4")
       KERAS_RELEASE),
    # Theano's own lines after Keras's banner ("ERROR (theano.sandbox.cuda): nvcc compiler
    # not found"): that backend's, quoted by keras-backend-not-tensorflow
    _p("keras.theano_line", ("(theano.",), r"\(theano\.[\w.]{1,60}\)"),
    _p("keras.session_tf2", ("is not available when using tensorflow",),
       r"`?(?P<fn>get_session|set_session)`? is not available when using TensorFlow 2"),
    # keras-retinanet's start-up check (fizyr/keras-retinanet keras_retinanet/utils/
    # tf_version.py at 1532bddf: 'You are using tensorflow version {}. The minimum required
    # version is {} (blacklisted: {}).', the refused releases as a list of tuples)
    _p(
        "addon.retinanet_tf_check",
        ("the minimum required version is",),
        r"You are using tensorflow version (?P<have>\d[\w.+-]{0,30}?)\. The minimum required "
        r"version is (?P<req>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?) \(blacklisted: "
        r"\[(?P<refused>[\d, ()]{0,200})\]\)",
    ),
    # pip's placeholder release of keras-nlp (0.0.0) in a pip list / freeze / show line, pip's
    # "Successfully installed" or "Requirement already satisfied" line: pip chose it because
    # no real release's dependencies could be installed here (keras-team/keras-hub#1649)
    _p(
        "addon.placeholder_release",
        ("keras-nlp", "keras_nlp"),
        r"^\W{0,4}(?P<pkg>keras[-_]nlp)(?:\s+|==|\s*Version:\s*)0\.0\.0\s*$"
        r"|Successfully installed\b[^\n]{0,2000}?\b(?P<pkg2>keras[-_]nlp)-0\.0\.0\b"
        r"|Requirement already satisfied: (?P<pkg3>keras[-_]nlp) in \S{1,300} \(0\.0\.0\)",
    ),
    # --- TensorFlow's cudart stub placeholder texts (the CUDA runtime did not load) ---
    # tensorflow/stream_executor/cuda/cuda_runtime_10_0.inc (tensorflow/tensorflow at
    # 016d116d5a2589216d4aaae6bcf73c8e35bbcf1f; TF 1.14-2.x): when the runtime library does not
    # load, cudaGetErrorString/cudaGetErrorName return "<name> symbol not found." and every call
    # cudaErrorSharedObjectSymbolNotFound; xla/tsl/cuda/cudart_stub.cc (openxla/xla at
    # 827aca0eb2748018b7e803606250f9ea56939ab0; TF 2.16+) returns "Error loading CUDA libraries.
    # GPU will not be used." instead. Printed after gpu_device.cc's "cudaGetDevice() failed.
    # Status: ", "cudaSetDevice() on GPU:N failed. Status: " or "CUDA runtime implicit
    # initialization on GPU:N failed. Status: ". Read by checks/cudart_stub_status.py
    _p(
        "cuda.stub_status",
        ("symbol not found", "error loading cuda libraries"),
        r"(?:(?P<call>cudaGetDevice\(\)|cudaSetDevice\(\) on GPU:\d{1,3}|CUDA runtime implicit "
        r"initialization on GPU:\d{1,3}) failed\. Status: )?"
        r"(?P<text>cudaGetError(?:String|Name) symbol not found|Error loading CUDA libraries\. "
        r"GPU will not be used)",
    ),
    # --- cuda_driver.cc CheckPointerIsValid (TF 1.14-2.x, before each synchronous
    # host<->GPU copy): CHECK(err == cudaSuccess || err == cudaErrorInvalidValue) << "Unexpected
    # CUDA error: " << cudaGetErrorString(err) (NVIDIA/tensorflow v1.15.2
    # tensorflow/stream_executor/cuda/cuda_driver.cc:175; upstream commit 867a918bd3d4, 2019-05-01).
    # The text may be cut onto the next line. Read by checks/cudart_stub_status.py
    _p(
        "cuda.pointer_check",
        ("cudaerrorinvalidvalue",),
        r"Check failed: err == cudaSuccess \|\| err == cudaErrorInvalidValue\s*"
        r"Unexpected CUDA error:?[ \t]*(?P<text>[^\r\n]{0,120}?)[ \t]*$",
    ),
    # --- gpu_device.cc's cudaGetDevice()/cudaSetDevice() status (TF 1.x-2.x):
    # "cudaGetDevice() failed. Status: <cudaGetErrorString text>", "cudaSetDevice() on GPU:N
    # failed. Status: <text>" (messages_gpu_stack.toml rows gpu-device-cudagetdevice-failed,
    # gpu-device-cudasetdevice-failed). Read by checks/cudart_stub_status.py
    _p(
        "cuda.runtime_call_status",
        ("cudagetdevice() failed", "cudasetdevice() on gpu"),
        r"(?P<call>cudaGetDevice\(\)|cudaSetDevice\(\) on GPU:\d{1,3}) failed\. Status: "
        r"(?P<text>[^\r\n]{1,160}?)\s*$",
    ),
    # --- CUDA runtime texts that say the runtime and the driver do not fit ----------
    # cudaGetErrorString of cudaErrorSystemDriverMismatch (803), cudaErrorCompatNotSupportedOnDevice
    # (804), cudaErrorStubLibrary (34) (status_codes.toml, driver_types.h), whoever prints them:
    # TensorFlow's "cudaGetDevice() failed. Status: ", "CUDA runtime implicit initialization on
    # GPU:N failed. Status: ", PyTorch's "Error 803: ", Caffe's "(803 vs. 0) ". The runtime's
    # own cuInit failed with the CUresult of the same number. Read by checks/cudart_stub_status.py
    _p(
        "cuda.runtime_misfit",
        ("unsupported display driver", "forward compatibility was attempted",
         "cuda driver is a stub library"),
        r"(?P<text>system has unsupported display driver / cuda driver combination|forward "
        r"compatibility was attempted on non supported HW|CUDA driver is a stub library)",
    ),
    # --- Anaconda defaults-channel TensorFlow build strings (variant gpu/mkl/eigen) ----
    # AnacondaRecipes/tensorflow_recipes (6fa2f061cc688265f98af2f5bceccc92cee6d50c):
    # tensorflow-base and the tensorflow metapackage carry "<variant>_py<NN>h<hash>_<n>"
    # (variant mkl | eigen: CPU; gpu: CUDA), _tflow_select the bare variant ("2.3.0 mkl").
    # Rows: `conda list`, conda's change report ("old --> new"), NEW rows
    # ("channel/subdir::name-version-build"), mamba's "+ name version build" and the solver's
    # "name==version=build" specs. Read by checks/conda_defaults_tf_build.py
    _p(
        "conda.tf_defaults_build",
        ("mkl_py", "eigen_py", "gpu_py", "_tflow_select"),
        r"^[ \t]{0,8}(?:[+-][ \t]{1,4})?(?P<pkg>tensorflow(?:-base|-gpu|-mkl|-eigen)?|"
        r"_tflow_select)(?:[ \t]{1,60}(?:[\w.:/-]{0,120}::[\w-]{1,30}-)?|={1,2})"
        r"(?P<v>[12]\.\d{1,2}\.\d{1,3})(?:[ \t]{1,60}|-|=)"
        r"(?P<build>(?:gpu|mkl|eigen)(?:_py\d{2,3}h[0-9a-f]{7}_\d{1,3})?)(?![\w.])"
        r"(?:[ \t]{1,60}-->[ \t]{1,60}(?:[\w.:/-]{0,120}::[\w-]{1,30}-)?"
        r"(?P<nv>[12]\.\d{1,2}\.\d{1,3})-"
        r"(?P<nbuild>(?:gpu|mkl|eigen)(?:_py\d{2,3}h[0-9a-f]{7}_\d{1,3})?)(?![\w.]))?",
    ),
    # conda 4.4-4.5's change report ("    _tflow_180_select:   1.0-gpu  --> 3.0-eigen"): the
    # name with a colon, version-build joined by "-"; TensorFlow 1.8-era recipes named the
    # selector per release (_tflow_180_select, _tflow_190_select)
    _p(
        "conda.tf_defaults_build",
        ("_tflow_", "-mkl_py", "-eigen_py", "-gpu_py"),
        r"^[ \t]{0,8}(?P<pkg>_tflow(?:_\d{2,3})?_select|tensorflow(?:-base|-gpu)?):[ \t]{1,60}"
        r"(?P<v>\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)-"
        r"(?P<build>(?:gpu|mkl|eigen)(?:_py\d{2,3}h[0-9a-f]{7}_\d{1,3})?)(?![\w.])[ \t]{1,60}-->"
        r"[ \t]{1,60}(?P<nv>\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)-"
        r"(?P<nbuild>(?:gpu|mkl|eigen)(?:_py\d{2,3}h[0-9a-f]{7}_\d{1,3})?)(?![\w.])",
    ),
    # --- ctx.tensorflowjs: the log runs the tensorflowjs Python converter (its command, its
    # package folder in a traceback, its import). Explains no line (ctx. prefix); read by
    # checks/addons.py: tensorflowjs requires tensorflow-decision-forests (tensorflow/tfjs#8370's
    # pip show: "Requires: ... tensorflow-decision-forests"; tensorflow/decision-forests#167),
    # so TF-DF's Windows load failure there is fixed by converting under WSL, not by removing
    # TF-DF (tensorflow/tfjs#8030, #8135, #8220).
    _p(
        "ctx.tensorflowjs",
        ("tensorflowjs",),
        r"\btensorflowjs(?:_converter|_wizard|[\\/])|\bimport tensorflowjs\b",
    ),
    # --- colab: Colab's %tensorflow_version magic once Colab dropped TensorFlow 1.x ----
    # googlecolab/colabtools google/colab/_tensorflow_magics.py
    # (c33628068f5adb2e42d7142637f4a17872b9f42a): any argument starting with "1" raises
    # ValueError("Tensorflow 1 is unsupported in Colab. ..."); otherwise it prints "Colab only
    # includes TensorFlow 2.x; %tensorflow_version has no effect." Read by checks/colab_magics.py
    _p(
        "colab.tf1_unsupported",
        ("is unsupported in colab",),
        r"Tensorflow 1 is unsupported in Colab",
    ),
    # --- trt./addon./lib./mem.: TF-TRT in a build without it, the V1 converter on
    # the compiler module path, the add-on pair a package listing shows, quote-less and
    # prefix-less forms of the library-load and CUDA out-of-memory lines ---
    # tensorflow 2.21 wheel python/compiler/tensorrt/trt_convert.py
    # _check_trt_version_compatibility: when _pywrap_py_utils.is_tensorrt_enabled() is False,
    # logging.error "Tensorflow needs to be built with TensorRT support enabled to allow TF-TRT
    # to operate." then RuntimeError "Tensorflow has not been built with TensorRT support."
    # Read by checks/trt_api.py.
    _p(
        "trt.not_built",
        ("been built with tensorrt", "built with tensorrt support enabled"),
        r"(?P<err>Tensorflow has not been built with TensorRT support)"
        r"|(?P<log>Tensorflow needs to be built with TensorRT support enabled)",
    ),
    # the TF 1.x converter class asked of the TF 1.14+ module path (trt_convert.py of
    # TensorFlow 1.14 to 2.21 defines TrtGraphConverter and TrtGraphConverterV2)
    _p(
        "trt.compiler_no_converter",
        ("has no attribute 'trtgraphconverter",),
        r"module 'tensorflow\.python\.compiler\.tensorrt\.trt_convert' has no attribute "
        r"'(?P<name>TrtGraphConverter(?:V2)?)'",
    ),
    # pip list ("tensorflow-text   2.15.0") / pip freeze ("tensorflow-text==2.15.0") rows of
    # TensorFlow and the compiled add-ons; read by checks/addons.py (the installed pair)
    _p(
        "addon.pip_pair",
        ("tensorflow  ", "tensorflow==", "tensorflow-gpu", "tensorflow-cpu", "tensorflow-text",
         "tensorflow_text", "tensorflow-io", "tensorflow_io", "tensorflow-addons",
         "tensorflow_addons", "tensorflow-decision", "tensorflow_decision", "tensorflow-quantum",
         "tensorflow_quantum", "tensorflow-recommenders", "tensorflow_recommenders"),
        r"^\s{0,4}(?P<dist>tensorflow(?:[-_](?:gpu|cpu|text|io|addons|decision[-_]forests"
        r"|quantum|recommenders[-_]addons))?)(?:\s+|==)(?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)"
        r"(?:\s|$)",
    ),
    # TensorFlow's dso_loader line "Could not load dynamic library '<file>'; dlerror: ..."
    # (stream_executor/platform/default/dso_loader.cc, TF 2.0-2.10) retyped without the
    # quotes: the same library hit (checks/libraries.py)
    _p(
        "lib.missing",
        ("load dynamic library",),
        r"Could not load dynamic library (?P<lib>[\w+-][\w.+-]{0,80}?\.(?:so(?:\.\d[\d.]{0,20})?"
        r"|dll|dylib))(?=[;:,\s]|$)(?:;\s*dlerror:\s*(?P<err>.*))?",
        "lib",
    ),
    # TensorFlow's dso_loader line with its source tag kept and its words retyped ("...
    # dso_loader.cc:44] cannot opened dynamic library cudart64_101.dll"): dso_loader.cc prints
    # only "Successfully opened dynamic library X" and "Could not load dynamic library 'X'"
    # (TF 2.x; 1.14 "Could not dlopen library", 0.x-1.x "Couldn't open CUDA library"), so a
    # negated open/load on its own line is the second: the same library hit
    # (checks/libraries.py); the printed wordings themselves are read by their own patterns
    _p(
        "lib.missing",
        ("dso_loader.cc",),
        r"dso_loader\.cc:\d{1,5}\]\s{0,4}"
        r"(?!Couldn't open CUDA library |Could not load dynamic library )"
        r"(?i:cannot|can't|can not|couldn't|could not|unable to"
        r"|failed to)\s{1,4}(?i:open|load)(?i:ed)?\s{1,4}(?:(?i:dynamic|CUDA|shared)\s{1,4})?"
        r"(?i:library)\s{1,4}['`\"]?(?P<lib>[\w+-][\w.+-]{0,80}?\.(?:so(?:\.\d[\d.]{0,20})?"
        r"|dll|dylib))(?=['`\";:,\s]|$)",
        "lib",
    ),
    # CUDA's result text as TensorFlow prints it ("<cuGetErrorName>: <cuGetErrorString>",
    # tensorflow/stream_executor/cuda/cuda_driver.h ToString(CUresult)) pasted alone, without the
    # "failed to allocate ... from device: " prefix: the same device out-of-memory reading,
    # hedged by checks/memory.py (no size, no context call); the error name alone on its line
    # (quoted, as users retype it) is the same result
    _p(
        "mem.cuda_oom",
        ("cuda_error_out_of_memory",),
        r"^\W{0,4}(?:[\w.]{1,60}(?:Error|Exception):\s{0,3})?"
        r"(?P<bare>CUDA_ERROR_OUT_OF_MEMORY(?:: out of memory)?)\W{0,4}$",
    ),
    # cuBLAS's handle-creation statuses alone on their line (quoted or after an exception
    # class): the status TensorFlow/XLA print after "failed to create cublas handle: "
    # (cuda_blas.cc; XLA's kCublasNotInitializedExplanation: "Failure to initialize cublas
    # may be due to OOM ... or may be because this binary was not built with support for the
    # GPU in your machine"), read by rule_library_handle like the full line
    _p(
        "mem.handle",
        ("cublas_status_not_initialized", "cublas_status_alloc_failed"),
        r"^\W{0,4}(?:[\w.]{1,60}(?:Error|Exception):\s{0,3})?"
        r"(?P<bstatus>CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED))\W{0,4}$",
    ),
    # ... and quoted inside a sentence that reports it ('... because of the error
    # "CUBLAS_STATUS_ALLOC_FAILED"'): the status as the user copied it from the log
    _p(
        "mem.handle",
        ("cublas_status_not_initialized", "cublas_status_alloc_failed"),
        r"[\"'`\u201c\u2018](?P<bstatus>CUBLAS_STATUS_(?:NOT_INITIALIZED|ALLOC_FAILED))"
        r"[\"'`\u201d\u2019]",
    ),
    # --- ctx.forked_child: the failing code ran in a process Python's multiprocessing started
    # (CPython Lib/multiprocessing: process.py BaseProcess.run/_bootstrap frames in the child's
    # traceback, popen_fork.py, pool.py workers named "ForkPoolWorker-N" under the fork
    # context; the "Process Process-N:" / "Process ForkProcess-N:" header process.py's
    # _bootstrap writes to stderr before a child's traceback: the default Process class, or
    # the fork context's, named by BaseProcess.__init__ as type name + "-" + identity), or the
    # log sets the fork start method or Keras' use_multiprocessing=True.
    # Explains no line (ctx. prefix); read by checks/cuda_driver_checks.py (and by
    # checks/driver.py cuda_driver_not_initialised, its forked variant): after TensorFlow
    # created a GPU device in the parent, a forked child cannot use CUDA (the CUDA Programming
    # Guide: CUDA is not fork-safe; tensorflow/tensorflow#57877).
    # --- ctx.spawned_child: the log shows children started without fork (the spawn context's
    # "SpawnProcess-N" name or popen_spawn_* frames, a spawn start method set in the pasted
    # code), so a child's CUDA failure is not the fork one; Windows has no fork at all
    # (checks/cuda_driver_checks.py fork_shown)
    _p(
        "ctx.spawned_child",
        ("spawnprocess-", "popen_spawn_", "'spawn'", '"spawn"'),
        r"\bSpawnProcess-\d|popen_spawn_(?:posix|win32)\.py"
        r"|(?:set_start_method|get_context)\(\s{0,3}['\"]spawn['\"]",
    ),
    _p(
        "ctx.forked_child",
        ("multiprocessing", "forkpoolworker", "os.fork", "process process-",
         "process forkprocess-"),
        r"multiprocessing[\\/](?:process|popen_fork|pool)\.py\"|\bForkPoolWorker-\d"
        r"|^Process (?:Fork)?Process-\d+(?::\d+)*:\s*$"
        r"|\buse_multiprocessing\s{0,3}=\s{0,3}True\b|\bos\.fork\(\)"
        r"|set_start_method\(\s{0,3}['\"]fork['\"]",
    ),
    # --- ctx.gpu_memory_limit: the program sets TensorFlow's GPU pool size itself (TF 2.x
    # logical/virtual devices with a memory limit, TF 1.x GPUOptions' per-process fraction),
    # in pasted code or config. Explains no line; read by checks/memory_held.py (a small
    # pool is then the program's choice)
    # the program lets TensorFlow's GPU pool grow (TF 1.x gpu_options.allow_growth, TF 2.x
    # set_memory_growth, the environment switch): its allocations are growth chunks, not one
    # pool sized at start (checks/memory.py)
    _p(
        "ctx.memory_growth",
        ("allow_growth", "set_memory_growth", "tf_force_gpu_allow_growth"),
        r"\ballow_growth\b|\bset_memory_growth\b|\bTF_FORCE_GPU_ALLOW_GROWTH\b",
    ),
    _p(
        "ctx.gpu_memory_limit",
        ("memory_limit", "per_process_gpu_memory_fraction", "deviceconfiguration",
         "device_configuration"),
        r"\bmemory_limit\b|\bper_process_gpu_memory_fraction\b"
        r"|\b(?:Logical|Virtual)DeviceConfiguration\b"
        r"|\bset_(?:logical|virtual)_device_configuration\b",
    ),
    # --- ctx.gpu_fraction: the value of TF 1.x's GPUOptions.per_process_gpu_memory_fraction as
    # the log shows it: in pasted code or config, darkflow's own line "GPU mode with <f> usage",
    # or darkflow's `flow ... --gpu <f>` flag, which it passes as that fraction (thtrieu/
    # darkflow net/build.py setup_meta_ops: utility = min(FLAGS.gpu, 1.); GPUOptions(
    # per_process_gpu_memory_fraction=utility)). Explains no line; read by checks/memory.py
    # (gpu-memory-fraction-exceeds-free-memory variant fraction-in-log)
    _p(
        "ctx.gpu_fraction",
        ("per_process_gpu_memory_fraction", "gpu mode with", "--gpu"),
        r"\bper_process_gpu_memory_fraction\s{0,3}[=:]\s{0,3}(?P<f1>\d(?:\.\d{1,4})?)(?![\d.])"
        r"|\bGPU mode with (?P<f2>\d(?:\.\d{1,4})?) usage\b"
        r"|(?:^|[\s/\\>])flow\s(?:[^\n]{0,400}?\s)?--gpu[ =](?P<f3>\d(?:\.\d{1,4})?)(?![\d.])",
    ),
    # --- ops whose kernels only GPU builds register; TensorFlow lists no GPU --------------
    # The placer's "Registered devices: [CPU" cut off at the end of a pasted line (the closed
    # list is placer.registered_devices). Read by checks/op_kernel_gpu_build.py.
    _p(
        "opk.registered_devices_cut",
        ("registered devices:",),
        r"Registered devices: \[(?P<devs>[A-Z_]{2,20}(?:, ?[A-Z_]{2,20}){0,8}),?\s*$",
    ),
    # The node line the error ends with, naming an op whose kernels only GPU (CUDA/ROCm)
    # builds register (cudnn_rnn_ops.cc, nccl_ops.cc): TF 1.x "[[Node: x/CudnnRNN =
    # CudnnRNN[...]", TF 1.14+ "[[{{node x/CudnnRNN}}]]", eager "[[NcclAllReduce]]".
    _p(
        "opk.gpu_build_node",
        ("[[",),
        r"\[\[(?:\{\{)?(?:[Nn]ode:? )?(?:[\w./-]{0,300}?/)?(?P<op>CudnnRNN\w{0,40}|Nccl"
        r"(?:AllReduce|Reduce|Broadcast))\b",
    ),
    # NVlabs stylegan2 / stylegan2-ada dnnlib/tflib/custom_ops.py _get_cuda_gpu_arch_string:
    # device_lib.list_local_devices() has no device_type 'GPU' -> raise RuntimeError('No GPU
    # devices found') (the frame line, the raise line or the error line).
    _p(
        "opk.dnnlib_no_gpu",
        ("_get_cuda_gpu_arch_string", "no gpu devices found"),
        r"\b_get_cuda_gpu_arch_string\b|RuntimeError\(?:? ?'?No GPU devices found'?\)?\s*$",
    ),
    # DirectSession (direct_session.cc) with log_device_placement: printf("Device mapping: no
    # known devices.") when no device of the session has a physical description (the CPU has
    # none; every GPU and XLA device has one): TensorFlow registered no GPU.
    _p(
        "opk.no_known_devices",
        ("device mapping: no known devices",),
        r"Device mapping: no known devices\.",
    ),
    # --- bare dyld line, conda's classic solver, Python's MemoryError, grappler's
    # device properties ---
    # macOS dyld's "Library not loaded: @rpath/<lib>" without the "dlopen(<module>, <mode>): "
    # prefix (dyld's own "dyld: Library not loaded: ..." for a program, or a paste cut to the
    # ImportError text): the same missing CUDA dylib as dyld.cuda_missing (disjoint from it by
    # the look-behind). Read by checks/other_loaders.py.
    _p(
        "dyld.cuda_missing_bare",
        ("library not loaded: @rpath/libcu",),
        r"(?<!\): )Library not loaded: @rpath/"
        r"(?P<lib>libcu(?:dart|blas|dnn|fft|rand|solver|sparse|da|pti)(?:\.\d{1,3}){0,3}\.dylib)",
    ),
    # conda's classic solver (conda/exceptions.py ResolvePackageNotFound(CondaError): message
    # "\n" + "  - <dep>" per missing spec; raised by conda env create / conda install when a
    # spec's package is in none of the channels for this platform). Read by checks/conda.py.
    _p(
        "tools.conda_resolve_not_found",
        # (a paste retyping the name in the plural: "ResolvePackagesNotFound")
        ("resolvepackagenotfound", "resolvepackagesnotfound"),
        r"\bResolvePackages?NotFound\b",
    ),
    # a "  - channel::name[=version]" entry of conda's lists (ResolvePackageNotFound,
    # PackagesNotFoundError), read next to those hits only (checks/conda.py).
    _p(
        "ctx.conda_channel_item",
        ("::",),
        r"^\s*-\s+(?P<pkg>[A-Za-z][\w.-]{0,40}::[A-Za-z0-9][\w.-]{0,60}"
        r"(?:\s*[=<>!]{1,2}\s*[\w.*]{1,30}){0,2})\s*$",
    ),
    # ... and any "  - name[=version[=build]]" entry of those lists, whatever the package
    # (conda/exceptions.py PackagesNotFoundError: "The following packages are not available
    # from current channels:" then one "  - <spec>" line per package; the channel URLs
    # after "Current channels:" hold ':' and '/', which no name has), read next to those
    # hits only (checks/conda.py); keyed by the spec, so the record keeps each one.
    _p(
        "ctx.conda_spec_item",
        ("- ",),
        r"^\s*-\s+(?P<pkg>[A-Za-z0-9_][\w.-]{0,60}(?:\s*[=<>!]{1,2}\s*[\w.*]{1,30}){0,2})\s*$",
        "pkg",
    ),
    # CPython's MemoryError (Objects/exceptions.c; PyErr_NoMemory: a host allocation failed) as
    # a traceback's last line, bare ("MemoryError") or with NumPy's message
    # (numpy/core/_exceptions.py _ArrayMemoryError: "Unable to allocate <size> for an array
    # with shape <shape> and data type <dtype>"). Read by checks/host_memoryerror.py.
    _p(
        "mem.py_memoryerror",
        ("memoryerror",),
        r"^\s{0,8}(?:builtins\.)?MemoryError\s{0,4}$"
        r"|^\s{0,8}(?:numpy\.(?:core\.)?_exceptions\.)?_?(?:Array)?MemoryError: Unable to "
        r"allocate (?P<size>[\d.]{1,12}\s?[KMGTPE]?i?B) for an array",
    ),
    # TensorFlow's grappler (tensorflow/core/grappler/clusters/utils.cc GetLocalGPUInfo):
    # LOG(ERROR) << "Failed to get device properties, error code: " << error, the
    # cudaError_t of cudaGetDeviceProperties. Read by checks/host_memoryerror.py
    # (device_properties_failed).
    _p(
        "gpu.device_props_failed",
        ("failed to get device properties",),
        r"[Ff]ailed to get device properties, error code: (?P<code>\d{1,4})",
    ),
    # --- pywarn: TensorFlow's and Keras' own Python-side training warnings -------------------
    # logging.warning / warnings.warn texts read in the TF 2.21 wheel (tensorflow/python/**,
    # its tf.keras copy tensorflow/python/keras/**) and Keras 3.15 (keras/src/**), with the
    # older wordings users paste (rows: messages_tf_python.toml, ids py-*; checks/pywarn.py).
    # None names a GPU fault; the findings are notices. Matched anywhere in the line, so the
    # "WARNING:tensorflow:", "UserWarning:", absl "W1211 ... file.py:76]" and path prefixes
    # all pass.
    _p(
        "pyw.indexed_slices",
        ("sparse indexedslices",),
        _first("Converting sparse IndexedSlices")
        + r"(?:\(.{0,2000}?\))? to a dense Tensor (?:(?P<unknown>of unknown shape)"
        r"|with (?P<n>\d{1,20}) elements)",
    ),
    _p(
        "pyw.retracing",
        ("tf.function retracing",),
        # the function's qualified name ("<function Model.make_predict_function.<locals>.
        # predict_function at 0x...>"): Keras' own train/test/predict functions read apart
        r"(?:<function (?P<fn>[\w.<>]{1,200}) at 0x[0-9a-fA-F]{1,16}> )?triggered tf\.function "
        r"retracing",
    ),
    _p(
        "pyw.grad_missing",
        # TF 1.13-2.1's optimizer_v2.py _filter_grads said "Gradients does not exist"
        ("gradients do not exist for variables", "gradients does not exist for variables"),
        r"Gradients do(?:es)? not exist for variables",
    ),
    # every gradient None: tf.keras optimizer_v2/utils.py filter_empty_gradients' "No
    # gradients provided for any variable: %s." (TensorFlow 2.21 wheel), Keras 3
    # base_optimizer.py's "No gradients provided for any variable." (keras 3.15); read by
    # checks/keras_model_code.py no_gradients
    _p(
        "keras.no_gradients",
        ("no gradients provided for any variable",),
        r"No gradients provided for any variable",
    ),
    # inputs a Keras model cannot take, read by checks/model_inputs.py: the input spec check
    # (tf.keras engine/input_spec.py "Input 0 of layer dense is incompatible with the layer:
    # expected ndim=2, found ndim=3. Full shape received: (...)"; Keras 3 layers/input_spec.py
    # adds "with name '<input>'" and quotes the layer), the graph-era Keras check
    # (training_utils_v1.py standardize_input_data, Keras 2.0-2.3: "Error when checking input:
    # expected dense_input to have 2 dimensions, but got array with shape (...)", "... to have
    # shape (...) but got array with shape (...)"; "target" for the labels)
    _p(
        "keras.input_spec",
        ("is incompatible with the layer", "is incompatible with layer"),
        r"Input (?P<idx>\d{1,3})(?: with name '[^']{0,200}')?"
        # Keras 2.0-2.3 and tf.keras up to 2.4: "Input 0 is incompatible with layer X: ..."
        r"(?: of layer [\"']?(?P<layer>[^\s\"':]{1,200})[\"']? is incompatible with the layer"
        r"| is incompatible with layer [\"']?(?P<layer_old>[^\s\"':]{1,200})[\"']?): ?:? ?"
        r"expected (?P<what>(?:min_|max_)?ndim|shape|axis|dtype)"
        r"(?:=(?P<want>\d{1,3}|\w{1,20}|\([^)]{0,300}\))"
        r"|(?P<axis> -?\d{1,3}) of input shape to have value (?P<value>\d{1,9}))"
        r"(?:,? ?(?:found (?:ndim|shape|dtype)=(?P<found>\d{1,3}|\w{1,20}|\([^)]{0,300}\))"
        r"|but received input with shape (?P<received>[(\[][^)\]]{0,300}[)\]])))?"
        r"(?:\. Full shape received: (?P<full>[(\[][^)\]]{0,300}[)\]]))?",
    ),
    # training_utils_v1.py check_loss_and_target_compatibility: "A target array with shape
    # (8, 512, 512, 3) was passed for an output of shape (None, 512, 512, 1) while using as
    # loss `binary_crossentropy`. This loss expects targets to have the same shape as the
    # output." (the graph-era loops; Keras 2.0-2.3 training_utils.py)
    _p(
        "keras.target_shape",
        ("a target array with shape",),
        r"A target array with shape (?P<got>\([^)]{0,200}\)) was passed for an output of shape "
        r"(?P<want>\([^)]{0,200}\)) while using as loss `(?P<loss>[\w.]{1,80})`",
    ),
    # TensorFlow's sparse cross-entropy kernel (sparse_xent_op.cc, "Received a label value of "
    # in the 2.21 wheel's libtensorflow_cc): a class index outside the model's output units
    _p(
        "tf.sparse_label_range",
        ("received a label value of",),
        r"Received a label value of (?P<label>-?\d{1,20}) which is outside the valid range of "
        r"\[0, (?P<depth>\d{1,12})\)",
    ),
    # Keras's check that x, y and sample_weight hold as many samples (tf.keras data_adapter.py
    # "Data cardinality is ambiguous:\n  x sizes: 0\n  y sizes: 25000"; Keras 3
    # data_adapter_utils.py "Data cardinality is ambiguous. Make sure all arrays contain the
    # same number of samples.'x' sizes: ...")
    _p(
        "keras.cardinality",
        ("data cardinality is ambiguous",),
        r"Data cardinality is ambiguous",
    ),
    # a functional model whose outputs do not lead back to its inputs (keras-team/keras 2.2.4
    # keras/engine/network.py, v2.6.0-v2.15.0 keras/engine/functional.py: 'Graph disconnected:
    # cannot obtain value for tensor X at layer "name". The following previous layers were
    # accessed without issue: [...]'; Keras 3 keras/src/ops/function.py: "Graph disconnected:
    # cannot find parent for tensor X at operation '<Op>'. The following previous operations
    # were accessed without issue: [...]")
    _p(
        "keras.graph_disconnected",
        ("graph disconnected: cannot",),
        r"Graph disconnected: cannot (?:obtain value|find parent) for tensor (?P<tensor>.{1,400}?)"
        r" at (?:layer \"(?P<layer>[^\"\n]{1,120})\"|operation '(?P<op>[^\n]{1,200}?)'\.)"
        r"(?P<none>.{0,80}without issue: \[\])?",
    ),
    # the Keras SavedModel loader meeting a custom object it cannot rebuild (tf.keras
    # saving/saved_model/load.py: "Unable to restore custom object of type _tf_keras_metric
    # currently. Please make sure that the layer implements `get_config`and `from_config` when
    # saving. In addition, please use the `custom_objects` arg when calling `load_model()`.")
    _p(
        "keras.restore_custom",
        ("unable to restore custom object of type",),
        r"Unable to restore custom object of type _tf_keras_(?P<kind>\w{1,40}) currently",
    ),
    # TensorFlow's session feed check (tensorflow/python/client/session.py _run: TF 1.x "Cannot
    # feed value of shape %r for Tensor %r, which has shape %r", 2.x f-string without quotes).
    # Read by checks/model_inputs.py
    _p(
        "tf.feed_shape",
        ("cannot feed value of shape",),
        r"Cannot feed value of shape (?P<got>\([\d, ]{0,80}\)) for Tensor '?(?P<name>[^'\s,]"
        r"{1,200})'?, which has shape '?(?P<want>\([\w?, ]{0,80}\))",
    ),
    _p(
        "keras.check_input",
        ("error when checking",),
        # (predict's check has no prefix: Keras 2.0-2.3 training.py predict calls
        # _standardize_input_data with exception_prefix='', "Error when checking : expected")
        r"Error when checking (?:(?:model )?(?P<side>input|target): |(?P<noprefix>: ))"
        r"expected (?P<name>\w{1,200}) to have "
        r"(?:(?P<ndim>\d{1,3}) dimensions, but got array with shape (?P<got>\([^)]{0,300}\))"
        r"|shape (?P<want>\([^)]{0,300}\)) but got array with shape (?P<got2>\([^)]{0,300}\)))",
    ),
    # a Keras model being built, not run on data (checks/_layer_stack.py): Sequential.add's
    # frame (Keras 2.x / tf.keras engine/sequential.py add: "output_tensor =
    # layer(self.outputs[0])"; Keras 3 models/sequential.py add -> _maybe_rebuild), and the
    # code forms of building: model.add(Layer(...)), Sequential([...]), a layer called on
    # another layer's .output, R's keras_model_sequential() / layer_*() chain, a layer object
    # called on a variable (x = Dense(10)(x), the functional API: read with keras.input_decl)
    _p(
        "keras.build_frame",
        ("sequential",),
        r"sequential\.py\"?(?:, line \d{1,6},)? in (?:add|_maybe_rebuild)\b",
    ),
    _p(
        "keras.build_code",
        (".add(", "sequential(", ".output", "layer_", ")("),
        r"(?P<add>\.add\(\s*(?:[\w.]{1,80}\.)?[A-Z]\w{0,80}\()"
        r"|(?P<seq>\bSequential\(\s*\[)"
        r"|(?P<output>[A-Z]\w{0,80}\((?:[^()\n]|\([^()\n]*\)){0,300}\)\([^\n]{0,300}\.output\b)"
        r"|(?P<r>\bkeras_model_sequential\(|%>%\s*layer_\w{1,80}\(|^\s*layer_\w{1,80}\([^\n]"
        r"{0,300}%>%)"
        r"|(?P<call>=\s*(?:[\w.]{1,80}\.)?[A-Z]\w{0,80}\((?:[^()\n]|\([^()\n]*\)){0,300}\)"
        r"\(\s*\w{1,80}\s*\))",
    ),
    _p(
        "keras.input_decl",
        ("input(",),
        r"\b(?:keras\.|layers\.)?Input\(\s*(?:shape\s*=|batch_shape\s*=|tensor\s*=|\(|\[)",
    ),
    # the model's FIRST layer failing its own input (checks/_layer_stack.py first_layer):
    # a layer call carrying input_shape= / input_dim= / batch_input_shape= (the layer's
    # class in group cls, matched against the failing layer's name), and tf.keras
    # sequential.py add's first-layer branch, which builds an Input from that layer's
    # batch_input_shape and calls "layer(x)" on it (later layers: "output_tensor =
    # layer(self.outputs[0])"; tf.keras 2.x engine/sequential.py, Keras 2.2 the same)
    _p(
        "keras.first_layer_code",
        ("input_shape", "input_dim"),
        r"\b(?P<cls>[A-Z]\w{0,80})\((?:[^()\n]|\([^()\n]{0,200}\)){0,300}?"
        r"\b(?P<arg>batch_input_shape|input_shape|input_dim)\s{0,4}=",
    ),
    _p(
        "keras.first_layer_frame",
        ("layer(x)",),
        r"^\s{0,40}(?:-{1,8}>\s{0,20}\d{1,6}\s{1,40})?layer\(x\)\s{0,8}$",
    ),
    # a Keras model run on data: the training and inference loops' frames (tf.keras and
    # Keras 2/3 fit, predict, evaluate, their step functions and the graph-era input checks),
    # their calls in code (Python and R), Keras's epoch progress line
    _p(
        "keras.data_run",
        ("in fit", "in predict", "in evaluate", "in train", "in test", "_function", "in run_step",
         "in one_step", "standardize", ".fit", ".predict", ".evaluate", "fit(", "predict(",
         "evaluate(", "epoch"),
        r"(?P<dframe>\bin (?:fit|fit_generator|predict|predict_generator|evaluate"
        r"|evaluate_generator|train_on_batch|test_on_batch|predict_on_batch|train_step|test_step"
        r"|predict_step|train_function|test_function|predict_function|one_step_on_data"
        r"|step_function|run_step|_?standardize_user_data|_?standardize_input_data)\b)"
        r"|\.(?:fit|fit_generator|predict|predict_generator|evaluate|evaluate_generator"
        r"|train_on_batch|test_on_batch|predict_on_batch)\("
        r"|%>%\s*(?:fit|predict|evaluate)\(|\b(?:fit|predict|evaluate)\(\s*(?:object\s*=\s*)?model\b"
        r"|^\s*Epoch \d{1,6}/\d{1,6}",
    ),
    # a file Keras downloads into its cache (~/.keras/models, ~/.keras/datasets): a frame of
    # keras.applications (keras/applications/, keras_applications/), get_file (a call or its
    # frame), the cache's path, an applications constructor with ImageNet weights (fastai's
    # Vgg16() too); read by checks/saved_model_files.py (a cut-short cached download)
    _p(
        "keras.cache_download",
        ("keras/applications", "keras\\applications", "keras_applications", "get_file",
         ".keras/models", ".keras/datasets", ".keras\\models", ".keras\\datasets", "imagenet",
         "vgg", "resnet", "inception", "xception", "mobilenet", "densenet", "nasnet",
         "efficientnet"),
        r"keras[/\\]applications[/\\]|keras_applications[/\\]|\bget_file\(|\bin get_file\b"
        r"|[/\\]\.keras[/\\](?:models|datasets)\b|\bweights\s?=\s?['\"]imagenet['\"]"
        r"|(?i:\b(?:vgg1[69]|resnet(?:50|101|152)(?:v2)?|inception_?v3|inceptionresnetv2"
        r"|xception|mobilenet(?:v2|v3\w{0,10})?|densenet(?:121|169|201)|nasnet\w{0,10}"
        r"|efficientnet\w{0,10})\s?\()",
    ),
    # h5py opening a file that is not HDF5 (libhdf5's "file signature not found", h5py's
    # "Unable to open file (...)", "Unable to synchronously open file (...)" with HDF5 1.14),
    # and a Git LFS pointer or LFS refusal beside it; read by checks/saved_model_files.py
    _p(
        "h5.no_signature",
        ("file signature not found", "truncated file: eof"),
        r"Unable to (?:synchronously )?open file \((?:[Ff]ile signature not found"
        r"|(?P<truncated>truncated file): eof = \d{1,20})",
    ),
    _p(
        "h5.git_lfs",
        # (not "Git LFS is disabled for this repository": the file was never an LFS object)
        ("git-lfs", "git lfs", "over its data quota"),
        r"version https://git-lfs\.github\.com/spec|\bgit[- ]lfs\b(?! is disabled)"
        r"|over its data quota",
    ),
    # Keras's .keras model archive (keras saving_lib, read by load_model from Keras 2.12): a zip
    # of config.json, metadata.json ({"keras_version": ..., "date_saved": ...}) and
    # model.weights.h5; its members as unzip -l or zipfile's namelist print them, its metadata,
    # and a quoted file name ending in .keras (not the ~/.keras folder); read by
    # checks/keras_archive.py
    _p(
        "keras.archive_member",
        ("metadata.json", "config.json", "model.weights.h"),
        r"(?<![\w/.\\-])(?P<member>metadata\.json|config\.json|model\.weights\.h5)(?![\w.])",
    ),
    _p(
        "keras.archive_metadata",
        ("keras_version",),
        r"[\"']keras_version[\"']:\s*[\"'](?P<kv>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?)[\w.]*[\"'],"
        r"\s*[\"']date_saved[\"']",
    ),
    _p(
        "keras.archive_name",
        (".keras'", ".keras\"", "archive:"),
        # (not the module names 'tf.keras', 'tensorflow.keras', 'tensorflow.python.keras')
        r"[\"'](?P<path>[^\"'\s]{0,200}[\w-](?<!tf)(?<!tensorflow)(?<!python)\.keras)[\"']"
        r"|^\s*Archive:\s+(?P<path2>\S{0,200}[\w-]\.keras)\s*$",
    ),
    # an object-dtype NumPy array given to TensorFlow (TF 2.21 wheel, lib_pywrap_tensorflow_
    # common.so: "Failed to convert a NumPy array to a Tensor (" + "Unsupported object type "),
    # read by checks/model_inputs.py
    _p(
        "numpy.object_array",
        ("failed to convert a numpy array to a tensor",),
        r"Failed to convert a NumPy array to a Tensor "
        r"\(Unsupported object type `?(?P<type>[\w.]{1,100})`?\)",
    ),
    # a nested Python list TensorFlow's sequence conversion refuses (same library: "Can't
    # convert non-rectangular Python sequence to Tensor.", "Can't convert Python sequence with
    # mixed types to Tensor."), read by checks/model_inputs.py
    _p(
        "numpy.py_sequence",
        ("python sequence to tensor", "python sequence with mixed types"),
        r"Can't convert (?:(?P<ragged>non-rectangular) Python sequence"
        r"|Python sequence with (?P<mixed>mixed types)) to Tensor",
    ),
    _p(
        "pyw.ran_out",
        ("ran out of data",),
        r"Your (?:input|dataset|dataset iterator) ran out of data",
    ),
    _p(
        "pyw.callback_slow",
        ("is slow compared to the batch",),
        r"(?:Callbacks? method `(?P<hook>on_\w{1,40})`|Method \(?(?P<hook_old>on_\w{1,40}?)"
        r"(?:\(\))?\)?) is slow compared to the batch (?:time|update)",
    ),
    _p(
        "pyw.input_shape_mismatch",
        ("was constructed with shape",),
        _first("Model was constructed with shape")
        + r".{1,1000}? but it was (?:re-)?called on an? (?:input|Tensor) with incompatible shape",
    ),
    _p(
        "pyw.autograph",
        ("autograph could not transform", "could not be transformed and will be executed"),
        r"AutoGraph could not transform .{1,400}? and will run it as-is"
        r"|Entity .{1,400}? could not be transformed and will be executed as-is",
    ),
    _p(
        "pyw.untraced",
        ("found untraced functions such as",),
        r"Found untraced functions such as",
    ),
    _p(
        "pyw.ckpt_unrestored",
        ("deleted with unrestored values", "value in checkpoint could not be found",
         "could not be found in the checkpoint", "unresolved object in checkpoint"),
        r"is being deleted with unrestored values"
        r"|Value in checkpoint could not be found in the restored object"
        r"|An attribute in the restored object could not be found in the checkpoint"
        r"|Unresolved object in checkpoint",
    ),
    _p(
        "pyw.hdf5_legacy",
        ("saving your model as an",),
        r"You are saving your model as an HDF5 file via `model\.save\(\)`",
    ),
    _p(
        "pyw.input_shape_arg",
        ("argument to a layer",),
        r"Do not pass an `input_shape`/`input_dim` argument to a layer",
    ),
    _p(
        "pyw.optimizer_skip",
        ("skipping variable loading for optimizer",),
        r"Skipping variable loading for optimizer '(?P<opt>[^']{1,80})', because it has "
        r"(?P<have>\d{1,9}) variables whereas the saved optimizer has (?P<saved>\d{1,9})",
    ),
    # tensorflow/python/util/deprecation.py: "From <where>: <name> (from <module>) is
    # deprecated and will be removed in a future version|after <date>.", "... calling <f> (from
    # <module>) with <arg> is deprecated ...", "From <where>: The name <tf1 name> is deprecated.
    # Please use <compat.v1 name> instead."
    _p(
        "pyw.deprecation",
        ("is deprecated and will be removed", "is deprecated. please use"),
        r"\(from (?P<mod>[\w.]{1,200})\)(?: with [^\n]{1,300}?)? is deprecated and will be "
        r"removed|The name (?P<name>\S{1,200}) is deprecated\. Please use",
    ),
    # callbacks.py (tf.keras copy) / Keras 3 early_stopping.py, reduce_lr_on_plateau.py,
    # model_checkpoint.py; Keras 2.2's "Reduce LR on plateau conditioned on metric ..."
    _p(
        "pyw.monitor_missing",
        ("which is not available", "can save best model only with"),
        r"(?:Early stopping|Learning rate reduction|Reduce LR on plateau) (?:is )?conditioned "
        r"on metric `(?P<metric>[^`]{1,100})` which is not available"
        # the names the callback was handed (','.join(logs.keys()), no spaces): empty when its
        # logs were (a reader may join the next warning to an empty list's line)
        r"(?:\. Available metrics are:(?P<avail>(?: [\w/.-]{1,100}(?:,[\w/.-]{1,100}){0,40})?)"
        r"(?=[\"'`]?(?:\s|$)))?"
        r"|Can save best model only with (?P<metric2>\S{1,100}) available",
    ),
    # saving/hdf5_format.py, saved_model/load.py, saving_utils.py (tf.keras copy); Keras 3
    # legacy_h5_format.py
    _p(
        "pyw.loaded_not_compiled",
        ("no training configuration found", "compiled metrics have yet to be built"),
        r"No training configuration found in (?:the )?save file, so the model was \*?not\*? "
        r"compiled|Compiled the loaded model, but the compiled metrics have yet to be built",
    ),
    # ops/parallel_for/pfor.py _fallback_converter (tf.vectorized_map, jacobians)
    _p(
        "pyw.pfor_fallback",
        ("using a while_loop for converting",),
        r"Using a while_loop for converting (?P<op>\w{1,100})",
    ),
    # TF 2.0-2.3 tf.keras engine/base_layer.py _warn_about_input_casting (gone in 2.21's copy)
    _p(
        "pyw.input_casting",
        ("is casting an input tensor from dtype",),
        r"Layer \S{1,200} is casting an input tensor from dtype (?P<src>\w{1,20}) to the "
        r"layer's dtype of (?P<dst>\w{1,20})",
    ),
    # Keras 3 trainers/data_adapters/py_dataset_adapter.py; models/functional.py (a warning,
    # or a ValueError with raise_exception: the error form is left to the other checks)
    _p(
        "pyw.pydataset_init",
        ("should call `super().__init__",),
        r"Your `PyDataset` class should call `super\(\)\.__init__\(\*\*kwargs\)`",
    ),
    _p(
        "pyw.inputs_structure",
        ("doesn't match the expected structure",),
        r"(?<!Error: )The structure of `inputs` doesn't match the expected structure",
    ),
    # tf.keras data_adapter.py (GenericArrayLikeDataAdapter; sample_weight coercion) and
    # sequential.py (keras.Input given to a Sequential model)
    _p(
        "pyw.keras_data_notices",
        ("keras is training/fitting/evaluating on array-like data",
         "sample_weight modes were coerced from", "instead of `keras.input` to"),
        r"Keras is training/fitting/evaluating on array-like data"
        r"|sample_weight modes were coerced from"
        r"|Please add `keras\.layers\.InputLayer` instead of `keras\.Input` to Sequential model",
    ),
    # core/kernels/data/cache_dataset_ops.cc (the text is in the 2.21 wheel's libtensorflow_cc)
    _p(
        "pyw.cache_partial",
        ("did not fully read the dataset being cached",),
        r"The calling iterator did not fully read the dataset being cached",
    ),
    # --- memory: allocator reports without the OOM headline ---
    # The lines TensorFlow prints only when an allocation failed, read when the headline
    # ("OOM when allocating", "ran out of memory trying to allocate") was cut off:
    # step_stats_collector.cc ReportAllocsOnResourceExhausted (TF 1.x-2.x; called only for a
    # RESOURCE_EXHAUSTED status): "Current usage from device: <dev>, allocator: <name>",
    # "  <size> from <node>", "  Remaining <n> nodes with <size>"; bfc_allocator.cc
    # DumpMemoryLog (after "Allocator (...) ran out of memory"): "Bin (<n>): \tTotal Chunks:
    # <n>, Chunks in use: <n>. ...", "Bin for <size> was <size>, Chunk State: ", "Next region
    # of size <n>", "     Summary of in-use Chunks by size: ", "<n> Chunks of size <n>
    # totalling <size>", "Sum Total of in-use chunks: <size>", "total_region_allocated_bytes_:
    # <n> memory_limit_: <n> ..." (first, in later releases: "BFCAllocator dump for <allocator
    # name>", GPU_0_bfc for GPU 0) and one line per chunk of each region: "InUse at <hex> of
    # size <n> next <n>" / "Free  at <hex> of size <n> ..." (later TF 2.x: strings/absl Hex,
    # no 0x; " by op ..." with TENSORFLOW_MEM_DEBUG, " freed_at_count <n>", " tag <t>"),
    # "InUse at <ptr> next <n> of size <n>" (TF 2.0-2.2 era reports), "InUse at <ptr> of size
    # <n> next <n>" (the pointer as printed: 0x7f... on Linux, 0000000600F80000 on Windows),
    # "Chunk at <ptr> of size <n>" / "Free  at <ptr> of size <n>" (TF 1.x) (wordings checked in
    # the TF 2.21 wheel's libtensorflow_framework.so.2 strings, bfc_allocator.cc's
    # DumpMemoryLog in TF 1.x and 2.x, and step_stats_collector.cc's source)
    _p(
        "mem.alloc_report",
        ("nodes with", "current usage from device", "in-use chunks", "total chunks:",
         "chunks of size", "chunk state:", "next region of size",
         "total_region_allocated_bytes_", "inuse at ", "free  at ", "chunk at ",
         "bfcallocator dump for", "] stats:"),
        r"^\s{0,8}Remaining (?P<nodes>\d{1,12}) nodes with "
        r"(?P<rem>\d{1,12}(?:\.\d{1,6})?\s?[KMGTP]?i?B)\s*$"
        r"|Current usage from device: (?P<dev>[^\s,]{1,200}), allocator: (?P<alloc>\w{1,60})"
        r"|BFCAllocator dump for (?P<bfc>\w{1,60})"
        r"|(?P<dump>Sum Total of in-use chunks: \d|Summary of in-use Chunks by size"
        r"|Bin \(\d{1,20}\):\s{1,4}Total Chunks: \d{1,20}, Chunks in use: \d"
        r"|Bin for \S{1,40} was \S{1,40}, Chunk State:|Next region of size \d"
        r"|(?<!\d)\d{1,20} Chunks of size \d{1,20} totalling |total_region_allocated_bytes_: \d"
        r"|\b(?:InUse|Free |Chunk) at (?:0x)?[0-9a-fA-F]{6,16} (?:next \d{1,20} )?of size \d"
        # the dump's last line, "Stats: " before AllocatorStats::DebugString's "Limit:",
        # "InUse:" ... lines (DumpMemoryLog, bfc_allocator.cc r1.x-2.x and tsl)
        r"|bfc_allocator\.cc:\d{1,5}\]\s{0,4}Stats:\s*$)",
    ),
    # the allocator's limit in bfc_allocator.cc's dump: AllocatorStats::DebugString's
    # "Limit:  <bytes>" line under "Stats:" (TF 1.x-2.x) and TF 2.x's "total_region_allocated_
    # bytes_: <n> memory_limit_: <bytes> ..."; read by checks/pinned_host_pool.py, which tells
    # the pinned host allocator's report (a 64 or 128 GiB default cap) from a GPU's
    _p(
        "mem.bfc_limit",
        ("limit:", "memory_limit_:"),
        r"^\s{0,8}Limit:\s{1,40}(?P<limit>\d{1,20})\s*$|\bmemory_limit_: (?P<limit2>\d{1,20})\b",
    ),
    # --- xla dnn null and cudnn narrowing (checks/xla_dnn_and_narrowing.py) ---
    # XLA's GPU compiler (OptimizeHloModule, gpu_compiler.cc) asked the StreamExecutor for its
    # DNN support (AsDnn(), null when cuDNN did not start) under TF_RET_CHECK: status_macros.cc
    # prints "RET_CHECK failure (<file>:<line>) dnn != nullptr" with the path of the release
    # (tensorflow/compiler/xla/service/gpu/ in TF 2.x, external/org_tensorflow/... in jaxlib;
    # later XLA returns "DNN library initialization failed..." instead, cudnn.dnn_handle)
    # XLA's convolution autotuner (xla/service/gpu/conv_algorithm_picker.cc
    # RunOnInstruction): "Failed to determine best cudnn convolution algorithm for:\n<HLO>\n\n
    # Original error: <status>" (an Unknown status under --xla_gpu_strict_conv_algorithm_picker,
    # else LOG(WARNING)); older XLA "Failed to determine best cudnn convolution algorithm:
    # <status>" on one line. xla.autotune_reason: the status part, when the log has it
    _p(
        "xla.autotune_failed",
        ("failed to determine best cudnn convolution algorithm",),
        r"Failed to determine best cudnn convolution algorithm(?: for)?:?[ \t]*"
        r"(?P<rest>\S.{0,300})?$",
    ),
    _p("xla.autotune_reason", ("original error:",), r"^\s*Original error: (?P<status>\S.{0,300})"),
    _p(
        "xla.dnn_null",
        ("dnn != nullptr",),
        r"RET_CHECK failure \((?P<path>[\w./\\-]{0,240}?gpu_compiler\.cc)(?::\d{1,6})?\)\s?"
        r"dnn != nullptr",
    ),
    # TensorFlow/XLA's cuDNN wrapper (stream_executor/cuda/cuda_dnn.cc CheckedNarrowing, every
    # release: tensorflow/stream_executor/, tensorflow/compiler/xla/stream_executor/,
    # xla/stream_executor/): CHECK_EQ(narrow, wide) << "checked narrowing failed; values not
    # equal post-conversion"; glog prints "Check failed: narrow == wide (<int> vs. <int64>)"
    # then the message with no space; a title may drop the values or the check
    _p(
        "cudnn.narrowing",
        ("narrow == wide", "checked narrowing failed"),
        r"Check failed: narrow == wide(?: \((?P<narrow>-?\d{1,20}) vs\. (?P<wide>-?\d{1,20})\))?"
        r"|checked narrowing failed; values not equal post-conversion",
    ),
    # --- NVML failures (nvidia-smi and pynvml): library not found, permissions, driver ---
    # nvmlErrorString texts: NVIDIA/DCGM sdk/nvidia/nvml/nvml_error_strings.h; pynvml's
    # exception names NVMLError_<CamelCase code> (nvidia-ml-py pynvml.py
    # _extractNVMLErrorsAsClasses).  nvidia-smi could not dlopen libnvidia-ml.so ("NVIDIA-SMI
    # couldn't find libnvidia-ml.so library in your system. ... Please also try adding
    # directory that contains libnvidia-ml.so to your system PATH.", any apostrophe; either
    # line alone), pynvml's NVML_ERROR_LIBRARY_NOT_FOUND ("NVML Shared Library Not Found") and
    # the Go/Kubernetes tools' "could not load NVML library".
    _p(
        "nvml.lib_not_found",
        ("find libnvidia-ml.so library", "directory that contains libnvidia-ml.so",
         "nvml shared library not found", "nvmlerror_librarynotfound",
         "could not load nvml library", "dlopen(libnvidia-ml.so"),
        r"(?P<smi>NVIDIA-SMI couldn(?:&#0?39;|&apos;|\W{0,3})t find libnvidia-ml\.so library"
        r"|adding directory that contains libnvidia-ml\.so to your system PATH)"
        r"|(?P<py>NVMLError_LibraryNotFound|NVML Shared Library Not Found)"
        r"|(?P<go>Failed to initialize NVML: could not load NVML library)"
        # macOS's dyld: ctypes' "OSError: dlopen(libnvidia-ml.so.1, 6): image not found" (older
        # dyld; the mode in decimal) or "dlopen(libnvidia-ml.so.1, 0x0006): tried: ..." (macOS
        # 12 on); pynvml asks for the Linux name there too (IcedDoggie/Micro-Expression-with-
        # Deep-Learning#40)
        r"|(?P<mac>dlopen\(libnvidia-ml\.so(?:\.1)?, (?:0x[0-9a-fA-F]{1,8}|\d{1,4})\): "
        r"(?:image not found|tried: ))",
    ),
    # a Python whose own glibc loader does not read the system's loader cache, in a traceback
    # or prompt: Linuxbrew's (/home/linuxbrew/.linuxbrew/opt/python@3.10/..., ~/.linuxbrew;
    # Homebrew's glibc formula: "By default, Homebrew's linker will not search for the
    # system's libraries", formulae.brew.sh/formula/glibc caveats, Homebrew/homebrew-core
    # Formula/g/glibc.rb), Nix's (/nix/store/<hash>-python3-3.11.9/...; nixpkgs
    # pkgs/development/libraries/glibc/dont-use-system-ld-so-cache.patch: "Disable attempts
    # to use the system-wide /etc/ld.so.cache"); wookayin/gpustat#134; context only
    _p(
        "ctx.own_glibc_python",
        ("/.linuxbrew/", "/nix/store/"),
        r"(?P<brew>/\.linuxbrew/[^\s\"']{0,120}?python)"
        r"|(?P<nix>/nix/store/[0-9a-z]{32}-python)",
    ),
    # NVML_ERROR_NO_PERMISSION at init: "Failed to initialize NVML: Insufficient Permissions"
    # (nvidia-smi; not a later query's "...: Insufficient Permissions", e.g. NvLink counters),
    # and nvidia-docker 1.x's plugin: "nvidia-docker | <date> Error: nvml: Insufficient
    # Permissions" (NVIDIA/nvidia-docker#284)
    _p(
        "nvml.no_permission",
        ("failed to initialize nvml: insufficient permissions",
         "error: nvml: insufficient permissions"),
        r"Failed to initialize NVML: Insufficient Permissions"
        r"|\bError: nvml: Insufficient Permissions",
    ),
    # NVML_ERROR_DRIVER_NOT_LOADED through pynvml ("pynvml.NVMLError_DriverNotLoaded: Driver
    # Not Loaded") or Rust's nvml-wrapper ("Failed to initialize nvml: DriverNotLoaded");
    # nvidia-smi itself prints "couldn't communicate with the NVIDIA driver" (smi.no_driver)
    _p(
        "nvml.driver_not_loaded",
        ("nvmlerror_drivernotloaded", "nvml: drivernotloaded"),
        r"NVMLError_DriverNotLoaded|Failed to initialize nvml: DriverNotLoaded",
    ),
    # faceswap's GPU probe: its catch-all around pynvml.nvmlInit() (after its own branch for
    # LibraryNotFound / DriverNotLoaded / NoPermission): "An unhandled exception occured
    # loading pynvml. Original error: <NVML error string>" (deepfakes/faceswap lib/gpu_stats.py,
    # 2020), later "An unhandled exception occured reading from the Nvidia Machine Learning
    # Library. Original error: ..." (lib/gpu_stats/nvidia.py); then "No GPU detected. Switching
    # to CPU mode". Read by checks/nvml_failures.py nvml_init_failed
    _p(
        "nvml.init_failed",
        ("unhandled exception occured loading pynvml",
         "unhandled exception occured reading from the nvidia machine learning library"),
        r"An unhandled exception occured (?:loading pynvml|reading from the Nvidia Machine "
        r"Learning Library)\. Original error: (?P<err>[^\n]{1,120}?)"
        # (the error ends the line: a paste joined to the next line ends it there, at that
        # line's words or faceswap's own "MM/DD/YYYY HH:MM:SS LEVEL" prefix)
        r"(?=\s*$|\s+No GPU detected|\s+\d\d/\d\d/\d{4}\s)",
    ),
    # faceswap's warning when its probe counted no GPU (lib/gpu_stats.py: "No GPU detected.
    # Switching to CPU mode"): context for nvml.init_failed (other programs print the same
    # words for their own probes)
    _p("ctx.faceswap_cpu_fallback", ("no gpu detected. switching to cpu mode",),
       r"No GPU detected\. Switching to CPU mode"),
    # NVML_ERROR_CORRUPTED_INFOROM: nvidia-smi's "WARNING: infoROM is corrupted at gpu <bus id>"
    # (it still prints the table, return code 14 per nvidia-smi(1) RETURN VALUE) and pynvml's
    # NVMLError_CorruptedInforom ("Corrupted infoROM")
    _p(
        "nvml.inforom_corrupted",
        ("inforom is corrupted at gpu", "nvmlerror_corruptedinforom"),
        r"WARNING: infoROM is corrupted at gpu (?P<bus>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:"
        r"[0-9A-Fa-f]{2}\.[0-7])|NVMLError_CorruptedInforom",
    ),
    # NVML_ERROR_GPU_IS_LOST through pynvml (nvml.h: "The GPU has fallen off the bus or has
    # otherwise become inaccessible"): read with the kernel's own fallen-off-the-bus lines;
    # also str() of that error ("GPU is lost", pynvml's _errcode_to_string) after faceswap's
    # "Original error: " (its catch-all of nvml.init_failed)
    _p("eco.gpu_off_bus", ("nvmlerror_gpuislost", "original error: gpu is lost"),
       r"NVMLError_GpuIsLost|Original error: GPU is lost"),
    # Docker in rootless mode (moby docs "Run the Docker daemon as a non-root user"): its
    # setup script dockerd-rootless-setuptool.sh, RootlessKit, the per-user socket
    # unix:///run/user/<uid>/docker.sock, `docker context ls` marking the "rootless" context
    # current. Read by checks/containers.py (the toolkit's rootless steps differ)
    _p(
        "ctx.docker_rootless",
        ("dockerd-rootless", "rootlesskit", "/docker.sock", "rootless"),
        r"dockerd-rootless|rootlesskit|unix:///run/user/\d{1,10}/docker\.sock"
        r"|^[ \t]{0,8}rootless[ \t]{1,8}\*",
    ),
    # a report saying the machine was rebooted and the fault stayed ("Tried rebooting the
    # system, but still doesn't work", "even after a reboot", "rebooting didn't help"), not
    # "not rebooted yet": read by checks/driver.py (a driver/library mismatch a reboot did
    # not cure is no upgrade waiting for one)
    _p(
        "ctx.rebooted",
        ("reboot", "restart"),
        r"(?i:\btried[ \t]{1,4}(?:a[ \t]{1,4}|to[ \t]{1,4})?(?:reboot|restart)(?:ing|ed)?\b"
        r"|\beven[ \t]{1,4}after[ \t]{1,4}(?:a[ \t]{1,4}|the[ \t]{1,4})?(?:reboot|restart)"
        r"|(?<!not )(?<!n't )(?<!never )(?<!without )\b(?:rebooted|restarted)[ \t]{1,4}"
        r"(?:the[ \t]{1,4})?(?:system|machine|computer|server|pc|host|twice|again|several)"
        r"|\b(?:reboot|restart)(?:ing)?[ \t]{1,4}(?:did[ \t]{0,1}n[o']?t|does[ \t]{0,1}"
        r"n[o']?t|won't|will[ \t]not)[ \t]{1,4}(?:help|fix|work|solve|change))",
    ),
    # a podman (or nerdctl) run line: the NVML failures after it come from a container
    _p("nvml.ctx_podman_run", ("podman run", "nerdctl run"), r"\b(?:podman|nerdctl)\s+run\b"),
    # NVML's NVML_ERROR_LIB_RM_VERSION_MISMATCH (nvml.h: "RM detects a driver/library version
    # mismatch"; the same fault as "Driver/library version mismatch"), as pynvml-based tools
    # print it: the constant's name, pynvml's NVMLError_LibRmVersionMismatch and its own text
    # for it ("RM has detected an NVML/RM version mismatch.")
    _p(
        "driver.mismatch",
        (
            "nvml_error_lib_rm_version_mismatch",
            "nvmlerror_librmversionmismatch",
            "rm has detected an nvml/rm version mismatch",
        ),
        r"NVML_ERROR_LIB_RM_VERSION_MISMATCH|NVMLError_LibRmVersionMismatch"
        r"|RM has detected an NVML/RM version mismatch",
    ),
    # --- windows self_check (TF 1.x and 2.0 pre-releases) ---------------------------------
    # tensorflow/python/platform/self_check.py preload_check() (TF 1.x up to the 2.0
    # pre-releases; e.g. jhabikal21/tensorflow@4725adc4 and imdone/tensorflow@47ea0fc7 copies)
    # loads each DLL named in build_info with ctypes.WinDLL and raises
    # "Could not find %r. TensorFlow requires that this DLL be installed in a directory that is
    # named in your %%PATH%% environment variable. " + one of: "Download and install CUDA %s
    # from this URL: <url>" (cudart; url cuda-toolkit, later cuda-90-download-archive; an
    # empty %s from a source build without the version), "Note that installing cuDNN ... by
    # downloading cuDNN %s from this URL: ...", "Typically it is installed in
    # 'C:\\Windows\\System32'. ..." (nvcuda.dll), "You may install this DLL by downloading
    # Visual C++ 2015 Redistributable Update 3 ..." (msvcp140.dll). lib.missing reads the name;
    # this marks the line as the self check's PATH search (checks/libraries.py).
    _p(
        "win.self_check_dll",
        ("tensorflow requires that this dll",),
        r"Could not find '(?P<lib>[\w+-][\w.+-]{0,80}\.dll)'\.\s{1,4}TensorFlow requires that "
        r"this DLL\s{1,4}be\s{1,4}installed in a directory that is named in your %PATH%"
        r"(?:[^\r\n]{0,400}?(?:Download and install CUDA ?(?P<cuda>\d{1,2}\.\d)?\s{1,4}from"
        r"|downloading cuDNN ?(?P<cudnn>\d{1,2}(?:\.\d{1,2})?)?\s{1,4}from"
        r"|(?P<sys32>Typically it is installed in)|(?P<vc>Visual C\+\+ 2015 Redistributable)))?",
        "lib",
    ),
    # tensorflow/python/platform/self_check.py on tensorflow/tensorflow's main branch after
    # 2.21 (read at commit 09746cd5; not in the 2.21 wheel): _check_conflicting_installs()
    # "Found conflicting TensorFlow installations in this environment: %s. These distributions
    # install into the same directory, ..." (%s: "tensorflow 2.20.0, tensorflow-intel 2.19.0")
    # and _check_python_bitness() "TensorFlow requires a 64-bit Python interpreter, but this
    # interpreter is %d-bit. ..."
    _p(
        "win.self_check_conflict",
        ("found conflicting tensorflow installations",),
        r"Found conflicting TensorFlow installations in this environment: "
        r"(?P<dists>[\w.+ ,-]{3,400}?)\.\s{1,4}These distributions install into the same",
    ),
    _p(
        "win.self_check_bitness",
        ("bit python interpreter, but this interpreter is",),
        r"TensorFlow requires a 64-bit Python interpreter, but this interpreter is "
        r"(?P<bits>\d{1,2})-bit",
    ),
    # --- tf api versions ------------------------------------------------------------
    # Python's AttributeError for a TensorFlow public module: "module '<module.__name__>' has
    # no attribute '<name>'". The module names the API generator gives (installed 2.21 wheel:
    # tensorflow._api.v2.config, ...; TF 2.0-2.1 wheels: tensorflow_core._api.v2.config; 1.x:
    # tensorflow._api.v1.config;
    # tf.keras in TF 2.0-2.5: tensorflow.python.keras.api._v2.keras.*; in 2.6-2.15 the keras
    # package's keras.api._v2.keras.*) or the user's own spelling (tensorflow.config,
    # tensorflow.keras.mixed_precision). checks/tf_api_versions.py reads only the names of
    # its data rows (platform_facts tf-api-symbol-*).
    # Python's "No module named 'tensorflow.<sub>'" (CPython Python/import.c,
    # importlib._bootstrap _find_and_load_unlocked: "No module named {name!r}") for a module
    # under the tensorflow package: the installed TensorFlow has no such module.
    # checks/tf_api_versions.py module_missing reads the ones no other reader names
    _p(
        "tfapi.no_module",
        ("no module named 'tensorflow", 'no module named "tensorflow',
         "no module named tensorflow"),
        r"(?:ModuleNotFoundError|ImportError): No module named ['\"]?"
        r"(?P<mod>tensorflow(?:_core)?(?:\.\w{1,60}){1,8}|tensorflow_core\b)['\"]?",
    ),
    # the ImportError of `from tensorflow.<sub> import <name>` (CPython import_from: "cannot
    # import name %R from %R (%S)", Python 3.6 and older without the module) and the code line
    # a traceback prints above it: read by checks/tf_api_versions.py (module_missing)
    _p(
        "tfapi.cannot_import",
        ("cannot import name",),
        r"^\s*(?:ImportError: )?cannot import name '(?P<name>\w{1,80})'"
        r"(?: from '(?P<mod>tensorflow(?:_core)?(?:\.\w{1,60}){1,8})'"
        r"(?: \((?P<loc>[^)\n]{0,400})\))?)?\s*$",
    ),
    # a code line importing a TensorFlow add-on package (a traceback's code line, a REPL):
    # read by checks/tf_api_versions.py module_missing, which names the add-on when the
    # private TensorFlow module it imports is missing (tensorflow-addon-version-pin)
    _p(
        "ctx.addon_import",
        ("import tensorflow_", "from tensorflow_", "import tf_agents", "from tf_agents"),
        # (checks/_addon_frames.py counts it only under a traceback's frame line: a statement
        # of the program's own, a REPL's or a notebook's, stands under none)
        r"^\s{0,16}(?:import|from) (?P<pkg>tensorflow_(?:probability|addons|text|io|hub"
        r"|datasets|model_optimization|recommenders(?:_addons)?|decision_forests|quantum"
        r"|federated|transform|ranking|gnn)|tf_agents)\b",
        recent=MAX_RECENT,
    ),
    # a traceback's frame whose file is no installed package's nor Python's own (the program's
    # own code: a script, a notebook cell, the REPL): read by checks/addons.py
    # addon_importing_at, for which an own frame between an add-on and the error means the
    # program made the import
    _p(
        "ctx.own_frame",
        # (IPython 8 prints "Cell In[5], line 3", without the space)
        ('file "', "<ipython-input-", "cell in [", "cell in[", ">>> "),
        r'^\s{0,16}(?:File "(?!<frozen )(?![^"\n]{0,400}(?:site|dist)-packages)'
        r'(?![^"\n]{0,300}[/\\]lib[/\\]python\d(?:\.\d{1,2})?[/\\])(?P<path>[^"\n]{1,400})",'
        r" line \d{1,7}|<ipython-input-[\w-]{1,80}> in |Cell In\s?\[\d{1,6}\], line \d{1,7}"
        r"|>>> (?:import|from) )",
        recent=MAX_RECENT,
    ),
    # traceback frames in the other printed forms (read with ctx.own_frame and ctx.pkg_path to
    # tell which frame is last before an error): IPython 7's "<path> in <func>(...)" and its
    # "<timed exec> in <module>()" / "<decorator-gen-53> in time(...)" frames, pytest's
    # "<path>:<n>: in <func>"
    _p(
        "ctx.other_frame",
        (".py in ", "> in ", ": in "),
        r"^\s{0,8}(?:\S{1,400}\.py in <?\w{1,80}>?\(|<[\w -]{1,40}> in <?\w{1,80}>?\("
        r"|\S{1,400}\.py:\d{1,7}: in \S)",
        recent=MAX_RECENT,
    ),
    # the numpy package's own message when its C extensions do not load (numpy/core/__init__.py:
    # "Importing the numpy C-extensions failed."): a broken or mismatched NumPy install
    _p("numpy.cext_failed", ("importing the numpy c-extensions failed",),
       r"Importing the numpy C-extensions failed"),
    # the same ImportError printed among the arguments of the exception that ended the
    # program ("E   pyhf.exceptions.ImportBackendError: ('There was a problem importing
    # TensorFlow...', ImportError("cannot import name 'naming' from 'tensorflow.python..."))":
    # CPython prints an exception of several arguments as the repr of its args tuple). A
    # pattern of its own, so a hard-wrapped paste of that line is read once joined (the
    # reader's split of such a line, reader.py _with_exception_args, sees one line only).
    # Read by checks/tf_api_versions.py
    _p(
        "tfapi.cannot_import_arg",
        ("cannot import name",),
        r"^\s{0,16}(?:E\s{1,8})?(?:[A-Za-z_]\w{0,60}\.){0,8}[A-Za-z_]\w{0,60}(?:Error|Exception): "
        r"\((?:[^\n]{0,2000}?, )?ImportError\([\"']cannot import name '(?P<name>\w{1,80})' from "
        r"'(?P<mod>tensorflow(?:_core)?(?:\.\w{1,60}){1,8})'",
    ),
    # the same code line importing from standalone Keras ("from keras.engine.training import
    # _make_batches"): the module a bare Python 3.6 "cannot import name 'X'" looked in, read by
    # checks/keras_moves.py
    _p(
        "ctx.keras_from_import",
        ("from keras.",),
        r"^\s{0,16}" + _IPYTHON_CODE + r"from (?P<mod>keras(?:\.\w{1,60}){1,8}) import "
        r"(?P<names>\w{1,80}(?:\s*,\s*\w{1,80}){0,10})",
        recent=MAX_RECENT,
    ),
    _p(
        "ctx.tf_from_import",
        ("from tensorflow",),
        r"^\s{0,16}" + _IPYTHON_CODE
        + r"from (?P<mod>tensorflow(?:_core)?(?:\.\w{1,60}){1,8}) import "
        r"(?P<names>\w{1,80}(?:\s*,\s*\w{1,80}){0,10})",
        recent=MAX_RECENT,
    ),
    # Keras refusing a weights file that does not fit the model built (checks/
    # keras_weights_file.py, whose docstring quotes each wording and its Keras source)
    _p(
        "keras.weights_misfit",
        ("but the saved weights have", "saved weight(s)", "saved top-level weight",
         "load a weight file containing", "layer count mismatch", "variables during loading",
         "but the saved weight has shape", "is not compatible with gru",
         "is not compatible with cudnngru", "received saved weight with shape",
         "was never built and thus it doesn't have any variables"),
        r"expects (?P<want>\d{1,6}) weights?(?:\(s\))?, but the saved weights have "
        r"(?P<got>\d{1,6}) element"
        r"|(?:Layer|Model) expects (?P<want2>\d{1,6}) (?:top-level )?weight\(s\)\. Received "
        r"(?P<got2>\d{1,6}) saved"
        r"|load a weight file containing (?P<layers_file>\d{1,6}) layers into a model with "
        r"(?P<layers_model>\d{1,6}) layers"
        r"|Layer count mismatch when loading weights from file\. Model expected "
        r"(?P<layers_model2>\d{1,6}) layers, found (?P<layers_file2>\d{1,6}) saved layers"
        r"|expected (?P<want3>\d{1,6}) variables, but received (?P<got3>\d{1,6}) variables "
        r"during loading"
        r"|has shape (?P<shape_model>\([^()\n]{0,80}\)), but the saved weight has shape "
        r"(?P<shape_file>\([^()\n]{0,80}\))"
        r"|(?P<gru_file>CuDNNGRU|GRU\(reset_after=(?:True|False)\)) is not compatible with "
        r"(?P<gru_model>CuDNNGRU|GRU\(reset_after=(?:True|False)\))"
        # Keras 2.13+ and Keras 3's legacy H5 loader (_set_weights): "Shape mismatch in layer
        # #k (named X)for weight X/kernel. Weight expects shape (a, b). Received saved weight
        # with shape (c, d)"
        r"|Weight expects shape (?P<shape_model2>\([^()\n]{0,80}\))\. Received saved weight "
        r"with shape (?P<shape_file2>\([^()\n]{0,80}\))"
        # Keras 3's Layer._check_load_own_variables: "Layer 'X' was never built and thus it
        # doesn't have any variables. However the weights file lists N variables"
        r"|was never built and thus it doesn't have any variables\. However the weights file "
        r"lists (?P<unbuilt>\d{1,6}) variables",
    ),
    # a call of Keras's load_weights (code, traceback frame): the weights-only load, read with
    # keras.weights_misfit (checks/keras_weights_file.py)
    # (a call or a frame, not the word: an argparse Namespace prints "load_weights=None")
    _p("ctx.load_weights", ("load_weights",),
       r"\bload_weights\(|\bin load_weights\b"),
    # DecodeRaw's length check (checks/input_pipeline.py decode_raw_length)
    _p(
        "data.decode_raw",
        ("input to decoderaw has length",),
        r"Input to DecodeRaw has length (?P<length>\d{1,15}) that is not a multiple of "
        r"(?P<size>\d{1,3}), the size of (?P<dtype>\w{1,20})",
    ),
    # what Keras's training loop refuses in fit()'s arguments and callbacks (checks/
    # keras_fit_arguments.py, whose docstring quotes each wording with its keras-team/keras
    # source); Keras 2.2-2.3's ModelCheckpoint format call and its bare KeyError are read by
    # checks/keras_training_loop.py checkpoint_path_key
    _p(
        "keras.validation_split",
        ("is only supported for tensors or numpy arrays",
         "`validation_split` argument is not supported when", "you cannot use `validation_split`"),
        r"validation_split`? is only supported for [Tt]ensors or NumPy arrays\.?,? ?"
        r"(?:found following types in the input|Found incompatible type in the input): "
        r"(?P<types>\[[^\]\n]{0,400}\])"
        # TF 2.2-2.3's data_adapter.py train_validation_split printed the arrays themselves
        # ("... NumPy arrays, found: (array([[...", tensorflow/tensorflow#38613 on 2.2,
        # #68882): a Python list or tuple in x or y, which the later releases name by type
        r"|validation_split`? is only supported for [Tt]ensors or NumPy arrays, found: "
        r"(?P<values>[(\[][^\n]{0,60})"
        # the graph-era loop's (training_utils_v1.py): a dataset, a generator
        r"|`validation_split` argument is not supported when input `x` is (?P<types2>a dataset)"
        r"|If your data is in the form of (?P<types3>a Python generator), you cannot use "
        r"`validation_split`",
    ),
    _p(
        "keras.steps_none",
        ("=none` is only valid for a", "when passing an infinitely repeating dataset"),
        r"`(?P<arg>steps_per_epoch|validation_steps|steps)=None` is only valid for a"
        # data_adapter.py (tf.keras 2.2+, Keras 2.6-2.15): a dataset that repeats forever
        r"|When passing an infinitely repeating dataset, (?:please|you must) specify (?:a |the )?"
        r"`(?P<arg2>steps_per_epoch|validation_steps|steps)`",
    ),
    # the frame of multi-backend Keras's keras/engine/training_generator.py that raised: its
    # line tells the release (checks/keras_fit_arguments.py _KERAS_RAISE_LINES)
    _p(
        "ctx.keras_generator_raise_frame",
        ("training_generator.py",),
        r"keras[/\\]engine[/\\]training_generator\.py\"?, line (?P<n>\d{1,5}), in "
        r"(?P<fn>fit_generator|evaluate_generator|predict_generator)\b",
    ),
    # Keras's ImageDataGenerator and its iterators in code or paths a log shows (flow(),
    # flow_from_directory(), flow_from_dataframe(); Keras's own examples whose fit_generator
    # takes datagen.flow(...): keras-team/keras 2.2.4 examples/cifar10_cnn.py line 114,
    # cifar10_resnet.py line 423, cifar10_cnn_capsule.py)
    _p(
        "ctx.image_data_generator",
        ("imagedatagenerator", ".flow(", ".flow_from_", "cifar"),
        r"\bImageDataGenerator\b|\w\.flow(?:_from_(?:directory|dataframe))?\("
        r"|\bcifar10_(?:cnn|resnet|cnn_capsule)\.py\b",
    ),
    _p("ctx.checkpoint_format_call", ("filepath.format(epoch",),
       r"filepath\.format\(\s?epoch\s?=\s?epoch(?: \+ 1)?\b"),
    _p("keras.bare_key_error", ("keyerror: '",), r"^\s*KeyError: (?P<key>'[^'\n]{1,80}')\s*$"),
    _p("keras.none_gradient", ("has `none` for gradient",),
       r"An operation has `None` for gradient"),
    # Python's AttributeError for a TensorFlow add-on's module ("module
    # 'tensorflow_model_optimization' has no attribute 'quantization'"), with or without the
    # exception's name (an issue title): read by checks/addons.py addon_name_missing for the
    # add-ons of _addon_frames.ADDON_DISTS
    _p(
        "addon.no_attr",
        ("has no attribute", "cannot import name"),
        r"module '(?P<mod>" + _ADDON_MODULES + r"(?:\.\w{1,60}){0,6})' has no attribute "
        r"'(?P<attr>\w{1,80})'"
        # the ImportError of `from tensorflow_<addon>.<m> import X` (Python 3.7+ names the module)
        r"|cannot import name '(?P<attr2>\w{1,80})' from "
        r"'(?P<mod2>" + _ADDON_MODULES + r"(?:\.\w{1,60}){0,6})'",
    ),
    _p(
        "tfapi.no_attr",
        ("has no attribute",),
        r"module '(?P<mod>(?:tensorflow(?:_core)?|keras\.api\._v2)(?:\.\w{1,60}){0,8})' has no "
        r"attribute '(?P<attr>\w{1,80})'",
    ),
    # Python 2.7's wording of that AttributeError names no module ("'module' object has no
    # attribute 'v1'": CPython 2.7 Objects/object.c PyObject_GenericGetAttr prints the type
    # name): read with the traceback's code line above it that spells tf.compat.<name>
    # (ctx.tf_compat_code; checks/tf_api_versions.py)
    _p(
        "tfapi.py2_compat_attr",
        ("'module' object has no attribute",),
        r"^\s*(?:AttributeError: )?'module' object has no attribute '(?P<attr>v[12])'\s*$",
    ),
    _p(
        "ctx.tf_compat_code",
        ("tf.compat.", "tensorflow.compat."),
        r"^\s{0,16}(?!#)[^\n]{0,200}?(?<![\w.])(?:tf|tensorflow)\.compat\.(?P<attr>v[12])\b",
    ),
    # Python's AttributeError for an object: "'<type name>' object has no attribute '<name>'"
    # (CPython Objects/object.c PyObject_GenericGetAttr). checks/tf_api_versions.py reads only
    # the classes and names of its data rows (platform_facts tf-api-symbol-* rows with
    # `objects`: tf.Session.list_devices)
    _p(
        "tfapi.object_no_attr",
        ("object has no attribute",),
        r"'(?P<cls>[A-Z]\w{0,60})' object has no attribute '(?P<attr>\w{1,80})'",
    ),
    # --- snippet outputs: what the well-known GPU check snippets print ---------------
    # Their sources: the TF GPU guide (tensorflow/docs site/en/guide/gpu.ipynb, install/source.md:
    # print("Num GPUs Available: ", len(tf.config.list_physical_devices('GPU')))), the install
    # page (install/pip.md: print(tf.config.list_physical_devices('GPU'))), the hub tutorial's
    # "The following GPU devices are available: %s" % tf.test.gpu_device_name()
    # (hub/tutorials/object_detection.ipynb), the widely copied gpu_device_name() snippet
    # ("Default GPU Device: {}" / "Please install GPU version of TF"); TF 2.21's
    # framework/test_util.py (is_gpu_available -> bool, gpu_device_name -> "/device:GPU:0" or
    # ""), platform/test.py (is_built_with_cuda), eager/context.py (PhysicalDevice, a
    # namedtuple: "PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')") and
    # Keras 2.2-2.3 backend/tensorflow_backend.py _get_available_gpus() (a list of device
    # names, [] without a GPU).  Read by view.gpu_intent_evidence, view.tf_gpu_listed and
    # visibility.rule_gpu_not_visible / rule_gpu_created.
    # The call and its result on ONE line (a REPL echo pasted flat, a labelled print, a
    # comment): the same evidence as the result printed on the next line.  Not "== False"
    # nor "is False" (code that tests the result).
    _p(
        "gpu.none_msg",
        ("is_gpu_available", "gpu_device_name", "_get_available_gpus"),
        r"(?:is_gpu_available\([^()\n]{0,60}\)|gpu_device_name\(\)|_get_available_gpus\(\))\)?"
        r"(?:[ \t]{1,8}|[ \t]{0,4}(?::|=(?!=)|->|=>|-->|#|//)[ \t]{0,8}"
        r"|[ \t]{1,4}(?i:returns?|gives?|prints?)[ \t]{1,4})"
        r"(?:False\b|\[\s?\]|''|\"\")",
    ),
    # a labelled print of the GPU list or check: "Is GPU available? []" ("Is GPU available?",
    # tf.config.list_physical_devices('GPU')), "Is the GPU available: False"
    _p(
        "gpu.none_msg",
        ("gpu available",),
        r"\b(?i:is (?:the |a )?GPU available)[ \t]{0,4}\??[ \t]{0,4}[:=]?[ \t]{0,4}"
        r"(?:\[\s?\]|(?:False|0)\b)",
    ),
    # Python 2's print of a tuple: print("Num GPUs Available: ", n) -> "('Num GPUs Available: ',
    # 0)"; print("GPU is", "NOT AVAILABLE") -> "('GPU is', 'NOT AVAILABLE')"
    _p(
        "gpu.none_msg",
        ("num gpus available", "not available"),
        r"\(\s?['\"](?:Num GPUs Available:?\s{0,4}['\"],\s{0,4}0\b"
        r"|GPU is['\"],\s{0,4}['\"]NOT AVAILABLE)",
    ),
    # Jupyter/IPython echo the result as "Out[3]: []", "Out[4]: False", "Out[5]: ''"
    _p("gpu.empty_list", ("out[",), r"^\s*Out\[\d{1,4}\]:\s*\[ ?\]\s*$"),
    _p("gpu.bool_line", ("out[",), r"^\s*Out\[\d{1,4}\]:\s*(?P<val>False|True)\s*$"),
    _p("gpu.empty_str", ("out[",), r"^\s*Out\[\d{1,4}\]:\s*(?:''|\"\")\s*$"),
    # tf.test.gpu_device_name() printed empty: the hub tutorial's line, the Python 2 tuple
    _p(
        "tools.gpu_name_empty",
        ("the following gpu devices are available", "default gpu device"),
        r"^\s*The following GPU devices are available:\s*$"
        r"|\(\s?['\"]Default GPU Device:\s{0,4}['\"],\s{0,4}(?:''|\"\")\s?\)",
    ),
    # is_built_with_cuda printed with a label, not the call: "is_built_with_cuda: False",
    # "Is TensorFlow built with CUDA?: False", "Built with CUDA: False"
    _p(
        "gpu.built_call",
        ("is_built_with_cuda", "built with cuda"),
        r"(?:\bis_built_with_cuda\b(?!\()|(?i:\bbuilt with CUDA\b))[ \t]{0,4}\??[ \t]{0,4}"
        r"(?::|=(?!=)|->)?[ \t]{0,8}(?P<val>True|False)\b",
    ),
    # Keras 2.2-2.3's K.tensorflow_backend._get_available_gpus(): its result ([] or names)
    # on the next lines is read like list_physical_devices('GPU')'s
    _p("gpu.keras_gpus_call", ("_get_available_gpus",), r"_get_available_gpus\(\)"),
    # An interactive prompt (Python's ">>> ", IPython/Jupyter's "In [3]: "): what a REPL prints
    # after a call and before the next prompt is that call's output, with TensorFlow's
    # start-up lines (stderr) in between (view.repl_negative_results)
    _p("ctx.repl_prompt", (">>>", "in ["), r"^\s{0,8}(?:>>>|In \[\d{1,4}\]:)"),
    # a bare True (gpu.bool_line reads only False lines: its needle): the answer that ends a
    # REPL check's output with a GPU found
    _p("gpu.true_line", ("true",), r"^\s*(?:Out\[\d{1,4}\]:\s*)?True\s*$"),
    # The POSITIVE outputs: TensorFlow lists a GPU device (view.tf_gpu_listed).  A printed list
    # (optionally after a label, a version or Jupyter's "Out[n]:"), the snippet's "Default GPU
    # Device: /device:GPU:0", the hub tutorial's line, Keras' device-name list, the guide's
    # "Num GPUs Available:  1", a one-line is_gpu_available() True.  A line that says what
    # SHOULD be printed (expected, should, e.g.) is a claim, not an output.
    _p(
        "gpu.tf_listed",
        ("physicaldevice(", "logicaldevice(", "default gpu device", "gpu devices are available",
         "/device:gpu:", "num gpus available", "is_gpu_available"),
        r"^(?!.{0,200}(?i:expect|should|e\.g\.|for example|example output))(?:"
        r"(?:[^\[\n]{0,80}|\s{0,8}Out\[\d{1,4}\]:\s{0,4})\[[^\]\n]{0,300}?(?:Physical|Logical)Device\(name='/(?:physical_)?device"
        r":GPU:(?P<idx>\d{1,3})', device_type='GPU'\)"
        r"|.{0,40}?(?:Default GPU Device|The following GPU devices are available):\s{0,4}"
        r"(?:['\"],\s{0,4}['\"])?(?:/job:\w{1,40}/replica:\d{1,4}/task:\d{1,4})?"
        r"/device:GPU:(?P<idx2>\d{1,3})"
        r"|\s{0,8}(?:Out\[\d{1,4}\]:\s{0,4})?\[\s?['\"](?:/job:\w{1,40}/replica:\d{1,4}/task:"
        r"\d{1,4})?/device:GPU:(?P<idx3>\d{1,3})['\"]"
        r"|.{0,40}?Num GPUs Available:?\s{0,4}(?:['\"],\s{0,4})?(?P<n>[1-9]\d{0,2})\b"
        r"|.{0,40}?is_gpu_available\([^()\n]{0,60}\)\)?(?:[ \t]{1,8}|[ \t]{0,4}(?::|=(?!=)|->|=>"
        r"|-->|#|//)[ \t]{0,8})True\b)",
    ),
    # --- RLlib's rollout worker: Ray assigned GPUs, TensorFlow lists none ---
    # ray-project/ray rllib/evaluation/rollout_worker.py: ray-0.8.2 (`not
    # tf.test.is_gpu_available()`): "GPUs were assigned to this worker by Ray, but TensorFlow
    # reports GPU acceleration is disabled. This could be due to a bad CUDA or TF
    # installation."; ray-1.2.0 (`not tf.config.experimental.list_physical_devices("GPU")`
    # for framework tf/tf2/tfe): "... but your DL framework ({}) reports GPU acceleration is
    # disabled. This could be due to a bad CUDA- or {} installation." The torch form
    # (torch.cuda.is_available()) is not TensorFlow's and is not matched. Read by
    # checks/visibility.py (rule_gpu_not_visible)
    _p(
        "eco.ray_tf_no_gpu",
        ("gpus were assigned to this worker by ray",),
        r"GPUs were assigned to this worker by Ray, but (?:TensorFlow|your DL framework "
        r"\((?P<fw>tf2|tfe|tf)\)) reports GPU acceleration is disabled",
    ),
    # --- protobuf's C++ serializer: the size it computed is not the size it wrote ---------
    # protocolbuffers/protobuf src/google/protobuf/message_lite.cc (v3.6.1 .. v31):
    # SerializeToArrayImpl's (GOOGLE_|ABSL_)DCHECK(target + size == res) ("[libprotobuf FATAL
    # google/protobuf/message_lite.cc:353] CHECK failed: target + size == res:" at v3.19,
    # "Check failed: target + size == res" from absl), and ByteSizeConsistencyError's
    # "<type> was modified concurrently during serialization." / "Byte size calculation and
    # serialization were inconsistent.". Read by checks/protobuf.py.
    _p(
        "protobuf.size_check",
        ("target + size == res", "modified concurrently during serialization",
         "serialization were inconsistent"),
        r"(?i:check failed): \(?target \+ size\)? == \(?res\)?"
        # the type name starts where a name can: linear on a line of dots or word characters
        r"|(?<![\w.])(?P<type>[\w.]{1,200}) was modified concurrently during serialization"
        r"|Byte size calculation and serialization were inconsistent",
    ),
    # --- the CUDA driver failing a query of a GPU's attributes ----------------------------
    # TF 1.x stream_executor/cuda/cuda_driver.cc GpuDriver::GetDeviceAttribute:
    # "failed to get device attribute %d for device %d: %s" (ToString of the CUresult; the
    # caller's ValueOrDie turns it into statusor.cc's fatal "Attempting to fetch value
    # instead of handling error Internal: ..."), and GetSimpleAttribute's
    # RETURN_IF_CUDA_RES_ERROR "Could not retrieve CUDA device attribute (<n>: <CUresult>"
    # (the same text in the TF 2.21 wheel's libtensorflow_framework.so.2). Read by
    # checks/device_attribute.py.
    _p(
        "cuda.device_attribute_failed",
        ("failed to get device attribute", "could not retrieve cuda device attribute"),
        r"(?:failed to get device attribute (?P<attr>\d{1,4}) for device (?P<dev>\d{1,3})"
        r"|Could not retrieve CUDA device attribute \((?P<attr2>\d{1,4})): "
        r"(?P<code>CUDA_ERROR_[A-Z_]{2,60})",
    ),
    # --- TF 1.x era (nvidia-docker 1.0) ------------------------------------------
    # dockerd's volume driver lookup (moby/moby volume/drivers/extpoint.go): v1.12-v17.x
    # "Error looking up volume plugin %s: %v" (%v "plugin not found", pkg/plugins
    # discovery.go ErrNotFound, "legacy plugin: " prefixed from plugin/store.go in 1.13+) or
    # the bare "Error looking up volume plugin %s"; 18.09+ "error looking up volume plugin
    # <name>: legacy plugin: plugin not found" (errors.Wrap). nvidia-docker 1.0 names its
    # volume driver "nvidia-docker" (NVIDIA/nvidia-docker v1.0.1 src/nvidia/nvidia.go
    # DockerPlugin) and asks for the volume nvidia_driver_<driver version>.
    _p(
        "docker.nvidia_docker_v1_plugin",
        ("looking up volume plugin",),
        r"(?:create (?P<volume>nvidia_driver_[\w.]{1,40}):\s.{0,80}?)?"
        r"[Ee]rror looking up volume plugin nvidia-docker\b(?::\s*(?P<why>[\w :]{1,80}))?",
    ),
    # dockerd's "create <volume>: <reason>" for nvidia-docker 1.0's driver volume, cut before
    # the reason (an issue title): nvidia_driver_<version> (v1.0.1 src/nvidia/volumes.go)
    _p(
        "docker.nvidia_docker_v1_volume_cut",
        ("error response from daemon: create nvidia_driver_",),
        r"Error response from daemon: create (?P<volume>nvidia_driver_[\d.]{1,20}?)\.?\s*$",
    ),
    # --- TF 1.x era (Windows native import, cut pastes) ---------------------------
    # TensorFlow 1.0 and older named the SWIG module pywrap_tensorflow (native
    # _pywrap_tensorflow; renamed pywrap_tensorflow_internal on 2017-02-28, tensorflow
    # commit 718812c9e4, tensorflow/python/BUILD tf_py_wrap_cc): its loader's retry ends a
    # failed native import with "No module named '_pywrap_tensorflow'" (the 1.1+ form is
    # lib.pywrap_no_module). The tensorflow 1.0 install_windows.md lists it among the
    # common installation problems.
    _p(
        "tf1.pywrap_no_module_tf10",
        ("no module named '_pywrap_tensorflow", "no module named _pywrap_tensorflow"),
        r"No module named '?_pywrap_tensorflow\b",
    ),
    # CPython's Windows loader error cut after its first words ("ImportError: DLL load
    # failed" alone on its line: a paraphrase or a paste cut before Windows' reason).
    _p(
        "tf1.dll_load_cut",
        ("dll load failed",),
        r"^\s*(?:ImportError: )?DLL load failed\.?\s*$",
    ),
    # A traceback frame of TensorFlow's native-module import (pywrap_tensorflow.py, 1.x
    # pywrap_tensorflow_internal.py): the cut DLL error above is TensorFlow's.
    _p(
        "tf1.pywrap_frame",
        ("pywrap_tensorflow",),
        r"[\\/]tensorflow[\\/]python[\\/]pywrap_tensorflow(?P<internal>_internal)?\.py\b"
        r"|from tensorflow\.python\.pywrap_tensorflow(?P<internal2>_internal)? import",
    ),
    # TensorFlow 1.4-1.13 self_check.py preload_check(): the traceback frame of the DLL load
    # that failed (ctypes.WinDLL(build_info.cudnn_dll_name)), before its "Could not find %r"
    _p(
        "tf1.self_check_windll",
        ("ctypes.windll(build_info.",),
        r"ctypes\.WinDLL\(build_info\.(?P<which>msvcp|nvcuda|cudart|cudnn)_dll_name\)",
    ),
    # --- cuFFT plan steps; Windows error 193 (ERROR_BAD_EXE_FORMAT) -------------
    # stream_executor/cuda/cuda_fft.cc (tensorflow/stream_executor/cuda/ in TF 1.x-2.10,
    # xla/stream_executor/cuda/ since; NVIDIA/tensorflow@7cbba04 and the TF 2.21 wheel's
    # strings): each plan step logs its own failure ("failed to create|make cuFFT [1d |2d |3d
    # |batched ]plan:<cufftResult>", "failed to set auto allocation for cuFFT [batched ]plan",
    # "failed to set work area for cuFFT plan", "failed to allocate work area.") and the plan
    # factory then LOG(FATAL)s "failed to initialize [batched ]cufft [1d |2d |3d ]plan[ with
    # customized allocator]: <status>" or "failed to update custom allocator for cufft plan";
    # read with mem.handle by rule_library_handle (library_failures.handle_failures)
    _p(
        "cufft.plan",
        ("cufft", "work area"),
        r"(?P<fft>(?i:failed to (?:create|make) cuFFT (?:[123]d |batched )?plan"
        r"|failed to set (?:auto allocation|work area) for cuFFT (?:batched )?plan"
        r"|failed to initialize (?:batched )?cufft (?:[123]d )?plan"
        r"|failed to update custom allocator for cufft plan)"
        r"|cuda_fft\.cc:\d{1,5}\]\s*failed to allocate work area)"
        r"(?:[^:\n]{0,40}:\s*(?P<code>CUFFT_[A-Z_]{3,40}))?",
    ),
    # Windows system error 193 ERROR_BAD_EXE_FORMAT ("%1 is not a valid Win32 application.",
    # the code in golang.org/x/sys/windows zerrors_windows.go as vendored in
    # moby/moby@b985e23): the loader found the file but it is no image this process can map.
    # ctypes/LoadLibrary "[WinError 193]" and the bare system text; Python's "DLL load failed"
    # form is win.dll_load and cuDNN 8's "Error code 193" is lib.missing
    _p(
        "win.bad_image",
        ("winerror", "not a valid win"),
        r"\[WinError 193\][^\n]{0,200}|%1 is not a valid Win32 application"
        r"|(?P<path>[A-Za-z]:\\[^\n]{1,200}?\.(?:dll|pyd)) is not a valid Win32 application",
    ),
    # --- pip: any wheel file rejected for its tags ---
    # pypa/pip src/pip/_internal/resolution/legacy/resolver.py and resolvelib/factory.py
    # (tag 20.3 and HEAD): f"{wheel.filename} is not a supported wheel on this platform."; the
    # file name is PEP 427's {name}-{version}(-{build})?-{python}-{abi}-{platform}.whl (a
    # path or URL before it). Read by checks/pip_wheel_tags.py
    _p(
        "pip.wheel_tags",
        ("is not a supported wheel on this platform",),
        r"(?P<pkg>[A-Za-z0-9](?:[\w.]{0,80}[A-Za-z0-9])?)-(?P<v>\d[\w.+!]{0,40})"
        r"(?:-\d\w{0,20})?-(?P<py>[a-z]{2}\d[\w.]{0,30})-(?P<abi>[\w.]{1,40})-"
        r"(?P<plat>[\w.]{1,160}?)(?P<stray>[ \t]{1,3})?\.whl is not a supported wheel on this "
        r"platform",
    ),
    # --- source build: TensorFlow's configure step did not find a CUDA/cuDNN file ---
    # third_party/gpus/cuda_configure.bzl, printed through auto_configure_fail() as "Cuda
    # Configuration Error: <msg>": "Cannot find cuda library %s" (TF <= 1.13, _find_cuda_lib:
    # <toolkit>/{lib64,lib64/stubs,lib/<arch>-linux-gnu,lib/x64,lib,}/<file>); "No library found
    # under: <paths>" (its successor, commit f8c19045 of 2019-01-17); then
    # third_party/gpus/find_cuda_config.py's ConfigError "Could not find any %s in any
    # subdirectory:" (a file pattern, "... matching version '%s'" for headers), through
    # "Failed to run find_cuda_config.py: " (NVIDIA/tensorflow v1.15.5+nv23.03 and the TF 1.14+
    # tree it forks). Read by checks/source_configure.py
    _p(
        "build.cuda_file_not_found",
        ("cannot find cuda library", "no library found under", "in any subdirectory",
         "cannot find cudnn.h", "cannot find cuda.h", "cannot find cupti.h", "cannot find nvcc"),
        r"Cannot find cuda library (?P<lib>[\w.+-]{1,80})"
        r"|No library found under: (?P<under>[^\n]{1,400})"
        # (_find_versioned_file joins several file patterns with ", ": cuDNN's header is
        # "cudnn.h, cudnn_version.h matching version '8'", TF 2.x find_cuda_config.py)
        r"|Could not find any (?P<file>[\w.*+-]{1,80}(?:, [\w.*+-]{1,80}){0,5})"
        r"(?: matching version '(?P<ver>[^'\n]{0,20})')? in any subdirectory"
        # the headers and nvcc (cuda_configure.bzl up to 8e9ca6617b, TF 1.13): "Cannot find
        # cudnn.h under %s", "Cannot find %s at %s" (find_cuda_define), "Cannot find nvcc at %s"
        r"|Cannot find (?P<hdr>cudnn\.h|cuda\.h|cupti\.h|nvcc) (?:under|at) \S",
    ),
    # third_party/gpus/find_cuda_config.py _find_cuda_config (TF 1.14+ until hermetic CUDA):
    # the toolkit root seen from nvcc (dirname(nvcc)/..) and from libdevice
    # (dirname(libdevice*.10.bc)/../..) differ: ConfigError("Inconsistent CUDA toolkit path:
    # %s vs %s"). Read by checks/source_configure.py
    _p(
        "build.cuda_paths_inconsistent",
        ("inconsistent cuda toolkit path",),
        r"Inconsistent CUDA toolkit path: (?P<nvcc>\S{1,300}) vs (?P<nvvm>\S{1,300})",
    ),
    # cuda_configure.bzl (0.12-1.13, from 1cb96893a6 to 8e9ca6617b^): the version given
    # (TF_CUDA_VERSION / TF_CUDNN_VERSION, from ./configure's prompt or the environment) is
    # not the one the install reports, matches_version() comparing the given parts as a prefix:
    # "CUDA version detected from nvcc (%s) does not match TF_CUDA_VERSION (%s)", "cuDNN version
    # detected from %s (%s) does not match TF_CUDNN_VERSION (%s)" (the cudnn.h path); and
    # find_lib()'s "None of the libraries match their SONAME: %s" (objdump -p: the file's
    # SONAME is not its name). Read by checks/source_configure.py
    _p(
        "build.configure_version_differs",
        ("version detected from", "match their soname"),
        r"(?P<what>CUDA|cuDNN) version detected from (?:nvcc|(?P<hpath>\S{1,300}?)) "
        r"\((?P<found>[\d.]{1,20})\) does not match TF_CUD(?:A|NN)_VERSION "
        r"\((?P<given>[^)\n]{0,20})\)"
        r"|None of the libraries match their SONAME: (?P<paths>[^\n]{1,400})",
    ),
    # TensorFlow's ./configure prompt loop (0.x-1.13) after the toolkit / cuDNN folder asked for
    # failed its file check: the bash configure (e.g. 00236b02ee) echoes "Invalid path to CUDA
    # $TF_CUDA_VERSION toolkit. ${CUDA_TOOLKIT_PATH}/${CUDA_RT_LIB_PATH} cannot be found"
    # (lib64/libcudart.so[.<ver>]; macOS lib/libcudart[.<ver>].dylib) and "Invalid path to cuDNN
    # ${CUDNN_VERSION} toolkit. Neither of the following two files can be found:" (an unset
    # variable: two spaces), configure.py (1.3-1.13) 'Invalid path to CUDA %s toolkit. %s cannot
    # be found' (Windows lib/x64/cudart.lib) and 'Invalid path to cuDNN %s toolkit. None of the
    # following files can be found:', each then printing the paths it tried one a line
    # (build.configure_cudnn_file). Before commit 0e6f39d1bd (2018-02-16, TF 1.7) configure.py
    # put the versions into those file names as typed; from it, reformat_version_sequence keeps
    # CUDA's major.minor and cuDNN's major. Read by checks/source_configure.py
    _p(
        "build.configure_path_invalid",
        ("invalid path to cuda", "invalid path to cudnn"),
        r"Invalid path to CUDA (?P<ver>\d[\w.]{0,12})? {1,2}toolkit\. "
        r"(?P<path>\S[^\n]{0,400}?) cannot be found"
        r"|Invalid path to cuDNN (?P<dnnver>\d[\w.]{0,12})? {1,2}toolkit\. "
        r"(?:Neither of the following two files|(?P<py>None of the following files)) can be "
        r"found",
    ),
    _p(
        "build.configure_cudnn_file",
        ("libcudnn",),
        r"^\s*(?P<path>(?:/[\w.+-]{1,80}){0,12}/(?:lib(?:64)?/)?libcudnn(?:\.so(?:\.[\d.]{1,12})?"
        r"|[\d.]{0,12}\.dylib))\s*$",
    ),
    # --- Spack: a +cuda package with no CUDA compute capability (cuda_arch=none) ---
    # Spack's CudaPackage variant cuda_arch holds compute capabilities times ten ("70", "86");
    # recipes declare conflicts("cuda_arch=none", when="+cuda", msg="Must specify CUDA compute
    # capabilities of your GPU, see https://developer.nvidia.com/cuda-gpus") (py-tensorflow,
    # py-torch, py-jax, nccl, py-horovod, xgboost, apex...). Spack prints the message in its
    # concretizer error: '1. "cuda_arch=none" conflicts with "py-tensorflow+cuda" [Must specify
    # ...]' (the original concretizer, under "List of matching conflicts for spec:"), "==>
    # Error: Must specify ..." (clingo, spack/spack PR 30910), or as one numbered reason under
    # "concretization failed for the following reasons:"; a recipe may word the rest itself
    # ('Must specify CUDA compute capabilities of your GPU. See "spack info gunrock"').
    # A recipe without that conflict passes 'none' on to nvcc: "nvcc fatal   : Unsupported gpu
    # architecture 'compute_none'" (spack/spack issue 19365). Checks/spack_cuda_arch.py reads
    # them.
    _p(
        "build.spack_cuda_arch",
        ("must specify cuda compute capabilities", "architecture 'compute_none'"),
        r'(?:"cuda_arch=none" conflicts with "(?P<pkg>[\w.-]{1,80})\+cuda"[^\n]{0,80}?\[)?'
        r"(?:(?<!\d)\d{1,3}\. (?P<pkg2>[a-z][\w.-]{0,79}): )?"
        r"Must specify CUDA compute capabilities of your GPU"
        r"|(?P<nvcc>Unsupported gpu architecture 'compute_none')",
    ),
    # Before py-tensorflow declared that conflict (spack/spack PR 14118), its recipe turned each
    # cuda_arch value into a capability (float(i) / 10.0, for TF_CUDA_COMPUTE_CAPABILITIES) and
    # failed on 'none': "==> Error: ValueError: could not convert string to float: 'none'",
    # then Spack's listing of the recipe: ".../packages/<name>/package.py:<n>, in <function>:"
    # and its source lines naming spec.variants['cuda_arch']
    _p(
        "build.spack_float_none",
        ("could not convert string to float: 'none'",),
        r"ValueError: could not convert string to float: 'none'",
    ),
    _p(
        "build.spack_recipe_line",
        ("variants['cuda_arch']", 'variants["cuda_arch"]', "/package.py:", "\\package.py:"),
        r"""(?P<arch>variants\[['"]cuda_arch['"]\])"""
        r"|[/\\]packages[/\\](?P<pkg>[\w.-]{1,80})[/\\]package\.py:\d{1,6}, in \w{1,80}",
    ),
    # --- Keras 2.12-2.15 (tf.keras, tf-keras 2.15) on Apple Silicon: the v2.11+ optimizers ---
    # keras-team/keras v2.12.0..v2.15.0 keras/optimizers/optimizer.py (Optimizer.__init__ on
    # Darwin/arm): "At this time, the v2.11+ optimizer `tf.keras.optimizers.X` runs slowly on
    # M1/M2 Macs, please use the legacy Keras optimizer instead, located at ..." (tf-keras
    # 2.15: "legacy TF-Keras optimizer"); v2.12.0/v2.13.1 keras/optimizers/__init__.py get():
    # "There is a known slowdown when using v2.11+ Keras optimizers on M1/M2 Macs. Falling
    # back to the legacy Keras optimizer, i.e., `tf.keras.optimizers.legacy.X`." Read by
    # checks/apple_optimizer.py
    _p(
        "keras.arm_mac_legacy_optimizer",
        ("runs slowly on m", "known slowdown when using"),
        r"optimizer `tf\.keras\.optimizers\.(?P<opt>\w{1,40})` runs slowly on M1/M2 Macs"
        r"|known slowdown when using v2\.11\+ Keras optimizers on M1/M2 Macs\.?"
        r"(?P<fallback> Falling back)?",
    ),
    # --- runtime lines with an error status that need no action (checks/runtime_notices.py) ---
    # tensorflow/core/kernels/data/generator_dataset_op.cc (TF 2.21 libtensorflow_cc.so.2):
    # "Error occurred when finalizing GeneratorDataset iterator: " + status; only the status
    # py_func returns at interpreter exit ("Python interpreter state is not initialized"), and
    # the CANCELLED of the iterator Keras drops at each epoch's end in TF 2.1 ("Cancelled:
    # Operation was cancelled", group cancelled: tensorflow/tensorflow#35100, #37098)
    _p(
        "tfdata.generator_finalize_at_exit",
        ("finalizing generatordataset iterator",),
        r"Error occurred when finalizing GeneratorDataset iterator: (?:(?:FAILED_PRECONDITION|"
        r"Failed precondition): Python interpreter state is not initialized"
        r"|(?P<cancelled>Cancelled: Operation was cancelled))",
    ),
    # tensorflow/core/common_runtime/executor.cc: "] Executor start aborting: " (2.21 wheel);
    # 2.11-2.12 "(DEBUG INFO) Executor start aborting (this does not indicate an error and
    # you can ignore this message): " + status
    _p(
        "runtime.executor_start_aborting",
        ("executor start aborting",),
        r"(?:\] |\(DEBUG INFO\) )Executor start aborting"
        r"(?: \(this does not indicate an error and you can ignore this message\))?: ",
    ),
    # tensorflow/core/profiler/utils/hardware_type_utils.cc GetFmaMaxThroughputPerSMPerCycle
    # (TF 2.x profiler; read at tensorflow/tensorflow in both revisions): LOG(ERROR) <<
    # "Invalid GPU compute capability." for an NVIDIA compute capability major its FLOPS
    # table lacks (cases 2, 3, 5, 6, 7; 8 added later); not another program's "Invalid GPU
    # compute capability: <value>" (a colon and a value)
    _p(
        "profiler.gpu_cc_unknown",
        ("invalid gpu compute capability",),
        r"(?i:\bInvalid GPU compute capability)(?!\s*:)",
    ),
    # --- TF 1.x graph import, bare tensorflow:: symbols, Colab's GPU check ---------
    # TF 1.x tensorflow/python/framework/importer.py import_graph_def (9a48b757, Dec 2016, to
    # 3f197bcc, May 2018, when the C API importer took over and op.cc's "Op type not
    # registered" is raised instead): "No op named %s in defined operations." (from Apr 2018
    # followed by "If the Graph you are importing uses custom ops or any parts of tf.contrib,
    # ..."): the same fault as op.cc OpNotFound, read by checks/op_registry.py
    _p(
        "op.not_registered",
        ("no op named",),
        r"\bNo op named (?P<op>[\w>./-]{1,200}) in defined operations",
    ),
    # python/framework/op_def_library.py _GetOpDef (TF 2.x; TF 1.x's OpDefLibrary.apply_op
    # said the same of its module's op list): "Unrecognized Op name <op>" when a generated
    # Python op wrapper is called and this binary's op registry has no such op (the text is
    # in the 2.21 wheel's op_def_library.py)
    _p(
        "op.not_registered",
        ("unrecognized op name",),
        r"\bUnrecognized Op name (?P<op>[\w>./-]{1,200})",
    ),
    # glibc's "<object>: undefined symbol: <name>" with no library before it (a paste that
    # kept only the message, or an op's name such as "transform: " in front): a mangled C++
    # name in TensorFlow's namespace (_ZN10tensorflow..., _ZNK10tensorflow...).  Read by
    # checks/bare_tf_symbol.py when no line names the library.
    _p(
        "op.bare_tf_symbol",
        ("undefined symbol: _z", "undefined symbol:_z"),
        r"(?:^\W{0,6}(?:[\w.]{0,80}Error: )?(?:(?P<op>[A-Za-z_][\w>-]{0,60}): ?)?"
        # or inside a sentence: 'I got an error "undefined symbol: _ZN10tensorflow..."',
        # "a bug:undefined symbol: ..."
        r"|(?<=[\s\"'`:]))"
        r"undefined symbol: ?(?P<sym>_Z\w{0,12}?(?:10tensorflow|3tsl)\d\w{0,400})",
    ),
    # The GPU check cell of Colab's notebooks: `if tf.test.gpu_device_name() != '/device:GPU:0':`
    # then `raise SystemError('GPU device not found')` (Colab's GPU example notebook) or
    # `print('WARNING: GPU device not found.')` (tensorflow/probability's Colab notebooks,
    # examples/jupyter_notebooks/Linear_Mixed_Effects_Models.ipynb at c847a416): the same
    # evidence as an empty gpu_device_name(): TensorFlow lists no GPU
    _p(
        "gpu.none_msg",
        ("gpu device not found",),
        r"^\W{0,4}(?:SystemError: |WARNING: )GPU device not found\b",
    ),
    # Lines that show a Google Colab notebook: Colab's %tensorflow_version magic
    # (googlecolab/colabtools google/colab/_tensorflow_magics.py), the google.colab package,
    # or the word Colab itself (checks/colab_gpu_check.py adds Colab's next steps)
    # a recurrent layer that cuDNN runs: Keras's LSTM/GRU (CuDNNLSTM, LSTMCell ...), the
    # CudnnRNN ops (cudnn_rnn_ops.cc: CudnnRNN, CudnnRNNV3, CudnnRNNBackprop) and their
    # stream-executor calls (ThenRnnForward/ThenRnnBackward); read by checks/memory.py
    _p(
        "ctx.rnn_layer",
        ("lstm", "gru", "cudnnrnn", "thenrnn"),
        r"(?<![A-Za-z])(?:CuDNN|Cudnn)?(?:LSTM|GRU)(?![a-z])|[Cc]udnnRNN|ThenRnn(?:Forward|Backward)",
    ),
    _p(
        "ctx.colab_shown",
        ("colab", "%tensorflow_version"),
        r"%tensorflow_version\b|\bgoogle\.colab\b|\b(?i:colab)\b",
    ),
)

#: Context patterns only read lines that another pattern already selected.
CONTEXT_ONLY = ("ctx.windows", "ctx.wsl", "ctx.macos", "ctx.linux", "ctx.conda")


#: The prefilter keywords (lower case, no digits): a line is a candidate when its template
#: contains one of them.
PREFILTER_NEEDLES: tuple[str, ...] = needle_roots(
    {n for p in PATTERNS if p.name not in CONTEXT_ONLY for n in p.needles}
)


def _needle_bytes(needle: str) -> tuple[bytes, ...]:
    """The byte forms of one keyword the raw-line prefilter looks for: ASCII as it is; a
    keyword in another script (the translated signal words) in UTF-8 and, for Chinese, in
    GBK too (a Chinese Windows console's code page, which the reader decodes), each lowered
    as the reader lowers a line (ASCII letters only)."""
    if needle.isascii():
        return (needle.encode("ascii"),)
    forms = [needle.encode("utf-8")]
    with contextlib.suppress(UnicodeEncodeError):
        forms.append(needle.encode("gbk"))
    return tuple(dict.fromkeys(f.lower() for f in forms))


#: The same, as bytes for the streaming reader.
PREFILTER_NEEDLES_BYTES: tuple[bytes, ...] = tuple(
    dict.fromkeys(b for n in PREFILTER_NEEDLES for b in _needle_bytes(n)))
