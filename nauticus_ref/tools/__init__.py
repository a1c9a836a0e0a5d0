"""Tools built on the referee: the game simulator and the fuzzer."""
