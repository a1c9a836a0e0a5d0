"""`nauticus-ref`, the program (and `python -m nauticus_ref`): the command line of
`cli/`, run as a process of its own.

Only the program tunes Python's garbage collector, never the library, whose callers
own their process.  By default the collector looks for reference cycles among the
objects made since its last pass after every 700 of them, and through all of them
once more at exit.  A cold `validate` of one game made 57 passes and freed 555
objects with them: what starting up makes (modules, classes, functions, lark's
tables) lives until exit.  The passes, the one at exit the largest, took about a
quarter of a cold start's time (docs/performance.md, the cold start).  So:

- a pass after every 50,000 new objects instead of 700: the memory cycles can hold
  between passes stays bounded (a few MB), and a long batch still frees its garbage;
- at exit, what is left is set aside (`gc.freeze`) instead of searched once more for
  cycles: the process ends and the system takes its memory back.  Everything that has
  to happen at exit still does: output is flushed, files closed, `atexit` handlers run.
"""

from __future__ import annotations

import gc

#: Objects made between two passes of the garbage collector (Python's default: 700).
GC_THRESHOLD = 50_000


def main() -> None:
    gc.set_threshold(GC_THRESHOLD, *gc.get_threshold()[1:])
    try:
        # imported after the collector is set: click alone makes some 13,000 objects
        from nauticus_ref.cli import entry

        entry()
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
