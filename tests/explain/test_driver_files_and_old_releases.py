"""Kinds the sixth held-out set (tests/fixtures/cases-holdout6) showed missing, tested with
variants (other versions, wordings, OSes, and the neighbours that must not give them): a driver
component of another driver version, DirectML's WSL libraries, containers without the host
driver's files, no driver at all, XLA's ptxas fallback, old CUPTI wordings, a cut wheel line.
The rows are in kind_cases/driver_files_and_old_releases.toml."""

from __future__ import annotations

from .kind_helpers import Case, check, ids, table


@table("driver_files_and_old_releases")
def test_case(case: Case) -> None:
    check(case)


def test_driver_component_names_the_installed_driver_from_host_facts() -> None:
    from .kind_helpers import host_facts

    found = ids(["ImportError: libnvidia-fatbinaryloader.so.375.51: cannot open shared object "
                 "file: No such file or directory"], host_facts(driver="375.66"))
    f = found["nvidia-driver-library-mismatch"]
    assert "the installed driver is 375.66" in f.cause
    assert "libcuda.so.375.51" in " ".join(f.fix)


def test_container_cause_names_both_files_when_both_are_missing() -> None:
    found = ids([
        "root@0123456789ab:/workspace# python train.py",
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such "
        "file or directory",
        "bash: nvidia-smi: command not found",
    ])
    f = found["docker-run-without-gpus"]
    assert "libcuda.so.1, nvidia-smi" in f.title
    assert "library-not-loaded-libcuda-so-1" not in found
