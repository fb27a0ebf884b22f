"""Benchmarks: python -m catan_cli.benchmarks.ui and python -m catan_cli.benchmarks.bots (engine speed: python -m catan_cli.bench)."""
