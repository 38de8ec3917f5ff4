//===- EmuCompile.cpp - CUDA kernels' LLVM bitcode to a host object -------===//
//
// tuner-cuda-emu-compile IN.bc OUT.o: the host half of the test tree's CUDA
// emulator (Emulator.cpp). It reads the kernels of `tuner-lower-gpu
// format=llvm` (NVPTX bitcode, wrapped or not), retargets them to the host
// and writes an object that the fake driver links into a shared library:
//
//  - every call to an `llvm.nvvm.*` intrinsic, or to a one-instruction PTX
//    inline asm, becomes a call to an emulator function, `__emu_` and the
//    name with dots as underscores (`llvm.nvvm.read.ptx.sreg.tid.x` ->
//    `__emu_read_ptx_sreg_tid_x`, `rcp.approx.ftz.f32 $0,$1;` ->
//    `__emu_asm_rcp_approx_ftz_f32`; a predicated one takes its predicate
//    as an operand; NVVM's blocks around wgmma and the mbarrier wait are
//    named after those), with a C-friendly signature: vectors and 16-bit
//    floats as integers of their width, i1/i8/i16 widened to i32, wider
//    values through memory, more than 16 operands as an array of 64-bit
//    slots, aggregates returned through a pointer passed first. A function
//    the emulator lacks is a dlopen error that names it;
//  - workgroup globals stay in address space 3, which the x86 backend treats
//    as ordinary memory: blocks run one at a time, so one copy serves;
//    `gpu.dynamic_shared_memory`'s zero-sized global becomes the emulator's
//    `__emu_dynamic_shared`;
//  - each kernel gets `__emu_kernel_<name>(void **params)`, which loads its
//    parameters as cuLaunchKernel passes them and calls it, and
//    `__emu_params_<name>`, its parameter count and which are pointers.
//
// Test-only: built in the test tree, never installed.
//
//===----------------------------------------------------------------------===//

#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

using namespace llvm;

/// `__emu_` and `name` with every character outside [A-Za-z0-9] as '_'.
static std::string emulatorName(StringRef prefix, StringRef name) {
  std::string result = ("__emu_" + prefix).str();
  for (char c : name)
    result.push_back(isAlnum(c) ? c : '_');
  return result;
}

/// The emulator's name for an inline asm: its opcode for one instruction,
/// a name of its own for the few sequences libdevice writes, else "".
static std::string asmName(const InlineAsm *inlineAsm) {
  StringRef text = StringRef(inlineAsm->getAsmString()).trim();
  // Whitespace collapsed, for the sequences.
  std::string words;
  for (StringRef rest = text; !rest.empty();) {
    auto [word, tail] = getToken(rest);
    if (!word.empty())
      words += (words.empty() ? "" : " ") + word.str();
    rest = tail;
  }
  // libdevice's sin/cos argument reduction: the 64-bit a * b + c as
  // {low, high} words.
  if (words == "{ mad.lo.cc.u32 $0, $2, $3, $4; madc.hi.u32 $1, $2, $3, 0; }")
    return "__emu_asm_mad_wide_u32";
  // libdevice's 128-bit arithmetic of f64 sin/cos (Payne-Hanek): results
  // {low, high} of 64-bit words.
  if (StringRef(words).starts_with("{ .reg .u32 r0, r1, r2, r3,")) {
    if (words.find("add.cc.u32 r0, a0, b0;") != std::string::npos)
      return "__emu_asm_add_u128";
    if (words.find("sub.cc.u32 r0, a0, b0;") != std::string::npos)
      return "__emu_asm_sub_u128";
    if (words.find("mad.lo.cc.u32 r0, alo, blo, clo;") != std::string::npos)
      return "__emu_asm_mad_wide_u64";
    if (words.find("mul.lo.u32 r0, alo, blo;") != std::string::npos)
      return "__emu_asm_mul_wide_u64";
  }
  // NVVM's blocks around one Hopper instruction: wgmma with its scale-d
  // predicate, and the mbarrier wait loop.
  for (StringRef opcode : {"wgmma.mma_async.", "mbarrier.try_wait.parity."})
    if (size_t at = text.find(opcode); at != StringRef::npos)
      return emulatorName("asm_", text.drop_front(at).take_until(
                                      [](char c) { return isSpace(c); }));
  // A predicated instruction (`@$2 mbarrier.init...`): the predicate is one
  // of the operands the emulator function takes.
  if (text.starts_with("@$"))
    text = text.drop_until([](char c) { return isSpace(c); }).trim();
  if (text.count(';') > 1 || text.starts_with("{") || text.contains('@'))
    return "";
  return emulatorName("asm_",
                      text.take_until([](char c) { return isSpace(c); }));
}

