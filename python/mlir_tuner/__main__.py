"""python -m mlir_tuner report DB [--html OUT] [--tasks TASKS.json]
                                  [--peak-gflops X] [--bandwidth-gbs Y]

Prints the best of each task of a database; with --html, writes a
self-contained page with the plots (needs matplotlib).
"""

import argparse
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m mlir_tuner")
    sub = ap.add_subparsers(dest="command", required=True)
    rep = sub.add_parser("report", help="summarize a database")
    rep.add_argument("database")
    rep.add_argument("--html", help="write a page with the plots here")
    rep.add_argument("--tasks", help="task list JSON (weights of the tasks)")
    rep.add_argument("--peak-gflops", type=float,
                     help="FMA peak for the roofline (default: estimated)")
    rep.add_argument("--bandwidth-gbs", type=float,
                     help="memory bandwidth for the roofline (default: measured)")
    args = ap.parse_args(argv)
    from . import records
    try:
        table = records.rows(args.database)
    except OSError as e:
        sys.exit(f"error: {e}")
    if not table:
        sys.exit(f"error: {args.database} has no records")
    weights = records.weights_from_tasks(args.tasks) if args.tasks else None
    print(records.format_table(table, weights))
    if args.html:
        from . import report_page
        try:
            report_page.write(args.database, args.html, args.tasks,
                              args.peak_gflops, args.bandwidth_gbs)
        except ImportError as e:
            sys.exit(f"error: {e}")
        print(f"wrote {args.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
