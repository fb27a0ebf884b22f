"""Scenario hooks modules: behaviour that a scenario file cannot express as data."""
