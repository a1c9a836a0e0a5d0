"""`python -m nauticus_ref.cli`: the command line, as the `nauticus-ref` program runs it."""

from nauticus_ref.__main__ import main

main()
