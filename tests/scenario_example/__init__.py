"""A scenario package that lives outside catan_cli: the tests add scenarios this way."""
