"""The real bug reports the engine was grown on stay answered: no confidently wrong answer,
and the share answered right never falls below what it is today (a ratchet).

Only the folders that were used as work plans are held here (``cases-public``, and the
held-out sets that became work plans once scored).  The held-out sets still blind are
measurements of reports nobody tuned on (``docs/diagnosis-score.md``) and stay out of every
test, so that no change is ever made to fit them.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"

#: Folder -> the RIGHT share measured on 2026-12-01 (raise it as the engine learns).
FLOORS = {"cases-public": 0.90, "cases-holdout": 0.91, "cases-holdout2": 0.925,
          "cases-holdout3": 0.97, "cases-holdout5": 0.925, "cases-holdout6": 0.875,
          "cases-holdout9": 0.86, "cases-holdout4": 0.875,
          "cases-holdout7": 0.70, "cases-holdout8": 0.8125, "cases-holdout10": 0.5,
          "cases-holdout11": 0.76, "cases-holdout13": 0.94,
          "cases-holdout15": 1.0, "cases-holdout16": 0.80}
# holdout18 after its WRONG (a malformed ROCm arch list) was fixed: 20/24, 0 WRONG
FLOORS["cases-holdout18"] = 0.83
# holdout19 (scored blind at 8/22) with the add-on load family and the driver/build kinds:
# 20/22, 0 WRONG
FLOORS["cases-holdout19"] = 0.90
# holdout17 after its WRONG (a cuDNN RNN call failure) was fixed and the extension-build kinds
# (its dnnlib plugin case): 21/29, 0 WRONG
FLOORS["cases-holdout17"] = 0.72
# holdout20 (scored blind at 15/25, 1 WRONG) after its kinds and the cuDNN-handle hedge:
# 24/25, 0 WRONG
FLOORS["cases-holdout20"] = 0.96
# holdout23 (scored blind at 1/12: determinism, TF-TRT API) after its kinds: 11/12, 0 WRONG
FLOORS["cases-holdout23"] = 0.91
# the end-of-session-5 blind sets (scored 05:31 UTC), after their kinds: 0 WRONG each
FLOORS["cases-holdout21"] = 0.50
FLOORS["cases-holdout22"] = 0.875
# holdout24 at 0.80 since session 32: 2412's lone "failed to get device properties, error
# code: 30" is hedged (a broken driver, or the TensorFlow release as in
# tensorflow/tensorflow#26255): UNKNOWN now, where the driver reading was RIGHT by luck
FLOORS["cases-holdout24"] = 0.80
FLOORS["cases-holdout25"] = 0.80
FLOORS["cases-holdout26"] = 1.0
# holdout27 after "TensorFlow lists no GPU, and the log does not say why" became an honest
# unknown (its one WRONG): 12/15
FLOORS["cases-holdout27"] = 0.80
# holdout9 and holdout4 after the missing CUDA runtime became a conditional warning
FLOORS["cases-holdout9"] = 0.90
FLOORS["cases-holdout4"] = 0.92
# the session-6 sets (28-31 scored blind at the start, 32-34 at the end), after their kinds:
# 0 WRONG each
FLOORS["cases-holdout28"] = 1.0
FLOORS["cases-holdout29"] = 0.83
FLOORS["cases-holdout30"] = 0.77
# holdout31: 0.57 since a catalogue-only mapper read the Docker runtime case's answer as a
# toolkit not installed, which the runtime-not-registered finding did not state
FLOORS["cases-holdout31"] = 0.57
FLOORS["cases-holdout32"] = 0.84
FLOORS["cases-holdout33"] = 0.93
FLOORS["cases-holdout34"] = 0.71
# raised after the container, library-loading, memory and op kinds
FLOORS["cases-holdout6"] = 0.90
FLOORS["cases-holdout7"] = 0.775
FLOORS["cases-holdout8"] = 0.84
FLOORS["cases-holdout13"] = 1.0
FLOORS["cases-holdout16"] = 0.83
FLOORS["cases-holdout19"] = 0.95
FLOORS["cases-holdout25"] = 0.93
# the sets scored blind at the end of the session's work (commit aa9c5455), after their kinds:
# 0 WRONG each
FLOORS["cases-holdout35"] = 0.62
FLOORS["cases-holdout36"] = 0.75
FLOORS["cases-holdout37"] = 0.81
FLOORS["cases-holdout38"] = 0.46
# raised after the cuFFT, XLA check, allocator and Windows runtime kinds
FLOORS["cases-public"] = 0.925
FLOORS["cases-holdout3"] = 1.0
FLOORS["cases-holdout35"] = 0.75
FLOORS["cases-holdout36"] = 0.83
FLOORS["cases-holdout38"] = 0.60
# sets scored blind in the next session (four at its start, two at its end), after their
# kinds (cuFFT status, compute-capability floors, Windows DLL loaders, 32-bit conda, ROCm
# logs): 0 WRONG each
FLOORS["cases-holdout39"] = 0.66
FLOORS["cases-holdout40"] = 0.78
FLOORS["cases-holdout41"] = 0.72
FLOORS["cases-holdout42"] = 0.91
FLOORS["cases-holdout43"] = 0.60
FLOORS["cases-holdout44"] = 0.33
# sets scored blind at the start of the next session (commit 68fb8186), after their kinds
# (Keras' multi_gpu_model and cuDNN RNN messages, NCHW on a CPU kernel, Spack's cuda_arch,
# headless allocator dumps, GPU names as users type them) and a catalogue-only re-read of
# questioned answers; raised: the earlier sets those kinds also reached. 0 WRONG each
FLOORS["cases-holdout45"] = 0.875
FLOORS["cases-holdout46"] = 0.90
FLOORS["cases-holdout47"] = 0.81
FLOORS["cases-holdout48"] = 0.70
FLOORS["cases-holdout49"] = 0.80
FLOORS["cases-holdout37"] = 0.90
FLOORS["cases-holdout38"] = 0.73
FLOORS["cases-holdout40"] = 0.85
FLOORS["cases-holdout41"] = 0.81
FLOORS["cases-holdout43"] = 0.90
FLOORS["cases-holdout44"] = 0.83
# sets scored blind at the start of the next session (commit d582ba5b), after their kinds
# (TF 0.x-1.x loader, self-check and configure wordings; ROCm, oneAPI and DirectML runtime
# libraries; free GPU memory at start; table-column prefixes) and a catalogue-only re-read of
# questioned answers: 0 WRONG each; holdout51 keeps its one WRONG (a soname read as missing
# whose answer needs the host's CUDA) and is not held here
FLOORS["cases-holdout50"] = 0.78
FLOORS["cases-holdout52"] = 0.50
FLOORS["cases-holdout53"] = 0.66
FLOORS["cases-holdout54"] = 0.66
# holdout51 now holds: its soname line is a hedge naming both readings
FLOORS["cases-holdout51"] = 0.60
# sets scored blind at the start of the session after (commit 4981df81), after their kinds
# (the C++ string ABI read from a missing symbol; custom ops without a GPU kernel or built by a
# newer nvcc; a crash after a GPU library fallback; TF-TRT ops in builds without TensorRT;
# cuInit's stub-library code read with the driver lines) and a catalogue-only re-read of
# questioned answers: 0 WRONG each
FLOORS["cases-holdout56"] = 0.85
FLOORS["cases-holdout57"] = 0.50
FLOORS["cases-holdout58"] = 0.80
# holdout55 after the library that did not load beside a crash became a note (the crash's own
# hedge leads) and an empty batch's cuDNN rejection a claim of the data: 8/9, 0 WRONG
FLOORS["cases-holdout55"] = 0.88
# holdout50 after an empty batch's cuDNN rejection became a claim of the data: 12/14
FLOORS["cases-holdout50"] = 0.85
# the sets scored blind early in the session after (commit 6e908785), after their kinds (a
# CUDA status code that names its own fault, glibc's static TLS block, the message data's
# harmless rows, a library said missing in prose, another framework's out-of-memory numbers)
# and a catalogue-only re-read of three answers: 0 WRONG each
FLOORS["cases-holdout61"] = 0.80
FLOORS["cases-holdout62"] = 1.0
FLOORS["cases-holdout63"] = 0.55
# the sets scored blind in the session after (first sight on commit d73692f3: 23/49), after
# their kinds (peer access over 8 GPUs, XLA's variable lifting and its left-out GPUs, a GPU
# sold with under 4 GB from TensorFlow's device lines, TF 2.4's generated-kernel cubins, a
# missing library of another CUDA major, Keras' XLA_GPU count, a TensorFlow class's missing
# method, rocBLAS's Tensile folder, MIOpen's SQLite databases, every IDE's kernel-death words)
# and a catalogue-only re-read of one answer: 0 WRONG each; holdout65 (a cuDNN handle hedge
# whose thread found a system update) and holdout72 (a CPU build beside an old tensorflow-gpu
# package) keep one WRONG each and are not held here
FLOORS["cases-holdout66"] = 0.75
FLOORS["cases-holdout67"] = 0.60
FLOORS["cases-holdout68"] = 0.75
FLOORS["cases-holdout69"] = 0.88
FLOORS["cases-holdout70"] = 0.71
FLOORS["cases-holdout71"] = 0.50

# the sets scored blind in session 14 (first sight on commit e1a3db9d: 28/51 over
# holdout74-81), after their
# kinds (an add-on's pip install replacing TensorFlow, a batch split over a program's own GPU
# towers, a container given the driver without a device): 0 WRONG each; holdout75 (a bare
# CUDA_ERROR_NO_DEVICE on a job that had no GPU, hedged towards CUDA_VISIBLE_DEVICES) keeps one
# WRONG and is not held here
FLOORS["cases-holdout74"] = 0.60
FLOORS["cases-holdout76"] = 0.66
FLOORS["cases-holdout77"] = 0.75
FLOORS["cases-holdout78"] = 0.77
FLOORS["cases-holdout79"] = 0.50
FLOORS["cases-holdout80"] = 0.50
FLOORS["cases-holdout81"] = 0.50

# the sets scored blind in session 15 (first sight: 20/51 over holdout82-88), after their
# kinds (a BFC allocation that failed read apart from the next record's "not a failure",
# gpu_utils.cc's redzone-buffer notice, a cuBLAS status quoted in prose, a 10.1 build on
# native Windows beside a 10.2 toolkit, the DirectML plugin's fatal HRESULT line, the peer
# access matrix, a glibc version line cut before "required by"): 0 WRONG each; holdout84 (a
# bare "Blas GEMM launch failed" whose thread found a faulty cuBLAS package, hedged towards
# GPU memory) and holdout88 (a CUDA runtime missing on a CI runner, a hedged warning beside the
# NumPy ABI error the thread found) kept one WRONG each; holdout84's went in session 23 (the
# apt cuBLAS package named beside the memory hedge under a CUDA 10.1 build): 9/10
FLOORS["cases-holdout82"] = 0.66
FLOORS["cases-holdout83"] = 0.75
FLOORS["cases-holdout85"] = 0.25
FLOORS["cases-holdout86"] = 0.375
FLOORS["cases-holdout87"] = 0.44
FLOORS["cases-holdout84"] = 0.9
# the second round (8 reports, 5 right on first sight on ed233366), after the NGC banner's
# "No supported GPU(s)" alone was read as no GPU listed
FLOORS["cases-holdout89"] = 0.75
FLOORS["cases-holdout90"] = 1.0
FLOORS["cases-holdout91"] = 1.0

# the sets scored blind in session 16 (first sight: 26/48 over holdout92-98 on 69200782), after
# their kinds (an application's own words that the GPU ran out of memory, pynvml's NVML
# 'Unknown Error' with no container shown): 0 WRONG each; holdout92 (a GTX 1660 Ti thread that
# blamed the CUDA 9 stack where the two bare handle failures are hedged towards GPU memory, and
# a channels-first pooling op on the CPU hedged towards a CPU-only build where the thread found
# the wrong system CUDA) and holdout94 (a real ResourceExhaustedError whose thread, at low
# confidence, blamed a CUDA 9 system under a newer TensorFlow) keep their WRONG and are not held
FLOORS["cases-holdout93"] = 0.875
FLOORS["cases-holdout95"] = 0.50
FLOORS["cases-holdout96"] = 0.50
FLOORS["cases-holdout97"] = 0.40
FLOORS["cases-holdout98"] = 0.57
# the second round (13 reports, 8 right on first sight on 56eb8e6e, none wrong), after
# nvidia-docker 1.0's "invalid device" and cuInit's NO_DEVICE without a kernel module
FLOORS["cases-holdout99"] = 0.75
FLOORS["cases-holdout100"] = 0.66
FLOORS["cases-holdout101"] = 1.0
# the sets scored blind in session 17 (first sight: 27/46 over holdout102-105 on 1dd46c94, one
# WRONG), after their kinds (an add-on's op library that Windows' loader only calls "not
# found", an Abseil LTS symbol an add-on misses, cuDNN's NOT_SUPPORTED for a tensor
# descriptor, RMM's and a compiled extension's own out-of-memory beside TensorFlow's pool, the
# TF 1.x pool allocator's statistics, the ROCm fork's minimum-ISA line, long scoped op names
# in the placer's message); holdout102 (a bare "Failed to get convolution algorithm" whose
# maintainer guessed, unconfirmed, a missing driver, hedged towards memory and the cuDNN
# version) keeps its WRONG and is not held
FLOORS["cases-holdout103"] = 0.66
FLOORS["cases-holdout104"] = 0.88
FLOORS["cases-holdout105"] = 0.77
# the second round (holdout106-107, 29 reports: 16 right on first sight on 5b5f4e1f, four
# WRONG) is not held: holdout106 keeps two (a count-0 batch descriptor read as an empty batch
# where the thread enabled the project's own CUDA 8 code path; the BFC allocator's "not a
# failure" line beside TF 1.x's OOM hint, which the maintainer called a warning), holdout107
# one (cuBLAS's CUBLAS_STATUS_ALLOC_FAILED at handle creation read as memory where the
# reporter found a partly uninstalled CUDA toolkit)
# the sets scored blind in session 18 (first sight: 26/56 over holdout108-112 on cd8bc6d1,
# two WRONG), after their kinds (NCHW on a CPU kernel as one id, TF1 names imported from
# tensorflow, another release's TF-TRT API in general, an uncaught std::bad_alloc as host
# memory, NumPy 1.19.5's ARM64 wheels beside an illegal instruction on an ARM host, another
# package's tensorflow requirement on Apple silicon before 2.13, a source build missing a C
# header); both WRONGs now right (libcuda on a machine without a GPU, the ARM reading)
FLOORS["cases-holdout108"] = 0.58
FLOORS["cases-holdout109"] = 0.8
FLOORS["cases-holdout110"] = 0.66
FLOORS["cases-holdout111"] = 0.81
FLOORS["cases-holdout112"] = 0.62
# the session's second round (holdout113-115, 25 reports: 11 right on first sight on
# 1f1cbe5a, none wrong; genomics and cryo-EM, HPC clusters, Chinese-language threads)
FLOORS["cases-holdout113"] = 0.33
FLOORS["cases-holdout114"] = 0.5
FLOORS["cases-holdout115"] = 0.55
# session 20: two blind rounds (holdout116-125, 61 reports: 31 right on first sight on
# be98d668, one wrong); after their kinds (a companion library's CPU-only build, a range on
# TensorFlow set by another project, a context created outside TensorFlow, messages cut
# before their reason or at their start): 0 WRONG each; holdout121 kept its one WRONG (an
# unconfirmed cuBLAS answer read as the GEMM hedge) until session 23 named the apt cuBLAS
# package beside the hedge under a CUDA 10.1 build: 1/8
FLOORS["cases-holdout116"] = 0.81
FLOORS["cases-holdout117"] = 0.75
FLOORS["cases-holdout118"] = 0.75
FLOORS["cases-holdout119"] = 0.75
FLOORS["cases-holdout120"] = 0.8
FLOORS["cases-holdout121"] = 0.125
FLOORS["cases-holdout122"] = 0.9
FLOORS["cases-holdout123"] = 1.0
FLOORS["cases-holdout124"] = 1.0
FLOORS["cases-holdout125"] = 0.71
# session 20's third round (holdout126-128, 13 reports: 5 right on first sight on 882edaec,
# none wrong; Q&A pages, forum threads, the Keras/TensorFlow library ecosystem)
FLOORS["cases-holdout126"] = 0.5
FLOORS["cases-holdout127"] = 0.0
FLOORS["cases-holdout128"] = 0.6
# session 21's first round (holdout129-133, 45 reports: 26 right on first sight on 2c7e81c5,
# 5 wrong): after their kinds (a message broken at the full stop between its sentences,
# TensorFlow's device list without a GPU beside a described CUDA of another major, the cuDNN
# handle hedge no longer dropped for cuda_dnn.cc's driver line, the tfjs source build): 0
# WRONG in these; holdout132 (Spark NLP's 'device kernel image is invalid', the maintainer's
# unconfirmed CUDA answer) and holdout133 (a low-confidence cuDNN INTERNAL_ERROR thread fixed
# by a conda reinstall) keep one WRONG each and are not held here
FLOORS["cases-holdout129"] = 0.33
FLOORS["cases-holdout130"] = 1.0
FLOORS["cases-holdout131"] = 0.8
# session 21's second round (holdout134-137, 20 reports: 9 right on first sight on 29a21c7f,
# 1 wrong); holdout137 kept its one WRONG (a missing libcusolver.so.11 read as the library
# missing, where the mapped answer needs the host's CUDA minor) until session 23 read the
# loaded CUDA 11 libraries as an earlier minor than the name's first (3/5)
FLOORS["cases-holdout134"] = 0.6
FLOORS["cases-holdout135"] = 0.33
FLOORS["cases-holdout136"] = 0.42
FLOORS["cases-holdout137"] = 0.6
# session 23 (2026-12-04): held where no case is WRONG, at the share after the session's kinds
# (holdout156 at 0: none right yet, none wrong; 157 and 158 keep one WRONG each)
FLOORS["cases-holdout151"] = 0.85
FLOORS["cases-holdout153"] = 0.8
FLOORS["cases-holdout154"] = 0.58
FLOORS["cases-holdout155"] = 0.48
FLOORS["cases-holdout156"] = 0.0
# session 24 (2026-12-04): held where no case is WRONG, at the share after the session's kinds
# (holdout161 at 0: none right yet, none wrong; 164 and 165 keep WRONG answers)
FLOORS["cases-holdout159"] = 0.8
FLOORS["cases-holdout160"] = 0.8
FLOORS["cases-holdout161"] = 0.0
FLOORS["cases-holdout162"] = 0.55
FLOORS["cases-holdout163"] = 0.52
# session 25 (2026-12-04): every set held (none keeps a WRONG), at the share after the
# session's kinds
FLOORS["cases-holdout166"] = 0.5
FLOORS["cases-holdout167"] = 0.5
FLOORS["cases-holdout168"] = 0.5
FLOORS["cases-holdout169"] = 0.41
FLOORS["cases-holdout170"] = 0.69
FLOORS["cases-holdout171"] = 0.77
FLOORS["cases-holdout172"] = 0.68
FLOORS["cases-holdout173"] = 0.6
FLOORS["cases-holdout174"] = 0.6
FLOORS["cases-holdout175"] = 0.83
FLOORS["cases-holdout176"] = 0.2
FLOORS["cases-holdout177"] = 0.25
# session 26 (2026-12-05): held where no case is WRONG, at the share after the session's kinds
# (182, 186, 188 and 189 keep WRONG answers)
FLOORS["cases-holdout178"] = 0.66
FLOORS["cases-holdout179"] = 0.25
FLOORS["cases-holdout180"] = 0.71
FLOORS["cases-holdout181"] = 0.66
FLOORS["cases-holdout183"] = 0.5
FLOORS["cases-holdout184"] = 0.8
FLOORS["cases-holdout185"] = 0.2
FLOORS["cases-holdout187"] = 0.7
FLOORS["cases-holdout190"] = 0.66
# session 27 (2026-12-05): held where no case is WRONG, at the share after the session's kinds
# (193 keeps a WRONG answer)
FLOORS["cases-holdout191"] = 0.25
FLOORS["cases-holdout192"] = 0.7
FLOORS["cases-holdout194"] = 0.5
FLOORS["cases-holdout195"] = 0.66
FLOORS["cases-holdout196"] = 0.4
FLOORS["cases-holdout197"] = 0.5
FLOORS["cases-holdout198"] = 0.66
FLOORS["cases-holdout199"] = 0.26
FLOORS["cases-holdout200"] = 0.6
FLOORS["cases-holdout201"] = 0.66
FLOORS["cases-holdout202"] = 0.87
# session 28 (2026-12-05): held where no case is WRONG, at the share after the session's kinds
# (203 keeps a WRONG answer)
FLOORS["cases-holdout204"] = 0.47
FLOORS["cases-holdout205"] = 0.28
FLOORS["cases-holdout206"] = 0.16
FLOORS["cases-holdout207"] = 0.5
FLOORS["cases-holdout208"] = 0.25
FLOORS["cases-holdout209"] = 0.37
FLOORS["cases-holdout210"] = 0.45
FLOORS["cases-holdout211"] = 0.6
FLOORS["cases-holdout212"] = 0.71
FLOORS["cases-holdout213"] = 0.8
FLOORS["cases-holdout214"] = 0.66
# session 29 (2026-12-05): held at the share after the session's kinds (none is WRONG)
FLOORS["cases-holdout215"] = 0.8
FLOORS["cases-holdout216"] = 0.62
FLOORS["cases-holdout217"] = 0.83
FLOORS["cases-holdout218"] = 0.58
FLOORS["cases-holdout219"] = 0.62
FLOORS["cases-holdout220"] = 0.33
FLOORS["cases-holdout221"] = 0.5
FLOORS["cases-holdout222"] = 0.54
FLOORS["cases-holdout223"] = 0.0
FLOORS["cases-holdout224"] = 0.66
FLOORS["cases-holdout225"] = 0.27
FLOORS["cases-holdout226"] = 0.57
# session 30 (2026-12-05): held at the share after the session's kinds (none is WRONG)
FLOORS["cases-holdout227"] = 0.5
FLOORS["cases-holdout228"] = 0.63
FLOORS["cases-holdout229"] = 0.85
FLOORS["cases-holdout230"] = 1.0
FLOORS["cases-holdout231"] = 0.2
FLOORS["cases-holdout232"] = 0.66
FLOORS["cases-holdout233"] = 0.6
FLOORS["cases-holdout234"] = 0.71
FLOORS["cases-holdout235"] = 0.0
FLOORS["cases-holdout236"] = 1.0
# session 31 (2026-12-05): held where no case is WRONG, at the share after the session's kinds
# (241 and 244 keep one WRONG each)
FLOORS["cases-holdout237"] = 0.75
FLOORS["cases-holdout238"] = 0.33
FLOORS["cases-holdout239"] = 0.5
FLOORS["cases-holdout240"] = 0.66
FLOORS["cases-holdout242"] = 0.5
FLOORS["cases-holdout243"] = 0.7
FLOORS["cases-holdout245"] = 0.33
FLOORS["cases-holdout246"] = 1.0
FLOORS["cases-holdout247"] = 0.8
# session 32 (2026-12-05): no case left WRONG, each held at the share after the session's kinds
FLOORS["cases-holdout248"] = 0.33
FLOORS["cases-holdout249"] = 0.42
FLOORS["cases-holdout250"] = 1.0
FLOORS["cases-holdout251"] = 1.0
FLOORS["cases-holdout252"] = 0.8
FLOORS["cases-holdout253"] = 0.4
# the source-driven sets of session 32 (254-257; 257 keeps one WRONG, not held)
FLOORS["cases-holdout254"] = 0.66
FLOORS["cases-holdout255"] = 0.78
FLOORS["cases-holdout256"] = 0.9
# session 33 (2026-12-05): 257's WRONG mended (op-not-on-tpu-worker); the source-driven sets
# 258-264 and 267 held at the share after the session's kinds (265 keeps one WRONG, not held)
FLOORS["cases-holdout257"] = 0.6
FLOORS["cases-holdout258"] = 0.8
FLOORS["cases-holdout259"] = 0.5
FLOORS["cases-holdout260"] = 0.66
FLOORS["cases-holdout261"] = 0.8
FLOORS["cases-holdout262"] = 0.86
FLOORS["cases-holdout263"] = 0.58
FLOORS["cases-holdout264"] = 0.8
FLOORS["cases-holdout267"] = 0.75
# session 34 (2026-12-06): the sets 268-275 held at the share after the session's kinds (no
# WRONG left in any)
FLOORS["cases-holdout268"] = 0.62
FLOORS["cases-holdout269"] = 0.33
FLOORS["cases-holdout270"] = 0.5
FLOORS["cases-holdout271"] = 0.58
FLOORS["cases-holdout272"] = 0.83
FLOORS["cases-holdout273"] = 0.75
FLOORS["cases-holdout274"] = 0.8
FLOORS["cases-holdout275"] = 0.28
# session 35 (2026-12-06): the sets 276-282 held at the share after the session's kinds, but
# 279 (one WRONG left: a custom op's undefined symbol the thread blamed on the C++ ABI flag)
FLOORS["cases-holdout276"] = 0.66
FLOORS["cases-holdout277"] = 0.25
FLOORS["cases-holdout278"] = 0.6
FLOORS["cases-holdout280"] = 0.87
FLOORS["cases-holdout281"] = 1.0
FLOORS["cases-holdout282"] = 0.42
# session 36 (2026-12-06): the common-message sets 283-289 held at the share after the
# session's kinds, but 283 and 288 (a WRONG left in each: a CUDA runtime warning on a host the
# user did not mean to use the GPU of; Docker Desktop for Linux that the log does not show)
FLOORS["cases-holdout284"] = 1.0
FLOORS["cases-holdout285"] = 1.0
FLOORS["cases-holdout286"] = 1.0
FLOORS["cases-holdout287"] = 0.62
FLOORS["cases-holdout289"] = 0.78
# the two sets collected later in session 36, first scored on 659899ee
FLOORS["cases-holdout290"] = 0.66
FLOORS["cases-holdout291"] = 0.8
# and the last, of everyday model and data errors (first sight on f77d2ec3: 1 RIGHT, 11 honest
# UNKNOWN, 0 WRONG); raised in session 37 by the Keras input-spec and object-array kinds
FLOORS["cases-holdout292"] = 0.41
# session 37 (2026-12-06): Python-side, install, ecosystem, run-time, saving/loading sets, held
# at the share after the session's kinds; 298 not held (a WRONG left: an uninitialized-value
# error the thread traced to a Keras model run in a session of its own)
FLOORS["cases-holdout293"] = 0.93
FLOORS["cases-holdout294"] = 0.92
FLOORS["cases-holdout295"] = 0.66
FLOORS["cases-holdout296"] = 0.77
FLOORS["cases-holdout297"] = 0.5
FLOORS["cases-holdout299"] = 0.66
# the three sets collected mid-session to test the first kinds on reports they were not built
# from (first scored on b8023488); 300 not held (a WRONG left: "No gradients provided" that the
# thread traced to newer Keras/TensorFlow than the project pinned)
FLOORS["cases-holdout301"] = 0.53
FLOORS["cases-holdout302"] = 0.66
# the three collected near the session's end (first scored on a649122d); 303 not held (a WRONG
# left: a CPU image's missing libcuda, read as a warning where the thread calls it harmless)
FLOORS["cases-holdout304"] = 0.66
FLOORS["cases-holdout305"] = 0.8
# session 38 (2026-12-06): tf.data, tf.function, strategies, mixed precision/XLA, TFLite and
# other runtimes, containers, applications and the Keras training loop (first sight on
# bbc33a87), held at the share after the session's kinds; 307 and 310 not held (a WRONG left in
# each: a graph tensor kept inside TensorFlow Privacy's optimizer, whose fix is an argument no
# log line names; the TFLite GPU delegate's wrong-thread message where the thread found a batch
# size)
FLOORS["cases-holdout306"] = 0.93
FLOORS["cases-holdout308"] = 0.37
FLOORS["cases-holdout309"] = 0.42
FLOORS["cases-holdout311"] = 0.66
FLOORS["cases-holdout312"] = 1.0
FLOORS["cases-holdout313"] = 0.8
# the four sets collected mid-session on the same subjects, other threads (first sight on
# 620f1eac: 30/52, 4 WRONG, mended as hedges or kinds)
FLOORS["cases-holdout314"] = 0.92
FLOORS["cases-holdout315"] = 0.73
FLOORS["cases-holdout316"] = 0.46
FLOORS["cases-holdout317"] = 0.2
# the two sets collected near session 38's end (first sight on 8e7eac1f: 12/25, 1 WRONG)
FLOORS["cases-holdout318"] = 0.57
FLOORS["cases-holdout319"] = 0.45
# session 39 (2026-12-06): the two sets its collectors got before the look-up budget ran out
# (first sight on 9ba0600e: 6/12, 0 WRONG)
FLOORS["cases-holdout320"] = 0.66
FLOORS["cases-holdout321"] = 1.0
# session 40 (2026-12-06): GPU-stack pools (nearly spent: 11 cases for 200 look-ups), installs,
# ecosystem and Keras 3 (first sight on 21b2210d: 9/11, 17/19, 6/14; 1 WRONG)
FLOORS["cases-holdout322"] = 0.9
FLOORS["cases-holdout323"] = 0.89
FLOORS["cases-holdout324"] = 0.64
# session 40's second round: ecosystem, Keras 3, API eras, saving/loading (first sight 17/34)
FLOORS["cases-holdout325"] = 0.67
# session 40's third round: API names, saving/loading, domain apps (first sight 8/27)
FLOORS["cases-holdout326"] = 0.59
# session 40's fourth round: Apple computers, tf.data, the training loop, outside Python (first
# sight 11/29)
FLOORS["cases-holdout327"] = 0.68
# session 40's last round, first scored on its reviewed code e07c7c01 (15/20, 1 WRONG)
FLOORS["cases-holdout328"] = 0.8
# session 41 (2026-12-06): API eras and Keras in libraries, conversion and installs in
# applications, custom training code and Keras data input (first sight on 7a27d257: 9/20, 7/20,
# 5/21; 3 WRONG, mended)
FLOORS["cases-holdout329"] = 0.65
FLOORS["cases-holdout330"] = 0.5
FLOORS["cases-holdout331"] = 0.9
# session 41's second round (first sight on f677365a: 15/23, 8/24, 1/12; 1 WRONG, mended)
FLOORS["cases-holdout332"] = 0.69
FLOORS["cases-holdout333"] = 0.62
FLOORS["cases-holdout334"] = 0.25
# session 42 (2026-12-06): API eras and data input, custom training code and saving/loading
# (first sight on 7945e653: 13/24 with 1 WRONG, mended; 5/24)
FLOORS["cases-holdout335"] = 0.79
FLOORS["cases-holdout336"] = 0.66
# session 42's second round: TensorFlow's neighbours and Keras model building (first sight
# 4/26 with 1 WRONG, mended). Its twin cases-holdout337 (installs and libraries, 20/24 after)
# keeps one WRONG case (37403) and so no floor here
FLOORS["cases-holdout338"] = 0.46
# session 43 (2026-12-07): API eras and libraries, training code and saving/converting (first
# sight on e015a7c2: 16/24, 7/20 with 1 WRONG, re-mapped blind). Its twins cases-holdout340 and
# cases-holdout342 keep WRONG cases (38612; 38503, 38507) and so no floor here
FLOORS["cases-holdout339"] = 0.66
FLOORS["cases-holdout341"] = 0.6
# session 44 (2026-12-07): the GPU stack and Keras models (first sight on 0ef5b08b: 11/13; a
# kind tried for 38910 was taken out after the break-it review, so 11/13 after too), saving,
# serving and distributed training (2/16 with 5 WRONG, mended). Its twin cases-holdout345 keeps
# a WRONG case (39204) and so no floor here
FLOORS["cases-holdout343"] = 0.84
FLOORS["cases-holdout344"] = 0.75
# session 44's second round, scored first on 41e24fea (its first round's kinds): Keras data and
# the TensorFlow ecosystem (6/24 with 2 WRONG, mended), NLP and TensorFlow 1 research code
# (5/24), Windows, numerics and bindings (8/27 with 2 WRONG, mended)
FLOORS["cases-holdout346"] = 0.37
FLOORS["cases-holdout347"] = 0.54
FLOORS["cases-holdout348"] = 0.51
# session 45 (2026-12-07), scored first on 7abc5c5e: TensorFlow Lite and the Object Detection
# API (2/17, 1 WRONG mended), input pipelines and RL libraries (4/19, 2 WRONG mended),
# environment managers, images and add-ons (10/22, 1 WRONG mended); its second round (first
# sight on the first round's tree): converters, notebooks and TensorBoard (5/22, 1 WRONG
# mended), audio and vision applications (13/22). cases-holdout350 and 355 keep a WRONG case
# (40407, 41506) and so no floor here
FLOORS["cases-holdout349"] = 0.29
FLOORS["cases-holdout351"] = 0.57
FLOORS["cases-holdout352"] = 0.77
FLOORS["cases-holdout353"] = 0.40
FLOORS["cases-holdout354"] = 0.59
# session 46 (2026-12-07), scored first on 623dc37b: the GPU stack at run time (1/7, 1 WRONG
# mended: a device ordinal under Horovod), installs, ARM and platforms (13/22, 1 WRONG mended:
# a VM hiding AVX), R, editors, frozen applications and Chinese-language threads (2/23, 3 WRONG
# mended: keras-bert's standalone Keras, clonealign on TensorFlow 2, a PyInstaller bundle's
# op library)
FLOORS["cases-holdout356"] = 0.57
FLOORS["cases-holdout357"] = 0.86
FLOORS["cases-holdout358"] = 0.52
# its second round (first sight on 7c8e6475): serving, Keras 3's libraries, distributed
# training and TPUs, add-on libraries (10/25, 1 WRONG mended: PyFunc in TensorFlow Serving)
FLOORS["cases-holdout359"] = 0.56
# session 47 (first sight on session 46's round-4 tree): learners' repositories, non-English
# threads, fix and dependency-bump pull requests, the and-cuda era, HPC clusters (18/33, 1
# WRONG): holdout360 keeps that WRONG (a one-line "No algorithm worked!" whose thread never
# found a cause) and is not held here; 23/33 after the session's kinds
# session 22 (2026-12-04): held where no case is WRONG, at the share after the session's kinds
FLOORS["cases-holdout140"] = 1.0
FLOORS["cases-holdout141"] = 0.6
FLOORS["cases-holdout142"] = 0.43
FLOORS["cases-holdout143"] = 0.4
FLOORS["cases-holdout144"] = 0.14
FLOORS["cases-holdout147"] = 1.0
FLOORS["cases-holdout148"] = 0.5
FLOORS["cases-holdout150"] = 1.0

def _scorer() -> Any:
    spec = importlib.util.spec_from_file_location("score_cases",
                                                  ROOT / "scripts" / "score_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("score_cases", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("folder", sorted(FLOORS))
def test_no_wrong_answer_and_the_right_share_holds(folder: str) -> None:
    rows = _scorer().score(FIXTURES / folder)
    assert rows, f"{folder} holds no scored case"
    wrong = [f"{r['case']}: said {r['said']}" for r in rows if r["grade"] == "WRONG"]
    assert not wrong, "confidently wrong:\n" + "\n".join(wrong)
    right = sum(r["grade"] == "RIGHT" for r in rows) / len(rows)
    assert right >= FLOORS[folder] - 1e-9, f"{folder}: {right:.1%} RIGHT < {FLOORS[folder]:.0%}"
    # every command a fix gives is one a shell can run as printed: its quotes close before
    # the comment ("   # ...") that explains it
    broken = [f"{r['case']}: {line}" for r in rows for line in r["fix"]
              if not line.lstrip().startswith("#") and not _shell_parses(line)]
    assert not broken, "fix commands with unbalanced quotes:\n" + "\n".join(broken)


def _shell_parses(line: str) -> bool:
    """Whether the command part of a fix line (before its ``   # `` comment) splits as POSIX
    shell words (PowerShell and cmd lines use the same double quotes)."""
    import shlex

    try:
        shlex.split(line.split("   # ", 1)[0], posix=True)
    except ValueError:
        return False
    return True


def _finding(fid: str, severity: str = "warning", category: str = "xla-ptxas") -> Any:
    from tfgpu.findings import Finding, Severity

    return Finding(id=fid, severity=Severity(severity), category=category, title=fid)


def test_a_harmless_answer_is_right_when_only_its_own_notice_is_printed_as_a_warning() -> None:
    grade = _scorer().grade
    case = {"kind": "xla-ptxas", "answer": {"ids": ["ptxas-driver-fallback-notice"],
                                            "harmless": True}}
    assert grade(case, (_finding("ptxas-driver-fallback-notice"),)) == "RIGHT"
    assert grade(case, (_finding("ptxas-driver-fallback-notice"),
                        _finding("ptxas-not-found", "error"))) == "WRONG"
    assert grade(case, (_finding("ptxas-not-found", "error"),)) == "WRONG"
    assert grade(case, ()) == "UNKNOWN"


def test_an_answers_own_info_finding_with_nothing_claimed_is_right() -> None:
    from tfgpu.findings import Finding, Severity

    grade = _scorer().grade
    case = {"kind": "other", "answer": {"ids": ["tf-function-retracing-notice"]}}
    assert grade(case, (_finding("tf-function-retracing-notice", "info", "notice"),)) == "RIGHT"
    # called harmless while the thread needed a fix: the cause named, the verdict not
    harmless = Finding(id="tf-function-retracing-notice", severity=Severity.INFO,
                       category="notice", title="t", harmless=True)
    assert grade(case, (harmless,)) == "PARTIAL"
    # beside an exception tfgpu did not recognise: not RIGHT
    assert grade(case, (_finding("tf-function-retracing-notice", "info", "notice"),
                        _finding("unrecognised-error", "warning", "unknown"))) == "UNKNOWN"
    # a claim of something else beside it: WRONG, as before
    assert grade(case, (_finding("tf-function-retracing-notice", "info", "notice"),
                        _finding("ptxas-not-found", "error"))) == "WRONG"
    # a hedge at warning level of category "unknown" naming the answer stays UNKNOWN
    assert grade(case, (_finding("tf-function-retracing-notice", "warning", "unknown"),)) \
        == "UNKNOWN"
    assert grade(case, (_finding("gpu-device-created", "info", "gpu-not-visible"),)) == "UNKNOWN"


def test_a_family_id_template_in_the_answer_holds_every_id_it_renders() -> None:
    grade = _scorer().grade
    case = {"kind": "version-mismatch", "answer": {"ids": ["library-not-loaded-{library}"]}}
    assert grade(case, (_finding("library-not-loaded-libcublas-so-9-0", "error"),)) == "RIGHT"
    # the template's fixed words still have to match
    assert grade(case, (_finding("library-loaded-twice-libcublas", "error"),)) == "WRONG"
    assert grade(case, ()) == "UNKNOWN"
