"""The base every layer stands on: places in a record (`Span`), what any layer says
about one (`findings`), and reading and writing files within limits (`files`,
`writing`, `bounded_toml`).  It imports nothing of the project above it."""
