"""Windows' "DLL initialization routine failed" (error 1114) from every loader of TensorFlow's
native libraries (the JDK, a Java tool, .NET, a C program, Python) is one finding,
``windows-dll-init-failed``; rows in ``kind_cases/native_library_dll_init.toml``."""

from __future__ import annotations

import dataclasses

from tfgpu.explain import explain_lines
from tfgpu.facts.host import CPUFacts
from tfgpu.findings import Finding

from .kind_helpers import host_facts, table_test

test_case = table_test("native_library_dll_init")

JNI = ("java.lang.UnsatisfiedLinkError: C:\\tmp\\tensorflow_jni.dll: A dynamic link library "
       "(DLL) initialization routine failed")


def _jni(flags: tuple[str, ...]) -> Finding:
    host = dataclasses.replace(host_facts("Windows"), cpu=CPUFacts(flags=flags))
    return {f.id: f for f in explain_lines([JNI], host)}["windows-dll-init-failed"]


def test_jni_on_a_cpu_with_avx_is_the_msvc_runtime() -> None:
    f = _jni(("avx", "avx2"))
    assert "ruled out" in f.cause and "tensorflow_jni.dll" in f.cause
    assert any("VCRedist" in line for line in f.fix)


def test_jni_on_a_cpu_without_avx_names_the_last_release_without_it() -> None:
    f = _jni(("sse4_2",))
    assert "no AVX" in f.cause
    assert any("TensorFlow 1.5" in line for line in f.fix), f.fix
    assert not any("VCRedist" in line for line in f.fix)
