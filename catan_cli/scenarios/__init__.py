"""Scenario packages: one package per scenario (or family of scenarios), each holding
everything its scenario adds to the general rules.  See README.md in this folder."""
