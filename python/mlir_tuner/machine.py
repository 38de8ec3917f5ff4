"""The machine's roofline: FMA peak and memory bandwidth.

peak_gflops() estimates one core's FP32 FMA peak from lscpu (the widest
vector ISA x 2 FMA units x the maximum clock); bandwidth_gbs() measures a
copy of 256 MiB with NumPy. Both are estimates: for figures worth quoting,
measure the peak with bench/harness/fma_peak.c (bench/run_baselines.py) and
pass it to the plots (``--peak-gflops``).
"""

import os
import subprocess
import time


def _lscpu():
    try:
        out = subprocess.run(["lscpu"], capture_output=True, text=True,
                             env=dict(os.environ, LC_ALL="C")).stdout
    except OSError:
        return {}
    fields = {}
    for line in out.splitlines():
        if ":" in line:
            name, value = line.split(":", 1)
            fields[name.strip()] = value.strip()
    return fields


def _cpuinfo_mhz():
    """The first `cpu MHz` of /proc/cpuinfo (virtual machines often give
    lscpu no clock)."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return None


def peak_gflops(cores=1):
    """Estimated FP32 FMA peak of `cores` cores in GFLOP/s (2 FMA units,
    2 flops each per lane); None when lscpu gives no clock."""
    info = _lscpu()
    flags = info.get("Flags", "").split()
    mhz = info.get("CPU max MHz") or info.get("CPU MHz") or _cpuinfo_mhz()
    if not mhz:
        return None
    lanes = 16 if "avx512f" in flags else 8 if "avx2" in flags else 4
    fma = 2 if ("fma" in flags or "avx512f" in flags) else 1
    return cores * float(mhz) / 1e3 * lanes * 2 * fma


def bandwidth_gbs(megabytes=256, repeats=5):
    """Memory bandwidth in GB/s (bytes read + written per second) of the
    fastest of `repeats` copies of `megabytes` MiB with NumPy; None without
    NumPy."""
    try:
        import numpy as np
    except ImportError:
        return None
    n = megabytes * (1 << 20) // 8
    src = np.ones(n)
    dst = np.empty_like(src)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        np.copyto(dst, src)
        best = min(best, time.perf_counter() - start)
    return 2 * src.nbytes / best / 1e9
