"""Executes notebooks top to bottom (nbclient, the kernel of this interpreter) and fails on
the first cell that raises: CI runs the tour this way so that it never goes stale.

    python docs/notebooks/run.py docs/notebooks/tour.ipynb [--write]

Cells run in the repository's root (the notebooks load `rulesets/...`); `--write` saves the
outputs into the notebook.
"""

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]


def main(args):
    write = "--write" in args
    paths = [a for a in args if a != "--write"]
    if not paths:
        print(__doc__, file=sys.stderr)
        return 2
    for p in paths:
        nb = nbformat.read(p, as_version=4)
        client = NotebookClient(
            nb, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
        )
        client.execute()
        print(f"{p}: {len(nb.cells)} cells ran")
        if write:
            nbformat.write(nb, p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
