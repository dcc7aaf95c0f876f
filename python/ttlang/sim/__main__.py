"""``python -m ttlang.sim script.py [args...]``: the same as ``ttlang-sim``."""

import sys

from ttlang.sim import main

sys.exit(main())
