"""Chapter 1, The Castaways (seed 000 "Chapter 1"): :mod:`.rules` holds the whole chapter
(Barren Island's outposts, the castaways, the ore miners).  Its friend cards are the Legend's
own (:mod:`..friends`), and so are its bot and its drawing (:mod:`..bot`, :mod:`..render`),
which later chapters extend.

Nothing is imported here: the general rules import single modules of a chapter (its rules,
friends, merchants), and loading them must not load its bot or drawing (the rules library
never imports a terminal library) nor import back what is still being imported.
"""
