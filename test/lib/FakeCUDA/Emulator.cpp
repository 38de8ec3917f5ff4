//===- Emulator.cpp - CUDA kernels run on the host, for tests -------------===//
//
// Threads are fibers with their own stacks, switched by tuner_emu_switch
// (callee-saved registers, MXCSR and the x87 control word). Warp-collective
// operations follow the PTX ISA: shfl.sync (its clamp and segment mask),
// ldmatrix (m8n8 x1/x2/x4, .trans), mma.sync (m16n8k16 f16/bf16 with f32 or
// f16 accumulators, m16n8k8 tf32, m16n8k32 s8/u8), each lane's fragment as
// "Matrix Fragments for mma.m16n8k16" etc. lay it out. The emulator's
// versions of the NVVM intrinsics and libdevice's are the `__emu_*`
// functions below, named as tuner-cuda-emu-compile redirects them.
//
//===----------------------------------------------------------------------===//

#include "Emulator.h"

#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <sys/mman.h>
#include <unordered_map>
#include <vector>

using namespace tuner_emu;

extern "C" void tuner_emu_switch(void **save, void *to);
asm(R"(
  .text
  .globl tuner_emu_switch
  .hidden tuner_emu_switch
  .type tuner_emu_switch,@function
tuner_emu_switch:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  subq $8, %rsp
  stmxcsr (%rsp)
  fnstcw 4(%rsp)
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  ldmxcsr (%rsp)
  fldcw 4(%rsp)
  addq $8, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size tuner_emu_switch, .-tuner_emu_switch
)");

