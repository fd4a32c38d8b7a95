"""The C++ string ABI a custom op or add-on library was compiled with, read from the mangled
name of the TensorFlow symbol it lacks (checks/_cxx_abi.py): rows in
kind_cases/cxx_string_abi.toml."""

from __future__ import annotations

from tfgpu.diagnosis.checks._cxx_abi import qualified_name

from .kind_helpers import table_test

test_case = table_test("cxx_string_abi")


def test_qualified_name_reads_nested_names_up_to_the_end_or_the_abi_tag() -> None:
    assert qualified_name("_ZNK10tensorflow8OpKernel11TraceStringERKNS_15OpKernelContextEb") == (
        "tensorflow::OpKernel::TraceString")
    assert qualified_name("_ZN10tensorflow7strings6StrCatB5cxx11ERKNS0_8AlphaNumE") == (
        "tensorflow::strings::StrCat")


def test_qualified_name_is_empty_for_names_it_cannot_read() -> None:
    assert qualified_name("cudaSetupArgument") == ""
    assert qualified_name("_ZTIN10tensorflow8OpKernelE") == ""
    assert qualified_name("_ZN10tensorflow16KernelDefBuilderD2Ev") == ""
    assert qualified_name("_ZN10tensorflow") == ""
