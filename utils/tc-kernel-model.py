#!/usr/bin/env python3
"""A model of the matmul kernels of tuner-gpu-tensor-core-matmul and
tuner-gpu-simt-matmul (lib/Dialect/Sched/TransformOps/TensorCoreMatmul.cpp,
SimtMatmul.cpp, PipelinedMatmul.cpp), checked without a GPU.

The kernel's index formulas are restated here one for one (copy chunk ->
thread, swizzle, ldmatrix lane addresses, fragment slots, pipeline stages),
the hardware's side from the PTX ISA (ldmatrix: lane l supplies row l % 8 of
matrix l / 8 and receives row l / 4, columns 2 (l % 4) + {0, 1} of each
matrix, transposed with .trans; mma.m16n8k16 fragment layouts). For each
configuration it simulates one block with random integer-valued inputs and
checks: the result equals A @ B exactly; every chunk of a tile is copied
once and the swizzle is a bijection; each ldmatrix phase and each quarter
warp of cp.async stores touches 8 different 4-bank groups. The copies land
in shared memory at the wait that retires their group (a tile read too
early is stale or NaN) in one run, as soon as they are issued (a slot
overwritten while still to be read is corrupted) in another.

The CUDA-core (SIMT) kernel is checked the same way: its copies of 4
floats per chunk, its register tiles (rows threadsM apart, groups of 4
columns 4 threadsN apart), the result, and the bank groups of each quarter
warp's 16-byte shared-memory loads (broadcasts count once).

    python3 utils/tc-kernel-model.py            # the default set
"""

import itertools
import sys

import numpy as np

WARP = 32
CHUNK = 8  # 16-bit elements per 16-byte chunk