namespace {
constexpr size_t kStackBytes = 256 << 10;
constexpr unsigned kMaxThreads = 1024;
/// Dynamic shared memory, aligned to its size: the low 18 bits of an
/// address are its shared-window offset, as wgmma descriptors encode it.
constexpr unsigned kSharedBytes = 256 << 10;

enum class Wait { None, Barrier, Warp, Group, Poll };

struct Copy {
  char *dst;
  const char *src;
  unsigned bytes, srcBytes;
};

struct Fiber {
  void *sp = nullptr;
  char *stack = nullptr;
  unsigned tid[3] = {0, 0, 0};
  unsigned warp = 0, lane = 0;
  bool done = false;
  Wait wait = Wait::None;
  uint64_t waitGen = 0;
  /// cp.async: committed groups, oldest first, and the open one.
  std::vector<std::vector<Copy>> groups;
  std::vector<Copy> open;
};

struct Warp;
using Compute = void (*)(Warp &);

/// A lane's operands and results of a warp-collective operation.
struct Slot {
  uint32_t in[12];
  uint32_t out[8];
  const void *address;
};

struct Warp {
  unsigned alive = 0, arrived = 0, present = 0;
  uint64_t gen = 0;
  Compute compute = nullptr;
  Slot lanes[32];
};

/// Hopper's mbarrier: arrivals and transaction bytes pending in the current
/// phase.
struct Mbarrier {
  uint32_t expected = 0, pending = 0, phase = 0;
  int64_t tx = 0;
};

/// A warpgroup's wgmma: each of its 128 threads' accumulator registers.
struct WarpGroup {
  unsigned alive = 0, arrived = 0;
  uint64_t gen = 0;
  std::vector<uint32_t> in, out;
  uint64_t args[7];
  void (*compute)(WarpGroup &) = nullptr;
};

struct Block {
  Dim3 id, dim, grid;
  Launcher launcher;
  void **params;
  std::vector<Fiber> fibers;
  std::vector<Warp> warps;
  std::vector<WarpGroup> warpGroups;
  std::unordered_map<uintptr_t, Mbarrier> mbarriers;
  unsigned alive = 0, arrived = 0;
  uint64_t gen = 0;
  /// Counts changes a polling thread may wait for (mbarrier phases).
  uint64_t epoch = 0;
  void *schedulerSp = nullptr;
  Fiber *current = nullptr;
  const char *fault = nullptr;
};

thread_local Block *block = nullptr;

Fiber &self() { return *block->current; }

void yieldFiber() { tuner_emu_switch(&self().sp, block->schedulerSp); }

void releaseWarp(Warp &w) {
  w.compute(w);
  w.arrived = 0;
  w.present = 0;
  ++w.gen;
}

void releaseGroup(WarpGroup &g) {
  g.compute(g);
  g.arrived = 0;
  ++g.gen;
}

/// Completes the waits a departed thread no longer holds up.
void checkRelease(Block &b, Warp &w) {
  if (b.arrived > 0 && b.arrived == b.alive) {
    b.arrived = 0;
    ++b.gen;
  }
  if (w.arrived > 0 && w.arrived == w.alive)
    releaseWarp(w);
}

void perform(const Copy &copy) {
  unsigned n = copy.srcBytes < copy.bytes ? copy.srcBytes : copy.bytes;
  std::memcpy(copy.dst, copy.src, n);
  std::memset(copy.dst + n, 0, copy.bytes - n);
}

/// Makes the copies of all but the `keep` newest committed groups.
void retire(Fiber &f, size_t keep) {
  while (f.groups.size() > keep) {
    for (const Copy &copy : f.groups.front())
      perform(copy);
    f.groups.erase(f.groups.begin());
  }
}

void fiberEntry() {
  Block &b = *block;
  b.launcher(b.params);
  Fiber &f = self();
  f.groups.push_back(std::move(f.open));
  retire(f, 0);
  f.done = true;
  --b.alive;
  Warp &w = b.warps[f.warp];
  --w.alive;
  checkRelease(b, w);
  WarpGroup &g = b.warpGroups[f.warp / 4];
  --g.alive;
  if (g.arrived > 0 && g.arrived == g.alive)
    releaseGroup(g);
  tuner_emu_switch(&f.sp, b.schedulerSp);
  __builtin_unreachable();
}

void initFiber(Fiber &f) {
  uintptr_t top =
      (reinterpret_cast<uintptr_t>(f.stack) + kStackBytes) & ~uintptr_t(15);
  auto *sp = reinterpret_cast<uint64_t *>(top);
  *--sp = 0; // fiberEntry's return address: it never returns.
  *--sp = reinterpret_cast<uint64_t>(&fiberEntry);
  for (int i = 0; i < 6; ++i)
    *--sp = 0;
  uint32_t control[2] = {0x1F80, 0x037F};
  --sp;
  std::memcpy(sp, control, sizeof(control));
  f.sp = sp;
  f.done = false;
  f.wait = Wait::None;
  f.groups.clear();
  f.open.clear();
}

bool ready(const Block &b, const Fiber &f) {
  switch (f.wait) {
  case Wait::None:
    return true;
  case Wait::Barrier:
    return b.gen != f.waitGen;
  case Wait::Warp:
    return b.warps[f.warp].gen != f.waitGen;
  case Wait::Group:
    return b.warpGroups[f.warp / 4].gen != f.waitGen;
  case Wait::Poll:
    return true;
  }
  return false;
}

bool runBlock(Block &b, std::string &error) {
  unsigned n = b.dim.x * b.dim.y * b.dim.z;
  b.alive = n;
  b.arrived = 0;
  for (Warp &w : b.warps)
    w = Warp();
  for (WarpGroup &g : b.warpGroups) {
    g.alive = g.arrived = 0;
    g.gen = 0;
  }
  b.mbarriers.clear();
  for (unsigned i = 0; i < n; ++i) {
    Fiber &f = b.fibers[i];
    f.tid[0] = i % b.dim.x;
    f.tid[1] = i / b.dim.x % b.dim.y;
    f.tid[2] = i / (b.dim.x * b.dim.y);
    f.warp = i / 32;
    f.lane = i % 32;
    ++b.warps[f.warp].alive;
    ++b.warpGroups[f.warp / 4].alive;
    initFiber(f);
  }
  while (b.alive > 0) {
    // A round in which only polling threads ran, and nothing they poll
    // changed, makes no progress.
    bool progressed = false;
    uint64_t epoch = b.epoch;
    for (unsigned i = 0; i < n; ++i) {
      Fiber &f = b.fibers[i];
      if (f.done || !ready(b, f))
        continue;
      bool polling = f.wait == Wait::Poll;
      b.current = &f;
      tuner_emu_switch(&b.schedulerSp, f.sp);
      progressed |= !polling || b.epoch != epoch;
      if (b.fault) {
        error = b.fault;
        return false;
      }
    }
    if (!progressed) {
      error = "the threads of block (" + std::to_string(b.id.x) + ", " +
              std::to_string(b.id.y) + ", " + std::to_string(b.id.z) +
              ") deadlock: " + std::to_string(b.arrived) +
              " wait at a barrier, " + std::to_string(b.alive) + " alive";
      return false;
    }
  }
  return true;
}

/// The calling lane arrives at a warp-collective operation whose operands
/// are in its slot; returns once `compute` has filled every lane's results.
Slot &collective(Compute compute) {
  Block &b = *block;
  Fiber &f = self();
  Warp &w = b.warps[f.warp];
  if (w.arrived == 0)
    w.compute = compute;
  else if (w.compute != compute)
    b.fault = "the lanes of a warp diverged at a collective operation";
  w.present |= 1u << f.lane;
  if (++w.arrived == w.alive) {
    releaseWarp(w);
  } else {
    f.wait = Wait::Warp;
    f.waitGen = w.gen;
    yieldFiber();
    f.wait = Wait::None;
  }
  return w.lanes[f.lane];
}

Slot &slot() { return block->warps[self().warp].lanes[self().lane]; }

//===----------------------------------------------------------------------===//
// Element conversions.
//===----------------------------------------------------------------------===//

float fromBits(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

uint32_t toBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

float bf16ToFloat(uint16_t bits) { return fromBits(uint32_t(bits) << 16); }

float halfToFloat(uint16_t h) {
  uint32_t sign = uint32_t(h & 0x8000) << 16, exponent = (h >> 10) & 0x1f,
           mantissa = h & 0x3ff;
  if (exponent == 0x1f)
    return fromBits(sign | 0x7f800000 | (mantissa << 13));
  if (exponent == 0) {
    float value = std::ldexp(static_cast<float>(mantissa), -24);
    return sign ? -value : value;
  }
  return fromBits(sign | ((exponent + 112) << 23) | (mantissa << 13));
}

uint16_t floatToHalf(float value) {
  uint32_t bits = toBits(value), sign = (bits >> 16) & 0x8000;
  float magnitude = std::fabs(value);
  if (std::isnan(value))
    return static_cast<uint16_t>(sign | 0x7e00);
  if (magnitude >= 65520.0f)
    return static_cast<uint16_t>(sign | 0x7c00);
  if (magnitude < 6.103515625e-05f) // subnormal: multiples of 2^-24
    return static_cast<uint16_t>(
        sign | static_cast<uint32_t>(std::nearbyint(magnitude * 16777216.0f)));
  int exponent;
  float fraction = std::frexp(magnitude, &exponent); // [0.5, 1)
  auto mantissa =
      static_cast<uint32_t>(std::nearbyint((fraction * 2 - 1) * 1024));
  if (mantissa == 1024) {
    mantissa = 0;
    ++exponent;
  }
  return static_cast<uint16_t>(sign | ((exponent + 14) << 10) | mantissa);
}

/// The `e`th 16-bit element of packed registers.
uint16_t half16(const uint32_t *regs, unsigned e) {
  return static_cast<uint16_t>(regs[e / 2] >> (16 * (e % 2)));
}

//===----------------------------------------------------------------------===//
// mma.sync
//===----------------------------------------------------------------------===//

enum class MmaKind { BF16, F16, TF32, S8, U8 };

/// Lane slots: in[0..3] A, in[4..5] B, in[6..9] C (f32/s32, or two f16x2).
template <MmaKind kind, bool halfAccumulator, bool satfinite = false>
void computeMma(Warp &w) {
  constexpr unsigned K = kind == MmaKind::TF32                        ? 8
                         : kind == MmaKind::S8 || kind == MmaKind::U8 ? 32
                                                                      : 16;
  double a[16][32] = {}, bm[32][8] = {}, c[16][8] = {};
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(w.present & (1u << lane)))
      continue;
    const uint32_t *in = w.lanes[lane].in;
    unsigned g = lane / 4, t = lane % 4;
    if constexpr (kind == MmaKind::TF32) {
      for (unsigned i = 0; i < 4; ++i)
        a[g + 8 * (i % 2)][t + 4 * (i / 2)] = fromBits(in[i] & 0xffffe000u);
      for (unsigned i = 0; i < 2; ++i)
        bm[t + 4 * i][g] = fromBits(in[4 + i] & 0xffffe000u);
    } else if constexpr (kind == MmaKind::S8 || kind == MmaKind::U8) {
      auto byte = [](uint32_t reg, unsigned e) -> double {
        uint8_t v = static_cast<uint8_t>(reg >> (8 * e));
        return kind == MmaKind::S8 ? static_cast<int8_t>(v) : v;
      };
      for (unsigned i = 0; i < 16; ++i)
        a[g + 8 * ((i / 4) % 2)][4 * t + i % 4 + 16 * (i / 8)] =
            byte(in[i / 4], i % 4);
      for (unsigned i = 0; i < 8; ++i)
        bm[4 * t + i % 4 + 16 * (i / 4)][g] = byte(in[4 + i / 4], i % 4);
    } else {
      auto element = [](const uint32_t *regs, unsigned e) -> double {
        uint16_t bits = half16(regs, e);
        return kind == MmaKind::BF16 ? bf16ToFloat(bits) : halfToFloat(bits);
      };
      for (unsigned i = 0; i < 8; ++i)
        a[g + 8 * ((i / 2) % 2)][2 * t + i % 2 + 8 * (i / 4)] = element(in, i);
      for (unsigned i = 0; i < 4; ++i)
        bm[2 * t + i % 2 + 8 * (i / 2)][g] = element(in + 4, i);
    }
    for (unsigned i = 0; i < 4; ++i) {
      double value;
      if constexpr (halfAccumulator)
        value = halfToFloat(half16(in + 6, i));
      else if constexpr (kind == MmaKind::S8 || kind == MmaKind::U8)
        value = static_cast<int32_t>(in[6 + i]);
      else
        value = fromBits(in[6 + i]);
      c[g + 8 * (i / 2)][2 * t + i % 2] = value;
    }
  }
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(w.present & (1u << lane)))
      continue;
    unsigned g = lane / 4, t = lane % 4;
    uint32_t *out = w.lanes[lane].out;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row = g + 8 * (i / 2), col = 2 * t + i % 2;
      double sum = c[row][col];
      for (unsigned k = 0; k < K; ++k)
        sum += a[row][k] * bm[k][col];
      if constexpr (halfAccumulator) {
        uint32_t h = floatToHalf(static_cast<float>(sum));
        if (i % 2 == 0)
          out[i / 2] = h;
        else
          out[i / 2] |= h << 16;
      } else if constexpr (kind == MmaKind::S8 || kind == MmaKind::U8) {
        if (satfinite)
          sum = std::fmin(std::fmax(sum, -2147483648.0), 2147483647.0);
        out[i] = static_cast<uint32_t>(static_cast<int64_t>(sum));
      } else {
        out[i] = toBits(static_cast<float>(sum));
      }
    }
  }
}

