"""Helpers shared by the benchmark scripts: paths, Debian packages, building
the C/C++ harnesses, running the tools, statistics, machine description."""

import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
RESULTS = os.path.join(BENCH, "results")
WORKLOADS = os.path.join(ROOT, "examples", "workloads")


def log(msg):
    print(f"[bench] {msg}", file=sys.stderr, flush=True)


def ensure_packages(packages):
    """Installs the Debian packages that are missing (idempotent)."""
    missing = []
    for p in packages:
        r = subprocess.run(["dpkg-query", "-W", "-f=${Status}", p],
                           capture_output=True, text=True)
        if "ok installed" not in r.stdout:
            missing.append(p)
    if not missing:
        return
    log(f"installing {' '.join(missing)}")
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(sudo + ["apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run(sudo + ["apt-get", "install", "-y", "-qq",
                           "--no-install-recommends"] + missing,
                   check=True, env=env, stdout=subprocess.DEVNULL)


def tool(build, name):
    path = os.path.join(build, "bin", name)
    if not os.path.exists(path):
        sys.exit(f"{path} not found: build first (utils/setup.sh build)")
    return path


def out_dir():
    d = os.path.join(BENCH, "out")
    os.makedirs(d, exist_ok=True)
    return d


def build_harness(name, source, flags):
    """Compiles bench/harness/<source> into bench/out/<name> (cached)."""
    src = os.path.join(BENCH, "harness", source)
    exe = os.path.join(out_dir(), name)
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        compiler = "g++" if source.endswith(".cpp") else "gcc"
        cmd = [compiler, "-O2", src, "-o", exe] + flags
        log(" ".join(cmd))
        subprocess.run(cmd, check=True)
    return exe


def run_json(cmd, env=None, timeout=None):
    """Runs a command printing one JSON object on its last line."""
    r = subprocess.run(cmd, capture_output=True, text=True, env=env,
                       timeout=timeout)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n"
                           f"{r.stderr[-2000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def single_thread_env():
    return dict(os.environ, OMP_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")


def machine():
    model = platform.processor()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {
        "cpu": model,
        "cpus": os.cpu_count(),
        "date": datetime.date.today().isoformat(),
        "kernel": platform.release(),
    }


def median(xs):
    return statistics.median(xs) if xs else 0.0


def write_result(name, data):
    os.makedirs(RESULTS, exist_ok=True)
    path = os.path.join(RESULTS, name + ".json")
    # Write beside and rename, so a kill never leaves half a file.
    with open(path + ".tmp", "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(path + ".tmp", path)
    log(f"wrote {os.path.relpath(path, ROOT)}")
    return path


def have(cmd):
    return shutil.which(cmd) is not None


# Convergence of tuning runs (bench/policies.py results).

def best_curve(run):
    """Best GFLOP/s after each trial of a run (0 before the first valid)."""
    best, curve = 0.0, []
    for _, median in run["trace"]:
        if median:
            best = max(best, run["flops"] / median / 1e9)
        curve.append(best)
    return curve


def best_within(run, trials):
    curve = best_curve(run)
    return curve[min(trials, len(curve)) - 1] if curve else 0.0


def reach(run, target_gflops):
    """(trials, seconds) when the run first reaches target_gflops, or None."""
    for i, (g, (at, _)) in enumerate(zip(best_curve(run), run["trace"])):
        if g >= target_gflops:
            return i + 1, at
    return None


def spread(values):
    """Median and (min, max) of a list, as a short text."""
    if not values:
        return "-"
    if len(values) == 1:
        return f"{values[0]:.1f}"
    return f"{median(values):.1f} ({min(values):.1f}..{max(values):.1f})"


def tune_report(opt, mlir, options, tmp):
    """Runs `tuner-opt MLIR --tuner-tune="OPTIONS report=..."` and returns
    its JSON report and the options with the report path as REPORT.json (for
    the command recorded beside the figures)."""
    report = os.path.join(tmp, "report.json")
    if os.path.exists(report):
        os.remove(report)
    options = f"{options} report={report}"
    cmd = [opt, mlir, f"--tuner-tune={options}", "-o", os.devnull]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{r.stderr[-3000:]}")
    with open(report) as f:
        return json.load(f), options.replace(report, "REPORT.json")
