"""Fix lines for a native Windows log are cmd lines, like the ``set X=...`` lines beside them
(PowerShell lines when the log shows a ``PS C:\\...>`` prompt):
a POSIX ``VAR=value command | grep -i -E "a|b"`` becomes ``set "VAR=value" && command |
findstr /i /c:"a" /c:"b"``, and a comment after a findstr pipe moves to a line of its own
(findstr would read its words); other lines stay (``_common.windows_lines``)."""

from __future__ import annotations

from tfgpu.diagnosis.checks._common import windows_lines
from tfgpu.explain import explain_lines


def test_env_prefix_and_grep_become_set_and_findstr() -> None:
    out = windows_lines(['TF_CPP_MIN_LOG_LEVEL=0 python C:\\p\\train.py 2>&1 | grep -i -E '
                         '"out of memory|cudnn"   # which cause'])
    assert out == ['set "TF_CPP_MIN_LOG_LEVEL=0" && python C:\\p\\train.py 2>&1 | findstr /i '
                   '/c:"out of memory" /c:"cudnn"', "# which cause"]


def test_a_regex_pattern_is_left_as_it_is() -> None:
    line = 'python t.py 2>&1 | grep -E "cud(nn|a)"'
    assert windows_lines([line]) == [line]


def test_a_findstr_comment_goes_to_its_own_line() -> None:
    assert windows_lines(['pip list | findstr /i "tensorflow"   # the versions']) == [
        'pip list | findstr /i "tensorflow"', "# the versions"]


def test_plain_commands_and_comments_are_unchanged() -> None:
    lines = ["nvidia-smi   # the driver", "# a note", "set TF_FORCE_GPU_ALLOW_GROWTH=true"]
    assert windows_lines(lines) == lines


def test_a_windows_cudnn_log_gets_no_posix_line() -> None:
    lines = [
        "  File \"C:\\Users\\al\\proj\\train.py\", line 3, in <module>",
        "2021-01-05 10:00:00.000001: E tensorflow/stream_executor/cuda/cuda_dnn.cc:336] Could "
        "not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
    ]
    fixes = [x for f in explain_lines(lines) for x in f.fix]
    assert not any(x.startswith("TF_CPP_MIN_LOG_LEVEL=") or "| grep " in x for x in fixes), fixes


def test_a_single_quoted_pattern_is_converted_too() -> None:
    assert windows_lines(["TF_CPP_MAX_VLOG_LEVEL=3 python -c \"import tensorflow\" 2>&1 | "
                          "grep -iE 'dlopen|dso_loader'"]) == [
        'set "TF_CPP_MAX_VLOG_LEVEL=3" && python -c "import tensorflow" 2>&1 | findstr /i '
        '/c:"dlopen" /c:"dso_loader"']


def test_a_powershell_prompt_gets_powershell_syntax() -> None:
    out = windows_lines(['TF_CPP_MIN_LOG_LEVEL=0 python t.py 2>&1 | grep -i "cudnn"   # why'],
                        powershell=True)
    assert out == ['$env:TF_CPP_MIN_LOG_LEVEL = "0"; python t.py 2>&1 | findstr /i '
                   '/c:"cudnn"   # why']


def test_the_kernel_logs_xid_lines_become_the_windows_event_log() -> None:
    # platform fact windows-nvidia-driver-events: the driver logs its faults as nvlddmkm
    ev = "wevtutil qe System /q:\"*[System[Provider[@Name='nvlddmkm']]]\" /c:20 /rd:true /f:text"
    out = windows_lines(["sudo dmesg | grep -i xid   # driver faults", "nvidia-smi"],
                        driver_events=(ev, "# its events"))
    assert out == [ev, "# its events", "nvidia-smi"]


def test_a_windows_kernel_fault_log_names_the_event_log_not_dmesg() -> None:
    lines = ["(tf) C:\\Users\\bob\\proj>python train.py",
             "2021-01-05 10:00:00.000001: E tensorflow/stream_executor/cuda/cuda_driver.cc:1010]"
             " failed to synchronize the stop event: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal "
             "memory access was encountered"]
    fixes = [x for f in explain_lines(lines) for x in f.fix]
    assert any(x.startswith("wevtutil qe System") for x in fixes), fixes
    assert not any("dmesg" in x for x in fixes), fixes


def test_a_powershell_prompt_gets_only_the_powershell_growth_line() -> None:
    lines = ["PS C:\\Users\\bob\\proj> python train.py",
             "2021-01-05 10:00:00.000001: E tensorflow/stream_executor/cuda/cuda_dnn.cc:336] "
             "Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"]
    fixes = [x for f in explain_lines(lines) for x in f.fix]
    assert any(x.startswith("$env:TF_FORCE_GPU_ALLOW_GROWTH") for x in fixes), fixes
    assert not any(x.startswith("set TF_FORCE_GPU_ALLOW_GROWTH") for x in fixes), fixes
