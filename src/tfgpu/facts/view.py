"""One view of everything known: host facts, log facts, and the knowledge to read them by.

The diagnosis runs the same checks for ``doctor`` (host facts, plus the TensorFlow
child's log), ``doctor --facts`` (a snapshot), ``explain`` (a pasted log, with host facts
when given) and the verdicts of ``verify`` and ``bench``; this view is what they read.
Host facts win over log hints; either may be missing, and then a property answers
``None`` (unknown), never a guess.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from tfgpu.facts import HostFacts
from tfgpu.facts.driver_text import nvidia_driver_version
from tfgpu.facts.gpu_name_text import NVIDIA_CARD
from tfgpu.facts.log import Hit, Hits, LogFacts
from tfgpu.findings import Evidence

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

_T = TypeVar("_T")


def tf_minor(version: str | None) -> tuple[int, int] | None:
    """Return ``(major, minor)`` of a TensorFlow version string, or ``None``.

    ``"2.12.0"`` -> ``(2, 12)``; ``"2.16.1rc0"`` -> ``(2, 16)``; ``"2.x"`` -> ``None``.
    Lenient on purpose: versions come from log lines.
    """
    if not version:
        return None
    m = re.match(r"\s*(\d+)\.(\d+)", version)
    return (int(m.group(1)), int(m.group(2))) if m else None


def cc_key(cc: str) -> tuple[int, int]:
    """``(major, minor)`` of a compute capability from a log or facts, for sorting and
    comparing (``"8.6"`` -> ``(8, 6)``; text that is not ``X.Y`` sorts first as ``(0, 0)``)."""
    m = re.match(r"\s*(\d+)\.(\d+)", cc)
    return (int(m.group(1)), int(m.group(2))) if m else (0, 0)


class Facts:
    """Host facts (when given), what the log itself says about the host, and the knowledge.

    Host facts win over log hints; either may be missing, and then the properties return
    ``None`` (unknown), never a guess.

    Attributes:
        host: the host snapshot, or ``None`` when only a log is known.
        log: the log's facts (empty when there is no log).
    """

    def __init__(
        self, host: HostFacts | None = None, log: LogFacts | None = None,
        kb: Knowledge | None = None,
    ) -> None:
        self.host = host
        self.log = log if log is not None else LogFacts()
        self._kb = kb

    @property
    def kb(self) -> Knowledge:
        """The compatibility knowledge (the packaged tables unless one was given), loaded
        on first use: a log whose rules need no compatibility fact never reads it.

        Raises:
            tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
        """
        if self._kb is None:
            from tfgpu.knowledge import load_knowledge

            self._kb = load_knowledge()
        return self._kb

    def h(self, name: str) -> Hits:
        """Hits of pattern ``name``."""
        return self.log.get(name)

    def once(self, key: str, compute: Callable[[], _T]) -> _T:
        """``compute()`` the first time ``key`` is asked for these facts, its stored result
        after: a reading that two checks share (pip's range lines, read by the range finding
        and by tf_install's "no wheel") is done once per diagnosis.  ``key`` names the
        reading (``"module.function"``); results are not copied, so they must not be
        changed."""
        memo: dict[str, Any] = self.__dict__.setdefault("_once", {})
        if key not in memo:
            memo[key] = compute()
        return cast("_T", memo[key])

    # --- operating system -----------------------------------------------------------
    @functools.cached_property
    def os(self) -> str | None:
        """``"windows"``, ``"linux"``, ``"macos"`` or ``None`` (unknown); computed once per
        instance (it counts the log's evidence lines, and nearly every check asks)."""
        if self.host is not None:
            system = self.host.os.system.lower()
            if system.startswith("win"):
                return "windows"
            if system == "darwin" or system.startswith("mac"):
                return "macos"
            if system == "linux":
                return "linux"
        if self.wsl:
            return "linux"
        stated = self._form_os()
        if stated is not None:
            return stated
        if (
            self.h("ctx.windows").count
            or self.h("win.dll_load").count
            or self.h("ctx.win_prompt").count
        ):
            # the log's majority decides (one pasted C:\ path in a Linux log)
            return "linux" if self.linux_outweighs_windows() else "windows"
        # tensorflow-metal (macOS only) names the Apple GPU it set up, or its METAL device
        if self.h("ctx.macos").count or self.h("metal.device_set").count or any(
                (h.g("name") or "").strip() == "METAL"
                for h in self.h("gpu.pluggable_created").all()):
            return "macos"
        if self.h("ctx.linux").count:
            return "linux"
        return None

    def _form_os(self) -> str | None:
        """The OS a bug report's form states (pattern ``ctx.form_os``: "OS platform and
        distribution: Windows 10"), when its answer names one: ``"windows"``, ``"macos"`` or
        ``"linux"``; ``None`` otherwise (no form, or an answer such as "N/A")."""
        for h in self.h("ctx.form_os").all():
            said = (h.g("os") or "").lower()
            if "wsl" in said:
                return "linux"
            if re.search(r"\bwin(?:dows|10|11)?\b", said):
                return "windows"
            if re.search(r"\bmac ?os|\bosx\b|\bdarwin\b|\bmacbook|\bapple\b|\bm[1-4]\b", said):
                return "macos"
            if re.search(r"\b(?:linux|ubuntu|debian|centos|fedora|rhel|red hat|arch linux"
                         r"|suse|rocky|almalinux|mint|pop!_os)", said):
                return "linux"
        return None

    @property
    def windows(self) -> bool:
        """The host is native Windows (known from facts or the log)."""
        return self.os == "windows"

    @property
    def wsl(self) -> bool:
        """The host is WSL (facts), or the log shows WSL paths or the WSL NUMA notice."""
        if self.host is not None:
            return self.host.os.is_wsl
        # the user's word WSL yields to the log's own native-Windows lines: a cmd/PowerShell
        # prompt running Python, pip or conda, or a traceback through a C:\ site-packages
        # (review b48a P5)
        native = any(re.search(r"(?i)>\s*(?:python|py|pip|conda|jupyter|ipython)\b", h.text)
                     for h in self.h("eco.windows_shell").all()) or any(
            re.search(r"(?i)site-packages", h.text) for h in self.h("ctx.win_prompt").all())
        return bool(
            any(not h.g("word") or (not native and _wsl_word_holds(h.text))
                for h in self.h("ctx.wsl").all())
            or self.h("ctx.wsl_prompt").count
            or self.h("numa.unreadable").count
            or self.h("wsl.libcuda_symlink").count
        )

    @property
    def os_source(self) -> str:
        """Where :attr:`os` came from, for evidence."""
        return "host facts" if self.host is not None else "the log"

    # --- versions --------------------------------------------------------------------------
    @property
    def tf_version(self) -> str | None:
        """TensorFlow version from the facts or a version line in the log."""
        f = self.host
        if f is not None:
            if f.tf is not None and f.tf.version:
                return f.tf.version
            for name in self.kb.tf_distributions():  # platform_facts:tf-distributions
                d = f.python.dist(name)
                if d is not None:
                    return d.version
        hit = self.h("ctx.tf_version").last
        if hit is not None:
            return hit.g("v") or hit.g("v2") or hit.g("v3")
        return self.printed_tf_version

    @property
    def tf_mm(self) -> tuple[int, int] | None:
        """``(major, minor)`` of :attr:`tf_version`."""
        return tf_minor(self.tf_version)

    @property
    def cuda_versions(self) -> tuple[str, ...]:
        """CUDA toolkit versions the facts list."""
        if self.host is None:
            return ()
        return tuple(t.version for t in self.host.toolkits if t.version)

    @property
    def cudnn_versions(self) -> tuple[str, ...]:
        """cuDNN versions the facts list."""
        if self.host is None:
            return ()
        return tuple(
            lib.version for lib in self.host.libraries if lib.name == "cudnn" and lib.version
        )

    @property
    def log_cudnn_major(self) -> int | None:
        """The cuDNN major the log shows loaded: cuda_dnn.cc's "Loaded cuDNN version N"
        (pattern ``cudnn.loaded``; CUDNN_VERSION is major*1000+minor*100+patch up to cuDNN 8,
        major*10000+minor*100+patch from cuDNN 9: "8907", "90300" in TF 2.16-2.20 logs), else
        a loaded cuDNN library's file name (``lib.opened``: cudnn64_7.dll, libcudnn.so.8);
        ``None`` when the log names none.  It says how cuDNN numbered its statuses there
        (cuDNN 9 from 1000 up, cudnn_graph.h; before, from 0)."""
        loaded = self.h("cudnn.loaded").first
        hit = loaded[0] if loaded else None
        if hit is not None and (v := hit.g("v")) and v.isdigit():
            n = int(v)
            return n // 10000 if n >= 10000 else n // 1000
        for h in self.h("lib.opened").all():
            m = re.search(r"cudnn(?:64_|\.so\.)(\d{1,2})\b", h.text)
            if m:
                return int(m.group(1))
        return None

    @property
    def driver_version(self) -> str | None:
        """NVIDIA driver version (facts, else the "kernel reported version" log line)."""
        if self.host is not None and self.host.driver is not None and self.host.driver.version:
            return self.host.driver.version
        found = self.log_driver()
        return found[0] if found is not None else None

    def log_driver(self) -> tuple[str, Hit] | None:
        """``(version, line)``: the NVIDIA driver version the log's kernel, libcuda or
        nvidia-smi line names (patterns ``driver.kernel``, ``driver.libcuda``,
        ``smi.driver``, the last of each, in that order), read by
        :func:`tfgpu.facts.driver_text.nvidia_driver_version` (Windows' display-driver form
        as NVIDIA's); ``None`` when none names one."""
        for name in ("driver.kernel", "driver.libcuda", "smi.driver"):
            hit = self.h(name).last
            v = nvidia_driver_version(hit.g("v")) if hit is not None else None
            if hit is not None and v:
                return v, hit
        return None

    @property
    def driver_known(self) -> bool:
        """The NVIDIA driver version is known (facts with driver data, or the log)."""
        return self.driver_version is not None

    def gpu_log_evidence(self) -> list[Hit]:
        """Log lines that prove an NVIDIA GPU and driver are present (nvidia-smi table rows,
        "Created device", "Found device ... major/minor", an ignored GPU's description, XLA's
        "StreamExecutor device (N): <name>, Compute Capability X.Y", and a GPU listing:
        ``nvidia-smi -L``, lspci, a Windows video-controller query)."""
        out: list[Hit] = []
        for name in ("smi.driver", "smi.gpu", "gpu.created", "gpu.props", "cc.ignored",
                     "gpu.listed",  # gpu.listed: nvidia-smi -L, lspci, wmic listings
                     "gpu.xla_device"):  # XLA's "StreamExecutor device (0): <name>, Compute..."
            out += self.h(name).first[:2]
        # gpu_device.cc's "Cannot dlopen some GPU libraries ... Skipping registering
        # GPU devices..." is printed only after the driver counted a visible GPU (its device
        # factory returns before that when VisibleDeviceCount() <= 0): one GPU reading per log
        for name in ("lib.dlopen", "gpu.skipping"):
            out += self.h(name).first[:1]
        # gpu_device.cc calls cudaGetDevice/cudaSetDevice (whose status is the cudart
        # stub's placeholder) only for a GPU the driver counted
        out += self.h("cuda.stub_status").first[:1]
        return out

    @property
    def python_version(self) -> str | None:
        """Python version of the host (facts only; the log rarely states it reliably)."""
        if self.host is not None and self.host.python.version:
            return self.host.python.version
        return None

    @property
    def has_nvidia_gpu(self) -> bool | None:
        """``True``/``False`` from facts or the log; ``None`` when unknown.

        The log proves a GPU with nvidia-smi's table (Driver Version, GPU rows), "Created
        device", "Found device ... major/minor" or an "Ignoring visible gpu device" line.
        """
        if self.gpu_log_evidence():
            return True
        if self.host is None:
            return None
        if self.host.nvidia_gpus:
            return True
        if self.host.gpus:
            return False
        return None if not self.host.probes else False

    @property
    def conda(self) -> bool:
        """The Python environment is a conda environment (facts or log)."""
        if self.host is not None and self.host.python.conda_env:
            return True
        return bool(self.h("ctx.conda").count)

    @property
    def gpu_names(self) -> tuple[str, ...]:
        """GPU names from the facts or the log."""
        if self.host is not None and self.host.gpus:
            return tuple(g.name for g in self.host.gpus)
        return tuple(h.g("name") or "" for h in self.h("gpu.created").by_key.values())

    @property
    def compute_capabilities(self) -> tuple[str, ...]:
        """Compute capabilities known from facts or the log ("8.6")."""
        out: list[str] = []
        if self.host is not None:
            out += [g.compute_capability for g in self.host.nvidia_gpus if g.compute_capability]
        for h in self.h("gpu.created").by_key.values():
            if h.g("cc"):
                out.append(h.g("cc") or "")
        for h in self.h("gpu.props").all():
            if h.g("ma"):
                out.append(f"{h.g('ma')}.{h.g('mi')}")
            elif h.g("cc"):
                out.append(h.g("cc") or "")
        return tuple(dict.fromkeys(out))

    def dist_version(self, name: str) -> str | None:
        """Version of an installed distribution from the facts."""
        if self.host is None:
            return None
        d = self.host.python.dist(name)
        return d.version if d else None

    # --- evidence helpers --------------------------------------------------------------------
    def fact_evidence(self) -> list[Evidence]:
        """Evidence lines for the facts the rules used (OS, TF, CUDA, GPU)."""
        f = self.host
        if f is None:
            return []
        ev = [Evidence("os.system", f.os.system + (" (WSL)" if f.os.is_wsl else ""))]
        if self.tf_version:
            ev.append(Evidence("tensorflow.version", self.tf_version))
        for v in self.cuda_versions:
            ev.append(Evidence("cuda.toolkit", v))
        for g in f.gpus:
            ev.append(Evidence("gpu", g.name))
        return ev

    # --- host hints read from the log (issue 10 section 2) --------------------------------------
    #: The log comes from a run meant to use a GPU (``verify``/``bench`` children): log-only
    #: "harmless on a CPU host" readings do not apply.  Set by :func:`tfgpu.explain.explain_log`.
    gpu_expected: bool = False

    @property
    def wsl1(self) -> bool:
        """The host is WSL1 (no GPU at all): host facts, else a WSL1 kernel release in the
        log (``4.4.0-<build>-Microsoft``, e.g. from ``cat /proc/version``) when the facts do
        not show WSL2."""
        if self.host is not None and self.host.os.is_wsl:
            return self.host.os.wsl_version == 1
        return bool(self.h("ctx.wsl1").count)

    @property
    def log_cuda_versions(self) -> tuple[str, ...]:
        """CUDA toolkit versions named by folders in the log (``/usr/local/cuda-11.2/lib64``,
        ``...\\CUDA\\v11.2\\bin``), first seen first; then versions written in prose
        (``CUDA 10.2.89``)."""
        folders = tuple(dict.fromkeys(v for v, _, _ in self.log_cuda_folders))
        return folders + tuple(v for v in self.h("ctx.cuda_prose").by_key if v not in folders)

    @property
    def log_cuda_folders(self) -> tuple[tuple[str, str, int], ...]:
        """``(version, folder, line)`` of every versioned CUDA toolkit folder on the lines the
        log names one (pattern ``ctx.cuda_path``: a PATH or LD_LIBRARY_PATH value, an ``ls``
        listing "/usr/local/cuda  /usr/local/cuda-11.5  /usr/local/cuda-11.8", a ptxas path),
        each folder once, in line order: ``("11.8", "/usr/local/cuda-11.8", 4)``.  All the
        folders a line names, not only its first; bounded by the recorded hits."""
        hits = {h.line: h for h in self.h("ctx.cuda_path").all()}
        hits.update((h.line, h) for h in self.h("ctx.cuda_path").by_key.values())
        out: dict[str, tuple[str, str, int]] = {}
        for line in sorted(hits):
            for m in _CUDA_FOLDER_RE.finditer(hits[line].text):
                folder = m.group("dir") or m.group("wdir") or ""
                out.setdefault(folder, (m.group("v") or m.group("w") or "", folder, line))
        return tuple(out.values())

    @property
    def any_cuda_versions(self) -> tuple[str, ...]:
        """CUDA versions from the host facts, else from the log's folder names."""
        return self.cuda_versions or self.log_cuda_versions

    def _site_python(self) -> tuple[str, Hit] | None:
        """``("3.Y", line)`` from the log's first ``python3.Y/site-packages`` path, else its
        first Windows ``Python3Y\\lib\\site-packages`` one; ``None`` when neither shows."""
        site = self.h("ctx.python_site").first
        if site and site[0].g("v"):
            return site[0].g("v") or "", site[0]
        win = self.h("ctx.python_site_win").first
        if win and win[0].g("mi"):
            return f"3.{int(win[0].g('mi') or 0)}", win[0]
        return None

    @property
    def log_python_version(self) -> str | None:
        """Python ``3.Y`` from a ``python3.Y/site-packages`` (or Windows
        ``Python3Y\\lib\\site-packages``) path in the log, or ``None``."""
        found = self._site_python()
        return found[0] if found is not None else None

    @property
    def tf_floor_from_python(self) -> tuple[tuple[int, int], str] | None:
        """``((major, minor), why)``: the oldest TensorFlow whose wheels the log's Python
        can run (its ``Python 3.9.13`` line, else a ``python3.9/site-packages`` or
        ``Python39\\lib\\site-packages`` path), when that says more than the table's oldest
        row (``Knowledge.first_tf_for_python``: Python 3.9 runs TensorFlow 2.5 or newer);
        ``None`` otherwise.  The host facts' interpreter is not used: it need not be the
        one that wrote the log."""
        from tfgpu.knowledge import KnowledgeQueryError

        printed = self.printed_python
        site = self._site_python()
        py: tuple[str, str] | None = None
        if printed is not None and printed.g("v"):
            py = printed.g("v") or "", f"line {printed.line}"
        elif site is not None:
            py = site[0], f"line {site[1].line}"
        if py is None:
            return None
        os = "windows" if self.windows else ("macos" if self.os == "macos" else "linux")
        try:
            row = self.kb.first_tf_for_python(py[0], os)
        except KnowledgeQueryError:
            return None
        mm = tf_minor(row.tf_version) if row is not None else None
        if row is None or mm is None:
            return None
        core = self.kb.platform_fact("tf-api-module-spelling-tensorflow-core")
        until = tf_minor(core.value("releases_until"))
        paths = [*self.h("ctx.python_site").all(), *self.h("ctx.python_site_win").all()]
        if until is not None and mm > until and any(
                re.search(r"[\\/]tensorflow_core[\\/]", h.text) for h in paths):
            return None  # a tensorflow_core package (1.15-2.1) under a newer Python: no floor
        xy = ".".join(py[0].split(".")[:2])
        return mm, (f"Python {xy} ({py[1]}) first has TensorFlow wheels in {mm[0]}.{mm[1]} "
                    f"({row.ref})")

    @property
    def fix_python(self) -> tuple[str, str] | None:
        """``(version, where)``: the Python that a pip fix must install into, for checking
        that a pinned release has a wheel for it.  The host facts' interpreter
        (``("3.12.3", "host facts")``), else the log's ``Python 3.12.3`` line
        (:attr:`printed_python`: ``("3.12", "line 4")``), else a ``python3.12/site-packages``
        path in the log (:attr:`log_python_version`); ``None`` when none is known."""
        if self.python_version:
            return self.python_version, "host facts"
        printed = self.printed_python
        if printed is not None and printed.g("v"):
            return printed.g("v") or "", f"line {printed.line}"
        site = self._site_python()
        if site is not None:
            return site[0], f"line {site[1].line}"
        return None

    @property
    def non_pip_tensorflow(self) -> bool:
        """The log shows TensorFlow used through tfjs-node(-gpu) or the libtensorflow C
        library: pip fixes (``tensorflow[and-cuda]``) do not apply."""
        # pip TensorFlow ships its own libtensorflow_framework.so.2 under
        # site-packages/tensorflow/ (an undefined-symbol line names it): that is no hint;
        # a libtensorflow install folder or the JNI/C++ library is one (issue 10 section 2)
        # Python TensorFlow's own NotFoundError (tf.load_op_library) naming a framework
        # library file is an op library's dependency in a pip install (checks/
        # framework_soname.py), no hint either
        # (the NotFoundError's own line, or the line before when a paste wrapped the message
        # after "NotFoundError:")
        return any(
            "tfjs" in h.text or not (re.search(r"-packages[/\\]tensorflow[/\\]", h.text)
                                     or "errors_impl.NotFoundError" in h.text
                                     or "errors_impl.NotFoundError" in h.before)
            for h in self.h("ctx.nonpip_tf").all()
        ) or bool(self.h("ctx.libtensorflow").count)

    @property
    def jetson_log(self) -> Hit | None:
        """The line that best names an NVIDIA Jetson (pattern ``ctx.jetson``, its words in
        group ``what``: "Jetson Nano", "JetPack 4.4", "L4T 32.4.2", a -tegra kernel, an l4t-
        image, libnvdla_*; a module or JetPack named first, then an L4T release, then the
        first line), or ``None``.  A Jetson is a Tegra system-on-chip: its GPU is
        on the chip and its CUDA, cuDNN, TensorRT and driver come with its JetPack release
        (platform fact ``jetson-gpu-on-chip``).

        Only lines that show the host count (review b48a P1): a Jetson's own output (a
        -tegra kernel, /etc/nv_tegra_release, tegrastats, jtop/jetson_release lines, CUDA's
        aarch64-linux target folder, libnvdla_*, an nvidia-jetpack package line, an L4T image
        in a docker command; :data:`_JETSON_MARKER`), or the user's words naming it unless in
        a move or contrast clause ("from the Jetson Nano to my desktop PC", "works on my
        Jetson but ..."; :func:`_jetson_word_holds`).  An x86_64/amd64 machine
        (``ctx.x86_machine``) or a desktop NVIDIA GPU named in the log (``eco.
        nvidia_gpu_named``: GeForce, RTX/GTX, Quadro, Tesla, NVIDIA A100...) outranks all of
        them: the failing host is then a PC, and nvidia-jetpack cannot be installed there."""
        if self.h("ctx.x86_machine").count or any(
                _DESKTOP_GPU.search(h.text) for h in self.h("eco.nvidia_gpu_named").all()):
            return None
        hits = [h for h in self.h("ctx.jetson").all()
                if _JETSON_MARKER.search(h.text) or _jetson_word_holds(h)]
        # a module or JetPack named tells most, then an L4T release, then the rest
        def rank(h: Hit) -> tuple[int, int]:
            what = (h.g("what") or "").lower()
            return (0 if what.startswith(("jetson", "jetpack")) else
                    1 if what.startswith(("l4t", "# r")) else 2), h.line
        return min(hits, key=rank) if hits else None

    @property
    def in_container(self) -> bool:
        """The log comes from (or about) a Docker/NGC container: the NGC banner or a
        Docker / NVIDIA Container Toolkit error."""
        return any(self.h(n).count for n in ("container.ngc_no_driver", "docker.no_gpu_driver",
                                             "docker.no_runtime", "docker.no_gpus_flag",
                                             "docker.nvc_init"))

    # --- lead: the release a log's C++ source paths date ------------------------------------
    @property
    def tf_at_most(self) -> tuple[int, int] | None:
        """The newest TensorFlow ``(major, minor)`` that prints the source paths the log's
        C++ lines show, or ``None`` when they do not date it.

        Source: platform fact ``tf-log-source-paths`` (``tensorflow/stream_executor/`` is
        printed by 2.10 and older, read from the release wheels).  Only the lines some
        pattern kept are read (bounded: the first and last hits of each pattern).
        """
        rules: list[tuple[str, tuple[int, int]]] = []
        for entry in self.kb.platform_fact("tf-log-source-paths").values.get("paths_until", ()):
            path, _, until = str(entry).partition("=")
            mm = tf_minor(until)
            if path and mm is not None:
                rules.append((path, mm))
        found: tuple[int, int] | None = None
        for hits in self.log.hits.values():
            for hit in hits.all():
                for path, mm in rules:
                    if path in hit.text and (found is None or mm < found):
                        found = mm
        return found

    def tf_floor_from_paths(self) -> tuple[tuple[int, int], str, Hit] | None:
        """``((major, minor), path, line)``: the oldest TensorFlow that prints a source path
        one of the log's C++ log lines shows (``external/local_xla/xla/service/service.cc:
        168]`` is printed by 2.15 and newer), the path and that line; the newest such floor
        when several paths show; ``None`` when no line dates a floor.

        Source: platform fact ``tf-log-source-paths`` (``paths_from``, read from the release
        wheels).  Only a path followed by a source file and its line number in a log prefix
        (``<path>...cc:<n>]``) counts, and only on the lines some pattern kept (the first and
        last hits of each pattern)."""
        rules: list[tuple[re.Pattern[str], str, tuple[int, int]]] = []
        for entry in self.kb.platform_fact("tf-log-source-paths").values.get("paths_from", ()):
            path, _, since = str(entry).partition("=")
            mm = tf_minor(since)
            if path and mm is not None:
                rules.append((re.compile(r"(?<![\w-])" + re.escape(path)
                                         + r"[\w./-]{0,200}\.(?:cc|h):\d{1,6}\]"), path, mm))
        found: tuple[tuple[int, int], str, Hit] | None = None
        for hits in self.log.hits.values():
            for hit in hits.all():
                for rx, path, mm in rules:
                    if ((found is None or mm > found[0] or (mm == found[0] and hit.line
                                                             < found[2].line))
                            and rx.search(hit.text)):
                        found = (mm, path, hit)
        return found

    def tf_predates(self, series: tuple[int, int]) -> bool | None:
        """Whether the TensorFlow in use is older than ``series``: from its version (host
        facts or a version line), else from :attr:`tf_at_most`; ``None`` when unknown."""
        mm = self.tf_mm
        if mm is not None:
            return mm < series
        bound = self.tf_at_most
        if bound is not None and bound < series:
            return True
        floor = self.tf_floor_from_python
        if floor is None or (bound is not None and floor[0] > bound):
            return None  # no floor, or the paths contradict it (a build outside the tables)
        return False if floor[0] >= series else None

    def built_without_cuda(self) -> list[Hit]:
        """Log lines in which TensorFlow answers that it was built without CUDA, in line
        order: ``is_built_with_cuda(): False`` (or a label and False on one line), the
        ``'is_cuda_build': False`` of ``tf.sysconfig.get_build_info()``, a bare ``False`` on
        the line right after an ``is_built_with_cuda()`` call, and the ``2.15.0 False`` that
        ``print(tf.__version__, tf.test.is_built_with_cuda())`` prints (patterns
        ``gpu.version_built_call``/``gpu.version_bool_line``) within 3 lines of that call.
        Empty when none says so."""
        calls = self.h("gpu.built_call").all()
        out = [h for h in calls if h.g("val") == "False"]
        out += [h for h in self.h("gpu.build_info").all() if h.g("val") == "False"]
        out += [h for h in self.h("gpu.bool_line").all()
                if h.g("val") == "False" and any(h.line - a.line == 1 for a in calls)]
        printed = self.h("gpu.version_built_call").all()
        out += [h for h in self.h("gpu.version_bool_line").all()
                if any(0 < h.line - a.line <= 3 for a in printed)]
        return sorted({h.line: h for h in out}.values(), key=lambda h: h.line)

    # --- a TensorFlow version printed on a line of its own ----------------------------------
    @property
    def printed_tf_version(self) -> str | None:
        """A TensorFlow version printed alone on a line (``2.15.0``) at most 3 lines after a
        line that prints ``tf.__version__`` (``python -c "import tensorflow as tf;
        print(tf.__version__)"``), or ``pip show tensorflow``'s ``Version: 2.13.0`` right
        after its ``Name: tensorflow``; else ``None``."""
        calls = self.h("ctx.tf_version_call").all()
        for hit in self.h("ctx.version_line").all() if calls else ():
            if any(0 < hit.line - c.line <= 3 for c in calls):
                return hit.g("v")
        # the version and the device list printed on one line ("2.13.0 []")
        for hit in self.h("ctx.version_list").all() if calls else ():
            if any(0 < hit.line - c.line <= 3 for c in calls):
                return hit.g("v")
        # "2.15.0 False": print(tf.__version__, tf.test.is_built_with_cuda())
        for hit in self.h("gpu.version_bool_line").all() if calls else ():
            if any(0 < hit.line - c.line <= 3 for c in calls):
                return hit.g("v")
        names = self.h("ctx.pip_show_name").all()
        for hit in self.h("ctx.pip_show_version").all() if names else ():
            if any(0 < hit.line - n.line <= 2 for n in names):
                return hit.g("v")
        return None


    # --- host facts that prove the GPU works ---------------------------------------------------
    @property
    def host_gpu_works(self) -> bool:
        """The host facts prove a working GPU: the driver answered (NVML or nvidia-smi,
        status OK) and the TensorFlow child imported and listed at least one GPU.  A log
        line that says otherwise (a cuInit failure) is then from an earlier run: host facts
        win over log hints."""
        from tfgpu.facts import ProbeStatus

        h = self.host
        if h is None or h.driver is None or h.driver.status is not ProbeStatus.OK:
            return False
        return h.tf is not None and h.tf.status is ProbeStatus.OK and bool(h.tf.gpus)

    # --- the user asked for a GPU and got none ------------------------------------------------
    def empty_gpu_list_indexed(self) -> list[Hit]:
        """The ``IndexError: list index out of range`` a traceback raised on the line that
        takes the first GPU of a list (``set_memory_growth(gpus[0], True)``, pattern
        ``gpu.first_of_list``): that list of GPUs was empty.  The failing line is the one the
        error follows directly (Python 3.11+'s ``^^^`` marker line may stand between), or the
        one IPython's ``---->`` arrow marks with no other arrow before the error;
        ``set_visible_devices`` counts only when the line names GPU."""
        firsts = [h for h in self.h("gpu.first_of_list").all()
                  if "set_visible_devices" not in h.text or "GPU" in h.text]
        if not firsts:
            return []
        carets = {h.line for h in self.h("py.caret_line").all()}
        arrows = [h.line for h in self.h("py.ipython_arrow").all()]
        out: list[Hit] = []
        for err in self.h("py.index_error").all():
            for first in firsts:
                gap = err.line - first.line
                direct = gap == 1 or (gap == 2 and first.line + 1 in carets)
                arrow = (first.line in arrows and 0 < gap <= 8
                         and not any(first.line < a < err.line for a in arrows))
                if direct or arrow:
                    out.append(err)
                    break
        return out[:1]

    def gpu_intent_evidence(self) -> list[Hit]:
        """Log lines showing that the user ASKED TensorFlow for a GPU and got none.

        ``Num GPUs Available: 0`` / ``GPU is NOT AVAILABLE`` (the TF GPU guide's snippet),
        ``[]`` within 4 lines after ``list_physical_devices('GPU')``, a device list holding
        only CPU devices (``list_physical_devices()``, ``device_lib.list_local_devices()``),
        ``False`` or ``''`` within 5 lines after ``tf.test.is_gpu_available()`` /
        ``tf.test.gpu_device_name()``, and the snippet's ``Default GPU Device:`` with no name
        (or its "Please install GPU version of TF"), and the user's own words that the machine
        has an NVIDIA GPU ("I have a GTX 1060 6GB in this PC", pattern
        ``ctx.gpu_owned_prose``).  Intent is NOT proof of a GPU (see
        :meth:`gpu_log_evidence`): it only says the user wants one, so a log-only "harmless
        without a GPU" reading is no longer the honest answer.  Empty when the log shows a
        GPU device created (the GPU works).
        """
        if self.h("gpu.created").count:
            return []

        def after(hits: list[Hit], anchors: list[Hit], window: int) -> list[Hit]:
            return [h for h in hits if any(0 < h.line - a.line <= window for a in anchors)]

        out: list[Hit] = list(self.h("gpu.none_msg").all())
        out += self.empty_gpu_list_indexed()  # set_memory_growth(gpus[0]) on an empty list
        gpu_calls = self.gpu_list_calls()  # with Keras' _get_available_gpus()
        out += after(self.h("gpu.empty_list").all(), gpu_calls, 4)
        out += self.oneliner_empty_lists() + self.repl_negative_results()
        out += [h for h in self.h("gpu.device_list").all()
                if "GPU" not in (h.g("body") or "") and "CPU" in (h.g("body") or "")]
        devlib = self.h("gpu.devlib").all()
        if devlib and not any("GPU" in (h.g("dev") or "") or ":GPU:" in h.text for h in devlib):
            out += devlib[:2]
        out += after([h for h in self.h("gpu.bool_line").all() if h.g("val") == "False"]
                     + self.h("gpu.empty_str").all(), self.h("gpu.avail_call").all(), 5)
        out += self.h("tools.gpu_name_empty").all()
        out += self.h("ctx.gpu_owned_prose").all()[:1]  # "I have a GTX 1060 in this PC"
        if self.gpu_listed_last(out):
            return []
        return sorted({h.line: h for h in out}.values(), key=lambda h: h.line)
    # --- the Windows build under WSL --------------------------------------------------------------
    @property
    def wsl_windows_build(self) -> int | None:
        """The Windows build number a WSL host runs on, or ``None`` (not WSL, or not shown).

        From the host facts (a "build NNNNN" in the OS name or version, or WSL1's kernel
        release ``4.4.0-NNNNN-Microsoft``, whose middle number is the Windows build), else
        from a WSL1 kernel release in the log.  WSL GPU compute needs build 19044 or later
        (platform fact ``wsl2-min-windows-build``); WSL2 itself arrived with build 18362.
        """
        texts: list[str] = []
        if self.host is not None:
            if not self.host.os.is_wsl:
                return None
            o = self.host.os
            texts = [t for t in (o.kernel, o.name, o.version) if t]
        texts += [h.text for h in self.h("ctx.wsl1").all()]
        for text in texts:
            m = _BUILD_RE.search(text)
            if m:
                return int(m.group(1) or m.group(2))
        return None

    # --- the program that printed the log -----------------------------------------
    #: names of the ``ctx.other_framework`` groups, as a user knows them
    _FRAMEWORKS: tuple[tuple[str, str], ...] = (
        ("ort", "ONNX Runtime"), ("paddle", "PaddlePaddle"), ("cupy", "CuPy"),
        ("ct2", "CTranslate2 (faster-whisper)"), ("nccl", "NCCL"), ("numba", "numba"),
        ("torch", "PyTorch"), ("whisper", "a Whisper runtime (CTranslate2 or PyTorch)"),
        ("caffe", "Caffe"), ("darknet", "darknet"), ("xgboost", "XGBoost"), ("mxnet", "MXNet"),
        ("opencv", "OpenCV's DNN module"), ("tensorrt", "a TensorRT application"))

    @property
    def log_script(self) -> str | None:
        """What follows ``python`` to rerun the program the log shows (pattern
        ``ctx.script``): ``-m pkg.train`` for a shell prompt's ``python -m pkg.train``, else
        the script of a shell prompt's ``python <script>.py`` or of a traceback's module
        frame outside installed packages and notebook cells, the first in the log.  A
        ``python -m`` of a tool (:data:`_TOOL_MODULES`: pip, venv, a notebook kernel...)
        is not the program.  ``None`` when the log shows none (a notebook, a log without a
        traceback); a module frame right below runpy's ``_run_module_as_main`` frame (the
        same traceback of a ``python -m`` run) is no script to run by path."""
        hits = sorted(self.h("ctx.script").all(), key=lambda h: h.line)
        runpy = [h.line for h in hits if h.g("runpy")]
        for h in hits:
            mod = h.g("mod")
            if mod and mod.split(".")[0] not in self._TOOL_MODULES:
                return f"-m {mod}"
            if cmd := h.g("cmd"):
                return cmd
            script = h.g("script")
            if script and not any(0 < h.line - r <= 6 for r in runpy):
                return script
        return None

    #: ``python -m`` modules that are tools, not the user's program (pip, the venv and
    #: ensurepip modules, Jupyter's kernel and servers, TensorBoard, the stdlib's servers).
    _TOOL_MODULES = frozenset({"pip", "venv", "virtualenv", "ensurepip", "ipykernel",
                               "ipykernel_launcher", "jupyter", "jupyterlab", "notebook",
                               "tensorboard", "http", "pydoc", "unittest", "pytest",
                               "conda", "idlelib", "site", "json", "timeit", "cProfile"})

    @property
    def other_framework(self) -> str | None:
        """The CUDA program other than TensorFlow that printed this log ("ONNX Runtime",
        "PaddlePaddle", "CuPy", ...; the first one the log names), or ``None`` when the log
        shows TensorFlow (any ``ctx.tensorflow`` or ``ctx.tfjs`` line) or no other
        framework.  Its CUDA messages are then that program's faults:
        a TensorFlow install fix (``tensorflow[and-cuda]``, a TF build for another CUDA)
        would be wrong there."""
        if self.h("ctx.tensorflow").count or self.h("ctx.tfjs").count:
            return None
        hits = self.h("ctx.other_framework").all()
        for hit in sorted(hits, key=lambda h: h.line):
            for group, name in self._FRAMEWORKS:
                if hit.g(group):
                    return name
        return None

    @property
    def rocm_log(self) -> bool:
        """The log shows AMD's ROCm stack (pattern ``ctx.rocm``: stream_executor/rocm paths,
        MIOpen/rocBLAS/HIP status names, ROCm library file names, /opt/rocm,
        tensorflow-rocm).  Its GPU messages are then tensorflow-rocm's: CUDA, cuDNN and
        ``tensorflow[and-cuda]`` causes and fixes do not apply."""
        return bool(self.h("ctx.rocm").count)

    # --- the Python version a log prints -------------------------------------------------------
    @property
    def printed_python(self) -> Hit | None:
        """The first ``Python 3.13.0`` line of the log (what ``python --version`` prints,
        alone on its line; pattern ``ctx.python_version``), or ``None``.  Its ``v`` group is
        ``3.13``: the interpreter a user ran, not necessarily the one pip belongs to."""
        hits = self.h("ctx.python_version").all()
        return min(hits, key=lambda h: h.line) if hits else None

    @property
    def jax_log(self) -> bool:
        """The log is JAX's: JAX's own lines (``ctx.jax``: jax/_src paths, jaxlib's
        XlaRuntimeError) and none of TensorFlow's Python side (``ctx.tf_python``).  jaxlib
        builds XLA and StreamExecutor from TensorFlow's tree, so its C++ lines carry
        ``external/org_tensorflow/tensorflow/...`` paths that TensorFlow's patterns match; a
        JAX import at a prompt counts only beside such vendored lines (``ctx.jax_prompt``,
        ``ctx.vendored_tf``): TensorFlow's own build logs ``tensorflow/...`` without the
        prefix, and a JAX session may import TensorFlow too (tensorflow_datasets).  XLA's own
        repository path ``external/xla/xla/`` (``ctx.jax_xla_path``) is jaxlib's: TensorFlow
        logs ``tensorflow/compiler/xla`` up to 2.13 and ``external/local_xla`` from 2.14."""
        if self.h("ctx.tf_python").count:
            return False
        return bool(self.h("ctx.jax").count or (
            self.h("ctx.jax_prompt").count and self.h("ctx.vendored_tf").count)
            or self._vendored_xla_alone) or bool(
            # XLA's own repository path (jaxlib's since XLA left TensorFlow's tree), unless
            # another framework (PyTorch/XLA) printed it
            self.h("ctx.jax_xla_path").count and self.other_framework is None
            and not self._tf_java_or_c_api
            and not any("external/xla/xla/" not in h.text.replace("\\", "/")
                        for h in self.h("ctx.tensorflow").all()))

    @property
    def _tf_java_or_c_api(self) -> bool:
        """TensorFlow Java or the TensorFlow C API printed the log (review b48a P8): a Java
        stack trace through ``org.tensorflow.*`` classes, the JavaCPP ``AbstractTF_*``
        classes or the C API's session calls (``ctx.tf_java_capi``), or the JNI/C library
        named (``ctx.libtensorflow``: libtensorflow_jni, libtensorflow_cc, a libtensorflow
        folder).  These bazel builds embed TensorFlow as ``@org_tensorflow`` and so print the
        same ``external/org_tensorflow/tensorflow/compiler/xla`` paths jaxlib did; they are
        TensorFlow, not JAX (tensorflow/java: org.tensorflow.Session,
        org.tensorflow.exceptions.TFFailedPreconditionException)."""
        return bool(self.h("ctx.tf_java_capi").count or self.h("ctx.libtensorflow").count)

    @property
    def _vendored_xla_alone(self) -> bool:
        """XLA's C++ lines under TensorFlow's vendored tree (``external/org_tensorflow/
        tensorflow/compiler/xla/...``, pattern ``ctx.vendored_xla``) with nothing of the
        TensorFlow runtime beside them: jaxlib up to its move to the XLA repository built XLA
        and StreamExecutor from TensorFlow's tree as the Bazel repository org_tensorflow
        (jax-ml/jax#7239, #13570: pastes without a Python line), while a model server or
        another bazel binary embedding TensorFlow also prints that runtime (``ctx.
        vendored_tf_runtime``: its SavedModel loader, GPU device, kernels, graph runtime) or
        its own name (``ctx.tf_serving``, ``ctx.model_server``'s server words), and another
        framework (PyTorch/XLA) is no JAX either."""
        if not self.h("ctx.vendored_xla").count or self.h("ctx.vendored_tf_runtime").count \
                or self.h("ctx.tf_serving").count or self.other_framework is not None \
                or self._tf_java_or_c_api:
            return False
        return not any(re.search(r"tensorflow_model_server|tritonserver|tensorflow_serving/"
                                 r"|model_lifecycle\.cc|Loading servable", h.text)
                       for h in self.h("ctx.model_server").all())

    @property
    def vendored_tensorflow(self) -> bool:
        """TensorFlow's C++ built into another program than the pip package and than jaxlib:
        its lines carry ``external/org_tensorflow/tensorflow/...`` (the Bazel repository name
        other projects give TensorFlow: TF Serving, JNI/C API builds, other bazel binaries;
        ``ctx.vendored_tf``) and the log is not JAX's (:attr:`jax_log`). Pip TensorFlow logs
        ``tensorflow/...`` without the prefix, so the pip wheels' install fixes do not apply."""
        return bool(self.h("ctx.vendored_tf").count) and not self.jax_log

    # --- Nix hosts ------------------------------------------------------
    @property
    def nix_host(self) -> Hit | None:
        """The first line that shows Nix (pattern ``ctx.nix``: a ``/nix/store/<hash>-`` path,
        nix-build, nix-shell, nix develop, nixpkgs' tensorflowWithCuda, NixOS named), or the
        host facts' OS named NixOS (then ``None`` too: no line to quote, see
        :attr:`nix_named`); ``None`` otherwise.  Nix-built programs do not search the
        system's library cache: the NVIDIA driver's libcuda.so.1 reaches them through
        /run/opengl-driver/lib (nixpkgs addDriverRunpath)."""
        return self.h("ctx.nix").first[0] if self.h("ctx.nix").count else None

    @property
    def nix_named(self) -> bool:
        """The log (:attr:`nix_host`) or the host facts' OS name shows Nix/NixOS."""
        if self.host is not None and "nixos" in (self.host.os.name or "").lower():
            return True
        return self.nix_host is not None

    # --- R hosts --------------------------------------------------------
    @property
    def r_host(self) -> bool:
        """The log is from R (reticulate, R's tensorflow/keras packages): ``library(tensorflow)``,
        an ``r-tensorflow``/``r-reticulate`` environment path, ``py_module_import``, or R's
        ``tf_config()`` output (patterns ``ctx.r_host``, ``ctx.r_python``)."""
        return bool(self.h("ctx.r_host").count or self.h("ctx.r_python").count)

    @property
    def glog_fatal(self) -> list[Hit]:
        """The log's glog FATAL lines, in log order: "F <file>:<line>] <message>" (pattern
        ``tell.glog``) and a FATAL prefix a hard wrap left alone on its line, the message
        on the next ones (``tell.glog_head``): the process stopped there."""
        return sorted((h for name in ("tell.glog", "tell.glog_head") for h in self.h(name).all()
                       if h.g("lvl") == "F"), key=lambda h: h.line)

    @property
    def log_installer(self) -> str | None:
        """The installer the paste's own commands use, for fix lines in its words:
        ``"poetry"`` (a poetry command, or Poetry's SolverProblemError), ``"uv-project"``
        (uv init/add/sync/lock/run, uv's resolver saying "your project", or a uv report about
        the project's Python range),
        ``"uv-pip"`` (uv pip, or a uv report alone); ``None`` for none, or for both uv and
        Poetry (patterns ``ctx.installer``, ``pip.uv_report``)."""
        hits = self.h("ctx.installer").all()
        tools = {h.g("tool") or ("uv init" if h.g("uv_project") else "poetry") for h in hits}
        reports = self.h("pip.uv_report").all()
        poetry = any(t.startswith("poetry") for t in tools)
        uv = any(t.startswith("uv") for t in tools) or bool(reports)
        if poetry and uv:
            return None
        if poetry:
            return "poetry"
        if tools & {"uv add", "uv sync", "uv lock", "uv run", "uv init"} or any(
                h.g("split") or h.g("active") for h in reports):
            return "uv-project"
        return "uv-pip" if uv else None

    @property
    def log_uv_system(self) -> bool:
        """Whether the paste's ``uv pip`` commands install with ``--system`` (an interpreter
        outside any virtual environment; pattern ``ctx.installer``)."""
        return any(h.g("tool") == "uv pip" and "--system" in h.text
                   for h in self.h("ctx.installer").all())

    @property
    def r_python(self) -> str | None:
        """The Python interpreter R uses, as R's ``tf_config()`` prints it ("Python v3.10
        (~/.virtualenvs/r-tensorflow/bin/python)"); else ``None``."""
        hit = self.h("ctx.r_python").last
        return hit.g("py") if hit is not None else None

    # --- mends: the driver library libcuda in library-load lines --------------------------------
    def libcuda_hits(self, pattern: str = "lib.missing") -> list[Hit]:
        """Hits of the log pattern ``pattern`` whose ``lib`` group is the NVIDIA driver's
        Linux library (``libcuda.so``, ``libcuda.so.1``); by default ``lib.missing``
        ("Could not load dynamic library 'libcuda.so.1'"), in log order.  Windows'
        ``nvcuda.dll`` is not included."""
        return [h for h in self.h(pattern).all() if (h.g("lib") or "").startswith("libcuda.so")]

    # --- the OS a mixed log is from, by its majority of evidence lines ---------------
    def linux_outweighs_windows(self) -> bool:
        """Whether more lines of the log show Linux (ELF sonames, ``LD_LIBRARY_PATH``,
        ``linux``, Linux-only paths such as ``/home/``, ``/proc/``: patterns ``ctx.linux``,
        ``ctx.linux_path``) than show Windows (drive paths, DLLs, prompts: ``ctx.windows``,
        ``win.dll_load``, ``ctx.win_prompt``); a tie keeps Windows.  Counts distinct lines
        among the recorded hits (bounded per pattern)."""
        def lines(*names: str) -> set[int]:
            return {h.line for n in names for h in self.h(n).all()}
        win = lines("ctx.windows", "win.dll_load", "ctx.win_prompt")
        lin = lines("ctx.linux", "ctx.linux_path") - win
        return len(lin) > len(win)

    @property
    def intel_mac(self) -> bool | None:
        """``True`` when the host is macOS on x86_64 (host facts; or the log shows macOS, by
        ``ctx.macos`` or ``sw_vers``, and an x86_64 machine: patterns ``ctx.macos_tool``,
        ``ctx.x86_64``); ``False`` when the host facts or the log show another OS or
        machine, or the log names an Apple M-series chip (``tools.apple_chip``: an x86_64
        Python there runs under Rosetta 2, on an Apple-silicon Mac); ``None`` when
        unknown."""
        if self.host is not None:
            machine = (self.host.os.machine or self.host.cpu.machine or "").lower()
            return self.os == "macos" and machine in ("x86_64", "amd64", "i386")
        if any(h.g("gen") for h in self.h("tools.apple_chip").all()):
            return False
        mac = bool(self.h("ctx.macos").count or self.h("ctx.macos_tool").count)
        x86 = bool(self.h("ctx.x86_64").count)
        if mac and x86:
            return True
        if self.os in ("windows", "linux") or self.h("tools.apple_chip").count:
            return False
        return None

    # --- log lines a GPU run alone prints (the log was made on a machine with a GPU) ---
    def gpu_run_evidence(self) -> list[Hit]:
        """Log lines only a process that had a CUDA GPU prints, beyond the device listings of
        :meth:`gpu_log_evidence`: the GPU allocator ran out of memory (bfc_allocator's
        "Allocator (GPU_0_bfc) ran out of memory", an OOM on ``/device:GPU:N`` or by
        allocator ``GPU_N...``), "failed to allocate ... from device: CUDA_ERROR_OUT_OF_MEMORY",
        and a cuDNN/cuBLAS/cuSOLVER/cuSPARSE handle that could not be created (StreamExecutor
        creates those handles only for a GPU it opened), and cuDNN's loaded-version lines
        ("Loaded runtime CuDNN library: X but source was compiled with: Y", "Loaded cuDNN
        version N": ``CudnnSupport::Init`` in cuda_dnn.cc prints them after ``cudnnCreate``
        succeeded in a context of the GPU's StreamExecutor).  At most two per kind, in no
        order.
        (The verdict's "allocated on a GPU" reads memory findings' quoted text instead:
        ``verdict._GPU_ALLOCATION``.)"""
        out: list[Hit] = []
        out += [h for h in self.h("mem.ran_out").all()
                if (h.g("alloc") or "").upper().startswith("GPU_")
                or (h.g("src") or "").startswith("gpu_")][:2]
        out += [h for h in self.h("mem.oom_tensor").all()
                if "GPU" in (h.g("device") or "").upper()
                or (h.g("alloc") or "").upper().startswith("GPU_")][:2]
        out += [h for h in self.h("mem.cuda_oom").all() if h.g("size")][:2]
        out += [h for h in self.h("mem.handle").all() if h.g("lib")][:2]
        out += [h for h in self.h("cudnn.dnn_handle").all() if h.g("lib")][:2]
        # as StreamExecutor printed them (its cuda_dnn.cc prefix, or the line's own start), not
        # quoted in prose
        out += [h for h in self.h("cudnn.mismatch").all() + self.h("cudnn.loaded").all()
                if "cuda_dnn.cc:" in h.text or h.text.lstrip().startswith("Loaded")][:2]
        return out

    # --- the printed outputs of the GPU check snippets -----------------------------
    def gpu_list_calls(self) -> list[Hit]:
        """Lines that ask TensorFlow for its GPU list, whose result (``[]``, a device list) the
        next lines print: ``list_physical_devices('GPU')`` / ``list_logical_devices('GPU')``
        (pattern ``gpu.list_call`` with ``dev`` GPU) and Keras 2.2-2.3's
        ``K.tensorflow_backend._get_available_gpus()`` (``gpu.keras_gpus_call``; keras-team/keras
        2.2.4/2.3.1 backend/tensorflow_backend.py: a list of GPU device names)."""
        calls = [h for h in self.h("gpu.list_call").all() if h.g("dev") == "GPU"]
        return sorted(calls + self.h("gpu.keras_gpus_call").all(), key=lambda h: h.line)

    def oneliner_empty_lists(self) -> list[Hit]:
        """The ``[]`` a ``python -c "...print(tf.config.list_physical_devices('GPU'))"``
        one-liner printed (the install page's check, tensorflow/docs site/en/install/pip.md):
        the first ``[]`` alone on a line within 40 lines after that command line.  Its only
        stdout is the list; TensorFlow's start-up lines in between go to stderr, so the
        4-line window of a REPL echo does not reach it."""
        empties = self.h("gpu.empty_list").all()
        out: list[Hit] = []
        for call in self.gpu_list_calls():
            if not re.search(r"\bpython[\d.]*(?:\.exe)?\s+-c\b", call.text):
                continue
            later = [h for h in empties if 0 < h.line - call.line <= 40]
            out += later[:1]
        return out

    def repl_negative_results(self) -> list[Hit]:
        """The results a REPL printed for a GPU check typed at its prompt (``>>> `` or
        ``In [n]:``; pattern ``ctx.repl_prompt``): the first ``True``/``False``/``''`` after
        an ``is_gpu_available()``/``gpu_device_name()`` call when it is ``False`` or ``''``,
        and the first ``[]`` after a GPU list call (:meth:`gpu_list_calls`), when it comes
        before the next prompt and within 80 lines.  TensorFlow's start-up lines (stderr)
        stand between a call and its result, beyond the few lines the plain readers allow."""
        prompts = sorted(h.line for h in self.h("ctx.repl_prompt").all())
        pairs = ((self.h("gpu.avail_call").all(),
                  self.h("gpu.bool_line").all() + self.h("gpu.true_line").all()
                  + self.h("gpu.empty_str").all()),
                 (self.gpu_list_calls(), self.h("gpu.empty_list").all()))
        out: list[Hit] = []
        for calls, results in pairs:
            for call in calls:
                if call.line not in prompts:
                    continue
                end = min(next((p for p in prompts if p > call.line), call.line + 81),
                          call.line + 81)
                later = sorted((h for h in results if call.line < h.line < end),
                               key=lambda h: h.line)
                out += [h for h in later[:1] if "True" not in h.text]  # the first answer
        return out

    def gpu_listed_last(self, negatives: list[Hit]) -> bool:
        """A check's output names a GPU (:attr:`tf_gpu_listed`) AFTER every line of
        ``negatives`` (outputs that list none): the last reading is that TensorFlow sees the
        GPU ("Num GPUs Available:  0", a fix, then "Num GPUs Available:  1").  A listed GPU
        before a later empty list (another machine or environment pasted first) is not.
        A listing line itself is never one of the negatives."""
        listed = self.tf_gpu_listed
        lines = {h.line for h in listed}  # a CPU-and-GPU list is no negative of its own
        return bool(listed) and max(lines) > max(
            (h.line for h in negatives if h.line not in lines), default=0)

    @property
    def tf_gpu_listed(self) -> list[Hit]:
        """Printed snippet outputs in which TensorFlow names a GPU device: the GPU is visible
        to TensorFlow (the same "the GPU works" reading as a ``Created device ... GPU:N``
        line, pattern ``gpu.created``).  ``[PhysicalDevice(name='/physical_device:GPU:0',
        device_type='GPU')]`` (eager/context.py's namedtuple repr, TF 2.x), "Default GPU
        Device: /device:GPU:0" (``tf.test.gpu_device_name()``), Keras' ``['/device:GPU:0']``,
        "Num GPUs Available:  1", a one-line ``is_gpu_available()`` True (pattern
        ``gpu.tf_listed``), and a ``device_lib.list_local_devices()`` entry
        ``name: "/device:GPU:0"`` (``gpu.devlib``).  It proves TensorFlow registered a GPU,
        not which vendor's (the Metal and DirectML plugins list theirs as GPU too)."""
        out = list(self.h("gpu.tf_listed").all())
        out += [h for h in self.h("gpu.devlib").all()
                if h.g("dev") == "GPU" and 'name: "/device:GPU:' in h.text]
        return sorted({h.line: h for h in out}.values(), key=lambda h: h.line)

    # --- log lines that say this process has no NVIDIA GPU or no driver ----------
    def no_gpu_log_evidence(self) -> list[Hit]:
        """Log lines that say this process has no NVIDIA GPU or no NVIDIA driver, first of
        each kind: TensorFlow's cuda_diagnostics.cc "no NVIDIA GPU device is present:
        /dev/nvidia0 does not exist" and "kernel driver does not appear to be running on this
        host", the CUDA runtime's "no CUDA-capable device is detected" (cudaErrorNoDevice)
        and a cuInit that failed with ``CUDA_ERROR_NO_DEVICE`` (CUresult 100).  Empty when
        the log also shows a GPU (:meth:`gpu_log_evidence`: the lines disagree, so none
        decides).  TensorFlow's "Could not find cuda drivers on your machine" is NOT one of
        them: its cudart stub prints it when the CUDA runtime does not load, whatever the
        driver (visibility.py)."""
        if self.gpu_log_evidence():
            return []
        out: list[Hit] = []
        for name in ("diag.no_device_node", "diag.kernel_not_running", "gpu.no_device"):
            out += self.h(name).first[:1]
        out += [h for h in self.h("cuinit").all()
                if h.g("name") == "CUDA_ERROR_NO_DEVICE" or h.g("code") == "100"][:1]
        return sorted({h.line: h for h in out}.values(), key=lambda h: h.line)


#: A versioned CUDA toolkit folder as logs print it: ``/usr/local/cuda-11.8`` (the runfile
#: installer's default, NVIDIA's CUDA Installation Guide for Linux) or
#: ``C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2`` (Windows').
_CUDA_FOLDER_RE = re.compile(
    r"(?P<dir>(?:/[\w.+-]+)*/cuda-(?P<v>\d{1,2}\.\d{1,2})(?:\.\d{1,3})?)(?![\w.])"
    r"|(?P<wdir>[A-Za-z]:\\(?:[^\\\n\"';:]{1,80}\\){0,8}CUDA\\v(?P<w>\d{1,2}\.\d{1,2}))(?![\w.])")
#: A clause that denies WSL before the word ("not using WSL", "without WSL2", "instead of
#: WSL"), or asks whether WSL works at all ("does it work on WSL2?", "is WSL supported?"):
#: the word is then no host (:func:`_wsl_word_holds`).
_WSL_DENIED = re.compile(r"(?i)(?:\bnot\b|n't\b|\bno\b|\bwithout\b|\binstead of\b|\brather than"
                         r"\b|\boutside(?: of)?\b|\bnever\b)[^.;,!?\n]{0,30}$")
_WSL_QUESTION = re.compile(r"(?i)\b(?:does|do|can|could|will|would|is|are)\b[^.;!?\n]{0,60}"
                           r"\bwsl ?2?\b[^.;!?\n]{0,40}\b(?:work|run|support)\w*[^.;!\n]{0,30}\?"
                           r"|\b(?:does|do|can|could|will|would)\b[^.;!?\n]{0,60}\b(?:work|run|"
                           r"support)\w*\b[^.;!?\n]{0,40}\bwsl ?2?\b[^.;!\n]{0,30}\?")
_WSL_WORD = re.compile(r"\bWSL ?2?\b|(?i:\bwsl ?2\b)")
#: A host left behind right before the word: "I switched from WSL2 to ...", "moved over from
#: WSL", "coming from WSL" (review b48a P5).
_WSL_LEFT = re.compile(r"(?i)\b(?:switch\w*|mov\w*|migrat\w*|came|coming|went|back)\s+"
                       r"(?:over\s+|back\s+)?from\s+(?:(?:my|the|a)\s+)?$")
#: A contrast after the word: "works in WSL2, but on native Windows it does not", "in WSL but
#: not on Windows" (review b48a P5).
_WSL_BUT = re.compile(r"(?i)^[^.;!?\n]{0,40}\bbut\b[^.;!?\n]{0,40}\b(?:native(?:ly)?|windows"
                      r"|outside|not (?:in|on|with|under))\b")


def _wsl_word_holds(text: str) -> bool:
    """Whether the word WSL on ``text`` (a ``ctx.wsl`` line whose match is the word alone)
    names the host: neither denied in its clause (:data:`_WSL_DENIED`), nor a host left
    (:data:`_WSL_LEFT`), nor contrasted with native Windows after it (:data:`_WSL_BUT`), nor
    inside a double-quoted passage (a quote of TensorFlow's install page: "... you will need to
    install TensorFlow in WSL2"), nor part of a question whether WSL works
    (:data:`_WSL_QUESTION`)."""
    if _WSL_QUESTION.search(text):
        return False
    return any(not (_WSL_DENIED.search(text[:m.start()]) or _WSL_LEFT.search(text[:m.start()])
                    or _WSL_BUT.search(text[m.end():])
                    or (text[:m.start()].count('"') + text[:m.start()].count("\u201c")
                        - text[:m.start()].count("\u201d")) % 2 == 1)
               for m in _WSL_WORD.finditer(text))


#: A ``ctx.jetson`` line that is a Jetson's own output, not prose (review b48a P1): the L4T
#: kernel release's -tegra suffix (uname -r), /etc/nv_tegra_release and its "# R32 (release)"
#: line, the device tree's tegraNNN- compatible string, tegrastats/jtop named, jetson_release's
#: and jtop's "- NVIDIA Jetson Nano ..." / "* Jetpack 4.6 [L4T 32.6.1]" / "L4T: 32.7.1" rows,
#: CUDA's aarch64-linux target folder, the DLA library libnvdla_*, an nvidia-jetpack package
#: line (dpkg -l, apt show, apt install), an l4t- or dustynv/ image in a docker/podman
#: command, a compose ``image:`` or a Dockerfile ``FROM``.
_JETSON_MARKER = re.compile(
    r"\d-tegra\b|\bnv_tegra_release\b|^# R\d{2} \(release\)|\btegra\d{3}[-_]|\btegrastats\b"
    r"|\bjtop\b|/targets/aarch64-linux/|\blibnvdla_"
    r"|^\s*[-*]\s*(?:Model:\s*)?NVIDIA Jetson\b|^\s*[-*]?\s*(?:(?i:jetpack)|L4T)\s*:"
    r"|\[L4T \d|\bnvidia-jetpack\S*\s+\d|Package:\s*nvidia-jetpack\b"
    r"|nvidia-jetpack\S* is already the newest"
    r"|\b(?:docker|podman)\b[^\n]{0,300}(?:\bl4t-|\bdustynv/)"
    r"|^\s*(?:-\s*)?image:\s*\S*(?:\bl4t-|\bdustynv/)|^\s*FROM\s+\S*(?:\bl4t-|\bdustynv/)")
#: A desktop or data-centre NVIDIA GPU (a card on the PCI bus, never a Jetson's on-chip GPU),
#: as ``eco.nvidia_gpu_named`` lines name it (that pattern also takes "NVIDIA Corporation",
#: which nvcc's banner prints on a Jetson too).
_DESKTOP_GPU = re.compile(r"\b(?:" + NVIDIA_CARD + ")")
#: The words right before a Jetson named in prose that make it another machine than the one
#: failing: "from (the|my) Jetson", "to the Jetson" (moving a model), "than/unlike/instead
#: of/besides/except my Jetson", "my old/previous/former Jetson".
_JETSON_ELSEWHERE = re.compile(
    r"(?i)(?:\b(?:from|to|than|unlike|instead of|rather than|besides|except|other than)"
    r"(?: (?:the|my|a|an|our|this|that|his|her|their))?(?: (?:old|previous|former))?"
    r"|\b(?:old|previous|former|other))\s*$")


def _jetson_word_holds(hit: Hit) -> bool:
    """Whether a ``ctx.jetson`` line in the user's words names the failing host: not after
    the words of another machine (:data:`_JETSON_ELSEWHERE`), and not a clause that says it
    works there but not here ("runs fine on my Jetson Nano, but on my desktop ...")."""
    what = hit.g("what") or ""
    pos = hit.text.find(what) if what else -1
    if pos < 0:
        return True
    if _JETSON_ELSEWHERE.search(hit.text[:pos]):
        return False
    # the sentence that names it (a one-line paste holds many: "on my jetson orin nano devkit.
    # I've run the training ... it worked well, ... but then I get ...", dusty-nv/jetson-
    # inference#1848, is no contrast clause)
    start = max(hit.text.rfind(". ", 0, pos) + 1, 0)
    end = hit.text.find(". ", pos + len(what))
    sentence = hit.text[start:end if end >= 0 else len(hit.text)]
    after = hit.text[pos + len(what):end if end >= 0 else len(hit.text)]
    return not (re.search(r"(?i)\b(?:but|however|whereas|while)\b", after)
                and re.search(r"(?i)\b(?:works?|worked|working|runs?|ran|running|fine)\b",
                              sentence))


#: A Windows build number: "build 17763" (any case), or WSL1's kernel "4.4.0-17763-Microsoft".
_BUILD_RE = re.compile(r"\b[Bb]uild[\s:]{0,3}(\d{5})\b|\b4\.4\.0-(\d{5})-Microsoft\b")


def log_evidence(*hit_lists: list[Hit] | Hits, limit: int = 8) -> tuple[Evidence, ...]:
    """Evidence tuples from hits (first hits of each list), sorted by line, de-duplicated.

    Each evidence line is the log's own text with its own number: a message matched on
    lines joined (a hard wrap, :attr:`Hit.parts`) is quoted line by line, never as the
    joined text the pattern read.  At most ``limit`` hits are quoted (each with the lines
    of its message)."""
    seen: dict[int, Hit] = {}
    for hl in hit_lists:
        items = hl.all() if isinstance(hl, Hits) else hl
        for h in items:
            seen.setdefault(h.line, h)
    lines: dict[int, str] = {}
    for h in sorted(seen.values(), key=lambda h: h.line)[:limit]:
        note = RETYPED_NOTE if h.retyped else ""
        for n, text in h.parts or ((h.line, h.text),):
            if n not in lines or n == h.line:
                lines[n] = text.strip() + note
    return tuple(Evidence("log", text, n) for n, text in sorted(lines.items()))


#: Appended to the evidence of a line matched only ignoring case and spacing
#: (:mod:`tfgpu.logs.fold`): the text is not the program's exact wording.
RETYPED_NOTE = ("  [matched ignoring case and spacing: retyped, or another version's "
                "wording]")


_SIZE_RE = re.compile(r"([\d.]+)\s*([KMGT]?)i?B?", re.I)


#: Largest size :func:`size_to_mib` accepts, MiB (1 EiB): anything larger is not a real
#: memory size but a mangled log line.
MAX_SIZE_MIB = float(2**40)


def size_to_mib(text: str) -> float | None:
    """Parse "7.92GiB", "190.31MiB", "2.00GiB", "190.31M" into MiB (2**20 bytes).

    Returns:
        The size in MiB, or ``None`` when ``text`` is not a size ("0..", "1.2.3GiB") or
        is not finite or over :data:`MAX_SIZE_MIB` (a 400-digit number in a mangled log).
    """
    m = _SIZE_RE.fullmatch(text.strip()[:64])
    if not m:
        return None
    try:
        value = float(m.group(1))
    except ValueError:
        return None
    unit = m.group(2).upper()
    factor = {"": 1 / 2**20, "K": 1 / 1024, "M": 1.0, "G": 1024.0, "T": 1024.0 * 1024}[unit]
    mib = value * factor
    return mib if 0 <= mib <= MAX_SIZE_MIB else None

