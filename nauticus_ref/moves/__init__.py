"""What was possible: the legal moves at a point of a record.

Phase lines are few: each candidate is played on a copy of the table with the referee's
own effects and predicates, and kept if no rule finds an error (phases.py).  Turns are
many (a purchase with its destinations, rewards and the Extra Action can run to
hundreds of thousands), so they are generated: where a tile can go is asked of the
placing rules' predicates, and prices, workers, the golden rule, the free tile and the
rewards are worked out as the referee works them out (placing.py).  Tests hold the two
together: every written turn of the examples, the rule fixtures and 200 simulated
games is found among the options, and options written in place validate.
"""
