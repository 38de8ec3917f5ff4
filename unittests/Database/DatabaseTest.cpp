//===- DatabaseTest.cpp - the records database ----------------------------===//
//
// Appending, reading back, best-record lookup, and reading files damaged the
// ways a killed run or another tool damages them.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {
class DatabaseTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx.loadDialect<sched::SchedDialect>();
    ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("db", "jsonl", path));
    llvm::sys::fs::remove(path);
  }
  void TearDown() override { llvm::sys::fs::remove(path); }

  Record makeRecord(StringRef task, int64_t m1, std::vector<double> seconds,
                    MeasureError error = MeasureError::None) {
    Record r;
    r.taskKey = task.str();
    r.target = "#sched.target<kind = cpu, cores = 1, vector_bits = 256>";
    r.sketch = "cpu.fallback";
    r.knobs["p1"] = m1;
    r.seconds = std::move(seconds);
    r.error = error;
    r.tool = getToolVersionString();
    r.llvm = getLLVMVersionString();
    return r;
  }

  std::unique_ptr<Database> open(bool forAppend, unsigned *warnings = nullptr) {
    std::string error;
    auto db = Database::open(
        path.str(), forAppend,
        [&](unsigned, StringRef) {
          if (warnings)
            ++*warnings;
        },
        error);
    EXPECT_TRUE(succeeded(db)) << error;
    return succeeded(db) ? std::move(*db) : nullptr;
  }

  void appendRaw(StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_Append);
    ASSERT_FALSE(ec);
    os << text;
  }

  MLIRContext ctx;
  SmallString<128> path;
};
} // namespace

TEST_F(DatabaseTest, AppendAndReadBack) {
  {
    auto db = open(/*forAppend=*/true);
    std::string error;
    ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 4, {3e-3, 2e-3, 4e-3}), error)));
    ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 8, {}, MeasureError::RunTimeout), error)));
    ASSERT_TRUE(succeeded(db->append(makeRecord("bb", 2, {1e-3}), error)));
  }
  auto db = open(/*forAppend=*/false);
  ASSERT_EQ(db->getRecords().size(), 3u);
  const Record &first = db->getRecords()[0];
  EXPECT_EQ(first.taskKey, "aa");
  EXPECT_DOUBLE_EQ(first.median(), 3e-3);
  EXPECT_TRUE(first.isValid());
  EXPECT_FALSE(db->getRecords()[1].isValid());
  EXPECT_EQ(db->getRecords()[1].error, MeasureError::RunTimeout);
  EXPECT_EQ(first.getConfigKey(), "cpu.fallback{p1=4}");
  sched::ConfigAttr config = first.getConfig(&ctx);
  ASSERT_TRUE(config);
  EXPECT_EQ(config.getInt("p1"), 4);
}

TEST_F(DatabaseTest, BestIsLowestValidMedianOfTaskAndTarget) {
  auto db = open(/*forAppend=*/true);
  std::string error;
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 1, {5e-3}), error)));
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 2, {1e-3, 9e-3, 8e-3}), error)));
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 4, {2e-3, 2e-3, 3e-3}), error)));
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 8, {}, MeasureError::WrongAnswer), error)));
  Record other = makeRecord("aa", 16, {1e-6});
  other.target = "#sched.target<kind = cpu, cores = 2, vector_bits = 256>";
  ASSERT_TRUE(succeeded(db->append(other, error)));
  std::vector<const Record *> best =
      db->getBest("aa", makeRecord("aa", 0, {}).target, /*limit=*/0);
  ASSERT_EQ(best.size(), 3u);
  EXPECT_EQ(best[0]->knobs.getInteger("p1"), 4); // median 2e-3
  EXPECT_EQ(best[1]->knobs.getInteger("p1"), 1); // median 5e-3
  EXPECT_EQ(best[2]->knobs.getInteger("p1"), 2); // median 8e-3
}

TEST_F(DatabaseTest, SkipsCorruptAndTruncatedLines) {
  {
    auto db = open(/*forAppend=*/true);
    std::string error;
    ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 1, {1e-3}), error)));
  }
  appendRaw("this is not json\n");
  appendRaw("{\"version\": 1, \"task\": \"aa\"}\n"); // missing fields
  appendRaw("{\"version\": 1, \"task\": \"aa\", \"targ"); // killed mid-write
  unsigned warnings = 0;
  {
    // Appending after a truncated line starts a new line.
    auto db = open(/*forAppend=*/true, &warnings);
    EXPECT_EQ(warnings, 3u);
    EXPECT_EQ(db->getNumSkipped(), 3u);
    std::string error;
    ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 2, {2e-3}), error)));
  }
  warnings = 0;
  auto db = open(/*forAppend=*/false, &warnings);
  EXPECT_EQ(warnings, 3u);
  ASSERT_EQ(db->getRecords().size(), 2u);
  EXPECT_EQ(db->getRecords()[1].knobs.getInteger("p1"), 2);
}

TEST_F(DatabaseTest, RejectsAnotherFormatVersion) {
  appendRaw("{\"version\": 99, \"task\": \"aa\", \"target\": \"t\", "
            "\"sketch\": \"s\", \"knobs\": {}, \"times_s\": [], \"error\": 0}\n");
  std::string error;
  auto db = Database::open(path.str(), false, nullptr, error);
  EXPECT_TRUE(failed(db));
  EXPECT_NE(error.find("format version 99"), std::string::npos) << error;
}

TEST_F(DatabaseTest, UnwritablePath) {
  std::string error;
  auto db = Database::open("/nonexistent-dir/db.jsonl", true, nullptr, error);
  EXPECT_TRUE(failed(db));
  EXPECT_NE(error.find("cannot open database"), std::string::npos) << error;
}
