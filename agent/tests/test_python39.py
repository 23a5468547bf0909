"""The agent installs on the VM's Python, which may be 3.9: its code must not need anything newer."""

from __future__ import annotations

import ast
import os
import unittest

from .support import AGENT_DIR

# Standard library names added after Python 3.9 that are easy to reach for.
NEWER = {"TypeAlias", "ParamSpec", "Self", "TypeGuard", "tomllib", "UTC", "StrEnum", "pairwise", "batched"}


def sources():
    for folder in ("carteira_rv_agent", "tests"):
        for root, _, files in os.walk(os.path.join(AGENT_DIR, folder)):
            for name in files:
                if name.endswith(".py"):
                    yield os.path.join(root, name)


class Python39Test(unittest.TestCase):
    def test_every_module_parses_as_python_3_9(self) -> None:
        for path in sources():
            with open(path, encoding="utf-8") as src:
                tree = ast.parse(src.read(), path, feature_version=(3, 9))
            with self.subTest(path=os.path.relpath(path, AGENT_DIR)):
                names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
                names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
                names |= {a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names}
                self.assertEqual(names & NEWER, set())
                calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)]
                self.assertFalse(any(k.arg in ("strict", "kw_only", "slots") for c in calls for k in c.keywords))

    def test_annotations_are_never_evaluated_at_run_time(self) -> None:
        """`X | None` in an annotation is fine on 3.9 only under `from __future__ import annotations`."""
        for path in sources():
            with open(path, encoding="utf-8") as src:
                text = src.read()
            tree = ast.parse(text)
            annotated = any(
                isinstance(n, ast.AnnAssign)
                or (isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.returns is not None)
                or (isinstance(n, ast.arg) and n.annotation is not None)
                for n in ast.walk(tree)
            )
            if annotated:
                with self.subTest(path=os.path.relpath(path, AGENT_DIR)):
                    self.assertIn("from __future__ import annotations", text)
