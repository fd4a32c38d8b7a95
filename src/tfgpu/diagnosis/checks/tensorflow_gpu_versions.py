"""A tensorflow-gpu version an installer cannot find, in words other than pip's:
``tensorflow-windows-native-no-gpu`` on native Windows past the last native GPU release, else
``tensorflow-gpu-package-removed`` (platform facts ``tensorflow-gpu-removed``,
``windows-native-gpu-last``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._gpu_pin import gpu_pin_requirement
from tfgpu.diagnosis.checks.tf_install import windows_last_fix
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding


def tfgpu_version_missing(f: Facts) -> list[Finding]:
    """A tensorflow-gpu version an installer cannot find: on native Windows past the last
    native GPU release, ``tensorflow-windows-native-no-gpu``; else, from the placeholder
    version on, ``tensorflow-gpu-package-removed``; older versions say nothing."""
    hits = f.h("pip.tfgpu_version_missing")
    if not hits.count:
        return []
    h = hits.first[0]
    version = h.g("v") or h.need("v2")  # one alternative or the other
    want = tf_minor(version)
    kb = f.kb
    last = kb.platform_fact("windows-native-gpu-last")
    last_s, _ = kb.fact_series("windows-native-gpu-last")
    stub, _ = kb.fact_series("tensorflow-gpu-removed", "stub_version")
    gone = kb.platform_fact("tensorflow-gpu-removed")
    if want is None:
        return []
    ev = log_evidence(hits, limit=2)
    if f.windows and want > last_s:
        return [catalogue.make(
            "tensorflow-windows-native-no-gpu", version=version, last=last.value("tf_version"),
            ref=last.ref, evidence=ev, fix=windows_last_fix(f), knowledge_ref=last.ref,
        )]
    if want >= stub:
        return [catalogue.make(
            "tensorflow-gpu-package-removed", evidence=ev, knowledge_ref=gone.ref,
            cause=(f"tensorflow-gpu {version} does not exist as an installable package: the "
                   f"name was retired in {gone.value('retired')} (last binaries "
                   f"{gone.value('last_linux')} on Linux, {gone.value('last_windows')} on "
                   f"Windows; {gone.value('stub_version')} and later are empty placeholders). "
                   "The plain tensorflow package is the GPU build."),
            # the pinned version's replacement from the rule (checks/_gpu_pin.py)
            fix=_pin_fix(f, version),
        )]
    return []


def _pin_fix(f: Facts, version: str) -> tuple[str, ...]:
    """The fix lines for ``tensorflow-gpu==version`` past the placeholders: the
    requirement :func:`gpu_pin_requirement` maps it to (the generic lines when ``version`` is
    no version)."""
    rule = gpu_pin_requirement(f.kb, version, windows=f.windows)
    if rule is None:
        return ('pip install "tensorflow[and-cuda]"   # Linux / WSL2',
                'replace "tensorflow-gpu" with "tensorflow" in requirements files')
    return (f'pip install "{rule.requirement}"   # {rule.why}',
            f'replace "tensorflow-gpu=={version}" with "{rule.requirement}" in requirements '
            "files")
