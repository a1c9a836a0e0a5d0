"""The game layer: the board as data, the table state, and final scoring."""
