"""The message catalogue: one compiled pattern per message form, grouped by kind.

Each :class:`Pattern` names its kind (``kind.variant``), the lower-case, digit-free
``needles`` one of which a line must contain before the regular expression runs (the
prefilter), and a regular expression whose named groups parse the versions, names and
sizes the findings need.  Patterns match families of messages, not literal strings:
``Could not load dynamic library '(?P<lib>...)'`` covers every library and version.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pattern:
    """One message form.

    Attributes:
        name: ``kind.variant``; hits are stored under this name.
        needles: lower-case keywords without digits; the regex runs only on lines whose
            lower-case, digit-free template contains one of them.
        regex: the compiled pattern (searched, not anchored unless it says so).
        key: name of the group whose value separates distinct hits (one library from
            another), or ``None``.
    """

    name: str
    needles: tuple[str, ...]
    regex: re.Pattern[str]
    key: str | None = None


def _p(name: str, needles: tuple[str, ...], regex: str, key: str | None = None) -> Pattern:
    return Pattern(name, needles, re.compile(regex), key)


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


_LIB = r"(?P<lib>[\w.+-]+?\.(?:so(?:\.[\w.]+)?|dll|dylib))"

PATTERNS: tuple[Pattern, ...] = (
    # --- libraries that did not load ------------------------------------------------
    _p(
        "lib.missing",
        ("dynamic lib", "could not load library"),
        r"Could not load (?:dynamic )?library '" + _LIB + r"'(?:;\s*dlerror:\s*(?P<err>.*))?",
        "lib",
    ),
    _p(
        "lib.missing",
        ("cannot open shared object",),
        r"(?<![\w.+-])(?P<lib>lib[\w+-](?:[\w.+-]*[+-])?(?:\w|\.(?!so))*\.so[\w.]*): "
        r"cannot open shared object file",
        "lib",
    ),
    _p("lib.missing", ("could not locate",), r"Could not locate " + _LIB, "lib"),
    _p("lib.dlopen", ("dlopen",), r"Cannot dlopen some GPU libraries"),
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
        r"but source was compiled with:?\s*(?P<src>[\d.]+)"
        r"\s*(?:\(compatibility version (?P<srcc>\d+)\))?",
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
        r"failed call to cuInit:\s*(?:\w+:\s*)?(?:CUDA error: Failed call to cuInit:\s*)?"
        # text: words, or (a whitespace-only text) the last space before "(": the same
        # captures as the lazy "[A-Za-z ]+?" it replaced, in linear time (that one took
        # 8.4 s on a 2 KB line of spaces).
        r"(?:(?P<name>CUDA_ERROR_[A-Z_]+)"
        r"|(?P<text>[A-Za-z]+(?: +[A-Za-z]+)*| (?=[^\S ]*\())\s*\((?P<code>\d+)\))",
    ),
    _p("cuda.busy", ("busy or unavailable",), r"all CUDA-capable devices are busy or unavailable"),
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
    _p(
        "win.status",
        ("exit code",),
        r"exit code (?P<code>-1073740791|0xC0000409|-1073741795|0xC000001D|-1073741515|0xC0000135)",
    ),
    _p(
        "cpu.illegal", ("illegal instruction",), r"^\s*Illegal instruction(?: \(core dumped\))?\s*$"
    ),
    # --- pip and import ----------------------------------------------------------------------
    _p(
        "pip.tfgpu_removed",
        ("tensorflow-gpu", "package has been removed"),
        r'The "?tensorflow-gpu"? package has been removed',
    ),
    _p(
        "pip.tfgpu_named",
        ("tensorflow-gpu", "tensorflow_gpu"),
        r"(?:Collecting|pip install|Downloading|Using cached|Requirement already satisfied:)"
        r"\s+(?P<spec>tensorflow[-_]gpu\S*)",
    ),
    _p(
        "pip.failed",
        ("error", "egg_info"),
        r"subprocess-exited-with-error|metadata-generation-failed|egg_info did not run successfully"
        r"|InvalidRequirement|Preparing metadata \(setup\.py\) \.\.\. error",
    ),
    _p(
        "pip.no_dist",
        ("no matching distribution", "satisfies the requirement"),
        r"(?:No matching distribution found for|Could not find a version that satisfies the "
        r"requirement)\s+(?P<pkg>tensorflow[\w\[\],-]*)(?P<spec>[^\s(]*)"
        r"(?:\s*\(from versions:\s*(?P<versions>(?:[^)\s][^)]*)?)\))?",
    ),
    _p(
        "numpy.abi",
        ("numpy", "_array_api"),
        r"compiled using NumPy 1\.x cannot be run in(?:\s+NumPy (?P<np>[\d.]+))?"
        r"|^NumPy (?P<np2>[2-9][\d.]*) as it may crash"
        r"|_ARRAY_API not found|numpy\.core\.multiarray failed to import"
        r"|numpy\.dtype size changed, may indicate binary incompatibility",
    ),
    _p(
        "protobuf.descriptors",
        ("descriptors cannot",),
        r"Descriptors cannot (?:not )?be created directly",
    ),
    _p("protobuf.downgrade", ("protobuf",), r"Downgrade the protobuf package to (?P<v>[\d.x]+)"),
    # --- memory ------------------------------------------------------------------------------
    _p(
        "mem.oom_tensor",
        ("oom when allocating",),
        r"OOM when allocating tensor with shape\s*\[(?P<shape>[\d,\s]*)\]"
        r"(?:\s*and type (?P<dtype>\w+))?(?:\s*on (?P<device>[\w/:.]+))?"
        r"(?:\s*by allocator (?P<alloc>\w+))?",
    ),
    _p(
        "mem.exhausted",
        ("resourceexhausted", "resource exhausted", "resource_exhausted"),
        r"ResourceExhaustedError|Resource exhausted|RESOURCE_EXHAUSTED",
    ),
    _p(
        "mem.ran_out",
        ("ran out of memory",),
        r"Allocator \((?P<alloc>\w+)\) ran out of memory trying to allocate "
        r"(?P<size>[\d.]+\s*[KMGT]?i?B)",
    ),
    _p(
        "mem.cuda_oom",
        ("out_of_memory",),
        r"(?:failed to allocate (?P<size>[\d.]+[KMG]?) \((?P<bytes>\d+) bytes\) from device"
        r"|(?P<ctx>cuDevicePrimaryCtxRetain|cuCtxCreate)).*CUDA_ERROR_OUT_OF_MEMORY"
        r"(?:.*total memory reported:\s*(?P<total>\d+))?",
    ),
    _p(
        "mem.info",
        ("total memory:", "free memory:", "totalmemory:"),
        r"^\s*(?:(?P<k1>Total|Free) memory:\s*(?P<v1>[\d.]+\s*[KMGT]i?B)"
        r"|totalMemory:\s*(?P<total>[\d.]+\s*[KMGT]i?B)\s+freeMemory:\s*(?P<free>[\d.]+\s*[KMGT]i?B))",
    ),
    _p(
        "mem.frozen",
        ("cannot be modified after being initialized",),
        r"(?P<what>Physical|Virtual) devices cannot be modified after being initialized",
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
        r"|Couldn't find libdevice|libdevice\.\d+\.bc.*not found",
    ),
    _p(
        "xla.ptxas_arch",
        ("ptxas",),
        r"ptxas fatal\s*:\s*Value '(?P<sm>sm_\d+\w?)' is not defined for option 'gpu-name'"
        r"|ptxas does not support CC (?P<cc>\d+\.\d+)",
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
        r"Couldn't get ptxas version|Can't find ptxas binary|ptxas[^\n]*not found"
        r"|Failed to launch ptxas|Couldn't invoke ptxas",
    ),
    _p(
        "xla.ptxas_old",
        ("ptxas", "unsupported .version"),
        r"ptxas (?:fatal\s*:\s*)?Unsupported \.version (?P<ptx>[\d.]+); current version is "
        r"'(?P<cur>[\d.]+)'"
        r"|ptxas (?P<v>[\d.]+) is too old|(?:Your|The) ptxas version is too old"
        r"|You are using ptxas (?P<v2>\d+(?:\.\d+)+),? which is older than (?P<min>\d+\.\d+)",
    ),
    _p(
        "xla.ptx_jit",
        ("ptx jit", "jit compil"),
        r"PTX JIT compil\w* failed|a PTX JIT compilation failed|JIT compilation disabled",
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
    _p(
        "cc.no_kernel",
        ("no kernel image",),
        r"no kernel image is available for execution on the device",
    ),
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
    _p("nccl.no_kernel", ("nccl",), r"No OpKernel was registered to support Op '(?P<op>Nccl\w+)'"),
    _p(
        "nccl.error",
        ("nccl",),
        r"(?P<code>nccl(?:Unhandled\w+Error|InternalError|SystemError|InvalidUsage|RemoteError))"
        r"|NCCL (?:WARN|error|failure)|NCCL operation \w+ failed",
    ),
    _p(
        "nccl.ib",
        ("ibv_", "net/ib", "ib_plugin", "ibvwrap"),
        r"\b(?P<call>ibv_\w+)|NET/IB|ib_plugin|ibvwrap",
    ),
    _p(
        "nccl.system",
        ("unhandled system error", "unhandled cuda error"),
        r"unhandled (?:system|cuda) error",
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
    _p(
        "mixed.gpu",
        (", compute capability ",),
        r"^\s*(?:(?:Your GPU:?|\*)\s*)?(?P<name>[^,:]{2,80}), compute capability "
        r"(?P<cc>\d+\.\d+)\s*$",
    ),
    # --- GPU not visible -----------------------------------------------------------------------
    _p(
        "gpu.none_msg",
        ("not available", "available:"),
        r"GPU is NOT AVAILABLE|Num GPUs Available:?\s*0\b|GPUs? available:\s*(?:\[\]|0\b|False)",
    ),
    _p(
        "gpu.list_call",
        ("list_physical_devices", "list_logical_devices", "is_gpu_available"),
        r"list_(?:physical|logical)_devices\(\s*(?:device_type\s*=\s*)?['\"]?(?P<dev>GPU|CPU)?",
    ),
    _p("gpu.empty_list", ("[]",), r"^\s*\[\]\s*$"),
    _p("gpu.device_list", ("physicaldevice(",), r"^\s*\[\s*PhysicalDevice\((?P<body>.*)\]\s*$"),
    _p(
        "gpu.built_call",
        ("is_built_with_cuda",),
        r"is_built_with_cuda\(\)(?:\s*(?:[:=]\s*)?(?P<val>True|False))?",
    ),
    _p("gpu.bool_line", ("false",), r"^\s*(?P<val>False|True)\s*$"),
    _p("gpu.build_info", ("is_cuda_build",), r"'is_cuda_build',?\s*(?::\s*)?(?P<val>True|False)"),
    _p("gpu.skipping", ("skipping registering gpu",), r"Skipping registering GPU devices"),
    _p(
        "gpu.conda_cuda_build",
        ("conda-forge",),
        r"^\s*tensorflow(?:-base)?\s+(?P<v>\d[\w.]*)\s+(?P<build>cuda\w+)\s+conda-forge",
    ),
    # --- context ------------------------------------------------------------------------------
    _p(
        "ctx.tf_version",
        ("flow version", "tensorflow==", "tensorflow-", "__version__"),
        r"Tensor ?Flow (?:version|Version)\s*(?:[:=]\s*)?(?P<v>\d+\.\d+(?:\.\d+)?)"
        r"|tensorflow==(?P<v2>\d+\.\d+(?:\.\d+)?)|tensorflow-(?P<v3>\d+\.\d+\.\d+)-cp",
    ),
    _p(
        "ctx.windows",
        (":\\", ".dll", "windows", "win_amd"),
        r"\b[A-Za-z]:\\|\.dll\b|\bWindows\b|win_amd64",
    ),
    _p(
        "ctx.wsl", ("wsl", "microsoft-standard"), r"/usr/lib/wsl|microsoft-standard-WSL|\bWSL ?2?\b"
    ),
    _p(
        "ctx.macos",
        ("darwin", "macos", "/users/", "tensorflow-metal", "macosx"),
        r"darwin|macOS|macosx|^/Users/|\s/Users/|tensorflow-metal",
    ),
    _p(
        "ctx.linux",
        (".so", "ld_library_path", "/usr/", "linux"),
        r"\.so(?:\.\d+)*\b|LD_LIBRARY_PATH|\blinux\b|manylinux",
    ),
    _p(
        "ctx.win_prompt",
        (":\\users\\", ":\\program files", ":\\programdata", "ps c:\\", ".exe"),
        r"[A-Za-z]:\\(?:Users|Program Files|ProgramData)\\|^PS [A-Za-z]:\\|^[A-Za-z]:\\[^>]*>"
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
    _p(
        "noise.trt",
        ("tensorrt",),
        r"TF-TRT Warning: Could not find TensorRT|Could not find TensorRT",
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
    # --- telling lines for unknown errors -------------------------------------------------------
    _p(
        "tell.glog",
        (": e ", ": f ", "e :: .", "f :: ."),
        r"^(?:[\d\-/]+ [\d:.]+:\s+)?(?P<lvl>[EF])(?:\d{4} [\d:.]+\s+\d+)?\s+"
        r"(?P<src>[\w/.+-]+\.(?:cc|cpp|c|h)):\d+\]\s*(?P<msg>.+)",
    ),
    _p(
        "tell.fatal",
        ("check failed", "aborted", "core dump", "segmentation fault", "fatal python error"),
        r"Check failed:|^\s*Aborted\b|\(core dumped\)|Segmentation fault|Fatal Python error",
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
        r"Traceback \(most recent call last\)|(?:Error|Exception)\b|\bERROR\b|Check failed"
        r"|Aborted|core dumped|Segmentation fault|\bFatal\b|\bFATAL\b|^Killed$",
    ),
    _p(
        "tell.exception",
        ("error", "exception"),
        r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit)(?::\s|$)",
    ),
)

#: Context patterns only read lines that another pattern already selected.
CONTEXT_ONLY = ("ctx.windows", "ctx.wsl", "ctx.macos", "ctx.linux", "ctx.conda")


def _minimal_cover(needles: set[str]) -> tuple[str, ...]:
    """Drop every needle that contains another needle (the shorter one already selects it)."""
    keep = [n for n in needles if not any(m != n and m in n for m in needles)]
    return tuple(sorted(keep, key=len))


#: The prefilter keywords (lower case, no digits): a line is a candidate when its template
#: contains one of them.
PREFILTER_NEEDLES: tuple[str, ...] = _minimal_cover(
    {n for p in PATTERNS if p.name not in CONTEXT_ONLY for n in p.needles}
)
#: The same, as bytes for the streaming reader.
PREFILTER_NEEDLES_BYTES: tuple[bytes, ...] = tuple(n.encode("ascii") for n in PREFILTER_NEEDLES)
