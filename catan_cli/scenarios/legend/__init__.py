"""Legend of the Sea Robbers (seed 000; digest E, F.0): a campaign of chapters.

One package for the whole legend.  At the top, what every chapter shares:

- :mod:`.rules`: ``Rules``, the class the engine loads for every ``legend-N`` scenario file;
- :mod:`.general`: the general rules (set-up, the friendly robber, outposts, chests, Catan
  chits, the ship limit), which play the chapter the file names; :mod:`.friendly_robber`, its
  lowest layer, where the friendly robber may go and whom it protects;
- :mod:`.friends`: the friend cards of every chapter, their uses and choices, and the verbs of
  Chapter 1's (each later chapter's verbs are in its ``friends``);
- :mod:`.chapter`: the :class:`~.chapter.Chapter` base a chapter overrides;
  :mod:`.chapters` the registry that a scenario file's ``[params] chapter`` picks from;
- :mod:`.campaign`, :mod:`.campaign_door` and :mod:`.chronicle`: the campaign that carries
  results from one chapter into the next, and its record sheet;
- :mod:`.bot` and :mod:`.render`: the greedy bot's strategy and the board layer, Chapter 1's
  play and drawing, which call each later chapter's own.

Then one subpackage per chapter, ``chapter1`` ... ``chapter4``, each with its ``rules``
(the :class:`~.chapter.Chapter` subclass) and the modules of what it adds: Chapter 2's
``bog_iron``, ``gold_field``, ``friends``, ``bot``, ``render``; Chapter 3's ``sea_robbers``,
``friends``, ``bot``, ``render``; Chapter 4's ``lairs``, ``merchants``, ``spices``, ``bot``,
``render``.
"""