template <MmaKind kind, bool halfAccumulator, bool satfinite = false>
void mma(uint32_t *out, const uint32_t *a, const uint32_t *b,
         const uint32_t *c) {
  Slot &s = slot();
  std::memcpy(s.in, a, 16);
  std::memcpy(s.in + 4, b, 8);
  std::memcpy(s.in + 6, c, halfAccumulator ? 8 : 16);
  Slot &r = collective(computeMma<kind, halfAccumulator, satfinite>);
  std::memcpy(out, r.out, halfAccumulator ? 8 : 16);
}

//===----------------------------------------------------------------------===//
// ldmatrix and shfl.sync
//===----------------------------------------------------------------------===//

template <unsigned count, bool trans> void computeLdmatrix(Warp &w) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(w.present & (1u << lane)))
      continue;
    for (unsigned m = 0; m < count; ++m) {
      auto row = [&](unsigned r) {
        return static_cast<const uint16_t *>(w.lanes[8 * m + r].address);
      };
      uint16_t lo, hi;
      if (trans) {
        lo = row(2 * (lane % 4))[lane / 4];
        hi = row(2 * (lane % 4) + 1)[lane / 4];
      } else {
        lo = row(lane / 4)[2 * (lane % 4)];
        hi = row(lane / 4)[2 * (lane % 4) + 1];
      }
      w.lanes[lane].out[m] = lo | uint32_t(hi) << 16;
    }
  }
}

template <unsigned count, bool trans>
void ldmatrix(uint32_t *out, const void *address) {
  slot().address = address;
  Slot &r = collective(computeLdmatrix<count, trans>);
  std::memcpy(out, r.out, 4 * count);
}

enum class Shfl { Up, Down, Bfly, Idx };

template <Shfl mode> void computeShfl(Warp &w) {
  for (unsigned lane = 0; lane < 32; ++lane) {
    if (!(w.present & (1u << lane)))
      continue;
    const uint32_t *in = w.lanes[lane].in;
    uint32_t bval = in[1] & 0x1f, cval = in[2] & 0x1f,
             segmask = (in[2] >> 8) & 0x1f;
    uint32_t maxLane = (lane & segmask) | (cval & ~segmask),
             minLane = lane & segmask;
    int j;
    bool pval;
    switch (mode) {
    case Shfl::Up:
      j = static_cast<int>(lane) - static_cast<int>(bval);
      pval = j >= static_cast<int>(maxLane);
      break;
    case Shfl::Down:
      j = lane + bval;
      pval = j <= static_cast<int>(maxLane);
      break;
    case Shfl::Bfly:
      j = lane ^ bval;
      pval = j <= static_cast<int>(maxLane);
      break;
    case Shfl::Idx:
      j = minLane | (bval & ~segmask);
      pval = j <= static_cast<int>(maxLane);
      break;
    }
    if (!pval || j < 0 || j > 31 || !(w.present & (1u << j)))
      j = lane;
    w.lanes[lane].out[0] = w.lanes[j].in[0];
    w.lanes[lane].out[1] = pval;
  }
}

template <Shfl mode>
uint32_t shfl(uint32_t value, uint32_t b, uint32_t c,
              bool *predicate = nullptr) {
  Slot &s = slot();
  s.in[0] = value;
  s.in[1] = b;
  s.in[2] = c;
  Slot &r = collective(computeShfl<mode>);
  if (predicate)
    *predicate = r.out[1];
  return r.out[0];
}

void computeNothing(Warp &) {}

float ftz(float x) {
  return std::fpclassify(x) == FP_SUBNORMAL ? std::copysign(0.0f, x) : x;
}

template <int mode, typename T, typename F> T rounded(F f) {
  int saved = std::fegetround();
  std::fesetround(mode);
  volatile T result = f();
  std::fesetround(saved);
  return result;
}
} // namespace

