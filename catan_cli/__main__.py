"""``python -m catan_cli``: the same as the ``catan`` command."""

from .cli import main

main()
