"""New-user report 48: a Rosetta (x86_64) Python refusing an arm64 wheel, a Pillow built without
WebP/AVIF, a hybrid laptop in its integrated-GPU mode, an optimiser-slot OOM named only by the
BFC line, NCCL's /sys WARN beside a tolerant NCCL, PyTorch's Windows DLL loader, PyTorch logs.
Rows: kind_cases/pastes_of_other_hosts_and_builds.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pastes_of_other_hosts_and_builds")
