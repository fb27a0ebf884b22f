"""Benchmarks, each ``python -m catan_cli.benchmarks.NAME``: ui (the screens), bots, copies,
greedy_speed, search_time, ssh_load, tournament and the rest; ab compares two checkouts'
engine speed game by game (the engine's own figure: python -m catan_cli.bench)."""
