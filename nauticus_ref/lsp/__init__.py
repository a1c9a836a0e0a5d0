"""The language server for NGN records (`nauticus-ref server`, the `server` extra)."""
