"""The referee layer: the replay walk, the effects of the actions, and its result."""
