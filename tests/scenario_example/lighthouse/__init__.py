"""Lighthouses: the tests' example of a scenario package outside catan_cli."""
