"""Collecting snapshots: the fleet's ``srun`` command line, its labelled output split per
node (in the format real ``srun --label`` printed on the project's local Slurm 22.05, see
tests/slurm), and snapshot files and folders."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.facts import ProbeStatus
from tfgpu.fleet import FleetError, NodeStatus, collect_files, collect_slurm
from tfgpu.fleet.collect import parse_srun_output, srun_argv, srun_deadline_s, wrapped_command

from . import _snap

FACTS = _snap.snap().to_json()


def _labelled(task: int, node: str, body: str | None, code: int | None) -> str:
    """What ``srun --label`` prints for one task of :func:`wrapped_command`: the node line,
    the output in base64 (76-character lines, as coreutils' base64 wraps), the exit line."""
    lines = [f"{task}: @tfgpu-fleet node {node}"]
    if body is not None:
        b64 = base64.b64encode(body.encode()).decode()
        lines += [f"{task}: @tfgpu-fleet base64",
                  *(f"{task}: {b64[i:i + 76]}" for i in range(0, len(b64), 76))]
    if code is not None:
        lines += [f"{task}: ", f"{task}: @tfgpu-fleet exit {code}"]
    return "\n".join(lines) + "\n"


def _result(stdout: str, stderr: str = "", status: ProbeStatus = ProbeStatus.OK
            ) -> CommandResult:
    return CommandResult(("srun",), status, 0 if status is ProbeStatus.OK else None,
                         stdout, stderr)


def test_wrapped_command_bounds_the_node_and_reports_its_exit() -> None:
    argv = wrapped_command(["tfgpu", "facts", "--no-tf"], 30)
    assert argv[:2] == ["sh", "-c"]
    assert 'timeout -k 5 "$0" "$@"' in argv[2] and "@tfgpu-fleet exit" in argv[2]
    assert '<"$f" | base64' in argv[2]
    assert argv[3:] == ["30", "tfgpu", "facts", "--no-tf"]


def test_srun_argv_inside_an_allocation_asks_one_task_per_node() -> None:
    env = {"SLURM_JOB_ID": "42", "SLURM_JOB_NUM_NODES": "3"}
    argv = srun_argv(["tfgpu", "facts"], 60, env)
    assert argv[:7] == ["srun", "--ntasks-per-node=1", "--label", "--kill-on-bad-exit=0",
                        "--nodes=3", "--ntasks=3", "--overlap"]
    # outside an allocation the user's srun options make it
    argv = srun_argv(["tfgpu", "facts"], 60, {}, ["-N", "2", "-p", "debug"])
    assert argv[4:8] == ["-N", "2", "-p", "debug"] and "--overlap" not in argv
    assert srun_deadline_s(60) == 125


def test_parse_every_outcome_of_a_node() -> None:
    out = (_labelled(0, "node1", FACTS, 0) + _labelled(1, "node2", "{garbage", 0)
           + _labelled(2, "node3", None, 127) + _labelled(3, "node4", None, 124)
           + _labelled(4, "node5", "", 1))
    err = ("2: timeout: failed to run command 'tfgpu': No such file or directory\n"
           "4: Traceback (most recent call last):\n4: RuntimeError: boom\n")
    nodes = parse_srun_output(_result(out, err), expected=["node1", "node2", "node3", "node4",
                                                          "node5", "node6"])
    got = [(n.name, n.status, n.exit_code) for n in nodes]
    assert got == [("node1", NodeStatus.OK, 0), ("node2", NodeStatus.UNREADABLE, 0),
                   ("node3", NodeStatus.NO_TFGPU, 127), ("node4", NodeStatus.TIMEOUT, 124),
                   ("node5", NodeStatus.FAILED, 1), ("node6", NodeStatus.NO_ANSWER, None)]
    assert nodes[0].facts == _snap.snap()
    assert "not JSON" in (nodes[1].message or "") and "{garbage" in (nodes[1].message or "")
    assert nodes[2].message == "timeout: failed to run command 'tfgpu': No such file or directory"
    assert "RuntimeError: boom" in (nodes[4].message or "")


def test_a_node_still_running_when_srun_was_stopped_timed_out() -> None:
    out = _labelled(0, "node1", FACTS, 0) + _labelled(1, "node2", '{"os": ', None)
    stopped = CommandResult.timed_out(("srun",), 125.0, out, "")
    nodes = parse_srun_output(stopped, expected=["node1", "node2", "node3"])
    assert [(n.name, n.status) for n in nodes] == [
        ("node1", NodeStatus.OK), ("node2", NodeStatus.TIMEOUT), ("node3", NodeStatus.TIMEOUT)]
    assert "did not finish within 125 s" in (nodes[1].message or "")


def test_srun_own_error_line_names_the_node_of_a_task_without_output() -> None:
    err = "srun: error: gpu7: task 1: Exited with exit code 2\n"
    nodes = parse_srun_output(_result(_labelled(0, "gpu1", FACTS, 0), err))
    assert [(n.name, n.status) for n in nodes] == [("gpu1", NodeStatus.OK),
                                                   ("gpu7", NodeStatus.FAILED)]


def test_collect_slurm_expands_the_allocation_and_finds_the_silent_node() -> None:
    env = {"SLURM_JOB_ID": "7", "SLURM_JOB_NUM_NODES": "2", "SLURM_JOB_NODELIST": "n[1-2]"}
    argv = tuple(srun_argv(["tfgpu", "facts"], 10, env))
    runner = FakeRunner({argv: _result(_labelled(0, "n1", FACTS, 0)),
                         ("scontrol", "show", "hostnames", "n[1-2]"): "n1\nn2\n"})
    nodes = collect_slurm(node_timeout_s=10, env=env, runner=runner)
    assert [(n.name, n.status) for n in nodes] == [("n1", NodeStatus.OK),
                                                   ("n2", NodeStatus.NO_ANSWER)]
    assert runner.calls[0] == argv


def test_collect_slurm_without_srun_is_a_clear_error() -> None:
    with pytest.raises(FleetError, match="srun not found"):
        collect_slurm(env={}, runner=FakeRunner())


def test_collect_slurm_when_slurm_refuses_the_step() -> None:
    env: dict[str, str] = {}
    argv = tuple(srun_argv(["tfgpu", "facts"], 10, env, ["-p", "nope"]))
    said = "srun: error: Unable to allocate resources: Invalid partition name specified\n"
    runner = FakeRunner({argv: CommandResult(argv, ProbeStatus.ERROR, 1, "", said)})
    with pytest.raises(FleetError, match="Invalid partition name"):
        collect_slurm(node_timeout_s=10, srun_args=["-p", "nope"], env=env, runner=runner)


def test_collect_files_reads_folders_and_names_nodes_by_file(tmp_path: Path) -> None:
    _snap.write(tmp_path, "gpu01", _snap.snap())
    _snap.write(tmp_path, "gpu02", _snap.snap(_snap.driver("550.54.15")))
    (tmp_path / "gpu03.json").write_text("Traceback: not facts\n", encoding="utf-8")
    (tmp_path / "gpu04.json").write_text(json.dumps({"schema_version": "9.0"}), encoding="utf-8")
    (tmp_path / "notes.txt").write_text("ignored", encoding="utf-8")
    nodes = collect_files([str(tmp_path)])
    assert [(n.name, n.status) for n in nodes] == [
        ("gpu01", NodeStatus.OK), ("gpu02", NodeStatus.OK),
        ("gpu03", NodeStatus.UNREADABLE), ("gpu04", NodeStatus.UNREADABLE)]
    assert "not supported" in (nodes[3].message or "")


def test_collect_files_refuses_what_is_not_there(tmp_path: Path) -> None:
    with pytest.raises(FleetError, match="no such file"):
        collect_files([str(tmp_path / "nope")])
    with pytest.raises(FleetError, match=r"no \*\.json"):
        collect_files([str(tmp_path)])


def test_output_damaged_on_the_way_is_unreadable() -> None:
    out = ("0: @tfgpu-fleet node n1\n0: @tfgpu-fleet base64\n0: eyJvcyI6!!\n0: \n"
           "0: @tfgpu-fleet exit 0\n")
    (node,) = parse_srun_output(_result(out))
    assert node.status is NodeStatus.UNREADABLE
    assert "damaged" in (node.message or "")


def test_srun_cuts_long_lines_so_the_snapshot_travels_in_base64() -> None:
    """A snapshot line longer than srun's ~1 KiB label chunk (a long LD_LIBRARY_PATH) comes
    back whole."""
    long = _snap.snap(_snap.env("LD_LIBRARY_PATH", ":".join(["/opt/lib"] * 400)))
    (node,) = parse_srun_output(_result(_labelled(0, "n1", long.to_json(indent=None), 0)))
    assert node.status is NodeStatus.OK and node.facts == long


def test_same_file_name_in_two_folders_gives_two_distinct_node_names(tmp_path: Path) -> None:
    for folder, version in (("rack1", "550.54.15"), ("rack2", "570.124.06")):
        (tmp_path / folder).mkdir()
        _snap.write(tmp_path / folder, "gpu01", _snap.snap(_snap.driver(version)))
    nodes = collect_files([str(tmp_path / "rack1"), str(tmp_path / "rack2")])
    assert [n.name for n in nodes] == ["rack1/gpu01", "rack2/gpu01"]


def test_the_same_file_named_twice_is_one_node(tmp_path: Path) -> None:
    path = _snap.write(tmp_path, "gpu01", _snap.snap())
    nodes = collect_files([str(tmp_path), str(path)])
    assert [n.name for n in nodes] == ["gpu01"]


def test_same_folder_and_file_names_get_a_number(tmp_path: Path) -> None:
    for top in ("site1", "site2"):
        (tmp_path / top / "facts").mkdir(parents=True)
        _snap.write(tmp_path / top / "facts", "gpu01", _snap.snap())
    nodes = collect_files([str(tmp_path / "site1" / "facts"), str(tmp_path / "site2" / "facts")])
    assert [n.name for n in nodes] == ["facts/gpu01#1", "facts/gpu01#2"]


def test_unreadable_snapshot_file_gets_a_file_fix_quoted_for_the_shell(tmp_path: Path) -> None:
    from tfgpu.fleet import examine

    bad = tmp_path / "gpu01; rm -rf ~.json"
    bad.write_text("not json", encoding="utf-8")
    report = examine(collect_files([str(bad)]), sources=[str(bad)])
    (finding,) = [f for f in report.findings if f.id == "fleet-node-not-examined"]
    assert not any(line.startswith("srun -w") for line in finding.fix)  # no srun for a file
    assert finding.fix[0] == f"head -c 400 '{bad}'   # what the file holds"


def test_a_newline_in_a_snapshot_file_name_cannot_reach_a_fix_line(tmp_path: Path) -> None:
    from tfgpu.fleet import examine

    _snap.write(tmp_path, "gpu01", _snap.snap())
    _snap.write(tmp_path, "gpu02\nrm -rf ~", _snap.snap(_snap.tf_version("2.20.0")))
    nodes = collect_files([str(tmp_path)])
    assert [n.name for n in nodes] == ["gpu01", "gpu02?rm -rf ~"]
    report = examine(nodes, sources=[str(tmp_path)])
    assert all("\n" not in line for f in report.findings for line in f.fix)


@pytest.mark.parametrize(("remote", "code", "body", "fix"), [
    (["/opt/x/tfgpu-wrapper"], 0, "garbage",
     "srun -w n2 -N1 /opt/x/tfgpu-wrapper | head   # what it prints"),
    (["/opt/x/tfgpu-wrapper", "--no-tf"], 1, None,
     "srun -w n2 -N1 /opt/x/tfgpu-wrapper --no-tf   # the traceback"),
    (["python3", "-m", "tfgpu", "facts", "--no-tf"], 124, None,
     "srun -w n2 -N1 python3 -m tfgpu facts --no-tf --timeout 60   # see where it hangs"),
    (["/opt/venv/bin/tfgpu", "facts"], 127, None,
     "srun -w n2 -N1 which /opt/venv/bin/tfgpu python3   # what the node's PATH has"),
    (["/opt/my tools/wrap"], 127, None,
     "srun -w n2 -N1 which '/opt/my tools/wrap'   # what the node's PATH has"),
], ids=["wrapper-garbage", "wrapper-failed", "python-m-timeout", "venv-missing", "spaces"])
def test_fix_lines_of_a_node_run_the_command_given_with_remote(
        remote: list[str], code: int, body: str | None, fix: str) -> None:
    """The fix lines of a node that could not be examined rerun the node's own command
    (``--remote``), not ``tfgpu facts``; tfgpu's options only where it is tfgpu facts."""
    from tfgpu.fleet import examine

    argv = tuple(srun_argv(remote, 10, {}, ["-N", "2"]))
    out = _labelled(0, "n1", FACTS, 0) + _labelled(1, "n2", body, code)
    nodes = collect_slurm(remote=remote, node_timeout_s=10, srun_args=["-N", "2"], env={},
                          runner=FakeRunner({argv: _result(out)}))
    finding = next(f for f in examine(nodes).findings if f.id == "fleet-node-not-examined")
    assert finding.fix[0] == fix


@pytest.mark.parametrize(("code", "status"), [(124, ProbeStatus.OK),
                                              (None, ProbeStatus.TIMEOUT)])
def test_a_node_flooding_standard_error_is_a_flood_not_a_hang(
        code: int | None, status: ProbeStatus) -> None:
    from tfgpu.fleet.collect import STDERR_FLOOD
    from tfgpu.fleet.compare import check_unreachable

    flood = "".join(f"0: errflood {i}\n" for i in range(4000))  # ~60 KiB, past the bound
    out = _labelled(0, "gpu01", None, code) + _labelled(1, "gpu02", FACTS, 0)
    nodes = parse_srun_output(_result(out, flood, status))
    bad = next(n for n in nodes if n.name == "gpu01")
    assert bad.status is NodeStatus.UNREADABLE
    assert bad.message is not None and bad.message.startswith(STDERR_FLOOD)
    # the kept tail starts at a whole line: "errflood N", never "rrflood" or "d"
    tail = bad.message.split("its last lines: ", 1)[1]
    assert tail.startswith("errflood ")
    assert next(n for n in nodes if n.name == "gpu02").status is NodeStatus.OK
    (f,) = check_unreachable(nodes, None)  # type: ignore[arg-type]
    assert "flooded standard error" in f.title
    assert "hung driver call" not in f.cause and "hang the same way" not in f.cause


def test_a_node_that_timed_out_quietly_is_still_a_timeout() -> None:
    out = _labelled(0, "gpu01", None, 124)
    (node,) = parse_srun_output(_result(out, "0: slow import\n"))
    assert node.status is NodeStatus.TIMEOUT