/// The type a value of `type` is passed to the emulator as.
static Type *abiType(Type *type, const DataLayout &layout) {
  LLVMContext &context = type->getContext();
  if (type->isPointerTy())
    return PointerType::get(context, 0);
  if (type->isFloatTy() || type->isDoubleTy() || type->isIntegerTy(32) ||
      type->isIntegerTy(64))
    return type;
  uint64_t bits = layout.getTypeSizeInBits(type);
  if (type->isIntegerTy() && bits < 32)
    return Type::getInt32Ty(context);
  if ((type->isVectorTy() || type->isHalfTy() || type->isBFloatTy()) &&
      bits <= 64)
    return bits <= 32 ? Type::getInt32Ty(context) : Type::getInt64Ty(context);
  return PointerType::get(context, 0);
}

static Value *toABI(IRBuilder<> &b, Value *value, const DataLayout &layout) {
  Type *type = value->getType(), *abi = abiType(type, layout);
  if (type == abi)
    return value;
  if (type->isPointerTy())
    return b.CreateAddrSpaceCast(value, abi);
  if (!abi->isIntegerTy()) {
    // Through memory, in the entry block's frame.
    IRBuilder<> entry(&*b.GetInsertBlock()
                            ->getParent()
                            ->getEntryBlock()
                            .getFirstInsertionPt());
    AllocaInst *slot = entry.CreateAlloca(type);
    b.CreateStore(value, slot);
    return slot;
  }
  if (!type->isIntegerTy())
    value = b.CreateBitCast(
        value, b.getIntNTy(layout.getTypeSizeInBits(type).getFixedValue()));
  return b.CreateZExt(value, abi);
}

/// Calls with more operands pass them through memory (wgmma's accumulators).
constexpr unsigned kMaxDirectArgs = 16;

/// Replaces `call` (an intrinsic or inline asm) with a call to `name`.
static void redirect(CallInst *call, StringRef name) {
  Module &module = *call->getModule();
  const DataLayout &layout = module.getDataLayout();
  IRBuilder<> b(call);
  Type *resultType = call->getType();
  bool direct =
      resultType->isVoidTy() || abiType(resultType, layout) == resultType;
  bool widened = !direct && resultType->isIntegerTy();
  SmallVector<Value *> args;
  SmallVector<Type *> types;
  AllocaInst *result = nullptr;
  if (!direct && !widened) {
    IRBuilder<> entry(
        &*call->getFunction()->getEntryBlock().getFirstInsertionPt());
    result = entry.CreateAlloca(resultType);
    args.push_back(result);
    types.push_back(result->getType());
  }
  if (call->arg_size() > kMaxDirectArgs) {
    // Through memory: one 64-bit slot per operand (its bits, zero-extended).
    IRBuilder<> entry(
        &*call->getFunction()->getEntryBlock().getFirstInsertionPt());
    AllocaInst *slots =
        entry.CreateAlloca(b.getInt64Ty(), b.getInt32(call->arg_size()));
    for (auto [i, arg] : llvm::enumerate(call->args())) {
      Value *value = toABI(b, arg, layout);
      if (value->getType()->isPointerTy())
        value = b.CreatePtrToInt(value, b.getInt64Ty());
      else if (!value->getType()->isIntegerTy())
        value = b.CreateBitCast(
            value, b.getIntNTy(value->getType()->getPrimitiveSizeInBits()));
      b.CreateStore(b.CreateZExt(value, b.getInt64Ty()),
                    b.CreateConstGEP1_64(b.getInt64Ty(), slots, i));
    }
    args.push_back(slots);
    types.push_back(slots->getType());
  } else {
    for (Value *arg : call->args()) {
      args.push_back(toABI(b, arg, layout));
      types.push_back(args.back()->getType());
    }
  }
  Type *returnType = direct    ? resultType
                     : widened ? b.getInt32Ty()
                               : b.getVoidTy();
  FunctionCallee callee = module.getOrInsertFunction(
      name, FunctionType::get(returnType, types, false));
  CallInst *replacement = b.CreateCall(callee, args);
  Value *value = replacement;
  if (widened)
    value = b.CreateTrunc(replacement, resultType);
  else if (result)
    value = b.CreateLoad(resultType, result);
  if (!resultType->isVoidTy())
    call->replaceAllUsesWith(value);
  call->eraseFromParent();
}

/// Redirects the intrinsic and inline-asm calls; false (with a message) for
/// an inline asm the emulator cannot name.
static bool redirectCalls(Module &module) {
  SmallVector<std::pair<CallInst *, std::string>> calls;
  for (Function &function : module)
    for (Instruction &inst : instructions(function)) {
      auto *call = dyn_cast<CallInst>(&inst);
      if (!call)
        continue;
      if (auto *inlineAsm = dyn_cast<InlineAsm>(call->getCalledOperand())) {
        std::string name = asmName(inlineAsm);
        if (name.empty()) {
          errs() << "tuner-cuda-emu-compile: inline PTX not emulated: "
                 << inlineAsm->getAsmString() << "\n";
          return false;
        }
        calls.push_back({call, name});
      } else if (Function *callee = call->getCalledFunction()) {
        if (callee->getName().starts_with("llvm.nvvm."))
          calls.push_back(
              {call, emulatorName("", callee->getName().drop_front(10))});
      }
    }
  for (auto &[call, name] : calls)
    redirect(call, name);
  return true;
}

