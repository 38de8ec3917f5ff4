//===- DatabaseTest.cpp - the records database ----------------------------===//
//
// Appending, reading back, best-record lookup, reading files damaged the
// ways a killed run, another tool or a hostile user damages them (issue 13:
// nesting bombs, over-long lines, non-regular files, records that make no
// sense), concurrent writers, and the memory the records take.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Database/Database.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <map>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#if __GLIBC_PREREQ(2, 33)
#define TUNER_HAVE_MALLINFO2 1
#endif
#endif

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

TEST_F(DatabaseTest, HostAndWorkerReadBackAndMayBeAbsent) {
  {
    auto db = open(/*forAppend=*/true);
    std::string error;
    Record remote = makeRecord("aa", 4, {1e-3});
    remote.host = "node7";
    remote.worker = "mpi rank 3";
    ASSERT_TRUE(succeeded(db->append(remote, error)));
    ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 8, {2e-3}), error)));
  }
  auto db = open(/*forAppend=*/false);
  ASSERT_EQ(db->getRecords().size(), 2u);
  EXPECT_EQ(db->getRecords()[0].host, "node7");
  EXPECT_EQ(db->getRecords()[0].worker, "mpi rank 3");
  EXPECT_EQ(db->getRecords()[1].host, "");
  EXPECT_EQ(db->getRecords()[1].worker, "");
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

//===----------------------------------------------------------------------===//
// Hostile input (issue 13): every line that cannot be a measurement is
// skipped with a warning naming it, without crashing or running away.
//===----------------------------------------------------------------------===//

namespace {
/// (line, message) of each warning.
using Warnings = std::vector<std::pair<unsigned, std::string>>;

std::unique_ptr<Database> openCollecting(StringRef path, bool forAppend,
                                         Warnings &warnings,
                                         std::string *error = nullptr) {
  std::string e;
  auto db = Database::open(
      path, forAppend,
      [&](unsigned line, StringRef why) {
        warnings.push_back({line, why.str()});
      },
      e);
  if (error)
    *error = e;
  return succeeded(db) ? std::move(*db) : nullptr;
}

std::string recordLine(const Record &r) {
  std::string line;
  llvm::raw_string_ostream(line) << recordToJSON(r);
  return line;
}
} // namespace

TEST_F(DatabaseTest, SkipsDeeplyNestedLines) {
  // llvm::json::parse recurses once per level: 100000 levels overflow the
  // stack of every reader.
  appendRaw(std::string(100000, '[') + "\n");
  std::string objects;
  for (int i = 0; i < 50000; ++i)
    objects += "{\"a\":";
  appendRaw(objects + "\n");
  // Brackets inside strings do not nest.
  Record r = makeRecord("aa", 1, {1e-3});
  r.message = std::string(1000, '[') + std::string(1000, '{');
  appendRaw(recordLine(r) + "\n");
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0].first, 1u);
  EXPECT_NE(warnings[0].second.find("nested deeper than"), std::string::npos)
      << warnings[0].second;
  EXPECT_EQ(warnings[1].first, 2u);
  ASSERT_EQ(db->getRecords().size(), 1u);
  EXPECT_EQ(db->getRecords()[0].message, r.message);
}

TEST_F(DatabaseTest, SkipsOverlongLines) {
  Record r = makeRecord("aa", 1, {1e-3});
  r.message = std::string(2 << 20, 'x');
  appendRaw(recordLine(r) + "\n");
  appendRaw(recordLine(makeRecord("aa", 2, {2e-3})) + "\n");
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].first, 1u);
  EXPECT_NE(warnings[0].second.find("longer than 1048576 bytes"),
            std::string::npos)
      << warnings[0].second;
  ASSERT_EQ(db->getRecords().size(), 1u);
  EXPECT_EQ(db->getRecords()[0].knobs.getInteger("p1"), 2);
}

