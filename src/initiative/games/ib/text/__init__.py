"""Initiative Break in words, front-end neutral, over one seat's view and the public
Match: `describe` (actions, clauses, cards, attacks, the decision, the log, the result),
`details` (the full entry of every unit and card a seat sees) and `guide` (How to play,
topic by topic). The terminal and the web table both word the game with these; nothing
here imports rich, a front end, a bot or the store.
"""
