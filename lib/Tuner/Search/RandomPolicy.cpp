//===- RandomPolicy.cpp - the random search policy ------------------------===//
//
// Uniform valid samples without repeats: each proposal draws a sketch
// uniformly, then every knob uniformly, and rejects invalid points and points
// already measured or already proposed. Reproducible for a fixed seed. No
// options.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Search/SearchPolicy.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {
class RandomPolicy : public SearchPolicy {
public:
  explicit RandomPolicy(const PolicyContext &context)
      : context(context), rng(context.seed) {}

  StringRef getName() const override { return "random"; }

  std::vector<Candidate> propose(unsigned n) override {
    return sampleUnmeasured(context.space, context.measured, n, rng);
  }

private:
  const PolicyContext &context;
  std::mt19937_64 rng;
};
} // namespace

FailureOr<std::unique_ptr<SearchPolicy>>
mlir::tuner::createRandomPolicy(const PolicyContext &context,
                                std::string &error) {
  PolicyOptionReader reader("random", context.options);
  if (failed(reader.finish(error)))
    return failure();
  return std::unique_ptr<SearchPolicy>(new RandomPolicy(context));
}
