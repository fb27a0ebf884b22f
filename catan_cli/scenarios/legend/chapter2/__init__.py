"""Chapter 2, The Attack (seed 000 "Chapter 2"): :mod:`.rules` the chapter (Gold Island's
outposts, what it reads from Chapter 1), :mod:`.bog_iron` the pastures' bog iron,
:mod:`.gold_field` gold miners, gold-field tokens and the gold-mining track, :mod:`.friends`
the verbs of the five Chapter 2 friend cards, :mod:`.bot` what the greedy bot knows of the
chapter and :mod:`.render` how the screen draws it.

Nothing is imported here: the general rules import single modules of a chapter (its rules,
friends, merchants), and loading them must not load its bot or drawing (the rules library
never imports a terminal library) nor import back what is still being imported.
"""
