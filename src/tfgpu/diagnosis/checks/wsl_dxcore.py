"""tensorflow-directml's WSL build could not create DXCore's adapter factory.

microsoft/tensorflow-directml ``tensorflow/core/common_runtime/dml/dml_adapter_impl.cc``
(https://github.com/microsoft/tensorflow-directml/blob/1994d4eb6eb1282e5f4fa430b7ff3b2f1e0c08b5/tensorflow/core/common_runtime/dml/dml_adapter_impl.cc)
calls ``DXCoreCreateAdapterFactory`` only in its non-Windows (WSL) build, under
``DML_CHECK_SUCCEEDED``: a fatal "Check failed: ((HRESULT)(DXCoreCreateAdapterFactory(...)))
>= 0" when WSL gives the process no DirectX 12 GPU (no ``/dev/dxg``).  That is the fault of
``wsl-directml-libraries-missing`` (variant ``dxcore-factory``): a Windows build without GPU
support in WSL, a WSL2 kernel older than 4.19.121 (microsoft/WSL#5455: 4.19.104, no
/dev/dxg), a WSL1 distribution, or a GPU driver that is not WSL-capable.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The first WSL2 kernel of the GPU-in-WSL preview (wsl-directml-libraries-missing's cause).
_MIN_KERNEL = (4, 19, 121)


def kernel_version(release: str) -> tuple[int, int, int] | None:
    """``(major, minor, patch)`` of a Linux kernel release as ``uname -r`` prints it
    (``"4.19.84-microsoft-standard"`` -> ``(4, 19, 84)``; ``"5.15.153.1-microsoft-standard-WSL2"``
    -> ``(5, 15, 153)``); ``None`` (unknown) when it does not start with three dotted
    numbers (``"4.19"``, ``"4.19.x"``, ``""``)."""
    m = re.match(r"(\d{1,4})\.(\d{1,4})\.(\d{1,6})(?!\d)", release.strip())
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def wsl_dxcore_factory_failed(ctx: Facts) -> list[Finding]:
    """``wsl-directml-libraries-missing`` (``dxcore-factory``) for tensorflow-directml's
    failed ``DXCoreCreateAdapterFactory`` check; names a pasted WSL kernel older than
    4.19.121 and a missing ``/dev/dxg`` when the log shows them.  ``[]`` without the line."""
    hits = ctx.h("wsl.dxcore_factory").all()
    if not hits:
        return []
    no_dxg = ctx.h("wsl.no_dxg").all()
    kernels = ctx.h("wsl.kernel").all()
    shown: list[str] = []
    if no_dxg:
        shown.append("/dev/dxg (WSL's GPU device) does not exist")
    k = kernels[0].g("k") if kernels else None
    if k:
        parts = kernel_version(k)
        if parts is not None and parts < _MIN_KERNEL:
            shown.append(f"the WSL2 kernel is {k}, older than 4.19.121, the first with GPU "
                         "support: update it (wsl --update)")
    here = (" Here: " + "; ".join(shown) + ".") if shown else ""
    return [catalogue.make(
        "wsl-directml-libraries-missing", variant="dxcore-factory",
        here=here, evidence=log_evidence(hits, no_dxg, kernels[:1]),
        fix=("ls -l /dev/dxg /usr/lib/wsl/lib   # WSL's GPU device and D3D12/DXCore libraries",
             "cat /proc/version   # a WSL2 kernel ('microsoft-standard'), 4.19.121 or newer",
             "# in Windows: wsl --update; wsl -l -v (VERSION 2); a Windows build with GPU "
             "support in WSL and the GPU vendor's WSL-capable driver; then wsl --shutdown"),
    )]