TEST_F(DatabaseTest, RefusesNonRegularFiles) {
  // /dev/zero reads without end, a FIFO blocks the open until a writer
  // comes, a directory is not a file.
  SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("db", dir));
  std::string fifo = (dir + "/fifo").str();
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  for (auto [file, kind] :
       {std::pair<std::string, std::string>{"/dev/zero", "a character device"},
        {fifo, "a FIFO"},
        {dir.str().str(), "a directory"}}) {
    for (bool forAppend : {false, true}) {
      Warnings warnings;
      std::string error;
      auto db = openCollecting(file, forAppend, warnings, &error);
      EXPECT_FALSE(db) << file;
      EXPECT_EQ(error,
                "database '" + file + "' is not a regular file (" + kind + ")");
    }
  }
  llvm::sys::fs::remove(fifo);
  llvm::sys::fs::remove(dir);
}

TEST_F(DatabaseTest, SkipsRecordsThatMakeNoSense) {
  // Each case: a change to a valid record's JSON, and why it is skipped.
  std::string valid = recordLine(makeRecord("aa", 1, {1e-3}));
  auto replace = [&](StringRef from, StringRef to) {
    std::string s = valid;
    size_t at = s.find(from.str());
    EXPECT_NE(at, std::string::npos) << from.str();
    return s.replace(at, from.size(), to.str());
  };
  std::vector<std::pair<std::string, std::string>> cases = {
      {replace("\"times_s\":[0.001]", "\"times_s\":[0]"),
       "'times_s' holds 0, not a positive finite number of seconds"},
      {replace("\"times_s\":[0.001]", "\"times_s\":[0.001,-2]"),
       "'times_s' holds -2, not a positive finite number of seconds"},
      {replace("\"times_s\":[0.001]", "\"times_s\":[1e999]"),
       "'times_s' holds inf, not a positive finite number of seconds"},
      {replace("\"times_s\":[0.001]", "\"times_s\":[\"fast\"]"),
       "'times_s' holds a value that is not a number"},
      {replace("\"times_s\":[0.001]", "\"times_s\":{}"),
       "field 'times_s' is missing or not an array"},
      {replace("\"p1\":1", "\"p1\":1.5"),
       "knob 'p1' is neither an integer nor a string"},
      {replace("\"p1\":1", "\"p1\":null"),
       "knob 'p1' is neither an integer nor a string"},
      {replace("\"p1\":1", "\"p1\":[1]"),
       "knob 'p1' is neither an integer nor a string"},
      {replace("\"p1\":1", "\"\":1"), "a knob has an empty name"},
      {replace("\"knobs\":{", "\"knobz\":{"),
       "field 'knobs' is missing or not an object"},
      {replace("\"sketch\":\"cpu.fallback\"", "\"sketch\":\"\""),
       "field 'sketch' is missing or not a non-empty string"},
      {replace("\"task\":\"aa\"", "\"task\":7"),
       "field 'task' is missing or not a non-empty string"},
      {replace("\"target\":", "\"targe\":"),
       "field 'target' is missing or not a non-empty string"},
      {replace("\"workload\":{}", "\"workload\":[]"),
       "field 'workload' is missing or not an object"},
      // Found by the fuzzer: written back as `inf`, which is not JSON.
      {replace("\"workload\":{}", "\"workload\":{\"flops\":[1e999]}"),
       "'workload' holds a number too large for a double"},
      {replace("\"error\":0", "\"error\":10"),
       "'error' is 10, not an error code in [0, 9]"},
      {replace("\"error\":0", "\"error\":-1"),
       "'error' is -1, not an error code in [0, 9]"},
      {replace("\"error\":0", "\"error\":0.5"),
       "field 'error' is missing or not an integer"},
      {replace("\"build_s\":0", "\"build_s\":-1"),
       "field 'build_s' is not a finite non-negative number"},
      {replace("\"timestamp\":0", "\"timestamp\":\"now\""),
       "field 'timestamp' is not a finite non-negative number"},
      {replace("\"message\":\"\"", "\"message\":3"),
       "field 'message' is not a string"},
      {replace("\"tool\":", "\"tool\":1,\"x\":"),
       "field 'tool' is not a string"},
      {"[1, 2]", "not a JSON object"},
  };
  for (const auto &c : cases)
    appendRaw(c.first + "\n");
  appendRaw(valid + "\n");
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  ASSERT_EQ(warnings.size(), cases.size());
  for (auto [i, c] : llvm::enumerate(cases)) {
    EXPECT_EQ(warnings[i].first, i + 1);
    EXPECT_EQ(warnings[i].second, c.second) << c.first;
  }
  EXPECT_EQ(db->getRecords().size(), 1u);
}

