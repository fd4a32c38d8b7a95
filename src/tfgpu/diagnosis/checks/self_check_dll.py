"""TensorFlow's Windows import-time self check: "Could not find '<dll>'. TensorFlow requires
that this DLL be installed in a directory that is named in your %PATH% environment variable."

Source: ``tensorflow/python/platform/self_check.py`` ``preload_check()`` of the TensorFlow 1.x
Windows wheels up to the 2.0 pre-releases (copies at jhabikal21/tensorflow@4725adc4 and
imdone/tensorflow@47ea0fc7; tensorflow/tensorflow#31701 prints it from tensorflow-gpu
2.0.0-beta1 with 'cudart64_100.dll' and "Download and install CUDA 10.0"). It loads each DLL
that ``build_info`` names with ``ctypes.WinDLL(name)`` before the native module and raises
``ImportError`` with one of four tails: "Download and install CUDA %s from this URL: ..."
(cudart), "... by downloading cuDNN %s from this URL: ..." (cuDNN), "Typically it is installed
in 'C:\\Windows\\System32'. ..." (nvcuda.dll, the driver's) and "... Visual C++ 2015
Redistributable Update 3 ..." (msvcp140.dll). TensorFlow 2.1 and later print "Could not find
the DLL(s) ..." for the Visual C++ DLLs only (another pattern, ``lib.msvc``).

What the words support: the named DLL is in no folder of the PATH the process started with.
The version is in the message (the DLL name and "CUDA 9.0" / "cuDNN 7"): only that release
provides the file, so another CUDA release on the host does not help. These TensorFlow
releases support Python 3.5-3.7 only (Python 3.8 wheels start at 2.2), so the Python 3.8
DLL-search change (``windows-dll-directory-not-searched``) is not a cause of this line.
Threads printing it (tensorflow/tensorflow#17101, #13442, #31701, deepfakes/faceswap-playground
#136, nickliqian/cnn_captcha#166, daniel-kukiela/nmt-chatbot#166): another CUDA installed
(9.1 or 11.0 for a 9.0 build), the bin folder not on PATH, a terminal/IDE opened before PATH
was edited.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.tf1_era import tf1_build_cudas
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import Knowledge


def self_check_hits(ctx: Facts, filename: str) -> list[Hit]:
    """The self-check lines that name ``filename``: TensorFlow's own (pattern
    ``win.self_check_dll``) or the stand-alone script's (:func:`script_hits`)."""
    own = [h for h in ctx.h("win.self_check_dll").all() if h.g("lib") == filename]
    return own or script_hits(ctx, filename)


def script_hits(ctx: Facts, filename: str) -> list[Hit]:
    """The stand-alone ``tensorflow_self_check.py``'s "- Could not load '<dll>'. The GPU
    version of TensorFlow requires that this DLL be installed ..." lines that name
    ``filename`` (pattern ``win.self_check_script_dll``): a line with the message's
    "TensorFlow" tail, or any such line when the log has the script's header "ERROR: Failed
    to import the TensorFlow module." (pattern ``win.self_check_script_header``).

    Source: mrry's gist ee5dbcfdd045fa48a27d56664411d41c (the script the TensorFlow 1.0-1.3
    Windows install guide pointed to): ``main()`` exits after a successful ``import
    tensorflow`` and prints the header, then loads msvcp140.dll, cudart64_80.dll,
    nvcuda.dll, cudnn64_5.dll and cudnn64_6.dll with ``ctypes.WinDLL`` and prints one line
    for each that fails. Every such line therefore follows a failed import; none is read
    so when the log has the script's success line "TensorFlow successfully installed."
    (pattern ``win.self_check_script_ok``): copies that comment out its ``sys.exit(0)``
    check the DLLs after a successful import too."""
    if ctx.h("win.self_check_script_ok").count:
        return []
    header = bool(ctx.h("win.self_check_script_header").count)
    return [h for h in ctx.h("win.self_check_script_dll").all()
            if h.g("lib") == filename and (header or h.g("gpu"))]


#: The stand-alone script tries cudnn64_5.dll and cudnn64_6.dll whatever TensorFlow is
#: installed; its own list: "TensorFlow 1.2.1 or earlier requires cuDNN 5.1.
#: ('cudnn64_5.dll')", "TensorFlow 1.3 or later requires cuDNN 6. ('cudnn64_6.dll')".
SCRIPT_CUDNN = (" The script tries both cuDNN DLLs whatever release is installed: TensorFlow "
                "1.2.1 or earlier needs cudnn64_5.dll (cuDNN 5.1), 1.3 or later cudnn64_6.dll "
                "(cuDNN 6); its 'Could not find cuDNN' line tells which of them it found.")