bool tuner_emu::launch(Launcher launcher, Dim3 grid, Dim3 blockDim,
                       unsigned sharedBytes, void **params,
                       std::string &error) {
  unsigned n = blockDim.x * blockDim.y * blockDim.z;
  if (n == 0 || n > kMaxThreads || sharedBytes > kSharedBytes) {
    error = "a block of " + std::to_string(n) + " threads and " +
            std::to_string(sharedBytes) +
            " bytes of dynamic shared memory is beyond the emulator";
    return false;
  }
  static std::vector<char *> stacks;
  while (stacks.size() < n) {
    void *stack = mmap(nullptr, kStackBytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (stack == MAP_FAILED) {
      error = "cannot map a thread's stack";
      return false;
    }
    stacks.push_back(static_cast<char *>(stack));
  }
  Block b;
  b.dim = blockDim;
  b.grid = grid;
  b.launcher = launcher;
  b.params = params;
  b.fibers.resize(n);
  b.warps.resize((n + 31) / 32);
  b.warpGroups.resize((n + 127) / 128);
  for (unsigned i = 0; i < n; ++i)
    b.fibers[i].stack = stacks[i];
  Block *outer = block;
  block = &b;
  bool ok = true;
  for (unsigned z = 0; ok && z < grid.z; ++z)
    for (unsigned y = 0; ok && y < grid.y; ++y)
      for (unsigned x = 0; ok && x < grid.x; ++x) {
        b.id = {x, y, z};
        ok = runBlock(b, error);
      }
  block = outer;
  return ok;
}

//===----------------------------------------------------------------------===//
// The emulator's NVVM intrinsics, as tuner-cuda-emu-compile names them.
//===----------------------------------------------------------------------===//

extern "C" {

alignas(kSharedBytes) char __emu_dynamic_shared[kSharedBytes];

#define TUNER_EMU_SREG(NAME, EXPR)                                             \
  uint32_t __emu_read_ptx_sreg_##NAME() { return EXPR; }
TUNER_EMU_SREG(tid_x, self().tid[0])
TUNER_EMU_SREG(tid_y, self().tid[1])
TUNER_EMU_SREG(tid_z, self().tid[2])
TUNER_EMU_SREG(ntid_x, block->dim.x)
TUNER_EMU_SREG(ntid_y, block->dim.y)
TUNER_EMU_SREG(ntid_z, block->dim.z)
TUNER_EMU_SREG(ctaid_x, block->id.x)
TUNER_EMU_SREG(ctaid_y, block->id.y)
TUNER_EMU_SREG(ctaid_z, block->id.z)
TUNER_EMU_SREG(nctaid_x, block->grid.x)
TUNER_EMU_SREG(nctaid_y, block->grid.y)
TUNER_EMU_SREG(nctaid_z, block->grid.z)
TUNER_EMU_SREG(laneid, self().lane)
TUNER_EMU_SREG(warpid, self().warp)
TUNER_EMU_SREG(warpsize, 32)
#undef TUNER_EMU_SREG

uint32_t __emu_read_ptx_sreg_clock() { return static_cast<uint32_t>(clock()); }
uint64_t __emu_read_ptx_sreg_clock64() { return clock(); }

static void barrier() {
  Block &b = *block;
  Fiber &f = self();
  if (++b.arrived == b.alive) {
    b.arrived = 0;
    ++b.gen;
    return;
  }
  f.wait = Wait::Barrier;
  f.waitGen = b.gen;
  yieldFiber();
  f.wait = Wait::None;
}
void __emu_barrier_cta_sync_aligned_all(uint32_t) { barrier(); }
void __emu_barrier_cta_sync_all(uint32_t) { barrier(); }
void __emu_barrier0() { barrier(); }
void __emu_barrier_sync(uint32_t) { barrier(); }
void __emu_bar_warp_sync(uint32_t) { collective(computeNothing); }

// shfl.sync: (mask, value, b, c).
#define TUNER_EMU_SHFL(MODE, ENUM)                                             \
  uint32_t __emu_shfl_sync_##MODE##_i32(uint32_t, uint32_t a, uint32_t b,      \
                                        uint32_t c) {                          \
    return shfl<Shfl::ENUM>(a, b, c);                                          \
  }                                                                            \
  float __emu_shfl_sync_##MODE##_f32(uint32_t, float a, uint32_t b,            \
                                     uint32_t c) {                             \
    return fromBits(shfl<Shfl::ENUM>(toBits(a), b, c));                        \
  }                                                                            \
  void __emu_shfl_sync_##MODE##_i32p(void *out, uint32_t, uint32_t a,          \
                                     uint32_t b, uint32_t c) {                 \
    bool p;                                                                    \
    uint32_t v = shfl<Shfl::ENUM>(a, b, c, &p);                                \
    std::memcpy(out, &v, 4);                                                   \
    static_cast<char *>(out)[4] = p;                                           \
  }                                                                            \
  void __emu_shfl_sync_##MODE##_f32p(void *out, uint32_t m, float a,           \
                                     uint32_t b, uint32_t c) {                 \
    __emu_shfl_sync_##MODE##_i32p(out, m, toBits(a), b, c);                    \
  }
TUNER_EMU_SHFL(up, Up)
TUNER_EMU_SHFL(down, Down)
TUNER_EMU_SHFL(bfly, Bfly)
TUNER_EMU_SHFL(idx, Idx)
#undef TUNER_EMU_SHFL

// ldmatrix: x1 returns its register, x2 and x4 theirs through `out`.
uint32_t __emu_ldmatrix_sync_aligned_m8n8_x1_b16_p3(const void *p) {
  uint32_t r;
  ldmatrix<1, false>(&r, p);
  return r;
}
uint32_t __emu_ldmatrix_sync_aligned_m8n8_x1_trans_b16_p3(const void *p) {
  uint32_t r;
  ldmatrix<1, true>(&r, p);
  return r;
}
void __emu_ldmatrix_sync_aligned_m8n8_x2_b16_p3(uint32_t *out, const void *p) {
  ldmatrix<2, false>(out, p);
}
void __emu_ldmatrix_sync_aligned_m8n8_x2_trans_b16_p3(uint32_t *out,
                                                      const void *p) {
  ldmatrix<2, true>(out, p);
}
void __emu_ldmatrix_sync_aligned_m8n8_x4_b16_p3(uint32_t *out, const void *p) {
  ldmatrix<4, false>(out, p);
}
void __emu_ldmatrix_sync_aligned_m8n8_x4_trans_b16_p3(uint32_t *out,
                                                      const void *p) {
  ldmatrix<4, true>(out, p);
}

// mma.sync: A in four registers, B in two, C in four (two for f16).
#define TUNER_EMU_MMA(NAME, KIND, HALF, SAT)                                   \
  void __emu_mma_##NAME(uint32_t *out, uint32_t a0, uint32_t a1, uint32_t a2,  \
                        uint32_t a3, uint32_t b0, uint32_t b1, uint32_t c0,    \
                        uint32_t c1, uint32_t c2, uint32_t c3) {               \
    uint32_t a[] = {a0, a1, a2, a3}, b[] = {b0, b1}, c[] = {c0, c1, c2, c3};   \
    mma<MmaKind::KIND, HALF, SAT>(out, a, b, c);                               \
  }
#define TUNER_EMU_MMA_F(NAME, KIND)                                            \
  void __emu_mma_##NAME(uint32_t *out, uint32_t a0, uint32_t a1, uint32_t a2,  \
                        uint32_t a3, uint32_t b0, uint32_t b1, float c0,       \
                        float c1, float c2, float c3) {                        \
    uint32_t a[] = {a0, a1, a2, a3}, b[] = {b0, b1},                           \
             c[] = {toBits(c0), toBits(c1), toBits(c2), toBits(c3)};           \
    mma<MmaKind::KIND, false>(out, a, b, c);                                   \
  }
TUNER_EMU_MMA_F(m16n8k16_row_col_bf16, BF16)
TUNER_EMU_MMA_F(m16n8k16_row_col_f32_f32, F16)
TUNER_EMU_MMA_F(m16n8k8_row_col_tf32, TF32)
TUNER_EMU_MMA(m16n8k32_row_col_s8, S8, false, false)
TUNER_EMU_MMA(m16n8k32_row_col_u8, U8, false, false)
TUNER_EMU_MMA(m16n8k32_row_col_satfinite_s8, S8, false, true)
TUNER_EMU_MMA(m16n8k32_row_col_satfinite_u8, U8, false, true)
#undef TUNER_EMU_MMA
#undef TUNER_EMU_MMA_F
void __emu_mma_m16n8k16_row_col_f16_f16(uint32_t *out, uint32_t a0, uint32_t a1,
                                        uint32_t a2, uint32_t a3, uint32_t b0,
                                        uint32_t b1, uint32_t c0, uint32_t c1) {
  uint32_t a[] = {a0, a1, a2, a3}, b[] = {b0, b1}, c[] = {c0, c1};
  mma<MmaKind::F16, true>(out, a, b, c);
}

