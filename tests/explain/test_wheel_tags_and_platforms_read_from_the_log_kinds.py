"""pip and install failures read against what the log shows of the interpreter, the machine
and the GPU: a TensorFlow wheel file's tags, a pin whose release candidates alone are listed,
64-bit ARM and Apple-silicon machines, another interpreter than the Python named, the retired
tensorflow-gpu name with another vendor's GPU or on native Windows, ModuleNotFoundError in a
notebook, Anaconda's metapackage beside a CPU build, VirtualBox on a Windows host.
Rows: kind_cases/wheel_tags_and_platforms_read_from_the_log.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("wheel_tags_and_platforms_read_from_the_log")
