"""Cloth for Catan (seed 004; digest F.4): the Forgotten Tribe's villages trade cloth.

- ``rules``: trade relations, cloth on village rolls, cloth as VP and pirate loot, the early end;
- ``render``: villages and their cloth on the map and in the tables;
- ``bot``: what the greedy bot knows of villages and cloth.
"""