// cp.async: made when a wait retires its group.
static void cpAsync(void *dst, const void *src, unsigned bytes,
                    unsigned srcBytes) {
  self().open.push_back({static_cast<char *>(dst),
                         static_cast<const char *>(src), bytes, srcBytes});
}
#define TUNER_EMU_CP_ASYNC(CACHE, BYTES)                                       \
  void __emu_cp_async_##CACHE##_shared_global_##BYTES(void *d,                 \
                                                      const void *s) {         \
    cpAsync(d, s, BYTES, BYTES);                                               \
  }                                                                            \
  void __emu_cp_async_##CACHE##_shared_global_##BYTES##_s(                     \
      void *d, const void *s, uint32_t srcBytes) {                             \
    cpAsync(d, s, BYTES, srcBytes);                                            \
  }
TUNER_EMU_CP_ASYNC(ca, 4)
TUNER_EMU_CP_ASYNC(ca, 8)
TUNER_EMU_CP_ASYNC(ca, 16)
TUNER_EMU_CP_ASYNC(cg, 16)
#undef TUNER_EMU_CP_ASYNC
void __emu_cp_async_commit_group() {
  Fiber &f = self();
  f.groups.push_back(std::move(f.open));
  f.open.clear();
}
void __emu_cp_async_wait_group(uint32_t n) { retire(self(), n); }
void __emu_cp_async_wait_all() {
  __emu_cp_async_commit_group();
  retire(self(), 0);
}

// Arithmetic with a rounding mode or an approximation, as libdevice and
// the math lowering call them.
#define TUNER_EMU_ROUNDED(SUFFIX, MODE)                                        \
  float __emu_fma_##SUFFIX##_f(float a, float b, float c) {                    \
    return rounded<MODE, float>([&] { return std::fma(a, b, c); });            \
  }                                                                            \
  double __emu_fma_##SUFFIX##_d(double a, double b, double c) {                \
    return rounded<MODE, double>([&] { return std::fma(a, b, c); });           \
  }                                                                            \
  float __emu_add_##SUFFIX##_f(float a, float b) {                             \
    return rounded<MODE, float>([&] { return a + b; });                        \
  }                                                                            \
  double __emu_add_##SUFFIX##_d(double a, double b) {                          \
    return rounded<MODE, double>([&] { return a + b; });                       \
  }                                                                            \
  float __emu_mul_##SUFFIX##_f(float a, float b) {                             \
    return rounded<MODE, float>([&] { return a * b; });                        \
  }                                                                            \
  double __emu_mul_##SUFFIX##_d(double a, double b) {                          \
    return rounded<MODE, double>([&] { return a * b; });                       \
  }                                                                            \
  float __emu_div_##SUFFIX##_f(float a, float b) {                             \
    return rounded<MODE, float>([&] { return a / b; });                        \
  }                                                                            \
  double __emu_div_##SUFFIX##_d(double a, double b) {                          \
    return rounded<MODE, double>([&] { return a / b; });                       \
  }                                                                            \
  float __emu_rcp_##SUFFIX##_f(float a) {                                      \
    return rounded<MODE, float>([&] { return 1.0f / a; });                     \
  }                                                                            \
  double __emu_rcp_##SUFFIX##_d(double a) {                                    \
    return rounded<MODE, double>([&] { return 1.0 / a; });                     \
  }                                                                            \
  float __emu_sqrt_##SUFFIX##_f(float a) {                                     \
    return rounded<MODE, float>([&] { return std::sqrt(a); });                 \
  }                                                                            \
  double __emu_sqrt_##SUFFIX##_d(double a) {                                   \
    return rounded<MODE, double>([&] { return std::sqrt(a); });                \
  }                                                                            \
  float __emu_fma_##SUFFIX##_ftz_f(float a, float b, float c) {                \
    return ftz(__emu_fma_##SUFFIX##_f(ftz(a), ftz(b), ftz(c)));                \
  }                                                                            \
  float __emu_add_##SUFFIX##_ftz_f(float a, float b) {                         \
    return ftz(__emu_add_##SUFFIX##_f(ftz(a), ftz(b)));                        \
  }                                                                            \
  float __emu_mul_##SUFFIX##_ftz_f(float a, float b) {                         \
    return ftz(__emu_mul_##SUFFIX##_f(ftz(a), ftz(b)));                        \
  }                                                                            \
  float __emu_div_##SUFFIX##_ftz_f(float a, float b) {                         \
    return ftz(__emu_div_##SUFFIX##_f(ftz(a), ftz(b)));                        \
  }                                                                            \
  float __emu_rcp_##SUFFIX##_ftz_f(float a) {                                  \
    return ftz(__emu_rcp_##SUFFIX##_f(ftz(a)));                                \
  }                                                                            \
  float __emu_sqrt_##SUFFIX##_ftz_f(float a) {                                 \
    return ftz(__emu_sqrt_##SUFFIX##_f(ftz(a)));                               \
  }
TUNER_EMU_ROUNDED(rn, FE_TONEAREST)
TUNER_EMU_ROUNDED(rz, FE_TOWARDZERO)
TUNER_EMU_ROUNDED(rm, FE_DOWNWARD)
TUNER_EMU_ROUNDED(rp, FE_UPWARD)
#undef TUNER_EMU_ROUNDED

