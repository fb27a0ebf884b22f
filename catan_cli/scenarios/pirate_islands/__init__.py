"""The Pirate Islands (seed 001; digest F.1): the pirate fleet, warships and fortresses.

- ``rules``: one unbranched route per player along its lane, warships, the fleet, fortress
  attacks, the 7 without a robber, the win condition;
- ``render``: the fleet and its path, fortresses, marked intersections and lanes;
- ``bot``: what the greedy bot knows of the route, warships and attacks.
"""
