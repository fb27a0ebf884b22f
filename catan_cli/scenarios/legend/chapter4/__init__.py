"""Chapter 4, The Spice Islands (seed 000 "Chapter 4"): :mod:`.rules` the chapter (exploring
the face-down areas and its rewards, Captain Whitebeard, what it reads from Chapter 3),
:mod:`.lairs` the sea robber lairs, :mod:`.merchants` merchants and trade options,
:mod:`.spices` the spice cards, :mod:`.bot` what the greedy bot knows of the chapter and
:mod:`.render` how the screen draws it.

Nothing is imported here: the general rules import single modules of a chapter (its rules,
friends, merchants), and loading them must not load its bot or drawing (the rules library
never imports a terminal library) nor import back what is still being imported.
"""
