"""tfgpu.privacy: each kind of private data is removed, and what is not private stays."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from tfgpu import privacy


def R() -> privacy.Redactor:
    """A fresh redactor: each report numbers its addresses from x.x.x.1."""
    return privacy.for_names(users=["alice"], homes=["/data/alice"],
                             hosts=["gpubox7.lab.example.org"])


@pytest.mark.parametrize(("text", "secret", "expected"), [
    ("GPU 0: H200 (UUID: GPU-3f5e1a2b-1111-2222-3333-444455556666)", "3f5e1a2b",
     "GPU 0: H200 (UUID: GPU-00000000-0000-0000-0000-000000000000)"),
    ("MIG-7c3a9a52-77d1-4b5e-9c02-1d2e3f4a5b6c", "7c3a9a52",
     "MIG-00000000-0000-0000-0000-000000000000"),
    ("    Serial Number                         : 1324321062481", "1324321062481",
     "    Serial Number                         : 0000000000000"),
    ("    GPU PDI                               : 0x9a8b7c6d5e4f3a2b", "9a8b7c6d",
     "    GPU PDI                               : 0x0000000000000000"),
    ("        Chassis Serial Number             : 1821623000123", "1821623000123",
     "        Chassis Serial Number             : 0000000000000"),
    ("        ClusterUUID                       : 7c3a9a52-77d1-4b5e-9c02-1d2e3f4a5b6c",
     "7c3a9a52", "        ClusterUUID                       : "
     "00000000-0000-0000-0000-000000000000"),
    ("<serial>1324321062481</serial>", "1324321062481", "<serial>0000000000000</serial>"),
    ("<gpu_pdi>0xdeadbeef</gpu_pdi>", "deadbeef", "<gpu_pdi>0x00000000</gpu_pdi>"),
    ("<chassis_serial_number>CS123X</chassis_serial_number>", "CS123X",
     "<chassis_serial_number>000000</chassis_serial_number>"),
    ("/data/alice/venv/bin/python", "alice", "~/venv/bin/python"),
    ("/home/bob/x and /home/bob", "bob", "/home/user/x and /home/user"),
    ("C:\\Users\\Carol\\AppData", "Carol", "C:\\Users\\user\\AppData"),
    ('"C:\\\\Users\\\\Carol\\\\AppData"', "Carol", '"C:\\\\Users\\\\user\\\\AppData"'),
    ("/Users/dave/miniconda3 /mnt/c/Users/Eve/x", "dave", "/Users/user/miniconda3 "
     "/mnt/c/Users/user/x"),
    ("alice@gpubox7:~$ ls", "gpubox7", "user@host:~$ ls"),
    ("ssh node2.lab.example.org", "example.org", "ssh node2.domain"),
    ("gpubox7.lab.example.org", "lab.example", "host"),
    ("OOB enp226s0:10.16.2.21<0>", "10.16.2.21", "OOB enp226s0:x.x.x.1<0>"),
    ("inet 192.168.1.20/24", "192.168", "inet x.x.x.1/24"),
    ('{"worker": ["10.1.2.3:2222"]}', "10.1.2.3", '{"worker": ["x.x.x.1:2222"]}'),
    ("fe80::1ff:fe23:4567:890a", "fe23", "x:x::x"),
    ("2001:db8:85a3:0:0:8a2e:370:7334", "8a2e", "x:x::x"),
    ("ether 00:1b:44:11:3a:b7", "44:11", "ether xx:xx:xx:xx:xx:xx"),
    ("HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyz12", "abcdefghij", "HF_TOKEN=REDACTED"),
    ('export AWS_SECRET_ACCESS_KEY="wJalrXUtnFEMI"', "wJalr",
     'export AWS_SECRET_ACCESS_KEY="REDACTED"'),
    ("password=hunter2", "hunter2", "password=REDACTED"),
    ('{"GITHUB_TOKEN": "ghs_1234"}', "ghs_1234", '{"GITHUB_TOKEN": "REDACTED"}'),
    ("MY_API_KEY: sk12345", "sk12345", "MY_API_KEY: REDACTED"),
    ("--index-url https://bob:s3cr3t@mirror.example.com/simple", "s3cr3t",
     "--index-url https://REDACTED@mirror.example.com/simple"),
    ("git clone https://ghp_abcdefghijklmnopqrstuvwxyz0123@github.com/x/y", "ghp_",
     "git clone https://REDACTED@github.com/x/y"),
    ("Authorization: Bearer abc.def.ghi123456", "abc.def", "Authorization: REDACTED"),
    # user names with spaces, as Windows makes them from a full name
    (r"C:\Users\John Smith\AppData\Local", "Smith", r"C:\Users\user\AppData\Local"),
    ("/mnt/c/Users/Jane Q Doe/venv/bin/python", "Doe", "/mnt/c/Users/user/venv/bin/python"),
    ('{"CUDA_PATH": "C:\\\\Users\\\\Ann Lee\\\\cuda"}', "Lee",
     '{"CUDA_PATH": "C:\\\\Users\\\\user\\\\cuda"}'),
    ("see /home/bob and /home/carol/x", "carol", "see /home/user and /home/user/x"),
    ("curl -H 'X: Bearer abcdefghijk'", "abcdefghijk", "curl -H 'X: Bearer REDACTED'"),
    # the login name as a word: a word is letters and digits, "-", "_", "." end it
    ("CONDA_PREFIX=/opt/miniconda/envs/alice-env", "alice",
     "CONDA_PREFIX=/opt/miniconda/envs/user-env"),
    ("--xla_dump_to=/data/alice-secret-project/dump", "alice",
     "--xla_dump_to=/data/user-secret-project/dump"),
    ("/scratch/alice_runs/exp-alice.2", "alice", "/scratch/user_runs/exp-user.2"),
])
def test_each_kind_is_redacted(text: str, secret: str, expected: str) -> None:
    out = R().text(text)
    assert out == expected
    assert secret not in out
    assert R().text(out) == out  # idempotent: a second pass changes nothing


@pytest.mark.parametrize("text", [
    "cudnn 9.3.0.75", "tensorrt==10.0.1.6", "kernel 5.15.153.1-microsoft", "WSL 1.2.5.0",
    "libcudnn8=8.1.0.77-1+cuda11.2", "TF_FORCE_GPU_ALLOW_GROWTH=true", "12:34:56",
    "00000000:01:00.0", "std::string", "tensorboard --bind_all 0.0.0.0:6006",
    "    Serial Number                         : N/A", "TensorFlow 2.15.0 can use GPU 0",
    "/home/user/x", "driver 535.54.03 (nvidia-smi)", "bobcat", "root@ubuntu:/root#",
    "pip install 'tensorflow[and-cuda]==2.16.1'", "knowledge_ref: tf:2.15",
    # pip list --format=json, as tfgpu capture keeps it (four-part CUDA wheel versions)
    '{"name": "nvidia-cublas", "version": "13.1.0.3"}', "version='9.19.0.56'",
    # a site-packages listing (tfgpu capture's fs.json, as recorded on the H200 host) and
    # wheel file names: a distribution's version, not an address
    '"nvidia_cufft-12.0.0.61.dist-info"', "opencv_python_headless-4.11.0.86.dist-info",
    "nvidia_cudnn_cu12-9.3.0.75-py3-none-manylinux2014_x86_64.whl", "foo-1.2.3.4.tar.gz",
    # other words that hold the login name
    "malice", "alice2", "Malice-x",
])
def test_what_is_not_private_stays(text: str) -> None:
    assert R().text(text) == text


def test_data_redacts_by_key_and_keeps_versions() -> None:
    got = R().data({
        "env": {"HF_TOKEN": "abc", "api_key": "x", "PATH": "/data/alice/bin", "SHELL": "/bin/sh"},
        "gpus": [{"uuid": "GPU-1234", "serial": "abc123", "name": "NVIDIA H200"}],
        "cudnn_version": "9.3.0.75", "knowledge_ref": "tf:1", "hostname": "anything",
        "count": 3, "ok": True, "none": None,
    })
    assert got == {
        "env": {"HF_TOKEN": "REDACTED", "api_key": "REDACTED", "PATH": "~/bin",
                "SHELL": "/bin/sh"},
        "gpus": [{"uuid": "GPU-0000", "serial": "000000", "name": "NVIDIA H200"}],
        "cudnn_version": "9.3.0.75", "knowledge_ref": "tf:1", "hostname": "host",
        "count": 3, "ok": True, "none": None,
    }


def test_this_host_reads_home_outside_home_and_the_host_name(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(privacy.socket, "gethostname", lambda: "node9.hpc.example.edu")
    monkeypatch.setattr(privacy.getpass, "getuser", lambda: "zed")
    r = privacy.this_host({"HOME": "/scratch/u/mallory", "USER": "mallory"})
    out = r.text("/scratch/u/mallory/env mallory zed node9 node9.hpc.example.edu x.hpc.example.edu")
    assert out == "~/env user user host host x.domain"


def test_shared_account_names_are_no_login_name_to_hide() -> None:
    # Jetson's sample user "nvidia": nvidia-smi and the nvidia-* wheels stay readable
    r = privacy.for_names(users=["nvidia"])
    text = "nvidia-smi; pip install nvidia-cudnn-cu12; /usr/lib/nvidia/libcuda.so.1"
    assert r.text(text) == text
    assert r.text("/home/nvidia/x") == "/home/user/x"


def test_no_redactor_changes_nothing() -> None:
    text = "HF_TOKEN=abc /home/bob GPU-3f5e1a2b-1111-2222-3333-444455556666"
    assert privacy.NoRedactor().text(text) == text
    assert privacy.NoRedactor().data({"HF_TOKEN": "abc"}) == {"HF_TOKEN": "abc"}


@pytest.mark.parametrize("line", [
    "a" * 50_000, "a." * 25_000, "TOKEN" * 10_000, "1." * 25_000, ":" * 50_000,
    "ab:" * 15_000, "Serial " * 7_000, "/home/" * 8_000, "x=" * 25_000, "-" * 50_000,
    "Serial : " + " " * 50_000 + "x", "sk-" * 16_000, "<serial>x" * 5_000, "a://" * 12_000,
    "authorization:" * 3_000, "token " * 8_000, "ab:" * 15_000 + "::",
    "/home/" + "a " * 25_000, "/Users/ " * 7_000, "C:\\Users\\" + "ab " * 16_000,
])
def test_linear_time_on_long_lines(line: str) -> None:
    t0 = time.perf_counter()
    R().text(line)
    assert time.perf_counter() - t0 < 1.0


def test_tf_config_worker_host_names_are_redacted() -> None:
    spec = ('{"cluster": {"worker": ["gpu-node-7.corp.example.com:2222", "10.1.2.3:2222", '
            '"[fe80::1]:2222", "localhost:2223"]}, "task": {"type": "worker", "index": 0}}')
    got = R().data({"env": {"TF_CONFIG": spec}})["env"]["TF_CONFIG"]
    assert "corp.example" not in got and "gpu-node-7" not in got and "10.1.2.3" not in got
    assert "fe80" not in got
    assert '"host:2222"' in got and '"localhost:2223"' in got
    assert '"type": "worker"' in got  # the rest of the spec stays readable


@pytest.mark.parametrize("login", ["cuda", "gpu", "conda", "dev", "test", "train", "python"])
def test_login_that_is_a_word_of_tfgpus_text_leaves_commands_and_package_names(
        login: str) -> None:
    r = privacy.for_names(users=[login], hosts=["gpubox7"])
    kept = ["pip install 'tensorflow[and-cuda]==2.14.*'",
            'The "tensorflow-gpu" package has been removed!',
            "knowledge row cuda_min_driver:12.x-minor-compat",
            "gpu_device.cc:2020] Created device /job:localhost/replica:0/task:0/device:GPU:0",
            "CUDA 12.2, Conda, Python 3.11: conda install -c conda-forge cudatoolkit=11.2",
            "/usr/local/cuda-12.2/lib64", "python -m pip install --dry-run; ./dev test train"]
    for text in kept:
        assert r.text(text) == text
    # where it names the person it still goes
    assert r.text(f"{login}@gpubox7:~$ ls") == "user@host:~$ ls"
    assert r.text(f"/home/{login}/x ~{login}/y") == "/home/user/x ~user/y"


def test_a_login_in_tfgpus_vocabulary_changes_no_catalogue_text() -> None:
    # The catalogue's causes and fixes come out of a redactor that knows the login "cuda"
    # exactly as out of one that knows no login.
    from tfgpu.knowledge._load import data_dir

    text = data_dir().joinpath("findings.toml").read_text(encoding="utf-8")
    text = text.split("\n[sources.", 1)[0]
    bare = privacy.for_names(hosts=["gpubox7"])
    for login in ("cuda", "gpu", "tensorflow"):
        assert privacy.for_names(users=[login], hosts=["gpubox7"]).text(text) == bare.text(text)


@pytest.mark.parametrize(("login", "text", "expected"), [
    ("Alice", "/opt/conda/envs/alice-env", "/opt/conda/envs/user-env"),
    ("alice", "C:\\Users\\Public\\ALICE_data", "C:\\Users\\Public\\user_data"),
    ("ALICE", "alice@gpubox7:~$", "user@gpubox7:~$"),
])
def test_login_name_is_matched_in_any_case(login: str, text: str, expected: str) -> None:
    assert privacy.for_names(users=[login]).text(text) == expected


@pytest.mark.parametrize("host", ["ubuntu", "cuda"])
def test_a_host_named_like_a_tool_word_is_hidden_only_where_it_names_the_machine(
        host: str) -> None:
    r = privacy.for_names(hosts=[host])
    kept = [f"docker run --rm --gpus all {host} nvidia-smi",
            "Could not find cuda drivers on your machine, GPU will not be used.",
            "external/local_xla/xla/tsl/cuda/cudart_stub.cc:31]"]
    assert [r.text(t) for t in kept] == kept
    assert r.text(f"root@{host}:~# nvidia-smi") == "root@host:~# nvidia-smi"
    assert r.text(f"retrieving CUDA diagnostic information for host: {host}").endswith(
        "host: host")
    for line in (f"{host}:2345:2390 [0] NCCL INFO NET/Socket", f"[{host}:02345] mca_btl",
                 f"Dec 04 10:00:00 {host} kernel: NVRM: Xid 79", f"ssh {host}",
                 f"{host} login: alice", f"Hostname: {host}"):
        assert host not in r.text(line), line


@pytest.mark.parametrize(("text", "address"), [
    ("ssh alice@10.42.7.3", "10.42.7.3"), ("--ip=192.168.1.20 --port 22", "192.168.1.20"),
    ("server=10.1.2.3", "10.1.2.3"), ("Connection to 10.42.7.3.", "10.42.7.3"),
    ("default via 10.0.0.1 dev 10.0.0.9", "10.0.0.9"), ("at 10.0.0.5-10.0.0.9", "10.0.0.5"),
])
def test_addresses_after_a_bare_equals_at_sign_or_before_a_full_stop_are_hidden(
        text: str, address: str) -> None:
    assert address not in R().text(text)


@pytest.mark.parametrize("text", [
    "nvidia-cudnn-cu12        9.3.0.75", "onnxruntime-gpu          1.18.0.1",
    "this environment holds nvidia-cudnn-cu13 9.19.0.56 (CUDA 13)", "protobuf 4.25.3.1",
])
def test_a_package_and_its_four_part_version_stay(text: str) -> None:
    assert R().text(text) == text


@pytest.mark.parametrize("text", [
    "NV_CUDNN_VERSION=8.9.6.50", "TRT_VERSION=8.6.1.6", "/opt/TensorRT-8.6.1.6/lib",
    "Successfully installed tensorrt-8.6.1.6 tensorrt-libs-8.6.1.6", "pywin32   306.0.0.1",
])
def test_versions_named_by_a_variable_or_glued_to_their_package_stay(text: str) -> None:
    assert R().text(text) == text


@pytest.mark.parametrize("text", [
    "gpu-node-1   10.20.3.4", "worker0  10.20.3.5:2222", "tf-worker    10.244.1.7:2222",
    "0.0.0.0         10.20.0.1", "Connected to tensorflow-serving 10.1.2.3",
    "keras-server 10.1.2.3", "jaxserver 10.1.2.3", "nvidia-fabricmanager 10.1.2.3",
])
def test_an_address_after_a_name_that_only_looks_like_a_package_is_hidden(text: str) -> None:
    assert "x.x.x.1" in R().text(text)


H200_CAPTURE = (Path(__file__).resolve().parents[1] / "fixtures" / "hosts"
                / "linux-x86_64-h200-driver580.159-cuda13.0-pip-cu13-beside-torch")


@pytest.mark.parametrize("name", ["fs.json", "pip-list.json", "site-packages.json",
                                  "ldconfig.txt", "nvidia-smi-q.xml", "commands.json"])
def test_a_real_scrubbed_capture_is_left_as_it_is(name: str) -> None:
    # tfgpu capture's own output on a real H200 host (scrubbed when recorded): scrubbing it
    # again, as the capture does, changes nothing; a re-capture there once turned every
    # 'nvidia_cufft-12.0.0.61.dist-info' of fs.json into 'nvidia_cufft-x.x.x.x.dist-info'
    text = (H200_CAPTURE / name).read_text(encoding="utf-8")
    assert privacy.for_names(users=["vm"], hosts=["vm"]).text(text) == text


def test_two_addresses_stay_two_and_one_address_stays_one() -> None:
    # a multi-worker log: worker 0 cannot reach worker 1; merging both into one placeholder
    # would hide which machine failed
    r = R()
    out = r.lines(["worker 10.0.0.5:2222 cannot reach 10.0.0.6:2222",
                   "MASTER_ADDR=10.0.0.6", "retrying 10.0.0.5"])
    assert out == ["worker x.x.x.1:2222 cannot reach x.x.x.2:2222",
                   "MASTER_ADDR=x.x.x.2", "retrying x.x.x.1"]
    # learn's copy keeps the same numbering (one report, one map)
    assert r.learn(["hostname: gpubox9"]).text("10.0.0.6") == "x.x.x.2"


def test_a_cluster_specs_workers_by_address_stay_distinct() -> None:
    # TF_CONFIG's workers by IPv4 address: numbered like every other address of the report,
    # so worker 0 here is the MASTER_ADDR there (names still become "host")
    r = R()
    out = r.text('TF_CONFIG={"cluster": {"worker": ["10.0.0.5:2222", "10.0.0.6:2222", '
                 '"gpu7.lab:2222"]}} MASTER_ADDR=10.0.0.5')
    assert out == ('TF_CONFIG={"cluster": {"worker": ["x.x.x.1:2222", "x.x.x.2:2222", '
                   '"host:2222"]}} MASTER_ADDR=x.x.x.1')
    assert R().data({"TF_CONFIG": '{"cluster": {"worker": ["10.0.0.5:2222", '
                                  '"10.0.0.6:2222"]}}'}) == {
        "TF_CONFIG": '{"cluster": {"worker": ["x.x.x.1:2222", "x.x.x.2:2222"]}}'}


def test_release_numbers_of_a_pip_version_list_are_no_addresses() -> None:
    # four-part releases in pip's "(from versions: ...)" list, far from the cue: versions,
    # kept (numbered they would read as machines)
    text = ("ERROR: Could not find a version that satisfies the requirement "
            "nvidia-cufft-cu12==11.0.8.103 (from versions: 0.0.1.dev5, 11.0.11.19, 11.0.12.1, "
            "11.2.1.3, 11.2.3.18, 11.3.0.4, 11.3.3.83) from 10.0.0.5")
    assert R().text(text) == text.replace("10.0.0.5", "x.x.x.1")
