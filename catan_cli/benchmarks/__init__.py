"""Benchmarks, each ``python -m catan_cli.benchmarks.NAME``: ui (the screens), bots, copies,
greedy_speed, search_time, ssh_load, tournament and the rest; ab compares two checkouts'
engine speed game by game, positions splits the bench's time by kind of position (the
engine's own figure: python -m catan_cli.bench)."""
