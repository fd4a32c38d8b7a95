"""nvidia-smi parsers against every recorded real output (tests/fixtures/recorded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.probes.nvidia_smi_parse import (
    QUERY_FIELDS,
    classify_smi_failure,
    gpus_from_query_rows,
    invalid_query_field,
    parse_query_csv,
    parse_smi_list,
    parse_smi_q,
    parse_smi_table,
    parse_smi_version,
    parse_smi_xml,
)

REC = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"
SMI = REC / "nvidia-smi"
QUERY = REC / "nvidia-smi-query"

# file -> (smi version, driver, cuda, complete, [(name, total MiB, free MiB), ...] whole GPUs,
#          MIG instance count)
B300 = ("NVIDIA B300 SXM6 AC", 275040, 275040)
TABLES: dict[str, tuple[str, str, str | None, bool, list[tuple[str, int, int]], int]] = {
    "7x-b300-sxm6-driver610.57.04-kmd-umd-header-ubuntu24.04.txt": (
        "610.57.04",
        "610.57.04",
        "13.3",
        True,
        [B300] * 7,
        0,
    ),
    "a10g-driver535.247.01-cuda12.2-aws-docker-empty-process-list.txt": (
        "535.247.01",
        "535.247.01",
        "12.2",
        True,
        [("NVIDIA A10G", 23028, 23028 - 8722)],
        0,
    ),
    "geforce-laptop-16gb-driver470.63.01-cuda11.4.txt": (
        "470.63.01",
        "470.63.01",
        "11.4",
        True,
        [("NVIDIA GeForce ...", 16116, 16116 - 393)],
        0,
    ),
    "gtx960-maxwell-driver580.82.09-cuda13.0-ubuntu24.04.txt": (
        "580.82.09",
        "580.82.09",
        "13.0",
        True,
        [("NVIDIA GeForce GTX 960", 2048, 2048)],
        0,
    ),
    "h100-80gb-driver590.48.01-cuda13.1-linux.txt": (
        "590.48.01",
        "590.48.01",
        "13.1",
        True,
        [("NVIDIA H100 80GB HBM3", 81559, 81559)],
        0,
    ),
    "h100-mig-enabled-driver590.48.01-linux.txt": (
        "590.48.01",
        "590.48.01",
        "13.1",
        True,
        [("NVIDIA H100 80GB HBM3", 81559, 81500)],
        4,
    ),
    "h200-driver580.173.02-cuda13.0-linux.txt": (
        "580.173.02",
        "580.173.02",
        "13.0",
        True,
        [("NVIDIA H200", 143771, 143771)],
        0,
    ),
    "l40s-driver595.80-cuda13.2-linux.txt": (
        "595.80",
        "595.80",
        "13.2",
        True,
        [("NVIDIA L40S", 46068, 46068)],
        0,
    ),
    "rtx2070-laptop-driver440.100-cuda10.2-pre-mig-layout.txt": (
        "440.100",
        "440.100",
        "10.2",
        True,
        [("GeForce RTX 207...", 7973, 7973 - 246)],
        0,
    ),
    "rtx2080super-driver591.86-windows-wddm.txt": (
        "591.86",
        "591.86",
        "13.1",
        True,
        [("NVIDIA GeForce RTX 2080 ...", 8192, 8192 - 1296)],
        0,
    ),
    "rtx2080super-driver610.57.04-kmd-umd-header-linux.txt": (
        "610.57.04",
        "610.57.04",
        "13.3",
        True,
        [("NVIDIA GeForce RTX 2080 ...", 8192, 8192 - 211)],
        0,
    ),
    "rtx2080super-driver610.62-windows-kmd-umd-header.txt": (
        "610.62",
        "610.62",
        "13.3",
        True,
        [("NVIDIA GeForce RTX 2080 ...", 8192, 8192 - 797)],
        0,
    ),
    "tesla-t4-driver535.161.08-cuda12.2-aws-mps-exclusive-process.txt": (
        "535.161.08",
        "535.161.08",
        "12.2",
        True,
        [("Tesla T4", 15360, 15360 - 1417)],
        0,
    ),
    "titan-xp-driver450.57-cuda11.0-no-process-block.txt": (
        "450.57",
        "450.57",
        "11.0",
        True,
        [("TITAN Xp", 12196, 12196 - 7)],
        0,
    ),
    "windows-gtx1080ti-driver531.14-cuda12.1-tcc-wddm-TRUNCATED.txt": (
        "531.14",
        "531.14",
        "12.1",
        True,
        [("NVIDIA GeForce GTX 1080 Ti", 11264, 11264 - 1585)],
        0,
    ),
    # WSL2: the tool is the Linux-side build, "Driver Version" is the Windows driver.
    "wsl2-geforce-laptop-smi525.60.13-windows-driver522.25-cuda11.8-TRUNCATED.txt": (
        "525.60.13",
        "522.25",
        "11.8",
        True,
        [("NVIDIA GeForce ...", 6144, 6144 - 603)],
        0,
    ),
    "wsl2-rtx3060-laptop-smi545.46-windows-driver546.80-cuda-ERR-TRUNCATED.txt": (
        "545.46",
        "546.80",
        None,
        False,
        [("NVIDIA GeForce RTX 3060 ...", 6144, 6144 - 816)],
        0,
    ),
    "wsl2-rtx4070-smi555.52.01-windows-driver555.99-cuda12.5-TRUNCATED.txt": (
        "555.52.01",
        "555.99",
        "12.5",
        True,
        [("NVIDIA GeForce RTX 4070 ...", 12282, 12282 - 576)],
        0,
    ),
}

FAILURES: dict[str, tuple[str, str]] = {
    "fail-couldnt-communicate-with-driver.txt": (
        "driver-not-communicating",
        "NVIDIA-SMI has failed because it couldn't communicate",
    ),
    "fail-no-devices-were-found-rtx5090.txt": ("no-devices", "No devices were found"),
    "fail-nvml-driver-library-mismatch-570.124.txt": (
        "driver-library-mismatch",
        "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.124",
    ),
    "fail-nvml-driver-library-mismatch-legacy.txt": (
        "driver-library-mismatch",
        "Failed to initialize NVML: Driver/library version mismatch",
    ),
    "fail-wsl2-couldnt-communicate-plus-nvml-shutdown.txt": (
        "driver-not-communicating",
        "Failed to properly shut down NVML: Driver Not Loaded",
    ),
}


def test_every_table_fixture_is_covered() -> None:
    assert {p.name for p in SMI.iterdir()} == set(TABLES) | set(FAILURES)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_table(name: str) -> None:
    smi, driver, cuda, complete, whole, n_mig = TABLES[name]
    rep = parse_smi_table((SMI / name).read_text(encoding="utf-8"))
    assert rep.failure is None
    assert (rep.header.smi_version, rep.header.driver_version, rep.header.cuda_version) == (
        smi,
        driver,
        cuda,
    )
    assert rep.complete is complete
    gpus = [g for g in rep.gpus if not g.is_mig]
    assert [(g.name, g.memory_total_mib, g.memory_free_mib) for g in gpus] == whole
    assert [g.index for g in gpus] == list(range(len(whole)))
    assert all(g.vendor == "nvidia" and g.source == "nvidia-smi" for g in rep.gpus)
    assert sum(g.is_mig for g in rep.gpus) == n_mig


def test_kmd_header_and_cuda_err_are_flagged() -> None:
    kmd = parse_smi_table(
        (SMI / "7x-b300-sxm6-driver610.57.04-kmd-umd-header-ubuntu24.04.txt").read_text()
    )
    assert kmd.header.kmd_header is True
    assert kmd.gpus[3].pci_bus_id == "00000001:1A:00.0"
    err = parse_smi_table(
        (
            SMI / "wsl2-rtx3060-laptop-smi545.46-windows-driver546.80-cuda-ERR-TRUNCATED.txt"
        ).read_text()
    )
    assert (err.header.cuda_version, err.header.cuda_error) == (None, "ERR!")


def test_mig_block() -> None:
    rep = parse_smi_table((SMI / "h100-mig-enabled-driver590.48.01-linux.txt").read_text())
    migs = [(g.name, g.memory_total_mib, g.memory_free_mib) for g in rep.gpus if g.is_mig]
    assert migs == [
        ("NVIDIA H100 80GB HBM3 MIG device 0 (GI 2, CI 0)", 40448, 40448 - 26),
        ("NVIDIA H100 80GB HBM3 MIG device 1 (GI 3, CI 0)", 20096, 20096 - 17),
        ("NVIDIA H100 80GB HBM3 MIG device 2 (GI 9, CI 0)", 9984, 9984 - 9),
        ("NVIDIA H100 80GB HBM3 MIG device 3 (GI 10, CI 0)", 9984, 9984 - 9),
    ]


@pytest.mark.parametrize("name", sorted(FAILURES))
def test_failure_texts(name: str) -> None:
    kind, quote = FAILURES[name]
    text = (SMI / name).read_text(encoding="utf-8")
    rep = parse_smi_table(text)
    assert rep.gpus == () and rep.header.driver_version is None
    assert rep.failure_kind == kind
    assert rep.failure is not None and quote in rep.failure
    assert classify_smi_failure(text) == (rep.failure, kind)


def test_not_a_failure() -> None:
    assert classify_smi_failure("Tue Sep  1 20:41:56 2026\n") is None


# --- other forms ------------------------------------------------------------------

# file -> (driver, cuda, complete, [(name, bus, total MiB, free MiB)])
DOCS: dict[str, tuple[str, str, bool, list[tuple[str, str, int, int]]]] = {
    "a100-sxm4-80gb-driver535.54.03-cuda12.2-q-x.xml.txt": (
        "535.54.03",
        "12.2",
        False,
        [("NVIDIA A100-SXM4-80GB", "00000000:01:00.0", 81920, 80999)],
    ),
    "h100-80gb-driver590.48.01-q.txt": (
        "590.48.01",
        "13.1",
        True,
        [("NVIDIA H100 80GB HBM3", "00000000:00:09.0", 81559, 81081)],
    ),
    "rtx-a6000-driver537.99-cuda12.2-windows-q.txt": (
        "537.99",
        "12.2",
        True,
        [("NVIDIA RTX A6000", "00000000:01:00.0", 49140, 48571)],
    ),
    "rtx3060-driver570.124.04-cuda12.8-q-x.xml.txt": (
        "570.124.04",
        "12.8",
        True,
        [("NVIDIA GeForce RTX 3060", "00000000:2D:00.0", 12288, 11806)],
    ),
    "rtx3080-driver595.58.03-cuda13.2-q-x.xml.txt": (
        "595.58.03",
        "13.2",
        True,
        [("NVIDIA GeForce RTX 3080", "00000000:0C:00.0", 10240, 660)],
    ),
    "tesla-t4-driver515.105.01-cuda11.7-q-x.xml.txt": (
        "515.105.01",
        "11.7",
        True,
        [("Tesla T4", "00000000:00:1E.0", 15360, 13939)],
    ),
}


@pytest.mark.parametrize("name", sorted(DOCS))
def test_q_and_xml(name: str) -> None:
    driver, cuda, complete, gpus = DOCS[name]
    text = (QUERY / name).read_text(encoding="utf-8")
    rep = parse_smi_xml(text) if name.endswith(".xml.txt") else parse_smi_q(text)
    assert (rep.header.driver_version, rep.header.cuda_version, rep.complete) == (
        driver,
        cuda,
        complete,
    )
    assert [(g.name, g.pci_bus_id, g.memory_total_mib, g.memory_free_mib) for g in rep.gpus] == gpus
    assert all(g.uuid == "GPU-00000000-0000-0000-0000-000000000000" for g in rep.gpus)


def test_xml_garbage_is_a_failure_not_a_crash() -> None:
    rep = parse_smi_xml("NVIDIA-SMI has failed because it couldn't communicate")
    assert rep.gpus == () and rep.failure_kind == "bad-xml"


def test_csv_with_header_b300() -> None:
    rows = parse_query_csv(
        (QUERY / "7x-b300-driver610.57.04-query-driver-name-computecap.csv.txt").read_text()
    )
    assert len(rows) == 7
    gpus = gpus_from_query_rows(rows)
    assert [(g.index, g.name, g.compute_capability) for g in gpus] == [
        (i, "NVIDIA B300 SXM6 AC", "10.3") for i in range(7)
    ]
    assert {r["driver_version"] for r in rows} == {"610.57.04"}


def test_csv_allfields_h100_units_and_na() -> None:
    rows = parse_query_csv(
        (QUERY / "h100-80gb-driver590.48.01-query-gpu-allfields.csv.txt").read_text()
    )
    assert len(rows) == 1
    (gpu,) = gpus_from_query_rows(rows)
    assert (gpu.name, gpu.memory_total_mib, gpu.memory_free_mib, gpu.compute_capability) == (
        "NVIDIA H100 80GB HBM3",
        81559,
        81081,
        "9.0",
    )
    assert rows[0]["driver_version"] == "590.48.01"
    assert rows[0]["fan.speed"] is None  # "[N/A]"


def test_csv_p100_units_in_header() -> None:
    rows = parse_query_csv((QUERY / "tesla-p100-query-gpu.csv.txt").read_text())
    (gpu,) = gpus_from_query_rows(rows)
    assert (gpu.name, gpu.memory_free_mib, gpu.memory_total_mib) == (
        "Tesla P100-PCIE-16GB",
        16280,
        None,
    )


def test_csv_compute_apps_rows_are_not_gpus() -> None:
    rows = parse_query_csv(
        (QUERY / "rtx2080super-driver610.57.04-query-compute-apps.csv.txt").read_text()
    )
    assert len(rows) == 2 and gpus_from_query_rows(rows) == ()


def test_csv_noheader_nounits() -> None:
    text = (
        "0, NVIDIA GeForce RTX 3060 Laptop GPU, GPU-00000000-0000-0000-0000-000000000000, "
        "00000000:01:00.0, 6144, 5328, 8.6, 546.80\n"
    )
    (gpu,) = gpus_from_query_rows(parse_query_csv(text, QUERY_FIELDS))
    assert (gpu.name, gpu.memory_total_mib, gpu.memory_free_mib, gpu.compute_capability) == (
        "NVIDIA GeForce RTX 3060 Laptop GPU",
        6144,
        5328,
        "8.6",
    )


def test_invalid_field_message() -> None:
    # Verbatim from https://github.com/canonical/inference-snaps/issues/89 (driver 470).
    assert (
        invalid_query_field('Field "compute_cap" is not a valid field to query.\n\n')
        == "compute_cap"
    )
    assert invalid_query_field("0, Tesla T4") is None


def test_list_with_mig() -> None:
    gpus = parse_smi_list((QUERY / "h100-mig-driver590.48.01-L.txt").read_text())
    assert [(g.name, g.is_mig) for g in gpus] == [
        ("NVIDIA H100 80GB HBM3", False),
        ("NVIDIA H100 80GB HBM3 MIG 3g.40gb", True),
        ("NVIDIA H100 80GB HBM3 MIG 2g.20gb", True),
        ("NVIDIA H100 80GB HBM3 MIG 1g.10gb", True),
        ("NVIDIA H100 80GB HBM3 MIG 1g.10gb", True),
    ]
    assert gpus[2].uuid == "MIG-00000001-0000-0000-0000-000000000001"


def test_version_610() -> None:
    head = parse_smi_version(
        (QUERY / "rtx2080super-driver610.57.04-version-kmd-umd.txt").read_text()
    )
    assert (head.smi_version, head.driver_version, head.cuda_version, head.kmd_header) == (
        "610.57.04",
        "610.57.04",
        "13.3",
        True,
    )


def test_every_query_fixture_is_covered() -> None:
    used = set(DOCS) | {
        "7x-b300-driver610.57.04-query-driver-name-computecap.csv.txt",
        "h100-80gb-driver590.48.01-query-gpu-allfields.csv.txt",
        "tesla-p100-query-gpu.csv.txt",
        "rtx2080super-driver610.57.04-query-compute-apps.csv.txt",
        "h100-mig-driver590.48.01-L.txt",
        "rtx2080super-driver610.57.04-version-kmd-umd.txt",
    }
    assert {p.name for p in QUERY.iterdir()} == used


@pytest.mark.parametrize("garbage", ["", "\x00\xff", "|====|\n| 0 x |", "a,b\n1,2,3\n"])
def test_garbage_never_raises(garbage: str) -> None:
    assert parse_smi_table(garbage).gpus == ()
    assert parse_smi_q(garbage).gpus == ()
    assert gpus_from_query_rows(parse_query_csv(garbage, QUERY_FIELDS)) == ()
    assert parse_smi_list(garbage) == ()