/// `__emu_kernel_<name>(void **params)` for each kernel.
static void addLaunchers(Module &module) {
  LLVMContext &context = module.getContext();
  SmallVector<Function *> kernels;
  for (Function &function : module)
    if (!function.isDeclaration() &&
        function.getCallingConv() == CallingConv::PTX_Kernel)
      kernels.push_back(&function);
  for (Function *kernel : kernels) {
    kernel->setCallingConv(CallingConv::C);
    kernel->setLinkage(GlobalValue::InternalLinkage);
    auto *ptr = PointerType::get(context, 0);
    Function *launcher = Function::Create(
        FunctionType::get(Type::getVoidTy(context), {ptr}, false),
        GlobalValue::ExternalLinkage, "__emu_kernel_" + kernel->getName(),
        module);
    IRBuilder<> b(BasicBlock::Create(context, "entry", launcher));
    SmallVector<Value *> args;
    for (Argument &arg : kernel->args()) {
      Value *slot = b.CreateLoad(
          ptr, b.CreateConstGEP1_64(ptr, launcher->getArg(0), arg.getArgNo()));
      args.push_back(arg.hasByValAttr() ? slot
                                        : b.CreateLoad(arg.getType(), slot));
    }
    b.CreateCall(kernel, args);
    b.CreateRetVoid();
    // Which parameters are addresses, for the driver's checks: the count,
    // then 1 for a pointer, 0 for anything else.
    SmallVector<int32_t> kinds = {static_cast<int32_t>(kernel->arg_size())};
    for (Argument &arg : kernel->args())
      kinds.push_back(arg.getType()->isPointerTy() && !arg.hasByValAttr());
    new GlobalVariable(module, ArrayType::get(b.getInt32Ty(), kinds.size()),
                       true, GlobalValue::ExternalLinkage,
                       ConstantDataArray::get(context, kinds),
                       "__emu_params_" + kernel->getName());
  }
}

static void retarget(Module &module, TargetMachine &machine) {
  module.setTargetTriple(machine.getTargetTriple());
  module.setDataLayout(machine.createDataLayout());
  for (Function &function : module) {
    function.removeFnAttr("target-cpu");
    function.removeFnAttr("target-features");
    if (function.getCallingConv() == CallingConv::PTX_Device)
      function.setCallingConv(CallingConv::C);
    for (Instruction &inst : instructions(function))
      if (auto *call = dyn_cast<CallBase>(&inst))
        if (call->getCallingConv() == CallingConv::PTX_Device)
          call->setCallingConv(CallingConv::C);
  }
  // gpu.dynamic_shared_memory: a zero-sized workgroup array.
  SmallVector<GlobalVariable *> dynamic;
  for (GlobalVariable &global : module.globals())
    if (global.getAddressSpace() == 3 && global.hasInitializer() &&
        module.getDataLayout().getTypeAllocSize(global.getValueType()) == 0)
      dynamic.push_back(&global);
  for (GlobalVariable *global : dynamic) {
    auto *shared = cast<GlobalVariable>(module.getOrInsertGlobal(
        "__emu_dynamic_shared", global->getValueType(), [&] {
          return new GlobalVariable(module, global->getValueType(), false,
                                    GlobalValue::ExternalLinkage, nullptr,
                                    "__emu_dynamic_shared", nullptr,
                                    GlobalValue::NotThreadLocal, 3);
        }));
    global->replaceAllUsesWith(shared);
    global->eraseFromParent();
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    errs() << "usage: tuner-cuda-emu-compile IN.bc OUT.o\n";
    return 2;
  }
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  LLVMContext context;
  auto buffer = MemoryBuffer::getFile(argv[1]);
  if (!buffer) {
    errs() << "tuner-cuda-emu-compile: cannot read " << argv[1] << "\n";
    return 1;
  }
  Expected<std::unique_ptr<Module>> module =
      parseBitcodeFile((*buffer)->getMemBufferRef(), context);
  if (!module) {
    errs() << "tuner-cuda-emu-compile: " << toString(module.takeError())
           << "\n";
    return 1;
  }
  Triple triple(sys::getDefaultTargetTriple());
  std::string error;
  const Target *target = TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    errs() << "tuner-cuda-emu-compile: " << error << "\n";
    return 1;
  }
  std::unique_ptr<TargetMachine> machine(target->createTargetMachine(
      triple, sys::getHostCPUName(), "", TargetOptions(), Reloc::PIC_));
  retarget(**module, *machine);
  if (!redirectCalls(**module))
    return 1;
  addLaunchers(**module);
  if (verifyModule(**module, &errs()))
    return 1;
  std::error_code ec;
  raw_fd_ostream out(argv[2], ec, sys::fs::OF_None);
  if (ec) {
    errs() << "tuner-cuda-emu-compile: " << ec.message() << "\n";
    return 1;
  }
  legacy::PassManager pm;
  if (machine->addPassesToEmitFile(pm, out, nullptr,
                                   CodeGenFileType::ObjectFile)) {
    errs() << "tuner-cuda-emu-compile: cannot emit an object\n";
    return 1;
  }
  pm.run(**module);
  return 0;
}
