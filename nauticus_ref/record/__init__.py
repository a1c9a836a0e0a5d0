"""The recorder for the table: `nauticus-ref record` (docs/record.md)."""
