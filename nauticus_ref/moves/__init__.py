"""What was possible: the legal moves at a point of a record.

The moves are found by the rules themselves: each candidate is played on a copy of
the table the replay reached, with the same effects and the same predicates that judge
a written move, and kept if no rule finds an error.  So a listed move is legal by the
referee's own verdict, and a legal move the candidates cover is listed.
"""
