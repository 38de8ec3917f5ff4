//===- Database.cpp - Python bindings of the records database -------------===//
//
// mlir_tuner._native.Database: open a database file (Database.h) for
// reading, or for appending; its records as JSON objects (recordToJSON), and
// appending one given as a JSON object, checked by recordFromJSON as the
// reader checks every line. Skipped lines become Python warnings.
//
//===----------------------------------------------------------------------===//

#include "Native.h"

#include "Tuner/Tuner/Database/Database.h"

#include "llvm/Support/FormatVariadic.h"

#include <pybind11/stl.h>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::python;

namespace {
class PyDatabase {
public:
  PyDatabase(const std::string &path, bool forAppend) {
    std::string error;
    std::vector<std::string> skipped;
    FailureOr<std::unique_ptr<Database>> opened = failure();
    {
      py::gil_scoped_release release;
      opened = Database::open(
          path, forAppend,
          [&](unsigned line, StringRef message) {
            skipped.push_back(path + ":" + std::to_string(line) +
                              ": skipped: " + message.str());
          },
          error);
    }
    if (failed(opened)) {
      PyErr_SetString(PyExc_OSError,
                      ("cannot open database " + path + ": " + error).c_str());
      throw py::error_already_set();
    }
    db = std::move(*opened);
    py::object warn = py::module_::import("warnings").attr("warn");
    py::object cls =
        py::module_::import("mlir_tuner._errors").attr("MLIRWarning");
    for (const std::string &s : skipped)
      warn(s, cls, 2);
  }

  std::string getPath() const { return db->getPath().str(); }
  unsigned getNumSkipped() const { return db->getNumSkipped(); }
  size_t size() const { return db->getRecords().size(); }

  /// Every record, as the file's JSON objects (plus `line`).
  py::list getRecords() const {
    py::list out;
    for (const Record &r : db->getRecords()) {
      py::object obj =
          jsonToPython(llvm::formatv("{0}", recordToJSON(r)).str());
      obj["line"] = r.line;
      out.append(obj);
    }
    return out;
  }

  /// Appends a record given as its JSON text; ValueError when the reader
  /// would reject it, OSError when the write fails.
  void append(const std::string &json) {
    std::string error;
    FailureOr<Record> record = parseRecordLine(json, error);
    if (failed(record)) {
      PyErr_SetString(PyExc_ValueError, ("invalid record: " + error).c_str());
      throw py::error_already_set();
    }
    if (record->tool.empty())
      record->tool = getToolVersionString();
    if (record->llvm.empty())
      record->llvm = getLLVMVersionString();
    if (failed(db->append(*record, error))) {
      PyErr_SetString(PyExc_OSError,
                      ("cannot append to " + getPath() + ": " + error).c_str());
      throw py::error_already_set();
    }
  }

private:
  std::unique_ptr<Database> db;
};
} // namespace

void tuner::python::bindDatabase(py::module_ &m) {
  py::class_<PyDatabase>(m, "Database")
      .def(py::init<const std::string &, bool>(), py::arg("path"),
           py::arg("for_append"))
      .def_property_readonly("path", &PyDatabase::getPath)
      .def_property_readonly("skipped", &PyDatabase::getNumSkipped)
      .def("__len__", &PyDatabase::size)
      .def("records", &PyDatabase::getRecords)
      .def("append", &PyDatabase::append, py::arg("json"));
}
