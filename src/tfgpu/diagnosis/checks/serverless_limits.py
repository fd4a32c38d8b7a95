"""AWS Lambda refusing a deployment package that TensorFlow makes too large.

Source: AWS Lambda's quotas ("Deployment package (.zip file archive) size: 250 MB (unzipped),
including layers and custom runtimes"; container images up to 10 GB), which the Lambda API
enforces with InvalidParameterValueException "Unzipped size must be smaller than 262144000
bytes" (262144000 = 250 MiB) or, for layers, "Layers consume more than the available size of
262144000 bytes". TensorFlow's own wheel unpacks to several hundred MB, so a .zip package with
TensorFlow in it is over the limit unless it is stripped to the bone
(Accenture/serverless-ephemeral#16, antonpaquin/Tensorflow-Lambda-Layer).

A .zip package built on another platform: Lambda runs it on Amazon Linux (x86_64 or arm64)
with the runtime's Python, so compiled files built by pip on macOS or Windows, or for another
Python, do not load there; AWS's guide to .zip packages with native libraries installs them
with ``pip install --platform manylinux2014_x86_64 --only-binary=:all: --target ...``
(docs.aws.amazon.com/lambda/latest/dg/python-package.html).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def lambda_package_too_large(ctx: Facts) -> list[Finding]:
    """``aws-lambda-package-too-large``: the Lambda API's refusal of a deployment package
    over its unzipped limit (pattern ``tools.lambda_package_size``), with the limit in MiB."""
    hits = ctx.h("tools.lambda_package_size").all()
    if not hits:
        return []
    limit = int(hits[0].need("limit"))
    return [catalogue.make(
        "aws-lambda-package-too-large", limit=f"{limit / 1048576:.0f} MiB ({limit} bytes)",
        evidence=log_evidence(hits[:2]),
        fix=("# deploy the function as a container image (up to 10 GB) with TensorFlow "
             "installed in it, instead of a .zip package or layer",
             "# or only run a model: tflite-runtime (ai-edge-litert) with a .tflite model, a "
             "few MB instead of TensorFlow's several hundred",
             "# or strip the package: tensorflow-cpu instead of tensorflow, no tests, "
             "__pycache__ or other unused packages (its unzipped size is what counts, layers "
             "included)"))]


def lambda_package_other_platform(ctx: Facts) -> list[Finding]:
    """``aws-lambda-package-built-for-another-platform``: Lambda's runtime could not import
    the handler (pattern ``ctx.aws_lambda``) because a compiled file of the package is not
    there for its Linux (pattern ``lambda.compiled_missing``: NumPy's ``_multiarray_umath``,
    a ``.so`` under /var/task or /opt). A package stripped of the file reads the same, which
    the cause says."""
    if not ctx.h("ctx.aws_lambda").count:
        return []
    hits = ctx.h("lambda.compiled_missing").all()
    if not hits:
        return []
    h = hits[0]
    module = h.g("mod") or h.g("mod2") or h.need("path")
    # the runtime's Python, as NumPy's own message names it ("The Python version is:
    # Python3.9 from "/var/lang/bin/python3.9"")
    py = next((p.need("py") for p in ctx.h("numpy.cext_python").all()), None)
    version = py or "<the function's runtime, e.g. 3.12>"
    return [catalogue.make(
        "aws-lambda-package-built-for-another-platform", module=module,
        evidence=log_evidence(hits[:2]),
        fix=("# pip install --platform manylinux2014_x86_64 --implementation cp "
             f"--python-version {version} --only-binary=:all: "
             "--target package -r requirements.txt   # wheels for Lambda's Linux and Python "
             "(manylinux2014_aarch64 for an arm64 function); then zip package/ again",
             "# or build inside Lambda's build image (sam build --use-container), or deploy a "
             "container image"))]