TEST_F(DatabaseTest, ZeroTimeRecordDoesNotWin) {
  appendRaw(recordLine(makeRecord("aa", 1, {1e-3})) + "\n");
  appendRaw(recordLine(makeRecord("aa", 2, {0.0})) + "\n");
  appendRaw(recordLine(makeRecord("aa", 3, {-1.0, 5.0, -1.0})) + "\n");
  auto db = open(/*forAppend=*/false);
  std::vector<const Record *> best =
      db->getBest("aa", makeRecord("aa", 0, {}).target, /*limit=*/0);
  ASSERT_EQ(best.size(), 1u);
  EXPECT_EQ(best[0]->knobs.getInteger("p1"), 1);
}

TEST_F(DatabaseTest, AppendAfterAnotherWritersTruncatedLine) {
  // A database opened for appending; another run, killed while writing,
  // leaves half a line; our next record still gets a line of its own.
  auto db = open(/*forAppend=*/true);
  std::string error;
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 1, {1e-3}), error)));
  std::string line = recordLine(makeRecord("aa", 2, {2e-3}));
  appendRaw(line.substr(0, line.size() / 2));
  ASSERT_TRUE(succeeded(db->append(makeRecord("aa", 3, {3e-3}), error)));
  db.reset();
  Warnings warnings;
  auto reread = openCollecting(path, false, warnings);
  ASSERT_TRUE(reread);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].first, 2u);
  ASSERT_EQ(reread->getRecords().size(), 2u);
  EXPECT_EQ(reread->getRecords()[1].knobs.getInteger("p1"), 3);
}

TEST_F(DatabaseTest, TruncatedLastLineIsReported) {
  appendRaw(recordLine(makeRecord("aa", 1, {1e-3})) + "\n");
  std::string line = recordLine(makeRecord("aa", 2, {2e-3}));
  appendRaw(line.substr(0, line.size() - 3));
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].first, 2u);
  EXPECT_EQ(warnings[0].second.rfind("truncated: the file does not end with a "
                                     "newline",
                                     0),
            0u)
      << warnings[0].second;
  // A complete record that only lacks its newline (a file written by hand)
  // is read.
  llvm::sys::fs::remove(path);
  appendRaw(line);
  warnings.clear();
  db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(db->getRecords().size(), 1u);
}

TEST_F(DatabaseTest, ConcurrentAppendersWriteWholeLines) {
  // Several processes append records larger than a pipe or page buffer to
  // one file at once: every line must come out whole.
  constexpr int kWriters = 8, kRecords = 200;
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w) {
    pid_t pid = fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      std::string error;
      auto db = Database::open(path, /*forAppend=*/true, nullptr, error);
      if (failed(db))
        _exit(2);
      for (int i = 0; i < kRecords; ++i) {
        Record r = makeRecord("w" + std::to_string(w), i, {1e-3});
        r.message = std::string(12000 + 97 * i, 'a' + w);
        if (failed((*db)->append(r, error)))
          _exit(3);
      }
      _exit(0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  }
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  EXPECT_TRUE(warnings.empty()) << warnings.size() << " corrupt lines, first "
                                << (warnings.empty() ? 0 : warnings[0].first);
  ASSERT_EQ(db->getRecords().size(), size_t(kWriters * kRecords));
  std::map<std::string, int> perWriter;
  for (const Record &r : db->getRecords()) {
    ++perWriter[r.taskKey];
    EXPECT_EQ(r.message.size(), size_t(12000 + 97 * *r.knobs.getInteger("p1")));
  }
  for (int w = 0; w < kWriters; ++w)
    EXPECT_EQ(perWriter["w" + std::to_string(w)], kRecords);
}

