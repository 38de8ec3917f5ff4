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

# The records helpers shared with the Python package (python/mlir_tuner,
# pure Python: no build needed to import them).
sys.path.insert(0, os.path.join(ROOT, "python"))
from mlir_tuner.records import (CONTRACTION_OPS, OP_KINDS,  # noqa: E402,F401
                                best_within, median, reach, spread,
                                task_class)


def workloads(only=None):
    """(name, path) of each workload of examples/workloads, sorted by name;
    only those named in `only` when it is given."""
    names = sorted(f[:-5] for f in os.listdir(WORKLOADS)
                   if f.endswith(".mlir"))
    return [(n, os.path.join(WORKLOADS, n + ".mlir")) for n in names
            if not only or n in only]


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


def run(cmd, env=None, timeout=None):
    """Runs a command; raises RuntimeError with the end of its stderr when it
    fails or runs past `timeout` seconds."""
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{' '.join(cmd)} timed out after {timeout} s")
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n"
                           f"{r.stderr[-3000:]}")
    return r


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


def lscpu():
    """`lscpu`'s fields (name -> value), or {} when it is missing."""
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


def machine():
    """The CPU (lscpu's model name), its vector ISA and caches, its logical
    CPUs and physical cores, the date and the kernel."""
    info = lscpu()
    model = info.get("Model name")
    if not model:
        model = platform.processor()
        try:
            with open("/proc/cpuinfo") as f:
                for line in f:
                    if line.startswith("model name"):
                        model = line.split(":", 1)[1].strip()
                        break
        except OSError:
            pass
    flags = set(info.get("Flags", "").split())
    isa = ("AVX-512" if "avx512f" in flags else
           "AVX2" if "avx2" in flags else "SSE")
    extras = [name for flag, name in (("avx512_bf16", "BF16"),
                                      ("amx_tile", "AMX"),
                                      ("avx512_fp16", "FP16"))
              if flag in flags]
    result = {
        "cpu": model,
        "isa": " + ".join([isa] + extras),
        "caches": {level: info.get(field, "?") for level, field in
                   (("l1d", "L1d cache"), ("l2", "L2 cache"),
                    ("l3", "L3 cache"))},
        "cpus": os.cpu_count(),
        "date": datetime.date.today().isoformat(),
        "kernel": platform.release(),
    }
    # A run with TUNER_HOST_TARGET measured the code of that CPU on this one.
    if os.environ.get("TUNER_HOST_TARGET"):
        result["host_target"] = os.environ["TUNER_HOST_TARGET"]
    try:
        result["cores"] = (int(info["Core(s) per socket"]) *
                           int(info.get("Socket(s)", "1")))
    except (KeyError, ValueError):
        pass
    return result


def export_linalg(name, model, example, out_dir):
    """Exports `model` called on `example` to OUT_DIR/NAME.mlir as linalg on
    tensors (torch-mlir's FX importer, entry `main`); prints the outcome and
    returns whether it worked (the importer's failures are reported, not
    raised)."""
    from torch_mlir import fx
    from torch_mlir.fx import OutputType
    try:
        module = fx.export_and_import(
            model, example, func_name="main",
            output_type=OutputType.LINALG_ON_TENSORS)
        with open(os.path.join(out_dir, name + ".mlir"), "w") as f:
            f.write(str(module))
        print(name, "exported", flush=True)
        return True
    except Exception as e:  # the importer's failures, reported
        print(name, "FAILED:", str(e).splitlines()[0][:300], flush=True)
        return False


def write_result(name, data, path=None):
    """Writes `data` to bench/results/NAME.json, or to `path`."""
    path = path or os.path.join(RESULTS, name + ".json")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
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


# Whole programs: tasks, lowering, end-to-end runs.

def extract_tasks(opt, mlir, tmp, prepare=True):
    """The task list of `tuner-opt MLIR --sched-extract-tasks` (with
    prepare=False, the ops as the file has them: a bf16 matmul is not
    widened to f32)."""
    path = os.path.join(tmp, "tasks.json")
    options = f"task-list={path}" + ("" if prepare else " prepare=false")
    run([opt, mlir, f"--sched-extract-tasks={options}", "-o", os.devnull])
    with open(path) as f:
        return json.load(f)["tasks"]


def lower(opt, source, out, passes=(), timeout=None):
    """`tuner-opt SOURCE PASSES --sched-materialize --tuner-lower-cpu -o OUT`:
    the program with its schedules applied, in the LLVM dialect (without
    #sched.config annotations, the program lowered as it is)."""
    run([opt, source, *passes, "--sched-materialize", "--tuner-lower-cpu",
         "-o", out], timeout=timeout)


def run_program(runner, lowered, reference=None, args=(), timeout=None):
    """One `tuner-run LOWERED --json ARGS`, checked against REFERENCE when
    given: its JSON object. A mismatch (exit status 2) is a result whose
    `match` is false, not an error."""
    cmd = [runner, lowered, "--json", *args]
    if reference:
        cmd.append(f"--reference={reference}")
    try:
        r = subprocess.run(cmd, capture_output=True, text=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{' '.join(cmd)} timed out after {timeout} s")
    if r.returncode not in (0, 2) or not r.stdout.strip():
        raise RuntimeError(f"{' '.join(cmd)} failed ({r.returncode}):\n"
                           f"{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def end_to_end(opt, runner, source, reference, passes, tmp, name, repeats,
               rounds):
    """Applies `passes` to `source`, materializes, lowers and runs the
    program `rounds` times against `reference`; returns the medians of the
    runs (seconds) and whether all matched."""
    lowered = os.path.join(tmp, name + ".ll.mlir")
    lower(opt, source, lowered, passes)
    medians, match = [], True
    for _ in range(rounds):
        data = run_program(runner, lowered, reference,
                           [f"--repeats={repeats}"])
        medians.append(data["median_s"])
        match &= bool(data.get("match"))
    return medians, match
