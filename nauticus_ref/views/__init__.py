"""The views: one module per report (validate, score, state, explain, annotate), with its formats."""
