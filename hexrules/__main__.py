"""``python -m hexrules draw FILE [-o OUT]``: the same as the ``hexrules`` console script (:mod:`hexrules.cli`)."""

import sys

from .cli import main

sys.exit(main())
