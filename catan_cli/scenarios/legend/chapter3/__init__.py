"""Chapter 3, The Battle Against the Sea Robbers (seed 000 "Chapter 3"): :mod:`.rules` the
chapter (earned harbours, the Gold Isles, what it reads from Chapter 2), :mod:`.sea_robbers`
catapults, sea robber ships and sea battles, :mod:`.friends` the verbs of the four Chapter 3
friend cards, :mod:`.bot` what the greedy bot knows of the chapter and :mod:`.render` how the
screen draws it.

Nothing is imported here: the general rules import single modules of a chapter (its rules,
friends, merchants), and loading them must not load its bot or drawing (the rules library
never imports a terminal library) nor import back what is still being imported.
"""
