"""Cleanups of frontend output into what mlir-tuner reads: a public
func.func entry on static tensors, and no frontend-specific op (pure
Python, on the module's text; the result is parsed by Module.parse)."""

import re

# The dialects our input may use (examples/models/gen/_common.py).
ALLOWED_DIALECTS = {"builtin", "func", "linalg", "tensor", "arith", "math"}


class FrontendError(RuntimeError):
    """A frontend's output is not something mlir-tuner reads."""


def util_func_to_func(text):
    """IREE's synchronous entry (`util.func public @f(...)` / `util.return`,
    what its input pipeline emits with
    --iree-torch-emit-async-entry-points=false) as func.func / return;
    FrontendError on any other util op."""
    out, funcs = [], 0
    for line in text.split("\n"):
        m = re.match(r"^(\s*)util\.func public (@[\w$.]+\(.*)( \{)$", line)
        if m:
            if " attributes " in m.group(2):
                raise FrontendError(f"util.func with attributes: {line.strip()}")
            line = f"{m.group(1)}func.func {m.group(2)}{m.group(3)}"
            funcs += 1
        elif re.match(r"^\s*util\.return\b", line):
            line = line.replace("util.return", "return", 1)
        elif re.search(r"\butil\.", line) and not line.lstrip().startswith("//"):
            raise FrontendError(
                f"unexpected util op left by IREE: {line.strip()[:200]}")
        out.append(line)
    if funcs == 0:
        raise FrontendError("no `util.func public` in IREE's output")
    return "\n".join(out)


def check_dialects(text):
    """FrontendError naming the ops of dialects mlir-tuner does not take
    (torch, util, hal, flow, ...)."""
    bad = set()
    for line in text.split("\n"):
        s = line.strip()
        if s.startswith("{-#"):
            break  # the resource blobs (dense_resource constants)
        if not s or s.startswith(("//", "#", "}")):
            continue
        # Only the op name position: `%x = dialect.op` or `dialect.op` first.
        m = re.match(r'^(?:%[^=]+=\s*)?"?([a-z_]\w*)\.([a-z_][\w.]*)', s)
        if m and m.group(1) not in ALLOWED_DIALECTS:
            bad.add(f"{m.group(1)}.{m.group(2)}")
    if bad:
        raise FrontendError("the frontend left ops mlir-tuner does not take: "
                            + ", ".join(sorted(bad)[:10]))
    return text


def rename_entry(text, entry):
    """The single public func.func renamed `entry` (no-op when it is)."""
    names = re.findall(r"^\s*func\.func (?:public )?@([\w$.]+)\(", text, re.M)
    if entry in names or len(names) != 1:
        return text
    return re.sub(rf"@{re.escape(names[0])}\(", f"@{entry}(", text, count=1)
