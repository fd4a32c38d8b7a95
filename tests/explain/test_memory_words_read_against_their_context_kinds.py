"""Memory words read against their context: a checkpoint path or file op under
RESOURCE_EXHAUSTED (a file system), the pinned host pool's BFC report (host RAM), an
out-of-memory weight or optimiser slot (the model's size), device configuration after the
runtime started (the message's variant, R), a cuDNN status in another framework's log, PyTorch's
"No CUDA GPUs are available" after CUDA_VISIBLE_DEVICES.
Rows: kind_cases/memory_words_read_against_their_context.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("memory_words_read_against_their_context")
