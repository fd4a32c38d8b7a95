"""`tfgpu launch --host`: an IPv6 address is refused with a message that says so (it used to
fail as "Address family for hostname not supported" after a private network was opened)."""

from __future__ import annotations

import io

import pytest

from tfgpu.cli.main import main
from tfgpu.runtime.launch import LaunchError, check_host, launch


@pytest.mark.parametrize("host", ["::1", "[::1]", "fe80::1%eth0", "[::1]:2222"])
def test_ipv6_is_refused_by_name(host: str) -> None:
    with pytest.raises(LaunchError, match=r"is an IPv6 address.*IPv4 only"):
        check_host(host)
    with pytest.raises(LaunchError, match="IPv6"):
        launch(["true"], 1, out=io.StringIO(), host=host, network="host")


@pytest.mark.parametrize("host", ["", "a b", "a\tb", "10.0.0.1/24"])
def test_malformed_hosts(host: str) -> None:
    with pytest.raises(LaunchError, match="IPv4 address or a host name"):
        check_host(host)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "node-07.cluster", "10.1.2.3"])
def test_ipv4_and_names_pass(host: str) -> None:
    check_host(host)


def test_cli_says_ipv6(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["launch", "--host", "::1", "-n", "1", "--", "true"]) == 2
    err = capsys.readouterr().err
    assert "IPv6" in err and "127.0.0.1" in err and "Address family" not in err