float __emu_ex2_approx_ftz_f32(float x) { return ftz(std::exp2(ftz(x))); }
float __emu_ex2_approx_f32(float x) { return std::exp2(x); }
float __emu_ex2_approx_ftz_f(float x) { return ftz(std::exp2(ftz(x))); }
float __emu_ex2_approx_f(float x) { return std::exp2(x); }
double __emu_ex2_approx_d(double x) { return std::exp2(x); }
float __emu_lg2_approx_ftz_f(float x) { return ftz(std::log2(ftz(x))); }
float __emu_lg2_approx_f(float x) { return std::log2(x); }
double __emu_lg2_approx_d(double x) { return std::log2(x); }
float __emu_sin_approx_ftz_f(float x) { return std::sin(ftz(x)); }
float __emu_sin_approx_f(float x) { return std::sin(x); }
float __emu_cos_approx_ftz_f(float x) { return std::cos(ftz(x)); }
float __emu_cos_approx_f(float x) { return std::cos(x); }
float __emu_rsqrt_approx_ftz_f(float x) { return 1.0f / std::sqrt(ftz(x)); }
float __emu_rsqrt_approx_f(float x) { return 1.0f / std::sqrt(x); }
double __emu_rsqrt_approx_d(double x) { return 1.0 / std::sqrt(x); }
float __emu_sqrt_approx_ftz_f(float x) { return std::sqrt(ftz(x)); }
float __emu_sqrt_approx_f(float x) { return std::sqrt(x); }
float __emu_sqrt_f(float x) { return std::sqrt(x); }
float __emu_rcp_approx_ftz_f(float x) { return ftz(1.0f / ftz(x)); }
double __emu_rcp_approx_ftz_d(double x) { return 1.0 / x; }
float __emu_div_approx_ftz_f(float a, float b) { return ftz(a / b); }
float __emu_div_approx_f(float a, float b) { return a / b; }
float __emu_tanh_approx_f32(float x) { return std::tanh(x); }
float __emu_saturate_f(float x) {
  return std::isnan(x) ? 0.0f : std::fmin(std::fmax(x, 0.0f), 1.0f);
}
float __emu_saturate_ftz_f(float x) { return ftz(__emu_saturate_f(ftz(x))); }
double __emu_saturate_d(double x) {
  return std::isnan(x) ? 0.0 : std::fmin(std::fmax(x, 0.0), 1.0);
}
float __emu_fabs_f32(float x) { return std::fabs(x); }
float __emu_fabs_f(float x) { return std::fabs(x); }
float __emu_fabs_ftz_f(float x) { return ftz(std::fabs(x)); }
double __emu_fabs_d(double x) { return std::fabs(x); }
double __emu_fabs_f64(double x) { return std::fabs(x); }
float __emu_fmin_f(float a, float b) { return std::fmin(a, b); }
float __emu_fmax_f(float a, float b) { return std::fmax(a, b); }
float __emu_fmin_ftz_f(float a, float b) { return ftz(std::fmin(a, b)); }
float __emu_fmax_ftz_f(float a, float b) { return ftz(std::fmax(a, b)); }
double __emu_fmin_d(double a, double b) { return std::fmin(a, b); }
double __emu_fmax_d(double a, double b) { return std::fmax(a, b); }
float __emu_fmin_nan_f(float a, float b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::fmin(a, b);
}
float __emu_fmax_nan_f(float a, float b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::fmax(a, b);
}
float __emu_floor_f(float x) { return std::floor(x); }
float __emu_ceil_f(float x) { return std::ceil(x); }
float __emu_trunc_f(float x) { return std::trunc(x); }
float __emu_round_f(float x) { return std::nearbyint(x); }
double __emu_floor_d(double x) { return std::floor(x); }
double __emu_ceil_d(double x) { return std::ceil(x); }
double __emu_trunc_d(double x) { return std::trunc(x); }
double __emu_round_d(double x) { return std::nearbyint(x); }
// libdevice's inline PTX (add.rn.f32, ...): the intrinsics' versions.
#define TUNER_EMU_ASM_ARITH(MODE)                                              \
  float __emu_asm_add_##MODE##_f32(float a, float b) {                         \
    return __emu_add_##MODE##_f(a, b);                                         \
  }                                                                            \
  float __emu_asm_sub_##MODE##_f32(float a, float b) {                         \
    return __emu_add_##MODE##_f(a, -b);                                        \
  }                                                                            \
  float __emu_asm_mul_##MODE##_f32(float a, float b) {                         \
    return __emu_mul_##MODE##_f(a, b);                                         \
  }                                                                            \
  float __emu_asm_fma_##MODE##_f32(float a, float b, float c) {                \
    return __emu_fma_##MODE##_f(a, b, c);                                      \
  }                                                                            \
  double __emu_asm_add_##MODE##_f64(double a, double b) {                      \
    return __emu_add_##MODE##_d(a, b);                                         \
  }                                                                            \
  double __emu_asm_sub_##MODE##_f64(double a, double b) {                      \
    return __emu_add_##MODE##_d(a, -b);                                        \
  }                                                                            \
  double __emu_asm_mul_##MODE##_f64(double a, double b) {                      \
    return __emu_mul_##MODE##_d(a, b);                                         \
  }                                                                            \
  double __emu_asm_fma_##MODE##_f64(double a, double b, double c) {            \
    return __emu_fma_##MODE##_d(a, b, c);                                      \
  }
TUNER_EMU_ASM_ARITH(rn)
TUNER_EMU_ASM_ARITH(rz)
TUNER_EMU_ASM_ARITH(rm)
TUNER_EMU_ASM_ARITH(rp)
#undef TUNER_EMU_ASM_ARITH
void __emu_asm_mad_wide_u32(uint32_t *out, uint32_t a, uint32_t b, uint32_t c) {
  uint64_t wide = uint64_t(a) * b + c;
  out[0] = static_cast<uint32_t>(wide);
  out[1] = static_cast<uint32_t>(wide >> 32);
}
void __emu_asm_add_u128(uint64_t *out, uint64_t alo, uint64_t ahi, uint64_t blo,
                        uint64_t bhi) {
  unsigned __int128 sum = ((unsigned __int128)ahi << 64 | alo) +
                          ((unsigned __int128)bhi << 64 | blo);
  out[0] = static_cast<uint64_t>(sum);
  out[1] = static_cast<uint64_t>(sum >> 64);
}
void __emu_asm_sub_u128(uint64_t *out, uint64_t alo, uint64_t ahi, uint64_t blo,
                        uint64_t bhi) {
  unsigned __int128 difference = ((unsigned __int128)ahi << 64 | alo) -
                                 ((unsigned __int128)bhi << 64 | blo);
  out[0] = static_cast<uint64_t>(difference);
  out[1] = static_cast<uint64_t>(difference >> 64);
}
void __emu_asm_mad_wide_u64(uint64_t *out, uint64_t a, uint64_t b, uint64_t c) {
  unsigned __int128 wide = (unsigned __int128)a * b + c;
  out[0] = static_cast<uint64_t>(wide);
  out[1] = static_cast<uint64_t>(wide >> 64);
}
void __emu_asm_mul_wide_u64(uint64_t *out, uint64_t a, uint64_t b) {
  __emu_asm_mad_wide_u64(out, a, b, 0);
}
float __emu_asm_rcp_approx_ftz_f32(float x) { return ftz(1.0f / ftz(x)); }
float __emu_asm_rcp_approx_f32(float x) { return 1.0f / x; }
float __emu_asm_ex2_approx_ftz_f32(float x) { return ftz(std::exp2(ftz(x))); }
float __emu_asm_tanh_approx_f32(float x) { return std::tanh(x); }

