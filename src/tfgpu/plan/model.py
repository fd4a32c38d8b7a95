"""The install plan as data: routes, steps, reasons.

A :class:`Plan` is what :func:`tfgpu.plan.make_plan` decides and what every renderer
(:mod:`tfgpu.plan.render`) and the installer (:mod:`tfgpu.plan.install`) read.  Steps are
structured (argv lists, variables, paths), never pre-rendered shell text, so each
renderer can quote them for its own shell.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass


class Route(str, enum.Enum):
    """How TensorFlow gets onto the host.

    ``PIP``: pip wheels in a fresh virtual environment; on Linux/WSL2 with an NVIDIA GPU
    the ``and-cuda`` extra brings CUDA and cuDNN as ``nvidia-*`` wheels, so no system CUDA
    is needed (TensorFlow's install page, tensorflow/docs site/en/install/pip.md).
    ``CONDA``: a conda environment for Python, pip for TensorFlow (the install page says
    not to install TensorFlow itself from conda).
    ``SYSTEM_CUDA``: the guide's route: a CUDA toolkit + cuDNN installed system-wide and
    put on ``PATH``/``LD_LIBRARY_PATH``, plain ``tensorflow`` from pip.
    ``WINDOWS_NATIVE``: native Windows GPU, only possible with TensorFlow <= 2.10.
    ``WSL2``: Windows host, TensorFlow inside WSL2 with the ``PIP`` route.
    ``METAL``: macOS on Apple silicon with Apple's ``tensorflow-metal`` plugin.
    ``ROCM``: AMD GPUs on Linux with ``tensorflow-rocm``.
    ``JETSON``: an NVIDIA Jetson (a Tegra system-on-chip, whose GPU is on the chip): NVIDIA's
    TensorFlow build for the JetPack release installed on it, from NVIDIA's JetPack index, as
    NVIDIA's "Installing TensorFlow for Jetson Platform" gives it (platform fact
    ``jetson-gpu-on-chip``); the package index's aarch64 wheels do not use that GPU.  The
    knowledge has no table of JetPack releases, so tfgpu pins no version: the steps are
    manual.
    ``CPU``: no usable GPU; the CPU build.
    """

    PIP = "pip"
    CONDA = "conda"
    SYSTEM_CUDA = "system-cuda"
    WINDOWS_NATIVE = "windows-native"
    WSL2 = "wsl2"
    METAL = "metal"
    ROCM = "rocm"
    JETSON = "jetson"
    CPU = "cpu"


class Shell(str, enum.Enum):
    """Where a step's commands run: the host's POSIX shell, PowerShell, or inside WSL2."""

    POSIX = "posix"
    POWERSHELL = "powershell"


@dataclass(frozen=True, slots=True)
class Reason:
    """One sentence of the plan's justification, with the knowledge row it rests on.

    Attributes:
        text: the sentence, with its numbers ("driver 580.65 >= 525.60.13, the CUDA 12.x
            minimum").
        ref: the knowledge row used (``"tf_tested_configs linux 2.21.0"``), or ``""`` when
            the sentence is about the host alone.
    """

    text: str
    ref: str = ""


@dataclass(frozen=True, slots=True)
class CreateVenv:
    """Create a virtual environment with ``python -m venv``.

    Attributes:
        path: folder of the new environment (relative paths are relative to the working
            folder of the script/installer).
        python: the interpreter to build it with (``"python3.11"``, ``"py -3.10"`` style
            launchers are expressed as ``("py", "-3.10")``).
    """

    path: str
    python: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PipInstall:
    """``python -m pip install`` inside the plan's environment.

    Attributes:
        requirements: requirement strings (PEP 508), e.g. ``"tensorflow[and-cuda]~=2.21.0"``.
        upgrade: pass ``--upgrade``.
        index_note: a sentence for the reader when the packages live on another index
            (ROCm); never a URL invented by tfgpu.
        find_links: pip's ``--find-links`` page holding the wheels (AMD's repository for
            ``tensorflow-rocm``), from a knowledge row with its source; ``""`` for none.
    """

    requirements: tuple[str, ...]
    upgrade: bool = False
    index_note: str = ""
    find_links: str = ""


@dataclass(frozen=True, slots=True)
class CondaCreate:
    """``conda create`` an environment by name (``-n``) or by path (``-p``).

    Attributes:
        name: environment name (letters, digits, ``._-``) or a path (has a path
            separator, or starts with ``~`` or ``.``; see :attr:`is_path`).
        python: Python version (``"3.10"``).
        channel: conda channel for the packages (``"conda-forge"``).
        packages: extra conda packages (``("cudatoolkit=11.2", "cudnn=8.1.0")``).
        lib_on_ld_library_path: also write ``etc/conda/activate.d`` (and ``deactivate.d``)
            scripts that put ``$CONDA_PREFIX/lib`` on ``LD_LIBRARY_PATH``, as TensorFlow's
            own Linux conda recipe did for the ``cudatoolkit`` route (tensorflow/docs commit
            5cb83e49f305950caba5c8ca32a7108918779366, site/en/install/pip.md, "Configure the
            system paths").
    """

    name: str
    python: str
    channel: str = "conda-forge"
    packages: tuple[str, ...] = ()
    lib_on_ld_library_path: bool = False

    @property
    def is_path(self) -> bool:
        """``name`` is a path (``conda create -p``, ``prefix:``), not a name (``-n``)."""
        return "/" in self.name or "\\" in self.name or self.name.startswith(("~", "."))


@dataclass(frozen=True, slots=True)
class SetEnv:
    """Set or prepend an environment variable for the environment's shell sessions.

    Attributes:
        name: variable (``"PATH"``, ``"LD_LIBRARY_PATH"``).
        value: the value, a literal path (quoted by each renderer).
        prepend: prepend ``value`` to the current value with the platform's separator
            instead of replacing it.
    """

    name: str
    value: str
    prepend: bool = True


@dataclass(frozen=True, slots=True)
class Manual:
    """A step tfgpu never runs: root/administrator work or a download from a web page.

    Attributes:
        text: what to do, in words.
        commands: example commands to type (shown as comments in scripts).
        needs_root: needs ``sudo``/administrator rights.
        url: where the download or the official instructions are.
    """

    text: str
    commands: tuple[str, ...] = ()
    needs_root: bool = False
    url: str = ""


@dataclass(frozen=True, slots=True)
class Verify:
    """Check inside the new environment that TensorFlow imports and sees the devices.

    Attributes:
        expect_gpu: the plan expects TensorFlow to list at least one GPU.
    """

    expect_gpu: bool


@dataclass(frozen=True, slots=True)
class RunCommands:
    """Commands the script runs as they are, each of which must succeed: they update or
    inspect the host's own tools, never with root, never a download from a web page
    (``wsl --update``, ``wsl --status``, ``nvidia-smi.exe`` on the Windows side of a WSL2
    plan).

    Attributes:
        commands: argv lists, in order.
    """

    commands: tuple[tuple[str, ...], ...]


Action = CreateVenv | PipInstall | CondaCreate | SetEnv | Manual | Verify | RunCommands


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a plan.

    Attributes:
        title: short imperative title ("Create the virtual environment").
        action: what to do.
        shell: the shell the commands are written for; a ``WSL2`` plan has a PowerShell
            step (``wsl --install``) and POSIX steps that run inside WSL2.
    """

    title: str
    action: Action
    shell: Shell = Shell.POSIX


@dataclass(frozen=True, slots=True)
class Alternative:
    """Another route the user may take, and why it is not the default.

    Attributes:
        route: the other route.
        summary: one line ("upgrade the driver to >= 525.60.13 to get TensorFlow 2.21").
        tf_version: the TensorFlow version that route gives, if known.
        reason: the knowledge row behind it.
    """

    route: Route
    summary: str
    tf_version: str | None = None
    reason: Reason | None = None


@dataclass(frozen=True, slots=True)
class Plan:
    """An install plan for one target host.

    Attributes:
        target_summary: the host in one line ("linux x86_64, Python 3.11, NVIDIA A100
            (cc 8.0), driver 525.85.12").
        route: the chosen route.
        tf_version: the TensorFlow release chosen (``"2.21.0"``), as its knowledge row
            names it; ``None`` when nothing can be installed (no Python fits).
        requirements: what pip installs (``("tensorflow[and-cuda]~=2.21.0",)``).
        python: the Python version to build the environment with (``"3.11"``).
        uses_gpu: the plan promises that TensorFlow will use a GPU when it is followed
            (with ``gpu_unverified``: if the GPU's compute capability is supported).  False
            when whether the host has a GPU at all is unknown (``gpu_presence_unknown``):
            nothing then shows there is one to use.
        reasons: why this version and route, each citing its knowledge row.
        warnings: caveats that do not change the choice (PTX JIT at first start, a driver
            version given without its minor part).
        alternatives: other routes, with why they are not the default.
        steps: what to do, in order.
        env_path: the virtual environment folder (or conda environment name).
        knowledge_version: version of the knowledge data used.
        cuda: CUDA version TensorFlow was built/tested with (``"12.5"``), or ``None``.
        cudnn: cuDNN version from the same row (``"9.3"``), or ``None``.
        gpu_unverified: the GPU's compute capability is unknown, so whether the wheel
            runs on it is not checked (``uses_gpu`` is then "if supported"); or the
            wheels have no cubins for its compute capability 10.x+, only PTX
            (``platform_facts:blackwell-no-cubins``; a warning names the GPU, and the
            reported failures only for a compute capability of the GPUs they are from); or
            whether the host has an NVIDIA GPU at all is unknown (``gpu_presence_unknown``);
            or the route is ``jetson``, whose TensorFlow release tfgpu neither pins nor
            checks against the JetPack release.
        target_os: the target's ``Target.os`` (``"linux"``, ``"windows"``, ``"wsl2"``,
            ``"macos"``; ``""`` when not known), for the renderers (the POSIX steps of a
            ``"wsl2"`` plan run inside WSL2).  Not written to the JSON plan (whose
            ``target_summary`` names the host; a new key would need a new plan schema).
        gpu_presence_unknown: the host's snapshot cannot tell whether it has an NVIDIA GPU
            (:attr:`~tfgpu.plan.target.TargetHost.gpu_unknown`), so the plan installs the
            CUDA build that uses one if it is there (``uses_gpu`` is then false: no GPU is
            promised, and ``gpu_unverified`` true; the first reason says so).  For the
            renderers, like ``target_os``: not written to the JSON plan.
    """

    target_summary: str
    route: Route
    tf_version: str | None
    requirements: tuple[str, ...]
    python: str | None
    uses_gpu: bool
    reasons: tuple[Reason, ...]
    steps: tuple[Step, ...]
    env_path: str
    knowledge_version: str
    warnings: tuple[Reason, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    cuda: str | None = None
    cudnn: str | None = None
    gpu_unverified: bool = False
    target_os: str = ""
    gpu_presence_unknown: bool = False

    @property
    def manual_steps(self) -> tuple[Step, ...]:
        """Steps tfgpu never runs (root work, downloads): printed as instructions."""
        return tuple(s for s in self.steps if isinstance(s.action, Manual))
