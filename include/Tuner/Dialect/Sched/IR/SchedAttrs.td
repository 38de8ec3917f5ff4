//===- SchedAttrs.td - sched dialect attributes ------------*- tablegen -*-===//
//
// #sched.target, #sched.task and #sched.config: typed, verified schedule
// annotations. See SchedBase.td for how the passes use them.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_IR_SCHEDATTRS_TD
#define TUNER_DIALECT_SCHED_IR_SCHEDATTRS_TD

include "Tuner/Dialect/Sched/IR/SchedBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

class Sched_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Sched_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def Sched_TargetKind : I32EnumAttr<"TargetKind", "kind of tuning target", [
    I32EnumAttrCase<"cpu", 0>,
    I32EnumAttrCase<"cuda", 1>
  ]> {
  let cppNamespace = "::mlir::sched";
  let genSpecializedAttr = 0;
}

//===----------------------------------------------------------------------===//
// #sched.target
//===----------------------------------------------------------------------===//

def Sched_TargetAttr : Sched_Attr<"Target", "target"> {
  let summary = "The hardware a schedule is tuned for";
  let description = [{
    Describes a tuning target. Sketches read it to size their knob domains
    (vector width, caches, thread limits); the tuner writes it on the module
    (`sched.target`) and into every database record.

    A CPU target (`kind = cpu`) requires `cores >= 1` and a `vector_bits`
    that is a power of two of at least 64; cache sizes are in bytes (0 =
    unknown). `features` lists the ISA extensions that change what a sketch
    can emit (`avx512bf16`: bf16 dot products; `amx-bf16`, `amx-tile`: AMX
    tiles; `avx512fp16`, `avx512vnni`, `fma`, ...), as LLVM names them; a
    target without a feature never gets code that needs it. A CUDA target (`kind = cuda`) requires an `arch` of the form
    `sm_XY`, `sms >= 1`, a warp size, and the per-block thread and shared
    memory limits. Parameters of the other kind must be left out.

    `tuner-tune target=host` fills a CPU target from the machine it runs on;
    `target=cuda:sm_90` fills a CUDA target from the device when one is
    present, and from the chip's published limits otherwise.

    Examples:

    ```mlir
    #sched.target<kind = cpu, arch = "znver4", cores = 2, vector_bits = 512,
                  l1 = 32768, l2 = 1048576, l3 = 33554432,
                  features = "avx2,avx512bf16,avx512bw,avx512f,avx512vl,fma">
    #sched.target<kind = cuda, arch = "sm_90", sms = 132,
                  max_threads_per_block = 1024,
                  shared_memory_per_block = 49152,
                  registers_per_sm = 65536, warp_size = 32>
    ```
  }];
  let parameters = (ins
    EnumParameter<Sched_TargetKind>:$kind,
    StringRefParameter<"CPU or GPU chip name", [{""}]>:$arch,
    // CPU.
    DefaultValuedParameter<"int64_t", "0", "CPU cores used">:$cores,
    DefaultValuedParameter<"int64_t", "0", "vector register width in bits">:$vector_bits,
    DefaultValuedParameter<"int64_t", "0", "L1 data cache bytes">:$l1,
    DefaultValuedParameter<"int64_t", "0", "L2 cache bytes">:$l2,
    DefaultValuedParameter<"int64_t", "0", "L3 cache bytes">:$l3,
    StringRefParameter<"ISA features the sketches may use: LLVM feature "
                       "names, sorted, comma-separated", [{""}]>:$features,
    // CUDA.
    DefaultValuedParameter<"int64_t", "0", "streaming multiprocessors">:$sms,
    DefaultValuedParameter<"int64_t", "0", "max threads per block">:$max_threads_per_block,
    DefaultValuedParameter<"int64_t", "0", "shared memory bytes per block">:$shared_memory_per_block,
    DefaultValuedParameter<"int64_t", "0", "32-bit registers per SM">:$registers_per_sm,
    DefaultValuedParameter<"int64_t", "0", "threads per warp">:$warp_size
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isCPU() const { return getKind() == TargetKind::cpu; }
    bool isCUDA() const { return getKind() == TargetKind::cuda; }
    /// Vector width in elements of `elementBits` bits (at least 1).
    int64_t getVectorLanes(int64_t elementBits) const;
    /// A short human-readable name, e.g. "cpu:znver4" or "cuda:sm_90".
    std::string getShortName() const;
    /// Whether `features` lists `feature` (an LLVM feature name).
    bool hasFeature(::llvm::StringRef feature) const;
  }];
}

//===----------------------------------------------------------------------===//
// #sched.task
//===----------------------------------------------------------------------===//

def Sched_TaskAttr : Sched_Attr<"Task", "task"> {
  let summary = "Marks an anchor op as a tuning task";
  let description = [{
    Put on an anchor op (a `linalg` op with a reduction iterator) by
    `sched-extract-tasks`. `key` is the task's workload key: a stable hash of
    the structure, shapes and element types of the anchor op and of the
    elementwise ops fused with it (docs/TaskExtraction.md lists exactly what
    goes into it). Two ops with the same key are the same tuning problem and
    share measurement records. `weight` is how many ops of the program have
    that key, `flops` the floating-point (or integer) operations of one
    occurrence, counting a multiply-add as two.

    Example:

    ```mlir
    %0 = linalg.matmul {sched.task = #sched.task<key = "5a0e8c1f2d3b4a69",
                                                  weight = 4, flops = 33554432>}
           ins(%a, %b : tensor<64x512xf32>, tensor<512x512xf32>)
           outs(%c : tensor<64x512xf32>) -> tensor<64x512xf32>
    ```
  }];
  let parameters = (ins
    StringRefParameter<"workload key (hex digest)">:$key,
    "int64_t":$weight,
    "int64_t":$flops
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// #sched.config
//===----------------------------------------------------------------------===//

def Sched_KnobsParameter
    : AttrOrTypeParameter<"::mlir::DictionaryAttr", "knob values"> {
  let parser = [{ ::mlir::sched::parseKnobValues($_parser) }];
  let printer = [{ ::mlir::sched::printKnobValues($_printer, $_self) }];
}

def Sched_ConfigAttr : Sched_Attr<"Config", "config"> {
  let summary = "One concrete schedule of an op: a sketch and its knob values";
  let description = [{
    Names a sketch (a schedule template of the sketch library, e.g.
    `cpu.matmul`) and gives a value to each of its knobs. Numeric knobs (tile
    sizes, unroll factors) take non-negative integers; categorical knobs (a
    lowering strategy) take a string. `sched-materialize` instantiates the
    sketch's transform script with these values and applies it to the op;
    it reports a config naming an unknown sketch or knob, or a value outside
    the knob's options, as an error on the op.

    Written by `tuner-tune` (the best schedule found), `sched-apply-best`
    (from a database) and `sched-apply-default` (the sketch's heuristic).

    Example:

    ```mlir
    linalg.matmul {sched.config = #sched.config<sketch = "cpu.matmul",
        knobs = {m1 = 64, n1 = 256, k1 = 256, m2 = 8, n2 = 32, k2 = 1,
                 contract = "outerproduct"}>} ...
    ```
  }];
  let parameters = (ins
    StringRefParameter<"sketch name">:$sketch,
    Sched_KnobsParameter:$knobs
  );
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The value of an integer knob, or std::nullopt when the knob is absent
    /// or not an integer.
    std::optional<int64_t> getInt(StringRef knob) const;
    /// The value of a string knob, or std::nullopt.
    std::optional<StringRef> getString(StringRef knob) const;
  }];
}

#endif // TUNER_DIALECT_SCHED_IR_SCHEDATTRS_TD