#ifdef TUNER_HAVE_MALLINFO2
TEST_F(DatabaseTest, ReadingTakesLittleMemory) {
  // Records like those tuner-tune writes (~800 bytes a line): the records
  // read must take at most a few times the file's size (they took ~50x when
  // each held llvm::json objects).
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    ASSERT_FALSE(ec);
    for (int i = 0; i < 5000; ++i) {
      Record r = makeRecord(i % 7 ? "49d83a92c9364f48" : "9a07eac9c3c4c888", i,
                            {3.1e-3 + i * 1e-7, 3.2e-3, 3.3e-3});
      r.target = "#sched.target<kind = cpu, arch = \"znver4\", cores = 2, "
                 "vector_bits = 512, l1 = 32768, l2 = 1048576, l3 = 33554432>";
      r.sketch = "cpu.contraction_padded";
      for (const char *k : {"k1", "k2", "m1", "m2", "n1", "n2", "unroll"})
        r.knobs[k] = int64_t(i % 64);
      llvm::json::Object operand{{"shape", llvm::json::Array{512, 512}},
                                 {"element_type", "f32"}};
      r.workload = llvm::json::Object{
          {"name", "matmul_512x512x512"},
          {"anchor", "linalg.matmul"},
          {"flops", 268435456},
          {"loop_ranges", llvm::json::Array{512, 512, 512}},
          {"operands", llvm::json::Array{llvm::json::Object(operand),
                                         llvm::json::Object(operand),
                                         llvm::json::Object(operand)}}};
      r.buildSeconds = 0.28983677000000002;
      r.runSeconds = 0.44513581699999999;
      r.timestamp = 1795462259;
      os << recordToJSON(r) << "\n";
    }
  }
  uint64_t fileSize = 0;
  ASSERT_FALSE(llvm::sys::fs::file_size(path, fileSize));
  auto inUse = [] {
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
  };
  size_t before = inUse();
  auto db = open(/*forAppend=*/false);
  size_t after = inUse();
  ASSERT_EQ(db->getRecords().size(), 5000u);
  double ratio = double(after - before) / double(fileSize);
  EXPECT_LT(ratio, 2.0) << "records take " << (after - before) << " bytes for "
                        << fileSize << " bytes of file";
}
#endif

//===----------------------------------------------------------------------===//
// Kernel resources (issue 17): optional, round-tripped, validated.
//===----------------------------------------------------------------------===//

TEST_F(DatabaseTest, ResourcesRoundTrip) {
  Record spilled = makeRecord("aa", 1, {});
  spilled.error = MeasureError::Resources;
  spilled.message = "kernel k spills registers";
  cuda::KernelResources r;
  r.registers = 96;
  r.spillStores = 8;
  r.spillLoads = 4;
  r.sharedBytes = 8192;
  r.stackBytes = 8;
  r.threadsPerBlock = 256;
  spilled.resources = r;
  appendRaw(recordLine(spilled) + "\n");
  // A record without them (older, or built without the toolkit).
  appendRaw(recordLine(makeRecord("aa", 2, {2e-3})) + "\n");
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(db->getRecords().size(), 2u);
  const Record &first = db->getRecords()[0];
  EXPECT_EQ(first.error, MeasureError::Resources);
  ASSERT_TRUE(first.resources.has_value());
  EXPECT_EQ(*first.resources, r);
  EXPECT_FALSE(db->getRecords()[1].resources.has_value());
  EXPECT_NE(recordLine(first).find("\"error_name\":\"RESOURCES\""),
            std::string::npos)
      << recordLine(first);
}

TEST_F(DatabaseTest, SkipsMalformedResources) {
  std::string good = recordLine(makeRecord("aa", 1, {1e-3}));
  ASSERT_EQ(good.back(), '}');
  std::string base = good.substr(0, good.size() - 1);
  appendRaw(base + ",\"resources\":[1]}\n");
  appendRaw(base + ",\"resources\":{\"registers\":-3}}\n");
  appendRaw(base + ",\"resources\":{\"registers\":40}}\n");
  Warnings warnings;
  auto db = openCollecting(path, false, warnings);
  ASSERT_TRUE(db);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_NE(warnings[0].second.find("'resources' is not an object"),
            std::string::npos)
      << warnings[0].second;
  EXPECT_NE(warnings[1].second.find("'resources.registers' is not a "
                                    "non-negative integer"),
            std::string::npos)
      << warnings[1].second;
  ASSERT_EQ(db->getRecords().size(), 1u);
  ASSERT_TRUE(db->getRecords()[0].resources.has_value());
  EXPECT_EQ(db->getRecords()[0].resources->registers, 40);
}
