"""asyncssh imports cryptography's DSA support, which cryptography 51 and later warn about on
import, on standard error, before the server's own one-line messages.  It fires whether or
not a DSA key is ever used (the host key is Ed25519), so it tells the person starting the
server nothing they can act on.  The package imports this module before any of its modules
imports asyncssh."""

import warnings

warnings.filterwarnings("ignore", message="DSA is deprecated", category=UserWarning)
