"""TensorBoard helpers: CUPTI search, profiler warnings (pure), CLI usage errors."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tfgpu.runtime.tensorboard import (
    CUPTI_WHEEL,
    cupti_search_dirs,
    find_cupti,
    profiler_problem,
    profiling_requested,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"

#: `ldconfig -p` lines in the format of the recorded
#: tests/fixtures/recorded/libs/ldconfig-p-grep-libcudnn-cudnn9-system-TRUNCATED.txt.
LDCONFIG_WITH_CUPTI = (
    "\tlibcupti.so.12 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcupti.so.12\n"
    "\tlibcupti.so (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcupti.so\n"
)


@pytest.mark.parametrize(("value", "on"), [(0, False), ("0", False), ("", False), ((), False),
                                           (5, True), ((10, 20), True), ("500,520", True)])
def test_profiling_requested(value: object, on: bool) -> None:
    assert profiling_requested(value) is on  # type: ignore[arg-type]


def test_cupti_found_in_the_pip_wheel_folder(tmp_path: Path) -> None:
    site = tmp_path / "site-packages"
    lib = site / "nvidia" / "cuda_cupti" / "lib"
    lib.mkdir(parents=True)
    (lib / "libcupti.so.12").write_bytes(b"")
    (site / "nvidia" / "cudnn" / "lib").mkdir(parents=True)
    dirs = cupti_search_dirs({}, [str(site)])
    assert str(lib) in dirs
    assert find_cupti(dirs, "") == str(lib / "libcupti.so.12")


def test_cupti_found_through_ld_library_path(tmp_path: Path) -> None:
    extras = tmp_path / "cuda-12.4" / "extras" / "CUPTI" / "lib64"
    extras.mkdir(parents=True)
    (extras / "libcupti.so.2024.1.0").write_bytes(b"")
    dirs = cupti_search_dirs({"LD_LIBRARY_PATH": f"/nope:{extras}"}, [])
    assert find_cupti(dirs, "") == str(extras / "libcupti.so.2024.1.0")


def test_cupti_found_through_cuda_home(tmp_path: Path) -> None:
    extras = tmp_path / "cuda" / "extras" / "CUPTI" / "lib64"
    extras.mkdir(parents=True)
    (extras / "libcupti.so.12").write_bytes(b"")
    dirs = cupti_search_dirs({"CUDA_HOME": str(tmp_path / "cuda")}, [])
    assert find_cupti(dirs, "") == str(extras / "libcupti.so.12")


def test_cupti_found_through_ldconfig(tmp_path: Path) -> None:
    assert find_cupti([str(tmp_path)], LDCONFIG_WITH_CUPTI) == \
        "/usr/lib/x86_64-linux-gnu/libcupti.so.12"


def test_recorded_cudnn_only_ldconfig_has_no_cupti(tmp_path: Path) -> None:
    text = (FIXTURES / "libs" / "ldconfig-p-grep-libcudnn-cudnn9-system-TRUNCATED.txt").read_text()
    assert "libcudnn" in text
    assert find_cupti([str(tmp_path)], text) is None


def test_no_warning_without_profiling() -> None:
    assert profiler_problem(0, 0, None, False) is None


def test_no_warning_when_everything_is_there() -> None:
    assert profiler_problem((10, 20), 1, "/x/libcupti.so.12", True) is None


def test_cpu_host_profiling_is_moot() -> None:
    msg = profiler_problem("500,520", 0, None, True)
    assert msg is not None
    assert "no GPU" in msg and "moot" in msg and "CUPTI" not in msg


def test_missing_cupti_gives_the_fix() -> None:
    msg = profiler_problem(5, 1, None, True)
    assert msg is not None
    assert f"pip install {CUPTI_WHEEL}" in msg
    assert "extras/CUPTI/lib64" in msg and "LD_LIBRARY_PATH" in msg


def test_missing_profile_plugin_gives_the_fix() -> None:
    msg = profiler_problem(5, 1, "/x/libcupti.so.12", False)
    assert msg is not None and "pip install tensorboard-plugin-profile" in msg


def test_cli_missing_logdir_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tfgpu.cli.main import main

    assert main(["tensorboard", str(tmp_path / "nope")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_cli_bad_port_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from tfgpu.cli.main import main

    assert main(["tensorboard", str(tmp_path), "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


def test_scenario_cli_logdir_is_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Reviewer: an existing file was reported as "does not exist"."""
    from tfgpu.cli.main import main

    f = tmp_path / "events.txt"
    f.write_text("x")
    assert main(["tensorboard", str(f)]) == 2
    err = capsys.readouterr().err
    assert "is not a folder" in err and "does not exist" not in err


def test_logdir_note_only_without_event_files(tmp_path: Path) -> None:
    from tfgpu.runtime.tensorboard import logdir_note

    note = logdir_note(tmp_path)
    assert note is not None
    assert "no event files yet" in note and "pick them up when training writes them" in note
    run = tmp_path / "train"
    run.mkdir()
    (run / "events.out.tfevents.1796039622.host.1.v2").write_bytes(b"")
    assert logdir_note(tmp_path) is None


@pytest.mark.parametrize("bad", [-1, (5, 2), "abc", "5", (1.5, 3), None, (1, 2, 3)])
def test_invalid_profile_batch_is_one_clear_error_before_any_warning(
        bad: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from tfgpu.runtime import tensorboard as tb

    def no_tf(_who: str) -> None:
        raise AssertionError("TensorFlow imported before profile_batch was checked")

    monkeypatch.setattr(tb, "import_tensorflow", no_tf)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a ProfilerWarning first would fail here
        with pytest.raises(ValueError, match=r"profile_batch=.* is not a batch range") as err:
            tb.tensorboard_callback("logs", profile_batch=bad)  # type: ignore[arg-type]
    assert "(start, stop)" in str(err.value) and "int()" not in str(err.value)


@pytest.mark.parametrize(("value", "pair"), [(0, (0, 0)), (5, (5, 5)), ((10, 20), (10, 20)),
                                             ("500,520", (500, 520)), ([3, 3], (3, 3))])
def test_check_profile_batch_takes_what_keras_takes(value: object, pair: tuple[int, int]) -> None:
    from tfgpu.runtime.tensorboard import check_profile_batch

    assert check_profile_batch(value) == pair
