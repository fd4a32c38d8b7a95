"""``--redact-paths``: project and data folder names leave shareable reports, the parts a
diagnosis needs stay, and the findings are the same as without it.

The host snapshot is the real ``doctor-scenarios/ldlp_cuda11.json`` (an LD_LIBRARY_PATH
CUDA 11.2 cuDNN shadowing the pip wheel's) with its virtual environment moved from the home
folder to project folders outside it, where home-folder redaction does not reach.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tfgpu import privacy
from tfgpu.cli.main import main
from tfgpu.privacy import PathNames, redact_paths

ROOT = Path(__file__).resolve().parents[2]
FACTS = ROOT / "tests" / "fixtures" / "doctor-scenarios" / "ldlp_cuda11.json"
#: Where the venv and CUDA libraries are moved to: names a report must not show.
VENV = "/work/acme-client-x/.venv"
DATA = "/data/jdoe-lab/cuda-11.2"
PRIVATE = ("acme-client-x", "jdoe-lab")


@pytest.fixture
def plain_host(monkeypatch: pytest.MonkeyPatch) -> None:
    """A host whose own names appear nowhere in the snapshot."""
    monkeypatch.setattr(privacy.socket, "gethostname", lambda: "box")
    monkeypatch.setattr(privacy.getpass, "getuser", lambda: "nobody")
    monkeypatch.setenv("HOME", "/nonexistent-home")
    monkeypatch.setenv("USER", "nobody")
    monkeypatch.delenv("HOSTNAME", raising=False)


def _moved_facts(tmp_path: Path) -> Path:
    text = FACTS.read_text(encoding="utf-8")
    text = text.replace("/home/u/venv", VENV).replace("/usr/local/cuda-11.2", DATA)
    path = tmp_path / "facts.json"
    path.write_text(text, encoding="utf-8")
    return path


def _finding_ids(out: str) -> list[str]:
    return sorted(set(re.findall(r"\(([a-z0-9]+(?:-[a-z0-9]+)+)\)", out)))


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_doctor_report_hides_project_folders_and_keeps_library_layout(
        plain_host: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    facts = _moved_facts(tmp_path)
    assert main(["doctor", "--facts", str(facts), "--format", fmt]) == 1
    default = capsys.readouterr().out
    assert all(name in default for name in PRIVATE)  # redaction alone keeps them: can fail
    assert main(["doctor", "--facts", str(facts), "--format", fmt, "--redact-paths"]) == 1
    out = capsys.readouterr().out
    assert [name for name in PRIVATE if name in out] == []
    # what the diagnosis needs stays: the venv layout, the site-packages layout, the CUDA
    # version folder and the library file names
    assert "/work/dir1/.venv/bin/python" in out
    assert ".venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.8" in out
    assert "/cuda-11.2/lib64/libcudnn.so.8" in out
    # the same findings, computed before redaction
    assert "cudnn-version-mismatch" in out and "ld-library-path-shadows-pip-libraries" in out
    assert _finding_ids(out) == _finding_ids(default)
    assert "other folder paths are kept" in default
    assert "other folder paths are kept" not in out and "--redact-paths" in out


def test_json_is_complete_and_refuses_redact_paths(plain_host: None, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    facts = _moved_facts(tmp_path)
    assert main(["doctor", "--facts", str(facts), "--json", "--redact-paths"]) == 2
    assert "--redact-paths applies to --format markdown and html" in capsys.readouterr().err
    assert main(["doctor", "--facts", str(facts), "--format", "markdown", "--no-redact",
                 "--redact-paths"]) == 2
    assert main(["doctor", "--facts", str(facts), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert VENV in json.dumps(doc)


def test_help_names_redact_paths(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("doctor", "explain", "verify", "bench", "fleet"):
        assert main([command, "--help"]) == 0
        assert "--redact-paths" in capsys.readouterr().out, command


@pytest.mark.parametrize(("text", "expected"), [
    ("/work/acme/.venv/bin/python -m pip list", "/work/dir1/.venv/bin/python -m pip list"),
    ("/data/alice/proj/train.py", "/data/dir1/dir2/file1.py"),
    ("C:\\Projects\\Client\\src\\run.py", "C:\\dir1\\dir2\\dir3\\file1.py"),
    ("LD_LIBRARY_PATH=/work/acme/lib:/usr/local/cuda/lib64",
     "LD_LIBRARY_PATH=/work/dir1/lib:/usr/local/cuda/lib64"),
    ("/opt/conda/envs/acme-x/lib/python3.10/site-packages/tensorflow",
     "/opt/conda/envs/dir1/lib/python3.10/site-packages/tensorflow"),
    ('File "/work/acme/train.py", line 40', 'File "/work/dir1/file1.py", line 40'),
    ("~/Acme Corp/venv/bin/python", "~/dir1/venv/bin/python"),
    # a folder that only starts like a system root is a user's folder
    ("/usrdata/alice/run.py", "/dir1/dir2/file1.py"),
    ("/opt/rocmdata/alice/run.py", "/opt/rocmdata/dir1/file1.py"),
    ("/opt/rocm-6.2.0x/alice/run.py", "/opt/rocm-6.2.0x/dir1/file1.py"),
    ("C:\\ProgramData\\nvidiafan\\alice\\x.txt", "C:\\ProgramData\\nvidiafan\\dir1\\file1.txt"),
    ("/mnt/c/Users/user/Projects/Acme Corp/x.py", "/mnt/c/Users/user/dir1/dir2/file1.py"),
])
def test_redact_paths_replaces_folder_names_outside_known_locations(text: str,
                                                                    expected: str) -> None:
    assert redact_paths(text) == expected


@pytest.mark.parametrize("text", [
    "/usr/local/cuda-12.3/lib64/libcudart.so.12",
    "/home/user/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/libcudnn.so.9",
    "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin\\cudart64_110.dll",
    "C:\\Users\\user\\AppData\\Local\\Programs\\Python\\Python310\\lib\\site-packages\\x\\y",
    "/job:localhost/replica:0/task:0/device:GPU:0",
    "see https://www.tensorflow.org/install/source#gpu at 3 GB/s",
    "E tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] Created device",
    "rm -rf ~/.nv",
    "/etc/ld.so.conf.d/cuda.conf",
    "/usr/lib/wsl/lib/libcuda.so.1",
    "/opt/rocm", "/opt/rocm/share/acme/x.txt", "/opt/rocm-6.2.0/share/acme/x.txt",
    "/opt/rocm-6.2.0",
    "C:\\ProgramData\\NVIDIA Corporation\\acme\\x.txt", "C:\\ProgramData\\NVIDIA\\acme\\x.txt",
])
def test_redact_paths_keeps_system_and_library_locations(text: str) -> None:
    assert redact_paths(text) == text


def test_the_same_folder_gets_the_same_placeholder_across_a_report() -> None:
    names: dict[str, str] = {}
    first = redact_paths("/work/acme/a/x.py", names)
    second = redact_paths("/srv/acme/b/x.py and /srv/other/b", names)
    assert first == "/work/dir1/dir2/file1.py"
    assert second == "/srv/dir1/dir3/file1.py and /srv/dir4/dir3"


def test_redact_paths_is_linear_on_adversarial_text() -> None:
    import time

    for text in ("/a" * 20000, "C:\\" + "a b\\" * 8000, "/" + "a " * 20000, "~/" * 20000):
        start = time.perf_counter()
        redact_paths(text)
        assert time.perf_counter() - start < 2.0, text[:20]


# --- every entry of a PATH-like list (``:`` on Linux, ``;`` on Windows) -----------------

@pytest.mark.parametrize(("text", "expected"), [
    ("LD_LIBRARY_PATH: /work/acme/lib:/data/bigbank/lib64:/srv/clientx/cuda-11.0/lib64",
     "LD_LIBRARY_PATH: /work/dir1/lib:/data/dir2/lib64:/srv/dir3/cuda-11.0/lib64"),
    ("PATH=/home/u/bin:/opt/acme/bin:$PATH", "PATH=/home/dir1/bin:/opt/dir2/bin:$PATH"),
    ('export LD_LIBRARY_PATH="/work/acme/lib:/usr/local/cuda/lib64:/data/bigbank/lib64"',
     'export LD_LIBRARY_PATH="/work/dir1/lib:/usr/local/cuda/lib64:/data/dir2/lib64"'),
    ("PYTHONPATH='~/acme/x:~/bigbank/y'", "PYTHONPATH='~/dir1/dir2:~/dir3/dir4'"),
    ("PATH=C:\\Users\\u\\acme\\bin;D:\\bigbank\\lib;C:\\Windows\\system32",
     "PATH=C:\\Users\\dir1\\dir2\\bin;D:\\dir3\\lib;C:\\Windows\\system32"),
    ('set PATH="C:\\acme\\bin;C:\\Program Files\\NVIDIA\\x;D:\\bigbank\\lib"',
     'set PATH="C:\\dir1\\bin;C:\\Program Files\\NVIDIA\\x;D:\\dir2\\lib"'),
    ("PATH=C:/acme/bin;C:/bigbank/lib", "PATH=C:/dir1/bin;C:/dir2/lib"),
])
def test_redact_paths_replaces_every_entry_of_a_path_list(text: str, expected: str) -> None:
    assert redact_paths(text) == expected


@pytest.mark.parametrize("text", [
    "https://github.com/acme/x s3://bucket/key file:///srv/x",
    "/job:localhost/replica:0/task:0/device:GPU:0",
])
def test_redact_paths_still_leaves_urls_and_device_names_alone(text: str) -> None:
    assert redact_paths(text) == text


LIST_LOG = (
    "2024-02-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/"
    "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
    "libcudart.so.11.0: cannot open shared object file: No such file or directory; "
    "LD_LIBRARY_PATH: /work/acme-client-x/lib:/data/jdoe-lab/lib64:/srv/bigbank/cuda-11.0/lib64\n")


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_explain_report_hides_every_entry_of_a_logged_library_path_list(
        plain_host: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    log = tmp_path / "train.log"
    log.write_text(LIST_LOG, encoding="utf-8")
    main(["explain", str(log), "--format", fmt])
    assert "bigbank" in capsys.readouterr().out  # without the option they stay: can fail
    main(["explain", str(log), "--format", fmt, "--redact-paths"])
    out = capsys.readouterr().out
    assert [name for name in (*PRIVATE, "bigbank") if name in out] == []
    # evidence and cause both quote the list, every entry redacted, the CUDA folder kept
    assert out.count("/work/dir1/lib:/data/dir2/lib64:/srv/dir3/cuda-11.0/lib64") >= 2


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_facts_table_hides_every_entry_of_ld_library_path(
        plain_host: None, tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    facts = _moved_facts(tmp_path)
    doc = json.loads(facts.read_text(encoding="utf-8"))
    doc["env"]["LD_LIBRARY_PATH"] = f"/srv/bigbank/lib:{DATA}/lib64:/opt/clientx/lib64"
    facts.write_text(json.dumps(doc), encoding="utf-8")
    main(["doctor", "--facts", str(facts), "--format", fmt])
    assert "clientx" in capsys.readouterr().out  # can fail
    main(["doctor", "--facts", str(facts), "--format", fmt, "--redact-paths"])
    out = capsys.readouterr().out
    assert [name for name in (*PRIVATE, "bigbank", "clientx") if name in out] == []
    assert re.search(r"/srv/dir\d+/lib:/data/dir\d+/cuda-11.2/lib64:/opt/dir\d+/lib64", out)


def test_many_new_names_are_numbered_in_linear_time() -> None:
    import time

    text = " ".join(f"/srv/n{i}x/f{i}y.py" for i in range(10000))
    start = time.perf_counter()
    out = redact_paths(text)
    assert time.perf_counter() - start < 2.0  # a count per kind, not a scan per new name
    assert out.endswith("/srv/dir10000/file10000.py")


def test_a_plain_dict_of_earlier_placeholders_is_continued() -> None:
    names = {"acme": "dir1", "x.py": "file1.py"}
    assert redact_paths("/srv/acme/bigbank/y.py", names) == "/srv/dir1/dir2/file2.py"
    assert names == {"acme": "dir1", "x.py": "file1.py", "bigbank": "dir2", "y.py": "file2.py"}
    table = PathNames(names)
    assert table.counts == {"dir": 2, "file": 2}
    assert redact_paths("/srv/clientx/z.py", table) == "/srv/dir3/file3.py"
    assert table.counts == {"dir": 3, "file": 3}
