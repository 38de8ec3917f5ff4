#!/usr/bin/env python3
# ===- longest-functions.py - The longest C++ functions of some files ------===#
#
# Lists the longest function bodies in the C++ files under the given paths,
# longest first, as `LINES path:FIRST-LAST name`. A function is a brace block
# whose head (the text since the previous ';', '{' or '}') has a parameter
# list and is not a namespace, class, struct, enum, union or initializer;
# lambdas and local classes count as part of the function they stand in.
# Comments and string literals are skipped. A heuristic, not a parser: good
# enough to keep the "no function over ~100 lines" rule of issue 34.
#
#   utils/longest-functions.py lib/Tuner/Measure lib/Tuner/Database
#   utils/longest-functions.py --most 5 --max 100 lib/Transforms/FoldConstants*
#
# With --max N it exits 1 when a function has more than N lines.
#
# ===-----------------------------------------------------------------------===#

import argparse
import os
import re
import sys

CONTAINER = re.compile(r'\b(namespace|class|struct|union|enum)\b[^()]*$')
CONTROL = re.compile(r'^\s*(if|for|while|switch|catch|do|else)\b')


def strip(text):
    """Blanks comments and literals, keeping newlines so lines still count."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            j = text.find('*/', i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            end = ')' + (m.group(1) if m else '') + '"'
            j = text.find(end, i)
            j = n if j < 0 else j + len(end)
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c in '"\'':
            j = i + 1
            while j < n and text[j] != c and text[j] != '\n':
                j += 2 if text[j] == '\\' else 1
            out.append(' ' * (min(j + 1, n) - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def functions(path):
    """Yields (first line, last line, name) of each function in `path`."""
    with open(path, encoding='utf-8', errors='replace') as f:
        text = strip(f.read())
    # Preprocessor lines are not heads.
    text = re.sub(r'(?m)^\s*#.*$', lambda m: ' ' * len(m.group(0)), text)
    stack = []  # per open brace: None (container/other) or (line, name)
    head_start = 0
    line = 1
    for i, c in enumerate(text):
        if c == '\n':
            line += 1
        elif c == '{':
            head = ' '.join(text[head_start:i].split())
            inFunction = any(s is not None for s in stack)
            entry = None
            if (not inFunction and '(' in head and not CONTAINER.search(head)
                    and not CONTROL.match(head) and not head.endswith('=')
                    and not re.search(r'=\s*[^=]*$', head.split('(')[0])):
                name = re.findall(r'([~\w:<>]+)\s*\(', head)
                first = line - text[head_start:i].count('\n')
                entry = (first, name[0] if name else '?')
            stack.append(entry)
            head_start = i + 1
        elif c == '}':
            if stack:
                entry = stack.pop()
                if entry is not None:
                    yield entry[0], line, entry[1]
            head_start = i + 1
        elif c == ';':
            head_start = i + 1


def sources(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                for f in sorted(files):
                    if f.endswith(('.cpp', '.h', '.cc')):
                        yield os.path.join(root, f)
        else:
            yield p


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument('paths', nargs='+')
    ap.add_argument('--most', type=int, default=10)
    ap.add_argument('--max', type=int, default=None)
    args = ap.parse_args()
    found = []
    for path in sources(args.paths):
        for first, last, name in functions(path):
            found.append((last - first + 1, path, first, last, name))
    found.sort(key=lambda f: (-f[0], f[1], f[2]))
    for n, path, first, last, name in found[:args.most]:
        print(f'{n:5} {path}:{first}-{last} {name}')
    if args.max is not None and found and found[0][0] > args.max:
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
