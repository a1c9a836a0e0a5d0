"""`python -m nauticus_ref.cli`: the `nauticus-ref` program, as `python -m nauticus_ref`
runs it (nauticus_ref/__main__.py, which sits above this package and tunes the
collector before the commands are imported)."""

import runpy

runpy.run_module("nauticus_ref", run_name="__main__", alter_sys=True)
