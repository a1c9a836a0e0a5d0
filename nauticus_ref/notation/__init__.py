"""The notation layer: the grammar, lines into the typed record model, and back to text."""
