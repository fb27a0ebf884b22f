"""Barbarian Attack (Traders & Barbarians; seed 003 read through RULES-DIGEST part D):
barbarians land on the coast after every building, knights on the paths fight them at the
end of every turn, prisoners and gold, a scenario deck resolved at once, 12 VP."""