def _checker(script: bool) -> str:
    """How a cause names the self check that printed the line."""
    if script:
        return ("the stand-alone tensorflow_self_check.py (which checks the DLLs only after "
                "`import tensorflow` failed)")
    return "TensorFlow's import-time self check (self_check.py of the TensorFlow 1.x Windows " \
        "GPU builds)"


def _tf1_cudnn_for_cuda(kb: Knowledge, cuda: str, tf_version: str | None) -> str | None:
    """The cuDNN of the TensorFlow 1.x Windows GPU releases built with CUDA ``cuda``
    (platform facts ``tf1-gpu-build-cuda`` / ``tf1-gpu-build-cudnn`` builds_windows), as fix
    words; the release's own when ``tf_version`` (``"1.7.0"``) is one of them."""
    known = tf1_build_cudas(kb)
    series = [s for s, c in known.builds if c == cuda] if known else []
    if not series:
        return None
    cudnn_fact = kb.platform_fact("tf1-gpu-build-cudnn")
    cudnn = {s: v for s, _, v in (i.partition("=")
                                  for i in cudnn_fact.items("builds_windows"))}
    mm = ".".join((tf_version or "").split(".")[:2])
    if mm in series and mm in cudnn:
        return (f"cuDNN {cudnn[mm]} (TensorFlow {mm}'s Windows build, knowledge row "
                f"{cudnn_fact.ref})")
    runs: list[tuple[list[str], str]] = []
    for s in series:
        v = cudnn.get(s)
        if v is None:
            continue
        if runs and runs[-1][1] == v:
            runs[-1][0].append(s)
        else:
            runs.append(([s], v))
    if not runs:
        return None
    words = ", ".join(f"{r[0]}-{r[-1]}: cuDNN {v}" if len(r) > 1 else f"{r[0]}: cuDNN {v}"
                      for r, v in runs)
    return f"the cuDNN of your TensorFlow release ({words}; knowledge row {cudnn_fact.ref})"


def self_check_cause(ctx: Facts, filename: str, base: str, expected: str | None) -> str:
    """The sentence added to ``library-not-loaded-{library}``'s cause when the self check
    printed the line: where it looked, what the message's version means, and what the host
    facts (installed CUDA versions) add.

    Args:
        ctx: the facts.
        filename: the DLL (``"cudart64_90.dll"``).
        base: its library base (``"cudart"``, ``"cudnn"``).
        expected: ``"CUDA 9.0"`` / ``"cuDNN 7"`` (from the name), or ``None``.
    """
    if unversioned(filename):
        return (f"The name {filename} carries no version (nor does the message's 'CUDA '): "
                "the build_info of this TensorFlow, a build from source, was generated "
                "without the CUDA version, so no CUDA release ships a file of that name and "
                "no PATH change can satisfy it (seen on Windows source builds: "
                "tensorflow/tensorflow#29831, #30160).")
    what = expected or "the release that ships it"
    script = bool(script_hits(ctx, filename))
    out = (f"{_checker(script)[0].upper()}{_checker(script)[1:]} looked for {filename} in the "
           "folders on %PATH% and found none: "
           f"{what} is not installed, or its bin folder is not on the PATH this process "
           "started with (a terminal or IDE opened before PATH was edited keeps the old one).")
    words = (expected or "").split()
    if base == "cudnn":
        out += (" cuDNN is a separate download from CUDA; the folder that holds "
                f"{filename} must be on PATH itself.")
    elif len(words) > 1 and words[0] == "CUDA" and "." in words[1]:
        want = words[1]
        have = list(ctx.cuda_versions)
        others = [v for v in have if ".".join(v.split(".")[:2]) != want]
        if have and len(others) == len(have):
            out += (f" This host has CUDA {', '.join(have)} (host facts): every CUDA release "
                    f"names its DLLs with its own version, so only CUDA {want} provides "
                    f"{filename}; another one does not help.")
        elif have:
            out += (f" The host facts list CUDA {want}: its bin folder is then missing from "
                    "that PATH.")
        else:
            out += (f" Only CUDA {want} provides {filename}; another CUDA release (another "
                    "number in its DLL names) does not help.")
    return out