def swizzle(row, chunk, chunks):
    bits = row % 8 if chunks >= 8 else (row // (8 // chunks)) % chunks
    return chunk ^ bits


class Block:
    def __init__(self, bm, bn, k, wm, wn, tile_k, stages, early):
        self.bm, self.bn, self.k = bm, bn, k
        self.wm, self.wn, self.tile_k, self.stages = wm, wn, tile_k, stages
        self.threads = wm * wn * WARP
        self.smem_a = np.full((stages, bm, tile_k), np.nan)
        self.smem_b = np.full((stages, tile_k, bn), np.nan)
        self.slot_tile = [None] * stages  # which K tile each slot holds
        self.bank_conflicts = 0
        self.early = early  # copies land when issued, else when retired

    # -- copies (copyTile / copyStage) ------------------------------------
    def copy_tile(self, src, row0, col0, dst, stage, rows, chunks, tile):
        total = rows * chunks
        seen = set()
        for first in range(0, total, self.threads):
            groups = {}
            for tid in range(self.threads):
                if first + tid >= total:
                    continue  # the guarded last round
                q = tid + first
                row, chunk = q // chunks, q % chunks
                phys = swizzle(row, chunk, chunks)
                assert (row, phys) not in seen, "swizzle not a bijection"
                seen.add((row, phys))
                data = src[row0 + row, col0 + chunk * CHUNK:
                           col0 + (chunk + 1) * CHUNK].copy()
                self.pending.append((dst, (stage, row, phys), data))
                # 4-bank group of the 16 bytes stored, per quarter warp
                word = (row * chunks + phys)
                groups.setdefault(tid // 8, []).append(word % 8)
            for g in groups.values():
                if len(set(g)) != len(g):
                    self.bank_conflicts += 1
        assert len(seen) == total, "chunks left uncopied"

    def copy_stage(self, a, b, stage, k_tile):
        k0 = k_tile * self.tile_k
        self.copy_tile(a, 0, k0, self.smem_a, stage, self.bm,
                       self.tile_k // CHUNK, k_tile)
        self.copy_tile(b, k0, 0, self.smem_b, stage, self.tile_k,
                       self.bn // CHUNK, k_tile)

    def commit(self, groups):
        if self.early:
            self.land(self.pending)
            self.pending = []
        groups.append(self.pending)
        self.pending = []

    @staticmethod
    def land(copies):
        for dst, (stage, row, phys), data in copies:
            dst[stage, row, phys * CHUNK:(phys + 1) * CHUNK] = data

    # -- ldmatrix (loadMatrices) ------------------------------------------
    def ldmatrix(self, smem, stage, row0, col0, col_offset, chunks,
                 transpose):
        addr = []
        for lane in range(WARP):
            row = row0 + lane % 16
            chunk = col_offset // CHUNK + lane // 16 + col0 // CHUNK
            addr.append((row, swizzle(row, chunk, chunks) * CHUNK))
        for j in range(4):  # one phase per matrix
            banks = [(r * chunks * CHUNK + c) // CHUNK % 8
                     for r, c in addr[8 * j:8 * j + 8]]
            if len(set(banks)) != 8:
                self.bank_conflicts += 1
        rows = [smem[stage, r, c:c + 8] for r, c in addr]
        regs = np.zeros((WARP, 4, 2))
        for lane in range(WARP):
            g, t = lane // 4, lane % 4
            for j in range(4):
                m = [rows[8 * j + r] for r in range(8)]  # matrix j, 8 rows
                for e in range(2):
                    regs[lane, j, e] = (m[2 * t + e][g] if transpose
                                        else m[g][2 * t + e])
        return regs

    # -- mma.sync m16n8k16 (PTX ISA fragment layouts) ----------------------
    @staticmethod
    def mma(a_regs, b_regs, c):
        A = np.zeros((16, 16))
        B = np.zeros((16, 8))
        C = np.zeros((16, 8))
        for lane in range(WARP):
            g, t = lane // 4, lane % 4
            for r in range(4):
                for e in range(2):
                    A[g + 8 * (r % 2), 2 * t + e + 8 * (r // 2)] = \
                        a_regs[lane, r, e]
            for r in range(2):
                for e in range(2):
                    B[2 * t + e + 8 * r, g] = b_regs[lane, r, e]
            for h in range(2):
                for e in range(2):
                    C[g + 8 * h, 2 * t + e] = c[lane, 2 * h + e]
        D = A @ B + C
        out = np.zeros((WARP, 4))
        for lane in range(WARP):
            g, t = lane // 4, lane % 4
            for h in range(2):
                for e in range(2):
                    out[lane, 2 * h + e] = D[g + 8 * h, 2 * t + e]
        return out

    def compute_stage(self, stage, acc):
        warp_rows, warp_cols = self.bm // self.wm, self.bn // self.wn
        fm, tn = warp_rows // 16, warp_cols // 8
        for w in range(self.wm * self.wn):
            warp_row = (w // self.wn) * warp_rows
            warp_col = (w % self.wn) * warp_cols
            for kk in range(0, self.tile_k, 16):
                a = [self.ldmatrix(self.smem_a, stage, warp_row + mi * 16, kk,
                                   0, self.tile_k // CHUNK, False)
                     for mi in range(fm)]
                b = [self.ldmatrix(self.smem_b, stage, kk, nj * 16, warp_col,
                                   self.bn // CHUNK, True)
                     for nj in range(tn // 2)]
                for mi, ni in itertools.product(range(fm), range(tn)):
                    half = b[ni // 2][:, 2 * (ni % 2):2 * (ni % 2) + 2]
                    acc[w][mi][ni] = self.mma(a[mi], half, acc[w][mi][ni])

    # -- the pipelined K loop (buildMainLoop) ------------------------------
    def run(self, a, b):
        k_tiles, s = self.k // self.tile_k, self.stages
        self.pending, groups = [], []
        for st in range(s - 1):
            if st < k_tiles:
                self.copy_stage(a, b, st, st)
            self.commit(groups)
        warp_rows, warp_cols = self.bm // self.wm, self.bn // self.wn
        acc = [[[np.zeros((WARP, 4)) for _ in range(warp_cols // 8)]
                for _ in range(warp_rows // 16)]
               for _ in range(self.wm * self.wn)]
        read, write = 0, s - 1
        for kt in range(k_tiles):
            # wait_group(s - 2): all but the newest s - 2 groups complete
            retired = len(groups) - (s - 2)
            for g in groups[:retired]:
                self.land(g)
            groups = [[]] * retired + groups[retired:]
            # barrier, then the next tile into `write`
            nxt = kt + s - 1
            if nxt < k_tiles:
                self.copy_stage(a, b, write, nxt)
            self.commit(groups)
            self.compute_stage(read, acc)
            read, write = (read + 1) % s, (write + 1) % s
        # epilogue slots (getSlots)
        c = np.zeros((self.bm, self.bn))
        for w in range(self.wm * self.wn):
            warp_row = (w // self.wn) * warp_rows
            warp_col = (w % self.wn) * warp_cols
            for lane in range(WARP):
                g, t = lane // 4, lane % 4
                for mi in range(warp_rows // 16):
                    for ni in range(warp_cols // 8):
                        for i in range(4):
                            row = warp_row + g + mi * 16 + 8 * (i // 2)
                            col = warp_col + 2 * t + ni * 8 + i % 2
                            c[row, col] = acc[w][mi][ni][lane, i]
        return c


def check(bm, bn, k, wm, wn, tile_k, stages, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, (bm, k)).astype(float)
    b = rng.integers(-4, 5, (k, bn)).astype(float)
    good = True
    for early in (False, True):
        block = Block(bm, bn, k, wm, wn, tile_k, stages, early)
        try:
            ok = np.array_equal(block.run(a, b), a @ b)
        except AssertionError as e:
            ok = False
            print(f"  {e}")
        print(f"{bm}x{bn}x{k} warps {wm}x{wn} tile_k {tile_k} stages {stages}"
              f" copies land {'when issued' if early else 'when retired'}: "
              f"{'ok' if ok else 'WRONG'}, bank conflicts "
              f"{block.bank_conflicts}")
        good &= ok and block.bank_conflicts == 0
    return good


class SimtBlock(Block):
    """The CUDA-core kernel: the same copies (4-float chunks), FMAs."""

    def __init__(self, bm, bn, k, ty, tx, tile_k, stages, early):
        self.ty, self.tx = ty, tx
        super().__init__(bm, bn, k, 1, 1, tile_k, stages, early)
        self.threads = ty * tx
        self.chunk = 4

    def copy_stage(self, a, b, stage, k_tile):
        global CHUNK
        saved, CHUNK = CHUNK, 4
        try:
            super().copy_stage(a, b, stage, k_tile)
        finally:
            CHUNK = saved

    @staticmethod
    def land(copies):
        for dst, (stage, row, phys), data in copies:
            n = len(data)
            dst[stage, row, phys * n:(phys + 1) * n] = data

    def load4(self, smem, stage, row, chunk, chunks, lanes):
        """16-byte loads of one warp instruction: lane -> (row, chunk);
        counts a conflict when a quarter warp's distinct chunks share a
        4-bank group."""
        out = {}
        for q in range(0, WARP, 8):
            addrs = set()
            for lane in range(q, q + 8):
                if lane in lanes:
                    r, c = lanes[lane]
                    addrs.add((r, swizzle(r, c, chunks)))
            groups = [(r * chunks + p) % 8 for r, p in addrs]
            if len(set(groups)) != len(groups):
                self.bank_conflicts += 1
        for lane, (r, c) in lanes.items():
            p = swizzle(r, c, chunks)
            out[lane] = smem[stage, r, p * 4:(p + 1) * 4]
        return out

    def compute_stage(self, stage, acc):
        tm, groups = self.bm // self.ty, self.bn // self.tx // 4
        ca, cb = self.tile_k // 4, self.bn // 4
        for w in range(self.threads // WARP):
            tids = range(w * WARP, (w + 1) * WARP)
            for k4 in range(ca):
                a = {}
                for i in range(tm):
                    lanes = {t - w * WARP: (t // self.tx + i * self.ty, k4)
                             for t in tids}
                    for lane, v in self.load4(self.smem_a, stage, None, k4,
                                              ca, lanes).items():
                        a[(lane, i)] = v
                for kk in range(4):
                    krow = k4 * 4 + kk
                    bv = {}
                    for g in range(groups):
                        lanes = {t - w * WARP:
                                 (krow, t % self.tx + g * self.tx)
                                 for t in tids}
                        for lane, v in self.load4(self.smem_b, stage, None,
                                                  None, cb, lanes).items():
                            bv[(lane, g)] = v
                    for t in tids:
                        lane = t - w * WARP
                        for i in range(tm):
                            for g in range(groups):
                                acc[t][i, g * 4:(g + 1) * 4] += \
                                    a[(lane, i)][kk] * bv[(lane, g)]

    def run(self, a, b):
        k_tiles, s = self.k // self.tile_k, self.stages
        self.pending, groups = [], []
        for st in range(s - 1):
            if st < k_tiles:
                self.copy_stage(a, b, st, st)
            self.commit(groups)
        tm, tn = self.bm // self.ty, self.bn // self.tx
        acc = [np.zeros((tm, tn)) for _ in range(self.threads)]
        read, write = 0, s - 1
        for kt in range(k_tiles):
            retired = len(groups) - (s - 2)
            for g in groups[:retired]:
                self.land(g)
            groups = [[]] * retired + groups[retired:]
            nxt = kt + s - 1
            if nxt < k_tiles:
                self.copy_stage(a, b, write, nxt)
            self.commit(groups)
            self.compute_stage(read, acc)
            read, write = (read + 1) % s, (write + 1) % s
        c = np.zeros((self.bm, self.bn))
        for t in range(self.threads):
            ty, tx = t // self.tx, t % self.tx
            for i in range(tm):
                for g in range(tn // 4):
                    for j in range(4):
                        c[ty + i * self.ty, tx * 4 + g * 4 * self.tx + j] = \
                            acc[t][i, g * 4 + j]
        return c


def check_simt(bm, bn, k, ty, tx, tile_k, stages, seed=0):
    rng = np.random.default_rng(seed)
    a = rng.integers(-4, 5, (bm, k)).astype(float)
    b = rng.integers(-4, 5, (k, bn)).astype(float)
    good = True
    for early in (False, True):
        block = SimtBlock(bm, bn, k, ty, tx, tile_k, stages, early)
        ok = np.array_equal(block.run(a, b), a @ b)
        print(f"simt {bm}x{bn}x{k} threads {ty}x{tx} tile_k {tile_k} stages "
              f"{stages} copies land {'when issued' if early else 'when retired'}"
              f": {'ok' if ok else 'WRONG'}, bank conflicts "
              f"{block.bank_conflicts}")
        good &= ok and block.bank_conflicts == 0
    return good


SIMT_CONFIGS = [
    (128, 128, 32, 16, 16, 16, 3),
    (64, 64, 24, 8, 8, 8, 2),
    (128, 64, 64, 16, 8, 32, 4),
]

CONFIGS = [
    (128, 128, 128, 2, 2, 32, 4),
    (128, 128, 64, 2, 4, 32, 3),
    (64, 64, 96, 2, 2, 16, 2),
    (32, 64, 256, 1, 2, 64, 4),
    (64, 128, 64, 1, 4, 64, 5),
    (32, 32, 64, 2, 2, 16, 3),
    (16, 256, 128, 1, 8, 128, 2),
    (256, 64, 32, 4, 1, 32, 4),
]

if __name__ == "__main__":
    results = [check(*config) for config in CONFIGS]
    results += [check_simt(*config) for config in SIMT_CONFIGS]
    sys.exit(0 if all(results) else 1)