// Integer helpers of libdevice.
int32_t __emu_mulhi_i(int32_t a, int32_t b) {
  return static_cast<int32_t>((int64_t(a) * b) >> 32);
}
uint32_t __emu_mulhi_ui(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>((uint64_t(a) * b) >> 32);
}
int64_t __emu_mulhi_ll(int64_t a, int64_t b) {
  return static_cast<int64_t>((__int128(a) * b) >> 64);
}
uint64_t __emu_mulhi_ull(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((static_cast<unsigned __int128>(a) * b) >> 64);
}
int32_t __emu_mul24_i(int32_t a, int32_t b) {
  return (a << 8 >> 8) * (b << 8 >> 8);
}
uint32_t __emu_mul24_ui(uint32_t a, uint32_t b) {
  return (a & 0xffffff) * (b & 0xffffff);
}
int32_t __emu_d2i_lo(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  return static_cast<int32_t>(bits);
}
int32_t __emu_d2i_hi(double x) {
  uint64_t bits;
  std::memcpy(&bits, &x, 8);
  return static_cast<int32_t>(bits >> 32);
}
double __emu_lohi_i2d(int32_t lo, int32_t hi) {
  uint64_t bits = uint64_t(uint32_t(hi)) << 32 | uint32_t(lo);
  double x;
  std::memcpy(&x, &bits, 8);
  return x;
}
#define TUNER_EMU_CVT(NAME, FROM, TO, MODE, EXPR)                              \
  TO __emu_##NAME(FROM x) {                                                    \
    return rounded<MODE, TO>([&] { return static_cast<TO>(EXPR); });           \
  }
TUNER_EMU_CVT(f2i_rz, float, int32_t, FE_TOWARDZERO, std::trunc(x))
TUNER_EMU_CVT(f2i_rn, float, int32_t, FE_TONEAREST, std::nearbyint(x))
TUNER_EMU_CVT(f2i_rm, float, int32_t, FE_DOWNWARD, std::floor(x))
TUNER_EMU_CVT(f2i_rp, float, int32_t, FE_UPWARD, std::ceil(x))
TUNER_EMU_CVT(d2i_rz, double, int32_t, FE_TOWARDZERO, std::trunc(x))
TUNER_EMU_CVT(d2i_rn, double, int32_t, FE_TONEAREST, std::nearbyint(x))
TUNER_EMU_CVT(d2f_rn, double, float, FE_TONEAREST, x)
TUNER_EMU_CVT(d2f_rz, double, float, FE_TOWARDZERO, x)
TUNER_EMU_CVT(d2f_rm, double, float, FE_DOWNWARD, x)
TUNER_EMU_CVT(d2f_rp, double, float, FE_UPWARD, x)
TUNER_EMU_CVT(i2f_rn, int32_t, float, FE_TONEAREST, x)
TUNER_EMU_CVT(i2f_rz, int32_t, float, FE_TOWARDZERO, x)
TUNER_EMU_CVT(ui2f_rn, uint32_t, float, FE_TONEAREST, x)
TUNER_EMU_CVT(ll2f_rn, int64_t, float, FE_TONEAREST, x)
TUNER_EMU_CVT(ll2d_rn, int64_t, double, FE_TONEAREST, x)
#undef TUNER_EMU_CVT
uint32_t __emu_f2tf32_rna(float x) {
  uint32_t bits = toBits(x);
  return (bits + 0x1000u) & 0xffffe000u;
}
uint32_t __emu_ff2bf16x2_rn(float hi, float lo) {
  auto round = [](float v) {
    uint32_t bits = toBits(v);
    if (std::isnan(v))
      return uint32_t(0x7fc0);
    return (bits + 0x7fff + ((bits >> 16) & 1)) >> 16;
  };
  return round(lo) | round(hi) << 16;
}

// Hopper: mbarriers, TMA loads and wgmma (sm_90a kernels).
static Mbarrier &mbarrier(const void *address) {
  return block->mbarriers[reinterpret_cast<uintptr_t>(address)];
}

static void completePhaseIfDone(Mbarrier &m) {
  ++block->epoch;
  if (m.pending == 0 && m.tx == 0) {
    ++m.phase;
    m.pending = m.expected;
  }
}

void __emu_asm_mbarrier_init_shared_b64(void *bar, uint32_t count,
                                        uint32_t predicate) {
  if (!predicate)
    return;
  Mbarrier &m = mbarrier(bar);
  m = Mbarrier();
  m.expected = m.pending = count;
  ++block->epoch;
}

void __emu_asm_mbarrier_arrive_expect_tx_shared_b64(void *bar, uint32_t tx,
                                                    uint32_t predicate) {
  if (!predicate)
    return;
  Mbarrier &m = mbarrier(bar);
  m.tx += tx;
  if (m.pending)
    --m.pending;
  completePhaseIfDone(m);
}

// Returns once the phase of parity `parity` has completed.
void __emu_asm_mbarrier_try_wait_parity_shared_b64(void *bar, uint32_t parity,
                                                   uint32_t) {
  while ((mbarrier(bar).phase & 1) == (parity & 1)) {
    self().wait = Wait::Poll;
    yieldFiber();
    self().wait = Wait::None;
  }
}

/// The shared-memory address `address` is stored at under `swizzleBytes`
/// swizzling: the 16-byte chunk index within a row XORed with the row
/// index (bits 7 and up), as TMA writes and wgmma reads them.
static uintptr_t swizzle(uintptr_t address, unsigned swizzleBytes) {
  unsigned rows = swizzleBytes / 16;
  return rows ? address ^ (((address >> 7) & (rows - 1)) << 4) : address;
}

void __emu_asm_cp_async_bulk_tensor_2d_shared__cluster_global_mbarrier__complete_tx__bytes(
    char *dst, const TensorMap *map, int32_t c0, int32_t c1, void *bar,
    uint32_t predicate) {
  if (!predicate)
    return;
  if (map->magic != TensorMap::kMagic || map->rank != 2) {
    block->fault = "a TMA load from a tensor map the fake driver did not "
                   "encode, or not of rank 2";
    for (;;)
      yieldFiber();
  }
  unsigned eb = map->elementBytes, width = map->box[0], height = map->box[1];
  for (unsigned y = 0; y < height; ++y)
    for (unsigned x = 0; x < width; ++x) {
      int64_t gx = int64_t(c0) + x, gy = int64_t(c1) + y;
      auto *to = reinterpret_cast<char *>(
          swizzle(reinterpret_cast<uintptr_t>(dst) + (y * width + x) * eb,
                  map->swizzleBytes));
      if (gx >= 0 && gy >= 0 && uint64_t(gx) < map->dims[0] &&
          uint64_t(gy) < map->dims[1])
        std::memcpy(to, map->address + gy * map->strides[0] + gx * eb, eb);
      else
        std::memset(to, 0, eb);
    }
  Mbarrier &m = mbarrier(bar);
  m.tx -= int64_t(width) * height * eb;
  completePhaseIfDone(m);
}

void __emu_fence_proxy_async_shared_cta() {}
void __emu_fence_proxy_tensormap_generic_acquire_sys(const void *, uint32_t) {}
void __emu_wgmma_fence_sync_aligned() {}
void __emu_wgmma_commit_group_sync_aligned() {}
void __emu_wgmma_wait_group_sync_aligned(uint64_t) {}

} // extern "C"

