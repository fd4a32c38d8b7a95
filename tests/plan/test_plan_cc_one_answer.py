"""A plan for a GPU whose compute capability the table holds does not also say it is
unknown (RTX 5090 got "12.0 (table row)" and "unknown; pass --cc")."""

from __future__ import annotations

import pytest
from tests.plan.test_select import plan_for

from tfgpu.plan.render import render


@pytest.mark.parametrize("gpu", ["RTX 5090", "GeForce RTX 5090", "RTX 5080"])
def test_known_cc_is_not_also_unknown(gpu: str) -> None:
    text = render(plan_for(os="linux", gpu=gpu, driver="570.124.06", python="3.12"), "text", 0)
    assert "has compute capability 12.0" in text, text
    assert "is unknown; pass --cc" not in text and "not in the knowledge table" not in text, text


def test_unknown_gpu_still_asks_for_cc() -> None:
    text = render(plan_for(os="linux", gpu="Mystery GPU 9000", driver="570.124.06",
                           python="3.12"), "text", 0)
    assert "--cc" in text, text
