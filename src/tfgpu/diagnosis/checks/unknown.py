"""Errors no rule explains: say so and quote the most telling lines."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity


def rule_unrecognised(ctx: Facts, found: list[Finding]) -> list[Finding]:
    """When no rule explains an error, say so and quote the most telling lines."""
    if any(f.severity is Severity.ERROR for f in found):
        return []
    covered = {e.line for f in found for e in f.evidence if e.line is not None}
    tell = [h for h in ctx.h("tell.line").all() if h.line not in covered]
    excs = [h for h in ctx.h("tell.exception").all() if h.line not in covered]
    cuda = [h for h in ctx.h("cuda.error").by_key.values() if h.line not in covered]
    glog = [h for h in ctx.h("tell.glog").all() if h.line not in covered]
    fatal = [h for h in ctx.h("tell.fatal").all() if h.line not in covered]
    fatal += [h for h in glog if h.g("lvl") == "F"]
    if not tell and not excs and not cuda and not glog and not fatal:
        return []
    quoted = log_evidence(fatal[:2], glog[:2], cuda[:2], tell[:3], excs[-1:], tell[-1:])
    last = excs[-1].text.strip() if excs else None
    codes = {r.name: r.code for r in ctx.kb.cuda_errors}
    named = [
        f"{h.g('name')} ({codes[h.g('name') or '']})" if h.g("name") in codes else str(h.g("name"))
        for h in cuda[:3]
    ]
    crash = bool(fatal)
    return [
        catalogue.make(
            "unrecognised-error",
            variant="crash" if crash else None,
            evidence=quoted,
            cause=(
                (
                    "The process died (a fatal log line, a failed check, an abort or a "
                    "segmentation fault) for a reason tfgpu does not recognise, so it makes no "
                    "guess."
                    if crash
                    else "The log contains error lines that tfgpu does not recognise, so it "
                    "makes no guess."
                )
                + (f" CUDA reported {', '.join(named)} (see the CUresult list)." if named else "")
                + (f" The last exception is: {last}" if last else "")
            ),
            # falsepos: say what to run next; a crash gets the Python stack at the crash
            # (faulthandler, Python's -X faulthandler option) before the search
            fix=(
                "tfgpu doctor   # checks the host itself",
                *(
                    ("python -X faulthandler train.py   # prints the Python stack of each "
                     "thread when the process crashes",)
                    if crash
                    else ()
                ),
                "search the exact last exception line in the TensorFlow issue tracker",
            ),
        )
    ]