/// The address of element (mn, k) of a wgmma operand in shared memory,
/// from its matrix descriptor (start, leading and stride byte offsets in
/// 16-byte units, swizzle mode) and the PTX ISA's canonical layouts:
/// K-major, swizzled: rows of the swizzle's width, 8 rows per stride;
/// MN-major, swizzled: mn contiguous over the width, then the leading
/// offset, k rows of the width, 8 per stride; unswizzled: 8 x 16-byte core
/// matrices, the leading offset along K (K-major) or MN (MN-major).
static const char *operandAddress(uint64_t desc, bool mnMajor, unsigned mn,
                                  unsigned k, unsigned eb) {
  uintptr_t start = reinterpret_cast<uintptr_t>(__emu_dynamic_shared) +
                    ((desc & 0x3fff) << 4);
  uint64_t lbo = ((desc >> 16) & 0x3fff) << 4, sbo = ((desc >> 32) & 0x3fff)
                                                     << 4;
  static const unsigned widths[] = {0, 128, 64, 32};
  unsigned width = widths[desc >> 62], t = 16 / eb;
  uint64_t offset;
  if (!mnMajor)
    offset =
        width ? (mn / 8) * sbo + (mn % 8) * width + k * eb
              : (mn % 8) * 16 + (mn / 8) * sbo + (k % t) * eb + (k / t) * lbo;
  else if (width)
    offset = (mn % (width / eb)) * eb + (mn / (width / eb)) * lbo +
             (k % 8) * width + (k / 8) * sbo;
  else
    offset = (mn % t) * eb + (mn / t) * sbo + (k % 8) * 16 + (k / 8) * lbo;
  return reinterpret_cast<const char *>(swizzle(start + offset, width));
}

/// wgmma m64nNk16 with f32 accumulators: args are the descriptors of A and
/// B, scale-d, the scales of A and B (1 or -1) and their transposes.
template <unsigned N, bool f16> void computeWgmma(WarpGroup &g) {
  uint64_t descA = g.args[0], descB = g.args[1];
  bool scaleD = g.args[2], tnspA = g.args[5], tnspB = g.args[6];
  double scaleA = int32_t(g.args[3]), scaleB = int32_t(g.args[4]);
  auto element = [](const char *p) -> double {
    uint16_t bits;
    std::memcpy(&bits, p, 2);
    return f16 ? halfToFloat(bits) : bf16ToFloat(bits);
  };
  std::vector<double> a(64 * 16), b(16 * N);
  for (unsigned m = 0; m < 64; ++m)
    for (unsigned k = 0; k < 16; ++k)
      a[m * 16 + k] = scaleA * element(operandAddress(descA, tnspA, m, k, 2));
  for (unsigned k = 0; k < 16; ++k)
    for (unsigned n = 0; n < N; ++n)
      b[k * N + n] = scaleB * element(operandAddress(descB, tnspB, n, k, 2));
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned r = 0; r < N / 2; ++r) {
      unsigned lane = t % 32, i = r % 4;
      unsigned row = 16 * (t / 32) + lane / 4 + 8 * (i / 2),
               col = 8 * (r / 4) + 2 * (lane % 4) + i % 2;
      double sum = scaleD ? fromBits(g.in[t * 128 + r]) : 0.0;
      for (unsigned k = 0; k < 16; ++k)
        sum += a[row * 16 + k] * b[k * N + col];
      g.out[t * 128 + r] = toBits(static_cast<float>(sum));
    }
}

template <unsigned N, bool f16> void wgmma(float *out, const uint64_t *args) {
  Block &b = *block;
  Fiber &f = self();
  WarpGroup &g = b.warpGroups[f.warp / 4];
  unsigned t = (f.warp % 4) * 32 + f.lane;
  g.in.resize(128 * 128);
  g.out.resize(128 * 128);
  for (unsigned r = 0; r < N / 2; ++r)
    g.in[t * 128 + r] = static_cast<uint32_t>(args[r]);
  std::memcpy(g.args, args + N / 2, sizeof(g.args));
  g.compute = computeWgmma<N, f16>;
  if (++g.arrived == g.alive) {
    releaseGroup(g);
  } else {
    f.wait = Wait::Group;
    f.waitGen = g.gen;
    yieldFiber();
    f.wait = Wait::None;
  }
  for (unsigned r = 0; r < N / 2; ++r)
    out[r] = fromBits(g.out[t * 128 + r]);
}

extern "C" {

#define TUNER_EMU_WGMMA(N)                                                     \
  void __emu_asm_wgmma_mma_async_sync_aligned_m64n##N##k16_f32_bf16_bf16(      \
      float *out, const uint64_t *args) {                                      \
    wgmma<N, false>(out, args);                                                \
  }                                                                            \
  void __emu_asm_wgmma_mma_async_sync_aligned_m64n##N##k16_f32_f16_f16(        \
      float *out, const uint64_t *args) {                                      \
    wgmma<N, true>(out, args);                                                 \
  }
TUNER_EMU_WGMMA(8)
TUNER_EMU_WGMMA(16)
TUNER_EMU_WGMMA(24)
TUNER_EMU_WGMMA(32)
TUNER_EMU_WGMMA(48)
TUNER_EMU_WGMMA(64)
TUNER_EMU_WGMMA(96)
TUNER_EMU_WGMMA(128)
TUNER_EMU_WGMMA(192)
TUNER_EMU_WGMMA(256)
#undef TUNER_EMU_WGMMA

// A failed device-side assertion (cf.assert in a kernel): the launch fails,
// as the device's trap makes it.
void __assertfail(const char *message, const char *file, unsigned line,
                  const char *, size_t) {
  std::fprintf(stderr, "fake-cuda: device assertion failed: %s (%s:%u)\n",
               message ? message : "", file ? file : "?", line);
  block->fault = "a device-side assertion failed";
  for (;;)
    yieldFiber();
}

// bf16 conversions the x86 backend calls (libgcc before GCC 13 lacks
// them); a bf16 is returned in the low 16 bits of xmm0, as a float's.
static uint32_t roundToBF16(float value) {
  uint32_t bits = toBits(value);
  if (std::isnan(value))
    return (bits >> 16) | 0x40;
  return (bits + 0x7fff + ((bits >> 16) & 1)) >> 16;
}
float __truncsfbf2(float x) { return fromBits(roundToBF16(x)); }
float __truncdfbf2(double x) {
  // Rounded once, from the double, to bf16's 8 significant bits.
  if (std::isnan(x) || std::isinf(x) || x == 0)
    return fromBits(roundToBF16(static_cast<float>(x)));
  int exponent;
  std::frexp(x, &exponent);
  double unit = std::ldexp(1.0, exponent - 8);
  return fromBits(roundToBF16(static_cast<float>(
      rounded<FE_TONEAREST, double>([&] { return std::nearbyint(x / unit); }) *
      unit)));
}

} // extern "C"
