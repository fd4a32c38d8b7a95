"""A plugin's symbol error is the plugin finding's alone, and CUDA packages asked of conda on
macOS are answered with the macOS fact (no CUDA there; tensorflow-metal)."""

from __future__ import annotations

from tfgpu.explain import explain_lines

_SITE = "/Users/zed/miniforge3/envs/tf/lib/python3.11/site-packages"
_METAL = [
    "2024-04-04 10:00:00.000000: I metal_plugin/src/device/metal_device.cc:1154] Metal device "
    "set to: Apple M2 Pro",
    "tensorflow.python.framework.errors_impl.NotFoundError: dlopen(" + _SITE
    + "/tensorflow-plugins/libmetal_plugin.dylib, 0x0006): Symbol not found: "
    "__ZN10tensorflow8internal10LogMessageC1EPKcii",
    "  Referenced from: <D2EF42E3-3A7F-3C3D-A8C0-6B3F3C0C3A3E> " + _SITE
    + "/tensorflow-plugins/libmetal_plugin.dylib",
    "  Expected in:     <2814A58E-D752-317B-8040-131217E2F9AA> " + _SITE
    + "/tensorflow/python/_pywrap_tensorflow_internal.so",
]
_TEXT_OP = ("tensorflow.python.framework.errors_impl.NotFoundError: " + _SITE.replace(
    "/Users/zed/miniforge3/envs/tf", "/usr") + "/tensorflow_text/python/ops/"
    "_regex_split_ops.so: undefined symbol: _ZN10tensorflow8internal10LogMessageC1EPKcii")


def _ids(lines: list[str]) -> set[str]:
    return {f.id for f in explain_lines(lines)}


def test_the_metal_plugin_symbol_error_is_one_finding() -> None:
    assert _ids(_METAL) == {"metal-plugin-tensorflow-mismatch"}


def test_an_add_on_op_library_symbol_error_still_names_the_add_on() -> None:
    assert "op-library-built-for-other-tensorflow" in _ids([_TEXT_OP])


_CONDA = ["(base) user@MacBook-Pro ~ % conda install -c conda-forge cudatoolkit=11.2 "
          "cudnn=8.1.0",
          "Channels:", " - conda-forge", "Platform: {platform}",
          "PackagesNotFoundError: The following packages are not available from current "
          "channels:", "", "  - cudatoolkit=11.2", "  - cudnn=8.1.0"]


def _conda(platform: str) -> dict[str, object]:
    fs = {f.id: f for f in explain_lines([x.format(platform=platform) for x in _CONDA])}
    return {"title": fs["conda-packages-not-found"].title,
            "cause": fs["conda-packages-not-found"].cause,
            "fix": "\n".join(fs["conda-packages-not-found"].fix)}


def test_cuda_packages_on_macos_say_there_is_no_cuda_and_name_metal() -> None:
    for platform in ("osx-arm64", "osx-64"):
        f = _conda(platform)
        assert "CUDA is not available on macOS" in str(f["title"]), f
        assert "tensorflow-metal" in str(f["fix"]) and "plan --os macos" in str(f["fix"])
        assert "macos-metal-plugin" in str(f["cause"])
        assert "conda search" not in str(f["fix"])


def test_cuda_packages_on_linux_keep_the_channel_answer() -> None:
    f = _conda("linux-64")
    assert "macOS" not in str(f["title"]) and "conda search" in str(f["fix"])
