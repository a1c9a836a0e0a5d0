"""A league's settings (`[tool.nauticus-ref]` or `.nauticus-ref.toml`): found upward from
each record and validated (`finder`, `model`).  They belong to the programs, the command
line and the language server, which apply them to what the referee found."""