def self_check_fix(ctx: Facts, filename: str, base: str, expected: str | None) -> list[str]:
    """Fix lines for the self check's CUDA runtime line: the cuDNN that goes with the CUDA
    the message names (TensorFlow 1.x tested build configurations), and the restart."""
    words = (expected or "").split()
    out: list[str] = []
    if unversioned(filename):
        return ["# rebuild TensorFlow after running its configure script with the CUDA and "
                "cuDNN versions given explicitly, or install a released tensorflow-gpu wheel"]
    if base == "cudart" and len(words) > 1 and words[0] == "CUDA":
        cudnn = _tf1_cudnn_for_cuda(ctx.kb, words[1], ctx.tf_version)
        if cudnn is not None:
            out.append(f"# with CUDA {words[1]} install {cudnn} and put its bin folder on "
                       "PATH too: the self check looks for cuDNN's DLL next")
    out.append("# open a new terminal/IDE after editing PATH: the self check reads the PATH "
               "the process started with")
    return out


def unversioned(filename: str) -> bool:
    """``cudart64_.dll`` / ``cudnn64_.dll``: a DLL name whose version part is empty."""
    return filename.lower().endswith("64_.dll")


def nvcuda_cause_fix(filename: str, script: bool = False) -> tuple[str, list[str]]:
    """Cause and fix of the self check's driver line ("Could not find 'nvcuda.dll'. ...
    Typically it is installed in 'C:\\Windows\\System32'. If it is not present, ensure
    that you have a CUDA-capable GPU with the correct driver installed."; the stand-alone
    script's "Could not load 'nvcuda.dll'. The GPU version of TensorFlow requires ..." when
    ``script``). Never harmless: the TensorFlow 1.x Windows GPU builds link the driver's
    DLL at load time, so without it the import fails."""
    if script:
        cause = (f"{filename} is the NVIDIA driver's CUDA library, installed in "
                 "C:\\Windows\\System32 by the display driver. Importing TensorFlow failed "
                 f"and {_checker(True)} could not load it: a GPU build of TensorFlow 1.x "
                 "(tensorflow-gpu) links it when it loads, so it cannot even be imported "
                 "without it. No NVIDIA driver is installed, or the machine has no "
                 "CUDA-capable NVIDIA GPU (e.g. a laptop with an AMD or Intel GPU only); "
                 "the CPU package (tensorflow) does not need it.")
    else:
        cause = (f"{filename} is the NVIDIA driver's CUDA library, installed in "
                 "C:\\Windows\\System32 by the display driver; TensorFlow's import-time "
                 "self check (TensorFlow 1.x Windows GPU builds) did not find it, so importing "
                 "TensorFlow failed: no NVIDIA driver is installed, or the machine has no "
                 "CUDA-capable NVIDIA GPU (a GPU build of TensorFlow then cannot even be "
                 "imported).")
    fix = ["nvidia-smi   # lists the GPU and the driver when both are there",
           "where.exe nvcuda.dll   # C:\\Windows\\System32\\nvcuda.dll comes with the driver",
           "# install the NVIDIA driver for the GPU; without an NVIDIA GPU install the CPU "
           "package (tensorflow, not tensorflow-gpu)"]
    return cause, fix


# --- the self check's later tests (tensorflow/tensorflow main after 2.21, commit 09746cd5) ---

def self_check_environment(ctx: Facts) -> list[Finding]:
    """The two environment tests self_check.py runs on Windows before loading TensorFlow's
    native module (tensorflow/tensorflow main branch after 2.21, commit 09746cd5; not in the
    2.21 wheel): distributions of differing versions that unpack into the same
    ``site-packages/tensorflow`` (``tensorflow-variants-conflict``, variant
    ``differing-versions``) and a 32-bit interpreter (``python-32bit-interpreter``, no
    TensorFlow wheel is built for it)."""
    out: list[Finding] = []
    conflict = ctx.h("win.self_check_conflict").all()
    if conflict:
        dists = [d.strip() for d in (conflict[0].g("dists") or "").split(",") if d.strip()]
        names = [d.split()[0] for d in dists]
        out.append(catalogue.make(
            "tensorflow-variants-conflict", variant="differing-versions",
            packages=" and ".join(dists), listing=", ".join(dists),
            evidence=log_evidence(conflict),
            fix=(f"pip uninstall -y {' '.join(names)}",
                 "pip install tensorflow   # exactly one release (on Windows it pulls "
                 "tensorflow-intel of the same version itself)",
                 pip_list_grep("tensorflow", windows=True) + "   # then: one version only")))
    bits = ctx.h("win.self_check_bitness").all()
    if bits:
        out.append(catalogue.make(
            "python-32bit-interpreter", bits=bits[0].g("bits") or "32",
            evidence=log_evidence(bits)))
    return out
