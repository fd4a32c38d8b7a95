"""A CUDA requirement refused though the log shows a driver that meets it, error 702 without a
display GPU shown, NVML 'Unknown Error' from a rewritten device cgroup (daemon-reload or the
kubelet's static CPU manager), WinError 1455 with a large paging file, a library found but
needing a newer glibc/libstdc++/dependency, the TFLite GPU delegate in a Flutter app, "GPU
access blocked" where only /usr/lib/wsl shows, TensorBoard's drive-letter bug, PyTorch's error
500 wording. Rows: kind_cases/containers_drivers_and_app_hosts.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("containers_drivers_and_app_hosts")
