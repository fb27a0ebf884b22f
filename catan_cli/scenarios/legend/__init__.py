"""Legend of the Sea Robbers (seed 000; digest E, F.0): a campaign of chapters.

One package for the whole legend: :mod:`.general` holds the rules every chapter shares
(friendly robber, set-up, outposts, chests, friend cards, Catan chits), :mod:`.friends`
the friend cards, one module per chapter (:mod:`.chapter1`), :mod:`.chapters` the
registry that a scenario file's ``[params] chapter`` picks from, and :mod:`.campaign` /
:mod:`.chronicle` the campaign that carries results from one chapter into the next.
"""
